/*
 * Writes the golden values that tests/test_golden.c checks, from the
 * current code: `build/tests/golden-gen > tests/golden/golden.txt`. Run it
 * only for a change of behaviour, and say in the commit why the values
 * moved (tests/golden/README.md).
 *
 * One record per spec, line by line (the test reads them back the same
 * way; '#' lines are comments, "# pins: ..." before a game pinned on
 * purpose says what it shows):
 *
 *   spec TEXT                  the spec given to bg_game_new()
 *   canonical TEXT             bg_game_spec()
 *   start HASH                 bg_hash() of the new game
 *   draws RNG MOVE HASH ...    from generator state RNG, up to DRAWS moves
 *                              drawn by bg_random_move() and played, each
 *                              with bg_hash() after it
 *   perft N1 N2 ...            perft counts from the start, depth 1, 2, ...
 *   game SEED PLIES end|cut    a random game drawn from SEED: to its end, or
 *                              cut at MAX_PLIES
 *   moves MOVE ...             its moves, as bg_move_to_text() writes them
 *   final HASH STATUS WINNER REASON SCORE0 SCORE1
 *                              after it: bg_hash(), bg_outcome() (status
 *                              ongoing|win|draw, winner -1|0|1, the reason
 *                              name) and bg_score() of seats 0 and 1 (0 0
 *                              for a game without scores)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define MAX_SPECS 256
#define DRAWS 8
#define MAX_PLIES 400
/* Perft goes one ply deeper while the positions at the last depth are at
 * most this many, to depth 3 at most: a few milliseconds a spec. */
#define PERFT_NODES 3000
#define PERFT_MAX_DEPTH 3
#define SEARCH_SEEDS 2000

static const uint64_t draw_states[] = {
	0, 0x0123456789ABCDEFull, 0xFFFFFFFFFFFFFFFFull
};

typedef struct {
	char text[512];
	char canonical[512];
} spec;

static spec specs[MAX_SPECS];
static size_t nspecs;

static void die(const char *what, const char *spec_text)
{
	fprintf(stderr, "golden-gen: %s: %s: %s\n", spec_text, what,
		bg_last_error());
	exit(EXIT_FAILURE);
}

static bg_game *new_or_die(const char *text)
{
	bg_game *g = NULL;

	if (bg_game_new(&g, text) != BG_OK)
		die("bg_game_new", text);
	return g;
}

/* Keep a spec the library takes whose canonical form is new. */
static void add_spec(const char *text, void *arg)
{
	bg_game *g = NULL;

	(void)arg;
	if (bg_game_new(&g, text) != BG_OK) {
		fprintf(stderr, "golden-gen: skipping \"%s\": %s\n", text,
			bg_last_error());
		return;
	}
	for (size_t i = 0; i < nspecs; i++)
		if (!strcmp(specs[i].canonical, bg_game_spec(g))) {
			bg_game_free(g);
			return;
		}
	if (nspecs == MAX_SPECS) {
		fprintf(stderr, "golden-gen: more than %d specs\n", MAX_SPECS);
		exit(EXIT_FAILURE);
	}
	snprintf(specs[nspecs].text, sizeof(specs[nspecs].text), "%s", text);
	snprintf(specs[nspecs].canonical, sizeof(specs[nspecs].canonical),
		 "%s", bg_game_spec(g));
	nspecs++;
	bg_game_free(g);
}

/* FNV-1a: a game's seed comes from its spec text. */
static uint64_t digest(const char *s)
{
	uint64_t h = FNV_BASIS;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ull;
	}
	return h;
}

static const char *move_text(const bg_game *g, const bg_move *m)
{
	static char buf[512];

	if (bg_move_to_text(g, m, buf, sizeof(buf), NULL) != BG_OK)
		die("bg_move_to_text", bg_game_spec(g));
	return buf;
}

static uint64_t count(bg_game *g, int depth)
{
	size_t n;
	bg_move *list;
	uint64_t total = 0;

	if (bg_legal_moves(g, NULL, 0, &n) != BG_OK)
		die("bg_legal_moves", bg_game_spec(g));
	if (depth == 1)
		return n;
	list = malloc((n ? n : 1) * sizeof(*list));
	if (!list || bg_legal_moves(g, list, n, &n) != BG_OK)
		die("bg_legal_moves", bg_game_spec(g));
	for (size_t i = 0; i < n; i++) {
		if (bg_play(g, &list[i]) != BG_OK)
			die("bg_play", bg_game_spec(g));
		total += count(g, depth - 1);
		bg_undo(g);
	}
	free(list);
	return total;
}

static void write_draws(const char *text, uint64_t state)
{
	bg_game *g = new_or_die(text);
	bg_move m;

	printf("draws %016" PRIx64, state);
	for (int i = 0; i < DRAWS && bg_random_move(g, &state, &m) == BG_OK;
	     i++) {
		printf(" %s", move_text(g, &m));
		if (bg_play(g, &m) != BG_OK)
			die("bg_play", text);
		printf(" %016" PRIx64, bg_hash(g));
	}
	printf("\n");
	bg_game_free(g);
}

static void write_perft(const char *text)
{
	bg_game *g = new_or_die(text);
	uint64_t n = 1;

	printf("perft");
	for (int d = 1; d <= PERFT_MAX_DEPTH && n <= PERFT_NODES; d++) {
		n = count(g, d);
		printf(" %" PRIu64, n);
	}
	printf("\n");
	bg_game_free(g);
}

/* A random game from seed, to its end or MAX_PLIES plies. */
static bg_game *random_game(const char *text, uint64_t seed)
{
	bg_game *g = new_or_die(text);
	bg_move m;

	while (bg_ply(g) < MAX_PLIES && bg_random_move(g, &seed, &m) == BG_OK)
		if (bg_play(g, &m) != BG_OK)
			die("bg_play", text);
	return g;
}

static void write_game(const char *text, uint64_t seed)
{
	static const char *status_name[] = { "ongoing", "win", "draw" };
	bg_game *g = random_game(text, seed), *replay = new_or_die(text);
	int status, winner, reason;
	double s0, s1;
	bg_move m;
	uint64_t seen = observation_digest(replay, FNV_BASIS);

	bg_outcome(g, &status, &winner, &reason);

	printf("game %016" PRIx64 " %" PRIu32 " %s\nmoves", seed, bg_ply(g),
	       status == BG_ONGOING ? "cut" : "end");
	for (uint32_t i = 0; i < bg_history_length(g); i++) {
		bg_history_move(g, i, &m);
		printf(" %s", move_text(replay, &m));
		bg_play(replay, &m);
		seen = observation_digest(replay, seen);
	}
	bg_score(g, 0, &s0);
	bg_score(g, 1, &s1);
	printf("\nfinal %016" PRIx64 " %s %d %s %.17g %.17g\n", bg_hash(g),
	       status_name[status], winner, bg_reason_name(reason), s0, s1);
	printf("observe %016" PRIx64 "\n", seen);
	bg_game_free(replay);
	bg_game_free(g);
}

static void write_record(const spec *s, uint64_t seed)
{
	bg_game *g = new_or_die(s->text);

	printf("spec %s\ncanonical %s\nstart %016" PRIx64 "\n", s->text,
	       bg_game_spec(g), bg_hash(g));
	bg_game_free(g);
	for (size_t i = 0; i < sizeof(draw_states) / sizeof(*draw_states); i++)
		write_draws(s->text, draw_states[i]);
	write_perft(s->text);
	write_game(s->text, seed);
	printf("batch %016" PRIx64 "\n\n", batch_digest(s->text));
}

/* ---- Pinned games --------------------------------------------------------- */

/* Games that random games of the option sets above may miss: the first
 * seed, counting from the digest of the `pins` text (not the spec's, whose
 * game is above already), whose game shows what `shows` looks for. */
typedef struct {
	const char *spec;
	const char *pins;
	int (*shows)(const bg_game *g);
} pinned;

/* The wolf (the side with a BG_PIECE_KING) lost for want of a move. */
static int wolf_trapped(const bg_game *g)
{
	int status, reason, seat, kind;

	bg_outcome(g, &status, NULL, &reason);
	if (status != BG_WIN || reason != BG_REASON_NO_MOVES)
		return 0;
	for (size_t p = 0; p < bg_point_count(g); p++)
		if (bg_point_piece(g, (int)p, &seat, &kind) == BG_OK &&
		    kind == BG_PIECE_KING)
			return seat == bg_to_move(g);
	return 0;
}

/* The pieces of a seat on the board. */
static int pieces(const bg_game *g, int seat)
{
	int n = 0, s, kind;

	for (size_t p = 0; p < bg_point_count(g); p++)
		n += bg_point_piece(g, (int)p, &s, &kind) == BG_OK &&
		     kind != BG_PIECE_NONE && s == seat;
	return n;
}

/* Some move took exactly one enemy piece. */
static int took_one(const bg_game *g)
{
	bg_game *replay = new_or_die(bg_game_spec(g));
	int found = 0;
	bg_move m;

	for (uint32_t i = 0; !found && i < bg_history_length(g); i++) {
		int enemy = !bg_to_move(replay), before = pieces(replay, enemy);

		bg_history_move(g, i, &m);
		bg_play(replay, &m);
		found = pieces(replay, enemy) == before - 1;
	}
	bg_game_free(replay);
	return found;
}

static const pinned pins[] = {
	{ "wolf-sheep", "a trapped wolf loses", wolf_trapped },
	{ "wolf-sheep:sheep_stuck=pass",
	  "a trapped wolf loses under sheep_stuck=pass too",
	  wolf_trapped },
	{ "hasami-shogi:capture_lines=1",
	  "a single piece is taken under capture_lines=1", took_one },
	{ "tochki:size=10", "Dots on a small field, played to its end", NULL },
	{ "tochki:size=10,start=empty,ground_any_time=1,extra_move=1,"
	  "territory=1,free_enclosure=1,capture_empty_bases=1,allow_pass=1",
	  "Dots on a small field with every rule option on, to its end",
	  NULL },
};

static void write_pinned(const pinned *p)
{
	spec s;
	uint64_t seed = digest(p->pins);
	int k;

	snprintf(s.text, sizeof(s.text), "%s", p->spec);
	for (k = 0; p->shows && k < SEARCH_SEEDS; k++, seed++) {
		bg_game *g = random_game(p->spec, seed);
		int found = p->shows(g);

		bg_game_free(g);
		if (found)
			break;
	}
	if (k == SEARCH_SEEDS) {
		fprintf(stderr, "golden-gen: %s: no game in %d seeds\n",
			p->spec, SEARCH_SEEDS);
		exit(EXIT_FAILURE);
	}
	printf("# pins: %s\n", p->pins);
	write_record(&s, seed);
}

int main(void)
{
	printf("# Golden values of libboardgames, written by tests/golden-gen "
	       "from the code\n# of the day: a change here is a change of "
	       "behaviour (tests/golden/README.md).\n\n");
	each_option_spec(add_spec, NULL);
	for (size_t i = 0; i < nspecs; i++) {
		clock_t t0 = clock();

		write_record(&specs[i], digest(specs[i].text));
		fprintf(stderr, "golden-gen: %s: %.3f s\n", specs[i].text,
			(double)(clock() - t0) / CLOCKS_PER_SEC);
	}
	for (size_t i = 0; i < sizeof(pins) / sizeof(*pins); i++)
		write_pinned(&pins[i]);
	fflush(stdout);
	return ferror(stdout) ? EXIT_FAILURE : EXIT_SUCCESS;
}
