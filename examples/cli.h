/*
 * What the example tools share on their command line: a bad argument is
 * named with the reason, then the usage follows, and the status is 2.
 */
#ifndef BG_EXAMPLES_CLI_H
#define BG_EXAMPLES_CLI_H

#include <stdarg.h>
#include <stdio.h>

/* "PROG: WHY" on stderr, then the usage text; returns 2. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static inline int cli_usage(const char *prog, const char *usage_text,
			    const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fputs(usage_text, stderr);
	return 2;
}

#endif
