/*
 * Wolf and Sheep through the public API. Figures come from
 * doc/games/wolf-sheep.md or are worked out by hand beside the
 * test; the game is solved here by retrograde analysis over a compact model
 * that is checked against the library move for move.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

/* ---- Board ---------------------------------------------------------------- */

START_TEST(test_board)
{
	bg_game *g = new_game("wolf-sheep");
	int w, h, x, y, p;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_LINES);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert(w == 8 && h == 8);
	ck_assert_uint_eq(bg_point_count(g), 32);
	/* The dark squares: (file + rank) even with a = 1, so a1 but not b1. */
	for (p = 0; p < 32; p++) {
		ck_assert_int_eq(bg_point_coords(g, p, &x, &y), BG_OK);
		ck_assert_int_eq((x + y) % 2, 0);
	}
	ck_assert_int_eq(bg_point_find(g, "b1", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "h9", &p), BG_EPARSE);
	/* 13 diagonal lines, all solid, 49 edges. */
	ck_assert_uint_eq(bg_line_count(g), 13);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_SOLID), 49);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_DASHED), 0);
	/* Degrees: corners 1, edges 2, inside 4. */
	ck_assert_int_eq(degree(g, point(g, "a1"), -1), 1);
	ck_assert_int_eq(degree(g, point(g, "h8"), -1), 1);
	ck_assert_int_eq(degree(g, point(g, "c1"), -1), 2);
	ck_assert_int_eq(degree(g, point(g, "d8"), -1), 2);
	ck_assert_int_eq(degree(g, point(g, "a5"), -1), 2);
	ck_assert_int_eq(degree(g, point(g, "d4"), -1), 4);
	/* Every line runs diagonally between neighbouring points. */
	for (size_t i = 0; i < bg_line_count(g); i++) {
		size_t n;
		int style, a, b, xa, ya, xb, yb;

		bg_line_info(g, i, &style, &n);
		for (size_t k = 1; k < n; k++) {
			bg_line_point(g, i, k - 1, &a);
			bg_line_point(g, i, k, &b);
			bg_point_coords(g, a, &xa, &ya);
			bg_point_coords(g, b, &xb, &yb);
			ck_assert(abs(xa - xb) == 1 && abs(ya - yb) == 1);
		}
	}
	/* Marks: the sheep's four circles and the wolf's start. */
	ck_assert_int_eq(bg_point_marks(g, point(g, "a1")), BG_MARK_HOME1);
	ck_assert_int_eq(bg_point_marks(g, point(g, "g1")), BG_MARK_HOME1);
	ck_assert_int_eq(bg_point_marks(g, point(g, "d8")), BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_marks(g, point(g, "b8")), 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_catalog)
{
	bg_game *g = new_game("volk-ovtsy");

	ck_assert_str_eq(bg_game_name(g), "wolf-sheep");
	ck_assert_str_eq(bg_seat_name(g, 0), "Wolf");
	ck_assert_str_eq(bg_seat_name(g, 1), "Sheep");
	bg_game_free(g);
	ck_assert_int_eq(bg_game_new(&g, "wolf-sheep:wolf=a8"), BG_EOPTION);
	ck_assert_int_eq(bg_game_new(&g, "wolf-sheep:wolf=c7"), BG_EOPTION);
	ck_assert_int_eq(bg_game_new(&g, "wolf-sheep:repetition=4"),
			 BG_EOPTION);
	g = new_game("wolf-sheep:wolf=d8,repetition=3,max_plies=0");
	ck_assert_str_eq(bg_game_spec(g), "wolf-sheep");
	bg_game_free(g);
}
END_TEST

/* ---- Set-up and moves ----------------------------------------------------- */

START_TEST(test_start)
{
	static const char *const starts[4][2] = {
		{ "b8", "b8-a7 b8-c7" },
		{ "d8", "d8-c7 d8-e7" },
		{ "f8", "f8-e7 f8-g7" },
		{ "h8", "h8-g7" },
	};
	char spec[64];

	for (int i = 0; i < 4; i++) {
		bg_game *g;
		int seat, kind;

		snprintf(spec, sizeof(spec), "wolf-sheep:wolf=%s", starts[i][0]);
		g = new_game(spec);
		/* The wolf moves first. */
		ck_assert_int_eq(bg_to_move(g), 0);
		bg_point_piece(g, point(g, starts[i][0]), &seat, &kind);
		ck_assert(seat == 0 && kind == BG_PIECE_KING);
		bg_point_piece(g, point(g, "e1"), &seat, &kind);
		ck_assert(seat == 1 && kind == BG_PIECE_MAN);
		ck_assert_str_eq(list_moves(g), starts[i][1]);
		bg_game_free(g);
	}
}
END_TEST

START_TEST(test_perft)
{
	bg_game *g = new_game("wolf-sheep");

	/* Wolf d8: c7, e7. Sheep a1: b2; c1: b2 d2; e1: d2 f2; g1: f2 h2,
	 * 7. The wolf on c7 or e7 has all four neighbours free: 2*7*4. */
	ck_assert_uint_eq(perft(g, 1), 2);
	ck_assert_uint_eq(perft(g, 2), 14);
	ck_assert_uint_eq(perft(g, 3), 56);
	bg_game_free(g);
	g = new_game("wolf-sheep:wolf=h8");
	/* h8: g7 only; then 7; from g7 f8 h8 f6 h6. */
	ck_assert_uint_eq(perft(g, 3), 28);
	bg_game_free(g);
}
END_TEST

START_TEST(test_steps)
{
	/* Wolf d4 in the middle; sheep c3 (blocks one diagonal), a1, b6, h2. */
	bg_game *g = from_pos("wolf-sheep ..../..../s.../..../.w../.s../...s/s... w 0");

	/* The wolf goes any of the four ways along the lines, forward and
	 * back, but not onto a sheep. */
	ck_assert_str_eq(list_moves(g), "d4-e3 d4-c5 d4-e5");
	ck_assert_int_eq(bg_play_text(g, "d4-c3"), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_text(g, "d4-d5"), BG_EPARSE);
	ck_assert_int_eq(bg_play_text(g, "d4-f6"), BG_EILLEGAL);
	play(g, "d4-e3");
	/* Sheep: diagonally forward only, one rank up; c3 has b4 and d4 (left
	 * by the wolf), b6 has a7 c7, h2 has g3; never back. */
	ck_assert_str_eq(list_moves(g), "a1-b2 h2-g3 c3-b4 c3-d4 b6-a7 b6-c7");
	ck_assert_int_eq(bg_play_text(g, "c3-b2"), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_text(g, "c3-d2"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

/* ---- The end -------------------------------------------------------------- */

START_TEST(test_wolf_breaks_through)
{
	/* Level with the lowest sheep (a3, g3) is not past them: strict. */
	bg_game *g = from_pos("wolf-sheep ..../..../..s./..../.w.s/s..s/..../.... w 0");

	play(g, "d4-e3");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
	/* Below every sheep: won at once. */
	g = from_pos("wolf-sheep ..../..../..../ss../.wss/..../..../.... w 0");
	play(g, "d4-c3");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
	/* A loaded position with the wolf already past is over. */
	g = from_pos("wolf-sheep ..../ssss/..w./..../..../..../..../.... s 9");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_sheep_trap_wolf)
{
	/* Wolf h8 behind g7-free; f6-g7 shuts it in. */
	bg_game *g = from_pos("wolf-sheep ...w/..../..s./..../..../...s/.s../s... s 0");

	play(g, "f6-g7");
	ck_assert_int_eq(bg_to_move(g), 0);
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

/* Sheep b8 d8 a7 c7 have no move; the wolf on e7 is not past them. */
#define STUCK "ss../ssw./..../..../..../..../..../...."

START_TEST(test_sheep_stuck)
{
	bg_game *g = from_pos("wolf-sheep " STUCK " s 0");

	/* [CHOICE] default: sheep with no move lose. */
	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	bg_game_free(g);
	g = from_pos("wolf-sheep:no_moves=pass " STUCK " s 0");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	ck_assert_str_eq(list_moves(g), "pass");
	play(g, "pass");
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_int_eq(bg_play_text(g, "pass"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_repetition)
{
	/* The wolf shuttles e7-f8-e7 while the stuck sheep pass. */
	const char *cycle = "e7-f8 pass f8-e7 pass";
	bg_game *g = from_pos("wolf-sheep:no_moves=pass " STUCK " w 0");

	play_all(g, cycle);
	/* The start position has come a second time. */
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play_all(g, cycle);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
	g = from_pos("wolf-sheep:no_moves=pass,repetition=2 " STUCK " w 0");
	play_all(g, "e7-f8 pass f8-e7");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "pass");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_undo(g);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
}
END_TEST

START_TEST(test_max_plies)
{
	bg_game *g = new_game("wolf-sheep:max_plies=3");

	play_all(g, "d8-c7 a1-b2");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "c7-d6");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Position text and hash ----------------------------------------------- */

START_TEST(test_position_text)
{
	bg_game *g = new_game("wolf-sheep:wolf=b8"), *h;
	static const char *const bad[] = {
		"wolf-sheep w.../..../..../..../..../..../..../sss. w 0",
		"wolf-sheep w.../..../..../..../..../..../..../ssss x 0",
		"wolf-sheep ww../..../..../..../..../..../..../sss. w 0",
		"wolf-sheep ..../..../..../..../..../..../..../ssss w 0",
		"wolf-sheep w.../..../..../..../..../..../..../ssss 0",
		"wolf-sheep w.../..../..../..../..../..../ssss w 0",
		"wolf-sheep w..../..../..../..../..../..../..../ssss w 0",
		"wolf-sheep w.x./..../..../..../..../..../..../ssss w 0",
		"wolf-sheep w.../..../..../..../..../..../..../ssss w w 0",
	};

	ck_assert_str_eq(position(g),
			 "wolf-sheep:wolf=b8 w.../..../..../..../..../..../..../ssss w 0");
	play_all(g, "b8-c7 c1-d2");
	ck_assert_str_eq(position(g),
			 "wolf-sheep:wolf=b8 ..../.w../..../..../..../..../.s../s.ss w 2");
	h = from_pos(position(g));
	ck_assert_uint_eq(bg_hash(g), bg_hash(h));
	expect_same_moves(g, h);
	bg_game_free(h);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
	bg_game_free(g);
}
END_TEST

START_TEST(test_hash)
{
	bg_game *a = new_game("wolf-sheep"), *b = new_game("wolf-sheep");
	uint64_t start = bg_hash(a);

	play_all(a, "d8-c7 a1-b2 c7-d6 c1-d2");
	play_all(b, "d8-e7 c1-d2 e7-d6 a1-b2");
	ck_assert_uint_eq(bg_hash(a), bg_hash(b));
	expect_same_position(a, b);
	play(a, "d6-e5");
	ck_assert_uint_ne(bg_hash(a), bg_hash(b));
	/* The side to move is in the hash. */
	bg_undo(a);
	bg_undo(a);
	ck_assert_uint_ne(bg_hash(a), bg_hash(b));
	while (bg_undo(a) == BG_OK)
		;
	ck_assert_uint_eq(bg_hash(a), start);
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

/* ---- The solution --------------------------------------------------------- */

/*
 * A compact model: points numbered y * 4 + x / 2 on the dark squares, the
 * four sheep as a 4-subset of 32 ranked in the combinatorial number system
 * (35960 sets). Every sheep move raises the sum of the sheep's ranks and
 * the sides alternate, so the game graph has no cycle: solving the sheep
 * sets from the highest rank sum down is a complete retrograde analysis.
 */
#define NSETS 35960

typedef struct model {
	uint32_t nb[32], fwd[32], below[32];
	uint32_t binom[33][5];
	uint32_t *sets;            /* the sets by rank */
	uint8_t (*sheep_win_w)[32]; /* wolf to move, by set rank and wolf */
	uint8_t (*sheep_win_s)[32]; /* sheep to move */
	int api_of[32], model_of[32];
} model;

static model M;

static int m_rank_of(int q)
{
	return q / 4;
}

static uint32_t m_set_rank(uint32_t set)
{
	uint32_t r = 0;
	int k = 1;

	for (; set; set &= set - 1, k++)
		r += M.binom[__builtin_ctz(set)][k];
	return r;
}

static bool m_past(int w, uint32_t set)
{
	return (set & M.below[w]) == 0;
}

/* Sheep moves: the sets after each move; returns how many. */
static int m_sheep_moves(int w, uint32_t set, uint32_t *out)
{
	uint32_t empty = ~(set | 1u << w);
	int n = 0;

	for (uint32_t s = set; s; s &= s - 1) {
		int a = __builtin_ctz(s);

		for (uint32_t t = M.fwd[a] & empty; t; t &= t - 1)
			out[n++] = set ^ 1u << a ^ (t & -t);
	}
	return n;
}

static void m_geometry(void)
{
	for (int q = 0; q < 32; q++) {
		int y = q / 4, x = 2 * (q % 4) + (y % 2);

		for (int dx = -1; dx <= 1; dx += 2)
			for (int dy = -1; dy <= 1; dy += 2) {
				int x1 = x + dx, y1 = y + dy;

				if (x1 < 0 || x1 > 7 || y1 < 0 || y1 > 7)
					continue;
				M.nb[q] |= 1u << (y1 * 4 + x1 / 2);
				if (dy > 0)
					M.fwd[q] |= 1u << (y1 * 4 + x1 / 2);
			}
		for (int r = 0; r < 32; r++)
			if (m_rank_of(r) <= m_rank_of(q))
				M.below[q] |= 1u << r;
	}
	for (int n = 0; n <= 32; n++)
		for (int k = 0; k <= 4; k++)
			M.binom[n][k] = k == 0 ? 1 : n == 0 ? 0 :
				M.binom[n - 1][k - 1] + M.binom[n - 1][k];
}

static void m_solve(void)
{
	uint32_t *order = malloc(NSETS * sizeof(*order)), n = 0;

	M.sets = malloc(NSETS * sizeof(*M.sets));
	M.sheep_win_w = calloc(NSETS, sizeof(*M.sheep_win_w));
	M.sheep_win_s = calloc(NSETS, sizeof(*M.sheep_win_s));
	ck_assert(order && M.sets && M.sheep_win_w && M.sheep_win_s);
	/* Sets by decreasing rank sum (28 = four sheep on rank 8 is most). */
	for (int sum = 28; sum >= 0; sum--)
		for (uint32_t a = 0; a < 32; a++)
			for (uint32_t b = a + 1; b < 32; b++)
				for (uint32_t c = b + 1; c < 32; c++)
					for (uint32_t d = c + 1; d < 32; d++) {
						uint32_t set = 1u << a | 1u << b | 1u << c | 1u << d;

						if (m_rank_of(a) + m_rank_of(b) + m_rank_of(c) + m_rank_of(d) != sum)
							continue;
						order[n++] = set;
						M.sets[m_set_rank(set)] = set;
					}
	ck_assert_uint_eq(n, NSETS);
	for (uint32_t i = 0; i < NSETS; i++) {
		uint32_t set = order[i], r = m_set_rank(set), kids[8];

		for (int w = 0; w < 32; w++) {
			int k;

			if (set >> w & 1 || m_past(w, set))
				continue; /* a wolf win: 0 */
			k = m_sheep_moves(w, set, kids);
			for (int j = 0; j < k; j++)
				if (M.sheep_win_w[m_set_rank(kids[j])][w])
					M.sheep_win_s[r][w] = 1;
		}
		for (int w = 0; w < 32; w++) {
			uint32_t to;

			if (set >> w & 1 || m_past(w, set))
				continue;
			to = M.nb[w] & ~set;
			M.sheep_win_w[r][w] = 1;
			for (; to; to &= to - 1)
				if (!M.sheep_win_s[r][__builtin_ctz(to)])
					M.sheep_win_w[r][w] = 0;
		}
	}
	free(order);
}

/* The model's view of the game's position. */
static void m_read(const bg_game *g, int *w, uint32_t *set)
{
	*w = -1; /* set for gcc -O3: the wolf is always found */
	*set = 0;
	for (int p = 0; p < 32; p++) {
		int seat, kind;

		bg_point_piece(g, p, &seat, &kind);
		if (seat == 0)
			*w = M.model_of[p];
		else if (seat == 1)
			*set |= 1u << M.model_of[p];
	}
}

static void m_setup(void)
{
	bg_game *g = new_game("wolf-sheep");
	size_t edges = 0;

	m_geometry();
	for (int p = 0; p < 32; p++) {
		int x, y;

		bg_point_coords(g, p, &x, &y);
		M.model_of[p] = y * 4 + x / 2;
		M.api_of[y * 4 + x / 2] = p;
	}
	/* The model's neighbours are the library's lines' edges. */
	for (size_t i = 0; i < bg_line_count(g); i++) {
		size_t n;
		int style, a, b;

		bg_line_info(g, i, &style, &n);
		for (size_t k = 1; k < n; k++, edges++) {
			bg_line_point(g, i, k - 1, &a);
			bg_line_point(g, i, k, &b);
			ck_assert(M.nb[M.model_of[a]] >> M.model_of[b] & 1);
		}
	}
	ck_assert_uint_eq(edges, 49);
	for (int q = 0; q < 32; q++)
		edges += (size_t)__builtin_popcount(M.nb[q]);
	ck_assert_uint_eq(edges, 49 + 2 * 49); /* each edge both ways */
	bg_game_free(g);
	m_solve();
}

static void m_teardown(void)
{
	free(M.sets);
	free(M.sheep_win_w);
	free(M.sheep_win_s);
}

/* A set of positions already proven, by hash. */
#define SEEN_BITS 20
static uint64_t *seen;

static bool seen_add(uint64_t h)
{
	size_t mask = ((size_t)1 << SEEN_BITS) - 1, i = (size_t)h & mask;

	h |= 1; /* 0 marks an empty slot */
	for (; seen[i]; i = (i + 1) & mask)
		if (seen[i] == h)
			return false;
	seen[i] = h;
	return true;
}

/*
 * Walk the winner's strategy from the table against every reply of the
 * loser, on the library: every line ends in the winner's win, and at every
 * position the library's moves are the model's. Returns positions visited.
 */
static long prove(bg_game *g, int winner)
{
	bg_move list[8];
	uint32_t set, kids[8];
	size_t n;
	long visited = 1;
	int w, status, who, turn = bg_to_move(g);

	if (!seen_add(bg_hash(g)))
		return 0;
	bg_outcome(g, &status, &who, NULL);
	if (status != BG_ONGOING) {
		ck_assert_int_eq(status, BG_WIN);
		ck_assert_int_eq(who, winner);
		return visited;
	}
	m_read(g, &w, &set);
	ck_assert_int_eq(bg_legal_moves(g, list, 8, &n), BG_OK);
	if (turn == 0)
		ck_assert_uint_eq(n, (size_t)__builtin_popcount(M.nb[w] & ~set));
	else
		ck_assert_uint_eq(n, (size_t)m_sheep_moves(w, set, kids));
	for (size_t i = 0; i < n; i++) {
		int w2;
		uint32_t set2;
		bool good;

		ck_assert_int_eq(bg_play(g, &list[i]), BG_OK);
		m_read(g, &w2, &set2);
		good = (turn == 0 ? M.sheep_win_s : M.sheep_win_w)
			[m_set_rank(set2)][w2] == (winner == 1);
		if (turn != winner || good) {
			visited += prove(g, winner);
			bg_undo(g);
			if (turn == winner)
				return visited;
			continue;
		}
		bg_undo(g);
	}
	/* The winner to move must have found a good move. */
	ck_assert_msg(turn != winner, "no winning move at %s", position(g));
	return visited;
}

START_TEST(test_solved)
{
	static const char *const starts[4] = { "b8", "d8", "f8", "h8" };
	uint32_t start = 1u << 0 | 1u << 1 | 1u << 2 | 1u << 3;

	for (int i = 0; i < 4; i++) {
		char spec[64];
		bg_game *g;
		int w;
		uint32_t set;
		long visited;

		snprintf(spec, sizeof(spec), "wolf-sheep:wolf=%s", starts[i]);
		g = new_game(spec);
		m_read(g, &w, &set);
		ck_assert_uint_eq(set, start);
		/* TG: with correct play the sheep win, the wolf moving first. */
		ck_assert_int_eq(M.sheep_win_w[m_set_rank(set)][w], 1);
		seen = calloc((size_t)1 << SEEN_BITS, sizeof(*seen));
		ck_assert_ptr_nonnull(seen);
		visited = prove(g, 1);
		ck_assert(visited > 100);
		free(seen);
		bg_game_free(g);
	}
}
END_TEST

/* Model and library agree on positions drawn at random; the wolf's wins
 * the table finds hold on the library too. */
START_TEST(test_model_agrees)
{
	uint64_t rng = 0x2545F4914F6CDD1Dull;
	int wolf_wins = 0;

	for (int k = 0; k < 20000; k++) {
		char text[128], *t = text;
		uint32_t set = 0, kids[8];
		int w, turn, status, who, reason, nmoves;
		bg_game *g;

		do {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			set |= 1u << (rng % 32);
		} while (__builtin_popcount(set) < 4);
		do {
			rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
			w = (int)(rng % 32);
		} while (set >> w & 1);
		turn = (int)(rng >> 40 & 1);
		t += sprintf(t, "wolf-sheep ");
		for (int y = 7; y >= 0; y--) {
			for (int q = 4 * y; q < 4 * y + 4; q++)
				*t++ = q == w ? 'w' : (set >> q & 1) ? 's' : '.';
			*t++ = y ? '/' : ' ';
		}
		sprintf(t, "%c 0", turn ? 's' : 'w');
		g = from_pos(text);
		bg_outcome(g, &status, &who, &reason);
		nmoves = turn ? m_sheep_moves(w, set, kids) :
			       __builtin_popcount(M.nb[w] & ~set);
		if (m_past(w, set)) {
			ck_assert(status == BG_WIN && who == 0 &&
				  reason == BG_REASON_GOAL);
		} else if (nmoves == 0) {
			ck_assert(status == BG_WIN && who == !turn &&
				  reason == BG_REASON_NO_MOVES);
		} else {
			ck_assert_int_eq(status, BG_ONGOING);
			ck_assert_uint_eq(count_moves(g), (size_t)nmoves);
			if (turn == 0 && !M.sheep_win_w[m_set_rank(set)][w] &&
			    wolf_wins < 20) {
				seen = calloc((size_t)1 << SEEN_BITS,
					      sizeof(*seen));
				ck_assert_ptr_nonnull(seen);
				prove(g, 0);
				free(seen);
				wolf_wins++;
			}
		}
		bg_game_free(g);
	}
	ck_assert_int_eq(wolf_wins, 20);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("wolf-sheep");
	TCase *t = tcase_create("rules");
	TCase *solve = tcase_create("solve");

	tcase_add_test(t, test_board);
	tcase_add_test(t, test_catalog);
	tcase_add_test(t, test_start);
	tcase_add_test(t, test_perft);
	tcase_add_test(t, test_steps);
	tcase_add_test(t, test_wolf_breaks_through);
	tcase_add_test(t, test_sheep_trap_wolf);
	tcase_add_test(t, test_sheep_stuck);
	tcase_add_test(t, test_repetition);
	tcase_add_test(t, test_max_plies);
	tcase_add_test(t, test_position_text);
	tcase_add_test(t, test_hash);
	suite_add_tcase(s, t);
	tcase_add_unchecked_fixture(solve, m_setup, m_teardown);
	tcase_set_timeout(solve, 120);
	tcase_add_test(solve, test_solved);
	tcase_add_test(solve, test_model_agrees);
	suite_add_tcase(s, solve);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
