/*
 * The searcher of <boardgames/search.h>: UCT over the public API.
 *
 * Each thread (a worker) has a copy of the root game and random generators
 * of its own; all threads walk one tree. A node keeps no move: its
 * children are the legal moves of its position in the order
 * bg_legal_moves() gives them (deterministic, see the API), so child k is
 * found again by generating the moves and taking the k-th. Children are
 * made after their parent, so every node's index is above its parent's:
 * re-rooting the tree compacts it in place, in index order.
 *
 * With threads, a node's figures are atomics. A thread going down counts
 * its visit at once (a virtual loss: the node looks visited and not won
 * until the result comes back), so the other threads spread over other
 * moves; children are added under a lock, and published by their parent's
 * child index. The tree never moves while a thread walks it: a thread that
 * needs more room waits until the others are between playouts (parked).
 * One thread takes the plain path, atomics without read-modify-writes and
 * no lock, and its results are those of a single-threaded search.
 */
#define _POSIX_C_SOURCE 200809L
#include <boardgames/search.h>

#include <math.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/rules.h" /* bg_seterr() only: no game is known here */

/* WebAssembly builds run without threads (see search.h). */
#if !defined(__EMSCRIPTEN__)
#define SEARCH_THREADS 1
#include <pthread.h>
#endif

#define UNEXPANDED UINT32_MAX
#define DROP UINT32_MAX       /* remap: not in the kept subtree */
#define KEEP (UINT32_MAX - 1) /* remap: kept, new index not yet given */
#define FIRST_ROOM 4096       /* nodes of a tree's first block */
#define FIRST_PATH 256
#define MAX_NODES_LIMIT (UINT32_MAX - 2)

/* What iterate() reports besides errors. */
#define NODE_LIMIT 1 /* the think's node limit is reached */

/* What iterate() reports besides errors. */
#define NEED_ROOM 2 /* the tree block is full but may grow (threads) */

typedef struct node {
	_Atomic uint32_t visits;
	_Atomic float wins;      /* results for the seat that moved here */
	_Atomic uint32_t child;  /* index of the first child, or UNEXPANDED */
	_Atomic uint32_t nchild; /* set before child is published */
} node;

/* The one tree of a searcher. */
typedef struct tree {
	node *nodes;
	uint32_t *remap; /* scratch of re-rooting, as long as nodes */
	size_t nnodes, room, max_nodes;
	size_t node_limit; /* this think's */
	int full;        /* the block could not grow: no more room asked */
} tree;

typedef struct worker {
	bg_search *s;
	bg_game *g;           /* the root, played on and taken back */
	uint64_t rng;         /* selection draws */
	uint64_t playout_rng; /* the state bg_playout() advances */
	bg_move *moves;       /* room for bg_max_moves() */
	size_t cap;
	uint32_t *path;       /* nodes of the current iteration, root first */
	int *seats;           /* the seat that moved into path[i] */
	size_t path_room;
	uint64_t done;        /* playouts of this think */
	int error;
#ifdef SEARCH_THREADS
	pthread_t thread;
	int started;
#endif
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
	tree t;
	uint64_t budget;           /* this think's playouts */
	_Atomic uint64_t claimed;  /* of them, those begun */
#ifdef SEARCH_THREADS
	/* Threads only: adding children, and growing the tree block. */
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int running;               /* threads in this think's loop */
	int parked;                /* of them, those waiting for room */
	size_t need;               /* children waiting for room */
	atomic_int grow_pending;
#endif
	int evaluates;        /* this think backs up bg_evaluate() */
	double deadline;      /* 0: none */
	uint64_t choice_rng;  /* the noisy choice of the low levels */
	uint64_t playouts;    /* of the last think */
	double seconds;
	line *lines;          /* room for bg_max_moves() */
	worker *w;            /* o.threads of them */
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
#ifndef SEARCH_THREADS
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

/* Relaxed loads and stores: the threads' figures need no order among
 * themselves, and one thread pays nothing for them. */
static uint32_t get(const _Atomic uint32_t *p)
{
	return atomic_load_explicit(p, memory_order_relaxed);
}

static void set(_Atomic uint32_t *p, uint32_t v)
{
	atomic_store_explicit(p, v, memory_order_relaxed);
}

static float getf(const _Atomic float *p)
{
	return atomic_load_explicit(p, memory_order_relaxed);
}

static void setf(_Atomic float *p, float v)
{
	atomic_store_explicit(p, v, memory_order_relaxed);
}

/* The first child of a node, or UNEXPANDED; its nchild is set when it is
 * not (acquire pairs with add_children()'s release). */
static uint32_t first_child(const node *n)
{
	return atomic_load_explicit(&n->child, memory_order_acquire);
}

static void clear_node(node *n)
{
	set(&n->visits, 0);
	setf(&n->wins, 0);
	set(&n->child, UNEXPANDED);
	set(&n->nchild, 0);
}

static void reset_tree(tree *t)
{
	clear_node(&t->nodes[0]);
	t->nnodes = 1;
	t->full = 0;
}

/* Room for n more nodes, up to max_nodes: 0, or -1 when out of memory.
 * No other thread may walk the tree meanwhile: the block moves. */
static int grow(tree *t, size_t n)
{
	size_t room = t->room;
	node *nodes;
	uint32_t *remap;

	while (room < t->nnodes + n)
		room *= 2;
	if (room > t->max_nodes)
		room = t->max_nodes;
	if (!(nodes = realloc(t->nodes, room * sizeof(*nodes))))
		return -1;
	t->nodes = nodes;
	if (!(remap = realloc(t->remap, room * sizeof(*remap))))
		return -1;
	t->remap = remap;
	t->room = room;
	return 0;
}

/* Give node i its children (one per legal move): 0, also when another
 * thread gave them first; NODE_LIMIT when the think's node limit forbids
 * it; NEED_ROOM when the block must grow first (threads); -1 when the
 * tree is full (the node stays a leaf). With threads, under the lock. */
static int add_children(bg_search *s, uint32_t i, size_t nmoves)
{
	tree *t = &s->t;
	size_t k;

	if (first_child(&t->nodes[i]) != UNEXPANDED)
		return 0;
	if (t->nnodes + nmoves > t->node_limit)
		return NODE_LIMIT;
	if (nmoves > UINT32_MAX || t->nnodes + nmoves > t->max_nodes)
		return -1;
	if (t->nnodes + nmoves > t->room) {
		if (s->o.threads > 1)
			return t->full ? -1 : NEED_ROOM;
		if (grow(t, nmoves) < 0)
			return -1;
	}
	for (k = 0; k < nmoves; k++)
		clear_node(&t->nodes[t->nnodes + k]);
	set(&t->nodes[i].nchild, (uint32_t)nmoves);
	atomic_store_explicit(&t->nodes[i].child, (uint32_t)t->nnodes,
			      memory_order_release);
	t->nnodes += nmoves;
	return 0;
}

static int expand(bg_search *s, uint32_t i, size_t nmoves)
{
#ifdef SEARCH_THREADS
	int rc;

	if (s->o.threads > 1) {
		pthread_mutex_lock(&s->lock);
		rc = add_children(s, i, nmoves);
		if (rc == NEED_ROOM && nmoves > s->need)
			s->need = nmoves;
		pthread_mutex_unlock(&s->lock);
		return rc;
	}
#endif
	return add_children(s, i, nmoves);
}

/* Make child k of the root the root, keeping its subtree: an in-place
 * compaction in index order, which keeps the nodes' relative order (a
 * node's new index is never above its old one). No think runs. */
static void reroot(tree *t, size_t k)
{
	uint32_t r, i, n, c, next = 0;

	if (first_child(&t->nodes[0]) == UNEXPANDED ||
	    k >= get(&t->nodes[0].nchild)) {
		reset_tree(t);
		return;
	}
	r = get(&t->nodes[0].child) + (uint32_t)k;
	n = (uint32_t)t->nnodes;
	for (i = 0; i < n; i++)
		t->remap[i] = DROP;
	t->remap[r] = KEEP;
	for (i = r; i < n; i++) {
		const node *nd = &t->nodes[i];

		if (t->remap[i] != KEEP || get(&nd->child) == UNEXPANDED)
			continue;
		for (c = 0; c < get(&nd->nchild); c++)
			t->remap[get(&nd->child) + c] = KEEP;
	}
	for (i = r; i < n; i++)
		if (t->remap[i] == KEEP)
			t->remap[i] = next++;
	for (i = r; i < n; i++) {
		node *from = &t->nodes[i], *to;

		if (t->remap[i] == DROP)
			continue;
		to = &t->nodes[t->remap[i]];
		c = get(&from->child);
		set(&to->visits, get(&from->visits));
		setf(&to->wins, getf(&from->wins));
		set(&to->nchild, get(&from->nchild));
		set(&to->child, c == UNEXPANDED ? c : t->remap[c]);
	}
	t->nnodes = next;
}

/* ---- One playout -------------------------------------------------------- */

/* The child of node i to walk into: an unvisited one at random, else the
 * best by UCB1. With threads a visit still under way counts as a loss. */
static size_t select_child(worker *w, uint32_t i)
{
	const node *n = &w->s->t.nodes[i];
	const node *c = &w->s->t.nodes[first_child(n)];
	uint32_t nchild = get(&n->nchild), v;
	double explore = w->s->o.explore, logn, score, top = -1;
	size_t k, start, best = 0;

	start = below(&w->rng, nchild);
	for (k = 0; k < nchild; k++) {
		size_t j = (start + k) % nchild;

		if (get(&c[j].visits) == 0)
			return j;
	}
	logn = log((double)get(&n->visits));
	for (k = 0; k < nchild; k++) {
		/* 0 only when another thread took its visit back. */
		if ((v = get(&c[k].visits)) == 0)
			return k;
		score = getf(&c[k].wins) / v + explore * sqrt(logn / v);
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

/* With threads, a node's visit is counted on the way down (the virtual
 * loss) and taken back when the playout is dropped. */
static void visit(worker *w, uint32_t i, int add)
{
	if (w->s->o.threads > 1)
		atomic_fetch_add_explicit(&w->s->t.nodes[i].visits,
					  (uint32_t)add, memory_order_relaxed);
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
	tree *t = &w->s->t;
	uint32_t i = 0, seen;
	size_t n, k;
	int status, seat, error;

	for (;;) {
		bg_outcome(w->g, &status, NULL, NULL);
		if (status != BG_ONGOING)
			return 0;
		if (first_child(&t->nodes[i]) == UNEXPANDED) {
			/* A leaf grows on its second visit (the root at once);
			 * with threads this one is counted already. */
			seen = get(&t->nodes[i].visits) - (w->s->o.threads > 1);
			if (i != 0 && seen == 0)
				return 0;
			if ((error = bg_legal_moves(w->g, w->moves, w->cap, &n)) < 0)
				return error;
			if (n == 0 || (error = expand(w->s, i, n)) < 0)
				return 0;
			if (error == NODE_LIMIT || error == NEED_ROOM)
				return error;
		} else if ((error = bg_legal_moves(w->g, w->moves, w->cap,
						   &n)) < 0) {
			return error;
		}
		if (n != get(&t->nodes[i].nchild))
			return bg_seterr(BG_EINVAL, "search: the legal moves of a "
					 "position changed");
		k = select_child(w, i);
		seat = bg_to_move(w->g);
		if ((error = bg_play(w->g, &w->moves[k])) < 0)
			return error;
		++*plies;
		i = get(&t->nodes[i].child) + (uint32_t)k;
		if ((error = push(w, *depth + 1, i, seat)) < 0)
			return error;
		++*depth;
		visit(w, i, 1);
	}
}

/* Each node counts the result for the seat that moved into it, so its
 * parent picks it by its own mover's interest. */
static void back_up(worker *w, size_t depth, double value)
{
	size_t k;

	for (k = 0; k <= depth; k++) {
		node *nd = &w->s->t.nodes[w->path[k]];
		float v = (float)(w->seats[k] == 1 ? 1 - value : value);
		float old;

		if (w->s->o.threads == 1) {
			set(&nd->visits, get(&nd->visits) + 1);
			setf(&nd->wins, getf(&nd->wins) + v);
			continue;
		}
		old = getf(&nd->wins);
		while (!atomic_compare_exchange_weak_explicit(
			       &nd->wins, &old, old + v, memory_order_relaxed,
			       memory_order_relaxed))
			;
	}
}

/* One playout: select, expand, play out, back up. The root game is as it
 * was afterwards, whatever happened; on NODE_LIMIT, NEED_ROOM or an error
 * nothing is backed up. */
static int iterate(worker *w)
{
	size_t depth = 0, k;
	uint32_t plies = 0, made;
	uint32_t limit = w->s->evaluates ? w->s->o.cutoff : w->s->o.ply_cap;
	double value = 0.5; /* the result for seat 0, 0..1 */
	int error;

	if ((error = push(w, 0, 0, -1)) < 0)
		return error;
	visit(w, 0, 1);
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
	if (error) {
		for (k = 0; k <= depth; k++)
			visit(w, w->path[k], -1);
		return error;
	}
	back_up(w, depth, value);
	return 0;
}

static int stopped(bg_search *s)
{
	return atomic_load_explicit(&s->stop, memory_order_relaxed) ||
	       (s->deadline > 0 && now() >= s->deadline);
}

/* Take one playout of this think's budget: 1, or 0 when none is left.
 * The count never passes the budget, so one given back is taken again. */
static int claim(bg_search *s)
{
	uint64_t c = atomic_load_explicit(&s->claimed, memory_order_relaxed);

	do {
		if (c >= s->budget)
			return 0;
	} while (!atomic_compare_exchange_weak_explicit(
			 &s->claimed, &c, c + 1, memory_order_relaxed,
			 memory_order_relaxed));
	return 1;
}

#ifdef SEARCH_THREADS
/* Wait while another thread grows the tree. Under the lock. */
static void park(bg_search *s)
{
	s->parked++;
	pthread_cond_broadcast(&s->wake);
	while (atomic_load(&s->grow_pending))
		pthread_cond_wait(&s->wake, &s->lock);
	s->parked--;
}

/* Grow the tree block once every other thread of the think is parked,
 * or wait for the growth another thread asked for first. Called between
 * playouts, so this thread holds no node either. */
static void make_room(bg_search *s)
{
	pthread_mutex_lock(&s->lock);
	if (atomic_load(&s->grow_pending)) {
		park(s);
	} else {
		atomic_store(&s->grow_pending, 1);
		while (s->parked < s->running - 1)
			pthread_cond_wait(&s->wake, &s->lock);
		if (s->t.nnodes + s->need > s->t.room &&
		    grow(&s->t, s->need) < 0)
			s->t.full = 1; /* the search goes on in the tree */
		s->need = 0;
		atomic_store(&s->grow_pending, 0);
		pthread_cond_broadcast(&s->wake);
	}
	pthread_mutex_unlock(&s->lock);
}

/* A thread joins the think's loop, or leaves it. */
static void enter(bg_search *s, int add)
{
	pthread_mutex_lock(&s->lock);
	s->running += add;
	if (add > 0 && atomic_load(&s->grow_pending))
		park(s);
	pthread_cond_broadcast(&s->wake);
	pthread_mutex_unlock(&s->lock);
}
#endif

static void run(worker *w)
{
	bg_search *s = w->s;
	uint64_t done = 0;
	int rc;

#ifdef SEARCH_THREADS
	if (s->o.threads > 1)
		enter(s, 1);
#endif
	while (!stopped(s) && claim(s)) {
		if ((rc = iterate(w)) == 0) {
			done++;
			continue;
		}
		atomic_fetch_sub_explicit(&s->claimed, 1, memory_order_relaxed);
#ifdef SEARCH_THREADS
		if (rc == NEED_ROOM) {
			make_room(s);
			continue;
		}
#endif
		if (rc == NODE_LIMIT)
			break;
		w->error = rc;
		atomic_store(&s->stop, 1); /* the others stop too */
		break;
	}
#ifdef SEARCH_THREADS
	if (s->o.threads > 1)
		enter(s, -1);
#endif
	w->done = done;
}

#ifdef SEARCH_THREADS
static void *run_thread(void *arg)
{
	run(arg);
	return NULL;
}
#endif

/* Run every worker, the calling thread being the first; a thread that
 * could not start runs here after it. */
static void run_all(bg_search *s)
{
	int t;

#ifdef SEARCH_THREADS
	for (t = 1; t < s->o.threads; t++)
		s->w[t].started = pthread_create(&s->w[t].thread, NULL,
						 run_thread, &s->w[t]) == 0;
	run(&s->w[0]);
	for (t = 1; t < s->o.threads; t++) {
		if (s->w[t].started)
			pthread_join(s->w[t].thread, NULL);
		else
			run(&s->w[t]);
	}
#else
	for (t = 0; t < s->o.threads; t++)
		run(&s->w[t]);
#endif
}

/* ---- Making and freeing ------------------------------------------------- */

static void free_worker(worker *w)
{
	bg_game_free(w->g);
	free(w->moves);
	free(w->path);
	free(w->seats);
}

void bg_search_free(bg_search *s)
{
	int t;

	if (!s)
		return;
	for (t = 0; s->w && t < s->o.threads; t++)
		free_worker(&s->w[t]);
#ifdef SEARCH_THREADS
	if (s->o.threads > 1) {
		pthread_mutex_destroy(&s->lock);
		pthread_cond_destroy(&s->wake);
	}
#endif
	free(s->t.nodes);
	free(s->t.remap);
	free(s->w);
	free(s->lines);
	free(s);
}

static int make_worker(bg_search *s, worker *w, const bg_game *g,
		       uint64_t *seeds)
{
	size_t cap = bg_max_moves(g);

	w->s = s;
	w->cap = cap ? cap : 1;
	w->path_room = FIRST_PATH;
	w->rng = splitmix(seeds) | 1;
	w->playout_rng = splitmix(seeds);
	w->moves = malloc(w->cap * sizeof(*w->moves));
	w->path = malloc(w->path_room * sizeof(*w->path));
	w->seats = malloc(w->path_room * sizeof(*w->seats));
	if (!w->moves || !w->path || !w->seats)
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	return bg_game_clone(&w->g, g);
}

static int make_tree(tree *t, size_t max_nodes)
{
	t->max_nodes = max_nodes;
	t->room = max_nodes < FIRST_ROOM ? max_nodes : FIRST_ROOM;
	t->nodes = malloc(t->room * sizeof(*t->nodes));
	t->remap = malloc(t->room * sizeof(*t->remap));
	if (!t->nodes || !t->remap)
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	reset_tree(t);
	return BG_OK;
}

#ifdef SEARCH_THREADS
static int make_lock(bg_search *s)
{
	if (pthread_mutex_init(&s->lock, NULL) != 0)
		return bg_seterr(BG_ENOMEM, "bg_search_new: no lock");
	if (pthread_cond_init(&s->wake, NULL) != 0) {
		pthread_mutex_destroy(&s->lock);
		return bg_seterr(BG_ENOMEM, "bg_search_new: no lock");
	}
	atomic_init(&s->grow_pending, 0);
	return BG_OK;
}
#endif

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
#ifdef SEARCH_THREADS
	/* First, as bg_search_free() destroys them when threads > 1. */
	if (opts->threads > 1 && (error = make_lock(s)) < 0) {
		free(s);
		return error;
	}
#endif
	atomic_init(&s->stop, 0);
	atomic_init(&s->claimed, 0);
	seeds = opts->seed;
	s->choice_rng = splitmix(&seeds) | 1;
	s->lines = malloc((bg_max_moves(g) + 1) * sizeof(*s->lines));
	s->w = calloc((size_t)opts->threads, sizeof(*s->w));
	if (!s->lines || !s->w) {
		bg_search_free(s);
		return bg_seterr(BG_ENOMEM, "bg_search_new: no memory");
	}
	error = make_tree(&s->t, opts->max_nodes);
	for (t = 0; t < opts->threads && !error; t++)
		error = make_worker(s, &s->w[t], g, &seeds);
	if (error) {
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

/* s->lines[0 .. *n-1]: the root moves with their figures, most visited
 * first. */
static int gather(bg_search *s, size_t *n)
{
	worker *w0 = &s->w[0];
	const node *root = &s->t.nodes[0];
	size_t k;
	int status, error;

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
		if (first_child(root) != UNEXPANDED &&
		    get(&root->nchild) == *n) {
			const node *c = &s->t.nodes[get(&root->child) + k];

			l->visits = get(&c->visits);
			l->wins = getf(&c->wins);
		}
	}
	sort_lines(s->lines, *n);
	return BG_OK;
}

/* The node of root move k, or UNEXPANDED when the tree has none. */
static uint32_t root_child(const bg_search *s, uint32_t k)
{
	const node *root = &s->t.nodes[0];

	if (first_child(root) == UNEXPANDED || k >= get(&root->nchild))
		return UNEXPANDED;
	return get(&root->child) + k;
}

/* The most visited child of node i (the first of equals), or -1 when it
 * has none visited. */
static long most_visited(const tree *t, uint32_t i)
{
	const node *nd = &t->nodes[i];
	uint32_t k, v, most = 0;
	long best = -1;

	if (first_child(nd) == UNEXPANDED)
		return -1;
	for (k = 0; k < get(&nd->nchild); k++)
		if ((v = get(&t->nodes[get(&nd->child) + k].visits)) > most) {
			most = v;
			best = k;
		}
	return best;
}

static uint32_t pv_length(bg_search *s, uint32_t k)
{
	uint32_t i = root_child(s, k), len = 1;
	long c;

	if (i == UNEXPANDED)
		return 1;
	while ((c = most_visited(&s->t, i)) >= 0) {
		i = get(&s->t.nodes[i].child) + (uint32_t)c;
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
	w = &s->w[0];
	i = root_child(s, s->lines[k].k);
	if (i != UNEXPANDED && (error = bg_play(w->g, &s->lines[k].move)) == 0) {
		played = 1;
		while ((c = most_visited(&s->t, i)) >= 0) {
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
			i = get(&s->t.nodes[i].child) + (uint32_t)c;
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

/* This think's limits, for all threads together. */
static void set_limits(bg_search *s, const bg_search_limits *limits)
{
	uint64_t cap = levels[s->o.level - 1].playouts;
	uint64_t playouts = limits ? limits->playouts : 0;
	size_t nodes = limits ? limits->nodes : 0;
	int t;

	if (cap && (!playouts || playouts > cap))
		playouts = cap;
	s->budget = playouts ? playouts : UINT64_MAX;
	atomic_store(&s->claimed, 0);
	s->t.node_limit = nodes ? nodes : SIZE_MAX;
	for (t = 0; t < s->o.threads; t++) {
		s->w[t].done = 0;
		s->w[t].error = 0;
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
		set_limits(s, limits);
		run_all(s);
		for (t = 0; t < s->o.threads; t++) {
			s->playouts += s->w[t].done;
			/* The detail of another thread's error stayed there. */
			if (s->w[t].error && !error)
				error = t == 0 ? s->w[t].error :
					bg_seterr(s->w[t].error, "bg_search_think: "
						  "thread %d: %s", t,
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
	reroot(&s->t, k);
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
	}
	reset_tree(&s->t);
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
	uint32_t k;
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
	for (k = 0; root_child(s, k) != UNEXPANDED; k++)
		info->root_visits += get(&s->t.nodes[root_child(s, k)].visits);
	info->nodes = s->t.nnodes;
	info->memory += s->t.room * (sizeof(*s->t.nodes) + sizeof(*s->t.remap));
	for (t = 0; t < s->o.threads; t++) {
		const worker *w = &s->w[t];

		info->memory += w->path_room * (sizeof(*w->path) + sizeof(*w->seats)) +
				w->cap * sizeof(*w->moves);
		if (bg_memory(w->g, &bytes, NULL) == BG_OK)
			info->memory += bytes;
	}
	return BG_OK;
}
