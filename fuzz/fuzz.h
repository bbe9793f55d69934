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

/* Value number v of an option's allowed text ("a|b|c", "lo..hi", a range
 * read as its first four numbers, to keep boards small) into out: item
 * v % items, and of a range, number v / items. */
static inline void fuzz_option_value(int type, const char *allowed,
				     unsigned v, char *out, size_t cap)
{
	const char *p = allowed, *dots;
	unsigned items = 1;

	if (type == BG_OPT_BOOL) {
		snprintf(out, cap, "%u", v & 1);
		return;
	}
	for (const char *q = allowed; *q; q++)
		items += *q == '|';
	for (unsigned k = v % items; k > 0; k--)
		p += strcspn(p, "|") + 1;
	dots = strstr(p, "..");
	if (type == BG_OPT_INT && dots && dots < p + strcspn(p, "|")) {
		long lo = strtol(p, NULL, 10), hi = strtol(dots + 2, NULL, 10);
		long span = hi - lo + 1 < 4 ? hi - lo + 1 : 4;

		snprintf(out, cap, "%ld",
			 lo + (long)(v / items % (unsigned)span));
		return;
	}
	snprintf(out, cap, "%.*s", (int)strcspn(p, "|"), p);
}

/* The spec the first bytes pick into spec: byte 0 the game, then a byte
 * for each of its options the option's value (below 128: the default;
 * text options keep theirs). Returns the bytes used; size >= 1. */
static inline size_t fuzz_pick_spec(const uint8_t *data, size_t size,
				    char *spec, size_t cap)
{
	size_t i = data[0] % bg_catalog_count(), used = 1, len;

	len = (size_t)snprintf(spec, cap, "%s", bg_catalog_name(i));
	for (size_t k = 0; k < bg_catalog_option_count(i) && used < size;
	     k++) {
		const char *key, *def, *allowed;
		char value[64];
		int type;
		uint8_t b = data[used++];

		if (b < 128 ||
		    bg_catalog_option(i, k, &key, &type, &def, &allowed,
				      NULL) != BG_OK ||
		    type == BG_OPT_TEXT || !allowed || !*allowed ||
		    len >= cap)
			continue;
		fuzz_option_value(type, allowed, b - 128u, value,
				  sizeof(value));
		len += (size_t)snprintf(spec + len, cap - len, "%c%s=%s",
					strchr(spec, ':') ? ',' : ':', key,
					value);
	}
	return used;
}

/* A game of a picked spec: the game's name alone is always accepted, and
 * options it refuses together are refused as such (BG_EOPTION). */
static inline int fuzz_new_game(bg_game **g, const char *spec)
{
	int rc = bg_game_new(g, spec);

	FUZZ_ASSERT(rc == BG_OK || (strchr(spec, ':') && rc == BG_EOPTION));
	return rc;
}

#endif
