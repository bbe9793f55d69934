/*
 * bglearn: batched random steps per second (boardgames/learn.h), with
 * observations and action masks written, as a learning loop makes them.
 *
 *   bglearn [--seconds S] [--steps N] [--batch N --threads T]
 *           [--write both|obs|mask|none] [SPEC...]
 *
 * For each spec (every game's default when none is given), batches of 1,
 * 64 and 1024 games with 1 thread and of 1024 with 2, or only the batch
 * size and thread count given. (A thread's 64 games and their outputs
 * stay in its core's cache; 1024 do not.) One line per run, parsed by
 * other programs; keep it exact:
 *   SPEC batch=N threads=T steps/s=X actions=A obs=O
 * A step is one game's move: a batch step of N games counts N. The
 * actions are drawn with bg_batch_random_actions(), inside the timing.
 * --steps N makes a fixed number of batch steps instead of timing (for
 * instruction counts under callgrind). --write leaves out the observations
 * or the masks or both (their pointers NULL): what a step's parts cost is
 * the difference.
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

/* What the steps write: observations (1) and masks (2). */
static int writes = 3;

static int run(const char *spec, size_t n, int threads, double seconds,
	       long fixed)
{
	size_t na, no;
	bg_batch *b;
	float *obs, *rew;
	uint8_t *mask, *done;
	uint32_t *acts;
	long steps = 0;
	double t0, t;
	int rc;

	if ((rc = bg_batch_new(&b, spec, n, threads, 1)) != BG_OK) {
		fprintf(stderr, "bglearn: %s: %s\n", spec, bg_last_error());
		return 1;
	}
	bg_batch_info(b, NULL, &na, &no);
	obs = malloc(n * no * sizeof(float));
	mask = malloc(n * na);
	rew = malloc(n * sizeof(float));
	done = malloc(n);
	acts = malloc(n * sizeof(uint32_t));
	if (!obs || !mask || !rew || !done || !acts) {
		fprintf(stderr, "bglearn: out of memory\n");
		return 1;
	}
	bg_batch_reset(b, obs, mask);
	t0 = now();
	do {
		for (int k = 0; k < 16; k++) {
			if ((rc = bg_batch_random_actions(b, acts)) != BG_OK ||
			    (rc = bg_batch_step(b, acts,
						writes & 1 ? obs : NULL,
						writes & 2 ? mask : NULL, rew,
						done)) != BG_OK) {
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
	free(obs);
	free(mask);
	free(rew);
	free(done);
	free(acts);
	return 0;
}

static size_t only_batch;
static int only_threads;

static int bench(const char *spec, double seconds, long fixed)
{
	static const struct {
		size_t n;
		int threads;
	} runs[] = { { 1, 1 }, { 64, 1 }, { 1024, 1 }, { 1024, 2 } };
	int bad = 0;

	if (only_batch)
		return run(spec, only_batch, only_threads ? only_threads : 1,
			   seconds, fixed);
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)
		bad |= run(spec, runs[i].n, runs[i].threads, seconds, fixed);
	return bad;
}

/* --write's argument as the bits of `writes`, or -1. */
static int write_mode(const char *s)
{
	static const char *const names[] = { "none", "obs", "mask", "both" };

	for (int i = 0; i < 4; i++)
		if (!strcmp(s, names[i]))
			return i;
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
		} else if (!strcmp(argv[i], "--batch") && i + 1 < argc) {
			only_batch = (size_t)atol(argv[++i]);
		} else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
			only_threads = atoi(argv[++i]);
		} else if (!strcmp(argv[i], "--write") && i + 1 < argc &&
			   write_mode(argv[i + 1]) >= 0) {
			writes = write_mode(argv[++i]);
		} else if (argv[i][0] == '-') {
			fprintf(stderr, "usage: bglearn [--seconds S] "
				"[--steps N] [--batch N --threads T] "
				"[--write both|obs|mask|none] [SPEC...]\n");
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
