/*
 * Tochki (Dots): the rules of doc/games/tochki.md through the public
 * API. Placements "ignoring turn order" (the oracles of the page's
 * "Sources" section, doc/games/tochki.md#oracles) are made by rewriting the
 * side to move in the position text before each one (place()).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/tochki.h>

#include "testutil.h"

#define BUF 200000

static char text[BUF];

/* ---- Helpers ---------------------------------------------------------------- */

/* The library point of SGF (x, y), y from the top. */
static int pt(const bg_game *g, int x, int y)
{
	int w, h;

	bg_board_size(g, &w, &h);
	return (h - 1 - y) * w + x;
}

static bg_move place_move(const bg_game *g, int x, int y)
{
	bg_move m;

	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = 1;
	m.pts[0] = (uint16_t)pt(g, x, y);
	return m;
}

/* Give seat the move by rewriting the position text ("SPEC ROWS TURN..."). */
static void give_turn(bg_game **g, int seat)
{
	bg_game *n = NULL;
	char *sp;

	if (bg_to_move(*g) == seat)
		return;
	snprintf(text, BUF, "%s", position(*g));
	sp = strchr(strchr(text, ' ') + 1, ' ');
	sp[1] = seat ? 'o' : 'x';
	ck_assert_msg(bg_game_from_position(&n, text) == BG_OK, "%s: %s", text,
		      bg_last_error());
	bg_game_free(*g);
	*g = n;
}

static void place(bg_game **g, int seat, int x, int y)
{
	bg_move m;
	int rc;

	give_turn(g, seat);
	m = place_move(*g, x, y);
	rc = bg_play(*g, &m);
	ck_assert_msg(rc == BG_OK, "place %d at %d,%d: %s", seat, x, y,
		      bg_last_error());
}

/* Play "F1,0 S2,1 ..." (F = seat 0, S = seat 1). */
static void place_all(bg_game **g, const char *seq)
{
	while (*seq) {
		int seat = *seq == 'S', x, y, n;

		ck_assert(sscanf(seq + 1, "%d,%d%n", &x, &y, &n) == 2);
		place(g, seat, x, y);
		seq += 1 + n;
		while (*seq == ' ')
			seq++;
	}
}

static bg_game *setup(const char *size, const char *opts, const char *seq)
{
	char spec[256];
	bg_game *g;

	snprintf(spec, sizeof(spec), "tochki:size=%s,start=empty%s%s", size,
		 *opts ? "," : "", opts);
	g = new_game(spec);
	place_all(&g, seq);
	return g;
}

static int state_at(const bg_game *g, int x, int y, int *color, int *owner)
{
	int st = -1;

	ck_assert_int_eq(bg_tochki_point(g, pt(g, x, y), &st, color, owner),
			 BG_OK);
	return st;
}

/* Is a placement at (x, y) in the legal list of the side to move? */
static int listed(const bg_game *g, int x, int y)
{
	static bg_move moves[2 * 52 * 52 + 2];
	size_t n;
	int p = pt(g, x, y);

	ck_assert_int_eq(bg_legal_moves(g, moves, 2 * 52 * 52 + 2, &n), BG_OK);
	for (size_t i = 0; i < n; i++)
		if (moves[i].kind == BG_MOVE_PLACE && moves[i].pts[0] == p &&
		    !moves[i].flags)
			return 1;
	return 0;
}

/* Legal for both sides (a house is legal for its owner and the enemy). */
static int legal_for_both(bg_game **g, int x, int y)
{
	int a, b;

	give_turn(g, 0);
	a = listed(*g, x, y);
	give_turn(g, 1);
	b = listed(*g, x, y);
	ck_assert_int_eq(a, b);
	return a;
}

static int has_move(const bg_game *g, int kind, int flags)
{
	static bg_move moves[2 * 52 * 52 + 2];
	size_t n;

	ck_assert_int_eq(bg_legal_moves(g, moves, 2 * 52 * 52 + 2, &n), BG_OK);
	for (size_t i = 0; i < n; i++)
		if (moves[i].kind == kind && (moves[i].flags & flags) == flags)
			return 1;
	return 0;
}

static size_t ring_len(const bg_game *g, int i, int *owner)
{
	int pts[2704];
	size_t n = 0;

	ck_assert_int_eq(bg_tochki_ring(g, i, pts, 2704, &n, owner), BG_OK);
	return n;
}

static size_t total_ring_points(const bg_game *g)
{
	size_t t = 0;

	for (int i = 0; i < bg_tochki_ring_count(g); i++)
		t += ring_len(g, i, NULL);
	return t;
}

static void play_ok(bg_game *g, const bg_move *m)
{
	int rc = bg_play(g, m);

	ck_assert_msg(rc == BG_OK, "play: %s", bg_last_error());
}

static void ground(bg_game *g)
{
	bg_move m;

	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_GROUND;
	play_ok(g, &m);
}

/* ---- Capture oracles (doc/games/tochki.md#capture-oracles) ---------------- */

/* One canonical spelling per field size, so equal games have equal specs. */
START_TEST(test_size_spelling)
{
	static const char *const same[][2] = {
		{"tochki:size=9", "tochki:size=9x9"},
		{"dots:size=9x9", "tochki:size=9x9"},
		{"tochki:size=39x32", "tochki"},
		{"tochki:size=52", "tochki:size=52x52"},
	};
	bg_game *g;

	for (size_t i = 0; i < sizeof(same) / sizeof(same[0]); i++) {
		ck_assert_int_eq(bg_game_new(&g, same[i][0]), BG_OK);
		ck_assert_str_eq(bg_game_spec(g), same[i][1]);
		bg_game_free(g);
	}
	ck_assert_int_eq(bg_game_new(&g, "tochki:size=53"), BG_EOPTION);
	ck_assert_int_eq(bg_game_new(&g, "tochki:size=9y9"), BG_EOPTION);
}
END_TEST

START_TEST(test_simple)
{
	bg_game *g = setup("3x3", "", "F1,0 F2,1 F1,2 S1,1 F0,1");
	int color, owner;

	expect_scores(g, 1, 0);
	ck_assert_int_eq(state_at(g, 1, 1, &color, &owner), BG_TOCHKI_POINT);
	ck_assert(color == 1 && owner == 0);
	ck_assert(!legal_for_both(&g, 1, 1));
	ck_assert(!legal_for_both(&g, 0, 1));
	ck_assert(legal_for_both(&g, 0, 0));
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	ck_assert_int_eq(ring_len(g, 0, &owner), 4);
	ck_assert_int_eq(owner, 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_empty_house)
{
	bg_game *g = setup("3x3", "", "F1,0 F0,1 F2,1 F1,2");

	expect_scores(g, 0, 0);
	ck_assert_int_eq(state_at(g, 1, 1, NULL, NULL), BG_TOCHKI_EMPTY);
	ck_assert(legal_for_both(&g, 1, 1));
	ck_assert_int_eq(bg_tochki_ring_count(g), 0);
	/* Intrusion (step 3 of the rules): S's point in F's house is taken at
	 * once. */
	place(&g, 1, 1, 1);
	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	bg_game_free(g);
}
END_TEST

START_TEST(test_move_priority)
{
	bg_game *g = setup("4x3", "",
			   "F1,0 F0,1 F2,1 F1,2 S2,0 S3,1 S2,2 S1,1");
	int color, owner;

	expect_scores(g, 0, 1);
	state_at(g, 1, 1, &color, &owner);
	ck_assert(color == 1 && owner == 1); /* the intruder survives */
	state_at(g, 2, 1, &color, &owner);
	ck_assert(color == 0 && owner == 1);
	bg_game_free(g);
}
END_TEST

START_TEST(test_move_priority_big)
{
	bg_game *g = setup("4x4", "",
			   "F1,1 F0,2 F2,2 F1,3 S1,0 S0,1 S2,1 S3,2 S2,3 S1,2");

	expect_scores(g, 0, 2);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	ck_assert_int_eq(ring_len(g, 0, NULL), 4);
	ck_assert_int_eq(ring_len(g, 1, NULL), 4);
	bg_game_free(g);
}
END_TEST

START_TEST(test_onion)
{
	bg_game *g = setup("5x5", "", "F2,2 S2,1 S1,2 S3,2 S2,3");

	expect_scores(g, 0, 1);
	place_all(&g, "F2,0 F1,1 F3,1 F0,2 F4,2 F1,3 F3,3 F2,4");
	/* Re-capture: S's base is taken and F's point inside freed. */
	expect_scores(g, 4, 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_deep_onion)
{
	bg_game *g = setup("7x7", "",
			   "F3,3 S3,2 S2,3 S4,3 S3,4 F3,1 F2,2 F4,2 F1,3 F5,3 "
			   "F2,4 F4,4 F3,5 S3,0 S2,1 S4,1 S1,2 S5,2 S0,3 S6,3 "
			   "S1,4 S5,4 S2,5 S4,5 S3,6");

	expect_scores(g, 0, 9);
	bg_game_free(g);
}
END_TEST

START_TEST(test_double)
{
	bg_game *g = setup("5x3", "",
			   "S1,1 S3,1 F1,0 F3,0 F0,1 F4,1 F1,2 F3,2 F2,1");

	expect_scores(g, 2, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	bg_game_free(g);
}
END_TEST

START_TEST(test_double_empty_part)
{
	bg_game *g = setup("6x3", "", "S3,1 F1,0 F3,0 F0,1 F4,1 F1,2 F3,2 F2,1");

	expect_scores(g, 1, 0);
	ck_assert(legal_for_both(&g, 1, 1));
	ck_assert(!legal_for_both(&g, 3, 1));
	bg_game_free(g);
}
END_TEST

START_TEST(test_no_empty_inside)
{
	bg_game *g = setup("7x7", "",
			   "F1,0 F2,0 F3,0 F4,0 F0,1 F5,1 F0,2 F6,2 F6,3 F0,4 "
			   "F6,4 F0,5 F5,5 F1,6 F2,6 F3,6 F4,6 F2,2 F3,3 F2,4 "
			   "S4,3 F1,3");

	expect_scores(g, 1, 0);
	ck_assert(!legal_for_both(&g, 2, 3));
	ck_assert(!legal_for_both(&g, 1, 1));
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	ck_assert_int_eq(ring_len(g, 0, NULL), 18);
	bg_game_free(g);
}
END_TEST

#define HOLE_RING "F4,0 F3,1 F5,1 F2,2 F6,2 F1,3 F7,3 F0,4 F8,4 F1,5 F7,5 " \
		  "F2,6 F6,6 F3,7 F5,7 F4,8"

START_TEST(test_hole)
{
	bg_game *g = setup("9x9", "", "F4,3 F3,4 F5,4 F4,5 S4,7 " HOLE_RING);

	expect_scores(g, 1, 0);
	ck_assert(!legal_for_both(&g, 4, 4));
	ck_assert(!legal_for_both(&g, 4, 1));
	ck_assert_int_eq(ring_len(g, 0, NULL), 16);
	bg_game_free(g);
}
END_TEST

START_TEST(test_hole_after_control)
{
	bg_game *g = setup("9x9", "", "F4,3 F3,4 F5,4 F4,5 " HOLE_RING);

	/* Two nested houses; S intrudes into the outer one. */
	ck_assert(legal_for_both(&g, 4, 4));
	place(&g, 1, 4, 7);
	expect_scores(g, 1, 0);
	ck_assert(!legal_for_both(&g, 4, 4));
	ck_assert(!legal_for_both(&g, 4, 1));
	bg_game_free(g);
}
END_TEST

START_TEST(test_inner_house_intrusion)
{
	bg_game *g = setup("9x9", "", "F4,3 F3,4 F5,4 F4,5 " HOLE_RING);

	/* A point in the inner house takes only the inner area. */
	place(&g, 1, 4, 4);
	expect_scores(g, 1, 0);
	ck_assert(legal_for_both(&g, 4, 1));
	ck_assert_int_eq(ring_len(g, 0, NULL), 4);
	bg_game_free(g);
}
END_TEST

START_TEST(test_not_expand)
{
	bg_game *g = setup("9x9", "",
			   "F4,0 F3,1 F5,1 F2,2 F4,2 F6,2 F1,3 F3,3 F5,3 F7,3 "
			   "F0,4 F2,4 F4,4 F6,4 F8,4 F1,5 F3,5 F5,5 F7,5 F2,6 "
			   "F4,6 F6,6 F3,7 F5,7 F4,8 S5,4");

	expect_scores(g, 1, 0);
	ck_assert(legal_for_both(&g, 6, 3));
	ck_assert(legal_for_both(&g, 4, 3));
	ck_assert(legal_for_both(&g, 4, 5));
	ck_assert(legal_for_both(&g, 6, 5));
	ck_assert(!legal_for_both(&g, 5, 4));
	ck_assert_int_eq(ring_len(g, 0, NULL), 4);
	bg_game_free(g);
}
END_TEST

START_TEST(test_two_common)
{
	bg_game *g = setup("4x4", "", "S1,1 S2,2 F1,0 F0,1 F2,1 F3,2 F2,3 F1,2");

	expect_scores(g, 2, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	ck_assert_int_eq(total_ring_points(g), 8);
	bg_game_free(g);
}
END_TEST

START_TEST(test_three_common)
{
	bg_game *g = setup("5x5", "",
			   "S2,1 S3,2 S2,3 F2,0 F1,1 F3,1 F4,2 F1,3 F3,3 F2,4 F2,2");

	expect_scores(g, 3, 0);
	ck_assert_int_eq(total_ring_points(g), 12);
	bg_game_free(g);
}
END_TEST

START_TEST(test_ambiguous)
{
	bg_game *g = setup("7x6", "",
			   "S3,2 F1,0 F2,0 F4,0 F5,0 F0,1 F6,1 F0,2 F2,2 F4,2 "
			   "F6,2 F0,3 F3,3 F6,3 F1,4 F5,4 F2,5 F3,5 F4,5 F3,1");

	expect_scores(g, 1, 0);
	ck_assert(legal_for_both(&g, 3, 4));
	bg_game_free(g);
	g = setup("7x6", "",
		  "S3,3 F2,0 F3,0 F4,0 F1,1 F5,1 F0,2 F3,2 F6,2 F0,3 F2,3 "
		  "F4,3 F6,3 F0,4 F6,4 F1,5 F2,5 F4,5 F5,5 F3,4");
	expect_scores(g, 1, 0);
	ck_assert(legal_for_both(&g, 3, 1));
	bg_game_free(g);
}
END_TEST

START_TEST(test_enemy_house_in_captured_area)
{
	/* KvanTTT: S's house inside F's capture becomes dead for both. */
	bg_game *g = setup("7x7", "",
			   "S3,2 S2,3 S4,3 S3,4 F3,1 F2,2 F4,2 F1,3 F5,3 F2,4 "
			   "F4,4 F3,5");
	int owner;

	expect_scores(g, 4, 0);
	ck_assert_int_eq(state_at(g, 3, 3, NULL, &owner), BG_TOCHKI_DEAD);
	ck_assert_int_eq(owner, 0);
	ck_assert(!legal_for_both(&g, 3, 3));
	bg_game_free(g);
}
END_TEST

START_TEST(test_stale_pool_intrusion)
{
	/* The house exception (step 4, decision Q-D2 of the page): F's house
	 * over x 1..5, y 1..3 holds an F point
	 * at (2,2) with S points on three sides (set up by position text).
	 * S closes its base inside the house: the exception, S survives. */
	bg_game *g = NULL;
	int color, owner;
	bg_move m;

	ck_assert_int_eq(bg_game_from_position(&g,
		"tochki:size=7x5,start=empty .xxxxx./x.o...x/xoxo..x/x.....x/"
		".xxxxx. o 0 0 - 0"), BG_OK);
	m = place_move(g, 2, 3);
	play_ok(g, &m);
	expect_scores(g, 0, 1);
	state_at(g, 2, 3, &color, &owner);
	ck_assert(color == 1 && owner == 1);
	/* F inside its own ring, off the ring (no neighbour on it): no
	 * capture (step 4). */
	m = place_move(g, 4, 2);
	play_ok(g, &m);
	expect_scores(g, 0, 1);
	/* A later S point that makes no capture is taken with everything
	 * in the pool, S's base included; F's point is freed. */
	m = place_move(g, 5, 2);
	play_ok(g, &m);
	expect_scores(g, 5, 0);
	state_at(g, 2, 2, &color, &owner);
	ck_assert(color == 0 && owner == 0);
	bg_game_free(g);
}
END_TEST

/* ---- Undo restores captures and rings ------------------------------------- */

START_TEST(test_undo_capture)
{
	bg_game *g = setup("5x5", "", "F2,2 S2,1 S1,2 S3,2 S2,3");
	char before[4096], after[4096];
	uint64_t h;

	place_all(&g, "F2,0 F1,1 F3,1 F0,2 F4,2 F1,3 F3,3");
	give_turn(&g, 0);
	snprintf(before, sizeof(before), "%s", position(g));
	h = bg_hash(g);
	{
		bg_move m = place_move(g, 2, 4);

		play_ok(g, &m);
	}
	expect_scores(g, 4, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	snprintf(after, sizeof(after), "%s", position(g));
	ck_assert_str_eq(before, after);
	ck_assert(bg_hash(g) == h);
	expect_scores(g, 0, 1);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	bg_game_free(g);
}
END_TEST

/* ---- Grounding oracles (doc/games/tochki.md#grounding-oracles) ------------ */

static int grounded_at(const bg_game *g, int x, int y)
{
	return bg_tochki_grounded(g, pt(g, x, y));
}

START_TEST(test_grounded_points)
{
	bg_game *g = setup("4x4", "", "F1,1 F3,1 F2,1 S2,2");

	ck_assert_int_eq(grounded_at(g, 1, 1), 1);
	ck_assert_int_eq(grounded_at(g, 2, 1), 1);
	ck_assert_int_eq(grounded_at(g, 3, 1), 1);
	ck_assert_int_eq(grounded_at(g, 2, 2), 0);
	bg_game_free(g);
}
END_TEST

static void check_captured_grounding(bg_game *g)
{
	static const int want[][2] = { { 2, 1 }, { 3, 1 }, { 1, 2 }, { 2, 2 },
				       { 3, 2 }, { 4, 2 }, { 5, 2 }, { 2, 3 },
				       { 3, 3 } };

	expect_scores(g, 1, 0);
	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 6; x++) {
			int in = 0;

			for (size_t k = 0; k < sizeof(want) / sizeof(want[0]); k++)
				in |= want[k][0] == x && want[k][1] == y;
			ck_assert_msg(grounded_at(g, x, y) == in, "(%d,%d)", x, y);
		}
}

START_TEST(test_grounded_capture)
{
	bg_game *g = setup("6x5", "",
			   "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 S2,2 F1,2");

	check_captured_grounding(g);
	/* Seed form: F leads and every F cell is grounded: F may end it. */
	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_GROUND, 0));
	give_turn(&g, 1);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	give_turn(&g, 0);
	ground(g);
	expect(g, BG_WIN, 0, BG_REASON_GROUNDING);
	bg_game_free(g);
	g = setup("6x5", "", "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 F1,2 S2,2");
	check_captured_grounding(g);
	bg_game_free(g);
}
END_TEST

START_TEST(test_grounded_house)
{
	bg_game *g = setup("6x5", "", "F2,1 F3,1 F1,2 F2,3 F3,3 F5,2 F4,2");

	for (int y = 0; y < 5; y++)
		for (int x = 0; x < 6; x++)
			ck_assert_int_eq(grounded_at(g, x, y),
					 y == 2 && (x == 4 || x == 5));
	bg_game_free(g);
}
END_TEST

START_TEST(test_ground_leader_only)
{
	/* F leads 1:0, all grounded through (5,2); then a loose F point at
	 * (4,4) (not on the edge of the 6x6 field, no F neighbour). */
	bg_game *g = setup("6x6", "",
			   "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 S2,2 F1,2");

	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_GROUND, 0));
	place(&g, 0, 4, 4);
	ck_assert_int_eq(grounded_at(g, 4, 4), 0);
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	bg_game_free(g);
	/* Equal scores: nobody may ground. */
	g = setup("6x6", "", "F2,1 F3,1 F4,2 F5,2");
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	bg_game_free(g);
}
END_TEST

/*
 * «Если игрок впереди и его точки расставлены так, что окружить их уже
 * невозможно, он может закончить игру досрочно и выиграть» (a player who
 * is ahead and whose points can no longer be surrounded may end the game
 * and win). On 11x7, F leads 1:0 (S2,3 caught, its ring grounded through
 * F0,3) and owns a house, interior (7..9, 2..4), whose walls lean on the
 * right rim. F's point at the house's centre (8,3) touches no wall, so it
 * is not grounded, yet it cannot be surrounded: an S point played in the
 * house is caught at once. F may ground.
 */
#define HOUSE_LEAD "F2,2 F1,3 F0,3 F2,4 S2,3 "
#define HOUSE_WALLS(x) "F" x "6,1 F" x "7,1 F" x "8,1 F" x "9,1 F" x "10,1 " \
	"F" x "6,2 F" x "10,2 F" x "6,3 F" x "10,3 F" x "6,4 F" x "10,4 " \
	"F" x "6,5 F" x "7,5 F" x "8,5 F" x "9,5 F" x "10,5 "

START_TEST(test_ground_house_point)
{
	bg_game *g = setup("11x7", "", HOUSE_LEAD "F3,3 " HOUSE_WALLS("")
			   "F8,3");

	expect_scores(g, 1, 0);
	ck_assert_int_eq(grounded_at(g, 8, 3), 0); /* the query: 4-connection */
	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_GROUND, 0));
	ground(g);
	expect_scores(g, 1, 0);
	expect(g, BG_WIN, 0, BG_REASON_GROUNDING);
	bg_game_free(g);

	/* Why it is safe: S's point there is caught with the house. */
	g = setup("11x7", "", HOUSE_LEAD "F3,3 " HOUSE_WALLS("") "F8,3 S7,2");
	expect_scores(g, 2, 0);
	ck_assert_int_eq(grounded_at(g, 8, 3), 1);
	bg_game_free(g);

	/* The same house one point in from the rim: its walls are not
	 * grounded and protect nothing. */
	g = setup("11x7", "", HOUSE_LEAD "F3,3 "
		  "F5,1 F6,1 F7,1 F8,1 F9,1 F5,2 F9,2 F5,3 F9,3 F5,4 F9,4 "
		  "F5,5 F6,5 F7,5 F8,5 F9,5 F7,3");
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	bg_game_free(g);

	/* Territory: an intruder is caught only by a later close, so the
	 * house protects nothing there (F closes with d4!). */
	g = setup("11x7", "territory", HOUSE_LEAD HOUSE_WALLS("") "F8,3");
	give_turn(&g, 0);
	ck_assert_int_eq(bg_play_text(g, "d4!"), BG_OK);
	expect_scores(g, 5, 0); /* 1 caught + 8 empty house points x 0.5 */
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	bg_game_free(g);
}
END_TEST

START_TEST(test_ground_any_time)
{
	bg_game *g = setup("5x3", "ground_any_time", "F1,1 F2,1 S3,1");

	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_GROUND, 0));
	ground(g);
	expect_scores(g, 0, 2);
	expect(g, BG_WIN, 1, BG_REASON_GROUNDING);
	bg_game_free(g);

	g = setup("5x3", "ground_any_time", "F1,1 F2,1 S3,1");
	give_turn(&g, 1);
	ground(g);
	expect_scores(g, 1, 0);
	expect(g, BG_WIN, 0, BG_REASON_GROUNDING);
	bg_game_free(g);

	for (int seat = 0; seat < 2; seat++) {
		g = setup("3x1", "ground_any_time", "F0,0 S1,0");
		give_turn(&g, seat);
		ground(g);
		expect_scores(g, 0, 0);
		expect(g, BG_DRAW, -1, BG_REASON_GROUNDING);
		bg_game_free(g);
	}

	g = setup("4x4", "ground_any_time", "F1,1 F2,2 S2,1 S1,2");
	give_turn(&g, 0);
	ground(g);
	expect_scores(g, 0, 2);
	bg_game_free(g);

	g = setup("3x3", "ground_any_time",
		  "F0,0 F1,0 F2,0 F0,1 F2,1 F0,2 F1,2 F2,2");
	give_turn(&g, 0);
	ground(g);
	expect_scores(g, 0, 0);
	expect(g, BG_DRAW, -1, BG_REASON_GROUNDING);
	ck_assert_int_eq(state_at(g, 1, 1, NULL, NULL), BG_TOCHKI_EMPTY);
	/* Undo gives the points back. */
	ck_assert_int_eq(bg_undo(g), BG_OK);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
}
END_TEST

/* ---- End of the game ------------------------------------------------------- */

START_TEST(test_no_points)
{
	/* A full field ends the game: F's base of one S point wins. */
	bg_game *g = setup("3x3", "", "F1,0 F2,1 F1,2 S1,1 F0,1 S0,0 S2,0 S0,2");

	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	place(&g, 1, 2, 2);
	expect(g, BG_WIN, 0, BG_REASON_NO_POINTS);
	bg_game_free(g);

	/* One empty cell in F's house: not over (S may play there) and S's
	 * point there is taken: over 1:0 (a KvanTTT oracle of the page). */
	g = setup("3x3", "", "F1,0 F0,1 F2,1 F1,2 S0,0 S2,0 S0,2 S2,2");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	place(&g, 1, 1, 1);
	expect_scores(g, 1, 0);
	expect(g, BG_WIN, 0, BG_REASON_NO_POINTS);
	bg_game_free(g);
}
END_TEST

START_TEST(test_win_margin)
{
	bg_game *g = setup("3x3", "win_margin=1", "F1,0 F2,1 F1,2 S1,1");

	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	place(&g, 0, 0, 1);
	expect(g, BG_WIN, 0, BG_REASON_MARGIN);
	bg_game_free(g);
	g = setup("5x3", "win_margin=3", "S1,1 S3,1 F1,0 F3,0 F0,1 F4,1 F1,2 F3,2 F2,1");
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	bg_game_free(g);
}
END_TEST

START_TEST(test_passes)
{
	bg_game *g = new_game("tochki:size=5x5");
	bg_move pass;

	memset(&pass, 0, sizeof(pass));
	ck_assert(!has_move(g, BG_MOVE_PASS, 0));
	ck_assert_int_eq(bg_play(g, &pass), BG_EILLEGAL);
	bg_game_free(g);
	g = new_game("tochki:size=5x5,allow_pass");
	ck_assert(has_move(g, BG_MOVE_PASS, 0));
	play_ok(g, &pass);
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
	play_ok(g, &pass);
	expect(g, BG_DRAW, -1, BG_REASON_PASSES);
	bg_game_free(g);
}
END_TEST

/* ---- Variants -------------------------------------------------------------- */

START_TEST(test_extra_move)
{
	bg_game *g = setup("5x3", "extra_move",
			   "S1,1 S3,1 F1,0 F3,0 F0,1 F4,1 F1,2 F3,2");

	give_turn(&g, 0);
	{
		bg_move m = place_move(g, 2, 1);

		play_ok(g, &m);
	}
	/* Two enclosures: two more placements for F. */
	expect_scores(g, 2, 0);
	ck_assert_int_eq(bg_to_move(g), 0);
	{
		bg_move m = place_move(g, 0, 0);

		play_ok(g, &m);
		ck_assert_int_eq(bg_to_move(g), 0);
		m = place_move(g, 2, 0);
		play_ok(g, &m);
		ck_assert_int_eq(bg_to_move(g), 1);
	}
	bg_game_free(g);

	/* An intrusion taken by the house's owner earns nothing. */
	g = setup("4x4", "extra_move", "F1,0 F0,1 F2,1 F1,2");
	give_turn(&g, 1);
	{
		bg_move m = place_move(g, 1, 1);

		play_ok(g, &m);
	}
	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_to_move(g), 0);
	{
		bg_move m = place_move(g, 3, 3);

		play_ok(g, &m);
		ck_assert_int_eq(bg_to_move(g), 1);
	}
	bg_game_free(g);
}
END_TEST

START_TEST(test_territory)
{
	bg_game *g = setup("3x3", "territory", "F1,0 F2,1 F1,2 S1,1");
	bg_move m;

	/* A placement without close captures nothing ... */
	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_PLACE, BG_MOVE_FLAG_MARK));
	m = place_move(g, 0, 1);
	play_ok(g, &m);
	expect_scores(g, 0, 0);
	/* ... and every later F placement may close it. */
	give_turn(&g, 0);
	ck_assert_int_eq(bg_move_from_text(g, "a1!", &m), BG_OK);
	ck_assert_int_eq(m.flags, BG_MOVE_FLAG_MARK);
	play_ok(g, &m);
	expect_scores(g, 1, 0);
	bg_game_free(g);

	/* Houses score half a point per empty point; an intruder is not
	 * taken until the owner closes. */
	g = setup("3x3", "territory", "F1,0 F0,1 F2,1 F1,2");
	expect_scores(g, 0.5, 0);
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_PLACE, BG_MOVE_FLAG_MARK));
	place(&g, 1, 1, 1);
	expect_scores(g, 0, 0);
	give_turn(&g, 0);
	ck_assert_int_eq(bg_play_text(g, "a1!"), BG_OK);
	expect_scores(g, 1, 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_capture_empty_bases)
{
	bg_game *g = setup("3x3", "capture_empty_bases", "F1,0 F0,1 F2,1 F1,2");
	int owner;

	ck_assert_int_eq(state_at(g, 1, 1, NULL, &owner), BG_TOCHKI_DEAD);
	ck_assert_int_eq(owner, 0);
	ck_assert(!legal_for_both(&g, 1, 1));
	expect_scores(g, 0, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	bg_game_free(g);
}
END_TEST

/* F's two diamonds sharing (3,2), around S at (2,2) and an empty (4,2);
 * F's last point (1,2) closes the small one. */
#define FREE_SETUP "S2,2 F2,1 F3,1 F4,1 F3,2 F5,2 F2,3 F3,3 F4,3"

static bg_move chain_move(const bg_game *g, const int (*xy)[2], int n)
{
	bg_move m;

	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = (uint8_t)n;
	for (int a = 0; a < n; a++)
		m.pts[a] = (uint16_t)pt(g, xy[a][0], xy[a][1]);
	return m;
}

/*
 * «Если подходит несколько вариантов цепочки, проводят самую короткую»
 * (when several chains fit, the shortest is drawn). On 9x8, F holds the
 * field's edge but its corners (a chain of 26) and a U hanging from the
 * top edge, x 2..5 down to y 4, round a pocket (3..4, 1..3); S6,5 is
 * caught. The ring of the smallest area (the default, zagram's MinArea=1)
 * runs round the U and leaves the pocket out: 32 points. Under
 * shortest_chain the 26-point chain along the edge is drawn, and the
 * pocket is captured area.
 */
#define SHORTEST_U "F2,1 F2,2 F2,3 F2,4 F3,4 F4,4 F5,4 F5,3 F5,2 F5,1 "
#define SHORTEST_EDGE "F1,0 F2,0 F3,0 F4,0 F5,0 F6,0 F7,0 F8,1 F8,2 F8,3 " \
	"F8,4 F8,5 F8,6 F7,7 F6,7 F5,7 F4,7 F3,7 F2,7 F1,7 F0,6 F0,5 F0,4 " \
	"F0,3 F0,2 F0,1"

START_TEST(test_shortest_chain)
{
	bg_game *g = setup("9x8", "", "S6,5 " SHORTEST_U SHORTEST_EDGE);
	int owner = -1;

	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	ck_assert_uint_eq(ring_len(g, 0, &owner), 32);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(state_at(g, 3, 2, NULL, NULL), BG_TOCHKI_EMPTY);
	ck_assert_int_eq(state_at(g, 6, 6, NULL, NULL), BG_TOCHKI_DEAD);
	bg_game_free(g);

	g = setup("9x8", "shortest_chain", "S6,5 " SHORTEST_U SHORTEST_EDGE);
	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	ck_assert_uint_eq(ring_len(g, 0, &owner), 26);
	ck_assert_int_eq(owner, 0);
	for (int y = 1; y <= 3; y++)
		for (int x = 3; x <= 4; x++) {
			ck_assert_int_eq(state_at(g, x, y, NULL, &owner),
					 BG_TOCHKI_DEAD);
			ck_assert_int_eq(owner, 0);
		}
	/* The U stays F's live points; the pocket is no longer playable. */
	ck_assert_int_eq(state_at(g, 3, 4, NULL, NULL), BG_TOCHKI_POINT);
	ck_assert(!legal_for_both(&g, 3, 2));
	bg_game_free(g);

	/* Where the two readings agree (an ordinary capture), the same. */
	g = setup("3x3", "shortest_chain", "F1,0 F2,1 F1,2 S1,1 F0,1");
	expect_scores(g, 1, 0);
	ck_assert_uint_eq(ring_len(g, 0, NULL), 4);
	bg_game_free(g);
}
END_TEST

START_TEST(test_free_enclosure)
{
	static const int big[][2] = { { 1, 2 }, { 2, 1 }, { 3, 1 }, { 4, 1 },
				      { 5, 2 }, { 4, 3 }, { 3, 3 }, { 2, 3 } };
	static const int open[][2] = { { 1, 2 }, { 2, 1 }, { 3, 1 }, { 4, 1 },
				       { 5, 2 }, { 4, 3 }, { 3, 3 } };
	static const int through_enemy[][2] = { { 1, 2 }, { 2, 1 }, { 2, 2 },
						{ 2, 3 } };
	static const int bowtie[][2] = { { 1, 1 }, { 2, 2 }, { 2, 1 },
					 { 1, 2 } };
	bg_game *g = setup("7x5", "free_enclosure", FREE_SETUP);
	bg_move m;
	int owner;

	give_turn(&g, 0);
	/* The plain move takes the minimal ring; the house stays. */
	m = place_move(g, 1, 2);
	play_ok(g, &m);
	expect_scores(g, 1, 0);
	ck_assert_int_eq(state_at(g, 4, 2, NULL, NULL), BG_TOCHKI_EMPTY);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	/* Chains that are not rings, or cross themselves, are refused. */
	m = chain_move(g, open, 7);
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m = chain_move(g, through_enemy, 4);
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	/* The long chain takes the house too; its text ("c2,c3,...": the
	 * point, then the chain) reads back, and so does the record. */
	m = chain_move(g, big, 8);
	{
		char mtext[256], record[4096];
		bg_game *r;
		bg_move back;

		ck_assert_int_eq(bg_move_to_text(g, &m, mtext, sizeof(mtext), NULL),
				 BG_OK);
		ck_assert_int_eq(bg_move_from_text(g, mtext, &back), BG_OK);
		ck_assert(bg_move_equal(&m, &back));
		play_ok(g, &m);
		ck_assert_int_eq(bg_record_text(g, record, sizeof(record), NULL),
				 BG_OK);
		ck_assert_int_eq(bg_game_from_record(&r, record), BG_OK);
		expect_same_position(g, r);
		bg_game_free(r);
	}
	expect_scores(g, 1, 0);
	ck_assert_int_eq(state_at(g, 4, 2, NULL, &owner), BG_TOCHKI_DEAD);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	ck_assert_int_eq(ring_len(g, 1, NULL), 8);
	bg_game_free(g);

	/* Crossing diagonals (a bow tie) are no ring. */
	g = setup("5x5", "free_enclosure", "F2,1 F1,2 F2,2 S3,3");
	give_turn(&g, 0);
	m = chain_move(g, bowtie, 4);
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	bg_game_free(g);

	/* Without the option a chain is illegal. */
	g = setup("7x5", "", FREE_SETUP);
	give_turn(&g, 0);
	m = chain_move(g, big, 8);
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_start_positions)
{
	bg_game *g = new_game("tochki");
	int w, h, color, owner;
	size_t n;

	bg_board_size(g, &w, &h);
	ck_assert(w == 39 && h == 32);
	ck_assert_int_eq(bg_point_count(g), 39 * 32);
	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_INTERSECTIONS);
	/* Cross at (19,15): seat 0 on the main diagonal. */
	state_at(g, 19, 15, &color, &owner);
	ck_assert(color == 0 && owner == 0);
	state_at(g, 20, 16, &color, NULL);
	ck_assert_int_eq(color, 0);
	state_at(g, 20, 15, &color, NULL);
	ck_assert_int_eq(color, 1);
	state_at(g, 19, 16, &color, NULL);
	ck_assert_int_eq(color, 1);
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(n, 39 * 32 - 4);
	/* SGF aa is a32, the bottom left a1. */
	{
		char name[8];

		bg_point_name(g, pt(g, 0, 0), name, sizeof(name), NULL);
		ck_assert_str_eq(name, "a32");
		bg_point_name(g, pt(g, 38, 31), name, sizeof(name), NULL);
		ck_assert_str_eq(name, "am1");
	}
	ck_assert_str_eq(bg_seat_name(g, 0), "Red");
	bg_game_free(g);

	g = new_game("tochki:start=cross4");
	{
		static const int corner[4][2] = { { 11, 10 }, { 26, 10 },
						  { 26, 20 }, { 11, 20 } };

		for (int k = 0; k < 4; k++) {
			int x = corner[k][0], y = corner[k][1];

			state_at(g, x, y, &color, NULL);
			ck_assert_int_eq(color, 0);
			state_at(g, x + 1, y + 1, &color, NULL);
			ck_assert_int_eq(color, 0);
			state_at(g, x + 1, y, &color, NULL);
			ck_assert_int_eq(color, 1);
			state_at(g, x, y + 1, &color, NULL);
			ck_assert_int_eq(color, 1);
		}
	}
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(n, 39 * 32 - 16);
	bg_game_free(g);
	/* The general 4X formula: 20x20 gives corners 5 and 13. */
	g = new_game("tochki:size=20,start=cross4");
	state_at(g, 13, 13, &color, NULL);
	ck_assert_int_eq(color, 0);
	state_at(g, 5, 14, &color, NULL);
	ck_assert_int_eq(color, 1);
	bg_game_free(g);
	g = new_game("tochki:start=empty,size=52x52");
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(n, 52 * 52);
	bg_game_free(g);
}
END_TEST

START_TEST(test_bad_specs)
{
	static const char *const bad[] = {
		"tochki:size=0", "tochki:size=53", "tochki:size=10x", "tochki:size=x",
		"tochki:size=1x1", "tochki:size=3,start=cross4", "tochki:start=x",
		"tochki:win_margin=-1",
		/* A size is digits, as every number of a spec. */
		"tochki:size= 5", "tochki:size=+5", "tochki:size=5x+5",
	};
	bg_game *g = NULL;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		ck_assert_msg(bg_game_new(&g, bad[i]) == BG_EOPTION, "%s", bad[i]);
	ck_assert_int_eq(bg_game_new(&g, "dots:size=1x1,start=empty"), BG_OK);
	bg_game_free(g);
}
END_TEST

START_TEST(test_perft)
{
	/* 5x5 with the cross: 21 free points; no side can close a ring of
	 * four within three plies, so each ply fills one point. */
	bg_game *g = new_game("tochki:size=5");

	ck_assert_int_eq(perft(g, 1), 21);
	ck_assert_int_eq(perft(g, 2), 21 * 20);
	ck_assert_int_eq(perft(g, 3), 21 * 20 * 19);
	bg_game_free(g);
}
END_TEST

/* ---- Bad input -------------------------------------------------------------- */

START_TEST(test_bad_moves)
{
	bg_game *g = setup("3x3", "", "F1,0 F2,1 F1,2 S1,1 F0,1");
	char before[1024], after[1024];
	bg_move m;

	give_turn(&g, 1);
	bg_position_text(g, before, sizeof(before), NULL);
	m = place_move(g, 1, 1); /* a captured point */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m = place_move(g, 1, 0); /* occupied */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m.pts[0] = 9; /* off the field */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m = place_move(g, 0, 0);
	m.flags = BG_MOVE_FLAG_MARK; /* close outside the territory game */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_text(g, "z9"), BG_EPARSE);
	bg_position_text(g, after, sizeof(after), NULL);
	ck_assert_str_eq(before, after);
	bg_game_free(g);
	/* The dead cell of capture_empty_bases. */
	g = setup("3x3", "capture_empty_bases", "F1,0 F0,1 F2,1 F1,2");
	give_turn(&g, 1);
	m = place_move(g, 1, 1);
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_position_text)
{
	static const char *const bad[] = {
		"tochki:size=3x3 .../.../... x 0 0 -",          /* no ply */
		"tochki:size=3x3 ..../.../... x 0 0 - 0",
		"tochki:size=3x3 .../.../.. x 0 0 - 0",
		"tochki:size=3x3 .../.../.../... x 0 0 - 0",
		"tochki:size=3x3 .../.q./... x 0 0 - 0",
		"tochki:size=3x3 .../.../... y 0 0 - 0",
		"tochki:size=3x3 .../.../... x 1 0 - 0",         /* no extra_move */
		"tochki:size=3x3 .../.../... x 0 1 - 0",         /* no allow_pass */
		"tochki:size=3x3 .../.../... x 0 0 z 0",
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:31 5",  /* ring not closed */
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:3175 5",
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:3177 5",
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb9:317 5",
	};
	bg_game *g = NULL;
	char buf[1024];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
	ck_assert_int_eq(bg_game_from_position(&g,
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:317 5"), BG_OK);
	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	snprintf(buf, sizeof(buf), "%s", position(g));
	ck_assert_str_eq(buf, "tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:317 5");
	bg_game_free(g);
}
END_TEST

START_TEST(test_wrong_game)
{
	bg_game *g = new_game("kutochki");
	int st;

	ck_assert_int_eq(bg_tochki_point(g, 0, &st, NULL, NULL), BG_EWRONGGAME);
	ck_assert_int_eq(bg_tochki_ring_count(g), BG_EWRONGGAME);
	bg_game_free(g);
	g = new_game("tochki:size=3");
	ck_assert_int_eq(bg_tochki_point(g, 9, &st, NULL, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_grounded(g, -1), BG_EINVAL);
	{
		size_t n;
		int pts[4];

		ck_assert_int_eq(bg_tochki_ring(g, 0, pts, 4, &n, NULL), BG_EINVAL);
	}
	bg_game_free(g);
}
END_TEST

/* bg_tochki_ring's arguments: a NULL n, pts NULL with room, and room for
 * fewer points than the ring has (BG_EBUFSIZE with *n and *owner set and
 * pts not written), each with a detail; the game unchanged. */
START_TEST(test_ring_query_args)
{
	static const char pos[] =
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:317 5";
	bg_game *g = from_pos(pos);
	int pts[4] = { -1, -1, -1, -1 }, owner = -1;
	size_t n = 0;

	ck_assert_int_eq(bg_tochki_ring(g, 0, pts, 4, NULL, &owner), BG_EINVAL);
	ck_assert_str_eq(bg_last_error(), "NULL argument");
	ck_assert_int_eq(bg_tochki_ring(g, 0, NULL, 4, &n, &owner), BG_EINVAL);
	ck_assert_str_eq(bg_last_error(), "NULL argument");
	ck_assert_int_eq(bg_tochki_ring(g, 0, pts, 3, &n, &owner), BG_EBUFSIZE);
	ck_assert_msg(strstr(bg_last_error(), "4 points") != NULL, "detail: %s",
		      bg_last_error());
	ck_assert_str_eq(bg_game_error(g), bg_last_error());
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(owner, 0);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(pts[i], -1);
	/* The size query, then the ring itself: clockwise from b3. */
	n = 0;
	owner = -1;
	ck_assert_int_eq(bg_tochki_ring(g, 0, NULL, 0, &n, &owner), BG_OK);
	ck_assert_uint_eq(n, 4);
	ck_assert_int_eq(owner, 0);
	ck_assert_int_eq(bg_tochki_ring(g, 0, pts, 4, &n, NULL), BG_OK);
	ck_assert_int_eq(pts[0], point(g, "b3"));
	ck_assert_int_eq(pts[1], point(g, "c2"));
	ck_assert_int_eq(pts[2], point(g, "b1"));
	ck_assert_int_eq(pts[3], point(g, "a2"));
	ck_assert_str_eq(position(g), pos);
	bg_game_free(g);
}
END_TEST

/* A position text refused with BG_EFORMAT, no game made, and a detail
 * that says `why`. */
static void expect_bad_ring_text(const char *pos, const char *why)
{
	bg_game *g = NULL;

	ck_assert_int_eq(bg_game_from_position(&g, pos), BG_EFORMAT);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(bg_last_error(), why) != NULL,
		      "%.60s...: detail '%s' lacks '%s'", pos, bg_last_error(),
		      why);
}

/* Rings in position text: each starts with its owner, x or o; and the
 * ring log has room for what play can draw (doc/games/tochki.md: 10·W·H
 * entries) and some, not for any number: a hundred rings on a 2 x 2 field
 * are refused. */
START_TEST(test_ring_text_errors)
{
	static char many[1024];
	bg_game *g;
	int len;

	expect_bad_ring_text("tochki:size=3x3 .x./xOx/.x. o 0 0 - zb3:317 5",
			     "a ring starts with x or o");
	expect_bad_ring_text("tochki:size=3x3 .x./xOx/.x. o 0 0 - Xb3:317 5",
			     "a ring starts with x or o");

	g = from_pos("tochki:size=2 ../.. x 0 0 - xa1:862 0");
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	bg_game_free(g);
	len = snprintf(many, sizeof(many), "tochki:size=2 ../.. x 0 0 -");
	for (int i = 0; i < 100; i++)
		len += snprintf(many + len, sizeof(many) - (size_t)len,
				" xa1:862");
	snprintf(many + len, sizeof(many) - (size_t)len, " 0");
	ck_assert_uint_lt(strlen(many), sizeof(many) - 1);
	expect_bad_ring_text(many, "too many ring points");
}
END_TEST

/* The text board of the position `pos` with `flags`: `want`, whose
 * length the size query gives. */
static void expect_board_text(const char *pos, unsigned flags,
			      const char *want)
{
	bg_game *g = from_pos(pos);
	char buf[256];
	size_t len = 0;
	int rc = bg_board_text(g, flags, NULL, 0, &len);

	ck_assert_msg(rc == BG_OK, "size query: %d '%s'", rc, bg_last_error());
	ck_assert_uint_eq(len, strlen(want));
	rc = bg_board_text(g, flags, buf, sizeof(buf), NULL);
	ck_assert_msg(rc == BG_OK, "bg_board_text: %d '%s'", rc,
		      bg_last_error());
	ck_assert_str_eq(buf, want);
	bg_game_free(g);
}

/* The text board draws the rings (a real capture's, and turned half
 * round); ring edges crossing between points, as in a bow-tie ring that
 * a position text may hold (rings are drawing data: on the field and
 * closed is all they must be), show as 'X'. */
START_TEST(test_board_text_rings)
{
	static const char diamond[] =
		"3 .   r   .\n"
		"    /   \\\n"
		"2 r   x   r\n"
		"    \\   /\n"
		"1 .   r   .\n"
		"  a   b   c\n";
	static const char diamond_flipped[] =
		"1 .   r   .\n"
		"    /   \\\n"
		"2 r   x   r\n"
		"    \\   /\n"
		"3 .   r   .\n"
		"  c   b   a\n";
	static const char bow_tie[] =
		"2 .---.\n"
		"    X\n"
		"1 .---.\n"
		"  a   b\n";
	static const char bow_tie_flipped[] =
		"1 .---.\n"
		"    X\n"
		"2 .---.\n"
		"  b   a\n";
	static const char capture[] =
		"tochki:size=3x3 .x./xOx/.x. o 0 0 - xb3:317 5";
	static const char tie[] = "tochki:size=2 ../.. x 0 0 - xa1:943 0";

	expect_board_text(capture, 0, diamond);
	expect_board_text(capture, BG_DRAW_FLIP, diamond_flipped);
	expect_board_text(tie, 0, bow_tie);
	expect_board_text(tie, BG_DRAW_FLIP, bow_tie_flipped);
}
END_TEST

/* A ring of more points than the field has, which a position text may
 * hold (here twice round a 2 x 2 field: 9 points), is drawn: the text
 * board makes room for the longest ring, not for one point a field's
 * point. */
START_TEST(test_board_text_long_ring)
{
	static const char pos[] =
		"tochki:size=2 ../.. x 0 0 - xa1:86248624 0";
	bg_game *g = from_pos(pos);

	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	ck_assert_uint_eq(ring_len(g, 0, NULL), 9);
	bg_game_free(g);
	expect_board_text(pos, 0,
			  "2 .---.\n"
			  "  |   |\n"
			  "1 .---.\n"
			  "  a   b\n");
}
END_TEST

/* Where two ring edges cross between points the text board writes 'X',
 * and a third edge along one of the two diagonals (here the second ring,
 * a1-b2-b1) leaves it: the picture does not depend on the rings' order. */
START_TEST(test_board_text_crossing_kept)
{
	static const char want[] =
		"2 .---.\n"
		"    X |\n"
		"1 .---.\n"
		"  a   b\n";

	expect_board_text("tochki:size=2 ../.. x 0 0 - xa1:924 xa1:943 0", 0,
			  want);
	expect_board_text("tochki:size=2 ../.. x 0 0 - xa1:943 xa1:924 0", 0,
			  want);
}
END_TEST

/* ---- SGF ------------------------------------------------------------------- */

static uint64_t rng_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Play up to `plies` random moves; returns the plies played. */
static int random_game(bg_game *g, uint64_t seed, int plies)
{
	size_t cap = bg_max_moves(g), n;
	bg_move *moves = malloc(cap * sizeof(*moves));
	int k = 0, status;

	ck_assert_ptr_nonnull(moves);
	for (; k < plies; k++) {
		bg_outcome(g, &status, NULL, NULL);
		if (status != BG_ONGOING)
			break;
		ck_assert_int_eq(bg_legal_moves(g, moves, cap, &n), BG_OK);
		ck_assert(n > 0);
		play_ok(g, &moves[rng_next(&seed) % n]);
	}
	free(moves);
	return k;
}

static char *sgf_of(const bg_game *g)
{
	size_t len = 0;
	char *buf;

	ck_assert_int_eq(bg_tochki_sgf(g, NULL, 0, &len), BG_OK);
	buf = malloc(len + 1);
	ck_assert_int_eq(bg_tochki_sgf(g, buf, len + 1, &len), BG_OK);
	ck_assert_int_eq(strlen(buf), len);
	return buf;
}

static void same_position(const bg_game *a, const bg_game *b)
{
	static char ta[BUF], tb[BUF];

	bg_position_text(a, ta, BUF, NULL);
	bg_position_text(b, tb, BUF, NULL);
	ck_assert_str_eq(ta, tb);
	ck_assert(bg_hash(a) == bg_hash(b));
}

static void same_game(const bg_game *a, const bg_game *b)
{
	same_position(a, b);
	ck_assert_int_eq(bg_history_length(a), bg_history_length(b));
}

START_TEST(test_sgf_round_trip)
{
	static const char *const specs[] = {
		"tochki:size=12x10", "tochki:size=9", "tochki:size=10,extra_move",
		"tochki:size=8x7,start=empty,allow_pass,ground_any_time",
		"tochki:size=10,territory",
	};

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		for (uint64_t seed = 1; seed <= 4; seed++) {
			bg_game *g = new_game(specs[i]), *back = NULL;
			char *sgf;
			int rc;

			random_game(g, seed * 7919, 200);
			sgf = sgf_of(g);
			rc = bg_tochki_from_sgf(&back, sgf, specs[i]);
			ck_assert_msg(rc == BG_OK, "%s: %s\n%s", specs[i],
				      bg_last_error(), sgf);
			same_game(g, back);
			free(sgf);
			bg_game_free(back);
			bg_game_free(g);
		}
}
END_TEST

START_TEST(test_sgf_read)
{
	bg_game *g = NULL, *r = NULL;
	size_t len;
	int color;

	/* zagram style: chain from anywhere, closed with its first point. */
	ck_assert_int_eq(bg_tochki_from_sgf(&g,
		"(;GM[40]FF[4]SZ[3];B[ba];W[bb];B[cb];W[aa];B[bc];W[ca]"
		";B[ab.bacbbcabba])", "tochki:start=empty"), BG_OK);
	expect_scores(g, 1, 0);
	bg_game_free(g);
	/* W first: W is seat 0; set-up replaces the start; a setup that is
	 * not a start position becomes the record's Position. */
	ck_assert_int_eq(bg_tochki_from_sgf(&g,
		"(;GM[40]FF[4]SZ[5:4]AB[bb][cc]AW[cb];W[dd];B[aa])", NULL),
		BG_OK);
	ck_assert_int_eq(bg_point_count(g), 20);
	state_at(g, 3, 3, &color, NULL);
	ck_assert_int_eq(color, 0);
	state_at(g, 1, 1, &color, NULL);
	ck_assert_int_eq(color, 1);
	ck_assert_int_eq(bg_record_text(g, text, BUF, &len), BG_OK);
	ck_assert_ptr_nonnull(strstr(text, "[Position \""));
	ck_assert_int_eq(bg_game_from_record(&r, text), BG_OK);
	same_game(g, r);
	bg_game_free(r);
	/* ... and back to SGF and in again. */
	{
		char *sgf = sgf_of(g);

		ck_assert_int_eq(bg_tochki_from_sgf(&r, sgf, NULL), BG_OK);
		same_game(g, r);
		free(sgf);
	}
	bg_game_free(r);
	bg_game_free(g);
	/* Variations: the first is followed. */
	ck_assert_int_eq(bg_tochki_from_sgf(&g,
		"(;GM[40]SZ[4](;B[aa];W[bb])(;B[cc]))", "tochki:start=empty"),
		BG_OK);
	ck_assert_int_eq(bg_history_length(g), 2);
	bg_game_free(g);
	/* Same colour twice: a pass is put in where passes are allowed. */
	ck_assert_int_eq(bg_tochki_from_sgf(&g,
		"(;GM[40]SZ[4];B[aa];B[bb])", "tochki:start=empty,allow_pass"),
		BG_OK);
	ck_assert_int_eq(bg_history_length(g), 3);
	bg_game_free(g);
}
END_TEST

START_TEST(test_sgf_bad)
{
	static const char *const bad[] = {
		"", "GM[40]", "(;GM[1]SZ[5])", "(;SZ[5];B[aa])", "(;GM[40]SZ[0])",
		"(;GM[40]SZ[53])", "(;GM[40]SZ[5:x])", "(;GM[40]SZ[5];B[fa])",
		"(;GM[40]SZ[5];B[a])", "(;GM[40]SZ[5];B[a1])", "(;GM[40]SZ[5];B[aa",
		"(;GM[40]SZ[5];B[aa];W[aa])",
		"(;GM[40]SZ[5];B[aa];W[bb];AB[cc])", "(;GM[40]SZ[5];B[aa]",
		/* A colour playing twice running and chains that differ
		 * from the rings drawn are read, with warnings: tests/test_sgf.c. */
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		bg_game *g = NULL;
		int rc = bg_tochki_from_sgf(&g, bad[i], "tochki:start=empty");

		ck_assert_msg(rc == BG_EFORMAT, "%s: %d %s", bad[i], rc,
			      bg_last_error());
		ck_assert_ptr_null(g);
		ck_assert(bg_last_error()[0] != '\0');
	}
	{
		bg_game *g = NULL;

		ck_assert_int_eq(bg_tochki_from_sgf(&g, "(;GM[40])", "kutochki"),
				 BG_EWRONGGAME);
		ck_assert_int_eq(bg_tochki_from_sgf(&g, "(;GM[40])", "tochki:x=1"),
				 BG_EOPTION);
		ck_assert_ptr_null(g);
	}
}
END_TEST

/* ---- Random full games --------------------------------------------------- */

/* The scores are the captured points on the field. */
static void check_scores_by_count(const bg_game *g)
{
	double s[2];
	int count[2] = { 0, 0 };

	for (size_t p = 0; p < bg_point_count(g); p++) {
		int st, color, owner;

		bg_tochki_point(g, (int)p, &st, &color, &owner);
		if (st == BG_TOCHKI_POINT && color != owner)
			count[owner]++;
	}
	bg_score(g, 0, &s[0]);
	bg_score(g, 1, &s[1]);
	ck_assert(s[0] == count[0] && s[1] == count[1]);
}

static void full_games(const char *spec, int games)
{
	for (int k = 0; k < games; k++) {
		bg_game *g = new_game(spec), *p = NULL;
		char *start = malloc(BUF), *now = malloc(BUF);
		int plies, status;

		bg_position_text(g, start, BUF, NULL);
		plies = random_game(g, 0x9E3779B97F4A7C15ull * (uint64_t)(k + 1),
				    100000);
		bg_outcome(g, &status, NULL, NULL);
		ck_assert_int_ne(status, BG_ONGOING);
		ck_assert(plies > 0);
		check_scores_by_count(g);
		/* The final position reads back the same. */
		bg_position_text(g, now, BUF, NULL);
		ck_assert_int_eq(bg_game_from_position(&p, now), BG_OK);
		same_position(g, p);
		/* Undo goes back to the start exactly. */
		while (bg_undo(g) == BG_OK)
			;
		bg_position_text(g, now, BUF, NULL);
		ck_assert_str_eq(start, now);
		ck_assert_int_eq(bg_tochki_ring_count(g), 0);
		bg_game_free(p);
		bg_game_free(g);
		free(start);
		free(now);
	}
}

/* bg_random_move (the game's own draw, no list): every draw is a legal
 * move, and each legal move comes about equally often. Returns how often
 * `kind` was drawn in `draws` tries. */
static int random_draws(const bg_game *g, int draws, int kind)
{
	size_t n, cap = bg_max_moves(g);
	bg_move *list = malloc(cap * sizeof(*list));
	int *hits = calloc(cap, sizeof(*hits)), count = 0;
	uint64_t rng = 12345;

	ck_assert_int_eq(bg_legal_moves(g, list, cap, &n), BG_OK);
	for (int d = 0; d < draws; d++) {
		bg_move m;
		size_t i;

		ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
		for (i = 0; i < n && memcmp(&list[i], &m, sizeof(m)); i++)
			;
		ck_assert_msg(i < n, "drawn move %d is not legal", m.kind);
		hits[i]++;
		count += m.kind == kind;
	}
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(hits[i] > draws / (int)n / 2 &&
			      hits[i] < draws / (int)n * 2,
			      "move %zu of %zu drawn %d times in %d", i, n,
			      hits[i], draws);
	free(hits);
	free(list);
	return count;
}

START_TEST(test_random_move)
{
	/* F leads and may ground: ground is one of the legal moves. */
	bg_game *g = setup("6x5", "",
			   "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 S2,2 F1,2");

	give_turn(&g, 0);
	ck_assert(has_move(g, BG_MOVE_GROUND, 0));
	ck_assert_int_gt(random_draws(g, 20000, BG_MOVE_GROUND), 0);
	/* S trails: no ground. */
	give_turn(&g, 1);
	ck_assert_int_eq(random_draws(g, 20000, BG_MOVE_GROUND), 0);
	bg_game_free(g);
	/* F leads but a loose point keeps it from grounding. */
	g = setup("6x6", "", "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 S2,2 F1,2 F4,4");
	give_turn(&g, 0);
	ck_assert(!has_move(g, BG_MOVE_GROUND, 0));
	ck_assert_int_eq(random_draws(g, 20000, BG_MOVE_GROUND), 0);
	bg_game_free(g);
	/* Passes, and a crowded field (drawn by rank among the empties). */
	g = setup("6x5", "allow_pass",
		  "F2,1 F3,1 F4,2 F5,2 F2,3 F3,3 S2,2 F1,2");
	give_turn(&g, 0);
	ck_assert_int_gt(random_draws(g, 20000, BG_MOVE_PASS), 0);
	bg_game_free(g);
	g = setup("5x5", "",
		  "F0,0 S1,0 F2,0 S3,0 F4,0 S0,1 F1,1 S2,1 F3,1 S4,1 "
		  "F0,2 S1,2 F2,2 S3,2 F4,2 S0,3 F1,3 S2,3 F3,3 S4,3 F0,4");
	give_turn(&g, 1);
	random_draws(g, 4000, -1);
	bg_game_free(g);
	/* The same with passes: the pass drawn by its rank after the
	 * empties. */
	g = setup("5x5", "allow_pass",
		  "F0,0 S1,0 F2,0 S3,0 F4,0 S0,1 F1,1 S2,1 F3,1 S4,1 "
		  "F0,2 S1,2 F2,2 S3,2 F4,2 S0,3 F1,3 S2,3 F3,3 S4,3 F0,4");
	give_turn(&g, 1);
	ck_assert_int_gt(random_draws(g, 4000, BG_MOVE_PASS), 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_random_full_games)
{
	full_games("tochki", 4);
	full_games("tochki:start=cross4,extra_move", 2);
	full_games("tochki:size=52x52,start=empty", 1);
	full_games("tochki:size=3", 20);
	full_games("tochki:size=6x4,capture_empty_bases", 20);
	full_games("tochki:size=8,free_enclosure,ground_any_time", 20);
	full_games("tochki:size=8,territory,allow_pass", 10);
	full_games("tochki:shortest_chain", 2);
	full_games("tochki:size=10,shortest_chain,capture_empty_bases", 20);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("tochki");
	TCase *tc = tcase_create("rules");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_size_spelling);
	tcase_add_test(tc, test_simple);
	tcase_add_test(tc, test_empty_house);
	tcase_add_test(tc, test_move_priority);
	tcase_add_test(tc, test_move_priority_big);
	tcase_add_test(tc, test_onion);
	tcase_add_test(tc, test_deep_onion);
	tcase_add_test(tc, test_double);
	tcase_add_test(tc, test_double_empty_part);
	tcase_add_test(tc, test_no_empty_inside);
	tcase_add_test(tc, test_hole);
	tcase_add_test(tc, test_hole_after_control);
	tcase_add_test(tc, test_inner_house_intrusion);
	tcase_add_test(tc, test_not_expand);
	tcase_add_test(tc, test_two_common);
	tcase_add_test(tc, test_three_common);
	tcase_add_test(tc, test_ambiguous);
	tcase_add_test(tc, test_enemy_house_in_captured_area);
	tcase_add_test(tc, test_stale_pool_intrusion);
	tcase_add_test(tc, test_undo_capture);
	tcase_add_test(tc, test_grounded_points);
	tcase_add_test(tc, test_grounded_capture);
	tcase_add_test(tc, test_grounded_house);
	tcase_add_test(tc, test_ground_leader_only);
	tcase_add_test(tc, test_ground_house_point);
	tcase_add_test(tc, test_ground_any_time);
	tcase_add_test(tc, test_no_points);
	tcase_add_test(tc, test_win_margin);
	tcase_add_test(tc, test_passes);
	tcase_add_test(tc, test_extra_move);
	tcase_add_test(tc, test_territory);
	tcase_add_test(tc, test_capture_empty_bases);
	tcase_add_test(tc, test_shortest_chain);
	tcase_add_test(tc, test_free_enclosure);
	tcase_add_test(tc, test_start_positions);
	tcase_add_test(tc, test_bad_specs);
	tcase_add_test(tc, test_perft);
	tcase_add_test(tc, test_bad_moves);
	tcase_add_test(tc, test_position_text);
	tcase_add_test(tc, test_wrong_game);
	tcase_add_test(tc, test_sgf_round_trip);
	tcase_add_test(tc, test_sgf_read);
	tcase_add_test(tc, test_sgf_bad);
	tcase_add_test(tc, test_random_move);
	tcase_add_test(tc, test_random_full_games);
	tcase_add_test(tc, test_ring_query_args);
	tcase_add_test(tc, test_ring_text_errors);
	tcase_add_test(tc, test_board_text_rings);
	tcase_add_test(tc, test_board_text_long_ring);
	tcase_add_test(tc, test_board_text_crossing_kept);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
