/*
 * Alquerque (Алькуерк): steps forward, sideways and diagonally forward
 * along the lines of the 5x5 board; optional capture chains with huffing;
 * the brochure's opening (White enters c3, Black takes it). Rules:
 * doc/games/alquerque.md.
 *
 * Points are numbered p = 5 * (rank - 1) + file, a1 = 0 ... e5 = 24, so a
 * side's pieces fit in one 32-bit word.
 */
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "board/lines.h"
#include "board/bits.h"
#include "board/chain.h"

#include <assert.h>
#include <string.h>

#define AQ_N 25
#define AQ_ALL ((1u << AQ_N) - 1)
#define AQ_C3 12
#define AQ_MAXJ 8
#define AQ_PIECES 12
/* The room of the legal list. One piece has at most 785 distinct capture
 * results on this board (an exhaustive count over every placing of 12
 * enemies) and 8 steps, so 12 pieces are not proven to stay below this, and
 * with huff choices each removal lists the side's moves again: a position
 * with more moves (none is known; real games list a few dozen) is reported
 * (BG_LEGAL_OVERFLOW), not cut short. One piece's moves always fit. */
#define AQ_MAX_MOVES 4096

/* Learning: the rank of a from-to action tells apart the chains that
 * share their ends (aq_learn). */
#define AQ_RANKS 64

#define AQ_BIT(p) ((uint32_t)1 << (p))

static const int8_t aq_xy[AQ_N][2] = {
	{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0},
	{0, 1}, {1, 1}, {2, 1}, {3, 1}, {4, 1},
	{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2},
	{0, 3}, {1, 3}, {2, 3}, {3, 3}, {4, 3},
	{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4},
};

/* doc/games/alquerque.md: 5 rows, 5 files and the 6 diagonals through the points
 * with file + rank even. All solid, as the brochure's board is drawn. */
static const bg_line aq_lines[] = {
	{BG_LINE_SOLID, 5, {0, 1, 2, 3, 4}},
	{BG_LINE_SOLID, 5, {5, 6, 7, 8, 9}},
	{BG_LINE_SOLID, 5, {10, 11, 12, 13, 14}},
	{BG_LINE_SOLID, 5, {15, 16, 17, 18, 19}},
	{BG_LINE_SOLID, 5, {20, 21, 22, 23, 24}},
	{BG_LINE_SOLID, 5, {0, 5, 10, 15, 20}},
	{BG_LINE_SOLID, 5, {1, 6, 11, 16, 21}},
	{BG_LINE_SOLID, 5, {2, 7, 12, 17, 22}},
	{BG_LINE_SOLID, 5, {3, 8, 13, 18, 23}},
	{BG_LINE_SOLID, 5, {4, 9, 14, 19, 24}},
	{BG_LINE_SOLID, 5, {0, 6, 12, 18, 24}},  /* a1-e5 */
	{BG_LINE_SOLID, 5, {20, 16, 12, 8, 4}},  /* a5-e1 */
	{BG_LINE_SOLID, 3, {10, 16, 22}},        /* a3-b4-c5 */
	{BG_LINE_SOLID, 3, {2, 8, 14}},          /* c1-d2-e3 */
	{BG_LINE_SOLID, 3, {10, 6, 2}},          /* a3-b2-c1 */
	{BG_LINE_SOLID, 3, {22, 18, 14}},        /* c5-d4-e3 */
};

/* White: ranks 1-2, d3, e3. Black: ranks 4-5, a3, b3. */
static const uint32_t aq_start[2] = {
	0x3ffu | AQ_BIT(13) | AQ_BIT(14),
	(0x3ffu << 15) | AQ_BIT(10) | AQ_BIT(11),
};

enum { AQ_SCORE_ADD, AQ_SCORE_REPLACE };

/* The point differences of the four line directions (east, north-west,
 * north, north-east); each is taken up (+d) and down (-d). */
static const int aq_delta[4] = { 1, 4, 5, 6 };

/* The jumps of a piece by slot, as the difference to the point jumped
 * over, in the order of the lines: row, file, then the diagonals, each
 * towards its first listed point first. A point jumps along one line of
 * each difference at most, and where it jumps along both diagonals the
 * one of difference 6 is listed first, so a set of slots in a byte is a
 * piece's jumps in list order. */
static const int aq_slot_delta[AQ_MAXJ] = { -1, 1, -5, 5, -6, 6, 4, -4 };

/* Two boards in a word, `hi` from bit AQ_HI: a shift right by up to 12
 * moves nothing of one into the other. A jump d points down, from p over
 * p - d onto p - 2 d, read from its landing is one up: with the jumper's
 * and the landing's boards swapped in the high half, shifts right find
 * the jumps both ways at once. */
#define AQ_HI 39

static uint64_t aq_pack(uint32_t lo, uint32_t hi)
{
	return lo | (uint64_t)hi << AQ_HI;
}

typedef struct aq_cfg {
	bg_board board;
	uint32_t step[2][AQ_N]; /* where a seat's piece on p may step */
	/* The same points as rows (bg_row_of, padded with AQ_N): a
	 * piece's step actions written without a loop. */
	uint8_t srow[2][AQ_N][8];
	uint32_t sact[2][AQ_N][8]; /* their actions (aq_action) */
	/* The points from which a seat's piece may step, or jump, by
	 * +aq_delta[k] (up) or -aq_delta[k] (down): all pieces' moves in a
	 * few word operations. */
	uint32_t sup[2][4], sdown[2][4], jup[2][4], jdown[2][4];
	/* The jumps in one word per direction (aq_pack): the points that
	 * jump aq_delta[k] up in the low half, the points those jumping as
	 * far down land on in the high half. */
	uint64_t jpack[2][4];
	/* The jumps a seat's piece on p may make, by slot (aq_slot_delta):
	 * the point jumped over and the landing. */
	uint8_t jover[2][AQ_N][AQ_MAXJ];
	uint8_t jto[2][AQ_N][AQ_MAXJ];
	uint32_t jovers[2][AQ_N]; /* the points jumped over, as a set */
	uint8_t jslots[2][AQ_N]; /* the slots a seat's piece on p has */
	uint8_t mid[AQ_N][AQ_N]; /* the point between p and q, for replay */
	/* For each byte, the indices of its set bits, lowest first, 3 bits
	 * each: a piece's r-th step or jump without a loop. */
	uint32_t nth[256];
	/* The keys of aq_full_hash: pieces per seat, huff candidates, side
	 * to move, opening. */
	uint64_t z[2][AQ_N], zpend[AQ_N], zturn, zopening;
	bool opening;
	bool huff_all;
	int score;
	bg_stdvals std;
} aq_cfg;

typedef struct aq_state {
	uint64_t hash; /* aq_full_hash, kept incrementally */
	uint8_t turn;
	uint8_t opening; /* the opening rule governs this move */
	uint8_t pad[2];
	/* huff_all: pieces of the side that just moved, one of which the
	 * side to move removes as part of its move (when there were
	 * several to choose from). */
	uint32_t pending;
	uint32_t bb[2];
} aq_state;
BG_CONFIG_BOARD(aq_cfg);
BG_STATE_HEAD(aq_state);

/* The learning action (aq_learn) of the move from -> to of `rank` (a
 * step's is 0) without a huff removal. */
static uint32_t aq_action(const aq_cfg *c, int from, int to, uint32_t rank)
{
	return bg_action_make(c->huff_all ? AQ_N + 1 : 1, AQ_RANKS,
			      bg_action_pair(AQ_N, from, to), 0, rank);
}

/* ---- Configuration -------------------------------------------------------- */

enum { AQ_OPT_OPENING, AQ_OPT_FORWARD, AQ_OPT_HUFF_ALL, AQ_OPT_SCORE,
       AQ_NOPTIONS };

/* A move in direction dy is allowed for seat: not backward. */
static bool aq_not_backward(int seat, int dy)
{
	return seat == 0 ? dy >= 0 : dy <= 0;
}

/* The index k of the direction from p to q (|q - p| = aq_delta[k]); q one
 * step along a line from p. */
static int aq_dir(int p, int q)
{
	int d = q > p ? q - p : p - q;
	int k = 0;

	while (aq_delta[k] != d)
		k++;
	return k;
}

/* Enter the move from p to q (a step, or a jump landing on q) in the
 * direction sets up/down. */
static void aq_set_dir(uint32_t up[4], uint32_t down[4], int p, int q)
{
	if (q > p)
		up[aq_dir(p, q)] |= AQ_BIT(p);
	else
		down[aq_dir(p, q)] |= AQ_BIT(p);
}

static int aq_configure(void *cfgp, const bg_optval *opts)
{
	aq_cfg *c = cfgp;
	bool forward_only = opts[AQ_OPT_FORWARD].i != 0;
	bg_lineboard lb;

	bg_board_lines(&c->board, 5, 5, AQ_N, aq_xy, aq_lines,
		       sizeof(aq_lines) / sizeof(aq_lines[0]));
	bg_lineboard_build(&lb, &c->board);
	memset(c->mid, 0xff, sizeof(c->mid));
	for (int p = 0; p < AQ_N; p++) {
		for (int s = 0; s < 2; s++)
			c->board.marks[p] |= (aq_start[s] & AQ_BIT(p)) ?
					     (s ? BG_MARK_HOME1 : BG_MARK_HOME0) : 0;
		for (int k = 0; k < lb.nstep[p]; k++)
			for (int s = 0; s < 2; s++)
				if (aq_not_backward(s, lb.step[p][k].dy)) {
					c->step[s][p] |= AQ_BIT(lb.step[p][k].to);
					aq_set_dir(c->sup[s], c->sdown[s], p,
						   lb.step[p][k].to);
				}
		for (int k = 0; k < lb.njump[p]; k++) {
			const bg_link *l = &lb.jump[p][k];
			int slot = 0;

			while (aq_slot_delta[slot] != l->over - p)
				slot++;
			c->mid[p][l->to] = l->over;
			for (int s = 0; s < 2; s++) {
				if (forward_only && !aq_not_backward(s, l->dy))
					continue;
				c->jovers[s][p] |= AQ_BIT(l->over);
				c->jslots[s][p] |= (uint8_t)(1u << slot);
				aq_set_dir(c->jup[s], c->jdown[s], p, l->over);
				c->jover[s][p][slot] = l->over;
				c->jto[s][p][slot] = l->to;
			}
		}
	}
	for (int s = 0; s < 2; s++)
		for (int p = 0; p < AQ_N; p++) {
			bool row = bg_row_of(c->step[s][p], AQ_N, c->srow[s][p],
					     8);

			assert(row); /* at most eight neighbours */
			(void)row;
			for (int k = 0; k < 8; k++)
				c->sact[s][p][k] = aq_action(
					c, p, c->srow[s][p][k], 0);
		}
	for (int s = 0; s < 2; s++)
		for (int k = 0; k < 4; k++) {
			int d = aq_delta[k];

			c->jpack[s][k] = aq_pack(c->jup[s][k],
						 c->jdown[s][k] >> 2 * d);
		}
	for (unsigned x = 0; x < 256; x++) {
		int r = 0;

		for (int b = 0; b < 8; b++)
			if (x & 1u << b)
				c->nth[x] |= (uint32_t)b << 3 * r++;
	}
	c->board.marks[AQ_C3] |= BG_MARK_SPECIAL;
	for (int p = 0; p < AQ_N; p++) {
		c->z[0][p] = bg_zobrist(0, (uint32_t)p);
		c->z[1][p] = bg_zobrist(1, (uint32_t)p);
		c->zpend[p] = bg_zobrist(4, (uint32_t)p);
	}
	c->zturn = bg_zobrist(2, 0);
	c->zopening = bg_zobrist(3, 0);
	return BG_OK;
}

static size_t aq_max_moves(const void *cfgp)
{
	(void)cfgp;
	return AQ_MAX_MOVES;
}

/* The position key: pieces, huff candidates, side to move, opening. */
static uint64_t aq_full_hash(const aq_cfg *c, const aq_state *s)
{
	uint64_t h = 0;

	for (int seat = 0; seat < 2; seat++)
		for (uint32_t b = s->bb[seat]; b; b &= b - 1)
			h ^= c->z[seat][bg_ctz32(b)];
	for (uint32_t b = s->pending; b; b &= b - 1)
		h ^= c->zpend[bg_ctz32(b)];
	if (s->turn)
		h ^= c->zturn;
	if (s->opening)
		h ^= c->zopening;
	return h;
}

static void aq_init(const void *cfgp, void *st)
{
	const aq_cfg *c = cfgp;
	aq_state *s = st;

	memset(s, 0, sizeof(*s));
	s->bb[0] = aq_start[0];
	s->bb[1] = aq_start[1];
	s->opening = c->opening;
	s->hash = aq_full_hash(c, s);
}

/* ---- Captures ------------------------------------------------------------- */

/* Can seat's piece on p capture, with `occ` every piece on the board and
 * `enemy` the enemies? A chain that began on `from` may not land there. */
static bool aq_can_capture(const aq_cfg *c, int seat, int p, int from,
			   uint32_t occ, uint32_t enemy)
{
	uint32_t empty = ~(occ | AQ_BIT(from)) & AQ_ALL;

	/* The points of a jump are equally spaced: it lands on 2 over - p. */
	for (uint32_t b = enemy & c->jovers[seat][p]; b; b &= b - 1)
		if (empty & AQ_BIT(2 * bg_ctz32(b) - p))
			return true;
	return false;
}

/* The jumps the piece of seat on p can make now, as a set of slots: over
 * a piece of `enemy` onto a point of `empty`. Every slot tested, each by
 * shifts of the two sets by its constant distances: a loop over the
 * enemies beside p ended where the processor could not guess. Point q is
 * bit 32 + q - p of the sets shifted, so that slots going down read
 * bits too; a slot the piece does not have may read anything. */
BG_ALWAYS_INLINE unsigned aq_jumps_at(const aq_cfg *c, int seat, int p,
				      uint32_t enemy, uint32_t empty)
{
	uint64_t prey = (uint64_t)enemy << 32 >> p;
	uint64_t land = (uint64_t)empty << 32 >> p;
	unsigned out = 0;

#pragma GCC unroll 8
	for (int k = 0; k < AQ_MAXJ; k++) {
		int d = aq_slot_delta[k];

		out |= (unsigned)(prey >> (32 + d) & land >> (32 + 2 * d) &
				  1) << k;
	}
	return out & c->jslots[seat][p];
}

/* The pieces of `up` that jump d points up and those of `down` that jump
 * d points down, over a piece of `prey` onto an empty point. */
static uint32_t aq_jump_dir(uint32_t up, uint32_t down, uint32_t prey,
			    uint32_t empty, int d)
{
	return (up & prey >> d & empty >> 2 * d) |
	       (down & prey << d & empty << 2 * d);
}

/* The pieces of seat among `pieces` that could jump a piece of `prey` onto
 * an empty point. (The directions written out: constant shifts.) */
BG_ALWAYS_INLINE uint32_t
aq_capturers(const aq_cfg *c, int seat, uint32_t pieces, uint32_t prey,
	     uint32_t empty)
{
	const uint32_t *up = c->jup[seat], *down = c->jdown[seat];

	return pieces & (aq_jump_dir(up[0], down[0], prey, empty, 1) |
			 aq_jump_dir(up[1], down[1], prey, empty, 4) |
			 aq_jump_dir(up[2], down[2], prey, empty, 5) |
			 aq_jump_dir(up[3], down[3], prey, empty, 6));
}

/* Can a piece of seat among `pieces` step to a point of `empty`? The
 * directions one at a time, along the files last: the outcome looks
 * there before. */
BG_ALWAYS_INLINE bool aq_can_step(const aq_cfg *c, int seat, uint32_t pieces,
				  uint32_t empty)
{
	const uint32_t *up = c->sup[seat], *down = c->sdown[seat];

	return (((pieces & up[0]) << 1 | (pieces & down[0]) >> 1) & empty) ||
	       (((pieces & up[1]) << 4 | (pieces & down[1]) >> 4) & empty) ||
	       (((pieces & up[3]) << 6 | (pieces & down[3]) >> 6) & empty) ||
	       (((pieces & up[2]) << 5 | (pieces & down[2]) >> 5) & empty);
}

/* ---- Move generation ------------------------------------------------------ */

/* huff_all: after a step from -> to by a side whose pieces in `could`
 * could have captured, the huffed piece leaves *own when it is the only
 * one; returns the candidates left for the opponent to choose from. */
static uint32_t aq_huff_step(uint32_t *own, uint32_t could, int from, int to)
{
	if (!could)
		return 0;
	if (could & AQ_BIT(from))
		could = (could & ~AQ_BIT(from)) | AQ_BIT(to);
	if (bg_popcount64(could) != 1)
		return could;
	*own &= ~could;
	return 0;
}

/* Where the side to move may step: the opening lets White only enter c3
 * and Black not step at all. */
static uint32_t aq_step_to(const aq_state *s)
{
	if (!s->opening)
		return AQ_ALL;
	return s->turn == 0 ? AQ_BIT(AQ_C3) : 0;
}

/* The points the piece on p (of the side to move) may step to. */
static uint32_t aq_piece_steps(const aq_cfg *c, const aq_state *s, int p)
{
	return c->step[s->turn][p] & ~(s->bb[0] | s->bb[1]) & aq_step_to(s);
}

/* One generation pass: a side's moves with an optional huff removal. */
typedef struct aq_gen {
	const aq_cfg *c;
	int seat;
	uint32_t side;   /* own pieces */
	uint32_t step_to; /* where steps may go (0: no steps) */
	uint32_t capt;   /* the pieces that may capture */
	int from;        /* the piece moving */
	uint32_t own;    /* own pieces, the moving one excluded */
	uint32_t enemy;  /* enemy pieces, the huff removal (list.removal)
			    taken off */
	uint32_t must;   /* opening: pieces the capture must include */
	uint32_t could;  /* huff_all: the pieces that could capture */
	bool scan_all;   /* huff choices: compare with every move listed */
	/* The list (steps and chains) and the chain walk: in list.buf; or,
	 * with buf NULL, the move numbered list.pick goes to list.out (the
	 * others are only counted); or is list.want listed? Beside each
	 * move, the position it reaches: the pieces, and the huff
	 * candidates it leaves. */
	bg_chain list;
} aq_gen;

/* The chains of one piece that the actions are made from (most pieces
 * have a few): a piece with more leaves its position to the list. */
#define AQ_PIECE_CHAINS 64

/* The key store of the generator, in the handle's work space: 64 KB, too
 * much for the stack. */
typedef struct aq_work {
	union {
		bg_reached keys[AQ_MAX_MOVES];
		/* aq_walk's: the results of every piece of a side (at
		 * most 785 each) fit. */
		uint32_t ckeys[AQ_MAX_MOVES * 4];
		/* aq_piece_chains': one piece's chains and their keys. */
		struct {
			bg_reached keys[AQ_PIECE_CHAINS];
			bg_move moves[AQ_PIECE_CHAINS];
		} piece;
	};
} aq_work;
_Static_assert(AQ_PIECES * 785 <= AQ_MAX_MOVES * 4,
	       "aq_walk keeps the chain results of all pieces at once");
_Static_assert(sizeof(((aq_work *)0)->piece) <=
	       sizeof(((aq_work *)0)->keys),
	       "one piece's chains take no more room than the list's keys");

static size_t aq_work_size(const void *cfgp)
{
	(void)cfgp;
	return sizeof(aq_work);
}

/* The list of g: into buf (NULL: counted), its keys in keys, room max.
 * Every prefix of a chain is a move. */
static void aq_gen_list(aq_gen *g, bg_move *buf, bg_reached *keys, size_t max)
{
	bg_chain_init(&g->list, buf, keys, 0, max);
	g->list.every_prefix = true;
	g->list.max_hops = AQ_PIECES;
}

/* A pass that counts, with the key store of the handle of c; the callers
 * set what else it does. */
static void aq_gen_init(aq_gen *g, const aq_cfg *c)
{
	aq_work *w = bg_work(c, sizeof(*c));

	g->c = c;
	g->scan_all = false;
	aq_gen_list(g, NULL, w->keys, AQ_MAX_MOVES);
}

/* Write the capture along path (npath points). */
static void aq_write_capture(bg_move *m, const uint16_t *path, int npath)
{
	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_CAPTURE;
	m->npath = (uint8_t)npath;
	memcpy(m->pts, path, (size_t)npath * sizeof(path[0]));
}

/* The jumps from p, in the order of its jump list: over an enemy not
 * taken yet to an empty point (not the piece's start). */
BG_ALWAYS_INLINE int aq_hops(void *ctx, const bg_chain *w, int p, int tag,
			     bg_hop *out)
{
	const aq_gen *g = ctx;
	const aq_cfg *c = g->c;
	uint32_t enemy = g->enemy & ~(uint32_t)w->taken;
	unsigned jumps = aq_jumps_at(c, g->seat, p, enemy,
				     ~(g->side | enemy) & AQ_ALL);
	int n = 0;

	(void)tag;
	for (; jumps; jumps &= jumps - 1) {
		int k = bg_ctz32(jumps);

		out[n].over = c->jover[g->seat][p][k];
		out[n].to = c->jto[g->seat][p][k];
		out[n++].tag = 0;
	}
	return n;
}

/* A chain that stops while it could go on loses its piece (huff); in the
 * opening it must take c3. */
BG_ALWAYS_INLINE bool aq_reached(void *ctx, const bg_chain *w, int to, int tag,
				 int nhops, bg_reached *key)
{
	const aq_gen *g = ctx;
	uint32_t taken = (uint32_t)w->taken;

	(void)tag;
	if ((taken & g->must) != g->must)
		return false;
	key->a = (uint64_t)(g->enemy & ~taken) << 32 |
		 (g->own | (nhops ? 0 : AQ_BIT(to)));
	key->b = 0;
	return true;
}

/* The steps of the piece on g->from: to the points of c->step in order,
 * each listed unless an earlier one reaches the same position (under
 * huff_all, two steps of a piece that is huffed wherever it goes). */
static void aq_steps(aq_gen *g)
{
	bg_chain *l = &g->list;
	uint32_t empty = ~(g->side | g->enemy) & AQ_ALL;

	for (uint32_t b = g->c->step[g->seat][g->from] & empty & g->step_to;
	     b; b &= b - 1) {
		int to = bg_ctz32(b);
		uint32_t own = g->own | AQ_BIT(to);
		uint32_t pend = aq_huff_step(&own, g->could, g->from, to);
		bg_reached key = { (uint64_t)g->enemy << 32 | own, pend };

		/* Only a step that may huff can reach a position listed
		 * (a chain takes a piece, and two steps end apart): the
		 * others are compared with none. */
		if (!g->could)
			l->scan = l->n;
		bg_chain_emit_step(l, g->from, to, key);
	}
}

/* Set up a pass over the moves of the side to move after the huff removal
 * `removal` (or none: -1). This and aq_gen_piece inlined where they are
 * called: the list, is_legal and the actions' walks each keep the pass's
 * fields in registers (the list 6 % faster than with the calls). */
BG_ALWAYS_INLINE void aq_gen_begin(aq_gen *g, const aq_state *s, int removal)
{
	int seat = s->turn;
	uint32_t own = s->bb[seat], enemy = s->bb[!seat], capt;

	if (removal >= 0)
		enemy &= ~AQ_BIT(removal);
	g->seat = seat;
	g->list.removal = removal;
	g->side = own;
	g->enemy = enemy;
	/* The opening: White only enters c3, Black only takes it. */
	g->step_to = aq_step_to(s);
	capt = aq_capturers(g->c, seat, own, enemy, ~(own | enemy) & AQ_ALL);
	g->capt = !s->opening || seat == 1 ? capt : 0;
	g->must = s->opening && seat == 1 ? AQ_BIT(AQ_C3) : 0;
	g->could = g->c->huff_all ? capt : 0;
}

/* The moves of the piece on `from`, appended at g->n: its steps by point,
 * then its capture chains depth first in line order. */
BG_ALWAYS_INLINE void aq_gen_piece(aq_gen *g, int from)
{
	/* Two chains of one piece reach the same position; with a huff
	 * choice, so can a chain taking q after removing q' and one taking
	 * q' after removing q. (aq_steps moves it for the steps.) */
	size_t scan = g->scan_all ? 0 : g->list.n;

	g->from = from;
	g->own = g->side & ~AQ_BIT(from);
	g->list.path[0] = (uint16_t)from;
	g->list.scan = scan;
	if (g->step_to)
		aq_steps(g);
	g->list.scan = scan;
	if (g->capt & AQ_BIT(from))
		bg_chain_walk(&g->list, g, from, 0, aq_hops, aq_reached);
}

/* Every move of the side to move after the removal (or -1), of the pieces
 * in `pieces`, in point order. */
static void aq_gen_side(aq_gen *g, const aq_state *s, int removal,
			uint32_t pieces)
{
	aq_gen_begin(g, s, removal);
	/* Steps and chains never reach the same position (a chain takes a
	 * piece), so is_legal makes only the kind it looks for. */
	if (g->list.want && g->list.want->kind == BG_MOVE_CAPTURE)
		g->step_to = 0;
	if (g->list.want && g->list.want->kind == BG_MOVE_STEP)
		g->capt = 0;
	for (uint32_t b = g->side & pieces; b; b &= b - 1)
		aq_gen_piece(g, bg_ctz32(b));
}

static size_t aq_legal(const void *cfgp, const void *st, bg_move *buf)
{
	const aq_state *s = st;
	aq_gen g;

	aq_gen_init(&g, cfgp);
	g.list.buf = buf;
	g.scan_all = s->pending != 0;
	if (!s->pending)
		aq_gen_side(&g, s, -1, AQ_ALL);
	for (uint32_t b = s->pending; b; b &= b - 1)
		aq_gen_side(&g, s, bg_ctz32(b), AQ_ALL);
	return g.list.overflow ? BG_LEGAL_OVERFLOW : g.list.n;
}

/* The actions of the steps of the pieces of `own` to the points of `to`,
 * in aq_legal's order: each piece's row of step actions (cfg.sact, their
 * points cfg.srow) written and each kept where `to` has its point, or
 * (wide) picked by one compress. A loop over each piece's steps ended
 * where the processor could not guess. */
BG_ALWAYS_INLINE size_t aq_steps_actions(const aq_cfg *c, int seat,
					 uint32_t own, uint32_t to,
					 uint32_t *acts, bool wide)
{
	size_t n = 0;

	for (uint32_t b = own; b; b &= b - 1) {
		int from = bg_ctz32(b);

#ifdef BG_AVX512
		if (wide) {
			n += bg_row_actions_wide(&acts[n], c->sact[seat][from],
						 8, c->step[seat][from], to);
			continue;
		}
#else
		(void)wide;
#endif
		n += bg_row_actions(&acts[n], c->sact[seat][from],
				    c->srow[seat][from], 8, to);
	}
	return n;
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t aq_steps_actions_wide(const aq_cfg *c,
						   int seat, uint32_t own,
						   uint32_t to,
						   uint32_t *acts)
{
	return aq_steps_actions(c, seat, own, to, acts, true);
}
#endif

/* The chains of the piece on `from`, g set up by aq_gen_begin without a
 * huff removal, as aq_legal lists them, into the work space's piece list
 * (*out): their count, or BG_LEGAL_OVERFLOW for more than it holds. */
static size_t aq_piece_chains(aq_gen *g, int from, const bg_move **out)
{
	aq_work *w = bg_work(g->c, sizeof(*g->c));

	aq_gen_list(g, w->piece.moves, w->piece.keys, AQ_PIECE_CHAINS);
	g->step_to = 0;
	aq_gen_piece(g, from);
	*out = w->piece.moves;
	return g->list.overflow ? BG_LEGAL_OVERFLOW : g->list.n;
}

/* The rank of chain i among the n chains of one piece: the chains to the
 * same point before it in bg_move_cmp's order, as the list's numbering
 * counts them (a step never ends where a chain does: a jump moves a piece
 * two points along a line). */
static uint32_t aq_chain_rank(const bg_move *chains, size_t n, size_t i)
{
	const bg_move *m = &chains[i];
	uint16_t to = m->pts[m->npath - 1];
	uint32_t rank = 0;

	for (size_t j = 0; j < n; j++)
		rank += j != i && chains[j].pts[chains[j].npath - 1] == to &&
			bg_move_cmp(&chains[j], m) < 0;
	return rank;
}

/* The points where more than one of the n chains of a piece end: only
 * their chains can have a rank above 0. */
static uint32_t aq_shared_ends(const bg_move *chains, size_t n)
{
	uint32_t once = 0, twice = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t end = AQ_BIT(chains[i].pts[chains[i].npath - 1]);

		twice |= once & end;
		once |= end;
	}
	return twice;
}

/* The first jumps of the piece on `from` (slots of aq_jumps_at; g set up
 * by aq_gen_begin without a huff removal) when none can be followed by
 * another, as most pieces that can take have them: each jump is then a
 * chain of its own, ending apart from the others (rank 0), and the walk
 * is not needed. 0 when one can be followed. */
BG_ALWAYS_INLINE unsigned aq_single_jumps(const aq_gen *g, int from)
{
	const aq_cfg *c = g->c;
	int seat = g->seat;
	uint32_t side = g->side, enemy = g->enemy;
	unsigned jumps = aq_jumps_at(c, seat, from, enemy,
				     ~(side | enemy) & AQ_ALL);

	for (unsigned b = jumps; b; b &= b - 1) {
		int k = bg_ctz32(b);
		uint32_t left = enemy & ~AQ_BIT(c->jover[seat][from][k]);

		if (aq_jumps_at(c, seat, c->jto[seat][from][k], left,
				~(side | left) & AQ_ALL))
			return 0;
	}
	return jumps;
}

/* Where pieces can take, past the opening and without huff choices (no
 * step then reaches another move's position): each piece's steps as
 * aq_steps_actions makes them, then its chains' actions, in aq_legal's
 * order; a run of pieces that cannot take in one call. (The list's way,
 * its moves written and numbered, made 3 to 13 % fewer steps a second.)
 * BG_ACTIONS_LISTED where a piece has more chains than its list holds or
 * the ranks number. */
BG_ALWAYS_INLINE size_t aq_capture_actions(const aq_cfg *c,
					   const aq_state *s, uint32_t *acts,
					   bool wide)
{
	int seat = s->turn;
	uint32_t own = s->bb[seat], run = 0;
	uint32_t to = ~(own | s->bb[!seat]) & AQ_ALL;
	size_t n = 0;
	aq_gen g;

	aq_gen_init(&g, c);
	aq_gen_begin(&g, s, -1);
	for (uint32_t b = own; b; b &= b - 1) {
		int from = bg_ctz32(b);
		const bg_move *chains;
		uint32_t shared;
		unsigned jumps;
		size_t k;

		run |= AQ_BIT(from);
		if (!(g.capt & AQ_BIT(from)))
			continue;
		n += aq_steps_actions(c, seat, run, to, &acts[n], wide);
		run = 0;
		if ((jumps = aq_single_jumps(&g, from)) != 0) {
			for (; jumps; jumps &= jumps - 1) {
				int land = c->jto[seat][from][bg_ctz32(jumps)];

				acts[n++] = aq_action(c, from, land, 0);
			}
			continue;
		}
		if ((k = aq_piece_chains(&g, from, &chains)) ==
		    BG_LEGAL_OVERFLOW)
			return BG_ACTIONS_LISTED;
		shared = aq_shared_ends(chains, k);
		for (size_t i = 0; i < k; i++) {
			int end = chains[i].pts[chains[i].npath - 1];
			uint32_t rank = shared & AQ_BIT(end) ?
					aq_chain_rank(chains, k, i) : 0;

			if (rank >= AQ_RANKS)
				return BG_ACTIONS_LISTED;
			acts[n++] = aq_action(c, from, end, rank);
		}
	}
	return n + aq_steps_actions(c, seat, run, to, &acts[n], wide);
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t aq_capture_actions_wide(const aq_cfg *c,
						     const aq_state *s,
						     uint32_t *acts)
{
	return aq_capture_actions(c, s, acts, true);
}
#endif

/* The actions of a position without a huff removal pending, in aq_legal's
 * order: the steps alone where no piece can take, else the steps and
 * chains where the opening and huff choices do not govern. The other
 * positions are left to the list. */
static size_t aq_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	int seat = s->turn;
	uint32_t own = s->bb[seat], enemy = s->bb[!seat];
	uint32_t empty = ~(own | enemy) & AQ_ALL, to = empty & aq_step_to(s);

	if (s->pending)
		return BG_ACTIONS_LISTED;
	if (aq_capturers(c, seat, own, enemy, empty)) {
		if (s->opening || c->huff_all)
			return BG_ACTIONS_LISTED;
#ifdef BG_AVX512
		if (bg_avx512_ok())
			return aq_capture_actions_wide(c, s, acts);
#endif
		return aq_capture_actions(c, s, acts, false);
	}
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return aq_steps_actions_wide(c, seat, own, to, acts);
#endif
	return aq_steps_actions(c, seat, own, to, acts, false);
}

/* The move of one of those actions: a step where `to` is next to the
 * piece, else the chain of that rank among the piece's chains there. */
static void aq_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	const bg_move *chains;
	uint32_t base, rem, rank;
	int from, to;
	size_t k;
	aq_gen g;

	bg_action_split(c->huff_all ? AQ_N + 1 : 1, AQ_RANKS, action, &base,
			&rem, &rank);
	bg_action_ends(AQ_N, base, &from, &to);
	if (c->step[s->turn][from] & AQ_BIT(to)) {
		bg_move_pair(m, BG_MOVE_STEP, from, to);
		return;
	}
	aq_gen_init(&g, c);
	aq_gen_begin(&g, s, -1);
	if (rank == 0 && aq_single_jumps(&g, from)) {
		bg_move_pair(m, BG_MOVE_CAPTURE, from, to);
		return;
	}
	k = aq_piece_chains(&g, from, &chains);
	for (size_t i = 0; i < k; i++)
		if (chains[i].pts[chains[i].npath - 1] == to &&
		    aq_chain_rank(chains, k, i) == rank) {
			*m = chains[i];
			return;
		}
	assert(!"an action aq_legal_actions made");
}

/* The generator run without writing the list. With no huff choice, a
 * move is compared only with the moves of its own piece, so only that
 * piece's moves are made; without huff_all a step needs no generation.
 * (They always fit in AQ_MAX_MOVES. With huff choices every piece's moves
 * are made, and a move past the room is not found, as the list that
 * bg_legal_moves would give has no room for it either.) */
static bool aq_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	aq_gen g;

	if (m->flags || m->npath < 2 || m->pts[0] >= AQ_N ||
	    !(s->bb[s->turn] & AQ_BIT(m->pts[0])) ||
	    (m->kind != BG_MOVE_STEP && m->kind != BG_MOVE_CAPTURE) ||
	    m->nremove != (s->pending != 0))
		return false;
	if (m->kind == BG_MOVE_STEP && !c->huff_all)
		return m->npath == 2 && m->pts[1] < AQ_N &&
		       (aq_piece_steps(c, s, m->pts[0]) & AQ_BIT(m->pts[1]));
	aq_gen_init(&g, c);
	g.scan_all = s->pending != 0;
	g.list.want = m;
	if (!s->pending)
		aq_gen_side(&g, s, -1, AQ_BIT(m->pts[0]));
	for (uint32_t b = s->pending; b && !g.list.found; b &= b - 1)
		aq_gen_side(&g, s, bg_ctz32(b), AQ_ALL);
	return g.list.found;
}

/* Has the side to move a move after the removal (or -1)? */
static bool aq_side_can_move(const aq_cfg *c, const aq_state *s, int removal)
{
	int seat = s->turn;
	uint32_t own = s->bb[seat], enemy = s->bb[!seat];
	uint32_t empty, prey;

	if (removal >= 0)
		enemy &= ~AQ_BIT(removal);
	empty = ~(own | enemy) & AQ_ALL;
	if (aq_can_step(c, seat, own, empty & aq_step_to(s)))
		return true;
	/* White's entry captures nothing; Black's reply takes c3 first (the
	 * only position it is asked in is White's entry). */
	prey = !s->opening ? enemy : seat == 1 ? enemy & AQ_BIT(AQ_C3) : 0;
	return aq_capturers(c, seat, own, prey, empty) != 0;
}

static bool aq_can_move(const aq_cfg *c, const aq_state *s)
{
	if (!s->pending)
		return aq_side_can_move(c, s, -1);
	for (uint32_t b = s->pending; b; b &= b - 1)
		if (aq_side_can_move(c, s, bg_ctz32(b)))
			return true;
	return false;
}

/* ---- Random moves --------------------------------------------------------- */

/* The bits set in a byte: the moves of one piece, counted by a look-up. */
#define AQ_POP2(n) n, n + 1, n + 1, n + 2
#define AQ_POP4(n) AQ_POP2(n), AQ_POP2(n + 1), AQ_POP2(n + 1), AQ_POP2(n + 2)
#define AQ_POP6(n) AQ_POP4(n), AQ_POP4(n + 1), AQ_POP4(n + 1), AQ_POP4(n + 2)
static const uint8_t aq_pop8[256] = {
	AQ_POP6(0), AQ_POP6(1), AQ_POP6(1), AQ_POP6(2)
};

/* The steps of the piece of seat on p to the points of `empty`, counted:
 * its targets lie within p - 1 .. p + 6 (White) or p - 6 .. p + 1
 * (Black), one byte once shifted (by one count: a shift less). */
BG_ALWAYS_INLINE int
aq_steps_of(const aq_cfg *c, int seat, int p, uint32_t empty)
{
	uint64_t t = c->step[seat][p] & empty;

	return aq_pop8[t << 8 >> (p + (seat ? 2 : 7))];
}

/* The capture chains of one piece as the generator lists them (every
 * prefix a move, each result once, depth first in jump-list order),
 * counted without the list. Within one piece a result is the pieces taken
 * and where the piece ends, or that it is huffed (it could jump on): one
 * word, 25 bits taken and the end above them. */
typedef struct aq_walk {
	const aq_cfg *c;
	int seat;
	/* enemy and block apart: side by side, GCC fills them from one
	 * 8-byte load of the state's two boards, which waits for apply's
	 * 4-byte store to one of them (a failed store forward). */
	uint32_t enemy; /* the enemies before the move */
	uint32_t must;  /* opening: what a chain must take to be a move */
	uint32_t block; /* own pieces, the mover's start included */
	uint32_t *keys; /* the results so far (work space) */
	size_t base;    /* where this piece's results begin */
	size_t n;       /* where they end */
	size_t pick;    /* the result written to out, or SIZE_MAX */
	bg_move *out;
	int npath;
	uint16_t path[AQ_PIECES + 1];
} aq_walk;

/* The jumps from `at` once `taken` are gone, as a set of slots. */
BG_ALWAYS_INLINE unsigned aq_walk_jumps(const aq_walk *w, int at,
					uint32_t taken)
{
	uint32_t prey = w->enemy & ~taken;

	return aq_jumps_at(w->c, w->seat, at, prey,
			   ~(w->block | prey) & AQ_ALL);
}

static bool aq_walk_listed(const aq_walk *w, uint32_t key)
{
	for (size_t i = w->base; i < w->n; i++)
		if (w->keys[i] == key)
			return true;
	return false;
}

/* The chains on from `at`, whose jumps are `jumps`: each hop's result
 * counted (and written when it is the pick), then followed. One piece
 * has at most 785 results: they fit in the key store. */
static void aq_walk_from(aq_walk *w, int at, uint32_t taken, unsigned jumps)
{
	const aq_cfg *c = w->c;

	for (; jumps && w->n <= w->pick; jumps &= jumps - 1) {
		int k = bg_ctz32(jumps), to = c->jto[w->seat][at][k];
		uint32_t t = taken | AQ_BIT(c->jover[w->seat][at][k]);
		unsigned next = aq_walk_jumps(w, to, t);
		uint32_t key = t | (uint32_t)(next ? AQ_N : to) << AQ_N;

		w->path[w->npath++] = (uint16_t)to;
		if ((t & w->must) == w->must && !aq_walk_listed(w, key)) {
			if (w->n == w->pick)
				aq_write_capture(w->out, w->path,
						 w->npath);
			w->keys[w->n++] = key;
		}
		if (next)
			aq_walk_from(w, to, t, next);
		w->npath--;
	}
}

/* The chains of the piece on p, counted; the one numbered `pick` is
 * written out. */
static size_t aq_walk_piece(aq_walk *w, int p, size_t pick)
{
	w->base = w->n = 0;
	w->pick = pick;
	w->path[0] = (uint16_t)p;
	w->npath = 1;
	aq_walk_from(w, p, 0, aq_walk_jumps(w, p, 0));
	return w->n;
}

/* The chains on from `at` (jumps: its hops), each new result counted:
 * aq_walk_from without the path and the pick, in the same order (depth
 * first), its nodes on a stack of its own rather than the call stack. */
static void aq_walk_count(aq_walk *w, int at, uint32_t taken, unsigned jumps)
{
	const aq_cfg *c = w->c;
	/* The nodes above the one walked: the point, what the chain had
	 * taken there, the jumps left to follow. A chain takes at most
	 * AQ_PIECES pieces. */
	struct {
		uint32_t taken;
		uint8_t at, jumps;
	} up[AQ_PIECES];
	int depth = 0;

	for (;;) {
		int k, to;
		uint32_t t, key;
		unsigned next;

		if (!jumps) {
			if (!depth)
				return;
			depth--;
			at = up[depth].at;
			taken = up[depth].taken;
			jumps = up[depth].jumps;
			continue;
		}
		k = bg_ctz32(jumps);
		jumps &= jumps - 1;
		to = c->jto[w->seat][at][k];
		t = taken | AQ_BIT(c->jover[w->seat][at][k]);
		next = aq_walk_jumps(w, to, t);
		key = t | (uint32_t)(next ? AQ_N : to) << AQ_N;
		if (!aq_walk_listed(w, key))
			w->keys[w->n++] = key;
		if (next) {
			up[depth].at = (uint8_t)at;
			up[depth].taken = taken;
			up[depth++].jumps = (uint8_t)jumps;
			at = to;
			taken = t;
			jumps = next;
		}
	}
}

/* The results of two hops or more of the piece on p (`jumps`: its first
 * hops), counted, their keys after those of the pieces counted before:
 * after[0] where they begin, after[h + 1] where they end once the h-th
 * first hop is followed. Those of one hop are its jumps: no other takes
 * just the one piece. */
static size_t aq_walk_deeper(aq_walk *w, int p, unsigned jumps,
			     uint16_t *after)
{
	const aq_cfg *c = w->c;

	w->base = w->n;
	*after++ = (uint16_t)w->n;
	for (; jumps; jumps &= jumps - 1) {
		int k = bg_ctz32(jumps), to = c->jto[w->seat][p][k];
		uint32_t t = AQ_BIT(c->jover[w->seat][p][k]);
		unsigned next = aq_walk_jumps(w, to, t);

		if (next)
			aq_walk_count(w, to, t, next);
		*after++ = (uint16_t)w->n;
	}
	return w->n - w->base;
}

/* Write the move of kind from p to the r-th point of `to`. */
static void aq_write_nth(bg_move *out, int kind, int p, uint32_t to,
			 size_t r)
{
	for (; r; r--)
		to &= to - 1;
	bg_move_pair(out, kind, p, bg_ctz32(to));
}

/* The pieces of seat among `pieces` that can step to a point of `to`. */
static uint32_t aq_steppers(const aq_cfg *c, int seat, uint32_t pieces,
			    uint32_t to)
{
	const uint32_t *up = c->sup[seat], *down = c->sdown[seat];

	return pieces & ((to >> 1 & up[0]) | (to << 1 & down[0]) |
			 (to >> 4 & up[1]) | (to << 4 & down[1]) |
			 (to >> 5 & up[2]) | (to << 5 & down[2]) |
			 (to >> 6 & up[3]) | (to << 6 & down[3]));
}

/* The draw in the opening: White's entry into c3, or Black's reply, whose
 * chains must take c3. Only the pieces that can move are looked at. */
static BG_NOINLINE bool aq_random_opening(const aq_cfg *c, const aq_state *s,
					  uint64_t *rng, bg_move *out)
{
	int seat = s->turn;
	uint32_t own = s->bb[seat], enemy = s->bb[!seat];
	uint32_t empty = ~(own | enemy) & AQ_ALL, to = empty & aq_step_to(s);
	uint32_t capt = seat ? aq_capturers(c, seat, own, enemy, empty) : 0;
	uint32_t movers = aq_steppers(c, seat, own, to) | capt;
	size_t chains[AQ_N], n = 0, r;
	aq_walk w;

	w.c = c;
	w.seat = seat;
	w.enemy = enemy;
	w.block = own;
	w.must = AQ_BIT(AQ_C3);
	w.keys = ((aq_work *)bg_work(c, sizeof(*c)))->ckeys;
	w.out = out;
	for (uint32_t b = movers; b; b &= b - 1) {
		int p = bg_ctz32(b);

		n += (size_t)aq_steps_of(c, seat, p, to);
		if (capt & AQ_BIT(p))
			n += chains[p] = aq_walk_piece(&w, p, SIZE_MAX);
	}
	/* At the list's room: let the list decide, or report an overflow. */
	if (n == 0 || n >= AQ_MAX_MOVES)
		return false;
	r = bg_rand_below(rng, n);
	for (uint32_t b = movers; b; b &= b - 1) {
		int p = bg_ctz32(b);
		size_t k = (size_t)aq_steps_of(c, seat, p, to);

		if (r < k) {
			aq_write_nth(out, BG_MOVE_STEP, p,
				     c->step[seat][p] & to, r);
			return true;
		}
		r -= k;
		if (!(capt & AQ_BIT(p)))
			continue;
		if (r < chains[p]) {
			aq_walk_piece(&w, p, r);
			return true;
		}
		r -= chains[p];
	}
	return false;
}

/* Write the chain numbered r of the piece on p (`jumps`: its first hops;
 * after: as aq_walk_deeper left it). In the walk's order each first hop
 * comes before the chains going on from it, whose new results' keys are
 * kept: a first hop is written out, a longer chain found by walking on
 * from its first hop only, the keys before it still there. */
static void aq_pick_deeper(aq_walk *w, int p, size_t r, unsigned jumps,
			   const uint16_t *after)
{
	const aq_cfg *c = w->c;
	int k, to;
	uint32_t t;

	w->base = after[0];
	for (;; jumps &= jumps - 1, after++) {
		k = bg_ctz32(jumps);
		to = c->jto[w->seat][p][k];
		if (!r--)
			break;
		if (r < (size_t)(after[1] - after[0]))
			break;
		r -= (size_t)(after[1] - after[0]);
	}
	w->path[0] = (uint16_t)p;
	w->path[1] = (uint16_t)to;
	w->npath = 2;
	if (r == SIZE_MAX) {
		aq_write_capture(w->out, w->path, 2);
		return;
	}
	t = AQ_BIT(c->jover[w->seat][p][k]);
	w->n = after[0];
	w->pick = after[0] + r;
	aq_walk_from(w, to, t, aq_walk_jumps(w, to, t));
}

/* The set bit numbered r (from 0, lowest first) of the byte x. */
static int aq_nth_bit(const aq_cfg *c, unsigned x, size_t r)
{
	return (int)(c->nth[x] >> 3 * r & 7);
}

/* Write the r-th move of the piece on p (no opening): its steps, then its
 * chains: its jumps (jumps[p] for a capturer, in slot order) or, for a
 * piece of `deep`, as aq_pick_deeper finds them. The steps are read in
 * the byte aq_steps_of counts, whose bit b is p + b - 1 (White) or
 * p + b - 6 (Black). */
BG_ALWAYS_INLINE void
aq_random_pick(const aq_cfg *c, int seat, aq_walk *w, int p, size_t r,
	       uint32_t empty, uint32_t deep, const unsigned *jumps,
	       uint16_t after[][AQ_MAXJ + 1], bg_move *out)
{
	uint64_t t = c->step[seat][p] & empty;
	unsigned steps = (unsigned)(t << 8 >> (p + (seat ? 2 : 7)));
	size_t k = aq_pop8[steps];
	bool step = r < k;
	int at;

	if (!step && (deep & AQ_BIT(p))) {
		aq_pick_deeper(w, p, r - k, jumps[p], after[p]);
		return;
	}
	/* A step or a jump: both read, one kept, no branch on which. */
	at = aq_nth_bit(c, step ? steps : jumps[p], step ? r : r - k);
	memset(out, 0, sizeof(*out));
	out->kind = step ? BG_MOVE_STEP : BG_MOVE_CAPTURE;
	out->npath = 2;
	out->pts[0] = (uint16_t)p;
	out->pts[1] = (uint16_t)(step ? p + at - (seat ? 6 : 1) :
				 c->jto[seat][p][at]);
}

/* The jumps of the piece on p as a set of slots (bit k: aq_slot_delta[k]),
 * from the words of every piece's jumps by direction (aq_random_seat's
 * j1 .. j6, aq_pack): an up one at p in the low half, a down one at its
 * landing, 2 d below p, in the high half. */
BG_ALWAYS_INLINE unsigned aq_slots_at(uint64_t j1, uint64_t j4, uint64_t j5,
				      uint64_t j6, int p)
{
	uint64_t a1 = j1 >> p, a4 = j4 >> p, a5 = j5 >> p, a6 = j6 >> p;

	return (unsigned)((a1 >> (AQ_HI - 2) & 1) | (a1 & 1) << 1 |
			  (a5 >> (AQ_HI - 10) & 1) << 2 | (a5 & 1) << 3 |
			  (a6 >> (AQ_HI - 12) & 1) << 4 | (a6 & 1) << 5 |
			  (a4 & 1) << 6 | (a4 >> (AQ_HI - 8) & 1) << 7);
}

/* The jumpers among j (a jpack word of direction d) whose landing is in
 * `land`. */
static uint32_t aq_landing_in(uint64_t j, uint32_t land, int d)
{
	return ((uint32_t)j & land >> 2 * d) |
	       ((uint32_t)(j >> AQ_HI) & land) << 2 * d;
}

/* The draw of seat, to move, after the opening: the jumps of all pieces
 * are found at once (aq_pack), the moves counted piece by piece, and only
 * pieces whose landing could jump on walk their chains. */
BG_ALWAYS_INLINE bool aq_random_seat(const aq_cfg *c, const aq_state *s,
				     int seat, uint64_t *rng, bg_move *out)
{
	uint32_t own = s->bb[seat], enemy = s->bb[!seat];
	uint32_t empty = ~(own | enemy) & AQ_ALL;
	/* Where jumps start, pieces taken, where they end (aq_pack). */
	uint64_t from = aq_pack(own, empty), to = aq_pack(empty, own);
	uint64_t prey = aq_pack(enemy, enemy);
	const uint64_t *jp = c->jpack[seat];
	uint64_t j1 = from & prey >> 1 & to >> 2 & jp[0];
	uint64_t j4 = from & prey >> 4 & to >> 8 & jp[1];
	uint64_t j5 = from & prey >> 5 & to >> 10 & jp[2];
	uint64_t j6 = from & prey >> 6 & to >> 12 & jp[3];
	uint64_t any = j1 | j4 | j5 | j6;
	uint32_t capt = 0, deep = 0;
	/* The moves before each piece's, in list order, and the pieces. */
	size_t upto[AQ_PIECES + 1], n = 0, r;
	uint8_t piece[AQ_PIECES];
	unsigned jumps[AQ_N];
	uint16_t after[AQ_N][AQ_MAXJ + 1];
	int i = 0, j, np;
	aq_walk w;

	if (any) {
		/* Where the jumps land: up ones from the jumpers, down
		 * ones are found there. */
		uint32_t land = (uint32_t)(j1 << 2 | j4 << 8 | j5 << 10 |
					   j6 << 12 | any >> AQ_HI) & AQ_ALL;

		capt = aq_landing_in(j1, AQ_ALL, 1) |
		       aq_landing_in(j4, AQ_ALL, 4) |
		       aq_landing_in(j5, AQ_ALL, 5) |
		       aq_landing_in(j6, AQ_ALL, 6);
		/* From where a jump lands the board differs only in the
		 * piece taken, which the piece cannot jump again: it would
		 * land on its start, still occupied while it moves. */
		land = aq_capturers(c, seat, land, enemy, empty);
		if (land) {
			deep = aq_landing_in(j1, land, 1) |
			       aq_landing_in(j4, land, 4) |
			       aq_landing_in(j5, land, 5) |
			       aq_landing_in(j6, land, 6);
			w.c = c;
			w.seat = seat;
			w.enemy = enemy;
			w.block = own;
			w.must = 0;
			w.keys = ((aq_work *)bg_work(c, sizeof(*c)))->ckeys;
			w.n = 0;
			w.out = out;
		}
	}
	/* The moves before each piece's, in list order: a piece's steps,
	 * then its chains: a capturer's jumps and, for a piece of `deep`,
	 * the results of two hops or more. Without captures (half the
	 * positions) a loop of steps. */
	upto[0] = 0;
	for (uint32_t b = capt ? 0 : own; b; b &= b - 1) {
		int p = bg_ctz32(b);

		n += (size_t)aq_steps_of(c, seat, p, empty);
		piece[i++] = (uint8_t)p;
		upto[i] = n;
	}
	if (capt) {
		/* A piece's moves after its steps: its chains. (The walks
		 * keep each piece's results together, in any order.) */
		uint16_t chains[AQ_N] = { 0 };

		for (uint32_t b = capt; b; b &= b - 1) {
			int p = bg_ctz32(b);

			jumps[p] = aq_slots_at(j1, j4, j5, j6, p);
			chains[p] = aq_pop8[jumps[p]];
		}
		for (uint32_t b = deep; b; b &= b - 1) {
			int p = bg_ctz32(b);

			chains[p] += (uint16_t)aq_walk_deeper(&w, p, jumps[p],
							      after[p]);
		}
		for (uint32_t b = own; b; b &= b - 1) {
			int p = bg_ctz32(b);

			n += (size_t)aq_steps_of(c, seat, p, empty) + chains[p];
			piece[i++] = (uint8_t)p;
			upto[i] = n;
		}
	}
	/* At the list's room: let the list decide, or report an overflow. */
	if (n == 0 || n >= AQ_MAX_MOVES)
		return false;
	r = bg_rand_below(rng, n);
	/* The piece of the move drawn, counted rather than searched: no
	 * branch on where the draw fell. Two at a time: the last piece's
	 * end, upto[np] = n, is above r. */
	np = i;
	for (i = 0, j = 1; j < np; j += 2)
		i += (upto[j] <= r) + (upto[j + 1] <= r);
	aq_random_pick(c, seat, &w, piece[i], r - upto[i], empty, deep, jumps,
		       after, out);
	return true;
}

/* The same draw as from the list (bg_rand % count, in list order) without
 * writing it. Under huff_all steps can merge and carry huffs: the list
 * decides. */
static bool aq_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;

	if (c->huff_all)
		return false;
	if (s->opening)
		return aq_random_opening(c, s, rng, out);
	/* A copy for each side: what depends on it folds away. */
	return s->turn ? aq_random_seat(c, s, 1, rng, out) :
			 aq_random_seat(c, s, 0, rng, out);
}

/* ---- Making moves --------------------------------------------------------- */

/* A step; under huff_all, the pieces that could have captured instead are
 * huffed: removed now when there is one, else left for the opponent to
 * choose. Returns true when the step can be undone by another. */
static bool aq_apply_step(const aq_cfg *c, aq_state *s, int from, int to)
{
	int seat = s->turn;
	uint32_t *own = &s->bb[seat];
	uint32_t occ = s->bb[0] | s->bb[1];
	uint32_t could = c->huff_all ?
			 aq_capturers(c, seat, *own, s->bb[!seat],
				      ~occ & AQ_ALL) : 0;

	*own = (*own & ~AQ_BIT(from)) | AQ_BIT(to);
	s->pending = aq_huff_step(own, could, from, to);
	/* Only a sideways step keeps the ranks, so only it can be undone. */
	return !could && from / 5 == to / 5;
}

static void aq_apply_capture(const aq_cfg *c, aq_state *s, const bg_move *m)
{
	int seat = s->turn, from = m->pts[0], land = m->pts[m->npath - 1];
	uint32_t *own = &s->bb[seat], *enemy = &s->bb[!seat];

	for (int i = 1; i < m->npath; i++)
		*enemy &= ~AQ_BIT(c->mid[m->pts[i - 1]][m->pts[i]]);
	*own = (*own & ~AQ_BIT(from)) | AQ_BIT(land);
	if (aq_can_capture(c, seat, land, from, *own | *enemy, *enemy))
		*own &= ~AQ_BIT(land); /* huffed */
}

/* A step with no huff rule in play (most moves): two bits and their keys.
 * Black's opening reply is a capture, so a step never ends the opening. */
static int aq_apply_plain_step(const aq_cfg *c, aq_state *s, int from, int to)
{
	int seat = s->turn;

	s->bb[seat] ^= AQ_BIT(from) | AQ_BIT(to);
	s->hash ^= c->z[seat][from] ^ c->z[seat][to] ^ c->zturn;
	s->turn = !seat;
	/* Only a sideways step (one point either way) keeps the ranks. */
	return !s->opening && (unsigned)(from - to + 1) <= 2 ?
	       0 : BG_APPLY_IRREVERSIBLE;
}

/* A capture with no huff rule in play and the opening over (most
 * captures): the pieces taken and the keys of what changed, in one go. */
static int aq_apply_plain_capture(const aq_cfg *c, aq_state *s,
				  const bg_move *m)
{
	int seat = s->turn, from = m->pts[0], land = m->pts[m->npath - 1];
	uint32_t enemy = s->bb[!seat], own;
	uint64_t h = s->hash ^ c->zturn ^ c->z[seat][from];

	for (int i = 1; i < m->npath; i++) {
		int q = c->mid[m->pts[i - 1]][m->pts[i]];

		enemy &= ~AQ_BIT(q);
		h ^= c->z[!seat][q];
	}
	own = (s->bb[seat] & ~AQ_BIT(from)) | AQ_BIT(land);
	if (aq_can_capture(c, seat, land, from, own | enemy, enemy))
		own &= ~AQ_BIT(land); /* huffed */
	else
		h ^= c->z[seat][land];
	s->bb[seat] = own;
	s->bb[!seat] = enemy;
	s->hash = h;
	s->turn = !seat;
	return BG_APPLY_IRREVERSIBLE;
}

/* Any move: made on the bitboards, then the keys of what changed. */
static BG_NOINLINE int aq_apply_move(const aq_cfg *c, aq_state *s,
				     const bg_move *m)
{
	aq_state old = *s;
	bool reversible = false;

	if (m->nremove)
		s->bb[!s->turn] &= ~AQ_BIT(m->pts[m->npath]);
	s->pending = 0;
	if (m->kind == BG_MOVE_STEP)
		reversible = aq_apply_step(c, s, m->pts[0], m->pts[1]) &&
			     !m->nremove && !s->opening;
	else
		aq_apply_capture(c, s, m);
	/* The opening rule covers White's first move and Black's reply. */
	s->opening = s->opening && s->turn == 0;
	s->turn = !s->turn;
	s->hash ^= c->zturn;
	if (old.opening != s->opening)
		s->hash ^= c->zopening;
	for (uint32_t b = old.bb[0] ^ s->bb[0]; b; b &= b - 1)
		s->hash ^= c->z[0][bg_ctz32(b)];
	for (uint32_t b = old.bb[1] ^ s->bb[1]; b; b &= b - 1)
		s->hash ^= c->z[1][bg_ctz32(b)];
	for (uint32_t b = old.pending ^ s->pending; b; b &= b - 1)
		s->hash ^= c->zpend[bg_ctz32(b)];
	return reversible ? 0 : BG_APPLY_IRREVERSIBLE;
}

static int aq_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const aq_cfg *c = cfgp;
	aq_state *s = st;

	memcpy(undo, s, sizeof(*s));
	if (!c->huff_all && m->kind == BG_MOVE_STEP)
		return aq_apply_plain_step(c, s, m->pts[0], m->pts[1]);
	if (!c->huff_all && !s->opening)
		return aq_apply_plain_capture(c, s, m);
	return aq_apply_move(c, s, m);
}

/* The undo record is the state before the move: a copy of 24 bytes here
 * and in aq_unapply is cheaper than the core's call to memcpy for each. */
static void aq_unapply(const void *cfgp, void *st, const bg_move *m,
		       const void *undo)
{
	(void)cfgp;
	(void)m;
	memcpy(st, undo, sizeof(aq_state));
}

/* ---- Outcome -------------------------------------------------------------- */

/* The end the position itself decides: a side without pieces, or the side
 * to move blocked. Returns the winner or -1; *reason says why. */
static int aq_decided(const aq_cfg *c, const aq_state *s, int *reason)
{
	*reason = BG_REASON_PIECES;
	if (!s->bb[s->turn])
		return !s->turn;
	if (!s->bb[!s->turn])
		return s->turn;
	*reason = BG_REASON_NO_MOVES;
	if (!aq_can_move(c, s))
		return !s->turn;
	*reason = BG_REASON_NONE;
	return -1;
}

/* The rare positions: a side without pieces or moves, a huff choice. */
static BG_NOINLINE void aq_outcome_decide(const aq_cfg *c, const aq_state *s,
					  bg_result *out)
{
	int reason, winner = aq_decided(c, s, &reason);

	if (winner >= 0)
		bg_result_set(out, BG_WIN, winner, reason);
}

static void aq_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	uint32_t own = s->bb[s->turn], enemy = s->bb[!s->turn];
	uint32_t empty = ~(own | enemy) & AQ_ALL;

	(void)ctx;
	/* Most positions: the opponent on the board, no huff choice, the
	 * opening over, and a step: first looked for ahead on the files
	 * (lines: a piece steps there). */
	if (enemy && !s->pending && !s->opening &&
	    (((s->turn ? own >> 5 : own << 5) & empty) ||
	     aq_can_step(c, s->turn, own, empty)))
		return;
	aq_outcome_decide(c, s, out);
}

/* The winner scores 2 + 2 per own piece left; a blocked loser's pieces add
 * 1 each (or, with score=replace, count instead of the winner's). Draws
 * and games still going score 0-0. */
static void aq_scores(const void *cfgp, const void *st, double out[2])
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	int reason, winner = aq_decided(c, s, &reason);
	int own, blocked;

	out[0] = out[1] = 0;
	if (winner < 0)
		return;
	own = bg_popcount64(s->bb[winner]);
	blocked = reason == BG_REASON_NO_MOVES ?
		  bg_popcount64(s->bb[!winner]) : 0;
	if (blocked && c->score == AQ_SCORE_REPLACE)
		out[winner] = 2 + blocked;
	else
		out[winner] = 2 + 2 * own + blocked;
}

static void aq_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const aq_state *s = st;

	bg_board_piece_two(s->bb[0], s->bb[1], p, seat, kind);
}

static void aq_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	const aq_state *s = st;

	(void)cfgp;
	bg_board_pieces_two(s->bb[0], s->bb[1], set, words);
}

/* ---- Position text -------------------------------------------------------- */

/* "bbbbb/bbbbb/bb.ww/wwwww/wwwww w opening -": ranks 5 to 1, the side to
 * move, "opening" while the opening rule governs the move (else "-"), and
 * the huff candidates the side to move chooses from (else "-"). */
static void aq_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const aq_cfg *c = cfgp;
	const aq_state *s = st;
	const uint64_t bb[2] = { s->bb[0], s->bb[1] };

	bg_board_write_two(&c->board, bb, out);
	bg_sb_puts(out, s->turn ? " b " : " w ");
	bg_sb_puts(out, s->opening ? "opening " : "- ");
	if (!s->pending)
		bg_sb_putc(out, '-');
	for (uint32_t b = s->pending; b; b &= b - 1) {
		int p = bg_ctz32(b);

		bg_sb_printf(out, "%c%d", 'a' + p % 5, p / 5 + 1);
		if (b & (b - 1))
			bg_sb_putc(out, ',');
	}
}

static const char *aq_read_board(const aq_cfg *c, aq_state *t,
				 const char *s)
{
	uint64_t bb[2];

	if (bg_board_read_two(&c->board, &s, bb) != BG_OK)
		return NULL;
	t->bb[0] = (uint32_t)bb[0];
	t->bb[1] = (uint32_t)bb[1];
	return s;
}

/* The huff candidates: "-" or points "a1,c3" of the side not to move. */
static const char *aq_read_pending(const aq_cfg *c, aq_state *t,
				   const char *s)
{
	if (*s == '-')
		return s + 1;
	for (;;) {
		int p;

		if (s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '5') {
			bg_seterr(BG_EFORMAT, "expected '-' or points like b2,d4 "
				  "for the huff candidates");
			return NULL;
		}
		p = 5 * (s[1] - '1') + (s[0] - 'a');
		if ((t->pending & AQ_BIT(p)) || !(t->bb[!t->turn] & AQ_BIT(p))) {
			bg_seterr(BG_EFORMAT, "huff candidate %.2s is not a "
				  "piece of the side that moved, or is listed "
				  "twice", s);
			return NULL;
		}
		t->pending |= AQ_BIT(p);
		s += 2;
		if (*s != ',')
			break;
		s++;
	}
	if (!c->huff_all || bg_popcount64(t->pending) < 2) {
		bg_seterr(BG_EFORMAT, "huff candidates need huff_all and at "
			  "least two pieces");
		return NULL;
	}
	return s;
}

/* The opening flag fits only the start, or the start after White's entry
 * into c3 with Black to move. */
static bool aq_opening_fits(const aq_state *t)
{
	uint32_t moved = t->bb[0] ^ aq_start[0];
	uint32_t entries = AQ_BIT(6) | AQ_BIT(7) | AQ_BIT(8) | AQ_BIT(13);

	if (t->bb[1] != aq_start[1] || t->pending)
		return false;
	if (t->turn == 0)
		return moved == 0;
	return (t->bb[0] & AQ_BIT(AQ_C3)) && bg_popcount64(moved) == 2 &&
	       (moved & entries) && !(t->bb[0] & moved & entries);
}

static int aq_read_position(const void *cfgp, void *st, const char *text)
{
	const aq_cfg *c = cfgp;
	aq_state t;
	const char *s;

	memset(&t, 0, sizeof(t));
	if (!(s = aq_read_board(c, &t, text)))
		return BG_EFORMAT;
	for (int seat = 0; seat < 2; seat++)
		if (bg_popcount64(t.bb[seat]) > AQ_PIECES)
			return bg_seterr(BG_EFORMAT, "%s has %d pieces, more "
					 "than %d", seat ? "black" : "white",
					 bg_popcount64(t.bb[seat]), AQ_PIECES);
	if (!t.bb[0] && !t.bb[1])
		return bg_seterr(BG_EFORMAT, "the board is empty");
	if ((s[0] != 'w' && s[0] != 'b') || s[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b'");
	t.turn = s[0] == 'b';
	s += 2;
	if (!strncmp(s, "opening ", 8)) {
		t.opening = 1;
		s += 8;
	} else if (!strncmp(s, "- ", 2)) {
		s += 2;
	} else {
		return bg_seterr(BG_EFORMAT, "expected 'opening' or '-' after "
				 "the side to move");
	}
	if (!(s = aq_read_pending(c, &t, s)))
		return BG_EFORMAT;
	if (*s)
		return bg_seterr(BG_EFORMAT, "unexpected text after the huff "
				 "candidates");
	if (t.opening && (!c->opening || !aq_opening_fits(&t)))
		return bg_seterr(BG_EFORMAT, "'opening' needs the opening rule "
				 "and the start position (or White's entry "
				 "into c3)");
	t.hash = aq_full_hash(c, &t);
	memcpy(st, &t, sizeof(t));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const aq_aliases[] = { "alkuerk", NULL };

static const bg_optdef aq_options[] = {
	{ "opening", BG_OPT_BOOL, "1", "0|1",
	  "White's first move enters c3 and Black's first move must capture "
	  "that piece",
	  BG_OPT_FIELD(aq_cfg, opening) },
	{ "capture_forward_only", BG_OPT_BOOL, "0", "0|1",
	  "captures only in the step directions (forward, sideways, "
	  "diagonally forward), never backward",
	  BG_OPT_DERIVED },
	{ "huff_all", BG_OPT_BOOL, "0", "0|1",
	  "a non-capturing move made while a capture was possible loses a "
	  "piece that could have captured (the opponent chooses which)",
	  BG_OPT_FIELD(aq_cfg, huff_all) },
	{ "score", BG_OPT_ENUM, "add", "add|replace",
	  "a blocked loser's pieces add 1 each to the winner's 2 + 2 per own "
	  "piece, or replace the own-piece count",
	  BG_OPT_FIELD(aq_cfg, score) },
};
_Static_assert(sizeof(aq_options) / sizeof(aq_options[0]) == AQ_NOPTIONS,
	       "the standard option values follow the own ones");

/* Learning: chains between the same points differ in what they take (a
 * bound seen in random games, not proven: a position with more has moves
 * without an action); huff_all's removal is the first-removal field. The
 * game makes the actions itself (aq_legal_actions) but where a huff
 * choice or the opening governs. */
static void aq_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = { "pending removal", "opening" };
	const aq_cfg *c = cfgp;

	out->pairs = 1;
	out->removals = c->huff_all;
	out->ranks = AQ_RANKS;
	out->direct = BG_DIRECT_OR_LIST;
	out->nplanes = 2;
	out->plane_names = names;
}

static void aq_observe(const void *cfgp, const void *stp, int seat,
		       float *out)
{
	const aq_state *st = stp;

	(void)cfgp;
	(void)seat;
	bg_plane_bits(out, AQ_N, st->pending);
	bg_plane_fill(out + AQ_N, AQ_N, st->opening);
}

const bg_rules bg_rules_alquerque = {
	.name = "alquerque",
	.aliases = aq_aliases,
	.title_en = "Alquerque",
	.title_ru = "Алькуерк",
	.options = aq_options,
	.noptions = sizeof(aq_options) / sizeof(aq_options[0]),
	.std_def = { [BG_STD_REPETITION] = "3", [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(aq_cfg, std),
	.config_size = sizeof(aq_cfg),
	.state_bytes = sizeof(aq_state),
	.undo_size = sizeof(aq_state),
	.head = true,
	.configure = aq_configure,
	.work_size = aq_work_size,
	.init = aq_init,
	.max_moves = aq_max_moves,
	.legal = aq_legal,
	.is_legal = aq_is_legal,
	.random_move = aq_random_move,
	.apply = aq_apply,
	.unapply = aq_unapply,
	.outcome = aq_outcome,
	.scores = aq_scores,
	.piece = aq_piece,
	.pieces = aq_pieces,
	.write_position = aq_write_position,
	.read_position = aq_read_position,
	.learn = aq_learn,
	.legal_actions = aq_legal_actions,
	.action_move = aq_action_move,
	.observe = aq_observe,
};
