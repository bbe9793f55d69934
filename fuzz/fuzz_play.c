/*
 * Random bytes drive every game through legal/play/undo/clone/text while
 * the conformance invariants are checked: the first bytes pick the game
 * and its options (fuzz_pick_spec), then each byte is an action (mostly
 * "play move number b"), sometimes an undo, a clone compared with the
 * original, or a position-text round trip.
 */
#include "fuzz.h"

static char text_a[FUZZ_TEXT_MAX], text_b[FUZZ_TEXT_MAX];

static void same_game(const bg_game *a, const bg_game *b)
{
	FUZZ_ASSERT(bg_hash(a) == bg_hash(b));
	FUZZ_ASSERT(bg_to_move(a) == bg_to_move(b));
	FUZZ_ASSERT(!strcmp(fuzz_position(a, text_a), fuzz_position(b, text_b)));
}

static void check_undo(bg_game *g, const bg_move *m)
{
	static char before[FUZZ_TEXT_MAX];
	uint64_t hash = bg_hash(g);

	fuzz_position(g, before);
	FUZZ_ASSERT(bg_play(g, m) == BG_OK);
	FUZZ_ASSERT(bg_undo(g) == BG_OK);
	FUZZ_ASSERT(bg_hash(g) == hash);
	FUZZ_ASSERT(!strcmp(before, fuzz_position(g, text_a)));
}

static void check_text(bg_game *g, const bg_move *m)
{
	char text[512];
	bg_move back;

	FUZZ_ASSERT(bg_move_to_text(g, m, text, sizeof(text), NULL) == BG_OK);
	FUZZ_ASSERT(bg_move_from_text(g, text, &back) == BG_OK);
	FUZZ_ASSERT(bg_move_equal(m, &back));
}

static void act(bg_game *g, uint8_t b, bg_move *buf)
{
	bg_game *h;
	size_t n;

	switch (b % 16) {
	case 0:
		bg_undo(g);
		return;
	case 1:
		FUZZ_ASSERT(bg_game_clone(&h, g) == BG_OK);
		same_game(g, h);
		bg_game_free(h);
		return;
	case 2:
		FUZZ_ASSERT(bg_game_from_position(&h, fuzz_position(g, text_b)) == BG_OK);
		same_game(g, h);
		bg_game_free(h);
		return;
	default:
		break;
	}
	FUZZ_ASSERT(bg_legal_moves(g, buf, bg_max_moves(g), &n) == BG_OK);
	if (n == 0)
		return;
	bg_move *m = &buf[b / 16 % n];
	check_text(g, m);
	check_undo(g, m);
	FUZZ_ASSERT(bg_play(g, m) == BG_OK);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[512];
	bg_game *g;
	bg_move *buf;
	size_t i;

	if (size < 1)
		return 0;
	i = fuzz_pick_spec(data, size, spec, sizeof(spec));
	if (fuzz_new_game(&g, spec) != BG_OK)
		return 0;
	buf = malloc(bg_max_moves(g) * sizeof(*buf));
	FUZZ_ASSERT(buf);
	for (; i < size; i++)
		act(g, data[i], buf);
	free(buf);
	bg_game_free(g);
	return 0;
}
