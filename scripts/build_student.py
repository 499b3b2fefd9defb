"""Write the student edition: the notebooks without solutions or outputs, ready to hand out.

Usage: python scripts/build_student.py [--out build/student] [NOTEBOOK ...]   (default: the lessons, notebooks/NN_*.ipynb)

OUT is a small project of its own, so ``make lab`` works in it as in the full one:

    OUT/README.md          for students (from site/student_README.md): how to start, check/hint/reveal
    OUT/Makefile           ``make lab`` (sets up OUT/.venv, then JupyterLab on notebooks/), ``make app``
                           (the player with Voila, as 06 says) and ``make setup``
    OUT/pyproject.toml     the project's, so ``pip install -e .`` installs puzzlelib and JupyterLab
    OUT/puzzlelib/         the package (check() needs it: it computes the expected answers out of sight),
                           with exercises/solutions.py replaced by a stub: the reference solutions are
                           not in any file of the edition
    OUT/scripts/launch.py  what ``make lab`` runs
    OUT/notebooks/         every notebook: each cell tagged ``solution`` removed, every output and
                           execution count cleared, exercise placeholders (``answer = ...``) kept; a cell
                           whose metadata holds ``student_source`` (text that would not be true here,
                           such as `make test` or the collapsed solutions) gets that text instead; a
                           markdown cell naming a file of benchmarks/ or tests/ (not in the edition)
                           gets a note saying they are in the full project
    OUT/notebooks/.no-solutions   makes puzzlelib's reveal() say that solutions are not part of
                           this edition (it looks for the file in the kernel's working folder)

It also writes OUT.zip (build/student.zip): the edition as one file, without .venv/, caches or build output.

The build fails if any cell left still looks like a solution ("Solution to exercise",
"<summary>Solution").
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import zipfile
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SOLUTION_MARKS = ("Solution to exercise", "<summary>Solution")
NO_SOLUTIONS = ".no-solutions"   # puzzlelib.course.exercises.NO_SOLUTIONS_FILE
STUDENT_SOURCE = "student_source"
"""A cell's metadata key: its text in the student edition, where the lecturer's text would not be true."""

FULL_PROJECT = re.compile(r"\b(?:benchmarks|tests)/")
FULL_PROJECT_NOTE = ("*The `benchmarks/` and `tests/` folders named here are in the full project (your lecturer's "
                     "copy), not in this edition.*")
"""A markdown cell that names a file of those folders gets this note in the student edition."""

MAKEFILE = """\
# Sliding Puzzles, Explained (student edition). Needs only Python 3.10+ on the PATH as python3.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lab app setup clean

lab: $(STAMP)  ## set up if needed, then open JupyterLab on notebooks/ (`make lab PORT=9000 IP=0.0.0.0`)
\t$(BIN)/python scripts/launch.py lab $(if $(PORT),--port $(PORT)) $(if $(IP),--ip $(IP))

app: $(STAMP)  ## the puzzle player (06_play.ipynb) on a page of its own, with Voila
\t$(BIN)/python scripts/launch.py app $(if $(PORT),--port $(PORT)) $(if $(IP),--ip $(IP))

setup: $(STAMP)

$(STAMP): pyproject.toml
\t@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 10), "Python 3.10 or newer is needed, found " + sys.version'
\t@echo "Setting up $(VENV)/ (once, with the network): puzzlelib, JupyterLab and Voila, 1 to 5 minutes; pip's progress follows."
\t@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
\t@$(BIN)/python -m pip install --quiet --upgrade pip
\tPYTHONWARNINGS=ignore::UserWarning $(BIN)/python -m pip install --progress-bar on -e '.[app]'
\t@touch $(STAMP)
\t@echo "Set-up done."

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
        if STUDENT_SOURCE in cell.metadata:
            cell.source = cell.metadata.pop(STUDENT_SOURCE)
        if any(mark in cell.source for mark in SOLUTION_MARKS):
            raise SystemExit(f"build_student: {path.name}: a cell not tagged 'solution' holds a solution: "
                             f"{cell.source[:80]!r}")
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
        elif FULL_PROJECT.search(cell.source):
            cell.source = cell.source.rstrip() + "\n\n" + FULL_PROJECT_NOTE
        kept.append(cell)
    nb.cells = kept
    nb.metadata.pop("widgets", None)
    return nb, removed


def solutions_stub() -> str:
    """puzzlelib/course/exercises/solutions.py for the student edition: the same names, no answers in them."""
    sys.path.insert(0, str(ROOT))
    from puzzlelib.course.exercises.solutions import FLAWED, SOLUTIONS

    return f'''"""The reference solutions are not part of the student edition (reveal() is switched off here).

Each name stands for the function an exercise asks you to write; calling it says so.
"""

__all__ = ["SOLUTIONS", "FLAWED"]


def _withheld(name):
    def withheld(*args, **kwargs):
        raise NotImplementedError(f"{{name}}: the reference solution is not part of the student edition")
    withheld.__name__ = withheld.__qualname__ = name
    return withheld


SOLUTIONS = {{name: _withheld(name) for name in {sorted(SOLUTIONS)!r}}}
FLAWED = {{name: _withheld(name) for name in {sorted(FLAWED)!r}}}
'''


WITHHELD_PROOF = ("The model proof is not part of the student edition: check() asks the questions a complete "
                  "proof answers, and your teacher has the model.")


def seal_exercises(package: Path) -> int:
    """Take the value exercises' answers out of the edition's copy of puzzlelib.course.exercises.

    Each value exercise's expected value and its "correct: ..." text go into ``sealed.json``,
    sealed with the answer itself (puzzlelib.course.exercises.sealing._seal): check() can tell a right
    answer, and print why it is right, but no file holds the answer. In each ``nbNN_*.py`` the
    ``solution=`` and ``why=`` of every value exercise, and the examples of its foreseen mistakes (often
    the answer plus one), are replaced, and the private helpers that only computed them are removed.
    Returns the number of exercises sealed.
    """
    import ast
    import json

    sys.path.insert(0, str(ROOT))
    from puzzlelib.course.exercises import EXERCISES
    from puzzlelib.course.exercises.engine import _example, _expected
    from puzzlelib.course.exercises.sealing import _seal

    sealed = {k: _seal(k, _expected(ex), ex.why, [_example(ex, i) for i in range(len(ex.mistakes))])
              for k, ex in EXERCISES.items() if ex.kind == "value"}
    (package / "sealed.json").write_text(json.dumps(sealed, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    for path in sorted(package.glob("nb[0-9][0-9]_*.py")):
        text = path.read_text(encoding="utf-8")
        edits = []
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_proof_exercise":
                # a written proof: its model proof and rubric are the teacher's (the questions stay)
                words = {k.arg: k.value for k in node.keywords}
                edits.append((words["model"], repr(WITHHELD_PROOF)))
                edits += [(pair.elts[1], '"(the rubric is the teacher\'s)"') for pair in words["rubric"].elts]
                continue
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_register"):
                continue
            words = {k.arg: k.value for k in node.keywords}
            if getattr(words.get("kind"), "value", None) != "value" or getattr(words.get("id"), "value", None) not in sealed:
                continue
            edits += [(words["solution"], "_withheld_answer"), (words["why"], '"(sealed: see sealed.json)"')]
            for mistake in getattr(words.get("mistakes"), "elts", []):     # Mistake(example, hint): seal the example
                if isinstance(mistake, ast.Call) and mistake.args:
                    edits.append((mistake.args[0], "_withheld_answer"))
        lines = text.splitlines(keepends=True)
        starts = [0]
        for line in lines:
            starts.append(starts[-1] + len(line))
        for node, new in sorted(edits, key=lambda e: (e[0].lineno, e[0].col_offset), reverse=True):
            a = starts[node.lineno - 1] + len(lines[node.lineno - 1].encode()[:node.col_offset].decode())
            b = starts[node.end_lineno - 1] + len(lines[node.end_lineno - 1].encode()[:node.end_col_offset].decode())
            text = text[:a] + new + text[b:]
        if any(new.startswith("_withheld") for _, new in edits):
            head = "\nfrom puzzlelib.course.exercises.engine import "
            if head not in text:
                raise SystemExit(f"{path.name}: no '{head.strip()}' line to put _withheld_answer's import beside")
            text = text.replace(head, "\nfrom puzzlelib.course.exercises.sealing import _withheld_answer" + head, 1)
        text = _drop_unused_helpers(text)
        path.write_text(text, encoding="utf-8")
    return len(sealed)


def _drop_unused_helpers(text: str) -> str:
    """Remove the module's private top-level functions, and private names bound to a constant (a model proof's
    text), that nothing in it uses any more, until none is left."""
    import ast

    while True:
        tree = ast.parse(text)
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
            n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        unused = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name.startswith("_")
                  and n.name not in used]
        used_names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        unused += [n for n in tree.body if isinstance(n, ast.Assign) and len(n.targets) == 1
                   and isinstance(n.targets[0], ast.Name) and n.targets[0].id.startswith("_")
                   and isinstance(n.value, (ast.Constant, ast.JoinedStr, ast.BinOp)) and n.targets[0].id not in used_names]
        if not unused:
            return text
        lines = text.splitlines(keepends=True)
        for node in sorted(unused, key=lambda n: n.lineno, reverse=True):
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            del lines[first - 1:node.end_lineno]
        text = "".join(lines)


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
    (out / "puzzlelib" / "course" / "exercises" / "solutions.py").write_text(solutions_stub(), encoding="utf-8")
    sealed = seal_exercises(out / "puzzlelib" / "course" / "exercises")
    print(f"puzzlelib/course/exercises: solutions.py is a stub; the answers of {sealed} value exercises are sealed")
    shutil.copy2(ROOT / "notebooks" / "rise.css", out / "notebooks" / "rise.css")   # the live slides' style
    (out / "notebooks" / NO_SOLUTIONS).write_text(
        "This is the student edition: puzzlelib's reveal() does not show solutions while this file is here.\n",
        encoding="utf-8")
    for path in notebooks:
        nb, removed = student_notebook(path)
        nbformat.write(nb, out / "notebooks" / path.name)
        print(f"{path.name:42s} {removed:2d} solution cells removed, {len(nb.cells):3d} cells kept")


LEFT_OUT = {".venv", "__pycache__", ".ipynb_checkpoints", "build", ".pytest_cache"}
"""Folders a zip of the edition never takes: a student's own set-up, caches and build output."""


def write_zip(out: Path) -> Path:
    """OUT.zip beside OUT: the edition in one folder named after OUT, ready to upload to a course page.

    Everything under a folder in LEFT_OUT is left out, so a zip made after a ``make lab`` inside OUT
    does not take the 800 MB ``.venv/`` along."""
    target = out.with_suffix(".zip")
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(out.rglob("*")):
            parts = path.relative_to(out).parts
            if path.is_file() and not LEFT_OUT.intersection(parts):
                zf.write(path, Path(out.name, *parts))
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: the lessons, notebooks/NN_*.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "student")
    args = parser.parse_args(argv)
    notebooks = args.notebooks or lessons()
    build(args.out, notebooks)
    archive = write_zip(args.out)
    print(f"student edition -> {args.out} (start: cd {args.out} && make lab)")
    print(f"the same as one file to hand out -> {archive} ({archive.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
