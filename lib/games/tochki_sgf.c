/*
 * SGF records of Dots games (GM[40]), read and written through the public
 * API of a "tochki" handle. The dialect: doc/sgf.md.
 */
#include "core/rules.h"
#include "boardgames/tochki.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SGF_MAXW 52

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

/* SGF x, y (y from the top) of library point p on a w x h field. */
static void sgf_xy(int w, int h, int p, int *x, int *y)
{
	*x = p % w;
	*y = h - 1 - p / w;
}

static void sgf_put_point(sgf_text *t, int w, int h, int p)
{
	char two[2];
	int x, y;

	sgf_xy(w, h, p, &x, &y);
	two[0] = sgf_letter(x);
	two[1] = sgf_letter(y);
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

typedef struct sgf_tree {
	sgf_node *nodes;
	size_t n, cap;
} sgf_tree;

static void sgf_free_tree(sgf_tree *t)
{
	for (size_t i = 0; i < t->n; i++) {
		for (size_t j = 0; j < t->nodes[i].nprops; j++) {
			sgf_prop *p = &t->nodes[i].props[j];

			for (size_t k = 0; k < p->nvals; k++)
				free(p->vals[k]);
			free(p->vals);
		}
		free(t->nodes[i].props);
	}
	free(t->nodes);
}

static const char *sgf_skip(const char *s)
{
	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	return s;
}

/* One value "[...]" at *s, unescaped, into a new string. */
static int sgf_read_value(const char **s, char **out)
{
	const char *t = *s + 1;
	size_t n = 0;
	char *v;

	for (const char *u = t; *u != ']'; u++) {
		if (!*u)
			return bg_seterr(BG_EFORMAT, "SGF: a value has no ']'");
		if (*u == '\\' && u[1])
			u++;
		n++;
	}
	if (!(v = malloc(n + 1)))
		return bg_seterr(BG_ENOMEM, "SGF");
	for (n = 0; *t != ']'; t++) {
		if (*t == '\\' && t[1])
			t++;
		v[n++] = *t;
	}
	v[n] = '\0';
	*out = v;
	*s = t + 1;
	return BG_OK;
}

static int sgf_read_prop(const char **s, sgf_node *node)
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
		return bg_seterr(BG_EFORMAT, "SGF: a property without a value");
	while (**s == '[') {
		char **vals = realloc(p->vals, (p->nvals + 1) * sizeof(*vals));
		int rc;

		if (!vals)
			return bg_seterr(BG_ENOMEM, "SGF");
		p->vals = vals;
		if ((rc = sgf_read_value(s, &p->vals[p->nvals])) != BG_OK)
			return rc;
		p->nvals++;
		*s = sgf_skip(*s);
	}
	return BG_OK;
}

/* The main line of the first game tree: its nodes in order. Where the
 * tree branches the first variation is followed; the first ')' ends the
 * line, so later variations are never read. */
static int sgf_parse(const char *s, sgf_tree *tree)
{
	int rc;

	s = sgf_skip(s);
	if (*s != '(')
		return bg_seterr(BG_EFORMAT, "SGF: a record starts with '(;'");
	for (;;) {
		s = sgf_skip(s);
		if (*s == '(') {
			s++;
		} else if (*s == ';') {
			sgf_node *grown;

			if (tree->n == tree->cap) {
				tree->cap = tree->cap ? tree->cap * 2 : 64;
				grown = realloc(tree->nodes,
						tree->cap * sizeof(*grown));
				if (!grown)
					return bg_seterr(BG_ENOMEM, "SGF");
				tree->nodes = grown;
			}
			memset(&tree->nodes[tree->n], 0, sizeof(sgf_node));
			tree->n++;
			s = sgf_skip(s + 1);
			while ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z'))
				if ((rc = sgf_read_prop(&s,
						&tree->nodes[tree->n - 1])) != BG_OK)
					return rc;
		} else if (*s == ')') {
			/* The end of the followed variation: the rest of the
			 * file is other variations and closing brackets. */
			return tree->n ? BG_OK :
			       bg_seterr(BG_EFORMAT, "SGF: no node");
		} else if (!*s) {
			return bg_seterr(BG_EFORMAT, "SGF: the tree is not closed");
		} else {
			return bg_seterr(BG_EFORMAT, "SGF: unexpected '%c'", *s);
		}
	}
}

/* ---- Reading -------------------------------------------------------------- */

typedef struct sgf_read {
	bg_game *g;
	int w, h;
	int black_seat;       /* the seat playing B */
	int territory;
	size_t nmove;         /* moves replayed, for messages */
	int ring_buf[SGF_MAXW * SGF_MAXW];
} sgf_read;

static const sgf_prop *sgf_find(const sgf_node *node, const char *id)
{
	for (size_t i = 0; i < node->nprops; i++)
		if (!strcmp(node->props[i].id, id))
			return &node->props[i];
	return NULL;
}

/* "xy" at v (two letters) into a library point. */
static int sgf_point(const sgf_read *r, const char *v, int *p)
{
	int x = sgf_value(v[0]), y = x < 0 ? -1 : sgf_value(v[1]);

	if (x < 0 || y < 0)
		return bg_seterr(BG_EFORMAT, "SGF: '%.2s' is not a point", v);
	if (x >= r->w || y >= r->h)
		return bg_seterr(BG_EFORMAT,
				 "SGF: point '%.2s' is off the %dx%d field", v,
				 r->w, r->h);
	*p = (r->h - 1 - y) * r->w + x;
	return BG_OK;
}

static int sgf_size(const sgf_node *root, int *w, int *h)
{
	const sgf_prop *sz = sgf_find(root, "SZ");
	char *end;
	long a, b;

	if (!sz)
		return BG_OK;
	a = strtol(sz->vals[0], &end, 10);
	b = a;
	if (*end == ':')
		b = strtol(end + 1, &end, 10);
	if (*end || end == sz->vals[0] || a < 1 || a > SGF_MAXW || b < 1 ||
	    b > SGF_MAXW)
		return bg_seterr(BG_EFORMAT,
				 "SGF: SZ[%s] is not N or W:H with sides 1..52",
				 sz->vals[0]);
	*w = (int)a;
	*h = (int)b;
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

/* The spec without its size and start options, then ours. */
static int sgf_spec(const char *canon, int w, int h, const char *start,
		    char *out, size_t cap)
{
	const char *opts = strchr(canon, ':');
	char size[32];
	size_t len;

	sgf_size_text(canon, w, h, size, sizeof(size));
	len = (size_t)snprintf(out, cap, "tochki:size=%s,start=%s", size, start);

	while (opts && *opts) {
		size_t n;

		opts++;
		n = strcspn(opts, ",");
		if (strncmp(opts, "size=", 5) && strncmp(opts, "start=", 6))
			len += (size_t)snprintf(out + len, len < cap ? cap - len : 0,
						",%.*s", (int)n, opts);
		opts += n;
	}
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

/* A handle at the setup of the root (AB/AW), seat 0 to move. */
static int sgf_start(sgf_read *r, const char *canon, const sgf_node *root)
{
	static const char *const starts[] = { "cross", "cross4", "empty" };
	int n = r->w * r->h, rc;
	unsigned char *want = calloc((size_t)n, 2), *have = want + n;
	char spec[512];
	size_t plen;
	char *pos;

	if (!want)
		return bg_seterr(BG_ENOMEM, "SGF");
	for (int c = 0; c < 2; c++) {
		const sgf_prop *pr = sgf_find(root, c ? "AW" : "AB");
		int seat = c ? !r->black_seat : r->black_seat;

		for (size_t k = 0; pr && k < pr->nvals; k++) {
			int p;

			if ((rc = sgf_point(r, pr->vals[k], &p)) != BG_OK)
				goto done;
			want[p] = (unsigned char)(seat + 1);
		}
	}
	/* A setup that is one of our start positions keeps a plain spec. */
	for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
		if ((rc = sgf_spec(canon, r->w, r->h, starts[k], spec,
				   sizeof(spec))) != BG_OK)
			goto done;
		/* A start the field is too small for is no match. */
		rc = sgf_start_of(spec, have, n);
		if (rc == BG_ENOMEM)
			goto done;
		if (rc == BG_OK && !memcmp(want, have, (size_t)n)) {
			rc = bg_game_new(&r->g, spec);
			goto done;
		}
	}
	/* Otherwise the setup is a start position of its own. */
	plen = strlen(spec) + (size_t)n + (size_t)r->h + 16;
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
		strcpy(pos + len, "x 0 0 - 0");
	}
	rc = bg_game_from_position(&r->g, pos);
	free(pos);
done:
	free(want);
	return rc;
}

/* The seat of colour "B" or "W". */
static int sgf_seat(const sgf_read *r, const char *id)
{
	return id[0] == 'B' ? r->black_seat : !r->black_seat;
}

/* Rings drawn by the last move (those from index `from` on, of seat). */
static int sgf_ring_matches(sgf_read *r, int from, int seat, const int *pts,
			    size_t n)
{
	int count = bg_tochki_ring_count(r->g);

	for (int i = from; i < count; i++) {
		size_t len, hit = 0;
		int owner;

		if (bg_tochki_ring(r->g, i, r->ring_buf, sizeof(r->ring_buf) /
				   sizeof(r->ring_buf[0]), &len, &owner) ||
		    owner != seat || len != n)
			continue;
		for (size_t a = 0; a < n; a++)
			for (size_t b = 0; b < len; b++)
				hit += pts[a] == r->ring_buf[b];
		if (hit == n)
			return 1;
	}
	return 0;
}

/* The chains of a move value "xy.chain.chain" as point lists: chain k
 * at pts[start[k] .. start[k+1]). The closing repeat is dropped. */
typedef struct sgf_chains {
	int n;
	int start[64];
	int pts[4096];
} sgf_chains;

static int sgf_read_chains(const sgf_read *r, const char *v, sgf_chains *ch)
{
	int used = 0;

	ch->n = 0;
	while (*v == '.') {
		int first = used;

		v++;
		if (ch->n == 63)
			return bg_seterr(BG_EFORMAT, "SGF: too many chains");
		ch->start[ch->n] = used;
		for (; *v && *v != '.'; v += 2) {
			int p, rc;

			if (!v[1] || used == 4096)
				return bg_seterr(BG_EFORMAT, "SGF: a bad chain");
			if ((rc = sgf_point(r, v, &p)) != BG_OK)
				return rc;
			ch->pts[used++] = p;
		}
		if (used - first > 1 && ch->pts[used - 1] == ch->pts[first])
			used--;
		if (used - first < 4)
			return bg_seterr(BG_EFORMAT,
					 "SGF: a chain of fewer than 4 points");
		ch->n++;
	}
	ch->start[ch->n] = used;
	return *v ? bg_seterr(BG_EFORMAT, "SGF: a bad chain") : BG_OK;
}

/* All chains of a move are among the rings it drew; else the index of the
 * first that is not. */
static int sgf_first_unmatched(sgf_read *r, int from, int seat,
			       const sgf_chains *ch)
{
	for (int k = 0; k < ch->n; k++)
		if (!sgf_ring_matches(r, from, seat, ch->pts + ch->start[k],
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

static int sgf_move_error(const sgf_read *r, int rc, const char *what)
{
	char detail[256];

	/* The detail is the thread's error buffer, which bg_seterr writes. */
	snprintf(detail, sizeof(detail), "%s", bg_last_error());
	return bg_seterr(BG_EFORMAT, "SGF move %zu '%s': %s: %s", r->nmove, what,
			 bg_strerror(rc), detail);
}

/* Play one placement value of seat (with its chains). */
static int sgf_place(sgf_read *r, int seat, const char *v)
{
	sgf_chains *ch = malloc(sizeof(*ch));
	int from = bg_tochki_ring_count(r->g), rc, p, k;
	bg_move m;

	if (!ch)
		return bg_seterr(BG_ENOMEM, "SGF");
	if (!v[1] || (v[2] && v[2] != '.')) {
		rc = bg_seterr(BG_EFORMAT, "SGF move %zu: '%s' is not a point",
			       r->nmove, v);
		goto done;
	}
	if ((rc = sgf_point(r, v, &p)) != BG_OK ||
	    (rc = sgf_read_chains(r, v + 2, ch)) != BG_OK)
		goto done;
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = 1;
	m.pts[0] = (uint16_t)p;
	/* Under the territory rules a drawn chain is a closing move. */
	if (r->territory && ch->n)
		m.flags = BG_MOVE_FLAG_MARK;
	if ((rc = bg_play(r->g, &m)) != BG_OK) {
		rc = sgf_move_error(r, rc, v);
		goto done;
	}
	if ((k = sgf_first_unmatched(r, from, seat, ch)) < 0)
		goto done;
	/* Under free enclosure the chain may be the player's own: try it. */
	bg_undo(r->g);
	if (sgf_chain_move(ch, k, p, &m)) {
		m.flags = r->territory ? BG_MOVE_FLAG_MARK : 0;
		if (bg_play(r->g, &m) == BG_OK) {
			if ((k = sgf_first_unmatched(r, from, seat, ch)) < 0)
				goto done;
			bg_undo(r->g);
		}
	}
	rc = bg_seterr(BG_EFORMAT,
		       "SGF move %zu '%s': chain %d is not a ring this move draws",
		       r->nmove, v, k + 1);
done:
	free(ch);
	return rc;
}

/* Make it seat's turn: a colour playing twice in a row is allowed where
 * the rules give it the move (extra_move), or by a pass of the other. */
static int sgf_turn(sgf_read *r, int seat, const char *id)
{
	bg_move pass;
	int rc;

	if (bg_to_move(r->g) == seat)
		return BG_OK;
	memset(&pass, 0, sizeof(pass));
	rc = bg_play(r->g, &pass);
	if (rc)
		return bg_seterr(BG_EFORMAT,
				 "SGF move %zu: %s plays out of turn (the rules do "
				 "not allow the pass that would fit)",
				 r->nmove, id);
	return BG_OK;
}

static int sgf_moves(sgf_read *r, const sgf_tree *t)
{
	for (size_t i = 0; i < t->n; i++) {
		const sgf_node *node = &t->nodes[i];

		if (i > 0 && (sgf_find(node, "AB") || sgf_find(node, "AW")))
			return bg_seterr(BG_EFORMAT,
					 "SGF: set-up after the first node");
		for (size_t j = 0; j < node->nprops; j++) {
			const sgf_prop *pr = &node->props[j];
			int seat, rc;

			if (!strcmp(pr->id, "GR")) {
				bg_move m;

				memset(&m, 0, sizeof(m));
				m.kind = BG_MOVE_GROUND;
				r->nmove++;
				seat = sgf_seat(r, pr->vals[0]);
				if ((rc = sgf_turn(r, seat, "GR")) ||
				    (rc = bg_play(r->g, &m)))
					return rc == BG_EFORMAT ? rc :
					       sgf_move_error(r, rc, "ground");
				continue;
			}
			if (strcmp(pr->id, "B") && strcmp(pr->id, "W"))
				continue;
			seat = sgf_seat(r, pr->id);
			for (size_t k = 0; k < pr->nvals; k++) {
				const char *v = pr->vals[k];

				r->nmove++;
				if ((rc = sgf_turn(r, seat, pr->id)) != BG_OK)
					return rc;
				if (!*v) {
					bg_move pass;

					memset(&pass, 0, sizeof(pass));
					rc = bg_play(r->g, &pass);
					/* Without passes an empty value ends
					 * the record. */
					if (rc == BG_EILLEGAL && i + 1 == t->n)
						return BG_OK;
					if (rc)
						return sgf_move_error(r, rc, "");
					continue;
				}
				if ((rc = sgf_place(r, seat, v)) != BG_OK)
					return rc;
			}
		}
	}
	return BG_OK;
}

/* The colour of the first move ("B" when there is none, or PL's). */
static char sgf_first_colour(const sgf_tree *t)
{
	const sgf_prop *pl = sgf_find(&t->nodes[0], "PL");

	for (size_t i = 0; i < t->n; i++)
		for (size_t j = 0; j < t->nodes[i].nprops; j++) {
			const char *id = t->nodes[i].props[j].id;

			if (!strcmp(id, "B") || !strcmp(id, "W"))
				return id[0];
			if (!strcmp(id, "GR"))
				return t->nodes[i].props[j].vals[0][0];
		}
	return pl && pl->vals[0][0] == 'W' ? 'W' : 'B';
}

static int sgf_check_root(const sgf_node *root)
{
	const sgf_prop *gm = sgf_find(root, "GM");

	if (!gm)
		return bg_seterr(BG_EFORMAT, "SGF: no GM[40] in the root node");
	if (strcmp(gm->vals[0], "40"))
		return bg_seterr(BG_EFORMAT,
				 "SGF: GM[%s] is not a Dots game (GM[40])",
				 gm->vals[0]);
	return BG_OK;
}

BG_API int bg_tochki_from_sgf(bg_game **out, const char *sgf,
			      const char *spec)
{
	sgf_tree tree = { NULL, 0, 0 };
	sgf_read *r = NULL;
	bg_game *base = NULL;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !sgf)
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = bg_game_new(&base, spec ? spec : "tochki")) != BG_OK)
		return rc;
	if (strcmp(bg_game_name(base), "tochki")) {
		rc = bg_seterr(BG_EWRONGGAME, "'%s' is not a tochki spec", spec);
		goto done;
	}
	if ((rc = sgf_parse(sgf, &tree)) != BG_OK ||
	    (rc = sgf_check_root(&tree.nodes[0])) != BG_OK)
		goto done;
	if (!(r = calloc(1, sizeof(*r)))) {
		rc = bg_seterr(BG_ENOMEM, "SGF");
		goto done;
	}
	bg_board_size(base, &r->w, &r->h);
	r->territory = strstr(bg_game_spec(base), "territory=1") != NULL;
	r->black_seat = sgf_first_colour(&tree) == 'B' ? 0 : 1;
	if ((rc = sgf_size(&tree.nodes[0], &r->w, &r->h)) != BG_OK ||
	    (rc = sgf_start(r, bg_game_spec(base), &tree.nodes[0])) != BG_OK ||
	    (rc = sgf_moves(r, &tree)) != BG_OK)
		goto done;
	*out = r->g;
	r->g = NULL;
	bg_clearerr();
done:
	if (r)
		bg_game_free(r->g);
	free(r);
	sgf_free_tree(&tree);
	bg_game_free(base);
	return rc;
}

/* ---- Writing -------------------------------------------------------------- */

/* The rings a move drew, after the point: ".chain.chain", each from the
 * move's point when it is on it. */
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
		for (size_t a = 0; a < n; a++)
			sgf_put_point(t, w, h, buf[(at + a) % n]);
	}
}

static void sgf_put_result(sgf_text *t, const bg_game *g)
{
	int status, winner;
	double s[2];
	char buf[64];

	bg_outcome(g, &status, &winner, NULL);
	if (status == BG_ONGOING)
		return;
	bg_score(g, 0, &s[0]);
	bg_score(g, 1, &s[1]);
	if (status == BG_DRAW)
		snprintf(buf, sizeof(buf), "RE[0]");
	else
		snprintf(buf, sizeof(buf), "RE[%c+%g]", winner ? 'W' : 'B',
			 winner ? s[1] - s[0] : s[0] - s[1]);
	sgf_puts(t, buf);
}

/* Root properties of the start position (c: the game at its start). */
static int sgf_put_root(sgf_text *t, const bg_game *c, const bg_game *g,
			int w, int h)
{
	char buf[64];

	if (w == h)
		snprintf(buf, sizeof(buf), "(;GM[40]FF[4]CA[UTF-8]SZ[%d]", w);
	else
		snprintf(buf, sizeof(buf), "(;GM[40]FF[4]CA[UTF-8]SZ[%d:%d]", w, h);
	sgf_puts(t, buf);
	sgf_puts(t, "AP[libboardgames]");
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
			sgf_puts(t, "GR[");
			sgf_puts(t, col);
			sgf_puts(t, "]");
			continue;
		}
		sgf_puts(t, col);
		sgf_puts(t, "[");
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

BG_API int bg_tochki_sgf(const bg_game *g, char *buf, size_t cap, size_t *len)
{
	sgf_text t = { NULL, 0, 0, 0 };
	bg_game *c = NULL;
	int state, w, h, rc;

	if (!g || (!buf && (cap || !len)))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = bg_tochki_point(g, 0, &state, NULL, NULL)) != BG_OK)
		return rc;
	if ((rc = bg_game_clone(&c, g)) != BG_OK)
		return rc;
	while (bg_undo(c) == BG_OK)
		;
	bg_board_size(g, &w, &h);
	if ((rc = sgf_put_root(&t, c, g, w, h)) == BG_OK &&
	    (rc = sgf_put_moves(&t, c, g, w, h)) == BG_OK)
		sgf_puts(&t, ")\n");
	bg_game_free(c);
	if (rc == BG_OK && t.failed)
		rc = bg_seterr(BG_ENOMEM, "SGF");
	if (rc == BG_OK) {
		if (len)
			*len = t.len;
		/* buf NULL is a size query: nothing to write. */
		if (buf && t.len + 1 > cap) {
			rc = bg_seterr(BG_EBUFSIZE, "the SGF needs %zu bytes",
				       t.len + 1);
		} else if (buf) {
			memcpy(buf, t.buf, t.len + 1);
			bg_clearerr();
		}
	}
	free(t.buf);
	return rc;
}
