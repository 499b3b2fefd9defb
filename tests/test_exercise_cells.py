"""The notebooks' exercises: checked by id (answers out of sight), solutions in tagged cells of their own.

* A solution lives in a markdown cell of its own, tagged ``solution`` and collapsed
  (``jupyter.source_hidden``), so the lecture kit can strip solutions cell by cell.
* Every check names a registered exercise of its notebook (``check("03.2", answer)``), and no
  cell computes the expected value in plain sight.
* Every registered exercise of a notebook is in it, and every core notebook asks the student to
  write a function.
"""

from __future__ import annotations

import sys
import re
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.exercises import EXERCISES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
NOTEBOOKS = lessons(ROOT / "notebooks", "0[0-8]_*.ipynb")
CHECK = re.compile(r"\bcheck\(\s*([^,)]*)")
WRITES_A_FUNCTION = {"01", "02", "03", "05", "07", "08"}


def cells(path):
    return nbformat.read(path, as_version=4).cells


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_solutions_are_cells_of_their_own_tagged_and_collapsed(path):
    for i, cell in enumerate(cells(path)):
        tags = cell.metadata.get("tags", [])
        looks_like_solution = ("<summary>Solution" in cell.source or "Solution to exercise" in cell.source)
        if "solution" in tags:
            assert cell.cell_type == "markdown", f"{path.name} cell {i}: a solution cell must be markdown"
            assert cell.source.lstrip().startswith(("**Solution to exercise", "<details>")), \
                f"{path.name} cell {i}: a solution cell holds only the solution"
            assert "### " not in cell.source, f"{path.name} cell {i}: a solution shares its cell with a heading"
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, \
                f"{path.name} cell {i}: a solution cell is collapsed (jupyter.source_hidden)"
        else:
            assert not looks_like_solution, f"{path.name} cell {i}: solution text in a cell not tagged 'solution'"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_check_names_a_registered_exercise_of_its_notebook(path):
    number = path.name[:2]
    checked = []
    for cell in cells(path):
        if cell.cell_type != "code":
            continue
        for arg in CHECK.findall(cell.source):
            match = re.fullmatch(r"""["'](\d\d\.\d+)["']""", arg.strip())
            assert match, f"{path.name}: check({arg.strip()}, ...) must name an exercise id, e.g. check(\"{number}.1\", answer)"
            checked.append(match.group(1))
    registered = sorted(k for k in EXERCISES if k.startswith(number + ".") and k != "00.0")
    checked = [k for k in checked if k != "00.0"]       # the checker demo in 00, not an exercise
    assert sorted(set(checked)) == registered, f"{path.name}: checks {sorted(set(checked))}, registry {registered}"
    if number in WRITES_A_FUNCTION:
        assert any(EXERCISES[k].kind == "function" for k in checked), f"{path.name}: no write-a-function exercise"


# The library's version of what a write-a-function exercise asks for: shown only after the exercise.
LIBRARY_VERSION = {"01.4": "to_key", "01.5": "rank_tiles", "03.6": "inversions", "05.5": "random_solvable",
                   "08.2": "linear_conflict", "08.7": "pattern_table_plain"}


@pytest.mark.parametrize("exercise_id", sorted(LIBRARY_VERSION))
def test_the_library_version_is_shown_only_after_the_exercise(exercise_id):
    """The student writes and checks first; show_source of the library's version comes after, to compare."""
    name = LIBRARY_VERSION[exercise_id]
    path = next(p for p in NOTEBOOKS if p.name.startswith(exercise_id[:2]))
    cells = nbformat.read(path, as_version=4).cells
    heading = next(i for i, c in enumerate(cells) if c.cell_type == "markdown"
                   and re.match(rf"#+ Exercise {int(exercise_id[3:])} \(", c.source))
    shown = [i for i, c in enumerate(cells) if c.cell_type == "code" and f"show_source({name})" in c.source]
    assert shown and all(i > heading for i in shown), (path.name, name, shown, heading)
    checked = next(i for i, c in enumerate(cells) if f'check("{exercise_id}"' in c.source)
    assert min(shown) > checked


# The exercises that practise proving sit right after what they practise, inside that section.
PROVING = {"03.1": "## 5. ", "03.2": "## 6. ", "04.1": "## 3. ", "04.2": "## 9. "}


@pytest.mark.parametrize("exercise_id", sorted(PROVING))
def test_a_proving_exercise_sits_in_the_section_it_practises(exercise_id):
    path = next(p for p in NOTEBOOKS if p.name.startswith(exercise_id[:2]))
    cells = nbformat.read(path, as_version=4).cells
    start = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith(PROVING[exercise_id]))
    end = next(i for i, c in enumerate(cells) if i > start and c.cell_type == "markdown" and c.source.startswith("## "))
    heading = next(i for i, c in enumerate(cells) if c.cell_type == "markdown"
                   and re.match(rf"#+ Exercise {int(exercise_id[3:])} \(", c.source))
    checked = next(i for i, c in enumerate(cells) if f'check("{exercise_id}"' in c.source)
    assert start < heading < checked < end, (path.name, exercise_id, start, heading, checked, end)
    assert cells[checked + 1].metadata.get("tags") == ["solution"]      # its solution follows at once
