/*
 * Mill (Melnitsa), through the public API only. Figures come from
 * doc/games/mill.md or are worked out in the comment beside them.
 *
 * Point order (doc/games/mill.md): rank by rank from the bottom, left to
 * right: a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7
 * d7 g7. Removal sets are listed in this order.
 */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define TEXT_CAP 4096

/* The legal moves whose text starts with `prefix` are exactly `want`. */
static void expect_prefixed_moves(const bg_game *g, const char *prefix,
				  const char *want)
{
	static char all[65536];
	char got[TEXT_CAP], *tok, *save = NULL;
	size_t len = 0;

	snprintf(all, sizeof(all), "%s", list_moves(g));
	got[0] = '\0';
	for (tok = strtok_r(all, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		if (strncmp(tok, prefix, strlen(prefix)) == 0)
			len += (size_t)snprintf(got + len, sizeof(got) - len,
						"%s%s", len ? " " : "", tok);
	ck_assert_str_eq(got, want);
}

/*
 * A position text: "SPEC BOARD SIDE HAND0 HAND1 QUIET PLY", the board
 * rank 7 down to 1, each rank only its points, left to right.
 */
static void make_pos(char *out, const char *spec, const char *white,
		     const char *black, char side, int h0, int h1, int quiet)
{
	static const char *const ranks[7] = { "adg", "bdf", "cde", "abcefg",
					      "cde", "bdf", "adg" };
	int k = sprintf(out, "%s ", spec);

	for (int y = 6; y >= 0; y--) {
		for (const char *f = ranks[y]; *f; f++) {
			char name[4] = { *f, (char)('1' + y), 0, 0 };

			out[k++] = has_word(white, name) ? 'w' :
				   has_word(black, name) ? 'b' : '.';
		}
		out[k++] = y ? '/' : ' ';
	}
	sprintf(out + k, "%c %d %d %d 0", side, h0, h1, quiet);
}

static bg_game *setup(const char *spec, const char *white, const char *black,
		      char side, int h0, int h1)
{
	char text[TEXT_CAP];

	make_pos(text, spec, white, black, side, h0, h1, 0);
	return from_pos(text);
}

/* Every legal move's text reads back as the same move. */
static void texts_round_trip(const bg_game *g)
{
	size_t n = count_moves(g);
	bg_move *copy = malloc(n * sizeof(*copy)), back;
	char buf[64];

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, legal, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(bg_move_to_text(g, &copy[i], buf, sizeof(buf),
						 NULL), BG_OK);
		ck_assert_int_eq(bg_move_from_text(g, buf, &back), BG_OK);
		ck_assert_msg(bg_move_equal(&back, &copy[i]), "%s", buf);
	}
	free(copy);
}

/* ---- Board ---------------------------------------------------------------- */

START_TEST(board_points_lines_edges)
{
	static const char *const names[24] = {
		"a1", "d1", "g1", "b2", "d2", "f2", "c3", "d3", "e3", "a4",
		"b4", "c4", "e4", "f4", "g4", "c5", "d5", "e5", "b6", "d6",
		"f6", "a7", "d7", "g7",
	};
	/* The page's line list: 16 solid, 4 dashed. */
	static const char *const page[20] = {
		"a1 d1 g1", "b2 d2 f2", "c3 d3 e3", "a4 b4 c4", "e4 f4 g4",
		"c5 d5 e5", "b6 d6 f6", "a7 d7 g7", "a1 a4 a7", "b2 b4 b6",
		"c3 c4 c5", "d1 d2 d3", "d5 d6 d7", "e3 e4 e5", "f2 f4 f6",
		"g1 g4 g7", "a1 b2 c3", "g1 f2 e3", "a7 b6 c5", "g7 f6 e5",
	};
	bg_game *g = new_game("mill");
	int w, h, solid = 0, dashed = 0, found[20] = { 0 };
	int pairs[24][24] = { { 0 } }, edges[2] = { 0, 0 };

	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_LINES);
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, 7);
	ck_assert_int_eq(h, 7);
	ck_assert_uint_eq(bg_point_count(g), 24);
	for (int p = 0; p < 24; p++) {
		char buf[8];

		ck_assert_int_eq(bg_point_name(g, p, buf, sizeof(buf), NULL),
				 BG_OK);
		ck_assert_str_eq(buf, names[p]);
	}
	ck_assert_int_eq(bg_point_find(g, "d4", &w), BG_EPARSE);
	ck_assert_uint_eq(bg_line_count(g), 20);
	for (size_t i = 0; i < 20; i++) {
		int style, pt[3];
		size_t np;
		char text[16];

		ck_assert_int_eq(bg_line_info(g, i, &style, &np), BG_OK);
		ck_assert_uint_eq(np, 3);
		for (size_t k = 0; k < 3; k++)
			ck_assert_int_eq(bg_line_point(g, i, k, &pt[k]), BG_OK);
		solid += style == BG_LINE_SOLID;
		dashed += style == BG_LINE_DASHED;
		for (int k = 0; k < 2; k++) {
			int a = pt[k], b = pt[k + 1];

			ck_assert_int_eq(pairs[a][b]++, 0);
			pairs[b][a]++;
			edges[style]++;
		}
		snprintf(text, sizeof(text), "%s %s %s", names[pt[0]],
			 names[pt[1]], names[pt[2]]);
		for (int k = 0; k < 20; k++)
			if (!strcmp(text, page[k])) {
				found[k]++;
				ck_assert_int_eq(style, k < 16 ? BG_LINE_SOLID :
								 BG_LINE_DASHED);
			}
	}
	ck_assert_int_eq(solid, 16);
	ck_assert_int_eq(dashed, 4);
	for (int k = 0; k < 20; k++)
		ck_assert_msg(found[k] == 1, "line %s", page[k]);
	/* 40 distinct edges: 32 solid, 8 dashed. */
	ck_assert_int_eq(edges[BG_LINE_SOLID], 32);
	ck_assert_int_eq(edges[BG_LINE_DASHED], 8);
	bg_game_free(g);
}
END_TEST

/* Do points p and q lie on one line? */
static int share_line(const bg_game *g, int p, int q)
{
	for (size_t i = 0; i < 20; i++) {
		int on = 0;

		for (size_t k = 0; k < 3; k++) {
			int r;

			bg_line_point(g, i, k, &r);
			on += r == p || r == q;
		}
		if (on == 2)
			return 1;
	}
	return 0;
}

/* Append the name of point p to a space-separated list. */
static void add_name(const bg_game *g, char *list, int p)
{
	char name[8];

	bg_point_name(g, p, name, sizeof(name), NULL);
	if (*list)
		strcat(list, " ");
	strcat(list, name);
}

/*
 * The jumps: for each point p, White on p with Black on all its
 * neighbours (the points next to it on a line), movement phase; White's
 * two other pieces and Black's fillers share no line with p. Every move
 * from p is then a jump, and each goes from one end of a listed line to
 * the other. Counted by destination: 40 in all, 20 lines both ways.
 */
START_TEST(forty_jump_patterns)
{
	bg_game *ref = new_game("mill");
	int total = 0, end_of[24][24];

	memset(end_of, 0, sizeof(end_of));
	for (size_t i = 0; i < 20; i++) {
		int a, b;

		bg_line_point(ref, i, 0, &a);
		bg_line_point(ref, i, 2, &b);
		end_of[a][b] = end_of[b][a] = 1;
	}
	for (int p = 0; p < 24; p++) {
		char white[128] = "", black[128] = "";
		int nb = 0, nw = 1, seen[24] = { 0 };
		bg_game *g;
		size_t n;

		add_name(ref, white, p);
		for (size_t i = 0; i < 20; i++)
			for (size_t k = 0; k < 3; k++) {
				int q;

				bg_line_point(ref, i, k, &q);
				if (q != p)
					continue;
				for (int d = -1; d <= 1; d += 2) {
					int r;

					if ((int)k + d < 0 || (int)k + d > 2)
						continue;
					bg_line_point(ref, i, (size_t)((int)k + d),
						      &r);
					add_name(ref, black, r);
					nb++;
				}
			}
		for (int q = 0; q < 24; q++) {
			if (q == p || share_line(ref, p, q))
				continue;
			if (nw < 3) {
				add_name(ref, white, q);
				nw++;
			} else if (nb < 3) {
				add_name(ref, black, q);
				nb++;
			}
		}
		g = setup("mill", white, black, 'w', 0, 0);
		n = count_moves(g);
		for (size_t i = 0; i < n; i++) {
			int to = legal[i].pts[1];

			if (legal[i].pts[0] != p || legal[i].kind == BG_MOVE_PASS)
				continue;
			ck_assert_int_eq(legal[i].kind, BG_MOVE_JUMP);
			ck_assert_msg(end_of[p][to], "jump %d-%d", p, to);
			total += !seen[to];
			seen[to] = 1;
		}
		bg_game_free(g);
	}
	ck_assert_int_eq(total, 40);
	bg_game_free(ref);
}
END_TEST

/* ---- Placement ------------------------------------------------------------ */

/* 24 first placements; no mill before White's third piece (ply 5), so
 * 24*23, 24*23*22 and 24*23*22*21. */
START_TEST(perft_placement)
{
	bg_game *g = new_game("mill");

	ck_assert_uint_eq(perft(g, 1), 24);
	ck_assert_uint_eq(perft(g, 2), 552);
	ck_assert_uint_eq(perft(g, 3), 12144);
	ck_assert_uint_eq(perft(g, 4), 255024);
	ck_assert_uint_eq(count_moves(g), 24);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PLACE);
	bg_game_free(g);
}
END_TEST

START_TEST(placement_mill_removes)
{
	static const char opening[] = "a1 g7 d1 f6";
	bg_game *g = new_game("mill");
	char pos[TEXT_CAP];

	play_all(g, opening);
	/* g1 closes a1-d1-g1: one move per Black piece, f6 before g7. */
	expect_prefixed_moves(g, "g1", "g1xf6 g1xg7");
	/* g1 alone names two moves: the answer says what is missing. */
	ck_assert_int_eq(bg_play_text(g, "g1"), BG_EAMBIGUOUS);
	ck_assert_str_eq(bg_last_error(),
			 "g1 makes a mill: name the piece to remove, e.g. g1xf6");
	texts_round_trip(g);
	play(g, "g1xg7");
	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "mill .../..b/.../....../.../.../www b 6 7 0 5");
	ck_assert_int_eq(bg_undo(g), BG_OK);
	/* Placement elsewhere removes nothing. */
	expect_prefixed_moves(g, "b2", "b2");
	bg_game_free(g);
}
END_TEST

/* A mill made while the opponent has nothing on the board removes
 * nothing: the move is the bare placement. */
START_TEST(mill_with_nothing_to_remove)
{
	bg_game *g = setup("mill", "a1 d1", "", 'w', 7, 7);

	expect_prefixed_moves(g, "g1", "g1");
	play(g, "g1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* g1 lies on three lines: a1-d1-g1, g1-g4-g7 and the dashed g1-f2-e3. */
START_TEST(triple_mill_by_placement)
{
	bg_game *g = setup("mill", "a1 d1 g4 g7 f2 e3", "b6 d6 a7 d7", 'w',
			   3, 3);

	expect_prefixed_moves(g, "g1",
			      "g1xb6xd6xa7 g1xb6xd6xd7 g1xb6xa7xd7 "
			      "g1xd6xa7xd7");
	texts_round_trip(g);
	/* Removals are read in any order; a point twice is not a move. */
	{
		bg_move a, b;

		ck_assert_int_eq(bg_move_from_text(g, "g1xd6xb6xa7", &a), BG_OK);
		ck_assert_int_eq(bg_move_from_text(g, "g1xb6xd6xa7", &b), BG_OK);
		ck_assert(bg_move_equal(&a, &b));
		ck_assert_int_eq(bg_move_from_text(g, "g1xd6xd6xa7", &a),
				 BG_EILLEGAL);
	}
	bg_game_free(g);

	g = setup("mill:double_mill=1", "a1 d1 g4 g7 f2 e3", "b6 d6 a7 d7",
		  'w', 3, 3);
	expect_prefixed_moves(g, "g1", "g1xb6 g1xd6 g1xa7 g1xd7");
	bg_game_free(g);

	/* Fewer pieces than mills: all of them go. */
	g = setup("mill", "a1 d1 g4 g7 f2 e3", "d7", 'w', 3, 3);
	expect_prefixed_moves(g, "g1", "g1xd7");
	bg_game_free(g);
}
END_TEST

/* ---- Movement ------------------------------------------------------------- */

/* f2-g1 along the dashed line closes a1-d1-g1 and g1-g4-g7 (f2 leaves
 * the diagonal): two removals, C(4,2) = 6 sets. */
START_TEST(double_mill_by_a_step)
{
	bg_game *g = setup("mill", "a1 d1 g4 g7 f2", "b6 d6 a7 d7", 'w', 0, 0);

	expect_prefixed_moves(g, "f2-g1",
			      "f2-g1xb6xd6 f2-g1xb6xa7 f2-g1xb6xd7 "
			      "f2-g1xd6xa7 f2-g1xd6xd7 f2-g1xa7xd7");
	texts_round_trip(g);
	/* The step alone is not a move: its two removals are missing. */
	ck_assert_int_eq(bg_play_text(g, " F2-G1 "), BG_EAMBIGUOUS);
	ck_assert_str_eq(bg_last_error(), "F2-G1 makes a mill: name the pieces "
			 "to remove, e.g. f2-g1xb6xd6");
	ck_assert_int_eq(bg_to_move(g), 0);
	play(g, "f2-g1xa7xd7");
	ck_assert_int_eq(bg_to_move(g), 1);
	/* Black is left with b6 d6: two pieces lose. */
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);

	g = setup("mill:double_mill=1", "a1 d1 g4 g7 f2", "b6 d6 a7 d7", 'w',
		  0, 0);
	expect_prefixed_moves(g, "f2-g1",
			      "f2-g1xb6 f2-g1xd6 f2-g1xa7 f2-g1xd7");
	bg_game_free(g);
}
END_TEST

/* Steps along solid and dashed lines; jumps over a piece of either
 * colour to the far end of a line. */
START_TEST(steps_and_jumps)
{
	/* a1: steps d1 a4, b2 holds White, so a1 jumps over it to c3;
	 * d1 holds Black: a1 jumps to g1. a4 is empty: no jump to a7. */
	bg_game *g = setup("mill", "a1 b2 g7", "d1 e5 f6", 'w', 0, 0);

	expect_prefixed_moves(g, "a1-", "a1-g1 a1-c3 a1-a4");
	ck_assert_int_eq(legal[0].kind, BG_MOVE_JUMP);
	/* b2: steps d2, c3, b4 (a1 is White's); no jump from the middle of
	 * the dashed line, nor over the empty d2 and b4. Listed by
	 * destination. */
	expect_prefixed_moves(g, "b2-", "b2-d2 b2-c3 b2-b4");
	bg_game_free(g);
}
END_TEST

START_TEST(two_pieces_left_loses)
{
	/* Placement: Black has 2 on the board and 1 in hand; White's mill
	 * removes one: 1 + 1 left. */
	bg_game *g = setup("mill", "a1 d1 c5 e5 b4 f4 b6 d6", "a7 g7", 'w', 1,
			   1);

	ongoing(g);
	play(g, "g1xa7");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);

	/* Three pieces with none in hand still play. */
	g = setup("mill", "a1 d1 g4", "a7 d7 b6", 'w', 0, 0);
	ongoing(g);
	play(g, "g4-g1xb6");
	expect(g, BG_WIN, 0, BG_REASON_PIECES);
	bg_game_free(g);
}
END_TEST

/* White a1 d1 g1 d2 walled in by nine Black pieces, jumps too. */
#define WALLED_W "a1 d1 g1 d2"
#define WALLED_B "a4 b2 a7 c3 d3 g4 f2 g7 e3"

START_TEST(no_move_loses)
{
	bg_game *g = setup("mill", WALLED_W, WALLED_B, 'w', 0, 0);

	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);

	g = setup("mill:no_moves=pass", WALLED_W, WALLED_B, 'w', 0, 0);
	ongoing(g);
	expect_moves(g, "pass");
	play(g, "pass");
	ck_assert_int_eq(bg_to_move(g), 1);
	bg_game_free(g);

	/* Flying frees a three-piece side; four pieces do not fly. */
	g = setup("mill:flying=1", WALLED_W, WALLED_B, 'w', 0, 0);
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);
}
END_TEST

/* a1 g7 d5: no two share a line, so no flight makes a mill. 24 - 7 = 17
 * empty points: 3 * 17 = 51 flights. */
START_TEST(flying_three)
{
	bg_game *g = setup("mill:flying=1", "a1 g7 d5", "b4 f4 d2 d6", 'w', 0,
			   0);

	ck_assert_uint_eq(count_moves(g), 51);
	expect_prefixed_moves(g, "a1-",
			      "a1-d1 a1-g1 a1-b2 a1-f2 a1-c3 a1-d3 a1-e3 "
			      "a1-a4 a1-c4 a1-e4 a1-g4 a1-c5 a1-e5 a1-b6 a1-f6 "
			      "a1-a7 a1-d7");
	bg_game_free(g);

	/* Without the option, a1 steps d1 a4 b2 only. */
	g = setup("mill", "a1 g7 d5", "b4 f4 d2 d6", 'w', 0, 0);
	expect_prefixed_moves(g, "a1-", "a1-d1 a1-b2 a1-a4");
	bg_game_free(g);
}
END_TEST

/* Black a7 d7 g7 form a mill, b6 does not. */
START_TEST(protect_mills)
{
	bg_game *g = setup("mill", "a1 d1 g4 f2 c4", "a7 d7 g7 b6", 'w', 0, 0);

	expect_prefixed_moves(g, "g4-g1",
			      "g4-g1xb6 g4-g1xa7 g4-g1xd7 g4-g1xg7");
	bg_game_free(g);

	g = setup("mill:protect_mills=1", "a1 d1 g4 f2 c4", "a7 d7 g7 b6",
		  'w', 0, 0);
	expect_prefixed_moves(g, "g4-g1", "g4-g1xb6");
	bg_game_free(g);

	/* All of Black's pieces in mills: any may go. */
	g = setup("mill:protect_mills=1", "a1 d1 g4 f2 c4", "a7 d7 g7", 'w', 0,
		  0);
	expect_prefixed_moves(g, "g4-g1", "g4-g1xa7 g4-g1xd7 g4-g1xg7");
	bg_game_free(g);

	/* Two removals (g1 closes a1-d1-g1 and the dashed g1-f2-e3): b6
	 * first, then the mill is all Black has left. */
	g = setup("mill:protect_mills=1", "a1 d1 f2 e3", "a7 d7 g7 b6", 'w', 5,
		  5);
	expect_prefixed_moves(g, "g1", "g1xb6xa7 g1xb6xd7 g1xb6xg7");
	bg_game_free(g);
}
END_TEST

/* ---- Draws ---------------------------------------------------------------- */

static const char shuttle[] = "a1-a4 g7-g4 a4-a1 g4-g7";

START_TEST(repetition_draws)
{
	bg_game *g = setup("mill", "a1 c5 e3", "g7 b6 f2", 'w', 0, 0);

	play_all(g, shuttle); /* second time */
	ongoing(g);
	play_all(g, shuttle); /* third time */
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);

	g = setup("mill:repetition=2", "a1 c5 e3", "g7 b6 f2", 'w', 0, 0);
	play_all(g, shuttle);
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

START_TEST(no_removal_cap)
{
	bg_game *g = setup("mill:no_removal=6", "a1 c5 e3", "g7 b6 f2", 'w', 0,
			   0);
	char pos[TEXT_CAP];

	play_all(g, shuttle);
	play(g, "a1-a4");
	ongoing(g);
	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "mill:no_removal=6 ..b/b../w../w...../..w/..b/... "
			      "b 0 0 5 5");
	play(g, "g7-g4");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);

	/* A removal starts the count again. */
	g = setup("mill:no_removal=2", "a1 d1 g4", "a7 d7 b6 f6", 'w', 0, 0);
	play(g, "g4-g1xb6");
	ongoing(g);
	play(g, "a7-a4");
	ongoing(g);
	play(g, "g1-g4");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

START_TEST(ply_cap)
{
	bg_game *g = new_game("mill:max_plies=3");

	play(g, "a1");
	play(g, "b2");
	ongoing(g);
	play(g, "c3");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Text ----------------------------------------------------------------- */

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		/* 10 white pieces (board + hand) */
		"mill .../.../.../....../.../.../www w 7 7 0 0",
		"mill .../.../.../....../.../.../... w 10 9 0 0",
		/* Black to place with equal hands */
		"mill .../.../.../....../.../.../... b 9 9 0 0",
		/* quiet plies during the placement */
		"mill .../.../.../....../.../.../w.. b 8 9 1 0",
		/* Black, who just moved, has two pieces */
		"mill bb./.../.../....../.../.../www w 0 0 0 0",
		"mill .../.../.../...../.../.../... w 9 9 0 0",
		"mill .../.../.../......./.../.../... w 9 9 0 0",
		"mill .../.../.../....../.../.../... w 9 9 0 0/...",
		"mill .../.../.../....../.../.../..x w 9 9 0 0",
		"mill .../.../.../....../.../.../... x 9 9 0 0",
		"mill .../.../.../....../.../.../... w 9 9 0",
		"mill .../.../.../....../.../.../... w 9 09 0 0",
		"mill .../.../.../....../.../.../... w 9 9 -1 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

START_TEST(start_position_text)
{
	bg_game *g = new_game("mill");
	char pos[TEXT_CAP];

	snprintf(pos, sizeof(pos), "%s", position(g));
	ck_assert_str_eq(pos, "mill .../.../.../....../.../.../... w 9 9 0 0");
	ck_assert_int_eq(point(g, "a1"), 0);
	ck_assert_int_eq(point(g, "g7"), 23);
	ck_assert_int_eq(bg_catalog_find("melnitsa"), bg_catalog_find("mill"));
	bg_game_free(g);
}
END_TEST

START_TEST(catalogue_entry)
{
	static const char *const keys[] = { "double_mill", "protect_mills",
					    "flying", "no_removal", "no_moves",
					    "repetition", "max_plies" };
	static const char *const defs[] = { "2", "0", "0", "0", "lose", "3",
					    "0" };
	int i = bg_catalog_find("mill");

	ck_assert_int_ge(i, 0);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Мельница");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 7);
	for (size_t k = 0; k < 7; k++) {
		const char *key, *def;

		ck_assert_int_eq(bg_catalog_option((size_t)i, k, &key, NULL,
						   &def, NULL, NULL), BG_OK);
		ck_assert_str_eq(key, keys[k]);
		ck_assert_str_eq(def, defs[k]);
	}
}
END_TEST

static Suite *mill_suite(void)
{
	Suite *s = suite_create("mill");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, board_points_lines_edges);
	tcase_add_test(tc, forty_jump_patterns);
	tcase_add_test(tc, perft_placement);
	tcase_add_test(tc, placement_mill_removes);
	tcase_add_test(tc, mill_with_nothing_to_remove);
	tcase_add_test(tc, triple_mill_by_placement);
	tcase_add_test(tc, double_mill_by_a_step);
	tcase_add_test(tc, steps_and_jumps);
	tcase_add_test(tc, two_pieces_left_loses);
	tcase_add_test(tc, no_move_loses);
	tcase_add_test(tc, flying_three);
	tcase_add_test(tc, protect_mills);
	tcase_add_test(tc, repetition_draws);
	tcase_add_test(tc, no_removal_cap);
	tcase_add_test(tc, ply_cap);
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, start_position_text);
	tcase_add_test(tc, catalogue_entry);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(mill_suite());
}
