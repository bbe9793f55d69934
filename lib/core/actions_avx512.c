/*
 * The actions of a set of points sixteen a store (wide.h): each sixteen
 * bits of the set pick their actions out of sixteen consecutive ones
 * (a compress, in a register), stored with a mask of their count. Built
 * with -mavx512f -mbmi2 -mpopcnt (lib/meson.build) and called only where
 * bg_avx512_ok().
 */
#include <immintrin.h>

#include "core/wide.h"

uint32_t *bg_bits_actions_avx512(uint32_t *a, uint32_t base, uint64_t bits)
{
	const __m512i sixteen = _mm512_set1_epi32(16);
	__m512i acts = _mm512_add_epi32(
		_mm512_set1_epi32((int)base),
		_mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3,
				 2, 1, 0));

	/* Four quarters whatever the bits: a branch on them would be
	 * guessed as wrong as the loop a bit it replaces. The compress
	 * goes to a register: to memory it is many times slower on some
	 * CPUs (AMD's Zen 4). */
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

size_t bg_action_index_avx512(const uint32_t *acts, size_t n, uint32_t a)
{
	const __m512i want = _mm512_set1_epi32((int)a);

	for (size_t j = 0; j < n; j += 16) {
		size_t left = n - j;
		__mmask16 in = left >= 16 ? (__mmask16)0xffff :
					    (__mmask16)((1u << left) - 1);
		__mmask16 eq = _mm512_mask_cmpeq_epi32_mask(
			in, _mm512_maskz_loadu_epi32(in, acts + j), want);

		if (eq)
			return j + (size_t)__builtin_ctz(eq);
	}
	return n;
}
