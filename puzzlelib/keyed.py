"""Seed 000's algorithm as written: BFS over integer keys with a ``MOVES`` table.

The state is a base-(mn) integer (see :func:`~puzzlelib.encoding.to_key`).
Each step decodes the key into digits, finds the blank, swaps it with each
neighbour listed in ``MOVES``, and encodes the result again. The distances
live in a dict from key to moves. It is the same search as
:func:`~puzzlelib.search.min_moves`, written the way seed 000 writes it, so
that the notebooks can run the text's own algorithm and count what it visits.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from .board import Board, as_board, moves_table, same_shape
from .encoding import to_key


@dataclass(frozen=True)
class KeyedResult:
    """What seed 000's BFS returns (``moves``), plus how many keys it stored."""

    moves: int
    """Fewest moves to the goal, or -1."""
    visited: int
    """Number of keys in the ``dist`` dict when the search stopped."""


def keyed_bfs(board, goal=None) -> KeyedResult:
    """Seed 000's BFS over base-(mn) keys: fewest moves, or -1 after exhausting the component.

    Unlike :func:`~puzzlelib.search.min_moves` it never consults the parity
    rule, so on an unsolvable board it visits every board it can reach.

    >>> keyed_bfs(Board([[1, 2, 3], [4, 0, 5]]))
    KeyedResult(moves=1, visited=3)
    >>> keyed_bfs(Board([[1, 2, 3], [5, 4, 0]]))
    KeyedResult(moves=-1, visited=360)
    """
    board = as_board(board, "board")
    goal = Board.goal(board.rows, board.cols) if goal is None else as_board(goal, "goal")
    same_shape(board, goal)
    base = board.rows * board.cols
    moves = moves_table(board.rows, board.cols)
    start, target = to_key(board), to_key(goal)
    if start == target:
        return KeyedResult(0, 1)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        state = queue.popleft()
        digits = []
        s = state
        for _ in range(base):
            s, d = divmod(s, base)
            digits.append(d)
        digits.reverse()
        zero = digits.index(0)
        for new_pos in moves[zero]:
            temp = digits.copy()
            temp[zero], temp[new_pos] = temp[new_pos], temp[zero]
            key = 0
            for d in temp:
                key = key * base + d
            if key not in dist:
                if key == target:
                    return KeyedResult(dist[state] + 1, len(dist))
                dist[key] = dist[state] + 1
                queue.append(key)
    return KeyedResult(-1, len(dist))
