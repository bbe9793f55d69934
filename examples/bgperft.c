/*
 * bgperft: count the leaves of the legal-move tree of a game.
 *
 * The output is parsed by other programs: one line "D COUNT" for every
 * depth D = 1..DEPTH, and with --divide first one line "MOVE COUNT" per
 * root move (its leaves at DEPTH).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "cli.h"

#define PROG "bgperft"
#define MAX_DEPTH 64

static const char usage_text[] =
	"usage: " PROG " SPEC DEPTH [--divide]\n"
	"\n"
	"Count the leaves of the legal-move tree of the game SPEC\n"
	"(e.g. \"kutochki\" or \"kutochki:size=10,diagonal=1\"). A move is a whole\n"
	"turn; a finished game has no moves. Prints one line \"D COUNT\" for each\n"
	"depth D = 1..DEPTH (DEPTH from 1 to 64).\n"
	"\n"
	"  --divide   before those lines, print one line \"MOVE COUNT\" for each\n"
	"             legal move of the start position: the move's text and the\n"
	"             number of leaves below it at DEPTH.\n"
	"\n"
	"Options may stand before or after the arguments. Exit status: 0 ok,\n"
	"1 library error, 2 bad arguments.\n";

/* Name the bad argument and why, then the usage; status 2. */
#define usage(...) cli_usage(PROG, usage_text, __VA_ARGS__)

static int lib_error(int code)
{
	const char *detail = bg_last_error();

	if (detail && *detail)
		fprintf(stderr, PROG ": %s: %s\n", bg_strerror(code), detail);
	else
		fprintf(stderr, PROG ": %s\n", bg_strerror(code));
	return 1;
}

typedef struct perft {
	bg_game *g;
	int depth;
	size_t max_moves;
	bg_move *moves;                /* depth * max_moves, one row per ply */
	uint64_t counts[MAX_DEPTH + 1]; /* counts[d]: nodes at depth d */
} perft;

/*
 * Walk the tree below the current position, which stands at `ply`. Every
 * node at depth d is one leaf of perft(d), so one walk gives all depths;
 * the last level is counted from the move list without playing it.
 */
static int walk(perft *p, int ply)
{
	bg_move *buf = p->moves + (size_t)ply * p->max_moves;
	size_t n, i;
	int error;

	if ((error = bg_legal_moves(p->g, buf, p->max_moves, &n)) < 0)
		return error;
	p->counts[ply + 1] += n;
	if (ply + 1 == p->depth)
		return 0;

	for (i = 0; i < n; i++) {
		if ((error = bg_play(p->g, &buf[i])) < 0)
			return error;
		error = walk(p, ply + 1);
		bg_undo(p->g);
		if (error < 0)
			return error;
	}
	return 0;
}

/* --divide: the root level by hand, to report each move's share. */
static int divide(perft *p)
{
	bg_move *buf = p->moves;
	char text[256];
	size_t n, i;
	int error;

	if ((error = bg_legal_moves(p->g, buf, p->max_moves, &n)) < 0)
		return error;
	p->counts[1] = n;

	for (i = 0; i < n; i++) {
		uint64_t before = p->counts[p->depth];

		if ((error = bg_move_to_text(p->g, &buf[i], text, sizeof(text),
					     NULL)) < 0)
			return error;
		if (p->depth > 1) {
			if ((error = bg_play(p->g, &buf[i])) < 0)
				return error;
			error = walk(p, 1);
			bg_undo(p->g);
			if (error < 0)
				return error;
		}
		printf("%s %" PRIu64 "\n", text,
		       p->depth > 1 ? p->counts[p->depth] - before : 1);
	}
	return 0;
}

/* DEPTH: a number in 1..MAX_DEPTH; 0 or a negative code for usage(). */
static int parse_depth(const char *s, int *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (end == s || *end || (s[0] < '0' || s[0] > '9'))
		return usage("DEPTH %s is not a number", s);
	if (errno || v < 1 || v > MAX_DEPTH)
		return usage("depth %s is out of range 1..64", s);
	*out = (int)v;
	return 0;
}

int main(int argc, char **argv)
{
	const char *spec = NULL, *depth_arg = NULL;
	int do_divide = 0, npos = 0, i, error, status = 0;
	perft p;

	memset(&p, 0, sizeof(p));
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--divide"))
			do_divide = 1;
		else if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (argv[i][0] == '-' && argv[i][1] >= '0' &&
			   argv[i][1] <= '9' && npos == 1) {
			return usage("depth %s is out of range 1..64", argv[i]);
		} else if (argv[i][0] == '-') {
			return usage("%s: unknown option", argv[i]);
		} else if (npos == 0) {
			spec = argv[i], npos++;
		} else if (npos == 1) {
			depth_arg = argv[i], npos++;
		} else {
			return usage("%s: one SPEC and one DEPTH only", argv[i]);
		}
	}
	if (npos == 0)
		return usage("no SPEC: give a game (bginfo lists them)");
	if (npos == 1)
		return usage("no DEPTH after %s", spec);
	if ((error = parse_depth(depth_arg, &p.depth)) != 0)
		return error;

	if ((error = bg_game_new(&p.g, spec)) < 0)
		return lib_error(error);

	p.max_moves = bg_max_moves(p.g);
	if (p.max_moves == 0)
		p.max_moves = 1;
	p.moves = calloc((size_t)p.depth * p.max_moves, sizeof(bg_move));
	if (!p.moves) {
		fprintf(stderr, PROG ": out of memory\n");
		bg_game_free(p.g);
		return 1;
	}

	error = do_divide ? divide(&p) : walk(&p, 0);
	if (error < 0) {
		status = lib_error(error);
	} else {
		for (i = 1; i <= p.depth; i++)
			printf("%d %" PRIu64 "\n", i, p.counts[i]);
	}

	free(p.moves);
	bg_game_free(p.g);
	return status;
}
