/*
 * Alquerque (Алькуерк), through the public API only. Every rule, option
 * and oracle of doc/games/alquerque.md; the figures are the page's
 * or worked out by hand in the comment beside them, except the perft
 * values past depth 2, which are regression values measured with bgperft.
 *
 * Board: a1 .. e5, White (w) on ranks 1-2, d3, e3; Black (b) on ranks 4-5,
 * a3, b3. Position text: ranks 5 to 1, side, opening flag, huff choice.
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

/* 25 points, 5 rows + 5 files + 6 diagonals, 40 + 16 = 56 edges, all
 * drawn solid; the diagonals run through the points with file+rank even. */
START_TEST(board_counts)
{
	bg_game *g = new_game("alquerque");
	size_t edges = 0, diag_edges = 0;
	int w, h;

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_LINES);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 5);
	ck_assert_int_eq(h, 5);
	ck_assert_uint_eq(bg_point_count(g), 25);
	ck_assert_uint_eq(bg_line_count(g), 16);
	for (size_t i = 0; i < bg_line_count(g); i++) {
		int style, p0, p1, x0, y0, x1, y1;
		size_t np;

		ck_assert_int_eq(bg_line_info(g, i, &style, &np), BG_OK);
		ck_assert_int_eq(style, BG_LINE_SOLID);
		edges += np - 1;
		ck_assert_int_eq(bg_line_point(g, i, 0, &p0), BG_OK);
		ck_assert_int_eq(bg_line_point(g, i, 1, &p1), BG_OK);
		bg_point_coords(g, p0, &x0, &y0);
		bg_point_coords(g, p1, &x1, &y1);
		if (x0 != x1 && y0 != y1) {
			diag_edges += np - 1;
			ck_assert_int_eq((x0 + y0) % 2, 0);
		}
	}
	ck_assert_uint_eq(edges, 56);
	ck_assert_uint_eq(diag_edges, 16);
	bg_game_free(g);
}
END_TEST

/* The setup: White a1-e2, d3, e3; Black a4-e5, a3, b3; c3 empty and
 * marked; the home marks follow the setup. */
START_TEST(setup)
{
	bg_game *g = new_game("alquerque");
	static const char *const white[] = { "a1", "e1", "a2", "e2", "d3", "e3" };
	static const char *const black[] = { "a4", "e4", "a5", "e5", "a3", "b3" };
	int p, n0 = 0, n1 = 0;

	for (size_t i = 0; i < 6; i++) {
		ck_assert_int_eq(seat_at(g, white[i]), 0);
		ck_assert_int_eq(seat_at(g, black[i]), 1);
	}
	ck_assert_int_eq(seat_at(g, "c3"), -1);
	ck_assert_int_eq(bg_point_find(g, "c3", &p), BG_OK);
	ck_assert_int_eq(bg_point_marks(g, p), BG_MARK_SPECIAL);
	for (p = 0; p < 25; p++) {
		int seat, kind, marks = bg_point_marks(g, p);

		bg_point_piece(g, p, &seat, &kind);
		n0 += seat == 0;
		n1 += seat == 1;
		ck_assert_int_eq(marks & BG_MARK_HOME0, seat == 0 ? BG_MARK_HOME0 : 0);
		ck_assert_int_eq(marks & BG_MARK_HOME1, seat == 1 ? BG_MARK_HOME1 : 0);
	}
	ck_assert_int_eq(n0, 12);
	ck_assert_int_eq(n1, 12);
	ck_assert_int_eq(bg_to_move(g), 0);
	bg_game_free(g);
}
END_TEST

START_TEST(start_position_text)
{
	bg_game *g = new_game("alquerque");
	char buf[256];

	snprintf(buf, sizeof(buf), "%s", position(g));
	ck_assert_str_eq(buf, "alquerque bbbbb/bbbbb/bb.ww/wwwww/wwwww w opening - 0");
	bg_game_free(g);
}
END_TEST

/* ---- The opening ---------------------------------------------------------- */

/* c3 is the only empty point, so White's moves are the steps into it:
 * b2 (diagonally forward), c2 (forward), d2 (diagonally forward), d3
 * (sideways). Listed by the moving piece's point: b2, c2, d2, d3. */
START_TEST(white_has_four_first_moves)
{
	bg_game *g = new_game("alquerque");

	expect_moves(g, "b2-c3 c2-c3 d2-c3 d3-c3");
	bg_game_free(g);
	g = new_game("alquerque:opening=0");
	expect_moves(g, "b2-c3 c2-c3 d2-c3 d3-c3");
	bg_game_free(g);
}
END_TEST

/* Under the opening rule Black's only reply takes the piece on c3:
 * d4xb2, c4xc2, b4xd2 or b3xd3 (the point White came from is the only
 * empty one beyond c3). */
START_TEST(black_must_take_c3)
{
	static const char *const first[] = { "b2-c3", "c2-c3", "d2-c3", "d3-c3" };
	static const char *const reply[] = { "d4xb2", "c4xc2", "b4xd2", "b3xd3" };

	for (int i = 0; i < 4; i++) {
		bg_game *g = new_game("alquerque");

		play(g, first[i]);
		expect_moves(g, reply[i]);
		play(g, reply[i]);
		ck_assert_int_eq(seat_at(g, "c3"), -1);
		bg_game_free(g);
	}
}
END_TEST

/* Without the opening rule (the page's examples): after b2-c3 Black may
 * step a3-b2 (diagonally forward) or b3-b2 as well; after d2-c3 the
 * capture d4xd2 takes d3 instead of c3; after d3-c3, d4-d3 steps in. */
START_TEST(black_replies_without_opening_rule)
{
	static const char *const first[] = { "b2-c3", "c2-c3", "d2-c3", "d3-c3" };
	static const char *const replies[] = {
		"a3-b2 b3-b2 d4xb2", "c4xc2", "b4xd2 d4xd2", "b3xd3 d4-d3"
	};

	for (int i = 0; i < 4; i++) {
		bg_game *g = new_game("alquerque:opening=0");

		play(g, first[i]);
		expect_moves(g, replies[i]);
		bg_game_free(g);
	}
}
END_TEST

START_TEST(opening_other_capture_is_illegal)
{
	bg_game *g = new_game("alquerque");
	bg_move m;

	play(g, "d2-c3");
	ck_assert_int_eq(bg_move_from_text(g, "d4xd2", &m), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_text(g, "d4xd2"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

/* The opening flag is in the position text and hash; it ends after
 * Black's reply. */
START_TEST(opening_flag_in_text)
{
	bg_game *g = new_game("alquerque");

	play(g, "b2-c3");
	ck_assert_str_eq(game_part(g),
			 "bbbbb/bbbbb/bbwww/w.www/wwwww b opening -");
	play(g, "d4xb2");
	ck_assert_str_eq(game_part(g), "bbbbb/bbb.b/bb.ww/wbwww/wwwww w - -");
	bg_game_free(g);
}
END_TEST

/* perft 4 / 4 (the page); 4 / 8 without the opening rule (the replies
 * above: 3 + 1 + 2 + 2). Depths 3-5 are regression values measured with
 * bgperft. */
START_TEST(perft_from_start)
{
	static const uint64_t on[] = { 4, 4, 20, 138, 865 };
	static const uint64_t off[] = { 4, 8, 33, 196, 1166 };
	bg_game *g = new_game("alquerque");
	bg_game *h = new_game("alquerque:opening=0");

	for (int d = 1; d <= 5; d++) {
		ck_assert_uint_eq(perft(g, d), on[d - 1]);
		ck_assert_uint_eq(perft(h, d), off[d - 1]);
	}
	bg_game_free(g);
	bg_game_free(h);
}
END_TEST

/* ---- Steps ---------------------------------------------------------------- */

/* c3 (file+rank even, on diagonals): forward c4, sideways b3 d3,
 * diagonally forward b4 d4; never c2, b2, d2. Listed by target point. */
START_TEST(steps_forward_sideways_diagonal)
{
	bg_game *g = from_pos("alquerque ....b/...../..w../...../..... w - - 0");

	expect_moves(g, "c3-b3 c3-d3 c3-b4 c3-c4 c3-d4");
	bg_game_free(g);
	/* b3: file+rank odd, no diagonal through it. */
	g = from_pos("alquerque ....b/...../.w.../...../..... w - - 0");
	expect_moves(g, "b3-a3 b3-c3 b3-b4");
	bg_game_free(g);
	/* Black's forward is down the board. */
	g = from_pos("alquerque ....w/...../..b../...../..... b - - 0");
	expect_moves(g, "c3-b2 c3-c2 c3-d2 c3-b3 c3-d3");
	bg_game_free(g);
}
END_TEST

/* ---- Captures ------------------------------------------------------------- */

/* Capture is optional: the steps stay listed. Backward captures are
 * allowed by default (c3xc1 over c2); capture_forward_only removes
 * them. */
START_TEST(capture_optional_and_backward)
{
	const char *pos = "....b/...../..w../..b../..... w - - 0";
	char spec[128];
	bg_game *g;

	snprintf(spec, sizeof(spec), "alquerque %s", pos);
	g = from_pos(spec);
	expect_moves(g, "c3-b3 c3-d3 c3-b4 c3-c4 c3-d4 c3xc1");
	play(g, "c3xc1");
	ck_assert_int_eq(seat_at(g, "c2"), -1);
	ck_assert_int_eq(seat_at(g, "c1"), 0);
	bg_game_free(g);
	snprintf(spec, sizeof(spec),
		 "alquerque:capture_forward_only=1 %s", pos);
	g = from_pos(spec);
	expect_moves(g, "c3-b3 c3-d3 c3-b4 c3-c4 c3-d4");
	bg_game_free(g);
}
END_TEST

/* capture_forward_only keeps sideways and diagonally forward captures. */
START_TEST(capture_forward_only_keeps_step_directions)
{
	bg_game *g = from_pos("alquerque:capture_forward_only=1 "
			      "....b/...../..wb./...../..... w - - 0");

	expect_moves(g, "c3-b3 c3-b4 c3-c4 c3-d4 c3xe3");
	bg_game_free(g);
	g = from_pos("alquerque:capture_forward_only=1 "
		     "...../...b./..w../...../b.... w - - 0");
	expect_moves(g, "c3-b3 c3-d3 c3-b4 c3-c4 c3xe5");
	bg_game_free(g);
}
END_TEST

/* A chain turns freely; every prefix is a move. a1 takes a2 landing on
 * a3, then b3 landing on c3. The prefix a1xa3 stops while b3 could still
 * be taken, so the piece is huffed: White is left without pieces. */
START_TEST(chain_prefixes_and_huff)
{
	const char *pos = "alquerque ....b/...../.b.../b..../w.... w - - 0";
	bg_game *g = from_pos(pos);

	expect_moves(g, "a1-b1 a1-b2 a1xa3 a1xa3xc3");
	play(g, "a1xa3");
	ck_assert_int_eq(seat_at(g, "a3"), -1);
	ck_assert_int_eq(seat_at(g, "a2"), -1);
	ck_assert_int_eq(seat_at(g, "b3"), 1);
	expect(g, BG_WIN, 1, BG_REASON_PIECES);
	/* Black: 2 + 2 * 2 pieces. */
	expect_scores(g, 0, 6);
	bg_game_free(g);

	g = from_pos(pos);
	play(g, "a1xa3xc3");
	ck_assert_int_eq(seat_at(g, "c3"), 0);
	ck_assert_int_eq(seat_at(g, "b3"), -1);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	expect_scores(g, 0, 0);
	bg_game_free(g);
}
END_TEST

/* The square a1-c1-c3-a3 with enemies on b1, c2, b3, a2: either way round
 * the fourth capture would land on a1, where the move began, so chains
 * stop after three (backward captures included) and the piece is not
 * huffed for the capture it may not make. */
START_TEST(chain_never_returns_to_start)
{
	bg_game *g = from_pos("alquerque ...../...../.b.../b.b../wb... w - - 0");
	size_t n = count_moves(g);

	for (size_t i = 0; i < n; i++)
		ck_assert_int_le(legal[i].npath, 4);
	play(g, "a1xc1xc3xa3");
	ck_assert_int_eq(seat_at(g, "a3"), 0);
	ck_assert_int_eq(seat_at(g, "a2"), 1);
	ck_assert_int_eq(seat_at(g, "a1"), -1);
	bg_game_free(g);
	g = from_pos("alquerque ...../...../.b.../b.b../wb... w - - 0");
	play(g, "a1xa3xc3xc1");
	ck_assert_int_eq(seat_at(g, "c1"), 0);
	ck_assert_int_eq(seat_at(g, "b1"), 1);
	bg_game_free(g);
}
END_TEST

/* Learning actions where chains share their ends (the square above): a
 * chain's action is its from-to pair's with a rank, the chains to one
 * point ranked by their points. a1xc1xc3 and a1xa3xc3 both end on c3;
 * c1 (point 2) comes before a3 (point 10), so a1xc1xc3 has rank 0 and
 * a1xa3xc3 the next action. Every legal move's action, numbered from the
 * list, is one of bg_legal_actions() and gives the move back. */
START_TEST(chains_to_one_point_ranked)
{
	bg_game *g = from_pos("alquerque ...../...../.b.../b.b../wb... w - - 0");

	expect_listed_actions(g);
	ck_assert_uint_eq(action_of(g, "a1xa3xc3"),
			  action_of(g, "a1xc1xc3") + 1);
	bg_game_free(g);
}
END_TEST

/* Move text: the full path, or from-to when it fits one move. */
START_TEST(chain_text)
{
	bg_game *g = from_pos("alquerque ....b/...../.b.../b..../w.... w - - 0");
	bg_move m;
	char t[64];

	ck_assert_int_eq(bg_move_from_text(g, "a1-c3", &m), BG_OK);
	ck_assert_int_eq(bg_move_to_text(g, &m, t, sizeof(t), NULL), BG_OK);
	ck_assert_str_eq(t, "a1xa3xc3");
	ck_assert_int_eq(m.kind, BG_MOVE_CAPTURE);
	ck_assert_int_eq(m.npath, 3);
	bg_game_free(g);
}
END_TEST

/* ---- huff_all ------------------------------------------------------------- */

/* c3 could take c4. By default its steps are plain moves; under huff_all
 * a step loses the piece wherever it goes, so the four steps reach one
 * position and are listed once (the first, c3-b3). */
START_TEST(huff_all_single_candidate)
{
	const char *pos = "...../..b../..w../...../b.... w - - 0";
	char spec[128];
	bg_game *g;

	snprintf(spec, sizeof(spec), "alquerque %s", pos);
	g = from_pos(spec);
	expect_moves(g, "c3-b3 c3-d3 c3-b4 c3-d4 c3xc5");
	play(g, "c3-d4");
	ck_assert_int_eq(seat_at(g, "d4"), 0);
	bg_game_free(g);

	snprintf(spec, sizeof(spec), "alquerque:huff_all=1 %s", pos);
	g = from_pos(spec);
	expect_moves(g, "c3-b3 c3xc5");
	play(g, "c3-b3");
	ck_assert_int_eq(seat_at(g, "b3"), -1);
	expect(g, BG_WIN, 1, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/* a1 could take a2 and e1 could take e2; White steps c1-c2 instead.
 * Black chooses which of a1, e1 to remove, as part of its move: after
 * removing a1, a2-a1, a2-b2, e2-d2; after removing e1, a2-b2, e2-d2,
 * e2-e1. */
START_TEST(huff_all_opponent_chooses)
{
	const char *pos = "alquerque:huff_all=1 ...../...../...../b...b/w.w.w w - - 0";
	bg_game *g = from_pos(pos);

	play(g, "c1-c2");
	ck_assert_str_eq(game_part(g),
			 "...../...../...../b.w.b/w...w b - a1,e1");
	expect_moves(g, "a2-a1xa1 a2-b2xa1 e2-d2xa1 "
		     "a2-b2xe1 e2-e1xe1 e2-d2xe1");
	play(g, "a2-b2xe1");
	ck_assert_str_eq(game_part(g), "...../...../...../.bw.b/w.... w - -");
	bg_game_free(g);

	/* A capture huffs nobody: e1 keeps its piece after a1xa3. */
	g = from_pos(pos);
	play(g, "a1xa3");
	ck_assert_str_eq(game_part(g), "...../...../w..../....b/..w.w b - -");
	bg_game_free(g);

	/* Without huff_all the step costs nothing. */
	g = from_pos("alquerque ...../...../...../b...b/w.w.w w - - 0");
	play(g, "c1-c2");
	ck_assert_str_eq(game_part(g), "...../...../...../b.w.b/w...w b - -");
	bg_game_free(g);
}
END_TEST

/* ---- End and score -------------------------------------------------------- */

/* Black a1 is blocked: b1 is taken and c1 beyond it too. The blocked side
 * loses; White scores 2 + 2 * 2 + 1 (add) or 2 + 1 (replace). */
START_TEST(blocked_loses_and_scores)
{
	bg_game *g = from_pos("alquerque ...../...../...../...../bww.. b - - 0");

	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	ck_assert_uint_eq(count_moves(g), 0);
	expect_scores(g, 7, 0);
	bg_game_free(g);
	g = from_pos("alquerque:score=replace ...../...../...../...../bww.. b - - 0");
	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	expect_scores(g, 3, 0);
	bg_game_free(g);
}
END_TEST

/* Taking the last piece wins: 2 + 2 * 1. */
START_TEST(no_pieces_loses)
{
	bg_game *g = from_pos("alquerque:score=replace ...../...../...../b..../w.... w - - 0");

	play(g, "a1xa3");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	expect_scores(g, 4, 0);
	bg_game_free(g);
}
END_TEST

/* Pieces on their far rank only go sideways: a5-b5 e1-d1 b5-a5 d1-e1
 * brings the start back; twice more is the third occurrence, a draw
 * scoring 0-0. With repetition=2 the second occurrence ends it. */
START_TEST(threefold_repetition)
{
	const char *pos = "w..../...../...../...../....b w - - 0";
	static const char *const cycle[] = { "a5-b5", "e1-d1", "b5-a5", "d1-e1" };
	char spec[128];
	bg_game *g;

	snprintf(spec, sizeof(spec), "alquerque %s", pos);
	g = from_pos(spec);
	for (int i = 0; i < 8; i++) {
		expect(g, BG_ONGOING, -1, BG_REASON_NONE);
		play(g, cycle[i % 4]);
	}
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	expect_scores(g, 0, 0);
	bg_game_free(g);

	snprintf(spec, sizeof(spec), "alquerque:repetition=2 %s", pos);
	g = from_pos(spec);
	for (int i = 0; i < 4; i++)
		play(g, cycle[i]);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(max_plies_draws)
{
	bg_game *g = new_game("alquerque:max_plies=3");

	play(g, "b2-c3");
	play(g, "d4xb2");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play(g, "c2-c3");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Position text and options -------------------------------------------- */

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		"alquerque bbbbb/bbbbb/bb.ww/wwwww/wwwww x - - 0",
		"alquerque bbbbb/bbbbb/bb.ww/wwwww/wwww w - - 0",
		"alquerque bbbbb/bbbbb/bbqww/wwwww/wwwww w - - 0",
		"alquerque bbbbb/bbbbb/bbwww/wwwww/wwwww w - - 0",
		"alquerque ...../...../...../...../..... w - - 0",
		/* the opening flag off the start */
		"alquerque bbbbb/bbbbb/b..ww/wwwww/wwwww w opening - 0",
		"alquerque:opening=0 bbbbb/bbbbb/bb.ww/wwwww/wwwww w opening - 0",
		/* huff candidates without huff_all, or only one, or not
		 * pieces of the side that moved */
		"alquerque ...../...../...../b.w.b/w...w b - a1,e1 0",
		"alquerque:huff_all=1 ...../...../...../b.w.b/w...w b - a1 0",
		"alquerque:huff_all=1 ...../...../...../b.w.b/w...w b - a1,a2 0",
		"alquerque:huff_all=1 ...../...../...../b.w.b/w...w b - a1,a1 0",
		"alquerque bbbbb/bbbbb/bb.ww/wwwww/wwwww w - - extra 0",
		/* a candidate off the board; neither flag nor '-' */
		"alquerque:huff_all=1 ...../...../...../b.w.b/w...w b - a1,f1 0",
		"alquerque bbbbb/bbbbb/bb.ww/wwwww/wwwww w open - 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

/* The opening flag is accepted after White's entry into c3 too, and the
 * huff choice reads back. */
START_TEST(positions_round_trip)
{
	static const char *const good[] = {
		"alquerque bbbbb/bbbbb/bbwww/w.www/wwwww b opening - 1",
		"alquerque:huff_all=1 ...../...../...../b.w.b/w...w b - a1,e1 5",
	};

	for (size_t i = 0; i < 2; i++) {
		bg_game *g = from_pos(good[i]);
		char buf[256];

		snprintf(buf, sizeof(buf), "%s", position(g));
		ck_assert_str_eq(buf, good[i]);
		bg_game_free(g);
	}
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("alquerque");
	const char *key, *def, *allowed;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("alkuerk"), i);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Алькуерк");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 6);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 1, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "capture_forward_only");
	ck_assert_str_eq(def, "0");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 3, &key, &type, &def,
					   &allowed, NULL), BG_OK);
	ck_assert_str_eq(key, "score");
	ck_assert_str_eq(allowed, "add|replace");
}
END_TEST

static Suite *alquerque_suite(void)
{
	Suite *s = suite_create("alquerque");
	TCase *tc = tcase_create("board");

	tcase_add_test(tc, board_counts);
	tcase_add_test(tc, setup);
	tcase_add_test(tc, start_position_text);
	suite_add_tcase(s, tc);
	tc = tcase_create("opening");
	tcase_add_test(tc, white_has_four_first_moves);
	tcase_add_test(tc, black_must_take_c3);
	tcase_add_test(tc, black_replies_without_opening_rule);
	tcase_add_test(tc, opening_other_capture_is_illegal);
	tcase_add_test(tc, opening_flag_in_text);
	tcase_add_test(tc, perft_from_start);
	suite_add_tcase(s, tc);
	tc = tcase_create("moves");
	tcase_add_test(tc, steps_forward_sideways_diagonal);
	tcase_add_test(tc, capture_optional_and_backward);
	tcase_add_test(tc, capture_forward_only_keeps_step_directions);
	tcase_add_test(tc, chain_prefixes_and_huff);
	tcase_add_test(tc, chain_never_returns_to_start);
	tcase_add_test(tc, chains_to_one_point_ranked);
	tcase_add_test(tc, chain_text);
	tcase_add_test(tc, huff_all_single_candidate);
	tcase_add_test(tc, huff_all_opponent_chooses);
	suite_add_tcase(s, tc);
	tc = tcase_create("end");
	tcase_add_test(tc, blocked_loses_and_scores);
	tcase_add_test(tc, no_pieces_loses);
	tcase_add_test(tc, threefold_repetition);
	tcase_add_test(tc, max_plies_draws);
	suite_add_tcase(s, tc);
	tc = tcase_create("text");
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, positions_round_trip);
	tcase_add_test(tc, catalogue_entry);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(alquerque_suite());
}
