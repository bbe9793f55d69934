/*
 * The symmetries of a game (include/boardgames/learn.h): the rotations and
 * reflections of the drawing frame that map the board onto itself (points,
 * lines, marks) and the start position onto itself. A transformed game is
 * the game's history replayed with every move transformed, which is how
 * counters and repetitions come along.
 */
#include <stdlib.h>
#include <string.h>

#include "core/learn.h"

/* (x, y) under a BG_SYM_* kind on a w x h frame. */
static void sym_xy(int kind, int w, int h, int *x, int *y)
{
	int a = *x, b = *y;

	switch (kind) {
	case BG_SYM_ROT90:     *x = w - 1 - b; *y = a; break;
	case BG_SYM_ROT180:    *x = w - 1 - a; *y = h - 1 - b; break;
	case BG_SYM_ROT270:    *x = b; *y = w - 1 - a; break;
	case BG_SYM_FLIP_X:    *x = w - 1 - a; break;
	case BG_SYM_FLIP_Y:    *y = h - 1 - b; break;
	case BG_SYM_TRANSPOSE: *x = b; *y = a; break;
	case BG_SYM_ANTI:      *x = w - 1 - b; *y = w - 1 - a; break;
	default: break;
	}
}

/* The image of point p, or -1 when it falls off the board. */
static int sym_point(const bg_board *b, int kind, int p)
{
	int x, y;

	bg_board_xy(b, p, &x, &y);
	sym_xy(kind, b->width, b->height, &x, &y);
	return bg_board_at(b, x, y);
}

static int has_edge(const bg_board *b, int style, int p, int q)
{
	for (size_t l = 0; l < b->nlines; l++) {
		const bg_line *ln = &b->lines[l];

		if (ln->style != style)
			continue;
		for (int i = 1; i < ln->npoints; i++)
			if ((ln->pts[i - 1] == p && ln->pts[i] == q) ||
			    (ln->pts[i - 1] == q && ln->pts[i] == p))
				return 1;
	}
	return 0;
}

/* Does the kind map the board onto itself: points, marks and lines? */
static int keeps_board(const bg_board *b, int kind)
{
	if (b->width != b->height && (kind == BG_SYM_ROT90 ||
				      kind == BG_SYM_ROT270 ||
				      kind == BG_SYM_TRANSPOSE ||
				      kind == BG_SYM_ANTI))
		return 0;
	for (int p = 0; p < b->npoints; p++) {
		int q = sym_point(b, kind, p);

		if (q < 0)
			return 0;
		/* Boards with more points than that carry no marks. */
		if (b->npoints <= BG_BOARD_MARKS_MAX &&
		    b->marks[p] != b->marks[q])
			return 0;
	}
	for (size_t l = 0; l < b->nlines; l++) {
		const bg_line *ln = &b->lines[l];

		for (int i = 1; i < ln->npoints; i++)
			if (!has_edge(b, ln->style,
				      sym_point(b, kind, ln->pts[i - 1]),
				      sym_point(b, kind, ln->pts[i])))
				return 0;
	}
	return 1;
}

/* Does the kind map the start position onto itself? */
static int keeps_start(const bg_game *g, const void *st, int kind)
{
	const bg_rules *r = g->rules;
	const bg_board *b = bg_rules_board(r, g->cfg);

	for (int p = 0; p < b->npoints; p++) {
		int s1, k1, s2, k2;

		r->piece(g->cfg, st, p, &s1, &k1);
		r->piece(g->cfg, st, sym_point(b, kind, p), &s2, &k2);
		if (s1 != s2 || k1 != k2)
			return 0;
	}
	return 1;
}

/* Find the symmetries once per handle. */
static int find_symmetries(const bg_game *cg)
{
	bg_game *g = (bg_game *)cg; /* the thread contract allows it */
	const bg_board *b = bg_rules_board(g->rules, g->cfg);
	void *st;

	if (g->nsym)
		return BG_OK;
	st = calloc(1, g->st_size);
	if (!st)
		return bg_seterr(BG_ENOMEM, "start position");
	g->rules->init(g->cfg, st);
	g->sym_kind[0] = BG_SYM_IDENTITY;
	g->nsym = 1;
	for (int k = 1; k < 8; k++)
		if (keeps_board(b, k) && keeps_start(g, st, k))
			g->sym_kind[g->nsym++] = (uint8_t)k;
	free(st);
	return BG_OK;
}

static int check_sym(const bg_game *g, int s)
{
	int rc;

	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if ((rc = find_symmetries(g)) != BG_OK)
		return bg_game_fail(g, rc);
	if (s < 0 || s >= g->nsym)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "no symmetry %d "
						 "(the game has %d)", s,
						 g->nsym));
	return BG_OK;
}

int bg_symmetry_count(const bg_game *g)
{
	int rc = check_sym(g, 0);

	return rc ? rc : g->nsym;
}

int bg_symmetry_kind(const bg_game *g, int s)
{
	int rc = check_sym(g, s);

	return rc ? rc : g->sym_kind[s];
}

int bg_symmetry_inverse(const bg_game *g, int s)
{
	int rc = check_sym(g, s), inv;

	if (rc)
		return rc;
	inv = g->sym_kind[s] == BG_SYM_ROT90 ? BG_SYM_ROT270 :
	      g->sym_kind[s] == BG_SYM_ROT270 ? BG_SYM_ROT90 :
	      g->sym_kind[s];
	for (int i = 0; i < g->nsym; i++)
		if (g->sym_kind[i] == inv)
			return i;
	return bg_seterr(BG_EINVAL, "no inverse"); /* a group has one */
}

int bg_symmetry_point(const bg_game *g, int s, int p, int *out)
{
	const bg_board *b;
	int rc = check_sym(g, s);

	if (rc)
		return rc;
	b = bg_rules_board(g->rules, g->cfg);
	if (!out || p < 0 || p >= b->npoints)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "no point %d", p));
	*out = sym_point(b, g->sym_kind[s], p);
	return BG_OK;
}

static int ascending(const uint16_t *p, int n)
{
	for (int i = 1; i < n; i++)
		if (p[i - 1] > p[i])
			return 0;
	return 1;
}

static void sort_points(uint16_t *p, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && p[j - 1] > p[j]; j--) {
			uint16_t t = p[j];

			p[j] = p[j - 1];
			p[j - 1] = t;
		}
}

/* m under the kind. The points of a placement and the removals are sets
 * that the games list in ascending order: an image keeps that order. */
static void map_move(const bg_board *b, int kind, const bg_move *m,
		     bg_move *out)
{
	int used = m->npath + m->nremove;

	*out = *m;
	for (int i = 0; i < used; i++)
		out->pts[i] = (uint16_t)sym_point(b, kind, m->pts[i]);
	if (m->kind == BG_MOVE_PLACE && ascending(m->pts, m->npath))
		sort_points(out->pts, m->npath);
	if (ascending(m->pts + m->npath, m->nremove))
		sort_points(out->pts + m->npath, m->nremove);
}

int bg_symmetry_move(const bg_game *g, int s, const bg_move *m, bg_move *out)
{
	const bg_board *b;
	int rc = check_sym(g, s);

	if (rc)
		return rc;
	if (!m || !out)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if ((rc = bg_move_shape(m)) != BG_OK)
		return bg_game_fail(g, rc);
	b = bg_rules_board(g->rules, g->cfg);
	for (int i = 0; i < m->npath + m->nremove; i++)
		if (m->pts[i] >= b->npoints)
			return bg_game_fail(g, bg_seterr(BG_EINVAL, "point %u "
							 "is not on the board",
							 m->pts[i]));
	map_move(b, g->sym_kind[s], m, out);
	return BG_OK;
}

int bg_symmetry_action(const bg_game *g, int s, uint32_t action,
		       uint32_t *out)
{
	const bg_board *b;
	bg_layout al;
	bg_move m;
	size_t n;
	long i;
	int rc = check_sym(g, s);

	if (rc)
		return rc;
	if (!out)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if ((rc = bg_action_to_move(g, action, &m)) != BG_OK)
		return rc;
	/* The legal moves of the image are the images of the legal moves:
	 * the action's rank is found among them, in the scratch list. */
	if ((rc = bg_game_scratch_moves(g, &n)) != BG_OK)
		return bg_game_fail(g, rc);
	b = bg_rules_board(g->rules, g->cfg);
	al = g->layout;
	for (i = 0; i < (long)n; i++) {
		bg_move t;
		int same = bg_move_equal(&g->scratch[i], &m);

		map_move(b, g->sym_kind[s], &g->scratch[i], &t);
		g->scratch[i] = t;
		if (same)
			break;
	}
	for (size_t j = (size_t)i + 1; j < n; j++) {
		bg_move t;

		map_move(b, g->sym_kind[s], &g->scratch[j], &t);
		g->scratch[j] = t;
	}
	return bg_game_fail(g, bg_action_at(&al, g->scratch, n, (size_t)i,
					    out));
}

int bg_symmetry_observation(const bg_game *g, int s, const float *in,
			    float *out)
{
	const bg_board *b;
	bg_layout al;
	size_t area;
	int rc = check_sym(g, s);

	if (rc)
		return rc;
	if (!in || !out)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	b = bg_rules_board(g->rules, g->cfg);
	al = g->layout;
	area = (size_t)b->width * (size_t)b->height;
	memset(out, 0, al.nplanes * area * sizeof(*out));
	for (int p = 0; p < b->npoints; p++) {
		int x, y, q = sym_point(b, g->sym_kind[s], p), qx, qy;

		bg_board_xy(b, p, &x, &y);
		bg_board_xy(b, q, &qx, &qy);
		for (size_t k = 0; k < al.nplanes; k++)
			out[k * area + (size_t)(qy * b->width + qx)] =
				in[k * area + (size_t)(y * b->width + x)];
	}
	return BG_OK;
}

/* Does t hold the image of c's pieces? */
static int same_image(const bg_game *t, const bg_game *c, int kind)
{
	const bg_board *b = bg_rules_board(c->rules, c->cfg);

	for (int p = 0; p < b->npoints; p++) {
		int s1, k1, s2, k2;

		c->rules->piece(c->cfg, c->st, p, &s1, &k1);
		t->rules->piece(t->cfg, t->st, sym_point(b, kind, p), &s2, &k2);
		if (s1 != s2 || k1 != k2)
			return 0;
	}
	return 1;
}

/* Play in t the image of move m, which c (the original, in step with t)
 * has just played. Where several paths make one move (Corners' jump
 * chains, leopards' capture chains are listed once), t may list another
 * path than the image of m's: then the move between the same points that
 * leaves the image of c's pieces is the one. */
static int play_image(bg_game *t, const bg_game *c, int kind,
		      const bg_move *m)
{
	const bg_board *b = bg_rules_board(c->rules, c->cfg);
	bg_move im, *list;
	size_t n;
	int rc;

	map_move(b, kind, m, &im);
	if ((rc = bg_play(t, &im)) != BG_EILLEGAL)
		return rc;
	if ((rc = bg_legal_moves(t, NULL, 0, &n)) != BG_OK)
		return rc;
	if (!(list = malloc((n ? n : 1) * sizeof(*list))))
		return bg_seterr(BG_ENOMEM, "moves");
	bg_legal_moves(t, list, n, &n);
	rc = bg_seterr(BG_EILLEGAL, "the image of a move is not legal");
	for (size_t i = 0; i < n; i++) {
		if (list[i].kind != im.kind || list[i].npath < 1 ||
		    list[i].pts[0] != im.pts[0] ||
		    list[i].pts[list[i].npath - 1] != im.pts[im.npath - 1])
			continue;
		if (bg_play(t, &list[i]) != BG_OK)
			continue;
		if (same_image(t, c, kind)) {
			rc = BG_OK;
			break;
		}
		bg_undo(t);
	}
	free(list);
	return rc;
}

int bg_symmetry_game(bg_game **out, const bg_game *g, int s)
{
	bg_game *t, *c;
	int rc;

	if (out)
		*out = NULL;
	if (!out)
		return bg_seterr(BG_EINVAL, "NULL argument");
	if ((rc = check_sym(g, s)) != BG_OK)
		return rc;
	if (g->from_position)
		return bg_game_fail(g, bg_seterr(BG_ENOTSUP, "a game from a "
						 "position text has no history "
						 "to transform"));
	if ((rc = bg_game_start(&t, g->spec)) != BG_OK)
		return bg_game_fail(g, rc);
	if ((rc = bg_game_start(&c, g->spec)) != BG_OK) {
		bg_game_free(t);
		return bg_game_fail(g, rc);
	}
	for (size_t i = 0; i < g->hist_len && rc == BG_OK; i++)
		if ((rc = bg_play(c, &g->hist[i].move)) == BG_OK)
			rc = play_image(t, c, g->sym_kind[s], &g->hist[i].move);
	bg_game_free(c);
	if (rc != BG_OK) {
		bg_game_free(t);
		return bg_game_fail(g, rc);
	}
	if (g->declared) {
		t->ruled = t->result;
		t->result = g->result;
		t->declared = 1;
	}
	*out = t;
	return BG_OK;
}

int bg_canonical_hash(const bg_game *g, uint64_t *hash, int *sym)
{
	uint64_t best;
	int rc, arg = 0;

	if (!hash)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if ((rc = check_sym(g, 0)) != BG_OK)
		return rc;
	best = g->hash;
	for (int s = 1; s < g->nsym; s++) {
		bg_game *t;

		if ((rc = bg_symmetry_game(&t, g, s)) != BG_OK)
			return rc;
		if (t->hash < best) {
			best = t->hash;
			arg = s;
		}
		bg_game_free(t);
	}
	*hash = best;
	if (sym)
		*sym = arg;
	return BG_OK;
}
