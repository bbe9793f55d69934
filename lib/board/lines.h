/*
 * Line boards: points joined by straight lines (solid or dashed). From the
 * one list of lines come the steps (consecutive points of a line), the jumps
 * (three consecutive points) and the alignments (the lines themselves), so
 * each board is described once. Internal.
 */
#ifndef BG_BOARD_LINES_H
#define BG_BOARD_LINES_H

#include <stdint.h>

#include "board/board.h"

#define BG_LB_MAX_POINTS 64
#define BG_LB_MAX_LINKS 8
#define BG_LB_NONE 0xff

/* A step p -> to, or a jump p -> over -> to, along one line. */
typedef struct bg_link {
	uint8_t to;
	uint8_t over;  /* BG_LB_NONE for a step */
	uint8_t style; /* BG_LINE_* of the line */
	int8_t dx, dy; /* direction: signs of the coordinate change */
} bg_link;

typedef struct bg_lineboard {
	int npoints;
	uint8_t nstep[BG_LB_MAX_POINTS];
	uint8_t njump[BG_LB_MAX_POINTS];
	bg_link step[BG_LB_MAX_POINTS][BG_LB_MAX_LINKS];
	bg_link jump[BG_LB_MAX_POINTS][BG_LB_MAX_LINKS];
} bg_lineboard;

/* Describe a line board: npoints points at xy (static), the lines (static),
 * on a width x height drawing frame. Marks start empty. */
void bg_board_lines(bg_board *b, int width, int height, int npoints,
		    const int8_t (*xy)[2], const bg_line *lines, size_t nlines);

/* The steps and jumps of a line board described by bg_board_lines(). */
void bg_lineboard_build(bg_lineboard *lb, const bg_board *b);

#endif
