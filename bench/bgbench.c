/*
 * bgbench: random playouts and perft under the library's own rules.
 *
 *   bgbench SPEC [--seconds S | --games N] [--seed N] [--list]
 *   bgbench SPEC --perft DEPTH
 *   bgbench --all [--seconds S] [--seed N] [--list]
 *   bgbench SPEC --search [--seconds S] [--seed N]
 *
 * The playout line is parsed by other programs; keep it exact:
 *   SPEC playouts/s=N plies/s=N avg_plies=N wins0=N wins1=N draws=N
 *   unfinished=N memory=BYTES ply_bytes=BYTES allocs=N
 * memory is what one new handle of SPEC holds on the heap (as counted by
 * the allocator), ply_bytes what each ply of history takes past the room a
 * handle starts with (bg_memory); allocs counts the allocations made while
 * timing (0 unless a game was longer than every warm-up game: the history
 * grows then, geometrically).
 *
 * --search measures the library's search (<boardgames/search.h>) from the
 * start position at 1 and 2 threads, in alternating slices so that both
 * see the same load:
 *   SPEC search playouts/s threads=1 N threads=2 N speedup=X efficiency=Y
 * speedup is the ratio of playouts per wall-clock second, efficiency that
 * of playouts per second of CPU time, which a loaded machine does not
 * change: on two idle cores the speedup is about 2 x efficiency.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>
#include <boardgames/search.h>

#include "libc_alloc.h"

/* Plies after which a playout is abandoned (a game with no end rule). */
#define PLAYOUT_CAP 100000

/* ---- allocation counting: interpose the C allocator -------------------- */

#ifdef LIBC_ALLOC
extern size_t malloc_usable_size(void *);

static size_t alloc_calls, alloc_bytes;

void *malloc(size_t n)
{
	void *p = __libc_malloc(n);

	alloc_calls++;
	alloc_bytes += p ? malloc_usable_size(p) : 0;
	return p;
}

void *calloc(size_t n, size_t m)
{
	void *p = __libc_calloc(n, m);

	alloc_calls++;
	alloc_bytes += p ? malloc_usable_size(p) : 0;
	return p;
}

void *realloc(void *q, size_t n)
{
	size_t old = q ? malloc_usable_size(q) : 0;
	void *p = __libc_realloc(q, n);

	alloc_calls++;
	if (p)
		alloc_bytes += malloc_usable_size(p) - old;
	return p;
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p = __libc_memalign(align, n);

	alloc_calls++;
	if (!p)
		return ENOMEM;
	alloc_bytes += malloc_usable_size(p);
	*out = p;
	return 0;
}

void free(void *p)
{
	if (p)
		alloc_bytes -= malloc_usable_size(p);
	__libc_free(p);
}
#define COUNTING 1
#else
static size_t alloc_calls, alloc_bytes;
#define COUNTING 0
#endif

/* ---- playouts ----------------------------------------------------------- */

static uint64_t rng_state;
static int use_list, use_undo;

static uint64_t rng_next(void)
{
	uint64_t x = rng_state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

/* A number below n (at most 2^32): the next draw's high 32 bits scaled by
 * n, a multiply where `% n` was a 64-bit division (up to some 45 cycles
 * on AMD's Zen 1, 6 % of a listed Turkish draughts ply there: the
 * harness's cost, not the library's). Within n / 2^32 of uniform. */
static size_t rng_below(size_t n)
{
	return (size_t)((rng_next() >> 32) * (uint64_t)n >> 32);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static void die(const char *what, int rc)
{
	fprintf(stderr, "bgbench: %s: %s: %s\n", what, bg_strerror(rc),
		bg_last_error());
	exit(1);
}

/* One random game in g from the start, root: g is made a copy of root
 * (bg_game_copy), as Ludii's benchmark starts each trial from its start
 * state; with --undo, g is root and the plies are taken back after. The
 * moves are made by bg_playout, as a bot's playouts would make them, or
 * with --list drawn from the whole legal list and played by bg_play.
 * Returns the plies made. */
static uint32_t playout(bg_game *g, const bg_game *root, bg_move *buf,
			size_t cap, int *result, int *winner)
{
	uint32_t plies = 0;
	int status, rc;
	size_t n;

	if (!use_undo && (rc = bg_game_copy(g, root)) != BG_OK)
		die("copy", rc);
	if (!use_list) {
		rc = bg_playout(g, &rng_state, PLAYOUT_CAP, &plies);
		if (rc)
			die("playout", rc);
	}
	for (;;) {
		bg_outcome(g, &status, winner, NULL);
		if (!use_list || status != BG_ONGOING || plies == PLAYOUT_CAP)
			break;
		bg_legal_moves(g, buf, cap, &n);
		rc = bg_play(g, &buf[rng_below(n)]);
		if (rc)
			die("play", rc);
		plies++;
	}
	*result = status;
	/* Exactly the plies made: a failing bg_undo would format an error
	 * message, which is no part of a playout. */
	if (use_undo)
		for (uint32_t i = 0; i < plies; i++)
			bg_undo(g);
	return plies;
}

static size_t handle_memory(const char *spec)
{
	size_t before = alloc_bytes;
	size_t after;
	bg_game *g;
	int rc = bg_game_new(&g, spec);

	if (rc)
		die(spec, rc);
	after = alloc_bytes;
	bg_game_free(g);
	return after - before;
}

/* Still timing: for `seconds`, or for `games` playouts when that is set
 * (a fixed amount of work, for counting instructions). */
static int more(double t, double seconds, uint64_t played, uint64_t games)
{
	return games ? played < games : t < seconds;
}

static void bench(const char *spec, double seconds, uint64_t games,
		  uint64_t seed)
{
	uint64_t playouts = 0, plies = 0, wins[2] = {0, 0}, draws = 0, open = 0;
	size_t memory = handle_memory(spec), calls, ply_bytes;
	double t0, t;
	bg_game *g, *root;
	bg_move *buf;
	int rc = bg_game_new(&root, spec), result, winner;

	if (rc)
		die(spec, rc);
	if (use_undo)
		g = root;
	else if ((rc = bg_game_clone(&g, root)) != BG_OK)
		die(spec, rc);
	bg_memory(g, NULL, &ply_bytes);
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	rng_state = seed ? seed : 1;
	/* Warm-up games (a tenth of the time or of the games) let the history
	 * reach its size first: it grows only when a game is longer than any
	 * before. */
	t0 = now();
	do
		playout(g, root, buf, bg_max_moves(g), &result, &winner);
	while (more(now() - t0, seconds / 10, ++playouts, (games + 9) / 10));
	playouts = 0;
	calls = alloc_calls;
	t0 = now();
	do {
		plies += playout(g, root, buf, bg_max_moves(g), &result,
				 &winner);
		playouts++;
		if (result == BG_WIN)
			wins[winner]++;
		else if (result == BG_DRAW)
			draws++;
		else
			open++;
		t = now() - t0;
	} while (more(t, seconds, playouts, games));
	calls = alloc_calls - calls;
	printf("%s playouts/s=%.0f plies/s=%.0f avg_plies=%.1f wins0=%llu "
	       "wins1=%llu draws=%llu unfinished=%llu memory=%zu ply_bytes=%zu "
	       "allocs=%s%zu\n",
	       bg_game_spec(g), playouts / t, plies / t,
	       (double)plies / (double)playouts, (unsigned long long)wins[0],
	       (unsigned long long)wins[1], (unsigned long long)draws,
	       (unsigned long long)open, memory, ply_bytes, COUNTING ? "" : "?",
	       calls);
	free(buf);
	if (g != root)
		bg_game_free(g);
	bg_game_free(root);
}

static uint64_t perft(bg_game *g, bg_move *bufs, size_t cap, int depth)
{
	bg_move *buf = bufs + (size_t)(depth - 1) * cap;
	uint64_t nodes = 0;
	size_t n;

	bg_legal_moves(g, buf, cap, &n);
	if (depth == 1)
		return n;
	for (size_t i = 0; i < n; i++) {
		bg_play(g, &buf[i]);
		nodes += perft(g, bufs, cap, depth - 1);
		bg_undo(g);
	}
	return nodes;
}

static void bench_perft(const char *spec, int depth)
{
	bg_game *g;
	int rc = bg_game_new(&g, spec);
	bg_move *bufs;
	uint64_t nodes;
	double t;

	if (rc)
		die(spec, rc);
	bufs = malloc((size_t)depth * bg_max_moves(g) * sizeof(*bufs));
	t = now();
	nodes = perft(g, bufs, bg_max_moves(g), depth);
	t = now() - t;
	printf("%s perft %d nodes=%llu nodes/s=%.0f\n", bg_game_spec(g), depth,
	       (unsigned long long)nodes, nodes / (t > 0 ? t : 1e-9));
	free(bufs);
	bg_game_free(g);
}

/* ---- search ------------------------------------------------------------- */

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Playouts of one think of `seconds` by a new searcher of `threads`;
 * *took and *cpu get its wall-clock and CPU time. */
static uint64_t search_slice(const bg_game *g, int threads, uint64_t seed,
			     double seconds, double *took, double *cpu)
{
	bg_search_options o;
	bg_search_limits lim = { .seconds = seconds };
	bg_search_info info;
	bg_search *s;
	int rc;

	bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION);
	o.threads = threads;
	o.seed = seed;
	if ((rc = bg_search_new(&s, g, &o)) < 0)
		die("search", rc);
	*cpu = cpu_now();
	rc = bg_search_think(s, &lim, NULL);
	*cpu = cpu_now() - *cpu;
	if (rc < 0 ||
	    (rc = bg_search_info_get(s, &info)) < 0)
		die("search", rc);
	bg_search_free(s);
	*took = info.seconds;
	return info.playouts;
}

static void bench_search(const char *spec, double seconds, uint64_t seed)
{
	enum { ROUNDS = 6 };
	uint64_t played[2] = { 0, 0 };
	double time[2] = { 0, 0 }, cpu[2] = { 0, 0 }, took, used, rate[2];
	bg_game *g;
	int rc, r, t;

	if ((rc = bg_game_new(&g, spec)))
		die(spec, rc);
	for (r = 0; r < ROUNDS; r++) {
		for (t = 0; t < 2; t++) {
			played[t] += search_slice(g, t + 1, seed + (uint64_t)r,
						  seconds / (2 * ROUNDS), &took, &used);
			time[t] += took;
			cpu[t] += used;
		}
	}
	for (t = 0; t < 2; t++)
		rate[t] = played[t] / (time[t] > 0 ? time[t] : 1e-9);
	printf("%s search playouts/s threads=1 %.0f threads=2 %.0f "
	       "speedup=%.2f efficiency=%.2f\n", bg_game_spec(g), rate[0],
	       rate[1], rate[1] / (rate[0] > 0 ? rate[0] : 1e-9),
	       (played[1] / (cpu[1] > 0 ? cpu[1] : 1e-9)) /
	       (played[0] / (cpu[0] > 0 ? cpu[0] : 1e-9)));
	bg_game_free(g);
}

static const char usage_text[] =
	"usage: bgbench SPEC [--seconds S | --games N] [--seed N] [--list]\n"
	"               [--undo]\n"
	"       bgbench SPEC --perft DEPTH\n"
	"       bgbench --all [--seconds S] [--seed N] [--list]\n"
	"       bgbench SPEC --search [--seconds S] [--seed N]\n"
	"--list draws each move from the whole legal list and plays it\n"
	"with bg_play instead of bg_playout; --undo takes each playout back\n"
	"ply by ply (bg_undo) instead of starting the next from a copy of the\n"
	"start (bg_game_copy)\n";

/* "bgbench: ARG: WHY" (or "bgbench: WHY"), then the usage; exit 2. */
static void usage(const char *arg, const char *why)
{
	if (arg)
		fprintf(stderr, "bgbench: %s: %s\n", arg, why);
	else
		fprintf(stderr, "bgbench: %s\n", why);
	fputs(usage_text, stderr);
	exit(2);
}

/* The value of option opt, a number in lo..hi. */
static double number(const char *opt, const char *s, double lo, double hi)
{
	char why[96];
	char *end;
	double v;

	if (!s)
		usage(opt, "needs a value");
	v = strtod(s, &end);
	if (end == s || *end) {
		snprintf(why, sizeof(why), "%s is not a number", s);
		usage(opt, why);
	}
	if (!(v >= lo && v <= hi)) {
		snprintf(why, sizeof(why), "%s is out of range %.15g..%.15g", s, lo,
			 hi);
		usage(opt, why);
	}
	return v;
}

int main(int argc, char **argv)
{
	const char *spec = NULL;
	double seconds = 0;
	uint64_t seed = 1, games = 0;
	int all = 0, depth = 0, search = 0;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--seconds"))
			seconds = number(a, argv[++i], 0.001, 86400);
		else if (!strcmp(a, "--games"))
			games = (uint64_t)number(a, argv[++i], 1, 1e12);
		else if (!strcmp(a, "--seed"))
			seed = (uint64_t)number(a, argv[++i], 0, 1e18);
		else if (!strcmp(a, "--perft"))
			depth = (int)number(a, argv[++i], 1, 64);
		else if (!strcmp(a, "--all"))
			all = 1;
		else if (!strcmp(a, "--search"))
			search = 1;
		else if (!strcmp(a, "--list"))
			use_list = 1;
		else if (!strcmp(a, "--undo"))
			use_undo = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (a[0] == '-')
			usage(a, "unknown option");
		else if (spec)
			usage(a, "one SPEC only");
		else
			spec = a;
	}
	if (all && spec)
		usage(spec, "--all takes no SPEC");
	if (!all && !spec)
		usage(NULL, "no SPEC: give a game or --all");
	if (all && depth)
		usage("--perft", "not with --all");
	if (seconds && games)
		usage("--games", "not with --seconds");
	if (search && (all || depth || games || use_list))
		usage("--search", "not with --all, --perft, --games or --list");
	if (search) {
		bench_search(spec, seconds ? seconds : 6, seed);
		return 0;
	}
	if (depth) {
		bench_perft(spec, depth);
		return 0;
	}
	if (!all) {
		bench(spec, seconds ? seconds : 3, games, seed);
		return 0;
	}
	for (size_t i = 0; i < bg_catalog_count(); i++)
		bench(bg_catalog_name(i), seconds ? seconds : 1, games, seed);
	return 0;
}
