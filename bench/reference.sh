#!/bin/sh
# Listing every move against RBG's compiled reasoners, measured in one run:
#
#   bench/reference.sh [-r ROUNDS] [-c CPU] [-R REF_BGBENCH] [BUILD]
#
# RBG was measured once, side by side with this library's drawn playouts
# as the library stood when the work on listing began, commit REF (below;
# its drawn speeds of the three games stand to one another as in that run,
# within 4 %): RBG listed 7.80M plies/s on foxAndHounds, 1.52M on
# theMillGame and 2.57M on englishDraughts while the library drew 24.77M
# (wolf-sheep), 6.50M (mill) and 7.62M (turkish-draughts). RBG cannot be
# installed here, so REF stands in for it: this script builds REF's
# bgbench from the repository's history into a scratch directory and runs,
# in turn and pinned to one CPU, REF drawing, BUILD (default: build)
# listing every move (--list) and BUILD drawing, ROUNDS times (default 7),
# one second each. RBG's speed in the machine's
# mode of the moment is then its figure scaled by REF's median now over
# REF's then, and the line ends with BUILD's --list over it: the target is
# 3 (doc/performance.md, "Against RBG, through the reference build").
# -R names a bgbench of REF built before (the build is skipped); -c the
# CPU (default the last).
#
# Why not BUILD's own drawn speed as the yardstick: the drawn plies have
# grown 1.5 to 3 times faster since REF, and RBG's did not.
set -eu

REF=b76e463
rounds=7
cpu=$(($(getconf _NPROCESSORS_ONLN) - 1))
refbench=
while getopts r:c:R: opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	c) cpu=$OPTARG ;;
	R) refbench=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
src=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$src/build}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -z "$refbench" ]; then
	mkdir "$tmp/src"
	git -C "$src" archive "$REF" | tar -x -C "$tmp/src"
	meson setup "$tmp/build" "$tmp/src" --buildtype=debugoptimized \
		> "$tmp/setup.log" 2>&1 || { cat "$tmp/setup.log"; exit 1; }
	ninja -C "$tmp/build" bench/bgbench > "$tmp/ninja.log" 2>&1 ||
		{ cat "$tmp/ninja.log"; exit 1; }
	refbench=$tmp/build/bench/bgbench
fi

# The plies/s of one run; a run that fails ends the script.
rate() {
	out=$(taskset -c "$cpu" "$@" --seconds 1)
	echo "$out" | sed -n 's/.*plies\/s=\([0-9]*\).*/\1/p'
}

median() {
	sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# spec, RBG's game, RBG's plies/s then, REF's drawn plies/s then (millions)
while read -r spec game rbg then; do
	: > "$tmp/ref"
	: > "$tmp/list"
	: > "$tmp/drawn"
	i=0
	while [ "$i" -lt "$rounds" ]; do
		rate "$refbench" "$spec" >> "$tmp/ref"
		rate "$build/bench/bgbench" "$spec" --list >> "$tmp/list"
		rate "$build/bench/bgbench" "$spec" >> "$tmp/drawn"
		i=$((i + 1))
	done
	awk -v spec="$spec" -v game="$game" -v rbg="$rbg" -v then="$then" \
	    -v ref="$(median < "$tmp/ref")" \
	    -v list="$(median < "$tmp/list")" \
	    -v drawn="$(median < "$tmp/drawn")" 'BEGIN {
		now = rbg * ref / then
		printf "%s ref=%.2fM list=%.2fM drawn=%.2fM %s=%.2fM " \
		       "list/drawn=%.2f list/%s=%.2f\n", spec, ref / 1e6,
		       list / 1e6, drawn / 1e6, game, now / 1e6,
		       list / drawn, game, list / now }'
done <<EOF
wolf-sheep foxAndHounds 7.80 24.77
mill theMillGame 1.52 6.50
turkish-draughts englishDraughts 2.57 7.62
EOF
