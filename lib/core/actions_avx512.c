/*
 * An action's place among the legal ones, sixteen compares at a time
 * (wide.h). Built with -mavx512f -mbmi2 -mpopcnt (lib/meson.build) and
 * called only where bg_avx512_ok().
 */
#include <immintrin.h>

#include "core/wide.h"

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
