/*
 * The promises of the 1.0 API that no single game owns: ends declared
 * outside the rules, move effects, moves from and to a point, per-handle
 * errors, constructors that fail, size queries and the full spec that
 * position and record text carry. Each is tried on real games.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/tochki.h>

#include "testutil.h"

/* The record text of g, malloc'd. */
static char *record(const bg_game *g)
{
	size_t len = 0;
	char *buf;

	ck_assert_int_eq(bg_record_text(g, NULL, 0, &len), BG_OK);
	buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(bg_record_text(g, buf, len + 1, &len), BG_OK);
	return buf;
}

static bg_game *from_record(const char *text)
{
	bg_game *g = NULL;
	int rc = bg_game_from_record(&g, text);

	ck_assert_msg(rc == BG_OK, "bg_game_from_record = %d (%s)\n%s", rc,
		      bg_last_error(), text);
	return g;
}

/* ---- Declared ends -------------------------------------------------------- */

START_TEST(test_resign)
{
	bg_game *g = new_game("kutochki");
	bg_move m;
	uint64_t rng = 1, h;
	size_t n = 99;
	double v;

	play_all(g, "h3-f3 a6-c6");
	h = bg_hash(g);
	ck_assert_int_eq(bg_resign(g, 2), BG_EINVAL);
	ck_assert_int_eq(bg_resign(g, 0), BG_OK);
	expect(g, BG_WIN, 1, BG_REASON_RESIGNATION);
	ck_assert_str_eq(bg_reason_name(BG_REASON_RESIGNATION), "resignation");
	/* Over: no moves, no play, no second declaration. */
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_uint_eq(n, 0);
	ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_EGAMEOVER);
	ck_assert_int_eq(bg_play_text(g, "g3-e3"), BG_EGAMEOVER);
	ck_assert_int_eq(bg_agree_draw(g), BG_EGAMEOVER);
	ck_assert_int_eq(bg_evaluate(g, 1, &v), BG_OK);
	ck_assert(v == 1.0);
	/* The position is the one the moves made. */
	ck_assert(bg_hash(g) == h);
	ck_assert_uint_eq(bg_history_length(g), 2);
	/* Undo takes back the declaration first, then moves. */
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ongoing(g);
	ck_assert_uint_eq(bg_history_length(g), 2);
	play(g, "g3-e3");
	bg_game_free(g);
}
END_TEST

START_TEST(test_declare_result_checks)
{
	bg_game *g = new_game("mill");
	static const int bad[][3] = {
		{ BG_WIN, -1, BG_REASON_RESIGNATION },   /* no winner */
		{ BG_WIN, 2, BG_REASON_TIME },           /* no such seat */
		{ BG_DRAW, -1, BG_REASON_RESIGNATION },  /* a drawn resignation */
		{ BG_DRAW, -1, BG_REASON_TIME },
		{ BG_WIN, 0, BG_REASON_AGREEMENT },      /* an agreed win */
		{ BG_DRAW, 0, BG_REASON_ADJUDICATION },  /* a draw with a winner */
		{ BG_WIN, 0, BG_REASON_GOAL },           /* the rules' reasons */
		{ BG_DRAW, -1, BG_REASON_REPETITION },
		{ BG_ONGOING, -1, BG_REASON_ADJUDICATION },
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		ck_assert_int_eq(bg_declare_result(g, bad[i][0], bad[i][1],
						   bad[i][2]), BG_EINVAL);
		ongoing(g);
	}
	ck_assert_int_eq(bg_declare_result(NULL, BG_DRAW, -1,
					   BG_REASON_AGREEMENT), BG_EINVAL);
	ck_assert_int_eq(bg_declare_result(g, BG_WIN, 1, BG_REASON_TIME),
			 BG_OK);
	expect(g, BG_WIN, 1, BG_REASON_TIME);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_declare_result(g, BG_DRAW, -1,
					   BG_REASON_ADJUDICATION), BG_OK);
	expect(g, BG_DRAW, -1, BG_REASON_ADJUDICATION);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_agree_draw(g), BG_OK);
	expect(g, BG_DRAW, -1, BG_REASON_AGREEMENT);
	bg_game_free(g);
}
END_TEST

/* A game over by the rules takes no declaration. */
START_TEST(test_declare_after_end)
{
	/* f6-g7 shuts the wolf in on h8. */
	bg_game *g = from_pos("wolf-sheep ...w/..../..s./..../..../...s/.s../"
			      "s... s 0");

	play(g, "f6-g7");
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	ck_assert_int_eq(bg_resign(g, 1), BG_EGAMEOVER);
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* Each declared end writes its Termination tag and reads back, also into
 * a clone; a Termination the moves contradict is refused. */
START_TEST(test_declared_records)
{
	static const struct {
		int status, winner, reason;
		const char *tag, *result;
	} ends[] = {
		{ BG_WIN, 0, BG_REASON_RESIGNATION, "resignation", "1-0" },
		{ BG_DRAW, -1, BG_REASON_AGREEMENT, "agreement", "1/2-1/2" },
		{ BG_WIN, 1, BG_REASON_TIME, "time forfeit", "0-1" },
		{ BG_WIN, 0, BG_REASON_ADJUDICATION, "adjudication", "1-0" },
		{ BG_DRAW, -1, BG_REASON_ADJUDICATION, "adjudication", "1/2-1/2" },
	};

	for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
		bg_game *g = new_game("turkish-draughts"), *c = NULL, *back;
		char want[64], *rec, *rec2;

		play_all(g, "a3-a4 h6-h5");
		ck_assert_int_eq(bg_declare_result(g, ends[i].status,
						   ends[i].winner,
						   ends[i].reason), BG_OK);
		rec = record(g);
		snprintf(want, sizeof want, "[Termination \"%s\"]", ends[i].tag);
		ck_assert_msg(strstr(rec, want), "no %s in\n%s", want, rec);
		snprintf(want, sizeof want, "[Result \"%s\"]", ends[i].result);
		ck_assert_msg(strstr(rec, want), "no %s in\n%s", want, rec);
		back = from_record(rec);
		expect(back, ends[i].status, ends[i].winner, ends[i].reason);
		ck_assert_uint_eq(bg_history_length(back), 2);
		rec2 = record(back);
		ck_assert_str_eq(rec, rec2);
		ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
		expect(c, ends[i].status, ends[i].winner, ends[i].reason);
		ck_assert_int_eq(bg_undo(c), BG_OK);
		ongoing(c);
		expect(g, ends[i].status, ends[i].winner, ends[i].reason);
		free(rec2);
		free(rec);
		bg_game_free(back);
		bg_game_free(c);
		bg_game_free(g);
	}
}
END_TEST

START_TEST(test_termination_errors)
{
	bg_game *g = NULL;
	static const char *bad[] = {
		/* No result to go with the resignation. */
		"[Game \"mill\"]\n[Termination \"resignation\"]\n\n1. a1 *\n",
		/* An agreed draw that is a win. */
		"[Game \"mill\"]\n[Result \"1-0\"]\n[Termination \"agreement\"]\n"
		"\n1. a1 1-0\n",
		/* The moves already end the game (the wolf is trapped). */
		"[Game \"wolf-sheep\"]\n"
		"[Position \"wolf-sheep ...w/..../..s./..../..../...s/.s../"
		"s... s 0\"]\n[Result \"1-0\"]\n"
		"[Termination \"resignation\"]\n\n1... f6-g7 1-0\n",
	};

	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		g = (bg_game *)&g; /* a constructor that fails sets NULL */
		ck_assert_msg(bg_game_from_record(&g, bad[i]) == BG_EFORMAT,
			      "record %zu read: %s", i, bad[i]);
		ck_assert_ptr_null(g);
	}
	/* PGN's "normal" termination leaves the result to the moves. */
	g = from_record("[Game \"mill\"]\n[Termination \"normal\"]\n\n1. a1 *\n");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* ---- Move effects --------------------------------------------------------- */

/* The effects of the last move, as "name:kind" words in point order. */
static const char *effects(const bg_game *g)
{
	static char out[512];
	bg_effect e[64];
	size_t n = 0, len = 0;
	uint32_t last = bg_history_length(g) - 1;

	ck_assert_int_eq(bg_move_effects(g, last, NULL, 0, &n), BG_OK);
	ck_assert_uint_le(n, 64);
	ck_assert_int_eq(bg_move_effects(g, last, e, 64, &n), BG_OK);
	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		char name[BG_POINT_NAME_MAX];

		ck_assert_int_eq(bg_point_name(g, e[i].point, name, sizeof name,
					       NULL), BG_OK);
		len += (size_t)snprintf(out + len, sizeof out - len, "%s%s:%s",
					i ? " " : "", name,
					e[i].kind == BG_EFFECT_CAPTURE ?
						"capture" : "promote");
	}
	return out;
}

START_TEST(test_effects_turkish)
{
	/* d6xd8 takes d7 and crowns the man on the last rank. */
	bg_game *g = from_pos("turkish-draughts ......../...b..../...w..../"
			      "b......./......../......../......../........ w 0 20");
	bg_effect e[4];
	size_t n = 0;

	play(g, "d6xd8");
	ck_assert_str_eq(effects(g), "d7:capture d8:promote");
	ck_assert_int_eq(bg_move_effects(g, 0, e, 1, &n), BG_EBUFSIZE);
	ck_assert_uint_eq(n, 2);
	ck_assert_int_eq(bg_move_effects(g, 1, e, 4, &n), BG_EINVAL);
	ck_assert_int_eq(bg_move_effects(g, 0, NULL, 0, NULL), BG_EINVAL);
	play(g, "a5-a4");
	ck_assert_str_eq(effects(g), "");
	bg_game_free(g);
}
END_TEST

START_TEST(test_effects_mill)
{
	bg_game *g = new_game("mill");

	play_all(g, "a1 g7 d1 f6 g1xg7");
	ck_assert_str_eq(effects(g), "g7:capture");
	/* An earlier move of the history: f6 placed, nothing taken. */
	bg_effect e[4];
	size_t n = 9;
	ck_assert_int_eq(bg_move_effects(g, 3, e, 4, &n), BG_OK);
	ck_assert_uint_eq(n, 0);
	bg_game_free(g);
}
END_TEST

START_TEST(test_effects_dots)
{
	/* Red closes c2 around Blue's b2: the point enclosed is captured. */
	bg_game *g = from_pos("tochki:size=3x3,start=empty .x./xo./.x. x 0 0 - 4");

	play(g, "c2");
	ck_assert_str_eq(effects(g), "b2:capture");
	bg_game_free(g);
}
END_TEST

/* Corners and Halma take nothing; undo and the effects of earlier moves
 * agree with a replay. */
START_TEST(test_effects_history)
{
	bg_game *g = new_game("seega");
	uint64_t rng = 7;
	uint32_t plies = 0;

	ck_assert_int_eq(bg_playout(g, &rng, 200, &plies), BG_OK);
	for (uint32_t i = 0; i < plies; i++) {
		bg_effect a[64], b[64];
		size_t na = 0, nb = 0;
		bg_game *replay = new_game("seega");
		bg_move m;

		ck_assert_int_eq(bg_move_effects(g, i, a, 64, &na), BG_OK);
		for (uint32_t k = 0; k <= i; k++) {
			ck_assert_int_eq(bg_history_move(g, k, &m), BG_OK);
			ck_assert_int_eq(bg_play(replay, &m), BG_OK);
		}
		ck_assert_int_eq(bg_move_effects(replay, i, b, 64, &nb), BG_OK);
		ck_assert_uint_eq(na, nb);
		ck_assert(memcmp(a, b, na * sizeof a[0]) == 0);
		for (size_t k = 0; k < na; k++)
			ck_assert_int_eq(a[k].kind, BG_EFFECT_CAPTURE);
		bg_game_free(replay);
	}
	bg_game_free(g);
}
END_TEST

/* ---- Moves at a point ----------------------------------------------------- */

/* In several games and positions, the moves from (to) each point are the
 * full list filtered by the first (last) path point, in its order. */
START_TEST(test_moves_at)
{
	static const char *const specs[] = {
		"kutochki", "turkish-draughts", "mill", "alquerque", "tochki:size=5",
		"bolotudu",
	};
	static bg_move all[LEGAL_CAP], at[LEGAL_CAP];

	for (size_t s = 0; s < sizeof specs / sizeof specs[0]; s++) {
		bg_game *g = new_game(specs[s]);
		uint64_t rng = 3;
		int np = (int)bg_point_count(g);

		bg_playout(g, &rng, 12, NULL);
		size_t n = count_moves(g);
		memcpy(all, legal, n * sizeof(bg_move));
		for (int p = -1; p < np; p++) {
			for (int end = 0; end < 2; end++) {
				size_t got = 0, want = 0, k = 0;
				int from = end ? -1 : p, to = end ? p : -1;

				ck_assert_int_eq(bg_legal_moves_at(g, from, to, NULL,
								   0, &got), BG_OK);
				ck_assert_int_eq(bg_legal_moves_at(g, from, to, at,
								   LEGAL_CAP, &got),
						 BG_OK);
				for (size_t i = 0; i < n; i++) {
					const bg_move *m = &all[i];
					int f = m->npath ? m->pts[0] : -1;
					int t = m->npath ? m->pts[m->npath - 1] : -1;

					if ((from >= 0 && f != from) ||
					    (to >= 0 && t != to))
						continue;
					ck_assert_msg(k < got &&
						      bg_move_equal(&at[k], m),
						      "%s: moves at %d/%d differ",
						      specs[s], from, to);
					k++;
					want++;
				}
				ck_assert_uint_eq(got, want);
			}
		}
		ck_assert_int_eq(bg_legal_moves_at(g, np, -1, at, LEGAL_CAP,
						   &n), BG_EINVAL);
		ck_assert_int_eq(bg_legal_moves_at(g, -2, -1, at, LEGAL_CAP,
						   &n), BG_EINVAL);
		bg_game_free(g);
	}
}
END_TEST

START_TEST(test_moves_at_buffer)
{
	bg_game *g = new_game("kutochki");
	bg_move m[8];
	size_t n = 0;

	/* h3 (white's corner piece) steps to g3 and h4... and jumps. */
	int h3 = point(g, "h3");
	ck_assert_int_eq(bg_legal_moves_at(g, h3, -1, NULL, 0, &n), BG_OK);
	ck_assert_uint_gt(n, 1);
	size_t full = n;
	ck_assert_int_eq(bg_legal_moves_at(g, h3, -1, m, 1, &n), BG_EBUFSIZE);
	ck_assert_uint_eq(n, full);
	ck_assert_int_eq(bg_legal_moves_at(g, h3, -1, NULL, 1, &n), BG_EINVAL);
	ck_assert_int_eq(bg_legal_moves_at(g, h3, -1, m, 8, NULL), BG_EINVAL);
	/* A point of the other side has no moves now. */
	ck_assert_int_eq(bg_legal_moves_at(g, point(g, "a8"), -1, m, 8, &n),
			 BG_OK);
	ck_assert_uint_eq(n, 0);
	bg_game_free(g);
}
END_TEST

/* ---- Errors kept by the handle --------------------------------------------- */

START_TEST(test_game_error)
{
	bg_game *a = new_game("kutochki"), *b = new_game("mill");

	ck_assert_str_eq(bg_game_error(a), "");
	ck_assert_str_eq(bg_game_error(NULL), "");
	ck_assert_int_eq(bg_play_text(a, "a1-a2"), BG_EILLEGAL);
	ck_assert_str_eq(bg_game_error(a), bg_last_error());
	ck_assert_ptr_nonnull(strstr(bg_game_error(a), "a1-a2"));
	/* Another handle's failure, and this handle's successes, keep it. */
	ck_assert_int_eq(bg_play_text(b, "z9"), BG_EPARSE);
	ck_assert_ptr_nonnull(strstr(bg_game_error(a), "a1-a2"));
	ck_assert_ptr_nonnull(strstr(bg_game_error(b), "z9"));
	play(a, "h3-f3");
	ck_assert_ptr_nonnull(strstr(bg_game_error(a), "a1-a2"));
	/* Every kind of call records its failure. */
	ck_assert_int_eq(bg_undo(b), BG_ENOUNDO);
	ck_assert_str_eq(bg_game_error(b), bg_last_error());
	double s;
	ck_assert_int_eq(bg_score(b, 0, &s), BG_ENOTSUP);
	ck_assert_str_eq(bg_game_error(b), bg_last_error());
	ck_assert(s == 0);
	char buf[4];
	ck_assert_int_eq(bg_position_text(b, buf, sizeof buf, NULL),
			 BG_EBUFSIZE);
	ck_assert_str_eq(bg_game_error(b), bg_last_error());
	/* The games' own queries too. */
	int tempo;
	ck_assert_int_eq(bg_kutochki_tempo(a, 2, &tempo), BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_game_error(a), "seat 2"));
	bg_game *d = new_game("tochki:size=5");
	size_t n;
	ck_assert_int_eq(bg_tochki_ring(d, 3, NULL, 0, &n, NULL), BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_game_error(d), "no ring 3"));
	ck_assert_int_eq(bg_tochki_ring_count(a), BG_EWRONGGAME);
	ck_assert_str_eq(bg_game_error(a), bg_last_error());
	bg_game_free(d);
	bg_game_free(a);
	bg_game_free(b);
}
END_TEST

/* ---- Constructors, size queries, counts ------------------------------------- */

START_TEST(test_constructors_clear_out)
{
	bg_game *g;

	g = (bg_game *)&g;
	ck_assert_int_eq(bg_game_new(&g, "chess"), BG_ENOGAME);
	ck_assert_ptr_null(g);
	g = (bg_game *)&g;
	ck_assert_int_eq(bg_game_new(&g, "kutochki:size=9"), BG_EOPTION);
	ck_assert_ptr_null(g);
	g = (bg_game *)&g;
	ck_assert_int_eq(bg_game_clone(&g, NULL), BG_EINVAL);
	ck_assert_ptr_null(g);
	g = (bg_game *)&g;
	ck_assert_int_eq(bg_game_from_position(&g, "mill nonsense 0"),
			 BG_EFORMAT);
	ck_assert_ptr_null(g);
	g = (bg_game *)&g;
	ck_assert_int_eq(bg_game_from_record(&g, "no tags"), BG_EFORMAT);
	ck_assert_ptr_null(g);
	g = (bg_game *)&g;
	ck_assert_int_eq(bg_tochki_from_sgf(&g, "(;GM[1])", NULL), BG_EFORMAT);
	ck_assert_ptr_null(g);
}
END_TEST

START_TEST(test_size_queries)
{
	bg_game *g = new_game("tochki:size=5,start=empty");
	size_t n = 0;
	int ring[64];
	char text[1024];

	/* Red b3 c4 d3 c2 close around Blue's c3. */
	play_all(g, "b3 c3 c4 a1 d3 a2 c2");
	/* Every output: buf NULL, cap 0 answers BG_OK with the size. */
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(bg_position_text(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(bg_position_text(g, text, sizeof text, NULL), BG_OK);
	ck_assert_uint_eq(n, strlen(text));
	ck_assert_int_eq(bg_record_text(g, NULL, 0, &n), BG_OK);
	ck_assert_int_eq(bg_tochki_sgf(g, NULL, 0, &n), BG_OK);
	ck_assert_int_gt(bg_tochki_ring_count(g), 0);
	ck_assert_int_eq(bg_tochki_ring(g, 0, NULL, 0, &n, NULL), BG_OK);
	ck_assert_uint_gt(n, 0);
	ck_assert_int_eq(bg_tochki_ring(g, 0, ring, 64, &n, NULL), BG_OK);
	bg_game_free(g);
}
END_TEST

START_TEST(test_text_maxima)
{
	/* The longest names (Dots on 52x52) and the longest chains fit. */
	bg_game *g = new_game("tochki:size=52");
	char name[BG_POINT_NAME_MAX];
	size_t len = 0;
	bg_move m;

	for (int p = 0; p < (int)bg_point_count(g); p++) {
		ck_assert_int_eq(bg_point_name(g, p, name, sizeof name, &len),
				 BG_OK);
		ck_assert_uint_lt(len, BG_POINT_NAME_MAX);
	}
	memset(&m, 0, sizeof m);
	m.kind = BG_MOVE_PLACE;
	m.npath = BG_MOVE_MAX_POINTS;
	m.flags = BG_MOVE_FLAG_MARK;
	for (int i = 0; i < BG_MOVE_MAX_POINTS; i++)
		m.pts[i] = (uint16_t)(bg_point_count(g) - 1 - (size_t)i);
	ck_assert_int_eq(bg_move_to_text(g, &m, NULL, 0, &len), BG_OK);
	ck_assert_uint_lt(len, BG_MOVE_TEXT_MAX);
	bg_game_free(g);
}
END_TEST

START_TEST(test_reason_count)
{
	int n = bg_reason_count();

	ck_assert_int_eq(n, BG_REASON_ADJUDICATION + 1);
	for (int r = 0; r < n; r++)
		ck_assert_str_ne(bg_reason_name(r), "?");
	ck_assert_str_eq(bg_reason_name(n), "?");
	ck_assert_str_eq(bg_reason_name(BG_REASON_TIME), "time");
	ck_assert_str_eq(bg_reason_name(BG_REASON_AGREEMENT), "agreement");
	ck_assert_str_eq(bg_reason_name(BG_REASON_ADJUDICATION),
			 "adjudication");
}
END_TEST

START_TEST(test_score_not_supported)
{
	bg_game *g = new_game("kvartet");
	double s = 5;

	ck_assert_int_eq(bg_score(g, 0, &s), BG_ENOTSUP);
	ck_assert(s == 0);
	bg_game_free(g);
	g = new_game("seega");
	ck_assert_int_eq(bg_score(g, 1, &s), BG_OK);
	bg_game_free(g);
}
END_TEST

/* ---- Specs that keep their meaning ------------------------------------------ */

/* The spec's option keys appear in text, each once, in catalogue order. */
static void expect_every_option(const char *text, const char *name)
{
	int i = bg_catalog_find(name);
	const char *at = text, *key;

	ck_assert_int_ge(i, 0);
	for (size_t k = 0; k < bg_catalog_option_count((size_t)i); k++) {
		char want[64];

		ck_assert_int_eq(bg_catalog_option((size_t)i, k, &key, NULL,
						   NULL, NULL, NULL), BG_OK);
		snprintf(want, sizeof want, "%c%s=", k ? ',' : ':', key);
		at = strstr(at, want);
		ck_assert_msg(at != NULL, "option %s missing or out of order "
			      "in %s", key, text);
	}
}

START_TEST(test_full_spec_in_texts)
{
	for (size_t i = 0; i < bg_catalog_count(); i++) {
		const char *name = bg_catalog_name(i);
		bg_game *g = new_game(name), *back;
		char pos[4096], *rec;

		ck_assert_str_eq(bg_game_spec(g), name);
		ck_assert_int_eq(bg_position_text(g, pos, sizeof pos, NULL),
				 BG_OK);
		*strchr(pos, ' ') = '\0';
		expect_every_option(pos, name);
		rec = record(g);
		expect_every_option(rec, name);
		/* Read back, the game is the same: the canonical spec is. */
		back = from_record(rec);
		ck_assert_str_eq(bg_game_spec(back), name);
		free(rec);
		bg_game_free(back);
		bg_game_free(g);
	}
}
END_TEST

/* Texts written before every option was named still read. */
START_TEST(test_short_specs_still_read)
{
	bg_game *g = from_record("[Game \"kutochki:size=10\"]\n"
				 "[Result \"*\"]\n\n1. j5-i5 *\n");

	ck_assert_str_eq(bg_game_spec(g), "kutochki:size=10");
	ck_assert_uint_eq(bg_history_length(g), 1);
	bg_game_free(g);
	g = from_pos("mill .../..b/.../....../.../.../www b 6 7 0 5");
	ck_assert_str_eq(bg_game_spec(g), "mill");
	bg_game_free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("contract");
	TCase *tc;

	tc = tcase_create("declared ends");
	tcase_add_test(tc, test_resign);
	tcase_add_test(tc, test_declare_result_checks);
	tcase_add_test(tc, test_declare_after_end);
	tcase_add_test(tc, test_declared_records);
	tcase_add_test(tc, test_termination_errors);
	suite_add_tcase(s, tc);

	tc = tcase_create("effects");
	tcase_add_test(tc, test_effects_turkish);
	tcase_add_test(tc, test_effects_mill);
	tcase_add_test(tc, test_effects_dots);
	tcase_add_test(tc, test_effects_history);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves at a point");
	tcase_add_test(tc, test_moves_at);
	tcase_add_test(tc, test_moves_at_buffer);
	suite_add_tcase(s, tc);

	tc = tcase_create("conventions");
	tcase_add_test(tc, test_game_error);
	tcase_add_test(tc, test_constructors_clear_out);
	tcase_add_test(tc, test_size_queries);
	tcase_add_test(tc, test_text_maxima);
	tcase_add_test(tc, test_reason_count);
	tcase_add_test(tc, test_score_not_supported);
	suite_add_tcase(s, tc);

	tc = tcase_create("specs");
	tcase_add_test(tc, test_full_spec_in_texts);
	tcase_add_test(tc, test_short_specs_still_read);
	suite_add_tcase(s, tc);

	return run_suite(s);
}
