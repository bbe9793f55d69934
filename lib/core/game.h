/*
 * The handle. Internal to lib/core.
 */
#ifndef BG_CORE_GAME_H
#define BG_CORE_GAME_H

#include "core/rules.h"

#define BG_SPEC_MAX 256
#define BG_SEEN_SIZE 4096 /* buckets of bg_game.seen, a power of two */

/* One ply of history: what is needed to take the move back. The position
 * keys live apart, in bg_game.keys, so the repetition scan reads a dense
 * array. */
typedef struct bg_ply_rec {
	bg_move move;
	bg_result result;    /* the outcome before the move */
	uint32_t rep_start;  /* bg_game.rep_start before the move */
} bg_ply_rec;

struct bg_game {
	const bg_rules *rules;
	char spec[BG_SPEC_MAX]; /* canonical */
	void *cfg;              /* the config, then the work space (bg_work) */
	size_t work_size;
	void *st;
	size_t st_size;
	size_t undo_size;       /* per ply: the game's record, or a state copy */

	bg_ply_rec *hist;
	uint64_t *keys;         /* keys[i]: the position key before move i */
	unsigned char *undo;    /* hist_cap records of undo_size bytes */
	size_t hist_len, hist_cap;
	/* Positions keys[rep_start..] can come again: none before the last
	 * irreversible move can. */
	size_t rep_start;
	/* How many keys of the history fall in each of BG_SEEN_SIZE buckets
	 * by their low bits, kept modulo 2^16: a current key whose bucket is
	 * empty has no earlier occurrence, and the scan is skipped. NULL for
	 * games without a repetition rule. */
	uint16_t *seen;
	uint32_t ply0;          /* the ply number where the history starts */
	int from_position;      /* started from a position text */

	bg_result result;
	uint64_t hash;

	/* Room for max_moves, made with the handle: the list behind random
	 * moves, legality, move text and the count-only bg_legal_moves. */
	bg_move *scratch;
	size_t max_moves;
};

/* Parse a spec into the game's rules, option values and canonical spec.
 * `vals` has room for rules->noptions; texts point into `store`. */
int bg_spec_parse(const char *spec, const bg_rules **rules, bg_optval *vals,
		  char *store, size_t store_cap, char *canon, size_t canon_cap);

/* Generate the legal moves of g into its scratch list; BG_OK, or BG_ENOMEM
 * for a position with more moves than the list has room for (see
 * BG_LEGAL_OVERFLOW). */
int bg_game_scratch_moves(const bg_game *g, size_t *n);

/* The outcome of the current state, with the history's repetition count. */
void bg_game_refresh(bg_game *g);

#define BG_MAX_OPTIONS 32

/* Write move text (text.c). */
void bg_put_move(bg_strbuf *sb, const bg_board *b, const bg_move *m);
/* Finish text into a caller buffer: BG_OK or BG_EBUFSIZE, *len set. */
int bg_text_out(bg_strbuf *sb, size_t *len);
/* A handle at the start position of a spec (game.c). */
int bg_game_start(bg_game **out, const char *spec);

#endif
