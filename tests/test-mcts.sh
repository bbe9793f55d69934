#!/bin/sh
# The library's search (<boardgames/search.h>), as bgplay's mcts player, beats
# the random player.
# usage: test-mcts.sh BGPLAY
#
# For each game below: GAMES short seeded games of mcts (PLAYOUTS playouts
# a move) against random, mcts taking seat 0 in the odd games and seat 1 in
# the even ones. Each game must give mcts at least MIN_PER_GAME wins out of
# GAMES, and all of them together at least MIN_TOTAL percent. Draws, and
# games still running at MAX_PLIES, count as not won. Seeded: the same
# library plays the same games every run. No timing is asserted.
#
# Every game of the catalogue under its default rules, except two sizes:
# Dots on a 10x10 field (the default 39x32 game lasts over a thousand
# plies), and Halma with a leave-home check at move 60: by default Halma has
# none, the random player seldom clears its camp, and then nobody can fill
# a target (a draw at the move limit). Corners, Halma, fox and geese,
# leopards and cows and hasami shogi have an evaluation (bg_evaluate), which
# the search backs up after a random ply.
set -eu

if [ $# -ne 1 ]; then
	echo "usage: $0 BGPLAY" >&2
	exit 2
fi
BGPLAY=$1
GAMES=${BG_MCTS_GAMES:-10}
PLAYOUTS=${BG_MCTS_PLAYOUTS:-200}
MIN_PER_GAME=$((GAMES * 8 / 10))
MIN_TOTAL=90
MAX_PLIES=${BG_MCTS_MAX_PLIES:-1000}

specs="kutochki halma:leave_home=60 tochki:size=10 wolf-sheep tak-tikl kvartet
fox-geese leopards-cows mill bolotudu senegal seega alquerque hasami-shogi
turkish-draughts"

total=0
total_won=0
failures=0
for spec in $specs; do
	won=0 drawn=0 lost=0 played=0 i=1
	while [ "$i" -le "$GAMES" ]; do
		if [ $((i % 2)) -eq 1 ]; then
			players=mcts,random mcts=0
		else
			players=random,mcts mcts=1
		fi
		set +e
		line=$("$BGPLAY" --selfplay --quiet --seed "$i" \
			--playouts "$PLAYOUTS" --max-plies "$MAX_PLIES" \
			--players "$players" "$spec" 2>&1 |
			tail -n 1)
		set -e
		case $line in
		"Result: 1-0."*) winner=0 ;;
		"Result: 0-1."*) winner=1 ;;
		"Result: 1/2-1/2."* | "Result: *."*) winner=- ;;
		*"unknown game"*)
			echo "SKIP $spec: not in this library"
			played=-1
			break ;;
		*)
			echo "FAIL $spec seed $i: no result: $line" >&2
			failures=$((failures + 1))
			winner=? ;;
		esac
		played=$((played + 1))
		if [ "$winner" = "$mcts" ]; then
			won=$((won + 1))
		elif [ "$winner" = - ]; then
			drawn=$((drawn + 1))
			echo "  $spec seed $i ($players): $line"
		else
			lost=$((lost + 1))
			echo "  $spec seed $i ($players): $line"
		fi
		i=$((i + 1))
	done
	[ "$played" -ge 0 ] || continue
	echo "$spec: mcts won $won, drew or unfinished $drawn, lost $lost of $played"
	total=$((total + played))
	total_won=$((total_won + won))
	if [ "$won" -lt "$MIN_PER_GAME" ]; then
		echo "FAIL $spec: mcts won $won of $played, wanted $MIN_PER_GAME" >&2
		failures=$((failures + 1))
	fi
done

if [ "$total" -eq 0 ]; then
	echo "FAIL: no game played" >&2
	exit 1
fi
echo "all: mcts won $total_won of $total"
if [ $((total_won * 100)) -lt $((total * MIN_TOTAL)) ]; then
	echo "FAIL: mcts won $total_won of $total, wanted $MIN_TOTAL%" >&2
	failures=$((failures + 1))
fi
[ "$failures" -eq 0 ] || exit 1
