"""Notebook 08's exercises: every right answer in every form passes, the once accepted wrong answers and other
typical ones fail with a fitting hint, and no message prints the answer."""

import pickle
import random
import types

import pytest

from puzzlelib import Board, distances
from puzzlelib.core.heuristics import manhattan, misplaced
from puzzlelib.course.exercises import EXERCISES, check, hint, reveal
from puzzlelib.course.exercises.grading import POINTS, grade
from puzzlelib.course.exercises.nb08_beyond_bfs import _CLOSED_STARTS, _REOPEN_STARTS, _astar_run, _Heuristic, _pdb3
from puzzlelib.course.exercises.solutions import FLAWED, SOLUTIONS

GOAL3 = Board.goal(3, 3)
OVER = Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]])
CLOSED = Board([[7, 0, 8], [1, 4, 2], [3, 5, 6]])


@pytest.fixture(scope="module")
def d3():
    return distances(GOAL3)


def run(capsys, exercise_id, answer):
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def written_out(f):
    """The reference, as a student who wrote the same code would have it (the sandbox refuses the answer key)."""
    return types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)


def never_shown(out, *boards):
    for b in boards:
        assert repr(b) not in out and str(b.tiles) not in out and str(b.grid) not in out


def test_page_order_levels_and_kinds():
    kinds = {k: (EXERCISES[k].kind, EXERCISES[k].level) for k in EXERCISES if k.startswith("08.")}
    assert kinds == {"08.1": ("value", "core"), "08.2": ("function", "challenge"), "08.3": ("proof", "challenge"),
                     "08.4": ("function", "core"), "08.5": ("value", "core"), "08.6": ("function", "challenge"),
                     "08.7": ("function", "core")}


# --- 08.1: a witness that the sum of two admissible heuristics overestimates ---------------------------

def test_every_form_of_a_witness_passes_and_only_witnesses(capsys, d3):
    for answer in [(OVER, 1), [OVER, 1], (OVER.grid, 1), (tuple(map(tuple, OVER.grid)), 1)]:
        ok, out = run(capsys, "08.1", answer)
        assert ok, (answer, out)
    rng = random.Random(1)
    for tiles in rng.sample(list(d3), 60):
        board = Board.from_tiles(tiles, 3, 3)
        over = misplaced(board) + manhattan(board) > d3[tiles]
        ok, out = run(capsys, "08.1", (board, d3[tiles]))
        assert ok is over, (board, out)
        assert ok or "does not show the sum overestimating" in out


def test_wrong_witnesses_get_fitting_hints(capsys, d3):
    far = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    cases = [((OVER, 2), "not the fewest moves"), ((far, 31), "does not show the sum"),
             ((Board([[1, 2, 3], [4, 5, 6], [8, 7, 0]]), 3), "cannot reach the goal"),
             ((Board([[1, 2, 3], [4, 0, 5]]), 1), "give a 3 x 3 board")]
    for answer, words in cases:
        ok, out = run(capsys, "08.1", answer)
        assert not ok and words in out, (answer, out)
        never_shown(out, OVER)
    for answer in (OVER, True, (OVER, 1, 1), (OVER, "1")):
        ok, out = run(capsys, "08.1", answer)
        assert not ok
        never_shown(out, OVER)


# --- 08.2: linear conflict, tightened ------------------------------------------------------------------

def _manhattan_of(board):
    cols = board.cols
    return sum(abs(i // cols - (t - 1) // cols) + abs(i % cols - (t - 1) % cols) for i, t in enumerate(board.tiles) if t)


def test_the_answers_once_accepted_now_fail(capsys):
    """08.5 of issue 46's reading passed Manhattan + 2 if any line had a conflict; 08.4 passed floats."""
    lc = written_out(SOLUTIONS["stronger"])
    once = lambda board: _manhattan_of(board) + 2 * (lc(board) > _manhattan_of(board))      # noqa: E731
    ok, out = run(capsys, "08.2", once)
    assert not ok and "not 2 once for the whole board" in out
    ok, out = run(capsys, "08.2", lambda board: lc(board) / 1)
    assert not ok and "return an int" in out
    ok, out = run(capsys, "08.2", lambda board: float(lc(board)))
    assert not ok and "(an int)" in out
    ok, out = run(capsys, "08.2", FLAWED["stronger_pairs"])
    assert not ok and "count the tiles that must leave, not the pairs" in out
    ok, out = run(capsys, "08.2", lc)
    assert ok, out


def test_a_heuristic_never_below_linear_conflict_passes_too(capsys):
    lc = written_out(SOLUTIONS["stronger"])
    ok, out = run(capsys, "08.2", lambda board: max(lc(board), sum(1 for i, t in enumerate(board.tiles) if t and t != i + 1)))
    assert ok, out


# --- 08.3: a written proof ----------------------------------------------------------------------------

def test_the_proof_prints_questions_and_its_model_only_on_reveal(capsys):
    assert check("08.3") is None
    out = capsys.readouterr().out
    assert "longest increasing subsequence" not in out and "Does it cover the three cases" in out
    assert "longest increasing subsequence" in reveal("08.3")


# --- 08.4: A* that counts reopened boards ----------------------------------------------------------------

def test_the_reference_and_the_checkers_astar_agree_with_and_without_reopening(d3):
    """The check's A* (the teaching astar_search, moves to expanded boards left out without reopening) is the
    reference's, board by board: the same paths and counts."""
    from puzzlelib.core.generic import SlidingPuzzleProblem, astar_search

    h = _Heuristic("pdb3")
    for start in _REOPEN_STARTS:
        seen = []
        astar_search(SlidingPuzzleProblem(start), heuristic=_pdb3(True), on_expand=lambda n: seen.append(n.state))
        path, reopened = SOLUTIONS["astar_count"](start, h)
        assert reopened == len(seen) - len(set(seen)) > 0 and len(path) - 1 == d3[start.tiles]
        assert (path, reopened) == _astar_run(start)
    for start in _CLOSED_STARTS:                  # another path, as short: none of them answers 08.5
        path, reopened = SOLUTIONS["astar_count"](start, h, False)
        assert (path, reopened) == _astar_run(start, reopen=False) and reopened == 0
        assert len(path) - 1 == d3[start.tiles] and path != _astar_run(start)[0]
    rng = random.Random(5)
    for tiles in rng.sample([t for t, d in d3.items() if d >= 20], 150):
        start = Board.from_tiles(tiles, 3, 3)
        for reopen in (True, False):
            assert SOLUTIONS["astar_count"](start, h, reopen) == _astar_run(start, reopen), (start, reopen)
    path, _ = _astar_run(CLOSED, reopen=False)
    assert (len(path) - 1, d3[CLOSED.tiles]) == (27, 25)            # the example


def test_astar_count_accepts_paths_of_tiles_and_refuses_the_flawed(capsys):
    ref = written_out(SOLUTIONS["astar_count"])
    ok, out = run(capsys, "08.4", lambda s, h, reopen=True: ([b.tiles for b in ref(s, h, reopen)[0]], ref(s, h, reopen)[1]))
    assert ok, out
    ok, out = run(capsys, "08.4", FLAWED["astar_count_stale"])
    assert not ok and "stale" in out and "manhattan" in out
    ok, out = run(capsys, "08.4", FLAWED["astar_count_closed"])
    assert not ok and "0 reopened boards" in out and "push it again" in out

    def reopens_anyway(start, h, reopen=True):
        return ref(start, h, True)
    ok, out = run(capsys, "08.4", reopens_anyway)
    assert not ok and "reopen=False" in out and "closed for good" in out


def test_astar_count_with_other_ties_is_told_about_the_order(capsys):
    ok, out = run(capsys, "08.4", _other_ties)
    assert not ok and ("order of ties" in out or "board.neighbors()" in out), out


def _other_ties(start, h, reopen=True):
    """A* whose ties go to the board pushed last: it still finds shortest paths, but counts otherwise."""
    from heapq import heappop, heappush
    goal = Board.goal(start.rows, start.cols)
    g, parent, queue = {start: 0}, {start: None}, [(h(start), h(start), 0, start)]
    expanded, reopened, pushed = set(), 0, 0
    while queue:
        f, hb, _, board = heappop(queue)
        if g[board] + hb < f:
            continue
        if board == goal:
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1], reopened
        reopened += board in expanded
        expanded.add(board)
        for nxt in board.neighbors():
            if not reopen and nxt in expanded:
                continue
            if g[board] + 1 < g.get(nxt, float("inf")):
                g[nxt], parent[nxt] = g[board] + 1, board
                pushed -= 1
                heappush(queue, (g[nxt] + h(nxt), h(nxt), pushed, nxt))
    return None


def test_trivial_and_partial_answers_score_little():
    assert grade("08.4", lambda start, h, reopen=True: ([start], 0), points=2) == 0
    # never reopens: right with Manhattan (2 of 5) and with reopen=False (1 of 5), not with pdb3 (it counts 0)
    assert grade("08.4", FLAWED["astar_count_closed"], points=2) == pytest.approx(2 * 3 / 5)


# --- 08.5: a start where A* without reopening returns a longer path --------------------------------------

def test_every_such_start_passes_with_its_count(capsys, d3):
    ref = SOLUTIONS["astar_count"]
    h = _Heuristic("pdb3")
    for start in (CLOSED, Board([[4, 0, 2], [5, 3, 8], [6, 7, 1]]), Board([[3, 2, 5], [7, 1, 8], [0, 4, 6]])):
        moves = len(ref(start, h, False)[0]) - 1
        assert moves > d3[start.tiles]
        for answer in [(start, moves), [start.grid, moves]]:
            ok, out = run(capsys, "08.5", answer)
            assert ok, (answer, out)
        ok, out = run(capsys, "08.5", (start, moves + 2))
        assert not ok and "not of that many moves" in out and "another order than exercise 4's rules" in out


def test_wrong_starts_get_fitting_hints(capsys):
    calm = Board([[1, 2, 3], [4, 5, 0], [7, 8, 6]])
    cases = [((calm, 3), "still returns a path with the fewest moves"), ((CLOSED, 29), "not of that many moves"),
             ((CLOSED, 25), "that many moves is the fewest"), ((calm, 1), "that many moves is the fewest"),
             ((CLOSED, 23), "no path from that start is that short"),
             ((Board([[1, 2, 3], [4, 5, 6], [8, 7, 0]]), 1), "cannot reach the goal"),
             ((Board.goal(2, 3), 1), "give a 3 x 3 board")]
    for answer, words in cases:
        ok, out = run(capsys, "08.5", answer)
        assert not ok and words in out, (answer, out)
        never_shown(out, CLOSED)
        assert "27" not in out
    hint("08.5")
    never_shown(capsys.readouterr().out, CLOSED)


def test_a_start_that_only_other_ties_make_longer_is_told_so_not_judged_by_the_students_function(capsys, d3):
    """The check never runs the student's astar_count: it judges the start by A* with exercise 4's rules (the
    module's reference). A start from which A* with other ties returns a longer path, but A* by the rules a
    shortest one, is refused, and the message says why the student's search may have said otherwise."""
    start = Board([[5, 6, 0], [8, 1, 4], [2, 7, 3]])
    path, _ = _other_ties(start, _Heuristic("pdb3"), False)
    assert len(path) - 1 == 28 > d3[start.tiles] == 26 == len(_astar_run(start, reopen=False)[0]) - 1
    ok, out = run(capsys, "08.5", (start, 28))
    assert not ok and "still returns a path with the fewest moves" in out
    assert "If your astar_count returned a longer path from it" in out and "run its check first" in out


# --- 08.6: IDA* with a stack of its own -----------------------------------------------------------------

def test_the_heuristic_crosses_into_the_sandbox_by_name():
    h = _Heuristic("pdb3", flat=True)
    copy = pickle.loads(pickle.dumps(h))
    assert repr(copy) == "pdb3" and copy.flat and copy(GOAL3) == 0 and copy(CLOSED) == _pdb3(True)(CLOSED)
    assert _Heuristic("blank_distance")(Board([[0, 1, 2]])) == 2


def test_a_recursive_ida_keeps_four_fifths_and_hears_why(capsys):
    ok, out = run(capsys, "08.6", FLAWED["ida_bounds_recursive"])
    assert not ok and "stack of your own" in out
    assert grade("08.6", FLAWED["ida_bounds_recursive"], points=3) == pytest.approx(3 * 4 / 5)


def test_wrong_bounds_are_caught(capsys):
    ref = written_out(SOLUTIONS["ida_bounds"])
    ok, out = run(capsys, "08.6", lambda s, h: (ref(s, h)[0], ref(s, h)[1][1:] or [0]))
    assert not ok and "are not the passes IDA* makes" in out
    ok, out = run(capsys, "08.6", ref)
    assert ok, out


# --- 08.7: a pattern database by BFS ---------------------------------------------------------------------

def test_pattern_cost_catches_tables_that_count_the_blank_or_miss_placements(capsys):
    ok, out = run(capsys, "08.7", FLAWED["pattern_cost_all_moves"])
    assert not ok and "costs nothing" in out
    ok, out = run(capsys, "08.7", FLAWED["pattern_cost_first_seen"])
    assert not ok and "not the fewest moves of the pattern's tiles" in out
    ref = written_out(SOLUTIONS["pattern_cost"])

    def missing(goal, pattern):
        table = ref(goal, pattern)
        table.pop(next(iter(table)))
        return table

    ok, out = run(capsys, "08.7", missing)
    assert not ok and "not every one" in out and "until the queue is empty" in out

    def taxicab(goal, pattern):                    # admissible, but weaker than the table
        table = ref(goal, pattern)
        homes = [goal.tiles.index(t) for t in pattern]
        return {p: sum(abs(c // goal.cols - h // goal.cols) + abs(c % goal.cols - h % goal.cols)
                       for c, h in zip(p, homes)) for p in table}

    ok, out = run(capsys, "08.7", taxicab)
    assert not ok and "no value can be below" in out
    ok, out = run(capsys, "08.7", lambda goal, pattern: {tuple(k): v for k, v in ref(goal, pattern).items()})
    assert ok, out
    assert grade("08.7", taxicab, points=2) == pytest.approx(2 * 2 / 5)       # one tile, and never overestimates


# --- the notebook: what the exercises need, and what exercise 2 says its check does -------------------

def _notebook08():
    import nbformat
    from pathlib import Path
    return nbformat.read(Path(__file__).resolve().parents[1] / "notebooks" / "08_beyond_bfs.ipynb", as_version=4)


def _names(source: str, ctx) -> set:
    import ast
    try:
        tree = ast.parse(source)
    except SyntaxError:                          # a signature shown in an exercise's text, not code to run
        return set()
    return {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ctx)}


def test_the_exercises_need_no_cell_tagged_long():
    """A cell tagged long may be skipped (a quick run): every name the exercises' cells and solutions use is
    defined in a cell that is not tagged long, pdb3 among them."""
    import ast
    import re

    cells = _notebook08().cells
    first = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith("## Exercises"))
    code = [c for c in cells[:first] if c.cell_type == "code"]
    long_only = set().union(*(_names(c.source, ast.Store) for c in code if "long" in c.metadata.get("tags", [])))
    long_only -= set().union(*(_names(c.source, ast.Store) for c in code if "long" not in c.metadata.get("tags", [])))
    assert "pdb3" not in long_only and any("pdb3 = " in c.source for c in code if "long" not in c.metadata.get("tags", []))
    used = set()
    for c in cells[first:]:
        sources = [c.source] if c.cell_type == "code" else re.findall(r"```python\n(.*?)```", c.source, flags=re.S)
        for source in sources:
            used |= _names(source, ast.Load)
    assert {"pdb3", "D3"} <= used and not used & long_only, used & long_only


def test_exercise_2_says_what_its_check_does():
    """The check of 08.2 asks for 0 at the goal, admissible, consistent and never below linear conflict (a
    stronger heuristic passes too): the text says that, not that it compares line by line."""
    text = "\n".join(c.source for c in _notebook08().cells if c.cell_type == "markdown"
                     and ("def stronger(board)" in c.source or "The check tries the 2 x 3" in c.source))
    assert "never below linear conflict" in text and "line by line" not in text
    assert "passes too, if it is admissible and" in text
