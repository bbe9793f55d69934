/*
 * Position text "SPEC GAME-PART PLY" and the PGN-like record text.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"

#define RECORD_WRAP 79

static void put_position(bg_strbuf *sb, const bg_game *g, const void *st,
			 uint32_t ply)
{
	bg_sb_puts(sb, g->full_spec);
	bg_sb_putc(sb, ' ');
	g->rules->write_position(g->cfg, st, sb);
	bg_sb_printf(sb, " %u", (unsigned)ply);
}

int bg_position_text(const bg_game *g, char *buf, size_t cap, size_t *len)
{
	bg_strbuf sb;

	if (!g || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	bg_sb_init(&sb, buf, cap);
	put_position(&sb, g, g->st, bg_ply(g));
	return bg_game_fail(g, bg_text_out(&sb, len));
}

static int parse_ply(const char *s, uint32_t *ply)
{
	uint64_t v = 0;

	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000000)
			return 0;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	*ply = (uint32_t)v;
	return 1;
}

static int position_into(bg_game **out, const char *text)
{
	const char *sp = strchr(text, ' ');
	const char *last = strrchr(text, ' ');
	char spec[BG_SPEC_MAX];
	uint32_t ply;
	char *part;
	bg_game *g;
	int rc;

	if (!sp || sp == last || (size_t)(sp - text) >= sizeof(spec))
		return bg_seterr(BG_EFORMAT,
				 "a position text is 'SPEC BOARD... PLY'");
	if (!parse_ply(last + 1, &ply))
		return bg_seterr(BG_EFORMAT, "bad ply number '%s'", last + 1);
	memcpy(spec, text, (size_t)(sp - text));
	spec[sp - text] = '\0';
	rc = bg_game_start(&g, spec);
	if (rc)
		return rc;
	part = malloc((size_t)(last - sp));
	if (!part) {
		bg_game_free(g);
		return bg_seterr(BG_ENOMEM, "position text");
	}
	memcpy(part, sp + 1, (size_t)(last - sp - 1));
	part[last - sp - 1] = '\0';
	rc = g->rules->read_position(g->cfg, g->st, part);
	free(part);
	if (rc) {
		bg_game_free(g);
		return rc;
	}
	g->ply0 = ply;
	g->from_position = 1;
	bg_game_refresh(g);
	*out = g;
	return BG_OK;
}

int bg_game_from_position(bg_game **out, const char *text)
{
	int rc;

	if (out)
		*out = NULL;
	if (!out || !text)
		return bg_seterr(BG_EINVAL, "NULL argument");
	rc = position_into(out, text);
	if (rc == BG_OK)
		bg_clearerr();
	return rc;
}

/* ---- record text -------------------------------------------------------- */

static const char *result_text(const bg_result *r)
{
	if (r->status == BG_DRAW)
		return "1/2-1/2";
	if (r->status == BG_WIN)
		return r->winner == 0 ? "1-0" : "0-1";
	return "*";
}

/* The Termination tag of each end declared outside the rules, after PGN's
 * ("time forfeit", "adjudication"). */
static const struct {
	int reason;
	const char *text;
} terminations[] = {
	{ BG_REASON_RESIGNATION, "resignation" },
	{ BG_REASON_AGREEMENT, "agreement" },
	{ BG_REASON_TIME, "time forfeit" },
	{ BG_REASON_ADJUDICATION, "adjudication" },
};

static const char *termination_text(int reason)
{
	for (size_t i = 0; i < sizeof(terminations) / sizeof(terminations[0]); i++)
		if (terminations[i].reason == reason)
			return terminations[i].text;
	return NULL;
}

static void put_tag(bg_strbuf *sb, const char *key, const char *val)
{
	bg_sb_printf(sb, "[%s \"", key);
	for (; *val; val++) {
		if (*val == '"' || *val == '\\')
			bg_sb_putc(sb, '\\');
		bg_sb_putc(sb, *val);
	}
	bg_sb_puts(sb, "\"]\n");
}

/* Append a token, wrapping lines at RECORD_WRAP columns. */
static void put_token(bg_strbuf *sb, size_t *col, const char *tok)
{
	size_t n = strlen(tok);

	if (*col && *col + 1 + n > RECORD_WRAP) {
		bg_sb_putc(sb, '\n');
		*col = 0;
	} else if (*col) {
		bg_sb_putc(sb, ' ');
		(*col)++;
	}
	bg_sb_puts(sb, tok);
	*col += n;
}

static void put_moves(bg_strbuf *sb, const bg_game *g)
{
	const bg_board *b = bg_rules_board(g->rules, g->cfg);
	char tok[300];
	size_t col = 0;

	for (size_t i = 0; i < g->hist_len; i++) {
		uint32_t ply = g->ply0 + (uint32_t)i;
		bg_strbuf t;

		if (ply % 2 == 0 || i == 0) {
			bg_sb_init(&t, tok, sizeof(tok));
			bg_sb_printf(&t, "%u.%s", (unsigned)(ply / 2 + 1),
				     ply % 2 ? ".." : "");
			put_token(sb, &col, tok);
		}
		bg_sb_init(&t, tok, sizeof(tok));
		bg_put_move(&t, b, &g->hist[i].move);
		put_token(sb, &col, tok);
	}
	put_token(sb, &col, result_text(&g->result));
	bg_sb_putc(sb, '\n');
}

/* The game's own tag of a finished game (bg_rules.record_tag). */
static void put_game_tag(bg_strbuf *sb, const bg_game *g)
{
	char val[64];
	bg_strbuf v;

	if (!g->rules->record_tag_value || g->result.status == BG_ONGOING)
		return;
	bg_sb_init(&v, val, sizeof(val));
	if (g->rules->record_tag_value(g->cfg, g->st, &g->result, &v) &&
	    v.len < sizeof(val))
		put_tag(sb, g->rules->record_tag, val);
}

int bg_record_text(const bg_game *g, char *buf, size_t cap, size_t *len)
{
	bg_strbuf sb;

	if (!g || (!buf && (cap || !len)))
		return bg_game_fail(g, bg_seterr(BG_EINVAL, "NULL argument"));
	bg_sb_init(&sb, buf, cap);
	put_tag(&sb, "Game", g->full_spec);
	if (g->from_position) {
		bg_strbuf pos;
		void *st = malloc(g->st_size);
		char *text;

		if (!st)
			return bg_game_fail(g, bg_seterr(BG_ENOMEM,
							 "record text"));
		bg_game_state_at(g, 0, st);
		bg_sb_init(&pos, NULL, 0);
		put_position(&pos, g, st, g->ply0);
		text = malloc(pos.len + 1);
		if (!text) {
			free(st);
			return bg_game_fail(g, bg_seterr(BG_ENOMEM,
							 "record text"));
		}
		bg_sb_init(&pos, text, pos.len + 1);
		put_position(&pos, g, st, g->ply0);
		put_tag(&sb, "Position", text);
		free(text);
		free(st);
	}
	put_tag(&sb, "Result", result_text(&g->result));
	if (g->result.status != BG_ONGOING)
		put_tag(&sb, "Reason", bg_reason_name(g->result.reason));
	if (g->declared)
		put_tag(&sb, "Termination", termination_text(g->result.reason));
	put_game_tag(&sb, g);
	bg_sb_putc(&sb, '\n');
	put_moves(&sb, g);
	return bg_game_fail(g, bg_text_out(&sb, len));
}

/* A tag line "[Key "value"]": key and unescaped value into the buffers;
 * *s is advanced past the line. */
static int read_tag(const char **s, char *key, size_t kcap, char *val,
		    size_t vcap)
{
	const char *t = *s + 1;
	size_t k = 0, v = 0;

	while (isalnum((unsigned char)*t) || *t == '_')
		if (k + 1 < kcap)
			key[k++] = *t++;
		else
			return 0;
	key[k] = '\0';
	while (*t == ' ')
		t++;
	if (!k || *t++ != '"')
		return 0;
	for (; *t && *t != '"' && *t != '\n'; t++) {
		if (*t == '\\' && t[1])
			t++;
		if (v + 1 >= vcap)
			return 0;
		val[v++] = *t;
	}
	val[v] = '\0';
	if (*t++ != '"' || *t++ != ']')
		return 0;
	*s = t;
	return 1;
}

static int is_move_number(const char *tok)
{
	if (!isdigit((unsigned char)*tok))
		return 0;
	while (isdigit((unsigned char)*tok))
		tok++;
	return *tok == '.';
}

static int is_result(const char *tok)
{
	return !strcmp(tok, "1-0") || !strcmp(tok, "0-1") ||
	       !strcmp(tok, "1/2-1/2") || !strcmp(tok, "*");
}

/* The stated result (unless "*") must be what the replay gives. */
static int check_result(const bg_game *g, const char *stated)
{
	if (!stated[0] || !strcmp(stated, "*"))
		return BG_OK;
	if (strcmp(stated, result_text(&g->result)))
		return bg_seterr(BG_EFORMAT,
				 "the record says %s but the moves give %s",
				 stated, result_text(&g->result));
	return BG_OK;
}

/* Declare the end a Termination tag names, with the stated result: the
 * moves must leave the game going on. */
static int declare_end(bg_game *g, const char *termination, const char *stated)
{
	int reason = -1, status = BG_WIN, winner = -1;

	for (size_t i = 0; i < sizeof(terminations) / sizeof(terminations[0]); i++)
		if (!strcmp(terminations[i].text, termination))
			reason = terminations[i].reason;
	if (reason < 0)
		return BG_OK; /* PGN's "normal" and others: the moves decide */
	if (g->result.status != BG_ONGOING)
		return bg_seterr(BG_EFORMAT, "the record ends by %s but the "
				 "moves end the game (%s)", termination,
				 bg_reason_name(g->result.reason));
	if (!strcmp(stated, "1-0"))
		winner = 0;
	else if (!strcmp(stated, "0-1"))
		winner = 1;
	else if (!strcmp(stated, "1/2-1/2"))
		status = BG_DRAW;
	else
		return bg_seterr(BG_EFORMAT, "the record ends by %s without a "
				 "result", termination);
	if (bg_declare_result(g, status, winner, reason) != BG_OK)
		return bg_seterr(BG_EFORMAT, "%s with the result %s",
				 termination, stated);
	return BG_OK;
}

static int play_tokens(bg_game *g, const char *s, char *stated)
{
	char tok[300];
	unsigned nmove = 0;

	for (;;) {
		size_t n;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			return BG_OK;
		if (*s == '{' || *s == ';') {
			char open = *s;

			s += strcspn(s, open == '{' ? "}" : "\n");
			if (open == '{' && !*s)
				return bg_seterr(BG_EFORMAT, "a '{' comment is not closed");
			if (*s)
				s++;
			continue;
		}
		n = strcspn(s, " \t\r\n{;");
		if (n >= sizeof(tok))
			return bg_seterr(BG_EFORMAT, "token too long");
		memcpy(tok, s, n);
		tok[n] = '\0';
		s += n;
		if (is_move_number(tok))
			continue;
		if (is_result(tok)) {
			strcpy(stated, tok);
			continue;
		}
		nmove++;
		int rc = bg_play_text(g, tok);
		if (rc) {
			char why[256];

			/* The detail lives in the buffer bg_seterr writes. Out
			 * of memory is not the record's fault: it stays. */
			snprintf(why, sizeof(why), "%s", bg_last_error());
			return bg_seterr(rc == BG_ENOMEM ? rc : BG_EFORMAT,
					 "move %u '%s': %s: %s", nmove, tok,
					 bg_strerror(rc), why);
		}
	}
}

/* The longest tag value read, with its NUL: a Position tag of the largest
 * Dots field fits. On the heap, as no function takes more than 8 KiB of
 * stack. */
#define TAG_VALUE_MAX 16384

static int record_into(bg_game **out, const char *s)
{
	char key[32], spec[BG_SPEC_MAX] = "", stated[16] = "";
	char tag_result[16] = "", termination[32] = "";
	char *val = malloc(TAG_VALUE_MAX);
	bg_game *g = NULL;
	int rc;

	if (!val)
		return bg_seterr(BG_ENOMEM, "record tags");
	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (*s != '[')
			break;
		if (!read_tag(&s, key, sizeof(key), val, TAG_VALUE_MAX)) {
			rc = bg_seterr(BG_EFORMAT, "malformed tag line");
			goto fail;
		}
		if (!strcmp(key, "Game") && strlen(val) < sizeof(spec)) {
			strcpy(spec, val);
		} else if (!strcmp(key, "Result") && strlen(val) < 16) {
			strcpy(tag_result, val);
		} else if (!strcmp(key, "Termination") &&
			   strlen(val) < sizeof(termination)) {
			strcpy(termination, val);
		} else if (!strcmp(key, "Position")) {
			bg_game_free(g);
			rc = position_into(&g, val);
			if (rc)
				goto fail;
		}
	}
	free(val);
	val = NULL;
	if (!spec[0]) {
		rc = bg_seterr(BG_EFORMAT, "the record has no Game tag");
		goto fail;
	}
	if (!g) {
		rc = bg_game_start(&g, spec);
		if (rc)
			goto fail;
	} else {
		bg_game *check;

		rc = bg_game_start(&check, spec);
		if (rc)
			goto fail;
		rc = strcmp(check->spec, g->spec) ? bg_seterr(BG_EFORMAT,
			"Game tag '%s' differs from the position's game '%s'",
			spec, g->spec) : BG_OK;
		bg_game_free(check);
		if (rc)
			goto fail;
	}
	rc = play_tokens(g, s, stated);
	if (rc == BG_OK && termination[0])
		rc = declare_end(g, termination, stated[0] ? stated : tag_result);
	if (rc == BG_OK)
		rc = check_result(g, stated);
	if (rc == BG_OK)
		rc = check_result(g, tag_result);
	if (rc)
		goto fail;
	*out = g;
	return BG_OK;
fail:
	free(val);
	bg_game_free(g);
	return rc;
}

int bg_game_from_record(bg_game **out, const char *text)
{
	int rc;

	if (out)
		*out = NULL;
	if (!out || !text)
		return bg_seterr(BG_EINVAL, "NULL argument");
	rc = record_into(out, text);
	if (rc == BG_OK)
		bg_clearerr();
	return rc;
}
