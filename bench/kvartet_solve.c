/*
 * Solve Kvartet (Teeko: the 44 goals of "Standard Teeko") by retrograde
 * analysis, and check the published result that it is a draw (G. L. Steele
 * Jr., "Summary of the solving of the game of Teeko", 1999).
 *
 *   kvartet_solve [--validate N]
 *
 * 1. A compact model of the rules is checked against the library on N
 *    random games (default 200): legal moves and outcomes at every ply.
 * 2. The movement phase, C(25,4) * C(21,4) = 75,710,250 states seen from
 *    the side to move, is solved by retrograde analysis: one byte per
 *    state (the count of successors not yet known to be won for the
 *    opponent, or the value) and two bitsets for the current and the next
 *    layer of decided states. Positions never decided are draws: either
 *    side can avoid losing forever, and repetition ends such play drawn.
 * 3. The drop phase, plies 0..7, is solved layer by layer from the top.
 *
 * Prints the value of the start, the counts, the longest forced win, the
 * time and the peak memory (ru_maxrss). This is a benchmark, not a test:
 * it takes tens of seconds and about 110 MB.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifndef _WIN32
#include <sys/resource.h> /* getrusage: the peak memory */
#endif
#include <time.h>

#include <boardgames/boardgames.h>

#define CELLS 25
#define FULL ((1u << CELLS) - 1)
#define NGOALS 44
#define NP 12650u /* C(25, 4) */
#define NO 5985u  /* C(21, 4) */
#define NSTATES ((size_t)NP * NO)

enum { V_WIN = 0xfe, V_LOSS = 0xff, V_INVALID = 0xfd, V_DRAW = 0 };

static uint32_t goal[NGOALS];
static uint32_t nbmask[CELLS];
static uint32_t binom[CELLS + 1][5];

/* ---- The model ------------------------------------------------------------ */

static void model_init(void)
{
	static const int dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
	int k = 0;

	for (int d = 0; d < 4; d++)
		for (int y = 0; y < 5; y++)
			for (int x = 0; x < 5; x++) {
				int x3 = x + 3 * dir[d][0], y3 = y + 3 * dir[d][1];
				uint32_t m = 0;

				if (x3 < 0 || x3 > 4 || y3 < 0 || y3 > 4)
					continue;
				for (int i = 0; i < 4; i++)
					m |= 1u << (5 * (y + i * dir[d][1]) +
						    x + i * dir[d][0]);
				goal[k++] = m;
			}
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			goal[k++] = 3u << (5 * y + x) | 3u << (5 * (y + 1) + x);
	if (k != NGOALS) {
		fprintf(stderr, "%d goals, not 44\n", k);
		exit(1);
	}
	for (int p = 0; p < CELLS; p++)
		for (int dy = -1; dy <= 1; dy++)
			for (int dx = -1; dx <= 1; dx++) {
				int x = p % 5 + dx, y = p / 5 + dy;

				if ((dx || dy) && x >= 0 && x < 5 && y >= 0 && y < 5)
					nbmask[p] |= 1u << (5 * y + x);
			}
	for (int n = 0; n <= CELLS; n++) {
		binom[n][0] = 1;
		for (int k2 = 1; k2 <= 4; k2++)
			binom[n][k2] = n ? binom[n - 1][k2 - 1] + binom[n - 1][k2] : 0;
	}
}

static int has_goal(uint32_t own)
{
	if (__builtin_popcount(own) < 4)
		return 0;
	for (int i = 0; i < NGOALS; i++)
		if ((own & goal[i]) == goal[i])
			return 1;
	return 0;
}

static int count_steps(uint32_t own, uint32_t other)
{
	uint32_t empty = ~(own | other) & FULL;
	int n = 0;

	for (uint32_t b = own; b; b &= b - 1)
		n += __builtin_popcount(nbmask[__builtin_ctz(b)] & empty);
	return n;
}

/* ---- Indexing ------------------------------------------------------------- */

/* Rank of a set among the sets of its size (combinatorial numbers). */
static uint32_t rank_set(uint32_t m)
{
	uint32_t r = 0;
	int i = 1;

	for (; m; m &= m - 1)
		r += binom[__builtin_ctz(m)][i++];
	return r;
}

/* m with the cells of `gone` squeezed out. */
static uint32_t squeeze(uint32_t m, uint32_t gone)
{
	uint32_t out = 0;

	for (; m; m &= m - 1) {
		int c = __builtin_ctz(m);

		out |= 1u << (c - __builtin_popcount(gone & ((1u << c) - 1)));
	}
	return out;
}

/* The inverse of squeeze: bit i of m goes to the i-th cell not in gone. */
static uint32_t expand(uint32_t m, uint32_t gone)
{
	uint32_t out = 0, free_ = ~gone & FULL;

	for (int i = 0; free_; free_ &= free_ - 1, i++)
		if (m & (1u << i))
			out |= free_ & -free_;
	return out;
}

/* A movement state: p to move, o the opponent. */
static size_t midx(uint32_t p, uint32_t o)
{
	return (size_t)rank_set(p) * NO + rank_set(squeeze(o, p));
}

/* All k-sets of n cells, in rank order (the order Gosper's hack gives). */
static uint32_t *all_sets(int n, int k, size_t *count)
{
	uint32_t *v = malloc(binom[n][k] * sizeof(*v));
	size_t c = 0;

	if (!v)
		exit(2);
	if (k == 0) {
		v[c++] = 0;
	} else {
		for (uint32_t m = (1u << k) - 1; m < (1u << n);) {
			uint32_t t = m | (m - 1);

			v[c++] = m;
			m = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(m) + 1));
		}
	}
	*count = c;
	return v;
}

/* ---- Validation against the library -------------------------------------- */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static int validate(int games)
{
	bg_move moves[64];
	long positions = 0;

	for (int k = 0; k < games; k++) {
		bg_game *g = NULL;
		uint32_t occ[2] = { 0, 0 };

		if (bg_game_new(&g, "kvartet") != BG_OK)
			return 1;
		for (int ply = 0; ply < 400; ply++) {
			int stm = bg_to_move(g), status, winner, want;
			size_t n;

			bg_outcome(g, &status, &winner, NULL);
			want = has_goal(occ[!stm]);
			if ((status == BG_WIN) != want ||
			    (want && winner != !stm)) {
				fprintf(stderr, "game %d ply %d: outcome %d\n", k,
					ply, status);
				return 1;
			}
			if (status != BG_ONGOING)
				break;
			bg_legal_moves(g, moves, 64, &n);
			if (__builtin_popcount(occ[stm]) < 4)
				want = CELLS - __builtin_popcount(occ[0] | occ[1]);
			else
				want = count_steps(occ[stm], occ[!stm]);
			if ((int)n != want) {
				fprintf(stderr, "game %d ply %d: %zu moves, model %d\n",
					k, ply, n, want);
				return 1;
			}
			positions++;
			bg_move m = moves[rnd((uint32_t)n)];

			for (int i = 0; i < m.npath; i++) {
				int x, y;

				bg_point_coords(g, m.pts[i], &x, &y);
				occ[stm] ^= 1u << (5 * y + x);
			}
			bg_play(g, &m);
		}
		bg_game_free(g);
	}
	printf("model agrees with the library: %d games, %ld positions\n",
	       games, positions);
	return 0;
}

/* ---- The movement phase --------------------------------------------------- */

static uint8_t *val;
static uint64_t *cur, *next;

static void mark(uint64_t *bs, size_t i)
{
	bs[i >> 6] |= 1ull << (i & 63);
}

static void init_states(const uint32_t *psets, const uint32_t *osets)
{
	for (uint32_t a = 0; a < NP; a++) {
		uint32_t p = psets[a];

		for (uint32_t b = 0; b < NO; b++) {
			uint32_t o = expand(osets[b], p);
			size_t i = (size_t)a * NO + b;
			int n;

			if (has_goal(p)) {
				val[i] = V_INVALID; /* the game ended before */
			} else if (has_goal(o)) {
				val[i] = V_LOSS;
				mark(cur, i);
			} else {
				n = count_steps(p, o);
				val[i] = (uint8_t)(n ? n : 1); /* a pass */
			}
		}
	}
}

/* The predecessors of state (p to move, o): o steps back from r to q, or
 * o passed. Applies the value of the state to them. */
static long relax(uint32_t p, uint32_t o, int lost)
{
	uint32_t empty = ~(p | o) & FULL;
	long decided = 0;

	for (uint32_t b = o; b; b &= b - 1) {
		int r = __builtin_ctz(b);

		for (uint32_t e = nbmask[r] & empty; e; e &= e - 1) {
			uint32_t prev = o ^ (1u << r) ^ (e & -e);
			size_t j = midx(prev, p);

			if (val[j] > 32 || val[j] == 0)
				continue;
			if (lost) {
				val[j] = V_WIN;
				mark(next, j);
				decided++;
			} else if (--val[j] == 0) {
				val[j] = V_LOSS;
				mark(next, j);
				decided++;
			}
		}
	}
	if (count_steps(o, p) == 0) {
		size_t j = midx(o, p);

		if (val[j] >= 1 && val[j] <= 32) {
			if (lost || --val[j] == 0) {
				val[j] = lost ? V_WIN : V_LOSS;
				mark(next, j);
				decided++;
			}
		}
	}
	return decided;
}

static int solve_movement(const uint32_t *psets, const uint32_t *osets)
{
	size_t words = (NSTATES + 63) / 64;
	int layer = 0;

	for (;; layer++) {
		long decided = 0;

		memset(next, 0, words * sizeof(*next));
		for (size_t w = 0; w < words; w++)
			for (uint64_t bits = cur[w]; bits; bits &= bits - 1) {
				size_t i = w * 64 + (size_t)__builtin_ctzll(bits);
				uint32_t p = psets[i / NO];
				uint32_t o = expand(osets[i % NO], p);

				decided += relax(p, o, val[i] == V_LOSS);
			}
		if (!decided)
			break;
		uint64_t *t = cur;

		cur = next;
		next = t;
	}
	/* Undecided states are draws. */
	for (size_t i = 0; i < NSTATES; i++)
		if (val[i] <= 32)
			val[i] = V_DRAW;
	return layer;
}

/* ---- The drop phase ------------------------------------------------------- */

/* Value for the side to move: 1 win, 2 loss, 0 draw. */
typedef struct layer {
	int a, b;      /* pieces of the side to move and of the other */
	uint8_t *v;
} layer;

static size_t lidx(uint32_t own, uint32_t other)
{
	return (size_t)rank_set(own) *
		       binom[CELLS - __builtin_popcount(own)]
			    [__builtin_popcount(other)] +
	       rank_set(squeeze(other, own));
}

/* Value of the state after the side to move drops on c. */
static int after_drop(const layer *up, uint32_t own, uint32_t other, int c)
{
	uint32_t mine = own | 1u << c;
	int v;

	if (has_goal(mine))
		return 1;
	if (!up) { /* the eighth drop: the movement phase begins */
		v = val[midx(other, mine)];
		return v == V_LOSS ? 1 : v == V_WIN ? 2 : 0;
	}
	v = up->v[lidx(other, mine)];
	return v == 2 ? 1 : v == 1 ? 2 : 0;
}

/* Plies k = 7 down to 0: the side to move has a = ceil(k/2)... seen from
 * the side to move: White moves at even k with k/2 pieces each. */
static int solve_drops(long counts[8][3])
{
	layer lay[9];

	memset(lay, 0, sizeof(lay));
	for (int k = 7; k >= 0; k--) {
		layer *L = &lay[k];
		const layer *up = k == 7 ? NULL : &lay[k + 1];
		size_t na, nb;
		uint32_t *as, *bs;

		L->a = k / 2;         /* the side to move (White if k even) */
		L->b = (k + 1) / 2;   /* the side that just dropped */
		as = all_sets(CELLS, L->a, &na);
		bs = all_sets(CELLS - L->a, L->b, &nb);
		L->v = calloc(na * nb, 1);
		if (!L->v)
			exit(2);
		for (size_t i = 0; i < na; i++)
			for (size_t j = 0; j < nb; j++) {
				uint32_t own = as[i], other = expand(bs[j], own);
				uint32_t empty = ~(own | other) & FULL;
				int best = 2;

				if (has_goal(other)) {
					best = 2;
				} else {
					for (; empty && best != 1; empty &= empty - 1) {
						int v = after_drop(up, own, other,
								   __builtin_ctz(empty));

						if (v == 1 || (v == 0 && best == 2))
							best = v;
					}
				}
				L->v[i * nb + j] = (uint8_t)best;
				counts[k][best == 1 ? 0 : best == 2 ? 1 : 2]++;
			}
		free(as);
		free(bs);
		if (up)
			free(up->v);
	}
	int start = lay[0].v[0];

	free(lay[0].v);
	return start;
}

static const char usage_text[] =
	"usage: kvartet_solve [--validate N]\n"
	"Solve Kvartet (Teeko) and check that it is a draw; --validate N checks\n"
	"the solver's model of the rules on N random games first (default 200).\n";

/* "kvartet_solve: ARG: WHY", then the usage; status 2. */
static int usage(const char *arg, const char *why)
{
	fprintf(stderr, "kvartet_solve: %s: %s\n", arg, why);
	fputs(usage_text, stderr);
	return 2;
}

/* -1 to go on, or the exit status. */
static int parse_args(int argc, char **argv, int *games)
{
	for (int i = 1; i < argc; i++) {
		char *end;
		long v;

		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage_text, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--validate"))
			return usage(argv[i], argv[i][0] == '-' ?
				     "unknown option" : "no arguments but options");
		if (++i == argc)
			return usage("--validate", "needs a number of games");
		v = strtol(argv[i], &end, 10);
		if (end == argv[i] || *end || v < 0 || v > 1000000)
			return usage(argv[i], "the games of --validate are a "
				     "number in 0..1000000");
		*games = (int)v;
	}
	return -1;
}

int main(int argc, char **argv)
{
	int games = 200, layers, start;
	size_t np, no, words = (NSTATES + 63) / 64;
	uint32_t *psets, *osets;
	long wins = 0, losses = 0, draws = 0, counts[8][3] = { { 0 } };
	clock_t t0 = clock();

	int rc = parse_args(argc, argv, &games);

	if (rc >= 0)
		return rc;
	model_init();
	if (validate(games))
		return 1;
	psets = all_sets(CELLS, 4, &np);
	osets = all_sets(CELLS - 4, 4, &no);
	val = malloc(NSTATES);
	cur = calloc(words, sizeof(*cur));
	next = calloc(words, sizeof(*next));
	if (!val || !cur || !next || np != NP || no != NO)
		return 2;
	init_states(psets, osets);
	layers = solve_movement(psets, osets);
	for (size_t i = 0; i < NSTATES; i++) {
		wins += val[i] == V_WIN;
		losses += val[i] == V_LOSS;
		draws += val[i] == V_DRAW;
	}
	printf("movement phase: %zu states: %ld won, %ld lost, %ld drawn for "
	       "the side to move, %zu unreachable; longest forced win %d "
	       "plies\n", NSTATES, wins, losses, draws,
	       NSTATES - (size_t)(wins + losses + draws), layers);
	free(cur);
	free(next);
	start = solve_drops(counts);
	for (int k = 0; k < 8; k++)
		printf("drop ply %d: %ld won, %ld lost, %ld drawn\n", k,
		       counts[k][0], counts[k][1], counts[k][2]);
	printf("start: %s\n", start == 1 ? "first player wins" :
			      start == 2 ? "second player wins" : "draw");
	printf("time %.1f s", (double)(clock() - t0) / CLOCKS_PER_SEC);
#ifndef _WIN32
	{
		struct rusage ru;

		getrusage(RUSAGE_SELF, &ru);
		printf(", peak memory %ld MB", ru.ru_maxrss / 1024);
	}
#endif
	putchar('\n');
	free(val);
	free(psets);
	free(osets);
	return start == 0 ? 0 : 3;
}
