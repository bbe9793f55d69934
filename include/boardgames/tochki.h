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

/** What stands on a point (bg_tochki_point). */
enum {
	BG_TOCHKI_EMPTY = 0, /**< a free point: playable */
	BG_TOCHKI_DEAD = 1,  /**< an empty point inside a captured area */
	BG_TOCHKI_POINT = 2  /**< a placed point (live, or captured) */
};

/**
 * The state of point p: *state a BG_TOCHKI_* value; *color the seat whose
 * point it is (-1 unless a point); *owner the seat holding it (the colour
 * for a live point, the capturer for a captured point or a dead empty
 * point; -1 for an empty point). A point is live when owner == color. Any
 * out pointer may be NULL. BG_EWRONGGAME for another game, BG_EINVAL for a
 * bad point.
 */
BG_API int bg_tochki_point(const bg_game *g, int p, int *state, int *color,
			   int *owner);

/**
 * 1 when point p is grounded (tochki.md B3: owned by a seat and joined to
 * the field's edge through cells of the same owner, orthogonally), 0 when
 * not (or nobody owns it); a negative BG_E* code on error.
 */
BG_API int bg_tochki_grounded(const bg_game *g, int p);

/**
 * The number of enclosure rings drawn so far (>= 0), or a negative BG_E*
 * code. Every capture records its ring, in the order of play; take-back
 * removes them again. A ring of an area later captured by the other side
 * stays in the list (GUIs usually keep drawing it).
 */
BG_API int bg_tochki_ring_count(const bg_game *g);

/**
 * Ring i (0 = the oldest): its points in order around the area (each
 * consecutive pair, the last and first included, one step apart in one of
 * the 8 directions) into pts[0 .. *n-1], and the seat that drew it into
 * *owner (may be NULL). With cap too small: BG_EBUFSIZE and *n = the room
 * needed.
 */
BG_API int bg_tochki_ring(const bg_game *g, int i, int *pts, size_t cap,
			  size_t *n, int *owner);

/**
 * Read an SGF record of a Dots game (GM[40]) and replay it. spec (NULL for
 * "tochki") gives the rule options; the file's SZ, AB and AW replace the
 * field size and the start position. The first moving colour becomes
 * seat 0. Chains written after a move ("B[ab.bcca...]") are checked against
 * the rings the move draws; a chain that is not one of them is an error
 * (BG_EFORMAT). Errors: BG_EFORMAT (malformed, unknown GM, coordinates off
 * the field, a wrong chain, an illegal move: the message names the move),
 * BG_EOPTION / BG_ENOGAME for a bad spec. *out is set only on success.
 */
BG_API int bg_tochki_from_sgf(bg_game **out, const char *sgf,
			      const char *spec);

/**
 * The game as an SGF record (GM[40], FF[4], SZ, AB/AW for the start
 * position, one node per move with the rings it drew, RE when over); see
 * the conventions of boardgames.h for buf, cap and len. BG_EINVAL when the
 * start position holds captured points, which SGF cannot express.
 */
BG_API int bg_tochki_sgf(const bg_game *g, char *buf, size_t cap,
			 size_t *len);

#ifdef __cplusplus
}
#endif

#endif
