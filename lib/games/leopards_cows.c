/*
 * Leopards and Cows (Леопарды и коровы): two leopards hunt 24 cows that
 * enter the board one by one, on the 49-point board of Peralikatuma (or
 * the 33-point cross). Rules: doc/games/leopards-cows.md.
 *
 * Points are numbered rank by rank from the bottom; bitboards are 64-bit
 * words over those numbers.
 */
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "board/boards.h"
#include "board/lines.h"
#include "board/bits.h"

#include <assert.h>
#include <string.h>

/* The 49-point board on a 9x9 frame: the square c3..g7 and a triangle on
 * each side, every line usable. */
enum {
	C1, E1, G1,
	D2, E2, F2,
	A3, C3, D3, E3, F3, G3, I3,
	B4, C4, D4, E4, F4, G4, H4,
	A5, B5, C5, D5, E5, F5, G5, H5, I5,
	B6, C6, D6, E6, F6, G6, H6,
	A7, C7, D7, E7, F7, G7, I7,
	D8, E8, F8,
	C9, E9, G9,
	LP_NPOINTS
};

static const int8_t lp_xy[LP_NPOINTS][2] = {
	{ 2, 0 }, { 4, 0 }, { 6, 0 },
	{ 3, 1 }, { 4, 1 }, { 5, 1 },
	{ 0, 2 }, { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 2 }, { 8, 2 },
	{ 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 3 }, { 7, 3 },
	{ 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 6, 4 }, { 7, 4 }, { 8, 4 },
	{ 1, 5 }, { 2, 5 }, { 3, 5 }, { 4, 5 }, { 5, 5 }, { 6, 5 }, { 7, 5 },
	{ 0, 6 }, { 2, 6 }, { 3, 6 }, { 4, 6 }, { 5, 6 }, { 6, 6 }, { 8, 6 },
	{ 3, 7 }, { 4, 7 }, { 5, 7 },
	{ 2, 8 }, { 4, 8 }, { 6, 8 },
};

static const bg_line lp_lines[] = {
	{ BG_LINE_SOLID, 5, { C3, D3, E3, F3, G3 } },
	{ BG_LINE_SOLID, 5, { C4, D4, E4, F4, G4 } },
	{ BG_LINE_SOLID, 5, { C6, D6, E6, F6, G6 } },
	{ BG_LINE_SOLID, 5, { C7, D7, E7, F7, G7 } },
	{ BG_LINE_SOLID, 5, { C3, C4, C5, C6, C7 } },
	{ BG_LINE_SOLID, 5, { D3, D4, D5, D6, D7 } },
	{ BG_LINE_SOLID, 5, { F3, F4, F5, F6, F7 } },
	{ BG_LINE_SOLID, 5, { G3, G4, G5, G6, G7 } },
	{ BG_LINE_SOLID, 9, { A5, B5, C5, D5, E5, F5, G5, H5, I5 } },
	{ BG_LINE_SOLID, 9, { E1, E2, E3, E4, E5, E6, E7, E8, E9 } },
	{ BG_LINE_SOLID, 5, { C3, D4, E5, F6, G7 } },
	{ BG_LINE_SOLID, 5, { C7, D6, E5, F4, G3 } },
	{ BG_LINE_SOLID, 7, { A3, B4, C5, D6, E7, F8, G9 } },
	{ BG_LINE_SOLID, 7, { A7, B6, C5, D4, E3, F2, G1 } },
	{ BG_LINE_SOLID, 7, { C1, D2, E3, F4, G5, H6, I7 } },
	{ BG_LINE_SOLID, 7, { C9, D8, E7, F6, G5, H4, I3 } },
	{ BG_LINE_SOLID, 3, { D2, E2, F2 } },
	{ BG_LINE_SOLID, 3, { C1, E1, G1 } },
	{ BG_LINE_SOLID, 3, { D8, E8, F8 } },
	{ BG_LINE_SOLID, 3, { C9, E9, G9 } },
	{ BG_LINE_SOLID, 3, { B4, B5, B6 } },
	{ BG_LINE_SOLID, 3, { A3, A5, A7 } },
	{ BG_LINE_SOLID, 3, { H4, H5, H6 } },
	{ BG_LINE_SOLID, 3, { I3, I5, I7 } },
};

enum { LEOPARDS = 0, COWS = 1 };
enum { LC_MAXP = 64, LC_NOWHERE = 63 };
_Static_assert((int)LP_NPOINTS < (int)LC_NOWHERE &&
	       (int)BG_CROSS_NPOINTS < (int)LC_NOWHERE,
	       "LC_NOWHERE is a point of neither board");
enum { LC_NLEOPARDS = 2, LC_NCOWS = 24, LC_TAKEN_WIN = 8 };
_Static_assert(LC_NLEOPARDS == 2 && LC_NCOWS % 8 == 0,
	       "the draw takes the leopards as the lowest and highest bit, "
	       "the cows' counts eight bytes at a time");
/* Capture chains (multi_jump) can give thousands of different results:
 * random games list a few dozen, but one in three million reached 5,872
 * on the 49-point board (2,612 the most on the 33-point one). The list
 * has room for this many; a position with more is reported
 * (BG_LEGAL_OVERFLOW), not cut short. */
enum { LC_MAX_CHAINS = 16384 };

typedef struct lc_cfg {
	bg_board board;
	int npoints;
	bool multi;    /* capture chains */
	bool forced;   /* capture when one can */
	/* no_moves: what cows with no move do ([CHOICE] of the game
	 * page); leopards with no move lose. */
	bg_stdvals std;
	size_t max_moves;
	uint64_t all;  /* every point */
	uint64_t step[LC_MAXP];
	/* The neighbours of each point (bg_row_of, padded with
	 * LC_NOWHERE): the cows' steps as actions. */
	uint8_t near[LC_MAXP][8];
	uint32_t near_act[LC_MAXP][8]; /* their from-to actions */
	bg_jumps jumps;
	/* The Zobrist keys of the hash (lc_hash), by table for apply: a
	 * leopard or cow on each point, the cows entered, the cows to move. */
	uint64_t zpiece[2][LC_MAXP];
	uint64_t zplaced[LC_NCOWS + 1];
	uint64_t zturn;
	/* The set bits of each byte, lowest first, 3 bits each: the draw's
	 * pick of the n-th point of a set. */
	uint32_t nth[256];
	/* beyond[p][q]: where a leopard on p lands jumping its neighbour q,
	 * or LC_NOWHERE, a bit on neither board. */
	uint8_t beyond[LC_MAXP][LC_MAXP];
} lc_cfg;

typedef struct lc_state {
	uint64_t hash;  /* lc_hash, kept by apply */
	uint8_t turn;   /* LEOPARDS or COWS */
	uint8_t placed; /* cows that have entered, taken ones included */
	uint8_t taken;  /* cows taken, kept for the end's test */
	uint8_t pad[5];
	uint64_t leopards, cows;
} lc_state;
BG_CONFIG_BOARD(lc_cfg);
BG_STATE_HEAD(lc_state);

static uint64_t bit(int p)
{
	return (uint64_t)1 << p;
}

static int ctz(uint64_t x)
{
	return bg_ctz64(x);
}

static int popcount(uint64_t x)
{
	return bg_popcount64(x);
}

/* ---- Configuration -------------------------------------------------------- */

enum { LC_OPT_BOARD, LC_OPT_MULTI, LC_OPT_FORCED, LC_NOPTIONS };

static void lc_tables(lc_cfg *c)
{
	bg_lineboard lb;
	size_t edges = 0;

	bg_lineboard_build(&lb, &c->board);
	for (int p = 0; p < c->npoints; p++) {
		bool row;

		c->all |= bit(p);
		for (int i = 0; i < lb.nstep[p]; i++, edges++)
			c->step[p] |= bit(lb.step[p][i].to);
		row = bg_row_of(c->step[p], LC_NOWHERE, c->near[p], 8);
		assert(row);
		(void)row;
		for (int k = 0; k < 8; k++)
			c->near_act[p][k] = bg_action_pair(
				(uint32_t)c->npoints, p, c->near[p][k]);
	}
	bg_jumps_build(&c->jumps, &lb, true);
	for (int p = 0; p < c->npoints; p++) {
		c->zpiece[LEOPARDS][p] = bg_zobrist(LEOPARDS, (uint32_t)p);
		c->zpiece[COWS][p] = bg_zobrist(COWS, (uint32_t)p);
	}
	for (int k = 0; k <= LC_NCOWS; k++)
		c->zplaced[k] = bg_zobrist(3, (uint32_t)k);
	c->zturn = bg_zobrist(2, 0);
	memset(c->beyond, LC_NOWHERE, sizeof(c->beyond));
	for (int p = 0; p < c->npoints; p++)
		for (int i = 0; i < c->jumps.njump[p]; i++)
			c->beyond[p][c->jumps.jump[p][i].over] =
				c->jumps.jump[p][i].to;
	for (int x = 0; x < 256; x++)
		for (int b = 0, r = 0; b < 8; b++)
			if (x >> b & 1)
				c->nth[x] |= (uint32_t)b << 3 * r++;
	/* A cow's or leopard's steps are at most the directed edges, and so
	 * are the steps and single jumps of two leopards (a jump follows an
	 * edge from the leopard's point, as a step does: at most twice the
	 * degrees of two points); the placings at most the points. */
	c->max_moves = edges > (size_t)c->npoints ? edges : (size_t)c->npoints;
	if (c->multi)
		c->max_moves += LC_MAX_CHAINS;
}

static int lc_configure(void *cfgp, const bg_optval *opts)
{
	lc_cfg *c = cfgp;

	if (opts[LC_OPT_BOARD].i == 49) {
		c->npoints = LP_NPOINTS;
		bg_board_lines(&c->board, 9, 9, LP_NPOINTS, lp_xy, lp_lines,
			       sizeof(lp_lines) / sizeof(lp_lines[0]));
	} else {
		c->npoints = BG_CROSS_NPOINTS;
		bg_board_cross(&c->board);
	}
	lc_tables(c);
	return BG_OK;
}

/* The position key from scratch: Zobrist over the leopards, the cows, the
 * side to move and the cows entered. apply keeps it in the state. */
static uint64_t lc_hash(const lc_cfg *c, const lc_state *st)
{
	uint64_t h = c->zplaced[st->placed];

	if (st->turn)
		h ^= c->zturn;
	for (uint64_t s = st->leopards; s; s &= s - 1)
		h ^= c->zpiece[LEOPARDS][ctz(s)];
	for (uint64_t s = st->cows; s; s &= s - 1)
		h ^= c->zpiece[COWS][ctz(s)];
	return h;
}

static void lc_init(const void *cfgp, void *stp)
{
	lc_state *st = stp;

	memset(st, 0, sizeof(*st));
	st->hash = lc_hash(cfgp, st);
}

static size_t lc_max_moves(const void *cfgp)
{
	return ((const lc_cfg *)cfgp)->max_moves;
}

/* The work space: the results of the moves listed (bg_chains). */
static size_t lc_work_size(const void *cfgp)
{
	return lc_max_moves(cfgp) * sizeof(bg_reached);
}

/* ---- Moves ---------------------------------------------------------------- */

static void lc_simple(bg_move *m, int kind, int from, int to)
{
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	m->npath = kind == BG_MOVE_PLACE ? 1 : 2;
	m->pts[0] = (uint16_t)from;
	m->pts[1] = (uint16_t)(kind == BG_MOVE_PLACE ? 0 : to);
}

/* The cows a capture path takes, or 0 when it is no capture from the
 * position: each hop over a cow still standing to an empty point, a
 * single hop unless chains are allowed. */
static uint64_t lc_path_takes(const lc_cfg *c, const lc_state *st,
			      const uint16_t *path, size_t npath)
{
	if (npath < 2 || path[0] >= c->npoints ||
	    !(st->leopards & bit(path[0])) || (npath > 2 && !c->multi))
		return 0;
	return bg_jumps_path_takes(&c->jumps, c->npoints, st->cows,
				   st->leopards & ~bit(path[0]), path, npath);
}

static bool lc_leopard_can_capture(const lc_cfg *c, const lc_state *st)
{
	uint64_t occ = st->leopards | st->cows;

	for (uint64_t l = st->leopards; l; l &= l - 1)
		if (bg_jumps_any(&c->jumps, ctz(l), st->cows, occ))
			return true;
	return false;
}

/* Steps of each leopard, then its captures. */
static size_t lc_leopard_moves(const lc_cfg *c, const lc_state *st,
			       bg_move *buf)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);
	bool steps = !(c->forced && lc_leopard_can_capture(c, st));
	bg_chains g;

	bg_chains_init(&g, &c->jumps, buf, bg_work(c, sizeof(*c)), 0,
		       c->max_moves, c->multi, c->forced);
	for (uint64_t l = st->leopards; l; l &= l - 1) {
		int from = ctz(l);
		uint64_t to = steps ? c->step[from] & empty : 0;

		/* Chains of the first leopard can fill the room. */
		if (g.list.n + (size_t)popcount(to) > g.list.max)
			return BG_LEGAL_OVERFLOW;
		for (uint64_t t = to; t; t &= t - 1)
			lc_simple(&buf[g.list.n++], BG_MOVE_STEP, from, ctz(t));
		g.block = st->leopards & ~bit(from);
		bg_chains_list(&g, from, st->cows);
		if (g.list.overflow)
			return BG_LEGAL_OVERFLOW;
	}
	return g.list.n;
}

static bool lc_placing(const lc_state *st)
{
	/* Fewer than two leopards: at most one bit. */
	return st->turn == LEOPARDS ? !(st->leopards & (st->leopards - 1)) :
				      st->placed < LC_NCOWS;
}

/* lc_leopard_moves' moves as their actions, where a capture is one jump
 * (no multi_jump): a chain then is a jump over a cow to a point free of
 * cows and of the other leopard, in the table's order. */
static size_t lc_leopard_actions(const lc_cfg *c, const lc_state *st,
				 uint32_t *acts)
{
	uint64_t occ = st->leopards | st->cows, empty = c->all & ~occ;
	bool steps = !(c->forced && lc_leopard_can_capture(c, st));
	uint32_t n = (uint32_t)c->npoints, *a = acts;

	for (uint64_t l = st->leopards; l; l &= l - 1) {
		int from = ctz(l);
		uint32_t base = bg_action_pair(n, from, 0);
		const bg_jump *j = c->jumps.jump[from];

		for (uint64_t t = steps ? c->step[from] & empty : 0; t;
		     t &= t - 1)
			*a++ = base + (uint32_t)ctz(t);
		/* Each jump written, kept when it is one: no branch that
		 * guesses. (The count read once: the stores may alias
		 * it.) */
		for (int i = 0, nj = c->jumps.njump[from]; i < nj; i++) {
			*a = base + j[i].to;
			a += (st->cows >> j[i].over & 1) & !(occ >> j[i].to & 1);
		}
	}
	return (size_t)(a - acts);
}

/* The moves into buf, or with act their actions into acts; act is a
 * constant where this is inlined, so that each is its own loop. */
BG_ALWAYS_INLINE size_t lc_list(const lc_cfg *c, const lc_state *st,
				bg_move *buf, uint32_t *acts, bool act,
				bool wide)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);
	uint32_t np = (uint32_t)c->npoints;
	size_t n = 0;

	if (lc_placing(st)) {
		for (uint64_t t = empty; t; t &= t - 1, n++)
			if (act)
				acts[n] = (uint32_t)ctz(t);
			else
				lc_simple(&buf[n], BG_MOVE_PLACE, ctz(t), 0);
		return n;
	}
	if (st->turn == LEOPARDS)
		return act ? lc_leopard_actions(c, st, acts) :
			      lc_leopard_moves(c, st, buf);
	for (uint64_t s = st->cows; s; s &= s - 1) {
		int from = ctz(s);

		/* Every neighbour written, kept when it is empty, eight a
		 * cow: no loop whose end the processor must guess from the
		 * point (5 % more steps a second in a batch). The cows'
		 * steps are at most the directed edges, which max_moves
		 * holds, and less than all of them: a leopard stands on the
		 * board. */
#ifdef BG_AVX512
		if (wide) {
			n += bg_row_actions_wide(&acts[n], c->near_act[from],
						 8, c->step[from], empty);
			continue;
		}
#else
		(void)wide;
#endif
		if (act) {
			n += bg_row_actions(&acts[n], c->near_act[from],
					    c->near[from], 8, empty);
			continue;
		}
		for (uint64_t t = c->step[from] & empty; t; t &= t - 1, n++)
			lc_simple(&buf[n], BG_MOVE_STEP, from, ctz(t));
	}
	/* No move is a pass: only under no_moves=pass, the game is over
	 * otherwise. */
	if (n == 0 && act)
		acts[0] = bg_action_pass(np);
	else if (n == 0)
		memset(buf, 0, sizeof(*buf));
	return n ? n : 1;
}

static size_t lc_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	return lc_list(cfgp, stp, buf, NULL, false, false);
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t lc_actions_wide(const void *cfgp,
					     const void *stp, uint32_t *acts)
{
	return lc_list(cfgp, stp, NULL, acts, true, true);
}
#endif

static size_t lc_legal_actions(const void *cfgp, const void *stp,
			       uint32_t *acts)
{
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return lc_actions_wide(cfgp, stp, acts);
#endif
	return lc_list(cfgp, stp, NULL, acts, true, false);
}

/* A leopard's move that is no step is its one jump. */
static void lc_action_move(const void *cfgp, const void *stp,
			   uint32_t action, bg_move *m)
{
	const lc_cfg *c = cfgp;
	uint32_t n = (uint32_t)c->npoints;
	int from, to;

	if (action == bg_action_pass(n)) {
		memset(m, 0, sizeof(*m));
	} else if (action < n) {
		lc_simple(m, BG_MOVE_PLACE, (int)action, 0);
	} else {
		bg_action_ends(n, action, &from, &to);
		lc_simple(m, c->step[from] >> to & 1 ? BG_MOVE_STEP :
			  BG_MOVE_CAPTURE, from, to);
	}
}

static bool lc_can_move(const lc_cfg *c, const lc_state *st)
{
	uint64_t occ = st->leopards | st->cows, own;

	if (lc_placing(st))
		return true;
	own = st->turn == LEOPARDS ? st->leopards : st->cows;
	for (uint64_t s = own; s; s &= s - 1) {
		int p = ctz(s);

		if ((c->step[p] & ~occ) ||
		    (st->turn == LEOPARDS &&
		     bg_jumps_any(&c->jumps, p, st->cows, occ)))
			return true;
	}
	return false;
}

/* ---- The draw -------------------------------------------------------------- */

/* The point numbered r (from 0, lowest first) of the set x: the byte it
 * is in from the running counts of the bytes, then its bit by table. */
static int lc_nth_point(const lc_cfg *c, uint64_t x, unsigned r)
{
	const uint64_t ones = 0x0101010101010101ull;
	/* Byte i: the points in bytes 0 .. i (at most 64, below 128). */
	uint64_t upto = bg_byte_pops64(x) * ones;
	uint64_t past = ((upto | ones << 7) - (r + 1) * ones) & ones << 7;
	int at = ctz(past) - 7;
	unsigned before = (unsigned)(upto << 8 >> at & 0xff);

	return at + (int)(c->nth[x >> at & 0xff] >> 3 * (r - before) & 7);
}

/* Write the move of kind from `from` to the r-th point of `to`. */
static void lc_write_nth(const lc_cfg *c, bg_move *out, int kind, int from,
			 uint64_t to, unsigned r)
{
	lc_simple(out, kind, from, lc_nth_point(c, to, r));
}

/* The points the leopard on p can land on by a jump: a cow next to it
 * along a line, the point beyond empty. The list takes them in this
 * order (the jumps of a point go by landing point). */
static uint64_t lc_landings(const lc_cfg *c, int p, uint64_t cows,
			    uint64_t empty)
{
	uint64_t land = 0;

	for (uint64_t q = c->step[p] & cows; q; q &= q - 1)
		land |= bit(c->beyond[p][ctz(q)]);
	return land & empty;
}

/* True when a chain from the leopard on p can go on from a point of
 * `land`: the cow jumped gone, p left empty. */
static bool lc_chain_goes_on(const lc_cfg *c, const lc_state *st, int p,
			     uint64_t land)
{
	uint64_t other = st->leopards & ~bit(p);

	for (; land; land &= land - 1) {
		int to = ctz(land);
		uint64_t cows = st->cows & ~bit(c->jumps.over[p][to]);

		if (bg_jumps_any(&c->jumps, to, cows, cows | other))
			return true;
	}
	return false;
}

/* The leopards' move drawn as from the list: each leopard's steps, then
 * its captures, in point order. Chains longer than one jump are left to
 * the list. */
static bool lc_random_leopard(const lc_cfg *c, const lc_state *st,
			      uint64_t empty, uint64_t *rng, bg_move *out)
{
	int p[LC_NLEOPARDS] = { ctz(st->leopards), bg_high64(st->leopards) };
	uint64_t step[LC_NLEOPARDS], land[LC_NLEOPARDS];
	unsigned n = 0, r;

	for (int i = 0; i < LC_NLEOPARDS; i++) {
		step[i] = c->step[p[i]] & empty;
		land[i] = lc_landings(c, p[i], st->cows, empty);
		if (land[i] && c->multi &&
		    lc_chain_goes_on(c, st, p[i], land[i]))
			return false;
	}
	if (c->forced && (land[0] | land[1]))
		step[0] = step[1] = 0;
	for (int i = 0; i < LC_NLEOPARDS; i++)
		n += (unsigned)(popcount(step[i]) + popcount(land[i]));
	r = (unsigned)bg_rand_below(rng, n);
	for (int i = 0;; i++) {
		unsigned k = (unsigned)popcount(step[i]);

		if (r < k) {
			lc_write_nth(c, out, BG_MOVE_STEP, p[i], step[i], r);
			return true;
		}
		r -= k;
		k = (unsigned)popcount(land[i]);
		if (r < k) {
			lc_write_nth(c, out, BG_MOVE_CAPTURE, p[i], land[i], r);
			return true;
		}
		r -= k;
	}
}

/* The cows' step drawn as from the list: each cow's in point order. The
 * pass of cows with no step is left to the list. */
static bool lc_random_cow(const lc_cfg *c, const lc_state *st,
			  uint64_t empty, uint64_t *rng, bg_move *out)
{
	const uint64_t ones = 0x0101010101010101ull;
	/* The cows, and the steps before each one's in list order; past the
	 * last cow 0x7f, more than any step's number (at most 96). */
	uint8_t cow[LC_NCOWS], upto[LC_NCOWS];
	uint64_t word, past = 0;
	unsigned n = 0, r, i = 0, j;

	memset(upto, 0x7f, sizeof(upto));
	for (uint64_t s = st->cows; s; s &= s - 1) {
		int p = ctz(s);

		upto[i] = (uint8_t)n;
		cow[i++] = (uint8_t)p;
		n += (unsigned)popcount(c->step[p] & empty);
	}
	if (n == 0)
		return false;
	r = (unsigned)bg_rand_below(rng, n);
	/* The cow of the step drawn: the starts up to r, counted eight at a
	 * time (the high bit of a byte of 0x80 + start - (r + 1) is set
	 * when the start is past r), no branch on where the draw fell. */
	for (i = 0; i < LC_NCOWS; i += 8) {
		memcpy(&word, &upto[i], sizeof(word));
		past += ((word | ones << 7) - (r + 1) * ones) >> 7 & ones;
	}
	j = LC_NCOWS - 1 - (unsigned)(past * ones >> 56);
	lc_write_nth(c, out, BG_MOVE_STEP, cow[j], c->step[cow[j]] & empty,
		     r - upto[j]);
	return true;
}

/* The move the core would draw from the list with the same generator
 * state (bg_rand() % count, in list order), without writing the list. */
static bool lc_random_move(const void *cfgp, const void *stp, uint64_t *rng,
			   bg_move *out)
{
	const lc_cfg *c = cfgp;
	const lc_state *st = stp;
	uint64_t empty = c->all & ~(st->leopards | st->cows);

	if (lc_placing(st)) {
		unsigned r = (unsigned)bg_rand_below(
			rng, (unsigned)popcount(empty));

		lc_simple(out, BG_MOVE_PLACE, lc_nth_point(c, empty, r), 0);
		return true;
	}
	if (st->turn == LEOPARDS)
		return lc_random_leopard(c, st, empty, rng, out);
	return lc_random_cow(c, st, empty, rng, out);
}

/* Another path for the same chain: same leopard, same landing point, same
 * cows taken. */
static bool lc_path_ok(const void *cfgp, const void *stp, const bg_move *m,
		       const uint16_t *path, size_t npath)
{
	const lc_cfg *c = cfgp;
	const lc_state *st = stp;
	uint64_t taken;

	if (m->kind != BG_MOVE_CAPTURE || st->turn != LEOPARDS)
		return false;
	taken = lc_path_takes(c, st, path, npath);
	return taken && path[npath - 1] == m->pts[m->npath - 1] &&
	       taken == lc_path_takes(c, st, m->pts, m->npath);
}

/* The move made on the pieces and the key: a cow placed counts as
 * entered, the pieces a capture takes go with their keys. */
static int lc_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	const lc_cfg *c = cfgp;
	lc_state *st = stp;
	int turn = st->turn, from = m->pts[0];
	uint64_t *own = turn == LEOPARDS ? &st->leopards : &st->cows;
	const uint64_t *key = c->zpiece[turn];
	uint64_t h = st->hash ^ c->zturn, taken;
	int flags = BG_APPLY_IRREVERSIBLE, to;

	(void)undo;
	switch (m->kind) {
	case BG_MOVE_PLACE:
		*own |= bit(from);
		h ^= key[from];
		if (turn == COWS) {
			h ^= c->zplaced[st->placed] ^ c->zplaced[st->placed + 1];
			st->placed++;
		}
		break;
	case BG_MOVE_CAPTURE:
		taken = bg_jumps_taken(&c->jumps, m->pts, m->npath);
		st->cows &= ~taken;
		for (; taken; taken &= taken - 1) {
			h ^= c->zpiece[COWS][ctz(taken)];
			st->taken++;
		}
		/* A chain may end where it began: the keys cancel. */
		to = m->pts[m->npath - 1];
		*own &= ~bit(from);
		*own |= bit(to);
		h ^= key[from] ^ key[to];
		break;
	case BG_MOVE_STEP:
		to = m->pts[1];
		*own ^= bit(from) | bit(to);
		h ^= key[from] ^ key[to];
		flags = 0;
		break;
	default:
		flags = 0;
		break;
	}
	st->hash = h;
	st->turn ^= 1;
	return flags;
}

/* ---- Outcome -------------------------------------------------------------- */

static void lc_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const lc_cfg *c = cfgp;
	const lc_state *st = stp;

	(void)ctx;
	if (st->taken >= LC_TAKEN_WIN)
		bg_result_set(out, BG_WIN, LEOPARDS, BG_REASON_PIECES);
	else if (!lc_can_move(c, st) &&
		 (st->turn == LEOPARDS || c->std.no_moves == BG_NO_MOVES_LOSE))
		bg_result_set(out, BG_WIN, !st->turn, BG_REASON_NO_MOVES);
}

/* ---- Evaluation ----------------------------------------------------------- */

/* A leopard with fewer points than LC_ROOM to walk to counts as hemmed in,
 * one with fewer moves than LC_MOVES as nearly stuck; cows within LC_NEAR
 * steps of a leopard press on it. */
enum { LC_ROOM = 14, LC_MOVES = 4, LC_NEAR = 4 };

/* The cows a leopard could jump from a point of `from` to one of `land`. */
static uint64_t lc_jumpable(const lc_cfg *c, uint64_t cows, uint64_t from,
			    uint64_t land)
{
	uint64_t over = 0;

	for (uint64_t t = from; t; t &= t - 1) {
		int p = ctz(t);

		for (int i = 0; i < c->jumps.njump[p]; i++) {
			const bg_jump *j = &c->jumps.jump[p][i];

			if ((cows & bit(j->over)) && (land & bit(j->to)))
				over |= bit(j->over);
		}
	}
	return over;
}

/* Cows a leopard could jump from some point without a cow: open to a
 * capture wherever the leopards go. */
static int lc_open_cows(const lc_cfg *c, const lc_state *st)
{
	uint64_t cowless = c->all & ~st->cows;

	return popcount(lc_jumpable(c, st->cows, cowless, cowless));
}

/* The cows the leopards on `from` can jump now. */
static uint64_t lc_jumpable_now(const lc_cfg *c, const lc_state *st,
				uint64_t from)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);

	return lc_jumpable(c, st->cows, from, empty);
}

/* The points the leopard on p can walk to, p not counted; the cows and the
 * other leopard block. */
static int lc_room(const lc_cfg *c, const lc_state *st, int p)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);

	return bg_popcount64(bg_flood64(c->step, bit(p), empty)) - 1;
}

/* The leopard's moves now, steps and jumps. */
static int lc_moves(const lc_cfg *c, const lc_state *st, int p)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);

	return popcount(c->step[p] & empty) +
	       popcount(lc_jumpable_now(c, st, bit(p)));
}

/* The cows near the leopard on p, pieces not blocking the count: one at d
 * steps counts LC_NEAR + 1 - d. A wall is built from cows at hand, and
 * they are what closes the last points of a side triangle. */
static int lc_near_cows(const lc_cfg *c, const lc_state *st, int p)
{
	uint64_t seen = bit(p), ring = seen;
	int near = 0;

	for (int d = 1; d <= LC_NEAR; d++) {
		ring = bg_neighbours64(c->step, ring) & ~seen;
		seen |= ring;
		near += (LC_NEAR + 1 - d) * popcount(ring & st->cows);
	}
	return near;
}

/*
 * The leopards' lead as the position stands, 0 at the start. For them:
 * 11/8 for each cow taken (8 win), 1.7/8 for each cow open to a jump, and
 * with the leopards to move 3/8 for each cow they can jump now (a random
 * leopard takes it only sometimes). Against them, for each leopard:
 * 8 x (14 - room) / 14 while it has fewer than 14 points to walk to (a
 * capture may still free it); 1 for each move it has short of 4, as the
 * last steps of a trap change the room little; 1/8 for each unit of
 * lc_near_cows(). A cow taken outweighs a point of room, so that the cows
 * do not pay cows for a wall.
 */
static double lc_lead(const lc_cfg *c, const lc_state *st)
{
	int taken = st->taken;
	double lead = (11.0 * taken + 1.7 * lc_open_cows(c, st)) / LC_TAKEN_WIN;

	if (popcount(st->leopards) < LC_NLEOPARDS)
		return lead;
	if (st->turn == LEOPARDS)
		lead += 3.0 * popcount(lc_jumpable_now(c, st, st->leopards)) /
			LC_TAKEN_WIN;
	for (uint64_t l = st->leopards; l; l &= l - 1) {
		int p = ctz(l), room = lc_room(c, st, p);
		int moves = lc_moves(c, st, p);

		if (room < LC_ROOM)
			lead -= 8.0 * (LC_ROOM - room) / LC_ROOM;
		if (moves < LC_MOVES)
			lead -= LC_MOVES - moves;
		lead -= (double)lc_near_cows(c, st, p) / LC_TAKEN_WIN;
	}
	return lead;
}

/* The empty points a leopard can walk to in at most LC_NEAR steps. */
static uint64_t lc_nearby(const lc_cfg *c, const lc_state *st)
{
	uint64_t empty = c->all & ~(st->leopards | st->cows);
	uint64_t seen = st->leopards, ring = seen;

	for (int d = 1; d <= LC_NEAR && ring; d++) {
		ring = bg_neighbours64(c->step, ring) & empty & ~seen;
		seen |= ring;
	}
	return seen & empty;
}

/*
 * The lead, but with the cows to move (all entered) the best for them of
 * the position and of their steps into the room near a leopard. The search
 * reaches few plies and ends on a random one; a cow that steps into a
 * trap's mouth leaves a gap behind it that the next cow closes, and
 * without this the gap would count as open.
 */
static double lc_evaluate(const void *cfgp, const void *stp, int ply)
{
	const lc_cfg *c = cfgp;
	const lc_state *st = stp;
	double lead = lc_lead(c, st);

	(void)ply;
	if (st->turn == COWS && st->placed == LC_NCOWS) {
		uint64_t to = lc_nearby(c, st);

		for (uint64_t s = st->cows; s; s &= s - 1) {
			int from = ctz(s);

			for (uint64_t t = c->step[from] & to; t; t &= t - 1) {
				lc_state next = *st;
				double v;

				next.cows ^= bit(from) | bit(ctz(t));
				next.turn = LEOPARDS;
				v = lc_lead(c, &next);
				if (v < lead)
					lead = v;
			}
		}
	}
	return bg_eval_squash(lead);
}

/* ---- Position ------------------------------------------------------------- */

static void lc_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const lc_state *st = stp;

	(void)cfgp;
	*seat = -1;
	*kind = BG_PIECE_NONE;
	if (st->leopards & bit(p)) {
		*seat = LEOPARDS;
		*kind = BG_PIECE_KING;
	} else if (st->cows & bit(p)) {
		*seat = COWS;
		*kind = BG_PIECE_MAN;
	}
}

static void lc_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const lc_state *st = stp;
	uint64_t men[2] = { 0 }, kings[2] = { 0 };

	(void)cfgp;
	kings[LEOPARDS] = st->leopards;
	men[COWS] = st->cows;
	bg_board_pieces_four(set, words, men[0], kings[0], men[1], kings[1]);
}

/* Ranks from the top, each its points from the left: l, c or '.'; then the
 * side to move, l or c, and the cows still to enter. */
static void lc_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const lc_cfg *c = cfgp;
	const lc_state *st = stp;
	char cells[LC_MAXP];

	for (int p = 0; p < c->npoints; p++)
		cells[p] = (st->leopards & bit(p)) ? 'l' :
			   (st->cows & bit(p)) ? 'c' : '.';
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_printf(out, " %c %d", st->turn == LEOPARDS ? 'l' : 'c',
		     LC_NCOWS - st->placed);
}

static int lc_read_board(const lc_cfg *c, lc_state *tmp, const char **sp)
{
	char cells[LC_MAXP];

	if (bg_board_read_ranks(&c->board, sp, ".lc", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < c->npoints; p++) {
		if (cells[p] == 'l')
			tmp->leopards |= bit(p);
		else if (cells[p] == 'c')
			tmp->cows |= bit(p);
	}
	return BG_OK;
}

/* The placing order is fixed: leopard, cow, leopard, cow, then a cow after
 * each leopard move. */
static int lc_check_phase(const lc_state *st)
{
	int leopards = popcount(st->leopards), cows = popcount(st->cows);

	if (leopards > LC_NLEOPARDS)
		return bg_seterr(BG_EFORMAT, "%d leopards", leopards);
	if (cows > st->placed)
		return bg_seterr(BG_EFORMAT, "%d cows on the board, %d entered",
				 cows, st->placed);
	if (leopards < LC_NLEOPARDS && cows != st->placed)
		return bg_seterr(BG_EFORMAT,
				 "a cow taken before both leopards are placed");
	if ((leopards == 0 && !(st->placed == 0 && st->turn == LEOPARDS)) ||
	    (leopards == 1 && st->placed != (st->turn == LEOPARDS)) ||
	    (leopards == 2 && st->placed < 1) ||
	    (leopards == 2 && st->placed == 1 && st->turn != COWS))
		return bg_seterr(BG_EFORMAT,
				 "%d leopards and %d cows entered do not fit the placing order",
				 leopards, st->placed);
	return BG_OK;
}

static int lc_read_position(const void *cfgp, void *stp, const char *text)
{
	const lc_cfg *c = cfgp;
	lc_state tmp;
	const char *s = text;
	int hand = 0, digits = 0;

	memset(&tmp, 0, sizeof(tmp));
	if (lc_read_board(c, &tmp, &s) != BG_OK)
		return BG_EFORMAT;
	if ((s[0] != 'l' && s[0] != 'c') || s[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, l or c, after the board");
	tmp.turn = s[0] == 'l' ? LEOPARDS : COWS;
	for (s += 2; *s >= '0' && *s <= '9' && digits < 3; s++, digits++)
		hand = hand * 10 + (*s - '0');
	if (!digits || *s || hand > LC_NCOWS)
		return bg_seterr(BG_EFORMAT,
				 "expected the cows to enter, 0..%d, after the side to move",
				 LC_NCOWS);
	tmp.placed = (uint8_t)(LC_NCOWS - hand);
	if (lc_check_phase(&tmp) != BG_OK)
		return BG_EFORMAT;
	tmp.taken = (uint8_t)(tmp.placed - popcount(tmp.cows));
	tmp.hash = lc_hash(c, &tmp);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const lc_aliases[] = { "leopardy-korovy", NULL };

static const bg_optdef lc_options[] = {
	{ "board", BG_OPT_INT, "49", "49|33",
	  "the 49-point Peralikatuma board or the 33-point cross",
	  BG_OPT_DERIVED },
	{ "multi_jump", BG_OPT_BOOL, "0", "0|1",
	  "a leopard may go on jumping after a capture",
	  BG_OPT_FIELD(lc_cfg, multi) },
	{ "forced_capture", BG_OPT_BOOL, "0", "0|1",
	  "a leopard that can capture must (and go on while it can)",
	  BG_OPT_FIELD(lc_cfg, forced) },
};
_Static_assert(sizeof(lc_options) / sizeof(lc_options[0]) == LC_NOPTIONS,
	       "the standard option values follow the own ones");

/* Old spellings, read until 2.0. */
static const bg_optalias lc_opt_aliases[] = {
	{ "cows_stuck", "no_moves" },
	{ NULL, NULL },
};

/* Learning: with multi_jump, chains between the same points differ in
 * the cows they take. */
static void lc_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = { "cows to enter" };
	const lc_cfg *c = cfgp;

	out->pairs = 1;
	out->ranks = c->multi ? 16 : 1;
	out->direct = c->multi ? 0 : BG_DIRECT_ALWAYS;
	out->nplanes = 1;
	out->counters = 1;
	out->plane_names = names;
}

static void lc_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const lc_state *st = stp;

	(void)cfgp;
	(void)seat;
	v[0] = LC_NCOWS - st->placed;
}

const bg_rules bg_rules_leopards_cows = {
	.name = "leopards-cows",
	.aliases = lc_aliases,
	.title_en = "Leopards and Cows",
	.title_ru = "Леопарды и коровы",
	.seat_names = { "Leopards", "Cows" },
	.options = lc_options,
	.noptions = sizeof(lc_options) / sizeof(lc_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "lose", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(lc_cfg, std),
	.option_aliases = lc_opt_aliases,
	.config_size = sizeof(lc_cfg),
	.state_bytes = sizeof(lc_state),
	.head = true,
	.configure = lc_configure,
	.init = lc_init,
	.work_size = lc_work_size,
	.max_moves = lc_max_moves,
	.legal = lc_legal,
	.random_move = lc_random_move,
	.path_ok = lc_path_ok,
	.apply = lc_apply,
	.outcome = lc_outcome,
	.evaluate = lc_evaluate,
	.piece = lc_piece,
	.pieces = lc_pieces,
	.write_position = lc_write_position,
	.read_position = lc_read_position,
	.learn = lc_learn,
	.legal_actions = lc_legal_actions,
	.action_move = lc_action_move,
	.counters = lc_counters,
};
