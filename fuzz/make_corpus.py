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


def option_value(opt, v):
    """The value fuzz_option_value (fuzz.h) gives option byte 128 + v."""
    if opt.type == "bool":
        return str(v & 1)
    item = opt.allowed[v % len(opt.allowed)]
    if opt.type == "int" and ".." in item:
        lo, hi = (int(x) for x in item.split(".."))
        return str(lo + v // len(opt.allowed) % min(hi - lo + 1, 4))
    return item


def picked_spec(info, option_bytes):
    """The spec fuzz_pick_spec (fuzz.h) reads from the game's option bytes:
    below 128 the default, text options always their default."""
    values = [f"{opt.key}={option_value(opt, b - 128)}"
              for opt, b in zip(info.options, option_bytes)
              if b >= 128 and opt.type != "text"]
    return info.name + (":" + ",".join(values) if values else "")


def drawn_options(info, rng):
    """Option bytes at drawn values (128 and up) whose spec the game
    accepts, and that spec; None for a game without options. The move
    limit stays off (a byte below 128), else most seeds would be games
    ended after a ply or three."""
    while info.options:
        option_bytes = bytes(0 if opt.key == "max_plies" else
                             rng.randrange(128, 256) for opt in info.options)
        spec = picked_spec(info, option_bytes)
        try:
            boardgames.Game(spec).close()
        except boardgames.BoardGamesError:
            continue
        return option_bytes, spec
    return None


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
        # positions, records and moves at the game's defaults (option
        # bytes below 128) and at drawn option values
        orng = random.Random(2000 + index)
        picks = (("", rng, (bytes(len(info.options)), info.name)),
                 ("-options", orng, drawn_options(info, orng)))
        for suffix, grng, picked in picks:
            if picked is None:
                continue
            option_bytes, spec = picked
            for k, plies in enumerate((0, 7, 40)):
                g = random_game(spec, grng, plies)
                name = f"{info.name}{suffix}-{k}"
                write("position", name, g.position)
                write("record", name, g.record)
                moves = g.legal_moves()
                if moves:
                    text = str(grng.choice(moves))
                    write("move", name, bytes([index]) + option_bytes
                          + bytes([0]) + text.encode())
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
        drawn = drawn_options(info, lrng)
        if drawn:
            write("learn", f"{info.name}-options",
                  bytes([index]) + drawn[0] + steps)
    rng = random.Random(40)
    for k, (spec, plies) in enumerate((("tochki:size=5x5", 10),
                                       ("tochki:size=9x7", 60),
                                       ("tochki:start=empty", 30),
                                       ("tochki:size=6x6,start=empty", 36))):
        write("sgf", f"tochki-{k}", random_game(spec, rng, plies).tochki_sgf())


if __name__ == "__main__":
    main()
