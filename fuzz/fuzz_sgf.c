/* SGF for Dots: a file that reads back writes SGF that reads back to the
 * same position. */
#include <boardgames/tochki.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char sgf[FUZZ_TEXT_MAX], a[FUZZ_TEXT_MAX], b[FUZZ_TEXT_MAX];
	char *s = fuzz_string(data, size);
	bg_game *g, *h;

	if (bg_tochki_from_sgf(&g, s, NULL) == BG_OK) {
		FUZZ_ASSERT(bg_tochki_sgf(g, sgf, sizeof(sgf), NULL) == BG_OK);
		FUZZ_ASSERT(bg_tochki_from_sgf(&h, sgf, NULL) == BG_OK);
		FUZZ_ASSERT(!strcmp(fuzz_position(g, a), fuzz_position(h, b)));
		FUZZ_ASSERT(bg_hash(g) == bg_hash(h));
		bg_game_free(h);
		bg_game_free(g);
	}
	free(s);
	return 0;
}
