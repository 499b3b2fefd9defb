"""The frontier search on a Dask cluster: 3 x 4 on a local cluster of 1 and 2 workers, beside one process.

    .venv/bin/python benchmarks/bfs_distributed.py                 # 3 x 4: frontier_search, then 1 and 2 workers
    .venv/bin/python benchmarks/bfs_distributed.py --rows 2 --cols 4 --workers 1 2   # a quick look

In one run: :func:`puzzlelib.engines.frontier.frontier_search` in this process,
then :func:`puzzlelib.engines.distributed.distributed_search` on a
``LocalCluster`` of 1 and of 2 worker processes (one thread each), each
timed without the cluster's start (printed apart), with the CPU seconds
of this process and the workers beside the wall time. Every table is checked
against ``frontier_search``'s. It prints each time, the bytes shuffled per
layer (children sent to another partition, 8 bytes a word), and a plan for
2 x 7 worked out from these measurements: boards per layer, bytes per
worker, bytes shuffled, and hours on N workers at the measured rate.

All on one machine: the workers share its cores (and, on a shared machine,
with whatever else runs), so the times are noisy and the 2-worker figure
shows the overhead of the shuffle more than a speed-up. Needs the cluster
extra (``pip install -e '.[cluster]'``).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from puzzlelib.core.limits import format_bytes, frontier_bfs_bytes, reachable_count
from puzzlelib.core.reference import results_path
from puzzlelib.engines.distributed import distributed_search
from puzzlelib.engines.frontier import frontier_search

TWO_SIX = "2x6"       # the widest layer's share of 2 x 6, from benchmarks/bfs_scale.py's results, guides 2 x 7


def measure(rows: int, cols: int, workers: list[int], partitions_per_worker: int) -> dict:
    """frontier_search, then distributed_search on a LocalCluster of each number of workers: times and bytes."""
    from distributed import Client, LocalCluster

    start, cpu = time.perf_counter(), time.process_time()
    one = frontier_search(rows, cols, progress=False)
    runs = [{"engine": "frontier_search", "workers": 1, "partitions": 1, "seconds": time.perf_counter() - start,
             "cpu_seconds": time.process_time() - cpu, "cluster_start": 0.0}]
    for n in workers:
        start = time.perf_counter()
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            up = time.perf_counter() - start
            cpu = sum(client.run(time.process_time).values()) + time.process_time()
            r = distributed_search(rows, cols, client=client, partitions=partitions_per_worker * n)
            cpu = sum(client.run(time.process_time).values()) + time.process_time() - cpu
        assert r.counts == one.counts and r.last.tolist() == one.last.tolist(), "the tables differ"
        runs.append({"engine": "distributed_search", "workers": n, "partitions": r.partitions,
                     "seconds": r.seconds, "cpu_seconds": cpu, "cluster_start": up, "shuffled": r.shuffled, "generated": r.generated,
                     "layer_seconds": r.layer_seconds})
    return {"rows": rows, "cols": cols, "boards": one.reached, "depth": one.depth, "counts": one.counts,
            "runs": runs, "cpus": os.cpu_count()}


def _duration(seconds: float) -> str:
    return f"{seconds / 60:.0f} min" if seconds < 5400 else f"{seconds / 3600:.1f} h"


def plan_two_by_seven(measured: dict, workers=(4, 16, 64), bandwidth: float = 1e9) -> list[str]:
    """The 2 x 7 search on paper, from the measured run: lines of text."""
    boards = reachable_count(2, 7)
    share = None
    path = Path(results_path("bfs_scale"))
    if path.exists():
        counts = json.loads(path.read_text())["boards"][TWO_SIX]["counts"]
        share = max(counts) / sum(counts)
    share = share or 1 / 6
    widest = boards * share
    # The run with the most workers (a real shuffle), by its CPU seconds: on a shared machine the wall time
    # measures the other work as well; CPU seconds say what a worker with a core of its own would take.
    best = max((r for r in measured["runs"] if r["engine"] == "distributed_search"), key=lambda r: r["workers"])
    per_worker_rate = measured["boards"] / best["cpu_seconds"]
    children_per_board = sum(best["generated"]) / measured["boards"]
    plan = frontier_bfs_bytes(2, 7)
    lines = [
        f"2 x 7 on paper: {boards:,} boards; if its widest layer is the same share as 2 x 6's "
        f"({share:.1%}), about {widest / 1e9:.1f} billion boards, {format_bytes(8 * widest)} as 8-byte words",
        f"  two layers and the owners' incoming pieces: about {format_bytes(8 * widest * (2 + children_per_board))} "
        f"in all; the refusal plans for {format_bytes(plan)} (no layer over a sixth of the boards)",
        f"  children: {children_per_board:.2f} a board (measured on {measured['rows']} x {measured['cols']}), so "
        f"{format_bytes(8 * children_per_board * boards)} routed in the whole search, "
        f"(N - 1)/N of it between workers",
        f"  measured rate: {per_worker_rate / 1e6:.2f} million boards a CPU second ({best['workers']} "
        f"worker{'s' if best['workers'] > 1 else ''} and this process, this machine), so a worker with a core "
        "of its own does that many a second",
    ]
    for n in workers:
        work = boards / (per_worker_rate * n)
        network = 8 * children_per_board * boards * (n - 1) / n / (n * bandwidth)
        lines.append(f"  on {n:3d} workers: {format_bytes(plan / n)} a worker (refusal plan), about {_duration(work)} "
                     f"of work if it scales linearly, plus {_duration(network)} to shuffle at "
                     f"{bandwidth / 1e9:.0f} GB/s a worker")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--cols", type=int, default=4)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--partitions-per-worker", type=int, default=2)
    args = parser.parse_args()
    measured = measure(args.rows, args.cols, args.workers, args.partitions_per_worker)
    print(f"{args.rows} x {args.cols}: {measured['boards']:,} boards, depth {measured['depth']}, "
          f"{measured['cpus']} cores on this machine (shared: the times are noisy)")
    print(f"{'engine':<20} {'workers':>7} {'parts':>5} {'seconds':>8} {'CPU s':>6} {'Mboards/s':>9} "
          f"{'cluster start':>13} {'shuffled':>10}")
    base = measured["runs"][0]["seconds"]
    for r in measured["runs"]:
        shuffled = format_bytes(sum(r["shuffled"])) if "shuffled" in r else "-"
        print(f"{r['engine']:<20} {r['workers']:>7} {r['partitions']:>5} {r['seconds']:>8.2f} {r['cpu_seconds']:>6.1f} "
              f"{measured['boards'] / r['seconds'] / 1e6:>9.2f} {r['cluster_start']:>12.1f}s {shuffled:>10}"
              f"   ({r['seconds'] / base:.1f}x frontier_search)")
    for r in measured["runs"][1:]:
        print(f"bytes shuffled per layer, {r['workers']} worker(s), {r['partitions']} partitions "
              f"(layer: MiB): " + ", ".join(f"{d + 1}: {b / 2**20:.1f}" for d, b in enumerate(r["shuffled"])
                                          if b >= 2**20 or d % 10 == 0))
    print()
    print("\n".join(plan_two_by_seven(measured)))


if __name__ == "__main__":      # the workers are started with spawn: nothing above runs in them
    main()
