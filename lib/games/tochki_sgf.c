/*
 * SGF records of Dots games (GM[40]), read and written through the public
 * API of a "tochki" handle. The dialects read and the form written:
 * doc/sgf.md.
 */
#include "core/rules.h"
#include "boardgames/tochki.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SGF_MAXW 52
/* sgf_fold's answer when the file must be read again with passes. */
#define SGF_RETRY 1
/* Warnings kept per read; the rest are counted in a last line. */
#define SGF_MAX_WARNINGS 100

/* ---- A growing text buffer -------------------------------------------------- */

typedef struct sgf_text {
	char *buf;
	size_t len, cap;
	int failed;
} sgf_text;

static void sgf_putn(sgf_text *t, const char *s, size_t n)
{
	if (t->failed)
		return;
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 256;
		char *b;

		while (cap < t->len + n + 1)
			cap *= 2;
		if (!(b = realloc(t->buf, cap))) {
			t->failed = 1;
			return;
		}
		t->buf = b;
		t->cap = cap;
	}
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
}

static void sgf_puts(sgf_text *t, const char *s)
{
	sgf_putn(t, s, strlen(s));
}

static void sgf_vprintf(sgf_text *t, const char *fmt, va_list ap)
	BG_PRINTF(2, 0);

static void sgf_vprintf(sgf_text *t, const char *fmt, va_list ap)
{
	char buf[512];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);

	if (n > 0)
		sgf_putn(t, buf, (size_t)n < sizeof(buf) ? (size_t)n :
			 sizeof(buf) - 1);
}

static void sgf_printf(sgf_text *t, const char *fmt, ...)
	BG_PRINTF(2, 3);

static void sgf_printf(sgf_text *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	sgf_vprintf(t, fmt, ap);
	va_end(ap);
}

/* A value between brackets, escaping ']' and '\'. */
static void sgf_put_value(sgf_text *t, const char *v)
{
	sgf_putn(t, "[", 1);
	for (; *v; v++) {
		if (*v == ']' || *v == '\\')
			sgf_putn(t, "\\", 1);
		sgf_putn(t, v, 1);
	}
	sgf_putn(t, "]", 1);
}

/* The text out through a caller buffer, as the conventions say. */
static int sgf_hand_out(const sgf_text *t, char *buf, size_t cap, size_t *len)
{
	if (t->failed)
		return bg_seterr(BG_ENOMEM, "SGF");
	if (len)
		*len = t->len;
	if (!buf)
		return BG_OK;
	if (t->len + 1 > cap) {
		if (cap) {
			memcpy(buf, t->buf ? t->buf : "", cap - 1);
			buf[cap - 1] = '\0';
		}
		return bg_seterr(BG_EBUFSIZE, "the SGF text needs %zu bytes",
				 t->len + 1);
	}
	memcpy(buf, t->buf ? t->buf : "", t->len + 1);
	return BG_OK;
}

/* ---- Coordinates -------------------------------------------------------------- */

static char sgf_letter(int v)
{
	return (char)(v < 26 ? 'a' + v : 'A' + v - 26);
}

static int sgf_value(char ch)
{
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a';
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A' + 26;
	return -1;
}

static void sgf_put_point(sgf_text *t, int w, int h, int p)
{
	char two[2];

	two[0] = sgf_letter(p % w);
	two[1] = sgf_letter(h - 1 - p / w);
	sgf_putn(t, two, 2);
}

/* ---- Parsing -------------------------------------------------------------- */

typedef struct sgf_prop {
	char id[8];
	char **vals;
	size_t nvals;
} sgf_prop;

typedef struct sgf_node {
	sgf_prop *props;
	size_t nprops;
} sgf_node;

/* The main line of one game tree. */
typedef struct sgf_tree {
	sgf_node *nodes;
	size_t n, cap;
	int branches; /* the tree holds variations besides the main line */
} sgf_tree;

static void sgf_free_node(sgf_node *node)
{
	for (size_t j = 0; j < node->nprops; j++) {
		sgf_prop *p = &node->props[j];

		for (size_t k = 0; k < p->nvals; k++)
			free(p->vals[k]);
		free(p->vals);
	}
	free(node->props);
}

static void sgf_free_tree(sgf_tree *t)
{
	for (size_t i = 0; i < t->n; i++)
		sgf_free_node(&t->nodes[i]);
	free(t->nodes);
}

static const char *sgf_skip(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r' ||
	       *s == '\f' || *s == '\v')
		s++;
	return s;
}

/* White space and a UTF-8 byte order mark before the first tree. */
static const char *sgf_skip_start(const char *s)
{
	s = sgf_skip(s);
	if ((unsigned char)s[0] == 0xEF && (unsigned char)s[1] == 0xBB &&
	    (unsigned char)s[2] == 0xBF)
		s = sgf_skip(s + 3);
	return s;
}

/* Past the value at s ('['), or NULL when it has no ']'. */
static const char *sgf_skip_value(const char *s)
{
	for (s++; *s != ']'; s++) {
		if (!*s)
			return NULL;
		if (*s == '\\' && s[1])
			s++;
	}
	return s + 1;
}

/* Past the ')' that brings the nesting at s from depth to 0, or NULL when
 * the text ends first. *branches is set when a '(' is met on the way. A
 * counter, not recursion: any depth of nesting is safe. */
static const char *sgf_skip_close(const char *s, size_t depth, int *branches)
{
	while (depth) {
		switch (*s) {
		case '\0':
			return NULL;
		case '[':
			if (!(s = sgf_skip_value(s)))
				return NULL;
			continue;
		case '(':
			depth++;
			*branches = 1;
			break;
		case ')':
			depth--;
			break;
		}
		s++;
	}
	return s;
}

/* One value "[...]" at *s, unescaped, into a new string. A backslash
 * before a line break is a soft break and drops both. */
static int sgf_read_value(const char **s, char **out, size_t node)
{
	const char *t = *s + 1, *end = sgf_skip_value(*s);
	size_t n = 0;
	char *v;

	if (!end)
		return bg_seterr(BG_EFORMAT,
				 "SGF node %zu: a value has no ']' (the file is "
				 "cut short?)", node);
	if (!(v = malloc((size_t)(end - t))))
		return bg_seterr(BG_ENOMEM, "SGF");
	for (; t < end - 1; t++) {
		if (*t == '\\') {
			t++;
			if (*t == '\r' && t[1] == '\n')
				t++;
			if (*t == '\n' || *t == '\r')
				continue;
		}
		v[n++] = *t;
	}
	v[n] = '\0';
	*out = v;
	*s = end;
	return BG_OK;
}

static int sgf_read_prop(const char **s, sgf_node *node, size_t index)
{
	sgf_prop *p, *grown;
	size_t n = 0;

	grown = realloc(node->props, (node->nprops + 1) * sizeof(*grown));
	if (!grown)
		return bg_seterr(BG_ENOMEM, "SGF");
	node->props = grown;
	p = &node->props[node->nprops++];
	memset(p, 0, sizeof(*p));
	/* FF[3] allows lower-case letters inside identifiers: skip them. */
	for (; (**s >= 'A' && **s <= 'Z') || (**s >= 'a' && **s <= 'z'); (*s)++)
		if (**s >= 'A' && **s <= 'Z' && n + 1 < sizeof(p->id))
			p->id[n++] = **s;
	*s = sgf_skip(*s);
	if (!n || **s != '[')
		return bg_seterr(BG_EFORMAT,
				 "SGF node %zu: a property without a value", index);
	while (**s == '[') {
		char **vals = realloc(p->vals, (p->nvals + 1) * sizeof(*vals));
		int rc;

		if (!vals)
			return bg_seterr(BG_ENOMEM, "SGF");
		p->vals = vals;
		if ((rc = sgf_read_value(s, &p->vals[p->nvals], index)) != BG_OK)
			return rc;
		p->nvals++;
		*s = sgf_skip(*s);
	}
	return BG_OK;
}

/* The properties of one node, from after its ';'. */
static int sgf_read_node(const char **s, sgf_node *node, size_t index)
{
	int rc;

	*s = sgf_skip(*s);
	while ((**s >= 'A' && **s <= 'Z') || (**s >= 'a' && **s <= 'z'))
		if ((rc = sgf_read_prop(s, node, index)) != BG_OK)
			return rc;
	return BG_OK;
}

/* Past the game trees of the collection before tree `index`; the start of
 * that tree, or NULL (error set). */
static const char *sgf_find_tree(const char *s, size_t index)
{
	size_t k;
	int branches;

	s = sgf_skip_start(s);
	for (k = 0; k < index && *s == '('; k++)
		if (!(s = sgf_skip_close(s + 1, 1, &branches)))
			return bg_seterr(BG_EFORMAT, "SGF: game tree %zu is not "
					 "closed", k + 1), NULL;
		else
			s = sgf_skip(s);
	if (*s != '(') {
		if (k == 0 && index == 0)
			bg_seterr(BG_EFORMAT, "SGF: a record starts with '(;'");
		else
			bg_seterr(BG_EFORMAT, "SGF: no game %zu: the collection "
				  "holds %zu", index + 1, k);
		return NULL;
	}
	return s;
}

/* The main line of game tree `index`: its nodes in order. Where the tree
 * branches the first variation is followed; the others are skipped. */
static int sgf_parse(const char *s, size_t index, sgf_tree *tree)
{
	size_t depth = 1;
	int rc;

	if (!(s = sgf_find_tree(s, index)))
		return BG_EFORMAT;
	for (s++;;) {
		s = sgf_skip(s);
		if (*s == '(') {
			depth++;
			s++;
		} else if (*s == ';') {
			if (tree->n == tree->cap) {
				size_t cap = tree->cap ? tree->cap * 2 : 64;
				sgf_node *grown = realloc(tree->nodes,
							  cap * sizeof(*grown));

				if (!grown)
					return bg_seterr(BG_ENOMEM, "SGF");
				tree->nodes = grown;
				tree->cap = cap;
			}
			memset(&tree->nodes[tree->n], 0, sizeof(sgf_node));
			tree->n++;
			s++;
			if ((rc = sgf_read_node(&s, &tree->nodes[tree->n - 1],
						tree->n - 1)) != BG_OK)
				return rc;
		} else if (*s == ')') {
			if (!tree->n)
				return bg_seterr(BG_EFORMAT, "SGF: a game tree "
						 "without a node");
			/* The end of the main line: what follows up to the
			 * tree's ')' is other variations. */
			if (!sgf_skip_close(s + 1, depth - 1, &tree->branches))
				return bg_seterr(BG_EFORMAT, "SGF: the game tree "
						 "is not closed (the file is cut "
						 "short?)");
			return BG_OK;
		} else if (!*s) {
			return bg_seterr(BG_EFORMAT, "SGF node %zu: the game tree "
					 "is not closed (the file is cut short?)",
					 tree->n ? tree->n - 1 : 0);
		} else {
			return bg_seterr(BG_EFORMAT, "SGF node %zu: unexpected "
					 "'%c'", tree->n ? tree->n - 1 : 0, *s);
		}
	}
}

BG_API int bg_tochki_sgf_count(const char *sgf, size_t *n)
{
	const char *s;
	size_t k = 0;
	int branches;

	if (!sgf || !n)
		return bg_seterr(BG_EINVAL, "NULL argument");
	s = sgf_skip_start(sgf);
	if (*s != '(')
		return bg_seterr(BG_EFORMAT, "SGF: a record starts with '(;'");
	/* Text after the last tree (a signature, a second file's junk) is
	 * not a tree and ends the collection. */
	while (*s == '(') {
		if (!(s = sgf_skip_close(s + 1, 1, &branches)))
			return bg_seterr(BG_EFORMAT, "SGF: game tree %zu is not "
					 "closed (the file is cut short?)", k + 1);
		k++;
		s = sgf_skip(s);
	}
	*n = k;
	bg_clearerr();
	return BG_OK;
}

static const sgf_prop *sgf_find(const sgf_node *node, const char *id)
{
	for (size_t i = 0; i < node->nprops; i++)
		if (!strcmp(node->props[i].id, id))
			return &node->props[i];
	return NULL;
}

/* ---- Reading: the rules of the file -------------------------------------- */

/* Options a file's RU may set; -1 where it says nothing. */
enum {
	RU_GROUND, RU_MARGIN, RU_EXTRA, RU_TERRITORY, RU_FREE, RU_EMPTY,
	RU_PASS, RU_SHORTEST, RU_COUNT
};

static const char *const sgf_ru_keys[RU_COUNT] = {
	"ground_any_time", "win_margin", "extra_move", "territory",
	"free_enclosure", "capture_empty_bases", "allow_pass", "shortest_chain"
};

typedef struct sgf_read {
	bg_game *g;
	int w, h;
	int black_seat;       /* the seat playing B */
	int territory;
	int free_encl;
	int allow_pass;
	int pass_grounds;     /* KataGo: an empty move value is a grounding */
	long ru[RU_COUNT];
	size_t node;          /* the node being read, for messages */
	size_t skipped;       /* moves not replayed after the end */
	size_t ended_at;      /* the node where the game ended, when it did */
	sgf_text warn;
	size_t nwarn;
	int ring_buf[SGF_MAXW * SGF_MAXW];
	struct sgf_chains *chains;  /* the chains of the move being read */
	int retry;            /* read again with allow_pass */
	size_t retry_node;    /* the node that made it so */
	int retry_seat;
} sgf_read;

static void sgf_warn(sgf_read *r, const char *fmt, ...)
	BG_PRINTF(2, 3);

static void sgf_warn(sgf_read *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nwarn++ >= SGF_MAX_WARNINGS)
		return;
	va_start(ap, fmt);
	sgf_vprintf(&r->warn, fmt, ap);
	va_end(ap);
	sgf_putn(&r->warn, "\n", 1);
}

static int sgf_is_int(const char *v, long lo, long hi, long *out)
{
	char *end;
	long x = strtol(v, &end, 10);

	if (end == v || *end || x < lo || x > hi)
		return 0;
	*out = x;
	return 1;
}

/* zagram's "Key=Value,Key=Value": the flags that match an option set it;
 * a flag at the value the library always plays by is silent; any other is
 * a warning naming it. */
static void sgf_rules_zagram(sgf_read *r, const char *ru)
{
	long must_surr = -1, score_terr = -1;

	while (*ru) {
		char key[32], val[32];
		size_t n = strcspn(ru, ",;"), k = strcspn(ru, "=");
		long v;

		if (k > n)
			k = n;
		snprintf(key, sizeof(key), "%.*s", (int)(k < 31 ? k : 31), ru);
		snprintf(val, sizeof(val), "%.*s",
			 (int)(n - k > 1 ? (n - k - 1 < 31 ? n - k - 1 : 31) : 0),
			 ru + k + (k < n));
		ru += n + (ru[n] != '\0');
		if (!*key)
			continue;
		if (!sgf_is_int(val, 0, 10000, &v)) {
			sgf_warn(r, "RU: '%s=%s' is not a number in 0..10000: ignored", key,
				 val);
			continue;
		}
		if (!strcmp(key, "AddTurn"))
			r->ru[RU_EXTRA] = v != 0;
		else if (!strcmp(key, "Pass"))
			r->ru[RU_PASS] = v != 0;
		else if (!strcmp(key, "Stop"))
			r->ru[RU_GROUND] = v != 0;
		else if (!strcmp(key, "InstantWin"))
			r->ru[RU_MARGIN] = v;
		else if (!strcmp(key, "FreeEncl"))
			r->ru[RU_FREE] = v != 0;
		else if (!strcmp(key, "EmptyBases"))
			r->ru[RU_EMPTY] = v != 0;
		else if (!strcmp(key, "MustSurr"))
			must_surr = v != 0;
		else if (!strcmp(key, "ScoreTerr"))
			score_terr = v != 0;
		else if (!strcmp(key, "MinArea"))
			r->ru[RU_SHORTEST] = v == 0;
		else if (!strcmp(key, "Holes") && v == 0)
			sgf_warn(r, "RU: Holes=0 is not an option of this library: "
				 "read with houses (a point played into one is "
				 "caught)");
		else if ((!strcmp(key, "Punish") || !strcmp(key, "LastSafe")) &&
			 v != 0)
			sgf_warn(r, "RU: %s=%ld is not an option of this library: "
				 "read without it", key, v);
		else if (strcmp(key, "Holes") &&
			 strcmp(key, "Punish") && strcmp(key, "LastSafe"))
			sgf_warn(r, "RU: '%s' is not a rule this library knows: "
				 "ignored", key);
	}
	/* Captures by choice (MustSurr=0) and territory scoring (ScoreTerr=1)
	 * come together in the library's territory option. */
	if (must_surr >= 0 || score_terr >= 0) {
		long terr = score_terr == 1 || must_surr == 0;

		r->ru[RU_TERRITORY] = terr;
		if (must_surr >= 0 && score_terr >= 0 &&
		    (must_surr == 0) != (score_terr == 1))
			sgf_warn(r, "RU: MustSurr=%ld with ScoreTerr=%ld is not an "
				 "option of this library: read with territory=%ld",
				 must_surr, score_terr, terr);
	}
}

/* KataGo's Dots rules: keys run together with their values,
 * "dotsCaptureEmptyBase0startPosCROSSstartPosIsRandom1sui1komi0". */
static void sgf_rules_katago(sgf_read *r, const char *ru)
{
	static const char *const keys[] = {
		"dotsCaptureEmptyBases", "dotsCaptureEmptyBase",
		"dotsFreeCapturedDots", "startPosesAreRandom", "startPosIsRandom",
		"startPoses", "startPos", "dots", "sui", "komi"
	};

	/* A pass is KataGo's grounding, which hands over what is not
	 * grounded, at any time. */
	r->pass_grounds = 1;
	r->ru[RU_GROUND] = 1;
	while (*ru) {
		size_t k, n = 0;
		char val[32];

		for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++)
			if (!strncmp(ru, keys[k], strlen(keys[k])))
				break;
		if (k == sizeof(keys) / sizeof(keys[0])) {
			sgf_warn(r, "RU: '%.40s' is not a rule this library knows: "
				 "ignored", ru);
			return;
		}
		ru += strlen(keys[k]);
		while (ru[n] && (strchr("0123456789.+-_", ru[n]) ||
				 (ru[n] >= 'A' && ru[n] <= 'Z')))
			n++;
		snprintf(val, sizeof(val), "%.*s", (int)(n < 31 ? n : 31), ru);
		ru += n;
		if (k <= 1)
			r->ru[RU_EMPTY] = strcmp(val, "0") != 0;
		else if (k == 2 && !strcmp(val, "0"))
			sgf_warn(r, "RU: dotsFreeCapturedDots0 is not an option of "
				 "this library: read with captured points freed by "
				 "a re-capture");
		else if (k == 8 && !strcmp(val, "0"))
			sgf_warn(r, "RU: sui0 is not an option of this library: "
				 "read with points allowed into the other side's "
				 "houses");
		else if (k == 9 && strtod(val, NULL) != 0)
			sgf_warn(r, "RU: komi%s: the library has no komi: read "
				 "without it", val);
		/* startPos: the file's AB/AW give the start. */
	}
}

static void sgf_rules(sgf_read *r, const sgf_node *root)
{
	const sgf_prop *ru = sgf_find(root, "RU");
	const char *v;

	for (int k = 0; k < RU_COUNT; k++)
		r->ru[k] = -1;
	if (r->retry)
		sgf_warn(r, "node %zu: %s plays twice running after a capture: "
			 "read with allow_pass, a pass of the other side put in",
			 r->retry_node,
			 (!r->retry_seat) == r->black_seat ? "B" : "W");
	if (!ru)
		goto out;
	v = ru->vals[0];
	if (strchr(v, '='))
		sgf_rules_zagram(r, v);
	else if (!strncmp(v, "dots", 4) || strstr(v, "sui"))
		sgf_rules_katago(r, v);
	else if (*v && strcmp(v, "russian") && strcmp(v, "Russian") &&
		 strcmp(v, "standard"))
		sgf_warn(r, "RU[%.40s]: rules this library does not know: read "
			 "under the spec's rules", v);
out:
	if (r->retry)
		r->ru[RU_PASS] = 1;
}

/* ---- Reading: the start -------------------------------------------------- */

static int sgf_size(const sgf_node *root, int *w, int *h)
{
	const sgf_prop *sz = sgf_find(root, "SZ");
	char *end;
	long a, b;

	if (!sz)
		return BG_OK;
	for (size_t j = 0; j < root->nprops; j++)
		if (&root->props[j] != sz && !strcmp(root->props[j].id, "SZ"))
			return bg_seterr(BG_EFORMAT, "SGF node 0: SZ given twice");
	if (sz->nvals != 1)
		return bg_seterr(BG_EFORMAT, "SGF node 0: SZ has %zu values",
				 sz->nvals);
	a = strtol(sz->vals[0], &end, 10);
	b = a;
	if (*end == ':')
		b = strtol(end + 1, &end, 10);
	if (*end || end == sz->vals[0] || a < 1 || a > SGF_MAXW || b < 1 ||
	    b > SGF_MAXW)
		return bg_seterr(BG_EFORMAT, "SGF node 0: SZ[%.20s] is not N or "
				 "W:H with sides 1..52", sz->vals[0]);
	*w = (int)a;
	*h = (int)b;
	return BG_OK;
}

/* "xy" at v (two letters) into a library point. */
static int sgf_point(const sgf_read *r, const char *v, int *p)
{
	int x = sgf_value(v[0]), y = x < 0 ? -1 : sgf_value(v[1]);

	if (x < 0 || y < 0)
		return bg_seterr(BG_EFORMAT, "SGF node %zu: '%.2s' is not a point",
				 r->node, v);
	if (x >= r->w || y >= r->h)
		return bg_seterr(BG_EFORMAT, "SGF node %zu: point '%.2s' is off "
				 "the %dx%d field", r->node, v, r->w, r->h);
	*p = (r->h - 1 - y) * r->w + x;
	return BG_OK;
}

/* The spec's own spelling of the size when it is w x h, else "N" for a
 * square and "WxH" (size is free text, kept as given by the core). */
static void sgf_size_text(const char *canon, int w, int h, char *out,
			  size_t cap)
{
	const char *v = strstr(canon, ":size=");
	int a = 0, b = 0, n = 0;

	if (!v)
		v = strstr(canon, ",size=");
	if (v) {
		v += 6;
		n = (int)strcspn(v, ",");
		if (sscanf(v, "%dx%d", &a, &b) == 1)
			b = a;
	} else {
		a = 39, b = 32; /* the default */
		v = "39x32";
		n = 5;
	}
	if (a == w && b == h)
		snprintf(out, cap, "%.*s", n, v);
	else if (w == h)
		snprintf(out, cap, "%d", w);
	else
		snprintf(out, cap, "%dx%d", w, h);
}

/* The spec: size and start ours, the options RU names from the file, the
 * others from the caller's spec. */
static int sgf_spec(const sgf_read *r, const char *canon, const char *start,
		    char *out, size_t cap)
{
	const char *opts = strchr(canon, ':');
	char size[32];
	size_t len;

	sgf_size_text(canon, r->w, r->h, size, sizeof(size));
	len = (size_t)snprintf(out, cap, "tochki:size=%s,start=%s", size, start);
	while (opts && *opts) {
		size_t n, k;
		int ours = !strncmp(opts + 1, "size=", 5) ||
			   !strncmp(opts + 1, "start=", 6);

		opts++;
		n = strcspn(opts, ",");
		for (k = 0; k < RU_COUNT && !ours; k++)
			ours = r->ru[k] >= 0 &&
			       !strncmp(opts, sgf_ru_keys[k],
					strlen(sgf_ru_keys[k])) &&
			       opts[strlen(sgf_ru_keys[k])] == '=';
		if (!ours)
			len += (size_t)snprintf(out + len, len < cap ? cap - len : 0,
						",%.*s", (int)n, opts);
		opts += n;
	}
	for (int k = 0; k < RU_COUNT; k++)
		if (r->ru[k] >= 0)
			len += (size_t)snprintf(out + len, len < cap ? cap - len : 0,
						",%s=%ld", sgf_ru_keys[k], r->ru[k]);
	return len < cap ? BG_OK : bg_seterr(BG_EOPTION, "spec too long");
}

/* The points of a start position of spec, per seat, as a bitmap
 * w * h long: 0 empty, 1 seat 0, 2 seat 1. */
static int sgf_start_of(const char *spec, unsigned char *cells, int n)
{
	bg_game *g;
	int rc = bg_game_new(&g, spec);

	if (rc)
		return rc;
	for (int p = 0; p < n; p++) {
		int seat, kind;

		bg_point_piece(g, p, &seat, &kind);
		cells[p] = (unsigned char)(seat < 0 ? 0 : seat + 1);
	}
	bg_game_free(g);
	return BG_OK;
}

static int sgf_is_move_node(const sgf_node *node)
{
	return sgf_find(node, "B") || sgf_find(node, "W") ||
	       sgf_find(node, "GR");
}

/* The set-up points (AB/AW of the root and of the nodes before the first
 * move) into want: 1 seat 0, 2 seat 1. */
static int sgf_setup(sgf_read *r, const sgf_tree *t, unsigned char *want)
{
	for (size_t i = 0; i < t->n && (i == 0 ||
					!sgf_is_move_node(&t->nodes[i])); i++) {
		r->node = i;
		for (int c = 0; c < 2; c++) {
			const sgf_prop *pr = sgf_find(&t->nodes[i], c ? "AW" : "AB");
			int seat = c ? !r->black_seat : r->black_seat;

			for (size_t k = 0; pr && k < pr->nvals; k++) {
				int p, rc;

				if ((rc = sgf_point(r, pr->vals[k], &p)) != BG_OK)
					return rc;
				if (want[p] && want[p] != seat + 1)
					return bg_seterr(BG_EFORMAT, "SGF node %zu: "
							 "AB and AW both set up "
							 "'%.2s'", i, pr->vals[k]);
				want[p] = (unsigned char)(seat + 1);
			}
		}
	}
	return BG_OK;
}

/* A handle at the set-up, seat 0 to move. */
static int sgf_start(sgf_read *r, const char *canon, const sgf_tree *t)
{
	static const char *const starts[] = { "cross", "cross4", "empty" };
	static const int npoints[] = { 4, 16, 0 };
	const sgf_prop *mn = sgf_find(&t->nodes[0], "MN");
	int n = r->w * r->h, rc, count = 0;
	long ply = 0;
	unsigned char *want = calloc((size_t)n, 2), *have = want + n;
	char spec[512];
	size_t plen;
	char *pos;

	if (!want)
		return bg_seterr(BG_ENOMEM, "SGF");
	if ((rc = sgf_setup(r, t, want)) != BG_OK)
		goto done;
	for (int p = 0; p < n; p++)
		count += want[p] != 0;
	/* MN in the root: the ply number of the start (the writer's, for a
	 * start that was the middle of a record); only a position has one. */
	if (mn && !sgf_is_int(mn->vals[0], 0, 1000000000, &ply))
		sgf_warn(r, "node 0: MN[%.20s] is not a move number: ignored",
			 mn->vals[0]);
	if (ply)
		count = -1;
	/* A setup that is one of our start positions keeps a plain spec. */
	for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
		if ((rc = sgf_spec(r, canon, starts[k], spec,
				   sizeof(spec))) != BG_OK)
			goto done;
		if (count != npoints[k])
			continue;
		/* A start the field is too small for is no match. */
		rc = sgf_start_of(spec, have, n);
		if (rc == BG_ENOMEM)
			goto done;
		if (rc == BG_EOPTION && k == 2)
			goto done; /* the options themselves are refused */
		if (rc == BG_OK && !memcmp(want, have, (size_t)n)) {
			rc = bg_game_new(&r->g, spec);
			goto done;
		}
	}
	/* Otherwise the setup is a start position of its own. */
	plen = strlen(spec) + (size_t)n + (size_t)r->h + 32;
	if (!(pos = malloc(plen))) {
		rc = bg_seterr(BG_ENOMEM, "SGF");
		goto done;
	}
	{
		size_t len = (size_t)sprintf(pos, "%s ", spec);

		for (int y = 0; y < r->h; y++) {
			for (int x = 0; x < r->w; x++)
				pos[len++] = ".xo"[want[(r->h - 1 - y) * r->w + x]];
			pos[len++] = y < r->h - 1 ? '/' : ' ';
		}
		sprintf(pos + len, "x 0 0 - %ld", ply);
	}
	rc = bg_game_from_position(&r->g, pos);
	free(pos);
done:
	free(want);
	return rc;
}

/* ---- Reading: the moves -------------------------------------------------- */

/* The seat of colour "B" or "W". */
static int sgf_seat(const sgf_read *r, const char *id)
{
	return id[0] == 'B' ? r->black_seat : !r->black_seat;
}

static const char *sgf_colour(const sgf_read *r, int seat)
{
	return seat == r->black_seat ? "B" : "W";
}

static int sgf_last_was_pass(const bg_game *g)
{
	uint32_t n = bg_history_length(g);
	bg_move m;

	return n && bg_history_move(g, n - 1, &m) == BG_OK &&
	       m.kind == BG_MOVE_PASS;
}

/* Give the move to seat by rewriting the side to move in the position
 * text: the game so far becomes the start of the handle. */
static int sgf_fold(sgf_read *r, int seat)
{
	const char *tok[5];
	size_t len = 0;
	char *text, *out;
	bg_game *g = NULL;
	int rc;

	/* After a capture the game so far cannot be a set-up (SGF has no
	 * captured points): the file is read again with passes. */
	if (bg_tochki_ring_count(r->g) > 0) {
		if (r->allow_pass)
			return bg_seterr(BG_EFORMAT, "SGF node %zu: %s plays twice "
					 "running right after a pass: the rules "
					 "read cannot place it", r->node,
					 sgf_colour(r, seat));
		r->retry = 1;
		return SGF_RETRY;
	}
	if ((rc = bg_position_text(r->g, NULL, 0, &len)) != BG_OK)
		return rc;
	text = malloc(len + 1);
	out = malloc(len + 16);
	if (!text || !out) {
		free(text);
		free(out);
		return bg_seterr(BG_ENOMEM, "SGF");
	}
	bg_position_text(r->g, text, len + 1, NULL);
	/* SPEC ROWS TURN EXTRA PASSES GROUNDED [RING ...] PLY */
	tok[0] = text;
	for (int k = 1; k < 5; k++)
		tok[k] = strchr(tok[k - 1], ' ') + 1;
	/* The start option names no start any more: "empty", as the
	 * reader's own set-ups say. */
	{
		const char *st = strstr(text, ",start="), *rest;

		if (!st || st > tok[1]) {
			free(text);
			free(out);
			return bg_seterr(BG_EFORMAT, "SGF: no start in the spec");
		}
		rest = st + strcspn(st + 1, ", ") + 1;
		sprintf(out, "%.*s,start=empty%.*s%c 0 0 %s", (int)(st - text),
			text, (int)(tok[2] - rest), rest, seat ? 'o' : 'x',
			strchr(tok[4], ' ') + 1);
	}
	rc = bg_game_from_position(&g, out);
	free(text);
	free(out);
	if (rc != BG_OK)
		return rc;
	bg_game_free(r->g);
	r->g = g;
	return BG_OK;
}

/* Make it seat's turn. A colour may play several times running (playdots
 * writes its start cross so): where the rules give it the move anyway
 * (extra_move), or a pass of the other side fits (allow_pass), the move is
 * played so; otherwise the side to move is rewritten. */
static int sgf_turn(sgf_read *r, int seat)
{
	bg_move pass;

	if (bg_to_move(r->g) == seat)
		return BG_OK;
	memset(&pass, 0, sizeof(pass));
	if (!sgf_last_was_pass(r->g) && bg_play(r->g, &pass) == BG_OK)
		return BG_OK;
	return sgf_fold(r, seat);
}

static int sgf_move_error(const sgf_read *r, int rc, const char *id,
			  const char *v)
{
	char detail[256];

	/* The detail is the thread's error buffer, which bg_seterr writes. */
	snprintf(detail, sizeof(detail), "%s", bg_last_error());
	return bg_seterr(BG_EFORMAT, "SGF node %zu %s[%.40s]: %s: %s", r->node,
			 id, v, bg_strerror(rc), detail);
}

/* The chains of a move value "xy.chain.chain" as point lists: chain k
 * at pts[start[k] .. start[k+1]). The closing repeat is dropped. */
struct sgf_chains {
	int n;
	int start[64];
	int pts[4096];
};
typedef struct sgf_chains sgf_chains;

static int sgf_read_chains(sgf_read *r, const char *id, const char *v,
			   sgf_chains *ch)
{
	const char *all = v;
	int used = 0;

	v += 2;
	ch->n = 0;
	while (*v == '.') {
		int first = used;

		v++;
		if (ch->n == 63)
			return bg_seterr(BG_EFORMAT, "SGF node %zu %s[%.40s]: "
					 "more than 63 chains", r->node, id, all);
		ch->start[ch->n] = used;
		for (; *v && *v != '.'; v += 2) {
			int p, rc;

			if (!v[1] || used == 4096)
				return bg_seterr(BG_EFORMAT, "SGF node %zu "
						 "%s[%.40s]: a bad chain", r->node,
						 id, all);
			if ((rc = sgf_point(r, v, &p)) != BG_OK)
				return rc;
			ch->pts[used++] = p;
		}
		if (used - first > 1 && ch->pts[used - 1] == ch->pts[first])
			used--;
		if (used - first < 4) {
			sgf_warn(r, "node %zu %s[%.40s]: chain %d has fewer than "
				 "4 points: ignored", r->node, id, all, ch->n + 1);
			used = first;
			continue;
		}
		ch->n++;
	}
	ch->start[ch->n] = used;
	return *v ? bg_seterr(BG_EFORMAT, "SGF node %zu %s[%.40s]: a bad "
			      "chain", r->node, id, all) : BG_OK;
}

static int sgf_has(const int *pts, size_t n, int p)
{
	for (size_t a = 0; a < n; a++)
		if (pts[a] == p)
			return 1;
	return 0;
}

/* Whether a chain is a ring the last move drew (rings `from` on, of seat):
 * the same points, or, as zagram writes them, the ring's points and more
 * of the encloser's live points along the area. */
static int sgf_chain_ok(sgf_read *r, int from, int seat, const int *pts,
			size_t n)
{
	int count = bg_tochki_ring_count(r->g);

	for (int i = from; i < count; i++) {
		size_t len, a;
		int owner;

		if (bg_tochki_ring(r->g, i, r->ring_buf, sizeof(r->ring_buf) /
				   sizeof(r->ring_buf[0]), &len, &owner) ||
		    owner != seat || len > n)
			continue;
		for (a = 0; a < len && sgf_has(pts, n, r->ring_buf[a]); a++)
			;
		if (a < len)
			continue;
		for (a = 0; a < n; a++) {
			int state, color, own;

			if (sgf_has(r->ring_buf, len, pts[a]))
				continue;
			bg_tochki_point(r->g, pts[a], &state, &color, &own);
			if (state != BG_TOCHKI_POINT || color != seat ||
			    own != seat)
				break;
		}
		if (a == n)
			return 1;
	}
	return 0;
}

/* All chains of a move are rings it drew; else the index of the first
 * that is not. */
static int sgf_first_unmatched(sgf_read *r, int from, int seat,
			       const sgf_chains *ch)
{
	for (int k = 0; k < ch->n; k++)
		if (!sgf_chain_ok(r, from, seat, ch->pts + ch->start[k],
				  (size_t)(ch->start[k + 1] - ch->start[k])))
			return k;
	return -1;
}

/* The free-enclosure move: p, then chain k from the point after p. */
static int sgf_chain_move(const sgf_chains *ch, int k, int p, bg_move *m)
{
	const int *pts = ch->pts + ch->start[k];
	int n = ch->start[k + 1] - ch->start[k], at = -1;

	for (int a = 0; a < n; a++)
		if (pts[a] == p)
			at = a;
	if (at < 0 || n > BG_MOVE_MAX_POINTS)
		return 0;
	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_PLACE;
	m->npath = (uint8_t)n;
	for (int a = 0; a < n; a++)
		m->pts[a] = (uint16_t)pts[(at + a) % n];
	return 1;
}

/* Play one placement value of seat (with its chains). The chains are
 * advisory: the captures are the rules'; a chain that is not one of the
 * rings drawn is a warning. */
static int sgf_place(sgf_read *r, int seat, const char *id, const char *v)
{
	sgf_chains *ch = r->chains;
	int from = bg_tochki_ring_count(r->g), rc, p, k;
	bg_move m;

	if (!v[1] || (v[2] && v[2] != '.')) {
		rc = bg_seterr(BG_EFORMAT, "SGF node %zu %s[%.40s]: not a point",
			       r->node, id, v);
		goto done;
	}
	if ((rc = sgf_point(r, v, &p)) != BG_OK ||
	    (rc = sgf_read_chains(r, id, v, ch)) != BG_OK ||
	    (rc = sgf_turn(r, seat)) != BG_OK)
		goto done;
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = 1;
	m.pts[0] = (uint16_t)p;
	/* Under the territory rules a drawn chain is a closing move. */
	if (r->territory && ch->n) {
		m.flags = BG_MOVE_FLAG_MARK;
		if (bg_play(r->g, &m) == BG_OK)
			goto check;
		m.flags = 0;
	}
	if ((rc = bg_play(r->g, &m)) != BG_OK) {
		rc = sgf_move_error(r, rc, id, v);
		goto done;
	}
check:
	if ((k = sgf_first_unmatched(r, from, seat, ch)) < 0)
		goto done;
	/* Under free enclosure the chain may be the player's own: try it. */
	if (r->free_encl && sgf_chain_move(ch, k, p, &m)) {
		bg_game *c = NULL;

		if (bg_game_clone(&c, r->g) != BG_OK) {
			rc = bg_seterr(BG_ENOMEM, "SGF");
			goto done;
		}
		bg_undo(r->g);
		m.flags = r->territory ? BG_MOVE_FLAG_MARK : 0;
		if (bg_play(r->g, &m) == BG_OK &&
		    (k = sgf_first_unmatched(r, from, seat, ch)) < 0) {
			bg_game_free(c);
			goto done;
		}
		bg_game_free(r->g);
		r->g = c;
	}
	sgf_warn(r, "node %zu %s[%.40s]: chain %d is not a ring this move "
		 "draws: the captures are the rules'", r->node, id, v, k + 1);
done:
	return rc;
}

static int sgf_ground(sgf_read *r, int seat, const char *what, int strict)
{
	bg_move m;
	int rc;

	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_GROUND;
	if ((rc = sgf_turn(r, seat)) != BG_OK)
		return rc;
	if ((rc = bg_play(r->g, &m)) == BG_OK)
		return BG_OK;
	if (strict)
		return sgf_move_error(r, rc, what, sgf_colour(r, seat));
	sgf_warn(r, "node %zu: the grounding by %s (%s) is not legal under the "
		 "rules read: the game stays open", r->node,
		 sgf_colour(r, seat), what);
	return BG_OK;
}

/* An empty value: a pass, KataGo's grounding, or (last, where the rules
 * have no passes) the end of the moves. */
static int sgf_empty(sgf_read *r, int seat, const char *id, int last)
{
	bg_move pass;
	int rc;

	if (r->pass_grounds)
		return sgf_ground(r, seat, "a pass in KataGo's rules", 0);
	if (!r->allow_pass) {
		if (!last)
			sgf_warn(r, "node %zu %s[]: a pass, which the rules read "
				 "do not have: skipped", r->node, id);
		return BG_OK;
	}
	memset(&pass, 0, sizeof(pass));
	if ((rc = sgf_turn(r, seat)) != BG_OK)
		return rc;
	if ((rc = bg_play(r->g, &pass)) != BG_OK)
		return sgf_move_error(r, rc, id, "");
	return BG_OK;
}

/* A comment that says STOP: zagram's mark of a grounding. */
static int sgf_is_stop(const char *c)
{
	for (const char *s = c; (s = strpbrk(s, "Ss")); s++)
		if ((s == c || !((s[-1] | 32) >= 'a' && (s[-1] | 32) <= 'z')) &&
		    (s[1] | 32) == 't' && (s[2] | 32) == 'o' &&
		    (s[3] | 32) == 'p' &&
		    !((s[4] | 32) >= 'a' && (s[4] | 32) <= 'z'))
			return 1;
	return 0;
}

static int sgf_over(const sgf_read *r)
{
	int status;

	bg_outcome(r->g, &status, NULL, NULL);
	return status != BG_ONGOING;
}

/* One B, W or GR property of the current node. */
static int sgf_prop_moves(sgf_read *r, const sgf_prop *pr, int last_node)
{
	int seat, rc;

	if (!strcmp(pr->id, "GR")) {
		if (sgf_over(r)) {
			if (!r->ended_at)
				r->ended_at = r->node;
			r->skipped++;
			return BG_OK;
		}
		if (pr->vals[0][0] != 'B' && pr->vals[0][0] != 'W')
			return bg_seterr(BG_EFORMAT, "SGF node %zu: GR[%.10s] is "
					 "not GR[B] or GR[W]", r->node,
					 pr->vals[0]);
		return sgf_ground(r, sgf_seat(r, pr->vals[0]), "GR", 1);
	}
	seat = sgf_seat(r, pr->id);
	for (size_t k = 0; k < pr->nvals; k++) {
		const char *v = pr->vals[k];

		if (sgf_over(r)) {
			if (!r->ended_at)
				r->ended_at = r->node;
			r->skipped++;
			continue;
		}
		rc = *v ? sgf_place(r, seat, pr->id, v) :
		     sgf_empty(r, seat, pr->id, last_node && k + 1 == pr->nvals);
		if (rc != BG_OK)
			return rc;
	}
	return BG_OK;
}

/* The index of the last node with a move (0 when none). */
static size_t sgf_last_move_node(const sgf_tree *t)
{
	size_t last = 0;

	for (size_t i = 1; i < t->n; i++)
		if (sgf_find(&t->nodes[i], "B") || sgf_find(&t->nodes[i], "W"))
			last = i;
	return last;
}

static int sgf_moves(sgf_read *r, const sgf_tree *t)
{
	size_t last = sgf_last_move_node(t);
	int seen_move = 0;

	for (size_t i = 0; i < t->n; i++) {
		const sgf_node *node = &t->nodes[i];
		const sgf_prop *c = sgf_find(node, "C");
		int stop = 0;

		r->node = i;
		if (sgf_is_move_node(node))
			seen_move = 1;
		else if (seen_move && (sgf_find(node, "AB") ||
				       sgf_find(node, "AW")))
			return bg_seterr(BG_EFORMAT, "SGF node %zu: set-up (AB/AW) "
					 "after the first move", i);
		if (i > 0 && sgf_is_move_node(node) &&
		    (sgf_find(node, "AB") || sgf_find(node, "AW")))
			return bg_seterr(BG_EFORMAT, "SGF node %zu: set-up (AB/AW) "
					 "in a move node", i);
		for (size_t j = 0; j < node->nprops; j++) {
			const sgf_prop *pr = &node->props[j];
			int rc;

			if (strcmp(pr->id, "B") && strcmp(pr->id, "W") &&
			    strcmp(pr->id, "GR"))
				continue;
			if ((rc = sgf_prop_moves(r, pr, i == last)) != BG_OK)
				return rc;
		}
		for (size_t k = 0; c && k < c->nvals && !stop; k++)
			stop = sgf_is_stop(c->vals[k]);
		/* STOP (zagram): the side to move grounds here, once; the
		 * moves after it draw what the grounding hands over. */
		if (stop && !sgf_over(r)) {
			int rc = sgf_ground(r, bg_to_move(r->g), "STOP", 0);

			if (rc != BG_OK)
				return rc;
			if (sgf_over(r))
				break;
		}
	}
	return BG_OK;
}

/* ---- Reading: the end ---------------------------------------------------- */

/* RE in Go style: "B+R", "W+T", "B+F", "B+12", "0", "Draw", "Void". A
 * resignation, time loss or forfeit the moves leave open becomes that
 * declared result; a result the moves contradict is a warning. */
static int sgf_result(sgf_read *r, const char *re)
{
	int status, winner, seat = -1, want_draw = 0, reason = 0;
	double s[2], score = -1;
	const char *v = re;
	char *end;

	while (*v == ' ')
		v++;
	if (!*v || !strcmp(v, "?") || !strcmp(v, "Void") || !strcmp(v, "void"))
		return BG_OK;
	if (!strcmp(v, "0") || !strcmp(v, "Draw") || !strcmp(v, "draw") ||
	    !strcmp(v, "D") || !strcmp(v, "Jigo")) {
		want_draw = 1;
	} else if ((v[0] == 'B' || v[0] == 'W') && v[1] == '+') {
		seat = sgf_seat(r, v);
		v += 2;
		if (*v == 'R')
			reason = BG_REASON_RESIGNATION;
		else if (*v == 'T')
			reason = BG_REASON_TIME;
		else if (*v == 'F')
			reason = BG_REASON_ADJUDICATION;
		else if (*v) {
			score = strtod(v, &end);
			if (*end || score < 0) {
				sgf_warn(r, "RE[%.20s] is not a result this library "
					 "reads: ignored", re);
				return BG_OK;
			}
		}
	} else {
		sgf_warn(r, "RE[%.20s] is not a result this library reads: "
			 "ignored", re);
		return BG_OK;
	}
	bg_outcome(r->g, &status, &winner, NULL);
	bg_score(r->g, 0, &s[0]);
	bg_score(r->g, 1, &s[1]);
	if (status == BG_ONGOING && (reason || want_draw)) {
		if (want_draw && s[0] != s[1])
			sgf_warn(r, "RE[%.20s]: a draw, where the moves give "
				 "%g:%g: read as a draw agreed", re, s[0], s[1]);
		return want_draw ? bg_agree_draw(r->g) :
		       bg_declare_result(r->g, BG_WIN, seat, reason);
	}
	if (want_draw ? status == BG_WIN :
	    (status == BG_DRAW || (status == BG_WIN && winner != seat)))
		sgf_warn(r, "RE[%.20s] disagrees with the moves, which give %s",
			 re, status == BG_DRAW ? "a draw" :
			 winner == r->black_seat ? "a win of B" : "a win of W");
	else if (score >= 0 && s[seat] - s[!seat] != score)
		sgf_warn(r, "RE[%.20s] disagrees with the scores the moves give "
			 "(B %g, W %g)", re, s[r->black_seat], s[!r->black_seat]);
	return BG_OK;
}

/* The end of the record: what was not read, the result. */
static int sgf_finish(sgf_read *r, const sgf_tree *t)
{
	const sgf_prop *re = sgf_find(&t->nodes[0], "RE");

	if (r->skipped)
		sgf_warn(r, "node %zu: the game is over under the rules read: "
			 "%zu moves after it are not replayed", r->ended_at,
			 r->skipped);
	if (t->branches)
		sgf_warn(r, "the game tree has variations: its main line is read");
	return re ? sgf_result(r, re->vals[0]) : BG_OK;
}

/* Seat 0: B when the root says who moves (PL), else the colour of the
 * first move. */
static int sgf_black_seat(const sgf_tree *t)
{
	if (sgf_find(&t->nodes[0], "PL"))
		return 0;
	for (size_t i = 0; i < t->n; i++)
		for (size_t j = 0; j < t->nodes[i].nprops; j++) {
			const sgf_prop *pr = &t->nodes[i].props[j];

			if (!strcmp(pr->id, "B") || !strcmp(pr->id, "W"))
				return pr->id[0] == 'B' ? 0 : 1;
			if (!strcmp(pr->id, "GR"))
				return pr->vals[0][0] == 'W';
		}
	return 0;
}

static int sgf_check_root(const sgf_node *root)
{
	const sgf_prop *gm = sgf_find(root, "GM");

	if (!gm)
		return bg_seterr(BG_EFORMAT, "SGF node 0: no GM[40]");
	if (strcmp(gm->vals[0], "40"))
		return bg_seterr(BG_EFORMAT,
				 "SGF node 0: GM[%.20s] is not a Dots game (GM[40])",
				 gm->vals[0]);
	return BG_OK;
}

/* PL in the root: the side to move at the start. */
static int sgf_first_turn(sgf_read *r, const sgf_tree *t)
{
	const sgf_prop *pl = sgf_find(&t->nodes[0], "PL");

	if (!pl)
		return BG_OK;
	if (strcmp(pl->vals[0], "B") && strcmp(pl->vals[0], "W"))
		return bg_seterr(BG_EFORMAT, "SGF node 0: PL[%.10s] is not B or W",
				 pl->vals[0]);
	return pl->vals[0][0] == 'W' ? sgf_fold(r, 1) : BG_OK;
}

static void sgf_warn_out(sgf_read *r, char *warn, size_t cap, size_t *len)
{
	if (r->nwarn > SGF_MAX_WARNINGS)
		sgf_printf(&r->warn, "%zu more warnings\n",
			   r->nwarn - SGF_MAX_WARNINGS);
	if (len)
		*len = r->warn.failed ? 0 : r->warn.len;
	if (warn && cap) {
		size_t n = r->warn.failed ? 0 : r->warn.len;

		if (n > cap - 1)
			n = cap - 1;
		memcpy(warn, r->warn.buf ? r->warn.buf : "", n);
		warn[n] = '\0';
	}
}

BG_API int bg_tochki_from_sgf_ex(bg_game **out, const char *sgf,
				 const char *spec, size_t index, char *warn,
				 size_t cap, size_t *len)
{
	sgf_tree tree = { NULL, 0, 0, 0 };
	sgf_read *r = NULL;
	bg_game *base = NULL;
	char canon[512];
	int rc;

	if (out)
		*out = NULL;
	if (len)
		*len = 0;
	if (warn && cap)
		warn[0] = '\0';
	if (!out || !sgf || (!warn && cap))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = bg_game_new(&base, spec ? spec : "tochki")) != BG_OK)
		return rc;
	if (strcmp(bg_game_name(base), "tochki")) {
		rc = bg_seterr(BG_EWRONGGAME, "'%s' is not a tochki spec", spec);
		goto done;
	}
	if ((rc = sgf_parse(sgf, index, &tree)) != BG_OK ||
	    (rc = sgf_check_root(&tree.nodes[0])) != BG_OK)
		goto done;
	if (!(r = calloc(1, sizeof(*r))) ||
	    !(r->chains = malloc(sizeof(*r->chains)))) {
		rc = bg_seterr(BG_ENOMEM, "SGF");
		goto done;
	}
	snprintf(canon, sizeof(canon), "%s", bg_game_spec(base));
again:
	bg_board_size(base, &r->w, &r->h);
	r->black_seat = sgf_black_seat(&tree);
	sgf_rules(r, &tree.nodes[0]);
	if ((rc = sgf_size(&tree.nodes[0], &r->w, &r->h)) != BG_OK ||
	    (rc = sgf_start(r, canon, &tree)) != BG_OK)
		goto done;
	r->territory = strstr(bg_game_spec(r->g), "territory=1") != NULL;
	r->free_encl = strstr(bg_game_spec(r->g), "free_enclosure=1") != NULL;
	r->allow_pass = strstr(bg_game_spec(r->g), "allow_pass=1") != NULL;
	if ((rc = sgf_first_turn(r, &tree)) != BG_OK ||
	    (rc = sgf_moves(r, &tree)) != BG_OK ||
	    (rc = sgf_finish(r, &tree)) != BG_OK) {
		if (rc != SGF_RETRY)
			goto done;
		/* Once, from the start, with passes: the warnings anew. */
		r->retry_node = r->node;
		r->retry_seat = bg_to_move(r->g);
		bg_game_free(r->g);
		r->g = NULL;
		r->warn.len = 0;
		r->nwarn = 0;
		r->skipped = r->ended_at = 0;
		goto again;
	}
	if (r->warn.failed) {
		rc = bg_seterr(BG_ENOMEM, "SGF");
		goto done;
	}
	*out = r->g;
	r->g = NULL;
	bg_clearerr();
done:
	if (r) {
		sgf_warn_out(r, warn, cap, len);
		bg_game_free(r->g);
		free(r->warn.buf);
		free(r->chains);
	}
	free(r);
	sgf_free_tree(&tree);
	bg_game_free(base);
	return rc;
}

BG_API int bg_tochki_from_sgf(bg_game **out, const char *sgf,
			      const char *spec)
{
	return bg_tochki_from_sgf_ex(out, sgf, spec, 0, NULL, 0, NULL);
}

/* Root properties that are game information (players, date, event, time
 * settings, comments): all but those the writer makes itself and the
 * per-move ones. */
static int sgf_is_info(const char *id)
{
	static const char *const not_info[] = {
		"GM", "FF", "CA", "SZ", "AP", "RU", "RE", "AB", "AW", "AE", "PL",
		"B", "W", "GR", "BL", "WL", "OB", "OW", "KO", "MN"
	};

	for (size_t k = 0; k < sizeof(not_info) / sizeof(not_info[0]); k++)
		if (!strcmp(id, not_info[k]))
			return 0;
	return 1;
}

BG_API int bg_tochki_sgf_info(const char *sgf, size_t index, char *buf,
			      size_t cap, size_t *len)
{
	sgf_tree tree = { NULL, 0, 0, 0 };
	sgf_text t = { NULL, 0, 0, 0 };
	int rc;

	if (!sgf || (!buf && (cap || !len)))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = sgf_parse(sgf, index, &tree)) == BG_OK) {
		const sgf_node *root = &tree.nodes[0];

		for (size_t j = 0; j < root->nprops; j++) {
			const sgf_prop *p = &root->props[j];

			if (!sgf_is_info(p->id))
				continue;
			sgf_puts(&t, p->id);
			for (size_t k = 0; k < p->nvals; k++)
				sgf_put_value(&t, p->vals[k]);
		}
		if ((rc = sgf_hand_out(&t, buf, cap, len)) == BG_OK)
			bg_clearerr();
	}
	free(t.buf);
	sgf_free_tree(&tree);
	return rc;
}

/* ---- Writing -------------------------------------------------------------- */

/* The rings a move drew, after the point, in zagram's form: each from the
 * move's point when it is on it, closed by repeating its first point. */
static void sgf_put_rings(sgf_text *t, const bg_game *g, int from, int seat,
			  int p, int w, int h, int *buf, size_t cap)
{
	int count = bg_tochki_ring_count(g);

	for (int i = from; i < count; i++) {
		size_t n;
		int owner, at = 0;

		if (bg_tochki_ring(g, i, buf, cap, &n, &owner) || owner != seat)
			continue;
		for (size_t a = 0; a < n; a++)
			if (buf[a] == p)
				at = (int)a;
		sgf_putn(t, ".", 1);
		for (size_t a = 0; a <= n; a++)
			sgf_put_point(t, w, h, buf[(at + a) % n]);
	}
}

static void sgf_put_result(sgf_text *t, const bg_game *g)
{
	int status, winner, reason;
	double s[2];

	bg_outcome(g, &status, &winner, &reason);
	if (status == BG_ONGOING)
		return;
	bg_score(g, 0, &s[0]);
	bg_score(g, 1, &s[1]);
	if (status == BG_DRAW)
		sgf_puts(t, "RE[0]");
	else if (reason == BG_REASON_RESIGNATION)
		sgf_printf(t, "RE[%c+R]", winner ? 'W' : 'B');
	else if (reason == BG_REASON_TIME)
		sgf_printf(t, "RE[%c+T]", winner ? 'W' : 'B');
	else if (reason == BG_REASON_ADJUDICATION)
		sgf_printf(t, "RE[%c+F]", winner ? 'W' : 'B');
	else
		sgf_printf(t, "RE[%c+%g]", winner ? 'W' : 'B',
			   winner ? s[1] - s[0] : s[0] - s[1]);
}

/* An option of the canonical spec as a number (0 when not named). */
static long sgf_opt(const char *spec, const char *key)
{
	size_t n = strlen(key);

	for (const char *s = strchr(spec, ':'); s; s = strchr(s, ','))
		if (!strncmp(++s, key, n) && s[n] == '=')
			return strtol(s + n + 1, NULL, 10);
	return 0;
}

/* The rules in zagram's RU form; the two options zagram has no flag for
 * get flags of their own, written only when set. */
static void sgf_put_rules(sgf_text *t, const bg_game *g)
{
	const char *spec = bg_game_spec(g);
	long terr = sgf_opt(spec, "territory");

	sgf_printf(t, "RU[Punish=0,Holes=1,AddTurn=%ld,MustSurr=%ld,MinArea=%ld,"
		   "Pass=%ld,Stop=%ld,LastSafe=0,ScoreTerr=%ld,InstantWin=%ld",
		   sgf_opt(spec, "extra_move"), (long)!terr,
		   (long)!sgf_opt(spec, "shortest_chain"), sgf_opt(spec, "allow_pass"),
		   sgf_opt(spec, "ground_any_time"), terr,
		   sgf_opt(spec, "win_margin"));
	if (sgf_opt(spec, "free_enclosure"))
		sgf_puts(t, ",FreeEncl=1");
	if (sgf_opt(spec, "capture_empty_bases"))
		sgf_puts(t, ",EmptyBases=1");
	sgf_puts(t, "]");
}

/* Root properties of the start position (c: the game at its start). */
static int sgf_put_root(sgf_text *t, const bg_game *c, const bg_game *g,
			int w, int h, const char *info)
{
	if (w == h)
		sgf_printf(t, "(;GM[40]FF[4]CA[UTF-8]SZ[%d]", w);
	else
		sgf_printf(t, "(;GM[40]FF[4]CA[UTF-8]SZ[%d:%d]", w, h);
	sgf_put_rules(t, g);
	sgf_puts(t, "AP[libboardgames]");
	if (info)
		sgf_puts(t, info);
	sgf_put_result(t, g);
	for (int seat = 0; seat < 2; seat++) {
		int any = 0;

		for (int p = 0; p < w * h; p++) {
			int state, color, owner;

			bg_tochki_point(c, p, &state, &color, &owner);
			if (state == BG_TOCHKI_DEAD ||
			    (state == BG_TOCHKI_POINT && color != owner))
				return bg_seterr(BG_EINVAL,
						 "the start position holds captured "
						 "points, which SGF cannot express");
			if (state != BG_TOCHKI_POINT || color != seat)
				continue;
			if (!any)
				sgf_puts(t, seat ? "AW" : "AB");
			any = 1;
			sgf_putn(t, "[", 1);
			sgf_put_point(t, w, h, p);
			sgf_putn(t, "]", 1);
		}
	}
	if (bg_to_move(c) == 1)
		sgf_puts(t, "PL[W]");
	if (bg_ply(c))
		sgf_printf(t, "MN[%u]", bg_ply(c));
	return BG_OK;
}

static int sgf_put_moves(sgf_text *t, bg_game *c, const bg_game *g, int w,
			 int h)
{
	int *buf = malloc((size_t)(w * h) * sizeof(int));
	uint32_t n = bg_history_length(g);
	int rc = BG_OK;

	if (!buf)
		return bg_seterr(BG_ENOMEM, "SGF");
	for (uint32_t i = 0; i < n && rc == BG_OK; i++) {
		int seat = bg_to_move(c), from = bg_tochki_ring_count(c);
		const char *col = seat ? "W" : "B";
		bg_move m;

		bg_history_move(g, i, &m);
		if ((rc = bg_play(c, &m)) != BG_OK)
			break;
		sgf_puts(t, ";");
		if (m.kind == BG_MOVE_GROUND) {
			sgf_printf(t, "GR[%s]", col);
			continue;
		}
		sgf_printf(t, "%s[", col);
		if (m.kind == BG_MOVE_PLACE) {
			sgf_put_point(t, w, h, m.pts[0]);
			sgf_put_rings(t, c, from, seat, m.pts[0], w, h, buf,
				      (size_t)(w * h));
		}
		sgf_puts(t, "]");
	}
	free(buf);
	return rc;
}

/* info must be game-information properties only: parsed as a node. */
static int sgf_check_info(const char *info)
{
	sgf_node node;
	const char *s = info;
	int rc;

	memset(&node, 0, sizeof(node));
	rc = sgf_read_node(&s, &node, 0);
	if (rc == BG_OK && *sgf_skip(s))
		rc = bg_seterr(BG_EINVAL, "SGF info: '%.20s' is not a property",
			       sgf_skip(s));
	for (size_t j = 0; rc == BG_OK && j < node.nprops; j++)
		if (!sgf_is_info(node.props[j].id))
			rc = bg_seterr(BG_EINVAL, "SGF info: %s is written from "
				       "the game, not given", node.props[j].id);
	if (rc == BG_EFORMAT) {
		char why[256]; /* bg_seterr writes where the detail is */

		snprintf(why, sizeof(why), "%s", bg_last_error());
		rc = bg_seterr(BG_EINVAL, "SGF info: %s", why);
	}
	sgf_free_node(&node);
	return rc;
}

BG_API int bg_tochki_sgf_ex(const bg_game *g, const char *info, char *buf,
			    size_t cap, size_t *len)
{
	sgf_text t = { NULL, 0, 0, 0 };
	bg_game *c = NULL;
	int state, w, h, rc;

	if (!g || (!buf && (cap || !len)))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = bg_tochki_point(g, 0, &state, NULL, NULL)) != BG_OK)
		return rc;
	if (info && (rc = sgf_check_info(info)) != BG_OK)
		return rc;
	if ((rc = bg_game_clone(&c, g)) != BG_OK)
		return rc;
	while (bg_undo(c) == BG_OK)
		;
	/* bg_undo took back a declared end first; the moves are all undone
	 * once it fails. */
	bg_board_size(g, &w, &h);
	if ((rc = sgf_put_root(&t, c, g, w, h, info)) == BG_OK &&
	    (rc = sgf_put_moves(&t, c, g, w, h)) == BG_OK)
		sgf_puts(&t, ")\n");
	bg_game_free(c);
	if (rc == BG_OK && (rc = sgf_hand_out(&t, buf, cap, len)) == BG_OK)
		bg_clearerr();
	free(t.buf);
	return rc;
}

BG_API int bg_tochki_sgf(const bg_game *g, char *buf, size_t cap, size_t *len)
{
	return bg_tochki_sgf_ex(g, NULL, buf, cap, len);
}
