/*
 * The rules table: the one thing a game gives the core. Internal.
 *
 * A game keeps two blobs. The config is made once from the options by
 * `configure` and never changes (board geometry, tables, option values); it
 * must hold no pointers, since clones copy it byte for byte. The state is
 * what a move changes; the core copies it for clones and, when the game has
 * no `unapply`, before every move for undo (copy-make). Scratch arrays go
 * in neither: they go in the handle's work space (bg_work).
 *
 * What the core guarantees the hooks:
 *   - Every move handed to is_legal, apply and path_ok is well formed
 *     (bg_move_shape(): a known kind with its point counts, unused pts
 *     entries 0, only flags of `move_flags`) and its points are on the
 *     board. apply and unapply get only moves that legal listed or
 *     is_legal accepted, in the state they were legal in.
 *   - legal, is_legal, random_move and apply are not called once the
 *     outcome says the game is over.
 *   - One handle is used by one thread at a time, so hooks may write
 *     scratch space reached through a const config or state.
 * What the hooks guarantee the core (the conformance suite checks each on
 * random games of every option set):
 *   - legal writes at most max_moves(cfg) moves, each well formed, no two
 *     equal and no two reaching the same position, in a fixed order (the
 *     order the game's page documents); it lists none only when the
 *     outcome hook says the game is over. A hook whose bound is not proven
 *     returns BG_LEGAL_OVERFLOW rather than cut the list short (the core
 *     answers BG_ENOMEM); the core asserts the count in debug builds.
 *   - is_legal(m) is true exactly for the moves legal lists (and for
 *     placements too long for the list that the game documents, Dots'
 *     free enclosures); it never changes the state.
 *   - random_move draws each legal move with the same chance from *rng
 *     (through bg_rand), or returns false to let the core draw from the
 *     list; the same state gives the same move on every platform.
 *   - apply then unapply (or the core's state copy) restores the state
 *     byte for byte; hash depends only on the state and is the same on
 *     every platform (bg_zobrist keys).
 *   - No hook allocates memory or keeps pointers into the state.
 */
#ifndef BG_CORE_RULES_H
#define BG_CORE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "boardgames/boardgames.h"
#include "core/geometry.h"
#include "core/strbuf.h"

/* One option of a game's schema. `allowed` is for people and for the core's
 * checks: for BG_OPT_INT, words, numbers and "lo..hi" ranges joined by '|'
 * ("auto|0..999", "8|10"); for BG_OPT_ENUM, the words; for BG_OPT_TEXT, a
 * pattern the game checks. An option whose number (bools: 0/1; enums: the
 * word index) goes into the config as it is names the field there
 * (BG_OPT_FIELD): the core writes it before configure() runs. Without one
 * (size 0), configure() reads the option itself. */
typedef struct bg_optdef {
	const char *key;
	int type;
	const char *def;
	const char *allowed;
	const char *doc;
	size_t offset; /* of the field in the config */
	uint8_t size;  /* of the field: 1, 2, 4 or 8; 0: none */
} bg_optdef;

/* An option configure() reads itself: the config holds what is derived
 * from it. */
#define BG_OPT_DERIVED .size = 0

/* The config field an option sets: an integer or bool member of the
 * config type. */
#define BG_OPT_FIELD(type, member)                                         \
	.offset = offsetof(type, member),                                  \
	.size = sizeof(((type *)0)->member)

/* A parsed option value. word: the index of the word in `allowed` (enums,
 * and INT options given as a word such as "auto"), else -1. i: the number
 * (bools: 0/1; enums: the word index). text: the text as given. */
typedef struct bg_optval {
	int64_t i;
	int word;
	const char *text;
} bg_optval;

/* An old spelling of an option key, read as `key` (values unchanged). */
typedef struct bg_optalias {
	const char *old;
	const char *key;
} bg_optalias;

/* The standard options: rules many games share, with one name, type,
 * allowed list and meaning everywhere. The catalogue lists those a game
 * has after its own options, in this order, and configure() finds their
 * values after its own: opts[noptions + BG_STD_*] (an option the game does
 * not have reads 0). */
enum {
	BG_STD_NO_MOVES,   /* ENUM lose|pass: a side to move with no move */
	BG_STD_REPETITION, /* INT 2..3: the occurrence of a position (same
			    * key since the last irreversible move) that
			    * ends the game */
	BG_STD_MAX_PLIES,  /* INT 0..100000: the ply that ends it; 0: none */
	BG_STD_COUNT
};

/* The values of no_moves, which the game applies itself. */
enum { BG_NO_MOVES_LOSE, BG_NO_MOVES_PASS };

/* The standard values as the config keeps them (at bg_rules.std_offset),
 * written by the core before configure(); the core reads repetition and
 * max_plies there to end the game. 0: the rule is off or the game does not
 * have it. */
typedef struct bg_stdvals {
	uint32_t repetition;
	uint32_t max_plies;
	int no_moves; /* BG_NO_MOVES_* */
} bg_stdvals;

/* Fill sv from the option values; `std` is opts + the game's noptions.
 * The core does it for every game before configure(). */
static inline void bg_std_read(bg_stdvals *sv, const bg_optval *std)
{
	sv->repetition = (uint32_t)std[BG_STD_REPETITION].i;
	sv->max_plies = (uint32_t)std[BG_STD_MAX_PLIES].i;
	sv->no_moves = (int)std[BG_STD_NO_MOVES].i;
}

/* What the core tells a game about the history when it asks for the
 * outcome. */
typedef struct bg_ctx {
	uint32_t ply;   /* plies played, the move just made included */
	uint32_t reps;  /* earlier occurrences of the current position key since
			 * the last irreversible move, counted up to 2 */
} bg_ctx;

typedef struct bg_result {
	int status; /* BG_ONGOING, BG_WIN, BG_DRAW */
	int winner; /* seat or -1 */
	int reason; /* BG_REASON_* */
} bg_result;

/* What the learning API (lib/core/learn.c) needs to know of a game that
 * its moves and pieces do not tell; the `learn` hook fills it from the
 * config (without the hook: pairs 1, the rest 0, ranks 1). */
typedef struct bg_learn_info {
	/* Moves with a from and a to point (steps, jumps, captures) or two
	 * placed points: the from-to field of the action. */
	uint8_t pairs;
	/* The mover removes pieces: the first-removal field. */
	uint8_t removals;
	/* Dots' ground move: one action. */
	uint8_t ground;
	/* The most legal moves that share every other field (chains
	 * between the same points, further removals, flags): 1 .. 255. */
	uint8_t ranks;
	/* The game's own planes, and their names. */
	uint8_t nplanes;
	const char *const *plane_names;
	/* Of those, the first `counters` (at most BG_GAME_COUNTERS) are
	 * each one value on every point, a count of pieces in hand or a
	 * clock: the counters hook gives the values and the core writes the
	 * planes, as it writes its own counters. On a board whose points
	 * are not all its squares that is one scaled fill a plane, where a
	 * plane written a point at a time is copied to its squares a point
	 * at a time. The observe hook writes the planes after them. */
	uint8_t counters;
	/* The game's legal_actions and action_move serve this config: in
	 * every position (BG_DIRECT_ALWAYS), or where legal_actions does not
	 * answer BG_ACTIONS_LISTED (BG_DIRECT_OR_LIST). */
	uint8_t direct;
} bg_learn_info;

/* The most counter planes a game may have: the observation writer keeps
 * their values on its stack. */
#define BG_GAME_COUNTERS 8

enum { BG_DIRECT_ALWAYS = 1, BG_DIRECT_OR_LIST = 2 };

/* The numbers of learn.c's layouts with a from-to field, on n points, for
 * legal_actions and action_move. The base of a move from `from` to `to`
 * (a placement's is its point), of the pass, and back. Without a removal
 * field and ranks, the base is the action. */
static inline uint32_t bg_action_pair(uint32_t n, int from, int to)
{
	return n + (uint32_t)from * n + (uint32_t)to;
}

static inline uint32_t bg_action_pass(uint32_t n)
{
	return n + n * n;
}

static inline void bg_action_ends(uint32_t n, uint32_t base, int *from,
				  int *to)
{
	*from = (int)((base - n) / n);
	*to = (int)((base - n) % n);
}

/* The action of a move in a layout of R removal values (1, or n + 1 with a
 * removal field) and K ranks: its base, rem (0, or 1 + the first point
 * removed) and rank; the pass's is its base with rem and rank 0. And
 * back. */
static inline uint32_t bg_action_make(uint32_t R, uint32_t K, uint32_t base,
				      uint32_t rem, uint32_t rank)
{
	return (base * R + rem) * K + rank;
}

static inline void bg_action_split(uint32_t R, uint32_t K, uint32_t action,
				   uint32_t *base, uint32_t *rem,
				   uint32_t *rank)
{
	/* Most layouts have no ranks or no removal field (K or R 1): where
	 * those are not constants, no division for them (alquerque's, whose
	 * R is 1 or 26 by its options: batch steps 1.005 to 1.02 times as
	 * fast). */
	uint32_t rest = K == 1 ? action : action / K;

	*rank = K == 1 ? 0 : action % K;
	*rem = R == 1 ? 0 : rest % R;
	*base = R == 1 ? rest : rest / R;
}

/* The order of the moves that share an action's other fields, which their
 * ranks follow: by their points, then counts and flags, as numbers. */
static inline int bg_move_cmp(const bg_move *a, const bg_move *b)
{
	for (int i = 0; i < BG_MOVE_MAX_POINTS; i++)
		if (a->pts[i] != b->pts[i])
			return a->pts[i] < b->pts[i] ? -1 : 1;
	if (a->npath != b->npath)
		return a->npath < b->npath ? -1 : 1;
	if (a->nremove != b->nremove)
		return a->nremove < b->nremove ? -1 : 1;
	return (a->flags > b->flags) - (a->flags < b->flags);
}

/* The move of `kind` from `from` to `to`: its other fields and points 0,
 * as the core compares moves byte for byte. The two points are stored as
 * they are: a path built elsewhere and copied would be read back wider
 * than it was stored, which waits for the stores. */
static inline void bg_move_pair(bg_move *m, int kind, int from, int to)
{
	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	m->npath = 2;
	m->pts[0] = (uint16_t)from;
	m->pts[1] = (uint16_t)to;
}

/* The move whose first 8 bytes are w (kind, counts, flags, two points:
 * a word a game keeps in its tables), the rest zero. */
_Static_assert(offsetof(bg_move, pts[2]) == sizeof(uint64_t),
	       "a move's first word ends with pts[1]");

static inline void bg_move_word(bg_move *m, uint64_t w)
{
	memset(&m->pts[2], 0, sizeof(*m) - sizeof(w));
	memcpy(m, &w, sizeof(w));
}

/* The same for a move of a list, its first 16 bytes in one store:
 * bg_play loads a listed move's first 16 bytes at once (the key it
 * compares), as bg_legal_moves does to keep the key where the game does
 * not write it (legal_keyed), and a load from two stores waits until both
 * are written (wolf and sheep's list 1.05 times as fast, when the core
 * still read its keys back). A move drawn for bg_playout is not read so,
 * and keeps the form above. */
static inline void bg_move_word_listed(bg_move *m, uint64_t w)
{
#if defined(__SSE2__)
	_mm_storeu_si128((__m128i *)(void *)m,
			 _mm_set_epi64x(0, (long long)w));
	memset((char *)m + 16, 0, sizeof(*m) - 16);
#else
	bg_move_word(m, w);
#endif
}

/* A listed move's key: its first 16 bytes (kind, counts, flags and the
 * first six points), what bg_play compares of a move bg_legal_moves
 * listed; a move with no more points than these is zero past them. */
typedef struct bg_move_key {
	unsigned char b[16];
} bg_move_key;

#define BG_MOVE_KEY_POINTS ((sizeof(bg_move_key) - offsetof(bg_move, pts)) / \
			    sizeof(((bg_move *)0)->pts[0]))

/* How many keys bg_move_keys_of copies whatever the list's length: a copy
 * as long as the list ends where no processor can guess (a mispredicted
 * branch, some 15 cycles a list), and a few keys more cost less. */
#define BG_MOVE_KEYS_FIXED 8

/* The keys of buf[0 .. n-1] into keys. With `fixed` (buf may be read and
 * keys written up to BG_MOVE_KEYS_FIXED entries whatever n), the first
 * BG_MOVE_KEYS_FIXED are copied whatever n. */
static inline void bg_move_keys_of(bg_move_key *keys, const bg_move *buf,
				   size_t n, bool fixed)
{
	size_t i = 0;

	_Static_assert(sizeof(bg_move_key) <= sizeof(bg_move),
		       "a key fits a move");
	if (fixed) {
#pragma GCC unroll 8
		for (; i < BG_MOVE_KEYS_FIXED; i++)
			memcpy(&keys[i], &buf[i], sizeof(keys[i]));
	}
#pragma GCC unroll 4
	for (; i < n; i++)
		memcpy(&keys[i], &buf[i], sizeof(keys[i]));
}

/* The key of the move bg_move_word(m, w) writes. */
static inline void bg_move_key_word(bg_move_key *k, uint64_t w)
{
#if defined(__SSE2__)
	_mm_storeu_si128((__m128i *)(void *)k, _mm_set_epi64x(0, (long long)w));
#else
	memcpy(k->b, &w, sizeof(w));
	memset(k->b + sizeof(w), 0, sizeof(*k) - sizeof(w));
#endif
}

/* An observe hook's counter: v on every point of a plane. */
static inline void bg_plane_fill(float *plane, int npoints, float v)
{
	size_t n = (size_t)npoints, c = 0;

	/* Eight points a step, which compilers turn into vector stores at
	 * -O2 (a loop of any length stays scalar there). The points past the
	 * last eight-step are written as the plane's last eight, overlapping
	 * the step before: one vector store where a loop of up to seven
	 * would be. */
	for (; c + 8 <= n; c += 8)
		for (int k = 0; k < 8; k++)
			plane[c + (size_t)k] = v;
	if (c < n && n >= 8)
		for (int k = 0; k < 8; k++)
			plane[n - 8 + (size_t)k] = v;
	else
		for (; c < n; c++)
			plane[c] = v;
}

/* Eight bytes as eight floats: two conversions of four where the target
 * has SSE2. Compilers leave such a loop one conversion a byte at -O2,
 * two instructions each and a twentieth of bolotudu's batch steps. */
static inline void bg_floats8(float *out, const uint8_t *v)
{
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();
	__m128i w = _mm_unpacklo_epi8(_mm_loadl_epi64((const void *)v), zero);

	_mm_storeu_ps(out, _mm_cvtepi32_ps(_mm_unpacklo_epi16(w, zero)));
	_mm_storeu_ps(out + 4, _mm_cvtepi32_ps(_mm_unpackhi_epi16(w, zero)));
#else
	for (int k = 0; k < 8; k++)
		out[k] = v[k];
#endif
}

/* An observe hook's counts by point (v[p] for point p) as a plane: eight
 * points a step, the last step the last eight, overlapping the one
 * before (as bg_plane_fill). */
static inline void bg_plane_bytes(float *plane, int npoints,
				  const uint8_t *v)
{
	size_t n = (size_t)npoints, p = 0;

	for (; p + 8 <= n; p += 8)
		bg_floats8(plane + p, v + p);
	if (p < n && n >= 8)
		bg_floats8(plane + n - 8, v + n - 8);
	else
		for (; p < n; p++)
			plane[p] = v[p];
}

/* Four points of a set as four floats: entry n holds bit k of n at k. */
extern const float bg_nibble_floats[16][4];

/* An observe hook's set of points (bit p: point p) as a plane: four
 * points a step, copied from bg_nibble_floats, where a conversion a point
 * is a chain of four instructions. */
static inline void bg_plane_bits(float *plane, int npoints, uint64_t bits)
{
	size_t n = (size_t)npoints, p = 0;

	for (; p + 4 <= n; p += 4)
		memcpy(plane + p, bg_nibble_floats[(bits >> p) & 15],
		       sizeof(bg_nibble_floats[0]));
	for (; p < n; p++)
		plane[p] = (float)((bits >> p) & 1);
}

static inline void bg_result_set(bg_result *out, int status, int winner,
				 int reason)
{
	out->status = status;
	out->winner = winner;
	out->reason = reason;
}

/* apply() returns these bits. */
enum {
	BG_APPLY_IRREVERSIBLE = 1 /* no earlier position can come again */
};

/*
 * The head of a game's state, at fixed places: the position key the game
 * keeps as its moves go (the hash hook's value) and the side to move. A
 * state that starts with these two fields (BG_STATE_HEAD checks it) sets
 * bg_rules.head, and the core reads them there: the game gives no hash or
 * to_move hook.
 */
typedef struct bg_head {
	uint64_t hash;
	uint8_t turn;
} bg_head;

#define BG_STATE_HEAD(type)                                                  \
	_Static_assert(offsetof(type, hash) == offsetof(bg_head, hash) &&    \
		       offsetof(type, turn) == offsetof(bg_head, turn),      \
		       #type " starts with the fields of bg_head")

/* A config type that starts with its bg_board (no board hook). */
#define BG_CONFIG_BOARD(type)                                                \
	_Static_assert(offsetof(type, board) == 0,                           \
		       #type " starts with its bg_board")

typedef struct bg_rules {
	const char *name;
	const char *const *aliases; /* NULL-terminated, may be NULL */
	const char *title_en;
	const char *title_ru;
	const char *seat_names[2]; /* for people; NULL means White, Black */
	uint8_t move_flags;        /* the BG_MOVE_FLAG_* bits moves may carry */
	const bg_optdef *options;
	size_t noptions;
	/* The standard options the game has: the default text of each, NULL
	 * for one it does not have. */
	const char *std_def[BG_STD_COUNT];
	/* Optional: the game's own doc line of a standard option, only where
	 * its meaning differs from the standard one ("ends by count"). */
	const char *std_doc[BG_STD_COUNT];
	/* Where the config keeps the bg_stdvals, which the core fills
	 * before configure() runs (for a game with a standard option). */
	size_t std_offset;
	/* Optional: old spellings of option keys, ending with {NULL}. */
	const bg_optalias *option_aliases;
	/* Optional: what a move that must remove pieces does, for the
	 * answer to move text that leaves the removals out ("makes a mill");
	 * NULL says "removes pieces". */
	const char *removal_cause;

	/* Optional: the canonical spelling of a BG_OPT_TEXT value (option k)
	 * into out, so equal games get equal specs ("9" -> "9x9"). Values the
	 * game refuses are left as given; configure() reports them. */
	void (*canon_text)(size_t k, const char *text, char *out, size_t cap);

	size_t config_size;
	/* Fill the config from the option values (in schema order); check
	 * combinations the schema cannot, reporting with bg_seterr(). The
	 * config comes zeroed, with its standard values at std_offset and
	 * the options that name a field (BG_OPT_FIELD) written there. */
	int (*configure)(void *cfg, const bg_optval *opts);
	/* The state's size: state_bytes when it is the same for every
	 * config, else the state_size hook. */
	size_t state_bytes;
	size_t (*state_size)(const void *cfg);
	/* The state starts with a bg_head (see there). */
	bool head;
	/* Optional: bytes of work space for the hooks (flood marks and
	 * stacks, tables of moves seen), made with each handle and reached
	 * with bg_work(); see there. */
	size_t (*work_size)(const void *cfg);
	/* Bytes per ply of undo record when `unapply` is given. */
	size_t undo_size;

	/* Optional: the board; without it, the config starts with its
	 * bg_board. */
	const bg_board *(*board)(const void *cfg);
	void (*init)(const void *cfg, void *st);
	size_t (*max_moves)(const void *cfg);
	/* All legal moves into buf (room for max_moves); returns the count. Not
	 * called once the outcome is decided. A game whose max_moves is a
	 * proven bound never lists more (the core asserts it in debug
	 * builds); one whose max_moves only caps positions made up to have
	 * thousands of capture chains returns BG_LEGAL_OVERFLOW when the list
	 * would pass it, and the core reports that, rather than list part of
	 * the moves. */
	size_t (*legal)(const void *cfg, const void *st, bg_move *buf);
	/* Optional: legal, also writing the key of each move listed into
	 * keys[i] (room for max_moves; the bytes bg_move_keys_of copies),
	 * where the game has the move at hand: bg_legal_moves then keeps
	 * them for bg_play instead of reading the list back. */
	size_t (*legal_keyed)(const void *cfg, const void *st, bg_move *buf,
			      bg_move_key *keys);
	/* Optional: true when m is legal; saves a full generation in play. */
	bool (*is_legal)(const void *cfg, const void *st, const bg_move *m);
	/* Optional: a legal move drawn uniformly with bg_rand(rng), or false
	 * to let the core draw from the full list. Never called at the end. */
	bool (*random_move)(const void *cfg, const void *st, uint64_t *rng,
			    bg_move *out);
	/* Optional: true when `path` (npath points) is another way to make
	 * legal move m, for move text ("a1-c1-c3" for "a1-a3-c3"). */
	bool (*path_ok)(const void *cfg, const void *st, const bg_move *m,
			const uint16_t *path, size_t npath);
	/* Make a legal move; `undo` has undo_size bytes when unapply is given.
	 * Returns BG_APPLY_* bits. */
	int (*apply)(const void *cfg, void *st, const bg_move *m, void *undo);
	void (*unapply)(const void *cfg, void *st, const bg_move *m,
			const void *undo);
	/* The side to move (left out with `head`). */
	int (*to_move)(const void *cfg, const void *st);
	/* The game's own ends. The core then applies the standard ones while
	 * the game goes on: repetition, then max_plies (a draw with
	 * BG_REASON_REPETITION or BG_REASON_MOVE_LIMIT). An own end with
	 * BG_REASON_MOVE_LIMIT (a counter such as no_removal) ranks with
	 * max_plies, after repetition. `out` comes in as a game going on
	 * (BG_ONGOING, no winner, BG_REASON_NONE): a hook writes only an end. */
	void (*outcome)(const void *cfg, const void *st, const bg_ctx *ctx,
			bg_result *out);
	/* Optional: the result of a standard end (reason), for a game that
	 * scores it rather than drawing (by count). */
	void (*std_end)(const void *cfg, const void *st, int reason,
			bg_result *out);
	/* The position key (left out with `head`). */
	uint64_t (*hash)(const void *cfg, const void *st);
	/* Optional; scores default to 0. */
	void (*scores)(const void *cfg, const void *st, double out[2]);
	/* Optional: how well seat 0 stands, in [0, 1] (see bg_evaluate),
	 * `ply` plies into the game; only called while the game goes on. */
	double (*evaluate)(const void *cfg, const void *st, int ply);
	/* The piece on point p. */
	void (*piece)(const void *cfg, const void *st, int p, int *seat,
		      int *kind);
	/* Optional, for observations: what `piece` tells, as sets of points
	 * (bit p % 64 of word p / 64), `words` words each: set k = seat * 3
	 * + c at set + k * words holds that seat's men (c 0), kings (1) and
	 * pieces of other kinds (2). Every word is written. Lets the
	 * observation visit the pieces rather than every point. */
	void (*pieces)(const void *cfg, const void *st, uint64_t *set,
		       size_t words);
	/* Optional: one more tag of a finished game's record, after Reason:
	 * its key, and its value from the final state and result into out
	 * (false: no tag for this end). */
	const char *record_tag;
	bool (*record_tag_value)(const void *cfg, const void *st,
				 const bg_result *result, bg_strbuf *out);
	/* The game's part of the position text: one line, no trailing space. */
	void (*write_position)(const void *cfg, const void *st, bg_strbuf *out);
	/* Read it back into st (already initialised to the start); report
	 * errors with bg_seterr() and return BG_EFORMAT. */
	int (*read_position)(const void *cfg, void *st, const char *text);
	/* Optional: the learning API's facts about the game (above). */
	void (*learn)(const void *cfg, bg_learn_info *out);
	/* Optional, both or neither, used where `learn` says `direct` (a
	 * layout without ground): the actions of the legal moves
	 * (bg_action_pair, bg_action_pass, bg_action_make), in the order
	 * `legal` lists the moves, made without making the moves; returns
	 * their count. A batch of games then neither writes nor reads a list of
	 * 72-byte moves a step, and a game need not find every chain's
	 * path. With BG_DIRECT_OR_LIST it may answer BG_ACTIONS_LISTED
	 * instead, for a position whose actions the core is to number from
	 * the list (capture chains that share their ends and need ranks). */
	size_t (*legal_actions)(const void *cfg, const void *st,
				uint32_t *acts);
	/* Optional, with BG_DIRECT_ALWAYS, for a layout of from-to pairs
	 * alone (no removal field, no ranks) on at most 64 points, each
	 * point a bit: legal_actions' actions as words, and their count:
	 * *from gets the points moves start from, to[k] the points the k-th
	 * of them (in point order) moves to, so that the actions in the list's
	 * order are those of the words' bits in order. Where there is no such
	 * move, *from is 0 and acts holds the actions (the pass) as
	 * legal_actions writes them. A batch marks a mask so, a point's
	 * actions in one store (bg_mask_words_vbmi2), and keeps no list.
	 * Called only where bg_wide_level() is BG_WIDE_VBMI2. */
	size_t (*legal_action_words)(const void *cfg, const void *st,
				     uint32_t *acts, uint64_t *from,
				     uint64_t *to);
	/* The move of one of those actions, byte for byte as `legal` lists
	 * it. */
	void (*action_move)(const void *cfg, const void *st, uint32_t action,
			    bg_move *m);
	/* With bg_learn_info's counters: the values of the game's first
	 * planes, seen from `seat`, plane k's into v[k]. */
	void (*counters)(const void *cfg, const void *st, int seat, float *v);
	/* With planes past the counters: those planes, seen from `seat`,
	 * the first past the counters as plane 0: plane k of point p into
	 * out[k * npoints + p], every entry written. */
	void (*observe)(const void *cfg, const void *st, int seat, float *out);
} bg_rules;

/* What `legal` returns for a position with more moves than max_moves. */
#define BG_LEGAL_OVERFLOW SIZE_MAX

/* What `legal_actions` returns for a position it leaves to the list. */
#define BG_ACTIONS_LISTED SIZE_MAX

/*
 * The work space of a handle: work_size(cfg) bytes that follow its config,
 * at BG_WORK_OFFSET(config_size), in one allocation. It is for the scratch
 * arrays a hook would otherwise keep on the stack (no function of the
 * library takes more than 8 KiB of it) or in the state (which clones and
 * copy-make undo copy). The contract:
 *   - The core zeroes it when it makes the handle and never reads or
 *     writes it; a clone gets its own, zeroed, not a copy.
 *   - Its contents between hook calls belong to the game, which may keep
 *     nothing there that a result depends on: a clone starts from zeros.
 *     (Flood marks with the stamp counter that makes them stale are fine.)
 *   - Hooks write it through their const cfg: one handle is used by one
 *     thread at a time, and a hook never runs while another hook of the
 *     same handle is in the middle of using it.
 *   - The games of a batch share the work space of the thread that steps
 *     them (batch.c, bg_game_share_config): a hook may find it as a call
 *     on another game left it.
 *   - Only hooks called on a handle's config may use it: configure,
 *     state_size, work_size and max_moves run on a config not yet in a
 *     handle.
 */
#define BG_WORK_ALIGN 16
#define BG_WORK_OFFSET(cfg_size) \
	(((cfg_size) + BG_WORK_ALIGN - 1) & ~(size_t)(BG_WORK_ALIGN - 1))

static inline void *bg_work(const void *cfg, size_t cfg_size)
{
	return (unsigned char *)(uintptr_t)cfg + BG_WORK_OFFSET(cfg_size);
}

#define BG_RAND_STEP 0x9E3779B97F4A7C15ull

/* The next number of the generator behind bg_random_move (splitmix64):
 * fixed, so a state gives the same moves everywhere. */
static inline uint64_t bg_rand(uint64_t *state)
{
	uint64_t z = (*state += BG_RAND_STEP);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

/* bg_rand(state) % n for n from 1 to 8, without a division: 840 is a
 * multiple of each such n, so x % n = (x % 840) % n, and bg_mod840[r]
 * holds r % n in bits 4 (n - 1) to 4 n - 1. Only the shift waits for n:
 * the division by a constant and the load depend on the generator alone
 * and run ahead, while a playout whose n comes from the position just
 * made would wait for a division at every ply. */
extern const uint32_t bg_mod840[840];

static inline uint32_t bg_rand_below8(uint64_t *state, uint32_t n)
{
	return bg_mod840[bg_rand(state) % 840] >> 4 * (n - 1) & 15;
}

/* x % n for n of at least 1, the draw of one of n moves, with a multiply
 * for n below BG_RECIPROCALS: a 64-bit division takes up to some 45
 * cycles on AMD's Zen 1, and the ply after waits for it (mill's playouts
 * made 1.10 times the plies there with this, Kvartet's 1.21).
 * bg_reciprocals[n] is 2^64 / n rounded down (2^64 - 1 for n = 1). x
 * times it over 2^64 lies between x / n - 1 and x / n, so q, its whole
 * part, is x / n rounded down or one less: x - q * n is below 2 n, and
 * one subtraction makes it the remainder, the division's to the bit
 * (tests/test_rand.c checks every n of the table). Only where the CPU
 * multiplies two words into a double word in one instruction (x86-64,
 * AArch64): WebAssembly's compilers make that product a call, and the
 * 32-bit targets have no such type; they keep the division. */
#define BG_RECIPROCALS 256
extern const uint64_t bg_reciprocals[BG_RECIPROCALS];

static inline uint64_t bg_mod(uint64_t x, uint64_t n)
{
#if defined(__SIZEOF_INT128__) && \
	(defined(__x86_64__) || defined(__aarch64__))
	if (n < BG_RECIPROCALS) {
		__extension__ typedef unsigned __int128 wide;
		uint64_t q = (uint64_t)((wide)x * bg_reciprocals[n] >> 64);
		uint64_t r = x - q * n;

		return r >= n ? r - n : r;
	}
#endif
	return x % n;
}

/* bg_rand(state) % n, n at least 1. */
static inline uint64_t bg_rand_below(uint64_t *state, uint64_t n)
{
	return bg_mod(bg_rand(state), n);
}

/* The state bg_rand() leaves after k draws from `state`: the state moves
 * by a constant step, so draws can be made apart, in any order. */
static inline uint64_t bg_rand_ahead(uint64_t state, uint64_t k)
{
	return state + k * BG_RAND_STEP;
}

/* An evaluation lead (in units where 1 is a clear advantage) squashed
 * into (0, 1) for an evaluate hook: 0 gives 0.5, +1 gives 0.75. */
static inline double bg_eval_squash(double lead)
{
	return 0.5 + 0.5 * lead / (1.0 + (lead < 0 ? -lead : lead));
}

/* The catalogue, in lib/games/game_list.c. */
extern const bg_rules *const bg_catalog[];
extern const size_t bg_catalog_size;

/* For game-specific queries: the rules, config and state of a handle.
 * Returns BG_EINVAL for NULL and BG_EWRONGGAME when g is not a game of
 * `rules`. */
int bg_game_parts(const bg_game *g, const bg_rules *rules, const void **cfg,
		  const void **st);

/* For a game's own queries on a handle: keep the thread's last error as
 * the handle's (bg_game_error) when rc is an error, and return rc. */
int bg_game_fail(const bg_game *g, int rc);

/* Record an error detail for this thread and return code. */
int bg_seterr(int code, const char *fmt, ...)
	BG_PRINTF(2, 3);
void bg_clearerr(void);

#endif
