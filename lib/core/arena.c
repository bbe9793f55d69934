/*
 * Memory for handles that are used together (arena.h).
 */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "core/arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#define LINE 64
#define HUGE_PAGE ((size_t)2 << 20)
/* Chunks grow from FIRST to LAST bytes, each twice the one before, so a
 * small batch holds little and a large one few chunks. */
#define FIRST_CHUNK ((size_t)256 << 10)
#define LAST_CHUNK ((size_t)8 << 20)

/* A chunk starts with this header, its blocks after it. */
typedef struct chunk {
	struct chunk *next;
} chunk;

struct bg_arena {
	chunk *chunks;
	char *cur, *end; /* the room left in the newest chunk */
	size_t next_size;
};

bg_arena *bg_arena_new(void)
{
	bg_arena *a = calloc(1, sizeof(*a));

	if (!a)
		return NULL;
	a->next_size = FIRST_CHUNK;
	return a;
}

void bg_arena_free(bg_arena *a)
{
	if (!a)
		return;
	for (chunk *c = a->chunks, *next; c; c = next) {
		next = c->next;
		free(c);
	}
	free(a);
}

/* size bytes for a chunk; on large pages where it spans one and the
 * system gives them on request. */
static void *chunk_alloc(size_t size)
{
#ifdef MADV_HUGEPAGE
	void *p;

	if (size >= HUGE_PAGE) {
		if (posix_memalign(&p, HUGE_PAGE, size))
			return NULL;
		/* Advice only: without large pages all works the same. */
		(void)madvise(p, size, MADV_HUGEPAGE);
		return p;
	}
#endif
	return malloc(size);
}

/* A new chunk with room for `need` bytes from a cache line on. */
static int grow(bg_arena *a, size_t need)
{
	size_t size = a->next_size;
	chunk *c;

	if (need > SIZE_MAX - 2 * LINE - HUGE_PAGE)
		return 0;
	if (size < need + 2 * LINE)
		size = (need + 2 * LINE + HUGE_PAGE - 1) / HUGE_PAGE *
		       HUGE_PAGE;
	if (!(c = chunk_alloc(size)))
		return 0;
	c->next = a->chunks;
	a->chunks = c;
	a->cur = (char *)(((uintptr_t)(c + 1) + LINE - 1) &
			  ~(uintptr_t)(LINE - 1));
	a->end = (char *)c + size;
	if (a->next_size < LAST_CHUNK)
		a->next_size *= 2;
	return 1;
}

void *bg_arena_alloc(bg_arena *a, size_t size)
{
	size_t need;
	char *p;

	if (size > SIZE_MAX / 2)
		return NULL;
	need = (size + LINE - 1) / LINE * LINE;
	if ((size_t)(a->end - a->cur) < need && !grow(a, need))
		return NULL;
	p = a->cur;
	a->cur += need;
	return memset(p, 0, size);
}
