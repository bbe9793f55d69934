/*
 * bg_board_svg(): the start position of every game against its reviewed
 * picture in tests/svg (golden files written by tests/svg-gen.c from the
 * code, each looked at by a person), and the contract of the call: the
 * buffer conventions, the options and their errors, and what the
 * highlights and the status line show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/tochki.h>

#include "testutil.h"

static const char *golden_dir;

static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	ck_assert_msg(f != NULL, "cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	ck_assert_ptr_nonnull(text = malloc((size_t)n + 1));
	ck_assert_uint_eq(fread(text, 1, (size_t)n, f), (size_t)n);
	text[n] = '\0';
	fclose(f);
	return text;
}

static size_t count_of(const char *text, const char *what)
{
	size_t n = 0;

	for (; (text = strstr(text, what)); text++)
		n++;
	return n;
}

/* The first line where two texts differ, 1 for the first; 0 when equal. */
static int first_difference(const char *a, const char *b)
{
	int line = 1;

	for (; *a && *a == *b; a++, b++)
		if (*a == '\n')
			line++;
	return *a == *b ? 0 : line;
}

START_TEST(golden_start)
{
	const char *name = bg_catalog_name((size_t)_i);
	char path[4096], *want, *got;
	int line;

	snprintf(path, sizeof(path), "%s/%s.svg", golden_dir, name);
	want = read_text(path);
	got = start_svg(name);
	line = first_difference(got, want);
	ck_assert_msg(line == 0, "%s: the picture differs from %s at line %d "
		      "(tests/svg-gen.c writes it anew)", name, path, line);
	free(want);
	free(got);
}
END_TEST

/* Every point is named once, for clicks, in every game. */
START_TEST(points_named)
{
	bg_game *g = new_game(bg_catalog_name((size_t)_i));
	char *svg = svg_text(g, NULL), name[BG_POINT_NAME_MAX], attr[32];

	ck_assert_uint_eq(count_of(svg, "data-point="), bg_point_count(g));
	for (size_t p = 0; p < bg_point_count(g); p++) {
		ck_assert_int_eq(bg_point_name(g, (int)p, name, sizeof(name),
					       NULL), BG_OK);
		snprintf(attr, sizeof(attr), "data-point=\"%s\"", name);
		ck_assert_uint_eq(count_of(svg, attr), 1);
	}
	ck_assert(!strncmp(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"", 39));
	ck_assert_str_eq(svg + strlen(svg) - 7, "</svg>\n");
	free(svg);
	bg_game_free(g);
}
END_TEST

START_TEST(buffer)
{
	bg_game *g = new_game("kvartet");
	char small[16];
	size_t n, m;

	ck_assert_int_eq(bg_board_svg(g, NULL, NULL, 0, &n), BG_OK);
	ck_assert_uint_gt(n, sizeof(small));
	ck_assert_int_eq(bg_board_svg(g, NULL, small, sizeof(small), &m),
			 BG_EBUFSIZE);
	ck_assert_uint_eq(m, n);
	ck_assert_uint_eq(strlen(small), sizeof(small) - 1);
	ck_assert(!strncmp(small, "<svg xmlns=", 11));
	ck_assert_int_eq(bg_board_svg(g, NULL, NULL, 0, NULL), BG_EINVAL);
	ck_assert_int_eq(bg_board_svg(g, NULL, NULL, 5, &n), BG_EINVAL);
	ck_assert_int_eq(bg_board_svg(NULL, NULL, NULL, 0, &n), BG_EINVAL);
	bg_game_free(g);
}
END_TEST

static void expect_refused(bg_game *g, const bg_svg_options *o,
			   const char *detail)
{
	char before[512], buf[64] = "unchanged";
	size_t n = 7;

	snprintf(before, sizeof(before), "%s", position(g));
	ck_assert_int_eq(bg_board_svg(g, o, buf, sizeof(buf), &n), BG_EINVAL);
	ck_assert_msg(strstr(bg_last_error(), detail), "'%s' lacks '%s'",
		      bg_last_error(), detail);
	ck_assert_str_eq(bg_game_error(g), bg_last_error());
	ck_assert_str_eq(buf, "unchanged");
	ck_assert_uint_eq(n, 7);
	ck_assert_str_eq(position(g), before);
}

START_TEST(bad_options)
{
	bg_game *g = new_game("mill");
	bg_svg_options o = BG_SVG_OPTIONS_INIT;
	int targets[2] = { 3, 24 };

	o.version = 2;
	expect_refused(g, &o, "version 2");
	o.version = BG_SVG_OPTIONS_VERSION;
	o.flags = 1u << 3;
	expect_refused(g, &o, "flags");
	o.flags = 0;
	o.width = -1;
	expect_refused(g, &o, "size");
	o.width = 100001;
	expect_refused(g, &o, "size");
	o.width = 0;
	o.height = -5;
	expect_refused(g, &o, "size");
	o.height = 0;
	o.selected = 24;
	expect_refused(g, &o, "selected point 24");
	o.selected = -2;
	expect_refused(g, &o, "selected point -2");
	o.selected = -1;
	o.ntargets = 1;
	expect_refused(g, &o, "NULL targets");
	o.targets = targets;
	o.ntargets = 2;
	expect_refused(g, &o, "target 24");
	bg_game_free(g);
}
END_TEST

/* The width and height attributes: the caller's, or from the board's
 * proportions (the 5 x 5 board of Kvartet with only its margins is
 * square). */
START_TEST(size)
{
	bg_game *g = new_game("kvartet");
	bg_svg_options o = BG_SVG_OPTIONS_INIT;
	char *svg;

	o.flags = 0;
	svg = svg_text(g, &o);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"480\" height=\"480\""));
	free(svg);
	o.height = 200;
	svg = svg_text(g, &o);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"200\" height=\"200\""));
	free(svg);
	o.width = 300;
	svg = svg_text(g, &o);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"300\" height=\"200\""));
	ck_assert_ptr_null(strstr(svg, "<text"));
	free(svg);
	bg_game_free(g);
}
END_TEST

/* The colours bg_board_svg() uses for its highlights. */
#define LAST_PATH "#f2c94c"
#define TAKEN "#c0392b"
#define CHOSEN "#1f6feb"
#define TARGET "#1f9d55"

START_TEST(highlights)
{
	bg_game *g = from_pos("senegal ....../.....b/..b.../..w.../...... w 0");
	bg_svg_options o = BG_SVG_OPTIONS_INIT;
	int targets[1];
	char *svg;

	svg = svg_text(g, NULL);
	ck_assert_ptr_null(strstr(svg, LAST_PATH));
	ck_assert_ptr_null(strstr(svg, CHOSEN));
	ck_assert_ptr_nonnull(strstr(svg, ">White to move</text>"));
	free(svg);

	/* The chosen piece and its one target. */
	o.selected = point(g, "c2");
	targets[0] = point(g, "c4");
	o.targets = targets;
	o.ntargets = 1;
	svg = svg_text(g, &o);
	ck_assert_uint_eq(count_of(svg, CHOSEN), 1);
	ck_assert_uint_eq(count_of(svg, TARGET), 1);
	free(svg);

	/* The capture: its two path points, and a cross on c3. */
	play(g, "c2xc4");
	svg = svg_text(g, NULL);
	ck_assert_uint_eq(count_of(svg, "fill=\"" LAST_PATH "\""), 2);
	ck_assert_uint_eq(count_of(svg, TAKEN), 1);
	ck_assert_ptr_nonnull(strstr(svg, ">Black to move</text>"));
	free(svg);
	o = (bg_svg_options)BG_SVG_OPTIONS_INIT;
	o.flags &= ~(unsigned)BG_SVG_LAST_MOVE;
	svg = svg_text(g, &o);
	ck_assert_ptr_null(strstr(svg, LAST_PATH));
	ck_assert_ptr_null(strstr(svg, TAKEN));
	free(svg);

	ck_assert_int_eq(bg_resign(g, 1), BG_OK);
	svg = svg_text(g, NULL);
	ck_assert_ptr_nonnull(strstr(svg, ">White wins (resignation)</text>"));
	free(svg);
	bg_game_free(g);
}
END_TEST

/* Mill: a removal chosen by the mover is crossed out. */
START_TEST(removal)
{
	bg_game *g = new_game("mill");
	char *svg;

	play_all(g, "a1 a4 d1 b4 g1xa4");
	svg = svg_text(g, NULL);
	ck_assert_uint_ge(count_of(svg, TAKEN), 1);
	free(svg);
	bg_game_free(g);
}
END_TEST

/* Dots: a ring with its area filled in the capturer's colour, and the
 * captured dot drawn faded. */
START_TEST(dots_ring)
{
	bg_game *g = new_game("tochki:size=5x5,start=empty");
	char *svg;

	svg = svg_text(g, NULL);
	ck_assert_ptr_null(strstr(svg, "fill-opacity=\"0.3\""));
	free(svg);
	play_all(g, "c2 c3 b3 a1 d3 a2 c4");
	ck_assert_int_eq(bg_tochki_ring_count(g), 1);
	svg = svg_text(g, NULL);
	ck_assert_uint_eq(count_of(svg, "fill-opacity=\"0.3\""), 1);
	ck_assert_uint_eq(count_of(svg, "opacity=\"0.45\""), 1);
	ck_assert_ptr_nonnull(strstr(svg, ">Blue to move</text>"));
	free(svg);
	bg_game_free(g);
}
END_TEST

/* The status line of a drawn game names no seat: "Draw" and the reason,
 * for an end by the rules (Corners with leave_home=1: both sides still at
 * home after a move each) and for one agreed. */
START_TEST(status_draw)
{
	bg_game *g = new_game("kutochki:leave_home=1");
	char *svg;

	play_all(g, "e1-d1 d8-e8");
	svg = svg_text(g, NULL);
	ck_assert_ptr_nonnull(strstr(svg, ">Draw (leave-home)</text>"));
	ck_assert_ptr_null(strstr(svg, " wins ("));
	ck_assert_ptr_null(strstr(svg, " to move<"));
	free(svg);
	bg_game_free(g);

	g = new_game("mill");
	ck_assert_int_eq(bg_agree_draw(g), BG_OK);
	svg = svg_text(g, NULL);
	ck_assert_ptr_nonnull(strstr(svg, ">Draw (agreement)</text>"));
	free(svg);
	bg_game_free(g);
}
END_TEST

/* A size given on one side keeps the board's proportions, rounded, but a
 * picture keeps at least a pixel on each side: 1 pixel wide on a field
 * one point high (its height would round to 0), and 1 pixel high on one
 * point wide, are 1 x 1. */
START_TEST(size_at_least_one_pixel)
{
	bg_svg_options o = BG_SVG_OPTIONS_INIT;
	bg_game *g = new_game("tochki:size=52x1,start=empty");
	char *svg;

	o.flags = 0;
	o.width = 1;
	svg = svg_text(g, &o);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"1\" height=\"1\""));
	free(svg);
	bg_game_free(g);

	g = new_game("tochki:size=1x52,start=empty");
	o.width = 0;
	o.height = 1;
	svg = svg_text(g, &o);
	ck_assert_ptr_nonnull(strstr(svg, "width=\"1\" height=\"1\""));
	free(svg);
	bg_game_free(g);
}
END_TEST

/* A Dots ring of more points than the field has, which a position text
 * may hold (here twice round a 2 x 2 field: 9 points), is drawn: the
 * picture makes room for the longest ring, not for one point a field's
 * point. */
START_TEST(long_ring)
{
	bg_game *g = from_pos("tochki:size=2 ../.. x 0 0 - xa1:86248624 0");
	size_t n = 0;
	char *svg;
	int rc;

	rc = bg_board_svg(g, NULL, NULL, 0, &n);
	ck_assert_msg(rc == BG_OK, "size query: %d '%s'", rc, bg_last_error());
	svg = svg_text(g, NULL);
	ck_assert(!strncmp(svg, "<svg xmlns=", 11));
	ck_assert_str_eq(svg + strlen(svg) - 7, "</svg>\n");
	ck_assert_uint_eq(count_of(svg, "fill-opacity=\"0.3\""), 1);
	free(svg);
	bg_game_free(g);
}
END_TEST

int main(int argc, char **argv)
{
	Suite *s = suite_create("svg");
	TCase *tc = tcase_create("svg");
	int games = (int)bg_catalog_count();

	golden_dir = argc > 1 ? argv[1] : getenv("BG_SVG_DIR");
	if (!golden_dir) {
		fprintf(stderr, "usage: test-svg DIR (or BG_SVG_DIR=DIR)\n");
		return EXIT_FAILURE;
	}
	tcase_add_loop_test(tc, golden_start, 0, games);
	tcase_add_loop_test(tc, points_named, 0, games);
	tcase_add_test(tc, buffer);
	tcase_add_test(tc, bad_options);
	tcase_add_test(tc, size);
	tcase_add_test(tc, highlights);
	tcase_add_test(tc, removal);
	tcase_add_test(tc, dots_ring);
	tcase_add_test(tc, status_draw);
	tcase_add_test(tc, size_at_least_one_pixel);
	tcase_add_test(tc, long_ring);
	suite_add_tcase(s, tc);
	return run_suite(s);
}
