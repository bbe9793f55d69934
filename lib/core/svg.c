/*
 * An SVG picture of a position (bg_board_svg), drawn from the public board
 * description only: points and their coordinates, lines, marks, pieces,
 * and Dots' rings. Every length is a whole number of user units, so the
 * text is the same on every platform and in every locale.
 */
#include <stdlib.h>
#include <string.h>

#include <boardgames/tochki.h>

#include "core/game.h"

#define UNIT 40       /* user units per step of the drawing frame */
#define PAD 10        /* blank border */
#define COORD 20      /* the band for coordinates */
#define STATUS 34     /* the band for the status line */
#define SIZE_MAX_PX 100000

/* Colours of a seat: piece fill, piece outline, tint of its homes. */
typedef struct palette {
	const char *fill, *stroke, *tint;
} palette;

static const struct named_palette {
	const char *name;
	palette pal;
} named[] = {
	{ "White", { "#f7f4ea", "#3b3226", "#f3e6c4" } },
	{ "Black", { "#26221e", "#000000", "#b99a66" } },
	{ "Red", { "#d23c2e", "#7d1a12", "#f0b9b0" } },
	{ "Blue", { "#2d5fcf", "#142f70", "#b7c8ef" } },
};

/* Seats whose name is no colour: light for seat 0, dark for seat 1. */
static const palette by_seat[2] = {
	{ "#f7f4ea", "#3b3226", "#f3e6c4" },
	{ "#5b4330", "#22180f", "#c4a57a" },
};

/* The picture being written: the frame and where it lands. */
typedef struct picture {
	const bg_game *g;
	const bg_board *b;
	bg_strbuf *sb;
	palette pal[2];
	int left, top;  /* user units of the frame's top-left corner */
	int radius;     /* of a piece */
	int dots;       /* Dots: rings and captured points */
} picture;

static int px(const picture *pic, int x)
{
	return pic->left + x * UNIT + UNIT / 2;
}

static int py(const picture *pic, int y)
{
	return pic->top + (pic->b->height - 1 - y) * UNIT + UNIT / 2;
}

static void point_xy(const picture *pic, int p, int *x, int *y)
{
	int fx, fy;

	bg_board_xy(pic->b, p, &fx, &fy);
	*x = px(pic, fx);
	*y = py(pic, fy);
}

static void put_escaped(bg_strbuf *sb, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': bg_sb_puts(sb, "&amp;"); break;
		case '<': bg_sb_puts(sb, "&lt;"); break;
		case '>': bg_sb_puts(sb, "&gt;"); break;
		case '"': bg_sb_puts(sb, "&quot;"); break;
		default: bg_sb_putc(sb, *s);
		}
	}
}

/* File letters of column x, as point names write them. */
static void put_file(bg_strbuf *sb, int x)
{
	if (x >= 26)
		bg_sb_putc(sb, (char)('a' + x / 26 - 1));
	bg_sb_putc(sb, (char)('a' + x % 26));
}

static void put_name(bg_strbuf *sb, const bg_board *b, int p)
{
	int x, y;

	bg_board_xy(b, p, &x, &y);
	put_file(sb, x);
	bg_sb_printf(sb, "%d", y + 1);
}

static void choose_palettes(picture *pic)
{
	int seat;
	size_t i;

	for (seat = 0; seat < 2; seat++) {
		const char *name = bg_seat_name(pic->g, seat);

		pic->pal[seat] = by_seat[seat];
		for (i = 0; i < sizeof(named) / sizeof(named[0]); i++)
			if (name && !strcmp(name, named[i].name))
				pic->pal[seat] = named[i].pal;
	}
	/* Two seats of one colour would be one army on the picture. */
	if (!strcmp(pic->pal[0].fill, pic->pal[1].fill)) {
		pic->pal[0] = by_seat[0];
		pic->pal[1] = by_seat[1];
	}
}

/* ---- The board ------------------------------------------------------------ */

static const char *home_tint(const picture *pic, int marks)
{
	if (marks & BG_MARK_HOME0)
		return pic->pal[0].tint;
	if (marks & BG_MARK_HOME1)
		return pic->pal[1].tint;
	return NULL;
}

static void draw_cells(const picture *pic)
{
	int p, x, y, marks;

	bg_sb_puts(pic->sb, "<g stroke=\"#7a5a30\" stroke-width=\"1\">\n");
	for (p = 0; p < pic->b->npoints; p++) {
		const char *tint;

		point_xy(pic, p, &x, &y);
		marks = bg_point_marks(pic->g, p);
		tint = home_tint(pic, marks);
		bg_sb_printf(pic->sb,
			     "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
			     "fill=\"%s\"/>\n",
			     x - UNIT / 2, y - UNIT / 2, UNIT, UNIT,
			     tint ? tint : "#e6c690");
		if (marks & BG_MARK_SPECIAL)
			bg_sb_printf(pic->sb,
				     "<path d=\"M%d %dl%d %dm0 %dl%d %d\" "
				     "stroke-width=\"2\"/>\n",
				     x - UNIT / 2 + 6, y - UNIT / 2 + 6,
				     UNIT - 12, UNIT - 12, -(UNIT - 12),
				     -(UNIT - 12), UNIT - 12);
	}
	bg_sb_puts(pic->sb, "</g>\n");
}

/* Grid lines between orthogonal neighbours. */
static void draw_grid(const picture *pic)
{
	int p, x, y, fx, fy;

	bg_sb_puts(pic->sb, "<g stroke=\"#8fa3b8\" stroke-width=\"1\">\n");
	for (p = 0; p < pic->b->npoints; p++) {
		bg_board_xy(pic->b, p, &fx, &fy);
		point_xy(pic, p, &x, &y);
		if (bg_board_at(pic->b, fx + 1, fy) >= 0)
			bg_sb_printf(pic->sb, "<path d=\"M%d %dh%d\"/>\n", x, y,
				     UNIT);
		if (bg_board_at(pic->b, fx, fy + 1) >= 0)
			bg_sb_printf(pic->sb, "<path d=\"M%d %dv%d\"/>\n", x, y,
				     -UNIT);
	}
	bg_sb_puts(pic->sb, "</g>\n");
}

static void draw_lines(const picture *pic)
{
	size_t i, k;
	int p, x, y;

	bg_sb_puts(pic->sb, "<g stroke=\"#5a4632\" stroke-width=\"2\" "
			    "fill=\"none\" stroke-linecap=\"round\">\n");
	for (i = 0; i < pic->b->nlines; i++) {
		const bg_line *l = &pic->b->lines[i];

		bg_sb_puts(pic->sb, "<path d=\"");
		for (k = 0; k < l->npoints; k++) {
			point_xy(pic, l->pts[k], &x, &y);
			bg_sb_printf(pic->sb, "%s%d %d", k ? "L" : "M", x, y);
		}
		bg_sb_printf(pic->sb, "\"%s/>\n",
			     l->style == BG_LINE_DASHED
				     ? " stroke-dasharray=\"6 6\""
				     : "");
	}
	bg_sb_puts(pic->sb, "</g>\n");
	/* Homes tinted, special points ringed, empty points dotted. */
	for (p = 0; p < pic->b->npoints; p++) {
		int marks = bg_point_marks(pic->g, p);
		const char *tint = home_tint(pic, marks);

		point_xy(pic, p, &x, &y);
		if (tint)
			bg_sb_printf(pic->sb,
				     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				     "fill=\"%s\" stroke=\"#5a4632\"/>\n",
				     x, y, UNIT * 2 / 5, tint);
		if (marks & BG_MARK_SPECIAL)
			bg_sb_printf(pic->sb,
				     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				     "fill=\"none\" stroke=\"#5a4632\" "
				     "stroke-width=\"2\"/>\n",
				     x, y, UNIT * 2 / 5);
		bg_sb_printf(pic->sb,
			     "<circle cx=\"%d\" cy=\"%d\" r=\"4\" "
			     "fill=\"#5a4632\"/>\n",
			     x, y);
	}
}

/* Dots: each ring, its area filled in the colour of the seat that drew
 * it; the oldest first, so a ring captured later lies below its captor. */
static int draw_rings(const picture *pic)
{
	int count = bg_tochki_ring_count(pic->g), i, owner, x, y, rc = 0;
	size_t cap = bg_ring_room(pic->g), n, k;
	int *pts;

	if (count <= 0)
		return count < 0 ? count : 0;
	if (!(pts = malloc(cap * sizeof(*pts))))
		return bg_seterr(BG_ENOMEM, "out of memory");
	for (i = 0; i < count; i++) {
		if ((rc = bg_tochki_ring(pic->g, i, pts, cap, &n, &owner)) < 0)
			break;
		if (owner < 0 || owner > 1)
			continue;
		bg_sb_puts(pic->sb, "<path d=\"");
		for (k = 0; k < n; k++) {
			point_xy(pic, pts[k], &x, &y);
			bg_sb_printf(pic->sb, "%s%d %d", k ? "L" : "M", x, y);
		}
		bg_sb_printf(pic->sb,
			     "Z\" fill=\"%s\" fill-opacity=\"0.3\" stroke=\"%s\" "
			     "stroke-width=\"3\" stroke-linejoin=\"round\"/>\n",
			     pic->pal[owner].fill, pic->pal[owner].fill);
	}
	free(pts);
	return rc;
}

static void draw_coords(const picture *pic)
{
	int x, y, w = pic->b->width, h = pic->b->height;
	int below = pic->top + h * UNIT + COORD * 3 / 4;

	bg_sb_puts(pic->sb, "<g font-family=\"sans-serif\" font-size=\"13\" "
			    "fill=\"#5a4632\" text-anchor=\"middle\">\n");
	for (x = 0; x < w; x++) {
		bg_sb_printf(pic->sb, "<text x=\"%d\" y=\"%d\">", px(pic, x),
			     below);
		put_file(pic->sb, x);
		bg_sb_puts(pic->sb, "</text>\n");
	}
	for (y = 0; y < h; y++)
		bg_sb_printf(pic->sb,
			     "<text x=\"%d\" y=\"%d\">%d</text>\n",
			     pic->left - COORD / 2, py(pic, y) + 5, y + 1);
	bg_sb_puts(pic->sb, "</g>\n");
}

/* ---- Pieces and highlights -------------------------------------------------- */

static void disc(const picture *pic, int x, int y, int r, const palette *pal,
		 const char *extra)
{
	bg_sb_printf(pic->sb,
		     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
		     "stroke=\"%s\" stroke-width=\"2\"%s/>\n",
		     x, y, r, pal->fill, pal->stroke, extra);
}

static void draw_piece(const picture *pic, int p)
{
	int seat, kind, x, y, state, color, owner;

	bg_point_piece(pic->g, p, &seat, &kind);
	if (kind == BG_PIECE_NONE || seat < 0 || seat > 1)
		return;
	point_xy(pic, p, &x, &y);
	if (kind == BG_PIECE_DEAD) {
		/* A captured dot shows faded in its own colour; an empty
		 * point of a captured area only by its area's fill. */
		if (pic->dots && bg_tochki_point(pic->g, p, &state, &color,
						 &owner) == BG_OK) {
			if (state == BG_TOCHKI_POINT && color >= 0 && color <= 1)
				disc(pic, x, y, pic->radius, &pic->pal[color],
				     " opacity=\"0.45\"");
			return;
		}
		bg_sb_printf(pic->sb,
			     "<path d=\"M%d %dl8 8m0 -8l-8 8\" stroke=\"%s\" "
			     "stroke-width=\"3\"/>\n",
			     x - 4, y - 4, pic->pal[seat].fill);
		return;
	}
	disc(pic, x, y, pic->radius, &pic->pal[seat], "");
	if (kind == BG_PIECE_KING)
		bg_sb_printf(pic->sb,
			     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
			     "stroke=\"%s\" stroke-width=\"3\"/>\n",
			     x, y, pic->radius / 2, pic->pal[seat].stroke);
}

/* The last move's path, under the pieces. */
static void draw_last_path(const picture *pic, const bg_move *m)
{
	int k, x, y;

	for (k = 0; k < m->npath; k++) {
		point_xy(pic, m->pts[k], &x, &y);
		bg_sb_printf(pic->sb,
			     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
			     "fill=\"#f2c94c\" fill-opacity=\"0.8\"/>\n",
			     x, y, UNIT * 9 / 20);
	}
	if (m->npath < 2 || m->kind == BG_MOVE_PLACE)
		return;
	bg_sb_puts(pic->sb, "<path d=\"");
	for (k = 0; k < m->npath; k++) {
		point_xy(pic, m->pts[k], &x, &y);
		bg_sb_printf(pic->sb, "%s%d %d", k ? "L" : "M", x, y);
	}
	bg_sb_puts(pic->sb, "\" fill=\"none\" stroke=\"#e0a800\" "
			    "stroke-width=\"6\" stroke-opacity=\"0.7\" "
			    "stroke-linecap=\"round\" stroke-linejoin=\"round\"/>\n");
}

static void cross(const picture *pic, int p)
{
	int x, y, d = UNIT / 4;

	point_xy(pic, p, &x, &y);
	bg_sb_printf(pic->sb,
		     "<path d=\"M%d %dl%d %dm0 %dl%d %d\" stroke=\"#c0392b\" "
		     "stroke-width=\"4\" stroke-linecap=\"round\"/>\n",
		     x - d, y - d, 2 * d, 2 * d, -2 * d, -2 * d, 2 * d);
}

/* The last move's takings, over the pieces: its removals and the points
 * whose pieces it captured. */
static int draw_last_takings(const picture *pic, uint32_t i, const bg_move *m)
{
	bg_effect eff[BG_MOVE_MAX_POINTS * 2], *all = eff;
	size_t n, k;
	int rc;

	for (k = 0; k < m->nremove; k++)
		cross(pic, m->pts[m->npath + k]);
	if (pic->dots)
		return BG_OK; /* its rings show what a move enclosed */
	rc = bg_move_effects(pic->g, i, eff, sizeof(eff) / sizeof(eff[0]), &n);
	if (rc == BG_EBUFSIZE) {
		if (!(all = malloc(n * sizeof(*all))))
			return bg_seterr(BG_ENOMEM, "out of memory");
		rc = bg_move_effects(pic->g, i, all, n, &n);
	}
	for (k = 0; rc == BG_OK && k < n; k++)
		if (all[k].kind == BG_EFFECT_CAPTURE)
			cross(pic, all[k].point);
	if (all != eff)
		free(all);
	return rc;
}

static void draw_marks(const picture *pic, const bg_svg_options *o)
{
	size_t k;
	int x, y;

	if (o->selected >= 0) {
		point_xy(pic, o->selected, &x, &y);
		bg_sb_printf(pic->sb,
			     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" "
			     "stroke=\"#1f6feb\" stroke-width=\"4\"/>\n",
			     x, y, pic->radius + 4);
	}
	for (k = 0; k < o->ntargets; k++) {
		point_xy(pic, o->targets[k], &x, &y);
		bg_sb_printf(pic->sb,
			     "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
			     "fill=\"#1f9d55\" fill-opacity=\"0.75\"/>\n",
			     x, y, UNIT / 7);
	}
}

/* One transparent disc per point, on top, named for pages taking clicks. */
static void draw_hit_areas(const picture *pic)
{
	int p, x, y;

	bg_sb_puts(pic->sb, "<g fill=\"#000\" fill-opacity=\"0\">\n");
	for (p = 0; p < pic->b->npoints; p++) {
		point_xy(pic, p, &x, &y);
		bg_sb_printf(pic->sb, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" "
				      "data-point=\"", x, y, UNIT / 2);
		put_name(pic->sb, pic->b, p);
		bg_sb_puts(pic->sb, "\"/>\n");
	}
	bg_sb_puts(pic->sb, "</g>\n");
}

static void draw_status(const picture *pic, int y)
{
	int status, winner, reason, seat;
	const char *name;

	bg_outcome(pic->g, &status, &winner, &reason);
	seat = status == BG_WIN ? winner : bg_to_move(pic->g);
	name = bg_seat_name(pic->g, seat);
	bg_sb_puts(pic->sb, "<g font-family=\"sans-serif\" font-size=\"16\" "
			    "fill=\"#3b3226\">\n");
	if (status != BG_DRAW)
		disc(pic, pic->left + 10, y, 9, &pic->pal[seat], "");
	bg_sb_printf(pic->sb, "<text x=\"%d\" y=\"%d\">",
		     pic->left + (status == BG_DRAW ? 0 : 26), y + 6);
	if (status == BG_ONGOING) {
		put_escaped(pic->sb, name);
		bg_sb_puts(pic->sb, " to move");
	} else {
		if (status == BG_WIN) {
			put_escaped(pic->sb, name);
			bg_sb_puts(pic->sb, " wins");
		} else {
			bg_sb_puts(pic->sb, "Draw");
		}
		bg_sb_puts(pic->sb, " (");
		put_escaped(pic->sb, bg_reason_name(reason));
		bg_sb_puts(pic->sb, ")");
	}
	bg_sb_puts(pic->sb, "</text>\n</g>\n");
}

/* ---- The document ------------------------------------------------------------ */

static int check_point(const bg_game *g, int p, const char *what)
{
	if (p < 0 || p >= bg_rules_board(g->rules, g->cfg)->npoints)
		return bg_seterr(BG_EINVAL, "%s %d is not a point of the board",
				 what, p);
	return BG_OK;
}

static int check_options(const bg_game *g, const bg_svg_options *o)
{
	const unsigned all = BG_SVG_COORDS | BG_SVG_LAST_MOVE | BG_SVG_STATUS;
	size_t k;
	int rc;

	if (o->version != BG_SVG_OPTIONS_VERSION)
		return bg_seterr(BG_EINVAL, "svg options version %u is not %d",
				 o->version, BG_SVG_OPTIONS_VERSION);
	if (o->flags & ~all)
		return bg_seterr(BG_EINVAL, "unknown svg flags 0x%x",
				 o->flags & ~all);
	if (o->width < 0 || o->width > SIZE_MAX_PX || o->height < 0 ||
	    o->height > SIZE_MAX_PX)
		return bg_seterr(BG_EINVAL, "svg size %dx%d is not within "
				 "0..%d", o->width, o->height, SIZE_MAX_PX);
	if (o->selected != -1 &&
	    (rc = check_point(g, o->selected, "selected point")) < 0)
		return rc;
	if (!o->targets && o->ntargets)
		return bg_seterr(BG_EINVAL, "NULL targets");
	for (k = 0; k < o->ntargets; k++)
		if ((rc = check_point(g, o->targets[k], "target")) < 0)
			return rc;
	return BG_OK;
}

/* The picture's width and height in pixels, for a view of vw x vh. */
static void pixel_size(const bg_svg_options *o, int vw, int vh, long *w,
		       long *h)
{
	*w = o->width;
	*h = o->height;
	if (!*w && !*h)
		*w = 480;
	if (!*h)
		*h = (*w * vh + vw / 2) / vw;
	else if (!*w)
		*w = (*h * vw + vh / 2) / vh;
	if (*w < 1)
		*w = 1;
	if (*h < 1)
		*h = 1;
}

static int draw(bg_strbuf *sb, const bg_game *g, const bg_svg_options *o)
{
	picture pic;
	uint32_t hist = bg_history_length(g);
	bg_move last;
	int vw, vh, p, rc = 0, show_last;
	long w, h;

	memset(&pic, 0, sizeof(pic));
	pic.g = g;
	pic.b = bg_rules_board(g->rules, g->cfg);
	pic.sb = sb;
	pic.dots = !strcmp(bg_game_name(g), "tochki");
	pic.radius = pic.b->kind == BG_BOARD_CELLS ? UNIT * 3 / 8
		     : pic.b->kind == BG_BOARD_LINES ? UNIT / 3
						    : UNIT / 4;
	choose_palettes(&pic);
	pic.left = PAD + (o->flags & BG_SVG_COORDS ? COORD : 0);
	pic.top = PAD;
	vw = pic.left + pic.b->width * UNIT + PAD;
	vh = PAD + pic.b->height * UNIT + PAD +
	     (o->flags & BG_SVG_COORDS ? COORD : 0) +
	     (o->flags & BG_SVG_STATUS ? STATUS : 0);
	pixel_size(o, vw, vh, &w, &h);
	show_last = (o->flags & BG_SVG_LAST_MOVE) && hist > 0 &&
		    bg_history_move(g, hist - 1, &last) == BG_OK;

	bg_sb_printf(sb,
		     "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" "
		     "width=\"%ld\" height=\"%ld\" viewBox=\"0 0 %d %d\">\n",
		     w, h, vw, vh);
	bg_sb_puts(sb, "<title>");
	put_escaped(sb, g->spec);
	bg_sb_puts(sb, "</title>\n");
	bg_sb_printf(sb, "<rect width=\"%d\" height=\"%d\" fill=\"#fbf6ea\"/>\n",
		     vw, vh);
	if (pic.b->kind == BG_BOARD_CELLS)
		draw_cells(&pic);
	else if (pic.b->kind == BG_BOARD_INTERSECTIONS)
		draw_grid(&pic);
	else
		draw_lines(&pic);
	if (o->flags & BG_SVG_COORDS)
		draw_coords(&pic);
	if (pic.dots)
		rc = draw_rings(&pic);
	if (show_last)
		draw_last_path(&pic, &last);
	for (p = 0; p < pic.b->npoints; p++)
		draw_piece(&pic, p);
	if (show_last && rc == BG_OK)
		rc = draw_last_takings(&pic, hist - 1, &last);
	draw_marks(&pic, o);
	if (o->flags & BG_SVG_STATUS)
		draw_status(&pic, vh - PAD - STATUS / 2);
	draw_hit_areas(&pic);
	bg_sb_puts(sb, "</svg>\n");
	return rc;
}

int bg_board_svg(const bg_game *g, const bg_svg_options *opts, char *buf,
		 size_t cap, size_t *len)
{
	static const bg_svg_options defaults = BG_SVG_OPTIONS_INIT;
	bg_strbuf sb;
	int rc;

	if (!g || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if (!opts)
		opts = &defaults;
	if ((rc = check_options(g, opts)) < 0)
		return bg_game_fail(g, rc);
	bg_sb_init(&sb, buf, cap);
	if ((rc = draw(&sb, g, opts)) < 0) {
		if (cap)
			buf[0] = '\0';
		return bg_game_fail(g, rc);
	}
	return bg_game_fail(g, bg_text_out(&sb, len));
}
