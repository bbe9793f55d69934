/*
 * Kutochki (Corners) and Halma, through the public API only. Every figure
 * comes from doc/games/kutochki.md (its tables and the oracles of its
 * "Sources" section) or is worked out by hand
 * in the comment beside it.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>

#include "testutil.h"

static void move_text(const bg_game *g, const bg_move *m, char *buf,
		      size_t cap)
{
	ck_assert_int_eq(bg_move_to_text(g, m, buf, cap, NULL), BG_OK);
}

static int tempo(const bg_game *g, int seat)
{
	int t = -1;

	ck_assert_int_eq(bg_kutochki_tempo(g, seat, &t), BG_OK);
	return t;
}

/*
 * A position text: the pieces of each side given as square names ("a1
 * h8"); when a side has fewer than `pieces`, the rest go on the squares of
 * its fill list not already taken.
 */
static void make_pos(char *out, size_t cap, const char *spec, int n,
		     int pieces, const char *white, const char *black,
		     const char *wfill, const char *bfill, char side,
		     unsigned ply)
{
	const char *lists[2][2] = { { white, wfill }, { black, bfill } };
	char cells[256], *o;
	size_t len;

	memset(cells, '.', sizeof(cells));
	for (int seat = 0; seat < 2; seat++) {
		int placed = 0;

		for (int k = 0; k < 2; k++) {
			const char *s = lists[seat][k];

			while (s && *s && placed < pieces) {
				int x, y, used;

				while (*s == ' ')
					s++;
				if (!*s)
					break;
				ck_assert(sscanf(s, "%*c%d%n", &y, &used) == 1);
				x = s[0] - 'a';
				s += used;
				if (cells[(y - 1) * n + x] != '.') {
					ck_assert_msg(k == 1, "square twice");
					continue;
				}
				cells[(y - 1) * n + x] = seat ? 'b' : 'w';
				placed++;
			}
		}
		ck_assert_msg(placed == pieces, "%d pieces, not %d", placed,
			      pieces);
	}
	len = (size_t)snprintf(out, cap, "%s ", spec);
	o = out + len;
	for (int y = n - 1; y >= 0; y--) {
		memcpy(o, cells + y * n, (size_t)n);
		o += n;
		*o++ = y ? '/' : ' ';
	}
	snprintf(o, cap - (size_t)(o - out), "%c %u", side, ply);
}

/* Two neutral 8x8 armies: no piece at home, none in its target. Both
 * tempo numbers are 65 (White: x + 7 - y; Black: 7 - x + y, from 0). */
#define W_MID "b4 c4 d4 e4 f4 b5 c5 d5 e5 f5"
#define B_MID "a2 b2 c2 d2 e2 a3 b3 c3 d3 e3"

static bg_game *pos8(const char *spec, const char *white, const char *black,
		     char side, unsigned ply)
{
	char text[512];

	make_pos(text, sizeof(text), spec, 8, 10, white, black, NULL, NULL,
		 side, ply);
	return from_pos(text);
}

/* ---- Start positions (the page's start-position counts) ------------------ */

static const struct {
	const char *spec;
	size_t count;
} start_counts[] = {
	{ "kutochki", 14 },
	{ "kutochki:diagonal=1", 24 },
	{ "kutochki:size=10", 18 },
	{ "kutochki:size=10,diagonal=1", 32 },
	{ "kutochki:layout=square3", 12 },
	{ "kutochki:layout=square3,diagonal=1", 26 },
	{ "kutochki:layout=rect3x4", 14 },
	{ "kutochki:layout=rect3x4,diagonal=1", 33 },
	{ "halma:diagonal=0", 20 },
	{ "halma", 40 },
	{ "halma:camp=13,diagonal=0", 16 },
	{ "halma:camp=13", 32 },
};

START_TEST(start_counts_white_and_black)
{
	bg_game *g = new_game(start_counts[_i].spec);
	size_t n = count_moves(g);

	ck_assert_msg(n == start_counts[_i].count, "%s: %zu moves",
		      start_counts[_i].spec, n);
	ck_assert_int_eq(bg_to_move(g), 0);
	ck_assert_uint_le(n, bg_max_moves(g));
	/* White's first move (from rank 1) cannot reach Black's corner, so
	 * Black's count is White's by symmetry. */
	ck_assert_int_eq(bg_play(g, &legal[0]), BG_OK);
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert_uint_eq(count_moves(g), start_counts[_i].count);
	bg_game_free(g);
}
END_TEST

START_TEST(tri4_orthogonal_list)
{
	bg_game *g = new_game("kutochki");

	/* White's 14 moves as the page lists them, in the documented order (origin, then
	 * destination, by point index). f1-d1-f1 is not a move. */
	ck_assert_str_eq(list_moves(g),
			 "e1-d1 e1-e2 f1-d1 f1-f3 f2-e2 f2-f3 g2-e2 "
			 "g2-g4 g3-f3 g3-g4 h3-f3 h3-h5 h4-g4 h4-h5");
	for (size_t i = 0; i < 14; i++)
		ck_assert_int_eq(legal[i].kind, i == 2 || i == 3 || i == 6 ||
					 i == 7 || i == 10 || i == 11 ?
					 BG_MOVE_JUMP : BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

START_TEST(start_position_text)
{
	bg_game *g = new_game("corners");
	char buf[512];

	snprintf(buf, sizeof(buf), "%s", position(g));
	ck_assert_str_eq(buf, "kutochki bbbb..../bbb...../bb....../b......./"
			      ".......w/......ww/.....www/....wwww w 0");
	bg_game_free(g);
}
END_TEST

START_TEST(home_marks)
{
	bg_game *g = new_game("kutochki:layout=rect3x4");
	int p, seat, kind, homes = 0;

	ck_assert_int_eq(bg_point_find(g, "e3", &p), BG_OK);
	ck_assert_int_eq(bg_point_marks(g, p), BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
	ck_assert(seat == 0 && kind == BG_PIECE_MAN);
	ck_assert_int_eq(bg_point_find(g, "d6", &p), BG_OK);
	ck_assert_int_eq(bg_point_marks(g, p), BG_MARK_HOME1);
	ck_assert_int_eq(bg_point_find(g, "e4", &p), BG_OK);
	ck_assert_int_eq(bg_point_marks(g, p), 0);
	ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
	ck_assert(seat == -1 && kind == BG_PIECE_NONE);
	for (p = 0; p < (int)bg_point_count(g); p++)
		homes += bg_point_marks(g, p) != 0;
	ck_assert_int_eq(homes, 24);
	bg_game_free(g);
}
END_TEST

/* ---- Tempo numbers (the page's tempo table) ----------------------------- */

static const struct {
	const char *spec;
	int start, full;
} tempo_table[] = {
	{ "kutochki", 120, 20 },
	{ "kutochki:size=10", 230, 40 },
	{ "kutochki:layout=square3", 108, 18 },
	{ "kutochki:layout=rect3x4", 138, 30 },
	{ "halma", 510, 60 },
	{ "halma:camp=13", 358, 32 },
};

/* The start position with the two armies swapped: both targets full. */
static bg_game *swapped(const bg_game *g, unsigned ply)
{
	char buf[1024], *p;

	snprintf(buf, sizeof(buf), "%s", position(g));
	p = strchr(buf, ' ') + 1;
	for (; *p != ' '; p++)
		if (*p == 'w' || *p == 'b')
			*p = *p == 'w' ? 'b' : 'w';
	sprintf(strrchr(buf, ' ') + 1, "%u", ply);
	return from_pos(buf);
}

START_TEST(tempo_oracle)
{
	bg_game *g = new_game(tempo_table[_i].spec), *done;
	double score;

	ck_assert_int_eq(tempo(g, 0), tempo_table[_i].start);
	ck_assert_int_eq(tempo(g, 1), tempo_table[_i].start);
	ck_assert_int_eq(bg_score(g, 1, &score), BG_OK);
	ck_assert(score == tempo_table[_i].start);
	done = swapped(g, 0);
	ck_assert_int_eq(tempo(done, 0), tempo_table[_i].full);
	ck_assert_int_eq(tempo(done, 1), tempo_table[_i].full);
	ck_assert_int_eq(bg_score(done, 0, &score), BG_OK);
	ck_assert(score == tempo_table[_i].full);
	bg_game_free(done);
	bg_game_free(g);
}
END_TEST

START_TEST(tempo_counts_manhattan_with_diagonal)
{
	bg_game *g = new_game("kutochki:diagonal=1");

	/* h4-g5 is one diagonal move but two Manhattan units: 120 - 2. */
	play(g, "h4-g5");
	ck_assert_int_eq(tempo(g, 0), 118);
	bg_game_free(g);
}
END_TEST

START_TEST(both_complete_at_full_move_end_is_draw)
{
	bg_game *g = new_game(tempo_table[_i].spec), *done = swapped(g, 2);

	expect(done, BG_DRAW, -1, BG_REASON_GOAL);
	ck_assert_int_eq(bg_play_text(done, "pass"), BG_EGAMEOVER);
	bg_game_free(done);
	bg_game_free(g);
}
END_TEST

/* ---- Completion (the page's completion oracle) -------------------------- */

/* White needs e8-d8, Black h5-h4; both at ply 38 (end of move 19). */
#define W_ALMOST "a8 b8 c8 a7 b7 c7 a6 b6 a5 e8"
#define B_ALMOST "e1 f1 g1 h1 f2 g2 h2 g3 h3 h5"

START_TEST(completion_same_move_is_draw)
{
	bg_game *g = pos8("kutochki", W_ALMOST, B_ALMOST, 'w', 38);

	ongoing(g);
	play(g, "e8-d8");
	ongoing(g); /* checked only after Black's move */
	play(g, "h5-h4");
	expect(g, BG_DRAW, -1, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

START_TEST(completion_white_alone_wins_after_black_move)
{
	bg_game *g = pos8("kutochki", W_ALMOST, B_ALMOST, 'w', 38);

	play(g, "e8-d8");
	ongoing(g);
	play(g, "h5-h6");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

START_TEST(completion_black_alone_wins)
{
	bg_game *g = pos8("kutochki:rules=classic", W_ALMOST, B_ALMOST, 'w',
			  38);

	play(g, "e8-e7");
	play(g, "h5-h4");
	expect(g, BG_WIN, 1, BG_REASON_GOAL);
	bg_game_free(g);
}
END_TEST

/* ---- CLASSIC (the page's CLASSIC 8x8 oracle) ---------------------------- */

START_TEST(classic_home_after_move_41_loses)
{
	bg_game *g = pos8("kutochki:rules=classic",
			  "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1", B_MID, 'w', 80);

	ongoing(g); /* 40 moves made: not yet */
	play(g, "b5-b6");
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_clearing_on_move_41_continues)
{
	bg_game *g = pos8("kutochki:rules=classic",
			  "b4 c4 d4 e4 f4 b5 c5 d5 e5 h4", B_MID, 'w', 80);

	play(g, "h4-h5");
	ongoing(g);
	play(g, "a3-a4");
	ongoing(g);
	/* Back into the home after move 41. */
	play(g, "h5-h4");
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_jump_back_onto_g2_loses)
{
	/* White's 42nd move jumps g4 over g3 onto g2, a home square. */
	bg_game *g = pos8("kutochki:rules=classic",
			  "b4 c4 d4 e4 f4 b5 c5 d5 e5 g4",
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 g3", 'w', 82);

	ongoing(g);
	play(g, "g4-g2");
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_black_home_after_move_41_loses)
{
	bg_game *g = pos8("kutochki:rules=classic", W_MID,
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'b', 81);

	ongoing(g);
	play(g, "a2-a1");
	expect(g, BG_WIN, 0, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_limit_override)
{
	bg_game *g = new_game("kutochki:rules=classic,leave_home=1");

	play(g, "e1-d1");
	play(g, "d8-e8");
	ongoing(g);
	play(g, "d1-c1"); /* White's 2nd move, pieces still at home */
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_has_no_tempo_check_by_default)
{
	bg_game *g = pos8("kutochki:rules=classic", W_MID, B_MID, 'w', 158);

	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(classic_explicit_tempo_check)
{
	bg_game *g = new_game("kutochki:rules=classic,tempo_check=2");

	play(g, "h4-h5");
	play(g, "a5-a4");
	play(g, "h3-h4");
	ongoing(g);
	play(g, "d8-e8");
	/* Each side gained 2: h5 and h4 are 1 nearer to a8; a4 and e8 are
	 * 1 nearer to h1 (a5: 7+4 = 11, a4: 10; d8: 4+7 = 11, e8: 10). */
	ck_assert_int_eq(tempo(g, 0), 118);
	ck_assert_int_eq(tempo(g, 1), 118);
	expect(g, BG_DRAW, -1, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

/* ---- GAMBITER (the page's GAMBITER 8x8 oracles) ------------------------- */

START_TEST(gambiter_stage1_both_home_draw)
{
	bg_game *g = pos8("kutochki", "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1",
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 78);

	play(g, "b5-b6");
	ongoing(g);
	play(g, "a2-a1");
	expect(g, BG_DRAW, -1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage1_only_black_home)
{
	bg_game *g = pos8("kutochki", W_MID,
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 78);

	play(g, "b5-b6");
	play(g, "a2-a1");
	expect(g, BG_WIN, 0, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage1_only_white_home)
{
	bg_game *g = pos8("kutochki", "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1", B_MID,
			  'w', 78);

	play(g, "b5-b6");
	play(g, "a2-a1");
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage1_clear_then_return_home_is_fine)
{
	bg_game *g = pos8("kutochki", W_MID, B_MID, 'w', 78);

	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	play(g, "f4-g4");
	play(g, "a1-b1");
	play(g, "g4-h4"); /* back home after move 40: no penalty (C3) */
	ongoing(g);
	play(g, "b1-a1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage2_lower_tempo_wins)
{
	bg_game *g = pos8("kutochki", W_MID, B_MID, 'w', 158);

	ongoing(g);
	play(g, "b5-b6");
	ongoing(g);
	play(g, "a3-a4");
	ck_assert_int_eq(tempo(g, 0), 64);
	ck_assert_int_eq(tempo(g, 1), 66);
	expect(g, BG_WIN, 0, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage2_higher_white_tempo_loses)
{
	/* Both 65 (White: x + 7 - y; Black: 7 - x + y), then White loses
	 * one and Black gains one. */
	bg_game *g = pos8("kutochki", "a3 b3 c3 d3 e3 a4 b4 c4 d4 e4",
			  "d5 e5 f5 g5 h5 d6 e6 f6 g6 h6", 'w', 158);

	ck_assert_int_eq(tempo(g, 0), 65);
	ck_assert_int_eq(tempo(g, 1), 65);
	play(g, "a3-a2");
	play(g, "h5-h4");
	ck_assert_int_eq(tempo(g, 0), 66);
	ck_assert_int_eq(tempo(g, 1), 64);
	expect(g, BG_WIN, 1, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_stage2_equal_tempo_draw)
{
	/* Black is White turned by 180 degrees and answers symmetrically. */
	bg_game *g = pos8("kutochki", "a3 b3 c3 d3 e3 a4 b4 c4 d4 e4",
			  "h6 g6 f6 e6 d6 h5 g5 f5 e5 d5", 'w', 158);

	play(g, "a4-a5");
	play(g, "h5-h4");
	ck_assert_int_eq(tempo(g, 0), tempo(g, 1));
	expect(g, BG_DRAW, -1, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_diagonal_stage1_at_30)
{
	bg_game *g = pos8("kutochki:diagonal=1",
			  "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1",
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 58);

	play(g, "b5-b6");
	play(g, "a2-a1");
	expect(g, BG_DRAW, -1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
	/* The orthogonal game goes on at move 30. */
	g = pos8("kutochki", "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1",
		 "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 58);
	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_diagonal_stage1_not_at_40)
{
	bg_game *g = pos8("kutochki:diagonal=1",
			  "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1",
			  "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 78);

	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(gambiter_diagonal_stage2_still_at_80)
{
	bg_game *g = pos8("kutochki:diagonal=1", W_MID, B_MID, 'w', 138);

	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g); /* move 70 */
	bg_game_free(g);
	g = pos8("kutochki:diagonal=1", W_MID, B_MID, 'w', 158);
	play(g, "b5-b6");
	play(g, "a3-a4");
	expect(g, BG_WIN, 0, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

/* 10x10: 15 pieces a side, none at home unless a home square is added. */
#define W10 "b4 c4 d4 e4 f4 b5 c5 d5 e5 f5 b6 c6 d6 e6"
#define B10 "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3"

static bg_game *pos10(const char *spec, const char *w, const char *b,
		      unsigned ply)
{
	char text[512];

	make_pos(text, sizeof(text), spec, 10, 15, w, b, NULL, NULL, 'w', ply);
	return from_pos(text);
}

START_TEST(gambiter_10x10_limits)
{
	bg_game *g = pos10("kutochki:size=10", W10 " j1", B10 " a10", 78);

	play(g, "b6-b7");
	play(g, "a3-a4");
	ongoing(g); /* 40 is the 8x8 limit */
	bg_game_free(g);
	g = pos10("kutochki:size=10", W10 " j1", B10 " a10", 118);
	play(g, "b6-b7");
	play(g, "a3-a4");
	expect(g, BG_DRAW, -1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
	g = pos10("kutochki:size=10,diagonal=1", W10 " j1", B10 " e3", 98);
	play(g, "b6-b7");
	play(g, "a3-a4");
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME); /* 50 with diagonal */
	bg_game_free(g);
	/* Both 120 (rows of 45, 40, 35), then White 119, Black 121. */
	g = pos10("kutochki:size=10", W10 " f6", B10 " e3", 238);
	ck_assert_int_eq(tempo(g, 0), 120);
	ck_assert_int_eq(tempo(g, 1), 120);
	play(g, "b6-b7");
	play(g, "a3-a4");
	ck_assert_int_eq(tempo(g, 0), 119);
	ck_assert_int_eq(tempo(g, 1), 121);
	expect(g, BG_WIN, 0, BG_REASON_TEMPO);
	bg_game_free(g);
}
END_TEST

static double value(const bg_game *g, int seat)
{
	double v = -1;

	ck_assert_int_eq(bg_evaluate(g, seat, &v), BG_OK);
	ck_assert(v > 0 && v < 1);
	return v;
}

/* Seat 0's value of a pos10() position. */
static double value10(const char *spec, const char *w, const char *b,
		      unsigned ply)
{
	bg_game *g = pos10(spec, w, b, ply);
	double v = value(g, 0);

	bg_game_free(g);
	return v;
}

/* The evaluation: equal tempo and no piece at home is even; a tempo lead
 * counts; a piece left at home costs more as the leave-home move nears,
 * and nothing without that check. */
START_TEST(evaluate_tempo_and_home)
{
	bg_game *g = pos10("kutochki:size=10", W10 " f6", B10 " e3", 2);
	double early, late;

	ck_assert(value(g, 0) == 0.5);
	play(g, "b6-b7");
	ck_assert(value(g, 0) > 0.5);
	ck_assert(value(g, 0) + value(g, 1) == 1.0);
	bg_game_free(g);

	/* A piece at home on each side: the costs cancel at any ply. */
	early = value10("kutochki:size=10", W10 " j1", B10 " a10", 2);
	ck_assert(value10("kutochki:size=10", W10 " j1", B10 " a10", 100) ==
		  early);

	early = value10("kutochki:size=10", W10 " j1", B10 " e3", 2);
	late = value10("kutochki:size=10", W10 " j1", B10 " e3", 100);
	ck_assert(late < early && early < 0.5);

	early = value10("kutochki:size=10,leave_home=0", W10 " j1", B10 " e3",
			2);
	ck_assert(value10("kutochki:size=10,leave_home=0", W10 " j1",
			  B10 " e3", 100) == early);
}
END_TEST

START_TEST(classic_10x10_limit_60)
{
	bg_game *g = pos10("kutochki:size=10,rules=classic", W10 " j1",
			   B10 " e3", 120);

	play(g, "b6-b7"); /* White's 61st move, j1 still home */
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

static void play_first_moves(bg_game *g, int plies)
{
	for (int i = 0; i < plies; i++) {
		count_moves(g);
		ck_assert_int_eq(bg_play(g, &legal[0]), BG_OK);
	}
}

START_TEST(gambiter_limit_overrides)
{
	bg_game *g = new_game("kutochki:leave_home=5");

	play_first_moves(g, 9);
	ongoing(g);
	play_first_moves(g, 1);
	expect(g, BG_DRAW, -1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);

	g = pos8("kutochki:leave_home=0", "b4 c4 d4 e4 f4 b5 c5 d5 e5 h1",
		 "a2 b2 c2 d2 e2 a3 b3 c3 d3 a8", 'w', 78);
	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	bg_game_free(g);

	g = pos8("kutochki:tempo_check=0", W_MID, B_MID, 'w', 158);
	play(g, "b5-b6");
	play(g, "a2-a1");
	ongoing(g);
	bg_game_free(g);

	g = new_game("kutochki:tempo_check=3");
	play_first_moves(g, 5);
	ongoing(g);
	play_first_moves(g, 1);
	{
		int s, w, r, t0 = tempo(g, 0), t1 = tempo(g, 1);

		bg_outcome(g, &s, &w, &r);
		ck_assert_int_eq(r, BG_REASON_TEMPO);
		ck_assert_int_eq(s, t0 == t1 ? BG_DRAW : BG_WIN);
		ck_assert_int_eq(w, t0 == t1 ? -1 : t0 < t1 ? 0 : 1);
	}
	bg_game_free(g);
}
END_TEST

/* ---- Jump chains (the page's Moves and Notation) ------------------------ */

START_TEST(chain_may_stop_anywhere)
{
	bg_game *g = pos8("kutochki", "d3 e1 f1 g1 h1 f2 g2 h2 g3 h3",
			  "d4 d6 a8 b8 c8 a7 b7 c7 a6 b6", 'w', 0);
	int p, seat, kind;

	ck_assert_str_eq(moves_from(g, "d3"),
			 "d3-d2 d3-c3 d3-e3 d3-d5 d3-d5-d7");
	play(g, "d3-d5-d7");
	ck_assert_int_eq(bg_point_find(g, "d7", &p), BG_OK);
	ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
	ck_assert_int_eq(seat, 0);
	ck_assert_int_eq(bg_to_move(g), 1);
	bg_game_free(g);
}
END_TEST

/* c3 reaches e5 over c4 and d5, or over d3 and e4. */
#define W_CHAIN "c3 e1 f1 g1 h1 f2 g2 h2 g3 h3"
#define B_CHAIN "c4 d3 d5 e4 a8 b8 c8 d8 a7 b7"

START_TEST(chain_paths_dedup_and_canonical)
{
	bg_game *g = pos8("kutochki", W_CHAIN, B_CHAIN, 'w', 0);
	bg_move m, alt;
	char text[64];
	int p, seat, kind;

	/* One move to e5; BFS tries N before E, so the path goes by c5. */
	ck_assert_str_eq(moves_from(g, "c3"),
			 "c3-c2 c3-b3 c3-e3 c3-c5 c3-c5-e5");
	ck_assert_int_eq(bg_move_from_text(g, "c3-c5-e5", &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_JUMP);
	ck_assert_int_eq(m.npath, 3);
	move_text(g, &m, text, sizeof(text));
	ck_assert_str_eq(text, "c3-c5-e5");
	ck_assert_int_eq(bg_move_from_text(g, "c3-e3-e5", &alt), BG_OK);
	ck_assert(bg_move_equal(&m, &alt));
	ck_assert_int_eq(bg_move_from_text(g, "C3-E5", &alt), BG_OK);
	ck_assert(bg_move_equal(&m, &alt));
	/* A longer path to e3 is the move c3-e3. */
	ck_assert_int_eq(bg_move_from_text(g, "c3-c5-e5-e3", &alt), BG_OK);
	move_text(g, &alt, text, sizeof(text));
	ck_assert_str_eq(text, "c3-e3");
	/* Not a jump, lands twice, ends on the origin. */
	ck_assert_int_eq(bg_move_from_text(g, "c3-e3-c5", &alt), BG_EILLEGAL);
	ck_assert_int_eq(bg_move_from_text(g, "c3-c5-e5-e3-c3", &alt),
			 BG_EILLEGAL);
	ck_assert_int_eq(bg_move_from_text(g, "c3-e3-e5-c5-e5", &alt),
			 BG_EILLEGAL);
	ck_assert_int_eq(bg_move_from_text(g, "c3-c5-e5", &alt), BG_OK);
	ck_assert_int_eq(bg_play_text(g, "c3-e3-e5"), BG_OK);
	ck_assert_int_eq(bg_point_find(g, "e5", &p), BG_OK);
	ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
	ck_assert_int_eq(seat, 0);
	bg_game_free(g);
}
END_TEST

START_TEST(chain_cannot_jump_a_gap_or_two_pieces)
{
	/* h4 over h5 and h6: two pieces in a row is no jump; a8-a6 over
	 * an empty a7 is none either. */
	bg_game *g = pos8("kutochki", "h4 e1 f1 g1 h1 f2 g2 h2 g3 h3",
			  "h5 h6 a8 b8 c8 d8 b7 c7 a6 b6", 'w', 0);

	ck_assert_str_eq(moves_from(g, "h4"), "h4-g4");
	bg_game_free(g);
}
END_TEST

START_TEST(diagonal_chain_mixes_directions)
{
	/* d4 over e5 (NE) to f6, then over f7 (N) to f8. */
	bg_game *g = pos8("kutochki:diagonal=1",
			  "d4 e1 f1 g1 h1 f2 g2 h2 g3 h3",
			  "e5 f7 a8 b8 c8 d8 a7 b7 a6 b6", 'w', 0);
	bg_move m;
	char text[64];

	ck_assert_int_eq(bg_move_from_text(g, "d4-f8", &m), BG_OK);
	move_text(g, &m, text, sizeof(text));
	ck_assert_str_eq(text, "d4-f6-f8");
	/* Without diagonals neither hop exists. */
	bg_game_free(g);
	g = pos8("kutochki", "d4 e1 f1 g1 h1 f2 g2 h2 g3 h3",
		 "e5 f7 a8 b8 c8 d8 a7 b7 a6 b6", 'w', 0);
	ck_assert_int_eq(bg_move_from_text(g, "d4-f8", &m), BG_EILLEGAL);
	ck_assert_int_eq(bg_move_from_text(g, "d4-f6", &m), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(kutochki_has_no_camp_lock)
{
	/* White on a8 (its target) may step out again. */
	bg_game *g = pos8("kutochki", "a8 e1 f1 g1 h1 f2 g2 h2 g3 h3",
			  "a1 b1 c1 d1 a2 b2 c2 a3 b3 a4", 'w', 0);

	ck_assert_str_eq(moves_from(g, "a8"), "a8-a7 a8-b8");
	bg_game_free(g);
}
END_TEST

/* ---- Halma ----------------------------------------------------------------- */

/* Halma fillers: White's own camp, Black in the upper-right corner. */
#define H_WFILL "p1 o1 n1 m1 l1 p2 o2 n2 m2 l2 p3 o3 n3 m3 p4 o4 n4 p5 o5"
#define H_BFILL "p16 o16 n16 m16 l16 p15 o15 n15 m15 l15 p14 o14 n14 m14 " \
		"p13 o13 n13 p12 o12"

static bg_game *halma_pos(const char *spec, const char *w, unsigned ply)
{
	char text[1024];

	make_pos(text, sizeof(text), spec, 16, 19, w, NULL, H_WFILL, H_BFILL,
		 'w', ply);
	return from_pos(text);
}

START_TEST(halma_camp_lock_step)
{
	bg_game *g = halma_pos("halma:diagonal=0", "a12", 0);

	ck_assert_str_eq(moves_from(g, "a12"), "a12-b12 a12-a13");
	bg_game_free(g);
	g = halma_pos("halma:diagonal=0,camp_lock=0", "a12", 0);
	ck_assert_str_eq(moves_from(g, "a12"), "a12-a11 a12-b12 a12-a13");
	bg_game_free(g);
}
END_TEST

START_TEST(halma_camp_lock_mid_chain)
{
	/* c13 (in the camp) over d13 to e13 (outside), over e14 to e15
	 * (inside again): the first hop already leaves the camp. */
	bg_game *g = halma_pos("halma:diagonal=0", "c13 d13 e14", 0);

	ck_assert_str_eq(moves_from(g, "c13"), "c13-b13 c13-c14");
	ck_assert_int_eq(bg_play_text(g, "c13-e13-e15"), BG_EILLEGAL);
	bg_game_free(g);
	g = halma_pos("halma:diagonal=0,camp_lock=0", "c13 d13 e14", 0);
	ck_assert_str_eq(moves_from(g, "c13"),
			 "c13-c12 c13-b13 c13-e13 c13-c14 c13-e13-e15");
	play(g, "c13-e13-e15");
	bg_game_free(g);
}
END_TEST

START_TEST(halma_max_plies_draw)
{
	bg_game *g = new_game("halma:max_plies=4");

	play_first_moves(g, 3);
	ongoing(g);
	play_first_moves(g, 1);
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
	g = new_game("halma:max_plies=0");
	play_first_moves(g, 40);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(halma_leave_home_option)
{
	bg_game *g = new_game("halma:leave_home=1");

	play_first_moves(g, 2);
	ongoing(g);
	play_first_moves(g, 1);
	expect(g, BG_WIN, 1, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

/* The longest chains. In orthogonal Halma a jump keeps the parity of both
 * coordinates, and each piece here is the midpoint of one jump of a1's
 * lattice only: the squares a1 reaches form one snake of 34 jumps (along
 * rank 1, up, back along rank 3, ...). c9 is 33 jumps away, a path of 34
 * points, all bg_move holds: listed whole. e9 is 34 jumps away: a chain
 * longer than a move holds keeps its origin and destination only, and is
 * still listed, played and drawn as that move. */
#define SNAKE_W "a1 b1 d1 f1 h1 j1 l1 n1 o2 n3 l3 j3 h3 f3 d3 b3 a4 o6 a8"
#define SNAKE_B "b5 d5 f5 h5 j5 l5 n5 n7 l7 j7 h7 f7 d7 b7 b9 d9 p16 n16 p14"

START_TEST(halma_chain_longer_than_a_move)
{
	char text[1024];
	const char *mine;
	bg_game *g;
	bg_move m;
	uint64_t rng = 1;
	int drawn = 0, words = 1;

	make_pos(text, sizeof(text), "halma:diagonal=0", 16, 19, SNAKE_W,
		 SNAKE_B, NULL, NULL, 'w', 0);
	g = from_pos(text);
	mine = moves_from(g, "a1");
	/* One step and one chain to each of the snake's 34 squares. */
	for (const char *c = mine; *c; c++)
		words += *c == ' ';
	ck_assert_int_eq(words, 35);
	ck_assert(has_word(mine, "a1-a2"));
	ck_assert(has_word(mine, "a1-c1"));
	ck_assert(has_word(mine, "a1-c1-e1-g1-i1-k1-m1-o1-o3"));
	ck_assert(has_word(mine, "a1-c1-e1-g1-i1-k1-m1-o1-o3-m3-k3-i3-g3-e3-c3-"
			   "a3-a5-c5-e5-g5-i5-k5-m5-o5-o7-m7-k7-i7-g7-e7-c7-"
			   "a7-a9-c9"));
	ck_assert(has_word(mine, "a1-e9"));
	expect_listed_actions(g);
	/* The random draw gives the same shortened move. */
	for (int k = 0; k < 4000 && !drawn; k++) {
		char t[BG_MOVE_TEXT_MAX];

		ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
		ck_assert_int_eq(bg_move_to_text(g, &m, t, sizeof(t), NULL),
				 BG_OK);
		ck_assert_msg(move_listed(g, t), "drawn %s, not listed", t);
		drawn = !strcmp(t, "a1-e9");
	}
	ck_assert(drawn);
	play(g, "a1-e9");
	ck_assert_int_eq(bg_undo(g), BG_OK);
	bg_game_free(g);
}
END_TEST

/* ---- Pass (C7) --------------------------------------------------------- */

START_TEST(blocked_side_passes)
{
	/* White fills the a1 triangle; Black holds every square it could
	 * step to (x+y = 5) and every square it could jump to (x+y = 6). */
	char text[512];
	bg_game *g;
	bg_move m;
	uint64_t h, rng = 7;

	make_pos(text, sizeof(text), "kutochki:size=10", 10, 15,
		 "a1 b1 c1 d1 e1 a2 b2 c2 d2 a3 b3 c3 a4 b4 a5",
		 "f1 e2 d3 c4 b5 a6 g1 f2 e3 d4 c5 b6 a7 j10 i10", NULL, NULL,
		 'w', 0);
	g = from_pos(text);
	ck_assert_uint_eq(count_moves(g), 1);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_PASS);
	move_text(g, &legal[0], text, sizeof(text));
	ck_assert_str_eq(text, "pass");
	h = bg_hash(g);
	ck_assert_int_eq(bg_move_from_text(g, "pass", &m), BG_OK);
	/* The random draw, which counts the moves rather than listing them,
	 * finds none and draws the pass too. */
	ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_PASS);
	play(g, "pass");
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert_uint_eq(bg_ply(g), 1);
	ck_assert(bg_hash(g) != h);
	ck_assert_uint_gt(count_moves(g), 1);
	ck_assert_int_eq(bg_play_text(g, "pass"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(pass_is_illegal_when_a_move_exists)
{
	bg_game *g = new_game("kutochki");
	bg_move m;

	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PASS;
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	ck_assert_uint_eq(bg_ply(g), 0);
	bg_game_free(g);
}
END_TEST

/* ---- Deficit and tempo queries --------------------------------------------- */

/* The record text of g (bg_record_text), in a static buffer. */
static const char *record_of(const bg_game *g)
{
	static char buf[8192];

	ck_assert_int_eq(bg_record_text(g, buf, sizeof(buf), NULL), BG_OK);
	return buf;
}

START_TEST(deficit_exact_small_win)
{
	/* Black lacks h3 and h4 with pieces on f3 and f4: f3-h3 (over g3),
	 * f4-g4, g4-h4 = 3 moves; 2 cannot do, since at first only f3 can
	 * enter and afterwards f4 still cannot. Tempo excess: 24 - 20 = 4. */
	bg_game *g = pos8("kutochki", W_ALMOST,
			  "e1 f1 g1 h1 f2 g2 h2 g3 f3 f5", 'w', 38);
	int moves_behind = -1, exact = -1;

	ck_assert_int_eq(bg_kutochki_deficit(g, &moves_behind, &exact),
			 BG_EINVAL);
	ck_assert(!strstr(record_of(g), "[Deficit")); /* not over */
	play(g, "e8-d8");
	play(g, "f5-f4");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	ck_assert_int_eq(tempo(g, 1), 24);
	ck_assert_int_eq(bg_kutochki_deficit(g, &moves_behind, &exact),
			 BG_OK);
	ck_assert_int_eq(exact, 1);
	ck_assert_int_eq(moves_behind, 3);
	/* «на скільки ходів (очок) відстав» (by how many moves, points, the
	 * loser is behind): the record carries the deficit. */
	ck_assert(strstr(record_of(g), "\n[Deficit \"3\"]\n"));
	bg_game_free(g);
}
END_TEST

START_TEST(deficit_one_jump)
{
	/* Black lacks h3; f3 jumps over g3 into it: 1 move, though the tempo
	 * excess is 2. */
	bg_game *g = pos8("kutochki", W_ALMOST,
			  "e1 f1 g1 h1 f2 g2 h2 g3 h4 f4", 'w', 38);
	int n = -1, exact = -1;

	play(g, "e8-d8");
	play(g, "f4-f3");
	expect(g, BG_WIN, 0, BG_REASON_GOAL);
	ck_assert_int_eq(tempo(g, 1) - 20, 2);
	ck_assert_int_eq(bg_kutochki_deficit(g, &n, &exact), BG_OK);
	ck_assert_int_eq(exact, 1);
	ck_assert_int_eq(n, 1);
	bg_game_free(g);
}
END_TEST

START_TEST(deficit_blocked_target_is_estimate)
{
	/* Black wins on tempo while a Black piece stands on White's target
	 * square a8: White can never fill it alone; the excess is given. */
	bg_game *g = pos8("kutochki", "a3 b3 c3 d3 e3 a4 b4 c4 d4 e4",
			  "e1 f1 g1 h1 f2 g2 h2 g3 h3 a8", 'w', 158);
	int n = -1, exact = -1;

	play(g, "a3-a2");
	play(g, "h3-h4");
	ck_assert_int_eq(tempo(g, 0), 66);
	ck_assert_int_eq(tempo(g, 1), 32);
	expect(g, BG_WIN, 1, BG_REASON_TEMPO);
	ck_assert_int_eq(bg_kutochki_deficit(g, &n, &exact), BG_OK);
	ck_assert_int_eq(exact, 0);
	ck_assert_int_eq(n, 46);
	ck_assert(strstr(record_of(g), "\n[Deficit \"~46\"]\n"));
	bg_game_free(g);
}
END_TEST

START_TEST(query_errors)
{
	bg_game *g = new_game("kutochki"), *d;
	int t, n, exact;

	ck_assert_int_eq(bg_kutochki_tempo(NULL, 0, &t), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_tempo(g, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_tempo(g, 2, &t), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_tempo(g, -1, &t), BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	ck_assert_int_eq(bg_kutochki_deficit(NULL, &n, &exact), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_deficit(g, NULL, &exact), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_deficit(g, &n, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_deficit(g, &n, &exact), BG_EINVAL);
	d = swapped(g, 2); /* drawn */
	ck_assert_int_eq(bg_kutochki_deficit(d, &n, &exact), BG_EINVAL);
	ck_assert_int_eq(bg_kutochki_tempo(d, 1, &t), BG_OK);
	ck_assert_str_eq(bg_last_error(), "");
	bg_game_free(d);
	bg_game_free(g);
}
END_TEST

START_TEST(query_wrong_game)
{
	bg_game *g = NULL;
	int t = 7, n = 7, exact = 7;

	/* Any catalogue game other than these two. */
	for (size_t i = 0; i < bg_catalog_count() && !g; i++) {
		const char *name = bg_catalog_name(i);

		if (strcmp(name, "kutochki") && strcmp(name, "halma"))
			g = new_game(name);
	}
	if (!g)
		return;
	ck_assert_int_eq(bg_kutochki_tempo(g, 0, &t), BG_EWRONGGAME);
	ck_assert_int_eq(bg_kutochki_deficit(g, &n, &exact), BG_EWRONGGAME);
	ck_assert_str_ne(bg_last_error(), "");
	ck_assert(t == 7 && n == 7 && exact == 7);
	bg_game_free(g);
}
END_TEST

/* ---- Specs, catalogue, position text --------------------------------------- */

static const struct {
	const char *in, *canon;
} specs[] = {
	{ "corners:size=10", "kutochki:size=10" },
	{ "ugolki", "kutochki" },
	{ "kutochki:size=8,layout=triangle,rules=gambiter", "kutochki" },
	{ "kutochki:rules=classic,diagonal=1", "kutochki:diagonal=1,rules=classic" },
	{ "kutochki:leave_home=auto,tempo_check=auto", "kutochki" },
	{ "kutochki:tempo_check=0,leave_home=35",
	  "kutochki:leave_home=35,tempo_check=0" },
	{ "kutochki:layout=rect3x4,size=10", "kutochki:size=10,layout=rect3x4" },
	{ "halma:camp=19,diagonal=1,camp_lock=1,max_plies=1000", "halma" },
	{ "halma:max_plies=0,diagonal=0,camp=13",
	  "halma:camp=13,diagonal=0,max_plies=0" },
};

START_TEST(canonical_specs)
{
	bg_game *g = new_game(specs[_i].in);

	ck_assert_str_eq(bg_game_spec(g), specs[_i].canon);
	bg_game_free(g);
}
END_TEST

START_TEST(bad_specs)
{
	static const char *const bad[] = {
		"kutochki:size=12", "kutochki:layout=hex", "kutochki:rules=x",
		"kutochki:leave_home=1000", "kutochki:tempo_check=-1",
		"kutochki:camp=13", "halma:camp=15", "halma:max_plies=100001",
		"halma:leave_home=auto", "kutochki:diagonal=2",
	};
	bg_game *g = NULL;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_msg(bg_game_new(&g, bad[i]) == BG_EOPTION, "%s",
			      bad[i]);
		ck_assert_str_ne(bg_last_error(), "");
	}
}
END_TEST

START_TEST(catalogue_entry)
{
	int i = bg_catalog_find("ugolki"), type;
	const char *key, *def, *allowed;
	static const char *const keys[] = { "size", "layout", "diagonal",
					    "rules", "leave_home",
					    "tempo_check" };

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("corners"), i);
	ck_assert_str_eq(bg_catalog_name((size_t)i), "kutochki");
	ck_assert_str_eq(bg_catalog_title((size_t)i, "en"), "Corners (Kutochki)");
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"),
			 "Куточки (Уголки)");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 6);
	for (size_t k = 0; k < 6; k++) {
		ck_assert_int_eq(bg_catalog_option((size_t)i, k, &key, &type,
						   &def, &allowed, NULL),
				 BG_OK);
		ck_assert_str_eq(key, keys[k]);
	}
	bg_catalog_option((size_t)i, 4, &key, &type, &def, &allowed, NULL);
	ck_assert_int_eq(type, BG_OPT_INT);
	ck_assert_str_eq(def, "auto");
	ck_assert_str_eq(allowed, "auto|0..999");
	i = bg_catalog_find("halma");
	ck_assert_int_ge(i, 0);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Хальма");
	bg_catalog_option((size_t)i, 1, &key, &type, &def, &allowed, NULL);
	ck_assert_str_eq(key, "diagonal");
	ck_assert_str_eq(def, "1");
}
END_TEST

START_TEST(bad_positions)
{
	static const char *const bad[] = {
		/* nine white pieces */
		"kutochki bbbb..../bbb...../bb....../b......./......../......ww/.....www/....wwww w 0",
		/* a rank too long */
		"kutochki bbbb...../bbb...../bb....../b......./.......w/......ww/.....www/....wwww w 0",
		/* a rank too short */
		"kutochki bbbb.../bbb...../bb....../b......./.......w/......ww/.....www/....wwww w 0",
		/* seven ranks */
		"kutochki bbbb..../bbb...../bb....../b......./.......w/......ww/.....www w 0",
		/* nine ranks */
		"kutochki bbbb..../bbb...../bb....../b......./.......w/......ww/.....www/....wwww/........ w 0",
		/* a foreign character */
		"kutochki bbbb..../bbb...../bb....../b......./.......x/......ww/.....www/....wwww w 0",
		/* no side to move, a bad side */
		"kutochki bbbb..../bbb...../bb....../b......./.......w/......ww/.....www/....wwww 0",
		"kutochki bbbb..../bbb...../bb....../b......./.......w/......ww/.....www/....wwww x 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		expect_bad_position(bad[i]);
		ck_assert_str_ne(bg_last_error(), "");
	}
}
END_TEST

START_TEST(transposition_same_hash)
{
	bg_game *a = new_game("kutochki"), *b = new_game("kutochki");
	char ta[512], tb[512];
	uint64_t h0 = bg_hash(a);

	play(a, "e1-d1");
	play(a, "d8-e8");
	play(a, "h4-h5");
	play(b, "h4-h5");
	play(b, "d8-e8");
	play(b, "e1-d1");
	ck_assert(bg_hash(a) == bg_hash(b));
	bg_position_text(a, ta, sizeof(ta), NULL);
	bg_position_text(b, tb, sizeof(tb), NULL);
	ck_assert_str_eq(ta, tb);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(bg_undo(a), BG_OK);
	ck_assert(bg_hash(a) == h0);
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

/* ---- Random games ---------------------------------------------------------- */

static const char *const random_specs[] = {
	"kutochki", "kutochki:diagonal=1", "kutochki:size=10,layout=rect3x4",
	"kutochki:layout=square3,rules=classic", "halma", "halma:camp=13,camp_lock=0",
};

START_TEST(random_games_round_trip)
{
	bg_game *g = new_game(random_specs[_i]);
	uint64_t seed = 12345 + (uint64_t)_i, h0 = bg_hash(g);
	char text[1024], again[1024], mt[256];
	int plies = 0, status;

	bg_outcome(g, &status, NULL, NULL);
	while (status == BG_ONGOING && plies < 300) {
		size_t n = count_moves(g), k;
		bg_game *copy;
		bg_move m;

		ck_assert_uint_ge(n, 1);
		ck_assert_uint_le(n, bg_max_moves(g));
		/* Every 16th ply: every listed move reads back from its own
		 * text, no (from, to) pair is listed twice, and the position
		 * text reads back to the same position. */
		if (plies % 16 == 0) {
			for (size_t i = 0; i < n; i++) {
				move_text(g, &legal[i], mt, sizeof(mt));
				ck_assert_int_eq(bg_move_from_text(g, mt, &m), BG_OK);
				ck_assert(bg_move_equal(&m, &legal[i]));
				for (size_t j = 0; j < i; j++)
					ck_assert(legal[j].pts[0] != legal[i].pts[0] ||
						  legal[j].pts[legal[j].npath - 1] !=
							  legal[i].pts[legal[i].npath - 1]);
			}
			ck_assert_int_eq(bg_position_text(g, text, sizeof(text),
							  NULL), BG_OK);
			copy = from_pos(text);
			ck_assert(bg_hash(copy) == bg_hash(g));
			bg_position_text(copy, again, sizeof(again), NULL);
			ck_assert_str_eq(text, again);
			bg_game_free(copy);
		}
		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		k = (size_t)(seed >> 33) % n;
		ck_assert_int_eq(bg_play(g, &legal[k]), BG_OK);
		plies++;
		bg_outcome(g, &status, NULL, NULL);
	}
	while (plies-- > 0)
		ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert(bg_hash(g) == h0);
	ck_assert_uint_eq(bg_ply(g), 0);
	bg_game_free(g);
}
END_TEST

static Suite *kutochki_suite(void)
{
	Suite *s = suite_create("kutochki");
	TCase *tc;

	tc = tcase_create("start");
	tcase_add_loop_test(tc, start_counts_white_and_black, 0,
			    sizeof(start_counts) / sizeof(start_counts[0]));
	tcase_add_test(tc, tri4_orthogonal_list);
	tcase_add_test(tc, start_position_text);
	tcase_add_test(tc, home_marks);
	suite_add_tcase(s, tc);

	tc = tcase_create("tempo");
	tcase_add_loop_test(tc, tempo_oracle, 0,
			    sizeof(tempo_table) / sizeof(tempo_table[0]));
	tcase_add_test(tc, tempo_counts_manhattan_with_diagonal);
	suite_add_tcase(s, tc);

	tc = tcase_create("completion");
	tcase_add_loop_test(tc, both_complete_at_full_move_end_is_draw, 0,
			    sizeof(tempo_table) / sizeof(tempo_table[0]));
	tcase_add_test(tc, completion_same_move_is_draw);
	tcase_add_test(tc, completion_white_alone_wins_after_black_move);
	tcase_add_test(tc, completion_black_alone_wins);
	suite_add_tcase(s, tc);

	tc = tcase_create("classic");
	tcase_add_test(tc, classic_home_after_move_41_loses);
	tcase_add_test(tc, classic_clearing_on_move_41_continues);
	tcase_add_test(tc, classic_jump_back_onto_g2_loses);
	tcase_add_test(tc, classic_black_home_after_move_41_loses);
	tcase_add_test(tc, classic_limit_override);
	tcase_add_test(tc, classic_has_no_tempo_check_by_default);
	tcase_add_test(tc, classic_explicit_tempo_check);
	tcase_add_test(tc, classic_10x10_limit_60);
	tcase_add_test(tc, evaluate_tempo_and_home);
	suite_add_tcase(s, tc);

	tc = tcase_create("gambiter");
	tcase_add_test(tc, gambiter_stage1_both_home_draw);
	tcase_add_test(tc, gambiter_stage1_only_black_home);
	tcase_add_test(tc, gambiter_stage1_only_white_home);
	tcase_add_test(tc, gambiter_stage1_clear_then_return_home_is_fine);
	tcase_add_test(tc, gambiter_stage2_lower_tempo_wins);
	tcase_add_test(tc, gambiter_stage2_higher_white_tempo_loses);
	tcase_add_test(tc, gambiter_stage2_equal_tempo_draw);
	tcase_add_test(tc, gambiter_diagonal_stage1_at_30);
	tcase_add_test(tc, gambiter_diagonal_stage1_not_at_40);
	tcase_add_test(tc, gambiter_diagonal_stage2_still_at_80);
	tcase_add_test(tc, gambiter_10x10_limits);
	tcase_add_test(tc, gambiter_limit_overrides);
	suite_add_tcase(s, tc);

	tc = tcase_create("chains");
	tcase_add_test(tc, chain_may_stop_anywhere);
	tcase_add_test(tc, chain_paths_dedup_and_canonical);
	tcase_add_test(tc, chain_cannot_jump_a_gap_or_two_pieces);
	tcase_add_test(tc, diagonal_chain_mixes_directions);
	tcase_add_test(tc, kutochki_has_no_camp_lock);
	suite_add_tcase(s, tc);

	tc = tcase_create("halma");
	tcase_add_test(tc, halma_camp_lock_step);
	tcase_add_test(tc, halma_camp_lock_mid_chain);
	tcase_add_test(tc, halma_max_plies_draw);
	tcase_add_test(tc, halma_leave_home_option);
	tcase_add_test(tc, halma_chain_longer_than_a_move);
	suite_add_tcase(s, tc);

	tc = tcase_create("pass");
	tcase_add_test(tc, blocked_side_passes);
	tcase_add_test(tc, pass_is_illegal_when_a_move_exists);
	suite_add_tcase(s, tc);

	tc = tcase_create("queries");
	tcase_add_test(tc, deficit_exact_small_win);
	tcase_add_test(tc, deficit_one_jump);
	tcase_add_test(tc, deficit_blocked_target_is_estimate);
	tcase_add_test(tc, query_errors);
	tcase_add_test(tc, query_wrong_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("text");
	tcase_add_loop_test(tc, canonical_specs, 0,
			    sizeof(specs) / sizeof(specs[0]));
	tcase_add_test(tc, bad_specs);
	tcase_add_test(tc, catalogue_entry);
	tcase_add_test(tc, bad_positions);
	tcase_add_test(tc, transposition_same_hash);
	suite_add_tcase(s, tc);

	tc = tcase_create("random");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, random_games_round_trip, 0,
			    sizeof(random_specs) / sizeof(random_specs[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(kutochki_suite());
}
