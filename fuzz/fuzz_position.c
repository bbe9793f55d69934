/* Position text: what reads back writes the same text again, and the game
 * it gives generates its moves and plays them without trouble. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[FUZZ_TEXT_MAX], again[FUZZ_TEXT_MAX];
	char *s = fuzz_string(data, size);
	bg_game *g, *h;
	bg_move *buf;
	size_t n;

	if (bg_game_from_position(&g, s) == BG_OK) {
		fuzz_position(g, text);
		FUZZ_ASSERT(bg_game_from_position(&h, text) == BG_OK);
		FUZZ_ASSERT(!strcmp(text, fuzz_position(h, again)));
		FUZZ_ASSERT(bg_hash(g) == bg_hash(h));
		buf = malloc((bg_max_moves(g) + 1) * sizeof(*buf));
		FUZZ_ASSERT(bg_legal_moves(g, buf, bg_max_moves(g), &n) == BG_OK);
		for (size_t i = 0; i < n; i++) {
			FUZZ_ASSERT(bg_play(g, &buf[i]) == BG_OK);
			FUZZ_ASSERT(bg_undo(g) == BG_OK);
		}
		FUZZ_ASSERT(!strcmp(text, fuzz_position(g, again)));
		free(buf);
		bg_game_free(h);
		bg_game_free(g);
	}
	free(s);
	return 0;
}
