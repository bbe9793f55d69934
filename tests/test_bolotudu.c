/*
 * Bolotudu, through the public API only. The rules are
 * doc/games/bolotudu.md; every figure is worked out by hand in
 * the comment beside it.
 *
 * Position texts: "bolotudu BOARD SIDE HAND0 HAND1 PASSES THREES PLY", the
 * board rank 5 first, A..L White's pieces and a..l Black's by identity (the
 * order they were dropped), THREES the scored threes ("a1-c1:ABC") or "-".
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

static int pieces_of(const bg_game *g, int seat)
{
	int n = 0;

	for (int p = 0; p < (int)bg_point_count(g); p++) {
		int s, k;

		bg_point_piece(g, p, &s, &k);
		n += s == seat;
	}
	return n;
}

/* ---- Board and start ------------------------------------------------------ */

START_TEST(board_is_6_by_5_cells)
{
	bg_game *g = new_game("bolotudu");
	int w, h, p;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 6);
	ck_assert_int_eq(h, 5);
	ck_assert_uint_eq(bg_point_count(g), 30); /* oracle: 30 cells */
	ck_assert_uint_eq(bg_line_count(g), 0);
	ck_assert_int_eq(bg_point_find(g, "f5", &p), BG_OK);
	ck_assert_int_eq(p, 29);
	ck_assert_int_eq(bg_point_find(g, "a6", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "g1", &p), BG_EPARSE);
	bg_game_free(g);
}
END_TEST

START_TEST(start_position)
{
	bg_game *g = new_game("bolotudu");

	ck_assert_str_eq(game_part(g),
			 "....../....../....../....../...... w 12 12 0 -");
	ck_assert_int_eq(bg_to_move(g), 0);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("bolotudu");
	const char *key, *def, *allowed;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Болотуду");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 5);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 0, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "pair_gap");
	ck_assert_str_eq(def, "2");
	ck_assert_str_eq(allowed, "0..2");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 3, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "repetition");
	ck_assert_str_eq(def, "3");
	ck_assert_str_eq(allowed, "2..3");
}
END_TEST

/*
 * Ply 1: unordered pairs of the 30 cells at Chebyshev distance >= 3.
 * Pairs within distance 2: along the 6 files a cell has 3,4,5,5,4,3 files
 * within 2 (itself included), 24 in all; along the 5 ranks 3,4,5,4,3 = 19.
 * Ordered pairs within 2, a cell with itself included: 24 * 19 = 456;
 * without the 30 self-pairs 426 ordered, 213 unordered. So
 * C(30,2) - 213 = 435 - 213 = 222. The board is empty, so no line between
 * two cells is blocked.
 *
 * Ply 2 with pair_gap=1 (3 apart only): Black has no piece, so no three is
 * possible; Black's pairs are the far pairs of the 28 empty cells:
 * 222 - f(p) - f(q) + 1 after White's {p,q}, f(c) = the cells far from c
 * = 30 - nx * ny (nx, ny the counts above). Summed over White's 222 pairs,
 * each cell c is in f(c) pairs: 222 * 223 - sum f(c)^2. f by rank: ranks 1
 * and 5: 21 18 15 15 18 21 (squares 1980); ranks 2 and 4: 18 14 10 10 14 18
 * (1240); rank 3: 15 10 5 5 10 15 (700); sum 2*1980 + 2*1240 + 700 = 7140
 * (and sum f = 444 = 2 * 222). 49506 - 7140 = 42366.
 *
 * Ply 2 by default: the same pairs less those whose line crosses one of
 * White's two pieces, counted by far_pairs_clear() below.
 *
 * Without the gap: C(30,2) = 435, then 435 * C(28,2) = 435 * 378 = 164430.
 */

/* Does the straight line from the centre of cell a to that of cell b pass
 * through the inside of cell c? Counted apart from the library: the times
 * t in (0, 1) at which the line is inside c's column and inside its row
 * are two open intervals, and they must overlap. Equal fractions divide to
 * equal doubles, so a line that only touches a corner is told apart. */
static bool line_crosses(int a, int b, int c)
{
	int from[2] = { a % 6, a / 6 }, to[2] = { b % 6, b / 6 };
	int at[2] = { c % 6, c / 6 };
	double lo = 0, hi = 1;

	for (int k = 0; k < 2; k++) {
		int d = to[k] - from[k], off = from[k] - at[k];
		double t1, t2;

		if (!d) {
			if (off)
				return false;
			continue;
		}
		/* |off + t * d| < 1/2 */
		t1 = (-1.0 - 2 * off) / (2 * d);
		t2 = (1.0 - 2 * off) / (2 * d);
		if (t1 > t2) {
			double t = t1;

			t1 = t2;
			t2 = t;
		}
		lo = t1 > lo ? t1 : lo;
		hi = t2 < hi ? t2 : hi;
	}
	return lo < hi;
}

static bool far_apart(int a, int b)
{
	return abs(a % 6 - b % 6) >= 3 || abs(a / 6 - b / 6) >= 3;
}

/* Black's pairs summed over White's first pairs on the empty board. */
static uint64_t far_pairs_clear(void)
{
	uint64_t n = 0;

	for (int p = 0; p < 30; p++)
		for (int q = p + 1; q < 30; q++) {
			if (!far_apart(p, q))
				continue;
			for (int r = 0; r < 30; r++)
				for (int s = r + 1; s < 30; s++)
					n += r != p && r != q && s != p &&
					     s != q && far_apart(r, s) &&
					     !line_crosses(r, s, p) &&
					     !line_crosses(r, s, q);
		}
	return n;
}

START_TEST(perft_from_start)
{
	bg_game *g = new_game("bolotudu");

	ck_assert_uint_eq(perft(g, 1), 222);
	ck_assert_uint_eq(far_pairs_clear(), 34139);
	ck_assert_uint_eq(perft(g, 2), 34139);
	bg_game_free(g);
	g = new_game("bolotudu:pair_gap=1");
	ck_assert_uint_eq(perft(g, 1), 222);
	ck_assert_uint_eq(perft(g, 2), 42366);
	bg_game_free(g);
	g = new_game("bolotudu:pair_gap=0");
	ck_assert_uint_eq(perft(g, 1), 435);
	ck_assert_uint_eq(perft(g, 2), 164430);
	bg_game_free(g);
}
END_TEST

/* ---- Placement -------------------------------------------------------------- */

START_TEST(pair_gap_three_apart)
{
	bg_game *g = new_game("bolotudu");
	bg_move m;

	ck_assert(!move_listed(g, "a1,c1")); /* 2 apart */
	ck_assert(!move_listed(g, "c3,e5")); /* 2 apart diagonally */
	ck_assert(move_listed(g, "a1,d1"));
	ck_assert(move_listed(g, "a1,a4"));
	ck_assert(move_listed(g, "b2,e5"));
	ck_assert_int_eq(bg_move_from_text(g, "a1,c1", &m), BG_EILLEGAL);
	/* The pair is listed once, the lower cell (a1 = 0 ... f5 = 29)
	 * first; identities go in that order. */
	ck_assert(!move_listed(g, "d1,a1"));
	play(g, "a1,d1");
	ck_assert_str_eq(game_part(g),
			 "....../....../....../....../A..B.. b 10 12 0 -");
	play(g, "f2,b5");
	ck_assert_str_eq(game_part(g),
			 ".b..../....../....../.....a/A..B.. w 10 10 0 -");
	bg_game_free(g);
	g = new_game("bolotudu:pair_gap=0");
	ck_assert(move_listed(g, "a1,c1"));
	ck_assert(move_listed(g, "a1,b1"));
	bg_game_free(g);
}
END_TEST

/*
 * «Выставляют по очереди, по две за ход, так чтобы между ними оставалось не
 * меньше двух пустых клеток» (they are put on in turn, two per turn, so that
 * at least two empty cells stay between them): the cells between the two
 * drops must be empty. After White's b1, Black's a1,d1 is 3 apart but
 * leaves only c1 empty between them.
 */
START_TEST(pair_gap_cells_between_empty)
{
	bg_game *g = new_game("bolotudu");
	bg_move m;

	play(g, "b1,b4");
	ck_assert(!move_listed(g, "a1,d1"));  /* b1 between */
	ck_assert_int_eq(bg_move_from_text(g, "a1,d1", &m), BG_EILLEGAL);
	ck_assert(!move_listed(g, "a3,d5"));  /* b4 on the diagonal */
	ck_assert(!move_listed(g, "a1,d2"));  /* the line crosses b1, c2 */
	ck_assert(move_listed(g, "d1,a2"));   /* it crosses c1, b2 */
	ck_assert(move_listed(g, "c1,f1"));
	ck_assert(move_listed(g, "a5,d5"));   /* b4 below the line */
	ck_assert(move_listed(g, "a2,a5"));
	ck_assert(!move_listed(g, "b2,b5"));  /* b3 empty, b4 not */
	bg_game_free(g);
	/* pair_gap=1: the distance alone. */
	g = new_game("bolotudu:pair_gap=1");
	play(g, "b1,b4");
	ck_assert(move_listed(g, "a1,d1"));
	ck_assert(move_listed(g, "a1,d2"));
	bg_game_free(g);
}
END_TEST

START_TEST(two_drops_text)
{
	bg_game *g = new_game("bolotudu");
	bg_move m;
	char buf[32];
	int c3, e5;

	memset(&m, 0, sizeof(m));
	bg_point_find(g, "c3", &c3);
	bg_point_find(g, "e5", &e5);
	m.kind = BG_MOVE_PLACE;
	m.npath = 2;
	m.pts[0] = (uint16_t)c3;
	m.pts[1] = (uint16_t)e5;
	ck_assert_int_eq(bg_move_to_text(g, &m, buf, sizeof(buf), NULL), BG_OK);
	ck_assert_str_eq(buf, "c3,e5");
	bg_game_free(g);
}
END_TEST

/* The page's hand case: own a1, b1; a drop on c1 makes a three. */
START_TEST(no_own_three_while_placing)
{
	bg_game *g = from_pos("bolotudu ..b..a/....../....../....../AB.... w 10 10 0 - 4");
	size_t n = count_moves(g);
	int c1;

	bg_point_find(g, "c1", &c1);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < 2; k++)
			ck_assert_msg(legal[i].pts[k] != c1, "a pair with c1");
	ck_assert(!move_listed(g, "c1,f3"));  /* 3 apart, but the three */
	ck_assert(move_listed(g, "d1,f4"));   /* d1 leaves a gap at c1 */
	ck_assert(move_listed(g, "f1,a3"));   /* a1 a3 is no run */
	bg_game_free(g);
	/* Vertical; and a three the two drops make together. */
	g = from_pos("bolotudu:pair_gap=0 ..b..a/....../....../A...../B..... w 10 10 0 - 4");
	ck_assert(!move_listed(g, "f1,a3"));
	ck_assert(!move_listed(g, "b1,c1"));  /* a1 b1 c1 */
	ck_assert(move_listed(g, "b1,d1"));
	ck_assert(move_listed(g, "c1,b3"));
	bg_game_free(g);
}
END_TEST

/*
 * Black's last turn, 8 empty cells a1 b1 c1 a2 b2 c2 a3 b3, all within 2
 * of each other: no pair is 3 apart, so the gap rule is waived. Black's
 * threes: b1 c1 with d1 (j), a2 a3 with a4 (d). C(8,2) - 2 = 26 pairs.
 */
#define GAP_WAIVED "AaBbCc/dDeEfF/..GgHh/...IiJ/...jKL b 0 2 0 - 11"

START_TEST(gap_waived_when_impossible)
{
	bg_game *g = from_pos("bolotudu " GAP_WAIVED);

	ck_assert_uint_eq(count_moves(g), 26);
	ck_assert(!move_listed(g, "b1,c1"));
	ck_assert(!move_listed(g, "a2,a3"));
	ck_assert(move_listed(g, "a1,b1"));
	ck_assert(move_listed(g, "a1,c1"));
	bg_game_free(g);
	g = from_pos("bolotudu:pair_gap=0 " GAP_WAIVED);
	ck_assert_uint_eq(count_moves(g), 26);
	bg_game_free(g);
}
END_TEST

/*
 * Black's last turn. Every empty cell but d5 completes a Black run (a1 d1
 * by b1 c1, a2 d2 by b2 c2, a3 d3 by b3 c3, a4 by b4 c4); d5 (between
 * White's c5 and Black's e5, White's d4 below) does not. No pair is free of
 * threes, so rule (1) is waived drop by drop: the first drop must be d5 (a
 * cell exists that makes no three), the second may then go anywhere (none
 * is left). Pairs {d5, y}: 7; 3 apart from d5 = (3,4): all but d3 (3,2),
 * so 6 with the gap.
 */
#define DROP_WAIVED "AaB.bC/.cdDEF/.ef.GH/.gh.IJ/.ij.KL b 0 2 0 - 11"

START_TEST(three_rule_waived_per_drop)
{
	bg_game *g = from_pos("bolotudu " DROP_WAIVED);

	/* By default every line from d5 to a cell 3 apart crosses a piece
	 * (d4 d3 are empty but d2 holds D; the others cross b or c pieces),
	 * so the gap is waived too. */
	ck_assert_str_eq(list_moves(g),
			 "a1,d5 d1,d5 a2,d5 d2,d5 a3,d5 d3,d5 a4,d5");
	bg_game_free(g);
	g = from_pos("bolotudu:pair_gap=1 " DROP_WAIVED);
	ck_assert_str_eq(list_moves(g), "a1,d5 d1,d5 a2,d5 d2,d5 a3,d5 a4,d5");
	/* The three made while placing removes nothing and is not kept. */
	play(g, "d1,d5");
	ck_assert_str_eq(game_part(g),
			 "AaBlbC/.cdDEF/.ef.GH/.gh.IJ/.ijkKL w 0 0 0 -");
	ongoing(g);
	bg_game_free(g);
	g = from_pos("bolotudu:pair_gap=0 " DROP_WAIVED);
	ck_assert_str_eq(list_moves(g),
			 "a1,d5 d1,d5 a2,d5 d2,d5 a3,d5 d3,d5 a4,d5");
	bg_game_free(g);
}
END_TEST

/* The oracles: 24 pieces after placement, 6 empty cells, White steps. */
START_TEST(placement_fills_24)
{
	bg_game *g = new_game("bolotudu");

	for (int ply = 0; ply < 12; ply++) {
		ck_assert_uint_ge(count_moves(g), 1);
		ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
		ck_assert_int_eq(bg_to_move(g), ply % 2);
		ck_assert_int_eq(bg_play(g, &legal[0]), BG_OK);
	}
	ck_assert_int_eq(pieces_of(g, 0), 12);
	ck_assert_int_eq(pieces_of(g, 1), 12);
	ck_assert_int_eq(pieces_of(g, -1), 6);
	ck_assert_int_eq(bg_to_move(g), 0);
	ongoing(g);
	ck_assert_uint_ge(count_moves(g), 1);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

/* ---- Threes ------------------------------------------------------------------ */

/*
 * White: A a1, B b1, C c2; Black: a a2, b b2, c d3, d d1. c2-c1 makes
 * a1 b1 c1; beside it a2 and b2 (c2 is left empty); d1 is beyond the end.
 * Order: by piece (b1, then c2), direction N E S W, removals ascending.
 */
#define FIRST_THREE "....../....../...c../abC.../AB.d.. w 0 0 0 - 40"

/*
 * «Кто выстроил три в ряд, снимает фишку соперника, примыкающую к тройке»
 * (whoever has lined up three in a row removes an opponent's piece
 * adjoining the three): d1 touches the end of a1 b1 c1, so it adjoins the
 * three and may be taken. Here no Black piece stands along its length.
 */
START_TEST(piece_at_the_end_adjoins)
{
	bg_game *g = from_pos(
		"bolotudu ....ab/....../....../..C.../AB.c.. w 0 0 0 - 40");
	bg_move m;

	ck_assert(move_listed(g, "c2-c1xd1"));
	ck_assert_int_eq(bg_move_from_text(g, "c2-c1", &m), BG_EAMBIGUOUS);
	ck_assert_str_eq(bg_last_error(), "c2-c1 makes a three: name the "
			 "piece to remove, e.g. c2-c1xd1");
	play(g, "c2-c1xd1");
	ck_assert_str_eq(game_part(g),
			 "....ab/....../....../....../ABC... b 0 0 0 a1-c1:ABC");
	bg_game_free(g);
	/* capture_ends=0: only the sides along the three; the three
	 * removes nothing. */
	g = from_pos("bolotudu:capture_ends=0 "
		     "....ab/....../....../..C.../AB.c.. w 0 0 0 - 40");
	ck_assert(move_listed(g, "c2-c1"));
	ck_assert_int_eq(bg_move_from_text(g, "c2-c1xd1", &m), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(three_removes_a_piece_beside_it)
{
	bg_game *g = from_pos("bolotudu:capture_ends=0 " FIRST_THREE);
	bg_move m;

	ck_assert_str_eq(list_moves(g), "b1-c1 c2-c3 c2-d2 c2-c1xa2 c2-c1xb2");
	/* The step alone fits two moves: the answer names the first. */
	ck_assert_int_eq(bg_move_from_text(g, "c2-c1", &m), BG_EAMBIGUOUS);
	ck_assert_str_eq(bg_last_error(), "c2-c1 makes a three: name the "
			 "piece to remove, e.g. c2-c1xa2");
	ck_assert_int_eq(bg_move_from_text(g, "c2-c1xd1", &m), BG_EILLEGAL);
	play(g, "c2-c1xa2");
	ck_assert_str_eq(game_part(g),
			 "....../....../...c../.b..../ABCd.. b 0 0 0 a1-c1:ABC");
	ck_assert_int_eq(pieces_of(g, 1), 3);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(capture_ends_option)
{
	bg_game *g = from_pos("bolotudu " FIRST_THREE);

	ck_assert_str_eq(list_moves(g),
			 "b1-c1 c2-c3 c2-d2 c2-c1xd1 c2-c1xa2 c2-c1xb2");
	bg_game_free(g);
}
END_TEST

/* The same three (cells and pieces) scores once: C leaves and comes back. */
START_TEST(same_three_scores_once)
{
	bg_game *g = from_pos("bolotudu " FIRST_THREE);
	bg_move m;

	play(g, "c2-c1xa2");
	play(g, "d3-d4");
	play(g, "c1-c2");
	play(g, "d4-d3");
	ck_assert(move_listed(g, "c2-c1"));
	ck_assert(!move_listed(g, "c2-c1xb2"));
	ck_assert_int_eq(bg_move_from_text(g, "c2-c1xb2", &m), BG_EILLEGAL);
	bg_game_free(g);

	g = from_pos("bolotudu:reuse_threes=1 " FIRST_THREE);
	play(g, "c2-c1xa2");
	play(g, "d3-d4");
	play(g, "c1-c2");
	play(g, "d4-d3");
	ck_assert(!move_listed(g, "c2-c1"));
	ck_assert(move_listed(g, "c2-c1xb2"));
	play(g, "c2-c1xb2");
	/* Black is down to 2 pieces: White wins. */
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/* Both sides with two or fewer pieces, which only a position text gives
 * (a step that removes keeps the mover's three): a draw. */
START_TEST(both_sides_short_draw)
{
	bg_game *g = from_pos("bolotudu ....../....../....../....../AB..ab w 0 0 0 - 0");

	expect(g, BG_DRAW, -1, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/*
 * a1 b1 c1 was scored with A B C. C c2-c1 makes it again with the same
 * pieces: not new, a plain step. D c2-c1 makes it with another piece: new,
 * it removes a2 or b2. With D on d1, C c2-c1 makes a1 b1 c1 d1, a run of
 * four: other cells, new. Order: by piece, then N E S W.
 */
START_TEST(new_piece_makes_a_new_three)
{
	bg_game *g = from_pos("bolotudu ....../....../....c./abC.../AB.... w 0 0 0 a1-c1:ABC 60");

	ck_assert_str_eq(list_moves(g), "b1-c1 c2-c3 c2-d2 c2-c1");
	bg_game_free(g);
	g = from_pos("bolotudu ....../....../C...c./abD.../AB.... w 0 0 0 a1-c1:ABC 60");
	ck_assert_str_eq(list_moves(g),
			 "b1-c1 c2-c3 c2-d2 c2-c1xa2 c2-c1xb2 a3-a4 a3-b3");
	bg_game_free(g);
	g = from_pos("bolotudu ....../....../....c./abC.../AB.D.. w 0 0 0 a1-c1:ABC 60");
	ck_assert_str_eq(list_moves(g),
			 "b1-c1 d1-d2 d1-e1 d1-c1xa2 d1-c1xb2 "
			 "c2-c3 c2-d2 c2-c1xa2 c2-c1xb2");
	play(g, "c2-c1xb2");
	ck_assert_str_eq(game_part(g),
			 "....../....../....c./a...../ABCD.. b 0 0 0 "
			 "a1-c1:ABC,a1-d1:ABCD");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/*
 * E d1-c1 makes a1 b1 c1 (A B E) and c1 c2 c3 (E C D): two threes, two
 * removals, one beside each. Beside the first: a2, b2; beside the second:
 * b2, d3 (d1 is left empty). Sets: {a2,b2} {a2,d3} {b2,d3}, each once.
 */
START_TEST(two_threes_two_removals)
{
	bg_game *g = from_pos("bolotudu ....de/....../..Dc../abC.../AB.E.. w 0 0 0 - 30");
	char list[512];
	size_t n = count_moves(g), k = 0;

	for (size_t i = 0; i < n; i++) {
		char buf[64];

		bg_move_to_text(g, &legal[i], buf, sizeof(buf), NULL);
		if (!strncmp(buf, "d1-c1", 5)) {
			ck_assert_int_eq(legal[i].nremove, 2);
			k += (size_t)snprintf(list + k, sizeof(list) - k, "%s%s",
					      k ? " " : "", buf);
		}
	}
	ck_assert_str_eq(list, "d1-c1xa2xb2 d1-c1xa2xd3 d1-c1xb2xd3");
	play(g, "d1-c1xa2xd3");
	ck_assert_str_eq(game_part(g),
			 "....de/....../..D.../.bC.../ABE... b 0 0 0 "
			 "a1-c1:ABE,c1-c3:CDE");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/*
 * The actions of that position's moves: the second removal ranks a move
 * among those that remove the same piece first, so d1-c1xa2xd3 has the
 * action after d1-c1xa2xb2 (b2 is cell 7, d3 cell 15). Every legal
 * move's action, numbered from the list, is one of bg_legal_actions()
 * and gives the move back.
 */
START_TEST(two_removals_ranked_actions)
{
	bg_game *g = from_pos("bolotudu ....de/....../..Dc../abC.../AB.E.. w 0 0 0 - 30");

	expect_listed_actions(g);
	ck_assert_uint_eq(action_of(g, "d1-c1xa2xd3"),
			  action_of(g, "d1-c1xa2xb2") + 1);
	bg_game_free(g);
}
END_TEST

/* Both threes have only b2 beside them: one removal, and Black is left
 * with two pieces, which loses. */
START_TEST(two_threes_one_piece_and_loss)
{
	bg_game *g = from_pos("bolotudu ....de/....../..D.../.bC.../AB.E.. w 0 0 0 - 30");

	ck_assert(move_listed(g, "d1-c1xb2"));
	play(g, "d1-c1xb2");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	ck_assert_str_eq(game_part(g),
			 "....de/....../..D.../..C.../ABE... b 0 0 0 "
			 "a1-c1:ABE,c1-c3:CDE");
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

/*
 * A three with no enemy piece beside it removes nothing and is not
 * scored: made again later with the same pieces, now with Black's c2
 * beside it, it removes that piece.
 */
START_TEST(three_without_victim_is_not_spent)
{
	bg_game *g = from_pos("bolotudu ....ab/....../....../..Cc../AB.... w 0 0 0 - 30");

	ck_assert(move_listed(g, "c2-c1"));
	play(g, "c2-c1");
	ck_assert_str_eq(game_part(g),
			 "....ab/....../....../...c../ABC... b 0 0 0 -");
	play(g, "d2-c2");
	play(g, "c1-d1");
	play(g, "e5-e4");
	ck_assert(move_listed(g, "d1-c1xc2"));
	ck_assert(!move_listed(g, "d1-c1"));
	bg_game_free(g);
}
END_TEST

/* ---- End of the game ------------------------------------------------------- */

/* White shuffles a1-a2, Black f5-f4: no threes possible. */
#define SHUFFLE "b.c..a/....../....../....../A.B.C. w 0 0 0 - 100"

START_TEST(threefold_repetition_draws)
{
	bg_game *g = from_pos("bolotudu " SHUFFLE);

	for (int round = 0; round < 2; round++) {
		ongoing(g);
		play(g, "a1-a2");
		play(g, "f5-f4");
		play(g, "a2-a1");
		play(g, "f4-f5");
	}
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);

	g = from_pos("bolotudu:repetition=2 " SHUFFLE);
	play(g, "a1-a2");
	play(g, "f5-f4");
	play(g, "a2-a1");
	ongoing(g);
	play(g, "f4-f5");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

/* White's a1 b1 a2 are shut in by Black's c1 b2 a3: White must pass. */
START_TEST(blocked_side_passes)
{
	bg_game *g = from_pos("bolotudu ....../....../c...../Cb..../ABa... w 0 0 0 - 50");

	ck_assert_str_eq(list_moves(g), "pass");
	play(g, "pass");
	ongoing(g);
	ck_assert_str_eq(game_part(g),
			 "....../....../c...../Cb..../ABa... b 0 0 1 -");
	ck_assert(!move_listed(g, "pass"));
	play(g, "c1-d1");
	ck_assert_str_eq(game_part(g),
			 "....../....../c...../Cb..../AB.a.. w 0 0 0 -");
	bg_game_free(g);
}
END_TEST

/* Two passes in a row draw. On this board they cannot happen in play (an
 * empty cell always borders some piece), so a position text says it. */
START_TEST(two_passes_draw)
{
	bg_game *g = from_pos("bolotudu ....../....../c...../Cb..../ABa... w 0 0 2 - 52");

	expect(g, BG_DRAW, -1, BG_REASON_PASSES);
	bg_game_free(g);
}
END_TEST

START_TEST(two_pieces_lose)
{
	bg_game *g = from_pos("bolotudu ....../....../....../....ab/ABC... w 0 0 0 - 80");

	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);
	/* While placing, few pieces on the board do not lose. */
	g = new_game("bolotudu");
	play(g, "a1,d1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(max_plies_option)
{
	bg_game *g = new_game("bolotudu:max_plies=3");

	play(g, "a1,d1");
	play(g, "a2,d2");
	ongoing(g);
	play(g, "a3,d3");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Key and text ----------------------------------------------------------- */

START_TEST(scored_threes_are_in_the_key)
{
	bg_game *a = from_pos("bolotudu ....../....../...c../.b..../ABCd.. b 0 0 0 a1-c1:ABC 41");
	bg_game *b = from_pos("bolotudu ....../....../...c../.b..../ABCd.. b 0 0 0 - 41");
	/* Pieces that no scored three names are keyed by side only. */
	bg_game *c = from_pos("bolotudu ....../....../...d../.b..../ABCc.. b 0 0 0 a1-c1:ABC 41");
	bg_game *d = from_pos("bolotudu ....../....../...c../.b..../ABDd.. b 0 0 0 a1-c1:ABC 41");

	ck_assert(bg_hash(a) != bg_hash(b));
	ck_assert(bg_hash(a) == bg_hash(c));
	ck_assert(bg_hash(a) != bg_hash(d));
	bg_game_free(a);
	bg_game_free(b);
	bg_game_free(c);
	bg_game_free(d);
}
END_TEST

START_TEST(undo_restores_threes)
{
	bg_game *g = from_pos("bolotudu " FIRST_THREE);
	char before[256];
	uint64_t h = bg_hash(g);

	snprintf(before, sizeof(before), "%s", game_part(g));
	play(g, "c2-c1xb2");
	ck_assert(bg_hash(g) != h);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_str_eq(before, game_part(g));
	ck_assert(bg_hash(g) == h);
	bg_game_free(g);
}
END_TEST

static const char *const bad_positions[] = {
	"bolotudu ....../....../....../....../..... w 12 12 0 - 0",
	"bolotudu ....../....../....../....../......x w 12 12 0 - 0",
	"bolotudu ....../....../....../....../.....M w 12 12 0 - 0",
	"bolotudu ....../....../....../....../A....A w 0 0 0 - 0",
	"bolotudu ....../....../....../....../...... x 12 12 0 - 0",
	"bolotudu ....../....../....../....../...... w 13 12 0 - 0",
	"bolotudu ....../....../....../....../...... w 12 12 3 - 0",
	"bolotudu ....../....../....../....../...... w 12 12 0 0",
	"bolotudu ....../....../....../....../...... w 12 12 0 -- 0",
	/* hands and side disagree, odd hands, wrong pieces while placing */
	"bolotudu ....../....../....../....../...... b 12 12 0 - 0",
	"bolotudu ....../....../....../....../A..... w 11 12 0 - 0",
	"bolotudu ....../....../....../....../B..a.b b 10 12 0 - 0",
	"bolotudu ....../....../....../....../A..B.. b 10 12 1 - 0",
	/* scored threes: while placing, bad runs, pieces, duplicates */
	"bolotudu ....../....../....../....../A..B.. b 10 12 0 a1-c1:ABC 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-b2:ABC 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 c1-a1:ABC 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-b1:AB 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-c1:AB 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-c1:ABc 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-c1:BAC 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-c1:ABC,a1-c1:ABC 0",
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 a1-c1:ABC, 0",
	/* White took 9 pieces: at most 18 threes; Black took 9: not 19 */
	"bolotudu ....../....../....../....../ABCabc w 0 0 0 "
	"a1-a3:abc,a1-a4:abcd,a1-a5:abcde,b1-b3:abc,b1-b4:abcd,b1-b5:abcde,"
	"c1-c3:abc,c1-c4:abcd,c1-c5:abcde,d1-d3:abc,d1-d4:abcd,d1-d5:abcde,"
	"e1-e3:abc,e1-e4:abcd,e1-e5:abcde,f1-f3:abc,f1-f4:abcd,f1-f5:abcde,"
	"a2-c2:abc 0",
};

START_TEST(bad_position_texts)
{
	expect_bad_position(bad_positions[_i]);
}
END_TEST

START_TEST(position_text_round_trip)
{
	const char *text = "bolotudu ....de/....../..D.../.bC.../ABE... b 0 0 0 "
			   "a1-c1:ABE,c1-c3:CDE 31";
	bg_game *g = from_pos(text);
	char back[512];

	snprintf(back, sizeof(back), "%s", position(g));
	ck_assert_str_eq(back, text);
	bg_game_free(g);
	/* Scored threes are read in any order and written sorted. */
	g = from_pos("bolotudu ....de/....../..D.../.bC.../ABE... b 0 0 0 "
		     "c1-c3:CDE,a1-c1:ABE 31");
	snprintf(back, sizeof(back), "%s", position(g));
	ck_assert_str_eq(back, text);
	bg_game_free(g);
}
END_TEST

static Suite *bolotudu_suite(void)
{
	Suite *s = suite_create("bolotudu");
	TCase *tc;

	tc = tcase_create("start");
	tcase_add_test(tc, board_is_6_by_5_cells);
	tcase_add_test(tc, start_position);
	tcase_add_test(tc, catalogue_entry);
	tcase_add_test(tc, perft_from_start);
	suite_add_tcase(s, tc);

	tc = tcase_create("placement");
	tcase_add_test(tc, pair_gap_three_apart);
	tcase_add_test(tc, pair_gap_cells_between_empty);
	tcase_add_test(tc, two_drops_text);
	tcase_add_test(tc, no_own_three_while_placing);
	tcase_add_test(tc, gap_waived_when_impossible);
	tcase_add_test(tc, three_rule_waived_per_drop);
	tcase_add_test(tc, placement_fills_24);
	suite_add_tcase(s, tc);

	tc = tcase_create("threes");
	tcase_add_test(tc, three_removes_a_piece_beside_it);
	tcase_add_test(tc, capture_ends_option);
	tcase_add_test(tc, piece_at_the_end_adjoins);
	tcase_add_test(tc, same_three_scores_once);
	tcase_add_test(tc, both_sides_short_draw);
	tcase_add_test(tc, new_piece_makes_a_new_three);
	tcase_add_test(tc, two_threes_two_removals);
	tcase_add_test(tc, two_removals_ranked_actions);
	tcase_add_test(tc, two_threes_one_piece_and_loss);
	tcase_add_test(tc, three_without_victim_is_not_spent);
	suite_add_tcase(s, tc);

	tc = tcase_create("end");
	tcase_add_test(tc, threefold_repetition_draws);
	tcase_add_test(tc, blocked_side_passes);
	tcase_add_test(tc, two_passes_draw);
	tcase_add_test(tc, two_pieces_lose);
	tcase_add_test(tc, max_plies_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("text");
	tcase_add_test(tc, scored_threes_are_in_the_key);
	tcase_add_test(tc, undo_restores_threes);
	tcase_add_loop_test(tc, bad_position_texts, 0,
			    sizeof(bad_positions) / sizeof(bad_positions[0]));
	tcase_add_test(tc, position_text_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(bolotudu_suite());
}
