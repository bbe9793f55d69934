/*
 * Capture chains: a piece hops over an enemy to a landing point, and may
 * hop again from there. The walk is the same in every game that has them
 * and lives here: depth first over the hops in the game's order, the
 * pieces taken so far (a piece taken once is not jumped again), the path,
 * the moves written into the list with each result once (reached.h), and
 * the room of the list. The game gives only its rules, as two functions
 * the compiler inlines into its copy of the walk:
 *
 *   int hops(void *ctx, const bg_chain *w, int at, int tag, bg_hop *out)
 *	The hops from `at` (at most BG_CHAIN_MAX_HOPS) into out, in the
 *	game's order; w->taken holds the pieces taken so far, w->path the
 *	way here. `tag` is the game's note on the piece (0 at the start).
 *   bool result(void *ctx, const bg_chain *w, int at, int tag, int nhops,
 *		 bg_reached *key)
 *	Where a chain ending on `at` may end (nhops: the hops it could still
 *	make): false when it is no move; else the key of the position it
 *	reaches, which decides whether it is listed already.
 *
 * A chain is a move when it ends where no hop follows (or after max_hops
 * hops); with every_prefix, after each hop. Internal.
 */
#ifndef BG_BOARD_CHAIN_H
#define BG_BOARD_CHAIN_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "boardgames/boardgames.h"
#include "board/bits.h"
#include "board/reached.h"
#include "core/rules.h"

/* Forced inline (BG_ALWAYS_INLINE), for what runs at every node: the
 * game's hops and result functions (its copy of the walk has them
 * inlined) and the listing. */

/* The most hops from one point any game has (a flying king's 4 lines). */
#define BG_CHAIN_MAX_HOPS 32

typedef struct bg_hop {
	uint8_t over; /* the piece taken */
	uint8_t to;   /* where the piece lands */
	uint8_t tag;  /* the game's note on the piece there */
} bg_hop;

typedef struct bg_chain {
	/* Where the moves go: buf, with keys[i] the result of buf[i]; with
	 * buf NULL they are counted; with want, is it listed (found)? */
	bg_move *buf;
	bg_reached *keys;
	size_t n;      /* moves listed */
	size_t max;    /* room: a move past it sets overflow */
	const bg_move *want;
	bool found;
	/* The rules of the walk. */
	int max_hops;      /* a chain ends after this many hops */
	bool every_prefix; /* each hop ends a move, the chain may go on */
	bool prune;        /* a chain whose result is listed is not followed:
			      right when the key fixes where it ends and what
			      it took, so its continuations are listed too */
	bool most;         /* only the chains of the most hops are kept */
	int removal;       /* a point each move also removes, or -1 */
	/* Kept by the walk. */
	bool overflow;     /* a move found no room: the list is not whole;
			      the walk stops, but with `most` goes on, as
			      a longer chain drops the list */
	size_t scan;       /* results are compared from here on (the game
			      sets it: where the other pieces' moves end,
			      when the key names the piece's start) */
	size_t start;      /* with `most`: where the chains begin */
	int best;          /* with `most`: the hops of the chains kept */
	uint64_t taken;    /* the pieces taken on the way here */
	int npath;
	uint16_t path[BG_MOVE_MAX_POINTS]; /* zero past npath */
} bg_chain;

/* A walk that lists into buf (room max, n moves there already, keys
 * beside them): one hop a move, no removal. The game sets the rest. */
static inline void bg_chain_init(bg_chain *w, bg_move *buf, bg_reached *keys,
				 size_t n, size_t max)
{
	w->buf = buf;
	w->keys = keys;
	w->n = n;
	w->max = max;
	w->want = NULL;
	w->found = false;
	w->max_hops = 1;
	w->every_prefix = false;
	w->prune = false;
	w->most = false;
	w->removal = -1;
	w->overflow = false;
	w->scan = n;
	w->start = n;
	w->best = 0;
	/* The walk leaves them so. */
	w->taken = 0;
	w->npath = 1;
	memset(w->path, 0, sizeof(w->path));
}

/* The move of `kind` on the path, with the removal. */
static inline void bg_chain_write(const bg_chain *w, int kind, bg_move *m)
{
	m->kind = (uint8_t)kind;
	m->npath = (uint8_t)w->npath;
	m->nremove = 0;
	m->flags = 0;
	/* The whole array, zeros past the path included: a copy of fixed
	 * size is a few stores, not a call. */
	memcpy(m->pts, w->path, sizeof(m->pts));
	if (w->removal >= 0) {
		m->nremove = 1;
		m->pts[w->npath] = (uint16_t)w->removal;
	}
}

static inline bool bg_chain_wanted(const bg_chain *w, int kind)
{
	const bg_move *m = w->want;

	return m->kind == kind && m->npath == w->npath &&
	       m->nremove == (w->removal >= 0) &&
	       !memcmp(m->pts, w->path,
		       (size_t)w->npath * sizeof(w->path[0])) &&
	       (w->removal < 0 || m->pts[w->npath] == w->removal);
}

/* Whether a move with result key is listed now: 1, its place w->n is
 * free; 0, it is dropped but the walk goes on (no room, or shorter than
 * the chains kept with `most`); -1, it is listed already. */
BG_ALWAYS_INLINE int bg_chain_admit(bg_chain *w, bg_reached key)
{
	if (w->most) {
		if (w->npath - 1 < w->best)
			return 0;
		if (w->npath - 1 > w->best) {
			/* Longer than every chain kept: they go. */
			w->best = w->npath - 1;
			w->n = w->scan = w->start;
			w->overflow = false;
			w->found = false;
		}
	}
	if (bg_reached_listed(w->keys, w->scan, w->n, key.a, key.b))
		return -1;
	if (w->n >= w->max) {
		w->overflow = true;
		return 0;
	}
	return 1;
}

/* List the move of `kind` on the path with result key, unless it is
 * listed already or, with `most`, shorter than the chains kept. False
 * when it is listed already. */
BG_ALWAYS_INLINE bool bg_chain_emit(bg_chain *w, int kind, bg_reached key)
{
	int room = bg_chain_admit(w, key);

	if (room <= 0)
		return room == 0;
	if (w->want)
		w->found = w->found || bg_chain_wanted(w, kind);
	else if (w->buf)
		bg_chain_write(w, kind, &w->buf[w->n]);
	w->keys[w->n++] = key;
	return true;
}

/* The step from `from` to `to` with the removal, written from its points.
 * Written through w->path, the point just stored there would be read back
 * at once by the wider copy, which waits until the store reaches the
 * cache (alquerque's listing: 2 % faster without). */
static inline void bg_chain_write_step(const bg_chain *w, int from, int to,
				       bg_move *m)
{
	bg_move_pair(m, BG_MOVE_STEP, from, to);
	if (w->removal >= 0) {
		m->nremove = 1;
		m->pts[2] = (uint16_t)w->removal;
	}
}

/* List the step from `from` to `to` with result key as bg_chain_emit
 * lists a move, for a game whose steps can reach the positions of its
 * chains (the path is not used), without `most`. */
BG_ALWAYS_INLINE bool bg_chain_emit_step(bg_chain *w, int from, int to,
					 bg_reached key)
{
	int room;
	const bg_move *m = w->want;

	/* A step is no chain: `most` would weigh it by the path's hops. */
	assert(!w->most);
	room = bg_chain_admit(w, key);
	if (room <= 0)
		return room == 0;
	if (m)
		w->found = w->found ||
			   (m->kind == BG_MOVE_STEP && m->npath == 2 &&
			    m->pts[0] == from && m->pts[1] == to &&
			    m->nremove == (w->removal >= 0) &&
			    (w->removal < 0 || m->pts[2] == w->removal));
	else if (w->buf)
		bg_chain_write_step(w, from, to, &w->buf[w->n]);
	w->keys[w->n++] = key;
	return true;
}

/* The walk on from the chain's end, whose hops are h[0 .. nh-1]: each hop
 * in turn, the chain it makes listed when it is a move, then followed.
 * (The hops of a point are found before the call: a chain that ends
 * there costs no call.) */
static inline void bg_chain_from(bg_chain *w, void *ctx, const bg_hop *h,
	int nh, int (*hops)(void *, const bg_chain *, int, int, bg_hop *),
	bool (*result)(void *, const bg_chain *, int, int, int, bg_reached *))
{
	bg_hop next[BG_CHAIN_MAX_HOPS];

	for (int i = 0; i < nh && !(w->overflow && !w->most); i++) {
		uint64_t over = (uint64_t)1 << h[i].over;
		int at = h[i].to, tag = h[i].tag, nn;
		bg_reached key;

		w->path[w->npath++] = (uint16_t)at;
		w->taken |= over;
		nn = w->npath - 1 < w->max_hops ?
		     hops(ctx, w, at, tag, next) : 0;
		if ((nn == 0 || w->every_prefix) &&
		    result(ctx, w, at, tag, nn, &key) &&
		    !bg_chain_emit(w, BG_MOVE_CAPTURE, key) && w->prune)
			nn = 0;
		if (nn)
			bg_chain_from(w, ctx, next, nn, hops, result);
		w->taken &= ~over;
		w->path[--w->npath] = 0;
	}
}

/* Walk the chains of the piece on `from`, noted `tag`. */
static inline void bg_chain_walk(bg_chain *w, void *ctx, int from, int tag,
	int (*hops)(void *, const bg_chain *, int, int, bg_hop *),
	bool (*result)(void *, const bg_chain *, int, int, int, bg_reached *))
{
	bg_hop h[BG_CHAIN_MAX_HOPS];

	/* Each hop takes a piece; the path holds the longest chain. */
	assert(w->max_hops < BG_MOVE_MAX_POINTS);
	w->path[0] = (uint16_t)from;
	bg_chain_from(w, ctx, h, hops(ctx, w, from, tag, h), hops, result);
}

#endif
