"""The state behind the puzzle player: a board, its goal, a history, and the numbers to show.

:class:`PlaySession` holds everything the player widget shows and does,
without any widgets, so it can be tested and reused on its own. Each player
has its own session; nothing is shared between players.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass

from puzzlelib.core.errors import NodeLimitError, TooLargeError, whole_number
from puzzlelib.core.limits import COMPILED_SOLVE_MAX_NODES, HUGE_BOARD_WORK, SOLVE_MAX_NODES, solved_by_table
from puzzlelib.engines.compiled import engine_available
from puzzlelib.core.board import BLANK, Board, as_board, check_shape
from puzzlelib.core.constructive import CONSTRUCTIVE_MAX_CELLS, solve_constructive
from puzzlelib.core.generate import fix_by_swap, random_solvable, scramble
from puzzlelib.core.heuristics import MAX_TABLE_CELLS, manhattan
from puzzlelib.engines.optimal import PDB_MAX_CELLS, _solve_checked, best_heuristic
from puzzlelib.engines.tables import _distance_dict
from puzzlelib.engines.pdb import PatternDatabase
from puzzlelib.engines.pdb import is_available
from puzzlelib.core.solvability import _solvable, explain

__all__ = ["GOAL_KINDS", "make_goal", "check_seed", "Panel", "start_and_goal", "solve_budget", "PlaySession"]


GOAL_KINDS = ("blank last", "blank first", "spiral")


def make_goal(rows: int, cols: int, kind: str = "blank last") -> Board:
    """The goal called ``kind``: "blank last", "blank first" or "spiral".

    >>> print(make_goal(2, 3, "spiral"))
    1 2 3
    . 5 4
    """
    if kind == "blank last":
        return Board.goal(rows, cols)
    if kind == "blank first":
        return Board.goal(rows, cols, blank="first")
    if kind == "spiral":
        return Board.spiral(rows, cols)
    raise ValueError(f"goal kind must be one of {GOAL_KINDS}, got {kind!r}")


def check_seed(seed) -> int | None:
    """``seed`` if it is an int (not a bool) or None; otherwise TypeError.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    TypeError: seed must be an integer, got 1.5 of type float
    """
    if seed is None:
        return None
    return whole_number(seed, "seed")


def solve_budget(cells: int) -> int:
    """The nodes the player's IDA* may expand on a board of ``cells`` cells: about half a second's work.

    While the heuristic has its tables (up to :data:`~puzzlelib.core.heuristics.MAX_TABLE_CELLS` cells):
    :data:`~puzzlelib.core.limits.COMPILED_SOLVE_MAX_NODES` with the compiled engine, else
    :data:`~puzzlelib.core.limits.SOLVE_MAX_NODES` (plain Python, about a second); beyond, each node costs work
    in proportion to the cells, so :data:`~puzzlelib.core.limits.HUGE_BOARD_WORK` ``// cells``, at least 10.

    >>> solve_budget(16) == (COMPILED_SOLVE_MAX_NODES if engine_available() else SOLVE_MAX_NODES)
    True
    >>> solve_budget(10_000)
    500
    """
    cells = whole_number(cells, "cells", minimum=1)
    if cells > MAX_TABLE_CELLS:
        return max(10, HUGE_BOARD_WORK // cells)
    return COMPILED_SOLVE_MAX_NODES if engine_available() else SOLVE_MAX_NODES


@dataclass(frozen=True)
class Panel:
    """The numbers the player shows after every move, and the texts it shows them in."""

    moves: int
    """Slides since the puzzle began: the last shuffle, scramble or reset (or the start)."""
    inversions: int
    """Inversions counted in the goal's order: the count the invariant is made of (for the usual goal,
    blank last, that is numeric order)."""
    blank_row_from_bottom: int
    invariant: int
    goal_invariant: int
    solvable: bool
    distance: int | None
    """Exact moves to the goal (None when unreachable), or the Manhattan distance."""
    distance_is_exact: bool
    usual_goal: bool = True
    """Is the goal the usual one (tiles in numeric order, blank last)? If not, ``inversions`` are
    counted in the goal's order, and the panel says so."""
    goal_blank_row_from_bottom: int = 1
    """The goal's blank row, counted from the bottom: on an even width it makes the goal's invariant."""
    even_width: bool = False
    line: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    """On a board of one row or one column: its tiles in order and the goal's (blank left out); else None.
    No tile passes another on a line, so the order never changes and decides the verdict: the parity
    rule does not (on 1 x 4, ``2 3 1 _`` has the goal's parity but cannot reach it)."""

    @property
    def component(self) -> str:
        return "solvable" if self.solvable else "unsolvable"

    @property
    def blank_row_text(self) -> str:
        return f"{self.blank_row_from_bottom} (from the bottom; the goal's: {self.goal_blank_row_from_bottom})"

    @property
    def invariant_text(self) -> str:
        """What never changes: the tiles' order on a line, else the width rule's parity beside the goal's.

        >>> print(PlaySession(board=Board([[2, 3, 1, 0]])).panel().invariant_text)
        tile order 2 3 1 (goal: 1 2 3)
        >>> print(PlaySession(board=Board([[1, 2], [0, 3]]), goal=Board([[0, 1], [2, 3]])).panel().invariant_text)
        (inversions + blank row) mod 2 = 1 (goal: (0 + 2) mod 2 = 0)
        """
        if self.line is not None:
            order, goal_order = (" ".join(map(str, tiles)) for tiles in self.line)
            return f"tile order {order} (goal: {goal_order})"
        if not self.even_width:
            return f"inversions mod 2 = {self.invariant} (goal: {self.goal_invariant})"
        return (f"(inversions + blank row) mod 2 = {self.invariant} "
                f"(goal: (0 + {self.goal_blank_row_from_bottom}) mod 2 = {self.goal_invariant})")

    @property
    def distance_text(self) -> str:
        if not self.solvable:
            if self.line is not None:
                return "unreachable (the tiles are not in the goal's order)"
            return "unreachable (other component)"
        if self.distance == 0:
            return "0 moves: this is the goal"
        if self.distance_is_exact:
            return f"{self.distance} move{'' if self.distance == 1 else 's'} (exact, BFS)"
        return f"at least {self.distance} moves (Manhattan distance)"


def start_and_goal(rows=None, cols=None, board=None, goal=None) -> tuple[Board, Board]:
    """The start board and goal of a new game, from a size, a board, a goal, or any agreeing mix.

    Every player takes its arguments in this one order, ``rows, cols, *, board=None, goal=None``.
    Without a size the board's (or the goal's) shape is used, and 3 x 3 without either; the goal
    defaults to the blank-last goal and the board to the goal. A size that disagrees with the
    board or the goal is a ValueError.

    >>> start_and_goal(2, 2)[1]
    Board([[1, 2], [3, 0]])
    >>> start_and_goal(3, 3, board=Board([[1, 2], [3, 0]]))
    Traceback (most recent call last):
    ...
    ValueError: the board is 2 x 2 but rows, cols say 3 x 3
    """
    if isinstance(rows, Board) or isinstance(cols, Board):
        raise TypeError("rows and cols are numbers; pass a board as board=... (and a goal as goal=...)")
    if (rows is None) != (cols is None):
        raise TypeError("give both rows and cols, or neither")
    board = None if board is None else as_board(board, "board")
    goal = None if goal is None else as_board(goal, "goal")
    if rows is not None:
        rows, cols = check_shape(rows, cols)
        for name, b in (("board", board), ("goal", goal)):
            if b is not None and b.shape != (rows, cols):
                raise ValueError(f"the {name} is {b.rows} x {b.cols} but rows, cols say {rows} x {cols}")
    else:
        known = board if board is not None else goal
        rows, cols = known.shape if known is not None else (3, 3)
    goal = Board.goal(rows, cols) if goal is None else goal
    board = goal if board is None else board
    if board.shape != goal.shape:
        raise ValueError(f"the goal is {goal.rows} x {goal.cols} but the board is "
                         f"{board.rows} x {board.cols}; they must have the same shape")
    return board, goal


class PlaySession:
    """A board being played: slide tiles, shuffle, scramble, swap, undo, reset, solve.

    Arguments of the wrong type (a tile that is not an int, a float seed, a
    negative number of scramble moves) raise TypeError or ValueError. A
    well-formed request that the board does not allow (a tile that is not
    next to the blank or not on the board, a swap on a board with fewer than
    two tiles, an undo with nothing to undo) changes nothing, returns False
    and says why in :attr:`message`. Each action sets :attr:`message`.

    >>> s = PlaySession(board=Board([[1, 2, 3], [4, 0, 5]]))
    >>> s.click(5), s.board == s.goal, s.panel().moves
    (True, True, 1)
    >>> s.click(1)  # not next to the blank: nothing happens
    False
    >>> s.undo()
    True
    >>> print(s.board)
    1 2 3
    4 . 5
    """

    def __init__(self, rows: int | None = None, cols: int | None = None, *, board=None, goal=None,
                 seed: int | None = 0):
        seed = check_seed(seed)
        board, goal = start_and_goal(rows, cols, board, goal)
        self.goal = goal
        self.start = board
        self.board = board
        self.history: list[tuple[Board, int, Board]] = []
        """What undo goes back to, last step last: the board, the move count and the puzzle's start."""
        self.moves = 0
        self._rng = random.Random(seed)
        self.message = ""
        self._prepared = self._prepare()

    def _prepare(self) -> threading.Thread | None:
        """Load what Solve needs in the background, while the student looks at the board.

        On a board with a pattern database at hand (shipped, as for the player's 4 x 4 goals, or cached) a
        thread loads its tables and the compiled engine, so the first Solve doesn't wait for them.
        :meth:`solution` waits for the thread before it searches, so it never searches without them.
        """
        cells = self.goal.rows * self.goal.cols
        if solved_by_table(self.goal.rows, self.goal.cols) or cells > PDB_MAX_CELLS or min(self.goal.shape) == 1 \
                or not is_available(self.goal):
            return None

        from puzzlelib.engines import compiled, optimal
        if compiled._WARM and self.goal in optimal._DATABASES:
            return None                     # an earlier player in this kernel has loaded both

        def quietly(work):       # solution() does the same work again and reports anything wrong
            def run():
                try:
                    work()
                except Exception:    # noqa: BLE001
                    pass
            return run

        # two threads: decompressing the tables and loading the compiled code each let go of Python's lock
        engine = compiled.warm_up_in_background()

        def load(goal=self.goal):
            best_heuristic(goal, build=False, progress=False)
            if engine is not None:
                engine.join()

        thread = threading.Thread(target=quietly(load), name="puzzlelib-prepare-solve", daemon=True)
        thread.start()
        return thread

    # --- actions ------------------------------------------------------------
    def _go(self, board: Board, moves: int, message: str) -> None:
        self.history.append((self.board, self.moves, self.start))
        self.board = board
        self.moves += moves
        self.message = message

    def click(self, tile: int) -> bool:
        """Slide ``tile`` if it is next to the blank; otherwise change nothing and say why.

        A ``tile`` that is not an int (or is a bool) raises TypeError.

        >>> s = PlaySession(rows=2, cols=2)
        >>> s.click(9), s.message
        (False, 'there is no tile 9 on a 2 x 2 board: the tiles are 1..3')
        """
        tile = whole_number(tile, "tile")
        cells = self.board.rows * self.board.cols
        if not 0 <= tile < cells:
            tiles = "there are no tiles" if cells == 1 else f"the tiles are 1..{cells - 1}"
            self.message = (f"there is no tile {tile} on a {self.board.rows} x {self.board.cols} "
                            f"board: {tiles}")
            return False
        if tile == BLANK:
            self.message = "that is the blank: click a tile next to it"
            return False
        if tile not in self.board.movable_tiles():
            self.message = (f"tile {tile} is not next to the blank; "
                            f"you can move {sorted(self.board.movable_tiles())}")
            return False
        self._go(self.board.slide(tile), 1, f"moved {tile}")
        return True

    def _new_puzzle(self, board: Board, message: str) -> None:
        """A shuffle or a scramble: a new puzzle, so the move count starts again and reset comes back here.

        Undo can go back across it, to the puzzle before: each step of the history keeps its puzzle's
        start, so reset always returns to the start of the puzzle the board is in.
        """
        self._go(board, -self.moves, message)
        self.start = board

    def shuffle(self) -> None:
        """Start a new puzzle: a uniformly random board that can reach the goal (seeded).

        The move count starts again from 0, and :meth:`reset` comes back to this board.
        """
        b = random_solvable(self.board.rows, self.board.cols, goal=self.goal, seed=self._rng)
        self._new_puzzle(b, "shuffled: a uniformly random solvable board")

    def scramble(self, n: int) -> bool:
        """Start a new puzzle ``n`` random moves from this board (a seeded random walk); False when no
        move is made. As after a shuffle, the move count starts again and :meth:`reset` comes back here.

        ``n`` must be an int, 0 or more (else TypeError or ValueError). A 1 x 1
        board has no moves, so it refuses and counts nothing.

        >>> s = PlaySession(rows=1, cols=1)
        >>> s.scramble(5), s.moves, s.message
        (False, 0, 'a 1 x 1 board has no moves: nothing to scramble')
        """
        n = whole_number(n, "the number of scramble moves")
        if n < 0:
            raise ValueError(f"the number of scramble moves must be 0 or more, got {n}")
        if self.board.rows * self.board.cols == 1:
            self.message = "a 1 x 1 board has no moves: nothing to scramble"
            return False
        if n == 0:
            self.message = "scrambled 0 moves: nothing changed"
            return False
        # Every cell of a board with 2 or more cells has a neighbour, so the walk makes all n moves.
        self._new_puzzle(scramble(self.board, n, seed=self._rng), f"scrambled {n} move{'' if n == 1 else 's'}")
        return True

    def swap(self) -> bool:
        """Swap the first two tiles (blank skipped); False when there are not two tiles to swap.

        With at least 2 rows and 2 columns the board jumps to the other
        component. On a single row or column the tiles' order changes, which
        no sliding can undo.

        >>> s = PlaySession(rows=1, cols=2)
        >>> s.swap(), s.message
        (False, 'a 1 x 2 board has only 1 tile: there are no two tiles to swap')
        """
        rows, cols = self.board.shape
        tiles = rows * cols - 1
        if tiles < 2:
            has = "only 1 tile" if tiles == 1 else "no tiles"
            self.message = f"a {rows} x {cols} board has {has}: there are no two tiles to swap"
            return False
        a, b = [t for t in self.board.tiles if t != BLANK][:2]
        if rows == 1 or cols == 1:
            message = (f"swapped tiles {a} and {b}: on a single line no tile can pass another, "
                       "so sliding cannot undo this")
        else:
            message = f"swapped tiles {a} and {b}: now in the other component"
        self._go(fix_by_swap(self.board), 0, message)
        return True

    def undo(self) -> bool:
        """Go back one step; False when there is nothing to undo.

        Undo past a shuffle or a scramble returns to the puzzle before it, with its move count and its
        start: reset then goes back to the start of that puzzle.

        >>> s = PlaySession(board=Board([[1, 2, 3], [4, 0, 5]]), seed=1)
        >>> first = s.start
        >>> s.shuffle(); s.undo()
        True
        >>> s.start == first, s.board == first
        (True, True)
        """
        if not self.history:
            self.message = "nothing to undo"
            return False
        self.board, self.moves, self.start = self.history.pop()
        self.message = "undone"
        return True

    def reset(self) -> None:
        """Back to the start of the current puzzle, history cleared.

        The current puzzle began at the last shuffle or scramble still in the history (undo can
        take one back), else at the first board.
        """
        self.board = self.start
        self.history.clear()
        self.moves = 0
        self.message = "reset"

    def solution(self) -> tuple[list[Board] | None, str]:
        """A path from the current board to the goal, and how it was found.

        Where :func:`~puzzlelib.core.limits.solved_by_table` says so (3 x 3 and smaller, one row or column) the path is a
        shortest one, from the BFS table. Beyond, IDA* (:func:`~puzzlelib.engines.optimal.solve_optimal`, with a
        pattern database if one is shipped or cached, else Manhattan distance) gets :func:`solve_budget` nodes,
        about half a second; if it runs out, the
        constructive solver (up to 300 cells) gives a long but sure path, and the message says why. A larger
        board that IDA* can't finish is refused with :class:`~puzzlelib.core.errors.TooLargeError`, at once when its
        Manhattan distance alone exceeds the budget (a shuffled 100 x 100 board).
        """
        if not _solvable(self.board, self.goal):     # the parity rule alone on the session's checked boards
            if 1 in self.board.shape:
                return None, "no solution: the tiles are not in the goal's order"
            return None, "no solution: the board is in the other component"
        if solved_by_table(self.board.rows, self.board.cols):
            path = _solve_checked(self.board, self.goal, None, None, False, False)
            return path, f"shortest solution: {len(path) - 1} moves (BFS)"
        heuristic = self._heuristic()                # a pattern database where one is ready, else Manhattan
        try:
            path = self._ida_star(heuristic)         # IDA* within the node budget
        except NodeLimitError as gave_up:
            path = solve_constructive(self.board, goal=self.goal)
            return path, f"constructive solution: {len(path) - 1} moves (not the shortest: {gave_up})"
        how = "IDA*, pattern database" if isinstance(heuristic, PatternDatabase) else "IDA*, Manhattan distance"
        return path, f"shortest solution: {len(path) - 1} moves ({how})"

    def _heuristic(self):
        """The best heuristic ready for the goal (the player's background thread may still be loading one)."""
        if self._prepared is not None:
            self._prepared.join()
        return best_heuristic(self.goal, build=False, progress=False)

    def _ida_star(self, heuristic) -> list[Board]:
        """IDA* on :func:`solve_budget` nodes. Past them: a NodeLimitError that says what gave up, where the
        constructive solver can take over (up to 300 cells, or one row or column); elsewhere TooLargeError,
        at once when the Manhattan distance alone is past the budget."""
        cells = self.board.rows * self.board.cols
        budget = solve_budget(cells)
        fallback = min(self.board.shape) == 1 or cells <= CONSTRUCTIVE_MAX_CELLS
        if not fallback:
            self._refuse_far(budget)
        try:   # the boards are checked and the goal reachable: the solver's core, nothing checked twice
            return _solve_checked(self.board, self.goal, budget, heuristic, False, False)
        except NodeLimitError:
            if not fallback:
                raise self._too_large(f"IDA* (Manhattan distance) gave up after {budget:,} nodes, about a "
                                      "second") from None
            why = ("IDA* with the pattern database" if isinstance(heuristic, PatternDatabase) else
                   "IDA* with Manhattan distance (no pattern database built for this goal)")
            raise NodeLimitError(f"{why} gave up after {budget:,} nodes") from None

    def _refuse_far(self, budget: int) -> None:
        """Raise TooLargeError when the Manhattan distance alone is past IDA*'s budget of ``budget`` nodes.

        A solution has at least as many moves as the Manhattan distance, and IDA* expands a node for each
        of them: past its budget it could never finish, so say so now rather than after the search.
        """
        at_least = manhattan(self.board, self.goal)
        if at_least >= budget:
            raise self._too_large(f"it is at least {at_least:,} moves from the goal (Manhattan distance), "
                                  f"and IDA* may expand only {budget:,} nodes here (about half a second)")

    def _too_large(self, why: str) -> TooLargeError:
        """The refusal of :meth:`solution` on a board over the constructive solver's size: why, and what works."""
        rows, cols = self.board.shape
        return TooLargeError(
            f"no solver here can solve this {rows} x {cols} board in reasonable time: {why}; the constructive "
            f"solver (long but sure solutions) takes boards of up to {CONSTRUCTIVE_MAX_CELLS} cells. "
            "Start from the goal and scramble a few moves instead (scramble(n)): IDA* solves such a board "
            f"exactly; or play a board of at most {CONSTRUCTIVE_MAX_CELLS} cells")

    def step_to(self, board: Board) -> None:
        """Record one move of an animated solution; ValueError unless ``board`` is one move away."""
        board = as_board(board, "board")
        if board not in self.board.neighbors():
            raise ValueError("step_to needs a board one move from the current board; got\n"
                             f"{board}\nfrom\n{self.board}")
        self._go(board, 1, self.message)

    # --- what to show -------------------------------------------------------
    def panel(self) -> Panel:
        """The numbers for the live panel: exact distances where a BFS table solves the board
        (:func:`~puzzlelib.core.limits.solved_by_table`), the Manhattan distance beyond."""
        r = explain(self.board, self.goal)
        if solved_by_table(self.board.rows, self.board.cols):
            distance = _distance_dict(self.goal).get(self.board.tiles)
            exact = True
        else:
            distance = manhattan(self.board, self.goal)
            exact = False
        return Panel(moves=self.moves, inversions=r.relative_inversions,
                     usual_goal=self.goal == Board.goal(self.goal.rows, self.goal.cols),
                     blank_row_from_bottom=r.blank_row_from_bottom, invariant=r.invariant,
                     goal_invariant=r.goal_invariant, solvable=r.solvable,
                     distance=distance if r.solvable else None, distance_is_exact=exact,
                     goal_blank_row_from_bottom=r.goal_blank_row_from_bottom, even_width=self.board.cols % 2 == 0,
                     line=(_order(self.board), _order(self.goal)) if r.line else None)


def _order(board: Board) -> tuple[int, ...]:
    """The tiles in reading order, blank left out."""
    return tuple(t for t in board.tiles if t != BLANK)
