/*
 * Memory for handles that are used together, a batch's games: blocks cut
 * from a few large chunks and freed all at once. Internal.
 *
 * A batch of 1,024 games steps each game once a call, so every step finds
 * its game's lines (handle, state, history, repetition buckets) gone from
 * the caches, and with each game's blocks malloc'd apart on 4 KB pages
 * they span some twelve thousand pages: more than the processor's
 * translation buffer holds, so most of those lines cost a page walk too.
 * In chunks of 2 MB pages (on Linux, which gives them on request) they
 * span two dozen. Blocks are freed only with the arena.
 */
#ifndef BG_CORE_ARENA_H
#define BG_CORE_ARENA_H

#include <stddef.h>

typedef struct bg_arena bg_arena;

/* An empty arena; NULL when out of memory. */
bg_arena *bg_arena_new(void);

/* Free every block of the arena and the arena; NULL is a no-op. */
void bg_arena_free(bg_arena *a);

/* size bytes, zeroed, on cache lines no other block shares; NULL when out
 * of memory (or size too large). One thread at a time. */
void *bg_arena_alloc(bg_arena *a, size_t size);

#endif
