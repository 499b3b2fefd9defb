"""Notebook 03's exercises that changed in issue 34 (numbered in page order since issue 46): 03.5 (where the
blank may stand, for another goal) is checked by search and takes every correct form; the page shows no code to
copy for 03.6 and 03.7, and the library's version only after each."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzlelib import Board, min_moves
from puzzlelib.course.exercises import EXERCISES, check

ROOT = Path(__file__).resolve().parent.parent
NB03 = ROOT / "notebooks" / "03_solvability.ipynb"
TILES = (2, 1, 3, 4, 5, 6, 7)
GOAL = Board.goal(4, 2, blank="first")


def board_with_blank_at(r, c):
    tiles = list(TILES)
    tiles.insert(2 * r + c, 0)
    return Board.from_tiles(tuple(tiles), 4, 2)


def truth():
    """The cells, found by breadth-first search alone (no parity rule), from which the board reaches GOAL."""
    return {(r, c) for r in range(4) for c in range(2)
            if min_moves(board_with_blank_at(r, c), goal=GOAL, check_parity=False) is not None}


def run(capsys, answer):
    capsys.readouterr()
    ok = check("03.5", answer)
    return ok, capsys.readouterr().out


def test_the_expected_cells_are_what_search_finds():
    from puzzlelib.course.exercises.engine import _expected
    cells = truth()
    assert _expected(EXERCISES["03.5"]) == cells and len(cells) == 4


def test_every_correct_form_is_accepted(capsys):
    cells = truth()
    forms = [cells, frozenset(cells), {board_with_blank_at(*c) for c in cells},
             {board_with_blank_at(*c) for c in cells} | {(1, 0)},         # boards and cells mixed
             {(np.int64(r), c) for r, c in cells}]                         # numpy's numbers
    for answer in forms:
        ok, out = run(capsys, answer)
        assert ok is True and out.startswith("correct"), (answer, out)
    for answer in (sorted(cells), tuple(sorted(cells))):                   # the house rule: a set is a set
        ok, out = run(capsys, answer)
        assert ok is False and "where a set is expected" in out, out


def expected_text_forms(cells):
    cells = sorted(cells)
    return [repr(set(cells)), ", ".join(map(repr, cells)), "rows 1 and 3", "rows 3 and 1"]


@pytest.mark.parametrize("answer, fitting", [
    ({(0, 0), (0, 1), (2, 0), (2, 1)}, "reaches the usual goal"),          # the blank-last goal's cells
    ({(r, c) for r in range(4) for c in range(2)}, "not from every cell"),
    ({(1, 0)}, "there are more"),
    ({(1, 3), (3, 1)}, "counted from 0 at the top-left"),                  # (col, row), or off the board
    ({(4, 0), (2, 0)}, "counted from 0 at the top-left"),                  # rows counted from 1
    ({1, 3}, "not single numbers"),
    ({Board.goal(4, 2)}, "keep the tiles in their order"),
    ({(0, 0), (1, 0)}, "compare inversions + the blank's row"),
    (set(), "compare inversions + the blank's row"),
])
def test_typical_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, fitting):
    ok, out = run(capsys, answer)
    assert ok is False and fitting in out, out
    for text in expected_text_forms(truth()):
        assert text not in out, (text, out)


def test_the_hint_and_the_solution_text_name_no_cell():
    ex = EXERCISES["03.5"]
    for text in expected_text_forms(truth()):
        assert text not in ex.hint
        assert all(text not in m.hint for m in ex.mistakes)


# --- the page around 03.6 and 03.7 ------------------------------------------------------------------

def cells():
    return nbformat.read(NB03, as_version=4).cells


def code_of(cell):
    """The code a reader can see in a cell: a code cell's source, or the ```python blocks of a markdown cell."""
    if cell.cell_type == "code":
        return cell.source
    return "\n".join(re.findall(r"```python\n(.*?)```", cell.source, re.S))


def heading(number):
    return next(i for i, c in enumerate(cells()) if c.cell_type == "markdown"
                and re.match(rf"#+ Exercise {number} \(", c.source))


def test_no_cell_above_exercise_6_counts_inversions_in_code():
    pairwise = re.compile(r"combinations\(|for i, a in enumerate|if a > b|\ba > b\b")
    for i, cell in enumerate(cells()[:heading(6)]):
        assert not pairwise.search(code_of(cell)), f"cell {i} shows how to count inversions:\n{cell.source}"


def test_no_cell_above_exercise_7_writes_the_width_rule_for_a_board():
    rule = re.compile(r"inversions\([^)]*\)\s*[+%]|blank_row_from_bottom\(|\.rows\s*-\s*\w+\.blank")
    for i, cell in enumerate(cells()[:heading(7)]):
        assert not rule.search(code_of(cell)), f"cell {i} shows the width rule's code:\n{cell.source}"


@pytest.mark.parametrize("exercise_id, shown", [("03.6", "show_source(inversions)"), ("03.7", "show_source(explain)")])
def test_the_library_version_comes_after_the_check(exercise_id, shown):
    all_cells = cells()
    checked = next(i for i, c in enumerate(all_cells) if f'check("{exercise_id}"' in c.source)
    where = [i for i, c in enumerate(all_cells) if c.cell_type == "code" and shown in c.source]
    assert where and min(where) > checked


def test_the_exercises_are_numbered_in_page_order():
    numbers = [int(m.group(1)) for c in cells() if c.cell_type == "markdown"
               for m in re.finditer(r"(?m)^#+ Exercise (\d+) \(", c.source)]
    checks = [m.group(1) for c in cells() if c.cell_type == "code" for m in [re.search(r'check\("03\.(\d+)"', c.source)] if m]
    assert numbers == list(range(1, len(numbers) + 1)) and checks == [str(k) for k in numbers]
