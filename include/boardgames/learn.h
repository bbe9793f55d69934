/**
 * @file
 * libboardgames for learning agents: a fixed action space, observation
 * tensors, the symmetries of a board and batches of games stepped at once.
 *
 * Everything here is built on the generic API of <boardgames/boardgames.h>
 * and follows its conventions (return codes, errors, ownership, the thread
 * contract). doc/learning.md shows the whole loop; each game's page gives
 * its observation planes and symmetries.
 *
 * @par Actions
 *   Every spec has a fixed number of actions, bg_action_count(), the same in
 *   every position. An action is a number 0 .. count-1 made of fields
 *   (doc/learning.md gives the layout in full):
 *     - a placement on point p (the point count is N);
 *     - a step, jump or capture from point f to its last landing point t;
 *     - in games where the mover removes pieces (mill, bolotudu), the first
 *       point removed, or none;
 *     - in games where several legal moves share all the fields above (two
 *       capture chains between the same points, a second removal, a Dots
 *       placement with and without BG_MOVE_FLAG_MARK), the rank of the move
 *       among them, in the order of their bg_move values (path, then
 *       removals, then flags, as numbers);
 *     - pass; ground (Dots).
 *   Each legal move has exactly one action and each action stands for at
 *   most one legal move of the current position. The number of ranks is a
 *   proven bound except in alquerque, fox-geese, leopards-cows with
 *   multi_jump, senegal and turkish-draughts, where it caps what random
 *   games mostly reach: a position with more chains between two points
 *   (about 1 random game in 400 of leopards-cows with multi_jump, 1 in
 *   1,100 of fox-geese with fox_diagonals meets one) has moves without an
 *   action, the calls that need them fail with BG_ENOMEM, and a batch
 *   cuts the game short (BG_STEP_TRUNCATED). An action is therefore read
 *   in a position: bg_action_to_move() needs the game, and so does
 *   bg_move_to_action() when the rank field is used.
 *
 * @par Observations
 *   Every spec has a fixed shape: planes x height x width floats, height
 *   and width those of bg_board_size(). Plane k, row y, column x is
 *   buf[(k * height + y) * width + x], y counted upwards as in
 *   bg_point_coords(). Squares of the frame that are not points of the board
 *   hold 0 in every plane but the "board" plane. Planes are seen from a
 *   seat: "own" pieces are that seat's. The first planes are the same in
 *   every game (bg_observation_plane_name() names each plane):
 *     0 board: 1 on the points of the board;
 *     1 own men, 2 own kings, 3 own dead or captured points (Dots),
 *     4 opponent men, 5 opponent kings, 6 opponent dead points;
 *     7 to move: 1 everywhere when the seat is to move;
 *     8 ply: the ply number (bg_ply()) everywhere;
 *     9 repetitions: earlier occurrences of the position since the last
 *       irreversible move, everywhere;
 *     10 reversible plies: plies since the last irreversible move;
 *   then planes of the game's own counters, each a number repeated over the
 *   whole board (pieces still to place, plies without capture, scores),
 *   listed on the game's page. Two positions with different legal moves or
 *   outcomes give different observations.
 *
 * @par Symmetries
 *   A game's symmetries are the maps of its board onto itself that keep its
 *   rules and its start position: of the 8 rotations and reflections of the
 *   frame, those that map points to points, lines to lines and the start
 *   position to itself (so games with a forward direction keep only the
 *   left-right reflection, and Corners the reflection that swaps the axes
 *   of both homes). Element 0 is the identity. A symmetry maps points,
 *   moves, actions, observations and whole games.
 *
 * @par Batches
 *   A bg_batch holds n games of one spec and steps them together: one
 *   action each, then observations (of the side to move), action masks,
 *   rewards and done flags written into the caller's arrays. A game that
 *   ends starts again by itself, from the start or from a position given.
 *   Stepping makes no allocation (except that a game's history grows
 *   geometrically when a game gets longer than any before it in the batch
 *   slot, as bg_play() says). With threads > 1 that many threads share
 *   the games of every call (checking the actions, stepping, drawing
 *   random actions); the results, random actions included, are those of
 *   one thread.
 */
#ifndef BOARDGAMES_LEARN_H
#define BOARDGAMES_LEARN_H

#include <boardgames/boardgames.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Actions ------------------------------------------------------------ */

/** The number of actions of the game's spec: actions are 0 .. count-1 in
 * every position. */
BG_API uint32_t bg_action_count(const bg_game *g);

/**
 * The action of legal move m in the current position into *action.
 * BG_EINVAL (NULL, a malformed move), BG_EILLEGAL (not a legal move here),
 * BG_EGAMEOVER.
 */
BG_API int bg_move_to_action(const bg_game *g, const bg_move *m,
			     uint32_t *action);

/**
 * The legal move that `action` stands for in the current position into *m.
 * BG_EILLEGAL when no legal move has this action (the action is not in the
 * mask), BG_EINVAL for an action >= bg_action_count() or NULL,
 * BG_EGAMEOVER.
 */
BG_API int bg_action_to_move(const bg_game *g, uint32_t action, bg_move *m);

/**
 * The legal actions of the side to move, ascending, into buf[0..cap-1]; *n
 * gets their number (output as for bg_legal_moves(): BG_EBUFSIZE, a size
 * query with buf NULL and cap 0). After the end of the game the list is
 * empty. bg_max_moves() always has room. No allocation.
 */
BG_API int bg_legal_actions(const bg_game *g, uint32_t *buf, size_t cap,
			    size_t *n);

/**
 * The legal-action mask: mask[a] = 1 for the legal actions, 0 for the
 * others, for a in 0 .. bg_action_count()-1 (cap must be at least that:
 * BG_EBUFSIZE otherwise). All 0 after the end. No allocation.
 */
BG_API int bg_action_mask(const bg_game *g, uint8_t *mask, size_t cap);

/** bg_action_to_move() then bg_play(), with the errors of both. */
BG_API int bg_play_action(bg_game *g, uint32_t action);

/* ---- Observations ------------------------------------------------------- */

/** The shape of the game's observations; any pointer may be NULL. The
 * observation holds planes * height * width floats. BG_EINVAL for NULL g. */
BG_API int bg_observation_shape(const bg_game *g, int *planes, int *height,
				int *width);

/**
 * The observation of the current position from `seat`'s point of view
 * into buf, which has cap floats (BG_EBUFSIZE when fewer than the shape
 * needs). Every float of the shape is written. BG_EINVAL for NULL or a
 * seat other than 0, 1. No allocation. On x86-64 CPUs with AVX-512 the
 * planes are written sixteen floats a store; the floats are the same
 * either way, and BG_NO_AVX512=1 in the environment (read once) keeps to
 * the portable writer.
 */
BG_API int bg_observe(const bg_game *g, int seat, float *buf, size_t cap);

/** The name of plane k ("own men", "ply", "to place, own"): static; NULL
 * when k is out of range or g is NULL. */
BG_API const char *bg_observation_plane_name(const bg_game *g, int k);

/* ---- Symmetries --------------------------------------------------------- */

/** The transformations of the frame, as symmetry kinds. */
enum {
	BG_SYM_IDENTITY = 0,   /**< (x, y) -> (x, y) */
	BG_SYM_ROT90 = 1,      /**< a quarter turn anticlockwise (square frames) */
	BG_SYM_ROT180 = 2,     /**< a half turn */
	BG_SYM_ROT270 = 3,     /**< three quarter turns */
	BG_SYM_FLIP_X = 4,     /**< left-right: x -> width-1-x */
	BG_SYM_FLIP_Y = 5,     /**< up-down: y -> height-1-y */
	BG_SYM_TRANSPOSE = 6,  /**< (x, y) -> (y, x) (square frames) */
	BG_SYM_ANTI = 7        /**< (x, y) -> (w-1-y, w-1-x) (square frames) */
};

/** The number of symmetries of the game (1 .. 8; element 0 is the
 * identity). */
BG_API int bg_symmetry_count(const bg_game *g);

/** The BG_SYM_* kind of symmetry s, or BG_EINVAL when s is out of range. */
BG_API int bg_symmetry_kind(const bg_game *g, int s);

/** The index of the inverse of symmetry s, or BG_EINVAL. */
BG_API int bg_symmetry_inverse(const bg_game *g, int s);

/** The image of point p under symmetry s into *out. BG_EINVAL for s or p
 * out of range or NULL. */
BG_API int bg_symmetry_point(const bg_game *g, int s, int p, int *out);

/**
 * The image of a move under symmetry s into *out: every point mapped, the
 * removals put back in the order the game lists them. The image of a legal
 * move is legal in the image of the position. Works for any well-formed
 * move on the board; BG_EINVAL otherwise.
 */
BG_API int bg_symmetry_move(const bg_game *g, int s, const bg_move *m,
			    bg_move *out);

/**
 * The image of a legal action of the current position under symmetry s:
 * the action, in the transformed position, of the transformed move.
 * BG_EILLEGAL when `action` is not legal here, BG_EINVAL as above.
 */
BG_API int bg_symmetry_action(const bg_game *g, int s, uint32_t action,
			      uint32_t *out);

/**
 * The image of an observation under symmetry s: in and out hold the shape
 * of bg_observation_shape() and must not overlap. Each plane is moved over
 * the board; counters stay. BG_EINVAL for NULL or s out of range.
 */
BG_API int bg_symmetry_observation(const bg_game *g, int s, const float *in,
				   float *out);

/**
 * A new game that is the image of g under symmetry s: its history is g's
 * with every move transformed, so counters, repetitions and the outcome
 * agree. BG_ENOTSUP for a game read from a position text, even the
 * start's (its history does not go back to the start, so cannot be
 * replayed); BG_EINVAL, BG_ENOMEM.
 * On failure *out is NULL.
 */
BG_API int bg_symmetry_game(bg_game **out, const bg_game *g, int s);

/**
 * The canonical hash of the position: the least bg_hash() of its images
 * under the game's symmetries, equal for positions that are images of
 * each other. *sym (may be NULL) gets the symmetry that gives it. For
 * transposition tables and solvers; not for hot loops (it replays the
 * history once per symmetry). Errors of bg_symmetry_game().
 */
BG_API int bg_canonical_hash(const bg_game *g, uint64_t *hash, int *sym);

/* ---- Batches ------------------------------------------------------------ */

/** A batch of games of one spec. Opaque; made by bg_batch_new(), freed by
 * bg_batch_free(). */
typedef struct bg_batch bg_batch;

/** What bg_batch_step() writes into done[i]. */
enum {
	BG_STEP_GOING = 0,     /**< the game goes on */
	BG_STEP_TERMINATED = 1, /**< the game ended by its rules and restarted */
	BG_STEP_TRUNCATED = 2  /**< the game ended at the max_plies limit of
				    its options (BG_REASON_MOVE_LIMIT), or
				    was cut short at a position with a legal
				    move that has no action (or more moves
				    than bg_max_moves()), and restarted */
};

/**
 * A batch of n games of `spec` (as bg_game_new() reads it), stepped by
 * `threads` threads (1 or more; 1 on platforms without threads). Each
 * call hands work to the other threads and waits for them, so more
 * threads pay only with a few hundred games each: fast games on fewer
 * run faster on one thread (doc/learning.md, Threads). `seed`
 * starts the generator of bg_batch_random_actions(). The games are at
 * their start. BG_EINVAL (NULL, n 0, threads < 1), BG_ENOGAME, BG_EOPTION,
 * BG_ENOMEM (also for n above 2^32 - 1, which no memory holds). On failure
 * *out is NULL.
 */
BG_API int bg_batch_new(bg_batch **out, const char *spec, size_t n,
			int threads, uint64_t seed);

/** Free a batch and stop its threads; NULL is a no-op. */
BG_API void bg_batch_free(bg_batch *b);

/**
 * The sizes a caller's arrays need: *n games, *actions per game (the mask
 * holds n * actions bytes), *obs floats per game (the observations hold
 * n * obs floats). Any pointer may be NULL. BG_EINVAL for NULL b.
 */
BG_API int bg_batch_info(const bg_batch *b, size_t *n, size_t *actions,
			 size_t *obs);

/**
 * The position games restart from: a position text of the batch's spec
 * (bg_position_text()), or NULL for the spec's start. Takes effect when a
 * game next restarts, and at bg_batch_reset(). BG_EFORMAT, BG_EOPTION,
 * BG_EINVAL (a position of another spec, or one whose game is over),
 * BG_ENOMEM; a failed call keeps the old start.
 */
BG_API int bg_batch_set_start(bg_batch *b, const char *position);

/**
 * Put every game back at the start position, then write as
 * bg_batch_step() does: obs (n * obs floats, of the side to move) and mask
 * (n * actions bytes); either may be NULL. BG_EINVAL for NULL b.
 */
BG_API int bg_batch_reset(bg_batch *b, float *obs, uint8_t *mask);

/**
 * Play actions[i] in game i for every i, then write, for every game:
 *   - rewards[i]: for the seat that played actions[i], 1 when its move won
 *     the game, -1 when it lost it, 0 otherwise (draws included);
 *   - done[i]: a BG_STEP_* value; a game that ended has restarted, and
 *     what follows is about its new start;
 *   - obs: the observation of game i from the side to move, at
 *     obs + i * (obs floats);
 *   - mask: its legal-action mask at mask + i * actions.
 * Any output pointer may be NULL. When mask is the buffer the previous
 * call wrote, only the bytes that call set are cleared (a step writes far
 * fewer bytes than the mask holds): the caller may read it and clear it,
 * but must not set bytes in it. Each actions[i] must be legal in game i
 * (its mask): otherwise BG_EILLEGAL (BG_EINVAL for an action >=
 * bg_action_count()) names the first game at fault, and no game moves.
 * BG_ENOMEM when a history could not grow (that game is then restarted).
 */
BG_API int bg_batch_step(bg_batch *b, const uint32_t *actions, float *obs,
			 uint8_t *mask, float *rewards, uint8_t *done);

/**
 * The legal actions of every game now, listed instead of masked: game
 * i's are actions[offsets[i]] .. actions[offsets[i + 1] - 1], the action
 * of each move bg_legal_moves() lists for bg_batch_game(b, i), in that
 * order (sorted, they are what bg_legal_actions() gives). offsets holds
 * n + 1 values; *total (may be NULL) gets offsets[n], the room actions
 * needs. For games with large action counts (Mill's 420001, Bolotudu's
 * 345961), a step with mask NULL and then this call write a few bytes a
 * game, where a mask costs a cache line for each action it sets or
 * clears. BG_EBUFSIZE when cap is less than the total (*total is set,
 * nothing else written); BG_EINVAL for NULL b or offsets, or actions
 * NULL with cap > 0; BG_ENOMEM for a total past 2^32 - 1, or for a game
 * left with a legal move that has no action by a reset that failed so.
 * Since 1.3.
 */
BG_API int bg_batch_legal_actions(bg_batch *b, uint32_t *offsets,
				  uint32_t *actions, size_t cap,
				  size_t *total);

/**
 * A legal action for every game, drawn uniformly from its legal actions
 * with the batch's generator, into actions[0..n-1]: for random play and
 * benchmarks. The draws of a seed are the same for any thread count.
 * BG_EINVAL for NULL.
 */
BG_API int bg_batch_random_actions(bg_batch *b, uint32_t *actions);

/**
 * Game i of the batch, to read (outcome, position text, seat to move,
 * bg_observe() from the other seat). Owned by the batch; valid until the
 * next bg_batch_step(), bg_batch_reset() or bg_batch_free(). Do not play
 * moves on it. The games share the batch's tables and scratch space, so
 * the batch and its games are used by one thread at a time, as one
 * handle is: to read a game in another thread, give that thread a
 * bg_game_clone(). NULL when i is out of range or b is NULL.
 */
BG_API const bg_game *bg_batch_game(const bg_batch *b, size_t i);

#ifdef __cplusplus
}
#endif

#endif /* BOARDGAMES_LEARN_H */
