"""The binding's own behaviour: loading and the version check, the
catalogue, the error classes, moves as values, handles and memory, the board
description, outcome, the game-specific queries, threads."""
import copy
import gc
import os
import pickle
import random
import threading
import unittest
import weakref
from pathlib import Path
from unittest import mock

import boardgames
from boardgames import _lib, errors


def file_letters(x):
    """Point-name letters of column x: a..z, aa, ab, ..."""
    out = ""
    x += 1
    while x:
        x, r = divmod(x - 1, 26)
        out = chr(ord("a") + r) + out
    return out


class TestLoading(unittest.TestCase):

    def test_version(self):
        n = boardgames.version_number()
        self.assertEqual(boardgames.version(),
                         "%d.%d.%d" % (n // 10000, n // 100 % 100, n % 100))
        self.assertEqual(n // 10000, boardgames.BINDING_VERSION[0])
        self.assertGreaterEqual(n // 100 % 100, boardgames.BINDING_VERSION[1])
        self.assertTrue(boardgames.__version__)

    def test_version_check(self):
        _lib.check_version(100, (0, 1, 0))
        _lib.check_version(105, (0, 1, 3))
        _lib.check_version(1703, (0, 1, 0))
        for number in (10100, 99, 0):
            with self.assertRaises(boardgames.LibraryError):
                _lib.check_version(number, (0, 1, 0))
        with self.assertRaises(ImportError):
            _lib.check_version(20000, (1, 0, 0))

    def test_library_path_is_the_environment(self):
        env = os.environ.get(_lib.ENV_LIBRARY)
        if not env:
            self.skipTest("BOARDGAMES_LIBRARY not set")
        self.assertEqual(boardgames.library_path(), env)

    def test_search_order(self):
        with mock.patch.dict(os.environ, {_lib.ENV_LIBRARY: "/x/lib.so"}):
            self.assertEqual(_lib.candidates("/y/lib.so"),
                             [("argument", "/y/lib.so")])
            self.assertEqual(_lib.candidates(),
                             [(_lib.ENV_LIBRARY, "/x/lib.so")])
        env = {k: v for k, v in os.environ.items()
               if k not in (_lib.ENV_LIBRARY, _lib.ENV_BUILD_DIR)}
        with mock.patch.dict(os.environ, env, clear=True):
            sources = [s for s, _ in _lib.candidates()]
            self.assertEqual(sources[-1], "system")
            self.assertNotIn("argument", sources)

    def test_load_explicit_path_and_build_dir(self):
        path = Path(boardgames.library_path())
        if not path.is_file():
            self.skipTest("library loaded by soname")
        try:
            self.assertEqual(boardgames.load_library(str(path)), str(path))
            build = path.resolve().parent.parent
            with mock.patch.dict(os.environ, {_lib.ENV_BUILD_DIR: str(build)}):
                os.environ.pop(_lib.ENV_LIBRARY, None)
                found = dict(_lib.candidates())
                self.assertTrue(Path(found[_lib.ENV_BUILD_DIR]).is_file())
            self.assertTrue(Path(boardgames.load_library(build)).is_file())
            with self.assertRaises(boardgames.LibraryError):
                boardgames.load_library("/nonexistent/libboardgames.so.0")
            # a game made before keeps working
            g = boardgames.Game("kutochki")
            boardgames.load_library(str(path))
            self.assertEqual(len(g.legal_moves()), 14)
        finally:
            boardgames.load_library(str(path))

    def test_missing_function_raises_when_called(self):
        stub = _lib._missing("libx.so", "bg_future")
        with self.assertRaises(boardgames.LibraryError) as cm:
            stub(1, 2)
        self.assertIn("bg_future", str(cm.exception))
        self.assertEqual(_lib.lib()._bg_missing, [])

    def test_prototypes_cover_the_symbol_map(self):
        mapfile = Path(__file__).resolve().parents[3] / "lib" / "boardgames.map"
        if not mapfile.is_file():
            self.skipTest("no lib/boardgames.map")
        exported = {line.strip().rstrip(";") for line in
                    mapfile.read_text().splitlines()
                    if line.strip().startswith("bg_")}
        self.assertEqual(exported - set(_lib.PROTOTYPES), set(),
                         "exported functions the binding does not declare")


class TestCatalogue(unittest.TestCase):

    def test_games(self):
        games = boardgames.games()
        names = [g.name for g in games]
        self.assertEqual(len(names), len(set(names)))
        for i, info in enumerate(games):
            with self.subTest(game=info.name):
                self.assertEqual(info.index, i)
                self.assertTrue(info.titles["en"])
                self.assertTrue(info.titles["ru"])
                self.assertEqual(info.title, info.titles["en"])
                self.assertEqual(boardgames.find_game(info.name), info)
                for alias in info.aliases:
                    self.assertEqual(boardgames.find_game(alias).name,
                                     info.name)
                    with boardgames.Game(alias) as g:
                        self.assertEqual(g.name, info.name)
                        self.assertEqual(g.info, info)
                keys = [o.key for o in info.options]
                self.assertEqual(len(keys), len(set(keys)))
                for opt in info.options:
                    self.assertIn(opt.type, ("bool", "int", "enum", "text"))
                    self.assertTrue(opt.doc)
                    self.assertEqual("|".join(opt.allowed), opt.allowed_text)
                    self.assertIs(info.option(opt.key), opt)
                    if opt.type in ("bool", "enum"):
                        self.assertIn(opt.default, opt.allowed)
                with boardgames.Game(info.name) as g:
                    self.assertEqual(g.spec, info.name)

    def test_unknown(self):
        with self.assertRaises(boardgames.UnknownGame) as cm:
            boardgames.find_game("chess")
        self.assertEqual(cm.exception.code, errors.ENOGAME)
        with self.assertRaises(KeyError):
            boardgames.find_game("kutochki").option("nope")

    def test_spec_from_keywords(self):
        with boardgames.Game("corners", size=10, diagonal=True) as g:
            self.assertEqual(g.spec, "kutochki:size=10,diagonal=1")
        with boardgames.Game("kutochki:size=10", diagonal=False) as g:
            self.assertEqual(g.spec, "kutochki:size=10")
        with self.assertRaises(boardgames.BadOption):
            boardgames.Game("kutochki", size=12)
        with self.assertRaises(TypeError):
            boardgames.Game(42)

    def test_reasons(self):
        names = boardgames.reason_names()
        self.assertEqual(names[0], "none")
        self.assertIn("leave-home", names)
        self.assertEqual(boardgames.reason_name(len(names)), "?")


class TestErrors(unittest.TestCase):

    def test_every_code_has_a_class(self):
        for code in range(-1, -13, -1):
            cls = errors.error_class(code)
            self.assertTrue(issubclass(cls, boardgames.BoardGamesError))
            self.assertIsNot(cls, boardgames.BoardGamesError)
            self.assertEqual(cls.code, code)
            self.assertTrue(boardgames.strerror(code))
        self.assertIs(errors.error_class(-99), boardgames.BoardGamesError)
        self.assertEqual(
            [errors.error_class(c).__name__ for c in range(-1, -13, -1)],
            ["InvalidArgument", "UnknownGame", "BadOption", "ParseError",
             "IllegalMove", "AmbiguousMove", "BufferTooSmall", "NoUndo",
             "GameOver", "FormatError", "OutOfMemory", "WrongGame"])

    def test_message(self):
        with self.assertRaises(boardgames.BadOption) as cm:
            boardgames.Game("kutochki:size=12")
        e = cm.exception
        self.assertEqual(e.code, -3)
        self.assertIn("size", e.detail)
        self.assertIn("8|10", e.detail)
        self.assertEqual(str(e), e.strerror + ": " + e.detail)
        self.assertIsInstance(e, ValueError)

    def test_python_categories(self):
        self.assertTrue(issubclass(boardgames.IllegalMove, ValueError))
        self.assertTrue(issubclass(boardgames.OutOfMemory, MemoryError))
        self.assertTrue(issubclass(boardgames.WrongGame, TypeError))
        self.assertTrue(issubclass(boardgames.LibraryError, ImportError))


class TestMoves(unittest.TestCase):

    def test_values(self):
        g = boardgames.Game("kutochki")
        moves = g.legal_moves()
        self.assertEqual(len(moves), 14)
        self.assertEqual(len(set(moves)), 14)
        m = moves[0]
        self.assertEqual(len(m.raw), 72)
        self.assertIn(m.kind, ("step", "jump"))
        self.assertEqual(len(m.path), 2)
        self.assertEqual(m.removals, ())
        self.assertEqual(m.flags, 0)
        self.assertEqual(m.spec, "kutochki")
        self.assertEqual(str(m), "-".join(g.point_name(p) for p in m.path))
        self.assertEqual(repr(m), "Move(%r)" % str(m))
        with self.assertRaises(AttributeError):
            m.kind = "pass"
        with self.assertRaises(AttributeError):
            m._raw = b""
        self.assertIs(copy.copy(m), m)
        self.assertIs(copy.deepcopy(m), m)
        again = boardgames.Move(g, m.raw)
        self.assertEqual(again, m)
        self.assertEqual(hash(again), hash(m))
        self.assertEqual(pickle.loads(pickle.dumps(m)), m)
        self.assertNotEqual(m, str(m))
        self.assertNotEqual(moves[0], moves[1])
        self.assertTrue(boardgames.move_equal(m, again))
        self.assertFalse(boardgames.move_equal(moves[0], moves[1]))
        self.assertTrue(boardgames.move_equal(m.raw, m.raw))
        with self.assertRaises(ValueError):
            boardgames.Move(g, b"\0" * 71)
        # same bytes in a game with another spec: another move
        with boardgames.Game("kutochki:diagonal=1") as d:
            self.assertNotEqual(boardgames.Move(d, m.raw), m)

    def test_play_forms(self):
        g = boardgames.Game("kutochki")
        m = g.legal_moves()[0]
        self.assertIs(g.play(m), m)
        self.assertEqual(g.undo(), m)
        self.assertEqual(g.play(m.raw), m)
        g.undo()
        self.assertEqual(g.play(str(m)), m)
        self.assertEqual(g.history, [m])
        self.assertEqual(g.ply, 1)
        self.assertEqual(g.to_move, 1)
        with self.assertRaises(TypeError):
            g.play(42)

    def test_text_survives_close(self):
        g = boardgames.Game("kutochki")
        moves = g.legal_moves()
        texts = [str(m) for m in moves[:3]]
        g.close()
        self.assertEqual([str(m) for m in moves[:3]], texts)
        self.assertTrue(str(moves[5]))  # named on a fresh board


class TestHandles(unittest.TestCase):

    def test_close_and_context(self):
        with boardgames.Game("mill") as g:
            self.assertFalse(g.closed)
        self.assertTrue(g.closed)
        g.close()  # idempotent
        for fn in (g.legal_moves, g.undo, lambda: g.position,
                   lambda: g.hash, g.copy, lambda: g.play("a1")):
            with self.assertRaises(ValueError):
                fn()
        self.assertIn("closed", repr(g))

    def test_collected(self):
        g = boardgames.Game("tochki")
        ref = weakref.ref(g)
        del g
        gc.collect()
        self.assertIsNone(ref())
        for _ in range(200):  # many handles come and go
            boardgames.Game("halma").copy()

    def test_copy_is_independent(self):
        g = boardgames.Game("kutochki")
        g.play("h3-f3")
        for c in (g.copy(), copy.copy(g), copy.deepcopy(g),
                  pickle.loads(pickle.dumps(g))):
            self.assertEqual(c.position, g.position)
            self.assertEqual(c.history, g.history)
            c.play(c.legal_moves()[0])
            self.assertEqual(g.ply, 1)
            c.undo()
            c.undo()
            self.assertEqual(g.ply, 1)
        with self.assertRaises(boardgames.NoUndo):
            c.undo()

    def test_repr(self):
        with boardgames.Game("kutochki") as g:
            self.assertIn("kutochki", repr(g))
            self.assertEqual(str(g), g.position)


class TestDescription(unittest.TestCase):

    def test_boards(self):
        for info in boardgames.games():
            with self.subTest(game=info.name), \
                    boardgames.Game(info.name) as g:
                b = g.board
                self.assertIs(g.board, b)  # computed once
                self.assertIn(b.kind, ("cells", "intersections", "lines"))
                self.assertEqual(b.size, (b.width, b.height))
                names = [p.name for p in b.points]
                self.assertEqual(len(names), len(set(names)))
                for p in b.points:
                    self.assertTrue(0 <= p.x < b.width)
                    self.assertTrue(0 <= p.y < b.height)
                    self.assertEqual(p.name, file_letters(p.x) + str(p.y + 1))
                    self.assertEqual(g.point(p.name), p.index)
                    self.assertEqual(g.point_name(p.index), p.name)
                    self.assertIs(b.point(p.name), p)
                    self.assertLessEqual(p.marks,
                                         {"home0", "home1", "special"})
                if b.kind == "lines":
                    self.assertTrue(b.lines)
                else:
                    self.assertEqual(b.lines, ())
                for line in b.lines:
                    self.assertIn(line.style, ("solid", "dashed"))
                    self.assertGreaterEqual(len(line.points), 2)
                    for q in line.points:
                        self.assertTrue(0 <= q < len(b.points))
                pieces = g.pieces
                self.assertEqual(len(pieces), len(b.points))
                for p, piece in zip(b.points, pieces):
                    self.assertEqual(g.piece(p.name), piece)
                    if piece is not None:
                        self.assertIn(piece.seat, (0, 1, None))
                        self.assertIn(piece.kind, ("man", "king", "dead"))
                for seat in (0, 1):
                    self.assertTrue(g.seat_name(seat))

    def test_kutochki_board(self):
        with boardgames.Game("kutochki") as g:
            b = g.board
            self.assertEqual((b.kind, b.size), ("cells", (8, 8)))
            self.assertEqual(g.piece("h1"), boardgames.Piece(0, "man"))
            self.assertIsNone(g.piece("e4"))
            self.assertIn("home0", b.point("h1").marks)
        with boardgames.Game("mill") as g:
            self.assertEqual(g.board.kind, "lines")

    def test_outcome(self):
        g = boardgames.Game("tak-tikl")
        out = g.outcome
        self.assertEqual(out, ("ongoing", None, "none", out.scores))
        self.assertFalse(out.over)
        self.assertEqual(out.result, "*")
        rng = random.Random(3)
        while not g.outcome.over:
            g.play(rng.choice(g.legal_moves()))
        out = g.outcome
        self.assertIn(out.status, ("win", "draw"))
        self.assertNotEqual(out.reason, "none")
        if out.status == "win":
            self.assertIn(out.winner, (0, 1))
            self.assertEqual(out.result, "1-0" if out.winner == 0 else "0-1")
        self.assertEqual(out.scores, (g.score(0), g.score(1)))
        self.assertIn('[Result "%s"]' % out.result, g.record)

    def test_evaluate(self):
        with boardgames.Game("kutochki") as g:
            self.assertEqual(g.evaluate(0), 0.5)
            g.play("e1-d1")  # White's tempo 119, Black's 120
            self.assertGreater(g.evaluate(0), 0.5)
            self.assertEqual(g.evaluate(0) + g.evaluate(1), 1.0)
            self.assertRaises(boardgames.InvalidArgument, g.evaluate, 2)
        with boardgames.Game("tak-tikl") as g:
            with self.assertRaises(boardgames.NotSupported) as cm:
                g.evaluate(0)
            self.assertEqual(cm.exception.code, -13)

    def test_playout(self):
        with boardgames.Game("kutochki") as g, \
                boardgames.Game("kutochki") as h:
            plies, state = g.playout(5, 10)
            self.assertEqual(plies, 10)
            self.assertEqual(len(g.history), 10)
            same = 5
            for _ in range(10):
                m, same = h.random_move(same)
                h.play(m)
            self.assertEqual(state, same)
            self.assertEqual(g.position, h.position)
        with boardgames.Game("wolf-sheep") as g:
            plies, _ = g.playout(1)
            self.assertTrue(g.outcome.over)
            self.assertEqual(plies, len(g.history))

    def test_hash(self):
        with boardgames.Game("seega") as g:
            h = g.hash
            self.assertIsInstance(h, int)
            self.assertTrue(0 <= h < 2 ** 64)
            g.play(g.legal_moves()[0])
            self.assertNotEqual(g.hash, h)
            g.undo()
            self.assertEqual(g.hash, h)


class TestGameQueries(unittest.TestCase):

    def test_kutochki(self):
        for name in ("kutochki", "halma"):
            with boardgames.Game(name) as g:
                self.assertGreater(g.kutochki_tempo(0), 0)
                with self.assertRaises(boardgames.InvalidArgument):
                    g.kutochki_tempo(2)
                with self.assertRaises(boardgames.InvalidArgument):
                    g.kutochki_deficit()  # not won
        with boardgames.Game("kutochki") as g:
            rng = random.Random(1)
            while not g.outcome.over:
                g.play(rng.choice(g.legal_moves()))
            if g.outcome.status == "win":
                moves, exact = g.kutochki_deficit()
                self.assertGreaterEqual(moves, 0)
                self.assertIsInstance(exact, bool)
        with boardgames.Game("mill") as g:
            with self.assertRaises(boardgames.WrongGame):
                g.kutochki_deficit()

    def test_tochki(self):
        g = boardgames.Game("tochki:size=8")
        rng = random.Random(11)
        while not g.outcome.over:
            g.play(rng.choice(g.legal_moves()))
        rings = g.tochki_rings()
        for ring in rings:
            self.assertIn(ring.owner, (0, 1))
            self.assertGreaterEqual(len(ring.points), 4)
        for p in range(len(g.board.points)):
            tp = g.tochki_point(p)
            self.assertIn(tp.state, ("empty", "dead", "point"))
            if tp.state == "point":
                self.assertIn(tp.color, (0, 1))
            self.assertIsInstance(g.tochki_grounded(p), bool)
        with self.assertRaises(boardgames.InvalidArgument):
            g.tochki_point(10 ** 6)
        sgf = g.tochki_sgf()
        self.assertTrue(sgf.startswith("(;"))
        with boardgames.Game.from_sgf(sgf) as back:
            # the board part and ply agree (the spec may spell the size
            # otherwise)
            self.assertEqual(back.position.split(" ", 1)[1],
                             g.position.split(" ", 1)[1])
            self.assertEqual(back.tochki_rings(), rings)
            self.assertEqual([str(m) for m in back.history],
                             [str(m) for m in g.history])
        with self.assertRaises(boardgames.FormatError):
            boardgames.Game.from_sgf("(;GM[1])")
        with self.assertRaises(boardgames.UnknownGame):
            boardgames.Game.from_sgf(sgf, "nosuchgame")


class TestThreads(unittest.TestCase):

    def test_one_game_per_thread(self):
        results, errs = {}, []

        def work(i):
            try:
                g = boardgames.Game("mill")
                rng = random.Random(i)
                while not g.outcome.over and g.ply < 200:
                    g.play(rng.choice(g.legal_moves()))
                # a thread's error detail is its own
                try:
                    g.play("@@")
                except boardgames.ParseError as e:
                    assert "@@" in e.detail, e.detail
                results[i] = g.record
            except Exception as e:  # pragma: no cover
                errs.append(e)

        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errs, [])
        for i, rec in results.items():
            with boardgames.Game.from_record(rec) as g:
                self.assertEqual(g.record, rec)

    def test_shared_game_is_serialised(self):
        g = boardgames.Game("halma")
        errs = []

        def work():
            try:
                for _ in range(100):
                    g.legal_moves()
                    g.position
            except Exception as e:  # pragma: no cover
                errs.append(e)

        threads = [threading.Thread(target=work) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(errs, [])


if __name__ == "__main__":
    unittest.main()
