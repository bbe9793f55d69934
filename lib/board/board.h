/*
 * Board geometry shared by the games: the description the public board API
 * reports (points, drawing coordinates, lines, marks). Internal.
 */
#ifndef BG_BOARD_BOARD_H
#define BG_BOARD_BOARD_H

#include <stddef.h>
#include <stdint.h>

#include "core/strbuf.h"

/* Boards with more points than this carry no marks (Dots has none). */
#define BG_BOARD_MARKS_MAX 256

typedef struct bg_line {
	uint8_t style;    /* BG_LINE_* */
	uint8_t npoints;
	uint16_t pts[16]; /* point indices in order along the line */
} bg_line;

typedef struct bg_board {
	int kind;          /* BG_BOARD_* */
	int width, height; /* the drawing frame */
	int npoints;
	/* Point p's drawing coordinates; NULL for a full grid, where
	 * p = y * width + x. Static data only: configs are copied. */
	const int8_t (*xy)[2];
	const bg_line *lines; /* static data; NULL when nlines is 0 */
	size_t nlines;
	uint8_t marks[BG_BOARD_MARKS_MAX]; /* BG_MARK_* bits per point */
} bg_board;

/* Fill a full grid board of w x h points, with no lines and no marks. */
void bg_board_grid(bg_board *b, int kind, int w, int h);

/* Drawing coordinates of point p (which must be in range). */
void bg_board_xy(const bg_board *b, int p, int *x, int *y);

/* The point at (x, y), or -1 when there is none. */
int bg_board_at(const bg_board *b, int x, int y);

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

#endif
