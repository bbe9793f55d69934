"""What a new user meets: the board as str(), short repr, errors that say
what is wrong (an unknown point, a seat out of range, a move that leaves
out its removals), and type hints that mypy accepts."""
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

import boardgames

from _support import run_tool, tool

PACKAGE = Path(boardgames.__file__).resolve().parent


class TestStr(unittest.TestCase):

    def test_str_is_bgplays_board(self):
        """str(game) is the board bgplay draws, for every game: bgplay
        prints its spec line, the legend, then the board up to the Result
        line."""
        bgplay = tool("bgplay")
        if not bgplay:
            self.skipTest("bgplay not built")
        for info in boardgames.games():
            with self.subTest(game=info.name), \
                    boardgames.Game(info.name) as g:
                rc, out, err = run_tool([bgplay, info.name, "--selfplay",
                                         "--max-plies", "0"])
                self.assertEqual(rc, 0, err)
                board = out[2:next(i for i, line in enumerate(out)
                                   if line.startswith("Result:"))]
                self.assertEqual(str(g), "\n".join(board))
                self.assertEqual(g.board_text(legend=True).splitlines()[0],
                                 out[1])

    def test_flip(self):
        with boardgames.Game("kutochki") as g:
            plain = g.board_text().splitlines()
            flipped = g.board_text(flip=True).splitlines()
            self.assertEqual(plain[0], "8  b b b b . . . .")
            self.assertEqual(flipped[0], "1  w w w w . . . .")
            self.assertEqual(flipped[-1], "   h g f e d c b a")

    def test_repr_and_position(self):
        with boardgames.Game("kutochki") as g:
            self.assertEqual(repr(g),
                             "<Game 'kutochki' ply 0, White to move, ongoing>")
            self.assertTrue(g.position.startswith("kutochki:size=8,"))
            self.assertEqual(boardgames.Game.from_position(g.position).position,
                             g.position)


class TestErrors(unittest.TestCase):

    def test_unknown_point(self):
        """A name the board lacks: UnknownPoint (a ParseError and a
        KeyError) naming it, in move text and wherever a point is named."""
        with boardgames.Game("kutochki") as g:
            calls = [(lambda: g.play("e1-z9"), "z9"),
                     (lambda: g.parse_move("i1"), "i1"),
                     (lambda: g.piece("a9"), "a9"),
                     (lambda: g.point("z9"), "z9"),
                     (lambda: g.board.point("j1"), "j1"),
                     (lambda: g.legal_moves(start="a0"), "a0")]
            for call, name in calls:
                with self.subTest(name=name):
                    with self.assertRaises(boardgames.UnknownPoint) as cm:
                        call()
                    e = cm.exception
                    self.assertEqual(e.name, name)
                    self.assertIsInstance(e, boardgames.ParseError)
                    self.assertIsInstance(e, KeyError)
                    self.assertRegex(str(e), "'?%s'? is not a point of this "
                                     "board$" % name)
            self.assertEqual(g.ply, 0)
            # Text that is no move at all stays a plain ParseError.
            with self.assertRaises(boardgames.ParseError) as cm:
                g.play("hello")
            self.assertNotIsInstance(cm.exception, boardgames.UnknownPoint)

    def test_seat_out_of_range(self):
        with boardgames.Game("kutochki") as g:
            for call, seat in ((g.seat_name, 2), (g.score, 2),
                               (g.evaluate, -1), (g.resign, 5),
                               (g.kutochki_tempo, 3)):
                with self.subTest(call=call.__name__):
                    with self.assertRaises(boardgames.InvalidArgument) as cm:
                        call(seat)
                    self.assertIn("seat %d" % seat, str(cm.exception))

    def test_mill_needs_its_removal(self):
        """a1 g7 d1 f6, then g1 closes a1-d1-g1: it must name the piece it
        removes (f6 or g7), and the error says so."""
        with boardgames.Game("mill") as g:
            for m in ("a1", "g7", "d1", "f6"):
                g.play(m)
            with self.assertRaises(boardgames.AmbiguousMove) as cm:
                g.play("g1")
            self.assertEqual(cm.exception.detail, "g1 makes a mill: name the "
                             "piece to remove, e.g. g1xf6")
            self.assertEqual(g.ply, 4)
            self.assertEqual(str(g.play("g1xg7")), "g1xg7")


class TestTypes(unittest.TestCase):

    def test_mypy(self):
        """The package's hints are consistent, and a client using the API
        as doc/python.md does type-checks (Debian's mypy, when installed)."""
        mypy = shutil.which("mypy")
        if not mypy:
            self.skipTest("mypy not installed (Debian: apt-get install mypy)")
        client = '''
import boardgames

def longest(spec: str) -> int:
    g = boardgames.Game(spec, size=10)
    moves = g.legal_moves()
    m: boardgames.Move = g.play(moves[0])
    text: str = str(m) + str(g) + g.position + g.board_text(flip=True)
    out: boardgames.Outcome = g.outcome
    piece = g.piece("a1")
    seat = piece.seat if piece else None
    undone = g.undo()
    return len(text) + len(m.path) + (seat or 0) + (out.winner or 0) + (
        0 if undone is None else 1)
'''
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "client.py"
            path.write_text(client)
            env = dict(os.environ, MYPYPATH=str(PACKAGE.parent))
            common = [mypy, "--no-incremental", "--cache-dir", os.devnull]
            # The package: its hints agree with its code.
            # The client: every call it makes is to a typed function.
            for args in ([str(PACKAGE)],
                         ["--disallow-untyped-calls",
                          "--follow-imports=silent", str(path)]):
                proc = subprocess.run(common + args, capture_output=True,
                                      text=True, env=env, cwd=tmp,
                                      timeout=300)
                self.assertEqual(proc.returncode, 0,
                                 proc.stdout + proc.stderr)


if __name__ == "__main__":
    unittest.main()
