#!/bin/sh
# Install into a temporary root, build a small program against it with
# pkg-config as a user of the installed library would, and run it.
# Usage: install-test.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT

meson install -C "$build" --destdir "$root" --quiet >/dev/null
pc=$(find "$root" -name boardgames.pc | head -n 1)
[ -n "$pc" ] || { echo "no boardgames.pc installed"; exit 1; }
export PKG_CONFIG_PATH="$(dirname "$pc")"
flags=$(PKG_CONFIG_SYSROOT_DIR="$root" pkg-config --cflags --libs boardgames)
cc -std=c11 -Wall -Werror "$src/tests/install-demo.c" $flags -o "$root/demo"
lib=$(dirname "$(find "$root" -name 'libboardgames.so.*' | head -n 1)")
LD_LIBRARY_PATH="$lib" "$root/demo"

# The README's example program (its first C block) compiles and runs.
awk '/^```c$/ && !done { on = 1; next }
	on && /^```$/ { on = 0; done = 1; next }
	on { print }' "$src/README.md" >"$root/readme.c"
[ -s "$root/readme.c" ] || { echo "no C example in README.md"; exit 1; }
cc -std=c11 -Wall -Wextra -Werror "$root/readme.c" $flags -o "$root/readme"
LD_LIBRARY_PATH="$lib" "$root/readme" >"$root/readme.out"
grep -q 'moves for Black' "$root/readme.out" ||
	{ echo "README example: unexpected output"; cat "$root/readme.out"; exit 1; }

# The man pages are installed.
for tool in bgplay bginfo bgcheck bgperft bgbench bgengine bgmatch; do
	[ -n "$(find "$root" -name "$tool.1*")" ] ||
		{ echo "no man page for $tool installed"; exit 1; }
done
