/*
 * Wolf and Sheep (Волк и овцы): a wolf against four sheep on the 32 dark
 * points of an 8x8 board joined by diagonal lines. Rules:
 * doc/games/wolf-sheep.md.
 *
 * Points are numbered rank by rank from a1, four to a rank; bitboards are
 * 32-bit words over those numbers.
 */
#include "core/rules.h"
#include "core/zobrist.h"
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
enum { WS_NSHEEP = 4, WS_WIDTH = 8 };

typedef struct ws_cfg {
	bg_board board;
	int wolf_start;
	/* no_moves: what sheep with no move do ([CHOICE] of the game
	 * page); a wolf with no move loses. */
	bg_stdvals std;
	uint32_t steps[2][WS_NPOINTS]; /* a piece's steps, by seat and point */
	uint32_t below[WS_NPOINTS]; /* points on ranks <= the point's */
	uint64_t z[2][WS_NPOINTS]; /* Zobrist keys of (seat, point) */
	uint64_t zturn;            /* ... and of the sheep to move */
	/* For each 8-bit mask: the number of its bits << 24, and their
	 * positions in ascending order, 3 bits each from bit 0. */
	uint32_t pick[256];
} ws_cfg;

typedef struct ws_state {
	uint64_t hash;  /* ws_full_hash, kept incrementally */
	uint8_t turn;   /* WOLF or SHEEP */
	uint8_t pad[7];
	uint32_t bb[2]; /* the pieces by seat: the wolf's one, the sheep's */
} ws_state;
BG_CONFIG_BOARD(ws_cfg);
BG_STATE_HEAD(ws_state);

static int ws_wolf(const ws_state *st)
{
	return bg_ctz32(st->bb[WOLF]);
}

static int ws_rank(int p)
{
	return ws_xy[p][1];
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

/* A sheep on p steps up-left to p + ws_up_left_step(p), up-right to one
 * more. */
static int ws_up_left_step(int p)
{
	return 3 + (p >> 2 & 1);
}

/* ---- Configuration -------------------------------------------------------- */

enum { WS_OPT_WOLF, WS_NOPTIONS };

static const uint8_t ws_wolf_starts[4] = { B8, D8, F8, H8 };

static void ws_tables(ws_cfg *c)
{
	bg_lineboard lb;

	bg_lineboard_build(&lb, &c->board);
	for (int p = 0; p < WS_NPOINTS; p++) {
		for (int i = 0; i < lb.nstep[p]; i++)
			c->steps[WOLF][p] |= 1u << lb.step[p][i].to;
		c->steps[SHEEP][p] = ws_up_left(1u << p) | ws_up_right(1u << p);
		for (int q = 0; q < WS_NPOINTS; q++)
			if (ws_rank(q) <= ws_rank(p))
				c->below[p] |= 1u << q;
		c->z[WOLF][p] = bg_zobrist(WOLF, (uint32_t)p);
		c->z[SHEEP][p] = bg_zobrist(SHEEP, (uint32_t)p);
	}
	c->zturn = bg_zobrist(2, 0);
	for (uint32_t m = 0; m < 256; m++) {
		uint32_t n = 0;

		for (uint32_t b = 0; b < 8; b++)
			if (m >> b & 1)
				c->pick[m] |= b << 3 * n++;
		c->pick[m] |= n << 24;
	}
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
	uint64_t h = c->z[WOLF][ws_wolf(st)];

	for (uint32_t s = st->bb[SHEEP]; s; s &= s - 1)
		h ^= c->z[SHEEP][bg_ctz32(s)];
	return st->turn ? h ^ c->zturn : h;
}

static void ws_init(const void *cfgp, void *stp)
{
	const ws_cfg *c = cfgp;
	ws_state *st = stp;

	memset(st, 0, sizeof(*st));
	st->bb[SHEEP] = 1u << A1 | 1u << C1 | 1u << E1 | 1u << G1;
	st->bb[WOLF] = 1u << c->wolf_start;
	st->turn = WOLF;
	st->hash = ws_full_hash(c, st);
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t ws_max_moves(const void *cfgp)
{
	(void)cfgp;
	return 8; /* four sheep with two steps each; the wolf has four */
}

static uint32_t ws_empty(const ws_state *st)
{
	return ~(st->bb[WOLF] | st->bb[SHEEP]);
}

/* The points a piece of the side to move on `from` steps to, empty or not. */
static uint32_t ws_targets(const ws_cfg *c, const ws_state *st, int from)
{
	return c->steps[st->turn][from];
}

static inline bool ws_can_move(const ws_cfg *c, const ws_state *st)
{
	uint32_t empty = ws_empty(st);

	if (st->turn == WOLF)
		return (ws_targets(c, st, ws_wolf(st)) & empty) != 0;
	return ((ws_up_left(st->bb[SHEEP]) | ws_up_right(st->bb[SHEEP])) &
		empty) != 0;
}

static void ws_step(bg_move *m, int from, int to)
{
	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_STEP;
	m->npath = 2;
	m->pts[0] = (uint16_t)from;
	m->pts[1] = (uint16_t)to;
}

/* The wolf's steps, or each sheep's in turn, to points in number order.
 * The step table is read once: the moves written could alias it. */
static size_t ws_gen(const ws_cfg *c, const ws_state *st, bg_move *buf)
{
	uint32_t empty = ws_empty(st);
	const uint32_t *steps = c->steps[st->turn];
	size_t n = 0;

	for (uint32_t s = st->bb[st->turn]; s; s &= s - 1) {
		int from = bg_ctz32(s);

		for (uint32_t t = steps[from] & empty; t; t &= t - 1)
			ws_step(&buf[n++], from, bg_ctz32(t));
	}
	return n;
}

static size_t ws_legal(const void *cfgp, const void *stp, bg_move *buf)
{
	size_t n = ws_gen(cfgp, stp, buf);

	if (n == 0) {
		/* Only sheep get here, under no_moves=pass. */
		memset(buf, 0, sizeof(*buf));
		buf->kind = BG_MOVE_PASS;
		n = 1;
	}
	return n;
}

/* The position of bit number bg_rand() % count of the mask behind `pick`
 * (a pick[] entry): with the mask's bits in the list's order, the move the
 * core draws from the list. */
static int ws_draw(uint32_t pick, uint64_t *rng)
{
	return pick >> 3 * (bg_rand(rng) % (pick >> 24)) & 7;
}

/* The wolf's free steps as 6 bits: offsets -5 -4 -3 from its point in
 * bits 0-2, +3 +4 +5 in bits 3-5 (every step on the board is one of
 * these), so in the list's order. */
static bool ws_random_wolf(const ws_cfg *c, const ws_state *st,
			   uint64_t *rng, bg_move *out)
{
	int from = ws_wolf(st), j;
	uint64_t w = (uint64_t)(c->steps[WOLF][from] & ws_empty(st)) << 5 >>
		     from;
	uint32_t pick = c->pick[(w & 7) | (w >> 5 & 0x38)];

	if (pick >> 24 == 0)
		return false;
	j = ws_draw(pick, rng);
	ws_step(out, from, from + (j < 3 ? j - 5 : j));
	return true;
}

/* The sheep's free steps as 8 bits: up-left of the i-th sheep in point
 * order in bit 2i, up-right in bit 2i + 1, so in the list's order. */
static bool ws_random_sheep(const ws_cfg *c, const ws_state *st,
			    uint64_t *rng, bg_move *out)
{
	uint32_t empty = ws_empty(st), s = st->bb[SHEEP], slots = 0, pick;
	int p[WS_NSHEEP], from, j;

#pragma GCC unroll 4
	for (int i = 0; i < WS_NSHEEP; i++, s &= s - 1) {
		p[i] = bg_ctz32(s);
		/* 64 bits: on rank 8 the shift passes 31. */
		slots |= (uint32_t)((uint64_t)(c->steps[SHEEP][p[i]] & empty) >>
				    (p[i] + ws_up_left_step(p[i]))) << 2 * i;
	}
	pick = c->pick[slots];
	if (pick >> 24 == 0)
		return false; /* the pass */
	j = ws_draw(pick, rng);
	from = p[j >> 1];
	ws_step(out, from, from + ws_up_left_step(from) + (j & 1));
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
	return st->bb[st->turn] >> from &
	       (ws_targets(c, st, from) & ws_empty(st)) >> to & 1;
}

/* Makes m, or takes it back, for `mover`: a step is its own inverse on the
 * board and the hash, and so is passing the turn. */
static void ws_toggle(const ws_cfg *c, ws_state *st, const bg_move *m,
		      int mover)
{
	int from = m->pts[0], to = m->pts[1];
	uint64_t h = c->zturn;

	if (m->kind == BG_MOVE_STEP) {
		st->bb[mover] ^= 1u << from | 1u << to;
		h ^= c->z[mover][from] ^ c->z[mover][to];
	}
	st->turn ^= 1;
	st->hash ^= h;
}

static int ws_apply(const void *cfgp, void *stp, const bg_move *m, void *undo)
{
	ws_state *st = stp;
	int mover = st->turn;

	(void)undo;
	ws_toggle(cfgp, st, m, mover);
	/* Sheep never step back. */
	return m->kind == BG_MOVE_STEP && mover == SHEEP ?
	       BG_APPLY_IRREVERSIBLE : 0;
}

/* The move says all that changed: no undo record. */
static void ws_unapply(const void *cfgp, void *stp, const bg_move *m,
		       const void *undo)
{
	ws_state *st = stp;

	(void)undo;
	ws_toggle(cfgp, st, m, st->turn ^ 1);
}

/* ---- Outcome -------------------------------------------------------------- */

static void ws_outcome(const void *cfgp, const void *stp, const bg_ctx *ctx,
		       bg_result *out)
{
	const ws_cfg *c = cfgp;
	const ws_state *st = stp;

	(void)ctx;
	bg_result_set(out, BG_ONGOING, -1, BG_REASON_NONE);
	/* Past every sheep: no sheep on the wolf's rank or below it. */
	if (!(st->bb[SHEEP] & c->below[ws_wolf(st)]))
		bg_result_set(out, BG_WIN, WOLF, BG_REASON_GOAL);
	else if (!ws_can_move(c, st) &&
		 (st->turn == WOLF || c->std.no_moves == BG_NO_MOVES_LOSE))
		bg_result_set(out, BG_WIN, !st->turn, BG_REASON_NO_MOVES);
}

/* ---- Position ------------------------------------------------------------- */

static void ws_piece(const void *cfgp, const void *stp, int p, int *seat,
		     int *kind)
{
	const ws_state *st = stp;

	(void)cfgp;
	*seat = -1;
	*kind = BG_PIECE_NONE;
	if (st->bb[WOLF] >> p & 1) {
		*seat = WOLF;
		*kind = BG_PIECE_KING;
	} else if (st->bb[SHEEP] >> p & 1) {
		*seat = SHEEP;
		*kind = BG_PIECE_MAN;
	}
}

static void ws_pieces(const void *cfgp, const void *stp, uint64_t *set,
		      size_t words)
{
	const ws_state *st = stp;

	(void)cfgp;
	memset(set, 0, 6 * words * sizeof(*set));
	set[(size_t)(3 * WOLF + 1) * words] = st->bb[WOLF];
	set[(size_t)(3 * SHEEP) * words] = st->bb[SHEEP];
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
		cells[p] = (st->bb[WOLF] >> p & 1) ? 'w' :
			   (st->bb[SHEEP] >> p & 1) ? 's' : '.';
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

	memset(&tmp, 0, sizeof(tmp));
	if (bg_board_read_ranks(&c->board, &s, ".ws", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < WS_NPOINTS; p++)
		if (cells[p] != '.')
			tmp.bb[cells[p] == 'w' ? WOLF : SHEEP] |= 1u << p;
	if ((s[0] != 'w' && s[0] != 's') || s[1])
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, w or s, after the board");
	if (bg_popcount32(tmp.bb[WOLF]) != 1 ||
	    bg_popcount32(tmp.bb[SHEEP]) != WS_NSHEEP)
		return bg_seterr(BG_EFORMAT,
				 "the board needs 1 wolf and %d sheep, not %d and %d",
				 WS_NSHEEP, bg_popcount32(tmp.bb[WOLF]),
				 bg_popcount32(tmp.bb[SHEEP]));
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
