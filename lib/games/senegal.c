/*
 * Senegalese draughts (Сенегальские шашки) on the 6x5 Bolotoudou board:
 * steps forward or sideways, compulsory capture chains, a piece reaching
 * the far rank leaves the board; the count of pieces decides. Rules:
 * doc/games/senegal.md.
 *
 * Cells are numbered p = 6 * (rank - 1) + file, a1 = 0 ... f5 = 29, so a
 * side's pieces fit in one 32-bit word.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/bits.h"
#include "board/chain.h"
#include "board/board.h"

#include <assert.h>
#include <string.h>

#define SN_W 6
#define SN_H 5
#define SN_N (SN_W * SN_H)
#define SN_ALL ((1u << SN_N) - 1)
#define SN_PIECES 14
#define SN_DIRS 3 /* forward, west, east */
/* An upper bound on the legal list: at most 3 steps for each of 14
 * pieces, or the capture chains, whose distinct results (captured set,
 * landing) number at most 38 for a piece on its home rank, 11 on the next
 * two ranks and 2 beyond (an exhaustive count of the jump trails):
 * 6 * 38 + 8 * 11 = 316. */
#define SN_MAX_MOVES 316

/* Learning: the rank of a from-to action tells apart the capture chains
 * that share their ends; a cap that random games do not reach. */
#define SN_RANKS 4

#define SN_BIT(p) ((uint32_t)1 << (p))
#define SN_FILE_A 0x01041041u /* a1, a2, ..., a5 */

/* White: ranks 1-2, e3, f3. Black: ranks 4-5, a3, b3. */
static const uint32_t sn_start[2] = {
	0xfffu | SN_BIT(16) | SN_BIT(17),
	(0xfffu << 18) | SN_BIT(12) | SN_BIT(13),
};

typedef struct sn_cfg {
	bg_board board;
	/* Per seat, cell and direction: the next cell and the one beyond,
	 * or -1 off the board. */
	int8_t next[2][SN_N][SN_DIRS];
	int8_t beyond[2][SN_N][SN_DIRS];
	uint32_t far[2]; /* the rank where a seat's pieces leave the board */
	/* Per seat, the pieces that could capture forward, west and east:
	 * the cells whose jump lands on the board. */
	uint32_t jumpable[2][SN_DIRS];
	uint64_t z[2][SN_N]; /* the Zobrist keys of sn_hash */
	uint64_t zturn;
	bool chain;
	bg_stdvals std;
} sn_cfg;

typedef struct sn_state {
	uint64_t hash;  /* sn_full_hash, kept incrementally */
	uint8_t turn;
	uint8_t pad[7];
	uint32_t bb[2];
} sn_state;
BG_CONFIG_BOARD(sn_cfg);
BG_STATE_HEAD(sn_state);

/* ---- Configuration -------------------------------------------------------- */

enum { SN_OPT_CHAIN, SN_NOPTIONS };

static int sn_cell(int x, int y)
{
	return x < 0 || x >= SN_W || y < 0 || y >= SN_H ? -1 : y * SN_W + x;
}

static int sn_configure(void *cfgp, const bg_optval *opts)
{
	sn_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, SN_W, SN_H);
	for (int p = 0; p < SN_N; p++) {
		int x = p % SN_W, y = p / SN_W;

		for (int s = 0; s < 2; s++) {
			const int dx[SN_DIRS] = { 0, -1, 1 };
			const int dy[SN_DIRS] = { s ? -1 : 1, 0, 0 };

			for (int d = 0; d < SN_DIRS; d++) {
				c->next[s][p][d] = (int8_t)sn_cell(x + dx[d], y + dy[d]);
				c->beyond[s][p][d] =
					(int8_t)sn_cell(x + 2 * dx[d], y + 2 * dy[d]);
				if (c->beyond[s][p][d] >= 0)
					c->jumpable[s][d] |= SN_BIT(p);
			}
			c->z[s][p] = bg_zobrist((uint32_t)s, (uint32_t)p);
			if (sn_start[s] & SN_BIT(p))
				c->board.marks[p] |= s ? BG_MARK_HOME1 : BG_MARK_HOME0;
		}
	}
	c->far[0] = 0x3fu << (SN_W * (SN_H - 1));
	c->far[1] = 0x3fu;
	c->zturn = bg_zobrist(2, 0);
	return BG_OK;
}

static size_t sn_max_moves(const void *cfgp)
{
	(void)cfgp;
	return SN_MAX_MOVES;
}

/* The position key: the pieces and the side to move. */
static uint64_t sn_full_hash(const sn_cfg *c, const sn_state *s)
{
	uint64_t h = s->turn ? c->zturn : 0;

	for (int seat = 0; seat < 2; seat++)
		for (uint32_t b = s->bb[seat]; b; b &= b - 1)
			h ^= c->z[seat][bg_ctz32(b)];
	return h;
}

static void sn_init(const void *cfgp, void *st)
{
	sn_state *s = st;

	memset(s, 0, sizeof(*s));
	s->bb[0] = sn_start[0];
	s->bb[1] = sn_start[1];
	s->hash = sn_full_hash(cfgp, s);
}

/* ---- Move generation ------------------------------------------------------ */

/* Can seat's piece on p jump in direction d over an enemy, with occ all
 * the pieces? */
static bool sn_jump_ok(const sn_cfg *c, int seat, int p, int d, uint32_t occ,
		       uint32_t enemy)
{
	int over = c->next[seat][p][d], to = c->beyond[seat][p][d];

	return to >= 0 && (enemy & SN_BIT(over)) && !(occ & SN_BIT(to));
}

typedef struct sn_gen {
	const sn_cfg *c;
	int seat;
	uint32_t own;   /* own pieces, the moving one excluded */
	uint32_t enemy; /* enemies at the start */
	bg_move *buf;
	size_t n;
	/* is_legal: instead of writing the captures, look for this one. */
	const bg_move *want;
	bool found;
	bg_chain chain;
	bg_reached keys[SN_MAX_MOVES]; /* per capture: the position reached */
} sn_gen;

/* The jumps from p, forward, west, east: over an enemy not taken yet to
 * an empty cell. */
BG_ALWAYS_INLINE int sn_hops(void *ctx, const bg_chain *w, int p, int tag,
			     bg_hop *out)
{
	const sn_gen *g = ctx;
	const sn_cfg *c = g->c;
	uint32_t enemy = g->enemy & ~(uint32_t)w->taken;
	int n = 0;

	(void)tag;
	for (int d = 0; d < SN_DIRS; d++) {
		if (!sn_jump_ok(c, g->seat, p, d, g->own | enemy, enemy))
			continue;
		out[n].over = (uint8_t)c->next[g->seat][p][d];
		out[n].to = (uint8_t)c->beyond[g->seat][p][d];
		out[n++].tag = 0;
	}
	return n;
}

/* A chain ending on `land` reaches the pieces left; a piece ending on the
 * far rank goes. */
BG_ALWAYS_INLINE bool sn_result(void *ctx, const bg_chain *w, int land, int tag,
				int nhops, bg_reached *key)
{
	const sn_gen *g = ctx;
	uint32_t own = g->own;

	(void)tag;
	(void)nhops;
	if (!(g->c->far[g->seat] & SN_BIT(land)))
		own |= SN_BIT(land);
	key->a = (uint64_t)(g->enemy & ~(uint32_t)w->taken) << 32 | own;
	key->b = 0;
	return true;
}

/* The pieces of seat that can capture now: an enemy next to them, forward,
 * west or east, with the cell beyond it empty. */
static uint32_t sn_capturers(const sn_cfg *c, const sn_state *s, int seat)
{
	uint32_t own = s->bb[seat], enemy = s->bb[!seat];
	uint32_t empty = ~(own | enemy) & SN_ALL;
	uint32_t fwd = seat ? (enemy << SN_W) & (empty << 2 * SN_W) :
			      (enemy >> SN_W) & (empty >> 2 * SN_W);

	return (own & c->jumpable[seat][0] & fwd) |
	       (own & c->jumpable[seat][1] & (enemy << 1) & (empty << 2)) |
	       (own & c->jumpable[seat][2] & (enemy >> 1) & (empty >> 2));
}

/* The pieces of seat that can step forward, west or east. */
static uint32_t sn_steppers(const sn_cfg *c, const sn_state *s, int seat)
{
	uint32_t empty = ~(s->bb[0] | s->bb[1]) & SN_ALL;
	uint32_t fwd = seat ? empty << SN_W : empty >> SN_W;

	(void)c;
	/* Not west from the a-file nor east from the f-file. */
	return s->bb[seat] & (fwd | ((empty << 1) & ~SN_FILE_A) |
			      ((empty >> 1) & ~(SN_FILE_A << (SN_W - 1))));
}

/* The capture chains of `pieces` (each piece's distinct results once),
 * counted in g->n: listed in g->buf, or looked for (g->want). With chains
 * a capture goes on while it can; without, each jump is a move. */
static void sn_captures(sn_gen *g, const sn_state *s, uint32_t pieces)
{
	bg_chain *w = &g->chain;

	bg_chain_init(w, g->buf, g->keys, g->n, SN_MAX_MOVES);
	w->want = g->want;
	w->max_hops = g->c->chain ? SN_PIECES : 1;
	for (uint32_t b = pieces; b; b &= b - 1) {
		int from = bg_ctz32(b);

		g->own = s->bb[g->seat] & ~SN_BIT(from);
		g->enemy = s->bb[!g->seat];
		w->scan = w->n;
		bg_chain_walk(w, g, from, 0, sn_hops, sn_result);
	}
	/* SN_MAX_MOVES is a proven bound (see there). */
	assert(!w->overflow);
	g->n = w->n;
	g->found = w->found;
}

/* The learning actions (sn_learn): from-to pairs, ranks for the capture
 * chains that share their ends. A step's: */
static uint32_t sn_step_action(int from, int to)
{
	return bg_action_make(1, SN_RANKS, bg_action_pair(SN_N, from, to), 0,
			      0);
}

/* The steps of the side to move into buf, or (act) their actions into
 * acts; how many. */
BG_ALWAYS_INLINE size_t sn_steps(const sn_cfg *c, const sn_state *s,
				 bg_move *buf, uint32_t *acts, bool act)
{
	uint32_t occ = s->bb[0] | s->bb[1];
	size_t n = 0;

	for (uint32_t b = s->bb[s->turn]; b; b &= b - 1) {
		int from = bg_ctz32(b);

		for (int d = 0; d < SN_DIRS; d++) {
			int to = c->next[s->turn][from][d];

			/* The actions: each direction written, kept when
			 * it is a step (no branch that guesses); three a
			 * piece, which SN_MAX_MOVES holds. */
			if (act) {
				acts[n] = sn_step_action(from, to);
				n += (to >= 0) & !(occ >> (to & 31) & 1);
				continue;
			}
			if (to < 0 || (occ & SN_BIT(to)))
				continue;
			bg_move_pair(&buf[n++], BG_MOVE_STEP, from, to);
		}
	}
	return n;
}

/* Captures when there are any (compulsory), else steps; each by piece in
 * cell order, then direction: forward, west (towards a), east. */
static size_t sn_legal(const void *cfgp, const void *st, bg_move *buf)
{
	const sn_state *s = st;
	sn_gen g;

	g.c = cfgp;
	g.seat = s->turn;
	g.buf = buf;
	g.n = 0;
	g.want = NULL;
	sn_captures(&g, s, sn_capturers(cfgp, s, s->turn));
	if (g.n == 0)
		g.n = sn_steps(cfgp, s, buf, NULL, false);
	return g.n;
}

/* The steps' actions; a position with captures, whose chains may share
 * their ends, is left to the list. */
static size_t sn_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	const sn_state *s = st;

	if (sn_capturers(cfgp, s, s->turn))
		return BG_ACTIONS_LISTED;
	return sn_steps(cfgp, s, NULL, acts, true);
}

static void sn_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	int from, to;

	(void)cfgp;
	(void)st;
	bg_action_ends(SN_N, action / SN_RANKS, &from, &to);
	bg_move_pair(m, BG_MOVE_STEP, from, to);
}

/* A step when no capture is possible, or a capture chain the generator
 * lists: the piece's own chains, made in check mode. */
static bool sn_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const sn_cfg *c = cfgp;
	const sn_state *s = st;
	int seat = s->turn, from = m->pts[0];
	uint32_t capturers;
	sn_gen g;

	if (m->nremove || m->flags || m->npath < 2 || from >= SN_N ||
	    !(s->bb[seat] & SN_BIT(from)))
		return false;
	capturers = sn_capturers(c, s, seat);
	if (m->kind == BG_MOVE_STEP) {
		if (m->npath != 2 || capturers)
			return false;
		for (int d = 0; d < SN_DIRS; d++) {
			int to = c->next[seat][from][d];

			if (to >= 0 && to == m->pts[1])
				return !((s->bb[0] | s->bb[1]) & SN_BIT(to));
		}
		return false;
	}
	if (m->kind != BG_MOVE_CAPTURE || !(capturers & SN_BIT(from)))
		return false;
	g.c = c;
	g.seat = seat;
	g.buf = NULL;
	g.n = 0;
	g.want = m;
	g.found = false;
	sn_captures(&g, s, SN_BIT(from));
	return g.found;
}

static bool sn_can_move(const sn_cfg *c, const sn_state *s)
{
	return sn_steppers(c, s, s->turn) || sn_capturers(c, s, s->turn);
}

/* ---- Making moves --------------------------------------------------------- */

static int sn_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const sn_cfg *c = cfgp;
	sn_state *s = st;
	int seat = s->turn, from = m->pts[0], to = m->pts[m->npath - 1];
	uint32_t *own = &s->bb[seat];
	uint32_t old0 = s->bb[0], old1 = s->bb[1];

	(void)undo;
	/* The cell jumped over lies half way between two landing cells. */
	for (int i = 1; i < m->npath && m->kind == BG_MOVE_CAPTURE; i++)
		s->bb[!seat] &= ~SN_BIT((m->pts[i - 1] + m->pts[i]) / 2);
	*own &= ~SN_BIT(from);
	if (!(c->far[seat] & SN_BIT(to)))
		*own |= SN_BIT(to);
	s->turn = !seat;
	s->hash ^= c->zturn;
	for (uint32_t b = old0 ^ s->bb[0]; b; b &= b - 1)
		s->hash ^= c->z[0][bg_ctz32(b)];
	for (uint32_t b = old1 ^ s->bb[1]; b; b &= b - 1)
		s->hash ^= c->z[1][bg_ctz32(b)];
	/* Only a sideways step can be undone by another move. */
	return m->kind == BG_MOVE_STEP && from / SN_W == to / SN_W ?
	       0 : BG_APPLY_IRREVERSIBLE;
}

/* ---- Outcome -------------------------------------------------------------- */

/* The end by count: more pieces wins, equal is a draw. */
static void sn_count(const sn_state *s, int reason, bg_result *out)
{
	int n0 = bg_popcount32(s->bb[0]), n1 = bg_popcount32(s->bb[1]);

	if (n0 == n1)
		bg_result_set(out, BG_DRAW, -1, reason);
	else
		bg_result_set(out, BG_WIN, n0 > n1 ? 0 : 1, reason);
}

/* Every White piece stands above every Black piece: no capture can come. */
static bool sn_separated(const sn_state *s)
{
	int low_white = bg_ctz32(s->bb[0]) / SN_W;
	int high_black = bg_high32(s->bb[1]) / SN_W;

	return low_white > high_black;
}

static void sn_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const sn_cfg *c = cfgp;
	const sn_state *s = st;

	(void)ctx;
	if (!s->bb[0] || !s->bb[1])
		sn_count(s, BG_REASON_PIECES, out);
	else if (sn_separated(s))
		sn_count(s, BG_REASON_SEPARATED, out);
	else if (!sn_can_move(c, s))
		sn_count(s, BG_REASON_NO_MOVES, out);
}

/* Repetition and max_plies end by count as well. */
static void sn_std_end(const void *cfgp, const void *st, int reason,
		       bg_result *out)
{
	(void)cfgp;
	sn_count(st, reason, out);
}

/* Each side's score is its number of pieces. */
static void sn_scores(const void *cfgp, const void *st, double out[2])
{
	const sn_state *s = st;

	(void)cfgp;
	out[0] = bg_popcount32(s->bb[0]);
	out[1] = bg_popcount32(s->bb[1]);
}

static void sn_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const sn_state *s = st;

	bg_board_piece_two(s->bb[0], s->bb[1], p, seat, kind);
}

static void sn_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	const sn_state *s = st;

	(void)cfgp;
	bg_board_pieces_two(s->bb[0], s->bb[1], set, words);
}

/* ---- Position text -------------------------------------------------------- */

/* "bbbbbb/bbbbbb/bb..ww/wwwwww/wwwwww w": ranks 5 to 1, side to move. */
static void sn_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const sn_cfg *c = cfgp;
	const sn_state *s = st;
	const uint64_t bb[2] = { s->bb[0], s->bb[1] };

	bg_board_write_two(&c->board, bb, out);
	bg_sb_puts(out, s->turn ? " b" : " w");
}

static int sn_read_position(const void *cfgp, void *st, const char *text)
{
	const sn_cfg *c = cfgp;
	const char *s = text;
	sn_state t;

	uint64_t bb[2];

	memset(&t, 0, sizeof(t));
	if (bg_board_read_two(&c->board, &s, bb) != BG_OK)
		return BG_EFORMAT;
	t.bb[0] = (uint32_t)bb[0];
	t.bb[1] = (uint32_t)bb[1];
	if ((s[0] != 'w' && s[0] != 'b') || s[1] != '\0')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', last");
	t.turn = s[0] == 'b';
	for (int seat = 0; seat < 2; seat++) {
		if (bg_popcount32(t.bb[seat]) > SN_PIECES)
			return bg_seterr(BG_EFORMAT, "%s has %d pieces, more "
					 "than %d", seat ? "black" : "white",
					 bg_popcount32(t.bb[seat]), SN_PIECES);
		if (t.bb[seat] & c->far[seat])
			return bg_seterr(BG_EFORMAT, "a %s piece stands on the "
					 "far rank, where it leaves the board",
					 seat ? "black" : "white");
	}
	t.hash = sn_full_hash(c, &t);
	memcpy(st, &t, sizeof(t));
	return BG_OK;
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const sn_aliases[] = { "senegalese", "senegalskie",
					  NULL };

static const bg_optdef sn_options[] = {
	{ "chain", BG_OPT_BOOL, "1", "0|1",
	  "after a capture the same piece goes on capturing while it can; "
	  "0: one capture per move",
	  BG_OPT_FIELD(sn_cfg, chain) },
};
_Static_assert(sizeof(sn_options) / sizeof(sn_options[0]) == SN_NOPTIONS,
	       "the standard option values follow the own ones");

/* Learning: chains between the same points may differ in what they take.
 * A batch makes the actions of steps itself and lists the captures. */
static void sn_learn(const void *cfgp, bg_learn_info *out)
{
	(void)cfgp;
	out->pairs = 1;
	out->ranks = SN_RANKS;
	out->direct = BG_DIRECT_OR_LIST;
}

const bg_rules bg_rules_senegal = {
	.name = "senegal",
	.aliases = sn_aliases,
	.title_en = "Senegalese draughts",
	.title_ru = "Сенегальские шашки",
	.options = sn_options,
	.noptions = sizeof(sn_options) / sizeof(sn_options[0]),
	.std_def = { [BG_STD_REPETITION] = "3", [BG_STD_MAX_PLIES] = "0" },
	.std_doc = {
		[BG_STD_REPETITION] = "the occurrence of a position (since "
			"the last irreversible move) that ends the game by "
			"count",
		[BG_STD_MAX_PLIES] = "the game ends by count at this ply; 0: "
			"no limit",
	},
	.std_offset = offsetof(sn_cfg, std),
	.config_size = sizeof(sn_cfg),
	.state_bytes = sizeof(sn_state),
	.head = true,
	.configure = sn_configure,
	.init = sn_init,
	.max_moves = sn_max_moves,
	.legal = sn_legal,
	.is_legal = sn_is_legal,
	.apply = sn_apply,
	.outcome = sn_outcome,
	.std_end = sn_std_end,
	.scores = sn_scores,
	.piece = sn_piece,
	.pieces = sn_pieces,
	.write_position = sn_write_position,
	.read_position = sn_read_position,
	.learn = sn_learn,
	.legal_actions = sn_legal_actions,
	.action_move = sn_action_move,
};
