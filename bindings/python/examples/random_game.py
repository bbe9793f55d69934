#!/usr/bin/env python3
"""Play a game of libboardgames in the terminal through the Python binding.

    random_game.py [SPEC] [--seed N] [--human [SEAT]]

Two random players by default; with --human you play seat 0 (or SEAT)
against the random player, typing moves as the game's notation writes them
("h3-f3"), "moves" for the legal moves, "undo" to take back your last move,
or "quit".

Run it from the source tree after a build, e.g.
    BOARDGAMES_BUILD_DIR=build PYTHONPATH=bindings/python \\
        python3 bindings/python/examples/random_game.py kutochki --seed 7
"""
import argparse
import random
import sys
from pathlib import Path

try:
    import boardgames
except ImportError:  # run from the source tree without PYTHONPATH
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import boardgames


def draw(game):
    """The board as text: one row per rank, top rank first (grid boards),
    or the points with their pieces (line boards)."""
    board = game.board
    pieces = game.pieces
    marks = {"man": "xo", "king": "XO", "dead": "**"}
    at = {(p.x, p.y): pieces[p.index] for p in board.points}
    rows = []
    for y in range(board.height - 1, -1, -1):
        row = []
        for x in range(board.width):
            if (x, y) not in at:
                row.append(" ")
            elif at[(x, y)] is None:
                row.append(".")
            else:
                piece = at[(x, y)]
                seat = 0 if piece.seat is None else piece.seat
                row.append(marks.get(piece.kind, "??")[seat])
        rows.append("%3d %s" % (y + 1, " ".join(row)))
    files = {p.x: p.name.rstrip("0123456789") for p in board.points}
    rows.append("    " + " ".join(files.get(x, " ")[:1]
                                   for x in range(board.width)))
    return "\n".join(rows)


def ask(game):
    """A move from the keyboard; None to quit, "undo" to take back."""
    while True:
        try:
            text = input("%s> " % game.seat_name(game.to_move)).strip()
        except EOFError:
            return None
        if text in ("quit", "q"):
            return None
        if text == "moves":
            print(" ".join(str(m) for m in game.legal_moves()))
            continue
        if text == "undo":
            return "undo"
        try:
            return game.parse_move(text)
        except boardgames.BoardGamesError as e:
            print(e)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", nargs="?", default="kutochki",
                    help="game spec, e.g. kutochki:size=10 (default kutochki)")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--human", nargs="?", type=int, const=0, default=None,
                    metavar="SEAT", help="play SEAT (0 or 1, default 0)")
    ap.add_argument("--max-plies", type=int, default=1000)
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    try:
        game = boardgames.Game(args.spec)
    except boardgames.BoardGamesError as e:
        print("random_game: %s" % e, file=sys.stderr)
        return 1
    info = game.info
    print("%s (%s): %s" % (info.titles["en"], info.titles["ru"], game.spec))
    with game:
        while not game.outcome.over and game.ply < args.max_plies:
            if args.human is not None:
                print(draw(game))
            if game.to_move == args.human:
                move = ask(game)
                if move is None:
                    return 0
                if move == "undo":
                    try:
                        game.undo()
                        if game.to_move != args.human:
                            game.undo()
                    except boardgames.NoUndo as e:
                        print(e)
                    continue
            else:
                move = rng.choice(game.legal_moves())
            mover = game.seat_name(game.to_move)
            game.play(move)
            print("%d. %s: %s" % (game.ply, mover, move))
        out = game.outcome
        if args.human is not None:
            print(draw(game))
        if out.status == "win":
            print("%s %s wins (%s)" % (out.result, game.seat_name(out.winner),
                                       out.reason))
        elif out.status == "draw":
            print("1/2-1/2 draw (%s)" % out.reason)
        else:
            print("* stopped after %d plies" % game.ply)
        print(game.position)
    return 0


if __name__ == "__main__":
    sys.exit(main())
