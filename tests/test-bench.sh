#!/bin/sh
# The bench tools a change is measured with, driven as a maintainer does:
# bglearn's --write (what a step writes) and --single (one game's calls),
# and bench/compare.sh (two builds in turn). Rates are not asserted, only
# that each run reports.
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
for w in none obs mask both; do
	out=$("$BGLEARN" --steps 50 --batch 1 --threads 1 --write "$w" \
		wolf-sheep) || fail "bglearn --write $w exits $?"
	echo "$out" | grep -Eq "$line" || fail "bglearn --write $w: $out"
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

if [ $failures -ne 0 ]; then
	echo "$failures failed" >&2
	exit 1
fi
echo "bench tools: ok"
