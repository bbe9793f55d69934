/*
 * Building a game's board description (core/geometry.h) and its position
 * text, shared by the games. Internal.
 */
#ifndef BG_BOARD_BOARD_H
#define BG_BOARD_BOARD_H

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "core/geometry.h"
#include "core/strbuf.h"

/* Fill a full grid board of w x h points, with no lines and no marks. */
void bg_board_grid(bg_board *b, int kind, int w, int h);

/*
 * Position text of a board whose points are numbered rank by rank from the
 * bottom, each rank's points consecutive from the left (line boards so
 * numbered, and full grids): ranks from the top, each the characters of its
 * points from the left, joined by '/'. cells[p] is point p's character.
 */
void bg_board_write_ranks(const bg_board *b, const char *cells,
			  bg_strbuf *out);

/* Read such ranks, each followed by '/' (the last by a space), every point
 * one of the characters in `symbols`, into cells; *sp is moved past. On
 * error, reports it with bg_seterr() and returns BG_EFORMAT. */
int bg_board_read_ranks(const bg_board *b, const char **sp,
			const char *symbols, char *cells);

/* Two colours on bitboards (bit p of bb[seat] is point p; at most 64
 * points) written as such ranks of 'w', 'b' and '.', and read back. */
void bg_board_write_two(const bg_board *b, const uint64_t bb[2],
			bg_strbuf *out);
int bg_board_read_two(const bg_board *b, const char **sp, uint64_t bb[2]);

/* The piece on point p of such two colours (bit p of b0: seat 0's, of b1:
 * seat 1's): BG_PIECE_MAN of its seat, or -1 and BG_PIECE_NONE. */
void bg_board_piece_two(uint64_t b0, uint64_t b1, int p, int *seat,
			int *kind);

/* The rules' `pieces` sets (core/rules.h) of a board of at most 64
 * points, so a word a set: each seat's men and kings, and no piece of
 * another kind. Six stores from the caller's registers (inline), where
 * clearing the sets by their size, known only at run time, called
 * memset. */
static inline void bg_board_pieces_four(uint64_t *set, size_t words,
					uint64_t men0, uint64_t kings0,
					uint64_t men1, uint64_t kings1)
{
	assert(words == 1);
	(void)words;
	set[0] = men0;
	set[1] = kings0;
	set[2] = 0;
	set[3] = men1;
	set[4] = kings1;
	set[5] = 0;
}

/* The same with b0 and b1 as the two seats' men, no king. */
static inline void bg_board_pieces_two(uint64_t b0, uint64_t b1,
				       uint64_t *set, size_t words)
{
	bg_board_pieces_four(set, words, b0, 0, b1, 0);
}

#endif
