#!/usr/bin/env python3
"""UGI as the cutegames match runner speaks it, against bgengine.

usage: ugi_match.py BGENGINE

A short match between two bgengine processes, driven by the exact text
cutegames sends (doc/engine.md, "A UGI transcript"): handshake, setoption
by name, and per game isready/uginewgame, `query p1turn` to the first seat
after each position, `isready`, the position twice, `query gameover` and
`go` to the side to move, and at the end `query gameover` and `query result`
to both, which must agree. Like cutegames the driver knows no rules: the
engines are the referees. Then bad input, `stop`, and a kill; and first
the command line's bad arguments.
"""
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time

ENGINE = os.path.abspath(sys.argv[1])
# What runs a program of a cross build here (meson test's, e.g. wine).
WRAPPER = shlex.split(os.environ.get("MESON_EXE_WRAPPER", ""))
GAME = "kvartet:max_plies=200"
# A position text with spaces, passed after `fen` as cutegames passes an
# opening line: every token up to `moves`.
OPENING = "kvartet:no_moves=pass,repetition=3,max_plies=200 " \
          "...../...../..w../...../..... b 1"
TIMEOUT = 60.0

failures = 0


def check(cond, what):
    global failures
    if not cond:
        failures += 1
        print("FAIL:", what)
    return cond


class Engine:
    def __init__(self, args=(), cwd=None):
        self.p = subprocess.Popen([*WRAPPER, ENGINE, *args],
                                  stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True,
                                  bufsize=1, cwd=cwd)
        self.log = []

    def send(self, line):
        self.log.append("> " + line)
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def line(self):
        s = self.p.stdout.readline()
        if not s:
            raise RuntimeError("engine ended; transcript:\n" +
                               "\n".join(self.log[-20:]))
        # cutegames strips one trailing \r and nothing else.
        s = s[:-1] if s.endswith("\n") else s
        s = s[:-1] if s.endswith("\r") else s
        self.log.append("< " + s)
        return s

    def until_exact(self, want):
        while True:
            if self.line() == want:
                return

    def until(self, first):
        """The next line whose first token (split on ' ') is `first`."""
        while True:
            s = self.line()
            tok = [t for t in s.split(" ") if t]
            if tok and tok[0] == first:
                return s, tok

    def response(self, what):
        self.send("query " + what)
        s, tok = self.until("response")
        check(len(tok) == 2, "response is two tokens: %r" % s)
        return tok[1]

    def quit(self):
        self.send("quit")
        try:
            self.p.wait(10)
        except subprocess.TimeoutExpired:
            self.p.kill()
            check(False, "quit ends the engine")


def handshake(e, options):
    e.send("ugi")
    e.until_exact("ugiok")
    for name, value in options:
        e.send("setoption name %s value %s" % (name, value))
    e.send("isready")
    e.until_exact("readyok")


def position_cmd(fen, moves):
    cmd = "position fen " + fen if fen else "position startpos"
    return cmd + (" moves " + " ".join(moves) if moves else "")


def play_game(p1, p2, fen, go):
    """One game as cutegames plays it; the result from player 1's seat."""
    for e in (p1, p2):
        e.send("isready")
        e.until_exact("readyok")
    for e in (p1, p2):
        e.send("uginewgame")
    moves = []
    # Whose turn it is at the start, then before every move: asked of
    # player 1 after a position, the game being the engines' business.
    p1.send(position_cmd(fen, moves))
    p1.response("p1turn")
    for _ in range(400):
        pos = position_cmd(fen, moves)
        p1.send(pos)
        mover = p1 if p1.response("p1turn") == "true" else p2
        mover.send("isready")
        mover.until_exact("readyok")
        mover.send(pos)
        mover.send(pos)
        if mover.response("gameover") == "true":
            results = []
            for e in (p1, p2):
                e.send("isready")
                e.until_exact("readyok")
                e.send(pos)
                e.send(pos)
                check(e.response("gameover") == "true",
                      "both engines see the end")
                e.send(pos)
                results.append(e.response("result"))
            check(results[0] == results[1],
                  "the engines agree on the result: %s" % results)
            check(results[0] in ("p1win", "p2win", "draw"),
                  "a result word: %s" % results[0])
            return results[0], len(moves)
        mover.send(go)
        s, tok = mover.until("bestmove")
        check(len(tok) == 2, "bestmove is two tokens: %r" % s)
        moves.append(tok[1])
    check(False, "the game ends within 400 plies")
    return None, len(moves)


def match():
    # Two engines as cutegames starts them: options by name, each once.
    a = Engine()
    b = Engine()
    handshake(a, [("game", GAME), ("level", "10"), ("threads", "1"),
                  ("hash", "16")])
    handshake(b, [("level", "2"), ("game", GAME)])
    games = [
        (a, b, None, "go p1time 2000 p2time 2000 p1inc 50 p2inc 50"),
        (b, a, None, "go movetime 30"),
        (a, b, OPENING, "go nodes 300"),
        (b, a, OPENING, "go depth 2"),
    ]
    for n, (p1, p2, fen, go) in enumerate(games, 1):
        result, plies = play_game(p1, p2, fen, go)
        print("game %d (%s): %s after %d plies" % (n, go, result, plies))
    a.quit()
    b.quit()


def bad_input():
    e = Engine()
    handshake(e, [("game", GAME)])
    # A legal position: the first seat has played, the second moves.
    e.send("position startpos moves c3")
    check(e.response("p1turn") == "false", "after one move p2 moves")

    def unchanged(what):
        check(e.response("p1turn") == "false", "%s changes nothing" % what)
        check(e.response("gameover") == "false",
              "%s leaves the game going" % what)

    def error_line(what):
        s, tok = e.until("info")
        check(tok[:3] == ["info", "string", "error:"],
              "%s: an error info line: %r" % (what, s))

    for cmd, what in [
        ("position startpos moves c3 c3", "an illegal move"),
        ("position startpos moves c3 zz99", "a move that does not parse"),
        ("position fen kvartet nonsense 1", "a position that does not read"),
        ("position fen", "a fen without text"),
        ("position sideways", "a position without startpos or fen"),
        ("setoption name game value nosuchgame", "an unknown game"),
        ("setoption name level value 11", "a level out of range"),
        ("setoption name threads value two", "threads not a number"),
        ("setoption name colour value blue", "an unknown option"),
        ("go movetime", "go without its number"),
        ("go sideways 10", "go with an unknown limit"),
        ("query everything", "an unknown query"),
        ("frobnicate", "an unknown command"),
    ]:
        e.send(cmd)
        error_line(what)
        unchanged(what)
    # Empty lines and CRLF line ends are read as cutegames writes them.
    e.send("")
    e.send("isready\r")
    e.until_exact("readyok")
    # After the end, go answers the error form and a null bestmove.
    e.send("position fen kvartet:max_plies=1 ...../...../..w../...../..... "
           "b 1")
    check(e.response("gameover") == "true", "max_plies=1 ends at once")
    check(e.response("result") == "draw", "the ply limit draws")
    e.send("go nodes 10")
    error_line("go after the end")
    s, tok = e.until("bestmove")
    check(tok == ["bestmove", "none"], "bestmove none after the end: %r" % s)
    # Still a working engine.
    e.send("position startpos")
    e.send("go nodes 50")
    s, tok = e.until("bestmove")
    check(len(tok) == 2 and tok[1] != "none", "a move after the errors")
    e.quit()


def stop_and_kill():
    with tempfile.TemporaryDirectory() as d:
        e = Engine(cwd=d)
        handshake(e, [("game", GAME)])
        e.send("position startpos")
        e.send("go infinite")
        time.sleep(0.3)
        # isready is answered during the search; the answer comes on stop.
        e.send("isready")
        e.until_exact("readyok")
        start = time.time()
        e.send("stop")
        s, tok = e.until("bestmove")
        check(len(tok) == 2 and tok[1] != "none", "stop gives a move: %r" % s)
        check(time.time() - start < 5, "stop is obeyed at once")
        # Killed in the middle of a search: nothing is left behind.
        e.send("go infinite")
        time.sleep(0.2)
        e.p.send_signal(signal.SIGKILL)
        e.p.wait(10)
        check(os.listdir(d) == [], "a killed engine leaves no file")


def command_line():
    """Bad arguments: status 2, the argument named with what it needs."""
    for args, want in [
        (["--level", "11"], "--level 11: needs a number from 1 to 10"),
        (["--threads", "0"], "--threads 0: needs a number from 1 to 64"),
        (["--hash", "x"], "--hash x: needs a number from 1 to 65536"),
        (["--movetime", "-5"], "--movetime -5: needs a number from 1"),
        (["--seed", "1e3"], "--seed 1e3: needs a number"),
        (["--level"], "--level: needs a value"),
        (["--colour", "blue"], "--colour: unknown option"),
        # Named unknown even when last, with no value after it.
        (["--colour"], "--colour: unknown option"),
        (["--game", "nosuchgame"], "nosuchgame: no game named 'nosuchgame'"),
    ]:
        r = subprocess.run([*WRAPPER, ENGINE, *args], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, timeout=TIMEOUT)
        first = r.stderr.replace("\r", "").split("\n")[0]
        check(r.returncode == 2 and first == "bgengine: " + want,
              "bgengine %s: status %d, %r" % (" ".join(args), r.returncode,
                                               first))
    r = subprocess.run([*WRAPPER, ENGINE, "--help"], stdin=subprocess.DEVNULL,
                       capture_output=True, text=True, timeout=TIMEOUT)
    check(r.returncode == 0 and r.stdout.startswith("usage: bgengine "),
          "bgengine --help: the usage, status 0")


def main():
    command_line()
    match()
    bad_input()
    stop_and_kill()
    if failures:
        print("%d failures" % failures)
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
