/*
 * The observation's planes with AVX-512 (planes.h): each store writes
 * sixteen squares, 1 (or a counter's value) where a set has a bit and 0
 * elsewhere, so that a plane costs a store per sixteen squares however
 * many pieces it holds. Built with -mavx512f -mbmi2 -mpopcnt
 * (lib/meson.build) and called only where bg_avx512_ok() (wide.h).
 *
 * A plane's stores run on past its end by up to 15 floats when its
 * squares are not a multiple of 16: the next plane is written after and
 * covers them. Only the last plane written ends with a masked store
 * (masked stores are slower than whole ones). On boards of up to 128
 * squares each plane is written without a loop: the count of stores is a
 * constant of each copy of the code (a loop a store cost twice the
 * stores).
 */
#include <immintrin.h>

#include "core/planes.h"

#define INLINE static inline __attribute__((always_inline))

/* Sixteen squares of a set of two words (chunk j of the eight). */
INLINE __mmask16 chunk2(uint64_t b0, uint64_t b1, int j)
{
	return (__mmask16)(j < 4 ? b0 >> (16 * j) : b1 >> (16 * (j - 4)));
}

/* Sixteen squares from bit 16 * j of a set of any size. */
INLINE __mmask16 chunk(const uint64_t *set, size_t j)
{
	return (__mmask16)(set[j / 4] >> (16 * (j % 4)));
}

/* A plane of up to 128 squares from its set (b0, b1): v on the set's
 * squares, 0 elsewhere, in nch stores (a constant). last: the final
 * store keeps to the plane. */
INLINE void plane_small(float *p, uint64_t b0, uint64_t b1, __m512 v,
			int nch, __mmask16 last)
{
#pragma GCC unroll 8
	for (int j = 0; j < nch; j++) {
		__m512 x = _mm512_maskz_mov_ps(chunk2(b0, b1, j), v);

		if (j == nch - 1 && last)
			_mm512_mask_storeu_ps(p + 16 * j, last, x);
		else
			_mm512_storeu_ps(p + 16 * j, x);
	}
}

/* The squares (two words) of a set of up to 64 points: the points of
 * the first word of squares, then the rest (none when the first has all
 * 64). */
INLINE void squares2(const bg_cells *c, uint64_t set, uint64_t *s0,
		     uint64_t *s1, int nch)
{
	unsigned n0 = (unsigned)_mm_popcnt_u64(c->squares[0]);

	*s0 = _pdep_u64(set, c->squares[0]);
	*s1 = nch > 4 && n0 < 64 ? _pdep_u64(set >> n0, c->squares[1]) : 0;
}

/* The mask of the last store of the last plane, or 0 where `after`
 * floats written after it cover what it runs on to. */
static __mmask16 last_mask(const bg_cells *c, size_t after)
{
	size_t tail = c->area % 16;

	return !tail || after >= 16 - tail ? 0 :
		(__mmask16)((1u << tail) - 1);
}

/* Boards of up to 128 squares, the points on their own squares or the
 * sets of points one word: nch stores a plane. */
INLINE void write_small(float *buf, const bg_cells *c,
			const bg_planes_in *in, int nch, __mmask16 last)
{
	const __m512 one = _mm512_set1_ps(1.0f);
	uint64_t b0 = c->squares[0], b1 = nch > 4 ? c->squares[1] : 0;
	size_t area = c->area, nc = in->ncounters;

	plane_small(buf, b0, b1, one, nch, 0);
#pragma GCC unroll 6
	for (size_t k = 0; k < 6; k++) {
		uint64_t set = in->sets[k / 3][(k % 3) * in->words], s0, s1;

		if (c->direct) {
			/* A word of points a word of squares. */
			s0 = set;
			s1 = nch > 4 ? in->sets[k / 3][(k % 3) * in->words + 1] :
				       0;
		} else {
			squares2(c, set, &s0, &s1, nch);
		}
		plane_small(buf + (1 + k) * area, s0, s1, one, nch, 0);
	}
	for (size_t i = 0; i < nc; i++)
		plane_small(buf + (7 + i) * area, b0, b1,
			    _mm512_set1_ps(in->counters[i]), nch,
			    i == nc - 1 ? last : 0);
}

/* Store x at p, only the squares of last where that is not 0. */
static inline void store(float *p, __m512 x, __mmask16 last)
{
	if (last)
		_mm512_mask_storeu_ps(p, last, x);
	else
		_mm512_storeu_ps(p, x);
}

/* v on the squares of the set sq, 0 on the others, for any size. */
static void plane_any(float *plane, const bg_cells *c, const uint64_t *sq,
		      __m512 v, __mmask16 last)
{
	size_t nch = (c->area + 15) / 16;

	for (size_t j = 0; j + 1 < nch; j++)
		_mm512_storeu_ps(plane + 16 * j,
				 _mm512_maskz_mov_ps(chunk(sq, j), v));
	store(plane + 16 * (nch - 1),
	      _mm512_maskz_mov_ps(chunk(sq, nch - 1), v), last);
}

/* n bits (at most 64) of a set from bit `at`. */
static inline uint64_t bits_at(const uint64_t *set, size_t at, unsigned n)
{
	size_t i = at / 64;
	unsigned s = at % 64;
	uint64_t v = set[i] >> s;

	if (s && s + n > 64)
		v |= set[i + 1] << (64 - s);
	return n == 64 ? v : v & ((UINT64_C(1) << n) - 1);
}

/* The squares of a set of points: the cells ascend with the points, so
 * each word of squares holds the next points in order, which pdep lays
 * on that word's point squares. */
static void squares_of(const bg_cells *c, const uint64_t *points,
		       uint64_t *sq)
{
	size_t at = 0;

	for (size_t j = 0; j < bg_cells_words(c->area); j++) {
		unsigned n = (unsigned)_mm_popcnt_u64(c->squares[j]);

		sq[j] = n ? _pdep_u64(bits_at(points, at, n), c->squares[j]) :
			    0;
		at += n;
	}
}

/* Boards of any size up to BG_PLANES_MAX_SQUARES. */
static void write_any(float *buf, const bg_cells *c, const bg_planes_in *in,
		      __mmask16 last)
{
	const __m512 one = _mm512_set1_ps(1.0f);
	uint64_t sq[BG_PLANES_MAX_SQUARES / 64];
	size_t area = c->area, nc = in->ncounters;

	plane_any(buf, c, c->squares, one, 0);
	for (size_t k = 0; k < 6; k++) {
		const uint64_t *set = in->sets[k / 3] + (k % 3) * in->words;

		if (!c->direct) {
			squares_of(c, set, sq);
			set = sq;
		}
		plane_any(buf + (1 + k) * area, c, set, one, 0);
	}
	for (size_t i = 0; i < nc; i++)
		plane_any(buf + (7 + i) * area, c, c->squares,
			  _mm512_set1_ps(in->counters[i]),
			  i == nc - 1 ? last : 0);
}

/* A plane from npoints floats by point: each on its point's square, 0 on
 * the other squares. */
static void plane_spread(float *plane, const bg_cells *c, const float *vals,
			 __mmask16 last)
{
	size_t nch = (c->area + 15) / 16;

	for (size_t j = 0; j < nch; j++) {
		__mmask16 m = chunk(c->squares, j);
		unsigned n = (unsigned)_mm_popcnt_u32(m);
		/* Only the n values this store takes are read: the last
		 * store's may end the array. */
		__m512 v = _mm512_maskz_expand_ps(m, _mm512_maskz_loadu_ps(
			(__mmask16)((1u << n) - 1), vals));

		store(plane + 16 * j, v, j + 1 == nch ? last : 0);
		vals += n;
	}
}

void bg_planes_avx512(float *buf, const bg_cells *c, const bg_planes_in *in)
{
	float *own = buf + (7 + in->ncounters) * c->area;
	/* The game's own planes follow the counters, spread here or
	 * written in place after this call. */
	__mmask16 last = last_mask(c, in->nown * c->area);
	bool small = c->area <= 128 && (c->direct || in->words == 1);

	switch (small ? (c->area + 15) / 16 : 0) {
	case 1: write_small(buf, c, in, 1, last); break;
	case 2: write_small(buf, c, in, 2, last); break;
	case 3: write_small(buf, c, in, 3, last); break;
	case 4: write_small(buf, c, in, 4, last); break;
	case 5: write_small(buf, c, in, 5, last); break;
	case 6: write_small(buf, c, in, 6, last); break;
	case 7: write_small(buf, c, in, 7, last); break;
	case 8: write_small(buf, c, in, 8, last); break;
	default: write_any(buf, c, in, last); break;
	}
	if (!in->own)
		return;
	for (size_t i = 0; i < in->nown; i++)
		plane_spread(own + i * c->area, c, in->own + i * c->npoints,
			     i + 1 == in->nown ? last_mask(c, 0) : 0);
}
