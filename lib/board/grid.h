/*
 * Square-grid mechanics shared by games: directions, runs of n cells in a
 * row (the goal lines of n-in-a-row games) and custodian capture. Cells are
 * numbered p = y * w + x. Internal.
 */
#ifndef BG_BOARD_GRID_H
#define BG_BOARD_GRID_H

#include <stddef.h>
#include <stdint.h>

/* Directions, in the library's tie-break order: N, E, S, W, NE, SE, SW, NW. */
enum { BG_N, BG_E, BG_S, BG_W, BG_NE, BG_SE, BG_SW, BG_NW };
extern const int8_t bg_dir[8][2]; /* dx, dy; y grows to the north */

#define BG_DIRS_ORTHO 0x0fu
#define BG_DIRS_DIAG 0xf0u
#define BG_DIRS_ALL 0xffu

/* The cell one step from p in direction d, or -1 off the board. */
int bg_grid_step(int w, int h, int p, int d);

/*
 * Every run of k cells in a straight line in the directions of dirmask
 * (only one of each opposite pair is needed: N and E and NE and SE give all
 * lines). Each run is written as k cell indices into runs[], run after run;
 * returns the number of runs. With runs NULL only counts.
 */
size_t bg_grid_runs(int w, int h, int k, unsigned dirmask, uint8_t *runs);

/*
 * Custodian capture after a piece of colour `own` arrived at p: in each
 * direction of dirmask, an enemy piece next to p with an own piece right
 * beyond it is taken. cells[] holds 0 for empty or the colour of the piece;
 * any non-zero value other than own is an enemy. The taken cells are
 * written to out (room for 8); returns how many.
 */
int bg_grid_custodian(int w, int h, const uint8_t *cells, int p, uint8_t own,
		      unsigned dirmask, int *out);

#endif
