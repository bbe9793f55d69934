"""For learning agents: actions, observations and batches of games with
NumPy arrays (<boardgames/learn.h>).

- the single-game functions (:func:`observe`, :func:`action_mask`,
  :func:`play_action`, ...) take a :class:`boardgames.Game`;
- :class:`VectorEnv` steps a batch of games in C, in the conventions of
  Gymnasium's vector environments, writing into NumPy arrays it owns
  (no copies);
- :class:`AECEnv` plays one two-player game turn by turn in the conventions
  of PettingZoo's AEC environments.

Neither Gymnasium nor PettingZoo is imported: the conventions are followed
and documented (doc/learning.md, In Python), not inherited. NumPy (Debian's
python3-numpy) is needed.
"""
import ctypes

import numpy as np

from . import _lib
from . import errors as _e
from ._core import Game, Move, _check, strerror
from ._lib import BgMove

__all__ = [
    "VectorEnv", "AECEnv", "action_count", "action_mask", "action_to_move",
    "legal_actions", "move_to_action", "observation_shape", "observe",
    "plane_names", "play_action", "canonical_hash", "symmetry_action",
    "symmetry_count", "symmetry_game", "symmetry_inverse", "symmetry_kind",
    "symmetry_move", "symmetry_observation", "symmetry_point",
]

STEP_GOING, STEP_TERMINATED, STEP_TRUNCATED = 0, 1, 2


def _addr(a):
    """The address of a NumPy array's data, for the c_void_p prototypes."""
    return a.__array_interface__["data"][0]


def _out(out, shape, dtype, what):
    """``out`` checked to be a C-contiguous array of this shape and dtype,
    which the library can write into; a new one when None."""
    if out is None:
        return np.empty(shape, dtype)
    if (not isinstance(out, np.ndarray) or out.dtype != dtype
            or out.shape != tuple(shape) or not out.flags.c_contiguous
            or not out.flags.writeable):
        raise ValueError("%s must be a writeable C-contiguous %s array of "
                         "shape %s" % (what, np.dtype(dtype).name,
                                       tuple(shape)))
    return out


# ---- One game --------------------------------------------------------------------

def action_count(game):
    """The number of actions of the game's spec: actions are 0..count-1 in
    every position."""
    with game._lock:
        return game._lib.bg_action_count(game._handle())


def observation_shape(game):
    """(planes, height, width) of the game's observations."""
    p, h, w = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
    with game._lock:
        game._check(game._lib.bg_observation_shape(
            game._handle(), ctypes.byref(p), ctypes.byref(h),
            ctypes.byref(w)))
    return p.value, h.value, w.value


def plane_names(game):
    """The name of each observation plane ("board", "own men", ...)."""
    with game._lock:
        h = game._handle()
        planes = observation_shape(game)[0]
        return [game._lib.bg_observation_plane_name(h, k).decode("utf-8")
                for k in range(planes)]


def observe(game, seat, out=None):
    """The observation of the position from ``seat``'s point of view: a
    float32 array of :func:`observation_shape`, written into ``out`` when
    given (a C-contiguous float32 array of that shape)."""
    out = _out(out, observation_shape(game), np.float32, "out")
    with game._lock:
        game._check(game._lib.bg_observe(game._handle(), seat, _addr(out),
                                         out.size))
    return out


def action_mask(game, out=None):
    """The legal-action mask of the side to move: a bool array of
    :func:`action_count` entries (all False after the end), written into
    ``out`` when given (bool, int8 or uint8)."""
    n = action_count(game)
    if out is None:
        out = np.empty(n, np.bool_)
    elif out.dtype not in (np.bool_, np.int8, np.uint8):
        raise ValueError("out must be a bool, int8 or uint8 array")
    _out(out, (n,), out.dtype, "out")
    with game._lock:
        game._check(game._lib.bg_action_mask(game._handle(), _addr(out), n))
    return out


def legal_actions(game):
    """The legal actions of the side to move, ascending (a uint32 array)."""
    with game._lock:
        h = game._handle()
        buf = np.empty(max(1, game._lib.bg_max_moves(h)), np.uint32)
        n = ctypes.c_size_t()
        game._check(game._lib.bg_legal_actions(h, _addr(buf), buf.size,
                                               ctypes.byref(n)))
    return buf[:n.value].copy()


def action_to_move(game, action):
    """The legal :class:`boardgames.Move` an action stands for in the
    current position; IllegalMove when none."""
    m = BgMove()
    with game._lock:
        game._check(game._lib.bg_action_to_move(game._handle(), int(action),
                                                ctypes.byref(m)))
    return Move(game, bytes(m))


def move_to_action(game, move):
    """The action of a legal move (a Move, its text or its raw bytes)."""
    if isinstance(move, str):
        move = game.parse_move(move)
    m = game._as_move(move)
    a = ctypes.c_uint32()
    with game._lock:
        game._check(game._lib.bg_move_to_action(game._handle(),
                                                ctypes.byref(m),
                                                ctypes.byref(a)))
    return a.value


def play_action(game, action):
    """Play the move an action stands for; IllegalMove (nothing changes)
    when the action is not in the mask."""
    with game._lock:
        game._check(game._lib.bg_play_action(game._handle(), int(action)))


# ---- Symmetries --------------------------------------------------------------------

SYMMETRY_KINDS = ("identity", "rot90", "rot180", "rot270", "flip_x",
                  "flip_y", "transpose", "anti")


def symmetry_count(game):
    """The number of symmetries of the game's board and rules (1..8;
    symmetry 0 is the identity)."""
    with game._lock:
        return game._check(game._lib.bg_symmetry_count(game._handle()))


def symmetry_kind(game, s):
    """What symmetry s does to the frame: "identity", "rot90", "rot180",
    "rot270" (anticlockwise), "flip_x", "flip_y", "transpose", "anti"."""
    with game._lock:
        k = game._check(game._lib.bg_symmetry_kind(game._handle(), s))
    return SYMMETRY_KINDS[k] if k < len(SYMMETRY_KINDS) else str(k)


def symmetry_inverse(game, s):
    """The index of the inverse of symmetry s."""
    with game._lock:
        return game._check(game._lib.bg_symmetry_inverse(game._handle(), s))


def symmetry_point(game, s, p):
    """The image of point p (an index) under symmetry s."""
    out = ctypes.c_int()
    with game._lock:
        game._check(game._lib.bg_symmetry_point(game._handle(), s, p,
                                                ctypes.byref(out)))
    return out.value


def symmetry_move(game, s, move):
    """The image of a move under symmetry s: a Move, legal in the image of
    the position when ``move`` is legal here."""
    m, out = game._as_move(move), BgMove()
    with game._lock:
        game._check(game._lib.bg_symmetry_move(game._handle(), s,
                                               ctypes.byref(m),
                                               ctypes.byref(out)))
    return Move(game, bytes(out))


def symmetry_action(game, s, action):
    """The image of a legal action of the position under symmetry s: the
    action of the image move in the image position."""
    out = ctypes.c_uint32()
    with game._lock:
        game._check(game._lib.bg_symmetry_action(game._handle(), s,
                                                 int(action),
                                                 ctypes.byref(out)))
    return out.value


def symmetry_observation(game, s, obs, out=None):
    """The image of observations under symmetry s: ``obs`` is one
    observation (planes, height, width) or an array of them (any leading
    dimensions, float32); the result has its shape."""
    shape = observation_shape(game)
    obs = np.ascontiguousarray(obs, dtype=np.float32)
    if obs.shape[-3:] != shape:
        raise ValueError("observations must end in shape %s, not %s"
                         % (shape, obs.shape))
    out = _out(out, obs.shape, np.float32, "out")
    if np.shares_memory(obs, out):
        raise ValueError("out must not overlap obs")
    src, dst = obs.reshape((-1,) + shape), out.reshape((-1,) + shape)
    with game._lock:
        h = game._handle()
        for i in range(src.shape[0]):
            game._check(game._lib.bg_symmetry_observation(
                h, s, _addr(src[i]), _addr(dst[i])))
    return out


def symmetry_game(game, s):
    """A new Game, the image of ``game`` under symmetry s (its history
    transformed move by move). NotSupported for a game started from a
    position that is not its spec's start."""
    out = ctypes.c_void_p()
    with game._lock:
        game._check(game._lib.bg_symmetry_game(ctypes.byref(out),
                                               game._handle(), s))
    return Game._wrap(game._lib, out)


def canonical_hash(game):
    """(hash, symmetry): the least bg_hash() over the images of the
    position, equal for positions that are images of each other, and the
    symmetry that gives it. For tables and solvers, not hot loops."""
    h, sym = ctypes.c_uint64(), ctypes.c_int()
    with game._lock:
        game._check(game._lib.bg_canonical_hash(game._handle(),
                                                ctypes.byref(h),
                                                ctypes.byref(sym)))
    return h.value, sym.value


# ---- Batches: Gymnasium's vector-environment conventions -------------------------

class VectorEnv:
    """``num_envs`` games of one spec stepped together in C.

    ``reset()`` returns ``(observations, infos)`` and ``step(actions)``
    returns ``(observations, rewards, terminations, truncations, infos)``
    as Gymnasium's vector environments do:

    observations  float32 (num_envs, planes, height, width), each game seen
                  by its side to move
    rewards       float32 (num_envs,): for the seat that played the action,
                  1 when its move won, -1 when it lost, 0 otherwise
    terminations  bool (num_envs,): the game ended by its rules
    truncations   bool (num_envs,): the game ended at its max_plies cap,
                  or was cut short at a position with a legal move that
                  has no action
    infos         {"action_mask": bool (num_envs, num_actions), read-only,
                   "_action_mask": bool (num_envs,) all True}; with
                  ``masks=False``, {}: :meth:`legal_actions` lists them

    Games with large action counts (Mill's 420001, Bolotudu's 345961) have
    masks of that many bytes a game, and a step sets and clears a cache
    line of it for every legal action; ``masks=False`` leaves them out, and
    :meth:`legal_actions` gives the legal actions as lists instead.

    A finished game restarts within the same step (Gymnasium's "same-step"
    autoreset, ``metadata["autoreset_mode"]``): the step that ends it
    reports its reward and termination with the observation and mask of
    the new game. There is no final observation: the reward is the value
    of the end.

    The arrays belong to the environment and are written in place by the
    library at every reset and step: the same objects come back each time
    (no copies). Keep a copy (``obs.copy()``) of anything needed after the
    next step, or pass ``copy=True``.
    """

    metadata = {"autoreset_mode": "SameStep"}

    def __init__(self, spec, num_envs, threads=1, seed=0, copy=False,
                 masks=True, **options):
        from ._core import _spec_with, _bytes
        self._b = None
        self._lib = _lib.lib()
        b = ctypes.c_void_p()
        self.spec = _spec_with(spec, options)
        _check(self._lib, self._lib.bg_batch_new(
            ctypes.byref(b), _bytes(self.spec), num_envs, threads,
            seed & 0xFFFFFFFFFFFFFFFF))
        self._b = b.value
        self.threads = threads
        self.copy = copy
        self._start = None
        n, actions, obs = (ctypes.c_size_t() for _ in range(3))
        _check(self._lib, self._lib.bg_batch_info(
            self._b, ctypes.byref(n), ctypes.byref(actions),
            ctypes.byref(obs)))
        self.num_envs = n.value
        self.num_actions = actions.value
        with Game(self.spec) as g:
            self.single_observation_shape = observation_shape(g)
            self.plane_names = plane_names(g)
            self.spec = g.spec
        assert int(np.prod(self.single_observation_shape)) == obs.value
        shape = (self.num_envs,) + self.single_observation_shape
        # np.empty, not np.zeros: NumPy asks the kernel for huge pages
        # for the arrays it allocates from 4 MB on, but not for those it
        # gets zeroed from calloc. At 1,024 games a mask array is MBs to
        # hundreds of MB of which a step writes a few bytes a game, and
        # on 4 KB pages most of those cost a page walk (mill through
        # NumPy made 1.1 to 1.2 times the steps a second). Zeroed after.
        self.masks = masks
        self._obs = np.empty(shape, np.float32)
        self._mask = np.empty((self.num_envs,
                               self.num_actions if masks else 0), np.bool_)
        self._obs.fill(0)
        self._mask.fill(False)
        self._rewards = np.zeros(self.num_envs, np.float32)
        self._done = np.zeros(self.num_envs, np.uint8)
        # terminations and truncations: the rows of one array, made by one
        # compare of the done flags with the two codes (a NumPy call costs
        # more than comparing a thousand bytes)
        self._ends = np.zeros((2, self.num_envs), np.bool_)
        self._term, self._trunc = self._ends
        self._codes = np.array([[STEP_TERMINATED], [STEP_TRUNCATED]],
                               np.uint8)
        self._actions = np.zeros(self.num_envs, np.uint32)
        # the library clears only the mask bytes it set the step before:
        # callers get a read-only view, so no byte is left set by them
        self._mask_view = self._mask.view()
        self._mask_view.flags.writeable = False
        self._infos = {"action_mask": self._mask_view,
                       "_action_mask": np.ones(self.num_envs, np.bool_)
                       } if masks else {}
        # the addresses once: a step is then one C call and one compare
        self._mask_addr = _addr(self._mask) if masks else None
        self._step_args = (self._b, None, _addr(self._obs), self._mask_addr,
                           _addr(self._rewards), _addr(self._done))
        self._step = _lib.raw_function(self._lib, "bg_batch_step",
                                       ctypes.c_int, [ctypes.c_void_p] * 6)
        self._draw = _lib.raw_function(self._lib, "bg_batch_random_actions",
                                       ctypes.c_int, [ctypes.c_void_p] * 2)
        self._actions_addr = _addr(self._actions)
        # legal_actions(): room for 64 actions a game at first, grown to
        # what a call needs (most positions of most games have fewer)
        self._offsets = np.zeros(self.num_envs + 1, np.uint32)
        self._lists = np.zeros(64 * self.num_envs, np.uint32)
        self._total = ctypes.c_size_t()
        self._list = _lib.raw_function(
            self._lib, "bg_batch_legal_actions", ctypes.c_int,
            [ctypes.c_void_p] * 3 + [ctypes.c_size_t, ctypes.c_void_p])

    # -- shapes, as Gymnasium's spaces would give them

    @property
    def observation_shape(self):
        """(num_envs, planes, height, width)."""
        return self._obs.shape

    @property
    def action_masks(self):
        """The current legal-action masks, bool (num_envs, num_actions),
        read-only (with ``masks=False``, num_actions is 0 there)."""
        return self._mask_view

    # -- life cycle

    def _batch(self):
        if not self._b:
            raise ValueError("the environment is closed")
        return self._b

    def close(self):
        """Free the batch (idempotent); the calls that step or read it
        then raise ValueError."""
        b, self._b = getattr(self, "_b", None), None
        args = getattr(self, "_step_args", None)
        if args:
            # the hot calls read the batch from here, not from _b
            self._step_args = (None,) + args[1:]
        if b:
            self._lib.bg_batch_free(b)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    # -- Gymnasium's loop

    def _result(self, *arrays):
        return tuple(a.copy() for a in arrays) if self.copy else arrays

    def reset(self, seed=None, options=None):
        """Put every game at the start and return ``(observations,
        infos)``. ``seed`` restarts the generator of
        :meth:`random_actions` (the games themselves are not random);
        ``options={"position": text}`` makes games start, now and at every
        restart, from a position text of the spec (``None``: the spec's
        start)."""
        b = self._batch()
        if seed is not None:
            fresh = ctypes.c_void_p()
            from ._core import _bytes
            _check(self._lib, self._lib.bg_batch_new(
                ctypes.byref(fresh), _bytes(self.spec), self.num_envs,
                self.threads, seed & 0xFFFFFFFFFFFFFFFF))
            self.close()
            self._b = b = fresh.value
            self._step_args = (b,) + self._step_args[1:]
            self._start = None
        if options and "position" in options:
            pos = options["position"]
            _check(self._lib, self._lib.bg_batch_set_start(
                b, None if pos is None else pos.encode("utf-8")))
            self._start = pos
        elif seed is not None and getattr(self, "_start", None):
            _check(self._lib, self._lib.bg_batch_set_start(
                b, self._start.encode("utf-8")))
        _check(self._lib, self._lib.bg_batch_reset(b, _addr(self._obs),
                                                   self._mask_addr))
        self._rewards.fill(0)
        self._done.fill(0)
        self._ends.fill(False)
        return self._result(self._obs, self._infos)

    def step(self, actions):
        """Play one action per game (an integer array of num_envs legal
        actions) and return ``(observations, rewards, terminations,
        truncations, infos)``. IllegalMove (InvalidArgument for an action
        out of range) names the first game at fault; then no game moves."""
        args = self._step_args
        if not args[0]:
            self._batch()
        if actions is self._actions:  # from random_actions(): as it is
            addr = self._actions_addr
        else:
            a = actions
            if not (isinstance(a, np.ndarray) and a.dtype == np.uint32
                    and a.flags.c_contiguous):
                a = np.ascontiguousarray(actions, dtype=np.uint32)
            if a.shape != (self.num_envs,):
                raise ValueError("actions must have shape (%d,), not %s"
                                 % (self.num_envs, a.shape))
            addr = _addr(a)
        rc = self._step(args[0], addr, *args[2:])
        if rc < 0:
            _check(self._lib, rc)
        np.equal(self._done, self._codes, out=self._ends)
        return self._result(self._obs, self._rewards, self._term,
                            self._trunc, self._infos)

    def legal_actions(self):
        """The legal actions of every game now, listed: ``(offsets,
        actions)``, uint32 arrays, game i's ``actions[offsets[i]:offsets[i
        + 1]]``, the action of each of its legal moves in the order of
        ``game(i).legal_moves()`` (sorted, :func:`legal_actions` of that
        game). The arrays belong to the environment and are overwritten
        by the next call (unless ``copy=True``)."""
        b = self._step_args[0] or self._batch()
        while True:
            rc = self._list(b, _addr(self._offsets), _addr(self._lists),
                            self._lists.size, ctypes.addressof(self._total))
            if rc != _e.EBUFSIZE:
                break
            self._lists = np.zeros(max(self._total.value,
                                       2 * self._lists.size), np.uint32)
        if rc < 0:
            _check(self._lib, rc)
        return self._result(self._offsets,
                            self._lists[:self._offsets[-1]])

    def random_actions(self):
        """A legal action per game, drawn uniformly with the batch's
        generator (seeded by ``seed``): a uint32 array owned by the
        environment, overwritten by the next call."""
        rc = self._draw(self._step_args[0] or self._batch(),
                        self._actions_addr)
        if rc < 0:
            _check(self._lib, rc)
        return self._actions

    def game(self, i):
        """A :class:`boardgames.Game` copy of game i as it stands (its
        history, outcome, text): to look at, not to step the batch."""
        if not 0 <= i < self.num_envs:
            raise IndexError("no game %r in a batch of %d"
                             % (i, self.num_envs))
        h = self._lib.bg_batch_game(self._batch(), i)
        out = ctypes.c_void_p()
        _check(self._lib, self._lib.bg_game_clone(ctypes.byref(out), h))
        return Game._wrap(self._lib, out)


# ---- One two-player game: PettingZoo's AEC conventions ---------------------------

class AECEnv:
    """One game played turn by turn in the conventions of PettingZoo's AEC
    environments (its classic board games):

        env = AECEnv("kutochki")
        env.reset(seed=1)
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                action = None
            else:
                action = policy(obs["observation"], obs["action_mask"])
            env.step(action)

    Agents are ``"player_0"`` and ``"player_1"`` (seats 0 and 1).
    Observations are dicts ``{"observation": float32 (planes, height,
    width) from the agent's point of view, "action_mask": int8
    (num_actions,)}``; the mask is also ``infos[agent]["action_mask"]``.
    At the end the winner's reward is 1 and the loser's -1 (0 each for a
    draw); both agents are then terminated (truncated at a max_plies cap)
    and must each step None once, which removes them from ``agents``;
    agent_iter stops when none is left. An illegal action raises
    IllegalMove (ValueError) and changes nothing.
    """

    metadata = {"name": "boardgames", "is_parallelizable": False}

    def __init__(self, spec, **options):
        self.game = Game(spec, **options)
        self.spec = self.game.spec
        self.possible_agents = ["player_0", "player_1"]
        self.num_actions = action_count(self.game)
        self.observation_shape = observation_shape(self.game)
        self.reset()

    def observation_space(self, agent):
        """The shapes and dtypes of an agent's observation (what a
        gymnasium.spaces.Dict of Box would hold)."""
        return {"observation": (self.observation_shape, np.float32),
                "action_mask": ((self.num_actions,), np.int8)}

    def action_space(self, agent):
        """The number of actions (a gymnasium.spaces.Discrete(n))."""
        return self.num_actions

    def close(self):
        self.game.close()

    def reset(self, seed=None, options=None):
        """A new game from the start (``options={"position": text}``: from
        a position). The games are not random: ``seed`` only seeds
        :meth:`random_action`."""
        pos = (options or {}).get("position")
        self.game.close()
        self.game = Game.from_position(pos) if pos else Game(self.spec)
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        elif not hasattr(self, "_rng"):
            self._rng = np.random.default_rng()
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]
        self._update_infos()

    def _seat(self, agent):
        return self.possible_agents.index(agent)

    def _update_infos(self):
        for agent in self.agents:
            mask = np.zeros(self.num_actions, np.int8)
            if self._seat(agent) == self.game.to_move:
                action_mask(self.game, out=mask)
            self.infos[agent]["action_mask"] = mask

    def observe(self, agent):
        return {"observation": observe(self.game, self._seat(agent)),
                "action_mask": self.infos[agent]["action_mask"].copy()}

    def last(self, observe=True):
        """(observation, cumulative reward, termination, truncation, info)
        of the agent to act."""
        a = self.agent_selection
        return (self.observe(a) if observe else None,
                self._cumulative_rewards[a], self.terminations[a],
                self.truncations[a], self.infos[a])

    def agent_iter(self, max_iter=2 ** 63):
        """The agent to act, until every agent is done (or max_iter)."""
        for _ in range(max_iter):
            if not self.agents:
                return
            yield self.agent_selection

    def random_action(self):
        """A legal action of the agent to act, uniformly drawn."""
        return int(self._rng.choice(legal_actions(self.game)))

    def step(self, action):
        """Play the agent's action; None for an agent that is done, which
        removes it."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ValueError("%s is done: step(None)" % agent)
            self.agents.remove(agent)
            self._cumulative_rewards[agent] = 0.0
            if self.agents:
                self.agent_selection = self.agents[0]
            return
        if action is None:
            raise ValueError("%s is to move: step(action)" % agent)
        self._cumulative_rewards[agent] = 0.0
        play_action(self.game, action)
        for a in self.agents:
            self.rewards[a] = 0.0
        out = self.game.outcome
        if out.over:
            truncated = out.reason == "move-limit"
            for a in self.agents:
                if out.winner is not None:
                    self.rewards[a] = 1.0 if self._seat(a) == out.winner \
                        else -1.0
                self.terminations[a] = not truncated
                self.truncations[a] = truncated
            # as PettingZoo's classic games: the opponent's dead step first
            self.agent_selection = self.possible_agents[
                1 - self._seat(agent)]
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        for a in self.agents:
            self._cumulative_rewards[a] += self.rewards[a]
        self._update_infos()
