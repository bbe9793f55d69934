#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bg_sb_init(bg_strbuf *sb, char *buf, size_t cap)
{
	sb->buf = buf;
	sb->cap = buf ? cap : 0;
	sb->len = 0;
	if (sb->cap)
		sb->buf[0] = '\0';
}

void bg_sb_putc(bg_strbuf *sb, char c)
{
	if (sb->len + 1 < sb->cap) {
		sb->buf[sb->len] = c;
		sb->buf[sb->len + 1] = '\0';
	}
	sb->len++;
}

void bg_sb_puts(bg_strbuf *sb, const char *s)
{
	while (*s)
		bg_sb_putc(sb, *s++);
}

void bg_sb_printf(bg_strbuf *sb, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	bg_sb_puts(sb, tmp);
}

int bg_sb_fits(bg_strbuf *sb)
{
	if (sb->cap == 0)
		return 0; /* not even room for the NUL */
	if (sb->len < sb->cap) {
		sb->buf[sb->len] = '\0';
		return 1;
	}
	sb->buf[sb->cap - 1] = '\0';
	return 0;
}
