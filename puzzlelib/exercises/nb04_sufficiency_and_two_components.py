"""Exercises of notebook 04, sufficiency and the two components: 04.1-04.5, all answered with a value."""

from __future__ import annotations

import math

from ..board import Board
from ..generate import fix_by_swap
from ..graph import count_components
from ..limits import reachable_count
from ..search.bfs import min_moves
from .engine import Mistake, _register
from .fixtures import _dist

__all__: list[str] = []

_EX2_04 = Board([[2, 1, 3], [4, 0, 5]])


def _goal_options() -> dict:
    """Exercise 04.2's five goals, by letter."""
    return {"A": Board.goal(2, 3), "B": Board.goal(2, 3, blank="first"), "C": Board.spiral(2, 3),
            "D": Board([[1, 2, 3], [0, 4, 5]]), "E": fix_by_swap(Board.goal(2, 3))}


def _reachable_letters() -> set:
    return {k for k, g in _goal_options().items() if min_moves(_EX2_04, g) >= 0}


def _letters(x):
    """ "ce", "C, E" and {"c", "E"} all mean the set {"C", "E"}."""
    if isinstance(x, str):
        return {c for c in x.upper() if c.isalpha()}
    if isinstance(x, (set, frozenset)) and all(isinstance(c, str) for c in x):
        return {c.strip().upper() for c in x}
    return x


def _ring_turns(rows: int, cols: int) -> int:
    """Moves until the goal first comes back while the blank walks round and round the ring of a 2 x n board."""
    goal = Board.goal(rows, cols)
    ring = [(1, c) for c in range(cols - 1, -1, -1)] + [(0, c) for c in range(cols)]   # left along the bottom, back along the top
    board, moves = goal, 0
    while True:
        for r, c in ring[1:] + ring[:1]:
            board = board.slide(board.grid[r][c])
            moves += 1
        if board == goal:
            return moves


def _blank_home(rows: int, cols: int) -> int:
    """Boards the goal reaches with the blank back on its goal cell: (mn - 1)!/2 by the theorem."""
    if rows * cols <= 9:
        return sum(1 for t in _dist(Board.goal(rows, cols)) if t[-1] == 0)
    return reachable_count(rows, cols) // (rows * cols)


_register(
    id="04.1", title="Components of the 1 x 9 board", level="core", minutes=5, kind="value",
    solution=lambda: count_components(1, 9),
    hint="on one line can a tile ever pass another? Then what stays the same along every path, and how "
         "many different values can it take?",
    why="no tile can pass another on a line, so each order of the 8 tiles is a component of its own.",
    mistakes=(
        Mistake(lambda: 2, "two components is the rule for boards with at least 2 rows and 2 columns; on a "
                           "single line tiles cannot pass each other."),
        Mistake(lambda: math.factorial(9), "that is every order of the nine cells, blank included; the blank "
                                           "can reach every cell of its line, so only the tiles' order counts."),
        Mistake(lambda: count_components(1, 8), "that is the 1 x 8 board; this one has nine cells."),
        Mistake(lambda: 1, "on a line the tiles cannot change order, so not every board reaches every other."),
    ),
)
_register(
    id="04.2", title="Which goals can it reach?", level="core", minutes=8, kind="value",
    solution=_reachable_letters, normalize=_letters,
    hint="for each goal, count the board's inversions in that goal's order (rename each tile by its "
         "place in the goal), and compare the rule's value with the goal's own. Answer with the letters.",
    why="a board reaches exactly the goals whose rule it passes, with the inversions counted in each "
        "goal's order (the theorem, for any goal G).",
    mistakes=(
        Mistake(lambda: {"A"}, "the board fails the rule for the usual goal, so it cannot reach it."),
        Mistake(lambda: {"E"}, "one of them, but not the only one: check every goal in its own order."),
        Mistake(lambda: {"B", "D"}, "those fail the rule; count the inversions in each goal's own order."),
        Mistake(lambda: {"A", "B", "D"}, "the opposite: those three are exactly the goals it cannot reach."),
    ),
)
_register(
    id="04.3", title="The size of a component", level="core", minutes=5, kind="value",
    solution=lambda: reachable_count(2, 5),
    hint="the board lies in one of the two components of the 2 x 5 puzzle, and Lemma 5 says how they "
         "compare.",
    why="both components hold half of the 10! arrangements.",
    mistakes=(
        Mistake(lambda: math.factorial(10), "that is every arrangement of the 2 x 5 board, both components."),
        Mistake(lambda: reachable_count(2, 5) - 1, "the board can reach itself (zero moves): count it too."),
        Mistake(lambda: math.factorial(9), "that leaves out the blank; the blank is part of the arrangement."),
    ),
)
_register(
    id="04.4", title="Lemma 3 on a longer ring", level="core", minutes=10, kind="value",
    solution=lambda: _ring_turns(2, 3),
    hint="on 2 x 3 every cell is on the ring. Argue as in Lemma 3: after one walk round (how many moves?), "
         "how far has each tile moved among the occupied cells? How many walks bring them all home?",
    why="one walk round the 6 cells takes 6 moves and moves each of the 5 tiles one place back among the "
        "occupied cells, a 5-cycle, so 5 walks are needed: 30 moves.",
    mistakes=(
        Mistake(lambda: 6, "6 moves is one walk round: the tiles have moved, so the goal is not back yet."),
        Mistake(lambda: 5, "5 is the number of walks; count the moves."),
        Mistake(lambda: 12, "12 is the 2 x 2 ring; here the ring has 6 cells and 5 tiles."),
        Mistake(lambda: 36, "that assumes 6 walks; only the 5 tiles turn, the blank's cell comes back each walk."),
    ),
)
_register(
    id="04.5", title="The blank at home: even orders only", level="core", minutes=10, kind="value",
    solution=lambda: _blank_home(3, 4),
    hint="with the blank on its goal cell, what does the invariant say about the order of the other 11 "
         "tiles? How many of the 11! orders is that (Lemma 5's argument)?",
    why="with the blank at home the tiles' order must be even (the invariant), and every even order is "
        "reached (the theorem): 11!/2 boards.",
    mistakes=(
        Mistake(lambda: math.factorial(11), "that is every order of the 11 tiles; only the even ones keep "
                                            "the invariant with the blank at home."),
        Mistake(lambda: reachable_count(3, 4), "that counts every board the goal reaches; count only those "
                                               "with the blank back on its goal cell."),
        Mistake(lambda: math.factorial(12) // 2 // 11, "divide the reachable boards among the 12 cells the "
                                                       "blank can be in, not 11."),
    ),
)


# --- 04.6 and 04.7: proving exercises, checked by replaying and by search -------------------------

_STEPS = {"U": -3, "D": 3, "L": -1, "R": 1}        # the blank's moves in a 2 x 3 block, by the cell number


def _step(blank: int, move: str) -> int | None:
    """The cell the blank reaches from ``blank`` by ``move`` inside the 2 x 3 block, or None if it leaves it."""
    nxt = blank + _STEPS[move]
    return None if not 0 <= nxt < 6 or (move in "LR" and nxt // 3 != blank // 3) else nxt


def _escape_path(moves: str):
    """Replay blank moves on every filling of the column trap; (ok, what went wrong)."""
    from itertools import permutations
    for others in permutations([3, 4, 5]):
        # P = cell 0 (top), Q = cell 3 (below it); b = 2 in P, a = 1 in Q, the blank right of P
        tiles = [2, 0, others[0], 1, others[1], others[2]]
        blank = 1
        for i, m in enumerate(moves):
            nxt = _step(blank, m)
            if nxt is None:
                return False, ("leaves the block", i + 1)
            tiles[blank], tiles[nxt] = tiles[nxt], 0
            blank = nxt
        if not (tiles[3] == 1 and tiles[4] == 2):
            return False, ("a or b not in place",)
    return True, None


def _trap_escape() -> str:
    """A shortest escape, found by breadth-first search over the blank moves (filling-independent)."""
    from collections import deque
    start = (3, 0, 1)                                       # cells of a, b and the blank
    seen, queue = {start: ""}, deque([start])
    while queue:
        a, b, blank = state = queue.popleft()
        if a == 3 and b == 4:
            return seen[state]
        for m in _STEPS:
            nxt = _step(blank, m)
            if nxt is None:
                continue
            new = (blank if a == nxt else a, blank if b == nxt else b, nxt)
            if new not in seen:
                seen[new] = seen[state] + m
                queue.append(new)
    raise AssertionError("the column trap has no way out")   # never: Lemma 2


def _escape_verdict(x):
    if not isinstance(x, str):
        return x
    moves = "".join(c for c in x.upper() if not c.isspace() and c != ",")
    if not moves or set(moves) - set(_STEPS):
        return ("not moves",)
    ok, problem = _escape_path(moves)
    return _trap_escape() if ok else problem


_register(
    id="04.6", title="Escape the trap, on its side", level="challenge", minutes=20, kind="value",
    solution=_trap_escape, normalize=_escape_verdict,
    hint="the lemma on its side: P on top of Q in the left column of a 2 x 3 block. Write the blank's moves "
         "as letters U, D, L, R; one fixed sequence must work whatever the other three tiles are. Try "
         "turning the 12 moves pictured for the row case on their side.",
    why="a fixed sequence of blank moves carries the contents of fixed cells to fixed cells, so checking "
        "it once checks it for every filling: the trap always has a way out.",
    mistakes=(
        Mistake(lambda: ("not moves",), "write the blank's moves with the letters U, D, L and R only, e.g. "
                                         "\"RDL\"."),
        Mistake(lambda: ("leaves the block", 1), "the first move already takes the blank out of the 2 x 3 "
                                                 "block (or through its edge)."),
        Mistake(lambda: ("a or b not in place",), "legal moves, but at the end `a` is not in Q with `b` to "
                                                 "its right on every filling; replay them on paper."),
    ),
)


def _line_rule_passes(board: Board) -> bool:
    """The parity rule of notebook 03 for the usual goal, as it reads on an even width."""
    from ..solvability import blank_row_from_bottom, inversions
    goal = Board.goal(board.rows, board.cols)
    return (inversions(board) + blank_row_from_bottom(board)) % 2 == \
        (inversions(goal) + blank_row_from_bottom(goal)) % 2


def _line_counterexample() -> Board:
    """The first 1 x 4 board (in the order of its tiles) that passes the rule but can't reach the goal."""
    from itertools import permutations
    return next(b for b in (Board.from_tiles(p, 1, 4) for p in permutations(range(4)))
                if _line_rule_passes(b) and min_moves(b, check_parity=False) < 0)


def _line_verdict(x):
    if not isinstance(x, Board):
        return x
    if x.shape != (1, 4):
        return ("not 1 x 4", x.shape)
    if not _line_rule_passes(x):
        return ("fails the rule",)
    return _line_counterexample() if min_moves(x, check_parity=False) < 0 else ("reaches the goal",)


_register(
    id="04.7", title="Why 1 x n is different: the theorem needs two rows", level="core", minutes=10,
    kind="value", solution=_line_counterexample, normalize=_line_verdict,
    hint="on a line no tile can pass another, so which boards reach the goal? Find one that the parity "
         "rule lets through all the same (count its inversions; the blank's row is always 1).",
    why="the rule is necessary on every board, but sufficiency needs Lemmas 1 and 3, whose hypotheses fail "
        "on a line: its inner cells are cut cells, and it has no 2 x 2 block.",
    mistakes=(
        Mistake(lambda: ("fails the rule",), "that board fails the parity rule, so it proves nothing about "
                                              "sufficiency: find one that passes it."),
        Mistake(lambda: ("reaches the goal",), "that board passes the rule and does reach the goal: find one "
                                                "that passes but can't."),
    ),
)
