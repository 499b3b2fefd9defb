"""Pattern databases kept on disk, and the heuristic made of them: :class:`PatternDatabase`.

The tables are built by :func:`~puzzlelib.core.pdb.pattern_table` (the lesson); this module keeps them.
They are saved in a cache directory (``~/.cache/puzzlelib``, or ``$PUZZLELIB_CACHE``) and loaded next
time: each ``.npy`` table beside a ``.json`` file that says what it is (board, goal, pattern, format,
length), what built it (:data:`~puzzlelib.core.pdb.BUILDER_VERSION`) and records its size and SHA-256.
A record proves a file was not damaged, not that it is right, so a table is used only if it passes those
checks, a few quick ones on its entries and a fresh search's check of a sample of them
(:func:`~puzzlelib.core.pdb.table_problem`); a damaged or wrong one, or one of another builder, is reported
with a :class:`~puzzlelib.engines.storage.DamagedFileWarning` and rebuilt. A cache that can't be written is
reported once, and the tables are kept in memory. The tables shipped with the package
(:mod:`~puzzlelib.engines.shipped`) are looked for first, and checked the same way.
"""

from __future__ import annotations

import io
import os
import time
from pathlib import Path

import numpy as np

from puzzlelib.core.pdb import (BUILDER_VERSION, PARTITION_MAX_CELLS, UNSEEN, _pattern_table, _table_problem, check_partition, check_pattern, default_partition, largest_pattern)
from puzzlelib.core.board import Board, as_board
from puzzlelib.core.heuristics import AdditiveTables, goal_mirror
from puzzlelib.core.limits import MAX_BUILD_ENTRIES, MAX_SEARCH_STATES, TooLargeError, format_bytes
from puzzlelib.core.errors import check_flag, short_repr
from puzzlelib.engines import shipped as _shipped
from puzzlelib.engines.storage import Damaged, npy_bytes, read_checked, report_damage, save_checked, sha256_bytes

__all__ = ["FORMAT_VERSION", "cache_dir", "describe", "load_or_build", "is_cached", "is_available", "PatternDatabase"]

FORMAT_VERSION = 3
"""The version of the cache's metadata files; a file of another version is not used (the table is rebuilt).
The version of the search that built a table is recorded beside it (``builder``,
:data:`~puzzlelib.core.pdb.BUILDER_VERSION`) and checked the same way."""


def cache_dir() -> Path:
    """Where pattern databases are saved: ``$PUZZLELIB_CACHE``, or ``~/.cache/puzzlelib``.

    >>> cache_dir().name in ("puzzlelib", Path(os.environ.get("PUZZLELIB_CACHE", "puzzlelib")).name)
    True
    """
    env = os.environ.get("PUZZLELIB_CACHE")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "puzzlelib"


def _cache_name(goal: Board, pattern) -> str:
    """The goal and the pattern in a file name; a goal too long for one (over 100 characters) by its SHA-256."""
    tiles = '.'.join(map(str, goal.tiles))
    if len(tiles) > 100:
        tiles = "sha256-" + sha256_bytes(tiles.encode())[:32]
    return f"pdb_v{FORMAT_VERSION}_{goal.rows}x{goal.cols}_goal-{tiles}_tiles-{'.'.join(map(str, pattern))}"


def _cache_file(goal: Board, pattern) -> Path:
    """The table file (its record beside it, ``.json``), in the cache directory as it is now."""
    return cache_dir() / (_cache_name(goal, pattern) + ".npy")


def describe(goal, pattern) -> dict:
    """What a saved table is: the fields its metadata must repeat exactly before the table is used.

    >>> d = describe(Board.goal(2, 3), [1, 2])
    >>> d["format"] == FORMAT_VERSION, d["builder"] == BUILDER_VERSION, d["pattern"], d["length"], d["dtype"]
    (True, True, [1, 2], 36, 'uint8')
    """
    goal = as_board(goal, "goal")
    return _describe(goal, check_pattern(goal, pattern))


def _describe(goal: Board, pattern) -> dict:
    """:func:`describe` for a checked goal and pattern."""
    pattern = list(pattern)
    return {"format": FORMAT_VERSION, "builder": BUILDER_VERSION, "rows": goal.rows, "cols": goal.cols,
            "goal": list(goal.tiles), "pattern": pattern, "dtype": "uint8", "length": len(goal.tiles) ** len(pattern)}


NPY_HEADER_LIMIT = 4096
"""Room for the .npy header beside a table's ``cells ** len(pattern)`` entries."""


def _file_limit(goal: Board, pattern) -> int:
    """The most bytes a saved table of ``pattern`` can have: room for any dtype up to 8 bytes an entry."""
    return 8 * len(goal.tiles) ** len(pattern) + NPY_HEADER_LIMIT


def _facts_problem(info: dict) -> str | None:
    """What is wrong with the facts a saved table's record states about it (seconds, bytes, max, reachable)."""
    for key, kinds in (("seconds", (int, float)), ("bytes", (int,)), ("max", (int,)), ("reachable", (int,))):
        value = info.get(key)
        if isinstance(value, bool) or not isinstance(value, kinds) or not value >= 0 or value == float("inf"):
            found = "missing" if key not in info else f"{short_repr(value, 40)}"
            return f"its record's field {key!r} is {found}, not a number >= 0"
    return None


def _load_cached(goal: Board, pattern, path: Path) -> tuple[np.ndarray, dict] | None:
    """The cached table and its record if both are there and pass every check; None otherwise.

    The pair is read by :func:`~puzzlelib.engines.storage.read_checked` (the record describes exactly this
    goal and pattern, built by this :data:`~puzzlelib.core.pdb.BUILDER_VERSION`, the file has its size and
    SHA-256), then its entries are checked, a sample of them against a fresh search (:func:`table_problem`).
    Nothing cached: None, quietly. Anything else wrong: a
    :class:`~puzzlelib.engines.storage.DamagedFileWarning` that says what, then None.
    """
    try:
        found = read_checked(path, _describe(goal, pattern), _file_limit(goal, pattern))
        if found is None:
            return None
        data, info = found
        problem = _facts_problem(info)
        if problem:
            raise Damaged(path.with_suffix(".json"), problem)
        try:
            table = np.load(io.BytesIO(data), allow_pickle=False)
        except (ValueError, EOFError, OSError) as err:
            raise Damaged(path, f"it is not a readable .npy file ({err})") from None
        problem = _table_problem(goal, pattern, table, info)
        if problem:
            raise Damaged(path, problem)
        return table, info
    except Damaged as damage:
        report_damage(damage.path, damage.reason)
        return None


def load_or_build(goal, pattern, *, cache: bool = True, progress: bool = True,
                  rebuild: bool = False) -> tuple[np.ndarray, dict]:
    """The table for ``pattern``: shipped, or from the cache if it is there and sound, else built (and saved if ``cache``).

    Returns the table and facts about it: ``seconds`` (time to build),
    ``bytes``, ``max`` (its largest entry), ``from_cache``, ``file`` (None
    when it was not saved), and ``shipped`` (True) for a table that came with
    the package (:mod:`puzzlelib.engines.shipped`: the player's 4 x 4 goals).

    A cached table is used only when its metadata describes exactly this
    goal and pattern and the version of the search that built it
    (:data:`~puzzlelib.core.pdb.BUILDER_VERSION`), the file has the size and
    SHA-256 the metadata records, and its entries pass :func:`table_problem`
    (a sample of them checked against a fresh search). Otherwise a
    :class:`~puzzlelib.engines.storage.DamagedFileWarning` says what is wrong and the
    table is built again and saved over it. A cache folder that can't be
    written (read-only, a file in its place, a full disk) gives one
    :class:`~puzzlelib.engines.storage.CacheNotWrittenWarning`, and the table is kept
    in memory. ``rebuild=True`` ignores the cached files and saves over them.

    >>> table, info = load_or_build(Board.goal(2, 3), [1, 2], cache=False, progress=False)
    >>> int(table.max()), info["from_cache"]
    (255, False)
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)        # before the cache is touched
    return _load_or_build(goal, pattern, check_flag(cache, "cache"), check_flag(progress, "progress"),
                          check_flag(rebuild, "rebuild"))


def _load_or_build(goal: Board, pattern: tuple[int, ...], cache: bool, progress: bool, rebuild: bool):
    """:func:`load_or_build` for a checked goal and pattern: nothing is checked again on the way."""
    path = _cache_file(goal, pattern)
    if not rebuild:
        shipped = _shipped._load_shipped(goal, pattern, _shipped.SHIPPED_DIR)   # the player's 4 x 4 goals come with the package
        if shipped is not None:
            table, record = shipped
            info = {key: record[key] for key in ("seconds", "bytes", "pattern", "max", "reachable") if key in record}
            return table, {**info, "from_cache": False, "shipped": True, "file": str(_shipped.SHIPPED_DIR / record["file"])}
    if cache and not rebuild:
        found = _load_cached(goal, pattern, path)
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
    saved = cache and save_checked(path, npy_bytes(table), {**_describe(goal, pattern), **info})
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
    """Is the table of ``pattern`` in the cache, with a record, size and SHA-256 that agree?"""
    try:
        found = read_checked(_cache_file(goal, pattern), _describe(goal, pattern), _file_limit(goal, pattern))
    except Damaged:
        return False
    return found is not None and _facts_problem(found[1]) is None


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
    return all(_shipped._current(_shipped._entry(goal, g, _shipped.SHIPPED_DIR)) or _cached_intact(goal, g)
               for g in groups)


class PatternDatabase:
    """An additive pattern database for one goal: call it like any heuristic, ``pdb(board)``.

    ``partition`` lists the groups of tiles (default: :func:`default_partition`).
    Tables are loaded from the cache directory, or built and saved there
    (see :func:`load_or_build` for the checks a cached table must pass;
    ``rebuild=True`` builds them afresh and saves over the cached ones).
    With ``mirror`` (the default) and a goal that has one
    (:func:`~puzzlelib.core.heuristics.goal_mirror`), each board is also looked
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
        cache, progress = check_flag(cache, "cache"), check_flag(progress, "progress")
        mirror, rebuild = check_flag(mirror, "mirror"), check_flag(rebuild, "rebuild")
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
