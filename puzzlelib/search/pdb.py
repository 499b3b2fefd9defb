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
time: each ``.npy`` table beside a ``.json`` file that says what it is (board,
goal, pattern, format, length) and records its size and SHA-256. A table is
used only if it passes those checks and a few quick ones on its entries
(:func:`table_problem`); a damaged one is reported with a
:class:`~puzzlelib.storage.DamagedFileWarning` and rebuilt. A cache that
can't be written is reported once, and the tables are kept in memory.
"""

from __future__ import annotations

import io
import json
import os
import time
from collections import Counter
from functools import lru_cache
from math import perm
from pathlib import Path

import numpy as np

from ..board import BLANK, Board, as_board, neighbor_array
from .heuristics import AdditiveTables, goal_mirror
from ..limits import MAX_BUILD_ENTRIES, MAX_SEARCH_STATES, TooLargeError, format_bytes, whole_number
from ..errors import number_text, short_repr
from . import shipped as _shipped
from ..storage import npy_bytes, parse_json, read_regular, report_damage, sha256_bytes, try_write

__all__ = ["UNSEEN", "FORMAT_VERSION", "PARTITION_MAX_CELLS", "cache_dir", "largest_pattern", "default_partition", "check_partition",
           "check_pattern", "pattern_table", "describe", "table_problem", "load_or_build", "is_cached", "is_available", "PatternDatabase"]

UNSEEN = 255
FORMAT_VERSION = 2
"""The version of the cache's metadata files; a file of another version is not used (the table is rebuilt)."""


def cache_dir() -> Path:
    """Where pattern databases are saved: ``$PUZZLELIB_CACHE``, or ``~/.cache/puzzlelib``.

    >>> cache_dir().name in ("puzzlelib", Path(os.environ.get("PUZZLELIB_CACHE", "puzzlelib")).name)
    True
    """
    env = os.environ.get("PUZZLELIB_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "puzzlelib"


PARTITION_MAX_CELLS = 400
"""The largest board :func:`default_partition` cuts into patterns (20 x 20, a fraction of a second)."""


def largest_pattern(cells: int, cap: int = 6) -> int:
    """The largest pattern size (at most ``cap``) whose search fits in :data:`MAX_SEARCH_STATES`.

    >>> largest_pattern(16), largest_pattern(25), largest_pattern(9)
    (6, 5, 6)
    """
    for name, value, top in (("cells", cells, 1_000_000), ("cap", cap, 12)):
        whole_number(value, name, minimum=1, maximum=top)
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
    if max_size is not None:
        max_size = whole_number(max_size, "max_size")
    return _default_partition(goal, max_size)


@lru_cache(maxsize=64)
def _default_partition(goal: Board, max_size: int | None) -> tuple[tuple[int, ...], ...]:
    """:func:`default_partition` on a checked goal, remembered per goal (the player asks on every solve)."""
    rows, cols = goal.shape
    if rows * cols > PARTITION_MAX_CELLS:        # the search over cuts grows with the fourth power of the side
        raise TooLargeError(f"default_partition cuts boards of up to {PARTITION_MAX_CELLS} cells, and this one has "
                            f"{rows * cols:,}; on a board this big a pattern database is little more than "
                            "Manhattan distance: use manhattan")
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


def _is_list(value) -> bool:
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim >= 1)


def check_partition(goal: Board, partition) -> tuple[tuple[int, ...], ...]:
    """Check that ``partition`` splits the goal's tiles into disjoint, non-empty groups.

    >>> check_partition(Board.goal(2, 3), [[1, 2], [3, 4, 5]])
    ((1, 2), (3, 4, 5))
    >>> check_partition(Board.goal(2, 3), [[1, 2], [2, 3, 4, 5]])
    Traceback (most recent call last):
    ...
    ValueError: the patterns must not overlap; tiles in more than one: [2]
    """
    goal = as_board(goal, "goal")
    if not _is_list(partition) or not all(_is_list(g) for g in partition):
        raise TypeError(f"a partition is a list of groups, each a list of tiles, got {short_repr(partition, 80)}")
    total = sum(len(g) for g in partition)
    if total > 2 * len(goal.tiles):            # before any group is read: a group may be a list of 10**9 tiles
        raise ValueError(f"the patterns hold {number_text(total)} tiles, but the {goal.rows} x {goal.cols} goal "
                         f"has {len(goal.tiles) - 1}")
    for g in partition:
        for t in g:
            whole_number(t, f"a tile in a pattern ({list(g)!r:.60})")
    groups = tuple(tuple(sorted(int(t) for t in g)) for g in partition)
    if not groups or not all(groups):
        raise ValueError("a partition is a non-empty list of non-empty groups of tiles")
    every = [t for g in groups for t in g]
    overlap = sorted(t for t, n in Counter(every).items() if n > 1)
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


def check_pattern(goal: Board, pattern) -> tuple[int, ...]:
    """Check that ``pattern`` is a list of different tiles of the goal, small enough to search; return it as ints.

    The pattern's order is the table's layout, so it must be a list, tuple, range or array (not a set). The
    size of the search, cells ** (tiles + 1), is checked here, before any table or cache file is touched.

    >>> check_pattern(Board.goal(2, 3), [1, 2])
    (1, 2)
    >>> check_pattern(Board.goal(2, 3), [1, 1.5])
    Traceback (most recent call last):
    ...
    TypeError: a tile in the pattern must be an integer, got 1.5 of type float
    """
    goal = as_board(goal, "goal")
    tiles = _pattern_tiles(goal, pattern)
    n, k = len(goal.tiles), len(tiles)
    space = n ** (k + 1)
    if space > MAX_SEARCH_STATES:
        raise TooLargeError(f"a pattern of {k} tiles on {n:,} cells needs a search over {space:,} entries "
                            f"(more than {MAX_SEARCH_STATES:,}); use smaller patterns")
    return tiles


def _pattern_tiles(goal: Board, pattern) -> tuple[int, ...]:
    """:func:`check_pattern` without the size of the search: the pattern's form and tiles, for a checked goal.
    Looking a table up (:mod:`~puzzlelib.search.shipped`) asks this much; building one asks the size too."""
    if not (_is_list(pattern) or isinstance(pattern, range)):
        raise TypeError(f"a pattern is a list of tiles (its order is the table's layout), got "
                        f"{short_repr(pattern, 80)}")
    n = len(goal.tiles)
    if len(pattern) >= n:                     # before any tile is read: a pattern may be range(10**12)
        raise ValueError(f"a pattern holds at most the {n - 1} tiles of the {goal.rows} x {goal.cols} goal, "
                         f"got {number_text(len(pattern))}")
    tiles = tuple(whole_number(t, "a tile in the pattern") for t in pattern)
    if not tiles or len(set(tiles)) != len(tiles) or not set(tiles) <= set(goal.tiles) - {BLANK}:
        raise ValueError(f"a pattern is a non-empty list of different tiles 1..{n - 1}, "
                         f"got {short_repr(list(tiles), 80)}")
    return tiles


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
    pattern = check_pattern(goal, pattern)
    if not isinstance(progress, bool):
        raise TypeError("progress must be True or False")
    return _pattern_table(goal, pattern, progress)


def _pattern_table(goal: Board, pattern: tuple[int, ...], progress: bool) -> np.ndarray:
    """The search of :func:`pattern_table`, for a checked goal and pattern (:func:`check_pattern`)."""
    n = len(goal.tiles)
    k = len(pattern)
    space = n ** (k + 1)
    # states fit int32 (space <= MAX_SEARCH_STATES = 2**28): half the memory of int64, the 15-puzzle's
    # 6-tile table is built within about 600 MB
    weights = np.array([n ** j for j in range(k)], dtype=np.int32)
    nbr = neighbor_array(goal.rows, goal.cols).astype(np.int32)   # the cells next to each cell, -1 for none
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

    frontier = np.array([start], dtype=np.int32)
    depth = 0
    while frontier.size:
        layer, fresh = [frontier], frontier
        while fresh.size:  # free blank steps: same depth
            found = []
            for part in np.array_split(fresh, max(1, fresh.size // CHUNK)):
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
        for part in np.array_split(layer, max(1, layer.size // CHUNK)):
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


CHUNK = 500_000
"""States decoded at a time by :func:`pattern_table` (each chunk's temporaries take about 30 MB)."""


def _progress_bar(total: int, what: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"building {what}", unit=" states", unit_scale=True)


def _cache_name(goal: Board, pattern) -> str:
    """The goal and the pattern in a file name; a goal too long for one (over 100 characters) by its SHA-256."""
    tiles = '.'.join(map(str, goal.tiles))
    if len(tiles) > 100:
        tiles = "sha256-" + sha256_bytes(tiles.encode())[:32]
    return f"pdb_{goal.rows}x{goal.cols}_goal-{tiles}_tiles-{'.'.join(map(str, pattern))}"


def _cache_files(goal: Board, pattern) -> tuple[Path, Path]:
    """The table file and its metadata file, in the cache directory as it is now."""
    path = cache_dir() / (_cache_name(goal, pattern) + ".npy")
    return path, path.with_suffix(".json")


def describe(goal, pattern) -> dict:
    """What a saved table is: the fields its metadata must repeat exactly before the table is used.

    >>> d = describe(Board.goal(2, 3), [1, 2])
    >>> d["format"] == FORMAT_VERSION, d["pattern"], d["length"], d["dtype"]
    (True, [1, 2], 36, 'uint8')
    """
    goal = as_board(goal, "goal")
    return _describe(goal, check_pattern(goal, pattern))


def _describe(goal: Board, pattern) -> dict:
    """:func:`describe` for a checked goal and pattern."""
    pattern = list(pattern)
    return {"format": FORMAT_VERSION, "rows": goal.rows, "cols": goal.cols, "goal": list(goal.tiles),
            "pattern": pattern, "dtype": "uint8", "length": len(goal.tiles) ** len(pattern)}


def _pattern_manhattan(goal: Board, pattern) -> np.ndarray:
    """For every entry of the table, the taxicab distance of the pattern's tiles to their goal cells."""
    n, k, cols = len(goal.tiles), len(pattern), goal.cols
    dtype = np.uint8 if k * (goal.rows + cols - 2) < UNSEEN else np.int32
    row, col = np.divmod(np.arange(n), cols)
    total = np.zeros((1,) * k, dtype=dtype)
    for j, t in enumerate(pattern):       # entry sum(cell[j] * n ** j): tile j is axis k - 1 - j
        hr, hc = divmod(goal.tiles.index(t), cols)
        shape = [1] * k
        shape[k - 1 - j] = n
        total = total + (np.abs(row - hr) + np.abs(col - hc)).astype(dtype).reshape(shape)
    return total.reshape(-1)


def table_problem(goal, pattern, table, stated: dict | None = None) -> str | None:
    """What is wrong with ``table`` as the table of ``pattern`` for ``goal``, or None if nothing.

    Quick checks, each a property every correct table has:

    * a flat uint8 array of ``cells ** len(pattern)`` entries;
    * the entry of the goal placement is 0 (the minimum over the blank's
      cells, and the blank can be at its goal cell);
    * every other entry is UNSEEN or at least the taxicab distance of the
      pattern's tiles, with the same parity (each counted move shifts one
      pattern tile by one cell; free blank steps shift none);
    * on a board at least 2 x 2 with 3 or more cells left outside the
      pattern, every placement of the pattern's tiles on distinct cells
      occurs, so exactly ``perm(cells, len(pattern))`` entries are seen;
    * with ``stated`` (the metadata of a saved table): its ``max`` and
      ``reachable`` are the table's largest entry (the bound no entry may
      exceed, below UNSEEN) and number of seen entries.

    >>> goal = Board.goal(2, 3)
    >>> t = pattern_table(goal, [1, 2])
    >>> table_problem(goal, [1, 2], t) is None
    True
    >>> table_problem(goal, [1, 2], np.zeros_like(t))
    'an entry is below the taxicab distance of its tiles (35 of them)'
    >>> table_problem(goal, [1, 2], np.full_like(t, 30))
    'the entry for the goal placement is 30, not 0'
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)
    if stated is not None and not isinstance(stated, dict):
        raise TypeError(f"stated must be a dict (a table's metadata) or None, got {type(stated).__name__}")
    return _table_problem(goal, pattern, table, stated)


def _table_problem(goal: Board, pattern, table, stated: dict | None) -> str | None:
    """:func:`table_problem` for a checked goal and pattern."""
    n, k = len(goal.tiles), len(pattern)
    if not isinstance(table, np.ndarray) or table.dtype != np.uint8:
        return f"it holds {getattr(table, 'dtype', type(table).__name__)}, not uint8"
    if table.shape != (n ** k,):
        return f"it has shape {table.shape}, not ({n ** k},)"
    home = sum(goal.tiles.index(t) * n ** j for j, t in enumerate(pattern))
    if table[home] != 0:
        return f"the entry for the goal placement is {int(table[home])}, not 0"
    seen = table != UNSEEN
    manhattan_sum = _pattern_manhattan(goal, pattern)
    low = seen & (table < manhattan_sum)
    if low.any():
        return f"an entry is below the taxicab distance of its tiles ({int(low.sum()):,} of them)"
    odd = seen & ((table ^ manhattan_sum) & 1).astype(bool)
    if odd.any():
        return (f"an entry has the wrong parity for the taxicab distance of its tiles "
                f"({int(odd.sum()):,} of them)")
    reachable = int(np.count_nonzero(seen))
    placements = perm(n, k)
    if min(goal.shape) >= 2 and k <= n - 3 and reachable != placements:
        return f"it has {reachable:,} placements with a distance, not {placements:,}"
    if reachable > placements:
        return f"it has {reachable:,} placements with a distance, more than the {placements:,} possible"
    if stated is not None:
        largest = int(table[seen].max())
        if stated.get("max") != largest or largest >= UNSEEN:
            return f"its largest entry is {largest}, but its metadata says {stated.get('max')!r}"
        if stated.get("reachable") != reachable:
            return (f"it has {reachable:,} placements with a distance, but its metadata says "
                    f"{stated.get('reachable')!r}")
    return None


METADATA_LIMIT = 2**20
"""The most bytes a table's metadata file may have: a larger one is damage, refused before it is read."""
NPY_HEADER_LIMIT = 4096
"""Room for the .npy header beside a table's ``cells ** len(pattern)`` entries."""


class _Damaged(Exception):
    """A saved table or its metadata failed a check; ``path`` is the file to blame."""

    def __init__(self, path, reason: str):
        super().__init__(reason)
        self.path, self.reason = path, reason


def _read_metadata(goal: Board, pattern, path: Path, meta: Path) -> dict:
    """The metadata of a saved table, checked to describe exactly this goal and pattern."""
    try:
        text = read_regular(meta, limit=METADATA_LIMIT)
    except FileNotFoundError:
        raise _Damaged(path, f"its metadata file {meta.name} is missing (a save that was interrupted, "
                             "or is still under way in another process)") from None
    except OSError as err:
        raise _Damaged(meta, f"its metadata could not be read ({err.strerror or err})") from None
    info, problem = parse_json(text)
    if problem:
        raise _Damaged(meta, f"its metadata is not valid JSON: {problem}")
    if not isinstance(info, dict):
        raise _Damaged(meta, "its metadata is not a JSON object")
    if info.get("format") != FORMAT_VERSION:
        older = " (written by an older puzzlelib, without a checksum)" if "format" not in info else ""
        raise _Damaged(meta, f"its metadata has format {info.get('format')!r}, not {FORMAT_VERSION}{older}")
    want = _describe(goal, pattern)
    wrong = [f"{key} {info.get(key)!r} (wanted {value!r})" for key, value in want.items()
             if info.get(key) != value]
    if wrong:
        raise _Damaged(meta, "its metadata describes another table: " + "; ".join(wrong))
    record = info.get("table")
    if not isinstance(record, dict) or record.get("name") != path.name \
            or not isinstance(record.get("bytes"), int) or not isinstance(record.get("sha256"), str):
        raise _Damaged(meta, f"its metadata has no size and checksum record for {path.name}")
    for key, kinds in (("seconds", (int, float)), ("bytes", (int,)), ("max", (int,)), ("reachable", (int,))):
        value = info.get(key)
        if isinstance(value, bool) or not isinstance(value, kinds) or not value >= 0 or value == float("inf"):
            found = "missing" if key not in info else f"{short_repr(value, 40)}"
            raise _Damaged(meta, f"its metadata field {key!r} is {found}, not a number >= 0")
    return info


def _read_table(goal: Board, pattern, path: Path, info: dict, contents: bool = True) -> np.ndarray | None:
    """The saved table, read once and checked against its record (and, with ``contents``, its entries)."""
    record = info["table"]
    limit = 8 * len(goal.tiles) ** len(pattern) + NPY_HEADER_LIMIT     # room for any dtype up to 8 bytes an entry
    if record["bytes"] > limit:
        raise _Damaged(path, f"its metadata says {record['bytes']:,} bytes, more than the {limit:,} a table of "
                             "this pattern can have")
    try:
        size = os.stat(path).st_size
        if size != record["bytes"]:                 # compared before reading: a huge file is never read
            raise _Damaged(path, f"it has {size:,} bytes, its metadata says {record['bytes']:,}")
        data = read_regular(path, limit=record["bytes"])
    except FileNotFoundError:
        raise _Damaged(path, "the table file is missing (its metadata is there)") from None
    except OSError as err:
        raise _Damaged(path, f"the table could not be read ({err.strerror or err})") from None
    if len(data) != record["bytes"]:
        raise _Damaged(path, f"it has {len(data):,} bytes, its metadata says {record['bytes']:,}")
    if sha256_bytes(data) != record["sha256"]:
        raise _Damaged(path, "its SHA-256 does not match its metadata")
    if not contents:
        return None
    try:
        table = np.load(io.BytesIO(data), allow_pickle=False)
    except (ValueError, EOFError, OSError) as err:
        raise _Damaged(path, f"it is not a readable .npy file ({err})") from None
    problem = _table_problem(goal, pattern, table, info)
    if problem:
        raise _Damaged(path, problem)
    return table


def _load_cached(goal: Board, pattern, path: Path, meta: Path) -> tuple[np.ndarray, dict] | None:
    """The cached table and its metadata if both are there and pass every check; None otherwise.

    Nothing cached: None, quietly. Anything else wrong: a
    :class:`~puzzlelib.storage.DamagedFileWarning` that says what, then None.
    """
    if not path.exists() and not meta.exists():
        return None
    try:
        info = _read_metadata(goal, pattern, path, meta)
        return _read_table(goal, pattern, path, info), info
    except _Damaged as damage:
        report_damage(damage.path, damage.reason)
        return None


def _save(goal: Board, pattern, table: np.ndarray, info: dict, path: Path, meta: Path) -> bool:
    """Save the table, then its metadata, each atomically; False (with one warning) if the folder can't take them."""
    record = try_write(path, npy_bytes(table))
    if record is None:
        return False
    doc = {**_describe(goal, pattern), "table": {"name": path.name, **record}, **info}
    return try_write(meta, json.dumps(doc, indent=1).encode()) is not None


def load_or_build(goal, pattern, *, cache: bool = True, progress: bool = True,
                  rebuild: bool = False) -> tuple[np.ndarray, dict]:
    """The table for ``pattern``: shipped, or from the cache if it is there and sound, else built (and saved if ``cache``).

    Returns the table and facts about it: ``seconds`` (time to build),
    ``bytes``, ``max`` (its largest entry), ``from_cache``, ``file`` (None
    when it was not saved), and ``shipped`` (True) for a table that came with
    the package (:mod:`puzzlelib.search.shipped`: the player's 4 x 4 goals).

    A cached table is used only when its metadata describes exactly this
    goal and pattern, the file has the size and SHA-256 the metadata records,
    and its entries pass :func:`table_problem`. Otherwise a
    :class:`~puzzlelib.storage.DamagedFileWarning` says what is wrong and the
    table is built again and saved over it. A cache folder that can't be
    written (read-only, a file in its place, a full disk) gives one
    :class:`~puzzlelib.storage.CacheNotWrittenWarning`, and the table is kept
    in memory. ``rebuild=True`` ignores the cached files and saves over them.

    >>> table, info = load_or_build(Board.goal(2, 3), [1, 2], cache=False, progress=False)
    >>> int(table.max()), info["from_cache"]
    (255, False)
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)        # before the cache is touched
    for name, flag in (("cache", cache), ("progress", progress), ("rebuild", rebuild)):
        if not isinstance(flag, bool):
            raise TypeError(f"{name} must be True or False, got {flag!r:.40}")
    return _load_or_build(goal, pattern, cache, progress, rebuild)


def _load_or_build(goal: Board, pattern: tuple[int, ...], cache: bool, progress: bool, rebuild: bool):
    """:func:`load_or_build` for a checked goal and pattern: nothing is checked again on the way."""
    path, meta = _cache_files(goal, pattern)
    if not rebuild:
        shipped = _shipped._load_shipped(goal, pattern, _shipped.SHIPPED_DIR)   # the player's 4 x 4 goals come with the package
        if shipped is not None:
            table, record = shipped
            info = {key: record[key] for key in ("seconds", "bytes", "pattern", "max", "reachable") if key in record}
            return table, {**info, "from_cache": False, "shipped": True, "file": str(_shipped.SHIPPED_DIR / record["file"])}
    if cache and not rebuild:
        found = _load_cached(goal, pattern, path, meta)
        if found is not None:
            table, stored = found
            info = {key: stored[key] for key in ("seconds", "bytes", "pattern", "max", "reachable")
                    if key in stored}
            return table, {**info, "from_cache": True, "file": str(path)}
    t0 = time.perf_counter()
    table = _pattern_table(goal, pattern, progress)
    seen = table[table < UNSEEN]
    info = {"seconds": round(time.perf_counter() - t0, 3), "bytes": int(table.nbytes),
            "pattern": list(pattern), "max": int(seen.max()), "reachable": int(seen.size)}
    saved = cache and _save(goal, pattern, table, info, path, meta)
    return table, {**info, "from_cache": False, "file": str(path) if saved else None}


def is_cached(goal, partition=None) -> bool:
    """True when every table of the pattern database for ``goal`` is in the cache directory, intact.

    Intact means: its metadata describes exactly that goal and pattern, and
    the table file has the size and SHA-256 the metadata records (the
    checks of the entries come when it is loaded).

    >>> is_cached(Board.goal(2, 3), [[1, 2, 3, 4, 5]]) in (True, False)
    True
    """
    goal = as_board(goal, "goal")
    if partition is None and len(goal.tiles) > PARTITION_MAX_CELLS:
        return False                             # no default database is made for a board this big
    groups = default_partition(goal) if partition is None else check_partition(goal, partition)
    return all(_cached_intact(goal, g) for g in groups)


def _cached_intact(goal: Board, pattern) -> bool:
    """Is the table of ``pattern`` in the cache, with metadata, size and SHA-256 that agree?"""
    path, meta = _cache_files(goal, pattern)
    try:
        _read_table(goal, pattern, path, _read_metadata(goal, pattern, path, meta), contents=False)
    except _Damaged:
        return False
    return True


def is_available(goal, partition=None) -> bool:
    """True when every table of the pattern database for ``goal`` is shipped with the package or cached intact.

    Then :class:`PatternDatabase` loads it without building anything.

    >>> is_available(Board.goal(4, 4))
    True
    """
    goal = as_board(goal, "goal")
    if partition is None and len(goal.tiles) > PARTITION_MAX_CELLS:
        return False
    groups = default_partition(goal) if partition is None else check_partition(goal, partition)
    return all(_shipped._entry(goal, g, _shipped.SHIPPED_DIR) is not None or _cached_intact(goal, g) for g in groups)


class PatternDatabase:
    """An additive pattern database for one goal: call it like any heuristic, ``pdb(board)``.

    ``partition`` lists the groups of tiles (default: :func:`default_partition`).
    Tables are loaded from the cache directory, or built and saved there
    (see :func:`load_or_build` for the checks a cached table must pass;
    ``rebuild=True`` builds them afresh and saves over the cached ones).
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
                 mirror: bool = True, rebuild: bool = False):
        self.goal = as_board(goal, "goal")
        self.partition = (default_partition(self.goal) if partition is None
                          else check_partition(self.goal, partition))
        n = len(self.goal.tiles)
        for g in self.partition:
            if n ** (len(g) + 1) > MAX_SEARCH_STATES:
                raise TooLargeError(f"the pattern {list(g)} has {len(g)} tiles; on {n} cells patterns of at "
                                    f"most {largest_pattern(n)} tiles fit the search budget")
        work = sum(n ** (len(g) + 1) for g in self.partition)
        if work > MAX_BUILD_ENTRIES and not (cache and is_cached(self.goal, self.partition)):
            raise TooLargeError(f"building this pattern database means searching {work:,} entries "
                                f"({len(self.partition)} patterns on {n} cells), more than {MAX_BUILD_ENTRIES:,} "
                                "(the 15-puzzle's 6-6-3 database, about half a minute); boards this big are beyond "
                                "what pattern databases built in Python can do here")
        self.arrays = []
        self.info = []
        for g in self.partition:
            table, info = _load_or_build(self.goal, g, cache, progress, rebuild)   # partition checked above
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
