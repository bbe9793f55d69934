/*
 * Fox and Geese (Лиса и гуси): a fox against 13 (or 17) geese on the
 * 33-point cross with solid orthogonal and dashed diagonal lines. Rules:
 * doc/games/fox-geese.md.
 *
 * Points are numbered rank by rank from c1; bitboards are 64-bit words over
 * those numbers.
 */
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "board/boards.h"
#include "board/lines.h"
#include "board/bits.h"

#include <assert.h>
#include <string.h>

enum { GEESE = 0, FOX = 1 };
enum { FG_NPOINTS = BG_CROSS_NPOINTS, FG_NONE = 0xff };
/* A bit of no point: never an empty one. */
enum { FG_NOWHERE = 63 };
/* The fox wins when fewer geese than this are left. */
enum { FG_GEESE_MIN = 9 };
/* Fox moves from one point: at most 8 steps, and at most 346 different
 * results of capture chains along the solid lines; that bound counts
 * every (landing point, geese taken) a chain can reach with a goose on
 * every point it jumps, and it holds for any placing of the geese. With
 * the diagonals the same count runs to tens of thousands, so FG_MAX_DIAG
 * is only the list's room (doc/games/fox-geese.md): a position with more moves
 * (none is known; real games list a few dozen) is reported
 * (BG_LEGAL_OVERFLOW), not cut short. */
enum { FG_MAX_SOLID = 8 + 346, FG_MAX_DIAG = 16384 };
/* Learning: the rank of a from-to action tells apart the fox's chains
 * that share their ends (fg_learn). */
enum { FG_RANKS = 16 };

/* The geese's steps of one length along the point numbers: a rank ahead
 * (or behind) is 3, 5 or 7 points on, by rank; one length at most for
 * each pair of the 7 ranks. */
enum { FG_NSHIFTS = 6 };
typedef struct fg_shift {
	int delta;     /* to - from, > 1 */
	uint64_t from; /* the points with that step */
} fg_shift;

/* The geese's steps by direction, for the draw: a goose has at most one
 * step of each, and in point order they come behind, left, right, ahead.
 * ahead_to and behind_to hold each point's target (0 when none). */
typedef struct fg_steps {
	uint64_t left, right; /* the points with a step to p - 1, p + 1 */
	fg_shift ahead[FG_NSHIFTS], behind[FG_NSHIFTS];
	int nahead, nbehind;
	uint8_t ahead_to[FG_NPOINTS], behind_to[FG_NPOINTS];
} fg_steps;

typedef struct fg_cfg {
	bg_board board;
	int ngeese;
	int fox_start;   /* a point, or -1: the fox is placed on ply 1 */
	bool backward;   /* geese step backward too */
	bool must;       /* the fox captures when it can, to the chain's end */
	/* no_moves: what geese with no move do ([CHOICE] of the game
	 * page); a fox with no move loses. */
	bg_stdvals std;
	size_t max_moves;
	uint64_t start;  /* the geese's points */
	uint64_t fox_step[FG_NPOINTS];
	uint64_t goose_step[FG_NPOINTS];
	/* goose_step as rows (bg_row_of), padded with FG_NOWHERE: a goose
	 * has at most four steps, along the solid lines. */
	uint8_t goose_row[FG_NPOINTS][4];
	uint32_t goose_act[FG_NPOINTS][4]; /* their actions (fg_action) */
	fg_steps geese_by_dir;
	bg_jumps jumps;
	/* The Zobrist keys of the hash: a goose, the fox on each point;
	 * the fox to move. */
	uint64_t zgoose[FG_NPOINTS], zfox[FG_NPOINTS], zturn;
} fg_cfg;

typedef struct fg_state {
	uint64_t hash; /* kept by apply */
	uint8_t turn;  /* GEESE or FOX */
	uint8_t fox;   /* point, or FG_NONE before it is placed */
	uint8_t pad[6];
	uint64_t geese;
} fg_state;
BG_STATE_HEAD(fg_state);
BG_CONFIG_BOARD(fg_cfg);

#define X(n) BG_CROSS_##n
static const uint8_t fg_black[] = { X(C1), X(D1), X(E1), X(C2), X(D2), X(E2),
				    X(A3), X(B3), X(C3), X(D3), X(E3), X(F3),
				    X(G3) };
static const uint8_t fg_white[] = { X(A4), X(B4), X(F4), X(G4) };
#undef X

static uint64_t bit(int p)
{
	return (uint64_t)1 << p;
}

static int ctz(uint64_t x)
{
	return bg_ctz64(x);
}

static uint32_t fg_action(int from, int to)
{
	return bg_action_make(1, FG_RANKS, bg_action_pair(FG_NPOINTS, from, to),
			      0, 0);
}

/* ---- Configuration -------------------------------------------------------- */

enum { FG_OPT_FOX, FG_OPT_GEESE, FG_OPT_DIAG, FG_OPT_BACK, FG_OPT_MUST,
       FG_NOPTIONS };

/* Add `from` to the group of steps of length delta. */
static void fg_shift_add(fg_shift *group, int *n, int delta, int from)
{
	int i = 0;

	while (i < *n && group[i].delta != delta)
		i++;
	if (i == *n) {
		assert(i < FG_NSHIFTS);
		group[i].delta = delta;
		(*n)++;
	}
	group[i].from |= bit(from);
}

/* The geese's steps sorted by direction (fg_steps). */
static void fg_steps_build(fg_steps *d, const uint64_t *goose_step)
{
	for (int p = 0; p < FG_NPOINTS; p++) {
		for (uint64_t t = goose_step[p]; t; t &= t - 1) {
			int to = ctz(t);

			if (to == p - 1) {
				d->left |= bit(p);
			} else if (to == p + 1) {
				d->right |= bit(p);
			} else if (to > p) {
				d->ahead_to[p] = (uint8_t)to;
				fg_shift_add(d->ahead, &d->nahead, to - p, p);
			} else {
				d->behind_to[p] = (uint8_t)to;
				fg_shift_add(d->behind, &d->nbehind, p - to, p);
			}
		}
	}
}

/* Steps and jumps from the lines: the fox along solid lines (and dashed
 * ones with the option), geese along solid lines only. */
static void fg_tables(fg_cfg *c, bool diagonals)
{
	bg_lineboard lb;

	bg_lineboard_build(&lb, &c->board);
	for (int p = 0; p < FG_NPOINTS; p++) {
		for (int i = 0; i < lb.nstep[p]; i++) {
			const bg_link *l = &lb.step[p][i];
			bool solid = l->style == BG_LINE_SOLID;

			if (solid || diagonals)
				c->fox_step[p] |= bit(l->to);
			if (solid && (l->dy >= 0 || c->backward))
				c->goose_step[p] |= bit(l->to);
		}
	}
	for (int p = 0; p < FG_NPOINTS; p++) {
		bool row = bg_row_of(c->goose_step[p], FG_NOWHERE,
				     c->goose_row[p], 4);

		assert(row);
		(void)row;
		for (int k = 0; k < 4; k++)
			c->goose_act[p][k] = fg_action(p, c->goose_row[p][k]);
	}
	fg_steps_build(&c->geese_by_dir, c->goose_step);
	bg_jumps_build(&c->jumps, &lb, diagonals);
}

/* The point named by text ("d4"), or -1. */
static int fg_find(const char *text)
{
	for (int p = 0; p < FG_NPOINTS; p++)
		if (text[0] == 'a' + bg_cross_xy[p][0] &&
		    text[1] == '1' + bg_cross_xy[p][1] && !text[2])
			return p;
	return -1;
}

static int fg_configure(void *cfgp, const bg_optval *opts)
{
	fg_cfg *c = cfgp;
	const char *fox = opts[FG_OPT_FOX].text;

	bg_board_cross(&c->board);
	for (size_t i = 0; i < sizeof(fg_black); i++)
		c->start |= bit(fg_black[i]);
	if (opts[FG_OPT_GEESE].i == 17)
		for (size_t i = 0; i < sizeof(fg_white); i++)
			c->start |= bit(fg_white[i]);
	c->ngeese = bg_popcount64(c->start);
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
	c->max_moves = opts[FG_OPT_DIAG].i ? FG_MAX_DIAG : FG_MAX_SOLID;
	for (int p = 0; p < FG_NPOINTS; p++) {
		c->zgoose[p] = bg_zobrist(GEESE, (uint32_t)p);
		c->zfox[p] = bg_zobrist(FOX, (uint32_t)p);
	}
	c->zturn = bg_zobrist(2, 0);
	fg_tables(c, opts[FG_OPT_DIAG].i != 0);
	return BG_OK;
}

/* The position key from scratch (apply keeps it as moves go). */
static uint64_t fg_hash_of(const fg_cfg *c, const fg_state *st)
{
	uint64_t h = st->turn ? c->zturn : 0;

	if (st->fox != FG_NONE)
		h ^= c->zfox[st->fox];
	for (uint64_t s = st->geese; s; s &= s - 1)
		h ^= c->zgoose[ctz(s)];
	return h;
}

static void fg_init(const void *cfgp, void *stp)
{
	const fg_cfg *c = cfgp;
	fg_state *st = stp;

	memset(st, 0, sizeof(*st));
	st->geese = c->start;
	st->fox = c->fox_start < 0 ? FG_NONE : (uint8_t)c->fox_start;
	st->turn = c->fox_start < 0 ? FOX : GEESE;
	st->hash = fg_hash_of(c, st);
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t fg_max_moves(const void *cfgp)
{
	return ((const fg_cfg *)cfgp)->max_moves;
}

/* The work space: the results of the moves listed (bg_chains). */
static size_t fg_work_size(const void *cfgp)
{
	return fg_max_moves(cfgp) * sizeof(bg_reached);
}

static bg_reached *fg_keys(const fg_cfg *c)
{
	return bg_work(c, sizeof(*c));
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
	if (npath < 2 || path[0] != st->fox)
		return 0;
	return bg_jumps_path_takes(&c->jumps, FG_NPOINTS, st->geese, 0, path,
				   npath);
}

static size_t fg_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);
	size_t n = 0;

	if (st->turn == FOX && st->fox == FG_NONE) {
		for (uint64_t t = empty; t; t &= t - 1)
			fg_simple(&buf[n++], BG_MOVE_PLACE, ctz(t), 0);
		return n;
	}
	if (st->turn == FOX) {
		bg_chains g;

		if (c->must) {
			/* Whole chains only; steps when there is none. */
			bg_chains_init(&g, &c->jumps, buf, fg_keys(c), 0,
				       c->max_moves, true, true);
			bg_chains_list(&g, st->fox, st->geese);
			if (g.list.overflow)
				return BG_LEGAL_OVERFLOW;
			if (g.list.n)
				return g.list.n;
		}
		for (uint64_t t = c->fox_step[st->fox] & empty; t; t &= t - 1)
			fg_simple(&buf[n++], BG_MOVE_STEP, st->fox, ctz(t));
		bg_chains_init(&g, &c->jumps, buf, fg_keys(c), n, c->max_moves,
			       true, false);
		bg_chains_list(&g, st->fox, st->geese);
		return g.list.overflow ? BG_LEGAL_OVERFLOW : g.list.n;
	}
	empty &= ~bit(st->fox);
	for (uint64_t s = st->geese; s; s &= s - 1) {
		int from = ctz(s);

		for (uint64_t t = c->goose_step[from] & empty; t; t &= t - 1)
			fg_simple(&buf[n++], BG_MOVE_STEP, from, ctz(t));
	}
	if (n == 0) {
		/* Only under no_moves=pass: the game is over otherwise. */
		memset(buf, 0, sizeof(*buf));
		n = 1;
	}
	return n;
}

/* The learning action of a placement on p or of a move from -> to. */
static uint32_t fg_place_action(int p)
{
	return bg_action_make(1, FG_RANKS, (uint32_t)p, 0, 0);
}

/* The actions of fg_legal's moves, in its order, where no move is a
 * capture chain (which may share its ends with another); a fox that can
 * jump is left to the list. */
BG_ALWAYS_INLINE size_t fg_actions(const void *cfgp, const void *stp,
				   uint32_t *acts, bool wide)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);
	size_t n = 0;

	if (st->turn == FOX && st->fox == FG_NONE) {
		for (uint64_t t = empty; t; t &= t - 1)
			acts[n++] = fg_place_action(ctz(t));
		return n;
	}
	if (st->turn == FOX) {
		if (bg_jumps_any(&c->jumps, st->fox, st->geese, st->geese))
			return BG_ACTIONS_LISTED;
		for (uint64_t t = c->fox_step[st->fox] & empty; t; t &= t - 1)
			acts[n++] = fg_action(st->fox, ctz(t));
		return n;
	}
	empty &= ~bit(st->fox);
	/* Every step written, kept when it is empty, four a goose
	 * (bg_row_actions): at most four a goose are kept, and the list's
	 * room holds more than one beyond them (FG_MAX_SOLID and
	 * FG_MAX_DIAG count more). */
	for (uint64_t s = st->geese; s; s &= s - 1) {
		int from = ctz(s);

#ifdef BG_AVX512
		if (wide) {
			n += bg_row_actions_wide(&acts[n], c->goose_act[from],
						 4, c->goose_step[from],
						 empty);
			continue;
		}
#else
		(void)wide;
#endif
		n += bg_row_actions(&acts[n], c->goose_act[from],
				    c->goose_row[from], 4, empty);
	}
	if (n == 0)
		acts[n++] = bg_action_make(1, FG_RANKS,
					   bg_action_pass(FG_NPOINTS), 0, 0);
	return n;
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t fg_actions_wide(const void *cfgp,
					     const void *stp, uint32_t *acts)
{
	return fg_actions(cfgp, stp, acts, true);
}
#endif

static size_t fg_legal_actions(const void *cfgp, const void *stp,
			       uint32_t *acts)
{
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return fg_actions_wide(cfgp, stp, acts);
#endif
	return fg_actions(cfgp, stp, acts, false);
}

static void fg_action_move(const void *cfgp, const void *stp,
			   uint32_t action, bg_move *m)
{
	uint32_t base = action / FG_RANKS;
	int from, to;

	(void)cfgp;
	(void)stp;
	if (base == bg_action_pass(FG_NPOINTS)) {
		memset(m, 0, sizeof(*m));
	} else if (base < FG_NPOINTS) {
		fg_simple(m, BG_MOVE_PLACE, (int)base, 0);
	} else {
		bg_action_ends(FG_NPOINTS, base, &from, &to);
		fg_simple(m, BG_MOVE_STEP, from, to);
	}
}

static bool fg_can_move(const fg_cfg *c, const fg_state *st)
{
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);

	if (st->turn == FOX) {
		return st->fox == FG_NONE || (c->fox_step[st->fox] & empty) ||
		       bg_jumps_any(&c->jumps, st->fox, st->geese, st->geese);
	}
	empty &= ~bit(st->fox);
	for (uint64_t s = st->geese; s; s &= s - 1)
		if (c->goose_step[ctz(s)] & empty)
			return true;
	return false;
}

/* The point of the k-th set bit of s (k below its count). */
static int fg_nth(uint64_t s, uint32_t k)
{
	while (k--)
		s &= s - 1;
	return ctz(s);
}

/* The fox's jumps from its point as a mask of their indices in the jump
 * table (the list's order); *deep when some jump could go on, which makes
 * chains the list must sort out. */
static uint32_t fg_fox_jumps(const fg_cfg *c, const fg_state *st,
			     bool *deep)
{
	const bg_jumps *jt = &c->jumps;
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);
	uint32_t mask = 0;

	*deep = false;
	for (int i = 0; i < jt->njump[st->fox]; i++) {
		const bg_jump *j = &jt->jump[st->fox][i];
		uint64_t prey = st->geese & ~bit(j->over);

		if (!((st->geese >> j->over) & 1) || !((empty >> j->to) & 1))
			continue;
		mask |= 1u << i;
		/* The fox's own point is empty during the chain. */
		*deep = *deep || bg_jumps_any(jt, j->to, prey, prey);
	}
	return mask;
}

/* The fox's move as the list has it: its steps in point order (none when
 * it must capture and can), then its jumps in table order, each a whole
 * chain when none can go on; false for chains, which the list draws. */
static bool fg_random_fox(const fg_cfg *c, const fg_state *st, uint64_t *rng,
			  bg_move *out)
{
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);
	uint64_t steps = c->fox_step[st->fox] & empty;
	bool deep;
	uint32_t jumps = fg_fox_jumps(c, st, &deep), nsteps, n, r;
	const bg_jump *j;

	if (deep)
		return false;
	if (c->must && jumps)
		steps = 0;
	nsteps = (uint32_t)bg_popcount64(steps);
	n = nsteps + (uint32_t)bg_popcount32(jumps);
	/* A step or a jump a line at most, and 8 lines at most: the draw
	 * bg_rand(rng) % n, as the core's from the list, by table. */
	assert(n >= 1 && n <= 8);
	r = bg_rand_below8(rng, n);
	if (r < nsteps) {
		fg_simple(out, BG_MOVE_STEP, st->fox, fg_nth(steps, r));
		return true;
	}
	j = &c->jumps.jump[st->fox][fg_nth(jumps, r - nsteps)];
	fg_simple(out, BG_MOVE_CAPTURE, st->fox, j->to);
	return true;
}

/* The geese that can step each way: behind, left, right, ahead. */
typedef struct fg_dirs {
	uint64_t behind, left, right, ahead;
} fg_dirs;

static void fg_geese_dirs(const fg_cfg *c, const fg_state *st, fg_dirs *m)
{
	const fg_steps *d = &c->geese_by_dir;
	uint64_t g = st->geese;
	uint64_t empty = ~g & ~bit(st->fox) & (bit(FG_NPOINTS) - 1);

	m->left = g & d->left & empty << 1;
	m->right = g & d->right & empty >> 1;
	m->ahead = m->behind = 0;
	for (int i = 0; i < d->nahead; i++)
		m->ahead |= g & d->ahead[i].from & empty >> d->ahead[i].delta;
	for (int i = 0; i < d->nbehind; i++)
		m->behind |= g & d->behind[i].from & empty << d->behind[i].delta;
}

/* The first byte of x above r, for x's bytes rising, all below 128, and
 * its top byte above r: each byte 0x80 + r - x keeps its top bit when
 * x <= r. */
static int fg_byte_above(uint64_t x, uint32_t r)
{
	const uint64_t top = 0x8080808080808080ull;
	uint64_t upto = ((r * 0x0101010101010101ull | top) - x) & top;

	return ctz(~upto & top) >> 3;
}

/* The geese's step as the list has it: geese in point order, each one's
 * targets in point order (behind, left, right, ahead); false for the pass.
 * The steps are counted a byte of points at a time; the draw walks the
 * geese of its byte only. */
static bool fg_random_geese(const fg_cfg *c, const fg_state *st,
			    uint64_t *rng, bg_move *out)
{
	const fg_steps *d = &c->geese_by_dir;
	fg_dirs m;
	uint64_t upto, s;
	uint32_t n, r, k;
	int byte, from;

	fg_geese_dirs(c, st, &m);
	/* Byte i: the steps of the geese on points below 8 (i + 1), at most
	 * 4 a goose, 68 in all. */
	upto = (bg_byte_pops64(m.behind) + bg_byte_pops64(m.left) +
		bg_byte_pops64(m.right) + bg_byte_pops64(m.ahead)) *
	       0x0101010101010101ull;
	n = (uint32_t)(upto >> 56);
	if (n == 0)
		return false;
	r = (uint32_t)bg_rand_below(rng, n);
	byte = fg_byte_above(upto, r);
	r -= (uint32_t)(upto << 8 >> 8 * byte & 0xff);
	s = m.behind | m.left | m.right | m.ahead;
	for (s = s >> 8 * byte << 8 * byte;; s &= s - 1) {
		from = ctz(s);
		k = (uint32_t)((m.behind >> from & 1) + (m.left >> from & 1) +
			       (m.right >> from & 1) + (m.ahead >> from & 1));
		if (r < k)
			break;
		r -= k;
	}
	/* The r-th of the goose's steps, in point order. */
	if (m.behind >> from & 1 && r-- == 0)
		fg_simple(out, BG_MOVE_STEP, from, d->behind_to[from]);
	else if (m.left >> from & 1 && r-- == 0)
		fg_simple(out, BG_MOVE_STEP, from, from - 1);
	else if (m.right >> from & 1 && r-- == 0)
		fg_simple(out, BG_MOVE_STEP, from, from + 1);
	else
		fg_simple(out, BG_MOVE_STEP, from, d->ahead_to[from]);
	return true;
}

/* The move the core would draw from the list with the same generator
 * state (bg_rand() % count, list order), without writing the list. */
static bool fg_random_move(const void *cfgp, const void *stp, uint64_t *rng,
			   bg_move *out)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);

	if (st->turn == GEESE)
		return fg_random_geese(c, st, rng, out);
	if (st->fox != FG_NONE)
		return fg_random_fox(c, st, rng, out);
	fg_simple(out, BG_MOVE_PLACE,
		  fg_nth(empty, (uint32_t)bg_rand_below(
					 rng, (uint64_t)bg_popcount64(empty))),
		  0);
	return true;
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
	uint64_t taken;
	int flags = 0;

	(void)undo;
	st->hash ^= c->zturn;
	switch (m->kind) {
	case BG_MOVE_PLACE:
		st->fox = (uint8_t)m->pts[0];
		st->hash ^= c->zfox[st->fox];
		flags = BG_APPLY_IRREVERSIBLE;
		break;
	case BG_MOVE_CAPTURE:
		taken = bg_jumps_taken(&c->jumps, m->pts, m->npath);
		st->geese &= ~taken;
		for (; taken; taken &= taken - 1)
			st->hash ^= c->zgoose[ctz(taken)];
		st->hash ^= c->zfox[st->fox];
		st->fox = (uint8_t)m->pts[m->npath - 1];
		st->hash ^= c->zfox[st->fox];
		flags = BG_APPLY_IRREVERSIBLE;
		break;
	case BG_MOVE_STEP:
		if (st->turn == FOX) {
			st->hash ^= c->zfox[st->fox] ^ c->zfox[m->pts[1]];
			st->fox = (uint8_t)m->pts[1];
			break;
		}
		st->geese ^= bit(m->pts[0]) | bit(m->pts[1]);
		st->hash ^= c->zgoose[m->pts[0]] ^ c->zgoose[m->pts[1]];
		/* A goose that went forward cannot come back. */
		if (!c->backward && bg_cross_xy[m->pts[1]][1] > bg_cross_xy[m->pts[0]][1])
			flags = BG_APPLY_IRREVERSIBLE;
		break;
	default:
		break;
	}
	st->turn ^= 1;
	return flags;
}

/* ---- Outcome -------------------------------------------------------------- */

static void fg_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;

	(void)ctx;
	if (bg_popcount64(st->geese) < FG_GEESE_MIN)
		bg_result_set(out, BG_WIN, FOX, BG_REASON_PIECES);
	else if (!fg_can_move(c, st) &&
		 (st->turn == FOX || c->std.no_moves == BG_NO_MOVES_LOSE))
		bg_result_set(out, BG_WIN, !st->turn, BG_REASON_NO_MOVES);
}

/* ---- Evaluation ----------------------------------------------------------- */

/* The points the fox can walk to, its own included: the room the geese
 * have to close. */
static int fg_room(const fg_cfg *c, const fg_state *st)
{
	uint64_t empty = ~st->geese & (bit(FG_NPOINTS) - 1);

	return bg_popcount64(bg_flood64(c->fox_step, bit(st->fox), empty));
}

/* Geese on a higher rank than the fox: without backward steps they can no
 * longer close in on it from below. */
static int fg_geese_above(const fg_cfg *c, const fg_state *st)
{
	int y = bg_cross_xy[st->fox][1], n = 0;

	if (c->backward)
		return 0;
	for (uint64_t s = st->geese; s; s &= s - 1)
		n += bg_cross_xy[ctz(s)][1] > y;
	return n;
}

/*
 * The geese's lead, 0 at the start: geese taken against the number the
 * fox needs; the fox's room shrinking from the points empty at the start,
 * steeply once it is small (a trapped fox has a room of 1); geese left
 * above the fox. Random playouts soon spoil a goose formation, so the
 * weights favour what lasts through them.
 */
static double fg_evaluate(const void *cfgp, const void *stp, int ply)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	double need = c->ngeese - FG_GEESE_MIN + 1;
	double open = FG_NPOINTS - c->ngeese;
	double taken = c->ngeese - bg_popcount64(st->geese);
	double room, lead;

	(void)ply;
	if (st->fox == FG_NONE)
		return 0.5;
	room = fg_room(c, st);
	lead = -1.5 * taken / need + (open - room) / open +
	       0.5 * (open / room - 1) -
	       (double)fg_geese_above(c, st) / c->ngeese;
	return bg_eval_squash(lead);
}

/* ---- Position ------------------------------------------------------------- */

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

static void fg_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const fg_state *st = stp;
	uint64_t men[2] = { 0 }, kings[2] = { 0 };

	(void)cfgp;
	if (st->fox != FG_NONE)
		kings[FOX] = bit(st->fox);
	men[GEESE] = st->geese;
	bg_board_pieces_four(set, words, men[0], kings[0], men[1], kings[1]);
}

/* Ranks 7 to 1, each its points from the left: g, f or '.'; then the side
 * to move, g or f. */
static void fg_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const fg_cfg *c = cfgp;
	const fg_state *st = stp;
	char cells[FG_NPOINTS];

	for (int p = 0; p < FG_NPOINTS; p++)
		cells[p] = p == st->fox ? 'f' : (st->geese & bit(p)) ? 'g' : '.';
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_putc(out, ' ');
	bg_sb_putc(out, st->turn == FOX ? 'f' : 'g');
}

static int fg_read_board(const fg_cfg *c, fg_state *tmp, const char **sp)
{
	char cells[FG_NPOINTS];
	int foxes = 0;

	if (bg_board_read_ranks(&c->board, sp, ".gf", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < FG_NPOINTS; p++) {
		if (cells[p] == 'f') {
			tmp->fox = (uint8_t)p;
			foxes++;
		} else if (cells[p] == 'g') {
			tmp->geese |= bit(p);
		}
	}
	if (foxes > 1)
		return bg_seterr(BG_EFORMAT, "%d foxes on the board", foxes);
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
	if (fg_read_board(c, &tmp, &s) != BG_OK)
		return BG_EFORMAT;
	if ((s[0] != 'g' && s[0] != 'f') || s[1])
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, g or f, after the board");
	tmp.turn = s[0] == 'f' ? FOX : GEESE;
	geese = bg_popcount64(tmp.geese);
	if (geese > c->ngeese)
		return bg_seterr(BG_EFORMAT, "%d geese, more than %d", geese,
				 c->ngeese);
	/* Without a fox the game is at its start: the fox to place it. */
	if (tmp.fox == FG_NONE &&
	    (c->fox_start >= 0 || tmp.turn != FOX || geese != c->ngeese))
		return bg_seterr(BG_EFORMAT,
				 "no fox: only before its placing, with the fox to move and %d geese",
				 c->ngeese);
	tmp.hash = fg_hash_of(c, &tmp);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const fg_aliases[] = { "lisa-gusi", NULL };

static const bg_optdef fg_options[] = {
	{ "fox", BG_OPT_TEXT, "any", "any|a point a1..g7 without a goose",
	  "the fox's start; any: the fox's side places it on ply 1",
	  BG_OPT_DERIVED },
	{ "geese", BG_OPT_INT, "13", "13|17",
	  "13 geese on the black circles, or 17 with a4 b4 f4 g4",
	  BG_OPT_DERIVED },
	{ "fox_diagonals", BG_OPT_BOOL, "0", "0|1",
	  "the fox also steps and jumps along the dashed diagonals",
	  BG_OPT_DERIVED },
	{ "geese_backward", BG_OPT_BOOL, "0", "0|1",
	  "geese may also step backward",
	  BG_OPT_FIELD(fg_cfg, backward) },
	{ "fox_must_capture", BG_OPT_BOOL, "0", "0|1",
	  "as in draughts: the fox must capture when it can, and jump on to "
	  "the end of the chain",
	  BG_OPT_FIELD(fg_cfg, must) },
};
_Static_assert(sizeof(fg_options) / sizeof(fg_options[0]) == FG_NOPTIONS,
	       "the standard option values follow the own ones");

/* Old spellings, read until 2.0. */
static const bg_optalias fg_opt_aliases[] = {
	{ "geese_stuck", "no_moves" },
	{ NULL, NULL },
};

/* Learning: the fox's chains between the same points differ in the geese
 * they take. A batch makes the actions of the positions without chains
 * itself. */
static void fg_learn(const void *cfgp, bg_learn_info *out)
{
	(void)cfgp;
	out->pairs = 1;
	out->ranks = FG_RANKS;
	out->direct = BG_DIRECT_OR_LIST;
}

const bg_rules bg_rules_fox_geese = {
	.name = "fox-geese",
	.aliases = fg_aliases,
	.title_en = "Fox and Geese",
	.title_ru = "Лиса и гуси",
	.seat_names = { "Geese", "Fox" },
	.options = fg_options,
	.noptions = sizeof(fg_options) / sizeof(fg_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "lose", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(fg_cfg, std),
	.option_aliases = fg_opt_aliases,
	.config_size = sizeof(fg_cfg),
	.state_bytes = sizeof(fg_state),
	.head = true,
	.configure = fg_configure,
	.init = fg_init,
	.work_size = fg_work_size,
	.max_moves = fg_max_moves,
	.legal = fg_legal,
	.random_move = fg_random_move,
	.path_ok = fg_path_ok,
	.apply = fg_apply,
	.outcome = fg_outcome,
	.evaluate = fg_evaluate,
	.piece = fg_piece,
	.pieces = fg_pieces,
	.write_position = fg_write_position,
	.read_position = fg_read_position,
	.learn = fg_learn,
	.legal_actions = fg_legal_actions,
	.action_move = fg_action_move,
};
