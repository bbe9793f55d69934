/*
 * bgengine: the computer player of libboardgames behind the text protocols
 * that GUIs and match runners speak, on standard input and output. The
 * first command chooses the protocol: `ugi` starts UGI (the Universal Game
 * Interface of the cutegames match runner, a UCI for any game), anything
 * else is read as GTP version 2 (Dots as KataGo's Dots fork speaks it, and
 * the other games in the library's move notation). doc/engine.md describes
 * both.
 *
 * Bad input is answered in the protocol's error form and changes nothing;
 * every change is made on a copy that replaces the game only when whole.
 */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#ifdef _WIN32
#include <fcntl.h> /* _O_BINARY */
#include <io.h>    /* _setmode */
#endif

#include <boardgames/boardgames.h>

#include "draw.h"
#include "engine_search.h"

#include "cli.h"

#define PROG "bgengine"
#define ENGINE_VERSION "1.0"
#define MAX_TOKENS 65536
#define SPEC_MAX 1024
#define THREADS_MAX 64
#define HASH_MAX_MB 65536

static const char usage_text[] =
	"usage: " PROG " [options]\n"
	"\n"
	"Read UGI or GTP commands on standard input (the first command\n"
	"chooses: `ugi` for UGI, a GTP command for GTP) and answer on\n"
	"standard output. doc/engine.md describes both protocols.\n"
	"\n"
	"  --game SPEC       the game (default tochki); UGI's `game` option\n"
	"  --level N         strength 1..10 (default 10)\n"
	"  --threads N       search threads (default 1)\n"
	"  --hash MB         memory for the search tree (default 64)\n"
	"  --seed N          seed of the search (default 1)\n"
	"  --playouts N      GTP: playouts per genmove\n"
	"  --movetime MS     GTP: thinking time per genmove\n"
	"  --gtp-name NAME   the GTP `name` answer (default bgengine)\n"
	"\n"
	"Exit status: 0 after quit or the end of the input, 2 bad arguments.\n";

typedef struct engine {
	char spec[SPEC_MAX];  /* the game option: startpos and clear_board */
	bg_game *g;           /* the position */
	es_settings set;
	es_search *es;
	es_limits gtp_limits; /* GTP genmove */
	const char *gtp_name;

	/* UGI: the search runs in a thread of its own so that `stop`,
	 * `isready` and the queries are read while it thinks. */
	pthread_t thread;
	int searching;
	atomic_int stop;      /* `stop` came (or a command that ends it) */
	bg_game *search_game; /* the thread's copy of the position */
	es_limits search_limits;
	int infinite;
} engine;

/* Both threads write whole lines under this lock. */
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void say(const char *fmt, ...)
{
	va_list ap;

	pthread_mutex_lock(&out_lock);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fflush(stdout);
	pthread_mutex_unlock(&out_lock);
}

/* The library's detail of the last error, or its code's text. */
static const char *lib_detail(int code)
{
	const char *d = bg_last_error();

	return d && *d ? d : bg_strerror(code);
}

/* ---- Text ---------------------------------------------------------------- */

/* Split line at spaces (cutegames splits on ' ' only; GTP input has its
 * tabs made spaces before) into tok; the count, or -1 for too many. */
static int split(char *line, char **tok)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (*p == ' ')
			p++;
		if (!*p)
			return n;
		if (n == MAX_TOKENS)
			return -1;
		tok[n++] = p;
		while (*p && *p != ' ')
			p++;
		if (*p)
			*p++ = '\0';
	}
}

/* A whole decimal number in lo..hi. */
static int parse_long(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

/* A seed: any unsigned 64-bit number. */
static int parse_seed(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *end || *s == '-')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* Join tok[from..to-1] with single spaces into buf. */
static int join(char **tok, int from, int to, char *buf, size_t cap)
{
	size_t len = 0, k;
	int i;

	buf[0] = '\0';
	for (i = from; i < to; i++) {
		k = strlen(tok[i]);
		if (len + k + 2 > cap)
			return -1;
		if (i > from)
			buf[len++] = ' ';
		memcpy(buf + len, tok[i], k + 1);
		len += k;
	}
	return 0;
}

/* ---- The game ------------------------------------------------------------ */

static int game_over(const bg_game *g)
{
	int status = BG_ONGOING;

	bg_outcome(g, &status, NULL, NULL);
	return status != BG_ONGOING;
}

/* Replace the engine's game with g (owned from now on). */
static void set_game(engine *e, bg_game *g)
{
	bg_game_free(e->g);
	e->g = g;
}

/* The settings changed: a new searcher (the old tree goes). */
static int renew_search(engine *e, const es_settings *s)
{
	es_search *es;
	int rc;

	if ((rc = es_new(&es, s)) < 0)
		return rc;
	es_free(e->es);
	e->es = es;
	e->set = *s;
	return 0;
}

/* ---- UGI ----------------------------------------------------------------- */

/* A UGI error: an info line, which match runners skip and people read. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void ugi_error(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	say("info string error: %s\n", msg);
}

/* A score in centipawns from a value for the mover in 0..1, as the Elo
 * formula maps an expected score to a difference (capped). */
static long value_cp(double v)
{
	if (v <= 0.001)
		return -3000;
	if (v >= 0.999)
		return 3000;
	return lround(-400.0 * log10(1.0 / v - 1.0));
}

/* The principal variation as move texts, played on g (the thread's own
 * copy, which is spent). */
static void pv_text(bg_game *g, const es_result *r, char *buf, size_t cap)
{
	char text[BG_MOVE_TEXT_MAX];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < r->npv; i++) {
		if (bg_move_to_text(g, &r->pv[i], text, sizeof(text), NULL) < 0 ||
		    bg_play(g, &r->pv[i]) < 0 ||
		    len + strlen(text) + 2 > cap)
			break;
		len += (size_t)snprintf(buf + len, cap - len, " %s", text);
	}
}

static void *search_main(void *arg)
{
	engine *e = arg;
	es_result r;
	char text[BG_MOVE_TEXT_MAX], pv[ES_PV_MAX * (BG_MOVE_TEXT_MAX + 1)];
	int rc;

	rc = es_think(e->es, e->search_game, &e->search_limits, &r);
	if (rc == 0 && bg_move_to_text(e->search_game, &r.best, text,
				       sizeof(text), NULL) < 0)
		rc = BG_EINVAL;
	/* An infinite search answers only when stopped (as UCI says). */
	while (e->infinite && !atomic_load(&e->stop)) {
		struct timespec ts = { 0, 10 * 1000 * 1000 };

		nanosleep(&ts, NULL);
	}
	if (rc < 0) {
		ugi_error("search: %s", bg_strerror(rc));
		say("bestmove none\n");
		return NULL;
	}
	pv_text(e->search_game, &r, pv, sizeof(pv));
	say("info depth %d nodes %ld time %ld nps %ld score cp %ld pv%s\n",
	    r.npv, r.playouts, lround(r.seconds * 1000),
	    r.seconds > 0 ? lround(r.playouts / r.seconds) : 0,
	    value_cp(r.value), pv);
	say("bestmove %s\n", text);
	return NULL;
}

/* End a search under way (its bestmove is printed) and wait for it. */
static void ugi_finish(engine *e)
{
	if (!e->searching)
		return;
	atomic_store(&e->stop, 1);
	es_stop(e->es);
	pthread_join(e->thread, NULL);
	es_settle(e->es);
	bg_game_free(e->search_game);
	e->search_game = NULL;
	e->searching = 0;
}

static void ugi_hello(const engine *e)
{
	say("id name " PROG " " ENGINE_VERSION " (libboardgames %s)\n",
	    bg_version());
	say("id author libboardgames\n");
	say("option name game type string default %s\n", e->spec);
	say("option name level type spin default %d min 1 max %d\n",
	    e->set.level, ES_LEVEL_MAX);
	say("option name threads type spin default %d min 1 max %d\n",
	    e->set.threads, THREADS_MAX);
	say("option name hash type spin default %ld min 1 max %d\n",
	    e->set.hash_mb, HASH_MAX_MB);
	say("option name seed type string default %llu\n",
	    (unsigned long long)e->set.seed);
	say("ugiok\n");
}

static void ugi_setoption(engine *e, char **tok, int n)
{
	char name[256], value[SPEC_MAX];
	es_settings s = e->set;
	bg_game *g;
	long v;
	int i, at = -1, rc;

	if (n < 3 || strcmp(tok[1], "name") != 0) {
		ugi_error("setoption needs: setoption name NAME value VALUE");
		return;
	}
	for (i = 2; i < n; i++)
		if (strcmp(tok[i], "value") == 0) {
			at = i;
			break;
		}
	if (at < 0)
		at = n;
	if (at == 2 || join(tok, 2, at, name, sizeof(name)) < 0 ||
	    join(tok, at + 1 < n ? at + 1 : n, n, value, sizeof(value)) < 0) {
		ugi_error("setoption: a name and a value that fit, please");
		return;
	}
	if (strcasecmp(name, "game") == 0) {
		if ((rc = bg_game_new(&g, value)) < 0) {
			ugi_error("game '%s': %s", value, lib_detail(rc));
			return;
		}
		snprintf(e->spec, sizeof(e->spec), "%s", value);
		set_game(e, g);
		return;
	}
	if (strcasecmp(name, "level") == 0) {
		if (parse_long(value, 1, ES_LEVEL_MAX, &v) < 0) {
			ugi_error("level '%s': not a number 1..%d", value,
				  ES_LEVEL_MAX);
			return;
		}
		s.level = (int)v;
	} else if (strcasecmp(name, "threads") == 0) {
		if (parse_long(value, 1, THREADS_MAX, &v) < 0) {
			ugi_error("threads '%s': not a number 1..%d", value,
				  THREADS_MAX);
			return;
		}
		s.threads = (int)v;
	} else if (strcasecmp(name, "hash") == 0) {
		if (parse_long(value, 1, HASH_MAX_MB, &v) < 0) {
			ugi_error("hash '%s': not a number of MiB 1..%d", value,
				  HASH_MAX_MB);
			return;
		}
		s.hash_mb = v;
	} else if (strcasecmp(name, "seed") == 0) {
		if (parse_seed(value, &s.seed) < 0) {
			ugi_error("seed '%s': not a number", value);
			return;
		}
	} else {
		ugi_error("unknown option '%s'", name);
		return;
	}
	if ((rc = renew_search(e, &s)) < 0)
		ugi_error("%s", bg_strerror(rc));
}

/*
 * position startpos [moves M...] | position fen TEXT... [moves M...]:
 * TEXT is every token between `fen` and `moves` (or the end), joined by
 * single spaces, so a position text with spaces passes unchanged.
 */
static void ugi_position(engine *e, char **tok, int n)
{
	static char text[1 << 20];
	bg_game *g;
	int i, at = n, rc;

	for (i = 2; i < n; i++)
		if (strcmp(tok[i], "moves") == 0) {
			at = i;
			break;
		}
	if (n >= 2 && strcmp(tok[1], "startpos") == 0 && at == 2) {
		rc = bg_game_new(&g, e->spec);
	} else if (n >= 3 && strcmp(tok[1], "fen") == 0 && at > 2) {
		if (join(tok, 2, at, text, sizeof(text)) < 0) {
			ugi_error("position: the text is too long");
			return;
		}
		rc = bg_game_from_position(&g, text);
	} else {
		ugi_error("position needs: position startpos|fen TEXT [moves M...]");
		return;
	}
	if (rc < 0) {
		ugi_error("position: %s", lib_detail(rc));
		return;
	}
	for (i = at + 1; i < n; i++)
		if ((rc = bg_play_text(g, tok[i])) < 0) {
			ugi_error("position: move %d '%s': %s", i - at, tok[i],
				  lib_detail(rc));
			bg_game_free(g);
			return;
		}
	set_game(e, g);
}

/* Time for this move from the clocks: a share of what is left plus most
 * of the increment, never nearly all that is left. */
static double clock_seconds(long left, long inc)
{
	double t = left / 30.0 + inc * 0.8;

	if (t > left * 0.5)
		t = left * 0.5;
	return t > 1 ? t / 1000.0 : 0.001;
}

static void ugi_go(engine *e, char **tok, int n)
{
	es_limits lim = { 0, 0, 0 };
	long v, clock[2] = { -1, -1 }, inc[2] = { 0, 0 };
	int i, infinite = 0, seat, rc;

	for (i = 1; i < n; i++) {
		const char *k = tok[i];

		if (strcmp(k, "infinite") == 0) {
			infinite = 1;
			continue;
		}
		if (i + 1 >= n || parse_long(tok[i + 1], 0, LONG_MAX, &v) < 0) {
			ugi_error("go: '%s' needs a number", k);
			return;
		}
		i++;
		if (strcmp(k, "movetime") == 0)
			lim.seconds = v / 1000.0;
		else if (strcmp(k, "nodes") == 0)
			lim.playouts = v > 0 ? v : 1;
		else if (strcmp(k, "depth") == 0)
			lim.playouts = v > 0 ? 100 * v : 100;
		else if (strcmp(k, "p1time") == 0)
			clock[0] = v;
		else if (strcmp(k, "p2time") == 0)
			clock[1] = v;
		else if (strcmp(k, "p1inc") == 0)
			inc[0] = v;
		else if (strcmp(k, "p2inc") == 0)
			inc[1] = v;
		else {
			ugi_error("go: unknown limit '%s'", k);
			return;
		}
	}
	if (game_over(e->g)) {
		ugi_error("go: the game is over");
		say("bestmove none\n");
		return;
	}
	seat = bg_to_move(e->g);
	if (clock[seat] >= 0 && lim.seconds <= 0)
		lim.seconds = clock_seconds(clock[seat], inc[seat]);
	lim.infinite = infinite;
	if ((rc = bg_game_clone(&e->search_game, e->g)) < 0) {
		ugi_error("go: %s", bg_strerror(rc));
		say("bestmove none\n");
		return;
	}
	e->search_limits = lim;
	e->infinite = infinite;
	atomic_store(&e->stop, 0);
	if (pthread_create(&e->thread, NULL, search_main, e) != 0) {
		bg_game_free(e->search_game);
		e->search_game = NULL;
		ugi_error("go: no thread");
		say("bestmove none\n");
		return;
	}
	e->searching = 1;
}

static void ugi_query(engine *e, char **tok, int n)
{
	int status, winner;

	if (n != 2) {
		ugi_error("query needs one of gameover, p1turn, result");
		return;
	}
	bg_outcome(e->g, &status, &winner, NULL);
	if (strcmp(tok[1], "gameover") == 0)
		say("response %s\n", status != BG_ONGOING ? "true" : "false");
	else if (strcmp(tok[1], "p1turn") == 0)
		say("response %s\n", bg_to_move(e->g) == 0 ? "true" : "false");
	else if (strcmp(tok[1], "result") == 0)
		say("response %s\n", status == BG_ONGOING ? "none" :
				     status == BG_DRAW ? "draw" :
				     winner == 0 ? "p1win" : "p2win");
	else
		ugi_error("unknown query '%s'", tok[1]);
}

/* The start position of the game option, and a new search tree. */
static void ugi_newgame(engine *e)
{
	bg_game *g;
	int rc;

	if ((rc = bg_game_new(&g, e->spec)) < 0)
		ugi_error("uginewgame: %s", lib_detail(rc));
	else
		set_game(e, g);
	if ((rc = renew_search(e, &e->set)) < 0)
		ugi_error("uginewgame: %s", bg_strerror(rc));
}

/* One UGI command; 1 after quit. Commands that change what is searched
 * end a search under way first (its bestmove is printed). */
static int ugi_command(engine *e, char **tok, int n)
{
	const char *c = tok[0];

	if (strcmp(c, "isready") == 0) {
		say("readyok\n");
	} else if (strcmp(c, "stop") == 0) {
		ugi_finish(e);
	} else if (strcmp(c, "query") == 0) {
		ugi_query(e, tok, n);
	} else if (strcmp(c, "quit") == 0) {
		ugi_finish(e);
		return 1;
	} else if (strcmp(c, "ugi") == 0) {
		ugi_hello(e);
	} else if (strcmp(c, "uginewgame") == 0) {
		ugi_finish(e);
		ugi_newgame(e);
	} else if (strcmp(c, "setoption") == 0) {
		ugi_finish(e);
		ugi_setoption(e, tok, n);
	} else if (strcmp(c, "position") == 0) {
		ugi_finish(e);
		ugi_position(e, tok, n);
	} else if (strcmp(c, "go") == 0) {
		ugi_finish(e);
		ugi_go(e, tok, n);
	} else {
		ugi_error("unknown command '%s'", c);
	}
	return 0;
}

/* ---- GTP ----------------------------------------------------------------- */

static const char *const gtp_commands[] = {
	"protocol_version", "name", "version", "known_command",
	"list_commands", "quit", "boardsize", "rectangular_boardsize",
	"get_boardsize", "clear_board", "komi", "get_komi", "play",
	"genmove", "undo", "get_moves", "final_score", "showboard",
	/* KataGo's extensions that the dots-game GUI uses. */
	"set_position", "get_position", "kata-get-rules", "kata-set-rule",
	"kata-get-param", "kata-set-param", NULL
};

/* GTP answers: "=[id] text" or "?[id] text", then an empty line. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static void gtp_reply(int ok, long id, const char *fmt, ...)
{
	char msg[65536];
	const char *sep;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* No space before nothing, or before an answer of several lines. */
	sep = *msg && *msg != '\n' ? " " : "";
	if (id >= 0)
		say("%c%ld%s%s\n\n", ok ? '=' : '?', id, sep, msg);
	else
		say("%c%s%s\n\n", ok ? '=' : '?', sep, msg);
}

/* The seat a GTP colour names: P1, B, black for seat 0 (the first to
 * move), P2, W, white for seat 1; -1 for none. */
static int gtp_color(const char *s)
{
	if (!strcasecmp(s, "p1") || !strcasecmp(s, "b") ||
	    !strcasecmp(s, "black"))
		return 0;
	if (!strcasecmp(s, "p2") || !strcasecmp(s, "w") ||
	    !strcasecmp(s, "white"))
		return 1;
	return -1;
}

/* The point at drawing coordinates (x, y), or -1. */
static int point_at(const bg_game *g, int x, int y)
{
	size_t p, n = bg_point_count(g);
	int px, py;

	for (p = 0; p < n; p++)
		if (bg_point_coords(g, (int)p, &px, &py) == 0 && px == x &&
		    py == y)
			return (int)p;
	return -1;
}

/*
 * A GTP vertex as move text of the library: Dots' "X-Y" (from 1, Y from
 * the bottom, as KataGo's Dots fork writes it) becomes the point's name;
 * anything else ("c3", "pass", "ground", "e2-e4") is the library's own.
 */
static int gtp_move_text(const bg_game *g, const char *v, char *buf,
			 size_t cap)
{
	int x, y, p, k = 0;

	if (sscanf(v, "%d-%d%n", &x, &y, &k) == 2 && v[k] == '\0' &&
	    bg_board_kind(g) == BG_BOARD_INTERSECTIONS) {
		if ((p = point_at(g, x - 1, y - 1)) < 0)
			return -1;
		return bg_point_name(g, p, buf, cap, NULL);
	}
	if (strlen(v) >= cap)
		return -1;
	strcpy(buf, v);
	return 0;
}

/* A move as the GTP side writes it: a placement on an intersection board
 * as "X-Y", anything else in the library's text. */
static int gtp_vertex(const bg_game *g, const bg_move *m, char *buf,
		      size_t cap)
{
	int x, y;

	if (m->kind == BG_MOVE_PLACE && m->npath == 1 && !m->flags &&
	    bg_board_kind(g) == BG_BOARD_INTERSECTIONS &&
	    bg_point_coords(g, m->pts[0], &x, &y) == 0) {
		snprintf(buf, cap, "%d-%d", x + 1, y + 1);
		return 0;
	}
	return bg_move_to_text(g, m, buf, cap, NULL);
}

static const char *seat_marker(int seat)
{
	return seat == 0 ? "P1" : "P2";
}

/* The spec with its option `key` set to `value` (whether or not it was
 * given). */
static int spec_with(const char *spec, const char *key, const char *value,
		     char *out, size_t cap)
{
	char copy[SPEC_MAX], *opts, *item, *save;
	size_t len, klen = strlen(key);

	snprintf(copy, sizeof(copy), "%s", spec);
	opts = strchr(copy, ':');
	if (opts)
		*opts++ = '\0';
	len = (size_t)snprintf(out, cap, "%s:%s=%s", copy, key, value);
	for (item = opts ? strtok_r(opts, ",", &save) : NULL; item;
	     item = strtok_r(NULL, ",", &save)) {
		if (strncmp(item, key, klen) == 0 &&
		    (item[klen] == '=' || item[klen] == '\0'))
			continue;
		len += (size_t)snprintf(out + len, len < cap ? cap - len : 0,
					",%s", item);
	}
	return len < cap ? 0 : -1;
}

/* The value of option `key` in a canonical spec ("0" when it is not
 * there: the canonical spec leaves out the defaults, which are 0 for the
 * options asked here). */
static const char *spec_option(const char *spec, const char *key,
			       char *buf, size_t cap)
{
	const char *p = strchr(spec, ':');
	size_t klen = strlen(key), n;

	while (p) {
		p++;
		if (strncmp(p, key, klen) == 0 && p[klen] == '=') {
			n = strcspn(p + klen + 1, ",");
			snprintf(buf, cap, "%.*s", (int)n, p + klen + 1);
			return buf;
		}
		p = strchr(p, ',');
	}
	return "0";
}

/* A copy of the game at the start of its history, as the caller frees. */
static int history_start(const bg_game *g, bg_game **out)
{
	int rc;

	if ((rc = bg_game_clone(out, g)) < 0)
		return rc;
	while (bg_undo(*out) == 0)
		;
	return 0;
}

/* A position text with its word k replaced by `word`. */
static int replace_word(char *text, size_t cap, int k, const char *word)
{
	char *start = text, *end;
	size_t wlen = strlen(word), rest;

	while (k-- > 0 && (start = strchr(start, ' ')))
		start++;
	if (!start)
		return -1;
	end = start + strcspn(start, " ");
	rest = strlen(end);
	if ((size_t)(start - text) + wlen + rest + 1 > cap)
		return -1;
	memmove(start + wlen, end, rest + 1);
	memcpy(start, word, wlen);
	return 0;
}

/* The game g under another spec of the same game: its start position read
 * again under the new spec, then its moves. */
static int game_respec(const bg_game *g, const char *spec, bg_game **out)
{
	static char text[1 << 16];
	bg_game *start;
	bg_move m;
	uint32_t k;
	int rc;

	*out = NULL;
	if ((rc = history_start(g, &start)) < 0)
		return rc;
	rc = bg_position_text(start, text, sizeof(text), NULL);
	bg_game_free(start);
	if (rc < 0 || (rc = replace_word(text, sizeof(text), 0, spec)) < 0 ||
	    (rc = bg_game_from_position(out, text)) < 0)
		return rc < 0 ? rc : BG_EFORMAT;
	for (k = 0; k < bg_history_length(g); k++)
		if ((rc = bg_history_move(g, k, &m)) < 0 ||
		    (rc = bg_play(*out, &m)) < 0) {
			bg_game_free(*out);
			*out = NULL;
			return rc;
		}
	return 0;
}

static int is_dots(const engine *e)
{
	return strcmp(bg_game_name(e->g), "tochki") == 0;
}

/*
 * set_position COLOR VERTEX ...: a start position of single dots, placed
 * in any order of colours (the Dots position text says whose turn it is:
 * it is rewritten before each placement), P1 to move, no history. Dots
 * only.
 */
static void gtp_set_position(engine *e, long id, char **tok, int n)
{
	static char text[1 << 16];
	char spec[SPEC_MAX], mtext[BG_MOVE_TEXT_MAX];
	bg_game *g = NULL, *next;
	int i, seat, rc = 0;

	if (!is_dots(e)) {
		gtp_reply(0, id, "set_position is for Dots");
		return;
	}
	if ((n - 1) % 2) {
		gtp_reply(0, id, "set_position needs COLOR VERTEX pairs");
		return;
	}
	if (spec_with(bg_game_spec(e->g), "start", "empty", spec,
		      sizeof(spec)) < 0 || bg_game_new(&g, spec) < 0) {
		gtp_reply(0, id, "set_position: %s", lib_detail(BG_EOPTION));
		return;
	}
	for (i = 1; i + 1 < n; i += 2) {
		if ((seat = gtp_color(tok[i])) < 0 ||
		    gtp_move_text(g, tok[i + 1], mtext, sizeof(mtext)) < 0) {
			rc = BG_EPARSE;
			break;
		}
		if ((rc = bg_position_text(g, text, sizeof(text), NULL)) < 0 ||
		    (rc = replace_word(text, sizeof(text), 2,
				       seat ? "o" : "x")) < 0 ||
		    (rc = bg_game_from_position(&next, text)) < 0)
			break;
		bg_game_free(g);
		g = next;
		if ((rc = bg_play_text(g, mtext)) < 0)
			break;
	}
	if (rc == 0 &&
	    ((rc = bg_position_text(g, text, sizeof(text), NULL)) < 0 ||
	     (rc = replace_word(text, sizeof(text), 2, "x")) < 0 ||
	     (rc = bg_game_from_position(&next, text)) < 0))
		next = NULL;
	bg_game_free(g);
	if (rc < 0) {
		gtp_reply(0, id, "illegal placement %s %s", tok[i], tok[i + 1]);
		return;
	}
	set_game(e, next);
	gtp_reply(1, id, "%s", "");
}

/* The dots of the start position (before the moves of get_moves). */
static void gtp_get_position(engine *e, long id)
{
	char out[1 << 16];
	size_t p, np, len = 0;
	bg_game *start;
	int seat, kind, x, y;

	if (history_start(e->g, &start) < 0) {
		gtp_reply(0, id, "out of memory");
		return;
	}
	out[0] = '\0';
	np = bg_point_count(start);
	for (p = 0; p < np && len + 32 < sizeof(out); p++) {
		if (bg_point_piece(start, (int)p, &seat, &kind) < 0 ||
		    seat < 0 || kind == BG_PIECE_DEAD ||
		    bg_point_coords(start, (int)p, &x, &y) < 0)
			continue;
		len += (size_t)snprintf(out + len, sizeof(out) - len,
					"%s%s %d-%d", len ? " " : "",
					seat_marker(seat), x + 1, y + 1);
	}
	bg_game_free(start);
	gtp_reply(1, id, "%s", out);
}

/* The rules as KataGo's Dots fork names them: a JSON object. */
static void gtp_get_rules(engine *e, long id)
{
	char v[16];

	if (!is_dots(e)) {
		gtp_reply(0, id, "kata-get-rules is for Dots");
		return;
	}
	gtp_reply(1, id, "{\"dots\":true,\"dotsCaptureEmptyBase\":%s,"
		  "\"suicide\":true}",
		  strcmp(spec_option(bg_game_spec(e->g), "capture_empty_bases",
				     v, sizeof(v)), "1") == 0 ? "true" : "false");
}

/* kata-set-rule dotsCaptureEmptyBase true|false: the spec's
 * capture_empty_bases, the game replayed under it. suicide is always
 * allowed (the point placed in an enemy house is taken at once). */
static void gtp_set_rule(engine *e, long id, char **tok, int n)
{
	char spec[SPEC_MAX];
	bg_game *g;
	int on;

	if (!is_dots(e) || n != 3 ||
	    (strcmp(tok[2], "true") && strcmp(tok[2], "false"))) {
		gtp_reply(0, id, "kata-set-rule needs a Dots rule and true|false");
		return;
	}
	on = strcmp(tok[2], "true") == 0;
	if (strcmp(tok[1], "suicide") == 0) {
		if (on)
			gtp_reply(1, id, "%s", "");
		else
			gtp_reply(0, id, "suicide is always allowed here");
		return;
	}
	if (strcmp(tok[1], "dotsCaptureEmptyBase") != 0) {
		gtp_reply(0, id, "unknown rule '%s'", tok[1]);
		return;
	}
	if (spec_with(e->spec, "capture_empty_bases", on ? "1" : "0", spec,
		      sizeof(spec)) < 0) {
		gtp_reply(0, id, "the spec is too long");
		return;
	}
	{
		char gspec[SPEC_MAX];

		if (spec_with(bg_game_spec(e->g), "capture_empty_bases",
			      on ? "1" : "0", gspec, sizeof(gspec)) < 0 ||
		    game_respec(e->g, gspec, &g) < 0) {
			gtp_reply(0, id, "the moves do not replay under it");
			return;
		}
	}
	snprintf(e->spec, sizeof(e->spec), "%s", spec);
	set_game(e, g);
	gtp_reply(1, id, "%s", "");
}

/* kata-get-param / kata-set-param for the limits of genmove: maxPlayouts
 * and maxVisits (playouts), maxTime (seconds); 0 is no limit. */
static void gtp_param(engine *e, long id, char **tok, int n, int set)
{
	int visits = n >= 2 && (!strcmp(tok[1], "maxPlayouts") ||
				!strcmp(tok[1], "maxVisits"));
	int time = n >= 2 && !strcmp(tok[1], "maxTime");
	char *end;
	double v;

	if (n != (set ? 3 : 2) || (!visits && !time)) {
		gtp_reply(0, id, "%s takes maxPlayouts, maxVisits or maxTime%s",
			  tok[0], set ? " and a value" : "");
		return;
	}
	if (!set) {
		if (visits)
			gtp_reply(1, id, "%ld", e->gtp_limits.playouts);
		else
			gtp_reply(1, id, "%g", e->gtp_limits.seconds);
		return;
	}
	v = strtod(tok[2], &end);
	if (*end || end == tok[2] || !(v >= 0) || v > 1e12) {
		gtp_reply(0, id, "not a number: %s", tok[2]);
		return;
	}
	if (visits)
		e->gtp_limits.playouts = (long)v;
	else
		e->gtp_limits.seconds = v;
	gtp_reply(1, id, "%s", "");
}

static void gtp_boardsize(engine *e, long id, char **tok, int n)
{
	char size[64], spec[SPEC_MAX];
	long w, h;
	bg_game *g;
	char *colon = n == 2 ? strchr(tok[1], ':') : NULL;
	int rc;

	if (colon) {
		*colon = '\0';
		rc = parse_long(tok[1], 1, 1000, &w) < 0 ||
		     parse_long(colon + 1, 1, 1000, &h) < 0;
	} else if (n == 2) {
		rc = parse_long(tok[1], 1, 1000, &w) < 0;
		h = w;
	} else if (n == 3) {
		rc = parse_long(tok[1], 1, 1000, &w) < 0 ||
		     parse_long(tok[2], 1, 1000, &h) < 0;
	} else {
		rc = 1;
	}
	if (rc) {
		gtp_reply(0, id, "boardsize needs N, W:H or W H");
		return;
	}
	snprintf(size, sizeof(size), "%ldx%ld", w, h);
	if (spec_with(e->spec, "size", size, spec, sizeof(spec)) < 0 ||
	    bg_game_new(&g, spec) < 0) {
		gtp_reply(0, id, "unacceptable size");
		return;
	}
	snprintf(e->spec, sizeof(e->spec), "%s", spec);
	set_game(e, g);
	gtp_reply(1, id, "%s", "");
}

/* play COLOR VERTEX [COLOR VERTEX ...]: all of them or none. */
static void gtp_play(engine *e, long id, char **tok, int n)
{
	char text[BG_MOVE_TEXT_MAX];
	int i, seat, rc, played = 0;

	if (n < 3 || (n - 1) % 2) {
		gtp_reply(0, id, "play needs COLOR VERTEX");
		return;
	}
	for (i = 1; i + 1 < n; i += 2) {
		const char *why = NULL;

		rc = 0;
		if ((seat = gtp_color(tok[i])) < 0)
			why = "not a colour";
		else if (seat != bg_to_move(e->g) && !game_over(e->g))
			why = "not this colour's turn";
		else if (!strcasecmp(tok[i + 1], "resign"))
			rc = bg_resign(e->g, seat);
		else if (gtp_move_text(e->g, tok[i + 1], text,
				       sizeof(text)) < 0)
			why = "not a point of the field";
		else
			rc = bg_play_text(e->g, text);
		if (!why && rc < 0)
			why = lib_detail(rc);
		if (why) {
			while (played--)
				bg_undo(e->g);
			gtp_reply(0, id, "illegal move %s %s: %s", tok[i],
				  tok[i + 1], why);
			return;
		}
		played++;
	}
	gtp_reply(1, id, "%s", "");
}

static void gtp_genmove(engine *e, long id, char **tok, int n)
{
	char text[BG_MOVE_TEXT_MAX];
	es_result r;
	int seat, rc;

	if (n != 2 || (seat = gtp_color(tok[1])) < 0) {
		gtp_reply(0, id, "genmove needs a colour");
		return;
	}
	if (game_over(e->g)) {
		gtp_reply(0, id, "the game is over");
		return;
	}
	if (seat != bg_to_move(e->g)) {
		gtp_reply(0, id, "not %s's turn", tok[1]);
		return;
	}
	if ((rc = es_think(e->es, e->g, &e->gtp_limits, &r)) < 0 ||
	    (rc = gtp_vertex(e->g, &r.best, text, sizeof(text))) < 0 ||
	    (rc = bg_play(e->g, &r.best)) < 0) {
		gtp_reply(0, id, "%s", bg_strerror(rc));
		return;
	}
	gtp_reply(1, id, "%s", text);
}

static void gtp_undo(engine *e, long id, char **tok, int n)
{
	long k = 1, i;

	if (n > 2 || (n == 2 && parse_long(tok[1], 0, 1L << 30, &k) < 0)) {
		gtp_reply(0, id, "undo takes a count");
		return;
	}
	if ((uint32_t)k > bg_history_length(e->g)) {
		gtp_reply(0, id, "cannot undo (max undo count: %u)",
			  bg_history_length(e->g));
		return;
	}
	for (i = 0; i < k; i++)
		bg_undo(e->g);
	gtp_reply(1, id, "%s", "");
}

/* The moves played, "P1 X-Y P2 X-Y ...", as the fork's get_moves. */
static void gtp_get_moves(engine *e, long id)
{
	char *out, text[BG_MOVE_TEXT_MAX];
	uint32_t k, n = bg_history_length(e->g);
	size_t len = 0, cap = (size_t)n * (BG_MOVE_TEXT_MAX + 4) + 1;
	bg_game *c;
	bg_move m;

	if (!(out = malloc(cap)) || bg_game_clone(&c, e->g) < 0) {
		free(out);
		gtp_reply(0, id, "out of memory");
		return;
	}
	out[0] = '\0';
	for (k = 0; k < n; k++)
		bg_undo(c);
	for (k = 0; k < n; k++) {
		bg_history_move(e->g, k, &m);
		gtp_vertex(c, &m, text, sizeof(text));
		len += (size_t)snprintf(out + len, cap - len, "%s%s %s",
					k ? " " : "",
					seat_marker(bg_to_move(c)), text);
		bg_play(c, &m);
	}
	bg_game_free(c);
	gtp_reply(1, id, "%s", out);
	free(out);
}

static void gtp_final_score(engine *e, long id)
{
	double s0, s1;
	int status, winner;

	if (bg_score(e->g, 0, &s0) == 0 && bg_score(e->g, 1, &s1) == 0) {
		if (s0 == s1)
			gtp_reply(1, id, "0");
		else
			gtp_reply(1, id, "%s+%g", seat_marker(s0 > s1 ? 0 : 1),
				  fabs(s0 - s1));
		return;
	}
	bg_outcome(e->g, &status, &winner, NULL);
	if (status == BG_WIN)
		gtp_reply(1, id, "%s+R", seat_marker(winner));
	else if (status == BG_DRAW)
		gtp_reply(1, id, "0");
	else
		gtp_reply(0, id, "this game keeps no score before its end");
}

static void gtp_showboard(engine *e, long id)
{
	int rc;
	char *buf = draw_text(e->g, 0, &rc), *r, *w;

	if (!buf) {
		gtp_reply(0, id, "%s", bg_strerror(rc));
		return;
	}
	/* An empty line would end the answer: drop them. */
	for (r = w = buf; *r; r++)
		if (!(*r == '\n' && (w == buf || w[-1] == '\n')))
			*w++ = *r;
	while (w > buf && w[-1] == '\n')
		w--;
	*w = '\0';
	/* The board starts on the line after the '=' (GTP's showboard). */
	gtp_reply(1, id, "\n%s", buf);
	free(buf);
}

/* One GTP command; 1 after quit. */
static int gtp_command(engine *e, char **tok, int n)
{
	const char *c;
	long id = -1;
	int k;

	if (isdigit((unsigned char)tok[0][0])) {
		if (parse_long(tok[0], 0, 1L << 30, &id) < 0) {
			gtp_reply(0, -1, "bad command id '%s'", tok[0]);
			return 0;
		}
		tok++;
		n--;
		if (n == 0) {
			gtp_reply(0, id, "empty command");
			return 0;
		}
	}
	c = tok[0];
	if (!strcmp(c, "protocol_version")) {
		gtp_reply(1, id, "2");
	} else if (!strcmp(c, "name")) {
		gtp_reply(1, id, "%s", e->gtp_name);
	} else if (!strcmp(c, "version")) {
		gtp_reply(1, id, ENGINE_VERSION " (libboardgames %s)",
			  bg_version());
	} else if (!strcmp(c, "known_command")) {
		for (k = 0; gtp_commands[k]; k++)
			if (n == 2 && !strcmp(tok[1], gtp_commands[k]))
				break;
		gtp_reply(1, id, gtp_commands[k] ? "true" : "false");
	} else if (!strcmp(c, "list_commands")) {
		char list[2048];
		size_t len = 0;

		for (k = 0; gtp_commands[k]; k++)
			len += (size_t)snprintf(list + len, sizeof(list) - len,
						"%s%s", k ? "\n" : "",
						gtp_commands[k]);
		gtp_reply(1, id, "%s", list);
	} else if (!strcmp(c, "quit")) {
		gtp_reply(1, id, "%s", "");
		return 1;
	} else if (!strcmp(c, "boardsize") ||
		   !strcmp(c, "rectangular_boardsize")) {
		gtp_boardsize(e, id, tok, n);
	} else if (!strcmp(c, "get_boardsize")) {
		int w, h;

		bg_board_size(e->g, &w, &h);
		if (w == h)
			gtp_reply(1, id, "%d", w);
		else
			gtp_reply(1, id, "%d:%d", w, h);
	} else if (!strcmp(c, "clear_board")) {
		bg_game *g;
		int rc = bg_game_new(&g, e->spec);

		if (rc < 0) {
			gtp_reply(0, id, "%s", lib_detail(rc));
		} else {
			set_game(e, g);
			gtp_reply(1, id, "%s", "");
		}
	} else if (!strcmp(c, "komi")) {
		char *end;
		double v = n == 2 ? strtod(tok[1], &end) : 1;

		/* The library's games have no komi: 0 is the only value. */
		if (n != 2 || *end || end == tok[1])
			gtp_reply(0, id, "komi needs a number");
		else if (v != 0)
			gtp_reply(0, id, "unacceptable komi: only 0 is played");
		else
			gtp_reply(1, id, "%s", "");
	} else if (!strcmp(c, "get_komi")) {
		gtp_reply(1, id, "0");
	} else if (!strcmp(c, "play")) {
		gtp_play(e, id, tok, n);
	} else if (!strcmp(c, "genmove")) {
		gtp_genmove(e, id, tok, n);
	} else if (!strcmp(c, "undo")) {
		gtp_undo(e, id, tok, n);
	} else if (!strcmp(c, "get_moves")) {
		gtp_get_moves(e, id);
	} else if (!strcmp(c, "final_score")) {
		gtp_final_score(e, id);
	} else if (!strcmp(c, "showboard")) {
		gtp_showboard(e, id);
	} else if (!strcmp(c, "set_position")) {
		gtp_set_position(e, id, tok, n);
	} else if (!strcmp(c, "get_position")) {
		gtp_get_position(e, id);
	} else if (!strcmp(c, "kata-get-rules")) {
		gtp_get_rules(e, id);
	} else if (!strcmp(c, "kata-set-rule")) {
		gtp_set_rule(e, id, tok, n);
	} else if (!strcmp(c, "kata-get-param")) {
		gtp_param(e, id, tok, n, 0);
	} else if (!strcmp(c, "kata-set-param")) {
		gtp_param(e, id, tok, n, 1);
	} else {
		gtp_reply(0, id, "unknown command");
	}
	return 0;
}

/* GTP's preprocessing: control characters other than tab and newline go,
 * tabs become spaces, a '#' starts a comment. */
static void gtp_clean(char *line)
{
	char *r, *w;

	for (r = w = line; *r; r++) {
		if (*r == '#')
			break;
		if (*r == '\t')
			*w++ = ' ';
		else if (!iscntrl((unsigned char)*r))
			*w++ = *r;
	}
	*w = '\0';
}

/* ---- Main ---------------------------------------------------------------- */

enum { UNDECIDED, UGI, GTP };

/* The next line of f with its '\n' into *line (grown as needed, *cap
 * bytes): its length, or -1 at the end of the input (or out of memory).
 * POSIX's getline, which Windows' C library has not. */
static long read_line(char **line, size_t *cap, FILE *f)
{
	size_t len = 0;

	for (;;) {
		if (*cap - len < 2 || !*line) {
			size_t want = *cap ? 2 * *cap : 256;
			char *grown = realloc(*line, want);

			if (!grown)
				return -1;
			*line = grown;
			*cap = want;
		}
		if (!fgets(*line + len, (int)(*cap - len), f))
			return len ? (long)len : -1;
		len += strlen(*line + len);
		if ((*line)[len - 1] == '\n')
			return (long)len;
	}
}

static int run(engine *e)
{
	static char *tok[MAX_TOKENS];
	char *line = NULL;
	size_t cap = 0;
	long len;
	int proto = UNDECIDED, n, done = 0;

	while (!done && (len = read_line(&line, &cap, stdin)) >= 0) {
		/* One trailing "\r\n" or "\n", as cutegames strips it. */
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if (proto != UGI)
			gtp_clean(line);
		if ((n = split(line, tok)) == 0)
			continue;
		if (proto == UNDECIDED)
			proto = strcmp(tok[0], "ugi") == 0 ? UGI : GTP;
		if (n < 0) {
			if (proto == UGI)
				ugi_error("too many words on a line");
			else
				gtp_reply(0, -1, "too many words on a line");
			continue;
		}
		done = proto == UGI ? ugi_command(e, tok, n)
				    : gtp_command(e, tok, n);
	}
	ugi_finish(e);
	free(line);
	return 0;
}

/* Name the bad argument and why, then the usage; status 2. */
#define usage(...) cli_usage(PROG, usage_text, __VA_ARGS__)

/* A number option's value out of its range, or no number: say which
 * numbers it takes; status 2. */
static int bad_number(const char *opt, const char *val, long lo, long hi)
{
	if (hi == LONG_MAX)
		return usage("%s %s: needs a number from %ld", opt, val, lo);
	return usage("%s %s: needs a number from %ld to %ld", opt, val, lo, hi);
}

/* The command line's options, each of which takes a value. */
enum {
	OPT_GAME, OPT_LEVEL, OPT_THREADS, OPT_HASH, OPT_SEED, OPT_PLAYOUTS,
	OPT_MOVETIME, OPT_GTP_NAME
};

typedef struct cli_option {
	const char *name;
	int id;
	long lo, hi; /* a number's range; hi 0 for the others */
} cli_option;

static const cli_option cli_options[] = {
	{ "--game", OPT_GAME, 0, 0 },
	{ "--level", OPT_LEVEL, 1, ES_LEVEL_MAX },
	{ "--threads", OPT_THREADS, 1, THREADS_MAX },
	{ "--hash", OPT_HASH, 1, HASH_MAX_MB },
	{ "--seed", OPT_SEED, 0, 0 },
	{ "--playouts", OPT_PLAYOUTS, 1, LONG_MAX },
	{ "--movetime", OPT_MOVETIME, 1, LONG_MAX },
	{ "--gtp-name", OPT_GTP_NAME, 0, 0 },
};

static const cli_option *find_option(const char *name)
{
	for (size_t i = 0; i < sizeof(cli_options) / sizeof(cli_options[0]);
	     i++)
		if (!strcmp(cli_options[i].name, name))
			return &cli_options[i];
	return NULL;
}

/* Option o set to val: 0, or status 2 with the usage. */
static int set_option(engine *e, const cli_option *o, const char *val)
{
	long v = 0;

	if (o->hi && parse_long(val, o->lo, o->hi, &v) < 0)
		return bad_number(o->name, val, o->lo, o->hi);
	switch (o->id) {
	case OPT_GAME:
		snprintf(e->spec, sizeof(e->spec), "%s", val);
		break;
	case OPT_LEVEL:
		e->set.level = (int)v;
		break;
	case OPT_THREADS:
		e->set.threads = (int)v;
		break;
	case OPT_HASH:
		e->set.hash_mb = v;
		break;
	case OPT_SEED:
		if (parse_seed(val, &e->set.seed) < 0)
			return usage("%s %s: needs a number", o->name, val);
		break;
	case OPT_PLAYOUTS:
		e->gtp_limits.playouts = v;
		break;
	case OPT_MOVETIME:
		e->gtp_limits.seconds = v / 1000.0;
		break;
	case OPT_GTP_NAME:
		e->gtp_name = val;
		break;
	}
	return 0;
}

int main(int argc, char **argv)
{
	engine e;
	int i, rc;

	memset(&e, 0, sizeof(e));
	snprintf(e.spec, sizeof(e.spec), "tochki");
	es_defaults(&e.set);
	e.gtp_name = PROG;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const cli_option *o;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return 0;
		}
		if (!(o = find_option(a)))
			return usage("%s: unknown option", a);
		if (i + 1 >= argc)
			return usage("%s: needs a value", a);
		if ((rc = set_option(&e, o, argv[++i])) != 0)
			return rc;
	}
	if ((rc = bg_game_new(&e.g, e.spec)) < 0) {
		fprintf(stderr, PROG ": %s: %s\n", e.spec, lib_detail(rc));
		return 2;
	}
	if ((rc = renew_search(&e, &e.set)) < 0) {
		fprintf(stderr, PROG ": %s\n", bg_strerror(rc));
		return 1;
	}
#ifdef _WIN32
	/* Lines end in "\n" as elsewhere: Windows' text mode would write
	 * "\r\n" (what is read loses a "\r" in run() either way). */
	_setmode(_fileno(stdin), _O_BINARY);
	_setmode(_fileno(stdout), _O_BINARY);
#endif
	rc = run(&e);
	es_free(e.es);
	bg_game_free(e.g);
	return rc;
}
