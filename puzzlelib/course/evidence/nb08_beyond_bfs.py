"""Checks behind notebook 08's claims: solutions replayed to the goal, the incremental IDA* against fresh
look-ups, and the moves on which a heuristic jumps.

* :func:`path_problem`, :func:`moves_problem`: a path (or a list of tiles slid) is a solution of the
  stated length: it starts at the start, every step is one legal slide, and it ends at the goal
  (:func:`~puzzlelib.engines.optimal.is_path`). That it is *shortest* is not checked here.
* :func:`incremental_problem`: IDA* that updates the tables' indices one move at a time
  (:func:`~puzzlelib.engines.ida.ida_search_tables`, the mirror included) expands the same
  nodes and finds the same path as the loop that looks every board up afresh
  (:func:`~puzzlelib.engines.ida.ida_search` with ``tables.value``). A wrong index update or
  mirror update changes some value of ``h``, and with it the search.
* :func:`same_order_problem`: two searches expanded the same boards in the same order (each
  sequence recorded by the search's ``on_expand``), not merely as many boards.
* :func:`jumps_problem`: on how many moves from a list of boards a heuristic changes by more than 1
  (0 for a consistent heuristic), and by how much, counted over every move.
* :func:`table_values`: a heuristic that is a sum of tables (:class:`~puzzlelib.core.heuristics.AdditiveTables`)
  on many boards at once, the same look-ups as its ``value`` with numpy, so that checks on all
  181,440 boards of 3 x 3 take a moment;
* :func:`conflict_values`: linear conflict on many boards at once: Manhattan's tables with numpy, and each
  distinct row and column counted once by linear conflict's own line count.
* :func:`relaxed_problem`: a heuristic is the exact cost of a relaxed puzzle, whose distances come from a
  breadth-first search of that puzzle's own (tiles may share a cell), on every board of a small shape.
* :func:`dominance_problem`: A* with a consistent heuristic expands every board whose f is below the
  fewest moves, and only boards with f at most that; so a heuristic never below another expands, up to
  boards with f equal to the fewest moves (ties), no board the other does not.
* :func:`plain_table_problem`: the plain pattern-table builder (a dict) and the numpy one (an array) hold
  the same number for every placement, and neither holds a placement the other lacks.
"""

from __future__ import annotations

from collections import Counter
from math import factorial

import numpy as np

from puzzlelib.core.memo import memo
from puzzlelib.core.board import Board, as_board, neighbor_table  # noqa: F401  (Board: the doctests)
from puzzlelib.engines.ida import ida_search, ida_search_tables
from puzzlelib.core.encoding import rank_rows
from puzzlelib.engines.optimal import is_path
from puzzlelib.engines.space import all_moves
from puzzlelib.core.errors import TooLargeError
from puzzlelib.core.limits import as_array
from puzzlelib.core.heuristics import AdditiveTables, _line_extras, compile_heuristic, manhattan

__all__ = ["path_problem", "moves_problem", "same_order_problem", "incremental_problem", "jump_counts", "jumps_problem",
           "table_values", "conflict_values", "relaxed_distances", "relaxed_problem", "dominance_problem",
           "plain_table_problem"]


def path_problem(path, start, goal, moves: int | None = None) -> str | None:
    """None when ``path`` runs from ``start`` to ``goal`` by legal slides (in ``moves`` moves, if given).

    >>> goal = Board.goal(2, 3)
    >>> start = Board([[1, 2, 3], [4, 0, 5]])
    >>> path_problem([start, goal], start, goal, 1) is None
    True
    >>> path_problem([start], start, goal)
    'the path ends at (1, 2, 3, 4, 0, 5), not at the goal (1, 2, 3, 4, 5, 0)'
    """
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    path = list(path)
    if not path or path[0] != start:
        return f"the path does not start at {start.tiles}"
    if path[-1] != goal:
        return f"the path ends at {path[-1].tiles}, not at the goal {goal.tiles}"
    if not is_path(path, start, goal):
        bad = next(i for i, (a, b) in enumerate(zip(path, path[1:])) if b not in a.neighbors())
        return f"step {bad + 1} of the path is not one slide"
    if moves is not None and len(path) - 1 != moves:
        return f"the path has {len(path) - 1} moves, not {moves}"
    return None


def moves_problem(start, goal, tiles, moves: int | None = None) -> str | None:
    """None when sliding ``tiles`` one after another takes ``start`` to ``goal`` (in ``moves`` moves).

    >>> goal = Board.goal(2, 3)
    >>> moves_problem(Board([[1, 2, 3], [0, 4, 5]]), goal, [4, 5], 2) is None
    True
    >>> moves_problem(Board([[1, 2, 3], [0, 4, 5]]), goal, [4], 1)
    'the path ends at (1, 2, 3, 4, 0, 5), not at the goal (1, 2, 3, 4, 5, 0)'
    >>> moves_problem(Board([[1, 2, 3], [0, 4, 5]]), goal, [5, 4])
    'move 1: tile 5 is not next to the blank'
    """
    start = as_board(start, "start")
    path = [start]
    for n, tile in enumerate(tiles, 1):
        if tile not in path[-1].movable_tiles():
            return f"move {n}: tile {tile} is not next to the blank"
        path.append(path[-1].slide(tile))
    return path_problem(path, start, goal, moves)


def _tiles_of(x) -> tuple:
    """A board's tiles, from a tile tuple, a Board or a search node (anything with ``.state``)."""
    x = getattr(x, "state", x)
    x = getattr(x, "tiles", x)
    if not isinstance(x, (tuple, list)):
        raise TypeError(f"an expanded board must be a Board, a search node or a tuple of tiles, got {type(x).__name__}")
    if len(x) > 10_000:
        raise ValueError(f"an expanded board has {len(x):,} tiles, more than any board a search here expands")
    return tuple(x)


def same_order_problem(first, second) -> str | None:
    """None when two searches expanded the same boards in the same order.

    ``first`` and ``second`` are the boards each search expanded, in order: tile tuples, Boards or
    search nodes (as ``on_expand`` of ``astar`` and ``astar_search`` receives them).

    >>> a, b, c = (1, 2, 0), (1, 0, 2), (0, 1, 2)
    >>> same_order_problem([a, b, c], [Board([[1, 2, 0]]), b, c]) is None
    True
    >>> same_order_problem([a, b, c], [a, c, b])
    'expansion 2 differs: (1, 0, 2) against (0, 1, 2)'
    >>> same_order_problem([a, b], [a, b, c])
    'one search expanded 2 boards, the other 3'
    """
    if not all(isinstance(s, (list, tuple)) for s in (first, second)):
        raise TypeError(f"first and second must be lists of boards, got {type(first).__name__} and "
                        f"{type(second).__name__}")
    first, second = [_tiles_of(x) for x in first], [_tiles_of(x) for x in second]
    if not all(isinstance(t, tuple) and all(type(v) is int for v in t) for t in first + second):
        raise TypeError("each expanded board must be a Board, a search node or a tuple of tiles")
    for i, (x, y) in enumerate(zip(first, second), 1):
        if x != y:
            return f"expansion {i} differs: {x} against {y}"
    if len(first) != len(second):
        return f"one search expanded {len(first):,} boards, the other {len(second):,}"
    return None


def incremental_problem(board, goal, tables, search=ida_search_tables, limit: int = 10**7) -> str | None:
    """None when the incremental IDA* ``search`` agrees with IDA* on fresh look-ups of ``tables``.

    ``tables`` is an :class:`~puzzlelib.core.heuristics.AdditiveTables` for ``goal`` (a pattern
    database's ``.tables``, mirror included). Both searches must return the same blank cells along
    the path and the same number of nodes expanded.

    >>> from puzzlelib.core.heuristics import manhattan_tables
    >>> goal = Board.goal(2, 3)
    >>> incremental_problem(Board([[4, 1, 2], [5, 0, 3]]), goal, manhattan_tables(goal)) is None
    True
    """
    from puzzlelib.core.errors import whole_number
    from puzzlelib.core.heuristics import AdditiveTables
    from puzzlelib.course.evidence import _check_callable
    if not isinstance(tables, AdditiveTables):
        raise TypeError(f"tables must be AdditiveTables (a pattern database's .tables), got {type(tables).__name__}")
    _check_callable(search, "search")
    limit = whole_number(limit, "limit", minimum=1)
    board, goal = as_board(board, "board"), as_board(goal, "goal")
    table = neighbor_table(board.rows, board.cols)
    fresh = ida_search(board.tiles, goal.tiles, tables.value, table, limit)
    try:        # a wrong update may send the search astray: it gets ten times the nodes of the right one
        updated = search(list(board.tiles), tables, table, 10 * fresh[1] + 1000)
    except (ArithmeticError, LookupError, ValueError, RecursionError) as err:   # NodeLimitError is a ValueError
        return f"the incremental search failed where the search with fresh look-ups did not: {err}"
    if list(updated[0]) != list(fresh[0]):
        return (f"the incremental search found another path ({len(updated[0]) - 1} moves) than the search "
                f"with fresh look-ups ({len(fresh[0]) - 1} moves)")
    if updated[1] != fresh[1]:
        return (f"the incremental search expanded {updated[1]:,} nodes, the search with fresh look-ups "
                f"{fresh[1]:,}: some value of h differs")
    return None


@memo(items=2)
def _moves(rows: int, cols: int):
    """The ranks before and after every legal move of the ``rows`` x ``cols`` puzzle (computed once)."""
    moves = all_moves(rows, cols)
    return moves.src, moves.dst


def jump_counts(boards, values, rows: int, cols: int) -> Counter:
    """How many moves from the ``boards`` change h (``values``, in the same order) by each amount over 1.

    ``boards`` is a list of tile tuples or a 2-D array with one board a row (an array is quicker when
    the same boards are checked for several heuristics). Every move from a board of the list is
    counted, so a move and its reverse count twice, as in the notebook; every board one move away
    must be in the list too.

    >>> from puzzlelib import distances
    >>> from puzzlelib.core.heuristics import manhattan
    >>> boards = list(distances(Board.goal(2, 3)))
    >>> jump_counts(boards, [manhattan(Board.from_tiles(t, 2, 3)) for t in boards], 2, 3)
    Counter()
    """
    tiles = np.asarray(boards, dtype=np.int64)
    h = np.full(factorial(rows * cols), -1, dtype=np.int64)
    h[rank_rows(tiles)] = np.asarray(values, dtype=np.int64)
    src, dst = _moves(rows, cols)
    inside = h[src] >= 0
    src, dst = src[inside], dst[inside]
    if (h[dst] < 0).any():
        raise ValueError(f"a board one move from a board of the list has no value "
                         f"({int((h[dst] < 0).sum()):,} moves lead out of the list)")
    tally = np.bincount(np.abs(h[src] - h[dst]))
    return Counter({k: int(n) for k, n in enumerate(tally) if k > 1 and n})


def jumps_problem(boards, values, rows: int, cols: int, jumps: int, amounts=None) -> str | None:
    """None when h changes by more than 1 on exactly ``jumps`` moves from the ``boards`` (and by exactly
    the ``amounts``, a set, if given); see :func:`jump_counts` for ``boards`` and ``values``.

    ``jumps == 0`` is the claim that h is consistent there (a move changes it by at most 1).

    >>> from puzzlelib import distances
    >>> from puzzlelib.core.heuristics import misplaced
    >>> boards = list(distances(Board.goal(2, 3)))
    >>> values = [misplaced(Board.from_tiles(t, 2, 3)) for t in boards]
    >>> jumps_problem(boards, values, 2, 3, 0) is None
    True
    >>> jumps_problem(boards, [2 * v for v in values], 2, 3, 0)
    'h changes by more than 1 on 288 moves, not 0 (by 2: 288)'
    """
    counts = jump_counts(boards, values, rows, cols)
    total = sum(counts.values())
    detail = ", ".join(f"by {k}: {v:,}" for k, v in sorted(counts.items()))
    if total != jumps:
        return f"h changes by more than 1 on {total:,} moves, not {jumps:,}" + (f" ({detail})" if detail else "")
    if amounts is not None and set(counts) != set(amounts):
        return f"h changes by {sorted(counts)} where it changes by more than 1, not by {sorted(amounts)}"
    return None


def _table_sums(tables, boards: np.ndarray) -> np.ndarray:
    group = np.asarray(tables.group, dtype=np.int64)[boards]           # each tile's group, board by board
    index = np.arange(boards.shape[1]) * np.asarray(tables.weight, dtype=np.int64)[boards]
    h = np.zeros(len(boards), dtype=np.int64)
    for g, table in enumerate(tables.tables):
        h += np.frombuffer(table, dtype=np.uint8)[np.where(group == g, index, 0).sum(axis=1)]
    return h


def table_values(tables, boards) -> np.ndarray:
    """``tables.value(tiles)`` for every board of ``boards`` (tile tuples, or a 2-D array with one board a
    row), as an array: each group's index and table look-up done for all boards at once, the mirror too.

    ``tables`` is an :class:`~puzzlelib.core.heuristics.AdditiveTables`, such as
    ``compile_heuristic(manhattan, goal).tables``.

    >>> from puzzlelib import distances
    >>> from puzzlelib.core.heuristics import compile_heuristic, manhattan
    >>> goal = Board.goal(2, 3)
    >>> tables = compile_heuristic(manhattan, goal).tables
    >>> boards = list(distances(goal))
    >>> table_values(tables, boards).tolist() == [tables.value(t) for t in boards]
    True
    >>> table_values(tables, [goal.tiles, (1, 2, 3, 4, 0, 5)]).tolist()
    [0, 1]
    """
    if not isinstance(tables, AdditiveTables):
        raise TypeError(f"tables must be an AdditiveTables (compile_heuristic(h, goal).tables), "
                        f"got {type(tables).__name__}")
    cells = len(tables.group)
    try:
        boards = np.asarray(as_array(boards, "boards"), dtype=np.int64)
    except (TypeError, ValueError, OverflowError) as err:
        if isinstance(err, TooLargeError):
            raise
        raise TypeError(f"boards must be rows of whole numbers ({type(err).__name__})") from None
    if boards.ndim != 2 or boards.shape[1] != cells:
        raise ValueError(f"boards must be {cells} tiles each, one board a row; got shape {boards.shape}")
    if boards.size and (boards.min() < 0 or boards.max() >= cells):
        raise ValueError(f"tiles must be 0..{cells - 1}")
    h = _table_sums(tables, boards)
    if tables.mirror is not None:              # the board seen in the mirror: tile t in cell c stands as
        cell_map, tile_map = tables.mirror     # tile_map[t] in cell_map[c]
        seen = np.empty_like(boards)
        seen[:, np.asarray(cell_map)] = np.asarray(tile_map, dtype=np.int64)[boards]
        h = np.maximum(h, _table_sums(tables, seen))
    return h


def conflict_values(goal, boards) -> np.ndarray:
    """:func:`~puzzlelib.core.heuristics.linear_conflict` towards ``goal`` for every board of ``boards`` (tile
    tuples, or a 2-D array with one board a row), as an array.

    Manhattan comes from its tables (:func:`table_values`). A line's extra moves depend on its tiles
    only, so each distinct row and column is counted once, by the count linear conflict itself uses,
    and handed to every board that has it.

    >>> from puzzlelib import distances
    >>> from puzzlelib.core.heuristics import linear_conflict
    >>> goal = Board.goal(2, 3)
    >>> boards = list(distances(goal))
    >>> conflict_values(goal, boards).tolist() == [linear_conflict(Board.from_tiles(t, 2, 3), goal) for t in boards]
    True
    """
    goal = as_board(goal, "goal")
    rows, cols = goal.shape
    h = table_values(compile_heuristic(manhattan, goal).tables, boards)     # checks the boards too
    boards = np.asarray(as_array(boards, "boards"), dtype=np.int64).reshape(len(h), rows * cols)
    row_extra, col_extra = _line_extras(goal)
    extra = np.zeros(len(h), dtype=np.int64)
    lines = [(row_extra, r, list(range(r * cols, (r + 1) * cols))) for r in range(rows)]
    lines += [(col_extra, c, list(range(c, rows * cols, cols))) for c in range(cols)]
    n = rows * cols
    for count, index, cells in lines:
        codes = boards[:, cells] @ (n ** np.arange(len(cells), dtype=np.int64))   # a line's tiles as one number
        distinct, which = np.unique(codes, return_inverse=True)
        per_line = np.array([count(index, tuple(int(code) // n ** k % n for k in range(len(cells))))
                             for code in distinct.tolist()], dtype=np.int64)
        extra += per_line[which.reshape(-1)]
    return h + 2 * extra


RELAXED_MAX_STATES = 2_000_000
"""The most placements :func:`relaxed_distances` searches (tiles may share cells: cells ** tiles of them)."""


def relaxed_distances(goal, jump: bool) -> dict:
    """The exact cost of a relaxed puzzle from every placement of the tiles: a breadth-first search from the goal.

    In the relaxed puzzle a tile moves without the blank and may share a cell: one cell to a neighbour
    (``jump=False``), or to any other cell at all (``jump=True``). A placement is the tuple of the cells of
    tiles 1, 2, ... in order.

    >>> d = relaxed_distances(Board.goal(2, 2), jump=False)
    >>> len(d), d[(0, 1, 2)], d[(3, 0, 0)]
    (64, 0, 4)
    """
    goal = as_board(goal, "goal")
    n = len(goal.tiles)
    k = n - 1
    if n ** k > RELAXED_MAX_STATES:
        raise TooLargeError(f"a relaxed {goal.rows} x {goal.cols} puzzle has {n ** k:,} placements, more than the "
                            f"{RELAXED_MAX_STATES:,} searched here")
    from collections import deque
    adjacent = neighbor_table(goal.rows, goal.cols)
    start = tuple(goal.tiles.index(t) for t in range(1, n))
    dist, queue = {start: 0}, deque([start])
    while queue:
        here = queue.popleft()
        for j, cell in enumerate(here):
            for to in (range(n) if jump else adjacent[cell]):
                if to != cell:
                    nxt = here[:j] + (to,) + here[j + 1:]
                    if nxt not in dist:
                        dist[nxt] = dist[here] + 1
                        queue.append(nxt)
    return dist


def relaxed_problem(goal, jump: bool, heuristic) -> str | None:
    """None when ``heuristic(board, goal)`` is the relaxed puzzle's exact cost (:func:`relaxed_distances`) on
    every arrangement of ``goal``'s shape, both components.

    >>> from puzzlelib.core.heuristics import manhattan, misplaced
    >>> relaxed_problem(Board.goal(2, 3), False, manhattan) is None, relaxed_problem(Board.goal(2, 3), True, misplaced) is None
    (True, True)
    >>> relaxed_problem(Board.goal(2, 3), True, manhattan)
    'on (0, 1, 2, 3, 4, 5) the heuristic says 7, the relaxed puzzle needs 5; on (0, 1, 2, 3, 5, 4) 7 against 4 (and on 668 more boards)'
    """
    from itertools import permutations
    from puzzlelib.course.evidence import _check_callable
    goal = as_board(goal, "goal")
    _check_callable(heuristic, "heuristic")
    dist = relaxed_distances(goal, bool(jump))
    wrong = []
    for tiles in permutations(range(len(goal.tiles))):
        board = Board.from_tiles(tiles, goal.rows, goal.cols)
        exact = dist[tuple(tiles.index(t) for t in range(1, len(tiles)))]
        said = heuristic(board, goal)
        if said != exact:
            wrong.append((tiles, said, exact))
    if not wrong:
        return None
    (t0, s0, e0), rest = wrong[0], wrong[1:]
    more = f"; on {rest[0][0]} {rest[0][1]} against {rest[0][2]} (and on {len(rest) - 1:,} more boards)" if rest else ""
    return f"on {t0} the heuristic says {s0}, the relaxed puzzle needs {e0}{more}"


def dominance_problem(start, goal, strong, weak) -> str | None:
    """None when A* (:func:`~puzzlelib.core.informed.astar`) from ``start`` shows the dominance theorem for two
    consistent heuristics with ``strong`` never below ``weak``: with C* the fewest moves and f = d(start, b) + h(b),

    * each search expands every board with f < C* and no board with f > C*;
    * every board with f_strong < C* has f_weak < C* too;
    * so the boards the strong search expands beyond the weak one's all have f_strong = C* (ties).

    The distances from the start come from one BFS (:func:`~puzzlelib.engines.tables.distances`).

    >>> from puzzlelib.core.heuristics import manhattan, misplaced
    >>> dominance_problem(Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]]), Board.goal(3, 3), manhattan, misplaced) is None
    True
    >>> dominance_problem(Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]]), Board.goal(3, 3), misplaced, manhattan)
    'misplaced is below manhattan on a board with f < C* = 9'
    """
    from puzzlelib.core.informed import astar
    from puzzlelib.engines.tables import distances
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    near = distances(start)                                  # moves from the start, every board of its half
    if goal.tiles not in near:
        raise ValueError("the goal cannot be reached from this start")
    best = near[goal.tiles]
    runs = {}
    for name, h in (("strong", strong), ("weak", weak)):
        value = compile_heuristic(h, goal).value
        expanded = []
        astar(start, goal=goal, heuristic=h, on_expand=expanded.append)
        f = {t: d + value(t) for t, d in near.items()}
        runs[name] = (set(expanded), f, getattr(h, "__name__", name))
    for name, (expanded, f, label) in runs.items():
        below = {t for t, v in f.items() if v < best}
        if not below <= expanded:
            return f"A* with {label} skips {len(below - expanded):,} boards with f < C* = {best}"
        over = [t for t in expanded if f[t] > best]
        if over:
            return f"A* with {label} expands {len(over):,} boards with f > C* = {best}"
    (strong_set, f1, s_label), (weak_set, f2, w_label) = runs["strong"], runs["weak"]
    if any(f1[t] < f2[t] for t in near if f1[t] < best or f2[t] < best):
        return f"{s_label} is below {w_label} on a board with f < C* = {best}"
    extra = [t for t in strong_set - weak_set if f1[t] != best]
    if extra:
        return f"A* with {s_label} expands {len(extra):,} boards that A* with {w_label} does not, with f below C*"
    return None


def plain_table_problem(plain, table, goal, pattern) -> str | None:
    """None when ``plain`` (placement -> moves, from :func:`~puzzlelib.core.pdb.pattern_table_plain`) and
    ``table`` (the array of :func:`~puzzlelib.core.pdb.pattern_table`) agree on every placement.

    >>> from puzzlelib.core.pdb import pattern_table, pattern_table_plain
    >>> goal = Board.goal(2, 3)
    >>> plain, table = pattern_table_plain(goal, [4, 5]), pattern_table(goal, [4, 5])
    >>> plain_table_problem(plain, table, goal, [4, 5]) is None
    True
    >>> plain[(3, 4)] += 2
    >>> plain_table_problem(plain, table, goal, [4, 5])
    'the placement (3, 4): 2 moves in the plain table, 0 in the array'
    """
    from puzzlelib.core.pdb import UNSEEN, check_pattern
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)
    if not isinstance(plain, dict):
        raise TypeError(f"plain must be a dict, placement -> moves, got {type(plain).__name__}")
    n = len(goal.tiles)
    table = np.asarray(table)
    if table.shape != (n ** len(pattern),):
        raise ValueError(f"table must hold {n ** len(pattern):,} entries, got shape {table.shape}")
    for placement, moves in plain.items():
        index = sum(cell * n ** j for j, cell in enumerate(placement))
        if int(table[index]) != moves:
            return f"the placement {placement}: {moves} moves in the plain table, {int(table[index])} in the array"
    seen = int(np.count_nonzero(table != UNSEEN))
    if seen != len(plain):
        return f"the array has {seen:,} placements, the plain table {len(plain):,}"
    return None
