/*
 * Leopards and Cows through the public API. Figures come from
 * doc/games/leopards-cows.md or are worked out by hand beside the
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

/* The captures of the list, in order. */
static const char *captures(const bg_game *g)
{
	static char out[4096];
	size_t n = count_moves(g), len = 0;
	char buf[256];

	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		if (legal[i].kind != BG_MOVE_CAPTURE)
			continue;
		bg_move_to_text(g, &legal[i], buf, sizeof(buf), NULL);
		len += (size_t)snprintf(out + len, sizeof(out) - len, "%s%s",
					len ? " " : "", buf);
	}
	return out;
}

/*
 * A position text built from point names: the ranks from the top, each its
 * points from the left (the page's format), then the side to move and the
 * cows still to enter.
 */
static bg_game *setup(const char *spec, const char *leopards,
		      const char *cows, char turn, int hand)
{
	bg_game *g = new_game(spec);
	char text[512], name[8];
	size_t len = (size_t)snprintf(text, sizeof(text), "%s ", spec);
	int w, h, np = (int)bg_point_count(g);

	bg_board_size(g, &w, &h);
	for (int y = h - 1; y >= 0; y--) {
		int any = 0;

		for (int x = 0; x < w; x++)
			for (int p = 0; p < np; p++) {
				int px, py;

				bg_point_coords(g, p, &px, &py);
				if (px != x || py != y)
					continue;
				bg_point_name(g, p, name, sizeof(name), NULL);
				text[len++] = has_word(leopards, name) ? 'l' :
					      has_word(cows, name) ? 'c' : '.';
				any = 1;
			}
		if (any)
			text[len++] = y ? '/' : ' ';
	}
	snprintf(text + len, sizeof(text) - len, "%c %d 0", turn, hand);
	bg_game_free(g);
	return from_pos(text);
}

static bool legal_text_any(const bg_game *g, const char *text)
{
	bg_move m;

	return bg_move_from_text(g, text, &m) == BG_OK;
}

/* 17 cows on the lower ranks, seven taken already. */
#define LOW17 "c1 e1 g1 d2 e2 f2 a3 c3 d3 e3 f3 g3 i3 b4 c4 d4 e4"

/* ---- Board ---------------------------------------------------------------- */

START_TEST(test_board)
{
	bg_game *g = new_game("leopards-cows");
	int w, h, p, style;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_LINES);
	bg_board_size(g, &w, &h);
	ck_assert(w == 9 && h == 9);
	ck_assert_uint_eq(bg_point_count(g), 49);
	ck_assert_uint_eq(bg_line_count(g), 24);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_SOLID), 96);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_DASHED), 0);
	ck_assert_int_eq(degree(g, point(g, "e5"), -1), 8);
	ck_assert_int_eq(degree(g, point(g, "c1"), -1), 2);
	ck_assert_int_eq(bg_point_find(g, "a1", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "b3", &p), BG_EPARSE);
	ck_assert_int_eq(bg_point_find(g, "i7", &p), BG_OK);
	/* g5-f4-e3-d2-c1 is one line: the triangle continues the square's
	 * short diagonal. */
	for (size_t i = 0; i < bg_line_count(g); i++) {
		size_t n;
		int a, b;

		bg_line_info(g, i, &style, &n);
		bg_line_point(g, i, 0, &a);
		bg_line_point(g, i, n - 1, &b);
		if (a == point(g, "c1") && b == point(g, "i7"))
			ck_assert_uint_eq(n, 7);
	}
	bg_game_free(g);
	/* The other board of the [CHOICE]: the 33-point cross, all lines. */
	g = new_game("leopards-cows:board=33");
	bg_board_size(g, &w, &h);
	ck_assert(w == 7 && h == 7);
	ck_assert_uint_eq(bg_point_count(g), 33);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_SOLID), 52);
	ck_assert_uint_eq(edges_of_style(g, BG_LINE_DASHED), 20);
	bg_game_free(g);
}
END_TEST

START_TEST(test_catalog)
{
	bg_game *g = new_game("leopardy-korovy");

	ck_assert_str_eq(bg_game_name(g), "leopards-cows");
	ck_assert_str_eq(bg_seat_name(g, 0), "Leopards");
	ck_assert_str_eq(bg_seat_name(g, 1), "Cows");
	bg_game_free(g);
	ck_assert_int_eq(bg_game_new(&g, "leopards-cows:board=25"), BG_EOPTION);
	g = new_game("leopards-cows:board=49,multi_jump=0,forced_capture=0");
	ck_assert_str_eq(bg_game_spec(g), "leopards-cows");
	bg_game_free(g);
}
END_TEST

/* ---- Placing -------------------------------------------------------------- */

START_TEST(test_placing_order)
{
	bg_game *g = new_game("leopards-cows");

	/* Leopard, cow, leopard, cow: each on any empty point. */
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_uint_eq(count_moves(g), 49);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	play(g, "e5");
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert_uint_eq(count_moves(g), 48);
	ck_assert_int_eq(bg_play_text(g, "e5"), BG_EILLEGAL);
	play(g, "e4");
	/* No leopard move before the second leopard is placed. */
	ck_assert_uint_eq(count_moves(g), 47);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	play(g, "a5");
	ck_assert_uint_eq(count_moves(g), 46);
	play(g, "e6");
	/* Now the leopards move. */
	ck_assert_int_eq(bg_to_move(g), 0);
	count_moves(g);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_STEP);
	play(g, "a5-b5");
	/* After each leopard move one more cow enters. */
	ck_assert_uint_eq(count_moves(g), 45);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	ck_assert_str_eq(position(g),
			 "leopards-cows .../.../......./...c.../.l..l..../...c.../......./.../... c 22 5");
	bg_game_free(g);
}
END_TEST

START_TEST(test_perft)
{
	bg_game *g = new_game("leopards-cows");

	/* Four placings on an empty 49-point board: 49 * 48 * 47. */
	ck_assert_uint_eq(perft(g, 1), 49);
	ck_assert_uint_eq(perft(g, 2), 49 * 48);
	ck_assert_uint_eq(perft(g, 3), 49 * 48 * 47);
	bg_game_free(g);
	g = new_game("leopards-cows:board=33");
	ck_assert_uint_eq(perft(g, 2), 33 * 32);
	bg_game_free(g);
}
END_TEST

START_TEST(test_cows_enter_then_move)
{
	/* One cow left to enter: the cows' turn is a placing on one of the
	 * 49 - 19 empty points. */
	bg_game *g = setup("leopards-cows", "c9 g9", LOW17, 'c', 1);

	ck_assert_uint_eq(count_moves(g), 30);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	bg_game_free(g);
	/* All 24 entered: now they step, along any line, any way. */
	g = setup("leopards-cows", "c9 g9", LOW17, 'c', 0);
	count_moves(g);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_STEP);
	ck_assert(legal_text_any(g, "e4-e5"));
	ck_assert(legal_text_any(g, "e4-f4"));
	ck_assert(legal_text_any(g, "d4-c5"));
	/* e4 lies on no diagonal line. */
	ck_assert(!legal_text_any(g, "e4-d5"));
	ck_assert(legal_text_any(g, "b4-b5"));
	ck_assert(!legal_text_any(g, "e4-e6"));
	bg_game_free(g);
}
END_TEST

/* ---- Leopards' moves ------------------------------------------------------ */

START_TEST(test_leopard_steps)
{
	/* e5 in the middle has 8 neighbours, c1 only d2 and e1. */
	bg_game *g = setup("leopards-cows", "c1 e5", "i3", 'l', 22);

	ck_assert_str_eq(list_moves(g),
			 "c1-e1 c1-d2 e5-d4 e5-e4 e5-f4 e5-d5 e5-f5 e5-d6 e5-e6 e5-f6");
	bg_game_free(g);
}
END_TEST

START_TEST(test_capture)
{
	/* e3 over d2 to c1, along the line g5-f4-e3-d2-c1. */
	bg_game *g = setup("leopards-cows", "a5 e3", "d2", 'l', 22);

	ck_assert_str_eq(captures(g), "e3xc1");
	play(g, "e3xc1");
	ck_assert_str_eq(position(g),
			 "leopards-cows .../.../......./......./l......../......./......./.../l.. c 22 1");
	bg_game_free(g);
	/* No jump over a leopard, nor onto a piece. */
	g = setup("leopards-cows", "e5 f5", "d5 c5", 'l', 22);
	ck_assert_str_eq(captures(g), "");
	bg_game_free(g);
}
END_TEST

/* Leopards e5 and c1; cows f5 and h5 in a row east of e5. */
#define ROW "e5 c1", "f5 h5", 'l', 22

START_TEST(test_single_jump)
{
	/* [CHOICE] default: one jump per turn, not compulsory. */
	bg_game *g = setup("leopards-cows", ROW);

	ck_assert_str_eq(captures(g), "e5xg5");
	ck_assert_uint_eq(count_moves(g), 2 + 7 + 1);
	ck_assert_int_eq(bg_play_text(g, "e5xg5xi5"), BG_EILLEGAL);
	bg_game_free(g);
	g = setup("leopards-cows:multi_jump=1", ROW);
	/* Chains, each prefix a move of its own. */
	ck_assert_str_eq(captures(g), "e5xg5 e5xg5xi5");
	ck_assert_uint_eq(count_moves(g), 2 + 7 + 2);
	bg_game_free(g);
	g = setup("leopards-cows:forced_capture=1", ROW);
	/* A capture must be made: the steps go. */
	ck_assert_str_eq(list_moves(g), "e5xg5");
	bg_game_free(g);
	g = setup("leopards-cows:forced_capture=1,multi_jump=1", ROW);
	/* ... and carried on while it can. */
	ck_assert_str_eq(list_moves(g), "e5xg5xi5");
	bg_game_free(g);
}
END_TEST

START_TEST(test_chain_dedupe)
{
	/* Leopard c3 in the square c3 e3 e5 c5 of cows d3 e4 d5 c4: both
	 * ways round end on c3 with all four taken, listed once. */
	bg_game *g = setup("leopards-cows:multi_jump=1", "c3 i7",
			   "d3 e4 d5 c4 a5", 'l', 19);
	const char *caps = captures(g);
	bg_move a, b;

	ck_assert_str_eq(caps, "c3xe3 c3xe3xe5 c3xe3xe5xc5 c3xe3xe5xc5xc3 "
			       "c3xc5 c3xc5xe5 c3xc5xe5xe3");
	ck_assert_int_eq(bg_move_from_text(g, "c3xc5xe5xe3xc3", &a), BG_OK);
	ck_assert_int_eq(bg_move_from_text(g, "c3xe3xe5xc5xc3", &b), BG_OK);
	ck_assert(bg_move_equal(&a, &b));
	/* The leopard is back on c3; four of the five cows are gone. */
	ck_assert_int_eq(bg_play(g, &a), BG_OK);
	ck_assert_str_eq(position(g),
			 "leopards-cows:multi_jump=1 .../.../......l/......./c......../......./.l...../.../... c 19 1");
	bg_game_free(g);
}
END_TEST

/* A position a random game reached (one in three million): 5,872
 * different chains, more than the list had room for until it was made
 * 16,384 chains long. The leopard on g3 jumps a lattice of cows. */
START_TEST(test_chains_by_thousands)
{
	bg_game *g = NULL;
	bg_move *buf;
	size_t n;

	ck_assert_int_eq(bg_game_from_position(&g,
		"leopards-cows:multi_jump=1 ..c/.c./..c.c../.cccc../"
		"...c.c.../.cccccc/c.c.c.l/.../clc l 0 48"), BG_OK);
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(bg_legal_moves(g, buf, bg_max_moves(g), &n), BG_OK);
	ck_assert_uint_eq(n, 5872);
	free(buf);
	bg_game_free(g);
}
END_TEST

/* ---- The end -------------------------------------------------------------- */

START_TEST(test_leopards_win)
{
	/* Seven taken (8 entered, one on the board): the eighth wins. */
	bg_game *g = setup("leopards-cows", "e5 c1", "f5", 'l', 16);

	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "e5xg5");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_cows_win)
{
	/* Leopards c1 and g1; cows d2 e1 f2; the cow placed on e3 shuts both
	 * in, while cows are still entering. */
	bg_game *g = setup("leopards-cows", "c1 g1", "d2 e1 f2", 'c', 21);

	play(g, "e3");
	ck_assert_int_eq(bg_to_move(g), 0);
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
	/* The other leopard free is enough: here it can even take e1. */
	g = setup("leopards-cows", "c1 a5", "d2 e1 f2", 'c', 21);
	play(g, "e3");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	ck_assert_str_eq(list_moves(g), "c1xg1 a5-a3 a5-b5 a5-a7");
	bg_game_free(g);
}
END_TEST

START_TEST(test_no_moves_option)
{
	/* Cows with no move: with at most 7 taken, 17 cows are on the board
	 * and two leopards cannot fence them in (each triangle joins the
	 * rest through one point only), so the rule is reachable only with
	 * the option itself; check that both values are accepted. */
	bg_game *g = new_game("leopards-cows:no_moves=pass");

	ck_assert_str_eq(bg_game_spec(g), "leopards-cows:no_moves=pass");
	bg_game_free(g);
}
END_TEST

START_TEST(test_repetition)
{
	const char *cycle = "c9-d8 e4-e5 d8-c9 e5-e4";
	bg_game *g = setup("leopards-cows", "c9 g9", LOW17, 'l', 0);

	play_all(g, cycle);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play_all(g, "c9-d8 e4-e5 d8-c9");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "e5-e4");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
	g = setup("leopards-cows:repetition=2", "c9 g9", LOW17, 'l', 0);
	play_all(g, cycle);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(test_max_plies)
{
	bg_game *g = new_game("leopards-cows:max_plies=1");

	play(g, "e5");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Evaluation ----------------------------------------------------------- */

/* The same for a position of the 49-point board (see setup()). */
static double leopards_value_of(const char *leopards, const char *cows,
				char turn, int hand)
{
	bg_game *g = setup("leopards-cows", leopards, cows, turn, hand);
	double v = seat0_value(g);

	bg_game_free(g);
	return v;
}

/* Sixteen cows, seventeen with one on g6 or g5: the bottom triangle and the
 * top row, far from the leopards, and a wall round g5 that a leopard on g5
 * could not jump (e3, e5, e7 and g7 stand behind it). */
#define FAR9 "c1 e1 g1 d2 e2 f2 c9 e9 g9"
#define WALL "f4 f5 f6 e3 e5 e7 g7"

/* Even at the start; a cow taken, a cow open to a jump count for the
 * leopards, a leopard shut in counts against them; so do a leopard with
 * few moves, cows near a leopard, and, with the cows to move, a gap they
 * can close at once. A cow the leopards can jump counts for them when
 * they are to move. */
START_TEST(test_evaluate)
{
	expect_even_opening("leopards-cows", "e5");

	/* Two cows entered; g9 taken. Tips (c9, g9) cannot be jumped. */
	ck_assert(leopards_value_of("e5 a5", "c9", 'l', 22) >
		  leopards_value_of("e5 a5", "c9 g9", 'l', 22));
	/* One cow: on e2 (d2 and f2 empty) or on the tip c1. */
	ck_assert(leopards_value_of("e5 a5", "e2", 'c', 23) >
		  leopards_value_of("e5 a5", "c1", 'c', 23));
	/* The same cows; the leopard on c1 can neither step nor jump. */
	ck_assert(leopards_value_of("c1 e5", "e1 g1 d2 e3", 'c', 20) <
		  leopards_value_of("a5 e5", "e1 g1 d2 e3", 'c', 20));
	/* Room to spare and the cow (on a tip, not open) far from both:
	 * c9 has two moves, e8 four. */
	ck_assert(leopards_value_of("c9 a5", "c1", 'l', 22) <
		  leopards_value_of("e8 a5", "c1", 'l', 22));
	/* The cow on a tip, two steps from the leopard on e3 or six. */
	ck_assert(leopards_value_of("e3 i5", "c1", 'l', 22) <
		  leopards_value_of("e3 i5", "c9", 'l', 22));
	/* e4 can be jumped from e5 at once; backed by e3 it cannot, and the
	 * side to move no longer matters. */
	ck_assert(leopards_value_of("e5 a5", "e4", 'l', 22) >
		  leopards_value_of("e5 a5", "e4", 'c', 22));
	ck_assert(leopards_value_of("e5 a5", "e3 e4", 'l', 22) ==
		  leopards_value_of("e5 a5", "e3 e4", 'c', 22));
	/* The leopard on i5 walks out of its triangle through g5 and g4
	 * while the leopards are to move; the cows to move close g5 from g6
	 * (or do better), so the gap counts as closed. */
	ck_assert(leopards_value_of("i5 a5", FAR9 " " WALL " g6", 'c', 0) <
		  leopards_value_of("i5 a5", FAR9 " " WALL " g6", 'l', 0));
	ck_assert(leopards_value_of("i5 a5", FAR9 " " WALL " g6", 'c', 0) <=
		  leopards_value_of("i5 a5", FAR9 " " WALL " g5", 'l', 0));
}
END_TEST

/* ---- Position text and hash ----------------------------------------------- */

START_TEST(test_position_text)
{
	bg_game *g = new_game("leopards-cows"), *h;
	const char *empty = ".../.../......./......./........./......./......./.../...";
	static const char *const bad[] = {
		/* three leopards; leopard 2 before cow 1; cows before leopards */
		"l../l../l....../......./........./......./......./.../... c 24 0",
		"l../l../......./......./........./......./......./.../... c 24 0",
		"c../.../......./......./........./......./......./.../... l 23 0",
		/* a cow taken before both leopards stand; more cows than entered */
		"l../.../......./......./........./......./......./.../... l 23 0",
		"l../l../cc...../......./........./......./......./.../... l 23 0",
		/* format */
		"l../l../......./......./........./......./......./.../... l 25 0",
		"l../l../......./......./........./......./......./.../... x 20 0",
		"l../l../......./......./........./......./......./.../... l 0",
		"l../l../......./......./......../......./......./.../... l 20 0",
		"l../l../......./......./........./......./......./... l 20 0",
		"l../l../......./......./....q..../......./......./.../... l 20 0",
	};
	char text[256];

	snprintf(text, sizeof(text), "leopards-cows %s l 24 0", empty);
	ck_assert_str_eq(position(g), text);
	play_all(g, "e5 e4 a5 e6 a5-b5 d4");
	h = from_pos(position(g));
	ck_assert_uint_eq(bg_hash(g), bg_hash(h));
	expect_same_moves(g, h);
	bg_game_free(h);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "leopards-cows %s", bad[i]);
		expect_bad_position(text);
	}
	bg_game_free(g);
}
END_TEST

START_TEST(test_hash)
{
	/* The cows in hand are part of the position. */
	bg_game *a = setup("leopards-cows", "c9 g9", LOW17, 'c', 0);
	bg_game *b = setup("leopards-cows", "c9 g9", LOW17, 'c', 1);

	ck_assert_uint_ne(bg_hash(a), bg_hash(b));
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("leopards-cows");
	TCase *t = tcase_create("rules");

	tcase_add_test(t, test_board);
	tcase_add_test(t, test_catalog);
	tcase_add_test(t, test_placing_order);
	tcase_add_test(t, test_perft);
	tcase_add_test(t, test_cows_enter_then_move);
	tcase_add_test(t, test_leopard_steps);
	tcase_add_test(t, test_capture);
	tcase_add_test(t, test_single_jump);
	tcase_add_test(t, test_chain_dedupe);
	tcase_add_test(t, test_chains_by_thousands);
	tcase_add_test(t, test_leopards_win);
	tcase_add_test(t, test_cows_win);
	tcase_add_test(t, test_no_moves_option);
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
