/*
 * Senegalese draughts (Сенегальские шашки), through the public API only.
 * Every rule, option and oracle of doc/games/senegal.md; the
 * figures are the page's or worked out by hand in the comment beside
 * them, except the perft values past depth 2, which are regression values
 * measured with bgperft.
 *
 * Board: 6 files a-f, 5 ranks. White (w) on ranks 1-2, e3, f3; Black (b)
 * on ranks 4-5, a3, b3. Position text: ranks 5 to 1, then the side.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

/* ---- Board and setup ------------------------------------------------------ */

START_TEST(board_and_setup)
{
	bg_game *g = new_game("senegal");
	int w, h, n0 = 0, n1 = 0;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 6);
	ck_assert_int_eq(h, 5);
	ck_assert_uint_eq(bg_point_count(g), 30);
	ck_assert_uint_eq(bg_line_count(g), 0);
	for (int p = 0; p < 30; p++) {
		int seat, kind, marks = bg_point_marks(g, p);

		bg_point_piece(g, p, &seat, &kind);
		n0 += seat == 0;
		n1 += seat == 1;
		ck_assert_int_eq(marks, seat < 0 ? 0 :
				 seat ? BG_MARK_HOME1 : BG_MARK_HOME0);
	}
	ck_assert_int_eq(n0, 14);
	ck_assert_int_eq(n1, 14);
	ck_assert_int_eq(seat_at(g, "e3"), 0);
	ck_assert_int_eq(seat_at(g, "f3"), 0);
	ck_assert_int_eq(seat_at(g, "a3"), 1);
	ck_assert_int_eq(seat_at(g, "b3"), 1);
	ck_assert_int_eq(seat_at(g, "c3"), -1);
	ck_assert_int_eq(seat_at(g, "d3"), -1);
	ck_assert_str_eq(position(g),
			 "senegal bbbbbb/bbbbbb/bb..ww/wwwwww/wwwwww w 0");
	expect_scores(g, 14, 14);
	bg_game_free(g);
}
END_TEST

/* ---- Oracles and perft ---------------------------------------------------- */

/* The page's oracle: c2-c3, d2-d3, e3-d3, none a capture (b2 faces b3 but
 * b4 is taken). Listed by the moving piece's cell. */
START_TEST(white_has_three_first_moves)
{
	bg_game *g = new_game("senegal");
	size_t n;

	expect_moves(g, "c2-c3 d2-d3 e3-d3");
	n = count_moves(g);
	for (size_t i = 0; i < n; i++)
		ck_assert_int_eq(legal[i].kind, BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

/* Black's replies. After c2-c3: b3 jumps c3 sideways into d3, c4 jumps it
 * forward into the emptied c2; the capture is compulsory so no step is
 * listed. After d2-d3: d4 jumps d3 into d2. After e3-d3 nothing can be
 * taken (d4 faces d3 but d2 is full): b3-c3, c4-c3, e4-e3. 2 + 1 + 3 = 6. */
START_TEST(black_replies)
{
	static const char *const first[] = { "c2-c3", "d2-d3", "e3-d3" };
	static const char *const replies[] = {
		"b3xd3 c4xc2", "d4xd2", "b3-c3 c4-c3 e4-e3"
	};

	for (int i = 0; i < 3; i++) {
		bg_game *g = new_game("senegal");

		play(g, first[i]);
		expect_moves(g, replies[i]);
		bg_game_free(g);
	}
}
END_TEST

/* Depths 1-2 as above; 3-5 are regression values measured with bgperft. */
START_TEST(perft_from_start)
{
	static const uint64_t chain[] = { 3, 6, 6, 10, 29 };
	static const uint64_t single[] = { 3, 6, 6, 10, 34 };
	bg_game *g = new_game("senegal");
	bg_game *h = new_game("senegal:chain=0");

	for (int d = 1; d <= 5; d++) {
		ck_assert_uint_eq(perft(g, d), chain[d - 1]);
		ck_assert_uint_eq(perft(h, d), single[d - 1]);
	}
	bg_game_free(g);
	bg_game_free(h);
}
END_TEST

/* ---- Moves ---------------------------------------------------------------- */

/* Forward, west, east; never backward or diagonally. Black's forward is
 * towards rank 1. */
START_TEST(steps)
{
	bg_game *g = from_pos("senegal ....../.....b/....../..w.../...... w 0");

	expect_moves(g, "c2-c3 c2-b2 c2-d2");
	bg_game_free(g);
	g = from_pos("senegal ....../.....b/....../..w.../...... b 0");
	expect_moves(g, "f4-f3 f4-e4");
	bg_game_free(g);
}
END_TEST

/* A capture must be made, forward or sideways; never backward. */
START_TEST(capture_compulsory)
{
	bg_game *g = from_pos("senegal ....../.....b/..b.../..w.../...... w 0");

	expect_moves(g, "c2xc4");
	play(g, "c2xc4");
	ck_assert_int_eq(seat_at(g, "c3"), -1);
	ck_assert_int_eq(seat_at(g, "c4"), 0);
	bg_game_free(g);
	g = from_pos("senegal ....../.....b/....../..wb../...... w 0");
	expect_moves(g, "c2xe2");
	bg_game_free(g);
	g = from_pos("senegal ....../.....b/..w.../..b.../...... w 0");
	expect_moves(g, "c3-c4 c3-b3 c3-d3");
	bg_game_free(g);
}
END_TEST

/* a1 takes a2 into a3; from there a4 (into a5, the far rank) or b3 (into
 * c3, then c4 into c5). The chain must go on while it can, so neither
 * a1xa3 nor a1xa3xc3 is a move; the longer chain is not required. A piece
 * ending on the far rank leaves the board. */
START_TEST(chains)
{
	const char *pos = "....../b.b.../.b..../b...../w....w w 0";
	char spec[128];
	bg_game *g;

	snprintf(spec, sizeof(spec), "senegal %s", pos);
	g = from_pos(spec);
	expect_moves(g, "a1xa3xa5 a1xa3xc3xc5");
	play(g, "a1xa3xc3xc5");
	ck_assert_str_eq(position(g),
			 "senegal ....../b...../....../....../.....w b 1");
	bg_game_free(g);
	g = from_pos(spec);
	play(g, "a1xa3xa5");
	ck_assert_str_eq(position(g),
			 "senegal ....../..b.../.b..../....../.....w b 1");
	bg_game_free(g);
	/* chain=0: one capture per move. */
	snprintf(spec, sizeof(spec), "senegal:chain=0 %s", pos);
	g = from_pos(spec);
	expect_moves(g, "a1xa3");
	bg_game_free(g);
}
END_TEST

/* Arriving on the far rank mid-chain, the piece first takes sideways
 * along it, then leaves the board. */
START_TEST(far_rank_chain_goes_on)
{
	bg_game *g = from_pos("senegal .b..../..b..b/..w.../....../.....w w 0");

	expect_moves(g, "c3xc5xa5");
	play(g, "c3xc5xa5");
	ck_assert_str_eq(position(g),
			 "senegal ....../.....b/....../....../.....w b 1");
	bg_game_free(g);
}
END_TEST

/* A step onto the far rank removes the piece. */
START_TEST(far_rank_step)
{
	bg_game *g = from_pos("senegal ....../..w.../.....b/....../w..... w 0");

	expect_moves(g, "a1-a2 a1-b1 c4-c5 c4-b4 c4-d4");
	play(g, "c4-c5");
	ck_assert_int_eq(seat_at(g, "c5"), -1);
	ck_assert_int_eq(seat_at(g, "c4"), -1);
	expect_scores(g, 1, 1);
	bg_game_free(g);
}
END_TEST

/* ---- End ------------------------------------------------------------------ */

START_TEST(no_pieces)
{
	/* White takes the last Black piece. */
	bg_game *g = from_pos("senegal ....../....../..b.../..w.../...... w 0");

	play(g, "c2xc4");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	expect_scores(g, 1, 0);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
	/* White's last piece takes the last Black piece and leaves from
	 * the far rank: nobody has a piece, an equal count. */
	g = from_pos("senegal ....../..b.../..w.../....../...... w 0");
	play(g, "c3xc5");
	expect(g, BG_DRAW, -1, BG_REASON_PIECES);
	ck_assert_str_eq(position(g),
			 "senegal ....../....../....../....../...... b 1");
	bg_game_free(g);
	/* That position reads back, still over. */
	g = from_pos("senegal ....../....../....../....../...... b 1");
	expect(g, BG_DRAW, -1, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/* e3-e2 puts every Black piece below every White piece: the count
 * decides, 2 to 1, or 1 to 1 for a draw. */
START_TEST(separated)
{
	bg_game *g = from_pos("senegal ....../.....w/.w..b./....../...... b 0");

	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "e3-e2");
	expect(g, BG_WIN, 0, BG_REASON_SEPARATED);
	expect_scores(g, 2, 1);
	bg_game_free(g);
	g = from_pos("senegal ....../....../.w..b./....../...... b 0");
	play(g, "e3-e2");
	expect(g, BG_DRAW, -1, BG_REASON_SEPARATED);
	bg_game_free(g);
}
END_TEST

/* Black a2 cannot move: a1 and b2 are White, nothing beyond a1, c2 full
 * beyond b2. The count decides: 3 to 1 for White. */
START_TEST(no_moves_counts)
{
	bg_game *g = from_pos("senegal ....../....../....../bww.../w..... b 0");

	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

/* a3-b3 f3-e3 b3-a3 e3-f3 twice: the third occurrence of the start ends
 * the game by count, 2 to 1; with repetition=2 the second. */
START_TEST(repetition_counts)
{
	const char *pos = "....../....../w....b/....../w..... w 0";
	static const char *const cycle[] = { "a3-b3", "f3-e3", "b3-a3", "e3-f3" };
	char spec[128];
	bg_game *g;

	snprintf(spec, sizeof(spec), "senegal %s", pos);
	g = from_pos(spec);
	for (int i = 0; i < 8; i++) {
		expect(g, BG_ONGOING, -1, BG_REASON_NONE);
		play(g, cycle[i % 4]);
	}
	expect(g, BG_WIN, 0, BG_REASON_REPETITION);
	bg_game_free(g);
	snprintf(spec, sizeof(spec), "senegal:repetition=2 %s", pos);
	g = from_pos(spec);
	for (int i = 0; i < 4; i++)
		play(g, cycle[i]);
	expect(g, BG_WIN, 0, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

/* After c2-c3 b3xd3 Black leads 14 to 13 when the ply cap falls. */
START_TEST(max_plies_counts)
{
	bg_game *g = new_game("senegal:max_plies=2");

	play(g, "c2-c3");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "b3xd3");
	expect(g, BG_WIN, 1, BG_REASON_MOVE_LIMIT);
	expect_scores(g, 13, 14);
	bg_game_free(g);
}
END_TEST

/* ---- Position text -------------------------------------------------------- */

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		"senegal bbbbbb/bbbbbb/bb..ww/wwwwww/wwwwww x 0",
		"senegal bbbbbb/bbbbbb/bb..ww/wwwwww/wwwww w 0",
		"senegal bbbbbb/bbbbbb/bb.qww/wwwwww/wwwwww w 0",
		"senegal bbbbbb/bbbbbb/bb.www/wwwwww/wwwwww w 0",
		"senegal w...../....../....b./....../...... w 0",
		"senegal ....../....../....w./....../b..... w 0",
		"senegal bbbbbb/bbbbbb/bb..ww/wwwwww/wwwwww w extra 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("senegal");
	const char *key, *def, *allowed;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("senegalese"), i);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Сенегальские шашки");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 3);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 0, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "chain");
	ck_assert_str_eq(def, "1");
}
END_TEST

static Suite *senegal_suite(void)
{
	Suite *s = suite_create("senegal");
	TCase *tc = tcase_create("start");

	tcase_add_test(tc, board_and_setup);
	tcase_add_test(tc, white_has_three_first_moves);
	tcase_add_test(tc, black_replies);
	tcase_add_test(tc, perft_from_start);
	suite_add_tcase(s, tc);
	tc = tcase_create("moves");
	tcase_add_test(tc, steps);
	tcase_add_test(tc, capture_compulsory);
	tcase_add_test(tc, chains);
	tcase_add_test(tc, far_rank_chain_goes_on);
	tcase_add_test(tc, far_rank_step);
	suite_add_tcase(s, tc);
	tc = tcase_create("end");
	tcase_add_test(tc, no_pieces);
	tcase_add_test(tc, separated);
	tcase_add_test(tc, no_moves_counts);
	tcase_add_test(tc, repetition_counts);
	tcase_add_test(tc, max_plies_counts);
	suite_add_tcase(s, tc);
	tc = tcase_create("text");
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, catalogue_entry);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(senegal_suite());
}
