"""The player's Solve on 4 x 4: how long each solve takes, cold and warm, and whether it is the shortest.

    .venv/bin/python benchmarks/player_solve.py              # 20 seeded shuffles for each goal the player offers
    .venv/bin/python benchmarks/player_solve.py --shuffles 5 --goals "blank last"

For each goal kind the player offers (blank last, blank first, spiral) and each seed 0..N-1:

* **cold**: a fresh Python process with an empty pattern-database cache (``PUZZLELIB_CACHE`` pointed at
  a new empty folder), as a student's first Solve in a new kernel: it imports the player, makes
  ``PlaySession(4, 4, goal=..., seed=s)``, shuffles, and times ``solution()``; it also prints the time
  from making the session to the answer (the session starts loading the tables in the background, so
  that covers everything the first solve needs);
* **warm**: the same shuffles in one process, after a first solve has loaded everything.

Each solution is replayed move by move to the goal, and its length is compared with a second IDA*
using another admissible heuristic (the pattern database without its mirror, which expands other
nodes): a solve counts as optimal when it says "shortest" and both lengths agree. The compiled engine's
status and the machine's speed (the plain dict BFS over 3 x 3 of benchmarks/notebook_pace.py) are
printed first. The goal: every solve optimal, within 0.5 s, cold and warm.

It prints; it asserts nothing (speed is measured here, never in a unit test).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

GOAL = 0.5   # seconds: the most one solve may take, cold or warm

COLD = r"""
import json, sys, time
t0 = time.perf_counter()
from puzzlelib.player.session import PlaySession, make_goal
t1 = time.perf_counter()
session = PlaySession(4, 4, goal=make_goal(4, 4, sys.argv[1]), seed=int(sys.argv[2]))
session.shuffle()
t2 = time.perf_counter()
path, how = session.solution()
t3 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "solve": t3 - t2, "since_session": t3 - t1, "how": how,
                  "start": list(session.board.tiles), "path": [list(b.tiles) for b in path]}))
"""


def cold(kind: str, seed: int) -> dict:
    """One solve in a fresh process with an empty cache."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PUZZLELIB_CACHE": cache, "PYTHONPATH": str(ROOT)}
        out = subprocess.run([sys.executable, "-c", COLD, kind, str(seed)], capture_output=True, text=True,
                             env=env, timeout=600, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def check(kind: str, start, path) -> tuple[bool, int]:
    """(the path is legal and ends at the goal, the length a second IDA* finds)."""
    from puzzlelib.core.board import Board
    from puzzlelib.player.session import make_goal
    from puzzlelib.engines.ida import ida_star
    from puzzlelib.engines.optimal import is_path
    from puzzlelib.engines.pdb import PatternDatabase

    goal = make_goal(4, 4, kind)
    boards = [Board.from_tiles(tuple(t), 4, 4) for t in path]
    start = Board.from_tiles(tuple(start), 4, 4)
    second = ida_star(start, goal=goal, heuristic=PatternDatabase(goal, mirror=False, progress=False), max_nodes=10**10)
    return is_path(boards, start, goal), second.moves


def main() -> None:
    from notebook_pace import plain_bfs_seconds
    from puzzlelib.engines.compiled import engine_status

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shuffles", type=int, default=20)
    parser.add_argument("--goals", nargs="*", default=None, help="goal kinds (default: all the player offers)")
    args = parser.parse_args()
    from puzzlelib.player.session import GOAL_KINDS, PlaySession, make_goal

    kinds = args.goals or list(GOAL_KINDS)
    print(f"Python {platform.python_version()}, {os.cpu_count()} cores; engine: {engine_status()}")
    print(f"machine: plain dict BFS over 3 x 3 in {plain_bfs_seconds():.2f} s "
          "(the README's reference machine: 0.34 s)\n")
    summary = []
    for kind in kinds:
        print(f"goal: {kind}")
        print(f"{'seed':>4} {'moves':>5} {'second':>6} {'cold s':>7} {'(from session)':>14} {'warm s':>7}  how")
        PlaySession(4, 4, goal=make_goal(4, 4, kind)).solution()         # warm: everything loaded once
        rows = []
        for seed in range(args.shuffles):
            c = cold(kind, seed)
            session = PlaySession(4, 4, goal=make_goal(4, 4, kind), seed=seed)
            session.shuffle()
            t0 = time.perf_counter()
            path, how = session.solution()
            warm = time.perf_counter() - t0
            assert [list(b.tiles) for b in path] == c["path"], "cold and warm solves differ"
            legal, second = check(kind, c["start"], c["path"])
            moves = len(c["path"]) - 1
            optimal = legal and how.startswith("shortest") and moves == second
            rows.append((c["solve"], c["since_session"], warm, optimal))
            print(f"{seed:>4} {moves:>5} {second:>6} {c['solve']:>7.3f} {c['since_session']:>14.3f} {warm:>7.3f}  "
                  f"{how}{'' if optimal else '  <- NOT OPTIMAL'}")
        n = len(rows)
        summary.append((kind, sum(r[3] for r in rows), n, max(r[0] for r in rows), max(r[1] for r in rows),
                        max(r[2] for r in rows)))
        print()
    print(f"{'goal':12s} {'optimal':>8} {'worst cold':>10} {'(from session)':>14} {'worst warm':>10}   goal: all optimal, "
          f"each within {GOAL} s")
    for kind, opt, n, c, cs, w in summary:
        print(f"{kind:12s} {opt:>4}/{n:<3} {c:>10.3f} {cs:>14.3f} {w:>10.3f}   "
              f"{'met' if opt == n and max(c, cs, w) <= GOAL else 'NOT MET'}")


if __name__ == "__main__":
    main()
