"""Notebook 01's exercises 01.1-01.3 (issues 34, 46): each asks for reasoning and accepts every right answer.

For each: every right answer, in every accepted form, passes; typical wrong ones fail with the hint
that fits them; no message shows the stored answer. The page above 01.4 and 01.5 holds no code to
copy: the loops of the key and of the Lehmer digits live in puzzlelib, and the library's versions
are shown only after the exercises.
"""

from __future__ import annotations

import itertools
import re
from math import factorial
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzlelib import Board, from_key, rank, to_key, unrank
from puzzlelib.core.encoding import key_rows
from puzzlelib.course.exercises import EXERCISES, check, engine, hint

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "01_states_and_encoding.ipynb"


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def shows(out: str, value) -> bool:
    """Whether ``out`` shows the stored answer (as a whole token)."""
    forms = {repr(value), str(value)}
    if isinstance(value, tuple):
        forms |= {str(v) for v in value if isinstance(v, Board)} | {repr(v) for v in value if isinstance(v, Board)}
        forms |= {str(v.tiles) for v in value if isinstance(v, Board)}
    if isinstance(value, Board):
        forms |= {str(value.tiles), str(value.grid)}
    return any(re.search(r"(?<![\w.])" + re.escape(f) + r"(?![\w])", out) for f in forms)


def expected(exercise_id):
    return engine._expected(EXERCISES[exercise_id])


# --- 01.1: the board whose key comes right after the goal's -------------------------------------------------

NEXT = Board([[1, 2, 3], [5, 0, 4]])


def test_01_1_is_the_next_key_after_the_goals_found_by_sorting_every_key(capsys):
    keys = sorted(to_key(Board.from_tiles(p, 2, 3)) for p in itertools.permutations(range(6)))
    after = keys[keys.index(11190) + 1]
    assert after == to_key(NEXT) == int("123504", 6) == 11200 and expected("01.1") == NEXT
    assert keys[keys.index(11190) - 1] == 11165                       # the start's key comes right before
    assert keys == [to_key(Board.from_tiles(p, 2, 3)) for p in itertools.permutations(range(6))]  # dictionary order
    assert to_key(Board([[1, 2, 3], [5, 4, 0]])) == 11220            # the solution's later key
    for answer in (NEXT, NEXT.tiles, list(NEXT.tiles), NEXT.grid, tuple(map(tuple, NEXT.grid)),
                   tuple(np.int64(t) for t in NEXT.tiles)):
        ok, out = run(capsys, "01.1", answer)
        assert ok is True, (answer, out)


@pytest.mark.parametrize("answer,says", [
    ((1, 2, 3, 5, 4, 0), "larger than 11190, but not the next"),     # the 4 and 5 swapped: 11220
    ((5, 4, 3, 2, 1, 0), "not the next"),                             # the largest key
    (Board([[1, 2, 4], [0, 3, 5]]), "not the next"),
    ((1, 2, 3, 4, 0, 5), "smaller than the goal's 11190"),            # the start
    ((0, 1, 2, 3, 4, 5), "smaller than the goal's"),
    (Board.goal(2, 3), "that is the goal itself"),
    (11200, "give the board itself"),                                 # its key, not the board
    (11191, "give the board itself"),
    ("123504", "that is text"),
    (("11170", 4), "give one 2 x 3 board"),                           # issue 46: the old exercise's form
    ((11170, 4), "give one 2 x 3 board"),
    ((1, 2, 3, 5, 0), "give one 2 x 3 board"),
    ((1, 1, 2, 3, 4, 5), "give one 2 x 3 board"),
    (Board.goal(3, 2), "give one 2 x 3 board"),
])
def test_01_1_wrong_answers_get_their_own_message_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "01.1", answer)
    assert ok is False and out.startswith("not yet") and says in out, (answer, out)
    assert not shows(out, expected("01.1")) and "123504" not in out and "11200" not in out, out


def test_01_1_is_no_longer_read_off_a_cell_above():
    """The old 01.1 repeated the 10157 cell: from_key of a number between the keys printed its repeated tiles."""
    above = code_before("01.1")
    assert "11200" not in above and "123504" not in above and "unrank(154" not in above


# --- 01.2: two boards next in rank order that differ in every cell ----------------------------------------

PAIR = ((2, 5, 4, 3, 1, 0), (3, 0, 1, 2, 4, 5))


def test_01_2_has_one_answer_found_by_dictionary_order_and_takes_it_in_every_form(capsys):
    perms = list(itertools.permutations(range(6)))               # dictionary order, by itertools
    pairs = [(p, q) for p, q in zip(perms, perms[1:]) if all(x != y for x, y in zip(p, q))]
    assert pairs == [PAIR]
    a, b = (Board.from_tiles(t, 2, 3) for t in PAIR)
    assert rank(b) == rank(a) + 1 and engine._equal(expected("01.2"), (a, b))
    for answer in ((a, b), (b, a), [a, b], {a, b}, frozenset({a, b}), PAIR, (PAIR[1], PAIR[0]),
                   [list(PAIR[0]), list(PAIR[1])], (a.grid, b.grid), (a, PAIR[1]),
                   tuple(tuple(np.int8(t) for t in p) for p in PAIR)):
        ok, out = run(capsys, "01.2", answer)
        assert ok is True, (answer, out)


@pytest.mark.parametrize("answer,says", [
    (((1, 2, 3, 4, 0, 5), (1, 2, 3, 4, 5, 0)), "some cell holds the same tile"),      # ranks 152 and 153
    (((1, 5, 4, 3, 2, 0), (2, 0, 1, 3, 4, 5)), "some cell holds the same tile"),      # the first cell changes, 3 stays
    (((2, 5, 4, 3, 1, 0), (3, 0, 1, 2, 5, 4)), "not next to each other"),             # one too far
    (((0, 1, 2, 3, 4, 5), (5, 4, 3, 2, 1, 0)), "not next to each other"),             # every cell differs, far apart
    ((Board.goal(2, 3), Board.goal(2, 3)), "one board twice"),
    ((2, 5, 4, 3, 1, 0), "that is one board"),
    (Board([[3, 0, 1], [2, 4, 5]]).grid, "that is one board"),
    (((1, 1, 2, 3, 4, 5), (3, 0, 1, 2, 4, 5)), "give two 2 x 3 boards"),
    ((Board.goal(2, 3), Board.goal(3, 2)), "give two 2 x 3 boards"),
    (360, "an int where a tuple is expected"),
])
def test_01_2_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "01.2", answer)
    assert ok is False and out.startswith("not yet") and says in out, out
    assert not shows(out, expected("01.2")), out


def test_01_2_is_no_longer_one_call_of_rank_and_unrank(capsys):
    """The board right after the left one is not an answer on its own: the pair is asked for."""
    a = Board.from_tiles(PAIR[0], 2, 3)
    ok, _ = run(capsys, "01.2", unrank(rank(a) + 1, 2, 3))
    assert ok is False


# --- 01.3: two boards whose keys are as close as possible ----------------------------------------------

def closest_pairs():
    """Every pair of 2 x 3 boards whose keys differ by the smallest gap, found by sorting all 720 keys."""
    boards = sorted((Board.from_tiles(p, 2, 3) for p in itertools.permutations(range(6))), key=to_key)
    keys = [to_key(b) for b in boards]
    gap = min(b - a for a, b in zip(keys, keys[1:]))
    return gap, [(a, b) for a, b in itertools.combinations(boards, 2) if abs(to_key(a) - to_key(b)) == gap]


def test_01_3_the_smallest_gap_is_5_and_every_closest_pair_is_accepted_in_every_form(capsys):
    gap, pairs = closest_pairs()
    assert gap == 5 and len(pairs) > 100
    assert all(to_key(Board.from_tiles(p, 2, 3)) % 5 == 0 for p in itertools.permutations(range(6)))  # the why
    for a, b in pairs[::7]:
        for answer in ((a, b), (b, a), [a, b], {a, b}, frozenset({a, b}), (a.tiles, b.tiles), [a.grid, b.grid]):
            ok, out = run(capsys, "01.3", answer)
            assert ok is True, (answer, out)


@pytest.mark.parametrize("answer,says", [
    ((Board([[1, 2, 3], [4, 0, 5]]), Board.goal(2, 3)), "Which two tiles"),           # the page's start and goal
    (((1, 2, 3, 4, 0, 5), (1, 2, 3, 4, 5, 0)), "Which two tiles"),                    # right cells, tiles 5 apart
    (((1, 2, 3, 0, 4, 5), (1, 2, 3, 5, 4, 0)), "further apart than"),                 # a swap, not the closest
    ((Board.goal(2, 3), Board.goal(2, 3)), "one board twice"),
    ((Board.goal(2, 3),), "give two 2 x 3 boards"),
    ((Board.goal(2, 3), Board.goal(3, 2)), "give two 2 x 3 boards"),
    ((1, 2, 3, 4, 5, 0), "give two 2 x 3 boards"),
    (5, "an int where a tuple is expected"),
])
def test_01_3_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "01.3", answer)
    assert ok is False and out.startswith("not yet") and says in out, out
    assert not shows(out, expected("01.3")), out


@pytest.mark.parametrize("exercise_id", ["01.1", "01.2", "01.3"])
def test_hints_and_mistake_hints_never_show_the_answer(capsys, exercise_id):
    capsys.readouterr()
    hint(exercise_id)
    out = capsys.readouterr().out
    ex = EXERCISES[exercise_id]
    texts = out + "".join(m.hint for m in ex.mistakes)
    assert not shows(texts, expected(exercise_id))
    assert exercise_id != "01.1" or ("123504" not in texts and "11200" not in texts)


# --- the page: the idea before 01.4 and 01.5, their code only after ---------------------------------------

def code_before(exercise_id: str) -> str:
    cells = nbformat.read(NOTEBOOK, as_version=4).cells
    checked = next(i for i, c in enumerate(cells) if f'check("{exercise_id}"' in c.source)
    return "\n".join(c.source for c in cells[:checked] if c.cell_type == "code")


def test_no_cell_above_01_4_or_01_5_holds_their_code():
    above = code_before("01.4")
    assert not re.search(r"\*\*\s*\(", above) and "** np.arange" not in above and "@ place_values" not in above
    assert not re.search(r"\b\w+\s*\*\s*\w+\s*\*\*", above), "a tile times a power of the base, above 01.4"
    above = code_before("01.5")
    assert not re.search(r"if\s+\w+\s*<\s*\w+", above), "a count of the smaller tiles after each one, above 01.5"
    assert "show_source(rank_rows)" not in above and "show_source(rank_tiles)" not in above
    assert "show_source(to_key)" not in code_before("01.4")


def test_the_notebook_states_the_key_array_factor_that_holds():
    largest = to_key(Board([[8, 7, 6], [5, 4, 3], [2, 1, 0]]))
    keys = key_rows(list(itertools.permutations(range(9)))[::1009])
    assert largest == 381_367_044 and keys.max() <= largest and from_key(largest, 3, 3).tiles == tuple(range(8, -1, -1))
    factor = (largest + 1) / 362_880
    text = "\n".join(c.source for c in nbformat.read(NOTEBOOK, as_version=4).cells if c.cell_type == "markdown")
    assert round(factor) == 1051 and "about 1,051 times" in text and "1067" not in text
    assert "still held" in text and "A tuple of\nnumbers is both" in text


def test_key_rows_agrees_with_to_key_and_refuses_what_would_overflow():
    perms = list(itertools.permutations(range(8)))[::37]
    assert key_rows(perms).tolist() == [to_key(Board.from_tiles(p, 2, 4)) for p in perms]
    big = [tuple(range(14, -1, -1))]
    assert key_rows(big).tolist() == [to_key(Board.from_tiles(big[0], 3, 5))]
    with pytest.raises(ValueError, match="int64"):
        key_rows([tuple(range(16))])
    with pytest.raises(ValueError, match="permutation"):
        key_rows([(0, 0, 1)])


# --- 01.5: the library's rank functions are all barred -----------------------------------------------------

def test_01_5_refuses_rank_rows_rank_tiles_and_rank(capsys):
    from puzzlelib.core.encoding import rank_rows, rank_tiles
    borrowed = {
        "rank_rows": lambda t: int(rank_rows(np.array([t], dtype=np.int8))[0]),
        "rank_tiles": lambda t: rank_tiles(t),
        "rank": lambda t: rank(Board.from_tiles(t, 1, len(t))),
    }
    for name, fn in borrowed.items():
        ok, out = run(capsys, "01.5", fn)
        assert ok is False and f"puzzlelib's own {name}" in out, (name, out)
    from puzzlelib.course.exercises.solutions import SOLUTIONS
    assert run(capsys, "01.5", SOLUTIONS["rank_of"])[0] is True


# --- 01.1, 01.4 and 01.5: the hints nudge, and each typical flawed function gets its own message -------------

def test_01_1_and_01_4_hints_are_nudges_not_recipes():
    assert "smallest first" not in EXERCISES["01.1"].hint and "raise it" not in EXERCISES["01.1"].hint
    assert "key * base" not in EXERCISES["01.4"].hint and "key = 0" not in EXERCISES["01.4"].hint


def _key_in(base):
    def key_of(tiles):
        key = 0
        for tile in tiles:
            key = key * base(tiles) + tile
        return key
    return key_of


def _rank_weighted(weight):
    def rank_of(tiles):
        k = len(tiles)
        return sum(sum(1 for u in tiles[i + 1:] if u < t) * weight(k, i) for i, t in enumerate(tiles))
    return rank_of


@pytest.mark.parametrize("exercise_id,fn,says", [
    ("01.4", lambda tiles: sum(t * len(tiles) ** i for i, t in enumerate(tiles)), "the first tile is the most"),
    ("01.4", _key_in(lambda tiles: len(tiles) - 1), "not one less"),
    ("01.4", lambda tiles: int("".join(map(str, tiles))), "not 10"),
    ("01.5", _rank_weighted(lambda k, i: factorial(i)), "not the right ones"),     # i! for (k - 1 - i)!
    ("01.5", _rank_weighted(lambda k, i: 1), "multiply each count by its factorial"),
    ("01.5", _rank_weighted(lambda k, i: factorial(k - i)), "the number of orders of the tiles after it"),
])
def test_01_4_and_01_5_flawed_functions_get_their_own_message(capsys, exercise_id, fn, says):
    """The first hidden case has four cells, where reversed digits, base len - 1 and base 10 all differ, and
    where i! and no factorial at all differ too (on three cells they coincide)."""
    ok, out = run(capsys, exercise_id, fn)
    assert ok is False and says in out, out
    assert "((1, 2, 3, 0))" in out, out
