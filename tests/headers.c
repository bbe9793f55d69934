/* The public headers compile as strict C11 (see tests/meson.build). */
#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/search.h>
#include <boardgames/tochki.h>

int main(void)
{
	bg_move m = {0};

	return (int)sizeof(m) == 72 && BG_VERSION_NUMBER > 0 ? 0 : 1;
}
