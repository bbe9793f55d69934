/*
 * Cross-game invariants over the whole catalogue: every game registered is
 * covered by seeded random games that check, at every ply,
 *   (a) move text round-trips (also from-to for chains: the move when
 *       unique, else BG_EAMBIGUOUS), the legal list is well formed and has
 *       no duplicates (no two moves reach the same position);
 *   (b) play + undo restores the position text, hash, ply and legal list;
 *   (c) a clone plays the same move to the same position;
 *   (d) a game read from the position text behaves the same;
 *   (e) moves that are not in the legal list are refused (BG_EILLEGAL, or
 *       BG_EGAMEOVER after the end) and change nothing;
 *   (f) equal positions (text without the ply number) have equal hashes;
 *   (g) bg_random_move draws a listed move, the one bg_playout makes from
 *       the same generator state; every UNIFORM_EVERY plies, in positions
 *       of at most UNIFORM_MAX moves, 40 draws a move bring up every one;
 *   (i) actions (boardgames/learn.h): each legal move has one action,
 *       below bg_action_count(), that maps back to it, no two share one,
 *       the mask and bg_legal_actions() hold exactly those, and actions
 *       out of the mask are refused;
 *   (h) CORRUPT_MOVES legal moves a ply with each field corrupted in turn
 *       (kind, npath, nremove, each flag bit, each unused pts entry, each
 *       point moved off the board) are refused with BG_EINVAL or
 *       BG_EILLEGAL and change nothing, unless the copy is a listed move;
 * and at the end of each game: record round trip, a record that starts from
 * a loaded position, and undo back to the start.
 *
 * Specs: each game's default, each other allowed value of every BOOL, ENUM
 * and INT option on its own (for INT ranges the two lowest values), and one
 * spec with every BOOL/ENUM option changed at once; specs the game refuses
 * are skipped.
 *
 * Budget: GAMES_PER_SPEC games of up to MAX_PLIES plies, but no new game
 * once PLY_BUDGET plies were played or WORK_BUDGET legal moves checked for
 * the spec (long games and games with many moves, as random Halma or Dots,
 * get fewer; the first game always runs). When a position has more than TEXT_SAMPLE moves, the
 * text round trip (a) takes a sample rotating with the ply (plus the move
 * played); every other check covers every move.
 *
 * Environment: BG_CONFORMANCE_SCALE (default 1.0; at most 1.0 for the game
 * length) scales the games and the budgets, and the game length with its
 * square root (use 0.1 under valgrind); BG_CONFORMANCE_ONLY=SPEC runs only
 * the spec with that canonical text.
 */
#include <check.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <boardgames/boardgames.h>
#include <boardgames/learn.h>
#include "testutil.h"

#define GAMES_PER_SPEC 20
#define MAX_PLIES 300
/* Per spec, no new game once either is spent: plies played, and legal
 * moves checked (each one is played and undone). */
#define PLY_BUDGET 2000
#define WORK_BUDGET 150000
#define POS_CAP 8192
#define MAX_SPECS 256
#define SPEC_CAP 512
#define TEXT_SAMPLE 32 /* move texts round-tripped per ply, at most */
#define UNIFORM_EVERY 16
#define UNIFORM_MAX 32
#define CORRUPT_MOVES 2 /* legal moves corrupted per ply */

static char specs[MAX_SPECS][SPEC_CAP];
static size_t nspecs;
static int games_per_spec = GAMES_PER_SPEC;
static long ply_budget = PLY_BUDGET;
static long work_budget = WORK_BUDGET;
static uint32_t max_plies = MAX_PLIES; /* per game, scaled */

/* ---- Failure reporting -------------------------------------------------- */

/* Check's ck_assert_* record a checkpoint on every call, which is slow in
 * the inner loops; REQUIRE only calls into Check on failure. */
typedef struct run run;
static void fail_at(const run *r, int line, const char *fmt, ...)
	TU_PRINTF(3, 4);

#define REQUIRE(r, cond, ...)                                   \
	do {                                                    \
		if (!(cond))                                    \
			fail_at((r), __LINE__, __VA_ARGS__);    \
	} while (0)

/* ---- PRNG --------------------------------------------------------------- */

static uint64_t xorshift64(uint64_t *s)
{
	uint64_t x = *s;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

/* ---- One random game ---------------------------------------------------- */

struct run {
	const char *spec;
	uint64_t seed;
	uint64_t rng;
	uint32_t ply; /* plies played in this game */
	bg_game *g;
	/* The game copied (bg_game_copy) before each move, the move then
	 * played in it too: one ply ahead, and over its own history. */
	bg_game *copy;
	size_t cap;        /* room in the move buffers */
	size_t npoints;
	bg_move *moves;    /* legal moves now */
	size_t n;
	bg_move *sorted;   /* the same, sorted bytewise */
	bg_move *prev;     /* legal moves of the previous position */
	size_t nprev;
	bg_move *other;    /* scratch list */
	uint64_t *child;   /* per legal move: its child's hash; then sorted */
	uint32_t *actions; /* per legal move: its action; then the legal ones */
	uint8_t *mask;     /* bg_action_count() bytes */
	bg_move played[MAX_PLIES];
	char *texts[MAX_PLIES + 1];   /* position text after each ply */
	uint64_t digests[MAX_PLIES + 1]; /* of the text without its ply */
	uint64_t hashes[MAX_PLIES + 1];
	char pos[POS_CAP], tmp[POS_CAP];
};

static void fail_at(const run *r, int line, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	ck_abort_msg("line %d: spec=\"%s\" seed=%llu ply=%u: %s\n  position: %s",
		     line, r->spec, (unsigned long long)r->seed,
		     (unsigned)r->ply, msg, r->pos);
}

static int cmp_moves(const void *a, const void *b)
{
	return memcmp(a, b, sizeof(bg_move));
}

/* Is m in the sorted list? */
static int listed(const run *r, const bg_move *m)
{
	return bsearch(m, r->sorted, r->n, sizeof(bg_move), cmp_moves) != NULL;
}

/* FNV-1a of the first len bytes. */
static uint64_t digest(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;
	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ull;
	}
	return h;
}

/* Length of a position text without its last token (the ply). */
static size_t without_ply(const char *text)
{
	const char *sp = strrchr(text, ' ');
	return sp ? (size_t)(sp - text) : strlen(text);
}

static void write_position(const run *r, const bg_game *g, char *buf)
{
	size_t len = 0;
	int rc = bg_position_text(g, buf, POS_CAP, &len);
	REQUIRE(r, rc == BG_OK, "bg_position_text = %d (%s)", rc,
		bg_last_error());
	REQUIRE(r, len == strlen(buf), "bg_position_text len %zu for %zu",
		len, strlen(buf));
}

static size_t legal_list(const run *r, const bg_game *g, bg_move *buf)
{
	size_t n = 0;
	int rc = bg_legal_moves(g, buf, r->cap, &n);
	REQUIRE(r, rc == BG_OK, "bg_legal_moves = %d (%s)", rc,
		bg_last_error());
	return n;
}

static void move_text(const run *r, const bg_move *m, char *buf, size_t cap)
{
	size_t len = 0;
	int rc = bg_move_to_text(r->g, m, buf, cap, &len);
	REQUIRE(r, rc == BG_OK, "bg_move_to_text = %d (%s)", rc,
		bg_last_error());
	REQUIRE(r, len == strlen(buf) && len > 0, "move text length %zu",
		len);
}

/* The game is exactly at the position r->pos with hash h, ply, history. */
static void require_unchanged(const run *r, uint64_t h, uint32_t ply,
			      uint32_t hist, const char *what)
{
	static char now[POS_CAP];
	write_position(r, r->g, now);
	REQUIRE(r, strcmp(now, r->pos) == 0, "%s changed the position to %s",
		what, now);
	REQUIRE(r, bg_hash(r->g) == h, "%s changed the hash", what);
	REQUIRE(r, bg_ply(r->g) == ply, "%s changed the ply", what);
	REQUIRE(r, bg_history_length(r->g) == hist,
		"%s changed the history length", what);
}

static void check_outcome_shape(const run *r, int status, int winner,
				int reason)
{
	switch (status) {
	case BG_ONGOING:
		REQUIRE(r, winner == -1 && reason == BG_REASON_NONE,
			"ongoing with winner %d reason %d", winner, reason);
		break;
	case BG_WIN:
		REQUIRE(r, (winner == 0 || winner == 1) &&
				   reason > BG_REASON_NONE &&
				   reason < bg_reason_count(),
			"win with winner %d reason %d", winner, reason);
		break;
	case BG_DRAW:
		REQUIRE(r, winner == -1 && reason > BG_REASON_NONE &&
				   reason < bg_reason_count(),
			"draw with winner %d reason %d", winner, reason);
		break;
	default:
		REQUIRE(r, 0, "status %d", status);
	}
}

/* The legal list: well-formed moves, no duplicates, at most max_moves. */
static void check_list_shape(run *r)
{
	REQUIRE(r, r->n <= bg_max_moves(r->g), "%zu moves > max %zu", r->n,
		bg_max_moves(r->g));
	for (size_t i = 0; i < r->n; i++) {
		const bg_move *m = &r->moves[i];
		size_t used = (size_t)m->npath + m->nremove;
		REQUIRE(r, m->kind <= BG_MOVE_GROUND, "move %zu kind %u", i,
			(unsigned)m->kind);
		REQUIRE(r, used <= BG_MOVE_MAX_POINTS, "move %zu uses %zu",
			i, used);
		for (size_t k = 0; k < used; k++)
			REQUIRE(r, m->pts[k] < r->npoints,
				"move %zu point %u off the board", i,
				(unsigned)m->pts[k]);
		for (size_t k = used; k < BG_MOVE_MAX_POINTS; k++)
			REQUIRE(r, m->pts[k] == 0,
				"move %zu unused pts[%zu] = %u", i, k,
				(unsigned)m->pts[k]);
	}
	memcpy(r->sorted, r->moves, r->n * sizeof(bg_move));
	qsort(r->sorted, r->n, sizeof(bg_move), cmp_moves);
	for (size_t i = 1; i < r->n; i++)
		REQUIRE(r, cmp_moves(&r->sorted[i - 1], &r->sorted[i]) != 0 &&
				   !bg_move_equal(&r->sorted[i - 1],
						  &r->sorted[i]),
			"a move is listed twice");
}

/* (a) a legal move's text parses back to it. */
static void check_move_text(run *r, const bg_move *m)
{
	char text[512];
	move_text(r, m, text, sizeof text);
	bg_move back;
	memset(&back, 0xA5, sizeof back);
	int rc = bg_move_from_text(r->g, text, &back);
	REQUIRE(r, rc == BG_OK, "\"%s\" does not parse back: %d (%s)", text,
		rc, bg_last_error());
	REQUIRE(r, bg_move_equal(&back, m) &&
			   memcmp(&back, m, sizeof back) == 0,
		"\"%s\" parses to another move", text);
}

static void point_name(const run *r, int p, char *buf, size_t cap)
{
	int rc = bg_point_name(r->g, p, buf, cap, NULL);
	REQUIRE(r, rc == BG_OK, "bg_point_name(%d) = %d", p, rc);
}

static int same_ends(const bg_move *a, const bg_move *b)
{
	return a->npath >= 2 && b->npath >= 2 && a->pts[0] == b->pts[0] &&
	       a->pts[a->npath - 1] == b->pts[b->npath - 1];
}

/* (a) a chain given by its first and last point only, joined by its own
 * separator ('x' for captures, '-' otherwise): the move when that fits one
 * legal move of that separator (or is the whole text of a two-point move),
 * else BG_EAMBIGUOUS. */
static void check_from_to(run *r, const bg_move *m)
{
	if (m->npath <= 2 || m->nremove || m->flags)
		return;
	char sep = m->kind == BG_MOVE_CAPTURE ? 'x' : '-';
	char text[64], to[32];
	point_name(r, m->pts[0], text, sizeof text);
	point_name(r, m->pts[m->npath - 1], to, sizeof to);
	size_t l = strlen(text);
	snprintf(text + l, sizeof text - l, "%c%s", sep, to);

	const bg_move *exact = NULL;
	size_t fits = 0;
	for (size_t i = 0; i < r->n; i++) {
		const bg_move *o = &r->moves[i];
		if (o->nremove || o->flags || !same_ends(o, m) ||
		    (o->kind == BG_MOVE_CAPTURE) != (sep == 'x'))
			continue;
		fits++;
		if (o->npath == 2 && (o->kind == BG_MOVE_CAPTURE) == (sep == 'x'))
			exact = o;
	}
	bg_move back;
	int rc = bg_move_from_text(r->g, text, &back);
	if (exact || fits == 1) {
		const bg_move *want = exact ? exact : m;
		REQUIRE(r, rc == BG_OK, "from-to \"%s\" = %d (%s)", text, rc,
			bg_last_error());
		REQUIRE(r, bg_move_equal(&back, want),
			"from-to \"%s\" gives another move", text);
	} else if (rc != BG_EAMBIGUOUS) {
		char t1[512] = "", t2[512] = "";
		for (size_t i = 0; i < r->n; i++) {
			const bg_move *o = &r->moves[i];
			if (o->nremove || o->flags || !same_ends(o, m) ||
			    (o->kind == BG_MOVE_CAPTURE) != (sep == 'x'))
				continue;
			move_text(r, o, t1[0] ? t2 : t1, sizeof t1);
			if (t2[0])
				break;
		}
		REQUIRE(r, 0,
			"from-to \"%s\" fits %zu moves (%s, %s, ...) but gives %d",
			text, fits, t1, t2, rc);
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Move i's child position text into buf. */
static void child_text(run *r, size_t i, char *buf)
{
	int rc = bg_play(r->g, &r->moves[i]);
	REQUIRE(r, rc == BG_OK, "bg_play(move %zu) = %d", i, rc);
	write_position(r, r->g, buf);
	bg_undo(r->g);
}

/* (a) the text of every legal move (of a sample of at most TEXT_SAMPLE
 * of them, rotating with the ply, when there are more) parses back to it;
 * (b) for every move, play + undo restores hash, ply and history; and no
 * two moves reach the same position. */
static void check_each_move(run *r, uint64_t h)
{
	uint32_t ply = bg_ply(r->g), hist = bg_history_length(r->g);
	size_t stride = (r->n + TEXT_SAMPLE - 1) / TEXT_SAMPLE;
	for (size_t i = 0; i < r->n; i++) {
		const bg_move *m = &r->moves[i];
		if (stride <= 1 || (i + r->ply) % stride == 0) {
			check_move_text(r, m);
			check_from_to(r, m);
		}
		int rc = bg_play(r->g, m);
		REQUIRE(r, rc == BG_OK, "bg_play(move %zu) = %d (%s)", i, rc,
			bg_last_error());
		REQUIRE(r, bg_ply(r->g) == ply + 1, "ply after move %zu", i);
		REQUIRE(r, bg_history_length(r->g) == hist + 1,
			"history after move %zu", i);
		r->child[i] = bg_hash(r->g);
		rc = bg_undo(r->g);
		REQUIRE(r, rc == BG_OK, "bg_undo after move %zu = %d", i, rc);
		REQUIRE(r, bg_hash(r->g) == h && bg_ply(r->g) == ply &&
				   bg_history_length(r->g) == hist,
			"play + undo of move %zu: hash, ply or history differ",
			i);
	}
	/* Equal child hashes: compare the positions themselves. */
	memcpy(r->child + r->cap, r->child, r->n * sizeof(uint64_t));
	qsort(r->child + r->cap, r->n, sizeof(uint64_t), cmp_u64);
	for (size_t k = 1; k < r->n; k++) {
		uint64_t dup = r->child[r->cap + k];
		if (dup != r->child[r->cap + k - 1])
			continue;
		size_t a = r->n, b = r->n;
		for (size_t i = 0; i < r->n; i++)
			if (r->child[i] == dup) {
				if (a == r->n)
					a = i;
				else if (b == r->n)
					b = i;
			}
		static char ta[POS_CAP], tb[POS_CAP];
		child_text(r, a, ta);
		child_text(r, b, tb);
		REQUIRE(r, strcmp(ta, tb) != 0,
			"moves %zu and %zu reach the same position %s", a, b,
			ta);
	}
	require_unchanged(r, h, ply, hist, "play + undo of every move");
}

/* (b) for the chosen move: the legal list too is as before. */
static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/* (i): the actions of the legal moves, both ways, the mask and the list;
 * the moves mapped both ways are a sample rotating with the ply when
 * there are more than TEXT_SAMPLE. */
static void check_actions(run *r)
{
	uint32_t count = bg_action_count(r->g), a;
	size_t ones = 0, n, step = r->n > TEXT_SAMPLE ? r->n / TEXT_SAMPLE : 1;
	bg_move m;
	int rc;

	rc = bg_action_mask(r->g, r->mask, count);
	REQUIRE(r, rc == BG_OK, "bg_action_mask = %d (%s)", rc,
		bg_last_error());
	rc = bg_legal_actions(r->g, r->actions, r->cap, &n);
	REQUIRE(r, rc == BG_OK && n == r->n, "bg_legal_actions = %d, %zu "
		"actions for %zu moves", rc, n, r->n);
	for (size_t i = 0; i < n; i++) {
		REQUIRE(r, r->actions[i] < count && r->mask[r->actions[i]],
			"legal action %u not in the mask", r->actions[i]);
		REQUIRE(r, i == 0 || r->actions[i] > r->actions[i - 1],
			"legal actions not ascending or two moves share one");
	}
	for (uint32_t k = 0; k < count; k++)
		ones += r->mask[k];
	REQUIRE(r, ones == r->n, "%zu actions in the mask, %zu legal moves",
		ones, r->n);
	for (size_t i = r->ply % step; i < r->n; i += step) {
		rc = bg_move_to_action(r->g, &r->moves[i], &a);
		REQUIRE(r, rc == BG_OK, "bg_move_to_action of move %zu = %d "
			"(%s)", i, rc, bg_last_error());
		REQUIRE(r, bsearch(&a, r->actions, n, sizeof(a), cmp_u32),
			"move %zu: action %u not a legal one", i, a);
		rc = bg_action_to_move(r->g, a, &m);
		REQUIRE(r, rc == BG_OK && bg_move_equal(&m, &r->moves[i]),
			"action %u of move %zu gives another move (%d)", a, i,
			rc);
	}
	/* A few actions out of the mask, and one past the count. */
	for (int k = 0; k < 4; k++) {
		a = (uint32_t)(xorshift64(&r->rng) % count);
		if (r->mask[a])
			continue;
		rc = bg_action_to_move(r->g, a, &m);
		REQUIRE(r, rc == (r->n ? BG_EILLEGAL : BG_EGAMEOVER),
			"action %u out of the mask gives %d", a, rc);
	}
	rc = bg_action_to_move(r->g, count, &m);
	REQUIRE(r, rc == BG_EINVAL, "action %u = the count gives %d", count,
		rc);
}

static void check_play_undo(run *r, const bg_move *m, uint64_t h)
{
	uint32_t ply = bg_ply(r->g), hist = bg_history_length(r->g);
	int rc = bg_play(r->g, m);
	REQUIRE(r, rc == BG_OK, "bg_play = %d (%s)", rc, bg_last_error());
	rc = bg_undo(r->g);
	REQUIRE(r, rc == BG_OK, "bg_undo = %d", rc);
	require_unchanged(r, h, ply, hist, "play + undo");
	size_t n = legal_list(r, r->g, r->other);
	REQUIRE(r, n == r->n && memcmp(r->other, r->moves,
				       n * sizeof(bg_move)) == 0,
		"legal moves differ after play + undo");
}

/* (g) random moves: listed, the same through bg_playout, and (sampled)
 * every listed move drawn. A uniform draw misses one of n moves in 40n
 * draws with probability below n e^-40. */
static void check_random(run *r, uint64_t h)
{
	uint32_t ply = bg_ply(r->g), hist = bg_history_length(r->g), plies;
	uint64_t state = r->rng ^ 0x9E3779B97F4A7C15ull, copy = state;
	bg_move m, made;
	int rc = bg_random_move(r->g, &state, &m);

	REQUIRE(r, rc == BG_OK, "bg_random_move = %d (%s)", rc,
		bg_last_error());
	REQUIRE(r, listed(r, &m), "bg_random_move drew an unlisted move");
	rc = bg_playout(r->g, &copy, 1, &plies);
	REQUIRE(r, rc == BG_OK && plies == 1 && copy == state,
		"bg_playout = %d, %u plies", rc, plies);
	bg_history_move(r->g, hist, &made);
	REQUIRE(r, bg_move_equal(&m, &made), "bg_playout made another move");
	REQUIRE(r, bg_undo(r->g) == BG_OK, "undo after bg_playout");
	require_unchanged(r, h, ply, hist, "bg_playout + undo");
	if (r->ply % UNIFORM_EVERY || r->n > UNIFORM_MAX)
		return;
	unsigned char hit[UNIFORM_MAX] = {0};
	size_t seen = 0;
	for (size_t k = 0; k < 40 * r->n; k++) {
		bg_random_move(r->g, &state, &m);
		bg_move *at = bsearch(&m, r->sorted, r->n, sizeof(bg_move),
				      cmp_moves);
		REQUIRE(r, at != NULL, "bg_random_move drew an unlisted move");
		seen += !hit[at - r->sorted];
		hit[at - r->sorted] = 1;
	}
	REQUIRE(r, seen == r->n, "%zu draws brought up %zu of %zu moves",
		40 * r->n, seen, r->n);
}

/* (c) a clone plays the same move to the same position. */
static void check_clone(run *r, const bg_move *m)
{
	bg_game *c = NULL;
	int rc = bg_game_clone(&c, r->g);
	REQUIRE(r, rc == BG_OK && c != NULL, "bg_game_clone = %d", rc);
	REQUIRE(r, bg_history_length(c) == bg_history_length(r->g) &&
			   bg_ply(c) == bg_ply(r->g),
		"clone history/ply differ");
	REQUIRE(r, strcmp(bg_game_spec(c), bg_game_spec(r->g)) == 0,
		"clone spec %s", bg_game_spec(c));
	rc = bg_play(c, m);
	REQUIRE(r, rc == BG_OK, "clone: bg_play = %d (%s)", rc,
		bg_last_error());
	rc = bg_play(r->g, m);
	REQUIRE(r, rc == BG_OK, "bg_play = %d (%s)", rc, bg_last_error());
	write_position(r, c, r->tmp);
	static char orig[POS_CAP];
	write_position(r, r->g, orig);
	REQUIRE(r, strcmp(orig, r->tmp) == 0,
		"clone reached %s, original %s", r->tmp, orig);
	REQUIRE(r, bg_hash(c) == bg_hash(r->g), "clone hash differs");
	int s1, w1, r1, s2, w2, r2;
	bg_outcome(c, &s1, &w1, &r1);
	bg_outcome(r->g, &s2, &w2, &r2);
	REQUIRE(r, s1 == s2 && w1 == w2 && r1 == r2, "clone outcome differs");
	/* The clone undoes independently. */
	rc = bg_undo(c);
	REQUIRE(r, rc == BG_OK, "clone: bg_undo = %d", rc);
	write_position(r, c, r->tmp);
	REQUIRE(r, strcmp(r->tmp, r->pos) == 0, "clone undo gave %s",
		r->tmp);
	REQUIRE(r, bg_ply(r->g) == bg_ply(c) + 1,
		"undo on the clone moved the original");
	bg_game_free(c);
	rc = bg_undo(r->g);
	REQUIRE(r, rc == BG_OK, "bg_undo = %d", rc);
}

/* The copy made before the last move and played on with it is the game:
 * its hash, outcome and history, the repetition count (from the copied
 * buckets and chains) included. */
static void check_copy(run *r)
{
	int s1, w1, r1, s2, w2, r2;

	if (r->ply == 0)
		return;
	bg_outcome(r->copy, &s1, &w1, &r1);
	bg_outcome(r->g, &s2, &w2, &r2);
	REQUIRE(r, s1 == s2 && w1 == w2 && r1 == r2,
		"copy's outcome %d/%d/%d, the game's %d/%d/%d", s1, w1, r1, s2,
		w2, r2);
	REQUIRE(r, bg_hash(r->copy) == bg_hash(r->g), "copy's hash differs");
	REQUIRE(r, bg_history_length(r->copy) == bg_history_length(r->g),
		"copy's history differs");
}

/* Copy the game over a longer history of the copy's own, one more random
 * move in it first, and play m there. */
static void copy_and_play(run *r, const bg_move *m)
{
	uint64_t rng = r->rng;
	bg_move extra;
	int rc;

	if (bg_random_move(r->copy, &rng, &extra) == BG_OK)
		bg_play(r->copy, &extra);
	rc = bg_game_copy(r->copy, r->g);

	REQUIRE(r, rc == BG_OK, "bg_game_copy = %d (%s)", rc,
		bg_last_error());
	write_position(r, r->copy, r->tmp);
	REQUIRE(r, strcmp(r->tmp, r->pos) == 0, "the copy is %s", r->tmp);
	rc = bg_play(r->copy, m);
	REQUIRE(r, rc == BG_OK, "copy: bg_play = %d (%s)", rc,
		bg_last_error());
}

/* (d) the position text read back behaves the same. */
static void check_from_position(run *r)
{
	bg_game *p = NULL;
	int rc = bg_game_from_position(&p, r->pos);
	REQUIRE(r, rc == BG_OK && p != NULL,
		"bg_game_from_position = %d (%s)", rc, bg_last_error());
	write_position(r, p, r->tmp);
	REQUIRE(r, strcmp(r->tmp, r->pos) == 0, "read back as %s", r->tmp);
	REQUIRE(r, bg_hash(p) == bg_hash(r->g), "hash differs after reading");
	REQUIRE(r, bg_to_move(p) == bg_to_move(r->g), "side to move differs");
	REQUIRE(r, bg_ply(p) == bg_ply(r->g), "ply %u after reading",
		(unsigned)bg_ply(p));
	REQUIRE(r, bg_history_length(p) == 0, "history after reading");
	REQUIRE(r, strcmp(bg_game_spec(p), bg_game_spec(r->g)) == 0,
		"spec %s after reading", bg_game_spec(p));
	int s1, w1, r1, s2, w2, r2;
	bg_outcome(p, &s1, &w1, &r1);
	bg_outcome(r->g, &s2, &w2, &r2);
	/* A game read from a position starts with an empty history (header),
	 * so an end by repetition, which counts earlier positions, is the one
	 * outcome it cannot know. */
	if (r2 == BG_REASON_REPETITION) {
		bg_game_free(p);
		return;
	}
	REQUIRE(r, s1 == s2 && w1 == w2 && r1 == r2,
		"outcome %d/%d/%d after reading, was %d/%d/%d", s1, w1, r1,
		s2, w2, r2);
	size_t n = legal_list(r, p, r->other);
	REQUIRE(r, n == r->n && memcmp(r->other, r->moves,
				       n * sizeof(bg_move)) == 0,
		"legal moves differ after reading (%zu vs %zu)", n, r->n);
	double a, b;
	for (int seat = 0; seat < 2; seat++) {
		bg_score(p, seat, &a);
		bg_score(r->g, seat, &b);
		REQUIRE(r, a == b, "score of seat %d differs after reading",
			seat);
	}
	bg_game_free(p);
}

/* Try a move that is not in the legal list: refused, nothing changes. */
static void try_unlisted(run *r, const bg_move *m, uint64_t h, int ongoing,
			 const char *what)
{
	uint32_t ply = bg_ply(r->g), hist = bg_history_length(r->g);
	int rc = bg_play(r->g, m);
	int expect = ongoing ? BG_EILLEGAL : BG_EGAMEOVER;
	REQUIRE(r, rc == expect, "%s: bg_play = %d, expected %d", what, rc,
		expect);
	require_unchanged(r, h, ply, hist, what);
}

/* (e) illegal moves: one of the previous position's moves that is not
 * legal now, and legal moves bent to end on an occupied point. */
static void check_illegal(run *r, uint64_t h, int ongoing)
{
	for (size_t i = 0; i < r->nprev; i++)
		if (!listed(r, &r->prev[i])) {
			try_unlisted(r, &r->prev[i], h, ongoing,
				     "an old move");
			break;
		}
	if (r->n == 0)
		return;
	bg_move m = r->moves[xorshift64(&r->rng) % r->n];
	if (m.npath >= 2) {
		/* End on the first occupied point that makes it unlisted. */
		for (size_t p = 0; p < r->npoints; p++) {
			int seat = -1, kind = 0;
			bg_point_piece(r->g, (int)p, &seat, &kind);
			if (seat < 0)
				continue;
			m.pts[m.npath - 1] = (uint16_t)p;
			if (!listed(r, &m)) {
				try_unlisted(r, &m, h, ongoing,
					     "a move onto a piece");
				break;
			}
		}
	}
}

/* (h) one corrupted copy of a legal move: refused as malformed or illegal
 * with the game unchanged, unless it is itself a listed move. */
static void try_corrupt(run *r, const bg_move *m, uint64_t h,
			const char *field, int value)
{
	uint32_t ply = bg_ply(r->g), hist = bg_history_length(r->g);
	char text[BG_MOVE_TEXT_MAX];
	int rc;

	if (listed(r, m))
		return;
	rc = bg_play(r->g, m);
	REQUIRE(r, rc == BG_EINVAL || rc == BG_EILLEGAL,
		"a legal move with %s = %d: bg_play = %d", field, value, rc);
	REQUIRE(r, bg_hash(r->g) == h && bg_ply(r->g) == ply &&
			   bg_history_length(r->g) == hist,
		"a refused move with %s = %d changed the game", field, value);
	/* Move text takes any well-formed move that fits the board. */
	rc = bg_move_to_text(r->g, m, text, sizeof text, NULL);
	REQUIRE(r, rc == BG_OK || rc == BG_EINVAL,
		"bg_move_to_text of a move with %s = %d: %d", field, value, rc);
}

/* (h) every field of a few legal moves, corrupted one at a time: the core
 * checks a caller's move before any game sees it. */
static void check_corrupt(run *r, uint64_t h)
{
	for (size_t k = 0; k < CORRUPT_MOVES && k < r->n; k++) {
		const bg_move *orig = &r->moves[(r->ply + k * 7) % r->n];
		size_t used = (size_t)orig->npath + orig->nremove;
		static const int kinds[] = {0, 1, 2, 3, 4, 5, 6, 255};
		bg_move m;

		for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
			m = *orig;
			m.kind = (uint8_t)kinds[i];
			try_corrupt(r, &m, h, "kind", kinds[i]);
		}
		for (int d = -1; d <= 1; d += 2) {
			m = *orig;
			m.npath = (uint8_t)(m.npath + d);
			try_corrupt(r, &m, h, "npath", m.npath);
			m = *orig;
			m.nremove = (uint8_t)(m.nremove + d);
			try_corrupt(r, &m, h, "nremove", m.nremove);
		}
		for (int bit = 0; bit < 8; bit++) {
			m = *orig;
			m.flags ^= (uint8_t)(1u << bit);
			try_corrupt(r, &m, h, "flags", m.flags);
		}
		for (size_t i = used; i < BG_MOVE_MAX_POINTS; i++) {
			m = *orig;
			m.pts[i] = (uint16_t)(i == used ? 1 : 0xFFFF);
			try_corrupt(r, &m, h, "an unused pts entry", m.pts[i]);
		}
		for (size_t i = 0; i < used; i++) {
			m = *orig;
			m.pts[i] = (uint16_t)r->npoints;
			try_corrupt(r, &m, h, "a point off the board", m.pts[i]);
		}
	}
}

/* (f) equal texts (without the ply) have equal hashes. */
static void check_repetitions(run *r)
{
	size_t k = r->ply;
	for (size_t j = 0; j < k; j++)
		if (r->digests[j] == r->digests[k] &&
		    without_ply(r->texts[j]) == without_ply(r->texts[k]) &&
		    memcmp(r->texts[j], r->texts[k], without_ply(r->texts[k])) ==
			    0)
			REQUIRE(r, r->hashes[j] == r->hashes[k],
				"the position of ply %zu comes again with "
				"another hash",
				j);
}

static char *strdup_checked(const char *s)
{
	size_t l = strlen(s);
	char *d = malloc(l + 1);
	ck_assert_ptr_nonnull(d);
	memcpy(d, s, l + 1);
	return d;
}

static char *record_of(const run *r, const bg_game *g)
{
	char probe[1];
	size_t len = 0;
	int rc = bg_record_text(g, probe, 0, &len);
	REQUIRE(r, rc == BG_EBUFSIZE, "bg_record_text cap 0 = %d", rc);
	char *buf = malloc(len + 1);
	ck_assert_ptr_nonnull(buf);
	rc = bg_record_text(g, buf, len + 1, &len);
	REQUIRE(r, rc == BG_OK, "bg_record_text = %d (%s)", rc,
		bg_last_error());
	return buf;
}

/* The record of g reads back to the same game. */
static void check_record(const run *r, const bg_game *g, const char *what)
{
	char *rec = record_of(r, g);
	bg_game *back = NULL;
	int rc = bg_game_from_record(&back, rec);
	REQUIRE(r, rc == BG_OK && back != NULL,
		"%s: bg_game_from_record = %d (%s)\n%s", what, rc,
		bg_last_error(), rec);
	static char a[POS_CAP], b[POS_CAP];
	write_position(r, g, a);
	write_position(r, back, b);
	REQUIRE(r, strcmp(a, b) == 0, "%s: record replays to %s, not %s",
		what, b, a);
	REQUIRE(r, bg_hash(g) == bg_hash(back), "%s: hash differs", what);
	REQUIRE(r, bg_history_length(g) == bg_history_length(back),
		"%s: history %u vs %u", what,
		(unsigned)bg_history_length(back),
		(unsigned)bg_history_length(g));
	int s1, w1, r1, s2, w2, r2;
	bg_outcome(g, &s1, &w1, &r1);
	bg_outcome(back, &s2, &w2, &r2);
	REQUIRE(r, s1 == s2 && w1 == w2 && r1 == r2,
		"%s: outcome differs after replay", what);
	char *rec2 = record_of(r, back);
	REQUIRE(r, strcmp(rec, rec2) == 0,
		"%s: record text differs after replay:\n%s\n---\n%s", what,
		rec, rec2);
	free(rec2);
	free(rec);
	bg_game_free(back);
}

/* A game loaded at ply `at` of this game, then played on: its record
 * (with a Position tag) reads back to the same game. */
static void check_record_from_position(run *r, uint32_t at)
{
	int rc;
	bg_game *p = NULL;
	rc = bg_game_from_position(&p, r->texts[at]);
	REQUIRE(r, rc == BG_OK, "bg_game_from_position(ply %u) = %d",
		(unsigned)at, rc);
	for (uint32_t k = at; k < r->ply && k < at + 4; k++) {
		rc = bg_play(p, &r->played[k]);
		REQUIRE(r, rc == BG_OK, "replaying ply %u on a loaded game: %d",
			(unsigned)k + 1, rc);
	}
	check_record(r, p, "record from a position");
	bg_game_free(p);
}

/* At the end: after the end no move is accepted, the record reads back,
 * and undo goes back through every position to the start. */
static void check_game_end(run *r, int status)
{
	int rc;
	if (status != BG_ONGOING && r->ply > 0) {
		char text[512];
		move_text(r, &r->played[r->ply - 1], text, sizeof text);
		bg_move m;
		rc = bg_move_from_text(r->g, text, &m);
		REQUIRE(r, rc == BG_EGAMEOVER,
			"bg_move_from_text after the end = %d", rc);
		rc = bg_play_text(r->g, text);
		REQUIRE(r, rc == BG_EGAMEOVER,
			"bg_play_text after the end = %d", rc);
	}
	for (uint32_t k = 0; k < r->ply; k++) {
		bg_move m;
		rc = bg_history_move(r->g, k, &m);
		REQUIRE(r, rc == BG_OK && memcmp(&m, &r->played[k], sizeof m) == 0,
			"bg_history_move(%u) is not the move played",
			(unsigned)k);
	}
	check_record(r, r->g, "record");
	if (r->ply > 10)
		check_record_from_position(r, 10);
	for (uint32_t k = r->ply; k > 0; k--) {
		rc = bg_undo(r->g);
		REQUIRE(r, rc == BG_OK, "undo back to ply %u = %d",
			(unsigned)k - 1, rc);
		write_position(r, r->g, r->tmp);
		REQUIRE(r, strcmp(r->tmp, r->texts[k - 1]) == 0,
			"undo back to ply %u gives %s, was %s",
			(unsigned)k - 1, r->tmp, r->texts[k - 1]);
		REQUIRE(r, bg_hash(r->g) == r->hashes[k - 1],
			"undo back to ply %u: hash differs", (unsigned)k - 1);
	}
	REQUIRE(r, bg_ply(r->g) == 0 && bg_history_length(r->g) == 0,
		"not at the start after undoing everything");
	rc = bg_undo(r->g);
	REQUIRE(r, rc == BG_ENOUNDO, "undo past the start = %d", rc);
}

/* Legal moves checked so far for the current spec. */
static long work_done;

/* Play one game; returns the number of plies played. */
static uint32_t play_random_game(const char *spec, uint64_t seed)
{
	run *r = calloc(1, sizeof *r);
	ck_assert_ptr_nonnull(r);
	r->spec = spec;
	r->seed = seed;
	r->rng = seed;
	int rc = bg_game_new(&r->g, spec);
	REQUIRE(r, rc == BG_OK, "bg_game_new = %d (%s)", rc, bg_last_error());
	rc = bg_game_new(&r->copy, spec);
	REQUIRE(r, rc == BG_OK, "bg_game_new = %d (%s)", rc, bg_last_error());
	r->cap = bg_max_moves(r->g);
	REQUIRE(r, r->cap > 0, "bg_max_moves = 0");
	r->npoints = bg_point_count(r->g);
	r->moves = calloc(r->cap, sizeof(bg_move));
	r->sorted = calloc(r->cap, sizeof(bg_move));
	r->prev = calloc(r->cap, sizeof(bg_move));
	r->other = calloc(r->cap, sizeof(bg_move));
	r->child = calloc(2 * r->cap, sizeof(uint64_t));
	r->actions = calloc(2 * r->cap, sizeof(uint32_t));
	r->mask = calloc(bg_action_count(r->g), 1);
	ck_assert(r->moves && r->sorted && r->prev && r->other && r->child &&
		  r->actions && r->mask);
	REQUIRE(r, bg_ply(r->g) == 0 && bg_history_length(r->g) == 0,
		"a new game is not at ply 0");

	int status = BG_ONGOING;
	for (;;) {
		int winner, reason;
		write_position(r, r->g, r->pos);
		uint64_t h = bg_hash(r->g);
		r->texts[r->ply] = strdup_checked(r->pos);
		r->digests[r->ply] = digest(r->pos, without_ply(r->pos));
		r->hashes[r->ply] = h;
		check_repetitions(r);
		check_copy(r);

		REQUIRE(r, bg_ply(r->g) == r->ply, "bg_ply = %u",
			(unsigned)bg_ply(r->g));
		REQUIRE(r, bg_history_length(r->g) == r->ply,
			"history length %u", (unsigned)bg_history_length(r->g));
		int to_move = bg_to_move(r->g);
		REQUIRE(r, to_move == 0 || to_move == 1, "to move %d", to_move);
		rc = bg_outcome(r->g, &status, &winner, &reason);
		REQUIRE(r, rc == BG_OK, "bg_outcome = %d", rc);
		check_outcome_shape(r, status, winner, reason);

		r->n = legal_list(r, r->g, r->moves);
		work_done += (long)r->n;
		if (status != BG_ONGOING)
			REQUIRE(r, r->n == 0, "%zu legal moves after the end",
				r->n);
		else
			REQUIRE(r, r->n > 0, "no legal move, game ongoing");
		check_list_shape(r);
		check_actions(r);
		check_each_move(r, h);
		check_from_position(r);
		check_illegal(r, h, status == BG_ONGOING);
		check_corrupt(r, h);
		if (status != BG_ONGOING || r->ply >= max_plies)
			break;

		check_random(r, h);
		const bg_move m = r->moves[xorshift64(&r->rng) % r->n];
		check_move_text(r, &m);
		check_play_undo(r, &m, h);
		check_clone(r, &m);
		copy_and_play(r, &m);
		rc = bg_play(r->g, &m);
		REQUIRE(r, rc == BG_OK, "bg_play = %d (%s)", rc,
			bg_last_error());
		r->played[r->ply] = m;
		r->ply++;
		memcpy(r->prev, r->moves, r->n * sizeof(bg_move));
		r->nprev = r->n;
	}
	check_game_end(r, status);

	uint32_t plies = r->ply;
	for (uint32_t k = 0; k <= r->ply && k <= MAX_PLIES; k++)
		free(r->texts[k]);
	free(r->moves);
	free(r->sorted);
	free(r->prev);
	free(r->other);
	free(r->child);
	free(r->actions);
	free(r->mask);
	bg_game_free(r->copy);
	bg_game_free(r->g);
	free(r);
	return plies;
}

START_TEST(test_random_games)
{
	const char *spec = specs[_i];
	clock_t t0 = clock();
	long plies = 0;
	int k;
	work_done = 0;
	for (k = 0; k < games_per_spec && plies < ply_budget &&
		    work_done < work_budget;
	     k++) {
		/* From the spec's text, so a seed stays when games are added. */
		uint64_t seed = digest(spec, strlen(spec)) ^
				0x9E3779B97F4A7C15ull * (uint64_t)(k + 1);
		if (seed == 0)
			seed = 1;
		plies += play_random_game(spec, seed);
	}
	fprintf(stderr, "conformance: %s: %d games, %ld plies, %ld moves, %.2f s\n",
		spec, k, plies, work_done,
		(double)(clock() - t0) / CLOCKS_PER_SEC);
}
END_TEST

/* ---- The specs ---------------------------------------------------------- */

/* Add spec if the game accepts it and its canonical form is new. */
static void add_spec(const char *spec, void *arg)
{
	(void)arg;
	bg_game *g = NULL;
	if (bg_game_new(&g, spec) != BG_OK) {
		fprintf(stderr, "conformance: skipping \"%s\": %s\n", spec,
			bg_last_error());
		return;
	}
	const char *canonical = bg_game_spec(g);
	const char *only = getenv("BG_CONFORMANCE_ONLY");
	int seen = only && *only && strcmp(only, canonical) != 0;
	for (size_t i = 0; i < nspecs; i++)
		if (strcmp(specs[i], canonical) == 0)
			seen = 1;
	if (!seen && nspecs < MAX_SPECS) {
		snprintf(specs[nspecs], SPEC_CAP, "%s", canonical);
		nspecs++;
	}
	bg_game_free(g);
}

/* Each game's default, each other value of every option on its own and
 * one spec with every BOOL/ENUM option changed (testutil). */
static void collect_specs(void)
{
	each_option_spec(add_spec, NULL);
}

static double conformance_scale(void)
{
	const char *s = getenv("BG_CONFORMANCE_SCALE");
	if (!s || !*s)
		return 1.0;
	double v = strtod(s, NULL);
	return v > 0 ? v : 1.0;
}

int main(void)
{
	double scale = conformance_scale();
	games_per_spec = (int)(GAMES_PER_SPEC * scale + 0.5);
	if (games_per_spec < 1)
		games_per_spec = 1;
	ply_budget = (long)(PLY_BUDGET * scale + 0.5);
	if (ply_budget < 1)
		ply_budget = 1;
	work_budget = (long)(WORK_BUDGET * scale + 0.5);
	if (work_budget < 1)
		work_budget = 1;
	/* Games get shorter with the square root of the scale (0.1: 94
	 * plies, still the end of most Corners games). */
	while (max_plies > 10 &&
	       (double)max_plies * max_plies > scale * MAX_PLIES * MAX_PLIES)
		max_plies--;
	collect_specs();
	fprintf(stderr,
		"conformance: %zu specs, %d games each (until %ld plies or "
		"%ld moves checked), up to %d plies a game\n",
		nspecs, games_per_spec, ply_budget, work_budget,
		(int)max_plies);
	for (size_t i = 0; i < nspecs; i++)
		fprintf(stderr, "  %zu: %s\n", i, specs[i]);

	Suite *s = suite_create("conformance");
	TCase *tc = tcase_create("random games");
	tcase_set_timeout(tc, 600);
	tcase_add_loop_test(tc, test_random_games, 0, (int)nspecs);
	suite_add_tcase(s, tc);
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 && nspecs > 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
