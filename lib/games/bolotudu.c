/*
 * Bolotudu (Bolotoudou): drop two pieces a turn without making an own
 * three, then step orthogonally; every new three removes an enemy piece
 * beside it. Rules: doc/games/bolotudu.md.
 *
 * Cells are p = y * 6 + x on the 6 x 5 board; a side's pieces are a 30-bit
 * mask. Every piece has an identity, 0..11 for White's pieces and 12..23
 * for Black's, in the order they were dropped; a three is the pair (its
 * cells, its identities), kept as one 64-bit key: the cell mask in the low
 * 32 bits and the identity mask above.
 */
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "board/grid.h"
#include "board/bits.h"
#include "board/board.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define BO_W 6
#define BO_H 5
#define BO_CELLS 30
#define BO_ALL ((1u << BO_CELLS) - 1)
#define BO_FILE_A 0x01041041u /* a1 a2 a3 a4 a5 */
#define BO_FILE_F (BO_FILE_A << 5)
#define BO_PIECES 12 /* per side */
#define BO_NONE 0xff /* no piece on a cell */
/* The tables by cell that bo_drops_of combines: rows of whole vectors,
 * which the compiler's cheap vectorizing at -O2 needs (a row of 30 was
 * combined word by word). */
#define BO_ROW 32
/*
 * Scored threes a game can hold: a three is kept only when it removes a
 * piece (see bo_scoring), a move keeps at most two and removes at least one,
 * and a side removes at most 11 pieces before the game ends.
 */
#define BO_MAXTHREES 48
/* A step makes at most two threes, so it has at most C(12,2) choices of
 * removals (two of at most 12 enemy pieces). */
#define BO_MAXREMOVALS 66
#define BO_MAXMOVES (BO_PIECES * 4 * BO_MAXREMOVALS)

enum { BO_OPT_GAP, BO_OPT_REUSE, BO_OPT_ENDS, BO_NOPTIONS };

/* pair_gap: the drops of a turn anywhere, 3 apart, or 3 apart with the
 * cells between them empty. */
enum { BO_GAP_NONE, BO_GAP_FAR, BO_GAP_EMPTY };

typedef struct bo_cfg {
	bg_board board;
	int pair_gap;      /* BO_GAP_* */
	bool reuse;        /* a three scores every time it is made */
	bool ends;         /* the cells beyond a three's ends are beside it */
	bg_stdvals std;
	/* By cell p (a row of BO_ROW, zero past the cells): the cells at
	 * Chebyshev distance >= 3. */
	uint32_t far[BO_ROW];
	/* By cell o, then cell p: the far cells of p whose line from p
	 * (bo_line) crosses o, so a piece on o rules them out. */
	uint32_t blocks[BO_CELLS][BO_ROW];
	int8_t nb[BO_CELLS][4];    /* N E S W neighbour or -1 */
	uint32_t step_action[BO_CELLS][4]; /* a plain step's (bo_action) */
	uint32_t ray[BO_CELLS][4]; /* the cells beyond, N E S W */
	/* Piece keys: by seat, then (2 + identity) by identity. */
	uint64_t zpiece[2 + 2 * BO_PIECES][BO_CELLS];
} bo_cfg;

typedef struct bo_state {
	uint64_t hash;                 /* as bo_rekey makes it */
	uint8_t turn;
	uint8_t passes;                /* consecutive passes just made */
	uint8_t nthrees;
	uint8_t hand[2];
	uint8_t id[BO_CELLS];          /* identity on the cell or BO_NONE */
	/* The scored threes through each cell, for the observations: kept
	 * with the threes, not counted from them each time. */
	uint8_t through[BO_CELLS];
	uint8_t pad[3];
	uint32_t named;                /* identities in the scored threes */
	uint32_t occ[2];
	uint64_t runs;                 /* their cells' bo_slot bits */
	uint64_t threes[BO_MAXTHREES]; /* scored, in the order made */
} bo_state;
BG_CONFIG_BOARD(bo_cfg);
BG_STATE_HEAD(bo_state);

/* What a move changes that unapply cannot work out from the move. */
typedef struct bo_undo {
	uint64_t hash;
	uint32_t named;
	uint8_t removed[2]; /* identities of the pieces removed */
	uint8_t passes;
	uint8_t nthrees;
} bo_undo;

/* A three made by a step that removes a piece: its cells and the enemy
 * pieces beside it. */
typedef struct bo_three {
	uint32_t run, cand;
} bo_three;

static uint32_t bit(int p)
{
	return 1u << p;
}

/* bg_popcount32(x) >= 3, cheaply: runs are tested on every step. */
static bool three_or_more(uint32_t x)
{
	x &= x - 1;
	x &= x - 1;
	return x != 0;
}

/* ---- Position key --------------------------------------------------------- */

/*
 * The key: pieces by seat, except that a piece whose identity is in a
 * scored three is keyed by its identity (pieces of one side that no
 * scored three names are interchangeable); the scored threes; side to
 * move; pieces in hand. Kept in the state, each move changing its parts.
 */
static uint64_t bo_zpiece(const bo_cfg *c, const bo_state *s, int seat,
			  int p)
{
	int id = s->id[p];

	return c->zpiece[(s->named >> id) & 1 ? 2 + id : seat][p];
}

static uint64_t bo_zthree(uint64_t key)
{
	return bg_zobrist(0x80000000u | (uint32_t)key, (uint32_t)(key >> 32));
}

static uint64_t bo_zhand(int seat, int n)
{
	return bg_zobrist(3 + (uint32_t)seat, (uint32_t)n);
}

#define BO_ZTURN bg_zobrist(2, 0)

/* The key from scratch, with `named` from the scored threes. */
static void bo_rekey(const bo_cfg *c, bo_state *s)
{
	uint64_t h = s->turn ? BO_ZTURN : 0;

	s->named = 0;
	for (int i = 0; i < s->nthrees; i++) {
		s->named |= (uint32_t)(s->threes[i] >> 32);
		h ^= bo_zthree(s->threes[i]);
	}
	for (int seat = 0; seat < 2; seat++) {
		h ^= bo_zhand(seat, s->hand[seat]);
		for (uint32_t o = s->occ[seat]; o; o &= o - 1)
			h ^= bo_zpiece(c, s, seat, bg_ctz32(o));
	}
	s->hash = h;
}

/* ---- Configuration -------------------------------------------------------- */

/*
 * The cells between p and q: those whose inside the straight line joining
 * the two centres passes through (touching a corner does not count). The
 * line's crossings of cell edges fall on multiples of 1/m of its length, so
 * the midpoints t = (2k + 1) / 2m, k < m, lie inside cells and visit every
 * cell it passes through.
 */
static uint32_t bo_line(int p, int q)
{
	int x0 = p % BO_W, y0 = p / BO_W;
	int dx = q % BO_W - x0, dy = q / BO_W - y0;
	int m = 2 * (dx ? abs(dx) : 1) * (dy ? abs(dy) : 1);
	uint32_t cells = 0;

	for (int k = 0; k < m; k++) {
		/* The point's coordinates times 2m, rounded to a cell: never
		 * half-way, as no midpoint is on an edge. */
		int x = (2 * m * x0 + (2 * k + 1) * dx + m) / (2 * m);
		int y = (2 * m * y0 + (2 * k + 1) * dy + m) / (2 * m);

		cells |= bit(y * BO_W + x);
	}
	return cells & ~bit(p) & ~bit(q);
}

/* The learning actions (bo_learn): a removal field, the second removal
 * the rank. The action of the move of `base` (bg_action_pair) that
 * removes `first` first (-1: none) with `rank`. */
static uint32_t bo_action(uint32_t base, int first, uint32_t rank)
{
	return bg_action_make(BO_CELLS + 1, BO_PIECES, base,
			      (uint32_t)(first + 1), rank);
}

static int bo_configure(void *cfgp, const bg_optval *opts)
{
	bo_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, BO_W, BO_H);
	for (int p = 0; p < BO_CELLS; p++) {
		for (int q = 0; q < BO_CELLS; q++)
			if (abs(p % BO_W - q % BO_W) >= 3 ||
			    abs(p / BO_W - q / BO_W) >= 3)
				c->far[p] |= bit(q);
		for (uint32_t f = c->far[p]; f; f &= f - 1) {
			int q = bg_ctz32(f);

			for (uint32_t o = bo_line(p, q); o; o &= o - 1)
				c->blocks[bg_ctz32(o)][p] |= bit(q);
		}
		for (int d = 0; d < 4; d++) {
			c->nb[p][d] = (int8_t)bg_grid_step(BO_W, BO_H, p, d);
			if (c->nb[p][d] >= 0)
				c->step_action[p][d] = bo_action(
					bg_action_pair(BO_CELLS, p, c->nb[p][d]),
					-1, 0);
			for (int q = c->nb[p][d]; q >= 0;
			     q = bg_grid_step(BO_W, BO_H, q, d))
				c->ray[p][d] |= bit(q);
		}
		/* The pairs (seat, p), then (16 + identity, p). */
		for (int k = 0; k < 2 + 2 * BO_PIECES; k++)
			c->zpiece[k][p] = bg_zobrist(
				(uint32_t)(k < 2 ? k : 16 + k - 2), (uint32_t)p);
	}
	return BG_OK;
}

static void bo_init(const void *cfgp, void *stp)
{
	bo_state *s = stp;

	(void)cfgp;
	memset(s, 0, sizeof(*s));
	memset(s->id, BO_NONE, sizeof(s->id));
	s->hand[0] = s->hand[1] = BO_PIECES;
	bo_rekey(cfgp, s);
}

static size_t bo_max_moves(const void *cfgp)
{
	(void)cfgp;
	return BO_MAXMOVES;
}

static bool bo_placing(const bo_state *s)
{
	return s->hand[0] || s->hand[1];
}

/* ---- Runs and threes ------------------------------------------------------ */

/* The maximal run of `own` through p along an axis (0 horizontal, 1
 * vertical), p included, as a cell mask: each way, the cells of the ray
 * before the first that is not own, the lowest one up (N, E), the highest
 * down. */
static uint32_t bo_run(const bo_cfg *c, uint32_t own, int p, int axis)
{
	uint32_t up = c->ray[p][axis ? BG_N : BG_E];
	uint32_t down = c->ray[p][axis ? BG_S : BG_W];
	uint32_t ub = up & ~own, db = down & ~own;

	up &= (ub & -ub) - 1;
	if (db)
		down &= ~0u << (bg_high32(db) + 1);
	return bit(p) | up | down;
}

/* The cells whose neighbour in direction d (N E S W) is in x: one shift
 * right of the board lifted by a rank, without branches. */
static inline uint32_t bo_back(uint32_t x, int d)
{
	static const uint8_t shift[4] = { 2 * BO_W, BO_W + 1, 0, BO_W - 1 };
	static const uint32_t keep[4] = { BO_ALL, BO_ALL & ~BO_FILE_F, BO_ALL,
					  BO_ALL & ~BO_FILE_A };

	return (uint32_t)(((uint64_t)x << BO_W) >> shift[d]) & keep[d];
}

/* The cells with two pieces of `own` in a row beyond them in direction d. */
static inline uint32_t bo_two_beyond(uint32_t own, int d)
{
	return bo_back(own & bo_back(own, d), d);
}

/* The cells where a piece would make a run of three or more with `own`
 * along an axis (0 horizontal): two in a row on one side, or one on
 * each. */
static inline uint32_t bo_threats(uint32_t own, int axis)
{
	int d = axis ? BG_N : BG_E;

	return bo_two_beyond(own, d) | bo_two_beyond(own, d + 2) |
	       (bo_back(own, d) & bo_back(own, d + 2));
}

static inline uint32_t bo_threats_any(uint32_t own)
{
	return bo_threats(own, 0) | bo_threats(own, 1);
}

/* The cells beside a run: side-on (perpendicular neighbours), and the two
 * cells beyond its ends when the option says so. */
static uint32_t bo_beside(const bo_cfg *c, uint32_t run, int axis)
{
	uint32_t across = ((run << BO_W) | (run >> BO_W)) & BO_ALL;
	uint32_t along = ((run & ~BO_FILE_A) >> 1) | ((run & ~BO_FILE_F) << 1);
	uint32_t side = axis ? along : across, beyond = axis ? across : along;

	return side | (c->ends ? beyond & ~run : 0);
}

/* A bit standing for a three's cells; s->runs has those of the scored
 * threes, so a clear bit rules a three out without reading the list. */
static uint64_t bo_slot(uint32_t run)
{
	return 1ull << ((run * 0x9E3779B1u) >> 26);
}

static bool bo_scored(const bo_state *s, uint64_t key)
{
	for (int i = 0; i < s->nthrees; i++)
		if (s->threes[i] == key)
			return true;
	return false;
}

/* The key of the three on `run` once the step from -> to is made. */
static uint64_t bo_key(const bo_state *s, int from, int to, uint32_t run)
{
	uint32_t ids = 0;

	for (uint32_t r = run; r; r &= r - 1) {
		int p = bg_ctz32(r);

		ids |= bit(p == to ? s->id[from] : s->id[p]);
	}
	return (uint64_t)ids << 32 | run;
}

/* Has the three on `run` made by the step from -> to scored before? The
 * list is read only when a scored three may have the same cells, and its
 * pieces only when one has. */
static bool bo_scored_run(const bo_state *s, int from, int to, uint32_t run)
{
	if (!(s->runs & bo_slot(run)))
		return false;
	for (int i = 0; i < s->nthrees; i++)
		if ((uint32_t)s->threes[i] == run &&
		    s->threes[i] == bo_key(s, from, to, run))
			return true;
	return false;
}

/*
 * The threes a step from -> to makes that remove a piece: new ones (or any,
 * with reuse_threes) with an enemy piece beside them. Looks along the axes
 * in the mask `axes` (bit 0 horizontal) only. Returns their number (0..2),
 * horizontal first.
 */
static int bo_scoring(const bo_cfg *c, const bo_state *s, int from, int to,
		      int axes, bo_three out[2])
{
	int seat = s->turn, n = 0;
	uint32_t own = (s->occ[seat] & ~bit(from)) | bit(to);

	for (int axis = 0; axis < 2; axis++) {
		uint32_t run, cand;

		if (!((axes >> axis) & 1))
			continue;
		run = bo_run(c, own, to, axis);
		if (!three_or_more(run))
			continue;
		cand = bo_beside(c, run, axis) & s->occ[!seat];
		if (!cand || (!c->reuse && bo_scored_run(s, from, to, run)))
			continue;
		out[n].run = run;
		out[n++].cand = cand;
	}
	return n;
}

/* ---- Move generation ------------------------------------------------------ */

static bg_move *bo_put(bg_move *m, int kind, int npath, const int *pts,
		       int nremove)
{
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	m->npath = (uint8_t)npath;
	m->nremove = (uint8_t)nremove;
	for (int i = 0; i < npath + nremove; i++)
		m->pts[i] = (uint16_t)pts[i];
	return m + 1;
}

/* The r-th set bit of x, counting from the lowest. */
static int bo_nth_bit(uint32_t x, int r)
{
	while (r--)
		x &= x - 1;
	return bg_ctz32(x);
}

/* The pieces beside the scoring threes t[0..n-1] (n > 0) into *all; true
 * when a move of the step removes one piece: one three, or one piece
 * beside both. */
static inline bool bo_one_removal(const bo_three t[2], int n, uint32_t *all)
{
	*all = n == 1 ? t[0].cand : t[0].cand | t[1].cand;
	return n == 1 || !(*all & (*all - 1));
}

/* With two threes, the pieces that may be removed second with `first`
 * (a bit of `all`): one beside the other three, above the first, as a
 * pair is one choice, listed by its lower cell. */
static inline uint32_t bo_partners(const bo_three t[2], uint32_t first,
				   uint32_t all)
{
	uint32_t with = ((first & t[0].cand) ? t[1].cand : 0) |
			((first & t[1].cand) ? t[0].cand : 0);

	return with & all & ~(first | (first - 1));
}

/*
 * The removal choices of a step making the scoring threes t[0..n-1]: none
 * without a three; one piece beside them; with two threes and two or more
 * pieces beside them, two different pieces, one beside each.
 */
static int bo_nchoices(const bo_three t[2], int n)
{
	uint32_t all, both;
	int a, b, k;

	if (n == 0)
		return 1;
	if (bo_one_removal(t, n, &all))
		return bg_popcount32(all);
	/* Ordered pairs, less those counted in both orders: two pieces
	 * beside both threes. */
	both = t[0].cand & t[1].cand;
	a = bg_popcount32(t[0].cand);
	b = bg_popcount32(t[1].cand);
	k = bg_popcount32(both);
	return a * b - k - k * (k - 1) / 2;
}

/* The r-th choice of bo_nchoices, in list order (one piece, or pairs by
 * first then second cell) into pts; returns the number of removals. */
static int bo_choice(const bo_three t[2], int n, int r, int *pts)
{
	uint32_t all;

	if (n == 0)
		return 0;
	if (bo_one_removal(t, n, &all)) {
		pts[0] = bo_nth_bit(all, r);
		return 1;
	}
	for (uint32_t a = all;; a &= a - 1) {
		uint32_t first = a & -a, second = bo_partners(t, first, all);
		int k = bg_popcount32(second);

		if (r < k) {
			pts[0] = bg_ctz32(first);
			pts[1] = bo_nth_bit(second, r);
			return 2;
		}
		r -= k;
	}
}

/* The r-th move of the step from -> to making the scoring threes t. */
BG_ALWAYS_INLINE void bo_step_move(bg_move *m, int from, int to,
				   const bo_three t[2], int n, int r)
{
	int pts[4] = { from, to };

	bo_put(m, BG_MOVE_STEP, 2, pts, bo_choice(t, n, r, pts + 2));
}

/* The moves of the step from -> to making the scoring threes t[0..n-1],
 * in list order, into m, or (act) their actions into acts; each choice
 * made once, not the r-th found by a walk from the first: no removal
 * without a three; one piece beside them, in cell order; or pairs by
 * first piece, then its partners (bo_partners), whose order ranks the
 * action among those that remove the same piece first. Returns their
 * number. */
BG_ALWAYS_INLINE size_t bo_step_choices(const bo_three t[2], int n, int from,
					int to, bool act, uint32_t *acts,
					bg_move *m)
{
	uint32_t base = bg_action_pair(BO_CELLS, from, to), all;
	int pts[4] = { from, to };
	size_t k = 0;

	if (n == 0) {
		if (act)
			acts[0] = bo_action(base, -1, 0);
		else
			bo_put(m, BG_MOVE_STEP, 2, pts, 0);
		return 1;
	}
	if (bo_one_removal(t, n, &all)) {
		for (; all; all &= all - 1, k++) {
			pts[2] = bg_ctz32(all);
			if (act)
				acts[k] = bo_action(base, pts[2], 0);
			else
				bo_put(&m[k], BG_MOVE_STEP, 2, pts, 1);
		}
		return k;
	}
	for (uint32_t rest = all; rest; rest &= rest - 1) {
		uint32_t first = rest & -rest, rank = 0;

		pts[2] = bg_ctz32(first);
		for (uint32_t second = bo_partners(t, first, all); second;
		     second &= second - 1, k++) {
			pts[3] = bg_ctz32(second);
			assert(rank < BO_PIECES);
			if (act)
				acts[k] = bo_action(base, pts[2], rank++);
			else
				bo_put(&m[k], BG_MOVE_STEP, 2, pts, 2);
		}
	}
	return k;
}

/* The steps of the side to move by direction d (N E S W): the pieces that
 * can step that way, and those of them whose step makes an own three along
 * each axis (0 horizontal); `threes`, the pieces with any such step. */
typedef struct bo_steps {
	uint32_t from[4], three[2][4], threes;
} bo_steps;

/* The steps in direction d; `across`: where a piece makes a three across
 * them. A three along the step would hold the cell left unless it lies
 * beyond the target. Returns the pieces whose step makes a three. */
static inline uint32_t bo_steps_to(bo_steps *st, uint32_t own,
				   uint32_t empty, uint32_t across, int d)
{
	int axis = d & 1; /* across a step north, the horizontal */
	uint32_t from = own & bo_back(empty, d);
	uint32_t side = from & bo_back(across, d);
	uint32_t along = from & bo_back(bo_two_beyond(own, d), d);

	st->from[d] = from;
	st->three[axis][d] = side;
	st->three[!axis][d] = along;
	return side | along;
}

static void bo_steps_of(const bo_state *s, bo_steps *st)
{
	uint32_t own = s->occ[s->turn];
	uint32_t empty = ~(s->occ[0] | s->occ[1]) & BO_ALL;
	uint32_t h = bo_threats(own, 0), v = bo_threats(own, 1);

	/* `threes` ORed from the registers: read back from the eight words
	 * just stored (as vectors, by gcc), it waited for the stores to
	 * reach the cache. */
	st->threes = bo_steps_to(st, own, empty, h, BG_N) |
		     bo_steps_to(st, own, empty, v, BG_E) |
		     bo_steps_to(st, own, empty, h, BG_S) |
		     bo_steps_to(st, own, empty, v, BG_W);
}

static uint32_t bo_movers(const bo_steps *st)
{
	return st->from[0] | st->from[1] | st->from[2] | st->from[3];
}

/* The axes along which the step from `from` in direction d makes a three
 * (bit 0 horizontal); the moves of that step: their number, and the
 * scoring threes it makes in t, n. */
static inline int bo_step_axes(const bo_steps *st, int from, int d)
{
	return (int)((st->three[0][d] >> from) & 1) |
	       (int)((st->three[1][d] >> from) & 1) << 1;
}

static inline int bo_step_count(const bo_cfg *c, const bo_state *s,
				const bo_steps *st, int from, int d,
				bo_three t[2], int *n)
{
	int axes = bo_step_axes(st, from, d);

	*n = axes ? bo_scoring(c, s, from, c->nb[from][d], axes, t) : 0;
	return bo_nchoices(t, *n);
}

/* The action of a pass, the move of a side with no step. */
static uint32_t bo_pass_action(void)
{
	return bo_action(bg_action_pass(BO_CELLS), -1, 0);
}

/* The steps into buf, or (act) their actions into acts; a pass when
 * there are none. */
BG_ALWAYS_INLINE size_t bo_movement(const bo_cfg *c, const bo_state *s,
				    bg_move *buf, uint32_t *acts, bool act)
{
	bo_steps st;
	bg_move *m = buf;
	size_t na = 0;

	bo_steps_of(s, &st);
	for (uint32_t o = bo_movers(&st); o; o &= o - 1) {
		int from = bg_ctz32(o);

		/* A piece none of whose steps makes a three: its four
		 * actions from the table, each kept when it is a step. */
		if (act && !(st.threes >> from & 1)) {
			for (int d = 0; d < 4; d++) {
				acts[na] = c->step_action[from][d];
				na += st.from[d] >> from & 1;
			}
			continue;
		}
		for (int d = 0; d < 4; d++) {
			int axes = bo_step_axes(&st, from, d);
			int to = c->nb[from][d], n;
			bo_three t[2];

			/* A step that makes no three, or none: its action
			 * written, kept when it is a step, with no branch
			 * that guesses. */
			if (act && !axes) {
				acts[na] = c->step_action[from][d];
				na += st.from[d] >> from & 1;
				continue;
			}
			/* (A step that makes a three is a step: the threes
			 * are of the pieces that can step.) */
			if (!act && !(st.from[d] & bit(from)))
				continue;
			n = axes ? bo_scoring(c, s, from, to, axes, t) : 0;
			if (act)
				na += bo_step_choices(t, n, from, to, true,
						      &acts[na], NULL);
			else
				m += bo_step_choices(t, n, from, to, false,
						     NULL, m);
		}
	}
	if (act) {
		if (na == 0)
			acts[na++] = bo_pass_action();
		return na;
	}
	if (m == buf)
		m = bo_put(m, BG_MOVE_PASS, 0, NULL, 0);
	return (size_t)(m - buf);
}

/* What the drop rules look at: the mover's pieces, the empty cells, the
 * cells where a first drop makes no three, and by cell p (with pair_gap)
 * the cells that leave the gap with a drop on p: 3 apart, and with
 * BO_GAP_EMPTY, no piece on the line between. */
typedef struct bo_drops {
	uint32_t own, empty, free0;
	uint32_t gapped[BO_ROW];
} bo_drops;

static void bo_drops_of(const bo_cfg *c, const bo_state *s, bo_drops *d)
{
	d->own = s->occ[s->turn];
	d->empty = ~(s->occ[0] | s->occ[1]) & BO_ALL;
	d->free0 = d->empty & ~bo_threats_any(d->own);
	if (!c->pair_gap)
		return;
	memcpy(d->gapped, c->far, sizeof(d->gapped));
	if (c->pair_gap != BO_GAP_EMPTY)
		return;
	/* Each piece rules out the cells it blocks for every p at once, a
	 * row of the table a piece. Checking each far cell of each p cost a
	 * load and a guessed branch, hundreds a placing turn. */
	for (uint32_t o = ~d->empty & BO_ALL; o; o &= o - 1) {
		const uint32_t *blocks = c->blocks[bg_ctz32(o)];

		for (int p = 0; p < BO_ROW; p++)
			d->gapped[p] &= ~blocks[p];
	}
}

/* The cells y such that x then y may be dropped under the no-three rule
 * waived drop by drop: each drop makes no three unless no cell would do. */
static uint32_t bo_waived_after(const bo_drops *d, int x)
{
	uint32_t rest = d->empty & ~bit(x), free1;

	if (d->free0 && !(d->free0 & bit(x)))
		return 0;
	free1 = rest & ~bo_threats_any(d->own | bit(x));
	return free1 ? free1 : rest;
}

/*
 * The levels of the drop rules, the first with a pair deciding:
 *   0. no own three, 3 apart;  1. no own three;
 *   2. no own three drop by drop where a cell allows it, 3 apart;
 *   3. the same, any distance.
 * Levels with the gap are skipped without pair_gap.
 */
enum { BO_LEVELS = 4 };

static bool bo_level_used(const bo_cfg *c, int level)
{
	return c->pair_gap || (level & 1);
}

/* The cells q > p that may be dropped with the empty cell p at a level. */
static uint32_t bo_seconds(const bo_drops *d, int level, int p)
{
	uint32_t q = d->empty & (~1u << p), ok;

	if (!(level & 1))
		q &= d->gapped[p];
	if (level < 2) {
		if (!(d->free0 & bit(p)))
			return 0;
		/* The threes a drop on p would join lie within two cells
		 * of it: a cell 3 apart only needs to be free itself. */
		q &= d->free0;
		return level ? q & ~bo_threats_any(d->own | bit(p)) : q;
	}
	ok = q & bo_waived_after(d, p);
	for (uint32_t r = q & ~ok; r; r &= r - 1)
		if (bo_waived_after(d, bg_ctz32(r)) & bit(p))
			ok |= r & -r;
	return ok;
}

/* The pairs of the first level that has one: their second cells by first
 * cell into sec, and their number. */
static int bo_pairs(const bo_cfg *c, const bo_state *s,
		    uint32_t sec[BO_CELLS])
{
	bo_drops d;

	bo_drops_of(c, s, &d);
	for (int level = 0; level < BO_LEVELS; level++) {
		int n = 0;

		if (!bo_level_used(c, level))
			continue;
		for (uint32_t a = d.empty; a; a &= a - 1) {
			int p = bg_ctz32(a);

			sec[p] = bo_seconds(&d, level, p);
			n += bg_popcount32(sec[p]);
		}
		if (n)
			return n;
	}
	return 0;
}

/* The pairs into buf, or (act) their actions into acts. A first cell's
 * actions are bo_action's scale apart by second cell; with AVX-512
 * (wide) they are written by two compresses of its second cells. */
BG_ALWAYS_INLINE size_t bo_placement(const bo_cfg *c, const bo_state *s,
				     bg_move *buf, uint32_t *acts, bool act,
				     bool wide)
{
	uint32_t sec[BO_CELLS], empty = ~(s->occ[0] | s->occ[1]) & BO_ALL;
	const uint32_t scale = bo_action(1, -1, 0);
	bg_move *m = buf;
	uint32_t *a = acts;

	if (!bo_pairs(c, s, sec))
		return 0;
	for (uint32_t e = empty; e; e &= e - 1) {
		int pts[2] = { bg_ctz32(e) };
		uint32_t base = bo_action(bg_action_pair(BO_CELLS, pts[0], 0),
					  -1, 0);

#ifdef BG_AVX512
		if (act && wide) {
			a = bg_bits_scaled_wide(a, base, scale, sec[pts[0]],
						2);
			continue;
		}
#else
		(void)wide;
#endif
		for (uint32_t b = sec[pts[0]]; b; b &= b - 1) {
			pts[1] = bg_ctz32(b);
			if (act)
				*a++ = base + (uint32_t)pts[1] * scale;
			else
				m = bo_put(m, BG_MOVE_PLACE, 2, pts, 0);
		}
	}
	return act ? (size_t)(a - acts) : (size_t)(m - buf);
}

/* A pair is legal when it is allowed at the first level that has one. */
static bool bo_pair_legal(const bo_cfg *c, const bo_state *s, int p, int q)
{
	uint32_t sec[BO_CELLS], empty = ~(s->occ[0] | s->occ[1]) & BO_ALL;

	return p < q && q < BO_CELLS && (empty & bit(p)) && (empty & bit(q)) &&
	       bo_pairs(c, s, sec) && (sec[p] & bit(q));
}

/* The check without a full generation: a step is compared with the moves
 * of that one step. */
static bool bo_is_legal(const void *cfgp, const void *stp, const bg_move *m)
{
	const bo_cfg *c = cfgp;
	const bo_state *s = stp;
	bg_move want;
	bo_steps st;
	bo_three t[2];
	int from, d, n, k;

	if (m->kind == BG_MOVE_PLACE) {
		int pts[2] = { m->pts[0], m->pts[1] };

		bo_put(&want, BG_MOVE_PLACE, 2, pts, 0);
		return bo_placing(s) && !memcmp(m, &want, sizeof(*m)) &&
		       bo_pair_legal(c, s, m->pts[0], m->pts[1]);
	}
	if (bo_placing(s))
		return false;
	bo_steps_of(s, &st);
	if (m->kind == BG_MOVE_PASS) {
		bo_put(&want, BG_MOVE_PASS, 0, NULL, 0);
		return !memcmp(m, &want, sizeof(*m)) && !bo_movers(&st);
	}
	from = m->pts[0];
	if (m->kind != BG_MOVE_STEP || m->npath != 2 || from >= BO_CELLS)
		return false;
	for (d = 0; d < 4 && c->nb[from][d] != m->pts[1]; d++)
		;
	if (d == 4 || !(st.from[d] & bit(from)))
		return false;
	k = bo_step_count(c, s, &st, from, d, t, &n);
	for (int r = 0; r < k; r++) {
		bo_step_move(&want, from, m->pts[1], t, n, r);
		if (!memcmp(m, &want, sizeof(*m)))
			return true;
	}
	return false;
}

static size_t bo_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	const bo_state *s = stp;

	return bo_placing(s) ?
		       bo_placement(cfgp, s, buf, NULL, false, false) :
		       bo_movement(cfgp, s, buf, NULL, false);
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t bo_placement_wide(const bo_cfg *c,
					       const bo_state *s,
					       uint32_t *acts)
{
	return bo_placement(c, s, NULL, acts, true, true);
}

/*
 * The steps' actions with BMI2 (the wide code's), read off one word a bit
 * an action: the pieces that can step are numbered in cell order (12 at
 * most), and the i-th has bit 4i + d where it steps going d. The loop
 * runs once a step, in bo_movement's order, not four times a piece with
 * a branch on whether the piece makes a three.
 */
static BG_WIDE_TARGET size_t bo_movement_wide(const bo_cfg *c,
					      const bo_state *s,
					      uint32_t *acts)
{
	bo_steps st;
	uint32_t movers;
	uint64_t slots = 0;
	size_t na = 0;

	_Static_assert(4 * BO_PIECES <= 64, "a side's steps fit a word");
	bo_steps_of(s, &st);
	movers = bo_movers(&st);
	for (int d = 0; d < 4; d++)
		slots |= _pdep_u64(_pext_u32(st.from[d], movers),
				   0x1111111111111111ull << d);
	for (; slots; slots &= slots - 1) {
		int k = bg_ctz64(slots), d = k & 3;
		int from = bg_ctz32(_pdep_u32(1u << (k >> 2), movers));
		int axes = bo_step_axes(&st, from, d), n;
		bo_three t[2];

		if (!axes) {
			acts[na++] = c->step_action[from][d];
			continue;
		}
		n = bo_scoring(c, s, from, c->nb[from][d], axes, t);
		na += bo_step_choices(t, n, from, c->nb[from][d], true,
				      &acts[na], NULL);
	}
	if (na == 0)
		acts[na++] = bo_pass_action();
	return na;
}
#endif

static size_t bo_legal_actions(const void *cfgp, const void *stp,
			       uint32_t *acts)
{
	const bo_state *s = stp;

#ifdef BG_AVX512
	if (!bo_placing(s) && bg_avx512_ok())
		return bo_movement_wide(cfgp, s, acts);
#endif
	if (!bo_placing(s))
		return bo_movement(cfgp, s, NULL, acts, true);
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return bo_placement_wide(cfgp, s, acts);
#endif
	return bo_placement(cfgp, s, NULL, acts, true, false);
}

/* The move of an action of bo_legal_actions, as bo_legal writes it: a
 * drop or a step without a removal from its points; a step that scores
 * removes the piece of the action's field, and with two threes and
 * pieces beside both, the partner (bo_partners) of the action's rank. */
static void bo_action_move(const void *cfgp, const void *stp,
			   uint32_t action, bg_move *m)
{
	const bo_state *s = stp;
	uint32_t base, rem, rank, all;
	int from, to, n, pts[4];
	bo_three t[2];

	bg_action_split(BO_CELLS + 1, BO_PIECES, action, &base, &rem, &rank);
	if (base == bg_action_pass(BO_CELLS)) {
		bo_put(m, BG_MOVE_PASS, 0, NULL, 0);
		return;
	}
	bg_action_ends(BO_CELLS, base, &from, &to);
	pts[0] = from;
	pts[1] = to;
	if (bo_placing(s) || rem == 0) {
		/* A step that scores has only moves that remove. */
		bo_put(m, bo_placing(s) ? BG_MOVE_PLACE : BG_MOVE_STEP, 2, pts,
		       0);
		return;
	}
	/* Along both axes, as the step's apply looks (an axis without a
	 * three has no run of three). */
	n = bo_scoring(cfgp, s, from, to, 3, t);
	assert(n > 0);
	pts[2] = (int)rem - 1;
	if (bo_one_removal(t, n, &all)) {
		bo_put(m, BG_MOVE_STEP, 2, pts, 1);
		return;
	}
	pts[3] = bo_nth_bit(bo_partners(t, bit(pts[2]), all), (int)rank);
	bo_put(m, BG_MOVE_STEP, 2, pts, 2);
}

/* ---- Random moves --------------------------------------------------------- */

/* The pair drawn: the list's r-th, found by counting second cells. */
static bool bo_random_pair(const bo_cfg *c, const bo_state *s, uint64_t *rng,
			   bg_move *out)
{
	uint32_t sec[BO_CELLS], empty = ~(s->occ[0] | s->occ[1]) & BO_ALL;
	int n = bo_pairs(c, s, sec), r;

	if (!n)
		return false;
	r = (int)bg_rand_below(rng, (uint64_t)n);
	for (uint32_t a = empty;; a &= a - 1) {
		int pts[2] = { bg_ctz32(a) }, k = bg_popcount32(sec[pts[0]]);

		if (r < k) {
			pts[1] = bo_nth_bit(sec[pts[0]], r);
			bo_put(out, BG_MOVE_PLACE, 2, pts, 0);
			return true;
		}
		r -= k;
	}
}

/* The step drawn: steps count one move each, but those making a scoring
 * three one per removal choice (worked out once, for the count and the
 * walk). A blocked side's pass is left to the core. */
static bool bo_random_step(const bo_cfg *c, const bo_state *s, uint64_t *rng,
			   bg_move *out)
{
	bo_steps st;
	bo_three t[2];
	uint8_t moves[4][BO_CELLS]; /* set where a step makes a three */
	uint32_t three[4];
	int total, n, r;

	bo_steps_of(s, &st);
	/* Two directions' pieces to a word: half the counting. */
	total = bg_popcount64(st.from[0] | (uint64_t)st.from[1] << 32) +
		bg_popcount64(st.from[2] | (uint64_t)st.from[3] << 32);
	for (int d = 0; d < 4; d++) {
		three[d] = st.three[0][d] | st.three[1][d];
		for (uint32_t f = three[d]; f; f &= f - 1) {
			int from = bg_ctz32(f);

			moves[d][from] = (uint8_t)bo_step_count(c, s, &st, from,
								d, t, &n);
			total += moves[d][from] - 1;
		}
	}
	if (!total)
		return false;
	r = (int)bg_rand_below(rng, (uint64_t)total);
	for (uint32_t o = bo_movers(&st);; o &= o - 1) {
		int from = bg_ctz32(o);

		for (int d = 0; d < 4; d++) {
			int k = three[d] & bit(from) ? moves[d][from] : 1;

			if (!(st.from[d] & bit(from)))
				continue;
			if (r < k) {
				n = 0;
				if (three[d] & bit(from))
					bo_step_count(c, s, &st, from, d, t,
						      &n);
				bo_step_move(out, from, c->nb[from][d], t, n, r);
				return true;
			}
			r -= k;
		}
	}
}

/* The move the list gives at index bg_rand(rng) % its length, built
 * alone. */
static bool bo_random_move(const void *cfgp, const void *stp, uint64_t *rng,
			   bg_move *out)
{
	const bo_state *s = stp;

	return bo_placing(s) ? bo_random_pair(cfgp, s, rng, out) :
			       bo_random_step(cfgp, s, rng, out);
}

/* ---- Applying moves ------------------------------------------------------- */

/* Kept in the order made, so undo only forgets the last ones. */
static void bo_keep_three(bo_state *s, uint64_t key)
{
	s->threes[s->nthrees++] = key;
	s->runs |= bo_slot((uint32_t)key);
	for (uint32_t r = (uint32_t)key; r; r &= r - 1)
		s->through[bg_ctz32(r)]++;
}

/* Back to the first n scored threes; a slot may stand for several
 * threes, so the slots and counts are gathered again. */
static void bo_forget_threes(bo_state *s, int n)
{
	s->runs = 0;
	memset(s->through, 0, sizeof(s->through));
	s->nthrees = 0;
	for (int i = 0; i < n; i++)
		bo_keep_three(s, s->threes[i]);
}

static void bo_drop(const bo_cfg *c, bo_state *s, int p)
{
	int seat = s->turn;

	s->hash ^= bo_zhand(seat, s->hand[seat]);
	s->id[p] = (uint8_t)(seat * BO_PIECES + BO_PIECES - s->hand[seat]);
	s->hand[seat]--;
	s->occ[seat] |= bit(p);
	s->hash ^= bo_zhand(seat, s->hand[seat]) ^ bo_zpiece(c, s, seat, p);
}

/* Keep a three the mover just scored; its pieces named for the first time
 * change keys. */
static void bo_name_three(const bo_cfg *c, bo_state *s, uint64_t key)
{
	uint32_t fresh = (uint32_t)(key >> 32) & ~s->named;

	bo_keep_three(s, key);
	s->hash ^= bo_zthree(key);
	for (uint32_t r = (uint32_t)key; r; r &= r - 1) {
		int p = bg_ctz32(r), id = s->id[p];

		if ((fresh >> id) & 1)
			s->hash ^= c->zpiece[s->turn][p] ^ c->zpiece[2 + id][p];
	}
	s->named |= fresh;
}

/* A step; a move with no removal made no scoring three. */
static void bo_step(const bo_cfg *c, bo_state *s, const bg_move *m,
		    bo_undo *u)
{
	int seat = s->turn, from = m->pts[0], to = m->pts[1];
	bo_three t[2];
	uint64_t keys[2];
	int n = m->nremove && !c->reuse ? bo_scoring(c, s, from, to, 3, t) : 0;

	for (int i = 0; i < n; i++)
		keys[i] = bo_key(s, from, to, t[i].run);
	s->hash ^= bo_zpiece(c, s, seat, from);
	s->occ[seat] ^= bit(from) | bit(to);
	s->id[to] = s->id[from];
	s->id[from] = BO_NONE;
	s->hash ^= bo_zpiece(c, s, seat, to);
	for (int i = 0; i < n; i++)
		bo_name_three(c, s, keys[i]);
	for (int i = 0; i < m->nremove; i++) {
		int p = m->pts[2 + i];

		s->hash ^= bo_zpiece(c, s, !seat, p);
		u->removed[i] = s->id[p];
		s->occ[!seat] &= ~bit(p);
		s->id[p] = BO_NONE;
	}
	s->passes = 0;
}

static int bo_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	bo_state *s = stp;
	bo_undo *u = undo;
	int flags = 0;

	u->hash = s->hash;
	u->named = s->named;
	u->passes = s->passes;
	u->nthrees = s->nthrees;
	if (m->kind == BG_MOVE_PASS) {
		s->passes++;
	} else if (m->kind == BG_MOVE_PLACE) {
		/* Identities go in ascending cell order, as the pair is
		 * listed, so a pair is one position. */
		bo_drop(cfgp, s, m->pts[0]);
		bo_drop(cfgp, s, m->pts[1]);
		flags = BG_APPLY_IRREVERSIBLE;
	} else {
		bo_step(cfgp, s, m, u);
		if (m->nremove)
			flags = BG_APPLY_IRREVERSIBLE;
	}
	s->turn = (uint8_t)!s->turn;
	s->hash ^= BO_ZTURN;
	return flags;
}

static void bo_unapply(const void *cfgp, void *stp, const bg_move *m,
		       const void *undo)
{
	bo_state *s = stp;
	const bo_undo *u = undo;
	int seat = !s->turn;

	(void)cfgp;
	if (m->kind == BG_MOVE_PLACE) {
		for (int i = 0; i < 2; i++) {
			s->occ[seat] &= ~bit(m->pts[i]);
			s->id[m->pts[i]] = BO_NONE;
		}
		s->hand[seat] += 2;
	} else if (m->kind == BG_MOVE_STEP) {
		s->occ[seat] ^= bit(m->pts[0]) | bit(m->pts[1]);
		s->id[m->pts[0]] = s->id[m->pts[1]];
		s->id[m->pts[1]] = BO_NONE;
		for (int i = 0; i < m->nremove; i++) {
			s->occ[!seat] |= bit(m->pts[2 + i]);
			s->id[m->pts[2 + i]] = u->removed[i];
		}
	}
	s->turn = (uint8_t)seat;
	s->hash = u->hash;
	s->named = u->named;
	s->passes = u->passes;
	if (s->nthrees != u->nthrees)
		bo_forget_threes(s, u->nthrees);
}

/* ---- Outcome, hash, pieces -------------------------------------------------- */

static void bo_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const bo_state *s = stp;

	(void)cfgp;
	(void)ctx;
	if (!bo_placing(s)) {
		bool few0 = !three_or_more(s->occ[0]);
		bool few1 = !three_or_more(s->occ[1]);

		if (few0 || few1) {
			if (few0 && few1)
				bg_result_set(out, BG_DRAW, -1,
					      BG_REASON_PIECES);
			else
				bg_result_set(out, BG_WIN, few0 ? 1 : 0,
					      BG_REASON_PIECES);
			return;
		}
	}
	if (s->passes >= 2)
		bg_result_set(out, BG_DRAW, -1, BG_REASON_PASSES);
}

static void bo_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const bo_state *s = stp;

	(void)cfgp;
	*seat = (s->occ[0] & bit(p)) ? 0 : (s->occ[1] & bit(p)) ? 1 : -1;
	*kind = *seat < 0 ? BG_PIECE_NONE : BG_PIECE_MAN;
}

static void bo_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const bo_state *s = stp;

	(void)cfgp;
	bg_board_pieces_two(s->occ[0], s->occ[1], set, words);
}

/* ---- Position text ---------------------------------------------------------- */

/* A piece's letter: A..L White's identities 0..11, a..l Black's. */
static char bo_letter(int id)
{
	return (char)(id < BO_PIECES ? 'A' + id : 'a' + id - BO_PIECES);
}

static void bo_put_cell(bg_strbuf *out, int p)
{
	bg_sb_printf(out, "%c%d", 'a' + p % BO_W, p / BO_W + 1);
}

static void bo_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const bo_cfg *c = cfgp;
	const bo_state *s = stp;
	uint64_t threes[BO_MAXTHREES];
	char cells[BO_CELLS];

	/* Sorted, so that the order they were made in does not show. */
	for (int i = 0; i < s->nthrees; i++) {
		int j = i;

		for (; j > 0 && threes[j - 1] > s->threes[i]; j--)
			threes[j] = threes[j - 1];
		threes[j] = s->threes[i];
	}
	for (int p = 0; p < BO_CELLS; p++)
		cells[p] = s->id[p] == BO_NONE ? '.' : bo_letter(s->id[p]);
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_printf(out, " %c %d %d %d ", s->turn ? 'b' : 'w', s->hand[0],
		     s->hand[1], s->passes);
	if (!s->nthrees)
		bg_sb_putc(out, '-');
	for (int i = 0; i < s->nthrees; i++) {
		uint32_t run = (uint32_t)threes[i];
		uint32_t ids = (uint32_t)(threes[i] >> 32);

		if (i)
			bg_sb_putc(out, ',');
		bo_put_cell(out, bg_ctz32(run));
		bg_sb_putc(out, '-');
		bo_put_cell(out, bg_high32(run));
		bg_sb_putc(out, ':');
		for (; ids; ids &= ids - 1)
			bg_sb_putc(out, bo_letter(bg_ctz32(ids)));
	}
}

/* The pieces: A..L white's, a..l black's, each at most once. */
static int bo_read_board(const bo_cfg *c, bo_state *s, const char **text)
{
	char cells[BO_CELLS];

	if (bg_board_read_ranks(&c->board, text,
				".ABCDEFGHIJKLabcdefghijkl", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < BO_CELLS; p++) {
		char ch = cells[p];
		int id;

		if (ch == '.')
			continue;
		id = ch >= 'a' ? ch - 'a' + BO_PIECES : ch - 'A';
		for (int q = 0; q < BO_CELLS; q++)
			if (s->id[q] == id)
				return bg_seterr(BG_EFORMAT,
						 "piece '%c' stands twice", ch);
		s->id[p] = (uint8_t)id;
		s->occ[id / BO_PIECES] |= bit(p);
	}
	return BG_OK;
}

/* A small decimal number ending at a space or the end of the text. */
static int bo_read_number(const char **text, int max, int *out)
{
	const char *t = *text;
	int v = 0;

	if (*t < '0' || *t > '9')
		return 0;
	for (; *t >= '0' && *t <= '9'; t++)
		if ((v = v * 10 + (*t - '0')) > max)
			return 0;
	*out = v;
	*text = t;
	return 1;
}

static int bo_read_cell(const char **text, int *p)
{
	const char *t = *text;

	if (t[0] < 'a' || t[0] >= 'a' + BO_W || t[1] < '1' ||
	    t[1] >= '1' + BO_H)
		return 0;
	*p = (t[1] - '1') * BO_W + (t[0] - 'a');
	*text = t + 2;
	return 1;
}

/* One scored three "a1-c1:ABC": a straight run of 3+ cells, lowest cell
 * first, and the same number of one side's identities, ascending. */
static int bo_read_three(const char **text, uint64_t *key)
{
	const char *t = *text;
	uint32_t run = 0, ids = 0;
	int a, b, n = 0, seat = -1, last = -1;

	if (!bo_read_cell(&t, &a) || *t++ != '-' || !bo_read_cell(&t, &b) ||
	    *t++ != ':')
		return bg_seterr(BG_EFORMAT,
				 "a scored three is 'a1-c1:ABC' (cells, pieces)");
	if (b <= a || (a / BO_W != b / BO_W && a % BO_W != b % BO_W))
		return bg_seterr(BG_EFORMAT,
				 "a scored three runs along a rank or a file, "
				 "lowest cell first");
	for (int p = a; p <= b; p += a / BO_W == b / BO_W ? 1 : BO_W)
		run |= bit(p);
	for (; *t && *t != ','; t++, n++) {
		int id = *t >= 'A' && *t < 'A' + BO_PIECES ? *t - 'A' :
			 *t >= 'a' && *t < 'a' + BO_PIECES ?
					      *t - 'a' + BO_PIECES :
					      -1;

		if (id < 0 || id <= last || (seat >= 0 && id / BO_PIECES != seat))
			return bg_seterr(BG_EFORMAT,
					 "a scored three names pieces of one side, "
					 "ascending (A..L or a..l)");
		seat = id / BO_PIECES;
		last = id;
		ids |= bit(id);
	}
	if (bg_popcount32(run) < 3 || n != bg_popcount32(run))
		return bg_seterr(BG_EFORMAT,
				 "a scored three has 3 or more cells and one "
				 "piece per cell");
	*key = (uint64_t)ids << 32 | run;
	*text = t;
	return BG_OK;
}

static int bo_read_threes(bo_state *s, const char *t)
{
	int per_seat[2] = { 0, 0 };

	if (!strcmp(t, "-"))
		return BG_OK;
	for (;;) {
		uint64_t key = 0;
		int rc = bo_read_three(&t, &key);

		if (rc)
			return rc;
		if (bo_scored(s, key))
			return bg_seterr(BG_EFORMAT, "a scored three is listed twice");
		if (s->nthrees == BO_MAXTHREES)
			return bg_seterr(BG_EFORMAT, "more than %d scored threes",
					 BO_MAXTHREES);
		per_seat[bg_ctz32((uint32_t)(key >> 32)) / BO_PIECES]++;
		bo_keep_three(s, key);
		if (!*t)
			break;
		t++;
	}
	if (bo_placing(s))
		return bg_seterr(BG_EFORMAT, "no three scores while placing");
	for (int seat = 0; seat < 2; seat++) {
		/* Each scoring move keeps at most two threes and removes
		 * at least one piece. */
		int removed = BO_PIECES - bg_popcount32(s->occ[!seat]);

		if (per_seat[seat] > 2 * removed)
			return bg_seterr(BG_EFORMAT,
					 "%s has %d scored threes but removed %d pieces",
					 seat ? "Black" : "White", per_seat[seat],
					 removed);
	}
	return BG_OK;
}

/* Pieces in hand, side to move and the pieces on the board agree. */
static int bo_check_counts(const bo_state *s)
{
	if (!bo_placing(s))
		return BG_OK;
	if ((s->hand[0] | s->hand[1]) & 1 ||
	    s->hand[0] != s->hand[1] - (s->turn ? 2 : 0))
		return bg_seterr(BG_EFORMAT,
				 "while placing, White drops first, two a turn: "
				 "%d and %d in hand with %s to move",
				 s->hand[0], s->hand[1], s->turn ? "Black" : "White");
	for (int seat = 0; seat < 2; seat++) {
		uint32_t want = (1u << (BO_PIECES - s->hand[seat])) - 1, have = 0;

		for (uint32_t o = s->occ[seat]; o; o &= o - 1)
			have |= bit(s->id[bg_ctz32(o)] - seat * BO_PIECES);
		if (have != want)
			return bg_seterr(BG_EFORMAT,
					 "while placing, %s's pieces are the first "
					 "%d dropped",
					 seat ? "Black" : "White",
					 BO_PIECES - s->hand[seat]);
	}
	if (s->passes)
		return bg_seterr(BG_EFORMAT, "no pass while placing");
	return BG_OK;
}

static int bo_read_position(const void *cfgp, void *stp, const char *text)
{
	const bo_cfg *c = cfgp;
	bo_state tmp;
	const char *t = text;
	int h0, h1, passes, rc;

	bo_init(c, &tmp);
	if ((rc = bo_read_board(c, &tmp, &t)))
		return rc;
	if ((t[0] != 'w' && t[0] != 'b') || t[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', after the board");
	tmp.turn = t[0] == 'b';
	t += 2;
	if (!bo_read_number(&t, BO_PIECES, &h0) || *t++ != ' ' ||
	    !bo_read_number(&t, BO_PIECES, &h1) || *t++ != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the pieces in hand, 0..12 each");
	if (!bo_read_number(&t, 2, &passes) || *t++ != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the passes just made, 0..2");
	tmp.hand[0] = (uint8_t)h0;
	tmp.hand[1] = (uint8_t)h1;
	tmp.passes = (uint8_t)passes;
	if ((rc = bo_check_counts(&tmp)) || (rc = bo_read_threes(&tmp, t)))
		return rc;
	bo_rekey(c, &tmp);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ------------------------------------------------------------------ */

static const bg_optdef bo_options[] = {
	{ "pair_gap", BG_OPT_INT, "2", "0..2",
	  "the two pieces dropped in a turn: 0 anywhere; 1 at least 3 apart "
	  "(Chebyshev); 2 at least 3 apart with no piece on the line between "
	  "them; the gap is waived when no pair allows it",
	  BG_OPT_FIELD(bo_cfg, pair_gap) },
	{ "reuse_threes", BG_OPT_BOOL, "0", "0|1",
	  "a three scores every time it is made, not once per game for the "
	  "same cells and pieces",
	  BG_OPT_FIELD(bo_cfg, reuse) },
	{ "capture_ends", BG_OPT_BOOL, "1", "0|1",
	  "the cells beyond the ends of a three count as beside it; 0: only "
	  "the cells beside its length",
	  BG_OPT_FIELD(bo_cfg, ends) },
};
_Static_assert(sizeof(bo_options) / sizeof(bo_options[0]) == BO_NOPTIONS,
	       "the standard option values follow the own ones");

/* Learning: two pieces dropped are a pair; the first removal is a field,
 * a second one a rank. The game makes the actions for batches itself. */
static void bo_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = {
		"own in hand", "opponent in hand", "passes", "scored threes"
	};

	(void)cfgp;
	out->pairs = 1;
	out->removals = 1;
	out->ranks = BO_PIECES;
	out->direct = BG_DIRECT_ALWAYS;
	out->nplanes = 4;
	out->counters = 3;
	out->plane_names = names;
}

static void bo_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const bo_state *st = stp;

	(void)cfgp;
	v[0] = st->hand[seat];
	v[1] = st->hand[!seat];
	v[2] = st->passes;
}

/* Per cell, the number of scored threes through it. (Which pieces made
 * them, their identities, is not shown: identities follow the order of
 * the drops, which no symmetry keeps.) */
static void bo_observe(const void *cfgp, const void *stp, int seat,
		       float *out)
{
	const bo_state *st = stp;

	(void)cfgp;
	(void)seat;
	bg_plane_bytes(out, BO_CELLS, st->through);
}

const bg_rules bg_rules_bolotudu = {
	.name = "bolotudu",
	.aliases = NULL,
	.title_en = "Bolotoudou",
	.title_ru = "Болотуду",
	.options = bo_options,
	.noptions = sizeof(bo_options) / sizeof(bo_options[0]),
	.std_def = { [BG_STD_REPETITION] = "3", [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(bo_cfg, std),
	.removal_cause = "makes a three",
	.config_size = sizeof(bo_cfg),
	.state_bytes = sizeof(bo_state),
	.head = true,
	.configure = bo_configure,
	.init = bo_init,
	.max_moves = bo_max_moves,
	.legal = bo_legal,
	.is_legal = bo_is_legal,
	.random_move = bo_random_move,
	.undo_size = sizeof(bo_undo),
	.apply = bo_apply,
	.unapply = bo_unapply,
	.outcome = bo_outcome,
	.piece = bo_piece,
	.pieces = bo_pieces,
	.write_position = bo_write_position,
	.read_position = bo_read_position,
	.learn = bo_learn,
	.legal_actions = bo_legal_actions,
	.action_move = bo_action_move,
	.counters = bo_counters,
	.observe = bo_observe,
};
