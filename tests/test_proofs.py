"""Written proofs (issue 46): each lecture's homework asks for one, graded by hand with a rubric.

A proof exercise sits in its notebook as a heading, a "**Your proof.**" cell for the student, a
``check("NN.K")`` cell that prints questions a complete proof answers yes to, and the model proof in the
collapsed solution cell. The questions must not give the proof away, and the rubric's points must add up
to the exercise's.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.exercises import EXERCISES, Exercise, check, reveal
from puzzlelib.course.exercises.grading import POINTS

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_homework  # noqa: E402

PROOFS = [i for i, ex in EXERCISES.items() if ex.kind == "proof"]


def test_every_lecture_has_a_written_proof_in_its_homework():
    for number, title, ids in build_homework.homework_lists():
        assert [i for i in ids if EXERCISES[i].kind == "proof"], f"lecture {number} ({title}) asks for no proof"


def _runs(text: str, n: int = 7) -> set[str]:
    words = re.findall(r"[a-z0-9']+", text.lower())
    return {" ".join(words[i:i + n]) for i in range(len(words) - n + 1)}


@pytest.mark.parametrize("exercise_id", PROOFS)
def test_the_self_check_asks_questions_and_gives_no_proof_away(exercise_id, capsys):
    ex = EXERCISES[exercise_id]
    assert sum(points for points, _ in ex.rubric) == POINTS[ex.level], ex.rubric
    assert check(exercise_id) is None
    said = capsys.readouterr().out
    assert all(q in said for q in ex.questions) and "proof" in said
    shared = _runs(said) & _runs(ex.solution())
    assert not shared, f"the questions repeat the model proof: {sorted(shared)[:3]}"
    assert reveal(exercise_id) == ex.solution()
    assert ex.solution() in capsys.readouterr().out


@pytest.mark.parametrize("exercise_id", PROOFS)
def test_the_notebook_has_the_proof_cells_in_order(exercise_id):
    number, k = exercise_id.split(".")
    path = next((ROOT / "notebooks").glob(f"{number}_*.ipynb"))
    cells = nbformat.read(path, as_version=4).cells
    head = next(i for i, c in enumerate(cells) if c.cell_type == "markdown"
                and re.match(rf"#+ Exercise {int(k)} \(", c.source))
    j = head
    while not cells[j].source.startswith(build_homework.PROOF_CELL):
        assert cells[j].cell_type == "markdown", (exercise_id, cells[j].source[:80])
        j += 1
    assert cells[j].cell_type == "markdown"
    assert cells[j + 1].cell_type == "code" and cells[j + 1].source.strip().rstrip(";") == f'check("{exercise_id}")'
    solution = cells[j + 2]
    assert "solution" in solution.metadata.get("tags", []) and EXERCISES[exercise_id].solution() in solution.source


@pytest.mark.parametrize("rubric", [(), ((1.5, "half"),), ((1, ""),), ((0, "nothing"),), (("1", "text"),)])
def test_a_proof_exercise_needs_a_rubric_of_whole_points(rubric):
    with pytest.raises(TypeError, match="rubric"):
        Exercise(id="99.1", title="t", level="warm-up", minutes=5, kind="proof", solution=lambda: "proof",
                 hint="h", why="w", questions=("q?",), rubric=rubric)
    with pytest.raises(TypeError, match="questions"):
        Exercise(id="99.1", title="t", level="warm-up", minutes=5, kind="proof", solution=lambda: "proof",
                 hint="h", why="w", questions=(), rubric=((1, "x"),))
