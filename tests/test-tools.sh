#!/bin/sh
# The example tools, driven as a user would.
# usage: test-tools.sh BGPERFT BGCHECK BGPLAY BGINFO BGBENCH
#
# Figures come from doc/games/kutochki.md: 14 moves for White at the start
# (its start-position counts), the same 14 for Black whatever White played
# first (the camps are too far apart to touch), tempo numbers as scores
# (its tempo table).
set -eu

if [ $# -ne 5 ] && [ $# -ne 7 ]; then
	echo "usage: $0 BGPERFT BGCHECK BGPLAY BGINFO BGBENCH [KVARTET_SOLVE DEV_SH]" >&2
	exit 2
fi
BGPERFT=$1
BGCHECK=$2
BGPLAY=$3
BGINFO=$4
BGBENCH=$5
KVARTET_SOLVE=${6:-}
DEV_SH=${7:-}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
err=$tmp/err
failures=0

fail() {
	echo "FAIL: $*" >&2
	echo "--- stdout" >&2
	cat "$out" >&2 || true
	echo "--- stderr" >&2
	cat "$err" >&2 || true
	failures=$((failures + 1))
}

# run STATUS CMD...: run CMD (stdin from $tmp/in when it exists), keep its
# output in $out and $err, and fail unless it exits with STATUS ("nonzero"
# for any failure).
run() {
	want=$1
	shift
	if [ -f "$tmp/in" ]; then
		set +e; "$@" <"$tmp/in" >"$out" 2>"$err"; got=$?; set -e
	else
		set +e; "$@" </dev/null >"$out" 2>"$err"; got=$?; set -e
	fi
	case $want in
	nonzero) [ "$got" -ne 0 ] || fail "$* exited 0, wanted non-zero" ;;
	*) [ "$got" -eq "$want" ] || fail "$* exited $got, wanted $want" ;;
	esac
}

# input TEXT: what the next runs read on stdin.
input() {
	printf '%s\n' "$1" >"$tmp/in"
}

no_input() {
	rm -f "$tmp/in"
}

# expect_out TEXT: stdout is exactly TEXT.
expect_out() {
	printf '%s\n' "$1" >"$tmp/want"
	cmp -s "$tmp/want" "$out" || fail "stdout is not: $1"
}

# expect_line N TEXT: line N of stdout is exactly TEXT.
expect_line() {
	line=$(sed -n "$1p" "$out")
	[ "$line" = "$2" ] || fail "line $1 is '$line', wanted '$2'"
}

expect_err() {
	grep -q -- "$1" "$err" || fail "stderr lacks '$1'"
}

# ---- bgperft ----------------------------------------------------------------

no_input
run 0 "$BGPERFT" kutochki 3
[ "$(wc -l <"$out")" -eq 3 ] || fail "bgperft kutochki 3: not 3 lines"
expect_line 1 "1 14"
expect_line 2 "2 196"
grep -Eq '^3 [1-9][0-9]*$' "$out" || fail "bgperft kutochki 3: no depth-3 line"

# The start position's moves (doc/games/kutochki.md, "Legal move order"), one per line with --divide.
run 0 "$BGPERFT" --divide kutochki 1
sort "$out" >"$tmp/got"
sort >"$tmp/want" <<EOF
1 14
e1-d1 1
e1-e2 1
f2-e2 1
f2-f3 1
g3-f3 1
g3-g4 1
h4-g4 1
h4-h5 1
f1-d1 1
f1-f3 1
g2-e2 1
g2-g4 1
h3-f3 1
h3-h5 1
EOF
cmp -s "$tmp/want" "$tmp/got" || fail "bgperft --divide kutochki 1"

# Depth 2 divided: 14 replies to each of the 14 first moves.
run 0 "$BGPERFT" kutochki 2 --divide
[ "$(wc -l <"$out")" -eq 16 ] || fail "bgperft kutochki 2 --divide: not 16 lines"
[ "$(grep -c -- '-.* 14$' "$out")" -eq 14 ] ||
	fail "bgperft kutochki 2 --divide: not 14 replies to each move"
expect_line 15 "1 14"
expect_line 16 "2 196"

run 0 "$BGPERFT" kutochki:diagonal=1 1
expect_out "1 24"
run 0 "$BGPERFT" kutochki:size=10 1
expect_out "1 18"

run nonzero "$BGPERFT" kutochki:size=12 1
expect_err "bgperft: "
run nonzero "$BGPERFT" nosuchgame 1
expect_err "bgperft: "

for args in "" "kutochki" "kutochki x" "kutochki 0" "kutochki -1" \
	    "kutochki 2 3" "kutochki 2 --bogus"; do
	# shellcheck disable=SC2086
	run 2 "$BGPERFT" $args
	expect_err "usage: bgperft SPEC DEPTH"
done

# ---- bgcheck ----------------------------------------------------------------

# After e1-d1 d8-e8 White has 17 moves: steps d1-c1 d1-e1 d1-d2 f1-e1 f2-e2
# f2-f3 g3-f3 g3-g4 h4-g4 h4-h5, jumps f1-f3 g1-e1 g1-c1 g2-e2 g2-g4 h3-f3
# h3-h5. Tempo numbers: White 120-1-1, Black 120-1.
moves='1. e1-d1 d8-e8
2. f2-e2'
result='result: * winner=- reason=none score=118:119 deficit=-'

input "$moves"
run 0 "$BGCHECK" kutochki --counts
expect_line 1 "1 14 e1-d1"
expect_line 2 "2 14 d8-e8"
expect_line 3 "3 17 f2-e2"
expect_line 4 "$result"
grep -q '^kutochki' "$tmp/out" || fail "bgcheck: no position text"
[ "$(wc -l <"$out")" -eq 5 ] || fail "bgcheck --counts: not 5 lines"
cp "$out" "$tmp/counts-out"

run 0 "$BGCHECK" kutochki
sed -n '4,5p' "$tmp/counts-out" >"$tmp/want"
cmp -s "$tmp/want" "$out" || fail "bgcheck without --counts"

# FILE instead of stdin, options first, move numbers glued to moves.
no_input
printf '1.e1-d1 d8-e8 2.f2-e2 *\n' >"$tmp/moves.txt"
run 0 "$BGCHECK" --counts kutochki "$tmp/moves.txt"
cmp -s "$tmp/counts-out" "$out" || fail "bgcheck FILE"

# The same game as a record: the same lines, also when SPEC's options differ
# (the record's Game tag wins) or SPEC uses an alias.
input '[Game "kutochki"]
[Result "*"]

1. e1-d1 d8-e8 2. f2-e2 *'
for spec in kutochki kutochki:size=10 corners; do
	run 0 "$BGCHECK" "$spec" --record --counts
	cmp -s "$tmp/counts-out" "$out" || fail "bgcheck $spec --record --counts"
done
run 0 "$BGCHECK" kutochki --record
sed -n '4,5p' "$tmp/counts-out" >"$tmp/want"
cmp -s "$tmp/want" "$out" || fail "bgcheck --record"
run 1 "$BGCHECK" halma --record
expect_err "bgcheck: "
run 1 "$BGCHECK" kutochki:bogus=1 --record
expect_err "bgcheck: "

# Dots: an SGF record (doc/sgf.md) replays; B's ab closes the ring
# ba-cb-bc-ab around W's bb, so seat 0 (B, the first mover) holds 1 point.
no_input
printf '%s\n' '(;GM[40]FF[4]SZ[3];B[ba];W[bb];B[cb];W[aa];B[bc];W[ca];B[ab.abbacbbc])' >"$tmp/dots.sgf"
run 0 "$BGCHECK" tochki:start=empty --record "$tmp/dots.sgf"
expect_line 1 "result: * winner=- reason=none score=1:0 deficit=-"
# A chain that is not the ring drawn is advisory: a warning, the same score.
printf '%s\n' '(;GM[40]FF[4]SZ[3];B[ba];W[bb];B[cb];W[aa];B[bc];W[ca];B[ab.abbacbcc])' >"$tmp/dots-chain.sgf"
run 0 "$BGCHECK" tochki:start=empty --record "$tmp/dots-chain.sgf"
expect_line 1 "result: * winner=- reason=none score=1:0 deficit=-"
expect_err "bgcheck: warning: node 7 B\[ab.abbacbcc\]: chain 1 is not a ring"

# Many files: one line per game (a collection gives FILE#k), warnings
# under it, a summary; status 1 when one could not be read (W plays on
# B's aa in the second game; the last file is cut short).
printf '%s' '(;GM[40]SZ[5]RE[W+R];B[cb])(;GM[40]SZ[5];B[aa];W[aa])' >"$tmp/dots-coll.sgf"
printf '%s' '(;GM[40]SZ[5];B[aa' >"$tmp/dots-cut.sgf"
run 1 "$BGCHECK" tochki "$tmp/dots.sgf" "$tmp/dots-chain.sgf" "$tmp/dots-coll.sgf" "$tmp/dots-cut.sgf"
expect_line 1 "$tmp/dots.sgf: * winner=- reason=none score=1:0 moves=7 warnings=0"
expect_line 2 "$tmp/dots-chain.sgf: * winner=- reason=none score=1:0 moves=7 warnings=1"
expect_line 3 "  warning: node 7 B[ab.abbacbcc]: chain 1 is not a ring this move draws: the captures are the rules'"
expect_line 4 "$tmp/dots-coll.sgf#1: 0-1 winner=1 reason=resignation score=0:0 moves=1 warnings=0"
grep -q "^$tmp/dots-coll.sgf#2: error: .*SGF node 2 W\[aa\]" "$out" || fail "bgcheck FILE...: no error line for game 2"
grep -q "^$tmp/dots-cut.sgf: error: .*not closed" "$out" || fail "bgcheck FILE...: no error line for the cut file"
expect_line 7 "summary: 4 files, 5 games, 2 failed, 1 warnings"
# One SGF file without --record is checked the same way; all read: 0.
run 0 "$BGCHECK" tochki "$tmp/dots-chain.sgf"
expect_line 3 "summary: 1 files, 1 games, 0 failed, 1 warnings"

# An illegal move (h1 cannot jump: h3 is taken) and a move that does not
# parse stop the replay with status 1, naming the move.
input '1. e1-d1 d8-e8 2. h1-h3'
run 1 "$BGCHECK" kutochki --counts
expect_err "bgcheck: move 3 \"h1-h3\": "
expect_line 3 "3 17 h1-h3"
grep -q '^result:' "$out" && fail "bgcheck printed a result after a bad move"
input 'zz99'
run 1 "$BGCHECK" kutochki
expect_err "bgcheck: move 1 \"zz99\": "

input 'e1-d1'
run 1 "$BGCHECK" nosuchgame
expect_err "bgcheck: "
run 1 "$BGCHECK" "kutochki:size=12"
expect_err "bgcheck: "
run 1 "$BGCHECK" kutochki "$tmp/no-such-file"
expect_err "bgcheck: "

# Two files are records to check, no longer bad arguments.
run 1 "$BGCHECK" kutochki "$tmp/no-such-a" "$tmp/no-such-b"
expect_line 3 "summary: 2 files, 2 games, 2 failed, 0 warnings"

for args in "" "--bogus kutochki" "kutochki --count"; do
	# shellcheck disable=SC2086
	run 2 "$BGCHECK" $args
	expect_err "usage: bgcheck SPEC"
done

# ---- bgplay -----------------------------------------------------------------

# Self-play: mcts (seat 0) against random by default, a move a line
# ("12. White: e1-d1") and the result with its reason.
no_input
run 0 "$BGPLAY" --selfplay --seed 3 kutochki
tail -n 1 "$out" | grep -Eq '^Result: (1-0|0-1|1/2-1/2)\. .* \([a-z-]+\)\.' ||
	fail "bgplay --selfplay: no Result line"
grep -Eq '^1\. White: [a-h][1-8]-' "$out" || fail "bgplay --selfplay: no first move"
grep -q '^kutochki: White plays mcts, Black plays random$' "$out" ||
	fail "bgplay --selfplay: not mcts against random"
cp "$out" "$tmp/play3"
run 0 "$BGPLAY" kutochki --seed=3 --selfplay
cmp -s "$tmp/play3" "$out" || fail "bgplay: the same seed played another game"

# bgcheck replays the self-played game to the same end, also as a record,
# with the same counts.
sed -n 's/^[0-9]*\. [A-Za-z]*: //p' "$tmp/play3" >"$tmp/play3.moves"
run 0 "$BGCHECK" kutochki "$tmp/play3.moves" --counts
cp "$out" "$tmp/play3.counts"
r=$(sed -n 's/^Result: \([^ ]*\)\. .* (\([a-z-]*\))\. Tempo numbers ([^)]*): White \([0-9.-]*\), Black \([0-9.-]*\)\.\( [A-Za-z]* is \(about \)*\([0-9]*\) moves* behind (the loser.s deficit: [^)]*)\.\)*$/\1 \2 \3:\4 \7/p' \
	"$tmp/play3")
c=$(sed -n 's/^result: \([^ ]*\) winner=. reason=\([a-z-]*\) score=\([^ ]*\) deficit=~*\([0-9]*\)-*$/\1 \2 \3 \4/p' \
	"$out")
if [ -z "$r" ] || [ "$r" != "$c" ]; then
	fail "bgplay and bgcheck disagree on the result: '$r' and '$c'"
fi
{ printf '[Game "kutochki"]\n\n'; cat "$tmp/play3.moves"; } >"$tmp/play3.rec"
run 0 "$BGCHECK" --record --counts kutochki "$tmp/play3.rec"
cmp -s "$tmp/play3.counts" "$out" || fail "bgcheck: the record replays otherwise"

run 0 "$BGPLAY" kutochki --selfplay --max-plies 6
[ "$(grep -Ec '^[0-9]+\. [A-Za-z]+: ' "$out")" -eq 6 ] ||
	fail "bgplay --max-plies 6: not 6 moves"
tail -n 1 "$out" | grep -q '^Result: \*\. ' || fail "bgplay --max-plies: not *"

# Players: two random players, --quiet (no board), seeded.
run 0 "$BGPLAY" --selfplay --players random,random --seed 5 --quiet tak-tikl
grep -q '^ *[0-9] ' "$out" && fail "bgplay --quiet drew a board"
cp "$out" "$tmp/rr5"
run 0 "$BGPLAY" tak-tikl --white random --black random --seed 5 --quiet --selfplay
cmp -s "$tmp/rr5" "$out" || fail "bgplay: --players and --white/--black differ"

# A line board is drawn with its lines: mill's outer square.
run 0 "$BGPLAY" mill --selfplay --max-plies 0
grep -q '^7 +-----------+-----------+$' "$out" || fail "bgplay: mill's top line"
grep -q '^1 +-----------+-----------+$' "$out" || fail "bgplay: mill's bottom line"

# --svg: the picture of the last position, with the last move marked;
# the start position's picture is the reviewed one (tests/svg).
run 0 "$BGPLAY" tak-tikl --selfplay --players random,random --max-plies 3 --quiet --svg "$tmp/p.svg"
head -c 4 "$tmp/p.svg" | grep -q '<svg' || fail "bgplay --svg: no picture"
grep -q 'f2c94c' "$tmp/p.svg" || fail "bgplay --svg: the last move is not marked"
run 0 "$BGPLAY" kvartet --selfplay --max-plies 0 --quiet --svg "$tmp/k.svg"
cmp -s "$tmp/k.svg" "$(dirname "$0")/svg/kvartet.svg" ||
	fail "bgplay --svg: kvartet's start is not tests/svg/kvartet.svg"
run 2 "$BGPLAY" kvartet --svg
expect_err "--svg: needs a file"

# Interactive: a bad move, the move list, a move, undo, quit.
input 'e1-e5
moves
e1-d1
undo
quit'
run 0 "$BGPLAY" kutochki --black random
grep 'g2-e2' "$out" | grep 'h4-h5' | grep -q 'f1-d1' ||
	fail "bgplay: 'moves' did not list the moves"
# (Prompts and answers share lines, since the typed input is not echoed.)
grep -q '1\. White: e1-d1' "$out" || fail "bgplay: the move was not played"
grep -q '^1\. Black: ' "$out" || fail "bgplay: the random player did not answer"
grep -q 'illegal move' "$out" || fail "bgplay: e1-e5 was not refused"
tail -n 1 "$out" | grep -q 'Result: \*\. ' || fail "bgplay: no Result after quit"

# The board from the person's side: White's rank 1 at the bottom when a
# person plays White, turned half round (rank 1 on top, files h..a) when a
# person plays Black alone; --flip and the flip command turn it.
start_white='8  b b b b . . . .'
start_black='1  w w w w . . . .'
input 'quit'
run 0 "$BGPLAY" kutochki --black random
expect_line 3 "$start_white"
run 0 "$BGPLAY" kutochki --white human --black human
expect_line 3 "$start_white"
run 0 "$BGPLAY" kutochki --white random --black human --max-plies 0
expect_line 3 "$start_black"
expect_line 11 "   h g f e d c b a"
run 0 "$BGPLAY" kutochki --black random --flip
expect_line 3 "$start_black"
input 'flip
quit'
run 0 "$BGPLAY" kutochki --black random
grep -q "^1\. White> $start_black\$" "$out" || fail "bgplay: flip did not turn the board"

# undo after the computer's answer takes back both moves: the board is the
# start again, White to move, and the computer does not move by itself.
input 'e1-d1
undo
quit'
run 0 "$BGPLAY" kutochki --black random --seed 4
[ "$(grep -c '^1\. Black: ' "$out")" -eq 1 ] || fail "bgplay undo: the computer moved again"
grep -q "^2\. White> $start_white\$" "$out" || fail "bgplay undo: not back at the start"
tail -n 1 "$out" | grep -q '^1\. White> Result: \*\. The game is not over (0 plies played)' ||
	fail "bgplay undo: not at ply 0"
# With nothing of the person's to take back, undo leaves the computer's
# first move alone rather than let it play another.
input 'undo
quit'
run 0 "$BGPLAY" kutochki --white random --black human --seed 4
grep -q '^1\. Black> nothing to undo$' "$out" || fail "bgplay: undo of the computer's first move"
[ "$(grep -c '^1\. White: ' "$out")" -eq 1 ] || fail "bgplay undo: the computer played again"

# A function key (its escape sequence) and an over-long line: one message
# each, nothing played.
printf '\033[11~\n%01200d\nquit\n' 0 >"$tmp/in"
run 0 "$BGPLAY" kutochki --black random --quiet
[ "$(grep -c 'control characters (a function or arrow key?): ignored' "$out")" -eq 1 ] ||
	fail "bgplay: not one message for a function key"
[ "$(grep -c 'the line is too long (1200 characters; at most 1000): ignored' "$out")" -eq 1 ] ||
	fail "bgplay: not one message for a long line"
[ "$(grep -c 'illegal\|not a move' "$out")" -eq 0 ] || fail "bgplay: a bad line was read as moves"

# A move that makes a mill without its removal says what is missing.
input 'a1
b6
d1
f4
g1
quit'
run 0 "$BGPLAY" mill --white human --black human --quiet
grep -q '> ambiguous move: g1 makes a mill: name the piece to remove, e\.g\. g1xf4$' "$out" ||
	fail "bgplay mill: g1 without the removal"

# resign; seats named by their animals take the article and the verb's
# number ("The fox wins", "the geese resigned").
input 'resign'
run 0 "$BGPLAY" fox-geese --white human --black random --quiet
grep -q '^1\. Geese> Result: 0-1\. The fox wins: the geese resigned (resignation)\.$' "$out" ||
	fail "bgplay: resignation of the geese"
run 0 "$BGPLAY" fox-geese --white random --black human --quiet --seed 1
grep -q 'Result: 1-0\. The geese win: the fox resigned (resignation)\.$' "$out" ||
	fail "bgplay: resignation of the fox"

# draw: the computer takes it when it does not stand better (Corners'
# start is even); between people the other one answers accept after the
# offering move, and a move of theirs declines it.
input 'draw'
run 0 "$BGPLAY" kutochki --black random --quiet
grep -q 'Black accepts the draw' "$out" || fail "bgplay: the draw was not taken"
grep -q 'Result: 1/2-1/2\. Draw: both sides agreed (agreement)\.' "$out" ||
	fail "bgplay: no agreed draw"
input 'draw
e1-d1
accept'
run 0 "$BGPLAY" kutochki --white human --black human --quiet
grep -q 'White offers a draw; after this move Black answers accept, or plays on' "$out" ||
	fail "bgplay: no draw offer"
grep -q 'Result: 1/2-1/2\. Draw: both sides agreed (agreement)\.' "$out" ||
	fail "bgplay: the offer was not accepted"
input 'draw
e1-d1
d8-e8
accept
quit'
run 0 "$BGPLAY" kutochki --white human --black human --quiet
grep -q 'no draw is offered' "$out" || fail "bgplay: a move did not decline the draw"

# The result line's numbers in words: Corners' tempo numbers, and how far
# the loser is behind.
grep -q '^Result: 1-0\. White wins: .*Tempo numbers (the distance the pieces still have to go; lower is better): White [0-9]*, Black [0-9]*\. Black is \(about \)*[0-9]* moves* behind (the loser.s deficit: ' \
	"$tmp/play3" || fail "bgplay: the result line's numbers are not explained"

# save FILE writes the record; bgcheck and load FILE read it back.
input "e1-d1
f2-e2
save $tmp/saved.rec
quit"
run 0 "$BGPLAY" kutochki --black random --seed 2
grep -q "> saved $tmp/saved.rec$" "$out" || fail "bgplay: save did not say so"
run 0 "$BGCHECK" kutochki --record --counts "$tmp/saved.rec"
[ "$(grep -c '^[0-9]* [0-9]* ' "$out")" -eq 4 ] || fail "bgplay: saved record is not 4 plies"
input "load $tmp/saved.rec
undo
quit"
run 0 "$BGPLAY" tak-tikl
grep -q "> loaded $tmp/saved.rec: kutochki, 4 plies$" "$out" ||
	fail "bgplay: load did not load the record"
run 0 "$BGPLAY" --load "$tmp/saved.rec" --quiet --selfplay --max-plies 2
[ "$(grep -Ec '^[0-9]+\. [A-Za-z]+: ' "$out")" -eq 2 ] ||
	fail "bgplay --load: did not go on from the record"
grep -q '^3\. White: ' "$out" || fail "bgplay --load: not at move 3"
# A Dots SGF file loads too: of a collection the first game, said so.
input "load $tmp/dots-coll.sgf
quit"
run 0 "$BGPLAY" tochki
if ! grep -q "> $tmp/dots-coll.sgf: the first of 2 games$" "$out" ||
   ! grep -q "^loaded $tmp/dots-coll.sgf: tochki:size=5x5,start=empty, 1 ply$" "$out"; then
	fail "bgplay: load of an SGF collection"
fi
# The list's count in words: a wolf with one move left.
printf '%s\n' '[Game "wolf-sheep"]' '' '1. d8-e7 e1-d2 2. e7-f6 d2-e3 3. f6-e7
c1-b2 4. e7-d6 e3-d4 5. d6-c7 g1-f2 6. c7-b6 f2-g3 7. b6-a5 b2-c3 8. a5-b4
d4-c5 9. b4-a3 g3-f4 10. a3-b2 c3-d4 11. b2-c3 a1-b2 12. c3-b4 c5-d6 13.
b4-a3 d4-e5 *' >"$tmp/one-move.rec"
input "moves
quit"
run 0 "$BGPLAY" --load "$tmp/one-move.rec" --white human --black human
grep -q "^14\. Wolf> a3-b4  (1 move)$" "$out" || fail "bgplay: one move is '(1 move)'"
no_input
run 1 "$BGPLAY" --load "$tmp/no-such-file"
expect_err "no-such-file: "

no_input
run 1 "$BGPLAY" kutochki:bogus=1 --selfplay
expect_err "bgplay: "
run 1 "$BGPLAY" nosuchgame --selfplay
expect_err "bgplay: unknown game"
for args in "" "--selfplay" "kutochki --seed" "kutochki --seed x" \
	    "kutochki --max-plies -1" "kutochki extra" "kutochki --bogus" \
	    "kutochki --white robot" "kutochki --players mcts" \
	    "kutochki --players mcts,robot" "kutochki --selfplay --black human" \
	    "kutochki --playouts 0" "kutochki --think x" "kutochki --think 0"; do
	# shellcheck disable=SC2086
	run 2 "$BGPLAY" $args
	expect_err "usage: bgplay SPEC"
	grep -q '^bgplay: ' "$err" || fail "bgplay $args: no message saying why"
done

# ---- bginfo -----------------------------------------------------------------

run 0 "$BGINFO"
grep -q '^kutochki  *Corners (Kutochki) / Куточки (Уголки)  (aliases: corners, ugolki)$' "$out" ||
	fail "bginfo: no kutochki line"
[ "$(wc -l <"$out")" -ge 2 ] || fail "bginfo: fewer than 2 games"
run 0 "$BGINFO" corners
expect_line 1 "kutochki: Corners (Kutochki) / Куточки (Уголки)"
grep -Eq '^  size +int +default 8 +allowed 8\|10$' "$out" ||
	fail "bginfo corners: no size option"
grep -Eq '^  diagonal +bool +default 0 +allowed 0\|1$' "$out" ||
	fail "bginfo corners: no diagonal option"
run 1 "$BGINFO" nosuchgame
expect_err "bginfo: nosuchgame: unknown game"
for args in "kutochki mill" "--bogus"; do
	# shellcheck disable=SC2086
	run 2 "$BGINFO" $args
	expect_err "usage: bginfo \[GAME\]"
done
run 0 "$BGINFO" --help
grep -q '^usage: bginfo' "$out" || fail "bginfo --help"

# ---- bgbench ----------------------------------------------------------------
# The line's shape and counts, never its speed (wolf and sheep has no draw).

run 0 "$BGBENCH" wolf-sheep --games 3
grep -Eq '^wolf-sheep playouts/s=[0-9]+ plies/s=[0-9]+ avg_plies=[0-9.]+ wins0=[0-9]+ wins1=[0-9]+ draws=0 unfinished=0 memory=[0-9]+ ply_bytes=[0-9]+ allocs=\??[0-9]+$' "$out" ||
	fail "bgbench --games 3: not the playout line"
sed 's/.* wins0=\([0-9]*\) wins1=\([0-9]*\) .*/\1 \2/' "$out" >"$tmp/wins"
read -r w0 w1 <"$tmp/wins"
[ $((w0 + w1)) -eq 3 ] || fail "bgbench --games 3: $w0 + $w1 games, wanted 3"
# With --list every move is listed and one drawn from the list (the
# harness's draw): whole games, counted, and the same games for a seed.
run 0 "$BGBENCH" mill --games 20 --list --seed 5
sed 's/.* avg_plies=\([0-9.]*\) wins0=\([0-9]*\) wins1=\([0-9]*\) draws=\([0-9]*\) unfinished=\([0-9]*\) .*/\1 \2 \3 \4 \5/' \
	"$out" >"$tmp/listed"
read -r plies w0 w1 d u <"$tmp/listed"
[ $((w0 + w1 + d)) -eq 20 ] && [ "$u" -eq 0 ] ||
	fail "bgbench --list --games 20: $w0 + $w1 + $d games, $u unfinished"
run 0 "$BGBENCH" mill --games 20 --list --seed 5
grep -q " avg_plies=$plies wins0=$w0 wins1=$w1 draws=$d " "$out" ||
	fail "bgbench --list --seed 5: other games the second time"
run 0 "$BGBENCH" kutochki --perft 3
grep -q '^kutochki perft 3 nodes=3584 nodes/s=' "$out" || fail "bgbench --perft 3"
for args in "kutochki --games 3 --seconds 1" "kutochki --games 0" "--bogus"; do
	# shellcheck disable=SC2086
	run 2 "$BGBENCH" $args
	expect_err "usage: bgbench"
done

# ---- Bad arguments and --help, for every tool ----------------------------
# A bad argument: the first line names it and says why, then the usage, and
# the status is 2. --help: the usage on stdout, status 0.

# bad TOOL-PATH "WHY LINE" ARGS...
bad() {
	tool=$1
	why=$2
	shift 2
	no_input
	run 2 "$tool" "$@"
	name=$(basename "$tool")
	line=$(sed -n 1p "$err")
	[ "$line" = "$name: $why" ] ||
		fail "$name $*: first line '$line', wanted '$name: $why'"
	grep -q "^usage: $name" "$err" || fail "$name $*: no usage after the why"
}

# help TOOL-PATH: --help and -h print the usage on stdout and exit 0.
help() {
	name=$(basename "$1")
	for h in --help -h; do
		no_input
		run 0 "$1" $h
		sed -n 1p "$out" | grep -q "^usage: .*$name" ||
			fail "$name $h: no usage on stdout"
		[ -s "$err" ] && fail "$name $h: wrote to stderr"
	done
	return 0
}

bad "$BGPERFT" "depth 65 is out of range 1..64" kutochki 65
bad "$BGPERFT" "depth 0 is out of range 1..64" kutochki 0
bad "$BGPERFT" "depth -1 is out of range 1..64" kutochki -1
bad "$BGPERFT" "DEPTH x is not a number" kutochki x
bad "$BGPERFT" "no DEPTH after kutochki" kutochki
bad "$BGPERFT" "no SPEC: give a game (bginfo lists them)"
bad "$BGPERFT" "3: one SPEC and one DEPTH only" kutochki 2 3
bad "$BGPERFT" "--bogus: unknown option" kutochki 2 --bogus
help "$BGPERFT"

bad "$BGCHECK" "--count: unknown option" kutochki --count
bad "$BGCHECK" "no SPEC: give a game (bginfo lists them)"
help "$BGCHECK"

bad "$BGINFO" "mill: one GAME at most" kutochki mill
bad "$BGINFO" "--bogus: unknown option" --bogus
help "$BGINFO"

bad "$BGPLAY" "--seed x: needs a number" kutochki --seed x
bad "$BGPLAY" "--seed=x: needs a number" kutochki --seed=x
bad "$BGPLAY" "--seed: needs a number" kutochki --seed
bad "$BGPLAY" "--white robot: needs human, random or mcts" kutochki --white robot
bad "$BGPLAY" "--think 0: needs a number of seconds" kutochki --think 0
bad "$BGPLAY" "extra: more than one SPEC" kutochki extra
bad "$BGPLAY" "--bogus: unknown option" kutochki --bogus
bad "$BGPLAY" "no game: give a SPEC (bginfo lists the games)"
help "$BGPLAY"

bad "$BGBENCH" "--games: 0 is out of range 1..1000000000000" kutochki --games 0
bad "$BGBENCH" "--seconds: x is not a number" kutochki --seconds x
bad "$BGBENCH" "--seconds: needs a value" kutochki --seconds
bad "$BGBENCH" "--games: not with --seconds" kutochki --games 3 --seconds 1
bad "$BGBENCH" "x: one SPEC only" kutochki x
bad "$BGBENCH" "--bogus: unknown option" --bogus
bad "$BGBENCH" "no SPEC: give a game or --all"
help "$BGBENCH"

if [ -n "$KVARTET_SOLVE" ]; then
	bad "$KVARTET_SOLVE" "--validate: needs a number of games" --validate
	bad "$KVARTET_SOLVE" "x: the games of --validate are a number in 0..1000000" \
		--validate x
	bad "$KVARTET_SOLVE" "--bogus: unknown option" --bogus
	help "$KVARTET_SOLVE"
fi

# dev.sh: --help names every subcommand of its case and the variables it
# reads (${NAME...} in the script).
if [ -n "$DEV_SH" ]; then
	run 0 sh "$DEV_SH" --help
	grep -q '^usage: ./dev.sh' "$out" || fail "dev.sh --help: no usage"
	for cmd in $(sed -n 's/^\([a-z][a-z|-]*\))$/\1/p' "$DEV_SH" | tr '|' ' '); do
		grep -q "^  $cmd " "$out" || fail "dev.sh --help does not list $cmd"
	done
	for var in $(grep -o '\${[A-Z_][A-Z_0-9]*' "$DEV_SH" | sed 's/\${//' | sort -u); do
		grep -q "^  $var " "$out" || fail "dev.sh --help does not name $var"
	done
	run 2 sh "$DEV_SH" bogus
	expect_err "dev.sh: bogus: unknown subcommand"
fi

if [ "$failures" -ne 0 ]; then
	echo "$failures failure(s)" >&2
	exit 1
fi
echo "all tool tests passed"
