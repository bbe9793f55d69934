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
 * Custodian capture: a piece of one side that arrives at p takes each
 * enemy piece next to it with a piece of its own right beyond. The table
 * lists, per cell, the (next, beyond) pairs in the capture directions, so
 * a capture test is a few lookups rather than direction walks.
 */
#define BG_CUSTODIAN_MAX_CELLS 81

typedef struct bg_custodian {
	uint8_t npairs[BG_CUSTODIAN_MAX_CELLS];
	uint8_t pair[BG_CUSTODIAN_MAX_CELLS][8][2]; /* next, beyond */
} bg_custodian;

/* The table of a w x h grid (at most BG_CUSTODIAN_MAX_CELLS cells),
 * capturing in the directions of dirmask, in bg_dir order. */
void bg_custodian_init(bg_custodian *t, int w, int h, unsigned dirmask);

/*
 * The cells taken by the piece at p, on cells[] that hold 0 for empty or
 * the colour of the piece there (any non-zero colour other than cells[p] is
 * an enemy). They go to out (room for 8) in direction order; returns how
 * many.
 */
int bg_grid_custodian(const bg_custodian *t, const uint8_t *cells, int p,
		      int *out);

#endif
