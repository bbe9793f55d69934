#include "board/board.h"

#include <string.h>

#include "boardgames/boardgames.h"
#include "core/rules.h"

void bg_board_grid(bg_board *b, int kind, int w, int h)
{
	memset(b, 0, sizeof(*b));
	b->kind = kind;
	b->width = w;
	b->height = h;
	b->npoints = w * h;
}

/* The first point of the rank of point p. */
static int rank_start(const bg_board *b, int p)
{
	if (!b->xy)
		return p - p % b->width;
	while (p > 0 && b->xy[p - 1][1] == b->xy[p][1])
		p--;
	return p;
}

void bg_board_write_ranks(const bg_board *b, const char *cells,
			  bg_strbuf *out)
{
	for (int p = b->npoints - 1; p >= 0; p--) {
		int first = rank_start(b, p);

		for (int q = first; q <= p; q++)
			bg_sb_putc(out, cells[q]);
		if (first)
			bg_sb_putc(out, '/');
		p = first;
	}
}

int bg_board_read_ranks(const bg_board *b, const char **sp,
			const char *symbols, char *cells)
{
	const char *s = *sp;
	char list[64];
	size_t k = 0;

	for (const char *c = symbols; *c && k + 2 < sizeof(list); c++) {
		if (k)
			list[k++] = ' ';
		list[k++] = *c;
	}
	list[k] = '\0';
	for (int p = b->npoints - 1; p >= 0; p--) {
		int first = rank_start(b, p), x, rank;

		bg_board_xy(b, p, &x, &rank);
		rank++;
		for (int q = first; q <= p; q++, s++) {
			if (!*s || !strchr(symbols, *s))
				return bg_seterr(BG_EFORMAT,
						 "rank %d: expected %d of %s",
						 rank, p - first + 1, list);
			cells[q] = *s;
		}
		if (*s++ != (first ? '/' : ' '))
			return bg_seterr(BG_EFORMAT,
					 "rank %d: expected %d points then '%c'",
					 rank, p - first + 1, first ? '/' : ' ');
		p = first;
	}
	*sp = s;
	return BG_OK;
}

void bg_board_write_two(const bg_board *b, const uint64_t bb[2],
			bg_strbuf *out)
{
	char cells[64];

	for (int p = 0; p < b->npoints; p++)
		cells[p] = (bb[0] >> p & 1) ? 'w' : (bb[1] >> p & 1) ? 'b' : '.';
	bg_board_write_ranks(b, cells, out);
}

int bg_board_read_two(const bg_board *b, const char **sp, uint64_t bb[2])
{
	char cells[64];

	if (bg_board_read_ranks(b, sp, ".wb", cells) != BG_OK)
		return BG_EFORMAT;
	bb[0] = bb[1] = 0;
	for (int p = 0; p < b->npoints; p++)
		if (cells[p] != '.')
			bb[cells[p] == 'b'] |= (uint64_t)1 << p;
	return BG_OK;
}

void bg_board_piece_two(uint64_t b0, uint64_t b1, int p, int *seat,
			int *kind)
{
	*seat = (b0 >> p & 1) ? 0 : (b1 >> p & 1) ? 1 : -1;
	*kind = *seat < 0 ? BG_PIECE_NONE : BG_PIECE_MAN;
}
