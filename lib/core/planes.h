/*
 * Where a board's points lie on the observation's squares, and the
 * observation's planes written sixteen squares a store with AVX-512 on the
 * x86-64 CPUs that have it (planes_avx512.c, wide.h). Internal.
 *
 * A step of a batch writes an observation of hundreds of floats, and on
 * these machines the stores were most of what an observation costs: the
 * portable writer (learn.c) clears the piece planes and sets their
 * squares one by one, and fills the other planes four floats a store. The
 * wide writer makes each plane of 64 squares in four stores, straight
 * from the sets of points. Its bytes are the portable writer's, float for
 * float; the golden and learn suites run both ways (BG_NO_AVX512).
 */
#ifndef BG_CORE_PLANES_H
#define BG_CORE_PLANES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/wide.h"

/* The most squares of a plane the wide writer takes (Dots' default field
 * has 1248). */
#define BG_PLANES_MAX_SQUARES 2048

/* A board's points on the squares of its width * height planes. */
typedef struct bg_cells {
	size_t area;       /* squares of a plane */
	size_t npoints;
	int *cell;         /* point p is square cell[p] */
	float *board;      /* the board plane: 1 on the points, 0 elsewhere */
	uint64_t *squares; /* the same as a set: bit s for square s */
	bool direct;       /* cell[p] is p, and every square is a point */
	/* The planes are written by bg_planes_avx512: the CPU has it, and
	 * the cells ascend with the points (as every board numbers them,
	 * row by row), so that the points of a set, in order, fall on the
	 * point squares in order. */
	bool wide;
} bg_cells;

/* The words of bg_cells.squares for a board of `area` squares. */
static inline size_t bg_cells_words(size_t area)
{
	return (area + 63) / 64;
}

/* What the wide writer writes from, besides the cells: per seat (the
 * observer's first), three sets of `words` words of points (men, kings,
 * others); the counters (to move, ply, repetitions, reversible plies, the
 * game's), ncounters of them; the number of the game's own planes after
 * them, nown, and their values, npoints floats a plane by point, or NULL
 * where the caller writes them in place after this. */
typedef struct bg_planes_in {
	const uint64_t *sets[2];
	size_t words;
	const float *counters;
	size_t ncounters;
	const float *own;
	size_t nown;
} bg_planes_in;

/* Planes 0 to 10 + ncounters of the observation into buf, and the game's
 * own planes after them where in->own is given: what bg_observe_into's
 * portable writer writes. The last store may write up to 15 floats past
 * the counters where own planes follow: the caller writes them after.
 * Only where bg_avx512_ok() (wide.h). */
void bg_planes_avx512(float *buf, const bg_cells *c, const bg_planes_in *in);

#endif
