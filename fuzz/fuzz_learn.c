/*
 * Random bytes drive the learning calls of every game and option set. The
 * calls that take shortcuts (a game's own actions, masks marked and
 * cleared by difference, a batch's direct steps) are checked against the
 * plain ones: the actions against the listed moves they stand for, both
 * ways; the mask against the actions; actions off the mask refused with
 * the game unchanged; each symmetry's image game against the images of
 * the actions, observation and hash; and a batch of one game, given the
 * same mask buffer every step, against the game it follows (its mask, its
 * legal actions listed, its observation).
 *
 * The first bytes pick the game and its options (fuzz_pick_spec), then
 * each byte is a step: mostly "play legal action number b / 8".
 */
#include "fuzz.h"

#include <boardgames/learn.h>

/* Moves of a position whose actions are mapped both ways, and actions
 * mapped by a symmetry: Dots has a thousand, and each lookup may list
 * them. */
#define SAMPLE 16

typedef struct run {
	const char *spec;
	bg_game *g;
	bg_batch *b;       /* one game following g; NULL once they part */
	uint32_t count;    /* actions */
	size_t max, nobs;
	bg_move *moves;
	uint32_t *acts;
	uint32_t *other_acts; /* a symmetry's image game's */
	uint8_t *mask;     /* g's mask */
	uint8_t *bmask;    /* the batch's, the same buffer every step */
	uint32_t *blist;   /* the batch's legal actions listed */
	float *obs, *img, *other;
	size_t n;          /* g's legal actions in acts, when listed */
	size_t nmoves;     /* and its legal moves in moves */
	int listed;        /* acts holds them: every move has an action */
} run;

/* ---- One game's actions ------------------------------------------------ */

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* mask holds exactly r's legal actions: each is 1, and with them cleared
 * (and then set again) every byte is 0. */
static void check_mask(const run *r, uint8_t *mask)
{
	uint64_t any = 0, word;
	size_t k;

	for (size_t i = 0; i < r->n; i++) {
		FUZZ_ASSERT(mask[r->acts[i]] == 1);
		mask[r->acts[i]] = 0;
	}
	for (k = 0; k + sizeof(word) <= r->count; k += sizeof(word)) {
		memcpy(&word, mask + k, sizeof(word));
		any |= word;
	}
	for (; k < r->count; k++)
		any |= mask[k];
	FUZZ_ASSERT(any == 0);
	for (size_t i = 0; i < r->n; i++)
		mask[r->acts[i]] = 1;
}

/* g's legal actions into r->acts, checked against its mask and, both
 * ways, against a sample of its moves (SAMPLE of them, rotating with the
 * ply); r->listed is 0 when a move has no action (then the calls that need
 * it fail with BG_ENOMEM). */
static void list_actions(run *r)
{
	size_t nm, every;
	int rc = bg_legal_actions(r->g, r->acts, r->max, &r->n);

	FUZZ_ASSERT(bg_legal_moves(r->g, r->moves, r->max, &nm) == BG_OK);
	r->nmoves = nm;
	r->listed = rc != BG_ENOMEM;
	if (!r->listed) {
		FUZZ_ASSERT(bg_action_mask(r->g, r->mask, r->count) ==
			    BG_ENOMEM);
		return;
	}
	FUZZ_ASSERT(rc == BG_OK && r->n == nm);
	for (size_t i = 1; i < r->n; i++)
		FUZZ_ASSERT(r->acts[i] > r->acts[i - 1]);
	FUZZ_ASSERT(bg_action_mask(r->g, r->mask, r->count) == BG_OK);
	check_mask(r, r->mask);
	every = nm > SAMPLE ? nm / SAMPLE : 1;
	for (size_t i = bg_ply(r->g) % every; i < nm; i += every) {
		uint32_t a;
		bg_move m;

		FUZZ_ASSERT(bg_move_to_action(r->g, &r->moves[i], &a) ==
			    BG_OK);
		FUZZ_ASSERT(bsearch(&a, r->acts, r->n, sizeof(a), cmp_u32));
		FUZZ_ASSERT(bg_action_to_move(r->g, a, &m) == BG_OK);
		FUZZ_ASSERT(bg_move_equal(&m, &r->moves[i]));
	}
}

static void observe(const bg_game *g, float *buf, size_t cap)
{
	FUZZ_ASSERT(bg_observe(g, bg_to_move(g) < 0 ? 0 : bg_to_move(g),
			       buf, cap) == BG_OK);
}

/* ---- The batch ------------------------------------------------------------ */

static void part(run *r)
{
	bg_batch_free(r->b);
	r->b = NULL;
}

/* The batch lists g's actions, each its move's in the list's order (a
 * sample of them checked so), sorted those of bg_legal_actions. */
static void same_list(run *r)
{
	uint32_t offsets[2];
	size_t total, every = r->n > SAMPLE ? r->n / SAMPLE : 1;

	FUZZ_ASSERT(bg_batch_legal_actions(r->b, offsets, r->blist, r->max,
					   &total) == BG_OK);
	FUZZ_ASSERT(total == r->n && offsets[0] == 0 && offsets[1] == r->n);
	for (size_t k = bg_ply(r->g) % every; k < r->n; k += every) {
		uint32_t a;

		FUZZ_ASSERT(bg_move_to_action(r->g, &r->moves[k], &a) ==
			    BG_OK);
		FUZZ_ASSERT(r->blist[k] == a);
	}
	qsort(r->blist, r->n, sizeof(*r->blist), cmp_u32);
	FUZZ_ASSERT(!memcmp(r->blist, r->acts, r->n * sizeof(*r->acts)));
}

/* The batch wrote g's mask and observation, and lists g's actions. */
static void same_position(run *r)
{
	check_mask(r, r->bmask);
	same_list(r);
	observe(r->g, r->obs, r->nobs);
	FUZZ_ASSERT(!memcmp(r->obs, r->other, r->nobs * sizeof(float)));
}

/* After a reset or a restart, at the start: the batch follows g from
 * there, unless the start has a move without an action. */
static void same_start(run *r)
{
	if (r->listed)
		same_position(r);
	else
		part(r);
}

/* The batch's game after the step that played `a` (by `seat`) against g:
 * g's position while it goes on; its end, reward and restart otherwise
 * (g is then a new game too). */
static void follow(run *r, uint32_t a, int seat)
{
	int status, winner, reason;
	float reward;
	uint8_t done;

	FUZZ_ASSERT(bg_batch_step(r->b, &a, r->other, r->bmask, &reward,
				  &done) == BG_OK);
	FUZZ_ASSERT(bg_outcome(r->g, &status, &winner, &reason) == BG_OK);
	if (status == BG_ONGOING && !r->listed) {
		/* Cut short: the game cannot name all its moves. */
		FUZZ_ASSERT(done == BG_STEP_TRUNCATED && reward == 0);
		part(r);
		return;
	}
	if (status == BG_ONGOING) {
		FUZZ_ASSERT(done == BG_STEP_GOING && reward == 0);
		same_position(r);
		return;
	}
	FUZZ_ASSERT(done == (reason == BG_REASON_MOVE_LIMIT ?
			     BG_STEP_TRUNCATED : BG_STEP_TERMINATED));
	FUZZ_ASSERT(reward == (status == BG_WIN ?
			       (winner == seat ? 1.0f : -1.0f) : 0.0f));
	bg_game_free(r->g);
	FUZZ_ASSERT(bg_game_new(&r->g, r->spec) == BG_OK);
	list_actions(r);
	same_start(r);
}

/* ---- Steps ------------------------------------------------------------- */

/* Action a, legal, played by `seat` in g: g's actions listed again, and
 * the batch, while it follows, makes the same step. */
static void played(run *r, uint32_t a, int seat)
{
	list_actions(r);
	if (r->b)
		follow(r, a, seat);
}

/* Legal action number k played. */
static void play_legal(run *r, unsigned k)
{
	int seat = bg_to_move(r->g);

	if (!r->listed) {
		/* A move without an action: played as a move. */
		part(r);
		FUZZ_ASSERT(bg_play(r->g, &r->moves[k % r->nmoves]) == BG_OK);
		list_actions(r);
		return;
	}
	if (r->n == 0)
		return;
	FUZZ_ASSERT(bg_play_action(r->g, r->acts[k % r->n]) == BG_OK);
	played(r, r->acts[k % r->n], seat);
}

/* Any number as an action: played when in the mask, otherwise refused
 * with the game unchanged. */
static void play_any(run *r, uint32_t a)
{
	static char before[FUZZ_TEXT_MAX], after[FUZZ_TEXT_MAX];
	uint64_t hash = bg_hash(r->g);
	uint32_t ply = bg_ply(r->g);
	int seat = bg_to_move(r->g), rc;

	if (!r->listed)
		return;
	fuzz_position(r->g, before);
	rc = bg_play_action(r->g, a);
	if (a < r->count && bsearch(&a, r->acts, r->n, sizeof(a), cmp_u32)) {
		FUZZ_ASSERT(rc == BG_OK);
		played(r, a, seat);
		return;
	}
	FUZZ_ASSERT(rc == (a >= r->count ? BG_EINVAL :
			   r->n ? BG_EILLEGAL : BG_EGAMEOVER));
	FUZZ_ASSERT(bg_hash(r->g) == hash && bg_ply(r->g) == ply);
	FUZZ_ASSERT(!strcmp(before, fuzz_position(r->g, after)));
}

/* Symmetry s: the image game has as many actions as g, among them the
 * images of a sample of g's; its observation, outcome and canonical hash
 * are the images of g's, and the inverse brings g back. */
static void check_symmetry(run *r, int s)
{
	static char a[FUZZ_TEXT_MAX], b[FUZZ_TEXT_MAX];
	bg_game *t, *u;
	size_t n, every = r->n > SAMPLE ? r->n / SAMPLE : 1;
	uint64_t h1, h2;
	int st1, st2, w1, w2;

	if (!r->listed)
		return;
	FUZZ_ASSERT(bg_symmetry_game(&t, r->g, s) == BG_OK);
	FUZZ_ASSERT(bg_legal_actions(t, r->other_acts, r->max, &n) == BG_OK);
	FUZZ_ASSERT(n == r->n);
	for (size_t i = bg_ply(r->g) % every; i < r->n; i += every) {
		uint32_t x;

		FUZZ_ASSERT(bg_symmetry_action(r->g, s, r->acts[i], &x) ==
			    BG_OK);
		FUZZ_ASSERT(bsearch(&x, r->other_acts, n, sizeof(x), cmp_u32));
	}
	observe(r->g, r->obs, r->nobs);
	FUZZ_ASSERT(bg_symmetry_observation(r->g, s, r->obs, r->img) ==
		    BG_OK);
	observe(t, r->obs, r->nobs);
	FUZZ_ASSERT(!memcmp(r->obs, r->img, r->nobs * sizeof(float)));
	FUZZ_ASSERT(bg_outcome(r->g, &st1, &w1, NULL) == BG_OK);
	FUZZ_ASSERT(bg_outcome(t, &st2, &w2, NULL) == BG_OK);
	FUZZ_ASSERT(st1 == st2 && w1 == w2);
	FUZZ_ASSERT(bg_canonical_hash(r->g, &h1, NULL) == BG_OK);
	FUZZ_ASSERT(bg_canonical_hash(t, &h2, NULL) == BG_OK);
	FUZZ_ASSERT(h1 == h2);
	FUZZ_ASSERT(bg_symmetry_game(&u, t, bg_symmetry_inverse(r->g, s)) ==
		    BG_OK);
	FUZZ_ASSERT(bg_hash(u) == bg_hash(r->g));
	FUZZ_ASSERT(!strcmp(fuzz_position(u, a), fuzz_position(r->g, b)));
	bg_game_free(u);
	bg_game_free(t);
}

static size_t step(run *r, const uint8_t *data, size_t size)
{
	uint8_t b = data[0];

	switch (b % 8) {
	case 0:
		if (bg_undo(r->g) == BG_OK)
			part(r);
		list_actions(r);
		return 1;
	case 1:
		if (size < 4)
			return size;
		play_any(r, ((uint32_t)data[1] | (uint32_t)data[2] << 8 |
			     (uint32_t)data[3] << 16) % (r->count + 2));
		return 4;
	case 2:
		check_symmetry(r, b / 8 % bg_symmetry_count(r->g));
		return 1;
	default:
		play_legal(r, b / 8);
		return 1;
	}
}

static void run_free(run *r)
{
	bg_batch_free(r->b);
	bg_game_free(r->g);
	free(r->moves);
	free(r->acts);
	free(r->other_acts);
	free(r->mask);
	free(r->bmask);
	free(r->blist);
	free(r->obs);
	free(r->img);
	free(r->other);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char spec[512];
	run r = { .spec = spec };
	size_t i;
	int planes, h, w;

	if (size < 1)
		return 0;
	i = fuzz_pick_spec(data, size, spec, sizeof(spec));
	if (fuzz_new_game(&r.g, spec) != BG_OK)
		return 0;
	r.count = bg_action_count(r.g);
	r.max = bg_max_moves(r.g);
	FUZZ_ASSERT(bg_observation_shape(r.g, &planes, &h, &w) == BG_OK);
	r.nobs = (size_t)planes * (size_t)h * (size_t)w;
	r.moves = malloc(r.max * sizeof(*r.moves));
	r.acts = malloc(r.max * sizeof(*r.acts));
	r.other_acts = malloc(r.max * sizeof(*r.other_acts));
	r.mask = malloc(r.count);
	r.bmask = malloc(r.count);
	r.blist = malloc(r.max * sizeof(*r.blist));
	r.obs = malloc(r.nobs * sizeof(float));
	r.img = malloc(r.nobs * sizeof(float));
	r.other = malloc(r.nobs * sizeof(float));
	FUZZ_ASSERT(r.moves && r.acts && r.other_acts && r.mask && r.bmask &&
		    r.blist && r.obs && r.img && r.other);
	FUZZ_ASSERT(bg_batch_new(&r.b, spec, 1, 1, 1) == BG_OK);
	FUZZ_ASSERT(bg_batch_reset(r.b, r.other, r.bmask) == BG_OK);
	list_actions(&r);
	same_start(&r);
	while (i < size)
		i += step(&r, data + i, size - i);
	run_free(&r);
	return 0;
}
