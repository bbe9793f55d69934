/*
 * Work done sixteen values at a time with AVX-512, on the x86-64 CPUs
 * that have it: the observation's planes (planes.h), the check of an
 * action among the legal ones, and a game's actions. The code is built
 * for x86-64 where the compiler takes -mavx512f -mbmi2 -mpopcnt
 * (BG_AVX512, lib/meson.build) and chosen at run time, so the library
 * still runs on any x86-64; BG_NO_AVX512=1 in the environment keeps to
 * the portable code. Both give the same bytes: the golden suite runs both
 * ways. Internal.
 *
 * Most of what these replace are loops whose end depends on the
 * position (a set's last bit, where an action stands in a list): the
 * processor guesses those ends wrong, and a step of a batch paid more for
 * that than for its instructions.
 */
#ifndef BG_CORE_WIDE_H
#define BG_CORE_WIDE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "board/bits.h"
#include "core/rules.h"

/* The wide code the CPU takes: BG_WIDE_NONE, BG_WIDE_AVX512 (AVX-512F,
 * BMI2 and POPCNT) or BG_WIDE_VBMI2 (also AVX512BW and AVX512_VBMI2,
 * whose compress takes 64 bytes: Ice Lake, AMD Zen 4 and later, not
 * Skylake-X). BG_NO_AVX512 set to a value other than empty or "0" keeps
 * to the portable code, BG_NO_VBMI2 so to AVX-512F's (the golden suite
 * runs all three). Found once, by bg_wide_find; the level is read inline,
 * as games ask it every call. BG_WIDE_NONE where the library is built
 * without the wide code. */
enum { BG_WIDE_NONE = 1, BG_WIDE_AVX512, BG_WIDE_VBMI2 };
extern _Atomic int bg_wide_known; /* 0 until found */
int bg_wide_find(void);

static inline int bg_wide_level(void)
{
	int k = atomic_load_explicit(&bg_wide_known, memory_order_relaxed);

	return k ? k : bg_wide_find();
}

static inline bool bg_avx512_ok(void)
{
	return bg_wide_level() >= BG_WIDE_AVX512;
}

/* bg_action_index sixteen actions a compare. Only where bg_avx512_ok(). */
size_t bg_action_index_avx512(const uint32_t *acts, size_t n, uint32_t a);

/* The place of action a among acts[0 .. n-1] (the first), or n where it
 * is not there. `wide` is bg_avx512_ok(), asked once by the caller. A
 * batch checks each game's action so: compares of sixteen made its steps
 * 4 % (Corners) to 16 % (wolf and sheep) faster than the loop. */
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

#ifdef BG_AVX512
#include <immintrin.h>

/* What a game's own copy of a function written for AVX-512 is built with
 * (called only where bg_avx512_ok()): the helpers below are inlined into
 * it, where a call would cost what they save. */
#define BG_WIDE_TARGET __attribute__((target("avx512f,bmi2,popcnt")))

/* The POPCNT instruction, for such a function (bg_popcount64 is the
 * portable arithmetic). */
static inline BG_WIDE_TARGET int bg_popcount_wide(uint64_t x)
{
	return (int)_mm_popcnt_u64(x);
}

/* The actions base + k * scale of the bits k of `bits`, ascending,
 * written from a; returns the place after them. `chunks` compresses of
 * sixteen (4 for a word, 2 for 32 bits), whatever the bits; scale and
 * chunks are constants where this is inlined. The compress goes to a
 * register (to memory it is many times slower on some CPUs, AMD's Zen 4)
 * and is stored under a mask of its count. */
static inline BG_WIDE_TARGET uint32_t *
bg_bits_scaled_wide(uint32_t *a, uint32_t base, uint32_t scale,
		    uint64_t bits, int chunks)
{
	const __m512i step = _mm512_set1_epi32((int)(16 * scale));
	__m512i acts = _mm512_add_epi32(
		_mm512_set1_epi32((int)base),
		_mm512_mullo_epi32(_mm512_set1_epi32((int)scale),
				   _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9,
						    8, 7, 6, 5, 4, 3, 2, 1,
						    0)));

	for (int j = 0; j < chunks; j++) {
		__mmask16 m = (__mmask16)(bits >> 16 * j);
		unsigned n = (unsigned)_mm_popcnt_u32(m);

		_mm512_mask_storeu_epi32(a, (__mmask16)((1u << n) - 1),
					 _mm512_maskz_compress_epi32(m, acts));
		a += n;
		acts = _mm512_add_epi32(acts, step);
	}
	return a;
}

/* The entries k of table whose bits k are set in `bits`, in order,
 * written from a; returns the place after them. `chunks` compresses of
 * sixteen entries (a constant where this is inlined), whatever the bits:
 * table holds 16 * chunks entries. */
static inline BG_WIDE_TARGET uint32_t *
bg_table_actions_wide(uint32_t *a, const uint32_t *table, uint64_t bits,
		      int chunks)
{
	for (int j = 0; j < chunks; j++) {
		__mmask16 m = (__mmask16)(bits >> 16 * j);
		unsigned n = (unsigned)_mm_popcnt_u32(m);

		_mm512_mask_storeu_epi32(
			a, (__mmask16)((1u << n) - 1),
			_mm512_maskz_compress_epi32(
				m, _mm512_loadu_si512(table + 16 * j)));
		a += n;
	}
	return a;
}

/* The actions base + k of the bits k of a word of points. */
static inline BG_WIDE_TARGET uint32_t *
bg_bits_actions_wide(uint32_t *a, uint32_t base, uint64_t bits)
{
	return bg_bits_scaled_wide(a, base, 1, bits, 4);
}

#ifdef BG_VBMI2
/* What a game's own copy of a function for BG_VBMI2 is built with
 * (called only where bg_wide_level() is BG_WIDE_VBMI2). */
#define BG_VBMI2_TARGET \
	__attribute__((target("avx512f,avx512bw,avx512vbmi2,bmi2,popcnt")))

/* bg_bits_actions_wide with one compress of the 64 bit numbers as bytes,
 * widened sixteen at a time: once where the bits are sixteen or fewer,
 * as a piece's squares mostly are, where bg_bits_actions_wide made four
 * compresses whatever the bits. */
static inline BG_VBMI2_TARGET uint32_t *
bg_bits_actions_vbmi2(uint32_t *a, uint32_t base, uint64_t bits)
{
	const uint64_t bytes = 0x0706050403020100, eight = 0x0808080808080808;
	__m512i k = _mm512_maskz_compress_epi8(
		bits, _mm512_set_epi64(
			(long long)(bytes + 7 * eight),
			(long long)(bytes + 6 * eight),
			(long long)(bytes + 5 * eight),
			(long long)(bytes + 4 * eight),
			(long long)(bytes + 3 * eight),
			(long long)(bytes + 2 * eight),
			(long long)(bytes + eight), (long long)bytes));
	const __m512i from = _mm512_set1_epi32((int)base);
	unsigned n = (unsigned)_mm_popcnt_u64(bits);

	for (unsigned j = 0; j < n; j += 16) {
		unsigned left = n - j < 16 ? n - j : 16;

		_mm512_mask_storeu_epi32(
			a + j, (__mmask16)((1u << left) - 1),
			_mm512_add_epi32(from, _mm512_cvtepu8_epi32(
				_mm512_castsi512_si128(k))));
		/* The next sixteen bytes to the bottom. */
		k = _mm512_alignr_epi32(k, k, 4);
	}
	return a + n;
}

/* Set (value 1) or clear (0) the mask bytes of the from-to actions on n
 * points that words give (legal_action_words): a point's in one store
 * of 64 bytes masked by its word. Corners' batch steps marked and
 * cleared some fifty bytes one by one, each mark a read and a store:
 * about a fifth of a step with diagonal moves. */
static inline BG_VBMI2_TARGET void bg_mask_words_vbmi2(uint8_t *mask,
						       uint32_t n,
						       uint64_t from,
						       const uint64_t *to,
						       char value)
{
	const __m512i v = _mm512_set1_epi8(value);

	for (; from; from &= from - 1)
		_mm512_mask_storeu_epi8(
			mask + bg_action_pair(n, bg_ctz64(from), 0), *to++,
			v);
}

/* The k-th of those actions in the order of the words' bits: its piece
 * found by the words' counts, its landing by a deposit of bit k. */
static inline BG_VBMI2_TARGET uint32_t bg_word_action_vbmi2(uint32_t n,
							    uint64_t from,
							    const uint64_t *to,
							    uint64_t k)
{
	for (;; from &= from - 1, to++) {
		uint64_t count = _mm_popcnt_u64(*to);

		if (k < count)
			return bg_action_pair(
				n, bg_ctz64(from),
				bg_ctz64(_pdep_u64((uint64_t)1 << k, *to)));
		k -= count;
	}
}
#endif

/* bg_row_actions (board/bits.h) in one go: the row's actions act (width
 * of them, 8 at most) kept where `open` has their points, found by pext
 * of open by the row's set `step`, whose points the row lists in order,
 * and picked by one compress. The row written slot by slot was a chain of
 * adds through the count; its actions made from its points here, a
 * widening, a multiply and an add before the compress (alquerque's steps
 * 8 % slower than with the table). */
static inline BG_WIDE_TARGET size_t
bg_row_actions_wide(uint32_t *acts, const uint32_t *act, int width,
		    uint64_t step, uint64_t open)
{
	__mmask16 keep = (__mmask16)_pext_u64(open, step);
	unsigned n = (unsigned)_mm_popcnt_u32(keep);

	_mm512_mask_storeu_epi32(
		acts, (__mmask16)((1u << n) - 1),
		_mm512_maskz_compress_epi32(
			keep, _mm512_maskz_loadu_epi32(
				      (__mmask16)((1u << width) - 1), act)));
	return n;
}
#endif

#endif
