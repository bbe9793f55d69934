/*
 * Turkish draughts (Dama): men step and take forward or sideways, flying
 * kings move and take along ranks and files, the most pieces must be
 * taken. Rules: doc/games/turkish-draughts.md (shared/rules/igroteka.md
 * section 12).
 */
#include "core/rules.h"
#include "core/zobrist.h"
#include "board/grid.h"

#include <string.h>

#define TD_SIDE 8
#define TD_N 64
#define TD_PIECES 16 /* per side at the start, never more */
#define TD_DIRS 4    /* N, E, S, W: the library's order */
/* Room for the legal list. Quiet moves are at most 16 kings x 14 squares;
 * capture moves beyond this many (only thinkable in made-up positions of
 * many kings) are not listed. */
#define TD_MAXMOVES 1024

typedef struct td_cfg {
	bg_board board;
	bool promote_mid; /* a man becomes a king when a capture reaches the
			     last rank, and goes on capturing as one */
	bool king_draw;   /* one king against one king, no men: draw */
	int reps;         /* the occurrence of a position that draws */
	int quiet_plies;  /* draw after this many quiet plies; 0: off */
	int max_plies;    /* 0: no limit */
	int8_t nb[TD_N][TD_DIRS]; /* neighbour in a direction, or -1 */
	uint64_t z[4][TD_N];      /* td_zpiece(seat, king, p) at [seat + 2 * king] */
	uint64_t zturn;
} td_cfg;

typedef struct td_state {
	uint64_t men[2], kings[2];
	uint64_t hash;   /* kept incrementally */
	uint16_t quiet;  /* plies since the last capture or man move */
	uint8_t turn;
} td_state;

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

/* ---- Configuration -------------------------------------------------------- */

enum { TD_OPT_PROMOTE, TD_OPT_KINGDRAW, TD_OPT_REPS, TD_OPT_QUIET,
       TD_OPT_PLIES };

static int td_configure(void *cfgp, const bg_optval *opts)
{
	td_cfg *c = cfgp;

	memset(c, 0, sizeof(*c));
	bg_board_grid(&c->board, BG_BOARD_CELLS, TD_SIDE, TD_SIDE);
	for (int p = 0; p < TD_N; p++) {
		int y = p / TD_SIDE;

		for (int d = 0; d < TD_DIRS; d++)
			c->nb[p][d] = (int8_t)bg_grid_step(TD_SIDE, TD_SIDE, p, d);
		if (y == 1 || y == 2)
			c->board.marks[p] = BG_MARK_HOME0;
		else if (y == 5 || y == 6)
			c->board.marks[p] = BG_MARK_HOME1;
	}
	for (int k = 0; k < 4; k++)
		for (int p = 0; p < TD_N; p++)
			c->z[k][p] = td_zpiece(k % 2, k >= 2, p);
	c->zturn = td_zturn();
	c->promote_mid = opts[TD_OPT_PROMOTE].i != 0;
	c->king_draw = opts[TD_OPT_KINGDRAW].i != 0;
	c->reps = (int)opts[TD_OPT_REPS].i;
	c->quiet_plies = 2 * (int)opts[TD_OPT_QUIET].i;
	c->max_plies = (int)opts[TD_OPT_PLIES].i;
	return BG_OK;
}

static size_t td_state_size(const void *cfgp)
{
	(void)cfgp;
	return sizeof(td_state);
}

static const bg_board *td_board(const void *cfgp)
{
	return &((const td_cfg *)cfgp)->board;
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

/* td_remove and td_put with the config's keys, for apply. */
static void td_remove_fast(const td_cfg *c, td_state *s, int p)
{
	uint64_t b = bit(p);

	for (int seat = 0; seat < 2; seat++) {
		if (s->men[seat] & b) {
			s->men[seat] &= ~b;
			s->hash ^= c->z[seat][p];
		} else if (s->kings[seat] & b) {
			s->kings[seat] &= ~b;
			s->hash ^= c->z[seat + 2][p];
		}
	}
}

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

static int td_to_move(const void *cfgp, const void *st)
{
	(void)cfgp;
	return ((const td_state *)st)->turn;
}

static uint64_t td_hash(const void *cfgp, const void *st)
{
	(void)cfgp;
	return ((const td_state *)st)->hash;
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

/* "RANK8/.../RANK1 SIDE QUIET": w b men, W B kings, '.' empty. */
static void td_write_position(const void *cfgp, const void *st,
			      bg_strbuf *out)
{
	static const char chars[2][3] = { "wW", "bB" };
	const td_state *s = st;

	for (int y = TD_SIDE - 1; y >= 0; y--) {
		for (int x = 0; x < TD_SIDE; x++) {
			int seat, kind;

			td_piece(cfgp, st, y * TD_SIDE + x, &seat, &kind);
			bg_sb_putc(out, seat < 0 ? '.' :
				   chars[seat][kind == BG_PIECE_KING]);
		}
		if (y)
			bg_sb_putc(out, '/');
	}
	bg_sb_printf(out, " %c %u", s->turn ? 'b' : 'w', (unsigned)s->quiet);
}

static int td_read_cell(td_state *s, char ch, int y, int p)
{
	const char *kinds = "wbWB", *k = strchr(kinds, ch);
	int seat, king;

	if (ch == '.')
		return BG_OK;
	if (!k)
		return bg_seterr(BG_EFORMAT,
				 "rank %d: '%c' is not one of . w b W B", y + 1,
				 ch);
	seat = (int)(k - kinds) % 2;
	king = k - kinds >= 2;
	if (!king && td_last_rank(seat, p))
		return bg_seterr(BG_EFORMAT,
				 "a %s man on rank %d would have been crowned",
				 seat ? "black" : "white", y + 1);
	td_put(s, seat, king, p);
	return BG_OK;
}

static const char *td_read_board(td_state *s, const char *t)
{
	for (int y = TD_SIDE - 1; y >= 0; y--) {
		int x = 0;

		for (; *t && *t != '/' && *t != ' '; t++, x++) {
			if (x >= TD_SIDE) {
				bg_seterr(BG_EFORMAT, "rank %d has more than %d cells",
					  y + 1, TD_SIDE);
				return NULL;
			}
			if (td_read_cell(s, *t, y, y * TD_SIDE + x) != BG_OK)
				return NULL;
		}
		if (x < TD_SIDE) {
			bg_seterr(BG_EFORMAT, "rank %d has %d cells, not %d",
				  y + 1, x, TD_SIDE);
			return NULL;
		}
		if (y && *t++ != '/') {
			bg_seterr(BG_EFORMAT, "the board has %d ranks, not %d",
				  TD_SIDE - y, TD_SIDE);
			return NULL;
		}
	}
	return t;
}

static int td_read_position(const void *cfgp, void *st, const char *text)
{
	td_state tmp;
	const char *t;
	unsigned long quiet = 0;
	int digits = 0;

	(void)cfgp;
	memset(&tmp, 0, sizeof(tmp));
	if (!(t = td_read_board(&tmp, text)))
		return BG_EFORMAT;
	if (*t == '/')
		return bg_seterr(BG_EFORMAT, "the board has more than %d ranks",
				 TD_SIDE);
	if (t[0] != ' ' || (t[1] != 'w' && t[1] != 'b') || t[2] != ' ')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move ('w' or 'b') and the "
				 "quiet plies after the board");
	for (const char *q = t + 3; *q; q++, digits++) {
		if (*q < '0' || *q > '9' || digits >= 5)
			return bg_seterr(BG_EFORMAT,
					 "the quiet plies are a number 0..65535");
		quiet = quiet * 10 + (unsigned long)(*q - '0');
	}
	if (!digits || quiet > 65535)
		return bg_seterr(BG_EFORMAT,
				 "the quiet plies are a number 0..65535");
	for (int seat = 0; seat < 2; seat++) {
		int n = __builtin_popcountll(td_side(&tmp, seat));

		if (n > TD_PIECES)
			return bg_seterr(BG_EFORMAT,
					 "%s has %d pieces, more than %d",
					 seat ? "black" : "white", n, TD_PIECES);
	}
	tmp.turn = t[1] == 'b';
	tmp.quiet = (uint16_t)quiet;
	if (tmp.turn)
		tmp.hash ^= td_zturn();
	memcpy(st, &tmp, sizeof(tmp));
	return BG_OK;
}

/* ---- Capture chains ------------------------------------------------------- */

/*
 * Depth-first search of the capture chains of one piece. Taken pieces
 * leave the board at once (a square may be crossed again) and the moving
 * piece's start square counts as empty. Only chains of the most captures
 * found so far are kept; chains with the same result are listed once, by
 * the first path found.
 */
typedef struct td_gen {
	const td_cfg *c;
	int seat;
	uint64_t occ, enemy, taken;
	int ntaken, best;
	uint16_t path[BG_MOVE_MAX_POINTS];
	int npath;
	bg_move *buf;
	size_t n;
	uint64_t took[TD_MAXMOVES]; /* what buf[i] takes */
	bool crowned[TD_MAXMOVES];  /* whether buf[i] ends as a king */
	uint8_t from[TD_MAXMOVES], to[TD_MAXMOVES]; /* buf[i]'s ends */
	/* is_legal: the list is not written; instead, is this move listed,
	 * and with how many captures? */
	const bg_move *want;
	int want_taken; /* -1: not (yet) listed */
} td_gen;

static void td_record(td_gen *g, bool king)
{
	int from = g->path[0], to = g->path[g->npath - 1];
	bool crowned = king || td_last_rank(g->seat, to);
	bg_move *m;

	if (g->ntaken < g->best)
		return;
	if (g->ntaken > g->best) {
		g->best = g->ntaken;
		g->n = 0;
	}
	for (size_t i = 0; i < g->n; i++)
		if (g->took[i] == g->taken && g->from[i] == from &&
		    g->to[i] == to && g->crowned[i] == crowned)
			return;
	if (g->n == TD_MAXMOVES)
		return;
	g->took[g->n] = g->taken;
	g->crowned[g->n] = crowned;
	g->from[g->n] = (uint8_t)from;
	g->to[g->n] = (uint8_t)to;
	if (g->want) {
		if (g->want->npath == g->npath &&
		    !memcmp(g->want->pts, g->path,
			    (size_t)g->npath * sizeof(g->path[0])))
			g->want_taken = g->ntaken;
		g->n++;
		return;
	}
	m = &g->buf[g->n];
	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_CAPTURE;
	m->npath = (uint8_t)g->npath;
	memcpy(m->pts, g->path, (size_t)g->npath * sizeof(g->path[0]));
	g->n++;
}

static void td_chain(td_gen *g, int sq, bool king, int last);

/* Take the piece on `over`, land on `land` and look for more. */
static void td_hop(td_gen *g, int over, int land, bool king, int d)
{
	uint64_t b = bit(over);

	g->occ &= ~b;
	g->enemy &= ~b;
	g->taken |= b;
	g->ntaken++;
	g->path[g->npath++] = (uint16_t)land;
	if (g->c->promote_mid && td_last_rank(g->seat, land))
		king = true;
	td_chain(g, land, king, d);
	g->npath--;
	g->ntaken--;
	g->taken &= ~b;
	g->enemy |= b;
	g->occ |= b;
}

/* The first piece met from sq going d: the next square for a man, the
 * first occupied square for a king; -1 when there is none. */
static int td_first_piece(const td_cfg *c, uint64_t occ, int sq, int d,
			  bool king)
{
	int q = c->nb[sq][d];

	while (king && q >= 0 && !(occ & bit(q)))
		q = c->nb[q][d];
	return q;
}

/* Directions in the order N, E, S, W; a king tries its landing squares
 * nearest first. A chain ends where no capture follows. */
static void td_chain(td_gen *g, int sq, bool king, int last)
{
	const td_cfg *c = g->c;
	bool more = false;

	for (int d = 0; d < TD_DIRS; d++) {
		int over, land;

		if ((last >= 0 && d == td_opposite(last)) ||
		    (!king && d == td_backward(g->seat)))
			continue;
		over = td_first_piece(c, g->occ, sq, d, king);
		if (over < 0 || !(g->enemy & bit(over)))
			continue;
		for (land = c->nb[over][d]; land >= 0 && !(g->occ & bit(land));
		     land = c->nb[land][d]) {
			more = true;
			td_hop(g, over, land, king, d);
			if (!king)
				break;
		}
	}
	if (!more && g->ntaken)
		td_record(g, king);
}

/* Can the piece on sq take anything at all? */
static bool td_can_take(const td_cfg *c, uint64_t occ, uint64_t enemy, int sq,
			bool king, int seat)
{
	for (int d = 0; d < TD_DIRS; d++) {
		int over, land;

		if (!king && d == td_backward(seat))
			continue;
		over = td_first_piece(c, occ, sq, d, king);
		if (over < 0 || !(enemy & bit(over)))
			continue;
		land = c->nb[over][d];
		if (land >= 0 && !(occ & bit(land)))
			return true;
	}
	return false;
}

/* The files a and h, and the two nearest each edge. */
#define TD_FILE_A 0x0101010101010101ull
#define TD_FILE_H (TD_FILE_A << 7)
#define TD_FILES_AB (TD_FILE_A | TD_FILE_A << 1)
#define TD_FILES_GH (TD_FILE_H | TD_FILE_H >> 1)

/* The men of the side to move that can take now: an enemy next to them
 * forward or sideways with an empty square beyond. */
static uint64_t td_man_capturers(const td_state *s)
{
	int seat = s->turn;
	uint64_t men = s->men[seat], enemy = td_side(s, !seat);
	uint64_t empty = ~td_all(s);
	uint64_t fwd = seat ? (enemy << 8) & (empty << 16) :
			      (enemy >> 8) & (empty >> 16);

	return men & (fwd | (~TD_FILES_GH & (enemy >> 1) & (empty >> 2)) |
		      (~TD_FILES_AB & (enemy << 1) & (empty << 2)));
}

/* The pieces of the side to move that can take now. */
static uint64_t td_capturers(const td_cfg *c, const td_state *s)
{
	uint64_t out = td_man_capturers(s), all = td_all(s);
	uint64_t enemy = td_side(s, !s->turn);

	for (uint64_t k = s->kings[s->turn]; k; k &= k - 1) {
		int sq = __builtin_ctzll(k);

		if (td_can_take(c, all & ~bit(sq), enemy, sq, true, s->turn))
			out |= bit(sq);
	}
	return out;
}

/* ---- Moves ---------------------------------------------------------------- */

static size_t td_max_moves(const void *cfgp)
{
	(void)cfgp;
	return TD_MAXMOVES;
}

/* The capture chains of `pieces` into g (buf or want set by the caller). */
static void td_captures_of(td_gen *g, const td_cfg *c, const td_state *s,
			   uint64_t pieces)
{
	uint64_t all = td_all(s);

	g->c = c;
	g->seat = s->turn;
	g->best = 0;
	g->n = 0;
	for (uint64_t bits = pieces; bits; bits &= bits - 1) {
		int sq = __builtin_ctzll(bits);

		g->occ = all & ~bit(sq);
		g->enemy = td_side(s, !s->turn);
		g->taken = 0;
		g->ntaken = 0;
		g->path[0] = (uint16_t)sq;
		g->npath = 1;
		td_chain(g, sq, (s->kings[s->turn] & bit(sq)) != 0, -1);
	}
}

static size_t td_captures(const td_cfg *c, const td_state *s, bg_move *buf,
			  uint64_t pieces)
{
	td_gen g;

	g.buf = buf;
	g.want = NULL;
	td_captures_of(&g, c, s, pieces);
	return g.n;
}

static void td_add_step(bg_move *buf, size_t *n, int from, int to)
{
	bg_move *m = &buf[(*n)++];

	memset(m, 0, sizeof(*m));
	m->kind = BG_MOVE_STEP;
	m->npath = 2;
	m->pts[0] = (uint16_t)from;
	m->pts[1] = (uint16_t)to;
}

static size_t td_quiet_moves(const td_cfg *c, const td_state *s, bg_move *buf)
{
	uint64_t all = td_all(s), own = td_side(s, s->turn);
	int back = td_backward(s->turn);
	size_t n = 0;

	for (uint64_t bits = own; bits; bits &= bits - 1) {
		int sq = __builtin_ctzll(bits);
		bool king = (s->kings[s->turn] & bit(sq)) != 0;

		for (int d = 0; d < TD_DIRS; d++) {
			if (!king && d == back)
				continue;
			for (int q = c->nb[sq][d]; q >= 0 && !(all & bit(q));
			     q = c->nb[q][d]) {
				td_add_step(buf, &n, sq, q);
				if (!king)
					break;
			}
		}
	}
	return n;
}

/* Order: the captures of the most pieces, by start square (a1, b1, ...,
 * h8) then in search order; when there is none, the quiet moves by start
 * square, directions N, E, S, W, kings nearest square first. */
static size_t td_legal(const void *cfgp, const void *st, bg_move *buf)
{
	uint64_t capturers = td_capturers(cfgp, st);

	/* A piece that can take has at least one chain. */
	return capturers ? td_captures(cfgp, st, buf, capturers) :
			   td_quiet_moves(cfgp, st, buf);
}

/* A step when no piece can take; else a capture chain the generator
 * lists, found by running it without writing the list. */
static bool td_is_legal(const void *cfgp, const void *st, const bg_move *m)
{
	const td_cfg *c = cfgp;
	const td_state *s = st;
	int from = m->pts[0], to = m->pts[1], d;
	uint64_t capturers, all = td_all(s);
	bool king;
	td_gen g;

	if (m->nremove || m->flags || m->npath < 2 || from >= TD_N ||
	    !(td_side(s, s->turn) & bit(from)))
		return false;
	capturers = td_capturers(c, s);
	if (m->kind == BG_MOVE_STEP) {
		if (capturers || m->npath != 2 || to >= TD_N ||
		    (d = td_dir(from, to)) < 0)
			return false;
		king = (s->kings[s->turn] & bit(from)) != 0;
		if (!king && d == td_backward(s->turn))
			return false;
		for (int q = c->nb[from][d]; q >= 0 && !(all & bit(q));
		     q = c->nb[q][d]) {
			if (q == to)
				return true;
			if (!king)
				break;
		}
		return false;
	}
	if (m->kind != BG_MOVE_CAPTURE || !(capturers & bit(from)))
		return false;
	g.buf = NULL;
	g.want = m;
	g.want_taken = -1;
	td_captures_of(&g, c, s, capturers);
	return g.want_taken >= 0 && g.want_taken == g.best;
}

static bool td_has_move(const td_cfg *c, const td_state *s)
{
	uint64_t empty = ~td_all(s), men = s->men[s->turn];
	uint64_t kings = s->kings[s->turn];
	uint64_t side = men | kings;
	/* The squares a step reaches: sideways for all, forward for men,
	 * both ways for kings. */
	uint64_t to = ((side & ~TD_FILE_H) << 1) | ((side & ~TD_FILE_A) >> 1) |
		      (s->turn ? men >> 8 : men << 8) | kings << 8 | kings >> 8;

	return (to & empty) || td_capturers(c, s);
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

static int td_apply(const void *cfgp, void *st, const bg_move *m, void *undo)
{
	const td_cfg *c = cfgp;
	td_state *s = st;
	int seat = s->turn, from = m->pts[0], to = m->pts[m->npath - 1];
	bool was_king = (s->kings[seat] & bit(from)) != 0, king = was_king;
	bool capture = m->kind == BG_MOVE_CAPTURE;

	(void)undo;
	td_remove_fast(c, s, from);
	for (int i = 1; capture && i < m->npath; i++) {
		int a = m->pts[i - 1], b = m->pts[i], d = td_dir(a, b);

		for (int q = c->nb[a][d]; q != b; q = c->nb[q][d])
			td_remove_fast(c, s, q);
		if (c->promote_mid && td_last_rank(seat, b))
			king = true;
	}
	if (td_last_rank(seat, to))
		king = true;
	td_put_fast(c, s, seat, king, to);
	s->quiet = capture || !was_king ? 0 : (uint16_t)(s->quiet + 1);
	s->turn = (uint8_t)!seat;
	s->hash ^= c->zturn;
	/* Captures and forward man moves can never be undone; a man's
	 * sideways step can. */
	if (capture || (!was_king && from / TD_SIDE != to / TD_SIDE))
		return BG_APPLY_IRREVERSIBLE;
	return 0;
}

/* ---- Outcome -------------------------------------------------------------- */

static void td_set(bg_result *out, int status, int winner, int reason)
{
	out->status = status;
	out->winner = winner;
	out->reason = reason;
}

static bool td_lone_kings(const td_state *s)
{
	return !(s->men[0] | s->men[1]) &&
	       __builtin_popcountll(s->kings[0]) == 1 &&
	       __builtin_popcountll(s->kings[1]) == 1;
}

static void td_outcome(const void *cfgp, const void *st, const bg_ctx *ctx,
		       bg_result *out)
{
	const td_cfg *c = cfgp;
	const td_state *s = st;

	td_set(out, BG_ONGOING, -1, BG_REASON_NONE);
	if (!td_has_move(c, s))
		td_set(out, BG_WIN, !s->turn, BG_REASON_NO_MOVES);
	else if (c->king_draw && td_lone_kings(s))
		td_set(out, BG_DRAW, -1, BG_REASON_MATERIAL);
	else if (ctx->reps + 1 >= (uint32_t)c->reps)
		td_set(out, BG_DRAW, -1, BG_REASON_REPETITION);
	else if (c->quiet_plies > 0 && s->quiet >= c->quiet_plies)
		td_set(out, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
	else if (c->max_plies > 0 && ctx->ply >= (uint32_t)c->max_plies)
		td_set(out, BG_DRAW, -1, BG_REASON_MOVE_LIMIT);
}

/* ---- Table ---------------------------------------------------------------- */

static const char *const td_aliases[] = { "dama", "turetskie-shashki", NULL };

static const bg_optdef td_options[] = {
	{ "promote_midcapture", BG_OPT_BOOL, "0", "0|1",
	  "a man reaching the last rank during a capture becomes a king at "
	  "once and goes on capturing as a king" },
	{ "king_draw", BG_OPT_BOOL, "1", "0|1",
	  "one king against one king, with no men, is a draw" },
	{ "repetition", BG_OPT_INT, "3", "2..3",
	  "the game is drawn when a position occurs this many times" },
	{ "quiet_moves", BG_OPT_INT, "0", "0..999",
	  "draw after this many moves by each side with no capture and no man "
	  "move (50 in the common rule); 0: no limit" },
	{ "max_plies", BG_OPT_INT, "0", "0..100000",
	  "the game is drawn at this ply; 0: no limit" },
};

const bg_rules bg_rules_turkish_draughts = {
	.name = "turkish-draughts",
	.aliases = td_aliases,
	.title_en = "Turkish draughts",
	.title_ru = "Турецкие шашки",
	.options = td_options,
	.noptions = sizeof(td_options) / sizeof(td_options[0]),
	.config_size = sizeof(td_cfg),
	.configure = td_configure,
	.state_size = td_state_size,
	.board = td_board,
	.init = td_init,
	.max_moves = td_max_moves,
	.legal = td_legal,
	.is_legal = td_is_legal,
	.path_ok = td_path_ok,
	.apply = td_apply,
	.to_move = td_to_move,
	.outcome = td_outcome,
	.hash = td_hash,
	.piece = td_piece,
	.write_position = td_write_position,
	.read_position = td_read_position,
};
