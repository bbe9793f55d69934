#include "board/grid.h"

const int8_t bg_dir[8][2] = {
	{0, 1}, {1, 0}, {0, -1}, {-1, 0}, {1, 1}, {1, -1}, {-1, -1}, {-1, 1},
};

int bg_grid_step(int w, int h, int p, int d)
{
	int x = p % w + bg_dir[d][0], y = p / w + bg_dir[d][1];

	if (x < 0 || y < 0 || x >= w || y >= h)
		return -1;
	return y * w + x;
}

size_t bg_grid_runs(int w, int h, int k, unsigned dirmask, uint8_t *runs)
{
	size_t n = 0;

	for (int d = 0; d < 8; d++) {
		if (!(dirmask & (1u << d)))
			continue;
		for (int p = 0; p < w * h; p++) {
			int q = p, len = 1;

			while (len < k && (q = bg_grid_step(w, h, q, d)) >= 0)
				len++;
			if (len < k)
				continue;
			for (int i = 0, c = p; runs && i < k; i++) {
				runs[n * (size_t)k + (size_t)i] = (uint8_t)c;
				c = bg_grid_step(w, h, c, d);
			}
			n++;
		}
	}
	return n;
}

void bg_custodian_init(bg_custodian *t, int w, int h, unsigned dirmask)
{
	for (int p = 0; p < w * h; p++) {
		t->npairs[p] = 0;
		for (int d = 0; d < 8; d++) {
			int q, r;

			if (!(dirmask & (1u << d)))
				continue;
			q = bg_grid_step(w, h, p, d);
			r = q < 0 ? -1 : bg_grid_step(w, h, q, d);
			if (r < 0)
				continue;
			t->pair[p][t->npairs[p]][0] = (uint8_t)q;
			t->pair[p][t->npairs[p]++][1] = (uint8_t)r;
		}
	}
}

int bg_grid_custodian(const bg_custodian *t, const uint8_t *cells, int p,
		      int *out)
{
	uint8_t own = cells[p];
	int n = 0;

	for (int i = 0; i < t->npairs[p]; i++) {
		int q = t->pair[p][i][0];

		if (cells[q] && cells[q] != own && cells[t->pair[p][i][1]] == own)
			out[n++] = q;
	}
	return n;
}
