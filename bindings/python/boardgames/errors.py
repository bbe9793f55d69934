"""Exceptions: one class per BG_E* code of the library.

Every error the library reports is raised as a subclass of
:class:`BoardGamesError` carrying the code, the code's static text
(``bg_strerror``) and the library's detail (``bg_last_error``)::

    try:
        game.play("a1-h8")
    except boardgames.IllegalMove as e:
        print(e.code, e.detail)     # -5 "'a1-h8' is not a legal move here"
"""
from __future__ import annotations

import re
from typing import Dict, Optional, Type

# The BG_E* codes of <boardgames/boardgames.h>.
OK = 0
EINVAL = -1
ENOGAME = -2
EOPTION = -3
EPARSE = -4
EILLEGAL = -5
EAMBIGUOUS = -6
EBUFSIZE = -7
ENOUNDO = -8
EGAMEOVER = -9
EFORMAT = -10
ENOMEM = -11
EWRONGGAME = -12
ENOTSUP = -13


class BoardGamesError(Exception):
    """An error reported by libboardgames.

    Attributes: ``code`` (the negative BG_E* code, or None for errors of the
    binding itself), ``strerror`` (the code's text) and ``detail`` (what was
    wrong, from bg_last_error; may be empty).
    """

    code: Optional[int] = None

    def __init__(self, detail: str = "", code: Optional[int] = None,
                 strerror: str = "") -> None:
        if code is not None:
            self.code = code
        self.detail = detail or ""
        self.strerror = strerror or ""
        text = self.strerror
        if self.detail:
            text = "%s: %s" % (text, self.detail) if text else self.detail
        super().__init__(text)


class LibraryError(BoardGamesError, ImportError):
    """The library could not be found or loaded, or its version does not
    suit this binding."""


class InvalidArgument(BoardGamesError, ValueError):
    """BG_EINVAL: an argument out of range (a point, a seat, an index)."""
    code = EINVAL


class UnknownGame(BoardGamesError, ValueError):
    """BG_ENOGAME: no game of that name or alias."""
    code = ENOGAME


class BadOption(BoardGamesError, ValueError):
    """BG_EOPTION: an unknown option key, a bad value, a malformed spec."""
    code = EOPTION


class ParseError(BoardGamesError, ValueError):
    """BG_EPARSE: move text (or a point name) that is nothing on this board."""
    code = EPARSE


class UnknownPoint(ParseError, KeyError):
    """A point name the board does not have ("z9" on an 8x8 board), in move
    text or where a point is asked for by name. A ParseError (BG_EPARSE) and
    a KeyError; ``name`` is the name, and the detail says the board lacks
    it ("z9 is not a point of this board")."""

    #: the library's detail for a name the board lacks, quoted or not
    PATTERN = re.compile(r"^'?([^' ]+)'? is not a point of this board$")

    def __init__(self, detail: str = "", code: Optional[int] = None,
                 strerror: str = "", name: str = "") -> None:
        super().__init__(detail, code, strerror)
        self.name = name

    @classmethod
    def of(cls, name: str) -> "UnknownPoint":
        """The error for a name, as the library words it."""
        return cls("%s is not a point of this board" % name, EPARSE,
                   "move text does not parse", name)

    # The text of every BoardGamesError, not KeyError's quoted key.
    __str__ = BoardGamesError.__str__


class IllegalMove(BoardGamesError, ValueError):
    """BG_EILLEGAL: a move that is not legal in the position."""
    code = EILLEGAL


class AmbiguousMove(BoardGamesError, ValueError):
    """BG_EAMBIGUOUS: move text that fits several legal moves."""
    code = EAMBIGUOUS


class BufferTooSmall(BoardGamesError):
    """BG_EBUFSIZE: never seen in practice; the binding sizes its buffers."""
    code = EBUFSIZE


class NoUndo(BoardGamesError):
    """BG_ENOUNDO: undo at the start of the history."""
    code = ENOUNDO


class GameOver(BoardGamesError):
    """BG_EGAMEOVER: a move after the end of the game."""
    code = EGAMEOVER


class FormatError(BoardGamesError, ValueError):
    """BG_EFORMAT: malformed position, record or SGF text."""
    code = EFORMAT


class OutOfMemory(BoardGamesError, MemoryError):
    """BG_ENOMEM: the library ran out of memory."""
    code = ENOMEM


class WrongGame(BoardGamesError, TypeError):
    """BG_EWRONGGAME: a game-specific query on a game of another kind."""
    code = EWRONGGAME


class NotSupported(BoardGamesError):
    """BG_ENOTSUP: the game does not offer this query (an evaluation)."""
    code = ENOTSUP


#: code -> exception class
ERRORS: Dict[Optional[int], Type[BoardGamesError]] = {cls.code: cls for cls in (
    InvalidArgument, UnknownGame, BadOption, ParseError, IllegalMove,
    AmbiguousMove, BufferTooSmall, NoUndo, GameOver, FormatError,
    OutOfMemory, WrongGame, NotSupported)}


def error_class(code: int) -> Type[BoardGamesError]:
    """The exception class for a BG_E* code (BoardGamesError when unknown)."""
    return ERRORS.get(code, BoardGamesError)


def make_error(code: int, detail: str, strerror: str) -> BoardGamesError:
    """The exception for a failed call: the class of its code, or
    UnknownPoint for a parse error that names a point the board lacks."""
    found = UnknownPoint.PATTERN.match(detail) if code == EPARSE else None
    if found:
        return UnknownPoint(detail, code, strerror, found.group(1))
    return error_class(code)(detail, code, strerror)
