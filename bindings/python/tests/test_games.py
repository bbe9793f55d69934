"""Every game of the catalogue through the binding, checked against the C
library and its tools: perft counts against bgperft, seeded random games
against bgcheck (legal move counts at every ply, result line, final
position), the text round trips, and each library error as its exception.
"""
import copy
import pickle
import random
import unittest

import boardgames
from boardgames import errors

import _support as S

MAX_PLIES = 120         # per random game
TEXT_SAMPLE = 8         # move texts round-tripped per ply
PERFT_DEPTH3_LIMIT = 3000  # depth 3 when perft(2) is at most this
SEED = 20240601


def catalogue():
    return boardgames.games()


class RandomGame:
    """A seeded random game played through the binding, checked as it goes."""

    def __init__(self, test, spec, seed):
        self.t = test
        self.spec = spec
        self.rng = random.Random(seed)
        self.game = boardgames.Game(spec)
        self.start = self.game.position
        self.names = [p.name for p in self.game.board.points]
        self.lines = []       # "PLY COUNT MOVE" as bgcheck --counts prints
        self.texts = []
        self.positions = []   # position text before each ply
        self.ambiguous = 0

    def play(self):
        g, t = self.game, self.t
        while not g.outcome.over and len(self.texts) < MAX_PLIES:
            moves = g.legal_moves()
            t.assertTrue(moves, "no moves but the game goes on")
            t.assertEqual(len(moves), g.legal_move_count())
            t.assertEqual(len(set(moves)), len(moves), "duplicate moves")
            pos, h = g.position, g.hash
            self.positions.append(pos)
            self.check_position_text(moves)
            m = self.rng.choice(moves)
            state = self.rng.getrandbits(64)
            r, after_state = g.random_move(state)
            t.assertIn(r, moves)
            t.assertNotEqual(after_state, state)
            t.assertEqual(g.random_move(state), (r, after_state))
            self.check_texts(moves, m)
            self.check_ambiguous(moves)
            text = str(m)
            self.lines.append("%d %d %s" % (len(self.texts) + 1, len(moves),
                                            text))
            self.texts.append(text)
            # play + undo restores the exact position and hash
            t.assertIs(g.play(m), m)
            after = g.position
            t.assertEqual(g.undo(), m)
            t.assertEqual((g.position, g.hash), (pos, h))
            if len(self.texts) % 10 == 1:
                self.check_copy(m, after)
            # the text plays the same move
            t.assertEqual(g.play(text), m)
            t.assertEqual(g.position, after)
            t.assertEqual(g.history[-1], m)
        if g.outcome.over:
            t.assertEqual(g.legal_moves(), [])
            t.assertEqual(g.legal_move_count(), 0)

    def check_position_text(self, moves):
        g, t = self.game, self.t
        with boardgames.Game.from_position(g.position) as p:
            t.assertEqual(p.position, g.position)
            t.assertEqual(p.hash, g.hash)
            t.assertEqual(p.to_move, g.to_move)
            t.assertEqual(p.ply, g.ply)
            t.assertEqual(p.outcome, g.outcome)
            t.assertEqual(p.history, [])
            t.assertEqual([m.raw for m in p.legal_moves()],
                          [m.raw for m in moves])

    def check_texts(self, moves, played):
        g, t = self.game, self.t
        if len(moves) > TEXT_SAMPLE:
            sample = self.rng.sample(moves, TEXT_SAMPLE) + [played]
        else:
            sample = moves
        for m in sample:
            text = str(m)
            t.assertEqual(g.move_text(m), text)
            t.assertEqual(g.parse_move(text), m, text)
            t.assertEqual(g.parse_move(" %s " % text.upper()), m, text)

    def check_ambiguous(self, moves):
        """A chain given by its ends only: the move when unique, else
        AmbiguousMove (as the C conformance suite decides it)."""
        g, t = self.game, self.t
        ends = {}
        for o in moves:
            if len(o.path) >= 2 and not o.removals and not o.flags:
                ends.setdefault((o.path[0], o.path[-1]), []).append(o)
        for m in moves:
            if (len(m.path) <= 2 or m.removals or m.flags or
                    m.kind not in ("jump", "capture")):
                continue
            sep = "x" if m.kind == "capture" else "-"
            text = self.names[m.path[0]] + sep + self.names[m.path[-1]]
            fits = ends[(m.path[0], m.path[-1])]
            exact = [o for o in fits if len(o.path) == 2 and
                     (o.kind == "capture") == (sep == "x")]
            if exact or len(fits) == 1:
                t.assertEqual(g.parse_move(text), (exact or [m])[0], text)
            else:
                pos = g.position
                with t.assertRaises(boardgames.AmbiguousMove) as cm:
                    g.play(text)
                t.assertEqual(cm.exception.code, errors.EAMBIGUOUS)
                t.assertIn(text, cm.exception.detail)
                t.assertEqual(g.position, pos)
                self.ambiguous += 1

    def check_copy(self, m, after):
        g, t = self.game, self.t
        for c in (g.copy(), copy.copy(g), copy.deepcopy(g)):
            t.assertIsNot(c, g)
            t.assertEqual((c.position, c.hash, c.history),
                          (g.position, g.hash, g.history))
            c.play(m)
            t.assertEqual(c.position, after)
            t.assertNotEqual(c.ply, g.ply)
            c.close()

    def check_end(self, bgcheck):
        """bgcheck agrees on every count, the result and the position;
        the record and a record from a loaded position round-trip; undo
        goes back to the start."""
        g, t = self.game, self.t
        final = g.position
        if bgcheck:
            rc, out, err = S.run_tool([bgcheck, self.spec, "--counts"],
                                      "\n".join(self.texts) + "\n")
            t.assertEqual(rc, 0, err)
            t.assertEqual(out[:-2], self.lines)
            t.assertEqual(out[-2:], [S.result_line(g), final])
        record = g.record
        with boardgames.Game.from_record(record) as r:
            t.assertEqual(r.position, final)
            t.assertEqual(r.hash, g.hash)
            t.assertEqual(r.outcome, g.outcome)
            t.assertEqual([str(m) for m in r.history], self.texts)
            t.assertEqual(r.record, record)
        t.assertEqual(pickle.loads(pickle.dumps(g)).position, final)
        # a record that starts from a loaded position
        if len(self.texts) >= 2:
            k = len(self.texts) // 2
            with boardgames.Game.from_position(self.positions[k]) as p:
                for text in self.texts[k:]:
                    p.play(text)
                t.assertEqual(p.position, final)
                rec = p.record
                t.assertIn("[Position ", rec)
                with boardgames.Game.from_record(rec) as r:
                    t.assertEqual(r.position, final)
                    t.assertEqual(len(r.history), len(self.texts) - k)
        # undo all the way back
        for text in reversed(self.texts):
            t.assertEqual(str(g.undo()), text)
        t.assertEqual(g.position, self.start)
        with t.assertRaises(boardgames.NoUndo):
            g.undo()
        g.close()


class TestEveryGame(unittest.TestCase):
    """Per game of the catalogue (one subTest each)."""

    @classmethod
    def setUpClass(cls):
        cls.games = catalogue()
        cls.bgperft = S.tool("bgperft")
        cls.bgcheck = S.tool("bgcheck")

    def test_catalogue_is_not_empty(self):
        self.assertGreater(len(self.games), 0)

    def test_perft_agrees_with_bgperft(self):
        if not self.bgperft:
            self.skipTest("bgperft not found (set BOARDGAMES_BGPERFT)")
        for info in self.games:
            for i, spec in enumerate(S.variant_specs(info)):
                with self.subTest(spec=spec):
                    try:
                        g = boardgames.Game(spec)
                    except boardgames.BadOption:
                        continue  # a combination the game refuses
                    depth = 2
                    rc, out, err = S.run_tool([self.bgperft, spec, "2"])
                    self.assertEqual(rc, 0, err)
                    if i == 0 and int(out[1].split()[1]) <= PERFT_DEPTH3_LIMIT:
                        depth = 3
                        rc, out, err = S.run_tool([self.bgperft, spec, "3"])
                        self.assertEqual(rc, 0, err)
                    mine = ["%d %d" % (d + 1, c)
                            for d, c in enumerate(S.perft(g, depth))]
                    self.assertEqual(mine, out)
                    g.close()

    def test_random_games(self):
        ambiguous = 0
        for n, info in enumerate(self.games):
            with self.subTest(game=info.name):
                for k, spec in enumerate(S.random_specs(info)):
                    try:
                        boardgames.Game(spec).close()
                    except boardgames.BadOption:
                        continue  # a combination the game refuses
                    rg = RandomGame(self, spec, SEED + 100 * n + k)
                    rg.play()
                    rg.check_end(self.bgcheck)
                    ambiguous += rg.ambiguous
        # Alquerque's capture chains give from-to texts with several fits.
        if "alquerque" in [i.name for i in self.games]:
            self.assertGreater(ambiguous, 0, "no AmbiguousMove met")

    def test_errors(self):
        for n, info in enumerate(self.games):
            with self.subTest(game=info.name):
                ErrorChecks(self, info, random.Random(SEED + n)).run()


class ErrorChecks:
    """Each library error of one game as its exception, with the library's
    code and message, and nothing changed by the failed call."""

    def __init__(self, test, info, rng):
        self.t, self.info, self.rng = test, info, rng

    def raises(self, cls, fn, *args, game=None):
        t = self.t
        before = game and (game.position, game.hash, game.history)
        with t.assertRaises(cls) as cm:
            fn(*args)
        e = cm.exception
        t.assertIsInstance(e, boardgames.BoardGamesError)
        t.assertEqual(e.code, cls.code)
        t.assertEqual(e.strerror, boardgames.strerror(cls.code))
        t.assertTrue(e.detail, "no detail for %s" % cls.__name__)
        t.assertEqual(str(e), "%s: %s" % (e.strerror, e.detail))
        if game:
            t.assertEqual((game.position, game.hash, game.history), before)
            t.assertEqual(game.last_error, e.detail)
        return e

    def run(self):
        info, t = self.info, self.t
        name = info.name
        self.raises(boardgames.UnknownGame, boardgames.Game, name + "-nope")
        self.raises(boardgames.UnknownGame, boardgames.find_game,
                    name + "-nope")
        self.raises(boardgames.BadOption, boardgames.Game,
                    name + ":no_such_option=1")
        for opt in info.options:
            if opt.type in ("bool", "enum", "int"):
                self.raises(boardgames.BadOption, boardgames.Game,
                            "%s:%s=zzz" % (name, opt.key))
        self.raises(boardgames.FormatError, boardgames.Game.from_position,
                    name + " ###")
        self.raises(boardgames.FormatError, boardgames.Game.from_record,
                    "[Game \"%s\"]\n\n1. @@ *\n" % name)

        g = boardgames.Game(name)
        self.raises(boardgames.NoUndo, g.undo, game=g)
        self.raises(boardgames.ParseError, g.play, "@@", game=g)
        self.raises(boardgames.ParseError, g.parse_move, "a1-", game=g)
        self.raises(boardgames.ParseError, g.point, "@@")
        self.raises(boardgames.InvalidArgument, g.point_name, -1)
        self.raises(boardgames.InvalidArgument, g.piece,
                    len(g.board.points))
        self.raises(boardgames.InvalidArgument, g.seat_name, 2)
        self.raises(boardgames.InvalidArgument, g.score, 2)
        if name not in ("kutochki", "halma"):
            self.raises(boardgames.WrongGame, g.kutochki_tempo, 0)
        if name != "tochki":
            self.raises(boardgames.WrongGame, g.tochki_point, 0)
            self.raises(boardgames.WrongGame, g.tochki_sgf)

        # illegal: a text that parses but is no legal move
        text = self.illegal_text(g)
        t.assertIsNotNone(text, "no illegal move text found")
        e = self.raises(boardgames.IllegalMove, g.play, text, game=g)
        t.assertIn(text, e.detail)
        # illegal: a legal move played again after it, or a move of another
        # game
        m = g.legal_moves()[0]
        g.play(m)
        if m not in g.legal_moves() and not g.outcome.over:
            self.raises(boardgames.IllegalMove, g.play, m, game=g)
        other = boardgames.Game("tochki" if name != "tochki" else "kutochki")
        with t.assertRaises(boardgames.IllegalMove):
            g.play(other.legal_moves()[0])
        self.declared(g, m)
        g.undo()

        # game over: every kind of move after the end
        over = self.finished()
        if over is None:
            t.fail("no spec of %s ended under random play" % name)
        last = over.history[-1]
        self.raises(boardgames.GameOver, over.play, str(last), game=over)
        self.raises(boardgames.GameOver, over.parse_move, str(last))
        self.raises(boardgames.GameOver, over.random_move, 1)
        self.raises(boardgames.GameOver, over.play, last, game=over)
        # a stated result the replay contradicts
        record = over.record
        result = over.outcome.result
        wrong = "0-1" if result == "1-0" else "1-0"
        bad = record.replace('[Result "%s"]' % result,
                             '[Result "%s"]' % wrong)
        t.assertNotEqual(bad, record)
        self.raises(boardgames.FormatError, boardgames.Game.from_record, bad)
        over.close()
        g.close()

    def declared(self, g, m):
        """A resignation after move m: no more moves, kept by the record,
        taken back by undo."""
        t = self.t
        seat = g.to_move
        t.assertEqual(g.resign(seat)[:3], ("win", 1 - seat, "resignation"))
        self.raises(boardgames.GameOver, g.play, m, game=g)
        self.raises(boardgames.GameOver, g.agree_draw, game=g)
        rec = g.record
        t.assertIn('[Termination "resignation"]', rec)
        with boardgames.Game.from_record(rec) as r:
            t.assertEqual((r.outcome, r.history), (g.outcome, g.history))
            t.assertEqual(r.record, rec)
        t.assertIsNone(g.undo())
        t.assertFalse(g.outcome.over)
        t.assertEqual(g.history, [m])

    def illegal_text(self, g):
        names = [p.name for p in g.board.points]
        cands = list(names)
        cands += [a + "-" + b for a in names[:8] for b in names[:8]]
        cands += [a + "x" + b for a in names[:8] for b in names[:8]]
        for text in cands:
            try:
                g.parse_move(text)
            except boardgames.IllegalMove:
                return text
            except boardgames.BoardGamesError:
                pass
        return None

    def finished(self):
        for spec in S.quick_end_specs(self.info):
            try:
                g = boardgames.Game(spec)
            except boardgames.BadOption:
                continue
            if S.finish(g, self.rng, max_plies=400):
                return g
            g.close()
        return None


if __name__ == "__main__":
    unittest.main()
