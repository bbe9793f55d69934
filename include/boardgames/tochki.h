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
 * handle. The file's SZ, AB and AW replace the spec's field size and start
 * position; the first moving colour becomes seat 0. Chains written after a
 * move ("B[ab.bcca...]") are checked against the rings the move draws; a
 * chain that is not one of them is an error. The SGF dialect is described
 * in doc/sgf.md.
 *
 * @param out   receives the new game, which the caller frees with
 *              bg_game_free(); set only on success
 * @param sgf   the record, a NUL-terminated string
 * @param spec  a "tochki" spec giving the rule options, or NULL for
 *              "tochki"
 * @return BG_OK; BG_EINVAL when out or sgf is NULL; BG_ENOGAME or
 *         BG_EOPTION for a bad spec; BG_EWRONGGAME when spec names another
 *         game; BG_EFORMAT when the record is malformed, is not GM[40], has
 *         coordinates off the field, a chain that the move does not draw or
 *         an illegal move (the message names the move); BG_ENOMEM.
 */
BG_API int bg_tochki_from_sgf(bg_game **out, const char *sgf,
			      const char *spec);

/**
 * The game as an SGF record: GM[40], FF[4], SZ, AB/AW for the start
 * position, one node per move with the rings it drew, RE when the game is
 * over. The text follows the buffer conventions of boardgames.h.
 *
 * @param g    a "tochki" game
 * @param buf  receives the record and its terminating NUL; may be NULL
 *             when cap is 0
 * @param cap  the size of buf in bytes
 * @param len  receives the record's length without the NUL, also on
 *             BG_EBUFSIZE; may be NULL
 * @return BG_OK; BG_EINVAL when g is NULL, buf is NULL with cap > 0, or
 *         the start position holds captured points or dead points, which
 *         SGF cannot express; BG_EWRONGGAME when g is another game;
 *         BG_EBUFSIZE when cap is too small; BG_ENOMEM.
 */
BG_API int bg_tochki_sgf(const bg_game *g, char *buf, size_t cap,
			 size_t *len);

#ifdef __cplusplus
}
#endif

#endif
