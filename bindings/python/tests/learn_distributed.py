"""boardgames.distributed on a Dask LocalCluster of two worker processes:
perft split into subtrees gives the figures of tests/golden/golden.txt and
of bgperft (--divide too), and seeded self-play gives the games of the
golden file and of a single process, however the seeds are batched.

Run by meson as the test python-distributed; exits 77 (skipped) when Dask
distributed is not installed.
"""
import sys
import unittest
from pathlib import Path

try:
    import distributed
except ImportError:  # reported by main() as a skip
    distributed = None

import boardgames
from boardgames import distributed as bd

import _support as S

GOLDEN = Path(__file__).resolve().parents[3] / "tests" / "golden" / "golden.txt"


def golden_records():
    """The records of the golden file: dicts with spec, perft (a list of
    counts), seed, plies, moves (a tuple of texts) and final (its fields)."""
    out, rec = [], None
    for line in GOLDEN.read_text().splitlines():
        key, _, rest = line.partition(" ")
        if key == "spec":
            rec = {"spec": rest}
            out.append(rec)
        elif key == "perft":
            rec["perft"] = [int(x) for x in rest.split()]
        elif key == "game":
            seed, plies, _ = rest.split()
            rec["seed"], rec["plies"] = int(seed, 16), int(plies)
        elif key == "moves":
            rec["moves"] = tuple(rest.split())
        elif key == "final":
            rec["final"] = rest.split()
    return out


class DistributedTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        # Worker processes inherit the environment meson sets
        # (PYTHONPATH, BOARDGAMES_LIBRARY), as a real cluster's workers
        # need the package and the library installed.
        cls.cluster = distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True,
            dashboard_address=None, silence_logs=40)
        cls.client = distributed.Client(cls.cluster)
        cls.client.wait_for_workers(2, timeout=120)
        cls.records = golden_records()

    @classmethod
    def tearDownClass(cls):
        cls.client.close()
        cls.cluster.close()

    def test_workers_load_the_library(self):
        versions = bd.worker_versions(self.client)
        self.assertEqual(len(versions), 2)
        for version, path in versions.values():
            self.assertEqual(version, boardgames.version())
            self.assertEqual(path, boardgames.library_path())

    def test_perft_equals_golden_figures(self):
        # every game's default on the cluster; every record of the file
        # split the same way but run here, which is quicker than 124 round
        # trips to a loaded cluster
        self.assertGreater(len(self.records), 100)
        names = set()
        for rec in self.records:
            name = rec["spec"].split(":")[0]
            client = None if name in names else self.client
            names.add(name)
            with self.subTest(spec=rec["spec"], cluster=bool(client)):
                got = bd.perft(rec["spec"], len(rec["perft"]), client=client,
                               tasks=8)
                self.assertEqual(got.counts, rec["perft"])
        self.assertEqual(len(names), len(boardgames.games()))

    def test_perft_equals_bgperft(self):
        bgperft = S.tool("bgperft")
        if not bgperft:
            self.skipTest("bgperft not found (set BOARDGAMES_BGPERFT)")
        for spec, depth, split in (("kutochki", 4, 1), ("kutochki", 4, 2),
                                   ("mill", 4, 2), ("tak-tikl", 4, 1),
                                   ("tochki:size=5", 4, 2)):
            with self.subTest(spec=spec, split=split):
                rc, out, err = S.run_tool([bgperft, spec, str(depth),
                                           "--divide"])
                self.assertEqual(rc, 0, err)
                divide = [(m, int(c)) for m, c in
                          (line.split() for line in out[:-depth])]
                counts = [int(line.split()[1]) for line in out[-depth:]]
                got = bd.perft(spec, depth, client=self.client, split=split)
                self.assertEqual(got.counts, counts)
                self.assertEqual(got.divide, divide)

    def test_perft_known_figure(self):
        # Mill's placement phase: each ply places on any empty point of 24,
        # and no mill can close within four plies (two pieces a side), so
        # 24, 24*23, 24*23*22, 24*23*22*21.
        got = bd.perft("mill", 4, client=self.client)
        self.assertEqual(got.counts, [24, 552, 12144, 255024])

    def test_perft_from_a_position(self):
        g = boardgames.Game("kutochki")
        for text in ("g3-g4", "c7-c6", "g2-g3"):
            g.play(text)
        want = S.perft(g, 3)
        got = bd.perft(None, 3, client=self.client, position=g.position)
        self.assertEqual(got.counts, want)
        self.assertEqual(sum(c for _, c in got.divide), want[-1])

    def test_perft_bad_arguments(self):
        with self.assertRaises(ValueError):
            bd.perft("kutochki", 0, client=self.client)
        with self.assertRaises(ValueError):
            bd.perft("kutochki", 2, client=self.client, split=2)
        with self.assertRaises(boardgames.UnknownGame):
            bd.perft("no-such-game", 2, client=self.client)

    def test_selfplay_equals_golden_games(self):
        recs = [r for r in self.records if "seed" in r]
        for rec in recs:
            with self.subTest(spec=rec["spec"]):
                (game,) = bd.selfplay(rec["spec"], [rec["seed"]],
                                      client=self.client, max_plies=400)
                self.assertEqual(game.moves, rec["moves"])
                final = rec["final"]
                self.assertEqual(game.hash, int(final[0], 16))
                self.assertEqual(game.outcome.status, final[1])
                self.assertEqual(game.outcome.reason, final[3])
                winner = int(final[2])
                self.assertEqual(game.outcome.winner,
                                 None if winner < 0 else winner)

    def test_selfplay_equals_one_process(self):
        seeds = list(range(1000, 1040))
        for info in boardgames.games():
            spec = S.quick_end_specs(info)[-1]
            with self.subTest(spec=spec):
                here = bd.selfplay(spec, seeds, batch=len(seeds),
                                   max_plies=300)
                there = bd.selfplay(spec, seeds, client=self.client,
                                    batch=3, max_plies=300)
                self.assertEqual(there, here)
                self.assertEqual([g.seed for g in there], seeds)
                # the moves replay to the outcome, in a fresh game
                for sp in there[:4]:
                    with boardgames.Game(spec) as g:
                        for text in sp.moves:
                            g.play(text)
                        self.assertEqual(g.outcome, sp.outcome)
                        self.assertEqual(g.hash, sp.hash)
                # different seeds, different games
                self.assertGreater(len({g.moves for g in there}), 1)


def main():
    if distributed is None:
        print("SKIP: Dask distributed is not installed "
              "(Debian: apt-get install python3-distributed)")
        return 77
    prog = unittest.main(module=__name__, exit=False, verbosity=1)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
