"""boardgames.learn: actions and observations of one game through NumPy,
VectorEnv (Gymnasium's vector-environment conventions) and AECEnv
(PettingZoo's AEC conventions), in every game of the catalogue.

Run by meson as the test python-learn; exits 77 (skipped) when NumPy is not
installed or the library has no <boardgames/learn.h>.
"""
import random
import sys
import unittest

try:
    import numpy as np
except ImportError:  # reported by main() as a skip
    np = None

import boardgames

import _support as S

if np is not None:
    from boardgames import learn

N = 8          # games per batch in the checks
PLIES = 120    # steps per batch in the checks


def specs():
    """Per game a spec whose random games end soon (a ply cap where there
    is one, so truncations happen too)."""
    return [S.quick_end_specs(info)[-1] for info in boardgames.games()]


class OneGame(unittest.TestCase):
    def test_masks_actions_and_moves_agree(self):
        rng = random.Random(7)
        for spec in specs():
            with self.subTest(spec=spec), boardgames.Game(spec) as g:
                count = learn.action_count(g)
                shape = learn.observation_shape(g)
                self.assertEqual(len(learn.plane_names(g)), shape[0])
                while not g.outcome.over and g.ply < 60:
                    moves = g.legal_moves()
                    acts = [learn.move_to_action(g, m) for m in moves]
                    # each legal move one action, each action one move
                    self.assertEqual(len(set(acts)), len(moves))
                    self.assertTrue(all(0 <= a < count for a in acts))
                    mask = learn.action_mask(g)
                    self.assertEqual((mask.shape, mask.dtype),
                                     ((count,), np.bool_))
                    self.assertEqual(list(np.flatnonzero(mask)), sorted(acts))
                    self.assertEqual(list(learn.legal_actions(g)),
                                     sorted(acts))
                    for m, a in zip(moves, acts):
                        self.assertEqual(learn.action_to_move(g, a), m)
                    off = np.flatnonzero(~mask)
                    if off.size:
                        with self.assertRaises(boardgames.IllegalMove):
                            learn.play_action(g, int(off[0]))
                    obs = learn.observe(g, g.to_move)
                    self.assertEqual((obs.shape, obs.dtype),
                                     (shape, np.float32))
                    a = rng.choice(acts)
                    learn.play_action(g, a)
                    self.assertEqual(g.history[-1], moves[acts.index(a)])
                self.assertFalse(learn.action_mask(g).any()
                                 if g.outcome.over else False)

    def test_observe_into_a_given_array(self):
        with boardgames.Game("kutochki") as g:
            out = np.full(learn.observation_shape(g), 7, np.float32)
            self.assertIs(learn.observe(g, 0, out=out), out)
            self.assertTrue(np.array_equal(out, learn.observe(g, 0)))
            with self.assertRaises(ValueError):
                learn.observe(g, 0, out=np.zeros(3, np.float32))
            with self.assertRaises(ValueError):
                learn.observe(g, 0, out=out.astype(np.float64))


class Symmetries(unittest.TestCase):
    def setUp(self):
        if "bg_symmetry_count" in boardgames._lib.lib()._bg_missing:
            self.skipTest("the library has no symmetries yet")

    def test_images_keep_the_rules(self):
        # after random plies, each symmetry's image game: its legal moves
        # are the images of the legal moves, with the image actions; its
        # observation is the image observation; its outcome is the same;
        # an element and its inverse give back every point; the canonical
        # hash is the same for the game and its image
        rng = random.Random(5)
        for spec in specs():
            with self.subTest(spec=spec), boardgames.Game(spec) as g:
                n = learn.symmetry_count(g)
                self.assertTrue(1 <= n <= 8)
                self.assertEqual(learn.symmetry_kind(g, 0), "identity")
                points = len(g.board.points)
                for s in range(n):
                    inv = learn.symmetry_inverse(g, s)
                    for p in range(points):
                        self.assertEqual(learn.symmetry_point(
                            g, inv, learn.symmetry_point(g, s, p)), p)
                for _ in range(rng.randrange(4, 16)):
                    if g.outcome.over:
                        break
                    g.play(rng.choice(g.legal_moves()))
                moves = g.legal_moves()
                obs = learn.observe(g, g.to_move)
                canon = learn.canonical_hash(g)[0]
                for s in range(n):
                    with learn.symmetry_game(g, s) as im:
                        self.assertEqual(im.outcome, g.outcome)
                        self.assertEqual(
                            set(im.legal_moves()),
                            {learn.symmetry_move(g, s, m) for m in moves})
                        mask = learn.action_mask(im)
                        for m in moves[:20]:
                            a = learn.symmetry_action(
                                g, s, learn.move_to_action(g, m))
                            self.assertTrue(mask[a])
                            self.assertEqual(learn.action_to_move(im, a),
                                             learn.symmetry_move(g, s, m))
                        self.assertTrue(np.array_equal(
                            learn.symmetry_observation(g, s, obs),
                            learn.observe(im, im.to_move)))
                        self.assertEqual(learn.canonical_hash(im)[0], canon)

    def test_observations_in_batches(self):
        with boardgames.Game("kutochki") as g:
            g.play("g3-g4")
            one = learn.observe(g, 0)
            many = np.stack([one, learn.observe(g, 1)])
            s = learn.symmetry_count(g) - 1
            got = learn.symmetry_observation(g, s, many)
            self.assertEqual(got.shape, many.shape)
            self.assertTrue(np.array_equal(
                got[0], learn.symmetry_observation(g, s, one)))
            with self.assertRaises(ValueError):
                learn.symmetry_observation(g, s, many, out=many)


class Vector(unittest.TestCase):
    def test_shapes_and_dtypes(self):
        for spec in specs():
            with self.subTest(spec=spec), learn.VectorEnv(spec, N) as env, \
                    boardgames.Game(spec) as g:
                shape = (N,) + learn.observation_shape(g)
                count = learn.action_count(g)
                obs, infos = env.reset()
                self.assertEqual((obs.shape, obs.dtype), (shape, np.float32))
                mask = infos["action_mask"]
                self.assertEqual((mask.shape, mask.dtype),
                                 ((N, count), np.bool_))
                self.assertTrue(infos["_action_mask"].all())
                out = env.step(env.random_actions())
                self.assertEqual(len(out), 5)
                obs, rew, term, trunc, infos = out
                self.assertEqual(obs.shape, shape)
                for a, dtype in ((rew, np.float32), (term, np.bool_),
                                 (trunc, np.bool_)):
                    self.assertEqual((a.shape, a.dtype), ((N,), dtype))
                self.assertEqual(env.num_envs, N)
                self.assertEqual(env.num_actions, count)
                self.assertEqual(env.observation_shape, shape)
                self.assertEqual(env.metadata["autoreset_mode"], "SameStep")

    def test_zero_copy(self):
        with learn.VectorEnv("kutochki", N) as env:
            obs0, info0 = env.reset()
            ptr = obs0.__array_interface__["data"][0]
            before = obs0.copy()
            obs, rew, term, trunc, infos = env.step(env.random_actions())
            # the same arrays, written in place by the library
            self.assertIs(obs, obs0)
            self.assertIs(infos["action_mask"], info0["action_mask"])
            self.assertEqual(obs.__array_interface__["data"][0], ptr)
            self.assertTrue(np.shares_memory(obs, env._obs))
            self.assertFalse(np.array_equal(obs, before))
            r2 = env.step(env.random_actions())[1]
            self.assertIs(r2, rew)
            # the library clears only the bytes it set: no writing there
            self.assertTrue(np.shares_memory(infos["action_mask"],
                                             env._mask))
            with self.assertRaises(ValueError):
                infos["action_mask"][0, 0] = True
        with learn.VectorEnv("kutochki", N, copy=True) as env:
            obs0, _ = env.reset()
            obs = env.step(env.random_actions())[0]
            self.assertFalse(np.shares_memory(obs, obs0))

    def check_batch(self, spec, threads):
        """Step a batch with random actions beside one Game per slot played
        with the same actions: observations, masks, rewards and the flags
        must be those the games give, and a finished game restarts."""
        with learn.VectorEnv(spec, N, threads=threads, seed=3) as env, \
                boardgames.Game(spec) as start:
            mirrors = [boardgames.Game(spec) for _ in range(N)]
            start_obs = learn.observe(start, start.to_move)
            obs, infos = env.reset()
            ends = {"terminated": 0, "truncated": 0}
            for _ in range(PLIES):
                for i, g in enumerate(mirrors):
                    self.assertTrue(np.array_equal(
                        obs[i], learn.observe(g, g.to_move)))
                    self.assertTrue(np.array_equal(
                        infos["action_mask"][i], learn.action_mask(g)))
                actions = env.random_actions().copy()
                obs, rew, term, trunc, infos = env.step(actions)
                for i, g in enumerate(mirrors):
                    mover = g.to_move
                    learn.play_action(g, actions[i])
                    out = g.outcome
                    want = 0.0
                    if out.winner is not None:
                        want = 1.0 if out.winner == mover else -1.0
                    self.assertEqual(rew[i], want)
                    capped = out.over and out.reason == "move-limit"
                    self.assertEqual(bool(trunc[i]), capped)
                    self.assertEqual(bool(term[i]), out.over and not capped)
                    if out.over:
                        ends["truncated" if capped else "terminated"] += 1
                        # restarted: the start, and its observation
                        self.assertEqual(env.game(i).ply, start.ply)
                        self.assertTrue(np.array_equal(obs[i], start_obs))
                        g.close()
                        mirrors[i] = boardgames.Game(spec)
            for g in mirrors:
                g.close()
            return ends

    def test_steps_agree_with_games_and_restart(self):
        ended = 0
        for spec in specs():
            with self.subTest(spec=spec):
                ends = self.check_batch(spec, 1)
                ended += ends["terminated"] + ends["truncated"]
        self.assertGreater(ended, 0)

    def test_two_threads_step_as_one(self):
        for spec in ("kutochki", "mill:max_plies=30", "tochki:size=6"):
            with self.subTest(spec=spec):
                runs = []
                for threads in (1, 2):
                    with learn.VectorEnv(spec, 64, threads=threads,
                                         seed=11) as env:
                        env.reset()
                        trace = []
                        for _ in range(50):
                            out = env.step(env.random_actions())
                            trace.append([a.copy() for a in out[:4]])
                        runs.append(trace)
                for a, b in zip(*runs):
                    for x, y in zip(a, b):
                        self.assertTrue(np.array_equal(x, y))

    def test_illegal_action_moves_nothing(self):
        with learn.VectorEnv("kutochki", N) as env:
            obs, infos = env.reset()
            env.step(env.random_actions())
            actions = env.random_actions().copy()
            before = [env.game(i).position for i in range(N)]
            obs_before = obs.copy()
            bad = actions.copy()
            bad[3] = np.flatnonzero(~infos["action_mask"][3])[0]
            with self.assertRaises(boardgames.IllegalMove):
                env.step(bad)
            self.assertEqual([env.game(i).position for i in range(N)], before)
            self.assertTrue(np.array_equal(obs, obs_before))
            bad[3] = env.num_actions
            with self.assertRaises(boardgames.InvalidArgument):
                env.step(bad)
            with self.assertRaises(ValueError):
                env.step(actions[:3])

    def test_reset_from_a_position(self):
        with boardgames.Game("kutochki") as g:
            g.play("g3-g4")
            pos = g.position
        # a game loaded from the text, whose counters start there
        with boardgames.Game.from_position(pos) as g:
            want = learn.observe(g, g.to_move)
        with learn.VectorEnv("kutochki", N) as env:
            obs, _ = env.reset(options={"position": pos})
            for i in range(N):
                self.assertTrue(np.array_equal(obs[i], want))
                self.assertEqual(env.game(i).position, pos)
            obs, _ = env.reset(options={"position": None})
            self.assertEqual(env.game(0).ply, 0)

    def test_legal_actions_are_the_masks(self):
        """legal_actions() lists what the masks hold, in every game of the
        catalogue, the arrays grown past their first room (Dots'
        placements, a hundred a game); in the order of each game's legal
        moves."""
        for spec in specs() + ["tochki:size=10"]:
            with self.subTest(spec=spec), \
                    learn.VectorEnv(spec, N, seed=2) as env:
                _, infos = env.reset()
                for step in range(40):
                    offsets, actions = env.legal_actions()
                    self.assertEqual(offsets.dtype, np.uint32)
                    self.assertEqual(offsets.shape, (N + 1,))
                    self.assertEqual(actions.shape, (offsets[-1],))
                    for i in range(N):
                        mine = actions[offsets[i]:offsets[i + 1]]
                        self.assertTrue(np.array_equal(
                            np.sort(mine),
                            np.flatnonzero(infos["action_mask"][i])))
                        if step % 10 == 0:
                            with env.game(i) as g:
                                self.assertEqual(
                                    list(mine),
                                    [learn.move_to_action(g, m)
                                     for m in g.legal_moves()])
                    infos = env.step(env.random_actions())[4]

    def test_without_masks(self):
        """masks=False: no masks, and the same games, observations and
        lists as with them."""
        for spec in ("mill", "kutochki", "alquerque", "bolotudu"):
            with self.subTest(spec=spec), \
                    learn.VectorEnv(spec, N, seed=4) as full, \
                    learn.VectorEnv(spec, N, seed=4, masks=False) as bare:
                _, infos = bare.reset()
                full.reset()
                self.assertEqual(infos, {})
                self.assertEqual(bare.action_masks.shape, (N, 0))
                for _ in range(60):
                    a = full.step(full.random_actions())
                    b = bare.step(bare.random_actions())
                    for x, y in zip(a[:4], b[:4]):
                        self.assertTrue(np.array_equal(x, y))
                    self.assertEqual(b[4], {})
                    for x, y in zip(full.legal_actions(),
                                    bare.legal_actions()):
                        self.assertTrue(np.array_equal(x, y))

    def test_closed(self):
        """A closed environment refuses every call on its batch (they read
        a freed batch before: a crash)."""
        env = learn.VectorEnv("kutochki", N)
        env.reset()
        actions = env.random_actions().copy()
        env.close()
        env.close()
        for call in (env.random_actions, env.legal_actions, env.reset,
                     lambda: env.step(actions), lambda: env.game(0)):
            with self.assertRaises(ValueError):
                call()

    def test_reset_seed_repeats_random_actions(self):
        with learn.VectorEnv("mill", N) as env:
            traces = []
            for _ in range(2):
                env.reset(seed=5)
                traces.append([env.step(env.random_actions())[0].copy()
                               for _ in range(20)])
            for a, b in zip(*traces):
                self.assertTrue(np.array_equal(a, b))


class AEC(unittest.TestCase):
    def test_plays_full_games(self):
        for spec in specs():
            with self.subTest(spec=spec):
                env = learn.AECEnv(spec)
                for seed in range(3):
                    env.reset(seed=seed)
                    self.play(env)
                env.close()

    def play(self, env):
        steps, finals, order = 0, {}, []
        self.assertEqual(env.agents, ["player_0", "player_1"])
        for agent in env.agent_iter(10000):
            obs, reward, term, trunc, info = env.last()
            self.assertEqual(set(obs), {"observation", "action_mask"})
            self.assertEqual(obs["observation"].shape, env.observation_shape)
            self.assertEqual(obs["action_mask"].dtype, np.int8)
            self.assertTrue(np.array_equal(obs["action_mask"],
                                           info["action_mask"]))
            if term or trunc:
                finals[agent] = (reward, term, trunc)
                order.append(agent)
                env.step(None)
                continue
            seat = env.possible_agents.index(agent)
            self.assertEqual(env.game.to_move, seat)
            self.assertTrue(np.array_equal(
                np.flatnonzero(obs["action_mask"]),
                learn.legal_actions(env.game)))
            self.assertTrue(np.array_equal(obs["observation"],
                                           learn.observe(env.game, seat)))
            with self.assertRaises(ValueError):
                env.step(None)
            env.step(env.random_action())
            last_mover = agent
            steps += 1
        out = env.game.outcome
        self.assertTrue(out.over, "the loop stopped before the end")
        self.assertEqual(env.agents, [])
        self.assertEqual(steps, env.game.ply)
        self.assertEqual(set(finals), {"player_0", "player_1"})
        # the last mover's opponent takes its dead step first
        self.assertEqual(order[1], last_mover)
        self.assertNotEqual(order[0], last_mover)

        capped = out.reason == "move-limit"
        for agent, (reward, term, trunc) in finals.items():
            seat = env.possible_agents.index(agent)
            want = 0.0 if out.winner is None else (
                1.0 if out.winner == seat else -1.0)
            self.assertEqual(reward, want)
            self.assertEqual((term, trunc), (not capped, capped))


def main():
    if np is None:
        print("SKIP: NumPy is not installed "
              "(Debian: apt-get install python3-numpy)")
        return 77
    lib = boardgames._lib.lib()
    if "bg_batch_step" in lib._bg_missing:
        print("SKIP: %s has no <boardgames/learn.h> functions"
              % boardgames.library_path())
        return 77
    prog = unittest.main(module=__name__, exit=False, verbosity=1)
    return 0 if prog.result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
