/*
 * A small seeded random generator for the example players: splitmix64 to
 * spread the seed, xorshift64* to draw. Deterministic on every platform.
 */
#ifndef BG_EXAMPLES_RNG_H
#define BG_EXAMPLES_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct rng {
	uint64_t s;
} rng;

static inline void rng_seed(rng *r, uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	r->s = z ? z : 1;
}

static inline uint64_t rng_next(rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dULL;
}

/* A number in 0 .. n-1 (n > 0). */
static inline size_t rng_below(rng *r, size_t n)
{
	return (size_t)((rng_next(r) >> 11) % n);
}

#endif
