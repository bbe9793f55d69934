/*
 * Kvartet (Quartet, which is Teeko): four pieces each on 5x5, dropped on
 * any empty cell, then stepped in the 8 directions; four in a row or a 2x2
 * square wins. Rules: doc/games/kvartet.md.
 *
 * No piece is ever taken, so the pieces in hand are 4 minus those on the
 * board and the phase follows from the board: a side drops while it has a
 * piece in hand.
 */
#include "core/rules.h"
#include "board/grid.h"
#include "board/stones.h"

#include <string.h>

#define KV_N 5
#define KV_CELLS 25
#define KV_PIECES 4
#define KV_DIRS 8 /* a stone steps to any neighbour, diagonals too */
#define KV_NGOALS 44

#define KV_GOALS_AT 8 /* room for the goals whose lowest cell is one cell */

typedef struct kv_cfg {
	bg_board board;
	uint32_t goal[KV_NGOALS];  /* 28 lines of four, then 16 squares */
	/* The goals by their lowest cell: four pieces make a goal exactly
	 * when they equal one of the goals of their lowest cell. */
	uint32_t goal_at[KV_CELLS][KV_GOALS_AT];
	uint8_t ngoal_at[KV_CELLS];
	bg_stone_steps steps;      /* in the eight directions */
	bg_stdvals std;            /* every option of the game */
} kv_cfg;

typedef bg_stones kv_state;
BG_CONFIG_BOARD(kv_cfg);

static uint32_t bitmask(int p)
{
	return 1u << p;
}

static int in_hand(const kv_state *s, int seat)
{
	return KV_PIECES - bg_popcount32(s->occ[seat]);
}

/* ---- Configuration -------------------------------------------------------- */

static int kv_goals(uint32_t *goal)
{
	uint8_t runs[28 * 4];
	size_t n = bg_grid_runs(KV_N, KV_N, 4, (1u << BG_N) | (1u << BG_E) |
				(1u << BG_NE) | (1u << BG_SE), runs);
	int k = 0;

	for (size_t i = 0; i < n; i++)
		goal[k++] = bitmask(runs[4 * i]) | bitmask(runs[4 * i + 1]) |
			    bitmask(runs[4 * i + 2]) | bitmask(runs[4 * i + 3]);
	for (int y = 0; y + 1 < KV_N; y++)
		for (int x = 0; x + 1 < KV_N; x++) {
			int p = y * KV_N + x;

			goal[k++] = bitmask(p) | bitmask(p + 1) |
				    bitmask(p + KV_N) | bitmask(p + KV_N + 1);
		}
	return k;
}

static int kv_configure(void *cfgp, const bg_optval *opts)
{
	kv_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, KV_N, KV_N);
	kv_goals(c->goal);
	for (int i = 0; i < KV_NGOALS; i++) {
		int low = bg_ctz32(c->goal[i]);

		c->goal_at[low][c->ngoal_at[low]++] = c->goal[i];
	}
	bg_stone_steps_init(&c->steps, KV_N, KV_N, KV_DIRS);
	return BG_OK;
}

/* ---- Position ------------------------------------------------------------- */

static void kv_init(const void *cfgp, void *st)
{
	kv_state *s = st;

	memset(s, 0, sizeof(*s));
	s->hash = bg_stones_hash(s);
}

static void kv_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	bg_stones_piece(st, p, seat, kind);
}

static void kv_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	(void)cfgp;
	bg_stones_pieces(st, set, words);
}

static bool kv_has_goal(const kv_cfg *c, uint32_t own)
{
	int low;

	if (bg_popcount32(own) < KV_PIECES)
		return false;
	low = bg_ctz32(own);
	for (int i = 0; i < c->ngoal_at[low]; i++)
		if (own == c->goal_at[low][i])
			return true;
	return false;
}

static void kv_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const kv_cfg *c = cfgp;

	bg_stones_write(&c->board, st, out);
}

/* The counts and the side to move agree: White drops first and the drops
 * alternate, so while a side has a piece in hand White has as many on the
 * board as Black, or one more. */
static int kv_check_counts(const kv_cfg *c, const kv_state *s)
{
	int w = bg_popcount32(s->occ[0]), b = bg_popcount32(s->occ[1]);

	if (w > KV_PIECES || b > KV_PIECES)
		return bg_seterr(BG_EFORMAT, "%s has %d pieces, more than 4",
				 w > KV_PIECES ? "white" : "black",
				 w > KV_PIECES ? w : b);
	if (w + b < 2 * KV_PIECES && (w - b != s->turn))
		return bg_seterr(BG_EFORMAT,
				 "%d white and %d black pieces during the drops: "
				 "%s cannot be to move", w, b,
				 s->turn ? "black" : "white");
	if (kv_has_goal(c, s->occ[s->turn]))
		return bg_seterr(BG_EFORMAT, "%s, to move, already has a goal",
				 s->turn ? "black" : "white");
	return BG_OK;
}

static int kv_read_position(const void *cfgp, void *st, const char *text)
{
	const kv_cfg *c = cfgp;
	kv_state tmp;

	if (bg_stones_read(&c->board, text, &tmp) != BG_OK)
		return BG_EFORMAT;
	if (kv_check_counts(c, &tmp) != BG_OK)
		return BG_EFORMAT;
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t kv_max_moves(const void *cfgp)
{
	return KV_PIECES * 8; /* steps; drops are at most 25 */
}

/* Drops on the empty cells in cell order; then steps, pieces in cell
 * order, each N, E, S, W, NE, SE, SW, NW; a pass when there is none. The
 * moves into buf, or with act their actions into acts (a drop's action is
 * its cell); act is a constant where this is inlined, so that each is its
 * own loop. */
BG_ALWAYS_INLINE size_t kv_moves(const kv_cfg *c, const kv_state *s,
				 bg_move *buf, uint32_t *acts, bool act)
{
	size_t n = 0;

	if (in_hand(s, s->turn) > 0) {
		uint32_t empty = ~(s->occ[0] | s->occ[1]) &
				 ((1u << KV_CELLS) - 1);

		for (; empty; empty &= empty - 1, n++) {
			int to = bg_ctz32(empty);

			if (act)
				acts[n] = (uint32_t)to;
			else
				bg_stones_move(&buf[n], BG_MOVE_PLACE, -1, to);
		}
		return n;
	}
	n = act ? bg_stones_step_actions(&c->steps, s, KV_CELLS, KV_DIRS,
					 acts) :
		  bg_stones_steps(&c->steps, s, buf);
	if (n == 0 && act)
		acts[0] = bg_action_pass(KV_CELLS);
	else if (n == 0)
		bg_stones_move(buf, BG_MOVE_PASS, -1, -1);
	return n ? n : 1;
}

static size_t kv_legal(const void *cfgp, const void *st, bg_move *buf)
{
	return kv_moves(cfgp, st, buf, NULL, false);
}

static size_t kv_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	return kv_moves(cfgp, st, NULL, acts, true);
}

static void kv_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	bg_stones_action_move(KV_CELLS, action, m);
}

/* The default layout (placements, from-to pairs, one rank), whose
 * actions the game makes itself for batches. */
static void kv_learn(const void *cfgp, bg_learn_info *out)
{
	out->direct = BG_DIRECT_ALWAYS;
}

/* The move kv_legal would list at index bg_rand() % count, counted
 * instead of listed; the pass is left to the list. */
static bool kv_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const kv_cfg *c = cfgp;
	const kv_state *s = st;
	uint32_t all = s->occ[0] | s->occ[1];
	uint32_t empty = ~all & ((1u << KV_CELLS) - 1), own = s->occ[s->turn];
	uint32_t n = 0, k;

	if (in_hand(s, s->turn) > 0) {
		k = (uint32_t)bg_rand_below(rng,
					       (uint32_t)bg_popcount32(empty));
		while (k--)
			empty &= empty - 1;
		bg_stones_move(out, BG_MOVE_PLACE, -1, bg_ctz32(empty));
		return true;
	}
	for (uint32_t b = own; b; b &= b - 1)
		n += (uint32_t)bg_popcount32(c->steps.nbm[bg_ctz32(b)] & empty);
	if (n == 0)
		return false;
	k = (uint32_t)bg_rand_below(rng, n);
	for (uint32_t b = own;; b &= b - 1) {
		int from = bg_ctz32(b);
		uint32_t here = (uint32_t)bg_popcount32(c->steps.nbm[from] & empty);

		if (k >= here) {
			k -= here;
			continue;
		}
		for (int d = 0;; d++) {
			int to = c->steps.nb[from][d];

			if (to >= 0 && (empty & bitmask(to)) && k-- == 0) {
				bg_stones_move(out, BG_MOVE_STEP, from, to);
				return true;
			}
		}
	}
}

static bool kv_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const kv_cfg *c = cfgp;
	const kv_state *s = st;
	uint32_t all = s->occ[0] | s->occ[1];
	bool drops = in_hand(s, s->turn) > 0;
	bg_move want;

	switch (m->kind) {
	case BG_MOVE_PASS:
		return !drops && !bg_stones_steps(&c->steps, s, NULL) &&
		       bg_stones_is_pass(m);
	case BG_MOVE_PLACE:
		if (!drops || (all & bitmask(m->pts[0])))
			return false;
		bg_stones_move(&want, BG_MOVE_PLACE, -1, m->pts[0]);
		return !memcmp(m, &want, sizeof(want));
	case BG_MOVE_STEP:
		return !drops && bg_stones_step_ok(&c->steps, s, m);
	default:
		return false;
	}
}

static int kv_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	return bg_stones_apply(st, m) ? BG_APPLY_IRREVERSIBLE : 0;
}

/* ---- Outcome -------------------------------------------------------------- */

static void kv_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const kv_cfg *c = cfgp;
	const kv_state *s = st;
	int mover = !s->turn;

	if (kv_has_goal(c, s->occ[mover]))
		bg_result_set(out, BG_WIN, mover, BG_REASON_GOAL);
	else if (c->std.no_moves == BG_NO_MOVES_LOSE &&
		 in_hand(s, s->turn) == 0 && !bg_stones_steps(&c->steps, s, NULL))
		bg_result_set(out, BG_WIN, mover, BG_REASON_NO_MOVES);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const kv_aliases[] = { "teeko", "quartet", NULL };

/* Old spellings, read until 2.0. */
static const bg_optalias kv_opt_aliases[] = {
	{ "blocked", "no_moves" },
	{ NULL, NULL },
};

const bg_rules bg_rules_kvartet = {
	.name = "kvartet",
	.aliases = kv_aliases,
	.title_en = "Quartet (Teeko)",
	.title_ru = "Квартет",
	.options = NULL,
	.noptions = 0,
	.std_def = { [BG_STD_NO_MOVES] = "pass", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(kv_cfg, std),
	.option_aliases = kv_opt_aliases,
	.config_size = sizeof(kv_cfg),
	.configure = kv_configure,
	.state_bytes = sizeof(kv_state),
	.head = true,
	.init = kv_init,
	.max_moves = kv_max_moves,
	.legal = kv_legal,
	.learn = kv_learn,
	.legal_actions = kv_legal_actions,
	.action_move = kv_action_move,
	.is_legal = kv_is_legal,
	.random_move = kv_random_move,
	.apply = kv_apply,
	.outcome = kv_outcome,
	.piece = kv_piece,
	.pieces = kv_pieces,
	.write_position = kv_write_position,
	.read_position = kv_read_position,
};
