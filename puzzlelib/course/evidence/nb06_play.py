"""Checks behind notebook 06's claims about the player: slides keep the panel's invariant, and on a single
row or column the panel's verdict is what breadth-first search finds.

Each check returns None when the claim holds on the data it is given, or a short message that says what
does not hold.
"""

from __future__ import annotations

from itertools import permutations
from math import factorial

from puzzlelib.core.board import Board, as_board

__all__ = ["slides_keep_invariant", "line_verdicts_problem"]


def slides_keep_invariant(boards, invariants, *, min_slides: int = 12) -> str | None:
    """None when ``boards`` is a walk of at least ``min_slides`` legal slides over distinct boards, with
    both a horizontal and a vertical slide, and the invariant observed on each board (``invariants``, one
    a board, in the same order) never changes.

    A walk that slides one tile back and forth visits two boards only: it is refused, since it can't
    show much. So is a walk of horizontal slides only, which on an odd width never moves a tile past
    another.

    >>> from puzzlelib.core.solvability import explain
    >>> walk = [Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])]
    >>> for tile in (6, 5, 2, 3, 5, 6, 8, 7, 4, 1, 3, 2):
    ...     walk.append(walk[-1].slide(tile))
    >>> print(slides_keep_invariant(walk, [explain(b).invariant for b in walk]))
    None
    >>> print(slides_keep_invariant(walk, [0] * 12 + [1]))
    the invariant changed from 0 to 1 on slide 12
    >>> print(slides_keep_invariant(walk[:2] * 6 + walk[:1], [0] * 13))
    only 2 distinct boards in 13: the walk goes back and forth
    """
    boards = [as_board(b, "a board of the walk") for b in boards]
    invariants = list(invariants)
    if len(invariants) != len(boards):
        return f"{len(boards)} boards but {len(invariants)} invariants: give one invariant a board"
    slides = len(boards) - 1
    if slides < min_slides:
        return f"only {slides} slides: the claim is checked on {min_slides} or more"
    distinct = len(set(boards))
    if distinct < len(boards):
        if distinct <= 2:
            return f"only {distinct} distinct boards in {len(boards)}: the walk goes back and forth"
        return f"the walk visits a board twice ({distinct} distinct boards in {len(boards)})"
    kinds = set()
    for i, (a, b) in enumerate(zip(boards, boards[1:]), 1):
        if b not in a.neighbors():
            return f"step {i} is not a slide"
        kinds.add("vertical" if a.blank[1] == b.blank[1] else "horizontal")
    if kinds != {"horizontal", "vertical"}:
        return f"every slide is {kinds.pop()}: the walk needs both kinds"
    for i, (x, y) in enumerate(zip(invariants, invariants[1:]), 1):
        if x != y:
            return f"the invariant changed from {x} to {y} on slide {i}"
    return None


def _reachable(goal: Board) -> set:
    """The tiles of every board breadth-first search reaches from ``goal`` by slides (no parity rule)."""
    from puzzlelib.engines.tables import distances
    return set(distances(goal))


def _panel_verdict(board: Board, goal: Board) -> bool:
    from puzzlelib.player.session import PlaySession       # here, so that importing puzzlelib does not load the player
    return PlaySession(board=board, goal=goal).panel().solvable


def line_verdicts_problem(rows: int, cols: int, verdict=None, goal=None) -> str | None:
    """None when ``verdict(board, goal)`` is True exactly for the boards that breadth-first search reaches
    from ``goal``, over every board of a ``rows`` x ``cols`` shape. The default verdict is the player's
    panel ("solvable"), the default goal blank last.

    On a single line this is the claim that the panel is right there; the parity rule is not:

    >>> print(line_verdicts_problem(1, 4))
    None
    >>> from puzzlelib.core.solvability import explain
    >>> print(line_verdicts_problem(1, 4, lambda b, g: explain(b, g).invariant == explain(b, g).goal_invariant))
    wrong on 8 of 24 boards of 1 x 4, e.g. _ 2 3 1 (says reachable; BFS: no)
    """
    goal = Board.goal(rows, cols) if goal is None else as_board(goal, "goal")
    verdict = _panel_verdict if verdict is None else verdict
    reached = _reachable(goal)
    wrong = []
    for tiles in permutations(range(rows * cols)):
        board = Board.from_tiles(tiles, rows, cols)
        if bool(verdict(board, goal)) != (tiles in reached):
            wrong.append(board)
    if not wrong:
        return None
    first = wrong[0]
    says = "reachable" if first.tiles not in reached else "unreachable"
    shown = " ".join(str(t) if t else "_" for t in first.tiles)
    return (f"wrong on {len(wrong)} of {factorial(rows * cols)} boards of {rows} x {cols}, e.g. {shown} "
            f"(says {says}; BFS: {'no' if says == 'reachable' else 'yes'})")
