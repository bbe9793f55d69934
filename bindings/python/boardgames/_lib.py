"""Finding and loading libboardgames, and the ctypes prototypes.

Everything here is private to the package: the rest of it reaches the C
library through :func:`lib`, which loads it on first use.
"""
import ctypes
import ctypes.util
import os
import sys
import threading
from pathlib import Path

from .errors import LibraryError

#: The library version this binding was written for: the library must have
#: the same major version and at least this minor version.
BINDING_VERSION = (1, 3, 0)

#: Environment variables read by :func:`find_library`.
ENV_LIBRARY = "BOARDGAMES_LIBRARY"
ENV_BUILD_DIR = "BOARDGAMES_BUILD_DIR"

BG_MOVE_MAX_POINTS = 34


class BgMove(ctypes.Structure):
    """struct bg_move: 72 bytes, unused points zero."""

    _fields_ = [
        ("kind", ctypes.c_uint8),
        ("npath", ctypes.c_uint8),
        ("nremove", ctypes.c_uint8),
        ("flags", ctypes.c_uint8),
        ("pts", ctypes.c_uint16 * BG_MOVE_MAX_POINTS),
    ]


MOVE_SIZE = ctypes.sizeof(BgMove)
assert MOVE_SIZE == 72, MOVE_SIZE


class BgEffect(ctypes.Structure):
    """struct bg_effect: a point and a BG_EFFECT_* kind."""

    _fields_ = [("point", ctypes.c_int), ("kind", ctypes.c_int)]

class BgSvgOptions(ctypes.Structure):
    """struct bg_svg_options, version BG_SVG_OPTIONS_VERSION (1)."""

    _fields_ = [
        ("version", ctypes.c_uint),
        ("flags", ctypes.c_uint),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("selected", ctypes.c_int),
        ("targets", ctypes.POINTER(ctypes.c_int)),
        ("ntargets", ctypes.c_size_t),
    ]


_c_int_p = ctypes.POINTER(ctypes.c_int)
_c_size_p = ctypes.POINTER(ctypes.c_size_t)
_c_char_pp = ctypes.POINTER(ctypes.c_char_p)
_c_double_p = ctypes.POINTER(ctypes.c_double)
_game_p = ctypes.c_void_p  # bg_game *: opaque
_game_pp = ctypes.POINTER(ctypes.c_void_p)
_move_p = ctypes.POINTER(BgMove)

_int, _size, _str, _u32, _u64 = (ctypes.c_int, ctypes.c_size_t,
                                 ctypes.c_char_p, ctypes.c_uint32,
                                 ctypes.c_uint64)
_vp = ctypes.c_void_p

# name: (restype, argtypes). Every exported function of lib/boardgames.map.
PROTOTYPES = {
    # version and errors
    "bg_version": (_str, []),
    "bg_version_number": (_int, []),
    "bg_strerror": (_str, [_int]),
    "bg_last_error": (_str, []),
    "bg_game_error": (_str, [_game_p]),
    # catalogue
    "bg_catalog_count": (_size, []),
    "bg_catalog_name": (_str, [_size]),
    "bg_catalog_title": (_str, [_size, _str]),
    "bg_catalog_alias": (_str, [_size, _size]),
    "bg_catalog_option_count": (_size, [_size]),
    "bg_catalog_option": (_int, [_size, _size, _c_char_pp, _c_int_p,
                                 _c_char_pp, _c_char_pp, _c_char_pp]),
    "bg_catalog_find": (_int, [_str]),
    # handles
    "bg_game_new": (_int, [_game_pp, _str]),
    "bg_game_free": (None, [_game_p]),
    "bg_game_clone": (_int, [_game_pp, _game_p]),
    "bg_game_copy": (_int, [_game_p, _game_p]),
    "bg_game_spec": (_str, [_game_p]),
    "bg_game_name": (_str, [_game_p]),
    # board
    "bg_board_kind": (_int, [_game_p]),
    "bg_board_size": (_int, [_game_p, _c_int_p, _c_int_p]),
    "bg_point_count": (_size, [_game_p]),
    "bg_point_coords": (_int, [_game_p, _int, _c_int_p, _c_int_p]),
    "bg_point_name": (_int, [_game_p, _int, ctypes.c_char_p, _size,
                             _c_size_p]),
    "bg_point_find": (_int, [_game_p, _str, _c_int_p]),
    "bg_point_marks": (_int, [_game_p, _int]),
    "bg_point_piece": (_int, [_game_p, _int, _c_int_p, _c_int_p]),
    "bg_line_count": (_size, [_game_p]),
    "bg_line_info": (_int, [_game_p, _size, _c_int_p, _c_size_p]),
    "bg_line_point": (_int, [_game_p, _size, _size, _c_int_p]),
    # moves
    "bg_move_equal": (_int, [_move_p, _move_p]),
    "bg_legal_moves": (_int, [_game_p, _move_p, _size, _c_size_p]),
    "bg_max_moves": (_size, [_game_p]),
    "bg_legal_moves_at": (_int, [_game_p, _int, _int, _move_p, _size,
                                 _c_size_p]),
    "bg_move_to_text": (_int, [_game_p, _move_p, ctypes.c_char_p, _size,
                               _c_size_p]),
    "bg_move_from_text": (_int, [_game_p, _str, _move_p]),
    "bg_random_move": (_int, [_game_p, ctypes.POINTER(_u64), _move_p]),
    "bg_memory": (_int, [_game_p, _c_size_p, _c_size_p]),
    "bg_play": (_int, [_game_p, _move_p]),
    "bg_play_text": (_int, [_game_p, _str]),
    "bg_playout": (_int, [_game_p, ctypes.POINTER(_u64), _u32,
                          ctypes.POINTER(_u32)]),
    "bg_undo": (_int, [_game_p]),
    "bg_to_move": (_int, [_game_p]),
    "bg_ply": (_u32, [_game_p]),
    "bg_history_length": (_u32, [_game_p]),
    "bg_history_move": (_int, [_game_p, _u32, _move_p]),
    "bg_move_effects": (_int, [_game_p, _u32, ctypes.POINTER(BgEffect),
                               _size, _c_size_p]),
    "bg_seat_name": (_str, [_game_p, _int]),
    # outcome
    "bg_outcome": (_int, [_game_p, _c_int_p, _c_int_p, _c_int_p]),
    "bg_reason_name": (_str, [_int]),
    "bg_reason_count": (_int, []),
    "bg_score": (_int, [_game_p, _int, _c_double_p]),
    "bg_evaluate": (_int, [_game_p, _int, _c_double_p]),
    "bg_resign": (_int, [_game_p, _int]),
    "bg_agree_draw": (_int, [_game_p]),
    "bg_declare_result": (_int, [_game_p, _int, _int, _int]),
    # hash
    "bg_hash": (_u64, [_game_p]),
    # text
    "bg_position_text": (_int, [_game_p, ctypes.c_char_p, _size, _c_size_p]),
    "bg_board_text": (_int, [_game_p, ctypes.c_uint, ctypes.c_char_p, _size,
                             _c_size_p]),
    "bg_game_from_position": (_int, [_game_pp, _str]),
    "bg_record_text": (_int, [_game_p, ctypes.c_char_p, _size, _c_size_p]),
    "bg_game_from_record": (_int, [_game_pp, _str]),
    # <boardgames/kutochki.h>
    "bg_kutochki_tempo": (_int, [_game_p, _int, _c_int_p]),
    "bg_kutochki_deficit": (_int, [_game_p, _c_int_p, _c_int_p]),
    # <boardgames/tochki.h>
    "bg_tochki_point": (_int, [_game_p, _int, _c_int_p, _c_int_p, _c_int_p]),
    "bg_tochki_grounded": (_int, [_game_p, _int]),
    "bg_tochki_ring_count": (_int, [_game_p]),
    "bg_tochki_ring": (_int, [_game_p, _int, _c_int_p, _size, _c_size_p,
                              _c_int_p]),
    "bg_board_svg": (_int, [_game_p, ctypes.POINTER(BgSvgOptions),
                            ctypes.c_char_p, _size, _c_size_p]),
    "bg_tochki_from_sgf": (_int, [_game_pp, _str, _str]),
    "bg_tochki_sgf": (_int, [_game_p, ctypes.c_char_p, _size, _c_size_p]),
    "bg_tochki_from_sgf_ex": (_int, [_game_pp, _str, _str, _size,
                                     ctypes.c_char_p, _size, _c_size_p]),
    "bg_tochki_sgf_count": (_int, [_str, _c_size_p]),
    "bg_tochki_sgf_info": (_int, [_str, _size, ctypes.c_char_p, _size,
                                  _c_size_p]),
    "bg_tochki_sgf_ex": (_int, [_game_p, _str, ctypes.c_char_p, _size,
                                _c_size_p]),
    # <boardgames/learn.h>: arrays are passed as addresses (c_void_p), so
    # that NumPy buffers go through without a ctypes object per call
    "bg_action_count": (_u32, [_game_p]),
    "bg_move_to_action": (_int, [_game_p, _move_p, ctypes.POINTER(_u32)]),
    "bg_action_to_move": (_int, [_game_p, _u32, _move_p]),
    "bg_legal_actions": (_int, [_game_p, _vp, _size, _c_size_p]),
    "bg_action_mask": (_int, [_game_p, _vp, _size]),
    "bg_play_action": (_int, [_game_p, _u32]),
    "bg_observation_shape": (_int, [_game_p, _c_int_p, _c_int_p, _c_int_p]),
    "bg_observe": (_int, [_game_p, _int, _vp, _size]),
    "bg_observation_plane_name": (_str, [_game_p, _int]),
    "bg_symmetry_count": (_int, [_game_p]),
    "bg_symmetry_kind": (_int, [_game_p, _int]),
    "bg_symmetry_inverse": (_int, [_game_p, _int]),
    "bg_symmetry_point": (_int, [_game_p, _int, _int, _c_int_p]),
    "bg_symmetry_move": (_int, [_game_p, _int, _move_p, _move_p]),
    "bg_symmetry_action": (_int, [_game_p, _int, _u32, ctypes.POINTER(_u32)]),
    "bg_symmetry_observation": (_int, [_game_p, _int, _vp, _vp]),
    "bg_symmetry_game": (_int, [_game_pp, _game_p, _int]),
    "bg_canonical_hash": (_int, [_game_p, ctypes.POINTER(_u64), _c_int_p]),
    "bg_batch_new": (_int, [_game_pp, _str, _size, _int, _u64]),
    "bg_batch_free": (None, [_vp]),
    "bg_batch_info": (_int, [_vp, _c_size_p, _c_size_p, _c_size_p]),
    "bg_batch_set_start": (_int, [_vp, _str]),
    "bg_batch_reset": (_int, [_vp, _vp, _vp]),
    "bg_batch_step": (_int, [_vp, _vp, _vp, _vp, _vp, _vp]),
    "bg_batch_random_actions": (_int, [_vp, _vp]),
    "bg_batch_legal_actions": (_int, [_vp, _vp, _vp, _size, _c_size_p]),
    "bg_batch_game": (_game_p, [_vp, _size]),
    # the computer player (<boardgames/search.h>, 1.1): declared, not
    # wrapped yet; its structs are passed as opaque pointers
    "bg_search_options_init": (_int, [ctypes.c_void_p, ctypes.c_uint]),
    "bg_search_new": (_int, [_game_pp, _game_p, ctypes.c_void_p]),
    "bg_search_free": (None, [ctypes.c_void_p]),
    "bg_search_think": (_int, [ctypes.c_void_p, ctypes.c_void_p, _move_p]),
    "bg_search_stop": (None, [ctypes.c_void_p]),
    "bg_search_play": (_int, [ctypes.c_void_p, _move_p]),
    "bg_search_sync": (_int, [ctypes.c_void_p, _game_p]),
    "bg_search_analysis": (_int, [ctypes.c_void_p, ctypes.c_void_p, _size,
                                  _c_size_p]),
    "bg_search_pv": (_int, [ctypes.c_void_p, _size, _move_p, _size,
                            _c_size_p]),
    "bg_search_info_get": (_int, [ctypes.c_void_p, ctypes.c_void_p]),
}


def _lib_names():
    """File names of the shared library on this platform, best first."""
    if sys.platform == "darwin":
        return ["libboardgames.1.dylib", "libboardgames.dylib"]
    if sys.platform == "win32":
        return ["boardgames-1.dll", "libboardgames-1.dll", "boardgames.dll",
                "libboardgames.dll"]
    return ["libboardgames.so.1", "libboardgames.so"]


def _in_build_dir(build):
    """The library inside a meson build directory, or None."""
    for sub in ("lib", ""):
        for name in _lib_names():
            path = Path(build) / sub / name
            if path.is_file():
                return str(path)
    return None


def candidates(path=None):
    """Where the library is looked for, in order, as (source, path) pairs.

    1. ``path`` (a file, or a build directory) when given, and only it;
    2. else the environment variable BOARDGAMES_LIBRARY, and only it;
    3. a build tree: BOARDGAMES_BUILD_DIR, then ``build/`` of the source
       tree this package sits in (``bindings/python/../../build``);
    4. the installed library: ``ctypes.util.find_library("boardgames")``,
       then the bare soname (``libboardgames.so.1``) for the dynamic loader.
    """
    out = []
    if path is not None:  # explicit: nothing else
        path = os.fspath(path)
        found = _in_build_dir(path) if os.path.isdir(path) else path
        return [("argument", found or path)]
    env = os.environ.get(ENV_LIBRARY)
    if env:
        return [(ENV_LIBRARY, env)]
    build = os.environ.get(ENV_BUILD_DIR)
    if build:
        out.append((ENV_BUILD_DIR, _in_build_dir(build)))
    source_root = Path(__file__).resolve().parents[3]
    out.append(("source tree", _in_build_dir(source_root / "build")))
    found = ctypes.util.find_library("boardgames")
    if found:
        out.append(("find_library", found))
    for name in _lib_names():
        out.append(("system", name))
    return [(s, p) for s, p in out if p]


def _missing(path, name):
    def stub(*args):
        raise LibraryError("%s has no %s: a newer libboardgames is needed"
                           % (path, name))
    return stub


def _declare(dll, path):
    """Set restype and argtypes of every function; a function the library
    lacks (one added in the same minor version) raises LibraryError when
    called. Returns the names of those missing."""
    missing = []
    for name, (restype, argtypes) in PROTOTYPES.items():
        try:
            fn = getattr(dll, name)
        except AttributeError:
            missing.append(name)
            setattr(dll, name, _missing(path, name))
            continue
        fn.restype = restype
        fn.argtypes = argtypes
    return missing


def check_version(number, wanted=BINDING_VERSION):
    """Raise LibraryError unless a run-time version number suits us."""
    major, minor = number // 10000, number // 100 % 100
    if major != wanted[0] or minor < wanted[1]:
        raise LibraryError(
            "libboardgames %d.%d.%d found, but this binding needs %d.%d or a "
            "later %d.x" % (major, minor, number % 100, wanted[0], wanted[1],
                            wanted[0]))


def load(path=None):
    """Load the library (see :func:`candidates`), declare its prototypes and
    check its version. Returns the ctypes.CDLL."""
    errors = []
    for source, candidate in candidates(path):
        try:
            dll = ctypes.CDLL(candidate)
        except OSError as exc:
            errors.append("%s (%s): %s" % (candidate, source, exc))
            continue
        if not hasattr(dll, "bg_version_number"):
            errors.append("%s (%s): not libboardgames" % (candidate, source))
            continue
        dll._bg_missing = _declare(dll, candidate)
        check_version(dll.bg_version_number())
        dll._bg_path = candidate
        return dll
    raise LibraryError("libboardgames not found; set %s to the library file "
                       "or %s to a build directory. Tried:\n  %s"
                       % (ENV_LIBRARY, ENV_BUILD_DIR,
                          "\n  ".join(errors) or "(nothing)"))


def raw_function(dll, name, restype, argtypes):
    """A second ctypes function object for an exported function, with its
    own prototype: for hot loops that pass addresses as plain integers
    (c_void_p), which the declared prototypes do not accept."""
    fn = dll._FuncPtr((name, dll))
    fn.restype = restype
    fn.argtypes = argtypes
    return fn


_dll = None
_dll_lock = threading.Lock()


def lib():
    """The loaded library, loading it on first use."""
    global _dll
    if _dll is None:
        with _dll_lock:
            if _dll is None:
                _dll = load()
    return _dll


def use(path=None):
    """Load the library now, from ``path`` when given (see
    :func:`candidates`), replacing any loaded before. Returns its path."""
    global _dll
    with _dll_lock:
        _dll = load(path)
    return _dll._bg_path
