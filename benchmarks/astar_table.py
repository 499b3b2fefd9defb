"""The classic comparison on the 8-puzzle: nodes expanded and effective branching factor by depth.

    .venv/bin/python benchmarks/astar_table.py              # writes puzzlelib/results/astar_table.json
    .venv/bin/python benchmarks/astar_table.py --ids-max 24 # IDS at every depth (about 8 minutes more)

For each solution depth d = 2, 4, ..., 24 it takes 100 boards drawn at random (seeded, with
replacement) from all 3 x 3 boards exactly d moves from the blank-last goal (one BFS lists them),
and solves each with

* iterative deepening (IDA* with no heuristic), up to depth ``--ids-max`` (default 22; beyond it
  takes too long in Python),
* A* with misplaced tiles, A* with Manhattan distance, IDA* with linear conflict.

Every search's length is checked against d. For each algorithm and depth it records the mean
nodes expanded, the mean seconds, and the effective branching factor b*: the branching factor of
a uniform tree of depth d with as many nodes as the mean expanded, N + 1 = 1 + b* + ... + b*^d.
``notebooks/08_beyond_bfs.ipynb`` reads the JSON and recomputes a few rows live.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from puzzlelib import Board, bfs_layers
from puzzlelib.core.heuristics import linear_conflict, misplaced
from puzzlelib.core.informed import astar, effective_branching
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.heuristics import manhattan
from puzzlelib.core.reference import results_path, save_results

RESULTS = results_path("astar_table")
DEPTHS = list(range(2, 25, 2))
PER_DEPTH = 100
SEED = 8
ALGORITHMS = {  # name: (search, heuristic)
    "IDS": (ida_star, None),
    "A* misplaced": (astar, misplaced),
    "A* Manhattan": (astar, manhattan),
    "IDA* linear conflict": (ida_star, linear_conflict),
}



def instances(seed: int = SEED, per_depth: int = PER_DEPTH) -> dict[int, list[Board]]:
    """``per_depth`` seeded random 3 x 3 boards at each depth of :data:`DEPTHS`.

    Drawn uniformly with replacement: depth 2 has only 4 boards and depth 4 only 16.
    """
    rng = random.Random(seed)
    layers = list(bfs_layers(Board.goal(3, 3)))
    return {d: [Board.from_tiles(t, 3, 3) for t in rng.choices(sorted(layers[d].states), k=per_depth)]
            for d in DEPTHS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids-max", type=int, default=22, help="deepest depth for iterative deepening")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f}")
    boards = instances()
    table = {name: {"nodes": [], "bstar": [], "seconds": []} for name in ALGORITHMS}
    t_all = time.perf_counter()
    for d in DEPTHS:
        line = f"d={d:>2}"
        for name, (search, h) in ALGORITHMS.items():
            if name == "IDS" and d > args.ids_max:
                for key in ("nodes", "bstar", "seconds"):
                    table[name][key].append(None)
                line += f"  {name}: -"
                continue
            nodes, seconds = [], []
            for b in boards[d]:
                r = search(b, heuristic=h)
                assert r.moves == d, (name, b, r.moves, d)
                nodes.append(r.expanded)
                seconds.append(r.seconds)
            mean = sum(nodes) / len(nodes)
            table[name]["nodes"].append(round(mean, 1))
            table[name]["bstar"].append(round(effective_branching(mean, d), 3))
            table[name]["seconds"].append(round(sum(seconds) / len(seconds), 5))
            line += f"  {name}: {mean:,.0f} ({table[name]['bstar'][-1]:.2f})"
        print(line, flush=True)
        save_results("astar_table", {
        "command": f"python benchmarks/astar_table.py --ids-max {args.ids_max}",
        "seed": SEED, "per_depth": PER_DEPTH, "depths": DEPTHS, "ids_max": args.ids_max,
        "total_seconds": round(time.perf_counter() - t_all, 1),
        "instances": {str(d): ["".join(map(str, b.tiles)) for b in boards[d]] for d in DEPTHS},
        "algorithms": table,
    })
    print(f"wrote {RESULTS} in {time.perf_counter() - t_all:.0f} s")


if __name__ == "__main__":
    main()
