/*
 * bgmatch: play games between two engines that speak UGI (bgengine, or any
 * other) and report wins, draws, losses and the Elo difference with its
 * 95% interval. The library is the referee: it draws the random openings,
 * checks every move and decides the end, so the engines' answers to
 * `query` are not needed. Games come in pairs on one opening, the engines
 * changing seats.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef _WIN32
#include <windows.h>
#include <fcntl.h> /* _O_BINARY */
#include <io.h>    /* _open_osfhandle */
#else
#include <poll.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <boardgames/boardgames.h>

#include "rng.h"

#include "cli.h"

#define PROG "bgmatch"
#define LINE_MAX_LEN 65536
/* How long an engine may take beyond its limit before it is given up. */
#define GRACE_MS 10000

static const char usage_text[] =
	"usage: " PROG " [options] SPEC COMMAND1 COMMAND2\n"
	"\n"
	"Play games of SPEC between two UGI engines, each started by a shell\n"
	"command line (e.g. \"bgengine --level 10\"; on Windows the program\n"
	"and its arguments, no shell), and report the result of the first\n"
	"against the second: wins, draws, losses and the Elo difference with\n"
	"its 95% interval.\n"
	"\n"
	"  --games N          games to play (default 10; pairs share an opening,\n"
	"                     the engines changing seats)\n"
	"  --opening-plies N  random plies before the engines play (default 4)\n"
	"  --movetime MS      each move: go movetime MS\n"
	"  --nodes N          each move: go nodes N (default 1000 when no limit)\n"
	"  --tc MS[+INC]      each engine's clock: go p1time .. p2inc ..; an\n"
	"                     engine that runs out of time loses\n"
	"  --max-plies N      adjudicate a draw after N plies (default 2000)\n"
	"  --seed N           seed of the openings (default 1)\n"
	"  --records FILE     write the record of every game to FILE\n"
	"  --quiet            print only the summary\n"
	"\n"
	"Exit status: 0 the match was played, 1 an engine failed, 2 bad\n"
	"arguments.\n";

typedef struct engine {
	const char *cmd;
#ifdef _WIN32
	HANDLE process;
	HANDLE out;        /* its standard output */
#else
	pid_t pid;
	int out;           /* its standard output */
#endif
	FILE *in;          /* its standard input */
	char buf[LINE_MAX_LEN];
	size_t len;        /* bytes read into buf, not yet a whole line */
} engine;

typedef struct match {
	const char *spec;
	engine eng[2];
	long games, opening_plies, movetime, nodes, base, inc, max_plies;
	uint64_t seed;
	FILE *records;
	int quiet;
} match;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static void die(const char *fmt, ...)
{
	va_list ap;

	fputs(PROG ": ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* ---- Engines' processes ---------------------------------------------------
 *
 * Each platform starts an engine with pipes to its standard input and
 * output, waits for its output until a deadline, and ends it.
 */

/* The clocks count milliseconds from the first call: a long holds 24 days
 * of them where it has 32 bits (Windows, 32-bit Linux), and a clock that
 * starts at the machine's boot may be past that. */
#ifdef _WIN32
static long now_ms(void)
{
	static ULONGLONG start;
	ULONGLONG now = GetTickCount64();

	if (!start)
		start = now;
	return (long)(now - start);
}

/* The command line is CreateProcess's (the program, then its arguments):
 * no shell, since Windows has no sh, and cmd.exe would stand between
 * bgmatch and the engine that engine_end may have to end. */
static void engine_start(engine *e)
{
	SECURITY_ATTRIBUTES sa = { sizeof(sa), NULL, TRUE };
	STARTUPINFOA si = { .cb = sizeof(si) };
	PROCESS_INFORMATION pi;
	HANDLE to_read, to_write, from_read, from_write;
	char *line = strdup(e->cmd); /* CreateProcessA may write to it */
	int fd;

	if (!line || !CreatePipe(&to_read, &to_write, &sa, 0) ||
	    !CreatePipe(&from_read, &from_write, &sa, 0))
		die("pipe: Windows error %lu", GetLastError());
	/* The engine inherits its ends of the pipes only. */
	SetHandleInformation(to_write, HANDLE_FLAG_INHERIT, 0);
	SetHandleInformation(from_read, HANDLE_FLAG_INHERIT, 0);
	si.dwFlags = STARTF_USESTDHANDLES;
	si.hStdInput = to_read;
	si.hStdOutput = from_write;
	si.hStdError = GetStdHandle(STD_ERROR_HANDLE);
	if (!CreateProcessA(NULL, line, NULL, NULL, TRUE, 0, NULL, NULL, &si,
			    &pi))
		die("'%s' did not start: Windows error %lu", e->cmd,
		    GetLastError());
	free(line);
	CloseHandle(pi.hThread);
	CloseHandle(to_read);
	CloseHandle(from_write);
	e->process = pi.hProcess;
	e->out = from_read;
	e->len = 0;
	/* Binary: lines end in "\n" (the engine may cut a "\r" or not). */
	fd = _open_osfhandle((intptr_t)to_write, _O_WRONLY | _O_BINARY);
	if (fd < 0 || !(e->in = _fdopen(fd, "wb")))
		die("fdopen: %s", strerror(errno));
}

/* Output of the engine appended to e->buf; false when none came by the
 * deadline, dies when the engine ends. An anonymous pipe cannot be waited
 * on with a timeout, so it is looked at every millisecond (the timer's
 * resolution is raised in main). */
static bool engine_read(engine *e, long deadline)
{
	DWORD avail, got, room = (DWORD)(sizeof(e->buf) - e->len);

	for (;;) {
		if (!PeekNamedPipe(e->out, NULL, 0, NULL, &avail, NULL))
			die("'%s' ended", e->cmd);
		if (avail)
			break;
		if (now_ms() >= deadline)
			return false;
		Sleep(1);
	}
	if (!ReadFile(e->out, e->buf + e->len, avail < room ? avail : room,
		      &got, NULL) || got == 0)
		die("'%s' ended", e->cmd);
	e->len += got;
	return true;
}

/* Its input closed after "quit"; a moment to leave, then it is ended. */
static void engine_end(engine *e)
{
	CloseHandle(e->out);
	if (WaitForSingleObject(e->process, 2000) != WAIT_OBJECT_0)
		TerminateProcess(e->process, 1);
	CloseHandle(e->process);
}

/* Sleep(1) sleeps a millisecond, not the default tick of 15.6. */
static void processes_init(void)
{
	timeBeginPeriod(1);
}
#else
static long now_ms(void)
{
	static struct timespec start;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!start.tv_sec && !start.tv_nsec)
		start = now;
	return (long)(now.tv_sec - start.tv_sec) * 1000 +
	       (now.tv_nsec - start.tv_nsec) / 1000000;
}

static void engine_start(engine *e)
{
	int to[2], from[2];

	if (pipe(to) < 0 || pipe(from) < 0)
		die("pipe: %s", strerror(errno));
	if ((e->pid = fork()) < 0)
		die("fork: %s", strerror(errno));
	if (e->pid == 0) {
		dup2(to[0], 0);
		dup2(from[1], 1);
		close(to[0]);
		close(to[1]);
		close(from[0]);
		close(from[1]);
		execl("/bin/sh", "sh", "-c", e->cmd, (char *)NULL);
		_exit(127);
	}
	close(to[0]);
	close(from[1]);
	e->in = fdopen(to[1], "w");
	e->out = from[0];
	e->len = 0;
	if (!e->in)
		die("fdopen: %s", strerror(errno));
}

/* Output of the engine appended to e->buf; false when none came by the
 * deadline, dies when the engine ends. */
static bool engine_read(engine *e, long deadline)
{
	struct pollfd pfd = { e->out, POLLIN, 0 };
	ssize_t got;
	long wait;

	do {
		wait = deadline - now_ms();
		if (wait <= 0)
			return false;
	} while (poll(&pfd, 1, (int)wait) <= 0);
	got = read(e->out, e->buf + e->len, sizeof(e->buf) - e->len);
	if (got <= 0)
		die("'%s' ended", e->cmd);
	e->len += (size_t)got;
	return true;
}

/* Its input closed after "quit"; a moment to leave, then it is ended. */
static void engine_end(engine *e)
{
	int i;

	close(e->out);
	for (i = 0; i < 100; i++) {
		if (waitpid(e->pid, NULL, WNOHANG) == e->pid)
			return;
		nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
	}
	kill(e->pid, SIGKILL);
	waitpid(e->pid, NULL, 0);
}

/* An engine that has gone is found by its pipe, not by a signal. */
static void processes_init(void)
{
	signal(SIGPIPE, SIG_IGN);
}
#endif

/* ---- Engines ------------------------------------------------------------- */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void send_line(engine *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(e->in, fmt, ap);
	va_end(ap);
	fputc('\n', e->in);
	if (fflush(e->in) != 0)
		die("'%s' stopped reading: %s", e->cmd, strerror(errno));
}

/* The next line of the engine into line (its '\n' and a '\r' cut); -1
 * when it does not come by the deadline, dies when the engine ends. */
static int read_line(engine *e, char *line, long deadline)
{
	char *nl;

	for (;;) {
		if ((nl = memchr(e->buf, '\n', e->len))) {
			size_t k = (size_t)(nl - e->buf);

			memcpy(line, e->buf, k);
			line[k] = '\0';
			if (k > 0 && line[k - 1] == '\r')
				line[k - 1] = '\0';
			memmove(e->buf, nl + 1, e->len - k - 1);
			e->len -= k + 1;
			return 0;
		}
		if (e->len == sizeof(e->buf))
			die("'%s' wrote a line too long", e->cmd);
		if (!engine_read(e, deadline))
			return -1;
	}
}

/* Read until a line that is exactly `want`. */
static void expect(engine *e, const char *want, long timeout_ms)
{
	char line[LINE_MAX_LEN];
	long deadline = now_ms() + timeout_ms;

	do {
		if (read_line(e, line, deadline) < 0)
			die("'%s' did not answer '%s'", e->cmd, want);
	} while (strcmp(line, want) != 0);
}

static void engine_open(match *m, engine *e)
{
	engine_start(e);
	send_line(e, "ugi");
	expect(e, "ugiok", GRACE_MS);
	send_line(e, "setoption name game value %s", m->spec);
	send_line(e, "isready");
	expect(e, "readyok", GRACE_MS);
}

static void engine_close(engine *e)
{
	fputs("quit\n", e->in);
	fclose(e->in);
	engine_end(e);
}

/* ---- A game -------------------------------------------------------------- */

/* A random opening of m->opening_plies plies that leaves the game going,
 * into the moves text (space-separated). */
static int opening(match *m, rng *r, char *moves, size_t cap)
{
	bg_game *g;
	bg_move mv;
	char text[BG_MOVE_TEXT_MAX];
	uint64_t s;
	long k;
	size_t len;
	int status, tries, rc;

	for (tries = 0; tries < 100; tries++) {
		if ((rc = bg_game_new(&g, m->spec)) < 0)
			return rc;
		s = rng_next(r);
		moves[0] = '\0';
		len = 0;
		for (k = 0; k < m->opening_plies; k++) {
			if (bg_random_move(g, &s, &mv) < 0)
				break;
			bg_move_to_text(g, &mv, text, sizeof(text), NULL);
			bg_play(g, &mv);
			len += (size_t)snprintf(moves + len, cap - len, " %s", text);
		}
		bg_outcome(g, &status, NULL, NULL);
		bg_game_free(g);
		if (k == m->opening_plies && status == BG_ONGOING && len < cap)
			return 0;
	}
	return BG_EGAMEOVER;
}

/* Play the space-separated moves (an opening drawn by opening()). */
static void replay(bg_game *g, const char *moves)
{
	char copy[1 << 16], *t, *save;

	snprintf(copy, sizeof(copy), "%s", moves);
	for (t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
		bg_play_text(g, t);
}

/* Ask the engine for a move at the position of `moves`: its text into
 * move, or -1 when none came in time. */
static int ask(match *m, engine *e, const char *moves, long clock[2],
	       char *move)
{
	char line[LINE_MAX_LEN], *tok, *save;
	long deadline;

	send_line(e, "position startpos%s%s", *moves ? " moves" : "", moves);
	if (m->base > 0) {
		send_line(e, "go p1time %ld p2time %ld p1inc %ld p2inc %ld",
			  clock[0], clock[1], m->inc, m->inc);
		deadline = now_ms() + GRACE_MS + clock[0] + clock[1];
	} else if (m->movetime > 0) {
		send_line(e, "go movetime %ld", m->movetime);
		deadline = now_ms() + GRACE_MS + 2 * m->movetime;
	} else {
		send_line(e, "go nodes %ld", m->nodes);
		deadline = now_ms() + 30 * GRACE_MS;
	}
	for (;;) {
		if (read_line(e, line, deadline) < 0)
			return -1;
		tok = strtok_r(line, " ", &save);
		if (tok && strcmp(tok, "bestmove") == 0) {
			tok = strtok_r(NULL, " ", &save);
			snprintf(move, BG_MOVE_TEXT_MAX, "%s", tok ? tok : "");
			return 0;
		}
	}
}

/*
 * Play one game, engine `first` in seat 0, from an opening; the result for
 * engine 0: 1, 0.5 or 0.
 */
static double play_game(match *m, long n, int first, const char *open,
			const char *name[2])
{
	static char moves[1 << 20];
	char move[BG_MOVE_TEXT_MAX], rec[1 << 16];
	bg_game *g;
	long clock[2] = { m->base, m->base }, start, used;
	size_t len = strlen(open);
	int status, winner, reason, seat, k, rc;
	const char *why = NULL;
	double result;

	if ((rc = bg_game_new(&g, m->spec)) < 0)
		die("%s: %s", m->spec, bg_last_error());
	memcpy(moves, open, len + 1);
	replay(g, open);
	for (k = 0; k < 2; k++) {
		send_line(&m->eng[k], "isready");
		expect(&m->eng[k], "readyok", GRACE_MS);
		send_line(&m->eng[k], "uginewgame");
	}
	for (;;) {
		bg_outcome(g, &status, &winner, &reason);
		if (status != BG_ONGOING)
			break;
		if (bg_history_length(g) >= (uint32_t)m->max_plies) {
			bg_declare_result(g, BG_DRAW, -1, BG_REASON_ADJUDICATION);
			why = "ply limit";
			continue;
		}
		seat = bg_to_move(g);
		k = seat == 0 ? first : 1 - first;
		start = now_ms();
		if (ask(m, &m->eng[k], moves, clock, move) < 0) {
			bg_declare_result(g, BG_WIN, 1 - seat, BG_REASON_TIME);
			why = "no answer";
			continue;
		}
		used = now_ms() - start;
		if (m->base > 0) {
			clock[seat] -= used;
			/* The reason, "time", says it all. */
			if (clock[seat] < 0) {
				bg_declare_result(g, BG_WIN, 1 - seat,
						  BG_REASON_TIME);
				continue;
			}
			clock[seat] += m->inc;
		}
		if (bg_play_text(g, move) < 0) {
			/* Said before the declaration, whose success clears
			 * the error's message. */
			if (!m->quiet)
				fprintf(stderr, PROG ": game %ld: '%s' played "
					"'%s': %s\n", n, m->eng[k].cmd, move,
					bg_last_error());
			bg_declare_result(g, BG_WIN, 1 - seat,
					  BG_REASON_ADJUDICATION);
			why = "illegal move";
			continue;
		}
		len += (size_t)snprintf(moves + len, sizeof(moves) - len, " %s",
					move);
	}
	result = status == BG_DRAW ? 0.5 : (winner == 0) == (first == 0);
	if (!m->quiet)
		printf("game %ld: %s (seat 0) - %s (seat 1): %s, %s%s%s\n", n,
		       name[first], name[1 - first],
		       status == BG_DRAW ? "1/2-1/2" :
		       winner == 0 ? "1-0" : "0-1", bg_reason_name(reason),
		       why ? ", " : "", why ? why : "");
	if (m->records) {
		if (bg_record_text(g, rec, sizeof(rec), NULL) == 0)
			fprintf(m->records, "%s\n{ game %ld: seat 0 %s, seat 1 "
				"%s }\n\n", rec, n, m->eng[first].cmd,
				m->eng[1 - first].cmd);
		fflush(m->records);
	}
	bg_game_free(g);
	return result;
}

/* ---- Elo ----------------------------------------------------------------- */

static double elo(double score)
{
	if (score <= 1e-9)
		return -INFINITY;
	if (score >= 1 - 1e-9)
		return INFINITY;
	return -400.0 * log10(1.0 / score - 1.0);
}

/*
 * The score's 95% interval by Wilson's formula with the variance of the
 * results (draws count half), which stays sensible at 0% and 100%; the
 * Elo figures are the score's through the logistic curve.
 */
static void report(const match *m, long w, long d, long l)
{
	long n = w + d + l;
	double s = (w + 0.5 * d) / n, var, z = 1.96, mid, half, q;

	var = (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) +
	       l * s * s) / n;
	q = 1 + z * z / n;
	mid = (s + z * z / (2.0 * n)) / q;
	half = z * sqrt(var / n + z * z / (4.0 * n * n)) / q;
	printf("%s: %s vs %s\n", m->spec, m->eng[0].cmd, m->eng[1].cmd);
	/* The figures are the first engine's. */
	printf("games %ld: wins %ld, draws %ld, losses %ld, score %.1f%%\n",
	       n, w, d, l, 100 * s);
	printf("elo %+.0f, 95%% interval [%+.0f, %+.0f]\n", elo(s),
	       elo(mid - half), elo(mid + half));
}

/* ---- Main ---------------------------------------------------------------- */

/* Name the bad argument and why, then the usage; status 2. */
#define usage(...) cli_usage(PROG, usage_text, __VA_ARGS__)

static int number(const char *s, long lo, long hi, long *out)
{
	char *end;
	long v;

	errno = 0;
	v = s ? strtol(s, &end, 10) : 0;
	if (!s || errno || end == s || *end || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

int main(int argc, char **argv)
{
	static char open[1 << 16];
	match m;
	const char *pos[3], *name[2] = { "A", "B" }, *rec_path = NULL;
	long w = 0, d = 0, l = 0, n, seed = 1;
	int i, npos = 0;
	double r;
	rng rg;

	memset(&m, 0, sizeof(m));
	m.games = 10;
	m.opening_plies = 4;
	m.max_plies = 2000;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *plus;
		int bad = 0;

		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage_text, stdout);
			return 0;
		} else if (!strcmp(a, "--quiet")) {
			m.quiet = 1;
			continue;
		} else if (a[0] != '-' || a[1] != '-') {
			if (npos == 3)
				return usage("%s: one SPEC and two commands only", a);
			pos[npos++] = a;
			continue;
		}
		i++;
		if (!strcmp(a, "--games"))
			bad = number(v, 1, 1000000, &m.games);
		else if (!strcmp(a, "--opening-plies"))
			bad = number(v, 0, 1000, &m.opening_plies);
		else if (!strcmp(a, "--movetime"))
			bad = number(v, 1, 1L << 30, &m.movetime);
		else if (!strcmp(a, "--nodes"))
			bad = number(v, 1, LONG_MAX, &m.nodes);
		else if (!strcmp(a, "--max-plies"))
			bad = number(v, 1, 1L << 30, &m.max_plies);
		else if (!strcmp(a, "--seed"))
			bad = number(v, 0, LONG_MAX, &seed);
		else if (!strcmp(a, "--records"))
			bad = !(rec_path = v);
		else if (!strcmp(a, "--tc") && v) {
			char copy[64];

			snprintf(copy, sizeof(copy), "%s", v);
			if ((plus = strchr(copy, '+')))
				*plus++ = '\0';
			bad = number(copy, 1, 1L << 30, &m.base) ||
			      (plus && number(plus, 0, 1L << 30, &m.inc));
		} else
			return usage("%s: unknown option", a);
		if (bad)
			return usage("%s %s: a bad value", a, v ? v : "(none)");
	}
	if (npos != 3)
		return usage("SPEC, COMMAND1 and COMMAND2 are needed");
	m.spec = pos[0];
	m.eng[0].cmd = pos[1];
	m.eng[1].cmd = pos[2];
	if (!m.movetime && !m.base && !m.nodes)
		m.nodes = 1000;
	{
		bg_game *g;

		if (bg_game_new(&g, m.spec) < 0)
			return usage("%s: %s", m.spec, bg_last_error());
		bg_game_free(g);
	}
	if (rec_path && !(m.records = fopen(rec_path, "w")))
		die("%s: %s", rec_path, strerror(errno));
	processes_init();
	if (!m.quiet)
		printf("A = %s, B = %s\n", m.eng[0].cmd, m.eng[1].cmd);
	engine_open(&m, &m.eng[0]);
	engine_open(&m, &m.eng[1]);
	rng_seed(&rg, (uint64_t)seed);
	for (n = 0; n < m.games; n++) {
		if (n % 2 == 0 &&
		    opening(&m, &rg, open, sizeof(open)) < 0)
			die("%s: no opening of %ld plies leaves the game going",
			    m.spec, m.opening_plies);
		r = play_game(&m, n + 1, (int)(n % 2), open, name);
		if (r == 1)
			w++;
		else if (r == 0)
			l++;
		else
			d++;
	}
	engine_close(&m.eng[0]);
	engine_close(&m.eng[1]);
	if (m.records)
		fclose(m.records);
	report(&m, w, d, l);
	return 0;
}
