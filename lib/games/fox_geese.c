/*
 * Fox and Geese (Лиса и гуси): a fox against 13 (or 17) geese on the
 * 33-point cross with solid orthogonal and dashed diagonal lines. Rules:
 * doc/games/fox-geese.md (shared/rules/igroteka.md section 4).
 *
 * Points are numbered rank by rank from c1; bitboards are 64-bit words over
 * those numbers.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/lines.h"

#include <string.h>

/* The points, in number order. */
enum {
	C1, D1, E1,
	C2, D2, E2,
	A3, B3, C3, D3, E3, F3, G3,
	A4, B4, C4, D4, E4, F4, G4,
	A5, B5, C5, D5, E5, F5, G5,
	C6, D6, E6,
	C7, D7, E7,
	FG_NPOINTS
};

static const int8_t fg_xy[FG_NPOINTS][2] = {
	{ 2, 0 }, { 3, 0 }, { 4, 0 },
	{ 2, 1 }, { 3, 1 }, { 4, 1 },
	{ 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 2 },
	{ 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 3 },
	{ 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 6, 4 },
	{ 2, 5 }, { 3, 5 }, { 4, 5 },
	{ 2, 6 }, { 3, 6 }, { 4, 6 },
};

static const bg_line fg_lines[] = {
	{ BG_LINE_SOLID, 7, { A3, B3, C3, D3, E3, F3, G3 } },
	{ BG_LINE_SOLID, 7, { A4, B4, C4, D4, E4, F4, G4 } },
	{ BG_LINE_SOLID, 7, { A5, B5, C5, D5, E5, F5, G5 } },
	{ BG_LINE_SOLID, 3, { C1, D1, E1 } },
	{ BG_LINE_SOLID, 3, { C2, D2, E2 } },
	{ BG_LINE_SOLID, 3, { C6, D6, E6 } },
	{ BG_LINE_SOLID, 3, { C7, D7, E7 } },
	{ BG_LINE_SOLID, 7, { C1, C2, C3, C4, C5, C6, C7 } },
	{ BG_LINE_SOLID, 7, { D1, D2, D3, D4, D5, D6, D7 } },
	{ BG_LINE_SOLID, 7, { E1, E2, E3, E4, E5, E6, E7 } },
	{ BG_LINE_SOLID, 3, { A3, A4, A5 } },
	{ BG_LINE_SOLID, 3, { B3, B4, B5 } },
	{ BG_LINE_SOLID, 3, { F3, F4, F5 } },
	{ BG_LINE_SOLID, 3, { G3, G4, G5 } },
	{ BG_LINE_DASHED, 5, { A3, B4, C5, D6, E7 } },
	{ BG_LINE_DASHED, 5, { C1, D2, E3, F4, G5 } },
	{ BG_LINE_DASHED, 3, { C3, D4, E5 } },
	{ BG_LINE_DASHED, 5, { A5, B4, C3, D2, E1 } },
	{ BG_LINE_DASHED, 3, { C5, D4, E3 } },
	{ BG_LINE_DASHED, 5, { C7, D6, E5, F4, G3 } },
};

enum { GEESE = 0, FOX = 1 };
enum { FG_WIDTH = 7, FG_NONE = 0xff, FG_MAXJUMPS = 8 };
/* The fox wins when fewer geese than this are left. */
enum { FG_GEESE_MIN = 9 };
/* Fox moves from one point: at most 8 steps, and at most 346 different
 * results of capture chains along the solid lines; that bound counts
 * every (landing point, geese taken) a chain can reach with a goose on
 * every point it jumps, and it holds for any placing of the geese. With
 * the diagonals the same count runs to tens of thousands, so the list
 * stops at FG_MAX_DIAG (see the rules page). */
enum { FG_MAX_SOLID = 8 + 346, FG_MAX_DIAG = 16384 };

/* What geese with no move do ([CHOICE] of the rules page). */
enum { FG_STUCK_LOSE, FG_STUCK_PASS };

typedef struct fg_jump {
	uint8_t over, to;
} fg_jump;

typedef struct fg_cfg {
	bg_board board;
	int ngeese;
	int fox_start;   /* a point, or -1: the fox is placed on ply 1 */
	bool backward;   /* geese step backward too */
	int stuck;       /* FG_STUCK_* */
	int reps;        /* occurrences of a position that draw: 2 or 3 */
	int max_plies;   /* 0: no limit */
	size_t max_moves;
	uint64_t start;  /* the geese's points */
	uint64_t fox_step[FG_NPOINTS];
	uint64_t goose_step[FG_NPOINTS];
	uint8_t njump[FG_NPOINTS];
	fg_jump jump[FG_NPOINTS][FG_MAXJUMPS]; /* by landing point */
	uint8_t over[FG_NPOINTS][FG_NPOINTS];  /* a jump's middle, or FG_NONE */
} fg_cfg;

typedef struct fg_state {
	uint64_t geese;
	uint8_t fox;  /* point, or FG_NONE before it is placed */
	uint8_t turn; /* GEESE or FOX */
	uint8_t pad[6];
} fg_state;

static const uint8_t fg_black[] = { C1, D1, E1, C2, D2, E2, A3, B3, C3, D3,
				    E3, F3, G3 };
static const uint8_t fg_white[] = { A4, B4, F4, G4 };

static uint64_t bit(int p)
{
	return (uint64_t)1 << p;
}

static int ctz(uint64_t x)
{
	return __builtin_ctzll(x);
}

/* ---- Configuration -------------------------------------------------------- */

enum { FG_OPT_FOX, FG_OPT_GEESE, FG_OPT_DIAG, FG_OPT_BACK, FG_OPT_STUCK,
       FG_OPT_REPS, FG_OPT_PLIES };

/* Steps and jumps from the lines: the fox along solid lines (and dashed
 * ones with the option), geese along solid lines only. */
static void fg_tables(fg_cfg *c, bool diagonals)
{
	bg_lineboard lb;

	bg_lineboard_build(&lb, &c->board);
	memset(c->over, FG_NONE, sizeof(c->over));
	for (int p = 0; p < FG_NPOINTS; p++) {
		for (int i = 0; i < lb.nstep[p]; i++) {
			const bg_link *l = &lb.step[p][i];
			bool solid = l->style == BG_LINE_SOLID;

			if (solid || diagonals)
				c->fox_step[p] |= bit(l->to);
			if (solid && (l->dy >= 0 || c->backward))
				c->goose_step[p] |= bit(l->to);
		}
		for (int q = 0; q < FG_NPOINTS; q++)
			for (int i = 0; i < lb.njump[p]; i++) {
				const bg_link *l = &lb.jump[p][i];

				if (l->to != q ||
				    (l->style != BG_LINE_SOLID && !diagonals))
					continue;
				c->jump[p][c->njump[p]].over = l->over;
				c->jump[p][c->njump[p]++].to = l->to;
				c->over[p][q] = l->over;
			}
	}
}

/* The point named by text ("d4"), or -1. */
static int fg_find(const char *text)
{
	for (int p = 0; p < FG_NPOINTS; p++)
		if (text[0] == 'a' + fg_xy[p][0] &&
		    text[1] == '1' + fg_xy[p][1] && !text[2])
			return p;
	return -1;
}

static int fg_configure(void *cfgp, const bg_optval *opts)
{
	fg_cfg *c = cfgp;
	const char *fox = opts[FG_OPT_FOX].text;

	memset(c, 0, sizeof(*c));
	bg_board_lines(&c->board, FG_WIDTH, FG_WIDTH, FG_NPOINTS, fg_xy,
		       fg_lines, sizeof(fg_lines) / sizeof(fg_lines[0]));
	for (size_t i = 0; i < sizeof(fg_black); i++)
		c->start |= bit(fg_black[i]);
	if (opts[FG_OPT_GEESE].i == 1)
		for (size_t i = 0; i < sizeof(fg_white); i++)
			c->start |= bit(fg_white[i]);
	c->ngeese = __builtin_popcountll(c->start);
	c->fox_start = -1;
	if (strcmp(fox, "any") != 0) {
		c->fox_start = fg_find(fox);
		if (c->fox_start < 0)
			return bg_seterr(BG_EOPTION,
					 "option 'fox': '%s' is not 'any' nor a point a1..g7 of the cross",
					 fox);
		if (c->start & bit(c->fox_start))
			return bg_seterr(BG_EOPTION,
					 "option 'fox': a goose stands on %s",
					 fox);
		c->board.marks[c->fox_start] = BG_MARK_HOME1;
	}
	for (uint64_t s = c->start; s; s &= s - 1)
		c->board.marks[ctz(s)] = BG_MARK_HOME0;
	c->backward = opts[FG_OPT_BACK].i != 0;
	c->stuck = (int)opts[FG_OPT_STUCK].i;
	c->reps = opts[FG_OPT_REPS].i == 0 ? 2 : 3;
	c->max_plies = (int)opts[FG_OPT_PLIES].i;
	c->max_moves = opts[FG_OPT_DIAG].i ? FG_MAX_DIAG : FG_MAX_SOLID;
	fg_tables(c, opts[FG_OPT_DIAG].i != 0);
	return BG_OK;
}

static size_t fg_state_size(const void *cfgp)
{
	(void)cfgp;
	return sizeof(fg_state);
}

static const bg_board *fg_board(const void *cfgp)
{
	return &((const fg_cfg *)cfgp)->board;
}

static void fg_init(const void *cfgp, void *stp)
{
	const fg_cfg *c = cfgp;
	fg_state *st = stp;

	memset(st, 0, sizeof(*st));
	st->geese = c->start;
	st->fox = c->fox_start < 0 ? FG_NONE : (uint8_t)c->fox_start;
	st->turn = c->fox_start < 0 ? FOX : GEESE;
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t fg_max_moves(const void *cfgp)
{
	return ((const fg_cfg *)cfgp)->max_moves;
}

static void fg_simple(bg_move *m, int kind, int from, int to)
{
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	m->npath = kind == BG_MOVE_PLACE ? 1 : 2;
	m->pts[0] = (uint16_t)from;
	m->pts[1] = (uint16_t)(kind == BG_MOVE_PLACE ? 0 : to);
}

/* The geese a capture path takes, or 0 when it is no capture chain from
 * the position (each hop over a goose still standing to an empty point). */
static uint64_t fg_path_takes(const fg_cfg *c, const fg_state *st,
			      const uint16_t *path, size_t npath)
{
	uint64_t geese = st->geese, taken = 0;

	if (npath < 2 || path[0] != st->fox)
		return 0;
	for (size_t i = 1; i < npath; i++) {
		int from = path[i - 1], to = path[i], over;

		if (to >= FG_NPOINTS || (over = c->over[from][to]) == FG_NONE ||
		    !(geese & bit(over)) || (geese & bit(to)))
			return 0;
		geese &= ~bit(over);
		taken |= bit(over);
	}
	return taken;
}

typedef struct fg_gen {
	const fg_cfg *c;
	const fg_state *st;
	bg_move *buf;
	size_t n, first; /* moves listed; the first capture */
	uint16_t path[BG_MOVE_MAX_POINTS];
} fg_gen;

/* Has a capture with the same landing point and geese taken been listed? */
static bool fg_listed(const fg_gen *g, int to, uint64_t taken, int npath)
{
	for (size_t i = g->first; i < g->n; i++) {
		const bg_move *m = &g->buf[i];

		if (m->npath == npath && m->pts[npath - 1] == to &&
		    fg_path_takes(g->c, g->st, m->pts, m->npath) == taken)
			return true;
	}
	return false;
}

/* Depth first: every chain is a move of its own; a chain that reaches a
 * listed result is not followed further (its continuations are listed). */
static void fg_chains(fg_gen *g, int at, uint64_t geese, int depth)
{
	const fg_cfg *c = g->c;

	for (int i = 0; i < c->njump[at]; i++) {
		const fg_jump *j = &c->jump[at][i];
		uint64_t left = geese & ~bit(j->over);
		bg_move *m;

		if (!(geese & bit(j->over)) || (geese & bit(j->to)) ||
		    g->n >= c->max_moves)
			continue;
		if (fg_listed(g, j->to, g->st->geese & ~left, depth + 2))
			continue;
		g->path[depth + 1] = j->to;
		m = &g->buf[g->n++];
		memset(m, 0, sizeof(*m));
		m->kind = BG_MOVE_CAPTURE;
		m->npath = (uint8_t)(depth + 2);
		memcpy(m->pts, g->path, (size_t)m->npath * sizeof(m->pts[0]));
		fg_chains(g, j->to, left, depth + 1);
	}
}

static size_t fg_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	fg_gen g = { .c = c, .st = st, .buf = buf };
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);

	if (st->turn == FOX && st->fox == FG_NONE) {
		for (uint64_t t = empty; t; t &= t - 1)
			fg_simple(&buf[g.n++], BG_MOVE_PLACE, ctz(t), 0);
		return g.n;
	}
	if (st->turn == FOX) {
		for (uint64_t t = c->fox_step[st->fox] & empty; t; t &= t - 1)
			fg_simple(&buf[g.n++], BG_MOVE_STEP, st->fox, ctz(t));
		g.first = g.n;
		g.path[0] = st->fox;
		fg_chains(&g, st->fox, st->geese, 0);
		return g.n;
	}
	empty &= ~bit(st->fox);
	for (uint64_t s = st->geese; s; s &= s - 1) {
		int from = ctz(s);

		for (uint64_t t = c->goose_step[from] & empty; t; t &= t - 1)
			fg_simple(&buf[g.n++], BG_MOVE_STEP, from, ctz(t));
	}
	if (g.n == 0) {
		/* Only under geese_stuck=pass: the game is over otherwise. */
		memset(buf, 0, sizeof(*buf));
		g.n = 1;
	}
	return g.n;
}

static bool fg_can_move(const fg_cfg *c, const fg_state *st)
{
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);

	if (st->turn == FOX) {
		if (st->fox == FG_NONE || (c->fox_step[st->fox] & empty))
			return true;
		for (int i = 0; i < c->njump[st->fox]; i++) {
			const fg_jump *j = &c->jump[st->fox][i];

			if ((st->geese & bit(j->over)) && (empty & bit(j->to)))
				return true;
		}
		return false;
	}
	empty &= ~bit(st->fox);
	for (uint64_t s = st->geese; s; s &= s - 1)
		if (c->goose_step[ctz(s)] & empty)
			return true;
	return false;
}

/* Another path for the same capture: a chain from the fox that takes the
 * same geese and ends on the same point. */
static bool fg_path_ok(const void *cfgp, const void *stp, const bg_move *m,
		       const uint16_t *path, size_t npath)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	uint64_t taken;

	if (m->kind != BG_MOVE_CAPTURE || st->turn != FOX)
		return false;
	taken = fg_path_takes(c, st, path, npath);
	return taken && path[npath - 1] == m->pts[m->npath - 1] &&
	       taken == fg_path_takes(c, st, m->pts, m->npath);
}

static int fg_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	const fg_cfg *c = cfgp;
	fg_state *st = stp;
	int flags = 0;

	(void)undo;
	switch (m->kind) {
	case BG_MOVE_PLACE:
		st->fox = (uint8_t)m->pts[0];
		flags = BG_APPLY_IRREVERSIBLE;
		break;
	case BG_MOVE_CAPTURE:
		for (int i = 1; i < m->npath; i++)
			st->geese &= ~bit(c->over[m->pts[i - 1]][m->pts[i]]);
		st->fox = (uint8_t)m->pts[m->npath - 1];
		flags = BG_APPLY_IRREVERSIBLE;
		break;
	case BG_MOVE_STEP:
		if (st->turn == FOX) {
			st->fox = (uint8_t)m->pts[1];
			break;
		}
		st->geese ^= bit(m->pts[0]) | bit(m->pts[1]);
		/* A goose that went forward cannot come back. */
		if (!c->backward && fg_xy[m->pts[1]][1] > fg_xy[m->pts[0]][1])
			flags = BG_APPLY_IRREVERSIBLE;
		break;
	default:
		break;
	}
	st->turn ^= 1;
	return flags;
}

static int fg_to_move(const void *cfgp, const void *stp)
{
	(void)cfgp;
	return ((const fg_state *)stp)->turn;
}

/* ---- Outcome -------------------------------------------------------------- */

static void fg_set(bg_result *out, int status, int winner, int reason)
{
	out->status = status;
	out->winner = winner;
	out->reason = reason;
}

static void fg_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;

	fg_set(out, BG_ONGOING, -1, BG_REASON_NONE);
	if (__builtin_popcountll(st->geese) < FG_GEESE_MIN)
		fg_set(out, BG_WIN, FOX, BG_REASON_PIECES);
	else if (!fg_can_move(c, st) &&
		 (st->turn == FOX || c->stuck == FG_STUCK_LOSE))
		fg_set(out, BG_WIN, !st->turn, BG_REASON_NO_MOVES);
	else if (ctx->reps >= (uint32_t)c->reps - 1)
		fg_set(out, BG_DRAW, -1, BG_REASON_REPETITION);
	else if (c->max_plies && ctx->ply >= (uint32_t)c->max_plies)
		fg_set(out, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
}

/* ---- Position ------------------------------------------------------------- */

static uint64_t fg_hash(const void *cfgp, const void *stp)
{
	const fg_state *st = stp;
	uint64_t h = st->turn ? bg_zobrist(2, 0) : 0;

	(void)cfgp;
	if (st->fox != FG_NONE)
		h ^= bg_zobrist(FOX, st->fox);
	for (uint64_t s = st->geese; s; s &= s - 1)
		h ^= bg_zobrist(GEESE, (uint32_t)ctz(s));
	return h;
}

static void fg_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const fg_state *st = stp;

	(void)cfgp;
	*seat = -1;
	*kind = BG_PIECE_NONE;
	if (p == st->fox) {
		*seat = FOX;
		*kind = BG_PIECE_KING;
	} else if (st->geese & bit(p)) {
		*seat = GEESE;
		*kind = BG_PIECE_MAN;
	}
}

/* Ranks 7 to 1, each its points from the left: g, f or '.'; then the side
 * to move, g or f. */
static void fg_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const fg_state *st = stp;

	(void)cfgp;
	for (int p = FG_NPOINTS - 1; p >= 0; p--) {
		/* Points of one rank are consecutive: find its first. */
		int first = p;

		while (first > 0 && fg_xy[first - 1][1] == fg_xy[p][1])
			first--;
		for (int q = first; q <= p; q++)
			bg_sb_putc(out, q == st->fox ? 'f' :
					(st->geese & bit(q)) ? 'g' : '.');
		bg_sb_putc(out, first ? '/' : ' ');
		p = first;
	}
	bg_sb_putc(out, st->turn == FOX ? 'f' : 'g');
}

static int fg_read_board(fg_state *tmp, const char **sp)
{
	const char *s = *sp;
	int foxes = 0;

	for (int p = FG_NPOINTS - 1; p >= 0; p--) {
		int first = p, rank = fg_xy[p][1] + 1;

		while (first > 0 && fg_xy[first - 1][1] == fg_xy[p][1])
			first--;
		for (int q = first; q <= p; q++, s++) {
			if (*s == 'f') {
				tmp->fox = (uint8_t)q;
				foxes++;
			} else if (*s == 'g') {
				tmp->geese |= bit(q);
			} else if (*s != '.') {
				return bg_seterr(BG_EFORMAT,
						 "rank %d: expected %d of . g f",
						 rank, p - first + 1);
			}
		}
		if (*s++ != (first ? '/' : ' '))
			return bg_seterr(BG_EFORMAT,
					 "rank %d: expected %d points then '%c'",
					 rank, p - first + 1, first ? '/' : ' ');
		p = first;
	}
	if (foxes > 1)
		return bg_seterr(BG_EFORMAT, "%d foxes on the board", foxes);
	*sp = s;
	return BG_OK;
}

static int fg_read_position(const void *cfgp, void *stp, const char *text)
{
	const fg_cfg *c = cfgp;
	fg_state tmp;
	const char *s = text;
	int geese;

	memset(&tmp, 0, sizeof(tmp));
	tmp.fox = FG_NONE;
	if (fg_read_board(&tmp, &s) != BG_OK)
		return BG_EFORMAT;
	if ((s[0] != 'g' && s[0] != 'f') || s[1])
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, g or f, after the board");
	tmp.turn = s[0] == 'f' ? FOX : GEESE;
	geese = __builtin_popcountll(tmp.geese);
	if (geese > c->ngeese)
		return bg_seterr(BG_EFORMAT, "%d geese, more than %d", geese,
				 c->ngeese);
	/* Without a fox the game is at its start: the fox to place it. */
	if (tmp.fox == FG_NONE &&
	    (c->fox_start >= 0 || tmp.turn != FOX || geese != c->ngeese))
		return bg_seterr(BG_EFORMAT,
				 "no fox: only before its placing, with the fox to move and %d geese",
				 c->ngeese);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const fg_aliases[] = { "lisa-gusi", NULL };

static const bg_optdef fg_options[] = {
	{ "fox", BG_OPT_TEXT, "any", "any|a point a1..g7 without a goose",
	  "the fox's start; any: the fox's side places it on ply 1" },
	{ "geese", BG_OPT_ENUM, "13", "13|17",
	  "13 geese on the black circles, or 17 with a4 b4 f4 g4" },
	{ "fox_diagonals", BG_OPT_BOOL, "0", "0|1",
	  "the fox also steps and jumps along the dashed diagonals" },
	{ "geese_backward", BG_OPT_BOOL, "0", "0|1",
	  "geese may also step backward" },
	{ "geese_stuck", BG_OPT_ENUM, "lose", "lose|pass",
	  "geese with no move lose, or pass" },
	{ "repetition", BG_OPT_ENUM, "3", "2|3",
	  "a position occurring this many times is a draw" },
	{ "max_plies", BG_OPT_INT, "0", "0..100000",
	  "the game is drawn at this ply; 0: no limit" },
};

const bg_rules bg_rules_fox_geese = {
	.name = "fox-geese",
	.aliases = fg_aliases,
	.title_en = "Fox and Geese",
	.title_ru = "Лиса и гуси",
	.seat_names = { "Geese", "Fox" },
	.options = fg_options,
	.noptions = sizeof(fg_options) / sizeof(fg_options[0]),
	.config_size = sizeof(fg_cfg),
	.configure = fg_configure,
	.state_size = fg_state_size,
	.board = fg_board,
	.init = fg_init,
	.max_moves = fg_max_moves,
	.legal = fg_legal,
	.path_ok = fg_path_ok,
	.apply = fg_apply,
	.to_move = fg_to_move,
	.outcome = fg_outcome,
	.hash = fg_hash,
	.piece = fg_piece,
	.write_position = fg_write_position,
	.read_position = fg_read_position,
};
