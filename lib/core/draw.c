/*
 * The board as text (bg_board_text), from the public board description
 * only: what a terminal program or a binding's str() shows.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

#include <boardgames/tochki.h>

/* ---- Letters ------------------------------------------------------------ */

/* The seat letters: the initials of the seat names ("White" w, "Sheep" s),
 * or w and b when they clash or are not letters. */
static void seat_letters(const bg_game *g, char letter[2])
{
	for (int seat = 0; seat < 2; seat++) {
		const char *name = bg_seat_name(g, seat);

		letter[seat] = name && isalpha((unsigned char)name[0])
				       ? (char)tolower((unsigned char)name[0])
				       : 0;
	}
	if (!letter[0] || !letter[1] || letter[0] == letter[1] ||
	    letter[0] == 'x' || letter[1] == 'x') {
		letter[0] = 'w';
		letter[1] = 'b';
	}
}

static char piece_char(const char letter[2], int seat, int kind)
{
	if (seat < 0 || seat > 1)
		return '?';
	switch (kind) {
	case BG_PIECE_MAN:
		return letter[seat];
	case BG_PIECE_KING:
		return (char)toupper((unsigned char)letter[seat]);
	case BG_PIECE_DEAD:
		return 'x';
	default:
		return '?';
	}
}

static int is_tochki(const bg_game *g)
{
	return !strcmp(bg_game_name(g), "tochki");
}

static void put_legend(bg_strbuf *sb, const bg_game *g)
{
	char letter[2];

	seat_letters(g, letter);
	bg_sb_printf(sb, "%c %s, %c %s", letter[0], bg_seat_name(g, 0),
		     letter[1], bg_seat_name(g, 1));
	if (is_tochki(g))
		bg_sb_puts(sb, "; x a captured dot, blank an empty point of a "
			       "captured area, . a free point\n");
	else
		bg_sb_printf(sb, "; a capital is a king or other strong piece; "
			     "%s an empty point\n",
			     bg_board_kind(g) == BG_BOARD_LINES ? "+" : ".");
}

/* The text of point p. */
static char point_char(const bg_game *g, const char letter[2], int p,
		       int empty)
{
	int seat, kind, state, color, owner;

	if (is_tochki(g) &&
	    bg_tochki_point(g, p, &state, &color, &owner) == BG_OK) {
		if (state == BG_TOCHKI_EMPTY)
			return '.';
		if (state == BG_TOCHKI_DEAD)
			return ' ';
		if (color >= 0 && color <= 1 && owner == color)
			return letter[color];
		return 'x';
	}
	if (bg_point_piece(g, p, &seat, &kind) < 0 || kind == BG_PIECE_NONE)
		return (char)empty;
	return piece_char(letter, seat, kind);
}

/* File letters of column x: a..z, then aa, ab, ... as the names use them. */
static void file_name(int x, char *buf)
{
	if (x < 26) {
		buf[0] = (char)('a' + x);
		buf[1] = '\0';
	} else {
		buf[0] = (char)('a' + x / 26 - 1);
		buf[1] = (char)('a' + x % 26);
		buf[2] = '\0';
	}
}

/* The frame as drawn: turned half round when flipped, so the top side's
 * player sees its pieces at the bottom. */
typedef struct view {
	int w, h, flip;
} view;

/* The frame column of the k-th column drawn, and the frame row of the
 * k-th row drawn from the top. */
static int view_x(const view *v, int k)
{
	return v->flip ? v->w - 1 - k : k;
}

static int view_y(const view *v, int k)
{
	return v->flip ? k : v->h - 1 - k;
}

/* ---- Cell boards ---------------------------------------------------------- */

static int draw_cells(bg_strbuf *sb, const bg_game *g, const view *v)
{
	size_t np = bg_point_count(g), w = (size_t)v->w;
	int x, y, cw, rw, k, j;
	char *grid, name[4], letter[2];

	if (!(grid = malloc(w * (size_t)v->h)))
		return bg_seterr(BG_ENOMEM, "out of memory");
	seat_letters(g, letter);
	memset(grid, ' ', w * (size_t)v->h);
	for (size_t p = 0; p < np; p++)
		if (bg_point_coords(g, (int)p, &x, &y) == BG_OK && x >= 0 &&
		    x < v->w && y >= 0 && y < v->h)
			grid[(size_t)y * w + (size_t)x] =
				point_char(g, letter, (int)p, '.');

	cw = v->w > 26 ? 3 : 2;
	rw = snprintf(NULL, 0, "%d", v->h);
	for (k = 0; k < v->h; k++) {
		y = view_y(v, k);
		bg_sb_printf(sb, "%*d ", rw, y + 1);
		for (j = 0; j < v->w; j++)
			bg_sb_printf(sb, "%*c", cw,
				     grid[(size_t)y * w + (size_t)view_x(v, j)]);
		bg_sb_putc(sb, '\n');
	}
	bg_sb_printf(sb, "%*s ", rw, "");
	for (j = 0; j < v->w; j++) {
		file_name(view_x(v, j), name);
		bg_sb_printf(sb, "%*s", cw, name);
	}
	bg_sb_putc(sb, '\n');
	free(grid);
	return BG_OK;
}

/* ---- The canvas ------------------------------------------------------------ */

typedef struct canvas {
	char *c;
	int w, h;    /* in characters */
	int ux, uy;  /* characters per frame unit */
	const view *v;
} canvas;

static int col_of(const canvas *cv, int x)
{
	return (cv->v->flip ? cv->v->w - 1 - x : x) * cv->ux;
}

static int row_of(const canvas *cv, int y)
{
	return (cv->v->flip ? y : cv->v->h - 1 - y) * cv->uy;
}

/* Put a line character, merging crossings. */
static void put_line(canvas *cv, int col, int row, char ch)
{
	char *at;

	if (col < 0 || col >= cv->w || row < 0 || row >= cv->h)
		return;
	at = &cv->c[(size_t)row * (size_t)cv->w + (size_t)col];
	/* A crossing holds both its lines: one drawn again leaves it. */
	if ((*at == 'X' && (ch == '/' || ch == '\\')) ||
	    (*at == '+' && (ch == '-' || ch == '|')))
		return;
	if (*at == ' ' || *at == ch)
		*at = ch;
	else if ((*at == '/' && ch == '\\') || (*at == '\\' && ch == '/'))
		*at = 'X';
	else if ((*at == '-' && ch == '|') || (*at == '|' && ch == '-'))
		*at = '+';
	else if (ch != '.' && ch != ':')
		*at = ch; /* a solid line wins over a dashed one */
}

/* The segment between two frame points, their ends left alone. */
static void segment(canvas *cv, int x0, int y0, int x1, int y1, int dashed)
{
	int c0 = col_of(cv, x0), r0 = row_of(cv, y0);
	int c1 = col_of(cv, x1), r1 = row_of(cv, y1);
	int dc = c1 - c0, dr = r1 - r0, k, steps;

	if (dr == 0) {
		steps = abs(dc);
		for (k = 1; k < steps; k++)
			put_line(cv, c0 + k * (dc > 0 ? 1 : -1), r0,
				 dashed ? '.' : '-');
	} else if (dc == 0) {
		steps = abs(dr);
		for (k = 1; k < steps; k++)
			put_line(cv, c0, r0 + k * (dr > 0 ? 1 : -1),
				 dashed ? ':' : '|');
	} else {
		/* One character on each row strictly between the ends. */
		char ch = dashed ? ':' : ((dc > 0) == (dr < 0) ? '/' : '\\');

		steps = abs(dr);
		for (k = 1; k < steps; k++) {
			int num = 2 * k * dc, den = 2 * steps;
			/* round(k * dc / steps) */
			int off = num >= 0 ? (num + steps) / den
					   : -((-num + steps) / den);

			put_line(cv, c0 + off, r0 + k * (dr > 0 ? 1 : -1), ch);
		}
	}
}

size_t bg_ring_room(const bg_game *g)
{
	int count = bg_tochki_ring_count(g);
	size_t most = 0, n;

	for (int i = 0; i < count; i++)
		if (bg_tochki_ring(g, i, NULL, 0, &n, NULL) == BG_OK && n > most)
			most = n;
	return most;
}

/* The rings of Dots, from <boardgames/tochki.h>. */
static int draw_rings(canvas *cv, const bg_game *g)
{
	int count = bg_tochki_ring_count(g), i, error = 0;
	size_t cap = bg_ring_room(g), n, k;
	int *pts;

	if (count <= 0)
		return count < 0 ? count : 0;
	if (!(pts = malloc(cap * sizeof(*pts))))
		return bg_seterr(BG_ENOMEM, "out of memory");
	for (i = 0; i < count && !error; i++) {
		if ((error = bg_tochki_ring(g, i, pts, cap, &n, NULL)) < 0)
			break;
		for (k = 0; k < n; k++) {
			int x0, y0, x1, y1;

			if (bg_point_coords(g, pts[k], &x0, &y0) < 0 ||
			    bg_point_coords(g, pts[(k + 1) % n], &x1, &y1) < 0)
				continue;
			segment(cv, x0, y0, x1, y1, 0);
		}
	}
	free(pts);
	return error;
}

static void draw_lines(canvas *cv, const bg_game *g)
{
	size_t nl = bg_line_count(g), npts;
	int style, p, q;

	for (size_t i = 0; i < nl; i++) {
		if (bg_line_info(g, i, &style, &npts) < 0)
			continue;
		for (size_t k = 0; k + 1 < npts; k++) {
			int x0, y0, x1, y1;

			if (bg_line_point(g, i, k, &p) < 0 ||
			    bg_line_point(g, i, k + 1, &q) < 0 ||
			    bg_point_coords(g, p, &x0, &y0) < 0 ||
			    bg_point_coords(g, q, &x1, &y1) < 0)
				continue;
			segment(cv, x0, y0, x1, y1, style == BG_LINE_DASHED);
		}
	}
}

/* The canvas's rows, ranks on the left, then the file letters below
 * (two-letter files on two lines). */
static void put_canvas(bg_strbuf *sb, const canvas *cv)
{
	int rw = snprintf(NULL, 0, "%d", cv->v->h), row, col, x, i;
	char name[4];

	for (row = 0; row < cv->h; row++) {
		const char *line = cv->c + (size_t)row * (size_t)cv->w;

		/* Trailing blanks are dropped. */
		for (col = cv->w; col > 0 && line[col - 1] == ' ';)
			col--;
		if (row % cv->uy == 0)
			bg_sb_printf(sb, "%*d ", rw,
				     view_y(cv->v, row / cv->uy) + 1);
		else if (col > 0)
			bg_sb_printf(sb, "%*s ", rw, "");
		bg_sb_printf(sb, "%.*s\n", col, line);
	}
	for (i = cv->v->w > 26 ? 0 : 1; i < 2; i++) {
		bg_sb_printf(sb, "%*s ", rw, "");
		for (x = 0; x < cv->v->w; x++) {
			file_name(view_x(cv->v, x), name);
			bg_sb_putc(sb, name[1] && i == 0 ? name[0]
				       : name[1]	 ? name[1]
				       : i == 0		 ? ' '
							 : name[0]);
			if (x + 1 < cv->v->w)
				bg_sb_printf(sb, "%*s", cv->ux - 1, "");
		}
		bg_sb_putc(sb, '\n');
	}
}

static int draw_canvas(bg_strbuf *sb, const bg_game *g, const view *v,
		       int kind)
{
	size_t np = bg_point_count(g);
	char letter[2];
	canvas cv;
	int x, y, error = 0;

	cv.v = v;
	cv.ux = 4;
	cv.uy = 2;
	if (kind == BG_BOARD_INTERSECTIONS && v->w > 20) {
		/* Dots fields are large: 2 x 2 keeps a ring step drawable. */
		cv.ux = 2;
	}
	cv.w = (v->w - 1) * cv.ux + 1;
	cv.h = (v->h - 1) * cv.uy + 1;
	if (!(cv.c = malloc((size_t)cv.w * (size_t)cv.h)))
		return bg_seterr(BG_ENOMEM, "out of memory");
	memset(cv.c, ' ', (size_t)cv.w * (size_t)cv.h);

	draw_lines(&cv, g);
	if (is_tochki(g))
		error = draw_rings(&cv, g);
	seat_letters(g, letter);
	for (size_t i = 0; i < np; i++) {
		if (bg_point_coords(g, (int)i, &x, &y) < 0 || x < 0 ||
		    x >= v->w || y < 0 || y >= v->h)
			continue;
		cv.c[(size_t)row_of(&cv, y) * (size_t)cv.w +
		     (size_t)col_of(&cv, x)] =
			point_char(g, letter, (int)i,
				   kind == BG_BOARD_LINES ? '+' : '.');
	}
	put_canvas(sb, &cv);
	free(cv.c);
	return error;
}

static int board_text(const bg_game *g, unsigned flags, bg_strbuf *sb)
{
	view v;
	int kind, rc;

	if (flags & ~(unsigned)(BG_DRAW_FLIP | BG_DRAW_LEGEND))
		return bg_seterr(BG_EINVAL, "unknown flags 0x%x", flags);
	if ((rc = bg_board_size(g, &v.w, &v.h)) < 0)
		return rc;
	v.flip = !!(flags & BG_DRAW_FLIP);
	if (flags & BG_DRAW_LEGEND)
		put_legend(sb, g);
	if (v.w <= 0 || v.h <= 0)
		return BG_OK;
	kind = bg_board_kind(g);
	return kind == BG_BOARD_CELLS ? draw_cells(sb, g, &v)
				      : draw_canvas(sb, g, &v, kind);
}

int bg_board_text(const bg_game *g, unsigned flags, char *buf, size_t cap,
		  size_t *len)
{
	bg_strbuf sb;
	int rc;

	if (!g || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	bg_sb_init(&sb, buf, cap);
	if ((rc = board_text(g, flags, &sb)) < 0)
		return bg_game_fail(g, rc);
	return bg_game_fail(g, bg_text_out(&sb, len));
}
