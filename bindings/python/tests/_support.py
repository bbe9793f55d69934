"""Helpers shared by the binding's tests: the C tools, random games."""
import os
import shutil
import subprocess
from pathlib import Path

import boardgames


def tool(name):
    """Path of a built example tool (bgperft, bgcheck), or None.

    BOARDGAMES_<NAME> (e.g. BOARDGAMES_BGPERFT) when set, else
    examples/<name> of the build tree the library was loaded from, else
    the PATH.
    """
    env = os.environ.get("BOARDGAMES_" + name.upper())
    if env:
        return env
    lib = Path(boardgames.library_path())
    if lib.is_file():
        path = lib.resolve().parent.parent / "examples" / name
        if path.is_file() and os.access(path, os.X_OK):
            return str(path)
    return shutil.which(name)


def run_tool(args, stdin=None):
    """Run a tool; return (exit status, stdout lines, stderr)."""
    proc = subprocess.run(args, input=stdin, capture_output=True,
                          text=True, encoding="utf-8", timeout=120)
    return proc.returncode, proc.stdout.splitlines(), proc.stderr


def perft(game, depth):
    """The leaf counts for depths 1..depth through the binding (as bgperft:
    the last level counted from the move list without playing it)."""
    counts = [0] * (depth + 1)

    def walk(ply):
        if ply + 1 == depth:
            counts[depth] += game.legal_move_count()
            return
        moves = game.legal_moves()
        counts[ply + 1] += len(moves)
        for m in moves:
            game.play(m)
            walk(ply + 1)
            game.undo()

    walk(0)
    return counts[1:]


def variant_specs(info):
    """The default spec, then one spec per other value of each BOOL or ENUM
    option (or INT option with a list of numbers, no range), then one with
    every such option changed."""
    specs = [info.name]
    changed = []
    for opt in info.options:
        if opt.type == "bool":
            other = ["1" if opt.default in ("0", "false") else "0"]
        elif opt.type == "enum" or (
                opt.type == "int" and not any(".." in v for v in opt.allowed)):
            other = [v for v in opt.allowed if v != opt.default]
        else:
            continue
        for value in other:
            specs.append("%s:%s=%s" % (info.name, opt.key, value))
        if other:
            changed.append("%s=%s" % (opt.key, other[0]))
    if len(changed) > 1:
        specs.append("%s:%s" % (info.name, ",".join(changed)))
    return specs


def random_specs(info):
    """Specs for the seeded random games of a game: the default; the
    default again, on a 10x10 field when the size is free text (so that
    Dots games get to their end); every BOOL/ENUM option changed at once."""
    small = ""
    if any(o.key == "size" and o.type == "text" for o in info.options):
        small = "size=10"
    variants = variant_specs(info)
    specs = [info.name, info.name + (":" + small if small else "")]
    if len(variants) > 1:
        last = variants[-1]
        if small:
            last += ("," if ":" in last else ":") + small
        specs.append(last)
    return specs


def result_line(game):
    """bgcheck's result line for a game, made through the binding."""
    out = game.outcome
    winner = "-" if out.winner is None else str(out.winner)
    reason = out.reason if out.over else "none"
    scores = out.scores or (0, 0)  # bgcheck prints 0:0 without scores
    return "result: %s winner=%s reason=%s score=%g:%g" % (
        out.result, winner, reason, scores[0], scores[1])


def finish(game, rng, max_plies=3000):
    """Play random moves until the end (or max_plies); True when over."""
    while not game.outcome.over and game.ply < max_plies:
        game.play(rng.choice(game.legal_moves()))
    return game.outcome.over


def quick_end_specs(info):
    """Specs of a game that end soon under random play: the default, then
    with a ply cap, then the smallest board when the size is free text."""
    specs = [info.name]
    keys = {o.key: o for o in info.options}
    if "max_plies" in keys:
        specs.append("%s:max_plies=30" % info.name)
    if "size" in keys and keys["size"].type == "text":
        specs.append("%s:size=4" % info.name)
    return specs
