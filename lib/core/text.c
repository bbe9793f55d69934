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
	if (!sb->buf && len) /* a size query */
		return BG_OK;
	if (!bg_sb_fits(sb))
		return bg_seterr(BG_EBUFSIZE, "the text needs %zu bytes",
				 sb->len + 1);
	bg_clearerr();
	return BG_OK;
}

int bg_point_name(const bg_game *g, int p, char *buf, size_t cap, size_t *len)
{
	bg_strbuf sb;

	if (!g || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if (p < 0 || p >= bg_rules_board(g->rules, g->cfg)->npoints)
		return bg_game_fail(g, bg_seterr(BG_EINVAL,
				    "no point %d on this board", p));
	bg_sb_init(&sb, buf, cap);
	put_name(&sb, bg_rules_board(g->rules, g->cfg), p);
	return bg_game_fail(g, bg_text_out(&sb, len));
}

int bg_point_find(const bg_game *g, const char *name, int *p)
{
	const char *s = name;

	if (!g || !name || !p)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if (!read_name(bg_rules_board(g->rules, g->cfg), &s, p) || *s)
		return bg_game_fail(g, bg_seterr(BG_EPARSE,
				    "'%s' is not a point of this board", name));
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

/* A well-formed move whose points are on g's board: BG_OK or BG_EINVAL. */
static int move_fits(const bg_game *g, const bg_move *m)
{
	int np = bg_rules_board(g->rules, g->cfg)->npoints;
	int rc = bg_move_shape(m);

	if (rc)
		return rc;
	for (int i = 0; i < m->npath + m->nremove; i++)
		if (m->pts[i] >= np)
			return bg_seterr(BG_EINVAL, "point %u is not on this "
					 "board", m->pts[i]);
	return BG_OK;
}

int bg_move_to_text(const bg_game *g, const bg_move *m, char *buf, size_t cap,
		    size_t *len)
{
	bg_strbuf sb;

	int rc;

	if (!g || !m || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if ((rc = move_fits(g, m)) != BG_OK)
		return bg_game_fail(g, rc);
	bg_sb_init(&sb, buf, cap);
	bg_put_move(&sb, bg_rules_board(g->rules, g->cfg), m);
	return bg_game_fail(g, bg_text_out(&sb, len));
}

/* Move text read into points and the separators between them. */
typedef struct parsed {
	uint16_t pts[BG_MOVE_MAX_POINTS];
	char seps[BG_MOVE_MAX_POINTS]; /* seps[i] stands before pts[i + 1] */
	size_t n;
	int mark;   /* a trailing '!': BG_MOVE_FLAG_MARK */
	int strict; /* separators must be those of the move's kind */
} parsed;

/* The separator move text writes between path points of a kind. */
static char path_sep(int kind)
{
	return kind == BG_MOVE_PLACE ? ',' : kind == BG_MOVE_CAPTURE ? 'x' : '-';
}

/* Split move text into points: names separated by '-', ',' or an 'x'
 * right after a name (names end in a digit, so "c3xx5" is c3, x5). */
static int split_points(const bg_board *b, const char *s, parsed *t)
{
	t->n = 0;
	for (;;) {
		int p;

		if (t->n == BG_MOVE_MAX_POINTS || !read_name(b, &s, &p))
			return 0;
		t->pts[t->n++] = (uint16_t)p;
		if (!*s)
			return 1;
		if (*s != '-' && *s != ',' && *s != 'x')
			return 0;
		t->seps[t->n - 1] = *s++;
	}
}

/* Where split_points stopped: a name of a point this board lacks ("z9") is
 * said to be one; anything else is not move text. */
static int split_error(const bg_board *b, const char *s, const char *text)
{
	for (;;) {
		const char *start = s;
		size_t nl = 0, nd;
		int p;

		if (read_name(b, &s, &p)) {
			if (*s == '-' || *s == ',' || *s == 'x') {
				s++;
				continue;
			}
			break;
		}
		while (s[nl] >= 'a' && s[nl] <= 'z')
			nl++;
		nd = strspn(s + nl, "0123456789");
		if (nl && nd)
			return bg_seterr(BG_EPARSE, "%.*s is not a point of "
					 "this board", (int)(nl + nd), start);
		break;
	}
	return bg_seterr(BG_EPARSE, "'%s' is not a move on this board", text);
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

/* The text's path separators (the first np - 1) are all those of m's kind,
 * so "e1xg1" is not the step "e1-g1" while a capture fits it. */
static int path_seps_fit(const bg_move *m, const parsed *t, size_t np)
{
	for (size_t i = 0; t->strict && i + 1 < np; i++)
		if (t->seps[i] != path_sep(m->kind))
			return 0;
	return 1;
}

/* The text names move m with all its points: the path in order
 * (placements in any order: "e5,c3" is "c3,e5"), then each removal after
 * an 'x', in any order. */
static int same_points(const bg_move *m, const parsed *t)
{
	size_t np = m->npath;

	if ((m->flags & BG_MOVE_FLAG_MARK) != t->mark ||
	    np + m->nremove != t->n || !path_seps_fit(m, t, np))
		return 0;
	for (size_t i = np; t->strict && i < t->n; i++)
		if (t->seps[i - 1] != 'x')
			return 0;
	if (m->kind == BG_MOVE_PLACE ? !same_set(m->pts, t->pts, np) :
	    memcmp(m->pts, t->pts, np * sizeof(t->pts[0])) != 0)
		return 0;
	return same_set(m->pts + np, t->pts + np, m->nremove);
}

/* The text gives m's first and last point, with m's separators, and
 * either nothing between (from-to) or another path the game accepts. */
static int same_ends(const bg_game *g, const bg_move *m, const parsed *t)
{
	if (m->nremove || m->npath < 2 || t->n < 2 ||
	    (m->flags & BG_MOVE_FLAG_MARK) != t->mark ||
	    m->pts[0] != t->pts[0] || m->pts[m->npath - 1] != t->pts[t->n - 1] ||
	    !path_seps_fit(m, t, t->n))
		return 0;
	return t->n == 2 || (g->rules->path_ok &&
			     g->rules->path_ok(g->cfg, g->st, m, t->pts, t->n));
}

/* One matching pass: the number of moves the text fits, *pickp the first
 * (or the only exact one). */
static size_t match_pass(const bg_game *g, const bg_move *list, size_t nl,
			 const parsed *t, size_t *pickp)
{
	size_t found = 0, pick = 0;

	for (size_t i = 0; i < nl; i++)
		if (same_points(&list[i], t)) {
			found++;
			pick = i;
		}
	for (size_t i = 0; i < nl && !found; i++)
		if (same_ends(g, &list[i], t)) {
			found++;
			pick = i;
		}
	/* From-to text fitting several moves: count them all. */
	if (found == 1 && t->n == 2 && !same_points(&list[pick], t))
		for (size_t i = pick + 1; i < nl; i++)
			found += (size_t)same_ends(g, &list[i], t);
	*pickp = pick;
	return found;
}


/* A legal move whose path the text gives in full but whose removals it
 * leaves out ("a7" for "a7xg1"): the index of the first, or nl. */
static size_t missing_removals(const bg_move *list, size_t nl, const parsed *t)
{
	for (size_t i = 0; i < nl; i++) {
		const bg_move *m = &list[i];

		if (m->nremove && m->npath == t->n &&
		    (m->flags & BG_MOVE_FLAG_MARK) == t->mark &&
		    (m->kind == BG_MOVE_PLACE ? same_set(m->pts, t->pts, t->n) :
		     !memcmp(m->pts, t->pts, t->n * sizeof(t->pts[0]))))
			return i;
	}
	return nl;
}

/* The answer to text that names a move but not what it removes: which
 * move, why it removes, and one full text ("a7 makes a mill: name the
 * piece to remove, e.g. a7xg1"). */
static int removals_needed(const bg_game *g, const bg_move *m, const char *text)
{
	const char *cause = g->rules->removal_cause;
	char example[TEXT_MAX];
	bg_strbuf sb;

	bg_sb_init(&sb, example, sizeof(example));
	bg_put_move(&sb, bg_rules_board(g->rules, g->cfg), m);
	while (isspace((unsigned char)*text))
		text++;
	return bg_seterr(BG_EAMBIGUOUS, "%.*s %s: name the piece%s to remove, "
			 "e.g. %s", (int)strcspn(text, " \t\n\r"), text,
			 cause ? cause : "removes pieces",
			 m->nremove > 1 ? "s" : "", example);
}

/* Match the text against the legal moves: all the points of one move, or
 * else its ends alone; first with the separators of the move's kind, then,
 * when nothing fits, with any ("c3-e5" for the capture c3xe5). */
static int match_points(const bg_game *g, const bg_move *list, size_t nl,
			parsed *t, const char *text, bg_move *out)
{
	size_t found = 0, pick = 0;

	for (t->strict = 1; t->strict >= 0 && !found; t->strict--)
		found = match_pass(g, list, nl, t, &pick);
	if (found == 0 && (pick = missing_removals(list, nl, t)) < nl)
		return removals_needed(g, &list[pick], text);
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
static int unlisted_placement(const bg_game *g, const parsed *t, bg_move *out)
{
	bg_move m;

	if (!g->rules->is_legal || t->n == 0)
		return BG_EILLEGAL;
	for (size_t i = 0; i + 1 < t->n; i++)
		if (t->seps[i] != ',')
			return BG_EILLEGAL;
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = (uint8_t)t->n;
	m.flags = (uint8_t)t->mark;
	memcpy(m.pts, t->pts, t->n * sizeof(t->pts[0]));
	if (!g->rules->is_legal(g->cfg, g->st, &m))
		return BG_EILLEGAL;
	*out = m;
	return BG_OK;
}

/* The listed move of a keyword: "pass" or "ground". */
static int keyword_move(const bg_game *g, size_t nl, const char *word,
			int mark, bg_move *out)
{
	int kind = strcmp(word, "pass") ? BG_MOVE_GROUND : BG_MOVE_PASS;

	for (size_t i = 0; i < nl; i++)
		if (g->scratch[i].kind == kind &&
		    (g->scratch[i].flags & BG_MOVE_FLAG_MARK) == mark) {
			*out = g->scratch[i];
			return BG_OK;
		}
	return bg_seterr(BG_EILLEGAL, "'%s' is not legal here", word);
}

static int move_from_text(const bg_game *g, const char *text, bg_move *out)
{
	char word[TEXT_MAX];
	parsed t = {0};
	size_t nl, len;
	int rc;

	if (!g || !text || !out)
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (!normalise(text, word))
		return bg_seterr(BG_EPARSE, "move text too long");
	len = strlen(word);
	if (len && word[len - 1] == '!') {
		t.mark = BG_MOVE_FLAG_MARK;
		word[len - 1] = '\0';
	}
	int keyword = !strcmp(word, "pass") || !strcmp(word, "ground");
	if (!keyword && !split_points(bg_rules_board(g->rules, g->cfg), word, &t))
		return split_error(bg_rules_board(g->rules, g->cfg), word, text);
	if (g->result.status != BG_ONGOING)
		return bg_seterr(BG_EGAMEOVER, "the game is over");
	rc = bg_game_scratch_moves(g, &nl);
	if (rc)
		return rc;
	if (keyword) {
		rc = keyword_move(g, nl, word, t.mark, out);
	} else {
		rc = match_points(g, g->scratch, nl, &t, text, out);
		if (rc == BG_EILLEGAL)
			rc = unlisted_placement(g, &t, out);
	}
	if (rc == BG_OK)
		bg_clearerr();
	return rc;
}

int bg_move_from_text(const bg_game *g, const char *text, bg_move *out)
{
	return bg_game_fail(g, move_from_text(g, text, out));
}

int bg_play_text(bg_game *g, const char *text)
{
	bg_move m;
	int rc = bg_move_from_text(g, text, &m);

	return rc ? rc : bg_play(g, &m);
}
