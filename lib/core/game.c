/*
 * Handles: creation, the board description, legal moves, play and undo.
 */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/bits.h"
#include "core/game.h"
#include "core/learn.h"

/* Plies of history allocated with a handle: most games never grow it. */
#define HIST_INITIAL 256

const char *bg_version(void)
{
	return BG_VERSION_STRING;
}

int bg_version_number(void)
{
	return BG_VERSION_NUMBER;
}

int bg_game_fail(const bg_game *cg, int rc)
{
	/* The error text is the handle's own, like its scratch list: the
	 * thread contract makes writing it through a const handle safe. */
	bg_game *g = (bg_game *)cg;

	if (rc < 0 && g)
		snprintf(g->error, sizeof(g->error), "%s", bg_last_error());
	return rc;
}

/* bg_seterr() for a call on handle g: the detail goes to both. */
static int gerr(const bg_game *g, int code, const char *fmt, ...)
	BG_PRINTF(3, 4);

static int gerr(const bg_game *g, int code, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return bg_game_fail(g, bg_seterr(code, "%s", msg));
}

const char *bg_game_error(const bg_game *g)
{
	return g ? g->error : "";
}

/*
 * What a handle writes as it plays (the handle, state, history, lists)
 * is allocated with a cache line to spare at its end, so that no line
 * holds both one handle's data and another's: handles played on other
 * threads, made one after the other, would otherwise share lines and slow
 * each other down (a search's threads, a batch's).
 */
#define LINE_PAD 64

/* Zeroed room for a handle's own block: in its arena, or the heap. */
static void *game_mem(const bg_game *g, size_t size)
{
	return g->arena ? bg_arena_alloc(g->arena, size) : calloc(1, size);
}

/* The history's first room, in the handle's arena. */
static int hist_in_arena(bg_game *g, size_t cap)
{
	g->hist_arena = true; /* also for what was made before a failure */
	g->hist = bg_arena_alloc(g->arena, cap * sizeof(*g->hist) + LINE_PAD);
	g->keys = bg_arena_alloc(g->arena, cap * sizeof(*g->keys) + LINE_PAD);
	g->undo = bg_arena_alloc(g->arena, cap * g->undo_size + LINE_PAD);
	if (!g->hist || !g->keys || !g->undo)
		return bg_seterr(BG_ENOMEM, "handle");
	g->hist_cap = cap;
	return BG_OK;
}

/* A history in the arena that must grow moves to the heap, whole or not
 * at all, and leaves its first blocks unused. Grown in the arena, it took
 * fresh large pages while the games stepped: Kvartet's batch of 1,024
 * games, whose games run long, then made a third fewer steps a second in
 * some runs, bolotudu's a sixth. */
static int hist_leave_arena(bg_game *g, size_t cap)
{
	bg_ply_rec *h = malloc(cap * sizeof(*h) + LINE_PAD);
	uint64_t *k = malloc(cap * sizeof(*k) + LINE_PAD);
	unsigned char *u = malloc(cap * g->undo_size + LINE_PAD);

	if (!h || !k || !u) {
		free(h);
		free(k);
		free(u);
		return bg_seterr(BG_ENOMEM, "history of %zu plies", cap);
	}
	memcpy(h, g->hist, g->hist_len * sizeof(*h));
	memcpy(k, g->keys, g->hist_len * sizeof(*k));
	memcpy(u, g->undo, g->hist_len * g->undo_size);
	g->hist = h;
	g->keys = k;
	g->undo = u;
	g->hist_cap = cap;
	g->hist_arena = false;
	return BG_OK;
}

static int hist_reserve(bg_game *g, size_t cap)
{
	bg_ply_rec *h;
	uint64_t *k;
	unsigned char *u;

	if (cap <= g->hist_cap)
		return BG_OK;
	/* A chain word's link counts the plies (bg_game.last). */
	if (g->last && cap > BG_REP_LINK) {
		if (g->hist_cap == BG_REP_LINK)
			return bg_seterr(BG_ENOMEM, "history of more than %u "
					 "plies with a repetition rule",
					 BG_REP_LINK);
		cap = BG_REP_LINK;
	}
	if (g->hist_arena)
		return hist_leave_arena(g, cap);
	h = realloc(g->hist, cap * sizeof(*h) + LINE_PAD);
	if (!h)
		return bg_seterr(BG_ENOMEM, "history of %zu plies", cap);
	g->hist = h;
	k = realloc(g->keys, cap * sizeof(*k) + LINE_PAD);
	if (!k)
		return bg_seterr(BG_ENOMEM, "history of %zu plies", cap);
	g->keys = k;
	u = realloc(g->undo, cap * g->undo_size + LINE_PAD);
	if (!u)
		return bg_seterr(BG_ENOMEM, "history of %zu plies", cap);
	g->undo = u;
	g->hist_cap = cap;
	return BG_OK;
}

void bg_game_free(bg_game *g)
{
	if (!g)
		return;
	if (!g->cfg_shared)
		free(g->cfg);
	free(g->scratch);
	if (!g->hist_arena) {
		free(g->hist);
		free(g->keys);
		free(g->undo);
	}
	/* The rest of a handle made in an arena is the arena's. */
	if (g->arena)
		return;
	free(g->st);
	free(g->last);
	free(g->cells.squares);
	free(g);
}

/* Allocate a handle for rules whose config is already made: everything
 * the calls on moves use, so that they never allocate (but for a history
 * longer than HIST_INITIAL). */
/* The standard ends' values, read once: the config does not change. */
static void std_limits(bg_game *g, const void *cfg)
{
	const bg_rules *r = g->rules;
	const bg_stdvals *sv = (const bg_stdvals *)((const char *)cfg +
						    r->std_offset);

	g->rep_draw_at = g->ply_limit_at = UINT32_MAX;
	/* A position's repetition-th occurrence: repetition - 1 earlier. */
	if (r->std_def[BG_STD_REPETITION] && sv->repetition)
		g->rep_draw_at = sv->repetition - 1;
	if (r->std_def[BG_STD_MAX_PLIES] && sv->max_plies)
		g->ply_limit_at = sv->max_plies;
}

static int game_alloc(bg_game **out, const bg_rules *r, const void *cfg,
		      bg_arena *arena)
{
	bg_game *g = arena ? bg_arena_alloc(arena, sizeof(*g) + LINE_PAD) :
			     calloc(1, sizeof(*g) + LINE_PAD);

	if (!g)
		return bg_seterr(BG_ENOMEM, "handle");
	g->arena = arena;
	g->rules = r;
	g->work_size = r->work_size ? r->work_size(cfg) : 0;
	/* The work space follows the config (bg_work), zeroed. */
	g->cfg = calloc(1, BG_WORK_OFFSET(r->config_size) + g->work_size +
			LINE_PAD);
	if (g->cfg)
		memcpy(g->cfg, cfg, r->config_size);
	std_limits(g, cfg);
	g->st_size = bg_rules_state_size(r, cfg);
	g->undo_size = r->unapply ? r->undo_size : g->st_size;
	if (g->undo_size == 0)
		g->undo_size = 1;
	g->st = game_mem(g, g->st_size + LINE_PAD);
	g->max_moves = r->max_moves(cfg);
	g->scratch = calloc(1, (g->max_moves ? g->max_moves : 1) *
			    sizeof(bg_move) + LINE_PAD);
	/* Repetitions are counted (a walk of a bucket's keys every ply)
	 * only for a game with the repetition rule. */
	if (r->std_def[BG_STD_REPETITION])
		g->last = game_mem(g, BG_REP_BUCKETS * sizeof(*g->last) +
				      LINE_PAD);
	g->cells.squares = game_mem(g, bg_cells_size(bg_rules_board(r, cfg)));
	if (!g->cfg || !g->st || !g->scratch || !g->cells.squares ||
	    (r->std_def[BG_STD_REPETITION] && !g->last) ||
	    (arena ? hist_in_arena(g, HIST_INITIAL) :
		     hist_reserve(g, HIST_INITIAL)) != BG_OK) {
		bg_game_free(g);
		return bg_seterr(BG_ENOMEM, "handle");
	}
	bg_layout_of(g, &g->layout);
	bg_cells_in(bg_rules_board(r, g->cfg), &g->cells, g->cells.squares);
	*out = g;
	return BG_OK;
}

/* Does the game have a standard option (and so its values in the config,
 * at std_offset)? */
static bool has_std(const bg_rules *r)
{
	for (int k = 0; k < BG_STD_COUNT; k++)
		if (r->std_def[k])
			return true;
	return false;
}

/* Write the values of the options that name a config field (by their
 * size, so any integer or bool type holds them alike). */
static void opt_fields(const bg_rules *r, void *cfg, const bg_optval *vals)
{
	for (size_t k = 0; k < r->noptions; k++) {
		const bg_optdef *o = &r->options[k];
		char *at = (char *)cfg + o->offset;
		int64_t v = vals[k].i;
		int8_t v8 = (int8_t)v;
		int16_t v16 = (int16_t)v;
		int32_t v32 = (int32_t)v;

		switch (o->size) {
		case 1: memcpy(at, &v8, 1); break;
		case 2: memcpy(at, &v16, 2); break;
		case 4: memcpy(at, &v32, 4); break;
		case 8: memcpy(at, &v, 8); break;
		default: break;
		}
	}
}

/* Make a handle at the start position of a spec. */
int bg_game_start(bg_game **out, const char *spec)
{
	bg_optval vals[BG_MAX_OPTIONS];
	char store[BG_SPEC_MAX], canon[BG_SPEC_MAX], full[BG_SPEC_MAX];
	const bg_rules *r;
	void *cfg;
	int rc;

	if (strlen(spec) >= BG_SPEC_MAX)
		return bg_seterr(BG_EOPTION, "spec longer than %d characters",
				 BG_SPEC_MAX - 1);
	rc = bg_spec_parse(spec, &r, vals, store, sizeof(store), canon,
			   sizeof(canon), full, sizeof(full));
	if (rc)
		return rc;
	cfg = calloc(1, r->config_size);
	if (!cfg)
		return bg_seterr(BG_ENOMEM, "config");
	if (has_std(r))
		bg_std_read((bg_stdvals *)((char *)cfg + r->std_offset),
			    vals + r->noptions);
	opt_fields(r, cfg, vals);
	rc = r->configure(cfg, vals);
	if (rc == BG_OK)
		rc = game_alloc(out, r, cfg, NULL);
	free(cfg);
	if (rc)
		return rc;
	memcpy((*out)->spec, canon, sizeof(canon));
	memcpy((*out)->full_spec, full, sizeof(full));
	r->init((*out)->cfg, (*out)->st);
	bg_game_refresh(*out);
	return BG_OK;
}

int bg_game_new(bg_game **out, const char *spec)
{
	int rc;

	if (out)
		*out = NULL;
	if (!out || !spec)
		return bg_seterr(BG_EINVAL, "%s is NULL", out ? "spec" : "out");
	rc = bg_game_start(out, spec);
	if (rc == BG_OK)
		bg_clearerr();
	return rc;
}

/* The position and its place in the game, from a handle of the same
 * rules: the state and every scalar beside the history's arrays, which
 * the caller copies (up to src->hist_len) when it keeps them. */
static void copy_position(bg_game *dst, const bg_game *src)
{
	memcpy(dst->st, src->st, src->st_size);
	dst->hist_len = src->hist_len;
	dst->rep_start = src->rep_start;
	bg_game_unlist(dst);
	dst->ply0 = src->ply0;
	dst->from_position = src->from_position;
	dst->result = src->result;
	dst->declared = src->declared;
	dst->ruled = src->ruled;
	dst->hash = src->hash;
}

int bg_game_clone(bg_game **out, const bg_game *g)
{
	if (out)
		*out = NULL;
	if (!out || !g)
		return bg_seterr(BG_EINVAL, "%s is NULL", out ? "game" : "out");
	return bg_game_clone_in(out, g, NULL);
}

int bg_game_clone_in(bg_game **out, const bg_game *g, bg_arena *arena)
{
	bg_game *c;
	int rc;

	rc = game_alloc(&c, g->rules, g->cfg, arena);
	if (rc)
		return bg_game_fail(g, rc);
	if (hist_reserve(c, g->hist_len) != BG_OK) {
		bg_game_free(c);
		return bg_game_fail(g, BG_ENOMEM);
	}
	memcpy(c->spec, g->spec, sizeof(c->spec));
	memcpy(c->full_spec, g->full_spec, sizeof(c->full_spec));
	memcpy(c->hist, g->hist, g->hist_len * sizeof(*g->hist));
	memcpy(c->keys, g->keys, g->hist_len * sizeof(*g->keys));
	memcpy(c->undo, g->undo, g->hist_len * g->undo_size);
	if (g->last)
		memcpy(c->last, g->last, BG_REP_BUCKETS * sizeof(*g->last));
	copy_position(c, g);
	*out = c;
	bg_clearerr();
	return BG_OK;
}

/* dst's bucket table (bg_game.last) made src's, before the keys are
 * copied. Only the buckets of a history's keys are not 0, so for short
 * histories (a playout copied from its root) those of dst's are cleared
 * and those of src's copied, rather than the whole table. */
static void copy_buckets(bg_game *dst, const bg_game *src)
{
	const size_t mask = BG_REP_BUCKETS - 1;

	if (dst->hist_len + src->hist_len >= BG_REP_BUCKETS / 4) {
		memcpy(dst->last, src->last,
		       BG_REP_BUCKETS * sizeof(*src->last));
		return;
	}
	for (size_t i = 0; i < dst->hist_len; i++)
		dst->last[dst->keys[i] & mask] = 0;
	for (size_t i = 0; i < src->hist_len; i++)
		dst->last[src->keys[i] & mask] =
			src->last[src->keys[i] & mask];
}

int bg_game_copy(bg_game *dst, const bg_game *src)
{
	if (!dst || !src)
		return gerr(dst, BG_EINVAL, "%s is NULL",
			    dst ? "the game copied" : "the copy");
	if (dst == src)
		return BG_OK;
	if (dst->rules != src->rules ||
	    strcmp(dst->full_spec, src->full_spec) != 0)
		return gerr(dst, BG_EINVAL, "a handle of %s cannot copy one of "
			    "%s", dst->spec, src->spec);
	if (hist_reserve(dst, src->hist_len) != BG_OK)
		return bg_game_fail(dst, BG_ENOMEM);
	if (src->last)
		copy_buckets(dst, src);
	memcpy(dst->hist, src->hist, src->hist_len * sizeof(*src->hist));
	memcpy(dst->keys, src->keys, src->hist_len * sizeof(*src->keys));
	memcpy(dst->undo, src->undo, src->hist_len * src->undo_size);
	copy_position(dst, src);
	return BG_OK;
}

int bg_memory(const bg_game *g, size_t *handle, size_t *per_ply)
{
	size_t ply;

	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if (!handle && !per_ply)
		return BG_OK;
	ply = sizeof(bg_ply_rec) + sizeof(uint64_t) + g->undo_size;
	if (handle)
		*handle = sizeof(*g) + BG_WORK_OFFSET(g->rules->config_size) +
			  g->work_size + g->st_size +
			  (g->max_moves ? g->max_moves : 1) * sizeof(bg_move) +
			  (g->last ? BG_REP_BUCKETS * sizeof(*g->last) +
				     LINE_PAD : 0) +
			  g->hist_cap * ply +
			  bg_cells_size(bg_rules_board(g->rules, g->cfg)) +
			  7 * LINE_PAD; /* the handle, cfg, st, scratch, history */
	if (per_ply)
		*per_ply = ply;
	return BG_OK;
}

const char *bg_game_spec(const bg_game *g)
{
	assert(g);
	return g ? g->spec : NULL;
}

const char *bg_game_name(const bg_game *g)
{
	assert(g);
	return g ? g->rules->name : NULL;
}

/* ---- board -------------------------------------------------------------- */

static const bg_board *board_of(const bg_game *g)
{
	return bg_rules_board(g->rules, g->cfg);
}

static int check_point(const bg_game *g, int p)
{
	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if (p < 0 || p >= board_of(g)->npoints)
		return gerr(g, BG_EINVAL, "no point %d on this board", p);
	return BG_OK;
}

int bg_board_kind(const bg_game *g)
{
	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	return board_of(g)->kind;
}

int bg_board_size(const bg_game *g, int *width, int *height)
{
	if (!g || !width || !height)
		return gerr(g, BG_EINVAL, "NULL argument");
	*width = board_of(g)->width;
	*height = board_of(g)->height;
	return BG_OK;
}

size_t bg_point_count(const bg_game *g)
{
	assert(g);
	return g ? (size_t)board_of(g)->npoints : 0;
}

int bg_point_coords(const bg_game *g, int p, int *x, int *y)
{
	int rc = check_point(g, p);

	if (rc)
		return rc;
	if (!x || !y)
		return gerr(g, BG_EINVAL, "NULL argument");
	bg_board_xy(board_of(g), p, x, y);
	return BG_OK;
}

int bg_point_marks(const bg_game *g, int p)
{
	int rc = check_point(g, p);

	if (rc)
		return rc;
	return p < BG_BOARD_MARKS_MAX ? board_of(g)->marks[p] : 0;
}

int bg_point_piece(const bg_game *g, int p, int *seat, int *kind)
{
	int rc = check_point(g, p);
	int s, k;

	if (rc)
		return rc;
	g->rules->piece(g->cfg, g->st, p, &s, &k);
	if (seat)
		*seat = s;
	if (kind)
		*kind = k;
	return BG_OK;
}

size_t bg_line_count(const bg_game *g)
{
	assert(g);
	return g ? board_of(g)->nlines : 0;
}

int bg_line_info(const bg_game *g, size_t i, int *style, size_t *npoints)
{
	if (!g || i >= board_of(g)->nlines)
		return gerr(g, BG_EINVAL, "no line %zu", i);
	if (style)
		*style = board_of(g)->lines[i].style;
	if (npoints)
		*npoints = board_of(g)->lines[i].npoints;
	return BG_OK;
}

int bg_line_point(const bg_game *g, size_t i, size_t k, int *p)
{
	if (!g || !p || i >= board_of(g)->nlines ||
	    k >= board_of(g)->lines[i].npoints)
		return gerr(g, BG_EINVAL, "no point %zu on line %zu", k, i);
	*p = board_of(g)->lines[i].pts[k];
	return BG_OK;
}

/* ---- moves -------------------------------------------------------------- */

int bg_move_equal(const bg_move *a, const bg_move *b)
{
	size_t n;

	if (!a || !b)
		return 0;
	if (a->kind != b->kind || a->npath != b->npath ||
	    a->nremove != b->nremove || a->flags != b->flags)
		return 0;
	n = (size_t)a->npath + a->nremove;
	if (n > BG_MOVE_MAX_POINTS)
		n = BG_MOVE_MAX_POINTS;
	return memcmp(a->pts, b->pts, n * sizeof(a->pts[0])) == 0;
}

size_t bg_max_moves(const bg_game *g)
{
	assert(g);
	return g ? g->max_moves : 0;
}

/* The legal moves into buf (room for max_moves): BG_OK, or BG_ENOMEM when
 * the position has more than that (BG_LEGAL_OVERFLOW). With keys, by the
 * game's legal_keyed, their keys too. Inline: it is most of
 * bg_legal_moves, once a ply where every move is listed. */
static inline int list_moves(const bg_game *g, bg_move *buf,
			     bg_move_key *keys, size_t *n)
{
	size_t count = 0;

	if (g->result.status == BG_ONGOING)
		count = keys ? g->rules->legal_keyed(g->cfg, g->st, buf, keys) :
			       g->rules->legal(g->cfg, g->st, buf);
	if (count == BG_LEGAL_OVERFLOW) {
		*n = 0;
		return bg_seterr(BG_ENOMEM, "more than %zu legal moves, the "
				 "most %s lists", g->max_moves, g->rules->name);
	}
	assert(count <= g->max_moves);
	*n = count;
	return BG_OK;
}

int bg_game_scratch_moves(const bg_game *g, size_t *n)
{
	/* The scratch list is the handle's own; the thread contract (one
	 * thread per handle) makes writing it through a const handle safe. */
	bg_game_unlist(g);
	return list_moves(g, g->scratch, NULL, n);
}

/* The most moves of a list that bg_legal_moves keeps the keys of for
 * bg_play: longer lists (placements by the hundred in Dots and Halma)
 * cost more to keep than checking the one move played. */
#define LISTED_MAX 128

/* Keep the list in buf, of n moves whose keys are in scratch, for bg_play
 * (see listed_move). A const handle, as in bg_game_scratch_moves. */
static inline void keep_list(const bg_game *g, const bg_move *buf, size_t n)
{
	if (n > LISTED_MAX)
		return;
	((bg_game *)g)->listed = buf;
	((bg_game *)g)->nlisted = n;
}

/* The sanitizer builds (the tests' AddressSanitizer runs) check the keys a
 * game's legal_keyed wrote against its list: a wrong key would let
 * bg_play take a move changed in the caller's buffer without asking the
 * game. Other builds trust them, as reading them back is what the hook
 * spares. */
#if defined(__SANITIZE_ADDRESS__)
#define CHECK_KEYS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CHECK_KEYS 1
#endif
#endif

static inline void check_keys(const bg_game *g, const bg_move *buf, size_t n)
{
#ifdef CHECK_KEYS
	const bg_move_key *keys = (const bg_move_key *)g->scratch;

	if (n > LISTED_MAX)
		return; /* not kept */
	for (size_t i = 0; i < n; i++)
		assert(!memcmp(&keys[i], &buf[i], sizeof(keys[i])));
#else
	(void)g, (void)buf, (void)n;
#endif
}

/* Keep the list in buf for bg_play: the key of each move in scratch,
 * which holds max_moves whole moves and so their keys (a key is shorter).
 * buf may be read up to `room` entries (room >= n). */
BG_ALWAYS_INLINE void remember_list(const bg_game *g, const bg_move *buf,
				    size_t n, size_t room)
{
	if (n > LISTED_MAX)
		return;
	bg_move_keys_of((bg_move_key *)g->scratch, buf, n,
			room >= BG_MOVE_KEYS_FIXED &&
			g->max_moves >= BG_MOVE_KEYS_FIXED);
	keep_list(g, buf, n);
}

/* bg_legal_moves into a buffer that may be too short: listed in scratch,
 * then copied. Out of line, to keep the common case short. */
BG_NOINLINE
static int legal_moves_copied(const bg_game *g, bg_move *buf, size_t cap,
			      size_t *n)
{
	size_t count;
	int rc;

	if ((rc = bg_game_scratch_moves(g, &count)) != BG_OK)
		return bg_game_fail(g, rc);
	*n = count;
	if (!buf)
		return BG_OK;
	if (count > cap)
		return gerr(g, BG_EBUFSIZE, "%zu moves need room for %zu",
			    count, count);
	memcpy(buf, g->scratch, count * sizeof(*buf));
	remember_list(g, buf, count, cap);
	return BG_OK;
}

int bg_legal_moves(const bg_game *g, bg_move *buf, size_t cap, size_t *n)
{
	size_t count;
	int rc;

	if (!g || !n || (!buf && cap))
		return gerr(g, BG_EINVAL, "NULL argument");
	if (!buf || cap < g->max_moves)
		return legal_moves_copied(g, buf, cap, n);
	bg_game_unlist(g);
	if (g->rules->legal_keyed) {
		/* The game writes the keys as it lists: none read back. */
		rc = list_moves(g, buf, (bg_move_key *)g->scratch, &count);
		if (rc != BG_OK)
			return bg_game_fail(g, rc);
		check_keys(g, buf, count);
		keep_list(g, buf, count);
	} else {
		if ((rc = list_moves(g, buf, NULL, &count)) != BG_OK)
			return bg_game_fail(g, rc);
		remember_list(g, buf, count, cap);
	}
	*n = count;
	return BG_OK;
}

/* A move drawn uniformly from the full list, the game going on: BG_OK,
 * BG_ENOMEM (more moves than the list holds), BG_EGAMEOVER (none). */
static inline int draw_listed(const bg_game *g, uint64_t *rng,
			      bg_move *out)
{
	size_t n;
	int rc;

	if ((rc = bg_game_scratch_moves(g, &n)) != BG_OK)
		return rc;
	if (n == 0)
		return bg_seterr(BG_EGAMEOVER, "no legal move");
	*out = g->scratch[bg_rand_below(rng, n)];
	return BG_OK;
}

/* A move drawn uniformly, the game going on: the game's own draw, else
 * one from the full list; errors as draw_listed. */
static int draw_move(const bg_game *g, uint64_t *rng, bg_move *out)
{
	if (g->rules->random_move &&
	    g->rules->random_move(g->cfg, g->st, rng, out))
		return BG_OK;
	return draw_listed(g, rng, out);
}

int bg_random_move(const bg_game *g, uint64_t *rng, bg_move *out)
{
	if (!g || !rng || !out)
		return gerr(g, BG_EINVAL, "NULL argument");
	if (g->result.status != BG_ONGOING)
		return gerr(g, BG_EGAMEOVER, "the game is over");
	return bg_game_fail(g, draw_move(g, rng, out));
}

/* Where a move starts and ends, for bg_legal_moves_at: the first and last
 * path point, -1 for moves without points. */
static void move_ends(const bg_move *m, int *from, int *to)
{
	*from = m->npath ? m->pts[0] : -1;
	*to = m->npath ? m->pts[m->npath - 1] : -1;
}

int bg_legal_moves_at(const bg_game *g, int from, int to, bg_move *buf,
		      size_t cap, size_t *n)
{
	size_t count, found = 0;
	int np, rc;

	if (!g || !n || (!buf && cap))
		return gerr(g, BG_EINVAL, "NULL argument");
	np = board_of(g)->npoints;
	if (from < -1 || from >= np || to < -1 || to >= np)
		return gerr(g, BG_EINVAL, "no point %d on this board",
			    from < -1 || from >= np ? from : to);
	if ((rc = bg_game_scratch_moves(g, &count)) != BG_OK)
		return bg_game_fail(g, rc);
	for (size_t i = 0; i < count; i++) {
		int f, t;

		move_ends(&g->scratch[i], &f, &t);
		if ((from >= 0 && f != from) || (to >= 0 && t != to))
			continue;
		if (found < cap)
			buf[found] = g->scratch[i];
		found++;
	}
	*n = found;
	if (found > cap && buf)
		return gerr(g, BG_EBUFSIZE, "%zu moves need room for %zu",
			    found, found);
	return BG_OK;
}

/* BG_OK when m is legal, else BG_EILLEGAL, or BG_ENOMEM for a position
 * with more moves than the list holds. */
static int check_legal(const bg_game *g, const bg_move *m)
{
	size_t n;
	int rc;

	if (g->rules->is_legal)
		return g->rules->is_legal(g->cfg, g->st, m) ? BG_OK :
			bg_seterr(BG_EILLEGAL, "the move is not legal here");
	if ((rc = bg_game_scratch_moves(g, &n)) != BG_OK)
		return rc;
	for (size_t i = 0; i < n; i++)
		if (bg_move_equal(&g->scratch[i], m))
			return BG_OK;
	return bg_seterr(BG_EILLEGAL, "the move is not legal here");
}

/* The filter bit of a key in a chain word (bg_game.last): one of four,
 * from the key bits above the bucket's. */
static inline uint32_t rep_tag(uint64_t key)
{
	return 1u << (BG_REP_LINK_BITS + (key >> 10 & 3));
}

/* Earlier occurrences of the current position key since the last
 * irreversible move, counted up to 2 (threefold repetition is the most any
 * rule asks): the keys of its bucket, latest first, while the filter of
 * the chain from there holds the key's bit. */
static inline uint32_t repetitions(const bg_game *g)
{
	uint32_t reps = 0, tag = rep_tag(g->hash);

	if (!g->last)
		return 0;
	for (uint32_t e = g->last[g->hash & (BG_REP_BUCKETS - 1)];
	     (e & tag) && (e & BG_REP_LINK) > g->rep_start;
	     e = g->hist[(e & BG_REP_LINK) - 1].chain)
		if (g->keys[(e & BG_REP_LINK) - 1] == g->hash && ++reps == 2)
			break;
	return reps;
}

/* True when pts[used..] are all 0: eight bytes at a time (a loop of 34
 * entries was a quarter of a ply where moves are listed and played). */
static bool unused_zero(const bg_move *m, size_t used)
{
	const unsigned char *p = (const unsigned char *)&m->pts[used];
	const unsigned char *end = (const unsigned char *)(m->pts +
							   BG_MOVE_MAX_POINTS);
	uint64_t w, any = 0;

	for (; end - p >= 8; p += 8) {
		memcpy(&w, p, 8);
		any |= w;
	}
	for (; p < end; p++)
		any |= *p;
	return any == 0;
}

int bg_move_shape(const bg_move *m)
{
	size_t used = (size_t)m->npath + m->nremove;
	size_t least = m->kind == BG_MOVE_PLACE ? 1 : 2;

	if (m->kind > BG_MOVE_GROUND)
		return bg_seterr(BG_EINVAL, "unknown move kind %d", m->kind);
	if (used > BG_MOVE_MAX_POINTS)
		return bg_seterr(BG_EINVAL, "a move has at most %d points, not %zu",
				 BG_MOVE_MAX_POINTS, used);
	if (m->kind == BG_MOVE_PASS || m->kind == BG_MOVE_GROUND) {
		if (used)
			return bg_seterr(BG_EINVAL, "a %s has no points",
					 m->kind ? "ground" : "pass");
	} else if (m->npath < least) {
		return bg_seterr(BG_EINVAL, "a move of kind %d needs %zu path "
				 "points, not %d", m->kind, least, m->npath);
	}
	if (m->flags & ~BG_MOVE_FLAG_MARK)
		return bg_seterr(BG_EINVAL, "unknown move flags %#x", m->flags);
	if (unused_zero(m, used))
		return BG_OK;
	for (size_t i = used; i < BG_MOVE_MAX_POINTS; i++)
		if (m->pts[i])
			return bg_seterr(BG_EINVAL, "unused entry pts[%zu] is %u, "
					 "not 0", i, m->pts[i]);
	return BG_OK;
}

/* A well-formed move that cannot be one of this game: a point off the
 * board or a flag the game does not use. */
static int move_fits_game(const bg_game *g, const bg_move *m)
{
	int np = board_of(g)->npoints;

	for (int i = 0; i < m->npath + m->nremove; i++)
		if (m->pts[i] >= np)
			return bg_seterr(BG_EILLEGAL, "point %u is not on this "
					 "board", m->pts[i]);
	if (m->flags & ~g->rules->move_flags)
		return bg_seterr(BG_EILLEGAL, "%s uses no move flag %#x",
				 g->rules->name, m->flags);
	return BG_OK;
}

/* The standard ends, after the game's own (a win stands): repetition, then
 * max_plies. A game's own move limit ranks with max_plies, after
 * repetition. */
static inline void std_outcome(const bg_game *g, const bg_ctx *ctx,
			       bg_result *res)
{
	int reason;

	if (res->status != BG_ONGOING && res->reason != BG_REASON_MOVE_LIMIT)
		return;
	if (ctx->reps >= g->rep_draw_at)
		reason = BG_REASON_REPETITION;
	else if (res->status == BG_ONGOING && ctx->ply >= g->ply_limit_at)
		reason = BG_REASON_MOVE_LIMIT;
	else
		return;
	res->status = BG_DRAW;
	res->winner = -1;
	res->reason = reason;
	if (g->rules->std_end)
		g->rules->std_end(g->cfg, g->st, reason, res);
}

/* The result of the position whose key refresh has set. */
BG_ALWAYS_INLINE void refresh_result(bg_game *g)
{
	bg_ctx ctx;

	ctx.ply = g->ply0 + (uint32_t)g->hist_len;
	ctx.reps = repetitions(g);
	/* One store of the whole: the next ply's copy of it into the history
	 * then loads what a store wrote, not parts of three. */
	g->result = (bg_result){ BG_ONGOING, -1, BG_REASON_NONE };
	g->rules->outcome(g->cfg, g->st, &ctx, &g->result);
	/* Most plies reach neither limit: one test of both first. */
	if (ctx.reps >= g->rep_draw_at || ctx.ply >= g->ply_limit_at)
		std_outcome(g, &ctx, &g->result);
}

/* Inlined in play_at, which bg_playout inlines: a call less a ply. */
BG_ALWAYS_INLINE void refresh(bg_game *g)
{
	g->hash = bg_rules_hash(g->rules, g->cfg, g->st);
	refresh_result(g);
}

void bg_game_refresh(bg_game *g)
{
	refresh(g);
}

/* Copy 16 to 64 bytes as two or four overlapping 16-byte copies. */
static inline void copy_16_64(char *d, const char *s, size_t n)
{
	if (n > 32) {
		memcpy(d + 16, s + 16, 16);
		memcpy(d + n - 32, s + n - 32, 16);
	}
	memcpy(d, s, 16);
	memcpy(d + n - 16, s + n - 16, 16);
}

/* Copy a state of n bytes for undo. The states the core copies are 16 to
 * 128 bytes; moved inline, as above, they cost no call and no dispatch on
 * a size known only at run time, which libc's memcpy makes (about 12
 * instructions a ply of mill's 24-byte state). */
static inline void copy_state(void *dst, const void *src, size_t n)
{
	char *d = dst;
	const char *s = src;

	if (n >= 16 && n <= 64) {
		copy_16_64(d, s, n);
	} else if (n > 64 && n <= 128) {
		copy_16_64(d, s, 64);
		copy_16_64(d + n - 64, s + n - 64, 64);
	} else {
		memcpy(dst, src, n);
	}
}

/* Make legal move m: record it for undo, apply, set the new position's
 * key; its result is left to refresh_result. BG_OK, or BG_ENOMEM with
 * nothing changed. drawn: m is the history's next record itself, drawn
 * there by bg_playout once it made room (a copy and a check less a ply); a
 * constant, folded where this is inlined. */
BG_ALWAYS_INLINE int play_move(bg_game *g, const bg_move *m, bool drawn)
{
	const bg_rules *r = g->rules;
	size_t n = g->hist_len;
	bg_ply_rec *rec;
	void *undo;
	int flags;

	if (!drawn && n == g->hist_cap &&
	    hist_reserve(g, g->hist_cap * 2) != BG_OK)
		return BG_ENOMEM;
	bg_game_unlist(g);
	rec = &g->hist[n];
	undo = g->undo + n * g->undo_size;
	if (!drawn)
		rec->move = *m;
	rec->rep_start = (uint32_t)g->rep_start;
	g->keys[n] = g->hash;
	if (g->last) {
		uint32_t *last = &g->last[g->hash & (BG_REP_BUCKETS - 1)];

		rec->chain = *last;
		*last = (*last & ~BG_REP_LINK) | rep_tag(g->hash) |
			((uint32_t)n + 1);
	}
	if (!r->unapply)
		copy_state(undo, g->st, g->st_size);
	flags = r->apply(g->cfg, g->st, m, undo);
	g->hist_len = ++n;
	if (flags & BG_APPLY_IRREVERSIBLE)
		g->rep_start = n;
	g->hash = bg_rules_hash(r, g->cfg, g->st);
	return BG_OK;
}

/* Make legal move m and refresh the outcome (play_move). */
BG_ALWAYS_INLINE int play_at(bg_game *g, const bg_move *m, bool drawn)
{
	int rc = play_move(g, m, drawn);

	if (rc == BG_OK)
		refresh_result(g);
	return rc;
}

BG_ALWAYS_INLINE int play_legal(bg_game *g, const bg_move *m)
{
	return play_at(g, m, false);
}

/* True when m is, byte for byte, the move at its own place in the list
 * bg_legal_moves last gave the caller in this position: the game listed
 * it, so it is well formed, on the board and legal. Its key matches and
 * it has no points past the key's, all zero as in the listed move. */
static bool listed_move(const bg_game *g, const bg_move *m)
{
	uintptr_t off = (uintptr_t)m - (uintptr_t)g->listed;
	size_t at = off / sizeof(*m);
	const bg_move_key *key;
	uint64_t a, b, diff = 0;

	_Static_assert(sizeof(bg_move) % 8 == 0 && sizeof(*key) % 8 == 0,
		       "bg_move and its key in 8-byte words");
	if (at >= g->nlisted || at * sizeof(*m) != off)
		return false;
	key = (const bg_move_key *)g->scratch + at;
	for (size_t i = 0; i < sizeof(*key); i += 8) {
		memcpy(&a, (const char *)m + i, 8);
		memcpy(&b, key->b + i, 8);
		diff |= a ^ b;
	}
	if (diff || (size_t)m->npath + m->nremove > BG_MOVE_KEY_POINTS)
		return false;
#pragma GCC unroll 7
	for (size_t i = sizeof(*key); i < sizeof(*m); i += 8) {
		memcpy(&a, (const char *)m + i, 8);
		diff |= a;
	}
	return diff == 0;
}

int bg_play(bg_game *g, const bg_move *m)
{
	int rc;

	if (!g || !m)
		return gerr(g, BG_EINVAL, "%s is NULL", g ? "move" : "game");
	if (g->result.status == BG_ONGOING && listed_move(g, m))
		return bg_game_fail(g, play_legal(g, m));
	if ((rc = bg_move_shape(m)) != BG_OK)
		return bg_game_fail(g, rc);
	if (g->result.status != BG_ONGOING)
		return gerr(g, BG_EGAMEOVER, "the game is over (%s)",
			    bg_reason_name(g->result.reason));
	if ((rc = move_fits_game(g, m)) != BG_OK)
		return bg_game_fail(g, rc);
	if ((rc = check_legal(g, m)) != BG_OK)
		return bg_game_fail(g, rc);
	return bg_game_fail(g, play_legal(g, m));
}

int bg_playout(bg_game *g, uint64_t *rng, uint32_t max_plies,
	       uint32_t *plies)
{
	bool (*draw)(const void *, const void *, uint64_t *, bg_move *);
	uint32_t made = 0;
	bg_move *m;
	int rc = BG_OK;

	if (!g || !rng)
		return gerr(g, BG_EINVAL, "NULL argument");
	draw = g->rules->random_move;
	while (made < max_plies && g->result.status == BG_ONGOING) {
		/* The move is drawn into the history's next record, with
		 * room made for it here: play_at need not copy or check. */
		if (g->hist_len == g->hist_cap &&
		    hist_reserve(g, g->hist_cap * 2) != BG_OK)
			rc = BG_ENOMEM;
		m = &g->hist[g->hist_len].move;
		/* draw_move written out: a call less each ply. */
		if (rc == BG_OK)
			rc = draw && draw(g->cfg, g->st, rng, m) ? BG_OK :
			     draw_listed(g, rng, m);
		if (rc != BG_OK) {
			/* A failed call changes nothing. */
			while (made--)
				bg_undo(g);
			if (plies)
				*plies = 0;
			return bg_game_fail(g, rc);
		}
		play_at(g, m, true);
		made++;
	}
	if (plies)
		*plies = made;
	return BG_OK;
}

int bg_undo(bg_game *g)
{
	const bg_rules *r;
	bg_ply_rec *rec;
	const void *undo;
	size_t n;

	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if (g->declared) {
		g->declared = 0;
		g->result = g->ruled;
		return BG_OK;
	}
	if (g->hist_len == 0)
		return gerr(g, BG_ENOUNDO, "no move to take back");
	/* Everything from the record first, the game's own undo last: there
	 * is nothing to read again after its call. */
	r = g->rules;
	n = --g->hist_len;
	rec = &g->hist[n];
	undo = g->undo + n * g->undo_size;
	bg_game_unlist(g);
	g->hash = g->keys[n];
	if (g->last)
		g->last[g->hash & (BG_REP_BUCKETS - 1)] = rec->chain;
	/* No move is made after the end: before it, the game went on. */
	g->result = (bg_result){ BG_ONGOING, -1, BG_REASON_NONE };
	g->rep_start = rec->rep_start;
	if (r->unapply)
		r->unapply(g->cfg, g->st, &rec->move, undo);
	else
		copy_state(g->st, undo, g->st_size);
	return BG_OK;
}

int bg_to_move(const bg_game *g)
{
	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	return bg_rules_to_move(g->rules, g->cfg, g->st);
}

uint32_t bg_ply(const bg_game *g)
{
	assert(g);
	return g ? g->ply0 + (uint32_t)g->hist_len : 0;
}

uint32_t bg_history_length(const bg_game *g)
{
	assert(g);
	return g ? (uint32_t)g->hist_len : 0;
}

int bg_history_move(const bg_game *g, uint32_t i, bg_move *m)
{
	if (!g || !m || i >= g->hist_len)
		return gerr(g, BG_EINVAL, "no move %u in the history", i);
	*m = g->hist[i].move;
	return BG_OK;
}

const char *bg_seat_name(const bg_game *g, int seat)
{
	static const char *const plain[2] = {"White", "Black"};

	if (!g || seat < 0 || seat > 1)
		return NULL;
	return g->rules->seat_names[seat] ? g->rules->seat_names[seat] :
					      plain[seat];
}

void bg_game_state_at(const bg_game *g, size_t k, void *st)
{
	if (!g->rules->unapply) {
		memcpy(st, k < g->hist_len ? g->undo + k * g->undo_size : g->st,
		       g->st_size);
		return;
	}
	memcpy(st, g->st, g->st_size);
	for (size_t i = g->hist_len; i-- > k;)
		g->rules->unapply(g->cfg, st, &g->hist[i].move,
				  g->undo + i * g->undo_size);
}

/* The effect of move m at point p, from the pieces before and after it;
 * 0 for none. */
static int effect_at(const bg_game *g, const void *before, const void *after,
		     const bg_move *m, int p, int mover)
{
	int s0, k0, s1, k1;

	g->rules->piece(g->cfg, before, p, &s0, &k0);
	g->rules->piece(g->cfg, after, p, &s1, &k1);
	if (s0 == !mover && (s1 != s0 || k1 == BG_PIECE_DEAD) &&
	    k0 != BG_PIECE_DEAD)
		return BG_EFFECT_CAPTURE;
	if (m->npath >= 2 && m->kind != BG_MOVE_PLACE &&
	    p == m->pts[m->npath - 1] && s1 == mover && k1 == BG_PIECE_KING) {
		g->rules->piece(g->cfg, before, m->pts[0], &s0, &k0);
		if (k0 == BG_PIECE_MAN)
			return BG_EFFECT_PROMOTE;
	}
	return 0;
}

int bg_move_effects(const bg_game *g, uint32_t i, bg_effect *buf, size_t cap,
		    size_t *n)
{
	const bg_move *m;
	void *before, *after;
	size_t found = 0;
	int mover, np;

	if (!g || !n || (!buf && cap))
		return gerr(g, BG_EINVAL, "NULL argument");
	if (i >= g->hist_len)
		return gerr(g, BG_EINVAL, "no move %u in the history", i);
	before = malloc(g->st_size);
	after = malloc(g->st_size);
	if (!before || !after) {
		free(before);
		free(after);
		return gerr(g, BG_ENOMEM, "move effects");
	}
	bg_game_state_at(g, i + 1, after);
	bg_game_state_at(g, i, before);
	m = &g->hist[i].move;
	mover = bg_rules_to_move(g->rules, g->cfg, before);
	np = board_of(g)->npoints;
	for (int p = 0; p < np; p++) {
		int kind = effect_at(g, before, after, m, p, mover);

		if (!kind)
			continue;
		if (found < cap) {
			buf[found].point = p;
			buf[found].kind = kind;
		}
		found++;
	}
	free(before);
	free(after);
	*n = found;
	if (found > cap && buf)
		return gerr(g, BG_EBUFSIZE, "%zu effects need room for %zu",
			    found, found);
	return BG_OK;
}

/* ---- outcome ------------------------------------------------------------ */

int bg_outcome(const bg_game *g, int *status, int *winner, int *reason)
{
	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if (status)
		*status = g->result.status;
	if (winner)
		*winner = g->result.winner;
	if (reason)
		*reason = g->result.reason;
	return BG_OK;
}

static const char *const reason_names[] = {
	"none", "goal", "no-moves", "pieces", "leave-home", "tempo",
	"move-limit", "repetition", "grounding", "margin", "no-points",
	"passes", "separated", "material", "resignation", "agreement", "time",
	"adjudication",
};

const char *bg_reason_name(int reason)
{
	if (reason < 0 || reason >= bg_reason_count())
		return "?";
	return reason_names[reason];
}

int bg_reason_count(void)
{
	return (int)(sizeof(reason_names) / sizeof(reason_names[0]));
}

int bg_score(const bg_game *g, int seat, double *score)
{
	double s[2] = {0, 0};

	if (!g || !score)
		return gerr(g, BG_EINVAL, "NULL argument");
	if (seat < 0 || seat > 1)
		return gerr(g, BG_EINVAL, "no seat %d: seats are 0 and 1", seat);
	*score = 0;
	if (!g->rules->scores)
		return gerr(g, BG_ENOTSUP, "%s keeps no score", g->rules->name);
	g->rules->scores(g->cfg, g->st, s);
	*score = s[seat];
	return BG_OK;
}

/* Decisions outside the rules, and the status each may give. */
static int declarable(int status, int winner, int reason)
{
	if (status == BG_WIN && (winner < 0 || winner > 1))
		return 0;
	if (status == BG_DRAW && winner != -1)
		return 0;
	switch (reason) {
	case BG_REASON_RESIGNATION:
	case BG_REASON_TIME:
		return status == BG_WIN;
	case BG_REASON_AGREEMENT:
		return status == BG_DRAW;
	case BG_REASON_ADJUDICATION:
		return status == BG_WIN || status == BG_DRAW;
	default:
		return 0;
	}
}

int bg_declare_result(bg_game *g, int status, int winner, int reason)
{
	if (!g)
		return bg_seterr(BG_EINVAL, "game is NULL");
	if (!declarable(status, winner, reason))
		return gerr(g, BG_EINVAL, "status %d, winner %d, reason %d is "
			    "not a result to declare", status, winner, reason);
	if (g->result.status != BG_ONGOING)
		return gerr(g, BG_EGAMEOVER, "the game is over (%s)",
			    bg_reason_name(g->result.reason));
	g->ruled = g->result;
	g->result.status = status;
	g->result.winner = winner;
	g->result.reason = reason;
	g->declared = 1;
	bg_clearerr();
	return BG_OK;
}

int bg_resign(bg_game *g, int seat)
{
	if (g && (seat < 0 || seat > 1))
		return gerr(g, BG_EINVAL, "no seat %d: seats are 0 and 1", seat);
	return bg_declare_result(g, BG_WIN, !seat, BG_REASON_RESIGNATION);
}

int bg_agree_draw(bg_game *g)
{
	return bg_declare_result(g, BG_DRAW, -1, BG_REASON_AGREEMENT);
}

int bg_evaluate(const bg_game *g, int seat, double *value)
{
	double v0;

	if (!g || !value)
		return gerr(g, BG_EINVAL, "NULL argument");
	if (seat < 0 || seat > 1)
		return gerr(g, BG_EINVAL, "no seat %d: seats are 0 and 1", seat);
	if (g->result.status == BG_DRAW) {
		v0 = 0.5;
	} else if (g->result.status == BG_WIN) {
		v0 = g->result.winner == 0 ? 1.0 : 0.0;
	} else if (g->rules->evaluate) {
		v0 = g->rules->evaluate(g->cfg, g->st,
					(int)(g->ply0 + g->hist_len));
	} else {
		*value = 0.5;
		return gerr(g, BG_ENOTSUP, "%s has no evaluation",
			    g->rules->name);
	}
	*value = seat == 0 ? v0 : 1.0 - v0;
	return BG_OK;
}

uint64_t bg_hash(const bg_game *g)
{
	assert(g);
	return g ? g->hash : 0;
}

int bg_game_parts(const bg_game *g, const bg_rules *rules, const void **cfg,
		  const void **st)
{
	if (!g || !cfg || !st)
		return gerr(g, BG_EINVAL, "NULL argument");
	if (g->rules != rules)
		return gerr(g, BG_EWRONGGAME, "'%s' is not a '%s' game",
			    g->rules->name, rules->name);
	*cfg = g->cfg;
	*st = g->st;
	return BG_OK;
}

/* ---- for batches -------------------------------------------------------- */

int bg_game_play_legal(bg_game *g, const bg_move *m)
{
	return play_legal(g, m);
}

int bg_game_play_begin(bg_game *g, const bg_move *m)
{
	int rc = play_move(g, m, false);

	if (rc == BG_OK && g->last)
		__builtin_prefetch(&g->last[g->hash & (BG_REP_BUCKETS - 1)],
				   1);
	return rc;
}

void bg_game_play_end(bg_game *g)
{
	refresh_result(g);
}

void bg_game_share_config(bg_game *g, const bg_game *owner)
{
	assert(g->rules == owner->rules && g->work_size == owner->work_size);
	if (!g->cfg_shared)
		free(g->cfg);
	g->cfg = owner->cfg;
	g->cfg_shared = true;
}

void bg_game_restart(bg_game *g, const bg_game *start)
{
	assert(g->rules == start->rules && start->hist_len == 0);
	if (g->last)
		for (size_t i = g->hist_len; i-- > 0;)
			g->last[g->keys[i] & (BG_REP_BUCKETS - 1)] =
				g->hist[i].chain;
	copy_position(g, start);
}

uint32_t bg_game_repetitions(const bg_game *g)
{
	return repetitions(g);
}
