#!/bin/sh
# The bench tools a change is measured with, driven as a maintainer does:
# bglearn's --write (what a step writes, masks or lists) and --single (one
# game's calls), bench/compare.sh (two builds in turn) and
# bench/reference.sh (against RBG through the reference build, on
# stand-ins). Rates are not asserted, only that each run reports.
# usage: test-bench.sh BGLEARN COMPARE_SH LIBDIR
set -eu

if [ $# -ne 3 ]; then
	echo "usage: $0 BGLEARN COMPARE_SH LIBDIR" >&2
	exit 2
fi
BGLEARN=$1
COMPARE=$2
LIBDIR=$3
failures=0

fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

line='^wolf-sheep batch=1 threads=1 steps/s=[0-9]+ actions=[0-9]+ obs=[0-9]+$'
for w in none obs mask both lists; do
	out=$("$BGLEARN" --steps 50 --batch 1 --threads 1 --write "$w" \
		wolf-sheep) || fail "bglearn --write $w exits $?"
	echo "$out" | grep -Eq "$line" || fail "bglearn --write $w: $out"
done
# Timed, after the warm-up (until each game has ended once): a batch of
# four games of tak-tikl, whose games are short, and of Dots, whose games
# outlast the warm-up's bound of the run's own time.
for s in tak-tikl tochki; do
	out=$("$BGLEARN" --seconds 0.05 --batch 4 --threads 1 "$s") ||
		fail "bglearn --seconds $s exits $?"
	echo "$out" | grep -Eq "^$s batch=4 threads=1 steps/s=[0-9]+ actions=[0-9]+ obs=[0-9]+\$" ||
		fail "bglearn --seconds $s: $out"
done
if "$BGLEARN" --write all wolf-sheep >/dev/null 2>&1; then
	fail "bglearn --write all is taken"
fi
# --single: one game through the calls on one game, in a game whose
# actions come from its hooks (Corners) and one listed (wolf and sheep).
for s in wolf-sheep kutochki; do
	single="^$s single steps/s=[0-9]+ actions=[0-9]+ obs=[0-9]+\$"
	for w in none both; do
		out=$("$BGLEARN" --single --steps 300 --write "$w" "$s") ||
			fail "bglearn --single --write $w $s exits $?"
		echo "$out" | grep -Eq "$single" ||
			fail "bglearn --single --write $w $s: $out"
	done
done
if "$BGLEARN" --single --batch 4 wolf-sheep >/dev/null 2>&1; then
	fail "bglearn --single --batch is taken"
fi
if "$BGLEARN" --single nosuchgame >/dev/null 2>&1; then
	fail "bglearn --single of an unknown game exits 0"
fi

# The same library on both sides: one line a spec, with the two sides'
# best and median and their ratio.
out=$("$COMPARE" -r 2 -c 0 "$LIBDIR" "$LIBDIR" "$BGLEARN" --steps 100 \
	--batch 1 --threads 1 wolf-sheep tak-tikl) || fail "compare.sh exits $?"
n=$(echo "$out" | grep -Ec '^(wolf-sheep|tak-tikl) batch=1 threads=1: A best [0-9]+ median [0-9]+, B best [0-9]+ median [0-9]+, B/A [0-9.]+$' || true)
[ "$n" = 2 ] || fail "compare.sh: $out"
if "$COMPARE" "$LIBDIR" /nonexistent "$BGLEARN" >/dev/null 2>&1; then
	fail "compare.sh takes a directory without the library"
fi
# The arithmetic, on a stand-in bench whose rates are known: side A's
# runs report 1, 3, 2 and side B's 30, 10, 20 (in bglearn's form) and
# 5, 6, 7 and 9, 8, 7 plies/s (in bgbench's, after its playouts/s).
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/a" "$tmp/b"
: >"$tmp/a/libboardgames.so.1"
: >"$tmp/b/libboardgames.so.1"
cat >"$tmp/fake" <<'FAKE'
#!/bin/sh
side=$(basename "$LD_LIBRARY_PATH")
k=$(cat "$LD_LIBRARY_PATH/count" 2>/dev/null || echo 0)
echo $((k + 1)) >"$LD_LIBRARY_PATH/count"
case $side$k in
a0) r=1 p=5 ;; a1) r=3 p=6 ;; a2) r=2 p=7 ;;
b0) r=30 p=9 ;; b1) r=10 p=8 ;; b2) r=20 p=7 ;;
esac
echo "alpha batch=1 threads=1 steps/s=$r actions=1 obs=1"
echo "beta playouts/s=1000 plies/s=$p avg_plies=1.0"
FAKE
chmod +x "$tmp/fake"
out=$("$COMPARE" -r 3 -c 0 "$tmp/a" "$tmp/b" "$tmp/fake") ||
	fail "compare.sh on the stand-in exits $?"
want="alpha batch=1 threads=1: A best 3 median 2, B best 30 median 20, B/A 10.000
beta: A best 7 median 6, B best 9 median 8, B/A 1.333"
[ "$out" = "$want" ] || fail "compare.sh on the stand-in: $out"

# A run that fails (no such game) fails the comparison.
if "$COMPARE" -r 1 "$LIBDIR" "$LIBDIR" "$BGLEARN" --steps 10 nosuchgame \
	>/dev/null 2>&1; then
	fail "compare.sh passes a failed run"
fi

# bench/reference.sh's arithmetic, on stand-ins for the reference build's
# bgbench and this build's: the machine twice as fast as in RBG's run
# (the reference draws twice its plies/s then), its three rounds at a
# half, once and one and a half times that, so the medians are known.
REFERENCE=$(dirname "$COMPARE")/reference.sh
mkdir -p "$tmp/build/bench"
cat >"$tmp/stand-in.sh" <<'FAKE'
# plies/s = base (millions, by spec and role) * the round's factor
spec=$1
case " $* " in *" --list "*) [ "$role" = ref ] || role=list ;; esac
case $spec-$role in
wolf-sheep-ref) base=49.54 ;; wolf-sheep-list) base=46.8 ;;
wolf-sheep-drawn) base=93.6 ;; mill-ref) base=13.0 ;;
mill-list) base=15.2 ;; mill-drawn) base=30.4 ;;
turkish-draughts-ref) base=15.24 ;; turkish-draughts-list) base=12.85 ;;
turkish-draughts-drawn) base=25.7 ;; *) exit 1 ;;
esac
count=$STANDIN_DIR/$spec-$role
k=$(cat "$count" 2>/dev/null || echo 0)
echo $((k + 1)) >"$count"
awk -v b="$base" -v k="$k" -v s="$spec" 'BEGIN {
	printf "%s playouts/s=1 plies/s=%.0f avg_plies=1.0\n", s,
	       b * 1e6 * (k == 0 ? 1.5 : k == 1 ? 0.5 : 1) }'
FAKE
printf '#!/bin/sh\nrole=ref\n' >"$tmp/stand-in"
printf '#!/bin/sh\nrole=drawn\n' >"$tmp/build/bench/bgbench"
cat "$tmp/stand-in.sh" >>"$tmp/stand-in"
cat "$tmp/stand-in.sh" >>"$tmp/build/bench/bgbench"
chmod +x "$tmp/stand-in" "$tmp/build/bench/bgbench"
mkdir "$tmp/counts"
out=$(STANDIN_DIR=$tmp/counts "$REFERENCE" -r 3 -c 0 -R "$tmp/stand-in" \
	"$tmp/build") || fail "reference.sh on the stand-ins exits $?"
want="wolf-sheep ref=49.54M list=46.80M drawn=93.60M foxAndHounds=15.60M list/drawn=0.50 list/foxAndHounds=3.00
mill ref=13.00M list=15.20M drawn=30.40M theMillGame=3.04M list/drawn=0.50 list/theMillGame=5.00
turkish-draughts ref=15.24M list=12.85M drawn=25.70M englishDraughts=5.14M list/drawn=0.50 list/englishDraughts=2.50"
[ "$out" = "$want" ] || fail "reference.sh on the stand-ins: $out"
# A failed run ends it.
rm -f "$tmp/build/bench/bgbench"
if STANDIN_DIR=$tmp/counts "$REFERENCE" -r 1 -c 0 -R "$tmp/stand-in" \
	"$tmp/build" >/dev/null 2>&1; then
	fail "reference.sh passes a failed run"
fi

if [ $failures -ne 0 ]; then
	echo "$failures failed" >&2
	exit 1
fi
echo "bench tools: ok"
