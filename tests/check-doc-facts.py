#!/usr/bin/env python3
"""The figures the docs state as facts hold for the program as built:

  - README's demo: `./dev.sh demo` runs the self-play game the README
    names, which ends as the README says (a win by the leave-home check at
    the move it gives) in "a second or so" (checked as CPU time, which load
    does not stretch as it does the wall clock, within 5 s to leave room for
    sanitizer builds);
  - the fuzz harnesses: doc/reliability.md gives their number in words and
    names each one fuzz/meson.build builds;
  - bgbench's output fields: the line documented in doc/tools.md, its man
    page and doc/performance.md has the fields bgbench prints, in order;
  - bgplay's result line: the example in doc/tools.md has the shape of the
    line bgplay prints for the same end (numbers aside).

usage: check-doc-facts.py SOURCE_ROOT BGPLAY BGBENCH
"""
import re
import resource
import subprocess
import sys
from pathlib import Path

NUMBERS = ("zero one two three four five six seven eight nine ten eleven "
           "twelve").split()
failures = []


def fail(what):
    failures.append(what)
    print("FAIL: " + what)


def run(args):
    return subprocess.run(args, capture_output=True, text=True, timeout=240,
                          check=True).stdout


def cpu_seconds():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def check_demo(root, bgplay):
    readme = (root / "README.md").read_text(encoding="utf-8")
    dev = (root / "dev.sh").read_text(encoding="utf-8")
    m = re.search(r"runs\s+`build/examples/bgplay ([^`]*)`", readme)
    if not m:
        return fail("README: no bgplay command for ./dev.sh demo")
    args = m.group(1).split()
    if '"$build"/examples/bgplay ' + m.group(1) not in dev:
        fail("dev.sh demo does not run bgplay %s" % m.group(1))
    before = cpu_seconds()
    out = run([bgplay] + args).splitlines()
    cpu = cpu_seconds() - before
    if "a second or so" in readme and cpu > 5:
        fail("README says a second or so; the demo took %.1f s of CPU" % cpu)
    m = re.search(r"wins by the ([a-z-]+) check at move (\d+)", readme)
    if not m:
        return fail("README: no 'wins by the ... check at move N'")
    reason, move = m.group(1), int(m.group(2))
    last = [line for line in out if re.match(r"^\d+\. \w+: ", line)][-1]
    if int(last.split(".")[0]) != move:
        fail("README says move %d; the demo's last move is '%s'"
             % (move, last))
    result = out[-1]
    if not re.match(r"^Result: 1-0\. White wins: .* \(%s\)\." % reason,
                    result):
        fail("README says White wins by %s; the demo ends '%s'"
             % (reason, result))
    return out


def check_fuzz(root):
    build = (root / "fuzz" / "meson.build").read_text(encoding="utf-8")
    m = re.search(r"foreach name : \[([^\]]*)\]", build)
    names = ["fuzz_" + n for n in re.findall(r"'(\w+)'", m.group(1))]
    files = sorted(p.stem for p in (root / "fuzz").glob("fuzz_*.c"))
    if sorted(names) != files:
        fail("fuzz/meson.build builds %s, fuzz/ has %s" % (names, files))
    doc = (root / "doc" / "reliability.md").read_text(encoding="utf-8")
    m = re.search(r"holds (\w+) libFuzzer harnesses", doc)
    if not m or m.group(1) not in NUMBERS or \
            NUMBERS.index(m.group(1)) != len(names):
        fail("doc/reliability.md: '%s' libFuzzer harnesses, fuzz/ has %d"
             % (m.group(1) if m else "?", len(names)))
    for name in names:
        if ("`%s`" % name) not in doc:
            fail("doc/reliability.md does not describe %s" % name)


def fields(text):
    return re.findall(r"([a-z_0-9]+(?:/s)?)=", text)


def check_bgbench(root, bgbench):
    got = fields(run([bgbench, "wolf-sheep", "--games", "3"]))
    docs = {
        "doc/tools.md": re.search(r"`SPEC (playouts/s=[^`]*)`",
                                  (root / "doc/tools.md").read_text()),
        "doc/man/bgbench.1": re.search(r"SPEC (playouts/s=.*?allocs=N)",
                                       (root / "doc/man/bgbench.1").read_text(),
                                       re.S),
        "doc/performance.md": re.search(r"```text\n\w+ (playouts/s=[^`]*)```",
                                        (root / "doc/performance.md").read_text()),
    }
    for page, m in docs.items():
        if not m:
            fail("%s: no bgbench line" % page)
        elif fields(m.group(1)) != got:
            fail("%s lists %s; bgbench prints %s"
                 % (page, fields(m.group(1)), got))


def check_result_example(root, demo):
    doc = (root / "doc/tools.md").read_text(encoding="utf-8")
    m = re.search(r"^(Result: 1-0\. .*\(leave-home\)\..*)$", doc, re.M)
    if not m:
        return fail("doc/tools.md: no leave-home Result example")
    shape = re.escape(m.group(1))
    shape = re.sub(r"\d+", r"\\d+", shape).replace(r"about\ ", r"(?:about\ )?")
    if not re.fullmatch(shape, demo[-1]):
        fail("doc/tools.md's example '%s' is not the shape of '%s'"
             % (m.group(1), demo[-1]))


def main(argv):
    if len(argv) != 4:
        print(__doc__.rsplit("usage: ", 1)[1].strip(), file=sys.stderr)
        return 2
    root = Path(argv[1])
    demo = check_demo(root, argv[2])
    check_fuzz(root)
    check_bgbench(root, argv[3])
    if demo:
        check_result_example(root, demo)
    print("%d failures" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
