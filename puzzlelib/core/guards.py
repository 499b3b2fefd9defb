"""The refusals of search: every check that stops a search before, or while, it outgrows its limits.

A search that would not fit is refused up front, with a message that says
why and what to use instead; a search that runs past ``max_nodes`` stops with
a :class:`~puzzlelib.core.errors.NodeLimitError`. The byte costs and node limits
these checks use are in the one table of :mod:`puzzlelib.core.limits`.

* :func:`refuse_far`: a BFS towards a goal too far away (its Manhattan
  distance) to be reached within the limit;
* :func:`refuse_component`: a search that may store the start's whole
  component (DFS, or any search without the parity test);
* :func:`search_limit`: the default ``max_nodes`` of the AIMA-style
  searches of :mod:`puzzlelib.core.generic`;
* :func:`astar_max_nodes`: the default ``max_nodes`` of
  :func:`~puzzlelib.core.informed.astar`;
* :func:`too_many_states` and :func:`node_limit_error`: the errors a search
  raises when it passes its limit while running.

>>> refuse_component(Board.goal(2, 3), 360)      # the whole 2 x 3 component fits: no refusal
"""

from __future__ import annotations

from math import log10

from puzzlelib.core.board import Board, as_board, check_shape, same_shape
from puzzlelib.core.errors import NodeLimitError, TooLargeError, check_flag, whole_number
from puzzlelib.core.limits import (GENERIC_SEARCH_WORK, DICT_BYTES_PER_STATE_BASE, DICT_BYTES_PER_STATE_PER_CELL, NODE_BYTES_PER_STATE,
                      check_budget, check_max_nodes, dict_bfs_bytes, format_bytes, format_count, log10_reachable,
                      reachable_count, state_limit)
from puzzlelib.core.heuristics import manhattan

__all__ = ["refuse_far", "refuse_component", "estimated_bfs_states", "search_limit", "astar_max_nodes",
           "too_many_states", "node_limit_error"]


def too_many_states(start: Board, limit: int, *, default: bool = False) -> NodeLimitError:
    """The error of a BFS that stored ``limit`` states of ``start``'s board without reaching the goal.

    ``default`` says that ``limit`` is the default ``max_nodes`` (a few seconds), which ``max_nodes`` can raise
    up to what the memory budget holds; the message then says how.

    >>> print(too_many_states(Board.goal(3, 3), 1000))  # doctest: +ELLIPSIS
    BFS stopped after storing 1,000 states of the 3 x 3 board (about ... KiB; max_nodes or the memory budget) ...
    """
    start, limit = as_board(start, "start"), whole_number(limit, "limit", minimum=1)
    default = check_flag(default, "default")
    cells = start.rows * start.cols
    memory = state_limit(cells)
    if default and limit < memory:
        more = (f"; this is the default max_nodes, a few seconds of search: pass max_nodes= up to {memory:,} "
                "(what the memory budget holds) to search further, or use solve_optimal()")
    else:
        more = "; this board is too far from its goal for plain BFS: use solve_optimal()"
    return NodeLimitError(
        f"BFS stopped after storing {limit:,} states of the {start.rows} x {start.cols} board "
        f"(about {format_bytes(dict_bfs_bytes(limit, cells))}; max_nodes or the memory budget) without "
        f"reaching the goal{more}"
    )


def estimated_bfs_states(rows: int, cols: int, depth: int) -> float:
    """A rough count of the boards a BFS stores before it reaches ``depth``: ``1 + b + ... + b**(depth-1)``.

    ``b`` is the board's average number of moves, less the move back, times
    0.9 for the boards met twice (1.8 on 4 x 4, whose real layers grow about
    1.9 times each; 1.5 on 3 x 3). Capped by the size of the component. Used
    only to refuse hopeless searches before they start.

    >>> f"{estimated_bfs_states(4, 4, 41):.1e}"
    '3.7e+10'
    """
    rows, cols = check_shape(rows, cols)
    cells = rows * cols
    degree = (4 * cells - 2 * rows - 2 * cols) / cells          # average number of moves
    b = max(1.01, 0.9 * (degree - 1))
    estimate = (b ** depth - 1) / (b - 1) if depth * log10(b) < 300 else float("inf")
    return min(estimate, 10 ** min(300.0, log10_reachable(rows, cols)))


def refuse_far(start: Board, goal: Board, limit: int, *, exhaust: bool = False) -> None:
    """Raise :class:`~puzzlelib.core.errors.TooLargeError` before a BFS that cannot finish within ``limit`` boards.

    A board at least ``d`` moves away (its Manhattan distance) makes the BFS
    store about :func:`estimated_bfs_states` boards first; ``exhaust`` means
    the search may have to store the whole component. Small components
    always pass: their whole search fits.

    >>> refuse_far(Board.goal(4, 4).slide(15), Board.goal(4, 4), 10**6)    # one move: fine
    >>> korf1 = Board([[14, 13, 15, 7], [11, 12, 9, 5], [6, 0, 2, 1], [4, 8, 10, 3]])
    >>> refuse_far(korf1, Board.goal(4, 4, blank="first"), 10**6)
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: this 4 x 4 board is at least 41 moves from the goal (Manhattan distance); a BFS would store about 3.7e+10 boards before reaching it, more than the 1,000,000 it may (max_nodes or the memory budget). Use solve_optimal() or puzzlelib.engines.ida.ida_star()
    """
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    same_shape(start, goal)
    if check_flag(exhaust, "exhaust"):       # the search may have to store the whole component
        refuse_component(start, limit, "without the parity test, this search (use check_parity=True)")
        return
    limit = whole_number(limit, "limit", minimum=1)
    rows, cols = start.shape
    if log10_reachable(rows, cols) <= log10(limit):
        return
    depth = manhattan(start, goal)
    need = estimated_bfs_states(rows, cols, depth)
    if need > limit:
        raise TooLargeError(f"this {rows} x {cols} board is at least {depth} moves from the goal (Manhattan "
                            f"distance); a BFS would store about {need:.1e} boards before reaching it, more "
                            f"than the {limit:,} it may (max_nodes or the memory budget). Use solve_optimal() "
                            "or puzzlelib.engines.ida.ida_star()")


def refuse_component(start, limit: int, what: str = "the search") -> None:
    """Raise :class:`~puzzlelib.core.errors.TooLargeError` if ``start``'s component has more boards than ``limit``.

    For searches that may have to store the whole component: depth-first search, or any
    search without the parity test (:func:`refuse_far` uses it then).

    >>> refuse_component(Board.goal(2, 3), 360)
    >>> refuse_component(Board.goal(4, 4), 10**7, "depth-first search")
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: depth-first search may store every one of the 10,461,394,944,000 boards of the 4 x 4 component before it meets the goal, more than the 10,000,000 it may (max_nodes or the memory budget)
    """
    if not isinstance(start, Board):
        raise TypeError(f"start must be a Board, got {type(start).__name__}")
    start = as_board(start, "start")
    limit = whole_number(limit, "limit", minimum=1)
    rows, cols = start.shape
    if log10_reachable(rows, cols) <= log10(limit):
        return
    count = f"the {format_count(reachable_count(rows, cols))}" if rows * cols <= 1000 else "the"
    raise TooLargeError(f"{what} may store every one of {count} boards of the {rows} x {cols} component "
                        f"before it meets the goal, more than the {limit:,} it may (max_nodes or the memory budget)")


def search_limit(problem, max_nodes=None) -> int:
    """``max_nodes`` checked, or by default the most states a search of ``problem`` may store in the memory budget.

    Also checks that ``problem`` is a problem: it needs ``initial``,
    ``actions``, ``result``, ``is_goal`` and ``action_cost``.

    >>> from puzzlelib.core.generic import SlidingPuzzleProblem
    >>> p = SlidingPuzzleProblem(Board.goal(3, 3))
    >>> search_limit(p, 1000), search_limit(p) > 10**5, search_limit(p, 10**15) < 10**15
    (1000, True, True)
    >>> search_limit(Board.goal(3, 3))
    Traceback (most recent call last):
    ...
    TypeError: a search needs a problem with initial, actions, result, is_goal and action_cost, got a Board; wrap it: SlidingPuzzleProblem(board)
    """
    missing = [a for a in ("initial", "actions", "result", "is_goal", "action_cost") if not hasattr(problem, a)]
    if missing:
        hint = "; wrap it: SlidingPuzzleProblem(board)" if isinstance(problem, (Board, list, tuple)) else ""
        raise TypeError("a search needs a problem with initial, actions, result, is_goal and action_cost, "
                        f"got a {type(problem).__name__}{hint}")
    initial = problem.initial
    cells = initial.rows * initial.cols if isinstance(initial, Board) else 1
    dict_bytes = DICT_BYTES_PER_STATE_BASE + DICT_BYTES_PER_STATE_PER_CELL * cells
    node_bytes = NODE_BYTES_PER_STATE + 8 * cells
    memory = max(1, state_limit(cells) * dict_bytes // node_bytes)    # state_limit assumes a dict of tuples
    # by default a few seconds' worth (a Node and a Board a state, their cost growing with the cells); max_nodes
    # may ask for more, but never for more than the memory budget holds
    return check_max_nodes(max_nodes, min(memory, max(1, GENERIC_SEARCH_WORK // cells)), cap=memory)


def astar_max_nodes(cells: int, budget: int | None = None) -> int:
    """The default ``max_nodes`` of :func:`~puzzlelib.core.informed.astar`: the boards that fit the memory budget.

    >>> astar_max_nodes(16, budget=10**9)
    2336448
    """
    cells = whole_number(cells, "cells", minimum=1)
    return max(1, check_budget(budget) // (NODE_BYTES_PER_STATE + 8 * cells))


def node_limit_error(max_nodes: int, name: str, *, default: bool = False) -> NodeLimitError:
    """The error of an informed search (``name``) that expanded ``max_nodes`` nodes without proving an answer.

    ``default`` says ``max_nodes`` was the search's default, and the message says how to ask for more.

    >>> print(node_limit_error(1000, "IDA*"))
    IDA* stopped after expanding 1,000 nodes (max_nodes) without proving a shortest solution; raise max_nodes or use a stronger heuristic
    """
    max_nodes = whole_number(max_nodes, "max_nodes", minimum=1)
    if not isinstance(name, str):
        raise TypeError(f"name must be the search's name, a str, got {type(name).__name__}")
    if check_flag(default, "default"):
        other = " or ida_star(), which needs little memory" if name == "A*" else ""
        return NodeLimitError(f"{name} stopped after expanding {max_nodes:,} nodes (the default max_nodes, a few "
                              "seconds) without proving a shortest solution; pass a larger max_nodes= to search "
                              f"longer (within the memory budget), or use a stronger heuristic{other}")
    return NodeLimitError(f"{name} stopped after expanding {max_nodes:,} nodes (max_nodes) without "
                          "proving a shortest solution; raise max_nodes or use a stronger heuristic")
