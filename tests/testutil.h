/*
 * Helpers shared by the Check suites, on the public API only. A library
 * call that fails inside them fails the running test (with the library's
 * error text where there is one) instead of returning an error code.
 *
 * The texts returned by list_moves(), moves_from(), position() and
 * game_part() live in static buffers that the next call of the same
 * helper overwrites.
 */
#ifndef TESTUTIL_H
#define TESTUTIL_H

#include <check.h>
#include <stddef.h>
#include <stdint.h>

#include <boardgames/boardgames.h>

/* The compiler's check of a test's printf-like function. MinGW's C99
 * printf, the one the Windows build takes, is "gnu_printf" to gcc there
 * ("printf" is msvcrt's, without %zu). */
#if defined(__MINGW32__)
#define TU_PRINTF(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#elif defined(__GNUC__)
#define TU_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define TU_PRINTF(fmt, args)
#endif

#define LEGAL_CAP 20000

/* The legal moves found by the last count_moves() (or a helper built on
 * it: list_moves(), moves_from(), expect_moves(), move_listed()). */
extern bg_move legal[LEGAL_CAP];

/* A new game from a spec. */
bg_game *new_game(const char *spec);
/* A game from a position text. */
bg_game *from_pos(const char *text);
/* The position text is refused with BG_EFORMAT and no game is made. */
void expect_bad_position(const char *text);

/* Play one move given as text. */
void play(bg_game *g, const char *text);
/* Play the moves of a space-separated list, in order. */
void play_all(bg_game *g, const char *list);

/* The number of legal moves; the moves themselves go to legal[]. */
size_t count_moves(const bg_game *g);
/* The legal moves as one space-separated text, in the generator's order. */
const char *list_moves(const bg_game *g);
/* The same for the moves of the piece on `from` only: those whose text
 * is `from` followed by '-' or 'x'. */
const char *moves_from(const bg_game *g, const char *from);
/* a and b list the same legal moves in the same order. */
void expect_same_moves(const bg_game *a, const bg_game *b);
/* The legal moves are exactly `want` (a list_moves() text). */
void expect_moves(const bg_game *g, const char *want);
/* Every legal move's action, numbered from the list (bg_move_to_action),
 * is one of bg_legal_actions(), which has as many, and bg_action_to_move
 * gives the move back. */
void expect_listed_actions(const bg_game *g);
/* The action of the move with that text (bg_move_to_action). */
uint32_t action_of(const bg_game *g, const char *text);
/* Is `text` exactly the text of a legal move? */
int move_listed(const bg_game *g, const char *text);
/* Does the space-separated list hold the word? */
int has_word(const char *list, const char *word);

/* The outcome is status / winner / reason. */
void expect(const bg_game *g, int status, int winner, int reason);
/* The game goes on. */
void ongoing(const bg_game *g);
/* The scores of seats 0 and 1. */
void expect_scores(const bg_game *g, double s0, double s1);

/* The point with a name. */
int point(const bg_game *g, const char *name);
/* The piece on a named point: its seat (-1 for none) and, when kind is
 * not NULL, its BG_PIECE_* kind. */
int piece_at(const bg_game *g, const char *name, int *kind);
/* The seat on a named point, -1 when empty. */
int seat_at(const bg_game *g, const char *name);

/* Line boards: the edges drawn by the lines of a BG_LINE_* style (the
 * consecutive points of each line). */
size_t edges_of_style(const bg_game *g, int style);
/* Line boards: the neighbours of point p along the lines of a style, or
 * of any style for -1. */
int degree(const bg_game *g, int p, int style);

/* The position text with the game's canonical spec (only options that
 * differ from their defaults) where the library writes every option, so
 * that tests read as the game pages do. */
const char *position(const bg_game *g);
/* a and b have the same position text. */
void expect_same_position(const bg_game *a, const bg_game *b);
/* The game's part of the position text: without the spec and the ply. */
const char *game_part(const bg_game *g);

/* The number of move sequences of `depth` plies (leaves of the game tree). */
uint64_t perft(bg_game *g, int depth);

/* Seat 0's bg_evaluate value, checked to lie inside (0, 1) and to add up
 * to 1 with seat 1's. */
double seat0_value(const bg_game *g);
/* A new game of spec is valued 0.5, and so after its first move. */
void expect_even_opening(const char *spec, const char *first);

/* The option sets worth testing, as the conformance suite picks them:
 * each game's default, each other allowed value of every BOOL, ENUM and
 * INT option on its own (for an INT range its two lowest numbers), and the
 * game with every BOOL and ENUM option set to its first other value. fn
 * gets each spec text in that order; specs the game refuses and repeats of
 * one canonical spec are the caller's to skip. */
void each_option_spec(void (*fn)(const char *spec, void *arg), void *arg);

/* bg_board_svg() of g with options o (NULL for the defaults), in a
 * malloc'd string the caller frees; fails the test on an error. */
char *svg_text(const bg_game *g, const bg_svg_options *o);
/* The picture of a game's start position with the default options, as
 * tests/svg holds it (tests/svg-gen.c). */
char *start_svg(const char *spec);

/* FNV-1a's start value. */
#define FNV_BASIS 1469598103934665603ull

/* h carried on (FNV-1a) over the bits of g's observation from seat 0 and
 * from seat 1 (bg_observe), each float's low byte first. */
uint64_t observation_digest(const bg_game *g, uint64_t h);

/* FNV-1a over a batch of spec (BATCH_DIGEST_GAMES games, one thread,
 * seed 7) stepped BATCH_DIGEST_STEPS times with the actions
 * bg_batch_random_actions draws: those actions, and after the reset and
 * each step the observations, masks (by their set bytes' places), rewards
 * and done flags, numbers low byte first. What the batch's own code
 * decides (the order of its actions, which the draws pick from) is pinned
 * so, for every way of computing it. */
#define BATCH_DIGEST_GAMES 4
#define BATCH_DIGEST_STEPS 64
uint64_t batch_digest(const char *spec);

/* Run a suite; the exit status for main(). */
int run_suite(Suite *s);

#endif
