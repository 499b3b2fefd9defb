"""Notebook 00's exercises (issue 34): the checker demo's hints fit the answer; no message names a function
that notebook 00 does not import."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from puzzlelib.exercises import EXERCISES, check, hint

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


def test_the_correct_message_of_00_1_runs_in_the_notebook(capsys):
    from puzzlelib import Board
    almost, answer = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]]), [5, 8]
    ok, out = run(capsys, "00.1", answer)
    assert ok is True
    call = re.search(r"print\((.*)\)\.?$", out.strip()).group(1)
    assert eval(call, {"almost": almost, "answer": answer}) == Board.goal(3, 3)


def test_hints_of_00_never_name_the_answer(capsys):
    for exercise_id, answer in (("00.1", "[5, 8]"), ("00.2", "5"), ("00.3", "[3, 5, 6]")):
        capsys.readouterr()
        hint(exercise_id)
        assert answer not in capsys.readouterr().out
