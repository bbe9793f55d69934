/*
 * bginfo: the catalogue for people.
 *
 *   bginfo          every game: name, titles (English, Russian), aliases
 *   bginfo GAME     one game's options: key, type, default, allowed values
 */
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

#define PROG "bginfo"

static const char usage_text[] =
	"usage: " PROG " [GAME]\n"
	"\n"
	"Without GAME, list the games of the library: the name to use in a\n"
	"spec, the English and Russian titles and the aliases. With GAME (a\n"
	"name or an alias), list its options: key, type, default, allowed\n"
	"values and what the option does. A spec sets them:\n"
	"\"kutochki:size=10,diagonal=1\".\n"
	"\n"
	"Exit status: 0 ok, 1 unknown game, 2 bad arguments.\n";

static const char *type_name(int type)
{
	switch (type) {
	case BG_OPT_BOOL: return "bool";
	case BG_OPT_INT: return "int";
	case BG_OPT_ENUM: return "enum";
	default: return "text";
	}
}

static void list_games(void)
{
	for (size_t i = 0; i < bg_catalog_count(); i++) {
		printf("%-18s %s / %s", bg_catalog_name(i),
		       bg_catalog_title(i, "en"), bg_catalog_title(i, "ru"));
		for (size_t k = 0; bg_catalog_alias(i, k); k++)
			printf("%s%s", k ? ", " : "  (aliases: ",
			       bg_catalog_alias(i, k));
		printf("%s\n", bg_catalog_alias(i, 0) ? ")" : "");
	}
}

static void show_game(size_t i)
{
	size_t k, n = bg_catalog_option_count(i);
	int kw = 8, dw = 7;

	printf("%s: %s / %s\n", bg_catalog_name(i), bg_catalog_title(i, "en"),
	       bg_catalog_title(i, "ru"));
	for (k = 0; bg_catalog_alias(i, k); k++)
		printf("%s%s", k ? ", " : "aliases: ", bg_catalog_alias(i, k));
	if (k)
		putchar('\n');
	if (n == 0) {
		printf("no options\n");
		return;
	}
	/* Columns as wide as the longest key and default. */
	for (k = 0; k < n; k++) {
		const char *key = "", *def = "";

		bg_catalog_option(i, k, &key, NULL, &def, NULL, NULL);
		if ((int)strlen(key) > kw)
			kw = (int)strlen(key);
		if ((int)strlen(def) > dw)
			dw = (int)strlen(def);
	}
	for (k = 0; k < n; k++) {
		const char *key, *def, *allowed, *doc;
		int type;

		bg_catalog_option(i, k, &key, &type, &def, &allowed, &doc);
		printf("  %-*s  %-4s  default %-*s  allowed %s\n      %s\n", kw,
		       key, type_name(type), dw, def,
		       type == BG_OPT_BOOL ? "0|1" : allowed, doc);
	}
}

int main(int argc, char **argv)
{
	int i;

	if (argc == 2 && (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc > 2 || (argc == 2 && argv[1][0] == '-')) {
		if (argc > 2)
			fprintf(stderr, PROG ": %s: one GAME at most\n", argv[2]);
		else
			fprintf(stderr, PROG ": %s: unknown option\n", argv[1]);
		fputs(usage_text, stderr);
		return 2;
	}
	if (argc == 1) {
		list_games();
		return 0;
	}
	i = bg_catalog_find(argv[1]);
	if (i < 0) {
		fprintf(stderr, PROG ": %s: %s (" PROG " lists the games)\n",
			argv[1], bg_strerror(i));
		return 1;
	}
	show_game((size_t)i);
	return 0;
}
