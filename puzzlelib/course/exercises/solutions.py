"""The reference solutions of the write-a-function exercises, as plain functions.

:func:`~puzzlelib.course.exercises.reveal` prints a function's source from this file, and each notebook's
solution cell shows the same code (tests/test_exercise_sources.py compares them), so change both
together. They are written as a student would write them: no input checks, no doctest, only the
names a notebook has (``Board`` and ``is_solvable``).

Because they are answers and not part of puzzlelib's interface, the functions are gathered in
:data:`SOLUTIONS` and their names removed from the module at the end, so the API and fuzz tests,
which look at every module's public names, leave them alone. In the student edition this file is
there, as the whole package is (check() needs it), but reveal() does not show it.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.solvability import is_solvable

__all__ = ["SOLUTIONS", "FLAWED"]


# --- notebook 01 ----------------------------------------------------------------------------------

def key_of(tiles):
    """The tiles read as the digits of a base-len(tiles) number, the first tile the most significant."""
    base = len(tiles)
    key = 0
    for tile in tiles:
        key = key * base + tile
    return key


def rank_of(tiles):
    """The Lehmer rank: for each position, the smaller tiles later on, times (k - 1 - i)!."""
    from math import factorial
    k = len(tiles)
    rank = 0
    for i, t in enumerate(tiles):
        smaller_after = sum(1 for u in tiles[i + 1:] if u < t)
        rank += smaller_after * factorial(k - 1 - i)
    return rank


# --- notebook 02 ----------------------------------------------------------------------------------

def bfs_path(start, goal):
    """A shortest list of boards from start to goal (both included), or None if there is none."""
    from collections import deque
    parent = {start: None}              # every board seen, and the board it was reached from
    queue = deque([start])
    while queue:
        board = queue.popleft()
        if board == goal:               # walk the parent pointers back to the start
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1]
        for nxt in board.neighbors():
            if nxt not in parent:
                parent[nxt] = board
                queue.append(nxt)
    return None                         # the whole component searched: the goal is not in it


# --- notebook 03 ----------------------------------------------------------------------------------

def count_inversions(tiles):
    """Pairs of tiles in the wrong order, reading row by row; the blank (0) is skipped."""
    seq = [t for t in tiles if t != 0]
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)


def solvable(board):
    """Can board reach the usual goal (blank last)? The width rule, for at least 2 rows and 2 columns."""
    seq = [t for t in board.tiles if t != 0]
    inversions = sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)
    if board.cols % 2 == 1:                         # odd width: a move keeps the inversion parity
        return inversions % 2 == 0
    row_from_bottom = board.rows - board.blank[0]  # even width: the blank's row counts too
    return (inversions + row_from_bottom) % 2 == 1  # the goal has 0 + 1, odd


# --- notebook 05 ----------------------------------------------------------------------------------

def make_puzzle(rows, cols, rng):
    """A board drawn uniformly from all boards that can reach the usual goal."""
    tiles = list(range(rows * cols))
    rng.shuffle(tiles)                               # every arrangement equally likely
    board = Board.from_tiles(tiles, rows, cols)
    if not is_solvable(board):                       # wrong half: swap two tiles (not the blank)
        i, j = [k for k, t in enumerate(tiles) if t != 0][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        board = Board.from_tiles(tiles, rows, cols)
    return board                                     # each solvable board: 2 shuffles of the same chance


# --- notebook 07 ----------------------------------------------------------------------------------

def pack_word(tiles):
    """A board as one 64-bit word: tile of cell i at bit 4 + 4i, the blank's cell in the top 4 bits."""
    word = tiles.index(0) << 60               # the blank's cell, in the top 4 bits
    for i, tile in enumerate(tiles):
        word |= tile << (4 + 4 * i)           # cell i's tile, above the 4 used-move bits
    return word


# --- notebook 08 ----------------------------------------------------------------------------------

def heuristic(board):
    """Manhattan distance to the usual goal: each tile's row and column distance to its cell, blank left out."""
    cols = board.cols
    total = 0
    for i, t in enumerate(board.tiles):
        if t != 0:
            home = t - 1                             # in the usual goal tile t sits in cell t - 1
            total += abs(i // cols - home // cols) + abs(i % cols - home % cols)
    return total


def stronger(board):
    """Linear conflict: Manhattan, plus 2 moves for each tile that must step out of its goal line."""
    from bisect import bisect_left
    rows, cols, tiles = board.rows, board.cols, board.tiles
    total = 0
    for i, t in enumerate(tiles):
        if t != 0:
            home = t - 1
            total += abs(i // cols - home // cols) + abs(i % cols - home % cols)

    def must_leave(homes):
        # the tiles in a line minus the longest run already in goal order
        run = []
        for h in homes:
            k = bisect_left(run, h)
            run[k:k + 1] = [h]
        return len(homes) - len(run)

    for r in range(rows):
        line = tiles[r * cols:(r + 1) * cols]
        total += 2 * must_leave([(t - 1) % cols for t in line if t != 0 and (t - 1) // cols == r])
    for c in range(cols):
        line = tiles[c::cols]
        total += 2 * must_leave([(t - 1) // cols for t in line if t != 0 and (t - 1) % cols == c])
    return total


# --- flawed answers, for the tests of the checker -------------------------------------------------
# Near-copies of a reference solution with one typical mistake: they give the answer away just as
# much, so they live here (the student edition has a stub of this file), not beside the checks.

def _walk_back(parent: dict, board) -> list:
    """The path from the start to ``board``, through the parent pointers of a search."""
    path = []
    while board is not None:
        path.append(board)
        board = parent[board]
    return path[::-1]


def bfs_path_depth_first(start, goal):
    """A flawed bfs_path for the tests of the checker: takes boards from the back of the queue (DFS)."""
    parent, stack = {start: None}, [start]
    while stack:
        board = stack.pop()
        if board == goal:
            return _walk_back(parent, board)
        for nxt in board.neighbors():
            if nxt not in parent:
                parent[nxt] = board
                stack.append(nxt)
    return None


def bfs_path_ten_moves(start, goal):
    """A flawed bfs_path for the tests of the checker: gives up after ten moves."""
    parent, layer = {start: None}, [start]
    for _ in range(11):
        if goal in parent:
            return _walk_back(parent, goal)
        nxt = []
        for board in layer:
            for n in board.neighbors():
                if n not in parent:
                    parent[n] = board
                    nxt.append(n)
        layer = nxt
    return None


SOLUTIONS = {fn.__name__: fn for fn in (key_of, rank_of, bfs_path, count_inversions, solvable, make_puzzle,
                                        pack_word, heuristic, stronger)}
"""The reference solutions by the name of the function the student writes, in notebook order."""

del key_of, rank_of, bfs_path, count_inversions, solvable, make_puzzle, pack_word, heuristic, stronger

FLAWED = {fn.__name__: fn for fn in (bfs_path_depth_first, bfs_path_ten_moves)}
"""Flawed answers by name: each makes one typical mistake, for the tests that the checker catches it."""

del bfs_path_depth_first, bfs_path_ten_moves
