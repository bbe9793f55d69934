/*
 * Kutochki (Corners, Ugolki) and Halma: race the pieces into the opposite
 * corner by steps and jump chains. Rules: doc/games/kutochki.md.
 *
 * One engine serves both games; the two tables differ only in their option
 * schemas and configure().
 */
#include "board/bits.h"
#include "board/board.h"
#include "core/rules.h"
#include "core/wide.h"
#include "core/zobrist.h"
#include "boardgames/kutochki.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#define KU_MAXP 256 /* points of the largest board, 16x16 */
#define KU_W 4      /* 64-bit words of a KU_MAXP bitboard */
#define KU_DIRS 8
#define KU_MAXPIECES 32 /* more than the largest home, 19 */
#define KU_CLASSES 4    /* parity classes of the squares */

/* Direction order N, E, S, W, NE, SE, SW, NW: the canonical jump path is
 * the first one BFS finds in this order (doc/games/kutochki.md, Moves). */
static const int8_t ku_dx[KU_DIRS] = { 0, 1, 0, -1, 1, 1, -1, -1 };
static const int8_t ku_dy[KU_DIRS] = { 1, 0, -1, 0, 1, -1, -1, 1 };

/*
 * Jump words: a layout of the squares in 64-bit words such that a chain
 * stays in one word, where it is a flood of shifts and masks. An 8x8 board
 * is one word, the points themselves. Larger boards use the parity
 * classes: a jump keeps the parity of both coordinates, so a chain stays
 * among the squares of one class, (x & 1) + 2 (y & 1), a grid of half the
 * side (5 or 8) kept in one word with (x / 2, y / 2) at bit 8 (y / 2) + x / 2.
 */

/* A direction from the squares of one jump word, for one seat: the bits
 * whose step or jump that way stays on the board (camp_lock applied). */
typedef struct ku_dir {
	uint64_t step, jump;
} ku_dir;

/* A home in a corner: a the files from the corner, b the ranks from it. */
typedef struct ku_shape {
	int8_t maxa, maxb, maxsum;
} ku_shape;

static const ku_shape ku_tri4 = { 3, 3, 3 };
static const ku_shape ku_tri5 = { 4, 4, 4 };
static const ku_shape ku_sq3 = { 2, 2, 4 };
static const ku_shape ku_r4x3 = { 3, 2, 5 };
static const ku_shape ku_halma19 = { 4, 4, 5 };
static const ku_shape ku_halma13 = { 3, 3, 4 };

typedef struct ku_cfg {
	bg_board board;
	int n;            /* board side */
	int npts;         /* n * n */
	int nw;           /* bitboard words in use */
	int npieces;      /* per side */
	int ndirs;        /* 4, or 8 with diagonals */
	bool camp_lock;   /* a piece in its target may not leave it */
	bool home_loss;   /* CLASSIC: home not left after L own moves loses */
	bool stage1;      /* GAMBITER: leave-home check at the end of move L */
	int leave_home;   /* L; 0 = no check */
	int tempo_check;  /* T; 0 = no check */
	bg_stdvals std;   /* halma's max_plies */
	int tempo_full;   /* the tempo of a completed side */
	uint64_t home[2][KU_W]; /* starting homes; seat s's target is home[!s] */
	int16_t nb[KU_MAXP][KU_DIRS];   /* neighbour in a direction, or -1 */
	int16_t jump[KU_MAXP][KU_DIRS]; /* square two away, or -1 */
	uint8_t dist[2][KU_MAXP];       /* tempo distance of a piece on p */
	/* Per seat (camp_lock applied), in direction order: the steps and
	 * the single jumps (over, landing) of each point. Points fit a byte
	 * (KU_MAXP is 256). */
	uint8_t nstep[2][KU_MAXP];
	uint8_t step[2][KU_MAXP][KU_DIRS];
	uint8_t njump[2][KU_MAXP];
	uint8_t jump2[2][KU_MAXP][KU_DIRS][2];
	uint64_t near[2][64]; /* on one word: the points a step reaches */
	/* On more words: those points by their place from p - n - 1. */
	uint64_t around[2][KU_MAXP];
	int nk;                             /* jump words: 1 or KU_CLASSES */
	int kw;                             /* state words before them (on
					       one word, the point words) */
	uint8_t slot[KU_MAXP];              /* point -> word * 64 + bit */
	uint8_t point[KU_CLASSES * 64];     /* and back */
	ku_dir dir[2][KU_CLASSES][KU_DIRS];
} ku_cfg;
BG_CONFIG_BOARD(ku_cfg);

/*
 * The state is an array of 64-bit words, sized by the board:
 * [0, nw) seat 0's pieces, [nw, 2nw) seat 1's, then the Zobrist hash (kept
 * incrementally), the seat to move, and where the jump words are not the
 * points, the pieces again in them: nk words for seat 0, then seat 1's.
 */
typedef uint64_t ku_word;

/* The state's head, which the core reads (bg_head): the position key,
 * and the side to move in the byte after it; then each side's point
 * words, then (kw) its jump words. */
typedef struct ku_head {
	uint64_t hash;
	uint8_t turn;
} ku_head;
BG_STATE_HEAD(ku_head);
#define KU_HEAD 2 /* words: the key, then the side to move and padding */
_Static_assert(sizeof(ku_head) <= KU_HEAD * sizeof(ku_word),
	       "the head fits its words");

static ku_word *ku_occ(const ku_cfg *c, void *st, int seat)
{
	return (ku_word *)st + KU_HEAD + seat * c->nw;
}

static const ku_word *ku_cocc(const ku_cfg *c, const void *st, int seat)
{
	return (const ku_word *)st + KU_HEAD + seat * c->nw;
}

static ku_word *ku_hashp(void *st)
{
	return &((ku_head *)st)->hash;
}

static ku_word *ku_cls(const ku_cfg *c, void *st, int seat)
{
	return (ku_word *)st + c->kw + seat * c->nk;
}

static const ku_word *ku_ccls(const ku_cfg *c, const void *st, int seat)
{
	return (const ku_word *)st + c->kw + seat * c->nk;
}

static int ku_turn(const void *st)
{
	return ((const ku_head *)st)->turn;
}

static void ku_set_turn(void *st, int seat)
{
	((ku_head *)st)->turn = (uint8_t)seat;
}

static bool bit(const uint64_t *bb, int p)
{
	return (bb[p >> 6] >> (p & 63)) & 1;
}

static void setbit(uint64_t *bb, int p)
{
	bb[p >> 6] |= (uint64_t)1 << (p & 63);
}

static void clrbit(uint64_t *bb, int p)
{
	bb[p >> 6] &= ~((uint64_t)1 << (p & 63));
}

static void flipbit(uint64_t *bb, int p)
{
	bb[p >> 6] ^= (uint64_t)1 << (p & 63);
}

static int ctz64(uint64_t x)
{
	return bg_ctz64(x);
}

static int ku_bits(uint64_t x)
{
	return bg_popcount64(x);
}

static int popcount(const ku_cfg *c, const uint64_t *bb)
{
	int n = 0;

	for (int w = 0; w < c->nw; w++)
		n += bg_popcount64(bb[w]);
	return n;
}

/* Both sides' pieces. */
static void ku_all(const ku_cfg *c, const void *st, uint64_t *all)
{
	const ku_word *a = ku_cocc(c, st, 0), *b = ku_cocc(c, st, 1);

	for (int w = 0; w < KU_W; w++)
		all[w] = w < c->nw ? a[w] | b[w] : 0;
}

/* ---- Configuration -------------------------------------------------------- */

/* Distance (a, b) of point p from seat s's home corner (h1 / a8 on 8x8). */
static void ku_corner_dist(int n, int p, int seat, int *a, int *b)
{
	int x = p % n, y = p / n;

	*a = seat == 0 ? n - 1 - x : x;
	*b = seat == 0 ? y : n - 1 - y;
}

/* The slot of square (x, y) in the jump words. */
static int ku_slot_xy(const ku_cfg *c, int x, int y)
{
	if (c->nk == 1)
		return y * c->n + x;
	return ((x & 1) | (y & 1) << 1) * 64 + (y / 2) * 8 + x / 2;
}

/* The jump words: the points on one word, else the parity classes. */
static void ku_slots(ku_cfg *c)
{
	c->nk = c->nw == 1 ? 1 : KU_CLASSES;
	c->kw = KU_HEAD + (c->nk == 1 ? 0 : 2 * c->nw);
	for (int p = 0; p < c->npts; p++) {
		int s = ku_slot_xy(c, p % c->n, p / c->n);

		c->slot[p] = (uint8_t)s;
		c->point[s] = (uint8_t)p;
	}
}

static bool ku_in_shape(const ku_shape *s, int a, int b)
{
	return a <= s->maxa && b <= s->maxb && a + b <= s->maxsum;
}

static void ku_geometry(ku_cfg *c, int n, const ku_shape *shape, bool diagonal)
{
	c->n = n;
	c->npts = n * n;
	c->nw = (c->npts + 63) / 64;
	c->ndirs = diagonal ? 8 : 4;
	bg_board_grid(&c->board, BG_BOARD_CELLS, n, n);
	ku_slots(c);
	for (int p = 0; p < c->npts; p++) {
		int x = p % n, y = p / n;

		for (int d = 0; d < KU_DIRS; d++) {
			int x1 = x + ku_dx[d], y1 = y + ku_dy[d];
			int x2 = x1 + ku_dx[d], y2 = y1 + ku_dy[d];

			c->nb[p][d] = (int16_t)bg_board_at(&c->board, x1, y1);
			c->jump[p][d] = (int16_t)bg_board_at(&c->board, x2, y2);
		}
		for (int s = 0; s < 2; s++) {
			int a, b;

			ku_corner_dist(n, p, s, &a, &b);
			if (ku_in_shape(shape, a, b)) {
				setbit(c->home[s], p);
				c->board.marks[p] |= s ? BG_MARK_HOME1 : BG_MARK_HOME0;
			}
			/* The far corner of s's target is the opposite corner
			 * of s's own home: 2(n-1) - (a + b) away (the tempo number). */
			c->dist[s][p] = (uint8_t)(2 * (n - 1) - a - b);
		}
	}
	c->npieces = popcount(c, c->home[0]);
	for (int p = 0; p < c->npts; p++)
		if (bit(c->home[1], p))
			c->tempo_full += c->dist[0][p];
}

static int ku_tempo_of(const ku_cfg *c, const void *st, int seat)
{
	const ku_word *own = ku_cocc(c, st, seat);
	int t = 0;

	for (int w = 0; w < c->nw; w++)
		for (uint64_t bits = own[w]; bits; bits &= bits - 1)
			t += c->dist[seat][w * 64 + ctz64(bits)];
	return t;
}

static bool ku_lock_ok(const ku_cfg *c, int seat, int q, int r);

/* The step and jump lists of ku_cfg, once the options are set. */
static void ku_tables(ku_cfg *c)
{
	for (int seat = 0; seat < 2; seat++)
		for (int p = 0; p < c->npts; p++) {
			c->nstep[seat][p] = c->njump[seat][p] = 0;
			for (int d = 0; d < c->ndirs; d++) {
				int q = c->nb[p][d], land = c->jump[p][d];
				uint64_t b = (uint64_t)1 << (c->slot[p] & 63);
				ku_dir *dir = &c->dir[seat][c->slot[p] >> 6][d];

				if (q >= 0 && ku_lock_ok(c, seat, p, q)) {
					c->step[seat][p][c->nstep[seat][p]++] =
						(uint8_t)q;
					dir->step |= b;
					if (c->nw == 1)
						c->near[seat][p] |=
							(uint64_t)1 << q;
					else
						c->around[seat][p] |=
							(uint64_t)1
							<< (q - p + c->n + 1);
				}
				if (land >= 0 && ku_lock_ok(c, seat, p, land)) {
					uint8_t *j = c->jump2[seat][p]
							     [c->njump[seat][p]++];

					j[0] = (uint8_t)q;
					j[1] = (uint8_t)land;
					dir->jump |= b;
				}
			}
		}
}

enum { KU_OPT_SIZE, KU_OPT_LAYOUT, KU_OPT_DIAGONAL, KU_OPT_RULES,
       KU_OPT_LEAVE, KU_OPT_TEMPO };

static int ku_configure(void *cfgp, const bg_optval *opts)
{
	static const ku_shape *const tri[2] = { &ku_tri4, &ku_tri5 };
	const ku_shape *shape;
	ku_cfg *c = cfgp;
	int big = opts[KU_OPT_SIZE].i == 10;
	bool diagonal = opts[KU_OPT_DIAGONAL].i != 0;
	bool classic = opts[KU_OPT_RULES].i == 1;

	switch (opts[KU_OPT_LAYOUT].i) {
	case 1: shape = &ku_sq3; break;
	case 2: shape = &ku_r4x3; break;
	default: shape = tri[big]; break;
	}
	ku_geometry(c, big ? 10 : 8, shape, diagonal);
	/* The limits of doc/games/kutochki.md (End of the game): the diagonal variant leaves home 10
	 * moves earlier; the tempo check stays (C5). */
	if (opts[KU_OPT_LEAVE].word == 0)
		c->leave_home = (big ? 60 : 40) - (diagonal ? 10 : 0);
	else
		c->leave_home = (int)opts[KU_OPT_LEAVE].i;
	/* "auto" means GAMBITER's 80/120 and no check under CLASSIC; a
	 * number given explicitly applies under both rule sets. */
	if (opts[KU_OPT_TEMPO].word == 0)
		c->tempo_check = classic ? 0 : (big ? 120 : 80);
	else
		c->tempo_check = (int)opts[KU_OPT_TEMPO].i;
	c->home_loss = classic && c->leave_home > 0;
	c->stage1 = !classic && c->leave_home > 0;
	ku_tables(c);
	return BG_OK;
}

enum { HA_OPT_CAMP, HA_OPT_DIAGONAL, HA_OPT_LOCK, HA_OPT_LEAVE, HA_OPT_TEMPO,
       HA_NOPTIONS };

static int ha_configure(void *cfgp, const bg_optval *opts)
{
	ku_cfg *c = cfgp;

	ku_geometry(c, 16,
		    opts[HA_OPT_CAMP].i == 13 ? &ku_halma13 : &ku_halma19,
		    opts[HA_OPT_DIAGONAL].i != 0);
	/* Halma's optional leave-home limit has brainking's CLASSIC shape. */
	c->home_loss = c->leave_home > 0;
	ku_tables(c);
	return BG_OK;
}

static size_t ku_state_size(const void *cfgp)
{
	const ku_cfg *c = cfgp;
	size_t jump_words = c->nk > 1 ? 2 * (size_t)c->nk : 0;

	return (KU_HEAD + 2 * (size_t)c->nw + jump_words) * sizeof(ku_word);
}

/* ---- Position ------------------------------------------------------------- */

static uint64_t ku_hash_scratch(const ku_cfg *c, const void *st)
{
	uint64_t h = ku_turn(st) ? bg_zobrist(2, 0) : 0;

	for (int s = 0; s < 2; s++) {
		const ku_word *own = ku_cocc(c, st, s);

		for (int w = 0; w < c->nw; w++)
			for (uint64_t bits = own[w]; bits; bits &= bits - 1)
				h ^= bg_zobrist((uint32_t)s,
						(uint32_t)(w * 64 + ctz64(bits)));
	}
	return h;
}

/* The jump words from the point words, where they differ. */
static void ku_fill_classes(const ku_cfg *c, void *st)
{
	for (int s = 0; s < 2 && c->nk > 1; s++) {
		const ku_word *own = ku_cocc(c, st, s);
		ku_word *cls = ku_cls(c, st, s);

		memset(cls, 0, KU_CLASSES * sizeof(*cls));
		for (int w = 0; w < c->nw; w++)
			for (uint64_t bits = own[w]; bits; bits &= bits - 1)
				setbit(cls, c->slot[w * 64 + ctz64(bits)]);
	}
}

static void ku_init(const void *cfgp, void *st)
{
	const ku_cfg *c = cfgp;

	memset(st, 0, ku_state_size(c));
	for (int s = 0; s < 2; s++)
		memcpy(ku_occ(c, st, s), c->home[s], (size_t)c->nw * sizeof(ku_word));
	ku_set_turn(st, 0);
	ku_fill_classes(c, st);
	*ku_hashp(st) = ku_hash_scratch(c, st);
}

static void ku_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const ku_cfg *c = cfgp;

	*seat = -1;
	*kind = BG_PIECE_NONE;
	for (int s = 0; s < 2; s++)
		if (bit(ku_cocc(c, st, s), p)) {
			*seat = s;
			*kind = BG_PIECE_MAN;
		}
}

static void ku_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	const ku_cfg *c = cfgp;

	if (c->nw == 1) {
		bg_board_pieces_two(ku_cocc(c, st, 0)[0],
				    ku_cocc(c, st, 1)[0], set, words);
		return;
	}
	memset(set, 0, 6 * words * sizeof(*set));
	for (int s = 0; s < 2; s++)
		memcpy(set + 3 * (size_t)s * words, ku_cocc(c, st, s),
		       (size_t)c->nw * sizeof(*set));
}

static void ku_scores(const void *cfgp, const void *st, double out[2])
{
	for (int s = 0; s < 2; s++)
		out[s] = ku_tempo_of(cfgp, st, s);
}

static void ku_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	const ku_cfg *c = cfgp;
	char cells[KU_MAXP];

	for (int p = 0; p < c->n * c->n; p++) {
		int seat, kind;

		ku_piece(c, st, p, &seat, &kind);
		cells[p] = seat < 0 ? '.' : seat ? 'b' : 'w';
	}
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_putc(out, ' ');
	bg_sb_putc(out, ku_turn(st) ? 'b' : 'w');
}

static int ku_read_position(const void *cfgp, void *st, const char *text)
{
	const ku_cfg *c = cfgp;
	ku_word tmp[2 * KU_W + 2 + 2 * KU_CLASSES] = { 0 };
	char cells[KU_MAXP];
	const char *s = text;

	if (bg_board_read_ranks(&c->board, &s, ".wb", cells) != BG_OK)
		return BG_EFORMAT;
	for (int p = 0; p < c->n * c->n; p++)
		if (cells[p] != '.')
			setbit(ku_occ(c, tmp, cells[p] == 'b'), p);
	if ((s[0] != 'w' && s[0] != 'b') || s[1] != '\0')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', after the board");
	for (int seat = 0; seat < 2; seat++) {
		int have = popcount(c, ku_occ(c, tmp, seat));

		if (have != c->npieces)
			return bg_seterr(BG_EFORMAT, "%s has %d pieces, not %d",
					 seat ? "black" : "white", have,
					 c->npieces);
	}
	ku_set_turn(tmp, s[0] == 'b');
	ku_fill_classes(c, tmp);
	*ku_hashp(tmp) = ku_hash_scratch(c, tmp);
	memcpy(st, tmp, ku_state_size(c));
	return BG_OK;
}

/* ---- Moves ---------------------------------------------------------------- */

/* Where one piece can go: the destinations by a step and by a jump chain,
 * with the BFS tree of the chains for their canonical paths. */
typedef struct ku_reach {
	uint64_t dest[KU_W];
	uint64_t step[KU_W];
	uint8_t parent[KU_MAXP]; /* jump landing -> the square before it */
	uint8_t depth[KU_MAXP];  /* jump landing -> jumps from the origin */
} ku_reach;

/* May a piece of `seat` go from q to r? Only camp_lock forbids: a piece in
 * its target stays there, at every hop (camp_lock). */
static bool ku_lock_ok(const ku_cfg *c, int seat, int q, int r)
{
	const uint64_t *tgt = c->home[!seat];

	return !c->camp_lock || !bit(tgt, q) || bit(tgt, r);
}

/* BFS over single jumps from `from`, into r's tree; `all` holds every
 * piece (the mover's included), blk starts as `all` and gets the squares
 * landed on. The origin counts
 * as empty but is never landed on; no square is landed on twice. Nothing
 * can jump over the origin: a jump keeps the parity of both coordinates,
 * so a chain never stands next to its origin; for the same reason no chain
 * ends on a square a step reaches. The search stops once it lands on
 * `stop` (-1: never) and says whether it did: that landing's path is final
 * then. The lists of ku_tables give the moves in direction order with
 * camp_lock applied. This order makes the canonical path of every chain,
 * for the list and for the single move alike. */
static inline bool ku_jump_tree(const ku_cfg *c, const uint64_t *all,
				uint64_t *blk, int seat, int from, ku_reach *r,
				int stop)
{
	uint8_t queue[KU_MAXP];
	int head = 0, tail = 0;

	r->depth[from] = 0;
	queue[tail++] = (uint8_t)from;
	while (head < tail) {
		int q = queue[head++], dq = r->depth[q] + 1;
		const uint8_t(*j)[2] = c->jump2[seat][q];

		for (int i = 0, n = c->njump[seat][q]; i < n; i++) {
			int over = j[i][0], land = j[i][1];

			if (!bit(all, over) || bit(blk, land))
				continue;
			setbit(blk, land);
			r->parent[land] = (uint8_t)q;
			r->depth[land] = (uint8_t)dq;
			queue[tail++] = (uint8_t)land;
			if (land == stop)
				return true;
		}
	}
	return false;
}

/* Every destination of the piece on `from`; `all` holds every piece. */
static void ku_reach_piece(const ku_cfg *c, const uint64_t *all, int seat,
			   int from, ku_reach *r)
{
	uint64_t blk[KU_W]; /* pieces and squares landed on */
	const uint8_t *st = c->step[seat][from];
	int nw = c->nw;

	for (int w = 0; w < KU_W; w++) {
		blk[w] = all[w];
		r->step[w] = 0;
	}
	for (int i = 0, n = c->nstep[seat][from]; i < n; i++)
		if (!bit(all, st[i]))
			setbit(r->step, st[i]);
	ku_jump_tree(c, all, blk, seat, from, r, -1);
	/* blk holds every piece: the rest are the landings. */
	for (int w = 0; w < nw; w++)
		r->dest[w] = r->step[w] | (blk[w] ^ all[w]);
	for (int w = nw; w < KU_W; w++)
		r->dest[w] = 0;
}

/* The head of a chain of `hops` jumps from `from` to `to` in m: true
 * when the caller is to write its landings into pts[1..hops]. A chain
 * longer than a move holds keeps its ends only. */
static inline bool ku_chain_head(bg_move *m, int from, int to, int hops)
{
	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_JUMP;
	m->pts[0] = (uint16_t)from;
	if (hops + 1 > BG_MOVE_MAX_POINTS) {
		m->npath = 2;
		m->pts[1] = (uint16_t)to;
		return false;
	}
	m->npath = (uint8_t)(hops + 1);
	return true;
}

/* The chain from `from` to `to` by its path in r's tree. */
static inline void ku_tree_move(const ku_reach *r, int from, int to,
				bg_move *m)
{
	int hops = r->depth[to];

	if (ku_chain_head(m, from, to, hops))
		for (int q = to, i = hops; i > 0; q = r->parent[q], i--)
			m->pts[i] = (uint16_t)q;
}

static size_t ku_max_moves(const void *cfgp)
{
	const ku_cfg *c = cfgp;
	/* Each piece reaches at most every empty square. */
	size_t n = (size_t)c->npieces * (size_t)(c->npts - 2 * c->npieces);

	return n ? n : 1;
}

/* The pass of a side that has no move (C7); the list is this one move. */
static size_t ku_pass(bg_move *buf)
{
	memset(buf, 0, sizeof(*buf));
	buf->kind = BG_MOVE_PASS;
	return 1;
}

static size_t ku_legal_word(const ku_cfg *c, const void *st, bg_move *buf);
static size_t ku_legal_classes(const ku_cfg *c, const void *st, bg_move *buf);

static size_t ku_legal(const void *cfgp, const void *st, bg_move *buf)
{
	const ku_cfg *c = cfgp;

	return c->nk == 1 ? ku_legal_word(c, st, buf) :
			    ku_legal_classes(c, st, buf);
}

/* Has seat a step or a single jump? (Every chain starts with one.) */
static bool ku_has_move(const ku_cfg *c, const void *st, int seat)
{
	const ku_word *own = ku_cocc(c, st, seat);
	uint64_t all[KU_W];

	ku_all(c, st, all);
	for (int w = 0; w < c->nw; w++)
		for (uint64_t bits = own[w]; bits; bits &= bits - 1) {
			int p = w * 64 + ctz64(bits);

			for (int i = 0; i < c->nstep[seat][p]; i++)
				if (!bit(all, c->step[seat][p][i]))
					return true;
			for (int i = 0; i < c->njump[seat][p]; i++)
				if (bit(all, c->jump2[seat][p][i][0]) &&
				    !bit(all, c->jump2[seat][p][i][1]))
					return true;
		}
	return false;
}

/* ---- Moves by jump word -------------------------------------------------- */

/* x with bit b moved to b + by (by may be negative; the bits that wrap
 * around are masked off by the callers). */
static uint64_t ku_rot(uint64_t x, int by)
{
	unsigned r = (unsigned)by & 63;

	return (x << r) | (x >> ((64 - r) & 63));
}

/* One direction of ku_word_dirs, given the pieces on the neighbours and on
 * the landings of the bits. */
static inline void ku_dir_bits(const ku_dir *dir, uint64_t over, uint64_t land,
			       uint64_t *step, uint64_t *jump)
{
	*step = dir->step & ~over;
	*jump = dir->jump & over & ~land;
}

/* The bits with a jump in any of the directions of ku_word_dirs. */
static inline uint64_t ku_jumpers(const uint64_t *jump, bool diag)
{
	uint64_t j = jump[0] | jump[1] | jump[2] | jump[3];

	return diag ? j | jump[4] | jump[5] | jump[6] | jump[7] : j;
}

/* ku_word_dirs where the word is the points (rows 8 apart): shifts by
 * immediates. */
BG_ALWAYS_INLINE uint64_t ku_point_dirs(const ku_dir *dir, uint64_t occ,
					bool diag, uint64_t *step,
					uint64_t *jump)
{
	ku_dir_bits(&dir[0], occ >> 8, occ >> 16, &step[0], &jump[0]);
	ku_dir_bits(&dir[1], occ >> 1, occ >> 2, &step[1], &jump[1]);
	ku_dir_bits(&dir[2], occ << 8, occ << 16, &step[2], &jump[2]);
	ku_dir_bits(&dir[3], occ << 1, occ << 2, &step[3], &jump[3]);
	if (diag) {
		ku_dir_bits(&dir[4], occ >> 9, occ >> 18, &step[4], &jump[4]);
		ku_dir_bits(&dir[5], occ << 7, occ << 14, &step[5], &jump[5]);
		ku_dir_bits(&dir[6], occ << 9, occ << 18, &step[6], &jump[6]);
		ku_dir_bits(&dir[7], occ >> 7, occ >> 14, &step[7], &jump[7]);
	}
	return ku_jumpers(jump, diag);
}

/* A node's jump in one direction in ku_word_tree: jump holds the points
 * with that jump, by the hop from q to its landing; dq is the depth of the
 * landing. */
static inline void ku_word_hop(uint64_t jump, int hop, int q, int dq,
			       uint64_t *blk, uint8_t *parent, uint8_t *depth,
			       uint8_t *queue, int *tail)
{
	int land = q + hop;

	if (!(jump >> q & 1) || *blk >> land & 1)
		return;
	*blk |= (uint64_t)1 << land;
	parent[land] = (uint8_t)q;
	depth[land] = (uint8_t)dq;
	queue[(*tail)++] = (uint8_t)land;
}

/* A node's jump in one direction in ku_drawn_tree: ku_word_hop without
 * a branch. A jump that is not taken writes the spare entry 64. */
BG_ALWAYS_INLINE void ku_drawn_hop(uint64_t jump, int hop, int q, int dq,
				   uint64_t *blk, uint8_t *parent,
				   uint8_t *depth, uint8_t *queue, int *tail)
{
	int land = (q + hop) & 63;
	uint64_t ok = (jump >> q) & ~(*blk >> land) & 1;
	int at = ok ? land : 64;

	*blk |= ok << land;
	parent[at] = (uint8_t)q;
	depth[at] = (uint8_t)dq;
	queue[*tail] = (uint8_t)land;
	*tail += (int)ok;
}

/* A node's jump in one direction: ku_drawn_hop's, without a branch, or
 * ku_word_hop's (`drawn`, a constant where this is inlined). */
BG_ALWAYS_INLINE void ku_hop(uint64_t jump, int hop, int q, int dq,
			     uint64_t *blk, uint8_t *parent, uint8_t *depth,
			     uint8_t *queue, int *tail, bool drawn)
{
	if (drawn)
		ku_drawn_hop(jump, hop, q, dq, blk, parent, depth, queue, tail);
	else
		ku_word_hop(jump, hop, q, dq, blk, parent, depth, queue, tail);
}

/* The jumps from node q (at depth dq - 1) of ku_word_tree or ku_drawn_tree,
 * pushed in the direction order N, E, S, W, NE, SE, SW, NW: one order for
 * both, so that both find the same tree. Written out, for the hops to be
 * constants. */
BG_ALWAYS_INLINE void ku_node_hops(const uint64_t *jump, bool diag, int n,
				   int e, int q, int dq, uint64_t *blk,
				   uint8_t *parent, uint8_t *depth,
				   uint8_t *queue, int *tail, bool drawn)
{
	ku_hop(jump[0], n, q, dq, blk, parent, depth, queue, tail, drawn);
	ku_hop(jump[1], e, q, dq, blk, parent, depth, queue, tail, drawn);
	ku_hop(jump[2], -n, q, dq, blk, parent, depth, queue, tail, drawn);
	ku_hop(jump[3], -e, q, dq, blk, parent, depth, queue, tail, drawn);
	if (!diag)
		return;
	ku_hop(jump[4], n + e, q, dq, blk, parent, depth, queue, tail, drawn);
	ku_hop(jump[5], e - n, q, dq, blk, parent, depth, queue, tail, drawn);
	ku_hop(jump[6], -n - e, q, dq, blk, parent, depth, queue, tail,
	       drawn);
	ku_hop(jump[7], n - e, q, dq, blk, parent, depth, queue, tail, drawn);
}

/* ku_jump_tree in one jump word: the same queue in the same order, so the
 * same tree, but jump[d] (ku_word_dirs) holds the bits with a jump in
 * direction d, and jumper those with any: a node costs a test a
 * direction, and a node with no jump none. The rows of the word are 8 bits
 * apart and a jump moves a bit u columns (see ku_spread). Returns the
 * landings; parent and depth are by bit. Inlined, for u and diag to be
 * constants in the 8x8 list. */
BG_ALWAYS_INLINE uint64_t
ku_word_tree(const uint64_t *jump, uint64_t jumper, bool diag, unsigned u,
	     int from, uint64_t all, uint8_t *parent, uint8_t *depth)
{
	uint8_t queue[64];
	uint64_t blk = all;
	int head = 0, tail = 1, n = 8 * (int)u, e = (int)u;

	queue[0] = (uint8_t)from;
	depth[from] = 0;
	do {
		int q = queue[head++], dq = depth[q] + 1;

		if (jumper >> q & 1)
			ku_node_hops(jump, diag, n, e, q, dq, &blk, parent,
				     depth, queue, &tail, false);
	} while (head < tail);
	return blk ^ all;
}

/* ku_word_tree, the same queue and so the same tree, stopped once it
 * lands on `to`: for a drawn chain or an action's, where a branch a
 * direction would go wrong as often as not. parent and depth have the
 * spare entry 64, queue room for a node's pushes past the last. */
BG_ALWAYS_INLINE void ku_drawn_tree(const uint64_t *jump, bool diag,
				    unsigned u, int from, int to,
				    uint64_t all, uint8_t *parent,
				    uint8_t *depth)
{
	uint8_t queue[64 + KU_DIRS];
	uint64_t blk = all;
	int head = 0, tail = 1, n = 8 * (int)u, e = (int)u;

	queue[0] = (uint8_t)from;
	depth[from] = 0;
	do {
		int q = queue[head++], dq = depth[q] + 1;

		ku_node_hops(jump, diag, n, e, q, dq, &blk, parent, depth,
			     queue, &tail, true);
	} while (!(blk >> to & 1));
}

/* Where single jumps take the bits of f (`jump` keeps them on the board),
 * in jump words whose rows are 8 bits apart and whose jumps move a bit by u
 * columns: u is a constant in each call, for shifts by immediates. */
static inline uint64_t ku_spread(const uint64_t *jump, uint64_t f, bool diag,
				 unsigned u)
{
	uint64_t t = (f & jump[0]) << 8 * u | (f & jump[1]) << u |
		     (f & jump[2]) >> 8 * u | (f & jump[3]) >> u;

	if (diag)
		t |= (f & jump[4]) << 9 * u | (f & jump[5]) >> 7 * u |
		     (f & jump[6]) >> 9 * u | (f & jump[7]) << 7 * u;
	return t;
}

/* The squares that jump to the bits of t in one hop: ku_spread backwards. */
BG_ALWAYS_INLINE uint64_t ku_jumps_to(const uint64_t *jump, bool diag,
				      unsigned u, uint64_t t)
{
	uint64_t p = (t >> 8 * u & jump[0]) | (t >> u & jump[1]) |
		     (t << 8 * u & jump[2]) | (t << u & jump[3]);

	if (diag)
		p |= (t >> 9 * u & jump[4]) | (t << 7 * u & jump[5]) |
		     (t << 9 * u & jump[6]) | (t >> 7 * u & jump[7]);
	return p;
}

/* The chain of ku_drawn_tree from slot `from` to slot `to` of a jump word
 * (ku_spread's u), found by the flood's layers instead of its queue: the
 * tree's parent of a square of layer i is a square of layer i - 1 that
 * jumps to it, the first in the queue's order. Where each square on the
 * way back has only one, that one is its parent whatever the order, and
 * the path is the tree's; else false, for the queue to write m again. A
 * layer is a few shifts, where the queue costs a few branchless stores a
 * direction for every square it takes. `point` gives the slots' points
 * (NULL: the slots are the points, as on 8x8). */
BG_ALWAYS_INLINE bool ku_layer_path(const uint64_t *jump, bool diag,
				    unsigned u, int from, int to, uint64_t all,
				    const uint8_t *point, bg_move *m)
{
	uint64_t layer[64], seen = all, front = (uint64_t)1 << from;
	uint64_t t = (uint64_t)1 << to;
	int k = 0;

	layer[0] = front;
	while (!(front & t)) {
		front = ku_spread(jump, front, diag, u) & ~seen;
		if (!front || k == 63)
			return false;
		seen |= front;
		layer[++k] = front;
	}
	if (!ku_chain_head(m, point ? point[from] : from,
			   point ? point[to] : to, k))
		return true;
	m->pts[k] = (uint16_t)(point ? point[to] : to);
	for (int i = k - 1; i > 0; i--) {
		int q;

		t = ku_jumps_to(jump, diag, u, t) & layer[i];
		if (t & (t - 1))
			return false;
		q = ctz64(t);
		m->pts[i] = (uint16_t)(point ? point[q] : q);
	}
	return true;
}

/* ku_tree_move from ku_word_tree's arrays. A chain on 8x8 lands on at
 * most the 15 other squares of its parity class: the path always fits. */
static inline void ku_word_path(const uint8_t *parent, const uint8_t *depth,
				int from, int to, bg_move *m)
{
	int hops = depth[to];

	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_JUMP;
	m->npath = (uint8_t)(hops + 1);
	m->pts[0] = (uint16_t)from;
	for (int q = to, i = hops; i > 0; q = parent[q], i--)
		m->pts[i] = (uint16_t)q;
}
_Static_assert(BG_MOVE_MAX_POINTS >= 16, "an 8x8 chain fits a move");

/* ku_legal on an 8x8 board, the points one word: a piece's steps are a
 * mask, and only a piece with a jump searches a tree. */
static inline size_t ku_list_word(const ku_cfg *c, const void *st,
				  bg_move *buf, bool diag)
{
	const ku_word *occ = ku_cocc(c, st, 0);
	int seat = ku_turn(st);
	uint64_t all = occ[0] | occ[1], jumper;
	uint64_t step[KU_DIRS], jump[KU_DIRS];
	uint8_t parent[64], depth[64];
	bg_move *m = buf;

	jumper = ku_point_dirs(c->dir[seat][0], all, diag, step, jump);
	for (uint64_t own = occ[seat]; own; own &= own - 1) {
		int from = ctz64(own);
		uint64_t steps = c->near[seat][from] & ~all, dest;

		if (!(jumper >> from & 1)) {
			for (; steps; steps &= steps - 1)
				bg_move_pair(m++, BG_MOVE_STEP, from,
					     ctz64(steps));
			continue;
		}
		dest = steps | ku_word_tree(jump, jumper, diag, 2, from, all,
					    parent, depth);
		/* A step changes the parity of a coordinate, a jump none. */
		for (; dest; dest &= dest - 1) {
			int to = ctz64(dest);

			if (steps >> to & 1)
				bg_move_pair(m++, BG_MOVE_STEP, from, to);
			else
				ku_word_path(parent, depth, from, to, m++);
		}
	}
	return m == buf ? ku_pass(buf) : (size_t)(m - buf);
}

static size_t ku_legal_word(const ku_cfg *c, const void *st, bg_move *buf)
{
	return c->ndirs == 8 ? ku_list_word(c, st, buf, true) :
			       ku_list_word(c, st, buf, false);
}

/* The landings of ku_word_tree, without its tree: the squares a chain
 * from `from` reaches, grown a hop at a time in all directions at once. */
BG_ALWAYS_INLINE uint64_t ku_word_reach(const uint64_t *jump, bool diag,
					unsigned u, int from, uint64_t all)
{
	unsigned n = 8 * u, e = u;
	uint64_t reach = 0, front = (uint64_t)1 << from;

	do {
		uint64_t land = (front & jump[0]) << n | (front & jump[1]) << e |
				(front & jump[2]) >> n | (front & jump[3]) >> e;

		if (diag)
			land |= (front & jump[4]) << (n + e) |
				(front & jump[5]) >> (n - e) |
				(front & jump[6]) >> (n + e) |
				(front & jump[7]) << (n - e);
		front = land & ~(all | reach);
		reach |= front;
	} while (front);
	return reach;
}

/* The directions of ku_point_dirs by the point a step goes to less its
 * start (ku_dy * 8 + ku_dx), ascending: a piece's steps in point order. */
static const int8_t ku_word_order[2][KU_DIRS] = {
	{ 2, 3, 1, 0 }, { 6, 2, 5, 3, 1, 7, 0, 4 }
};

/* The action of the step in direction d, written at a and kept (the
 * next one written after it) when the piece has the step. */
BG_ALWAYS_INLINE uint32_t *ku_step_action(uint32_t *a, uint32_t base,
					  int from, const uint64_t *step,
					  int d)
{
	*a = base + (uint32_t)(from + 8 * ku_dy[d] + ku_dx[d]);
	return a + (step[d] >> from & 1);
}

/* The steps of a piece that cannot jump, in point order: each written,
 * kept when the piece has it, no branch that guesses. The room
 * (ku_max_moves: a piece's empty squares, 40 on 8x8) holds the eight
 * written. Unrolled: a loop's count and branch cost as much as the
 * steps. */
BG_ALWAYS_INLINE uint32_t *ku_step_actions(uint32_t *a, uint32_t base,
					   int from, const uint64_t *step,
					   bool diag)
{
	if (diag) {
#pragma GCC unroll 8
		for (int i = 0; i < 8; i++)
			a = ku_step_action(a, base, from, step,
					   ku_word_order[1][i]);
		return a;
	}
#pragma GCC unroll 4
	for (int i = 0; i < 4; i++)
		a = ku_step_action(a, base, from, step, ku_word_order[0][i]);
	return a;
}

#ifdef BG_AVX512
/* One hop of the floods of ku_reach_lanes in direction d: the lanes'
 * fronts that jump that way, moved by the jump (shifts by immediates, as
 * ku_word_reach's with u = 2). */
#define KU_HOP_UP(front, jump, d, by) \
	_mm512_slli_epi64(_mm512_and_si512(front, jump[d]), by)
#define KU_HOP_DOWN(front, jump, d, by) \
	_mm512_srli_epi64(_mm512_and_si512(front, jump[d]), by)

/* The squares the fronts of ku_reach_lanes land on by one jump. */
static inline BG_WIDE_TARGET __m512i ku_hop_lanes(const __m512i *j, bool diag,
						  __m512i front)
{
	__m512i land = _mm512_or_si512(
		_mm512_or_si512(KU_HOP_UP(front, j, 0, 16),
				KU_HOP_UP(front, j, 1, 2)),
		_mm512_or_si512(KU_HOP_DOWN(front, j, 2, 16),
				KU_HOP_DOWN(front, j, 3, 2)));

	if (diag)
		land = _mm512_or_si512(land, _mm512_or_si512(
			_mm512_or_si512(KU_HOP_UP(front, j, 4, 18),
					KU_HOP_DOWN(front, j, 5, 14)),
			_mm512_or_si512(KU_HOP_DOWN(front, j, 6, 18),
					KU_HOP_UP(front, j, 7, 14))));
	return land;
}

/* ku_word_reach of up to eight pieces a vector at once, one a lane
 * (f: the pieces' bits, 0 in a lane without one), into out (8 words a
 * vector): the floods grow side by side and one test of all lanes ends
 * them. A flood a piece ended each on a branch of its own, which the
 * processor could not guess (the hops vary from piece to piece): Corners'
 * batch steps are 11 % faster so, 21 % with diagonal moves. Two vectors
 * in one loop, where a side has more than eight pieces that jump, end on
 * one branch, not two, and each fills the other's waits: 2-3 % more
 * steps. */
BG_ALWAYS_INLINE BG_WIDE_TARGET void ku_reach_lanes(const uint64_t *jump,
						    bool diag, __m512i f0,
						    __m512i f1, int vectors,
						    uint64_t all,
						    uint64_t *out)
{
	const __m512i blocked = _mm512_set1_epi64((long long)all);
	__m512i j[KU_DIRS], r0 = _mm512_setzero_si512(), r1 = r0, any;

	/* Written out, as the two vectors below: the loops the compiler
	 * left rolled kept the jumps, fronts and reaches on the stack, a
	 * store and a load on every hop's way. */
	j[0] = _mm512_set1_epi64((long long)jump[0]);
	j[1] = _mm512_set1_epi64((long long)jump[1]);
	j[2] = _mm512_set1_epi64((long long)jump[2]);
	j[3] = _mm512_set1_epi64((long long)jump[3]);
	if (diag) {
		j[4] = _mm512_set1_epi64((long long)jump[4]);
		j[5] = _mm512_set1_epi64((long long)jump[5]);
		j[6] = _mm512_set1_epi64((long long)jump[6]);
		j[7] = _mm512_set1_epi64((long long)jump[7]);
	}
	do {
		f0 = _mm512_andnot_si512(_mm512_or_si512(blocked, r0),
					 ku_hop_lanes(j, diag, f0));
		r0 = _mm512_or_si512(r0, f0);
		any = f0;
		if (vectors == 2) {
			f1 = _mm512_andnot_si512(_mm512_or_si512(blocked, r1),
						 ku_hop_lanes(j, diag, f1));
			r1 = _mm512_or_si512(r1, f1);
			any = _mm512_or_si512(f0, f1);
		}
	} while (_mm512_test_epi64_mask(any, any));
	_mm512_storeu_si512(out, r0);
	if (vectors == 2)
		_mm512_storeu_si512(out + 8, r1);
}

/* The first eight pieces of `jumpers`, lane l the l-th (its bit by pdep,
 * 0 past the last). */
static inline BG_WIDE_TARGET __m512i ku_lanes_of(uint64_t jumpers)
{
	return _mm512_set_epi64((long long)_pdep_u64(1u << 7, jumpers),
				(long long)_pdep_u64(1u << 6, jumpers),
				(long long)_pdep_u64(1u << 5, jumpers),
				(long long)_pdep_u64(1u << 4, jumpers),
				(long long)_pdep_u64(1u << 3, jumpers),
				(long long)_pdep_u64(1u << 2, jumpers),
				(long long)_pdep_u64(1u << 1, jumpers),
				(long long)_pdep_u64(1u << 0, jumpers));
}

/* The reaches (ku_word_reach) of the pieces of `jumpers`, in point order,
 * into reach: sixteen at a time, as one vector where eight or fewer are
 * left (a second vector of no piece made the steps 5 % slower). */
BG_ALWAYS_INLINE BG_WIDE_TARGET void ku_reaches_of(const uint64_t *jump,
						   bool diag, uint64_t jumpers,
						   uint64_t all,
						   uint64_t *reach)
{
	for (; jumpers; reach += 16) {
		__m512i f0 = ku_lanes_of(jumpers), f1;

		jumpers &= ~_pdep_u64(0xff, jumpers);
		if (!jumpers) {
			ku_reach_lanes(jump, diag, f0, f0, 1, all, reach);
			return;
		}
		f1 = ku_lanes_of(jumpers);
		jumpers &= ~_pdep_u64(0xff, jumpers);
		ku_reach_lanes(jump, diag, f0, f1, 2, all, reach);
	}
}

/* ku_reaches_of with diag a constant in each copy (the callers cannot
 * inline a function built for AVX-512: some are built without it). */
static BG_WIDE_TARGET void ku_reaches_wide(const uint64_t *jump, bool diag,
					   uint64_t jumpers, uint64_t all,
					   uint64_t *reach)
{
	if (diag)
		ku_reaches_of(jump, true, jumpers, all, reach);
	else
		ku_reaches_of(jump, false, jumpers, all, reach);
}
#endif

/* ku_list_word's moves as their actions, in its order: the landings of a
 * piece's chains, without their paths. wide: for AVX-512 (bg_avx512_ok),
 * vbmi2: with its compress of bytes too (BG_WIDE_VBMI2), and then, where
 * `to` is not NULL, the actions as words instead (legal_action_words):
 * each piece's landings into to[], and their count, 0 for none (no pass
 * is written then). */
BG_ALWAYS_INLINE size_t ku_actions_word(const ku_cfg *c, const void *st,
					uint32_t *acts, uint64_t *to,
					bool diag, bool wide, bool vbmi2)
{
	const ku_word *occ = ku_cocc(c, st, 0);
	int seat = ku_turn(st);
	uint32_t n = (uint32_t)c->npts, *a = acts;
	uint64_t all = occ[0] | occ[1], jumper;
	uint64_t step[KU_DIRS], jump[KU_DIRS];
	size_t words = 0;

#ifndef BG_VBMI2
	(void)vbmi2;
	(void)to;
#endif
	jumper = ku_point_dirs(c->dir[seat][0], all, diag, step, jump);
#ifdef BG_AVX512
	/* Room for the reaches of a side's pieces, sixteen at a time. */
	uint64_t reach[(KU_MAXPIECES + 15) / 16 * 16];
	const uint64_t *next = reach;

	if (wide)
		ku_reaches_wide(jump, diag, occ[seat] & jumper, all, reach);
#endif
	for (uint64_t own = occ[seat]; own; own &= own - 1) {
		int from = ctz64(own);
		uint32_t base = bg_action_pair(n, from, 0);
		uint64_t dest;

#ifdef BG_AVX512
		if (wide) {
			/* Every piece the same way, a piece that cannot
			 * jump with no reach: whether it can was a branch
			 * the processor could not guess. (Its *next, a
			 * later piece's reach or a word not written yet,
			 * is masked off.) */
			uint64_t j = jumper >> from & 1;

			dest = (c->near[seat][from] & ~all) | (*next & -j);
			next += j;
#ifdef BG_VBMI2
			if (vbmi2 && to) {
				*to++ = dest;
				words += (size_t)bg_popcount_wide(dest);
				continue;
			}
			if (vbmi2) {
				a = bg_bits_actions_vbmi2(a, base, dest);
				continue;
			}
#endif
			a = bg_bits_actions_wide(a, base, dest);
			continue;
		}
#else
		(void)wide;
#endif
		if (!(jumper >> from & 1)) {
			a = ku_step_actions(a, base, from, step, diag);
			continue;
		}
		dest = (c->near[seat][from] & ~all) |
		       ku_word_reach(jump, diag, 2, from, all);
		for (; dest; dest &= dest - 1)
			*a++ = base + (uint32_t)ctz64(dest);
	}
	if (a == acts && !to)
		*a++ = bg_action_pass(n);
	return (size_t)(a - acts) + words;
}

#ifdef BG_AVX512
static BG_WIDE_TARGET size_t ku_actions_wide(const ku_cfg *c, const void *st,
					     uint32_t *acts)
{
	return c->ndirs == 8 ?
		       ku_actions_word(c, st, acts, NULL, true, true, false) :
		       ku_actions_word(c, st, acts, NULL, false, true, false);
}
#endif

#ifdef BG_VBMI2
/* A jumping piece's actions in one compress of bytes: Corners' batch
 * steps 5 % faster than with four compresses of sixteen. */
static BG_VBMI2_TARGET size_t ku_actions_vbmi2(const ku_cfg *c,
					       const void *st, uint32_t *acts)
{
	return c->ndirs == 8 ?
		       ku_actions_word(c, st, acts, NULL, true, true, true) :
		       ku_actions_word(c, st, acts, NULL, false, true, true);
}

/* The words alone: a batch that marks masks by them needs no list (the
 * compresses and stores of the actions were half of ku_actions_vbmi2). */
static BG_VBMI2_TARGET size_t ku_legal_action_words(const void *cfgp,
						    const void *st,
						    uint32_t *acts,
						    uint64_t *from,
						    uint64_t *to)
{
	const ku_cfg *c = cfgp;
	size_t n = c->ndirs == 8 ?
			   ku_actions_word(c, st, acts, to, true, true, true) :
			   ku_actions_word(c, st, acts, to, false, true, true);

	if (n == 0) {
		*from = 0;
		acts[0] = bg_action_pass((uint32_t)c->npts);
		return 1;
	}
	*from = ku_cocc(c, st, ku_turn(st))[0];
	return n;
}
#endif

static size_t ku_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	const ku_cfg *c = cfgp;

#ifdef BG_AVX512
	int wide = bg_wide_level();

#ifdef BG_VBMI2
	if (wide == BG_WIDE_VBMI2)
		return ku_actions_vbmi2(c, st, acts);
#endif
	if (wide == BG_WIDE_AVX512)
		return ku_actions_wide(c, st, acts);
#endif
	return c->ndirs == 8 ?
		       ku_actions_word(c, st, acts, NULL, true, false, false) :
		       ku_actions_word(c, st, acts, NULL, false, false, false);
}

/* The move ku_list_word lists from `from` to `to`: the step, else the
 * chain its tree finds, by the flood's layers (ku_layer_path) or, where
 * they leave the path open, the tree that stops at `to` (ku_drawn_tree). */
BG_ALWAYS_INLINE void ku_word_move(const ku_cfg *c, const void *st, int from,
				   int to, bool diag, bg_move *m)
{
	const ku_word *occ = ku_cocc(c, st, 0);
	int seat = ku_turn(st);
	uint64_t all = occ[0] | occ[1];
	uint64_t step[KU_DIRS], jump[KU_DIRS];
	uint8_t parent[65], depth[65];

	if ((c->near[seat][from] & ~all) >> to & 1) {
		bg_move_pair(m, BG_MOVE_STEP, from, to);
		return;
	}
	ku_point_dirs(c->dir[seat][0], all, diag, step, jump);
	if (ku_layer_path(jump, diag, 2, from, to, all, NULL, m))
		return;
	ku_drawn_tree(jump, diag, 2, from, to, all, parent, depth);
	ku_word_path(parent, depth, from, to, m);
}

static void ku_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	const ku_cfg *c = cfgp;
	int from, to;

	/* Actions are direct on 8x8 only (ku_learn): a constant n, whose
	 * division is a shift, where a variable one took 1 to 2 % of a step. */
	assert(c->npts == 64);
	if (action == bg_action_pass(64)) {
		ku_pass(m);
		return;
	}
	bg_action_ends(64, action, &from, &to);
	if (c->ndirs == 8)
		ku_word_move(c, st, from, to, true, m);
	else
		ku_word_move(c, st, from, to, false, m);
}

/* The learning API's layout is the default one (a from-to field, one
 * rank: a piece reaches a square by one move); on 8x8 the actions come
 * straight from the bitboards. */
static void ku_learn(const void *cfgp, bg_learn_info *out)
{
	const ku_cfg *c = cfgp;

	out->direct = c->nk == 1 ? BG_DIRECT_ALWAYS : 0;
}

/* One direction (dx, dy) of ku_class_dirs from the squares of class k:
 * which class word holds the neighbours, and how far their bits and the
 * landings' are from the squares' bits, follow from k and the direction
 * alone (ku_slot_xy), the same on 10x10 and 16x16: constants once
 * inlined, for rotations by immediates. */
BG_ALWAYS_INLINE void ku_class_dir(const ku_dir *dir, const uint64_t *occ,
				   int k, int dx, int dy, uint64_t *step,
				   uint64_t *jump)
{
	int x = (k & 1) + dx, y = (k >> 1) + dy;
	/* The neighbour's class, and its column and row from the square's
	 * in the class grid: -1, 0 or 1. */
	int k1 = (x & 1) | (y & 1) << 1, cx = (x + 2) / 2 - 1;
	int cy = (y + 2) / 2 - 1;
	uint64_t over = ku_rot(occ[k1], -(8 * cy + cx));

	ku_dir_bits(dir, over, ku_rot(occ[k], -(8 * dy + dx)), step, jump);
}

/* ku_word_dirs on the parity classes; k is a constant in each call. */
BG_ALWAYS_INLINE uint64_t ku_class_dirs(const ku_dir *dir,
					const uint64_t *occ, int k, bool diag,
					uint64_t *step, uint64_t *jump)
{
	ku_class_dir(&dir[0], occ, k, 0, 1, &step[0], &jump[0]);
	ku_class_dir(&dir[1], occ, k, 1, 0, &step[1], &jump[1]);
	ku_class_dir(&dir[2], occ, k, 0, -1, &step[2], &jump[2]);
	ku_class_dir(&dir[3], occ, k, -1, 0, &step[3], &jump[3]);
	if (diag) {
		ku_class_dir(&dir[4], occ, k, 1, 1, &step[4], &jump[4]);
		ku_class_dir(&dir[5], occ, k, 1, -1, &step[5], &jump[5]);
		ku_class_dir(&dir[6], occ, k, -1, -1, &step[6], &jump[6]);
		ku_class_dir(&dir[7], occ, k, -1, 1, &step[7], &jump[7]);
	}
	return ku_jumpers(jump, diag);
}

/* The bits of jump word k from which seat can step, or jump, in each
 * direction: the neighbour is empty, or holds a piece and the landing is
 * empty; returns those with a jump in any direction. */
BG_ALWAYS_INLINE uint64_t ku_word_dirs(const ku_cfg *c, const void *st,
				       int seat, int k, uint64_t *step,
				       uint64_t *jump)
{
	const ku_word *a = ku_ccls(c, st, 0), *b = ku_ccls(c, st, 1);
	const ku_dir *dir = c->dir[seat][k];
	uint64_t occ[KU_CLASSES];
	bool diag = c->ndirs == 8;

	if (c->nk == 1)
		return ku_point_dirs(dir, a[0] | b[0], diag, step, jump);
	for (int i = 0; i < KU_CLASSES; i++)
		occ[i] = a[i] | b[i];
	switch (k) {
	case 0: return ku_class_dirs(dir, occ, 0, diag, step, jump);
	case 1: return ku_class_dirs(dir, occ, 1, diag, step, jump);
	case 2: return ku_class_dirs(dir, occ, 2, diag, step, jump);
	default: return ku_class_dirs(dir, occ, 3, diag, step, jump);
	}
}

/* ku_tree_move from ku_word_tree's arrays in jump word k (by slot). */
BG_ALWAYS_INLINE void ku_class_path(const ku_cfg *c, const uint8_t *parent,
				    const uint8_t *depth, int k, int from,
				    int to, bg_move *m)
{
	const uint8_t *point = &c->point[k * 64];
	int hops = depth[c->slot[to] & 63];

	if (ku_chain_head(m, from, to, hops))
		for (int q = c->slot[to] & 63, i = hops; i > 0;
		     q = parent[q], i--)
			m->pts[i] = (uint16_t)point[q];
}

/* The points a step takes seat's piece on `from` to, into dest; all and
 * dest hold the point words from their word 1, 0 on either side. They
 * are the 64 points from from - n - 1 on: bit t of all and of dest. */
static inline void ku_class_steps(const ku_cfg *c, const uint64_t *all,
				  int seat, int from, uint64_t *dest)
{
	int t = from + 64 - c->n - 1, lo = t >> 6, o = t & 63;
	uint64_t near;

	near = o ? all[lo] >> o | all[lo + 1] << (64 - o) : all[lo];
	near = c->around[seat][from] & ~near;
	dest[lo] = near << o;
	dest[lo + 1] = o ? near >> (64 - o) : 0;
}

/* ku_legal where the jump words are the parity classes (10x10, 16x16): a
 * chain stays in its piece's class word, where ku_word_tree searches it;
 * the destinations are then put in point order. */
static size_t ku_legal_classes(const ku_cfg *c, const void *st, bg_move *buf)
{
	int seat = ku_turn(st);
	const ku_word *own = ku_cocc(c, st, seat);
	const ku_word *a = ku_ccls(c, st, 0), *b = ku_ccls(c, st, 1);
	uint64_t step[KU_CLASSES][KU_DIRS], jump[KU_CLASSES][KU_DIRS];
	uint64_t jumper[KU_CLASSES];
	uint8_t parent[64], depth[64];
	bool diag = c->ndirs == 8;
	uint64_t all[KU_W + 2] = { 0 }; /* from all[1], 0 on either side */
	bg_move *m = buf;

	ku_all(c, st, all + 1);
	for (int k = 0; k < KU_CLASSES; k++)
		jumper[k] = ku_word_dirs(c, st, seat, k, step[k], jump[k]);
	for (int w = 0; w < c->nw; w++)
		for (uint64_t bits = own[w]; bits; bits &= bits - 1) {
			int from = w * 64 + ctz64(bits), s = c->slot[from];
			int k = s >> 6, bit = s & 63;
			uint64_t dest[KU_W + 2] = { 0 };

			ku_class_steps(c, all, seat, from, dest);
			if (jumper[k] >> bit & 1)
				for (uint64_t l = ku_word_tree(jump[k], jumper[k],
							       diag, 1, bit,
							       a[k] | b[k],
							       parent, depth);
				     l; l &= l - 1)
					setbit(dest + 1,
					       c->point[k * 64 + ctz64(l)]);
			for (int v = 0; v < c->nw; v++)
				for (uint64_t d = dest[v + 1]; d; d &= d - 1) {
					int to = v * 64 + ctz64(d);

					/* A jump keeps the class. */
					if (c->slot[to] >> 6 != k)
						bg_move_pair(m++, BG_MOVE_STEP,
							     from, to);
					else
						ku_class_path(c, parent, depth,
							      k, from, to, m++);
				}
		}
	return m == buf ? ku_pass(buf) : (size_t)(m - buf);
}

/* Every bit that one jump or more take the bits of f to (jumper: the
 * bits with a jump), by ku_spread. From a piece's bit that is where its
 * chains end: the piece holds its square, so no jump lands there. A
 * frontier none of whose bits can jump spreads nowhere: the flood ends
 * there without spreading it. */
BG_ALWAYS_INLINE uint64_t ku_flood(const uint64_t *jump, uint64_t jumper,
				   uint64_t f, bool diag, unsigned u)
{
	uint64_t reach = 0;

	while (f & jumper) {
		f = ku_spread(jump, f, diag, u) & ~reach;
		reach |= f;
	}
	return reach;
}

/* The chain from `from` to `to` as the generator lists it, or false when
 * there is none: the search of the list, stopped where it lands on `to`. */
static bool ku_chain_move(const ku_cfg *c, const void *st, int seat, int from,
			  int to, bg_move *m)
{
	uint64_t all[KU_W], blk[KU_W];
	ku_reach r;

	ku_all(c, st, all);
	memcpy(blk, all, sizeof(blk));
	if (!ku_jump_tree(c, all, blk, seat, from, &r, to))
		return false;
	ku_tree_move(&r, from, to, m);
	return true;
}

/* A full adder on bit planes: *sum gets the sum bits, the return value
 * the carries. */
static uint64_t ku_csa(uint64_t a, uint64_t b, uint64_t c, uint64_t *sum)
{
	uint64_t u = a ^ b;

	*sum = u ^ c;
	return (a & b) | (u & c);
}

/* What the side to move can do, by jump word: the bits that can step or
 * jump in each direction, those with a jump at all, the number of steps
 * from each bit, bit-sliced (plane i holds bit i of it), for the
 * pieces with a jump where their chains end, and for every piece how many
 * squares that is, 0 without a jump (by slot). */
typedef struct ku_moves {
	uint64_t step[KU_CLASSES][KU_DIRS];
	uint64_t jump[KU_CLASSES][KU_DIRS];
	uint64_t jumper[KU_CLASSES];
	uint64_t nstep[KU_CLASSES][4];
	uint64_t chain[KU_CLASSES * 64];
	uint8_t nchain[KU_CLASSES * 64];
} ku_moves;

/* The moves of seat in jump word k. */
BG_ALWAYS_INLINE void ku_word_moves(const ku_cfg *c, const void *st,
				    int seat, int k, ku_moves *mv)
{
	const uint64_t *s = mv->step[k];
	uint64_t *p = mv->nstep[k], c1, c2, c3, c4, t1, t2, t3;

	mv->jumper[k] = ku_word_dirs(c, st, seat, k, mv->step[k], mv->jump[k]);
	c1 = ku_csa(s[0], s[1], s[2], &t1);
	if (c->ndirs != 8) {
		p[0] = t1 ^ s[3];
		c2 = t1 & s[3];
		p[1] = c1 ^ c2;
		p[2] = c1 & c2;
		p[3] = 0;
		return;
	}
	c2 = ku_csa(s[3], s[4], s[5], &t2);
	c3 = ku_csa(t1, t2, s[6], &t3);
	p[0] = t3 ^ s[7];
	c4 = t3 & s[7];
	c1 = ku_csa(c1, c2, c3, &t1);
	p[1] = t1 ^ c4;
	c2 = t1 & c4;
	p[2] = c1 ^ c2;
	p[3] = c1 & c2;
}

/* The number of steps from bit b of jump word k. */
static int ku_nsteps(const ku_moves *mv, int k, int b)
{
	const uint64_t *p = mv->nstep[k];

	return (int)(p[0] >> b & 1) + (int)(p[1] >> b & 1) * 2 +
	       (int)(p[2] >> b & 1) * 4 + (int)(p[3] >> b & 1) * 8;
}

/* The number of moves of seat's pieces in jump word k; the chains of
 * those with a jump go into mv. diag and u as for ku_spread. */
BG_ALWAYS_INLINE int ku_word_count(const ku_cfg *c, const void *st, int seat,
				   int k, ku_moves *mv, bool diag, unsigned u)
{
	uint64_t own = ku_ccls(c, st, seat)[k];
	const uint64_t *p = mv->nstep[k];
	int n = ku_bits(p[0] & own) + 2 * ku_bits(p[1] & own) +
		4 * ku_bits(p[2] & own);

	if (diag) /* else no bit has more than 4 steps */
		n += 8 * ku_bits(p[3] & own);
	/* A piece without a jump has no chains. Stores of a constant size,
	 * not a loop. */
	memset(&mv->nchain[k * 64], 0, 64);
	for (uint64_t bits = own & mv->jumper[k]; bits; bits &= bits - 1) {
		int b = ctz64(bits), s = k * 64 + b;

		mv->chain[s] = ku_flood(mv->jump[k], mv->jumper[k],
					(uint64_t)1 << b, diag, u);
		mv->nchain[s] = (uint8_t)ku_bits(mv->chain[s]);
		n += mv->nchain[s];
	}
	return n;
}

/* The moves of seat's pieces in jump word k and their number: k is a
 * constant in each call of ku_count_in, for ku_class_dirs. */
BG_ALWAYS_INLINE int ku_word_total(const ku_cfg *c, const void *st, int seat,
				   int k, ku_moves *mv, bool diag, unsigned u)
{
	ku_word_moves(c, st, seat, k, mv);
	return ku_word_count(c, st, seat, k, mv, diag, u);
}

/* ku_count_moves with the case of the jump words constant: u as for
 * ku_spread, 2 for the points of 8x8 in one word. */
BG_ALWAYS_INLINE int ku_count_in(const ku_cfg *c, const void *st, int seat,
				 ku_moves *mv, bool diag, unsigned u)
{
	if (u == 2)
		return ku_word_total(c, st, seat, 0, mv, diag, u);
	return ku_word_total(c, st, seat, 0, mv, diag, u) +
	       ku_word_total(c, st, seat, 1, mv, diag, u) +
	       ku_word_total(c, st, seat, 2, mv, diag, u) +
	       ku_word_total(c, st, seat, 3, mv, diag, u);
}

/* The number of seat's moves, with what ku_pick_piece needs in mv. */
static int ku_count_moves(const ku_cfg *c, const void *st, int seat,
			  ku_moves *mv)
{
	bool diag = c->ndirs == 8;

	if (c->nk == 1)
		return diag ? ku_count_in(c, st, seat, mv, true, 2) :
			      ku_count_in(c, st, seat, mv, false, 2);
	return diag ? ku_count_in(c, st, seat, mv, true, 1) :
		      ku_count_in(c, st, seat, mv, false, 1);
}

/* The destinations (points) of seat's piece on p, into dest, which like
 * all (every piece) holds the point words from its word 1, 0 on either
 * side. The steps come from a mask of the squares around p, not from
 * mv's bits one direction at a time: no branch a direction. */
static void ku_dests(const ku_cfg *c, const ku_moves *mv, const uint64_t *all,
		     int seat, int p, uint64_t *dest)
{
	int k = c->slot[p] >> 6, b = c->slot[p] & 63;

	if (c->nk == 1)
		dest[1] = c->near[seat][p] & ~all[1];
	else
		ku_class_steps(c, all, seat, p, dest);
	if (mv->jumper[k] >> b & 1)
		for (uint64_t r = mv->chain[c->slot[p]]; r; r &= r - 1)
			setbit(dest + 1, c->point[k * 64 + ctz64(r)]);
}

/* The n-th (from 0) set bit of bb, one of a few. */
static int ku_nth_bit(const uint64_t *bb, int n)
{
	for (int w = 0;; w++)
		for (uint64_t bits = bb[w]; bits; bits &= bits - 1)
			if (n-- == 0)
				return w * 64 + ctz64(bits);
}

/* The piece whose moves hold the pick-th move of the legal list (origins
 * in point order); *pick becomes the index among its moves. */
static int ku_pick_piece(const ku_cfg *c, const void *st, int seat,
			 const ku_moves *mv, uint64_t *pick)
{
	const ku_word *own = ku_cocc(c, st, seat);

	for (int w = 0;; w++)
		for (uint64_t bits = own[w]; bits; bits &= bits - 1) {
			int p = w * 64 + ctz64(bits), s = c->slot[p];
			int k = s >> 6, b = s & 63;
			uint64_t n = (uint64_t)ku_nsteps(mv, k, b) +
				     mv->nchain[s];

			if (*pick < n)
				return p;
			*pick -= n;
		}
}

/* The chain from `from` to `to` the draw gives, by ku_layer_path or
 * ku_drawn_tree in from's jump word on the jump bits mv holds. */
static void ku_drawn_chain(const ku_cfg *c, const void *st,
			   const ku_moves *mv, int from, int to, bg_move *m)
{
	int s = c->slot[from], k = s >> 6, t = c->slot[to] & 63;
	uint64_t all = ku_ccls(c, st, 0)[k] | ku_ccls(c, st, 1)[k];
	uint8_t parent[65], depth[65];

	if (c->nk == 1 ? ku_layer_path(mv->jump[0], c->ndirs == 8, 2, s, t,
				       all, NULL, m) :
			 ku_layer_path(mv->jump[k], c->ndirs == 8, 1, s & 63, t,
				       all, &c->point[k * 64], m))
		return;
	if (c->nk == 1 && c->ndirs == 4)
		ku_drawn_tree(mv->jump[0], false, 2, s, t, all, parent, depth);
	else if (c->nk == 1)
		ku_drawn_tree(mv->jump[0], true, 2, s, t, all, parent, depth);
	else
		ku_drawn_tree(mv->jump[k], c->ndirs == 8, 1, s & 63, t, all,
			      parent, depth);
	ku_class_path(c, parent, depth, k, from, to, m);
}

/* The move the legal list holds at bg_rand() % its length, found from the
 * move counts of the pieces without listing the moves. */
static bool ku_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const ku_cfg *c = cfgp;
	int seat = ku_turn(st), total, from, to;
	uint64_t all[KU_W + 2] = { 0 }, dest[KU_W + 2] = { 0 }, pick;
	ku_moves mv;

	total = ku_count_moves(c, st, seat, &mv);
	pick = bg_rand_below(rng, (uint64_t)(total ? total : 1));
	if (!total) {
		memset(out, 0, sizeof(*out));
		out->kind = BG_MOVE_PASS;
		return true;
	}
	from = ku_pick_piece(c, st, seat, &mv, &pick);
	ku_all(c, st, all + 1);
	ku_dests(c, &mv, all, seat, from, dest);
	to = ku_nth_bit(dest + 1, (int)pick);
	/* A step changes the parity of a coordinate, a jump none. */
	if ((from % c->n - to % c->n) & 1 || (from / c->n - to / c->n) & 1)
		bg_move_pair(out, BG_MOVE_STEP, from, to);
	else
		ku_drawn_chain(c, st, &mv, from, to, out);
	return true;
}

/* The move from `from` to `to` by a step or a chain, as the generator
 * lists it, or false. */
static bool ku_move_to(const ku_cfg *c, const void *st, int seat, int kind,
		       int from, int to, bg_move *m)
{

	if (kind == BG_MOVE_STEP) {
		const uint8_t *sq = c->step[seat][from];
		int i = 0, n = c->nstep[seat][from];

		while (i < n && sq[i] != to)
			i++;
		if (i == n || bit(ku_cocc(c, st, 0), to) ||
		    bit(ku_cocc(c, st, 1), to))
			return false;
		bg_move_pair(m, BG_MOVE_STEP, from, to);
		return true;
	}
	return ku_chain_move(c, st, seat, from, to, m);
}

static bool ku_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const ku_cfg *c = cfgp;
	int seat = ku_turn(st), from, to;
	bg_move want;

	if (m->kind == BG_MOVE_PASS) {
		memset(&want, 0, sizeof(want));
		want.kind = BG_MOVE_PASS;
		return !memcmp(m, &want, sizeof(want)) &&
		       !ku_has_move(c, st, seat);
	}
	if (m->npath < 2 || m->npath > BG_MOVE_MAX_POINTS)
		return false;
	from = m->pts[0];
	to = m->pts[m->npath - 1];
	return from < c->npts && to < c->npts &&
	       bit(ku_cocc(c, st, seat), from) &&
	       ku_move_to(c, st, seat, m->kind, from, to, &want) &&
	       !memcmp(m, &want, sizeof(want));
}

/* The direction of a single jump from q to r, or -1. */
static int ku_jump_dir(const ku_cfg *c, int q, int r)
{
	for (int d = 0; d < c->ndirs; d++)
		if (c->jump[q][d] == r)
			return d;
	return -1;
}

static bool ku_path_ok(const void *cfgp, const void *st, const bg_move *m,
		       const uint16_t *path, size_t npath)
{
	const ku_cfg *c = cfgp;
	int seat = ku_turn(st), from = path[0];
	uint64_t all[KU_W], seen[KU_W] = { 0 };

	if (npath < 2 || m->npath < 2 || from != m->pts[0] ||
	    path[npath - 1] != m->pts[m->npath - 1] || from >= c->npts ||
	    !bit(ku_cocc(c, st, seat), from))
		return false;
	ku_all(c, st, all);
	setbit(seen, from);
	for (size_t i = 1; i < npath; i++) {
		int q = path[i - 1], land = path[i], d, over;

		if (land >= c->npts || (d = ku_jump_dir(c, q, land)) < 0)
			return false;
		over = c->nb[q][d];
		if (!bit(all, over) || bit(all, land) ||
		    bit(seen, land) || !ku_lock_ok(c, seat, q, land))
			return false;
		setbit(seen, land);
	}
	return true;
}

/* Move seat's piece from `from` to `to` (or back), leaving the hash. */
static void ku_move_piece(const ku_cfg *c, void *st, int seat, int from,
			  int to)
{
	ku_word *own = ku_occ(c, st, seat), *cls = ku_cls(c, st, seat);

	flipbit(own, from);
	flipbit(own, to);
	if (c->nk > 1) {
		flipbit(cls, c->slot[from]);
		flipbit(cls, c->slot[to]);
	}
}

/* The undo record is the hash before the move. With camp_lock a piece
 * never leaves its target, so a move into it raises for good the number
 * of pieces there: no earlier position comes again. */
static int ku_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const ku_cfg *c = cfgp;
	int seat = ku_turn(st), flags = 0;
	uint64_t *h = ku_hashp(st);

	memcpy(undo, h, sizeof(*h));
	if (m->kind != BG_MOVE_PASS) {
		int from = m->pts[0], to = m->pts[m->npath - 1];
		const uint64_t *tgt = c->home[!seat];

		if (c->camp_lock && !bit(tgt, from) && bit(tgt, to))
			flags = BG_APPLY_IRREVERSIBLE;
		ku_move_piece(c, st, seat, from, to);
		*h ^= bg_zobrist((uint32_t)seat, (uint32_t)from) ^
		      bg_zobrist((uint32_t)seat, (uint32_t)to);
	}
	*h ^= bg_zobrist(2, 0);
	ku_set_turn(st, !seat);
	return flags;
}

static void ku_unapply(const void *cfgp, void *st, const bg_move *m,
		       const void *undo)
{
	const ku_cfg *c = cfgp;
	int seat = !ku_turn(st);

	if (m->kind != BG_MOVE_PASS)
		ku_move_piece(c, st, seat, m->pts[m->npath - 1], m->pts[0]);
	memcpy(ku_hashp(st), undo, sizeof(uint64_t));
	ku_set_turn(st, seat);
}

/* ---- Outcome -------------------------------------------------------------- */

static bool ku_any(const ku_cfg *c, const uint64_t *a, const uint64_t *b)
{
	for (int w = 0; w < c->nw; w++)
		if (a[w] & b[w])
			return true;
	return false;
}

/* Every square of seat's target holds one of its pieces. */
static bool ku_completed(const ku_cfg *c, const void *st, int seat)
{
	const ku_word *own = ku_cocc(c, st, seat);
	const uint64_t *tgt = c->home[!seat];

	for (int w = 0; w < c->nw; w++)
		if ((own[w] & tgt[w]) != tgt[w])
			return false;
	return true;
}

static bool ku_at_home(const ku_cfg *c, const void *st, int seat)
{
	return ku_any(c, ku_cocc(c, st, seat), c->home[seat]);
}

/* Both flags set: draw; one: that side wins. */
static bool ku_decide(bg_result *out, bool win0, bool win1, int reason)
{
	if (win0 && win1)
		bg_result_set(out, BG_DRAW, -1, reason);
	else if (win0 || win1)
		bg_result_set(out, BG_WIN, win0 ? 0 : 1, reason);
	return win0 || win1;
}

/* The checks at the end of full move `move` (after seat 1's move), in the
 * order of the page's End of the game: completion, then the GAMBITER leave-home stage. The tempo
 * stage follows in ku_outcome. */
static bool ku_full_move_end(const ku_cfg *c, const void *st, uint32_t move,
			     bg_result *out)
{
	if (ku_decide(out, ku_completed(c, st, 0), ku_completed(c, st, 1),
		      BG_REASON_GOAL))
		return true;
	if (c->stage1 && move == (uint32_t)c->leave_home) {
		bool h0 = ku_at_home(c, st, 0), h1 = ku_at_home(c, st, 1);

		if (h0 && h1) {
			bg_result_set(out, BG_DRAW, -1, BG_REASON_LEAVE_HOME);
			return true;
		}
		/* The side with a piece at home loses. */
		return ku_decide(out, h1, h0, BG_REASON_LEAVE_HOME);
	}
	return false;
}

static void ku_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const ku_cfg *c = cfgp;
	int turn = ku_turn(st), mover = !turn;
	uint32_t ply = ctx->ply;

	if (ply == 0)
		return;
	/* CLASSIC: after each own move, more than L moves made and a piece
	 * at home loses; before the completion check (End of the game). */
	if (c->home_loss) {
		uint32_t made = mover == 0 ? (ply + 1) / 2 : ply / 2;

		if (made > (uint32_t)c->leave_home && ku_at_home(c, st, mover)) {
			bg_result_set(out, BG_WIN, turn, BG_REASON_LEAVE_HOME);
			return;
		}
	}
	if (turn == 0 && ply % 2 == 0 && ku_full_move_end(c, st, ply / 2, out))
		return;
	/* The tempo stage ends the game in any case; a position loaded
	 * past it is over as well. */
	if (c->tempo_check > 0 && ply >= 2 * (uint32_t)c->tempo_check) {
		int t0 = ku_tempo_of(c, st, 0), t1 = ku_tempo_of(c, st, 1);

		if (t0 == t1)
			bg_result_set(out, BG_DRAW, -1, BG_REASON_TEMPO);
		else
			bg_result_set(out, BG_WIN, t0 < t1 ? 0 : 1,
				      BG_REASON_TEMPO);
	}
}

/* ---- Evaluation ----------------------------------------------------------- */

/* Steps a piece on p needs to leave seat's home: the Manhattan distance to
 * the nearest square outside it. */
static int ku_exit_steps(const ku_cfg *c, int seat, int p)
{
	int best = 2 * c->n;

	for (int q = 0; q < c->npts; q++) {
		int d = abs(q % c->n - p % c->n) + abs(q / c->n - p / c->n);

		if (!bit(c->home[seat], q) && d < best)
			best = d;
	}
	return best;
}

/* The steps all of seat's pieces at home need to leave it. */
static int ku_home_steps(const ku_cfg *c, const void *st, int seat)
{
	const ku_word *own = ku_cocc(c, st, seat);
	int n = 0;

	for (int w = 0; w < c->nw; w++)
		for (uint64_t b = own[w] & c->home[seat][w]; b; b &= b - 1)
			n += ku_exit_steps(c, seat, w * 64 + ctz64(b));
	return n;
}

/*
 * The tempo lead of seat 0, a tenth of the race (start to full target)
 * counting as a clear advantage. Under a leave-home limit each step that
 * pieces still at home need to leave it weighs up to that tenth, growing
 * with the ply towards the limit: the tempo alone does not say that the
 * last piece at home loses the game there.
 */
static double ku_evaluate(const void *cfgp, const void *st, int ply)
{
	const ku_cfg *c = cfgp;
	double start = 0, span, lead;

	for (int p = 0; p < c->npts; p++)
		if (bit(c->home[0], p))
			start += c->dist[0][p];
	span = start - c->tempo_full;
	lead = ku_tempo_of(c, st, 1) - ku_tempo_of(c, st, 0);
	if (c->leave_home > 0 && (c->stage1 || c->home_loss)) {
		double urgency = ply / (2.0 * c->leave_home);

		if (urgency > 1)
			urgency = 1;
		lead += urgency * span / 10 *
			(ku_home_steps(c, st, 1) - ku_home_steps(c, st, 0));
	}
	return bg_eval_squash(lead / (span / 10));
}

/* ---- Tables --------------------------------------------------------------- */

static const char *const ku_aliases[] = { "corners", "ugolki", NULL };

static const bg_optdef ku_options[] = {
	{ "size", BG_OPT_INT, "8", "8|10", "board side: 8x8 or 10x10",
	  BG_OPT_DERIVED },
	{ "layout", BG_OPT_ENUM, "triangle", "triangle|square3|rect3x4",
	  "home shape: triangle (1-2-3-4 on 8x8, 1-2-3-4-5 on 10x10), 3x3, "
	  "4 files x 3 ranks",
	  BG_OPT_DERIVED },
	{ "diagonal", BG_OPT_BOOL, "0", "0|1",
	  "steps and jumps in the 8 directions, not only the 4 orthogonal",
	  BG_OPT_DERIVED },
	{ "rules", BG_OPT_ENUM, "gambiter", "gambiter|classic",
	  "anti-blocking rules: gambiter (checks at move L and T) or classic "
	  "(home not left after move L loses)",
	  BG_OPT_DERIVED },
	{ "leave_home", BG_OPT_INT, "auto", "auto|0..999",
	  "leave-home move L; auto: 40 on 8x8, 60 on 10x10, 10 fewer with "
	  "diagonal; 0: no check",
	  BG_OPT_DERIVED },
	{ "tempo_check", BG_OPT_INT, "auto", "auto|0..999",
	  "tempo-check move T; auto: 80 on 8x8, 120 on 10x10 under gambiter, "
	  "none under classic; 0: no check",
	  BG_OPT_DERIVED },
};

static int ku_deficit(const ku_cfg *c, const void *st, int loser,
		      int *exact);

/* The record's Deficit tag after a win: bg_kutochki_deficit's figure,
 * "~N" when it is the tempo estimate. */
static bool ku_deficit_tag(const void *cfgp, const void *st,
			   const bg_result *result, bg_strbuf *out)
{
	int exact, n;

	if (result->status != BG_WIN)
		return false;
	n = ku_deficit(cfgp, st, !result->winner, &exact);
	bg_sb_printf(out, exact ? "%d" : "~%d", n);
	return true;
}

const bg_rules bg_rules_kutochki = {
	.name = "kutochki",
	.aliases = ku_aliases,
	.title_en = "Corners (Kutochki)",
	.title_ru = "Куточки (Уголки)",
	.options = ku_options,
	.noptions = sizeof(ku_options) / sizeof(ku_options[0]),
	.config_size = sizeof(ku_cfg),
	.configure = ku_configure,
	.state_size = ku_state_size,
	.head = true,
	.undo_size = sizeof(uint64_t),
	.init = ku_init,
	.max_moves = ku_max_moves,
	.legal = ku_legal,
	.is_legal = ku_is_legal,
	.random_move = ku_random_move,
	.path_ok = ku_path_ok,
	.apply = ku_apply,
	.unapply = ku_unapply,
	.outcome = ku_outcome,
	.scores = ku_scores,
	.evaluate = ku_evaluate,
	.piece = ku_piece,
	.pieces = ku_pieces,
	.record_tag = "Deficit",
	.record_tag_value = ku_deficit_tag,
	.write_position = ku_write_position,
	.read_position = ku_read_position,
	.learn = ku_learn,
	.legal_actions = ku_legal_actions,
#ifdef BG_VBMI2
	.legal_action_words = ku_legal_action_words,
#endif
	.action_move = ku_action_move,
};

static const bg_optdef ha_options[] = {
	{ "camp", BG_OPT_INT, "19", "19|13",
	  "pieces per side: the 19-piece camp or the 13-piece (4-player) "
	  "camp",
	  BG_OPT_DERIVED },
	{ "diagonal", BG_OPT_BOOL, "1", "0|1",
	  "steps and jumps in the 8 directions, not only the 4 orthogonal",
	  BG_OPT_DERIVED },
	{ "camp_lock", BG_OPT_BOOL, "1", "0|1",
	  "a piece in the opponent's camp may not leave it",
	  BG_OPT_FIELD(ku_cfg, camp_lock) },
	{ "leave_home", BG_OPT_INT, "0", "0..999",
	  "a side with a piece at home after more than this many own moves "
	  "loses; 0: no check",
	  BG_OPT_FIELD(ku_cfg, leave_home) },
	{ "tempo_check", BG_OPT_INT, "0", "0..999",
	  "at the end of this move the lower tempo number wins; 0: no check",
	  BG_OPT_FIELD(ku_cfg, tempo_check) },
};
_Static_assert(sizeof(ha_options) / sizeof(ha_options[0]) == HA_NOPTIONS,
	       "the standard option values follow the own ones");

const bg_rules bg_rules_halma = {
	.name = "halma",
	.aliases = NULL,
	.title_en = "Halma",
	.title_ru = "Хальма",
	.options = ha_options,
	.noptions = sizeof(ha_options) / sizeof(ha_options[0]),
	.std_def = { [BG_STD_MAX_PLIES] = "1000" },
	.std_offset = offsetof(ku_cfg, std),
	.config_size = sizeof(ku_cfg),
	.configure = ha_configure,
	.state_size = ku_state_size,
	.head = true,
	.undo_size = sizeof(uint64_t),
	.init = ku_init,
	.max_moves = ku_max_moves,
	.legal = ku_legal,
	.is_legal = ku_is_legal,
	.random_move = ku_random_move,
	.path_ok = ku_path_ok,
	.apply = ku_apply,
	.unapply = ku_unapply,
	.outcome = ku_outcome,
	.scores = ku_scores,
	.evaluate = ku_evaluate,
	.piece = ku_piece,
	.pieces = ku_pieces,
	.record_tag = "Deficit",
	.record_tag_value = ku_deficit_tag,
	.write_position = ku_write_position,
	.read_position = ku_read_position,
};

/* ---- Queries of <boardgames/kutochki.h> ------------------------------------ */

static int ku_parts(const bg_game *g, const ku_cfg **c, const void **st)
{
	const void *cfg = NULL;
	int rc = bg_game_parts(g, &bg_rules_kutochki, &cfg, st);

	if (rc == BG_EWRONGGAME)
		rc = bg_game_parts(g, &bg_rules_halma, &cfg, st);
	/* Set on failure too (NULL): gcc -O3 cannot tell that callers read
	 * it only after BG_OK, and warns. */
	*c = cfg;
	if (rc == BG_EWRONGGAME)
		return bg_seterr(rc, "'%s' is neither kutochki nor halma",
				 bg_game_name(g));
	return rc;
}

static int ku_tempo_query(const bg_game *g, int seat, int *tempo)
{
	const ku_cfg *c;
	const void *st;
	int rc;

	if (!tempo)
		return bg_seterr(BG_EINVAL, "tempo is NULL");
	if ((rc = ku_parts(g, &c, &st)) != BG_OK)
		return rc;
	if (seat != 0 && seat != 1)
		return bg_seterr(BG_EINVAL, "seat %d is not 0 or 1", seat);
	*tempo = ku_tempo_of(c, st, seat);
	bg_clearerr();
	return BG_OK;
}

BG_API int bg_kutochki_tempo(const bg_game *g, int seat, int *tempo)
{
	return bg_game_fail(g, ku_tempo_query(g, seat, tempo));
}

/*
 * The deficit: IDA* over the loser's moves alone, the winner's pieces
 * standing still. The bound, the number of target squares still empty, is
 * admissible since a move brings at most one piece in.
 */
#define KU_DEFICIT_BUDGET 200000L

enum { KU_FOUND = -1, KU_ABORT = -2 };

typedef struct ku_search {
	const ku_cfg *c;
	int seat;
	uint64_t fixed[KU_W]; /* the winner's pieces */
	long nodes;
} ku_search;

static int ku_missing(const ku_search *s, const uint64_t *own)
{
	const uint64_t *tgt = s->c->home[!s->seat];
	int n = 0;

	for (int w = 0; w < s->c->nw; w++)
		n += bg_popcount64(tgt[w] & ~own[w]);
	return n;
}

static int ku_ida(ku_search *s, uint64_t *own, int g, int bound, int undo_from,
		  int undo_to)
{
	const ku_cfg *c = s->c;
	const uint64_t *tgt = c->home[!s->seat];
	uint64_t all[KU_W] = { 0 }, dests[KU_MAXPIECES][KU_W];
	int16_t from[KU_MAXPIECES];
	int h = ku_missing(s, own), best = KU_MAXP * KU_MAXP, n = 0;
	ku_reach r;

	if (h == 0)
		return KU_FOUND;
	if (g + h > bound)
		return g + h;
	if (++s->nodes > KU_DEFICIT_BUDGET)
		return KU_ABORT;
	for (int w = 0; w < c->nw; w++)
		all[w] = own[w] | s->fixed[w];
	for (int w = 0; w < c->nw; w++)
		for (uint64_t bits = own[w]; bits; bits &= bits - 1) {
			from[n] = (int16_t)(w * 64 + ctz64(bits));
			ku_reach_piece(c, all, s->seat, from[n], &r);
			memcpy(dests[n++], r.dest, sizeof(r.dest));
		}
	/* Moves that bring a piece into the target first: the last
	 * iteration finds a solution sooner. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n; i++)
			for (int w = 0; w < c->nw; w++)
				for (uint64_t d = dests[i][w]; d; d &= d - 1) {
					int to = w * 64 + ctz64(d), res;
					bool in = bit(tgt, to) && !bit(tgt, from[i]);

					/* Taking back the last move never helps. */
					if (in == (pass == 1) ||
					    (from[i] == undo_to && to == undo_from))
						continue;
					clrbit(own, from[i]);
					setbit(own, to);
					res = ku_ida(s, own, g + 1, bound, from[i], to);
					clrbit(own, to);
					setbit(own, from[i]);
					if (res < 0)
						return res;
					if (res < best)
						best = res;
				}
	return best;
}

/* The fewest moves for seat to fill its target alone, or -1. */
static int ku_fill_moves(const ku_cfg *c, const void *st, int seat)
{
	ku_search s = { .c = c, .seat = seat };
	uint64_t own[KU_W] = { 0 };
	int bound;

	memcpy(own, ku_cocc(c, st, seat), (size_t)c->nw * sizeof(ku_word));
	memcpy(s.fixed, ku_cocc(c, st, !seat), (size_t)c->nw * sizeof(ku_word));
	/* A winner's piece on the loser's target can never be passed. */
	if (ku_any(c, s.fixed, c->home[!seat]))
		return -1;
	bound = ku_missing(&s, own);
	for (;;) {
		int res = ku_ida(&s, own, 0, bound, -1, -1);

		if (res == KU_FOUND)
			return bound;
		if (res == KU_ABORT || res >= KU_MAXP * KU_MAXP)
			return -1;
		bound = res;
	}
}

/* The loser's deficit: the search's figure, or the tempo excess when it
 * finds none (*exact 0). */
static int ku_deficit(const ku_cfg *c, const void *st, int loser,
		      int *exact)
{
	int n = ku_fill_moves(c, st, loser);

	*exact = n >= 0;
	return n >= 0 ? n : ku_tempo_of(c, st, loser) - c->tempo_full;
}

static int ku_deficit_query(const bg_game *g, int *moves, int *exact)
{
	const ku_cfg *c;
	const void *st;
	int rc, status, winner;

	if (!moves || !exact)
		return bg_seterr(BG_EINVAL, "%s is NULL",
				 moves ? "exact" : "moves");
	if ((rc = ku_parts(g, &c, &st)) != BG_OK)
		return rc;
	bg_outcome(g, &status, &winner, NULL);
	if (status != BG_WIN)
		return bg_seterr(BG_EINVAL, "the game is not won (%s)",
				 status == BG_DRAW ? "drawn" : "ongoing");
	*moves = ku_deficit(c, st, !winner, exact);
	bg_clearerr();
	return BG_OK;
}

BG_API int bg_kutochki_deficit(const bg_game *g, int *moves, int *exact)
{
	return bg_game_fail(g, ku_deficit_query(g, moves, exact));
}
