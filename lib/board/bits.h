/*
 * Bit counts and scans on bitboards. Internal.
 *
 * The only place for compiler builtins: the scans use GCC's and Clang's
 * where they exist (BG_PORTABLE_BITS turns them off) and the same result in
 * plain C elsewhere. The count is always the plain arithmetic: on plain
 * x86-64 __builtin_popcount is a call into libgcc. The vector types of the
 * sets of 128 members (bg_bits128) are kept here too.
 */
#ifndef BG_BOARD_BITS_H
#define BG_BOARD_BITS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

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

/* A point's neighbours (the set `step`) as a row of `width` points in
 * point order, padded with `none`, a point never in the sets the row is
 * read against: its steps are then written a row at a time
 * (bg_row_actions), with no loop whose end the processor must guess from
 * the point. False where the point has more than `width`. */
static inline bool bg_row_of(uint64_t step, uint8_t none, uint8_t *row,
			     int width)
{
	int k = 0;

	if (bg_popcount64(step) > width)
		return false;
	for (; step; step &= step - 1)
		row[k++] = (uint8_t)bg_ctz64(step);
	while (k < width)
		row[k++] = none;
	return true;
}

/* The actions act[k] of the points row[k] of a row (bg_row_of) that are
 * in `open`, in the row's order, into acts; returns their number. Each is
 * written and kept when its point is open, so acts needs room for one
 * more than the number returned. The game fills act once, a load where
 * an action made from its point took a multiply and an add. `width` is
 * the row's, a constant where this is inlined (up to 8). */
BG_ALWAYS_INLINE size_t bg_row_actions(uint32_t *acts, const uint32_t *act,
				       const uint8_t *row, int width,
				       uint64_t open)
{
	size_t n = 0;

#pragma GCC unroll 8
	for (int k = 0; k < width; k++) {
		acts[n] = act[k];
		n += open >> row[k] & 1;
	}
	return n;
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

/* A set of up to 128 members in two words: member k in bit k % 64 of
 * w[k / 64]. */
typedef struct bg_bits128 {
	uint64_t w[2];
} bg_bits128;

/* Both words in one step, in one 128-bit register, where the compiler has
 * vector types and the target has registers for them (32-bit x86 without
 * SSE2 would pass them differently: gcc warns of the ABI change there);
 * word by word elsewhere. */
#if defined(BG_BITS_BUILTIN) && (defined(__SSE2__) || defined(__aarch64__))
#define BG_BITS128_VECTOR 1
typedef uint64_t bg_vec128 __attribute__((vector_size(sizeof(bg_bits128))));

static inline bg_vec128 bg_vec128_in(const bg_bits128 *s)
{
	bg_vec128 v;

	memcpy(&v, s, sizeof(v));
	return v;
}

static inline bg_bits128 bg_vec128_out(bg_vec128 v)
{
	bg_bits128 s;

	memcpy(&s, &v, sizeof(s));
	return s;
}
#endif

static inline bg_bits128 bg_bits128_or(const bg_bits128 *a,
				       const bg_bits128 *b)
{
#ifdef BG_BITS128_VECTOR
	return bg_vec128_out(bg_vec128_in(a) | bg_vec128_in(b));
#else
	return (bg_bits128){ { a->w[0] | b->w[0], a->w[1] | b->w[1] } };
#endif
}

static inline bg_bits128 bg_bits128_and(const bg_bits128 *a,
					const bg_bits128 *b)
{
#ifdef BG_BITS128_VECTOR
	return bg_vec128_out(bg_vec128_in(a) & bg_vec128_in(b));
#else
	return (bg_bits128){ { a->w[0] & b->w[0], a->w[1] & b->w[1] } };
#endif
}

/* The union and the intersection of four sets. */
static inline bg_bits128 bg_bits128_or4(const bg_bits128 *const r[4])
{
#ifdef BG_BITS128_VECTOR
	return bg_vec128_out(bg_vec128_in(r[0]) | bg_vec128_in(r[1]) |
			     bg_vec128_in(r[2]) | bg_vec128_in(r[3]));
#else
	return (bg_bits128){ { r[0]->w[0] | r[1]->w[0] | r[2]->w[0] |
				       r[3]->w[0],
			       r[0]->w[1] | r[1]->w[1] | r[2]->w[1] |
				       r[3]->w[1] } };
#endif
}

static inline bg_bits128 bg_bits128_and4(const bg_bits128 *const r[4])
{
#ifdef BG_BITS128_VECTOR
	return bg_vec128_out(bg_vec128_in(r[0]) & bg_vec128_in(r[1]) &
			     bg_vec128_in(r[2]) & bg_vec128_in(r[3]));
#else
	return (bg_bits128){ { r[0]->w[0] & r[1]->w[0] & r[2]->w[0] &
				       r[3]->w[0],
			       r[0]->w[1] & r[1]->w[1] & r[2]->w[1] &
				       r[3]->w[1] } };
#endif
}

/* The members in each byte of a word, counted into that byte. */
static inline uint64_t bg_byte_pops64(uint64_t x)
{
	x -= (x >> 1) & 0x5555555555555555ull;
	x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
	return (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
}

/* The same for both words of s. */
static inline bg_bits128 bg_bits128_byte_pops(const bg_bits128 *s)
{
#ifdef BG_BITS128_VECTOR
	const bg_vec128 m1 = { 0x5555555555555555ull, 0x5555555555555555ull };
	const bg_vec128 m2 = { 0x3333333333333333ull, 0x3333333333333333ull };
	const bg_vec128 m4 = { 0x0f0f0f0f0f0f0f0full, 0x0f0f0f0f0f0f0f0full };
	bg_vec128 x = bg_vec128_in(s);

	x -= (x >> 1) & m1;
	x = (x & m2) + ((x >> 2) & m2);
	return bg_vec128_out((x + (x >> 4)) & m4);
#else
	return (bg_bits128){ { bg_byte_pops64(s->w[0]),
			       bg_byte_pops64(s->w[1]) } };
#endif
}

#endif
