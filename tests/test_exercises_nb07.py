"""Notebook 07's exercises 07.1-07.3: every correct form passes, typical wrong answers get their own hint,
and no output shows the answer."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
import re

import numpy as np
import pytest

from puzzlelib import Board, bfs_layers, distance_counts
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.engines.frontier import frontier_search

ANSWER_71 = Board([[1, 2, 3], [4, 0, 8], [7, 6, 5]])


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def shows(out: str, *values) -> bool:
    return any(str(v) in out for v in values)


# --- 07.1 ------------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def depths():
    return {s: layer.depth for layer in bfs_layers(Board.goal(3, 3)) for s in layer.states}


def parents(board, depth):
    return sum(1 for n in board.neighbors() if depth[n.tiles] == depth[board.tiles] - 1)


def test_07_1_the_answer_is_the_only_nearest_board_with_two_parents():
    depth = depths()
    two = [Board.from_tiles(t, 3, 3) for t in depth if parents(Board.from_tiles(t, 3, 3), depth) >= 2]
    nearest = min(depth[b.tiles] for b in two)
    assert nearest == 6 and [b for b in two if depth[b.tiles] == nearest] == [ANSWER_71]


def test_07_1_accepts_every_form(capsys):
    for form in (ANSWER_71, ANSWER_71.grid, ANSWER_71.tiles, list(ANSWER_71.tiles)):
        ok, out = run(capsys, "07.1", form)
        assert ok, out


def test_07_1_wrong_boards_get_their_hint(capsys):
    depth = depths()
    farther = next(Board.from_tiles(t, 3, 3) for t, d in depth.items()
                   if d == 7 and parents(Board.from_tiles(t, 3, 3), depth) >= 2)
    cases = [(farther, "find the nearest"), (Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]), "only one neighbour"),
             (Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]]), "other half"), (Board.goal(2, 3), "give a 3 x 3 board"),
             (Board.goal(3, 3), "no parent at all")]
    for board, words in cases:
        ok, out = run(capsys, "07.1", board)
        assert not ok and words in out, (board, out)
        assert board != Board.goal(3, 3) or "only one neighbour" not in out, out      # the goal has none
        assert not shows(out, ANSWER_71.grid, ANSWER_71.tiles, list(ANSWER_71.tiles), ANSWER_71)


# --- 07.2 ------------------------------------------------------------------------------------------

def test_07_2_the_answer_agrees_with_the_frontier_search():
    counts = frontier_search(3, 3, goal=Board([[1, 0, 2], [3, 4, 5], [6, 7, 8]])).counts
    assert sum(n for d, n in enumerate(counts) if d % 2) == 100_800 == 5 * 20_160


@pytest.mark.parametrize("answer", [100_800, 100800.0, np.int64(100_800), Fraction(100_800)])
def test_07_2_accepts_every_form(capsys, answer):
    ok, out = run(capsys, "07.2", answer)
    assert ok, out


@pytest.mark.parametrize("answer,words", [(80_640, "Which cells are an odd"), (90_720, "exactly half"),
                                          (5, "boards, not cells"), (4, "boards, not cells"),
                                          (181_440, "every board")])
def test_07_2_wrong_counts_get_their_hint(capsys, answer, words):
    ok, out = run(capsys, "07.2", answer)
    assert not ok and words in out and not shows(out, "100800", "100,800", "100_800")


def test_07_2_replies_ask_about_a_step_and_do_not_pin_the_number(capsys):
    """A student found 90720 ("they have 4 and 5") then 80640 ("not a corner's colour") left only the answer,
    and 5 got nearly the whole recipe. The replies now name no count of cells or boards, and 4 and 5 get the same
    reply, so neither is confirmed."""
    replies = {answer: run(capsys, "07.2", answer)[1].split("\n")[0]
               for answer in (80_640, 90_720, 5, 4, 100_801, 100_799)}
    assert replies[4] == replies[5]
    for answer, text in replies.items():
        assert not re.search(r"\d", text.replace("07.2", "")), (answer, text)
        assert not re.search(r"corner's colour|one too (many|few)|have the blank in each", text), (answer, text)


def test_07_2_the_corner_count_does_not_point_at_the_answer(capsys):
    ok, out = run(capsys, "07.2", 80_640)
    assert not ok and "even distance" not in out         # 181,440 - 80,640 would be the answer


def test_07_2_keeps_its_homework_level():
    assert EXERCISES["07.2"].level == "core"


# --- 07.3 ------------------------------------------------------------------------------------------

def test_07_3_the_answer_is_every_other_true_layer():
    c = distance_counts(3, 3)
    layer = {Board.goal(3, 3)}
    for _ in range(6):
        layer = {n for b in layer for n in b.neighbors()}
    assert len(layer) == c[6] + c[4] + c[2] + c[0] == 60


@pytest.mark.parametrize("answer", [60, 60.0, np.int32(60), Fraction(120, 2)])
def test_07_3_accepts_every_form(capsys, answer):
    ok, out = run(capsys, "07.3", answer)
    assert ok, out


@pytest.mark.parametrize("answer,words", [(39, "true layer 6"), (55, "wrong layer 4 itself hold"),
                                          (90, "which true layers can a child"), (121, "wrong layer 5"),
                                          (384, "Merge the duplicates")])
def test_07_3_wrong_counts_get_their_hint(capsys, answer, words):
    ok, out = run(capsys, "07.3", answer)
    assert not ok and words in out and not shows(out, "60")
    assert not re.search(r"so on down|never come back|layer 2|odd layers", out), out


def test_07_3_counting_with_duplicates_gives_384():
    layer = [Board.goal(3, 3)]
    for _ in range(6):
        layer = [n for b in layer for n in b.neighbors()]
    assert len(layer) == 384


@pytest.mark.parametrize("answer,words", [(100_801, "is the goal itself at an odd distance"),
                                          (100_799, "what must the count be a multiple of")])
def test_07_2_off_by_one_gets_its_own_hint(capsys, answer, words):
    ok, out = run(capsys, "07.2", answer)
    assert not ok and words in out and not shows(out, "100800", "100,800", "100_800")


# --- 07.4: child_word ---------------------------------------------------------------------------------

def test_07_4_the_expected_children_are_the_engines_own():
    """Each hidden case's expected word is what next_layer makes from that word alone, marks included."""
    from puzzlelib.course.exercises.nb07_bfs_at_scale import _word_cases
    from puzzlelib.engines.packed import blank_moves, next_layer

    cases = _word_cases()
    assert len(cases) >= 25 and {c[3] >> 60 for c in cases} >= {0, 1, 2, 3}
    for word, j, cols, want in cases:
        digits = [(word >> (4 + 4 * i)) & 15 for i in range(14)]
        k = max(n for n in range(1, 15) if sorted(digits[:n]) == list(range(n)))      # the board's cells
        groups = [np.array([word] if b == word >> 60 else [], dtype=np.uint64) for b in range(k)]
        children = next_layer(groups, blank_moves(k // cols, cols))
        assert want in children[j].tolist(), (hex(word), j, cols)


@pytest.mark.parametrize("flaw,words", [("_child_blank_low", "a digit lower"),
                                        ("_child_marks_kept", "clear the parent's marks"),
                                        ("_child_wrong_mark", "the opposite of the move just made")])
def test_07_4_typical_mistakes_get_their_hint_and_never_the_word(capsys, flaw, words):
    from puzzlelib.course.exercises import nb07_bfs_at_scale
    from puzzlelib.course.exercises.nb07_bfs_at_scale import _word_cases

    ok, out = run(capsys, "07.4", getattr(nb07_bfs_at_scale, flaw))
    assert not ok and words in out, out
    for _, _, _, want in _word_cases():
        assert f"{want:#x}" not in out and str(want) not in out


def test_07_4_a_written_out_answer_passes_and_pack_is_refused(capsys):
    def child_word(word, j, cols):           # another correct way: through the tiles, by hand
        k = 16
        tiles = [(word >> (4 + 4 * i)) & 15 for i in range(k - 2)]
        b = word >> 60
        tiles[b], tiles[j] = tiles[j], 0
        out = j << 60
        for i, t in enumerate(tiles):
            out |= t << (4 + 4 * i)
        (br, bc), (jr, jc) = divmod(b, cols), divmod(j, cols)
        way = 0 if br < jr else 1 if br > jr else 2 if bc < jc else 3
        return out | (1 << way)

    ok, out = run(capsys, "07.4", child_word)
    assert ok, out

    def by_difference(word, j, cols):        # the way back read off b - j alone: on a 5 x 1 board, -1 is up
        return child_word(word, j, cols) & ~15 | (1 << {-cols: 0, cols: 1, -1: 2, 1: 3}[(word >> 60) - j])

    ok, out = run(capsys, "07.4", by_difference)
    assert not ok and ", 1) returned" in out, out
    from puzzlelib.engines.packed import pack, unpack

    def borrowed(word, j, cols):
        k = 14
        tiles = [(word >> (4 + 4 * i)) & 15 for i in range(k)]
        n = next(n for n in range(2, 15) if sorted(tiles[:n]) == list(range(n)))
        tiles = tiles[:n]
        b = tiles.index(0)
        tiles[b], tiles[j] = tiles[j], 0
        return pack(tiles) | (1 << (0 if b < j - cols + 1 else 1 if b > j + cols - 1 else 2 if b < j else 3))

    ok, out = run(capsys, "07.4", borrowed)
    assert not ok
