/*
 * bgplay: play any game of the library in the terminal, against a person,
 * a random player or a Monte-Carlo tree search, or watch two computer
 * players. For people; the output is not a format for programs.
 */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#if defined(HAVE_LIBEDIT)
#include <editline/readline.h>
#elif defined(HAVE_READLINE)
#include <readline/history.h>
#include <readline/readline.h>
#endif

#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/search.h>
#include <boardgames/tochki.h>

#include "draw.h"
#include "rng.h"

#define PROG "bgplay"

static const char usage_text[] =
	"usage: " PROG " SPEC [options]\n"
	"       " PROG " --load FILE [options]\n"
	"\n"
	"Play the game SPEC (e.g. \"kutochki\" or \"mill\"; bginfo lists them)\n"
	"in the terminal. By default you play the first seat against the\n"
	"computer (mcts). At your turn type a move (\"e1-d1\") or a command:\n"
	"moves, undo, board, flip, hint, resign, draw, save FILE, load FILE,\n"
	"help, quit. The board is drawn from your side.\n"
	"\n"
	"  --white P, --black P   the player of seat 0 / seat 1 (whatever the\n"
	"                         game calls them): human, random or mcts\n"
	"  --players P,Q          both at once (seat 0, seat 1)\n"
	"  --selfplay             watch two computer players (default: mcts for\n"
	"                         seat 0, random for seat 1); prints the result\n"
	"                         and exits\n"
	"  --seed N               seed of the computer players (default 1)\n"
	"  --level N              mcts: strength 1..10 (default 10; see\n"
	"                         doc/search.md)\n"
	"  --threads N            mcts: threads searching at once (default 1)\n"
	"  --playouts N           mcts: playouts per move (default 200 when\n"
	"                         no --level is given)\n"
	"  --think SECONDS        mcts: thinking time per move (at most; at\n"
	"                         level 10 without --playouts, 5 seconds)\n"
	"  --ply-cap N            mcts: plies of a random playout before it\n"
	"                         counts as a draw (default 500)\n"
	"  --cutoff N             mcts: plies of a random playout before the\n"
	"                         game's evaluation is used, where it has one\n"
	"                         (default 1)\n"
	"  --explore C            mcts: the UCB1 exploration constant (default 0.7)\n"
	"  --max-plies N          stop after N plies with the result *\n"
	"  --load FILE            start from a saved record (SPEC optional)\n"
	"  --quiet                do not draw the board (moves and result only)\n"
	"  --flip                 draw the board turned half round (from the\n"
	"                         other side than your own)\n"
	"  --svg FILE             write the position as an SVG picture to FILE,\n"
	"                         again after each move\n"
	"  --verbose              show the search figures of mcts moves\n"
	"\n"
	"Options may stand before or after SPEC. Exit status: 0 ok, 1 library\n"
	"or file error, 2 bad arguments.\n";

static const char help_text[] =
	"  MOVE         play it (\"e2-e4\", \"c3\", \"c3xe5\"; from-to is enough\n"
	"               when it is unique)\n"
	"  moves        list the legal moves\n"
	"  undo         take back your last move (and the computer's answer)\n"
	"  board        draw the board again\n"
	"  flip         turn the board half round\n"
	"  hint         what mcts would play here\n"
	"  save FILE    write the game record to FILE\n"
	"  load FILE    continue a game from a record (or a Dots SGF file)\n"
	"  resign       give up: the other side wins\n"
	"  draw         offer a draw; the computer accepts when it does not\n"
	"               stand better (the game's evaluation), a person answers\n"
	"               accept at the next prompt\n"
	"  help, quit\n";

enum { HUMAN, RANDOM, MCTS };
static const char *const player_names[] = { "human", "random", "mcts" };

typedef struct session {
	bg_game *g;
	bg_move *moves; /* room for bg_max_moves(g) */
	size_t cap;
	int player[2];
	rng rng;
	bg_search_options so;
	bg_search_limits limits;
	bg_search *search; /* made at the first mcts move */
	long max_plies; /* -1: no limit */
	long plies;     /* plies played in this session */
	int quiet, verbose;
	int announced;  /* the result of this position is printed */
	int flip;       /* the board turned half round */
	int turn;       /* --flip: turn it from the player's side */
	int draw_offer; /* the seat offering a draw to a person, or -1 */
	const char *svg; /* the picture's file, or NULL */
} session;

#define LINE_MAX_LEN 1000 /* the longest line read at the prompt */

static int usage(const char *why)
{
	if (why)
		fprintf(stderr, PROG ": %s\n", why);
	fputs(usage_text, stderr);
	return 2;
}

static void print_lib_error(FILE *f, int code)
{
	const char *detail = bg_last_error();

	fprintf(f, "%s%s%s\n", bg_strerror(code), detail && *detail ? ": " : "",
		detail ? detail : "");
}

static int lib_error(int code)
{
	fputs(PROG ": ", stderr);
	print_lib_error(stderr, code);
	return 1;
}

/* ---- The game ------------------------------------------------------------ */

/* Make g the game of the session (freeing the old one). */
static int set_game(session *s, bg_game *g)
{
	size_t cap = bg_max_moves(g);
	bg_move *moves = calloc(cap ? cap : 1, sizeof(*moves));

	if (!moves)
		return BG_ENOMEM;
	bg_game_free(s->g);
	free(s->moves);
	s->g = g;
	s->moves = moves;
	s->cap = cap;
	s->announced = 0;
	return 0;
}

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

/* The seat that played the last move, or -1. */
static int last_mover(const bg_game *g)
{
	bg_game *c;
	int seat = -1;

	if (bg_history_length(g) == 0 || bg_game_clone(&c, g) < 0)
		return -1;
	if (bg_undo(c) == 0)
		seat = bg_to_move(c);
	bg_game_free(c);
	return seat;
}

/* ---- Seat names in sentences ---------------------------------------------- */

/* A seat named by a colour is a player ("White wins"); one named by the
 * pieces it moves is its animals ("The geese win", "the fox wins"). */
typedef struct subject {
	char text[64];
	int plural;
} subject;

static subject seat_subject(const bg_game *g, int seat, int capital)
{
	static const char *const colours[] = { "White", "Black", "Red", "Blue" };
	const char *name = seat >= 0 ? bg_seat_name(g, seat) : "?";
	size_t n = strlen(name), i;
	subject sub;

	for (i = 0; i < sizeof(colours) / sizeof(colours[0]); i++)
		if (!strcmp(name, colours[i]))
			break;
	if (i < sizeof(colours) / sizeof(colours[0])) {
		snprintf(sub.text, sizeof(sub.text), "%s", name);
		sub.plural = 0;
		return sub;
	}
	snprintf(sub.text, sizeof(sub.text), "%s %s", capital ? "The" : "the",
		 name);
	for (i = 4; sub.text[i]; i++)
		sub.text[i] = (char)tolower((unsigned char)sub.text[i]);
	sub.plural = (n && name[n - 1] == 's') || !strcmp(name, "Geese") ||
		     !strcmp(name, "Sheep");
	return sub;
}

/* "SUBJECT VERB": the verb as for one ("wins") or many ("win"). */
static void say(const bg_game *g, int seat, int capital, const char *one,
		const char *many)
{
	subject sub = seat_subject(g, seat, capital);

	printf("%s %s", sub.text, sub.plural ? many : one);
}

/* The reason of the end in words. */
static void say_reason(const bg_game *g, int status, int winner, int reason)
{
	int win = status == BG_WIN, last;

	switch (reason) {
	case BG_REASON_GOAL:
		if (win)
			say(g, winner, 0, "reached the goal", "reached the goal");
		else
			printf("both sides reached the goal");
		break;
	case BG_REASON_NO_MOVES:
		say(g, bg_to_move(g), 0, "cannot move", "cannot move");
		break;
	case BG_REASON_PIECES:
		if (win)
			say(g, 1 - winner, 0, "has too few pieces left",
			    "have too few pieces left");
		else
			printf("both sides have too few pieces left");
		break;
	case BG_REASON_LEAVE_HOME:
		if (win)
			say(g, 1 - winner, 0, "did not leave home in time",
			    "did not leave home in time");
		else
			printf("neither side left home in time");
		break;
	case BG_REASON_TEMPO:
		if (win)
			say(g, winner, 0,
			    "has the lower tempo number at the tempo check",
			    "have the lower tempo number at the tempo check");
		else
			printf("the tempo numbers are equal at the tempo check");
		break;
	case BG_REASON_MOVE_LIMIT:
		printf("the move limit was reached");
		break;
	case BG_REASON_REPETITION:
		printf("a position was repeated");
		break;
	case BG_REASON_GROUNDING:
		last = last_mover(g);
		if (last >= 0)
			say(g, last, 0, "grounded and the captures were counted",
			    "grounded and the captures were counted");
		else
			printf("a side grounded and the captures were counted");
		break;
	case BG_REASON_MARGIN:
		say(g, winner, 0, "leads by the winning margin",
		    "lead by the winning margin");
		break;
	case BG_REASON_NO_POINTS:
		printf("no free point is left");
		break;
	case BG_REASON_PASSES:
		printf("both sides passed");
		break;
	case BG_REASON_SEPARATED:
		printf("the armies can no longer meet");
		break;
	case BG_REASON_MATERIAL:
		printf("too little material is left for anyone to win");
		break;
	case BG_REASON_RESIGNATION:
		say(g, 1 - winner, 0, "resigned", "resigned");
		break;
	case BG_REASON_AGREEMENT:
		printf("both sides agreed");
		break;
	default:
		printf("%s", bg_reason_name(reason));
		break;
	}
}

/* What a game's two scores are, in words (bg_score; each game's page). */
static const char *score_words(const bg_game *g)
{
	static const struct {
		const char *game, *words;
	} table[] = {
		{ "kutochki", "Tempo numbers (the distance the pieces still "
			      "have to go; lower is better)" },
		{ "halma", "Tempo numbers (the distance the pieces still have "
			   "to go; lower is better)" },
		{ "seega", "Pieces captured" },
		{ "senegal", "Pieces left" },
		{ "tochki", "Points (dots captured)" },
		{ "alquerque", "Points (2 for the win and 2 for each of the "
			       "winner's pieces left)" },
	};
	size_t i;

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(bg_game_name(g), table[i].game))
			return table[i].words;
	return "Score";
}

/* " Tempo numbers (...): White 118, Black 124." for a game that keeps a
 * score, and for a won Corners or Halma game how far the loser is behind. */
static void print_scores(const bg_game *g, int status, int winner)
{
	double a = 0, b = 0;
	int deficit, exact;

	if (bg_score(g, 0, &a) == BG_OK && bg_score(g, 1, &b) == BG_OK &&
	    (a != 0 || b != 0))
		printf(" %s: %s %g, %s %g.", score_words(g),
		       bg_seat_name(g, 0), a, bg_seat_name(g, 1), b);
	if (status == BG_WIN &&
	    bg_kutochki_deficit(g, &deficit, &exact) == BG_OK) {
		putchar(' ');
		say(g, 1 - winner, 1, "is", "are");
		printf(" %s%d move%s behind (the loser's deficit: %s).",
		       exact ? "" : "about ", deficit, deficit == 1 ? "" : "s",
		       exact ? "the fewest moves it needs to fill its target"
			     : "estimated from its tempo number");
	}
}

/*
 * "Result: 1-0. White wins: Black did not leave home in time (leave-home).
 * Tempo numbers (...): White 118, Black 124. Black is 9 moves behind (...)."
 */
static void print_result(session *s)
{
	const bg_game *g = s->g;
	int status = BG_ONGOING, winner = -1, reason = 0;

	bg_outcome(g, &status, &winner, &reason);
	if (status == BG_WIN) {
		printf("Result: %s. ", winner == 0 ? "1-0" : "0-1");
		say(g, winner, 1, "wins", "win");
		printf(": ");
	} else if (status == BG_DRAW) {
		printf("Result: 1/2-1/2. Draw: ");
	}
	if (status != BG_ONGOING) {
		say_reason(g, status, winner, reason);
		printf(" (%s).", bg_reason_name(reason));
	} else {
		printf("Result: *. The game is not over (%lu %s played).",
		       (unsigned long)bg_ply(g),
		       bg_ply(g) == 1 ? "ply" : "plies");
	}
	print_scores(g, status, winner);
	putchar('\n');
	s->announced = 1;
}

/* The position as an SVG picture into the --svg file, replacing it. */
static void write_svg(session *s)
{
	size_t n;
	char *text;
	FILE *f;
	int error;

	if (!s->svg)
		return;
	if ((error = bg_board_svg(s->g, NULL, NULL, 0, &n)) < 0) {
		lib_error(error);
		return;
	}
	if (!(text = malloc(n + 1))) {
		lib_error(BG_ENOMEM);
		return;
	}
	if ((error = bg_board_svg(s->g, NULL, text, n + 1, NULL)) < 0)
		lib_error(error);
	else if (!(f = fopen(s->svg, "w")) || fputs(text, f) < 0 ||
		 fclose(f) != 0)
		fprintf(stderr, PROG ": %s: %s\n", s->svg, strerror(errno));
	free(text);
}

static void draw(session *s)
{
	int error;

	write_svg(s);
	if (!s->quiet && (error = draw_board_flipped(stdout, s->g, s->flip)) < 0)
		lib_error(error);
}

/* ---- Moves ---------------------------------------------------------------- */

/* Play m, announcing it as "12. White: e1-d1". */
static int play_announced(session *s, const bg_move *m, const char *note)
{
	uint32_t ply = bg_ply(s->g);
	int seat = bg_to_move(s->g), error;
	char text[512];

	if ((error = bg_move_to_text(s->g, m, text, sizeof(text), NULL)) < 0 ||
	    (error = bg_play(s->g, m)) < 0)
		return error;
	s->plies++;
	s->announced = 0;
	write_svg(s);
	printf("%lu. %s: %s%s\n", (unsigned long)(ply / 2 + 1),
	       bg_seat_name(s->g, seat), text, note ? note : "");
	return 0;
}

/* The library's search on the session's game: its tree follows the
 * game from move to move. */
static int search_move(session *s, bg_move *m)
{
	int error;

	if (!s->search)
		error = bg_search_new(&s->search, s->g, &s->so);
	else
		error = bg_search_sync(s->search, s->g);
	if (error < 0)
		return error;
	return bg_search_think(s->search, &s->limits, m);
}

static int computer_move(session *s)
{
	int who = s->player[bg_to_move(s->g)], error;
	char note[128] = "";
	bg_search_line best;
	bg_search_info st;
	bg_move m;
	size_t n;

	if (who == MCTS) {
		if ((error = search_move(s, &m)) < 0)
			return error;
		if (s->verbose &&
		    bg_search_analysis(s->search, &best, 1, &n) != BG_EGAMEOVER &&
		    bg_search_info_get(s->search, &st) == BG_OK)
			snprintf(note, sizeof(note),
				 "   [mcts: %llu playouts, %llu visits, value %.2f]",
				 (unsigned long long)st.playouts,
				 (unsigned long long)best.visits, best.value);
		return play_announced(s, &m, note);
	}
	if ((error = bg_legal_moves(s->g, s->moves, s->cap, &n)) < 0)
		return error;
	if (n == 0)
		return BG_EGAMEOVER;
	return play_announced(s, &s->moves[rng_below(&s->rng, n)], NULL);
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
	printf("%s(%zu %s)\n", n ? "  " : "", n, n == 1 ? "move" : "moves");
	return 0;
}

/* The plies to take back so that a person is to move before the move of
 * theirs last made: the computer's answers after it and that move. 0 when
 * no person has a move to take back (undo then does nothing, rather than
 * leave the computer to play again, maybe otherwise). */
static int plies_to_undo(const session *s)
{
	bg_game *c;
	int n = 0;

	if (bg_game_clone(&c, s->g) < 0)
		return 0;
	while (bg_undo(c) == 0) {
		n++;
		if (s->player[bg_to_move(c)] == HUMAN)
			break;
	}
	if (s->player[bg_to_move(c)] != HUMAN)
		n = 0;
	bg_game_free(c);
	return n;
}

/* Take back the person's last move and the answers to it: 1 when done. */
static int undo_turn(session *s)
{
	int n = plies_to_undo(s);

	if (n == 0) {
		printf("nothing to undo\n");
		return 0;
	}
	for (; n > 0 && bg_undo(s->g) == 0; n--)
		s->plies--;
	s->announced = 0;
	s->draw_offer = -1;
	return 1;
}

/* ---- Resigning and draws --------------------------------------------------- */

static void resign(session *s)
{
	int seat = bg_to_move(s->g), error;

	if ((error = bg_resign(s->g, seat)) < 0) {
		print_lib_error(stdout, error);
		return;
	}
	s->draw_offer = -1;
}

/* A computer player takes a draw when it does not stand better by the
 * game's evaluation (0.5 for a game without one). */
static int computer_takes_draw(const bg_game *g, int seat)
{
	double value = 0.5;

	bg_evaluate(g, seat, &value);
	return value <= 0.5;
}

static void offer_draw(session *s)
{
	int seat = bg_to_move(s->g), other = 1 - seat, error;

	if (s->player[other] == HUMAN) {
		s->draw_offer = seat;
		printf("%s offers a draw; after this move ",
		       bg_seat_name(s->g, seat));
		say(s->g, other, 0, "answers", "answer");
		printf(" accept, or %s on\n",
		       seat_subject(s->g, other, 0).plural ? "play" : "plays");
		return;
	}
	if (!computer_takes_draw(s->g, other)) {
		say(s->g, other, 1, "declines", "decline");
		printf(" the draw\n");
		return;
	}
	say(s->g, other, 1, "accepts", "accept");
	printf(" the draw\n");
	if ((error = bg_agree_draw(s->g)) < 0)
		print_lib_error(stdout, error);
}

static void accept_draw(session *s)
{
	int error;

	if (s->draw_offer != 1 - bg_to_move(s->g)) {
		printf("no draw is offered\n");
		return;
	}
	s->draw_offer = -1;
	if ((error = bg_agree_draw(s->g)) < 0)
		print_lib_error(stdout, error);
}

/* ---- The board's side -------------------------------------------------------- */

/* The seat whose pieces start nearer the top of the frame: the one with the
 * higher mean rank at the start (seat 1 when the board starts empty). */
static int top_seat(const bg_game *g)
{
	long sum[2] = { 0, 0 }, count[2] = { 0, 0 };
	size_t np = bg_point_count(g), p;
	bg_game *start;
	int seat, x, y;

	if (bg_game_new(&start, bg_game_spec(g)) < 0)
		return 1;
	for (p = 0; p < np; p++)
		if (bg_point_piece(start, (int)p, &seat, NULL) == BG_OK &&
		    seat >= 0 && seat <= 1 &&
		    bg_point_coords(start, (int)p, &x, &y) == BG_OK) {
			sum[seat] += y;
			count[seat]++;
		}
	bg_game_free(start);
	if (!count[0] || !count[1])
		return 1;
	/* Compare the means without dividing. */
	return sum[0] * count[1] > sum[1] * count[0] ? 0 : 1;
}

/* Drawn from the side of the one person playing (White below unless a
 * person plays the top seat alone); `turn` turns that half round. */
static void choose_side(session *s)
{
	int top = top_seat(s->g);

	s->flip = s->player[top] == HUMAN && s->player[1 - top] != HUMAN;
	s->flip ^= s->turn;
}

/* ---- Files ---------------------------------------------------------------- */

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL, *grown;
	size_t len = 0, cap = 0, got;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			cap = cap ? cap * 2 : 8192;
			if (!(grown = realloc(buf, cap))) {
				free(buf);
				fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = grown;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		free(buf);
		fclose(f);
		errno = EIO;
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* A game from a record file: the library's record, or SGF for Dots (the
 * reader's warnings go to f). On failure a message on f and a negative
 * code. */
static int load_record(const char *path, bg_game **out, FILE *f)
{
	char *text = read_file(path);
	const char *t;
	int error;

	if (!text) {
		fprintf(f, "%s: %s\n", path, strerror(errno));
		return BG_EINVAL;
	}
	for (t = text; *t == ' ' || *t == '\t' || *t == '\n' || *t == '\r';)
		t++;
	if (t[0] == '(' && t[1] == ';') {
		static char warn[65536];
		size_t games = 1;

		/* The first game of a collection; the reader's warnings are
		 * shown, one per line. */
		error = bg_tochki_from_sgf_ex(out, t, NULL, 0, warn, sizeof(warn),
					      NULL);
		for (const char *w = warn; *w;) {
			size_t n = strcspn(w, "\n");

			fprintf(f, "%s: warning: %.*s\n", path, (int)n, w);
			w += n + (w[n] == '\n');
		}
		if (error == BG_OK && bg_tochki_sgf_count(t, &games) == BG_OK &&
		    games > 1)
			fprintf(f, "%s: the first of %zu games\n", path, games);
	} else
		error = bg_game_from_record(out, t);
	if (error < 0) {
		fprintf(f, "%s: ", path);
		print_lib_error(f, error);
	}
	free(text);
	return error;
}

static void save_record(session *s, const char *path)
{
	size_t len = 0;
	char *text;
	FILE *f;
	int error;

	bg_record_text(s->g, NULL, 0, &len);
	if (!(text = malloc(len + 1))) {
		printf("out of memory\n");
		return;
	}
	if ((error = bg_record_text(s->g, text, len + 1, NULL)) < 0) {
		print_lib_error(stdout, error);
	} else if (!(f = fopen(path, "w")) || fputs(text, f) < 0 ||
		   (len && text[len - 1] != '\n' && fputc('\n', f) < 0) ||
		   fclose(f) != 0) {
		printf("%s: %s\n", path, strerror(errno));
	} else {
		printf("saved %s\n", path);
	}
	free(text);
}

/* ---- Commands -------------------------------------------------------------- */

static void strip(char *line)
{
	size_t len = strlen(line);

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r' ||
		       line[len - 1] == ' ' || line[len - 1] == '\t'))
		line[--len] = '\0';
}

/* The argument of "save FILE", or NULL when line is not that command. */
static const char *command_arg(const char *line, const char *cmd)
{
	size_t n = strlen(cmd);

	if (strncmp(line, cmd, n) || (line[n] != ' ' && line[n] != '\t'))
		return NULL;
	line += n;
	while (*line == ' ' || *line == '\t')
		line++;
	return *line ? line : NULL;
}

/* One command of a person; returns 1 to quit. */
static int command(session *s, char *line)
{
	const char *arg;
	bg_game *g;
	bg_move m;
	int error;

	while (*line == ' ' || *line == '\t')
		line++;
	if (!*line)
		return 0;
	if (!strcmp(line, "quit") || !strcmp(line, "q"))
		return 1;
	if (!strcmp(line, "help") || !strcmp(line, "?")) {
		fputs(help_text, stdout);
	} else if (!strcmp(line, "moves")) {
		if ((error = list_moves(s)) < 0)
			print_lib_error(stdout, error);
	} else if (!strcmp(line, "board")) {
		draw_board_flipped(stdout, s->g, s->flip);
	} else if (!strcmp(line, "undo")) {
		if (undo_turn(s))
			draw(s);
	} else if (!strcmp(line, "flip")) {
		s->flip = !s->flip;
		draw(s);
	} else if (!strcmp(line, "hint")) {
		char text[512];

		if ((error = search_move(s, &m)) < 0 ||
		    (error = bg_move_to_text(s->g, &m, text, sizeof(text),
					     NULL)) < 0)
			print_lib_error(stdout, error);
		else
			printf("hint: %s\n", text);
	} else if ((arg = command_arg(line, "save"))) {
		save_record(s, arg);
	} else if ((arg = command_arg(line, "load"))) {
		if (load_record(arg, &g, stdout) < 0)
			return 0;
		if ((error = set_game(s, g)) < 0) {
			bg_game_free(g);
			print_lib_error(stdout, error);
			return 0;
		}
		choose_side(s);
		s->draw_offer = -1;
		printf("loaded %s: %s, %lu %s\n", arg, bg_game_spec(s->g),
		       (unsigned long)bg_ply(s->g),
		       bg_ply(s->g) == 1 ? "ply" : "plies");
		draw(s);
	} else if (!strcmp(line, "save") || !strcmp(line, "load")) {
		printf("%s needs a file name\n", line);
	} else if (game_over(s->g)) {
		printf("the game is over: undo, save FILE, load FILE or quit\n");
	} else if (!strcmp(line, "resign")) {
		resign(s);
	} else if (!strcmp(line, "draw")) {
		offer_draw(s);
	} else if (!strcmp(line, "accept")) {
		accept_draw(s);
	} else if ((error = bg_move_from_text(s->g, line, &m)) < 0 ||
		   (error = play_announced(s, &m, NULL)) < 0) {
		print_lib_error(stdout, error);
	} else {
		/* The offer stands over its maker's move; the other side's
		 * move declines it. */
		if (s->draw_offer != 1 - bg_to_move(s->g))
			s->draw_offer = -1;
		/* Drawn before the next person's prompt or the computer's
		 * answer. */
		if (s->player[bg_to_move(s->g)] == HUMAN || game_over(s->g))
			draw(s);
	}
	return 0;
}

/* ---- Reading a line ----------------------------------------------------------- */

/* A line fit for a command: short enough, and free of control characters
 * (what a function or arrow key sends where nothing edits the line). One
 * message for the whole line when it is not. */
static int line_ok(const char *line, size_t len)
{
	size_t i;

	if (len > LINE_MAX_LEN) {
		printf("the line is too long (%zu characters; at most %d): "
		       "ignored\n", len, LINE_MAX_LEN);
		return 0;
	}
	for (i = 0; i < len; i++)
		if (iscntrl((unsigned char)line[i]) && line[i] != '\t') {
			printf("the line holds control characters (a function "
			       "or arrow key?): ignored\n");
			return 0;
		}
	return 1;
}

/* Plain stdin: the whole line, however long, into buf (the rest of an
 * over-long one is read and dropped); its length, or -1 at the end. */
static long read_plain(char *buf, size_t cap)
{
	size_t len = 0;
	int c;

	while ((c = getchar()) != EOF && c != '\n')
		if (len++ < cap - 1)
			buf[len - 1] = (char)c;
	if (c == EOF && len == 0)
		return -1;
	buf[len < cap ? len : cap - 1] = '\0';
	return (long)len;
}

/* One line at the prompt into buf: 1, or 0 at the end of input. An
 * unfit line is answered and comes back empty. With line editing (libedit
 * or readline, when built with one) at a terminal, with history. */
static int read_line(const char *prompt, char *buf, size_t cap)
{
	long len;

#if defined(HAVE_LIBEDIT) || defined(HAVE_READLINE)
	if (isatty(STDIN_FILENO)) {
		char *got = readline(prompt);

		if (!got)
			return 0;
		len = (long)strlen(got);
		snprintf(buf, cap, "%s", got);
		if (*got)
			add_history(got);
		free(got);
		if (!line_ok(buf, (size_t)len))
			buf[0] = '\0';
		return 1;
	}
#endif
	fputs(prompt, stdout);
	fflush(stdout);
	if ((len = read_plain(buf, cap)) < 0)
		return 0;
	if (!line_ok(buf, (size_t)len))
		buf[0] = '\0';
	return 1;
}

/* ---- The loop ---------------------------------------------------------------- */

static int run(session *s, int selfplay)
{
	int humans = s->player[0] == HUMAN || s->player[1] == HUMAN;
	char line[LINE_MAX_LEN + 2], prompt[128];
	int error;

	draw(s);
	for (;;) {
		if (game_over(s->g) || at_limit(s)) {
			if (!s->announced)
				print_result(s);
			if (!humans || selfplay)
				return 0;
		} else if (s->player[bg_to_move(s->g)] != HUMAN) {
			if ((error = computer_move(s)) < 0)
				return error;
			if (selfplay || game_over(s->g) ||
			    s->player[bg_to_move(s->g)] == HUMAN)
				draw(s);
			continue;
		}
		if (game_over(s->g) || at_limit(s))
			snprintf(prompt, sizeof(prompt), "game over> ");
		else
			snprintf(prompt, sizeof(prompt), "%lu. %s> ",
				 (unsigned long)(bg_ply(s->g) / 2 + 1),
				 bg_seat_name(s->g, bg_to_move(s->g)));
		if (!read_line(prompt, line, sizeof(line))) {
			putchar('\n');
			break;
		}
		strip(line);
		if (command(s, line))
			break;
	}
	if (!s->announced)
		print_result(s);
	return 0;
}

/* ---- Arguments ------------------------------------------------------------ */

typedef struct options {
	const char *spec, *load, *svg;
	int selfplay, quiet, verbose, flip;
	int player[2]; /* -1: the default */
	uint64_t seed;
	long max_plies;
	bg_search_options so;
	bg_search_limits limits;
	int level_given;
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

static int parse_player(const char *s)
{
	int i;

	for (i = 0; i < 3; i++)
		if (s && !strcmp(s, player_names[i]))
			return i;
	return -1;
}

/* "--key VALUE" or "--key=VALUE": 1 and *val when argv[*i] is this
 * option, 0 when it is not, -1 when its value is missing. */
static int option(int argc, char **argv, int *i, const char *key,
		  const char **val)
{
	size_t len = strlen(key);

	if (strncmp(argv[*i], key, len))
		return 0;
	if (argv[*i][len] == '=') {
		*val = argv[*i] + len + 1;
		return 1;
	}
	if (argv[*i][len] != '\0')
		return 0;
	if (*i + 1 >= argc)
		return -1;
	*val = argv[++*i];
	return 1;
}

/* "ARG: WHY" for the usage: the argument as given ("--seed x", "--seed=x"
 * or "extra"), then what is wrong with it. */
static const char *bad_arg(const char *arg, const char *val, const char *msg)
{
	static char text[512];
	int joined = val && (val < arg || val > arg + strlen(arg));

	snprintf(text, sizeof(text), "%s%s%s: %s", arg, joined ? " " : "",
		 joined ? val : "", msg);
	return text;
}

#define BAD(msg) do { *why = bad_arg(a, val, (msg)); return -1; } while (0)

static int parse_args(int argc, char **argv, options *o, const char **why)
{
	unsigned long long v;
	const char *val;
	char *end;
	int i, r;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		val = NULL;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		if (!strcmp(a, "--selfplay")) {
			o->selfplay = 1;
		} else if (!strcmp(a, "--quiet")) {
			o->quiet = 1;
		} else if (!strcmp(a, "--verbose")) {
			o->verbose = 1;
		} else if (!strcmp(a, "--flip")) {
			o->flip = 1;
		} else if ((r = option(argc, argv, &i, "--seed", &val))) {
			if (r < 0 || parse_number(val, UINT64_MAX, &v) < 0)
				BAD("needs a number");
			o->seed = v;
		} else if ((r = option(argc, argv, &i, "--max-plies", &val))) {
			if (r < 0 || parse_number(val, 1000000000UL, &v) < 0)
				BAD("needs a number");
			o->max_plies = (long)v;
		} else if ((r = option(argc, argv, &i, "--playouts", &val))) {
			if (r < 0 || parse_number(val, 1000000000UL, &v) < 0 ||
			    v == 0)
				BAD("needs a number from 1");
			o->limits.playouts = v;
		} else if ((r = option(argc, argv, &i, "--ply-cap", &val))) {
			if (r < 0 || parse_number(val, 100000UL, &v) < 0 ||
			    v == 0)
				BAD("needs a number from 1 to 100000");
			o->so.ply_cap = (uint32_t)v;
		} else if ((r = option(argc, argv, &i, "--cutoff", &val))) {
			if (r < 0 || parse_number(val, 100000UL, &v) < 0)
				BAD("needs a number");
			o->so.cutoff = (uint32_t)v;
		} else if ((r = option(argc, argv, &i, "--explore", &val))) {
			if (r < 0 || !val[0])
				BAD("needs a number");
			errno = 0;
			o->so.explore = strtod(val, &end);
			if (errno || *end || !(o->so.explore >= 0) ||
			    o->so.explore > 100)
				BAD("needs a number from 0 to 100");
		} else if ((r = option(argc, argv, &i, "--think", &val))) {
			if (r < 0 || !val[0])
				BAD("needs a number of seconds");
			errno = 0;
			o->limits.seconds = strtod(val, &end);
			if (errno || *end || !(o->limits.seconds > 0) ||
			    o->limits.seconds > 86400)
				BAD("needs a number of seconds");
		} else if ((r = option(argc, argv, &i, "--level", &val))) {
			if (r < 0 || parse_number(val, BG_SEARCH_LEVEL_MAX, &v) < 0 ||
			    v < BG_SEARCH_LEVEL_MIN)
				BAD("needs a number from 1 to 10");
			o->so.level = (int)v;
			o->level_given = 1;
		} else if ((r = option(argc, argv, &i, "--threads", &val))) {
			if (r < 0 || parse_number(val, BG_SEARCH_THREADS_MAX, &v) < 0 ||
			    v == 0)
				BAD("needs a number from 1 to 64");
			o->so.threads = (int)v;
		} else if ((r = option(argc, argv, &i, "--white", &val))) {
			if (r < 0 || (o->player[0] = parse_player(val)) < 0)
				BAD("needs human, random or mcts");
		} else if ((r = option(argc, argv, &i, "--black", &val))) {
			if (r < 0 || (o->player[1] = parse_player(val)) < 0)
				BAD("needs human, random or mcts");
		} else if ((r = option(argc, argv, &i, "--players", &val))) {
			char first[16];
			const char *comma = r > 0 ? strchr(val, ',') : NULL;

			if (!comma || (size_t)(comma - val) >= sizeof(first))
				BAD("needs two players: P,Q");
			memcpy(first, val, (size_t)(comma - val));
			first[comma - val] = '\0';
			if ((o->player[0] = parse_player(first)) < 0 ||
			    (o->player[1] = parse_player(comma + 1)) < 0)
				BAD("needs human, random or mcts twice");
		} else if ((r = option(argc, argv, &i, "--load", &val))) {
			if (r < 0)
				BAD("needs a file");
			o->load = val;
		} else if ((r = option(argc, argv, &i, "--svg", &val))) {
			if (r < 0)
				BAD("needs a file");
			o->svg = val;
		} else if (a[0] == '-') {
			BAD("unknown option");
		} else if (o->spec) {
			BAD("more than one SPEC");
		} else {
			o->spec = a;
		}
	}
	if (!o->spec && !o->load) {
		*why = "no game: give a SPEC (bginfo lists the games)";
		return -1;
	}
	for (i = 0; i < 2; i++)
		if (o->player[i] < 0)
			o->player[i] = o->selfplay ? (i == 0 ? MCTS : RANDOM)
						   : (i == 0 ? HUMAN : MCTS);
	if (o->selfplay && (o->player[0] == HUMAN || o->player[1] == HUMAN)) {
		*why = "--selfplay needs two computer players";
		return -1;
	}
	if (o->so.cutoff > o->so.ply_cap) {
		*why = "--cutoff must not be over --ply-cap";
		return -1;
	}
	if (!o->limits.playouts && !o->level_given && !o->limits.seconds)
		o->limits.playouts = 200;
	if (!o->limits.playouts && !o->limits.seconds &&
	    o->so.level == BG_SEARCH_LEVEL_MAX)
		o->limits.seconds = 5;
	return 0;
}

int main(int argc, char **argv)
{
	options o;
	session s;
	const char *why = NULL;
	bg_game *g = NULL;
	int rc, error;

	memset(&o, 0, sizeof(o));
	o.player[0] = o.player[1] = -1;
	o.seed = 1;
	o.max_plies = -1;
	bg_search_options_init(&o.so, BG_SEARCH_OPTIONS_VERSION);
	if ((rc = parse_args(argc, argv, &o, &why)) < 0)
		return usage(why);
	if (rc > 0) {
		fputs(usage_text, stdout);
		return 0;
	}

	memset(&s, 0, sizeof(s));
	rng_seed(&s.rng, o.seed);
	s.max_plies = o.max_plies;
	s.player[0] = o.player[0];
	s.player[1] = o.player[1];
	s.so = o.so;
	s.so.seed = o.seed;
	s.limits = o.limits;
	s.quiet = o.quiet;
	s.verbose = o.verbose;
	s.draw_offer = -1;
	s.svg = o.svg;
	if (o.load) {
		if (load_record(o.load, &g, stderr) < 0)
			return 1;
		if (o.spec && (rc = bg_catalog_find(o.spec)) >= 0 &&
		    strcmp(bg_catalog_name((size_t)rc), bg_game_name(g))) {
			fprintf(stderr, PROG ": %s is a record of %s, not %s\n",
				o.load, bg_game_name(g), o.spec);
			bg_game_free(g);
			return 1;
		}
	} else if ((error = bg_game_new(&g, o.spec)) < 0) {
		return lib_error(error);
	}
	if ((error = set_game(&s, g)) < 0) {
		bg_game_free(g);
		return lib_error(error);
	}
	s.turn = o.flip;
	choose_side(&s);
	if (!o.quiet) {
		printf("%s: %s plays %s, %s plays %s\n", bg_game_spec(s.g),
		       bg_seat_name(s.g, 0), player_names[s.player[0]],
		       bg_seat_name(s.g, 1), player_names[s.player[1]]);
		draw_legend(stdout, s.g);
	}

	error = run(&s, o.selfplay);
	rc = error < 0 ? lib_error(error) : 0;

	bg_search_free(s.search);
	free(s.moves);
	bg_game_free(s.g);
	return rc;
}
