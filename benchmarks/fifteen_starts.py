"""Seed 003's five 15-puzzle starts against each of its five goals they can reach: fewest moves.

    .venv/bin/python benchmarks/fifteen_starts.py          # prints the table, writes puzzlelib/results/fifteen_starts.json

Notebook 05 restates the starts and goals of a German 15-puzzle notebook and shows which start can
reach which goal (12 of the 25 pairs). This script finds the fewest moves for each of those 12 pairs
with IDA* and the 6-6-3 pattern database (plus mirror) of each goal, built once per goal into the
cache (about a minute each) and loaded afterwards. ``notebooks/08_beyond_bfs.ipynb`` reads the JSON
and re-checks each path's length, legality and endpoints.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from puzzlelib import Board, is_solvable
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.pdb import PatternDatabase
from puzzlelib.core.reference import results_path, save_results

RESULTS = results_path("fifteen_starts")

STARTS = {  # as in notebooks/05_experiments.ipynb
    "start1": [[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]],
    "start2": [[0, 1, 2, 3], [4, 5, 6, 8], [14, 7, 11, 10], [9, 15, 12, 13]],
    "start3": [[6, 13, 7, 10], [8, 9, 11, 0], [15, 2, 12, 5], [14, 3, 1, 4]],
    "start4": [[3, 9, 1, 15], [14, 11, 4, 6], [13, 0, 10, 12], [2, 7, 8, 5]],
    "start5": [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 15, 14, 0]],
}
GOALS = {
    "upperLeft": [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
    "upperRight": [[1, 2, 3, 0], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15]],
    "downLeft": [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [0, 13, 14, 15]],
    "downRight": [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]],
    "spiral": [[1, 2, 3, 4], [12, 13, 14, 5], [11, 0, 15, 6], [10, 9, 8, 7]],
}



def main() -> None:
    print(f"load average {os.getloadavg()[0]:.2f}")
    results = []
    for gname, grid in GOALS.items():
        goal = Board(grid)
        reachable = [s for s, b in STARTS.items() if is_solvable(Board(b), goal)]
        if not reachable:
            continue
        pdb = PatternDatabase(goal)
        print(f"{gname}: {pdb.name}, partition {[list(g) for g in pdb.partition]}, "
              f"built in {pdb.build_seconds:.1f} s")
        for sname in reachable:
            start = Board(STARTS[sname])
            r = ida_star(start, goal=goal, heuristic=pdb, max_nodes=10**12)      # to the end: past the default budget
            moves = " ".join(str(a.tiles[b.blank_index]) for a, b in zip(r.path, r.path[1:]))
            results.append({"start": sname, "goal": gname, "moves": r.moves, "nodes": r.expanded,
                            "seconds": round(r.seconds, 2), "manhattan": manhattan(start, goal),
                            "tiles_moved": moves})
            print(f"  {sname}: {r.moves} moves (Manhattan bound {manhattan(start, goal)}), "
                  f"{r.expanded:,} nodes, {r.seconds:.1f} s", flush=True)
        save_results("fifteen_starts", ({"command": "python benchmarks/fifteen_starts.py",
                                     "generated": time.strftime("%Y-%m-%d"),
                                     "tiles_moved": "the tile slid at each move, in order", "pairs": results}))
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
