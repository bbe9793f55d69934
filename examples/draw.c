/* Drawing a board as text; see draw.h. The drawing is the library's
 * (bg_board_text), so a binding's str() shows the same board. */
#include "draw.h"

#include <stdlib.h>
#include <string.h>

char *draw_text(const bg_game *g, unsigned flags, int *error)
{
	size_t len = 0;
	char *text;

	if ((*error = bg_board_text(g, flags, NULL, 0, &len)) < 0)
		return NULL;
	if (!(text = malloc(len + 1))) {
		*error = BG_ENOMEM;
		return NULL;
	}
	if ((*error = bg_board_text(g, flags, text, len + 1, NULL)) < 0) {
		free(text);
		return NULL;
	}
	return text;
}

int draw_board_flipped(FILE *f, const bg_game *g, int flip)
{
	char *text;
	int error;

	if (!(text = draw_text(g, flip ? BG_DRAW_FLIP : 0, &error)))
		return error;
	fputs(text, f);
	free(text);
	return 0;
}

void draw_legend(FILE *f, const bg_game *g)
{
	char *text;
	int error;

	if (!(text = draw_text(g, BG_DRAW_LEGEND, &error)))
		return;
	fprintf(f, "%.*s\n", (int)strcspn(text, "\n"), text);
	free(text);
}
