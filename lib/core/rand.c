/* The tables of bg_rand_below8 and bg_mod (core/rules.h), written out by
 * the preprocessor. */
#include "core/rules.h"

/* Entry r holds r % n in bits 4 (n - 1) up, n from 1 to 8. */
#define MODS(r) \
	((uint32_t)((r) % 2) << 4 | (uint32_t)((r) % 3) << 8 | \
	 (uint32_t)((r) % 4) << 12 | (uint32_t)((r) % 5) << 16 | \
	 (uint32_t)((r) % 6) << 20 | (uint32_t)((r) % 7) << 24 | \
	 (uint32_t)((r) % 8) << 28)
#define MODS10(r) MODS(r), MODS((r) + 1), MODS((r) + 2), MODS((r) + 3), \
	MODS((r) + 4), MODS((r) + 5), MODS((r) + 6), MODS((r) + 7), \
	MODS((r) + 8), MODS((r) + 9)
#define MODS100(r) MODS10(r), MODS10((r) + 10), MODS10((r) + 20), \
	MODS10((r) + 30), MODS10((r) + 40), MODS10((r) + 50), \
	MODS10((r) + 60), MODS10((r) + 70), MODS10((r) + 80), \
	MODS10((r) + 90)

const uint32_t bg_mod840[840] = {
	MODS100(0),   MODS100(100), MODS100(200), MODS100(300),
	MODS100(400), MODS100(500), MODS100(600), MODS100(700),
	MODS10(800),  MODS10(810),  MODS10(820),  MODS10(830),
};

/* Entry n holds 2^64 / n rounded down: 2^64 - 1 over n, and one more where
 * n divides 2^64 (a power of two); for 1, the most bits; 0 unused. */
#define RECIPROCAL(n) \
	((n) < 2 ? ((n) ? UINT64_MAX : 0) : \
		   UINT64_MAX / ((n) < 2 ? 1 : (n)) + \
			   (UINT64_MAX % ((n) < 2 ? 1 : (n)) == (n) - 1))
#define RECIPROCALS8(n) RECIPROCAL(n), RECIPROCAL((n) + 1), \
	RECIPROCAL((n) + 2), RECIPROCAL((n) + 3), RECIPROCAL((n) + 4), \
	RECIPROCAL((n) + 5), RECIPROCAL((n) + 6), RECIPROCAL((n) + 7)
#define RECIPROCALS64(n) RECIPROCALS8(n), RECIPROCALS8((n) + 8), \
	RECIPROCALS8((n) + 16), RECIPROCALS8((n) + 24), \
	RECIPROCALS8((n) + 32), RECIPROCALS8((n) + 40), \
	RECIPROCALS8((n) + 48), RECIPROCALS8((n) + 56)

const uint64_t bg_reciprocals[BG_RECIPROCALS] = {
	RECIPROCALS64(0), RECIPROCALS64(64), RECIPROCALS64(128),
	RECIPROCALS64(192),
};
_Static_assert(BG_RECIPROCALS == 256, "the table's entries");
