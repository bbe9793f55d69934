#!/usr/bin/env python3
"""Write the fuzz seed corpus (fuzz/corpus/) from seeded random games.

Run from the source tree after a build:
    PYTHONPATH=bindings/python python3 fuzz/make_corpus.py [BUILD_DIR]
Each harness gets valid inputs for every game in the catalogue, so the
fuzzers start from the interesting side of every parser.
"""
import os
import random
import sys

import boardgames

HERE = os.path.dirname(os.path.abspath(__file__))


def write(kind, name, data):
    folder = os.path.join(HERE, "corpus", kind)
    os.makedirs(folder, exist_ok=True)
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(folder, name), mode) as out:
        out.write(data)


def random_game(spec, rng, plies):
    g = boardgames.Game(spec)
    for _ in range(plies):
        moves = g.legal_moves()
        if g.outcome.status != "ongoing" or not moves:
            break
        g.play(rng.choice(moves))
    return g


def main():
    if len(sys.argv) > 1:
        boardgames.load_library(sys.argv[1])
    games = boardgames.games()
    for index, info in enumerate(games):
        rng = random.Random(index)
        specs = [info.name]
        for opt in info.options:
            if opt.type == "bool":
                specs.append(f"{info.name}:{opt.key}=1")
        for k, spec in enumerate(specs):
            write("spec", f"{info.name}-{k}", spec)
        for k, plies in enumerate((0, 7, 40)):
            g = random_game(info.name, rng, plies)
            write("position", f"{info.name}-{k}", g.position)
            write("record", f"{info.name}-{k}", g.record)
            moves = g.legal_moves()
            if moves:
                text = str(rng.choice(moves))
                write("move", f"{info.name}-{k}",
                      bytes([index, 0]) + text.encode())
        # the game at its defaults (an option byte below 128), then steps
        write("play", info.name,
              bytes([index]) + bytes(len(info.options))
              + bytes(rng.randrange(256) for _ in range(64)))
        # the learning calls: the game's options at their defaults (bytes
        # below 128), then at values drawn from those allowed
        lrng = random.Random(1000 + index)
        steps = bytes(lrng.randrange(256) for _ in range(96))
        write("learn", info.name,
              bytes([index]) + bytes(len(info.options)) + steps)
        if info.options:
            write("learn", f"{info.name}-options",
                  bytes([index])
                  + bytes(lrng.randrange(128, 256) for _ in info.options)
                  + steps)
    rng = random.Random(40)
    for k, (spec, plies) in enumerate((("tochki:size=5x5", 10),
                                       ("tochki:size=9x7", 60),
                                       ("tochki:start=empty", 30),
                                       ("tochki:size=6x6,start=empty", 36))):
        write("sgf", f"tochki-{k}", random_game(spec, rng, plies).tochki_sgf())


if __name__ == "__main__":
    main()
