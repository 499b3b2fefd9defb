"""Breadth-first search: fewest moves, shortest paths, and the whole state space.

BFS visits boards in order of their distance from the start: first the start,
then everything one move away, then two, and so on. The first time it meets
the goal it has found a shortest way there. Run to the end, it measures the
distance from one board to every board it can reach.

Internally states are flat tuples of tiles (hashable and fast); the public
functions take and return :class:`~puzzlelib.board.Board` objects.

**Role: the teaching reference.** puzzlelib has five breadth-first searches on
purpose, because comparing them is the lesson; this module holds three:

* :func:`bfs_path` (and :func:`min_moves`, :func:`shortest_path`): the BFS of
  the lessons, with parent pointers: the reference the others are checked against;
* :func:`bfs_layers`: the same search one layer at a time, for layer tables;
* :func:`keyed_bfs`: BFS over integer keys, written as a Russian lecture note
  writes it (a transcription, kept to compare with the source).

The other two are :func:`~puzzlelib.search.generic.breadth_first` (the AIMA
skeleton with a FIFO frontier: the textbook's view) and
:func:`~puzzlelib.search.frontier.frontier_search` (the fast engine over
packed words: the measurement). The refusals they share are in
:mod:`puzzlelib.search.guards`; which engine measures a whole space is
decided in :mod:`puzzlelib.search.dispatch`.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Iterator

from ..board import Board, as_board, board_and_goal, moves_table, neighbor_table, successors
from ..encoding import to_key
from ..door import door
from ..errors import number_text
from ..limits import BFS_DEFAULT_MAX_NODES, check_full_bfs, check_max_nodes, reachable_count, state_limit
from ..solvability import is_solvable
from .guards import refuse_far, too_many_states

__all__ = ["min_moves", "shortest_path", "bfs_path", "dfs_path", "Layer", "bfs_layers", "distances", "layer_states",
           "KeyedResult", "keyed_bfs", "KEYED_MAX_CELLS"]


KEYED_MAX_CELLS = 36
"""keyed_bfs's largest board: its keys have as many base-mn digits as the board has cells."""


def _bfs_limit(max_nodes, rows: int, cols: int) -> int:
    """The states a BFS towards a goal may store: ``max_nodes`` (default :data:`~puzzlelib.limits.BFS_DEFAULT_MAX_NODES`),
    never more than the memory budget holds."""
    memory = state_limit(rows * cols, at_most=reachable_count(rows, cols))
    return check_max_nodes(max_nodes, min(BFS_DEFAULT_MAX_NODES, memory), cap=memory)


def _keyed_limit(max_nodes, rows: int, cols: int) -> int:
    """:func:`_bfs_limit` for :func:`keyed_bfs`, whose keys have as many digits as the board has cells: up to
    KEYED_MAX_CELLS cells."""
    cells = rows * cols
    if cells > KEYED_MAX_CELLS:
        raise ValueError(f"keyed_bfs writes each board as a number of {number_text(cells)} digits in base "
                         f"{number_text(cells)}; it is for boards of up to {KEYED_MAX_CELLS} cells. "
                         "min_moves() answers on any board")
    return _bfs_limit(max_nodes, rows, cols)


def min_moves(start, goal=None, *, check_parity: bool = True, max_nodes: int | None = None) -> int:
    """The fewest moves from ``start`` to ``goal``, or -1 when the goal can't be reached.

    This is LeetCode 773's contract; the default goal has the blank last.
    With ``check_parity`` (the default) an unreachable goal is recognised at
    once by :func:`~puzzlelib.solvability.is_solvable`; without it, BFS
    explores the start's whole component before answering -1, as the
    Russian lecture note on the 2 x 3 puzzle does. A search that would outgrow the memory budget raises
    :class:`~puzzlelib.errors.TooLargeError` instead of running out of memory.

    >>> min_moves(Board([[1, 2, 3], [4, 0, 5]]))
    1
    >>> min_moves(Board([[1, 2, 3], [5, 4, 0]]))
    -1
    >>> min_moves(Board([[4, 1, 2], [5, 0, 3]]))
    5
    """
    path = bfs_path(start, goal, check_parity=check_parity, max_nodes=max_nodes)
    return -1 if path is None else len(path) - 1


def shortest_path(start, goal=None, *, max_nodes: int | None = None) -> list[Board] | None:
    """A shortest list of boards from ``start`` to ``goal`` (both included), or None.

    >>> path = shortest_path(Board([[1, 2, 3], [0, 4, 5]]))
    >>> len(path) - 1
    2
    >>> print(path[1])
    1 2 3
    4 . 5
    >>> shortest_path(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    """
    return bfs_path(start, goal, check_parity=True, max_nodes=max_nodes)


def bfs_path(start, goal=None, *, check_parity: bool = True,
             max_nodes: int | None = None) -> list[Board] | None:
    """Breadth-first search with parent pointers: a shortest path from ``start`` to ``goal``, or None.

    ``parent`` remembers where each board was found from; walking it back
    from the goal gives the path. ``check_parity`` answers an unreachable
    goal at once (without it the search exhausts the start's component);
    ``max_nodes`` caps the boards stored. :func:`min_moves` is this function.

    >>> [b.tiles for b in bfs_path(Board([[1, 2, 3], [0, 4, 5]]))]
    [(1, 2, 3, 0, 4, 5), (1, 2, 3, 4, 0, 5), (1, 2, 3, 4, 5, 0)]
    >>> bfs_path(Board([[1, 2, 3], [5, 4, 0]]), check_parity=False) is None
    True
    """
    start, goal = board_and_goal(start, goal, "start")
    rows, cols = start.shape
    limit = _bfs_limit(max_nodes, rows, cols)
    if check_parity and not is_solvable(start, goal):
        return None
    refuse_far(start, goal, limit, exhaust=not check_parity)
    table = neighbor_table(rows, cols)
    s, g = start.tiles, goal.tiles
    parent: dict[tuple, tuple | None] = {s: None}
    queue = deque([s])
    while queue and g not in parent:
        state = queue.popleft()
        i = state.index(0)                      # the blank's cell
        for j in table[i]:                      # successors(state, table), written out: the same order
            t = list(state)
            t[i], t[j] = t[j], 0
            nxt = tuple(t)
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
        if len(parent) > limit:
            raise too_many_states(start, limit, default=max_nodes is None)
    if g not in parent:
        return None
    path = []
    state: tuple | None = g
    while state is not None:
        path.append(Board._trusted(rows, cols, state))
        state = parent[state]
    return path[::-1]


def dfs_path(start, goal=None, *, max_nodes: int | None = None) -> list[Board] | None:
    """The first path depth-first search finds from ``start`` to ``goal``: a path, rarely a shortest one.

    DFS follows one line of moves as deep as it can (neighbours in the order
    up, down, left, right of the blank), backing up only at dead ends. It
    never visits a board twice. It finds *a* way, not the fewest moves,
    which is why the notebooks use BFS.

    >>> start = Board([[1, 2, 3], [4, 0, 5]])
    >>> len(shortest_path(start)) - 1, len(dfs_path(start)) - 1
    (1, 59)
    """
    start, goal = board_and_goal(start, goal, "start")
    if not is_solvable(start, goal):
        return None
    rows, cols = start.shape
    limit = _bfs_limit(max_nodes, rows, cols)
    # For each cell, the cells the blank may move to from there, in reverse (the next one is popped last).
    reverse = [cells[::-1] for cells in neighbor_table(rows, cols)]
    target = goal.tiles
    path = [start.tiles]
    seen = {start.tiles}
    # For each board on the path: where its blank is, and the blank's moves not yet tried.
    blanks = [start.tiles.index(0)]
    untried = [list(reverse[blanks[0]])]
    while untried:
        state = path[-1]
        if state == target:
            return [Board._trusted(rows, cols, s) for s in path]
        options, i = untried[-1], blanks[-1]
        while options:
            j = options.pop()
            t = list(state)
            t[i], t[j] = t[j], 0                # the move: the tile at j slides into the blank
            nxt = tuple(t)
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > limit:
                    raise too_many_states(start, limit, default=max_nodes is None)
                path.append(nxt)
                blanks.append(j)
                untried.append(list(reverse[j]))
                break
        else:                                   # a dead end: back up one move
            untried.pop()
            blanks.pop()
            path.pop()
    return None


@dataclass(frozen=True)
class Layer:
    """One layer of a breadth-first search: every state at distance ``depth``."""

    depth: int
    states: tuple
    """The layer's states as flat tile tuples, in the order BFS found them."""
    expanded: int
    """States expanded (their neighbours generated) to find this layer: all earlier layers.

    The last layer is never expanded by the search that found it, so a whole
    search expands ``last.expanded`` states, and also generates the last
    layer's neighbours to learn that nothing new is left."""
    generated: int
    """Neighbours generated to find this layer, repeats included (see ``expanded``)."""
    rows: int
    cols: int

    @property
    def size(self) -> int:
        """Number of states in the layer."""
        return len(self.states)

    def boards(self) -> list[Board]:
        """The layer's states as Boards."""
        return [Board._trusted(self.rows, self.cols, s) for s in self.states]


def bfs_layers(start, *, max_nodes: int | None = None) -> Iterator[Layer]:
    """Breadth-first search from ``start``, one layer at a time.

    Layer ``d`` holds every board exactly ``d`` moves from ``start``. The
    search refuses up front (:class:`~puzzlelib.errors.TooLargeError`) if the
    start's whole component would not fit in the memory budget.

    >>> [layer.size for layer in bfs_layers(Board.goal(2, 2))]
    [1, 2, 2, 2, 2, 2, 1]
    >>> last = list(bfs_layers(Board.goal(2, 2)))[-1]
    >>> last.expanded, last.generated
    (11, 22)
    """
    start = as_board(start, "start")
    rows, cols = start.shape
    memory = state_limit(rows * cols, at_most=reachable_count(rows, cols))
    limit = check_max_nodes(max_nodes, cap=memory)       # max_nodes may only lower the memory budget's limit
    if max_nodes is None:
        check_full_bfs(rows, cols)
        limit = memory
    table = neighbor_table(rows, cols)
    seen = {start.tiles}
    layer = [start.tiles]
    depth = expanded = generated = 0
    while layer:
        yield Layer(depth, tuple(layer), expanded, generated, rows, cols)
        nxt_layer = []
        for state in layer:
            expanded += 1
            for nxt in successors(state, table):
                generated += 1
                if nxt not in seen:
                    seen.add(nxt)
                    nxt_layer.append(nxt)
            if len(seen) > limit:         # checked as the layer grows: one layer can be most of the space
                raise too_many_states(start, limit, default=max_nodes is None)
        layer = nxt_layer
        depth += 1


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
    :class:`~puzzlelib.player.widgets.BFSExplorer` and whoever else asks share it.
    What it returns is tuples all the way down, so no caller can change it for the next.

    A space of 50,000 boards or more (a 3 x 3 goal) is also saved in the cache folder
    (:func:`~puzzlelib.search.pdb.cache_dir`), with its size and SHA-256 beside it, so the next
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
    from .pdb import cache_dir

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

    from ..storage import read_regular, report_damage, sha256_bytes

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

    from ..storage import try_write

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


# --- BFS over integer keys, as a Russian lecture note writes it --------------------

@dataclass(frozen=True)
class KeyedResult:
    """What the lecture note's BFS returns (``moves``, no path), plus how many keys it ``reached`` (stored).

    Not a :class:`~puzzlelib.search.results.SearchResult`: the lecture note's
    search keeps distances, not parents, so it has no path to give.
    """

    moves: int | None
    """Fewest moves to the goal, or None when it can't be reached (the package-wide contract)."""
    reached: int
    """Number of keys in the ``dist`` dict when the search stopped (the word ``reached`` of every search)."""


def _keyed_bfs_args(args: dict) -> None:
    board, goal = args["board"], args["goal"] = board_and_goal(args["board"], args["goal"], "board")
    limit = _keyed_limit(args["max_nodes"], board.rows, board.cols)
    refuse_far(board, goal, limit, exhaust=not is_solvable(board, goal))
    listener, expanded, default = args["watch"], 0, args["max_nodes"] is None

    def watch(made: int, waiting: int) -> None:        # every key stored was expanded or is waiting
        nonlocal expanded
        expanded += 1
        if listener is not None:
            listener(made, waiting)
        if expanded + waiting > limit:                  # the keys stored so far, as len(dist) counts them
            raise too_many_states(board, limit, default=default)
    args["watch"] = watch


@door(_keyed_bfs_args)
def keyed_bfs(board, goal=None, *, max_nodes: int | None = None, watch=None) -> KeyedResult:
    """BFS over base-(mn) keys, with a table of the blank's moves: fewest moves, or None.

    It skips the parity test: on an unsolvable board it stores every key it can reach.
    ``watch(made, waiting)``, if given, hears after each expansion the keys made and the queue's length.

    >>> keyed_bfs(Board([[1, 2, 3], [4, 0, 5]])), keyed_bfs(Board([[1, 2, 3], [5, 4, 0]]))
    (KeyedResult(moves=1, reached=3), KeyedResult(moves=None, reached=360))
    """
    base = board.rows * board.cols
    moves = moves_table(board.rows, board.cols)      # moves[cell]: the cells the blank can swap with
    powers = [base ** p for p in reversed(range(base))]
    start, target = to_key(board), to_key(goal)
    if start == target:
        return KeyedResult(0, 1)
    dist = {start: 0}                                # key -> fewest moves from the start
    queue = deque([start])
    while queue:
        state = queue.popleft()
        digits = [state // p % base for p in powers]     # the key's digits: the tiles, cell by cell
        zero = digits.index(0)
        for new_pos in moves[zero]:
            temp = digits.copy()
            temp[zero], temp[new_pos] = temp[new_pos], temp[zero]
            key = 0
            for d in temp:                           # re-encode, digit by digit
                key = key * base + d
            if key not in dist:
                if key == target:                    # the goal test, as soon as it is generated
                    return KeyedResult(dist[state] + 1, len(dist))
                dist[key] = dist[state] + 1
                queue.append(key)
        watch(len(moves[zero]), len(queue))          # hears each expansion (the door counts them)
    return KeyedResult(None, len(dist))
