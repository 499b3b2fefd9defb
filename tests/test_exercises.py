"""The exercise checker: right answers pass, wrong ones get a fitting hint, and no answer is ever printed."""

from __future__ import annotations

import sys
import doctest
import inspect
import json
import math
import random
import re
import signal
import time
from fractions import Fraction
from math import factorial
from pathlib import Path

import numpy as np
import pytest

import puzzlelib.course.exercises as ex_package
from puzzlelib import Board, is_solvable, min_moves
from puzzlelib.course.exercises import EXERCISES, KINDS, LEVELS, Exercise, Mistake, check, engine, exercises, hint, reveal
from puzzlelib.course.exercises.solutions import SOLUTIONS
from puzzlelib.core.heuristics import linear_conflict, manhattan, misplaced


def own_misplaced(board):
    """Misplaced tiles, written as a student would, without puzzlelib's heuristics."""
    goal = Board.goal(board.rows, board.cols).tiles
    return sum(1 for t, g in zip(board.tiles, goal) if t and t != g)


def own_manhattan(board):
    """Manhattan distance, written as a student would."""
    total = 0
    for i, t in enumerate(board.tiles):
        if t:
            r, c = divmod(i, board.cols)
            gr, gc = divmod(t - 1, board.cols)
            total += abs(r - gr) + abs(c - gc)
    return total


ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
VALUE_IDS = [k for k, e in EXERCISES.items() if e.kind == "value"]
FUNCTION_IDS = [k for k, e in EXERCISES.items() if e.kind == "function"]
MISTAKES = [(k, i) for k, e in EXERCISES.items() for i in range(len(e.mistakes))]


def expected_of(exercise_id):
    return engine._expected(EXERCISES[exercise_id])


def run(capsys, exercise_id, answer):
    """check() an answer; return (its result, what it printed)."""
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


# --- what counts as giving the answer away ---------------------------------------------------------

def answer_texts(value) -> set[str]:
    """The ways the expected value could show up in a message."""
    texts = {str(value), repr(value)}
    if isinstance(value, bool):
        return texts
    if isinstance(value, int):
        texts |= {f"{value:,}", f"{value:_}"}
    if isinstance(value, float):
        texts |= {f"{value:.2f}", f"{value:g}"}
    if isinstance(value, (tuple, list)):
        texts |= {str(tuple(value)), str(list(value)), ", ".join(map(str, value)), " ".join(map(str, value))}
    if isinstance(value, (set, frozenset)):
        texts |= {str(sorted(value))} | {str(e) for e in value} | {repr(e) for e in value}
    if isinstance(value, Board):
        texts |= {str(value.tiles), str(value.grid)}
    return texts


def leaks(output: str, value) -> list[str]:
    """The forms of ``value`` that appear in ``output`` as whole tokens.

    A token match, not a substring test: a small answer like 1 or 0 is also a digit of the
    exercise's id ("05.1"), and that gives nothing away. A text is found when it is not glued
    to a letter, a digit or a decimal point on either side.
    """
    found = []
    for text in answer_texts(value):
        if re.search(r"(?<![\w.])" + re.escape(text) + r"(?![\w]|\.\d)", output):
            found.append(text)
    return found


def wrong_values(value) -> list:
    """Typical wrong answers of the expected value's kind (all of them wrong)."""
    if isinstance(value, bool):
        out = [not value, int(value), str(value), None, "yes", 0.5]
    elif isinstance(value, (int, float)):
        out = [value + 1, value - 1, str(value), f"{value:,}" if isinstance(value, int) else "x", True, False,
               None, [value], "x", -value - 7, math.nan]
    elif isinstance(value, str):
        out = ["zzz", 1, None, True, [value]]
    elif isinstance(value, tuple):
        out = [list(value), value[::-1], None, "x", 5, True]
        try:
            out.append(tuple(sorted(value)))
        except TypeError:                 # items that can't be compared, e.g. (Board, count)
            pass
    elif isinstance(value, set):
        out = [sorted(value), set(), None, "x", {"nothing"}, 3, True]
    elif isinstance(value, list):
        out = [tuple(value), value[::-1], None, [], 3, True, "x"]
    elif isinstance(value, Board):
        out = [value.tiles, value.grid, None, Board.goal(value.rows, value.cols, blank="first"), 3, True]
    else:
        raise AssertionError(f"no wrong answers known for {value!r}")
    return [w for w in out if not engine._equal(w, value)]


def accepted_form(ex, answer, value) -> bool:
    """True when the exercise's ``normalize`` accepts ``answer`` on purpose as another form of ``value``
    (01.2 takes a board's six tiles as well as the Board; 01.3 takes the two boards in either order)."""
    return ex.normalize is not None and engine._equal(ex.normalize(engine._plain(answer)), value)


# --- every value exercise -----------------------------------------------------------------------

@pytest.mark.parametrize("exercise_id", VALUE_IDS)
def test_the_stored_answer_is_correct(capsys, exercise_id):
    ok, out = run(capsys, exercise_id, expected_of(exercise_id))
    assert ok is True
    assert out.startswith("correct: ") and out.count("\n") == 1, out


@pytest.mark.parametrize("exercise_id", VALUE_IDS)
def test_wrong_answers_get_not_yet_and_never_the_answer(capsys, exercise_id):
    value = expected_of(exercise_id)
    ex = EXERCISES[exercise_id]
    answers = [w for w in wrong_values(value) if not accepted_form(ex, w, value)] + \
        [engine._example(ex, i) for i in range(len(ex.mistakes))] + [...]
    assert len(answers) >= 5
    for answer in answers:
        ok, out = run(capsys, exercise_id, answer)
        assert ok is False, f"{exercise_id}: {answer!r} was accepted"
        assert "not yet" in out or "not answered" in out, out
        assert not leaks(out, value), f"{exercise_id}: the message for {answer!r} shows {leaks(out, value)}:\n{out}"


@pytest.mark.parametrize("exercise_id", VALUE_IDS)
def test_hints_never_give_the_answer(capsys, exercise_id):
    capsys.readouterr()
    hint(exercise_id)
    out = capsys.readouterr().out
    assert out.startswith(f"Hint for exercise {exercise_id} ")
    assert not leaks(out, expected_of(exercise_id)), out


@pytest.mark.parametrize("exercise_id,index", MISTAKES, ids=[f"{k}-{i}" for k, i in MISTAKES])
def test_each_foreseen_mistake_gets_its_own_hint(capsys, exercise_id, index):
    ex = EXERCISES[exercise_id]
    mistake = ex.mistakes[index]
    ok, out = run(capsys, exercise_id, engine._example(ex, index))
    assert ok is False
    assert out.startswith("not yet")
    assert mistake.hint in out, f"{exercise_id}: expected the hint {mistake.hint!r}, got:\n{out}"
    if ex.kind == "value":
        assert not leaks(out, expected_of(exercise_id)), out


def test_every_value_exercise_foresees_at_least_one_mistake():
    assert all(EXERCISES[k].mistakes for k in VALUE_IDS if k != "00.0") and all(
        len(EXERCISES[k].mistakes) >= 2 for k in FUNCTION_IDS)


# --- the generic mistakes -----------------------------------------------------------------------

def test_a_bool_is_never_a_number(capsys):
    for exercise_id in ("07.2", "04.6", "00.0"):          # answers that are numbers: True must never equal one
        for answer in (True, False, np.bool_(True)):
            ok, out = run(capsys, exercise_id, answer)
            assert ok is False
            assert "a bool (True or False) where a number is expected" in out


def test_a_string_where_a_number_belongs(capsys):
    ok, out = run(capsys, "00.3", str(expected_of("00.3")))
    assert ok is False and "a string where a number is expected: write the number without quotes" in out


def test_a_list_where_a_tuple_belongs(capsys):
    ok, out = run(capsys, "01.3", list(expected_of("01.3")))      # 01.3 takes a list on purpose
    assert ok is True and accepted_form(EXERCISES["01.3"], list(expected_of("01.3")), expected_of("01.3"))
    assert engine._type_hint([9, 9, 9], "tuple") == (
        "a list where a tuple is expected: use round brackets, ( ... ), or tuple(your_list).")


def test_a_list_where_a_set_belongs_and_a_number_where_a_bool_belongs(capsys):
    ok, out = run(capsys, "05.2", ["one"])
    assert ok is False and "a list where a set is expected" in out
    _, out = run(capsys, "08.1", 1)
    assert "an int where a tuple is expected" in out
    _, out = run(capsys, "06.3", 7)
    assert "an int where a set is expected" in out


def test_a_function_where_a_value_belongs(capsys):
    ok, out = run(capsys, "03.3", lambda: 6)
    assert ok is False and "that is a function, not its result" in out


def test_the_placeholder_and_none(capsys):
    for exercise_id in ("00.0", "03.4", "02.4"):
        ok, out = run(capsys, exercise_id, ...)
        assert (ok, out) == (False, "not answered yet: replace ... with your answer\n")
    ok, out = run(capsys, "03.3", None)
    assert ok is False and out.startswith("not yet: your answer is None")


def test_a_generic_hint_when_nothing_specific_fits(capsys):
    ok, out = run(capsys, "03.3", 17)
    assert ok is False and EXERCISES["03.3"].hint in out


def test_equivalent_forms_are_accepted(capsys):
    accepted = [("07.3", 60.0), ("07.3", np.int64(60)), ("07.3", Fraction(60)), ("04.4", {Board([[1, 2, 5], [4, 3, 0]]), Board([[1, 2, 4], [3, 5, 0]]), Board([[1, 2, 3], [5, 4, 0]])}),
                ("05.2", [1, -1]), ("06.1", (expected_of("06.1")[0].grid, 1)),
                ("06.3", range(0, 31, 2)), ("05.1", expected_of("05.1").grid), ("07.1", list(expected_of("07.1").tiles)),
                ("03.4", (np.int64(2), 3)), ("03.3", np.int64(2)),
                ("00.0", np.int32(expected_of("00.0"))), ("01.1", tuple(np.int64(v) for v in expected_of("01.1").tiles))]
    for exercise_id, answer in accepted:
        ok, out = run(capsys, exercise_id, answer)
        assert ok is True, (exercise_id, answer, out)


def test_awkward_answers_are_refused_without_a_crash(capsys):
    awkward = [math.nan, math.inf, np.array([1, 2]), np.zeros((2, 2)), object(), {"a": 1}, b"6", 10**100,
               [[1, 2], [3, 0]], Board.goal(2, 2), float("-inf"), {1, 2}, (), ""]
    for exercise_id in VALUE_IDS:
        for answer in awkward:
            ok, out = run(capsys, exercise_id, answer)
            assert ok is False and out.startswith("not yet"), (exercise_id, answer, out)


# --- ids, listing, reveal -----------------------------------------------------------------------

def test_unknown_ids_list_the_known_ones():
    with pytest.raises(ValueError, match=r"there is no exercise 03\.9; notebook 03 has 03\.1, 03\.2"):
        check("03.9", 6)
    with pytest.raises(ValueError, match="notebooks with exercises: 00, 01"):
        check("42.1", 6)
    with pytest.raises(ValueError, match="looks like '03.2'"):
        check("exercise 3", 6)
    with pytest.raises(TypeError, match="string like '03.2'"):
        check(3.2, 6)
    for fn in (hint, reveal):
        with pytest.raises(ValueError, match="notebook 04 has"):
            fn("04.77")


def test_short_ids_are_understood(capsys):
    ok, _ = run(capsys, "3.3", expected_of("03.3"))
    assert ok is True


def test_reveal_says_it_is_revealing(capsys):
    for exercise_id in VALUE_IDS:
        capsys.readouterr()
        value = reveal(exercise_id)
        out = capsys.readouterr().out
        assert out.startswith(f"Revealing the answer to exercise {exercise_id}: ")
        assert engine._equal(value, expected_of(exercise_id))
        assert leaks(out, value), f"reveal({exercise_id!r}) does not show the answer: {out}"


def test_reveal_of_a_function_exercise_prints_a_solution_that_passes(capsys):
    for exercise_id in FUNCTION_IDS:
        name = EXERCISES[exercise_id].function
        capsys.readouterr()
        solution = reveal(exercise_id)
        out = capsys.readouterr().out
        assert out.startswith(f"Revealing the answer to exercise {exercise_id}: a reference solution")
        assert f"def {name}(" in out and solution.__name__ == name
        assert solution is SOLUTIONS[name]
        if solution not in REFERENCES[exercise_id]:       # else test_correct_functions_pass runs this very function
            ok, out = run(capsys, exercise_id, solution)
            assert ok is True, out


def test_exercises_lists_ids_titles_levels_and_times(capsys):
    capsys.readouterr()
    ids = exercises()
    out = capsys.readouterr().out
    assert ids == list(EXERCISES)
    for k in ids:
        e = EXERCISES[k]
        row = rf"^{re.escape(k)}\s+{e.level}\s+{e.minutes}\s+{e.kind}\s+{re.escape(e.title)}$"
        assert re.search(row, out, re.MULTILINE), k
    assert exercises(3) == exercises("03") == [k for k in EXERCISES if k.startswith("03.")]
    with pytest.raises(ValueError, match="notebook 12 has no exercises"):
        exercises(12)
    with pytest.raises(TypeError):
        exercises(True)


def test_the_registry_is_in_notebook_order():
    assert list(EXERCISES) == sorted(EXERCISES, key=lambda k: tuple(map(int, k.split("."))))


def test_the_registry_covers_every_exercise_of_notebooks_01_to_08():
    for path in lessons(ROOT / "notebooks", "0[1-8]_*.ipynb"):
        notebook = path.name[:2]
        cells = json.loads(path.read_text())["cells"]
        checks = sum(1 for c in cells if c["cell_type"] == "code" and "check(" in "".join(c["source"]))
        registered = [k for k in EXERCISES if k[:2] == notebook]
        assert checks >= 2 and len(registered) >= checks, (notebook, checks, registered)
    for notebook, wanted in {"01": "rank_of", "02": "layers_to", "03": "solvable", "05": "make_puzzle",
                             "07": "child_word", "08": "astar_count"}.items():
        assert any(e.function == wanted for k, e in EXERCISES.items() if k[:2] == notebook)
    assert {e.level for e in EXERCISES.values()} == set(LEVELS)
    assert {e.kind for e in EXERCISES.values()} == set(KINDS)


def test_expected_values_agree_with_the_notebooks():
    """The numbers the notebooks' solutions state, so a change in puzzlelib that moves them is noticed."""
    stated = {"00.0": 4, "00.1": [5, 8], "00.2": [5, 4, 1, 2, 3], "00.3": 24,
              "01.1": Board([[1, 2, 3], [5, 0, 4]]), "01.2": (Board([[2, 5, 4], [3, 1, 0]]), Board([[3, 0, 1], [2, 4, 5]])),
              "01.3": (Board([[0, 1, 2], [3, 4, 5]]), Board([[0, 1, 2], [3, 5, 4]])), "02.1": Board([[1, 3, 5], [4, 2, 0]]),
              "02.3": Board([[1, 0, 5], [4, 3, 2]]), "03.1": {1, 6}, "03.2": Board([[1, 2], [3, 4], [0, 7], [6, 5]]), "03.3": 2,
              "03.4": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 0], [12, 13, 15, 14]]),
              "03.5": {(1, 0), (1, 1), (3, 0), (3, 1)},
              "04.1": Board([[1, 3, 2], [0, 5, 4]]), "04.2": Board([[0, 2, 3, 1]]), "04.3": 30,
              "04.4": {Board([[1, 2, 4], [3, 5, 0]]), Board([[1, 2, 3], [5, 4, 0]]), Board([[1, 2, 5], [4, 3, 0]])},
              "04.6": 40, "04.7": 19958400,
              "05.1": Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [15, 14, 0, 13]]), "05.2": {-1, 1},
              "05.4": Board([[2, 1, 4, 3], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]),
              "06.1": (Board([[2, 3, 1, 4, 5], [6, 7, 0, 8, 9], [10, 11, 12, 13, 14]]), 1), "06.2": [6, 3, 2, 5, 8, 6, 3, 2],
              "06.3": set(range(0, 31, 2)),
              "07.1": Board([[1, 2, 3], [4, 0, 8], [7, 6, 5]]), "07.2": 100_800, "07.3": 60,
              "08.1": (Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]), 1),
              "08.5": (Board([[7, 0, 8], [1, 4, 2], [3, 5, 6]]), 27)}
    for exercise_id, value in stated.items():
        assert engine._equal(expected_of(exercise_id), value), exercise_id


def test_doctest_examples_never_reveal_an_answer():
    """Only reveal's own example, and the throwaway exercise 00.0, may show an answer."""
    parser = doctest.DocTestParser()
    modules = [ex_package, engine]
    docs = [m.__doc__ for m in modules] + [obj.__doc__ for m in modules for name, obj in vars(m).items()
                                           if not name.startswith("_")
                                           and (inspect.isfunction(obj) or inspect.isclass(obj))
                                           and obj.__module__ == m.__name__ and obj is not reveal]
    seen = 0
    for doc in docs:
        for example in parser.get_examples(doc or ""):
            for exercise_id in re.findall(r'"(\d\d\.\d+)"', example.source):
                if exercise_id in EXERCISES and exercise_id != "00.0":
                    seen += 1
                    assert not leaks(example.want, expected_of(exercise_id)), example.source
                    assert "correct" not in example.want.split(":")[0]
    assert seen >= 2


def test_records_refuse_bad_fields():
    with pytest.raises(TypeError):
        Mistake(example=3, hint="x")
    with pytest.raises(TypeError):
        Mistake(example=lambda: 3, hint="")
    good = dict(id="99.1", title="t", level="core", minutes=5, kind="value", solution=lambda: 1, hint="h", why="w")
    Exercise(**good)
    for field, bad, error in [("id", "9.1", ValueError), ("level", "hard", ValueError), ("minutes", True, ValueError),
                              ("kind", "essay", ValueError), ("solution", 1, TypeError), ("mistakes", [1], TypeError),
                              ("title", "", TypeError)]:
        with pytest.raises(error):
            Exercise(**{**good, field: bad})
    with pytest.raises(TypeError):
        Exercise(**{**good, "kind": "function"})              # no steps, no function name, no source
    assert "99.1" not in EXERCISES


# --- function exercises: reference implementations written here ----------------------------------

def key_of(tiles):
    key = 0
    for t in tiles:
        key = key * len(tiles) + t
    return key


def rank_of(tiles):
    tiles = list(tiles)
    r = 0
    for i, t in enumerate(tiles):
        r += sum(u < t for u in tiles[i + 1:]) * factorial(len(tiles) - 1 - i)
    return r


def layers_to(start, goal):
    """Over tile tuples, each layer a set: the checker takes either."""
    rows, cols = start.shape
    layers, seen = [{start.tiles}], {start.tiles}
    while goal.tiles not in layers[-1]:
        new = {n.tiles for t in layers[-1] for n in Board.from_tiles(t, rows, cols).neighbors()} - seen
        if not new:
            break
        seen |= new
        layers.append(new)
    return layers


def count_inversions(tiles):
    seq = [t for t in tiles if t]
    return sum(a > b for i, a in enumerate(seq) for b in seq[i + 1:])


def solvable(board):
    inv = count_inversions(board.tiles)
    if board.cols % 2:
        return inv % 2 == 0
    return (inv + board.rows - board.blank[0]) % 2 == 1


def make_puzzle(rows, cols, rng):
    """Shuffle until solvable at an odd distance (the blank an odd number of steps from home): another correct way."""
    while True:
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)
        board = Board.from_tiles(tiles, rows, cols)
        r, c = board.blank
        if solvable(board) and (rows - 1 - r + cols - 1 - c) % 2:
            return board


def child_word(word, j, cols):
    """Through the tiles, written out: another correct way."""
    tiles = [(word >> (4 + 4 * i)) & 15 for i in range(14)]
    b = word >> 60
    tiles[b], tiles[j] = tiles[j], 0
    (br, bc), (jr, jc) = divmod(b, cols), divmod(j, cols)
    out = (j << 60) | (1 << (0 if br < jr else 1 if br > jr else 2 if bc < jc else 3))
    for i, tile in enumerate(tiles):
        out |= tile << (4 + 4 * i)
    return out


def make_puzzle_as_tiles(rows, cols, rng):
    return list(make_puzzle(rows, cols, rng).tiles)


REFERENCES = {"01.4": [key_of], "01.5": [rank_of], "02.2": [SOLUTIONS["walks"]], "02.4": [layers_to], "03.6": [count_inversions],
              "03.7": [solvable], "05.5": [make_puzzle, make_puzzle_as_tiles],
              "07.4": [child_word], "08.2": [SOLUTIONS["stronger"]],
              "08.4": [SOLUTIONS["astar_count"]], "08.6": [SOLUTIONS["ida_bounds"]],
              "08.7": [SOLUTIONS["pattern_cost"]]}


def test_every_function_exercise_has_a_reference_here():
    assert set(REFERENCES) == set(FUNCTION_IDS)


@pytest.mark.parametrize("exercise_id", FUNCTION_IDS)
def test_correct_functions_pass(capsys, exercise_id):
    for fn in REFERENCES[exercise_id]:
        ok, out = run(capsys, exercise_id, fn)
        assert ok is True, f"{exercise_id} refused {fn.__name__}:\n{out}"
        assert out.startswith("correct: ") and out.count("\n") == 1


def secrets(exercise_id, args) -> list:
    """The right outputs for this input, which a message must not show."""
    if exercise_id in ("01.4", "01.5", "02.2", "03.6", "03.7"):
        fn = REFERENCES[exercise_id][0]
        return [fn(*args)]
    if exercise_id == "02.4":
        layers = layers_to(*args)
        return [layers, [len(layer) for layer in layers]]
    if exercise_id == "08.2":
        board = args[0]
        return [min_moves(board)]
    return []


def reported_call(exercise_id, out):
    """The call the message names, as (its text, its arguments)."""
    name = EXERCISES[exercise_id].function
    m = re.search(rf"(?m)^not yet: (?:.*?)({name}\((.*?)\))(?: returned| raised| took| =)", out)
    assert m, f"no failing input named in:\n{out}"
    args = eval(f"({m.group(2)},)", {"Board": Board, "random": random})  # our own message
    return m.group(1), args


def assert_reports_input_not_output(exercise_id, out, call_text=None):
    assert out.startswith("not yet: ")
    text, args = reported_call(exercise_id, out)
    if call_text is not None:
        assert text == call_text, f"reported {text}, expected {call_text}"
    rest = re.sub(r"returned .*?; ", "returned ...; ", out.replace(text, ""))   # the student's own output
    for secret in secrets(exercise_id, args):
        assert not leaks(rest, secret), f"{exercise_id}: the message shows the right output {secret!r}:\n{out}"


# A student's own linear conflict (the reference solution of 08.2): the flawed heuristics below are built
# on it, since puzzlelib's own are refused in that exercise.
def _written_out(f):
    """A copy of a reference solution, as a student who wrote the same code would have: the sandbox refuses
    the reference itself (an answer key), not the same steps written again."""
    import types
    return types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)


own_linear_conflict = _written_out(SOLUTIONS["stronger"])


def own_misplaced(board):
    return sum(1 for i, t in enumerate(board.tiles) if t != 0 and t != i + 1)


WRONG = {
    "07.4": [
        (lambda w, j, c: child_word(w, j, c) & ~(15 << 60) | (j << 56), "child_word(0x4000000005043210, 1, 3)",
         "a digit lower"),
        (lambda w, j, c: child_word(w, j, c) | (w & 15), "child_word(0x4000000005043219, 3, 3)", "parent's marks"),
        (lambda w, j, c: w, "child_word(0x1000000000000010, 0, 2)", None),
        (lambda w, j, c: 0 if c == 7 else child_word(w, j, c), None, None),
    ],
    "01.4": [
        (lambda tiles: key_of(tiles) + 1, "key_of((1, 2, 3, 0))", None),
        (lambda tiles: key_of(tiles) + 0 // (len(tiles) - 1), "key_of((0,))", "ZeroDivisionError"),
    ],
    "01.5": [
        (lambda tiles: rank_of(tiles) + 1, "rank_of((0, 1, 2))", "off by one"),
        (lambda tiles: rank_of(tiles) if len(tiles) > 1 else 1, "rank_of((0,))", None),
        (lambda tiles: rank_of(tiles) if len(tiles) < 9 else rank_of(tiles[:-1]),
         "rank_of((8, 7, 6, 5, 4, 3, 2, 1, 0))", None),
        (lambda tiles: [][len(tiles)] if len(tiles) == 4 else rank_of(tiles), "rank_of((1, 2, 3, 0))", "IndexError"),
    ],
    "02.4": [
        (lambda s, g: [] if s == g else layers_to(s, g), None, "an empty list has no layer 0"),
        (lambda s, g: layers_to(s, g)[:-1] or [{s.tiles}], None, "they stop too early"),
        (lambda s, g: [set()] + layers_to(s, g), None, "layer 0 should hold the start"),
        (lambda s, g: 1 / 0 if s.rows == 1 else layers_to(s, g),
         "layers_to(Board([[0, 1, 2, 3]]), Board([[1, 2, 3, 0]]))",
         "ZeroDivisionError"),
        (lambda s, g: layers_to(s, Board.goal(*s.shape)), None, None),
        (lambda s, g: None if s.rows * s.cols > 6 else layers_to(s, g), None, "but this goal can be reached"),
        (lambda s, g: layers_to(s, g) + [set()], None, "is empty"),
    ],
    "03.6": [
        (lambda tiles: count_inversions(tiles) - (1 if len(tiles) == 9 else 0), None, None),
        (lambda tiles: sum(a > b for i, a in enumerate(tiles) for b in tiles[i + 1:]),
         "count_inversions((1, 2, 3, 4, 5, 0))",
         "skip it"),
        (lambda tiles: 0 if len(tiles) < 2 else count_inversions(tiles[1:]), None, None),   # drops the first tile
    ],
    "03.7": [
        (lambda b: not solvable(b) if b.rows == 5 else solvable(b), None, "that verdict is wrong"),
        (lambda b: count_inversions(b.tiles) % 2 == 0, "solvable(Board([[1, 2, 3, 0], [5, 6, 7, 4]]))",
         "the blank's row counts too"),
        (lambda b: "yes" if solvable(b) else "no", None, "it should return a bool"),
    ],
    "08.2": [
        (lambda b: own_linear_conflict(b) + 1, None, "that is the goal itself"),
        (lambda b: own_misplaced(b) + own_linear_conflict(b), None, "can be solved in fewer moves"),
        (lambda b: own_linear_conflict(b) + (2 if b.rows == 3 and b != Board.goal(3, 3) else 0), None,
         "can be solved in fewer moves"),
        (lambda b: "far" if b.rows == 3 else own_linear_conflict(b), None, "a whole number of moves"),
        (lambda b: -1 if b.rows == 3 and b.tiles[0] == 8 else own_linear_conflict(b), None,
         "a whole number of moves"),
        (lambda b: own_linear_conflict(b) / 1, None, "(an int)"),                      # a float: once accepted
        (lambda b: own_manhattan(b) + 2 * (own_linear_conflict(b) > own_manhattan(b)), None,   # once accepted
         "not 2 once for the whole board"),
        (misplaced, None, "below the Manhattan distance"),
    ],
}


@pytest.mark.parametrize("exercise_id", sorted(WRONG))
def test_wrong_functions_fail_at_the_first_bad_input_without_its_answer(capsys, exercise_id):
    for fn, call_text, phrase in WRONG[exercise_id]:
        ok, out = run(capsys, exercise_id, fn)
        assert ok is False, f"{exercise_id} accepted a wrong function: {out}"
        assert_reports_input_not_output(exercise_id, out, call_text)
        if phrase:
            assert phrase in out, f"{exercise_id}: {phrase!r} not in:\n{out}"


def test_wrong_generators_fail(capsys):
    def walk(rows, cols, rng):
        board = Board.goal(rows, cols)
        for _ in range(40):
            board = rng.choice(board.neighbors())
        return board

    def blank_stays(rows, cols, rng):
        tiles = list(range(1, rows * cols))
        rng.shuffle(tiles)
        board = Board.from_tiles(tiles + [0], rows, cols)
        return board if solvable(board) else Board.from_tiles([tiles[1], tiles[0]] + tiles[2:] + [0], rows, cols)

    def odd_walk(rows, cols, rng):
        board = Board.goal(rows, cols)
        for _ in range(41):
            board = rng.choice(board.neighbors())
        return board

    cases = [(walk, "an even number of moves"), (odd_walk, "a random walk leaves tiles near their goal cells"), (blank_stays, "an even number"),
             (lambda r, c, rng: Board.goal(r, c), "an even number of moves"),
             (lambda r, c, rng: Board.goal(c + 1, r), "that is a 3 x 2 board, not 2 x 2"),
             (lambda r, c, rng: [0] * (r * c), "each of 0..3 once"),
             (lambda r, c, rng: make_puzzle(r, c, random.Random()), "same seed")]
    for fn, phrase in cases:
        ok, out = run(capsys, "05.5", fn)
        assert ok is False and phrase in out, out


def test_inconsistent_heuristics_are_caught(capsys):
    def jumpy(board):                  # admissible, but drops by more than 1 next to the corner boards
        return own_linear_conflict(board) if board.blank in ((0, 0), (board.rows - 1, board.cols - 1)) else 0
    ok, out = run(capsys, "08.2", jumpy)
    assert ok is False and "drops by" in out and "one slide apart" in out
    for board_text in re.findall(r"stronger\((Board\(.*?\)\))\)", out):
        board = eval(board_text, {"Board": Board})   # our own message
        assert is_solvable(board)


def test_slow_functions_are_stopped_and_reported(capsys, monkeypatch):
    monkeypatch.setattr(engine, "SECONDS_PER_CASE", 0.3)

    def slow(tiles):
        if len(tiles) == 4:
            time.sleep(30)
        return rank_of(tiles)

    def spinning(start, goal):
        while start.rows == 1:
            pass
        return layers_to(start, goal)

    def stubborn(tiles):                        # catches Exception: the time limit still gets through
        while True:
            try:
                time.sleep(1)
            except Exception:  # noqa: BLE001
                pass

    handler = signal.getsignal(signal.SIGALRM)
    outer, _ = signal.getitimer(signal.ITIMER_REAL)    # a test runner's own timer, if it set one
    for exercise_id, fn, call_text in [("01.5", slow, "rank_of((1, 2, 3, 0))"),
                                       ("02.4", spinning, "layers_to(Board([[0, 1, 2, 3]]), Board([[1, 2, 3, 0]]))"),
                                       ("03.6", stubborn, "count_inversions((1, 2, 3, 4, 5, 0))")]:
        began = time.monotonic()
        ok, out = run(capsys, exercise_id, fn)
        assert time.monotonic() - began < 5
        assert ok is False and "took longer than" in out
        assert_reports_input_not_output(exercise_id, out, call_text)
        remaining, interval = signal.getitimer(signal.ITIMER_REAL)
        if outer == 0:
            assert (remaining, interval) == (0.0, 0.0), "the check left its alarm set"
        else:                                          # the outer timer runs on, less the time spent
            assert outer - 10 < remaining <= outer and interval == 0.0, (outer, remaining)
        assert signal.getsignal(signal.SIGALRM) == handler


def test_an_outer_timer_is_restored(capsys):
    fired = []
    old = signal.signal(signal.SIGALRM, lambda *_: fired.append(1))
    try:
        signal.setitimer(signal.ITIMER_REAL, 30)
        ok, _ = run(capsys, "03.6", count_inversions)
        remaining, _ = signal.getitimer(signal.ITIMER_REAL)
        assert ok is True and 20 < remaining <= 30 and not fired
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def test_a_function_exercise_wants_a_function(capsys):
    for answer in (None, 3, "layers_to", [1, 2], Board.goal(2, 3), Board):
        with pytest.raises(TypeError, match="asks for a function"):
            check("02.4", answer)


def test_exceptions_in_student_code_are_reported_not_raised(capsys):
    def broken(tiles):
        raise RuntimeError("oops, forgot this case")
    ok, out = run(capsys, "03.6", broken)
    assert ok is False
    assert "count_inversions((1, 2, 3, 4, 5, 0)) raised RuntimeError: oops, forgot this case" in out


def test_changing_a_revealed_answer_does_not_change_the_check(capsys):
    revealed = reveal("00.2")
    revealed.append(99)
    ok, _ = run(capsys, "00.2", expected_of("00.2"))
    assert ok is True and 99 not in expected_of("00.2")


# --- the proving exercises: any valid answer is accepted, checked by replaying or by search -------

def test_every_counterexample_to_the_odd_width_rule_is_accepted_and_no_other_board(capsys):
    from itertools import permutations
    from puzzlelib.core.solvability import inversions
    from puzzlelib.engines.tables import distances
    # the truth by search alone (one BFS from the goal, which moves reach both ways): the rule is never asked
    reach = distances(Board.goal(4, 2))
    three = [b for b in (Board.from_tiles(p, 4, 2) for p in permutations(range(8))) if inversions(b) == 3]
    right = {b for b in three if b.blank[0] > 0 and b.tiles in reach}
    assert len(three) == 392 and len(right) == 98    # 49 orders with 3 inversions, 2 cells of row 2 from the bottom
    for b in three[::7] + sorted(right, key=lambda b: b.tiles)[::5]:
        ok, out = run(capsys, "03.2", b)
        assert ok is (b in right), (b, out)
    # boards the old exercise (any 4 x 2 board the rule gets wrong) took, now refused with their own hint
    for b, fitting in [(Board([[1, 2], [3, 4], [5, 0], [7, 6]]), "exactly 3 inversions"),
                       (Board([[1, 2], [3, 4], [5, 0], [6, 7]]), "exactly 3 inversions"),
                       (Board([[0, 4], [1, 2], [3, 5], [6, 7]]), "another row")]:
        ok, out = run(capsys, "03.2", b)
        assert ok is False and fitting in out, (b, out)
    ok, out = run(capsys, "03.2", Board([[4, 1], [0, 2], [3, 5], [6, 7]]))
    assert ok is False and "which rows from the bottom work" in out
    ok, out = run(capsys, "03.2", Board([[4, 1, 2, 3], [0, 5, 6, 7]]))
    assert ok is False and "that board is 2 x 4" in out and "asks for 4 x 2" in out
    ok, out = run(capsys, "03.2", Board.goal(2, 3))
    assert ok is False and "4 rows and 2 columns" in out


def test_every_line_board_that_passes_the_rule_but_is_stuck_is_accepted(capsys):
    from itertools import permutations
    from puzzlelib import min_moves
    from puzzlelib.core.solvability import blank_row_from_bottom, inversions
    goal = Board.goal(1, 4)
    accepted = []
    for p in permutations(range(4)):
        b = Board.from_tiles(p, 1, 4)
        passes = (inversions(b) + blank_row_from_bottom(b)) % 2 == (inversions(goal) + 1) % 2
        if run(capsys, "04.2", b)[0]:
            accepted.append(b)
            assert passes and min_moves(b, check_parity=False) is None, b
    assert len(accepted) == 8                        # 4 blank cells x 2 other even orders of the tiles
    ok, out = run(capsys, "04.2", Board.from_tiles((2, 3, 1, 0), 4, 1))     # the right line, stood on end
    assert ok is False and "that board is 4 x 1" in out and "asks for 1 x 4" in out


@pytest.mark.parametrize("exercise_id,borrowed", [
    ("03.7", "is_solvable"),
    ("08.2", "linear_conflict"), ("08.7", "pattern_table_plain")])
def test_handing_back_puzzlelibs_own_function_is_not_yet(capsys, exercise_id, borrowed):
    import importlib
    from puzzlelib.course.exercises.grading import grade
    ex = EXERCISES[exercise_id]
    spec = next(s for s in ex.library if s.endswith(":" + borrowed))
    module, _, name = spec.partition(":")
    lib = getattr(importlib.import_module(module), name)
    import functools
    for answer in (lib, lambda *a: lib(*a), functools.partial(lib)):
        ok, out = run(capsys, exercise_id, answer)
        assert ok is False and f"puzzlelib's own {borrowed}" in out, out
    assert grade(exercise_id, lib, 2) == 0
    ok, out = run(capsys, exercise_id, SOLUTIONS[ex.function])   # the reference, written out, still passes
    assert ok is True, out


def test_a_copy_of_the_misplaced_tiles_shown_in_08_is_not_enough(capsys):
    ok, out = run(capsys, "08.2", own_misplaced)
    assert ok is False and "below the Manhattan distance" in out


def test_every_pair_whose_swap_changes_the_inversions_by_five_is_accepted_and_no_other(capsys):
    from itertools import combinations

    board = Board([[3, 7, 1], [8, 0, 5], [2, 6, 4]])

    def pairs_out_of_order(tiles):                   # counted here by hand, not with puzzlelib's inversions
        seq = [t for t in tiles if t]
        return sum(seq[i] > seq[j] for i, j in combinations(range(len(seq)), 2))

    changes = {}
    for a, b in combinations(range(1, 9), 2):
        swapped = [b if t == a else a if t == b else t for t in board.tiles]
        changes[a, b] = pairs_out_of_order(swapped) - pairs_out_of_order(board.tiles)
    assert all(d % 2 for d in changes.values())      # the lemma: always odd
    assert sorted(p for p, d in changes.items() if abs(d) == 5) == [(1, 6), (4, 7), (4, 8)]
    for (a, b), d in changes.items():
        ok, out = run(capsys, "03.1", {b, a})
        assert ok is (abs(d) == 5), ((a, b), d, out)
        assert ok or f"changes the count by {['one', 'three', 'five', 'seven'][abs(d) // 2]}" in out
    for bad in ({0, 3}, {3}, {3, 9}, {1, 6, 2}, [1, 6], (1, 6), 5):
        ok, out = run(capsys, "03.1", bad)
        assert ok is False, bad
    assert "the blank (0) is not a tile" in run(capsys, "03.1", {0, 3})[1]
    assert "a list where a set is expected" in run(capsys, "03.1", [1, 6])[1]
