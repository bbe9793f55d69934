#!/bin/sh
# Install into a temporary root, build a small program against it with
# pkg-config as a user of the installed library would, and run it; then
# README's program, also from CMake and Meson (and Meson's subproject).
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

# README's first code block of language $1 into the file $2; fails when
# README has none.
readme_block() {
	awk -v fence="\`\`\`$1" '$0 == fence && !done { on = 1; next }
		on && /^```$/ { on = 0; done = 1; next }
		on { print }' "$src/README.md" >"$2"
	[ -s "$2" ] || { echo "no $1 block in README.md"; return 1; }
}

# README's program as $1 built it at $2 runs as it should; else its
# output, and the test fails.
runs_readme() {
	LD_LIBRARY_PATH="$lib" "$2" >"$root/run.out"
	grep -q 'moves for Black' "$root/run.out" ||
		{ echo "README's program, $1: unexpected output"; cat "$root/run.out"; exit 1; }
}

# A README project that did not build ($1: its kind): its log; fails.
build_failed() {
	echo "README's $1 project:"
	cat "$root/build.log"
	exit 1
}

# The README's example program (its first C block) compiles and runs.
readme_block c "$root/readme.c" || exit 1
cc -std=c11 -Wall -Wextra -Werror "$root/readme.c" $flags -o "$root/readme"
runs_readme "cc with pkg-config" "$root/readme"

# The README's CMake project (its first cmake block) builds the same
# program, finding the library through CMake's pkg-config module.
if command -v cmake >/dev/null; then
	mkdir "$root/cmake"
	readme_block cmake "$root/cmake/CMakeLists.txt" || exit 1
	cp "$root/readme.c" "$root/cmake/demo.c"
	if ! { PKG_CONFIG_SYSROOT_DIR="$root" cmake -S "$root/cmake" \
		-B "$root/cmake/build" >"$root/build.log" 2>&1 &&
	       cmake --build "$root/cmake/build" >>"$root/build.log" 2>&1; }; then
		build_failed CMake
	fi
	runs_readme "the CMake project" "$root/cmake/build/demo"
else
	echo "cmake not found: README's CMake project not tried"
fi

# The README's Meson project (its first meson block) builds the same
# program twice: against the installed library, found by pkg-config, and
# with this source tree as its subproject (static, as the block asks).
mkdir -p "$root/meson/subprojects"
readme_block meson "$root/meson/meson.build" || exit 1
cp "$root/readme.c" "$root/meson/demo.c"
ln -s "$(cd "$src" && pwd)" "$root/meson/subprojects/boardgames"
for mode in nofallback forcefallback; do
	out=$root/meson/$mode
	if ! { PKG_CONFIG_SYSROOT_DIR="$root" meson setup "$out" "$root/meson" \
		--wrap-mode=$mode >"$root/build.log" 2>&1 &&
	       ninja -C "$out" >>"$root/build.log" 2>&1; }; then
		build_failed "Meson (--wrap-mode=$mode)"
	fi
	runs_readme "the Meson project (--wrap-mode=$mode)" "$out/demo"
done
# The subproject's library is inside the program: it runs without one.
! ldd "$root/meson/forcefallback/demo" | grep -q libboardgames ||
	{ echo "README's Meson project: the subproject's library is not static"; exit 1; }

# The man pages are installed.
for tool in bgplay bginfo bgcheck bgperft bgbench bgengine bgmatch; do
	[ -n "$(find "$root" -name "$tool.1*")" ] ||
		{ echo "no man page for $tool installed"; exit 1; }
done
