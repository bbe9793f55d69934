"""The binding proper: catalogue, games, moves, outcome, board description."""
from __future__ import annotations

import ctypes
import re
import threading
from typing import (Any, Dict, FrozenSet, List, NamedTuple, Optional, Tuple,
                    Union)

from . import _lib
from . import errors as _e
from ._lib import BgEffect, BgMove, MOVE_SIZE
from .errors import BoardGamesError, UnknownPoint, make_error

_byref = ctypes.byref

# ---- Names of the library's enums --------------------------------------------

OPTION_TYPES = ("bool", "int", "enum", "text")
BOARD_KINDS = ("cells", "intersections", "lines")
LINE_STYLES = ("solid", "dashed")
MOVE_KINDS = ("pass", "place", "step", "jump", "capture", "ground")
PIECE_KINDS = ("none", "man", "king", "dead")
EFFECT_KINDS = ("none", "capture", "promote")
STATUSES = ("ongoing", "win", "draw")
MARKS = ((1, "home0"), (2, "home1"), (4, "special"))
TOCHKI_STATES = ("empty", "dead", "point")
MOVE_FLAG_MARK = 1

BG_MOVE_TEXT_MAX = 256  # room for the text of any move, NUL included
BG_POINT_NAME_MAX = 8   # room for the name of any point, NUL included


def _name(names, value):
    return names[value] if 0 <= value < len(names) else str(value)


def _str(raw):
    return raw.decode("utf-8") if raw is not None else None


def _bytes(text, what="text"):
    if isinstance(text, bytes):
        return text
    if not isinstance(text, str):
        raise TypeError("%s must be str, not %s" % (what, type(text).__name__))
    return text.encode("utf-8")


def _raise(lib, code, h=None):
    """Raise the exception for a negative code. bg_last_error is read first:
    it is valid only until the next library call of this thread. When it is
    empty, the detail of handle h (bg_game_error), which the handle keeps
    until its next failure, stands in."""
    detail = _str(lib.bg_last_error()) or ""
    if not detail and h:
        detail = _str(lib.bg_game_error(h)) or ""
    raise make_error(code, detail, _str(lib.bg_strerror(code)))


def _check(lib, code, h=None):
    if code < 0:
        _raise(lib, code, h)
    return code


def _text(lib, fn, h, *args, cap=0):
    """Call a bg_* text function (h, ..., buf, cap, len) of handle h into a
    buffer that fits: ``cap`` bytes when they hold any answer
    (BG_MOVE_TEXT_MAX, BG_POINT_NAME_MAX), else the size a size query
    (buf NULL, cap 0) reports. Never a buffer too small: that is a failed
    call, which would overwrite the handle's last_error."""
    n = ctypes.c_size_t()
    if not cap:
        _check(lib, fn(h, *args, None, 0, _byref(n)), h)
        cap = n.value + 1
    buf = ctypes.create_string_buffer(cap)
    _check(lib, fn(h, *args, buf, cap, _byref(n)), h)
    return buf.value.decode("utf-8")


def _fill(lib, fn, h, args, buf):
    """Call a bg_* list function fn(h, *args, buf, cap, n) of handle h into
    the ctypes array buf, or into a bigger one when the library reports
    that buf is short. Returns the array used and the number of entries.
    Callers size buf by a bound (bg_max_moves, the point count): the retry
    is a safeguard, as a short buffer is a failed call, which overwrites
    the handle's last_error."""
    n = ctypes.c_size_t()
    while True:
        rc = fn(h, *args, buf, len(buf), _byref(n))
        if rc == _e.EBUFSIZE and n.value > len(buf):
            buf = (buf._type_ * n.value)()
            continue
        _check(lib, rc, h)
        return buf, n.value


# ---- Library-wide functions ---------------------------------------------------

def load_library(path: Optional[str] = None) -> str:
    """Load libboardgames now and return the path it was loaded from.

    ``path`` is the library file or a meson build directory. Without it the
    library is looked for in BOARDGAMES_LIBRARY, then the build tree
    (BOARDGAMES_BUILD_DIR, then ``build/`` of this source tree), then the
    installed library. Loading happens anyway on first use; call this to
    pick the library explicitly. Games made before keep the library they
    were made with.
    """
    return _lib.use(path)


def library_path() -> str:
    """The path (or soname) the library was loaded from."""
    return _lib.lib()._bg_path


def version() -> str:
    """The library's run-time version, "MAJOR.MINOR.PATCH"."""
    return _str(_lib.lib().bg_version())


def version_number() -> int:
    """The library's run-time version as major * 10000 + minor * 100 + patch."""
    return _lib.lib().bg_version_number()


def strerror(code: int) -> str:
    """The library's static text for a BG_E* code."""
    return _str(_lib.lib().bg_strerror(code))


def reason_name(reason: int) -> str:
    """The short name of a BG_REASON_* code ("goal", "leave-home"; "?" when
    unknown)."""
    return _str(_lib.lib().bg_reason_name(reason))


def reason_names() -> Tuple[str, ...]:
    """The names of every reason code the library knows, by code
    (bg_reason_count() of them)."""
    lib = _lib.lib()
    return tuple(_str(lib.bg_reason_name(r))
                 for r in range(lib.bg_reason_count()))


def _reason_code(reason):
    """A reason code from its name ("time") or the code itself."""
    if isinstance(reason, int):
        return reason
    names = reason_names()
    if reason not in names:
        raise _e.InvalidArgument("no reason %r" % (reason,), _e.EINVAL,
                                 strerror(_e.EINVAL))
    return names.index(reason)


def move_equal(a: Union[Move, bytes], b: Union[Move, bytes]) -> bool:
    """bg_move_equal() on two moves (Move objects or their 72 raw bytes)."""
    lib = _lib.lib()
    ma = BgMove.from_buffer_copy(a.raw if isinstance(a, Move) else a)
    mb = BgMove.from_buffer_copy(b.raw if isinstance(b, Move) else b)
    return bool(lib.bg_move_equal(_byref(ma), _byref(mb)))


# ---- Catalogue ------------------------------------------------------------------

# bg_board_svg(): struct bg_svg_options' version and flags.
_SVG_OPTIONS_VERSION = 1
_SVG_COORDS, _SVG_LAST_MOVE, _SVG_STATUS = 1, 2, 4


class Option(NamedTuple):
    """One option of a game.

    key           "size"
    type          "bool", "int", "enum" or "text"
    default       the default value as text ("8")
    allowed       the allowed alternatives: ("8", "10"), ("auto", "0..999");
                  for "text" options a pattern for people
    doc           one line saying what it does
    allowed_text  ``allowed`` as the library gives it ("8|10")
    """
    key: str
    type: str
    default: str
    allowed: Tuple[str, ...]
    doc: str
    allowed_text: str


class GameInfo(NamedTuple):
    """A game of the catalogue.

    index    its index in the catalogue
    name     the canonical name ("kutochki")
    titles   {"en": ..., "ru": ...}
    aliases  other names a spec may use (("corners", "ugolki"))
    options  a tuple of :class:`Option`
    """
    # The field shadows tuple.index, as the namedtuple it was always did.
    index: int  # type: ignore[assignment]
    name: str
    titles: Dict[str, str]
    aliases: Tuple[str, ...]
    options: Tuple[Option, ...]

    @property
    def title(self) -> Optional[str]:
        """The English title."""
        return self.titles.get("en")

    def option(self, key: str) -> Option:
        """The :class:`Option` with this key (KeyError when none)."""
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)


def _game_info(lib, i):
    titles = {}
    for lang in ("en", "ru"):
        t = lib.bg_catalog_title(i, lang.encode())
        if t is not None:
            titles[lang] = _str(t)
    aliases = []
    while True:
        a = lib.bg_catalog_alias(i, len(aliases))
        if a is None:
            break
        aliases.append(_str(a))
    options = []
    for k in range(lib.bg_catalog_option_count(i)):
        key, default, allowed, doc = (ctypes.c_char_p() for _ in range(4))
        typ = ctypes.c_int()
        _check(lib, lib.bg_catalog_option(i, k, _byref(key), _byref(typ),
                                          _byref(default), _byref(allowed),
                                          _byref(doc)))
        allowed_text = _str(allowed.value) or ""
        options.append(Option(_str(key.value), _name(OPTION_TYPES, typ.value),
                              _str(default.value),
                              tuple(allowed_text.split("|")), _str(doc.value),
                              allowed_text))
    return GameInfo(i, _str(lib.bg_catalog_name(i)), titles, tuple(aliases),
                    tuple(options))


def games() -> List[GameInfo]:
    """The catalogue: a list of :class:`GameInfo`, in the library's order."""
    lib = _lib.lib()
    return [_game_info(lib, i) for i in range(lib.bg_catalog_count())]


def find_game(name: str) -> GameInfo:
    """The :class:`GameInfo` of a game by name or alias (UnknownGame when
    there is none)."""
    lib = _lib.lib()
    i = _check(lib, lib.bg_catalog_find(_bytes(name, "name")))
    return _game_info(lib, i)


# ---- Small values ---------------------------------------------------------------

class Outcome(NamedTuple):
    """The state of a game.

    status   "ongoing", "win" or "draw"
    winner   the winning seat (0 or 1), or None
    reason   the reason's name ("goal", "no-moves", ...; "none" while ongoing;
             "resignation", "agreement", "time", "adjudication" for an end
             declared outside the rules)
    scores   (seat 0's score, seat 1's score) as the game counts them, or
             None in a game that keeps no score
    """
    status: str
    winner: Optional[int]
    reason: str
    scores: Optional[Tuple[float, float]]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.status != "ongoing"

    @property
    def result(self) -> str:
        """"1-0", "0-1", "1/2-1/2" or "*" as in a record."""
        if self.status == "win":
            return "1-0" if self.winner == 0 else "0-1"
        return "1/2-1/2" if self.status == "draw" else "*"


class Point(NamedTuple):
    """A point of the board: its index, name ("e4"), drawing coordinates (x
    to the right, y upwards) and marks (a frozenset of "home0", "home1",
    "special")."""
    # The field shadows tuple.index, as the namedtuple it was always did.
    index: int  # type: ignore[assignment]
    name: str
    x: int
    y: int
    marks: FrozenSet[str]


class Line(NamedTuple):
    """A drawn line of a line board: style "solid" or "dashed" and its point
    indices in order along it."""
    style: str
    points: Tuple[int, ...]


class Piece(NamedTuple):
    """What stands on a point: the owning seat and the kind ("man", "king",
    or "dead" for a captured point or dead cell of Dots)."""
    seat: Optional[int]
    kind: str


class Ring(NamedTuple):
    """An enclosure of Dots: the seat that drew it and its point indices in
    order around the area."""
    owner: int
    points: Tuple[int, ...]


class Effect(NamedTuple):
    """What a move did at a point besides moving (see :meth:`Game.effects`):
    the point's index and name, and the kind, "capture" (an opponent's
    piece taken or removed; Dots: a point enclosed) or "promote" (the
    mover's man became a king)."""
    point: int
    name: str
    kind: str


class TochkiPoint(NamedTuple):
    """A point of Dots: state "empty", "dead" or "point"; color the seat
    whose point it is (None unless a point); owner the seat holding it
    (None for a free point)."""
    state: str
    color: Optional[int]
    owner: Optional[int]


class Board(NamedTuple):
    """The board description of a game (it never changes during a game).

    kind     "cells", "intersections" or "lines"
    width, height   the drawing frame: x in 0..width-1, y in 0..height-1
    points   a tuple of :class:`Point`, by index
    lines    a tuple of :class:`Line` (empty on grid boards)
    """
    kind: str
    width: int
    height: int
    points: Tuple[Point, ...]
    lines: Tuple[Line, ...]

    @property
    def size(self) -> Tuple[int, int]:
        return (self.width, self.height)

    def point(self, name: str) -> Point:
        """The :class:`Point` with a name (UnknownPoint, a KeyError, when
        none)."""
        for p in self.points:
            if p.name == name:
                return p
        raise UnknownPoint.of(name)


def _marks(bits):
    out = [n for b, n in MARKS if bits & b]
    rest = bits & ~sum(b for b, _ in MARKS)
    out += ["bit%d" % i for i in range(rest.bit_length()) if rest >> i & 1]
    return frozenset(out)


def _opt(seat):
    return None if seat < 0 else seat


# ---- Moves ------------------------------------------------------------------------

class Move:
    """A move: an immutable value holding the 72 bytes of a bg_move.

    ``str(move)`` is its text ("e2-e4"); moves compare and hash by their
    bytes and the game's spec. Attributes: ``kind`` ("pass", "place", "step",
    "jump", "capture", "ground"), ``path`` and ``removals`` (point indices),
    ``flags``, ``raw`` (the bytes) and ``spec`` (the game's canonical spec).
    """

    __slots__ = ("_raw", "_game", "_spec", "_text")
    _raw: bytes
    _game: Game
    _spec: str
    _text: Optional[str]

    def __init__(self, game: Game, raw: bytes) -> None:
        raw = bytes(raw)
        if len(raw) != MOVE_SIZE:
            raise ValueError("a move is %d bytes, not %d" % (MOVE_SIZE,
                                                              len(raw)))
        object.__setattr__(self, "_raw", raw)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_spec", game.spec)
        object.__setattr__(self, "_text", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Move is immutable")

    @property
    def raw(self) -> bytes:
        """The bg_move as 72 bytes (native byte order)."""
        return self._raw

    @property
    def spec(self) -> str:
        """The canonical spec of the game the move belongs to."""
        return self._spec

    @property
    def kind(self) -> str:
        return _name(MOVE_KINDS, self._raw[0])

    @property
    def flags(self) -> int:
        return self._raw[3]

    def _pts(self):
        return BgMove.from_buffer_copy(self._raw).pts

    @property
    def path(self) -> Tuple[int, ...]:
        """The points of the path: placed on, or from and landing points."""
        return tuple(self._pts()[:self._raw[1]])

    @property
    def removals(self) -> Tuple[int, ...]:
        """The points whose pieces the mover chose to remove (Mill, ...)."""
        n, r = self._raw[1], self._raw[2]
        return tuple(self._pts()[n:n + r])

    def as_struct(self) -> BgMove:
        """A fresh ctypes BgMove with the move's bytes."""
        return BgMove.from_buffer_copy(self._raw)

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._game._move_text(self._raw)
            object.__setattr__(self, "_text", text)
        return text

    def __repr__(self) -> str:
        return "Move(%r)" % str(self)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self._raw == other._raw and self._spec == other._spec

    def __hash__(self) -> int:
        return hash((self._raw, self._spec))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_move_from_spec, (self._spec, self._raw))


def _move_from_spec(spec, raw):
    return Move(Game(spec), raw)


#: game name -> whether it keeps scores (bg_score is not BG_ENOTSUP)
_KEEPS_SCORES = {}


# ---- Games ------------------------------------------------------------------------

def _spec_with(spec, options):
    spec = _bytes(spec, "spec").decode("utf-8")
    if not options:
        return spec
    parts = []
    for key, value in options.items():
        if isinstance(value, bool):
            value = int(value)
        parts.append("%s=%s" % (key, value))
    return spec + ("," if ":" in spec else ":") + ",".join(parts)


class Game:
    """A game in progress: a bg_game handle.

    ``Game("kutochki:size=10")`` or ``Game("kutochki", size=10,
    diagonal=True)``. The handle is freed by :meth:`close`, at the end of a
    ``with`` block, or when the object is collected. A Game is safe to share
    between threads (its calls take a lock), though one thread per game is
    the intended use.
    """

    def __init__(self, spec: str, **options: Union[str, int, bool]) -> None:
        self._h = None
        self._lib = _lib.lib()
        h = ctypes.c_void_p()
        text = _spec_with(spec, options)
        _check(self._lib, self._lib.bg_game_new(_byref(h), _bytes(text)))
        self._adopt(h)

    # -- life cycle

    def _adopt(self, h):
        self._h = h.value
        self._lock = threading.RLock()
        self._spec = _str(self._lib.bg_game_spec(self._h))
        self._buf = None
        self._board = None

    @classmethod
    def _wrap(cls, lib, h):
        obj = cls.__new__(cls)
        obj._h = None
        obj._lib = lib
        obj._adopt(h)
        return obj

    @classmethod
    def _made_by(cls, fn_name, *args):
        lib = _lib.lib()
        h = ctypes.c_void_p()
        _check(lib, getattr(lib, fn_name)(_byref(h), *args))
        return cls._wrap(lib, h)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """A new game from a position text (its history is empty)."""
        return cls._made_by("bg_game_from_position", _bytes(text))

    @classmethod
    def from_record(cls, text: str) -> Game:
        """A new game that replays a record (bg_record_text format)."""
        return cls._made_by("bg_game_from_record", _bytes(text))

    @classmethod
    def from_sgf(cls, sgf: str, spec: Optional[str] = None,
                 index: int = 0) -> Game:
        """Dots only: a new game that replays game ``index`` of an SGF file
        (GM[40]); spec gives the rule options ("tochki" when None).
        Warnings are dropped: read_sgf() returns them."""
        return cls.read_sgf(sgf, spec, index)[0]

    @classmethod
    def read_sgf(cls, sgf: str, spec: Optional[str] = None,
                 index: int = 0) -> Tuple[Game, List[str]]:
        """Dots only: (game, warnings) for game ``index`` of an SGF file;
        warnings is a list of str, one per thing the reader had to bend."""
        lib = _lib.lib()
        h = ctypes.c_void_p()
        n = ctypes.c_size_t()
        buf = ctypes.create_string_buffer(4096)
        args = (_bytes(sgf), None if spec is None else _bytes(spec), index)
        _check(lib, lib.bg_tochki_from_sgf_ex(_byref(h), *args, buf,
                                              len(buf), _byref(n)))
        if n.value >= len(buf):
            # the list did not fit: read again with room for it
            lib.bg_game_free(h)
            buf = ctypes.create_string_buffer(n.value + 1)
            _check(lib, lib.bg_tochki_from_sgf_ex(_byref(h), *args, buf,
                                                  len(buf), _byref(n)))
        game = cls._wrap(lib, h)
        return game, buf.value.decode("utf-8").splitlines()

    @staticmethod
    def sgf_count(sgf: str) -> int:
        """Dots: the number of games in an SGF file (a collection)."""
        lib = _lib.lib()
        n = ctypes.c_size_t()
        _check(lib, lib.bg_tochki_sgf_count(_bytes(sgf), _byref(n)))
        return n.value

    @staticmethod
    def sgf_info(sgf: str, index: int = 0) -> str:
        """Dots: the game information (players, date, ...) of game
        ``index`` of an SGF file, as SGF properties for tochki_sgf()."""
        lib = _lib.lib()
        n = ctypes.c_size_t()
        _check(lib, lib.bg_tochki_sgf_info(_bytes(sgf), index, None, 0,
                                           _byref(n)))
        buf = ctypes.create_string_buffer(n.value + 1)
        _check(lib, lib.bg_tochki_sgf_info(_bytes(sgf), index, buf, len(buf),
                                           _byref(n)))
        return buf.value.decode("utf-8")

    def close(self) -> None:
        """Free the handle now (idempotent). Moves of this game keep their
        text."""
        h, self._h = getattr(self, "_h", None), None
        if h:
            self._lib.bg_game_free(h)

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        return not self._h

    def _handle(self):
        if not self._h:
            raise ValueError("the game is closed")
        return self._h

    def _check(self, code):
        """_check() with this handle's detail when bg_last_error is empty."""
        return _check(self._lib, code, self._h)

    @property
    def last_error(self) -> str:
        """The detail of the most recent failed library call on this game
        (bg_game_error): kept by the game, whatever other games or threads
        did since, until its next failure; "" when none failed."""
        with self._lock:
            return _str(self._lib.bg_game_error(self._handle()))

    def copy(self) -> Game:
        """A deep copy that plays identically, history and undo included."""
        with self._lock:
            h = ctypes.c_void_p()
            self._check(self._lib.bg_game_clone(_byref(h), self._handle()))
        return Game._wrap(self._lib, h)

    def copy_from(self, other: Game) -> None:
        """Make this game the one ``other`` is, history and undo included,
        in this game's own memory (bg_game_copy): for search and playouts
        that start again and again from one position. Both must be of the
        same spec (InvalidArgument otherwise); this game is unchanged when
        it fails."""
        if other is self:
            return
        # Both locks, in one order whoever calls: no deadlock.
        first, second = sorted((self, other), key=id)
        with first._lock, second._lock:
            self._check(self._lib.bg_game_copy(self._handle(),
                                               other._handle()))

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):
        return (Game.from_record, (self.record,))

    def __repr__(self) -> str:
        if not self._h:
            return "<Game %r closed>" % self._spec
        return "<Game %r ply %d, %s to move, %s>" % (
            self._spec, self.ply, self.seat_name(self.to_move),
            self.outcome.status)

    # -- identity

    @property
    def spec(self) -> str:
        """The canonical spec ("kutochki:size=10,diagonal=1")."""
        return self._spec

    @property
    def name(self) -> str:
        """The canonical name of the game ("kutochki")."""
        with self._lock:
            return _str(self._lib.bg_game_name(self._handle()))

    @property
    def info(self) -> GameInfo:
        """The game's :class:`GameInfo` in the catalogue."""
        return find_game(self.name)

    # -- moves

    @property
    def max_moves(self) -> int:
        """An upper bound on the number of legal moves in any position."""
        with self._lock:
            return self._lib.bg_max_moves(self._handle())

    def _move_buffer(self):
        if self._buf is None:
            self._buf = (BgMove * max(1, self._lib.bg_max_moves(self._h)))()
        return self._buf

    def _end_point(self, p):
        """A point (index or name) for bg_legal_moves_at; None is any (-1)."""
        if p is None:
            return -1
        p = self._index(p)
        if p < 0:  # -1 means "any" to the library: not a point
            raise _e.InvalidArgument("no point %r" % (p,), _e.EINVAL,
                                     strerror(_e.EINVAL))
        return p

    def legal_moves(self, start: Union[int, str, None] = None,
                    end: Union[int, str, None] = None) -> List[Move]:
        """The legal moves of the side to move, as a list of :class:`Move`
        in the library's documented order (empty after the end).

        With ``start`` and/or ``end`` (a point's index or name) only the
        moves that start or end there (bg_legal_moves_at): a move starts at
        its first path point and ends at its last, so a pass or ``ground``
        is listed only without either. InvalidArgument for a point off the
        board, ParseError for an unknown name."""
        with self._lock:
            h = self._handle()
            args: Tuple[int, ...] = ()
            fn = self._lib.bg_legal_moves
            if start is not None or end is not None:
                fn = self._lib.bg_legal_moves_at
                args = (self._end_point(start), self._end_point(end))
            # bg_max_moves() sizes the buffer once; _fill grows it should
            # the bound ever be wrong
            self._buf, n = _fill(self._lib, fn, h, args, self._move_buffer())
            raw = ctypes.string_at(self._buf, n * MOVE_SIZE)
        return [Move(self, raw[i:i + MOVE_SIZE])
                for i in range(0, len(raw), MOVE_SIZE)]

    def legal_move_count(self) -> int:
        """The number of legal moves, without listing them."""
        with self._lock:
            n = ctypes.c_size_t()
            self._check(self._lib.bg_legal_moves(self._handle(), None, 0,
                                                 _byref(n)))
            return n.value

    def _move_text(self, raw):
        m = BgMove.from_buffer_copy(raw)
        with self._lock:
            if self._h:
                return _text(self._lib, self._lib.bg_move_to_text, self._h,
                             _byref(m), cap=BG_MOVE_TEXT_MAX)
        with Game(self._spec) as other:  # closed: name it on a fresh board
            return other._move_text(raw)

    def move_text(self, move: Union[Move, bytes]) -> str:
        """The text of a move (a :class:`Move` or its raw bytes)."""
        return self._move_text(move.raw if isinstance(move, Move) else move)

    def parse_move(self, text: str) -> Move:
        """The legal move a text stands for, without playing it. Raises
        ParseError, IllegalMove, AmbiguousMove or GameOver."""
        m = BgMove()
        with self._lock:
            self._check(self._lib.bg_move_from_text(
                self._handle(), _bytes(text, "move text"), _byref(m)))
        return Move(self, bytes(m))

    def random_move(self, state: int) -> Tuple[Move, int]:
        """A legal move drawn uniformly at random, for playouts:
        ``move, state = g.random_move(state)``. ``state`` is the generator
        state (any int, taken modulo 2**64); the same state gives the same
        move on every platform. GameOver after the end."""
        st = ctypes.c_uint64(state & 0xFFFFFFFFFFFFFFFF)
        m = BgMove()
        with self._lock:
            self._check(self._lib.bg_random_move(self._handle(), _byref(st),
                                                 _byref(m)))
        return Move(self, bytes(m)), st.value

    @property
    def memory(self) -> Tuple[int, int]:
        """(bytes the handle holds, bytes per further ply of history)."""
        handle, ply = ctypes.c_size_t(), ctypes.c_size_t()
        with self._lock:
            self._check(self._lib.bg_memory(self._handle(), _byref(handle),
                                            _byref(ply)))
        return handle.value, ply.value

    def _as_move(self, move):
        if isinstance(move, Move):
            if move._spec != self._spec:
                raise _e.IllegalMove("a move of %r played on %r"
                                     % (move._spec, self._spec), _e.EILLEGAL,
                                     strerror(_e.EILLEGAL))
            return move.as_struct()
        if isinstance(move, (bytes, bytearray)) and len(move) == MOVE_SIZE:
            return BgMove.from_buffer_copy(move)
        raise TypeError("a move is a Move, its text or its %d raw bytes"
                        % MOVE_SIZE)

    def play(self, move: Union[Move, str, bytes]) -> Move:
        """Play a move: a :class:`Move`, its text ("e2-e4", also any text
        :meth:`parse_move` accepts) or its raw bytes. Returns the Move
        played. Raises IllegalMove, GameOver (and for text ParseError,
        AmbiguousMove); a failed play changes nothing."""
        with self._lock:
            h = self._handle()
            if isinstance(move, str):
                self._check(self._lib.bg_play_text(h, _bytes(move)))
                m = BgMove()
                self._check(self._lib.bg_history_move(
                    h, self._lib.bg_history_length(h) - 1, _byref(m)))
                return Move(self, bytes(m))
            m = self._as_move(move)
            self._check(self._lib.bg_play(h, _byref(m)))
            return move if isinstance(move, Move) else Move(self, bytes(m))

    def playout(self, state: int,
                max_plies: int = 2 ** 32 - 1) -> Tuple[int, int]:
        """Play random moves to the end or for max_plies moves, as
        :meth:`random_move` draws them: ``plies, state =
        g.playout(state)``. The moves stay in the history (undo takes them
        back one by one)."""
        st = ctypes.c_uint64(state & 0xFFFFFFFFFFFFFFFF)
        plies = ctypes.c_uint32()
        with self._lock:
            self._check(self._lib.bg_playout(
                self._handle(), _byref(st), max_plies, _byref(plies)))
        return plies.value, st.value

    def undo(self) -> Optional[Move]:
        """Take back the last move and return it; NoUndo at the start of
        the history. After an end declared outside the rules
        (:meth:`resign`, :meth:`agree_draw`, :meth:`declare_result`) it
        takes back the declaration instead, and returns None: the game goes
        on, its moves untouched."""
        with self._lock:
            h = self._handle()
            m = BgMove()
            n = self._lib.bg_history_length(h)
            if n:
                self._check(self._lib.bg_history_move(h, n - 1, _byref(m)))
            self._check(self._lib.bg_undo(h))
            if self._lib.bg_history_length(h) == n:  # a declaration
                return None
            return Move(self, bytes(m))

    @property
    def to_move(self) -> int:
        """The seat to move (0 or 1); after the end, the seat that would."""
        with self._lock:
            return self._lib.bg_to_move(self._handle())

    @property
    def ply(self) -> int:
        """Plies played since the start (or since the loaded position's own
        ply number)."""
        with self._lock:
            return self._lib.bg_ply(self._handle())

    @property
    def history(self) -> List[Move]:
        """The moves :meth:`undo` can take back, oldest first."""
        with self._lock:
            h = self._handle()
            out = []
            for i in range(self._lib.bg_history_length(h)):
                m = BgMove()
                self._check(self._lib.bg_history_move(h, i, _byref(m)))
                out.append(Move(self, bytes(m)))
            return out

    def effects(self, i: int = -1) -> List[Effect]:
        """What the i-th move of the history did besides moving, as a list
        of :class:`Effect` ordered by point: the opponent's pieces it
        captured or removed (Dots: the points it enclosed) and the piece it
        promoted. ``i`` counts as :attr:`history` does, negative from the
        end: by default the last move. InvalidArgument when there is no
        such move. Replays the history (bg_move_effects): for a GUI, not
        for search."""
        with self._lock:
            h = self._handle()
            n = self._lib.bg_history_length(h)
            if i < -n or i >= 2 ** 32:  # else the library answers
                raise _e.InvalidArgument("no move %d in a history of %d"
                                         % (i, n), _e.EINVAL,
                                         strerror(_e.EINVAL))
            if i < 0:
                i += n
            # at most one effect per point
            buf = (BgEffect * max(1, self._lib.bg_point_count(h)))()
            buf, count = _fill(self._lib, self._lib.bg_move_effects, h,
                               (i,), buf)
            return [Effect(e.point, self.point_name(e.point),
                           _name(EFFECT_KINDS, e.kind))
                    for e in buf[:count]]

    def seat_name(self, seat: int) -> str:
        """The name of a seat for people ("White", "Wolf")."""
        with self._lock:
            name = self._lib.bg_seat_name(self._handle(), seat)
        if name is None:
            raise _e.InvalidArgument("no seat %r: seats are 0 and 1" % (seat,),
                                     _e.EINVAL,
                                     strerror(_e.EINVAL))
        return _str(name)

    # -- the end

    @property
    def outcome(self) -> Outcome:
        """The :class:`Outcome`: status, winner, reason, scores."""
        with self._lock:
            h = self._handle()
            status, winner, reason = (ctypes.c_int() for _ in range(3))
            self._check(self._lib.bg_outcome(
                h, _byref(status), _byref(winner), _byref(reason)))
            scores = None
            if self._keeps_scores():
                scores = (self._score(h, 0), self._score(h, 1))
            return Outcome(_name(STATUSES, status.value), _opt(winner.value),
                           _str(self._lib.bg_reason_name(reason.value)),
                           scores)

    def _keeps_scores(self):
        """Whether the game keeps scores. Asked once per game name, of a
        handle of its own: a BG_ENOTSUP on this one would overwrite its
        last_error."""
        name = self.name
        if name not in _KEEPS_SCORES:
            lib, t = self._lib, ctypes.c_void_p()
            _check(lib, lib.bg_game_new(_byref(t), name.encode()))
            rc = lib.bg_score(t, 0, _byref(ctypes.c_double()))
            lib.bg_game_free(t)
            _KEEPS_SCORES[name] = rc != _e.ENOTSUP
        return _KEEPS_SCORES[name]

    def _score(self, h, seat):
        s = ctypes.c_double()
        self._check(self._lib.bg_score(h, seat, _byref(s)))
        return s.value

    def score(self, seat: int) -> float:
        """The score of a seat as the game counts it; NotSupported when
        the game keeps none."""
        with self._lock:
            return self._score(self._handle(), seat)

    def resign(self, seat: int) -> Outcome:
        """End the game: ``seat`` resigns and the other seat wins (reason
        "resignation"). Returns the new :attr:`outcome`. GameOver when the
        game is already over, InvalidArgument for a seat other than 0, 1.
        The record keeps it (a Termination tag); :meth:`undo` takes it
        back."""
        with self._lock:
            self._check(self._lib.bg_resign(self._handle(), seat))
            return self.outcome

    def agree_draw(self) -> Outcome:
        """End the game as a draw both sides agreed (reason "agreement");
        otherwise as :meth:`resign`."""
        with self._lock:
            self._check(self._lib.bg_agree_draw(self._handle()))
            return self.outcome

    def declare_result(self, status: str, winner: Optional[int],
                       reason: Union[str, int]) -> Outcome:
        """End the game with a result the moves do not give: ``status``
        "win" (``winner`` 0 or 1) or "draw" (``winner`` None), for a
        ``reason`` "resignation", "time" (wins only), "agreement" (draws
        only) or "adjudication" (either); names as :attr:`outcome` gives
        them, or the library's codes. InvalidArgument for any other
        combination; otherwise as :meth:`resign`."""
        if status not in STATUSES:
            raise _e.InvalidArgument("no status %r" % (status,), _e.EINVAL,
                                     strerror(_e.EINVAL))
        reason = _reason_code(reason)
        with self._lock:
            self._check(self._lib.bg_declare_result(
                self._handle(), STATUSES.index(status),
                -1 if winner is None else winner, reason))
            return self.outcome

    def evaluate(self, seat: int) -> float:
        """How well a seat stands, 0..1 (0.5 even; the result once the game
        is over). Raises NotSupported when the game has no evaluation."""
        with self._lock:
            v = ctypes.c_double()
            self._check(self._lib.bg_evaluate(self._handle(), seat,
                                              _byref(v)))
            return v.value

    # -- hash and text

    @property
    def hash(self) -> int:
        """The 64-bit Zobrist hash of the position key (an int >= 0)."""
        with self._lock:
            return self._lib.bg_hash(self._handle())

    @property
    def position(self) -> str:
        """The position as one line of text; see :meth:`from_position`."""
        with self._lock:
            return _text(self._lib, self._lib.bg_position_text,
                         self._handle())

    @property
    def record(self) -> str:
        """The record of the game (PGN-like); see :meth:`from_record`."""
        with self._lock:
            return _text(self._lib, self._lib.bg_record_text, self._handle())

    def __str__(self) -> str:
        """The board drawn as bgplay draws it (:meth:`board_text`, without
        the last newline)."""
        return self.board_text().rstrip("\n")

    def board_text(self, flip: bool = False, legend: bool = False) -> str:
        """The board as text for a terminal (bg_board_text): ranks on the
        left, files below, a piece the first letter of its seat's name (a
        capital for a king). ``flip`` turns it half round (for the player
        whose pieces start at the top); ``legend`` puts a line saying what
        the letters mean first."""
        flags = (1 if flip else 0) | (2 if legend else 0)
        with self._lock:
            return _text(self._lib, self._lib.bg_board_text, self._handle(),
                         flags)

    def svg(self, width=0, height=0, coords=True, last_move=True,
            status=True, selected=None, targets=()):
        """An SVG picture of the position (a str), drawn by the library:
        ``width`` and ``height`` in pixels (0: from the other and the
        board's proportions; both 0: 480 wide), coordinates, the last move
        and what it took, a status line (the side to move or the result),
        a ``selected`` point ringed and ``targets`` marked (points by index
        or name). Each point's element carries its name (data-point)."""
        flags = ((_SVG_COORDS if coords else 0)
                 | (_SVG_LAST_MOVE if last_move else 0)
                 | (_SVG_STATUS if status else 0))
        targets = [self._index(t) for t in targets]
        opts = _lib.BgSvgOptions(
            _SVG_OPTIONS_VERSION, flags, width, height,
            -1 if selected is None else self._index(selected),
            (ctypes.c_int * max(len(targets), 1))(*targets), len(targets))
        with self._lock:
            return _text(self._lib, self._lib.bg_board_svg, self._handle(),
                         _byref(opts))

    def _repr_svg_(self):
        """The picture Jupyter shows for a game: :meth:`svg`."""
        return self.svg()

    # -- board description

    @property
    def board(self) -> Board:
        """The :class:`Board`: kind, size, points (names, coordinates,
        marks) and lines. Pieces are in :attr:`pieces`."""
        if self._board is None:
            with self._lock:
                self._board = self._describe(self._handle())
        return self._board

    def _describe(self, h):
        lib = self._lib
        w, hgt, x, y = (ctypes.c_int() for _ in range(4))
        self._check(lib.bg_board_size(h, _byref(w), _byref(hgt)))
        kind = self._check(lib.bg_board_kind(h))
        points = []
        for p in range(lib.bg_point_count(h)):
            self._check(lib.bg_point_coords(h, p, _byref(x), _byref(y)))
            name = _text(lib, lib.bg_point_name, h, p,
                         cap=BG_POINT_NAME_MAX)
            marks = _marks(self._check(lib.bg_point_marks(h, p)))
            points.append(Point(p, name, x.value, y.value, marks))
        lines = []
        style, npoints, q = ctypes.c_int(), ctypes.c_size_t(), ctypes.c_int()
        for i in range(lib.bg_line_count(h)):
            self._check(lib.bg_line_info(h, i, _byref(style), _byref(npoints)))
            pts = []
            for k in range(npoints.value):
                self._check(lib.bg_line_point(h, i, k, _byref(q)))
                pts.append(q.value)
            lines.append(Line(_name(LINE_STYLES, style.value), tuple(pts)))
        return Board(_name(BOARD_KINDS, kind), w.value, hgt.value,
                     tuple(points), tuple(lines))

    def point(self, name: str) -> int:
        """The index of a point by name ("e4"); ParseError when none."""
        p = ctypes.c_int()
        with self._lock:
            self._check(self._lib.bg_point_find(
                self._handle(), _bytes(name, "point name"), _byref(p)))
        return p.value

    def _index(self, p):
        return self.point(p) if isinstance(p, str) else p

    def point_name(self, p: int) -> str:
        """The name of point p ("e4")."""
        with self._lock:
            return _text(self._lib, self._lib.bg_point_name, self._handle(),
                         p, cap=BG_POINT_NAME_MAX)

    def piece(self, p: Union[int, str]) -> Optional[Piece]:
        """The :class:`Piece` on a point (index or name), or None."""
        p = self._index(p)
        seat, kind = ctypes.c_int(), ctypes.c_int()
        with self._lock:
            self._check(self._lib.bg_point_piece(
                self._handle(), p, _byref(seat), _byref(kind)))
        if kind.value == 0:
            return None
        return Piece(_opt(seat.value), _name(PIECE_KINDS, kind.value))

    @property
    def pieces(self) -> Tuple[Optional[Piece], ...]:
        """The pieces of every point, by index: a :class:`Piece` or None."""
        with self._lock:
            n = self._lib.bg_point_count(self._handle())
            return tuple(self.piece(p) for p in range(n))

    # -- Kutochki and Halma (<boardgames/kutochki.h>)

    def kutochki_tempo(self, seat: int) -> int:
        """Corners/Halma: the tempo number of a seat (WrongGame elsewhere)."""
        t = ctypes.c_int()
        with self._lock:
            self._check(self._lib.bg_kutochki_tempo(self._handle(), seat,
                                                    _byref(t)))
        return t.value

    def kutochki_deficit(self) -> Tuple[int, bool]:
        """Corners/Halma, after a win: (moves the loser is behind, exact)."""
        moves, exact = ctypes.c_int(), ctypes.c_int()
        with self._lock:
            self._check(self._lib.bg_kutochki_deficit(
                self._handle(), _byref(moves), _byref(exact)))
        return moves.value, bool(exact.value)

    # -- Tochki (<boardgames/tochki.h>)

    def tochki_point(self, p: Union[int, str]) -> TochkiPoint:
        """Dots: the :class:`TochkiPoint` of a point (index or name)."""
        p = self._index(p)
        state, color, owner = (ctypes.c_int() for _ in range(3))
        with self._lock:
            self._check(self._lib.bg_tochki_point(
                self._handle(), p, _byref(state), _byref(color),
                _byref(owner)))
        return TochkiPoint(_name(TOCHKI_STATES, state.value),
                           _opt(color.value), _opt(owner.value))

    def tochki_grounded(self, p: Union[int, str]) -> bool:
        """Dots: whether a point is grounded (doc/games/tochki.md, Grounding)."""
        p = self._index(p)
        with self._lock:
            return bool(self._check(self._lib.bg_tochki_grounded(
                self._handle(), p)))

    def tochki_rings(self) -> List[Ring]:
        """Dots: the enclosure rings drawn so far, oldest first, as
        :class:`Ring` values."""
        with self._lock:
            h = self._handle()
            lib = self._lib
            out = []
            for i in range(self._check(lib.bg_tochki_ring_count(h))):
                n, owner = ctypes.c_size_t(), ctypes.c_int()
                # the size first: a buffer too small would be a failure
                self._check(lib.bg_tochki_ring(h, i, None, 0, _byref(n),
                                               _byref(owner)))
                pts = (ctypes.c_int * max(1, n.value))()
                self._check(lib.bg_tochki_ring(h, i, pts, len(pts), _byref(n),
                                               _byref(owner)))
                out.append(Ring(owner.value, tuple(pts[:n.value])))
            return out

    def tochki_sgf(self, info: Optional[str] = None) -> str:
        """Dots: the game as an SGF record (GM[40]); info: game
        information to write in the root ("PB[Anna]DT[2024-05-01]", as
        Game.sgf_info() gives it)."""
        with self._lock:
            return _text(self._lib, self._lib.bg_tochki_sgf_ex, self._handle(),
                         None if info is None else _bytes(info))
