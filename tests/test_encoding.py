"""Encodings: base-(mn) keys and Lehmer ranks, round trips and the seed's numbers."""

from itertools import permutations
from math import factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlelib import Board, from_key, rank, to_key, unrank
from puzzlelib.core.encoding import key_digits


@st.composite
def boards(draw, max_cells=16):
    rows = draw(st.integers(1, 5))
    cols = draw(st.integers(1, max(1, max_cells // rows)))
    tiles = draw(st.permutations(range(rows * cols)))
    return Board.from_tiles(tiles, rows, cols)


@given(boards())
def test_key_round_trip(board):
    assert from_key(to_key(board), board.rows, board.cols) == board


@given(boards())
def test_rank_round_trip(board):
    r = rank(board)
    assert 0 <= r < factorial(board.rows * board.cols)
    assert unrank(r, board.rows, board.cols) == board


@settings(max_examples=200)
@given(st.integers(1, 4), st.integers(1, 4), st.data())
def test_unrank_then_rank(rows, cols, data):
    r = data.draw(st.integers(0, factorial(rows * cols) - 1))
    assert rank(unrank(r, rows, cols)) == r


def test_2x3_keys_are_the_tiles_read_as_base_6_digits():
    # seed 000 prints 10157 and 10170; the sums it writes out give 11165 and 11190
    start, goal = Board([[1, 2, 3], [4, 0, 5]]), Board.goal(2, 3)
    assert to_key(start) == 1 * 7776 + 2 * 1296 + 3 * 216 + 4 * 36 + 0 * 6 + 5 == int("123405", 6)
    assert to_key(goal) == int("123450", 6) == 11190
    assert to_key(start) == 11165
    assert to_key(start) != 10157 and to_key(goal) != 10170


def test_keys_are_injective_but_not_onto():
    keys = {to_key(Board.from_tiles(p, 2, 3)) for p in permutations(range(6))}
    assert len(keys) == 720
    assert min(keys) == int("012345", 6) and max(keys) == int("543210", 6)
    assert 6 ** 6 - len(keys) == 45936  # keys that are not boards
    not_boards = 0
    for key in range(6 ** 6):
        digits = key_digits(key, 2, 3)
        if len(set(digits)) < 6:
            not_boards += 1
            with pytest.raises(ValueError, match="is not a 2 x 3 board"):
                from_key(key, 2, 3)
    assert not_boards == 6 ** 6 - 720


def test_ranks_are_dense_and_ordered():
    ranks = [rank(Board.from_tiles(p, 2, 3)) for p in permutations(range(6))]
    assert ranks == list(range(720))  # lexicographic order = rank order, no gaps


def test_bad_keys_and_ranks():
    with pytest.raises(ValueError, match="lies in 0..46655"):
        from_key(6 ** 6, 2, 3)
    with pytest.raises(ValueError, match="rank lies in 0..719"):
        unrank(-1, 2, 3)
    with pytest.raises(TypeError, match="rank must be an integer"):
        unrank(1.5, 2, 3)
    with pytest.raises(TypeError, match="key must be an integer"):
        from_key("11165", 2, 3)
    with pytest.raises(ValueError, match="ragged"):
        to_key([[1, 2], [0]])
