"""Heuristics: quick lower bounds on the moves a board needs, for informed search.

A heuristic ``h(board, goal)`` estimates how many moves ``board`` needs to
reach ``goal``. It is *admissible* when it never says more than the truth;
A* and IDA* with an admissible heuristic find shortest solutions. Each one
here works for any m x n board and any goal:

* :func:`misplaced`: the tiles not on their goal cell (each needs a move);
* :func:`~puzzlelib.core.heuristics.manhattan`: each tile's taxicab distance to its
  goal cell, added up (each move shifts one tile by one cell);
* :func:`linear_conflict`: Manhattan, plus 2 moves for every tile that has
  to step out of its goal row or column to let another tile pass;
* pattern databases, in :mod:`puzzlelib.engines.pdb`.

Inside a search a heuristic runs millions of times, so :func:`compile_heuristic`
turns one into a fast function on flat tile tuples for one goal. Misplaced
tiles, Manhattan and pattern databases are all *sums of table look-ups*
(:class:`AdditiveTables`): IDA* keeps the table indices and updates them
one move at a time instead of recomputing the sum.
"""

from __future__ import annotations

import numbers
from bisect import bisect_left
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable

from puzzlelib.core.board import BLANK, Board, as_board, board_and_goal, board_goal_args, _taxicab
from puzzlelib.core.door import door
from puzzlelib.core.errors import TooLargeError, short_repr
from puzzlelib.core.memo import memo

__all__ = ["heuristic_value", "manhattan", "goal_cells", "MAX_TABLE_CELLS", "tile_distances", "misplaced", "linear_conflict", "longest_increasing",
           "AdditiveTables", "goal_mirror", "misplaced_tables", "manhattan_tables", "CompiledHeuristic",
           "zero", "compile_heuristic"]


@door(board_goal_args())
def manhattan(board, goal=None) -> int:
    """Sum over the tiles (blank left out) of the taxicab distance to the tile's goal cell.

    Every move shifts one tile by one cell, so it changes this sum by exactly
    1: a board needs at least ``manhattan(board, goal)`` moves. It takes one
    pass over the board, so it is quick on any size; :func:`tile_distances`
    is the same sum laid out as a table, which the searches update one move
    at a time.

    >>> manhattan(Board([[1, 2, 3], [4, 0, 5]]))  # only tile 5 is off, by one cell
    1
    >>> manhattan(Board([[3, 2, 1], [4, 5, 0]]))  # 1 and 3 are two cells off each
    4
    """
    home = goal_cells(goal)                          # home[t]: tile t's cell in the goal
    return sum(_taxicab(i, home[t], board.cols) for i, t in enumerate(board.tiles) if t != BLANK)   # cell_distance's rule


def goal_cells(goal: Board) -> tuple[int, ...]:
    """``home[t]``: the cell where tile ``t`` sits in ``goal``.

    >>> goal_cells(Board.goal(2, 2))
    (3, 0, 1, 2)
    """
    return _goal_cells(as_board(goal, "goal"))


@memo(items=4)
def _goal_cells(goal: Board) -> tuple[int, ...]:
    """:func:`goal_cells` of a checked goal, remembered: the searches call this per board."""
    home = [0] * len(goal.tiles)
    for i, t in enumerate(goal.tiles):
        home[t] = i
    return tuple(home)


MAX_TABLE_CELLS = 1024
"""Per-tile tables (cells x cells entries) are made for boards of up to 1,024 cells (32 x 32);
larger boards use the one-pass functions, which need no table."""


def tile_distances(goal) -> tuple[tuple[int, ...], ...]:
    """``table[t][i]``: the taxicab distance from cell ``i`` to tile ``t``'s goal cell.

    The blank's row is all zeros, since the blank is left out of the sum.
    This one table is the Manhattan distance: :func:`manhattan` adds it up
    for a board, and the informed searches update it one move at a time.

    >>> tile_distances(Board.goal(2, 3))[5]  # tile 5 belongs in cell 4 (row 1, column 1)
    (2, 1, 2, 1, 0, 1)
    >>> tile_distances(Board.goal(2, 3))[0]
    (0, 0, 0, 0, 0, 0)
    """
    goal = _table_goal(goal, "tile distances", "manhattan")
    return _tile_distances(goal)


def _table_goal(goal, what: str, plain: str) -> Board:
    """``goal`` checked, and small enough for one table per tile (up to MAX_TABLE_CELLS cells)."""
    goal = as_board(goal, "goal")
    if len(goal.tiles) > MAX_TABLE_CELLS:
        raise TooLargeError(f"a table of {what} for the {goal.rows} x {goal.cols} board would have "
                            f"{len(goal.tiles) ** 2:,} entries; tables are made up to {MAX_TABLE_CELLS:,} "
                            f"cells. {plain}() needs no table")
    return goal


@memo(items=64)
def _tile_distances(goal: Board) -> tuple[tuple[int, ...], ...]:
    cols, cells = goal.cols, len(goal.tiles)
    table = [(0,) * cells] * cells
    for home, t in enumerate(goal.tiles):
        if t != BLANK:
            table[t] = tuple(_taxicab(i, home, cols) for i in range(cells))
    return tuple(table)


@door(board_goal_args())
def misplaced(board, goal=None) -> int:
    """How many tiles (blank left out) are not on their goal cell.

    Each misplaced tile must move at least once, so this never overestimates.

    >>> misplaced(Board([[1, 2, 3], [4, 0, 5]]))
    1
    >>> misplaced(Board([[3, 2, 1], [4, 5, 0]]))
    2
    """
    return sum(1 for t, g in zip(board.tiles, goal.tiles) if t != BLANK and t != g)


@door(board_goal_args())
def linear_conflict(board, goal=None) -> int:
    """Manhattan distance plus 2 for each tile that must leave its line to let others pass.

    Look at one row. Some of its tiles belong in this row in the goal. If two
    of them stand in the wrong order, one has to step out of the row and
    back, two moves that Manhattan does not count. The tiles that can stay
    form the longest run already in the right order (the longest increasing
    subsequence of their goal columns); every other one must step out. The
    same goes for columns, and the row and column counts add up (Hansson,
    Mayer and Yung, 1992).

    >>> b = Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])   # 1 and 2 swapped in their row
    >>> manhattan(b), linear_conflict(b)
    (2, 4)
    >>> linear_conflict(Board.goal(3, 3))
    0
    """
    rows, cols = board.shape
    goal_row = {t: i // cols for i, t in enumerate(goal.tiles)}
    goal_col = {t: i % cols for i, t in enumerate(goal.tiles)}
    extra = 0
    for r in range(rows):        # the row's tiles that belong in this row, by their goal column
        line = [goal_col[t] for t in board.tiles[r * cols:(r + 1) * cols] if t != BLANK and goal_row[t] == r]
        extra += len(line) - longest_increasing(line)
    for c in range(cols):        # the column's tiles that belong in this column, by their goal row
        line = [goal_row[t] for t in board.tiles[c::cols] if t != BLANK and goal_col[t] == c]
        extra += len(line) - longest_increasing(line)
    return manhattan(board, goal) + 2 * extra


def longest_increasing(seq) -> int:
    """Length of the longest strictly increasing subsequence of ``seq`` (patience sorting, n log n).

    >>> longest_increasing([2, 0, 1]), longest_increasing([]), longest_increasing([3, 2, 1])
    (2, 0, 1)
    """
    piles: list[int] = []
    for x in seq:
        i = bisect_left(piles, x)
        if i == len(piles):
            piles.append(x)
        else:
            piles[i] = x
    return len(piles)


def _line_extras(goal: Board):
    """``(row_extra, col_extra)`` for ``goal``: the moves linear conflict adds for one row (one column) of a board.

    ``row_extra(r, line)`` takes row ``r`` of a board as a tuple of tiles; the count is
    :func:`linear_conflict`'s, and it depends only on the line's tiles, so it is remembered per line
    content (most lines recur many times in a search).
    """
    cols = goal.cols
    home_row = [0] * len(goal.tiles)
    home_col = [0] * len(goal.tiles)
    for i, t in enumerate(goal.tiles):
        home_row[t], home_col[t] = divmod(i, cols)

    @lru_cache(maxsize=1 << 16)
    def row_extra(r: int, line: tuple) -> int:
        seq = [home_col[t] for t in line if t != BLANK and home_row[t] == r]
        return len(seq) - longest_increasing(seq) if len(seq) > 1 else 0

    @lru_cache(maxsize=1 << 16)
    def col_extra(c: int, line: tuple) -> int:
        seq = [home_row[t] for t in line if t != BLANK and home_col[t] == c]
        return len(seq) - longest_increasing(seq) if len(seq) > 1 else 0

    return row_extra, col_extra


def _linear_conflict_function(goal: Board) -> Callable[[tuple], int]:
    """``linear_conflict`` for one goal, as a function on tile tuples: the searches' fast path.

    The same count as :func:`linear_conflict` (a test checks that they agree on every 3 x 3 board of a
    sample and several goals), faster: each line's extra moves are remembered (:func:`_line_extras`).
    """
    rows, cols = goal.shape
    home = _goal_cells(goal)
    row_extra, col_extra = _line_extras(goal)

    def value(tiles) -> int:
        tiles = tuple(tiles)
        h = sum([_taxicab(i, home[t], cols) for i, t in enumerate(tiles) if t != BLANK])
        extra = 0
        for r in range(rows):
            extra += row_extra(r, tiles[r * cols:(r + 1) * cols])
        for c in range(cols):
            extra += col_extra(c, tiles[c::cols])
        return h + 2 * extra

    return value


@dataclass(frozen=True)
class AdditiveTables:
    """A heuristic that is a sum of table look-ups, one table per group of tiles.

    ``h(tiles) = sum(tables[g][index_g])`` where ``index_g`` adds up
    ``cell * weight[t]`` over the tiles ``t`` of group ``g``
    (``group[t] == g``; the blank has group -1). When a tile moves from cell
    ``a`` to cell ``b`` only its group's index changes, by
    ``(b - a) * weight[t]``: one subtraction and one look-up per move.

    Misplaced tiles and Manhattan are the case of one tile per group (a
    table of ``cells`` entries per tile, weight 1); a pattern database has
    a few big groups.

    With a ``mirror`` (a map of cells and a map of tiles under which the
    goal looks the same, see :func:`goal_mirror`) the board is also looked
    up in the mirror, and ``h`` is the larger of the two sums: the mirrored
    board is exactly as far from the goal, so both sums are lower bounds.

    >>> t = compile_heuristic(manhattan, Board.goal(2, 3)).tables
    >>> len(t.tables), t.value(Board([[1, 2, 3], [4, 0, 5]]).tiles)
    (5, 1)
    """

    tables: tuple[bytes, ...]
    group: tuple[int, ...]
    weight: tuple[int, ...]
    mirror: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    """``(cell_map, tile_map)``: tile ``t`` in cell ``c`` stands as ``tile_map[t]`` in ``cell_map[c]``."""

    def indices(self, tiles) -> list[int]:
        """Each group's table index for the board ``tiles``."""
        idx = [0] * len(self.tables)
        for cell, t in enumerate(tiles):
            g = self.group[t]
            if g >= 0:
                idx[g] += cell * self.weight[t]
        return idx

    def mirrored(self, tiles) -> list[int]:
        """The board ``tiles`` seen in the mirror (needs ``mirror``)."""
        cell_map, tile_map = self.mirror
        out = [0] * len(tiles)
        for cell, t in enumerate(tiles):
            out[cell_map[cell]] = tile_map[t]
        return out

    @cached_property
    def per_tile(self) -> tuple[bytes, ...] | None:
        """With one tile in each group, weight 1 and no mirror (misplaced tiles, Manhattan): each tile's table,
        the blank's all zeros, so that ``h`` is ``sum(per_tile[t][cell])``; else None.

        >>> t = compile_heuristic(manhattan, Board.goal(2, 3)).tables
        >>> [t.per_tile[tile][cell] for cell, tile in enumerate((1, 2, 3, 4, 0, 5))]
        [0, 0, 0, 0, 0, 1]
        """
        owned = [t for t, g in enumerate(self.group) if g >= 0]
        if self.mirror is not None or sorted(self.group[t] for t in owned) != list(range(len(self.tables))) \
                or any(self.weight[t] != 1 for t in owned):
            return None
        zeros = bytes(len(self.group))
        return tuple(self.tables[g] if g >= 0 else zeros for g in self.group)

    def value(self, tiles) -> int:
        """The heuristic value of the board ``tiles``."""
        per_tile = self.per_tile
        if per_tile is not None:           # the same sum, without the indices (A* asks for every child)
            return sum([per_tile[t][cell] for cell, t in enumerate(tiles)])
        h = sum(table[i] for table, i in zip(self.tables, self.indices(tiles)))
        if self.mirror is not None:
            h = max(h, sum(table[i] for table, i in zip(self.tables, self.indices(self.mirrored(tiles)))))
        return h


def goal_mirror(goal) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A reflection of a square board that leaves ``goal`` as it is, after renaming the tiles.

    Reflect the cells in the main diagonal (or else the other diagonal),
    and rename each tile after the goal tile of its reflected home. The
    goal then reflects onto itself, and so does every move: a board and
    its mirror image are equally far from the goal. This needs a square
    board with the goal's blank on that diagonal. Returns ``(cell_map,
    tile_map)``, or None when there is no such mirror.

    >>> cells, tiles = goal_mirror(Board.goal(3, 3))
    >>> cells[1], tiles[2]        # cell (0, 1) reflects to (1, 0); tile 2 is renamed 4
    (3, 4)
    >>> goal_mirror(Board.goal(2, 3)) is None
    True
    """
    goal = as_board(goal, "goal")
    n = goal.rows
    if goal.rows != goal.cols:
        return None
    home = {t: i for i, t in enumerate(goal.tiles)}
    for reflect in (lambda r, c: (c, r), lambda r, c: (n - 1 - c, n - 1 - r)):
        cell_map = tuple(reflect(*divmod(i, n))[0] * n + reflect(*divmod(i, n))[1] for i in range(n * n))
        if cell_map[goal.blank_index] == goal.blank_index:
            tile_map = tuple(goal.tiles[cell_map[home[t]]] for t in range(n * n))
            return cell_map, tile_map
    return None


def _per_tile_tables(goal: Board, rows_of_table) -> AdditiveTables:
    """One table per tile: ``rows_of_table[t]`` gives its value in every cell."""
    tiles = sorted(t for t in goal.tiles if t != BLANK)
    group = [-1] * len(goal.tiles)
    for g, t in enumerate(tiles):
        group[t] = g
    return AdditiveTables(tables=tuple(bytes(rows_of_table[t]) for t in tiles),
                          group=tuple(group), weight=(1,) * len(goal.tiles))


def misplaced_tables(goal) -> AdditiveTables:
    """:func:`misplaced` as one table per tile: 0 on the tile's goal cell, 1 elsewhere.

    >>> misplaced_tables(Board.goal(2, 2)).tables[0]   # tile 1 belongs in cell 0
    b'\\x00\\x01\\x01\\x01'
    """
    goal = _table_goal(goal, "misplaced tiles", "misplaced")
    cells = len(goal.tiles)
    home = {t: i for i, t in enumerate(goal.tiles)}
    return _per_tile_tables(goal, {t: [int(i != home[t]) for i in range(cells)] for t in goal.tiles})


def manhattan_tables(goal) -> AdditiveTables:
    """:func:`~puzzlelib.core.heuristics.manhattan` as one table per tile (its row of ``tile_distances``).

    >>> list(manhattan_tables(Board.goal(2, 2)).tables[0])   # tile 1, from each cell
    [0, 1, 1, 2]
    """
    goal = as_board(goal, "goal")
    return _per_tile_tables(goal, tile_distances(goal))


@dataclass(frozen=True)
class CompiledHeuristic:
    """A heuristic made ready for one goal: ``value`` on tile tuples, and its tables if additive."""

    name: str
    value: Callable[[tuple], int]
    tables: AdditiveTables | None = None
    engine: str | None = None
    """A heuristic the compiled engine computes itself ("linear_conflict"), or None."""


def zero(board, goal=None) -> int:
    """The heuristic that knows nothing: always 0. IDA* with it is plain iterative deepening.

    >>> zero(Board([[3, 2, 1], [4, 5, 0]]))
    0
    """
    board_and_goal(board, goal)
    return 0


# The protocol (see compile_heuristic): what a heuristic carries, not its name, chooses the fast path.
manhattan.additive_tables = manhattan_tables
misplaced.additive_tables = misplaced_tables
linear_conflict.tile_function = _linear_conflict_function
linear_conflict.engine_kind = "linear_conflict"       # puzzlelib.engines.compiled computes it itself
zero.tile_function = lambda goal: (lambda tiles: 0)


def heuristic_value(value, name: str = "h"):
    """A value a heuristic returned, checked: a whole number (any size) or a finite float, at least 0.

    A non-number raises TypeError, a negative, infinite or NaN value ValueError; both name the heuristic.

    >>> heuristic_value(3, "h"), heuristic_value(2**70, "h"), heuristic_value(1.5, "h")
    (3, 1180591620717411303424, 1.5)
    >>> heuristic_value("3", "h")
    Traceback (most recent call last):
    ...
    TypeError: the heuristic h returned '3' of type str; it must return a whole number >= 0
    """
    if type(value) is int and value >= 0:          # the common case, quickly
        return value
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"the heuristic {name} returned {short_repr(value)} of type {type(value).__name__}; "
                        "it must return a whole number >= 0")
    try:
        value = int(value) if isinstance(value, numbers.Integral) else float(value)
    except (TypeError, ValueError, OverflowError) as err:
        raise TypeError(f"the heuristic {name} returned a {type(value).__name__} that is not a plain number "
                        f"({type(err).__name__}); it must return a whole number >= 0") from None
    if not value >= 0 or value == float("inf"):   # NaN fails value >= 0
        raise ValueError(f"the heuristic {name} returned {short_repr(value)}; it must return a whole number >= 0 "
                         "(finite)")
    return value


def compile_heuristic(heuristic, goal) -> CompiledHeuristic:
    """Prepare ``heuristic`` for searches towards ``goal``.

    ``heuristic`` is ``None`` (the same as :func:`zero`), a function
    ``h(board, goal) -> int``, or an object such as a
    :class:`~puzzlelib.engines.pdb.PatternDatabase`. What it *carries*
    chooses the path, not its name (a protocol, not an identity test):

    * an ``additive_tables(goal)`` attribute giving :class:`AdditiveTables`
      (:func:`manhattan`, :func:`misplaced`, a pattern database): the fast
      path, updated one move at a time by IDA*. A wrapped ``manhattan``
      (``functools.wraps`` copies the attribute) takes it too;
    * a ``tile_function(goal)`` attribute giving a function on tile tuples
      (:func:`linear_conflict`, :func:`zero`);
    * otherwise the general path: the function called on a Board each time.

    On boards too big for byte tables a function with tables takes the
    general path. A heuristic built for another goal or board size is
    refused with a ValueError.

    >>> c = compile_heuristic(linear_conflict, Board.goal(3, 3))
    >>> c.name, c.value(Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]]).tiles), c.tables is None
    ('linear_conflict', 4, True)
    >>> import functools
    >>> compile_heuristic(functools.wraps(manhattan)(lambda b, g: manhattan(b, g)), Board.goal(3, 3)).tables is None
    False
    >>> compile_heuristic(lambda b, g: manhattan(b, g), Board.goal(3, 3)).tables is None
    True
    >>> compile_heuristic("manhattan", Board.goal(3, 3))
    Traceback (most recent call last):
    ...
    TypeError: a heuristic is a function h(board, goal) or a pattern database, got 'manhattan'
    """
    goal = as_board(goal, "goal")
    if heuristic is None:
        return CompiledHeuristic("zero", lambda tiles: 0)
    if not callable(heuristic) and not hasattr(heuristic, "additive_tables") or isinstance(heuristic, type):
        raise TypeError(f"a heuristic is a function h(board, goal) or a pattern database, got {heuristic!r}")
    name = getattr(heuristic, "name", None) or getattr(heuristic, "__name__", None) or type(heuristic).__name__
    rows, cols = goal.shape
    fits = len(goal.tiles) <= MAX_TABLE_CELLS and goal.rows + goal.cols - 2 <= 255    # byte tables
    make_tables = getattr(heuristic, "additive_tables", None)
    if make_tables is not None and (fits or not callable(heuristic)):
        tables = make_tables(goal)                 # raises ValueError for another goal or size
        return CompiledHeuristic(name, tables.value, tables)
    make_function = getattr(heuristic, "tile_function", None)
    if make_function is not None:
        return CompiledHeuristic(name, make_function(goal), engine=getattr(heuristic, "engine_kind", None))

    def value(tiles) -> int:                       # the general path: the function itself, on a Board
        return heuristic_value(heuristic(Board._trusted(rows, cols, tuple(tiles)), goal), name)

    return CompiledHeuristic(name, value)
