"""Notebook 00's exercises (issue 34): the checker demo's hints fit the answer; no message names a function
that notebook 00 does not import."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.exercises import EXERCISES, check, hint

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "00_start_here.ipynb"


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


@pytest.mark.parametrize("answer,says,not_said", [
    (5, "count two, then two more", "not text"),                 # a wrong number: no word about text
    (3.0, "count two, then two more", "not text"),
    ("4", "a string where a number is expected", "count two"),  # text: the hint about text
    ("22", "that is text", "count two"),
    (22, "the two digits written side by side", "count two"),
])
def test_the_checker_demo_gives_a_hint_that_fits_the_answer(capsys, answer, says, not_said):
    ok, out = run(capsys, "00.0", answer)
    assert ok is False and says in out and not_said not in out, out


def test_the_checker_demo_accepts_four(capsys):
    for answer in (4, 4.0, 2 + 2):
        ok, _ = run(capsys, "00.0", answer)
        assert ok is True


def names_notebook_00_defines() -> set[str]:
    """Every name notebook 00 imports or assigns, and the builtins."""
    import ast
    import builtins
    names = set(dir(builtins))
    for cell in nbformat.read(NOTEBOOK, as_version=4).cells:
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def test_every_call_a_message_of_notebook_00_suggests_runs_there(capsys):
    """The 'correct' messages (why) and the solutions name only functions the notebook has (no draw_path)."""
    defined = names_notebook_00_defines()
    texts = [EXERCISES[k].why for k in ("00.1", "00.2", "00.3")]
    texts += [c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if "solution" in c.metadata.get("tags", [])]
    called = {name for t in texts for name in re.findall(r"\b([a-z_]+)\(", t)}
    assert called and called <= defined | {"slide", "movable_tiles"}, called - defined
    assert "draw_path" not in "".join(texts)


def test_00_1_accepts_a_list_or_a_tuple_and_nothing_else(capsys):
    for answer in ([5, 8], (5, 8)):
        ok, out = run(capsys, "00.1", answer)
        assert ok is True, (answer, out)
    for answer, says in (((8, 5), "8 is not next to the blank"), ([5, 6], "not yet"), ((5,), "not yet"), ("5, 8", "not yet")):
        ok, out = run(capsys, "00.1", answer)
        assert ok is False and says in out, (answer, out)


def test_00_3_accepts_the_tiles_in_any_order_as_a_list_set_or_tuple(capsys):
    from puzzlelib import Board
    right = set(Board([[2, 8, 3], [1, 6, 4], [7, 0, 5]]).slide(6).movable_tiles())
    assert right == {1, 4, 6, 8}
    for answer in ([1, 4, 6, 8], [8, 6, 4, 1], (1, 4, 6, 8), {1, 4, 6, 8}, frozenset(right)):
        ok, out = run(capsys, "00.3", answer)
        assert ok is True, (answer, out)
    for answer, says in (([5, 6, 7], "before the slide"), ({1, 4, 8}, "the tile you just slid"),
                         ([0, 1, 4, 6, 8], "the blank (0) is not a tile"), ([1, 4, 6], "not yet"),
                         ([1, 4, 6, 8, 8], "not yet")):
        ok, out = run(capsys, "00.3", answer)
        assert ok is False and says in out, (answer, out)
        assert "1, 4, 6, 8" not in out


def test_the_warm_ups_boards_are_pictures_not_names_in_the_notebook():
    """00.1 to 00.3 give their boards as pictures: no variable holds one, so no call answers at once."""
    names = names_notebook_00_defines()
    assert not {"almost", "small"} & names
    sources = [c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "code"]
    assert not any("movable_tiles()" in src and "slide(3)" in src for src in sources)


def test_hints_of_00_never_name_the_answer(capsys):
    for exercise_id, answer in (("00.1", "[5, 8]"), ("00.2", "5"), ("00.3", "[1, 4, 6, 8]")):
        capsys.readouterr()
        hint(exercise_id)
        assert answer not in capsys.readouterr().out
