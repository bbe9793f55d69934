/*
 * Two sides of like pieces ("stones") on a small grid, that step to a
 * neighbouring cell and are never taken (Kvartet, Tak-tikl): the position
 * and its key, its text, and the steps. Cells are numbered p = y * w + x;
 * the key of a position is bg_zobrist(seat, p) per piece and
 * bg_zobrist(2, 0) when Black is to move. Internal.
 */
#ifndef BG_BOARD_STONES_H
#define BG_BOARD_STONES_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "boardgames/boardgames.h"
#include "board/bits.h"
#include "board/board.h"
#include "board/grid.h"
#include "core/rules.h"
#include "core/strbuf.h"
#include "core/wide.h"
#include "core/zobrist.h"

#define BG_STONES_MAX_CELLS 32

/* A position: bit p of occ[seat] is a piece of seat on cell p. */
typedef struct bg_stones {
	uint64_t hash; /* the key, kept by bg_stones_apply */
	uint8_t turn;  /* hash and turn: a bg_head */
	uint8_t pad[3];
	uint32_t occ[2];
} bg_stones;

/* Where a piece steps: the neighbours of each cell in the first ndirs
 * directions of bg_dir (4: N, E, S, W; 8: and the diagonals), in that
 * order, -1 off the board, and as a set. */
typedef struct bg_stone_steps {
	int ndirs;
	int8_t nb[BG_STONES_MAX_CELLS][8];
	uint32_t nbm[BG_STONES_MAX_CELLS];
} bg_stone_steps;

void bg_stone_steps_init(bg_stone_steps *t, int w, int h, int ndirs);

/* The key of s computed from its pieces and side to move. */
uint64_t bg_stones_hash(const bg_stones *s);

/* The piece on cell p: BG_PIECE_MAN of its seat, or none. */
void bg_stones_piece(const bg_stones *s, int p, int *seat, int *kind);
/* The rules' `pieces` sets of the position (core/rules.h). */
void bg_stones_pieces(const bg_stones *s, uint64_t *set, size_t words);

/* "RANKS SIDE": the board as bg_board_write_two, then 'w' or 'b'. */
void bg_stones_write(const bg_board *b, const bg_stones *s, bg_strbuf *out);

/* Read that text into s (its key computed); the game checks the counts.
 * On error reports it with bg_seterr() and returns BG_EFORMAT. */
int bg_stones_read(const bg_board *b, const char *text, bg_stones *s);

/* A move of the kinds stones make: BG_MOVE_PLACE on `to`, BG_MOVE_STEP
 * from -> to, or BG_MOVE_PASS. */
static inline void bg_stones_move(bg_move *m, int kind, int from, int to)
{
	if (kind == BG_MOVE_STEP) {
		bg_move_pair(m, kind, from, to);
		return;
	}
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	if (kind == BG_MOVE_PLACE) {
		m->npath = 1;
		m->pts[0] = (uint16_t)to;
	}
}

/* The steps of the side to move into buf: pieces in cell order, each in
 * direction order; returns how many. With buf NULL, 1 when there is one. */
static inline size_t bg_stones_steps(const bg_stone_steps *t,
				     const bg_stones *s, bg_move *buf)
{
	uint32_t all = s->occ[0] | s->occ[1];
	size_t n = 0;

	for (uint32_t b = s->occ[s->turn]; b; b &= b - 1) {
		int from = bg_ctz32(b);

		for (int d = 0; d < t->ndirs; d++) {
			int to = t->nb[from][d];

			if (to >= 0 && !(all >> to & 1)) {
				if (!buf)
					return 1;
				bg_stones_move(&buf[n++], BG_MOVE_STEP, from,
					       to);
			}
		}
	}
	return n;
}

#ifdef BG_AVX512
/* bg_stones_step_actions two pieces a vector: a piece's eight directions
 * are eight lanes (the cell, -1 off the board and past ndirs), kept where
 * the cell is empty, picked by one compress and stored masked to their
 * count: the same actions in the same order. Written one by one, each
 * direction's store waited on the count the one before kept, and that
 * loop was a fifth of a Kvartet batch step. Only where bg_avx512_ok(). */
static inline BG_WIDE_TARGET size_t
bg_stones_step_actions_wide(const bg_stone_steps *t, const bg_stones *s,
			    uint32_t n, uint32_t *acts)
{
	const __m512i all = _mm512_set1_epi32((int)(s->occ[0] | s->occ[1]));
	const __m512i one = _mm512_set1_epi32(1);
	size_t k = 0;

	for (uint32_t own = s->occ[s->turn]; own;) {
		int a = bg_ctz32(own), b;
		__mmask16 lanes = 0xffff, keep;
		uint64_t ra, rb;
		__m512i to, base;

		own &= own - 1;
		b = own ? bg_ctz32(own) : a;
		if (own)
			own &= own - 1;
		else
			lanes = 0x00ff;
		memcpy(&ra, t->nb[a], 8);
		memcpy(&rb, t->nb[b], 8);
		to = _mm512_cvtepi8_epi32(
			_mm_set_epi64x((long long)rb, (long long)ra));
		base = _mm512_mask_blend_epi32(
			0xff00, _mm512_set1_epi32((int)bg_action_pair(n, a, 0)),
			_mm512_set1_epi32((int)bg_action_pair(n, b, 0)));
		keep = _mm512_mask_cmpge_epi32_mask(lanes, to,
						    _mm512_setzero_si512());
		keep = _mm512_mask_testn_epi32_mask(
			keep, _mm512_srlv_epi32(all, to), one);
		_mm512_mask_storeu_epi32(
			acts + k,
			(__mmask16)((1u << _mm_popcnt_u32(keep)) - 1),
			_mm512_maskz_compress_epi32(
				keep, _mm512_add_epi32(base, to)));
		k += (size_t)_mm_popcnt_u32(keep);
	}
	return k;
}
#endif

/* The steps of bg_stones_steps as their actions (bg_action_pair on n
 * cells), in the same order: a batch's list without the moves. Each
 * direction's is written and kept when it is a step, with no branch that
 * guesses: acts needs room for one a direction of each piece. ndirs is
 * t's, a constant where this is inlined, and the directions are unrolled:
 * against a loop to t->ndirs, read again after each store, tak-tikl's
 * batch made 1.11 to 1.14 times the steps at batch 1 on a CPU without
 * AVX-512 (Kvartet 1.02). */
BG_ALWAYS_INLINE size_t bg_stones_step_actions(const bg_stone_steps *t,
					       const bg_stones *s, uint32_t n,
					       int ndirs, uint32_t *acts)
{
	uint32_t all = s->occ[0] | s->occ[1];
	size_t k = 0;

	assert(ndirs == t->ndirs);
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return bg_stones_step_actions_wide(t, s, n, acts);
#endif
	for (uint32_t b = s->occ[s->turn]; b; b &= b - 1) {
		int from = bg_ctz32(b);
		uint32_t base = bg_action_pair(n, from, 0);

#pragma GCC unroll 8
		for (int d = 0; d < ndirs; d++) {
			int to = t->nb[from][d];

			acts[k] = base + (uint32_t)to;
			k += (size_t)((to >= 0) & !(all >> (to & 31) & 1));
		}
	}
	return k;
}

/* The move of a stones action on n cells: a placement (the cell is the
 * action), a step (bg_action_pair) or the pass. */
static inline void bg_stones_action_move(uint32_t n, uint32_t action,
					 bg_move *m)
{
	int from, to;

	if (action == bg_action_pass(n)) {
		bg_stones_move(m, BG_MOVE_PASS, -1, -1);
	} else if (action < n) {
		bg_stones_move(m, BG_MOVE_PLACE, -1, (int)action);
	} else {
		bg_action_ends(n, action, &from, &to);
		bg_stones_move(m, BG_MOVE_STEP, from, to);
	}
}

/* Is m (a well-formed move on the board) one of the steps listed? */
static inline bool bg_stones_step_ok(const bg_stone_steps *t,
				     const bg_stones *s, const bg_move *m)
{
	int from = m->pts[0], to = m->pts[1];
	bg_move want;

	if (m->kind != BG_MOVE_STEP || m->npath != 2 ||
	    !(s->occ[s->turn] >> from & 1) ||
	    ((s->occ[0] | s->occ[1]) >> to & 1))
		return false;
	for (int d = 0; d < t->ndirs; d++)
		if (t->nb[from][d] == to) {
			bg_stones_move(&want, BG_MOVE_STEP, from, to);
			return !memcmp(m, &want, sizeof(want));
		}
	return false;
}

/* Is m the pass, as listed? */
static inline bool bg_stones_is_pass(const bg_move *m)
{
	bg_move want;

	bg_stones_move(&want, BG_MOVE_PASS, -1, -1);
	return !memcmp(m, &want, sizeof(want));
}

/* Make a place, step or pass; true when no earlier position can come
 * back (a placement only adds a piece). */
static inline bool bg_stones_apply(bg_stones *s, const bg_move *m)
{
	uint32_t seat = s->turn;
	bool placed = m->kind == BG_MOVE_PLACE;

	if (placed) {
		s->occ[seat] |= 1u << m->pts[0];
		s->hash ^= bg_zobrist(seat, m->pts[0]);
	} else if (m->kind == BG_MOVE_STEP) {
		s->occ[seat] ^= 1u << m->pts[0] | 1u << m->pts[1];
		s->hash ^= bg_zobrist(seat, m->pts[0]) ^
			   bg_zobrist(seat, m->pts[1]);
	}
	s->turn = (uint8_t)!seat;
	s->hash ^= bg_zobrist(2, 0);
	return placed;
}

#endif
