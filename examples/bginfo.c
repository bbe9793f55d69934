/*
 * bginfo: the catalogue for people.
 *
 *   bginfo          every game: name, titles (English, Russian), aliases
 *   bginfo GAME     one game's options: key, type, default, allowed values
 */
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>

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
	printf("%s: %s / %s\n", bg_catalog_name(i), bg_catalog_title(i, "en"),
	       bg_catalog_title(i, "ru"));
	if (bg_catalog_option_count(i) == 0)
		printf("no options\n");
	for (size_t k = 0; k < bg_catalog_option_count(i); k++) {
		const char *key, *def, *allowed, *doc;
		int type;

		bg_catalog_option(i, k, &key, &type, &def, &allowed, &doc);
		printf("  %-16s %-5s default %-8s allowed %s\n      %s\n", key,
		       type_name(type), def, type == BG_OPT_BOOL ? "0|1" : allowed,
		       doc);
	}
}

int main(int argc, char **argv)
{
	int i;

	if (argc == 1) {
		list_games();
		return 0;
	}
	if (argc > 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: bginfo [GAME]\n");
		return !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ? 0 : 2;
	}
	i = bg_catalog_find(argv[1]);
	if (i < 0) {
		fprintf(stderr, "bginfo: %s: %s\n", bg_strerror(i), bg_last_error());
		return 1;
	}
	show_game((size_t)i);
	return 0;
}
