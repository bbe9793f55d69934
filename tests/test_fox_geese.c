/*
 * Fox and Geese through the public API. Figures come from
 * doc/games/fox-geese.md or are worked out by hand beside the
 * test.
 */
#include <check.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

static bool legal_text(const bg_game *g, const char *text)
{
	bg_move m;

	return bg_move_from_text(g, text, &m) == BG_OK;
}

/* ---- Board ---------------------------------------------------------------- */

START_TEST(test_board)
{
	bg_game *g = new_game("fox-geese");
	int w, h, p;
	size_t solid = 0, dashed = 0;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_LINES);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert(w == 7 && h == 7);
	/* A 7x7 grid without its 2x2 corners. */
	ck_assert_uint_eq(bg_point_count(g), 33);
	ck_assert_int_eq(bg_point_find(g, "a1", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "b2", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "f6", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "g5", &p), BG_OK);
	for (size_t i = 0; i < bg_line_count(g); i++) {
		int style;

		bg_line_info(g, i, &style, NULL);
		solid += style == BG_LINE_SOLID;
		dashed += style == BG_LINE_DASHED;
	}
	/* 14 solid lines with 52 edges, 6 dashed with 20. */
	ck_assert_uint_eq(solid, 14);
	ck_assert_uint_eq(dashed, 6);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_SOLID), 52);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_DASHED), 20);
	/* d4: 4 solid neighbours, 8 with the dashed ones. */
	ck_assert_int_eq(degree(g, point(g, "d4"), BG_LINE_SOLID), 4);
	ck_assert_int_eq(degree(g, point(g, "d4"), -1), 8);
	ck_assert_int_eq(degree(g, point(g, "c1"), BG_LINE_SOLID), 2);
	ck_assert_int_eq(degree(g, point(g, "c1"), BG_LINE_DASHED), 1);
	ck_assert_int_eq(degree(g, point(g, "d1"), BG_LINE_DASHED), 0);
	/* Dashed lines only pass points with file + rank even (a = 1). */
	for (size_t i = 0; i < bg_line_count(g); i++) {
		int style, q, x, y;
		size_t n;

		bg_line_info(g, i, &style, &n);
		for (size_t k = 0; style == BG_LINE_DASHED && k < n; k++) {
			bg_line_point(g, i, k, &q);
			bg_point_coords(g, q, &x, &y);
			ck_assert_int_eq((x + y) % 2, 0);
		}
	}
	/* The geese's 13 black circles are seat 0's marks. */
	ck_assert_int_eq(bg_point_marks(g, point(g, "c1")), BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_marks(g, point(g, "g3")), BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_marks(g, point(g, "a4")), 0);
	bg_game_free(g);
	g = new_game("fox-geese:geese=17,fox=d6");
	ck_assert_int_eq(bg_point_marks(g, point(g, "a4")), BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_marks(g, point(g, "d6")), BG_MARK_HOME1);
	bg_game_free(g);
}
END_TEST

START_TEST(test_catalog)
{
	bg_game *g = new_game("lisa-gusi");
	static const char *const bad[] = {
		"fox-geese:fox=d3", "fox-geese:fox=a1", "fox-geese:fox=z9",
		"fox-geese:fox=D4", "fox-geese:fox=d44", "fox-geese:geese=15",
		"fox-geese:geese=17,fox=a4",
	};

	ck_assert_str_eq(bg_game_name(g), "fox-geese");
	ck_assert_str_eq(bg_seat_name(g, 0), "Geese");
	ck_assert_str_eq(bg_seat_name(g, 1), "Fox");
	bg_game_free(g);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(bg_game_new(&g, bad[i]) == BG_EOPTION,
			      "accepted %s", bad[i]);
	g = new_game("fox-geese:fox=any,geese=13");
	ck_assert_str_eq(bg_game_spec(g), "fox-geese");
	bg_game_free(g);
	g = new_game("fox-geese:fox=a4");
	ck_assert_str_eq(bg_game_spec(g), "fox-geese:fox=a4");
	bg_game_free(g);
}
END_TEST

/* ---- Set-up --------------------------------------------------------------- */

START_TEST(test_placement)
{
	bg_game *g = new_game("fox-geese");
	int seat, kind;

	/* Ply 1: the fox's side places it on any of the 20 empty points. */
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert_uint_eq(count_moves(g), 20);
	for (size_t i = 0; i < 20; i++)
		ck_assert(legal[i].kind == BG_MOVE_PLACE && legal[i].npath == 1);
	ck_assert_str_eq(list_moves(g),
			 "a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 c6 d6 e6 c7 d7 e7");
	ck_assert_int_eq(bg_play_text(g, "d3"), BG_EILLEGAL);
	ck_assert_str_eq(position(g),
			 "fox-geese .../.../......./......./ggggggg/ggg/ggg f 0");
	play(g, "d5");
	bg_point_piece(g, point(g, "d5"), &seat, &kind);
	ck_assert(seat == 1 && kind == BG_PIECE_KING);
	/* Then the geese begin. */
	ck_assert_int_eq(bg_to_move(g), 0);
	bg_game_free(g);
	/* 17 geese leave 16 points. */
	g = new_game("fox-geese:geese=17");
	ck_assert_uint_eq(count_moves(g), 16);
	bg_game_free(g);
	/* A fixed start: no placing, the geese have ply 1. */
	g = new_game("fox-geese:fox=d4");
	ck_assert_int_eq(bg_to_move(g), 0);
	bg_point_piece(g, point(g, "d4"), &seat, &kind);
	ck_assert(seat == 1 && kind == BG_PIECE_KING);
	ck_assert_str_eq(list_moves(g), "a3-a4 b3-b4 c3-c4 e3-e4 f3-f4 g3-g4");
	bg_game_free(g);
}
END_TEST

START_TEST(test_perft)
{
	bg_game *g = new_game("fox-geese");

	/* 20 placings. Then only the seven geese of rank 3 can move, each
	 * one point forward, less the one the fox stands in front of when
	 * it is on rank 4: 7 * 6 + 13 * 7 = 133. */
	ck_assert_uint_eq(perft(g, 1), 20);
	ck_assert_uint_eq(perft(g, 2), 133);
	bg_game_free(g);
	/* Fox on d4: 6 goose moves; then the fox has d5 c4 e4 (or d5 and a
	 * capture over the goose that came to c4 or e4): 3 each. */
	g = new_game("fox-geese:fox=d4");
	ck_assert_uint_eq(perft(g, 1), 6);
	ck_assert_uint_eq(perft(g, 2), 18);
	bg_game_free(g);
	/* 17 geese: 16 placings; the geese then have c3-c4 d3-d4 e3-e4,
	 * a4-a5 b4-b5 f4-f5 g4-g5, b4-c4 f4-e4 (9), less those the fox
	 * blocks: c4 2, d4 1, e4 2, a5 b5 f5 g5 1 each, c5 d5 e5 and the six
	 * of ranks 6-7 none: 3*9 - 5 + 4*8 + 3*9 + 6*9 = 135. */
	g = new_game("fox-geese:geese=17");
	ck_assert_uint_eq(perft(g, 2), 135);
	bg_game_free(g);
}
END_TEST

/* ---- Moves ---------------------------------------------------------------- */

/* A goose on d4, the fox on g5, eight geese on ranks 1-2 and a3 b3. */
#define GOOSE_D4 "fox-geese .../.../......f/...g.../gg...../ggg/ggg g 0"

START_TEST(test_goose_moves)
{
	bg_game *g = from_pos(GOOSE_D4);

	/* Forward and sideways along solid lines; never back, never on a
	 * diagonal (even when the fox may use them). */
	ck_assert_str_eq(moves_from(g, "d4"), "d4-c4 d4-e4 d4-d5");
	ck_assert(!legal_text(g, "d4-d3"));
	ck_assert(!legal_text(g, "d4-c5"));
	bg_game_free(g);
	g = from_pos("fox-geese:fox_diagonals=1 .../.../......f/...g.../gg...../ggg/ggg g 0");
	ck_assert_str_eq(moves_from(g, "d4"), "d4-c4 d4-e4 d4-d5");
	bg_game_free(g);
	g = from_pos("fox-geese:geese_backward=1 .../.../......f/...g.../gg...../ggg/ggg g 0");
	ck_assert_str_eq(moves_from(g, "d4"), "d4-d3 d4-c4 d4-e4 d4-d5");
	/* c2 back to... c1 is taken; a3 back: nothing below it. */
	ck_assert_str_eq(moves_from(g, "a3"), "a3-a4");
	bg_game_free(g);
}
END_TEST

START_TEST(test_fox_steps)
{
	/* The fox alone in the middle of an empty top half. */
	bg_game *g = from_pos("fox-geese .../.../......./...f.../ggggggg/ggg/ggg f 0");

	ck_assert_str_eq(list_moves(g), "d4-c4 d4-e4 d4-d5");
	bg_game_free(g);
	g = from_pos("fox-geese:fox_diagonals=1 .../.../......./...f.../ggggggg/ggg/ggg f 0");
	/* Four solid and four dashed neighbours; c3 d3 e3 hold geese, and
	 * d3 e3 c3 cannot be jumped (d2 e2 c2 behind them are taken). */
	ck_assert_str_eq(list_moves(g), "d4-c4 d4-e4 d4-c5 d4-d5 d4-e5");
	bg_game_free(g);
}
END_TEST

/* Fox c3; geese d3, e4, e6 in a row to jump, and ten that stay. */
#define CHAIN "fox-geese .../..g/......./....g../ggfg.gg/ggg/ggg f 0"

START_TEST(test_fox_chain)
{
	bg_game *g = from_pos(CHAIN);
	const char *all;

	/* The step c4, then every chain and each of its prefixes: capture
	 * and continuing are both optional. */
	all = list_moves(g);
	ck_assert_str_eq(all, "c3-c4 c3xe3 c3xe3xe5 c3xe3xe5xe7");
	ck_assert_int_eq(legal[3].kind, BG_MOVE_CAPTURE);
	ck_assert_int_eq(legal[3].npath, 4);
	/* No jump over two geese (b3 a3), nor onto a goose (c2 to c1). */
	ck_assert(!legal_text(g, "c3xa3"));
	ck_assert(!legal_text(g, "c3xc1"));
	/* From-to is enough when it fits one move. */
	play(g, "c3-e7");
	ck_assert_str_eq(position(g),
			 "fox-geese ..f/.../......./......./gg...gg/ggg/ggg g 1");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_undo(g);
	play(g, "c3xe3");
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_uint_eq(bg_point_count(g), 33);
	bg_game_free(g);
	/* Without the option the fox does not jump along a diagonal. */
	g = from_pos("fox-geese .../.../......g/...g..g/..f..../ggg/ggg f 0");
	ck_assert(!legal_text(g, "c3xe5"));
	bg_game_free(g);
}
END_TEST

/* Fox c3 in a square of geese d3 e4 d5 c4; five more far away. */
#define SQUARE "fox-geese .g./.../...g..g/g.g.g.g/..fg..g/.../... f 0"

START_TEST(test_fox_chain_dedupe)
{
	bg_game *g = from_pos(SQUARE);
	bg_move a, b;

	/* Round the square both ways: the full circle takes the same four
	 * geese and ends on c3 either way, so it is listed once (the first
	 * found: jumps are tried by landing point, e3 before c5). */
	ck_assert_str_eq(list_moves(g),
			 "c3-c2 c3-b3 c3xe3 c3xe3xe5 c3xe3xe5xc5 c3xe3xe5xc5xc3 "
			 "c3xc5 c3xc5xe5 c3xc5xe5xe3");
	/* The other way round is read as the same move. */
	ck_assert_int_eq(bg_move_from_text(g, "c3xc5xe5xe3xc3", &a), BG_OK);
	ck_assert_int_eq(bg_move_from_text(g, "c3xe3xe5xc5xc3", &b), BG_OK);
	ck_assert(bg_move_equal(&a, &b));
	ck_assert_int_eq(bg_move_from_text(g, "c3-c3", &a), BG_OK);
	ck_assert(bg_move_equal(&a, &b));
	/* A path that is no chain is refused. */
	ck_assert_int_eq(bg_move_from_text(g, "c3xe3xc3", &a), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_fox_diagonal_jump)
{
	bg_game *g = from_pos("fox-geese:fox_diagonals=1 .../.../......g/...g..g/..f..../ggg/ggg f 0");

	/* c3 over d4 to e5 along the dashed c3-d4-e5. */
	ck_assert(legal_text(g, "c3xe5"));
	play(g, "c3xe5");
	/* Nine geese before, eight after: below nine, the fox has won. */
	expect(g, BG_WIN, 1, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/* ---- The end -------------------------------------------------------------- */

START_TEST(test_fox_wins)
{
	bg_game *g = from_pos(SQUARE);

	/* Nine geese: one capture leaves eight. */
	play(g, "c3xe3");
	expect(g, BG_WIN, 1, BG_REASON_PIECES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_undo(g);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
	/* 17 geese: the same threshold, nine captures. */
	g = from_pos("fox-geese:geese=17 .g./.../...g..g/g.g.g.g/..fg..g/.../... f 0");
	play(g, "c3xe3");
	expect(g, BG_WIN, 1, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

START_TEST(test_geese_win)
{
	/* Fox c7; d6-d7 leaves it no step and no jump (c5, e7 taken). */
	bg_game *g = from_pos("fox-geese f.g/gg./..g..../......./......./gg./ggg g 0");

	play(g, "d6-d7");
	ck_assert_int_eq(bg_to_move(g), 1);
	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

/* Twelve geese, none with a move forward or sideways; the fox on c5. */
#define GEESE_STUCK "fox-geese ggg/ggg/ggfgggg/......./......./.../... g 0"

START_TEST(test_geese_stuck)
{
	bg_game *g = from_pos(GEESE_STUCK);

	/* [CHOICE] default: geese with no move lose. */
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);
	g = from_pos("fox-geese:no_moves=pass ggg/ggg/ggfgggg/......./......./.../... g 0");
	ck_assert_str_eq(list_moves(g), "pass");
	play(g, "pass");
	ck_assert_int_eq(bg_to_move(g), 1);
	bg_game_free(g);
	/* Backward steps free them. */
	g = from_pos("fox-geese:geese_backward=1 ggg/ggg/ggfgggg/......./......./.../... g 0");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	ck_assert_uint_eq(count_moves(g), 6); /* a5 b5 d5 e5 f5 g5 down */
	bg_game_free(g);
}
END_TEST

/* Fox d6, twelve geese; f3 and g3 shuttle with the fox. */
#define SHUTTLE "fox-geese .../.f./......./......./gggggg./ggg/ggg g 0"

START_TEST(test_repetition)
{
	const char *cycle = "f3-g3 d6-d7 g3-f3 d7-d6";
	bg_game *g = from_pos(SHUTTLE);

	play_all(g, cycle);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play_all(g, "f3-g3 d6-d7 g3-f3");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "d7-d6");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
	g = from_pos("fox-geese:repetition=2 .../.f./......./......./gggggg./ggg/ggg g 0");
	play_all(g, cycle);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
	/* A forward goose move cuts the count: nothing before it returns. */
	g = from_pos(SHUTTLE);
	play_all(g, "f3-g3 d6-d7 g3-f3 d7-d6 a3-a4 d6-d5 f3-g3 d5-d6 g3-f3 "
		    "d6-d5 f3-g3 d5-d6");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
}
END_TEST

START_TEST(test_max_plies)
{
	bg_game *g = new_game("fox-geese:max_plies=2");

	play(g, "d5");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "d3-d4");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Evaluation ----------------------------------------------------------- */

/* The value of a position text for the geese. */
static double geese_value_of(const char *text)
{
	bg_game *g = from_pos(text);
	double v = seat0_value(g);

	bg_game_free(g);
	return v;
}

/* Fox d7 behind a wall on rank 5, the top arm its room; the same with d5
 * moved back to d2, which lets it reach d5 too. */
#define WALL "fox-geese .f./.../ggggggg/..ggg../..ggg../.../... g 0"
#define WALL_D5 "fox-geese .f./.../ggg.ggg/..ggg../..ggg../.g./... g 0"
/* A goose on c6 (c1 gone): above the fox on d5, not above it on d7. */
#define C6_FOX_D5 ".../g../...f.../......./ggggggg/ggg/.gg g 0"
#define C6_FOX_D7 ".f./g../......./......./ggggggg/ggg/.gg g 0"

/* Even at the start, before and after the placing; a goose taken, more
 * room for the fox or a goose left above it count against the geese. */
START_TEST(test_evaluate)
{
	bg_game *g;

	expect_even_opening("fox-geese", "d5");
	g = new_game("fox-geese:geese=17,fox=d6");
	ck_assert(seat0_value(g) == 0.5);
	bg_game_free(g);

	/* c1 taken; shut off, it leaves the fox's room as it was. */
	ck_assert(geese_value_of("fox-geese .../.../...f.../......./ggggggg/ggg/.gg g 0") <
		  0.5);
	ck_assert(geese_value_of(WALL) > geese_value_of(WALL_D5));
	/* The same room; with backward steps the goose may come back. */
	ck_assert(geese_value_of("fox-geese " C6_FOX_D5) <
		  geese_value_of("fox-geese " C6_FOX_D7));
	ck_assert(geese_value_of("fox-geese:geese_backward=1 " C6_FOX_D5) ==
		  geese_value_of("fox-geese:geese_backward=1 " C6_FOX_D7));
}
END_TEST

/* ---- Position text and hash ----------------------------------------------- */

START_TEST(test_position_text)
{
	bg_game *g = new_game("fox-geese"), *h;
	static const char *const bad[] = {
		/* no fox after the placing, or with the fox fixed */
		"fox-geese .../.../......./......./ggggggg/ggg/ggg g 2",
		"fox-geese:fox=d5 .../.../......./......./ggggggg/ggg/ggg f 0",
		/* no fox with fewer geese than the start */
		"fox-geese .../.../......./......./gggggg./ggg/ggg f 0",
		/* two foxes, 14 geese, bad letters and lengths */
		"fox-geese f../.../......./......./ggggggg/ggg/ggf f 0",
		"fox-geese f../.../......./g....../ggggggg/ggg/ggg g 0",
		"fox-geese f../.../......./......./gggxggg/ggg/ggg g 0",
		"fox-geese f.../.../......./......./ggggggg/ggg/ggg g 0",
		"fox-geese f../.../......./......./ggggggg/ggg g 0",
		"fox-geese f../.../......./......./ggggggg/ggg/ggg w 0",
		"fox-geese f../.../......./......./ggggggg/ggg/ggg g g 0",
	};

	play_all(g, "c7 a3-a4");
	ck_assert_str_eq(position(g),
			 "fox-geese f../.../......./g....../.gggggg/ggg/ggg f 2");
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
	bg_game *a = new_game("fox-geese"), *b = new_game("fox-geese:fox=d6");
	uint64_t start = bg_hash(a);

	/* The placed fox reaches the fixed start's position. */
	play(a, "d6");
	ck_assert_uint_eq(bg_hash(a), bg_hash(b));
	/* Unplaced fox, fox to move: another position than any later one. */
	bg_undo(a);
	ck_assert_uint_eq(bg_hash(a), start);
	ck_assert_uint_ne(bg_hash(a), bg_hash(b));
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("fox-geese");
	TCase *t = tcase_create("rules");

	tcase_add_test(t, test_board);
	tcase_add_test(t, test_catalog);
	tcase_add_test(t, test_placement);
	tcase_add_test(t, test_perft);
	tcase_add_test(t, test_goose_moves);
	tcase_add_test(t, test_fox_steps);
	tcase_add_test(t, test_fox_chain);
	tcase_add_test(t, test_fox_chain_dedupe);
	tcase_add_test(t, test_fox_diagonal_jump);
	tcase_add_test(t, test_fox_wins);
	tcase_add_test(t, test_geese_win);
	tcase_add_test(t, test_geese_stuck);
	tcase_add_test(t, test_repetition);
	tcase_add_test(t, test_max_plies);
	tcase_add_test(t, test_evaluate);
	tcase_add_test(t, test_position_text);
	tcase_add_test(t, test_hash);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return run_suite(suite());
}
