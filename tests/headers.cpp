// The public headers compile as C++ (see tests/meson.build).
#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/search.h>
#include <boardgames/tochki.h>

int main()
{
	bg_move m = bg_move();

	return sizeof(m) == 72 && BG_VERSION_NUMBER > 0 ? 0 : 1;
}
