#!/bin/sh
# bgmatch on a short match of bgengine against itself: the report adds up,
# every game has its line and its record (which bgcheck replays), bad
# arguments or an engine that is not there are errors, and engines that
# break the rules lose or stop the match.
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

# Engines that break the rules, played as A against bgengine: the referee
# ends the game against them, or bgmatch stops with status 1 when one
# leaves or never answers the greeting. The engine is a shell script, so
# not on Windows, where there is no shell to start it.
if [ -z "${MESON_EXE_WRAPPER:-}" ]; then
	# Answers the greeting and isready; asked for a move, does what $1
	# says: illegal (a move off the board), slow (a move after 0.3 s),
	# mute (nothing), quit (leaves); silent answers nothing at all.
	cat >"$tmp/rogue" <<-'EOF'
	#!/bin/sh
	while read -r line; do
		[ "$1" = silent ] && continue
		case $line in
		ugi) echo "id name rogue"; echo ugiok ;;
		isready) echo readyok ;;
		go*)
			case $1 in
			illegal) echo "bestmove z9-z8" ;;
			slow) sleep 0.3; echo "bestmove a1" ;;
			quit) exit 0 ;;
			esac ;;
		quit) exit 0 ;;
		esac
	done
	EOF
	chmod +x "$tmp/rogue"
	# The greeting's wait (10 s) beside the rest.
	"$BGMATCH" kvartet "$tmp/rogue silent" "$BGENGINE" >"$tmp/silent" 2>&1 &
	silent=$!
	# One game, the rogue in seat 0: rogue MODE [OPTION...]; its status.
	rogue() {
		mode=$1
		shift
		match "$@" --games 1 --opening-plies 0 kvartet \
			"$tmp/rogue $mode" "$BGENGINE"
	}
	said() { grep -q "$1" "$tmp/out"; }
	lost="^game 1: A (seat 0) - B (seat 1): 0-1"

	if ! { rogue illegal && said "$lost, adjudication, illegal move$" &&
		said "played 'z9-z8': z9 is not a point of this board$"; }; then
		fail "an illegal move loses, and the library says why"
	fi
	if ! { rogue slow --tc 100 && said "$lost, time$"; }; then
		fail "an empty clock loses"
	fi
	# No answer by the move's deadline: 10 s past the 1 ms asked.
	if ! { rogue mute --movetime 1 && said "$lost, time, no answer$"; }; then
		fail "no answer in time loses"
	fi
	rc=0
	rogue quit || rc=$?
	if [ $rc -ne 1 ] || ! said "'$tmp/rogue quit' ended$"; then
		fail "an engine that leaves: status 1"
	fi
	rc=0
	wait $silent || rc=$?
	cp "$tmp/silent" "$tmp/out"
	if [ $rc -ne 1 ] || ! said "'$tmp/rogue silent' did not answer 'ugiok'$"; then
		fail "an engine that never greets: status 1"
	fi
fi

[ $failures -eq 0 ] || exit 1
echo ok
