/*
 * Tochki (Dots): place points on the crossings, enclose the opponent's.
 * Rules: doc/games/tochki.md.
 *
 * The field is kept with a one-cell border of sentinel cells, so padded
 * index i = (y + 1) * pw + x + 1 with y from the top (the SGF orientation); library point numbers count ranks from the bottom.
 *
 * Captures work on "pools" (doc/games/tochki.md): 4-connected regions of cells that are not
 * live points of the encloser and hold no edge point. Every search is a
 * flood from the new point's neighbourhood that stops as soon as it reaches
 * the edge, after two cheap filters: a placement can close a new region
 * only when the cells around it that are not its own fall into two or more
 * arcs, and a straight run to the edge free of the encloser's points
 * proves a region open (row and column bitboards).
 *
 * Undo is a journal: every cell change appends (cell, old value) to an
 * array in the state and the per-ply undo record keeps the journal's
 * length, so take-back replays the journal backwards. The journal's room
 * is a proven bound (see tk_journal_cap). Rings are kept in a log in the
 * state the same way, so undo, clones and position texts keep them.
 *
 * The floods' marks and stacks are scratch: they live in the handle's work
 * space (bg_work), not in the state, so clones and copies do not carry
 * them.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "boardgames/tochki.h"
#include "board/bits.h"
#include "board/board.h"

#include <assert.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define TK_MAXW 52
#define TK_MAXPAD ((TK_MAXW + 2) * (TK_MAXW + 2))
#define TK_MAXN (TK_MAXW * TK_MAXW)
#define TK_GEN_LIMIT 0xF0000000u /* stamps before the marks are reset */

/* A cell: bits 0-1 type, bit 2 the point's colour, bit 3 the owner. */
enum { TK_EMPTY = 0, TK_DEAD = 1, TK_POINT = 2, TK_BORDER = 3 };
#define TK_TYPE(v) ((v) & 3)
#define TK_COL(v) (((v) >> 2) & 1)
#define TK_OWN(v) (((v) >> 3) & 1)
#define TK_MKDEAD(o) ((uint8_t)(TK_DEAD | (o) << 3))
#define TK_MKPT(c, o) ((uint8_t)(TK_POINT | (c) << 2 | (o) << 3))
#define TK_LIVE(s) TK_MKPT(s, s)

enum { TK_START_CROSS, TK_START_EMPTY, TK_START_CROSS4 };

/* Screen directions (y down): N, E, S, W, then the 8-neighbourhood in
 * clockwise order from N. */
enum { TK_N, TK_E, TK_S, TK_W };

typedef struct tk_cfg {
	bg_board board;
	int w, h, pw, npad, n;
	int start;
	bool ground_any, territory, extra_move, free_encl, empty_bases;
	bool allow_pass, shortest;
	int win_margin;
	int off4[4];  /* N E S W */
	int off8[8];  /* N NE E SE S SW W NW */
	size_t jcap, rcap; /* journal and ring-log entries */
	size_t o_cells, o_journal, o_rings, size; /* the state */
	size_t o_mark, o_arrays, work_size;       /* the work space */
	size_t o_vis;                             /* shortest_chain's search */
	int ring_room;                            /* entries of tk_work.ring */
	uint8_t arcs[256]; /* runs of non-own cells around a point, by mask */
	uint16_t p2i[TK_MAXN];    /* library point -> padded index */
	int16_t i2p[TK_MAXPAD];   /* padded index -> library point, or -1 */
	int8_t px[TK_MAXPAD], py[TK_MAXPAD]; /* field x, y (top down) */
	uint8_t edge[TK_MAXPAD];  /* 1 on the field's rim */
	int nstart;
	uint16_t start_pts[16][2]; /* padded index, seat */
} tk_cfg;
BG_CONFIG_BOARD(tk_cfg);

/* The fixed part of the state; arrays follow at the config's offsets. */
typedef struct tk_head {
	uint64_t zcells;                 /* Zobrist of the cells */
	uint64_t rows[2][TK_MAXW];       /* live points of a seat, by row */
	uint64_t cols[2][TK_MAXW];       /* ... by column */
	uint64_t empty[TK_MAXW];         /* empty cells, by row */
	int32_t score[2];                /* opponent points held */
	int32_t owned[2];                /* cells owned (for grounding) */
	int32_t nempty;
	int32_t extra;                   /* placements left before the turn passes */
	int32_t last[2];                 /* last point placed, a speed hint */
	int32_t witness[2];              /* a cell last seen ungrounded, a hint */
	uint32_t jtop, rtop, nrings;
	uint8_t turn, passes;
	uint8_t stale[2]; /* 0: no closed pool of the seat holds a live enemy */
	int8_t grounded;  /* the seat that grounded, or -1 */
} tk_head;

typedef struct tk_undo {
	uint32_t jtop, rtop, nrings;
	int32_t extra, last[2];
	uint8_t turn, passes, stale[2];
	int8_t grounded;
} tk_undo;

/* Scratch of the floods, in the work space: the last stamp given, then
 * arrays of npad entries. */
typedef struct tk_work {
	uint32_t *gen;    /* the last flood stamp */
	uint32_t *mark;   /* flood stamps */
	uint16_t *cl;     /* cells of the pools found */
	uint16_t *stk;    /* flood stack */
	uint16_t *area;   /* the area being captured */
	uint16_t *ring;   /* a traced ring (ring_room entries) */
	uint16_t *pstart; /* candidate pools: a cell, offset, count, size */
	uint16_t *poff, *pn, *psize;
	uint16_t *order;  /* candidates by size */
	uint32_t *vis;    /* shortest_chain: (cell, parity) stamps, */
	uint16_t *prev;   /* ... the way back, */
	uint16_t *queue;  /* ... the search's queue (2 npad entries each) */
} tk_work;

typedef struct tk_ctx {
	const tk_cfg *c;
	tk_head *h;
	uint8_t *cells;
	uint16_t *journal, *rings;
	tk_work w;
} tk_ctx;

/* A closed pool as a flood found it. */
typedef struct tk_pool {
	int n, lb;            /* cells, one live enemy point or -1 */
	int x0, x1, y0, y1;   /* bounding box */
} tk_pool;

/* ---- State access --------------------------------------------------------- */

/* Open a state of the handle whose config is c. */
static void tk_open(const tk_cfg *c, const void *stp, tk_ctx *k)
{
	/* Const states are opened too, but only the handle's work space is
	 * written through them (bg_work says why that is safe). */
	unsigned char *st = (unsigned char *)stp;
	unsigned char *work = bg_work(c, sizeof(*c));
	uint16_t *wk = (uint16_t *)(work + c->o_arrays);
	size_t n = (size_t)c->npad;

	k->c = c;
	k->h = (tk_head *)st;
	k->cells = st + c->o_cells;
	k->journal = (uint16_t *)(st + c->o_journal);
	k->rings = (uint16_t *)(st + c->o_rings);
	k->w.gen = (uint32_t *)work;
	k->w.mark = (uint32_t *)(work + c->o_mark);
	k->w.cl = wk;
	k->w.stk = wk + n;
	k->w.area = wk + 2 * n;
	k->w.pstart = wk + 3 * n;
	k->w.poff = wk + 4 * n;
	k->w.pn = wk + 5 * n;
	k->w.psize = wk + 6 * n;
	k->w.order = wk + 7 * n;
	k->w.ring = wk + 8 * n;
	k->w.vis = NULL;
	if (c->shortest) {
		k->w.vis = (uint32_t *)(work + c->o_vis);
		k->w.prev = (uint16_t *)(k->w.vis + 2 * n);
		k->w.queue = k->w.prev + 2 * n;
	}
}

static bool tk_is_edge(const tk_cfg *c, int i)
{
	return c->edge[i];
}

static uint64_t tk_zcell(uint8_t v, int i)
{
	return v == TK_EMPTY ? 0 : bg_zobrist(v, (uint32_t)i);
}

static bool tk_owned_by(uint8_t v, int s)
{
	return (TK_TYPE(v) == TK_DEAD || TK_TYPE(v) == TK_POINT) &&
	       TK_OWN(v) == s;
}

/* Count a cell value into (sign +1) or out of (-1) the derived fields. */
static void tk_account(tk_ctx *k, int i, uint8_t v, int sign)
{
	tk_head *h = k->h;
	int t = TK_TYPE(v);

	if (t == TK_EMPTY) {
		h->nempty += sign;
		h->empty[k->c->py[i]] ^= (uint64_t)1 << k->c->px[i];
		return;
	}
	if (t == TK_BORDER)
		return;
	h->owned[TK_OWN(v)] += sign;
	if (t == TK_POINT && TK_COL(v) != TK_OWN(v))
		h->score[TK_OWN(v)] += sign;
	if (t == TK_POINT && TK_COL(v) == TK_OWN(v)) {
		int s = TK_COL(v), x = k->c->px[i], y = k->c->py[i];

		h->rows[s][y] ^= (uint64_t)1 << x;
		h->cols[s][x] ^= (uint64_t)1 << y;
	}
}

static void tk_set(tk_ctx *k, int i, uint8_t v)
{
	uint8_t old = k->cells[i];

	tk_account(k, i, old, -1);
	tk_account(k, i, v, +1);
	k->h->zcells ^= tk_zcell(old, i) ^ tk_zcell(v, i);
	k->cells[i] = v;
}

/* A journalled change. */
static void tk_jset(tk_ctx *k, int i, uint8_t v)
{
	uint8_t old = k->cells[i];

	if (old == v)
		return;
	/* The room is a proven bound (tk_journal_cap); the test only keeps
	 * memory safe should the proof be wrong. */
	assert(k->h->jtop < k->c->jcap);
	if (k->h->jtop < k->c->jcap)
		k->journal[k->h->jtop++] = (uint16_t)(i << 4 | old);
	tk_set(k, i, v);
}

static uint32_t tk_stamp(tk_ctx *k)
{
	return ++*k->w.gen;
}

/* Reset the flood stamps when they run low; called before each search. */
static void tk_fresh_marks(tk_ctx *k)
{
	if (*k->w.gen < TK_GEN_LIMIT)
		return;
	memset(k->w.mark, 0, (size_t)k->c->npad * sizeof(uint32_t));
	if (k->w.vis)
		memset(k->w.vis, 0, (size_t)k->c->npad * 2 * sizeof(uint32_t));
	*k->w.gen = 0;
}

/* ---- Geometry ------------------------------------------------------------- */

/* Runs of zero bits in an 8-bit circular mask. */
static uint8_t tk_count_arcs(unsigned mask)
{
	uint8_t runs = 0;

	if (mask == 0)
		return 1;
	for (int b = 0; b < 8; b++)
		if (!(mask >> b & 1) && (mask >> ((b + 7) & 7) & 1))
			runs++;
	return runs;
}

/* Bit b set when neighbour b (clockwise from N) is a live point of s. */
static unsigned tk_nbmask(const tk_ctx *k, int s, int i)
{
	unsigned m = 0;
	uint8_t live = TK_LIVE(s);

	for (int b = 0; b < 8; b++)
		m |= (unsigned)(k->cells[i + k->c->off8[b]] == live) << b;
	return m;
}

/* A straight line from i to the edge without a live point of s: i's
 * region of non-s cells reaches the edge. `wall` counts as such a point. */
static bool tk_ray_open(const tk_ctx *k, int s, int i, int wall)
{
	const tk_cfg *c = k->c;
	int x = c->px[i], y = c->py[i];
	uint64_t r = k->h->rows[s][y], col = k->h->cols[s][x];

	if (wall >= 0 && c->py[wall] == y)
		r |= (uint64_t)1 << c->px[wall];
	if (wall >= 0 && c->px[wall] == x)
		col |= (uint64_t)1 << c->py[wall];
	return !(r & (((uint64_t)1 << x) - 1)) || !(r >> x >> 1) ||
	       !(col & (((uint64_t)1 << y) - 1)) || !(col >> y >> 1);
}

/* ---- Pools ---------------------------------------------------------------- */

/* Was cell i met by a flood of the search that began at stamp base? */
static bool tk_seen(const tk_ctx *k, int i, uint32_t base)
{
	return k->w.mark[i] >= base;
}

/*
 * Flood the region of cells that are not live points of s (nor `wall`)
 * from i0 with a fresh stamp. A search is the floods made with the same
 * base (the stamp counter + 1 when it began). True when the region is a
 * closed pool: its cells go to out[0 .. pl->n). False as soon as it holds
 * an edge point or meets a cell stamped in this search before, a region
 * found open earlier.
 *
 * Every cell taken is first tried with tk_ray_open's test (a straight run
 * to the rim free of s's points and of `wall`: the region is open); a rim
 * cell passes it at once. The live enemy point and the bounding box are
 * looked for only once the pool is known closed.
 */
static bool tk_flood_pool(tk_ctx *k, int s, int i0, int wall, uint32_t base,
			  uint16_t *out, tk_pool *pl)
{
	const tk_cfg *c = k->c;
	const uint8_t *cells = k->cells;
	const uint64_t *rows = k->h->rows[s], *cols = k->h->cols[s];
	uint32_t *mark = k->w.mark, sc = tk_stamp(k);
	uint16_t *stk = k->w.stk;
	uint8_t live = TK_LIVE(s), enemy = TK_LIVE(!s);
	int top = 0, n = 0, wx = -1, wy = -1;
	int off[4] = { c->off4[TK_N], c->off4[TK_E], c->off4[TK_S],
		       c->off4[TK_W] };
	int d[4] = { c->py[i0], c->w - 1 - c->px[i0], c->h - 1 - c->py[i0],
		     c->px[i0] };

	/* Push the direction of the nearest edge last: it is tried first, so
	 * an open region usually shows it in a few steps. */
	for (int a = 1; a < 4; a++)
		for (int b = a; b > 0 && d[b] > d[b - 1]; b--) {
			int t = d[b];

			d[b] = d[b - 1];
			d[b - 1] = t;
			t = off[b];
			off[b] = off[b - 1];
			off[b - 1] = t;
		}
	if (wall >= 0) {
		wx = c->px[wall];
		wy = c->py[wall];
	}
	mark[i0] = sc;
	stk[top++] = (uint16_t)i0;
	while (top) {
		int j = stk[--top], x = c->px[j], y = c->py[j];
		uint64_t r = rows[y], col = cols[x];

		if (y == wy)
			r |= (uint64_t)1 << wx;
		if (x == wx)
			col |= (uint64_t)1 << wy;
		if (!(r & (((uint64_t)1 << x) - 1)) || !(r >> x >> 1) ||
		    !(col & (((uint64_t)1 << y) - 1)) || !(col >> y >> 1))
			return false;
		out[n++] = (uint16_t)j;
		for (int a = 0; a < 4; a++) {
			int q = j + off[a];
			uint32_t m;

			if (cells[q] == live || q == wall)
				continue;
			m = mark[q];
			if (m == sc)
				continue;
			if (m >= base)
				return false;
			mark[q] = sc;
			stk[top++] = (uint16_t)q;
		}
	}
	pl->n = n;
	pl->lb = -1;
	pl->x0 = pl->x1 = c->px[i0];
	pl->y0 = pl->y1 = c->py[i0];
	for (int a = 0; a < n; a++) {
		int j = out[a], x = c->px[j], y = c->py[j];

		if (cells[j] == enemy)
			pl->lb = j;
		if (x < pl->x0) pl->x0 = x;
		if (x > pl->x1) pl->x1 = x;
		if (y < pl->y0) pl->y0 = y;
		if (y > pl->y1) pl->y1 = y;
	}
	return true;
}

/* The outline of a closed pool: stamps for its cells, the outside within
 * its box, the ring Γ and the area. */
typedef struct tk_outline {
	uint32_t sc, sx, sg, sa;
	int bx0, bx1, by0, by1;
	int narea, first; /* area cells in w.area; the top-left one */
} tk_outline;

static bool tk_in_box(const tk_cfg *c, const tk_outline *o, int q)
{
	return c->px[q] >= o->bx0 && c->px[q] <= o->bx1 &&
	       c->py[q] >= o->by0 && c->py[q] <= o->by1;
}

/* A live point of s next to the pool (stamp sc). */
static bool tk_is_n4(const tk_ctx *k, int s, int q, uint32_t sc)
{
	const uint32_t *mark = k->w.mark;
	int pw = k->c->pw;

	return k->cells[q] == TK_LIVE(s) &&
	       (mark[q - pw] == sc || mark[q + 1] == sc || mark[q + pw] == sc ||
		mark[q - 1] == sc);
}

/*
 * N4 = live points of s next to the pool; X = the cells reachable
 * from outside the pool's box (enlarged by one) without crossing the pool
 * or N4; Γ = the N4 points next to X (8 directions); the area = the flood
 * from the pool that stops at Γ. Works inside the box only: every cell
 * outside it is in X.
 */
static void tk_outline_pool(tk_ctx *k, int s, const uint16_t *cells, int n,
			    const tk_pool *pl, tk_outline *o)
{
	const tk_cfg *c = k->c;
	uint32_t *mark = k->w.mark;
	uint16_t *stk = k->w.stk, *area = k->w.area;
	int top = 0;

	o->bx0 = pl->x0 - 1;
	o->bx1 = pl->x1 + 1;
	o->by0 = pl->y0 - 1;
	o->by1 = pl->y1 + 1;
	o->sc = tk_stamp(k);
	for (int j = 0; j < n; j++)
		mark[cells[j]] = o->sc;
	/* X: seeded from the box's rim. */
	o->sx = tk_stamp(k);
	for (int y = o->by0; y <= o->by1; y++) {
		/* the whole top and bottom rows, the ends of the others */
		int step = (y == o->by0 || y == o->by1) ? 1 : o->bx1 - o->bx0;

		for (int x = o->bx0; x <= o->bx1; x += step) {
			int q = (y + 1) * c->pw + x + 1;

			if (mark[q] != o->sx && !tk_is_n4(k, s, q, o->sc)) {
				mark[q] = o->sx;
				stk[top++] = (uint16_t)q;
			}
		}
	}
	while (top) {
		int j = stk[--top];

		for (int a = 0; a < 4; a++) {
			int q = j + c->off4[a];

			if (!tk_in_box(c, o, q) || mark[q] == o->sx ||
			    mark[q] == o->sc || tk_is_n4(k, s, q, o->sc))
				continue;
			mark[q] = o->sx;
			stk[top++] = (uint16_t)q;
		}
	}
	/* Γ */
	o->sg = tk_stamp(k);
	for (int j = 0; j < n; j++)
		for (int a = 0; a < 4; a++) {
			int g = cells[j] + c->off4[a];

			if (k->cells[g] != TK_LIVE(s) || mark[g] == o->sg)
				continue;
			for (int b = 0; b < 8; b++) {
				int q = g + c->off8[b];

				if (!tk_in_box(c, o, q) || mark[q] == o->sx) {
					mark[g] = o->sg;
					break;
				}
			}
		}
	/* The area */
	o->sa = tk_stamp(k);
	o->narea = 0;
	o->first = cells[0];
	for (int j = 0; j < n; j++) {
		mark[cells[j]] = o->sa;
		stk[top++] = cells[j];
	}
	while (top) {
		int j = stk[--top];

		area[o->narea++] = (uint16_t)j;
		if (j < o->first)
			o->first = j;
		for (int a = 0; a < 4; a++) {
			int q = j + c->off4[a];

			if (mark[q] == o->sa || mark[q] == o->sg ||
			    k->cells[q] == TK_BORDER)
				continue;
			mark[q] = o->sa;
			stk[top++] = (uint16_t)q;
		}
	}
}

/*
 * The ring around the area (stamp sa) in clockwise order on the screen,
 * from the point above its top-left cell: follow the cracks between area
 * cells and the rest, the area on the right. Returns the length.
 */
static int tk_trace_ring(tk_ctx *k, uint32_t sa, int first, uint16_t *ring)
{
	const tk_cfg *c = k->c;
	const uint32_t *mark = k->w.mark;
	int a = first, d = TK_N, n = 0;

	ring[n++] = (uint16_t)(a + c->off4[d]);
	do {
		int t = (d + 1) & 3, a1 = a + c->off4[t], q1 = a1 + c->off4[d];
		int q;

		if (mark[a1] != sa) {
			d = t;
			q = a + c->off4[d];
		} else if (mark[q1] == sa) {
			a = q1;
			d = (d + 3) & 3;
			q = a + c->off4[d];
		} else {
			a = a1;
			q = q1;
		}
		/* Each turn of the walk crosses one crack of the area's
		 * outline, and a 4-connected area of a cells has at most
		 * 2a + 2 (a tree of cells): ring_room is never reached. */
		assert(n < c->ring_room);
		if (q != ring[n - 1] && n < c->ring_room)
			ring[n++] = (uint16_t)q;
	} while (a != first || d != TK_N);
	if (n > 1 && ring[n - 1] == ring[0])
		n--;
	return n;
}

static void tk_log_ring(tk_ctx *k, int owner, const uint16_t *pts, int n)
{
	tk_head *h = k->h;

	/* rcap is a proven bound (tk_configure), and position texts are
	 * checked against it; the test only keeps memory safe should the
	 * proof be wrong (rings are drawing data). */
	assert(h->rtop + 1 + (size_t)n <= k->c->rcap);
	if (h->rtop + 1 + (size_t)n > k->c->rcap)
		return;
	k->rings[h->rtop++] = (uint16_t)(n << 1 | owner);
	memcpy(k->rings + h->rtop, pts, (size_t)n * sizeof(*pts));
	h->rtop += (uint32_t)n;
	h->nrings++;
}

/* Step 2 of the rules: s takes the cells of an area. Returns the live enemy points
 * it held. */
static int tk_capture(tk_ctx *k, int s, const uint16_t *cells, int n)
{
	int taken = 0;

	for (int j = 0; j < n; j++) {
		int i = cells[j];
		uint8_t v = k->cells[i];

		switch (TK_TYPE(v)) {
		case TK_EMPTY:
		case TK_DEAD:
			tk_jset(k, i, TK_MKDEAD(s));
			break;
		case TK_POINT:
			if (TK_OWN(v) != s) {
				taken += TK_COL(v) != s;
				tk_jset(k, i, TK_MKPT(TK_COL(v), s));
			}
			break;
		}
	}
	return taken;
}

static int tk_chain_inside(const tk_ctx *k, const uint16_t *ch, int n,
			   uint16_t *out);

/* Does the link u-v cross the ray going up from b, between b's column
 * and the next? */
static bool tk_crosses(const tk_cfg *c, int b, int u, int v)
{
	int bx = c->px[b];

	if (c->px[u] != bx) {
		int t = u;

		u = v;
		v = t;
	}
	return c->px[u] == bx && c->px[v] == bx + 1 && c->py[u] < c->py[b];
}

/*
 * shortest_chain: a chain of s's live points round the live enemy point b
 * shorter than `limit` points, into w.ring; returns its length, or 0.
 * A closed chain is round b when it crosses the ray going up from b an
 * odd number of times, so it has a link from a point in b's column above
 * b: a breadth-first search over (point, parity of crossings) from each
 * such point finds the shortest (a shortest odd closed walk is a simple
 * chain).
 */
static int tk_shortest_chain(tk_ctx *k, int s, int b, int limit)
{
	const tk_cfg *c = k->c;
	tk_work *w = &k->w;
	uint8_t live = TK_LIVE(s);
	int best = limit, bestv = -1;

	for (int v = b - c->pw; k->cells[v] != TK_BORDER; v -= c->pw) {
		uint32_t sv;
		int head = 0, tail = 0, found = 0;

		if (k->cells[v] != live)
			continue;
		sv = tk_stamp(k);
		w->vis[2 * v] = sv;
		w->queue[tail++] = (uint16_t)(2 * v);
		/* Level by level, so a node's distance is its level. */
		for (int d = 1; d < best && head < tail && !found; d++) {
			int end = tail;

			for (; head < end && !found; head++) {
				int u = w->queue[head] >> 1, par = w->queue[head] & 1;

				for (int a = 0; a < 8; a++) {
					int q = u + c->off8[a];
					int node = 2 * q + (par ^ tk_crosses(c, b, u, q));

					if (k->cells[q] != live || w->vis[node] == sv)
						continue;
					w->vis[node] = sv;
					w->prev[node] = (uint16_t)(2 * u + par);
					w->queue[tail++] = (uint16_t)node;
					if (node == 2 * v + 1) {
						best = d;
						bestv = v;
						found = 1;
						break;
					}
				}
			}
		}
		/* The way back of the best start is overwritten by later
		 * searches: trace it now. */
		if (found) {
			int node = 2 * v + 1;

			for (int n = best; n-- > 0;) {
				w->ring[n] = (uint16_t)(node >> 1);
				node = w->prev[node];
			}
		}
	}
	return bestv < 0 ? 0 : best;
}

/* Draw and capture the area outlined in o (a pool holding the live enemy
 * point lb, or none: -1): its minimal ring, or under shortest_chain a
 * shorter chain round lb and all it holds. Returns the live enemy points
 * taken. */
static int tk_take_outlined(tk_ctx *k, int s, const tk_outline *o, int lb)
{
	int len = tk_trace_ring(k, o->sa, o->first, k->w.ring), n, inside;

	if (k->c->shortest && lb >= 0 &&
	    (n = tk_shortest_chain(k, s, lb, len)) > 0) {
		inside = tk_chain_inside(k, k->w.ring, n, k->w.area);
		tk_log_ring(k, s, k->w.ring, n);
		return tk_capture(k, s, k->w.area, inside);
	}
	tk_log_ring(k, s, k->w.ring, len);
	return tk_capture(k, s, k->w.area, o->narea);
}

/* Outline, draw and capture a closed pool of s. Returns the live enemy
 * points taken. */
static int tk_take_pool(tk_ctx *k, int s, const uint16_t *cells, int n,
			const tk_pool *pl)
{
	tk_outline o;

	tk_outline_pool(k, s, cells, n, pl, &o);
	return tk_take_outlined(k, s, &o, pl->lb);
}

/* Sort candidate pools (index lists) by area size, smallest first. */
static void tk_sort_pools(tk_work *w, int np, uint16_t *idx)
{
	for (int a = 0; a < np; a++)
		idx[a] = (uint16_t)a;
	for (int a = 1; a < np; a++)
		for (int b = a; b > 0 && w->psize[idx[b]] < w->psize[idx[b - 1]];
		     b--) {
			uint16_t t = idx[b];

			idx[b] = idx[b - 1];
			idx[b - 1] = t;
		}
}

/*
 * Capture the candidate pools found (w.pstart/poff/pn, sizes in psize),
 * smallest area first; a pool whose cells an earlier capture of this move
 * took is skipped (step 1 of the rules). Returns the number of enclosures: pools
 * that held a live enemy point.
 */
static int tk_capture_candidates(tk_ctx *k, int s, int np, bool empties)
{
	uint16_t *idx = k->w.order;
	int enclosures = 0;

	tk_sort_pools(&k->w, np, idx);
	for (int a = 0; a < np; a++) {
		int i0 = k->w.pstart[idx[a]];
		uint32_t base = *k->w.gen + 1;
		uint16_t *cl = k->w.cl + k->w.poff[idx[a]];
		bool fresh = false;
		tk_pool pl;

		/* A start cell freed by an earlier capture lies in its area. */
		if (k->cells[i0] == TK_LIVE(s) ||
		    !tk_flood_pool(k, s, i0, -1, base, cl, &pl))
			continue;
		for (int j = 0; j < pl.n && !fresh; j++)
			fresh = !tk_owned_by(k->cells[cl[j]], s);
		if (pl.lb < 0 && (!empties || !fresh))
			continue;
		enclosures += pl.lb >= 0;
		tk_take_pool(k, s, cl, pl.n, &pl);
	}
	return enclosures;
}

/*
 * Step 1 of the rules: the pools of s next to the new point p that it closes, i.e.
 * p lies on their ring. Returns the number of enclosures captured.
 */
static int tk_enclose(tk_ctx *k, int s, int p)
{
	const tk_cfg *c = k->c;
	tk_work *w = &k->w;
	tk_pool pools[4];
	int np = 0, used = 0;
	uint32_t base;

	if (!k->h->stale[s] && c->arcs[tk_nbmask(k, s, p)] < 2)
		return 0;
	base = *k->w.gen + 1;
	for (int a = 0; a < 4; a++) {
		int q = p + c->off4[a];
		tk_pool *pl = &pools[np];

		if (k->cells[q] == TK_BORDER || k->cells[q] == TK_LIVE(s) ||
		    tk_seen(k, q, base) || tk_ray_open(k, s, q, -1))
			continue;
		if (!tk_flood_pool(k, s, q, -1, base, w->cl + used,
				   pl) ||
		    (pl->lb < 0 && !c->empty_bases))
			continue;
		w->pstart[np] = (uint16_t)q;
		w->poff[np] = (uint16_t)used;
		w->pn[np] = (uint16_t)pl->n;
		used += pl->n;
		np++;
	}
	/* Keep the pools whose ring passes through p, with their sizes. */
	for (int a = 0; a < np;) {
		tk_outline o;

		tk_outline_pool(k, s, w->cl + w->poff[a], w->pn[a], &pools[a], &o);
		if (w->mark[p] != o.sg) {
			np--;
			w->pstart[a] = w->pstart[np];
			w->poff[a] = w->poff[np];
			w->pn[a] = w->pn[np];
			pools[a] = pools[np];
			continue;
		}
		w->psize[a] = (uint16_t)o.narea;
		a++;
		/* One enclosure alone (the common case): its outline is still
		 * in the marks and w.area, so take it now. */
		if (np == 1 && pools[0].lb >= 0) {
			tk_take_outlined(k, s, &o, pools[0].lb);
			return 1;
		}
	}
	return np ? tk_capture_candidates(k, s, np, c->empty_bases) : 0;
}

/* The closed pool of s holding cell i (a cell that is not s's live
 * point), into w.cl; false when i's region is open. */
static bool tk_pool_at(tk_ctx *k, int s, int i, tk_pool *pl)
{
	if (tk_ray_open(k, s, i, -1))
		return false;
	return tk_flood_pool(k, s, i, -1, *k->w.gen + 1, k->w.cl, pl);
}

/*
 * Territory close: every pool of s holding a live enemy point, found
 * from the enemy points. With `any`, stop at the first and only report.
 */
static int tk_close_all(tk_ctx *k, int s, bool any)
{
	const tk_cfg *c = k->c;
	tk_work *w = &k->w;
	uint8_t enemy = TK_LIVE(!s);
	uint32_t base = *k->w.gen + 1;
	int np = 0, used = 0;

	for (int p = 0; p < c->n; p++) {
		int i = c->p2i[p];
		tk_pool pl;

		if (k->cells[i] != enemy || tk_seen(k, i, base) ||
		    tk_ray_open(k, s, i, -1))
			continue;
		if (!tk_flood_pool(k, s, i, -1, base, w->cl + used,
				   &pl))
			continue;
		if (any)
			return 1;
		w->pstart[np] = (uint16_t)i;
		w->poff[np] = (uint16_t)used;
		w->pn[np] = (uint16_t)pl.n;
		used += pl.n;
		np++;
	}
	if (any)
		return 0;
	for (int a = 0; a < np; a++) {
		tk_outline o;
		tk_pool pl;

		tk_flood_pool(k, s, w->pstart[a], -1, *k->w.gen + 1,
			      w->cl + w->poff[a], &pl);
		tk_outline_pool(k, s, w->cl + w->poff[a], w->pn[a], &pl, &o);
		w->psize[a] = (uint16_t)o.narea;
	}
	return np ? tk_capture_candidates(k, s, np, false) : 0;
}

/* Territory: would `close` with a new point of s at the empty cell p
 * capture anything, given no pool of s holds a live enemy now? Only when p
 * splits off a closed region holding one. */
static bool tk_close_captures_at(tk_ctx *k, int s, int p)
{
	const tk_cfg *c = k->c;
	uint32_t base;

	if (c->arcs[tk_nbmask(k, s, p)] < 2)
		return false;
	tk_fresh_marks(k);
	base = *k->w.gen + 1;
	for (int a = 0; a < 4; a++) {
		int q = p + c->off4[a];
		tk_pool pl;

		if (k->cells[q] == TK_BORDER || k->cells[q] == TK_LIVE(s) ||
		    tk_seen(k, q, base) || tk_ray_open(k, s, q, p))
			continue;
		if (tk_flood_pool(k, s, q, p, base, k->w.cl, &pl) &&
		    pl.lb >= 0)
			return true;
	}
	return false;
}

/* Does any closed pool of s hold a live point of the other seat? */
static bool tk_has_stale(tk_ctx *k, int s)
{
	tk_fresh_marks(k);
	return tk_close_all(k, s, true) != 0;
}

/* ---- Free enclosure chains ------------------------------------------------ */

/* Cells strictly inside the polygon of the chain (padded indices), by the
 * crossing-number test, into out; returns their number. */
static int tk_chain_inside(const tk_ctx *k, const uint16_t *ch, int n,
			   uint16_t *out)
{
	const tk_cfg *c = k->c;
	int x0 = c->w, x1 = -1, y0 = c->h, y1 = -1, cnt = 0;

	for (int a = 0; a < n; a++) {
		int x = c->px[ch[a]], y = c->py[ch[a]];

		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	for (int y = y0 + 1; y < y1; y++)
		for (int x = x0 + 1; x < x1; x++) {
			int i = (y + 1) * c->pw + x + 1;
			bool in = false, on = false;

			for (int a = 0, b = n - 1; a < n; b = a++) {
				int xa = c->px[ch[a]], ya = c->py[ch[a]];
				int xb = c->px[ch[b]], yb = c->py[ch[b]];

				if (ch[a] == i)
					on = true;
				/* Edge (xb,yb)-(xa,ya) crosses the ray to the
				 * right of (x, y): exact in integers. */
				if ((ya > y) != (yb > y)) {
					long lhs = (long)(x - xa) * (yb - ya);
					long rhs = (long)(xb - xa) * (y - ya);

					if ((yb > ya) ? lhs < rhs : lhs > rhs)
						in = !in;
				}
			}
			if (in && !on)
				out[cnt++] = (uint16_t)i;
		}
	return cnt;
}

/* free_enclosure: a valid explicit chain for a point of s at p: pts[1..] live points
 * of s, a closed simple 8-connected ring through p, enclosing a live enemy
 * point. */
static bool tk_chain_ok(tk_ctx *k, int s, const bg_move *m)
{
	const tk_cfg *c = k->c;
	uint16_t ch[BG_MOVE_MAX_POINTS];
	int n = m->npath, inside;

	if (n < 4)
		return false;
	for (int a = 0; a < n; a++) {
		if (m->pts[a] >= c->n)
			return false;
		ch[a] = c->p2i[m->pts[a]];
		if (a > 0 && k->cells[ch[a]] != TK_LIVE(s))
			return false;
		for (int b = 0; b < a; b++)
			if (ch[a] == ch[b])
				return false;
	}
	for (int a = 0; a < n; a++) {
		int u = ch[a], v = ch[(a + 1) % n];
		int dx = c->px[v] - c->px[u], dy = c->py[v] - c->py[u];

		if (abs(dx) > 1 || abs(dy) > 1)
			return false;
		if (dx == 0 || dy == 0)
			continue;
		/* The other diagonal of this unit square must not be a link. */
		int e = u + dx, f = u + dy * c->pw;

		for (int b = 0; b < n; b++) {
			int g = ch[b], hh = ch[(b + 1) % n];

			if ((g == e && hh == f) || (g == f && hh == e))
				return false;
		}
	}
	inside = tk_chain_inside(k, ch, n, k->w.area);
	for (int a = 0; a < inside; a++)
		if (k->cells[k->w.area[a]] == TK_LIVE(!s))
			return true;
	return false;
}

/* Capture the area of an explicit chain; returns 1 when it took a live
 * enemy point the standard captures left. */
static int tk_take_chain(tk_ctx *k, int s, const bg_move *m)
{
	uint16_t ch[BG_MOVE_MAX_POINTS];
	int n = m->npath, inside;

	for (int a = 0; a < n; a++)
		ch[a] = k->c->p2i[m->pts[a]];
	inside = tk_chain_inside(k, ch, n, k->w.area);
	tk_log_ring(k, s, ch, n);
	return tk_capture(k, s, k->w.area, inside) > 0;
}

/* ---- Grounding ------------------------------------------------------------ */

/* Stamp the cells of s grounded (4-connected to the rim) with a fresh stamp; returns it and
 * their number in *count. */
static uint32_t tk_ground_flood(tk_ctx *k, int s, int *count)
{
	const tk_cfg *c = k->c;
	uint32_t *mark = k->w.mark, sg;
	uint16_t *stk = k->w.stk;
	int top = 0, cnt = 0;

	tk_fresh_marks(k);
	sg = tk_stamp(k);
	for (int y = 0; y < c->h; y++) {
		/* the whole first and last rows, the ends of the others */
		int step = (y == 0 || y == c->h - 1 || c->w == 1) ? 1 : c->w - 1;

		for (int x = 0; x < c->w; x += step) {
			int i = (y + 1) * c->pw + x + 1;

			if (tk_owned_by(k->cells[i], s)) {
				mark[i] = sg;
				stk[top++] = (uint16_t)i;
			}
		}
	}
	while (top) {
		int j = stk[--top];

		cnt++;
		for (int a = 0; a < 4; a++) {
			int q = j + c->off4[a];

			if (mark[q] != sg && tk_owned_by(k->cells[q], s)) {
				mark[q] = sg;
				stk[top++] = (uint16_t)q;
			}
		}
	}
	*count = cnt;
	return sg;
}

/* Does the owned group of s holding cell i touch the edge? */
static bool tk_group_grounded(tk_ctx *k, int s, int i)
{
	const tk_cfg *c = k->c;
	uint32_t *mark = k->w.mark, sg;
	uint16_t *stk = k->w.stk;
	int top = 0;

	tk_fresh_marks(k);
	sg = tk_stamp(k);
	mark[i] = sg;
	stk[top++] = (uint16_t)i;
	while (top) {
		int j = stk[--top];

		if (tk_is_edge(c, j))
			return true;
		for (int a = 0; a < 4; a++) {
			int q = j + c->off4[a];

			if (mark[q] != sg && tk_owned_by(k->cells[q], s)) {
				mark[q] = sg;
				stk[top++] = (uint16_t)q;
			}
		}
	}
	return false;
}

/* No house of s holds cell i of s: i, or a 4-neighbour of i that is not
 * s's live point, sees the rim along a line free of s's points. */
static bool tk_exposed(const tk_ctx *k, int s, int i)
{
	if (k->cells[i] != TK_LIVE(s))
		return tk_ray_open(k, s, i, -1);
	for (int a = 0; a < 4; a++) {
		int q = i + k->c->off4[a];

		if (k->cells[q] != TK_LIVE(s) && k->cells[q] != TK_BORDER &&
		    tk_ray_open(k, s, q, -1))
			return true;
	}
	return false;
}

/* A cell of s that may be unsafe (a hint): a quick no when it is. */
static bool tk_loose(tk_ctx *k, int s, int i)
{
	return i >= 0 && tk_owned_by(k->cells[i], s) &&
	       (k->c->territory || tk_exposed(k, s, i)) &&
	       !tk_group_grounded(k, s, i);
}

/*
 * Is the house of s (pool cells cl[0 .. n)) a shelter: its ring grounded
 * (gnd) and no live enemy point in its area? Then an enemy point played
 * in the area closes nothing (every cell of the area still reaches the
 * ring round it, and s's cells elsewhere are grounded or sheltered too)
 * and is taken at once (step 3): nothing in the area can be surrounded.
 * Leaves the area stamped o->sa.
 */
static bool tk_shelter(tk_ctx *k, int s, int n, const tk_pool *pl,
		       const uint16_t *gnd, tk_outline *o)
{
	const uint16_t *cl = k->w.cl;

	tk_outline_pool(k, s, cl, n, pl, o);
	for (int j = 0; j < o->narea; j++)
		if (k->cells[k->w.area[j]] == TK_LIVE(!s))
			return false;
	for (int j = 0; j < n; j++)
		for (int a = 0; a < 4; a++) {
			int g = cl[j] + k->c->off4[a];

			if (k->w.mark[g] == o->sg && !gnd[g])
				return false;
		}
	return true;
}

/*
 * The second chance of the grounding check: s's cells that the rim flood
 * (stamp sg) missed are safe when they lie in the area of a shelter
 * (tk_shelter), found from the pools at or next to them. Not under
 * territory, where an intruder is not taken at once. Keeps an unsafe
 * cell as the witness hint.
 */
static bool tk_sheltered(tk_ctx *k, int s, uint32_t sg)
{
	const tk_cfg *c = k->c;
	uint16_t *loose = k->w.pn, *gnd = k->w.order, *seen = k->w.psize;
	int nl = 0;

	for (int p = 0; p < c->n; p++) {
		int i = c->p2i[p];

		gnd[i] = k->w.mark[i] == sg;
		seen[i] = 0;
		if (tk_owned_by(k->cells[i], s) && !gnd[i])
			loose[nl++] = (uint16_t)i;
	}
	for (int j = 0; j < nl; j++)
		if (c->territory || tk_exposed(k, s, loose[j])) {
			k->h->witness[s] = loose[j];
			return false;
		}
	for (int j = 0; j < nl; j++)
		for (int a = -1; a < 4; a++) {
			int q = loose[j] + (a < 0 ? 0 : c->off4[a]);
			tk_outline o;
			tk_pool pl;

			if (k->cells[q] == TK_LIVE(s) ||
			    k->cells[q] == TK_BORDER || seen[q])
				continue;
			seen[q] = 1;
			if (!tk_flood_pool(k, s, q, -1, *k->w.gen + 1, k->w.cl,
					   &pl) || pl.lb >= 0)
				continue;
			for (int b = 0; b < pl.n; b++)
				seen[k->w.cl[b]] = 1;
			if (!tk_shelter(k, s, pl.n, &pl, gnd, &o))
				continue;
			/* Drop the loose cells the area holds, j's included,
			 * and go over the rest again (seen spares the floods). */
			for (int b = nl - 1; b >= 0; b--)
				if (k->w.mark[loose[b]] == o.sa)
					loose[b] = loose[--nl];
			j = -1;
			break;
		}
	if (nl)
		k->h->witness[s] = loose[0];
	return nl == 0;
}

static bool tk_all_grounded(tk_ctx *k, int s)
{
	uint32_t sg;
	int cnt;

	if (tk_loose(k, s, k->h->last[s]) || tk_loose(k, s, k->h->witness[s]))
		return false;
	sg = tk_ground_flood(k, s, &cnt);
	if (cnt == k->h->owned[s])
		return true;
	return tk_sheltered(k, s, sg);
}

static bool tk_may_ground(tk_ctx *k)
{
	int s = k->h->turn;

	if (k->c->ground_any)
		return true;
	return k->h->score[s] > k->h->score[!s] && tk_all_grounded(k, s);
}

/* The zagram form (ground_any_time): s's ungrounded cells go to the
 * other side. */
static void tk_hand_over(tk_ctx *k, int s)
{
	const tk_cfg *c = k->c;
	int cnt, n = 0;
	uint32_t sg = tk_ground_flood(k, s, &cnt);

	for (int p = 0; p < c->n; p++) {
		int i = c->p2i[p];

		if (tk_owned_by(k->cells[i], s) && k->w.mark[i] != sg)
			k->w.area[n++] = (uint16_t)i;
	}
	tk_capture(k, !s, k->w.area, n);
}

/* ---- Configuration -------------------------------------------------------- */

static int tk_parse_size(const char *t, int *w, int *h)
{
	char *end;
	long a, b;

	/* Digits only, as the core reads numbers: strtol would take a
	 * blank or a '+' before them. */
	if (*t < '0' || *t > '9')
		return 0;
	a = strtol(t, &end, 10);
	if (a < 1 || a > TK_MAXW)
		return 0;
	if (*end == '\0') {
		*w = *h = (int)a;
		return 1;
	}
	if (*end != 'x' || end[1] < '0' || end[1] > '9')
		return 0;
	t = end + 1;
	b = strtol(t, &end, 10);
	if (*end || b < 1 || b > TK_MAXW)
		return 0;
	*w = (int)a;
	*h = (int)b;
	return 1;
}

/*
 * The journal's room. Along one line of play a cell changes when it is
 * placed on (once), and then only when a capture by the side that does not
 * own it takes it; such captures nest strictly (a re-capture: the later
 * area holds the earlier one and its ring), and a ring of L points holds at
 * most L^2 / (2 pi) cells (isoperimetry), so area a_{j+1} >= a_j +
 * sqrt(2 pi a_j). That bounds the changes per cell by the depth D of such
 * a chain within n cells; grounding hands cells over once more.
 */
static size_t tk_journal_cap(int n)
{
	long a = 1, ring = 0;
	size_t depth = 0;

	while (a <= n) {
		depth++;
		/* the smallest ring with ring^2 >= 2 pi a (pi < 3.1416) */
		while (ring * ring * 10000 < 62832 * a)
			ring++;
		a += ring;
	}
	return (size_t)n * (depth + 3) + 64;
}

static void tk_add_cross(tk_cfg *c, int x, int y)
{
	int i = (y + 1) * c->pw + x + 1;
	int cell[4] = { i, i + c->pw + 1, i + 1, i + c->pw };

	for (int a = 0; a < 4; a++) {
		c->start_pts[c->nstart][0] = (uint16_t)cell[a];
		c->start_pts[c->nstart][1] = (uint16_t)(a >= 2);
		c->nstart++;
	}
}

static int tk_start_points(tk_cfg *c)
{
	int w = c->w, h = c->h;

	c->nstart = 0;
	if (c->start == TK_START_CROSS) {
		if (w < 2 || h < 2)
			return bg_seterr(BG_EOPTION,
					 "start=cross needs a field of 2x2 or more");
		tk_add_cross(c, (w + 1) / 2 - 1, h / 2 - 1);
	} else if (c->start == TK_START_CROSS4) {
		int x1 = (w - 3) / 3, y1 = (h - 3) / 3;
		int x2 = w - 2 - x1, y2 = h - 2 - y1;

		if (w < 4 || h < 4)
			return bg_seterr(BG_EOPTION,
					 "start=cross4 needs a field of 4x4 or more");
		if (w == 39 && h == 32) {
			/* zagram's static 4X layout. */
			x1 = 11, y1 = 10, x2 = 26, y2 = 20;
		}
		tk_add_cross(c, x1, y1);
		tk_add_cross(c, x2, y1);
		tk_add_cross(c, x2, y2);
		tk_add_cross(c, x1, y2);
	}
	return BG_OK;
}

enum { TK_OPT_SIZE, TK_OPT_START, TK_OPT_GROUND_ANY, TK_OPT_MARGIN,
       TK_OPT_EXTRA, TK_OPT_TERRITORY, TK_OPT_FREE, TK_OPT_EMPTY_BASES,
       TK_OPT_PASS, TK_OPT_SHORTEST };

static void tk_geometry(tk_cfg *c)
{
	int pw = c->pw;
	int o8[8] = { -pw, -pw + 1, 1, pw + 1, pw, pw - 1, -1, -pw - 1 };

	bg_board_grid(&c->board, BG_BOARD_INTERSECTIONS, c->w, c->h);
	c->off4[TK_N] = -pw;
	c->off4[TK_E] = 1;
	c->off4[TK_S] = pw;
	c->off4[TK_W] = -1;
	memcpy(c->off8, o8, sizeof(o8));
	for (unsigned m = 0; m < 256; m++)
		c->arcs[m] = tk_count_arcs(m);
	for (int i = 0; i < c->npad; i++) {
		c->px[i] = (int8_t)(i % pw - 1);
		c->py[i] = (int8_t)(i / pw - 1);
		c->i2p[i] = -1;
	}
	for (int y = 0; y < c->h; y++)
		for (int x = 0; x < c->w; x++) {
			int i = (y + 1) * pw + x + 1, p = (c->h - 1 - y) * c->w + x;

			c->p2i[p] = (uint16_t)i;
			c->i2p[i] = (int16_t)p;
			c->edge[i] = x == 0 || y == 0 || x == c->w - 1 ||
				     y == c->h - 1;
		}
}

static size_t tk_align(size_t x)
{
	return (x + 7) & ~(size_t)7;
}

static int tk_configure(void *cfgp, const bg_optval *opts)
{
	tk_cfg *c = cfgp;
	int w, h;

	if (!tk_parse_size(opts[TK_OPT_SIZE].text, &w, &h))
		return bg_seterr(BG_EOPTION,
				 "option 'size': '%s' is not WxH or N with sides 1..52",
				 opts[TK_OPT_SIZE].text);
	c->w = w;
	c->h = h;
	c->pw = w + 2;
	c->npad = (w + 2) * (h + 2);
	c->n = w * h;
	tk_geometry(c);
	if (tk_start_points(c) != BG_OK)
		return BG_EOPTION;
	c->jcap = tk_journal_cap(c->n);
	/* Rings nest or lie side by side; each holds at most 2a + 2 points
	 * around an area of a cells, and the rings inside an area fill at
	 * most four times its cells (a point borders at most 4 areas). */
	c->rcap = (size_t)c->n * 10 + 64;
	c->o_cells = tk_align(sizeof(tk_head));
	c->o_journal = tk_align(c->o_cells + (size_t)c->npad);
	c->o_rings = tk_align(c->o_journal + c->jcap * 2);
	c->size = c->o_rings + c->rcap * 2;
	/* The work space: the stamp, the marks, 8 arrays of npad entries,
	 * then the ring: at most 2a + 2 points around an area of a cells. */
	c->ring_room = 2 * c->n + 4;
	c->o_mark = tk_align(sizeof(uint32_t));
	c->o_arrays = tk_align(c->o_mark + (size_t)c->npad * 4);
	c->work_size = c->o_arrays + (size_t)c->npad * 2 * 8 +
		       (size_t)c->ring_room * 2;
	/* shortest_chain: stamps, ways back and a queue for 2 npad nodes. */
	c->o_vis = tk_align(c->work_size);
	if (c->shortest)
		c->work_size = c->o_vis + (size_t)c->npad * 2 * (4 + 2 + 2);
	return BG_OK;
}

/* One spelling per field size in specs: "9" and "09x9" are "9x9". */
static void tk_canon_text(size_t k, const char *text, char *out, size_t cap)
{
	int w, h;

	if (k == TK_OPT_SIZE && tk_parse_size(text, &w, &h))
		snprintf(out, cap, "%dx%d", w, h);
	else
		snprintf(out, cap, "%s", text);
}

static size_t tk_state_size(const void *cfgp)
{
	return ((const tk_cfg *)cfgp)->size;
}

static size_t tk_work_size(const void *cfgp)
{
	return ((const tk_cfg *)cfgp)->work_size;
}

/* ---- Position ------------------------------------------------------------- */

/* Recompute every derived field from the cells. */
static void tk_refresh(tk_ctx *k)
{
	tk_head *h = k->h;

	memset(h->rows, 0, sizeof(h->rows));
	memset(h->cols, 0, sizeof(h->cols));
	memset(h->empty, 0, sizeof(h->empty));
	h->score[0] = h->score[1] = h->owned[0] = h->owned[1] = 0;
	h->nempty = 0;
	h->zcells = 0;
	for (int i = 0; i < k->c->npad; i++) {
		tk_account(k, i, k->cells[i], +1);
		h->zcells ^= tk_zcell(k->cells[i], i);
	}
	h->stale[0] = h->stale[1] = 0;
	h->stale[0] = tk_has_stale(k, 0);
	h->stale[1] = tk_has_stale(k, 1);
}

/* A state with an empty field, no rings and `turn` to move. */
static void tk_clear(const tk_cfg *c, void *st, tk_ctx *k)
{
	memset(st, 0, c->size);
	tk_open(c, st, k);
	for (int i = 0; i < c->npad; i++)
		k->cells[i] = c->i2p[i] < 0 ? TK_BORDER : TK_EMPTY;
	k->h->grounded = -1;
	k->h->last[0] = k->h->last[1] = -1;
	k->h->witness[0] = k->h->witness[1] = -1;
}

static void tk_init(const void *cfgp, void *st)
{
	const tk_cfg *c = cfgp;
	tk_ctx k;

	tk_clear(c, st, &k);
	for (int a = 0; a < c->nstart; a++)
		k.cells[c->start_pts[a][0]] = TK_LIVE(c->start_pts[a][1]);
	tk_refresh(&k);
}

static int tk_to_move(const void *cfgp, const void *st)
{
	(void)cfgp;
	return ((const tk_head *)st)->turn;
}

static uint64_t tk_hash(const void *cfgp, const void *st)
{
	const tk_head *h = st;
	uint64_t z = h->zcells;

	(void)cfgp;
	if (h->turn)
		z ^= bg_zobrist(200, 1);
	if (h->extra)
		z ^= bg_zobrist(201, (uint32_t)h->extra);
	if (h->passes)
		z ^= bg_zobrist(202, h->passes);
	if (h->grounded >= 0)
		z ^= bg_zobrist(203, (uint32_t)h->grounded);
	return z;
}

static void tk_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const tk_cfg *c = cfgp;
	uint8_t v = ((const uint8_t *)st + c->o_cells)[c->p2i[p]];

	*seat = -1;
	*kind = BG_PIECE_NONE;
	if (TK_TYPE(v) == TK_POINT && TK_COL(v) == TK_OWN(v)) {
		*seat = TK_COL(v);
		*kind = BG_PIECE_MAN;
	} else if (TK_TYPE(v) == TK_POINT || TK_TYPE(v) == TK_DEAD) {
		*seat = TK_OWN(v);
		*kind = BG_PIECE_DEAD;
	}
}

/* Empty cells inside houses of s: pools without a live enemy point. */
static int tk_house_cells(tk_ctx *k, int s)
{
	const tk_cfg *c = k->c;
	uint32_t base;
	int total = 0;

	tk_fresh_marks(k);
	base = *k->w.gen + 1;
	for (int p = 0; p < c->n; p++) {
		int i = c->p2i[p];
		tk_pool pl;

		if (k->cells[i] != TK_EMPTY || tk_seen(k, i, base) ||
		    tk_ray_open(k, s, i, -1))
			continue;
		if (!tk_flood_pool(k, s, i, -1, base, k->w.cl, &pl) ||
		    pl.lb >= 0)
			continue;
		for (int j = 0; j < pl.n; j++)
			total += k->cells[k->w.cl[j]] == TK_EMPTY;
	}
	return total;
}

static void tk_scores(const void *cfgp, const void *st, double out[2])
{
	tk_ctx k;

	tk_open(cfgp, st, &k);
	for (int s = 0; s < 2; s++) {
		out[s] = k.h->score[s];
		if (k.c->territory)
			out[s] += 0.5 * tk_house_cells(&k, s);
	}
}

/* The position text's letter of a cell. */
static char tk_cell_char(uint8_t v)
{
	switch (v) {
	case TK_EMPTY: return '.';
	case TK_MKDEAD(0): return '+';
	case TK_MKDEAD(1): return '-';
	case TK_LIVE(0): return 'x';
	case TK_LIVE(1): return 'o';
	case TK_MKPT(0, 1): return 'X';
	case TK_MKPT(1, 0): return 'O';
	default: return '?';
	}
}

static int tk_char_cell(char ch)
{
	switch (ch) {
	case '.': return TK_EMPTY;
	case '+': return TK_MKDEAD(0);
	case '-': return TK_MKDEAD(1);
	case 'x': return TK_LIVE(0);
	case 'o': return TK_LIVE(1);
	case 'X': return TK_MKPT(0, 1);
	case 'O': return TK_MKPT(1, 0);
	default: return -1;
	}
}

/* Numpad digits for the steps of a ring, y up as printed. */
static char tk_step_digit(const tk_cfg *c, int a, int b)
{
	static const char digit[3][3] = { { '7', '8', '9' },
					  { '4', '?', '6' },
					  { '1', '2', '3' } };
	int dx = c->px[b] - c->px[a], dy = c->py[b] - c->py[a];

	return digit[dy + 1][dx + 1];
}

static void tk_put_point(bg_strbuf *out, const tk_cfg *c, int i)
{
	int x = c->px[i];

	if (x >= 26)
		bg_sb_putc(out, (char)('a' + x / 26 - 1));
	bg_sb_putc(out, (char)('a' + x % 26));
	bg_sb_printf(out, "%d", c->h - c->py[i]);
}

static void tk_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const tk_cfg *c = cfgp;
	char cells[TK_MAXN];
	tk_ctx k;
	uint32_t r = 0;

	tk_open(c, st, &k);
	for (int p = 0; p < c->n; p++)
		cells[p] = tk_cell_char(k.cells[c->p2i[p]]);
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_printf(out, " %c %d %d %c", k.h->turn ? 'o' : 'x', (int)k.h->extra,
		     (int)k.h->passes,
		     k.h->grounded < 0 ? '-' : k.h->grounded ? 'o' : 'x');
	for (uint32_t a = 0; a < k.h->nrings; a++) {
		int len = k.rings[r] >> 1, owner = k.rings[r] & 1;
		const uint16_t *pts = k.rings + r + 1;

		bg_sb_printf(out, " %c", owner ? 'o' : 'x');
		tk_put_point(out, c, pts[0]);
		bg_sb_putc(out, ':');
		for (int j = 1; j < len; j++)
			bg_sb_putc(out, tk_step_digit(c, pts[j - 1], pts[j]));
		r += 1 + (uint32_t)len;
	}
}

/* A point name at *s; advances *s. Returns the padded index or -1. */
static int tk_read_point(const tk_cfg *c, const char **s)
{
	const char *t = *s;
	int x = 0, y = 0, nl = 0, nd = 0;

	for (; *t >= 'a' && *t <= 'z' && nl < 3; t++, nl++)
		x = x * 26 + (*t - 'a' + 1);
	for (; *t >= '0' && *t <= '9' && nd < 3; t++, nd++)
		y = y * 10 + (*t - '0');
	if (nl == 0 || nl > 2 || nd == 0 || x > c->w || y < 1 || y > c->h)
		return -1;
	*s = t;
	return (c->h - y + 1) * c->pw + x;
}

static int tk_read_ring(tk_ctx *k, const char *s, const char **end)
{
	const tk_cfg *c = k->c;
	uint16_t *pts = k->w.ring;
	int owner, n = 0, i;

	if (*s != 'x' && *s != 'o')
		return bg_seterr(BG_EFORMAT, "a ring starts with x or o");
	owner = *s++ == 'o';
	if ((i = tk_read_point(c, &s)) < 0 || *s++ != ':')
		return bg_seterr(BG_EFORMAT, "a ring is OWNER POINT ':' STEPS");
	pts[n++] = (uint16_t)i;
	for (; *s && *s != ' '; s++) {
		static const int8_t sx[10] = { 0, -1, 0, 1, -1, 0, 1, -1, 0, 1 };
		static const int8_t sy[10] = { 0, 1, 1, 1, 0, 0, 0, -1, -1, -1 };
		int d = *s - '0';

		if (d < 1 || d > 9 || d == 5 || n >= c->npad)
			return bg_seterr(BG_EFORMAT, "bad ring step '%c'", *s);
		i += sx[d] + sy[d] * c->pw;
		if (c->i2p[i] < 0)
			return bg_seterr(BG_EFORMAT, "a ring leaves the field");
		pts[n++] = (uint16_t)i;
	}
	if (n < 4 || abs(c->px[i] - c->px[pts[0]]) > 1 ||
	    abs(c->py[i] - c->py[pts[0]]) > 1)
		return bg_seterr(BG_EFORMAT, "a ring does not close");
	if (k->h->rtop + 1 + (size_t)n > c->rcap)
		return bg_seterr(BG_EFORMAT, "too many ring points");
	tk_log_ring(k, owner, pts, n);
	*end = s;
	return BG_OK;
}

/* " N" with N a decimal of at most 4 digits; advances *s. */
static bool tk_read_count(const char **s, int *v)
{
	const char *t = *s;
	int nd = 0;

	if (*t++ != ' ')
		return false;
	for (*v = 0; *t >= '0' && *t <= '9' && nd < 5; t++, nd++)
		*v = *v * 10 + (*t - '0');
	if (nd == 0 || nd > 4 || (nd > 1 && t[-nd] == '0'))
		return false;
	*s = t;
	return true;
}

static int tk_read_fields(tk_ctx *k, const char *s)
{
	const tk_cfg *c = k->c;
	char turn = s[0], gr;
	int extra, passes;

	s++;
	if ((turn != 'x' && turn != 'o') || !tk_read_count(&s, &extra) ||
	    !tk_read_count(&s, &passes) || s[0] != ' ' ||
	    ((gr = s[1]) != '-' && gr != 'x' && gr != 'o') ||
	    (s[2] != ' ' && s[2] != '\0'))
		return bg_seterr(BG_EFORMAT,
				 "expected 'TURN EXTRA PASSES GROUNDED' after the field, "
				 "e.g. 'x 0 0 -'");
	s += 2;
	if (extra < 0 || extra > c->n || (extra && !c->extra_move))
		return bg_seterr(BG_EFORMAT, "extra placements %d need extra_move",
				 extra);
	if (passes < 0 || passes > 2 || (passes && !c->allow_pass))
		return bg_seterr(BG_EFORMAT, "passes %d need allow_pass (0..2)",
				 passes);
	k->h->turn = turn == 'o';
	k->h->extra = extra;
	k->h->passes = (uint8_t)passes;
	k->h->grounded = (int8_t)(gr == '-' ? -1 : gr == 'o');
	while (*s == ' ') {
		int rc = tk_read_ring(k, s + 1, &s);

		if (rc)
			return rc;
	}
	if (*s)
		return bg_seterr(BG_EFORMAT, "unexpected '%s' at the end", s);
	return BG_OK;
}

static int tk_read_position(const void *cfgp, void *st, const char *text)
{
	const tk_cfg *c = cfgp;
	void *tmp = malloc(c->size);
	char cells[TK_MAXN];
	const char *s = text;
	tk_ctx k;
	int rc = BG_OK;

	if (!tmp)
		return bg_seterr(BG_ENOMEM, "position");
	tk_clear(c, tmp, &k);
	rc = bg_board_read_ranks(&c->board, &s, ".xoXO+-", cells);
	for (int p = 0; p < c->n && rc == BG_OK; p++)
		k.cells[c->p2i[p]] = (uint8_t)tk_char_cell(cells[p]);
	if (rc == BG_OK)
		rc = tk_read_fields(&k, s);
	if (rc == BG_OK) {
		tk_refresh(&k);
		memcpy(st, tmp, c->size);
	}
	free(tmp);
	return rc;
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t tk_max_moves(const void *cfgp)
{
	const tk_cfg *c = cfgp;

	return (size_t)c->n * (c->territory ? 2 : 1) + 2;
}

static size_t tk_legal(const void *cfgp, const void *st, bg_move *buf)
{
	const tk_cfg *c = cfgp;
	bg_move m;
	size_t n = 0;
	bool close_all = false;
	tk_ctx k;

	tk_open(c, st, &k);
	tk_fresh_marks(&k);
	if (c->territory)
		close_all = tk_has_stale(&k, k.h->turn);
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_PLACE;
	m.npath = 1;
	for (int p = 0; p < c->n; p++) {
		int i = c->p2i[p];

		if (k.cells[i] != TK_EMPTY)
			continue;
		buf[n] = m;
		buf[n++].pts[0] = (uint16_t)p;
		if (c->territory &&
		    (close_all || tk_close_captures_at(&k, k.h->turn, i))) {
			buf[n] = m;
			buf[n].pts[0] = (uint16_t)p;
			buf[n++].flags = BG_MOVE_FLAG_MARK;
		}
	}
	memset(&m, 0, sizeof(m));
	if (c->allow_pass)
		buf[n++] = m;
	if (tk_may_ground(&k)) {
		m.kind = BG_MOVE_GROUND;
		buf[n++] = m;
	}
	return n;
}

static bool tk_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const tk_cfg *c = cfgp;
	tk_ctx k;
	int i;

	/* A plain placement (the playouts' move): an empty point. */
	if (m->kind == BG_MOVE_PLACE && m->npath == 1 && !m->nremove &&
	    !m->flags)
		return m->pts[0] < c->n &&
		       ((const uint8_t *)st + c->o_cells)[c->p2i[m->pts[0]]] ==
		       TK_EMPTY;
	tk_open(c, st, &k);
	tk_fresh_marks(&k);
	if (m->kind == BG_MOVE_PASS || m->kind == BG_MOVE_GROUND) {
		if (m->npath || m->nremove || m->flags)
			return false;
		return m->kind == BG_MOVE_PASS ? c->allow_pass : tk_may_ground(&k);
	}
	if (m->kind != BG_MOVE_PLACE || m->nremove || m->npath < 1 ||
	    m->pts[0] >= c->n)
		return false;
	if (m->flags & ~BG_MOVE_FLAG_MARK)
		return false;
	if ((m->flags && !c->territory) || (m->npath > 1 && !c->free_encl))
		return false;
	i = c->p2i[m->pts[0]];
	if (k.cells[i] != TK_EMPTY)
		return false;
	if (m->npath > 1) {
		/* In the territory game a chain is drawn only when closing. */
		if (c->territory && !m->flags)
			return false;
		return tk_chain_ok(&k, k.h->turn, m);
	}
	if (m->flags)
		return tk_has_stale(&k, k.h->turn) ||
		       tk_close_captures_at(&k, k.h->turn, i);
	return true;
}

/* The empty cell of rank r (0 ..nempty-1) in the empty-row bitboards. */
static int tk_nth_empty(const tk_cfg *c, const tk_head *h, int r)
{
	int y = 0;
	uint64_t b;

	for (;; y++) {
		int cnt = bg_popcount64(h->empty[y]);

		if (r < cnt)
			break;
		r -= cnt;
	}
	for (b = h->empty[y]; r > 0; r--)
		b &= b - 1;
	return (y + 1) * c->pw + bg_ctz64(b) + 1;
}

static void tk_make_move(const tk_cfg *c, int kind, int i, bg_move *out)
{
	memset(out, 0, sizeof(*out));
	out->kind = (uint8_t)kind;
	if (kind == BG_MOVE_PLACE) {
		out->npath = 1;
		out->pts[0] = (uint16_t)c->i2p[i];
	}
}

/*
 * Playouts: a move drawn uniformly from the legal list without building it
 * (placements on the empty points, then pass and ground where legal).
 * Each draw picks one of the field's points or a slot for pass and one for
 * ground, and is kept when that move is legal: a placed point is thrown
 * away, and so is the ground slot when grounding is not allowed, so every
 * legal move has the same chance. Grounding, a flood, is thus checked
 * only when its slot is drawn, and its slot exists only for the leader
 * (or with ground_any_time). After a few misses on a crowded field the
 * draw goes by rank among the empty points instead (row bitboards).
 * Territory (close flags) uses the list.
 */
static bool tk_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const tk_cfg *c = cfgp;
	const tk_head *h = st;
	const uint8_t *cells = (const uint8_t *)st + c->o_cells;
	int s = h->turn, pass = c->allow_pass, ne = h->nempty;
	int gslot = c->ground_any || h->score[s] > h->score[!s];
	uint64_t slots = (uint64_t)(c->n + pass + gslot);
	tk_ctx k;

	if (c->territory)
		return false;
	for (int tries = 0; tries < 8; tries++) {
		int x = (int)bg_rand_below(rng, slots);

		if (x < c->n) {
			int i = c->p2i[x];

			if (cells[i] != TK_EMPTY)
				continue;
			tk_make_move(c, BG_MOVE_PLACE, i, out);
			return true;
		}
		if (x == c->n && pass) {
			tk_make_move(c, BG_MOVE_PASS, 0, out);
			return true;
		}
		tk_open(c, st, &k);
		tk_fresh_marks(&k);
		if (tk_may_ground(&k)) {
			tk_make_move(c, BG_MOVE_GROUND, 0, out);
			return true;
		}
		gslot = 0;
		slots--;
	}
	/* By rank: 0 .. ne-1 the empty points, then pass, then ground. */
	for (;;) {
		uint64_t all = (uint64_t)(ne + pass + gslot);
		int r;

		if (all == 0)
			return false;
		r = (int)bg_rand_below(rng, all);
		if (r < ne) {
			tk_make_move(c, BG_MOVE_PLACE, tk_nth_empty(c, h, r), out);
			return true;
		}
		if (r == ne && pass) {
			tk_make_move(c, BG_MOVE_PASS, 0, out);
			return true;
		}
		tk_open(c, st, &k);
		tk_fresh_marks(&k);
		if (tk_may_ground(&k)) {
			tk_make_move(c, BG_MOVE_GROUND, 0, out);
			return true;
		}
		gslot = 0;
	}
}

/* A placement of s at cell i (steps 1 to 4 of the rules). Returns the enclosures it made. */
static int tk_place(tk_ctx *k, int s, const bg_move *m)
{
	const tk_cfg *c = k->c;
	int i = c->p2i[m->pts[0]], made;
	tk_pool pl;

	tk_jset(k, i, TK_LIVE(s));
	k->h->last[s] = i;
	if (c->territory) {
		made = m->flags ? tk_close_all(k, s, false) : 0;
		if (m->npath > 1)
			made += tk_take_chain(k, s, m);
		return made;
	}
	made = tk_enclose(k, s, i);
	if (m->npath > 1)
		made += tk_take_chain(k, s, m);
	if (!tk_pool_at(k, !s, i, &pl))
		return made;
	if (made) {
		/* The exception of step 4 of the rules: the point survives inside the
		 * enemy's pool, which now holds a live enemy of its owner. */
		k->h->stale[!s] = 1;
		return made;
	}
	/* Step 3: the house's owner takes the intruder. */
	tk_take_pool(k, !s, k->w.cl, pl.n, &pl);
	return 0;
}

static int tk_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const tk_cfg *c = cfgp;
	tk_undo *u = undo;
	tk_ctx k;
	int s;

	tk_open(c, st, &k);
	tk_fresh_marks(&k);
	s = k.h->turn;
	u->jtop = k.h->jtop;
	u->rtop = k.h->rtop;
	u->nrings = k.h->nrings;
	u->extra = k.h->extra;
	u->last[0] = k.h->last[0];
	u->last[1] = k.h->last[1];
	u->turn = k.h->turn;
	u->passes = k.h->passes;
	u->stale[0] = k.h->stale[0];
	u->stale[1] = k.h->stale[1];
	u->grounded = k.h->grounded;
	if (m->kind == BG_MOVE_GROUND) {
		if (c->ground_any)
			tk_hand_over(&k, s);
		k.h->grounded = (int8_t)s;
		return BG_APPLY_IRREVERSIBLE;
	}
	if (m->kind == BG_MOVE_PASS) {
		k.h->passes++;
		k.h->extra = 0;
		k.h->turn = (uint8_t)!s;
		return BG_APPLY_IRREVERSIBLE;
	}
	k.h->passes = 0;
	int made = tk_place(&k, s, m);
	int left = c->extra_move ? k.h->extra + made : 0;

	if (left > 0) {
		k.h->extra = left - 1;
	} else {
		k.h->extra = 0;
		k.h->turn = (uint8_t)!s;
	}
	/* Points only accumulate: no position can come again. */
	return BG_APPLY_IRREVERSIBLE;
}

static void tk_unapply(const void *cfgp, void *st, const bg_move *m,
		       const void *undo)
{
	const tk_cfg *c = cfgp;
	const tk_undo *u = undo;
	tk_ctx k;

	(void)m;
	tk_open(c, st, &k);
	while (k.h->jtop > u->jtop) {
		uint16_t e = k.journal[--k.h->jtop];

		tk_set(&k, e >> 4, (uint8_t)(e & 15));
	}
	k.h->rtop = u->rtop;
	k.h->nrings = u->nrings;
	k.h->extra = u->extra;
	k.h->last[0] = u->last[0];
	k.h->last[1] = u->last[1];
	k.h->turn = u->turn;
	k.h->passes = u->passes;
	k.h->stale[0] = u->stale[0];
	k.h->stale[1] = u->stale[1];
	k.h->grounded = u->grounded;
}

/* ---- Outcome -------------------------------------------------------------- */

static void tk_by_score(const tk_cfg *c, const void *st, int reason,
			bg_result *out)
{
	double sc[2];

	tk_scores(c, st, sc);
	out->reason = reason;
	if (sc[0] == sc[1]) {
		out->status = BG_DRAW;
		out->winner = -1;
	} else {
		out->status = BG_WIN;
		out->winner = sc[1] > sc[0];
	}
}

static void tk_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const tk_cfg *c = cfgp;
	const tk_head *h = st;
	int diff = h->score[0] - h->score[1];

	(void)ctx;
	if (h->grounded >= 0) {
		if (c->ground_any) {
			tk_by_score(c, st, BG_REASON_GROUNDING, out);
		} else {
			out->status = BG_WIN;
			out->winner = h->grounded;
			out->reason = BG_REASON_GROUNDING;
		}
	} else if (c->win_margin > 0 && abs(diff) >= c->win_margin) {
		out->status = BG_WIN;
		out->winner = diff < 0;
		out->reason = BG_REASON_MARGIN;
	} else if (h->nempty == 0) {
		tk_by_score(c, st, BG_REASON_NO_POINTS, out);
	} else if (h->passes >= 2) {
		tk_by_score(c, st, BG_REASON_PASSES, out);
	}
}

/* ---- Tables --------------------------------------------------------------- */

static const char *const tk_aliases[] = { "dots", NULL };

static const bg_optdef tk_options[] = {
	{ "size", BG_OPT_TEXT, "39x32", "WxH or N, sides 1..52",
	  "field width x height in points (N for N x N)",
	  BG_OPT_DERIVED },
	{ "start", BG_OPT_ENUM, "cross", "cross|empty|cross4",
	  "start position: one cross of 2+2 points in the centre, an empty "
	  "field, or four crosses (zagram's 4X)",
	  BG_OPT_FIELD(tk_cfg, start) },
	{ "ground_any_time", BG_OPT_BOOL, "0", "0|1",
	  "grounding at any turn, handing ungrounded cells to the opponent "
	  "(zagram); default: only the leader with every cell grounded",
	  BG_OPT_FIELD(tk_cfg, ground_any) },
	{ "win_margin", BG_OPT_INT, "0", "0..10000",
	  "the game ends when one side leads by this many points; 0: never",
	  BG_OPT_FIELD(tk_cfg, win_margin) },
	{ "extra_move", BG_OPT_BOOL, "0", "0|1",
	  "one more placement for each enclosure made",
	  BG_OPT_FIELD(tk_cfg, extra_move) },
	{ "territory", BG_OPT_BOOL, "0", "0|1",
	  "Polish territory game: captures only with a closing move ('c3!'), "
	  "half a point per empty point in own houses at the end",
	  BG_OPT_FIELD(tk_cfg, territory) },
	{ "free_enclosure", BG_OPT_BOOL, "0", "0|1",
	  "a placement may carry a chain of up to 33 own points that encloses "
	  "a larger area than the shortest ring",
	  BG_OPT_FIELD(tk_cfg, free_encl) },
	{ "capture_empty_bases", BG_OPT_BOOL, "0", "0|1",
	  "closing a ring around no enemy point makes its area dead at once",
	  BG_OPT_FIELD(tk_cfg, empty_bases) },
	{ "allow_pass", BG_OPT_BOOL, "0", "0|1",
	  "a side may pass; two passes in a row end the game",
	  BG_OPT_FIELD(tk_cfg, allow_pass) },
	{ "shortest_chain", BG_OPT_BOOL, "0", "0|1",
	  "an enclosure is drawn along the shortest chain round it (zagram's "
	  "MinArea=0); default: the ring of the smallest area",
	  BG_OPT_FIELD(tk_cfg, shortest) },
};

/* Learning: placements only, and ground; under the territory rules a
 * placement with and without BG_MOVE_FLAG_MARK share a point. */
static void tk_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = {
		"own captured points", "opponent captured points", "own score",
		"opponent score", "placements left", "passes"
	};

	(void)cfgp;
	out->pairs = 0;
	out->ground = 1;
	out->ranks = 2;
	out->nplanes = 6;
	out->plane_names = names;
}

static void tk_observe(const void *cfgp, const void *st, int seat, float *out)
{
	const tk_cfg *c = cfgp;
	const tk_head *h = st;
	const uint8_t *cells = (const uint8_t *)st + c->o_cells;
	int n = c->n;

	for (int p = 0; p < n; p++) {
		uint8_t v = cells[c->p2i[p]];
		bool taken = TK_TYPE(v) == TK_POINT && TK_COL(v) != TK_OWN(v);

		out[p] = taken && TK_OWN(v) == seat;
		out[n + p] = taken && TK_OWN(v) != seat;
	}
	bg_plane_fill(out + 2 * n, n, (float)h->score[seat]);
	bg_plane_fill(out + 3 * n, n, (float)h->score[!seat]);
	bg_plane_fill(out + 4 * n, n, (float)h->extra);
	bg_plane_fill(out + 5 * n, n, h->passes);
}

const bg_rules bg_rules_tochki = {
	.name = "tochki",
	.aliases = tk_aliases,
	.title_en = "Dots",
	.title_ru = "Точки",
	.seat_names = { "Red", "Blue" },
	.move_flags = BG_MOVE_FLAG_MARK,
	.options = tk_options,
	.noptions = sizeof(tk_options) / sizeof(tk_options[0]),
	.canon_text = tk_canon_text,
	.config_size = sizeof(tk_cfg),
	.configure = tk_configure,
	.state_size = tk_state_size,
	.work_size = tk_work_size,
	.undo_size = sizeof(tk_undo),
	.init = tk_init,
	.max_moves = tk_max_moves,
	.legal = tk_legal,
	.is_legal = tk_is_legal,
	.random_move = tk_random_move,
	.apply = tk_apply,
	.unapply = tk_unapply,
	.to_move = tk_to_move,
	.outcome = tk_outcome,
	.hash = tk_hash,
	.scores = tk_scores,
	.piece = tk_piece,
	.write_position = tk_write_position,
	.read_position = tk_read_position,
	.learn = tk_learn,
	.observe = tk_observe,
};

/* ---- Queries of <boardgames/tochki.h> --------------------------------------- */

static int tk_parts(const bg_game *g, int p, const tk_cfg **c, tk_ctx *k)
{
	const void *cfg, *st;
	int rc = bg_game_parts(g, &bg_rules_tochki, &cfg, &st);

	if (rc)
		return rc;
	*c = cfg;
	if (p != -1 && (p < 0 || p >= (*c)->n))
		return bg_seterr(BG_EINVAL, "no point %d on this field", p);
	tk_open(*c, st, k);
	return BG_OK;
}

static int tk_point_query(const bg_game *g, int p, int *state, int *color,
			   int *owner)
{
	const tk_cfg *c = NULL; /* gcc -O3 cannot tell it is set when rc is 0 */
	tk_ctx k;
	int rc = p == -1 ? bg_seterr(BG_EINVAL, "no point -1") :
			   tk_parts(g, p, &c, &k);
	uint8_t v;

	if (rc)
		return rc;
	v = k.cells[c->p2i[p]];
	if (state)
		*state = TK_TYPE(v) == TK_EMPTY ? BG_TOCHKI_EMPTY :
			 TK_TYPE(v) == TK_DEAD ? BG_TOCHKI_DEAD : BG_TOCHKI_POINT;
	if (color)
		*color = TK_TYPE(v) == TK_POINT ? TK_COL(v) : -1;
	if (owner)
		*owner = TK_TYPE(v) == TK_EMPTY ? -1 : TK_OWN(v);
	bg_clearerr();
	return BG_OK;
}

BG_API int bg_tochki_point(const bg_game *g, int p, int *state, int *color,
			   int *owner)
{
	return bg_game_fail(g, tk_point_query(g, p, state, color, owner));
}

static int tk_grounded_query(const bg_game *g, int p)
{
	const tk_cfg *c = NULL; /* gcc -O3 cannot tell it is set when rc is 0 */
	tk_ctx k;
	int rc = p == -1 ? bg_seterr(BG_EINVAL, "no point -1") :
			   tk_parts(g, p, &c, &k);
	uint8_t v;
	int i;

	if (rc)
		return rc;
	i = c->p2i[p];
	v = k.cells[i];
	bg_clearerr();
	if (TK_TYPE(v) == TK_EMPTY)
		return 0;
	return tk_group_grounded(&k, TK_OWN(v), i);
}

BG_API int bg_tochki_grounded(const bg_game *g, int p)
{
	return bg_game_fail(g, tk_grounded_query(g, p));
}

static int tk_ring_count_query(const bg_game *g)
{
	const tk_cfg *c;
	tk_ctx k;
	int rc = tk_parts(g, -1, &c, &k);

	if (rc)
		return rc;
	bg_clearerr();
	return (int)k.h->nrings;
}

BG_API int bg_tochki_ring_count(const bg_game *g)
{
	return bg_game_fail(g, tk_ring_count_query(g));
}

static int tk_ring_query(const bg_game *g, int i, int *pts, size_t cap,
			  size_t *n, int *owner)
{
	const tk_cfg *c;
	tk_ctx k;
	int rc = tk_parts(g, -1, &c, &k);
	uint32_t r = 0;
	int len;

	if (rc)
		return rc;
	if (!n || (!pts && cap))
		return bg_seterr(BG_EINVAL, "NULL argument");
	if (i < 0 || (uint32_t)i >= k.h->nrings)
		return bg_seterr(BG_EINVAL, "no ring %d (there are %u)", i,
				 (unsigned)k.h->nrings);
	for (int a = 0; a < i; a++)
		r += 1 + (k.rings[r] >> 1);
	len = k.rings[r] >> 1;
	*n = (size_t)len;
	if (owner)
		*owner = k.rings[r] & 1;
	if (!pts) /* a size query */
		return BG_OK;
	if ((size_t)len > cap)
		return bg_seterr(BG_EBUFSIZE, "ring %d has %d points", i, len);
	for (int a = 0; a < len; a++)
		pts[a] = c->i2p[k.rings[r + 1 + a]];
	bg_clearerr();
	return BG_OK;
}

BG_API int bg_tochki_ring(const bg_game *g, int i, int *pts, size_t cap,
			  size_t *n, int *owner)
{
	return bg_game_fail(g, tk_ring_query(g, i, pts, cap, n, owner));
}
