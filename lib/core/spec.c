/*
 * The public catalogue and the spec strings "name:key=value,...".
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

static const bg_rules *rules_at(size_t i)
{
	return i < bg_catalog_size ? bg_catalog[i] : NULL;
}

size_t bg_catalog_count(void)
{
	return bg_catalog_size;
}

const char *bg_catalog_name(size_t i)
{
	const bg_rules *r = rules_at(i);

	return r ? r->name : NULL;
}

const char *bg_catalog_title(size_t i, const char *lang)
{
	const bg_rules *r = rules_at(i);

	if (!r || !lang)
		return NULL;
	if (strcmp(lang, "en") == 0)
		return r->title_en;
	if (strcmp(lang, "ru") == 0)
		return r->title_ru;
	return NULL;
}

const char *bg_catalog_alias(size_t i, size_t k)
{
	const bg_rules *r = rules_at(i);

	if (!r || !r->aliases)
		return NULL;
	for (size_t j = 0; r->aliases[j]; j++)
		if (j == k)
			return r->aliases[j];
	return NULL;
}

/* The standard options' definitions; each game gives its own defaults.
 * No config field (size 0): the core keeps their values in bg_stdvals. */
static const bg_optdef std_options[BG_STD_COUNT] = {
	[BG_STD_NO_MOVES] = { "no_moves", BG_OPT_ENUM, NULL, "lose|pass",
		"a side to move with no legal move loses, or passes the turn "
		"(the rules say which sides)", .size = 0 },
	[BG_STD_REPETITION] = { "repetition", BG_OPT_INT, NULL, "2..3",
		"the occurrence of a position (since the last irreversible "
		"move) that draws the game", .size = 0 },
	[BG_STD_MAX_PLIES] = { "max_plies", BG_OPT_INT, NULL, "0..100000",
		"the game is drawn at this ply; 0: no limit", .size = 0 },
};

/* The option values are in slots: the game's own options 0..noptions-1,
 * then one per standard option, BG_STD_COUNT in all, whether the game has
 * it or not. Slot s of r into *o with the game's default and doc; false for
 * a standard option the game does not have. */
static bool slot_def(const bg_rules *r, size_t s, bg_optdef *o)
{
	size_t j = s - r->noptions;

	if (s < r->noptions) {
		*o = r->options[s];
		return true;
	}
	if (!r->std_def[j])
		return false;
	*o = std_options[j];
	o->def = r->std_def[j];
	if (r->std_doc[j])
		o->doc = r->std_doc[j];
	return true;
}

static size_t slot_count(const bg_rules *r)
{
	return r->noptions + BG_STD_COUNT;
}

size_t bg_catalog_option_count(size_t i)
{
	const bg_rules *r = rules_at(i);
	size_t n = 0;
	bg_optdef o;

	for (size_t s = 0; r && s < slot_count(r); s++)
		n += slot_def(r, s, &o);
	return n;
}

int bg_catalog_option(size_t i, size_t k, const char **key, int *type,
		      const char **def, const char **allowed, const char **doc)
{
	const bg_rules *r = rules_at(i);
	size_t s, left = k;
	bg_optdef o;

	for (s = 0; r && s < slot_count(r); s++)
		if (slot_def(r, s, &o) && left-- == 0)
			break;
	if (!r || s == slot_count(r))
		return bg_seterr(BG_EINVAL, "no option %zu of game %zu", k, i);
	if (key)
		*key = o.key;
	if (type)
		*type = o.type;
	if (def)
		*def = o.def;
	if (allowed)
		*allowed = o.allowed;
	if (doc)
		*doc = o.doc;
	bg_clearerr();
	return BG_OK;
}

static int find_rules(const char *name, size_t len)
{
	for (size_t i = 0; i < bg_catalog_size; i++) {
		const bg_rules *r = bg_catalog[i];

		if (strlen(r->name) == len && memcmp(r->name, name, len) == 0)
			return (int)i;
		for (size_t j = 0; r->aliases && r->aliases[j]; j++)
			if (strlen(r->aliases[j]) == len &&
			    memcmp(r->aliases[j], name, len) == 0)
				return (int)i;
	}
	return BG_ENOGAME;
}

int bg_catalog_find(const char *name)
{
	int i;

	if (!name)
		return bg_seterr(BG_EINVAL, "name is NULL");
	i = find_rules(name, strlen(name));
	if (i < 0)
		return bg_seterr(BG_ENOGAME, "no game named '%s'", name);
	bg_clearerr();
	return i;
}

/* The k-th '|'-separated item of list into buf; false past the end. */
static int list_item(const char *list, int k, char *buf, size_t cap)
{
	const char *s = list;

	for (; k > 0; k--) {
		s = strchr(s, '|');
		if (!s)
			return 0;
		s++;
	}
	size_t n = strcspn(s, "|");
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return 1;
}

static int parse_int(const char *s, int64_t *out)
{
	char *end;

	if (!*s || (*s != '-' && (*s < '0' || *s > '9')))
		return 0;
	errno = 0;
	long long v = strtoll(s, &end, 10);
	if (errno || *end)
		return 0;
	*out = v;
	return 1;
}

/* Check a value against the option's type and allowed list. */
static int parse_value(const bg_optdef *o, const char *text, bg_optval *v)
{
	char item[64];

	v->text = text;
	v->word = -1;
	v->i = 0;
	if (o->type == BG_OPT_BOOL) {
		if (!strcmp(text, "1") || !strcmp(text, "true") ||
		    !strcmp(text, "yes") || !strcmp(text, "on"))
			v->i = 1;
		else if (strcmp(text, "0") && strcmp(text, "false") &&
			 strcmp(text, "no") && strcmp(text, "off"))
			goto bad;
		return BG_OK;
	}
	if (o->type == BG_OPT_TEXT)
		return *text ? BG_OK : bg_seterr(BG_EOPTION,
			"option '%s': empty value", o->key);
	for (int k = 0; list_item(o->allowed, k, item, sizeof(item)); k++) {
		char *dots = strstr(item, "..");
		int64_t lo, hi, x;

		if (o->type == BG_OPT_INT && dots) {
			*dots = '\0';
			if (parse_int(item, &lo) && parse_int(dots + 2, &hi) &&
			    parse_int(text, &x) && x >= lo && x <= hi) {
				v->i = x;
				return BG_OK;
			}
		} else if (o->type == BG_OPT_INT && parse_int(item, &lo)) {
			if (parse_int(text, &x) && x == lo) {
				v->i = x;
				return BG_OK;
			}
		} else if (!strcmp(item, text)) {
			v->word = k;
			v->i = k;
			return BG_OK;
		}
	}
bad:
	return bg_seterr(BG_EOPTION, "option '%s': '%s' is not one of %s",
			 o->key, text, o->type == BG_OPT_BOOL ? "0|1" : o->allowed);
}

/* The canonical text of a parsed value of option o (slot s of r). */
static void canon_value(const bg_rules *r, size_t s, const bg_optdef *o,
			const bg_optval *v, char *buf, size_t cap)
{
	if (o->type == BG_OPT_BOOL)
		snprintf(buf, cap, "%d", (int)v->i);
	else if (o->type == BG_OPT_TEXT && r->canon_text)
		r->canon_text(s, v->text, buf, cap);
	else if (o->type == BG_OPT_TEXT)
		snprintf(buf, cap, "%s", v->text);
	else if (v->word >= 0)
		list_item(o->allowed, v->word, buf, cap);
	else
		snprintf(buf, cap, "%lld", (long long)v->i);
}

static bool key_is(const char *name, const char *key, size_t len)
{
	return strlen(name) == len && !memcmp(name, key, len);
}

/* The slot of the option named key[0..len), its definition into *o; an old
 * spelling reads as the new one. -1 when the game has none. */
static int find_option(const bg_rules *r, const char *key, size_t len,
		       bg_optdef *o)
{
	for (size_t j = 0; r->option_aliases && r->option_aliases[j].old; j++)
		if (key_is(r->option_aliases[j].old, key, len)) {
			key = r->option_aliases[j].key;
			len = strlen(key);
			break;
		}
	for (size_t s = 0; s < slot_count(r); s++)
		if (slot_def(r, s, o) && key_is(o->key, key, len))
			return (int)s;
	return -1;
}

/* Copy s[0..n) into the store; NULL when it is full. */
static char *store_str(char **store, size_t *left, const char *s, size_t n)
{
	char *p = *store;

	if (n + 1 > *left)
		return NULL;
	memcpy(p, s, n);
	p[n] = '\0';
	*store += n + 1;
	*left -= n + 1;
	return p;
}

static int parse_options(const bg_rules *r, const char *s, bg_optval *vals,
			 char *store, size_t store_cap)
{
	int given[BG_MAX_OPTIONS] = {0};
	size_t left = store_cap;

	while (*s) {
		size_t n = strcspn(s, ",");
		size_t klen = strcspn(s, ",=");
		const char *val = "1";
		bg_optdef o;
		int k = find_option(r, s, klen, &o);

		if (k < 0)
			return bg_seterr(BG_EOPTION, "game '%s' has no option '%.*s'",
					 r->name, (int)klen, s);
		if (given[k])
			return bg_seterr(BG_EOPTION, "option '%s' given twice",
					 o.key);
		given[k] = 1;
		if (klen < n) {
			val = store_str(&store, &left, s + klen + 1, n - klen - 1);
			if (!val)
				return bg_seterr(BG_EOPTION, "spec too long");
		} else if (o.type != BG_OPT_BOOL) {
			return bg_seterr(BG_EOPTION, "option '%s' needs a value",
					 o.key);
		}
		int rc = parse_value(&o, val, &vals[k]);
		if (rc)
			return rc;
		s += n;
		if (*s == ',' && !*++s)
			return bg_seterr(BG_EOPTION, "spec ends with ','");
	}
	return BG_OK;
}

/* The spec of vals: the options that differ from their defaults or, when
 * `full`, every option. */
static int write_canon(const bg_rules *r, const bg_optval *vals, int full,
		       char *canon, size_t cap)
{
	size_t len = (size_t)snprintf(canon, cap, "%s", r->name);
	char sep = ':';

	for (size_t s = 0; s < slot_count(r) && len < cap; s++) {
		char val[128], def[128];
		bg_optdef o;
		bg_optval dv;

		if (!slot_def(r, s, &o))
			continue;
		canon_value(r, s, &o, &vals[s], val, sizeof(val));
		parse_value(&o, o.def, &dv);
		canon_value(r, s, &o, &dv, def, sizeof(def));
		if (!full && strcmp(val, def) == 0)
			continue;
		len += (size_t)snprintf(canon + len, cap - len, "%c%s=%s", sep,
					o.key, val);
		sep = ',';
	}
	if (len >= cap)
		return bg_seterr(BG_EOPTION, "spec too long");
	return BG_OK;
}

int bg_spec_parse(const char *spec, const bg_rules **rules, bg_optval *vals,
		  char *store, size_t store_cap, char *canon, size_t canon_cap,
		  char *full, size_t full_cap)
{
	size_t nlen = strcspn(spec, ":");
	int i = find_rules(spec, nlen);
	const bg_rules *r;
	int rc;

	if (i < 0)
		return bg_seterr(BG_ENOGAME, "no game named '%.*s'", (int)nlen,
				 spec);
	r = bg_catalog[i];
	if (slot_count(r) > BG_MAX_OPTIONS)
		return bg_seterr(BG_EOPTION, "game '%s' has too many options",
				 r->name);
	for (size_t s = 0; s < slot_count(r); s++) {
		bg_optdef o;

		if (!slot_def(r, s, &o)) {
			vals[s] = (bg_optval){ .i = 0, .word = -1, .text = "" };
			continue;
		}
		rc = parse_value(&o, o.def, &vals[s]);
		if (rc)
			return bg_seterr(BG_EOPTION, "bad default of option '%s'",
					 o.key);
	}
	if (spec[nlen] == ':') {
		if (!spec[nlen + 1])
			return bg_seterr(BG_EOPTION, "spec ends with ':'");
		rc = parse_options(r, spec + nlen + 1, vals, store, store_cap);
		if (rc)
			return rc;
	}
	rc = write_canon(r, vals, 0, canon, canon_cap);
	if (rc == BG_OK)
		rc = write_canon(r, vals, 1, full, full_cap);
	if (rc)
		return rc;
	*rules = r;
	return BG_OK;
}
