"""How long does each notebook keep a room waiting? Every cell of every notebook, run fresh and timed.

    .venv/bin/python benchmarks/notebook_pace.py                 # all notebooks
    .venv/bin/python benchmarks/notebook_pace.py notebooks/04_*.ipynb

Each notebook runs top to bottom in a fresh kernel, as a lecturer runs it: no figure probe and no
cache (scripts/executed.py is for the builds and the tests). A cell's time is what the kernel
reports: from busy to idle, taken from nbclient's timestamps. The script prints:
- each notebook's time, cell by cell in total and with its kernel start;
- every cell over 1 s (the goal is none, except cells tagged ``long``: deliberate long runs with a
  progress bar, which the lecturer's guide names);
- the total of all cells (goal on the reference machine: 35 s or less);
- the machine's speed: a plain BFS with tuples in a dict over the 181,440 boards of 3 x 3 (0.34 s on
  the machine the goals were set on), so that figures from another machine can be compared. It is measured
  again before each notebook, and each notebook is scaled by its own measurement: on a shared machine the
  speed drifts by a third within one run.

It prints; it asserts nothing (speed is measured here, never in a unit test).
"""

from __future__ import annotations

import sys
import time
from collections import deque
from datetime import datetime
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from executed import QUIET_KERNEL  # noqa: E402  (the builds' kernel flags: errors only in the log)
SLOW = 1.0            # seconds: a cell above this makes the room wait
GOAL_TOTAL = 35.0     # seconds: all cells of all notebooks together, on the reference machine
REFERENCE_BFS = 0.34  # seconds: the plain dict BFS on the machine the goals were set on


def plain_bfs_seconds() -> float:
    """Time a plain BFS over the 3 x 3 space: tuples in a dict, a deque, no puzzlelib."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    neighbours = {i: [j for j in range(9) if abs(i // 3 - j // 3) + abs(i % 3 - j % 3) == 1] for i in range(9)}
    start = time.perf_counter()
    seen = {goal: 0}
    queue = deque([goal])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        for j in neighbours[blank]:
            nxt = list(board)
            nxt[blank], nxt[j] = nxt[j], 0
            nxt = tuple(nxt)
            if nxt not in seen:
                seen[nxt] = seen[board] + 1
                queue.append(nxt)
    seconds = time.perf_counter() - start
    assert len(seen) == 181_440, len(seen)
    return seconds


def _stamp(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def cell_seconds(cell) -> float:
    """The kernel's time for one executed cell: from busy to idle."""
    times = cell.metadata.get("execution", {})
    if "iopub.status.busy" not in times or "iopub.status.idle" not in times:
        return 0.0
    return (_stamp(times["iopub.status.idle"]) - _stamp(times["iopub.status.busy"])).total_seconds()


def first_line(cell) -> str:
    lines = [line for line in cell.source.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    return (lines[0] if lines else cell.source.strip().splitlines()[0] if cell.source.strip() else "")[:60]


def run(path: Path, threshold: float = SLOW) -> tuple[float, float, list[tuple[int, float, str, bool]]]:
    """Run one notebook fresh; return (wall seconds with kernel start, seconds of all cells, the cells
    that took longer than ``threshold`` seconds)."""
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    NotebookClient(nb, timeout=900, kernel_name="python3", extra_arguments=QUIET_KERNEL,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    wall = time.perf_counter() - start
    cells = [(i, cell_seconds(c), first_line(c), "long" in c.metadata.get("tags", []))
             for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    return wall, sum(s for _, s, _, _ in cells), [c for c in cells if c[1] > threshold]


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    # The machine's speed, measured before each notebook: on a shared machine it drifts during the run, and each
    # notebook is scaled by the speed measured next to it.
    bfs = min(plain_bfs_seconds() for _ in range(3))
    print(f"machine: plain dict BFS over 3 x 3 in {bfs:.2f} s "
          f"({bfs / REFERENCE_BFS:.2f} x the reference machine's {REFERENCE_BFS} s), measured again before each "
          "notebook\n")
    print(f"{'notebook':42s} {'cells':>7s} {'with kernel':>12s} {'BFS':>6s} {'scaled':>7s}")
    total = wall_total = scaled = 0.0
    speeds = []
    slow_all = []
    for path in paths:
        bfs = min(plain_bfs_seconds() for _ in range(3))
        speeds.append(bfs)
        # a cell slow on the reference machine: over SLOW seconds there, so over SLOW * bfs / REFERENCE_BFS here
        wall, cells, slow = run(path, min(SLOW, SLOW * bfs / REFERENCE_BFS))
        total += cells
        wall_total += wall
        scaled += cells * REFERENCE_BFS / bfs
        slow_all += [(path.name, *s, s[1] * REFERENCE_BFS / bfs) for s in slow]
        print(f"{path.name:42s} {cells:6.1f}s {wall:11.1f}s {bfs:5.2f}s {cells * REFERENCE_BFS / bfs:6.1f}s", flush=True)
    print(f"{'all':42s} {total:6.1f}s {wall_total:11.1f}s   (plain BFS {min(speeds):.2f} to {max(speeds):.2f} s; "
          f"scaled to the reference machine {scaled:.1f} s; goal there: cells {GOAL_TOTAL:.0f} s or less; "
          f"{scaled / GOAL_TOTAL:.2f} of it)")
    for title, over in ((f"over {SLOW:.0f} s here", lambda s: s[2] > SLOW),
                        (f"over {SLOW:.0f} s on the reference machine (scaled by the BFS before its notebook)",
                         lambda s: s[5] > SLOW)):
        listed = [s for s in slow_all if over(s)]
        print(f"\ncells {title}: {len(listed)} ({sum(1 for s in listed if s[4])} of them tagged long)")
        for name, index, seconds, line, long, there in sorted(listed, key=lambda s: -s[5]):
            print(f"  {seconds:5.2f} s ({there:4.2f} s there)  {name[:2]} cell {index:3d}{' (long)' if long else ''}: "
                  f"{line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
