#!/bin/sh
# bgmatch on a short match of bgengine against itself: the report adds up,
# every game has its line and its record (which bgcheck replays), and bad
# arguments or an engine that is not there are errors.
# usage: test-bgmatch.sh BGMATCH BGENGINE BGCHECK
# In a cross build bgmatch and bgcheck run through meson's exe wrapper
# (Wine); bgmatch, a Windows program then, starts the engine itself.
set -eu
BGMATCH=$1 BGENGINE=$2 BGCHECK=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
	echo "FAIL: $*" >&2
	cat "$tmp/out" >&2 || true
	failures=$((failures + 1))
}
# bgmatch with these arguments, its output (both streams, lines ending in
# "\n" whatever the platform writes) in $tmp/out; its exit status.
match() {
	rc=0
	# shellcheck disable=SC2086
	${MESON_EXE_WRAPPER:-} "$BGMATCH" "$@" >"$tmp/raw" 2>&1 || rc=$?
	tr -d '\r' <"$tmp/raw" >"$tmp/out"
	return $rc
}

match --games 4 --nodes 100 --opening-plies 2 --records "$tmp/rec" \
	kvartet "$BGENGINE --level 10" "$BGENGINE --level 1 --seed 9" ||
	fail "a match is played"
[ "$(grep -c '^game [1-4]: ' "$tmp/out")" -eq 4 ] || fail "a line per game"
line=$(grep '^games 4: ' "$tmp/out") || fail "a summary line"
w=$(echo "$line" | sed -n 's/.*wins \([0-9]*\),.*/\1/p')
d=$(echo "$line" | sed -n 's/.*draws \([0-9]*\),.*/\1/p')
l=$(echo "$line" | sed -n 's/.*losses \([0-9]*\),.*/\1/p')
[ $((w + d + l)) -eq 4 ] || fail "wins, draws and losses add up to 4"
grep -q '^elo [-+]\(inf\|[0-9]*\), 95% interval \[[-+]\(inf\|[0-9]*\), [-+]\(inf\|[0-9]*\)\]$' \
	"$tmp/out" || fail "an Elo line with its interval"
# Seats alternate: engine A has seat 0 in games 1 and 3.
grep -q '^game 1: A (seat 0) - B (seat 1)' "$tmp/out" || fail "A first in game 1"
grep -q '^game 2: B (seat 0) - A (seat 1)' "$tmp/out" || fail "B first in game 2"
[ "$(grep -c '^\[Game "kvartet' "$tmp/rec")" -eq 4 ] || fail "four records"
# Each record replays (bgcheck reads one record per file).
awk -v dir="$tmp" '/^\[Game /{n++} {print > (dir "/g" n)}' "$tmp/rec"
for k in 1 2 3 4; do
	# shellcheck disable=SC2086
	${MESON_EXE_WRAPPER:-} "$BGCHECK" kvartet "$tmp/g$k" --record \
		>/dev/null 2>&1 ||
		fail "record $k replays"
done

# Bad arguments: status 2; an engine that cannot start: status 1.
for args in "" "kvartet" "--games 0 kvartet a b" "--nodes x kvartet a b" \
	"nosuchgame a b" "--frob kvartet a b"; do
	# shellcheck disable=SC2086
	if match $args; then
		fail "bgmatch $args must fail"
	elif [ $? -ne 2 ]; then
		fail "bgmatch $args: status 2"
	fi
done
if match --games 2 kvartet "$tmp/no-such-engine" "$BGENGINE"; then
	fail "a missing engine is an error"
fi

[ $failures -eq 0 ] || exit 1
echo ok
