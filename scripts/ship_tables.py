"""Write the pattern databases shipped with the package: the player's three goals on 4 x 4, 3 x 4 and 4 x 3.

    .venv/bin/python scripts/ship_tables.py

For each goal the player offers (puzzlelib.player.session.GOAL_KINDS: blank last, blank first,
spiral) on each size of its menu that a BFS table doesn't solve (4 x 4, 3 x 4, 4 x 3), the tables of its default partition are taken from the cache or built (about a
minute each), checked with table_problem, compressed with LZMA and written to puzzlelib/data/pdb/
with a manifest that records each table's goal, pattern, length, largest entry, reachable
placements, build time, SHA-256 and the version of the search that built it (BUILDER_VERSION in
puzzlelib/core/pdb.py: after bumping it, run this script, or the shipped tables are rebuilt on first use).
The package reads them with puzzlelib.engines.shipped. A table whose bytes did not change is
written again with the same bytes (LZMA is deterministic), so the files stay as they were.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from puzzlelib.player.session import GOAL_KINDS, make_goal  # noqa: E402
from puzzlelib.engines import shipped  # noqa: E402
from puzzlelib.engines.pdb import load_or_build  # noqa: E402
from puzzlelib.core.pdb import BUILDER_VERSION, default_partition, table_problem  # noqa: E402


SHAPES = [(4, 4), (3, 4), (4, 3)]


def shipped_name(goal, pattern) -> str:
    """The file of a shipped table: its shape, goal and pattern (the cache's names carry their format too)."""
    return (f"pdb_{goal.rows}x{goal.cols}_goal-{'.'.join(map(str, goal.tiles))}"
            f"_tiles-{'.'.join(map(str, pattern))}.u8.xz")


def main() -> None:
    folder = shipped.SHIPPED_DIR
    shipped.SHIPPED_DIR = folder / "none"          # the tables come from the cache or a build, never from here
    records, files = [], {}
    for kind, (rows, cols) in [(k, shape) for shape in SHAPES for k in GOAL_KINDS]:
        goal = make_goal(rows, cols, kind)
        for pattern in default_partition(goal):
            table, info = load_or_build(goal, pattern, rebuild=False, progress=True)
            problem = table_problem(goal, pattern, table)
            if problem:
                sys.exit(f"the table of {list(pattern)} for the {kind} goal is wrong: {problem}")
            data = table.tobytes()
            name = shipped_name(goal, pattern)
            packed = lzma.compress(data, preset=9)
            files[name] = packed
            records.append({"kind": kind, "rows": goal.rows, "cols": goal.cols, "goal": list(goal.tiles),
                            "pattern": list(pattern), "builder": BUILDER_VERSION, "file": name,
                            "length": len(data), "bytes": len(data),
                            "compressed": len(packed), "sha256": hashlib.sha256(data).hexdigest(),
                            "max": info["max"], "reachable": info["reachable"], "seconds": info["seconds"]})
            print(f"{rows} x {cols} {kind:12s} {str(list(pattern)):28s} {len(data):>11,} bytes -> {len(packed):>10,} ({name})")
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.xz"):
        old.unlink()
    for name, packed in files.items():
        (folder / name).write_bytes(packed)
    doc = {"format": shipped.FORMAT, "note": "written by scripts/ship_tables.py; read by puzzlelib.engines.shipped",
           "tables": records}
    (folder / shipped.MANIFEST).write_text(json.dumps(doc, indent=1) + "\n")
    total = sum(r["compressed"] for r in records)
    print(f"{len(records)} tables, {sum(r['length'] for r in records):,} bytes, {total:,} bytes compressed")


if __name__ == "__main__":
    main()
