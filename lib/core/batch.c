/*
 * Batches of games stepped together (include/boardgames/learn.h): every
 * array is made with the batch, so a step allocates nothing, and a pool of
 * threads, made once, splits the games between them.
 *
 * Every per-game part of a call runs on the pool: checking the actions,
 * drawing random ones, stepping, resetting. Each thread takes chunks of
 * its own share of the games, the same share every call, so a game's
 * memory stays in one core's cache, and so do the thread's cache lines
 * of the per-game arrays (per_game). A thread that has run out takes half
 * of what is left of another's share, from its back, so a thread that
 * wakes late or runs slow leaves some of its games to the others without
 * the two taking turns on every chunk; the games' results do not depend
 * on which thread made them. Between calls the threads spin briefly
 * before they sleep, so a loop of steps does not wait for threads to
 * wake.
 */
#define _POSIX_C_SOURCE 200809L /* posix_memalign */
#include <assert.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/learn.h"
#include "core/pool.h"
#include "core/wide.h"

enum { JOB_CHECK, JOB_STEP, JOB_RESET, JOB_DRAW, JOB_LIST };

#define CHUNK 8            /* games a thread takes at a time: a cache
			      line of the per-game words */
#define LINE 64            /* bytes of a cache line */
#define SPIN_NS 100000     /* how long a thread spins before it sleeps */
#define NO_GAME SIZE_MAX
/* From this many games on, the games are made in an arena (arena.h): a
 * game's blocks are 40 to 50 KB, so 256 games span 10 to 13 MB, more than
 * a second-level translation buffer reaches on 4 KB pages (6 to 12 MB).
 * Fewer games fit it, and are made on the heap as single handles are. */
#define ARENA_GAMES 256
/* From this many games on, a step marks the mask after the observation
 * where it marks byte by byte (write_out): at 32 games no game lost by
 * it; at 8 and 16, near batch 1, some did. */
#define MASK_LAST_GAMES 32
/* From this many games a thread on, a step asks for the lines of the
 * games ahead (prefetch_ahead): the games' own lines have then left the
 * second-level cache by their next step, and a step waited on them (on
 * the repetition bucket of its key most). At 1,024 games every game made
 * 1.03 to 1.41 times the steps (tak-tikl 1.41, Kvartet 1.34, Senegal,
 * seega and leopards and cows 1.16), at 256 games 0.96 to 1.13; at 64
 * and 128 games some made 0.97 to 0.98. From here on, too, the steps
 * overlap (step_games), so that the bucket of the key a move makes is
 * asked for a step before it is read: every game with a repetition rule
 * made 1.02 (mill, Hasami shogi) to 1.29 (Senegal, seega) times the steps
 * at 1,024 games, 1.01 to 1.10 at 256. */
#define PREFETCH_GAMES 256
/* How far ahead: a game's handle four games ahead, the lines its head
 * points to two games ahead (eight and four, or three and one, made fewer
 * steps). */
#define PREFETCH_HEAD 4
#define PREFETCH_PLY 2
/* From this many actions on, the overlapped steps of a large batch mark a
 * game's mask byte by byte a step after its moves are listed, the lines
 * of its marks asked for in between (step_games): the masks of 1,024
 * games then pass 2 MiB, more than a core's second-level cache holds, and
 * each mark waited on its line. At 1,024 games alquerque, mill and
 * Turkish draughts made 1.17 to 1.19 times the steps, Bolotudu 1.09 and
 * Senegal (3,721 actions) 1.07; Kvartet and seega (651) made 0.93 to
 * 0.96 times, wolf and sheep (1,057) 0.99: their masks stay in the
 * caches. */
#define MASK_BEHIND_ACTIONS 2048

/* What one thread works with: its share of the games, the games of it no
 * thread has taken yet, and its own room for the game's observation
 * planes and for working out actions. */
typedef struct bg_worker {
	struct bg_batch *b;
	uint32_t lo, hi;
	float *extra;
	uint64_t *scratch;
	/* The handle whose config, and with it the work space, the games
	 * read while this thread steps them: the batch's, but where the
	 * game has a work space, which two threads must not write at once,
	 * a copy of the thread's own (freed with it) from the second thread
	 * on. */
	bg_game *config;
	/* The first game not taken in the low half, the end in the high
	 * half: one word, so that the owner taking from the front and
	 * another thread taking from the back cannot take the same game.
	 * A thread that takes from the back makes what it took its own
	 * range. On a cache line of its own: other threads look at it. */
	char pad0[64];
	_Atomic uint64_t range;
	char pad[64];
} bg_worker;

struct bg_batch {
	size_t n;
	int threads;
	bg_layout al;
	size_t obs_size;      /* floats per game */
	size_t max_moves;
	bg_game *start;       /* where games restart: an empty history */
	bg_game *config;      /* whose config the games read (bg_worker) */
	bg_game **games;
	bg_arena *arena;      /* where the games are made (ARENA_GAMES), or
				 NULL: the heap */
	bg_move *moves;       /* n lists of max_moves: the legal moves now;
				 NULL where the game's actions are always
				 direct */
	uint8_t *listed;      /* per game where the game makes actions: its
				 moves are listed now */
	size_t *nmoves;
	size_t *chosen;       /* per game whose moves are listed: the index
				 of the move to play (a direct game plays
				 the action it was given) */
	/* Per game, the actions of the moves listed now (nset[i] of them,
	 * nmoves[i] unless working them out failed): drawing and checking
	 * actions read these few bytes, not the moves. last_mask is the
	 * buffer of the last call that wrote masks, where these actions are
	 * set, or NULL: the next call into the same buffer clears only
	 * those. */
	uint32_t *set;
	size_t *nset;
	uint8_t *last_mask;
	/* Where the game gives its actions as words (legal_action_words, on
	 * this CPU): per game, the points its actions start from, and 64
	 * words of where they go. A game whose from is not 0 has its actions
	 * there, not in set (by_word): masks are marked and cleared by them,
	 * actions checked and drawn from them. NULL elsewhere. */
	uint64_t *from;
	uint64_t *to;
	const bg_cells *cells; /* the board's points on the squares: the
				* config handle's */
	bool wide;            /* bg_avx512_ok(): actions checked sixteen a
				 compare */
	uint64_t rng;
	bg_worker *workers;
	int nworkers;
	bg_pool *pool;

	/* The job of the current call, read by every thread. */
	int job;
	const uint32_t *actions; /* JOB_CHECK's */
	uint32_t *draws;         /* JOB_DRAW's */
	const uint32_t *offsets; /* JOB_LIST's: where each game's go */
	uint32_t *lists;         /* JOB_LIST's */
	float *obs;
	uint8_t *mask;
	float *rewards;
	uint8_t *done;
	/* The first game at fault in the job (NO_GAME for none), its error
	 * and the error's detail, which is the thread's that found it. */
	size_t bad;
	int bad_rc;
	char bad_msg[512];
	atomic_flag bad_lock; /* held while bad is written */
};

/* The legal moves of game i into its list (none once it is over) and
 * their actions; where the game makes its actions directly, only those. */
static int list_legal(bg_batch *b, size_t i, bg_worker *w)
{
	bg_game *g = b->games[i];
	uint32_t *set = b->set + i * b->max_moves;
	bg_move *moves;
	size_t n = 0;
	int rc;

	if (b->al.direct) {
		if (b->from)
			b->from[i] = 0;
		if (g->result.status == BG_ONGOING)
			n = b->from ? g->rules->legal_action_words(
					      g->cfg, g->st, set, &b->from[i],
					      b->to + i * 64) :
				      g->rules->legal_actions(g->cfg, g->st, set);
		if (n != BG_ACTIONS_LISTED) {
			b->listed[i] = 0;
			b->nmoves[i] = b->nset[i] = n;
			return BG_OK;
		}
		/* Only a game that may leave a position to the list has
		 * one. */
		assert(b->al.direct == BG_DIRECT_OR_LIST);
		b->listed[i] = 1;
		n = 0;
	}
	moves = b->moves + i * b->max_moves;
	if (g->result.status == BG_ONGOING) {
		n = g->rules->legal(g->cfg, g->st, moves);
		if (n == BG_LEGAL_OVERFLOW) {
			b->nmoves[i] = b->nset[i] = 0;
			return bg_seterr(BG_ENOMEM, "a position with more than "
					 "%zu moves", b->max_moves);
		}
	}
	b->nmoves[i] = n;
	rc = bg_actions_of(&b->al, moves, n, set, w->scratch);
	b->nset[i] = rc == BG_OK ? n : 0;
	return rc;
}

/* Whether game i's actions are its words, not its set. */
static bool by_word(const bg_batch *b, size_t i)
{
	return b->from && b->from[i];
}

/* Whether action a is one of game i's words (by_word). */
static bool word_has(const bg_batch *b, size_t i, uint32_t a)
{
	uint64_t from = b->from[i];
	int f, t;

	if (a < b->al.n || a >= b->al.pass)
		return false;
	bg_action_ends(b->al.n, a, &f, &t);
	return (from >> f & 1) &&
	       (b->to[i * 64 + (size_t)bg_popcount64(
				       from & (((uint64_t)1 << f) - 1))] >>
		t & 1);
}

/* The k-th of game i's actions (by_word), in the order of the list. */
static uint32_t word_action(const bg_batch *b, size_t i, size_t k)
{
#ifdef BG_VBMI2
	return bg_word_action_vbmi2(b->al.n, b->from[i], b->to + i * 64, k);
#else
	(void)b, (void)i, (void)k;
	assert(!"words without BG_VBMI2");
	return 0;
#endif
}

/* Set (value 1) or clear (0) game i's actions in its mask m by their
 * words, where it has them: true, or false to do it byte by byte. */
static bool mask_words(const bg_batch *b, size_t i, uint8_t *m, char value)
{
	if (!by_word(b, i))
		return false;
#ifdef BG_VBMI2
	bg_mask_words_vbmi2(m, b->al.n, b->from[i], b->to + i * 64, value);
#else
	(void)m, (void)value;
	assert(!"words without BG_VBMI2");
#endif
	return true;
}

/* Clear the bytes game i set in the mask buffer of the last call, when
 * this call writes the same buffer: before its moves are listed again. */
static void unmark_mask(bg_batch *b, size_t i)
{
	uint8_t *m;
	const uint32_t *set = b->set + i * b->max_moves;
	size_t n = b->nset[i];

	if (!b->mask || b->mask != b->last_mask)
		return;
	m = b->mask + i * b->al.count;
	if (mask_words(b, i, m, 0))
		return;
	/* The count read once: a byte store may alias it. */
	for (size_t k = 0; k < n; k++)
		m[set[k]] = 0;
}

/* Game i's mask, where the caller asked for one: its legal actions marked
 * on a clear mask (unmark_mask's, or memset's); cleared again where that
 * fails. Inlined in both of write_out's orders, which write the
 * observation once: with the observation in a call of its own, batch 1
 * made 0.97 to 0.99 of the steps of the single order before; so, 0.99. */
BG_ALWAYS_INLINE int write_mask(bg_batch *b, size_t i)
{
	uint8_t *m;
	int rc = BG_OK;

	if (!b->mask)
		return BG_OK;
	m = b->mask + i * b->al.count;
	if (b->mask != b->last_mask)
		memset(m, 0, b->al.count);
	if (!mask_words(b, i, m, 1))
		rc = bg_actions_mark(b->set + i * b->max_moves, b->nset[i], m);
	if (rc != BG_OK) {
		memset(m, 0, b->al.count);
		b->nset[i] = 0;
	}
	return rc;
}

/* Game i's observation, where the caller asked for one. */
BG_ALWAYS_INLINE void write_obs(bg_batch *b, size_t i, bg_worker *w)
{
	bg_game *g = b->games[i];

	if (b->obs)
		bg_observe_into(g, &b->al, b->cells,
				bg_rules_to_move(g->rules, g->cfg, g->st),
				b->obs + i * b->obs_size, w->extra);
}

/*
 * Observation and mask of game i, where the caller asked for them, in the
 * order that measured faster. Each mask byte marked is on a line of its
 * own, read before it is set (an action set twice is an error). In small
 * batches those lines stay in the first-level cache, and the reads made
 * behind the observation's hundreds of stores ran slower: the mask goes
 * first (a step up to 12 % faster at batch 1, see doc/performance.md).
 * From MASK_LAST_GAMES games on the lines of the batch's masks have left
 * the caches by a game's next step: marked first, the observation's
 * stores queued behind the marks' misses; marked last, the misses overlap
 * the next game's play and list (mill 1.07 times the steps at 32 games,
 * 1.10 at 64, 1.22 at 1,024). A game whose actions are words marks each
 * point's in one masked store, without reading, and keeps its mask first,
 * which measured faster for it.
 */
static int write_out(bg_batch *b, size_t i, bg_worker *w)
{
	bool last = b->n >= MASK_LAST_GAMES && !by_word(b, i);
	int rc = last ? BG_OK : write_mask(b, i);

	write_obs(b, i, w);
	return last ? write_mask(b, i) : rc;
}

/* Whether the overlapped steps mark game i's mask a step late. */
static bool mask_behind(const bg_batch *b, size_t i)
{
	return b->al.count >= MASK_BEHIND_ACTIONS && !by_word(b, i);
}

/* Game i's observation, where the caller asked for one, and the lines of
 * its mask's marks asked for: its mask is marked a step later
 * (write_mask_behind). */
static void write_obs_ahead(bg_batch *b, size_t i, bg_worker *w)
{
	const uint32_t *set = b->set + i * b->max_moves;

	write_obs(b, i, w);
	if (b->mask)
		for (size_t k = 0, n = b->nset[i]; k < n; k++)
			__builtin_prefetch(b->mask + i * b->al.count + set[k],
					   1);
}

/* The mask write_obs_ahead left, where it left one. */
static int write_mask_behind(bg_batch *b, size_t i)
{
	return mask_behind(b, i) ? write_mask(b, i) : BG_OK;
}

static void restart(bg_batch *b, size_t i)
{
	bg_game_restart(b->games[i], b->start);
}

/* Game i's chosen move: the listed one, or made from its action into
 * buf. */
static const bg_move *chosen_move(const bg_batch *b, size_t i, bg_move *buf)
{
	const bg_game *g = b->games[i];

	if (!b->al.direct || b->listed[i])
		return b->moves + i * b->max_moves + b->chosen[i];
	g->rules->action_move(g->cfg, g->st, b->actions[i], buf);
	return buf;
}

/* While game i steps, ask for the lines of the games a step comes to
 * next: their handles' heads and their lists of actions, and what the
 * heads point to. The first two are only asked for, also past the chunk
 * of games the thread has taken (its next chunk most often follows); the
 * pointers are read from the handles, so only within the chunk, past
 * which another thread may be stepping the game. Inlined: GCC drops a
 * call to a function that only asks, which has no effect it sees. */
BG_ALWAYS_INLINE void prefetch_ahead(const bg_batch *b, size_t i, size_t hi)
{
	if (i + PREFETCH_HEAD < b->n)
		bg_game_prefetch_head(b->games[i + PREFETCH_HEAD]);
	if (i + PREFETCH_PLY < b->n)
		__builtin_prefetch(b->set + (i + PREFETCH_PLY) * b->max_moves,
				   1);
	if (i + PREFETCH_PLY < hi)
		bg_game_prefetch_ply(b->games[i + PREFETCH_PLY]);
}

/* What a step's first half leaves its second: the seat that moved, and
 * whether the move was played. */
typedef struct step_half {
	int mover;
	int rc;
} step_half;

/* Game i's step up to its move played: with its outcome too, or, where
 * split, without (bg_game_play_begin). split is a constant where this is
 * inlined: a step not split makes one call, as it did before. */
BG_ALWAYS_INLINE void step_begin(bg_batch *b, size_t i, step_half *h,
				 bool split)
{
	bg_game *g = b->games[i];
	bg_move buf;
	const bg_move *m = chosen_move(b, i, &buf);

	h->mover = bg_rules_to_move(g->rules, g->cfg, g->st);
	unmark_mask(b, i);
	h->rc = split ? bg_game_play_begin(g, m) : bg_game_play_legal(g, m);
}

/* The rest of game i's step: its outcome where split, reward and done
 * flag, a restart where it ended, its moves listed and written out (where
 * split, a mask_behind left to write_mask_behind). */
BG_ALWAYS_INLINE int step_end(bg_batch *b, size_t i, bg_worker *w,
			      const step_half *h, bool split)
{
	bg_game *g = b->games[i];
	int rc = h->rc, rc2;
	float reward = 0;
	uint8_t done = BG_STEP_GOING;

	if (rc != BG_OK) {
		restart(b, i);
	} else {
		if (split)
			bg_game_play_end(g);
		if (g->result.status != BG_ONGOING) {
			if (g->result.status == BG_WIN)
				reward = g->result.winner == h->mover ? 1.0f :
									-1.0f;
			done = g->result.reason == BG_REASON_MOVE_LIMIT ?
				BG_STEP_TRUNCATED : BG_STEP_TERMINATED;
			restart(b, i);
		}
	}
	rc2 = list_legal(b, i, w);
	if (rc2 != BG_OK && rc == BG_OK && done == BG_STEP_GOING) {
		/* A position some of whose moves have no action (more chains
		 * between two points than the layout has ranks) or that has
		 * more moves than the list's room: the game cannot go on in
		 * the batch, and is cut short as by a move limit. */
		done = BG_STEP_TRUNCATED;
		restart(b, i);
		rc2 = list_legal(b, i, w);
	}
	if (b->rewards)
		b->rewards[i] = reward;
	if (b->done)
		b->done[i] = done;
	if (rc == BG_OK)
		rc = rc2;
	if (split && mask_behind(b, i)) {
		write_obs_ahead(b, i, w);
		return rc;
	}
	rc2 = write_out(b, i, w);
	return rc ? rc : rc2;
}

/* Step game i with its chosen move. */
static int step_one(bg_batch *b, size_t i, bg_worker *w)
{
	step_half h;

	step_begin(b, i, &h, false);
	return step_end(b, i, w, &h, false);
}

/* Find game i's action among its moves: the move it chooses. */
static int check_one(bg_batch *b, size_t i)
{
	uint32_t a = b->actions[i];
	const uint32_t *set = b->set + i * b->max_moves;
	size_t n = b->nset[i], k;

	if (a >= b->al.count)
		return bg_seterr(BG_EINVAL, "game %zu: action %u is not below "
				 "the count %u", i, a, b->al.count);
	k = by_word(b, i) ? (word_has(b, i, a) ? 0 : n) :
			    bg_action_index(set, n, a, b->wide);
	if (k == n)
		return bg_seterr(BG_EILLEGAL, "game %zu: action %u is not "
				 "legal", i, a);
	b->chosen[i] = k;
	return BG_OK;
}

/* Game i's actions by its words (by_word), in their order, into out:
 * each point's landings in one compress. */
static void words_actions(const bg_batch *b, size_t i, uint32_t *out)
{
#ifdef BG_VBMI2
	const uint64_t *to = b->to + i * 64;

	for (uint64_t from = b->from[i]; from; from &= from - 1)
		out = bg_bits_actions_vbmi2(
			out, bg_action_pair(b->al.n, bg_ctz64(from), 0),
			*to++);
#else
	(void)b, (void)i, (void)out;
	assert(!"words without BG_VBMI2");
#endif
}

/* Game i's legal actions, in the order of its list, at their place in
 * the caller's array. */
static void list_one(bg_batch *b, size_t i)
{
	uint32_t *out = b->lists + b->offsets[i];

	if (by_word(b, i))
		words_actions(b, i, out);
	else
		memcpy(out, b->set + i * b->max_moves,
		       b->nset[i] * sizeof(*out));
}

/* Game i's random action: its draw is the i-th of the call's generator,
 * as if the games drew one after the other. */
static int draw_one(bg_batch *b, size_t i)
{
	uint64_t state = bg_rand_ahead(b->rng, i);
	size_t n = b->nmoves[i], k;

	if (n == 0)
		return bg_seterr(BG_EINVAL, "game %zu has no legal move", i);
	k = (size_t)bg_rand_below(&state, n);
	if (b->nset[i] != n)
		return bg_seterr(BG_ENOMEM, "game %zu: a legal move outside "
				 "the action layout", i);
	b->draws[i] = by_word(b, i) ? word_action(b, i, k) :
				      b->set[i * b->max_moves + k];
	return BG_OK;
}

/* Game i's part of the job. */
static int do_game(bg_batch *b, size_t i, bg_worker *w)
{
	int rc;

	/* The jobs that call the game's hooks do it with the thread's
	 * config, and so its work space. */
	if ((b->job == JOB_STEP || b->job == JOB_RESET) &&
	    b->games[i]->cfg != w->config->cfg)
		bg_game_share_config(b->games[i], w->config);
	switch (b->job) {
	case JOB_CHECK:
		return check_one(b, i);
	case JOB_DRAW:
		return draw_one(b, i);
	case JOB_LIST:
		list_one(b, i);
		return BG_OK;
	case JOB_RESET:
		unmark_mask(b, i);
		restart(b, i);
		if ((rc = list_legal(b, i, w)) != BG_OK)
			return rc;
		return write_out(b, i, w);
	default:
		return step_one(b, i, w);
	}
}

/* Keep game i's error rc when its game is the first at fault so far
 * (whichever thread finds it, the caller reports the first game's). */
static void keep_error(bg_batch *b, size_t i, int rc)
{
	if (rc == BG_OK)
		return;
	/* Errors are rare: a spin lock does. */
	while (atomic_flag_test_and_set(&b->bad_lock))
		;
	if (i < b->bad) {
		b->bad = i;
		b->bad_rc = rc;
		snprintf(b->bad_msg, sizeof(b->bad_msg), "%s", bg_last_error());
	}
	atomic_flag_clear(&b->bad_lock);
}

/*
 * Step games lo..hi-1 of a large batch, overlapped: each game's move is
 * played, then the step of the game before it is ended, then the mask of
 * the game before that is marked. Ending a step reads the repetition
 * bucket of the new position's key, which no one could ask for before the
 * move was played; marking a mask byte by byte reads each byte before it
 * sets it (an action set twice is an error), bytes of lines no one asked
 * for before the moves were listed. Asked for then, they have come in a
 * step later instead of being waited on. The lines of the games ahead are
 * asked for as well (prefetch_ahead).
 */
static void step_games(bg_batch *b, size_t lo, size_t hi, bg_worker *w)
{
	step_half half[2], *before = NULL;

	for (size_t i = lo; i < hi; i++) {
		step_half *h = &half[i & 1];

		if (b->games[i]->cfg != w->config->cfg)
			bg_game_share_config(b->games[i], w->config);
		prefetch_ahead(b, i, hi);
		step_begin(b, i, h, true);
		if (i > lo)
			keep_error(b, i - 1,
				   step_end(b, i - 1, w, before, true));
		if (i > lo + 1)
			keep_error(b, i - 2, write_mask_behind(b, i - 2));
		before = h;
	}
	if (hi > lo)
		keep_error(b, hi - 1, step_end(b, hi - 1, w, before, true));
	for (size_t i = hi > lo + 1 ? hi - 2 : lo; i < hi; i++)
		keep_error(b, i, write_mask_behind(b, i));
}

/* Games lo..hi-1 of the job. */
static void run_games(bg_batch *b, size_t lo, size_t hi, bg_worker *w)
{
	if (b->job == JOB_STEP &&
	    b->n >= PREFETCH_GAMES * (size_t)b->threads) {
		step_games(b, lo, hi, w);
		return;
	}
	for (size_t i = lo; i < hi; i++)
		keep_error(b, i, do_game(b, i, w));
}

static uint64_t range_of(uint32_t lo, uint32_t hi)
{
	return (uint64_t)hi << 32 | lo;
}

/* The next chunk of the thread's own range into lo..hi-1: whether there
 * was one. */
static bool take_front(bg_worker *w, uint32_t *lo, uint32_t *hi)
{
	uint64_t r = atomic_load_explicit(&w->range, memory_order_relaxed);

	for (;;) {
		uint32_t next = (uint32_t)r, end = (uint32_t)(r >> 32);
		uint32_t stop = end - next > CHUNK ? next + CHUNK : end;

		if (next >= end)
			return false;
		if (atomic_compare_exchange_weak_explicit(
			    &w->range, &r, range_of(stop, end),
			    memory_order_relaxed, memory_order_relaxed)) {
			*lo = next;
			*hi = stop;
			return true;
		}
	}
}

/* Take the back half of what is left in another thread's range and make
 * it this thread's own range (empty now): whether there was any. */
static bool take_back(bg_batch *b, int t)
{
	for (int k = 1; k < b->threads; k++) {
		bg_worker *v = &b->workers[(t + k) % b->threads];
		uint64_t r = atomic_load_explicit(&v->range,
						  memory_order_relaxed);

		for (;;) {
			uint32_t next = (uint32_t)r, end = (uint32_t)(r >> 32);
			uint32_t mid = end - (end - next + 1) / 2;

			if (next >= end)
				break;
			if (atomic_compare_exchange_weak_explicit(
				    &v->range, &r, range_of(next, mid),
				    memory_order_relaxed,
				    memory_order_relaxed)) {
				atomic_store_explicit(&b->workers[t].range,
						      range_of(mid, end),
						      memory_order_relaxed);
				return true;
			}
		}
	}
	return false;
}

/* Take chunks of games until none is left: the thread's own share
 * first. The games done are reported once, at the end: the pool's count
 * is one cache line for every thread, and reporting each chunk moved it
 * between the cores a hundred times a job. */
static void take_chunks(void *arg, int t)
{
	bg_batch *b = arg;
	bg_worker *own = &b->workers[t];
	size_t done = 0;
	uint32_t lo, hi;

	do {
		while (take_front(own, &lo, &hi)) {
			run_games(b, lo, hi, own);
			done += hi - lo;
		}
	} while (take_back(b, t));
	if (done)
		bg_pool_done(b->pool, done);
}

/* Make room for a job: after this the caller may write the job's fields. */
static void job_begin(bg_batch *b, int job)
{
	bg_pool_close(b->pool);
	b->job = job;
	b->bad = NO_GAME;
}

/* Run the job begun on every game, the calling thread being one of the
 * pool: BG_OK, or the error of the first game at fault. One thread runs
 * the games itself: the pool's atomic counts would be a tenth of a
 * one-game step. */
static int job_run(bg_batch *b)
{
	if (b->threads == 1) {
		run_games(b, 0, b->n, &b->workers[0]);
	} else {
		for (int t = 0; t < b->threads; t++)
			atomic_store_explicit(
				&b->workers[t].range,
				range_of(b->workers[t].lo, b->workers[t].hi),
				memory_order_relaxed);
		bg_pool_run(b->pool, b->n);
	}
	if (b->bad == NO_GAME)
		return BG_OK;
	return bg_seterr(b->bad_rc, "%s", b->bad_msg);
}

void bg_batch_free(bg_batch *b)
{
	if (!b)
		return;
	bg_pool_free(b->pool);
	if (b->games)
		for (size_t i = 0; i < b->n; i++)
			bg_game_free(b->games[i]);
	bg_arena_free(b->arena);
	if (b->workers)
		for (int t = 0; t < b->nworkers; t++) {
			free(b->workers[t].extra);
			free(b->workers[t].scratch);
			if (b->workers[t].config != b->config)
				bg_game_free(b->workers[t].config);
		}
	free(b->workers);
	free(b->games);
	free(b->moves);
	free(b->listed);
	free(b->nmoves);
	free(b->chosen);
	free(b->set);
	free(b->nset);
	free(b->from);
	free(b->to);
	bg_game_free(b->start);
	bg_game_free(b->config);
	free(b);
}

/* Whether the batch's masks are marked by words: where the game gives
 * them for its layout and the CPU has the stores they take. */
static bool by_words(const bg_batch *b)
{
	const bg_layout *al = &b->al;

	return b->start->rules->legal_action_words &&
	       bg_wide_level() == BG_WIDE_VBMI2 &&
	       al->direct == BG_DIRECT_ALWAYS && al->pairs &&
	       al->removals == 1 && al->ranks == 1 && al->n <= 64;
}

/* The workers' shares and the pool: want - 1 threads besides the
 * caller's (only the caller's on a platform without threads). */
static int start_workers(bg_batch *b, int want)
{
	const bg_board *bd = bg_rules_board(b->start->rules, b->start->cfg);
	size_t per, extra = (b->al.nplanes - BG_OBS_COMMON) * (size_t)bd->npoints;

#ifndef BG_POOL_THREADS
	want = 1;
#endif
	/* Shares of whole chunks: see per_game. */
	per = ((b->n + (size_t)want - 1) / (size_t)want + CHUNK - 1) / CHUNK *
	      CHUNK;
	b->workers = calloc((size_t)want, sizeof(*b->workers));
	if (!b->workers)
		return bg_seterr(BG_ENOMEM, "batch workers");
	b->nworkers = want;
	for (int t = 0; t < want; t++) {
		bg_worker *w = &b->workers[t];

		w->b = b;
		w->lo = (uint32_t)(per * (size_t)t < b->n ? per * (size_t)t :
				   b->n);
		w->hi = (uint32_t)(w->lo + per < b->n ? w->lo + per : b->n);
		atomic_init(&w->range, 0);
		w->extra = malloc((extra ? extra : 1) * sizeof(float));
		w->scratch = malloc(bg_actions_scratch(b->max_moves) *
				    sizeof(uint64_t));
		if (!w->extra || !w->scratch)
			return bg_seterr(BG_ENOMEM, "batch workers");
		w->config = b->config;
		if (t > 0 && b->config->work_size) {
			int rc = bg_game_clone(&w->config, b->config);

			if (rc != BG_OK)
				return rc;
		}
	}
	b->threads = want;
	return bg_pool_new(&b->pool, want, SPIN_NS, take_chunks, b);
}

/* Zeroed room for n per-game items of `size` bytes (NULL where that
 * overflows, as with calloc), starting on a cache line where threads
 * share the batch. As the threads' shares start on a multiple of CHUNK
 * games (start_workers), no line of the arrays of a word a game holds
 * games of two shares (of the others, a byte or a row of actions a game,
 * only the line where two shares meet may): a line that two threads
 * write moves between their cores every job. (Windows has no
 * posix_memalign, and its aligned blocks need a free of their own: calloc
 * there.) */
static void *per_game(size_t n, size_t size)
{
#if defined(BG_POOL_THREADS) && !defined(_WIN32)
	size_t bytes;
	void *p;

	if (size && n > (SIZE_MAX - LINE) / size)
		return NULL;
	bytes = (n * size + LINE - 1) / LINE * LINE;
	if (posix_memalign(&p, LINE, bytes ? bytes : LINE))
		return NULL;
	return memset(p, 0, bytes);
#else
	return calloc(n, size);
#endif
}

int bg_batch_new(bg_batch **out, const char *spec, size_t n, int threads,
		 uint64_t seed)
{
	const bg_board *bd;
	bg_batch *b;
	int rc;

	if (out)
		*out = NULL;
	if (!out || !spec || n == 0 || threads < 1)
		return bg_seterr(BG_EINVAL, "%s", !out || !spec ?
				 "NULL argument" : n == 0 ? "a batch of 0 games" :
				 "fewer than 1 thread");
	/* Games are numbered in 32 bits (a share's range is one word); a
	 * handle is tens of kilobytes, so more games would not fit anyway. */
#if SIZE_MAX > UINT32_MAX
	if (n > UINT32_MAX)
		return bg_seterr(BG_ENOMEM, "a batch of %zu games", n);
#endif
	if ((size_t)threads > n)
		threads = (int)n;
	b = calloc(1, sizeof(*b));
	if (!b)
		return bg_seterr(BG_ENOMEM, "batch");
	b->n = n;
	b->threads = 1;
	b->rng = seed;
	b->wide = bg_avx512_ok();
	atomic_flag_clear(&b->bad_lock);
	if ((rc = bg_game_start(&b->start, spec)) != BG_OK) {
		free(b);
		return rc;
	}
	b->al = b->start->layout;
	bd = bg_rules_board(b->start->rules, b->start->cfg);
	b->obs_size = b->al.nplanes * (size_t)bd->width * (size_t)bd->height;
	b->max_moves = b->start->max_moves;
	b->games = calloc(n, sizeof(*b->games));
	if (n >= ARENA_GAMES)
		b->arena = bg_arena_new();
	/* Where the game always makes moves of actions, no list is kept. */
	if (b->al.direct != BG_DIRECT_ALWAYS)
		b->moves = calloc(n, b->max_moves * sizeof(bg_move));
	b->listed = per_game(n, 1);
	b->nmoves = per_game(n, sizeof(size_t));
	b->chosen = per_game(n, sizeof(size_t));
	b->set = per_game(n, b->max_moves * sizeof(uint32_t));
	b->nset = per_game(n, sizeof(size_t));
	if (by_words(b)) {
		b->from = per_game(n, sizeof(uint64_t));
		b->to = per_game(n, 64 * sizeof(uint64_t));
	}
	if (!b->games || (n >= ARENA_GAMES && !b->arena) ||
	    (!b->moves && b->al.direct != BG_DIRECT_ALWAYS) ||
	    !b->listed || !b->nmoves || !b->chosen || !b->set || !b->nset ||
	    (by_words(b) && (!b->from || !b->to))) {
		bg_batch_free(b);
		return bg_seterr(BG_ENOMEM, "batch of %zu games", n);
	}
	/* A handle of its own holds the shared config, and the board's
	 * squares every game's observation reads: the start position can be
	 * replaced (bg_batch_set_start). */
	if ((rc = bg_game_clone(&b->config, b->start)) != BG_OK) {
		bg_batch_free(b);
		return rc;
	}
	b->cells = &b->config->cells;
	for (size_t i = 0; i < n; i++) {
		if ((rc = bg_game_clone_in(&b->games[i], b->start,
					   b->arena)) != BG_OK) {
			bg_batch_free(b);
			return rc;
		}
		bg_game_share_config(b->games[i], b->config);
	}
	if ((rc = start_workers(b, threads)) != BG_OK) {
		bg_batch_free(b);
		return rc;
	}
	for (size_t i = 0; i < n; i++)
		if ((rc = list_legal(b, i, &b->workers[0])) != BG_OK) {
			bg_batch_free(b);
			return rc;
		}
	*out = b;
	bg_clearerr();
	return BG_OK;
}

int bg_batch_info(const bg_batch *b, size_t *n, size_t *actions, size_t *obs)
{
	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	if (n)
		*n = b->n;
	if (actions)
		*actions = b->al.count;
	if (obs)
		*obs = b->obs_size;
	return BG_OK;
}

int bg_batch_set_start(bg_batch *b, const char *position)
{
	bg_game *g;
	int rc;

	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	if (position)
		rc = bg_game_from_position(&g, position);
	else
		rc = bg_game_start(&g, b->start->spec);
	if (rc)
		return rc;
	if (strcmp(g->spec, b->start->spec) != 0) {
		rc = bg_seterr(BG_EINVAL, "a position of %s in a batch of %s",
			       g->spec, b->start->spec);
	} else if (g->result.status != BG_ONGOING) {
		rc = bg_seterr(BG_EINVAL, "the game of the position is over");
	}
	if (rc) {
		bg_game_free(g);
		return rc;
	}
	bg_game_free(b->start);
	b->start = g;
	return BG_OK;
}

/* A step's or a reset's job: the outputs asked for, and the mask buffer
 * they leave set. */
static int write_job(bg_batch *b, int job, float *obs, uint8_t *mask,
		     float *rewards, uint8_t *done)
{
	int rc;

	job_begin(b, job);
	b->obs = obs;
	b->mask = mask;
	b->rewards = rewards;
	b->done = done;
	rc = job_run(b);
	/* What set[] says was set is in this buffer now, or in none. */
	b->last_mask = mask;
	return rc;
}

int bg_batch_reset(bg_batch *b, float *obs, uint8_t *mask)
{
	if (!b)
		return bg_seterr(BG_EINVAL, "batch is NULL");
	return write_job(b, JOB_RESET, obs, mask, NULL, NULL);
}

int bg_batch_step(bg_batch *b, const uint32_t *actions, float *obs,
		  uint8_t *mask, float *rewards, uint8_t *done)
{
	int rc;

	if (!b || !actions)
		return bg_seterr(BG_EINVAL, "NULL argument");
	/* Every action is checked before any game moves. */
	job_begin(b, JOB_CHECK);
	b->actions = actions;
	if ((rc = job_run(b)) != BG_OK)
		return rc;
	return write_job(b, JOB_STEP, obs, mask, rewards, done);
}

int bg_batch_random_actions(bg_batch *b, uint32_t *actions)
{
	int rc;

	if (!b || !actions)
		return bg_seterr(BG_EINVAL, "NULL argument");
	job_begin(b, JOB_DRAW);
	b->draws = actions;
	rc = job_run(b);
	/* The generator moves on by the draws made, as if the games drew one
	 * after the other up to the first that failed. */
	if (rc == BG_OK)
		b->rng = bg_rand_ahead(b->rng, b->n);
	else
		b->rng = bg_rand_ahead(b->rng, b->bad + (b->nmoves[b->bad] > 0));
	return rc;
}

int bg_batch_legal_actions(bg_batch *b, uint32_t *offsets, uint32_t *actions,
			   size_t cap, size_t *total)
{
	size_t sum = 0;

	if (!b || !offsets || (!actions && cap))
		return bg_seterr(BG_EINVAL, "NULL argument");
	for (size_t i = 0; i < b->n; i++) {
		/* After a step every game has its actions: one whose moves
		 * the layout cannot all name was cut short and restarted. */
		if (b->nset[i] != b->nmoves[i])
			return bg_seterr(BG_ENOMEM, "game %zu: a legal move "
					 "outside the action layout", i);
		sum += b->nset[i];
	}
	if (total)
		*total = sum;
	if (sum > UINT32_MAX)
		return bg_seterr(BG_ENOMEM, "%zu legal actions, more than "
				 "32-bit offsets hold", sum);
	if (sum > cap)
		return bg_seterr(BG_EBUFSIZE, "%zu legal actions need room, "
				 "not %zu", sum, cap);
	offsets[0] = 0;
	for (size_t i = 0; i < b->n; i++)
		offsets[i + 1] = offsets[i] + (uint32_t)b->nset[i];
	job_begin(b, JOB_LIST);
	b->offsets = offsets;
	b->lists = actions;
	return job_run(b);
}

const bg_game *bg_batch_game(const bg_batch *b, size_t i)
{
	return b && i < b->n ? b->games[i] : NULL;
}
