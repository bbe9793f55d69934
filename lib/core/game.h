/*
 * The handle. Internal to lib/core.
 */
#ifndef BG_CORE_GAME_H
#define BG_CORE_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "core/arena.h"
#include "core/planes.h"
#include "core/rules.h"

#define BG_SPEC_MAX 512
#define BG_REP_BUCKETS 1024 /* buckets of bg_game.last, a power of two */
/* A chain word (bg_game.last): the link in its low BG_REP_LINK_BITS bits,
 * so a history with a repetition rule holds at most BG_REP_LINK plies;
 * the filter in the four above them. */
#define BG_REP_LINK_BITS 28
#define BG_REP_LINK ((1u << BG_REP_LINK_BITS) - 1)

/* One ply of history: what is needed to take the move back, and the link
 * of its position key (kept apart, in bg_game.keys) to the previous key of
 * the same bucket. The outcome before the move is not kept: no move is
 * made after the end, so it was "going on". */
typedef struct bg_ply_rec {
	bg_move move;
	uint32_t rep_start;  /* bg_game.rep_start before the move */
	uint32_t chain;      /* 1 + the index of the latest earlier key in
				this ply's key's bucket, 0 for none (see
				bg_game.last) */
} bg_ply_rec;

/* A spec's action layout (learn.h, doc/learning.md): an action is
 * (base * removals + removal) * ranks + rank, then pass, then ground. */
typedef struct bg_layout {
	uint32_t n;        /* points */
	uint32_t pairs;    /* the from-to field is there */
	uint32_t bases;    /* n placements, then n * n pairs */
	uint32_t removals; /* n + 1, or 1 in games without removals */
	uint32_t ranks;
	uint32_t pass, ground; /* ground UINT32_MAX when the game has none */
	uint32_t count;
	uint32_t nplanes;  /* observation planes, the game's own included */
	uint32_t counters; /* the game's planes of one value, first */
	const char *const *plane_names;
	/* The game's legal_actions and action_move serve: 0, or
	 * bg_learn_info's BG_DIRECT_ALWAYS or BG_DIRECT_OR_LIST. */
	uint8_t direct;
} bg_layout;

/* The fields a move reads and writes come first, in a few cache lines:
 * a batch steps a thousand handles in turn. */
struct bg_game {
	const bg_rules *rules;
	void *cfg;              /* the config, then the work space (bg_work) */
	bool cfg_shared;        /* cfg is another handle's (batch.c) */
	size_t work_size;
	/* Where the handle, its state, first history, buckets and cells
	 * were made (a batch's arena, arena.h); NULL: the heap. */
	bg_arena *arena;
	void *st;
	size_t st_size;
	size_t undo_size;       /* per ply: the game's record, or a state copy */

	bg_ply_rec *hist;
	uint64_t *keys;         /* keys[i]: the position key before move i */
	unsigned char *undo;    /* hist_cap records of undo_size bytes */
	size_t hist_len, hist_cap;
	bool hist_arena;        /* the three are the arena's, as made */
	/* Positions keys[rep_start..] can come again: none before the last
	 * irreversible move can. */
	size_t rep_start;
	/* The history's keys chained by bucket (their low bits): last[b]
	 * links to the latest key in bucket b (1 + its index, 0 for none),
	 * and hist[i].chain the same for the key before keys[i] in its
	 * bucket. The repetition scan visits only the current key's bucket.
	 * Each word also holds a filter: a bit of four (by two key bits
	 * above the bucket's) for every key of the chain from there, so a
	 * scan stops where its key's bit is missing, without reading the
	 * history: in Kvartet nearly all the keys a scan met were other
	 * positions' that shared the bucket. Undo puts back the word a
	 * ply replaced, filter and all. NULL for games without a repetition
	 * rule. */
	uint32_t *last;
	/* The standard ends, from the config, as the earlier repetitions
	 * and the ply at which they end the game (UINT32_MAX: the rule is
	 * off or not the game's), so that a ply tests each with one compare. */
	uint32_t rep_draw_at, ply_limit_at;
	uint32_t ply0;          /* the ply number where the history starts */
	int from_position;      /* started from a position text */

	bg_result result;
	/* A result declared outside the rules (resignation, agreement, time,
	 * adjudication) stands in `result`; `ruled` keeps what the rules
	 * said, for bg_undo to restore. */
	int declared;
	bg_result ruled;
	uint64_t hash;

	/* Room for max_moves, made with the handle: the list behind random
	 * moves, legality, move text and the count-only bg_legal_moves. */
	bg_move *scratch;
	size_t max_moves;
	/* The list bg_legal_moves last wrote into a caller's buffer, whose
	 * moves' keys (their first bytes) stay in scratch until scratch is
	 * written again or a move is played or taken back (bg_game_unlist
	 * then): bg_play takes a move that is still byte for byte the one
	 * at its place in that list as legal, without asking the game
	 * again. */
	const bg_move *listed;
	size_t nlisted;
	/* The legal actions of the position, ascending, that the game's own
	 * hook made for the last learning call (learn.c), while acts_kept:
	 * nacts of them in scratch, which neither a move nor another list
	 * has changed since. bg_play_action then finds its action there
	 * rather than ask the game again. */
	size_t nacts;
	bool acts_kept;

	/* The learning API's layout of actions and planes (learn.c), which
	 * the config decides: made with the handle. */
	bg_layout layout;
	/* Where the board's points fall on the observation's squares
	 * (learn.c), its arrays in one block headed by cells.squares: made
	 * with the handle. */
	bg_cells cells;

	/* The symmetries of the board that keep the rules (symmetry.c),
	 * found when first asked: nsym 0 until then. */
	int nsym;
	uint8_t sym_kind[8];

	char spec[BG_SPEC_MAX]; /* canonical */
	/* Every option named, defaults included: what position and record
	 * text write, so that a later version's defaults cannot change what
	 * they mean. */
	char full_spec[BG_SPEC_MAX];

	/* The detail of the last failed call on this handle. */
	char error[256];
};

/* Scratch is about to be written, or the position changes: no listed
 * move's key and no kept action holds any more. */
static inline void bg_game_unlist(const bg_game *g)
{
	((bg_game *)g)->nlisted = 0;
	((bg_game *)g)->acts_kept = false;
}

/* Parse a spec into the game's rules, option values, canonical spec and
 * full spec (every option named). `vals` has room for BG_MAX_OPTIONS: the
 * game's own options, then one slot per standard option (BG_STD_*); texts
 * point into `store`. */
int bg_spec_parse(const char *spec, const bg_rules **rules, bg_optval *vals,
		  char *store, size_t store_cap, char *canon, size_t canon_cap,
		  char *full, size_t full_cap);

/* Generate the legal moves of g into its scratch list; BG_OK, or BG_ENOMEM
 * for a position with more moves than the list has room for (see
 * BG_LEGAL_OVERFLOW). */
int bg_game_scratch_moves(const bg_game *g, size_t *n);

/* The state after the first k moves of the history (k <= hist_len) into
 * st, which has st_size bytes. */
void bg_game_state_at(const bg_game *g, size_t k, void *st);

/* The outcome of the current state, with the history's repetition count. */
void bg_game_refresh(bg_game *g);

#define BG_MAX_OPTIONS 32

/* The shape of a caller's move: BG_EINVAL when malformed (see bg_move in
 * the header), else BG_OK; points are not checked against the board. */
int bg_move_shape(const bg_move *m);

/* Write move text (text.c). */
void bg_put_move(bg_strbuf *sb, const bg_board *b, const bg_move *m);
/* Finish text into a caller buffer: BG_OK or BG_EBUFSIZE, *len set. */
int bg_text_out(bg_strbuf *sb, size_t *len);
/* The most points of any of a Dots game's rings, which the board's
 * drawers make room for (a ring from a position text may pass a point
 * more than once); 0 for none. */
size_t bg_ring_room(const bg_game *g);
/* A handle at the start position of a spec (game.c). */
int bg_game_start(bg_game **out, const char *spec);

/* What the rules table gives by a hook or by its layout (bg_head, a
 * config that starts with its board, a fixed state size). */
static inline const bg_board *bg_rules_board(const bg_rules *r,
					     const void *cfg)
{
	return r->board ? r->board(cfg) : (const bg_board *)cfg;
}

static inline uint64_t bg_rules_hash(const bg_rules *r, const void *cfg,
				     const void *st)
{
	return r->head ? ((const bg_head *)st)->hash : r->hash(cfg, st);
}

static inline int bg_rules_to_move(const bg_rules *r, const void *cfg,
				   const void *st)
{
	return r->head ? ((const bg_head *)st)->turn : r->to_move(cfg, st);
}

static inline size_t bg_rules_state_size(const bg_rules *r, const void *cfg)
{
	return r->state_size ? r->state_size(cfg) : r->state_bytes;
}

/* For batches of games (batch.c). Play m, which must be legal: BG_OK or
 * BG_ENOMEM with nothing changed. */
int bg_game_play_legal(bg_game *g, const bg_move *m);
/* bg_game_play_legal in two calls, for a batch to step another game
 * between them: the first plays m and asks for the repetition bucket of
 * the new position's key, which the second reads to refresh the outcome.
 * Until then g is only to be ended (its result is the last position's).
 * bg_game_play_end only after a bg_game_play_begin that gave BG_OK. */
int bg_game_play_begin(bg_game *g, const bg_move *m);
void bg_game_play_end(bg_game *g);
/* Let g read the config of `owner`, a handle of the same spec that
 * outlives it, and free its own: the games of a batch then read one copy
 * of the tables. The work space lives with the config and so is shared
 * too: handles that share one must be used by one thread at a time, as
 * one handle is. It keeps nothing a result depends on (rules.h), so
 * games may take turns on it; g may be given another owner's later. */
void bg_game_share_config(bg_game *g, const bg_game *owner);
/* bg_game_clone() made in `arena` (NULL: the heap): freed with the arena,
 * by bg_game_free() only in part. */
int bg_game_clone_in(bg_game **out, const bg_game *g, bg_arena *arena);
/* Put g back at the position of `start`, a handle of the same spec with an
 * empty history, without allocating. */
void bg_game_restart(bg_game *g, const bg_game *start);
/* Earlier occurrences of the current position key since the last
 * irreversible move, counted up to 2 (0 without a repetition rule). */
uint32_t bg_game_repetitions(const bg_game *g);

/* Ask the caches for the lines a ply of g reads first: its handle's head,
 * the fields up to the layout (a batch's handles are line-aligned in its
 * arena). Then, once those are in, for the lines the ply writes: the
 * state, the next history record, key and undo slot, and the bucket of
 * the position's key. A batch of hundreds of games asks a few games
 * ahead of the one it steps (batch.c). */
BG_ALWAYS_INLINE void bg_game_prefetch_head(const bg_game *g)
{
	for (size_t at = 0; at < offsetof(bg_game, layout); at += 64)
		__builtin_prefetch((const char *)g + at);
}

BG_ALWAYS_INLINE void bg_game_prefetch_ply(const bg_game *g)
{
	size_t n = g->hist_len;

	__builtin_prefetch(g->st, 1);
	__builtin_prefetch(&g->hist[n], 1);
	__builtin_prefetch(&g->keys[n], 1);
	__builtin_prefetch(g->undo + n * g->undo_size, 1);
	if (g->last)
		__builtin_prefetch(&g->last[g->hash & (BG_REP_BUCKETS - 1)],
				   1);
}

#endif
