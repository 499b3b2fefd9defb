"""What a notebook shows with ``show_source`` is the algorithm: no guard, limit, budget or cache line, and at
most 30 lines of code.

Every ``show_source(...)`` call in the lessons is found, the object it names is resolved in puzzlelib, and
the listing it prints (:func:`puzzlelib.course.notebook.source`: from the ``def`` line, decorators left out) is
read as code: its docstring, comments and blank lines don't count. The checks run by a function's
:func:`~puzzlelib.core.door.door` are not in the listing; a listing that calls a check, raises, or reads a
limit fails here.
"""

from __future__ import annotations

import ast
import re
import sys
import textwrap
from pathlib import Path

import pytest

from puzzlelib.course.notebook import source
from test_api import shown_objects  # noqa: E402 (how a notebook's names resolve: tests/test_api.py)

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402

MAX_CODE_LINES = 30
GUARD_NAME = re.compile(r"^_?(as_board|board_and_goal|board_goal_args|check_\w+|refuse\w*|\w*_limit|whole_number|"
                        r"too_many_states|resolve_goal|permutation_rows|_encodable|as_array|\w*budget\w*|"
                        r"\w*cache\w*|\w*memo\w*|lru_cache|search_limit|state_limit|same_shape)$", re.I)


def shown() -> list[tuple[str, str, object]]:
    """(lesson, expression, object) for every show_source call in the lessons, resolved as the notebook binds it."""
    return [(path.name[:2], expr, obj) for path in lessons() for expr, obj in shown_objects(path)]


def code_lines(text: str) -> list[str]:
    """The lines of ``text`` (one function's source) that are code: not blank, not comments, not the docstring."""
    tree = ast.parse(textwrap.dedent(text))
    func = tree.body[0]
    skip = set()
    body = func.body
    if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) \
            and isinstance(body[0].value.value, str):
        skip.update(range(body[0].lineno, body[0].end_lineno + 1))
    lines = textwrap.dedent(text).splitlines()
    return [line for number, line in enumerate(lines, 1)
            if number not in skip and line.strip() and not line.strip().startswith("#")]


def guard_lines(text: str) -> list[str]:
    """What in the listing checks, limits or caches: a raise, a call or decorator of a guard's name."""
    tree = ast.parse(textwrap.dedent(text))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise):
            found.append(f"line {node.lineno}: raise")
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if GUARD_NAME.match(name):
                found.append(f"line {node.lineno}: {name}()")
        elif isinstance(node, ast.Name) and re.search(r"limit|budget|MAX_", node.id) and node.id != "max_nodes":
            found.append(f"line {node.lineno}: {node.id}")
    return found


def test_the_lessons_show_sources():
    found = shown()
    assert len(found) >= 20 and all(callable(obj) for _, _, obj in found), found


@pytest.mark.parametrize("lesson,name,obj", shown(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_shown_function_is_the_algorithm(lesson, name, obj):
    text = source(obj)
    code = code_lines(text)
    assert len(code) <= MAX_CODE_LINES, f"{lesson}: show_source({name}) shows {len(code)} lines of code"
    assert not guard_lines(text), f"{lesson}: show_source({name}) shows guards: {guard_lines(text)}"
    assert not text.lstrip().startswith("@"), f"{lesson}: the listing of {name} starts with a decorator"


BEFORE = '''
def keyed_bfs(board, goal=None, *, max_nodes=None):
    """BFS."""
    board, goal = board_and_goal(board, goal, "board")
    limit = _keyed_limit(max_nodes, board.rows, board.cols)
    dist = {to_key(board): 0}
    if len(dist) > limit:
        raise too_many_states(board, limit)
    return dist
'''


def test_the_checks_find_what_issue_45_found():
    """The checks fail on a listing like keyed_bfs's before the door, and on a 31-line function."""
    found = guard_lines(BEFORE)
    assert any("board_and_goal" in f for f in found) and any("raise" in f for f in found), found
    assert any("_keyed_limit" in f for f in found) and any(": limit" in f for f in found), found
    long = "def f(x):\n    '''Doc.'''\n" + "".join(f"    x += {i}  # step\n" for i in range(31)) + "    return x\n"
    assert len(code_lines(long)) == 33
    plain = "def g(board):\n    '''Doc\n\n    more.'''\n    # a comment\n\n    return board.tiles\n"
    assert code_lines(plain) == ["def g(board):", "    return board.tiles"] and guard_lines(plain) == []


def test_source_leaves_the_door_out_and_the_door_still_checks():
    from puzzlelib import Board
    from puzzlelib.core.heuristics import misplaced

    assert source(misplaced).startswith("def misplaced(")
    assert misplaced.__wrapped__(Board([[1, 0]]), Board([[1, 0]])) == 0          # the body: no checks
    with pytest.raises(TypeError):
        misplaced("not a board")
    with pytest.raises(ValueError, match="same shape"):
        misplaced(Board.goal(2, 2), Board.goal(2, 3))
