#!/bin/sh
# bgengine driven through Sabaki's GTP controller library (@sabaki/gtp,
# pinned by tests/gtp/package-lock.json): a whole Dots game, grounding and
# bad input (tests/gtp/dots_game.js). The package is installed with
# `npm ci` into the build tree on the first run.
#   test-gtp.sh BGENGINE SOURCE_DIR WORK_DIR
set -eu
engine=$1 src=$2 work=$3
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "SKIP: node and npm are needed (./dev.sh test installs them)"
	exit 77
fi
mkdir -p "$work"
cp "$src/package.json" "$src/package-lock.json" "$src/dots_game.js" "$work/"
if ! cmp -s "$src/package-lock.json" "$work/node_modules/.package-lock.json.ci" 2>/dev/null; then
	if ! (cd "$work" && npm ci --no-audit --no-fund --loglevel=error); then
		echo "SKIP: npm ci could not install @sabaki/gtp (offline?)"
		exit 77
	fi
	cp "$src/package-lock.json" "$work/node_modules/.package-lock.json.ci"
fi
exec node "$work/dots_game.js" "$engine"
