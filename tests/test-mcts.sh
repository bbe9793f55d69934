#!/bin/sh
# The generic MCTS player of bgplay beats the random player.
# usage: test-mcts.sh BGPLAY
#
# For each game below: GAMES short seeded games of mcts (PLAYOUTS playouts
# a move) against random, mcts taking seat 0 in the odd games and seat 1 in
# the even ones. Each game must give mcts at least MIN_PER_GAME wins out of
# GAMES, and all of them together at least MIN_TOTAL percent. Draws count
# as not won. Seeded: the same library plays the same games every run. No
# timing is asserted.
#
# Corners plays its default gambiter rules: random playouts alone almost
# never clear a home by the leave-home check at move 40, so the search
# relies on the game's evaluation (bg_evaluate), which it backs up after a
# few random plies.
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

specs="tak-tikl kvartet mill wolf-sheep senegal alquerque kutochki"

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
			--playouts "$PLAYOUTS" --players "$players" "$spec" 2>&1 |
			tail -n 1)
		set -e
		case $line in
		"Result: 1-0."*) winner=0 ;;
		"Result: 0-1."*) winner=1 ;;
		"Result: 1/2-1/2."*) winner=- ;;
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
	echo "$spec: mcts won $won, drew $drawn, lost $lost of $played"
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
