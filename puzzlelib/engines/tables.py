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
from puzzlelib.core.memo import Memo


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
    space = _space(goal)
    if space.distances is None:              # made when first asked for, kept as long as the space is
        space.distances = {s: depth for depth, states in enumerate(space.layers) for s in states}
    return space.distances


class _Space:
    """A goal's BFS layers, and the distance dict made from them when first asked for."""

    __slots__ = ("layers", "size", "distances")

    def __init__(self, layers):
        self.layers, self.size, self.distances = layers, sum(map(len, layers)), None


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
    return _space(as_board(goal, "goal")).layers


def _space(goal: Board) -> _Space:
    """``goal``'s space: kept in memory, else read from the cache folder, else searched (and saved)."""
    def find():
        layers = _saved_layers(goal)
        if layers is None:
            layers = tuple(layer.states for layer in bfs_layers(goal))
            _save_layers(goal, layers)
        return _Space(layers)
    return _SPACES.get((goal.rows, goal.cols, goal.tiles), find)


_REMEMBERED_STATES = 200_000
"""The largest space :func:`layer_states` keeps for the next call with the same goal."""


_REMEMBERED_TOTAL = 400_000
"""The boards of all the spaces :func:`layer_states` keeps, together: two 3 x 3 goals and a few small ones."""


SAVED_MIN_STATES = 50_000
"""The smallest space :func:`layer_states` saves to the cache folder (smaller ones search faster than a read)."""


SAVED_FORMAT = 2
"""The version of a saved space's record; a file of another version is searched again."""


_SPACES = Memo("BFS spaces by goal", weight=lambda space: space.size, largest=_REMEMBERED_STATES,
               total=_REMEMBERED_TOTAL)
"""The spaces kept in memory (:class:`~puzzlelib.core.memo.Memo`, the package's one memoising wrapper)."""


def _saved_file(goal: Board):
    """Where ``goal``'s space is saved (its record beside it, ``.json``), or None when its space is not saved."""
    from puzzlelib.engines.pdb import cache_dir

    if not SAVED_MIN_STATES <= reachable_count(goal.rows, goal.cols) <= _REMEMBERED_STATES:
        return None
    return cache_dir() / "bfs" / (f"layers-v{SAVED_FORMAT}-{goal.rows}x{goal.cols}-" + "-".join(map(str, goal.tiles)) + ".bin")


def _about(goal: Board) -> dict:
    """What a saved space's record must repeat before it is used."""
    return {"format": SAVED_FORMAT, "kind": "bfs layers", "rows": goal.rows, "cols": goal.cols,
            "goal": list(goal.tiles)}


def _saved_layers(goal: Board):
    """``goal``'s layers from the cache folder, or None (not saved yet, or damaged: then reported).

    The file (:func:`~puzzlelib.engines.storage.save_checked`) holds the number of layers and their sizes
    (4-byte little-endian words), then every board's tiles, one byte a tile, layer after layer.
    """
    from puzzlelib.engines.storage import Damaged, read_checked, report_damage

    path = _saved_file(goal)
    if path is None:
        return None
    width, count = goal.rows * goal.cols, reachable_count(goal.rows, goal.cols)
    try:
        found = read_checked(path, _about(goal), limit=4 * (count + 1) + width * count)
    except Damaged as damage:
        report_damage(damage.path, damage.reason)
        return None
    if found is None:
        return None
    data = found[0]
    layers_in = int.from_bytes(data[:4], "little")
    at = 4 + 4 * layers_in
    sizes = [int.from_bytes(data[i:i + 4], "little") for i in range(4, at, 4)] if at <= len(data) else []
    if not sizes or sizes[0] != 1 or min(sizes) == 0 or sum(sizes) != count \
            or len(data) - at != width * count or tuple(data[at:at + width]) != goal.tiles:
        report_damage(path, "it does not hold its goal's whole space, starting from the goal")
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
    from puzzlelib.engines.storage import save_checked

    path = _saved_file(goal)
    if path is None:
        return
    header = [len(layers)] + [len(layer) for layer in layers]
    data = b"".join(n.to_bytes(4, "little") for n in header) \
        + bytes(tile for layer in layers for board in layer for tile in board)
    save_checked(path, data, _about(goal))


def kept() -> list[tuple[Board, int, bool]]:
    """What is kept in memory now, the goal used longest ago first: (goal, boards, whether its distance dict is kept).

    A distance dict is kept with its space and forgotten with it.

    >>> forget(); _ = distances(Board.goal(2, 2)); kept()
    [(Board([[1, 2], [3, 0]]), 12, True)]
    """
    return [(Board._trusted(*key), size, _SPACES.peek(key).distances is not None) for key, size in _SPACES.weights()]


def forget() -> None:
    """Forget every space kept in memory (the files in the cache folder stay).

    >>> _ = layer_states(Board.goal(2, 2)); forget(); kept()
    []
    """
    _SPACES.clear()

