/*
 * The learning API's actions and observations (include/boardgames/learn.h),
 * made from the moves and pieces of the generic API and the game's learn
 * and observe hooks.
 */
#include <assert.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "board/bits.h"
#include "core/game.h"
#include "core/learn.h"
#include "core/planes.h"

/* ---- the action layout -------------------------------------------------- */

void bg_layout_of(const bg_game *g, bg_layout *al)
{
	const bg_rules *r = g->rules;
	bg_learn_info li = { .pairs = 1, .ranks = 1 };
	uint32_t n = (uint32_t)bg_rules_board(r, g->cfg)->npoints;

	if (r->learn)
		r->learn(g->cfg, &li);
	al->n = n;
	al->pairs = li.pairs;
	al->bases = n + (li.pairs ? n * n : 0);
	al->removals = li.removals ? n + 1 : 1;
	al->ranks = li.ranks ? li.ranks : 1;
	al->pass = al->bases * al->removals * al->ranks;
	al->ground = li.ground ? al->pass + 1 : UINT32_MAX;
	al->count = al->pass + 1 + (li.ground ? 1 : 0);
	al->nplanes = BG_OBS_COMMON + li.nplanes;
	al->counters = li.counters;
	al->plane_names = li.plane_names;
	assert(li.counters <= li.nplanes && li.counters <= BG_GAME_COUNTERS &&
	       (!li.counters || r->counters) &&
	       (li.counters == li.nplanes || r->observe));
	al->direct = r->legal_actions && r->action_move ? li.direct : 0;
	/* The numbers of bg_action_pair, bg_action_pass and
	 * bg_action_make. */
	assert(!al->direct || (al->pairs && al->ground == UINT32_MAX));
}

/* The fields of m but its rank, as one number (key * ranks + rank is the
 * action), or UINT32_MAX for a move the layout has no action for. Pass and
 * ground have their own actions: their key is the action itself. */
static inline uint32_t move_key(const bg_layout *al, const bg_move *m)
{
	uint32_t base, rem = 0;
	int last = m->npath - 1;

	if (m->kind == BG_MOVE_PASS)
		return al->pass;
	if (m->kind == BG_MOVE_GROUND)
		return al->ground;
	if (m->kind == BG_MOVE_PLACE && m->npath == 1) {
		base = m->pts[0];
	} else if (m->kind == BG_MOVE_PLACE && m->npath > 2) {
		return UINT32_MAX;
	} else {
		/* Steps, jumps, captures, and two points placed. */
		if (!al->pairs)
			return UINT32_MAX;
		base = al->n + m->pts[0] * al->n + m->pts[last];
	}
	if (m->nremove) {
		if (al->removals == 1)
			return UINT32_MAX;
		rem = 1 + m->pts[m->npath];
	}
	return base * al->removals + rem;
}

/* move_key of a piece moved with nothing removed, the commonest move, by
 * one test of its kind and counts instead of move_key's walk through the
 * kinds: 28 instructions a move instead of 36 in Corners. */
static inline uint32_t move_key_quick(const bg_layout *al, const bg_move *m)
{
	if ((unsigned)m->kind - BG_MOVE_STEP <=
	    BG_MOVE_CAPTURE - BG_MOVE_STEP && !m->nremove && al->pairs)
		return (al->n + m->pts[0] * al->n + m->pts[m->npath - 1]) *
		       al->removals;
	return move_key(al, m);
}

static int is_special(const bg_layout *al, uint32_t key)
{
	return key == al->pass || key == al->ground;
}

static int no_action(void)
{
	return bg_seterr(BG_ENOMEM, "a legal move outside the action layout "
			 "(more moves share the fields of one action than it "
			 "has ranks)");
}

/* The action of list[i] among the n legal moves of list: BG_OK, or
 * BG_ENOMEM when the move has none. */
int bg_action_at(const bg_layout *al, const bg_move *list, size_t n, size_t i,
		 uint32_t *action)
{
	uint32_t key = move_key(al, &list[i]), rank = 0;

	if (key == UINT32_MAX)
		return no_action();
	if (is_special(al, key)) {
		*action = key;
		return BG_OK;
	}
	if (al->ranks > 1)
		for (size_t j = 0; j < n; j++)
			if (j != i && move_key(al, &list[j]) == key &&
			    bg_move_cmp(&list[j], &list[i]) < 0)
				rank++;
	if (rank >= al->ranks)
		return no_action();
	*action = key * al->ranks + rank;
	return BG_OK;
}

/* Words of one filter of bg_actions_of for n moves: a power of two with
 * at least 32 bits a move, so that few keys meet another by chance. */
static size_t filter_words(size_t n)
{
	size_t w = 16;

	while (w * 64 < 32 * n)
		w *= 2;
	return w;
}

size_t bg_actions_scratch(size_t max_moves)
{
	return (max_moves + 1) / 2 + 2 * filter_words(max_moves);
}

int bg_actions_of(const bg_layout *layout, const bg_move *list, size_t n,
		  uint32_t *acts, uint64_t *scratch)
{
	/* A copy the stores into acts cannot alias: its fields stay in
	 * registers across the loops. */
	const bg_layout copy = *layout, *al = &copy;
	size_t words = filter_words(n), nshared = 0;
	uint64_t *once = scratch, *twice = scratch + words;
	uint32_t *shared = (uint32_t *)(void *)(twice + words);

	if (al->ranks == 1) {
		for (size_t i = 0; i < n; i++)
			if ((acts[i] = move_key_quick(al, &list[i])) ==
			    UINT32_MAX)
				return no_action();
		return BG_OK;
	}
	/* Bit k of once: a key that is k modulo the filter's bits was met; of
	 * twice: met again. Only the moves of keys met twice can share their
	 * key with another move and need ranks, which most keys do not. */
	memset(scratch, 0, 2 * words * sizeof(*scratch));
	for (size_t i = 0; i < n; i++) {
		uint32_t key = move_key_quick(al, &list[i]);
		size_t k = key & (words * 64 - 1);

		if (key == UINT32_MAX)
			return no_action();
		acts[i] = key; /* the key until the next loop */
		twice[k / 64] |= once[k / 64] & (uint64_t)1 << (k % 64);
		once[k / 64] |= (uint64_t)1 << (k % 64);
	}
	/* Every key of a move but pass and ground (keys al->pass and up,
	 * their own actions) is below al->pass: one compare, and the key
	 * at hand, not divided back out of the action. */
	for (size_t i = 0; i < n; i++) {
		uint32_t key = acts[i];
		size_t k = key & (words * 64 - 1);

		if (key >= al->pass)
			continue;
		if (twice[k / 64] >> (k % 64) & 1)
			shared[nshared++] = (uint32_t)i;
		acts[i] = key * al->ranks;
	}
	/* A move's rank: the moves of its key before it in bg_move_cmp's
	 * order, as bg_action_at counts them. acts[i] is still its key
	 * times ranks, and a move j has the same key when acts[j], its rank
	 * added or not yet, is less than ranks above that: a subtraction
	 * where a division by the ranks (known only at run time) made each
	 * compare wait (alquerque's batch steps 1-3 % faster). */
	for (size_t a = 0; a < nshared; a++) {
		size_t i = shared[a];
		uint32_t first = acts[i], rank = 0;

		for (size_t b = 0; b < nshared; b++) {
			size_t j = shared[b];

			rank += acts[j] - first < al->ranks &&
				bg_move_cmp(&list[j], &list[i]) < 0;
		}
		if (rank >= al->ranks)
			return no_action();
		acts[i] += rank;
	}
	return BG_OK;
}

int bg_actions_mark(const uint32_t *acts, size_t n, uint8_t *mask)
{
	uint8_t seen = 0;

	/* An action set twice is found after the loop: a branch a move
	 * less. (The caller clears the mask on failure.) */
	for (size_t i = 0; i < n; i++) {
		seen |= mask[acts[i]];
		mask[acts[i]] = 1;
	}
	return seen ? no_action() : BG_OK;
}

/* The index in list of the move with `action`, or -1 for none. */
long bg_action_find(const bg_layout *al, const bg_move *list, size_t n,
		    uint32_t action)
{
	int special = action >= al->pass;
	uint32_t key = special ? action : action / al->ranks;
	uint32_t rank = special ? 0 : action % al->ranks;

	for (size_t i = 0; i < n; i++) {
		uint32_t r = 0;

		if (move_key(al, &list[i]) != key)
			continue;
		if (al->ranks > 1 && !special)
			for (size_t j = 0; j < n; j++)
				if (j != i && move_key(al, &list[j]) == key &&
				    bg_move_cmp(&list[j], &list[i]) < 0)
					r++;
		if (r == rank)
			return (long)i;
	}
	return -1;
}

/* The actions of the n legal moves in list, into mask (zeroed, al->count
 * bytes): the moves that share a key have the ranks 0 .. c-1 between them,
 * whichever has which. */
static int fill_mask(const bg_layout *al, const bg_move *list, size_t n,
		     uint8_t *mask)
{
	for (size_t i = 0; i < n; i++) {
		uint32_t key = move_key(al, &list[i]), a, end;

		if (key == UINT32_MAX)
			return no_action();
		if (is_special(al, key)) {
			a = key;
		} else {
			a = key * al->ranks;
			end = a + al->ranks;
			while (a < end && mask[a])
				a++;
			if (a == end)
				return no_action();
		}
		mask[a] = 1;
	}
	return BG_OK;
}

/* The legal moves into g's scratch list; none once the game is over. */
static int scratch(const bg_game *g, size_t *n)
{
	if (g->result.status != BG_ONGOING) {
		*n = 0;
		return BG_OK;
	}
	return bg_game_scratch_moves(g, n);
}

static bool ascending(const uint32_t *a, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (a[i - 1] > a[i])
			return false;
	return true;
}

/* Sort without allocating (Shell's gaps): legal lists are short and mostly
 * in order already, and a game's own actions often wholly. */
static void sort_actions(uint32_t *a, size_t n)
{
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

	if (ascending(a, n))
		return;
	/* Runs of a few dozen (a game's moves piece by piece) take
	 * insertion alone, the last gap: the larger ones cost more there
	 * than they save. */
	for (size_t k = n > 64 ? 0 : sizeof(gaps) / sizeof(gaps[0]) - 1;
	     k < sizeof(gaps) / sizeof(gaps[0]); k++)
		for (size_t i = gaps[k]; i < n; i++) {
			uint32_t v = a[i];
			size_t j = i;

			for (; j >= gaps[k] && a[j - gaps[k]] > v; j -= gaps[k])
				a[j] = a[j - gaps[k]];
			a[j] = v;
		}
}

/* Is a among the n ascending actions? Sixteen compares at a time where
 * the CPU has AVX-512 (6 % more single-game steps a second in Corners
 * than halving the list, whose branches the processor guessed wrong),
 * else by halves. */
static bool has_action(const uint32_t *acts, size_t n, uint32_t a)
{
	size_t lo = 0, hi = n;

	if (bg_avx512_ok())
		return bg_action_index(acts, n, a, true) < n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (acts[mid] < a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && acts[lo] == a;
}

/* The actions of the legal moves from the game's own hook (as a batch
 * makes them, without listing 72-byte moves and numbering them),
 * ascending, in g's scratch list (room for max_moves of them): their
 * count, none once the game is over; or BG_ACTIONS_LISTED where the core
 * is to number them from the list: the game has no hook, or leaves this
 * position to the list. Kept for the next call in the same position
 * (bg_legal_actions then bg_play_action asks the game once). */
static size_t kept_actions(const bg_game *g, const bg_layout *al,
			   const uint32_t **out)
{
	bg_game *w = (bg_game *)g;
	uint32_t *acts = (uint32_t *)(void *)g->scratch;
	size_t n;

	*out = acts;
	if (!al->direct)
		return BG_ACTIONS_LISTED;
	/* A result declared (a resignation) ends the game in the position
	 * whose actions may be kept. */
	if (g->result.status != BG_ONGOING)
		return 0;
	if (g->acts_kept)
		return g->nacts;
	bg_game_unlist(g);
	n = g->rules->legal_actions(g->cfg, g->st, acts);
	if (n == BG_ACTIONS_LISTED)
		return n;
	sort_actions(acts, n);
	w->nacts = n;
	w->acts_kept = true;
	return n;
}

uint32_t bg_action_count(const bg_game *g)
{
	assert(g);
	return g ? g->layout.count : 0;
}

int bg_move_to_action(const bg_game *g, const bg_move *m, uint32_t *action)
{
	bg_layout al;
	size_t n;
	int rc;

	if (!g || !m || !action)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if ((rc = bg_move_shape(m)) != BG_OK)
		return bg_game_fail(g, rc);
	if (g->result.status != BG_ONGOING)
		return bg_game_fail(g, bg_seterr(BG_EGAMEOVER, "the game is "
						 "over"));
	if ((rc = scratch(g, &n)) != BG_OK)
		return bg_game_fail(g, rc);
	al = g->layout;
	for (size_t i = 0; i < n; i++)
		if (bg_move_equal(&g->scratch[i], m))
			return bg_game_fail(g, bg_action_at(&al, g->scratch, n,
							    i, action));
	return bg_game_fail(g, bg_seterr(BG_EILLEGAL, "the move is not legal "
					 "here"));
}

static int illegal_action(const bg_game *g, uint32_t action)
{
	return bg_game_fail(g, bg_seterr(BG_EILLEGAL, "action %u is not legal "
					 "here", action));
}

int bg_action_to_move(const bg_game *g, uint32_t action, bg_move *m)
{
	bg_layout al;
	const uint32_t *acts;
	size_t n;
	long i;
	int rc;

	if (!g || !m)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	al = g->layout;
	if (action >= al.count)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "action %u is not "
						 "below the count %u", action,
						 al.count));
	if (g->result.status != BG_ONGOING)
		return bg_game_fail(g, bg_seterr(BG_EGAMEOVER, "the game is "
						 "over"));
	n = kept_actions(g, &al, &acts);
	if (n != BG_ACTIONS_LISTED) {
		if (!has_action(acts, n, action))
			return illegal_action(g, action);
		g->rules->action_move(g->cfg, g->st, action, m);
		return BG_OK;
	}
	if ((rc = scratch(g, &n)) != BG_OK)
		return bg_game_fail(g, rc);
	i = bg_action_find(&al, g->scratch, n, action);
	if (i >= 0) {
		*m = g->scratch[i];
		return BG_OK;
	}
	return illegal_action(g, action);
}

static int no_room(const bg_game *g, size_t count, size_t cap)
{
	return bg_game_fail(g, bg_seterr(BG_EBUFSIZE, "%zu actions need room, "
					 "not %zu", count, cap));
}

int bg_legal_actions(const bg_game *g, uint32_t *buf, size_t cap, size_t *n)
{
	bg_layout al;
	const uint32_t *acts;
	size_t count;
	int rc;

	if (!g || !n || (!buf && cap))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	al = g->layout;
	count = kept_actions(g, &al, &acts);
	if (count != BG_ACTIONS_LISTED) {
		*n = count;
		if (!buf && !cap)
			return BG_OK;
		if (cap < count)
			return no_room(g, count, cap);
		memcpy(buf, acts, count * sizeof(*buf));
		return BG_OK;
	}
	if ((rc = scratch(g, &count)) != BG_OK)
		return bg_game_fail(g, rc);
	*n = count;
	if (!buf && !cap)
		return BG_OK;
	if (cap < count)
		return no_room(g, count, cap);
	for (size_t i = 0; i < count; i++) {
		uint32_t key = move_key(&al, &g->scratch[i]);

		if (key == UINT32_MAX)
			return bg_game_fail(g, no_action());
		buf[i] = is_special(&al, key) ? key : key * al.ranks;
	}
	sort_actions(buf, count);
	/* Moves that share a key have the ranks 0 .. c-1 between them. */
	for (size_t i = 1, run = 0; i < count; i++) {
		run = buf[i] == buf[i - 1 - run] ? run + 1 : 0;
		if (run >= al.ranks)
			return bg_game_fail(g, no_action());
		buf[i] += (uint32_t)run;
	}
	return BG_OK;
}

int bg_action_mask(const bg_game *g, uint8_t *mask, size_t cap)
{
	bg_layout al;
	const uint32_t *acts;
	size_t n;
	int rc;

	if (!g || !mask)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	al = g->layout;
	if (cap < al.count)
		return bg_game_fail(g, bg_seterr(BG_EBUFSIZE, "the mask needs %u "
						 "bytes, not %zu", al.count,
						 cap));
	n = kept_actions(g, &al, &acts);
	if (n != BG_ACTIONS_LISTED) {
		memset(mask, 0, al.count);
		for (size_t k = 0; k < n; k++)
			mask[acts[k]] = 1;
		return BG_OK;
	}
	if ((rc = scratch(g, &n)) != BG_OK)
		return bg_game_fail(g, rc);
	memset(mask, 0, al.count);
	if ((rc = fill_mask(&al, g->scratch, n, mask)) != BG_OK) {
		memset(mask, 0, al.count);
		return bg_game_fail(g, rc);
	}
	return BG_OK;
}

int bg_play_action(bg_game *g, uint32_t action)
{
	bg_move m;
	int rc;

	if ((rc = bg_action_to_move(g, action, &m)) != BG_OK)
		return rc;
	return bg_game_fail(g, bg_game_play_legal(g, &m));
}

/* ---- observations ------------------------------------------------------- */

static const char *const common_planes[BG_OBS_COMMON] = {
	"board", "own men", "own kings", "own dead", "opponent men",
	"opponent kings", "opponent dead", "to move", "ply", "repetitions",
	"reversible plies"
};

int bg_observation_shape(const bg_game *g, int *planes, int *height,
			 int *width)
{
	const bg_board *b;
	bg_layout al;

	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	b = bg_rules_board(g->rules, g->cfg);
	al = g->layout;
	if (planes)
		*planes = (int)al.nplanes;
	if (height)
		*height = b->height;
	if (width)
		*width = b->width;
	return BG_OK;
}

const char *bg_observation_plane_name(const bg_game *g, int k)
{
	bg_layout al;

	if (!g || k < 0)
		return NULL;
	al = g->layout;
	if ((unsigned)k >= al.nplanes)
		return NULL;
	return k < BG_OBS_COMMON ? common_planes[k] :
		al.plane_names[k - BG_OBS_COMMON];
}

/* The plane of a piece seen from `seat`, or -1 for none. */
static int piece_plane(int seat, int owner, int kind)
{
	int base = owner == seat ? 1 : 4;

	if (owner < 0 || kind == BG_PIECE_NONE)
		return -1;
	return base + (kind == BG_PIECE_MAN ? 0 : kind == BG_PIECE_KING ? 1 : 2);
}

const float bg_nibble_floats[16][4] = {
	{0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0},
	{0, 0, 1, 0}, {1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 1, 0},
	{0, 0, 0, 1}, {1, 0, 0, 1}, {0, 1, 0, 1}, {1, 1, 0, 1},
	{0, 0, 1, 1}, {1, 0, 1, 1}, {0, 1, 1, 1}, {1, 1, 1, 1},
};

/* The most words a game's `pieces` sets may take: boards of up to 1280
 * points (Dots' default field has 1248) use the hook. */
#define PIECE_SET_WORDS 20

/* A 1 on a cleared plane at each point of a set of `words` words. */
BG_ALWAYS_INLINE void scatter_ones(float *plane, const int *cell,
				   const uint64_t *set, size_t words)
{
	for (size_t w = 0; w < words; w++)
		for (uint64_t b = set[w]; b; b &= b - 1)
			plane[cell[w * 64 + (size_t)bg_ctz64(b)]] = 1;
}

/* The pieces of `owner`'s three sets (men, kings, others) on the three
 * planes from `plane`; words is a constant where this is inlined. */
BG_ALWAYS_INLINE void scatter_sets(float *plane, size_t area,
				   const int *cell, const uint64_t *set,
				   size_t words)
{
#pragma GCC unroll 3
	for (int c = 0; c < 3; c++)
		scatter_ones(plane + (size_t)c * area, cell,
			     set + (size_t)c * words, words);
}

/* A 1 on the piece planes (cleared) where the pieces stand: through the
 * game's sets of pieces where it has them, else point by point. */
static void write_pieces(const bg_game *g, const int *cell, int seat,
			 size_t np, size_t area, float *buf)
{
	const bg_rules *r = g->rules;
	size_t words = (np + 63) / 64;

	if (r->pieces && words <= PIECE_SET_WORDS) {
		uint64_t set[6 * PIECE_SET_WORDS];
		/* Sets 0-2 are seat 0's, 3-5 seat 1's: planes 1-3 hold the
		 * seat's own, 4-6 the opponent's. */
		float *own = buf + area, *opp = buf + 4 * area;
		float *first = seat == 0 ? own : opp;
		float *second = seat == 0 ? opp : own;

		r->pieces(g->cfg, g->st, set, words);
		/* One word (boards of up to 64 points) written out: the
		 * loops over words and planes cost more than the pieces. */
		if (words == 1) {
			scatter_sets(first, area, cell, set, 1);
			scatter_sets(second, area, cell, set + 3, 1);
		} else {
			scatter_sets(first, area, cell, set, words);
			scatter_sets(second, area, cell, set + 3 * words,
				     words);
		}
		return;
	}
	for (size_t p = 0; p < np; p++) {
		int owner, kind, k;

		r->piece(g->cfg, g->st, (int)p, &owner, &kind);
		if ((k = piece_plane(seat, owner, kind)) > 0)
			buf[(size_t)k * area + (size_t)cell[p]] = 1;
	}
}

/* v on the squares of a plane that are points, 0 on the others: v times
 * the board plane (1 on the points), eight squares a step as
 * bg_plane_fill does. (v is never negative, so its 0s are the +0 of a
 * cleared plane.) */
static void scale_plane(float *restrict plane, float v,
			const float *restrict board, size_t area)
{
	size_t c = 0;

	for (; c + 8 <= area; c += 8)
		for (int k = 0; k < 8; k++)
			plane[c + (size_t)k] = v * board[c + (size_t)k];
	if (c < area && area >= 8)
		for (int k = 0; k < 8; k++)
			plane[area - 8 + (size_t)k] =
				v * board[area - 8 + (size_t)k];
	else
		for (; c < area; c++)
			plane[c] = v * board[c];
}

/* Eight squares from `at` of four planes as scale_plane writes one, with
 * the values v0 to v3. */
BG_ALWAYS_INLINE void scale_eight(float *restrict p, float v0, float v1,
				  float v2, float v3,
				  const float *restrict board, size_t area,
				  size_t at)
{
	float *p0 = p + at, *p1 = p0 + area, *p2 = p1 + area, *p3 = p2 + area;
	const float *b = board + at;

	/* A loop a plane: vector stores, which one loop storing to the
	 * four planes in turn is not made of. */
	for (int k = 0; k < 8; k++)
		p0[k] = v0 * b[k];
	for (int k = 0; k < 8; k++)
		p1[k] = v1 * b[k];
	for (int k = 0; k < 8; k++)
		p2[k] = v2 * b[k];
	for (int k = 0; k < 8; k++)
		p3[k] = v3 * b[k];
}

/* Four planes from `first` on as scale_plane writes one: the board
 * plane's squares are loaded once for the four. */
static void scale_four(float *restrict first, const float *v,
		       const float *restrict board, size_t area)
{
	float v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
	size_t c = 0;

	for (; c + 8 <= area; c += 8)
		scale_eight(first, v0, v1, v2, v3, board, area, c);
	if (c < area && area >= 8) {
		scale_eight(first, v0, v1, v2, v3, board, area, area - 8);
		return;
	}
	for (; c < area; c++) {
		first[c] = v0 * board[c];
		first[area + c] = v1 * board[c];
		first[2 * area + c] = v2 * board[c];
		first[3 * area + c] = v3 * board[c];
	}
}

/* Eight squares from `at` of four planes, all v0 to v3 (a plane
 * each). */
BG_ALWAYS_INLINE void fill_eight(float *restrict p, float v0, float v1,
				 float v2, float v3, size_t area, size_t at)
{
	float *p0 = p + at, *p1 = p0 + area, *p2 = p1 + area, *p3 = p2 + area;

	for (int k = 0; k < 8; k++)
		p0[k] = v0;
	for (int k = 0; k < 8; k++)
		p1[k] = v1;
	for (int k = 0; k < 8; k++)
		p2[k] = v2;
	for (int k = 0; k < 8; k++)
		p3[k] = v3;
}

/* Four planes from `first` on as bg_plane_fill writes one, with the
 * values v[0] to v[3]: one loop for the four, whose count and branch
 * cost as much as the stores of a plane. */
static void fill_four(float *restrict first, const float *v, size_t area)
{
	float v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
	size_t c = 0;

	for (; c + 8 <= area; c += 8)
		fill_eight(first, v0, v1, v2, v3, area, c);
	if (c == area)
		return;
	if (area >= 8) {
		fill_eight(first, v0, v1, v2, v3, area, area - 8);
		return;
	}
	for (size_t i = 0; i < 4; i++)
		bg_plane_fill(first + i * area, (int)area, v[i]);
}

/* n (at least 4) counter planes from `first` on, as scale_plane writes
 * each: four at a time, and the last one or two alone; three left are
 * the last four, overlapping the four before (a plane written twice with
 * its own values), which costs less than three alone. */
static void scale_planes(float *first, const float *v, size_t n,
			 const float *board, size_t area)
{
	size_t i = 0;

	assert(n >= 4);
	for (; i + 4 <= n; i += 4)
		scale_four(first + i * area, v + i, board, area);
	if (n - i == 3) {
		scale_four(first + (n - 4) * area, v + n - 4, board, area);
		return;
	}
	for (; i < n; i++)
		scale_plane(first + i * area, v[i], board, area);
}

/* Planes 7 on, one value each: to move, ply, repetitions, reversible
 * plies, then the game's counters. */
static void counters_of(const bg_game *g, const bg_layout *al, int seat,
			float *v)
{
	const bg_rules *r = g->rules;

	v[0] = bg_rules_to_move(r, g->cfg, g->st) == seat &&
	       g->result.status == BG_ONGOING;
	v[1] = (float)(g->ply0 + g->hist_len);
	v[2] = (float)bg_game_repetitions(g);
	v[3] = (float)(g->hist_len - g->rep_start);
	if (al->counters)
		r->counters(g->cfg, g->st, seat, v + 4);
}

/* The portable writer: plane by plane, each written in one pass. The
 * piece planes hold a 1 only where a piece stands, and the game's planes
 * after its counters are written at the points only: they are cleared
 * first. */
static void observe_portable(const bg_game *g, const bg_layout *al,
			     const bg_cells *c, size_t nown, int seat,
			     float *buf)
{
	size_t area = c->area, np = c->npoints, nc = 4 + al->counters;
	float counters[4 + BG_GAME_COUNTERS];
	float *own = buf + (7 + nc) * area;

	memset(buf + area, 0, 6 * area * sizeof(*buf));
	if (np < area && nown)
		memset(own, 0, nown * area * sizeof(*buf));
	/* After the clearing: loads issued before it made the step slower
	 * (alquerque 11 %). */
	counters_of(g, al, seat, counters);
	if (np == area) {
		bg_plane_fill(buf, (int)area, 1);
		/* The common four together; the game's counters after
		 * them. */
		fill_four(buf + 7 * area, counters, area);
		for (size_t i = 4; i < nc; i++)
			bg_plane_fill(buf + (7 + i) * area, (int)area,
				      counters[i]);
	} else {
		/* Made once with the cells: a copy, not a scatter a step. */
		memcpy(buf, c->board, area * sizeof(*buf));
		scale_planes(buf + 7 * area, counters, nc, c->board, area);
	}
	write_pieces(g, c->cell, seat, np, area, buf);
}

_Atomic int bg_wide_known;

#ifdef BG_AVX512
/* An environment variable set to something other than empty or "0". */
static bool env_set(const char *name)
{
	const char *v = getenv(name);

	return v && *v && strcmp(v, "0") != 0;
}
#endif

int bg_wide_find(void)
{
	int k = BG_WIDE_NONE;

#ifdef BG_AVX512
	__builtin_cpu_init();
	if (__builtin_cpu_supports("avx512f") &&
	    __builtin_cpu_supports("bmi2") &&
	    __builtin_cpu_supports("popcnt") && !env_set("BG_NO_AVX512"))
		k = BG_WIDE_AVX512;
#ifdef BG_VBMI2
	if (k == BG_WIDE_AVX512 && __builtin_cpu_supports("avx512bw") &&
	    __builtin_cpu_supports("avx512vbmi2") && !env_set("BG_NO_VBMI2"))
		k = BG_WIDE_VBMI2;
#endif
#endif
	atomic_store_explicit(&bg_wide_known, k, memory_order_relaxed);
	return k;
}

#ifdef BG_AVX512
/* The wide writer, from the game's sets of pieces (the observer's
 * first). */
static void observe_wide(const bg_game *g, const bg_layout *al,
			 const bg_cells *c, size_t nown, int seat, float *buf,
			 float *extra)
{
	const bg_rules *r = g->rules;
	size_t words = (c->npoints + 63) / 64;
	uint64_t set[6 * PIECE_SET_WORDS];
	float counters[4 + BG_GAME_COUNTERS];
	bg_planes_in in = {
		.sets = { seat == 0 ? set : set + 3 * words,
			  seat == 0 ? set + 3 * words : set },
		.words = words,
		.counters = counters,
		.ncounters = 4 + al->counters,
		.nown = nown,
	};

	counters_of(g, al, seat, counters);
	r->pieces(g->cfg, g->st, set, words);
	if (nown && !c->direct) {
		r->observe(g->cfg, g->st, seat, extra);
		in.own = extra;
	}
	bg_planes_avx512(buf, c, &in);
}
#endif

void bg_observe_into(const bg_game *g, const bg_layout *al,
		     const bg_cells *c, int seat, float *buf, float *extra)
{
	const bg_rules *r = g->rules;
	size_t area = c->area, np = c->npoints, nc = 4 + al->counters;
	size_t nown = al->nplanes - BG_OBS_COMMON - al->counters;
	float *own = buf + (7 + nc) * area;

#ifdef BG_AVX512
	if (c->wide && r->pieces && (np + 63) / 64 <= PIECE_SET_WORDS) {
		observe_wide(g, al, c, nown, seat, buf, extra);
		if (nown && c->direct)
			r->observe(g->cfg, g->st, seat, own);
		return;
	}
#endif
	observe_portable(g, al, c, nown, seat, buf);
	if (!nown)
		return;
	/* Where cell[p] is p, the game's layout (plane i at i * np) is the
	 * observation's own: the game writes in place. */
	if (c->direct) {
		r->observe(g->cfg, g->st, seat, own);
		return;
	}
	r->observe(g->cfg, g->st, seat, extra);
	for (size_t i = 0; i < nown; i++) {
		float *plane = own + i * area;

		for (size_t p = 0; p < np; p++)
			plane[c->cell[p]] = extra[i * np + p];
	}
}

/* The cells of a full grid, a board without a coordinates table: point
 * p is square p. */
static void grid_cells(bg_cells *c)
{
	size_t np = c->npoints, words = bg_cells_words(c->area);

	assert(np == c->area);
	for (size_t p = 0; p < np; p++) {
		c->cell[p] = (int)p;
		c->board[p] = 1;
	}
	for (size_t w = 0; w < words; w++)
		c->squares[w] = w < np / 64 ? ~UINT64_C(0) :
				w == np / 64 && np % 64 ?
				(UINT64_C(1) << np % 64) - 1 : 0;
}

/* The cells of a board drawn from its coordinates table; whether they
 * ascend with the points. Cells that ascend and fill the frame are
 * direct: np rising squares among np are 0 .. np - 1. */
static bool table_cells(const bg_board *b, bg_cells *c)
{
	const int8_t(*xy)[2] = b->xy;
	int w = b->width, last = -1;
	bool descends = false;

	memset(c->board, 0, c->area * sizeof(*c->board));
	memset(c->squares, 0, bg_cells_words(c->area) * sizeof(*c->squares));
	for (int p = 0; p < b->npoints; p++) {
		int s = xy[p][1] * w + xy[p][0];
		unsigned u = (unsigned)s;

		c->cell[p] = s;
		c->board[s] = 1;
		c->squares[u / 64] |= UINT64_C(1) << (u % 64);
		descends |= s <= last;
		last = s;
	}
	c->direct = !descends && c->npoints == c->area;
	return !descends;
}

/* The cells of board b into c, whose arrays have room for them. */
static void cells_of(const bg_board *b, bg_cells *c)
{
	bool ascending = true;

	c->area = (size_t)b->width * (size_t)b->height;
	c->npoints = (size_t)b->npoints;
	if (b->xy) {
		ascending = table_cells(b, c);
	} else {
		c->direct = true;
		grid_cells(c);
	}
#ifdef BG_AVX512
	c->wide = ascending && c->area <= BG_PLANES_MAX_SQUARES &&
		  bg_avx512_ok();
#else
	(void)ascending;
	c->wide = false;
#endif
}

size_t bg_cells_size(const bg_board *b)
{
	size_t area = (size_t)b->width * (size_t)b->height;

	return bg_cells_words(area) * sizeof(uint64_t) +
	       ((size_t)b->npoints + area) * sizeof(float);
}

void bg_cells_in(const bg_board *b, bg_cells *c, void *mem)
{
	size_t area = (size_t)b->width * (size_t)b->height;

	_Static_assert(sizeof(int) == sizeof(float), "cells and planes");
	c->squares = mem;
	c->cell = (int *)(void *)(c->squares + bg_cells_words(area));
	c->board = (float *)(void *)(c->cell + b->npoints);
	cells_of(b, c);
}

int bg_observe(const bg_game *g, int seat, float *buf, size_t cap)
{
	const bg_cells *c;
	bg_layout al;
	size_t need, kept;
	float *extra;

	if (!g || !buf)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	if (seat != 0 && seat != 1)
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "no seat %d", seat));
	al = g->layout;
	c = &g->cells;
	need = al.nplanes * c->area;
	if (cap < need)
		return bg_game_fail(g, bg_seterr(BG_EBUFSIZE, "the observation "
						 "needs %zu floats, not %zu",
						 need, cap));
	/* The game's planes by point go in the scratch move list, no
	 * allocation: past the room of the actions kept there
	 * (kept_actions), which an agent's next call may use, over the keys
	 * of listed moves. */
	((bg_game *)g)->nlisted = 0;
	kept = (g->max_moves + 1) / 2;
	extra = (float *)(void *)((uint64_t *)(void *)g->scratch + kept);
	assert(kept * sizeof(uint64_t) + (al.nplanes - BG_OBS_COMMON) *
	       c->npoints * sizeof(float) <= g->max_moves * sizeof(bg_move));
	bg_observe_into(g, &al, c, seat, buf, extra);
	return BG_OK;
}
