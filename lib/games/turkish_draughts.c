/*
 * Turkish draughts (Dama): men step and take forward or sideways, flying
 * kings move and take along ranks and files, the most pieces must be
 * taken. Rules: doc/games/turkish-draughts.md.
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/grid.h"
#include "board/bits.h"
#include "board/chain.h"
#include "board/board.h"
#include "core/wide.h"

#include <string.h>

#define TD_SIDE 8
#define TD_N 64
#define TD_PIECES 16 /* per side at the start, never more */
#define TD_DIRS 4    /* N, E, S, W: the library's order */
/* Room for the legal list. Quiet moves are at most 16 kings x 14 squares;
 * capture moves are not proven to stay below it: a position with more
 * (only thinkable made up, with many kings; real games list a few dozen)
 * is reported (BG_LEGAL_OVERFLOW), not cut short. */
#define TD_MAXMOVES 1024
/* Learning: the rank of a from-to action tells apart a king's chains that
 * share their ends; a cap that random games do not reach. */
#define TD_RANKS 8

typedef struct td_cfg {
	bg_board board;
	bool promote_mid; /* a man becomes a king when a capture reaches the
			     last rank, and goes on capturing as one */
	bool king_draw;   /* one king against one king, no men: draw */
	int quiet_plies;  /* draw after this many quiet plies; 0: off */
	bg_stdvals std;
	int8_t nb[TD_N][TD_DIRS]; /* neighbour in a direction, or -1 */
	uint64_t ray[TD_N][TD_DIRS]; /* the squares from p going d, p excluded */
	uint8_t len[TD_N][TD_DIRS];  /* how many squares ray[p][d] holds */
	int8_t jump[TD_N][TD_DIRS];  /* where a man on p lands taking going d,
					or -1 */
	uint64_t z[4][TD_N];      /* td_zpiece(seat, king, p) at [seat + 2 * king] */
	uint64_t zturn;
	/* The first word of a move (kind, counts, flags, two points) as
	 * memory holds it: of a step with both points 0 (head_step), of a
	 * move with only its first or second point 1 (head_from1, head_to1).
	 * A point's field is linear in the point, whatever the byte order,
	 * so a step's word is head_step + from * head_from1 + to * head_to1. */
	uint64_t head_step, head_from1, head_to1;
} td_cfg;

typedef struct td_state {
	uint64_t hash;   /* kept incrementally */
	uint8_t turn;
	uint8_t pad;
	uint16_t quiet;  /* plies since the last capture or man move */
	uint8_t pad2[4];
	uint64_t men[2], kings[2];
} td_state;
BG_CONFIG_BOARD(td_cfg);
BG_STATE_HEAD(td_state);

/* What a capture chain leaves: where the piece ends, what it took and
 * whether it ends as a king. Chains with equal results are one move. */
typedef struct td_result {
	int to;
	uint64_t taken;
	bool king;
} td_result;

static uint64_t bit(int p)
{
	return (uint64_t)1 << p;
}

static int td_opposite(int d)
{
	return (d + 2) % TD_DIRS;
}

/* Men never move or take backwards. */
static int td_backward(int seat)
{
	return seat ? BG_N : BG_S;
}

static bool td_last_rank(int seat, int p)
{
	return seat ? p < TD_SIDE : p >= TD_N - TD_SIDE;
}

static uint64_t td_all(const td_state *s)
{
	return s->men[0] | s->men[1] | s->kings[0] | s->kings[1];
}

static uint64_t td_side(const td_state *s, int seat)
{
	return s->men[seat] | s->kings[seat];
}

static uint64_t td_zpiece(int seat, bool king, int p)
{
	return bg_zobrist((uint32_t)(seat + 2 * king), (uint32_t)p);
}

static uint64_t td_zturn(void)
{
	return bg_zobrist(4, 0);
}

/* The direction from a to b along a rank or file, or -1. */
static int td_dir(int a, int b)
{
	int ax = a % TD_SIDE, ay = a / TD_SIDE;
	int bx = b % TD_SIDE, by = b / TD_SIDE;

	if (a == b)
		return -1;
	if (ay == by)
		return bx > ax ? BG_E : BG_W;
	if (ax == bx)
		return by > ay ? BG_N : BG_S;
	return -1;
}

/* td_dir for two squares known to share a rank or file: N, E, S, W are
 * 0 to 3, so E and W are the rank's, S and W the way down. */
static int td_line_dir(int a, int b)
{
	return ((a ^ b) < TD_SIDE) + 2 * (b < a);
}

/* ---- Bitboards ------------------------------------------------------------ */

#define TD_FILE_A 0x0101010101010101ull
#define TD_FILE_H (TD_FILE_A << 7)
#define TD_RANK_1 0xffull
#define TD_RANK_8 (TD_RANK_1 << 56)

/* Point number change of one step going N, E, S, W. */
static const int td_delta[TD_DIRS] = { TD_SIDE, 1, -TD_SIDE, -1 };

/* The squares one step from those of b going d, those that would leave
 * the board left out. Inlined with d known, it is a shift and a mask. */
BG_ALWAYS_INLINE uint64_t td_step(uint64_t b, int d)
{
	switch (d) {
	case BG_N:
		return b << TD_SIDE;
	case BG_E:
		return (b & ~TD_FILE_H) << 1;
	case BG_S:
		return b >> TD_SIDE;
	default:
		return (b & ~TD_FILE_A) >> 1;
	}
}

/* The first square of occ from p going d, or -1. */
static int td_first(const td_cfg *c, uint64_t occ, int p, int d)
{
	uint64_t b = c->ray[p][d] & occ;

	if (!b)
		return -1;
	/* N and E go up the point numbers, S and W down. */
	return d == BG_N || d == BG_E ? bg_ctz64(b) : bg_high64(b);
}

/* The squares strictly between p and q, q lying from p going d. */
static uint64_t td_between(const td_cfg *c, int p, int q, int d)
{
	return c->ray[p][d] & ~c->ray[q][d] & ~bit(q);
}

/* The squares a king on p slides over going d, up to the first piece. */
static uint64_t td_slide(const td_cfg *c, uint64_t occ, int p, int d)
{
	int f = td_first(c, occ, p, d);

	return f < 0 ? c->ray[p][d] : td_between(c, p, f, d);
}

/* How many squares td_slide gives. */
static int td_slide_len(const td_cfg *c, uint64_t occ, int p, int d)
{
	int f = td_first(c, occ, p, d);

	return f < 0 ? c->len[p][d] : c->len[p][d] - c->len[f][d] - 1;
}

/* ---- Move words ----------------------------------------------------------- */

/* A move of two points, from and to, is all in its first word; the rest
 * is zero. The quiet moves are written as words first, a man's steps
 * each over the slot after the last kept (no branch to decide whether
 * it is kept), then the rest of each kept move is cleared. */
#define TD_HEAD_BYTES (offsetof(bg_move, pts) + 2 * sizeof(uint16_t))
_Static_assert(TD_HEAD_BYTES == sizeof(uint64_t), "a move's head is a word");
_Static_assert(TD_MAXMOVES >= TD_PIECES * 14 + TD_SIDE,
	       "the words written past the last quiet move kept fit the list");

static uint64_t td_head(const bg_move *m)
{
	uint64_t h;

	memcpy(&h, m, sizeof(h));
	return h;
}

static void td_set_head(bg_move *m, uint64_t head)
{
	memcpy(m, &head, sizeof(head));
}

/* Zero past the first word of the moves from m to end, two at a time:
 * the move at end may be cleared too (the list has room for it). */
static void td_clear_tails(bg_move *m, const bg_move *end)
{
	for (; m < end; m += 2) {
		memset((unsigned char *)m + TD_HEAD_BYTES, 0,
		       sizeof(bg_move) - TD_HEAD_BYTES);
		memset((unsigned char *)(m + 1) + TD_HEAD_BYTES, 0,
		       sizeof(bg_move) - TD_HEAD_BYTES);
	}
}

/* ---- Configuration -------------------------------------------------------- */

enum { TD_OPT_PROMOTE, TD_OPT_KINGDRAW, TD_OPT_QUIET, TD_NOPTIONS };

static int td_configure(void *cfgp, const bg_optval *opts)
{
	td_cfg *c = cfgp;

	bg_board_grid(&c->board, BG_BOARD_CELLS, TD_SIDE, TD_SIDE);
	for (int p = 0; p < TD_N; p++) {
		int y = p / TD_SIDE;

		for (int d = 0; d < TD_DIRS; d++) {
			c->nb[p][d] = (int8_t)bg_grid_step(TD_SIDE, TD_SIDE, p, d);
			for (int q = c->nb[p][d]; q >= 0;
			     q = bg_grid_step(TD_SIDE, TD_SIDE, q, d)) {
				c->ray[p][d] |= bit(q);
				c->len[p][d]++;
			}
			c->jump[p][d] = (int8_t)(c->len[p][d] >= 2 ?
						 p + 2 * td_delta[d] : -1);
		}
		if (y == 1 || y == 2)
			c->board.marks[p] = BG_MARK_HOME0;
		else if (y == 5 || y == 6)
			c->board.marks[p] = BG_MARK_HOME1;
	}
	for (int k = 0; k < 4; k++)
		for (int p = 0; p < TD_N; p++)
			c->z[k][p] = td_zpiece(k % 2, k >= 2, p);
	c->zturn = td_zturn();
	c->head_step = td_head(&(bg_move){ .kind = BG_MOVE_STEP, .npath = 2 });
	c->head_from1 = td_head(&(bg_move){ .pts = { 1, 0 } });
	c->head_to1 = td_head(&(bg_move){ .pts = { 0, 1 } });
	c->quiet_plies = 2 * (int)opts[TD_OPT_QUIET].i;
	return BG_OK;
}

/* ---- Position ------------------------------------------------------------- */

static void td_put(td_state *s, int seat, bool king, int p)
{
	if (king)
		s->kings[seat] |= bit(p);
	else
		s->men[seat] |= bit(p);
	s->hash ^= td_zpiece(seat, king, p);
}

/* td_put with the config's keys, for apply. */
static void td_put_fast(const td_cfg *c, td_state *s, int seat, bool king,
			int p)
{
	if (king)
		s->kings[seat] |= bit(p);
	else
		s->men[seat] |= bit(p);
	s->hash ^= c->z[seat + 2 * king][p];
}

static void td_init(const void *cfgp, void *st)
{
	td_state *s = st;

	(void)cfgp;
	memset(s, 0, sizeof(*s));
	for (int p = TD_SIDE; p < 3 * TD_SIDE; p++) {
		td_put(s, 0, false, p);
		td_put(s, 1, false, TD_N - 1 - p);
	}
}

static void td_piece(const void *cfgp, const void *st, int p, int *seat,
		     int *kind)
{
	const td_state *s = st;

	(void)cfgp;
	*seat = -1;
	*kind = BG_PIECE_NONE;
	for (int k = 0; k < 2; k++) {
		if (s->men[k] & bit(p)) {
			*seat = k;
			*kind = BG_PIECE_MAN;
		} else if (s->kings[k] & bit(p)) {
			*seat = k;
			*kind = BG_PIECE_KING;
		}
	}
}

static void td_pieces(const void *cfgp, const void *st, uint64_t *set,
		      size_t words)
{
	const td_state *s = st;

	(void)cfgp;
	bg_board_pieces_four(set, words, s->men[0], s->kings[0], s->men[1],
			     s->kings[1]);
}

/* "RANK8/.../RANK1 SIDE QUIET": w b men, W B kings, '.' empty. */
static void td_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	static const char chars[2][3] = { "wW", "bB" };
	const td_cfg *c = cfgp;
	const td_state *s = st;
	char cells[TD_N];

	for (int p = 0; p < TD_N; p++) {
		int seat, kind;

		td_piece(cfgp, st, p, &seat, &kind);
		cells[p] = seat < 0 ? '.' : chars[seat][kind == BG_PIECE_KING];
	}
	bg_board_write_ranks(&c->board, cells, out);
	bg_sb_printf(out, " %c %u", s->turn ? 'b' : 'w', (unsigned)s->quiet);
}

/* A man on its last rank would have been crowned. */
static int td_read_board(td_state *s, const char *cells)
{
	static const char kinds[] = "wbWB";

	for (int p = 0; p < TD_N; p++) {
		const char *k = strchr(kinds, cells[p]);
		int seat, king;

		if (cells[p] == '.')
			continue;
		seat = (int)(k - kinds) % 2;
		king = k - kinds >= 2;
		if (!king && td_last_rank(seat, p))
			return bg_seterr(BG_EFORMAT,
					 "a %s man on rank %d would have been crowned",
					 seat ? "black" : "white", p / TD_SIDE + 1);
		td_put(s, seat, king, p);
	}
	return BG_OK;
}

static int td_read_position(const void *cfgp, void *st, const char *text)
{
	const td_cfg *c = cfgp;
	td_state tmp;
	char cells[TD_N];
	const char *t = text;
	unsigned long quiet = 0;
	int digits = 0;

	memset(&tmp, 0, sizeof(tmp));
	if (bg_board_read_ranks(&c->board, &t, ".wbWB", cells) != BG_OK ||
	    td_read_board(&tmp, cells) != BG_OK)
		return BG_EFORMAT;
	if ((t[0] != 'w' && t[0] != 'b') || t[1] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move ('w' or 'b') and the "
				 "quiet plies after the board");
	for (const char *q = t + 2; *q; q++, digits++) {
		if (*q < '0' || *q > '9' || digits >= 5)
			return bg_seterr(BG_EFORMAT,
					 "the quiet plies are a number 0..65535");
		quiet = quiet * 10 + (unsigned long)(*q - '0');
	}
	if (!digits || quiet > 65535)
		return bg_seterr(BG_EFORMAT,
				 "the quiet plies are a number 0..65535");
	for (int seat = 0; seat < 2; seat++) {
		int n = bg_popcount64(td_side(&tmp, seat));

		if (n > TD_PIECES)
			return bg_seterr(BG_EFORMAT,
					 "%s has %d pieces, more than %d",
					 seat ? "black" : "white", n, TD_PIECES);
	}
	tmp.turn = t[0] == 'b';
	tmp.quiet = (uint16_t)quiet;
	if (tmp.turn)
		tmp.hash ^= td_zturn();
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Capture chains ------------------------------------------------------- */

/*
 * The capture chains of one piece, walked by bg_chain_walk. Taken pieces
 * leave the board at once (a square may be crossed again) and the moving
 * piece's start square counts as empty. Only chains of the most captures
 * are kept; chains with the same result are listed once, by the first
 * path found. A piece's tag says whether it is a king (TD_TAG_KING) and
 * the direction it came (td_tag_last), which it may not turn back to.
 */
typedef struct td_gen {
	const td_cfg *c;
	int seat;
	uint64_t own;  /* the other pieces of the side to move */
	uint64_t prey; /* the enemies at the start */
	bg_chain chain;
} td_gen;

#define TD_TAG_KING 1

/* The direction of the hop that led to a piece tagged `tag`, or -1. */
static int td_tag_last(int tag)
{
	return (tag >> 1) - 1;
}

/* The generator's keys of the moves kept: 16 KB, too much for the
 * stack. */
typedef struct td_work {
	bg_reached keys[TD_MAXMOVES];
} td_work;

static size_t td_work_size(const void *cfgp)
{
	(void)cfgp;
	return sizeof(td_work);
}

/* A hop going d over `over` to `land`; a man reaching the last rank is
 * crowned there with promote_midcapture. */
static bg_hop td_hop(const td_gen *g, int over, int land, bool king, int d)
{
	bg_hop h;

	if (g->c->promote_mid && td_last_rank(g->seat, land))
		king = true;
	h.over = (uint8_t)over;
	h.to = (uint8_t)land;
	h.tag = (uint8_t)(king | (d + 1) << 1);
	return h;
}

/* Directions in the order N, E, S, W; a man takes forward or sideways,
 * over the next square; a king over the first piece met on its line, to
 * any empty square beyond, nearest first. */
BG_ALWAYS_INLINE int td_hops(void *ctx, const bg_chain *w, int sq, int tag,
			     bg_hop *out)
{
	const td_gen *g = ctx;
	const td_cfg *c = g->c;
	uint64_t enemy = g->prey & ~w->taken, occ = g->own | enemy;
	bool king = tag & TD_TAG_KING;
	unsigned dirs = king ? 0xfu : ~(1u << td_backward(g->seat)) & 0xfu;
	int last = td_tag_last(tag), n = 0;

	if (last >= 0)
		dirs &= ~(1u << td_opposite(last));
	/* A man's hops are each written, and counted when they are there: a
	 * branch on each would be guessed wrong where chains branch. (A hop
	 * off the board is written with square 63 to land on, and never
	 * counted.) */
	if (!king) {
#pragma GCC unroll 4
		for (int d = 0; d < TD_DIRS; d++) {
			int land = c->jump[sq][d];
			int at = land & (TD_N - 1), over = (sq + at) / 2;

			out[n] = td_hop(g, over, at, false, d);
			n += (int)((dirs >> d) & (land >= 0) &
				   (enemy >> over) & ~(occ >> at) & 1);
		}
		return n;
	}
	for (; dirs; dirs &= dirs - 1) {
		int d = bg_ctz32(dirs), over, land;

		if (!(c->ray[sq][d] & enemy))
			continue;
		over = td_first(c, occ, sq, d);
		if (!(enemy & bit(over)))
			continue;
		for (land = c->nb[over][d]; land >= 0 && !(occ & bit(land));
		     land = c->nb[land][d])
			out[n++] = td_hop(g, over, land, king, d);
	}
	return n;
}

/* A chain reaches its pieces taken, its start and end squares, and
 * whether it ends as a king. */
BG_ALWAYS_INLINE bool td_reached(void *ctx, const bg_chain *w, int to, int tag,
				 int nhops, bg_reached *key)
{
	const td_gen *g = ctx;
	bool crowned = (tag & TD_TAG_KING) || td_last_rank(g->seat, to);

	(void)nhops;
	key->a = w->taken;
	key->b = (uint64_t)w->path[0] | (uint64_t)to << 8 |
		 (uint64_t)crowned << 16;
	return true;
}

/* Who can take now, found with bitboards. */
typedef struct td_takers {
	uint64_t prey[TD_DIRS]; /* the enemies with an empty square beyond
				   going d */
	uint64_t from[TD_DIRS]; /* the squares a man takes from going d */
	uint64_t men[TD_DIRS];  /* the men of the side to move there */
	uint64_t kings;         /* its kings that can take */
	uint64_t all;           /* all the pieces that can take */
} td_takers;

/* Direction d of td_takers_of; `men` is none for the backward one. */
BG_ALWAYS_INLINE void td_takers_dir(td_takers *t, uint64_t enemy,
				    uint64_t empty, uint64_t men, int d)
{
	int o = td_opposite(d);

	t->prey[d] = enemy & td_step(empty, o);
	t->from[d] = td_step(t->prey[d], o);
	t->men[d] = men & t->from[d];
}

/* Whether the king on sq can take: the first piece on one of its lines
 * is prey. */
BG_ALWAYS_INLINE bool td_king_takes(const td_cfg *c, uint64_t all,
				    const uint64_t prey[TD_DIRS], int sq)
{
#pragma GCC unroll 4
	for (int d = 0; d < TD_DIRS; d++)
		/* Most lines hold no prey at all. */
		if ((c->ray[sq][d] & prey[d]) &&
		    (prey[d] & bit(td_first(c, all, sq, d))))
			return true;
	return false;
}

/* The pieces of the side to move that can take now: an enemy next to a
 * man forward or sideways, or first on a king's line, with an empty
 * square beyond it. */
static uint64_t td_takers_of(const td_cfg *c, const td_state *s,
			     td_takers *t)
{
	int seat = s->turn;
	uint64_t all = td_all(s), enemy = td_side(s, !seat);
	uint64_t men = s->men[seat];

	td_takers_dir(t, enemy, ~all, seat ? 0 : men, BG_N);
	td_takers_dir(t, enemy, ~all, men, BG_E);
	td_takers_dir(t, enemy, ~all, seat ? men : 0, BG_S);
	td_takers_dir(t, enemy, ~all, men, BG_W);
	t->kings = 0;
	for (uint64_t k = s->kings[seat]; k; k &= k - 1)
		if (td_king_takes(c, all, t->prey, bg_ctz64(k)))
			t->kings |= k & -k;
	t->all = t->men[BG_N] | t->men[BG_E] | t->men[BG_S] | t->men[BG_W] |
		 t->kings;
	return t->all;
}

/* Whether a king of the side to move can take: out of line, as most
 * plies have no king. */
BG_NOINLINE static bool td_kings_can_take(const td_cfg *c, const td_state *s)
{
	int seat = s->turn;
	uint64_t all = td_all(s), empty = ~all, enemy = td_side(s, !seat);
	uint64_t prey[TD_DIRS] = {
		enemy & td_step(empty, BG_S), enemy & td_step(empty, BG_W),
		enemy & td_step(empty, BG_N), enemy & td_step(empty, BG_E)
	};

	for (uint64_t k = s->kings[seat]; k; k &= k - 1)
		if (td_king_takes(c, all, prey, bg_ctz64(k)))
			return true;
	return false;
}

/* Whether td_takers_of finds any piece, without its details: what most
 * plies, which take nothing, need. A man takes going d when the square
 * next going d holds an enemy and the one after it is empty; ranks need
 * no mask, as shifts drop what leaves the board. */
BG_ALWAYS_INLINE bool td_can_take(const td_cfg *c, const td_state *s)
{
	int seat = s->turn;
	uint64_t all = td_all(s), empty = ~all, enemy = td_side(s, !seat);
	uint64_t men = s->men[seat];
	uint64_t east = ((((men & ~TD_FILE_H) << 1) & enemy & ~TD_FILE_H) << 1);
	uint64_t west = ((((men & ~TD_FILE_A) >> 1) & enemy & ~TD_FILE_A) >> 1);
	uint64_t fwd = seat ? ((men >> TD_SIDE) & enemy) >> TD_SIDE :
			      ((men << TD_SIDE) & enemy) << TD_SIDE;

	if ((east | west | fwd) & empty)
		return true;
	return s->kings[seat] && td_kings_can_take(c, s);
}

/*
 * Whether the men's single jumps of t are all the legal moves, so the
 * chain search is not needed: no king can take, and no man can take again
 * where it lands (nor is crowned there with promote_midcapture). A jump
 * empties only the square taken and the start, which would matter only
 * to a jump straight back, never allowed.
 */
static bool td_only_jumps(const td_cfg *c, const td_state *s,
			  const td_takers *t)
{
	int seat = s->turn;
	uint64_t ahead = t->from[seat ? BG_S : BG_N];
	/* Where the jumps land: inside the board, as they are jumps. */
	uint64_t fwd = seat ? t->men[BG_S] >> 2 * TD_SIDE :
			      t->men[BG_N] << 2 * TD_SIDE;
	uint64_t east = t->men[BG_E] << 2, west = t->men[BG_W] >> 2;

	return !t->kings &&
	       !(fwd & (ahead | t->from[BG_E] | t->from[BG_W])) &&
	       !(east & (ahead | t->from[BG_E])) &&
	       !(west & (ahead | t->from[BG_W])) &&
	       !(c->promote_mid && (fwd & (seat ? TD_RANK_1 : TD_RANK_8)));
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t td_max_moves(const void *cfgp)
{
	(void)cfgp;
	return TD_MAXMOVES;
}

/* The capture chains of `pieces` into g->chain (its list or want set up
 * by the caller with bg_chain_init). */
static void td_captures_of(td_gen *g, const td_cfg *c, const td_state *s,
			   uint64_t pieces)
{
	td_work *w = bg_work(c, sizeof(*c));
	bg_chain *ch = &g->chain;

	g->c = c;
	g->seat = s->turn;
	g->prey = td_side(s, !s->turn);
	ch->keys = w->keys;
	ch->max_hops = TD_PIECES;
	ch->most = true;
	for (uint64_t bits = pieces; bits; bits &= bits - 1) {
		int sq = bg_ctz64(bits);

		g->own = td_side(s, s->turn) & ~bit(sq);
		/* A result names its start square. */
		ch->scan = ch->n;
		bg_chain_walk(ch, g, sq,
			      (s->kings[s->turn] & bit(sq)) ? TD_TAG_KING : 0,
			      td_hops, td_reached);
	}
}

static size_t td_captures(const td_cfg *c, const td_state *s, bg_move *buf,
			  uint64_t pieces)
{
	td_gen g;

	bg_chain_init(&g.chain, buf, NULL, 0, TD_MAXMOVES);
	td_captures_of(&g, c, s, pieces);
	return g.chain.overflow ? BG_LEGAL_OVERFLOW : g.chain.n;
}

static void td_set_move(bg_move *m, int kind, int from, int to)
{
	*m = (bg_move){ .kind = (uint8_t)kind, .npath = 2,
			.pts = { (uint16_t)from, (uint16_t)to } };
}

/* The men of the side to move that can step going d (none backward). */
BG_ALWAYS_INLINE void td_men_steps(const td_state *s,
				   uint64_t steps[TD_DIRS])
{
	uint64_t empty = ~td_all(s), men = s->men[s->turn];

	steps[BG_N] = s->turn ? 0 : men & td_step(empty, BG_S);
	steps[BG_E] = men & td_step(empty, BG_W);
	steps[BG_S] = s->turn ? men & td_step(empty, BG_N) : 0;
	steps[BG_W] = men & td_step(empty, BG_E);
}

/* How many squares the king on sq slides to going N, E, S, W, into len;
 * returns the sum. Going d they are sq + k * td_delta[d] for k = 1, 2,
 * ..., nearest first. */
static int td_slides(const td_cfg *c, uint64_t all, int sq, int len[TD_DIRS])
{
	int n = 0;

	for (int d = 0; d < TD_DIRS; d++)
		n += len[d] = td_slide_len(c, all, sq, d);
	return n;
}

/* The word of a step going d, less the word of its start (head_step +
 * from * (head_from1 + head_to1)). */
static uint64_t td_head_delta(const td_cfg *c, int d)
{
	return (uint64_t)(int64_t)td_delta[d] * c->head_to1;
}

/* The slides of the king on sq (its step word `head`), as words from m
 * on; returns the end. Each line's longest slide (7 squares) is written,
 * and as many kept as the line has: no branch on the length. Out of line:
 * it keeps the men's loop in registers. */
BG_NOINLINE static bg_move *td_king_heads(const td_cfg *c, uint64_t all,
					   int sq, uint64_t head, bg_move *m)
{
#pragma GCC unroll 4
	for (int d = 0; d < TD_DIRS; d++) {
		uint64_t h = head, step = td_head_delta(c, d);

#pragma GCC unroll 7
		for (int k = 0; k < TD_SIDE - 1; k++) {
			h += step;
			td_set_head(&m[k], h);
		}
		m += td_slide_len(c, all, sq, d);
	}
	return m;
}

/* The learning action (td_learn) of a move from -> to that shares its
 * ends with no other: a quiet move or a single jump. */
static uint32_t td_action(int from, int to)
{
	return bg_action_make(1, TD_RANKS, bg_action_pair(TD_N, from, to), 0,
			      0);
}

/* The king on sq's slides as actions from a, as td_king_heads writes
 * them; returns their number. */
static size_t td_king_actions(const td_cfg *c, uint64_t all, int sq,
			      uint32_t *a)
{
	size_t n = 0;

	for (int d = 0; d < TD_DIRS; d++) {
		for (int k = 1; k < TD_SIDE; k++)
			a[n + (size_t)k - 1] =
				td_action(sq, sq + k * td_delta[d]);
		n += (size_t)td_slide_len(c, all, sq, d);
	}
	return n;
}

/* The point number changes of a man's steps in list order: N, E, S, W
 * without the backward one. */
BG_ALWAYS_INLINE void td_man_deltas(int seat, int delta[3])
{
	delta[0] = seat ? 1 : TD_SIDE;
	delta[1] = seat ? -TD_SIDE : 1;
	delta[2] = -1;
}

/* Their words, less the word of the start (as td_head_delta). */
BG_ALWAYS_INLINE void td_man_head_deltas(const td_cfg *c, int seat,
					 uint64_t delta[3])
{
	int step[3];

	td_man_deltas(seat, step);
	for (int j = 0; j < 3; j++)
		delta[j] = (uint64_t)(int64_t)step[j] * c->head_to1;
}

/* The men of the side to move that step by td_man_deltas' j-th, for j =
 * 0, 1, 2. */
BG_ALWAYS_INLINE void td_man_planes(const td_state *s, uint64_t plane[3])
{
	uint64_t steps[TD_DIRS];

	td_men_steps(s, steps);
	plane[0] = steps[s->turn ? BG_E : BG_N];
	plane[1] = steps[s->turn ? BG_S : BG_E];
	plane[2] = steps[BG_W];
}

/* A man's steps (word `head` going nowhere) in the directions of delta:
 * each written on m, kept when the man has it (bit set in that plane). */
BG_ALWAYS_INLINE bg_move *td_man_heads(bg_move *m, uint64_t head, int sq,
				       const uint64_t plane[3],
				       const uint64_t delta[3])
{
	td_set_head(m, head + delta[0]);
	m += plane[0] >> sq & 1;
	td_set_head(m, head + delta[1]);
	m += plane[1] >> sq & 1;
	td_set_head(m, head + delta[2]);
	return m + (plane[2] >> sq & 1);
}

static size_t td_quiet_moves_portable(const td_cfg *c, const td_state *s,
				      bg_move *buf)
{
	/* Copies: the moves written could alias the state. */
	int seat = s->turn;
	uint64_t kings = s->kings[seat], all = td_all(s);
	uint64_t from1 = c->head_from1 + c->head_to1, head0 = c->head_step;
	uint64_t plane[3], delta[3];
	bg_move *m = buf;

	td_man_planes(s, plane);
	td_man_head_deltas(c, seat, delta);
	/* The kings, and the men that have a step. */
	for (uint64_t bits = kings | plane[0] | plane[1] | plane[2]; bits;
	     bits &= bits - 1) {
		int sq = bg_ctz64(bits);
		uint64_t head = head0 + (uint64_t)sq * from1;

		if (kings & bit(sq))
			m = td_king_heads(c, all, sq, head, m);
		else
			m = td_man_heads(m, head, sq, plane, delta);
	}
	td_clear_tails(buf, m);
	return (size_t)(m - buf);
}

/* The actions of td_quiet_moves's moves, in its order. As there, each
 * possible step is written and kept when the piece has it, no branch that
 * guesses (the same room past the last one kept). */
static size_t td_quiet_actions_portable(const td_cfg *c, const td_state *s,
					uint32_t *acts)
{
	uint64_t kings = s->kings[s->turn], all = td_all(s), plane[3];
	int delta[3];
	size_t n = 0;

	td_man_planes(s, plane);
	td_man_deltas(s->turn, delta);
	for (uint64_t bits = kings | plane[0] | plane[1] | plane[2]; bits;
	     bits &= bits - 1) {
		int sq = bg_ctz64(bits);

		if (kings & bit(sq)) {
			n += td_king_actions(c, all, sq, &acts[n]);
			continue;
		}
		/* Unrolled: the loop's own count and branch cost as much as
		 * the three steps. */
#pragma GCC unroll 3
		for (int j = 0; j < 3; j++) {
			acts[n] = td_action(sq, sq + delta[j]);
			n += plane[j] >> sq & 1;
		}
	}
	return n;
}

#ifdef BG_AVX512
/*
 * With BMI2 (the wide code's), the quiet moves are read off one word, a
 * bit a move: the pieces that move (the kings, and the men with a step)
 * are numbered in square order, and the i-th has bits 4i, 4i + 1, 4i + 2
 * for its steps as a man (td_man_deltas) and bit 4i + 3 when it is a king.
 * A side has 16 pieces, so the word holds them all. The loop then runs
 * once a move, writes only moves kept, and writes each whole (its word
 * and its zeros) as it goes: one loop end a list that no processor can
 * guess instead of two (the pieces', the zeros'), and no slot written in
 * vain. Turkish draughts' listed plies: 6 % faster.
 */
BG_ALWAYS_INLINE BG_WIDE_TARGET uint64_t td_quiet_slots(const td_state *s,
							uint64_t *movers)
{
	uint64_t kings = s->kings[s->turn], plane[3];
	uint64_t from;

	td_man_planes(s, plane);
	from = kings | plane[0] | plane[1] | plane[2];
	*movers = from;
	return _pdep_u64(_pext_u64(plane[0], from), 0x1111111111111111u) |
	       _pdep_u64(_pext_u64(plane[1], from), 0x2222222222222222u) |
	       _pdep_u64(_pext_u64(plane[2], from), 0x4444444444444444u) |
	       _pdep_u64(_pext_u64(kings, from), 0x8888888888888888u);
}

/* The square of the piece of slot bit k of td_quiet_slots. */
BG_ALWAYS_INLINE BG_WIDE_TARGET int td_slot_square(uint64_t movers, int k)
{
	return bg_ctz64(_pdep_u64((uint64_t)1 << (k >> 2), movers));
}

/* With keys, each move's key as well (bg_rules.legal_keyed): a man's
 * from the word in hand, a king's read back. */
static BG_WIDE_TARGET size_t td_quiet_moves_wide(const td_cfg *c,
						 const td_state *s,
						 bg_move *buf,
						 bg_move_key *keys)
{
	uint64_t all = td_all(s), movers, slots = td_quiet_slots(s, &movers);
	uint64_t from1 = c->head_from1 + c->head_to1, head0 = c->head_step;
	uint64_t delta[3];
	bg_move *m = buf;
	bg_move_key *key = keys;

	td_man_head_deltas(c, s->turn, delta);
	for (; slots; slots &= slots - 1) {
		int k = bg_ctz64(slots), sq = td_slot_square(movers, k);
		uint64_t head = head0 + (uint64_t)sq * from1;

		if ((k & 3) == 3) {
			bg_move *end = td_king_heads(c, all, sq, head, m);
			size_t n = (size_t)(end - m);

			td_clear_tails(m, end);
			if (keys) {
				bg_move_keys_of(key, m, n, true);
				key += n;
			}
			m = end;
			continue;
		}
		head += delta[k & 3];
		if (keys)
			bg_move_key_word(key++, head);
		td_set_head(m, head);
		memset((unsigned char *)m + TD_HEAD_BYTES, 0,
		       sizeof(bg_move) - TD_HEAD_BYTES);
		m++;
	}
	return (size_t)(m - buf);
}

static BG_WIDE_TARGET size_t td_quiet_actions_wide(const td_cfg *c,
						   const td_state *s,
						   uint32_t *acts)
{
	uint64_t all = td_all(s), movers, slots = td_quiet_slots(s, &movers);
	int delta[3];
	size_t n = 0;

	td_man_deltas(s->turn, delta);
	for (; slots; slots &= slots - 1) {
		int k = bg_ctz64(slots), sq = td_slot_square(movers, k);

		if ((k & 3) == 3)
			n += td_king_actions(c, all, sq, &acts[n]);
		else
			acts[n++] = td_action(sq, sq + delta[k & 3]);
	}
	return n;
}
#endif

/* The quiet moves into buf; with keys, their keys too. */
BG_ALWAYS_INLINE size_t td_quiet_moves(const td_cfg *c, const td_state *s,
				       bg_move *buf, bg_move_key *keys)
{
	size_t n;

#ifdef BG_AVX512
	if (bg_avx512_ok())
		return td_quiet_moves_wide(c, s, buf, keys);
#endif
	n = td_quiet_moves_portable(c, s, buf);
	if (keys)
		bg_move_keys_of(keys, buf, n, true);
	return n;
}

static size_t td_quiet_actions(const td_cfg *c, const td_state *s,
			       uint32_t *acts)
{
#ifdef BG_AVX512
	if (bg_avx512_ok())
		return td_quiet_actions_wide(c, s, acts);
#endif
	return td_quiet_actions_portable(c, s, acts);
}

/* The single jumps of t, in the order the chain search would list them:
 * by start square, then direction. */
static size_t td_jumps(const td_takers *t, bg_move *buf)
{
	size_t n = 0;

	for (uint64_t bits = t->all; bits; bits &= bits - 1) {
		int sq = bg_ctz64(bits);

		for (int d = 0; d < TD_DIRS; d++)
			if (t->men[d] & bit(sq))
				td_set_move(&buf[n++], BG_MOVE_CAPTURE, sq,
					    sq + 2 * td_delta[d]);
	}
	return n;
}

/* Their actions. */
static size_t td_jump_actions(const td_takers *t, uint32_t *acts)
{
	size_t n = 0;

	for (uint64_t bits = t->all; bits; bits &= bits - 1) {
		int sq = bg_ctz64(bits);

		for (int d = 0; d < TD_DIRS; d++)
			if (t->men[d] & bit(sq))
				acts[n++] = td_action(sq,
						      sq + 2 * td_delta[d]);
	}
	return n;
}

_Static_assert(TD_MAXMOVES >= TD_PIECES * 14 + BG_MOVE_KEYS_FIXED,
	       "the keys' fixed copy (bg_move_keys_of) stays within the list "
	       "and scratch, a king's quiet moves copied from its first");

/* Order: the captures of the most pieces, by start square (a1, b1, ...,
 * h8) then in search order; when there is none, the quiet moves by start
 * square, directions N, E, S, W, kings nearest square first. With keys,
 * the moves' keys too (bg_rules.legal_keyed). */
BG_ALWAYS_INLINE size_t td_list(const void *cfgp, const void *st, bg_move *buf,
				 bg_move_key *keys)
{
	td_takers t;
	size_t n;

	/* Most plies take nothing: asked first, as td_random_move asks. */
	if (!td_can_take(cfgp, st))
		return td_quiet_moves(cfgp, st, buf, keys);
	td_takers_of(cfgp, st, &t);
	/* A piece that can take has at least one chain. */
	n = td_only_jumps(cfgp, st, &t) ? td_jumps(&t, buf) :
					  td_captures(cfgp, st, buf, t.all);
	if (keys && n != BG_LEGAL_OVERFLOW)
		bg_move_keys_of(keys, buf, n, true);
	return n;
}

static size_t td_legal(const void *cfgp, const void *st, bg_move *buf)
{
	return td_list(cfgp, st, buf, NULL);
}

/* The same with the moves' keys (bg_rules.legal_keyed). */
static size_t td_legal_keyed(const void *cfgp, const void *st, bg_move *buf,
			     bg_move_key *keys)
{
	return td_list(cfgp, st, buf, keys);
}

/* The actions of the quiet moves and of single jumps; chains, which may
 * share their ends, are left to the list. */
static size_t td_legal_actions(const void *cfgp, const void *st,
			       uint32_t *acts)
{
	td_takers t;

	if (!td_can_take(cfgp, st))
		return td_quiet_actions(cfgp, st, acts);
	td_takers_of(cfgp, st, &t);
	return td_only_jumps(cfgp, st, &t) ? td_jump_actions(&t, acts) :
					     BG_ACTIONS_LISTED;
}

/* The move of one of those actions. A capture passes over the piece it
 * takes, a quiet move over empty squares only: a piece between the ends
 * makes it a capture, which costs less than asking whether the side can
 * take. */
static void td_action_move(const void *cfgp, const void *st, uint32_t action,
			   bg_move *m)
{
	const td_cfg *c = cfgp;
	int from, to;
	uint64_t between;

	bg_action_ends(TD_N, action / TD_RANKS, &from, &to);
	between = td_between(c, from, to, td_line_dir(from, to));
	td_set_move(m, between & td_all(st) ? BG_MOVE_CAPTURE : BG_MOVE_STEP,
		    from, to);
}

/* The direction of the r-th (from 0) of the masks that hold sq, in the
 * order N, E, S, W. */
static int td_nth_dir(const uint64_t masks[TD_DIRS], int sq, size_t r)
{
	for (int d = 0;; d++)
		if ((masks[d] & bit(sq)) && !r--)
			return d;
}

/*
 * A move drawn uniformly from a list in the order of td_legal's, found by
 * counting instead of writing the list: the moves of `kind` of the men of
 * men[d] going d (a step, or a jump of two squares), and the slides of
 * `kings`; by square, then direction, then distance. False when there is
 * none.
 */
static bool td_pick(const td_cfg *c, uint64_t all,
		    const uint64_t men[TD_DIRS], uint64_t kings, int kind,
		    uint64_t *rng, bg_move *out)
{
	int dist = kind == BG_MOVE_CAPTURE ? 2 : 1, len[TD_DIRS];
	/* A man's move count, bit by bit: at most three, as it never
	 * moves backward. */
	uint64_t ab = men[0] ^ men[1], cd = men[2] ^ men[3];
	uint64_t one = ab ^ cd;
	uint64_t two = (men[0] & men[1]) | (men[2] & men[3]) | (ab & cd);
	size_t n = (size_t)bg_popcount64(one) +
		   2 * (size_t)bg_popcount64(two), r;

	for (uint64_t k = kings; k; k &= k - 1)
		n += (size_t)td_slides(c, all, bg_ctz64(k), len);
	if (!n)
		return false;
	r = bg_rand_below(rng, n);
	/* Whole pieces are skipped by their count first. */
	for (uint64_t bits = one | two | kings; bits; bits &= bits - 1) {
		int sq = bg_ctz64(bits), d = 0;
		size_t cnt;

		if (!(kings & bit(sq))) {
			cnt = (one >> sq & 1) + 2 * (two >> sq & 1);
			if (r < cnt) {
				d = td_nth_dir(men, sq, r);
				td_set_move(out, kind, sq, sq + dist * td_delta[d]);
				return true;
			}
		} else if (r < (cnt = (size_t)td_slides(c, all, sq, len))) {
			for (; r >= (size_t)len[d]; d++)
				r -= (size_t)len[d];
			td_set_move(out, kind, sq, sq + (int)(r + 1) * td_delta[d]);
			return true;
		}
		r -= cnt;
	}
	return false;
}

/* Room for the captures td_random_capture lists itself; more are left to
 * the core's full list. */
#define TD_RANDOM_CAPTURES 32

/* A capture drawn uniformly from the list td_legal would write. */
static bool td_random_capture(const td_cfg *c, const td_state *s,
			      uint64_t capturers, uint64_t *rng, bg_move *out)
{
	bg_move buf[TD_RANDOM_CAPTURES];
	td_gen g;

	bg_chain_init(&g.chain, buf, NULL, 0, TD_RANDOM_CAPTURES);
	td_captures_of(&g, c, s, capturers);
	if (g.chain.overflow)
		return false;
	*out = buf[bg_rand_below(rng, g.chain.n)];
	return true;
}

/* The move td_legal's list would give at index bg_rand(rng) % its length,
 * drawn without writing the list. */
static bool td_random_move(const void *cfgp, const void *st, uint64_t *rng,
			   bg_move *out)
{
	const td_cfg *c = cfgp;
	const td_state *s = st;
	uint64_t steps[TD_DIRS];
	td_takers t;

	if (!td_can_take(c, s)) {
		td_men_steps(s, steps);
		return td_pick(c, td_all(s), steps, s->kings[s->turn],
			       BG_MOVE_STEP, rng, out);
	}
	td_takers_of(c, s, &t);
	if (!td_only_jumps(c, s, &t))
		return td_random_capture(c, s, t.all, rng, out);
	return td_pick(c, td_all(s), t.men, 0, BG_MOVE_CAPTURE, rng, out);
}

/* Whether the piece on from steps to `to`, going d, when no piece can
 * take. */
static bool td_step_ok(const td_cfg *c, const td_state *s, int from, int to,
		       int d)
{
	uint64_t all = td_all(s);

	if (s->kings[s->turn] & bit(from))
		return (td_slide(c, all, from, d) & bit(to)) != 0;
	return d != td_backward(s->turn) && to == c->nb[from][d] &&
	       !(all & bit(to));
}

/* A step when no piece can take; else a capture chain the generator
 * lists, found by running it without writing the list. */
static bool td_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const td_cfg *c = cfgp;
	const td_state *s = st;
	int from = m->pts[0], to = m->pts[1], d;
	td_takers t;
	td_gen g;

	if (m->nremove || m->flags || m->npath < 2 || from >= TD_N ||
	    !(td_side(s, s->turn) & bit(from)))
		return false;
	if (m->kind == BG_MOVE_STEP)
		return m->npath == 2 && to < TD_N &&
		       (d = td_dir(from, to)) >= 0 &&
		       td_step_ok(c, s, from, to, d) && !td_can_take(c, s);
	if (m->kind != BG_MOVE_CAPTURE || !(td_takers_of(c, s, &t) & bit(from)))
		return false;
	if (td_only_jumps(c, s, &t))
		return m->npath == 2 && to < TD_N &&
		       (d = td_dir(from, to)) >= 0 && (t.men[d] & bit(from)) &&
		       to == from + 2 * td_delta[d];
	bg_chain_init(&g.chain, NULL, NULL, 0, TD_MAXMOVES);
	g.chain.want = m;
	td_captures_of(&g, c, s, t.all);
	return g.chain.found;
}

/* Whether a piece of the side to move can step: sideways for all,
 * forward for men, both ways along files for kings. Sideways first: it
 * answers most plies. */
static bool td_can_step(const td_state *s)
{
	uint64_t empty = ~td_all(s), men = s->men[s->turn];
	uint64_t kings = s->kings[s->turn];
	uint64_t side = men | kings;

	if ((td_step(side, BG_E) | td_step(side, BG_W)) & empty)
		return true;
	return ((s->turn ? men >> TD_SIDE : men << TD_SIDE) | kings << TD_SIDE |
		kings >> TD_SIDE) & empty;
}

/* Follow a capture path as given, checking every hop; false when it is
 * not a capture chain here. Whether it takes the most pieces is not
 * checked: the caller compares it with a listed move. */
static bool td_follow(const td_cfg *c, const td_state *s, const uint16_t *path,
		      size_t npath, td_result *res)
{
	int seat = s->turn, from = path[0], last = -1;
	uint64_t occ, enemy = td_side(s, !seat);
	bool king;

	if (npath < 2 || from >= TD_N || !(td_side(s, seat) & bit(from)))
		return false;
	king = (s->kings[seat] & bit(from)) != 0;
	occ = td_all(s) & ~bit(from);
	res->taken = 0;
	for (size_t i = 1; i < npath; i++) {
		int a = path[i - 1], b = path[i], d, over = -1, dist = 0;

		if (b >= TD_N || (d = td_dir(a, b)) < 0 ||
		    (last >= 0 && d == td_opposite(last)) ||
		    (!king && d == td_backward(seat)) || (occ & bit(b)))
			return false;
		for (int q = c->nb[a][d]; q != b; q = c->nb[q][d], dist++) {
			if (!(occ & bit(q)))
				continue;
			if (over >= 0 || !(enemy & bit(q)))
				return false;
			over = q;
		}
		if (over < 0 || (!king && dist != 1))
			return false;
		occ &= ~bit(over);
		enemy &= ~bit(over);
		res->taken |= bit(over);
		if (c->promote_mid && td_last_rank(seat, b))
			king = true;
		last = d;
	}
	res->to = path[npath - 1];
	res->king = king || td_last_rank(seat, res->to);
	return true;
}

static bool td_path_ok(const void *cfgp, const void *st, const bg_move *m,
		       const uint16_t *path, size_t npath)
{
	td_result want, got;

	return m->kind == BG_MOVE_CAPTURE &&
	       td_follow(cfgp, st, m->pts, m->npath, &want) &&
	       td_follow(cfgp, st, path, npath, &got) && want.to == got.to &&
	       want.taken == got.taken && want.king == got.king;
}

/* Take the pieces a capture path jumps over; returns whether the piece
 * ends as a king (promotion on the way; `king`: it was one at the start). */
static bool td_take(const td_cfg *c, td_state *s, const bg_move *m, bool king)
{
	int seat = s->turn, foe = !seat;
	uint64_t taken = 0;

	for (int i = 1; i < m->npath; i++) {
		int a = m->pts[i - 1], b = m->pts[i], d = td_line_dir(a, b);

		/* Between a and b: the piece taken, and maybe squares
		 * emptied earlier in the chain. */
		taken |= td_between(c, a, b, d);
		if (c->promote_mid && td_last_rank(seat, b))
			king = true;
	}
	for (uint64_t t = taken & s->men[foe]; t; t &= t - 1)
		s->hash ^= c->z[foe][bg_ctz64(t)];
	for (uint64_t t = taken & s->kings[foe]; t; t &= t - 1)
		s->hash ^= c->z[foe + 2][bg_ctz64(t)];
	s->men[foe] &= ~taken;
	s->kings[foe] &= ~taken;
	return king;
}

/* A capture: it can never be undone. Out of line, as most moves are
 * steps. */
BG_NOINLINE static int td_apply_capture(const td_cfg *c, td_state *s,
					const bg_move *m)
{
	int seat = s->turn, from = m->pts[0], to = m->pts[m->npath - 1];
	bool was_king = (s->kings[seat] & bit(from)) != 0, king;

	s->men[seat] &= ~bit(from);
	s->kings[seat] &= ~bit(from);
	s->hash ^= c->z[seat + 2 * was_king][from];
	king = td_take(c, s, m, was_king) || td_last_rank(seat, to);
	td_put_fast(c, s, seat, king, to);
	s->quiet = 0;
	s->turn = (uint8_t)!seat;
	s->hash ^= c->zturn;
	return BG_APPLY_IRREVERSIBLE;
}

static int td_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const td_cfg *c = cfgp;
	td_state *s = st;
	int seat = s->turn, from = m->pts[0], to = m->pts[1];
	uint64_t move = bit(from) | bit(to);

	(void)undo;
	if (m->kind == BG_MOVE_CAPTURE)
		return td_apply_capture(c, s, m);
	s->turn = (uint8_t)!seat;
	if (s->kings[seat] & bit(from)) {
		/* A king's step: it could be undone. */
		s->kings[seat] ^= move;
		s->hash ^= c->z[seat + 2][from] ^ c->z[seat + 2][to] ^ c->zturn;
		s->quiet++;
		return 0;
	}
	s->quiet = 0;
	s->men[seat] &= ~bit(from);
	s->hash ^= c->z[seat][from] ^ c->zturn;
	td_put_fast(c, s, seat, td_last_rank(seat, to), to);
	/* A man's forward step can never be undone; its sideways one can. */
	return from / TD_SIDE != to / TD_SIDE ? BG_APPLY_IRREVERSIBLE : 0;
}

/* ---- Outcome -------------------------------------------------------------- */

static bool td_lone_kings(const td_state *s)
{
	uint64_t k0 = s->kings[0], k1 = s->kings[1];

	/* One bit each: b & (b - 1) clears the lowest. */
	return !(s->men[0] | s->men[1]) && k0 && !(k0 & (k0 - 1)) && k1 &&
	       !(k1 & (k1 - 1));
}

/* The draws, when the side to move has a move. */
BG_ALWAYS_INLINE void td_draws(const td_cfg *c, const td_state *s,
			       bg_result *out)
{
	if (c->king_draw && td_lone_kings(s))
		bg_result_set(out, BG_DRAW, -1, BG_REASON_MATERIAL);
	else if (c->quiet_plies > 0 && s->quiet >= c->quiet_plies)
		bg_result_set(out, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
}

/* td_outcome when no piece can step: out of line, so that the common
 * case makes no call. */
BG_NOINLINE static void td_outcome_stuck(const td_cfg *c, const td_state *s,
					 bg_result *out)
{
	if (!td_can_take(c, s))
		bg_result_set(out, BG_WIN, !s->turn, BG_REASON_NO_MOVES);
	else
		td_draws(c, s, out);
}

static void td_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	(void)ctx;
	if (td_can_step(st))
		td_draws(cfgp, st, out);
	else
		td_outcome_stuck(cfgp, st, out);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const td_aliases[] = { "dama", "turetskie-shashki", NULL };

static const bg_optdef td_options[] = {
	{ "promote_midcapture", BG_OPT_BOOL, "0", "0|1",
	  "a man reaching the last rank during a capture becomes a king at "
	  "once and goes on capturing as a king",
	  BG_OPT_FIELD(td_cfg, promote_mid) },
	{ "king_draw", BG_OPT_BOOL, "1", "0|1",
	  "one king against one king, with no men, is a draw",
	  BG_OPT_FIELD(td_cfg, king_draw) },
	{ "quiet_moves", BG_OPT_INT, "0", "0..999",
	  "draw after this many moves by each side with no capture and no man "
	  "move (50 in the common rule); 0: no limit",
	  BG_OPT_DERIVED },
};
_Static_assert(sizeof(td_options) / sizeof(td_options[0]) == TD_NOPTIONS,
	       "the standard option values follow the own ones");

/* Learning: a king's chains between the same squares differ in what they
 * take. A batch makes the actions of quiet moves and single jumps itself
 * and lists the chains. */
static void td_learn(const void *cfgp, bg_learn_info *out)
{
	static const char *const names[] = { "quiet plies" };

	(void)cfgp;
	out->pairs = 1;
	out->ranks = TD_RANKS;
	out->direct = BG_DIRECT_OR_LIST;
	out->nplanes = 1;
	out->counters = 1;
	out->plane_names = names;
}

static void td_counters(const void *cfgp, const void *stp, int seat,
			float *v)
{
	const td_state *st = stp;

	(void)cfgp;
	(void)seat;
	v[0] = st->quiet;
}

const bg_rules bg_rules_turkish_draughts = {
	.name = "turkish-draughts",
	.aliases = td_aliases,
	.title_en = "Turkish draughts",
	.title_ru = "Турецкие шашки",
	.options = td_options,
	.noptions = sizeof(td_options) / sizeof(td_options[0]),
	.std_def = { [BG_STD_REPETITION] = "3", [BG_STD_MAX_PLIES] = "0" },
	.std_offset = offsetof(td_cfg, std),
	.config_size = sizeof(td_cfg),
	.state_bytes = sizeof(td_state),
	.head = true,
	.configure = td_configure,
	.work_size = td_work_size,
	.init = td_init,
	.max_moves = td_max_moves,
	.legal = td_legal,
	.legal_keyed = td_legal_keyed,
	.is_legal = td_is_legal,
	.random_move = td_random_move,
	.path_ok = td_path_ok,
	.apply = td_apply,
	.outcome = td_outcome,
	.piece = td_piece,
	.pieces = td_pieces,
	.write_position = td_write_position,
	.read_position = td_read_position,
	.learn = td_learn,
	.legal_actions = td_legal_actions,
	.action_move = td_action_move,
	.counters = td_counters,
};
