/*
 * The thread contract: several threads play random games at the same time,
 * each on its own handles, and get exactly what one thread gets alone.
 * Built into the ThreadSanitizer run of .ci/run as well.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define THREADS 4
#define GAMES 3
#define MAX_PLIES 400

typedef struct job {
	size_t game;      /* catalogue index */
	uint64_t seed;
	uint64_t digest;  /* hashes of every position, folded */
	int failed;
	char error[256];
} job;

static uint64_t next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Random games on one handle; also checks that a bad call's message stays
 * with this thread. */
static void *run(void *arg)
{
	job *j = arg;
	uint64_t s = j->seed;
	bg_game *g, *bad;
	bg_move *buf;
	size_t n;
	int status;

	if (bg_game_new(&g, bg_catalog_name(j->game)) != BG_OK) {
		j->failed = 1;
		snprintf(j->error, sizeof(j->error), "new: %s", bg_last_error());
		return NULL;
	}
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	for (int k = 0; k < GAMES; k++) {
		for (int ply = 0; ply < MAX_PLIES; ply++) {
			bg_outcome(g, &status, NULL, NULL);
			bg_legal_moves(g, buf, bg_max_moves(g), &n);
			if (status != BG_ONGOING || n == 0)
				break;
			bg_play(g, &buf[next(&s) % n]);
			j->digest = j->digest * 31 + bg_hash(g);
			if (ply % 50 == 0 &&
			    bg_game_new(&bad, "no-such-game") == BG_ENOGAME &&
			    !strstr(bg_last_error(), "no-such-game")) {
				j->failed = 1;
				snprintf(j->error, sizeof(j->error),
					 "message of another thread: %s",
					 bg_last_error());
			}
		}
		while (bg_undo(g) == BG_OK)
			;
	}
	free(buf);
	bg_game_free(g);
	return NULL;
}

START_TEST(test_threads_agree_with_one_thread)
{
	size_t ngames = bg_catalog_count();
	job alone[THREADS], together[THREADS];
	pthread_t tid[THREADS];

	for (int i = 0; i < THREADS; i++) {
		memset(&alone[i], 0, sizeof(alone[i]));
		alone[i].game = ((size_t)_i * THREADS + (size_t)i) % ngames;
		alone[i].seed = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1 + _i);
		together[i] = alone[i];
		run(&alone[i]);
	}
	for (int i = 0; i < THREADS; i++)
		ck_assert_int_eq(pthread_create(&tid[i], NULL, run, &together[i]), 0);
	for (int i = 0; i < THREADS; i++)
		ck_assert_int_eq(pthread_join(tid[i], NULL), 0);
	for (int i = 0; i < THREADS; i++) {
		ck_assert_msg(!together[i].failed, "%s: %s",
			      bg_catalog_name(together[i].game), together[i].error);
		ck_assert_msg(alone[i].digest == together[i].digest,
			      "%s plays differently in a thread",
			      bg_catalog_name(alone[i].game));
	}
}
END_TEST

int main(void)
{
	Suite *s = suite_create("threads");
	TCase *tc = tcase_create("threads");

	/* Each loop iteration puts a different mix of games in the threads. */
	tcase_add_loop_test(tc, test_threads_agree_with_one_thread, 0,
			    (int)((bg_catalog_count() + THREADS - 1) / THREADS));
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
