/*
 * The computer player of <boardgames/search.h>: its contract as the header
 * states it (limits, determinism, stop, subtree reuse, analysis, errors),
 * and a legal move in every game of the catalogue at every level.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, nanosleep */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <check.h>

#include <boardgames/boardgames.h>
#include <boardgames/search.h>

#include "testutil.h"

#if !defined(__EMSCRIPTEN__)
#define HAVE_THREADS 1
#include <pthread.h>
#endif

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bg_search_options options(int level, int threads, uint64_t seed)
{
	bg_search_options o;

	ck_assert_int_eq(bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION),
			 BG_OK);
	o.level = level;
	o.threads = threads;
	o.seed = seed;
	return o;
}

static bg_search *searcher(const bg_game *g, int level, int threads,
			   uint64_t seed)
{
	bg_search_options o = options(level, threads, seed);
	bg_search *s;

	ck_assert_msg(bg_search_new(&s, g, &o) == BG_OK, "bg_search_new: %s",
		      bg_last_error());
	return s;
}

static void think_playouts(bg_search *s, uint64_t playouts, bg_move *best)
{
	bg_search_limits lim = { .playouts = playouts };

	ck_assert_msg(bg_search_think(s, &lim, best) == BG_OK, "think: %s",
		      bg_last_error());
}

static bg_search_info info(const bg_search *s)
{
	bg_search_info i;

	ck_assert_int_eq(bg_search_info_get(s, &i), BG_OK);
	return i;
}

/* The analysis, into a buffer the caller frees; *n its lines. */
static bg_search_line *analysis(bg_search *s, size_t *n)
{
	bg_search_line *lines;

	ck_assert_int_eq(bg_search_analysis(s, NULL, 0, n), BG_OK);
	lines = calloc(*n, sizeof(*lines));
	ck_assert_int_eq(bg_search_analysis(s, lines, *n, n), BG_OK);
	return lines;
}

/* ---- Errors ------------------------------------------------------------- */

START_TEST(test_options_init)
{
	bg_search_options o;

	ck_assert_int_eq(bg_search_options_init(NULL, BG_SEARCH_OPTIONS_VERSION),
			 BG_EINVAL);
	ck_assert_int_eq(bg_search_options_init(&o, 99), BG_EINVAL);
	ck_assert_int_eq(bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION),
			 BG_OK);
	ck_assert_int_eq(o.level, BG_SEARCH_LEVEL_MAX);
	ck_assert_int_eq(o.threads, 1);
	ck_assert_uint_eq(o.ply_cap, 500);
	ck_assert_uint_eq(o.cutoff, 1);
}
END_TEST

/* One bad field of the options: BG_EINVAL, a detail, and no searcher. */
static void expect_bad_options(const bg_game *g, bg_search_options o,
			       const char *field)
{
	bg_search *s = (bg_search *)g; /* anything but NULL */

	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_EINVAL);
	ck_assert_ptr_null(s);
	ck_assert_msg(strstr(bg_last_error(), field), "'%s' does not name %s",
		      bg_last_error(), field);
}

START_TEST(test_new_errors)
{
	bg_game *g = new_game("kutochki");
	bg_search_options o = options(5, 1, 1);
	bg_search *s = (bg_search *)g;

	ck_assert_int_eq(bg_search_new(NULL, g, &o), BG_EINVAL);
	ck_assert_int_eq(bg_search_new(&s, NULL, &o), BG_EINVAL);
	ck_assert_ptr_null(s);
	o.level = 0;
	expect_bad_options(g, o, "level");
	o.level = 11;
	expect_bad_options(g, o, "level");
	o = options(5, 0, 1);
	expect_bad_options(g, o, "threads");
	o = options(5, BG_SEARCH_THREADS_MAX + 1, 1);
	expect_bad_options(g, o, "threads");
	o = options(5, 1, 1);
	o.max_nodes = 1;
	expect_bad_options(g, o, "max_nodes");
	o = options(5, 1, 1);
	o.explore = -1;
	expect_bad_options(g, o, "explore");
	o.explore = NAN;
	expect_bad_options(g, o, "explore");
	o = options(5, 1, 1);
	o.ply_cap = 0;
	expect_bad_options(g, o, "ply_cap");
	o = options(5, 1, 1);
	o.cutoff = o.ply_cap + 1;
	expect_bad_options(g, o, "cutoff");
	o = options(5, 1, 1);
	o.version = 2;
	expect_bad_options(g, o, "version");
	/* NULL options are the defaults. */
	ck_assert_int_eq(bg_search_new(&s, g, NULL), BG_OK);
	ck_assert_int_eq(info(s).level, BG_SEARCH_LEVEL_MAX);
	bg_search_free(s);
	bg_search_free(NULL);
	bg_game_free(g);
}
END_TEST

START_TEST(test_threads_option)
{
	bg_game *g = new_game("kutochki");
	bg_search_options o = options(5, 2, 1);
	bg_search *s;

#ifdef HAVE_THREADS
	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_OK);
	ck_assert_int_eq(info(s).threads, 2);
	bg_search_free(s);
#else
	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_ENOTSUP);
	ck_assert_ptr_null(s);
#endif
	bg_game_free(g);
}
END_TEST

#ifdef HAVE_THREADS
/* The threads of the process, from Linux's /proc/self/status; -1
 * elsewhere (Windows), where the test is skipped. */
static int process_threads(void)
{
#ifdef __linux__
	FILE *f = fopen("/proc/self/status", "r");
#else
	FILE *f = NULL;
#endif
	char line[256];
	int n = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Threads: %d", &n) == 1)
			break;
	fclose(f);
	return n;
}

/* A searcher's threads are made with it, live across thinks (so that a
 * think need not wait for a thread to start) and end with it. */
START_TEST(test_threads_live_with_searcher)
{
	bg_game *g = new_game("mill");
	bg_search_options o = options(10, 3, 1);
	bg_search_limits lim = { .playouts = 200 };
	int before = process_threads();
	bg_search *s;

	if (before < 0)
		return; /* no /proc to count them by */
	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_OK);
	ck_assert_int_eq(process_threads(), before + 2);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(bg_search_think(s, &lim, NULL), BG_OK);
		ck_assert_int_eq(process_threads(), before + 2);
	}
	bg_search_free(s);
	/* A joined thread may still be counted for a moment while the
	 * system takes it down (for long under qemu-user). */
	for (int tries = 0; tries < 200 && process_threads() != before; tries++)
		nanosleep(&(struct timespec){ .tv_nsec = 10000000 }, NULL);
	ck_assert_int_eq(process_threads(), before);
	bg_game_free(g);
}
END_TEST
#endif

START_TEST(test_call_errors)
{
	bg_game *g = new_game("kutochki");
	bg_search *s = searcher(g, 5, 1, 1);
	bg_search_limits lim = { .seconds = -1 };
	bg_search_line line;
	bg_search_info i;
	bg_move m, buf[1];
	size_t n;

	ck_assert_int_eq(bg_search_think(NULL, NULL, &m), BG_EINVAL);
	ck_assert_int_eq(bg_search_think(s, &lim, &m), BG_EINVAL);
	lim.seconds = NAN;
	ck_assert_int_eq(bg_search_think(s, &lim, &m), BG_EINVAL);
	ck_assert_int_eq(bg_search_play(NULL, &m), BG_EINVAL);
	ck_assert_int_eq(bg_search_play(s, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_search_sync(NULL, g), BG_EINVAL);
	ck_assert_int_eq(bg_search_sync(s, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_search_analysis(NULL, NULL, 0, &n), BG_EINVAL);
	ck_assert_int_eq(bg_search_analysis(s, NULL, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_search_analysis(s, NULL, 3, &n), BG_EINVAL);
	ck_assert_int_eq(bg_search_analysis(s, &line, 1, &n), BG_EBUFSIZE);
	ck_assert_uint_eq(n, count_moves(g));
	ck_assert_int_eq(bg_search_pv(NULL, 0, buf, 1, &n), BG_EINVAL);
	ck_assert_int_eq(bg_search_pv(s, count_moves(g), buf, 1, &n), BG_EINVAL);
	ck_assert_int_eq(bg_search_info_get(NULL, &i), BG_EINVAL);
	ck_assert_int_eq(bg_search_info_get(s, NULL), BG_EINVAL);
	bg_search_stop(NULL);
	/* A move that is not legal at the root changes nothing. */
	count_moves(g);
	m = legal[0];
	ck_assert_int_eq(bg_search_play(s, &m), BG_OK);
	ck_assert_int_eq(bg_search_play(s, &m), BG_EILLEGAL);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

START_TEST(test_game_over)
{
	bg_game *g = new_game("wolf-sheep");
	bg_search *s;
	bg_move m;
	size_t n;

	ck_assert_int_eq(bg_resign(g, 0), BG_OK);
	s = searcher(g, 10, 1, 1);
	ck_assert_int_eq(bg_search_think(s, NULL, &m), BG_EGAMEOVER);
	ck_assert_int_eq(bg_search_analysis(s, NULL, 0, &n), BG_EGAMEOVER);
	/* An undo of the resignation is a new game to the searcher. */
	ck_assert_int_eq(bg_undo(g), BG_OK);
	ck_assert_int_eq(bg_search_sync(s, g), BG_OK);
	think_playouts(s, 50, &m);
	ck_assert_int_eq(bg_play(g, &m), BG_OK);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

/* ---- Limits ------------------------------------------------------------- */

START_TEST(test_playout_limit_exact)
{
	bg_game *g = new_game("mill");
	int threads = 1 + _i;
	bg_search *s = searcher(g, 10, threads, 7);
	bg_search_info i;

	think_playouts(s, 1234, NULL);
	i = info(s);
	ck_assert_uint_eq(i.playouts, 1234);
	ck_assert_uint_eq(i.root_visits, 1234);
	/* The level's cap holds when the limit is higher. */
	bg_search_free(s);
	s = searcher(g, 3, threads, 7);
	think_playouts(s, 1000, NULL);
	ck_assert_uint_eq(info(s).playouts, 100);
	ck_assert_int_eq(bg_search_think(s, NULL, NULL), BG_OK);
	ck_assert_uint_eq(info(s).playouts, 100);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

START_TEST(test_node_limit_exact)
{
	bg_game *g = new_game("kutochki");
	bg_search *s = searcher(g, 10, 1 + _i, 3);
	bg_search_limits lim = { .nodes = 700 };
	bg_search_info i;

	ck_assert_int_eq(bg_search_think(s, &lim, NULL), BG_OK);
	i = info(s);
	/* Whole families of children are added: the tree stops one family
	 * short of the limit at most. */
	ck_assert_uint_le(i.nodes, 700);
	ck_assert_uint_gt(i.nodes + 2 * bg_max_moves(g), 700);
	ck_assert_uint_gt(i.playouts, 0);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

START_TEST(test_time_limit)
{
	bg_game *g = new_game("hasami-shogi");
	bg_search *s = searcher(g, 10, 1 + _i, 3);
	bg_search_limits lim = { .seconds = 0.3 };
	double t0 = now(), took;

	ck_assert_int_eq(bg_search_think(s, &lim, NULL), BG_OK);
	took = now() - t0;
	/* Approximate: a playout takes well under a millisecond, but the
	 * machine may be loaded. */
	ck_assert_msg(took >= 0.3 && took < 1.5, "0.3 s took %.3f s", took);
	ck_assert_uint_gt(info(s).playouts, 0);
	ck_assert(fabs(info(s).seconds - took) < 0.25);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

START_TEST(test_max_nodes_memory)
{
	bg_game *g = new_game("kutochki");
	bg_search_options o = options(10, 1, 1);
	bg_search *s;
	bg_search_info before, after;

	o.max_nodes = 20000;
	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_OK);
	before = info(s);
	ck_assert_uint_eq(before.nodes, 1);
	ck_assert_uint_eq(before.max_nodes, 20000);
	think_playouts(s, 20000, NULL);
	after = info(s);
	/* A full tree stops growing; the search goes on in it. */
	ck_assert_uint_le(after.nodes, 20000);
	ck_assert_uint_gt(after.nodes, 20000 - bg_max_moves(g));
	ck_assert_uint_eq(after.playouts, 20000);
	/* The tree grew from its first block: 20 bytes a node. */
	ck_assert_uint_ge(after.memory, before.memory + 20 * (after.nodes - 4096));
	ck_assert_uint_le(after.memory, before.memory + 20 * 20000);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

/* ---- Determinism -------------------------------------------------------- */

/* Two searchers of one seed give one analysis; *best gets the move. */
static void same_search(const char *spec, int level, int threads,
			uint64_t playouts)
{
	bg_game *g = new_game(spec);
	bg_search *a = searcher(g, level, threads, 42);
	bg_search *b = searcher(g, level, threads, 42);
	bg_search_line *la, *lb;
	bg_move ma, mb;
	size_t na, nb, k;

	for (int round = 0; round < 2; round++) {
		think_playouts(a, playouts, &ma);
		think_playouts(b, playouts, &mb);
		ck_assert_msg(bg_move_equal(&ma, &mb), "%s: the moves differ", spec);
		la = analysis(a, &na);
		lb = analysis(b, &nb);
		ck_assert_uint_eq(na, nb);
		for (k = 0; k < na; k++) {
			ck_assert(bg_move_equal(&la[k].move, &lb[k].move));
			ck_assert_uint_eq(la[k].visits, lb[k].visits);
			ck_assert(la[k].value == lb[k].value);
			ck_assert_uint_eq(la[k].depth, lb[k].depth);
		}
		free(la);
		free(lb);
		/* The same moves played keep them together. */
		ck_assert_int_eq(bg_play(g, &ma), BG_OK);
		ck_assert_int_eq(bg_search_sync(a, g), BG_OK);
		ck_assert_int_eq(bg_search_play(b, &ma), BG_OK);
	}
	bg_search_free(a);
	bg_search_free(b);
	bg_game_free(g);
}

START_TEST(test_deterministic_by_seed)
{
	same_search("kutochki", 10, 1, 3000);
	same_search("mill", 10, 1, 3000);
	same_search("tochki:size=10", 2, 1, 1000);
#ifdef HAVE_THREADS
	same_search("kutochki", 10, 2, 3000);
#endif
	same_search("alquerque", 1, 1, 1000);
}
END_TEST

START_TEST(test_seed_matters)
{
	bg_game *g = new_game("mill");
	bg_search *a = searcher(g, 10, 1, 1), *b = searcher(g, 10, 1, 2);
	bg_search_line *la, *lb;
	size_t na, nb, k, differ = 0;

	think_playouts(a, 2000, NULL);
	think_playouts(b, 2000, NULL);
	la = analysis(a, &na);
	lb = analysis(b, &nb);
	for (k = 0; k < na; k++)
		differ += la[k].visits != lb[k].visits ||
			  !bg_move_equal(&la[k].move, &lb[k].move);
	ck_assert_uint_gt(differ, 0);
	free(la);
	free(lb);
	bg_search_free(a);
	bg_search_free(b);
	bg_game_free(g);
}
END_TEST

/* ---- Stop --------------------------------------------------------------- */

#ifdef HAVE_THREADS
static void *stop_later(void *arg)
{
	struct timespec ts = { 0, 200 * 1000 * 1000 };

	nanosleep(&ts, NULL);
	bg_search_stop(arg);
	return NULL;
}

START_TEST(test_stop_from_another_thread)
{
	bg_game *g = new_game("fox-geese");
	bg_search *s = searcher(g, 10, 1 + _i, 5);
	pthread_t t;
	double t0, took;
	bg_move m;

	/* No limit at all: only the stop ends it. */
	t0 = now();
	ck_assert_int_eq(pthread_create(&t, NULL, stop_later, s), 0);
	ck_assert_int_eq(bg_search_think(s, NULL, &m), BG_OK);
	took = now() - t0;
	pthread_join(t, NULL);
	ck_assert_msg(took >= 0.19 && took < 2.0, "stopped after %.3f s", took);
	ck_assert_uint_gt(info(s).playouts, 0);
	ck_assert_int_eq(bg_play(g, &m), BG_OK);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST
#endif

START_TEST(test_stop_before_think)
{
	bg_game *g = new_game("fox-geese");
	bg_search *s = searcher(g, 10, 1, 5);
	bg_move m;

	/* A stop while nothing thinks ends the next think at once (and
	 * only that one). */
	bg_search_stop(s);
	ck_assert_int_eq(bg_search_think(s, NULL, &m), BG_OK);
	ck_assert_uint_eq(info(s).playouts, 0);
	ck_assert_int_eq(bg_play(g, &m), BG_OK);
	bg_undo(g);
	think_playouts(s, 300, &m);
	ck_assert_uint_eq(info(s).playouts, 300);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

/* ---- Reuse -------------------------------------------------------------- */

START_TEST(test_subtree_reuse)
{
	bg_game *g = new_game("kutochki");
	bg_search *s = searcher(g, 10, 1, 9);
	bg_search_line *lines;
	bg_search_info before, after;
	bg_move best;
	size_t n;

	think_playouts(s, 5000, &best);
	lines = analysis(s, &n);
	ck_assert(bg_move_equal(&best, &lines[0].move));
	before = info(s);
	ck_assert_int_eq(bg_play(g, &best), BG_OK);
	ck_assert_int_eq(bg_search_sync(s, g), BG_OK);
	after = info(s);
	/* The move's visits stay, but the one that ended at its node while
	 * it was still a leaf. */
	ck_assert_uint_eq(after.root_visits, lines[0].visits - 1);
	ck_assert_uint_lt(after.nodes, before.nodes);
	ck_assert_uint_gt(after.nodes, 1);
	free(lines);
	/* More thinking adds to them. */
	think_playouts(s, 1000, &best);
	ck_assert_uint_eq(info(s).root_visits, after.root_visits + 1000);
	/* An undo is not a move after the root: the tree starts over. */
	bg_undo(g);
	ck_assert_int_eq(bg_search_sync(s, g), BG_OK);
	ck_assert_uint_eq(info(s).root_visits, 0);
	ck_assert_uint_eq(info(s).nodes, 1);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

START_TEST(test_sync_other_game)
{
	bg_game *small = new_game("tak-tikl"), *big = new_game("tochki:size=15");
	bg_search *s = searcher(small, 10, 1 + _i, 9);
	bg_move m;

	think_playouts(s, 500, &m);
	/* A game with more moves than the first: the searcher's lists grow. */
	ck_assert_int_eq(bg_search_sync(s, big), BG_OK);
	think_playouts(s, 500, &m);
	ck_assert_int_eq(bg_play(big, &m), BG_OK);
	ck_assert_int_eq(bg_search_sync(s, big), BG_OK);
	think_playouts(s, 500, &m);
	ck_assert_int_eq(bg_play(big, &m), BG_OK);
	bg_search_free(s);
	bg_game_free(small);
	bg_game_free(big);
}
END_TEST

/* ---- Analysis ----------------------------------------------------------- */

START_TEST(test_analysis_sums)
{
	bg_game *g = new_game(_i ? "leopards-cows" : "turkish-draughts");
	bg_search *s = searcher(g, 10, 1 + _i, 11);
	bg_search_line *lines;
	uint64_t sum = 0;
	bg_move best, *pv;
	bg_game *c;
	size_t n, k, npv;

	lines = analysis(s, &n);
	ck_assert_uint_eq(n, count_moves(g));
	for (k = 0; k < n; k++) {
		ck_assert_uint_eq(lines[k].visits, 0);
		ck_assert(lines[k].value == 0.5);
	}
	free(lines);
	think_playouts(s, 4000, &best);
	lines = analysis(s, &n);
	ck_assert_uint_eq(n, count_moves(g));
	ck_assert(bg_move_equal(&best, &lines[0].move));
	for (k = 0; k < n; k++) {
		sum += lines[k].visits;
		ck_assert(lines[k].value >= 0 && lines[k].value <= 1);
		ck_assert_uint_ge(lines[k].depth, 1);
		if (k > 0)
			ck_assert_uint_ge(lines[k - 1].visits, lines[k].visits);
	}
	ck_assert_uint_eq(sum, 4000);
	ck_assert_uint_eq(info(s).root_visits, 4000);
	/* Every line's principal variation is as long as it says, starts
	 * with its move and is a sequence of legal moves. */
	for (k = 0; k < n; k++) {
		ck_assert_int_eq(bg_search_pv(s, k, NULL, 0, &npv), BG_OK);
		ck_assert_uint_eq(npv, lines[k].depth);
		pv = calloc(npv, sizeof(*pv));
		ck_assert_int_eq(bg_search_pv(s, k, pv, npv, &npv), BG_OK);
		ck_assert(bg_move_equal(&pv[0], &lines[k].move));
		ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
		for (size_t j = 0; j < npv; j++)
			ck_assert_int_eq(bg_play(c, &pv[j]), BG_OK);
		bg_game_free(c);
		if (npv > 1)
			ck_assert_int_eq(bg_search_pv(s, k, pv, 1, &npv),
					 BG_EBUFSIZE);
		free(pv);
	}
	ck_assert_uint_gt(lines[0].depth, 2);
	free(lines);
	bg_search_free(s);
	bg_game_free(g);
}
END_TEST

/* ---- Every game, every level -------------------------------------------- */

START_TEST(test_every_game_every_level)
{
	const char *name = bg_catalog_name((size_t)_i);
	bg_search_limits lim = { .playouts = 200, .seconds = 5 };
	uint64_t rng = 0x1234;
	bg_game *g = new_game(name);
	bg_move m;
	int status;

	for (int round = 0; round < 2; round++) {
		for (int level = 1; level <= BG_SEARCH_LEVEL_MAX; level++) {
			bg_search *s = searcher(g, level, 1, (uint64_t)level);
			bg_game *c;

			ck_assert_msg(bg_search_think(s, &lim, &m) == BG_OK,
				      "%s level %d: %s", name, level,
				      bg_last_error());
			ck_assert_int_eq(bg_game_clone(&c, g), BG_OK);
			ck_assert_msg(bg_play(c, &m) == BG_OK,
				      "%s level %d: an illegal move", name, level);
			bg_game_free(c);
			bg_search_free(s);
		}
		/* Then in the middle game. */
		bg_playout(g, &rng, 12, NULL);
		bg_outcome(g, &status, NULL, NULL);
		if (status != BG_ONGOING)
			break;
	}
	bg_game_free(g);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("search");
	TCase *tc = tcase_create("search");

	tcase_add_test(tc, test_options_init);
	tcase_add_test(tc, test_new_errors);
	tcase_add_test(tc, test_threads_option);
#ifdef HAVE_THREADS
	tcase_add_test(tc, test_threads_live_with_searcher);
#endif
	tcase_add_test(tc, test_call_errors);
	tcase_add_test(tc, test_game_over);
#ifdef HAVE_THREADS
	tcase_add_loop_test(tc, test_playout_limit_exact, 0, 2);
	tcase_add_loop_test(tc, test_node_limit_exact, 0, 2);
	tcase_add_loop_test(tc, test_time_limit, 0, 2);
	tcase_add_loop_test(tc, test_stop_from_another_thread, 0, 2);
	tcase_add_loop_test(tc, test_sync_other_game, 0, 2);
	tcase_add_loop_test(tc, test_analysis_sums, 0, 2);
#else
	tcase_add_loop_test(tc, test_playout_limit_exact, 0, 1);
	tcase_add_loop_test(tc, test_node_limit_exact, 0, 1);
	tcase_add_loop_test(tc, test_time_limit, 0, 1);
	tcase_add_loop_test(tc, test_sync_other_game, 0, 1);
	tcase_add_loop_test(tc, test_analysis_sums, 0, 1);
#endif
	tcase_add_test(tc, test_max_nodes_memory);
	tcase_add_test(tc, test_deterministic_by_seed);
	tcase_add_test(tc, test_seed_matters);
	tcase_add_test(tc, test_stop_before_think);
	tcase_add_test(tc, test_subtree_reuse);
	tcase_add_loop_test(tc, test_every_game_every_level, 0,
			    (int)bg_catalog_count());
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
