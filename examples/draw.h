/*
 * Drawing a board as text: the library's bg_board_text(), which says how
 * each kind of board is drawn, as a string or printed to a stream.
 */
#ifndef BG_EXAMPLES_DRAW_H
#define BG_EXAMPLES_DRAW_H

#include <stdio.h>

#include <boardgames/boardgames.h>

/* bg_board_text() with these BG_DRAW_* flags, in a string to free, or
 * NULL with *error set. */
char *draw_text(const bg_game *g, unsigned flags, int *error);

/* Print the board to f, turned half round when flip is set
 * (BG_DRAW_FLIP). 0 or a negative BG_E* code. */
int draw_board_flipped(FILE *f, const bg_game *g, int flip);

/* Print one line saying what the letters of the board mean. */
void draw_legend(FILE *f, const bg_game *g);

#endif
