/*
 * The action layout and observation writer shared by learn.c, symmetry.c
 * and batch.c. Internal.
 */
#ifndef BG_CORE_LEARN_H
#define BG_CORE_LEARN_H

#include "boardgames/learn.h"
#include "core/game.h"
#include "core/planes.h"

/* The planes every game has (board, pieces, to move, counters). */
#define BG_OBS_COMMON 11

/* g's layout, from its rules and config: made once, with the handle
 * (bg_game.layout). */
void bg_layout_of(const bg_game *g, bg_layout *al);

/* The action of list[i] among the n legal moves in list; BG_ENOMEM when it
 * has none. */
int bg_action_at(const bg_layout *al, const bg_move *list, size_t n, size_t i,
		 uint32_t *action);

/* The index in list of the move with `action`, or -1 for none. */
long bg_action_find(const bg_layout *al, const bg_move *list, size_t n,
		    uint32_t action);

/* The action of each of the n moves of list into acts, the same as
 * bg_action_at gives; `scratch` has bg_actions_scratch(n) words or more.
 * BG_ENOMEM when a move has none. Linear in n but for the moves whose key
 * may be another's. */
int bg_actions_of(const bg_layout *al, const bg_move *list, size_t n,
		  uint32_t *acts, uint64_t *scratch);
size_t bg_actions_scratch(size_t max_moves);

/* Set the n actions of acts (from bg_actions_of) in mask, which is clear
 * at each of them; BG_ENOMEM when two moves have the same action, with
 * every action set all the same (the caller clears the mask). */
int bg_actions_mark(const uint32_t *acts, size_t n, uint8_t *mask);

/* The bytes of the arrays of board b's cells, in one block: the squares
 * (8-byte words) first, then cell and board. */
size_t bg_cells_size(const bg_board *b);

/* The cells of board b into c, their arrays in mem (bg_cells_size(b)
 * bytes, aligned for words). */
void bg_cells_in(const bg_board *b, bg_cells *c, void *mem);

/* The observation from seat into buf (al->nplanes planes), with the cells
 * of the game's board; extra has room for the game's own planes by
 * point. Where the cells are direct, the game's own planes are written
 * straight into buf. */
void bg_observe_into(const bg_game *g, const bg_layout *al,
		     const bg_cells *c, int seat, float *buf, float *extra);

#endif
