/* Move text in every game: the first bytes pick the game and its options
 * (fuzz_pick_spec), the next how many plies to play first (the first legal
 * move each time), the rest is the text. Text that is read gives a legal
 * move whose own text reads back to it; the options decide the board the
 * text names points of (Corners' two sizes, leopards and cows' two
 * boards). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char before[FUZZ_TEXT_MAX], after[FUZZ_TEXT_MAX];
	bg_move m, back, *buf;
	char text[512], spec[512];
	bg_game *g;
	size_t n, i;

	if (size < 1)
		return 0;
	i = fuzz_pick_spec(data, size, spec, sizeof(spec));
	if (i >= size || fuzz_new_game(&g, spec) != BG_OK)
		return 0;
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	for (int k = 0; k < data[i] % 64; k++) {
		bg_legal_moves(g, buf, bg_max_moves(g), &n);
		if (n == 0)
			break;
		bg_play(g, &buf[(size_t)k * 7 % n]);
	}
	i++;
	char *s = fuzz_string(data + i, size - i);
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
