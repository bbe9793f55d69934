/*
 * engine_search.h over the library's search (<boardgames/search.h>): a
 * thin adapter, so that the engine tools name the search in one place.
 * The searcher is made at the first think and follows the game after
 * that (bg_search_sync()), keeping the subtree of the moves played.
 */
#include "engine_search.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/search.h>

struct es_search {
	es_settings set;
	/* Made by the first think (in the thinking thread) and read by
	 * es_stop() (in another). */
	bg_search *_Atomic s;
	atomic_int stop;  /* es_stop() came since the last es_settle() */
};

/* A node of the library's tree, in bytes (search.h). */
#define NODE_BYTES 20
/* When a search is given no limit at all (and is not infinite). */
#define DEFAULT_PLAYOUTS 2000

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

	*out = es;
	if (!es)
		return BG_ENOMEM;
	es->set = *s;
	return 0;
}

void es_free(es_search *es)
{
	if (es)
		bg_search_free(atomic_load(&es->s));
	free(es);
}

void es_stop(es_search *es)
{
	bg_search *s;

	atomic_store(&es->stop, 1);
	if ((s = atomic_load(&es->s)))
		bg_search_stop(s);
}

/*
 * The library keeps a stop that comes after a think has ended for the next
 * think: a think of one playout takes it (ending at once), or, when the
 * stop did reach its think, makes one playout more in the tree.
 */
void es_settle(es_search *es)
{
	bg_search_limits one = { 1, 0, 0 };
	bg_search *s = atomic_load(&es->s);

	if (atomic_exchange(&es->stop, 0) && s)
		bg_search_think(s, &one, NULL);
}

static int make(es_search *es, const bg_game *g)
{
	bg_search_options o;
	bg_search *s;
	int rc;

	bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION);
	o.level = es->set.level;
	o.threads = es->set.threads;
	o.seed = es->set.seed;
	o.max_nodes = (size_t)es->set.hash_mb * (1024 * 1024 / NODE_BYTES);
	if ((rc = bg_search_new(&s, g, &o)) < 0)
		return rc;
	atomic_store(&es->s, s);
	/* A stop that came before the searcher was: this think ends at once. */
	if (atomic_load(&es->stop))
		bg_search_stop(s);
	return 0;
}

int es_think(es_search *es, const bg_game *g, const es_limits *lim,
	     es_result *r)
{
	bg_search_limits l = { 0, 0, 0 };
	bg_search_info info;
	bg_search_line *lines;
	bg_move *pv;
	size_t n, k, npv;
	bg_search *s = atomic_load(&es->s);
	int rc;

	if ((rc = s ? bg_search_sync(s, g) : make(es, g)) < 0)
		return rc;
	s = atomic_load(&es->s);
	l.playouts = lim->playouts > 0 ? (uint64_t)lim->playouts : 0;
	l.seconds = lim->seconds > 0 ? lim->seconds : 0;
	if (!l.playouts && !l.seconds && !lim->infinite)
		l.playouts = DEFAULT_PLAYOUTS;
	if ((rc = bg_search_think(s, &l, &r->best)) < 0)
		return rc;
	bg_search_info_get(s, &info);
	r->playouts = (long)info.playouts;
	r->nodes = (long)info.nodes;
	r->seconds = info.seconds;
	r->value = 0.5;
	r->pv[0] = r->best;
	r->npv = 1;
	/* The figures of the move given: its line of the analysis (the
	 * first, but the noisy levels may give another move). */
	if (bg_search_analysis(s, NULL, 0, &n) == 0 && n > 0 &&
	    (lines = malloc(n * sizeof(*lines)))) {
		bg_search_analysis(s, lines, n, &n);
		for (k = 0; k < n; k++)
			if (bg_move_equal(&lines[k].move, &r->best))
				break;
		if (k < n)
			r->value = lines[k].value;
		if (k < n && bg_search_pv(s, k, NULL, 0, &npv) == 0 &&
		    (pv = malloc((npv ? npv : 1) * sizeof(*pv)))) {
			bg_search_pv(s, k, pv, npv, &npv);
			if (npv > ES_PV_MAX)
				npv = ES_PV_MAX;
			if (npv > 0) {
				memcpy(r->pv, pv, npv * sizeof(*pv));
				r->npv = (int)npv;
			}
			free(pv);
		}
		free(lines);
	}
	return 0;
}
