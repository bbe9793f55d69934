#include "board/boards.h"

#include "boardgames/boardgames.h"
#include "board/lines.h"

const int8_t bg_cross_xy[BG_CROSS_NPOINTS][2] = {
	{ 2, 0 }, { 3, 0 }, { 4, 0 },
	{ 2, 1 }, { 3, 1 }, { 4, 1 },
	{ 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 2 }, { 4, 2 }, { 5, 2 }, { 6, 2 },
	{ 0, 3 }, { 1, 3 }, { 2, 3 }, { 3, 3 }, { 4, 3 }, { 5, 3 }, { 6, 3 },
	{ 0, 4 }, { 1, 4 }, { 2, 4 }, { 3, 4 }, { 4, 4 }, { 5, 4 }, { 6, 4 },
	{ 2, 5 }, { 3, 5 }, { 4, 5 },
	{ 2, 6 }, { 3, 6 }, { 4, 6 },
};

#define P(n) BG_CROSS_##n

static const bg_line cross_lines[] = {
	{ BG_LINE_SOLID, 7, { P(A3), P(B3), P(C3), P(D3), P(E3), P(F3), P(G3) } },
	{ BG_LINE_SOLID, 7, { P(A4), P(B4), P(C4), P(D4), P(E4), P(F4), P(G4) } },
	{ BG_LINE_SOLID, 7, { P(A5), P(B5), P(C5), P(D5), P(E5), P(F5), P(G5) } },
	{ BG_LINE_SOLID, 3, { P(C1), P(D1), P(E1) } },
	{ BG_LINE_SOLID, 3, { P(C2), P(D2), P(E2) } },
	{ BG_LINE_SOLID, 3, { P(C6), P(D6), P(E6) } },
	{ BG_LINE_SOLID, 3, { P(C7), P(D7), P(E7) } },
	{ BG_LINE_SOLID, 7, { P(C1), P(C2), P(C3), P(C4), P(C5), P(C6), P(C7) } },
	{ BG_LINE_SOLID, 7, { P(D1), P(D2), P(D3), P(D4), P(D5), P(D6), P(D7) } },
	{ BG_LINE_SOLID, 7, { P(E1), P(E2), P(E3), P(E4), P(E5), P(E6), P(E7) } },
	{ BG_LINE_SOLID, 3, { P(A3), P(A4), P(A5) } },
	{ BG_LINE_SOLID, 3, { P(B3), P(B4), P(B5) } },
	{ BG_LINE_SOLID, 3, { P(F3), P(F4), P(F5) } },
	{ BG_LINE_SOLID, 3, { P(G3), P(G4), P(G5) } },
	{ BG_LINE_DASHED, 5, { P(A3), P(B4), P(C5), P(D6), P(E7) } },
	{ BG_LINE_DASHED, 5, { P(C1), P(D2), P(E3), P(F4), P(G5) } },
	{ BG_LINE_DASHED, 3, { P(C3), P(D4), P(E5) } },
	{ BG_LINE_DASHED, 5, { P(A5), P(B4), P(C3), P(D2), P(E1) } },
	{ BG_LINE_DASHED, 3, { P(C5), P(D4), P(E3) } },
	{ BG_LINE_DASHED, 5, { P(C7), P(D6), P(E5), P(F4), P(G3) } },
};

void bg_board_cross(bg_board *b)
{
	bg_board_lines(b, BG_CROSS_WIDTH, BG_CROSS_WIDTH, BG_CROSS_NPOINTS,
		       bg_cross_xy, cross_lines,
		       sizeof(cross_lines) / sizeof(cross_lines[0]));
}
