/* Helpers shared by the Check suites; see testutil.h. */
#define _POSIX_C_SOURCE 200809L /* strtok_r */
#include "testutil.h"

#include <boardgames/learn.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bg_move legal[LEGAL_CAP];

bg_game *new_game(const char *spec)
{
	bg_game *g = NULL;
	int rc = bg_game_new(&g, spec);

	ck_assert_msg(rc == BG_OK, "%s: %s", spec, bg_last_error());
	ck_assert_ptr_nonnull(g);
	return g;
}

bg_game *from_pos(const char *text)
{
	bg_game *g = NULL;
	int rc = bg_game_from_position(&g, text);

	ck_assert_msg(rc == BG_OK, "%s: %s", text, bg_last_error());
	return g;
}

void expect_bad_position(const char *text)
{
	bg_game *g = NULL;
	int rc = bg_game_from_position(&g, text);

	ck_assert_msg(rc == BG_EFORMAT, "%s: %d", text, rc);
	ck_assert_ptr_null(g);
}

void play(bg_game *g, const char *text)
{
	int rc = bg_play_text(g, text);

	ck_assert_msg(rc == BG_OK, "%s: %s", text, bg_last_error());
}

void play_all(bg_game *g, const char *list)
{
	char buf[1024], *tok, *save = NULL;

	ck_assert_uint_lt(strlen(list), sizeof(buf));
	snprintf(buf, sizeof(buf), "%s", list);
	for (tok = strtok_r(buf, " ", &save); tok;
	     tok = strtok_r(NULL, " ", &save))
		play(g, tok);
}

size_t count_moves(const bg_game *g)
{
	size_t n;

	ck_assert_int_eq(bg_legal_moves(g, legal, LEGAL_CAP, &n), BG_OK);
	return n;
}

void expect_listed_actions(const bg_game *g)
{
	static uint32_t acts[LEGAL_CAP];
	size_t n = count_moves(g), na;

	ck_assert_int_eq(bg_legal_actions(g, acts, LEGAL_CAP, &na), BG_OK);
	ck_assert_uint_eq(na, n);
	for (size_t i = 0; i < n; i++) {
		bool listed = false;
		uint32_t a;
		bg_move m;

		ck_assert_int_eq(bg_move_to_action(g, &legal[i], &a), BG_OK);
		for (size_t k = 0; k < na; k++)
			listed = listed || acts[k] == a;
		ck_assert_msg(listed, "move %zu: action %u", i, a);
		ck_assert_int_eq(bg_action_to_move(g, a, &m), BG_OK);
		ck_assert(bg_move_equal(&m, &legal[i]));
	}
}

uint32_t action_of(const bg_game *g, const char *text)
{
	bg_move m;
	uint32_t a;

	ck_assert_int_eq(bg_move_from_text(g, text, &m), BG_OK);
	ck_assert_int_eq(bg_move_to_action(g, &m, &a), BG_OK);
	return a;
}

/* The texts of the legal moves (those of the piece on `from` only, unless
 * it is NULL), joined by single spaces into out. */
static const char *join_moves(const bg_game *g, const char *from, char *out,
			      size_t cap)
{
	size_t n = count_moves(g), len = 0, fl = from ? strlen(from) : 0;
	char buf[256];

	out[0] = '\0';
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(bg_move_to_text(g, &legal[i], buf, sizeof(buf),
						 NULL), BG_OK);
		if (from && (strncmp(buf, from, fl) != 0 ||
			     (buf[fl] != '-' && buf[fl] != 'x')))
			continue;
		len += (size_t)snprintf(out + len, cap - len, "%s%s",
					len ? " " : "", buf);
		ck_assert_uint_lt(len, cap);
	}
	return out;
}

const char *list_moves(const bg_game *g)
{
	static char out[65536];

	return join_moves(g, NULL, out, sizeof(out));
}

const char *moves_from(const bg_game *g, const char *from)
{
	static char out[65536];

	return join_moves(g, from, out, sizeof(out));
}

void expect_same_moves(const bg_game *a, const bg_game *b)
{
	/* A copy: list_moves() reuses one buffer. */
	static char first[65536];

	snprintf(first, sizeof(first), "%s", list_moves(a));
	ck_assert_str_eq(list_moves(b), first);
}

void expect_moves(const bg_game *g, const char *want)
{
	ck_assert_str_eq(list_moves(g), want);
}

int move_listed(const bg_game *g, const char *text)
{
	size_t n = count_moves(g);
	char buf[256];

	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(bg_move_to_text(g, &legal[i], buf, sizeof(buf),
						 NULL), BG_OK);
		if (!strcmp(buf, text))
			return 1;
	}
	return 0;
}

int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *s = list; (s = strstr(s, word)); s += n)
		if ((s == list || s[-1] == ' ') && (s[n] == ' ' || !s[n]))
			return 1;
	return 0;
}

void expect(const bg_game *g, int status, int winner, int reason)
{
	int s, w, r;

	ck_assert_int_eq(bg_outcome(g, &s, &w, &r), BG_OK);
	ck_assert_msg(s == status && w == winner && r == reason,
		      "outcome %d/%d/%s, expected %d/%d/%s", s, w,
		      bg_reason_name(r), status, winner, bg_reason_name(reason));
}

void ongoing(const bg_game *g)
{
	expect(g, BG_ONGOING, -1, BG_REASON_NONE);
}

void expect_scores(const bg_game *g, double s0, double s1)
{
	double a, b;

	ck_assert_int_eq(bg_score(g, 0, &a), BG_OK);
	ck_assert_int_eq(bg_score(g, 1, &b), BG_OK);
	ck_assert_msg(a == s0 && b == s1, "scores %g:%g, expected %g:%g", a, b,
		      s0, s1);
}

int point(const bg_game *g, const char *name)
{
	int p = -1;

	ck_assert_msg(bg_point_find(g, name, &p) == BG_OK, "no point %s", name);
	return p;
}

int piece_at(const bg_game *g, const char *name, int *kind)
{
	int seat, k;

	ck_assert_int_eq(bg_point_piece(g, point(g, name), &seat, &k), BG_OK);
	if (kind)
		*kind = k;
	return seat;
}

int seat_at(const bg_game *g, const char *name)
{
	return piece_at(g, name, NULL);
}

size_t edges_of_style(const bg_game *g, int style)
{
	size_t edges = 0;

	for (size_t i = 0; i < bg_line_count(g); i++) {
		int s;
		size_t n;

		ck_assert_int_eq(bg_line_info(g, i, &s, &n), BG_OK);
		if (s == style)
			edges += n - 1;
	}
	return edges;
}

int degree(const bg_game *g, int p, int style)
{
	int deg = 0;

	for (size_t i = 0; i < bg_line_count(g); i++) {
		int s, q;
		size_t n;

		bg_line_info(g, i, &s, &n);
		if (style >= 0 && s != style)
			continue;
		for (size_t k = 0; k < n; k++) {
			bg_line_point(g, i, k, &q);
			if (q == p)
				deg += (k > 0) + (k + 1 < n);
		}
	}
	return deg;
}

const char *position(const bg_game *g)
{
	static char buf[4096], out[4096];
	const char *sp;

	ck_assert_int_eq(bg_position_text(g, buf, sizeof(buf), NULL), BG_OK);
	sp = strchr(buf, ' ');
	ck_assert_ptr_nonnull(sp);
	snprintf(out, sizeof(out), "%s%s", bg_game_spec(g), sp);
	return out;
}

void expect_same_position(const bg_game *a, const bg_game *b)
{
	/* A copy: position() reuses one buffer. */
	static char first[4096];

	snprintf(first, sizeof(first), "%s", position(a));
	ck_assert_str_eq(position(b), first);
}

const char *game_part(const bg_game *g)
{
	static char out[4096];
	const char *text = position(g), *sp = strchr(text, ' '),
		   *last = strrchr(text, ' ');

	ck_assert_ptr_nonnull(sp);
	snprintf(out, sizeof(out), "%.*s", (int)(last - sp - 1), sp + 1);
	return out;
}

uint64_t perft(bg_game *g, int depth)
{
	size_t n;
	uint64_t total = 0;
	bg_move *list;

	if (depth == 0)
		return 1;
	ck_assert_int_eq(bg_legal_moves(g, NULL, 0, &n), BG_OK);
	if (depth == 1)
		return n;
	list = malloc((n ? n : 1) * sizeof(*list));
	ck_assert_ptr_nonnull(list);
	ck_assert_int_eq(bg_legal_moves(g, list, n, &n), BG_OK);
	for (size_t i = 0; i < n; i++) {
		ck_assert_int_eq(bg_play(g, &list[i]), BG_OK);
		total += perft(g, depth - 1);
		ck_assert_int_eq(bg_undo(g), BG_OK);
	}
	free(list);
	return total;
}

double seat0_value(const bg_game *g)
{
	double v = -1, w = -1;

	ck_assert_int_eq(bg_evaluate(g, 0, &v), BG_OK);
	ck_assert_int_eq(bg_evaluate(g, 1, &w), BG_OK);
	ck_assert(v > 0 && v < 1);
	/* Added as doubles: on x87 (32-bit x86) v + w is computed wider and
	 * keeps the bits that rounding 1 - v to a double dropped. */
	ck_assert((double)(v + w) == 1.0);
	return v;
}

void expect_even_opening(const char *spec, const char *first)
{
	bg_game *g = new_game(spec);

	ck_assert(seat0_value(g) == 0.5);
	play(g, first);
	ck_assert(seat0_value(g) == 0.5);
	bg_game_free(g);
}

/* The other values worth trying for an option: words and, for ranges,
 * the two lowest numbers; not the default. Returns the count. */
static size_t option_values(int type, const char *def, const char *allowed,
			    char values[][64], size_t max)
{
	const char *p = allowed;
	size_t n = 0;

	if (type == BG_OPT_BOOL) {
		snprintf(values[n++], 64, "%s", strcmp(def, "1") ? "1" : "0");
		return n;
	}
	if (type != BG_OPT_ENUM && type != BG_OPT_INT)
		return 0;
	while (*p && n < max) {
		size_t l = strcspn(p, "|");
		char item[64], *dots;

		snprintf(item, sizeof(item), "%.*s", (int)l, p);
		dots = strstr(item, "..");
		if (dots && type == BG_OPT_INT) {
			long lo = strtol(item, NULL, 10);
			long hi = strtol(dots + 2, NULL, 10);

			for (long v = lo; v <= hi && v < lo + 2 && n < max;
			     v++) {
				snprintf(values[n], 64, "%ld", v);
				if (strcmp(values[n], def) != 0)
					n++;
			}
		} else if (strcmp(item, def) != 0) {
			snprintf(values[n++], 64, "%s", item);
		}
		p += l;
		if (*p == '|')
			p++;
	}
	return n;
}

void each_option_spec(void (*fn)(const char *spec, void *arg), void *arg)
{
	for (size_t i = 0; i < bg_catalog_count(); i++) {
		const char *name = bg_catalog_name(i);
		char spec[512], all[512];

		fn(name, arg);
		snprintf(all, sizeof(all), "%s", name);
		for (size_t k = 0; k < bg_catalog_option_count(i); k++) {
			const char *key, *def, *allowed;
			char values[16][64];
			size_t nv;
			int type;

			if (bg_catalog_option(i, k, &key, &type, &def, &allowed,
					      NULL) != BG_OK)
				continue;
			nv = option_values(type, def, allowed, values, 16);
			for (size_t v = 0; v < nv; v++) {
				int len = snprintf(spec, sizeof(spec), "%s:%s=%s",
						   name, key, values[v]);

				/* A spec cut short would test another. */
				if (len < 0 || (size_t)len >= sizeof(spec))
					abort();
				fn(spec, arg);
			}
			/* Every choice changed at once: not the numbers of a
			 * range. */
			if (nv > 0 && (type != BG_OPT_INT ||
				       !strstr(allowed, ".."))) {
				size_t l = strlen(all);

				snprintf(all + l, sizeof(all) - l, "%c%s=%s",
					 strchr(all, ':') ? ',' : ':', key,
					 values[0]);
			}
		}
		fn(all, arg);
	}
}

char *svg_text(const bg_game *g, const bg_svg_options *o)
{
	size_t n, m;
	char *text;

	ck_assert_int_eq(bg_board_svg(g, o, NULL, 0, &n), BG_OK);
	ck_assert_ptr_nonnull(text = malloc(n + 1));
	ck_assert_int_eq(bg_board_svg(g, o, text, n + 1, &m), BG_OK);
	ck_assert_uint_eq(m, n);
	ck_assert_uint_eq(strlen(text), n);
	return text;
}

char *start_svg(const char *spec)
{
	bg_game *g = new_game(spec);
	char *text = svg_text(g, NULL);

	bg_game_free(g);
	return text;
}

int run_suite(Suite *s)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

static uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 1099511628211ull;
	return h;
}

/* 32-bit numbers (actions, the floats' bits), low byte first on any
 * machine. */
static uint64_t fnv_words(uint64_t h, const void *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t u;

		memcpy(&u, (const char *)p + 4 * i, sizeof(u));
		for (int k = 0; k < 32; k += 8)
			h = (h ^ ((u >> k) & 0xff)) * 1099511628211ull;
	}
	return h;
}

uint64_t observation_digest(const bg_game *g, uint64_t h)
{
	int planes, height, width;
	size_t n;
	float *buf;

	/* No ck_assert on success: tests/golden-gen calls this outside any
	 * test, where Check cannot record a passed check. */
	if (bg_observation_shape(g, &planes, &height, &width) != BG_OK)
		ck_abort_msg("bg_observation_shape: %s", bg_last_error());
	n = (size_t)planes * (size_t)height * (size_t)width;
	if (!(buf = malloc(n * sizeof(*buf))))
		ck_abort_msg("no memory");
	for (int seat = 0; seat < 2; seat++) {
		if (bg_observe(g, seat, buf, n) != BG_OK)
			ck_abort_msg("bg_observe: %s", bg_last_error());
		h = fnv_words(h, buf, n);
	}
	free(buf);
	return h;
}

/* A mask by its set bytes, each one's place (a 32-bit number) then its
 * value: a mask is mostly zeros (mill's has 420,001 bytes a game), which
 * are skipped eight at a time. */
static uint64_t fnv_mask(uint64_t h, const uint8_t *m, size_t n)
{
	for (size_t i = 0; i < n; i += 8) {
		size_t end = i + 8 < n ? i + 8 : n;
		uint64_t w = 0;

		memcpy(&w, m + i, end - i);
		for (size_t k = i; w && k < end; k++)
			if (m[k]) {
				uint32_t at = (uint32_t)k;

				h = fnv_words(h, &at, 1);
				h = fnv_bytes(h, &m[k], 1);
			}
	}
	return h;
}

uint64_t batch_digest(const char *spec)
{
	const size_t n = BATCH_DIGEST_GAMES;
	size_t na, no;
	uint64_t h = FNV_BASIS;
	bg_batch *b;
	float *obs, *rewards;
	uint8_t *mask, *done;
	uint32_t *acts;

	if (bg_batch_new(&b, spec, n, 1, 7) != BG_OK ||
	    bg_batch_info(b, NULL, &na, &no) != BG_OK)
		ck_abort_msg("%s: bg_batch_new: %s", spec, bg_last_error());
	obs = malloc(n * no * sizeof(*obs));
	rewards = malloc(n * sizeof(*rewards));
	mask = malloc(n * na);
	done = malloc(n);
	acts = malloc(n * sizeof(*acts));
	if (!obs || !rewards || !mask || !done || !acts)
		ck_abort_msg("no memory");
	if (bg_batch_reset(b, obs, mask) != BG_OK)
		ck_abort_msg("%s: bg_batch_reset: %s", spec, bg_last_error());
	h = fnv_words(h, obs, n * no);
	h = fnv_mask(h, mask, n * na);
	for (int s = 0; s < BATCH_DIGEST_STEPS; s++) {
		if (bg_batch_random_actions(b, acts) != BG_OK ||
		    bg_batch_step(b, acts, obs, mask, rewards, done) != BG_OK)
			ck_abort_msg("%s: step %d: %s", spec, s,
				     bg_last_error());
		h = fnv_words(h, acts, n);
		h = fnv_words(h, obs, n * no);
		h = fnv_mask(h, mask, n * na);
		h = fnv_words(h, rewards, n);
		h = fnv_bytes(h, done, n);
	}
	free(obs);
	free(rewards);
	free(mask);
	free(done);
	free(acts);
	bg_batch_free(b);
	return h;
}
