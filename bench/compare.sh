#!/bin/sh
# Compare two builds of the library with one bench command:
#
#   bench/compare.sh [-r ROUNDS] [-c CPU] DIR_A DIR_B COMMAND [ARG...]
#
# DIR_A and DIR_B each hold a libboardgames.so.1 (cp build/lib/
# libboardgames.so.1 DIR: cp follows the link). COMMAND is a bench built
# here (bgbench, bglearn), whose RUNPATH the LD_LIBRARY_PATH set for each
# run overrides. The two run in turn, ROUNDS times each (default 9),
# pinned to one CPU (default the last), so that a burst of the host's load
# or a move between cores falls on both alike. For each line of output
# (a spec, with bglearn's batch and threads) it prints the best and the
# median rate of each build and B's median over A's. The rate is steps/s,
# else plies/s, else nodes/s.
#
# Why: on these virtual machines one run of a build can be 30 % slower than
# the next for a minute, and two builds of the same instructions can differ
# by 10 % from where their code falls (doc/performance.md, Method); a
# change is known only from many runs of both, taken in turn.
set -eu

rounds=9
cpu=$(($(getconf _NPROCESSORS_ONLN) - 1))
while getopts r:c: opt; do
	case $opt in
	r) rounds=$OPTARG ;;
	c) cpu=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 3 ]; then
	echo "usage: $0 [-r ROUNDS] [-c CPU] DIR_A DIR_B COMMAND [ARG...]" >&2
	exit 2
fi
a=$1
b=$2
shift 2
for d in "$a" "$b"; do
	if [ ! -e "$d/libboardgames.so.1" ]; then
		echo "$0: no $d/libboardgames.so.1" >&2
		exit 2
	fi
done

out=$(mktemp)
run=$(mktemp)
trap 'rm -f "$out" "$run"' EXIT
i=0
while [ $i -lt "$rounds" ]; do
	for side in A B; do
		if [ $side = A ]; then dir=$a; else dir=$b; fi
		if ! LD_LIBRARY_PATH=$dir taskset -c "$cpu" "$@" >"$run"; then
			echo "$0: $* failed with $dir" >&2
			exit 1
		fi
		sed "s/^/$side /" "$run" >>"$out"
	done
	i=$((i + 1))
done

# Per key (the fields before the first rate) and side, the rates; then the
# best and the median of each side.
awk '
{
	side = $1; key = ""; rate = ""
	for (f = 2; f <= NF; f++) {
		if ($f ~ /\/s=/)
			break
		key = key (key == "" ? "" : " ") $f
	}
	for (; f <= NF; f++) {
		split($f, kv, "=")
		if (kv[1] == "steps/s") { rate = kv[2]; break }
		if (kv[1] == "plies/s" || (kv[1] == "nodes/s" && rate == ""))
			rate = kv[2]
	}
	if (rate == "")
		next
	if (!(key in seen)) { seen[key] = 1; order[++nkeys] = key }
	n[key, side]++
	v[key, side, n[key, side]] = rate + 0
}
function median(key, side,    m, i, j, t) {
	m = n[key, side]
	for (i = 1; i <= m; i++) s[i] = v[key, side, i]
	for (i = 2; i <= m; i++)
		for (j = i; j > 1 && s[j - 1] > s[j]; j--) {
			t = s[j]; s[j] = s[j - 1]; s[j - 1] = t
		}
	best[key, side] = s[m]
	return m % 2 ? s[(m + 1) / 2] : (s[m / 2] + s[m / 2 + 1]) / 2
}
END {
	for (k = 1; k <= nkeys; k++) {
		key = order[k]
		ma = median(key, "A"); mb = median(key, "B")
		ratio = ma ? mb / ma : 0
		printf "%s: A best %.0f median %.0f, B best %.0f median %.0f, B/A %.3f\n",
		       key, best[key, "A"], ma, best[key, "B"], mb, ratio
	}
}' "$out"
