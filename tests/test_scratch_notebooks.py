"""A scratch notebook in notebooks/ (JupyterLab's ``Untitled.ipynb``) stays out of every build and test.

The lecturer's guide sends live calls to ``notebooks/scratch/``; a lecturer who makes one in
``notebooks/`` anyway must not find it as a deck, in the student zip, in the homework or in ``make test``.
Each build runs here with an ``Untitled.ipynb`` (and a ``scratch/`` one) beside the lessons; its costly
step (executing, Sphinx) is replaced by a recorder of the notebooks it was given.
"""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import is_lesson, lessons  # noqa: E402

LESSON_FILES = sorted(p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
SCRATCH_MARK = "scratch cell: never in a build"


def _scratch_notebook(path: Path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(f"# {SCRATCH_MARK}\nprint(1 / 0)")]   # an error, as scratch has
    nbformat.write(nb, path)


@pytest.fixture
def untitled():
    """notebooks/Untitled.ipynb and notebooks/scratch/Untitled.ipynb for the length of a test."""
    made = [NOTEBOOKS / "Untitled.ipynb", NOTEBOOKS / "scratch" / "Untitled.ipynb"]
    if any(p.exists() for p in made):
        pytest.skip("a notebooks/Untitled.ipynb of your own is there: this test would overwrite it")
    made[1].parent.mkdir(exist_ok=True)
    for path in made:
        _scratch_notebook(path)
    try:
        yield made
    finally:
        for path in made:
            path.unlink(missing_ok=True)


def test_lessons_are_the_numbered_notebooks_only(untitled):
    assert LESSON_FILES and [p.name for p in lessons()] == LESSON_FILES
    assert not is_lesson("Untitled.ipynb") and not is_lesson("Untitled1.ipynb") and is_lesson("06_play.ipynb")


def test_no_script_or_test_globs_the_notebooks_folder_itself():
    """Every walk over notebooks/ goes through scripts/lessons.py (launch.py, copied alone into the
    student edition, only signs notebooks, which is harmless for a scratch one)."""
    walk = re.compile(r"""(\(ROOT / "notebooks"\)|NOTEBOOKS|src_dir)\.r?glob\("(\*|\d\[)""")
    found = []
    for path in [*ROOT.joinpath("scripts").glob("*.py"), *ROOT.joinpath("tests").rglob("*.py")]:
        if path.name in ("launch.py", "test_scratch_notebooks.py"):
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if walk.search(line) and "lessons(" not in line:
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "take the notebooks with lessons() (scripts/lessons.py):\n" + "\n".join(found)


def test_scratch_folder_is_git_ignored():
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "notebooks/scratch/" in ignored


def test_the_student_edition_leaves_untitled_out(untitled, tmp_path):
    import build_student

    out = tmp_path / "student"
    assert build_student.main(["--out", str(out)]) == 0
    assert sorted(p.name for p in (out / "notebooks").glob("*.ipynb")) == LESSON_FILES
    assert not (out / "notebooks" / "scratch").exists()
    with zipfile.ZipFile(out.with_suffix(".zip")) as zf:
        assert not [n for n in zf.namelist() if "Untitled" in n]


def test_the_slides_leave_untitled_out(untitled, tmp_path, monkeypatch):
    try:
        import build_slides
    except ImportError as err:             # the oldest nbconvert with a newer lxml (make test-oldest has no slides extra)
        pytest.skip(f"the slide builder can't be imported here: {err}")

    built = []

    def fake_build(path, out, exp):
        built.append(path.name)
        deck = out / f"{path.stem}.slides.html"
        deck.write_text(f"<h1>{path.stem}</h1>", encoding="utf-8")
        return deck, 0.0, 1

    monkeypatch.setattr(build_slides, "build", fake_build)
    monkeypatch.setattr(build_slides, "copy_assets", lambda out: {})
    monkeypatch.setattr(build_slides, "exporter", lambda: None)
    assert build_slides.main(["--out", str(tmp_path)]) == 0
    assert built and "Untitled.ipynb" not in built and set(built) <= set(LESSON_FILES)
    assert "Untitled" not in (tmp_path / "index.html").read_text(encoding="utf-8")


def test_the_site_leaves_untitled_out(untitled, tmp_path, monkeypatch):
    import build_html
    import sphinx.cmd.build

    loaded = []

    def fake_load(path, timeout=900):
        loaded.append(path.name)
        return nbformat.v4.new_notebook(), True

    monkeypatch.setattr(build_html.executed, "load", fake_load)
    monkeypatch.setattr(build_html, "prepare", lambda nb: 0)
    monkeypatch.setattr(build_html, "bring_linked_files", lambda nb, src, dst: None)
    monkeypatch.setattr(sphinx.cmd.build, "build_main", lambda args: 0)
    assert build_html.main(str(NOTEBOOKS), str(tmp_path / "html")) == 0
    assert loaded == LESSON_FILES
    assert not list((tmp_path / "html-src").glob("Untitled*"))


def test_the_homework_leaves_untitled_out(untitled, tmp_path):
    import build_homework

    out = tmp_path / "homework"
    assert build_homework.main(["--out", str(out), "--no-release"]) == 0
    for path in out.rglob("*.ipynb"):
        assert SCRATCH_MARK not in path.read_text(encoding="utf-8"), path


def test_make_test_runs_the_lessons_only(untitled):
    import importlib

    import test_notebooks_run

    importlib.reload(test_notebooks_run)             # its list, taken now, with Untitled.ipynb there
    assert [p.name for p in test_notebooks_run.NOTEBOOKS] == LESSON_FILES
