"""Write the student edition: the notebooks without solutions or outputs, ready to hand out.

Usage: python scripts/build_student.py [--out build/student] [NOTEBOOK ...]   (default: notebooks/*.ipynb)

OUT is a small project of its own, so ``make lab`` works in it as in the full one:

    OUT/README.md          for students (from site/student_README.md): how to start, check/hint/reveal
    OUT/Makefile           ``make lab`` (sets up OUT/.venv, then JupyterLab on notebooks/) and ``make setup``
    OUT/pyproject.toml     the project's, so ``pip install -e .`` installs puzzlelib and JupyterLab
    OUT/puzzlelib/         the package (check() needs it: it computes the expected answers out of sight)
    OUT/scripts/launch.py  what ``make lab`` runs
    OUT/notebooks/         every notebook: each cell tagged ``solution`` removed, every output and
                           execution count cleared, exercise placeholders (``answer = ...``) kept
    OUT/notebooks/.no-solutions   makes puzzlelib's reveal() say that solutions are not part of
                           this edition (it looks for the file in the kernel's working folder)

The build fails if any cell left still looks like a solution ("Solution to exercise",
"<summary>Solution").
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOLUTION_MARKS = ("Solution to exercise", "<summary>Solution")
NO_SOLUTIONS = ".no-solutions"   # puzzlelib.exercises.NO_SOLUTIONS_FILE

MAKEFILE = """\
# Sliding Puzzles, Explained (student edition). Needs only Python 3.10+ on the PATH as python3.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab setup clean

lab: $(STAMP)  ## set up if needed, then open JupyterLab on notebooks/ (`make lab PORT=9000 IP=0.0.0.0`)
\t$(BIN)/python scripts/launch.py lab $(if $(PORT),--port $(PORT)) $(if $(IP),--ip $(IP))

setup: $(STAMP)

$(STAMP): pyproject.toml
\t$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, found " + sys.version'
\ttest -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
\t$(BIN)/python -m pip install --quiet --upgrade pip
\t$(BIN)/python -m pip install --quiet -e .
\ttouch $(STAMP)

clean:
\trm -rf $(VENV)
"""


def student_notebook(path: Path):
    """The student version of one notebook, and the number of solution cells removed."""
    nb = nbformat.read(path, as_version=4)
    kept, removed = [], 0
    for cell in nb.cells:
        if "solution" in cell.metadata.get("tags", []):
            removed += 1
            continue
        if any(mark in cell.source for mark in SOLUTION_MARKS):
            raise SystemExit(f"build_student: {path.name}: a cell not tagged 'solution' holds a solution: "
                             f"{cell.source[:80]!r}")
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        kept.append(cell)
    nb.cells = kept
    nb.metadata.pop("widgets", None)
    return nb, removed


def build(out: Path, notebooks: list[Path]) -> None:
    if out.exists():
        shutil.rmtree(out)
    (out / "notebooks").mkdir(parents=True)
    (out / "scripts").mkdir()
    shutil.copy2(ROOT / "site" / "student_README.md", out / "README.md")
    (out / "Makefile").write_text(MAKEFILE, encoding="utf-8")
    shutil.copy2(ROOT / "pyproject.toml", out / "pyproject.toml")
    shutil.copy2(ROOT / "scripts" / "launch.py", out / "scripts" / "launch.py")
    shutil.copytree(ROOT / "puzzlelib", out / "puzzlelib",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    shutil.copy2(ROOT / "notebooks" / "rise.css", out / "notebooks" / "rise.css")   # the live slides' style
    (out / "notebooks" / NO_SOLUTIONS).write_text(
        "This is the student edition: puzzlelib's reveal() does not show solutions while this file is here.\n",
        encoding="utf-8")
    for path in notebooks:
        nb, removed = student_notebook(path)
        nbformat.write(nb, out / "notebooks" / path.name)
        print(f"{path.name:42s} {removed:2d} solution cells removed, {len(nb.cells):3d} cells kept")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: notebooks/*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "student")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or sorted((ROOT / "notebooks").glob("*.ipynb"))
    build(args.out, notebooks)
    print(f"student edition -> {args.out} (start: cd {args.out} && make lab)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
