/*
 * Golden values: replays tests/golden/golden.txt (its path is the first
 * argument, or BG_GOLDEN) and compares every figure with the library's.
 * The values were generated from the code by tests/golden-gen, which says
 * what each line holds; they pin what the header promises never changes
 * (hashes, the moves bg_random_move() draws) and, through whole random
 * games, the rules of every option set. A mismatch names the spec, the
 * line of the file and what differs.
 *
 * BG_CONFORMANCE_SCALE below 1 replays only that share of the records,
 * spread over the file (for valgrind runs).
 */
#include <check.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

/* ck_assert_msg() reports every success to the runner too: that cost more
 * than the replays in the move loops, so they report failures only. */
#define expect_that(cond, ...)                                                 \
	do {                                                                   \
		if (!(cond))                                                   \
			ck_abort_msg(__VA_ARGS__);                             \
	} while (0)

#define MAX_RECORDS 512
#define MAX_DRAW_LINES 8
#define DRAWS 8 /* moves a draws line holds unless the game ended */

/* One record: its lines, pointing into the file's text. */
typedef struct {
	int line; /* of its spec line */
	const char *spec, *canonical, *start, *perft, *game, *moves, *final;
	const char *observe, *batch;
	const char *draws[MAX_DRAW_LINES];
	int ndraws;
} record;

static char *text;
static record records[MAX_RECORDS];
static int nrecords;
static int sample[MAX_RECORDS];
static int nsample;

/* ---- Reading -------------------------------------------------------------- */

/* The words of a line, split at single spaces into a copy; free(*words)
 * frees them all. */
static size_t split(const char *line, char ***words)
{
	size_t len = strlen(line), n = 1;
	char *copy, **w;

	for (size_t i = 0; i < len; i++)
		n += line[i] == ' ';
	w = malloc(n * sizeof(*w) + len + 1);
	ck_assert_ptr_nonnull(w);
	copy = memcpy((char *)(w + n), line, len + 1);
	n = 0;
	w[n++] = copy;
	for (char *p = copy; (p = strchr(p, ' ')); )
		*p++ = '\0', w[n++] = p;
	*words = w;
	return n;
}

/* The text after "key " when line starts with it. */
static const char *field(const char *line, const char *key)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n) != 0 || (line[n] != ' ' && line[n] != '\0'))
		return NULL;
	return line[n] ? line + n + 1 : line + n;
}

static int read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	long size;
	char *p, *next;
	record *r = NULL;
	int line = 0;

	if (!f || fseek(f, 0, SEEK_END) || (size = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		perror(path);
		return -1;
	}
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size, f) != (size_t)size) {
		perror(path);
		return -1;
	}
	fclose(f);
	text[size] = '\0';
	for (p = text; *p; p = next) {
		const char *v;

		next = strchr(p, '\n');
		next = next ? (*next = '\0', next + 1) : p + strlen(p);
		line++;
		if (*p == '#' || *p == '\0')
			continue;
		if ((v = field(p, "spec"))) {
			if (nrecords == MAX_RECORDS)
				break;
			r = &records[nrecords++];
			r->line = line;
			r->spec = v;
		} else if (!r) {
			break;
		} else if ((v = field(p, "canonical"))) {
			r->canonical = v;
		} else if ((v = field(p, "start"))) {
			r->start = v;
		} else if ((v = field(p, "draws")) &&
			   r->ndraws < MAX_DRAW_LINES) {
			r->draws[r->ndraws++] = v;
		} else if ((v = field(p, "perft"))) {
			r->perft = v;
		} else if ((v = field(p, "game"))) {
			r->game = v;
		} else if ((v = field(p, "moves"))) {
			r->moves = v;
		} else if ((v = field(p, "final"))) {
			r->final = v;
		} else if ((v = field(p, "observe"))) {
			r->observe = v;
		} else if ((v = field(p, "batch"))) {
			r->batch = v;
		} else {
			break;
		}
	}
	if (*p) {
		fprintf(stderr, "%s:%d: not a golden record line\n", path,
			line);
		return -1;
	}
	for (int i = 0; i < nrecords; i++) {
		r = &records[i];
		if (!r->canonical || !r->start || !r->ndraws || !r->perft ||
		    !r->game || !r->moves || !r->final || !r->observe ||
		    !r->batch) {
			fprintf(stderr, "%s:%d: record of %s is incomplete\n",
				path, r->line, r->spec);
			return -1;
		}
	}
	return nrecords;
}

/* ---- Checks --------------------------------------------------------------- */

static const char *hex(uint64_t v)
{
	static char buf[2][17];
	static int k;

	k ^= 1;
	snprintf(buf[k], sizeof(buf[k]), "%016" PRIx64, v);
	return buf[k];
}

static const char *text_of(const bg_game *g, const bg_move *m)
{
	static char buf[512];

	expect_that(bg_move_to_text(g, m, buf, sizeof(buf), NULL) == BG_OK,
		    "bg_move_to_text: %s", bg_last_error());
	return buf;
}

static void check_start(const record *r, const bg_game *g)
{
	expect_that(!strcmp(bg_game_spec(g), r->canonical),
		    "%s (line %d): canonical spec %s, golden %s", r->spec,
		    r->line, bg_game_spec(g), r->canonical);
	expect_that(!strcmp(hex(bg_hash(g)), r->start),
		    "%s (line %d): start hash %s, golden %s", r->spec,
		    r->line, hex(bg_hash(g)), r->start);
}

/* "RNG MOVE HASH ...": the moves drawn from RNG and the hashes after. */
static void check_draws(const record *r, const char *line)
{
	char **w;
	size_t n = split(line, &w);
	uint64_t rng = strtoull(w[0], NULL, 16);
	bg_game *g = new_game(r->spec);
	bg_move m;
	size_t i;

	expect_that(n % 2 == 1, "%s (line %d): draws: odd line", r->spec,
		    r->line);
	for (i = 1; i + 1 < n; i += 2) {
		int rc = bg_random_move(g, &rng, &m);

		expect_that(rc == BG_OK,
			    "%s (line %d): draws from %s, move %zu: %s, "
			    "golden %s", r->spec, r->line, w[0], i / 2 + 1,
			    bg_strerror(rc), w[i]);
		expect_that(!strcmp(text_of(g, &m), w[i]),
			    "%s (line %d): draws from %s, move %zu: %s, "
			    "golden %s", r->spec, r->line, w[0], i / 2 + 1,
			    text_of(g, &m), w[i]);
		expect_that(bg_play(g, &m) == BG_OK,
			    "%s (line %d): bg_play: %s", r->spec, r->line,
			    bg_last_error());
		expect_that(!strcmp(hex(bg_hash(g)), w[i + 1]),
			    "%s (line %d): draws from %s, hash after %s: "
			    "%s, golden %s", r->spec, r->line, w[0], w[i],
			    hex(bg_hash(g)), w[i + 1]);
	}
	/* Fewer draws than the generator's count: the game was over. */
	if (n / 2 < DRAWS)
		expect_that(bg_random_move(g, &rng, &m) == BG_EGAMEOVER,
			    "%s (line %d): draws from %s: a move after "
			    "the golden end", r->spec, r->line, w[0]);
	bg_game_free(g);
	free(w);
}

static void check_perft(const record *r)
{
	char **w;
	size_t n = split(r->perft, &w);
	bg_game *g = new_game(r->spec);

	for (size_t d = 1; d <= n; d++) {
		uint64_t want = strtoull(w[d - 1], NULL, 10);
		uint64_t got = perft(g, (int)d);

		expect_that(got == want,
			    "%s (line %d): perft(%zu) %" PRIu64
			    ", golden %" PRIu64, r->spec, r->line, d, got,
			    want);
	}
	bg_game_free(g);
	free(w);
}

static const char *status_name(int status)
{
	return status == BG_WIN ? "win" : status == BG_DRAW ? "draw" :
								 "ongoing";
}

/* "HASH STATUS WINNER REASON SCORE0 SCORE1" against the game. */
static void check_final(const record *r, const bg_game *g, const char *how)
{
	char **w;
	size_t n = split(r->final, &w);
	int status, winner, reason;
	double s0, s1;
	int rc;

	expect_that(n == 6, "%s (line %d): final: %zu words", r->spec,
		    r->line, n);
	expect_that(!strcmp(hex(bg_hash(g)), w[0]),
		    "%s (line %d): %s: final hash %s, golden %s", r->spec,
		    r->line, how, hex(bg_hash(g)), w[0]);
	ck_assert_int_eq(bg_outcome(g, &status, &winner, &reason), BG_OK);
	expect_that(!strcmp(status_name(status), w[1]) &&
			    winner == atoi(w[2]) &&
			    !strcmp(bg_reason_name(reason), w[3]),
		    "%s (line %d): %s: outcome %s %d %s, golden %s %s %s",
		    r->spec, r->line, how, status_name(status), winner,
		    bg_reason_name(reason), w[1], w[2], w[3]);
	/* A game without scores answers BG_ENOTSUP with 0, as written. */
	rc = bg_score(g, 0, &s0);
	ck_assert(rc == BG_OK || rc == BG_ENOTSUP);
	ck_assert_int_eq(bg_score(g, 1, &s1), rc);
	expect_that(s0 == strtod(w[4], NULL) && s1 == strtod(w[5], NULL),
		    "%s (line %d): %s: scores %.17g %.17g, golden %s %s",
		    r->spec, r->line, how, s0, s1, w[4], w[5]);
	free(w);
}

/* The golden game three ways: replayed from its text, drawn again from
 * its seed move by move, and by bg_playout() from the seed. */
static void check_game(const record *r)
{
	char **head, **mv;
	size_t nh = split(r->game, &head), nm = split(r->moves, &mv);
	uint64_t seed, rng, seen;
	uint32_t plies, made;
	int end;
	bg_game *g = new_game(r->spec);
	bg_move m;

	expect_that(nh == 3, "%s (line %d): game: %zu words", r->spec,
		    r->line, nh);
	seed = strtoull(head[0], NULL, 16);
	plies = (uint32_t)strtoul(head[1], NULL, 10);
	end = !strcmp(head[2], "end");
	if (nm == 1 && !*mv[0])
		nm = 0;
	expect_that(nm == plies, "%s (line %d): %zu moves for %u plies",
		    r->spec, r->line, nm, plies);

	seen = observation_digest(g, FNV_BASIS);
	for (size_t i = 0; i < nm; i++) {
		int rc = bg_play_text(g, mv[i]);

		expect_that(rc == BG_OK,
			    "%s (line %d): replay, ply %zu %s: %s",
			    r->spec, r->line, i + 1, mv[i], bg_last_error());
		seen = observation_digest(g, seen);
	}
	check_final(r, g, "replayed game");
	expect_that(!strcmp(hex(seen), r->observe),
		    "%s (line %d): replay: observations' digest %s, golden %s",
		    r->spec, r->line, hex(seen), r->observe);
	bg_game_free(g);

	g = new_game(r->spec);
	rng = seed;
	for (size_t i = 0; i < nm; i++) {
		int rc = bg_random_move(g, &rng, &m);

		expect_that(rc == BG_OK && !strcmp(text_of(g, &m), mv[i]),
			    "%s (line %d): drawn from seed %s, ply %zu: "
			    "%s, golden %s", r->spec, r->line, head[0], i + 1,
			    rc == BG_OK ? text_of(g, &m) : bg_strerror(rc),
			    mv[i]);
		expect_that(bg_play(g, &m) == BG_OK,
			    "%s (line %d): bg_play: %s", r->spec, r->line,
			    bg_last_error());
	}
	if (end)
		expect_that(bg_random_move(g, &rng, &m) == BG_EGAMEOVER,
			    "%s (line %d): drawn from seed %s: a move after "
			    "the golden end", r->spec, r->line, head[0]);
	check_final(r, g, "drawn game");
	bg_game_free(g);

	/* One ply more than the game had: a finished game stops by itself. */
	g = new_game(r->spec);
	rng = seed;
	ck_assert_int_eq(bg_playout(g, &rng, plies + (uint32_t)end, &made),
			 BG_OK);
	expect_that(made == plies,
		    "%s (line %d): bg_playout from seed %s: %u plies, "
		    "golden %u", r->spec, r->line, head[0], made, plies);
	check_final(r, g, "bg_playout");
	bg_game_free(g);
	free(head);
	free(mv);
}

/* The batch's steps from the golden seed. */
static void check_batch(const record *r)
{
	const char *seen = hex(batch_digest(r->spec));

	expect_that(!strcmp(seen, r->batch),
		    "%s (line %d): batch digest %s, golden %s", r->spec,
		    r->line, seen, r->batch);
}

START_TEST(test_record)
{
	const record *r = &records[sample[_i]];
	bg_game *g = NULL;
	int rc = bg_game_new(&g, r->spec);

	expect_that(rc == BG_OK, "%s (line %d): the spec is refused: %s",
		    r->spec, r->line, bg_last_error());
	check_start(r, g);
	bg_game_free(g);
	for (int i = 0; i < r->ndraws; i++)
		check_draws(r, r->draws[i]);
	check_perft(r);
	check_game(r);
	check_batch(r);
}
END_TEST

/* Every record, or the share BG_CONFORMANCE_SCALE (< 1) asks for. */
static void pick_sample(void)
{
	const char *s = getenv("BG_CONFORMANCE_SCALE");
	double scale = s && *s ? strtod(s, NULL) : 1.0;

	if (!(scale > 0 && scale < 1))
		scale = 1.0;
	for (int i = 0; i < nrecords; i++)
		if ((int)((i + 1) * scale) > (int)(i * scale) || i == 0)
			sample[nsample++] = i;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : getenv("BG_GOLDEN");
	Suite *s = suite_create("golden");
	TCase *tc = tcase_create("records");
	int rc;

	if (!path) {
		fprintf(stderr, "usage: test-golden GOLDEN.TXT "
				"(or BG_GOLDEN=GOLDEN.TXT)\n");
		return EXIT_FAILURE;
	}
	if (read_file(path) <= 0)
		return EXIT_FAILURE;
	pick_sample();
	fprintf(stderr, "golden: %d of %d records of %s\n", nsample, nrecords,
		path);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_record, 0, nsample);
	suite_add_tcase(s, tc);
	rc = run_suite(s);
	free(text);
	return rc;
}
