#!/bin/sh
# Set up, build and run libboardgames on a Debian or Ubuntu machine.
#   ./dev.sh demo   install what is missing, build, play a self-play game
#   ./dev.sh test   install what is missing, build, run every test
#   ./dev.sh coverage  the share of the library's lines the tests run
#   ./dev.sh web    build the web page and serve it on localhost
#   ./dev.sh --help what the subcommands do and the variables read
# Builds go to build/ (override with BUILD=dir), the WebAssembly build of
# the JavaScript binding and the web page to build-web/ (WEB_BUILD=dir).
set -eu
cd "$(dirname "$0")"
build=${BUILD:-build}
web_build=${WEB_BUILD:-build-web}

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
	# The GTP test drives bgengine through an npm package (tests/gtp).
	command -v node >/dev/null 2>&1 || missing="$missing nodejs"
	command -v npm >/dev/null 2>&1 || missing="$missing npm"
	# The Python binding's NumPy environments and Dask module (suite
	# python), for the Python meson runs on (Debian's).
	dpkg -s python3-numpy >/dev/null 2>&1 || missing="$missing python3-numpy"
	dpkg -s python3-distributed >/dev/null 2>&1 || missing="$missing python3-distributed"
	echo "$missing"
}

# apt_install PACKAGE...: the Debian packages given, when any is.
apt_install() {
	[ $# -gt 0 ] || return 0
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	echo "dev.sh: installing $*"
	# A mirror caught mid-sync fails one index and apt-get says so, though
	# the others were read: tried twice, then installed from what is at hand.
	$sudo apt-get update -qq || $sudo apt-get update -qq ||
		echo "dev.sh: apt-get update failed; installing from the indexes at hand" >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

setup() {
	# shellcheck disable=SC2046
	apt_install $(need_packages)
	[ -f "$build/build.ninja" ] || meson setup "$build" >/dev/null
	ninja -C "$build" >/dev/null
}

# The WebAssembly build of the JavaScript binding and the web page, with
# Debian's emscripten (whose optimizer needs Debian's Node modules), and
# what its tests use besides node: chromium and puppeteer-core (web/tests, pinned
# by its lockfile).
setup_web() {
	missing=""
	command -v emcc >/dev/null 2>&1 || missing="$missing emscripten"
	command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
	# shellcheck disable=SC2086
	apt_install $missing
	[ -d web/tests/node_modules ] ||
		(cd web/tests && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
	export NODE_PATH=/usr/share/nodejs
	[ -f "$web_build/build.ninja" ] ||
		meson setup "$web_build" --cross-file cross/wasm32-emscripten.txt \
			-Dtests=disabled -Dexamples=disabled -Dbench=disabled \
			-Ddocs=disabled -Dpython=disabled >/dev/null
	ninja -C "$web_build" >/dev/null
}

usage() {
	cat <<'EOF'
usage: ./dev.sh demo | test [MESON-TEST-ARGS...] | coverage | web | --help
  demo    install what is missing, build, play a self-play game of Corners
  test    install what is missing, build, run every test (or those named,
          e.g. ./dev.sh test mill) and print "N passed, M failed"; with no
          names also the WebAssembly build's JavaScript and browser tests
  coverage  the Check and tools suites in a build with gcc's coverage
          counts: the share of the library's lines they run (gcovr), a
          table and an HTML report; fails below COVERAGE_FLOOR
  web     build the web page (WebAssembly) and serve it on localhost
  --help  this text
Variables read:
  BUILD      the build directory (default build)
  WEB_BUILD  the WebAssembly build directory (default build-web)
  PORT       the port ./dev.sh web serves on (default 8000)
  COVERAGE_BUILD  the coverage build directory (default build-coverage)
  COVERAGE_FLOOR  the least share of lines, in % (default 93)
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
	shift
	meson test -C "$build" --print-errorlogs "$@" >/dev/null 2>&1 || status=$?
	logs="$build/meson-logs/testlog.json"
	if [ $# -eq 0 ]; then
		setup_web
		meson test -C "$web_build" --print-errorlogs >/dev/null 2>&1 || status=$?
		logs="$logs $web_build/meson-logs/testlog.json"
	fi
	# shellcheck disable=SC2086
	python3 tests/summary.py $logs
	[ $status -eq 0 ] || exit 1
	;;
coverage)
	# gcc's counts (--coverage) of the library's lines run by the Check
	# and tools suites, read by gcovr; below the floor the run fails.
	# shellcheck disable=SC2046
	apt_install $(need_packages) $(command -v gcovr >/dev/null 2>&1 || echo gcovr)
	cov=${COVERAGE_BUILD:-build-coverage}
	[ -f "$cov/build.ninja" ] ||
		meson setup "$cov" -Db_coverage=true -Ddocs=disabled -Dbench=disabled >/dev/null
	ninja -C "$cov" >/dev/null
	find "$cov" -name '*.gcda' -delete
	# Notes files without their object (an earlier version's library,
	# after a version change) would be merged by gcovr with the current
	# ones, and it stops on them.
	find "$cov" -name '*.gcno' | while read -r notes; do
		[ -e "${notes%.gcno}.o" ] || rm -f "$notes"
	done
	mkdir -p "$cov/coverage"
	status=0
	# The suites' timeouts are set for optimized builds; this one is not
	# optimized and counts every line (the conformance suite took 262 of
	# its 300 s on an idle machine).
	meson test -C "$cov" --suite check --suite tools --print-errorlogs \
		--timeout-multiplier 3 >/dev/null 2>&1 || status=$?
	gcovr -r . --object-directory "$cov" -f lib/ --txt "$cov/coverage/files.txt" \
		--html-details "$cov/coverage/index.html" --print-summary \
		--fail-under-line "${COVERAGE_FLOOR:-93}" || status=1
	echo "dev.sh: each file's lines in $cov/coverage/files.txt, the lines themselves in $cov/coverage/index.html"
	python3 tests/summary.py "$cov/meson-logs/testlog.json"
	[ $status -eq 0 ] || exit 1
	;;
web)
	setup_web
	port=${PORT:-8000}
	echo "dev.sh: the page is at http://localhost:$port/ (Ctrl-C stops the server)"
	exec python3 -m http.server -d "$web_build/web/site" "$port"
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
