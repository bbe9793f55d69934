/*
 * Tak-tikl (Tac Tickle), through the public API only. Figures come from
 * doc/games/tak-tikl.md or are worked out in the comment beside them.
 *
 * The last test solves the game: a small model of the rules, written here
 * from the rules on doc/games/tak-tikl.md and checked against the library on random positions,
 * feeds a retrograde analysis of all C(16,4) * C(12,4) * 2 = 1,801,800
 * states. The page's oracle is that the start is a draw.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define TEXT_CAP 256

/* ---- The model ------------------------------------------------------------ */

/* Cells p = 4y + x; the 24 triples of the page: 8 in rows, 8 in columns,
 * 8 on diagonals. */
static uint16_t triples[24];
static int ntriples;

static void make_triples(void)
{
	static const int dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };

	ntriples = 0;
	for (int d = 0; d < 4; d++)
		for (int y = 0; y < 4; y++)
			for (int x = 0; x < 4; x++) {
				int x2 = x + 2 * dir[d][0], y2 = y + 2 * dir[d][1];

				if (x2 < 0 || x2 > 3 || y2 < 0 || y2 > 3)
					continue;
				triples[ntriples++] = (uint16_t)(
					1u << (4 * y + x) |
					1u << (4 * (y + dir[d][1]) + x + dir[d][0]) |
					1u << (4 * y2 + x2));
			}
}

static int model_line(uint16_t own)
{
	for (int i = 0; i < ntriples; i++)
		if ((own & triples[i]) == triples[i])
			return 1;
	return 0;
}

/* Orthogonal neighbours of p, -1 off the board. */
static int model_nb(int p, int d)
{
	static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { 1, 0, -1, 0 };
	int x = p % 4 + dx[d], y = p / 4 + dy[d];

	return x < 0 || x > 3 || y < 0 || y > 3 ? -1 : 4 * y + x;
}

/* The moves of `own` as (from << 4 | to), or none. */
static int model_moves(uint16_t own, uint16_t other, int *out)
{
	int n = 0;

	for (int p = 0; p < 16; p++)
		if (own & (1u << p))
			for (int d = 0; d < 4; d++) {
				int q = model_nb(p, d);

				if (q >= 0 && !((own | other) & (1u << q)))
					out[n++] = p << 4 | q;
			}
	return n;
}

static void cell_name(int p, char *out)
{
	out[0] = (char)('a' + p % 4);
	out[1] = (char)('1' + p / 4);
	out[2] = '\0';
}

/* A position text of the default game. */
static void model_text(uint16_t w, uint16_t b, int stm, char *out)
{
	int k = sprintf(out, "tak-tikl ");

	for (int y = 3; y >= 0; y--) {
		for (int x = 0; x < 4; x++) {
			uint16_t m = (uint16_t)(1u << (4 * y + x));

			out[k++] = w & m ? 'w' : b & m ? 'b' : '.';
		}
		if (y)
			out[k++] = '/';
	}
	sprintf(out + k, " %c 0", stm ? 'b' : 'w');
}

static uint64_t rng = 0x2545F4914F6CDD1Dull;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static uint16_t random_set(uint16_t taken)
{
	uint16_t s = 0;

	while (__builtin_popcount(s) < 4) {
		int p = (int)rnd(16);

		if (!((s | taken) & (1u << p)))
			s |= (uint16_t)(1u << p);
	}
	return s;
}

/* ---- Rules ---------------------------------------------------------------- */

START_TEST(board_and_start)
{
	bg_game *g = new_game("tak-tikl");
	int w, h, seat, kind;
	static const char *const white[] = { "a1", "c1", "b4", "d4" };
	static const char *const black[] = { "b1", "d1", "a4", "c4" };
	char pos[TEXT_CAP];

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 4);
	ck_assert_int_eq(h, 4);
	ck_assert_uint_eq(bg_point_count(g), 16);
	ck_assert_uint_eq(bg_line_count(g), 0);
	for (int i = 0; i < 4; i++) {
		int p;

		ck_assert_int_eq(bg_point_find(g, white[i], &p), BG_OK);
		ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
		ck_assert_int_eq(seat, 0);
		ck_assert_int_eq(kind, BG_PIECE_MAN);
		ck_assert_int_eq(bg_point_find(g, black[i], &p), BG_OK);
		ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
		ck_assert_int_eq(seat, 1);
	}
	/* Opposite colours at the two ends of every file. */
	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "tak-tikl bwbw/..../..../wbwb w 0");
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_str_eq(bg_seat_name(g, 0), "White");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(mirrored_setup)
{
	bg_game *g = new_game("tak-tikl:setup=mirrored");
	char pos[TEXT_CAP];

	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "tak-tikl:setup=mirrored wbwb/..../..../wbwb w 0");
	expect_moves(g, "a1-a2 c1-c2 a4-a3 c4-c3");
	bg_game_free(g);
}
END_TEST

/* Page: exactly a1-a2, c1-c2, b4-b3, d4-d3; listed by cell. */
START_TEST(first_moves)
{
	bg_game *g = new_game("tak-tikl");

	expect_moves(g, "a1-a2 c1-c2 b4-b3 d4-d3");
	bg_game_free(g);
}
END_TEST

/*
 * Depth 2: Black's four pieces each have their forward step, and White's
 * move frees a cell on the edge: a1-a2 frees a1 for b1 (5), c1-c2 frees c1
 * for b1 and d1 (6), b4-b3 frees b4 for a4 and c4 (6), d4-d3 frees d4 for
 * c4 (5): 22.
 */
START_TEST(perft_start)
{
	bg_game *g = new_game("tak-tikl");

	ck_assert_uint_eq(perft(g, 1), 4);
	ck_assert_uint_eq(perft(g, 2), 22);
	bg_game_free(g);
}
END_TEST

START_TEST(orthogonal_steps_only)
{
	/* b2 alone in the middle of empty cells: N, E, S, W only. */
	bg_game *g = from_pos("tak-tikl b.bw/...b/.w.b/w..w w 0");

	/* Cells in order a1, d1, b2, d4 (blocked); each N, E, S, W. */
	expect_moves(g, "a1-a2 a1-b1 d1-c1 b2-b3 b2-c2 b2-b1 b2-a2");
	ck_assert_int_eq(bg_play_text(g, "b2-c3"), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_text(g, "b2-b4"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

static int count_lines(uint16_t own)
{
	int n = 0;

	for (int i = 0; i < ntriples; i++)
		n += (own & triples[i]) == triples[i];
	return n;
}

/* Every 3-cell set wins for White exactly when it is one of the page's 24
 * lines: White holds the set and a fourth cell that adds no line, Black
 * four cells with none, Black to move. */
START_TEST(twenty_four_triples)
{
	int wins = 0;

	make_triples();
	ck_assert_int_eq(ntriples, 24);
	for (uint32_t t = 0; t < 1u << 16; t++) {
		uint16_t w = 0, b = 0;
		int is_line;
		char text[TEXT_CAP];
		bg_game *g;

		if (__builtin_popcount(t) != 3)
			continue;
		is_line = count_lines((uint16_t)t);
		for (int p = 0; p < 16 && !w; p++)
			if (!(t & (1u << p)) &&
			    count_lines((uint16_t)(t | 1u << p)) == is_line)
				w = (uint16_t)(t | 1u << p);
		ck_assert(w);
		for (uint32_t c = 0; c < 1u << 16 && !b; c++)
			if (__builtin_popcount(c) == 4 && !(c & w) &&
			    !count_lines((uint16_t)c))
				b = (uint16_t)c;
		ck_assert(b);
		model_text(w, b, 1, text);
		g = from_pos(text);
		if (is_line) {
			expect(g, BG_WIN, 0, BG_REASON_GOAL);
			wins++;
		} else {
			ongoing(g);
		}
		bg_game_free(g);
	}
	ck_assert_int_eq(wins, 24);
}
END_TEST

START_TEST(three_in_a_row_wins)
{
	/* White c3 c2 with b4-c4 makes the file c2 c3 c4. */
	bg_game *g = from_pos("tak-tikl bw../..w./..wb/wb.b w 0");
	size_t n;

	ongoing(g);
	play(g, "b4-c4");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	ck_assert_int_eq(bg_legal_moves(g, legal, LEGAL_CAP, &n), BG_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(bg_play_text(g, "a4-a3"), BG_EGAMEOVER);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ongoing(g);
	bg_game_free(g);

	/* Black a4 b3 with c3-c2 makes the diagonal a4 b3 c2. */
	g = from_pos("tak-tikl b..w/.bbw/..../bww. b 0");
	ongoing(g);
	play(g, "c3-c2");
	expect(g, BG_WIN, 1, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

static void shuttle(bg_game *g)
{
	play(g, "a1-a2");
	play(g, "b1-b2");
	play(g, "a2-a1");
	play(g, "b2-b1");
}

START_TEST(threefold_repetition_draws)
{
	bg_game *g = new_game("tak-tikl");

	shuttle(g); /* the start, second time */
	ongoing(g);
	play(g, "a1-a2");
	play(g, "b1-b2");
	play(g, "a2-a1");
	ongoing(g);
	play(g, "b2-b1"); /* third time */
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	ck_assert_uint_eq(bg_ply(g), 8);
	bg_game_free(g);

	g = new_game("tak-tikl:repetition=2");
	play(g, "a1-a2");
	play(g, "b1-b2");
	play(g, "a2-a1");
	ongoing(g);
	play(g, "b2-b1");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(ply_cap_draws)
{
	bg_game *g = new_game("tak-tikl:max_plies=6");

	shuttle(g);
	play(g, "c1-c2");
	ongoing(g);
	play(g, "d1-d2");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);

	/* The page's cap: 100 plies, here reached from a loaded position. */
	g = from_pos("tak-tikl:max_plies=100 bwbw/..../..../wbwb w 99");
	ongoing(g);
	play(g, "a1-a2");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);

	/* The default has no cap. */
	g = from_pos("tak-tikl bwbw/..../..../wbwb w 5000");
	play(g, "a1-a2");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* White a1 a2 b1 b2 (no line), Black a3 b3 c1 c2 around them. */
#define BLOCKED "..../bb../wwb./wwb. w 0"

START_TEST(blocked_side_passes)
{
	bg_game *g = from_pos("tak-tikl " BLOCKED);

	ongoing(g);
	expect_moves(g, "pass");
	/* The pass is an action too, for agents. */
	expect_listed_actions(g);
	play(g, "pass");
	ck_assert_int_eq(bg_to_move(g), 1);
	/* a3-a4, b3-b4, b3-c3, c2-c3, c2-d2, c1-d1. */
	ck_assert_uint_eq(count_moves(g), 6);
	bg_game_free(g);

	g = from_pos("tak-tikl:no_moves=lose " BLOCKED);
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);

	/* A pass is not legal while a step is. */
	g = new_game("tak-tikl");
	ck_assert_int_eq(bg_play_text(g, "pass"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		"tak-tikl bwbw/..../..../wbw. w 0",    /* 3 white */
		"tak-tikl bwbw/..../b.../wbwb w 0",    /* 5 black */
		"tak-tikl bwbw/..../...../wbwb w 0",   /* 5 cells */
		"tak-tikl bwbw/..../.../wbwb w 0",     /* 3 cells */
		"tak-tikl bwbw/..../..../wbwb/.... w 0",
		"tak-tikl bwbw/..x./..../wbwb w 0",
		"tak-tikl bwbw/..../..../wbwb x 0",
		"tak-tikl bwbw/..../..../wbwb w",
		"tak-tikl bwbw/..../..../wbwb  w 0",
		"tak-tikl bwbw..../..../wbwb w 0",
		/* White to move with three in a row: the game was over. */
		"tak-tikl b.w./.bw./w.w./b..b w 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("tak-tikl");
	const char *key, *def, *allowed;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("tac-tickle"), i);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Так-тикль");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 4);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 0, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "setup");
	ck_assert_str_eq(def, "rotated");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 1, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "no_moves");
	ck_assert_str_eq(def, "pass");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 2, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "repetition");
	ck_assert_str_eq(def, "3");
	ck_assert_str_eq(allowed, "2..3");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 3, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "max_plies");
	ck_assert_str_eq(def, "0");
	ck_assert_int_eq(bg_game_new(&(bg_game *){ NULL },
				     "tak-tikl:repetition=4"), BG_EOPTION);
}
END_TEST

/* ---- The solution --------------------------------------------------------- */

enum { UNKNOWN = 0, WIN = 1, LOSS = 2, INVALID = 3 };

#define NSETS 1820 /* C(16, 4) */

typedef struct solver {
	int16_t rank[1 << 16]; /* 4-cell set -> 0..1819, or -1 */
	uint16_t set[NSETS];
	uint8_t *val, *cnt, *depth;
	uint32_t *queue;
	size_t head, tail;
} solver;

static size_t sidx(const solver *s, uint16_t w, uint16_t b, int stm)
{
	return ((size_t)s->rank[w] * NSETS + (size_t)s->rank[b]) * 2 +
	       (size_t)stm;
}

static void sdecode(const solver *s, size_t i, uint16_t *w, uint16_t *b,
		    int *stm)
{
	*stm = (int)(i & 1);
	i >>= 1;
	*w = s->set[i / NSETS];
	*b = s->set[i % NSETS];
}

static void decide(solver *s, size_t i, int v, int d)
{
	s->val[i] = (uint8_t)v;
	s->depth[i] = (uint8_t)d;
	s->queue[s->tail++] = (uint32_t)i;
}

/* Every state: terminal ones decided, the others with their number of
 * successors (a pass counts as one). */
static void solver_init(solver *s)
{
	size_t n = (size_t)NSETS * NSETS * 2;
	int k = 0, mv[16];

	for (uint32_t m = 0; m < 1u << 16; m++) {
		s->rank[m] = -1;
		if (__builtin_popcount(m) == 4) {
			s->set[k] = (uint16_t)m;
			s->rank[m] = (int16_t)k++;
		}
	}
	s->val = calloc(n, 1);
	s->cnt = calloc(n, 1);
	s->depth = calloc(n, 1);
	s->queue = malloc(n * sizeof(uint32_t));
	ck_assert(s->val && s->cnt && s->depth && s->queue);
	s->head = s->tail = 0;
	for (size_t i = 0; i < n; i++) {
		uint16_t occ[2];
		int stm;

		sdecode(s, i, &occ[0], &occ[1], &stm);
		/* A line of the side to move cannot arise in play: the
		 * game ended when it was made. */
		if ((occ[0] & occ[1]) || model_line(occ[stm]))
			s->val[i] = INVALID;
		else if (model_line(occ[!stm]))
			decide(s, i, LOSS, 0);
		else {
			int nm = model_moves(occ[stm], occ[!stm], mv);

			s->cnt[i] = (uint8_t)(nm ? nm : 1);
		}
	}
}

/* The states whose move led to state i: the side that just moved takes a
 * step back, or passed when it had no step. */
static int predecessors(const solver *s, size_t i, size_t *out)
{
	uint16_t occ[2];
	int stm, mover, n = 0, mv[16];

	sdecode(s, i, &occ[0], &occ[1], &stm);
	mover = !stm;
	for (int r = 0; r < 16; r++) {
		if (!(occ[mover] & (1u << r)))
			continue;
		for (int d = 0; d < 4; d++) {
			int q = model_nb(r, d);
			uint16_t prev[2] = { occ[0], occ[1] };

			if (q < 0 || ((occ[0] | occ[1]) & (1u << q)))
				continue;
			prev[mover] = (uint16_t)(prev[mover] ^ (1u << r | 1u << q));
			out[n++] = sidx(s, prev[0], prev[1], mover);
		}
	}
	if (!model_moves(occ[mover], occ[stm], mv))
		out[n++] = sidx(s, occ[0], occ[1], mover);
	return n;
}

static void solver_run(solver *s)
{
	size_t pred[20];

	while (s->head < s->tail) {
		size_t i = s->queue[s->head++];
		int n = predecessors(s, i, pred);

		for (int k = 0; k < n; k++) {
			size_t p = pred[k];

			if (s->val[p] != UNKNOWN)
				continue;
			if (s->val[i] == LOSS)
				decide(s, p, WIN, s->depth[i] + 1);
			else if (--s->cnt[p] == 0)
				decide(s, p, LOSS, s->depth[i] + 1);
		}
	}
}

static void solver_free(solver *s)
{
	free(s->val);
	free(s->cnt);
	free(s->depth);
	free(s->queue);
}

/* The model agrees with the library on random positions: the outcome,
 * and the legal moves as from-to pairs. */
static void validate_model(int npositions)
{
	for (int k = 0; k < npositions; k++) {
		uint16_t w = random_set(0), b = random_set(w);
		int stm = (int)rnd(2), mv[16], nm, status, winner;
		char text[TEXT_CAP];
		bg_game *g = NULL;

		model_text(w, b, stm, text);
		if (model_line(stm ? b : w)) {
			ck_assert_int_eq(bg_game_from_position(&g, text),
					 BG_EFORMAT);
			continue;
		}
		g = from_pos(text);
		bg_outcome(g, &status, &winner, NULL);
		if (model_line(stm ? w : b)) {
			ck_assert_msg(status == BG_WIN && winner == !stm, "%s",
				      text);
			bg_game_free(g);
			continue;
		}
		ck_assert_msg(status == BG_ONGOING, "%s", text);
		nm = model_moves(stm ? b : w, stm ? w : b, mv);
		if (nm == 0) {
			expect_moves(g, "pass");
		} else {
			ck_assert_uint_eq(count_moves(g), (size_t)nm);
			for (int i = 0; i < nm; i++) {
				char t[8];

				cell_name(mv[i] >> 4, t);
				t[2] = '-';
				cell_name(mv[i] & 15, t + 3);
				ck_assert_msg(bg_move_from_text(g, t, &legal[0]) ==
						      BG_OK, "%s: %s", text, t);
			}
		}
		bg_game_free(g);
	}
}

/* From a won state, the winner's shortest win beats every reply the
 * library offers (random replies), through bg_play_text. */
static void play_out_win(const solver *s, size_t i)
{
	uint16_t occ[2];
	int stm, winner, mv[16], status, w, reason;
	char text[TEXT_CAP];
	bg_game *g;

	sdecode(s, i, &occ[0], &occ[1], &stm);
	winner = s->val[i] == WIN ? stm : !stm;
	model_text(occ[0], occ[1], stm, text);
	g = from_pos(text);
	for (;;) {
		bg_outcome(g, &status, &w, &reason);
		if (status != BG_ONGOING)
			break;
		if (stm == winner) {
			int nm = model_moves(occ[stm], occ[!stm], mv), best = -1;

			if (nm == 0) {
				/* The win goes through a pass. */
				play(g, "pass");
				stm = !stm;
				i = sidx(s, occ[0], occ[1], stm);
				ck_assert_int_eq(s->val[i], LOSS);
				continue;
			}
			for (int k = 0; k < nm; k++) {
				uint16_t next[2] = { occ[0], occ[1] };

				next[stm] = (uint16_t)(next[stm] ^
						       (1u << (mv[k] >> 4) |
							1u << (mv[k] & 15)));
				size_t j = sidx(s, next[0], next[1], !stm);

				if (s->val[j] == LOSS &&
				    s->depth[j] + 1 == s->depth[i])
					best = k;
			}
			ck_assert_msg(best >= 0, "no winning move in %s", text);
			char t[8];

			cell_name(mv[best] >> 4, t);
			t[2] = '-';
			cell_name(mv[best] & 15, t + 3);
			play(g, t);
			occ[stm] = (uint16_t)(occ[stm] ^ (1u << (mv[best] >> 4) |
							  1u << (mv[best] & 15)));
		} else {
			size_t n = count_moves(g);
			bg_move m = legal[rnd((uint32_t)n)];

			ck_assert_int_eq(bg_play(g, &m), BG_OK);
			if (m.kind == BG_MOVE_STEP) {
				int x, y, from, to;

				bg_point_coords(g, m.pts[0], &x, &y);
				from = 4 * y + x;
				bg_point_coords(g, m.pts[1], &x, &y);
				to = 4 * y + x;
				occ[stm] = (uint16_t)(occ[stm] ^
						      (1u << from | 1u << to));
			}
		}
		stm = !stm;
		i = sidx(s, occ[0], occ[1], stm);
	}
	ck_assert_msg(status == BG_WIN && w == winner &&
		      reason == BG_REASON_GOAL, "%s: %d/%d", text, status, w);
	bg_game_free(g);
}

START_TEST(solved_draw_from_start)
{
	static solver s;
	size_t n = (size_t)NSETS * NSETS * 2, states = 0, wins = 0, losses = 0;
	int maxdepth = 0;
	size_t deepest = 0, mirrored;
	uint16_t w0 = 1u << 0 | 1u << 2 | 1u << 13 | 1u << 15;
	uint16_t b0 = 1u << 1 | 1u << 3 | 1u << 12 | 1u << 14;

	make_triples();
	validate_model(3000);
	solver_init(&s);
	solver_run(&s);
	for (size_t i = 0; i < n; i++) {
		uint16_t w, b;
		int stm;

		sdecode(&s, i, &w, &b, &stm);
		states += !(w & b);
		wins += s.val[i] == WIN;
		losses += s.val[i] == LOSS;
		if ((s.val[i] == WIN || s.val[i] == LOSS) &&
		    s.depth[i] > maxdepth) {
			maxdepth = s.depth[i];
			deepest = i;
		}
	}
	ck_assert_uint_eq(states, 1801800);
	fprintf(stderr, "tak-tikl: %zu states, %zu won and %zu lost for the "
		"side to move, longest forced win %d plies\n", states, wins,
		losses, maxdepth);
	/* The page's oracle: no forced win from the start. */
	ck_assert_int_eq(s.val[sidx(&s, w0, b0, 0)], UNKNOWN);
	/* The mirrored setup (White a1 c1 a4 c4), by contrast, is a forced
	 * win for White: the brochure's "no forced win" fits the rotated
	 * arrangement only. */
	mirrored = sidx(&s, (uint16_t)(1u << 0 | 1u << 2 | 1u << 12 | 1u << 14),
			(uint16_t)(1u << 1 | 1u << 3 | 1u << 13 | 1u << 15), 0);
	ck_assert_int_eq(s.val[mirrored], WIN);
	fprintf(stderr, "tak-tikl: setup=mirrored is a White win in %d plies\n",
		s.depth[mirrored]);
	play_out_win(&s, mirrored);
	/* Forced wins found by the solver are won through the library. */
	play_out_win(&s, deepest);
	for (int k = 0; k < 200; k++) {
		size_t i;

		do
			i = (size_t)rnd((uint32_t)n);
		while ((s.val[i] != WIN && s.val[i] != LOSS) ||
		       s.depth[i] == 0);
		play_out_win(&s, i);
	}
	solver_free(&s);
}
END_TEST

static Suite *tak_tikl_suite(void)
{
	Suite *s = suite_create("tak-tikl");
	TCase *tc = tcase_create("rules");
	TCase *solve = tcase_create("solution");

	tcase_add_test(tc, board_and_start);
	tcase_add_test(tc, mirrored_setup);
	tcase_add_test(tc, first_moves);
	tcase_add_test(tc, perft_start);
	tcase_add_test(tc, orthogonal_steps_only);
	tcase_add_test(tc, twenty_four_triples);
	tcase_add_test(tc, three_in_a_row_wins);
	tcase_add_test(tc, threefold_repetition_draws);
	tcase_add_test(tc, ply_cap_draws);
	tcase_add_test(tc, blocked_side_passes);
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, catalogue_entry);
	suite_add_tcase(s, tc);
	tcase_set_timeout(solve, 120);
	tcase_add_test(solve, solved_draw_from_start);
	suite_add_tcase(s, solve);
	return s;
}

int main(void)
{
	return run_suite(tak_tikl_suite());
}
