"""The student edition (``make student``): no solutions, no outputs, placeholders kept, and it runs as handed out.

Each student notebook is executed top to bottom with every placeholder left in place: the checks
must answer "not answered yet" / "not yet", never raise and never say "correct". In the edition's
notebooks folder, reveal() says that solutions are not part of it.
"""

from __future__ import annotations

import sys
import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course import exercises

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
NOTEBOOKS = lessons(ROOT / "notebooks")
PLACEHOLDER = re.compile(r"=\s*\.\.\.|^\s*\.\.\.\s*(#.*)?$", flags=re.M)
CHECK_CALL = re.compile(r"""\bcheck\(\s*["'](\d\d\.\d+)["']""")

_spec = importlib.util.spec_from_file_location("build_student", ROOT / "scripts" / "build_student.py")
build_student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_student)


@pytest.fixture(scope="module")
def edition(tmp_path_factory):
    out = tmp_path_factory.mktemp("student") / "student"
    assert build_student.main(["--out", str(out)]) == 0
    return out


def student(edition: Path, path: Path):
    return nbformat.read(edition / "notebooks" / path.name, as_version=4)


def test_the_edition_has_its_readme_makefile_package_and_flag(edition):
    readme = (edition / "README.md").read_text(encoding="utf-8")
    for words in ("make lab", "jupyter lab", "check(", "hint(", "reveal(", "no solutions"):
        assert words in readme, f"the student README does not mention {words!r}"
    assert "lab:" in (edition / "Makefile").read_text(encoding="utf-8")
    assert (edition / "puzzlelib" / "course" / "exercises" / "engine.py").exists() and (edition / "scripts" / "launch.py").exists()
    assert (edition / "notebooks" / exercises.NO_SOLUTIONS_FILE).exists()
    assert sorted(p.name for p in (edition / "notebooks").glob("*.ipynb")) == [p.name for p in NOTEBOOKS]


def test_the_zip_holds_the_edition_and_never_a_venv(edition):
    import zipfile

    (edition / ".venv" / "bin").mkdir(parents=True)                  # as after a make lab inside it
    (edition / ".venv" / "bin" / "python").write_text("not to be handed out")
    build_student.write_zip(edition)
    names = zipfile.ZipFile(edition.with_suffix(".zip")).namelist()
    assert f"{edition.name}/README.md" in names and f"{edition.name}/notebooks/00_start_here.ipynb" in names
    assert f"{edition.name}/puzzlelib/course/exercises/engine.py" in names
    assert not [n for n in names if ".venv" in n or "__pycache__" in n], names[:5]
    on_disk = {str(p.relative_to(edition.parent)) for p in edition.rglob("*") if p.is_file() and ".venv" not in p.parts}
    assert set(names) == on_disk


def test_no_file_of_the_edition_holds_a_reference_solution(edition):
    """The hand-out has no solution in any file: solutions.py is a stub there, and no file of the edition
    holds the body of any reference solution (its lines in a row; puzzlelib's own engines may share a line
    or two with an answer, as to_key does with key_of)."""
    import ast
    import inspect

    from puzzlelib.course.exercises.solutions import SOLUTIONS

    def lines(text: str) -> list[str]:
        return [line.strip() for line in text.splitlines() if line.strip()]

    files = {p: lines(p.read_text(encoding="utf-8", errors="replace")) for p in edition.rglob("*") if p.is_file()}
    for name, fn in SOLUTIONS.items():
        tree = ast.parse(inspect.getsource(fn).strip()).body[0]
        start = tree.body[1].lineno if ast.get_docstring(tree) else tree.body[0].lineno
        body = lines("\n".join(inspect.getsource(fn).strip().splitlines()[start - 1:]))
        assert len(body) >= 2, name
        found = [p.relative_to(edition) for p, have in files.items()
                 if any(have[i:i + len(body)] == body for i in range(len(have) - len(body) + 1))]
        assert not found, f"the answer to {name} is in the student edition: {found}"
    from_stub = (edition / "puzzlelib" / "course" / "exercises" / "solutions.py").read_text(encoding="utf-8")
    assert "not part of the student edition" in from_stub


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_no_solution_survives_and_outputs_are_cleared(edition, path):
    original = nbformat.read(path, as_version=4)
    nb = student(edition, path)
    text = "\n".join(cell.source for cell in nb.cells)
    assert not any("solution" in cell.metadata.get("tags", []) for cell in nb.cells)
    assert "Solution to exercise" not in text and "<summary>Solution" not in text
    # no line of any solution cell that is its own (not also written in a cell the student gets)
    shown = "\n".join(c.source for c in original.cells if "solution" not in c.metadata.get("tags", []))
    for cell in original.cells:
        if "solution" in cell.metadata.get("tags", []):
            for line in cell.source.splitlines():
                line = line.strip()
                if len(line) >= 25 and line not in shown:
                    assert line not in text, f"{path.name}: solution text survives: {line!r}"
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None
    kept = [c.metadata.get(build_student.STUDENT_SOURCE, c.source) for c in original.cells
            if "solution" not in c.metadata.get("tags", [])]               # a cell's student text, where it has one
    noted = [c.source.removesuffix("\n\n" + build_student.FULL_PROJECT_NOTE) for c in nb.cells]   # see below
    assert noted == kept, f"{path.name}: cells other than solutions changed"
    assert not any(build_student.STUDENT_SOURCE in c.metadata for c in nb.cells)
    assert len(PLACEHOLDER.findall(text)) == len(PLACEHOLDER.findall(shown)), "placeholders went missing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_what_the_editions_notebooks_promise_is_in_the_edition(edition, path):
    """Issue 46: the student's 00 promised `make test`, environment.yml and a collapsed cell holding each
    solution, none of which the edition has; the lecturer's 00 still says them. 06 names `make app`; 07
    and 08 name scripts of benchmarks/ and tests/, which the edition lacks: a note says where they are."""
    targets = set(re.findall(r"^([a-z][\w-]*):", (edition / "Makefile").read_text(encoding="utf-8"), flags=re.M))
    cells = student(edition, path).cells
    text = "\n".join(c.source for c in cells)
    for target in re.findall(r"`make (\w[\w-]*)", text):
        assert target in targets, f"{path.name} promises `make {target}`, which the edition's Makefile lacks"
    for c in cells:
        if c.cell_type == "markdown" and re.search(r"\b(?:benchmarks|tests)/", c.source):
            assert not (edition / "benchmarks").exists() and "are in the full project" in c.source, c.source[:200]
    for name in re.findall(r"`([\w.-]+\.(?:yml|yaml|toml|txt|cfg))`", text):
        assert (edition / name).exists(), f"{path.name} names {name}, which the edition lacks"
    assert "collapsed cell" not in text and "gives up and\nshows the answer" not in text
    if path.name.startswith("00"):
        lecturers = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells)
        assert "`make test`" in lecturers and "environment.yml" in lecturers and "collapsed cell" in lecturers
        assert "This edition holds no solutions" in text and "README beside `notebooks/`" in text


def test_the_readme_says_how_to_get_every_function_it_advertises(edition):
    """Issue 46: the README advertised exercises(3), which no notebook imports."""
    readme = (edition / "README.md").read_text(encoding="utf-8")
    imported = set()
    for path in NOTEBOOKS:
        for cell in student(edition, path).cells:
            for match in re.finditer(r"from puzzlelib[\w.]* import ([\w, ]+)", cell.source):
                imported |= {name.strip() for name in match.group(1).split(",")}
    for name in set(re.findall(r"\*\*(\w+)\(", readme)):
        assert name in imported or f"import {name}" in readme, f"the README advertises {name}() without its import"


def test_reveal_is_off_in_the_edition_and_check_does_not_offer_it(edition, monkeypatch, capsys):
    monkeypatch.chdir(edition / "notebooks")
    assert exercises.reveal("03.1") is None
    out = capsys.readouterr().out
    assert "not part of this edition" in out and "Revealing" not in out
    assert exercises.check("00.0", "4") is False
    out = capsys.readouterr().out
    assert "not yet" in out and "reveal" not in out
    monkeypatch.chdir(ROOT)                                     # outside the edition it works as before
    assert exercises.reveal("00.0") == 4


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_student_notebook_runs_as_handed_out(edition, path):
    from nbclient import NotebookClient

    nb = student(edition, path)
    folder = edition / "notebooks"
    NotebookClient(nb, timeout=900, kernel_name="python3", resources={"metadata": {"path": str(folder)}}).execute()
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        ids = [k for k in CHECK_CALL.findall(cell.source) if k != "00.0"]
        if not ids:
            continue
        said = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
        assert not re.search(r"^correct", said, flags=re.M), \
            f"{path.name}: {cell.source!r} says correct with the placeholder in place: {said!r}"
        if all(exercises.EXERCISES[k].kind == "proof" for k in ids):     # a proof's check asks its questions
            assert "asks for a proof" in said and "1. " in said, f"{path.name}: {cell.source!r} printed {said!r}"
        else:
            assert "not answered yet" in said or "not yet" in said, f"{path.name}: {cell.source!r} printed {said!r}"
        assert "Revealing" not in said


def test_the_editions_exercise_modules_hold_no_answer_and_check_still_knows_them(edition, tmp_path):
    """Value answers are sealed: no module computes them, yet check() in the edition knows right from wrong.

    In the edition every value exercise's ``solution=`` and its mistakes' examples are
    ``_withheld_answer`` and its ``why`` is sealed; then the edition's own puzzlelib (a fresh
    interpreter, the edition first on sys.path) is given, for every value exercise, the right answer,
    each foreseen wrong answer, and a wrong one, computed here by the full package.
    """
    import ast
    import json
    import pickle
    import subprocess
    import sys

    from puzzlelib.course.exercises import EXERCISES
    from puzzlelib.course.exercises.engine import _example, _expected

    values = [k for k, ex in EXERCISES.items() if ex.kind == "value"]
    for path in sorted((edition / "puzzlelib" / "exercises").glob("nb[0-9][0-9]_*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_register":
                words = {k.arg: k.value for k in node.keywords}
                if words["id"].value in values:
                    assert ast.unparse(words["solution"]) == "_withheld_answer", (path.name, words["id"].value)
                    assert "sealed" in words["why"].value
    cases = {k: (_expected(EXERCISES[k]), [_example(EXERCISES[k], i) for i in range(len(EXERCISES[k].mistakes))],
                 EXERCISES[k].why, [m.hint for m in EXERCISES[k].mistakes]) for k in values}
    (tmp_path / "cases.pickle").write_bytes(pickle.dumps(cases))
    script = f"""
import contextlib, io, json, pickle, sys
import puzzlelib
assert puzzlelib.__file__.startswith({str(edition)!r}), puzzlelib.__file__
from puzzlelib.course.exercises import check
from puzzlelib.course.exercises.answers import _equal
report = {{}}
for k, (expected, mistakes, why, hints) in pickle.load(open({str(tmp_path / 'cases.pickle')!r}, 'rb')).items():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        right = check(k, expected)
        wrong = check(k, 'not the answer')
        hinted = []
        for m, h in zip(mistakes, hints):
            said = io.StringIO()
            with contextlib.redirect_stdout(said):
                ok = check(k, m)
            hinted.append(ok is False and (h in said.getvalue() or _equal(m, expected)))
    report[k] = [right, wrong, why in out.getvalue(), all(hinted)]
print(json.dumps(report))
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          cwd=edition / "notebooks", env={"PYTHONPATH": str(edition), "PATH": "/usr/bin:/bin",
                                                          "MPLBACKEND": "Agg", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-3000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(report) == set(values)
    bad = {k: r for k, r in report.items() if r != [True, False, True, True]}
    assert not bad, bad
