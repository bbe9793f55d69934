/**
 * @file
 * Kutochki (Corners) and Halma: queries of their own.
 * See doc/games/kutochki.md for the rules as implemented.
 */
#ifndef BOARDGAMES_KUTOCHKI_H
#define BOARDGAMES_KUTOCHKI_H

#include <boardgames/boardgames.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The tempo number of a seat: the sum over its pieces of the Manhattan
 * distance to the far corner square of its target (a8 for White on 8x8),
 * diagonals or not. Lower is better; a completed 8x8 triangle home gives 20.
 * Works for "kutochki" and "halma" games; BG_EWRONGGAME for others,
 * BG_EINVAL for a NULL pointer or a seat other than 0 and 1.
 */
BG_API int bg_kutochki_tempo(const bg_game *g, int seat, int *tempo);

/**
 * After a won game: how many moves the loser is behind, i.e. the fewest
 * moves it needs to fill its target alone, the winner's pieces standing
 * still. *exact is 1 when a search found that number, 0 when the search ran
 * out of budget and the tempo excess (tempo minus the tempo of a full
 * target) is reported instead, an estimate that over-counts when jumps help.
 * BG_EINVAL when the game is not won (ongoing or drawn).
 */
BG_API int bg_kutochki_deficit(const bg_game *g, int *moves, int *exact);

#ifdef __cplusplus
}
#endif

#endif
