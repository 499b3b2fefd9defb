"""Frontier search: breadth-first search over a whole state space, two layers at a time.

The plain BFS in :mod:`puzzlelib.search.bfs` keeps every board it has seen, as a
tuple in a dict: about 200 bytes a board, 50 GB for the 3 x 4 puzzle. This
engine needs about 8 bytes a board, and only for two layers at once.

* **Packed states.** A board is one 64-bit integer (a *word*): 4 bits per
  cell for the tiles (bits 4 and up, cell ``i`` at bit ``4 + 4i``), the
  blank's cell in the top 4 bits, and 4 *used-move* bits at the bottom. A
  layer is a numpy array of words, so every step is an array operation.
* **Frontier search** (Korf's idea). The state graph is bipartite, so the
  neighbours of a board at depth ``d`` lie at depth ``d - 1`` or ``d + 1``.
  When a board is generated, the move that leads back to its parent is
  marked in its used-move bits; duplicates are merged with their bits ORed.
  Expanding a board then skips every marked move, so every child is new and
  no visited set is needed: only the current layer and the next one.
* **Grouped by the blank.** Words are sorted, and the blank sits in the top
  bits, so a sorted layer is grouped by the blank's cell. For one group and
  one direction the move is the same nibble shuffle for every word, done
  with a few whole-array operations. Children are collected per target cell
  of the blank, then sorted and de-duplicated (``np.sort`` and one pass).

Finished layers can be written to a directory (one ``.npy`` file each, plus
``manifest.json``), so a long search can stop and resume from the last
finished layer. :func:`~puzzlelib.limits.check_frontier_bfs` refuses boards
that would not fit, before any work starts.

>>> r = frontier_search(2, 3)
>>> r.counts[:6], r.states, r.depth
([1, 2, 3, 5, 6, 7], 360, 21)
"""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..board import BLANK, Board, check_shape, neighbor_table, resolve_goal
from ..limits import check_frontier_bfs, reachable_count

MAX_CELLS = 14
"""Tiles need 4 bits a cell; with the blank's cell and the used-move bits that is 14 cells."""
BLANK_SHIFT = 60
MOVE_BITS = 15                      # the low 4 bits: moves that lead back to the layer before
_U64 = np.uint64
FORMAT = "puzzlelib-frontier-1"


def blank_moves(rows: int, cols: int) -> list[list[tuple[int, int, int]]]:
    """For each target cell ``j`` of the blank: (source cell b, direction d, opposite of d).

    Directions are 0 up, 1 down, 2 left, 3 right: the way the blank moves from ``b`` to ``j``.
    :func:`next_layer` reads this table.

    >>> blank_moves(1, 3)   # the blank reaches cell 0 only from cell 1, moving left
    [[(1, 2, 3)], [(0, 3, 2), (2, 2, 3)], [(1, 3, 2)]]
    """
    k = rows * cols
    out = []
    for j in range(k):
        sources = []
        for b in neighbor_table(rows, cols)[j]:
            d = {-cols: 0, cols: 1, -1: 2, 1: 3}[j - b]
            sources.append((b, d, d ^ 1))
        out.append(sources)
    return out


def pack(tiles) -> int:
    """One board's tiles (a flat sequence, blank 0) as a packed word with no used-move bits.

    >>> hex(pack((1, 2, 3, 4, 5, 0)))
    '0x5000000000543210'
    >>> unpack(np.array([pack((1, 2, 3, 4, 5, 0))], dtype=np.uint64), 2, 3).tolist()
    [[1, 2, 3, 4, 5, 0]]
    """
    tiles = tuple(int(t) for t in tiles)
    if len(tiles) > MAX_CELLS:
        raise ValueError(f"a packed word holds at most {MAX_CELLS} cells, got {len(tiles)}")
    word = tiles.index(BLANK) << BLANK_SHIFT
    for i, t in enumerate(tiles):
        word |= t << (4 + 4 * i)
    return word


def unpack(words: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Packed words back to an ``(n, rows*cols)`` array of tiles (uint8), one board per row.

    >>> unpack(np.array([pack((2, 0, 1))], dtype=np.uint64), 1, 3).tolist()
    [[2, 0, 1]]
    """
    words = np.asarray(words, dtype=_U64)
    k = rows * cols
    out = np.empty((len(words), k), dtype=np.uint8)
    for i in range(k):
        out[:, i] = (words >> _U64(4 + 4 * i)) & _U64(15)
    return out


def merge_duplicates(children: np.ndarray) -> np.ndarray:
    """Sort ``children`` in place, then keep one word per board with the used-move bits ORed.

    Two words for the same board differ only in the low 4 bits (the moves
    that lead back), so after sorting they sit side by side.

    >>> w = np.array([pack((1, 0)) | 2, pack((0, 1)), pack((1, 0)) | 1], dtype=np.uint64)
    >>> [hex(int(x)) for x in merge_duplicates(w)]
    ['0x100', '0x1000000000000013']
    """
    children.sort()
    if len(children) < 2:
        return children
    differs = np.empty(len(children), dtype=bool)
    differs[0] = True
    np.greater(children[1:] ^ children[:-1], _U64(MOVE_BITS), out=differs[1:])
    starts = np.flatnonzero(differs)
    if len(starts) == len(children):
        return children
    return np.bitwise_or.reduceat(children, starts)


def next_layer(groups: list[np.ndarray], moves, on_group=None) -> list[np.ndarray]:
    """The layer after ``groups`` (one array per blank cell), grouped the same way.

    ``moves[j]`` lists, for each cell ``j`` the blank can move to, the cells
    ``b`` it can come from with the direction ``d`` and its opposite. For
    each source group the move is the same nibble shuffle on every word:
    skip words whose used-move bit ``d`` is set, move the tile at ``j`` to
    ``b``, set the blank's cell to ``j`` and mark the move back. The
    children are then sorted and merged (:func:`merge_duplicates`).
    ``on_group`` is called with each new group's size (the progress bar).

    >>> empty = np.array([], dtype=np.uint64)
    >>> layer = [empty, empty, np.array([pack((1, 2, 0))], dtype=np.uint64)]   # blank in cell 2 of 1 x 3
    >>> [unpack(g, 1, 3).tolist() for g in next_layer(layer, blank_moves(1, 3))]
    [[], [[1, 0, 2]], []]
    """
    out = []
    for j, sources in enumerate(moves):
        parts = []
        for b, d, back in sources:
            g = groups[b]
            if not len(g):
                continue
            src = g[(g & _U64(1 << d)) == 0]          # skip moves back to the layer before
            tile = (src >> _U64(4 + 4 * j)) & _U64(15)   # the tile that slides from j into b
            src &= _U64(~(MOVE_BITS | (15 << BLANK_SHIFT)) & (2**64 - 1))
            tile *= _U64(((1 << (4 + 4 * b)) - (1 << (4 + 4 * j))) % 2**64)
            src += tile
            src |= _U64((j << BLANK_SHIFT) | (1 << back))
            parts.append(src)
            del tile
        children = np.concatenate(parts) if parts else np.empty(0, dtype=_U64)
        del parts
        out.append(merge_duplicates(children))
        if on_group is not None:
            on_group(len(out[-1]))
    return out


def _split_by_blank(words: np.ndarray, k: int) -> list[np.ndarray]:
    """A sorted layer as one array per blank cell (views, no copies)."""
    bounds = np.searchsorted(words, [i << BLANK_SHIFT for i in range(k + 1)])
    return [words[bounds[i]:bounds[i + 1]] for i in range(k)]


@dataclass
class FrontierResult:
    """What a frontier search found: the layer sizes and the last finished layer."""

    rows: int
    cols: int
    goal: Board
    counts: list[int]
    """Number of boards at each distance from the goal (index = distance), finished layers only."""
    complete: bool
    """True when the search ran to the end (the last layer has no successors)."""
    last: np.ndarray = field(repr=False)
    """The last finished layer as sorted packed words (see :func:`unpack`)."""
    seconds: float = 0.0
    """Wall time of this call (a resumed search counts only the part it did)."""

    @property
    def states(self) -> int:
        """Boards found so far: the sum of the layer sizes."""
        return sum(self.counts)

    @property
    def depth(self) -> int:
        """Depth of the last finished layer; for a complete search, the goal's eccentricity."""
        return len(self.counts) - 1

    def last_boards(self) -> list[Board]:
        """The last finished layer as sorted Boards (for a complete search, the antipodes)."""
        boards = [Board._trusted(self.rows, self.cols, tuple(int(t) for t in row))
                  for row in unpack(self.last, self.rows, self.cols)]
        return sorted(boards)


class _Store:
    """Finished layers on disk: ``layer_DDD.npy`` files and ``manifest.json``."""

    def __init__(self, directory, rows: int, cols: int, goal: Board, keep_layers: bool):
        self.path = Path(directory)
        self.path.mkdir(parents=True, exist_ok=True)
        self.header = {"format": FORMAT, "rows": rows, "cols": cols, "goal": list(goal.tiles)}
        self.keep_layers = keep_layers

    def load(self):
        """(counts, last layer, complete) from an earlier run, or None if there is none."""
        manifest = self.path / "manifest.json"
        if not manifest.exists():
            return None
        saved = json.loads(manifest.read_text())
        mine = {key: saved.get(key) for key in self.header}
        if mine != self.header:
            raise ValueError(f"{self.path} holds a search of {mine}, not of {self.header}; "
                             "use another directory")
        counts = saved["counts"]
        last = np.load(self.path / f"layer_{len(counts) - 1:03d}.npy")
        if len(last) != counts[-1]:
            raise ValueError(f"{self.path}: layer {len(counts) - 1} has {len(last)} boards, "
                             f"the manifest says {counts[-1]}")
        return counts, last, saved["complete"]

    def save(self, counts: list[int], groups, complete: bool) -> None:
        """Write the newest layer, then the manifest, each atomically: no half layer is ever listed."""
        depth = len(counts) - 1
        if groups is not None:
            tmp = self.path / f"layer_{depth:03d}.tmp.npy"
            with open(tmp, "wb") as f:       # one .npy file, written group by group without a copy
                header = {"descr": np.dtype(_U64).descr[0][1], "fortran_order": False,
                          "shape": (sum(len(g) for g in groups),)}
                np.lib.format.write_array_header_1_0(f, header)
                for g in groups:
                    g.tofile(f)
            os.replace(tmp, self.path / f"layer_{depth:03d}.npy")
        tmp = self.path / "manifest.tmp"
        tmp.write_text(json.dumps({**self.header, "counts": counts, "complete": complete}))
        os.replace(tmp, self.path / "manifest.json")
        if not self.keep_layers and depth >= 1 and groups is not None:
            (self.path / f"layer_{depth - 1:03d}.npy").unlink(missing_ok=True)


def _progress_bar(show, total: int, done: int, rows: int, cols: int):
    if show is None:
        show = total >= 10_000_000
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, unit=" states", unit_scale=True,
                desc=f"{rows} x {cols} BFS", dynamic_ncols=True)


def frontier_search(rows: int, cols: int, goal=None, *, directory=None, max_depth: int | None = None,
                    progress: bool | None = None, keep_layers: bool = True,
                    budget: int | None = None) -> FrontierResult:
    """Breadth-first search from ``goal`` over its whole component, keeping two layers at a time.

    ``goal`` defaults to the blank-last goal. With ``directory``, every
    finished layer is written there, and a later call with the same
    directory resumes from the last finished layer (``keep_layers=False``
    keeps only that one on disk). ``max_depth`` stops early, after the layer
    at that depth. ``progress`` shows a tqdm bar (layer, states so far,
    elapsed time); by default only for boards with 10 million states or
    more. Boards that would not fit in memory are refused up front by
    :func:`~puzzlelib.limits.check_frontier_bfs`.

    >>> r = frontier_search(3, 3)
    >>> r.states, r.depth, len(r.last_boards())
    (181440, 31, 2)
    >>> frontier_search(3, 3, max_depth=4).counts
    [1, 2, 4, 8, 16]
    """
    rows, cols = check_shape(rows, cols)
    goal = resolve_goal(goal, (rows, cols))
    if max_depth is not None and (isinstance(max_depth, bool) or not isinstance(max_depth, int)
                                  or max_depth < 0):
        raise ValueError(f"max_depth must be a whole number >= 0 or None, got {max_depth!r}")
    check_frontier_bfs(rows, cols, budget)
    k = rows * cols
    if k > MAX_CELLS:
        raise ValueError(f"frontier_search packs a board into 64 bits: at most {MAX_CELLS} cells, "
                         f"got {rows} x {cols}")
    started = time.perf_counter()
    store = None if directory is None else _Store(directory, rows, cols, goal, keep_layers)
    saved = None if store is None else store.load()
    if saved is None:
        counts, layer, complete = [1], np.array([pack(goal.tiles)], dtype=_U64), False
        if store is not None:
            store.save(counts, [layer], complete)
    else:
        counts, layer, complete = saved
    moves = blank_moves(rows, cols)
    groups = _split_by_blank(layer, k)
    del layer
    bar = None if complete else _progress_bar(progress, reachable_count(rows, cols), sum(counts),
                                              rows, cols)
    try:
        while not complete and (max_depth is None or len(counts) - 1 < max_depth):
            if bar is not None:
                bar.set_postfix_str(f"layer {len(counts)}", refresh=False)
            nxt = next_layer(groups, moves, None if bar is None else bar.update)
            size = sum(len(g) for g in nxt)
            if size == 0:
                complete = True
                if store is not None:
                    store.save(counts, None, complete)
                break
            groups = nxt
            del nxt
            counts.append(size)
            if store is not None:
                store.save(counts, groups, complete)
    finally:
        if bar is not None:
            bar.set_postfix_str(f"depth {len(counts) - 1}" + (", done" if complete else ""))
            bar.close()
    last = np.concatenate(groups)
    return FrontierResult(rows, cols, goal, counts, complete, last, time.perf_counter() - started)
