/*
 * Hasami shogi, the brochure's Dai-hasami variant: step or jump forward or
 * sideways, take enemies by custodian capture, win with five in a row
 * vertically or diagonally in the five middle ranks. Rules:
 * doc/games/hasami-shogi.md.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/grid.h"
#include "board/bits.h"
#include "board/board.h"

#include <assert.h>
#include <string.h>

#define HS_SIDE 9
#define HS_N (HS_SIDE * HS_SIDE)
#define HS_PIECES 18 /* per side at the start, never more */
#define HS_NLINES 19 /* winning lines: 9 files, 5 + 5 diagonals */
#define HS_LINE 5

/* Move directions, in the library's order N, E, S, W. */
#define HS_DIRS 4
#define HS_HI (HS_N - 64) /* cells in word 1 of a bitboard */

/* Point offsets of a step N, E, S, W. */
static const int8_t hs_delta[HS_DIRS] = { HS_SIDE, 1, -HS_SIDE, -1 };
/* The directions each seat moves in: forward first. */
static const int8_t hs_dirs[2][3] = { { BG_N, BG_E, BG_W },
				      { BG_S, BG_E, BG_W } };

typedef struct hs_cfg {
	bg_board board;
	unsigned capdirs;  /* BG_DIRS_ALL, or BG_DIRS_ORTHO */
	bool capture_lines; /* rows of enemies are taken, not single ones */
	bg_stdvals std;
	int16_t nb[HS_N][8]; /* neighbour in each bg_dir direction, or -1 */
	uint64_t reach[HS_DIRS][2]; /* cells a step in each direction ends on */
	/* Per cell, the cells next to it in a capture direction, and the
	 * custodian pairs. */
	uint64_t adj[HS_N][2];
	bg_custodian cust;
	/* The winning lines through each cell, as word-0 masks (they lie in
	 * cells 18..62); ~0 fills the unused places, as no seat has all 64
	 * cells. */
	uint64_t lines[HS_N][3];
	uint64_t line[HS_NLINES]; /* the winning lines, word 0 */
	/* For the evaluation, per seat: the cells of the i-th of ranks 3-7
	 * in the order the seat reaches them (word 0), and the cells on or
	 * behind that rank (the pieces that can still get there). */
	uint64_t band[2][HS_LINE], behind[2][HS_LINE][2];
	uint64_t z[2][HS_N]; /* hs_zpiece(seat, p), for the hot path */
	uint64_t zturn;
} hs_cfg;

/*
 * cells[] and bb[] say the same thing: cells for the step tests and single
 * lookups, the bitboards (cells 0..63 in word 0, 64..80 in word 1) for
 * iterating pieces, move targets, capture masks and the winning lines.
 */
typedef struct hs_state {
	uint64_t hash;       /* kept incrementally */
	uint8_t turn;
	uint8_t passes;      /* passes in a row just made: 0, 1 or 2 */
	uint8_t count[2];    /* pieces on the board per seat */
	uint8_t last;        /* 1 + the cell the last move ended on; 0 after a
			      * pass or in a position read or set up */
	uint8_t cells[HS_N]; /* 0 empty, 1 seat 0, 2 seat 1 */
	uint8_t pad[2];
	uint64_t bb[2][2];
} hs_state;
BG_CONFIG_BOARD(hs_cfg);
BG_STATE_HEAD(hs_state);

static void bb_set(uint64_t *bb, int p)
{
	bb[p >> 6] |= (uint64_t)1 << (p & 63);
}

static void bb_clr(uint64_t *bb, int p)
{
	bb[p >> 6] &= ~((uint64_t)1 << (p & 63));
}

static int hs_count(const hs_state *s, int seat)
{
	return s->count[seat];
}

static uint64_t hs_zpiece(int seat, int p)
{
	return bg_zobrist((uint32_t)seat, (uint32_t)p);
}

static uint64_t hs_zturn(void)
{
	return bg_zobrist(2, 0);
}

/* ---- Configuration -------------------------------------------------------- */

enum { HS_OPT_ORTHO, HS_OPT_LINES, HS_NOPTIONS };

/* The winning lines: every run of five going N, NE or NW inside ranks 3-7
 * (a 9x5 band, offset by two ranks). A cell is on one of each at most. */
static void hs_win_lines(hs_cfg *c)
{
	uint8_t runs[HS_NLINES * HS_LINE], used[HS_N] = { 0 };
	size_t n = bg_grid_runs(HS_SIDE, HS_LINE, HS_LINE,
				1u << BG_N | 1u << BG_NE | 1u << BG_NW, runs);

	memset(c->lines, 0xff, sizeof(c->lines));
	for (size_t i = 0; i < n && i < HS_NLINES; i++) {
		const uint8_t *run = &runs[i * HS_LINE];
		uint64_t line = 0;

		for (int k = 0; k < HS_LINE; k++)
			line |= (uint64_t)1 << (run[k] + 2 * HS_SIDE);
		c->line[i] = line;
		for (int k = 0; k < HS_LINE; k++) {
			int p = run[k] + 2 * HS_SIDE;

			c->lines[p][used[p]++] = line;
		}
	}
}

/* The evaluation's rank masks; seat 1's are seat 0's upside down. */
static void hs_band_tables(hs_cfg *c)
{
	for (int p = 0; p < HS_N; p++) {
		int y = p / HS_SIDE;

		for (int i = 0; i < HS_LINE; i++) {
			if (y == 2 + i)
				bb_set(&c->band[0][i], p);
			if (y == HS_SIDE - 3 - i)
				bb_set(&c->band[1][i], p);
			if (y <= 2 + i)
				bb_set(c->behind[0][i], p);
			if (y >= HS_SIDE - 3 - i)
				bb_set(c->behind[1][i], p);
		}
	}
}

/* Per direction, the cells a step can end on: a shifted bitboard wraps
 * round the files otherwise. */
static void hs_step_tables(hs_cfg *c)
{
	for (int d = 0; d < HS_DIRS; d++)
		for (int p = 0; p < HS_N; p++)
			if (c->nb[p][d] >= 0)
				bb_set(c->reach[d], c->nb[p][d]);
}

/* The capture directions' cells around each cell, so that a move next to
 * no enemy, the common case, is seen to take nothing with one mask. */
static void hs_capture_tables(hs_cfg *c)
{
	for (int p = 0; p < HS_N; p++)
		for (int d = 0; d < 8; d++) {
			int q = c->nb[p][d];

			if (q >= 0 && (c->capdirs & (1u << d)))
				bb_set(c->adj[p], q);
		}
	bg_custodian_init(&c->cust, HS_SIDE, HS_SIDE, c->capdirs);
}

static int hs_configure(void *cfgp, const bg_optval *opts)
{
	hs_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, HS_SIDE, HS_SIDE);
	for (int p = 0; p < HS_N; p++) {
		int y = p / HS_SIDE;

		for (int d = 0; d < 8; d++)
			c->nb[p][d] = (int16_t)bg_grid_step(HS_SIDE, HS_SIDE, p, d);
		if (y < 2)
			c->board.marks[p] = BG_MARK_HOME0;
		else if (y >= HS_SIDE - 2)
			c->board.marks[p] = BG_MARK_HOME1;
	}
	hs_win_lines(c);
	hs_band_tables(c);
	hs_step_tables(c);
	for (int p = 0; p < HS_N; p++)
		for (int seat = 0; seat < 2; seat++)
			c->z[seat][p] = hs_zpiece(seat, p);
	c->zturn = hs_zturn();
	c->capdirs = opts[HS_OPT_ORTHO].i ? BG_DIRS_ORTHO : BG_DIRS_ALL;
	hs_capture_tables(c);
	return BG_OK;
}

/* ---- Position ------------------------------------------------------------- */

static void hs_put(hs_state *s, int seat, int p)
{
	s->cells[p] = (uint8_t)(seat + 1);
	bb_set(s->bb[seat], p);
	s->count[seat]++;
	s->hash ^= hs_zpiece(seat, p);
}

/* The hot path's updates, with the keys from the config's table: the
 * piece of seat on from moves to to (its count stays), or the piece on p
 * is taken. */
static void hs_relocate(const hs_cfg *c, hs_state *s, int seat, int from,
			int to)
{
	s->cells[from] = 0;
	s->cells[to] = (uint8_t)(seat + 1);
	bb_clr(s->bb[seat], from);
	bb_set(s->bb[seat], to);
	s->hash ^= c->z[seat][from] ^ c->z[seat][to];
}

static void hs_take_fast(const hs_cfg *c, hs_state *s, int p)
{
	int seat = s->cells[p] - 1;

	s->cells[p] = 0;
	bb_clr(s->bb[seat], p);
	s->count[seat]--;
	s->hash ^= c->z[seat][p];
}

static void hs_init(const void *cfgp, void *st)
{
	hs_state *s = st;

	(void)cfgp;
	memset(s, 0, sizeof(*s));
	for (int p = 0; p < 2 * HS_SIDE; p++) {
		hs_put(s, 0, p);
		hs_put(s, 1, HS_N - 1 - p);
	}
}

static void hs_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const hs_state *s = st;

	(void)cfgp;
	*seat = s->cells[p] ? s->cells[p] - 1 : -1;
	*kind = s->cells[p] ? BG_PIECE_MAN : BG_PIECE_NONE;
}

/* The observation's piece sets: each side's men as its two-word bitboard
 * (the board's 81 points take two words). */
static void hs_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	const hs_state *s = st;

	(void)cfgp;
	assert(words == 2);
	memset(set, 0, 6 * words * sizeof(*set));
	memcpy(set, s->bb[0], sizeof(s->bb[0]));
	memcpy(set + 3 * words, s->bb[1], sizeof(s->bb[1]));
}

/* "RANK9/.../RANK1 SIDE PASSES": 'w', 'b' or '.' per cell from the a-file. */
static void hs_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const hs_cfg *c = cfgp;
	const hs_state *s = st;
	char cells[HS_N];

	for (int p = 0; p < HS_N; p++)
		cells[p] = ".wb"[s->cells[p]];
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_printf(out, " %c %d", s->turn ? 'b' : 'w', s->passes);
}

static int hs_read_position(const void *cfgp, void *st, const char *text)
{
	const hs_cfg *c = cfgp;
	hs_state tmp;
	char cells[HS_N];
	const char *t = text;

	memset(&tmp, 0, sizeof(tmp));
	if (bg_board_read_ranks(&c->board, &t, ".wb", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < HS_N; p++)
		if (cells[p] != '.')
			hs_put(&tmp, cells[p] == 'b', p);
	if ((t[0] != 'w' && t[0] != 'b') || t[1] != ' ' || t[2] < '0' ||
	    t[2] > '2' || t[3] != '\0')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move ('w' or 'b') and the "
				 "passes in a row (0, 1 or 2) after the board");
	for (int seat = 0; seat < 2; seat++)
		if (hs_count(&tmp, seat) > HS_PIECES)
			return bg_seterr(BG_EFORMAT,
					 "%s has %d pieces, more than %d",
					 seat ? "black" : "white",
					 hs_count(&tmp, seat), HS_PIECES);
	tmp.turn = t[0] == 'b';
	tmp.passes = (uint8_t)(t[2] - '0');
	if (tmp.turn)
		tmp.hash ^= hs_zturn();
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Moves ---------------------------------------------------------------- */

/* The backward direction of a seat: pieces never move that way. */
static int hs_backward(int seat)
{
	return seat ? BG_N : BG_S;
}

static size_t hs_max_moves(const void *cfgp)
{
	(void)cfgp;
	return HS_PIECES * (HS_DIRS - 1); /* one move per piece and direction */
}

/* The step or jump of the piece on p in direction d, if any. */
static bool hs_move_in(const hs_cfg *c, const hs_state *s, int p, int d,
		       bg_move *m)
{
	int q = c->nb[p][d], r;

	if (q < 0)
		return false;
	if (s->cells[q]) {
		/* Only an enemy may be jumped (the booklet: «через чужую фишку»,
		 * "over an opponent's piece"). */
		if (s->cells[q] == s->turn + 1 || (r = c->nb[q][d]) < 0 ||
		    s->cells[r])
			return false;
		q = r;
		m->kind = BG_MOVE_JUMP;
	} else {
		m->kind = BG_MOVE_STEP;
	}
	m->npath = 2;
	m->pts[0] = (uint16_t)p;
	m->pts[1] = (uint16_t)q;
	return true;
}

/* Order: pieces by point (a1, b1, ..., i9), then directions N, E, S, W
 * without the backward one; each gives one step or one jump at most.
 * The moves into buf, or with act their actions into acts; act is a
 * constant where this is inlined, so that each is its own loop. */
BG_ALWAYS_INLINE size_t hs_moves(const hs_cfg *c, const hs_state *s,
				 bg_move *buf, uint32_t *acts, bool act)
{
	int back = hs_backward(s->turn);
	uint8_t own = (uint8_t)(s->turn + 1);
	size_t n = 0;

	for (int w = 0; w < 2; w++)
		for (uint64_t bits = s->bb[s->turn][w]; bits; bits &= bits - 1) {
			int p = w * 64 + bg_ctz64(bits);

			for (int d = 0; d < HS_DIRS; d++) {
				int q = c->nb[p][d], r, kind = BG_MOVE_STEP;

				if (d == back || q < 0)
					continue;
				/* Only an enemy may be jumped. */
				if (s->cells[q]) {
					if (s->cells[q] == own ||
					    (r = c->nb[q][d]) < 0 || s->cells[r])
						continue;
					q = r;
					kind = BG_MOVE_JUMP;
				}
				if (act)
					acts[n++] = bg_action_pair(HS_N, p, q);
				else
					bg_move_pair(&buf[n++], kind, p, q);
			}
		}
	if (n == 0 && act) {
		acts[n++] = bg_action_pass(HS_N);
	} else if (n == 0) {
		memset(buf, 0, sizeof(*buf));
		buf->kind = BG_MOVE_PASS;
		n = 1;
	}
	return n;
}

static size_t hs_legal(const void *cfgp, const void *st, bg_move *buf)
{
	return hs_moves(cfgp, st, buf, NULL, false);
}

static size_t hs_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	return hs_moves(cfgp, st, NULL, acts, true);
}

/* A step goes one cell, a jump two. */
static void hs_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	int p, q, far;

	if (action == bg_action_pass(HS_N)) {
		memset(m, 0, sizeof(*m));
		m->kind = BG_MOVE_PASS;
		return;
	}
	bg_action_ends(HS_N, action, &p, &q);
	far = q - p == 2 || p - q == 2 || q - p == 2 * HS_SIDE ||
	      p - q == 2 * HS_SIDE;
	bg_move_pair(m, far ? BG_MOVE_JUMP : BG_MOVE_STEP, p, q);
}

/* The cells of b moved by k points (k in -63..63, not 0). Bits carried
 * past i9 stay in word 1: hs_step masks them, and the files a shift wraps
 * round. */
static void hs_shift(uint64_t out[2], const uint64_t b[2], int k)
{
	if (k > 0) {
		out[1] = b[1] << k | b[0] >> (64 - k);
		out[0] = b[0] << k;
	} else {
		out[0] = b[0] >> -k | b[1] << (64 + k);
		out[1] = b[1] >> -k;
	}
}

/* The cells a step going d from the cells of b ends on. Inline, as
 * hs_targets: the shifts of E and W become constants. */
static inline void hs_step(const hs_cfg *c, int d, const uint64_t b[2],
			   uint64_t out[2])
{
	hs_shift(out, b, hs_delta[d]);
	out[0] &= c->reach[d][0];
	out[1] &= c->reach[d][1];
}

/* The cells the pieces of the side to move reach going d, by a step or a
 * jump. One piece makes at most one move a direction, and no two pieces
 * reach the same cell going the same way (a jumper's target is beyond an
 * enemy, a stepper's beyond an own piece), so each cell is one move. */
static inline void hs_targets(const hs_cfg *c, const hs_state *s, int d,
			      uint64_t to[2])
{
	const uint64_t *own = s->bb[s->turn], *foe = s->bb[!s->turn];
	uint64_t next[2], over[2];

	hs_step(c, d, own, next);
	over[0] = next[0] & foe[0];
	over[1] = next[1] & foe[1];
	hs_step(c, d, over, over);
	to[0] = (next[0] | over[0]) & ~(own[0] | foe[0]);
	to[1] = (next[1] | over[1]) & ~(own[1] | foe[1]);
}

/* The step or jump going d that ends on q (a target of hs_targets). */
static void hs_move_to(const hs_state *s, int d, int q, bg_move *out)
{
	int p = q - hs_delta[d]; /* the mover, or the enemy it jumps */

	if (s->cells[p] == s->turn + 1)
		bg_move_pair(out, BG_MOVE_STEP, p, q);
	else
		bg_move_pair(out, BG_MOVE_JUMP, p - hs_delta[d], q);
}

/* A legal move drawn uniformly from the targets of the three directions,
 * without listing the moves; the pass is left to the list. The targets
 * are counted in four words: word 0 of each direction, then their words 1
 * (HS_HI cells each) side by side. */
static bool hs_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const hs_cfg *c = cfgp;
	const hs_state *s = st;
	const int8_t *dirs = hs_dirs[s->turn];
	uint64_t to[3][2], words[4], bits;
	int cnt[4], total = 0, i, k;

	/* Either forward direction by name, so its shifts are constants. */
	if (s->turn)
		hs_targets(c, s, BG_S, to[0]);
	else
		hs_targets(c, s, BG_N, to[0]);
	hs_targets(c, s, BG_E, to[1]);
	hs_targets(c, s, BG_W, to[2]);
	words[0] = to[0][0];
	words[1] = to[1][0];
	words[2] = to[2][0];
	words[3] = to[0][1] | to[1][1] << HS_HI | to[2][1] << 2 * HS_HI;
	for (i = 0; i < 4; i++)
		total += cnt[i] = bg_popcount64(words[i]);
	if (total == 0)
		return false;
	k = (int)bg_rand_below(rng, (uint64_t)total);
	for (i = 0; k >= cnt[i]; i++)
		k -= cnt[i];
	for (bits = words[i]; k > 0; k--)
		bits &= bits - 1;
	k = bg_ctz64(bits);
	if (i < 3)
		hs_move_to(s, dirs[i], k, out);
	else
		hs_move_to(s, dirs[k / HS_HI], 64 + k % HS_HI, out);
	return true;
}

static bool hs_has_move(const hs_cfg *c, const hs_state *s)
{
	bg_move m;
	int back = hs_backward(s->turn);

	for (int w = 0; w < 2; w++)
		for (uint64_t bits = s->bb[s->turn][w]; bits; bits &= bits - 1) {
			int p = w * 64 + bg_ctz64(bits);

			for (int d = 0; d < HS_DIRS; d++)
				if (d != back && hs_move_in(c, s, p, d, &m))
					return true;
		}
	return false;
}

/* The offset of one step from p towards q along their rank or file, or 0
 * when they share neither or lie more than a jump apart. */
static int hs_step_towards(int p, int q)
{
	int diff = q - p;

	if (p / HS_SIDE == q / HS_SIDE)
		return diff >= -2 && diff <= 2 ? (diff > 0) - (diff < 0) : 0;
	if (diff % HS_SIDE)
		return 0;
	return diff >= -2 * HS_SIDE && diff <= 2 * HS_SIDE ?
	       (diff > 0 ? HS_SIDE : -HS_SIDE) : 0;
}

/* The move is in the legal list: the step or jump of an own piece to an
 * empty cell in a direction it may go, or the pass when there is no other
 * move. */
static bool hs_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const hs_cfg *c = cfgp;
	const hs_state *s = st;
	int p = m->pts[0], q = m->pts[1], step;

	if (m->nremove || m->flags)
		return false;
	if (m->kind == BG_MOVE_PASS)
		return m->npath == 0 && !hs_has_move(c, s);
	if (m->npath != 2 || p >= HS_N || q >= HS_N ||
	    s->cells[p] != s->turn + 1 || s->cells[q])
		return false;
	step = hs_step_towards(p, q);
	if (!step || step == hs_delta[hs_backward(s->turn)])
		return false;
	if (q - p == step)
		return m->kind == BG_MOVE_STEP;
	/* Only an enemy may be jumped. */
	return m->kind == BG_MOVE_JUMP && s->cells[p + step] == !s->turn + 1;
}

/* A move next to no enemy takes nothing: one mask answers the common
 * case. */
static bool hs_near_foe(const hs_cfg *c, const hs_state *s, int p, int seat)
{
	const uint64_t *foe = s->bb[!seat];

	return (foe[0] & c->adj[p][0]) | (foe[1] & c->adj[p][1]);
}

/* The enemies taken by the piece that arrived at p: single pieces, or
 * whole rows when capture_lines is on. */
static int hs_captures(const hs_cfg *c, const hs_state *s, int p, int *out)
{
	uint8_t own = s->cells[p];
	int n = 0;

	if (!c->capture_lines)
		return hs_near_foe(c, s, p, own - 1) ?
			bg_grid_custodian(&c->cust, s->cells, p, out) : 0;
	for (int d = 0; d < 8; d++) {
		int q = c->nb[p][d], k = 0, run[HS_SIDE];

		if (!(c->capdirs & (1u << d)))
			continue;
		while (q >= 0 && s->cells[q] && s->cells[q] != own) {
			run[k++] = q;
			q = c->nb[q][d];
		}
		if (k == 0 || q < 0 || s->cells[q] != own)
			continue;
		for (int i = 0; i < k; i++)
			out[n++] = run[i];
	}
	return n;
}

static int hs_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const hs_cfg *c = cfgp;
	hs_state *s = st;
	int seat = s->turn, flags = 0;

	(void)undo;
	if (m->kind == BG_MOVE_PASS) {
		s->passes++;
		s->last = 0;
	} else {
		int from = m->pts[0], to = m->pts[1];
		int taken[8 * HS_SIDE], n;

		hs_relocate(c, s, seat, from, to);
		n = hs_captures(c, s, to, taken);
		for (int i = 0; i < n; i++)
			hs_take_fast(c, s, taken[i]);
		/* Pieces never go back: a forward move, like a capture,
		 * can never be undone by later moves. */
		if (n || from / HS_SIDE != to / HS_SIDE)
			flags |= BG_APPLY_IRREVERSIBLE;
		s->passes = 0;
		s->last = (uint8_t)(to + 1);
	}
	s->turn = (uint8_t)!seat;
	s->hash ^= c->zturn;
	return flags;
}

/* ---- Outcome -------------------------------------------------------------- */

/* Five in a row on a winning line. Those lines lie in ranks 3-7, cells
 * 18..62, all in word 0: a run of five is a start cell whose next four
 * cells going N (+9), NE (+10) or NW (+8) are own too. The start cells:
 * rank 3 for N, its files a-e for NE and e-i for NW (the 9 + 5 + 5
 * lines). */
static bool hs_five(const hs_state *s, int seat)
{
	uint64_t b = s->bb[seat][0];
	uint64_t n = b & b >> 9 & b >> 18 & b >> 27 & b >> 36;
	uint64_t ne = b & b >> 10 & b >> 20 & b >> 30 & b >> 40;
	uint64_t nw = b & b >> 8 & b >> 16 & b >> 24 & b >> 32;

	return ((n & (uint64_t)0x1ff << 18) | (ne & (uint64_t)0x1f << 18) |
		(nw & (uint64_t)0x1f << 22)) != 0;
}

/* Five in a row on a winning line through p. */
static bool hs_five_at(const hs_cfg *c, const hs_state *s, int seat, int p)
{
	uint64_t b = s->bb[seat][0];

	for (int i = 0; i < 3; i++)
		if ((b & c->lines[p][i]) == c->lines[p][i])
			return true;
	return false;
}

static void hs_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const hs_cfg *c = cfgp;
	const hs_state *s = st;
	int mover = !s->turn;

	/* After a step or jump (s->last) the game went on before it, so only
	 * the mover can have a five, through the cell it moved to. Else (a
	 * pass, or a position given as text) either side may have one. */
	if (s->last ? hs_five_at(c, s, mover, s->last - 1) : hs_five(s, mover))
		bg_result_set(out, BG_WIN, mover, BG_REASON_GOAL);
	else if (!s->last && hs_five(s, s->turn))
		bg_result_set(out, BG_WIN, s->turn, BG_REASON_GOAL);
	else if (hs_count(s, 0) < HS_LINE && hs_count(s, 1) < HS_LINE)
		bg_result_set(out, BG_DRAW, -1, BG_REASON_MATERIAL);
	else if (s->passes >= 2)
		bg_result_set(out, BG_DRAW, -1, BG_REASON_PASSES);
	else if (c->std.no_moves == BG_NO_MOVES_LOSE && !hs_has_move(c, s))
		bg_result_set(out, BG_WIN, mover, BG_REASON_NO_MOVES);
}

/* ---- Evaluation ----------------------------------------------------------- */

/* Whether seat's pieces off line l could fill its empty cells: going
 * forward rank by rank, at least as many of them on or behind each rank
 * as there are empty line cells up to it (pieces never go back). So a
 * side with fewer than five pieces that can still reach ranks 3-7 has no
 * line left. */
static bool hs_fillable(const hs_cfg *c, const hs_state *s, int seat,
			uint64_t l)
{
	const uint64_t *own = s->bb[seat];
	uint64_t free0 = own[0] & ~l, free1 = own[1];
	int need = 0;

	for (int i = 0; i < HS_LINE; i++) {
		if (!(own[0] & l & c->band[seat][i]))
			need++;
		if (bg_popcount64(free0 & c->behind[seat][i][0]) +
		    bg_popcount64(free1 & c->behind[seat][i][1]) < need)
			return false;
	}
	return true;
}

/* Seat's prospects on the winning lines, in pieces: per line with no
 * enemy on it that its pieces could still fill, a weight growing with the
 * own pieces on it. An open four is worth a piece and a half, no more: an
 * enemy steps in the way in one move, and weighing lines higher measured
 * weaker in MCTS self-play. */
static double hs_lines(const hs_cfg *c, const hs_state *s, int seat)
{
	static const double w[HS_LINE] = { 0, 0.05, 0.15, 0.45, 1.5 };
	uint64_t own = s->bb[seat][0], foe = s->bb[!seat][0];
	double sum = 0;

	for (int i = 0; i < HS_NLINES; i++) {
		uint64_t l = c->line[i];

		if (!(foe & l) && (own & l) && hs_fillable(c, s, seat, l))
			sum += w[bg_popcount64(own & l)];
	}
	return sum;
}

/* What the side to move can do at once: -1 when a move makes five, else
 * the most enemies one move takes. Each move is made on a copy and taken
 * back; captures are looked for only next to an enemy. */
static int hs_best_now(const hs_cfg *c, const hs_state *s)
{
	const int8_t *dirs = hs_dirs[s->turn];
	hs_state t = *s;
	int seat = s->turn, best = 0, taken[8 * HS_SIDE];

	for (int i = 0; i < 3; i++) {
		uint64_t to[2];

		hs_targets(c, s, dirs[i], to);
		for (int w = 0; w < 2; w++)
			for (uint64_t b = to[w]; b; b &= b - 1) {
				int q = w * 64 + bg_ctz64(b), n;
				bg_move m;

				hs_move_to(s, dirs[i], q, &m);
				hs_relocate(c, &t, seat, m.pts[0], q);
				if (hs_five_at(c, &t, seat, q))
					return -1;
				if (hs_near_foe(c, s, q, seat)) {
					n = hs_captures(c, &t, q, taken);
					if (n > best)
						best = n;
				}
				hs_relocate(c, &t, seat, q, m.pts[0]);
			}
	}
	return best;
}

/*
 * Seat 0's lead in pieces, four pieces counting as a clear advantage:
 * the pieces each side has, and its line prospects (hs_lines). The side to
 * move gets twice the most it can take at once (once measured weaker in
 * MCTS self-play), or sixteen pieces when it can make five: a win, kept
 * in the range of the other terms (a larger figure measured weaker).
 */
static double hs_evaluate(const void *cfgp, const void *st, int ply)
{
	const hs_cfg *c = cfgp;
	const hs_state *s = st;
	int sign = s->turn ? -1 : 1, now = hs_best_now(c, s);
	double lead;

	(void)ply;
	if (now < 0)
		return bg_eval_squash(sign * 4.0);
	lead = s->count[0] - s->count[1] + hs_lines(c, s, 0) -
	       hs_lines(c, s, 1) + sign * 2 * now;
	return bg_eval_squash(lead / 4);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const hs_aliases[] = { "hasami", "khasami-shogi", NULL };

static const bg_optdef hs_options[] = {
	{ "capture_orthogonal_only", BG_OPT_BOOL, "0", "0|1",
	  "capture along ranks and files only, not also diagonally",
	  BG_OPT_DERIVED },
	{ "capture_lines", BG_OPT_BOOL, "0", "0|1",
	  "a row of enemies between the moved piece and an own piece is "
	  "taken, not only a single enemy",
	  BG_OPT_FIELD(hs_cfg, capture_lines) },
};
_Static_assert(sizeof(hs_options) / sizeof(hs_options[0]) == HS_NOPTIONS,
	       "the standard option values follow the own ones");

static void hs_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = { "passes", "last move's end" };

	(void)cfgp;
	out->pairs = 1;
	out->ranks = 1;
	out->nplanes = 2;
	out->counters = 1;
	out->plane_names = names;
	out->direct = BG_DIRECT_ALWAYS;
}

static void hs_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const hs_state *st = stp;

	(void)cfgp;
	(void)seat;
	v[0] = st->passes;
}

static void hs_observe(const void *cfgp, const void *stp, int seat,
		       float *out)
{
	const hs_state *st = stp;

	(void)cfgp;
	(void)seat;
	bg_plane_fill(out, HS_N, 0);
	if (st->last)
		out[st->last - 1] = 1;
}

const bg_rules bg_rules_hasami_shogi = {
	.name = "hasami-shogi",
	.aliases = hs_aliases,
	.title_en = "Hasami shogi",
	.title_ru = "Хасами сёги",
	.options = hs_options,
	.noptions = sizeof(hs_options) / sizeof(hs_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "pass", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(hs_cfg, std),
	.config_size = sizeof(hs_cfg),
	.state_bytes = sizeof(hs_state),
	.head = true,
	.configure = hs_configure,
	.init = hs_init,
	.max_moves = hs_max_moves,
	.legal = hs_legal,
	.is_legal = hs_is_legal,
	.random_move = hs_random_move,
	.apply = hs_apply,
	.outcome = hs_outcome,
	.evaluate = hs_evaluate,
	.piece = hs_piece,
	.pieces = hs_pieces,
	.write_position = hs_write_position,
	.read_position = hs_read_position,
	.learn = hs_learn,
	.legal_actions = hs_legal_actions,
	.action_move = hs_action_move,
	.counters = hs_counters,
	.observe = hs_observe,
};
