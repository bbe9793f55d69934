/*
 * bgcheck: replay a list of moves or a record and report how it ends.
 *
 * The output is parsed by other programs: with --counts one line
 * "PLY COUNT MOVE" before each move, then "result: R winner=W reason=NAME
 * score=A:B deficit=D" and the position text on a line of its own. New
 * fields go at the end of the result line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/tochki.h>

#define PROG "bgcheck"

static const char usage_text[] =
	"usage: " PROG " SPEC [FILE] [--counts] [--record]\n"
	"       " PROG " SPEC FILE FILE...\n"
	"\n"
	"Replay moves in the game SPEC (e.g. \"kutochki\") read from FILE, or from\n"
	"standard input when FILE is missing or \"-\". The input is move texts\n"
	"separated by white space; move numbers (\"12.\", \"12...\") and result\n"
	"tokens (1-0, 0-1, 1/2-1/2, *) are skipped.\n"
	"\n"
	"  --counts   before each move print \"PLY COUNT MOVE\": the ply from 1, the\n"
	"             number of legal moves in the position before the move, and\n"
	"             the move as read.\n"
	"  --record   the input is a record (bg_record_text format). Its Game tag\n"
	"             wins over SPEC's options; SPEC must name the same game.\n"
	"             For tochki an SGF file (starting with \"(;\") is read too:\n"
	"             SPEC gives the rules, the file's SZ/AB/AW the field.\n"
	"             With --counts the record is replayed from its start and\n"
	"             MOVE is each move's canonical text.\n"
	"\n"
	"With several files, or one SGF file and neither option, each file is a\n"
	"record (an SGF file may hold a collection): one line per game,\n"
	"\"FILE: R winner=W reason=NAME score=A:B moves=N warnings=K\" (\"FILE#2\"\n"
	"for the second game of a collection) or \"FILE: error: ...\", each\n"
	"warning of the reader on a line \"  warning: ...\" after it, and a last\n"
	"line \"summary: F files, G games, E failed, K warnings\". Exit status 1\n"
	"when a file or game could not be read.\n"
	"\n"
	"At the end it prints \"result: R winner=W reason=NAME score=A:B deficit=D\"\n"
	"(R is 1-0, 0-1, 1/2-1/2 or *; W is 0, 1 or -; A and B are the scores of\n"
	"seats 0 and 1; D is how many moves the loser of a won Corners or Halma\n"
	"game is behind, ~N when it is the tempo estimate, else -) and then the\n"
	"position text on a line of its own.\n"
	"\n"
	"An illegal or unparsable move stops the replay with a message \"move N\n"
	"\"TEXT\": REASON\" on standard error, N counting the moves read from 1.\n"
	"Options may stand before or after the arguments. Exit status: 0 ok,\n"
	"1 bad move or library or input error, 2 bad arguments.\n";

static int usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}

static void print_lib_error(const char *prefix, int code)
{
	const char *detail = bg_last_error();

	fprintf(stderr, PROG ": %s%s", prefix, bg_strerror(code));
	if (detail && *detail)
		fprintf(stderr, ": %s", detail);
	fputc('\n', stderr);
}

static int lib_error(int code)
{
	print_lib_error("", code);
	return 1;
}

/* ---- Input -------------------------------------------------------------- */

/* The whole of FILE (or stdin for NULL or "-") as one NUL-terminated text. */
static char *read_all(const char *path)
{
	FILE *f = stdin;
	char *buf = NULL, *grown;
	size_t len = 0, cap = 0, got;

	if (path && strcmp(path, "-")) {
		if (!(f = fopen(path, "rb"))) {
			fprintf(stderr, PROG ": %s: %s\n", path, strerror(errno));
			return NULL;
		}
	}

	do {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			if (!(grown = realloc(buf, cap))) {
				fprintf(stderr, PROG ": out of memory\n");
				goto fail;
			}
			buf = grown;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
	} while (got > 0);

	if (ferror(f)) {
		fprintf(stderr, PROG ": %s: read error\n", path ? path : "stdin");
		goto fail;
	}
	buf[len] = '\0';
	if (f != stdin)
		fclose(f);
	return buf;

fail:
	free(buf);
	if (f != stdin)
		fclose(f);
	return NULL;
}

/* A list of move texts, each its own allocation. */
typedef struct movelist {
	char **texts;
	size_t n, cap;
} movelist;

static int movelist_push(movelist *l, const char *text, size_t len)
{
	char *copy, **grown;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 64;

		if (!(grown = realloc(l->texts, cap * sizeof(*grown))))
			return -1;
		l->texts = grown;
		l->cap = cap;
	}
	if (!(copy = malloc(len + 1)))
		return -1;
	memcpy(copy, text, len);
	copy[len] = '\0';
	l->texts[l->n++] = copy;
	return 0;
}

static void movelist_free(movelist *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free(l->texts[i]);
	free(l->texts);
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

static int is_result(const char *tok, size_t len)
{
	static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
	size_t i;

	for (i = 0; i < sizeof(results) / sizeof(results[0]); i++)
		if (strlen(results[i]) == len && !memcmp(tok, results[i], len))
			return 1;
	return 0;
}

/*
 * Split a move list into move texts. A move number ("12." or "12...") is
 * dropped, also when the move is glued to it ("12.e1-d1").
 */
static int split_moves(const char *text, movelist *out)
{
	const char *p = text;

	for (;;) {
		const char *tok, *q;
		size_t len;

		while (is_space(*p))
			p++;
		if (!*p)
			return 0;
		tok = p;
		while (*p && !is_space(*p))
			p++;

		for (q = tok; q < p && *q >= '0' && *q <= '9'; q++)
			;
		if (q > tok && q < p && *q == '.') {
			while (q < p && *q == '.')
				q++;
			tok = q;
		}
		len = (size_t)(p - tok);
		if (len == 0 || is_result(tok, len))
			continue;
		if (movelist_push(out, tok, len) < 0) {
			fprintf(stderr, PROG ": out of memory\n");
			return -1;
		}
	}
}

/* ---- Replay ------------------------------------------------------------- */

/* Grow *buf until a text writer fits; writer is a bg_*_text function. */
typedef int (*text_fn)(const bg_game *, char *, size_t, size_t *);

static int game_text(const bg_game *g, text_fn fn, char **out)
{
	size_t cap = 256, len = 0;
	char *buf = NULL, *grown;
	int error;

	for (;;) {
		if (!(grown = realloc(buf, cap))) {
			free(buf);
			return BG_ENOMEM;
		}
		buf = grown;
		error = fn(g, buf, cap, &len);
		if (error != BG_EBUFSIZE)
			break;
		cap = len + 1 > cap ? len + 1 : cap * 2;
	}
	if (error < 0) {
		free(buf);
		return error;
	}
	*out = buf;
	return 0;
}

static int move_text(const bg_game *g, const bg_move *m, char **out)
{
	char buf[512];
	int error;

	if ((error = bg_move_to_text(g, m, buf, sizeof(buf), NULL)) < 0)
		return error;
	if (!(*out = malloc(strlen(buf) + 1)))
		return BG_ENOMEM;
	strcpy(*out, buf);
	return 0;
}

/*
 * Take back the last move and find which legal move it was: the one that
 * leads back to the exact position text we left. The API has no accessor
 * for the history, so this is the way to learn a replayed record's moves.
 */
static int undo_and_identify(bg_game *g, char **out)
{
	char *after = NULL, *probe = NULL;
	bg_move *moves = NULL;
	size_t n, i;
	int error;

	if ((error = game_text(g, bg_position_text, &after)) < 0)
		return error;
	if ((error = bg_undo(g)) < 0)
		goto done;
	if (!(moves = calloc(bg_max_moves(g) + 1, sizeof(*moves)))) {
		error = BG_ENOMEM;
		goto done;
	}
	if ((error = bg_legal_moves(g, moves, bg_max_moves(g) + 1, &n)) < 0)
		goto done;

	error = BG_EFORMAT;
	for (i = 0; i < n && error == BG_EFORMAT; i++) {
		int same;

		if (bg_play(g, &moves[i]) < 0)
			continue;
		same = game_text(g, bg_position_text, &probe) == 0 &&
		       !strcmp(probe, after);
		free(probe);
		probe = NULL;
		bg_undo(g);
		if (same)
			error = move_text(g, &moves[i], out);
	}
	if (error == BG_EFORMAT)
		fprintf(stderr, PROG ": cannot tell which move was played\n");
done:
	free(moves);
	free(after);
	return error;
}

/* Walk a replayed record back to its start, collecting its moves. */
static int rewind_record(bg_game *g, movelist *out)
{
	uint32_t n = bg_history_length(g), i;
	int error;

	if (!(out->texts = calloc(n ? n : 1, sizeof(char *))))
		return BG_ENOMEM;
	out->cap = n ? n : 1;
	out->n = n;
	for (i = n; i > 0; i--)
		if ((error = undo_and_identify(g, &out->texts[i - 1])) < 0)
			return error;
	return 0;
}

static int print_counts_line(const bg_game *g, size_t ply, const char *text)
{
	size_t n;
	int error;

	if ((error = bg_legal_moves(g, NULL, 0, &n)) < 0 &&
	    error != BG_EBUFSIZE)
		return error;
	printf("%zu %zu %s\n", ply, n, text);
	return 0;
}

static int replay(bg_game *g, const movelist *moves, int counts)
{
	size_t i;
	int error;

	for (i = 0; i < moves->n; i++) {
		if (counts &&
		    (error = print_counts_line(g, i + 1, moves->texts[i])) < 0)
			return lib_error(error);
		if ((error = bg_play_text(g, moves->texts[i])) < 0) {
			char prefix[600];

			fflush(stdout);
			snprintf(prefix, sizeof(prefix), "move %zu \"%.500s\": ",
				 i + 1, moves->texts[i]);
			print_lib_error(prefix, error);
			return 1;
		}
	}
	return 0;
}

/* ---- Result ------------------------------------------------------------- */

static int print_result(const bg_game *g)
{
	const char *r = "*", *name = "none";
	int status, winner, reason, error, deficit, exact;
	double score[2] = { 0, 0 };
	char *pos;
	char w[2] = "-";

	if ((error = bg_outcome(g, &status, &winner, &reason)) < 0 ||
	    (error = game_text(g, bg_position_text, &pos)) < 0)
		return lib_error(error);
	/* A game that keeps no score prints 0:0, as it always has. */
	if (bg_score(g, 0, &score[0]) == BG_OK)
		bg_score(g, 1, &score[1]);

	if (status == BG_WIN) {
		r = winner == 0 ? "1-0" : "0-1";
		w[0] = (char)('0' + winner);
	} else if (status == BG_DRAW) {
		r = "1/2-1/2";
	}
	if (status != BG_ONGOING)
		name = bg_reason_name(reason);

	printf("result: %s winner=%s reason=%s score=%g:%g deficit=", r, w,
	       name, score[0], score[1]);
	/* Only a won Corners or Halma game has one. */
	if (bg_kutochki_deficit(g, &deficit, &exact) == BG_OK)
		printf("%s%d\n", exact ? "" : "~", deficit);
	else
		printf("-\n");
	printf("%s\n", pos);
	free(pos);
	return 0;
}

/* ---- Main --------------------------------------------------------------- */

typedef struct options {
	const char *spec;
	const char *file;
	char **files;  /* every FILE argument */
	int nfiles;
	int counts;
	int record;
} options;

static int parse_args(int argc, char **argv, options *o)
{
	int i, npos = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--counts"))
			o->counts = 1;
		else if (!strcmp(a, "--record"))
			o->record = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, PROG ": %s: unknown option\n", a);
			return -1;
		}
		else if (npos++ == 0)
			o->spec = a;
		else
			o->files[o->nfiles++] = argv[i];
	}
	o->file = o->nfiles ? o->files[0] : NULL;
	if (npos == 0)
		fprintf(stderr, PROG ": no SPEC: give a game (bginfo lists "
			"them)\n");
	return npos >= 1 ? 0 : -1;
}

/* An SGF record: "(;" after white space. */
static int is_sgf(const char *text)
{
	while (is_space(*text))
		text++;
	return text[0] == '(' && text[1] == ';';
}

/* Each line of a warning list, after a prefix. */
static void print_warnings(FILE *f, const char *prefix, const char *warn)
{
	while (*warn) {
		size_t n = strcspn(warn, "\n");

		fprintf(f, "%s%.*s\n", prefix, (int)n, warn);
		warn += n + (warn[n] == '\n');
	}
}

/*
 * The game of a record: its Game tag wins over SPEC's options, but SPEC must
 * name the same game. SPEC is read before the input, so that a bad one is
 * reported at once.
 */
static int open_record(const char *spec, const char *path, bg_game **out)
{
	bg_game *want = NULL, *g = NULL;
	char *text;
	int error, status = 1;

	if ((error = bg_game_new(&want, spec)) < 0)
		return lib_error(error);
	if (!(text = read_all(path)))
		goto done;
	if (is_sgf(text)) {
		static char warn[65536];

		error = bg_tochki_from_sgf_ex(&g, text, spec, 0, warn,
					      sizeof(warn), NULL);
		print_warnings(stderr, PROG ": warning: ", warn);
	} else
		error = bg_game_from_record(&g, text);
	if (error < 0) {
		status = lib_error(error);
		goto done;
	}
	if (strcmp(bg_game_name(want), bg_game_name(g))) {
		fprintf(stderr, PROG ": the record is a game of %s, not %s\n",
			bg_game_name(g), bg_game_name(want));
		bg_game_free(g);
		goto done;
	}
	*out = g;
	status = 0;
done:
	free(text);
	bg_game_free(want);
	return status;
}

static int open_moves(const char *spec, const char *path, bg_game **out,
		      movelist *moves)
{
	bg_game *g = NULL;
	char *text;
	int error;

	if ((error = bg_game_new(&g, spec)) < 0)
		return lib_error(error);
	if (!(text = read_all(path)) || split_moves(text, moves) < 0) {
		free(text);
		bg_game_free(g);
		return 1;
	}
	free(text);
	*out = g;
	return 0;
}

/* ---- Many files ---------------------------------------------------------- */

typedef struct tally {
	size_t files, games, failed, warnings;
} tally;

static int count_lines(const char *s)
{
	int n = 0;

	for (; (s = strchr(s, '\n')); s++)
		n++;
	return n;
}

/* One line for a game read (g) or not (error). */
static void check_line(const char *name, size_t k, size_t ngames,
		       const bg_game *g, int error, const char *warn, tally *t)
{
	int status, winner, reason, nwarn = count_lines(warn);
	double score[2] = { 0, 0 };
	const char *r = "*";

	if (ngames > 1)
		printf("%s#%zu: ", name, k + 1);
	else
		printf("%s: ", name);
	t->games++;
	t->warnings += (size_t)nwarn;
	if (error < 0) {
		t->failed++;
		printf("error: %s: %s\n", bg_strerror(error), bg_last_error());
		print_warnings(stdout, "  warning: ", warn);
		return;
	}
	bg_outcome(g, &status, &winner, &reason);
	if (bg_score(g, 0, &score[0]) == BG_OK)
		bg_score(g, 1, &score[1]);
	if (status == BG_WIN)
		r = winner ? "0-1" : "1-0";
	else if (status == BG_DRAW)
		r = "1/2-1/2";
	printf("%s winner=%c reason=%s score=%g:%g moves=%u warnings=%d\n", r,
	       status == BG_WIN ? '0' + winner : '-',
	       status == BG_ONGOING ? "none" : bg_reason_name(reason), score[0],
	       score[1], bg_history_length(g), nwarn);
	print_warnings(stdout, "  warning: ", warn);
}

/* Every game of one file: an SGF file (a collection, maybe) or a
 * record. */
static void check_file(const char *spec, const char *path, tally *t)
{
	static char warn[65536];
	char *text = read_all(path);
	size_t n = 1, k;
	bg_game *g = NULL;
	int error;

	t->files++;
	if (!text) {
		t->games++;
		t->failed++;
		printf("%s: error: cannot be read\n", path);
		return;
	}
	if (!is_sgf(text)) {
		warn[0] = '\0';
		error = bg_game_from_record(&g, text);
		check_line(path, 0, 1, g, error, warn, t);
	} else if ((error = bg_tochki_sgf_count(text, &n)) < 0) {
		warn[0] = '\0';
		check_line(path, 0, 1, NULL, error, warn, t);
	} else {
		for (k = 0; k < n; k++) {
			error = bg_tochki_from_sgf_ex(&g, text, spec, k, warn,
						      sizeof(warn), NULL);
			check_line(path, k, n, g, error, warn, t);
			bg_game_free(g);
			g = NULL;
		}
	}
	bg_game_free(g);
	free(text);
}

static int check_files(const options *o)
{
	tally t = { 0, 0, 0, 0 };
	bg_game *want = NULL;
	int error, i;

	if ((error = bg_game_new(&want, o->spec)) < 0)
		return lib_error(error);
	bg_game_free(want);
	for (i = 0; i < o->nfiles; i++)
		check_file(o->spec, o->files[i], &t);
	printf("summary: %zu files, %zu games, %zu failed, %zu warnings\n",
	       t.files, t.games, t.failed, t.warnings);
	return t.failed ? 1 : 0;
}

/* Several files, or one SGF file without --record or --counts. */
static int many_files(const options *o)
{
	char *text;
	int sgf;

	if (o->nfiles > 1)
		return 1;
	if (o->nfiles == 0 || o->record || o->counts || !strcmp(o->file, "-"))
		return 0;
	if (!(text = read_all(o->file)))
		return 0;
	sgf = is_sgf(text);
	free(text);
	return sgf;
}

static int run(const options *o)
{
	movelist moves = { NULL, 0, 0 };
	bg_game *g = NULL;
	int error, status;

	if (many_files(o))
		return check_files(o);
	if (o->record) {
		status = open_record(o->spec, o->file, &g);
		if (!status && o->counts && (error = rewind_record(g, &moves)) < 0)
			status = lib_error(error);
	} else {
		status = open_moves(o->spec, o->file, &g, &moves);
	}

	if (!status && (status = replay(g, &moves, o->counts)) == 0)
		status = print_result(g);
	movelist_free(&moves);
	bg_game_free(g);
	return status;
}

int main(int argc, char **argv)
{
	options o = { NULL, NULL, NULL, 0, 0, 0 };
	int rc;

	if (!(o.files = calloc((size_t)argc, sizeof(char *)))) {
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}

	if ((rc = parse_args(argc, argv, &o)) < 0)
		rc = usage();
	else if (rc > 0)
		rc = fputs(usage_text, stdout) < 0;
	else
		rc = run(&o);
	free(o.files);
	return rc;
}
