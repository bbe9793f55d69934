/*
 * Kvartet (Quartet, Teeko), through the public API only. Figures come from
 * doc/games/kvartet.md or are worked out in the comment beside them.
 * The game's solution (a draw, as G. L. Steele found for
 * Standard Teeko) is reproduced by
 * bench/kvartet_solve.c, not here: it takes tens of seconds.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define TEXT_CAP 512

/* A position text from cell sets (p = 5y + x). */
static void make_text(const char *spec, uint32_t w, uint32_t b, int stm,
		      char *out)
{
	int k = sprintf(out, "%s ", spec);

	for (int y = 4; y >= 0; y--) {
		for (int x = 0; x < 5; x++) {
			uint32_t m = 1u << (5 * y + x);

			out[k++] = w & m ? 'w' : b & m ? 'b' : '.';
		}
		if (y)
			out[k++] = '/';
	}
	sprintf(out + k, " %c 0", stm ? 'b' : 'w');
}

/* The goal sets of the page, built here: runs of four in the 4 line
 * directions and the 2x2 squares. */
static int page_goals(uint32_t *goal)
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
					m |= 1u << (5 * (y + i * dir[d][1]) + x +
						    i * dir[d][0]);
				goal[k++] = m;
			}
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			goal[k++] = 3u << (5 * y + x) | 3u << (5 * (y + 1) + x);
	return k;
}

static int is_goal(const uint32_t *goal, int n, uint32_t m)
{
	for (int i = 0; i < n; i++)
		if (goal[i] == m)
			return 1;
	return 0;
}

/* ---- Tests ---------------------------------------------------------------- */

START_TEST(board_and_start)
{
	bg_game *g = new_game("kvartet");
	int w, h;
	char pos[TEXT_CAP];

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 5);
	ck_assert_int_eq(h, 5);
	ck_assert_uint_eq(bg_point_count(g), 25);
	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "kvartet ...../...../...../...../..... w 0");
	ongoing(g);
	ck_assert_int_eq(bg_catalog_find("teeko"), bg_catalog_find("kvartet"));
	bg_game_free(g);
}
END_TEST

/* Drops on any empty cell, the centre included: 25, 25*24, 25*24*23,
 * 25*24*23*22 (no goal before the 7th ply). */
START_TEST(perft_drops)
{
	bg_game *g = new_game("kvartet");
	bg_move m;

	ck_assert_uint_eq(perft(g, 1), 25);
	ck_assert_uint_eq(perft(g, 2), 600);
	ck_assert_uint_eq(perft(g, 3), 13800);
	ck_assert_uint_eq(perft(g, 4), 303600);
	ck_assert_int_eq(bg_move_from_text(g, "c3", &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_PLACE);
	bg_game_free(g);
}
END_TEST

/* Every 4-cell set wins for White exactly when it is one of the 44 goal
 * sets: White holds it, Black four cells without a goal, Black to move. */
START_TEST(forty_four_goal_sets)
{
	uint32_t goal[64];
	int ngoal = page_goals(goal), wins = 0, rows = 0, squares = 0;

	ck_assert_int_eq(ngoal, 44);
	for (uint32_t w = 0xf; w < 1u << 25;) {
		uint32_t b = 0, t = w | (w - 1);
		char text[TEXT_CAP];
		bg_game *g;
		int status, winner;

		/* Black: the first four free cells, away from any goal. */
		for (uint32_t c = 0xf; !b && c < 1u << 25;) {
			uint32_t u = c | (c - 1);

			if (!(c & w)) {
				int ok = 1;

				for (int i = 0; i < ngoal && ok; i++)
					ok = (c & goal[i]) != goal[i];
				if (ok)
					b = c;
			}
			c = (u + 1) | (((~u & -~u) - 1) >> (__builtin_ctz(c) + 1));
		}
		make_text("kvartet", w, b, 1, text);
		g = from_pos(text);
		bg_outcome(g, &status, &winner, NULL);
		if (is_goal(goal, ngoal, w)) {
			ck_assert_msg(status == BG_WIN && winner == 0, "%s", text);
			wins++;
			/* A square: a cell with its right, upper and
			 * upper-right neighbours. */
			squares += (w & (w << 1) & (w << 5) & (w << 6)) != 0;
			rows += (w >> __builtin_ctz(w)) == 0xf;
		} else {
			ck_assert_msg(status == BG_ONGOING, "%s", text);
		}
		bg_game_free(g);
		w = (t + 1) | (((~t & -~t) - 1) >> (__builtin_ctz(w) + 1));
	}
	ck_assert_int_eq(wins, 44);
	ck_assert_int_eq(squares, 16);
	ck_assert_int_eq(rows, 10);
}
END_TEST

START_TEST(larger_square_does_not_win)
{
	/* a1 c1 a3 c3: the corners of a 3x3 square (Advanced Teeko only). */
	bg_game *g = from_pos("kvartet ...../...../w.w.b/....b/w.wbb b 0");

	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(goal_during_drops)
{
	static const char row[] = "a1 e5 b1 e4 c1 e2";
	static const char square[] = "a1 c3 e1 c4 a5 d3 e5";
	bg_game *g = new_game("kvartet");

	play_all(g, row);
	ongoing(g);
	play(g, "d1"); /* White's fourth: a1 b1 c1 d1 at ply 7 */
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	ck_assert_uint_eq(bg_ply(g), 7);
	bg_game_free(g);

	g = new_game("kvartet");
	play_all(g, square);
	ongoing(g);
	play(g, "d4"); /* Black's fourth: c3 d3 c4 d4 at ply 8 */
	expect(g, BG_WIN, 1, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

START_TEST(steps_after_the_drops)
{
	static const char drops[] = "a1 e5 c1 e3 a3 c5 b4 d2";
	bg_game *g = new_game("kvartet");
	bg_move m;

	play_all(g, drops);
	ongoing(g);
	/* No more drops. In the order N, E, S, W, NE, SE, SW, NW: a1 has
	 * N, E, NE; c1 N, E, W, NW (d2 is Black's); a3 N, E, S, SE (b4 is
	 * White's); b4 all but NE (c5, Black) and SW (a3, White). */
	ck_assert_int_eq(bg_move_from_text(g, "c3", &m), BG_EILLEGAL);
	expect_moves(g, "a1-a2 a1-b1 a1-b2 "
			"c1-c2 c1-d1 c1-b1 c1-b2 "
			"a3-a4 a3-b3 a3-a2 a3-b2 "
			"b4-b5 b4-c4 b4-b3 b4-a4 b4-c3 b4-a5");
	play(g, "b4-c3"); /* a diagonal step */
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert_int_eq(bg_play_text(g, "e5-e3"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(goal_by_a_step)
{
	/* White a1 b1 c1 e2: e2-d1 makes a1 b1 c1 d1. */
	bg_game *g = from_pos("kvartet b...b/..b../...../....w/www.b w 0");

	ongoing(g);
	play(g, "e2-d1");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

static const char all_drops[] = "a1 e5 c1 e3 a3 c5 b4 d2";

START_TEST(repetition_draws)
{
	bg_game *g = new_game("kvartet");
	static const char shuttle[] = "a1-a2 e5-e4 a2-a1 e4-e5";

	play_all(g, all_drops);
	play_all(g, shuttle); /* second time */
	ongoing(g);
	play_all(g, shuttle); /* third time */
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	ck_assert_uint_eq(bg_ply(g), 16);
	bg_game_free(g);

	g = new_game("kvartet:repetition=2");
	play_all(g, all_drops);
	play_all(g, shuttle);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(ply_cap_draws)
{
	bg_game *g = new_game("kvartet:max_plies=9");

	play_all(g, all_drops);
	ongoing(g);
	play(g, "a1-a2");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		"kvartet ...../...../...../...../..... b 0", /* Black first */
		"kvartet w..../...../...../...../..... w 0", /* White again */
		"kvartet ww.../...../...../...../....b w 0", /* 2 v 1 */
		"kvartet wwwww/...../...../...../bbbbb b 0",
		"kvartet ...../...../...../...../.... w 0",
		"kvartet ...../...../...../...../...... w 0",
		"kvartet ...../...../...../...../...../..... w 0",
		"kvartet ...../...../..x../...../..... w 0",
		"kvartet ...../...../...../...../..... x 0",
		"kvartet ...../...../...../...../.....",
		/* White to move with a goal. */
		"kvartet b...b/..b../...../....b/wwww. w 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

/* The drop phase read from text continues with drops; Black to drop
 * after White's extra piece. */
START_TEST(position_mid_drops)
{
	bg_game *g = from_pos("kvartet ...../...../..w../...../b...w b 3");

	ck_assert_uint_eq(count_moves(g), 22);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	bg_game_free(g);
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("kvartet");
	const char *key, *def, *allowed;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Квартет");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 3);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 0, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "no_moves");
	ck_assert_str_eq(def, "pass");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 1, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "repetition");
	ck_assert_str_eq(def, "3");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 2, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "max_plies");
	ck_assert_str_eq(def, "0");
}
END_TEST

static Suite *kvartet_suite(void)
{
	Suite *s = suite_create("kvartet");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, board_and_start);
	tcase_add_test(tc, perft_drops);
	tcase_add_test(tc, forty_four_goal_sets);
	tcase_add_test(tc, larger_square_does_not_win);
	tcase_add_test(tc, goal_during_drops);
	tcase_add_test(tc, steps_after_the_drops);
	tcase_add_test(tc, goal_by_a_step);
	tcase_add_test(tc, repetition_draws);
	tcase_add_test(tc, ply_cap_draws);
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, position_mid_drops);
	tcase_add_test(tc, catalogue_entry);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(kvartet_suite());
}
