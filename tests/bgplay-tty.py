#!/usr/bin/env python3
"""bgplay at a terminal: with line editing (built with libedit or readline)
the up arrow brings back the line typed before; without it the arrow's
escape sequence is one "control characters" message. bgplay is run on a
pseudo-terminal: "moves", then up arrow and Enter, then "quit".

usage: bgplay-tty.py BGPLAY
Exit 0 when bgplay behaves as its build says, 77 (skipped) where there is
no pseudo-terminal, 1 otherwise.
"""
import os
import subprocess
import sys
import time

try:
    import pty
except ImportError:  # not on every platform
    pty = None


def edits_lines(bgplay):
    """Whether bgplay is linked with libedit or readline."""
    try:
        out = subprocess.run(["ldd", bgplay], capture_output=True, text=True,
                             timeout=60).stdout
    except OSError:
        return None
    return "libedit" in out or "libreadline" in out


def session(bgplay, keys):
    """bgplay's output on a pseudo-terminal fed these keystrokes, line by
    line (each after bgplay has had time to show its prompt)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(bgplay, [bgplay, "kutochki", "--black", "random", "--quiet"])
    out = b""
    deadline = time.time() + 60
    for k in keys:
        time.sleep(0.5)
        os.write(fd, k)
    while time.time() < deadline:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the child has gone: EIO
            break
        if not chunk:
            break
        out += chunk
    os.waitpid(pid, 0)
    return out.decode("utf-8", "replace")


def main(argv):
    if len(argv) != 2:
        print("usage: bgplay-tty.py BGPLAY", file=sys.stderr)
        return 2
    if pty is None:
        print("no pseudo-terminals here: skipped")
        return 77
    editing = edits_lines(argv[1])
    if editing is None:
        print("no ldd to tell how bgplay was built: skipped")
        return 77
    out = session(argv[1], [b"moves\r", b"\x1b[A\r", b"quit\r"])
    listings = out.count("(14 moves)")
    complaints = out.count("control characters")
    if editing and (listings, complaints) != (2, 0):
        print("with line editing the up arrow did not repeat 'moves':\n" + out)
        return 1
    if not editing and (listings, complaints) != (1, 1):
        print("without line editing the arrow key was not one message:\n"
              + out)
        return 1
    print("line editing %s: %d listings, %d messages"
          % ("on" if editing else "off", listings, complaints))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
