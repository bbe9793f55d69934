/*
 * The board a game describes to the core: its points, their drawing
 * coordinates, its lines and marks, as the public board API reports them
 * (bg_board_kind, bg_point_xy, bg_line_*, bg_point_marks). The core needs
 * only this; the shared code that builds boards is lib/board. Internal.
 */
#ifndef BG_CORE_GEOMETRY_H
#define BG_CORE_GEOMETRY_H

#include <stddef.h>
#include <stdint.h>

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

/* Drawing coordinates of point p (which must be in range). */
void bg_board_xy(const bg_board *b, int p, int *x, int *y);

/* The point at (x, y), or -1 when there is none. */
int bg_board_at(const bg_board *b, int x, int y);

#endif
