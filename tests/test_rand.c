/*
 * The draws behind every random move and batch action (lib/core/rules.h):
 * bg_mod, which takes a remainder by a multiply for small divisors, and
 * bg_rand_below8, by a table, must give the division's remainder to the
 * bit, or a seed would give other games than it gave before. Internal
 * helpers: this suite is built with lib/core/rand.c, where their tables
 * are, and checks them against the `%` operator.
 */
#include <check.h>
#include <stdint.h>

#include "core/rules.h"
#include "testutil.h"

/* Draws from a fixed seed for the numerators that are not edges. */
#define DRAWS 1000

/* The numerators where a multiply's remainder could miss by one: the
 * ends of the range, the multiples of n and their neighbours (the
 * remainder's jumps), and the largest multiple below 2^64. */
static void check_edges(uint64_t n)
{
	const uint64_t fixed[] = {0, 1, 2, UINT64_MAX, UINT64_MAX - 1,
				  (uint64_t)1 << 63, ((uint64_t)1 << 63) - 1,
				  ((uint64_t)1 << 63) + 1, (uint64_t)1 << 32,
				  ((uint64_t)1 << 32) - 1};
	uint64_t top = UINT64_MAX / n * n;

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++)
		ck_assert_uint_eq(bg_mod(fixed[i], n), fixed[i] % n);
	for (uint64_t k = 0; k < 3; k++) {
		uint64_t m[] = {k * n, top - k * n};

		for (int j = 0; j < 2; j++) {
			ck_assert_uint_eq(bg_mod(m[j], n), m[j] % n);
			ck_assert_uint_eq(bg_mod(m[j] + n - 1, n),
					  (m[j] + n - 1) % n);
			if (m[j])
				ck_assert_uint_eq(bg_mod(m[j] - 1, n),
						  (m[j] - 1) % n);
		}
	}
}

START_TEST(mod_by_reciprocals)
{
	uint64_t state = 12345;

	/* Every divisor of the table, and the first ones past it (the
	 * division's own path). */
	for (uint64_t n = 1; n < BG_RECIPROCALS + 8; n++) {
		check_edges(n);
		for (int i = 0; i < DRAWS; i++) {
			uint64_t x = bg_rand(&state);

			ck_assert_uint_eq(bg_mod(x, n), x % n);
		}
	}
	/* Large lists (a mill or halma position), and a divisor of 2^64. */
	check_edges(430000);
	check_edges((uint64_t)1 << 40);
}
END_TEST

START_TEST(rand_below_follows_the_generator)
{
	uint64_t a = 99, b = 99;

	/* The same draw as bg_rand() % n, and the same state after. */
	for (uint64_t n = 1; n < 600; n++) {
		uint64_t want = bg_rand(&b) % n;

		ck_assert_uint_eq(bg_rand_below(&a, n), want);
		ck_assert_uint_eq(a, b);
	}
}
END_TEST

START_TEST(below8_by_table)
{
	uint64_t a = 7, b = 7;

	for (int i = 0; i < DRAWS; i++)
		for (uint32_t n = 1; n <= 8; n++) {
			uint64_t want = bg_rand(&b) % n;

			ck_assert_uint_eq(bg_rand_below8(&a, n), want);
		}
}
END_TEST

static Suite *rand_suite(void)
{
	Suite *s = suite_create("rand");
	TCase *tc = tcase_create("draws");

	tcase_add_test(tc, mod_by_reciprocals);
	tcase_add_test(tc, rand_below_follows_the_generator);
	tcase_add_test(tc, below8_by_table);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(rand_suite());
}
