/*
 * Writes the golden start-position pictures that tests/test_svg.c checks,
 * from the current code: `build/tests/svg-gen tests/svg` writes
 * tests/svg/NAME.svg for every game of the catalogue, drawn by
 * bg_board_svg() with BG_SVG_OPTIONS_INIT. Run it only for a change of the
 * pictures, look at each one (rsvg-convert NAME.svg -o NAME.png) and say in
 * the commit what changed and why (tests/svg/README.md).
 */
#include <stdio.h>
#include <stdlib.h>

#include <boardgames/boardgames.h>

/* The picture of a game's start position: what start_svg() of
 * testutil.h gives, without Check (which runs only inside a suite). */
static char *picture(const char *name)
{
	bg_game *g = NULL;
	char *svg = NULL;
	size_t n;

	if (bg_game_new(&g, name) == BG_OK &&
	    bg_board_svg(g, NULL, NULL, 0, &n) == BG_OK &&
	    (svg = malloc(n + 1)) &&
	    bg_board_svg(g, NULL, svg, n + 1, &n) != BG_OK) {
		free(svg);
		svg = NULL;
	}
	bg_game_free(g);
	return svg;
}

int main(int argc, char **argv)
{
	char path[4096];
	size_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: svg-gen DIR\n");
		return EXIT_FAILURE;
	}
	for (i = 0; i < bg_catalog_count(); i++) {
		const char *name = bg_catalog_name(i);
		char *svg = picture(name);
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s.svg", argv[1], name);
		if (!svg || !(f = fopen(path, "w"))) {
			fprintf(stderr, "svg-gen: %s: cannot write %s\n", name,
				path);
			return EXIT_FAILURE;
		}
		fputs(svg, f);
		fclose(f);
		free(svg);
	}
	return EXIT_SUCCESS;
}
