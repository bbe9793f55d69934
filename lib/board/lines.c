#include "board/lines.h"

#include <string.h>

#include "boardgames/boardgames.h"

void bg_board_lines(bg_board *b, int width, int height, int npoints,
		    const int8_t (*xy)[2], const bg_line *lines, size_t nlines)
{
	memset(b, 0, sizeof(*b));
	b->kind = BG_BOARD_LINES;
	b->width = width;
	b->height = height;
	b->npoints = npoints;
	b->xy = xy;
	b->lines = lines;
	b->nlines = nlines;
}

static int sign(int v)
{
	return (v > 0) - (v < 0);
}

static void add_link(uint8_t *n, bg_link *links, const bg_board *b, int from,
		     int over, int to, int style)
{
	bg_link *l;

	for (int i = 0; i < *n; i++)
		if (links[i].to == to && links[i].over == (over < 0 ? BG_LB_NONE : over))
			return; /* the same link listed by two lines */
	l = &links[(*n)++];
	l->to = (uint8_t)to;
	l->over = over < 0 ? BG_LB_NONE : (uint8_t)over;
	l->style = (uint8_t)style;
	l->dx = (int8_t)sign(b->xy[to][0] - b->xy[from][0]);
	l->dy = (int8_t)sign(b->xy[to][1] - b->xy[from][1]);
}

/* Links along one line, both ways: steps between neighbours and jumps
 * over the middle one of three. */
static void add_line(bg_lineboard *lb, const bg_board *b, const bg_line *ln)
{
	for (int i = 0; i < ln->npoints; i++) {
		int p = ln->pts[i];

		for (int d = -1; d <= 1; d += 2) {
			int j = i + d, k = i + 2 * d;

			if (j < 0 || j >= ln->npoints)
				continue;
			add_link(&lb->nstep[p], lb->step[p], b, p, -1, ln->pts[j],
				 ln->style);
			if (k >= 0 && k < ln->npoints)
				add_link(&lb->njump[p], lb->jump[p], b, p,
					 ln->pts[j], ln->pts[k], ln->style);
		}
	}
}

void bg_lineboard_build(bg_lineboard *lb, const bg_board *b)
{
	memset(lb, 0, sizeof(*lb));
	lb->npoints = b->npoints;
	for (size_t i = 0; i < b->nlines; i++)
		add_line(lb, b, &b->lines[i]);
}
