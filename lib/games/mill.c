/*
 * Mill (Melnitsa): nine men's morris with four dashed diagonals and jumps
 * over one piece. Rules: doc/games/mill.md.
 *
 * A move is a whole turn: the placement, step or jump together with the
 * removals its new mills earn ("b2-b4xd7", "d7xa1xg1"). The legal list
 * holds one move per removal set.
 */
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "board/lines.h"
#include "board/bits.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define MI_POINTS 24
#define MI_LINES 20
#define MI_PIECES 9
#define MI_MAX_LINKS 8
#define MI_MAX_MILLS 3 /* lines through one point */
#define MI_QUIET_MAX 1000000
#define MI_ALL ((1u << MI_POINTS) - 1)
#define MI_HAND MI_POINTS /* the origin of a placement, past the points */
#define MI_NO_LINE (1u << 31) /* pads the lines through a point */
#define MI_SLOTS 128 /* the slides (steps and jumps): 80 + 40 used */
#define MI_CHUNK 6 /* the points a spread table looks up at once */
#define MI_NCHUNKS (MI_POINTS / MI_CHUNK)
#define MI_CHUNK_VALS (1 << MI_CHUNK)

/* The points in rank order from the bottom, as on the printed board. */
static const int8_t mi_xy[MI_POINTS][2] = {
	{0, 0}, {3, 0}, {6, 0},		/* a1 d1 g1 */
	{1, 1}, {3, 1}, {5, 1},		/* b2 d2 f2 */
	{2, 2}, {3, 2}, {4, 2},		/* c3 d3 e3 */
	{0, 3}, {1, 3}, {2, 3},		/* a4 b4 c4 */
	{4, 3}, {5, 3}, {6, 3},		/* e4 f4 g4 */
	{2, 4}, {3, 4}, {4, 4},		/* c5 d5 e5 */
	{1, 5}, {3, 5}, {5, 5},		/* b6 d6 f6 */
	{0, 6}, {3, 6}, {6, 6},		/* a7 d7 g7 */
};

#define SOLID(a, b, c) { BG_LINE_SOLID, 3, { a, b, c } }
#define DASHED(a, b, c) { BG_LINE_DASHED, 3, { a, b, c } }

/* The 16 solid lines, then the 4 dashed diagonals (doc/games/mill.md). */
static const bg_line mi_lines[MI_LINES] = {
	SOLID(0, 1, 2),    SOLID(3, 4, 5),    SOLID(6, 7, 8),
	SOLID(9, 10, 11),  SOLID(12, 13, 14), SOLID(15, 16, 17),
	SOLID(18, 19, 20), SOLID(21, 22, 23),
	SOLID(0, 9, 21),   SOLID(3, 10, 18),  SOLID(6, 11, 15),
	SOLID(1, 4, 7),    SOLID(16, 19, 22), SOLID(8, 12, 17),
	SOLID(5, 13, 20),  SOLID(2, 14, 23),
	DASHED(0, 3, 6),   DASHED(2, 5, 8),   DASHED(21, 18, 15),
	DASHED(23, 20, 17),
};

/* A set of slides, slot s in bit s % 64 of w[s / 64]. */
typedef bg_bits128 mi_wide;

typedef struct mi_cfg {
	bg_board board;
	uint32_t line[MI_LINES];
	/* The lines through p, then MI_NO_LINE, which no side fills. */
	uint32_t at[MI_POINTS][MI_MAX_MILLS];
	uint32_t step[MI_POINTS];                /* the points next to p */
	uint32_t reach[MI_POINTS];               /* those and the jump ends */
	/* The jumps of p, one per line it ends (0 when fewer): over the
	 * middle point to the far end. */
	uint32_t jover[MI_POINTS][MI_MAX_MILLS];
	uint32_t jto[MI_POINTS][MI_MAX_MILLS];
	/* Sets of k removals from n pieces, all allowed: C(n, k). */
	uint8_t nsets[MI_PIECES + 1][MI_MAX_MILLS + 1];
	/* The Zobrist keys (bg_zobrist): a piece of a seat on a point, Black
	 * to move, a number of pieces in hand. */
	uint64_t zpiece[2][MI_POINTS];
	uint64_t zturn;
	uint64_t zhand[2][MI_PIECES + 1];
	uint64_t zplace[2][MI_PIECES + 1]; /* hand h to h - 1: two keys */
	/* A listed move's first 8 bytes (kind to pts[1]) in parts, ORed
	 * into one word (bg_move_word): the head of a step or a jump from
	 * p, its kind, npath and origin, or at MI_HAND a placement's; a
	 * destination in pts[0] (a placement's) or in pts[1]. Each is read
	 * from a move written field by field, so the byte order is the
	 * machine's. */
	uint64_t wstep[MI_POINTS + 1];
	uint64_t wother[MI_POINTS + 1];
	uint64_t wto[2][MI_POINTS];
	/* The slides, one slot each in list order: by origin, then by
	 * destination. Their origin and destination, the first word of
	 * the move without removals, and the slots from points up to p
	 * (also as their number). */
	uint8_t sfrom[MI_SLOTS];
	uint8_t sto[MI_SLOTS];
	uint64_t sword[MI_SLOTS];
	mi_wide supto[MI_POINTS];
	uint8_t nupto[MI_POINTS];
	/* Spread tables (mi_spread_or, mi_spread_and), a row per chunk of
	 * MI_CHUNK points: the slides from the points of a set; those whose
	 * destination is empty and, for a jump, middle taken in an
	 * occupancy; those that close the first or second other line through
	 * their destination in a set of own pieces. */
	mi_wide torig[MI_NCHUNKS][MI_CHUNK_VALS];
	mi_wide tfree[MI_NCHUNKS][MI_CHUNK_VALS];
	mi_wide tmill[2][MI_NCHUNKS][MI_CHUNK_VALS];
	/* The points whose i-th line (at) a piece there completes, by own
	 * pieces, as mi_spread_and gives them: line i in bits 32 * i up
	 * (mi_place_mills). */
	mi_wide tplace[MI_NCHUNKS][MI_CHUNK_VALS];
	/* The learning actions (mi_learn): ranks, the action of a move from
	 * p (or MI_HAND) to point 0 and what a point of destination adds,
	 * each slot's, the pass's; all without removals. */
	uint32_t ranks;
	uint32_t afrom[MI_POINTS + 1];
	uint32_t ato;
	/* afrom[p] + to * ato by point to, 32 of them: the actions of an
	 * origin's destinations without a multiply (two compresses). */
	uint32_t gact[MI_POINTS + 1][32];
	uint32_t sact[MI_SLOTS];
	uint32_t apass;
	int per_mill;          /* removals per move: 1 per mill, or 1 in all */
	bool protect;          /* pieces in mills are immune (protect_mills) */
	bool flying;           /* three pieces fly */
	int no_removal;        /* quiet plies that draw; 0: none */
	bg_stdvals std;
	size_t max_moves;
} mi_cfg;

typedef struct mi_state {
	uint64_t hash;
	uint8_t turn;
	uint8_t hand[2];
	uint8_t pad;
	uint32_t quiet;  /* plies since the last placement or removal */
	uint32_t occ[2];
} mi_state;
BG_CONFIG_BOARD(mi_cfg);
BG_STATE_HEAD(mi_state);

static uint32_t bitmask(int p)
{
	return 1u << p;
}

/* ---- Configuration -------------------------------------------------------- */

enum { MI_OPT_DOUBLE, MI_OPT_PROTECT, MI_OPT_FLYING, MI_OPT_NO_REMOVAL,
       MI_NOPTIONS };

/* The steps and jumps of each point from the line list. Two lines share
 * at most one point, so no two of a point's links have one destination. */
static void mi_link_tables(mi_cfg *c)
{
	bg_lineboard lbs, *lb = &lbs;

	bg_lineboard_build(lb, &c->board);
	for (int p = 0; p < MI_POINTS; p++) {
		for (int i = 0; i < lb->nstep[p]; i++)
			c->step[p] |= bitmask(lb->step[p][i].to);
		c->reach[p] = c->step[p];
		for (int i = 0; i < lb->njump[p]; i++) {
			c->jover[p][i] = bitmask(lb->jump[p][i].over);
			c->jto[p][i] = bitmask(lb->jump[p][i].to);
			c->reach[p] |= c->jto[p][i];
		}
	}
}

static void mi_zobrist_tables(mi_cfg *c)
{
	for (uint32_t seat = 0; seat < 2; seat++) {
		for (uint32_t p = 0; p < MI_POINTS; p++)
			c->zpiece[seat][p] = bg_zobrist(seat, p);
		for (uint32_t h = 0; h <= MI_PIECES; h++)
			c->zhand[seat][h] = bg_zobrist(3 + seat, h);
		for (uint32_t h = 1; h <= MI_PIECES; h++)
			c->zplace[seat][h] = c->zhand[seat][h] ^
					     c->zhand[seat][h - 1];
	}
	c->zturn = bg_zobrist(2, 0);
}

/* The first 8 bytes of m, as bg_move_word stores them. */
static uint64_t mi_word(const bg_move *m)
{
	uint64_t w;

	memcpy(&w, m, sizeof(w));
	return w;
}

static void mi_word_tables(mi_cfg *c)
{
	bg_move m = { .kind = BG_MOVE_PLACE, .npath = 1 };

	c->wstep[MI_HAND] = c->wother[MI_HAND] = mi_word(&m);
	for (int p = 0; p < MI_POINTS; p++) {
		m = (bg_move){ .kind = BG_MOVE_STEP, .npath = 2 };
		m.pts[0] = (uint16_t)p;
		c->wstep[p] = mi_word(&m);
		m.kind = BG_MOVE_JUMP;
		c->wother[p] = mi_word(&m);
		for (int i = 0; i < 2; i++) {
			m = (bg_move){ .kind = BG_MOVE_PASS };
			m.pts[i] = (uint16_t)p;
			c->wto[i][p] = mi_word(&m);
		}
	}
}

static void mi_wide_add(mi_wide *set, int s)
{
	set->w[s / 64] |= 1ull << (s % 64);
}

/* The middle of the jump from p to q, 0 for a step, MI_NO_LINE when
 * neither goes there. */
static uint32_t mi_slide_middle(const mi_cfg *c, int p, int q)
{
	if (c->step[p] & bitmask(q))
		return 0;
	for (int i = 0; i < MI_MAX_MILLS; i++)
		if (c->jto[p][i] == bitmask(q))
			return c->jover[p][i];
	return MI_NO_LINE;
}

/* The unions of the sets of the points of chunk k, for each value v of
 * the chunk: of set[q] for the points q in v. */
static void mi_chunk_unions(mi_wide *u, const mi_wide *set, int k)
{
	u[0] = (mi_wide){ { 0, 0 } };
	for (uint32_t v = 1; v < MI_CHUNK_VALS; v++)
		u[v] = bg_bits128_or(&u[v & (v - 1)],
				  &set[MI_CHUNK * k + bg_ctz32(v)]);
}

/* A spread table for mi_spread_and: at chunk k holding v, the slots of
 * base but those that a point of the chunk rules out, taken[q] when it
 * is in v, else empty[q]. Out of line, as mi_place_spread is: inlined
 * into one another and into mi_configure, their tables took clang's
 * frame past the 8 KB the stack check allows. */
BG_NOINLINE
static void mi_spread_build(mi_wide (*t)[MI_CHUNK_VALS], const mi_wide *base,
			    const mi_wide *taken, const mi_wide *empty)
{
	mi_wide in[MI_CHUNK_VALS], out[MI_CHUNK_VALS];

	for (int k = 0; k < MI_NCHUNKS; k++) {
		mi_chunk_unions(in, taken, k);
		mi_chunk_unions(out, empty, k);
		for (uint32_t v = 0; v < MI_CHUNK_VALS; v++) {
			mi_wide no = bg_bits128_or(&in[v],
						&out[(MI_CHUNK_VALS - 1) ^ v]);

			t[k][v] = (mi_wide){ { base->w[0] & ~no.w[0],
					       base->w[1] & ~no.w[1] } };
		}
	}
}

/* The table of mi_spread_or: the slots from the points of a set. */
static void mi_spread_from(mi_cfg *c, int n)
{
	mi_wide from[MI_POINTS] = { { { 0, 0 } } };

	for (int s = 0; s < n; s++)
		mi_wide_add(&from[c->sfrom[s]], s);
	for (int k = 0; k < MI_NCHUNKS; k++)
		mi_chunk_unions(c->torig[k], from, k);
}

/* The spread tables of the slides, from their middles (0 for a step)
 * and the other two points of the first and second other line through
 * their destination (MI_NO_LINE for none). */
static void mi_slide_spreads(mi_cfg *c, int n, const uint32_t *mid,
			     uint32_t (*pair)[MI_SLOTS])
{
	mi_wide all = { { 0, 0 } }, none[MI_POINTS] = { { { 0, 0 } } };
	mi_wide taken[MI_POINTS] = { { { 0, 0 } } }, empty[MI_POINTS];

	mi_spread_from(c, n);
	memcpy(empty, taken, sizeof(empty));
	for (int s = 0; s < n; s++) {
		mi_wide_add(&all, s);
		mi_wide_add(&taken[c->sto[s]], s);
		if (mid[s])
			mi_wide_add(&empty[bg_ctz32(mid[s])], s);
	}
	mi_spread_build(c->tfree, &all, taken, empty);
	for (int i = 0; i < 2; i++) {
		mi_wide base = { { 0, 0 } };

		memcpy(empty, none, sizeof(empty));
		for (int s = 0; s < n; s++) {
			if (pair[i][s] == MI_NO_LINE)
				continue;
			mi_wide_add(&base, s);
			for (uint32_t b = pair[i][s]; b; b &= b - 1)
				mi_wide_add(&empty[bg_ctz32(b)], s);
		}
		mi_spread_build(c->tmill[i], &base, none, empty);
	}
}

/* The part of tplace for the i-th line through each point. */
BG_NOINLINE
static void mi_place_spread(mi_cfg *c, int i)
{
	mi_wide base = { { 0, 0 } }, none[MI_POINTS] = { { { 0, 0 } } };
	mi_wide empty[MI_POINTS] = { { { 0, 0 } } };
	mi_wide t[MI_NCHUNKS][MI_CHUNK_VALS];

	for (int p = 0; p < MI_POINTS; p++) {
		if (c->at[p][i] == MI_NO_LINE)
			continue;
		mi_wide_add(&base, p);
		for (uint32_t b = c->at[p][i] & ~bitmask(p); b; b &= b - 1)
			mi_wide_add(&empty[bg_ctz32(b)], p);
	}
	mi_spread_build(t, &base, none, empty);
	for (int k = 0; k < MI_NCHUNKS; k++)
		for (int v = 0; v < MI_CHUNK_VALS; v++)
			c->tplace[k][v].w[i / 2] |=
				t[k][v].w[0] << 32 * (i % 2);
}

/* The slides from p to q in point order, each with the other lines
 * through q: the move's own line cannot close, as p leaves it. */
static void mi_slide_tables(mi_cfg *c)
{
	uint32_t mid[MI_SLOTS], pair[2][MI_SLOTS];
	int n = 0;

	for (int p = 0; p < MI_POINTS; p++) {
		for (int q = 0; q < MI_POINTS; q++) {
			uint32_t m = mi_slide_middle(c, p, q);
			int np = 0;

			if (m == MI_NO_LINE)
				continue;
			mid[n] = m;
			pair[0][n] = pair[1][n] = MI_NO_LINE;
			for (int i = 0; i < MI_MAX_MILLS; i++)
				if (!(c->at[q][i] & (bitmask(p) | MI_NO_LINE)))
					pair[np++][n] =
						c->at[q][i] & ~bitmask(q);
			c->sfrom[n] = (uint8_t)p;
			c->sto[n] = (uint8_t)q;
			c->sword[n] = (m ? c->wother[p] : c->wstep[p]) |
				      c->wto[1][q];
			n++;
		}
		c->nupto[p] = (uint8_t)n;
		c->supto[p] = p ? c->supto[p - 1] : (mi_wide){ { 0, 0 } };
		for (int s = 0; s < n; s++)
			if (c->sfrom[s] == p)
				mi_wide_add(&c->supto[p], s);
	}
	mi_slide_spreads(c, n, mid, pair);
}

static size_t mi_choose(int n, int k)
{
	size_t r = 1;

	for (int i = 0; i < k; i++)
		r = r * (size_t)(n - i) / (size_t)(i + 1);
	return r;
}

/* The removals of a move but its first are its rank: the ways to choose
 * them from the pieces left, C(MI_PIECES - 1, MI_MAX_MILLS - 1) at most,
 * with a removal per mill. */
static uint32_t mi_ranks(const mi_cfg *c)
{
	uint32_t most = 1;

	for (int k = 1; c->per_mill && k < MI_MAX_MILLS; k++)
		if (c->nsets[MI_PIECES - 1][k] > most)
			most = c->nsets[MI_PIECES - 1][k];
	return most;
}

/* The action of the move without removals from `from` (or MI_HAND) to
 * `to`. */
static uint32_t mi_action(const mi_cfg *c, int from, int to)
{
	uint32_t base = from == MI_HAND ? (uint32_t)to :
			bg_action_pair(MI_POINTS, from, to);

	return bg_action_make(MI_POINTS + 1, c->ranks, base, 0, 0);
}

static void mi_action_tables(mi_cfg *c)
{
	c->ranks = mi_ranks(c);
	for (int p = 0; p <= MI_POINTS; p++)
		c->afrom[p] = mi_action(c, p, 0);
	c->ato = mi_action(c, MI_HAND, 1);
	for (int p = 0; p <= MI_POINTS; p++)
		for (uint32_t to = 0; to < 32; to++)
			c->gact[p][to] = c->afrom[p] + to * c->ato;
	for (int s = 0; s < MI_SLOTS; s++)
		c->sact[s] = mi_action(c, c->sfrom[s], c->sto[s]);
	c->apass = bg_action_make(MI_POINTS + 1, c->ranks,
				  bg_action_pass(MI_POINTS), 0, 0);
}

static int mi_configure(void *cfgp, const bg_optval *opts)
{
	mi_cfg *c = cfgp;
	size_t origins;

	bg_board_lines(&c->board, 7, 7, MI_POINTS, mi_xy, mi_lines, MI_LINES);
	for (int p = 0; p < MI_POINTS; p++)
		for (int k = 0; k < MI_MAX_MILLS; k++)
			c->at[p][k] = MI_NO_LINE;
	for (int i = 0; i < MI_LINES; i++) {
		const bg_line *ln = &mi_lines[i];

		for (int k = 0; k < ln->npoints; k++)
			c->line[i] |= bitmask(ln->pts[k]);
		for (int k = 0; k < ln->npoints; k++) {
			uint32_t *at = c->at[ln->pts[k]];

			while (*at != MI_NO_LINE)
				at++;
			*at = c->line[i];
		}
	}
	mi_link_tables(c);
	mi_zobrist_tables(c);
	mi_word_tables(c);
	mi_slide_tables(c);
	for (int i = 0; i < MI_MAX_MILLS; i++)
		mi_place_spread(c, i);
	for (int n = 0; n <= MI_PIECES; n++)
		for (int k = 0; k <= MI_MAX_MILLS && k <= n; k++)
			c->nsets[n][k] = (uint8_t)mi_choose(n, k);
	c->per_mill = opts[MI_OPT_DOUBLE].i == 2;
	mi_action_tables(c);
	/* (origin, destination) pairs times the removal sets: a placement
	 * has 24 destinations, 9 pieces at most 8 links each, 3 flying
	 * pieces 21 empty points each. */
	origins = MI_PIECES * MI_MAX_LINKS;
	c->max_moves = origins * mi_choose(MI_PIECES,
					   c->per_mill ? MI_MAX_MILLS : 1);
	return BG_OK;
}

static size_t mi_max_moves(const void *cfgp)
{
	return ((const mi_cfg *)cfgp)->max_moves;
}

/* ---- Position ------------------------------------------------------------- */

static uint64_t mi_hash_scratch(const mi_cfg *c, const mi_state *s)
{
	uint64_t h = s->turn ? c->zturn : 0;

	for (int seat = 0; seat < 2; seat++) {
		for (uint32_t b = s->occ[seat]; b; b &= b - 1)
			h ^= c->zpiece[seat][bg_ctz32(b)];
		h ^= c->zhand[seat][s->hand[seat]];
	}
	return h;
}

static void mi_init(const void *cfgp, void *st)
{
	mi_state *s = st;

	memset(s, 0, sizeof(*s));
	s->hand[0] = s->hand[1] = MI_PIECES;
	s->hash = mi_hash_scratch(cfgp, s);
}

static void mi_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const mi_state *s = st;

	bg_board_piece_two(s->occ[0], s->occ[1], p, seat, kind);
}

static void mi_piece_sets(const void *cfgp, const void *st, uint64_t *set,
			  size_t words)
{
	const mi_state *s = st;

	(void)cfgp;
	bg_board_pieces_two(s->occ[0], s->occ[1], set, words);
}

static int mi_pieces(const mi_state *s, int seat)
{
	return bg_popcount32(s->occ[seat]) + s->hand[seat];
}

/* "w.b/.../.../ww..bb/.../.../... w 3 4 0": ranks 7 down to 1 (only their
 * points, left to right), side to move, pieces in hand, quiet plies. */
static void mi_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const mi_cfg *c = cfgp;
	const mi_state *s = st;
	const uint64_t bb[2] = { s->occ[0], s->occ[1] };

	bg_board_write_two(&c->board, bb, out);
	bg_sb_printf(out, " %c %d %d %u", s->turn ? 'b' : 'w', s->hand[0],
		     s->hand[1], (unsigned)s->quiet);
}

/* A decimal number up to max at *s, then a space or the end. */
static bool mi_read_number(const char **s, long max, long *v)
{
	const char *t = *s;

	*v = 0;
	if (*t < '0' || *t > '9' || (t[0] == '0' && t[1] >= '0' && t[1] <= '9'))
		return false;
	for (; *t >= '0' && *t <= '9'; t++)
		if ((*v = *v * 10 + (*t - '0')) > max)
			return false;
	if (*t != ' ' && *t != '\0')
		return false;
	*s = *t ? t + 1 : t;
	return true;
}

static int mi_check(const mi_state *s)
{
	int mover = !s->turn;

	for (int seat = 0; seat < 2; seat++)
		if (mi_pieces(s, seat) > MI_PIECES)
			return bg_seterr(BG_EFORMAT,
					 "%s has %d pieces on the board and in "
					 "hand, more than 9",
					 seat ? "black" : "white",
					 mi_pieces(s, seat));
	if ((s->hand[0] || s->hand[1]) &&
	    s->hand[0] + s->turn != s->hand[1])
		return bg_seterr(BG_EFORMAT,
				 "%d and %d in hand: %s cannot be to place",
				 s->hand[0], s->hand[1],
				 s->turn ? "black" : "white");
	if ((s->hand[0] || s->hand[1]) && s->quiet)
		return bg_seterr(BG_EFORMAT,
				 "quiet plies during the placement must be 0");
	if (mi_pieces(s, mover) < 3)
		return bg_seterr(BG_EFORMAT,
				 "%s, who just moved, has only %d pieces",
				 mover ? "black" : "white", mi_pieces(s, mover));
	return BG_OK;
}

static int mi_read_position(const void *cfgp, void *st, const char *text)
{
	const mi_cfg *c = cfgp;
	mi_state tmp;
	const char *s = text;
	uint64_t bb[2];
	long h0, h1, quiet;

	memset(&tmp, 0, sizeof(tmp));
	if (bg_board_read_two(&c->board, &s, bb) != BG_OK)
		return BG_EFORMAT;
	tmp.occ[0] = (uint32_t)bb[0];
	tmp.occ[1] = (uint32_t)bb[1];
	if ((s[0] != 'w' && s[0] != 'b') || s[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', after the board");
	tmp.turn = s[0] == 'b';
	s += 2;
	if (!mi_read_number(&s, MI_PIECES, &h0) ||
	    !mi_read_number(&s, MI_PIECES, &h1) ||
	    !mi_read_number(&s, MI_QUIET_MAX, &quiet) || *s)
		return bg_seterr(BG_EFORMAT,
				 "expected 'HAND0 HAND1 QUIET' after the side to "
				 "move (hands 0..9)");
	tmp.hand[0] = (uint8_t)h0;
	tmp.hand[1] = (uint8_t)h1;
	tmp.quiet = (uint32_t)quiet;
	if (mi_check(&tmp) != BG_OK)
		return BG_EFORMAT;
	tmp.hash = mi_hash_scratch(cfgp, &tmp);
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* The rows of t at the chunks of x. */
static inline void mi_spread_rows(const mi_wide (*t)[MI_CHUNK_VALS],
				  uint32_t x, const mi_wide *row[4])
{
	row[0] = &t[0][x & (MI_CHUNK_VALS - 1)];
	row[1] = &t[1][x >> MI_CHUNK & (MI_CHUNK_VALS - 1)];
	row[2] = &t[2][x >> 2 * MI_CHUNK & (MI_CHUNK_VALS - 1)];
	row[3] = &t[3][x >> 3 * MI_CHUNK];
}

/* The slides of the slots of t at the chunks of x: their union for a
 * table whose slots each come from one point, their intersection for one
 * whose slots each ask a condition of every chunk. */
static inline mi_wide mi_spread_or(const mi_wide (*t)[MI_CHUNK_VALS],
				   uint32_t x)
{
	const mi_wide *r[4];

	mi_spread_rows(t, x, r);
	return bg_bits128_or4(r);
}

static inline mi_wide mi_spread_and(const mi_wide (*t)[MI_CHUNK_VALS],
				    uint32_t x)
{
	const mi_wide *r[4];

	mi_spread_rows(t, x, r);
	return bg_bits128_and4(r);
}

/* The points where a piece would complete the first, second and third
 * line through it, by own pieces `own`. */
static inline void mi_place_mills(const mi_cfg *c, uint32_t own,
				  uint32_t m[MI_MAX_MILLS])
{
	mi_wide t = mi_spread_and(c->tplace, own);

	m[0] = (uint32_t)t.w[0];
	m[1] = (uint32_t)(t.w[0] >> 32);
	m[2] = (uint32_t)t.w[1];
}

/* The lines through `to` that mi_place_mills finds. */
static int mi_place_count(const uint32_t m[MI_MAX_MILLS], int to)
{
	return (int)((m[0] >> to & 1) + (m[1] >> to & 1) + (m[2] >> to & 1));
}

/* The points that complete a line of `own`: only a move there can make a
 * mill. */
static inline uint32_t mi_closers(const mi_cfg *c, uint32_t own)
{
	uint32_t m[MI_MAX_MILLS];

	mi_place_mills(c, own, m);
	return (m[0] | m[1] | m[2]) & ~own;
}

/* ---- Removals ------------------------------------------------------------- */

/* The pieces of a side that stand in one of its mills. */
static uint32_t mi_in_mills(const mi_cfg *c, uint32_t side)
{
	uint32_t m[MI_MAX_MILLS];

	mi_place_mills(c, side, m);
	return side & (m[0] | m[1] | m[2]);
}

/* The pieces of `side` that may be removed now. */
static uint32_t mi_removable(const mi_cfg *c, uint32_t side)
{
	uint32_t free_;

	if (!c->protect)
		return side;
	free_ = side & ~mi_in_mills(c, side);
	return free_ ? free_ : side;
}

/* Can the pieces of `set` be removed from `side` one after another, in
 * some order? Under protect_mills a piece in a mill becomes removable once
 * the earlier removals leave no free piece. */
static bool mi_removal_ok(const mi_cfg *c, uint32_t side, uint32_t set)
{
	uint32_t can;

	if (!set || !c->protect)
		return true;
	can = set & mi_removable(c, side);
	for (; can; can &= can - 1) {
		uint32_t x = can & -can;

		if (mi_removal_ok(c, side & ~x, set & ~x))
			return true;
	}
	return false;
}

/* Mills made by own pieces `own` (the move made) through point to. */
static int mi_new_mills(const mi_cfg *c, uint32_t own, int to)
{
	const uint32_t *at = c->at[to];

	return ((own & at[0]) == at[0]) + ((own & at[1]) == at[1]) +
	       ((own & at[2]) == at[2]);
}

/* The side to move, as the move generators see it. */
typedef struct mi_side {
	uint32_t own, opp, all;
	int nopp;      /* the opponent's pieces on the board */
	uint32_t removable; /* those that may be taken now (mi_side_removing) */
	bool places;   /* it has pieces in hand */
	bool flies;
} mi_side;

static bool mi_flies(const mi_cfg *c, const mi_state *s, int seat)
{
	return c->flying && s->hand[seat] == 0 &&
	       bg_popcount32(s->occ[seat]) == 3;
}

static inline void mi_side_of(const mi_cfg *c, const mi_state *s, mi_side *v)
{
	v->own = s->occ[s->turn];
	v->opp = s->occ[!s->turn];
	v->all = v->own | v->opp;
	v->nopp = bg_popcount32(v->opp);
	v->places = s->hand[s->turn] > 0;
	v->flies = mi_flies(c, s, s->turn);
}

/* mi_side_of with the pieces that may be removed, for the generators
 * that count or list removals. */
BG_ALWAYS_INLINE void mi_side_removing(const mi_cfg *c, const mi_state *s,
				       mi_side *v)
{
	mi_side_of(c, s, v);
	v->removable = c->protect ? mi_removable(c, v->opp) : v->opp;
}

/* The removals that new mills earn: one per mill or one in all, and at
 * most the opponent's pieces. */
static int mi_earned(const mi_cfg *c, const mi_side *v, int mills)
{
	if (!c->per_mill && mills)
		mills = 1;
	return mills < v->nopp ? mills : v->nopp;
}

/* The removals that the move from -> to earns. */
static inline int mi_nrem(const mi_cfg *c, const mi_side *v, int from, int to)
{
	uint32_t own = (v->own & ~bitmask(from)) | bitmask(to);

	return mi_earned(c, v, mi_new_mills(c, own, to));
}

/* The running counts of the bytes of w: byte i counts the set bits of
 * bytes 0 to i, so the top byte counts them all. */
static inline uint64_t mi_byte_counts(uint64_t w)
{
	return bg_byte_pops64(w) * 0x0101010101010101ull;
}

/* The index of the r-th (from 0) set bit of w, r below its count, upto
 * its mi_byte_counts: the byte that holds it, all the running counts
 * compared with r at once, then the bit in that byte. */
static inline int mi_select64(uint64_t w, uint64_t upto, size_t r)
{
	const uint64_t ones = 0x0101010101010101ull, high = ones << 7;
	/* The high bit of byte i: r + 128 - upto[i] >= 128, r >= upto[i]. */
	uint64_t below = ((r * ones) | high) - upto;
	int byte = bg_ctz64(~below & high) & ~7;

	r -= (upto << 8) >> byte & 0xff;
	for (w >>= byte; r; r--)
		w &= w - 1;
	return byte + bg_ctz64(w);
}

/* The point of the r-th (from 0) member of b. */
static int mi_nth(uint32_t b, size_t r)
{
	return mi_select64(b, mi_byte_counts(b), r);
}

/* The removal sets of k pieces of one side in lexicographic order of their
 * points: index tuples idx[0] < ... < idx[k-1] into its pieces q. */
typedef struct mi_sets {
	int q[MI_POINTS];
	int nq;
	int k;
	int idx[MI_MAX_MILLS];
} mi_sets;

static void mi_sets_first(mi_sets *it, uint32_t side, int k)
{
	it->nq = 0;
	it->k = k;
	/* All of idx, past k too: gcc -O3 cannot follow k from here to
	 * mi_sets_next and warns that the rest may be read unset. */
	for (int i = 0; i < MI_MAX_MILLS; i++)
		it->idx[i] = i;
	if (k)
		for (uint32_t b = side; b; b &= b - 1)
			it->q[it->nq++] = bg_ctz32(b);
}

static uint32_t mi_sets_mask(const mi_sets *it)
{
	uint32_t set = 0;

	for (int i = 0; i < it->k; i++)
		set |= bitmask(it->q[it->idx[i]]);
	return set;
}

/* Step the odometer; false after the last set. */
static bool mi_sets_next(mi_sets *it)
{
	int i, k = it->k;

	for (i = k - 1; i >= 0 && it->idx[i] == it->nq - k + i; i--)
		;
	if (i < 0)
		return false;
	it->idx[i]++;
	for (int j = i + 1; j < k; j++)
		it->idx[j] = it->idx[j - 1] + 1;
	return true;
}

/* The removal sets of k pieces of the opponent that may be taken. */
static inline size_t mi_nsets(const mi_cfg *c, const mi_side *v, int k)
{
	uint32_t side = v->opp;
	mi_sets it;
	size_t n = 0;

	if (!c->protect)
		return c->nsets[v->nopp][k];
	if (k == 1) /* a set of one: a piece that may be removed now */
		return (size_t)bg_popcount32(v->removable);
	mi_sets_first(&it, side, k);
	do
		n += mi_removal_ok(c, side, mi_sets_mask(&it));
	while (mi_sets_next(&it));
	return n;
}

/* mi_nth_set by walking the sets. */
static uint32_t mi_nth_set_walk(const mi_cfg *c, const mi_side *v, int k,
				size_t r)
{
	uint32_t side = v->opp;
	mi_sets it;

	mi_sets_first(&it, side, k);
	for (;;) {
		uint32_t set = mi_sets_mask(&it);

		if (mi_removal_ok(c, side, set) && r-- == 0)
			return set;
		mi_sets_next(&it);
	}
}

/* The r-th (from 0) of the sets mi_nsets counts, in lexicographic order. */
static inline uint32_t mi_nth_set(const mi_cfg *c, const mi_side *v, int k,
				  size_t r)
{
	if (k == 1) /* the common case: the r-th piece that may be taken */
		return bitmask(mi_nth(v->removable, r));
	return mi_nth_set_walk(c, v, k, r);
}

/* ---- Moves ---------------------------------------------------------------- */

/* The move from -> to removing the pieces of set. */
static void mi_write(bg_move *m, int kind, int from, int to, uint32_t set)
{
	int k = 0;

	memset(m, 0, sizeof(*m));
	m->kind = (uint8_t)kind;
	if (from != MI_HAND)
		m->pts[k++] = (uint16_t)from;
	m->pts[k++] = (uint16_t)to;
	m->npath = (uint8_t)k;
	for (; set; set &= set - 1)
		m->pts[k++] = (uint16_t)bg_ctz32(set);
	m->nremove = (uint8_t)(k - m->npath);
}

/* mi_write of a move without removals, without its branches: `to` goes
 * to pts[last], and a placement's pts[0] (MI_HAND at first) is then
 * `to`. Apart from mi_write_single: the removal's stores, zeros here,
 * cost a quiet move a sixth more. */
static inline void mi_write_quiet(bg_move *m, int kind, int from, int to)
{
	int last = from != MI_HAND;

	*m = (bg_move){ .kind = (uint8_t)kind, .npath = (uint8_t)(last + 1),
			.pts = { (uint16_t)from } };
	m->pts[last] = (uint16_t)to;
}

/* mi_write_quiet of the move that removes the piece on `removed`. */
static inline void mi_write_single(bg_move *m, int kind, int from, int to,
				   int removed)
{
	mi_write_quiet(m, kind, from, to);
	m->nremove = 1;
	m->pts[from != MI_HAND ? 2 : 1] = (uint16_t)removed;
}

/* bg_move_word of w, a move of npath points, then the removals of set. */
static inline void mi_put_removing(bg_move *m, uint64_t w, int npath,
				   uint32_t set)
{
	int k = npath;

	bg_move_word(m, w);
	for (; set; set &= set - 1)
		m->pts[k++] = (uint16_t)bg_ctz32(set);
	m->nremove = (uint8_t)(k - npath);
}

/* The moves from one origin to the points of `to` without removals into
 * m, in point order: a step where `steps` has the point, with the head
 * `hstep` (mi_cfg.wstep), else with `hother`; the destination from `wto`
 * (one of mi_cfg.wto). How many. Most of a list: out of line, its loop
 * keeps its values in registers. */
BG_NOINLINE
static size_t mi_write_plain(bg_move *m, uint32_t to, uint32_t steps,
			     uint64_t hstep, uint64_t hother,
			     const uint64_t *wto)
{
	bg_move *start = m;

	for (; to; to &= to - 1) {
		int p = bg_ctz32(to);

		bg_move_word_listed(m++, (steps >> p & 1 ? hstep : hother) |
				    wto[p]);
	}
	return (size_t)(m - start);
}

/* The end of the i-th jump of p when its middle point is taken, else 0. */
static inline uint32_t mi_jump(const mi_cfg *c, uint32_t all, int p, int i)
{
	return c->jto[p][i] & -(uint32_t)((all & c->jover[p][i]) != 0);
}

/* The points next to p, and the far ends of the lines p ends whose middle
 * is taken: where a piece on p may go when they are empty, and where the
 * pieces that may come to p stand (steps and jumps go both ways). */
static inline uint32_t mi_links(const mi_cfg *c, uint32_t all, int p)
{
	return c->step[p] | mi_jump(c, all, p, 0) | mi_jump(c, all, p, 1) |
	       mi_jump(c, all, p, 2);
}

/* The destinations of a piece of the side to move, or of a placement. */
static inline uint32_t mi_group(const mi_cfg *c, const mi_side *v,
				int from)
{
	if (from == MI_HAND || v->flies)
		return MI_ALL & ~v->all;
	return mi_links(c, v->all, from) & ~v->all;
}

/* The kind of the move from -> to, one of mi_group's. */
static int mi_kind(const mi_cfg *c, const mi_side *v, int from, int to)
{
	if (from == MI_HAND)
		return BG_MOVE_PLACE;
	if (v->flies || (c->step[from] & bitmask(to)))
		return BG_MOVE_STEP;
	return BG_MOVE_JUMP;
}

/* Where the moves of the side to move start: its pieces, or the hand. */
static uint32_t mi_origins(const mi_side *v)
{
	return v->places ? bitmask(MI_HAND) : v->own;
}

/* Has the side to move a turn other than a pass? */
static bool mi_can_move(const mi_cfg *c, const mi_state *s)
{
	int seat = s->turn;
	uint32_t empty = MI_ALL & ~(s->occ[0] | s->occ[1]);

	if (s->hand[seat] > 0 || mi_flies(c, s, seat))
		return empty != 0;
	for (uint32_t b = s->occ[seat]; b; b &= b - 1)
		if (c->reach[bg_ctz32(b)] & empty)
			return true;
	return false;
}

/* The later removal sets (all but each one's first) of the moves from
 * `from` to the points of `closers`, where mills can be made. */
static size_t mi_later_turns(const mi_cfg *c, const mi_side *v, int from,
			     uint32_t closers)
{
	size_t n = 0;

	for (; closers; closers &= closers - 1)
		n += mi_nsets(c, v, mi_nrem(c, v, from,
					    bg_ctz32(closers))) - 1;
	return n;
}

/* The step of a flying piece from -> to with the r-th removal set of k. */
static void mi_write_fly(const mi_cfg *c, const mi_side *v, int from, int to,
			 int k, size_t r, bg_move *out)
{
	mi_put_removing(out, c->wstep[from] | c->wto[1][to], 2,
			k ? mi_nth_set(c, v, k, r) : 0);
}

/* mi_random_move of a side that flies: its pieces in point order, each
 * with its moves to the empty points in point order and their first
 * removal sets, then the later sets of those that make mills. */
BG_NOINLINE
static bool mi_random_fly(const mi_cfg *c, const mi_state *st,
			  uint64_t *rng, bg_move *out)
{
	mi_side v;
	uint32_t empty, closers, b;
	uint64_t counts;
	size_t n, nturns[MI_PIECES], total = 0, r, later;
	int i = 0, from, to, k;

	mi_side_removing(c, st, &v);
	empty = MI_ALL & ~v.all;
	counts = mi_byte_counts(empty);
	n = counts >> 56;
	closers = mi_closers(c, v.own) & empty;
	for (b = v.own; b; b &= b - 1, i++) {
		nturns[i] = n + mi_later_turns(c, &v, bg_ctz32(b), closers);
		total += nturns[i];
	}
	if (total == 0)
		return false;
	r = (size_t)bg_rand_below(rng, total);
	for (i = 0, b = v.own; r >= nturns[i]; b &= b - 1, i++)
		r -= nturns[i];
	from = bg_ctz32(b);
	if (r < n) {
		to = mi_select64(empty, counts, r);
		k = closers & bitmask(to) ? mi_nrem(c, &v, from, to) : 0;
		mi_write_fly(c, &v, from, to, k, 0, out);
		return true;
	}
	for (r -= n;; closers &= closers - 1, r -= later) {
		to = bg_ctz32(closers);
		k = mi_nrem(c, &v, from, to);
		later = mi_nsets(c, &v, k) - 1;
		if (r < later) {
			mi_write_fly(c, &v, from, to, k, 1 + r, out);
			return true;
		}
	}
}

/* The placement on `to` with the r-th removal set of what its mills m
 * (mi_place_mills) earn. */
static void mi_write_place(const mi_cfg *c, const mi_side *v,
			   const uint32_t *m, int to, size_t r, bg_move *out)
{
	int k = mi_earned(c, v, mi_place_count(m, to));

	mi_put_removing(out, c->wstep[MI_HAND] | c->wto[0][to], 1,
			k ? mi_nth_set(c, v, k, r) : 0);
}

/* mi_random_move of a side with pieces in hand: the empty points with
 * their first removal sets, then the later sets of those that close
 * lines. */
BG_NOINLINE
static bool mi_random_place(const mi_cfg *c, const mi_state *st,
			    uint64_t *rng, bg_move *out)
{
	uint32_t own = st->occ[st->turn];
	uint32_t empty = MI_ALL & ~(own | st->occ[!st->turn]), m[MI_MAX_MILLS];
	uint32_t closers;
	uint64_t counts = mi_byte_counts(empty);
	size_t n = counts >> 56, total = n, r, later;
	mi_side v;
	int to;

	mi_place_mills(c, own, m);
	closers = (m[0] | m[1] | m[2]) & empty;
	if (!closers) {
		if (n == 0)
			return false;
		to = mi_select64(empty, counts,
				 (size_t)bg_rand_below(rng, total));
		bg_move_word(out, c->wstep[MI_HAND] | c->wto[0][to]);
		return true;
	}
	mi_side_removing(c, st, &v);
	for (uint32_t b = closers; b; b &= b - 1)
		total += mi_nsets(c, &v, mi_earned(c, &v,
			mi_place_count(m, bg_ctz32(b)))) - 1;
	r = (size_t)bg_rand_below(rng, total);
	if (r < n) {
		to = mi_select64(empty, counts, r);
		mi_write_place(c, &v, m, to, 0, out);
		return true;
	}
	for (r -= n;; closers &= closers - 1, r -= later) {
		to = bg_ctz32(closers);
		later = mi_nsets(c, &v, mi_earned(c, &v,
						  mi_place_count(m, to))) - 1;
		if (r < later) {
			mi_write_place(c, &v, m, to, 1 + r, out);
			return true;
		}
	}
}

/* ---- Slides -------------------------------------------------------------- */

/* The slides open to own pieces `own` in occupancy `all`. */
static inline mi_wide mi_open_slides(const mi_cfg *c, uint32_t own,
				     uint32_t all)
{
	mi_wide from = mi_spread_or(c->torig, own);
	mi_wide free_ = mi_spread_and(c->tfree, all);

	return bg_bits128_and(&from, &free_);
}

/* The slots of `open` that make mills: in m[0] those that close one other
 * line through their destination, in m[1] those that close a second. */
static inline bool mi_mill_slides(const mi_cfg *c, uint32_t own,
				  const mi_wide *open, mi_wide m[2])
{
	mi_wide any;

	for (int i = 0; i < 2; i++) {
		m[i] = mi_spread_and(c->tmill[i], own);
		m[i] = bg_bits128_and(&m[i], open);
	}
	any = bg_bits128_or(&m[0], &m[1]);
	return (any.w[0] | any.w[1]) != 0;
}

static int mi_wide_has(const mi_wide *set, int s)
{
	return (int)(set->w[s / 64] >> (s % 64) & 1);
}

/* mi_byte_counts of both words of set. */
static inline mi_wide mi_wide_counts(const mi_wide *set)
{
	const uint64_t ones = 0x0101010101010101ull;
	mi_wide bytes = bg_bits128_byte_pops(set);

	return (mi_wide){ { bytes.w[0] * ones, bytes.w[1] * ones } };
}

/* The members of set below slot e, counts its mi_wide_counts: the
 * running count of the bytes below e's, and the bits below e in its. */
static inline size_t mi_wide_rank(const mi_wide *set, const mi_wide *counts,
				  int e)
{
	int h = e / 64, byte = e % 64 & ~7;
	size_t n = h ? counts->w[0] >> 56 : 0;
	uint64_t x;

	if (byte)
		n += counts->w[h] >> (byte - 8) & 0xff;
	x = set->w[h] >> byte & ((1u << (e % 8)) - 1);
	x -= (x >> 1) & 0x55;
	x = (x & 0x33) + ((x >> 2) & 0x33);
	return n + (size_t)((x + (x >> 4)) & 0xf);
}

/* The members of set, counts its mi_wide_counts. */
static inline size_t mi_wide_size(const mi_wide *counts)
{
	return (size_t)(counts->w[0] >> 56) + (size_t)(counts->w[1] >> 56);
}

/* The slot of the r-th (from 0) member of set, counts its
 * mi_wide_counts. */
static inline int mi_wide_nth(const mi_wide *set, const mi_wide *counts,
			      size_t r)
{
	size_t nlo = counts->w[0] >> 56;

	if (r < nlo)
		return mi_select64(set->w[0], counts->w[0], r);
	return 64 + mi_select64(set->w[1], counts->w[1], r - nlo);
}

/* The mills that slot s makes, m those of the open slides
 * (mi_mill_slides). */
static inline int mi_slide_mills(const mi_wide m[2], int s)
{
	return mi_wide_has(&m[0], s) + mi_wide_has(&m[1], s);
}

/* The removals that slot s earns. */
static inline int mi_slide_earned(const mi_cfg *c, const mi_side *v,
				  const mi_wide m[2], int s)
{
	return mi_earned(c, v, mi_slide_mills(m, s));
}

/* The members of a set of a few. */
static size_t mi_wide_count(const mi_wide *set)
{
	size_t n = 0;

	for (int h = 0; h < 2; h++)
		for (uint64_t b = set->w[h]; b; b &= b - 1)
			n++;
	return n;
}

/* The slide of slot s with the r-th removal set of k. */
static inline void mi_write_slide(const mi_cfg *c, const mi_side *v, int s,
				  int k, size_t r, bg_move *out)
{
	mi_put_removing(out, c->sword[s], 2, k ? mi_nth_set(c, v, k, r) : 0);
}

/* The first slot of the nonempty set. */
static inline int mi_wide_first(const mi_wide *set)
{
	return set->w[0] ? bg_ctz64(set->w[0]) : 64 + bg_ctz64(set->w[1]);
}

/* mi_random_move when some open slide makes a mill, counted as for every
 * side: an origin's slides with their first removal sets, then its later
 * sets; counts (mi_wide_counts) and total count the slides alone. */
BG_NOINLINE
static bool mi_random_mill_slide(const mi_cfg *c, const mi_state *st,
				 uint64_t *rng, const mi_wide *open,
				 const mi_wide m[2], const mi_wide *counts,
				 size_t total, bg_move *out)
{
	mi_wide rest = bg_bits128_or(&m[0], &m[1]);
	mi_wide two = { { m[0].w[0] & m[1].w[0], m[0].w[1] & m[1].w[1] } };
	size_t later[3] = { 0 }; /* of a slide by its mills */
	mi_side v;
	size_t r, before = 0;
	int s;

	mi_side_removing(c, st, &v);
	later[1] = mi_nsets(c, &v, mi_earned(c, &v, 1)) - 1;
	if (two.w[0] | two.w[1])
		later[2] = mi_nsets(c, &v, mi_earned(c, &v, 2)) - 1;
	total += later[1] * (mi_wide_count(&rest) - mi_wide_count(&two)) +
		 later[2] * mi_wide_count(&two);
	r = (size_t)bg_rand_below(rng, total);
	/* Origin by origin: its slides end the first turns up to it. */
	while (rest.w[0] | rest.w[1]) {
		int from = c->sfrom[mi_wide_first(&rest)];
		const mi_wide *upto = &c->supto[from];
		mi_wide own = { { rest.w[0] & upto->w[0],
				  rest.w[1] & upto->w[1] } };
		size_t sum = 0;
		size_t end = before +
			     mi_wide_rank(open, counts, c->nupto[from]);

		if (r < end)
			break;
		for (int h = 0; h < 2; h++)
			for (uint64_t b = own.w[h]; b; b &= b - 1)
				sum += later[mi_slide_mills(m,
						64 * h + bg_ctz64(b))];
		if (r < end + sum) {
			for (r -= end;; r -= later[mi_slide_mills(m, s)]) {
				s = mi_wide_first(&own);
				if (r < later[mi_slide_mills(m, s)])
					break;
				own.w[s / 64] &= own.w[s / 64] - 1;
			}
			mi_write_slide(c, &v, s, mi_slide_earned(c, &v, m, s),
				       1 + r, out);
			return true;
		}
		before += sum;
		rest.w[0] &= ~upto->w[0];
		rest.w[1] &= ~upto->w[1];
	}
	s = mi_wide_nth(open, counts, r - before);
	mi_write_slide(c, &v, s, mi_slide_earned(c, &v, m, s), 0, out);
	return true;
}

/* A turn drawn uniformly, each removal set counting once. A blocked side's
 * pass is left to the core. */
static bool mi_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const mi_cfg *c = cfgp;
	const mi_state *s = st;
	uint32_t own = s->occ[s->turn], all = own | s->occ[!s->turn];
	mi_wide open, m[2], counts;
	size_t total;
	int slot;

	if (s->hand[s->turn])
		return mi_random_place(c, s, rng, out);
	if (mi_flies(c, s, s->turn))
		return mi_random_fly(c, s, rng, out);
	open = mi_open_slides(c, own, all);
	counts = mi_wide_counts(&open);
	total = mi_wide_size(&counts);
	if (mi_mill_slides(c, own, &open, m))
		return mi_random_mill_slide(c, s, rng, &open, m, &counts,
					    total, out);
	if (total == 0)
		return false;
	slot = mi_wide_nth(&open, &counts, (size_t)bg_rand_below(rng, total));
	bg_move_word(out, c->sword[slot]);
	return true;
}

/* The turns of the move from -> to of `kind` that earns k removals, into
 * m: one per removal set, in lexicographic order; singles are the pieces
 * that may be taken alone. How many. */
static size_t mi_write_turns(const mi_cfg *c, const mi_side *v, bg_move *m,
			     int kind, int from, int to, int k,
			     uint32_t singles)
{
	size_t n = 0;
	mi_sets it;

	if (k == 0) {
		mi_write_quiet(m, kind, from, to);
		return 1;
	}
	if (k == 1) {
		for (uint32_t r = singles; r; r &= r - 1)
			mi_write_single(&m[n++], kind, from, to, bg_ctz32(r));
		return n;
	}
	mi_sets_first(&it, v->opp, k);
	do {
		uint32_t set = mi_sets_mask(&it);

		if (mi_removal_ok(c, v->opp, set))
			mi_write(&m[n++], kind, from, to, set);
	} while (mi_sets_next(&it));
	return n;
}

/* The actions of the turns of mi_turn_actions below that remove two or
 * three pieces: each set in the sets' order, the first removal a field
 * and the later ones the rank, counted among the sets that share the
 * first. */
static size_t mi_set_actions(const mi_cfg *c, const mi_side *v,
			     uint32_t *acts, uint32_t act, int k)
{
	uint32_t K = c->ranks, rank = 0;
	size_t n = 0;
	int first = -1;
	mi_sets it;

	mi_sets_first(&it, v->opp, k);
	do {
		uint32_t set = mi_sets_mask(&it);
		int p = bg_ctz32(set);

		if (!mi_removal_ok(c, v->opp, set))
			continue;
		rank = p == first ? rank + 1 : 0;
		first = p;
		assert(rank < K);
		acts[n++] = act + (1 + (uint32_t)p) * K + rank;
	} while (mi_sets_next(&it));
	return n;
}

/* The actions of the turns mi_write_turns writes, `act` the move's
 * without removals. Inlined where it is called once a destination: no
 * removal or one, nearly every turn, cost no call. */
BG_ALWAYS_INLINE size_t mi_turn_actions(const mi_cfg *c, const mi_side *v,
					uint32_t *acts, uint32_t act, int k,
					uint32_t singles)
{
	uint32_t K = c->ranks;
	size_t n = 0;

	if (k == 0) {
		acts[0] = act;
		return 1;
	}
	if (k == 1) {
		for (uint32_t r = singles; r; r &= r - 1)
			acts[n++] = act + (1 + (uint32_t)bg_ctz32(r)) * K;
		return n;
	}
	return mi_set_actions(c, v, acts, act, k);
}

/* The actions of mi_write_plain's moves. */
static size_t mi_plain_actions(const mi_cfg *c, uint32_t *acts, int from,
			       uint32_t to)
{
	uint32_t *start = acts;

	for (; to; to &= to - 1)
		*acts++ = c->gact[from][bg_ctz32(to)];
	return (size_t)(acts - start);
}

/* mi_legal of a side that places or flies: origin by origin. Their moves
 * into buf, or (act) their actions into acts, those of an origin without
 * a mill (wide: with AVX-512) by compresses. */
BG_ALWAYS_INLINE size_t mi_legal_groups(const mi_cfg *c, const mi_side *v,
					bg_move *buf, uint32_t *acts, bool act,
					bool wide)
{
	uint32_t closers = mi_closers(c, v->own);
	/* The sets of one removal, the common case: each piece that may be
	 * taken alone, in point order. */
	uint32_t singles = v->removable;
	size_t n = 0;

	for (uint32_t b = mi_origins(v); b; b &= b - 1) {
		int from = bg_ctz32(b);
		uint32_t d = mi_group(c, v, from);
		/* mi_kind of each destination: steps where they are steps,
		 * else placements or jumps. */
		uint32_t steps = from == MI_HAND ? 0 :
				 v->flies ? d : c->step[from];
		int other = from == MI_HAND ? BG_MOVE_PLACE : BG_MOVE_JUMP;

		if (!(d & closers) && act) {
#ifdef BG_AVX512
			if (wide) {
				n += (size_t)(bg_table_actions_wide(
					&acts[n], c->gact[from], d, 2) -
					&acts[n]);
				continue;
			}
#else
			(void)wide;
#endif
			n += mi_plain_actions(c, &acts[n], from, d);
			continue;
		}
		if (!(d & closers)) {
			n += mi_write_plain(&buf[n], d, steps, c->wstep[from],
					    c->wother[from],
					    c->wto[from != MI_HAND]);
			continue;
		}
		for (; d; d &= d - 1) {
			int to = bg_ctz32(d);
			int kind = steps & bitmask(to) ? BG_MOVE_STEP : other;
			/* No mill, also when the piece leaves the line it
			 * would close. */
			int k = closers & bitmask(to) ?
				mi_nrem(c, v, from, to) : 0;

			if (act)
				n += mi_turn_actions(c, v, &acts[n],
						     c->afrom[from] +
						     (uint32_t)to * c->ato, k,
						     singles);
			else
				n += mi_write_turns(c, v, &buf[n], kind, from,
						    to, k, singles);
		}
	}
	return n;
}

/* mi_legal of a side that slides: the open slides in slot order, which
 * is the list's. Their moves into buf, or (act) their actions into
 * acts, where no slide makes a mill (wide: with AVX-512) by compresses
 * of the slots' actions. */
BG_ALWAYS_INLINE size_t mi_legal_slides(const mi_cfg *c, const mi_side *v,
					bg_move *buf, uint32_t *acts, bool act,
					bool wide)
{
	mi_wide open = mi_open_slides(c, v->own, v->all), m[2];
	uint32_t singles;
	size_t n = 0;

	if (!mi_mill_slides(c, v->own, &open, m)) {
#ifdef BG_AVX512
		if (act && wide) {
			uint32_t *a = bg_table_actions_wide(acts, c->sact,
							    open.w[0], 4);

			a = bg_table_actions_wide(a, c->sact + 64, open.w[1],
						  4);
			return (size_t)(a - acts);
		}
#else
		(void)wide;
#endif
		for (int h = 0; h < 2; h++)
			for (uint64_t b = open.w[h]; b; b &= b - 1) {
				int s = 64 * h + bg_ctz64(b);

				if (act)
					acts[n++] = c->sact[s];
				else
					bg_move_word_listed(&buf[n++],
							    c->sword[s]);
			}
		return n;
	}
	singles = v->removable;
	for (int h = 0; h < 2; h++) {
		for (uint64_t b = open.w[h]; b; b &= b - 1) {
			int s = 64 * h + bg_ctz64(b);
			int from = c->sfrom[s], to = c->sto[s];
			int k = mi_slide_earned(c, v, m, s);

			if (act)
				n += mi_turn_actions(c, v, &acts[n], c->sact[s],
						     k, singles);
			else if (!k)
				bg_move_word_listed(&buf[n++], c->sword[s]);
			else
				n += mi_write_turns(c, v, &buf[n],
						    mi_kind(c, v, from, to),
						    from, to, k, singles);
		}
	}
	return n;
}

/* Placements on the empty points in point order; in the movement, pieces
 * in point order, each to its destinations in point order; each with its
 * removal sets in lexicographic order. A blocked side passes
 * (no_moves=pass). The moves into buf, or (act) their actions into
 * acts. */
BG_ALWAYS_INLINE size_t mi_moves(const mi_cfg *c, const mi_state *st,
				 bg_move *buf, uint32_t *acts, bool act,
				 bool wide)
{
	mi_side v;
	size_t n;

	mi_side_removing(c, st, &v);
	/* Not ||: gcc reads the two flags, just stored a byte each, as one
	 * word, which waits for both stores to reach the cache. */
	if (v.places | v.flies)
		n = mi_legal_groups(c, &v, buf, acts, act, wide);
	else
		n = mi_legal_slides(c, &v, buf, acts, act, wide);
	if (n == 0) {
		if (act) {
			acts[0] = c->apass;
		} else {
			memset(buf, 0, sizeof(*buf));
			buf->kind = BG_MOVE_PASS;
		}
		n = 1;
	}
	return n;
}

static size_t mi_legal(const void *cfgp, const void *st, bg_move *buf)
{
	return mi_moves(cfgp, st, buf, NULL, false, false);
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t mi_actions_wide(const mi_cfg *c,
					     const mi_state *st,
					     uint32_t *acts)
{
	return mi_moves(c, st, NULL, acts, true, true);
}
#endif

static size_t mi_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return mi_actions_wide(cfgp, st, acts);
#endif
	return mi_moves(cfgp, st, NULL, acts, true, false);
}

/* The move of an action of mi_legal_actions, as mi_legal writes it. */
static void mi_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	const mi_cfg *c = cfgp;
	uint32_t base, rem, rank;
	int from = MI_HAND, to, k, kind;
	mi_side v;
	mi_sets it;

	bg_action_split(MI_POINTS + 1, c->ranks, action, &base, &rem, &rank);
	if (base == bg_action_pass(MI_POINTS)) {
		*m = (bg_move){ .kind = BG_MOVE_PASS };
		return;
	}
	to = (int)base;
	if (base >= MI_POINTS)
		bg_action_ends(MI_POINTS, base, &from, &to);
	mi_side_removing(c, st, &v);
	kind = mi_kind(c, &v, from, to);
	k = rem ? mi_nrem(c, &v, from, to) : 0;
	if (k == 0) {
		mi_write_quiet(m, kind, from, to);
		return;
	}
	if (k == 1) {
		mi_write_single(m, kind, from, to, (int)rem - 1);
		return;
	}
	/* The rank-th of the sets that remove rem - 1 first. */
	mi_sets_first(&it, v.opp, k);
	do {
		uint32_t set = mi_sets_mask(&it);

		if (bg_ctz32(set) == (int)rem - 1 &&
		    mi_removal_ok(c, v.opp, set) && rank-- == 0) {
			mi_write(m, kind, from, to, set);
			return;
		}
	} while (mi_sets_next(&it));
	assert(!"an action of mi_legal_actions");
}

static bool mi_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const mi_cfg *c = cfgp;
	mi_side v;
	int from = MI_HAND, to, npath;
	uint32_t set = 0;
	bg_move want;

	mi_side_of(c, st, &v);
	if (m->kind == BG_MOVE_PASS)
		return !mi_can_move(c, st) &&
		       !memcmp(m, &(bg_move){ .kind = BG_MOVE_PASS },
			       sizeof(*m));
	npath = v.places ? 1 : 2;
	if (m->npath != npath || m->pts[0] >= MI_POINTS ||
	    m->pts[npath - 1] >= MI_POINTS)
		return false;
	to = m->pts[npath - 1];
	if (npath == 2) {
		from = m->pts[0];
		if (!(v.own & bitmask(from)))
			return false;
	}
	if (!(mi_group(c, &v, from) & bitmask(to)) ||
	    m->nremove != mi_nrem(c, &v, from, to))
		return false;
	for (int i = 0; i < m->nremove; i++) {
		int p = m->pts[npath + i];

		if (p >= MI_POINTS || !(v.opp & bitmask(p)))
			return false;
		set |= bitmask(p);
	}
	if (!mi_removal_ok(c, v.opp, set))
		return false;
	/* The listed spelling: the removals in point order, nothing else. */
	mi_write(&want, mi_kind(c, &v, from, to), from, to, set);
	return !memcmp(&want, m, sizeof(*m));
}

static int mi_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const mi_cfg *c = cfgp;
	mi_state *s = st;
	int seat = s->turn, opp = !seat, flags = 0;
	uint64_t h = s->hash ^ c->zturn;

	if (m->kind == BG_MOVE_PLACE) {
		h ^= c->zplace[seat][s->hand[seat]--] ^
		     c->zpiece[seat][m->pts[0]];
		s->occ[seat] |= bitmask(m->pts[0]);
		flags = BG_APPLY_IRREVERSIBLE;
	} else if (m->kind != BG_MOVE_PASS) {
		s->occ[seat] ^= bitmask(m->pts[0]) | bitmask(m->pts[1]);
		h ^= c->zpiece[seat][m->pts[0]] ^ c->zpiece[seat][m->pts[1]];
	}
	if (m->nremove) {
		const uint16_t *p = &m->pts[m->npath], *end = p + m->nremove;

		for (; p < end; p++) {
			s->occ[opp] &= ~bitmask(*p);
			h ^= c->zpiece[opp][*p];
		}
		flags = BG_APPLY_IRREVERSIBLE;
	}
	s->quiet = flags ? 0 : s->quiet + 1;
	s->turn = (uint8_t)opp;
	s->hash = h;
	return flags;
}

/* ---- Outcome -------------------------------------------------------------- */

/* mi_pieces(s, seat) <= 2, without counting all the bits. */
static bool mi_two_or_fewer(const mi_state *s, int seat)
{
	uint32_t b = s->occ[seat];

	for (int n = s->hand[seat]; n < 2; n++)
		b &= b - 1;
	return s->hand[seat] <= 2 && !b;
}

static void mi_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const mi_cfg *c = cfgp;
	const mi_state *s = st;
	int mover = !s->turn;

	if (mi_two_or_fewer(s, s->turn))
		bg_result_set(out, BG_WIN, mover, BG_REASON_PIECES);
	else if (c->std.no_moves == BG_NO_MOVES_LOSE && !mi_can_move(c, s))
		bg_result_set(out, BG_WIN, mover, BG_REASON_NO_MOVES);
	else if (c->no_removal > 0 && s->quiet >= (uint32_t)c->no_removal)
		bg_result_set(out, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const mi_aliases[] = { "melnitsa", NULL };

static const bg_optdef mi_options[] = {
	{ "double_mill", BG_OPT_INT, "2", "2|1",
	  "removals for a move that makes two (or three) mills at once: one "
	  "per mill, or one in all",
	  BG_OPT_DERIVED },
	{ "protect_mills", BG_OPT_BOOL, "0", "0|1",
	  "pieces in mills cannot be removed unless all of that side's are",
	  BG_OPT_FIELD(mi_cfg, protect) },
	{ "flying", BG_OPT_BOOL, "0", "0|1",
	  "a side down to three pieces moves a piece to any empty point",
	  BG_OPT_FIELD(mi_cfg, flying) },
	{ "no_removal", BG_OPT_INT, "0", "0..100000",
	  "the game is drawn after this many plies in a row without a "
	  "placement or a removal; 0: no cap",
	  BG_OPT_FIELD(mi_cfg, no_removal) },
};
_Static_assert(sizeof(mi_options) / sizeof(mi_options[0]) == MI_NOPTIONS,
	       "the standard option values follow the own ones");

/* Old spellings, read until 2.0. */
static const bg_optalias mi_opt_aliases[] = {
	{ "blocked", "no_moves" },
	{ NULL, NULL },
};

/* Learning: the first removal is a field; the others (a removal per mill,
 * up to MI_MAX_MILLS) a rank: the ways to choose them from the pieces left,
 * C(MI_PIECES - 1, MI_MAX_MILLS - 1) at most. */
static void mi_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = {
		"own in hand", "opponent in hand", "quiet plies"
	};
	const mi_cfg *c = cfgp;

	out->pairs = 1;
	out->removals = 1;
	out->ranks = (uint8_t)c->ranks;
	out->direct = BG_DIRECT_ALWAYS;
	out->nplanes = 3;
	out->counters = 3;
	out->plane_names = names;
}

static void mi_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const mi_state *st = stp;

	(void)cfgp;
	v[0] = st->hand[seat];
	v[1] = st->hand[!seat];
	v[2] = (float)st->quiet;
}

const bg_rules bg_rules_mill = {
	.name = "mill",
	.aliases = mi_aliases,
	.title_en = "Mill (Nine Men's Morris with diagonals)",
	.title_ru = "Мельница",
	.options = mi_options,
	.noptions = sizeof(mi_options) / sizeof(mi_options[0]),
	.std_def = { [BG_STD_NO_MOVES] = "lose", [BG_STD_REPETITION] = "3",
		     [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(mi_cfg, std),
	.option_aliases = mi_opt_aliases,
	.removal_cause = "makes a mill",
	.config_size = sizeof(mi_cfg),
	.state_bytes = sizeof(mi_state),
	.head = true,
	.configure = mi_configure,
	.init = mi_init,
	.max_moves = mi_max_moves,
	.legal = mi_legal,
	.is_legal = mi_is_legal,
	.random_move = mi_random_move,
	.apply = mi_apply,
	.outcome = mi_outcome,
	.piece = mi_piece,
	.pieces = mi_piece_sets,
	.write_position = mi_write_position,
	.read_position = mi_read_position,
	.learn = mi_learn,
	.legal_actions = mi_legal_actions,
	.action_move = mi_action_move,
	.counters = mi_counters,
};
