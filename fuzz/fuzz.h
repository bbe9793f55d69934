/*
 * Shared helpers of the libFuzzer harnesses. A broken invariant aborts, so
 * libFuzzer reports it as a crash with the input that caused it.
 */
#ifndef BG_FUZZ_H
#define BG_FUZZ_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

#define FUZZ_TEXT_MAX 65536

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_ASSERT(cond)                                                   \
	do {                                                                \
		if (!(cond)) {                                              \
			fprintf(stderr, "%s:%d: invariant failed: %s (%s)\n", \
				__FILE__, __LINE__, #cond, bg_last_error());   \
			abort();                                            \
		}                                                           \
	} while (0)

/* A NUL-terminated copy of the input; the caller frees it. */
static inline char *fuzz_string(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The position text of g into a static buffer. */
static inline const char *fuzz_position(const bg_game *g, char *buf)
{
	size_t len;

	FUZZ_ASSERT(bg_position_text(g, buf, FUZZ_TEXT_MAX, &len) == BG_OK);
	return buf;
}

#endif
