/*
 * The searcher of <boardgames/search.h>: UCT over the public API.
 *
 * Each worker has a copy of the root game, a tree and random generators
 * of its own, and runs on one of the searcher's threads (a pool made with
 * it, core/pool.h); the workers share only the stop flag, so a search
 * limited by playouts does the same work whatever the clock says. A node
 * keeps no move: its children are the legal moves of its position in the
 * order bg_legal_moves() gives them (deterministic, see the API), so child
 * k is found again by generating the moves and taking the k-th. Children
 * are made after their parent, so every node's index is above its
 * parent's: re-rooting the tree compacts it in place, in index order.
 */
#define _POSIX_C_SOURCE 200809L
#include <boardgames/search.h>

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/pool.h"
#include "core/rules.h" /* bg_seterr() only: no game is known here */

#define UNEXPANDED UINT32_MAX
#define DROP UINT32_MAX       /* remap: not in the kept subtree */
#define KEEP (UINT32_MAX - 1) /* remap: kept, new index not yet given */
#define FIRST_ROOM 4096       /* nodes of a tree's first block */
#define FIRST_PATH 256
#define MAX_NODES_LIMIT (UINT32_MAX - 2)

/* What iterate() reports besides errors. */
#define NODE_LIMIT 1 /* the think's node limit is reached */
/* How long the threads of a searcher spin after a think before they
 * sleep: long enough to span an opponent's think at a few milliseconds a
 * move, when a sleeping core would wake milliseconds late (see
 * core/pool.h). */
#define SPIN_NS 50000000LL

typedef struct node {
	uint32_t visits;
	float wins;      /* results for the seat that moved into this node */
	uint32_t child;  /* index of the first child, or UNEXPANDED */
	uint32_t nchild;
} node;

typedef struct worker {
	bg_search *s;
	bg_game *g;           /* the root, played on and taken back */
	uint64_t rng;         /* selection draws */
	uint64_t playout_rng; /* the state bg_playout() advances */
	bg_move *moves;       /* room for bg_max_moves() */
	size_t cap;
	node *nodes;
	uint32_t *remap;      /* scratch of re-rooting, as long as nodes */
	size_t nnodes, room, max_nodes;
	uint32_t *path;       /* nodes of the current iteration, root first */
	int *seats;           /* the seat that moved into path[i] */
	size_t path_room;
	/* This think's share of the limits, and what it did. */
	uint64_t budget;
	size_t node_limit;
	uint64_t done;
	int error;
	int ran_on;           /* the pool thread that ran it; 0: the caller */
	atomic_int taken;     /* a thread has taken it in this think */
	/* Keeps the next worker's fields off the cache lines this one's
	 * thread writes. */
	char pad[64];
} worker;

/* A root move, all threads summed: bg_search_analysis(). */
typedef struct line {
	bg_move move;
	uint64_t visits;
	double wins;
	uint32_t k;   /* its index in the legal moves */
} line;

struct bg_search {
	bg_search_options o;
	atomic_int stop;
	int evaluates;        /* this think backs up bg_evaluate() */
	double deadline;      /* 0: none */
	uint64_t choice_rng;  /* the noisy choice of the low levels */
	uint64_t playouts;    /* of the last think */
	double seconds;
	line *lines;          /* room for bg_max_moves() */
	worker *w;            /* o.threads of them */
	bg_pool *pool;        /* o.threads threads, the caller's included */
};

/* Levels 1 .. 10: the playouts of a think (0: no cap), the power of the
 * visits a move is drawn by (0: no draw, the most visited), and whether
 * the evaluation is used. Each level about triples the playouts. */
static const struct level {
	uint64_t playouts;
	int noise;
	int evaluates;
} levels[BG_SEARCH_LEVEL_MAX] = {
	{ 10, 1, 0 },     { 30, 2, 0 },      { 100, 4, 0 },
	{ 300, 0, 1 },    { 1000, 0, 1 },    { 3000, 0, 1 },
	{ 10000, 0, 1 },  { 30000, 0, 1 },   { 100000, 0, 1 },
	{ 0, 0, 1 },
};

static uint64_t splitmix(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* xorshift64*: the state is never 0. */
static uint64_t next(uint64_t *r)
{
	*r ^= *r >> 12;
	*r ^= *r << 25;
	*r ^= *r >> 27;
	return *r * 0x2545f4914f6cdd1dULL;
}

static size_t below(uint64_t *r, size_t n)
{
	return (size_t)((next(r) >> 11) % n);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* n split over t parts: part i's share, the first ones taking the rest. */
static uint64_t share(uint64_t n, int t, int i)
{
	return n / (uint64_t)t + ((uint64_t)i < n % (uint64_t)t);
}

/* ---- Options ------------------------------------------------------------ */

int bg_search_options_init(bg_search_options *opts, unsigned int version)
{
	if (!opts)
		return bg_seterr(BG_EINVAL, "bg_search_options_init: NULL options");
	if (version != BG_SEARCH_OPTIONS_VERSION)
		return bg_seterr(BG_EINVAL, "bg_search_options_init: version %u "
				 "is not %d", version, BG_SEARCH_OPTIONS_VERSION);
	memset(opts, 0, sizeof(*opts));
	opts->version = version;
	opts->level = BG_SEARCH_LEVEL_MAX;
	opts->threads = 1;
	opts->seed = 1;
	opts->max_nodes = 4u * 1024 * 1024;
	opts->explore = 0.7;
	opts->ply_cap = 500;
	opts->cutoff = 1;
	return BG_OK;
}

static int check_options(const bg_search_options *o)
{
	if (o->version != BG_SEARCH_OPTIONS_VERSION)
		return bg_seterr(BG_EINVAL, "search options: version %u is not %d",
				 o->version, BG_SEARCH_OPTIONS_VERSION);
	if (o->level < BG_SEARCH_LEVEL_MIN || o->level > BG_SEARCH_LEVEL_MAX)
		return bg_seterr(BG_EINVAL, "search options: level %d is not "
				 "%d..%d", o->level, BG_SEARCH_LEVEL_MIN,
				 BG_SEARCH_LEVEL_MAX);
	if (o->threads < 1 || o->threads > BG_SEARCH_THREADS_MAX)
		return bg_seterr(BG_EINVAL, "search options: threads %d is not "
				 "1..%d", o->threads, BG_SEARCH_THREADS_MAX);
#ifndef BG_POOL_THREADS
	if (o->threads > 1)
		return bg_seterr(BG_ENOTSUP, "search options: threads %d in a "
				 "build without threads", o->threads);
#endif
	if (o->max_nodes < 2 * (size_t)o->threads ||
	    o->max_nodes > MAX_NODES_LIMIT)
		return bg_seterr(BG_EINVAL, "search options: max_nodes %zu is "
				 "not 2 per thread .. %lu", o->max_nodes,
				 (unsigned long)MAX_NODES_LIMIT);
	if (!(o->explore >= 0 && o->explore <= 100))
		return bg_seterr(BG_EINVAL, "search options: explore %g is not "
				 "0..100", o->explore);
	if (o->ply_cap < 1 || o->ply_cap > 100000)
		return bg_seterr(BG_EINVAL, "search options: ply_cap %u is not "
				 "1..100000", (unsigned)o->ply_cap);
	if (o->cutoff > o->ply_cap)
		return bg_seterr(BG_EINVAL, "search options: cutoff %u is over "
				 "ply_cap %u", (unsigned)o->cutoff,
				 (unsigned)o->ply_cap);
	return BG_OK;
}

/* ---- Trees -------------------------------------------------------------- */

static void reset_tree(worker *w)
{
	w->nodes[0].visits = 0;
	w->nodes[0].wins = 0;
	w->nodes[0].child = UNEXPANDED;
	w->nodes[0].nchild = 0;
	w->nnodes = 1;
}

/* Room for n more nodes: 0, or -1 when past max_nodes or out of memory. */
static int grow(worker *w, size_t n)
{
	size_t room = w->room;
	node *nodes;
	uint32_t *remap;

	if (w->nnodes + n > w->max_nodes)
		return -1;
	if (w->nnodes + n <= w->room)
		return 0;
	while (room < w->nnodes + n)
		room *= 2;
	if (room > w->max_nodes)
		room = w->max_nodes;
	if (!(nodes = realloc(w->nodes, room * sizeof(*nodes))))
		return -1;
	w->nodes = nodes;
	if (!(remap = realloc(w->remap, room * sizeof(*remap))))
		return -1;
	w->remap = remap;
	w->room = room;
	return 0;
}

/* Give node i its children (one per legal move): 0; NODE_LIMIT when the
 * think's node limit forbids it; -1 when the tree is full (the node stays
 * a leaf). */
static int expand(worker *w, uint32_t i, size_t nmoves)
{
	size_t k;

	if (w->nnodes + nmoves > w->node_limit)
		return NODE_LIMIT;
	if (nmoves > UINT32_MAX || grow(w, nmoves) < 0)
		return -1;
	for (k = 0; k < nmoves; k++) {
		node *c = &w->nodes[w->nnodes + k];

		c->visits = 0;
		c->wins = 0;
		c->child = UNEXPANDED;
		c->nchild = 0;
	}
	w->nodes[i].child = (uint32_t)w->nnodes;
	w->nodes[i].nchild = (uint32_t)nmoves;
	w->nnodes += nmoves;
	return 0;
}

/* Make child k of the root the root, keeping its subtree: an in-place
 * compaction in index order, which keeps the nodes' relative order (a
 * node's new index is never above its old one). */
static void reroot(worker *w, size_t k)
{
	uint32_t r, i, n, next = 0;

	if (w->nodes[0].child == UNEXPANDED || k >= w->nodes[0].nchild) {
		reset_tree(w);
		return;
	}
	r = w->nodes[0].child + (uint32_t)k;
	n = (uint32_t)w->nnodes;
	for (i = 0; i < n; i++)
		w->remap[i] = DROP;
	w->remap[r] = KEEP;
	for (i = r; i < n; i++) {
		const node *nd = &w->nodes[i];
		uint32_t c;

		if (w->remap[i] != KEEP || nd->child == UNEXPANDED)
			continue;
		for (c = 0; c < nd->nchild; c++)
			w->remap[nd->child + c] = KEEP;
	}
	for (i = r; i < n; i++)
		if (w->remap[i] == KEEP)
			w->remap[i] = next++;
	for (i = r; i < n; i++) {
		node nd = w->nodes[i];

		if (w->remap[i] == DROP)
			continue;
		if (nd.child != UNEXPANDED)
			nd.child = w->remap[nd.child];
		w->nodes[w->remap[i]] = nd;
	}
	w->nnodes = next;
}

/* ---- One playout -------------------------------------------------------- */

/* The child of node i to walk into: an unvisited one at random, else the
 * best by UCB1. */
static size_t select_child(worker *w, uint32_t i)
{
	const node *n = &w->nodes[i];
	const node *c = &w->nodes[n->child];
	double explore = w->s->o.explore, logn, score, top = -1;
	size_t k, start, best = 0;

	start = below(&w->rng, n->nchild);
	for (k = 0; k < n->nchild; k++) {
		size_t j = (start + k) % n->nchild;

		if (c[j].visits == 0)
			return j;
	}
	logn = log((double)n->visits);
	for (k = 0; k < n->nchild; k++) {
		score = c[k].wins / c[k].visits +
			explore * sqrt(logn / c[k].visits);
		if (score > top) {
			top = score;
			best = k;
		}
	}
	return best;
}

static int push(worker *w, size_t depth, uint32_t i, int seat)
{
	if (depth >= w->path_room) {
		size_t room = w->path_room * 2;
		uint32_t *p;
		int *q;

		if (!(p = realloc(w->path, room * sizeof(*p))))
			return bg_seterr(BG_ENOMEM, "search: no memory for the path");
		w->path = p;
		if (!(q = realloc(w->seats, room * sizeof(*q))))
			return bg_seterr(BG_ENOMEM, "search: no memory for the path");
		w->seats = q;
		w->path_room = room;
	}
	w->path[depth] = i;
	w->seats[depth] = seat;
	return 0;
}

/* The value of the playout's last position for seat 0: the evaluation
 * (the result once the game is over), else 1 won, 0 lost, 0.5 drawn or cut
 * off. */
static int result(worker *w, double *value)
{
	int status, winner;

	if (w->s->evaluates)
		return bg_evaluate(w->g, 0, value);
	bg_outcome(w->g, &status, &winner, NULL);
	*value = status == BG_WIN ? (winner == 0 ? 1.0 : 0.0) : 0.5;
	return 0;
}

/* Down the tree from the root, growing it by one node's children; *depth
 * gets the path's last index and *plies the moves played. */
static int descend(worker *w, size_t *depth, uint32_t *plies)
{
	uint32_t i = 0;
	size_t n, k;
	int status, seat, error;

	for (;;) {
		bg_outcome(w->g, &status, NULL, NULL);
		if (status != BG_ONGOING)
			return 0;
		if (w->nodes[i].child == UNEXPANDED) {
			/* A leaf grows on its second visit (the root at once). */
			if (i != 0 && w->nodes[i].visits == 0)
				return 0;
			if ((error = bg_legal_moves(w->g, w->moves, w->cap, &n)) < 0)
				return error;
			if (n == 0 || (error = expand(w, i, n)) < 0)
				return 0;
			if (error == NODE_LIMIT)
				return NODE_LIMIT;
		} else if ((error = bg_legal_moves(w->g, w->moves, w->cap,
						   &n)) < 0) {
			return error;
		}
		if (n != w->nodes[i].nchild)
			return bg_seterr(BG_EINVAL, "search: the legal moves of a "
					 "position changed");
		k = select_child(w, i);
		seat = bg_to_move(w->g);
		if ((error = bg_play(w->g, &w->moves[k])) < 0)
			return error;
		++*plies;
		i = w->nodes[i].child + (uint32_t)k;
		if ((error = push(w, ++*depth, i, seat)) < 0)
			return error;
	}
}

/* One playout: select, expand, play out, back up. The root game is as it
 * was afterwards, whatever happened; on NODE_LIMIT or an error nothing is
 * backed up. */
static int iterate(worker *w)
{
	size_t depth = 0, k;
	uint32_t plies = 0, made;
	uint32_t limit = w->s->evaluates ? w->s->o.cutoff : w->s->o.ply_cap;
	double value = 0.5; /* the result for seat 0, 0..1 */
	int error;

	if ((error = push(w, 0, 0, -1)) < 0)
		return error;
	error = descend(w, &depth, &plies);
	if (error == 0) {
		/* Random moves to the end, or to the cap (a draw); to the
		 * cutoff when the evaluation is backed up. */
		error = bg_playout(w->g, &w->playout_rng, limit, &made);
		if (error == 0) {
			plies += made;
			error = result(w, &value);
		}
	}
	while (plies--)
		bg_undo(w->g);
	if (error)
		return error;
	/* Each node counts the result for the seat that moved into it, so
	 * its parent picks it by its own mover's interest. */
	for (k = 0; k <= depth; k++) {
		node *nd = &w->nodes[w->path[k]];

		nd->visits++;
		nd->wins += (float)(w->seats[k] == 1 ? 1 - value : value);
	}
	return 0;
}

static int stopped(bg_search *s)
{
	return atomic_load_explicit(&s->stop, memory_order_relaxed) ||
	       (s->deadline > 0 && now() >= s->deadline);
}

static void run(worker *w)
{
	uint64_t done = 0;
	int rc;

	while (done < w->budget && !stopped(w->s)) {
		if ((rc = iterate(w)) == NODE_LIMIT)
			break;
		if (rc < 0) {
			w->error = rc;
			atomic_store(&w->s->stop, 1); /* the others stop too */
			break;
		}
		done++;
	}
	w->done = done;
}

/* A pool thread's part of a think: its own worker, then any other no
 * thread has taken yet (a thread that wakes late leaves its worker to
 * the others: a worker's playouts do not depend on the thread). */
static void run_workers(void *arg, int thread)
{
	bg_search *s = arg;

	for (int k = 0; k < s->o.threads; k++) {
		worker *w = &s->w[(thread + k) % s->o.threads];

		if (atomic_exchange(&w->taken, 1))
			continue;
		w->ran_on = thread;
		run(w);
		bg_pool_done(s->pool, 1);
	}
}

/* Run every worker on the pool, the calling thread being one of it. */
static void run_all(bg_search *s)
{
	bg_pool_close(s->pool);
	for (int t = 0; t < s->o.threads; t++)
		atomic_store_explicit(&s->w[t].taken, 0, memory_order_relaxed);
	bg_pool_run(s->pool, (size_t)s->o.threads);
}

/* ---- Making and freeing ------------------------------------------------- */

static void free_worker(worker *w)
{
	bg_game_free(w->g);
	free(w->moves);
	free(w->nodes);
	free(w->remap);
	free(w->path);
	free(w->seats);
}

void bg_search_free(bg_search *s)
{
	int t;

	if (!s)
		return;
	bg_pool_free(s->pool);
	for (t = 0; t < s->o.threads; t++)
		free_worker(&s->w[t]);
	free(s->w);
	free(s->lines);
	free(s);
}

static int make_worker(bg_search *s, worker *w, const bg_game *g, int t,
		       uint64_t *seeds)
{
	size_t cap = bg_max_moves(g);

	w->s = s;
	atomic_init(&w->taken, 0);
	w->cap = cap ? cap : 1;
	w->max_nodes = (size_t)share(s->o.max_nodes, s->o.threads, t);
	w->room = w->max_nodes < FIRST_ROOM ? w->max_nodes : FIRST_ROOM;
	w->path_room = FIRST_PATH;
	w->rng = splitmix(seeds) | 1;
	w->playout_rng = splitmix(seeds);
	w->moves = malloc(w->cap * sizeof(*w->moves));
	w->nodes = malloc(w->room * sizeof(*w->nodes));
	w->remap = malloc(w->room * sizeof(*w->remap));
	w->path = malloc(w->path_room * sizeof(*w->path));
	w->seats = malloc(w->path_room * sizeof(*w->seats));
	if (!w->moves || !w->nodes || !w->remap || !w->path || !w->seats)
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	reset_tree(w);
	return bg_game_clone(&w->g, g);
}

int bg_search_new(bg_search **out, const bg_game *g,
		  const bg_search_options *opts)
{
	bg_search_options defaults;
	bg_search *s;
	uint64_t seeds;
	int t, error;

	if (!out)
		return bg_seterr(BG_EINVAL, "bg_search_new: NULL out");
	*out = NULL;
	if (!g)
		return bg_seterr(BG_EINVAL, "bg_search_new: NULL game");
	if (!opts) {
		bg_search_options_init(&defaults, BG_SEARCH_OPTIONS_VERSION);
		opts = &defaults;
	}
	if ((error = check_options(opts)) < 0)
		return error;
	if (!(s = calloc(1, sizeof(*s))))
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	s->o = *opts;
	atomic_init(&s->stop, 0);
	seeds = opts->seed;
	s->choice_rng = splitmix(&seeds) | 1;
	s->lines = malloc((bg_max_moves(g) + 1) * sizeof(*s->lines));
	s->w = calloc((size_t)opts->threads, sizeof(*s->w));
	if (!s->lines || !s->w) {
		free(s->lines);
		free(s->w);
		free(s);
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	}
	for (t = 0; t < opts->threads; t++) {
		if ((error = make_worker(s, &s->w[t], g, t, &seeds)) < 0) {
			bg_search_free(s);
			return error;
		}
	}
	if ((error = bg_pool_new(&s->pool, opts->threads, SPIN_NS, run_workers,
				 s)) < 0) {
		bg_search_free(s);
		return error;
	}
	*out = s;
	return BG_OK;
}

/* ---- The root moves ----------------------------------------------------- */

static int by_visits(const void *a, const void *b)
{
	const line *x = a, *y = b;
	double mx = x->visits ? x->wins / (double)x->visits : 0.5;
	double my = y->visits ? y->wins / (double)y->visits : 0.5;

	if (x->visits != y->visits)
		return x->visits > y->visits ? -1 : 1;
	if (mx != my)
		return mx > my ? -1 : 1;
	return x->k < y->k ? -1 : x->k > y->k;
}

/* Heapsort by by_visits(): in place, since qsort() may allocate and think
 * must not (the order is total, so any sort gives the same result). */
static void sift(line *l, size_t root, size_t n)
{
	size_t child;
	line t;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && by_visits(&l[child], &l[child + 1]) < 0)
			child++;
		if (by_visits(&l[root], &l[child]) >= 0)
			return;
		t = l[root];
		l[root] = l[child];
		l[child] = t;
		root = child;
	}
}

static void sort_lines(line *l, size_t n)
{
	size_t k;
	line t;

	for (k = n / 2; k-- > 0;)
		sift(l, k, n);
	for (k = n; k-- > 1;) {
		t = l[0];
		l[0] = l[k];
		l[k] = t;
		sift(l, 0, k);
	}
}

/* s->lines[0 .. *n-1]: the root moves with every thread's figures, most
 * visited first. */
static int gather(bg_search *s, size_t *n)
{
	worker *w0 = &s->w[0];
	size_t k;
	int t, status, error;

	bg_outcome(w0->g, &status, NULL, NULL);
	if (status != BG_ONGOING)
		return bg_seterr(BG_EGAMEOVER, "search: the root game is over");
	if ((error = bg_legal_moves(w0->g, w0->moves, w0->cap, n)) < 0)
		return error;
	for (k = 0; k < *n; k++) {
		line *l = &s->lines[k];

		l->move = w0->moves[k];
		l->visits = 0;
		l->wins = 0;
		l->k = (uint32_t)k;
		for (t = 0; t < s->o.threads; t++) {
			const worker *w = &s->w[t];
			const node *c;

			if (w->nodes[0].child == UNEXPANDED ||
			    w->nodes[0].nchild != *n)
				continue;
			c = &w->nodes[w->nodes[0].child + k];
			l->visits += c->visits;
			l->wins += c->wins;
		}
	}
	sort_lines(s->lines, *n);
	return BG_OK;
}

/* The worker that visited root move k most, and that child's node; NULL
 * when none did. */
static worker *best_worker(bg_search *s, uint32_t k, uint32_t *node_out)
{
	worker *best = NULL;
	uint32_t most = 0;
	int t;

	for (t = 0; t < s->o.threads; t++) {
		worker *w = &s->w[t];
		uint32_t c;

		if (w->nodes[0].child == UNEXPANDED || k >= w->nodes[0].nchild)
			continue;
		c = w->nodes[0].child + k;
		if (!best || w->nodes[c].visits > most) {
			best = w;
			most = w->nodes[c].visits;
			*node_out = c;
		}
	}
	return best;
}

/* The most visited child of node i (the first of equals), or -1 when it
 * has none visited. */
static long most_visited(const worker *w, uint32_t i)
{
	const node *nd = &w->nodes[i];
	uint32_t k, most = 0;
	long best = -1;

	if (nd->child == UNEXPANDED)
		return -1;
	for (k = 0; k < nd->nchild; k++)
		if (w->nodes[nd->child + k].visits > most) {
			most = w->nodes[nd->child + k].visits;
			best = k;
		}
	return best;
}

static uint32_t pv_length(bg_search *s, uint32_t k)
{
	uint32_t i, len = 1;
	worker *w = best_worker(s, k, &i);
	long c;

	if (!w)
		return 1;
	while ((c = most_visited(w, i)) >= 0) {
		i = w->nodes[i].child + (uint32_t)c;
		len++;
	}
	return len;
}

int bg_search_analysis(bg_search *s, bg_search_line *buf, size_t cap,
		       size_t *n)
{
	size_t k, count;
	int error;

	if (!s || !n || (!buf && cap))
		return bg_seterr(BG_EINVAL, "bg_search_analysis: NULL argument");
	if ((error = gather(s, &count)) < 0)
		return error;
	*n = count;
	if (!buf && !cap)
		return BG_OK;
	for (k = 0; k < count && k < cap; k++) {
		const line *l = &s->lines[k];

		buf[k].move = l->move;
		buf[k].visits = l->visits;
		buf[k].value = l->visits ? l->wins / (double)l->visits : 0.5;
		buf[k].depth = pv_length(s, l->k);
	}
	if (cap < count)
		return bg_seterr(BG_EBUFSIZE, "bg_search_analysis: room for %zu "
				 "lines, %zu needed", cap, count);
	return BG_OK;
}

int bg_search_pv(bg_search *s, size_t k, bg_move *buf, size_t cap, size_t *n)
{
	size_t count, len = 0, played = 0;
	uint32_t i;
	worker *w;
	long c;
	int error = 0;

	if (!s || !n || (!buf && cap))
		return bg_seterr(BG_EINVAL, "bg_search_pv: NULL argument");
	if ((error = gather(s, &count)) < 0)
		return error;
	if (k >= count)
		return bg_seterr(BG_EINVAL, "bg_search_pv: no line %zu of %zu",
				 k, count);
	if (cap > 0)
		buf[0] = s->lines[k].move;
	len = 1;
	w = best_worker(s, s->lines[k].k, &i);
	if (w && (error = bg_play(w->g, &s->lines[k].move)) == 0) {
		played = 1;
		while ((c = most_visited(w, i)) >= 0) {
			size_t nm;

			if ((error = bg_legal_moves(w->g, w->moves, w->cap,
						    &nm)) < 0 ||
			    (size_t)c >= nm)
				break;
			if (len < cap)
				buf[len] = w->moves[c];
			len++;
			if ((error = bg_play(w->g, &w->moves[c])) < 0)
				break;
			played++;
			i = w->nodes[i].child + (uint32_t)c;
		}
	}
	while (played--)
		bg_undo(w->g);
	if (error < 0)
		return error;
	*n = len;
	if (cap && cap < len)
		return bg_seterr(BG_EBUFSIZE, "bg_search_pv: room for %zu moves, "
				 "%zu needed", cap, len);
	return BG_OK;
}

/* ---- Thinking ----------------------------------------------------------- */

/* The move to play from the gathered lines: the first, or at the noisy
 * levels one drawn with weight visits^noise. */
static const bg_move *choose(bg_search *s, size_t n)
{
	int noise = levels[s->o.level - 1].noise;
	double total = 0, x;
	size_t k;
	int p;

	if (!noise || s->lines[0].visits == 0)
		return &s->lines[0].move;
	for (k = 0; k < n; k++) {
		double v = 1;

		for (p = 0; p < noise; p++)
			v *= (double)s->lines[k].visits;
		total += v;
	}
	x = (double)(next(&s->choice_rng) >> 11) * 0x1p-53 * total;
	for (k = 0; k < n; k++) {
		double v = 1;

		if (!s->lines[k].visits)
			break; /* sorted: the rest are unvisited */
		for (p = 0; p < noise; p++)
			v *= (double)s->lines[k].visits;
		if (x < v)
			return &s->lines[k].move;
		x -= v;
	}
	return &s->lines[0].move;
}

/* Each worker's share of this think's limits. */
static void share_limits(bg_search *s, const bg_search_limits *limits)
{
	uint64_t cap = levels[s->o.level - 1].playouts;
	uint64_t playouts = limits ? limits->playouts : 0;
	size_t nodes = limits ? limits->nodes : 0;
	int t, n = s->o.threads;

	if (cap && (!playouts || playouts > cap))
		playouts = cap;
	for (t = 0; t < n; t++) {
		worker *w = &s->w[t];

		w->budget = playouts ? share(playouts, n, t) : UINT64_MAX;
		w->node_limit = nodes ? (size_t)share(nodes, n, t) : SIZE_MAX;
		w->done = 0;
		w->error = 0;
	}
}

int bg_search_think(bg_search *s, const bg_search_limits *limits,
		    bg_move *best)
{
	double start = now(), value;
	size_t n;
	int t, error = 0;

	if (!s)
		return bg_seterr(BG_EINVAL, "bg_search_think: NULL searcher");
	if (limits && !(limits->seconds >= 0))
		return bg_seterr(BG_EINVAL, "bg_search_think: seconds %g",
				 limits->seconds);
	s->playouts = 0;
	s->seconds = 0;
	if ((error = gather(s, &n)) < 0)
		goto out;
	if (n == 0) {
		error = bg_seterr(BG_EGAMEOVER, "bg_search_think: no legal move");
		goto out;
	}
	if (n > 1) {
		s->evaluates = levels[s->o.level - 1].evaluates &&
			bg_evaluate(s->w[0].g, 0, &value) != BG_ENOTSUP;
		s->deadline = limits && limits->seconds > 0 ?
			start + limits->seconds : 0;
		share_limits(s, limits);
		run_all(s);
		for (t = 0; t < s->o.threads; t++) {
			s->playouts += s->w[t].done;
			/* The detail of another thread's error stayed there. */
			if (s->w[t].error && !error)
				error = s->w[t].ran_on == 0 ? s->w[t].error :
					bg_seterr(s->w[t].error, "bg_search_think: "
						  "thread %d: %s", s->w[t].ran_on,
						  bg_strerror(s->w[t].error));
		}
		if (error || (error = gather(s, &n)) < 0)
			goto out;
	}
	if (best)
		*best = *choose(s, n);
out:
	s->seconds = now() - start;
	atomic_store(&s->stop, 0);
	return error;
}

void bg_search_stop(bg_search *s)
{
	if (s)
		atomic_store(&s->stop, 1);
}

/* ---- Following the game ------------------------------------------------- */

int bg_search_play(bg_search *s, const bg_move *m)
{
	worker *w0;
	size_t n, k;
	int t, error;

	if (!s || !m)
		return bg_seterr(BG_EINVAL, "bg_search_play: NULL argument");
	w0 = &s->w[0];
	if ((error = bg_legal_moves(w0->g, w0->moves, w0->cap, &n)) < 0)
		return error;
	for (k = 0; k < n && !bg_move_equal(&w0->moves[k], m); k++)
		;
	for (t = 0; t < s->o.threads; t++) {
		if ((error = bg_play(s->w[t].g, m)) < 0) {
			while (t--)
				bg_undo(s->w[t].g);
			return error;
		}
	}
	for (t = 0; t < s->o.threads; t++)
		reroot(&s->w[t], k);
	return BG_OK;
}

/* Whether g is the root's game with moves after it: the same spec and
 * start, and the root's history first in g's. */
static int extends_root(bg_search *s, const bg_game *g)
{
	const bg_game *root = s->w[0].g;
	uint32_t h0 = bg_history_length(root), h1 = bg_history_length(g), i;
	bg_move a, b;

	if (strcmp(bg_game_spec(root), bg_game_spec(g)) != 0 || h1 < h0 ||
	    bg_ply(root) - h0 != bg_ply(g) - h1)
		return 0;
	for (i = 0; i < h0; i++)
		if (bg_history_move(root, i, &a) < 0 ||
		    bg_history_move(g, i, &b) < 0 || !bg_move_equal(&a, &b))
			return 0;
	return 1;
}

static int same_state(const bg_game *a, const bg_game *b)
{
	int sa, sb, wa, wb;

	bg_outcome(a, &sa, &wa, NULL);
	bg_outcome(b, &sb, &wb, NULL);
	return bg_hash(a) == bg_hash(b) && bg_ply(a) == bg_ply(b) &&
	       sa == sb && wa == wb;
}

/* Start over from copies of g, with empty trees; the move lists grow
 * when g can have more moves than the root's game. All or nothing. */
static int restart(bg_search *s, const bg_game *g)
{
	bg_game *copies[BG_SEARCH_THREADS_MAX] = { NULL };
	bg_move *moves[BG_SEARCH_THREADS_MAX] = { NULL };
	size_t cap = bg_max_moves(g) ? bg_max_moves(g) : 1;
	int t, grown = cap > s->w[0].cap, error = BG_OK;
	line *lines = NULL;

	if (grown && !(lines = malloc((cap + 1) * sizeof(*lines))))
		error = bg_seterr(BG_ENOMEM, "bg_search_sync: no memory");
	for (t = 0; t < s->o.threads && !error; t++) {
		if (grown && !(moves[t] = malloc(cap * sizeof(*moves[t]))))
			error = bg_seterr(BG_ENOMEM, "bg_search_sync: no memory");
		else
			error = bg_game_clone(&copies[t], g);
	}
	if (error) {
		for (t = 0; t < s->o.threads; t++) {
			bg_game_free(copies[t]);
			free(moves[t]);
		}
		free(lines);
		return error;
	}
	for (t = 0; t < s->o.threads; t++) {
		worker *w = &s->w[t];

		bg_game_free(w->g);
		w->g = copies[t];
		if (grown) {
			free(w->moves);
			w->moves = moves[t];
			w->cap = cap;
		}
		reset_tree(w);
	}
	if (grown) {
		free(s->lines);
		s->lines = lines;
	}
	return BG_OK;
}

int bg_search_sync(bg_search *s, const bg_game *g)
{
	uint32_t i, h0, h1;
	bg_move m;

	if (!s || !g)
		return bg_seterr(BG_EINVAL, "bg_search_sync: NULL argument");
	if (extends_root(s, g)) {
		h0 = bg_history_length(s->w[0].g);
		h1 = bg_history_length(g);
		for (i = h0; i < h1; i++)
			if (bg_history_move(g, i, &m) < 0 ||
			    bg_search_play(s, &m) < 0)
				break;
		if (i == h1 && same_state(s->w[0].g, g))
			return BG_OK;
	}
	return restart(s, g);
}

/* ---- Figures ------------------------------------------------------------ */

int bg_search_info_get(const bg_search *s, bg_search_info *info)
{
	size_t bytes;
	int t;

	if (!s || !info)
		return bg_seterr(BG_EINVAL, "bg_search_info_get: NULL argument");
	memset(info, 0, sizeof(*info));
	info->playouts = s->playouts;
	info->seconds = s->seconds;
	info->max_nodes = s->o.max_nodes;
	info->threads = s->o.threads;
	info->level = s->o.level;
	info->memory = sizeof(*s) + (s->w[0].cap + 1) * sizeof(*s->lines) +
		       (size_t)s->o.threads * sizeof(*s->w);
	for (t = 0; t < s->o.threads; t++) {
		const worker *w = &s->w[t];

		uint32_t k;

		for (k = 0; w->nodes[0].child != UNEXPANDED &&
			    k < w->nodes[0].nchild; k++)
			info->root_visits += w->nodes[w->nodes[0].child + k].visits;
		info->nodes += w->nnodes;
		info->memory += w->room * (sizeof(*w->nodes) + sizeof(*w->remap)) +
				w->path_room * (sizeof(*w->path) + sizeof(*w->seats)) +
				w->cap * sizeof(*w->moves);
		if (bg_memory(w->g, &bytes, NULL) == BG_OK)
			info->memory += bytes;
	}
	return BG_OK;
}
