#ifndef BG_CORE_ZOBRIST_H
#define BG_CORE_ZOBRIST_H

#include <stdint.h>

/*
 * The Zobrist key of the pair (a, b), e.g. (seat, point). Computed from a
 * fixed mixing function rather than a random table, so the keys are the
 * same on every platform and need no global state.
 */
static inline uint64_t bg_zobrist(uint32_t a, uint32_t b)
{
	uint64_t z = ((uint64_t)a << 32 | b) * 0x9E3779B97F4A7C15ull
		     + 0x6A09E667F3BCC909ull;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

#endif
