/*
 * UCT over the public API; see mcts.h.
 *
 * A tree node keeps no move: its children are the legal moves of its
 * position in the order bg_legal_moves() gives them (deterministic, see the
 * API), so child k is found again by generating the moves and taking the
 * k-th. That keeps a node at 16 bytes.
 */
#define _POSIX_C_SOURCE 200809L
#include "mcts.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define UNEXPANDED UINT32_MAX

typedef struct node {
	uint32_t visits;
	float wins;      /* results for the seat that moved into this node */
	uint32_t child;  /* index of the first child, or UNEXPANDED */
	uint32_t nchild;
} node;

typedef struct search {
	bg_game *g;      /* the clone played on */
	const mcts_params *p;
	rng *r;
	uint64_t playout_rng; /* the state bg_random_move() advances */
	int evaluates;   /* the game has bg_evaluate */
	bg_move *moves;  /* room for bg_max_moves() */
	size_t cap;
	node *nodes;
	size_t nnodes, room;
	uint32_t *path;  /* nodes of the current iteration, root first */
	int *seats;      /* the seat that moved into path[i] */
	size_t path_room;
} search;

void mcts_defaults(mcts_params *p)
{
	p->playouts = 200;
	p->seconds = 0;
	p->ply_cap = 500;
	p->cutoff = 1;
	p->explore = 0.7;
	p->max_nodes = 4L * 1024 * 1024;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Give node i its children (one per legal move); 0, or -1 when the tree is
 * full (the node stays a leaf). */
static int expand(search *s, uint32_t i, size_t nmoves)
{
	size_t k;

	if (s->nnodes + nmoves > (size_t)s->p->max_nodes)
		return -1;
	if (s->nnodes + nmoves > s->room) {
		size_t room = s->room * 2;
		node *grown;

		while (room < s->nnodes + nmoves)
			room *= 2;
		if (!(grown = realloc(s->nodes, room * sizeof(*grown))))
			return -1;
		s->nodes = grown;
		s->room = room;
	}
	for (k = 0; k < nmoves; k++) {
		node *c = &s->nodes[s->nnodes + k];

		c->visits = 0;
		c->wins = 0;
		c->child = UNEXPANDED;
		c->nchild = 0;
	}
	s->nodes[i].child = (uint32_t)s->nnodes;
	s->nodes[i].nchild = (uint32_t)nmoves;
	s->nnodes += nmoves;
	return 0;
}

/* The child of node i to walk into: an unvisited one at random, else the
 * best by UCB1. */
static size_t select_child(search *s, uint32_t i)
{
	const node *n = &s->nodes[i];
	const node *c = &s->nodes[n->child];
	size_t k, start, best = 0;
	double logn, score, top = -1;

	start = rng_below(s->r, n->nchild);
	for (k = 0; k < n->nchild; k++) {
		size_t j = (start + k) % n->nchild;

		if (c[j].visits == 0)
			return j;
	}
	logn = log((double)n->visits);
	for (k = 0; k < n->nchild; k++) {
		score = c[k].wins / c[k].visits +
			s->p->explore * sqrt(logn / c[k].visits);
		if (score > top) {
			top = score;
			best = k;
		}
	}
	return best;
}

static int push(search *s, size_t depth, uint32_t i, int seat)
{
	if (depth >= s->path_room) {
		size_t room = s->path_room * 2;
		uint32_t *p = realloc(s->path, room * sizeof(*p));
		int *q;

		if (!p)
			return BG_ENOMEM;
		s->path = p;
		if (!(q = realloc(s->seats, room * sizeof(*q))))
			return BG_ENOMEM;
		s->seats = q;
		s->path_room = room;
	}
	s->path[depth] = i;
	s->seats[depth] = seat;
	return 0;
}

/* The value of the playout's last position for seat 0: the evaluation
 * (the result once the game is over), else 1 won, 0 lost, 0.5 drawn or cut
 * off. */
static int result(search *s, double *value)
{
	int status, winner;

	if (s->evaluates)
		return bg_evaluate(s->g, 0, value);
	bg_outcome(s->g, &status, &winner, NULL);
	*value = status == BG_WIN ? (winner == 0 ? 1.0 : 0.0) : 0.5;
	return 0;
}

/* One iteration: select, expand, play out, back up. */
static int iterate(search *s)
{
	size_t depth = 0, n, k;
	uint32_t i = 0, plies = 0, made;
	int status, seat, error;
	long limit;
	double value; /* the result for seat 0, 0..1 */

	if ((error = push(s, 0, 0, -1)) < 0)
		return error;
	/* Down the tree. */
	for (;;) {
		bg_outcome(s->g, &status, NULL, NULL);
		if (status != BG_ONGOING)
			break;
		if (s->nodes[i].child == UNEXPANDED) {
			/* A leaf grows on its second visit (the root at once). */
			if (i != 0 && s->nodes[i].visits == 0)
				break;
			if ((error = bg_legal_moves(s->g, s->moves, s->cap, &n)) < 0)
				return error;
			if (n == 0 || expand(s, i, n) < 0)
				break;
		} else if ((error = bg_legal_moves(s->g, s->moves, s->cap,
						   &n)) < 0) {
			return error;
		}
		if (n != s->nodes[i].nchild)
			return BG_EINVAL; /* the move order is not stable */
		k = select_child(s, i);
		seat = bg_to_move(s->g);
		if ((error = bg_play(s->g, &s->moves[k])) < 0)
			return error;
		plies++;
		i = s->nodes[i].child + (uint32_t)k;
		if ((error = push(s, ++depth, i, seat)) < 0)
			return error;
	}
	/* Random moves to the end, or to the cap (a draw); to the cutoff
	 * when the game can evaluate the position there. */
	limit = s->evaluates ? s->p->cutoff : s->p->ply_cap;
	if ((error = bg_playout(s->g, &s->playout_rng, (uint32_t)limit,
				&made)) < 0)
		return error;
	plies += made;
	if ((error = result(s, &value)) < 0)
		return error;
	while (plies--)
		if ((error = bg_undo(s->g)) < 0)
			return error;
	/* Back up: each node counts the result for the seat that moved into
	 * it, so its parent picks it by its own mover's interest. */
	for (k = 0; k <= depth; k++) {
		node *nd = &s->nodes[s->path[k]];

		nd->visits++;
		nd->wins += (float)(s->seats[k] == 1 ? 1 - value : value);
	}
	return 0;
}

int mcts_choose(const bg_game *g, const mcts_params *p, rng *r, bg_move *out,
		mcts_stats *stats)
{
	search s;
	size_t n, k, best = 0;
	double deadline = 0, value;
	long done = 0;
	int status, error;

	if (!g || !p || !r || !out)
		return BG_EINVAL;
	if ((error = bg_outcome(g, &status, NULL, NULL)) < 0)
		return error;
	if (status != BG_ONGOING)
		return BG_EGAMEOVER;

	memset(&s, 0, sizeof(s));
	s.p = p;
	s.r = r;
	s.playout_rng = rng_next(r);
	s.cap = bg_max_moves(g);
	s.room = 1024;
	s.path_room = 64;
	s.moves = malloc((s.cap ? s.cap : 1) * sizeof(*s.moves));
	s.nodes = malloc(s.room * sizeof(*s.nodes));
	s.path = malloc(s.path_room * sizeof(*s.path));
	s.seats = malloc(s.path_room * sizeof(*s.seats));
	error = BG_ENOMEM;
	if (!s.moves || !s.nodes || !s.path || !s.seats)
		goto out;
	if ((error = bg_game_clone(&s.g, g)) < 0)
		goto out;
	s.evaluates = bg_evaluate(g, 0, &value) != BG_ENOTSUP;
	if ((error = bg_legal_moves(s.g, s.moves, s.cap, &n)) < 0)
		goto out;
	error = BG_EGAMEOVER;
	if (n == 0)
		goto out;
	*out = s.moves[0];
	if (n > 1) {
		s.nodes[0].visits = 0;
		s.nodes[0].wins = 0;
		s.nodes[0].child = UNEXPANDED;
		s.nodes[0].nchild = 0;
		s.nnodes = 1;
		if (p->seconds > 0)
			deadline = now() + p->seconds;
		while (p->seconds > 0 ? done == 0 || now() < deadline
				      : done < p->playouts) {
			if ((error = iterate(&s)) < 0)
				goto out;
			done++;
		}
		/* The most visited move; ties go to the better mean. */
		if (s.nodes[0].child != UNEXPANDED) {
			const node *c = &s.nodes[s.nodes[0].child];

			for (k = 1; k < s.nodes[0].nchild; k++)
				if (c[k].visits > c[best].visits ||
				    (c[k].visits == c[best].visits &&
				     c[k].visits > 0 &&
				     c[k].wins > c[best].wins))
					best = k;
			if ((error = bg_legal_moves(s.g, s.moves, s.cap,
						    &n)) < 0)
				goto out;
			*out = s.moves[best];
		}
	}
	if (stats) {
		stats->playouts = done;
		stats->nodes = (long)s.nnodes;
		stats->visits = 0;
		stats->value = 0.5;
		if (s.nnodes > 1 && s.nodes[0].child != UNEXPANDED) {
			const node *c = &s.nodes[s.nodes[0].child + best];

			stats->visits = c->visits;
			value = c->visits ? c->wins / c->visits : 0.5;
			stats->value = value;
		}
	}
	error = 0;
out:
	bg_game_free(s.g);
	free(s.moves);
	free(s.nodes);
	free(s.path);
	free(s.seats);
	return error;
}
