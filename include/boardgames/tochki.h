/**
 * @file
 * Tochki (Dots): queries of its own and SGF (GM[40]) records.
 * See doc/games/tochki.md for the rules as implemented and doc/sgf.md for
 * the SGF dialect.
 */
#ifndef BOARDGAMES_TOCHKI_H
#define BOARDGAMES_TOCHKI_H

#include <boardgames/boardgames.h>

#ifdef __cplusplus
extern "C" {
#endif

/** What stands on a point: the *state of bg_tochki_point(). */
enum {
	BG_TOCHKI_EMPTY = 0, /**< a free point: playable */
	BG_TOCHKI_DEAD = 1,  /**< an empty point inside a captured area */
	BG_TOCHKI_POINT = 2  /**< a placed point (live, or captured) */
};

/**
 * The state of point p. A point is live when its owner is its colour and
 * captured when the other seat owns it. On success the error state is
 * cleared.
 *
 * @param g      a "tochki" game
 * @param p      a point, 0 .. bg_point_count(g) - 1
 * @param state  receives a BG_TOCHKI_* value; may be NULL
 * @param color  receives the seat whose point it is, -1 unless
 *               BG_TOCHKI_POINT; may be NULL
 * @param owner  receives the seat holding it: the colour for a live point,
 *               the capturer for a captured point or a dead empty point,
 *               -1 for a free point; may be NULL
 * @return BG_OK; BG_EINVAL when g is NULL or p is not a point of the field;
 *         BG_EWRONGGAME when g is another game. The out values are untouched
 *         on error.
 */
BG_API int bg_tochki_point(const bg_game *g, int p, int *state, int *color,
			   int *owner);

/**
 * Whether point p is grounded: owned by a seat (its live point, a point it
 * captured, or a dead point of its area) and joined to the field's edge
 * through cells of the same owner, orthogonally; the edge points themselves
 * count as joined. Diagonal contact does not ground, and the empty points
 * of a house are owned by nobody. See "Grounding" in doc/games/tochki.md.
 *
 * @param g  a "tochki" game
 * @param p  a point, 0 .. bg_point_count(g) - 1
 * @return 1 when grounded; 0 when not, or when nobody owns p; BG_EINVAL
 *         when g is NULL or p is not a point of the field; BG_EWRONGGAME
 *         when g is another game.
 */
BG_API int bg_tochki_grounded(const bg_game *g, int p);

/**
 * The number of enclosure rings drawn so far. Every capture records its
 * ring, in the order of play; bg_undo() removes them again. A ring of an
 * area later captured by the other side stays in the list (GUIs usually
 * keep drawing it).
 *
 * @param g  a "tochki" game
 * @return the number of rings (>= 0); BG_EINVAL when g is NULL;
 *         BG_EWRONGGAME when g is another game.
 */
BG_API int bg_tochki_ring_count(const bg_game *g);

/**
 * Ring i: its points in order around the area, each consecutive pair (the
 * last and the first included) one step apart in one of the 8 directions.
 * A minimal ring runs clockwise as printed, from the point above its area's
 * top-left point; an explicit chain (free_enclosure) in the player's order.
 *
 * @param g      a "tochki" game
 * @param i      the ring, 0 (the oldest) .. bg_tochki_ring_count(g) - 1
 * @param pts    receives the points, pts[0 .. *n - 1]; may be NULL when cap
 *               is 0
 * @param cap    the room in pts, in points
 * @param n      receives the ring's number of points, also on BG_EBUFSIZE
 * @param owner  receives the seat that drew the ring; may be NULL
 * @return BG_OK; BG_EINVAL when g or n is NULL, pts is NULL with cap > 0,
 *         or there is no ring i; BG_EWRONGGAME when g is another game;
 *         BG_EBUFSIZE when cap is smaller than the ring (*n and *owner are
 *         set, pts is not written).
 */
BG_API int bg_tochki_ring(const bg_game *g, int i, int *pts, size_t cap,
			  size_t *n, int *owner);

/**
 * Read an SGF record of a Dots game (GM[40]) and replay it into a new
 * handle: the first game of the file, warnings dropped. The same as
 * bg_tochki_from_sgf_ex() with index 0 and no warning buffer; use that one
 * to read the other games of a collection and to learn what the reader
 * had to bend. The dialects read are described in doc/sgf.md.
 *
 * @param out   receives the new game, which the caller frees with
 *              bg_game_free(); NULL on failure
 * @param sgf   the record, a NUL-terminated string
 * @param spec  a "tochki" spec giving the rule options, or NULL for
 *              "tochki"
 * @return as bg_tochki_from_sgf_ex()
 */
BG_API int bg_tochki_from_sgf(bg_game **out, const char *sgf,
			      const char *spec);

/**
 * Read game `index` of an SGF collection of Dots games (GM[40]) and replay
 * its main line into a new handle. The file's SZ, AB and AW replace the
 * spec's field size and start position, and the options its RU names
 * (zagram's flags, KataGo's rule string) replace the spec's; the spec gives
 * the rest. Seat 0 is the colour of the first move, or B when the root has
 * PL. A colour may play several times running; chains written after a
 * move ("W[ab.bcca...]") are advisory: the captures are the rules'. A
 * result in RE that the moves leave open (resignation, time, forfeit, a
 * draw) becomes a declared result (bg_declare_result()).
 *
 * Everything the reader had to bend is a warning: a chain that is not a
 * ring the move draws, a rule flag the library lacks (the game is read
 * under the nearest rules), a result that disagrees with the moves, moves
 * after the end, variations not read, ... One line per warning, each
 * ending in '\n', naming the node (the root is node 0). They go into warn
 * as the buffer conventions of boardgames.h say, with one difference: the
 * game is read even when they do not fit, so a warning list cut short is
 * not an error (compare *len with cap). On failure warn holds the
 * warnings met before the error.
 *
 * @param out    receives the new game, which the caller frees with
 *               bg_game_free(); NULL on failure
 * @param sgf    the file, a NUL-terminated string: one game tree or a
 *               collection of them
 * @param spec   a "tochki" spec giving the rule options, or NULL for
 *               "tochki"
 * @param index  the game of the collection, 0 for the first (see
 *               bg_tochki_sgf_count())
 * @param warn   receives the warnings and a NUL; may be NULL when cap is 0
 * @param cap    the size of warn in bytes
 * @param len    receives the length of the warnings without the NUL, 0
 *               for none; may be NULL
 * @return BG_OK; BG_EINVAL when out or sgf is NULL, or warn is NULL with
 *         cap > 0; BG_ENOGAME or BG_EOPTION for a bad spec or a bad rule
 *         value in the file; BG_EWRONGGAME when spec names another game;
 *         BG_EFORMAT when the file has no game `index`, is cut short or
 *         malformed, is not GM[40], has a bad size, coordinates that are
 *         not a point or are off the field, or a move on an occupied or
 *         dead point (the message names the node: "SGF node 7 B[bc]: ...");
 *         BG_ENOMEM.
 */
BG_API int bg_tochki_from_sgf_ex(bg_game **out, const char *sgf,
				 const char *spec, size_t index, char *warn,
				 size_t cap, size_t *len);

/**
 * The number of game trees in an SGF file (a collection "(;...)(;...)"
 * holds several). Text after the last tree is ignored. On success the
 * error state is cleared.
 *
 * @param sgf  the file, a NUL-terminated string
 * @param n    receives the number of games (>= 1)
 * @return BG_OK; BG_EINVAL when sgf or n is NULL; BG_EFORMAT when the text
 *         does not start with a game tree or a tree is not closed.
 */
BG_API int bg_tochki_sgf_count(const char *sgf, size_t *n);

/**
 * The game information of game `index` of an SGF file: the root's
 * properties other than those bg_tochki_sgf_ex() writes from the game (GM,
 * FF, CA, SZ, AP, RU, RE, AB, AW, AE, PL) and the per-move ones (B, W, GR,
 * BL, WL, OB, OW, KO, MN), as SGF text ("PB[Anna]PW[Boris]DT[2021-01-18]
 * TM[600]..."), ready to be handed to bg_tochki_sgf_ex(). The text follows
 * the buffer conventions of boardgames.h.
 *
 * @param sgf    the file, a NUL-terminated string
 * @param index  the game of the collection, 0 for the first
 * @param buf    receives the text and its NUL; may be NULL when cap is 0
 * @param cap    the size of buf in bytes
 * @param len    receives the text's length without the NUL, also on
 *               BG_EBUFSIZE; may be NULL
 * @return BG_OK; BG_EINVAL when sgf is NULL or buf is NULL with cap > 0;
 *         BG_EFORMAT when the file has no game `index` or is malformed;
 *         BG_EBUFSIZE when cap is too small; BG_ENOMEM.
 */
BG_API int bg_tochki_sgf_info(const char *sgf, size_t index, char *buf,
			      size_t cap, size_t *len);

/**
 * The game as an SGF record, as bg_tochki_sgf_ex() writes it without
 * game information.
 *
 * @param g    a "tochki" game
 * @param buf  receives the record and its terminating NUL; may be NULL
 *             when cap is 0
 * @param cap  the size of buf in bytes
 * @param len  receives the record's length without the NUL, also on
 *             BG_EBUFSIZE; may be NULL
 * @return as bg_tochki_sgf_ex()
 */
BG_API int bg_tochki_sgf(const bg_game *g, char *buf, size_t cap,
			 size_t *len);

/**
 * The game as an SGF record that zagram.org, oppai and KataGo's Dots fork
 * read: GM[40], FF[4], SZ, RU in zagram's form for the spec's options,
 * the game information `info`, RE when the game is over (B+R / W+T for a
 * resignation or time loss), AB/AW for the start position (seat 0 is B),
 * PL[W] when seat 1 moves first, then one node per move with the rings it
 * drew, each from the move's point and closed by repeating it (zagram's
 * form). The text follows the buffer conventions of boardgames.h. Reading
 * it back with bg_tochki_from_sgf_ex() gives the same game with no
 * warning.
 *
 * @param g     a "tochki" game
 * @param info  game-information properties to write in the root, as
 *              bg_tochki_sgf_info() gives them ("PB[Anna]DT[2024-05-01]"),
 *              or NULL
 * @param buf   receives the record and its terminating NUL; may be NULL
 *              when cap is 0
 * @param cap   the size of buf in bytes
 * @param len   receives the record's length without the NUL, also on
 *              BG_EBUFSIZE; may be NULL
 * @return BG_OK; BG_EINVAL when g is NULL, buf is NULL with cap > 0, info
 *         is not a list of game-information properties, or the start
 *         position holds captured points or dead points, which SGF cannot
 *         express; BG_EWRONGGAME when g is another game; BG_EBUFSIZE when
 *         cap is too small; BG_ENOMEM.
 */
BG_API int bg_tochki_sgf_ex(const bg_game *g, const char *info, char *buf,
			    size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
