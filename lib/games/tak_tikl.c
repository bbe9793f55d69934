/*
 * Tak-tikl (Tac Tickle): four pieces each on a 4x4 board, orthogonal steps,
 * three in a row wins. Rules: doc/games/tak-tikl.md.
 *
 * The whole state is the stones' (board/stones.h): two boards, the side to
 * move and the Zobrist key, kept incrementally.
 */
#include "core/rules.h"
#include "board/grid.h"
#include "board/stones.h"

#include <string.h>

#define TT_N 4
#define TT_CELLS 16
#define TT_PIECES 4
#define TT_DIRS 4 /* a stone steps along the rows and columns only */
#define TT_NLINES 24

typedef struct tt_cfg {
	bg_board board;
	uint16_t start[2];
	uint16_t line[TT_NLINES];      /* the 24 winning triples */
	bg_stone_steps steps;          /* N, E, S, W */
	bg_stdvals std;
} tt_cfg;

typedef bg_stones tt_state;
BG_CONFIG_BOARD(tt_cfg);

/* White's start for each setup: rotated a1 c1 b4 d4 (symmetric under a
 * half turn) and mirrored a1 c1 a4 c4. Black fills the other cells of the
 * two edge ranks. */
static const uint16_t tt_white_start[2] = {
	1u << 0 | 1u << 2 | 1u << 13 | 1u << 15,
	1u << 0 | 1u << 2 | 1u << 12 | 1u << 14,
};

static uint16_t bitmask(int p)
{
	return (uint16_t)(1u << p);
}

/* ---- Configuration -------------------------------------------------------- */

enum { TT_OPT_SETUP, TT_NOPTIONS };

static uint16_t tt_rank_mask(int y)
{
	return (uint16_t)(0xfu << (TT_N * y));
}

static int tt_configure(void *cfgp, const bg_optval *opts)
{
	tt_cfg *c = cfgp;
	uint8_t runs[TT_NLINES * 3];
	int setup = (int)opts[TT_OPT_SETUP].i;
	size_t n;

	bg_board_grid(&c->board, BG_BOARD_CELLS, TT_N, TT_N);
	n = bg_grid_runs(TT_N, TT_N, 3, (1u << BG_N) | (1u << BG_E) |
			 (1u << BG_NE) | (1u << BG_SE), runs);
	for (size_t i = 0; i < n; i++)
		c->line[i] = (uint16_t)(bitmask(runs[3 * i]) |
					bitmask(runs[3 * i + 1]) |
					bitmask(runs[3 * i + 2]));
	bg_stone_steps_init(&c->steps, TT_N, TT_N, TT_DIRS);
	c->start[0] = tt_white_start[setup];
	c->start[1] = (uint16_t)((tt_rank_mask(0) | tt_rank_mask(3)) &
				 ~c->start[0]);
	for (int p = 0; p < TT_CELLS; p++)
		if (c->start[0] & bitmask(p))
			c->board.marks[p] |= BG_MARK_HOME0;
		else if (c->start[1] & bitmask(p))
			c->board.marks[p] |= BG_MARK_HOME1;
	return BG_OK;
}

/* ---- Position ------------------------------------------------------------- */

static void tt_init(const void *cfgp, void *st)
{
	const tt_cfg *c = cfgp;
	tt_state *s = st;

	memset(s, 0, sizeof(*s));
	s->occ[0] = c->start[0];
	s->occ[1] = c->start[1];
	s->hash = bg_stones_hash(s);
}

static void tt_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	bg_stones_piece(st, p, seat, kind);
}

static void tt_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	(void)cfgp;
	bg_stones_pieces(st, set, words);
}

static bool tt_has_line(const tt_cfg *c, uint32_t own)
{
	for (int i = 0; i < TT_NLINES; i++)
		if ((own & c->line[i]) == c->line[i])
			return true;
	return false;
}

static void tt_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const tt_cfg *c = cfgp;

	bg_stones_write(&c->board, st, out);
}

static int tt_read_position(const void *cfgp, void *st, const char *text)
{
	const tt_cfg *c = cfgp;
	tt_state tmp;

	if (bg_stones_read(&c->board, text, &tmp) != BG_OK)
		return BG_EFORMAT;
	for (int seat = 0; seat < 2; seat++) {
		int have = bg_popcount32(tmp.occ[seat]);

		if (have != TT_PIECES)
			return bg_seterr(BG_EFORMAT, "%s has %d pieces, not 4",
					 seat ? "black" : "white", have);
	}
	/* The game ends as a line is made, so the side to move has none. */
	if (tt_has_line(c, tmp.occ[tmp.turn]))
		return bg_seterr(BG_EFORMAT,
				 "%s, to move, already has three in a row",
				 tmp.turn ? "black" : "white");
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t tt_max_moves(const void *cfgp)
{
	return TT_PIECES * 4;
}

/* Pieces in cell order, each N, E, S, W; a pass when there is none. */
static size_t tt_legal(const void *cfgp, const void *st, bg_move *buf)
{
	const tt_cfg *c = cfgp;
	size_t n = bg_stones_steps(&c->steps, st, buf);

	if (n == 0) {
		bg_stones_move(buf, BG_MOVE_PASS, -1, -1);
		n = 1;
	}
	return n;
}

/* tt_legal's moves as their actions, in its order. */
static size_t tt_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	const tt_cfg *c = cfgp;
	uint32_t cells = (uint32_t)c->board.npoints;
	size_t n = bg_stones_step_actions(&c->steps, st, cells, TT_DIRS,
					  acts);

	if (n == 0)
		acts[n++] = bg_action_pass(cells);
	return n;
}

static void tt_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	const tt_cfg *c = cfgp;

	bg_stones_action_move((uint32_t)c->board.npoints, action, m);
}

/* The default layout (from-to pairs, one rank), whose actions the game
 * makes itself for batches. */
static void tt_learn(const void *cfgp, bg_learn_info *out)
{
	out->direct = BG_DIRECT_ALWAYS;
}

static bool tt_can_move(const tt_cfg *c, const tt_state *s)
{
	return bg_stones_steps(&c->steps, s, NULL) != 0;
}

static bool tt_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const tt_cfg *c = cfgp;

	if (m->kind == BG_MOVE_PASS)
		return bg_stones_is_pass(m) && !tt_can_move(c, st);
	return bg_stones_step_ok(&c->steps, st, m);
}

static int tt_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	bg_stones_apply(st, m);
	return 0;
}

/* ---- Outcome -------------------------------------------------------------- */

static void tt_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const tt_cfg *c = cfgp;
	const tt_state *s = st;
	int mover = !s->turn;

	if (tt_has_line(c, s->occ[mover]))
		bg_result_set(out, BG_WIN, mover, BG_REASON_GOAL);
	else if (c->std.no_moves == BG_NO_MOVES_LOSE &&
		 !tt_can_move(c, s))
		bg_result_set(out, BG_WIN, mover, BG_REASON_NO_MOVES);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const tt_aliases[] = { "tac-tickle", NULL };

static const bg_optdef tt_options[] = {
	{ "setup", BG_OPT_ENUM, "rotated", "rotated|mirrored",
	  "start: rotated (White a1 c1 b4 d4, symmetric under a half turn) "
	  "or mirrored (White a1 c1 a4 c4)",
	  BG_OPT_DERIVED },
};
_Static_assert(sizeof(tt_options) / sizeof(tt_options[0]) == TT_NOPTIONS,
	       "the standard option values follow the own ones");

/* Old spellings, read until 2.0. */
static const bg_optalias tt_opt_aliases[] = {
	{ "blocked", "no_moves" },
	{ NULL, NULL },
};

const bg_rules bg_rules_tak_tikl = {
	.name = "tak-tikl",
	.aliases = tt_aliases,
	.title_en = "Tac Tickle (Tak-tikl)",
	.title_ru = "Так-тикль",
	.options = tt_options,
	.noptions = sizeof(tt_options) / sizeof(tt_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "pass", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(tt_cfg, std),
	.option_aliases = tt_opt_aliases,
	.config_size = sizeof(tt_cfg),
	.configure = tt_configure,
	.state_bytes = sizeof(tt_state),
	.head = true,
	.init = tt_init,
	.max_moves = tt_max_moves,
	.legal = tt_legal,
	.learn = tt_learn,
	.legal_actions = tt_legal_actions,
	.action_move = tt_action_move,
	.is_legal = tt_is_legal,
	.apply = tt_apply,
	.outcome = tt_outcome,
	.piece = tt_piece,
	.pieces = tt_pieces,
	.write_position = tt_write_position,
	.read_position = tt_read_position,
};
