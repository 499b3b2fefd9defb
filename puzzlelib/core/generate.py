"""Making puzzles: a uniform random solvable board, or a random walk from a board.

A Chinese article on the m x n puzzle compares the two ways. A random walk of a few moves
stays close to where it started, so on big boards it makes easy puzzles. A
random permutation, fixed by one swap when it lands in the wrong component,
is uniform over all solvable boards.
"""

from __future__ import annotations

import random as _random

from puzzlelib.core.errors import check_flag, number_text, whole_number
from puzzlelib.core.board import BLANK, Board, as_board, check_shape, neighbor_table, resolve_goal
from puzzlelib.core.solvability import is_solvable
from puzzlelib.core.door import door, keyword_only

__all__ = ["MAX_SCRAMBLE_MOVES", "fix_by_swap", "random_board", "random_solvable", "scramble", "walk_blank"]


MAX_SCRAMBLE_MOVES = 10_000_000
"""The longest random walk :func:`scramble` makes (about 10 s); a longer one is refused at once."""


def _rng(seed) -> _random.Random:
    if isinstance(seed, _random.Random):
        return seed
    return _random.Random(None if seed is None else whole_number(seed, "seed"))


def fix_by_swap(board) -> Board:
    """Swap the first two tiles (blank skipped) in reading order.

    On a board with at least 2 rows and 2 columns this moves the board into
    the other component (that article's claim 2).

    >>> print(fix_by_swap(Board([[1, 2, 3], [4, 5, 0]])))
    2 1 3
    4 5 .
    """
    board = as_board(board)
    if board.rows * board.cols < 3:
        raise ValueError(f"a {board.rows} x {board.cols} board has fewer than two tiles: there is nothing to swap")
    tiles = list(board.tiles)
    i, j = [k for k, t in enumerate(tiles) if t != BLANK][:2]
    tiles[i], tiles[j] = tiles[j], tiles[i]
    return Board._trusted(board.rows, board.cols, tuple(tiles))


@keyword_only("seed")
def random_board(rows: int, cols: int, *, seed=None) -> Board:
    """A uniformly random arrangement of the tiles, solvable or not.

    >>> random_board(2, 3, seed=1) == random_board(2, 3, seed=1)
    True
    """
    rows, cols = check_shape(rows, cols)
    rng = _rng(seed)
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)
    return Board._trusted(rows, cols, tuple(tiles))


def _random_solvable_args(args: dict) -> None:
    args["rows"], args["cols"] = check_shape(args["rows"], args["cols"])
    args["goal"] = resolve_goal(args["goal"], (args["rows"], args["cols"]))
    args["seed"] = _rng(args["seed"])


@door(_random_solvable_args, legacy=("goal", "seed"))
def random_solvable(rows: int, cols: int, *, goal=None, seed=None) -> Board:
    """A board drawn uniformly from all boards that can reach ``goal``.

    Shuffle every tile; if the result can't reach the goal, swap the first
    two tiles. Each solvable board is hit by exactly two shuffles (itself and
    its swapped twin), so every solvable board is equally likely.

    >>> b = random_solvable(3, 3, seed=7)
    >>> is_solvable(b), b == random_solvable(3, 3, seed=7)
    (True, True)
    """
    rng = seed                                   # a random.Random, made from the seed at the door
    if rows == 1 or cols == 1:
        order = [t for t in goal.tiles if t != BLANK]
        order.insert(rng.randrange(rows * cols), BLANK)
        return Board._trusted(rows, cols, tuple(order))
    board = random_board(rows, cols, seed=rng)
    return board if is_solvable(board, goal) else fix_by_swap(board)


@keyword_only("seed")
def scramble(board, moves: int, *, seed=None, allow_undo: bool = False) -> Board:
    """A random walk of ``moves`` slides from ``board``.

    By default a step never undoes the step before it (unless it must, at a
    dead end on a one-row board).

    >>> b = scramble(Board.goal(3, 3), 20, seed=3)
    >>> is_solvable(b), b == scramble(Board.goal(3, 3), 20, seed=3)
    (True, True)
    """
    board = as_board(board)
    moves = whole_number(moves, "moves")
    allow_undo = check_flag(allow_undo, "allow_undo")
    if not 0 <= moves <= MAX_SCRAMBLE_MOVES:
        raise ValueError(f"moves must be 0 to {MAX_SCRAMBLE_MOVES:,}, got {number_text(moves)}")
    rng = _rng(seed)
    rows, cols = board.shape
    tiles = list(board.tiles)
    blank = board.blank_index
    previous = None
    table = neighbor_table(rows, cols)
    for _ in range(moves):
        options = table[blank]
        if not allow_undo and previous in options and len(options) > 1:
            options = [j for j in options if j != previous]
        if not options:
            break
        j = rng.choice(options)
        tiles[blank], tiles[j] = tiles[j], BLANK
        previous, blank = blank, j
    return Board._trusted(rows, cols, tuple(tiles))


def _walk_blank_args(args: dict) -> None:
    board = args["board"] = as_board(args["board"])
    row = args["row"] = board.rows - 1 if args["row"] is None else whole_number(args["row"], "row")
    col = args["col"] = board.cols - 1 if args["col"] is None else whole_number(args["col"], "col")
    if not (0 <= row < board.rows and 0 <= col < board.cols):
        raise ValueError(f"cell ({row}, {col}) is not on a {board.rows} x {board.cols} board")


@door(_walk_blank_args)
def walk_blank(board, row=None, col=None) -> Board:
    """Slide the blank to ``(row, col)``: first along its row, then along the column.

    The default target is the bottom-right cell. Each step is a legal move,
    so the result is in the same component as ``board``.

    >>> print(walk_blank(Board([[0, 1, 2], [3, 4, 5]])))
    1 2 5
    3 4 .
    >>> walk_blank(Board([[1, 2, 3], [4, 5, 0]])) == Board.goal(2, 3)
    True
    """
    tiles = list(board.tiles)
    cols = board.cols
    r, c = board.blank
    while c != col:
        step = 1 if col > c else -1
        tiles[r * cols + c], tiles[r * cols + c + step] = tiles[r * cols + c + step], BLANK
        c += step
    while r != row:
        step = 1 if row > r else -1
        tiles[r * cols + c], tiles[(r + step) * cols + c] = tiles[(r + step) * cols + c], BLANK
        r += step
    return Board._trusted(board.rows, board.cols, tuple(tiles))
