"""Additive pattern databases: exact distances for groups of tiles, added up.

Pick a few tiles, a *pattern*, and forget the others: they become
anonymous free cells. In this smaller puzzle count only the moves of the
pattern's tiles (the blank wanders through free cells for nothing). A
breadth-first search from the goal gives, for every placement of the
pattern's tiles, the fewest pattern moves needed. Any real solution moves
the pattern's tiles at least that often.

Split all the tiles into disjoint patterns (for the 15-puzzle: 6, 6 and 3
tiles) and the counts *add up*, because each move moves one tile, which
belongs to one pattern. The sum is an admissible heuristic, far stronger
than Manhattan distance, which is the same construction with one tile per
pattern.

The search (:func:`pattern_table`) runs over pattern positions plus the
blank's cell with numpy, a 0-1 BFS in layers; the table keeps, for each
placement, the minimum over the blank's cell. Tables are saved in a cache
directory (``~/.cache/puzzlelib``, or ``$PUZZLELIB_CACHE``) and loaded next
time.
"""

from __future__ import annotations

import json
import os
import time
from functools import lru_cache
from math import perm
from pathlib import Path

import numpy as np

from ..board import BLANK, Board, as_board, neighbor_array
from .heuristics import AdditiveTables, goal_mirror
from ..limits import TooLargeError, format_bytes

UNSEEN = 255
MAX_SEARCH_STATES = 2**28
"""The largest abstract space :func:`pattern_table` will search: cells ** (pattern size + 1) entries."""


def cache_dir() -> Path:
    """Where pattern databases are saved: ``$PUZZLELIB_CACHE``, or ``~/.cache/puzzlelib``.

    >>> cache_dir().name in ("puzzlelib", Path(os.environ.get("PUZZLELIB_CACHE", "puzzlelib")).name)
    True
    """
    env = os.environ.get("PUZZLELIB_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "puzzlelib"


def largest_pattern(cells: int, cap: int = 6) -> int:
    """The largest pattern size (at most ``cap``) whose search fits in :data:`MAX_SEARCH_STATES`.

    >>> largest_pattern(16), largest_pattern(25), largest_pattern(9)
    (6, 5, 6)
    """
    k = cap
    while k > 1 and cells ** (k + 1) > MAX_SEARCH_STATES:
        k -= 1
    return k


def default_partition(goal, max_size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Split the goal's tiles into few rectangular blocks of at most ``max_size`` tiles.

    Among cuts of the board into rectangles (each cut straight across a
    rectangle, as with a guillotine), take one with the fewest blocks, then
    the biggest blocks (largest sum of squared sizes). The blank's cell
    counts for nothing. For the 15-puzzle this is the 6-6-3 partition.

    >>> default_partition(Board.goal(4, 4, blank="first"))
    ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15))
    >>> default_partition(Board.goal(3, 3), max_size=4)
    ((1, 2, 3), (4, 5, 7, 8), (6,))
    """
    goal = as_board(goal, "goal")
    rows, cols = goal.shape
    k = largest_pattern(rows * cols) if max_size is None else max_size
    if k < 1:
        raise ValueError(f"max_size must be at least 1, got {max_size}")
    br, bc = goal.blank

    @lru_cache(maxsize=None)
    def best(r0, r1, c0, c1):
        """(groups, -sum of squares, blocks) for the rectangle rows r0..r1-1, cols c0..c1-1."""
        tiles = (r1 - r0) * (c1 - c0) - (r0 <= br < r1 and c0 <= bc < c1)
        options = []
        if tiles <= k:
            options.append((1 if tiles else 0, -tiles * tiles, ((r0, r1, c0, c1),) if tiles else ()))
        for r in range(r0 + 1, r1):
            a, b = best(r0, r, c0, c1), best(r, r1, c0, c1)
            options.append((a[0] + b[0], a[1] + b[1], a[2] + b[2]))
        for c in range(c0 + 1, c1):
            a, b = best(r0, r1, c0, c), best(r0, r1, c, c1)
            options.append((a[0] + b[0], a[1] + b[1], a[2] + b[2]))
        return min(options, key=lambda o: (o[0], o[1]))

    blocks = best(0, rows, 0, cols)[2]
    groups = []
    for r0, r1, c0, c1 in blocks:
        groups.append(tuple(sorted(goal.tiles[r * cols + c] for r in range(r0, r1) for c in range(c0, c1)
                                   if goal.tiles[r * cols + c] != BLANK)))
    return tuple(sorted(groups))


def check_partition(goal: Board, partition) -> tuple[tuple[int, ...], ...]:
    """Check that ``partition`` splits the goal's tiles into disjoint, non-empty groups.

    >>> check_partition(Board.goal(2, 3), [[1, 2], [3, 4, 5]])
    ((1, 2), (3, 4, 5))
    >>> check_partition(Board.goal(2, 3), [[1, 2], [2, 3, 4, 5]])
    Traceback (most recent call last):
    ...
    ValueError: the patterns must not overlap; tiles in more than one: [2]
    """
    groups = tuple(tuple(sorted(int(t) for t in g)) for g in partition)
    if not groups or not all(groups):
        raise ValueError("a partition is a non-empty list of non-empty groups of tiles")
    every = [t for g in groups for t in g]
    overlap = sorted({t for t in every if every.count(t) > 1})
    if overlap:
        raise ValueError(f"the patterns must not overlap; tiles in more than one: {overlap}")
    want = sorted(t for t in goal.tiles if t != BLANK)
    if sorted(every) != want:
        missing = sorted(set(want) - set(every))
        extra = sorted(set(every) - set(want))
        raise ValueError(f"the patterns must cover the tiles 1..{len(want)} of the "
                         f"{goal.rows} x {goal.cols} goal exactly; missing {missing}, "
                         f"not on the board {extra}")
    return groups


def pattern_table(goal, pattern, *, progress: bool = False) -> np.ndarray:
    """Fewest moves of the ``pattern``'s tiles from every placement of them to the goal.

    Entry ``sum(cell[j] * cells ** j)`` (``cell[j]`` the cell of
    ``pattern[j]``) is the distance; placements that cannot occur hold 255.
    The search is a 0-1 BFS over (pattern cells, blank cell): a blank step
    into a free cell costs 0, a step that moves a pattern tile costs 1.

    >>> goal = Board.goal(2, 3)
    >>> t = pattern_table(goal, [5])         # one tile: its taxicab distance
    >>> [int(t[cell]) for cell in range(6)]
    [2, 1, 2, 1, 0, 1]
    """
    goal = as_board(goal, "goal")
    pattern = tuple(int(t) for t in pattern)
    n = len(goal.tiles)
    k = len(pattern)
    if not pattern or len(set(pattern)) != k or not set(pattern) <= set(goal.tiles) - {BLANK}:
        raise ValueError(f"a pattern is a non-empty list of different tiles 1..{n - 1}, got {list(pattern)}")
    space = n ** (k + 1)
    if space > MAX_SEARCH_STATES:
        raise TooLargeError(f"a pattern of {k} tiles on {n} cells needs a search over {space:,} entries "
                            f"(more than {MAX_SEARCH_STATES:,}); use smaller patterns")
    weights = np.array([n ** j for j in range(k)], dtype=np.int64)
    nbr = neighbor_array(goal.rows, goal.cols)         # the cells next to each cell, -1 for none
    dist = np.full(space, UNSEEN, dtype=np.uint8)
    home = [goal.tiles.index(t) for t in pattern]
    start = sum(h * n ** j for j, h in enumerate(home)) * n + goal.blank_index
    dist[start] = 0
    total = perm(n, k + 1)
    bar = _progress_bar(total, f"pattern {'-'.join(map(str, pattern))}") if progress else None

    def decode(states):
        placement, blank = np.divmod(states, n)
        return placement, blank, [(placement // w) % n for w in weights]

    def keep_new(candidates, depth):
        candidates = candidates[dist[candidates] == UNSEEN]
        if candidates.size:
            candidates = np.unique(candidates)
            dist[candidates] = depth
        return candidates

    frontier = np.array([start], dtype=np.int64)
    depth = 0
    while frontier.size:
        layer, fresh = [frontier], frontier
        while fresh.size:  # free blank steps: same depth
            found = []
            for part in np.array_split(fresh, max(1, fresh.size // 2_000_000)):
                placement, blank, cells = decode(part)
                for d in range(4):
                    to = nbr[blank, d]
                    ok = to >= 0
                    for c in cells:
                        ok &= to != c
                    found.append(keep_new(placement[ok] * n + to[ok], depth))
            fresh = np.concatenate(found)
            layer.append(fresh)
        layer = np.concatenate(layer)
        if bar is not None:
            bar.update(layer.size)
        found = []
        for part in np.array_split(layer, max(1, layer.size // 2_000_000)):
            placement, blank, cells = decode(part)
            for d in range(4):
                to = nbr[blank, d]
                for j, c in enumerate(cells):  # pattern tile j slides from `to` into the blank
                    hit = to == c
                    moved = placement[hit] + (blank[hit] - to[hit]) * weights[j]
                    found.append(keep_new(moved * n + to[hit], depth + 1))
        frontier = np.concatenate(found)
        depth += 1
    if bar is not None:
        bar.close()
    return dist.reshape(n ** k, n).min(axis=1)


def _progress_bar(total: int, what: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"building {what}", unit=" states", unit_scale=True)


def _cache_name(goal: Board, pattern) -> str:
    return (f"pdb_{goal.rows}x{goal.cols}_goal-{'.'.join(map(str, goal.tiles))}"
            f"_tiles-{'.'.join(map(str, pattern))}")


def load_or_build(goal, pattern, *, cache: bool = True, progress: bool = True) -> tuple[np.ndarray, dict]:
    """The table for ``pattern``, from the cache if it is there, else built (and saved if ``cache``).

    Returns the table and facts about it: ``seconds`` (time to build),
    ``bytes``, ``from_cache``, ``file``.

    >>> table, info = load_or_build(Board.goal(2, 3), [1, 2], cache=False, progress=False)
    >>> int(table.max()), info["from_cache"]
    (255, False)
    """
    goal = as_board(goal, "goal")
    pattern = tuple(int(t) for t in pattern)
    path = cache_dir() / (_cache_name(goal, pattern) + ".npy")
    meta = path.with_suffix(".json")
    if cache and path.exists() and meta.exists():
        try:
            table = np.load(path)
            info = json.loads(meta.read_text())
        except (OSError, ValueError):  # a damaged file: build it again
            table, info = None, {}
        size = len(goal.tiles) ** len(pattern)
        if table is not None and table.shape == (size,) and table.dtype == np.uint8:
            return table, {**info, "from_cache": True, "file": str(path)}
    t0 = time.perf_counter()
    table = pattern_table(goal, pattern, progress=progress)
    info = {"seconds": round(time.perf_counter() - t0, 3), "bytes": int(table.nbytes),
            "pattern": list(pattern), "max": int(table[table < UNSEEN].max())}
    if cache:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp.npy")
        np.save(tmp, table)
        os.replace(tmp, path)
        meta.write_text(json.dumps(info))
    return table, {**info, "from_cache": False, "file": str(path) if cache else None}


def is_cached(goal, partition=None) -> bool:
    """True when every table of the pattern database for ``goal`` is in the cache directory.

    >>> is_cached(Board.goal(2, 3), [[1, 2, 3, 4, 5]]) in (True, False)
    True
    """
    goal = as_board(goal, "goal")
    groups = default_partition(goal) if partition is None else check_partition(goal, partition)
    folder = cache_dir()
    return all((folder / (_cache_name(goal, g) + ".npy")).exists() and
               (folder / (_cache_name(goal, g) + ".json")).exists() for g in groups)


class PatternDatabase:
    """An additive pattern database for one goal: call it like any heuristic, ``pdb(board)``.

    ``partition`` lists the groups of tiles (default: :func:`default_partition`).
    Tables are loaded from the cache directory, or built and saved there.
    With ``mirror`` (the default) and a goal that has one
    (:func:`~puzzlelib.search.heuristics.goal_mirror`), each board is also looked
    up as its mirror image and the larger sum counts, for free extra
    strength (Korf and Felner, 2002, call this the reflection).

    >>> pdb = PatternDatabase(Board.goal(2, 3), [[1, 2, 4], [3, 5]], cache=False, progress=False)
    >>> pdb.name, pdb(Board([[4, 1, 2], [5, 0, 3]]))
    ('pattern database 3-2', 5)
    >>> PatternDatabase(Board.goal(3, 3), [[1, 2, 3, 4], [5, 6, 7, 8]], cache=False, progress=False).name
    'pattern database 4-4 + mirror'

    >>> pdb(Board.goal(3, 2))
    Traceback (most recent call last):
    ...
    ValueError: this pattern database was built for the 2 x 3 goal [[1, 2, 3], [4, 5, 0]]; it cannot score a 3 x 2 board
    """

    def __init__(self, goal, partition=None, *, cache: bool = True, progress: bool = True,
                 mirror: bool = True):
        self.goal = as_board(goal, "goal")
        self.partition = (default_partition(self.goal) if partition is None
                          else check_partition(self.goal, partition))
        n = len(self.goal.tiles)
        for g in self.partition:
            if n ** (len(g) + 1) > MAX_SEARCH_STATES:
                raise TooLargeError(f"the pattern {list(g)} has {len(g)} tiles; on {n} cells patterns of at "
                                    f"most {largest_pattern(n)} tiles fit the search budget")
        self.arrays = []
        self.info = []
        for g in self.partition:
            table, info = load_or_build(self.goal, g, cache=cache, progress=progress)
            self.arrays.append(table)
            self.info.append(info)
        group = [-1] * n
        weight = [0] * n
        for k, g in enumerate(self.partition):
            for j, t in enumerate(g):
                group[t], weight[t] = k, n ** j
        reflection = goal_mirror(self.goal) if mirror else None
        self.tables = AdditiveTables(tuple(a.tobytes() for a in self.arrays), tuple(group), tuple(weight),
                                     reflection)
        self.name = "pattern database " + "-".join(str(len(g)) for g in self.partition)
        if reflection is not None:
            self.name += " + mirror"

    @property
    def nbytes(self) -> int:
        """Bytes of all the tables together."""
        return sum(a.nbytes for a in self.arrays)

    @property
    def build_seconds(self) -> float:
        """Seconds it took to build the tables (when they were first built, if loaded from the cache)."""
        return sum(i["seconds"] for i in self.info)

    def __repr__(self) -> str:
        return (f"<{self.name} for the {self.goal.rows} x {self.goal.cols} goal {self.goal.grid}: "
                f"{format_bytes(self.nbytes)}, built in {self.build_seconds:.1f} s>")

    def additive_tables(self, goal) -> AdditiveTables:
        """The tables, after checking that ``goal`` is the goal they were built for."""
        goal = as_board(goal, "goal")
        if goal != self.goal:
            what = (f"the {goal.rows} x {goal.cols} goal {goal.grid}" if goal.shape == self.goal.shape
                    else f"a {goal.rows} x {goal.cols} board")
            raise ValueError(f"this pattern database was built for the {self.goal.rows} x {self.goal.cols} "
                             f"goal {self.goal.grid}; it cannot score {what}")
        return self.tables

    def __call__(self, board, goal=None) -> int:
        board = as_board(board)
        if board.shape != self.goal.shape:
            raise ValueError(f"this pattern database was built for the {self.goal.rows} x {self.goal.cols} "
                             f"goal {self.goal.grid}; it cannot score a {board.rows} x {board.cols} board")
        self.additive_tables(self.goal if goal is None else goal)
        return self.tables.value(board.tiles)
