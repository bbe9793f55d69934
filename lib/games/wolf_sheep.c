/*
 * Wolf and Sheep (Волк и овцы): a wolf against four sheep on the 32 dark
 * points of an 8x8 board joined by diagonal lines. Rules:
 * doc/games/wolf-sheep.md.
 *
 * Points are numbered rank by rank from a1, four to a rank; bitboards are
 * 32-bit words over those numbers, and the pieces 64-bit words with two
 * bits a point (see ws_state).
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/board.h"
#include "board/lines.h"
#include "board/bits.h"

#include <string.h>

/* The points, in number order. */
enum {
	A1, C1, E1, G1,
	B2, D2, F2, H2,
	A3, C3, E3, G3,
	B4, D4, F4, H4,
	A5, C5, E5, G5,
	B6, D6, F6, H6,
	A7, C7, E7, G7,
	B8, D8, F8, H8,
	WS_NPOINTS
};

static const int8_t ws_xy[WS_NPOINTS][2] = {
	{ 0, 0 }, { 2, 0 }, { 4, 0 }, { 6, 0 },
	{ 1, 1 }, { 3, 1 }, { 5, 1 }, { 7, 1 },
	{ 0, 2 }, { 2, 2 }, { 4, 2 }, { 6, 2 },
	{ 1, 3 }, { 3, 3 }, { 5, 3 }, { 7, 3 },
	{ 0, 4 }, { 2, 4 }, { 4, 4 }, { 6, 4 },
	{ 1, 5 }, { 3, 5 }, { 5, 5 }, { 7, 5 },
	{ 0, 6 }, { 2, 6 }, { 4, 6 }, { 6, 6 },
	{ 1, 7 }, { 3, 7 }, { 5, 7 }, { 7, 7 },
};

static const bg_line ws_lines[] = {
	{ BG_LINE_SOLID, 8, { A1, B2, C3, D4, E5, F6, G7, H8 } },
	{ BG_LINE_SOLID, 6, { A3, B4, C5, D6, E7, F8 } },
	{ BG_LINE_SOLID, 4, { A5, B6, C7, D8 } },
	{ BG_LINE_SOLID, 2, { A7, B8 } },
	{ BG_LINE_SOLID, 6, { C1, D2, E3, F4, G5, H6 } },
	{ BG_LINE_SOLID, 4, { E1, F2, G3, H4 } },
	{ BG_LINE_SOLID, 2, { G1, H2 } },
	{ BG_LINE_SOLID, 3, { A3, B2, C1 } },
	{ BG_LINE_SOLID, 5, { A5, B4, C3, D2, E1 } },
	{ BG_LINE_SOLID, 7, { A7, B6, C5, D4, E3, F2, G1 } },
	{ BG_LINE_SOLID, 7, { B8, C7, D6, E5, F4, G3, H2 } },
	{ BG_LINE_SOLID, 5, { D8, E7, F6, G5, H4 } },
	{ BG_LINE_SOLID, 3, { F8, G7, H6 } },
};

enum { WOLF = 0, SHEEP = 1 };
enum { WS_NSHEEP = 4, WS_WIDTH = 8, WS_NBITS = 2 * WS_NPOINTS };

/* A piece of `seat` on point p is bit 2p + seat of its seat's word: the
 * wolf on the even bits, the sheep on the odd ones, a rank to a byte. */
#define WS_WOLF_BITS 0x5555555555555555ull
#define WS_SHEEP_BITS (WS_WOLF_BITS << 1)

typedef struct ws_cfg {
	bg_board board;
	int wolf_start;
	/* no_moves: what sheep with no move do ([CHOICE] of the game
	 * page); a wolf with no move loses. */
	bg_stdvals std;
	uint32_t steps[2][WS_NPOINTS]; /* a piece's steps, by seat and point */
	uint64_t wolf_steps[WS_NPOINTS]; /* steps[WOLF] on the wolf's bits */
	uint64_t below[WS_NPOINTS]; /* the sheep bits of ranks <= the point's */
	uint64_t z[2][WS_NPOINTS]; /* Zobrist keys of (seat, point) */
	uint64_t zturn;            /* ... and of the sheep to move */
	uint64_t zfrom[2][WS_NPOINTS]; /* z ^ zturn: a move's change but one */
	uint64_t bit[2][WS_NPOINTS];   /* ws_bit by table, indexed as z */
	/* First words of moves (ws_word): a wolf's step from p without its
	 * end, and the end q alone at word[WOLF][2q]; a sheep's whole step
	 * at its bit of ws_sheep_moves in word[SHEEP]. */
	uint64_t wolf_head[WS_NPOINTS];
	uint64_t word[2][WS_NBITS];
	/* For each 8-bit mask: the number of its bits << 24, and their
	 * positions in ascending order, 3 bits each from bit 0. */
	uint32_t pick[256];
	/* The same for the wolf's steps by ws_wolf_window's index: their
	 * ends less the wolf's point plus 5, 4 bits each. */
	uint32_t wolf_pick[64];
	int to_shift; /* where pts[1] is in a move's first word */
} ws_cfg;

typedef struct ws_state {
	uint64_t hash;  /* ws_full_hash, kept incrementally */
	uint8_t turn;   /* WOLF or SHEEP */
	uint8_t pad[7];
	/* The pieces by seat, as WS_WOLF_BITS tells: a word a seat, so
	 * that what the side to move draws from its own pieces does not
	 * wait for the other side's move just made. */
	uint64_t pieces[2];
} ws_state;
BG_CONFIG_BOARD(ws_cfg);
BG_STATE_HEAD(ws_state);

static uint64_t ws_bit(int seat, int p)
{
	return 1ull << (2 * p + seat);
}

/* Both seats' pieces in one word. */
static uint64_t ws_board(const ws_state *st)
{
	return st->pieces[WOLF] | st->pieces[SHEEP];
}

/* The wolf's bit, twice its point. */
static int ws_wolf_bit(const ws_state *st)
{
	return bg_ctz64(st->pieces[WOLF]);
}

static unsigned ws_wolf(const ws_state *st)
{
	return (unsigned)ws_wolf_bit(st) >> 1;
}

static int ws_rank(int p)
{
	return ws_xy[p][1];
}

/* Bit p of x to bit 2p: a point set on the wolf's bits. */
static inline uint64_t ws_spread(uint32_t x)
{
	uint64_t v = x;

	v = (v | v << 16) & 0x0000FFFF0000FFFFull;
	v = (v | v << 8) & 0x00FF00FF00FF00FFull;
	v = (v | v << 4) & 0x0F0F0F0F0F0F0F0Full;
	v = (v | v << 2) & 0x3333333333333333ull;
	return (v | v << 1) & WS_WOLF_BITS;
}

/* The inverse: bit 2p of v to bit p. */
static uint32_t ws_gather(uint64_t v)
{
	v &= WS_WOLF_BITS;
	v = (v | v >> 1) & 0x3333333333333333ull;
	v = (v | v >> 2) & 0x0F0F0F0F0F0F0F0Full;
	v = (v | v >> 4) & 0x00FF00FF00FF00FFull;
	v = (v | v >> 8) & 0x0000FFFF0000FFFFull;
	return (uint32_t)(v | v >> 16);
}

/* Sheep steps by shifting bitboards, four points to a rank: up-left is +3
 * from files c e g and +4 from files b d f h; up-right is +4 from files
 * a c e g and +5 from files b d f. Steps off rank 8 leave the word. */
static uint32_t ws_up_left(uint32_t s)
{
	return (s & 0x0E0E0E0Eu) << 3 | (s & 0xF0F0F0F0u) << 4;
}

static uint32_t ws_up_right(uint32_t s)
{
	return (s & 0x0F0F0F0Fu) << 4 | (s & 0x70707070u) << 5;
}

/* The wolf also steps back: the inverse shifts. */
static uint32_t ws_down_right(uint32_t s)
{
	return (s >> 3 & 0x0E0E0E0Eu) | (s >> 4 & 0xF0F0F0F0u);
}

static uint32_t ws_down_left(uint32_t s)
{
	return (s >> 4 & 0x0F0F0F0Fu) | (s >> 5 & 0x70707070u);
}

/* A sheep on p steps up-left to p + ws_up_left_step(p), up-right to one
 * more. */
static int ws_up_left_step(int p)
{
	return 3 + (p >> 2 & 1);
}

/* The empty points on the sheep's bits. */
static inline uint64_t ws_empty_odd(uint64_t sheep, uint64_t wolf)
{
	return ~(sheep | wolf << 1);
}

/* The sheep free to step up-left, on their own bits: the shifts of
 * ws_up_left, doubled. */
static inline uint64_t ws_free_left(uint64_t sheep, uint64_t wolf)
{
	uint64_t empty = ws_empty_odd(sheep, wolf);

	return sheep & ((empty >> 6 & ws_spread(0x0E0E0E0Eu) << 1) |
			(empty >> 8 & ws_spread(0xF0F0F0F0u) << 1));
}

static inline uint64_t ws_free_right(uint64_t sheep, uint64_t wolf)
{
	uint64_t empty = ws_empty_odd(sheep, wolf);

	return sheep & ((empty >> 8 & ws_spread(0x0F0F0F0Fu) << 1) |
			(empty >> 10 & ws_spread(0x70707070u) << 1));
}

/* The sheep's steps as a mask in the list's order: up-left from p in bit
 * 2p, up-right in bit 2p + 1, of the ws_free_* masks l and r. */
static uint64_t ws_sheep_moves(uint64_t l, uint64_t r)
{
	return l >> 1 | r;
}

/* The wolf's free steps on its bits: none is to its own point. */
static uint64_t ws_wolf_moves(const ws_cfg *c, uint64_t sheep, int from)
{
	return c->wolf_steps[from] & ~(sheep >> 1);
}

/* ---- Configuration -------------------------------------------------------- */

enum { WS_OPT_WOLF, WS_NOPTIONS };

static const uint8_t ws_wolf_starts[4] = { B8, D8, F8, H8 };

/* The first 8 bytes of the move with these fields, the rest zero. */
static uint64_t ws_word(int kind, int npath, int from, int to)
{
	bg_move m = { .kind = (uint8_t)kind, .npath = (uint8_t)npath,
		      .pts = { (uint16_t)from, (uint16_t)to } };
	uint64_t w;

	memcpy(&w, &m, sizeof(w));
	return w;
}

/* The wolf's window (ws_random_wolf) holds its steps to -5 -4 -3 +3 +4 +5
 * points in bits 0 2 4 16 18 20; folded to 6 bits it indexes wolf_pick. */
static const uint8_t ws_window_bits[6] = { 0, 2, 4, 16, 18, 20 };

static int ws_window_index_bit(int v)
{
	return v < 16 ? v : v - 15;
}

static void ws_pick_tables(ws_cfg *c)
{
	for (uint32_t m = 1; m < 256; m++) {
		uint32_t rest = c->pick[m & (m - 1)];

		c->pick[m] = ((rest >> 24) + 1) << 24 |
			     (rest & 0xFFFFFF) << 3 | (uint32_t)bg_ctz32(m);
	}
	for (uint32_t i = 0; i < 64; i++) {
		uint32_t n = 0;

		/* Window bit v is the step by v / 2 - 5 points. */
		for (int k = 0; k < 6; k++)
			if (i >> ws_window_index_bit(ws_window_bits[k]) & 1)
				c->wolf_pick[i] |= (uint32_t)ws_window_bits[k] /
						   2 << 4 * n++;
		c->wolf_pick[i] |= n << 24;
	}
}

static void ws_tables(ws_cfg *c)
{
	for (int p = 0; p < WS_NPOINTS; p++) {
		uint32_t at = 1u << p, up = ws_up_left(at) | ws_up_right(at);
		/* Points of ranks up to p's: below the next rank. */
		uint64_t ranks = (1ull << 4 * (ws_rank(p) + 1)) - 1;

		c->steps[SHEEP][p] = up;
		c->steps[WOLF][p] = up | ws_down_left(at) | ws_down_right(at);
		c->wolf_steps[p] = ws_spread(c->steps[WOLF][p]);
		c->below[p] = ws_spread((uint32_t)ranks) << 1;
		c->z[WOLF][p] = bg_zobrist(WOLF, (uint32_t)p);
		c->z[SHEEP][p] = bg_zobrist(SHEEP, (uint32_t)p);
		c->zfrom[WOLF][p] = c->z[WOLF][p] ^ bg_zobrist(2, 0);
		c->zfrom[SHEEP][p] = c->z[SHEEP][p] ^ bg_zobrist(2, 0);
		c->bit[WOLF][p] = ws_bit(WOLF, p);
		c->bit[SHEEP][p] = ws_bit(SHEEP, p);
		c->wolf_head[p] = ws_word(BG_MOVE_STEP, 2, p, 0);
		c->word[WOLF][2 * p] = ws_word(0, 0, 0, p);
		for (uint32_t t = up; t; t &= t - 1) {
			int to = bg_ctz32(t);
			int right = to != p + ws_up_left_step(p);

			c->word[SHEEP][2 * p + right] =
				ws_word(BG_MOVE_STEP, 2, p, to);
		}
	}
	c->zturn = bg_zobrist(2, 0);
	c->to_shift = bg_ctz64(ws_word(0, 0, 0, 1));
	ws_pick_tables(c);
}

static int ws_configure(void *cfgp, const bg_optval *opts)
{
	ws_cfg *c = cfgp;

	bg_board_lines(&c->board, WS_WIDTH, WS_WIDTH, WS_NPOINTS, ws_xy,
		       ws_lines, sizeof(ws_lines) / sizeof(ws_lines[0]));
	c->wolf_start = ws_wolf_starts[opts[WS_OPT_WOLF].i];
	c->board.marks[c->wolf_start] = BG_MARK_HOME0;
	c->board.marks[A1] = c->board.marks[C1] = BG_MARK_HOME1;
	c->board.marks[E1] = c->board.marks[G1] = BG_MARK_HOME1;
	ws_tables(c);
	return BG_OK;
}

static uint64_t ws_full_hash(const ws_cfg *c, const ws_state *st)
{
	uint64_t h = st->turn ? c->zturn : 0;

	for (uint64_t b = ws_board(st); b; b &= b - 1) {
		int i = bg_ctz64(b);

		h ^= c->z[i & 1][i >> 1];
	}
	return h;
}

static void ws_init(const void *cfgp, void *stp)
{
	const ws_cfg *c = cfgp;
	ws_state *st = stp;

	memset(st, 0, sizeof(*st));
	st->pieces[SHEEP] = ws_bit(SHEEP, A1) | ws_bit(SHEEP, C1) |
			    ws_bit(SHEEP, E1) | ws_bit(SHEEP, G1);
	st->pieces[WOLF] = ws_bit(WOLF, c->wolf_start);
	st->turn = WOLF;
	st->hash = ws_full_hash(c, st);
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t ws_max_moves(const void *cfgp)
{
	(void)cfgp;
	return 8; /* four sheep with two steps each; the wolf has four */
}

/* Has a sheep a step to the point 4 above its own (up-left from files b d
 * f h, up-right from a c e g)? Most often one has: a quick first test. */
static inline bool ws_sheep_step_up(uint64_t sheep, uint64_t wolf)
{
	return (sheep << 8 & ws_empty_odd(sheep, wolf)) != 0;
}

static bool ws_can_move(const ws_cfg *c, const ws_state *st)
{
	uint64_t sheep = st->pieces[SHEEP], wolf = st->pieces[WOLF];

	if (st->turn == WOLF)
		return ws_wolf_moves(c, sheep, ws_wolf(st)) != 0;
	return (ws_free_left(sheep, wolf) | ws_free_right(sheep, wolf)) != 0;
}

/* The wolf's steps, or each sheep's in turn, to points in number order:
 * the bits of a mask in the list's order, each to a word by table. A
 * fixed number of entries, four for the wolf and eight for the sheep
 * (the most each can have), the ones past the count from bit 63 of the
 * mask, which no step sets (the sheep's would be from h8, which has
 * none; the wolf's are on even bits): a loop as long as the list ends
 * where no processor can guess, which costs more than the stores. */
BG_ALWAYS_INLINE size_t ws_gen(const ws_cfg *c, const ws_state *st,
			       bg_move *buf, bg_move_key *keys)
{
	uint64_t sheep = st->pieces[SHEEP], wolf = st->pieces[WOLF];
	uint64_t head = 0, moves, none = 1ull << (WS_NBITS - 1);
	const uint64_t *word;
	int slots;
	size_t n;

	if (st->turn == WOLF) {
		unsigned from = ws_wolf(st);

		head = c->wolf_head[from];
		moves = ws_wolf_moves(c, sheep, from);
		word = c->word[WOLF];
		slots = 4;
	} else {
		moves = ws_sheep_moves(ws_free_left(sheep, wolf),
				       ws_free_right(sheep, wolf));
		word = c->word[SHEEP];
		slots = 8;
	}
	n = (size_t)bg_popcount64(moves);
	for (int k = 0; k < slots; k++, moves &= moves - 1) {
		uint64_t w = head | word[bg_ctz64(moves | none)];

		bg_move_word_listed(&buf[k], w);
		if (keys)
			bg_move_key_word(&keys[k], w);
	}
	return n;
}

/* The list; with keys, the moves' keys too (bg_rules.legal_keyed), the
 * slots' from the words in hand. */
BG_ALWAYS_INLINE size_t ws_list(const void *cfgp, const void *stp,
				bg_move *buf, bg_move_key *keys)
{
	size_t n = ws_gen(cfgp, stp, buf, keys);

	if (n == 0) {
		/* Only sheep get here, under no_moves=pass. */
		memset(buf, 0, sizeof(*buf));
		buf->kind = BG_MOVE_PASS;
		n = 1;
		if (keys)
			bg_move_keys_of(keys, buf, n, false);
	}
	return n;
}

static size_t ws_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	return ws_list(cfgp, stp, buf, NULL);
}

static size_t ws_legal_keyed(const void *cfgp, const void *stp, bg_move *buf,
			     bg_move_key *keys)
{
	return ws_list(cfgp, stp, buf, keys);
}

static uint64_t ws_rotate_right(uint64_t x, int n)
{
	return x >> (n & 63) | x << (-n & 63);
}

/* The wolf's free steps, at the window bits of ws_window_bits (the
 * steps from its bit w at w - 10 .. w + 10, rotated down to bit 0: the
 * window may start below bit 0), folded to 6 bits. */
static int ws_wolf_window(uint64_t moves, int w, uint64_t *window)
{
	*window = ws_rotate_right(moves, w - 10);
	return (int)((*window | *window >> 15) & 63);
}

/* The core draws bg_rand() % count from the list; the same number picks
 * the move from a mask in the list's order. */
static bool ws_random_wolf(const ws_cfg *c, const ws_state *st,
			   uint64_t *rng, bg_move *out)
{
	int w = ws_wolf_bit(st), from = w >> 1;
	uint64_t window;
	uint32_t pick = c->wolf_pick[ws_wolf_window(
		ws_wolf_moves(c, st->pieces[SHEEP], from), w, &window)];
	uint64_t to;

	if (pick >> 24 == 0)
		return false;
	/* The end by arithmetic, not by table: a playout waits for it. */
	to = (uint64_t)from - 5 +
	     (pick >> 4 * (bg_rand_below8(rng, pick >> 24)) & 15);
	bg_move_word(out, c->wolf_head[from] | to << c->to_shift);
	return true;
}

/* The sheep's free steps as 8 bits, in the list's order: up-left of the
 * i-th sheep in point order in bit 2i, up-right in bit 2i + 1. Byte 2i + d
 * of *index gets the bit of that step in ws_sheep_moves' mask. */
static uint32_t ws_sheep_slots(uint64_t sheep, uint64_t wolf,
			       uint64_t *index)
{
	/* Up-left of a sheep on its own bit, up-right on the one above. */
	uint64_t steps = ws_free_left(sheep, wolf) |
			 ws_free_right(sheep, wolf) << 1;
	uint64_t s = sheep, bits = 0;
	uint32_t slots = 0;

#pragma GCC unroll 4
	for (int i = 0; i < WS_NSHEEP; i++, s &= s - 1) {
		int t = bg_ctz64(s);

		slots |= (uint32_t)(steps >> t & 3) << 2 * i;
		bits |= (uint64_t)t << 16 * i;
	}
	/* A sheep on bit t steps by mask bits t - 1 and t. */
	*index = bits * 0x101 - 0x0001000100010001ull;
	return slots;
}

/* The draw has two halves: before the remainder, what does not depend on
 * it; after it, a short path to the move, for a playout waits for it. At
 * most 8 moves (as the wolf's 4): bg_rand_below8. */
static bool ws_random_sheep(const ws_cfg *c, const ws_state *st,
			    uint64_t *rng, bg_move *out)
{
	uint64_t index;
	uint32_t pick = c->pick[ws_sheep_slots(st->pieces[SHEEP],
					       st->pieces[WOLF], &index)], j;

	if (pick >> 24 == 0)
		return false; /* the pass */
	j = pick >> 3 * (bg_rand_below8(rng, pick >> 24)) & 7;
	bg_move_word(out, c->word[SHEEP][index >> 8 * j & 0xFF]);
	return true;
}

/* The move the core would draw from the list with the same generator
 * state, picked from a mask of the steps in the list's order by table, not
 * by a walk whose end the branch predictor cannot guess. */
static bool ws_random_move(const void *cfgp, const void *stp, uint64_t *rng,
			   bg_move *out)
{
	const ws_state *st = stp;

	if (st->turn == WOLF)
		return ws_random_wolf(cfgp, st, rng, out);
	return ws_random_sheep(cfgp, st, rng, out);
}

/* True when m holds nothing past its first two points, as generated moves
 * do; read a word at a time. */
static bool ws_bare(const bg_move *m)
{
	const unsigned char *tail = (const unsigned char *)&m->pts[2];
	uint64_t rest = m->nremove | m->flags, w;

	_Static_assert((BG_MOVE_MAX_POINTS - 2) % 4 == 0, "whole words");
#pragma GCC unroll 8
	for (size_t i = 0; i < BG_MOVE_MAX_POINTS - 2; i += 4) {
		memcpy(&w, tail + 2 * i, sizeof(w));
		rest |= w;
	}
	return rest == 0;
}

static bool ws_is_legal(const void *cfgp, const void *stp, const bg_move *m)
{
	const ws_cfg *c = cfgp;
	const ws_state *st = stp;
	int from = m->pts[0], to = m->pts[1];

	if (!ws_bare(m))
		return false;
	if (m->kind == BG_MOVE_PASS)
		return (m->npath | from | to) == 0 && !ws_can_move(c, st);
	/* WS_NPOINTS is 32: one test bounds both points. */
	if (m->kind != BG_MOVE_STEP || m->npath != 2 ||
	    (from | to) >= WS_NPOINTS)
		return false;
	return (st->pieces[st->turn] & ws_bit(st->turn, from)) &&
	       (c->steps[st->turn][from] >> to & 1) &&
	       !(ws_board(st) >> 2 * to & 3);
}

/* Makes m, or takes it back, for `mover`: a step is its own inverse on the
 * board and the hash, and so is passing the turn. A pass has both points
 * 0: its two changes cancel. The pieces' bits by table take fewer
 * instructions, by shifts less time: apply's next draw waits for them,
 * nothing waits for unapply's. */
static inline uint64_t ws_toggle(const ws_cfg *c, ws_state *st,
				 const bg_move *m, unsigned mover,
				 bool by_table)
{
	unsigned from = m->pts[0], to = m->pts[1];
	uint64_t change = by_table ? c->bit[mover][from] ^ c->bit[mover][to] :
			  ws_bit((int)mover, (int)from) ^
			  ws_bit((int)mover, (int)to);

	st->pieces[mover] ^= change;
	st->hash ^= c->zfrom[mover][from] ^ c->z[mover][to];
	st->turn ^= 1;
	return change;
}

static int ws_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	ws_state *st = stp;
	unsigned mover = st->turn;

	(void)undo;
	/* A sheep stepped: sheep never step back. */
	return ws_toggle(cfgp, st, m, mover, false) & WS_SHEEP_BITS ?
	       BG_APPLY_IRREVERSIBLE : 0;
}

/* The move says all that changed: no undo record. */
static void ws_unapply(const void *cfgp, void *stp, const bg_move *m,
		       const void *undo)
{
	ws_state *st = stp;

	(void)undo;
	ws_toggle(cfgp, st, m, st->turn ^ 1u, true);
}

/* ---- Outcome -------------------------------------------------------------- */

/* The end by a side with no move, where a quick test found none: out of
 * line, to keep the common case short. */
static BG_NOINLINE void ws_outcome_stuck(const ws_cfg *c,
					 const ws_state *st, bg_result *out)
{
	if (!ws_can_move(c, st) &&
	    (st->turn == WOLF || c->std.no_moves == BG_NO_MOVES_LOSE))
		bg_result_set(out, BG_WIN, !st->turn, BG_REASON_NO_MOVES);
}

static void ws_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const ws_cfg *c = cfgp;
	const ws_state *st = stp;
	uint64_t sheep = st->pieces[SHEEP];
	unsigned wolf = ws_wolf(st);

	(void)ctx;
	/* Past every sheep: no sheep on the wolf's rank or below it. */
	if (!(sheep & c->below[wolf]))
		bg_result_set(out, BG_WIN, WOLF, BG_REASON_GOAL);
	else if (!(st->turn == WOLF ? ws_wolf_moves(c, sheep, wolf) != 0 :
		   ws_sheep_step_up(sheep, st->pieces[WOLF])))
		ws_outcome_stuck(c, st, out);
}

/* ---- Position ------------------------------------------------------------- */

static void ws_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const ws_state *st = stp;

	(void)cfgp;
	*seat = -1;
	*kind = BG_PIECE_NONE;
	if (st->pieces[WOLF] & ws_bit(WOLF, p)) {
		*seat = WOLF;
		*kind = BG_PIECE_KING;
	} else if (st->pieces[SHEEP] & ws_bit(SHEEP, p)) {
		*seat = SHEEP;
		*kind = BG_PIECE_MAN;
	}
}

static void ws_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const ws_state *st = stp;
	uint64_t men[2] = { 0 }, kings[2] = { 0 };

	(void)cfgp;
	kings[WOLF] = ws_gather(st->pieces[WOLF]);
	men[SHEEP] = ws_gather(st->pieces[SHEEP] >> 1);
	bg_board_pieces_four(set, words, men[0], kings[0], men[1], kings[1]);
}

/* Ranks 8 to 1, each its four points from the left: w, s or '.'; then the
 * side to move, w or s. */
static void ws_write_position(const void *cfgp, const void *stp,
			      bg_strbuf *out)
{
	const ws_cfg *c = cfgp;
	const ws_state *st = stp;
	char cells[WS_NPOINTS];

	for (int p = 0; p < WS_NPOINTS; p++)
		cells[p] = (st->pieces[WOLF] & ws_bit(WOLF, p)) ? 'w' :
			   (st->pieces[SHEEP] & ws_bit(SHEEP, p)) ? 's' : '.';
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_putc(out, ' ');
	bg_sb_putc(out, st->turn == WOLF ? 'w' : 's');
}

static int ws_read_position(const void *cfgp, void *stp, const char *text)
{
	const ws_cfg *c = cfgp;
	ws_state tmp;
	char cells[WS_NPOINTS];
	const char *s = text;
	int wolves, sheep;

	memset(&tmp, 0, sizeof(tmp));
	if (bg_board_read_ranks(&c->board, &s, ".ws", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < WS_NPOINTS; p++)
		if (cells[p] != '.')
			tmp.pieces[cells[p] == 'w' ? WOLF : SHEEP] |=
				ws_bit(cells[p] == 'w' ? WOLF : SHEEP, p);
	if ((s[0] != 'w' && s[0] != 's') || s[1])
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, w or s, after the board");
	wolves = bg_popcount64(tmp.pieces[WOLF]);
	sheep = bg_popcount64(tmp.pieces[SHEEP]);
	if (wolves != 1 || sheep != WS_NSHEEP)
		return bg_seterr(BG_EFORMAT,
				 "the board needs 1 wolf and %d sheep, not %d and %d",
				 WS_NSHEEP, wolves, sheep);
	tmp.turn = s[0] == 'w' ? WOLF : SHEEP;
	tmp.hash = ws_full_hash(cfgp, &tmp);
	memcpy(stp, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const ws_aliases[] = { "volk-ovtsy", NULL };

static const bg_optdef ws_options[] = {
	{ "wolf", BG_OPT_ENUM, "d8", "b8|d8|f8|h8",
	  "the wolf's starting point on rank 8",
	  BG_OPT_DERIVED },
};
_Static_assert(sizeof(ws_options) / sizeof(ws_options[0]) == WS_NOPTIONS,
	       "the standard option values follow the own ones");

/* Old spellings, read until 2.0. */
static const bg_optalias ws_opt_aliases[] = {
	{ "sheep_stuck", "no_moves" },
	{ NULL, NULL },
};

const bg_rules bg_rules_wolf_sheep = {
	.name = "wolf-sheep",
	.aliases = ws_aliases,
	.title_en = "Wolf and Sheep",
	.title_ru = "Волк и овцы",
	.seat_names = { "Wolf", "Sheep" },
	.options = ws_options,
	.noptions = sizeof(ws_options) / sizeof(ws_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "lose", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(ws_cfg, std),
	.option_aliases = ws_opt_aliases,
	.config_size = sizeof(ws_cfg),
	.state_bytes = sizeof(ws_state),
	.head = true,
	.configure = ws_configure,
	.init = ws_init,
	.max_moves = ws_max_moves,
	.legal = ws_legal,
	.legal_keyed = ws_legal_keyed,
	.is_legal = ws_is_legal,
	.random_move = ws_random_move,
	.apply = ws_apply,
	.unapply = ws_unapply,
	.outcome = ws_outcome,
	.piece = ws_piece,
	.pieces = ws_pieces,
	.write_position = ws_write_position,
	.read_position = ws_read_position,
};
