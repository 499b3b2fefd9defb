"""Pattern databases shipped with the package: the player's goals, solved optimally at the first Solve.

Building the 6-6-3 pattern database of a 15-puzzle goal takes half a minute or more, too long for a
student's first press of Solve. So the tables of the three goals the player offers (blank last, blank
first, which is Korf's, and the spiral) on the sizes of its menu that no BFS table solves (4 x 4, 3 x 4
and 4 x 3) come with the package, compressed with LZMA in ``puzzlelib/data/pdb/``: 6.8 MB on disk for
104 MB of tables (21 of them), a 16 MB table loaded in about 0.06 s. ``scripts/ship_tables.py`` writes
them (from the cache, or building them first) with a manifest that records, for each table, its goal,
pattern, length, largest entry, the SHA-256 of its bytes and the version of the search that built it
(:data:`~puzzlelib.core.pdb.BUILDER_VERSION`).

A shipped table is used only if its manifest names this builder version, it decompresses to exactly the
bytes its manifest records (length and SHA-256), and a sample of its entries agrees with a fresh search
(:func:`~puzzlelib.core.pdb.sample_problem`, a few milliseconds); otherwise a
:class:`~puzzlelib.engines.storage.DamagedFileWarning` says what is wrong and the table is built as if it had
not been shipped. The tests check all of the shipped tables' entries (:func:`~puzzlelib.core.pdb.table_problem`)
and solve Korf's instances with them to his lengths.
"""

from __future__ import annotations

import lzma
import os
from pathlib import Path

import numpy as np

from puzzlelib.core.board import as_board
from puzzlelib.core.pdb import BUILDER_VERSION, _pattern_tiles, _sample_problem
from puzzlelib.engines.storage import parse_json, read_regular, record_problem, report_damage

__all__ = ["SHIPPED_DIR", "MANIFEST", "manifest", "shipped_entry", "load_shipped"]

SHIPPED_DIR = Path(__file__).resolve().parent.parent / "data" / "pdb"
"""Where the shipped tables and their manifest live, inside the package."""
MANIFEST = "manifest.json"
MANIFEST_LIMIT = 2**20
"""The largest manifest read (bytes): a larger one is damage."""
FORMAT = 1


def manifest(folder: Path | None = None) -> list[dict]:
    """The shipped tables' records (goal, pattern, file, length, sha256, ...); empty if there are none.

    >>> {tuple(r["goal"]) for r in manifest()} >= {tuple(range(1, 16)) + (0,)}
    True
    """
    if folder is not None and (not isinstance(folder, (str, os.PathLike)) or isinstance(folder, bytes)):
        raise TypeError(f"folder must be a path (str or Path), got {type(folder).__name__}")
    folder = SHIPPED_DIR if folder is None else Path(folder)
    return list(_manifest(str(folder)))


_MANIFESTS: dict[str, tuple] = {}


def _manifest(folder: str) -> tuple:
    """The records of ``folder``'s manifest, read once per folder; damage is reported and gives none."""
    if folder in _MANIFESTS:
        return _MANIFESTS[folder]
    path = Path(folder) / MANIFEST
    records: tuple = ()
    try:
        text = read_regular(path, limit=MANIFEST_LIMIT)
    except FileNotFoundError:
        text = None
    except OSError as err:
        report_damage(path, f"the shipped tables' manifest could not be read ({err.strerror or err})")
        text = None
    if text is not None:
        info, problem = parse_json(text)
        if problem or not isinstance(info, dict) or info.get("format") != FORMAT \
                or not isinstance(info.get("tables"), list) or not all(isinstance(r, dict) for r in info["tables"]):
            report_damage(path, f"the shipped tables' manifest is not a format-{FORMAT} list of tables "
                                f"({problem or 'unexpected content'})")
        else:
            records = tuple(info["tables"])
    _MANIFESTS[folder] = records
    return records


def _checked(goal, pattern, folder):
    """(goal, pattern as a tuple of ints, folder as a Path), or TypeError / ValueError saying what is wrong.
    The pattern is checked as :func:`~puzzlelib.core.pdb.check_pattern` checks it, but for the size of a
    search: a table looked up is not built."""
    goal = as_board(goal, "goal")
    pattern = _pattern_tiles(goal, pattern)
    if folder is None:
        return goal, pattern, SHIPPED_DIR
    if not isinstance(folder, (str, os.PathLike)) or isinstance(folder, bytes):
        raise TypeError(f"folder must be a path (str or Path), got {type(folder).__name__}")
    return goal, pattern, Path(folder)


def shipped_entry(goal, pattern, folder: Path | None = None) -> dict | None:
    """The manifest's record of the table for ``goal`` and ``pattern`` (a list of tiles, in the table's order), or None.

    >>> from puzzlelib.core.board import Board
    >>> shipped_entry(Board.goal(4, 4), (13, 14, 15))["file"]
    'pdb_4x4_goal-1.2.3.4.5.6.7.8.9.10.11.12.13.14.15.0_tiles-13.14.15.u8.xz'
    >>> shipped_entry(Board.goal(3, 3), (1, 2)) is None
    True
    """
    goal, pattern, folder = _checked(goal, pattern, folder)
    return _entry(goal, pattern, folder)


def _entry(goal, pattern: tuple, folder: Path) -> dict | None:
    """:func:`shipped_entry` for a checked goal, pattern and folder."""
    want_goal, want_pattern = list(goal.tiles), list(pattern)
    for record in _manifest(str(folder)):
        if record.get("rows") == goal.rows and record.get("cols") == goal.cols \
                and record.get("goal") == want_goal and record.get("pattern") == want_pattern:
            return record
    return None


def load_shipped(goal, pattern, folder: Path | None = None) -> tuple[np.ndarray, dict] | None:
    """The shipped table for ``goal`` and ``pattern`` and its record, or None (none shipped, or damaged).

    The table is used only when its record names this builder version, it decompresses to the length and
    SHA-256 its record states, and a sample of its entries agrees with a fresh search; any other outcome is
    reported as a :class:`~puzzlelib.engines.storage.DamagedFileWarning` and gives None.

    >>> from puzzlelib.core.board import Board
    >>> table, record = load_shipped(Board.goal(4, 4), [13, 14, 15])
    >>> table.size, int(table.max()), record["max"]       # 255 marks placements that can't occur
    (4096, 255, 15)
    """
    goal, pattern, folder = _checked(goal, pattern, folder)
    return _load_shipped(goal, pattern, folder)


def _current(record: dict | None) -> bool:
    """Is ``record`` (a manifest's record, or None) of a table built by this version of the search?"""
    return record is not None and record.get("builder") == BUILDER_VERSION


def _load_shipped(goal, pattern: tuple, folder: Path) -> tuple[np.ndarray, dict] | None:
    """:func:`load_shipped` for a checked goal, pattern and folder."""
    record = _entry(goal, pattern, folder)
    if record is None:
        return None
    name, length = record.get("file"), record.get("length")
    if not isinstance(name, str) or "/" in name or "\\" in name or not isinstance(length, int) \
            or not isinstance(record.get("sha256"), str) or length != len(goal.tiles) ** len(pattern):
        report_damage(folder / MANIFEST, f"its record for the pattern {list(pattern)} is incomplete or wrong")
        return None
    if not _current(record):
        report_damage(folder / name, f"the manifest says it was built by version {str(record.get('builder'))[:20]} "
                                     f"of the search, not {BUILDER_VERSION} (scripts/ship_tables.py ships new ones)")
        return None
    path = folder / name
    try:
        packed = read_regular(path, limit=length + 2**20)
        data = lzma.LZMADecompressor().decompress(packed, max_length=length + 1)
    except FileNotFoundError:
        report_damage(path, "the shipped table named in the manifest is missing")
        return None
    except (OSError, lzma.LZMAError) as err:
        report_damage(path, f"the shipped table could not be read or decompressed ({err})")
        return None
    problem = record_problem(data, {"bytes": length, "sha256": record["sha256"]})    # the decompressed table
    if problem:
        report_damage(path, f"decompressed, {problem} in the manifest")
        return None
    table = np.frombuffer(data, dtype=np.uint8)
    problem = _sample_problem(goal, pattern, table)       # the record proves it intact, not right
    if problem:
        report_damage(path, problem)
        return None
    return table, record
