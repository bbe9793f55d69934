/*
 * SGF for Dots (doc/sgf.md): one test per dialect the reader follows, each
 * file written here from the dialect's description, with the score and the
 * warnings it must give; round trips; bad input.
 *
 * The recurring capture: B's points cb, dc, cd and bc (SGF x then y from
 * the top-left) close a ring around W's point cc, which B takes: 1 point.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/tochki.h>

#include "testutil.h"

static char warn[16384];

/* Read game `index` of sgf; the warnings land in `warn`. */
static bg_game *read_ok(const char *sgf, const char *spec, size_t index)
{
	bg_game *g = NULL;
	size_t len = 0;
	int rc = bg_tochki_from_sgf_ex(&g, sgf, spec, index, warn, sizeof(warn),
				       &len);

	ck_assert_msg(rc == BG_OK, "%s: %s", sgf, bg_last_error());
	ck_assert_ptr_nonnull(g);
	ck_assert_uint_eq(len, strlen(warn));
	return g;
}

static char *dup(const char *s)
{
	char *d = malloc(strlen(s) + 1);

	ck_assert_ptr_nonnull(d);
	return strcpy(d, s);
}

static int warning_count(void)
{
	int n = 0;

	for (const char *s = warn; (s = strchr(s, '\n')); s++)
		n++;
	return n;
}

static void no_warnings(void)
{
	ck_assert_msg(warn[0] == '\0', "unexpected warnings:\n%s", warn);
}

/* Exactly n warnings, the first containing `what`. */
static void warned(int n, const char *what)
{
	ck_assert_msg(warning_count() == n, "want %d warnings, got:\n%s", n,
		      warn);
	ck_assert_msg(strstr(warn, what), "no '%s' in:\n%s", what, warn);
}

static char *sgf_of(const bg_game *g, const char *info)
{
	size_t len = 0;
	char *buf;

	ck_assert_int_eq(bg_tochki_sgf_ex(g, info, NULL, 0, &len), BG_OK);
	buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, info, buf, len + 1, &len), BG_OK);
	ck_assert_uint_eq(strlen(buf), len);
	return buf;
}

/* Write g, read it back: the same position, hash, history and outcome,
 * and no warning. */
static void round_trip(const bg_game *g)
{
	char *sgf = sgf_of(g, NULL);
	bg_game *back = read_ok(sgf, NULL, 0);
	int s1, w1, r1, s2, w2, r2;

	no_warnings();
	expect_same_position(g, back);
	ck_assert(bg_hash(g) == bg_hash(back));
	ck_assert_uint_eq(bg_history_length(g), bg_history_length(back));
	bg_outcome(g, &s1, &w1, &r1);
	bg_outcome(back, &s2, &w2, &r2);
	ck_assert_int_eq(s1, s2);
	ck_assert_int_eq(w1, w2);
	ck_assert_int_eq(r1, r2);
	free(sgf);
	bg_game_free(back);
}

static int colour_at(const bg_game *g, int x, int y)
{
	int w, h, state, color;

	bg_board_size(g, &w, &h);
	ck_assert_int_eq(bg_tochki_point(g, (h - 1 - y) * w + x, &state, &color,
					 NULL), BG_OK);
	return color;
}

/* ---- Dialects -------------------------------------------------------------- */

/* zagram.org: RU flags, player names and clocks, BL/WL after each move,
 * chains not starting at the move and closed by repeating their first
 * point, a chain that also runs through an own point beside the area
 * (gd), and the end by Stop: a STOP comment on B's last move, so W, to
 * move, grounds; the node after it (two values) draws the grounding and is
 * not replayed. Stop=1 is zagram's grounding (ground_any_time): W's points
 * all stand on the edge, so nothing changes hands and B's two captures
 * win 2:0. */
static const char zagram[] =
	"(;FF[4]GM[40]CA[UTF-8]AP[zagram.org]SZ[8:6]"
	"RU[Punish=0,Holes=1,AddTurn=0,MustSurr=1,MinArea=1,Pass=0,Stop=1,"
	"LastSafe=0,ScoreTerr=0,InstantWin=0]"
	"PB[Anna]PW[Boris]TM[600]OT[0+30]DT[2021-01-18]RE[B+2]"
	";B[cb]BL[600];W[aa]WL[600];B[bc]BL[598];W[cc]WL[597]"
	";B[dc]BL[590.5];W[ha]WL[590];B[cd.bccbdccdbc]BL[585];W[fc]WL[580]"
	";B[fb]BL[580];W[hb]WL[570];B[gc]BL[560];W[hc]WL[560]"
	";B[gd]BL[550];W[hd]WL[550];B[fd]BL[540];W[he]WL[540]"
	";B[ec.ecfbgcgdfdec]BL[530]C[STOP];B[ee][ef])";

START_TEST(test_zagram)
{
	bg_game *g = read_ok(zagram, NULL, 0);
	char info[256];
	char *bad;

	no_warnings();
	expect_scores(g, 2, 0);
	expect(g, BG_WIN, 0, BG_REASON_GROUNDING);
	ck_assert_ptr_nonnull(strstr(bg_game_spec(g), "ground_any_time=1"));
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	/* Names, date and clock settings: the game information. */
	ck_assert_int_eq(bg_tochki_sgf_info(zagram, 0, info, sizeof(info), NULL),
			 BG_OK);
	ck_assert_str_eq(info, "PB[Anna]PW[Boris]TM[600]OT[0+30]DT[2021-01-18]");
	bg_game_free(g);

	/* A chain that is not the ring drawn: a warning naming the node;
	 * the captures are the rules', the score the same. */
	bad = dup(zagram);
	memcpy(strstr(bad, "cd.bccbdccdbc") + 3, "bccbdcdd", 8);
	g = read_ok(bad, NULL, 0);
	warned(1, "node 7 B[cd.bccbdcddbc]: chain 1 is not a ring");
	expect_scores(g, 2, 0);
	bg_game_free(g);
	/* MinArea=0, the shortest chain rather than the smallest area: the
	 * shortest_chain option, without a warning (the captures here are
	 * the same under both), and written back. */
	memcpy(strstr(bad, "cd.bccbdcddbc") + 3, "bccbdccd", 8);
	memcpy(strstr(bad, "MinArea=1"), "MinArea=0", 9);
	g = read_ok(bad, NULL, 0);
	no_warnings();
	ck_assert_ptr_nonnull(strstr(bg_game_spec(g), "shortest_chain=1"));
	expect_scores(g, 2, 0);
	free(bad);
	bad = sgf_of(g, NULL);
	ck_assert_ptr_nonnull(strstr(bad, "MinArea=0"));
	bg_game_free(g);
	free(bad);
}
END_TEST

/* playdots.ru: the start cross written as eight moves out of turn (W
 * twice at sq, up), RU[russian]; then B takes W's cc. */
START_TEST(test_playdots)
{
	static const char sgf[] =
		"(;GM[40]FF[4]CA[UTF-8]SZ[39:32]RU[russian]PB[a]PW[b]"
		";B[sp];W[tp];B[tq];W[sq];W[up];B[vp];W[vq];B[uq]"
		";W[cc];B[cb];W[ba];B[bc];W[ea];B[dc];W[fa];B[cd])";
	bg_game *g = read_ok(sgf, NULL, 0);

	no_warnings();
	expect_scores(g, 1, 0);
	ongoing(g);
	ck_assert_int_eq(colour_at(g, 18, 15), 0); /* sp: B is seat 0 */
	ck_assert_int_eq(colour_at(g, 20, 15), 1); /* up: W */
	ck_assert_int_eq(colour_at(g, 21, 15), 0); /* vp */
	ck_assert_int_eq(bg_to_move(g), 1);
	/* The moves after the second W of a run are the history. */
	ck_assert_uint_eq(bg_history_length(g), 12);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* notAgo: a random four-cross start as set-up (two crosses here), a node
 * with two values (B bc and dc: B twice running), W twice running, and a
 * final empty move, which ends the record where the rules have no pass. */
START_TEST(test_notago)
{
	static const char sgf[] =
		"(;GM[40]FF[4]SZ[12:10]AB[hd][ie][jg][kh]AW[id][he][kg][jh]"
		";B[cb];W[cc];B[bc][dc];W[aa];W[ba];B[cd.cdbccbdccd];W[ka];W[])";
	bg_game *g = read_ok(sgf, NULL, 0);

	no_warnings();
	expect_scores(g, 1, 0);
	ongoing(g);
	ck_assert_int_eq(colour_at(g, 7, 3), 0);
	ck_assert_int_eq(colour_at(g, 8, 3), 1);
	ck_assert_int_eq(colour_at(g, 3, 2), 0);
	ck_assert_int_eq(colour_at(g, 1, 0), 1);
	ck_assert_int_eq(bg_to_move(g), 0);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* KataGo's Dots fork: its rule string, KM, the centre cross as set-up
 * (start=cross), and a pass that is a grounding: W grounds, and its two
 * cross points, which do not reach the edge, go to B (2:0). */
START_TEST(test_katago)
{
	static const char sgf[] =
		"(;FF[4]GM[40]SZ[8]KM[0]PB[katago]PW[katago]"
		"RU[dotsCaptureEmptyBase0startPosCROSSsui1komi0]"
		"AB[dd][ee]AW[ed][de]RE[B+2];B[aa];W[ha];B[ah];W[])";
	bg_game *g = read_ok(sgf, NULL, 0);
	char *bad;

	no_warnings();
	ck_assert_str_eq(bg_game_spec(g),
			 "tochki:size=8x8,ground_any_time=1");
	expect_scores(g, 2, 0);
	expect(g, BG_WIN, 0, BG_REASON_GROUNDING);
	bg_game_free(g);
	/* A komi the library does not have: named in a warning. */
	bad = dup(sgf);
	memcpy(strstr(bad, "komi0"), "komi5", 5);
	g = read_ok(bad, NULL, 0);
	warned(1, "komi5");
	bg_game_free(g);
	free(bad);
}
END_TEST

/* oppai: the first player (Red) is written W, so W is seat 0; chains start
 * at the move and are not closed; RU[russian]. */
START_TEST(test_oppai)
{
	static const char sgf[] =
		"(;GM[40]FF[4]SZ[6:5]RU[russian]"
		";W[cb];B[cc];W[bc];B[aa];W[dc];B[ea];W[cd.cdbccbdc])";
	bg_game *g = read_ok(sgf, NULL, 0);

	no_warnings();
	expect_scores(g, 1, 0);
	ck_assert_int_eq(colour_at(g, 2, 1), 0);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* KvanTTT's dots-game: collections, variation trees, and results by
 * resignation and time (RE[W+R], RE[B+T]). */
START_TEST(test_dots_game)
{
	static const char sgf[] =
		"(;GM[40]FF[4]AP[DotsGame]SZ[5]RE[W+R];B[cb];W[cc];B[bc])\n"
		"(;GM[40]FF[4]AP[DotsGame]SZ[5]RE[B+T];B[cb];W[cc]"
		"(;B[bc];W[aa];B[dc];W[ea];B[cd])(;B[aa];W[bc]))";
	size_t n = 0;
	bg_game *g;

	ck_assert_int_eq(bg_tochki_sgf_count(sgf, &n), BG_OK);
	ck_assert_uint_eq(n, 2);
	g = read_ok(sgf, NULL, 0);
	no_warnings();
	expect(g, BG_WIN, 1, BG_REASON_RESIGNATION);
	round_trip(g);
	bg_game_free(g);
	g = read_ok(sgf, NULL, 1);
	warned(1, "variations");
	expect_scores(g, 1, 0);
	expect(g, BG_WIN, 0, BG_REASON_TIME);
	ck_assert_uint_eq(bg_history_length(g), 7);
	round_trip(g);
	bg_game_free(g);
	ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, sgf, NULL, 2, NULL, 0, NULL),
			 BG_EFORMAT);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "holds 2"));
}
END_TEST

/* Results: a score the moves contradict is a warning; a draw the moves
 * leave open becomes a draw agreed. */
START_TEST(test_results)
{
	bg_game *g;

	g = read_ok("(;GM[40]SZ[5]RE[W+3];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
		    ";B[cd])", NULL, 0);
	warned(1, "RE[W+3]");
	ongoing(g);
	bg_game_free(g);
	g = read_ok("(;GM[40]SZ[5]RE[B+1];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
		    ";B[cd])", NULL, 0);
	no_warnings();
	bg_game_free(g);
	g = read_ok("(;GM[40]SZ[5]RE[Draw];B[cb];W[cc])", NULL, 0);
	no_warnings();
	expect(g, BG_DRAW, -1, BG_REASON_AGREEMENT);
	round_trip(g);
	bg_game_free(g);
	g = read_ok("(;GM[40]SZ[5]RE[B+Q];B[cb])", NULL, 0);
	warned(1, "RE[B+Q]");
	bg_game_free(g);
}
END_TEST

/* A colour that plays twice running after a capture: the game so far
 * cannot be a set-up, so the file is read with passes (a warning), and
 * writes back. */
START_TEST(test_run_after_capture)
{
	bg_game *g = read_ok("(;GM[40]SZ[6];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
			     ";B[cd];W[ff];B[ee];B[fe])", NULL, 0);
	bg_move m;

	warned(1, "node 10: B plays twice running after a capture: read with "
	       "allow_pass");
	ck_assert_ptr_nonnull(strstr(bg_game_spec(g), "allow_pass=1"));
	expect_scores(g, 1, 0);
	ck_assert_uint_eq(bg_history_length(g), 11);
	ck_assert_int_eq(bg_history_move(g, 9, &m), BG_OK);
	ck_assert_int_eq(m.kind, BG_MOVE_PASS);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* Moves after the end under the rules read are not replayed: a warning. */
START_TEST(test_after_end)
{
	bg_game *g = read_ok("(;GM[40]SZ[5]RU[InstantWin=1];B[cb];W[cc];B[bc]"
			     ";W[aa];B[dc];W[ea];B[cd];W[ee];B[ae])", NULL, 0);

	warned(1, "2 moves after it are not replayed");
	expect(g, BG_WIN, 0, BG_REASON_MARGIN);
	bg_game_free(g);
}
END_TEST

/* Many warnings: the first hundred, then how many more. */
START_TEST(test_many_warnings)
{
	char *sgf = malloc(20000), *s = sgf;
	bg_game *g;

	s += sprintf(s, "(;GM[40]SZ[30]");
	for (int k = 0; k < 150; k++)
		s += sprintf(s, ";%c[%c%c.aaabbbba]", k % 2 ? 'W' : 'B',
			     'a' + k % 26, 'c' + k / 26);
	strcpy(s, ")");
	g = read_ok(sgf, NULL, 0);
	ck_assert_int_eq(warning_count(), 101);
	ck_assert_ptr_nonnull(strstr(warn, "50 more warnings\n"));
	bg_game_free(g);
	free(sgf);
}
END_TEST

/* ---- Round trips ----------------------------------------------------------- */

START_TEST(test_round_trips)
{
	static const char *const specs[] = {
		"tochki:size=12x10", "tochki:size=9,start=cross4",
		"tochki:size=10,extra_move", "tochki:size=10,territory",
		"tochki:size=8x7,start=empty,allow_pass,ground_any_time",
		"tochki:size=9,capture_empty_bases,win_margin=3",
		"tochki:size=9,free_enclosure",
	};

	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++)
		for (uint64_t seed = 1; seed <= 6; seed++) {
			bg_game *g = new_game(specs[i]);
			uint32_t plies;

			bg_playout(g, &seed, (uint32_t)(seed * 40), &plies);
			round_trip(g);
			if (bg_resign(g, (int)(seed % 2)) == BG_OK)
				round_trip(g);
			bg_undo(g);
			if (bg_declare_result(g, BG_WIN, 0, BG_REASON_TIME) ==
			    BG_OK)
				round_trip(g);
			bg_game_free(g);
		}
}
END_TEST

/* Game information goes back out with the game; what the writer makes
 * from the game cannot be given. */
START_TEST(test_info)
{
	bg_game *g = read_ok(zagram, NULL, 0), *back;
	char info[256];
	char *sgf;

	ck_assert_int_eq(bg_tochki_sgf_info(zagram, 0, info, sizeof(info), NULL),
			 BG_OK);
	sgf = sgf_of(g, info);
	ck_assert_ptr_nonnull(strstr(sgf, "PB[Anna]PW[Boris]TM[600]"));
	ck_assert_ptr_nonnull(strstr(sgf, "RE[B+2]"));
	ck_assert_ptr_nonnull(strstr(sgf, "Stop=1"));
	back = read_ok(sgf, NULL, 0);
	no_warnings();
	ck_assert(bg_hash(back) == bg_hash(g));
	free(sgf);
	bg_game_free(back);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "B[aa]", NULL, 0, &(size_t){ 0 }),
			 BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "PB[a]junk", NULL, 0,
					  &(size_t){ 0 }), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "C[a]b]", NULL, 0, &(size_t){ 0 }),
			 BG_EINVAL);
	bg_game_free(g);
}
END_TEST

/* ---- Bad input -------------------------------------------------------------- */

START_TEST(test_bad)
{
	static const struct {
		const char *sgf, *says;
	} bad[] = {
		{ "", "starts with" },
		{ "(;GM[1]SZ[5])", "node 0: GM[1]" },
		{ "(;SZ[5];B[aa])", "node 0: no GM[40]" },
		{ "(;GM[40]SZ[5];B[a1])", "node 1: 'a1' is not a point" },
		{ "(;GM[40]SZ[5];B[aa];W[$b])", "node 2: '$b' is not a point" },
		{ "(;GM[40]SZ[5];B[aa];W[fa])", "node 2: point 'fa' is off" },
		{ "(;GM[40]SZ[5]AB[zz];B[aa])", "node 0: point 'zz' is off" },
		{ "(;GM[40]SZ[5];B[aa];W[aa])", "node 2 W[aa]: illegal" },
		{ "(;GM[40]SZ[5];B[cb];W[cc];B[db];W[aa];B[ec];W[ba];B[dd];W[ca]"
		  ";B[cd];W[da];B[bc];W[dc])", "node 12 W[dc]" },
		{ "(;GM[40]SZ[5];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea];B[cd]"
		  ";W[cc])", "node 8 W[cc]" },
		{ "(;GM[40]SZ[5]SZ[6])", "node 0: SZ" },
		{ "(;GM[40]SZ[5:6:7])", "node 0: SZ[5:6:7]" },
		{ "(;GM[40]SZ[0])", "node 0: SZ[0]" },
		{ "(;GM[40]SZ[53])", "node 0: SZ[53]" },
		{ "(;GM[40]SZ[100000:3])", "node 0: SZ[100000:3]" },
		{ "(;GM[40]SZ[99999999999999999999])", "node 0: SZ[" },
		{ "(;GM[40]SZ[-4])", "node 0: SZ[-4]" },
		{ "(;GM[40]SZ[5];B[aa]", "not closed" },
		{ "(;GM[40]SZ[5];B[aa", "node 1: a value has no ']'" },
		{ "(;GM[40]SZ[5];B[a", "node 1: a value has no ']'" },
		{ "(;GM[40]SZ[5];B[aa];W[bb];AB[cc])", "node 3: set-up" },
		{ "(;GM[40]SZ[5]AB[aa]AW[aa])", "node 0: AB and AW" },
		{ "(;GM[40]SZ[5];B[aa.abb])", "node 1 B[aa.abb]: a bad chain" },
		{ "(;GM[40]SZ[5];B[aa];W[b])", "node 2 W[b]: not a point" },
		{ "(;GM[40]SZ[5];GR[X])", "node 1: GR[X]" },
		{ "(;GM[40]SZ[5]PL[Q])", "node 0: PL[Q]" },
		{ "(;GM[40]SZ[5];[aa])", "node 1: unexpected '['" },
		{ "(;GM[40]SZ[5];B[aa];W[bb];GR[B])", "node 3 GR[B]" },
		{ "(;GM[40]SZ[5][6])", "node 0: SZ has 2 values" },
		{ "(;GM[40]SZ[5];B[aa];AW[cc])",
		  "node 2: set-up (AB/AW) after the first move" },
		{ "(;GM[40]SZ[5];B[aa];W[bb]AB[cc])",
		  "node 2: set-up (AB/AW) in a move node" },
		{ "(;GM[40]SZ[5];B[aa];W[bb]AW[cc])",
		  "node 2: set-up (AB/AW) in a move node" },
		{ "()", "a game tree without a node" },
		/* The main line closed, the tree around it not. */
		{ "(;GM[40]SZ[5](;B[aa])", "the game tree is not closed" },
		/* Chain points are points of the field. */
		{ "(;GM[40]SZ[5];B[aa.a1bbcc])", "node 1: 'a1' is not a point" },
		{ "(;GM[40]SZ[5];B[aa.abbbzz])", "node 1: point 'zz' is off" },
		/* With passes read, a run of W right after its own pass cannot
		 * be placed once a capture was made. */
		{ "(;GM[40]SZ[5]RU[Pass=1];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
		  ";B[cd];W[];W[ee])",
		  "node 9: W plays twice running right after a pass" },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		bg_game *g = (bg_game *)&warn;
		int rc = bg_tochki_from_sgf_ex(&g, bad[i].sgf, "tochki:start=empty",
					       0, warn, sizeof(warn), NULL);

		ck_assert_msg(rc == BG_EFORMAT, "%s: %d %s", bad[i].sgf, rc,
			      bg_last_error());
		ck_assert_ptr_null(g);
		ck_assert_msg(strstr(bg_last_error(), bad[i].says),
			      "%s: '%s' lacks '%s'", bad[i].sgf, bg_last_error(),
			      bad[i].says);
	}
}
END_TEST

/* Nesting as deep as the text is long: no recursion, no crash. */
START_TEST(test_deep_nesting)
{
	size_t depth = 200000, n = 0;
	char *sgf = malloc(3 * depth + 64), *s = sgf;
	bg_game *g;

	s += sprintf(s, "(;GM[40]SZ[5]");
	for (size_t k = 0; k < depth; k++)
		*s++ = '(', *s++ = ';';
	*s = '\0';
	/* Not closed: an error. */
	ck_assert_int_eq(bg_tochki_from_sgf(&g, sgf, NULL), BG_EFORMAT);
	ck_assert_ptr_null(g);
	ck_assert_int_eq(bg_tochki_sgf_count(sgf, &n), BG_EFORMAT);
	/* Closed, with a second variation at the top: its main line. */
	memset(s, ')', depth);
	strcpy(s + depth, "(;B[aa]))");
	g = read_ok(sgf, NULL, 0);
	warned(1, "variations");
	ck_assert_uint_eq(bg_history_length(g), 0);
	ck_assert_int_eq(bg_tochki_sgf_count(sgf, &n), BG_OK);
	ck_assert_uint_eq(n, 1);
	bg_game_free(g);
	free(sgf);
}
END_TEST

START_TEST(test_arguments)
{
	bg_game *g = (bg_game *)&warn;
	size_t n;

	ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, NULL, NULL, 0, NULL, 0, NULL),
			 BG_EINVAL);
	ck_assert_ptr_null(g);
	ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, "(;GM[40])", NULL, 0, NULL,
					       5, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, "(;GM[40])", "mill", 0, NULL,
					       0, NULL), BG_EWRONGGAME);
	ck_assert_int_eq(bg_tochki_sgf_count(NULL, &n), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_count("(;GM[40])", NULL), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_info(NULL, 0, NULL, 0, &n), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_info("(;GM[40]PB[a])", 0, NULL, 0, &n),
			 BG_OK);
	ck_assert_uint_eq(n, 5);
	/* A warning buffer too small cuts the list; the game is read. */
	{
		char small[8];
		size_t len;

		ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, "(;GM[40]RE[?x])",
						       NULL, 0, small,
						       sizeof(small), &len),
				 BG_OK);
		ck_assert_uint_gt(len, sizeof(small));
		ck_assert_uint_eq(strlen(small), sizeof(small) - 1);
		bg_game_free(g);
	}
}
END_TEST

/* ---- Reading: details ---------------------------------------------------- */

/* RU flags and rule strings the library has no option for: each is a
 * warning naming it, and the game is read under the options the rest
 * give (spec). */
START_TEST(test_rules_warnings)
{
	static const struct {
		const char *ru, *says, *spec;
	} t[] = {
		/* zagram's flags. */
		{ "Pass=x", "RU: 'Pass=x' is not a number in 0..10000: ignored",
		  "tochki:size=5x5,start=empty" },
		{ "InstantWin=10001", "'InstantWin=10001' is not a number",
		  "tochki:size=5x5,start=empty" },
		{ "Holes=0", "RU: Holes=0 is not an option of this library",
		  "tochki:size=5x5,start=empty" },
		{ "Punish=1", "RU: Punish=1 is not an option of this library: "
		  "read without it", "tochki:size=5x5,start=empty" },
		{ "LastSafe=2", "RU: LastSafe=2 is not an option",
		  "tochki:size=5x5,start=empty" },
		{ "Pass=1,Foo=1", "RU: 'Foo' is not a rule this library knows",
		  "tochki:size=5x5,start=empty,allow_pass=1" },
		/* Captures forced, yet territory scoring: territory wins. */
		{ "MustSurr=1,ScoreTerr=1",
		  "RU: MustSurr=1 with ScoreTerr=1 is not an option of this "
		  "library: read with territory=1",
		  "tochki:size=5x5,start=empty,territory=1" },
		/* KataGo's rule string. */
		{ "dotsCaptureEmptyBase0dotsFreeCapturedDots0",
		  "RU: dotsFreeCapturedDots0 is not an option",
		  "tochki:size=5x5,start=empty,ground_any_time=1" },
		{ "dotsCaptureEmptyBase0sui0", "RU: sui0 is not an option",
		  "tochki:size=5x5,start=empty,ground_any_time=1" },
		{ "dotsCaptureEmptyBase1xyz1",
		  "RU: 'xyz1' is not a rule this library knows",
		  "tochki:size=5x5,start=empty,ground_any_time=1,"
		  "capture_empty_bases=1" },
		/* A rule name of nobody's. */
		{ "japanese", "RU[japanese]: rules this library does not know: "
		  "read under the spec's rules",
		  "tochki:size=5x5,start=empty" },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char sgf[200];
		bg_game *g;

		snprintf(sgf, sizeof(sgf), "(;GM[40]SZ[5]RU[%s];B[aa])",
			 t[i].ru);
		g = read_ok(sgf, NULL, 0);
		warned(1, t[i].says);
		ck_assert_str_eq(bg_game_spec(g), t[i].spec);
		ck_assert_uint_eq(bg_history_length(g), 1);
		bg_game_free(g);
	}
}
END_TEST

/* RU names only some options: those replace the spec's, the spec gives
 * the others; an empty flag between commas is no flag. */
START_TEST(test_rules_and_spec)
{
	bg_game *g = read_ok("(;GM[40]SZ[5]RU[Pass=0,,Stop=1];B[aa])",
			     "tochki:size=9,allow_pass,extra_move", 0);

	no_warnings();
	ck_assert_str_eq(bg_game_spec(g), "tochki:size=5x5,start=empty,"
			 "ground_any_time=1,extra_move=1");
	bg_game_free(g);
	/* Without SZ the spec's size stays. */
	g = read_ok("(;GM[40];B[aa])", "tochki:size=7", 0);
	no_warnings();
	ck_assert_str_eq(bg_game_spec(g), "tochki:size=7x7,start=empty");
	ck_assert_int_eq(colour_at(g, 0, 0), 0);
	bg_game_free(g);
}
END_TEST

/* A byte order mark and white space before the first tree are skipped,
 * when counting and when reading. */
START_TEST(test_bom)
{
	static const char sgf[] =
		"\xEF\xBB\xBF \n(;GM[40]SZ[5];B[aa])(;GM[40])";
	size_t n = 0;
	bg_game *g;

	ck_assert_int_eq(bg_tochki_sgf_count(sgf, &n), BG_OK);
	ck_assert_uint_eq(n, 2);
	g = read_ok(sgf, NULL, 0);
	no_warnings();
	ck_assert_int_eq(colour_at(g, 0, 0), 0);
	bg_game_free(g);
}
END_TEST

/* Values unescape "\]" and "\\" and drop soft line breaks (a backslash
 * before LF, CR LF or CR); game information is written back escaped. */
START_TEST(test_escapes)
{
	char info[128];
	size_t len = 0;
	bg_game *g;

	ck_assert_int_eq(bg_tochki_sgf_info("(;GM[40]C[a\\\\b\\]c]PB[x\\\ny]"
					    "PW[p\\\r\nq]GN[r\\\rs];B[aa])", 0,
					    info, sizeof(info), &len), BG_OK);
	ck_assert_str_eq(info, "C[a\\\\b\\]c]PB[xy]PW[pq]GN[rs]");
	ck_assert_uint_eq(len, strlen(info));
	/* A chain wrapped by a soft break is one chain. */
	g = read_ok("(;GM[40]SZ[5];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
		    ";B[cd.cdbc\\\ncbdccd])", NULL, 0);
	no_warnings();
	expect_scores(g, 1, 0);
	bg_game_free(g);
}
END_TEST

/* Fields wider or taller than 26 use 'A'.. for 26..51, read and
 * written. */
START_TEST(test_wide_field)
{
	bg_game *g = read_ok("(;GM[40]SZ[30:3];B[Ba];W[Cc])", NULL, 0);
	char *sgf;

	no_warnings();
	ck_assert_int_eq(colour_at(g, 27, 0), 0);
	ck_assert_int_eq(colour_at(g, 28, 2), 1);
	sgf = sgf_of(g, NULL);
	ck_assert_ptr_nonnull(strstr(sgf, ";B[Ba];W[Cc])"));
	free(sgf);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* MN in the root that is not a number: ignored, with a warning. */
START_TEST(test_bad_move_number)
{
	bg_game *g = read_ok("(;GM[40]SZ[5]MN[x];B[aa])", NULL, 0);

	warned(1, "node 0: MN[x] is not a move number: ignored");
	ck_assert_uint_eq(bg_history_length(g), 1);
	ck_assert_uint_eq(bg_ply(g), 1);
	bg_game_free(g);
}
END_TEST

/* An empty value that is not the last move, where the rules have no
 * passes: skipped with a warning; B then plays twice running. */
START_TEST(test_pass_skipped)
{
	bg_game *g = read_ok("(;GM[40]SZ[5];B[aa];W[];B[bb])", NULL, 0);

	warned(1, "node 2 W[]: a pass, which the rules read do not have: "
	       "skipped");
	ck_assert_int_eq(colour_at(g, 0, 0), 0);
	ck_assert_int_eq(colour_at(g, 1, 1), 0);
	ck_assert_int_eq(bg_to_move(g), 1);
	ongoing(g);
	bg_game_free(g);
}
END_TEST

/* Chains of fewer than 4 points (after the closing repeat is dropped)
 * are ignored with a warning; the move stands. */
START_TEST(test_short_chains)
{
	static const char *const sgf[] = {
		"(;GM[40]SZ[5];B[aa.abba])", "(;GM[40]SZ[5];B[aa.])",
		"(;GM[40]SZ[5];B[aa.aaabbbaa])",
	};

	for (size_t i = 0; i < sizeof(sgf) / sizeof(sgf[0]); i++) {
		bg_game *g = read_ok(sgf[i], NULL, 0);

		warned(1, "chain 1 has fewer than 4 points: ignored");
		ck_assert_ptr_nonnull(strstr(warn, "node 1 B[aa."));
		ck_assert_int_eq(colour_at(g, 0, 0), 0);
		bg_game_free(g);
	}
}
END_TEST

/* 63 chains in one value at most. */
START_TEST(test_too_many_chains)
{
	char sgf[1024], *s = sgf;
	bg_game *g = (bg_game *)&warn;

	s += sprintf(s, "(;GM[40]SZ[5];B[cc");
	for (int k = 0; k < 64; k++)
		s += sprintf(s, ".aaabbbba");
	strcpy(s, "])");
	ck_assert_int_eq(bg_tochki_from_sgf(&g, sgf, NULL), BG_EFORMAT);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "node 1 B[cc."));
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "more than 63 chains"));
	/* 63 are read; the first that is not a ring drawn is the warning. */
	strcpy(strrchr(sgf, '.'), "])");
	g = read_ok(sgf, NULL, 0);
	warned(1, "chain 1 is not a ring");
	bg_game_free(g);
}
END_TEST

/* Territory (ScoreTerr=1): a chain on a move that closes nothing is not
 * a closing move; the move is played plainly and the chain warned of. */
START_TEST(test_territory_chain_without_capture)
{
	bg_game *g = read_ok("(;GM[40]SZ[5]RU[ScoreTerr=1];B[cb];W[cc]"
			     ";B[bc.bcabbbba])", NULL, 0);

	warned(1, "node 3 B[bc.bcabbbba]: chain 1 is not a ring this move "
	       "draws");
	ck_assert_int_eq(colour_at(g, 1, 2), 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 0);
	bg_game_free(g);
}
END_TEST

/* free_enclosure (FreeEncl=1): B's points cc, db, ec, dc, ed, cd stand
 * round W's dd and B closes with de. The standard capture draws the
 * diamond dc-cd-de-ed; a chain de-cd-cc-db-ec-ed, which leaves the
 * diamond's dc inside, is B's own explicit chain: played as such (a
 * second ring), silently. A chain without the move's point, or one that
 * is not a legal chain (not closed back to de), is a warning and the move
 * is played plainly. */
static const char free_encl[] =
	"(;GM[40]SZ[7]RU[FreeEncl=1];B[dc];W[dd];B[cd];W[aa];B[ed];W[ba]"
	";B[cc];W[ca];B[db];W[fa];B[ec];W[ga];B[de%s])";

static bg_game *free_encl_game(const char *chain)
{
	char sgf[256];

	snprintf(sgf, sizeof(sgf), free_encl, chain);
	return read_ok(sgf, NULL, 0);
}

START_TEST(test_free_enclosure_chain)
{
	bg_game *plain = free_encl_game(""), *g;
	int pts[16];
	size_t n = 0;
	int owner = -1;

	no_warnings();
	ck_assert_int_eq(bg_tochki_ring_count(plain), 1);
	expect_scores(plain, 1, 0);

	g = free_encl_game(".decdccdbeced");
	no_warnings();
	expect_scores(g, 1, 0);
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	ck_assert_int_eq(bg_tochki_ring(g, 1, pts, 16, &n, &owner), BG_OK);
	ck_assert_uint_eq(n, 6);
	ck_assert_int_eq(owner, 0);
	/* de, cd, cc, db, ec, ed: rank = 7 - y. */
	ck_assert_int_eq(pts[0], point(g, "d3"));
	ck_assert_int_eq(pts[1], point(g, "c4"));
	ck_assert_int_eq(pts[2], point(g, "c5"));
	ck_assert_int_eq(pts[3], point(g, "d6"));
	ck_assert_int_eq(pts[4], point(g, "e5"));
	ck_assert_int_eq(pts[5], point(g, "e4"));
	/* Written with both rings, read back the same. */
	round_trip(g);
	bg_game_free(g);

	/* The same chain from another point of it. */
	g = free_encl_game(".cdccdbecedde");
	no_warnings();
	ck_assert_int_eq(bg_tochki_ring_count(g), 2);
	bg_game_free(g);

	g = free_encl_game(".aaabbbbaaa");
	warned(1, "node 13 B[de.aaabbbbaaa]: chain 1 is not a ring this move "
	       "draws");
	expect_same_position(g, plain);
	bg_game_free(g);

	g = free_encl_game(".decdccdbec");
	warned(1, "node 13 B[de.decdccdbec]: chain 1 is not a ring this move "
	       "draws");
	expect_same_position(g, plain);
	ck_assert_uint_eq(bg_history_length(g), 13);
	bg_game_free(g);
	bg_game_free(plain);
}
END_TEST

/* A STOP comment where the side to move may not ground (seed rules: it
 * does not lead): a warning, and the moves go on. */
START_TEST(test_stop_not_legal)
{
	bg_game *g = read_ok("(;GM[40]SZ[5];B[cc]C[STOP])", NULL, 0);

	warned(1, "node 1: the grounding by W (STOP) is not legal under the "
	       "rules read: the game stays open");
	ongoing(g);
	ck_assert_uint_eq(bg_history_length(g), 1);
	bg_game_free(g);
}
END_TEST

/* The same with moves after the STOP node: they are replayed as they
 * stand, B capturing W's bb with its ring ab-ba-cb-bc on the rim. A STOP
 * grounds at its own node only: refused there, it is not tried again at
 * the nodes after it, where (once B leads with every point taken, after
 * W[cc]) it would end the game by a grounding the file never made. */
START_TEST(test_stop_not_legal_then_moves)
{
	bg_game *g = read_ok("(;GM[40]SZ[3];B[ab]C[STOP];W[bb];B[ba];W[aa]"
			     ";B[cb];W[ca];B[bc];W[cc])", NULL, 0);
	double s0 = -1, s1 = -1;
	int status = -1;
	uint32_t plies = bg_history_length(g);

	bg_score(g, 0, &s0);
	bg_score(g, 1, &s1);
	bg_outcome(g, &status, NULL, NULL);
	bg_game_free(g);
	ck_assert(s0 == 1 && s1 == 0);
	ck_assert_int_eq(status, BG_ONGOING);
	ck_assert_uint_eq(plies, 8);
	warned(1, "node 1: the grounding by W (STOP)");
}
END_TEST

/* A GR after the end of the game is not replayed: counted in the
 * warning. */
START_TEST(test_ground_after_end)
{
	bg_game *g = read_ok("(;GM[40]SZ[5]RU[InstantWin=1];B[cb];W[cc];B[bc]"
			     ";W[aa];B[dc];W[ea];B[cd];GR[W])", NULL, 0);

	warned(1, "node 8: the game is over under the rules read: 1 moves "
	       "after it are not replayed");
	expect(g, BG_WIN, 0, BG_REASON_MARGIN);
	ck_assert_uint_eq(bg_history_length(g), 7);
	bg_game_free(g);
}
END_TEST

/* On failure the warnings met before the error are handed out. */
START_TEST(test_warnings_on_failure)
{
	bg_game *g = (bg_game *)&warn;
	size_t len = 0;

	ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, "(;GM[40]SZ[5]RU[japanese]"
					       ";B[aa];W[aa])", NULL, 0, warn,
					       sizeof(warn), &len), BG_EFORMAT);
	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "node 2 W[aa]"));
	warned(1, "RU[japanese]");
	ck_assert_uint_eq(len, strlen(warn));
}
END_TEST

/* ---- Results ------------------------------------------------------------- */

/* The recurring capture under InstantWin=1: B wins by the margin at
 * node 7. */
#define MARGIN_WIN(re) "(;GM[40]SZ[5]RU[InstantWin=1]RE[" re "];B[cb];W[cc]" \
		       ";B[bc];W[aa];B[dc];W[ea];B[cd])"
/* W's ring cb-bc-dc-cd is a house; B's point played into it, cc, is
 * taken at once (step 3): W wins by the margin. */
#define HOUSE_WIN(re) "(;GM[40]SZ[5]RU[InstantWin=1]RE[" re "];B[aa];W[cb]" \
		      ";B[ea];W[bc];B[ae];W[dc];B[ee];W[cd];B[cc])"

/* A winner the moves contradict, or a win where RE says draw: a warning
 * naming what the moves give; the game is the moves'. */
START_TEST(test_result_disagrees)
{
	static const struct {
		const char *sgf, *says;
		int status, winner, reason;
	} t[] = {
		{ MARGIN_WIN("W+R"), "RE[W+R] disagrees with the moves, which "
		  "give a win of B", BG_WIN, 0, BG_REASON_MARGIN },
		{ MARGIN_WIN("W+F"), "which give a win of B", BG_WIN, 0,
		  BG_REASON_MARGIN },
		{ MARGIN_WIN("0"), "RE[0] disagrees with the moves, which give "
		  "a win of B", BG_WIN, 0, BG_REASON_MARGIN },
		{ MARGIN_WIN("B+2"), "RE[B+2] disagrees with the scores the "
		  "moves give (B 1, W 0)", BG_WIN, 0, BG_REASON_MARGIN },
		{ HOUSE_WIN("B+R"), "RE[B+R] disagrees with the moves, which "
		  "give a win of W", BG_WIN, 1, BG_REASON_MARGIN },
		/* Two passes running at 0:0: a draw by the rules. */
		{ "(;GM[40]SZ[5]RU[Pass=1]RE[B+R];B[aa];W[];B[])", "RE[B+R] "
		  "disagrees with the moves, which give a draw", BG_DRAW, -1,
		  BG_REASON_PASSES },
		/* A draw on a game the moves leave open at 1:0: agreed. */
		{ "(;GM[40]SZ[5]RE[0];B[cb];W[cc];B[bc];W[aa];B[dc];W[ea]"
		  ";B[cd])", "RE[0]: a draw, where the moves give 1:0: read as "
		  "a draw agreed",
		  BG_DRAW, -1, BG_REASON_AGREEMENT },
	};

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		bg_game *g = read_ok(t[i].sgf, NULL, 0);

		warned(1, t[i].says);
		expect(g, t[i].status, t[i].winner, t[i].reason);
		bg_game_free(g);
	}
}
END_TEST

/* The results that agree: no warning. Spaces before a result are
 * skipped; B+F / W+F (forfeit) on an open game are declared as an
 * adjudication, and written back as such. */
START_TEST(test_result_agrees)
{
	bg_game *g = read_ok(MARGIN_WIN("B+R"), NULL, 0);
	char *sgf;

	no_warnings();
	expect(g, BG_WIN, 0, BG_REASON_MARGIN);
	bg_game_free(g);
	g = read_ok("(;GM[40]SZ[5]RE[ B+R];B[aa])", NULL, 0);
	no_warnings();
	expect(g, BG_WIN, 0, BG_REASON_RESIGNATION);
	bg_game_free(g);
	for (int seat = 0; seat < 2; seat++) {
		g = read_ok(seat ? "(;GM[40]SZ[5]RE[W+F];B[cb];W[cc])" :
			    "(;GM[40]SZ[5]RE[B+F];B[cb];W[cc])", NULL, 0);
		no_warnings();
		expect(g, BG_WIN, seat, BG_REASON_ADJUDICATION);
		sgf = sgf_of(g, NULL);
		ck_assert_ptr_nonnull(strstr(sgf, seat ? "RE[W+F]" :
					     "RE[B+F]"));
		free(sgf);
		round_trip(g);
		bg_game_free(g);
	}
}
END_TEST

/* ---- Writing ------------------------------------------------------------- */

/* A ring of the other side drawn by a move (B's point taken in W's
 * house) is not written after the move: only the mover's rings are. */
START_TEST(test_write_other_sides_ring)
{
	bg_game *g = read_ok(HOUSE_WIN(""), NULL, 0);
	char *sgf;

	no_warnings();
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	sgf = sgf_of(g, NULL);
	ck_assert_ptr_nonnull(strstr(sgf, ";W[cd];B[cc])"));
	free(sgf);
	round_trip(g);
	bg_game_free(g);
}
END_TEST

/* Buffers too small: BG_EBUFSIZE, the length needed, the text cut to
 * cap - 1 and terminated. */
START_TEST(test_write_short_buffer)
{
	static const char file[] = "(;GM[40]PB[Anna]PW[Boris])";
	bg_game *g = read_ok("(;GM[40]SZ[5];B[aa])", NULL, 0);
	char *full = sgf_of(g, NULL), small[10];
	size_t len = 0;

	ck_assert_int_eq(bg_tochki_sgf(g, small, sizeof(small), &len),
			 BG_EBUFSIZE);
	ck_assert_uint_eq(len, strlen(full));
	ck_assert_int_eq(strncmp(small, full, sizeof(small) - 1), 0);
	ck_assert_uint_eq(strlen(small), sizeof(small) - 1);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "the SGF text needs"));
	/* Room for all: the same text. */
	{
		char *buf = malloc(len + 1);

		ck_assert_int_eq(bg_tochki_sgf(g, buf, len + 1, NULL), BG_OK);
		ck_assert_str_eq(buf, full);
		free(buf);
	}
	ck_assert_int_eq(bg_tochki_sgf_info(file, 0, small, sizeof(small),
					    &len), BG_EBUFSIZE);
	ck_assert_uint_eq(len, strlen("PB[Anna]PW[Boris]"));
	ck_assert_str_eq(small, "PB[Anna]P");
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "needs 18 bytes"));
	/* cap 0 with a buffer: nothing written, the size reported. */
	small[0] = 'x';
	ck_assert_int_eq(bg_tochki_sgf_info(file, 0, small, 0, &len),
			 BG_EBUFSIZE);
	ck_assert_uint_eq(len, 17);
	ck_assert_int_eq(small[0], 'x');
	free(full);
	bg_game_free(g);
}
END_TEST

/* What the writer refuses: NULL arguments, info that is not a list of
 * properties, a start with captured points. */
START_TEST(test_write_refused)
{
	bg_game *g = read_ok("(;GM[40]SZ[5];B[aa])", NULL, 0), *pos;
	size_t len = 0;

	ck_assert_int_eq(bg_tochki_sgf_ex(NULL, NULL, NULL, 0, &len),
			 BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "NULL argument"));
	ck_assert_int_eq(bg_tochki_sgf_ex(g, NULL, NULL, 5, &len), BG_EINVAL);
	/* A size query needs somewhere to put the size. */
	ck_assert_int_eq(bg_tochki_sgf_ex(g, NULL, NULL, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_info("(;GM[40])", 0, NULL, 0, NULL),
			 BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "PB[a])", NULL, 0, &len),
			 BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(),
				     "SGF info: ')' is not a property"));
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "PB[a];W[aa]", NULL, 0, &len),
			 BG_EINVAL);
	ck_assert_int_eq(bg_tochki_sgf_ex(g, "PB[a]", NULL, 0, &len), BG_OK);
	/* W's point b2 held by seat 0 at the start: SGF has no way to say
	 * so. */
	ck_assert_int_eq(bg_game_from_position(&pos, "tochki:size=3x3 "
					       ".x./xOx/.x. o 0 0 - xb3:317 5"),
			 BG_OK);
	ck_assert_int_eq(bg_tochki_sgf(pos, NULL, 0, &len), BG_EINVAL);
	ck_assert_ptr_nonnull(strstr(bg_last_error(), "captured points"));
	bg_game_free(pos);
	bg_game_free(g);
}
END_TEST

/* ---- Collections --------------------------------------------------------- */

/* Trees before the one asked for must be closed; a file that does not
 * start with a tree is refused by the count too. */
START_TEST(test_collection_errors)
{
	static const struct {
		const char *sgf;
		size_t index;
		const char *says;
	} t[] = {
		{ "(;GM[40]SZ[5];B[aa]", 1, "SGF: game tree 1 is not closed" },
		{ "(;GM[40]SZ[5];B[aa])(;GM[40]", 2,
		  "SGF: game tree 2 is not closed" },
		{ "(;GM[40]SZ[5];B[aa])(;GM[40]SZ[5])", 3, "no game 4: the "
		  "collection holds 2" },
	};
	size_t n = 99;

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		bg_game *g = (bg_game *)&warn;

		ck_assert_int_eq(bg_tochki_from_sgf_ex(&g, t[i].sgf, NULL,
						       t[i].index, NULL, 0,
						       NULL), BG_EFORMAT);
		ck_assert_ptr_null(g);
		ck_assert_msg(strstr(bg_last_error(), t[i].says), "%s: '%s'",
			      t[i].sgf, bg_last_error());
	}
	ck_assert_int_eq(bg_tochki_sgf_count("x(;GM[40])", &n), BG_EFORMAT);
	ck_assert_ptr_nonnull(strstr(bg_last_error(),
				     "a record starts with '(;'"));
	ck_assert_int_eq(bg_tochki_sgf_count("", &n), BG_EFORMAT);
	ck_assert_uint_eq(n, 99);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("sgf");
	TCase *tc = tcase_create("sgf");

	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_zagram);
	tcase_add_test(tc, test_playdots);
	tcase_add_test(tc, test_notago);
	tcase_add_test(tc, test_katago);
	tcase_add_test(tc, test_oppai);
	tcase_add_test(tc, test_dots_game);
	tcase_add_test(tc, test_results);
	tcase_add_test(tc, test_run_after_capture);
	tcase_add_test(tc, test_after_end);
	tcase_add_test(tc, test_many_warnings);
	tcase_add_test(tc, test_round_trips);
	tcase_add_test(tc, test_info);
	tcase_add_test(tc, test_bad);
	tcase_add_test(tc, test_deep_nesting);
	tcase_add_test(tc, test_arguments);
	tcase_add_test(tc, test_rules_warnings);
	tcase_add_test(tc, test_rules_and_spec);
	tcase_add_test(tc, test_bom);
	tcase_add_test(tc, test_escapes);
	tcase_add_test(tc, test_wide_field);
	tcase_add_test(tc, test_bad_move_number);
	tcase_add_test(tc, test_pass_skipped);
	tcase_add_test(tc, test_short_chains);
	tcase_add_test(tc, test_too_many_chains);
	tcase_add_test(tc, test_territory_chain_without_capture);
	tcase_add_test(tc, test_free_enclosure_chain);
	tcase_add_test(tc, test_stop_not_legal);
	tcase_add_test(tc, test_stop_not_legal_then_moves);
	tcase_add_test(tc, test_ground_after_end);
	tcase_add_test(tc, test_warnings_on_failure);
	tcase_add_test(tc, test_result_disagrees);
	tcase_add_test(tc, test_result_agrees);
	tcase_add_test(tc, test_write_other_sides_ring);
	tcase_add_test(tc, test_write_short_buffer);
	tcase_add_test(tc, test_write_refused);
	tcase_add_test(tc, test_collection_errors);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
