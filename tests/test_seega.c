/*
 * Seega (Сиджа), through the public API only. The rules are
 * doc/games/seega.md; every figure is worked out by hand in
 * the comment beside it.
 *
 * Position texts: "seega BOARD SIDE HAND0 HAND1 PASSES CLOCK PLY", the
 * board rank 5 first ('w', 'b', '.'), PASSES the passes just made in a row,
 * CLOCK the stepping plies since the last capture.
 */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

static double score(const bg_game *g, int seat)
{
	double s = -1;

	ck_assert_int_eq(bg_score(g, seat, &s), BG_OK);
	return s;
}

/* ---- Board and start ------------------------------------------------------ */

START_TEST(board_and_centre)
{
	bg_game *g = new_game("seega");
	int w, h, c3;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	bg_board_size(g, &w, &h);
	ck_assert_int_eq(w, 5);
	ck_assert_int_eq(h, 5);
	ck_assert_uint_eq(bg_point_count(g), 25);
	ck_assert_int_eq(bg_point_find(g, "c3", &c3), BG_OK);
	ck_assert_int_eq(c3, 12);
	for (int p = 0; p < 25; p++)
		ck_assert_int_eq(bg_point_marks(g, p),
				 p == c3 ? BG_MARK_SPECIAL : 0);
	bg_game_free(g);
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("seega");
	const char *key, *def, *allowed;
	int type;
	bg_game *g;

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("sidzha"), i);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Сиджа");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 6);
	bg_catalog_option((size_t)i, 0, &key, &type, &def, &allowed, NULL);
	ck_assert_str_eq(key, "movement_first");
	ck_assert_int_eq(type, BG_OPT_ENUM);
	ck_assert_str_eq(def, "seat0");
	ck_assert_str_eq(allowed, "seat0|seat1");
	bg_catalog_option((size_t)i, 1, &key, &type, &def, &allowed, NULL);
	ck_assert_str_eq(key, "centre_safe");
	ck_assert_str_eq(def, "0");
	bg_catalog_option((size_t)i, 2, &key, &type, &def, &allowed, NULL);
	ck_assert_str_eq(key, "no_capture");
	ck_assert_str_eq(def, "50");
	g = new_game("sidzha:movement_first=seat1");
	ck_assert_str_eq(bg_game_spec(g), "seega:movement_first=seat1");
	bg_game_free(g);
}
END_TEST

START_TEST(start_position)
{
	bg_game *g = new_game("seega");

	ck_assert_str_eq(game_part(g),
			 "...../...../...../...../..... w 12 12 0 0");
	ck_assert_double_eq(score(g, 0), 0);
	ck_assert_double_eq(score(g, 1), 0);
	bg_game_free(g);
}
END_TEST

/*
 * Ply 1: any 2 of the 24 cells other than c3: C(24,2) = 276. Ply 2: any 2
 * of the 22 left: C(22,2) = 231, so 276 * 231 = 63756. Placing never
 * captures, so nothing else changes the counts.
 */
START_TEST(perft_from_start)
{
	bg_game *g = new_game("seega");
	int c3;
	size_t n;

	ck_assert_uint_eq(perft(g, 1), 276);
	ck_assert_uint_eq(perft(g, 2), 63756);
	bg_point_find(g, "c3", &c3);
	n = count_moves(g);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(legal[i].kind, BG_MOVE_PLACE);
		ck_assert_int_eq(legal[i].npath, 2);
		ck_assert(legal[i].pts[0] != c3 && legal[i].pts[1] != c3);
	}
	bg_game_free(g);
}
END_TEST

START_TEST(no_drop_on_the_centre)
{
	bg_game *g = new_game("seega");
	bg_move m;

	ck_assert_int_eq(bg_move_from_text(g, "a1,c3", &m), BG_EILLEGAL);
	ck_assert_int_eq(bg_move_from_text(g, "c3,e5", &m), BG_EILLEGAL);
	ck_assert(move_listed(g, "a1,b1"));
	ck_assert(move_listed(g, "b2,d4"));
	bg_game_free(g);
}
END_TEST

/* The oracle: after placement only c3 is empty. The first pairs each time:
 * White a1 b1, e1 a2, d2 e2, d3 e3, c4 d4, b5 c5. White steps into c3
 * from d2 d3 c4 d4 and each takes b2 (b2 black, a1 white beyond), so no
 * pass. */
START_TEST(placement_leaves_only_the_centre)
{
	bg_game *g = new_game("seega");
	int c3;

	for (int ply = 0; ply < 12; ply++) {
		ck_assert_int_eq(bg_to_move(g), ply % 2);
		count_moves(g);
		ck_assert_int_eq(bg_play(g, &legal[0]), BG_OK);
	}
	bg_point_find(g, "c3", &c3);
	for (int p = 0; p < 25; p++) {
		int seat, kind;

		bg_point_piece(g, p, &seat, &kind);
		ck_assert_int_eq(seat < 0, p == c3);
	}
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_str_eq(list_moves(g), "d2-c3 d3-c3 c4-c3 d4-c3");
	play(g, "d2-c3");
	ck_assert_str_eq(game_part(g),
			 "bwwbb/bbwwb/bbwww/w.b.w/wwbbw b 0 0 0 0");
	ck_assert_double_eq(score(g, 0), 1);
	bg_game_free(g);
}
END_TEST

START_TEST(movement_first_option)
{
	bg_game *g = new_game("seega:movement_first=seat1");

	for (int ply = 0; ply < 12; ply++) {
		count_moves(g);
		ck_assert_int_eq(bg_play(g, &legal[0]), BG_OK);
	}
	/* Black made the last drop and steps first as well. */
	ck_assert_int_eq(bg_to_move(g), 1);
	count_moves(g);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

/* The most the first stepping ply can have: White on all 8 neighbours of
 * c3 (nothing to take from c3: all neighbours are White's) steps in from
 * each, and may pass since the last ply was a drop: 9 moves. */
START_TEST(first_step_at_most_nine)
{
	bg_game *g = from_pos("seega wbbbw/bwwwb/bw.wb/bwwwb/wbbbw w 0 0 0 0 12");

	ck_assert_str_eq(list_moves(g),
			 "b2-c3 c2-c3 d2-c3 b3-c3 d3-c3 b4-c3 c4-c3 "
			 "d4-c3 pass");
	bg_game_free(g);
}
END_TEST

/*
 * White drops only on the outer ring, so no White piece touches c3: White
 * must pass (legal: the last ply was a drop). Black may not pass right
 * after a pass, though it has no capture: its 8 steps into c3. Black could
 * not capture either, so the sides now move as usual: White steps into b2
 * and may not pass.
 */
static const char ring_placement[] =
	"a1,b1 b2,c2 c1,d1 d2,b3 e1,a2 d3,b4 "
	"e2,a3 c4,d4 e3,a4 e4,a5 b5,c5 d5,e5";

START_TEST(forced_pass_and_no_pass_after_pass)
{
	bg_game *g = new_game("seega");

	play_all(g, ring_placement);
	ck_assert_str_eq(list_moves(g), "pass");
	play(g, "pass");
	ongoing(g);
	ck_assert_str_eq(list_moves(g),
			 "b2-c3 c2-c3 d2-c3 b3-c3 d3-c3 b4-c3 c4-c3 "
			 "d4-c3");
	play(g, "b2-c3");
	ck_assert_str_eq(list_moves(g), "a1-b2 b1-b2 c1-b2 a2-b2 a3-b2");
	bg_game_free(g);
}
END_TEST

/*
 * «Кто не может зажать следующим ходом, может пропустить ход; если не может
 * и второй — ходят как обычно» (whoever cannot squeeze with their next move
 * may skip the turn; if the second cannot either, they move as usual).
 *
 * Black's one piece on the corner a5 can never capture nor be captured
 * (every line through a corner ends there). Black passes; White, which
 * cannot capture either, steps, and from then on neither may pass. Black
 * walks out to b4, where White's a3-a4 would take it (c4 beyond): a side
 * to move that can capture gives the right to pass back, and once White
 * has stepped elsewhere Black may pass again.
 */
#define CORNER "b.ww./..w../w.w.w/w..../w.w.w b 0 0 0 0 37"

START_TEST(pass_lapses_until_a_capture)
{
	bg_game *g = from_pos("seega " CORNER);

	ck_assert(move_listed(g, "pass"));
	play(g, "pass");
	ck_assert(!move_listed(g, "pass")); /* right after a pass */
	play(g, "e1-d1");
	ck_assert_str_eq(game_part(g),
			 "b.ww./..w../w.w.w/w..../w.ww. b 0 0 0 2 usual");
	/* Moving as usual: no pass for Black, nor for White. */
	ck_assert_str_eq(list_moves(g), "a5-b5 a5-a4 a5-b4");
	play(g, "a5-a4");
	ck_assert(!move_listed(g, "pass"));
	play(g, "c5-b5");
	ck_assert_str_eq(list_moves(g), "a4-a5 a4-b4 a4-b3");
	play(g, "a4-b4");
	/* White can take b4 by a3-a4 (c4 beyond): no pass for it, and the
	 * right to pass comes back. */
	ck_assert(!move_listed(g, "pass"));
	ck_assert(move_listed(g, "a3-a4"));
	play(g, "d1-e1");
	ck_assert_str_eq(game_part(g),
			 ".w.w./.bw../w.w.w/w..../w.w.w b 0 0 0 6");
	ck_assert(move_listed(g, "pass"));
	bg_game_free(g);
}
END_TEST

/* The key and the text carry the lapse: it forbids a pass. */
START_TEST(usual_in_key_and_text)
{
	bg_game *a = from_pos("seega " CORNER);
	bg_game *b = from_pos("seega b.ww./..w../w.w.w/w..../w.w.w b 0 0 0 0 usual 37");

	ck_assert(bg_hash(a) != bg_hash(b));
	ck_assert(move_listed(a, "pass"));
	ck_assert(!move_listed(b, "pass"));
	ck_assert_str_eq(position(b),
			 "seega b.ww./..w../w.w.w/w..../w.w.w b 0 0 0 0 usual 37");
	expect_bad_position("seega:free_pass=1 "
			    "b.ww./..w../w.w.w/w..../w.w.w b 0 0 0 0 usual 37");
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

/*
 * free_pass=1, the other reading: the right to pass never lapses, only not
 * right after a pass. From the same position Black passes on each of its
 * 8 turns in 16 plies, while White must step every time.
 */
START_TEST(free_pass_option)
{
	/* White's steps, none repeating a position. */
	static const char *const white[] = { "e1-d1", "e3-e4", "c1-d2",
					     "a1-b1", "c3-d3", "a2-b2",
					     "c4-d4", "d5-e5" };
	bg_game *g = from_pos("seega:free_pass=1 " CORNER);
	int passes = 0;

	for (int ply = 0; ply < 16; ply++) {
		bool black = ply % 2 == 0;

		ck_assert(move_listed(g, "pass") == black);
		if (black) {
			play(g, "pass");
			passes++;
		} else {
			play(g, white[ply / 2]);
		}
		ongoing(g);
	}
	ck_assert_int_eq(passes, 8);
	bg_game_free(g);
}
END_TEST

/* ---- Capture -------------------------------------------------------------- */

/*
 * White d3-c3: W b3 with a3 White beyond is taken, NE d4 with e5 beyond is
 * taken, S c2 c1 (two Black pieces) is not. A capture exists, so no pass.
 */
#define CAPTURE "....w/...b./wb.w./..b../..b.. w 0 0 0 45 60"

START_TEST(custodian_capture_eight_directions)
{
	bg_game *g = from_pos("seega " CAPTURE);

	ck_assert(!move_listed(g, "pass"));
	ck_assert_double_eq(score(g, 0), 8);
	ck_assert_double_eq(score(g, 1), 9);
	play(g, "d3-c3");
	ck_assert_str_eq(game_part(g),
			 "....w/...../w.w../..b../..b.. b 0 0 0 0");
	ck_assert_double_eq(score(g, 0), 10);
	ck_assert_double_eq(score(g, 1), 9);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* Black b2-b1 between White's a1 and c1 is safe: only the mover takes. */
START_TEST(moving_between_two_is_safe)
{
	bg_game *g = from_pos("seega ...../...../....w/.b.../w.w.. b 0 0 0 0 70");

	play(g, "b2-b1");
	ck_assert_str_eq(game_part(g),
			 "...../...../....w/...../wbw.. w 0 0 0 1");
	/* White has no capture now: it may pass. */
	ck_assert(move_listed(g, "pass"));
	bg_game_free(g);
}
END_TEST

/* b5-c4 takes c3 (c2 White beyond), unless the centre is safe. */
#define CENTRE ".w.../...../..b../..w../....b w 0 0 0 0 70"

START_TEST(centre_safe_option)
{
	bg_game *g = from_pos("seega " CENTRE);

	ck_assert(!move_listed(g, "pass"));
	play(g, "b5-c4");
	ck_assert_str_eq(game_part(g),
			 "...../..w../...../..w../....b b 0 0 0 0");
	bg_game_free(g);
	g = from_pos("seega:centre_safe=1 " CENTRE);
	ck_assert(move_listed(g, "pass"));
	play(g, "b5-c4");
	ck_assert_str_eq(game_part(g),
			 "...../..w../..b../..w../....b b 0 0 0 1");
	bg_game_free(g);
}
END_TEST

/* ---- End ------------------------------------------------------------------ */

START_TEST(no_pieces_ends)
{
	bg_game *g = from_pos("seega ...../...../wb.w./...../..... w 0 0 0 0 80");

	play(g, "d3-c3");
	/* White took 12, Black 10. */
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	ck_assert_uint_eq(count_moves(g), 0);
	bg_game_free(g);
}
END_TEST

/* Black's a1 is shut in; White passes (no capture), Black must pass:
 * two passes end the game, 11 captures to 9. */
START_TEST(two_passes_end)
{
	bg_game *g = from_pos("seega ...../...../...../ww.../bw... w 0 0 0 0 90");

	ck_assert(move_listed(g, "pass"));
	play(g, "pass");
	ck_assert_str_eq(list_moves(g), "pass");
	play(g, "pass");
	expect(g, BG_WIN, 0, BG_REASON_PASSES);
	bg_game_free(g);
}
END_TEST

/* One piece each, 11 captures each: every end is a draw. */
#define LONE "....b/...../...../...../w.... w 0 0 0 0 100"

START_TEST(repetition_ends)
{
	bg_game *g = from_pos("seega " LONE);

	for (int round = 0; round < 2; round++) {
		ongoing(g);
		play(g, "a1-a2");
		play(g, "e5-e4");
		play(g, "a2-a1");
		play(g, "e4-e5");
	}
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
	g = from_pos("seega:repetition=2 " LONE);
	play(g, "a1-a2");
	play(g, "e5-e4");
	play(g, "a2-a1");
	play(g, "e4-e5");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(no_capture_limit)
{
	bg_game *g = from_pos("seega ....b/...../...../...../w.... w 0 0 0 48 100");

	play(g, "a1-a2");
	ongoing(g);
	play(g, "e5-e4");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
	g = from_pos("seega:no_capture=0 ....b/...../...../...../w.... w 0 0 0 48 100");
	play(g, "a1-a2");
	play(g, "e5-e4");
	ongoing(g);
	bg_game_free(g);
	/* Passes count as plies without capture. */
	g = from_pos("seega:no_capture=3 ....b/...../...../...../w.... w 0 0 0 0 100");
	play(g, "pass");
	play(g, "e5-e4");
	ongoing(g);
	play(g, "a1-a2");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
	/* Placing plies do not count. */
	g = new_game("seega:no_capture=1");
	play_all(g, ring_placement);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* More captures wins whatever ended the game. */
START_TEST(winner_by_captures)
{
	bg_game *g = from_pos("seega:repetition=2 ....b/...../...../...../ww... w 0 0 0 0 100");

	play(g, "a1-a2");
	play(g, "e5-e4");
	play(g, "a2-a1");
	play(g, "e4-e5");
	expect(g, BG_WIN, 0, BG_REASON_REPETITION);
	ck_assert_double_eq(score(g, 0), 11);
	ck_assert_double_eq(score(g, 1), 10);
	bg_game_free(g);
}
END_TEST

START_TEST(max_plies_option)
{
	bg_game *g = new_game("seega:max_plies=2");

	play(g, "a1,b1");
	ongoing(g);
	play(g, "c1,d1");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Key and text --------------------------------------------------------- */

START_TEST(key_has_the_pass_not_the_clock)
{
	bg_game *a = from_pos("seega ....b/...../...../...../w.... w 0 0 0 0 100");
	bg_game *b = from_pos("seega ....b/...../...../...../w.... w 0 0 0 7 100");
	bg_game *c = from_pos("seega ....b/...../...../...../w.... w 0 0 1 0 100");

	ck_assert(bg_hash(a) == bg_hash(b));
	ck_assert(bg_hash(a) != bg_hash(c));
	/* After a pass no pass, even without captures. */
	ck_assert(move_listed(a, "pass"));
	ck_assert(!move_listed(c, "pass"));
	bg_game_free(a);
	bg_game_free(b);
	bg_game_free(c);
}
END_TEST

static const char *const bad_positions[] = {
	"seega ...../...../...../...../.... w 12 12 0 0 0",
	"seega ...../...../...../...../...... w 12 12 0 0 0",
	"seega ...../...../...x./...../..... w 12 12 0 0 0",
	"seega ...../...../...../...../..... x 12 12 0 0 0",
	"seega ...../...../...../...../..... w 13 12 0 0 0",
	"seega ...../...../...../...../..... w 12 12 3 0 0",
	"seega ...../...../...../...../..... w 12 12 0 0",
	"seega ...../...../...../...../..... w 12 12 0 0 x 0",
	"seega ...../...../...../...../..... w 12 12 0 0 often 0",
	/* placing: side, parity, counts, centre, passes, clock, usual */
	"seega ...../...../...../...../..... b 12 12 0 0 0",
	"seega ...../...../...../...../w.... w 11 12 0 0 0",
	"seega ...../...../...../...../w.w.. w 10 12 0 0 0",
	"seega ...../...../..w../...../w.bb. w 10 10 0 0 0",
	"seega ...../...../...../...../ww.bb w 10 10 1 0 0",
	"seega ...../...../...../...../ww.bb w 10 10 0 3 0",
	"seega ...../...../...../...../ww.bb w 10 10 0 0 usual 0",
	"seega ...../...../...../...../w.b.. w 10 10 0 0 0",
	/* stepping: at most 12 a side */
	"seega wwwww/wwwww/www.b/...../..... w 0 0 0 0 0",
};

START_TEST(bad_position_texts)
{
	expect_bad_position(bad_positions[_i]);
}
END_TEST

START_TEST(position_round_trip)
{
	const char *text = "seega:centre_safe=1 wbbbw/bwwwb/bw.wb/bwwwb/wbbbw b 0 0 1 7 31";
	bg_game *g = from_pos(text);
	char back[256];

	snprintf(back, sizeof(back), "%s", position(g));
	ck_assert_str_eq(back, text);
	ck_assert_int_eq(bg_to_move(g), 1);
	bg_game_free(g);
}
END_TEST

static Suite *seega_suite(void)
{
	Suite *s = suite_create("seega");
	TCase *tc;

	tc = tcase_create("start");
	tcase_add_test(tc, board_and_centre);
	tcase_add_test(tc, catalogue_entry);
	tcase_add_test(tc, start_position);
	tcase_add_test(tc, perft_from_start);
	suite_add_tcase(s, tc);

	tc = tcase_create("placement");
	tcase_add_test(tc, no_drop_on_the_centre);
	tcase_add_test(tc, placement_leaves_only_the_centre);
	tcase_add_test(tc, movement_first_option);
	tcase_add_test(tc, first_step_at_most_nine);
	tcase_add_test(tc, forced_pass_and_no_pass_after_pass);
	tcase_add_test(tc, pass_lapses_until_a_capture);
	tcase_add_test(tc, usual_in_key_and_text);
	tcase_add_test(tc, free_pass_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("capture");
	tcase_add_test(tc, custodian_capture_eight_directions);
	tcase_add_test(tc, moving_between_two_is_safe);
	tcase_add_test(tc, centre_safe_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("end");
	tcase_add_test(tc, no_pieces_ends);
	tcase_add_test(tc, two_passes_end);
	tcase_add_test(tc, repetition_ends);
	tcase_add_test(tc, no_capture_limit);
	tcase_add_test(tc, winner_by_captures);
	tcase_add_test(tc, max_plies_option);
	suite_add_tcase(s, tc);

	tc = tcase_create("text");
	tcase_add_test(tc, key_has_the_pass_not_the_clock);
	tcase_add_loop_test(tc, bad_position_texts, 0,
			    sizeof(bad_positions) / sizeof(bad_positions[0]));
	tcase_add_test(tc, position_round_trip);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(seega_suite());
}
