#!/bin/sh
# The library's ABI against the committed baseline (abi/boardgames.abi,
# written by abidw from libabigail). A removed symbol fails: it needs a new
# soname, never a new baseline. Any other change fails too, with its
# report: an addition is fine once the baseline is written again in the
# same commit, a changed type is not:
#   tests/check-abi.sh --update build/lib/libboardgames.so.1
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
baseline=$top/abi/boardgames.abi

update=0
if [ "${1:-}" = "--update" ]; then
	update=1
	shift
fi
lib=$1

dump() {
	abidw --headers-dir "$top/include/boardgames" --drop-private-types \
		--no-corpus-path --no-comp-dir-path --no-show-locs "$lib"
}

if [ $update -eq 1 ]; then
	dump > "$baseline" && echo "wrote $baseline"
	exit $?
fi

current=$(mktemp)
trap 'rm -f "$current"' EXIT
dump > "$current" || exit 1
# The dumps hold public types only; abidiff's own header filter would need
# source locations, which they leave out to stay the same across builds.
abidiff --no-show-locs "$baseline" "$current"
rc=$?
if [ $((rc & 8)) -ne 0 ]; then
	echo "check-abi: an incompatible ABI change: it needs a new soname"
	exit 1
elif [ $((rc & 4)) -ne 0 ]; then
	echo "check-abi: the ABI changed (the report above). An addition is"
	echo "fine: write the baseline again in the same commit with"
	echo "  tests/check-abi.sh --update $lib"
	echo "A changed type or function breaks 1.x: it needs a new soname."
	exit 1
elif [ $rc -ne 0 ]; then
	echo "check-abi: abidiff failed ($rc)"
	exit 1
fi
echo "ABI as in abi/boardgames.abi"
