/*
 * Out of memory: every call that allocates, made to fail at each of its
 * allocations in turn, returns BG_ENOMEM, frees what it took and leaves the
 * game as it was. And the calls on moves allocate nothing at all once a
 * handle is made (the header's Allocation paragraph).
 *
 * The test interposes the C allocator (glibc's __libc_* functions behind
 * it), so it runs only where that allocator is the one called: under a
 * sanitizer, which brings its own, or valgrind, which replaces it, the
 * test is skipped (exit 77).
 */
#include <check.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/learn.h>
#include <boardgames/search.h>
#include <boardgames/tochki.h>

#include "libc_alloc.h"
#include "testutil.h"

#ifdef LIBC_ALLOC
/* Allocations still to succeed before one fails; -1: none fails. */
static long fail_in = -1;
/* Whether an allocation failed since arm(). */
static int failed;
/* Blocks made minus blocks freed since arm(). */
static long live;
/* Allocations (and reallocations) that succeeded since arm(). */
static long made;

static int allocation_fails(void)
{
	if (fail_in < 0)
		return 0;
	if (fail_in-- > 0)
		return 0;
	failed = 1;
	errno = ENOMEM; /* as the allocator does: glibc's threads assert it */
	return 1;
}

void *malloc(size_t n)
{
	void *p = allocation_fails() ? NULL : __libc_malloc(n);

	live += p != NULL;
	made += p != NULL;
	return p;
}

void *calloc(size_t n, size_t m)
{
	void *p = allocation_fails() ? NULL : __libc_calloc(n, m);

	live += p != NULL;
	made += p != NULL;
	return p;
}

void *realloc(void *q, size_t n)
{
	void *p = allocation_fails() ? NULL : __libc_realloc(q, n);

	live += p != NULL && q == NULL;
	made += p != NULL;
	return p;
}

int posix_memalign(void **out, size_t align, size_t n)
{
	void *p = allocation_fails() ? NULL : __libc_memalign(align, n);

	live += p != NULL;
	made += p != NULL;
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

void free(void *p)
{
	live -= p != NULL;
	__libc_free(p);
}

/* Let k allocations succeed, then fail the next one. */
static void arm(long k)
{
	failed = 0;
	live = 0;
	made = 0;
	fail_in = k;
}

/* Whether armed allocations really fail: not under valgrind, for one. */
static int interposed(void)
{
	void *(*volatile get)(size_t) = malloc;
	void *p;

	arm(0);
	p = get(16);
	fail_in = -1;
	free(p);
	return p == NULL;
}

/* The calls under test, each with what it needs. */
typedef struct probe {
	const char *spec;
	bg_game *g;          /* the game the call works on, or NULL */
	char text[1 << 16];  /* text the call reads */
	bg_move move;        /* a move the call reads */
	bg_game *made;       /* a game the call made */
} probe;

typedef int (*call_fn)(probe *pr);

/*
 * Run call with its k-th allocation failing, for k = 0, 1, ... until it
 * runs through without a failure, which it must then survive with BG_OK.
 * Each failed run must return BG_ENOMEM, make no game, free every block it
 * made and leave pr->g as it was (hash, ply, position text).
 */
static void survive_each_failure(probe *pr, call_fn call, const char *what)
{
	static char before[1 << 16], after[1 << 16];
	uint64_t hash = pr->g ? bg_hash(pr->g) : 0;
	uint32_t ply = pr->g ? bg_ply(pr->g) : 0;
	long k;
	int rc;

	if (pr->g)
		ck_assert_int_eq(bg_position_text(pr->g, before, sizeof(before),
						  NULL), BG_OK);
	for (k = 0;; k++) {
		pr->made = NULL;
		arm(k);
		rc = call(pr);
		fail_in = -1;
		if (!failed)
			break;
		ck_assert_msg(rc == BG_ENOMEM, "%s %s, allocation %ld: %d (%s)",
			      pr->spec, what, k, rc, bg_last_error());
		ck_assert_msg(live == 0, "%s %s, allocation %ld: %ld blocks "
			      "leaked", pr->spec, what, k, live);
		ck_assert_ptr_null(pr->made);
		if (pr->g) {
			ck_assert_uint_eq(bg_hash(pr->g), hash);
			ck_assert_uint_eq(bg_ply(pr->g), ply);
			ck_assert_int_eq(bg_position_text(pr->g, after,
							  sizeof(after), NULL),
					 BG_OK);
			ck_assert_str_eq(after, before);
		}
	}
	ck_assert_msg(rc == BG_OK, "%s %s: %d (%s)", pr->spec, what, rc,
		      bg_last_error());
	bg_game_free(pr->made);
}

static int call_new(probe *pr)
{
	return bg_game_new(&pr->made, pr->spec);
}

static int call_clone(probe *pr)
{
	return bg_game_clone(&pr->made, pr->g);
}

static int call_from_position(probe *pr)
{
	return bg_game_from_position(&pr->made, pr->text);
}

static int call_from_record(probe *pr)
{
	return bg_game_from_record(&pr->made, pr->text);
}

static int call_record_text(probe *pr)
{
	static char buf[1 << 16];

	return bg_record_text(pr->g, buf, sizeof(buf), NULL);
}

static int call_move_text(probe *pr)
{
	bg_move m;

	return bg_move_from_text(pr->g, pr->text, &m);
}

static int call_to_text(probe *pr)
{
	static char buf[256];

	return bg_move_to_text(pr->g, &pr->move, buf, sizeof(buf), NULL);
}

static int call_board_text(probe *pr)
{
	static char buf[1 << 16];

	return bg_board_text(pr->g, BG_DRAW_LEGEND, buf, sizeof(buf), NULL);
}

static int call_random_move(probe *pr)
{
	uint64_t rng = 3;
	bg_move m;

	return bg_random_move(pr->g, &rng, &m);
}

static int call_from_sgf(probe *pr)
{
	return bg_tochki_from_sgf(&pr->made, pr->text, NULL);
}

static int call_sgf(probe *pr)
{
	static char buf[1 << 16];

	return bg_tochki_sgf(pr->g, buf, sizeof(buf), NULL);
}

/* The threads of the searchers call_search_new() makes. */
static int search_threads = 1;

static int call_search_new(probe *pr)
{
	bg_search *s = (bg_search *)pr; /* anything but NULL */
	bg_search_options o;
	int rc;

	bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION);
	o.threads = search_threads;
	rc = bg_search_new(&s, pr->g, &o);
	/* No Check assertion while allocations are armed: it allocates. */
	if ((rc == BG_OK) != (s != NULL))
		return BG_OK + 1000;
	bg_search_free(s);
	return rc;
}

/* The searcher a sync call works on: made for another game. */
static bg_search *synced;

static int call_search_sync(probe *pr)
{
	return bg_search_sync(synced, pr->g);
}

/* The games of the batches made. */
static size_t batch_games = 4;

static int call_batch_new(probe *pr)
{
	bg_batch *b = (bg_batch *)pr; /* anything but NULL */
	int rc = bg_batch_new(&b, pr->spec, batch_games, 2, 1);

	if ((rc == BG_OK) != (b != NULL))
		return BG_OK + 1000;
	bg_batch_free(b);
	return rc;
}

/* A game of the catalogue entry i after a few random plies. */
static void setup_probe(probe *pr, size_t i, uint32_t plies)
{
	uint64_t rng = 12345 + i;

	memset(pr, 0, sizeof(*pr));
	pr->spec = bg_catalog_name(i);
	pr->g = new_game(pr->spec);
	ck_assert_int_eq(bg_playout(pr->g, &rng, plies, NULL), BG_OK);
}

START_TEST(test_new_and_clone)
{
	static probe pr;

	setup_probe(&pr, (size_t)_i, 6);
	survive_each_failure(&pr, call_new, "bg_game_new");
	survive_each_failure(&pr, call_clone, "bg_game_clone");
	bg_game_free(pr.g);
}
END_TEST

/* survive_each_failure() on another handle, pr->g kept for after. */
static void survive_on(probe *pr, bg_game *g, call_fn call, const char *what)
{
	bg_game *kept = pr->g;

	pr->g = g;
	survive_each_failure(pr, call, what);
	bg_game_free(g);
	pr->g = kept;
}

START_TEST(test_text)
{
	static probe pr;
	bg_game *g;

	setup_probe(&pr, (size_t)_i, 6);
	ck_assert_int_eq(bg_position_text(pr.g, pr.text, sizeof(pr.text),
					  NULL), BG_OK);
	survive_each_failure(&pr, call_from_position, "bg_game_from_position");
	survive_each_failure(&pr, call_board_text, "bg_board_text");
	/* A game from a position writes that position into its record. */
	survive_on(&pr, from_pos(pr.text), call_record_text, "bg_record_text");

	ck_assert_int_eq(bg_record_text(pr.g, pr.text, sizeof(pr.text), NULL),
			 BG_OK);
	survive_each_failure(&pr, call_from_record, "bg_game_from_record");

	/* Move text and random moves on fresh handles. */
	g = new_game(pr.spec);
	ck_assert_uint_gt(count_moves(g), 0);
	pr.move = legal[0];
	ck_assert_int_eq(bg_move_to_text(g, &pr.move, pr.text, sizeof(pr.text),
					 NULL), BG_OK);
	bg_game_free(g);
	survive_on(&pr, new_game(pr.spec), call_move_text, "bg_move_from_text");
	survive_on(&pr, new_game(pr.spec), call_to_text, "bg_move_to_text");
	survive_on(&pr, new_game(pr.spec), call_random_move, "bg_random_move");
	bg_game_free(pr.g);
}
END_TEST

/* bg_play and bg_playout past the history the handle was made with: room
 * for 256 plies (HIST_INITIAL in lib/core/game.c), then it grows. */
/* bg_game_copy of g, 257 plies long, into a new handle (room for 256):
 * each failure of the growth leaves the handle as it was; once it has
 * the room, copies allocate nothing. */
static void expect_copy_grows(const bg_game *g)
{
	bg_game *c = new_game(bg_game_spec(g));
	uint64_t hash = bg_hash(c);
	long count;
	int rc;

	for (long k = 0; k < 3; k++) {
		arm(k);
		rc = bg_game_copy(c, g);
		fail_in = -1;
		ck_assert_int_eq(rc, BG_ENOMEM);
		ck_assert(failed);
		ck_assert_uint_eq(bg_ply(c), 0);
		ck_assert_uint_eq(bg_hash(c), hash);
	}
	ck_assert_int_eq(bg_game_copy(c, g), BG_OK);
	ck_assert_uint_eq(bg_ply(c), 257);
	ck_assert_int_eq(bg_undo(c), BG_OK);
	arm(-1);
	rc = bg_game_copy(c, g);
	count = made;
	ck_assert_int_eq(rc, BG_OK);
	ck_assert_msg(count == 0, "bg_game_copy with room: %ld allocations",
		      count);
	ck_assert_uint_eq(bg_hash(c), bg_hash(g));
	bg_game_free(c);
}

START_TEST(test_history_growth)
{
	static probe pr;
	uint64_t rng = 99, hash;
	uint32_t plies = 0;
	bg_move m;
	int rc;

	memset(&pr, 0, sizeof(pr));
	pr.spec = "halma";
	pr.g = new_game(pr.spec);
	hash = bg_hash(pr.g);
	/* The first growth fails: what the playout played is taken back. */
	arm(0);
	rc = bg_playout(pr.g, &rng, 900, &plies);
	fail_in = -1;
	ck_assert_int_eq(rc, BG_ENOMEM);
	ck_assert(failed);
	ck_assert_uint_eq(bg_ply(pr.g), 0);
	ck_assert_uint_eq(bg_hash(pr.g), hash);

	/* bg_play at the end of the history it was made with. */
	rng = 99;
	ck_assert_int_eq(bg_playout(pr.g, &rng, 256, &plies), BG_OK);
	ck_assert_uint_eq(plies, 256);
	ck_assert_int_eq(bg_random_move(pr.g, &rng, &m), BG_OK);
	hash = bg_hash(pr.g);
	arm(0);
	rc = bg_play(pr.g, &m);
	fail_in = -1;
	ck_assert_int_eq(rc, BG_ENOMEM);
	ck_assert_uint_eq(bg_ply(pr.g), 256);
	ck_assert_uint_eq(bg_hash(pr.g), hash);
	ck_assert_int_eq(bg_play(pr.g, &m), BG_OK);
	ck_assert_uint_eq(bg_ply(pr.g), 257);
	expect_copy_grows(pr.g);
	bg_game_free(pr.g);
}
END_TEST

START_TEST(test_sgf)
{
	static probe pr;
	uint64_t rng = 5;
	bg_game *ring;

	memset(&pr, 0, sizeof(pr));
	pr.spec = "tochki:size=10";
	pr.g = new_game(pr.spec);
	ck_assert_int_eq(bg_playout(pr.g, &rng, 60, NULL), BG_OK);
	ck_assert_int_eq(bg_tochki_sgf(pr.g, pr.text, sizeof(pr.text), NULL),
			 BG_OK);
	survive_each_failure(&pr, call_sgf, "bg_tochki_sgf");
	/* A ring to draw: B's ab closes ba-cb-bc-ab around W's bb. */
	ck_assert_int_eq(bg_tochki_from_sgf(&ring, "(;GM[40]FF[4]SZ[3];B[ba];"
					    "W[bb];B[cb];W[aa];B[bc];W[ca];"
					    "B[ab.abbacbbc])",
					    "tochki:start=empty"), BG_OK);
	ck_assert_int_eq(bg_tochki_ring_count(ring), 1);
	survive_on(&pr, ring, call_board_text, "bg_board_text");
	survive_each_failure(&pr, call_from_sgf, "bg_tochki_from_sgf");
	bg_game_free(pr.g);
}
END_TEST

/*
 * The calls on moves of a handle, counted: count-only and full listing
 * (into a list too small, too), random moves, play and undo, and a playout,
 * all within the history room a handle is made with (256 plies). None may
 * allocate. (Check's assertions allocate: they wait until the count is
 * taken.)
 */
static void expect_no_allocation(bg_game *g, const char *how)
{
	static bg_move list[1 << 15];
	uint32_t start = bg_history_length(g), plies = 0;
	uint64_t rng = 77;
	bg_move one, m;
	size_t n = 0, cap = bg_max_moves(g);
	int rc = BG_OK, small = BG_OK, ply;
	long count;

	ck_assert_uint_le(cap, sizeof(list) / sizeof(list[0]));
	arm(-1);
	for (ply = 0; ply < 120 && rc == BG_OK; ply++) {
		if ((rc = bg_legal_moves(g, NULL, 0, &n)) != BG_OK ||
		    (rc = bg_legal_moves(g, list, cap, &n)) != BG_OK)
			break;
		small = bg_legal_moves(g, &one, 1, &n);
		if (small != BG_OK && small != BG_EBUFSIZE)
			break;
		if (n == 0)
			break;
		if ((rc = bg_random_move(g, &rng, &m)) == BG_OK)
			rc = bg_play(g, &m);
	}
	while (rc == BG_OK && bg_history_length(g) > start)
		rc = bg_undo(g);
	if (rc == BG_OK)
		rc = bg_playout(g, &rng, 120, &plies);
	while (rc == BG_OK && plies--)
		rc = bg_undo(g);
	count = made;
	ck_assert_msg(rc == BG_OK, "%s (%s): %d (%s)", bg_game_spec(g), how,
		      rc, bg_last_error());
	ck_assert_msg(small == BG_OK || small == BG_EBUFSIZE, "%s: %d",
		      bg_game_spec(g), small);
	ck_assert_uint_gt(ply, 0);
	ck_assert_uint_eq(bg_history_length(g), start);
	ck_assert_msg(count == 0, "%s (%s): %ld allocations on moves",
		      bg_game_spec(g), how, count);
	bg_game_free(g);
}

START_TEST(test_no_allocation_on_moves)
{
	static char text[1 << 16];
	static probe pr;
	bg_game *c;

	setup_probe(&pr, (size_t)_i, 6);
	expect_no_allocation(new_game(pr.spec), "bg_game_new");
	ck_assert_int_eq(bg_game_clone(&c, pr.g), BG_OK);
	expect_no_allocation(c, "bg_game_clone");
	ck_assert_int_eq(bg_position_text(pr.g, text, sizeof(text), NULL),
			 BG_OK);
	expect_no_allocation(from_pos(text), "bg_game_from_position");
	ck_assert_int_eq(bg_record_text(pr.g, text, sizeof(text), NULL),
			 BG_OK);
	ck_assert_int_eq(bg_game_from_record(&c, text), BG_OK);
	expect_no_allocation(c, "bg_game_from_record");
	bg_game_free(pr.g);
}
END_TEST

/* Once its tree and the game's history have room, a searcher's think
 * allocates nothing (a playout cap under the history's first room). */
static void expect_think_allocates_nothing(const bg_game *g, int threads)
{
	bg_search_options o;
	bg_search_limits lim = { .playouts = 300 };
	bg_search *s;
	long count;
	int rc;

	bg_search_options_init(&o, BG_SEARCH_OPTIONS_VERSION);
	o.threads = threads;
	o.max_nodes = 4096;
	o.ply_cap = 200;
	ck_assert_int_eq(bg_search_new(&s, g, &o), BG_OK);
	ck_assert_int_eq(bg_search_think(s, &lim, NULL), BG_OK);
	arm(-1);
	rc = bg_search_think(s, &lim, NULL);
	count = made;
	ck_assert_int_eq(rc, BG_OK);
	ck_assert_msg(count == 0, "%s: bg_search_think on %d threads made %ld "
		      "allocations", bg_game_spec(g), threads, count);
	bg_search_free(s);
}

/* A searcher is made, and synced to another game, whole or not at all,
 * and its thinks allocate nothing (one thread). */
START_TEST(test_search)
{
	static probe pr;
	bg_game *other = new_game("tak-tikl");

	setup_probe(&pr, (size_t)_i, 6);
	survive_each_failure(&pr, call_search_new, "bg_search_new");
	ck_assert_int_eq(bg_search_new(&synced, other, NULL), BG_OK);
	survive_each_failure(&pr, call_search_sync, "bg_search_sync");
	bg_search_free(synced);
	expect_think_allocates_nothing(pr.g, 1);
	bg_game_free(other);
	bg_game_free(pr.g);
}
END_TEST

/* A searcher with two threads is made whole or not at all, its threads
 * included, and its thinks allocate nothing. */
START_TEST(test_search_threads)
{
	static probe pr;

	pr.spec = "mill";
	pr.g = new_game("mill");
	search_threads = 2;
	survive_each_failure(&pr, call_search_new, "bg_search_new");
	search_threads = 1;
	expect_think_allocates_nothing(pr.g, 2);
	bg_game_free(pr.g);
}
END_TEST

/* A batch with a thread of its own is made whole or not at all: every
 * allocation before its thread starts, and the start itself, may fail. */
START_TEST(test_batch_new)
{
	static probe pr;

	pr.spec = "kutochki";
	pr.g = NULL;
	survive_each_failure(&pr, call_batch_new, "bg_batch_new");
}
END_TEST

/* From 256 games on a batch makes its games in large blocks of its own:
 * each of those may fail too, and a failure frees the rest. Tak-tikl has
 * the repetition buckets, which are made there as well. */
START_TEST(test_batch_new_large)
{
	static probe pr;

	pr.spec = "tak-tikl";
	pr.g = NULL;
	batch_games = 256;
	survive_each_failure(&pr, call_batch_new, "bg_batch_new");
	batch_games = 4;
}
END_TEST

/* A large batch's game whose history outgrows its first room in the
 * batch's chunks moves it to the heap, three blocks at once. When one of
 * them cannot be made, the step says BG_ENOMEM and that game restarts,
 * and no block is lost: every other game that grew holds its three. */
START_TEST(test_batch_history_growth)
{
	enum { N = 256 };
	static uint32_t acts[N];

	for (long k = 0; k < 3; k++) {
		bg_batch *b;
		long growing = 0;
		int rc;

		ck_assert_int_eq(bg_batch_new(&b, "kvartet", N, 1, 11), BG_OK);
		for (int s = 0; s < 256; s++) {
			ck_assert_int_eq(bg_batch_random_actions(b, acts),
					 BG_OK);
			ck_assert_int_eq(bg_batch_step(b, acts, NULL, NULL,
						       NULL, NULL), BG_OK);
		}
		for (size_t i = 0; i < N; i++)
			growing += bg_history_length(bg_batch_game(b, i)) ==
				   256;
		ck_assert_int_gt(growing, 1);
		ck_assert_int_eq(bg_batch_random_actions(b, acts), BG_OK);
		arm(k);
		rc = bg_batch_step(b, acts, NULL, NULL, NULL, NULL);
		fail_in = -1;
		ck_assert_int_eq(rc, BG_ENOMEM);
		ck_assert(failed);
		ck_assert_int_eq(live, 3 * (growing - 1));
		bg_batch_free(b);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("oom");
	TCase *t = tcase_create("oom");
	int games = (int)bg_catalog_count();

	tcase_set_timeout(t, 120);
	tcase_add_loop_test(t, test_new_and_clone, 0, games);
	tcase_add_loop_test(t, test_text, 0, games);
	tcase_add_loop_test(t, test_no_allocation_on_moves, 0, games);
	tcase_add_test(t, test_history_growth);
	tcase_add_test(t, test_sgf);
	tcase_add_loop_test(t, test_search, 0, games);
	tcase_add_test(t, test_search_threads);
	tcase_add_test(t, test_batch_new);
	tcase_add_test(t, test_batch_new_large);
	tcase_add_test(t, test_batch_history_growth);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	if (!interposed()) {
		puts("the allocator is not ours (valgrind?): skipped");
		return 77;
	}
	return run_suite(suite());
}

#else

int main(void)
{
	puts("no allocator interposing in this build: skipped");
	return 77;
}

#endif
