/*
 * The learning API (boardgames/learn.h) beyond what the conformance suite
 * checks of actions: observations, batches and symmetries, on random games
 * of every option set.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>
#include <boardgames/learn.h>
#include "testutil.h"

#define PLIES 120     /* per random game */
#define GAMES 6       /* per spec, for observations */
#define SEEN_CAP 4096 /* positions remembered per spec */

static uint64_t fnv(const void *p, size_t n, uint64_t h)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 0x100000001b3ull;
	return h;
}

/* The same over actions, each as its four bytes least significant first
 * whatever the processor's byte order: a digest kept in a test must be
 * the same on every platform. */
static uint64_t fnv_actions(const uint32_t *acts, size_t n, uint64_t h)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char b[4];

		for (int k = 0; k < 4; k++)
			b[k] = (unsigned char)(acts[i] >> 8 * k);
		h = fnv(b, sizeof(b), h);
	}
	return h;
}

static size_t obs_size(const bg_game *g)
{
	int planes, h, w;

	ck_assert_int_eq(bg_observation_shape(g, &planes, &h, &w), BG_OK);
	return (size_t)planes * (size_t)h * (size_t)w;
}

/* What the rules let happen in a position: its legal actions and its
 * outcome. */
static uint64_t future_of(const bg_game *g, uint32_t *acts, size_t cap)
{
	int status, winner;
	size_t n;

	ck_assert_int_eq(bg_legal_actions(g, acts, cap, &n), BG_OK);
	ck_assert_int_eq(bg_outcome(g, &status, &winner, NULL), BG_OK);
	return fnv(acts, n * sizeof(*acts),
		   fnv(&status, sizeof(status),
		       fnv(&winner, sizeof(winner), 0xcbf29ce484222325ull)));
}

/* The positions seen, by observation digest: open addressing. */
typedef struct seen {
	uint64_t obs[SEEN_CAP], future[SEEN_CAP];
	char text[SEEN_CAP][160];
	size_t n;
} seen;

/* The slot of observation o: its own, or the empty one where it goes. */
static size_t slot_of(const seen *s, uint64_t o)
{
	size_t i = o & (SEEN_CAP - 1);

	while (s->text[i][0] && s->obs[i] != o)
		i = (i + 1) & (SEEN_CAP - 1);
	return i;
}

/* The piece planes of buf, g's observation from seat, hold a 1 exactly
 * where bg_point_piece() says a piece of that seat and kind class stands
 * (planes 1-3 the observer's men, kings, other kinds; 4-6 the
 * opponent's). One assertion a position: Check records every one. */
static void expect_piece_planes(const bg_game *g, int seat, const float *buf,
				const char *spec)
{
	int w, h, bad = -1;
	size_t area;

	bg_board_size(g, &w, &h);
	area = (size_t)w * (size_t)h;
	for (size_t p = 0; p < bg_point_count(g) && bad < 0; p++) {
		int x, y, owner = -1, kind = BG_PIECE_NONE, want = -1;

		bg_point_coords(g, (int)p, &x, &y);
		bg_point_piece(g, (int)p, &owner, &kind);
		if (owner >= 0 && kind != BG_PIECE_NONE)
			want = (owner == seat ? 1 : 4) +
			       (kind == BG_PIECE_MAN ? 0 :
				kind == BG_PIECE_KING ? 1 : 2);
		for (int k = 1; k <= 6; k++)
			if (buf[(size_t)k * area + (size_t)y * (size_t)w +
				(size_t)x] != (k == want))
				bad = (int)p;
	}
	ck_assert_msg(bad < 0, "%s: the piece planes seen from %d disagree "
		      "with bg_point_piece at point %d of\n  %s", spec, seat,
		      bad, position(g));
}

/* Two positions with the same observation have the same legal actions and
 * outcome: the observation tells everything the rules look at. */
static void observations_of_spec(const char *spec, void *arg)
{
	static seen s;
	bg_game *g0;
	uint32_t *acts;
	float *buf;
	size_t size, cap;

	(void)arg;
	if (bg_game_new(&g0, spec) != BG_OK)
		return;
	size = obs_size(g0);
	cap = bg_max_moves(g0);
	buf = malloc(size * sizeof(float));
	acts = malloc(cap * sizeof(uint32_t));
	ck_assert(buf && acts);
	memset(&s, 0, sizeof(s));
	for (int k = 0; k < GAMES; k++) {
		uint64_t rng = fnv(spec, strlen(spec), 0) + (uint64_t)k;
		bg_game *g;

		ck_assert_int_eq(bg_game_clone(&g, g0), BG_OK);
		for (int ply = 0; ply <= PLIES; ply++) {
			int seat = bg_to_move(g), status;
			uint64_t o, f;
			size_t i;
			bg_move m;

			ck_assert_int_eq(bg_observe(g, !seat, buf, size), BG_OK);
			expect_piece_planes(g, !seat, buf, spec);
			ck_assert_int_eq(bg_observe(g, seat, buf, size), BG_OK);
			expect_piece_planes(g, seat, buf, spec);
			o = fnv(buf, size * sizeof(float), 0xcbf29ce484222325ull);
			f = future_of(g, acts, cap);
			i = slot_of(&s, o);
			ck_assert_msg(!s.text[i][0] || s.future[i] == f,
				      "%s: one observation for two positions "
				      "with different legal actions or "
				      "outcomes:\n  %s\n  %s", spec, s.text[i],
				      position(g));
			if (!s.text[i][0] && s.n < SEEN_CAP / 2) {
				s.obs[i] = o;
				s.future[i] = f;
				snprintf(s.text[i], sizeof(s.text[0]), "%s",
					 position(g));
				s.n++;
			}
			bg_outcome(g, &status, NULL, NULL);
			if (status != BG_ONGOING)
				break;
			ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
			ck_assert_int_eq(bg_play(g, &m), BG_OK);
			/* What a game keeps for its planes (bolotudu's threes
			 * through each cell) comes back with the move taken
			 * back. */
			ck_assert_int_eq(bg_undo(g), BG_OK);
			ck_assert_int_eq(bg_observe(g, seat, buf, size), BG_OK);
			ck_assert_msg(fnv(buf, size * sizeof(float),
					  0xcbf29ce484222325ull) == o,
				      "%s: another observation after a move "
				      "taken back:\n  %s", spec, position(g));
			ck_assert_int_eq(bg_play(g, &m), BG_OK);
		}
		bg_game_free(g);
	}
	free(buf);
	free(acts);
	bg_game_free(g0);
}

START_TEST(test_observations_tell_positions_apart)
{
	each_option_spec(observations_of_spec, NULL);
}
END_TEST

/* Plane 9 (repetitions) against a count of the game's own keys: the
 * positions of the plies since the last irreversible move (plane 10,
 * reversible plies) with the current key, up to 2. The repetition scan
 * follows chains of keys that share a bucket and stops on a filter of
 * the keys in them: long random games fill the buckets, and every ply is
 * also taken back and played again. With 4 games of 600 plies a spec, a
 * filter that forgot the older keys of a chain went unseen; with these,
 * alquerque found it at ply 129. */
#define REP_PLIES 1000 /* at most, per game */
#define REP_GAMES 20   /* per spec */

static void expect_repetitions(bg_game *g, const uint64_t *keys, int ply,
			       float *buf, size_t size, size_t at,
			       size_t area, const char *spec)
{
	int window, reps = 0;

	ck_assert_int_eq(bg_observe(g, 0, buf, size), BG_OK);
	window = (int)buf[10 * area + at];
	ck_assert_int_le(window, ply);
	for (int j = ply - window; j < ply; j++)
		reps += keys[j] == keys[ply];
	ck_assert_msg(buf[9 * area + at] == (float)(reps < 2 ? reps : 2),
		      "%s, ply %d: repetitions %g, %d earlier in the last "
		      "%d plies", spec, ply, buf[9 * area + at], reps, window);
}

static void repetitions_of_spec(const char *spec)
{
	bg_game *g = new_game(spec);
	size_t size = obs_size(g), area, at = 0;
	float *buf = malloc(size * sizeof(float));
	uint64_t *keys = malloc((REP_PLIES + 1) * sizeof(uint64_t));
	int planes, h, w;

	ck_assert(buf && keys);
	ck_assert_int_eq(bg_observation_shape(g, &planes, &h, &w), BG_OK);
	area = (size_t)h * (size_t)w;
	ck_assert_int_eq(bg_observe(g, 0, buf, size), BG_OK);
	while (buf[at] != 1)  /* a square that is a point (plane 0) */
		at++;
	for (int k = 0; k < REP_GAMES; k++) {
		uint64_t rng = fnv(spec, strlen(spec), 0) + (uint64_t)k;
		bg_game *c;

		ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
		keys[0] = bg_hash(c);
		for (int ply = 1; ply <= REP_PLIES; ply++) {
			int status;
			bg_move m;

			bg_outcome(c, &status, NULL, NULL);
			if (status != BG_ONGOING)
				break;
			ck_assert_int_eq(bg_random_move(c, &rng, &m), BG_OK);
			ck_assert_int_eq(bg_play(c, &m), BG_OK);
			keys[ply] = bg_hash(c);
			expect_repetitions(c, keys, ply, buf, size, at, area,
					   spec);
			ck_assert_int_eq(bg_undo(c), BG_OK);
			expect_repetitions(c, keys, ply - 1, buf, size, at,
					   area, spec);
			ck_assert_int_eq(bg_play(c, &m), BG_OK);
		}
		bg_game_free(c);
	}
	free(keys);
	free(buf);
	bg_game_free(g);
}

START_TEST(test_repetition_plane_counts_keys)
{
	for (size_t i = 0; i < bg_catalog_count(); i++)
		for (size_t k = 0; k < bg_catalog_option_count(i); k++) {
			const char *key, *name = bg_catalog_name(i);
			char spec[64];

			ck_assert_int_eq(bg_catalog_option(i, k, &key, NULL,
							   NULL, NULL, NULL),
					 BG_OK);
			if (strcmp(key, "repetition") != 0)
				continue;
			repetitions_of_spec(name);
			snprintf(spec, sizeof(spec), "%s:repetition=2", name);
			repetitions_of_spec(spec);
		}
}
END_TEST

START_TEST(test_observation_planes)
{
	bg_game *g = new_game("mill");
	int planes, h, w, seat, kind;
	float *buf;
	size_t size = obs_size(g);

	ck_assert_int_eq(bg_observation_shape(g, &planes, &h, &w), BG_OK);
	ck_assert_int_eq(h, 7);
	ck_assert_int_eq(w, 7);
	ck_assert_str_eq(bg_observation_plane_name(g, 0), "board");
	ck_assert_str_eq(bg_observation_plane_name(g, 11), "own in hand");
	ck_assert_ptr_nonnull(bg_observation_plane_name(g, planes - 1));
	ck_assert_ptr_null(bg_observation_plane_name(g, planes));
	ck_assert_ptr_null(bg_observation_plane_name(g, -1));
	play(g, "d2");
	buf = malloc(size * sizeof(float));
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(bg_observe(g, 0, buf, size - 1), BG_EBUFSIZE);
	ck_assert_int_eq(bg_observe(g, 2, buf, size), BG_EINVAL);
	/* Seat 0 placed on d2: its own man there, Black's opponent man. */
	bg_point_piece(g, point(g, "d2"), &seat, &kind);
	ck_assert_int_eq(seat, 0);
	ck_assert_int_eq(bg_observe(g, 0, buf, size), BG_OK);
	ck_assert(buf[1 * 49 + 1 * 7 + 3] == 1);  /* own men, d2 */
	ck_assert(buf[7 * 49] == 0);              /* seat 0 is not to move */
	ck_assert(buf[8 * 49] == 1);              /* ply 1 */
	ck_assert(buf[11 * 49] == 8);             /* own in hand */
	ck_assert(buf[12 * 49] == 9);             /* opponent in hand */
	ck_assert(buf[12 * 49 + 48] == 9);        /* and on g7 */
	ck_assert(buf[0 * 49 + 1] == 0);          /* b1 is not a point */
	ck_assert(buf[11 * 49 + 1] == 0);         /* nor in a counter */
	ck_assert(buf[13 * 49 + 1] == 0);
	ck_assert_int_eq(bg_observe(g, 1, buf, size), BG_OK);
	ck_assert(buf[4 * 49 + 1 * 7 + 3] == 1);  /* opponent men, d2 */
	ck_assert(buf[7 * 49] == 1);
	free(buf);
	bg_game_free(g);
}
END_TEST

START_TEST(test_actions_named)
{
	bg_game *g = new_game("kutochki");
	uint32_t n = (uint32_t)bg_point_count(g), a;
	bg_move m;

	/* Placements, from-to pairs, pass: 64 + 64 * 64 + 1. */
	ck_assert_uint_eq(bg_action_count(g), n + n * n + 1);
	ck_assert_int_eq(bg_move_from_text(g, "e1-d1", &m), BG_OK);
	ck_assert_int_eq(bg_move_to_action(g, &m, &a), BG_OK);
	ck_assert_uint_eq(a, n + (uint32_t)point(g, "e1") * n +
			  (uint32_t)point(g, "d1"));
	ck_assert_int_eq(bg_play_action(g, a), BG_OK);
	ck_assert_int_eq(seat_at(g, "d1"), 0);
	ck_assert_int_eq(bg_play_action(g, a), BG_EILLEGAL);
	ck_assert_int_eq(bg_play_action(g, bg_action_count(g)), BG_EINVAL);
	bg_game_free(g);

	g = new_game("tochki:size=10x10");
	/* Placements, pass, ground. */
	ck_assert_uint_eq(bg_action_count(g), 2 * 100 + 2);
	bg_game_free(g);
}
END_TEST

/* One position of test_actions_any_room: the actions are the same in a
 * list of max_moves, in one of exactly their number and by a size query;
 * one too few is BG_EBUFSIZE with the count. A move bg_legal_moves
 * listed, whose keys later calls wrote over in the handle's scratch
 * list, still plays, as its action does. */
static void actions_any_room(bg_game *g, uint32_t *full, bg_move *moves,
			     uint8_t *mask, uint64_t *rng)
{
	size_t cap = bg_max_moves(g), n, k, nm, j;
	uint32_t *exact, a;
	bg_move m;
	bg_game *c;

	ck_assert_int_eq(bg_legal_actions(g, full, cap, &n), BG_OK);
	ck_assert_int_eq(bg_legal_actions(g, NULL, 0, &k), BG_OK);
	ck_assert_uint_eq(k, n);
	exact = malloc((n ? n : 1) * sizeof(*exact));
	ck_assert_ptr_nonnull(exact);
	ck_assert_int_eq(bg_legal_actions(g, exact, n, &k), BG_OK);
	ck_assert_uint_eq(k, n);
	ck_assert_msg(!memcmp(exact, full, n * sizeof(*exact)), "%s: %zu "
		      "actions differ in a list of their number",
		      bg_game_spec(g), n);
	k = 0;
	ck_assert_int_eq(bg_legal_actions(g, exact, n - 1, &k), BG_EBUFSIZE);
	ck_assert_uint_eq(k, n);
	free(exact);
	ck_assert_int_eq(bg_random_move(g, rng, &m), BG_OK);
	ck_assert_int_eq(bg_legal_moves(g, moves, cap, &nm), BG_OK);
	ck_assert_uint_eq(nm, n);
	for (j = 0; !bg_move_equal(&moves[j], &m); j++)
		ck_assert_uint_lt(j + 1, nm);
	ck_assert_int_eq(bg_move_to_action(g, &moves[j], &a), BG_OK);
	ck_assert_int_eq(bg_action_mask(g, mask, bg_action_count(g)), BG_OK);
	ck_assert_int_eq(mask[a], 1);
	ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
	ck_assert_int_eq(bg_play_action(c, a), BG_OK);
	/* Played from its place in the list, as a caller plays it. */
	ck_assert_int_eq(bg_play(g, &moves[j]), BG_OK);
	ck_assert_uint_eq(bg_hash(c), bg_hash(g));
	bg_game_free(c);
}

/* Every game's calls on one game, whatever room the caller gives: both
 * the games whose own hooks make the actions (kept in the handle's
 * scratch list) and those that number their listed moves. */
START_TEST(test_actions_any_room)
{
	const char *spec = bg_catalog_name((size_t)_i);
	bg_game *g = new_game(spec);
	size_t cap = bg_max_moves(g);
	uint32_t *full = malloc(cap * sizeof(*full));
	bg_move *moves = malloc(cap * sizeof(*moves));
	uint8_t *mask = malloc(bg_action_count(g));
	uint64_t rng = 0x2545f4914f6cdd1dull;
	int status = BG_ONGOING;

	ck_assert(full && moves && mask);
	for (int ply = 0; ply < 40 && status == BG_ONGOING; ply++) {
		actions_any_room(g, full, moves, mask, &rng);
		ck_assert_int_eq(bg_outcome(g, &status, NULL, NULL), BG_OK);
	}
	free(full);
	free(moves);
	free(mask);
	bg_game_free(g);
}
END_TEST

/* The actions a game's hook made for one call serve the next in the same
 * position (bg_legal_actions, then bg_play_action): after a move, a move
 * taken back, a copy and a resignation and its undoing, each call gives
 * the actions of the position then, as a fresh handle there does. */
static void expect_fresh_actions(const bg_game *g, const char *when)
{
	char text[2048];
	uint32_t got[512], want[512];
	size_t n, k;
	bg_game *f;
	int status;

	ck_assert_int_eq(bg_legal_actions(g, got, 512, &n), BG_OK);
	ck_assert_int_eq(bg_outcome(g, &status, NULL, NULL), BG_OK);
	if (status != BG_ONGOING) {
		ck_assert_msg(n == 0, "%s: %zu actions after the end", when, n);
		return;
	}
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_game_from_position(&f, text), BG_OK);
	ck_assert_int_eq(bg_legal_actions(f, want, 512, &k), BG_OK);
	ck_assert_msg(n == k && !memcmp(got, want, n * sizeof(*got)),
		      "%s: %zu actions, %zu in a fresh handle", when, n, k);
	bg_game_free(f);
}

START_TEST(test_actions_kept_per_position)
{
	bg_game *g = new_game("kutochki"), *c = new_game("kutochki");
	uint32_t acts[512];
	size_t n;
	bg_move m;

	ck_assert_int_eq(bg_legal_actions(g, acts, 512, &n), BG_OK);
	ck_assert_int_eq(bg_play_action(g, acts[n / 2]), BG_OK);
	expect_fresh_actions(g, "after bg_play_action");
	ck_assert_int_eq(bg_move_from_text(g, "d8-d7", &m), BG_OK);
	ck_assert_int_eq(bg_play(g, &m), BG_OK);
	expect_fresh_actions(g, "after bg_play");
	ck_assert_int_eq(bg_undo(g), BG_OK);
	expect_fresh_actions(g, "after bg_undo");
	ck_assert_int_eq(bg_legal_actions(c, acts, 512, &n), BG_OK);
	ck_assert_int_eq(bg_game_copy(c, g), BG_OK);
	expect_fresh_actions(c, "after bg_game_copy");
	ck_assert_int_eq(bg_resign(g, 1), BG_OK);
	expect_fresh_actions(g, "after a resignation");
	ck_assert_int_eq(bg_play_action(g, acts[0]), BG_EGAMEOVER);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	expect_fresh_actions(g, "after the resignation taken back");
	bg_game_free(g);
	bg_game_free(c);
}
END_TEST

/* ---- symmetries --------------------------------------------------------- */

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* Symmetry s of g: the image has the images of the legal moves, the same
 * outcome and scores, the image observation and actions, and the inverse
 * brings it back. */
static void check_symmetry(const char *spec, bg_game *g, int s)
{
	size_t cap = bg_max_moves(g), size = obs_size(g), n, k;
	bg_move *a = malloc(cap * sizeof(bg_move));
	bg_move *b = malloc(cap * sizeof(bg_move));
	uint32_t *u = malloc(cap * sizeof(uint32_t));
	uint32_t *w = malloc(cap * sizeof(uint32_t));
	float *o = malloc(size * sizeof(float)), *p = malloc(size * sizeof(float));
	float *q = malloc(size * sizeof(float));
	int inv = bg_symmetry_inverse(g, s), st[2], wi[2];
	uint64_t c1, c2;
	bg_game *t, *back;
	double s1, s2;

	ck_assert(a && b && o && p && q && u && w);
	ck_assert_int_ge(inv, 0);
	ck_assert_msg(bg_symmetry_game(&t, g, s) == BG_OK, "%s: symmetry %d "
		      "(%d): %s\n  %s", spec, s, bg_symmetry_kind(g, s),
		      bg_last_error(), position(g));
	ck_assert_int_eq(bg_symmetry_game(&back, t, inv), BG_OK);
	ck_assert_msg(bg_hash(back) == bg_hash(g), "%s: symmetry %d and its "
		      "inverse %d are not the identity", spec, s, inv);
	bg_game_free(back);
	bg_outcome(g, &st[0], &wi[0], NULL);
	bg_outcome(t, &st[1], &wi[1], NULL);
	ck_assert_msg(st[0] == st[1] && wi[0] == wi[1], "%s: symmetry %d "
		      "changes the outcome", spec, s);
	for (int seat = 0; seat < 2; seat++)
		if (bg_score(g, seat, &s1) == BG_OK) {
			ck_assert_int_eq(bg_score(t, seat, &s2), BG_OK);
			ck_assert(s1 == s2);
		}
	/* The same number of legal moves, and the images of the legal
	 * actions are the legal actions of the image. (Moves are compared
	 * through actions: where several paths make one move, as Corners'
	 * jump chains, the image may list another path.) */
	ck_assert_int_eq(bg_legal_actions(g, u, cap, &k), BG_OK);
	ck_assert_int_eq(bg_legal_actions(t, w, cap, &n), BG_OK);
	ck_assert_msg(n == k, "%s: symmetry %d: %zu legal moves, %zu in the "
		      "image", spec, s, k, n);
	for (size_t i = 0; i < k; i++)
		ck_assert_int_eq(bg_symmetry_action(g, s, u[i], &u[i]), BG_OK);
	qsort(u, k, sizeof(*u), cmp_u32);
	ck_assert_msg(!memcmp(u, w, k * sizeof(*u)), "%s: symmetry %d: the "
		      "images of the legal actions are not those of the "
		      "image\n  %s", spec, s, position(g));
	/* Each image move runs between the images of its ends. */
	ck_assert_int_eq(bg_legal_moves(g, a, cap, &k), BG_OK);
	for (size_t i = 0; i < k; i++) {
		bg_move m;

		ck_assert_int_eq(bg_symmetry_move(g, s, &a[i], &m), BG_OK);
		if (m.npath == 0)
			continue;
		ck_assert_int_eq(bg_legal_moves_at(t, m.pts[0],
						   m.pts[m.npath - 1], b, cap,
						   &n), BG_OK);
		ck_assert_msg(n > 0, "%s: symmetry %d: no move between the "
			      "images of a move's ends", spec, s);
	}
	for (int seat = 0; seat < 2; seat++) {
		ck_assert_int_eq(bg_observe(g, seat, o, size), BG_OK);
		ck_assert_int_eq(bg_symmetry_observation(g, s, o, p), BG_OK);
		ck_assert_int_eq(bg_observe(t, seat, q, size), BG_OK);
		ck_assert_msg(!memcmp(p, q, size * sizeof(float)), "%s: symmetry "
			      "%d: the image observation differs", spec, s);
	}
	ck_assert_int_eq(bg_canonical_hash(g, &c1, NULL), BG_OK);
	ck_assert_int_eq(bg_canonical_hash(t, &c2, NULL), BG_OK);
	ck_assert_uint_eq(c1, c2);
	ck_assert_uint_le(c1, bg_hash(g));
	bg_game_free(t);
	free(a);
	free(b);
	free(u);
	free(w);
	free(o);
	free(p);
	free(q);
}

static void symmetries_of_spec(const char *spec, void *arg)
{
	uint64_t rng = fnv(spec, strlen(spec), 1);
	bg_game *g;
	int n, status;

	(void)arg;
	if (bg_game_new(&g, spec) != BG_OK)
		return;
	n = bg_symmetry_count(g);
	ck_assert_int_ge(n, 1);
	ck_assert_int_eq(bg_symmetry_kind(g, 0), BG_SYM_IDENTITY);
	for (int s = 0; s < n; s++)
		for (int p = 0; p < (int)bg_point_count(g); p++) {
			int q, r;

			ck_assert_int_eq(bg_symmetry_point(g, s, p, &q), BG_OK);
			ck_assert_int_eq(bg_symmetry_point(
				g, bg_symmetry_inverse(g, s), q, &r), BG_OK);
			ck_assert_int_eq(r, p);
		}
	for (int ply = 0; ply < 60; ply++) {
		bg_move m;

		if (ply % 12 == 0 || ply == 59)
			for (int s = 1; s < n; s++)
				check_symmetry(spec, g, s);
		bg_outcome(g, &status, NULL, NULL);
		if (status != BG_ONGOING) {
			for (int s = 1; s < n; s++)
				check_symmetry(spec, g, s);
			break;
		}
		ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
		ck_assert_int_eq(bg_play(g, &m), BG_OK);
	}
	bg_game_free(g);
}

START_TEST(test_symmetries_keep_the_rules)
{
	each_option_spec(symmetries_of_spec, NULL);
}
END_TEST

START_TEST(test_symmetries_named)
{
	static const struct {
		const char *spec;
		int count;
	} want[] = {
		{ "kutochki", 2 }, { "mill", 8 }, { "kvartet", 8 },
		{ "fox-geese", 2 }, { "turkish-draughts", 2 },
		{ "tochki:size=10x10,start=empty", 8 },
	};

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		bg_game *g = new_game(want[i].spec);

		ck_assert_msg(bg_symmetry_count(g) == want[i].count,
			      "%s: %d symmetries", want[i].spec,
			      bg_symmetry_count(g));
		bg_game_free(g);
	}
}
END_TEST

/* ---- batches ------------------------------------------------------------ */

typedef struct shadow {
	bg_batch *b;
	size_t n, na, no;
	bg_game **g;         /* the same games played one by one */
	float *obs, *want;
	uint8_t *mask, *wmask, *done;
	float *rewards;
	uint32_t *acts;
	bool masks;          /* the steps write masks (else only lists) */
	bool each_list;      /* each step's lists are compared */
	uint32_t *offsets, *lists; /* bg_batch_legal_actions' */
	bg_move *wmoves;
	size_t cap, wcap;
} shadow;

static void shadow_new(shadow *s, const char *spec, size_t n, int threads)
{
	memset(s, 0, sizeof(*s));
	ck_assert_int_eq(bg_batch_new(&s->b, spec, n, threads, 7), BG_OK);
	ck_assert_int_eq(bg_batch_info(s->b, &s->n, &s->na, &s->no), BG_OK);
	ck_assert_uint_eq(s->n, n);
	s->g = calloc(n, sizeof(*s->g));
	s->obs = malloc(n * s->no * sizeof(float));
	s->want = malloc(s->no * sizeof(float));
	s->mask = malloc(n * s->na);
	s->wmask = malloc(s->na);
	s->done = malloc(n);
	s->rewards = malloc(n * sizeof(float));
	s->acts = malloc(n * sizeof(uint32_t));
	s->masks = s->each_list = true;
	ck_assert(s->g && s->obs && s->want && s->mask && s->wmask &&
		  s->done && s->rewards && s->acts);
	for (size_t i = 0; i < n; i++)
		s->g[i] = new_game(spec);
	s->wcap = bg_max_moves(s->g[0]);
	s->cap = n * s->wcap;
	s->offsets = malloc((n + 1) * sizeof(uint32_t));
	s->lists = malloc(s->cap * sizeof(uint32_t));
	s->wmoves = malloc(s->wcap * sizeof(bg_move));
	ck_assert(s->offsets && s->lists && s->wmoves);
}

static void shadow_free(shadow *s)
{
	for (size_t i = 0; i < s->n; i++)
		bg_game_free(s->g[i]);
	bg_batch_free(s->b);
	free(s->g);
	free(s->obs);
	free(s->want);
	free(s->mask);
	free(s->wmask);
	free(s->done);
	free(s->rewards);
	free(s->acts);
	free(s->offsets);
	free(s->lists);
	free(s->wmoves);
}

/* The batch's lists of legal actions are those of the shadow games' legal
 * moves, in the order of their lists. */
static void shadow_compare_lists(shadow *s)
{
	size_t total, n;
	uint32_t a;

	ck_assert_int_eq(bg_batch_legal_actions(s->b, s->offsets, s->lists,
						s->cap, &total), BG_OK);
	ck_assert_uint_eq(s->offsets[0], 0);
	ck_assert_uint_eq(s->offsets[s->n], total);
	for (size_t i = 0; i < s->n; i++) {
		ck_assert_int_eq(bg_legal_moves(s->g[i], s->wmoves, s->wcap,
						&n), BG_OK);
		ck_assert_uint_eq(s->offsets[i + 1] - s->offsets[i], n);
		for (size_t k = 0; k < n; k++) {
			ck_assert_int_eq(bg_move_to_action(s->g[i],
							   &s->wmoves[k], &a),
					 BG_OK);
			ck_assert_msg(s->lists[s->offsets[i] + k] == a,
				      "game %zu: legal action %zu differs", i,
				      k);
		}
	}
}

/* The batch's observations, masks and lists are those of the shadow
 * games. */
static void shadow_compare(shadow *s)
{
	for (size_t i = 0; i < s->n; i++) {
		bg_game *g = s->g[i];

		ck_assert_int_eq(bg_observe(g, bg_to_move(g), s->want, s->no),
				 BG_OK);
		ck_assert_msg(!memcmp(s->want, s->obs + i * s->no,
				      s->no * sizeof(float)),
			      "game %zu: observation differs", i);
		ck_assert_uint_eq(bg_hash(bg_batch_game(s->b, i)), bg_hash(g));
		if (!s->masks)
			continue;
		ck_assert_int_eq(bg_action_mask(g, s->wmask, s->na), BG_OK);
		ck_assert_msg(!memcmp(s->wmask, s->mask + i * s->na, s->na),
			      "game %zu: mask differs", i);
	}
	if (s->each_list)
		shadow_compare_lists(s);
}

/* The batch's game i made the shadow's last move, the same chain where
 * several reach one square (unless it finished and restarted). */
static void shadow_same_move(shadow *s, size_t i)
{
	const bg_game *bg = bg_batch_game(s->b, i);
	uint32_t len = bg_history_length(s->g[i]);
	bg_move want, got;

	if (bg_history_length(bg) != len)
		return;
	ck_assert_int_eq(bg_history_move(s->g[i], len - 1, &want), BG_OK);
	ck_assert_int_eq(bg_history_move(bg, len - 1, &got), BG_OK);
	ck_assert_msg(bg_move_equal(&want, &got), "game %zu: move differs", i);
}

/* Step the batch and the shadow games together. */
static void shadow_step(shadow *s)
{
	ck_assert_int_eq(bg_batch_random_actions(s->b, s->acts), BG_OK);
	ck_assert_int_eq(bg_batch_step(s->b, s->acts, s->obs,
				       s->masks ? s->mask : NULL, s->rewards,
				       s->done), BG_OK);
	for (size_t i = 0; i < s->n; i++) {
		bg_game *g = s->g[i];
		int mover = bg_to_move(g), status, winner, reason;
		float reward = 0;

		ck_assert_int_eq(bg_play_action(g, s->acts[i]), BG_OK);
		shadow_same_move(s, i);
		bg_outcome(g, &status, &winner, &reason);
		if (status == BG_WIN)
			reward = winner == mover ? 1 : -1;
		ck_assert(s->rewards[i] == reward);
		ck_assert_uint_eq(s->done[i], status == BG_ONGOING ?
				  BG_STEP_GOING : reason == BG_REASON_MOVE_LIMIT ?
				  BG_STEP_TRUNCATED : BG_STEP_TERMINATED);
		if (status != BG_ONGOING) {
			bg_game_free(g);
			s->g[i] = new_game(bg_game_spec(bg_batch_game(s->b, i)));
		}
	}
	shadow_compare(s);
}

static const char *const batch_specs[] = {
	"kutochki", "kutochki:diagonal=1", "mill", "tochki:size=8x8",
	"wolf-sheep:max_plies=30", "seega", "alquerque",
	"turkish-draughts:max_plies=60", "bolotudu",
	/* Most of its games end by repetition, which a restarted game must
	 * count from its own start. */
	"kvartet:repetition=2", "tak-tikl", "hasami-shogi",
	/* The options of the games that make their batch's actions
	 * without the moves. */
	"kutochki:layout=square3,diagonal=1",
	"kutochki:layout=rect3x4,diagonal=1,rules=classic",
	"seega:centre_safe=1,free_pass=1,movement_first=seat1",
	"tak-tikl:setup=mirrored", "kvartet:no_moves=pass", "leopards-cows",
	"leopards-cows:board=33,forced_capture=1,no_moves=pass",
	"mill:protect_mills=1,flying=1", "mill:double_mill=1,flying=1",
	"bolotudu:pair_gap=0,reuse_threes=1",
	"bolotudu:pair_gap=1,capture_ends=0",
	/* Games whose batch makes the actions of quiet moves and lists the
	 * positions with captures. */
	"senegal", "senegal:chain=0",
	"turkish-draughts:promote_midcapture=1,king_draw=0",
	"alquerque:huff_all=1", "alquerque:opening=0,capture_forward_only=1",
	"fox-geese", "fox-geese:no_moves=pass,geese=17,fox_must_capture=1",
};

START_TEST(test_batch_follows_single_games)
{
	shadow s;

	shadow_new(&s, batch_specs[_i], 5, 1 + _i % 3);
	ck_assert_int_eq(bg_batch_reset(s.b, s.obs, s.mask), BG_OK);
	shadow_compare(&s);
	for (int k = 0; k < 150; k++)
		shadow_step(&s);
	shadow_free(&s);
}
END_TEST

/* Steps without masks, as a caller of games with large action counts
 * makes them, their legal actions listed instead: the lists follow the
 * single games' legal moves on one to three threads. */
START_TEST(test_batch_lists_without_masks)
{
	shadow s;

	shadow_new(&s, batch_specs[_i], 5, 1 + _i % 3);
	s.masks = false;
	ck_assert_int_eq(bg_batch_reset(s.b, s.obs, NULL), BG_OK);
	shadow_compare(&s);
	for (int k = 0; k < 60; k++)
		shadow_step(&s);
	shadow_free(&s);
}
END_TEST

/* bg_batch_legal_actions' room and arguments: a short array is refused
 * with the room it needs and nothing written, NULL with cap 0 asks only
 * for the total. */
START_TEST(test_batch_lists_room)
{
	uint32_t offsets[4], acts[64], before[64];
	size_t total = 0, again = 0;
	bg_batch *b;

	ck_assert_int_eq(bg_batch_new(&b, "mill", 3, 2, 5), BG_OK);
	ck_assert_int_eq(bg_batch_legal_actions(NULL, offsets, acts, 64,
						&total), BG_EINVAL);
	ck_assert_int_eq(bg_batch_legal_actions(b, NULL, acts, 64, &total),
			 BG_EINVAL);
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, NULL, 1, &total),
			 BG_EINVAL);
	memset(offsets, 0xab, sizeof(offsets));
	memset(acts, 0xab, sizeof(acts));
	memcpy(before, acts, sizeof(acts));
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, NULL, 0, &total),
			 BG_EBUFSIZE);
	/* Three games at Mill's start: 24 placements each. */
	ck_assert_uint_eq(total, 3 * 24);
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, acts, 64, &again),
			 BG_EBUFSIZE);
	ck_assert_uint_eq(again, total);
	ck_assert(!memcmp(acts, before, sizeof(acts)));
	for (int i = 0; i < 4; i++)
		ck_assert_uint_eq(offsets[i], 0xabababab);
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, acts, 48, NULL),
			 BG_EBUFSIZE);
	bg_batch_free(b);
	ck_assert_int_eq(bg_batch_new(&b, "wolf-sheep", 3, 1, 5), BG_OK);
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, acts, 64, &total),
			 BG_OK);
	/* The wolf moves first, from d8 to c7 or e7, in each game. */
	ck_assert_uint_eq(total, 3 * 2);
	for (int i = 0; i < 4; i++)
		ck_assert_uint_eq(offsets[i], 2 * i);
	for (int i = 1; i < 3; i++)
		ck_assert(!memcmp(acts, acts + offsets[i],
				  2 * sizeof(uint32_t)));
	bg_batch_free(b);
}
END_TEST

/* From 32 games on a batch writes a game's observation before marking
 * its mask where it marks byte by byte (a game whose actions are words,
 * Corners on CPUs with VBMI2, keeps the mask first): the steps are still
 * those of the single games, with removals (mill), listed captures
 * (alquerque), games that end and restart (wolf and sheep), and words,
 * on one and two threads. Mill's 64 masks are 27 MB, so its steps are
 * few. */
START_TEST(test_batch_64_follows_single_games)
{
	static const struct {
		const char *spec;
		int steps;
	} runs[] = {
		{ "mill:protect_mills=1", 6 },
		{ "alquerque", 40 },
		{ "wolf-sheep:max_plies=30", 40 },
		{ "kutochki", 40 },
	};
	shadow s;

	shadow_new(&s, runs[_i].spec, 64, 1 + _i % 2);
	s.each_list = false;
	ck_assert_int_eq(bg_batch_reset(s.b, s.obs, s.mask), BG_OK);
	shadow_compare(&s);
	for (int k = 0; k < runs[_i].steps; k++)
		shadow_step(&s);
	shadow_compare_lists(&s);
	shadow_free(&s);
}
END_TEST

/* A large batch of n Kvartet games on two threads stepped `steps` times
 * beside single games, its lists compared once, at the end: each step's
 * took most of the suite's time under valgrind, and the other batch tests
 * compare them. */
static void shadow_large(shadow *s, size_t n, int steps)
{
	shadow_new(s, "kvartet", n, 2);
	s->each_list = false;
	ck_assert_int_eq(bg_batch_reset(s->b, s->obs, s->mask), BG_OK);
	for (int k = 0; k < steps; k++)
		shadow_step(s);
	shadow_compare_lists(s);
}

/* From 256 games on a batch makes its games' handles, states and first
 * histories in large blocks of its own, and a history that outgrows its
 * first 256 plies moves out of them: Kvartet's games run longer than that,
 * on two threads, and every step is still that of the single games. */
START_TEST(test_batch_large_follows_single_games)
{
	shadow s;
	uint32_t longest = 0;

	shadow_large(&s, 256, 300);
	/* Each game taken back to its start, a copy of the batch's beside
	 * the single game: the history's records, keys and undo data (the
	 * observation counts repetitions). */
	for (size_t i = 0; i < s.n; i++) {
		bg_game *c;

		ck_assert_int_eq(bg_game_clone(&c, bg_batch_game(s.b, i)), BG_OK);
		if (bg_history_length(c) > longest)
			longest = bg_history_length(c);
		while (bg_history_length(s.g[i]) > 0) {
			ck_assert_int_eq(bg_undo(c), BG_OK);
			ck_assert_int_eq(bg_undo(s.g[i]), BG_OK);
			ck_assert_uint_eq(bg_hash(c), bg_hash(s.g[i]));
			ck_assert_int_eq(bg_observe(c, 0, s.obs, s.no), BG_OK);
			ck_assert_int_eq(bg_observe(s.g[i], 0, s.want, s.no),
					 BG_OK);
			ck_assert(!memcmp(s.obs, s.want, s.no * sizeof(float)));
		}
		ck_assert_uint_eq(bg_history_length(c), 0);
		bg_game_free(c);
	}
	ck_assert_uint_gt(longest, 256);
	shadow_free(&s);
}
END_TEST

/* From 256 games a thread on, a step reads the handles of the games ahead
 * of it to ask for their lines, but only of the games its thread has
 * taken: another thread may be stepping the others (ThreadSanitizer, which
 * runs this suite, reports a read past them). 512 games on two threads
 * follow the single games step by step. */
START_TEST(test_batch_ahead_follows_single_games)
{
	shadow s;

	shadow_large(&s, 512, 30);
	shadow_free(&s);
}
END_TEST

/* From 256 games a thread on, a step plays each game's move, then ends
 * the step of the game before it, which reads the repetition bucket of its
 * new key asked for in between, then, in games of 2,048 actions or more
 * (Senegal's 3,721), marks the mask of the game before that. Games that
 * end, by a repetition or a win, still follow the single games step by
 * step, their masks, rewards and done flags too, and restart on their
 * own. */
START_TEST(test_batch_overlapped_follows_single_games)
{
	static const char *const specs[] = {
		"kvartet:repetition=2", "tak-tikl", "senegal",
	};
	shadow s;
	size_t ended = 0;

	shadow_new(&s, specs[_i], 256, 1);
	s.each_list = false;
	ck_assert_int_eq(bg_batch_reset(s.b, s.obs, s.mask), BG_OK);
	for (int k = 0; k < 30; k++) {
		shadow_step(&s);
		for (size_t i = 0; i < s.n; i++)
			ended += s.done[i] != BG_STEP_GOING;
	}
	shadow_compare_lists(&s);
	ck_assert_uint_gt(ended, 0);
	shadow_free(&s);
}
END_TEST

/* A step clears only what the last step set, and only in the buffer that
 * step wrote: masks into two buffers in turn, with steps without a mask
 * between, leave each buffer the mask of its game when it is written. One
 * layout with one rank (each action one move), one with ranks, and
 * Corners, whose masks are set and cleared a piece's actions at a time
 * where the CPU has AVX-512BW. */
START_TEST(test_batch_mask_buffers_in_turn)
{
	static const char *const specs[] = { "wolf-sheep:max_plies=30",
					      "turkish-draughts:max_plies=60",
					      "kutochki:diagonal=1" };
	shadow s;
	uint8_t *other;

	shadow_new(&s, specs[_i], 6, 2);
	other = malloc(s.n * s.na);
	ck_assert_ptr_nonnull(other);
	memset(other, 0xff, s.n * s.na);
	ck_assert_int_eq(bg_batch_reset(s.b, NULL, s.mask), BG_OK);
	for (int k = 0; k < 90; k++) {
		/* A, none, A, B, A, A, none, ...: each change of buffer. */
		static const int turn[5] = { 0, -1, 0, 1, 0 };
		uint8_t *m = turn[k % 5] < 0 ? NULL : turn[k % 5] ? other :
			     s.mask;

		ck_assert_int_eq(bg_batch_random_actions(s.b, s.acts), BG_OK);
		ck_assert_int_eq(bg_batch_step(s.b, s.acts, NULL, m, NULL,
					       NULL), BG_OK);
		for (size_t i = 0; i < s.n; i++) {
			int status;

			ck_assert_int_eq(bg_play_action(s.g[i], s.acts[i]),
					 BG_OK);
			bg_outcome(s.g[i], &status, NULL, NULL);
			if (status != BG_ONGOING) {
				bg_game_free(s.g[i]);
				s.g[i] = new_game(specs[_i]);
			}
			if (!m)
				continue;
			ck_assert_int_eq(bg_action_mask(s.g[i], s.wmask, s.na),
					 BG_OK);
			ck_assert_msg(!memcmp(s.wmask, m + i * s.na, s.na),
				      "step %d, game %zu: mask differs", k, i);
		}
	}
	free(other);
	shadow_free(&s);
}
END_TEST

/* Moves with the same fields of an action (kind, first and last point,
 * first point removed): their actions differ only by rank. */
static bool same_fields(const bg_move *a, const bg_move *b)
{
	return a->kind == b->kind && a->npath && b->npath &&
	       a->pts[0] == b->pts[0] &&
	       a->pts[a->npath - 1] == b->pts[b->npath - 1] &&
	       !a->nremove == !b->nremove &&
	       (!a->nremove || a->pts[a->npath] == b->pts[b->npath]);
}

/* Two of the n moves have the same fields. */
static bool shares_a_key(const bg_move *m, size_t n)
{
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++)
			if (same_fields(&m[i], &m[j]))
				return true;
	return false;
}

/* A batch started from g's position has g's mask, and each legal action
 * of g, stepped there, makes the move bg_play_action() makes. */
static void batch_plays_each_action(const bg_game *g)
{
	char text[2048];
	uint32_t acts[512];
	size_t n, na = bg_action_count(g);
	uint8_t *want = malloc(na), *got = malloc(na);
	bg_batch *b;

	ck_assert(want && got);
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_legal_actions(g, acts, 512, &n), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, bg_game_spec(g), 1, 1, 0), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, got), BG_OK);
	ck_assert_int_eq(bg_action_mask(g, want, na), BG_OK);
	ck_assert_msg(!memcmp(want, got, na), "%s: mask differs",
		      bg_game_spec(g));
	free(want);
	free(got);
	for (size_t k = 0; k < n; k++) {
		bg_game *c;
		int status;

		ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
		ck_assert_int_eq(bg_play_action(c, acts[k]), BG_OK);
		ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_OK);
		ck_assert_int_eq(bg_batch_step(b, &acts[k], NULL, NULL, NULL,
					       NULL), BG_OK);
		/* A game the move ends restarts from the position. */
		if (bg_outcome(c, &status, NULL, NULL) == BG_OK &&
		    status == BG_ONGOING) {
			/* The batch's game starts at g's position. */
			const bg_game *bg = bg_batch_game(b, 0);
			bg_move want_move, got_move;

			ck_assert_msg(bg_hash(bg) == bg_hash(c),
				      "%s: action %u", bg_game_spec(g),
				      acts[k]);
			ck_assert_int_eq(bg_history_move(c,
					 bg_history_length(c) - 1,
					 &want_move), BG_OK);
			ck_assert_int_eq(bg_history_move(bg,
					 bg_history_length(bg) - 1,
					 &got_move), BG_OK);
			ck_assert(bg_move_equal(&want_move, &got_move));
		} else
			ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)),
					  bg_hash(g));
		bg_game_free(c);
	}
	bg_batch_free(b);
}

/* Where moves share the fields of an action, which has which rank is the
 * batch's as the single game's (the batch works the ranks out by itself).
 * Random games until a few such positions are met. */
START_TEST(test_batch_ranked_actions)
{
	static const char *const specs[] = {
		"alquerque", "turkish-draughts", "bolotudu", "mill",
		"fox-geese", "mill:protect_mills=1,flying=1",
		"bolotudu:pair_gap=0,reuse_threes=1",
	};
	bg_move moves[512];
	uint64_t rng = 17;
	int met = 0;
	bg_game *g = new_game(specs[_i]);

	for (int ply = 0; ply < 20000 && met < 4; ply++) {
		size_t n;
		int status;

		bg_outcome(g, &status, NULL, NULL);
		if (status != BG_ONGOING) {
			bg_game_free(g);
			g = new_game(specs[_i]);
		}
		ck_assert_int_eq(bg_legal_moves(g, moves, 512, &n), BG_OK);
		if (shares_a_key(moves, n)) {
			batch_plays_each_action(g);
			met++;
		}
		ck_assert_int_eq(bg_random_move(g, &rng, &moves[0]), BG_OK);
		ck_assert_int_eq(bg_play(g, &moves[0]), BG_OK);
	}
	ck_assert_msg(met > 0, "%s: no position with ranked actions",
		      specs[_i]);
	bg_game_free(g);
}
END_TEST

/* Moves a game makes from an action alone for its batch besides steps and
 * jumps: passes (a side with no move passes) and placements. Each
 * position's mask and moves in a batch are the single game's. */
static const char *const direct_positions[] = {
	/* White's a1 d1 g1 d2 walled in. */
	"mill:no_moves=pass b.b/.../.../b....b/bbb/bwb/www w 0 0 0 0",
	/* No goose can go forward or sideways. */
	"fox-geese:no_moves=pass ggg/ggg/ggfgggg/......./......./.../... g 0",
	/* White's a1 b1 a2 shut in by Black's c1 b2 a3. */
	"bolotudu ....../....../c...../Cb..../ABa... w 0 0 0 - 50",
};

START_TEST(test_batch_direct_passes)
{
	bg_move moves[4];
	size_t n;
	bg_game *g;

	ck_assert_int_eq(bg_game_from_position(&g, direct_positions[_i]),
			 BG_OK);
	ck_assert_int_eq(bg_legal_moves(g, moves, 4, &n), BG_OK);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(moves[0].kind, BG_MOVE_PASS);
	batch_plays_each_action(g);
	bg_game_free(g);
}
END_TEST

/* The fox is placed first; Mill and Bolotudu begin with placements. */
START_TEST(test_batch_direct_placements)
{
	static const char *const specs[] = { "fox-geese", "mill", "bolotudu" };
	bg_game *g = new_game(specs[_i]);

	batch_plays_each_action(g);
	bg_game_free(g);
}
END_TEST

/* Every action off g's mask, stepped in a batch started from g's
 * position, is refused and moves nothing. */
static void batch_refuses_the_rest(const bg_game *g)
{
	char text[2048];
	size_t na = bg_action_count(g);
	uint8_t *mask = malloc(na);
	bg_batch *b;
	uint64_t h;

	ck_assert_ptr_nonnull(mask);
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, bg_game_spec(g), 1, 1, 0), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, mask), BG_OK);
	h = bg_hash(bg_batch_game(b, 0));
	for (uint32_t a = 0; a < na; a++) {
		if (mask[a])
			continue;
		ck_assert_int_eq(bg_batch_step(b, &a, NULL, NULL, NULL, NULL),
				 BG_EILLEGAL);
		ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), h);
	}
	bg_batch_free(b);
	free(mask);
}

/* Corners' batches check actions against the pieces' landings as words
 * where the CPU has AVX-512BW, and against the list elsewhere: in
 * positions of random games, each legal action makes the single game's
 * move, and every other action is refused. */
START_TEST(test_batch_checks_every_action)
{
	static const char *const specs[] = { "kutochki:diagonal=1",
					      "kutochki:layout=square3" };
	bg_game *g = new_game(specs[_i]);
	uint64_t rng = 5;
	int status = BG_ONGOING;

	for (int ply = 0; ply < 60 && status == BG_ONGOING; ply++) {
		bg_move m;

		if (ply % 20 == 10) {
			batch_plays_each_action(g);
			batch_refuses_the_rest(g);
		}
		ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
		ck_assert_int_eq(bg_play(g, &m), BG_OK);
		bg_outcome(g, &status, NULL, NULL);
	}
	bg_game_free(g);
}
END_TEST

START_TEST(test_batch_threads_agree)
{
	bg_batch *b[2];
	size_t n = 64, na, no;
	float *obs[2], *rew[2];
	uint8_t *mask[2], *done[2];
	uint32_t *acts;

	for (int t = 0; t < 2; t++) {
		ck_assert_int_eq(bg_batch_new(&b[t], "hasami-shogi", n,
					      t ? 2 : 1, 99), BG_OK);
		bg_batch_info(b[t], NULL, &na, &no);
		obs[t] = malloc(n * no * sizeof(float));
		rew[t] = malloc(n * sizeof(float));
		mask[t] = malloc(n * na);
		done[t] = malloc(n);
		ck_assert(obs[t] && rew[t] && mask[t] && done[t]);
	}
	acts = malloc(n * sizeof(uint32_t));
	for (int k = 0; k < 200; k++) {
		/* Now and then long enough apart that the batch's threads
		 * sleep and must be woken. */
		if (k % 50 == 49) {
			struct timespec pause = { 0, 5000000 };

			nanosleep(&pause, NULL);
		}
		ck_assert_int_eq(bg_batch_random_actions(b[0], acts), BG_OK);
		for (int t = 0; t < 2; t++)
			ck_assert_int_eq(bg_batch_step(b[t], acts, obs[t],
						       mask[t], rew[t],
						       done[t]), BG_OK);
		ck_assert(!memcmp(obs[0], obs[1], n * no * sizeof(float)));
		ck_assert(!memcmp(mask[0], mask[1], n * na));
		ck_assert(!memcmp(rew[0], rew[1], n * sizeof(float)));
		ck_assert(!memcmp(done[0], done[1], n));
	}
	for (int t = 0; t < 2; t++) {
		bg_batch_free(b[t]);
		free(obs[t]);
		free(rew[t]);
		free(mask[t]);
		free(done[t]);
	}
	free(acts);
}
END_TEST

START_TEST(test_batch_errors)
{
	bg_batch *b;
	uint32_t acts[3];
	uint64_t h[3];

	ck_assert_int_eq(bg_batch_new(&b, "kutochki", 0, 1, 0), BG_EINVAL);
	ck_assert_ptr_null(b);
	ck_assert_int_eq(bg_batch_new(&b, "nosuchgame", 3, 1, 0), BG_ENOGAME);
	/* Games are numbered in 32 bits: refused before anything is made. */
	if (SIZE_MAX > UINT32_MAX) {
		ck_assert_int_eq(bg_batch_new(&b, "kutochki",
					      (size_t)UINT32_MAX + 1, 1, 0),
				 BG_ENOMEM);
		ck_assert_ptr_null(b);
	}
	ck_assert_int_eq(bg_batch_new(&b, "kutochki", 3, 0, 0), BG_EINVAL);
	ck_assert_int_eq(bg_batch_new(&b, "kutochki", 3, 2, 0), BG_OK);
	ck_assert_int_eq(bg_batch_random_actions(b, acts), BG_OK);
	for (int i = 0; i < 3; i++)
		h[i] = bg_hash(bg_batch_game(b, i));
	/* The last game's action is illegal: no game moves. */
	acts[2] = 0;
	ck_assert_int_eq(bg_batch_step(b, acts, NULL, NULL, NULL, NULL),
			 BG_EILLEGAL);
	acts[2] = bg_action_count(bg_batch_game(b, 0));
	ck_assert_int_eq(bg_batch_step(b, acts, NULL, NULL, NULL, NULL),
			 BG_EINVAL);
	for (int i = 0; i < 3; i++)
		ck_assert_uint_eq(bg_hash(bg_batch_game(b, i)), h[i]);
	ck_assert_ptr_null(bg_batch_game(b, 3));
	ck_assert_int_eq(bg_batch_set_start(b, "mill w.../ 0"), BG_EFORMAT);
	bg_batch_free(b);
	bg_batch_free(NULL);
}
END_TEST

/* An action off game i's mask. */
static uint32_t illegal_action(const uint8_t *mask, size_t na, size_t i)
{
	uint32_t a = 0;

	while (mask[i * na + a])
		a++;
	return a;
}

/* With the games split between threads, a bad action anywhere stops the
 * step before any game moves or any array is written, and the error names
 * the first game at fault whichever thread found it. */
START_TEST(test_batch_errors_on_threads)
{
	enum { N = 8 };
	bg_batch *b;
	size_t na, no;
	uint32_t acts[N], bad[N];
	uint64_t h[N];
	float *obs, *obs0, rew[N];
	uint8_t *mask, *mask0, done[N];

	ck_assert_int_eq(bg_batch_new(&b, "kutochki", N, 2, 5), BG_OK);
	bg_batch_info(b, NULL, &na, &no);
	obs = malloc(N * no * sizeof(float));
	obs0 = malloc(N * no * sizeof(float));
	mask = malloc(N * na);
	mask0 = malloc(N * na);
	ck_assert(obs && obs0 && mask && mask0);
	ck_assert_int_eq(bg_batch_reset(b, obs, mask), BG_OK);
	ck_assert_int_eq(bg_batch_random_actions(b, acts), BG_OK);
	ck_assert_int_eq(bg_batch_step(b, acts, obs, mask, rew, done), BG_OK);
	ck_assert_int_eq(bg_batch_random_actions(b, acts), BG_OK);
	memcpy(obs0, obs, N * no * sizeof(float));
	memcpy(mask0, mask, N * na);
	for (int i = 0; i < N; i++)
		h[i] = bg_hash(bg_batch_game(b, i));

	/* One illegal action in the second thread's share. */
	memcpy(bad, acts, sizeof(bad));
	bad[6] = illegal_action(mask, na, 6);
	ck_assert_int_eq(bg_batch_step(b, bad, obs, mask, rew, done),
			 BG_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "game 6"));
	/* The first game at fault decides the code and the message. */
	bad[1] = illegal_action(mask, na, 1);
	bad[6] = (uint32_t)na;
	ck_assert_int_eq(bg_batch_step(b, bad, obs, mask, rew, done),
			 BG_EILLEGAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "game 1"));
	bad[1] = (uint32_t)na + 1;
	bad[6] = illegal_action(mask, na, 6);
	ck_assert_int_eq(bg_batch_step(b, bad, obs, mask, rew, done),
			 BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "game 1"));
	for (int i = 0; i < N; i++)
		ck_assert_uint_eq(bg_hash(bg_batch_game(b, i)), h[i]);
	ck_assert(!memcmp(obs, obs0, N * no * sizeof(float)));
	ck_assert(!memcmp(mask, mask0, N * na));

	/* The batch steps on with good actions. */
	ck_assert_int_eq(bg_batch_step(b, acts, obs, mask, rew, done), BG_OK);
	for (int i = 0; i < N; i++)
		ck_assert_uint_eq(bg_ply(bg_batch_game(b, i)), done[i] ? 0 : 2);
	bg_batch_free(b);
	free(obs);
	free(obs0);
	free(mask);
	free(mask0);
}
END_TEST

/* The random actions of a seed do not depend on the thread count, and
 * are those drawn before the draws moved onto the batch's threads: one
 * generator walked game by game. The digests are regression values from
 * that code (this test printed them); those of Corners, Kvartet,
 * tak-tikl, seega, hasami shogi, leopards and cows, mill, bolotudu,
 * Senegal, Turkish draughts, alquerque and fox and geese are from before
 * their batches made the actions without listing the moves, which must
 * keep the list's order. */
static const struct {
	const char *spec;
	uint64_t digest;
} seeded_actions[] = {
	{ "wolf-sheep:max_plies=30", 0xcc3f76ebccdbbfa6ull },
	{ "kutochki", 0x36b3e069909ca207ull },
	{ "kutochki:diagonal=1", 0x4b704bef0df37336ull },
	{ "kutochki:layout=rect3x4", 0x68a1716898c5cd87ull },
	{ "kvartet", 0x27819c8456c2fb87ull },
	{ "tak-tikl", 0x36bda6f2a6136a7cull },
	{ "seega", 0x53305d2f7f253c35ull },
	{ "hasami-shogi", 0xc3827012aa2fc715ull },
	{ "leopards-cows", 0x0f31e8418d2c704dull },
	{ "mill", 0x520953c0429b0537ull },
	{ "mill:double_mill=1", 0x994fb8cb0689c3faull },
	{ "mill:protect_mills=1,flying=1", 0x789178ab89174530ull },
	{ "mill:flying=1,double_mill=1,protect_mills=1",
	  0xfe042fe9c27b115dull },
	{ "bolotudu", 0x97b664ceb0428eecull },
	{ "bolotudu:pair_gap=0,reuse_threes=1", 0x1d7867b3f1bc6b8bull },
	{ "bolotudu:pair_gap=1,capture_ends=0", 0x6980a50c122691e1ull },
	{ "senegal", 0xdb4a7575c4edb2b7ull },
	{ "senegal:chain=0", 0x35b142f588e65053ull },
	{ "turkish-draughts", 0xab1fdaf66dac60c1ull },
	{ "turkish-draughts:max_plies=60", 0x5d6ffbe886f7e63aull },
	{ "alquerque", 0x2ca211fd47dd605eull },
	{ "alquerque:opening=0,capture_forward_only=1",
	  0xe0a7a07960db3ab2ull },
	{ "alquerque:huff_all=1", 0x26d7f0ccb55f160dull },
	{ "fox-geese", 0xba4d5f671e7667ffull },
	{ "fox-geese:fox_diagonals=1,geese_backward=1",
	  0x82459c76bc35bf2cull },
	{ "fox-geese:no_moves=pass,geese=17", 0xd0fa6580fae3ed3full },
};

START_TEST(test_batch_random_actions_by_seed)
{
	size_t n = 37;
	uint32_t acts[37];

	for (int threads = 1; threads <= 3; threads++) {
		uint64_t h = 0xcbf29ce484222325ull;
		bg_batch *b;

		ck_assert_int_eq(bg_batch_new(&b, seeded_actions[_i].spec, n,
					      threads, 11), BG_OK);
		for (int k = 0; k < 100; k++) {
			ck_assert_int_eq(bg_batch_random_actions(b, acts),
					 BG_OK);
			ck_assert_int_eq(bg_batch_step(b, acts, NULL, NULL,
						       NULL, NULL), BG_OK);
			h = fnv_actions(acts, n, h);
		}
		ck_assert_uint_eq(h, seeded_actions[_i].digest);
		bg_batch_free(b);
	}
}
END_TEST

/* Games restart from the position given. */
START_TEST(test_batch_start_position)
{
	bg_game *g = new_game("wolf-sheep");
	char text[512];
	bg_batch *b;
	uint32_t act;
	uint8_t done = 0;

	play(g, "d8-c7");
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, "wolf-sheep", 1, 1, 3), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_OK);
	ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), bg_hash(g));
	while (!done) {
		ck_assert_int_eq(bg_batch_random_actions(b, &act), BG_OK);
		ck_assert_int_eq(bg_batch_step(b, &act, NULL, NULL, NULL,
					       &done), BG_OK);
	}
	ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), bg_hash(g));
	ck_assert_uint_eq(bg_ply(bg_batch_game(b, 0)), 1);
	bg_batch_free(b);
	bg_game_free(g);
}
END_TEST

/* A game that reaches a position where a legal move has no action (here
 * a cow's step lets a leopard take by more chains between two points
 * than the layout's 16 ranks) is cut short: truncated, restarted, and the
 * batch goes on. A random game comes to one in about 400 games. */
START_TEST(test_batch_truncates_without_actions)
{
	static const char *const before =
		"leopards-cows:board=33,multi_jump=1 cc./ccc/c.l..c./.c.cc.c/"
		"...c.cc/c.c/ccl c 0 67";
	bg_game *g = NULL;
	bg_batch *b;
	bg_move m;
	uint32_t act, offsets[2], acts[64];
	uint8_t done = 0, *mask;
	float reward = 1;
	size_t count, total, k;
	char text[512];

	ck_assert_int_eq(bg_game_from_position(&g, before), BG_OK);
	ck_assert_int_eq(bg_move_from_text(g, "g3-f4", &m), BG_OK);
	ck_assert_int_eq(bg_move_to_action(g, &m, &act), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, "leopards-cows:board=33,multi_jump=1",
				      1, 1, 5), BG_OK);
	ck_assert_int_eq(bg_batch_info(b, NULL, &count, NULL), BG_OK);
	mask = malloc(count);
	ck_assert_ptr_nonnull(mask);
	ck_assert_int_eq(bg_batch_set_start(b, before), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, mask), BG_OK);
	ck_assert_int_eq(mask[act], 1);
	/* The position after g3-f4, in a single game: no mask for it. */
	play(g, "g3-f4");
	ck_assert_int_eq(bg_action_mask(g, mask, count), BG_ENOMEM);
	ck_assert_int_eq(bg_batch_step(b, &act, NULL, mask, &reward, &done),
			 BG_OK);
	ck_assert_int_eq(done, BG_STEP_TRUNCATED);
	ck_assert(reward == 0);
	ck_assert_uint_eq(bg_ply(bg_batch_game(b, 0)), 67);
	ck_assert_int_eq(mask[act], 1);
	/* Listed, the restarted game's actions hold the one played. */
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, acts, 64, &total),
			 BG_OK);
	ck_assert_uint_eq(offsets[1], total);
	for (k = 0; k < total && acts[k] != act; k++)
		;
	ck_assert_uint_lt(k, total);
	/* Started after g3-f4, the game has moves without actions: the
	 * reset fails, and so does listing its actions. */
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_ENOMEM);
	ck_assert_int_eq(bg_batch_legal_actions(b, offsets, acts, 64, &total),
			 BG_ENOMEM);
	free(mask);
	bg_batch_free(b);
	bg_game_free(g);
}
END_TEST

/* ---- errors --------------------------------------------------------------- */

/* What a failed call must leave as it was: the position, its hash, ply,
 * history, outcome and legal actions. */
typedef struct before {
	char text[512];
	uint64_t hash;
	uint32_t ply, history;
	int status, winner, reason;
	size_t nacts;
	uint32_t acts[512];
} before;

static void take(const bg_game *g, before *s)
{
	memset(s, 0, sizeof(*s));
	ck_assert_int_eq(bg_position_text(g, s->text, sizeof(s->text), NULL),
			 BG_OK);
	s->hash = bg_hash(g);
	s->ply = bg_ply(g);
	s->history = bg_history_length(g);
	ck_assert_int_eq(bg_outcome(g, &s->status, &s->winner, &s->reason),
			 BG_OK);
	ck_assert_int_eq(bg_legal_actions(g, s->acts, 512, &s->nacts), BG_OK);
}

static void expect_unchanged(const bg_game *g, const before *s,
			     const char *what)
{
	before now;

	take(g, &now);
	ck_assert_msg(!strcmp(now.text, s->text) && now.hash == s->hash &&
		      now.ply == s->ply && now.history == s->history,
		      "%s changed the position:\n  %s\n  %s", what, s->text,
		      now.text);
	ck_assert_msg(now.status == s->status && now.winner == s->winner &&
		      now.reason == s->reason, "%s changed the outcome", what);
	ck_assert_msg(now.nacts == s->nacts &&
		      !memcmp(now.acts, s->acts, s->nacts * sizeof(*s->acts)),
		      "%s changed the legal actions", what);
}

/* A call on g failed with `code`: the detail is in bg_last_error() and in
 * g's own error text. */
#define expect_fail(g, call, code)                                           \
	do {                                                                 \
		ck_assert_int_eq((call), (code));                            \
		ck_assert_msg(bg_last_error()[0] && bg_game_error(g)[0],     \
			      "%s: no error text", #call);                   \
	} while (0)

/* NULL arguments of the action and observation calls are BG_EINVAL, on a
 * game whose hook makes the actions (Corners) and on one whose listed
 * moves are numbered (wolf and sheep). */
START_TEST(test_actions_refuse_null)
{
	static const char *const specs[] = { "kutochki", "wolf-sheep" };
	bg_game *g = new_game(specs[_i]);
	uint32_t a, acts[512];
	uint8_t *mask = malloc(bg_action_count(g));
	float *obs = malloc(obs_size(g) * sizeof(float));
	size_t n;
	before s;
	bg_move m;

	ck_assert(mask && obs);
	ck_assert_int_eq(bg_legal_actions(g, acts, 512, &n), BG_OK);
	ck_assert_int_eq(bg_action_to_move(g, acts[0], &m), BG_OK);
	take(g, &s);
	expect_fail(g, bg_move_to_action(g, NULL, &a), BG_EINVAL);
	expect_fail(g, bg_move_to_action(g, &m, NULL), BG_EINVAL);
	expect_fail(g, bg_action_to_move(g, acts[0], NULL), BG_EINVAL);
	expect_fail(g, bg_legal_actions(g, acts, 512, NULL), BG_EINVAL);
	/* No list with room claimed for it. */
	expect_fail(g, bg_legal_actions(g, NULL, 1, &n), BG_EINVAL);
	expect_fail(g, bg_action_mask(g, NULL, bg_action_count(g)), BG_EINVAL);
	expect_fail(g, bg_observe(g, 0, NULL, obs_size(g)), BG_EINVAL);
	expect_unchanged(g, &s, "a call with a NULL argument");
	/* Without a game there is only the thread's error text. */
	ck_assert_int_eq(bg_move_to_action(NULL, &m, &a), BG_EINVAL);
	ck_assert_int_eq(bg_action_to_move(NULL, acts[0], &m), BG_EINVAL);
	ck_assert_int_eq(bg_legal_actions(NULL, acts, 512, &n), BG_EINVAL);
	ck_assert_int_eq(bg_action_mask(NULL, mask, bg_action_count(g)),
			 BG_EINVAL);
	ck_assert_int_eq(bg_play_action(NULL, acts[0]), BG_EINVAL);
	ck_assert_int_eq(bg_observation_shape(NULL, NULL, NULL, NULL),
			 BG_EINVAL);
	ck_assert_int_eq(bg_observe(NULL, 0, obs, obs_size(g)), BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	free(mask);
	free(obs);
	bg_game_free(g);
}
END_TEST

/* bg_move_to_action: a malformed move is BG_EINVAL, a well-formed one
 * that is not legal here BG_EILLEGAL, any move after the end
 * BG_EGAMEOVER; the game stays as it was. */
START_TEST(test_move_to_action_errors)
{
	bg_game *g = new_game("kutochki"), *c;
	bg_move m, bad;
	uint32_t a = 12345;
	before s;

	ck_assert_int_eq(bg_move_from_text(g, "e1-d1", &m), BG_OK);
	take(g, &s);
	bad = m;
	bad.kind = BG_MOVE_GROUND + 1;
	expect_fail(g, bg_move_to_action(g, &bad, &a), BG_EINVAL);
	bad = m;
	bad.pts[5] = 1; /* an unused entry that is not 0 */
	expect_fail(g, bg_move_to_action(g, &bad, &a), BG_EINVAL);
	/* Black's first move, with White to move. */
	ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
	play(c, "e1-d1");
	ck_assert_int_eq(bg_move_from_text(c, "d8-e8", &bad), BG_OK);
	bg_game_free(c);
	expect_fail(g, bg_move_to_action(g, &bad, &a), BG_EILLEGAL);
	ck_assert_uint_eq(a, 12345);
	expect_unchanged(g, &s, "bg_move_to_action of a bad move");
	ck_assert_int_eq(bg_resign(g, 1), BG_OK);
	take(g, &s);
	expect_fail(g, bg_move_to_action(g, &m, &a), BG_EGAMEOVER);
	ck_assert_uint_eq(a, 12345);
	expect_unchanged(g, &s, "bg_move_to_action after the end");
	bg_game_free(g);
}
END_TEST

/* bg_action_to_move and bg_play_action where the core numbers the listed
 * moves (wolf and sheep has no hook of its own): an action that is no
 * legal move's is BG_EILLEGAL, one past the count BG_EINVAL, any after the
 * end BG_EGAMEOVER, and nothing is played. */
START_TEST(test_listed_action_errors)
{
	bg_game *g = new_game("wolf-sheep");
	uint32_t count = bg_action_count(g), off;
	uint8_t *mask = malloc(count);
	bg_move m;
	before s;

	ck_assert_ptr_nonnull(mask);
	ck_assert_int_eq(bg_action_mask(g, mask, count), BG_OK);
	for (off = 0; mask[off]; off++)
		;
	take(g, &s);
	expect_fail(g, bg_action_to_move(g, off, &m), BG_EILLEGAL);
	expect_fail(g, bg_play_action(g, off), BG_EILLEGAL);
	expect_fail(g, bg_play_action(g, count), BG_EINVAL);
	expect_unchanged(g, &s, "an action not legal here");
	ck_assert_int_eq(bg_resign(g, 0), BG_OK);
	take(g, &s);
	for (off = 0; off < count && !mask[off]; off++)
		;
	ck_assert_uint_lt(off, count);
	expect_fail(g, bg_action_to_move(g, off, &m), BG_EGAMEOVER);
	expect_fail(g, bg_play_action(g, off), BG_EGAMEOVER);
	expect_unchanged(g, &s, "an action after the end");
	free(mask);
	bg_game_free(g);
}
END_TEST

/* A mask shorter than bg_action_count() is BG_EBUFSIZE, with the size it
 * needs in the message (the only place a mask's size is reported). */
START_TEST(test_action_mask_room)
{
	static const char *const specs[] = { "kutochki", "wolf-sheep" };
	bg_game *g = new_game(specs[_i]);
	uint32_t count = bg_action_count(g);
	uint8_t *mask = malloc(count);
	char need[32];
	before s;

	ck_assert_ptr_nonnull(mask);
	take(g, &s);
	expect_fail(g, bg_action_mask(g, mask, count - 1), BG_EBUFSIZE);
	snprintf(need, sizeof(need), "%u", count);
	ck_assert_msg(strstr(bg_last_error(), need), "%s: '%s' does not say "
		      "%s bytes", specs[_i], bg_last_error(), need);
	ck_assert_str_eq(bg_game_error(g), bg_last_error());
	expect_unchanged(g, &s, "a mask without room");
	free(mask);
	bg_game_free(g);
}
END_TEST

/* A legal move without an action (more chains between two points than
 * the layout has ranks, as in test_batch_truncates_without_actions): the
 * calls that need its action fail with BG_ENOMEM instead of giving one
 * that stands for another move, and the moves with actions keep them. */
START_TEST(test_move_without_action)
{
	bg_game *g = from_pos(
		"leopards-cows:board=33,multi_jump=1 cc./ccc/c.l..c./"
		".c.cc.c/...c.cc/c.c/ccl c 0 67");
	size_t n, without = 0;
	static uint32_t acts[LEGAL_CAP];
	uint32_t a;
	char text[512];
	bg_move m;
	before s;

	play(g, "g3-f4");
	n = count_moves(g);
	memset(&s, 0, sizeof(s));
	ck_assert_int_eq(bg_position_text(g, s.text, sizeof(s.text), NULL),
			 BG_OK);
	s.hash = bg_hash(g);
	for (size_t i = 0; i < n; i++) {
		int rc = bg_move_to_action(g, &legal[i], &a);

		if (rc == BG_ENOMEM) {
			ck_assert_str_ne(bg_game_error(g), "");
			without++;
			continue;
		}
		ck_assert_int_eq(rc, BG_OK);
		ck_assert_int_eq(bg_action_to_move(g, a, &m), BG_OK);
		ck_assert(bg_move_equal(&m, &legal[i]));
	}
	ck_assert_uint_gt(without, 0);
	expect_fail(g, bg_legal_actions(g, acts, LEGAL_CAP, &n), BG_ENOMEM);
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_str_eq(text, s.text);
	ck_assert_uint_eq(bg_hash(g), s.hash);
	bg_game_free(g);
}
END_TEST

/* A batch whose reset left a game with a move that has no action draws no
 * random actions: BG_ENOMEM, as bg_batch_legal_actions says of such a
 * game. */
START_TEST(test_batch_draws_without_actions)
{
	bg_game *g = from_pos(
		"leopards-cows:board=33,multi_jump=1 cc./ccc/c.l..c./"
		".c.cc.c/...c.cc/c.c/ccl c 0 67");
	char text[512];
	uint32_t act = UINT32_MAX;
	bg_batch *b;

	play(g, "g3-f4");
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, "leopards-cows:board=33,multi_jump=1",
				      1, 1, 5), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_ENOMEM);
	ck_assert_int_eq(bg_batch_random_actions(b, &act), BG_ENOMEM);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "game 0"));
	ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), bg_hash(g));
	/* Back at the spec's start, the batch draws again. */
	ck_assert_int_eq(bg_batch_set_start(b, NULL), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_OK);
	ck_assert_int_eq(bg_batch_random_actions(b, &act), BG_OK);
	ck_assert_uint_lt(act, bg_action_count(bg_batch_game(b, 0)));
	bg_batch_free(b);
	bg_game_free(g);
}
END_TEST

/* NULL arguments, bad symmetry indices, points and moves of the symmetry
 * calls: BG_EINVAL (BG_EILLEGAL for an action not legal here), nothing
 * written, the game as it was. */
START_TEST(test_symmetry_errors)
{
	/* t starts non-NULL: a failed bg_symmetry_game must clear it. */
	bg_game *g = new_game("mill"), *t = (bg_game *)&t;
	int nsym = bg_symmetry_count(g), np = (int)bg_point_count(g), q = -7;
	size_t size = obs_size(g);
	float *in = calloc(size, sizeof(float)), *out = malloc(size * sizeof(float));
	uint32_t a = 0, img = 12345;
	uint8_t *mask = malloc(bg_action_count(g));
	uint64_t h = 0;
	bg_move m, bad, o;
	before s;

	ck_assert(in && out && mask);
	ck_assert_int_eq(nsym, 8);
	play(g, "d2");
	ck_assert_int_eq(bg_move_from_text(g, "d6", &m), BG_OK);
	ck_assert_int_eq(bg_action_mask(g, mask, bg_action_count(g)), BG_OK);
	while (mask[a])
		a++;
	take(g, &s);
	ck_assert_int_eq(bg_symmetry_count(NULL), BG_EINVAL);
	ck_assert_int_eq(bg_symmetry_kind(NULL, 0), BG_EINVAL);
	ck_assert_int_eq(bg_symmetry_point(NULL, 0, 0, &q), BG_EINVAL);
	ck_assert_int_eq(bg_canonical_hash(NULL, &h, NULL), BG_EINVAL);
	for (int k = 0; k < 2; k++) {
		int sym = k ? nsym : -1;

		expect_fail(g, bg_symmetry_kind(g, sym), BG_EINVAL);
		expect_fail(g, bg_symmetry_inverse(g, sym), BG_EINVAL);
		expect_fail(g, bg_symmetry_point(g, sym, 0, &q), BG_EINVAL);
		expect_fail(g, bg_symmetry_move(g, sym, &m, &o), BG_EINVAL);
		expect_fail(g, bg_symmetry_action(g, sym, 0, &img), BG_EINVAL);
		expect_fail(g, bg_symmetry_observation(g, sym, in, out),
			    BG_EINVAL);
		expect_fail(g, bg_symmetry_game(&t, g, sym), BG_EINVAL);
		ck_assert_ptr_null(t);
	}
	expect_fail(g, bg_symmetry_point(g, 1, -1, &q), BG_EINVAL);
	expect_fail(g, bg_symmetry_point(g, 1, np, &q), BG_EINVAL);
	ck_assert_int_eq(q, -7);
	expect_fail(g, bg_symmetry_point(g, 1, 0, NULL), BG_EINVAL);
	expect_fail(g, bg_symmetry_move(g, 1, NULL, &o), BG_EINVAL);
	expect_fail(g, bg_symmetry_move(g, 1, &m, NULL), BG_EINVAL);
	bad = m;
	bad.npath = 0; /* a placement without its point */
	expect_fail(g, bg_symmetry_move(g, 1, &bad, &o), BG_EINVAL);
	bad = m;
	bad.pts[0] = (uint16_t)np; /* off the board */
	expect_fail(g, bg_symmetry_move(g, 1, &bad, &o), BG_EINVAL);
	expect_fail(g, bg_symmetry_action(g, 1, a, &img), BG_EILLEGAL);
	expect_fail(g, bg_symmetry_action(g, 1, bg_action_count(g), &img),
		    BG_EINVAL);
	expect_fail(g, bg_symmetry_action(g, 1, 0, NULL), BG_EINVAL);
	ck_assert_uint_eq(img, 12345);
	expect_fail(g, bg_symmetry_observation(g, 1, NULL, out), BG_EINVAL);
	expect_fail(g, bg_symmetry_observation(g, 1, in, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_symmetry_game(NULL, g, 1), BG_EINVAL);
	expect_fail(g, bg_canonical_hash(g, NULL, NULL), BG_EINVAL);
	expect_unchanged(g, &s, "a symmetry call that failed");
	free(in);
	free(out);
	free(mask);
	bg_game_free(g);
}
END_TEST

/* A game read from a position text has no history to replay: its image
 * and canonical hash are BG_ENOTSUP, with *out NULL and the game as it
 * was. */
START_TEST(test_symmetry_of_position_text)
{
	/* t starts non-NULL: a failed bg_symmetry_game must clear it. */
	bg_game *g = new_game("kvartet"), *p, *t = (bg_game *)&t;
	uint64_t h = 0;
	before s;

	play_all(g, "a1 d4");
	p = from_pos(position(g));
	ck_assert_int_gt(bg_symmetry_count(p), 1);
	take(p, &s);
	expect_fail(p, bg_symmetry_game(&t, p, 1), BG_ENOTSUP);
	ck_assert_ptr_null(t);
	expect_fail(p, bg_canonical_hash(p, &h, NULL), BG_ENOTSUP);
	ck_assert_uint_eq(h, 0);
	expect_unchanged(p, &s, "bg_symmetry_game of a position text");
	/* The game it was read from, with its history, has images. */
	ck_assert_int_eq(bg_symmetry_game(&t, g, 1), BG_OK);
	bg_game_free(t);
	bg_game_free(p);
	bg_game_free(g);
}
END_TEST

/* An end declared outside the rules carries over to the image, which
 * takes it back as the game does; bg_canonical_hash's symmetry is one
 * whose image has the hash. */
START_TEST(test_symmetry_keeps_declared_end)
{
	bg_game *g = new_game("kvartet"), *t, *u;
	int status, winner, reason, sym = -1;
	uint64_t h;

	play_all(g, "a1 d4 b2");
	ck_assert_int_eq(bg_resign(g, 1), BG_OK);
	for (int s = 1; s < bg_symmetry_count(g); s++) {
		ck_assert_int_eq(bg_symmetry_game(&t, g, s), BG_OK);
		ck_assert_int_eq(bg_outcome(t, &status, &winner, &reason),
				 BG_OK);
		ck_assert_int_eq(status, BG_WIN);
		ck_assert_int_eq(winner, 0);
		ck_assert_int_eq(reason, BG_REASON_RESIGNATION);
		ck_assert_uint_eq(bg_ply(t), bg_ply(g));
		ck_assert_int_eq(bg_undo(t), BG_OK);
		ck_assert_int_eq(bg_outcome(t, &status, NULL, NULL), BG_OK);
		ck_assert_int_eq(status, BG_ONGOING);
		ck_assert_uint_eq(bg_ply(t), bg_ply(g));
		bg_game_free(t);
	}
	ck_assert_int_eq(bg_canonical_hash(g, &h, &sym), BG_OK);
	ck_assert_int_ge(sym, 0);
	ck_assert_int_lt(sym, bg_symmetry_count(g));
	ck_assert_int_eq(bg_symmetry_game(&u, g, sym), BG_OK);
	ck_assert_uint_eq(bg_hash(u), h);
	for (int s = 0; s < bg_symmetry_count(g); s++) {
		ck_assert_int_eq(bg_symmetry_game(&t, g, s), BG_OK);
		ck_assert_uint_le(h, bg_hash(t));
		bg_game_free(t);
	}
	bg_game_free(u);
	bg_game_free(g);
}
END_TEST

/* NULL batches and arrays are BG_EINVAL, and the batch is unchanged. */
START_TEST(test_batch_refuses_null)
{
	bg_batch *b;
	uint32_t acts[2];
	uint64_t h[2];

	ck_assert_int_eq(bg_batch_info(NULL, NULL, NULL, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_batch_set_start(NULL, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_batch_reset(NULL, NULL, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_batch_step(NULL, acts, NULL, NULL, NULL, NULL),
			 BG_EINVAL);
	ck_assert_int_eq(bg_batch_random_actions(NULL, acts), BG_EINVAL);
	ck_assert_ptr_null(bg_batch_game(NULL, 0));
	ck_assert_int_eq(bg_batch_new(&b, "kvartet", 2, 1, 3), BG_OK);
	ck_assert_int_eq(bg_batch_random_actions(b, acts), BG_OK);
	ck_assert_int_eq(bg_batch_step(b, acts, NULL, NULL, NULL, NULL), BG_OK);
	for (int i = 0; i < 2; i++)
		h[i] = bg_hash(bg_batch_game(b, (size_t)i));
	ck_assert_int_eq(bg_batch_step(b, NULL, NULL, NULL, NULL, NULL),
			 BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	ck_assert_int_eq(bg_batch_random_actions(b, NULL), BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	for (int i = 0; i < 2; i++) {
		ck_assert_uint_eq(bg_hash(bg_batch_game(b, (size_t)i)), h[i]);
		ck_assert_uint_eq(bg_ply(bg_batch_game(b, (size_t)i)), 1);
	}
	bg_batch_free(b);
}
END_TEST

/* bg_batch_set_start refuses a position of another spec and one whose game
 * is over (BG_EINVAL) and keeps the old start; NULL puts back the spec's
 * start. */
START_TEST(test_batch_start_refused)
{
	bg_game *g = new_game("wolf-sheep"), *end = NULL, *c;
	char text[512], other[512], over[512];
	uint64_t rng = 3;
	int status = BG_ONGOING;
	bg_batch *b;

	/* A game played out to its end, and read back from its position. */
	ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
	while (status == BG_ONGOING) {
		bg_move m;

		ck_assert_int_eq(bg_random_move(c, &rng, &m), BG_OK);
		ck_assert_int_eq(bg_play(c, &m), BG_OK);
		bg_outcome(c, &status, NULL, NULL);
	}
	ck_assert_int_eq(bg_position_text(c, over, sizeof(over), NULL), BG_OK);
	end = from_pos(over);
	bg_outcome(end, &status, NULL, NULL);
	ck_assert_int_ne(status, BG_ONGOING);
	bg_game_free(end);
	bg_game_free(c);

	c = new_game("wolf-sheep:wolf=h8");
	ck_assert_int_eq(bg_position_text(c, other, sizeof(other), NULL),
			 BG_OK);
	bg_game_free(c);
	play(g, "d8-c7");
	ck_assert_int_eq(bg_position_text(g, text, sizeof(text), NULL), BG_OK);
	ck_assert_int_eq(bg_batch_new(&b, "wolf-sheep", 1, 1, 3), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, text), BG_OK);
	ck_assert_int_eq(bg_batch_set_start(b, other), BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	ck_assert_int_eq(bg_batch_set_start(b, over), BG_EINVAL);
	ck_assert_str_ne(bg_last_error(), "");
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_OK);
	ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), bg_hash(g));
	ck_assert_int_eq(bg_batch_set_start(b, NULL), BG_OK);
	ck_assert_int_eq(bg_batch_reset(b, NULL, NULL), BG_OK);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_uint_eq(bg_hash(bg_batch_game(b, 0)), bg_hash(g));
	ck_assert_uint_eq(bg_ply(bg_batch_game(b, 0)), 0);
	bg_batch_free(b);
	bg_game_free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("learn");
	TCase *tc = tcase_create("learn");

	tcase_set_timeout(tc, 300);
	tcase_add_test(tc, test_actions_named);
	tcase_add_loop_test(tc, test_actions_any_room, 0,
			    (int)bg_catalog_count());
	tcase_add_test(tc, test_actions_kept_per_position);
	tcase_add_test(tc, test_observation_planes);
	tcase_add_test(tc, test_repetition_plane_counts_keys);
	tcase_add_test(tc, test_observations_tell_positions_apart);
	tcase_add_test(tc, test_symmetries_named);
	tcase_add_test(tc, test_symmetries_keep_the_rules);
	tcase_add_test(tc, test_batch_large_follows_single_games);
	tcase_add_test(tc, test_batch_ahead_follows_single_games);
	tcase_add_loop_test(tc, test_batch_overlapped_follows_single_games, 0,
			    3);
	tcase_add_loop_test(tc, test_batch_64_follows_single_games, 0, 4);
	tcase_add_loop_test(tc, test_batch_follows_single_games, 0,
			    (int)(sizeof(batch_specs) / sizeof(batch_specs[0])));
	tcase_add_loop_test(tc, test_batch_lists_without_masks, 0,
			    (int)(sizeof(batch_specs) / sizeof(batch_specs[0])));
	tcase_add_test(tc, test_batch_lists_room);
	tcase_add_loop_test(tc, test_batch_mask_buffers_in_turn, 0, 3);
	tcase_add_loop_test(tc, test_batch_ranked_actions, 0, 7);
	tcase_add_loop_test(tc, test_batch_direct_passes, 0,
			    (int)(sizeof(direct_positions) /
				  sizeof(direct_positions[0])));
	tcase_add_loop_test(tc, test_batch_direct_placements, 0, 3);
	tcase_add_loop_test(tc, test_batch_checks_every_action, 0, 2);
	tcase_add_test(tc, test_batch_threads_agree);
	tcase_add_test(tc, test_batch_errors);
	tcase_add_test(tc, test_batch_errors_on_threads);
	tcase_add_loop_test(tc, test_batch_random_actions_by_seed, 0,
			    (int)(sizeof(seeded_actions) /
				  sizeof(seeded_actions[0])));
	tcase_add_test(tc, test_batch_start_position);
	tcase_add_test(tc, test_batch_truncates_without_actions);
	suite_add_tcase(s, tc);

	/* Error returns, on their own to run alone (CK_RUN_CASE=errors). */
	tc = tcase_create("errors");
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_actions_refuse_null, 0, 2);
	tcase_add_test(tc, test_move_to_action_errors);
	tcase_add_test(tc, test_listed_action_errors);
	tcase_add_loop_test(tc, test_action_mask_room, 0, 2);
	tcase_add_test(tc, test_move_without_action);
	tcase_add_test(tc, test_batch_draws_without_actions);
	tcase_add_test(tc, test_symmetry_errors);
	tcase_add_test(tc, test_symmetry_of_position_text);
	tcase_add_test(tc, test_symmetry_keeps_declared_end);
	tcase_add_test(tc, test_batch_refuses_null);
	tcase_add_test(tc, test_batch_start_refused);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
