"""A constructive solver: the proof that every board passing the parity test can be solved.

Notebook 04 proves, lemma by lemma, that this plan works for every m x n board
with m, n >= 2 and any goal; the code follows the proof:

1. **Park the goal's blank in the bottom-right corner.** Walk the goal's
   blank down, then right, to the corner; call the result the *working
   goal*. Solving to it and then walking the blank back solves the real goal.
2. **Rows.** While more than two rows are unsolved, fill the top one left to
   right (Lemma 1: a tile can be routed through free cells that have no cut
   cell). The last two cells of a row need a trick (Lemma 2): hold the first
   tile in the row's last cell, its partner under it, then turn both in.
3. **Columns.** With two rows left, fill them column by column, left to
   right, with the same trick turned on its side.
4. **The last 2 x 2.** Turn its three tiles round the 2 x 2 cycle (Lemma 3:
   one turn is a 3-cycle). When the board passes the parity test the three
   tiles are an even permutation away from home, a rotation, so at most two
   turns finish (Lemma 4).

:meth:`WorkingBoard.route_tile` is Lemma 1's procedure as written in the
proof; the solver itself moves tiles with :meth:`WorkingBoard.place` and
:meth:`WorkingBoard.place_two`, breadth-first searches that find a shortest
way whenever one exists (the lemmas say one does). The paths are long, not
shortest: the point is that they always exist.
"""

from __future__ import annotations

from collections import deque

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import BLANK, Board, as_board, board_and_goal, neighbor_table
from puzzlelib.core.errors import TooLargeError
from puzzlelib.core.solvability import is_solvable

__all__ = ["WorkingBoard", "constructive_moves", "constructive_milestones", "constructive_stages", "solve_by_rows",
           "solve_constructive", "CONSTRUCTIVE_MAX_CELLS"]


class WorkingBoard:
    """A mutable board plus the list of tiles slid so far: the solver's scratch pad.

    Its methods are the steps of the sufficiency proof: :meth:`blank_route`
    walks the blank round locked cells, :meth:`place` routes one tile
    through free space, and :meth:`place_two` moves two tiles together.

    >>> work = WorkingBoard(Board([[4, 1, 2], [5, 0, 3]]))
    >>> work.place(1, 0, locked=set()), work.tiles[0]
    (True, 1)
    """

    def __init__(self, board: Board):
        board = as_board(board)
        self.rows, self.cols = board.shape
        self.tiles = list(board.tiles)
        self.blank = board.blank_index
        self.slid: list[int] = []
        self.adjacent = neighbor_table(self.rows, self.cols)

    def move_blank_to(self, j: int) -> None:
        """Swap the blank with the tile in the neighbouring cell ``j``."""
        tile = self.tiles[j]
        self.tiles[self.blank], self.tiles[j] = tile, BLANK
        self.slid.append(tile)
        self.blank = j

    def walk_blank(self, cells) -> None:
        for j in cells:
            self.move_blank_to(j)

    def free_route(self, start: int, target: int, locked: set[int]) -> list[int]:
        """Cells of a shortest walk from ``start`` to ``target`` (``start`` left out) avoiding ``locked``.

        >>> WorkingBoard(Board.goal(2, 3)).free_route(0, 2, locked={1})
        [3, 4, 5, 2]
        """
        parent = {start: None}
        queue = deque([start])
        while queue:
            i = queue.popleft()
            if i == target:
                break
            for j in self.adjacent[i]:
                if j not in parent and j not in locked:
                    parent[j] = i
                    queue.append(j)
        if target not in parent:
            raise ValueError(f"cell {target} cannot be reached from cell {start} without entering {sorted(locked)}")
        route = []
        i = target
        while i != start:
            route.append(i)
            i = parent[i]
        return route[::-1]

    def blank_route(self, target: int, locked: set[int]) -> list[int]:
        """Cells the blank steps through to reach ``target`` without entering ``locked``."""
        return self.free_route(self.blank, target, locked)

    def route_tile(self, tile: int, target: int, locked: set[int]) -> None:
        """Lemma 1 as a procedure: push ``tile`` to ``target`` along a route of free cells.

        Before each step the blank walks to the route's next cell without
        entering the tile's cell or ``locked``; then the tile slides into it.
        If the free cells have no cut cell, that walk always exists.

        >>> work = WorkingBoard(Board([[4, 1, 2], [5, 0, 3]]))
        >>> work.route_tile(1, 0, locked=set()); work.tiles[0]
        1
        """
        cell = self.tiles.index(tile)
        for step in self.free_route(cell, target, locked):
            self.walk_blank(self.blank_route(step, locked | {cell}))
            self.move_blank_to(cell)          # the tile slides into the blank's cell, `step`
            cell = step

    def place(self, tile: int, target: int, locked: set[int]) -> bool:
        """Bring ``tile`` to cell ``target``, moving only through cells not in ``locked``.

        Returns False, changing nothing, when that is impossible.

        Breadth-first search over (tile cell, blank cell) pairs: the blank
        steps to a free neighbour; stepping onto the tile pushes the tile
        into the blank's old cell.
        """
        start = (self.tiles.index(tile), self.blank)
        parent = {start: None}
        queue = deque([start])
        found = None
        while queue:
            state = queue.popleft()
            t, b = state
            if t == target:
                found = state
                break
            for j in self.adjacent[b]:
                if j in locked:
                    continue
                nxt = (b, j) if j == t else (t, j)
                if nxt not in parent:
                    parent[nxt] = state
                    queue.append(nxt)
        if found is None:
            return False
        self._walk_back(found, parent, 1)
        return True

    def place_two(self, a: int, target_a: int, b: int, target_b: int, locked: set[int]) -> None:
        """Bring ``a`` and ``b`` to their cells together: BFS over (a cell, b cell, blank cell).

        Slower than :meth:`place` (the state space is cubic, not square), so it
        is only used where placing one tile at a time gets stuck: when the
        second tile is shut in the cell the first one belongs in (Lemma 2's trap).
        """
        start = (self.tiles.index(a), self.tiles.index(b), self.blank)
        parent = {start: None}
        queue = deque([start])
        found = None
        while queue:
            state = queue.popleft()
            pa, pb, blank = state
            if pa == target_a and pb == target_b:
                found = state
                break
            for j in self.adjacent[blank]:
                if j in locked:
                    continue
                nxt = (blank if j == pa else pa, blank if j == pb else pb, j)
                if nxt not in parent:
                    parent[nxt] = state
                    queue.append(nxt)
        if found is None:
            raise ValueError(f"tiles {a} and {b} cannot reach cells {target_a} and {target_b} together")
        self._walk_back(found, parent, 2)

    def _walk_back(self, found, parent, blank_slot: int) -> None:
        """Replay the blank's moves that led the search from its start to ``found``."""
        blanks = []
        state = found
        while parent[state] is not None:
            blanks.append(state[blank_slot])
            state = parent[state]
        self.walk_blank(reversed(blanks))


CONSTRUCTIVE_MAX_CELLS = 300
"""The row-by-row solver's largest board of at least 2 rows and 2 columns (17 x 17 in a few seconds)."""


def _park_blank(goal: Board) -> tuple[Board, list[int]]:
    """The goal with its blank walked down then right to the corner, and the cells it passed."""
    rows, cols = goal.shape
    r, c = goal.blank
    cells = [(i, c) for i in range(r + 1, rows)] + [(rows - 1, j) for j in range(c + 1, cols)]
    work = WorkingBoard(goal)
    route = [i * cols + j for i, j in cells]
    work.walk_blank(route)
    # walking back: the blank retraces the cells it came from
    back = ([goal.blank_index] + route[:-1])[::-1] if route else []
    return Board._trusted(rows, cols, tuple(work.tiles)), back


@keyword_only("goal")
def constructive_moves(start, *, goal=None) -> list[int] | None:
    """The tiles to slide, in order, to bring ``start`` to ``goal``; None if impossible.

    Works for every shape (one-row and one-column boards just walk the blank)
    and every goal. The sequence is usually much longer than the shortest.

    >>> moves = constructive_moves(Board([[4, 1, 2], [5, 0, 3]]))
    >>> board = Board([[4, 1, 2], [5, 0, 3]])
    >>> for tile in moves:
    ...     board = board.slide(tile)
    >>> board == Board.goal(2, 3)
    True
    >>> constructive_moves(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    """
    return solve_by_rows(start, goal=goal, milestones=None)


@keyword_only("goal")
def constructive_milestones(start, *, goal=None) -> list[tuple[str, int]] | None:
    """The solver's plan as (what was just finished, number of moves so far) pairs.

    >>> constructive_milestones(Board([[4, 1, 2], [5, 0, 3]]))[-1][0]
    'goal reached'
    >>> [label for label, _ in constructive_milestones(Board.goal(3, 3))]
    ['start', 'row 1', 'column 1', 'last 2 x 2', 'goal reached']
    """
    milestones: list[tuple[str, int]] = []
    return None if solve_by_rows(start, goal=goal, milestones=milestones) is None else milestones


@keyword_only("goal")
def constructive_stages(start, *, goal=None) -> list[tuple[str, tuple, frozenset]] | None:
    """Each stage the solver meets, as (step, cells, locked cells at that moment); None if impossible.

    The steps: ``"one tile"`` (Lemma 1 brings the tile of ``cells[0]`` there),
    ``"two cells"`` (Lemma 2 fills ``cells`` = (P, Q), the end of a row or column)
    and ``"Q locked"`` (inside Lemma 2, ``cells`` = (P, Q, the cell under or beside Q
    that ``b`` is brought to) with ``a`` held in Q). Cells are reading-order indices.

    >>> [(step, cells) for step, cells, _ in constructive_stages(Board([[4, 1, 2], [5, 0, 3]]))]
    [('two cells', (0, 3)), ('Q locked', (0, 3, 4))]
    """
    stages: list[tuple[str, tuple, frozenset]] = []
    return None if solve_by_rows(start, goal=goal, milestones=None, stages=stages) is None else stages


@keyword_only("goal", "milestones", "stages")
def solve_by_rows(start, *, goal=None, milestones: list | None = None,
                  stages: list | None = None) -> list[int] | None:
    """The tiles to slide to bring ``start`` to ``goal`` row by row, then column by column; None if impossible.

    This is the plan of the module's docstring carried out; ``milestones``, if
    given, collects (what was finished, moves so far) pairs, and ``stages`` the
    stages of :func:`constructive_stages`.
    :func:`constructive_moves`, :func:`constructive_milestones` and
    :func:`constructive_stages` call it.

    >>> len(solve_by_rows(Board([[4, 1, 2], [5, 0, 3]]))) > 0
    True
    """
    start, goal = board_and_goal(start, goal, "start")
    if min(start.shape) > 1 and start.rows * start.cols > CONSTRUCTIVE_MAX_CELLS:
        raise TooLargeError(f"the row-by-row solver takes boards of up to {CONSTRUCTIVE_MAX_CELLS} cells (its time "
                            f"grows far faster than the board: 20 x 20 takes seconds, 30 x 30 over a minute); this "
                            f"one has {start.rows * start.cols:,}. For a board near its goal, use solve_optimal")
    for name, given in (("milestones", milestones), ("stages", stages)):
        if given is not None and not isinstance(given, list):
            raise TypeError(f"{name} must be a list to append to, or None, got {type(given).__name__}")
    if not is_solvable(start, goal):
        return None
    rows, cols = start.shape
    work = WorkingBoard(start)

    def mark(label: str) -> None:
        if milestones is not None:
            milestones.append((label, len(work.slid)))

    def stage(step: str, *cells: int) -> None:
        if stages is not None:
            stages.append((step, cells, frozenset(locked)))

    mark("start")
    if rows == 1 or cols == 1:
        work.walk_blank(work.blank_route(goal.blank_index, set()))
        mark("goal reached")
        return work.slid
    parked, walk_back = _park_blank(goal)
    locked: set[int] = set()

    def settle(cell: int) -> None:
        stage("one tile", cell)
        if not work.place(parked.tiles[cell], cell, locked):   # never: Lemma 1, the free cells have no cut cell
            raise AssertionError(f"cell {cell} cannot be filled, against Lemma 1")
        locked.add(cell)

    def pair(first: int, second: int, hold_first: int, hold_second: int, corner: int) -> None:
        """Fill ``first`` and ``second`` (the end of a row or column) with the corner trick."""
        a, b = parked.tiles[first], parked.tiles[second]
        stage("two cells", first, second)
        if work.tiles[first] == a and work.tiles[second] == b:
            locked.update((first, second))
            return
        if not work.place(a, hold_first, locked):                # never: Lemma 1 again
            raise AssertionError(f"tile {a} cannot reach cell {hold_first}, against Lemma 1")
        locked.add(hold_first)
        stage("Q locked", first, hold_first, hold_second)
        if not work.place(b, hold_second, locked):
            # b is shut in the corner cell behind a: fall back to moving both at once
            locked.discard(hold_first)
            work.place_two(a, first, b, second, locked)
            locked.update((first, second))
            return
        locked.add(hold_second)
        work.walk_blank(work.blank_route(corner, locked))
        work.move_blank_to(hold_first)   # a slides into `first` (= corner)
        work.move_blank_to(hold_second)  # b slides into `second` (= hold_first)
        locked.discard(hold_second)
        locked.update((first, second))

    def at(r: int, c: int) -> int:
        return r * cols + c

    for r in range(rows - 2):
        for c in range(cols - 2):
            settle(at(r, c))
        # a belongs at (r, n-2), b at (r, n-1): hold a at (r, n-1) and b below it
        pair(at(r, cols - 2), at(r, cols - 1), at(r, cols - 1), at(r + 1, cols - 1), at(r, cols - 2))
        mark(f"row {r + 1}")
    top = rows - 2
    for c in range(cols - 2):
        # a belongs at (m-2, c), b at (m-1, c): hold a at (m-1, c) and b to its right
        pair(at(top, c), at(top + 1, c), at(top + 1, c), at(top + 1, c + 1), at(top, c))
        mark(f"column {c + 1}")
    # the last 2 x 2: blank to its bottom-right, then turn the three tiles round
    corner = at(rows - 1, cols - 1)
    work.walk_blank(work.blank_route(corner, locked))
    cycle = [at(rows - 1, cols - 2), at(rows - 2, cols - 2), at(rows - 2, cols - 1), corner]
    for _ in range(2):
        if tuple(work.tiles) == parked.tiles:
            break
        work.walk_blank(cycle)
    if tuple(work.tiles) != parked.tiles:                      # never: Lemmas 3 and 4
        raise AssertionError("the last 2 x 2 did not come out, against Lemmas 3 and 4")
    mark("last 2 x 2")
    work.walk_blank(walk_back)
    mark("goal reached")
    assert tuple(work.tiles) == goal.tiles
    return work.slid


@keyword_only("goal")
def solve_constructive(start, *, goal=None) -> list[Board] | None:
    """The boards from ``start`` to ``goal`` along the constructive solution, or None.

    >>> path = solve_constructive(Board.spiral(3, 3).slide(6), goal=Board.spiral(3, 3))
    >>> path[0] == Board.spiral(3, 3).slide(6), path[-1] == Board.spiral(3, 3)
    (True, True)
    """
    start = as_board(start, "start")
    moves = constructive_moves(start, goal=goal)
    if moves is None:
        return None
    path = [start]
    for tile in moves:
        path.append(path[-1].slide(tile))
    return path
