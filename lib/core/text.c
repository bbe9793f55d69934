/*
 * Text: point names, move text both ways, position and record text.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

#define TEXT_MAX 256 /* longest move text read */

/* ---- point names -------------------------------------------------------- */

static void put_name(bg_strbuf *sb, const bg_board *b, int p)
{
	int x, y;

	bg_board_xy(b, p, &x, &y);
	if (x >= 26)
		bg_sb_putc(sb, (char)('a' + x / 26 - 1));
	bg_sb_putc(sb, (char)('a' + x % 26));
	bg_sb_printf(sb, "%d", y + 1);
}

/* Read a point name at *s (letters then digits); advance *s past it. */
static int read_name(const bg_board *b, const char **s, int *p)
{
	const char *t = *s;
	int x = 0, y = 0, nl = 0, nd = 0;

	for (; *t >= 'a' && *t <= 'z' && nl < 3; t++, nl++)
		x = x * 26 + (*t - 'a' + 1);
	for (; *t >= '0' && *t <= '9' && nd < 4; t++, nd++)
		y = y * 10 + (*t - '0');
	if (nl == 0 || nl > 2 || nd == 0 || (*t >= '0' && *t <= '9') ||
	    (nd > 1 && t[-nd] == '0'))
		return 0;
	*p = bg_board_at(b, x - 1, y - 1);
	if (*p < 0)
		return 0;
	*s = t;
	return 1;
}

int bg_text_out(bg_strbuf *sb, size_t *len)
{
	if (len)
		*len = sb->len;
	if (!bg_sb_fits(sb))
		return bg_seterr(BG_EBUFSIZE, "the text needs %zu bytes",
				 sb->len + 1);
	bg_clearerr();
	return BG_OK;
}

int bg_point_name(const bg_game *g, int p, char *buf, size_t cap, size_t *len)
{
	bg_strbuf sb;

	if (!g || (!buf && cap))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (p < 0 || p >= g->rules->board(g->cfg)->npoints)
		return bg_seterr(BG_EINVAL, "no point %d on this board", p);
	bg_sb_init(&sb, buf, cap);
	put_name(&sb, g->rules->board(g->cfg), p);
	return bg_text_out(&sb, len);
}

int bg_point_find(const bg_game *g, const char *name, int *p)
{
	const char *s = name;

	if (!g || !name || !p)
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (!read_name(g->rules->board(g->cfg), &s, p) || *s)
		return bg_seterr(BG_EPARSE, "'%s' is not a point of this board",
				 name);
	bg_clearerr();
	return BG_OK;
}

/* ---- move text ---------------------------------------------------------- */

void bg_put_move(bg_strbuf *sb, const bg_board *b, const bg_move *m)
{
	static const char sep[] = {'?', ',', '-', '-', 'x', '?'};

	if (m->kind == BG_MOVE_PASS) {
		bg_sb_puts(sb, "pass");
		return;
	}
	if (m->kind == BG_MOVE_GROUND) {
		bg_sb_puts(sb, "ground");
		return;
	}
	for (int i = 0; i < m->npath; i++) {
		if (i)
			bg_sb_putc(sb, sep[m->kind]);
		put_name(sb, b, m->pts[i]);
	}
	for (int i = 0; i < m->nremove; i++) {
		bg_sb_putc(sb, 'x');
		put_name(sb, b, m->pts[m->npath + i]);
	}
	if (m->flags & BG_MOVE_FLAG_MARK)
		bg_sb_putc(sb, '!');
}

static int move_fits(const bg_game *g, const bg_move *m)
{
	int np = g->rules->board(g->cfg)->npoints;

	if (m->kind > BG_MOVE_GROUND || m->npath + m->nremove > BG_MOVE_MAX_POINTS)
		return 0;
	for (int i = 0; i < m->npath + m->nremove; i++)
		if (m->pts[i] >= np)
			return 0;
	return 1;
}

int bg_move_to_text(const bg_game *g, const bg_move *m, char *buf, size_t cap,
		    size_t *len)
{
	bg_strbuf sb;

	if (!g || !m || (!buf && cap))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (!move_fits(g, m))
		return bg_seterr(BG_EINVAL, "the move does not fit this board");
	bg_sb_init(&sb, buf, cap);
	bg_put_move(&sb, g->rules->board(g->cfg), m);
	return bg_text_out(&sb, len);
}

/* Split move text into points: names separated by '-', ',' or an 'x'
 * right after a name (names end in a digit, so "c3xx5" is c3, x5). */
static int split_points(const bg_board *b, const char *s, uint16_t *pts,
			size_t *n)
{
	*n = 0;
	for (;;) {
		int p;

		if (*n == BG_MOVE_MAX_POINTS || !read_name(b, &s, &p))
			return 0;
		pts[(*n)++] = (uint16_t)p;
		if (!*s)
			return 1;
		if (*s != '-' && *s != ',' && *s != 'x')
			return 0;
		s++;
	}
}

/* Lower-case copy of text without surrounding space; false if too long. */
static int normalise(const char *text, char *out)
{
	size_t n;

	while (isspace((unsigned char)*text))
		text++;
	n = strlen(text);
	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	if (n >= TEXT_MAX)
		return 0;
	for (size_t i = 0; i < n; i++)
		out[i] = (char)tolower((unsigned char)text[i]);
	out[n] = '\0';
	return 1;
}

/* a[0..n) and b[0..n) hold the same distinct points, in any order. */
static int same_set(const uint16_t *a, const uint16_t *b, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t k = 0;

		for (size_t j = 0; j < i; j++)
			if (b[j] == b[i])
				return 0;
		while (k < n && a[k] != b[i])
			k++;
		if (k == n)
			return 0;
	}
	return 1;
}

/* Text points pts[0..n) name move m: its path in order (placements in any
 * order: "e5,c3" is "c3,e5") and its removals in any order. */
static int same_points(const bg_move *m, const uint16_t *pts, size_t n,
		       int mark)
{
	size_t np = m->npath;

	if ((m->flags & BG_MOVE_FLAG_MARK) != mark ||
	    np + m->nremove != n)
		return 0;
	if (m->kind == BG_MOVE_PLACE ? !same_set(m->pts, pts, np) :
	    memcmp(m->pts, pts, np * sizeof(*pts)) != 0)
		return 0;
	return same_set(m->pts + np, pts + np, m->nremove);
}

/* Match pts against the legal moves: the same points; or the same ends,
 * by path_ok for longer paths. */
static int match_points(const bg_game *g, const bg_move *list, size_t nl,
			const uint16_t *pts, size_t n, int mark,
			const char *text, bg_move *out)
{
	size_t found = 0, pick = 0;

	for (size_t i = 0; i < nl; i++)
		if (same_points(&list[i], pts, n, mark)) {
			found++;
			pick = i;
		}
	for (size_t i = 0; i < nl && !found; i++) {
		const bg_move *m = &list[i];

		if (m->nremove || m->npath < 2 || n < 2 ||
		    (m->flags & BG_MOVE_FLAG_MARK) != mark ||
		    m->pts[0] != pts[0] || m->pts[m->npath - 1] != pts[n - 1])
			continue;
		if (n == 2 || (g->rules->path_ok &&
			       g->rules->path_ok(g->cfg, g->st, m, pts, n))) {
			found++;
			pick = i;
		}
	}
	/* Count the rest of the from-to matches for ambiguity. */
	if (found == 1 && n == 2 && !same_points(&list[pick], pts, n, mark))
		for (size_t i = pick + 1; i < nl; i++) {
			const bg_move *m = &list[i];

			if (!m->nremove && m->npath >= 2 &&
			    (m->flags & BG_MOVE_FLAG_MARK) == mark &&
			    m->pts[0] == pts[0] &&
			    m->pts[m->npath - 1] == pts[1])
				found++;
		}
	if (found == 0)
		return bg_seterr(BG_EILLEGAL, "'%s' is not a legal move here",
				 text);
	if (found > 1)
		return bg_seterr(BG_EAMBIGUOUS,
				 "'%s' fits %zu legal moves; give the full path",
				 text, found);
	*out = list[pick];
	return BG_OK;
}

/* A placement that carries more than the legal list can hold (Dots: a new
 * point and the chain it closes, under free enclosure) is legal when the
 * game says so. */
static int unlisted_placement(const bg_game *g, const uint16_t *pts, size_t n,
			      int mark, bg_move *out)
{
	bg_move m;

	if (!g->rules->is_legal || n == 0)
		return BG_EILLEGAL;
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = (uint8_t)n;
	m.flags = (uint8_t)mark;
	memcpy(m.pts, pts, n * sizeof(*pts));
	if (!g->rules->is_legal(g->cfg, g->st, &m))
		return BG_EILLEGAL;
	*out = m;
	return BG_OK;
}

int bg_move_from_text(const bg_game *g, const char *text, bg_move *out)
{
	char norm[TEXT_MAX], buf[TEXT_MAX];
	uint16_t pts[BG_MOVE_MAX_POINTS];
	const bg_board *b;
	size_t nl, n = 0, len;
	bg_strbuf sb;
	int mark = 0;

	if (!g || !text || !out)
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (!normalise(text, norm))
		return bg_seterr(BG_EPARSE, "move text too long");
	b = g->rules->board(g->cfg);
	len = strlen(norm);
	if (len && norm[len - 1] == '!') {
		mark = BG_MOVE_FLAG_MARK;
		norm[len - 1] = '\0';
	}
	if (strcmp(norm, "pass") && strcmp(norm, "ground") &&
	    !split_points(b, norm, pts, &n))
		return bg_seterr(BG_EPARSE, "'%s' is not a move on this board",
				 text);
	if (g->result.status != BG_ONGOING)
		return bg_seterr(BG_EGAMEOVER, "the game is over");
	if (mark)
		norm[len - 1] = '!';
	int rc = bg_game_scratch_moves(g, &nl);
	if (rc)
		return rc;
	for (size_t i = 0; i < nl; i++) {
		bg_sb_init(&sb, buf, sizeof(buf));
		bg_put_move(&sb, b, &g->scratch[i]);
		if (bg_sb_fits(&sb) && strcmp(buf, norm) == 0) {
			*out = g->scratch[i];
			bg_clearerr();
			return BG_OK;
		}
	}
	if (!strcmp(norm, "pass") || !strcmp(norm, "ground"))
		return bg_seterr(BG_EILLEGAL, "'%s' is not legal here", norm);
	rc = match_points(g, g->scratch, nl, pts, n, mark, text, out);
	if (rc == BG_EILLEGAL)
		rc = unlisted_placement(g, pts, n, mark, out);
	if (rc == BG_OK)
		bg_clearerr();
	return rc;
}

int bg_play_text(bg_game *g, const char *text)
{
	bg_move m;
	int rc = bg_move_from_text(g, text, &m);

	return rc ? rc : bg_play(g, &m);
}
