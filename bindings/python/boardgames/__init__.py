"""Python binding of libboardgames: the rules of the traditional board games
of the former USSR (Corners, Halma, Dots, Mill, ...).

A pure-Python package on ctypes: no compile step. It finds the library (see
:func:`load_library`) on first use and checks that its version suits.

    >>> import boardgames
    >>> g = boardgames.Game("kutochki")
    >>> m = g.play("h3-f3")
    >>> len(g.legal_moves()), g.to_move, g.outcome.status
    (14, 1, 'ongoing')

See doc/python.md for the whole interface.
"""
from ._core import (
    Board, Effect, Game, GameInfo, Line, Move, Option, Outcome, Piece, Point, Ring,
    TochkiPoint, find_game, games, library_path, load_library, move_equal,
    reason_name, reason_names, strerror, version, version_number)
from ._lib import BINDING_VERSION
from .errors import (
    AmbiguousMove, BadOption, BoardGamesError, BufferTooSmall, FormatError,
    GameOver, IllegalMove, InvalidArgument, LibraryError, NoUndo,
    NotSupported, OutOfMemory, ParseError, UnknownGame, UnknownPoint,
    WrongGame)

__version__ = "%d.%d.%d" % BINDING_VERSION

__all__ = [
    "Board", "Effect", "Game", "GameInfo", "Line", "Move", "Option", "Outcome", "Piece",
    "Point", "Ring", "TochkiPoint", "find_game", "games", "library_path",
    "load_library", "move_equal", "reason_name", "reason_names", "strerror",
    "version", "version_number",
    "AmbiguousMove", "BadOption", "BoardGamesError", "BufferTooSmall",
    "FormatError", "GameOver", "IllegalMove", "InvalidArgument",
    "LibraryError", "NoUndo", "NotSupported", "OutOfMemory", "ParseError",
    "UnknownGame", "UnknownPoint", "WrongGame",
]
