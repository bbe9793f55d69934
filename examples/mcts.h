/*
 * A generic Monte-Carlo tree search player (UCT) over the public API of
 * libboardgames only: it knows no game. Each iteration walks down the tree
 * by UCB1, adds a node, plays random moves to the end of the game (or a ply
 * cap, counted as a draw) and backs the result up; the move played is the
 * most visited one. When the game has an evaluation (bg_evaluate), playouts
 * stop after a ply or a few and back up the evaluation instead. The search
 * plays and takes back moves on a clone of the game, so the caller's handle
 * is never touched.
 */
#ifndef BG_EXAMPLES_MCTS_H
#define BG_EXAMPLES_MCTS_H

#include <stdint.h>

#include <boardgames/boardgames.h>

#include "rng.h"

typedef struct mcts_params {
	long playouts;   /* iterations per move (used when seconds <= 0) */
	double seconds;  /* thinking time per move; > 0 wins over playouts */
	long ply_cap;    /* plies of one random playout before it counts as a
			    draw */
	long cutoff;     /* plies of a random playout before the evaluation
			    is backed up, in games that have one */
	double explore;  /* the UCB1 exploration constant */
	long max_nodes;  /* tree size limit; past it leaves stop growing */
} mcts_params;

/* playouts 200, no time limit, ply cap 500, cutoff 1, explore 0.7, 4M
 * nodes. */
void mcts_defaults(mcts_params *p);

typedef struct mcts_stats {
	long playouts;  /* iterations run */
	long nodes;     /* tree nodes made */
	double value;   /* the chosen move's mean result for the mover, 0..1 */
	long visits;    /* the chosen move's visits */
} mcts_stats;

/*
 * Choose a move for the side to move of g into *out. Returns 0, or a
 * negative BG_E* code (BG_EGAMEOVER when the game is over, BG_ENOMEM).
 * stats may be NULL. With seconds <= 0 the choice depends only on g, the
 * parameters and the state of r.
 */
int mcts_choose(const bg_game *g, const mcts_params *p, rng *r, bg_move *out,
		mcts_stats *stats);

#endif
