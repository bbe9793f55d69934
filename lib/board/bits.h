/*
 * Bit counts and scans on bitboards. Internal.
 *
 * The library is built for plain x86-64, where __builtin_popcount is a call
 * into libgcc; the count here is the same arithmetic, inline.
 */
#ifndef BG_BOARD_BITS_H
#define BG_BOARD_BITS_H

#include <stdint.h>

static inline int bg_popcount64(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ull;
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
	return (int)((x * 0x0101010101010101ull) >> 56);
}

static inline int bg_popcount32(uint32_t x)
{
	x -= (x >> 1) & 0x55555555u;
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	x = (x + (x >> 4)) & 0x0f0f0f0fu;
	return (int)((x * 0x01010101u) >> 24);
}

/* The lowest set bit's index; x must not be 0. */
static inline int bg_ctz32(uint32_t x)
{
	return __builtin_ctz(x);
}

static inline int bg_ctz64(uint64_t x)
{
	return __builtin_ctzll(x);
}

/* The points one step from a point of `set` (step[p]: the neighbours of p
 * as a set). */
static inline uint64_t bg_neighbours64(const uint64_t *step, uint64_t set)
{
	uint64_t next = 0;

	for (uint64_t t = set; t; t &= t - 1)
		next |= step[bg_ctz64(t)];
	return next;
}

/* The points reachable from `from` by steps through the points of `open`,
 * `from` included. */
static inline uint64_t bg_flood64(const uint64_t *step, uint64_t from,
				  uint64_t open)
{
	uint64_t seen = from, edge = from;

	while (edge) {
		edge = bg_neighbours64(step, edge) & open & ~seen;
		seen |= edge;
	}
	return seen;
}

#endif
