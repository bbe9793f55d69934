/**
 * @file
 * A computer player for every game of the catalogue: Monte-Carlo tree
 * search (UCT) over the generic API of <boardgames/boardgames.h> only.
 *
 * Each playout walks down the searcher's tree by UCB1, adds the children of
 * the node it stops at, plays random moves to the end of the game (or to a
 * ply cap, which counts as a draw) and backs the result up. When the game
 * has an evaluation (bg_evaluate()) and the level uses it, the random moves
 * stop after a ply or a few and the evaluation is backed up instead. The
 * move chosen is the most visited one, ties going to the better mean; the
 * weakest levels choose at random, weighted by visits. doc/search.md says
 * more: the levels, threads, memory and determinism.
 *
 * @par Use
 * @code
 *   bg_search_options opts;
 *   bg_search_limits limits = { .playouts = 5000, .seconds = 2.0 };
 *   bg_search *s;
 *   bg_move m;
 *
 *   bg_search_options_init(&opts, BG_SEARCH_OPTIONS_VERSION);
 *   opts.level = 7;
 *   if (bg_search_new(&s, game, &opts) < 0) ...
 *   if (bg_search_think(s, &limits, &m) == BG_OK)
 *       bg_play(game, &m);
 *   bg_search_sync(s, game);   (after every move played, by anyone)
 *   ...
 *   bg_search_free(s);
 * @endcode
 *
 * @par The searcher and its game
 *   A searcher keeps a copy of the game it was made for (its root) and
 *   never touches the caller's handle after bg_search_new(). Tell it the
 *   moves actually played with bg_search_play() or bg_search_sync(): the
 *   part of the tree below them is kept, with its visits, and the rest is
 *   dropped.
 *
 * @par Threads
 *   A searcher is used by one thread at a time, for every call except
 *   bg_search_stop(), which any thread may call at any time, also while
 *   another thread is in bg_search_think(). With options.threads = N > 1
 *   think runs N searches at once (root parallel: one tree, game copy and
 *   random generator per thread, their root figures summed when they
 *   stop), the calling thread being one of them. The other N - 1 threads
 *   are made with the searcher and ended by bg_search_free(); after a
 *   think they spin for up to 50 ms (yielding the core) before they
 *   sleep, so that the next think of a game in play finds them running.
 *   Builds without threads (WebAssembly) take threads = 1 only: more is
 *   BG_ENOTSUP.
 *
 * @par Determinism
 *   Limited by playouts or tree nodes only (no time limit, no stop), the
 *   same seed, options and sequence of calls give the same moves, visits
 *   and values from run to run, with any number of threads: each thread
 *   has a generator of its own drawn from the seed and a fixed share of the
 *   playouts. (Across platforms too, as far as their log() rounds alike:
 *   the exploration term uses it.) A time limit or bg_search_stop() ends the search at a moment
 *   the clock decides, and then the figures vary from run to run.
 *
 * @par Allocation
 *   bg_search_new() allocates the searcher: a copy of the game and a first
 *   block of tree nodes per thread, and starts its threads. The tree
 *   block doubles when the tree outgrows it, up to options.max_nodes; a
 *   full tree stops growing and the search goes on in it.
 *   bg_search_sync() to a game that is not the root followed by moves
 *   makes a new copy of that game. Nothing else allocates, except that a
 *   playout deeper than any before grows its path (past 256 plies) or the
 *   game copy's history (as bg_play() does). bg_search_info_get() reports
 *   the bytes held.
 */
#ifndef BOARDGAMES_SEARCH_H
#define BOARDGAMES_SEARCH_H

#include <boardgames/boardgames.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The version of bg_search_options this header describes. */
#define BG_SEARCH_OPTIONS_VERSION 1
/** The weakest level. */
#define BG_SEARCH_LEVEL_MIN 1
/** The strongest level: no cap on playouts, the evaluation used. */
#define BG_SEARCH_LEVEL_MAX 10
/** The most threads a searcher takes. */
#define BG_SEARCH_THREADS_MAX 64

/** A searcher: a game, its search tree(s) and random generators. Opaque;
 * made by bg_search_new(), freed by bg_search_free(). */
typedef struct bg_search bg_search;

/**
 * How a searcher searches, fixed when it is made. Fill it with
 * bg_search_options_init(), then change the fields wanted.
 */
typedef struct bg_search_options {
	/** BG_SEARCH_OPTIONS_VERSION: the layout the caller was built with. */
	unsigned int version;
	/** Strength, BG_SEARCH_LEVEL_MIN .. BG_SEARCH_LEVEL_MAX (default 10):
	 * caps the playouts of each think, and at the lowest levels adds
	 * noise to the choice and leaves the evaluation out (doc/search.md
	 * has the table). */
	int level;
	/** Threads searching at once, 1 .. BG_SEARCH_THREADS_MAX (default
	 * 1). */
	int threads;
	/** The seed of the random generators (default 1); any value. */
	uint64_t seed;
	/** The most tree nodes held, all threads together (default 4194304;
	 * at least 2 per thread). A node takes 20 bytes. */
	size_t max_nodes;
	/** The UCB1 exploration constant, 0 .. 100 (default 0.7). */
	double explore;
	/** Plies of a random playout before it counts as a draw, from 1 to
	 * 100000 (default 500). */
	uint32_t ply_cap;
	/** Plies of a random playout before the evaluation is backed up, in
	 * games that have one, 0 .. ply_cap (default 1). */
	uint32_t cutoff;
} bg_search_options;

/**
 * Fill opts with the defaults for this version of the library.
 *
 * @param opts     the options to fill
 * @param version  BG_SEARCH_OPTIONS_VERSION
 * @return BG_OK; BG_EINVAL for NULL opts or an unknown version.
 */
BG_API int bg_search_options_init(bg_search_options *opts,
				  unsigned int version);

/**
 * Make a searcher for the position of g. g is copied (with its history,
 * so that repetitions count) and not used again.
 *
 * @param out   receives the searcher; NULL on failure
 * @param g     the game to search
 * @param opts  the options; NULL for the defaults
 * @return BG_OK; BG_EINVAL for NULL out or g, or options out of their
 *         range (the detail names the field); BG_ENOTSUP for threads > 1
 *         in a build without threads; BG_ENOMEM (also when a thread
 *         could not start).
 */
BG_API int bg_search_new(bg_search **out, const bg_game *g,
			 const bg_search_options *opts);

/** Free a searcher; NULL is a no-op. Not while it thinks. */
BG_API void bg_search_free(bg_search *s);

/**
 * When a think stops: whichever limit is reached first. A field at 0 sets
 * no limit; the level's cap on playouts holds as well. With no limit at
 * all (and level 10) think runs until bg_search_stop().
 */
typedef struct bg_search_limits {
	/** Playouts of this think, all threads together (those of earlier
	 * thinks kept in the tree do not count). Exact. */
	uint64_t playouts;
	/** Wall-clock seconds of this think, checked between playouts. */
	double seconds;
	/** Tree nodes, all threads together, the kept ones included: the
	 * think stops before a node would be added past it. Exact. */
	size_t nodes;
} bg_search_limits;

/**
 * Search the root position until a limit is reached or bg_search_stop()
 * is called, and give the move to play. The tree and its figures carry
 * over to the next think: thinking in slices of time and reading
 * bg_search_analysis() in between is how a GUI shows the search as it goes.
 * When the root has one legal move it is given at once, without search.
 *
 * @param s       the searcher
 * @param limits  when to stop; NULL for the level's cap only
 * @param best    receives the chosen move; may be NULL
 * @return BG_OK; BG_EINVAL for NULL s or a negative or NaN seconds;
 *         BG_EGAMEOVER when the root game is over; BG_ENOMEM; an error of
 *         the game (which leaves the tree as it was before that playout).
 */
BG_API int bg_search_think(bg_search *s, const bg_search_limits *limits,
			   bg_move *best);

/**
 * Ask a think to return as soon as it can (after the playout each thread is
 * in). Safe from any thread, any time, also from a signal handler: it sets
 * an atomic flag. A stop that comes while no think runs ends the next think
 * at once. The flag is cleared when a think returns.
 */
BG_API void bg_search_stop(bg_search *s);

/**
 * Move the root by the move m, legal in the root position: its subtree is
 * kept, the rest of the tree freed for reuse.
 *
 * @return BG_OK; BG_EINVAL for NULL; the errors of bg_play() (BG_EILLEGAL,
 *         BG_EGAMEOVER), which leave the searcher unchanged.
 */
BG_API int bg_search_play(bg_search *s, const bg_move *m);

/**
 * Bring the root to the position of g. When g is the root's game with
 * moves played after it (the same spec, its history starting with the
 * root's history, the same position after them), those moves are played
 * as bg_search_play() does and the subtree below them is kept; after an
 * undo, or for any other game, the searcher starts over from a copy of g
 * with an empty tree (its generators go on).
 *
 * @return BG_OK; BG_EINVAL for NULL; BG_ENOMEM, which leaves the
 *         searcher valid, at its root or at a position of g's history on
 *         the way (sync again).
 */
BG_API int bg_search_sync(bg_search *s, const bg_game *g);

/** A root move as the search sees it: bg_search_analysis(). */
typedef struct bg_search_line {
	bg_move move;    /**< the move */
	uint64_t visits; /**< playouts through it, all threads */
	double value;    /**< its mean result for the side to move at the root,
			      0 (lost) .. 1 (won); 0.5 when unvisited */
	uint32_t depth;  /**< the moves of its principal variation
			      (bg_search_pv()), itself included */
} bg_search_line;

/**
 * The root moves, most visited first (ties: the better value first, then
 * the order of bg_legal_moves()); the first is the move think gives at
 * the levels without noise. Their visits add up to
 * bg_search_info.root_visits. Before any think, or when the root has one move and
 * think gave it without search, every move has 0 visits. Output as for
 * bg_legal_moves(): buf NULL and cap 0 ask for the count; a buffer too
 * small gets the first cap lines (the best ones) and BG_EBUFSIZE.
 *
 * @return BG_OK; BG_EINVAL for NULL s or n, or buf NULL with cap > 0;
 *         BG_EBUFSIZE; BG_EGAMEOVER when the root game is over.
 */
BG_API int bg_search_analysis(bg_search *s, bg_search_line *buf, size_t cap,
			      size_t *n);

/**
 * The principal variation of the k-th line of bg_search_analysis(): its
 * move, then at each step the most visited reply, as far as the tree goes
 * (the thread that visited the move most). Output as for bg_legal_moves();
 * a buffer too small gets the first cap moves and BG_EBUFSIZE.
 *
 * @return BG_OK; BG_EINVAL for NULL s or n, buf NULL with cap > 0, or no
 *         line k; BG_EBUFSIZE; BG_EGAMEOVER when the root game is over.
 */
BG_API int bg_search_pv(bg_search *s, size_t k, bg_move *buf, size_t cap,
			size_t *n);

/** What a searcher did and holds: bg_search_info_get(). */
typedef struct bg_search_info {
	uint64_t playouts;     /**< playouts of the last think */
	uint64_t root_visits;  /**< the visits of the root moves, all threads:
				    the playouts of the thinks since the root
				    was made or reached, less those that
				    ended at a node before it had children */
	double seconds;        /**< wall-clock time of the last think */
	size_t nodes;          /**< tree nodes now, all threads */
	size_t max_nodes;      /**< options.max_nodes */
	size_t memory;         /**< bytes held on the heap: trees, game
				    copies, work space */
	int threads;           /**< options.threads */
	int level;             /**< options.level */
} bg_search_info;

/**
 * Figures of the searcher.
 *
 * @return BG_OK; BG_EINVAL for NULL.
 */
BG_API int bg_search_info_get(const bg_search *s, bg_search_info *info);

#ifdef __cplusplus
}
#endif

#endif /* BOARDGAMES_SEARCH_H */
