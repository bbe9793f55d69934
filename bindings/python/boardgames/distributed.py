"""Large jobs on Dask distributed: perft by subtrees, seeded self-play.

The module splits a job into independent tasks, runs them on the workers
of a ``distributed.Client`` and gathers the results:

- :func:`perft` walks the first ``split`` plies here, sends one task per
  position reached (the moves leading to it, as text) and adds up the
  leaf counts the workers send back;
- :func:`selfplay` sends the seeds in batches; each worker plays each seed's
  game with the library's random playout, which depends on the seed alone,
  so the games are those one process would play.

The same code runs on a ``LocalCluster`` and on a real cluster: only the
client differs. Without a client (``client=None``) the tasks run here, one
after the other, which is the single-process reference. Each worker needs
this package and a libboardgames of a version it accepts
(:func:`worker_versions` tells). Tasks carry only texts and numbers, so
workers and client need not share a platform.

Dask (Debian's python3-distributed) is imported only when a client is used.
"""
import ctypes
from collections import namedtuple

from . import _lib
from ._core import Game, Outcome, _check

__all__ = ["Perft", "SelfPlayGame", "perft", "selfplay", "worker_versions"]

Perft = namedtuple("Perft", "counts divide")
Perft.__doc__ = """The result of :func:`perft`.

counts  the nodes at depths 1..depth, as bgperft prints them
divide  [(move text, leaves at depth below it), ...] for the legal moves
        of the start, in the library's order (bgperft --divide); empty
        when the job was not split
"""

SelfPlayGame = namedtuple("SelfPlayGame", "seed moves outcome hash")
SelfPlayGame.__doc__ = """One game of :func:`selfplay`.

seed     the generator state the game was drawn from
moves    the texts of its moves, in order
outcome  the :class:`boardgames.Outcome` at its end (status "ongoing" when
         cut at max_plies)
hash     bg_hash() of its last position
"""


def _game(spec, position):
    return Game.from_position(position) if position is not None else Game(spec)


# ---- Tasks: plain functions of texts and numbers, run on the workers ----------

def _subtree_counts(game, depth):
    """The nodes at depths 1..depth below the game's position, walked in C
    move buffers (one per ply) with bg_play/bg_undo; the last level is
    counted by a size query, as bgperft counts it."""
    lib = _lib.lib()
    h = game._handle()
    counts = [0] * depth
    if depth == 0:
        return counts
    cap = max(1, lib.bg_max_moves(h))
    size = ctypes.sizeof(_lib.BgMove)
    bufs = [(_lib.BgMove * cap)() for _ in range(depth - 1)]
    n = ctypes.c_size_t()
    # addresses as integers: no ctypes object per move played
    addrs = [[ctypes.addressof(b) + i * size for i in range(cap)]
             for b in bufs]
    legal, undo = lib.bg_legal_moves, lib.bg_undo
    play = _lib.raw_function(lib, "bg_play", ctypes.c_int,
                             [ctypes.c_void_p, ctypes.c_void_p])
    byref = ctypes.byref

    def walk(ply):
        if ply + 1 == depth:
            _check(lib, legal(h, None, 0, byref(n)), h)
            counts[ply] += n.value
            return
        buf = bufs[ply]
        _check(lib, legal(h, buf, cap, byref(n)), h)
        k = n.value
        counts[ply] += k
        for a in addrs[ply][:k]:
            _check(lib, play(h, a), h)
            walk(ply + 1)
            _check(lib, undo(h), h)

    walk(0)
    return counts


def perft_task(spec, position, prefixes, depth):
    """One task of :func:`perft`: for each prefix (a tuple of move texts
    played from the start), the node counts at depths 1..depth below the
    position it leads to."""
    out = []
    with _game(spec, position) as g:
        for prefix in prefixes:
            for text in prefix:
                g.play(text)
            out.append(_subtree_counts(g, depth))
            for _ in prefix:
                g.undo()
    return out


def selfplay_task(spec, position, seeds, max_plies):
    """One task of :func:`selfplay`: the game of each seed, played by
    bg_playout from that generator state."""
    out = []
    for seed in seeds:
        with _game(spec, position) as g:
            g.playout(seed, max_plies)
            out.append(SelfPlayGame(seed, tuple(str(m) for m in g.history),
                                    g.outcome, g.hash))
    return out


# ---- Splitting and gathering ----------------------------------------------------

def _run(client, fn, chunks, *args):
    """fn(*args[:2], chunk, *args[2:]) for each chunk, on the client's
    workers or here; the results in the order of the chunks."""
    head, tail = args[:2], args[2:]
    if client is None:
        return [fn(*head, chunk, *tail) for chunk in chunks]
    futures = [client.submit(fn, *head, chunk, *tail, pure=False)
               for chunk in chunks]
    return client.gather(futures)


def _chunks(items, size):
    return [items[i:i + size] for i in range(0, len(items), size)]


def _workers(client):
    if client is None:
        return 1
    return max(1, len(client.scheduler_info().get("workers", {})))


def _prefixes(game, split):
    """The move-text sequences of length ``split`` from the game's position
    that end in a position still going on, and the node counts at depths
    1..split."""
    counts = [0] * split
    out = []

    def walk(prefix):
        if len(prefix) == split:
            if not game.outcome.over:
                out.append(tuple(prefix))
            return
        moves = game.legal_moves()
        counts[len(prefix)] += len(moves)
        for m in moves:
            game.play(m)
            walk(prefix + [str(m)])
            game.undo()

    walk([])
    return out, counts


def _default_split(game, depth, want):
    """The fewest plies (below depth) giving at least ``want`` subtrees."""
    split = 1
    while split < depth - 1:
        if len(_prefixes(game, split)[0]) >= want:
            break
        split += 1
    return split


def perft(spec, depth, client=None, split=None, tasks=None,
          position=None):
    """Count the legal-move tree of a game to ``depth`` plies, split into
    subtrees of the first ``split`` plies: a :class:`Perft` whose counts are
    bgperft's.

    spec      the game ("kutochki:size=10")
    position  a position text to start from instead of the start
    client    a distributed.Client, or None to run the tasks here
    split     plies walked here (0..depth-1); by default the fewest giving
              at least 8 subtrees per worker
    tasks     how many tasks share the subtrees (dealt round, so that
              each gets subtrees from all over the tree); by default 4 per
              worker, a balance between idle workers at the end and the
              cost of a task (milliseconds)
    """
    if depth < 1:
        raise ValueError("depth must be at least 1, not %r" % (depth,))
    with _game(spec, position) as g:
        if split is None:
            split = (_default_split(g, depth, 8 * _workers(client))
                     if depth > 1 else 0)
        if not 0 <= split < depth:
            raise ValueError("split must be in 0..%d, not %r"
                             % (depth - 1, split))
        prefixes, counts = _prefixes(g, split)
    if tasks is None:
        tasks = 4 * _workers(client)
    if tasks < 1:
        raise ValueError("tasks must be at least 1, not %r" % (tasks,))
    dealt = [prefixes[i::tasks] for i in range(min(tasks, len(prefixes)))]
    results = [None] * len(prefixes)
    parts = _run(client, perft_task, dealt, spec, position, depth - split)
    for i, part in enumerate(parts):
        results[i::len(dealt)] = part
    counts += [0] * (depth - split)
    divide = {}
    for prefix, sub in zip(prefixes, results):
        for d, c in enumerate(sub):
            counts[split + d] += c
        if prefix:
            divide[prefix[0]] = divide.get(prefix[0], 0) + sub[-1]
    if split == 0:
        return Perft(counts, [])
    # root moves in the library's order, those whose subtree ended early too
    with _game(spec, position) as g:
        roots = [str(m) for m in g.legal_moves()]
    return Perft(counts, [(m, divide.get(m, 0)) for m in roots])


def selfplay(spec, seeds, client=None, batch=16, max_plies=2 ** 32 - 1,
             position=None):
    """Play one random game per seed, ``batch`` seeds per task, and return
    the :class:`SelfPlayGame` list in the order of the seeds. Each game is
    bg_playout from the seed as generator state, cut after max_plies
    moves: the same games wherever and however split they run."""
    seeds = list(seeds)
    if batch < 1:
        raise ValueError("batch must be at least 1, not %r" % (batch,))
    out = []
    for part in _run(client, selfplay_task, _chunks(seeds, batch),
                     spec, position, max_plies):
        out.extend(part)
    return out


def _worker_version():
    from . import _core
    return _core.version(), _core.library_path()


def worker_versions(client):
    """{worker address: (library version, library path)}: whether each
    worker can import this package and load the library."""
    return client.run(_worker_version)
