#include "core/geometry.h"

void bg_board_xy(const bg_board *b, int p, int *x, int *y)
{
	if (b->xy) {
		*x = b->xy[p][0];
		*y = b->xy[p][1];
	} else {
		*x = p % b->width;
		*y = p / b->width;
	}
}

int bg_board_at(const bg_board *b, int x, int y)
{
	if (x < 0 || y < 0 || x >= b->width || y >= b->height)
		return -1;
	if (!b->xy)
		return y * b->width + x;
	for (int p = 0; p < b->npoints; p++)
		if (b->xy[p][0] == x && b->xy[p][1] == y)
			return p;
	return -1;
}
