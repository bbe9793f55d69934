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
 * On success the error state is cleared.
 *
 * @param g      a "kutochki" or "halma" game
 * @param seat   0 or 1
 * @param tempo  receives the tempo number; untouched on error
 * @return BG_OK; BG_EINVAL when g or tempo is NULL or seat is not 0 or 1;
 *         BG_EWRONGGAME when g is another game.
 */
BG_API int bg_kutochki_tempo(const bg_game *g, int seat, int *tempo);

/**
 * After a won game: how many moves the loser is behind, i.e. the fewest
 * moves it needs to fill its target alone, the winner's pieces standing
 * still (an IDA* search of at most 200 000 nodes). When the search runs out
 * of budget, or a winner's piece stands on the loser's target, the tempo
 * excess (the loser's tempo minus the tempo of a full target) is reported
 * instead, an estimate that over-counts when jumps help.
 *
 * @param g      a finished "kutochki" or "halma" game with a winner
 * @param moves  receives the loser's deficit in moves; untouched on error
 * @param exact  receives 1 when the search found *moves, 0 when *moves is
 *               the tempo estimate; untouched on error
 * @return BG_OK; BG_EINVAL when g, moves or exact is NULL or the game is
 *         not won (still going, or drawn); BG_EWRONGGAME when g is another
 *         game.
 */
BG_API int bg_kutochki_deficit(const bg_game *g, int *moves, int *exact);

#ifdef __cplusplus
}
#endif

#endif
