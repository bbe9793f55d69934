/*
 * Named boards used by more than one game: their points, drawing
 * coordinates and lines, kept once. Internal.
 */
#ifndef BG_BOARD_BOARDS_H
#define BG_BOARD_BOARDS_H

#include <stddef.h>
#include <stdint.h>

#include "board/board.h"

/*
 * The 33-point cross on a 7x7 frame (Fox and Geese; Leopards and Cows with
 * board=33): solid orthogonal lines and dashed diagonals. Points are
 * numbered rank by rank from c1, each rank from the left.
 */
enum {
	BG_CROSS_C1, BG_CROSS_D1, BG_CROSS_E1,
	BG_CROSS_C2, BG_CROSS_D2, BG_CROSS_E2,
	BG_CROSS_A3, BG_CROSS_B3, BG_CROSS_C3, BG_CROSS_D3, BG_CROSS_E3,
	BG_CROSS_F3, BG_CROSS_G3,
	BG_CROSS_A4, BG_CROSS_B4, BG_CROSS_C4, BG_CROSS_D4, BG_CROSS_E4,
	BG_CROSS_F4, BG_CROSS_G4,
	BG_CROSS_A5, BG_CROSS_B5, BG_CROSS_C5, BG_CROSS_D5, BG_CROSS_E5,
	BG_CROSS_F5, BG_CROSS_G5,
	BG_CROSS_C6, BG_CROSS_D6, BG_CROSS_E6,
	BG_CROSS_C7, BG_CROSS_D7, BG_CROSS_E7,
	BG_CROSS_NPOINTS
};
#define BG_CROSS_WIDTH 7

extern const int8_t bg_cross_xy[BG_CROSS_NPOINTS][2];

/* Describe the cross with bg_board_lines(): no marks. */
void bg_board_cross(bg_board *b);

#endif
