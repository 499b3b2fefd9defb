"""Pattern databases kept on disk, and the heuristic made of them: :class:`PatternDatabase`.

The tables are built by :func:`~puzzlelib.core.pdb.pattern_table` (the lesson); this module keeps them.
They are saved in a cache directory (``~/.cache/puzzlelib``, or ``$PUZZLELIB_CACHE``) and loaded next
time: each ``.npy`` table beside a ``.json`` file that says what it is (board, goal, pattern, format,
length) and records its size and SHA-256. A table is used only if it passes those checks and a few quick
ones on its entries (:func:`~puzzlelib.core.pdb.table_problem`); a damaged one is reported with a
:class:`~puzzlelib.engines.storage.DamagedFileWarning` and rebuilt. A cache that can't be written is
reported once, and the tables are kept in memory. The tables shipped with the package
(:mod:`~puzzlelib.engines.shipped`) are looked for first.
"""

from __future__ import annotations

import io
import json
import os
import time
from pathlib import Path

import numpy as np

from puzzlelib.core.pdb import (PARTITION_MAX_CELLS, UNSEEN, _pattern_table, _table_problem, check_partition, check_pattern, default_partition, largest_pattern)
from puzzlelib.core.board import Board, as_board
from puzzlelib.core.heuristics import AdditiveTables, goal_mirror
from puzzlelib.core.limits import MAX_BUILD_ENTRIES, MAX_SEARCH_STATES, TooLargeError, format_bytes
from puzzlelib.core.errors import short_repr
from puzzlelib.engines import shipped as _shipped
from puzzlelib.engines.storage import npy_bytes, parse_json, read_regular, report_damage, sha256_bytes, try_write

__all__ = ["FORMAT_VERSION", "cache_dir", "describe", "load_or_build", "is_cached", "is_available", "PatternDatabase"]

FORMAT_VERSION = 2
"""The version of the cache's metadata files; a file of another version is not used (the table is rebuilt)."""


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
    :class:`~puzzlelib.engines.storage.DamagedFileWarning` that says what, then None.
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
    the package (:mod:`puzzlelib.engines.shipped`: the player's 4 x 4 goals).

    A cached table is used only when its metadata describes exactly this
    goal and pattern, the file has the size and SHA-256 the metadata records,
    and its entries pass :func:`table_problem`. Otherwise a
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
