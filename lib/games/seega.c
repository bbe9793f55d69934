/*
 * Seega (Сиджа), the brochure version: drop two pieces a turn anywhere but
 * the centre, then step in any of 8 directions, taking enemy pieces by
 * custodian capture; more captures wins. Rules: doc/games/seega.md.
 *
 * Cells are p = y * 5 + x on the 5 x 5 board; the centre c3 is 12.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/grid.h"
#include "board/bits.h"
#include "board/board.h"

#include <assert.h>
#include <string.h>

#define SG_N 5
#define SG_CELLS 25
#define SG_ALL ((1u << SG_CELLS) - 1)
#define SG_CENTRE 12
#define SG_FILE_A 0x108421u /* the cells of file a */
#define SG_PIECES 12 /* per side */
/* The lines N, E, NE, NW (and back) by their step up the cell numbers,
 * constants so that the shifts along them are; and the cells one step up
 * from which stays on the board. */
enum { SG_UP_N = SG_N, SG_UP_E = 1, SG_UP_NE = SG_N + 1, SG_UP_NW = SG_N - 1 };
#define SG_UP1_N (SG_ALL >> SG_N)
#define SG_UP1_E (SG_ALL & ~(SG_FILE_A << (SG_N - 1)))
#define SG_UP1_NE (SG_UP1_N & SG_UP1_E)
#define SG_UP1_NW (SG_UP1_N & ~SG_FILE_A)
/* The window of a cell p: the 3 x 3 cells around it, bit 6 + q - p for
 * cell q, that is ((cells << 6) >> p) masked to p's neighbours. A window
 * of neighbours times SG_WIN_MAGIC has a different top SG_WIN_BITS bits
 * for each of the 256 (a constant found by search; sg_configure asserts
 * it). */
#define SG_WIN_CENTRE 6
#define SG_WIN_MAGIC 0x84804000u
#define SG_WIN_BITS 9
/* The 5 x 5 window of a cell p: bit 12 + q - p for cell q. Its cells two
 * steps away along a line, and a constant whose product with a set of
 * them has a different top byte for each of the 256 (found by search). */
#define SG_WIN2_CENTRE 12
#define SG_BEYOND 0x1504415u
#define SG_BEYOND_MAGIC 0x08008440u
/* Placing: every pair of the 24 cells around the centre. */
#define SG_MAXMOVES (24 * 23 / 2)

enum { SG_OPT_FIRST, SG_OPT_SAFE, SG_OPT_CLOCK, SG_OPT_FREE_PASS, SG_NOPTIONS };

typedef struct sg_cfg {
	bg_board board;
	int first;       /* the seat that makes the first step */
	uint32_t prey;   /* the cells whose pieces can be taken (centre_safe) */
	int no_capture;  /* plies without capture that end the game; 0: off */
	uint32_t clock_end; /* the clock that ends it: no_capture, or never */
	bool free_pass;  /* the right to pass never lapses */
	bg_stdvals std;
	int8_t nb[SG_CELLS][8];  /* neighbour in a direction of grid.h, or -1 */
	uint32_t nbm[SG_CELLS];  /* the neighbours, as a set */
	/* The cells next to a cell with a cell beyond them on the board:
	 * custodian capture in all eight directions. */
	uint32_t flank[SG_CELLS];
	/* The keys of sg_hash: pieces, pieces in hand, side to move, passes
	 * just made (none: 0; two end the game, so never more), the sides
	 * moving as usual. */
	uint64_t z[2][SG_CELLS], zhand[2][SG_PIECES + 1], zturn, zpass[3];
	uint64_t zusual;
	/* A step's change of the key but for the pieces: the passes just
	 * made to none (zpass[0] is 0), the turn. */
	uint64_t zstep[3];
	/* The steps of a piece, by the empty cells around it (sg_window):
	 * their number in bits 0..3, then the window bit of each target in
	 * direction order, 4 bits each. */
	uint64_t steps[1u << SG_WIN_BITS];
	uint32_t nbw[SG_CELLS];  /* the neighbours in the window of a cell */
	/* By a set of the cells two steps away in the 5 x 5 window (by
	 * SG_BEYOND_MAGIC), the cells halfway in the 3 x 3 window. */
	uint16_t halve[256];
} sg_cfg;

typedef struct sg_state {
	uint64_t hash;          /* sg_hash, kept by sg_apply */
	uint8_t turn;
	uint8_t passes;         /* consecutive passes just made */
	/* A pass was answered by a side that could not capture: no pass by
	 * choice until a side to move can capture. */
	uint8_t usual;
	uint8_t hand[2];
	uint8_t pad[3];
	uint32_t clock;         /* stepping plies since the last capture */
	uint32_t occ[2];
} sg_state;
BG_CONFIG_BOARD(sg_cfg);
BG_STATE_HEAD(sg_state);

static uint32_t bit(int p)
{
	return 1u << p;
}

/* The window of `cells` around p (neighbours only), given cells << 6. */
static uint32_t sg_window(const sg_cfg *c, uint64_t cells6, int p)
{
	return (uint32_t)(cells6 >> p) & c->nbw[p];
}

/* The entry of c->steps for a window of neighbours. */
static uint32_t sg_win_index(uint32_t w)
{
	return (w * SG_WIN_MAGIC) >> (32 - SG_WIN_BITS);
}

/* The bits of a and b, sets of at most 100 cells in all: one tail for
 * both. */
static int popcount2(uint64_t a, uint64_t b)
{
	const uint64_t m1 = 0x5555555555555555u, m2 = 0x3333333333333333u;
	const uint64_t m4 = 0x0f0f0f0f0f0f0f0fu;

	a -= (a >> 1) & m1;
	b -= (b >> 1) & m1;
	a = (a & m2) + ((a >> 2) & m2) + (b & m2) + ((b >> 2) & m2);
	a = (a & m4) + ((a >> 4) & m4);
	return (int)((a * 0x0101010101010101u) >> 56);
}

/* ---- Configuration -------------------------------------------------------- */

/* c->nbw, c->steps and c->halve, from c->nb: every set of empty
 * neighbours of an inner cell, in direction order, and of own pieces two
 * steps away. */
static void sg_steps_table(sg_cfg *c)
{
	for (int p = 0; p < SG_CELLS; p++)
		c->nbw[p] = (uint32_t)(((uint64_t)c->nbm[p] << SG_WIN_CENTRE) >>
				       p);
	for (uint32_t dirs = 0; dirs < 256; dirs++) {
		uint64_t e = 0;
		uint32_t w1 = 0, w2 = 0, k = 0;

		for (int d = 0; d < 8; d++) {
			int step = c->nb[SG_CENTRE][d] - SG_CENTRE;

			if (!(dirs >> d & 1))
				continue;
			w1 |= bit(SG_WIN_CENTRE + step);
			w2 |= bit(SG_WIN2_CENTRE + 2 * step);
			e |= (uint64_t)(SG_WIN_CENTRE + step) << (4 + 4 * k++);
		}
		assert(!c->steps[sg_win_index(w1)] || !dirs);
		c->steps[sg_win_index(w1)] = e | k;
		assert(!c->halve[(w2 * SG_BEYOND_MAGIC) >> 24] || !dirs);
		c->halve[(w2 * SG_BEYOND_MAGIC) >> 24] = (uint16_t)w1;
	}
}

static int sg_configure(void *cfgp, const bg_optval *opts)
{
	sg_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, SG_N, SG_N);
	c->board.marks[SG_CENTRE] = BG_MARK_SPECIAL;
	c->prey = opts[SG_OPT_SAFE].i ? SG_ALL & ~bit(SG_CENTRE) : SG_ALL;
	c->clock_end = c->no_capture > 0 ? (uint32_t)c->no_capture : UINT32_MAX;
	for (int seat = 0; seat < 2; seat++) {
		for (int p = 0; p < SG_CELLS; p++)
			c->z[seat][p] = bg_zobrist((uint32_t)seat, (uint32_t)p);
		for (int k = 0; k <= SG_PIECES; k++)
			c->zhand[seat][k] = bg_zobrist(3 + (uint32_t)seat,
						       (uint32_t)k);
	}
	c->zturn = bg_zobrist(2, 0);
	c->zusual = bg_zobrist(6, 0);
	for (int k = 1; k <= 2; k++)
		c->zpass[k] = bg_zobrist(5, (uint32_t)k);
	for (int k = 0; k <= 2; k++)
		c->zstep[k] = c->zpass[k] ^ c->zturn;
	for (int p = 0; p < SG_CELLS; p++)
		for (int d = 0; d < 8; d++) {
			int q = bg_grid_step(SG_N, SG_N, p, d);

			c->nb[p][d] = (int8_t)q;
			if (q < 0)
				continue;
			c->nbm[p] |= bit(q);
			if (bg_grid_step(SG_N, SG_N, q, d) >= 0)
				c->flank[p] |= bit(q);
		}
	sg_steps_table(c);
	return BG_OK;
}

/* The key: pieces, side to move, pieces in hand, whether the last ply
 * was a pass and whether the sides move as usual (both forbid a pass
 * now); not the capture clock. */
static uint64_t sg_key(const sg_cfg *c, const sg_state *s)
{
	uint64_t h = (s->turn ? c->zturn : 0) ^ c->zpass[s->passes] ^
		     (s->usual ? c->zusual : 0);

	for (int seat = 0; seat < 2; seat++) {
		h ^= c->zhand[seat][s->hand[seat]];
		for (uint32_t o = s->occ[seat]; o; o &= o - 1)
			h ^= c->z[seat][bg_ctz32(o)];
	}
	return h;
}

static void sg_init(const void *cfgp, void *stp)
{
	sg_state *s = stp;

	memset(s, 0, sizeof(*s));
	s->hand[0] = s->hand[1] = SG_PIECES;
	s->hash = sg_key(cfgp, s);
}

static size_t sg_max_moves(const void *cfgp)
{
	(void)cfgp;
	/* Stepping: 12 pieces x 8 directions + pass = 97, fewer. */
	return SG_MAXMOVES;
}

/* 0 empty, else the seat of the piece on p plus 1. */
static int sg_cell(const sg_state *s, int p)
{
	return (int)((s->occ[0] >> p & 1) | (s->occ[1] >> p & 1) << 1);
}

static bool sg_placing(const sg_state *s)
{
	return s->hand[0] || s->hand[1];
}

/* ---- Moves ---------------------------------------------------------------- */

/* The pieces of the side to move's opponent that can be taken. */
static uint32_t sg_prey(const sg_cfg *c, const sg_state *s)
{
	return s->occ[!s->turn] & c->prey;
}

/* The pieces of prey a piece arriving on `to` takes against own (the
 * mover's piece has left its cell, next to `to`, so never the one
 * beyond): custodian, each enemy next to `to` with an own piece beyond.
 * The own pieces two steps from `to` in the 5 x 5 window around it give
 * the cells halfway (c->halve); those off the lines of `to` fall out
 * with c->flank. */
static uint32_t sg_captures(const sg_cfg *c, int to, uint32_t own,
			    uint32_t prey)
{
	uint32_t beyond = (uint32_t)(((uint64_t)own << SG_WIN2_CENTRE) >> to) &
			  SG_BEYOND;
	uint64_t between = c->halve[(beyond * SG_BEYOND_MAGIC) >> 24];

	return (uint32_t)((between << to) >> SG_WIN_CENTRE) & c->flank[to] &
	       prey;
}

/* The empty cells next to a piece of own: where its steps go. */
static uint32_t sg_reach(uint32_t own, uint32_t empty)
{
	uint32_t row = own | (own & ~(SG_FILE_A << (SG_N - 1))) << 1 |
		       (own & ~SG_FILE_A) >> 1;

	return (row | row << SG_N | row >> SG_N) & empty;
}

/* The cells on one line (step k) with a cell of `reach` one step away and
 * an own piece one step the other way; the caller keeps to the cells
 * with both steps on the board. */
static uint32_t sg_line_flanked(int k, uint32_t reach, uint32_t own)
{
	return ((reach << 2 * k & own) | (own << 2 * k & reach)) >> k;
}

/* Would any step of the side to move take something? A piece of prey
 * with a cell the side can step to on one side and its own piece on the
 * other, along a line (the stepping piece is next to that cell, so never
 * the one beyond the prey). Inline: sg_random_move asks on every ply. */
BG_ALWAYS_INLINE bool sg_can_take(uint32_t own, uint32_t prey, uint32_t empty)
{
	/* Files b, c and d: the cells with both neighbours on the board
	 * along every line but N-S (whose steps off the board shift out). */
	const uint32_t inner = SG_FILE_A * 0xeu;
	uint32_t reach = sg_reach(own, empty);

	return (prey & sg_line_flanked(SG_UP_N, reach, own)) |
	       (prey & inner & (sg_line_flanked(SG_UP_E, reach, own) |
				sg_line_flanked(SG_UP_NE, reach, own) |
				sg_line_flanked(SG_UP_NW, reach, own)));
}

/* Out of line: only sg_random_move, on every ply, wants it inline. */
BG_NOINLINE
static bool sg_any_capture(const sg_cfg *c, const sg_state *s)
{
	return sg_can_take(s->occ[s->turn], sg_prey(c, s),
			   ~(s->occ[0] | s->occ[1]) & SG_ALL);
}

static bg_move *sg_put(bg_move *m, int kind, int a, int b)
{
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	if (kind != BG_MOVE_PASS) {
		m->npath = 2;
		m->pts[0] = (uint16_t)a;
		m->pts[1] = (uint16_t)b;
	}
	return m + 1;
}

static size_t sg_placement(const sg_state *s, bg_move *buf)
{
	uint32_t empty = ~(s->occ[0] | s->occ[1]) & SG_ALL & ~bit(SG_CENTRE);
	bg_move *m = buf;

	for (uint32_t a = empty; a; a &= a - 1)
		for (uint32_t b = a & (a - 1); b; b &= b - 1)
			m = sg_put(m, BG_MOVE_PLACE, bg_ctz32(a), bg_ctz32(b));
	return (size_t)(m - buf);
}

/* May the side to move pass, if it cannot capture? */
static bool sg_may_pass(const sg_state *s)
{
	return !s->passes && !s->usual;
}

/* The steps of the piece on `from` (c->steps' entry), given the empty
 * cells << 6. */
static uint64_t sg_piece_steps(const sg_cfg *c, uint64_t empty6, int from)
{
	return c->steps[sg_win_index(sg_window(c, empty6, from))];
}

/* The target of step i of a piece (i below the count of its entry e). */
static int sg_step_to(uint64_t e, int from, uint32_t i)
{
	return from - SG_WIN_CENTRE + (int)(e >> (4 + 4 * i) & 15);
}

/* Whether the list of steps ends with the pass: a side that cannot take
 * may pass, but not right after a pass nor while the sides move as usual;
 * a side that cannot move must pass. */
static bool sg_pass_listed(const sg_cfg *c, const sg_state *s, bool steps)
{
	if (!steps)
		return true;
	return sg_may_pass(s) && !sg_any_capture(c, s);
}

/* Steps by piece, ascending, then direction N E S W NE SE SW NW; then the
 * pass where the pass rule allows it. */
static size_t sg_stepping(const sg_cfg *c, const sg_state *s, bg_move *buf)
{
	uint64_t empty6 = (uint64_t)(~(s->occ[0] | s->occ[1]) & SG_ALL)
			  << SG_WIN_CENTRE;
	bg_move *m = buf;

	for (uint32_t own = s->occ[s->turn]; own; own &= own - 1) {
		int from = bg_ctz32(own);
		uint64_t e = sg_piece_steps(c, empty6, from);
		uint64_t t = e >> 4; /* the targets, a nibble each */

		for (uint32_t k = e & 15; k; k--, t >>= 4)
			m = sg_put(m, BG_MOVE_STEP, from,
				   from - SG_WIN_CENTRE + (int)(t & 15));
	}
	if (sg_pass_listed(c, s, m != buf))
		m = sg_put(m, BG_MOVE_PASS, 0, 0);
	return (size_t)(m - buf);
}

/* sg_placement's and sg_stepping's moves as their actions, in their
 * order: a placement is a pair of cells, as a step is. */
static size_t sg_legal_actions(const void *cfgp, const void *stp,
			       uint32_t *acts)
{
	const sg_cfg *c = cfgp;
	const sg_state *s = stp;
	uint32_t empty = ~(s->occ[0] | s->occ[1]) & SG_ALL, *a = acts;

	if (sg_placing(s)) {
		for (uint32_t p = empty & ~bit(SG_CENTRE); p; p &= p - 1) {
			uint32_t base = bg_action_pair(SG_CELLS, bg_ctz32(p), 0);

			for (uint32_t q = p & (p - 1); q; q &= q - 1)
				*a++ = base + (uint32_t)bg_ctz32(q);
		}
		return (size_t)(a - acts);
	}
	for (uint32_t own = s->occ[s->turn]; own; own &= own - 1) {
		int from = bg_ctz32(own);
		uint64_t e = sg_piece_steps(c, (uint64_t)empty << SG_WIN_CENTRE,
					    from);
		uint64_t t = e >> 4;
		/* A nibble is the target's cell + SG_WIN_CENTRE - from. */
		uint32_t base = bg_action_pair(SG_CELLS, from, from) -
				SG_WIN_CENTRE;

		/* All eight written, the count kept: no branch that
		 * guesses. */
		for (int k = 0; k < 8; k++)
			a[k] = base + (uint32_t)(t >> 4 * k & 15);
		a += e & 15;
	}
	if (sg_pass_listed(c, s, a != acts))
		*a++ = bg_action_pass(SG_CELLS);
	return (size_t)(a - acts);
}

static void sg_action_move(const void *cfgp, const void *stp, uint32_t action,
			   bg_move *m)
{
	int a, b;

	if (action == bg_action_pass(SG_CELLS)) {
		sg_put(m, BG_MOVE_PASS, 0, 0);
		return;
	}
	bg_action_ends(SG_CELLS, action, &a, &b);
	sg_put(m, sg_placing(stp) ? BG_MOVE_PLACE : BG_MOVE_STEP, a, b);
}

/* The pass rule without listing the steps. */
static bool sg_pass_ok(const sg_cfg *c, const sg_state *s)
{
	uint32_t empty = ~(s->occ[0] | s->occ[1]) & SG_ALL, reach = 0;

	for (uint32_t own = s->occ[s->turn]; own; own &= own - 1)
		reach |= c->nbm[bg_ctz32(own)];
	return sg_pass_listed(c, s, reach & empty);
}

_Static_assert(BG_MOVE_MAX_POINTS == 2 + 8 * 4,
	       "sg_written reads the points past the second as 8 words");

/* Is m written as sg_put writes it (no removals, no flags, the points
 * past the path 0)? The same test as a memcmp with sg_put's move, in
 * words. */
static bool sg_written(const bg_move *m)
{
	uint64_t w[8], any;

	memcpy(w, &m->pts[2], sizeof(w));
	any = w[0] | w[1] | w[2] | w[3] | w[4] | w[5] | w[6] | w[7];
	if (m->kind == BG_MOVE_PASS)
		any |= (uint64_t)m->npath | m->pts[0] | m->pts[1];
	else
		any |= m->npath ^ 2u;
	return !(any | m->nremove | m->flags) && m->kind <= BG_MOVE_STEP;
}

static bool sg_is_legal(const void *cfgp, const void *stp, const bg_move *m)
{
	const sg_cfg *c = cfgp;
	const sg_state *s = stp;
	uint32_t empty = ~(s->occ[0] | s->occ[1]) & SG_ALL;
	int a = m->pts[0], b = m->pts[1];

	if (!sg_written(m))
		return false;
	if (m->kind == BG_MOVE_PLACE)
		return sg_placing(s) && a < b && b < SG_CELLS &&
		       (empty & ~bit(SG_CENTRE) & bit(a)) &&
		       (empty & ~bit(SG_CENTRE) & bit(b));
	if (sg_placing(s))
		return false;
	if (m->kind == BG_MOVE_PASS)
		return sg_pass_ok(c, s);
	return a < SG_CELLS && b < SG_CELLS && (s->occ[s->turn] & bit(a)) &&
	       (c->nbm[a] & empty & bit(b));
}

static size_t sg_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	const sg_state *s = stp;

	return sg_placing(s) ? sg_placement(s, buf) : sg_stepping(cfgp, s, buf);
}

/* Placement number r of sg_placement's list: the pairs are ranked by
 * their first cell, which has as many partners as empty cells above it. */
static void sg_nth_placement(uint32_t empty, uint64_t r, bg_move *out)
{
	uint32_t a = empty, b;

	for (uint64_t k; r >= (k = (uint64_t)bg_popcount32(a) - 1); a &= a - 1)
		r -= k;
	for (b = a & (a - 1); r; r--)
		b &= b - 1;
	sg_put(out, BG_MOVE_PLACE, bg_ctz32(a), bg_ctz32(b));
}

/* Step number r of sg_stepping's list, of n steps (r below n): counted
 * by piece from the nearer end of the list. */
static void sg_nth_step(const sg_cfg *c, uint32_t own, uint32_t empty,
			uint32_t r, uint32_t n, bg_move *out)
{
	uint64_t empty6 = (uint64_t)empty << SG_WIN_CENTRE, e;
	uint32_t k;
	int from;

	if (r < n / 2) {
		for (;; own &= own - 1) {
			from = bg_ctz32(own);
			e = sg_piece_steps(c, empty6, from);
			if (r < (k = (uint32_t)e & 15))
				break;
			r -= k;
		}
	} else {
		/* Number r' = n - 1 - r from the end is the piece's step
		 * k - 1 - r' from its first. */
		for (r = n - 1 - r;; own ^= bit(from)) {
			from = bg_high32(own);
			e = sg_piece_steps(c, empty6, from);
			if (r < (k = (uint32_t)e & 15))
				break;
			r -= k;
		}
		r = k - 1 - r;
	}
	sg_put(out, BG_MOVE_STEP, from, sg_step_to(e, from, r));
}

/* The steps along one line (up1: its SG_UP1_*), one bit each: the cells
 * where a piece of the side to move has an empty cell one step up, and
 * the empty cells with one of its pieces one step up (the two sets are
 * disjoint). */
static uint64_t sg_line_steps(uint32_t up1, int k, uint32_t own,
			      uint32_t empty)
{
	return up1 & ((own & empty >> k) | (empty & own >> k));
}

/* The number of steps of the side to move, line by line, two lines to a
 * word. */
static int sg_count_steps(uint32_t own, uint32_t empty)
{
	return popcount2(sg_line_steps(SG_UP1_N, SG_UP_N, own, empty) |
			 sg_line_steps(SG_UP1_E, SG_UP_E, own, empty) << 32,
			 sg_line_steps(SG_UP1_NE, SG_UP_NE, own, empty) |
			 sg_line_steps(SG_UP1_NW, SG_UP_NW, own, empty) << 32);
}

/* The move the core would draw from sg_legal's list with the same number,
 * found without writing the list. */
static bool sg_random_move(const void *cfgp, const void *stp, uint64_t *rng,
			   bg_move *out)
{
	const sg_cfg *c = cfgp;
	const sg_state *s = stp;
	uint32_t own = s->occ[s->turn], other = s->occ[!s->turn];
	uint32_t empty = ~(own | other) & SG_ALL;
	uint64_t n = 0, r;
	bool pass;

	if (sg_placing(s)) {
		empty &= ~bit(SG_CENTRE);
		n = (uint64_t)bg_popcount32(empty);
		n = n * (n - 1) / 2;
		if (!n)
			return false;
		sg_nth_placement(empty, bg_rand_below(rng, n), out);
		return true;
	}
	n = (uint64_t)sg_count_steps(own, empty);
	/* The pass is last; sg_stepping's rule. */
	pass = !n || (sg_may_pass(s) &&
		      !sg_can_take(own, other & c->prey, empty));
	r = bg_rand_below(rng, n + pass);
	if (r == n)
		sg_put(out, BG_MOVE_PASS, 0, 0);
	else
		sg_nth_step(c, own, empty, (uint32_t)r, (uint32_t)n, out);
	return true;
}

/* Put seat's piece on empty p, or take it off p, with its key. */
static void sg_toggle(const sg_cfg *c, sg_state *s, int seat, int p)
{
	s->occ[seat] ^= bit(p);
	s->hash ^= c->z[seat][p];
}

/*
 * The right to pass, before a step: a side that steps right after the
 * other's pass without being able to capture starts the sides moving as
 * usual; a side to move that can capture ends it. (A pass keeps it: a
 * side that passes while moving as usual has no step, so no capture.)
 * Only after a pass or while moving as usual, without free_pass: out of
 * line.
 */
BG_NOINLINE
static void sg_step_usual(const sg_cfg *c, sg_state *s)
{
	bool usual = !sg_any_capture(c, s);

	if (usual != s->usual) {
		s->usual = usual;
		s->hash ^= c->zusual;
	}
}

/* Seat takes the pieces `taken` (out of line: most steps take none). */
BG_NOINLINE
static int sg_take(const sg_cfg *c, sg_state *s, int seat, uint32_t taken)
{
	for (uint32_t t = taken; t; t &= t - 1)
		sg_toggle(c, s, !seat, bg_ctz32(t));
	s->clock = 0;
	return BG_APPLY_IRREVERSIBLE;
}

/* A step from `from` to `to`, with its captures. */
static int sg_apply_step(const sg_cfg *c, sg_state *s, int from, int to)
{
	int seat = s->turn;
	uint32_t taken;

	if (!c->free_pass && (s->passes || s->usual))
		sg_step_usual(c, s);
	s->hash ^= c->zstep[s->passes] ^ c->z[seat][from] ^ c->z[seat][to];
	s->occ[seat] ^= bit(from) | bit(to);
	s->turn = (uint8_t)!seat;
	s->passes = 0;
	taken = sg_captures(c, to, s->occ[seat], s->occ[!seat] & c->prey);
	if (taken)
		return sg_take(c, s, seat, taken);
	s->clock++;
	return 0;
}

/* A placement or a pass (out of line: sg_apply is mostly steps). */
BG_NOINLINE
static int sg_apply_other(const sg_cfg *c, sg_state *s, const bg_move *m)
{
	int seat = s->turn;

	s->hash ^= c->zpass[s->passes];
	if (m->kind == BG_MOVE_PLACE) {
		sg_toggle(c, s, seat, m->pts[0]);
		sg_toggle(c, s, seat, m->pts[1]);
		s->hash ^= c->zhand[seat][s->hand[seat]] ^
			   c->zhand[seat][s->hand[seat] - 2];
		s->hand[seat] -= 2;
		/* Placing over, the chosen side steps first. */
		s->turn = (uint8_t)(sg_placing(s) ? !seat : c->first);
		if (s->turn != seat)
			s->hash ^= c->zturn;
		return BG_APPLY_IRREVERSIBLE;
	}
	s->passes++;
	s->clock++;
	s->hash ^= c->zpass[s->passes] ^ c->zturn;
	s->turn = (uint8_t)!seat;
	return 0;
}

/* Keeps the key: every change xors its keys in or out. */
static int sg_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	sg_state *s = stp;

	memcpy(undo, s, sizeof(*s));
	if (m->kind != BG_MOVE_STEP)
		return sg_apply_other(cfgp, s, m);
	return sg_apply_step(cfgp, s, m->pts[0], m->pts[1]);
}

/* The undo record is the state before the move: a copy of 32 bytes here
 * and in sg_unapply is cheaper than the core's call to memcpy for each. */
static void sg_unapply(const void *cfgp, void *stp, const bg_move *m,
		       const void *undo)
{
	(void)cfgp;
	(void)m;
	memcpy(stp, undo, sizeof(sg_state));
}

/* ---- Outcome, scores, hash ------------------------------------------------ */

/* Captures made by seat: the opponent's pieces neither on the board nor in
 * hand. */
static int sg_captured(const sg_state *s, int seat)
{
	return SG_PIECES - s->hand[!seat] - bg_popcount32(s->occ[!seat]);
}

static void sg_scores(const void *cfgp, const void *stp, double out[2])
{
	(void)cfgp;
	for (int seat = 0; seat < 2; seat++)
		out[seat] = sg_captured(stp, seat);
}

/* The game's own ends; repetition and max_plies are the core's. */
static int sg_end_reason(const sg_cfg *c, const sg_state *s)
{
	if (!sg_placing(s) && (!s->occ[0] || !s->occ[1]))
		return BG_REASON_PIECES;
	if (s->passes >= 2)
		return BG_REASON_PASSES;
	if (c->no_capture > 0 && s->clock >= (uint32_t)c->no_capture)
		return BG_REASON_MOVE_LIMIT;
	return BG_REASON_NONE;
}

/* Every end is scored the same way, the core's too: more captures wins. */
static void sg_end(const void *cfgp, const void *stp, int reason,
		   bg_result *out)
{
	int c0 = sg_captured(stp, 0), c1 = sg_captured(stp, 1);

	(void)cfgp;
	out->reason = reason;
	out->winner = -1;
	if (c0 == c1)
		out->status = BG_DRAW;
	else {
		out->status = BG_WIN;
		out->winner = c0 > c1 ? 0 : 1;
	}
}

static void sg_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const sg_cfg *c = cfgp;
	const sg_state *s = stp;
	int reason;

	(void)ctx;
	/* The usual case first: none of sg_end_reason's ends can hold
	 * (while placing, the passes and the clock are 0). */
	if (s->occ[0] && s->occ[1] && s->passes < 2 && s->clock < c->clock_end)
		return;
	reason = sg_end_reason(c, s);
	if (reason != BG_REASON_NONE)
		sg_end(cfgp, stp, reason, out);
}

static void sg_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const sg_state *s = stp;

	(void)cfgp;
	*seat = sg_cell(s, p) - 1;
	*kind = sg_cell(s, p) ? BG_PIECE_MAN : BG_PIECE_NONE;
}

/* The observation's piece sets: each side's men as its bitboard. */
static void sg_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const sg_state *s = stp;

	(void)cfgp;
	bg_board_pieces_two(s->occ[0], s->occ[1], set, words);
}

/* ---- Position text -------------------------------------------------------- */

static void sg_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const sg_cfg *c = cfgp;
	const sg_state *s = stp;
	const uint64_t bb[2] = { s->occ[0], s->occ[1] };

	bg_board_write_two(&c->board, bb, out);
	bg_sb_printf(out, " %c %d %d %d %u%s", s->turn ? 'b' : 'w', s->hand[0],
		     s->hand[1], s->passes, (unsigned)s->clock,
		     s->usual ? " usual" : "");
}

/* A decimal number up to max, then a space (when last, the end or a space
 * left unread). */
static int sg_read_number(const char **text, uint32_t max, bool last,
			  uint32_t *out)
{
	const char *t = *text;
	uint32_t v = 0;

	if (*t < '0' || *t > '9')
		return 0;
	for (; *t >= '0' && *t <= '9'; t++)
		if ((v = v * 10 + (uint32_t)(*t - '0')) > max)
			return 0;
	if (last ? *t != '\0' && *t != ' ' : *t++ != ' ')
		return 0;
	*out = v;
	*text = t;
	return 1;
}

static int sg_check(const sg_state *s)
{
	for (int seat = 0; seat < 2; seat++)
		if (bg_popcount32(s->occ[seat]) + s->hand[seat] > SG_PIECES)
			return bg_seterr(BG_EFORMAT, "%s has more than %d pieces",
					 seat ? "Black" : "White", SG_PIECES);
	if (!sg_placing(s))
		return BG_OK;
	if ((s->hand[0] | s->hand[1]) & 1 ||
	    s->hand[0] != s->hand[1] - (s->turn ? 2 : 0))
		return bg_seterr(BG_EFORMAT,
				 "while placing, White drops first, two a turn: "
				 "%d and %d in hand with %s to move",
				 s->hand[0], s->hand[1], s->turn ? "Black" : "White");
	for (int seat = 0; seat < 2; seat++)
		if (bg_popcount32(s->occ[seat]) + s->hand[seat] != SG_PIECES)
			return bg_seterr(BG_EFORMAT,
					 "while placing nothing is taken, but %s "
					 "has %d pieces", seat ? "Black" : "White",
					 bg_popcount32(s->occ[seat]) +
						 s->hand[seat]);
	if (sg_cell(s, SG_CENTRE) || s->passes || s->clock || s->usual)
		return bg_seterr(BG_EFORMAT,
				 "while placing the centre is empty and there "
				 "are no passes, clock nor 'usual'");
	return BG_OK;
}

static int sg_read_position(const void *cfgp, void *stp, const char *text)
{
	const sg_cfg *c = cfgp;
	sg_state tmp;
	const char *t = text;
	uint32_t h0, h1, passes, clock;
	uint64_t bb[2];
	int rc;

	sg_init(cfgp, &tmp);
	if (bg_board_read_two(&c->board, &t, bb) != BG_OK)
		return BG_EFORMAT;
	tmp.occ[0] = (uint32_t)bb[0];
	tmp.occ[1] = (uint32_t)bb[1];
	if ((t[0] != 'w' && t[0] != 'b') || t[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', after the board");
	tmp.turn = t[0] == 'b';
	t += 2;
	if (!sg_read_number(&t, SG_PIECES, false, &h0) ||
	    !sg_read_number(&t, SG_PIECES, false, &h1))
		return bg_seterr(BG_EFORMAT,
				 "expected the pieces in hand, 0..12 each");
	if (!sg_read_number(&t, 2, false, &passes) ||
	    !sg_read_number(&t, 100000000, true, &clock))
		return bg_seterr(BG_EFORMAT,
				 "expected the passes just made (0..2) and the "
				 "plies since the last capture");
	if (*t && strcmp(t, " usual"))
		return bg_seterr(BG_EFORMAT,
				 "expected the end or 'usual' after the clock");
	tmp.usual = *t != '\0';
	if (tmp.usual && ((const sg_cfg *)cfgp)->free_pass)
		return bg_seterr(BG_EFORMAT,
				 "with free_pass=1 the sides never move as usual");
	tmp.hand[0] = (uint8_t)h0;
	tmp.hand[1] = (uint8_t)h1;
	tmp.passes = (uint8_t)passes;
	tmp.clock = clock;
	if ((rc = sg_check(&tmp)))
		return rc;
	tmp.hash = sg_key(cfgp, &tmp);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const sg_aliases[] = { "sidzha", NULL };

static const bg_optdef sg_options[] = {
	{ "movement_first", BG_OPT_ENUM, "seat0", "seat0|seat1",
	  "the side that steps first once all pieces are placed",
	  BG_OPT_FIELD(sg_cfg, first) },
	{ "centre_safe", BG_OPT_BOOL, "0", "0|1",
	  "a piece on the centre c3 cannot be taken",
	  BG_OPT_DERIVED },
	{ "no_capture", BG_OPT_INT, "50", "0..1000",
	  "stepping plies (passes included) without a capture that end the "
	  "game; 0: no limit",
	  BG_OPT_FIELD(sg_cfg, no_capture) },
	{ "free_pass", BG_OPT_BOOL, "0", "0|1",
	  "a side that cannot capture may pass whenever the ply before was no "
	  "pass; 0: once a pass is answered by a side that cannot capture "
	  "either, no pass by choice until a side to move can capture",
	  BG_OPT_FIELD(sg_cfg, free_pass) },
};
_Static_assert(sizeof(sg_options) / sizeof(sg_options[0]) == SG_NOPTIONS,
	       "the standard option values follow the own ones");

/* Learning: the two pieces placed at once are a pair. */
static void sg_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = {
		"own in hand", "opponent in hand", "plies without capture",
		"passes", "passes lapsed"
	};

	(void)cfgp;
	out->pairs = 1;
	out->ranks = 1;
	out->nplanes = 5;
	out->counters = 5;
	out->plane_names = names;
	out->direct = BG_DIRECT_ALWAYS;
}

static void sg_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const sg_state *st = stp;

	(void)cfgp;
	v[0] = st->hand[seat];
	v[1] = st->hand[!seat];
	v[2] = (float)st->clock;
	v[3] = st->passes;
	v[4] = st->usual;
}

const bg_rules bg_rules_seega = {
	.name = "seega",
	.aliases = sg_aliases,
	.title_en = "Seega",
	.title_ru = "Сиджа",
	.options = sg_options,
	.noptions = sizeof(sg_options) / sizeof(sg_options[0]),
	.std_def = { [BG_STD_REPETITION] = "3", [BG_STD_MAX_PLIES] = "0" },
	.std_doc = {
		[BG_STD_REPETITION] = "the occurrence of a position (since "
			"the last irreversible move) that ends the game, more "
			"captures winning",
		[BG_STD_MAX_PLIES] = "the game ends at this ply, more "
			"captures winning; 0: no limit",
	},
	.std_offset = offsetof(sg_cfg, std),
	.config_size = sizeof(sg_cfg),
	.state_bytes = sizeof(sg_state),
	.undo_size = sizeof(sg_state),
	.head = true,
	.configure = sg_configure,
	.init = sg_init,
	.max_moves = sg_max_moves,
	.legal = sg_legal,
	.is_legal = sg_is_legal,
	.random_move = sg_random_move,
	.apply = sg_apply,
	.unapply = sg_unapply,
	.outcome = sg_outcome,
	.std_end = sg_end,
	.scores = sg_scores,
	.piece = sg_piece,
	.pieces = sg_pieces,
	.write_position = sg_write_position,
	.read_position = sg_read_position,
	.learn = sg_learn,
	.legal_actions = sg_legal_actions,
	.action_move = sg_action_move,
	.counters = sg_counters,
};
