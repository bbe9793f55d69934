"""Exceptions: one class per BG_E* code of the library.

Every error the library reports is raised as a subclass of
:class:`BoardGamesError` carrying the code, the code's static text
(``bg_strerror``) and the library's detail (``bg_last_error``)::

    try:
        game.play("a1-h8")
    except boardgames.IllegalMove as e:
        print(e.code, e.detail)     # -5 "'a1-h8' is not a legal move here"
"""

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

    code = None

    def __init__(self, detail="", code=None, strerror=""):
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
ERRORS = {cls.code: cls for cls in (
    InvalidArgument, UnknownGame, BadOption, ParseError, IllegalMove,
    AmbiguousMove, BufferTooSmall, NoUndo, GameOver, FormatError,
    OutOfMemory, WrongGame, NotSupported)}


def error_class(code):
    """The exception class for a BG_E* code (BoardGamesError when unknown)."""
    return ERRORS.get(code, BoardGamesError)
