/*
 * Line boards: points joined by straight lines (solid or dashed). From the
 * one list of lines come the steps (consecutive points of a line), the jumps
 * (three consecutive points) and the alignments (the lines themselves), so
 * each board is described once. Internal.
 */
#ifndef BG_BOARD_LINES_H
#define BG_BOARD_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "boardgames/boardgames.h"
#include "board/board.h"
#include "board/chain.h"
#include "core/strbuf.h"

#define BG_LB_MAX_POINTS 64
#define BG_LB_MAX_LINKS 8
#define BG_LB_NONE 0xff

/* A step p -> to, or a jump p -> over -> to, along one line. */
typedef struct bg_link {
	uint8_t to;
	uint8_t over;  /* BG_LB_NONE for a step */
	uint8_t style; /* BG_LINE_* of the line */
	int8_t dx, dy; /* direction: signs of the coordinate change */
} bg_link;

typedef struct bg_lineboard {
	int npoints;
	uint8_t nstep[BG_LB_MAX_POINTS];
	uint8_t njump[BG_LB_MAX_POINTS];
	bg_link step[BG_LB_MAX_POINTS][BG_LB_MAX_LINKS];
	bg_link jump[BG_LB_MAX_POINTS][BG_LB_MAX_LINKS];
} bg_lineboard;

/* Describe a line board: npoints points at xy (static), the lines (static),
 * on a width x height drawing frame. Marks start empty. */
void bg_board_lines(bg_board *b, int width, int height, int npoints,
		    const int8_t (*xy)[2], const bg_line *lines, size_t nlines);

/* The steps and jumps of a line board described by bg_board_lines(). */
void bg_lineboard_build(bg_lineboard *lb, const bg_board *b);

/*
 * Jump captures on a line board (a piece hops over an enemy on the next
 * point of a line to the empty point beyond), with bitboards over the point
 * numbers. The jumps of each point are listed by landing point; over[p][q]
 * is the point a jump p -> q passes, or BG_LB_NONE.
 */
typedef struct bg_jump {
	uint8_t over, to;
} bg_jump;

typedef struct bg_jumps {
	uint8_t njump[BG_LB_MAX_POINTS];
	bg_jump jump[BG_LB_MAX_POINTS][BG_LB_MAX_LINKS];
	uint8_t over[BG_LB_MAX_POINTS][BG_LB_MAX_POINTS];
} bg_jumps;

/* The jumps of lb along solid lines, and along dashed ones when `dashed`. */
void bg_jumps_build(bg_jumps *jt, const bg_lineboard *lb, bool dashed);

/* Can a piece on `at` jump: an enemy (in prey) to jump, and the landing
 * point not in occ? */
static inline bool bg_jumps_any(const bg_jumps *jt, int at, uint64_t prey,
				uint64_t occ)
{
	for (int i = 0; i < jt->njump[at]; i++)
		if (((prey >> jt->jump[at][i].over) & 1) &&
		    !((occ >> jt->jump[at][i].to) & 1))
			return true;
	return false;
}

/* The points a capture chain path[0] -> ... passes over; or 0 when it is
 * no chain from the position: each hop a jump of the table (landing below
 * npoints) over a piece of prey still standing, to a point neither in prey
 * nor in block. */
uint64_t bg_jumps_path_takes(const bg_jumps *jt, int npoints, uint64_t prey,
			     uint64_t block, const uint16_t *path,
			     size_t npath);

/* The points a legal chain passes over (apply: no checks). */
static inline uint64_t bg_jumps_taken(const bg_jumps *jt,
				      const uint16_t *path, size_t npath)
{
	uint64_t taken = 0;

	for (size_t i = 1; i < npath; i++)
		taken |= (uint64_t)1 << jt->over[path[i - 1]][path[i]];
	return taken;
}

/*
 * Capture chains of one piece, walked by chain.h, each hop in the table's
 * order: every chain is a move of its own (BG_MOVE_CAPTURE, the path from
 * the piece's point); with `forced`, only the chains that cannot go on.
 * A chain whose landing point and pieces taken are those of a chain
 * listed already is neither listed nor followed. Without `multi` a chain
 * is one jump. The list is list.buf (list.n moves, room list.max); a
 * chain that finds it full sets list.overflow and ends the listing: the
 * caller reports it rather than give part of the list.
 */
typedef struct bg_chains {
	bg_chain list;
	const bg_jumps *jt;
	uint64_t block;  /* points a chain may not land on: the own others */
	uint64_t prey;   /* set by bg_chains_list: prey before the chain */
} bg_chains;

/* Start a list in buf with n moves already there, keys (room for max)
 * beside it for the results of the chains. */
static inline void bg_chains_init(bg_chains *g, const bg_jumps *jt,
				  bg_move *buf, bg_reached *keys, size_t n,
				  size_t max, bool multi, bool forced)
{
	bg_chain_init(&g->list, buf, keys, n, max);
	g->list.max_hops = multi ? BG_MOVE_MAX_POINTS - 1 : 1;
	g->list.every_prefix = !forced;
	/* The key is the landing point and the pieces taken. */
	g->list.prune = true;
	g->jt = jt;
	g->block = 0;
}

/* List the chains of the piece on `from` over the pieces in prey. */
void bg_chains_list(bg_chains *g, int from, uint64_t prey);

#endif
