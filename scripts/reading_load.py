"""What a reader sees of the code, notebook by notebook: drawing lines, long cells, the rest.

Usage: python scripts/reading_load.py [NOTEBOOK ...]     (default: notebooks/0[0-8]_*.ipynb)

"In sight" is a code cell as JupyterLab opens it: not folded (``"jupyter": {"source_hidden": true}``)
and not tagged ``check``, ``solution``, ``hide-input``, ``remove-input`` or ``remove-cell``. Blank lines
and comment lines are not counted. A drawing line is one that only draws (see :data:`DRAWING`).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import lessons  # noqa: E402

HIDDEN_TAGS = {"check", "solution", "hide-input", "remove-input", "remove-cell"}
DRAWING = re.compile(r"\bplt\.|\bax\w*\.|\bfig\w*\.|annotate\(|set_title|legend\(|subplots\(|draw_networkx|"
                     r"add_patch|Rectangle\(|\.text\(|set_xlabel|set_ylabel|set_xlim|set_ylim|\bPatch\(|"
                     r"rc_context|tight_layout|colorbar|\.bar\(|\.plot\(|\.hist\(|\.scatter\(|axhline|axvline")
LONG = 15


def in_sight(cell) -> bool:
    tags = set(cell.metadata.get("tags", []))
    folded = cell.metadata.get("jupyter", {}).get("source_hidden", False)
    return cell.cell_type == "code" and not folded and not tags & HIDDEN_TAGS


def code_lines(cell) -> list[str]:
    return [line for line in cell.source.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def measure(path: Path) -> dict:
    nb = nbformat.read(path, as_version=4)
    shown = [code_lines(c) for c in nb.cells if in_sight(c)]
    drawing = sum(1 for lines in shown for line in lines if DRAWING.search(line))
    total = sum(len(lines) for lines in shown)
    return {"drawing": drawing, "other": total - drawing, "long": sum(1 for lines in shown if len(lines) > LONG),
            "longest": max((len(lines) for lines in shown), default=0)}


def main(argv: list[str]) -> int:
    paths = [Path(a) for a in argv] or lessons(ROOT / "notebooks", "0[0-8]_*.ipynb")
    print(f"{'notebook':42s} {'drawing':>8s} {'other':>6s} {'long':>5s} {'longest':>8s}")
    sums = {"drawing": 0, "other": 0, "long": 0}
    for path in paths:
        m = measure(path)
        for k in sums:
            sums[k] += m[k]
        print(f"{path.name:42s} {m['drawing']:8d} {m['other']:6d} {m['long']:5d} {m['longest']:8d}")
    print(f"{'all':42s} {sums['drawing']:8d} {sums['other']:6d} {sums['long']:5d}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
