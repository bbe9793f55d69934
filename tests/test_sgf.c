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
	suite_add_tcase(s, tc);
	return run_suite(s);
}
