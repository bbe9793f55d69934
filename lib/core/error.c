#include <stdarg.h>
#include <stdio.h>

#include "core/rules.h"

/* The one piece of mutable state outside the handles, per thread by the
 * thread contract. */
static _Thread_local char last_error[512];

const char *bg_strerror(int code)
{
	switch (code) {
	case BG_OK: return "no error";
	case BG_EINVAL: return "invalid argument";
	case BG_ENOGAME: return "unknown game";
	case BG_EOPTION: return "bad option";
	case BG_EPARSE: return "move text does not parse";
	case BG_EILLEGAL: return "illegal move";
	case BG_EAMBIGUOUS: return "ambiguous move";
	case BG_EBUFSIZE: return "buffer too small";
	case BG_ENOUNDO: return "nothing to undo";
	case BG_EGAMEOVER: return "the game is over";
	case BG_EFORMAT: return "malformed position or record text";
	case BG_ENOMEM: return "out of memory";
	case BG_EWRONGGAME: return "query for another game";
	case BG_ENOTSUP: return "not offered by this game";
	default: return "unknown error code";
	}
}

const char *bg_last_error(void)
{
	return last_error;
}

int bg_seterr(int code, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(last_error, sizeof(last_error), fmt, ap);
	va_end(ap);
	return code;
}

void bg_clearerr(void)
{
	last_error[0] = '\0';
}
