/*
 * engine_search.h over the example UCT player (mcts.c). A thin adapter:
 * the library's own search replaces it here and nowhere else.
 *
 * The UCT player runs one search per call with a playout or time limit,
 * single-threaded; so `threads` is not used, an infinite search is a chain
 * of short searches that checks the stop flag between them (the last one's
 * move is given), and a finite one is not interrupted.
 */
#define _POSIX_C_SOURCE 200809L
#include "engine_search.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "mcts.h"
#include "rng.h"

struct es_search {
	es_settings s;
	mcts_params p;
	rng r;
	atomic_int stop;
};

/* The playouts per move a level allows; level ES_LEVEL_MAX has no cap. */
static const long level_cap[ES_LEVEL_MAX + 1] = {
	0, 8, 25, 60, 150, 400, 1000, 2500, 6000, 15000, 0
};

/* When a search is given no limit at all. */
#define DEFAULT_PLAYOUTS 2000
#define SLICE_SECONDS 0.1

void es_defaults(es_settings *s)
{
	s->level = ES_LEVEL_MAX;
	s->threads = 1;
	s->hash_mb = 64;
	s->seed = 1;
}

int es_new(es_search **out, const es_settings *s)
{
	es_search *es = calloc(1, sizeof(*es));

	*out = NULL;
	if (!es)
		return BG_ENOMEM;
	es->s = *s;
	mcts_defaults(&es->p);
	/* A node of mcts.c is 16 bytes. */
	es->p.max_nodes = s->hash_mb * (1024L * 1024 / 16);
	rng_seed(&es->r, s->seed);
	*out = es;
	return 0;
}

void es_free(es_search *es)
{
	free(es);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void es_stop(es_search *es)
{
	atomic_store(&es->stop, 1);
}

void es_settle(es_search *es)
{
	atomic_store(&es->stop, 0);
}

int es_think(es_search *es, const bg_game *g, const es_limits *lim,
	     es_result *r)
{
	mcts_params p = es->p;
	mcts_stats st;
	long cap = level_cap[es->s.level];
	double start = now(), left;
	int error = 0;

	p.seconds = 0;
	p.playouts = lim->playouts > 0 ? lim->playouts : 0;
	if (cap > 0 && (p.playouts == 0 || p.playouts > cap))
		p.playouts = cap;
	if (p.playouts == 0 && lim->seconds <= 0 && !lim->infinite)
		p.playouts = DEFAULT_PLAYOUTS;
	if (p.playouts == 0)
		p.seconds = lim->seconds > 0 ? lim->seconds : SLICE_SECONDS;
	r->playouts = 0;
	r->nodes = 0;
	do {
		if (lim->infinite && p.playouts == 0) {
			left = lim->seconds > 0 ? start + lim->seconds - now()
						: SLICE_SECONDS;
			p.seconds = left < SLICE_SECONDS ? left : SLICE_SECONDS;
			if (p.seconds <= 0 && r->playouts > 0)
				break;
		}
		if ((error = mcts_choose(g, &p, &es->r, &r->best, &st)) < 0)
			break;
		r->playouts += st.playouts;
		if (st.nodes > r->nodes)
			r->nodes = st.nodes;
		r->value = st.value;
	} while (lim->infinite && p.playouts == 0 && !atomic_load(&es->stop));
	r->seconds = now() - start;
	r->pv[0] = r->best;
	r->npv = 1;
	return error;
}
