"""Batched random steps per second through NumPy (boardgames.learn.VectorEnv):
per game, at batch 1, 64 and 1024 with 1 thread, and 1024 with 2; then 1024
with 1 thread again, its legal actions listed instead of masked.

    PYTHONPATH=bindings/python python3 bindings/python/examples/learn_bench.py
    ... --seconds 1 kutochki mill

A step is ``env.step(env.random_actions())``: the library draws a legal
action per game, plays it and writes observations, masks, rewards and done
flags into the environment's NumPy arrays; the Python side also derives
the termination and truncation arrays. In the last column the environment
has no masks (``masks=False``) and each step is followed by
``env.legal_actions()``, as a caller of games with large action counts
would step them. Timing starts once every game has
ended once (or after the run's own time of steps), when each game's
history and lists have grown to a whole game's size, as in a long
training run. Steps/s counts games stepped (batch
size times calls) per CPU second of the process (all its threads), which a
loaded machine disturbs less than wall time; "t2/t1 wall" is the wall-clock
speed-up of 2 threads over 1 at batch 1024 (on a loaded machine it says
little). The mask of a batch is batch x actions bytes: mind games with
large action counts at batch 1024.
"""
import argparse
import time

import numpy as np

import boardgames
from boardgames import learn


def rate(spec, batch, threads, seconds, lists=False):
    """(steps per CPU second of this process, steps per wall second); with
    lists, the legal actions listed after each step instead of masked."""
    with learn.VectorEnv(spec, batch, threads=threads, seed=1,
                         masks=not lists) as env:
        env.reset()
        step, draw = env.step, env.random_actions
        if lists:
            def step(actions, step=env.step, listed=env.legal_actions):
                out = step(actions)
                listed()
                return out
        ended = np.zeros(batch, dtype=bool)
        t0 = time.process_time()
        while not ended.all() and time.process_time() - t0 < seconds:
            _, _, terminated, truncated, _ = step(draw())
            ended |= terminated | truncated
        calls = 0
        c0, t0 = time.process_time(), time.perf_counter()
        while True:
            for _ in range(8):
                step(draw())
            calls += 8
            cpu = time.process_time() - c0
            if cpu >= seconds:
                wall = time.perf_counter() - t0
                return calls * batch / cpu, calls * batch / wall


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="*", help="default: every game")
    ap.add_argument("--seconds", type=float, default=0.5)
    args = ap.parse_args()
    specs = args.specs or [g.name for g in boardgames.games()]
    configs = [(1, 1, False), (64, 1, False), (1024, 1, False),
               (1024, 2, False), (1024, 1, True)]
    print("%-20s %8s %12s %12s %12s %12s %8s %12s" % (
        "spec", "actions", "b1 t1 cpu", "b64 t1 cpu", "b1024 t1 cpu",
        "b1024 t2 cpu", "t2/t1 wall", "lists cpu"))
    for spec in specs:
        with boardgames.Game(spec) as g:
            actions = learn.action_count(g)
        try:
            r = [rate(spec, b, t, args.seconds, lists)
                 for b, t, lists in configs]
        except boardgames.BoardGamesError as exc:
            print("%-20s %8d %s" % (spec, actions, exc))
            continue
        print("%-20s %8d %12.0f %12.0f %12.0f %12.0f %8.2f %12.0f"
              % (spec, actions, r[0][0], r[1][0], r[2][0], r[3][0],
                 r[3][1] / r[2][1], r[4][0]))

if __name__ == "__main__":
    main()
