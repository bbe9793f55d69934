/*
 * Batches of games stepped together (include/boardgames/learn.h): every
 * array is made with the batch, so a step allocates nothing, and a pool of
 * threads, made once, splits the games between them.
 */
#include <stdlib.h>
#include <string.h>

#include "core/learn.h"

#if !defined(__EMSCRIPTEN__) && !defined(_WIN32)
#define BG_BATCH_THREADS 1
#include <pthread.h>
#endif

enum { JOB_STEP, JOB_RESET, JOB_QUIT };

/* What one thread works with: its games and its own room for the game's
 * observation planes. */
typedef struct bg_worker {
	struct bg_batch *b;
	size_t lo, hi;
	float *extra;
	int rc;
#ifdef BG_BATCH_THREADS
	pthread_t thread;
#endif
} bg_worker;

struct bg_batch {
	size_t n;
	int threads;
	bg_layout al;
	size_t obs_size;      /* floats per game */
	size_t max_moves;
	bg_game *start;       /* where games restart: an empty history */
	bg_game **games;
	bg_move *moves;       /* n lists of max_moves: the legal moves now */
	size_t *nmoves;
	size_t *chosen;       /* per game: the index of the move to play */
	/* The mask bytes set at the last call, per game, and the buffer
	 * they were set in: the next call into the same buffer clears only
	 * those. */
	uint32_t *set;
	size_t *nset;
	uint8_t *last_mask;
	int *cell;            /* point -> square of a plane */
	uint64_t rng;
	bg_worker *workers;
	int nworkers;

	/* The job of the current call, read by every worker. */
	int job;
	float *obs;
	uint8_t *mask;
	float *rewards;
	uint8_t *done;
#ifdef BG_BATCH_THREADS
	/* A job starts when gen changes and ends when pending is 0. */
	pthread_mutex_t mu;
	pthread_cond_t go, finished;
	unsigned gen;
	int pending;
	int pool; /* the mutex and conditions are made */
#endif
};

/* The legal moves of game i into its list (none once it is over). */
static int list_legal(bg_batch *b, size_t i)
{
	bg_game *g = b->games[i];
	size_t n = 0;

	if (g->result.status == BG_ONGOING) {
		n = g->rules->legal(g->cfg, g->st, b->moves + i * b->max_moves);
		if (n == BG_LEGAL_OVERFLOW) {
			b->nmoves[i] = 0;
			return bg_seterr(BG_ENOMEM, "a position with more than "
					 "%zu moves", b->max_moves);
		}
	}
	b->nmoves[i] = n;
	return BG_OK;
}

/* Observation and mask of game i, where the caller asked for them. */
static int write_out(bg_batch *b, size_t i, float *extra)
{
	bg_game *g = b->games[i];
	int rc = BG_OK;

	if (b->obs)
		bg_observe_into(g, &b->al, b->cell,
				bg_rules_to_move(g->rules, g->cfg, g->st),
				b->obs + i * b->obs_size, extra);
	if (b->mask) {
		uint8_t *m = b->mask + i * b->al.count;
		uint32_t *set = b->set + i * b->max_moves;
		const bg_move *list = b->moves + i * b->max_moves;

		if (b->mask == b->last_mask)
			for (size_t k = 0; k < b->nset[i]; k++)
				m[set[k]] = 0;
		else
			memset(m, 0, b->al.count);
		rc = bg_action_fill_mask(&b->al, list, b->nmoves[i], m, set);
		b->nset[i] = rc == BG_OK ? b->nmoves[i] : 0;
		if (rc != BG_OK)
			memset(m, 0, b->al.count);
	}
	return rc;
}

static void restart(bg_batch *b, size_t i)
{
	bg_game_restart(b->games[i], b->start);
}

/* Step game i with its chosen move. */
static int step_one(bg_batch *b, size_t i, float *extra)
{
	bg_game *g = b->games[i];
	const bg_move *m = b->moves + i * b->max_moves + b->chosen[i];
	int mover = bg_rules_to_move(g->rules, g->cfg, g->st), rc, rc2;
	float reward = 0;
	uint8_t done = BG_STEP_GOING;

	rc = bg_game_play_legal(g, m);
	if (rc != BG_OK) {
		restart(b, i);
	} else if (g->result.status != BG_ONGOING) {
		if (g->result.status == BG_WIN)
			reward = g->result.winner == mover ? 1.0f : -1.0f;
		done = g->result.reason == BG_REASON_MOVE_LIMIT ?
			BG_STEP_TRUNCATED : BG_STEP_TERMINATED;
		restart(b, i);
	}
	if (b->rewards)
		b->rewards[i] = reward;
	if (b->done)
		b->done[i] = done;
	rc2 = list_legal(b, i);
	if (rc == BG_OK)
		rc = rc2;
	rc2 = write_out(b, i, extra);
	return rc ? rc : rc2;
}

static void work(bg_worker *w)
{
	bg_batch *b = w->b;
	int rc;

	w->rc = BG_OK;
	for (size_t i = w->lo; i < w->hi; i++) {
		if (b->job == JOB_RESET) {
			restart(b, i);
			if ((rc = list_legal(b, i)) == BG_OK)
				rc = write_out(b, i, w->extra);
		} else {
			rc = step_one(b, i, w->extra);
		}
		if (rc && !w->rc)
			w->rc = rc;
	}
}

#ifdef BG_BATCH_THREADS
static void *worker_main(void *arg)
{
	bg_worker *w = arg;
	bg_batch *b = w->b;
	unsigned seen = 0;

	for (;;) {
		pthread_mutex_lock(&b->mu);
		while (b->gen == seen)
			pthread_cond_wait(&b->go, &b->mu);
		seen = b->gen;
		pthread_mutex_unlock(&b->mu);
		if (b->job == JOB_QUIT)
			return NULL;
		work(w);
		pthread_mutex_lock(&b->mu);
		if (--b->pending == 0)
			pthread_cond_signal(&b->finished);
		pthread_mutex_unlock(&b->mu);
	}
}

/* Start the job on the pool's threads (not the caller's). */
static void pool_start(bg_batch *b)
{
	pthread_mutex_lock(&b->mu);
	b->pending = b->threads - 1;
	b->gen++;
	pthread_cond_broadcast(&b->go);
	pthread_mutex_unlock(&b->mu);
}

static void pool_wait(bg_batch *b)
{
	pthread_mutex_lock(&b->mu);
	while (b->pending > 0)
		pthread_cond_wait(&b->finished, &b->mu);
	pthread_mutex_unlock(&b->mu);
}
#endif

/* Run the current job on every worker, the calling thread being the first;
 * the first error of any. */
static int run_job(bg_batch *b)
{
	int rc = BG_OK;

#ifdef BG_BATCH_THREADS
	if (b->threads > 1)
		pool_start(b);
	work(&b->workers[0]);
	if (b->threads > 1)
		pool_wait(b);
#else
	work(&b->workers[0]);
#endif
	for (int t = 0; t < b->threads; t++)
		if (b->workers[t].rc && !rc)
			rc = b->workers[t].rc;
	if (b->mask)
		b->last_mask = b->mask;
	return rc;
}

void bg_batch_free(bg_batch *b)
{
	if (!b)
		return;
#ifdef BG_BATCH_THREADS
	if (b->threads > 1) {
		b->job = JOB_QUIT;
		pool_start(b);
		for (int t = 1; t < b->threads; t++)
			pthread_join(b->workers[t].thread, NULL);
	}
	if (b->pool) {
		pthread_mutex_destroy(&b->mu);
		pthread_cond_destroy(&b->go);
		pthread_cond_destroy(&b->finished);
	}
#endif
	if (b->games)
		for (size_t i = 0; i < b->n; i++)
			bg_game_free(b->games[i]);
	if (b->workers)
		for (int t = 0; t < b->nworkers; t++)
			free(b->workers[t].extra);
	free(b->workers);
	free(b->games);
	free(b->moves);
	free(b->nmoves);
	free(b->chosen);
	free(b->set);
	free(b->nset);
	free(b->cell);
	bg_game_free(b->start);
	free(b);
}

/* The pool: threads - 1 threads besides the caller's. Without threads on
 * this platform, one worker does all. */
static int start_workers(bg_batch *b)
{
	const bg_board *bd = bg_rules_board(b->start->rules, b->start->cfg);
	size_t per = (b->n + (size_t)b->threads - 1) / (size_t)b->threads;
	size_t extra = (b->al.nplanes - BG_OBS_COMMON) * (size_t)bd->npoints;

#ifndef BG_BATCH_THREADS
	b->threads = 1;
	per = b->n;
#endif
	b->workers = calloc((size_t)b->threads, sizeof(*b->workers));
	if (!b->workers)
		return bg_seterr(BG_ENOMEM, "batch workers");
	b->nworkers = b->threads;
	for (int t = 0; t < b->threads; t++) {
		bg_worker *w = &b->workers[t];

		w->b = b;
		w->lo = per * (size_t)t < b->n ? per * (size_t)t : b->n;
		w->hi = w->lo + per < b->n ? w->lo + per : b->n;
		w->extra = malloc((extra ? extra : 1) * sizeof(float));
		if (!w->extra)
			return bg_seterr(BG_ENOMEM, "batch workers");
	}
#ifdef BG_BATCH_THREADS
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->go, NULL);
	pthread_cond_init(&b->finished, NULL);
	b->pool = 1;
	{
		int want = b->threads;

		/* The caller's thread is the first worker. */
		b->threads = 1;
		while (b->threads < want &&
		       !pthread_create(&b->workers[b->threads].thread, NULL,
				       worker_main, &b->workers[b->threads]))
			b->threads++;
		if (b->threads < want)
			return bg_seterr(BG_ENOMEM, "a thread of the batch "
					 "could not start");
	}
#endif
	return BG_OK;
}

int bg_batch_new(bg_batch **out, const char *spec, size_t n, int threads,
		 uint64_t seed)
{
	const bg_board *bd;
	bg_batch *b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !spec || n == 0 || threads < 1)
		return bg_seterr(BG_EINVAL, "%s", !out || !spec ?
				 "NULL argument" : n == 0 ? "a batch of 0 games" :
				 "fewer than 1 thread");
	if ((size_t)threads > n)
		threads = (int)n;
	b = calloc(1, sizeof(*b));
	if (!b)
		return bg_seterr(BG_ENOMEM, "batch");
	b->n = n;
	b->threads = 1;
	b->rng = seed;
	if ((rc = bg_game_start(&b->start, spec)) != BG_OK) {
		free(b);
		return rc;
	}
	bg_layout_of(b->start, &b->al);
	bd = bg_rules_board(b->start->rules, b->start->cfg);
	b->obs_size = b->al.nplanes * (size_t)bd->width * (size_t)bd->height;
	b->max_moves = b->start->max_moves;
	b->games = calloc(n, sizeof(*b->games));
	b->moves = calloc(n * b->max_moves, sizeof(bg_move));
	b->nmoves = calloc(n, sizeof(size_t));
	b->chosen = calloc(n, sizeof(size_t));
	b->set = calloc(n * b->max_moves, sizeof(uint32_t));
	b->nset = calloc(n, sizeof(size_t));
	b->cell = calloc((size_t)bd->npoints, sizeof(int));
	if (!b->games || !b->moves || !b->nmoves || !b->chosen || !b->cell ||
	    !b->set || !b->nset) {
		bg_batch_free(b);
		return bg_seterr(BG_ENOMEM, "batch of %zu games", n);
	}
	bg_cells_of(bd, b->cell);
	for (size_t i = 0; i < n; i++)
		if ((rc = bg_game_clone(&b->games[i], b->start)) != BG_OK) {
			bg_batch_free(b);
			return rc;
		}
	b->threads = threads;
	if ((rc = start_workers(b)) != BG_OK) {
		bg_batch_free(b);
		return rc;
	}
	for (size_t i = 0; i < n; i++)
		if ((rc = list_legal(b, i)) != BG_OK) {
			bg_batch_free(b);
			return rc;
		}
	*out = b;
	bg_clearerr();
	return BG_OK;
}

int bg_batch_info(const bg_batch *b, size_t *n, size_t *actions, size_t *obs)
{
	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	if (n)
		*n = b->n;
	if (actions)
		*actions = b->al.count;
	if (obs)
		*obs = b->obs_size;
	return BG_OK;
}

int bg_batch_set_start(bg_batch *b, const char *position)
{
	bg_game *g;
	int rc;

	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	if (position)
		rc = bg_game_from_position(&g, position);
	else
		rc = bg_game_start(&g, b->start->spec);
	if (rc)
		return rc;
	if (strcmp(g->spec, b->start->spec) != 0) {
		rc = bg_seterr(BG_EINVAL, "a position of %s in a batch of %s",
			       g->spec, b->start->spec);
	} else if (g->result.status != BG_ONGOING) {
		rc = bg_seterr(BG_EINVAL, "the game of the position is over");
	}
	if (rc) {
		bg_game_free(g);
		return rc;
	}
	bg_game_free(b->start);
	b->start = g;
	return BG_OK;
}

static void set_outputs(bg_batch *b, float *obs, uint8_t *mask,
			float *rewards, uint8_t *done)
{
	b->obs = obs;
	b->mask = mask;
	b->rewards = rewards;
	b->done = done;
}

int bg_batch_reset(bg_batch *b, float *obs, uint8_t *mask)
{
	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	set_outputs(b, obs, mask, NULL, NULL);
	b->job = JOB_RESET;
	return run_job(b);
}

int bg_batch_step(bg_batch *b, const uint32_t *actions, float *obs,
		  uint8_t *mask, float *rewards, uint8_t *done)
{
	if (!b || !actions)
		return bg_seterr(BG_EINVAL, "NULL argument");
	/* Every action is checked before any game moves. */
	for (size_t i = 0; i < b->n; i++) {
		long k;

		if (actions[i] >= b->al.count)
			return bg_seterr(BG_EINVAL, "game %zu: action %u is not "
					 "below the count %u", i, actions[i],
					 b->al.count);
		k = bg_action_find(&b->al, b->moves + i * b->max_moves,
				   b->nmoves[i], actions[i]);
		if (k < 0)
			return bg_seterr(BG_EILLEGAL, "game %zu: action %u is "
					 "not legal", i, actions[i]);
		b->chosen[i] = (size_t)k;
	}
	set_outputs(b, obs, mask, rewards, done);
	b->job = JOB_STEP;
	return run_job(b);
}

int bg_batch_random_actions(bg_batch *b, uint32_t *actions)
{
	if (!b || !actions)
		return bg_seterr(BG_EINVAL, "NULL argument");
	for (size_t i = 0; i < b->n; i++) {
		const bg_move *list = b->moves + i * b->max_moves;
		size_t n = b->nmoves[i];
		int rc;

		if (n == 0)
			return bg_seterr(BG_EINVAL, "game %zu has no legal move",
					 i);
		rc = bg_action_at(&b->al, list, n,
				  (size_t)(bg_rand(&b->rng) % n), &actions[i]);
		if (rc)
			return rc;
	}
	return BG_OK;
}

const bg_game *bg_batch_game(const bg_batch *b, size_t i)
{
	return b && i < b->n ? b->games[i] : NULL;
}
