/*
 * The search bgengine asks for a move: one small interface over the
 * library's <boardgames/search.h> (engine_search.c), which keeps the
 * engine's threads and protocols apart from the search's calls. Settings
 * are those a GUI offers: a strength level 1..10, threads, the tree's
 * memory and a seed; limits are those of one search, whichever comes
 * first.
 */
#ifndef BG_EXAMPLES_ENGINE_SEARCH_H
#define BG_EXAMPLES_ENGINE_SEARCH_H

#include <stdint.h>

#include <boardgames/boardgames.h>

#define ES_LEVEL_MAX 10

typedef struct es_settings {
	int level;       /* 1 (weakest) .. ES_LEVEL_MAX (the full search) */
	int threads;     /* search threads, >= 1 */
	long hash_mb;    /* memory for the tree, MiB */
	uint64_t seed;
} es_settings;

/* Level ES_LEVEL_MAX, 1 thread, 64 MiB, seed 1. */
void es_defaults(es_settings *s);

typedef struct es_limits {
	long playouts;   /* > 0: at most this many playouts */
	double seconds;  /* > 0: at most this long */
	int infinite;    /* think until es_stop() (the others still apply
			    when set) */
} es_limits;

#define ES_PV_MAX 16

typedef struct es_result {
	bg_move best;
	long playouts;   /* playouts run */
	long nodes;      /* tree nodes held */
	double value;    /* the chosen move's mean result for the mover, 0..1 */
	double seconds;  /* time taken */
	bg_move pv[ES_PV_MAX]; /* the principal variation, best first */
	int npv;
} es_result;

typedef struct es_search es_search;

/* A searcher with these settings; BG_ENOMEM. */
int es_new(es_search **out, const es_settings *s);
void es_free(es_search *es);

/*
 * Choose a move for the side to move of g (which is not touched); the tree
 * of the previous think is kept when g continues its game. BG_EGAMEOVER
 * when the game is over; BG_ENOMEM.
 */
int es_think(es_search *es, const bg_game *g, const es_limits *lim,
	     es_result *r);

/*
 * End a think under way as soon as it can, the best move so far being
 * given; from any thread. A stop that comes before the think starts ends
 * it at once.
 */
void es_stop(es_search *es);

/*
 * After es_stop(), once no think runs: forget a stop that came too late
 * for the think it was meant for, which would otherwise end the next one.
 */
void es_settle(es_search *es);

#endif
