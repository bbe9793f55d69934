/*
 * The generic API of <boardgames/boardgames.h> and every kind of bad input:
 * version, errors, catalogue, specs, NULL arguments, buffer sizes, move
 * text, undo and game over, position and record text, board description.
 *
 * What a failing call must leave behind: the header says "a failed call
 * changes nothing", so after every failing call on an existing game these
 * tests compare a snapshot (position text, hash, ply, history length, side
 * to move, outcome, legal moves) taken before. For failing constructors the
 * header does not say what *out holds, so only the return code is asserted;
 * leaks show under valgrind.
 */
#include <check.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define POS_CAP 8192
#define MOVES_CAP 1024
/* Position and record text name every option, defaults included. */
#define KUTOCHKI_10_DIAGONAL "kutochki:size=10,layout=triangle,diagonal=1," \
	"rules=gambiter,leave_home=auto,tempo_check=auto"
#define KUTOCHKI_CLASSIC_1 "kutochki:size=8,layout=triangle,diagonal=0," \
	"rules=classic,leave_home=1,tempo_check=auto"

/* ---- Helpers ------------------------------------------------------------ */

static void position_text(const bg_game *g, char *buf)
{
	size_t len = 0;
	int rc = bg_position_text(g, buf, POS_CAP, &len);
	ck_assert_msg(rc == BG_OK, "bg_position_text = %d (%s)", rc,
		      bg_last_error());
	ck_assert_uint_eq(strlen(buf), len);
}

/* The record text in a fresh malloc'd buffer. */
static char *record_text(const bg_game *g)
{
	char probe[1];
	size_t len = 0;
	int rc = bg_record_text(g, probe, 0, &len);
	ck_assert_msg(rc == BG_EBUFSIZE, "bg_record_text cap 0 = %d", rc);
	char *buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	size_t len2 = 0;
	rc = bg_record_text(g, buf, len + 1, &len2);
	ck_assert_msg(rc == BG_OK, "bg_record_text = %d (%s)", rc,
		      bg_last_error());
	ck_assert_uint_eq(len2, len);
	ck_assert_uint_eq(strlen(buf), len);
	return buf;
}

/* The record text reads back as g: its position and its history's
 * length. The game read, for more checks; the caller frees it. */
static bg_game *expect_record_reads(const bg_game *g, const char *text)
{
	char a[POS_CAP], b[POS_CAP];
	bg_game *r = NULL;
	int rc = bg_game_from_record(&r, text);

	ck_assert_msg(rc == BG_OK, "%s: %s", text, bg_last_error());
	position_text(g, a);
	position_text(r, b);
	ck_assert_str_eq(a, b);
	ck_assert_uint_eq(bg_history_length(r), bg_history_length(g));
	return r;
}

static size_t legal_moves(const bg_game *g, bg_move *buf)
{
	size_t n = 0;
	int rc = bg_legal_moves(g, buf, MOVES_CAP, &n);
	ck_assert_msg(rc == BG_OK, "bg_legal_moves = %d (%s)", rc,
		      bg_last_error());
	return n;
}

static void move_text(const bg_game *g, const bg_move *m, char *buf,
		      size_t cap)
{
	int rc = bg_move_to_text(g, m, buf, cap, NULL);
	ck_assert_msg(rc == BG_OK, "bg_move_to_text = %d (%s)", rc,
		      bg_last_error());
}

/* Play the first legal move and return its text in buf. */
static void play_first(bg_game *g, char *buf, size_t cap)
{
	bg_move moves[MOVES_CAP];
	size_t n = legal_moves(g, moves);
	ck_assert_msg(n > 0, "no legal move at ply %u", (unsigned)bg_ply(g));
	if (buf)
		move_text(g, &moves[0], buf, cap);
	int rc = bg_play(g, &moves[0]);
	ck_assert_msg(rc == BG_OK, "bg_play(first) = %d (%s)", rc,
		      bg_last_error());
}

/* Everything a failed call must leave as it was. */
typedef struct snapshot {
	char pos[POS_CAP];
	uint64_t hash;
	uint32_t ply, history;
	int to_move, status, winner, reason;
	size_t nmoves;
	bg_move moves[MOVES_CAP];
} snapshot;

static snapshot *snap_take(const bg_game *g)
{
	snapshot *s = calloc(1, sizeof *s);
	ck_assert_ptr_nonnull(s);
	position_text(g, s->pos);
	s->hash = bg_hash(g);
	s->ply = bg_ply(g);
	s->history = bg_history_length(g);
	s->to_move = bg_to_move(g);
	ck_assert_int_eq(bg_outcome(g, &s->status, &s->winner, &s->reason),
			 BG_OK);
	s->nmoves = legal_moves(g, s->moves);
	return s;
}

/* Assert that g is exactly as in the snapshot, then free the snapshot. */
static void snap_check(const bg_game *g, snapshot *s, const char *what)
{
	snapshot *now = snap_take(g);
	ck_assert_msg(strcmp(now->pos, s->pos) == 0,
		      "%s changed the position:\n  before %s\n  after  %s", what,
		      s->pos, now->pos);
	ck_assert_msg(now->hash == s->hash, "%s changed the hash", what);
	ck_assert_msg(now->ply == s->ply, "%s changed the ply (%u -> %u)", what,
		      (unsigned)s->ply, (unsigned)now->ply);
	ck_assert_msg(now->history == s->history,
		      "%s changed the history length (%u -> %u)", what,
		      (unsigned)s->history, (unsigned)now->history);
	ck_assert_msg(now->to_move == s->to_move, "%s changed the side to move",
		      what);
	ck_assert_msg(now->status == s->status && now->winner == s->winner &&
			      now->reason == s->reason,
		      "%s changed the outcome", what);
	ck_assert_msg(now->nmoves == s->nmoves &&
			      memcmp(now->moves, s->moves,
				     s->nmoves * sizeof(bg_move)) == 0,
		      "%s changed the legal moves", what);
	free(now);
	free(s);
}

/* Malloc'd copy of s with the first occurrence of `from` replaced by `to`;
 * fails the test when `from` is not in s. */
static char *replace_first(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	ck_assert_msg(at != NULL, "\"%s\" not found in:\n%s", from, s);
	size_t head = (size_t)(at - s), lf = strlen(from), lt = strlen(to);
	size_t tail = strlen(at + lf);
	char *out = malloc(head + lt + tail + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, s, head);
	memcpy(out + head, to, lt);
	memcpy(out + head + lt, at + lf, tail + 1);
	return out;
}

/* Malloc'd copy of s with its last occurrence of `from` replaced. */
static char *replace_last(const char *s, const char *from, const char *to)
{
	const char *at = NULL, *p = s;
	while ((p = strstr(p, from)) != NULL)
		at = p++;
	ck_assert_msg(at != NULL, "\"%s\" not found in:\n%s", from, s);
	size_t head = (size_t)(at - s);
	char *prefix = malloc(head + 1);
	ck_assert_ptr_nonnull(prefix);
	memcpy(prefix, s, head);
	prefix[head] = '\0';
	char *rest = replace_first(at, from, to);
	char *out = malloc(strlen(prefix) + strlen(rest) + 1);
	ck_assert_ptr_nonnull(out);
	strcpy(out, prefix);
	strcat(out, rest);
	free(prefix);
	free(rest);
	return out;
}

/* Malloc'd copy of s with `ins` inserted before the first `at`. */
static char *insert_before(const char *s, const char *at, const char *ins)
{
	size_t al = strlen(at), il = strlen(ins);
	char *with = malloc(al + il + 1);
	ck_assert_ptr_nonnull(with);
	memcpy(with, ins, il);
	memcpy(with + il, at, al + 1);
	char *out = replace_first(s, at, with);
	free(with);
	return out;
}

static char *dup_prefix(const char *s, size_t n)
{
	char *out = malloc(n + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, s, n);
	out[n] = '\0';
	return out;
}

/* Expect bg_game_from_position(text) to fail with `code`. */
static void expect_position_error(const char *text, int code)
{
	bg_game *g = NULL;
	int rc = bg_game_from_position(&g, text);
	if (rc == BG_OK)
		bg_game_free(g);
	ck_assert_msg(rc == code,
		      "bg_game_from_position(\"%s\") = %d, expected %d (%s)",
		      text, rc, code, bg_last_error());
	ck_assert_msg(bg_last_error()[0] != '\0',
		      "no error detail for position \"%s\"", text);
}

static void expect_record_error(const char *text, int code)
{
	bg_game *g = NULL;
	int rc = bg_game_from_record(&g, text);
	if (rc == BG_OK)
		bg_game_free(g);
	ck_assert_msg(rc == code,
		      "bg_game_from_record(\"%s\") = %d, expected %d (%s)",
		      text, rc, code, bg_last_error());
	ck_assert_msg(bg_last_error()[0] != '\0',
		      "no error detail for record \"%s\"", text);
}

/* Index of option `key` of game i, or -1. */
static int option_index(size_t game, const char *key)
{
	for (size_t k = 0; k < bg_catalog_option_count(game); k++) {
		const char *kk = NULL;
		ck_assert_int_eq(bg_catalog_option(game, k, &kk, NULL, NULL,
						   NULL, NULL),
				 BG_OK);
		if (strcmp(kk, key) == 0)
			return (int)k;
	}
	return -1;
}

/* Is `word` one of the '|'-separated items of `list`? */
static int list_has(const char *list, const char *word)
{
	size_t wl = strlen(word);
	const char *p = list;
	for (;;) {
		const char *bar = strchr(p, '|');
		size_t l = bar ? (size_t)(bar - p) : strlen(p);
		if (l == wl && strncmp(p, word, wl) == 0)
			return 1;
		if (!bar)
			return 0;
		p = bar + 1;
	}
}

/* The file letters of column x: a..z, aa, ab, ... */
static void file_letters(int x, char *out)
{
	if (x < 26) {
		out[0] = (char)('a' + x);
		out[1] = '\0';
	} else {
		out[0] = (char)('a' + (x - 26) / 26);
		out[1] = (char)('a' + (x - 26) % 26);
		out[2] = '\0';
	}
}

static int point_of(const bg_game *g, const char *name)
{
	int p = -1;
	int rc = bg_point_find(g, name, &p);
	ck_assert_msg(rc == BG_OK, "bg_point_find(\"%s\") = %d", name, rc);
	return p;
}

/* ---- Version and errors ------------------------------------------------- */

START_TEST(test_version)
{
	char expect[32];
	snprintf(expect, sizeof expect, "%d.%d.%d", BG_VERSION_MAJOR,
		 BG_VERSION_MINOR, BG_VERSION_PATCH);
	ck_assert_str_eq(BG_VERSION_STRING, expect);
	ck_assert_ptr_nonnull(bg_version());
	ck_assert_str_eq(bg_version(), BG_VERSION_STRING);
	ck_assert_int_eq(bg_version_number(), BG_VERSION_NUMBER);
	ck_assert_int_eq(BG_VERSION_NUMBER, BG_VERSION_MAJOR * 10000 +
						    BG_VERSION_MINOR * 100 +
						    BG_VERSION_PATCH);
}
END_TEST

START_TEST(test_strerror)
{
	const int codes[] = {BG_OK,        BG_EINVAL,    BG_ENOGAME,
			     BG_EOPTION,   BG_EPARSE,    BG_EILLEGAL,
			     BG_EAMBIGUOUS, BG_EBUFSIZE, BG_ENOUNDO,
			     BG_EGAMEOVER, BG_EFORMAT,   BG_ENOMEM,
			     BG_EWRONGGAME, BG_ENOTSUP};
	const size_t ncodes = sizeof codes / sizeof codes[0];
	for (size_t i = 0; i < ncodes; i++) {
		const char *t = bg_strerror(codes[i]);
		ck_assert_msg(t != NULL && t[0] != '\0',
			      "bg_strerror(%d) is empty", codes[i]);
		for (size_t j = 0; j < i; j++)
			ck_assert_msg(strcmp(t, bg_strerror(codes[j])) != 0,
				      "bg_strerror(%d) == bg_strerror(%d)",
				      codes[i], codes[j]);
	}
	const int unknown[] = {1, 5, -14, -100, 12345, -2147483647 - 1};
	for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		const char *t = bg_strerror(unknown[i]);
		ck_assert_msg(t != NULL && t[0] != '\0',
			      "bg_strerror(%d) gives no text", unknown[i]);
	}
}
END_TEST

START_TEST(test_last_error_cleared)
{
	bg_game *g = NULL;
	ck_assert_int_eq(bg_game_new(&g, "nosuchgame"), BG_ENOGAME);
	ck_assert_str_ne(bg_last_error(), "");
	g = new_game("kutochki");
	ck_assert_msg(bg_last_error()[0] == '\0',
		      "bg_last_error() after a success: \"%s\"",
		      bg_last_error());
	ck_assert_int_eq(bg_undo(g), BG_ENOUNDO);
	ck_assert_str_ne(bg_last_error(), "");
	bg_game_free(g);
}
END_TEST

/* ---- Catalogue ---------------------------------------------------------- */

START_TEST(test_catalog_games)
{
	size_t count = bg_catalog_count();
	ck_assert_uint_ge(count, 2);
	for (size_t i = 0; i < count; i++) {
		const char *name = bg_catalog_name(i);
		ck_assert_msg(name && name[0], "game %zu has no name", i);
		for (size_t j = 0; j < i; j++)
			ck_assert_str_ne(name, bg_catalog_name(j));
		const char *en = bg_catalog_title(i, "en");
		const char *ru = bg_catalog_title(i, "ru");
		ck_assert_msg(en && en[0], "%s: no English title", name);
		ck_assert_msg(ru && ru[0], "%s: no Russian title", name);
		ck_assert_ptr_null(bg_catalog_title(i, "xx"));
		ck_assert_ptr_null(bg_catalog_title(i, ""));
		ck_assert_ptr_null(bg_catalog_title(i, NULL));
		ck_assert_int_eq(bg_catalog_find(name), (int)i);
		/* Every alias finds its game and is no other game's name. */
		for (size_t k = 0; k < 64; k++) {
			const char *alias = bg_catalog_alias(i, k);
			if (!alias)
				break;
			ck_assert_msg(alias[0], "%s: empty alias %zu", name, k);
			ck_assert_msg(bg_catalog_find(alias) == (int)i,
				      "%s: alias \"%s\" finds %d", name, alias,
				      bg_catalog_find(alias));
		}
		/* A game made by its name is that game, canonical spec = name. */
		bg_game *g = new_game(name);
		ck_assert_str_eq(bg_game_name(g), name);
		ck_assert_str_eq(bg_game_spec(g), name);
		bg_game_free(g);
	}
	/* Out of range. */
	ck_assert_ptr_null(bg_catalog_name(count));
	ck_assert_ptr_null(bg_catalog_name((size_t)-1));
	ck_assert_ptr_null(bg_catalog_title(count, "en"));
	ck_assert_ptr_null(bg_catalog_alias(count, 0));
	ck_assert_uint_eq(bg_catalog_option_count(count), 0);
	const char *key = "unchanged";
	ck_assert_int_eq(bg_catalog_option(count, 0, &key, NULL, NULL, NULL,
					   NULL),
			 BG_EINVAL);
	ck_assert_int_eq(bg_catalog_find("nosuchgame"), BG_ENOGAME);
	ck_assert_int_eq(bg_catalog_find(""), BG_ENOGAME);
	ck_assert_int_eq(bg_catalog_find("kutochki:size=10"), BG_ENOGAME);
	ck_assert_int_eq(bg_catalog_find(NULL), BG_EINVAL);
}
END_TEST

START_TEST(test_catalog_kutochki_halma)
{
	int ku = bg_catalog_find("kutochki");
	ck_assert_int_ge(ku, 0);
	ck_assert_int_eq(bg_catalog_find("corners"), ku);
	ck_assert_int_eq(bg_catalog_find("ugolki"), ku);
	ck_assert_str_eq(bg_catalog_name((size_t)ku), "kutochki");
	int ha = bg_catalog_find("halma");
	ck_assert_int_ge(ha, 0);
	ck_assert_int_ne(ha, ku);

	/* The options the game page decides, with their defaults. */
	static const struct {
		const char *game, *key, *def;
		const char *must_allow[3];
	} expect[] = {
		{"kutochki", "size", "8", {"8", "10", NULL}},
		{"kutochki", "layout", "triangle",
		 {"triangle", "square3", "rect3x4"}},
		{"kutochki", "diagonal", "0", {NULL}},
		{"kutochki", "rules", "gambiter", {"gambiter", "classic", NULL}},
		{"kutochki", "leave_home", "auto", {"auto", NULL}},
		{"kutochki", "tempo_check", "auto", {"auto", NULL}},
		{"halma", "camp", "19", {"19", "13", NULL}},
		{"halma", "diagonal", "1", {NULL}},
		{"halma", "camp_lock", "1", {NULL}},
		{"halma", "max_plies", "1000", {NULL}},
		{"halma", "leave_home", NULL, {NULL}},
		{"halma", "tempo_check", NULL, {NULL}},
	};
	for (size_t e = 0; e < sizeof expect / sizeof expect[0]; e++) {
		size_t gi = (size_t)bg_catalog_find(expect[e].game);
		int k = option_index(gi, expect[e].key);
		ck_assert_msg(k >= 0, "%s has no option %s", expect[e].game,
			      expect[e].key);
		const char *def = NULL, *allowed = NULL;
		int type = -1;
		ck_assert_int_eq(bg_catalog_option(gi, (size_t)k, NULL, &type,
						   &def, &allowed, NULL),
				 BG_OK);
		if (expect[e].def)
			ck_assert_msg(strcmp(def, expect[e].def) == 0,
				      "%s:%s default \"%s\", expected \"%s\"",
				      expect[e].game, expect[e].key, def,
				      expect[e].def);
		for (int a = 0; a < 3 && expect[e].must_allow[a]; a++)
			ck_assert_msg(list_has(allowed, expect[e].must_allow[a]),
				      "%s:%s allowed \"%s\" lacks %s",
				      expect[e].game, expect[e].key, allowed,
				      expect[e].must_allow[a]);
	}
	size_t kd = (size_t)option_index((size_t)ku, "diagonal");
	int type = -1;
	bg_catalog_option((size_t)ku, kd, NULL, &type, NULL, NULL, NULL);
	ck_assert_int_eq(type, BG_OPT_BOOL);
	size_t kl = (size_t)option_index((size_t)ku, "layout");
	bg_catalog_option((size_t)ku, kl, NULL, &type, NULL, NULL, NULL);
	ck_assert_int_eq(type, BG_OPT_ENUM);
	/* A choice of numbers is an INT with a list. */
	size_t ks = (size_t)option_index((size_t)ku, "size");
	const char *allowed = NULL;
	bg_catalog_option((size_t)ku, ks, NULL, &type, NULL, &allowed, NULL);
	ck_assert_int_eq(type, BG_OPT_INT);
	ck_assert_str_eq(allowed, "8|10");
}
END_TEST

/* Every option of every game is described, and its default is accepted. */
START_TEST(test_catalog_options)
{
	for (size_t i = 0; i < bg_catalog_count(); i++) {
		const char *name = bg_catalog_name(i);
		size_t nopt = bg_catalog_option_count(i);
		for (size_t k = 0; k < nopt; k++) {
			const char *key = NULL, *def = NULL, *allowed = NULL,
				   *doc = NULL;
			int type = -1;
			int rc = bg_catalog_option(i, k, &key, &type, &def,
						   &allowed, &doc);
			ck_assert_int_eq(rc, BG_OK);
			ck_assert_msg(key && key[0], "%s option %zu: no key",
				      name, k);
			ck_assert_msg(strpbrk(key, ":,= ") == NULL,
				      "%s: key \"%s\" has a separator", name,
				      key);
			ck_assert_msg(type >= BG_OPT_BOOL && type <= BG_OPT_TEXT,
				      "%s:%s type %d", name, key, type);
			ck_assert_msg(def != NULL, "%s:%s no default", name,
				      key);
			ck_assert_msg(allowed && allowed[0], "%s:%s no allowed",
				      name, key);
			ck_assert_msg(doc && doc[0], "%s:%s no doc", name, key);
			if (type == BG_OPT_BOOL)
				ck_assert_msg(strcmp(def, "0") == 0 ||
						      strcmp(def, "1") == 0,
					      "%s:%s bool default \"%s\"", name,
					      key, def);
			if (type == BG_OPT_ENUM)
				ck_assert_msg(list_has(allowed, def),
					      "%s:%s default %s not in %s", name,
					      key, def, allowed);
			for (size_t j = 0; j < k; j++) {
				const char *kj = NULL;
				bg_catalog_option(i, j, &kj, NULL, NULL, NULL,
						  NULL);
				ck_assert_str_ne(kj, key);
			}
			/* All out pointers may be NULL. */
			ck_assert_int_eq(bg_catalog_option(i, k, NULL, NULL,
							   NULL, NULL, NULL),
					 BG_OK);
			/* The default is accepted and is not in the spec. */
			char spec[256];
			snprintf(spec, sizeof spec, "%s:%s=%s", name, key, def);
			bg_game *g = new_game(spec);
			ck_assert_msg(strcmp(bg_game_spec(g), name) == 0,
				      "spec of \"%s\" is \"%s\"", spec,
				      bg_game_spec(g));
			bg_game_free(g);
		}
		ck_assert_int_eq(bg_catalog_option(i, nopt, NULL, NULL, NULL,
						   NULL, NULL),
				 BG_EINVAL);
		ck_assert_int_eq(bg_catalog_option(i, (size_t)-1, NULL, NULL,
						   NULL, NULL, NULL),
				 BG_EINVAL);
	}
}
END_TEST

/* ---- Specs -------------------------------------------------------------- */

static void expect_spec(const char *spec, const char *canonical)
{
	bg_game *g = new_game(spec);
	ck_assert_msg(strcmp(bg_game_spec(g), canonical) == 0,
		      "spec \"%s\" -> \"%s\", expected \"%s\"", spec,
		      bg_game_spec(g), canonical);
	/* The canonical spec gives itself back. */
	bg_game *h = new_game(bg_game_spec(g));
	ck_assert_str_eq(bg_game_spec(h), canonical);
	ck_assert_str_eq(bg_game_name(h), bg_game_name(g));
	bg_game_free(h);
	bg_game_free(g);
}

START_TEST(test_spec_canonical)
{
	expect_spec("kutochki", "kutochki");
	expect_spec("corners", "kutochki");
	expect_spec("ugolki", "kutochki");
	expect_spec("corners:size=10", "kutochki:size=10");
	expect_spec("kutochki:size=8", "kutochki");
	expect_spec("kutochki:diagonal", "kutochki:diagonal=1");
	expect_spec("kutochki:diagonal=1", "kutochki:diagonal=1");
	expect_spec("kutochki:diagonal=true", "kutochki:diagonal=1");
	expect_spec("kutochki:diagonal=false", "kutochki");
	expect_spec("kutochki:diagonal=0", "kutochki");
	expect_spec("kutochki:rules=gambiter", "kutochki");
	expect_spec("kutochki:leave_home=auto", "kutochki");
	expect_spec("kutochki:leave_home=0", "kutochki:leave_home=0");
	expect_spec("kutochki:leave_home=999", "kutochki:leave_home=999");
	expect_spec("halma:diagonal=0", "halma:diagonal=0");
	expect_spec("halma:diagonal", "halma");
	expect_spec("halma:max_plies=0", "halma:max_plies=0");
	expect_spec("halma:max_plies=100000", "halma:max_plies=100000");
	expect_spec("halma:camp=13", "halma:camp=13");
	expect_spec("halma:camp=19", "halma");
	expect_spec("mill:double_mill=1", "mill:double_mill=1");
	expect_spec("fox-geese:geese=17,repetition=2",
		    "fox-geese:geese=17,repetition=2");
	expect_spec("leopards-cows:board=33", "leopards-cows:board=33");
	/* The standard options follow the game's own. */
	expect_spec("mill:max_plies=9,no_moves=pass,no_removal=5",
		    "mill:no_removal=5,no_moves=pass,max_plies=9");

	/* Input order does not matter; the canonical order is the schema's. */
	size_t ku = (size_t)bg_catalog_find("kutochki");
	const char *in[] = {"size=10", "layout=square3", "diagonal=1",
			    "rules=classic", "leave_home=7", "tempo_check=9"};
	const size_t nin = sizeof in / sizeof in[0];
	int order[6];
	for (size_t a = 0; a < nin; a++) {
		char key[32];
		size_t kl = strcspn(in[a], "=");
		memcpy(key, in[a], kl);
		key[kl] = '\0';
		order[a] = option_index(ku, key);
		ck_assert_int_ge(order[a], 0);
	}
	char canonical[256] = "kutochki";
	for (size_t k = 0; k < bg_catalog_option_count(ku); k++)
		for (size_t a = 0; a < nin; a++)
			if (order[a] == (int)k) {
				strcat(canonical,
				       strchr(canonical, ':') ? "," : ":");
				strcat(canonical, in[a]);
			}
	char reversed[256] = "kutochki:";
	for (size_t a = nin; a-- > 0;) {
		strcat(reversed, in[a]);
		if (a)
			strcat(reversed, ",");
	}
	expect_spec(reversed, canonical);
	char forward[256] = "corners:";
	for (size_t a = 0; a < nin; a++) {
		strcat(forward, in[a]);
		if (a + 1 < nin)
			strcat(forward, ",");
	}
	expect_spec(forward, canonical);
}
END_TEST

START_TEST(test_spec_errors)
{
	static const struct {
		const char *spec;
		int code;
		const char *named; /* what the message must mention */
	} cases[] = {
		{"chess", BG_ENOGAME, "chess"},
		{"chess:size=8", BG_ENOGAME, "chess"},
		{"kutochkix", BG_ENOGAME, "kutochkix"},
		{"", BG_ENOGAME, NULL},
		{":size=8", BG_ENOGAME, NULL},
		{"kutochki:foo=1", BG_EOPTION, "foo"},
		{"kutochki:size=12", BG_EOPTION, "size"},
		{"kutochki:size=ten", BG_EOPTION, "size"},
		{"kutochki:size=8,size=10", BG_EOPTION, "size"},
		{"kutochki:size=10,size=10", BG_EOPTION, "size"},
		{"kutochki:size=", BG_EOPTION, "size"},
		{"kutochki:size", BG_EOPTION, "size"},
		{"kutochki:size=10x", BG_EOPTION, "size"},
		{"kutochki:size=10;diagonal=1", BG_EOPTION, "size"},
		{"kutochki:size=10,", BG_EOPTION, NULL},
		{"kutochki:size=10,,diagonal=1", BG_EOPTION, NULL},
		{"kutochki:=8", BG_EOPTION, NULL},
		{"kutochki:layout=circle", BG_EOPTION, "layout"},
		{"kutochki:layout=", BG_EOPTION, "layout"},
		{"kutochki:diagonal=2", BG_EOPTION, "diagonal"},
		{"kutochki:diagonal=maybe", BG_EOPTION, "diagonal"},
		{"kutochki:diagonal=01", BG_EOPTION, "diagonal"},
		{"kutochki:diagonal=", BG_EOPTION, "diagonal"},
		{"kutochki:rules=modern", BG_EOPTION, "rules"},
		{"kutochki:leave_home=1000", BG_EOPTION, "leave_home"},
		{"kutochki:leave_home=-1", BG_EOPTION, "leave_home"},
		{"kutochki:leave_home=abc", BG_EOPTION, "leave_home"},
		{"kutochki:leave_home=1.5", BG_EOPTION, "leave_home"},
		{"kutochki:leave_home=99999999999999999999999",
		 BG_EOPTION, "leave_home"},
		{"kutochki:tempo_check=1000", BG_EOPTION, "tempo_check"},
		{"kutochki:camp=13", BG_EOPTION, "camp"},
		{"halma:camp=20", BG_EOPTION, "camp"},
		{"halma:size=10", BG_EOPTION, "size"},
		{"halma:max_plies=100001", BG_EOPTION, "max_plies"},
		{"halma:max_plies=-5", BG_EOPTION, "max_plies"},
		{"halma:camp_lock=maybe", BG_EOPTION, "camp_lock"},
		/* A list of numbers allows those numbers only. */
		{"kutochki:size=9", BG_EOPTION, "size"},
		{"kutochki:size=auto", BG_EOPTION, "size"},
		{"fox-geese:geese=15", BG_EOPTION, "geese"},
		{"mill:double_mill=3", BG_EOPTION, "double_mill"},
		/* An old spelling and the new one are the same option. */
		{"mill:blocked=pass,no_moves=pass", BG_EOPTION, "no_moves"},
		{"hasami-shogi:blocked=lose", BG_EOPTION, "blocked"},
		{"kvartet:sheep_stuck=pass", BG_EOPTION, "sheep_stuck"},
		{"tak-tikl:no_moves=stay", BG_EOPTION, "no_moves"},
		{"wolf-sheep:repetition=4", BG_EOPTION, "repetition"},
		/* A text option needs a value as the others do, and a ':'
		 * needs options after it. */
		{"tochki:size=", BG_EOPTION, "size"},
		{"fox-geese:fox=", BG_EOPTION, "fox"},
		{"kutochki:", BG_EOPTION, NULL},
		{"tochki:", BG_EOPTION, NULL},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bg_game *g = NULL;
		int rc = bg_game_new(&g, cases[c].spec);
		if (rc == BG_OK)
			bg_game_free(g);
		ck_assert_msg(rc == cases[c].code,
			      "bg_game_new(\"%s\") = %d, expected %d (%s)",
			      cases[c].spec, rc, cases[c].code,
			      bg_last_error());
		const char *msg = bg_last_error();
		ck_assert_msg(msg && msg[0], "\"%s\": no error detail",
			      cases[c].spec);
		if (cases[c].named)
			ck_assert_msg(strstr(msg, cases[c].named) != NULL,
				      "\"%s\": message \"%s\" does not name %s",
				      cases[c].spec, msg, cases[c].named);
	}
}
END_TEST

/* Specs are read up to 511 characters (the library's BG_SPEC_MAX of 512
 * with the NUL; the header names no limit): the longest is read, one more
 * is refused with BG_EOPTION. Leading zeros spell a small Dots field
 * long. */
START_TEST(test_spec_length)
{
	char spec[600];
	bg_game *g = NULL;

	ck_assert_int_eq(snprintf(spec, sizeof spec, "tochki:size=%0499d", 5),
			 511);
	ck_assert_msg(bg_game_new(&g, spec) == BG_OK, "511 characters: %s",
		      bg_last_error());
	ck_assert_str_eq(bg_game_spec(g), "tochki:size=5x5");
	bg_game_free(g);

	ck_assert_int_eq(snprintf(spec, sizeof spec, "tochki:size=%0500d", 5),
			 512);
	ck_assert_int_eq(bg_game_new(&g, spec), BG_EOPTION);
	ck_assert_ptr_null(g);
	ck_assert_msg(strstr(bg_last_error(), "spec longer than 511") != NULL,
		      "detail: %s", bg_last_error());
}
END_TEST

/* The standard options have one type, allowed list and doc line in every
 * game that has them, listed after the game's own options; only Seega and
 * Senegal score the end (by captures, by count) rather than draw, and say
 * so in their own doc line. */
START_TEST(test_standard_options)
{
	static const struct {
		const char *key;
		int type;
		const char *allowed;
		size_t games;
	} std[] = {
		{"no_moves", BG_OPT_ENUM, "lose|pass", 7},
		{"repetition", BG_OPT_INT, "2..3", 12},
		{"max_plies", BG_OPT_INT, "0..100000", 13},
	};
	size_t kv = (size_t)bg_catalog_find("kvartet");

	for (size_t s = 0; s < sizeof std / sizeof std[0]; s++) {
		const char *ref = NULL;
		size_t games = 0;

		ck_assert_int_eq(bg_catalog_option(kv, s, NULL, NULL, NULL,
						   NULL, &ref), BG_OK);
		for (size_t i = 0; i < bg_catalog_count(); i++) {
			const char *name = bg_catalog_name(i);
			int k = option_index(i, std[s].key);
			const char *allowed, *doc;
			int type;

			if (k < 0)
				continue;
			games++;
			bg_catalog_option(i, (size_t)k, NULL, &type, NULL,
					  &allowed, &doc);
			ck_assert_int_eq(type, std[s].type);
			ck_assert_str_eq(allowed, std[s].allowed);
			if ((!strcmp(name, "seega") || !strcmp(name, "senegal")) &&
			    s > 0)
				ck_assert_str_ne(doc, ref);
			else
				ck_assert_msg(!strcmp(doc, ref),
					      "%s:%s doc \"%s\"", name,
					      std[s].key, doc);
			/* After the game's own options. */
			for (size_t j = (size_t)k; j < bg_catalog_option_count(i);
			     j++) {
				const char *key;

				bg_catalog_option(i, j, &key, NULL, NULL, NULL,
						  NULL);
				ck_assert_msg(!strcmp(key, "no_moves") ||
					      !strcmp(key, "repetition") ||
					      !strcmp(key, "max_plies"),
					      "%s: %s after %s", name, key,
					      std[s].key);
			}
		}
		ck_assert_uint_eq(games, std[s].games);
	}
}
END_TEST

/* Plays a seeded random game on a and b side by side: the same hashes,
 * moves and outcome at every ply. */
static void expect_same_game(bg_game *a, bg_game *b, uint64_t seed)
{
	uint64_t ra = seed, rb = seed;
	int sa, wa, ea, sb, wb, eb;

	for (int ply = 0; ply < 400; ply++) {
		bg_move ma, mb;

		ck_assert_uint_eq(bg_hash(a), bg_hash(b));
		expect_same_moves(a, b);
		bg_outcome(a, &sa, &wa, &ea);
		bg_outcome(b, &sb, &wb, &eb);
		ck_assert_int_eq(sa, sb);
		ck_assert_int_eq(wa, wb);
		ck_assert_int_eq(ea, eb);
		if (sa != BG_ONGOING)
			return;
		ck_assert_int_eq(bg_random_move(a, &ra, &ma), BG_OK);
		ck_assert_int_eq(bg_random_move(b, &rb, &mb), BG_OK);
		ck_assert(bg_move_equal(&ma, &mb));
		ck_assert_int_eq(bg_play(a, &ma), BG_OK);
		ck_assert_int_eq(bg_play(b, &mb), BG_OK);
	}
}

/* Deprecated spellings, read until 2.0 (doc/api.md): the old names of
 * no_moves give the same canonical spec and the same game as the new one,
 * and are not listed. */
START_TEST(test_option_aliases)
{
	static const struct {
		const char *old, *spec;
	} cases[] = {
		{"kvartet:blocked=lose", "kvartet:no_moves=lose"},
		{"mill:blocked=pass", "mill:no_moves=pass"},
		{"mill:blocked=lose", "mill"},
		{"tak-tikl:blocked=lose,max_plies=100",
		 "tak-tikl:no_moves=lose,max_plies=100"},
		{"wolf-sheep:sheep_stuck=pass", "wolf-sheep:no_moves=pass"},
		{"fox-geese:geese_stuck=pass,geese=17",
		 "fox-geese:geese=17,no_moves=pass"},
		{"leopards-cows:cows_stuck=pass,repetition=2",
		 "leopards-cows:no_moves=pass,repetition=2"},
	};
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		bg_game *a = new_game(cases[c].old);
		bg_game *b = new_game(cases[c].spec);

		ck_assert_str_eq(bg_game_spec(a), cases[c].spec);
		ck_assert_str_eq(bg_game_spec(b), cases[c].spec);
		for (uint64_t seed = 1; seed <= 8; seed++) {
			expect_same_game(a, b, seed);
			while (bg_undo(a) == BG_OK)
				;
			while (bg_undo(b) == BG_OK)
				;
		}
		bg_game_free(a);
		bg_game_free(b);
	}
	for (size_t i = 0; i < bg_catalog_count(); i++) {
		ck_assert_int_lt(option_index(i, "blocked"), 0);
		ck_assert_int_lt(option_index(i, "sheep_stuck"), 0);
		ck_assert_int_lt(option_index(i, "geese_stuck"), 0);
		ck_assert_int_lt(option_index(i, "cows_stuck"), 0);
	}
}
END_TEST

/* ---- NULL and out-of-range arguments ------------------------------------ */

START_TEST(test_null_handles)
{
	bg_move m;
	memset(&m, 0, sizeof m);
	char buf[64];
	size_t n = 0, len = 0;
	int x = 0, y = 0, seat = 0, kind = 0, style = 0, p = 0;
	double score = 0;
	bg_game *out = NULL;

	bg_game_free(NULL);
	ck_assert_int_eq(bg_game_new(NULL, "kutochki"), BG_EINVAL);
	ck_assert_int_eq(bg_game_new(&out, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_game_clone(&out, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_board_kind(NULL), BG_EINVAL);
	ck_assert_int_eq(bg_board_size(NULL, &x, &y), BG_EINVAL);
	ck_assert_int_eq(bg_point_coords(NULL, 0, &x, &y), BG_EINVAL);
	ck_assert_int_eq(bg_point_name(NULL, 0, buf, sizeof buf, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_point_find(NULL, "a1", &p), BG_EINVAL);
	ck_assert_int_eq(bg_point_marks(NULL, 0), BG_EINVAL);
	ck_assert_int_eq(bg_point_piece(NULL, 0, &seat, &kind), BG_EINVAL);
	ck_assert_int_eq(bg_line_info(NULL, 0, &style, &n), BG_EINVAL);
	ck_assert_int_eq(bg_line_point(NULL, 0, 0, &p), BG_EINVAL);
	ck_assert_int_eq(bg_legal_moves(NULL, NULL, 0, &n), BG_EINVAL);
	ck_assert_int_eq(bg_move_to_text(NULL, &m, buf, sizeof buf, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_move_from_text(NULL, "e1-d1", &m), BG_EINVAL);
	ck_assert_int_eq(bg_play(NULL, &m), BG_EINVAL);
	ck_assert_int_eq(bg_play_text(NULL, "e1-d1"), BG_EINVAL);
	ck_assert_int_eq(bg_undo(NULL), BG_EINVAL);
	ck_assert_int_eq(bg_to_move(NULL), BG_EINVAL);
	ck_assert_int_eq(bg_outcome(NULL, &x, &y, &p), BG_EINVAL);
	ck_assert_int_eq(bg_score(NULL, 0, &score), BG_EINVAL);
	ck_assert_int_eq(bg_position_text(NULL, buf, sizeof buf, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_record_text(NULL, buf, sizeof buf, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_game_from_position(NULL, "kutochki"), BG_EINVAL);
	ck_assert_int_eq(bg_game_from_position(&out, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_game_from_record(NULL, "[Game \"kutochki\"]\n*"),
			 BG_EINVAL);
	ck_assert_int_eq(bg_game_from_record(&out, NULL), BG_EINVAL);
	ck_assert_msg(bg_move_equal(NULL, &m) == 0, "NULL equals a move");
	ck_assert_msg(bg_move_equal(&m, NULL) == 0, "a move equals NULL");
}
END_TEST

/* NULL out-pointers and out-of-range arguments on a real game: errors, and
 * the game unchanged. */
START_TEST(test_null_args_on_game)
{
	bg_game *g = new_game("kutochki");
	play_first(g, NULL, 0);
	snapshot *s = snap_take(g);
	bg_move moves[MOVES_CAP];
	size_t n = legal_moves(g, moves);
	char buf[64];
	size_t len = 0;
	double score = 0;
	int x, y, seat, kind, style, p;

	ck_assert_int_eq(bg_game_clone(NULL, g), BG_EINVAL);
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_legal_moves(g, NULL, 5, &n), BG_EINVAL);
	ck_assert_int_eq(bg_move_to_text(g, NULL, buf, sizeof buf, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_move_to_text(g, &moves[0], NULL, 10, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_move_from_text(g, NULL, &moves[0]), BG_EINVAL);
	ck_assert_int_eq(bg_move_from_text(g, "a7-a6", NULL), BG_EINVAL);
	ck_assert_int_eq(bg_play(g, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_play_text(g, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_point_name(g, 0, NULL, 10, &len), BG_EINVAL);
	ck_assert_int_eq(bg_point_find(g, NULL, &p), BG_EINVAL);
	ck_assert_int_eq(bg_point_find(g, "a1", NULL), BG_EINVAL);
	ck_assert_int_eq(bg_position_text(g, NULL, 10, &len), BG_EINVAL);
	ck_assert_int_eq(bg_record_text(g, NULL, 10, &len), BG_EINVAL);
	ck_assert_int_eq(bg_score(g, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_score(g, 2, &score), BG_EINVAL);
	ck_assert_int_eq(bg_score(g, -1, &score), BG_EINVAL);
	ck_assert_int_eq(bg_score(g, 1, &score), BG_OK);
	ck_assert_int_eq(bg_outcome(g, NULL, NULL, NULL), BG_OK);

	/* Out-of-range points and lines. */
	int np = (int)bg_point_count(g);
	const int bad[] = {-1, np, np + 1, 65535, 65536, -2147483647 - 1};
	for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
		ck_assert_int_eq(bg_point_coords(g, bad[b], &x, &y), BG_EINVAL);
		ck_assert_int_eq(bg_point_name(g, bad[b], buf, sizeof buf,
					       &len),
				 BG_EINVAL);
		ck_assert_int_eq(bg_point_marks(g, bad[b]), BG_EINVAL);
		ck_assert_int_eq(bg_point_piece(g, bad[b], &seat, &kind),
				 BG_EINVAL);
	}
	size_t nl = bg_line_count(g);
	ck_assert_int_eq(bg_line_info(g, nl, &style, &len), BG_EINVAL);
	ck_assert_int_eq(bg_line_point(g, nl, 0, &p), BG_EINVAL);

	/* Move values that do not fit the board at all. */
	bg_move junk;
	memset(&junk, 0, sizeof junk);
	junk.kind = BG_MOVE_STEP;
	junk.npath = 2;
	junk.pts[0] = (uint16_t)np;
	junk.pts[1] = 0;
	ck_assert_int_eq(bg_move_to_text(g, &junk, buf, sizeof buf, &len),
			 BG_EINVAL);
	int rc = bg_play(g, &junk);
	ck_assert_msg(rc == BG_EILLEGAL || rc == BG_EINVAL,
		      "bg_play(point out of range) = %d", rc);
	junk.pts[0] = 0;
	junk.npath = BG_MOVE_MAX_POINTS + 1;
	rc = bg_move_to_text(g, &junk, buf, sizeof buf, &len);
	ck_assert_int_eq(rc, BG_EINVAL);
	rc = bg_play(g, &junk);
	ck_assert_msg(rc == BG_EILLEGAL || rc == BG_EINVAL,
		      "bg_play(npath 35) = %d", rc);
	junk = moves[0];
	junk.kind = 200;
	rc = bg_play(g, &junk);
	ck_assert_msg(rc == BG_EILLEGAL || rc == BG_EINVAL,
		      "bg_play(kind 200) = %d", rc);
	junk = moves[0];
	junk.npath = 17;
	junk.nremove = 18;
	rc = bg_play(g, &junk);
	ck_assert_msg(rc == BG_EILLEGAL || rc == BG_EINVAL,
		      "bg_play(npath+nremove 35) = %d", rc);
	junk = moves[0];
	junk.flags ^= 0x80;
	ck_assert_int_eq(bg_play(g, &junk), BG_EINVAL);

	snap_check(g, s, "calls with bad arguments");
	bg_game_free(g);
}
END_TEST

/* bg_point_coords on a real point with a NULL out-pointer: BG_EINVAL with
 * a detail, on the handle too, and the game unchanged. */
START_TEST(test_point_coords_null)
{
	bg_game *g = new_game("mill");
	play_first(g, NULL, 0);
	snapshot *s = snap_take(g);
	int x = -7, y = -7;

	ck_assert_int_eq(bg_point_coords(g, 0, NULL, &y), BG_EINVAL);
	ck_assert_str_eq(bg_last_error(), "NULL argument");
	ck_assert_str_eq(bg_game_error(g), "NULL argument");
	ck_assert_int_eq(bg_point_coords(g, 0, &x, NULL), BG_EINVAL);
	ck_assert_str_eq(bg_last_error(), "NULL argument");
	ck_assert_int_eq(x, -7);
	ck_assert_int_eq(y, -7);
	snap_check(g, s, "bg_point_coords with NULL");
	bg_game_free(g);
}
END_TEST

/* ---- Buffers ------------------------------------------------------------ */

START_TEST(test_legal_buffer)
{
	bg_game *g = new_game("kutochki");
	snapshot *s = snap_take(g);
	bg_move moves[MOVES_CAP];
	size_t n = 12345;
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_uint_eq(n, 14); /* doc/games/kutochki.md: triangle 8x8, orthogonal */
	ck_assert_uint_le(n, bg_max_moves(g));
	size_t full = n;
	for (size_t cap = 0; cap < full; cap++) {
		n = 0;
		ck_assert_int_eq(bg_legal_moves(g, moves, cap, &n),
				 BG_EBUFSIZE);
		ck_assert_uint_eq(n, full);
	}
	/* No write past cap: the entry after a too-small buffer stays. */
	memset(moves, 0xAB, sizeof moves);
	bg_move sentinel = moves[full - 1];
	ck_assert_int_eq(bg_legal_moves(g, moves, full - 1, &n), BG_EBUFSIZE);
	ck_assert(memcmp(&moves[full - 1], &sentinel, sizeof sentinel) == 0);
	/* Exactly enough, and more than enough, give the same list. */
	bg_move exact[MOVES_CAP];
	ck_assert_int_eq(bg_legal_moves(g, exact, full, &n), BG_OK);
	ck_assert_uint_eq(n, full);
	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, &n), BG_OK);
	ck_assert_uint_eq(n, full);
	ck_assert(memcmp(exact, moves, full * sizeof(bg_move)) == 0);
	snap_check(g, s, "bg_legal_moves with small buffers");
	bg_game_free(g);
}
END_TEST

/* A list in a buffer of exactly its length, on the heap (ASan sees a
 * read past it): bg_legal_moves reads no entry past cap while it keeps the
 * list's keys, whatever the game's bound, and bg_play takes the last move
 * listed there. At the start wolf and sheep lists 2 moves of at most 8,
 * Corners 14 of 440, mill 24 of 6048, Turkish draughts 8 of 1024. */
START_TEST(test_legal_exact_heap)
{
	static const char *const specs[] = {
		"wolf-sheep", "kutochki", "mill", "turkish-draughts"
	};

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		bg_game *g = new_game(specs[i]);
		size_t n = 0, got = 0;
		bg_move *buf;

		ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
		ck_assert_uint_gt(n, 0);
		ck_assert_uint_lt(n, bg_max_moves(g));
		buf = malloc(n * sizeof(*buf));
		ck_assert_ptr_nonnull(buf);
		ck_assert_int_eq(bg_legal_moves(g, buf, n, &got), BG_OK);
		ck_assert_uint_eq(got, n);
		ck_assert_int_eq(bg_play(g, &buf[n - 1]), BG_OK);
		free(buf);
		bg_game_free(g);
	}
}
END_TEST

/* bg_play takes a move just listed without asking the game again only
 * while it is, byte for byte, that move in that position: a listed move
 * changed in the caller's buffer, or one listed in another position, is
 * checked like any other. (Wolf and sheep: the wolf moves first.) */
START_TEST(test_listed_moves_checked)
{
	bg_game *g = new_game("wolf-sheep");
	bg_move moves[MOVES_CAP], keep;
	uint64_t h = bg_hash(g);
	size_t n;

	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, &n), BG_OK);
	ck_assert_uint_ge(n, 2);
	keep = moves[0];
	/* A step to the wolf's own point, and a stray unused entry. */
	moves[0].pts[1] = moves[0].pts[0];
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EILLEGAL);
	moves[0] = keep;
	moves[0].pts[5] = 1;
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EINVAL);
	/* bg_play keeps the first points of a listed move, and the rest
	 * must still be zero: a stray entry past them is seen too. */
	moves[0] = keep;
	moves[0].pts[6] = 1;
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EINVAL);
	moves[0] = keep;
	moves[0].pts[BG_MOVE_MAX_POINTS - 1] = 1;
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EINVAL);
	/* A longer path whose first points are the listed move's. */
	moves[0] = keep;
	moves[0].npath = 3;
	moves[0].pts[2] = moves[0].pts[0];
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EILLEGAL);
	ck_assert_uint_eq(bg_hash(g), h);
	moves[0] = keep;
	/* Played, then the wolf's other move is the sheep's turn's no more. */
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_OK);
	ck_assert_int_eq(bg_play(g, &moves[1]), BG_EILLEGAL);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	/* A copy of a listed move, elsewhere: checked, and legal. */
	keep = moves[1];
	ck_assert_int_eq(bg_play(g, &keep), BG_OK);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_play(g, &moves[1]), BG_OK);
	/* The sheep's moves, listed and taken back: the wolf's turn. */
	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, &n), BG_OK);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EILLEGAL);
	/* Listed again, then scratch written by another call: checked. */
	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, &n), BG_OK);
	ck_assert_int_eq(bg_legal_moves_at(g, -1, -1, NULL, 0, &n), BG_OK);
	moves[1].pts[1] = moves[1].pts[0];
	ck_assert_int_eq(bg_play(g, &moves[1]), BG_EILLEGAL);
	/* Over by agreement: no move, listed or not. */
	ck_assert_int_eq(bg_legal_moves(g, moves, MOVES_CAP, &n), BG_OK);
	ck_assert_int_eq(bg_agree_draw(g), BG_OK);
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_EGAMEOVER);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_play(g, &moves[0]), BG_OK);
	bg_game_free(g);
}
END_TEST

/* The same in whole random games of the games that write their moves'
 * keys as they list them (wolf and sheep, Turkish draughts, whose kings
 * and capture chains come late) and of one that does not (mill): at
 * every ply each listed move, changed in the buffer to end where it
 * starts or to carry a stray point, is refused and leaves the position
 * as it was; then a listed move is played from the buffer. */
START_TEST(test_listed_moves_checked_games)
{
	static const char *const specs[] = {
		"wolf-sheep", "turkish-draughts", "mill"
	};
	static bg_move moves[MOVES_CAP];
	uint64_t rng = 12345;

	for (size_t s = 0; s < sizeof(specs) / sizeof(specs[0]); s++) {
		for (int game = 0; game < 20; game++) {
			bg_game *g = new_game(specs[s]);
			int status = BG_ONGOING;
			size_t n;

			while (status == BG_ONGOING) {
				uint64_t h = bg_hash(g);

				ck_assert_int_eq(bg_legal_moves(g, moves,
								MOVES_CAP, &n),
						 BG_OK);
				for (size_t i = 0; i < n; i++) {
					bg_move keep = moves[i];

					if (keep.npath < 2)
						continue;
					moves[i].pts[keep.npath - 1] =
						keep.pts[0];
					ck_assert_int_ne(bg_play(g, &moves[i]),
							 BG_OK);
					moves[i] = keep;
					moves[i].pts[BG_MOVE_MAX_POINTS - 1] =
						1;
					ck_assert_int_eq(bg_play(g, &moves[i]),
							 BG_EINVAL);
					moves[i] = keep;
					ck_assert_uint_eq(bg_hash(g), h);
				}
				rng = rng * 6364136223846793005ull +
				      1442695040888963407ull;
				ck_assert_int_eq(bg_play(g, &moves[(rng >> 33) %
								   n]),
						 BG_OK);
				bg_outcome(g, &status, NULL, NULL);
			}
			bg_game_free(g);
		}
	}
}
END_TEST

/* A text function: (g, arg, buf, cap, len). */
typedef int (*text_fn)(const bg_game *g, const void *arg, char *buf,
		       size_t cap, size_t *len);

static int fn_point_name(const bg_game *g, const void *arg, char *buf,
			 size_t cap, size_t *len)
{
	return bg_point_name(g, *(const int *)arg, buf, cap, len);
}

static int fn_move_text(const bg_game *g, const void *arg, char *buf,
			size_t cap, size_t *len)
{
	return bg_move_to_text(g, arg, buf, cap, len);
}

static int fn_position(const bg_game *g, const void *arg, char *buf,
		       size_t cap, size_t *len)
{
	(void)arg;
	return bg_position_text(g, buf, cap, len);
}

static int fn_record(const bg_game *g, const void *arg, char *buf, size_t cap,
		     size_t *len)
{
	(void)arg;
	return bg_record_text(g, buf, cap, len);
}

/* The buffer contract of one text function on one argument. */
static void check_text_buffers(const bg_game *g, text_fn fn, const void *arg,
			       const char *what)
{
	static char big[65536];
	size_t full = 0;
	ck_assert_int_eq(fn(g, arg, big, sizeof big, &full), BG_OK);
	ck_assert_uint_eq(strlen(big), full);
	ck_assert_msg(full > 0, "%s: empty text", what);

	/* buf NULL, cap 0: a size query, which needs somewhere to answer. */
	size_t len = 0;
	ck_assert_msg(fn(g, arg, NULL, 0, &len) == BG_OK,
		      "%s: NULL buffer with cap 0 is not a size query", what);
	ck_assert_uint_eq(len, full);
	ck_assert_int_eq(fn(g, arg, NULL, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(fn(g, arg, NULL, 1, &len), BG_EINVAL);

	char *buf = malloc(full + 16);
	ck_assert_ptr_nonnull(buf);
	for (size_t cap = 0; cap <= full; cap++) {
		memset(buf, '#', full + 16);
		len = 0;
		int rc = fn(g, arg, buf, cap, &len);
		ck_assert_msg(rc == BG_EBUFSIZE, "%s: cap %zu of %zu gives %d",
			      what, cap, full, rc);
		ck_assert_msg(len == full, "%s: cap %zu reports %zu, needs %zu",
			      what, cap, len, full);
		for (size_t i = cap; i < full + 16; i++)
			ck_assert_msg(buf[i] == '#',
				      "%s: cap %zu, byte %zu written", what,
				      cap, i);
		/* Without len the error is the same. */
		ck_assert_int_eq(fn(g, arg, buf, cap, NULL), BG_EBUFSIZE);
	}
	memset(buf, '#', full + 16);
	len = 0;
	ck_assert_int_eq(fn(g, arg, buf, full + 1, &len), BG_OK);
	ck_assert_uint_eq(len, full);
	ck_assert_str_eq(buf, big);
	ck_assert_int_eq(buf[full + 1], '#');
	ck_assert_int_eq(fn(g, arg, buf, full + 1, NULL), BG_OK);
	ck_assert_str_eq(buf, big);
	free(buf);
}

START_TEST(test_text_buffers)
{
	bg_game *g = new_game("kutochki:size=10");
	play_first(g, NULL, 0);
	play_first(g, NULL, 0);
	snapshot *s = snap_take(g);
	int points[] = {0, 9, 99};
	for (size_t i = 0; i < 3; i++)
		check_text_buffers(g, fn_point_name, &points[i],
				   "bg_point_name");
	bg_move moves[MOVES_CAP];
	size_t n = legal_moves(g, moves);
	for (size_t i = 0; i < n; i++)
		check_text_buffers(g, fn_move_text, &moves[i],
				   "bg_move_to_text");
	check_text_buffers(g, fn_position, NULL, "bg_position_text");
	check_text_buffers(g, fn_record, NULL, "bg_record_text");
	snap_check(g, s, "text functions with small buffers");
	bg_game_free(g);
}
END_TEST

/* ---- Moves -------------------------------------------------------------- */

static void expect_move_error(bg_game *g, const char *text, int code)
{
	snapshot *s = snap_take(g);
	bg_move m;
	memset(&m, 0, sizeof m);
	int rc = bg_move_from_text(g, text, &m);
	ck_assert_msg(rc == code, "bg_move_from_text(\"%s\") = %d, expected %d",
		      text, rc, code);
	ck_assert_msg(bg_last_error()[0] != '\0', "\"%s\": no detail", text);
	rc = bg_play_text(g, text);
	ck_assert_msg(rc == code, "bg_play_text(\"%s\") = %d, expected %d",
		      text, rc, code);
	char what[128];
	snprintf(what, sizeof what, "bg_play_text(\"%s\")", text);
	snap_check(g, s, what);
}

/* Move text is read up to BG_MOVE_TEXT_MAX - 1 characters, the longest
 * bg_move_to_text() writes, not counting blanks around it: a longer text
 * is BG_EPARSE ("move text too long") and changes nothing. */
START_TEST(test_move_text_too_long)
{
	bg_game *g = new_game("kutochki");
	char text[BG_MOVE_TEXT_MAX + 320];
	bg_move m;

	memset(text, 'a', BG_MOVE_TEXT_MAX);
	text[BG_MOVE_TEXT_MAX] = '\0';
	expect_move_error(g, text, BG_EPARSE);
	ck_assert_int_eq(bg_move_from_text(g, text, &m), BG_EPARSE);
	ck_assert_str_eq(bg_last_error(), "move text too long");
	/* One less is read, and refused for what it says. */
	text[BG_MOVE_TEXT_MAX - 1] = '\0';
	ck_assert_int_eq(bg_move_from_text(g, text, &m), BG_EPARSE);
	ck_assert_str_ne(bg_last_error(), "move text too long");
	/* Blanks around a move are not part of it. */
	snprintf(text, sizeof text, "%200s%s%100s", "", "e1-d1", "");
	ck_assert_uint_gt(strlen(text), BG_MOVE_TEXT_MAX);
	ck_assert_int_eq(bg_play_text(g, text), BG_OK);
	ck_assert_uint_eq(bg_ply(g), 1);
	bg_game_free(g);
}
END_TEST

/* The board as text: Corners' start from White's side and turned half
 * round for Black (doc/games/kutochki.md: White's camp in the corner at
 * h1, Black's at a8). */
START_TEST(test_board_text)
{
	static const char white[] =
		"8  b b b b . . . .\n"
		"7  b b b . . . . .\n"
		"6  b b . . . . . .\n"
		"5  b . . . . . . .\n"
		"4  . . . . . . . w\n"
		"3  . . . . . . w w\n"
		"2  . . . . . w w w\n"
		"1  . . . . w w w w\n"
		"   a b c d e f g h\n";
	static const char black[] =
		"1  w w w w . . . .\n"
		"2  w w w . . . . .\n"
		"3  w w . . . . . .\n"
		"4  w . . . . . . .\n"
		"5  . . . . . . . b\n"
		"6  . . . . . . b b\n"
		"7  . . . . . b b b\n"
		"8  . . . . b b b b\n"
		"   h g f e d c b a\n";
	bg_game *g = new_game("kutochki");
	char buf[1024];
	size_t len = 0;

	ck_assert_int_eq(bg_board_text(g, 0, NULL, 0, &len), BG_OK);
	ck_assert_uint_eq(len, strlen(white));
	ck_assert_int_eq(bg_board_text(g, 0, buf, sizeof buf, NULL), BG_OK);
	ck_assert_str_eq(buf, white);
	ck_assert_int_eq(bg_board_text(g, BG_DRAW_FLIP, buf, sizeof buf, NULL),
			 BG_OK);
	ck_assert_str_eq(buf, black);
	ck_assert_int_eq(bg_board_text(g, BG_DRAW_LEGEND, buf, sizeof buf,
				       NULL), BG_OK);
	ck_assert(!strncmp(buf, "w White, b Black; ", 18));
	ck_assert_str_eq(strchr(buf, '\n') + 1, white);
	ck_assert_int_eq(bg_board_text(g, 0, buf, len, NULL), BG_EBUFSIZE);
	ck_assert_int_eq(bg_board_text(g, 4, buf, sizeof buf, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_board_text(NULL, 0, buf, sizeof buf, NULL),
			 BG_EINVAL);
	bg_game_free(g);
}
END_TEST

/* A line board turned half round: rank 1 on top, the last file on the
 * left, the pieces and lines turned with it (alquerque's start: White on
 * ranks 1-2 and d3-e3). */
START_TEST(test_board_text_lines_flipped)
{
	static const char flipped[] =
		"1 w---w---w---w---w\n"
		"  | \\ | / | \\ | / |\n"
		"2 w---w---w---w---w\n"
		"  | / | \\ | / | \\ |\n"
		"3 w---w---+---b---b\n"
		"  | \\ | / | \\ | / |\n"
		"4 b---b---b---b---b\n"
		"  | / | \\ | / | \\ |\n"
		"5 b---b---b---b---b\n"
		"  e   d   c   b   a\n";
	bg_game *g = new_game("alquerque");
	char buf[1024];
	size_t len = 0;

	ck_assert_int_eq(bg_board_text(g, BG_DRAW_FLIP, NULL, 0, &len), BG_OK);
	ck_assert_uint_eq(len, strlen(flipped));
	ck_assert_int_eq(bg_board_text(g, BG_DRAW_FLIP, buf, sizeof buf, NULL),
			 BG_OK);
	ck_assert_str_eq(buf, flipped);
	bg_game_free(g);
}
END_TEST

START_TEST(test_move_text_errors)
{
	bg_game *g = new_game("kutochki");
	const char *unparsable[] = {"zz99",  "",       "e1--d1", "hello",
				    "e1-",   "-d1",    "e1-d1-", "i1-h1",
				    "a0-a1", "a9-a8",  "e1-d",   "1-d1",
				    "e1-d1x", "e1xd1x", "e1-d1 junk",
				    "e1-zz99"};
	for (size_t i = 0; i < sizeof unparsable / sizeof *unparsable; i++)
		expect_move_error(g, unparsable[i], BG_EPARSE);
	/* A name of a point the board lacks is said to be one. */
	const char *off_board[][2] = {{"zz99", "zz99"}, {"e1-i1", "i1"},
				      {"a9-a8", "a9"}, {"e1-d1xa0", "a0"}};
	for (size_t i = 0; i < sizeof off_board / sizeof *off_board; i++) {
		char want[64];
		bg_move m;

		expect_move_error(g, off_board[i][0], BG_EPARSE);
		snprintf(want, sizeof want, "%s is not a point of this board",
			 off_board[i][1]);
		ck_assert_int_eq(bg_move_from_text(g, off_board[i][0], &m),
				 BG_EPARSE);
		ck_assert_str_eq(bg_last_error(), want);
	}
	const char *illegal[] = {"a1-a2", "h1-h2", "e1-c1", "a8-a7",
				 "a5-a4", "e1-d2", "h4-h6", "d4-d5"};
	for (size_t i = 0; i < sizeof illegal / sizeof *illegal; i++)
		expect_move_error(g, illegal[i], BG_EILLEGAL);

	/* The legal ones parse to the listed moves, and both ways of writing
	 * a jump ("f1-d1") work. */
	bg_move m;
	ck_assert_int_eq(bg_move_from_text(g, "e1-d1", &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_STEP);
	ck_assert_int_eq(bg_move_from_text(g, "f1-d1", &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_JUMP);
	ck_assert_int_eq(bg_play_text(g, "e1-d1"), BG_OK);
	ck_assert_uint_eq(bg_ply(g), 1);
	ck_assert_int_eq(bg_to_move(g), 1);
	/* Now the side to move is Black: White's moves are illegal. */
	expect_move_error(g, "e2-e3", BG_EILLEGAL);
	expect_move_error(g, "d1-c1", BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_move_equal)
{
	bg_game *g = new_game("kutochki:diagonal=1");
	bg_move moves[MOVES_CAP];
	size_t n = legal_moves(g, moves);
	ck_assert_uint_eq(n, 24); /* doc/games/kutochki.md: triangle 8x8, diagonal */
	for (size_t i = 0; i < n; i++) {
		const bg_move *m = &moves[i];
		ck_assert_int_ne(bg_move_equal(m, m), 0);
		bg_move copy = *m;
		ck_assert_int_ne(bg_move_equal(m, &copy), 0);
		/* Unused entries are 0. */
		for (size_t k = (size_t)m->npath + m->nremove;
		     k < BG_MOVE_MAX_POINTS; k++)
			ck_assert_msg(m->pts[k] == 0,
				      "move %zu: unused pts[%zu] = %u", i, k,
				      (unsigned)m->pts[k]);
		for (size_t j = 0; j < n; j++)
			if (j != i)
				ck_assert_int_eq(bg_move_equal(m, &moves[j]), 0);
		/* Text and back gives an equal move, byte for byte. */
		char text[128];
		move_text(g, m, text, sizeof text);
		bg_move back;
		memset(&back, 0x5A, sizeof back);
		ck_assert_int_eq(bg_move_from_text(g, text, &back), BG_OK);
		ck_assert_int_ne(bg_move_equal(m, &back), 0);
		ck_assert(memcmp(m, &back, sizeof back) == 0);
		/* A changed field is another move. */
		copy.pts[copy.npath - 1] ^= 1;
		ck_assert_int_eq(bg_move_equal(m, &copy), 0);
		copy = *m;
		copy.kind = BG_MOVE_CAPTURE;
		ck_assert_int_eq(bg_move_equal(m, &copy), 0);
	}
	ck_assert_uint_eq(sizeof(bg_move), 72);
	bg_game_free(g);
}
END_TEST

START_TEST(test_play_and_undo)
{
	bg_game *g = new_game("kutochki");
	ck_assert_uint_eq(bg_ply(g), 0);
	ck_assert_uint_eq(bg_history_length(g), 0);
	ck_assert_int_eq(bg_to_move(g), 0);
	int status = -1, winner = -2, reason = -1;
	ck_assert_int_eq(bg_outcome(g, &status, &winner, &reason), BG_OK);
	ck_assert_int_eq(status, BG_ONGOING);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(reason, BG_REASON_NONE);

	snapshot *s = snap_take(g);
	ck_assert_int_eq(bg_undo(g), BG_ENOUNDO);
	snap_check(g, s, "bg_undo at the start");

	s = snap_take(g);
	play_first(g, NULL, 0);
	ck_assert_uint_eq(bg_ply(g), 1);
	ck_assert_uint_eq(bg_history_length(g), 1);
	ck_assert_int_eq(bg_to_move(g), 1);
	ck_assert(bg_hash(g) != s->hash);
	play_first(g, NULL, 0);
	ck_assert_uint_eq(bg_history_length(g), 2);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_undo(g), BG_OK);
	snap_check(g, s, "two moves and two undos");
	s = snap_take(g);
	ck_assert_int_eq(bg_undo(g), BG_ENOUNDO);
	snap_check(g, s, "bg_undo at the start again");

	/* Two fresh games hash alike (fixed keys). */
	bg_game *h = new_game("corners");
	ck_assert(bg_hash(g) == bg_hash(h));
	bg_game_free(h);
	bg_game_free(g);
}
END_TEST

/* Two move orders that reach the same position: same text and hash. */
START_TEST(test_transposition)
{
	static const char *const order[2][3] = {
		{"e1-d1", "a5-a4", "f2-e2"},
		{"f2-e2", "a5-a4", "e1-d1"},
	};
	char pos[2][POS_CAP];
	uint64_t hash[2];
	for (int k = 0; k < 2; k++) {
		bg_game *g = new_game("kutochki");
		for (int i = 0; i < 3; i++)
			ck_assert_msg(bg_play_text(g, order[k][i]) == BG_OK,
				      "%s: %s", order[k][i], bg_last_error());
		position_text(g, pos[k]);
		hash[k] = bg_hash(g);
		bg_game_free(g);
	}
	ck_assert_str_eq(pos[0], pos[1]);
	ck_assert(hash[0] == hash[1]);
}
END_TEST

START_TEST(test_clone_independent)
{
	bg_game *g = new_game("kutochki:layout=rect3x4");
	play_first(g, NULL, 0);
	snapshot *s = snap_take(g);
	bg_game *c = NULL;
	ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_ne(c, g);
	ck_assert_str_eq(bg_game_spec(c), bg_game_spec(g));
	/* Playing and undoing on the clone leaves the original alone. */
	play_first(c, NULL, 0);
	play_first(c, NULL, 0);
	ck_assert_uint_eq(bg_history_length(c), 3);
	snap_check(g, s, "moves on a clone");
	ck_assert_int_eq(bg_undo(c), BG_OK);
	ck_assert_int_eq(bg_undo(c), BG_OK);
	ck_assert_int_eq(bg_undo(c), BG_OK);
	ck_assert_int_eq(bg_undo(c), BG_ENOUNDO);
	/* Freeing the original leaves the clone working. */
	bg_game_free(g);
	play_first(c, NULL, 0);
	ck_assert_uint_eq(bg_ply(c), 1);
	bg_game_free(c);
}
END_TEST

/* bg_game_copy: a handle of the same spec becomes the other game, a
 * declared end included; anything else fails and changes nothing. */
START_TEST(test_copy)
{
	bg_game *g = new_game("kvartet:repetition=2");
	bg_game *c = new_game("kvartet:repetition=2");
	bg_game *other = new_game("kvartet");
	snapshot *s;

	play_first(g, NULL, 0);
	play_first(g, NULL, 0);
	play_first(c, NULL, 0);
	s = snap_take(c);
	ck_assert_int_eq(bg_game_copy(c, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_game_copy(NULL, g), BG_EINVAL);
	/* The same game with another option is another spec. */
	ck_assert_int_eq(bg_game_copy(c, other), BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_game_error(c), "kvartet"));
	snap_check(c, s, "a failed bg_game_copy");
	ck_assert_int_eq(bg_game_copy(g, g), BG_OK);
	ck_assert_int_eq(bg_resign(g, 0), BG_OK);
	s = snap_take(g);
	ck_assert_int_eq(bg_game_copy(c, g), BG_OK);
	snap_check(c, s, "bg_game_copy");
	/* The copy has the history: the resignation, then both moves. */
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(bg_undo(c), BG_OK);
	ck_assert_int_eq(bg_undo(c), BG_ENOUNDO);
	ck_assert_uint_eq(bg_history_length(g), 2);
	bg_game_free(other);
	bg_game_free(c);
	bg_game_free(g);
}
END_TEST

START_TEST(test_history_and_seats)
{
	bg_game *g = new_game("kutochki");
	bg_move m, played[4];
	ck_assert_int_eq(bg_history_move(NULL, 0, &m), BG_EINVAL);
	ck_assert_int_eq(bg_history_move(g, 0, &m), BG_EINVAL);
	for (int i = 0; i < 4; i++) {
		bg_move moves[MOVES_CAP];
		size_t n = legal_moves(g, moves);
		played[i] = moves[n - 1];
		ck_assert_int_eq(bg_play(g, &played[i]), BG_OK);
	}
	snapshot *s = snap_take(g);
	for (uint32_t i = 0; i < 4; i++) {
		memset(&m, 0xEE, sizeof m);
		ck_assert_int_eq(bg_history_move(g, i, &m), BG_OK);
		ck_assert(memcmp(&m, &played[i], sizeof m) == 0);
	}
	ck_assert_int_eq(bg_history_move(g, 4, &m), BG_EINVAL);
	ck_assert_int_eq(bg_history_move(g, UINT32_MAX, &m), BG_EINVAL);
	ck_assert_int_eq(bg_history_move(g, 0, NULL), BG_EINVAL);
	snap_check(g, s, "bg_history_move");
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_history_move(g, 3, &m), BG_EINVAL);

	/* A loaded position starts an empty history. */
	char pos[POS_CAP];
	position_text(g, pos);
	bg_game *p = NULL;
	ck_assert_int_eq(bg_game_from_position(&p, pos), BG_OK);
	ck_assert_int_eq(bg_history_move(p, 0, &m), BG_EINVAL);
	ck_assert_int_eq(bg_play(p, &played[3]), BG_OK);
	ck_assert_int_eq(bg_history_move(p, 0, &m), BG_OK);
	ck_assert(memcmp(&m, &played[3], sizeof m) == 0);
	bg_game_free(p);

	const char *w = bg_seat_name(g, 0), *b = bg_seat_name(g, 1);
	ck_assert_msg(w && w[0] && b && b[0], "seats without names");
	ck_assert_str_ne(w, b);
	ck_assert_ptr_null(bg_seat_name(g, 2));
	ck_assert_ptr_null(bg_seat_name(g, -1));
	ck_assert_ptr_null(bg_seat_name(NULL, 0));
	bg_game_free(g);
}
END_TEST

/* ---- Game over ---------------------------------------------------------- */

/* CLASSIC with leave_home=1: after White's 2nd move (ply 3) White still has
 * pieces at home and loses. */
static bg_game *finished_game(char moves_text[3][32])
{
	bg_game *g = new_game("kutochki:rules=classic,leave_home=1");
	for (int i = 0; i < 3; i++) {
		int status;
		bg_outcome(g, &status, NULL, NULL);
		ck_assert_int_eq(status, BG_ONGOING);
		play_first(g, moves_text ? moves_text[i] : NULL, 32);
	}
	return g;
}

START_TEST(test_game_over)
{
	char texts[3][32];
	bg_game *g = finished_game(texts);
	int status, winner, reason;
	ck_assert_int_eq(bg_outcome(g, &status, &winner, &reason), BG_OK);
	ck_assert_int_eq(status, BG_WIN);
	ck_assert_int_eq(winner, 1);
	ck_assert_int_eq(reason, BG_REASON_LEAVE_HOME);
	size_t n = 99;
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	ck_assert_uint_eq(n, 0);

	/* Any move now: game over, nothing changes. */
	bg_game *before = new_game("kutochki:rules=classic,leave_home=1");
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(bg_play_text(before, texts[i]), BG_OK);
	bg_move moves[MOVES_CAP];
	size_t nb = legal_moves(before, moves);
	snapshot *s = snap_take(g);
	for (size_t i = 0; i < nb; i++)
		ck_assert_int_eq(bg_play(g, &moves[i]), BG_EGAMEOVER);
	bg_move m;
	ck_assert_int_eq(bg_move_from_text(g, "a6-a5", &m), BG_EGAMEOVER);
	ck_assert_int_eq(bg_play_text(g, "a6-a5"), BG_EGAMEOVER);
	snap_check(g, s, "moves after the end");

	/* A position text of a finished game reads back finished. */
	char pos[POS_CAP];
	position_text(g, pos);
	bg_game *p = NULL;
	ck_assert_int_eq(bg_game_from_position(&p, pos), BG_OK);
	int st2, w2, r2;
	bg_outcome(p, &st2, &w2, &r2);
	ck_assert_int_eq(st2, status);
	ck_assert_int_eq(w2, winner);
	ck_assert_int_eq(r2, reason);
	ck_assert_uint_eq(bg_history_length(p), 0);
	ck_assert_uint_eq(bg_ply(p), 3);
	ck_assert_int_eq(bg_play(p, &moves[0]), BG_EGAMEOVER);
	ck_assert_int_eq(bg_undo(p), BG_ENOUNDO);
	bg_game_free(p);

	/* Undo after the end reopens the game. */
	ck_assert_int_eq(bg_undo(g), BG_OK);
	bg_outcome(g, &status, &winner, &reason);
	ck_assert_int_eq(status, BG_ONGOING);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(reason, BG_REASON_NONE);
	ck_assert_int_eq(bg_play_text(g, texts[2]), BG_OK);
	bg_outcome(g, &status, &winner, &reason);
	ck_assert_int_eq(status, BG_WIN);
	bg_game_free(before);
	bg_game_free(g);

	/* GAMBITER with leave_home=1: at the end of full move 1 both sides
	 * still have pieces at home: a draw. */
	g = new_game("kutochki:leave_home=1");
	play_first(g, NULL, 0);
	bg_outcome(g, &status, NULL, NULL);
	ck_assert_int_eq(status, BG_ONGOING);
	play_first(g, NULL, 0);
	bg_outcome(g, &status, &winner, &reason);
	ck_assert_int_eq(status, BG_DRAW);
	ck_assert_int_eq(winner, -1);
	ck_assert_int_eq(reason, BG_REASON_LEAVE_HOME);
	bg_game_free(g);
}
END_TEST

/* bg_random_move: a legal move, the same one for the same generator state,
 * the state advanced, every legal move drawn in time; errors. */
START_TEST(test_random_move)
{
	bg_game *g = new_game("kutochki");
	bg_move m, again, list[64];
	uint64_t rng = 42, copy;
	size_t n, seen = 0;
	int hit[64] = {0};

	ck_assert_int_eq(bg_legal_moves(g, list, 64, &n), BG_OK);
	for (int k = 0; k < 2000; k++) {
		copy = rng;
		ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_OK);
		ck_assert(rng != copy);
		ck_assert_int_eq(bg_random_move(g, &copy, &again), BG_OK);
		ck_assert(bg_move_equal(&m, &again));
		size_t i = 0;
		while (i < n && !bg_move_equal(&m, &list[i]))
			i++;
		ck_assert_msg(i < n, "a random move that is not legal");
		seen += !hit[i];
		hit[i] = 1;
	}
	ck_assert_uint_eq(seen, n);
	ck_assert_int_eq(bg_random_move(NULL, &rng, &m), BG_EINVAL);
	ck_assert_int_eq(bg_random_move(g, NULL, &m), BG_EINVAL);
	ck_assert_int_eq(bg_random_move(g, &rng, NULL), BG_EINVAL);
	bg_game_free(g);

	g = finished_game(NULL);
	ck_assert_int_eq(bg_random_move(g, &rng, &m), BG_EGAMEOVER);
	bg_game_free(g);
}
END_TEST

/* bg_evaluate: 0.5 at a symmetric start, the result once the game is over,
 * BG_ENOTSUP where the game has no measure, BG_EINVAL for bad arguments. */
START_TEST(test_evaluate)
{
	bg_game *g = new_game("kutochki");
	double v = -1;

	ck_assert_int_eq(bg_evaluate(g, 0, &v), BG_OK);
	ck_assert(v == 0.5);
	ck_assert_int_eq(bg_evaluate(g, 2, &v), BG_EINVAL);
	ck_assert_int_eq(bg_evaluate(g, -1, &v), BG_EINVAL);
	ck_assert_int_eq(bg_evaluate(g, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_evaluate(NULL, 0, &v), BG_EINVAL);
	bg_game_free(g);

	g = finished_game(NULL); /* seat 1 won */
	ck_assert_int_eq(bg_evaluate(g, 1, &v), BG_OK);
	ck_assert(v == 1.0);
	ck_assert_int_eq(bg_evaluate(g, 0, &v), BG_OK);
	ck_assert(v == 0.0);
	bg_game_free(g);

	g = new_game("tak-tikl");
	v = -1;
	ck_assert_int_eq(bg_evaluate(g, 0, &v), BG_ENOTSUP);
	ck_assert(v == 0.5);
	ck_assert(strstr(bg_last_error(), "tak-tikl") != NULL);
	/* Once over, every game gives its result. */
	uint64_t rng = 3;
	int status, winner;
	ck_assert_int_eq(bg_playout(g, &rng, UINT32_MAX, NULL), BG_OK);
	bg_outcome(g, &status, &winner, NULL);
	ck_assert_int_eq(bg_evaluate(g, 0, &v), BG_OK);
	ck_assert(v == (status == BG_DRAW ? 0.5 : winner == 0 ? 1.0 : 0.0));
	bg_game_free(g);
}
END_TEST

/* bg_playout makes the moves bg_random_move and bg_play would make from
 * the same generator state, stops at the end or at max_plies, and leaves
 * them in the history for bg_undo. */
START_TEST(test_playout)
{
	bg_game *g = new_game("kutochki"), *h = new_game("kutochki");
	uint64_t rng = 7, same = 7, start = bg_hash(g);
	uint32_t plies = 99;
	bg_move m, played;

	ck_assert_int_eq(bg_playout(g, &rng, 12, &plies), BG_OK);
	ck_assert_uint_eq(plies, 12);
	ck_assert_uint_eq(bg_history_length(g), 12);
	for (uint32_t i = 0; i < 12; i++) {
		ck_assert_int_eq(bg_random_move(h, &same, &m), BG_OK);
		ck_assert_int_eq(bg_play(h, &m), BG_OK);
		ck_assert_int_eq(bg_history_move(g, i, &played), BG_OK);
		ck_assert(bg_move_equal(&m, &played));
	}
	ck_assert_uint_eq(rng, same);
	ck_assert_uint_eq(bg_hash(g), bg_hash(h));
	ck_assert_int_eq(bg_playout(g, &rng, 0, &plies), BG_OK);
	ck_assert_uint_eq(plies, 0);
	ck_assert_uint_eq(rng, same);
	while (bg_undo(g) == BG_OK)
		;
	ck_assert_uint_eq(bg_hash(g), start);
	ck_assert_int_eq(bg_playout(NULL, &rng, 1, &plies), BG_EINVAL);
	ck_assert_int_eq(bg_playout(g, NULL, 1, &plies), BG_EINVAL);
	ck_assert_uint_eq(bg_history_length(g), 0);
	bg_game_free(g);
	bg_game_free(h);

	/* To the end (wolf and sheep always ends), then nothing more. */
	g = new_game("wolf-sheep");
	int status;
	ck_assert_int_eq(bg_playout(g, &rng, UINT32_MAX, NULL), BG_OK);
	bg_outcome(g, &status, NULL, NULL);
	ck_assert_int_eq(status, BG_WIN);
	ck_assert_uint_gt(bg_history_length(g), 0);
	ck_assert_int_eq(bg_playout(g, &rng, 5, &plies), BG_OK);
	ck_assert_uint_eq(plies, 0);
	bg_game_free(g);
}
END_TEST

/* bg_memory: the handle's bytes and the cost of a ply; a ply holds at least
 * the move. */
START_TEST(test_memory)
{
	bg_game *g = new_game("kutochki"), *h = new_game("tochki");
	size_t handle, ply, big, big_ply;

	ck_assert_int_eq(bg_memory(g, &handle, &ply), BG_OK);
	ck_assert_uint_ge(ply, sizeof(bg_move));
	ck_assert_uint_gt(handle, 256 * ply);
	ck_assert_int_eq(bg_memory(h, &big, &big_ply), BG_OK);
	ck_assert_uint_gt(big, handle); /* 39x32 points against 64 */
	ck_assert_int_eq(bg_memory(g, NULL, NULL), BG_OK);
	ck_assert_int_eq(bg_memory(NULL, &handle, &ply), BG_EINVAL);
	bg_game_free(h);
	bg_game_free(g);
}
END_TEST

/* ---- Position text ------------------------------------------------------ */

/* The text of the token of `text` that starts at byte `from` (malloc'd). */
static char *with_token_replaced(const char *text, size_t start, size_t end,
				 const char *by)
{
	size_t tl = strlen(text), bl = strlen(by);
	char *out = malloc(tl - (end - start) + bl + 1);
	ck_assert_ptr_nonnull(out);
	memcpy(out, text, start);
	memcpy(out + start, by, bl);
	memcpy(out + start + bl, text + end, tl - end + 1);
	return out;
}

START_TEST(test_position_roundtrip)
{
	bg_game *g = new_game("kutochki:size=10,diagonal=1");
	for (int i = 0; i < 5; i++)
		play_first(g, NULL, 0);
	char pos[POS_CAP], pos2[POS_CAP];
	position_text(g, pos);
	ck_assert_msg(strncmp(pos, KUTOCHKI_10_DIAGONAL " ",
			      strlen(KUTOCHKI_10_DIAGONAL) + 1) == 0,
		      "position text does not start with the full spec: %s",
		      pos);
	ck_assert_ptr_null(strchr(pos, '\n'));
	bg_game *p = NULL;
	ck_assert_int_eq(bg_game_from_position(&p, pos), BG_OK);
	position_text(p, pos2);
	ck_assert_str_eq(pos, pos2);
	ck_assert(bg_hash(p) == bg_hash(g));
	ck_assert_uint_eq(bg_ply(p), 5);
	ck_assert_uint_eq(bg_history_length(p), 0);
	ck_assert_int_eq(bg_to_move(p), 1);
	ck_assert_str_eq(bg_game_spec(p), bg_game_spec(g));

	/* Its record carries the start position and replays. */
	play_first(p, NULL, 0);
	play_first(p, NULL, 0);
	char *rec = record_text(p);
	ck_assert_msg(strstr(rec, "[Position \"") != NULL,
		      "record of a loaded position has no Position tag:\n%s",
		      rec);
	bg_game *r = NULL;
	ck_assert_int_eq(bg_game_from_record(&r, rec), BG_OK);
	position_text(p, pos);
	position_text(r, pos2);
	ck_assert_str_eq(pos, pos2);
	ck_assert_uint_eq(bg_history_length(r), 2);
	ck_assert_uint_eq(bg_ply(r), 7);
	char *rec2 = record_text(r);
	ck_assert_str_eq(rec, rec2);
	free(rec2);
	free(rec);
	bg_game_free(r);
	bg_game_free(p);
	bg_game_free(g);
}
END_TEST

START_TEST(test_position_errors)
{
	bg_game *g = new_game("kutochki");
	play_first(g, NULL, 0);
	char pos[POS_CAP];
	position_text(g, pos);
	size_t len = strlen(pos);
	size_t spec_end = strcspn(pos, " ");
	ck_assert_msg(spec_end < len, "position text has one token: %s", pos);
	const char *last_sp = strrchr(pos, ' ');
	size_t ply_start = (size_t)(last_sp - pos) + 1;
	ck_assert_msg(ply_start > spec_end + 1,
		      "position text has no board part: %s", pos);
	size_t board_start = spec_end + 1;

	/* The valid text is read back. */
	bg_game *ok = NULL;
	ck_assert_int_eq(bg_game_from_position(&ok, pos), BG_OK);
	bg_game_free(ok);

	char *t;
	/* Bad specs inside. */
	t = with_token_replaced(pos, 0, spec_end, "chess");
	expect_position_error(t, BG_ENOGAME);
	free(t);
	t = with_token_replaced(pos, 0, spec_end, "kutochki:size=12");
	expect_position_error(t, BG_EOPTION);
	free(t);
	/* Wrong game for the board. */
	t = with_token_replaced(pos, 0, spec_end, "kutochki:size=10");
	expect_position_error(t, BG_EFORMAT);
	free(t);
	t = with_token_replaced(pos, 0, spec_end, "halma");
	expect_position_error(t, BG_EFORMAT);
	free(t);
	/* Truncated. */
	expect_position_error("", BG_EFORMAT);
	expect_position_error(" ", BG_EFORMAT);
	t = dup_prefix(pos, spec_end);
	expect_position_error(t, BG_EFORMAT);
	free(t);
	t = dup_prefix(pos, spec_end + 1);
	expect_position_error(t, BG_EFORMAT);
	free(t);
	t = dup_prefix(pos, board_start + (ply_start - board_start) / 2);
	expect_position_error(t, BG_EFORMAT);
	free(t);
	t = dup_prefix(pos, ply_start - 1);
	expect_position_error(t, BG_EFORMAT);
	free(t);
	/* Bad board characters. */
	const char *badchars[] = {"?", "@", "\x01", "\xff"};
	for (size_t i = 0; i < sizeof badchars / sizeof *badchars; i++) {
		t = with_token_replaced(pos, board_start, board_start + 1,
					badchars[i]);
		expect_position_error(t, BG_EFORMAT);
		free(t);
		t = with_token_replaced(pos, ply_start - 2, ply_start - 1,
					badchars[i]);
		expect_position_error(t, BG_EFORMAT);
		free(t);
	}
	/* Bad ply numbers. */
	const char *badply[] = {"x", "-1", "1.5", "", "1x",
				"99999999999999999999999"};
	for (size_t i = 0; i < sizeof badply / sizeof *badply; i++) {
		t = with_token_replaced(pos, ply_start, len, badply[i]);
		expect_position_error(t, BG_EFORMAT);
		free(t);
	}
	/* Trailing garbage. */
	size_t cap = len + 16;
	t = malloc(cap);
	snprintf(t, cap, "%s junk", pos);
	expect_position_error(t, BG_EFORMAT);
	snprintf(t, cap, "%s 7", pos);
	expect_position_error(t, BG_EFORMAT);
	free(t);
	bg_game_free(g);
}
END_TEST

/* ---- Record text -------------------------------------------------------- */

START_TEST(test_record_roundtrip)
{
	char texts[3][32];
	bg_game *g = finished_game(texts);
	char *rec = record_text(g);
	char tag[128];
	snprintf(tag, sizeof tag, "[Game \"%s\"]", KUTOCHKI_CLASSIC_1);
	ck_assert_msg(strstr(rec, tag) != NULL, "no %s in:\n%s", tag, rec);
	ck_assert_msg(strstr(rec, "[Result \"0-1\"]") != NULL,
		      "no result tag in:\n%s", rec);
	ck_assert_msg(strstr(rec, "[Reason \"leave-home\"]") != NULL,
		      "no reason tag in:\n%s", rec);
	ck_assert_msg(strstr(rec, "[Position") == NULL,
		      "Position tag for a game from the start:\n%s", rec);
	for (int i = 0; i < 3; i++)
		ck_assert_msg(strstr(rec, texts[i]) != NULL,
			      "move %s not in:\n%s", texts[i], rec);

	bg_game *r = expect_record_reads(g, rec);
	int status, winner, reason;
	bg_outcome(r, &status, &winner, &reason);
	ck_assert_int_eq(status, BG_WIN);
	ck_assert_int_eq(winner, 1);
	ck_assert_int_eq(reason, BG_REASON_LEAVE_HOME);
	bg_game_free(r);

	/* Comments and unknown tags are skipped. */
	size_t cap = strlen(rec) + 64;
	char *t = malloc(cap);
	ck_assert_ptr_nonnull(t);
	snprintf(t, cap, "[Event \"club night\"]\n%s", rec);
	char *with_comment = insert_before(t, texts[1], "{a comment} ");
	bg_game_free(expect_record_reads(g, with_comment));
	free(with_comment);
	free(t);
	free(rec);
	bg_game_free(g);
}
END_TEST

START_TEST(test_record_errors)
{
	/* A finished game: results that contradict the replay. */
	char texts[3][32];
	bg_game *g = finished_game(texts);
	char *rec = record_text(g);
	char *t = replace_first(rec, "[Result \"0-1\"]", "[Result \"1-0\"]");
	expect_record_error(t, BG_EFORMAT);
	char *t2 = replace_last(t, "0-1", "1-0");
	expect_record_error(t2, BG_EFORMAT);
	free(t2);
	free(t);
	t = replace_first(rec, "[Result \"0-1\"]", "[Result \"1/2-1/2\"]");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	t = replace_first(rec, "[Result \"0-1\"]", "[Result \"2-0\"]");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* A move after the end. */
	t = replace_last(rec, " 0-1", " a6-a5 0-1");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* A wrong game, and bad specs in the Game tag. */
	char tag[256];
	snprintf(tag, sizeof tag, "[Game \"%s\"]", KUTOCHKI_CLASSIC_1);
	t = replace_first(rec, tag, "[Game \"halma\"]");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	t = replace_first(rec, tag, "[Game \"chess\"]");
	expect_record_error(t, BG_ENOGAME);
	free(t);
	t = replace_first(rec, tag, "[Game \"kutochki:size=12\"]");
	expect_record_error(t, BG_EOPTION);
	free(t);
	/* Illegal and unparsable moves. */
	t = replace_first(rec, texts[0], "a1-a2");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	t = replace_first(rec, texts[1], "zz99");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	t = replace_first(rec, texts[2], "e1--d1");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* Truncated inside a tag and inside a move. */
	t = dup_prefix(rec, (size_t)(strstr(rec, tag) - rec) + 8);
	expect_record_error(t, BG_EFORMAT);
	free(t);
	char cut[32];
	snprintf(cut, sizeof cut, "%.*s", (int)strlen(texts[2]) - 1,
		 texts[2]);
	t = replace_first(rec, texts[2], cut);
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* An unterminated comment. */
	t = replace_first(rec, texts[1], "{ never closed");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* A Position tag that is not a position. */
	t = replace_first(rec, tag,
			  "[Game \"kutochki:rules=classic,leave_home=1\"]\n"
			  "[Position \"kutochki:rules=classic,leave_home=1 "
			  "garbage\"]");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	expect_record_error("", BG_EFORMAT);
	expect_record_error("[", BG_EFORMAT);
	expect_record_error("[Game \"kutochki\"", BG_EFORMAT);
	free(rec);
	bg_game_free(g);

	/* An ongoing game with a result that says it ended. */
	g = new_game("kutochki");
	play_first(g, NULL, 0);
	play_first(g, NULL, 0);
	rec = record_text(g);
	ck_assert_msg(strstr(rec, "[Result \"*\"]") != NULL,
		      "ongoing record has no [Result \"*\"]:\n%s", rec);
	ck_assert_msg(strstr(rec, "[Reason") == NULL,
		      "ongoing record has a Reason tag:\n%s", rec);
	t = replace_first(rec, "[Result \"*\"]", "[Result \"1-0\"]");
	expect_record_error(t, BG_EFORMAT);
	t2 = replace_last(t, "*", "1-0");
	expect_record_error(t2, BG_EFORMAT);
	free(t2);
	free(t);
	t = replace_last(rec, "*", "1/2-1/2");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	/* A comment that is never closed would swallow the rest. */
	t = replace_last(rec, "*", "{ never closed *");
	expect_record_error(t, BG_EFORMAT);
	free(t);
	free(rec);
	bg_game_free(g);
}
END_TEST

/* A tag value writes '"' and a backslash as \" and \\: an unknown tag
 * so written is skipped whole, its escaped quotes not taken for its
 * end. */
START_TEST(test_record_escaped_tag)
{
	bg_game *g = new_game("kutochki");
	play_first(g, NULL, 0);
	char *rec = record_text(g);
	size_t cap = strlen(rec) + 64;
	char *t = malloc(cap);
	ck_assert_ptr_nonnull(t);
	snprintf(t, cap, "[Event \"the \\\"club\\\" \\\\ night\"]\n%s", rec);
	bg_game_free(expect_record_reads(g, t));
	free(t);
	free(rec);
	bg_game_free(g);
}
END_TEST

/* A record of a game loaded from a position: its Game tag must name the
 * Position tag's game, short or full spec alike; another game is
 * BG_EFORMAT, a bad spec its own code. */
START_TEST(test_record_game_and_position)
{
	bg_game *g = new_game("kutochki");
	play_first(g, NULL, 0);
	char pos[POS_CAP];
	position_text(g, pos);
	bg_game_free(g);
	g = NULL;
	ck_assert_int_eq(bg_game_from_position(&g, pos), BG_OK);
	play_first(g, NULL, 0);
	char *rec = record_text(g);
	ck_assert_msg(strstr(rec, "[Position \"") != NULL,
		      "no Position tag in:\n%s", rec);
	char tag[256];
	snprintf(tag, sizeof tag, "[Game \"%s\"]",
		 "kutochki:size=8,layout=triangle,diagonal=0,rules=gambiter,"
		 "leave_home=auto,tempo_check=auto");

	/* The short spec names the same game. */
	char *t = replace_first(rec, tag, "[Game \"kutochki\"]");
	bg_game_free(expect_record_reads(g, t));
	free(t);

	t = replace_first(rec, tag, "[Game \"kutochki:diagonal=1\"]");
	expect_record_error(t, BG_EFORMAT);
	ck_assert_msg(strstr(bg_last_error(), "differs") != NULL, "detail: %s",
		      bg_last_error());
	free(t);
	t = replace_first(rec, tag, "[Game \"chess\"]");
	expect_record_error(t, BG_ENOGAME);
	free(t);
	t = replace_first(rec, tag, "[Game \"kutochki:size=12\"]");
	expect_record_error(t, BG_EOPTION);
	free(t);
	free(rec);
	bg_game_free(g);
}
END_TEST

/* A token of the move text longer than any move (300 characters) is
 * BG_EFORMAT. */
START_TEST(test_record_long_token)
{
	bg_game *g = new_game("kutochki");
	play_first(g, NULL, 0);
	char *rec = record_text(g);
	char word[301];
	memset(word, 'a', 300);
	word[300] = '\0';
	char *with = malloc(strlen(word) + 3);
	ck_assert_ptr_nonnull(with);
	sprintf(with, "%s *", word);
	char *t = replace_last(rec, "*", with);
	expect_record_error(t, BG_EFORMAT);
	ck_assert_str_eq(bg_last_error(), "token too long");
	free(t);
	free(with);
	free(rec);
	bg_game_free(g);
}
END_TEST

/* ---- Reasons ------------------------------------------------------------ */

START_TEST(test_reason_names)
{
	for (int r = 0; r < bg_reason_count(); r++) {
		const char *name = bg_reason_name(r);
		ck_assert_msg(name && name[0], "reason %d has no name", r);
		ck_assert_msg(strcmp(name, "?") != 0, "reason %d is \"?\"", r);
		ck_assert_msg(strchr(name, ' ') == NULL,
			      "reason %d name \"%s\" has a space", r, name);
		for (int q = 0; q < r; q++)
			ck_assert_str_ne(name, bg_reason_name(q));
	}
	ck_assert_str_eq(bg_reason_name(BG_REASON_LEAVE_HOME), "leave-home");
	ck_assert_str_eq(bg_reason_name(-1), "?");
	ck_assert_str_eq(bg_reason_name(bg_reason_count()), "?");
	ck_assert_str_eq(bg_reason_name(1000), "?");
	ck_assert_str_eq(bg_reason_name(-2147483647 - 1), "?");
}
END_TEST

/* ---- Board description -------------------------------------------------- */

/* Check the grid, names and coordinates of a square N x N cell board. */
static void check_square_board(const bg_game *g, int size)
{
	ck_assert_int_eq(bg_board_kind(g), BG_BOARD_CELLS);
	int w = 0, h = 0;
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w, size);
	ck_assert_int_eq(h, size);
	ck_assert_uint_eq(bg_point_count(g), (size_t)(size * size));
	ck_assert_uint_eq(bg_line_count(g), 0);
	char seen[64 * 64];
	memset(seen, 0, sizeof seen);
	for (int p = 0; p < size * size; p++) {
		int x = -1, y = -1;
		ck_assert_int_eq(bg_point_coords(g, p, &x, &y), BG_OK);
		ck_assert_msg(x >= 0 && x < w && y >= 0 && y < h,
			      "point %d at (%d,%d)", p, x, y);
		ck_assert_msg(!seen[y * size + x], "two points at (%d,%d)", x,
			      y);
		seen[y * size + x] = 1;
		char expect[32], name[32];
		file_letters(x, expect);
		size_t fl = strlen(expect);
		snprintf(expect + fl, sizeof expect - fl, "%d", y + 1);
		size_t len = 0;
		ck_assert_int_eq(bg_point_name(g, p, name, sizeof name, &len),
				 BG_OK);
		ck_assert_str_eq(name, expect);
		ck_assert_uint_eq(len, strlen(expect));
		ck_assert_int_eq(point_of(g, name), p);
	}
	/* Names off the board. */
	char off[16];
	const char *bad[] = {"", "a", "1", "a0", "a-1", "a1x", " a1", "a 1",
			     "a01"};
	int p = 77;
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ck_assert_msg(bg_point_find(g, bad[i], &p) == BG_EPARSE,
			      "bg_point_find(\"%s\") accepted", bad[i]);
	file_letters(size, off);
	strcat(off, "1");
	ck_assert_int_eq(bg_point_find(g, off, &p), BG_EPARSE);
	snprintf(off, sizeof off, "a%d", size + 1);
	ck_assert_int_eq(bg_point_find(g, off, &p), BG_EPARSE);
}

/* The homes: marks on exactly the listed squares, and the pieces there. */
static void check_homes(const bg_game *g, const char *const home0[],
			const char *const home1[], int count)
{
	int np = (int)bg_point_count(g);
	int n0 = 0, n1 = 0;
	for (int p = 0; p < np; p++) {
		int marks = bg_point_marks(g, p);
		ck_assert_int_ge(marks, 0);
		ck_assert_msg(!((marks & BG_MARK_HOME0) &&
				(marks & BG_MARK_HOME1)),
			      "point %d in both homes", p);
		int seat = -2, kind = -1;
		ck_assert_int_eq(bg_point_piece(g, p, &seat, &kind), BG_OK);
		if (marks & BG_MARK_HOME0) {
			n0++;
			ck_assert_int_eq(seat, 0);
			ck_assert_int_eq(kind, BG_PIECE_MAN);
		} else if (marks & BG_MARK_HOME1) {
			n1++;
			ck_assert_int_eq(seat, 1);
			ck_assert_int_eq(kind, BG_PIECE_MAN);
		} else {
			ck_assert_int_eq(seat, -1);
			ck_assert_int_eq(kind, BG_PIECE_NONE);
		}
	}
	ck_assert_int_eq(n0, count);
	ck_assert_int_eq(n1, count);
	for (int i = 0; i < count; i++) {
		ck_assert_msg(bg_point_marks(g, point_of(g, home0[i])) &
				      BG_MARK_HOME0,
			      "%s is not in home 0", home0[i]);
		ck_assert_msg(bg_point_marks(g, point_of(g, home1[i])) &
				      BG_MARK_HOME1,
			      "%s is not in home 1", home1[i]);
	}
}

START_TEST(test_board_kutochki)
{
	bg_game *g = new_game("kutochki");
	check_square_board(g, 8);
	static const char *const tri0[] = {"e1", "f1", "g1", "h1", "f2",
					   "g2", "h2", "g3", "h3", "h4"};
	static const char *const tri1[] = {"a8", "b8", "c8", "d8", "a7",
					   "b7", "c7", "a6", "b6", "a5"};
	check_homes(g, tri0, tri1, 10);
	int x, y;
	int h1 = point_of(g, "h1");
	ck_assert_int_eq(bg_point_coords(g, h1, &x, &y), BG_OK);
	ck_assert_int_eq(x, 7);
	ck_assert_int_eq(y, 0);
	int a8 = point_of(g, "a8");
	ck_assert_int_eq(bg_point_coords(g, a8, &x, &y), BG_OK);
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 7);
	/* The piece moves with the move, the marks stay. */
	ck_assert_int_eq(bg_play_text(g, "e1-d1"), BG_OK);
	int seat, kind;
	bg_point_piece(g, point_of(g, "d1"), &seat, &kind);
	ck_assert_int_eq(seat, 0);
	ck_assert_int_eq(kind, BG_PIECE_MAN);
	bg_point_piece(g, point_of(g, "e1"), &seat, &kind);
	ck_assert_int_eq(seat, -1);
	ck_assert_int_eq(kind, BG_PIECE_NONE);
	ck_assert(bg_point_marks(g, point_of(g, "e1")) & BG_MARK_HOME0);
	ck_assert_int_eq(bg_point_marks(g, point_of(g, "d1")), 0);
	bg_game_free(g);

	g = new_game("kutochki:layout=square3");
	static const char *const sq0[] = {"f1", "g1", "h1", "f2", "g2",
					  "h2", "f3", "g3", "h3"};
	static const char *const sq1[] = {"a8", "b8", "c8", "a7", "b7",
					  "c7", "a6", "b6", "c6"};
	check_homes(g, sq0, sq1, 9);
	bg_game_free(g);

	g = new_game("kutochki:layout=rect3x4");
	static const char *const re0[] = {"e1", "f1", "g1", "h1", "e2", "f2",
					  "g2", "h2", "e3", "f3", "g3", "h3"};
	static const char *const re1[] = {"a8", "b8", "c8", "d8", "a7", "b7",
					  "c7", "d7", "a6", "b6", "c6", "d6"};
	check_homes(g, re0, re1, 12);
	bg_game_free(g);

	g = new_game("kutochki:size=10");
	check_square_board(g, 10);
	static const char *const t50[] = {"f1", "g1", "h1", "i1", "j1",
					  "g2", "h2", "i2", "j2", "h3",
					  "i3", "j3", "i4", "j4", "j5"};
	static const char *const t51[] = {"a10", "b10", "c10", "d10", "e10",
					  "a9",  "b9",  "c9",  "d9",  "a8",
					  "b8",  "c8",  "a7",  "b7",  "a6"};
	check_homes(g, t50, t51, 15);
	bg_game_free(g);
}
END_TEST

START_TEST(test_board_halma)
{
	bg_game *g = new_game("halma");
	check_square_board(g, 16);
	static const char *const c0[] = {"l1", "m1", "n1", "o1", "p1",
					 "l2", "m2", "n2", "o2", "p2",
					 "m3", "n3", "o3", "p3", "n4",
					 "o4", "p4", "o5", "p5"};
	static const char *const c1[] = {"a16", "b16", "c16", "d16", "e16",
					 "a15", "b15", "c15", "d15", "e15",
					 "a14", "b14", "c14", "d14", "a13",
					 "b13", "c13", "a12", "b12"};
	check_homes(g, c0, c1, 19);
	bg_game_free(g);
	g = new_game("halma:camp=13");
	static const char *const d0[] = {"m1", "n1", "o1", "p1", "m2",
					 "n2", "o2", "p2", "n3", "o3",
					 "p3", "o4", "p4"};
	static const char *const d1[] = {"a16", "b16", "c16", "d16", "a15",
					 "b15", "c15", "d15", "a14", "b14",
					 "c14", "a13", "b13"};
	check_homes(g, d0, d1, 13);
	bg_game_free(g);
}
END_TEST

/* ---- main --------------------------------------------------------------- */

static Suite *api_suite(void)
{
	Suite *s = suite_create("api");
	TCase *tc;

	tc = tcase_create("basics");
	tcase_add_test(tc, test_version);
	tcase_add_test(tc, test_strerror);
	tcase_add_test(tc, test_last_error_cleared);
	tcase_add_test(tc, test_reason_names);
	suite_add_tcase(s, tc);

	tc = tcase_create("catalogue");
	tcase_add_test(tc, test_catalog_games);
	tcase_add_test(tc, test_catalog_kutochki_halma);
	tcase_add_test(tc, test_catalog_options);
	suite_add_tcase(s, tc);

	tc = tcase_create("specs");
	tcase_add_test(tc, test_spec_canonical);
	tcase_add_test(tc, test_spec_errors);
	tcase_add_test(tc, test_spec_length);
	tcase_add_test(tc, test_standard_options);
	tcase_add_test(tc, test_option_aliases);
	suite_add_tcase(s, tc);

	tc = tcase_create("arguments");
	tcase_add_test(tc, test_null_handles);
	tcase_add_test(tc, test_null_args_on_game);
	tcase_add_test(tc, test_point_coords_null);
	tcase_add_test(tc, test_legal_buffer);
	tcase_add_test(tc, test_legal_exact_heap);
	tcase_add_test(tc, test_listed_moves_checked);
	tcase_add_test(tc, test_listed_moves_checked_games);
	tcase_add_test(tc, test_text_buffers);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves");
	tcase_add_test(tc, test_move_text_errors);
	tcase_add_test(tc, test_move_text_too_long);
	tcase_add_test(tc, test_board_text);
	tcase_add_test(tc, test_board_text_lines_flipped);
	tcase_add_test(tc, test_move_equal);
	tcase_add_test(tc, test_play_and_undo);
	tcase_add_test(tc, test_transposition);
	tcase_add_test(tc, test_clone_independent);
	tcase_add_test(tc, test_copy);
	tcase_add_test(tc, test_history_and_seats);
	tcase_add_test(tc, test_game_over);
	tcase_add_test(tc, test_random_move);
	tcase_add_test(tc, test_memory);
	tcase_add_test(tc, test_evaluate);
	tcase_add_test(tc, test_playout);
	suite_add_tcase(s, tc);

	tc = tcase_create("texts");
	tcase_add_test(tc, test_position_roundtrip);
	tcase_add_test(tc, test_position_errors);
	tcase_add_test(tc, test_record_roundtrip);
	tcase_add_test(tc, test_record_errors);
	tcase_add_test(tc, test_record_escaped_tag);
	tcase_add_test(tc, test_record_game_and_position);
	tcase_add_test(tc, test_record_long_token);
	suite_add_tcase(s, tc);

	tc = tcase_create("board");
	tcase_add_test(tc, test_board_kutochki);
	tcase_add_test(tc, test_board_halma);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(api_suite());
}
