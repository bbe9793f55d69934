"""The binding's own behaviour: loading and the version check, the
catalogue, the error classes, moves as values, handles and memory, the board
description, outcome and scores, the game-specific queries, moves at a
point, move effects, declared ends, each game's own error detail, the
option names in texts, threads."""
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


def exported_functions():
    """The functions lib/boardgames.map exports, or None without it."""
    mapfile = Path(__file__).resolve().parents[3] / "lib" / "boardgames.map"
    if not mapfile.is_file():
        return None
    return {line.strip().rstrip(";") for line in
            mapfile.read_text().splitlines() if line.strip().startswith("bg_")}


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
        # a binding for 1.0 takes any 1.x, and no 0.x
        _lib.check_version(10000, (1, 0, 0))
        _lib.check_version(10203, (1, 0, 0))
        with self.assertRaises(boardgames.LibraryError):
            _lib.check_version(200, (1, 0, 0))

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
        # the library lacks only what the symbol map does not export yet
        # (the binding may declare functions of a coming minor version)
        exported = exported_functions()
        if exported is not None:
            self.assertEqual(set(_lib.lib()._bg_missing) & exported, set())

    def test_prototypes_cover_the_symbol_map(self):
        exported = exported_functions()
        if exported is None:
            self.skipTest("no lib/boardgames.map")
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
        self.assertEqual(len(names), _lib.lib().bg_reason_count())
        self.assertEqual(names[0], "none")
        self.assertIn("leave-home", names)
        # the reasons of ends declared outside the rules
        self.assertEqual(names[14:18], ("resignation", "agreement", "time",
                                        "adjudication"))
        self.assertNotIn("?", names)
        self.assertEqual(boardgames.reason_name(len(names)), "?")


class TestErrors(unittest.TestCase):

    def test_every_code_has_a_class(self):
        for code in range(-1, -14, -1):
            cls = errors.error_class(code)
            self.assertTrue(issubclass(cls, boardgames.BoardGamesError))
            self.assertIsNot(cls, boardgames.BoardGamesError)
            self.assertEqual(cls.code, code)
            self.assertTrue(boardgames.strerror(code))
        self.assertIs(errors.error_class(-99), boardgames.BoardGamesError)
        self.assertEqual(
            [errors.error_class(c).__name__ for c in range(-1, -14, -1)],
            ["InvalidArgument", "UnknownGame", "BadOption", "ParseError",
             "IllegalMove", "AmbiguousMove", "BufferTooSmall", "NoUndo",
             "GameOver", "FormatError", "OutOfMemory", "WrongGame",
             "NotSupported"])

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

    def test_copy_from(self):
        root = boardgames.Game("kvartet:repetition=2")
        root.play(root.legal_moves()[0])
        work = boardgames.Game("kvartet:repetition=2")
        state = 7
        for _ in range(20):  # a playout from the root, again and again
            work.copy_from(root)
            self.assertEqual((work.position, work.history, work.hash),
                             (root.position, root.history, root.hash))
            plies, state = work.playout(state, 60)
            self.assertEqual(work.ply, root.ply + plies)
        while work.ply > root.ply:
            work.undo()
        self.assertEqual(work.position, root.position)
        work.copy_from(work)  # itself: nothing to do
        with boardgames.Game("mill") as other:
            before = work.position
            with self.assertRaises(boardgames.InvalidArgument):
                work.copy_from(other)
            self.assertEqual(work.position, before)

    def test_repr(self):
        with boardgames.Game("kutochki") as g:
            self.assertIn("kutochki", repr(g))
            self.assertNotIn("\n", repr(g))
            self.assertNotEqual(str(g), g.position)


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

    def test_svg(self):
        """Game.svg() and Jupyter's _repr_svg_: the library's picture, as
        XML, every point named once; its options, and errors as
        exceptions that leave the game as it was."""
        import xml.etree.ElementTree as ET
        ns = "{http://www.w3.org/2000/svg}"
        golden = Path(__file__).resolve().parents[3] / "tests" / "svg"
        for info in boardgames.games():
            with boardgames.Game(info.name) as g:
                g.play(g.legal_moves()[0])
                root = ET.fromstring(g._repr_svg_())
                self.assertEqual(root.tag, ns + "svg")
                names = [e.get("data-point") for e in root.iter(ns + "circle")
                         if e.get("data-point")]
                self.assertEqual(sorted(names),
                                 sorted(p.name for p in g.board.points))
        with boardgames.Game("kvartet") as g:
            if (golden / "kvartet.svg").exists():
                self.assertEqual(g.svg(), (golden / "kvartet.svg").read_text())
            plain = g.svg(width=300, height=200, coords=False, status=False)
            self.assertIn('width="300" height="200"', plain)
            self.assertNotIn("<text", plain)
            marked = g.svg(selected="c3", targets=["b2", 12])
            self.assertEqual(marked.count("#1f9d55"), 2)
            before = g.position
            with self.assertRaises(boardgames.InvalidArgument) as cm:
                g.svg(selected=25)
            self.assertIn("selected point 25", str(cm.exception))
            with self.assertRaises(boardgames.ParseError):
                g.svg(targets=["z9"])
            self.assertEqual(g.position, before)

    def test_outcome(self):
        g = boardgames.Game("tak-tikl")
        out = g.outcome
        # Tak-tikl keeps no score
        self.assertEqual(out, ("ongoing", None, "none", None))
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
        self.assertIsNone(out.scores)
        for seat in (0, 1):
            with self.assertRaises(boardgames.NotSupported) as cm:
                g.score(seat)
            self.assertIn("tak-tikl", cm.exception.detail)
        self.assertRaises(boardgames.InvalidArgument, g.score, 2)
        self.assertIn('[Result "%s"]' % out.result, g.record)

    def test_scores(self):
        # Corners: the tempo numbers (the sum of the pieces' distances to
        # the far corner, a8 for White), 120 each at the start
        with boardgames.Game("kutochki") as g:
            self.assertEqual(g.outcome.scores, (120.0, 120.0))
            g.play("h3-f3")  # two files nearer a8
            self.assertEqual(g.outcome.scores, (g.score(0), g.score(1)))
            self.assertEqual(g.outcome.scores, (118.0, 120.0))
        for info in boardgames.games():
            with self.subTest(game=info.name), \
                    boardgames.Game(info.name) as g:
                scores = g.outcome.scores
                # asking the outcome is no failed call on the game
                self.assertEqual(g.last_error, "")
                if scores is None:
                    self.assertRaises(boardgames.NotSupported, g.score, 0)
                    self.assertIn("no score", g.last_error)
                else:
                    self.assertEqual(scores, (g.score(0), g.score(1)))

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

    def test_bound_and_memory(self):
        # max_moves bounds the list in every position of a game (mill's
        # placing, moving and jumping, with removals).
        with boardgames.Game("mill") as g:
            bound, seed = g.max_moves, 3
            self.assertGreater(bound, 0)
            while not g.outcome.over and len(g.history) < 300:
                self.assertLessEqual(len(g.legal_moves()), bound)
                m, seed = g.random_move(seed)
                g.play(m)
            held, per_ply = g.memory
            self.assertGreater(held, 0)
            self.assertGreater(per_ply, 0)

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

    def test_sgf_dialects(self):
        # a collection of two games; the second has B twice running and
        # a chain that is not the ring drawn (a warning, not an error)
        coll = ("(;GM[40]SZ[4]PB[Anna]DT[2024-05-01];B[aa];W[bb])"
                "(;GM[40]SZ[3];B[ba];W[bb];B[cb];W[aa];B[bc];B[ab.abbacbcc])")
        self.assertEqual(boardgames.Game.sgf_count(coll), 2)
        self.assertEqual(boardgames.Game.sgf_info(coll),
                         "PB[Anna]DT[2024-05-01]")
        g, warnings = boardgames.Game.read_sgf(coll, "tochki", 1)
        with g:
            self.assertEqual(g.score(0), 1)
            self.assertEqual(len(warnings), 1)
            self.assertIn("node 6", warnings[0])
        with boardgames.Game.from_sgf(coll) as first:
            info = boardgames.Game.sgf_info(coll)
            text = first.tochki_sgf(info)
            self.assertIn("PB[Anna]", text)
            back, warnings = boardgames.Game.read_sgf(text)
            with back:
                self.assertEqual(warnings, [])
                self.assertEqual(back.hash, first.hash)
        with self.assertRaises(boardgames.FormatError):
            boardgames.Game.from_sgf(coll, None, 2)


class TestMovesAt(unittest.TestCase):
    """legal_moves(start, end): bg_legal_moves_at, which must list what the
    full list holds with that first and last path point, in its order."""

    SPECS = ("kutochki", "halma", "mill", "alquerque", "turkish-draughts",
             "hasami-shogi", "bolotudu", "fox-geese",
             "tochki:size=6,allow_pass=1")

    def check(self, g, rng):
        moves = g.legal_moves()
        names = [p.name for p in g.board.points]
        points = set(range(len(names)))
        if len(points) > 100:
            points = set(rng.sample(sorted(points), 40))
        points |= {m.path[k] for m in moves if m.path for k in (0, -1)}
        for p in sorted(points):
            starts = [m for m in moves if m.path and m.path[0] == p]
            ends = [m for m in moves if m.path and m.path[-1] == p]
            self.assertEqual(g.legal_moves(start=p), starts)
            self.assertEqual(g.legal_moves(end=names[p]), ends)
        for m in rng.sample(moves, min(5, len(moves))):
            if not m.path:
                continue
            a, b = m.path[0], m.path[-1]
            both = [o for o in moves if o.path and
                    (o.path[0], o.path[-1]) == (a, b)]
            self.assertIn(m, both)
            self.assertEqual(g.legal_moves(names[a], b), both)
        self.assertEqual(g.legal_moves(None, None), moves)
        return moves

    def test_equals_the_filtered_list(self):
        pathless = 0
        for n, spec in enumerate(self.SPECS):
            with self.subTest(spec=spec), boardgames.Game(spec) as g:
                rng = random.Random(n)
                while not g.outcome.over and g.ply < 40:
                    if g.ply % 4 == 0:
                        moves = self.check(g, rng)
                        pathless += sum(1 for m in moves if not m.path)
                    g.play(rng.choice(g.legal_moves()))
        self.assertGreater(pathless, 0, "no pass met: the case of moves "
                           "that match only without a point is untested")

    def test_start_position(self):
        with boardgames.Game("kutochki") as g:
            # h3 jumps over g3 to f3 and over h4 to h5
            self.assertEqual([str(m) for m in g.legal_moves("h3")],
                             ["h3-f3", "h3-h5"])
            self.assertEqual(g.legal_moves("h3", "h5"),
                             [g.parse_move("h3-h5")])
            self.assertEqual(g.legal_moves(start="a8"), [])  # Black's
            self.assertEqual(g.last_error, "")

    def test_errors(self):
        with boardgames.Game("kutochki") as g:
            n = len(g.board.points)
            with self.assertRaises(boardgames.InvalidArgument) as cm:
                g.legal_moves(start=n)
            self.assertIn(str(n), cm.exception.detail)
            self.assertEqual(g.last_error, cm.exception.detail)
            self.assertRaises(boardgames.InvalidArgument, g.legal_moves,
                              None, n)
            # -1 is "any point" to the library, not a point
            self.assertRaises(boardgames.InvalidArgument, g.legal_moves, -1)
            self.assertRaises(boardgames.ParseError, g.legal_moves, "z99")
        with boardgames.Game("wolf-sheep") as g:
            g.playout(1)
            self.assertTrue(g.outcome.over)
            self.assertEqual(g.legal_moves(start=0), [])


class TestEffects(unittest.TestCase):
    """effects(i): bg_move_effects, captures and promotions by point."""

    def test_capture_and_promotion(self):
        # Turkish draughts: White's man on d6 takes d7 and lands on d8, the
        # last rank, where it is crowned.
        pos = ("turkish-draughts ......../...b..../...w..../......../"
               "......../......../b......./........ w 0 20")
        with boardgames.Game.from_position(pos) as g:
            g.play("d6xd8")
            self.assertEqual(g.effects(), [
                boardgames.Effect(g.point("d7"), "d7", "capture"),
                boardgames.Effect(g.point("d8"), "d8", "promote")])
            self.assertEqual(g.piece("d8"), boardgames.Piece(0, "king"))
            g.play("a2-a1")  # Black's man crowned by a plain step
            self.assertEqual(g.effects(), [(g.point("a1"), "a1", "promote")])
            self.assertEqual(g.effects(0), g.effects(-2))
            self.assertEqual(len(g.effects(0)), 2)

    def test_mill_removal(self):
        with boardgames.Game("mill") as g:
            for text in ("a1", "a7", "d1", "d7"):
                g.play(text)
                self.assertEqual(g.effects(), [])
            m = g.play("g1xa7")  # closes the mill a1-d1-g1, takes a7
            self.assertEqual(m.removals, (g.point("a7"),))
            self.assertEqual(g.effects(), [(g.point("a7"), "a7", "capture")])
            self.assertIsNone(g.piece("a7"))

    def test_dots_enclosure(self):
        with boardgames.Game("tochki:size=5,start=empty") as g:
            for text in ("c4", "c3", "b3", "a1", "d3", "a2"):
                g.play(text)
            g.play("c2")  # x at c4, b3, d3, c2 close around o's c3
            self.assertEqual(g.effects(), [(g.point("c3"), "c3", "capture")])
            self.assertEqual(g.piece("c3"), boardgames.Piece(0, "dead"))
            self.assertEqual([g.effects(i) for i in range(6)], [[]] * 6)
            g.undo()
            self.assertEqual(g.effects(), [])  # now a1-a2's o move

    def test_effects_agree_with_the_pieces(self):
        """In random games of every game: a capture is at a point the
        opponent held before the move, a promotion at the move's last
        point, now the mover's king; a capture move and every chosen
        removal capture."""
        kinds = set()
        for n, info in enumerate(boardgames.games()):
            spec = info.name + (":size=8" if info.name == "tochki" else "")
            with self.subTest(game=info.name), boardgames.Game(spec) as g:
                rng = random.Random(n)
                while not g.outcome.over and g.ply < 80:
                    before, mover = g.pieces, g.to_move
                    m = g.play(rng.choice(g.legal_moves()))
                    after = g.pieces
                    effects = g.effects()
                    points = [e.point for e in effects]
                    self.assertEqual(points, sorted(set(points)))
                    kinds.update(e.kind for e in effects)
                    if m.kind == "capture":
                        self.assertIn("capture", [e.kind for e in effects])
                    for e in effects:
                        self.assertEqual(e.name, g.point_name(e.point))
                        if e.kind == "capture":
                            self.assertEqual(before[e.point].seat, 1 - mover)
                        else:
                            self.assertEqual(e.kind, "promote")
                            self.assertEqual(e.point, m.path[-1])
                            self.assertEqual(after[e.point],
                                             boardgames.Piece(mover, "king"))
                    for r in m.removals:
                        self.assertIn((r, "capture"),
                                      [(e.point, e.kind) for e in effects])
        self.assertEqual(kinds, {"capture", "promote"})

    def test_errors(self):
        with boardgames.Game("kutochki") as g:
            self.assertRaises(boardgames.InvalidArgument, g.effects)
            g.play("h3-f3")
            self.assertEqual(g.effects(), [])
            with self.assertRaises(boardgames.InvalidArgument) as cm:
                g.effects(1)  # the library's answer
            self.assertEqual(cm.exception.detail, g.last_error)
            self.assertRaises(boardgames.InvalidArgument, g.effects, -2)
            self.assertRaises(boardgames.InvalidArgument, g.effects, 2 ** 32)


class TestDeclaredEnds(unittest.TestCase):
    """resign, agree_draw, declare_result: ends outside the rules, kept by
    the record (a Termination tag) and taken back by undo."""

    def round_trip(self, g, termination):
        rec = g.record
        self.assertIn('[Termination "%s"]' % termination, rec)
        self.assertIn('[Result "%s"]' % g.outcome.result, rec)
        with boardgames.Game.from_record(rec) as r:
            self.assertEqual(r.outcome, g.outcome)
            self.assertEqual(r.history, [] if not g.history else r.history)
            self.assertEqual([str(m) for m in r.history],
                             [str(m) for m in g.history])
            self.assertEqual(r.position, g.position)
            self.assertEqual(r.record, rec)
        self.assertEqual(pickle.loads(pickle.dumps(g)).outcome, g.outcome)
        self.assertEqual(g.copy().outcome, g.outcome)

    def test_resign(self):
        g = boardgames.Game("kutochki")
        for text in ("h3-f3", "a6-c6", "g3-e3"):
            g.play(text)
        ongoing, pos = g.outcome, g.position
        out = g.resign(1)  # Black resigns
        self.assertEqual(out, ("win", 0, "resignation", ongoing.scores))
        self.assertEqual(g.outcome, out)
        self.assertEqual(out.result, "1-0")
        self.assertEqual(g.legal_moves(), [])
        self.assertEqual(g.evaluate(0), 1.0)
        self.round_trip(g, "resignation")
        # the game is over for moves and for further declarations
        self.assertRaises(boardgames.GameOver, g.play, "a7-b7")
        self.assertRaises(boardgames.GameOver, g.resign, 0)
        self.assertRaises(boardgames.GameOver, g.agree_draw)
        # undo takes the resignation back, then the moves
        self.assertIsNone(g.undo())
        self.assertEqual(g.outcome, ongoing)
        self.assertEqual((g.position, g.ply), (pos, 3))
        self.assertEqual(str(g.undo()), "g3-e3")
        self.assertRaises(boardgames.InvalidArgument, g.resign, 2)
        self.assertFalse(g.outcome.over)

    def test_resign_before_any_move(self):
        with boardgames.Game("mill") as g:
            self.assertEqual(g.resign(0), ("win", 1, "resignation", None))
            self.round_trip(g, "resignation")
            self.assertIsNone(g.undo())
            self.assertRaises(boardgames.NoUndo, g.undo)

    def test_agree_draw(self):
        with boardgames.Game("turkish-draughts") as g:
            g.play("a3-a4")
            out = g.agree_draw()
            self.assertEqual(out, ("draw", None, "agreement", None))
            self.assertEqual(out.result, "1/2-1/2")
            self.round_trip(g, "agreement")

    def test_declare_result(self):
        with boardgames.Game("halma") as g:
            g.play(g.legal_moves()[0])
            self.assertEqual(g.declare_result("win", 1, "time")[:3],
                             ("win", 1, "time"))
            self.round_trip(g, "time forfeit")
            self.assertIsNone(g.undo())
            code = boardgames.reason_names().index("adjudication")
            self.assertEqual(g.declare_result("draw", None, code)[:3],
                             ("draw", None, "adjudication"))
            self.round_trip(g, "adjudication")
            g.undo()
            self.assertEqual(g.declare_result("win", 0, "adjudication")[:3],
                             ("win", 0, "adjudication"))
            g.undo()

    def test_bad_declarations_change_nothing(self):
        g = boardgames.Game("seega")
        g.play(g.legal_moves()[0])
        before = (g.outcome, g.position, g.history)
        for args in (("draw", None, "time"), ("draw", None, "resignation"),
                     ("win", 0, "agreement"), ("win", None, "adjudication"),
                     ("win", 2, "time"), ("draw", 0, "adjudication"),
                     ("win", 0, "goal"), ("ongoing", None, "adjudication")):
            with self.subTest(args=args):
                with self.assertRaises(boardgames.InvalidArgument) as cm:
                    g.declare_result(*args)
                self.assertEqual(cm.exception.detail, g.last_error)
                self.assertEqual((g.outcome, g.position, g.history), before)
        for args in (("lost", 0, "time"), ("win", 0, "timeout")):
            self.assertRaises(boardgames.InvalidArgument, g.declare_result,
                              *args)
        self.assertEqual((g.outcome, g.position, g.history), before)

    def test_after_an_end_by_the_rules(self):
        with boardgames.Game("wolf-sheep") as g:
            g.playout(1)
            out = g.outcome
            self.assertTrue(out.over)
            self.assertRaises(boardgames.GameOver, g.resign, 0)
            self.assertRaises(boardgames.GameOver, g.declare_result, "draw",
                              None, "adjudication")
            self.assertEqual(g.outcome, out)
            self.assertNotIn("[Termination", g.record)
            self.assertIsNotNone(g.undo())  # a move, not a declaration


class TestGameError(unittest.TestCase):
    """last_error: bg_game_error, the detail each handle keeps."""

    def test_kept_per_handle(self):
        g, h = boardgames.Game("kutochki"), boardgames.Game("mill")
        self.assertEqual(g.last_error, "")
        with self.assertRaises(boardgames.ParseError) as cm:
            g.play("@@")
        self.assertIn("@@", cm.exception.detail)
        self.assertEqual(g.last_error, cm.exception.detail)
        # another handle's failure, a failure without a handle and
        # successful calls on g leave g's detail as it was
        with self.assertRaises(boardgames.IllegalMove) as ch:
            h.play("a1-d1")
        self.assertRaises(boardgames.UnknownGame, boardgames.Game, "chess")
        g.play("h3-f3")
        g.legal_moves()
        g.outcome
        self.assertEqual(g.last_error, cm.exception.detail)
        self.assertEqual(h.last_error, ch.exception.detail)
        self.assertNotEqual(g.last_error, h.last_error)
        # the copy is a handle of its own
        self.assertEqual(g.copy().last_error, "")

    def test_follows_the_handle_across_threads(self):
        g = boardgames.Game("halma")
        seen = []

        def fail():
            try:
                g.undo()
            except boardgames.NoUndo as e:
                seen.append(e.detail)

        t = threading.Thread(target=fail)
        t.start()
        t.join()
        self.assertTrue(seen[0])
        self.assertEqual(g.last_error, seen[0])

    def test_exception_detail_falls_back_to_the_handle(self):
        g = boardgames.Game("kutochki")
        with mock.patch.object(g._lib, "bg_last_error", return_value=b""):
            with self.assertRaises(boardgames.IllegalMove) as cm:
                g.play("h3-h4")  # h4 is taken
        self.assertTrue(cm.exception.detail)
        self.assertEqual(cm.exception.detail, g.last_error)

    def test_closed(self):
        g = boardgames.Game("kutochki")
        g.close()
        with self.assertRaises(ValueError):
            g.last_error


class TestTexts(unittest.TestCase):
    """Position and record text name every option, defaults included; the
    game's spec names only those that differ."""

    def test_every_option_is_named(self):
        for info in boardgames.games():
            with self.subTest(game=info.name), \
                    boardgames.Game(info.name) as g:
                full = g.position.split(" ", 1)[0]
                name, _, opts = full.partition(":")
                self.assertEqual(name, info.name)
                pairs = [kv.split("=", 1) for kv in opts.split(",")] \
                    if opts else []
                self.assertEqual([k for k, _ in pairs],
                                 [o.key for o in info.options])
                self.assertIn('[Game "%s"]' % full, g.record)
                self.assertEqual(g.spec, info.name)
                with boardgames.Game(full) as same:
                    self.assertEqual(same.spec, g.spec)
                with boardgames.Game.from_position(g.position) as p:
                    self.assertEqual(p.spec, g.spec)
        with boardgames.Game("kutochki", size=10) as g:
            self.assertEqual(g.spec, "kutochki:size=10")
            self.assertTrue(g.position.startswith(
                "kutochki:size=10,layout=triangle,diagonal=0,"
                "rules=gambiter,leave_home=auto,tempo_check=auto "))


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
