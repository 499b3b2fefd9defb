"""One source for each reference solution: the notebook's solution cell shows the code that reveal() prints.

For every write-a-function exercise ``NN.K``, notebook ``NN``'s cell "Solution to exercise K." holds a
```python block defining the function, and :mod:`puzzlelib.course.exercises.solutions` defines it too. The
two must be the same code (the same syntax tree, docstring included) with the same comments; only
the spacing may differ.
"""

from __future__ import annotations

import ast
import inspect
import io
import re
import tokenize
from pathlib import Path

import nbformat
import pytest

from puzzlelib.course.exercises import EXERCISES, reveal
from puzzlelib.course.exercises.solutions import SOLUTIONS

ROOT = Path(__file__).resolve().parent.parent
FUNCTION_IDS = [k for k, e in EXERCISES.items() if e.kind == "function"]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def solution_cell_code(exercise_id: str) -> str:
    """The ```python block of the notebook's solution cell that defines the exercise's function."""
    notebook, number = exercise_id.split(".")
    (path,) = (ROOT / "notebooks").glob(f"{notebook}_*.ipynb")
    name = EXERCISES[exercise_id].function
    for cell in nbformat.read(path, as_version=4).cells:
        if "solution" in cell.metadata.get("tags", []) and f"Solution to exercise {number}." in cell.source:
            blocks = [b for b in BLOCK.findall(cell.source) if re.search(rf"^def {name}\(", b, re.M)]
            assert len(blocks) == 1, f"{path.name}: the solution to exercise {number} should define {name} once"
            return blocks[0]
    raise AssertionError(f"{path.name} has no solution cell for exercise {number}")


def comments(source: str) -> list[str]:
    """The comments of ``source``, in order, each with its spacing collapsed."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    return [" ".join(t.string.split()) for t in tokens if t.type == tokenize.COMMENT]


def test_there_is_one_reference_solution_per_function_exercise_in_notebook_order():
    assert list(SOLUTIONS) == [EXERCISES[k].function for k in FUNCTION_IDS]
    assert all(EXERCISES[k].solution() is SOLUTIONS[EXERCISES[k].function] for k in FUNCTION_IDS)


@pytest.mark.parametrize("exercise_id", FUNCTION_IDS)
def test_the_solution_cell_and_the_reference_solution_are_the_same_code(exercise_id):
    reference = inspect.getsource(SOLUTIONS[EXERCISES[exercise_id].function])
    shown = solution_cell_code(exercise_id)
    assert ast.dump(ast.parse(shown)) == ast.dump(ast.parse(reference)), (
        f"notebook {exercise_id[:2]}'s solution cell and solutions.py differ in code:\n--- notebook\n{shown}"
        f"--- solutions.py\n{reference}")
    assert comments(shown) == comments(reference), f"{exercise_id}: the comments differ"


def test_reveal_prints_that_source_with_nothing_compiled_from_strings(capsys):
    for exercise_id in FUNCTION_IDS:
        capsys.readouterr()
        fn = reveal(exercise_id)
        out = capsys.readouterr().out
        assert inspect.getsource(fn) in out
        assert fn.__code__.co_filename.endswith(str(Path("exercises") / "solutions.py"))
