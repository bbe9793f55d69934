/*
 * Each result once: where two paths of one move reach the same position
 * (capture chains taking the same pieces in another order, steps of a
 * piece huffed wherever it goes), the list keeps the first path found. A
 * result is two words the game composes from what decides the position
 * (the pieces left, where the mover ends, ...); the generator keeps the
 * keys of the moves listed beside the list. Internal.
 */
#ifndef BG_BOARD_REACHED_H
#define BG_BOARD_REACHED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bg_reached {
	uint64_t a, b;
} bg_reached;

/* Is the result (a, b) among keys[from] .. keys[n - 1]? */
static inline bool bg_reached_listed(const bg_reached *keys, size_t from,
				     size_t n, uint64_t a, uint64_t b)
{
	for (size_t i = from; i < n; i++)
		if (keys[i].a == a && keys[i].b == b)
			return true;
	return false;
}

#endif
