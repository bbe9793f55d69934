/* Drawing a board as text; see draw.h. */
#include "draw.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/tochki.h>

/* ---- Letters ------------------------------------------------------------ */

/* The seat letters: the initials of the seat names ("White" w, "Sheep" s),
 * or w and b when they clash or are not letters. */
static void seat_letters(const bg_game *g, char letter[2])
{
	int seat;

	for (seat = 0; seat < 2; seat++) {
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

char draw_piece_char(const bg_game *g, int seat, int kind)
{
	char letter[2];

	if (seat < 0 || seat > 1)
		return '?';
	seat_letters(g, letter);
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

void draw_legend(FILE *f, const bg_game *g)
{
	char letter[2];

	seat_letters(g, letter);
	fprintf(f, "%c %s, %c %s", letter[0], bg_seat_name(g, 0), letter[1],
		bg_seat_name(g, 1));
	if (is_tochki(g))
		fprintf(f, "; x a captured dot, blank an empty point of a "
			   "captured area, . a free point\n");
	else
		fprintf(f, "; a capital is a king or other strong piece; "
			   "%s an empty point\n",
			bg_board_kind(g) == BG_BOARD_LINES ? "+" : ".");
}

/* The text of point p. */
static char point_char(const bg_game *g, int p, int empty)
{
	int seat, kind, state, color, owner;

	if (is_tochki(g) &&
	    bg_tochki_point(g, p, &state, &color, &owner) == BG_OK) {
		char letter[2];

		seat_letters(g, letter);
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
	return draw_piece_char(g, seat, kind);
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

/* ---- Cell boards ---------------------------------------------------------- */

static int draw_cells(FILE *f, const bg_game *g, int w, int h)
{
	size_t np = bg_point_count(g), p;
	int x, y, cw, rw;
	char *grid, name[4];

	if (!(grid = malloc((size_t)w * (size_t)h)))
		return BG_ENOMEM;
	memset(grid, ' ', (size_t)w * (size_t)h);
	for (p = 0; p < np; p++)
		if (bg_point_coords(g, (int)p, &x, &y) == BG_OK && x >= 0 &&
		    x < w && y >= 0 && y < h)
			grid[(size_t)y * (size_t)w + (size_t)x] =
				point_char(g, (int)p, '.');

	cw = w > 26 ? 3 : 2;
	rw = snprintf(NULL, 0, "%d", h);
	for (y = h - 1; y >= 0; y--) {
		fprintf(f, "%*d ", rw, y + 1);
		for (x = 0; x < w; x++)
			fprintf(f, "%*c", cw, grid[(size_t)y * (size_t)w + (size_t)x]);
		fputc('\n', f);
	}
	fprintf(f, "%*s ", rw, "");
	for (x = 0; x < w; x++) {
		file_name(x, name);
		fprintf(f, "%*s", cw, name);
	}
	fputc('\n', f);
	free(grid);
	return 0;
}

/* ---- The canvas ------------------------------------------------------------ */

typedef struct canvas {
	char *c;
	int w, h;    /* in characters */
	int ux, uy;  /* characters per frame unit */
	int fh;      /* frame height, to turn y upwards into rows */
} canvas;

static int col_of(const canvas *cv, int x)
{
	return x * cv->ux;
}

static int row_of(const canvas *cv, int y)
{
	return (cv->fh - 1 - y) * cv->uy;
}

/* Put a line character, merging crossings. */
static void put_line(canvas *cv, int col, int row, char ch)
{
	char *at;

	if (col < 0 || col >= cv->w || row < 0 || row >= cv->h)
		return;
	at = &cv->c[(size_t)row * (size_t)cv->w + (size_t)col];
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

/* The rings of Dots, from <boardgames/tochki.h>. */
static int draw_rings(canvas *cv, const bg_game *g)
{
	int count = bg_tochki_ring_count(g), i, error = 0;
	size_t cap = bg_point_count(g) + 1, n, k;
	int *pts;

	if (count <= 0)
		return count < 0 ? count : 0;
	if (!(pts = malloc(cap * sizeof(*pts))))
		return BG_ENOMEM;
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

static int draw_canvas(FILE *f, const bg_game *g, int w, int h, int kind)
{
	canvas cv;
	size_t np = bg_point_count(g), nl = bg_line_count(g), i, k, npts;
	int x, y, row, col, rw, style, p, q, error = 0, two = w > 26;
	char name[4];

	cv.ux = 4;
	cv.uy = 2;
	if (kind == BG_BOARD_INTERSECTIONS && w > 20) {
		/* Dots fields are large: 2 x 2 keeps a ring step drawable. */
		cv.ux = 2;
	}
	cv.fh = h;
	cv.w = (w - 1) * cv.ux + 1;
	cv.h = (h - 1) * cv.uy + 1;
	if (!(cv.c = malloc((size_t)cv.w * (size_t)cv.h)))
		return BG_ENOMEM;
	memset(cv.c, ' ', (size_t)cv.w * (size_t)cv.h);

	for (i = 0; i < nl; i++) {
		if (bg_line_info(g, i, &style, &npts) < 0)
			continue;
		for (k = 0; k + 1 < npts; k++) {
			int x0, y0, x1, y1;

			if (bg_line_point(g, i, k, &p) < 0 ||
			    bg_line_point(g, i, k + 1, &q) < 0 ||
			    bg_point_coords(g, p, &x0, &y0) < 0 ||
			    bg_point_coords(g, q, &x1, &y1) < 0)
				continue;
			segment(&cv, x0, y0, x1, y1, style == BG_LINE_DASHED);
		}
	}
	if (is_tochki(g))
		error = draw_rings(&cv, g);
	for (i = 0; i < np; i++) {
		if (bg_point_coords(g, (int)i, &x, &y) < 0 || x < 0 || x >= w ||
		    y < 0 || y >= h)
			continue;
		cv.c[(size_t)row_of(&cv, y) * (size_t)cv.w +
		     (size_t)col_of(&cv, x)] =
			point_char(g, (int)i, kind == BG_BOARD_LINES ? '+' : '.');
	}

	rw = snprintf(NULL, 0, "%d", h);
	for (row = 0; row < cv.h; row++) {
		/* Trailing blanks are dropped. */
		for (col = cv.w; col > 0 && cv.c[(size_t)row * (size_t)cv.w +
					       (size_t)col - 1] == ' ';)
			col--;
		if (row % cv.uy == 0)
			fprintf(f, "%*d ", rw, h - row / cv.uy);
		else if (col > 0)
			fprintf(f, "%*s ", rw, "");
		fwrite(cv.c + (size_t)row * (size_t)cv.w, 1, (size_t)col, f);
		fputc('\n', f);
	}
	/* File letters below; two-letter files on two lines. */
	for (i = two ? 0 : 1; i < 2; i++) {
		fprintf(f, "%*s ", rw, "");
		for (x = 0; x < w; x++) {
			file_name(x, name);
			fputc(name[1] && i == 0 ? name[0]
			      : name[1]	        ? name[1]
			      : i == 0	        ? ' '
					        : name[0],
			      f);
			if (x + 1 < w)
				fprintf(f, "%*s", cv.ux - 1, "");
		}
		fputc('\n', f);
	}
	free(cv.c);
	return error;
}

int draw_board(FILE *f, const bg_game *g)
{
	int w, h, kind, error;

	if ((error = bg_board_size(g, &w, &h)) < 0)
		return error;
	if (w <= 0 || h <= 0)
		return 0;
	kind = bg_board_kind(g);
	if (kind == BG_BOARD_CELLS)
		return draw_cells(f, g, w, h);
	return draw_canvas(f, g, w, h, kind);
}
