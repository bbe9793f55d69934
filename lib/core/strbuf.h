/*
 * A bounded text builder over a caller buffer. It never allocates: past the
 * buffer's end it only counts, so the caller learns the length needed.
 */
#ifndef BG_CORE_STRBUF_H
#define BG_CORE_STRBUF_H

#include <stddef.h>

/* The compiler's check of a printf-like function's arguments. On MinGW
 * gcc's "printf" is msvcrt's, without %zu; the build takes MinGW's C99
 * printf (__USE_MINGW_ANSI_STDIO), which is "gnu_printf". */
#if defined(__MINGW32__)
#define BG_PRINTF(fmt, args) __attribute__((format(gnu_printf, fmt, args)))
#elif defined(__GNUC__)
#define BG_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define BG_PRINTF(fmt, args)
#endif

typedef struct bg_strbuf {
	char *buf;  /* may be NULL when cap is 0 */
	size_t cap;
	size_t len; /* length of the whole text, even past cap */
} bg_strbuf;

void bg_sb_init(bg_strbuf *sb, char *buf, size_t cap);
void bg_sb_putc(bg_strbuf *sb, char c);
void bg_sb_puts(bg_strbuf *sb, const char *s);
void bg_sb_printf(bg_strbuf *sb, const char *fmt, ...)
	BG_PRINTF(2, 3);
/* NUL-terminate; true when the whole text fitted. */
int bg_sb_fits(bg_strbuf *sb);

#endif
