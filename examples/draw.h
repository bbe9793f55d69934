/*
 * Drawing a board as text, from the public board description only.
 *
 *   cell boards (BG_BOARD_CELLS)          a compact grid, '.' empty
 *   line boards (BG_BOARD_LINES)          the points and their lines on a
 *                                         canvas of 4 columns x 2 rows per
 *                                         frame unit: '+' empty point,
 *                                         '-' '|' '/' '\' solid lines,
 *                                         '.' ':' dashed ones
 *   intersections (BG_BOARD_INTERSECTIONS) the points on a canvas ('.'
 *                                         empty); for Dots the captured
 *                                         dots ('x') and the rings drawn
 *                                         around the captured areas
 *
 * Pieces are the first letter of their seat's name, capital for a king or
 * other strong piece (BG_PIECE_KING); ranks are numbered on the left and
 * files lettered below, as the point names read.
 */
#ifndef BG_EXAMPLES_DRAW_H
#define BG_EXAMPLES_DRAW_H

#include <stdio.h>

#include <boardgames/boardgames.h>

/* The letter of a piece of this seat and BG_PIECE_* kind. */
char draw_piece_char(const bg_game *g, int seat, int kind);

/* Print the board to f. 0 or a negative BG_E* code. */
int draw_board(FILE *f, const bg_game *g);

/* Print one line saying what the letters of draw_board() mean. */
void draw_legend(FILE *f, const bg_game *g);

#endif
