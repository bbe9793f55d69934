#include "board/stones.h"

#include "core/rules.h"

BG_STATE_HEAD(bg_stones);

void bg_stone_steps_init(bg_stone_steps *t, int w, int h, int ndirs)
{
	memset(t, 0, sizeof(*t));
	t->ndirs = ndirs;
	for (int p = 0; p < w * h; p++)
		for (int d = 0; d < 8; d++) {
			t->nb[p][d] = (int8_t)(d < ndirs ?
					       bg_grid_step(w, h, p, d) : -1);
			if (t->nb[p][d] >= 0)
				t->nbm[p] |= 1u << t->nb[p][d];
		}
}

uint64_t bg_stones_hash(const bg_stones *s)
{
	uint64_t h = s->turn ? bg_zobrist(2, 0) : 0;

	for (int seat = 0; seat < 2; seat++)
		for (uint32_t b = s->occ[seat]; b; b &= b - 1)
			h ^= bg_zobrist((uint32_t)seat, (uint32_t)bg_ctz32(b));
	return h;
}

void bg_stones_piece(const bg_stones *s, int p, int *seat, int *kind)
{
	bg_board_piece_two(s->occ[0], s->occ[1], p, seat, kind);
}

void bg_stones_pieces(const bg_stones *s, uint64_t *set, size_t words)
{
	bg_board_pieces_two(s->occ[0], s->occ[1], set, words);
}

void bg_stones_write(const bg_board *b, const bg_stones *s, bg_strbuf *out)
{
	const uint64_t bb[2] = { s->occ[0], s->occ[1] };

	bg_board_write_two(b, bb, out);
	bg_sb_putc(out, ' ');
	bg_sb_putc(out, s->turn ? 'b' : 'w');
}

int bg_stones_read(const bg_board *b, const char *text, bg_stones *s)
{
	uint64_t bb[2];

	memset(s, 0, sizeof(*s));
	if (bg_board_read_two(b, &text, bb) != BG_OK)
		return BG_EFORMAT;
	if ((text[0] != 'w' && text[0] != 'b') || text[1] != '\0')
		return bg_seterr(BG_EFORMAT,
				 "expected the side to move, 'w' or 'b', after the board");
	s->occ[0] = (uint32_t)bb[0];
	s->occ[1] = (uint32_t)bb[1];
	s->turn = text[0] == 'b';
	s->hash = bg_stones_hash(s);
	return BG_OK;
}
