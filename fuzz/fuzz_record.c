/* Record text: a record that reads back writes a record that reads back
 * to the same game. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[FUZZ_TEXT_MAX], again[FUZZ_TEXT_MAX];
	char *s = fuzz_string(data, size);
	bg_game *g, *h;

	if (bg_game_from_record(&g, s) == BG_OK) {
		FUZZ_ASSERT(bg_record_text(g, text, sizeof(text), NULL) == BG_OK);
		FUZZ_ASSERT(bg_game_from_record(&h, text) == BG_OK);
		FUZZ_ASSERT(bg_record_text(h, again, sizeof(again), NULL) == BG_OK);
		FUZZ_ASSERT(!strcmp(text, again));
		FUZZ_ASSERT(bg_hash(g) == bg_hash(h));
		bg_game_free(h);
		bg_game_free(g);
	}
	free(s);
	return 0;
}
