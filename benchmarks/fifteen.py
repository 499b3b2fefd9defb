"""Korf's 100 random 15-puzzles, solved optimally from Python: IDA* with the 6-6-3 pattern database.

    .venv/bin/python benchmarks/fifteen.py                 # all 100 instances, then the totals
    .venv/bin/python benchmarks/fifteen.py --first 10      # the first 10 only
    .venv/bin/python benchmarks/fifteen.py --reference 20 --json
        # also the plain references on the 20 instances Korf's own run found easiest, and write
        # puzzlelib/results/fifteen.json (read by notebooks/08_beyond_bfs.ipynb)

The instances are R. E. Korf's (Artificial Intelligence 27, 1985, Table 1), in
:mod:`puzzlelib.core.reference` with their sources. Korf's goal has the **blank
first** (cell i holds tile i), which is ``Board.goal(4, 4, blank="first")``;
solving towards the usual blank-last goal would give other lengths.

The heuristic is the additive 6-6-3 pattern database of
:func:`puzzlelib.core.pdb.default_partition` for that goal, plus its mirror image
(:func:`puzzlelib.core.heuristics.goal_mirror`). It is loaded from the cache
(``~/.cache/puzzlelib`` or ``$PUZZLELIB_CACHE``) or built there first (about
a minute); the build time and size are printed. Every length found is
checked against Korf's published one.

The search runs on the compiled engine (:mod:`puzzlelib.engines.compiled`, numba) when it is
installed. To show what it buys, the lesson's own IDA* (``ida_star_plain``: recursive, on Boards, the
same heuristic) then solves the ``--plain N`` instances (default 5) that took the engine fewest nodes,
and both engines' nodes a second on those same instances are printed with their ratio.

Why 6-6-3 and not the 7-8 databases: with the engine, the 6-6-3 database plus its mirror expands 63.3
million nodes over the 100 instances at about 20 million a second, so about 3 s of search, within the
5 s the collection aims for; its tables (33 MB, built in under 30 s within 540 MiB, shipped with the package for
this goal) fit any laptop, where the 7-8 tables need 16!/8! = 519 million entries for the 8-tile table
alone.

``--reference N`` runs the same IDA* on the N instances Korf's run found
easiest (fewest nodes) with weaker heuristics, the plain reference being
Manhattan distance alone, and prints node and time ratios.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from puzzlelib.core.heuristics import linear_conflict
from puzzlelib.engines.compiled import engine_status
from puzzlelib.core.informed import ida_star_plain
from puzzlelib.engines.ida import ida_star
from puzzlelib.core.reference import KORF_GOAL, korf100, results_path, save_results
from puzzlelib.core.limits import format_bytes
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.pdb import PatternDatabase, cache_dir

NO_CAP = 10**12
"""A benchmark runs each search to the end: ida_star's default budget stops after about five seconds."""

RESULTS = results_path("fifteen")



def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=100, help="solve only the first N instances")
    parser.add_argument("--reference", type=int, default=0,
                        help="also compare heuristics on the N instances Korf found easiest")
    parser.add_argument("--plain", type=int, default=5,
                        help="also solve the N instances quickest for the engine with ida_star_plain (default 5)")
    parser.add_argument("--rebuild", action="store_true",
                        help="build the tables afresh (not the shipped or cached ones) and print the build's time "
                             "and peak memory")
    parser.add_argument("--json", action="store_true", help=f"write {RESULTS}")
    args = parser.parse_args()
    wall0 = time.perf_counter()
    print(f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
          f"load average {load()}")
    print(f"engine: {engine_status()}")
    print(f"goal (Korf's, blank first):\n{KORF_GOAL}\n")

    t0 = time.perf_counter()
    pdb = PatternDatabase(KORF_GOAL, rebuild=args.rebuild)
    ready = time.perf_counter() - t0
    if args.rebuild:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        print(f"built afresh in {ready:.1f} s; peak memory of this process {format_bytes(peak)} (goal: 10 minutes, 1 GB)")
    plain = PatternDatabase(KORF_GOAL, mirror=False, progress=False)
    print(f"{pdb.name}: partition {[list(g) for g in pdb.partition]}")
    for g, info in zip(pdb.partition, pdb.info):
        print(f"  pattern {list(g)}: {format_bytes(info['bytes'])}, built in {info['seconds']:.1f} s, "
              f"max entry {info['max']}, "
              + ("shipped with the package" if info.get("shipped") else
                 f"{'loaded from' if info['from_cache'] else 'saved to'} {info['file']}"))
    print(f"  total {format_bytes(pdb.nbytes)}, built in {pdb.build_seconds:.1f} s; "
          f"ready in {ready:.1f} s this run (cache: {cache_dir()})\n")

    instances = korf100()[: args.first]
    print(f"{'#':>3} {'moves':>5} {'Korf':>5} {'nodes':>11} {'seconds':>8}")
    rows, total_nodes, total_seconds = [], 0, 0.0
    for k in instances:
        r = ida_star(k.board, goal=KORF_GOAL, heuristic=pdb, max_nodes=NO_CAP)
        ok = r.moves == k.length
        total_nodes += r.expanded
        total_seconds += r.seconds
        rows.append({"number": k.number, "moves": r.moves, "published": k.length, "nodes": r.expanded,
                     "seconds": round(r.seconds, 3), "korf_nodes": k.korf_nodes})
        print(f"{k.number:>3} {r.moves:>5} {k.length:>5} {r.expanded:>11,} {r.seconds:>8.2f}"
              f"{'' if ok else '   MISMATCH'}", flush=True)
    optimal = sum(row["moves"] == row["published"] for row in rows)
    wall = time.perf_counter() - wall0
    print(f"\nsolved {len(rows)} of {len(instances)}, {optimal} with Korf's optimal length")
    print(f"total nodes expanded {total_nodes:,}; search time {total_seconds:.1f} s "
          f"({total_seconds / 60:.1f} min); {total_nodes / max(total_seconds, 1e-9):,.0f} nodes/s")
    print(f"wall time of this run {wall:.1f} s, pattern database included; load average {load()}")

    plain_rows = []
    if args.plain:
        quick = sorted(rows, key=lambda row: row["nodes"])[: args.plain]
        print(f"\nThe engine against the lesson's ida_star_plain (same heuristic, {pdb.name}) on the {len(quick)} "
              "instances quickest for the engine")
        print(f"{'#':>3} {'moves':>5} {'generated':>9} {'engine s':>9} {'plain scored':>12} {'plain s':>8}")
        for row in sorted(quick, key=lambda row: row["number"]):
            k = korf100()[row["number"] - 1]
            t0 = time.perf_counter()
            engine = ida_star(k.board, goal=KORF_GOAL, heuristic=pdb, max_nodes=NO_CAP)
            engine_s = time.perf_counter() - t0
            counted = _Counted(pdb)
            t0 = time.perf_counter()
            path = ida_star_plain(k.board, goal=KORF_GOAL, heuristic=counted, max_nodes=NO_CAP)
            plain_s = time.perf_counter() - t0
            assert len(path) - 1 == engine.moves == k.length
            plain_rows.append({"number": k.number, "nodes": engine.generated, "engine_seconds": engine_s,
                               "plain_nodes": counted.calls, "plain_seconds": plain_s})
            print(f"{k.number:>3} {k.length:>5} {engine.generated:>9,} {engine_s:>9.4f} {counted.calls:>12,} "
                  f"{plain_s:>8.2f}", flush=True)
        e_rate = sum(r["nodes"] for r in plain_rows) / sum(r["engine_seconds"] for r in plain_rows)
        p_rate = sum(r["plain_nodes"] for r in plain_rows) / sum(r["plain_seconds"] for r in plain_rows)
        print(f"nodes (boards generated and scored) a second on these: engine {e_rate:,.0f}, ida_star_plain "
              f"{p_rate:,.0f}: the engine x{e_rate / p_rate:.0f}")

    reference = []
    if args.reference:
        easy = sorted(korf100(), key=lambda k: k.korf_nodes)[: args.reference]
        print(f"\nReference: the {len(easy)} instances with the fewest nodes in Korf's table")
        print(f"{'#':>3} {'moves':>5} {'Manhattan':>11} {'lin.confl.':>11} {'PDB':>9} {'PDB+mirror':>10}"
              f" {'Korf 1985':>11}   seconds: Manhattan, PDB+mirror")
        for k in sorted(easy, key=lambda k: k.number):
            runs = {name: ida_star(k.board, goal=KORF_GOAL, heuristic=h, max_nodes=NO_CAP) for name, h in
                    [("manhattan", manhattan), ("linear_conflict", linear_conflict),
                     ("pdb", plain), ("pdb_mirror", pdb)]}
            assert {r.moves for r in runs.values()} == {k.length}
            row = {"number": k.number, "moves": k.length, "korf_nodes": k.korf_nodes}
            for name, r in runs.items():
                row[f"{name}_nodes"] = r.expanded
                row[f"{name}_seconds"] = round(r.seconds, 3)
            reference.append(row)
            print(f"{k.number:>3} {k.length:>5} {row['manhattan_nodes']:>11,} {row['linear_conflict_nodes']:>11,}"
                  f" {row['pdb_nodes']:>9,} {row['pdb_mirror_nodes']:>10,} {k.korf_nodes:>11,}"
                  f"   {row['manhattan_seconds']:.2f}, {row['pdb_mirror_seconds']:.3f}", flush=True)
        sums = {key: sum(row[key] for row in reference) for key in reference[0] if key != "number"}
        print(f"total nodes: Manhattan {sums['manhattan_nodes']:,}, linear conflict "
              f"{sums['linear_conflict_nodes']:,}, PDB {sums['pdb_nodes']:,}, PDB+mirror {sums['pdb_mirror_nodes']:,}")
        print(f"ratios to Manhattan: nodes x{sums['manhattan_nodes'] / sums['pdb_mirror_nodes']:.0f} fewer, "
              f"time x{sums['manhattan_seconds'] / sums['pdb_mirror_seconds']:.0f} less with PDB+mirror; "
              f"Manhattan {sums['manhattan_nodes'] / sums['manhattan_seconds']:,.0f} nodes/s, "
              f"PDB+mirror {sums['pdb_mirror_nodes'] / sums['pdb_mirror_seconds']:,.0f} nodes/s")
        ratio = sums["manhattan_nodes"] / sums["korf_nodes"]
        rate = sums["manhattan_nodes"] / sums["manhattan_seconds"]
        korf_total = sum(k.korf_nodes for k in korf100())
        print(f"our Manhattan IDA* expands {ratio:.2f} nodes per node Korf generated on these; at that ratio "
              f"and rate all 100 would take about {korf_total * ratio / rate / 3600:.1f} hours")

    if args.json:
        data = {
            "command": "python benchmarks/fifteen.py" + (f" --first {args.first}" if args.first != 100 else "")
                       + (f" --reference {args.reference}" if args.reference else "") + " --json",
            "machine": {"python": platform.python_version(), "cores": os.cpu_count(), "load_end": load()},
            "engine": engine_status(),
            "plain": plain_rows,
            "pdb": {"name": pdb.name, "partition": [list(g) for g in pdb.partition],
                    "bytes": pdb.nbytes, "build_seconds": round(pdb.build_seconds, 1),
                    "patterns": [{"tiles": list(g), "bytes": i["bytes"], "seconds": i["seconds"], "max": i["max"]}
                                 for g, i in zip(pdb.partition, pdb.info)]},
            "instances": rows,
            "totals": {"solved": len(rows), "optimal": optimal, "nodes": total_nodes,
                       "search_seconds": round(total_seconds, 1), "wall_seconds": round(wall, 1)},
            "reference": reference,
        }
        save_results("fifteen", data)
        print(f"wrote {RESULTS}")


class _Counted:
    """``pdb`` for ida_star_plain, counting the boards it scores (one look-up per board it generates)."""

    def __init__(self, pdb):
        self.pdb, self.name, self.calls = pdb, pdb.name, 0

    def additive_tables(self, goal):
        tables = self.pdb.additive_tables(goal)
        counted = self

        class Counting(type(tables)):
            def value(self, tiles):
                counted.calls += 1
                return super().value(tiles)

        return Counting(tables.tables, tables.group, tables.weight, tables.mirror)


if __name__ == "__main__":
    main()
