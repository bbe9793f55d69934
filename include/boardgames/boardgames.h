/**
 * @file
 * libboardgames: the rules of the traditional board games of the former USSR.
 *
 * This header is the documentation of the generic API. Every game is reached
 * through it; a few games add queries of their own in a small header beside
 * this one (<boardgames/kutochki.h>, ...).
 *
 * @par Conventions
 *   - Every function that can fail returns an int: BG_OK (0) or a negative
 *     BG_E* code. bg_strerror() gives the code's static text, and
 *     bg_last_error() (per thread) and bg_game_error() (per handle) a
 *     detail naming what was wrong. A failed call changes nothing: the game
 *     is exactly as it was before the call.
 *   - Queries that cannot fail on a valid handle return their answer
 *     directly (bg_hash(), bg_ply(), bg_point_count(), bg_game_spec(),
 *     ...). Their handle must not be NULL: that is a programming error,
 *     caught by an assertion in debug builds; no return value stands for
 *     it.
 *   - Handles are opaque. The caller owns a handle from bg_game_new() (or
 *     _clone, _from_position, _from_record, bg_tochki_from_sgf()) until
 *     bg_game_free(). A constructor that fails sets *out to NULL.
 *   - Strings returned as `const char *` are static or owned by the handle
 *     (said per function) and never need freeing.
 *   - Output into caller buffers works one way everywhere (moves, move
 *     text, point names, position, record, SGF): the function takes
 *     (buf, cap, n) where cap counts elements (moves, or bytes with the
 *     terminating NUL) and *n gets the count needed (moves, or bytes
 *     without the NUL). buf NULL with cap 0 is a size query: BG_OK, *n
 *     set, nothing written. A buffer too small: BG_EBUFSIZE, *n set (text
 *     is cut and NUL-terminated when cap > 0). *n may be NULL except in a
 *     size query and in bg_legal_moves(). BG_MOVE_TEXT_MAX and
 *     BG_POINT_NAME_MAX size a text buffer once for any move or point.
 *   - Seats are 0 and 1; seat 0 moves first unless a game page says
 *     otherwise. Points are numbered 0 .. bg_point_count()-1.
 *   - "This game has no such thing" (no scores, no evaluation, no such
 *     query) is BG_ENOTSUP; a game-specific query on another game is
 *     BG_EWRONGGAME.
 *
 * @par Thread contract
 *   The library has no mutable global state. Different handles may be used
 *   in different threads at the same time; one handle must be used by one
 *   thread at a time, for every call, those taking `const bg_game *`
 *   included: const says a call does not change the game as a player sees
 *   it, not that the handle is untouched (queries write the handle's
 *   scratch space and its error text). To read one game from several
 *   threads, give each thread a bg_game_clone(). bg_last_error() is per
 *   thread; bg_game_error() is per handle and so follows a handle that
 *   moves between threads.
 *
 * @par Allocation
 *   A handle is made (bg_game_new(), _clone, _from_position, _from_record)
 *   with all the room the calls on moves use: the position, a list of
 *   bg_max_moves() moves, the game's work space and history for 256 plies
 *   (bg_memory() reports it). bg_legal_moves() (counting only, too),
 *   bg_random_move(), bg_play(), bg_playout() and bg_undo() then never
 *   allocate, except that the history grows geometrically when a game gets
 *   longer than any before it on that handle (which can fail with
 *   BG_ENOMEM). bg_max_moves() is a proven bound except in
 *   alquerque, turkish-draughts, fox-geese with fox_diagonals and
 *   leopards-cows with multi_jump, where it caps capture chains well above
 *   what random games reach (the most in 300,000 games of each: 259, 63
 *   and 546 moves; in 3,000,000 of leopards-cows: 5,872, against room for
 *   4,096, 1,024, 16,384 and 16,384): in a position with more,
 *   bg_legal_moves(), bg_random_move() and bg_playout() fail with
 *   BG_ENOMEM rather than give part of the list.
 *   Making handles and reading or writing text allocate. No function of
 *   the library takes more than 8 KiB of stack.
 *
 * @par Windows
 *   Built with MinGW-w64's gcc, the library is libboardgames-1.dll, which
 *   needs no DLL but Windows' own, with its import library
 *   libboardgames.dll.a; the functions are declared dllimport. A program
 *   that links the static library (default_library=static) defines
 *   BG_STATIC before including the headers, as pkg-config's flags for
 *   such a build do, and takes MinGW's POSIX threads with it (-pthread):
 *   linked with -static, or with libwinpthread-1.dll beside it.
 */
#ifndef BOARDGAMES_H
#define BOARDGAMES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @cond INTERNAL */
#if defined(_WIN32) && defined(BG_BUILDING)
#  define BG_API __declspec(dllexport)
#elif defined(_WIN32) && !defined(BG_STATIC)
#  define BG_API __declspec(dllimport)
#elif defined(__GNUC__)
#  define BG_API __attribute__((visibility("default")))
#else
#  define BG_API
#endif
/** @endcond */

/* ---- Version ------------------------------------------------------------ */

/** The major version this header belongs to: 1.x keeps every promise of
 * 1.0 (doc/api.md, "What 1.x promises"). */
#define BG_VERSION_MAJOR 1
/** The minor version: grows when functions or codes are added. */
#define BG_VERSION_MINOR 3
/** The patch version: fixes that change no interface. */
#define BG_VERSION_PATCH 4
/** The version as text, "MAJOR.MINOR.PATCH". */
#define BG_VERSION_STRING "1.3.4"
/** The version as one number: major * 10000 + minor * 100 + patch. */
#define BG_VERSION_NUMBER \
	(BG_VERSION_MAJOR * 10000 + BG_VERSION_MINOR * 100 + BG_VERSION_PATCH)

/** The version of the library at run time, "MAJOR.MINOR.PATCH". */
BG_API const char *bg_version(void);
/** The run-time version as BG_VERSION_NUMBER computes it. */
BG_API int bg_version_number(void);

/* ---- Errors ------------------------------------------------------------- */

/** Return codes: BG_OK or a negative error. New codes may be added in a
 * minor version; bg_strerror() names any of them. */
enum {
	BG_OK = 0,           /**< success */
	BG_EINVAL = -1,      /**< invalid argument: NULL, out of range */
	BG_ENOGAME = -2,     /**< unknown game name in a spec */
	BG_EOPTION = -3,     /**< unknown option key or bad option value */
	BG_EPARSE = -4,      /**< move text that does not parse on this board */
	BG_EILLEGAL = -5,    /**< a move that is not legal here */
	BG_EAMBIGUOUS = -6,  /**< move text that fits more than one legal move */
	BG_EBUFSIZE = -7,    /**< caller buffer too small; the size is reported */
	BG_ENOUNDO = -8,     /**< undo at the start of the history */
	BG_EGAMEOVER = -9,   /**< a move after the end of the game */
	BG_EFORMAT = -10,    /**< malformed position or record text */
	BG_ENOMEM = -11,     /**< out of memory */
	BG_EWRONGGAME = -12, /**< a game-specific query on another game */
	BG_ENOTSUP = -13     /**< the game does not offer this query */
};

/** Static English text for an error code; never NULL. */
BG_API const char *bg_strerror(int code);
/**
 * The detail of the last error in this thread, e.g.
 * "option 'size': 12 is not one of 8|10". Read it right after a call that
 * failed; it stays valid until the next library call in this thread.
 * Successful calls clear it, except the hot ones (bg_legal_moves, bg_play,
 * bg_undo and the plain getters), which leave it as it was.
 */
BG_API const char *bg_last_error(void);

/** A game: its rules, position and history. Opaque; made by bg_game_new()
 * and its siblings, freed by bg_game_free(). */
typedef struct bg_game bg_game;

/**
 * The detail of the most recent failed call on handle g, kept by the handle
 * (as sqlite3_errmsg() is by a connection), so that a caller whose threads
 * change between calls, or that made other library calls since, can still
 * read it. "" when no call on g has failed. Calls that succeed leave it as
 * it was. Owned by the handle, valid until the next failing call on g or
 * bg_game_free(). NULL g gives "".
 */
BG_API const char *bg_game_error(const bg_game *g);

/* ---- Catalogue ---------------------------------------------------------- */

/** Option value types. */
enum {
	BG_OPT_BOOL = 0, /**< "0" or "1" (also "true"/"false", or the bare key) */
	BG_OPT_INT = 1,  /**< a decimal integer: one of the listed numbers, in a
			      listed lo..hi range, or one of a few words */
	BG_OPT_ENUM = 2, /**< one word of a list */
	BG_OPT_TEXT = 3  /**< free text checked by the game (a size, a point) */
};

/** Number of games in the catalogue. */
BG_API size_t bg_catalog_count(void);
/** The canonical name of game i ("kutochki"), or NULL when i is out of range. */
BG_API const char *bg_catalog_name(size_t i);
/**
 * The title of game i in a language: lang "en" or "ru" (UTF-8). NULL when i
 * or lang is unknown.
 */
BG_API const char *bg_catalog_title(size_t i, const char *lang);
/** The k-th alias of game i ("corners"), or NULL past the last one. */
BG_API const char *bg_catalog_alias(size_t i, size_t k);
/** Number of options of game i (0 when i is out of range). */
BG_API size_t bg_catalog_option_count(size_t i);
/**
 * Describe option k of game i. Any out pointer may be NULL.
 *   - key:     "size"
 *   - type:    BG_OPT_*
 *   - def:     the default value as text ("8")
 *   - allowed: the allowed values: words, numbers and ranges joined by
 *              '|', e.g. "8|10" (an INT choice of numbers), "0..1000",
 *              "auto|0..200"; for BG_OPT_TEXT a pattern for people
 *              ("WxH, 3..52")
 *   - doc:     one line saying what it does
 *
 * A game's own options come first, then the standard options it has
 * (no_moves, repetition, max_plies), which have one type, allowed list and
 * meaning in every game (doc/api.md). Returns BG_EINVAL when i or k is out
 * of range.
 */
BG_API int bg_catalog_option(size_t i, size_t k, const char **key, int *type,
			     const char **def, const char **allowed,
			     const char **doc);
/** Index of a game by name or alias, or BG_ENOGAME (also for NULL). */
BG_API int bg_catalog_find(const char *name);

/* ---- Handles ------------------------------------------------------------ */

/**
 * Start a new game from a spec: "NAME" or "NAME:key=value,key=value".
 * Unknown names, unknown keys and bad values are errors (BG_ENOGAME,
 * BG_EOPTION); a bool option may be given as a bare key ("diagonal").
 * Deprecated spellings of option keys (doc/api.md) read as the new key
 * until 2.0. A spec is at most 511 characters (BG_EOPTION past that).
 * BG_EINVAL for NULL; BG_ENOMEM. On failure *out is NULL.
 */
BG_API int bg_game_new(bg_game **out, const char *spec);
/** Free a handle; NULL is a no-op. */
BG_API void bg_game_free(bg_game *g);
/** A deep copy that plays identically, history and undo included (and a
 * declared end). BG_EINVAL, BG_ENOMEM; on failure *out is NULL. */
BG_API int bg_game_clone(bg_game **out, const bg_game *g);
/**
 * Make dst the game src is, history and undo included (and a declared
 * end), into dst's own room: a handle of the same spec, reused, as search
 * and playouts do from a root. It allocates only when src's history is
 * longer than any dst held (then it grows as bg_play's does). BG_EINVAL
 * for NULL or handles of different specs (as bg_game_spec() writes them,
 * every option included); BG_ENOMEM. A failed call leaves dst as it was.
 * Since 1.2.
 */
BG_API int bg_game_copy(bg_game *dst, const bg_game *src);
/**
 * The canonical spec of the game: its canonical name, then the options that
 * differ from their defaults, in the order of the catalogue, with canonical
 * values ("kutochki:size=10,diagonal=1"). Owned by the handle.
 */
BG_API const char *bg_game_spec(const bg_game *g);
/** The canonical name of the game ("kutochki"). Static. Position and
 * record text write the full spec instead: every option named, defaults
 * included, so that a later version's defaults cannot change their
 * meaning. */
BG_API const char *bg_game_name(const bg_game *g);

/**
 * Memory, for sizing many handles: *handle gets the bytes the handle holds
 * on the heap now (its board tables, position, move list, work space and
 * history room), *per_ply the bytes each further ply of history takes once
 * the history outgrows its room. Either pointer may be NULL. BG_EINVAL for
 * a NULL handle.
 */
BG_API int bg_memory(const bg_game *g, size_t *handle, size_t *per_ply);

/* ---- Board description -------------------------------------------------- */

/** How a board is drawn. */
enum {
	BG_BOARD_CELLS = 0,         /**< pieces stand in the cells of a grid */
	BG_BOARD_INTERSECTIONS = 1, /**< pieces stand on the crossings of grid lines */
	BG_BOARD_LINES = 2          /**< points joined by the lines bg_line_* lists */
};

/** Line styles. */
enum {
	BG_LINE_SOLID = 0, /**< a line pieces move along */
	BG_LINE_DASHED = 1 /**< a line only some moves use (the fox's diagonals) */
};

/** Point marks (a bit set). */
enum {
	BG_MARK_HOME0 = 1 << 0,  /**< a starting home / camp of seat 0 */
	BG_MARK_HOME1 = 1 << 1,  /**< a starting home / camp of seat 1 */
	BG_MARK_SPECIAL = 1 << 2 /**< a point the rules treat apart (a centre) */
};

/** Piece kinds reported by bg_point_piece(). */
enum {
	BG_PIECE_NONE = 0, /**< empty point */
	BG_PIECE_MAN = 1,  /**< an ordinary piece (dot, goose, sheep, man) */
	BG_PIECE_KING = 2, /**< a promoted or stronger piece (king, wolf, fox) */
	BG_PIECE_DEAD = 3  /**< a captured point or dead cell (Dots); the seat
			         is its owner */
};

/** How the board is drawn: a BG_BOARD_* kind, or BG_EINVAL for NULL. */
BG_API int bg_board_kind(const bg_game *g);
/** Drawing frame: coordinates run 0..width-1 and 0..height-1. BG_EINVAL
 * for a NULL argument. */
BG_API int bg_board_size(const bg_game *g, int *width, int *height);
/** The number of points; they are numbered 0 .. count-1. */
BG_API size_t bg_point_count(const bg_game *g);
/**
 * Drawing coordinates of point p: x to the right, y upwards from the bottom
 * edge, on the frame of bg_board_size(). The point's name is made from them:
 * file letters from x (a, b, ..., z, aa, ab, ...) and rank y+1. BG_EINVAL
 * for a point off the board or a NULL argument.
 */
BG_API int bg_point_coords(const bg_game *g, int p, int *x, int *y);
/** The name of point p ("e4") into buf, as the conventions say for text
 * output (BG_POINT_NAME_MAX always fits). BG_EINVAL for a point off the
 * board. */
BG_API int bg_point_name(const bg_game *g, int p, char *buf, size_t cap,
			 size_t *len);
/** The point with a name: BG_EPARSE when the board has none; BG_EINVAL
 * for NULL. */
BG_API int bg_point_find(const bg_game *g, const char *name, int *p);
/** The BG_MARK_* bits of point p (0 for none), or BG_EINVAL. */
BG_API int bg_point_marks(const bg_game *g, int p);
/** The piece on point p: its seat (-1 for none) and BG_PIECE_* kind; either
 * pointer may be NULL. BG_EINVAL for a point off the board. */
BG_API int bg_point_piece(const bg_game *g, int p, int *seat, int *kind);
/** Number of drawn lines (line boards; 0 on grid boards). */
BG_API size_t bg_line_count(const bg_game *g);
/** Line i: its BG_LINE_* style and number of points (either pointer may be
 * NULL). BG_EINVAL when there is no line i. */
BG_API int bg_line_info(const bg_game *g, size_t i, int *style, size_t *npoints);
/** The k-th point of line i, in order along the line. BG_EINVAL when there
 * is no such point. */
BG_API int bg_line_point(const bg_game *g, size_t i, size_t k, int *p);

/** Flags of bg_board_text(). */
enum {
	/** Turned half round: rank 1 at the top, the last file on the left,
	 * for the player whose pieces start at the top of the frame. */
	BG_DRAW_FLIP = 1 << 0,
	/** First a line saying what the letters mean ("w White, b Black;
	 * ..."). */
	BG_DRAW_LEGEND = 1 << 1
};

/**
 * The board as text for a terminal, as bgplay draws it: ranks numbered on
 * the left, files lettered below, one character a point. Cell boards are a
 * grid ('.' an empty cell); line boards show the points and their lines
 * ('+' an empty point, '-' '|' '/' '\' solid lines, '.' ':' dashed ones);
 * Dots shows its rings and captured dots ('x'), two ring edges crossing
 * between points as 'X'. A piece is the first
 * letter of its seat's name (w and b when those clash), a capital for a
 * BG_PIECE_KING. Lines end in '\n'. Output as the conventions say for
 * text; BG_EINVAL for NULL or an unknown flag, BG_ENOMEM.
 */
BG_API int bg_board_text(const bg_game *g, unsigned flags, char *buf,
			 size_t cap, size_t *len);

/* ---- Moves -------------------------------------------------------------- */

/** Move kinds. */
enum {
	BG_MOVE_PASS = 0,    /**< no points */
	BG_MOVE_PLACE = 1,   /**< path = the point(s) placed on, in order */
	BG_MOVE_STEP = 2,    /**< path = from, to (a step or a slide) */
	BG_MOVE_JUMP = 3,    /**< path = from, landing points (nothing taken) */
	BG_MOVE_CAPTURE = 4, /**< path = from, landing points (pieces taken) */
	BG_MOVE_GROUND = 5   /**< Dots: ground and end the game; no points */
};

/** The most points a move holds: its path and its removals. */
#define BG_MOVE_MAX_POINTS 34

/** A move flag a game may use (Dots: close under the territory rules). */
#define BG_MOVE_FLAG_MARK 1

/** Room for the text of any move, its NUL included (bg_move_to_text()). */
#define BG_MOVE_TEXT_MAX 256
/** Room for the name of any point, its NUL included (bg_point_name()). */
#define BG_POINT_NAME_MAX 8

/**
 * A move: a 72-byte value, compared with bg_move_equal().
 *   - kind:    BG_MOVE_*
 *   - npath:   points in the path: pts[0 .. npath-1]
 *   - nremove: removals chosen by the mover (mill, bolotudu):
 *              pts[npath .. npath+nremove-1]
 *   - flags:   game-specific bits, said on the game's page (0 elsewhere);
 *              BG_MOVE_FLAG_MARK is written as a trailing '!' in move text
 *
 * Unused entries of pts are 0, so two equal moves are equal byte for byte.
 * A jump chain longer than the array holds (which needs a contrived board)
 * keeps only its first and last point.
 *
 * Every move a caller hands in (bg_play(), bg_move_to_text()) is checked
 * for its shape before any game sees it. Malformed, BG_EINVAL: a kind
 * beyond BG_MOVE_GROUND, npath + nremove over BG_MOVE_MAX_POINTS, a pass or
 * ground with points, a placement without a point, a step, jump or capture
 * with fewer than two, a nonzero unused entry of pts, a flag bit that no
 * game defines. Well formed but not a move of this game, BG_EILLEGAL (in
 * bg_play()): a point off the board, a flag the game does not use.
 */
typedef struct bg_move {
	uint8_t kind;    /**< BG_MOVE_* */
	uint8_t npath;   /**< points in the path */
	uint8_t nremove; /**< removals after the path */
	uint8_t flags;   /**< BG_MOVE_FLAG_* bits */
	uint16_t pts[BG_MOVE_MAX_POINTS]; /**< path, then removals, then 0 */
} bg_move;

/** Nonzero when a and b are the same move; 0 when either is NULL. */
BG_API int bg_move_equal(const bg_move *a, const bg_move *b);

/**
 * The legal moves of the side to move, written into buf[0..cap-1]; *n gets
 * their number. Entries past the *n-th may be written too (a game may
 * write candidates there first). With buf NULL and cap 0 only the number
 * is reported. When cap is too small: BG_EBUFSIZE and *n = the number
 * needed. After the end of the game the list is empty. The order is
 * deterministic and documented on each game's page; moves that reach the
 * same position are listed once. BG_EINVAL for NULL g or n, or buf NULL
 * with cap > 0. Makes no allocation.
 */
BG_API int bg_legal_moves(const bg_game *g, bg_move *buf, size_t cap,
			  size_t *n);
/** An upper bound on the number of legal moves in any position of g. */
BG_API size_t bg_max_moves(const bg_game *g);
/**
 * The legal moves that start at point `from` and end at point `to`, as
 * bg_legal_moves() lists them and in its order; -1 for either means any
 * point. A move starts at its first path point and ends at its last
 * (a placement at its first and last point placed; pass and ground have
 * neither and match only -1, -1). For a GUI that highlights the moves of
 * the piece under the cursor. BG_EINVAL for a point off the board.
 */
BG_API int bg_legal_moves_at(const bg_game *g, int from, int to, bg_move *buf,
			     size_t cap, size_t *n);
/**
 * The move as text: "e2-e4", "c1-c3-e3", "c3xe5xg3", "c3", "c3,e5",
 * "a4-a5xd7", "pass", "ground". Jump and capture chains give every landing
 * point. Works for any well-formed move that fits the board, legal or not;
 * BG_EINVAL for a malformed move (see bg_move) or a point off the board.
 * BG_MOVE_TEXT_MAX always fits.
 */
BG_API int bg_move_to_text(const bg_game *g, const bg_move *m, char *buf,
			   size_t cap, size_t *len);
/**
 * Read a move in the current position. Accepted: the text bg_move_to_text()
 * writes, any other path the game accepts for the same move, or only the
 * first and last point when that fits one legal move. Errors: BG_EINVAL
 * (NULL), BG_EPARSE (not a move on this board; a point name the board
 * lacks is named: "z9 is not a point of this board"), BG_EILLEGAL,
 * BG_EAMBIGUOUS (text that fits several moves, or a legal move's path
 * without the pieces it must remove: "g1 makes a mill: name the piece to
 * remove, e.g. g1xf6"), BG_EGAMEOVER.
 */
BG_API int bg_move_from_text(const bg_game *g, const char *text, bg_move *out);

/**
 * A legal move drawn uniformly at random, for playouts: some games draw it
 * without listing every move. *rng is the caller's generator state (any
 * value), advanced by the call; the same state gives the same move on every
 * platform. BG_EGAMEOVER after the end; BG_EINVAL for NULL.
 */
BG_API int bg_random_move(const bg_game *g, uint64_t *rng, bg_move *out);

/** Play a legal move. BG_EINVAL (NULL, a malformed move: see bg_move),
 * BG_EILLEGAL, BG_EGAMEOVER and BG_ENOMEM change nothing. A move played in
 * place from the buffer of the last bg_legal_moves() call, unchanged and in
 * the position it was listed in, is taken without checking it again (for
 * lists of up to 128 moves); any other move is checked in full. */
BG_API int bg_play(bg_game *g, const bg_move *m);
/**
 * Play random moves, each drawn as bg_random_move() draws it from *rng,
 * until the game ends or max_plies moves are made; *plies (may be NULL) gets
 * the number made. They stand in the history like any move: bg_undo() takes
 * them back one at a time. The fast path for playouts and benchmarks: the
 * drawn moves are not checked again. BG_EINVAL for NULL g or rng;
 * BG_ENOMEM (the history could not grow) takes back what the call played.
 */
BG_API int bg_playout(bg_game *g, uint64_t *rng, uint32_t max_plies,
		      uint32_t *plies);
/** bg_move_from_text() then bg_play(), with the errors of both. */
BG_API int bg_play_text(bg_game *g, const char *text);
/** Take back the last move; BG_ENOUNDO at the start of the history. After
 * a declared end (bg_resign(), bg_agree_draw(), bg_declare_result()) it
 * takes back the declaration first, and the game goes on. */
BG_API int bg_undo(bg_game *g);
/** The seat to move (0 or 1); after the end, the seat that would move.
 * BG_EINVAL for NULL. */
BG_API int bg_to_move(const bg_game *g);
/** Number of plies played since the start (or since the loaded position's
 * own ply number). */
BG_API uint32_t bg_ply(const bg_game *g);
/** Number of plies that bg_undo() can take back. */
BG_API uint32_t bg_history_length(const bg_game *g);
/** The i-th move of the history (0 = the first one played on this handle,
 * or since its loaded position). BG_EINVAL when i is past the end. */
BG_API int bg_history_move(const bg_game *g, uint32_t i, bg_move *m);

/** What a move did besides moving: bg_move_effects() kinds. */
enum {
	BG_EFFECT_CAPTURE = 1, /**< an opponent's piece taken or removed
				    (Dots: a point enclosed) */
	BG_EFFECT_PROMOTE = 2  /**< the mover's piece promoted (a new king) */
};

/** One effect of a move: the point and what happened there. */
typedef struct bg_effect {
	int point; /**< the point */
	int kind;  /**< BG_EFFECT_* */
} bg_effect;

/**
 * The effects of the i-th move of the history (as bg_history_move() counts):
 * the points whose pieces it captured or removed, and the pieces it
 * promoted, by point, so a GUI can animate a move without comparing
 * boards. Found from the pieces (bg_point_piece()) before and after the
 * move: a point held by the opponent that no longer is, a point of the
 * mover whose man became a king. Output as for bg_legal_moves(); the
 * order is by point. Not for hot loops: it replays history in scratch
 * memory (BG_ENOMEM). BG_EINVAL when i is past the end.
 */
BG_API int bg_move_effects(const bg_game *g, uint32_t i, bg_effect *buf,
			   size_t cap, size_t *n);
/** The name of a seat for people ("White", "Wolf"); static. NULL for a
 * NULL handle or a seat other than 0, 1. */
BG_API const char *bg_seat_name(const bg_game *g, int seat);

/* ---- Outcome ------------------------------------------------------------ */

/** The status bg_outcome() reports. */
enum {
	BG_ONGOING = 0, /**< the game goes on */
	BG_WIN = 1,     /**< a seat won */
	BG_DRAW = 2     /**< drawn */
};

/** Why a game ended. */
enum {
	BG_REASON_NONE = 0,
	BG_REASON_GOAL = 1,        /**< goal reached (home filled, line made) */
	BG_REASON_NO_MOVES = 2,    /**< the side to move cannot move */
	BG_REASON_PIECES = 3,      /**< too few pieces left */
	BG_REASON_LEAVE_HOME = 4,  /**< Corners: home not left in time */
	BG_REASON_TEMPO = 5,       /**< Corners: tempo-number check */
	BG_REASON_MOVE_LIMIT = 6,  /**< the ply limit of the options */
	BG_REASON_REPETITION = 7,  /**< a position repeated */
	BG_REASON_GROUNDING = 8,   /**< Dots: a side grounded */
	BG_REASON_MARGIN = 9,      /**< Dots: early victory by score margin */
	BG_REASON_NO_POINTS = 10,  /**< Dots: no legal point left */
	BG_REASON_PASSES = 11,     /**< two passes in a row */
	BG_REASON_SEPARATED = 12,  /**< the armies can no longer meet */
	BG_REASON_MATERIAL = 13,   /**< too little material for anyone to win */
	BG_REASON_RESIGNATION = 14, /**< a side resigned (bg_resign()) */
	BG_REASON_AGREEMENT = 15,  /**< a draw agreed (bg_agree_draw()) */
	BG_REASON_TIME = 16,       /**< a side lost on time (bg_declare_result()) */
	BG_REASON_ADJUDICATION = 17 /**< decided by an arbiter (bg_declare_result()) */
};

/** The number of reason codes of this library: codes run 0 .. count-1.
 * A function, not a macro, since later versions may add reasons. */
BG_API int bg_reason_count(void);

/**
 * The state of the game: *status BG_ONGOING, BG_WIN or BG_DRAW; *winner the
 * winning seat or -1; *reason a BG_REASON_* code. Any out pointer may be
 * NULL. BG_EINVAL for a NULL handle.
 */
BG_API int bg_outcome(const bg_game *g, int *status, int *winner, int *reason);
/** A short name for a reason code ("leave-home"); "?" when unknown. */
BG_API const char *bg_reason_name(int reason);
/** The score of a seat as the game counts it (its page says how).
 * BG_ENOTSUP (and *score 0) for a game that keeps no score; BG_EINVAL for
 * NULL or a seat other than 0, 1. */
BG_API int bg_score(const bg_game *g, int seat, double *score);

/**
 * End the game by a decision outside the rules: `seat` resigns and the
 * other seat wins (BG_REASON_RESIGNATION). BG_EGAMEOVER when the game is
 * already over; BG_EINVAL for a seat other than 0, 1. The record writes it
 * (a Termination tag) and reads it back; bg_undo() takes it back.
 */
BG_API int bg_resign(bg_game *g, int seat);
/** End the game as a draw both sides agreed (BG_REASON_AGREEMENT); as
 * bg_resign() otherwise. */
BG_API int bg_agree_draw(bg_game *g);
/**
 * End the game with a result the moves do not give: status BG_WIN (winner
 * 0 or 1) or BG_DRAW (winner -1), for a reason among
 * BG_REASON_RESIGNATION, BG_REASON_AGREEMENT, BG_REASON_TIME and
 * BG_REASON_ADJUDICATION (BG_EINVAL for any other, or a resignation or
 * time loss that is a draw, or an agreement that is not). As bg_resign()
 * otherwise.
 */
BG_API int bg_declare_result(bg_game *g, int status, int winner, int reason);

/**
 * A quick estimate of how well `seat` stands, in [0, 1]: 0.5 even, towards
 * 1 better for seat, towards 0 worse; the two seats' values add up to 1.
 * Once the game is over it is the result: 1 won, 0 lost, 0.5 drawn. Made
 * for search (cutting random playouts short, ordering moves), not a
 * prediction: each game's page says what it weighs (so far Corners and
 * Halma: tempo numbers and pieces left at home; fox and geese, leopards
 * and cows: material and the hunters' room; hasami shogi: material, open
 * lines and what the side to move takes at once). While the game goes on, a
 * game that knows no measure better than chance returns BG_ENOTSUP and sets
 * *value to 0.5. BG_EINVAL for a NULL pointer or a seat other than 0, 1.
 */
BG_API int bg_evaluate(const bg_game *g, int seat, double *value);

/* ---- Hash --------------------------------------------------------------- */

/**
 * A 64-bit Zobrist hash of the position key: board, side to move, phase,
 * pieces in hand and any state that changes the legal moves; not the ply
 * number nor counters. Fixed keys: the same on every platform and run.
 */
BG_API uint64_t bg_hash(const bg_game *g);

/* ---- Position and record text ------------------------------------------- */

/**
 * The position as one line of text: "SPEC BOARD... PLY", the game's part in
 * the middle (its page says how), the spec naming every option. An end
 * declared outside the rules (bg_resign() ...) is not part of a position:
 * the record keeps it. Output as the conventions say for text; BG_EINVAL
 * for NULL.
 */
BG_API int bg_position_text(const bg_game *g, char *buf, size_t cap,
			    size_t *len);
/**
 * A game from a position text: it behaves as the game it was written from,
 * but starts with an empty history (so a repetition before it is not
 * known). Any spec the library reads is accepted, short or full. BG_EFORMAT
 * for malformed text, BG_ENOGAME / BG_EOPTION for its spec, BG_EINVAL for
 * NULL, BG_ENOMEM. On failure *out is NULL.
 */
BG_API int bg_game_from_position(bg_game **out, const char *text);

/**
 * The record of the game, PGN-like:
 * @code{.unparsed}
 *   [Game "kutochki:size=10,layout=triangle,diagonal=0,rules=gambiter,leave_home=auto,tempo_check=auto"]
 *   [Position "..."]            (only when it did not start at the start)
 *   [Result "1-0"]              (1-0, 0-1, 1/2-1/2 or *)
 *   [Reason "leave-home"]       (only when the game is over)
 *
 *   1. e1-d1 d8-e8 2. ... 1-0
 * @endcode
 * The Game tag names every option. An end declared outside the rules adds
 * `[Termination "resignation"]` ("agreement", "time forfeit",
 * "adjudication"). Output as the conventions say for text; BG_EINVAL for
 * NULL, BG_ENOMEM.
 */
BG_API int bg_record_text(const bg_game *g, char *buf, size_t cap,
			  size_t *len);
/**
 * A game from a record: the moves are replayed from the start or from the
 * Position tag. Brace comments and unknown tags are skipped. A result in
 * the text that disagrees with the replay is BG_EFORMAT, unless a
 * Termination tag declares it (the moves must then leave the game going
 * on). BG_EFORMAT also for a move that is not legal (the detail names it),
 * BG_ENOGAME / BG_EOPTION for the Game tag, BG_EINVAL for NULL,
 * BG_ENOMEM. On failure *out is NULL.
 */
BG_API int bg_game_from_record(bg_game **out, const char *text);

/* ---- Pictures ----------------------------------------------------------- */

/** bg_board_svg() flags: what the picture shows besides board and pieces. */
enum {
	BG_SVG_COORDS = 1 << 0,    /**< file letters below, rank numbers left */
	BG_SVG_LAST_MOVE = 1 << 1, /**< the last move of the history: its path,
				        and a cross on what it took */
	BG_SVG_STATUS = 1 << 2     /**< a line below the board: the side to
				        move, or the result and its reason */
};

/** The version of struct bg_svg_options this header describes. */
#define BG_SVG_OPTIONS_VERSION 1

/**
 * What bg_board_svg() draws, besides the board and its pieces. Start from
 * BG_SVG_OPTIONS_INIT so that fields added later get their defaults.
 */
typedef struct bg_svg_options {
	unsigned int version; /**< BG_SVG_OPTIONS_VERSION */
	unsigned int flags;   /**< BG_SVG_* bits */
	/** The picture's width in pixels (its width attribute), at most
	 * 100000; the board keeps its proportions and is centred. 0 takes it
	 * from the height and the board's proportions, or 480 when both are
	 * 0. */
	int width;
	int height;           /**< the height likewise; 0 from the width */
	int selected;       /**< a point to ring as the chosen piece, or -1 */
	const int *targets; /**< points to mark as legal targets (may be NULL
			         when ntargets is 0) */
	size_t ntargets;    /**< the number of targets */
} bg_svg_options;

/** The defaults: coordinates, the last move and the status line; 480
 * pixels wide; nothing chosen, no targets. */
#define BG_SVG_OPTIONS_INIT                                              \
	{ BG_SVG_OPTIONS_VERSION, BG_SVG_COORDS | BG_SVG_LAST_MOVE |     \
	  BG_SVG_STATUS, 0, 0, -1, NULL, 0 }

/**
 * An SVG picture of the position, drawn from the board description above
 * alone (and, for Dots, its rings and captured points from
 * <boardgames/tochki.h>): the cells, lines (dashed ones dashed) or grid;
 * homes and camps tinted in their seat's colour, special points ringed;
 * the pieces in their seat's colour (White, Red, ... by the seat's name;
 * otherwise light for seat 0, dark for seat 1), kings with an inner ring;
 * Dots' captured areas filled in the capturer's colour inside their rings,
 * captured dots faded. opts NULL means BG_SVG_OPTIONS_INIT. The text is a
 * standalone SVG 1.1 document, the same on every platform, written as the
 * conventions say for text (buf NULL, cap 0: a size query). Each point's
 * element carries its name (data-point="e4"), for pages that take clicks.
 * BG_EINVAL for a NULL game, an options version other than
 * BG_SVG_OPTIONS_VERSION, an unknown flag, a size out of range, a
 * selected or target point off the board, or targets NULL with ntargets
 * > 0; BG_ENOMEM; BG_EBUFSIZE. Since 1.1.
 */
BG_API int bg_board_svg(const bg_game *g, const bg_svg_options *opts,
			char *buf, size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* BOARDGAMES_H */
