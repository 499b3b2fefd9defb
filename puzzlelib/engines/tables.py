"""Distance tables kept for the next call: each goal's BFS runs once per process, and a 3 x 3 space once per machine.

The core's :func:`~puzzlelib.core.bfs.bfs_layers` is the search; this module remembers what it found.
:func:`layer_states` keeps the layers of recent goals in memory (spaces of up to 200,000 boards, 400,000
in all, the goal used longest ago forgotten first) and saves spaces of 50,000 boards or more in the cache
folder with their size and SHA-256 beside them (a damaged file is reported and searched again, never
used). :func:`distances` hands out a new dict each call, so no caller can change the next one's.

>>> [len(states) for states in layer_states(Board.goal(2, 2))]
[1, 2, 2, 2, 2, 2, 1]
"""

from __future__ import annotations

__all__ = ["distances", "layer_states", "kept", "forget", "SAVED_MIN_STATES", "SAVED_FORMAT"]

from puzzlelib.core.bfs import bfs_layers
from puzzlelib.core.board import Board, as_board
from puzzlelib.core.limits import reachable_count


def distances(goal) -> dict[tuple, int]:
    """Distance from ``goal`` to every board it can reach, keyed by tile tuple.

    Moves can be undone, so this is also each board's distance *to* the goal.

    >>> d = distances(Board.goal(2, 3))
    >>> len(d), max(d.values())
    (360, 21)
    >>> d[Board([[4, 1, 2], [5, 0, 3]]).tiles]
    5

    The search runs once per goal in a process (:func:`layer_states`, for spaces of up to
    200,000 boards); every call returns a new dict, in the order BFS found the boards,
    so a caller may change the one it gets:

    >>> d[Board.goal(2, 3).tiles] = 99
    >>> distances(Board.goal(2, 3))[Board.goal(2, 3).tiles]
    0
    """
    return dict(_distance_dict(as_board(goal, "goal")))


def _distance_dict(goal: Board) -> dict[tuple, int]:
    """:func:`distances` for a checked goal, without the copy: the dict is shared, so callers only read it."""
    layers = layer_states(goal)
    key = (goal.rows, goal.cols, goal.tiles)
    known = _dicts.get(key)
    if known is None:
        known = {s: depth for depth, states in enumerate(layers) for s in states}
        if key in _remembered:                 # kept as long as its layers are (layer_states forgets both)
            _dicts[key] = known
    return known


def layer_states(goal) -> tuple[tuple[tuple, ...], ...]:
    """The states of each layer of :func:`bfs_layers` from ``goal``, as tuples of tile tuples.

    The search runs once per goal in a process for spaces of up to 200,000 boards
    (3 x 3's 181,440 included), and the spaces kept hold 400,000 boards at most (the goal
    used longest ago is forgotten first): :func:`distances`, the player's
    :class:`~puzzlelib.player.explorer.BFSExplorer` and whoever else asks share it.
    What it returns is tuples all the way down, so no caller can change it for the next.

    A space of 50,000 boards or more (a 3 x 3 goal) is also saved in the cache folder
    (:func:`~puzzlelib.engines.pdb.cache_dir`), with its size and SHA-256 beside it, so the next
    kernel reads it (about 0.03 s) instead of searching again (about 0.2 s). A saved file that
    does not match its record is reported and searched again, never used.

    >>> [len(states) for states in layer_states(Board.goal(2, 2))]
    [1, 2, 2, 2, 2, 2, 1]
    """
    goal = as_board(goal, "goal")
    key = (goal.rows, goal.cols, goal.tiles)
    layers = _remembered.pop(key, None)
    if layers is None:
        layers = _saved_layers(goal)
        if layers is None:
            layers = tuple(layer.states for layer in bfs_layers(goal))
            _save_layers(goal, layers)
        size = sum(map(len, layers))
        if size > _REMEMBERED_STATES:
            return layers
        while _remembered and size + sum(sum(map(len, kept)) for kept in _remembered.values()) > _REMEMBERED_TOTAL:
            oldest = next(iter(_remembered))                   # forget the goal used longest ago
            del _remembered[oldest]
            _dicts.pop(oldest, None)
    _remembered[key] = layers                                  # (re)inserted: the newest
    return layers


_REMEMBERED_STATES = 200_000
"""The largest space :func:`layer_states` keeps for the next call with the same goal."""


_REMEMBERED_TOTAL = 400_000
"""The boards of all the spaces :func:`layer_states` keeps, together: two 3 x 3 goals and a few small ones."""


SAVED_MIN_STATES = 50_000
"""The smallest space :func:`layer_states` saves to the cache folder (smaller ones search faster than a read)."""


SAVED_FORMAT = 1
"""The version of a saved space's record; a file of another version is searched again."""


_remembered: dict[tuple, tuple[tuple[tuple, ...], ...]] = {}


_dicts: dict[tuple, dict[tuple, int]] = {}
"""The distance dicts of the goals in ``_remembered``, made from their layers when first asked for."""


def _saved_files(goal: Board):
    """The saved layers of ``goal``'s space and the record beside them, or None when its space is not saved."""
    from puzzlelib.engines.pdb import cache_dir

    if not SAVED_MIN_STATES <= reachable_count(goal.rows, goal.cols) <= _REMEMBERED_STATES:
        return None
    name = f"layers-{goal.rows}x{goal.cols}-" + "-".join(map(str, goal.tiles))
    folder = cache_dir() / "bfs"
    return folder / f"{name}.bin", folder / f"{name}.json"


def _saved_layers(goal: Board):
    """``goal``'s layers from the cache folder, or None (not saved yet, or damaged: then reported).

    The file holds the number of layers and their sizes (4-byte little-endian words), then every board's
    tiles, one byte a tile, layer after layer; the record beside it holds the file's size and SHA-256.
    """
    import json

    from puzzlelib.engines.storage import read_regular, report_damage, sha256_bytes

    files = _saved_files(goal)
    if files is None or not files[1].exists():
        return None
    data_path, record_path = files
    width, count = goal.rows * goal.cols, reachable_count(goal.rows, goal.cols)
    try:
        record = json.loads(read_regular(record_path, limit=1 << 12))
        data = read_regular(data_path, limit=4 * (count + 1) + width * count)
    except (OSError, ValueError) as err:
        report_damage(data_path, f"it or its record can't be read ({type(err).__name__})")
        return None
    if not isinstance(record, dict) or record.get("format") != SAVED_FORMAT \
            or record.get("bytes") != len(data) or record.get("sha256") != sha256_bytes(data):
        report_damage(data_path, "it does not match the format, size and SHA-256 of its record")
        return None
    layers_in = int.from_bytes(data[:4], "little")
    at = 4 + 4 * layers_in
    sizes = [int.from_bytes(data[i:i + 4], "little") for i in range(4, at, 4)] if at <= len(data) else []
    if not sizes or sizes[0] != 1 or min(sizes) == 0 or sum(sizes) != count \
            or len(data) - at != width * count or tuple(data[at:at + width]) != goal.tiles:
        report_damage(data_path, "it does not hold its goal's whole space, starting from the goal")
        return None
    it = iter(data[at:])
    boards = list(zip(*[it] * width))
    layers, at = [], 0
    for n in sizes:
        layers.append(tuple(boards[at:at + n]))
        at += n
    return tuple(layers)


def _save_layers(goal: Board, layers) -> None:
    """Save ``goal``'s layers in the cache folder (quietly skipped where it can't be written)."""
    import json

    from puzzlelib.engines.storage import try_write

    files = _saved_files(goal)
    if files is None:
        return
    header = [len(layers)] + [len(layer) for layer in layers]
    data = b"".join(n.to_bytes(4, "little") for n in header) \
        + bytes(tile for layer in layers for board in layer for tile in board)
    record = try_write(files[0], data)
    if record is not None:
        try_write(files[1], json.dumps({**record, "format": SAVED_FORMAT, "goal": list(goal.tiles),
                                        "rows": goal.rows, "cols": goal.cols}).encode())


def kept() -> list[tuple[Board, int, bool]]:
    """What is kept in memory now, the goal used longest ago first: (goal, boards, whether its distance dict is kept).

    A distance dict whose space was forgotten would show as 0 boards: it must never happen (a test).

    >>> forget(); _ = distances(Board.goal(2, 2)); kept()
    [(Board([[1, 2], [3, 0]]), 12, True)]
    """
    keys = list(_remembered) + [key for key in _dicts if key not in _remembered]   # a dict without its space: 0 boards
    return [(Board._trusted(rows, cols, tiles), sum(map(len, _remembered.get((rows, cols, tiles), ()))),
             (rows, cols, tiles) in _dicts) for rows, cols, tiles in keys]


def forget() -> None:
    """Forget every space kept in memory (the files in the cache folder stay).

    >>> _ = layer_states(Board.goal(2, 2)); forget(); kept()
    []
    """
    _remembered.clear()
    _dicts.clear()

