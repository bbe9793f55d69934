/*
 * Work done sixteen values at a time with AVX-512, on the x86-64 CPUs
 * that have it: the observation's planes (planes.h), the actions of a set
 * of points, and the check of a batch's actions. The code is built for
 * x86-64 where the compiler takes -mavx512f -mbmi2 -mpopcnt (BG_AVX512,
 * lib/meson.build) and chosen at run time, so the library still runs on
 * any x86-64; BG_NO_AVX512=1 in the environment keeps to the portable
 * code. Both give the same bytes:
 * the golden suite runs both ways. Internal.
 */
#ifndef BG_CORE_WIDE_H
#define BG_CORE_WIDE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "board/bits.h"

/* Whether the CPU has AVX-512F, BMI2 and POPCNT, and the environment does
 * not set BG_NO_AVX512 to a value other than empty or "0". Found once;
 * always false where the library is built without the wide code. */
bool bg_avx512_ok(void);

/* bg_bits_actions sixteen bits a store. Only where bg_avx512_ok(). */
uint32_t *bg_bits_actions_avx512(uint32_t *a, uint32_t base, uint64_t bits);

/* bg_action_index sixteen actions a compare. Only where bg_avx512_ok(). */
size_t bg_action_index_avx512(const uint32_t *acts, size_t n, uint32_t a);

/* The place of action a among acts[0 .. n-1] (the first), or n where it
 * is not there. A batch checks each game's action so: the loop an action
 * ends where the action is, which the processor guesses wrong; compares
 * of sixteen made batch steps 4 % (Corners) to 16 % (wolf and sheep)
 * faster. */
static inline size_t bg_action_index(const uint32_t *acts, size_t n,
				     uint32_t a, bool wide)
{
	size_t k = 0;

#ifdef BG_AVX512
	if (wide)
		return bg_action_index_avx512(acts, n, a);
#else
	(void)wide;
#endif
	while (k < n && acts[k] != a)
		k++;
	return k;
}

/*
 * The actions base + k of the bits k of `bits`, ascending, written from a;
 * returns the place after them. `wide` is bg_avx512_ok(), asked once by
 * the caller. A loop a bit ends where the bits end, which the processor
 * guesses wrong often; the wide code has no branch on the bits: in
 * Corners, whose pieces that can jump reach a set of squares, a batch
 * step was 2 % faster, 9-12 % with the diagonal moves. (Placements in
 * leopards and cows and seega's pairs gained nothing: they keep their
 * loops.)
 */
static inline uint32_t *bg_bits_actions(uint32_t *a, uint32_t base,
					uint64_t bits, bool wide)
{
#ifdef BG_AVX512
	if (wide)
		return bg_bits_actions_avx512(a, base, bits);
#else
	(void)wide;
#endif
	for (; bits; bits &= bits - 1)
		*a++ = base + (uint32_t)bg_ctz64(bits);
	return a;
}

#ifdef BG_AVX512
#include <immintrin.h>

/* What a game's own copy of a function written for AVX-512 is built
 * with: called only where bg_avx512_ok(). */
#define BG_WIDE_TARGET __attribute__((target("avx512f,bmi2,popcnt")))

/* bg_row_actions for a game's copy built BG_WIDE_TARGET, where it is
 * inlined (scale and width constants there): the row's points (width
 * of them, 4 or 8) kept
 * where `open` has them, found by pext of open by the row's set `step`
 * (whose points the row lists in order), picked out of the row's actions
 * by one compress. No loop: a row costs the same whatever it keeps. */
static inline BG_WIDE_TARGET size_t
bg_row_actions_wide(uint32_t *acts, uint32_t base, uint32_t scale,
		    const uint8_t *row, int width, uint64_t step,
		    uint64_t open)
{
	__mmask16 keep = (__mmask16)_pext_u64(open, step);
	uint64_t points = 0;
	__m512i to;
	unsigned n = (unsigned)_mm_popcnt_u32(keep);

	memcpy(&points, row, (size_t)width);
	to = _mm512_cvtepu8_epi32(_mm_cvtsi64_si128((long long)points));
	if (scale != 1)
		to = _mm512_mullo_epi32(to, _mm512_set1_epi32((int)scale));
	_mm512_mask_storeu_epi32(
		acts, (__mmask16)((1u << n) - 1),
		_mm512_maskz_compress_epi32(
			keep, _mm512_add_epi32(to, _mm512_set1_epi32((int)base))));
	return n;
}

/* bg_bits_actions_avx512 for a game's copy built BG_WIDE_TARGET, where
 * it is inlined: no call a set. */
static inline BG_WIDE_TARGET uint32_t *
bg_bits_actions_wide(uint32_t *a, uint32_t base, uint64_t bits)
{
	const __m512i sixteen = _mm512_set1_epi32(16);
	__m512i acts = _mm512_add_epi32(
		_mm512_set1_epi32((int)base),
		_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
				 2, 1, 0));

	for (int j = 0; j < 4; j++) {
		__mmask16 m = (__mmask16)(bits >> 16 * j);
		unsigned n = (unsigned)_mm_popcnt_u32(m);

		_mm512_mask_storeu_epi32(a, (__mmask16)((1u << n) - 1),
					 _mm512_maskz_compress_epi32(m, acts));
		a += n;
		acts = _mm512_add_epi32(acts, sixteen);
	}
	return a;
}
#endif

#endif
