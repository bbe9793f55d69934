#!/bin/sh
# Set up, build and run libboardgames on a Debian or Ubuntu machine.
#   ./dev.sh demo   install what is missing, build, play a self-play game
#   ./dev.sh test   install what is missing, build, run every test
#   ./dev.sh --help what the subcommands do and the variables read
# Builds go to build/ (override with BUILD=dir).
set -eu
cd "$(dirname "$0")"
build=${BUILD:-build}

need_packages() {
	missing=""
	command -v meson >/dev/null 2>&1 || missing="$missing meson"
	command -v ninja >/dev/null 2>&1 || missing="$missing ninja-build"
	command -v cc >/dev/null 2>&1 || missing="$missing gcc"
	command -v c++ >/dev/null 2>&1 || missing="$missing g++"
	command -v pkg-config >/dev/null 2>&1 || missing="$missing pkg-config"
	command -v python3 >/dev/null 2>&1 || missing="$missing python3"
	# The API reference and its test (suite docs) need doxygen.
	command -v doxygen >/dev/null 2>&1 || missing="$missing doxygen"
	command -v abidiff >/dev/null 2>&1 || missing="$missing abigail-tools"
	# The Python binding's type hints are checked when mypy is at hand.
	command -v mypy >/dev/null 2>&1 || missing="$missing mypy"
	pkg-config --exists check 2>/dev/null || missing="$missing check"
	# The Python binding's NumPy environments and Dask module (suite python).
	python3 -c 'import numpy' 2>/dev/null || missing="$missing python3-numpy"
	python3 -c 'import distributed' 2>/dev/null || missing="$missing python3-distributed"
	echo "$missing"
}

setup() {
	missing=$(need_packages)
	if [ -n "$missing" ]; then
		sudo=""
		[ "$(id -u)" -eq 0 ] || sudo=sudo
		echo "dev.sh: installing$missing"
		$sudo apt-get update -qq
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
	fi
	[ -f "$build/build.ninja" ] || meson setup "$build" >/dev/null
	ninja -C "$build" >/dev/null
}

usage() {
	cat <<'EOF'
usage: ./dev.sh demo | test [MESON-TEST-ARGS...] | --help
  demo    install what is missing, build, play a self-play game of Corners
  test    install what is missing, build, run every test (or those named,
          e.g. ./dev.sh test mill) and print "N passed, M failed"
  --help  this text
Variables read:
  BUILD   the build directory (default build)
The tests also read, through meson test:
  BG_CONFORMANCE_SCALE  fraction of the conformance suite's random games
  CK_FORK               "no" runs each Check suite in one process
Missing Debian packages are installed with apt-get (through sudo unless
run as root).
EOF
}

case "${1:-}" in
demo)
	setup
	"$build"/examples/bgplay --selfplay --seed 7 kutochki
	;;
test)
	setup
	status=0
	shift; meson test -C "$build" --print-errorlogs "$@" >/dev/null 2>&1 || status=$?
	python3 tests/summary.py "$build"/meson-logs/testlog.json
	[ $status -eq 0 ] || exit 1
	;;
-h|--help)
	usage
	;;
*)
	if [ -n "${1:-}" ]; then
		echo "dev.sh: $1: unknown subcommand" >&2
	else
		echo "dev.sh: no subcommand" >&2
	fi
	usage >&2
	exit 2
	;;
esac
