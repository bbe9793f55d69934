/*
 * bglearn: batched random steps per second (boardgames/learn.h), with
 * observations and action masks written, as a learning loop makes them.
 *
 *   bglearn [--seconds S] [--steps N] [--batch N --threads T | --single]
 *           [--write both|obs|mask|lists|none] [SPEC...]
 *
 * For each spec (every game's default when none is given), batches of 1,
 * 64 and 1024 games with 1 thread and of 1024 with 2, or only the batch
 * size and thread count given. (A thread's 64 games and their outputs
 * stay in its core's cache; 1024 do not.) One line per run, parsed by
 * other programs; keep it exact:
 *   SPEC batch=N threads=T steps/s=X actions=A obs=O
 * A step is one game's move: a batch step of N games counts N. The
 * actions are drawn with bg_batch_random_actions(), inside the timing.
 * Timing starts once every game of the batch has ended once (or after S
 * seconds of steps, whichever comes first): by then each game's history
 * and lists have grown to a whole game's size, as in a long training run
 * (timed from the first step, 0.3 s runs of Kvartet at batch 1024 made
 * 1.4M steps a second, 10 s runs 2.4M). --steps N makes a fixed number of
 * batch steps from the start instead of timing (for instruction counts
 * under callgrind). --write leaves out the observations or the masks or
 * both (their pointers NULL): what a step's parts cost is the
 * difference. --write lists writes the observations and, instead of the
 * masks, lists the legal actions after each step
 * (bg_batch_legal_actions), as a caller of games with large action
 * counts would.
 *
 * --single drives one game through the calls on one game instead, as an
 * agent that steps a single game does (PettingZoo's AEC wrapper): each
 * step asks for the legal actions (bg_legal_actions), the mask
 * (bg_action_mask) and the observation of the side to move (bg_observe),
 * as --write says, and plays a random legal action (bg_play_action); a
 * game that ends starts again (bg_game_copy of the start). Its line:
 *   SPEC single steps/s=X actions=A obs=O
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/learn.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* What the steps write: observations (1), masks (2), lists (4). */
enum { W_OBS = 1, W_MASK = 2, W_LISTS = 4 };
static int writes = W_OBS | W_MASK;

/* A batch's arrays: the actions played and what the steps write. */
typedef struct outputs {
	uint32_t *acts;
	float *obs, *rew;
	uint8_t *mask, *done;
	uint32_t *offsets, *lists; /* room for cap actions */
	size_t cap;
} outputs;

/* One batch step with random actions: BG_OK or the failed call's code. */
static int batch_step(bg_batch *b, const outputs *o)
{
	int rc = bg_batch_random_actions(b, o->acts);

	if (rc == BG_OK)
		rc = bg_batch_step(b, o->acts, writes & W_OBS ? o->obs : NULL,
				   writes & W_MASK ? o->mask : NULL, o->rew,
				   o->done);
	if (rc == BG_OK && (writes & W_LISTS))
		rc = bg_batch_legal_actions(b, o->offsets, o->lists, o->cap,
					    NULL);
	return rc;
}

/* Step until every game has ended once, for at most `seconds`; ended
 * holds n zeros. */
static int warm_up(bg_batch *b, size_t n, double seconds, uint8_t *ended,
		   const outputs *o)
{
	size_t left = n;
	double t0 = now();
	int rc = BG_OK;

	while (rc == BG_OK && left > 0 && now() - t0 < seconds) {
		rc = batch_step(b, o);
		for (size_t i = 0; rc == BG_OK && i < n; i++)
			if (o->done[i] != BG_STEP_GOING && !ended[i]) {
				ended[i] = 1;
				left--;
			}
	}
	return rc;
}

static int run(const char *spec, size_t n, int threads, double seconds,
	       long fixed)
{
	size_t na, no;
	bg_batch *b;
	outputs o;
	uint8_t *ended;
	long steps = 0;
	double t0, t;
	int rc;

	if ((rc = bg_batch_new(&b, spec, n, threads, 1)) != BG_OK) {
		fprintf(stderr, "bglearn: %s: %s\n", spec, bg_last_error());
		return 1;
	}
	bg_batch_info(b, NULL, &na, &no);
	o.obs = malloc(n * no * sizeof(float));
	o.mask = malloc(n * na);
	o.rew = malloc(n * sizeof(float));
	o.done = malloc(n);
	o.acts = malloc(n * sizeof(uint32_t));
	o.cap = n * bg_max_moves(bg_batch_game(b, 0));
	o.offsets = malloc((n + 1) * sizeof(uint32_t));
	o.lists = malloc(o.cap * sizeof(uint32_t));
	ended = calloc(n, 1);
	if (!o.obs || !o.mask || !o.rew || !o.done || !o.acts || !o.offsets ||
	    !o.lists || !ended) {
		fprintf(stderr, "bglearn: out of memory\n");
		return 1;
	}
	bg_batch_reset(b, o.obs, writes & W_MASK ? o.mask : NULL);
	if (!fixed && (rc = warm_up(b, n, seconds, ended, &o)) != BG_OK) {
		fprintf(stderr, "bglearn: %s: %s\n", spec, bg_last_error());
		return 1;
	}
	t0 = now();
	do {
		for (int k = 0; k < 16; k++) {
			if ((rc = batch_step(b, &o)) != BG_OK) {
				fprintf(stderr, "bglearn: %s: %s\n", spec,
					bg_last_error());
				return 1;
			}
			steps++;
			if (fixed && steps >= fixed)
				break;
		}
		t = now() - t0;
	} while (fixed ? steps < fixed : t < seconds);
	printf("%s batch=%zu threads=%d steps/s=%.0f actions=%zu obs=%zu\n",
	       spec, n, threads, (double)steps * (double)n / t, na, no);
	fflush(stdout);
	bg_batch_free(b);
	free(o.obs);
	free(o.mask);
	free(o.rew);
	free(o.done);
	free(o.acts);
	free(o.offsets);
	free(o.lists);
	free(ended);
	return 0;
}

static uint64_t rng_next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* One step of --single: BG_OK or the failed call's code. */
static int single_step(bg_game *g, const bg_game *start, uint32_t *acts,
		       size_t cap, uint8_t *mask, size_t na, float *obs,
		       size_t no, uint64_t *rng)
{
	size_t n;
	int status, rc;

	bg_outcome(g, &status, NULL, NULL);
	if (status != BG_ONGOING && (rc = bg_game_copy(g, start)) != BG_OK)
		return rc;
	if ((rc = bg_legal_actions(g, acts, cap, &n)) != BG_OK)
		return rc;
	if ((writes & W_MASK) && (rc = bg_action_mask(g, mask, na)) != BG_OK)
		return rc;
	if ((writes & W_OBS) &&
	    (rc = bg_observe(g, bg_to_move(g), obs, no)) != BG_OK)
		return rc;
	/* The draw's high half scaled by n: a multiply, as bgbench --list
	 * draws, where a 64-bit `% n` was the harness's own cost. */
	return bg_play_action(g, acts[(rng_next(rng) >> 32) * n >> 32]);
}

static int run_single(const char *spec, double seconds, long fixed)
{
	bg_game *g = NULL, *start = NULL;
	size_t na = 0, no = 0, cap = 0;
	uint32_t *acts = NULL;
	uint8_t *mask = NULL;
	float *obs = NULL;
	uint64_t rng = 0x9e3779b97f4a7c15u;
	long steps = 0;
	double t0, t;
	int planes, height, width, rc = BG_OK;

	if ((rc = bg_game_new(&start, spec)) == BG_OK &&
	    (rc = bg_game_clone(&g, start)) == BG_OK) {
		bg_observation_shape(g, &planes, &height, &width);
		na = bg_action_count(g);
		no = (size_t)planes * (size_t)height * (size_t)width;
		cap = bg_max_moves(g);
		acts = malloc(cap * sizeof(*acts));
		mask = malloc(na);
		obs = malloc(no * sizeof(*obs));
		if (!acts || !mask || !obs)
			rc = BG_ENOMEM;
	}
	t0 = now();
	do {
		for (int k = 0; k < 16 && rc == BG_OK; k++) {
			rc = single_step(g, start, acts, cap, mask, na, obs, no,
					 &rng);
			steps++;
			if (fixed && steps >= fixed)
				break;
		}
		t = now() - t0;
	} while (rc == BG_OK && (fixed ? steps < fixed : t < seconds));
	if (rc == BG_OK)
		printf("%s single steps/s=%.0f actions=%zu obs=%zu\n", spec,
		       (double)steps / t, na, no);
	else
		fprintf(stderr, "bglearn: %s: %s\n", spec, bg_last_error());
	fflush(stdout);
	bg_game_free(g);
	bg_game_free(start);
	free(acts);
	free(mask);
	free(obs);
	return rc != BG_OK;
}

static size_t only_batch;
static int only_threads, single;

static int bench(const char *spec, double seconds, long fixed)
{
	static const struct {
		size_t n;
		int threads;
	} runs[] = { { 1, 1 }, { 64, 1 }, { 1024, 1 }, { 1024, 2 } };
	int bad = 0;

	if (single)
		return run_single(spec, seconds, fixed);
	if (only_batch)
		return run(spec, only_batch, only_threads ? only_threads : 1,
			   seconds, fixed);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		bad |= run(spec, runs[i].n, runs[i].threads, seconds, fixed);
	return bad;
}

/* --write's argument as the bits of `writes`, or -1. (A single game's
 * step lists its legal actions whatever --write says.) */
static int write_mode(const char *s)
{
	static const struct {
		const char *name;
		int bits;
	} modes[] = { { "none", 0 }, { "obs", W_OBS }, { "mask", W_MASK },
		      { "both", W_OBS | W_MASK }, { "lists", W_OBS | W_LISTS } };

	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(s, modes[i].name))
			return modes[i].bits;
	return -1;
}

int main(int argc, char **argv)
{
	double seconds = 1.0;
	long fixed = 0;
	int bad = 0, specs = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
			seconds = atof(argv[++i]);
		} else if (!strcmp(argv[i], "--steps") && i + 1 < argc) {
			fixed = atol(argv[++i]);
		} else if (!strcmp(argv[i], "--batch") && i + 1 < argc &&
			   !single) {
			only_batch = (size_t)atol(argv[++i]);
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			only_threads = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--single") && !only_batch) {
			single = 1;
		} else if (!strcmp(argv[i], "--write") && i + 1 < argc &&
			   write_mode(argv[i + 1]) >= 0) {
			writes = write_mode(argv[++i]);
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: bglearn [--seconds S] "
				"[--steps N] [--batch N --threads T | "
				"--single] "
				"[--write both|obs|mask|lists|none] "
				"[SPEC...]\n");
			return 2;
		} else {
			bad |= bench(argv[i], seconds, fixed);
			specs++;
		}
	}
	if (!specs)
		for (size_t i = 0; i < bg_catalog_count(); i++)
			bad |= bench(bg_catalog_name(i), seconds, fixed);
	return bad;
}
