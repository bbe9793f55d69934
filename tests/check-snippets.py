#!/usr/bin/env python3
"""Every code block of README.md and doc/ (doc/*.md and doc/games/*.md,
found anew on each run) compiles and runs, by its language:

  c        a program (it has main) is compiled against the built library
           and run; a fragment is run as the body of main, with the
           library's headers and <stdio.h>, <stdlib.h>, <string.h> included;
           after <!-- snippet: declarations --> it is compiled after the
           library's headers, so it must agree with them
  python   run with the binding and the built library
  sh       run by sh in the source tree, with the built library and tools
           (build/examples, build/bench) first on PATH
  text     output, a format or a table for people: not code, not run

A block that is code but must not run here says so and why on the line
before its fence: <!-- not run: it installs into the system -->. A block
without a language fails the test, so that nothing is left unchecked
unawares. Each block must exit 0.

usage: check-snippets.py SOURCE_ROOT BUILD_DIR LIBRARY CC [CC_ARGS...]
"""
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

FENCE = re.compile(r"^(\s*)```(.*)$")
NOT_RUN = re.compile(r"^<!-- not run: (\S.*\S) -->$")
MODE = re.compile(r"^<!-- snippet: (\w+) -->$")
TIMEOUT = 120

C_PRELUDE = """#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <boardgames/boardgames.h>
#include <boardgames/kutochki.h>
#include <boardgames/tochki.h>
"""


class Block:
    def __init__(self, path, line, lang, text, not_run, mode):
        self.path, self.line, self.lang = path, line, lang
        self.text, self.not_run, self.mode = text, not_run, mode

    def __str__(self):
        return "%s:%d (%s)" % (self.path, self.line, self.lang or "no language")


def blocks(root):
    """The fenced blocks of README.md and every page of doc/."""
    pages = [root / "README.md"] + sorted((root / "doc").glob("*.md")) + \
        sorted((root / "doc" / "games").glob("*.md"))
    for page in pages:
        lines = page.read_text(encoding="utf-8").split("\n")
        i = 0
        while i < len(lines):
            m = FENCE.match(lines[i])
            if not m:
                i += 1
                continue
            indent, lang = m.group(1), m.group(2).strip()
            j = i + 1
            while j < len(lines) and not re.match(r"^\s*```\s*$", lines[j]):
                j += 1
            body = "\n".join(line[len(indent):] if line.startswith(indent)
                             else line for line in lines[i + 1:j]) + "\n"
            before = lines[i - 1].strip() if i else ""
            not_run = NOT_RUN.match(before)
            mode = MODE.match(before)
            yield Block(page.relative_to(root), i + 1, lang, body,
                        not_run.group(1) if not_run else None,
                        mode.group(1) if mode else None)
            i = j + 1


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True,
                          timeout=TIMEOUT, **kw)


def check_c(block, ctx, tmp):
    src = Path(tmp) / "snippet.c"
    exe = Path(tmp) / "snippet"
    text = block.text
    if block.mode == "declarations":
        text = C_PRELUDE + text
        compile_only = True
    elif re.search(r"\bmain\s*\(", text):
        compile_only = False
    else:
        text = C_PRELUDE + "int main(void)\n{\n" + text + "\treturn 0;\n}\n"
        compile_only = False
    src.write_text(text)
    if compile_only:
        proc = run(ctx["cc"] + ["-std=c11", "-Wall", "-Werror", "-fsyntax-only",
                                "-I", ctx["include"], str(src)])
        return proc
    proc = run(ctx["cc"] + ["-std=c11", "-Wall", "-Werror", "-I",
                            ctx["include"], str(src), "-o", str(exe),
                            "-L", ctx["libdir"], "-lboardgames",
                            "-Wl,-rpath," + ctx["libdir"]])
    if proc.returncode != 0:
        return proc
    return run([str(exe)], cwd=tmp)


def check_python(block, ctx, tmp):
    return run([sys.executable, "-c", block.text], env=ctx["env"], cwd=tmp)


def check_sh(block, ctx, tmp):
    return run(["sh", "-e", "-c", block.text], env=ctx["env"],
               cwd=ctx["root"])


CHECKS = {"c": check_c, "python": check_python, "sh": check_sh}
NOT_CODE = {"text"}


def main(argv):
    if len(argv) < 5:
        print(__doc__.rsplit("usage: ", 1)[1].strip(), file=sys.stderr)
        return 2
    root, build = Path(argv[1]).resolve(), Path(argv[2]).resolve()
    library = Path(argv[3]).resolve()
    libdir = str(library.parent)
    env = dict(os.environ)
    env["BOARDGAMES_LIBRARY"] = str(library)
    env["PYTHONPATH"] = str(root / "bindings" / "python")
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["LD_LIBRARY_PATH"] = libdir
    env["PATH"] = os.pathsep.join([str(build / "examples"),
                                   str(build / "bench"), env.get("PATH", "")])
    ctx = {"root": root, "cc": argv[4:], "include": str(root / "include"),
           "libdir": libdir, "env": env}
    failures = ran = skipped = 0
    for block in blocks(root):
        if block.lang in NOT_CODE:
            continue
        if block.not_run is not None:
            print("not run: %s: %s" % (block, block.not_run))
            skipped += 1
            continue
        check = CHECKS.get(block.lang)
        if check is None:
            print("FAIL: %s: give the block a language (%s or text), or "
                  "say why it is not run: <!-- not run: WHY -->"
                  % (block, ", ".join(sorted(CHECKS))))
            failures += 1
            continue
        with tempfile.TemporaryDirectory() as tmp:
            try:
                proc = check(block, ctx, tmp)
            except subprocess.TimeoutExpired:
                print("FAIL: %s: over %d s" % (block, TIMEOUT))
                failures += 1
                continue
        ran += 1
        if proc.returncode != 0:
            print("FAIL: %s: exit %d\n%s%s" % (block, proc.returncode,
                                               proc.stdout, proc.stderr))
            failures += 1
        else:
            print("ok: %s" % block)
    print("%d blocks run, %d not run, %d failed" % (ran, skipped, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
