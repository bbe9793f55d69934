/* Built by install-test.sh against the installed headers and library. */
#include <stdio.h>
#include <string.h>

#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>

int main(void)
{
	bg_game *g;
	int tempo;

	if (strcmp(bg_version(), BG_VERSION_STRING) != 0 ||
	    bg_game_new(&g, "kutochki") != BG_OK ||
	    bg_play_text(g, "h3-f3") != BG_OK ||
	    bg_kutochki_tempo(g, 0, &tempo) != BG_OK) {
		fprintf(stderr, "install demo: %s\n", bg_last_error());
		return 1;
	}
	printf("installed library %s: White's tempo after h3-f3 is %d\n",
	       bg_version(), tempo);
	bg_game_free(g);
	return tempo == 118 ? 0 : 1;
}
