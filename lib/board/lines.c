#include "board/lines.h"

#include <string.h>

#include "boardgames/boardgames.h"
#include "core/rules.h"

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

void bg_jumps_build(bg_jumps *jt, const bg_lineboard *lb, bool dashed)
{
	memset(jt, 0, sizeof(*jt));
	memset(jt->over, BG_LB_NONE, sizeof(jt->over));
	for (int p = 0; p < lb->npoints; p++)
		for (int q = 0; q < lb->npoints; q++)
			for (int i = 0; i < lb->njump[p]; i++) {
				const bg_link *l = &lb->jump[p][i];

				if (l->to != q ||
				    (l->style != BG_LINE_SOLID && !dashed))
					continue;
				jt->jump[p][jt->njump[p]].over = l->over;
				jt->jump[p][jt->njump[p]++].to = l->to;
				jt->over[p][q] = l->over;
			}
}

uint64_t bg_jumps_path_takes(const bg_jumps *jt, int npoints, uint64_t prey,
			     uint64_t block, const uint16_t *path,
			     size_t npath)
{
	uint64_t taken = 0;

	if (npath < 2)
		return 0;
	for (size_t i = 1; i < npath; i++) {
		int from = path[i - 1], to = path[i], over;

		if (to >= npoints || (over = jt->over[from][to]) == BG_LB_NONE ||
		    !((prey >> over) & 1) || (((prey | block) >> to) & 1))
			return 0;
		prey &= ~((uint64_t)1 << over);
		taken |= (uint64_t)1 << over;
	}
	return taken;
}

/* The jumps from `at` over prey not taken yet to a point neither in prey
 * nor blocked. */
BG_ALWAYS_INLINE int chain_hops(void *ctx, const bg_chain *w, int at, int tag,
				bg_hop *out)
{
	const bg_chains *g = ctx;
	const bg_jumps *jt = g->jt;
	uint64_t prey = g->prey & ~w->taken;
	int n = 0;

	(void)tag;
	for (int i = 0; i < jt->njump[at]; i++) {
		const bg_jump *j = &jt->jump[at][i];

		if (!((prey >> j->over) & 1) ||
		    (((prey | g->block) >> j->to) & 1))
			continue;
		out[n].over = j->over;
		out[n].to = j->to;
		out[n++].tag = 0;
	}
	return n;
}

/* A chain reaches its landing point and the pieces it took. */
BG_ALWAYS_INLINE bool chain_result(void *ctx, const bg_chain *w, int at,
				   int tag, int nhops, bg_reached *key)
{
	(void)ctx;
	(void)tag;
	(void)nhops;
	key->a = w->taken;
	key->b = (uint64_t)at;
	return true;
}

void bg_chains_list(bg_chains *g, int from, uint64_t prey)
{
	g->prey = prey;
	g->list.scan = g->list.n;
	bg_chain_walk(&g->list, g, from, 0, chain_hops, chain_result);
}
