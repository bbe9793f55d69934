/*
 * bgplay: play a game in the terminal, against a random player or as a
 * self-play between two random players. For people; the output is not a
 * format for programs.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#define PROG "bgplay"

static const char usage_text[] =
	"usage: " PROG " SPEC [--selfplay] [--seed N] [--max-plies N]\n"
	"\n"
	"Play the game SPEC (e.g. \"kutochki\" or \"kutochki:diagonal=1\").\n"
	"Without --selfplay you play seat 0 against a random player: type a move\n"
	"(\"e1-d1\"), \"moves\" to list the legal moves, \"undo\" to take back your\n"
	"last move, \"help\" or \"quit\".\n"
	"\n"
	"  --selfplay      two random players play each other; the board is\n"
	"                  printed after every move\n"
	"  --seed N        seed of the random players (default 1)\n"
	"  --max-plies N   stop after N plies with the result * (default: no\n"
	"                  limit; the game's own rules end it)\n"
	"\n"
	"Board: w and b are the pieces of seats 0 and 1 (W and B promoted or\n"
	"strong pieces, * a dead point), . an empty point.\n"
	"Options may stand before or after SPEC. Exit status: 0 ok, 1 library\n"
	"error, 2 bad arguments.\n";

static int usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}

static int lib_error(int code)
{
	const char *detail = bg_last_error();

	if (detail && *detail)
		fprintf(stderr, PROG ": %s: %s\n", bg_strerror(code), detail);
	else
		fprintf(stderr, PROG ": %s\n", bg_strerror(code));
	return 1;
}

/* ---- Random player ------------------------------------------------------ */

typedef struct rng {
	uint64_t s;
} rng;

/* splitmix64 spreads small seeds, and never leaves xorshift at zero. */
static void rng_seed(rng *r, uint64_t seed)
{
	uint64_t z = seed + 0x9e3779b97f4a7c15ULL;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	z ^= z >> 31;
	r->s = z ? z : 1;
}

/* xorshift64*: small and good enough to pick moves. */
static uint64_t rng_next(rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545f4914f6cdd1dULL;
}

static size_t rng_below(rng *r, size_t n)
{
	return (size_t)((rng_next(r) >> 11) % n);
}

/* ---- Drawing ------------------------------------------------------------ */

static char piece_char(int seat, int kind)
{
	switch (kind) {
	case BG_PIECE_MAN:
		return seat == 0 ? 'w' : 'b';
	case BG_PIECE_KING:
		return seat == 0 ? 'W' : 'B';
	case BG_PIECE_DEAD:
		return '*';
	default:
		return '.';
	}
}

/* File letters of column x: a..z, then aa, ab, ... as the names use them. */
static void file_name(int x, char *buf)
{
	if (x < 26) {
		buf[0] = (char)('a' + x);
		buf[1] = '\0';
	} else {
		buf[0] = (char)('a' + x / 26 - 1);
		buf[1] = (char)('a' + x % 26);
		buf[2] = '\0';
	}
}

/*
 * Print the board as a grid: ranks numbered on the left, top rank first,
 * file letters below. Points of a line board stand at their drawing
 * coordinates; the other cells of the frame stay blank.
 */
static int print_board(const bg_game *g)
{
	int w, h, x, y, seat, kind, error, cw, rw;
	size_t np, p;
	char *grid, name[4];

	if ((error = bg_board_size(g, &w, &h)) < 0)
		return error;
	if (w <= 0 || h <= 0)
		return 0;
	if (!(grid = malloc((size_t)w * (size_t)h)))
		return BG_ENOMEM;
	memset(grid, ' ', (size_t)w * (size_t)h);

	np = bg_point_count(g);
	for (p = 0; p < np; p++) {
		if ((error = bg_point_coords(g, (int)p, &x, &y)) < 0 ||
		    (error = bg_point_piece(g, (int)p, &seat, &kind)) < 0) {
			free(grid);
			return error;
		}
		if (x >= 0 && x < w && y >= 0 && y < h)
			grid[(size_t)y * (size_t)w + (size_t)x] =
				piece_char(seat, kind);
	}

	cw = w > 26 ? 3 : 2;
	rw = snprintf(NULL, 0, "%d", h);
	for (y = h - 1; y >= 0; y--) {
		printf("%*d ", rw, y + 1);
		for (x = 0; x < w; x++)
			printf("%*c", cw, grid[(size_t)y * (size_t)w + (size_t)x]);
		putchar('\n');
	}
	printf("%*s ", rw, "");
	for (x = 0; x < w; x++) {
		file_name(x, name);
		printf("%*s", cw, name);
	}
	putchar('\n');
	free(grid);
	return 0;
}

/* ---- Playing ------------------------------------------------------------ */

typedef struct session {
	bg_game *g;
	bg_move *moves; /* room for bg_max_moves(g) */
	size_t cap;
	rng rng;
	long max_plies; /* -1: no limit */
	long plies;     /* plies played in this session */
} session;

static int game_over(const bg_game *g)
{
	int status = BG_ONGOING;

	bg_outcome(g, &status, NULL, NULL);
	return status != BG_ONGOING;
}

static int at_limit(const session *s)
{
	return s->max_plies >= 0 && s->plies >= s->max_plies;
}

/* Play m, announcing it as "12. w: e1-d1". */
static int play_announced(session *s, const bg_move *m)
{
	uint32_t ply = bg_ply(s->g);
	int seat = bg_to_move(s->g), error;
	char text[512];

	if ((error = bg_move_to_text(s->g, m, text, sizeof(text), NULL)) < 0 ||
	    (error = bg_play(s->g, m)) < 0)
		return error;
	s->plies++;
	printf("%lu. %c: %s\n", (unsigned long)(ply / 2 + 1),
	       seat == 0 ? 'w' : 'b', text);
	return 0;
}

static int play_random(session *s)
{
	size_t n;
	int error;

	if ((error = bg_legal_moves(s->g, s->moves, s->cap, &n)) < 0)
		return error;
	if (n == 0)
		return BG_EGAMEOVER;
	return play_announced(s, &s->moves[rng_below(&s->rng, n)]);
}

static int print_result(const bg_game *g)
{
	int status, winner, reason, error;
	double a = 0, b = 0;

	if ((error = bg_outcome(g, &status, &winner, &reason)) < 0 ||
	    (error = bg_score(g, 0, &a)) < 0 ||
	    (error = bg_score(g, 1, &b)) < 0)
		return error;

	if (status == BG_WIN)
		printf("Result: %s (%s wins: %s; score %g:%g)\n",
		       winner == 0 ? "1-0" : "0-1",
		       winner == 0 ? "White" : "Black", bg_reason_name(reason),
		       a, b);
	else if (status == BG_DRAW)
		printf("Result: 1/2-1/2 (draw: %s; score %g:%g)\n",
		       bg_reason_name(reason), a, b);
	else
		printf("Result: * (stopped after %lu plies; score %g:%g)\n",
		       (unsigned long)bg_ply(g), a, b);
	return 0;
}

static int selfplay(session *s)
{
	int error;

	if ((error = print_board(s->g)) < 0)
		return error;
	while (!game_over(s->g) && !at_limit(s)) {
		if ((error = play_random(s)) < 0 ||
		    (error = print_board(s->g)) < 0)
			return error;
	}
	return print_result(s->g);
}

static int list_moves(session *s)
{
	char text[512];
	size_t n, i;
	int error;

	if ((error = bg_legal_moves(s->g, s->moves, s->cap, &n)) < 0)
		return error;
	for (i = 0; i < n; i++) {
		if ((error = bg_move_to_text(s->g, &s->moves[i], text,
					     sizeof(text), NULL)) < 0)
			return error;
		printf("%s%s", i ? " " : "", text);
	}
	putchar('\n');
	return 0;
}

/* Take back moves until it is the human's turn again, at least one. */
static void undo_turn(session *s)
{
	if (bg_undo(s->g) < 0) {
		printf("nothing to undo\n");
		return;
	}
	s->plies--;
	while (bg_to_move(s->g) != 0 && bg_undo(s->g) == 0)
		s->plies--;
}

static void strip(char *line)
{
	size_t len = strlen(line);

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
		       line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = '\0';
}

/* One command of the human; returns 1 to quit. */
static int command(session *s, char *line)
{
	bg_move m;
	int error;

	while (*line == ' ' || *line == '\t')
		line++;
	if (!*line)
		return 0;
	if (!strcmp(line, "quit"))
		return 1;
	if (!strcmp(line, "help")) {
		printf("a move (e1-d1), moves, undo, quit\n");
		return 0;
	}
	if (!strcmp(line, "moves")) {
		if ((error = list_moves(s)) < 0)
			lib_error(error);
		return 0;
	}
	if (!strcmp(line, "undo")) {
		undo_turn(s);
		print_board(s->g);
		return 0;
	}
	if ((error = bg_move_from_text(s->g, line, &m)) < 0 ||
	    (error = play_announced(s, &m)) < 0) {
		const char *detail = bg_last_error();

		printf("%s%s%s\n", bg_strerror(error),
		       detail && *detail ? ": " : "", detail ? detail : "");
		return 0;
	}
	/* The random player answers until it is the human's turn again. */
	while (!game_over(s->g) && !at_limit(s) && bg_to_move(s->g) != 0)
		if ((error = play_random(s)) < 0) {
			lib_error(error);
			return 1;
		}
	print_board(s->g);
	return 0;
}

static int interactive(session *s)
{
	char line[1024];
	int error;

	if ((error = print_board(s->g)) < 0)
		return error;
	/* A game whose seat 1 moves first starts with the random player. */
	while (!game_over(s->g) && !at_limit(s) && bg_to_move(s->g) != 0) {
		if ((error = play_random(s)) < 0)
			return error;
		print_board(s->g);
	}
	while (!game_over(s->g) && !at_limit(s)) {
		printf("%lu. w> ", (unsigned long)(bg_ply(s->g) / 2 + 1));
		fflush(stdout);
		if (!fgets(line, sizeof(line), stdin)) {
			putchar('\n');
			break;
		}
		strip(line);
		if (command(s, line))
			break;
	}
	return print_result(s->g);
}

/* ---- Main --------------------------------------------------------------- */

typedef struct options {
	const char *spec;
	int selfplay;
	uint64_t seed;
	long max_plies;
} options;

static int parse_number(const char *s, unsigned long long max,
			unsigned long long *out)
{
	char *end;
	unsigned long long v;

	if (!s || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "--key VALUE" or "--key=VALUE"; returns the value or NULL. */
static const char *option_value(int argc, char **argv, int *i,
				const char *key)
{
	size_t len = strlen(key);

	if (strncmp(argv[*i], key, len))
		return NULL;
	if (argv[*i][len] == '=')
		return argv[*i] + len + 1;
	if (argv[*i][len] == '\0' && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

static int parse_args(int argc, char **argv, options *o)
{
	unsigned long long v;
	const char *val;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--selfplay")) {
			o->selfplay = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			return 1;
		} else if (!strncmp(a, "--seed", 6)) {
			if (!(val = option_value(argc, argv, &i, "--seed")) ||
			    parse_number(val, UINT64_MAX, &v) < 0)
				return -1;
			o->seed = v;
		} else if (!strncmp(a, "--max-plies", 11)) {
			if (!(val = option_value(argc, argv, &i, "--max-plies")) ||
			    parse_number(val, 1000000000UL, &v) < 0)
				return -1;
			o->max_plies = (long)v;
		} else if (a[0] == '-' || o->spec) {
			return -1;
		} else {
			o->spec = a;
		}
	}
	return o->spec ? 0 : -1;
}

int main(int argc, char **argv)
{
	options o = { NULL, 0, 1, -1 };
	session s;
	int rc, error;

	if ((rc = parse_args(argc, argv, &o)) < 0)
		return usage();
	if (rc > 0) {
		fputs(usage_text, stdout);
		return 0;
	}

	memset(&s, 0, sizeof(s));
	rng_seed(&s.rng, o.seed);
	s.max_plies = o.max_plies;
	if ((error = bg_game_new(&s.g, o.spec)) < 0)
		return lib_error(error);
	s.cap = bg_max_moves(s.g);
	if (!(s.moves = calloc(s.cap ? s.cap : 1, sizeof(*s.moves)))) {
		bg_game_free(s.g);
		fprintf(stderr, PROG ": out of memory\n");
		return 1;
	}

	error = o.selfplay ? selfplay(&s) : interactive(&s);
	rc = error < 0 ? lib_error(error) : 0;

	free(s.moves);
	bg_game_free(s.g);
	return rc;
}
