"""How far can BFS go? Time and memory of three BFS engines over whole state spaces.

    .venv/bin/python benchmarks/bfs_scale.py          # 3x3, 2x4, 2x5: all engines, one process
    .venv/bin/python benchmarks/bfs_scale.py --full   # also 3x4 and 2x6; writes results/bfs_scale.json

The engines, all in puzzlelib:

* ``dict``: the plain BFS of :func:`puzzlelib.core.bfs.bfs_layers` (tuples in a
  dict, about 200 bytes a board). The reference; it refuses 3 x 4 and 2 x 6.
* ``rank-bits``: :func:`puzzlelib.engines.bitarray.rank_bfs_counts`, three bit arrays
  indexed by Lehmer rank (3 bits for each of the (mn)! ranks).
* ``frontier``: :func:`puzzlelib.engines.frontier.frontier_search`, packed 64-bit
  words and two layers at a time: the engine behind ``distance_counts``.
* ``public``: :func:`puzzlelib.distance_counts` itself, the call a reader
  makes, to show that it runs the fast engine (3 x 3 included).

Without ``--full`` every run happens in this one process and the script
prints times and ratios to the dict BFS. With ``--full`` each (engine, board)
run happens in a fresh Python process, so its peak memory (the process's
maximum resident set size, interpreter and numpy included) is its own; the
script then writes ``puzzlelib/results/bfs_scale.json``, which the notebook
``07_bfs_at_scale.ipynb`` and the tests read. Every table is checked against
the published one in :mod:`puzzlelib.core.reference`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

import numpy as np

from puzzlelib import Board, bfs_layers, distance_counts
from puzzlelib.engines.frontier import frontier_search
from puzzlelib.core.reference import SOURCES, published_counts, results_path, save_results
from puzzlelib.engines.bitarray import rank_bfs_counts

RESULTS = results_path("bfs_scale")
SMALL = [(3, 3), (2, 4), (2, 5)]
FULL = [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5), (3, 4), (2, 6)]
ENGINES = ("dict", "rank-bits", "frontier")
SMALL_ENGINES = ENGINES + ("public",)
HASHED = ["puzzlelib/engines/frontier.py", "puzzlelib/engines/packed.py", "puzzlelib/engines/bitarray.py", "benchmarks/bfs_scale.py"]


def run(engine: str, rows: int, cols: int) -> dict:
    """One whole-space BFS from the blank-last goal: layer sizes, antipodes (frontier only), seconds."""
    goal = Board.goal(rows, cols)
    start = time.perf_counter()
    antipodes = None
    if engine == "dict":
        layers = list(bfs_layers(goal))
        counts = [layer.size for layer in layers]
        antipodes = sorted(layers[-1].states)
        del layers
    elif engine == "rank-bits":
        counts = rank_bfs_counts(rows, cols)
    elif engine == "public":
        counts = distance_counts(rows, cols)
    elif engine == "frontier":
        result = frontier_search(rows, cols, progress=rows * cols >= 12)
        counts = result.counts
        antipodes = [b.tiles for b in result.last_boards()]
    else:
        raise ValueError(f"unknown engine {engine!r}; choose from {ENGINES}")
    seconds = time.perf_counter() - start
    return {"engine": engine, "rows": rows, "cols": cols, "counts": counts, "seconds": seconds,
            "antipodes": None if antipodes is None else [list(t) for t in antipodes]}


def best_of(engine: str, rows: int, cols: int) -> dict:
    """The run with the least time: repeat quick runs (under a second) three times."""
    first = run(engine, rows, cols)
    if first["seconds"] >= 1:
        return first
    return min([first] + [run(engine, rows, cols) for _ in range(2)], key=lambda r: r["seconds"])


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # Linux reports KiB


def in_fresh_process(engine: str, rows: int, cols: int, *extra: str) -> dict:
    """Run one (engine, board) in a new Python process; its peak memory is then its own."""
    load_before = os.getloadavg()[0]
    proc = subprocess.run([sys.executable, __file__, "--one", engine, str(rows), str(cols), *extra],
                          stdout=subprocess.PIPE, check=True, text=True)
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    out["load_before"], out["load_after"] = round(load_before, 2), round(os.getloadavg()[0], 2)
    return out


def blank_cells_up_to_symmetry(rows: int, cols: int) -> list[int]:
    """One cell from each class of cells that the board's mirror symmetries map onto each other."""
    return [r * cols + c for r in range((rows + 1) // 2) for c in range((cols + 1) // 2)]


def goal_with_blank_at(rows: int, cols: int, cell: int) -> Board:
    """The board 1, 2, ... in reading order with the blank in ``cell``."""
    tiles = list(range(1, rows * cols))
    tiles.insert(cell, 0)
    return Board.from_tiles(tiles, rows, cols)


def eccentricity(rows: int, cols: int, cell: int) -> dict:
    """The largest distance from a goal with the blank in ``cell``, and how many boards reach it."""
    start = time.perf_counter()
    result = frontier_search(rows, cols, goal=goal_with_blank_at(rows, cols, cell), progress=False)
    return {"cell": cell, "eccentricity": result.depth, "antipodes": result.counts[-1],
            "seconds": time.perf_counter() - start}


def published(rows: int, cols: int, counts: list[int]) -> dict | None:
    """Whether ``counts`` equals the published table, and where that table is from (None: no table)."""
    key = (min(rows, cols), max(rows, cols))
    if key not in SOURCES:
        return None
    same = counts == published_counts(rows, cols)
    if not same:
        print(f"  !! {rows}x{cols}: the table differs from the published one ({SOURCES[key]})")
    return {"matches": same, "source": SOURCES[key]}


def small() -> None:
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores; another job may share them)")
    print(f"{'board':>6} {'states':>10} {'diam':>5} {'dict s':>8} {'rank-bits s':>12} {'frontier s':>11}"
          f" {'dict/frontier':>14} {'rank/frontier':>14} {'distance_counts s':>18} {'dict/it':>8}  published")
    for rows, cols in SMALL:
        runs = {e: best_of(e, rows, cols) for e in SMALL_ENGINES}
        counts = runs["frontier"]["counts"]
        assert all(r["counts"] == counts for r in runs.values()), "the engines disagree"
        t = {e: r["seconds"] for e, r in runs.items()}
        ok = published(rows, cols, counts)["matches"]
        print(f"{rows}x{cols:<4} {sum(counts):>10,} {len(counts) - 1:>5} {t['dict']:>8.3f}"
              f" {t['rank-bits']:>12.3f} {t['frontier']:>11.3f} {t['dict'] / t['frontier']:>13.1f}x"
              f" {t['rank-bits'] / t['frontier']:>13.1f}x {t['public']:>18.3f} {t['dict'] / t['public']:>7.1f}x"
              f"  {'matches' if ok else 'DIFFERS'}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def file_hashes() -> dict:
    return {name: hashlib.sha256((ROOT / name).read_bytes()).hexdigest() for name in HASHED}


def engines_for(rows: int, cols: int) -> list[str]:
    """--full runs the dict BFS up to 10 cells (3 x 4 would need 46 GiB), and the bit arrays on
    every board but 2 x 6 (five more minutes, and 3 x 4 already settles the comparison)."""
    return [e for e in ENGINES if not (e == "dict" and rows * cols > 10)
            and not (e == "rank-bits" and (rows, cols) == (2, 6))]


def full() -> None:
    boards = {}
    for rows, cols in FULL:
        name = f"{rows}x{cols}"
        runs = {}
        for engine in engines_for(rows, cols):
            r = runs[engine] = in_fresh_process(engine, rows, cols)
            print(f"{name:>5} {engine:>10}: {r['seconds']:8.2f} s, peak {r['peak_mib']:7.1f} MiB"
                  f" (load {r['load_before']} -> {r['load_after']})", flush=True)
        main = runs["frontier"]
        counts = main["counts"]
        assert all(r["counts"] == counts for r in runs.values()), f"{name}: the engines disagree"
        # The distance from any board A to a board B is the distance from a relabelled A to a goal
        # with B's blank cell, so the diameter is the largest eccentricity over the blank cells.
        ecc = [in_fresh_process("eccentricity", rows, cols, str(cell))
               for cell in blank_cells_up_to_symmetry(rows, cols)]
        print(f"{name:>5} eccentricity by blank cell: "
              + ", ".join(f"{e['cell']}: {e['eccentricity']}" for e in ecc), flush=True)
        assert ecc[0]["eccentricity"] == len(counts) - 1, "the corner goal's search disagrees"
        boards[name] = {
            "rows": rows, "cols": cols, "states": sum(counts), "counts": counts,
            "diameter": max(e["eccentricity"] for e in ecc),
            "goal_eccentricity": len(counts) - 1,
            "eccentricity_by_blank_cell": {str(e["cell"]): e["eccentricity"] for e in ecc},
            "antipodes": main["antipodes"],
            "seconds": round(main["seconds"], 6), "peak_mib": round(main["peak_mib"], 1),
            "baseline_mib": round(main["baseline_mib"], 1),
            "published": published(rows, cols, counts),
            "engines": {e: {"seconds": round(r["seconds"], 6), "peak_mib": round(r["peak_mib"], 1),
                            "load_before": r["load_before"], "load_after": r["load_after"]}
                        for e, r in runs.items()},
        }
    out = {
        "command": "benchmarks/bfs_scale.py --full",
        "goal": "blank last (bottom-right corner); diameter: the largest eccentricity of the goals "
                "with the blank in each cell up to symmetry (eccentricity_by_blank_cell)",
        "engine": "puzzlelib.engines.frontier.frontier_search",
        "peak_mib": "maximum resident set size of a fresh Python process running one board "
                    "(interpreter, numpy and puzzlelib included; baseline_mib is the same after imports)",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "numpy": np.__version__,
                    "platform": platform.platform()},
        "sha256": file_hashes(),
        "boards": boards,
    }
    save_results("bfs_scale", out, compact=False)
    print(f"wrote {RESULTS}")


def one(engine: str, rows: int, cols: int, *extra: str) -> None:
    baseline = peak_mib()
    result = eccentricity(rows, cols, int(extra[0])) if engine == "eccentricity" else run(engine, rows, cols)
    result["peak_mib"], result["baseline_mib"] = peak_mib(), baseline
    print(json.dumps(result))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--full", action="store_true", help="also 3x4 and 2x6; write the results file")
    parser.add_argument("--one", nargs="+", metavar="ENGINE ROWS COLS [CELL]", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        one(args.one[0], int(args.one[1]), int(args.one[2]), *args.one[3:])
    elif args.full:
        full()
    else:
        small()


if __name__ == "__main__":
    main()
