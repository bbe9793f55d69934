/* Spec strings: a spec that parses gives a canonical spec that parses to
 * itself. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *spec = fuzz_string(data, size);
	bg_game *g, *h;

	if (bg_game_new(&g, spec) == BG_OK) {
		FUZZ_ASSERT(bg_game_new(&h, bg_game_spec(g)) == BG_OK);
		FUZZ_ASSERT(!strcmp(bg_game_spec(g), bg_game_spec(h)));
		FUZZ_ASSERT(bg_hash(g) == bg_hash(h));
		bg_game_free(h);
		bg_game_free(g);
	}
	free(spec);
	return 0;
}
