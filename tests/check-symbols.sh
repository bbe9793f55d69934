#!/bin/sh
# The library exports exactly the symbols of its version script, and every
# one of them is declared BG_API in a public header.
set -eu
lib=$1
map=$2
top=$(dirname "$0")/..

case $lib in
*.dll) # A Windows DLL: the names of its export table.
	exported=$(objdump -p "$lib" | sed -n '/^\[Ordinal\/Name Pointer\] Table/,/^$/s/^[[:space:]]*\[ *[0-9]*\] //p' | sort -u) ;;
*)
	exported=$(nm -D --defined-only "$lib" | awk '$2 == "T" || $2 == "D" || $2 == "B" || $2 == "R" { print $3 }' | sed 's/@.*//' | sort -u) ;;
esac
listed=$(sed -n 's/^[[:space:]]*\(bg_[a-z0-9_]*\);$/\1/p' "$map" | sort -u)
declared=$(sed -n 's/^BG_API [^(]*[ *]\(bg_[a-z0-9_]*\)(.*/\1/p' "$top"/include/boardgames/*.h | sort -u)

status=0
if [ "$exported" != "$listed" ]; then
	echo "exported symbols differ from $map:"
	printf '%s\n' "$exported" > exported.tmp
	printf '%s\n' "$listed" > listed.tmp
	diff exported.tmp listed.tmp || true
	rm -f exported.tmp listed.tmp
	status=1
fi
if [ "$declared" != "$listed" ]; then
	echo "BG_API declarations differ from $map:"
	printf '%s\n' "$declared" > declared.tmp
	printf '%s\n' "$listed" > listed.tmp
	diff declared.tmp listed.tmp || true
	rm -f declared.tmp listed.tmp
	status=1
fi
[ $status -eq 0 ] && echo "$(printf '%s\n' "$listed" | wc -l) symbols, all declared and exported"
exit $status
