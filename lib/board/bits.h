/*
 * Bit counts and scans on bitboards. Internal.
 *
 * The only place for compiler builtins: the scans use GCC's and Clang's
 * where they exist (BG_PORTABLE_BITS turns them off) and the same result in
 * plain C elsewhere. The count is always the plain arithmetic: on plain
 * x86-64 __builtin_popcount is a call into libgcc.
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

#if (defined(__GNUC__) || defined(__clang__)) && !defined(BG_PORTABLE_BITS)
#define BG_BITS_BUILTIN 1
#endif

/* Inlining where the compiler's choice is measurably worse: forced for
 * what runs at every move or node, refused for rare paths that would
 * otherwise weigh on a hot caller. */
#if defined(__GNUC__) || defined(__clang__)
#define BG_ALWAYS_INLINE static inline __attribute__((always_inline))
#define BG_NOINLINE __attribute__((noinline))
#else
#define BG_ALWAYS_INLINE static inline
#define BG_NOINLINE
#endif

/* The lowest set bit's index; x must not be 0. Without builtins: the bits
 * below the lowest one, counted. */
static inline int bg_ctz32(uint32_t x)
{
#ifdef BG_BITS_BUILTIN
	return __builtin_ctz(x);
#else
	return bg_popcount32((x & (0u - x)) - 1);
#endif
}

static inline int bg_ctz64(uint64_t x)
{
#ifdef BG_BITS_BUILTIN
	return __builtin_ctzll(x);
#else
	return bg_popcount64((x & (0ull - x)) - 1);
#endif
}

/* The highest set bit's index; x must not be 0. Without builtins: every
 * bit below the highest one set, then counted. */
static inline int bg_high32(uint32_t x)
{
#ifdef BG_BITS_BUILTIN
	return 31 - __builtin_clz(x);
#else
	x |= x >> 1;
	x |= x >> 2;
	x |= x >> 4;
	x |= x >> 8;
	x |= x >> 16;
	return bg_popcount32(x) - 1;
#endif
}

static inline int bg_high64(uint64_t x)
{
#ifdef BG_BITS_BUILTIN
	return 63 - __builtin_clzll(x);
#else
	x |= x >> 1;
	x |= x >> 2;
	x |= x >> 4;
	x |= x >> 8;
	x |= x >> 16;
	x |= x >> 32;
	return bg_popcount64(x) - 1;
#endif
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
