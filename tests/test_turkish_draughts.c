/*
 * Turkish draughts (Dama), through the public API only. The rules and the
 * oracles are those of doc/games/turkish-draughts.md; every figure
 * is worked out by hand in the comment beside it, except the perft figures
 * of depth 4 and more, which are regression values (see test_perft).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#include "testutil.h"

#define SIDE 8

/*
 * A game from a list of pieces: "w:d4 Ka1 b:d5 Kh8" (w: white, b: black;
 * a square alone is a man, K before it a king). `side` is 'w' or 'b'.
 */
static bg_game *setup(const char *spec, const char *pieces, char side)
{
	char cells[SIDE * SIDE], text[512], colour = 'w';
	size_t len;
	bg_game *g = NULL;
	int rc;

	memset(cells, '.', sizeof(cells));
	for (const char *s = pieces; *s;) {
		int y, used;
		char c;

		if (*s == ' ') {
			s++;
			continue;
		}
		if (s[1] == ':') {
			colour = s[0];
			s += 2;
			continue;
		}
		c = colour;
		if (*s == 'K') {
			c = (char)(colour - 'a' + 'A');
			s++;
		}
		ck_assert(sscanf(s + 1, "%d%n", &y, &used) == 1);
		cells[(y - 1) * SIDE + (s[0] - 'a')] = c;
		s += 1 + used;
	}
	len = (size_t)snprintf(text, sizeof(text), "%s ", spec);
	for (int y = SIDE - 1; y >= 0; y--) {
		memcpy(text + len, cells + y * SIDE, SIDE);
		len += SIDE;
		text[len++] = y ? '/' : ' ';
	}
	snprintf(text + len, sizeof(text) - len, "%c 0 20", side);
	rc = bg_game_from_position(&g, text);
	ck_assert_msg(rc == BG_OK, "%s: %s", text, bg_last_error());
	return g;
}

/* ---- Catalogue and start ------------------------------------------------------ */

START_TEST(test_catalogue)
{
	int i = bg_catalog_find("turkish-draughts");
	const char *key, *def;
	int type;

	ck_assert_int_ge(i, 0);
	ck_assert_int_eq(bg_catalog_find("dama"), i);
	ck_assert_str_eq(bg_catalog_title((size_t)i, "ru"), "Турецкие шашки");
	ck_assert_uint_eq(bg_catalog_option_count((size_t)i), 5);
	ck_assert_int_eq(bg_catalog_option((size_t)i, 0, &key, &type, &def,
					   NULL, NULL), BG_OK);
	ck_assert_str_eq(key, "promote_midcapture");
	ck_assert_str_eq(def, "0");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 1, &key, &type, &def,
					   NULL, NULL), BG_OK);
	ck_assert_str_eq(key, "king_draw");
	ck_assert_str_eq(def, "1");
	ck_assert_int_eq(bg_catalog_option((size_t)i, 2, &key, &type, &def,
					   NULL, NULL), BG_OK);
	ck_assert_str_eq(key, "quiet_moves");
	ck_assert_str_eq(def, "0");
}
END_TEST

/* All 64 squares; 16 men each on ranks 2-3 and 6-7. */
START_TEST(test_board)
{
	bg_game *g = new_game("dama");
	int w, h;

	ck_assert_str_eq(bg_game_name(g), "turkish-draughts");
	ck_assert_int_eq(bg_board_size(g, &w, &h), BG_OK);
	ck_assert_int_eq(w * h, 64);
	ck_assert_uint_eq(bg_point_count(g), 64);
	for (int p = 0; p < 64; p++) {
		int seat, kind, y = p / 8;

		bg_point_piece(g, p, &seat, &kind);
		ck_assert_int_eq(seat, y == 1 || y == 2 ? 0 :
				       y == 5 || y == 6 ? 1 : -1);
		ck_assert_int_eq(kind, seat < 0 ? BG_PIECE_NONE : BG_PIECE_MAN);
	}
	bg_game_free(g);
}
END_TEST

/* Oracle: 8 forward moves a3-a4 ... h3-h4; rank-2 men blocked, rank-3
 * men without sideways room; no capture. */
START_TEST(test_start_moves)
{
	bg_game *g = new_game("turkish-draughts");

	ck_assert_str_eq(list_moves(g),
			 "a3-a4 b3-b4 c3-c4 d3-d4 e3-e4 f3-f4 g3-g4 "
			 "h3-h4");
	for (int i = 0; i < 8; i++)
		ck_assert_int_eq(legal[i].kind, BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

/* ---- Quiet moves -------------------------------------------------------------- */

/* Men: one step forward, right or left (order N, E, S, W without the
 * backward one); never backward or diagonally. */
START_TEST(test_man_steps)
{
	bg_game *g = setup("turkish-draughts", "w:d4 b:h7", 'w');

	ck_assert_str_eq(moves_from(g, "d4"), "d4-d5 d4-e4 d4-c4");
	bg_game_free(g);
	g = setup("turkish-draughts", "w:a2 b:d5", 'b');
	ck_assert_str_eq(list_moves(g), "d5-e5 d5-d4 d5-c5");
	bg_game_free(g);
}
END_TEST

/* Kings slide any number of empty squares along ranks and files. */
START_TEST(test_king_slides)
{
	bg_game *g = setup("turkish-draughts", "w:Kd4 f4 b:h7", 'w');

	/* N d5-d8 (4), E e4 then f4 own (1), S d3-d1 (3), W c4-a4 (3). */
	ck_assert_str_eq(moves_from(g, "d4"),
			 "d4-d5 d4-d6 d4-d7 d4-d8 d4-e4 d4-d3 d4-d2 "
			 "d4-d1 d4-c4 d4-b4 d4-a4");
	play(g, "d4-d8");
	ck_assert_int_eq(bg_history_move(g, 0, &legal[0]), BG_OK);
	ck_assert_int_eq(legal[0].kind, BG_MOVE_STEP);
	bg_game_free(g);
}
END_TEST

/* ---- Captures ----------------------------------------------------------------- */

/* A man takes forward or sideways over an adjacent enemy to the empty
 * square beyond, never backward; capture is compulsory. */
START_TEST(test_man_capture)
{
	bg_game *g = setup("turkish-draughts", "w:d4 h2 b:d5 c4 d3 h7", 'w');
	int kind;

	ck_assert_str_eq(list_moves(g), "d4xd6 d4xb4"); /* h2 may not step */
	ck_assert_int_eq(legal[0].kind, BG_MOVE_CAPTURE);
	play(g, "d4xb4");
	ck_assert_int_eq(piece_at(g, "c4", &kind), -1);
	ck_assert_int_eq(piece_at(g, "b4", &kind), 0);
	ck_assert_int_eq(piece_at(g, "d5", &kind), 1);
	bg_game_free(g);
}
END_TEST

/* The most pieces must be taken; kings and men count the same. */
START_TEST(test_maximum_capture)
{
	/* c4: over the king c5 (1), or over d4 then e5 (2). */
	bg_game *g = setup("turkish-draughts", "w:c4 b:Kc5 d4 e5 h7", 'w');

	ck_assert_str_eq(list_moves(g), "c4xe4xe6");
	ck_assert_int_eq(bg_play_text(g, "c4xc6"), BG_EILLEGAL);
	bg_game_free(g);

	/* One king or one man: either. */
	g = setup("turkish-draughts", "w:c4 b:Kc5 d4 h7", 'w');
	ck_assert_str_eq(list_moves(g), "c4xc6 c4xe4");
	bg_game_free(g);

	/* Across pieces: a4 takes two (a5, a7), h4 one (h5). */
	g = setup("turkish-draughts", "w:a4 h4 b:a5 a7 h5 e7", 'w');
	ck_assert_str_eq(list_moves(g), "a4xa6xa8");
	bg_game_free(g);
}
END_TEST

/* A king takes from afar: one enemy with only empty squares before it,
 * landing on any empty square beyond. */
START_TEST(test_king_capture)
{
	bg_game *g = setup("turkish-draughts", "w:Ka1 b:a5 h7", 'w');

	ck_assert_str_eq(list_moves(g), "a1xa6 a1xa7 a1xa8");
	bg_game_free(g);

	/* Two enemies in a row, or an own piece before the enemy: no
	 * capture that way. */
	g = setup("turkish-draughts", "w:Ka1 b:a5 a6 h7", 'w');
	ck_assert_ptr_null(strchr(list_moves(g), 'x'));
	bg_game_free(g);
	g = setup("turkish-draughts", "w:Ka1 a3 b:a5 h7", 'w');
	ck_assert_ptr_null(strchr(list_moves(g), 'x'));
	bg_game_free(g);
}
END_TEST

/* No 180-degree turn between two captures: after taking d6 going north
 * the king may not come back south over d2 (d6 is gone, so without the
 * rule it could). */
START_TEST(test_no_reversal)
{
	bg_game *g = setup("turkish-draughts", "w:Kd4 b:d6 d2 h7", 'w');

	ck_assert_str_eq(list_moves(g), "d4xd7 d4xd8 d4xd1");
	ck_assert_int_eq(bg_play_text(g, "d4xd7xd1"), BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

/*
 * Pieces leave the board as they are taken, so a square can be crossed
 * again: a3xe3 (c3), e3xe7 (e5), e7xc7 (d7), c7xc1 (c2) crosses c3, where
 * the first piece stood. Were c3 still there, the chain would stop at
 * three. It is the only chain of four (the other landings lead nowhere).
 */
START_TEST(test_recrossing)
{
	bg_game *g = setup("turkish-draughts", "w:Ka3 b:c3 e5 d7 c2", 'w');

	ck_assert_str_eq(list_moves(g), "a3xe3xe7xc7xc1");
	play(g, "a3xe3xe7xc7xc1");
	/* Black has nothing left: no legal move, it loses. */
	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	bg_game_free(g);
}
END_TEST

/*
 * Paths with the same result are one move. The king on a1 takes a3, c5,
 * e3 and the king c1 (a black man cannot stand on rank 1) round the square
 * a1-a5-e5-e1 either way; clockwise it ends
 * on b1 or a1, anticlockwise on a2 or a1. The two ways to a1 take the
 * same pieces: one move, listed by the first path (north first).
 */
START_TEST(test_same_result_once)
{
	bg_move m;
	bg_game *g = setup("turkish-draughts", "w:Ka1 b:a3 c5 e3 Kc1", 'w');

	ck_assert_str_eq(list_moves(g),
			 "a1xa5xe5xe1xb1 a1xa5xe5xe1xa1 "
			 "a1xe1xe5xa5xa2");
	/* The other path reads as the listed move. */
	ck_assert_int_eq(bg_move_from_text(g, "a1xe1xe5xa5xa1", &m), BG_OK);
	ck_assert(bg_move_equal(&m, &legal[1]));
	/* A path that is not a capture chain does not. */
	ck_assert_int_eq(bg_move_from_text(g, "a1xa5xe5xa5xa1", &m),
			 BG_EILLEGAL);
	bg_game_free(g);
}
END_TEST

/*
 * bg_play checks a move without the list (is_legal): in the position of
 * test_same_result_once, the second path to a1, a shorter chain and a
 * quiet step are all refused; the listed moves are played.
 */
START_TEST(test_play_checks)
{
	bg_move m;
	bg_game *g = setup("turkish-draughts", "w:Ka1 b:a3 c5 e3 Kc1", 'w');

	list_moves(g);
	memset(&m, 0, sizeof(m));
	m.kind = BG_MOVE_CAPTURE;
	m.npath = 5;
	m.pts[0] = 0;  /* a1 */
	m.pts[1] = 4;  /* e1 */
	m.pts[2] = 36; /* e5 */
	m.pts[3] = 32; /* a5 */
	m.pts[4] = 0;  /* a1 */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m.npath = 2;   /* a1xe1: takes one piece, not the most */
	m.pts[2] = m.pts[3] = m.pts[4] = 0;
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	m.kind = BG_MOVE_STEP;
	m.pts[1] = 8;  /* a1-a2 while a capture is possible */
	ck_assert_int_eq(bg_play(g, &m), BG_EILLEGAL);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(bg_play(g, &legal[i]), BG_OK);
		ck_assert_int_eq(bg_undo(g), BG_OK);
	}
	bg_game_free(g);
}
END_TEST

/* ---- Promotion ---------------------------------------------------------------- */

START_TEST(test_promotion)
{
	bg_game *g = setup("turkish-draughts", "w:b7 b:g2", 'w');
	int kind;

	play(g, "b7-b8");
	ck_assert_int_eq(piece_at(g, "b8", &kind), 0);
	ck_assert_int_eq(kind, BG_PIECE_KING);
	play(g, "g2-g1");
	ck_assert_int_eq(piece_at(g, "g1", &kind), 1);
	ck_assert_int_eq(kind, BG_PIECE_KING);
	bg_game_free(g);
}
END_TEST

/* Default: a man reaching the last rank during a capture goes on as a
 * man (sideways only) and is crowned at the end of the move. */
START_TEST(test_promotion_at_end)
{
	int kind;
	bg_game *g = setup("turkish-draughts", "w:c6 b:c7 d8 e3", 'w');

	/* c6xc8, then sideways over d8 to e8, as a man. */
	ck_assert_str_eq(list_moves(g), "c6xc8xe8");
	play(g, "c6xc8xe8");
	ck_assert_int_eq(piece_at(g, "e8", &kind), 0);
	ck_assert_int_eq(kind, BG_PIECE_KING);
	bg_game_free(g);

	/* f8 is three squares away: a man cannot take it, a king could. */
	g = setup("turkish-draughts", "w:c6 b:c7 f8 e3", 'w');
	ck_assert_str_eq(list_moves(g), "c6xc8");
	play(g, "c6xc8");
	ck_assert_int_eq(piece_at(g, "c8", &kind), 0);
	ck_assert_int_eq(kind, BG_PIECE_KING);
	bg_game_free(g);
}
END_TEST

/* promote_midcapture: crowned at once, it goes on taking as a king. */
START_TEST(test_promote_midcapture)
{
	int kind;
	bg_game *g = setup("turkish-draughts:promote_midcapture=1",
			   "w:c6 b:c7 f8 e3", 'w');

	ck_assert_str_eq(list_moves(g), "c6xc8xg8 c6xc8xh8");
	play(g, "c6xc8xh8");
	ck_assert_int_eq(piece_at(g, "h8", &kind), 0);
	ck_assert_int_eq(kind, BG_PIECE_KING);
	ck_assert_int_eq(piece_at(g, "f8", &kind), -1);
	bg_game_free(g);

	/* The new king still may not turn back: down the c-file over c4
	 * would reverse the capture that brought it to c8. */
	g = setup("turkish-draughts:promote_midcapture=1",
		  "w:c6 b:c7 c4 e3", 'w');
	ck_assert_str_eq(list_moves(g), "c6xc8");
	bg_game_free(g);
}
END_TEST

/* ---- End of the game ---------------------------------------------------------- */

/* No legal move loses: blocked, or no pieces. */
START_TEST(test_no_moves)
{
	/* a7: a8 above has no square beyond, b7 has c7 behind it. */
	bg_game *g = setup("turkish-draughts", "w:a7 b:a8 b7 c7", 'w');

	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);
	g = setup("turkish-draughts", "b:d5", 'w');
	expect(g, BG_WIN, 1, BG_REASON_NO_MOVES);
	bg_game_free(g);
	/* Black to move, blocked likewise (mirrored). */
	g = setup("turkish-draughts", "w:a1 b2 c2 b:a2", 'b');
	expect(g, BG_WIN, 0, BG_REASON_NO_MOVES);
	bg_game_free(g);
}
END_TEST

/* One king against one king, no men: draw (option king_draw). */
START_TEST(test_lone_kings)
{
	bg_game *g = setup("turkish-draughts", "w:Ka1 b:Kh8", 'w');

	expect(g, BG_DRAW, -1, BG_REASON_MATERIAL);
	bg_game_free(g);
	g = setup("turkish-draughts:king_draw=0", "w:Ka1 b:Kh8", 'w');
	ongoing(g);
	bg_game_free(g);
	/* Reached by a capture. */
	g = setup("turkish-draughts", "w:Ka1 b:Kh7 a5", 'w');
	ongoing(g);
	play(g, "a1xa6");
	expect(g, BG_DRAW, -1, BG_REASON_MATERIAL);
	bg_game_free(g);
	/* Two kings against one: play on. */
	g = setup("turkish-draughts", "w:Ka1 Kb2 b:Kh8", 'w');
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* The pieces of the repetition and quiet-move tests: kings a1 and h8
 * shuffle; no capture is ever possible along their lines. */
#define SHUFFLE "w:Ka1 g2 b:Kh8 b7"

START_TEST(test_repetition)
{
	bg_game *g = setup("turkish-draughts", SHUFFLE, 'w');

	for (int k = 0; k < 2; k++) {
		play(g, "a1-a2");
		play(g, "h8-h7");
		play(g, "a2-a1");
		ongoing(g);
		play(g, "h7-h8");
		if (k == 0)
			ongoing(g); /* second occurrence */
	}
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);

	g = setup("turkish-draughts:repetition=2", SHUFFLE, 'w');
	play(g, "a1-a2");
	play(g, "h8-h7");
	play(g, "a2-a1");
	ongoing(g);
	play(g, "h7-h8");
	expect(g, BG_DRAW, -1, BG_REASON_REPETITION);
	bg_game_free(g);
}
END_TEST

/* quiet_moves N: N moves each with no capture and no man move draw. */
START_TEST(test_quiet_moves)
{
	char text[256];
	bg_game *g = setup("turkish-draughts:quiet_moves=1", SHUFFLE, 'w');

	play(g, "a1-a2");
	ongoing(g);
	snprintf(text, sizeof(text), "%s", position(g));
	ck_assert_ptr_nonnull(strstr(text, " b 1 21"));
	play(g, "h8-h7");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);

	/* A man move starts the count again. */
	g = setup("turkish-draughts:quiet_moves=2", SHUFFLE, 'w');
	play(g, "a1-a2");
	play(g, "h8-h7");
	play(g, "g2-g3");
	play(g, "h7-h8");
	play(g, "a2-a1");
	play(g, "h8-h7");
	ongoing(g);
	play(g, "a1-a2");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
	/* Off by default. */
	g = setup("turkish-draughts", SHUFFLE, 'w');
	play(g, "a1-a2");
	play(g, "h8-h7");
	ongoing(g);
	bg_game_free(g);
}
END_TEST

START_TEST(test_max_plies)
{
	bg_game *g = new_game("turkish-draughts:max_plies=2");

	play(g, "a3-a4");
	ongoing(g);
	play(g, "h6-h5");
	expect(g, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	bg_game_free(g);
}
END_TEST

/* ---- Perft -------------------------------------------------------------------- */

/*
 * Depth 1: 8 (the oracle). Depth 2: black likewise has its 8 rank-6 men
 * forward, no capture (rank 5 is empty, white's advanced man is on rank
 * 4): 8 x 8 = 64. Depth 3: after X3-X4 and Y6-Y5,
 *   Y = X: X4 takes X5 and then X7 (X6 was vacated, X8 is empty): the
 *          one move X4xX6xX8, compulsory: 8 positions x 1;
 *   Y != X: the 7 other rank-3 men forward, X2-X3, the rank-3 neighbours
 *          of X3 sideways into it (1 or 2), X4 forward and sideways (1 or
 *          2): 9 + 2 x sides = 11 on the edge files, 13 inside;
 *   8 + 7 x (2 x 11 + 6 x 13) = 708.
 * Depths 4 and 5 are regression values of this implementation, matched by
 * an independent script written from the rules on that page (not from this code);
 * deeper figures are on doc/games/turkish-draughts.md.
 */
START_TEST(test_perft)
{
	static const unsigned long want[] = { 1, 8, 64, 708, 7538, 85090 };
	bg_game *g = new_game("turkish-draughts");

	for (int d = 1; d <= 5; d++)
		ck_assert_uint_eq(perft(g, d), want[d]);
	bg_game_free(g);
	/* The option changes nothing this early. */
	g = new_game("turkish-draughts:promote_midcapture=1");
	ck_assert_uint_eq(perft(g, 5), want[5]);
	bg_game_free(g);
}
END_TEST

/* ---- Position text ------------------------------------------------------------- */

START_TEST(test_position_text)
{
	bg_game *g = new_game("turkish-draughts"), *h = NULL;
	char text[512];

	snprintf(text, sizeof(text), "%s", position(g));
	ck_assert_str_eq(text, "turkish-draughts ......../bbbbbbbb/bbbbbbbb/"
			       "......../......../wwwwwwww/wwwwwwww/........ "
			       "w 0 0");
	bg_game_free(g);
	g = setup("turkish-draughts", "w:Ka1 c3 b:Kh8 e6", 'b');
	snprintf(text, sizeof(text), "%s", position(g));
	ck_assert_str_eq(text, "turkish-draughts .......B/......../....b.../"
			       "......../......../..w...../......../W....... "
			       "b 0 20");
	ck_assert_int_eq(bg_game_from_position(&h, text), BG_OK);
	ck_assert_uint_eq(bg_hash(h), bg_hash(g));
	bg_game_free(h);
	bg_game_free(g);
}
END_TEST

START_TEST(test_position_errors)
{
	static const char *const bad[] = {
		/* a white man on rank 8 */
		"turkish-draughts w......./bbbbbbbb/bbbbbbbb/......../......../"
		"wwwwwwww/wwwwwww./........ w 0 0",
		/* a black man on rank 1 */
		"turkish-draughts ......../bbbbbbbb/bbbbbbb./......../......../"
		"wwwwwwww/wwwwwwww/.......b w 0 0",
		/* 17 white pieces */
		"turkish-draughts ......../bbbbbbbb/bbbbbbbb/......../w......./"
		"wwwwwwww/wwwwwwww/........ w 0 0",
		/* a bad character */
		"turkish-draughts ......../bbbbbbbb/bbbbbbbb/......../...k..../"
		"wwwwwwww/wwwwwwww/........ w 0 0",
		/* seven ranks */
		"turkish-draughts bbbbbbbb/bbbbbbbb/......../......../"
		"wwwwwwww/wwwwwwww/........ w 0 0",
		/* a bad side, a bad count, a count too large */
		"turkish-draughts ......../bbbbbbbb/bbbbbbbb/......../......../"
		"wwwwwwww/wwwwwwww/........ x 0 0",
		"turkish-draughts ......../bbbbbbbb/bbbbbbbb/......../......../"
		"wwwwwwww/wwwwwwww/........ w q 0",
		"turkish-draughts ......../bbbbbbbb/bbbbbbbb/......../......../"
		"wwwwwwww/wwwwwwww/........ w 70000 0",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		expect_bad_position(bad[i]);
}
END_TEST

static Suite *turkish_suite(void)
{
	Suite *s = suite_create("turkish-draughts");
	TCase *tc = tcase_create("rules");

	tcase_add_test(tc, test_catalogue);
	tcase_add_test(tc, test_board);
	tcase_add_test(tc, test_start_moves);
	tcase_add_test(tc, test_man_steps);
	tcase_add_test(tc, test_king_slides);
	tcase_add_test(tc, test_man_capture);
	tcase_add_test(tc, test_maximum_capture);
	tcase_add_test(tc, test_king_capture);
	tcase_add_test(tc, test_no_reversal);
	tcase_add_test(tc, test_recrossing);
	tcase_add_test(tc, test_same_result_once);
	tcase_add_test(tc, test_promotion);
	tcase_add_test(tc, test_promotion_at_end);
	tcase_add_test(tc, test_promote_midcapture);
	tcase_add_test(tc, test_no_moves);
	tcase_add_test(tc, test_lone_kings);
	tcase_add_test(tc, test_repetition);
	tcase_add_test(tc, test_quiet_moves);
	tcase_add_test(tc, test_max_plies);
	tcase_add_test(tc, test_play_checks);
	tcase_add_test(tc, test_perft);
	tcase_add_test(tc, test_position_text);
	tcase_add_test(tc, test_position_errors);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return run_suite(turkish_suite());
}
