/* Move text in every game: byte 0 picks the game, byte 1 how many plies to
 * play first (the first legal move each time), the rest is the text. Text
 * that is read gives a legal move whose own text reads back to it. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char before[FUZZ_TEXT_MAX], after[FUZZ_TEXT_MAX];
	bg_move m, back, *buf;
	char text[512];
	bg_game *g;
	size_t n;

	if (size < 2)
		return 0;
	if (bg_game_new(&g, bg_catalog_name(data[0] % bg_catalog_count())))
		abort();
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	for (int i = 0; i < data[1] % 64; i++) {
		bg_legal_moves(g, buf, bg_max_moves(g), &n);
		if (n == 0)
			break;
		bg_play(g, &buf[(size_t)i * 7 % n]);
	}
	char *s = fuzz_string(data + 2, size - 2);
	fuzz_position(g, before);
	if (bg_move_from_text(g, s, &m) == BG_OK) {
		FUZZ_ASSERT(bg_move_to_text(g, &m, text, sizeof(text), NULL) == BG_OK);
		FUZZ_ASSERT(bg_move_from_text(g, text, &back) == BG_OK);
		FUZZ_ASSERT(bg_move_equal(&m, &back));
		FUZZ_ASSERT(bg_play(g, &m) == BG_OK);
		FUZZ_ASSERT(bg_undo(g) == BG_OK);
	}
	FUZZ_ASSERT(!strcmp(before, fuzz_position(g, after)));
	free(s);
	free(buf);
	bg_game_free(g);
	return 0;
}
