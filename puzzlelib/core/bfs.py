"""Breadth-first search: fewest moves, shortest paths, and the whole state space.

BFS visits boards in order of their distance from the start: first the start,
then everything one move away, then two, and so on. The first time it meets
the goal it has found a shortest way there. Run to the end, it measures the
distance from one board to every board it can reach.

Internally states are flat tuples of tiles (hashable and fast); the public
functions take and return :class:`~puzzlelib.core.board.Board` objects.

**Role: the teaching reference.** The package has thirteen breadth-first searches, each for
a reason; this module holds the four that a lesson reads, and the reference the others are
checked against:

* :func:`bfs_plain`: BFS as it is first taught, a queue (the frontier) and a dict ``came_from`` on
  Boards, nothing else in its body (notebook 02 shows it, then compares the engines with it);
* :func:`bfs_path` (and :func:`min_moves`, :func:`shortest_path`): the same search with parent
  pointers on Boards' tile tuples, with the parity test and a node limit: the reference;
* :func:`bfs_layers`: the same search one layer at a time, for layer tables and distances
  (kept per goal by :mod:`puzzlelib.engines.tables`);
* :func:`keyed_bfs`: BFS over integer keys, written as a Russian lecture note writes it (a
  transcription, kept to compare with the source).

The nine others, each where its idea lives:

* :func:`~puzzlelib.core.generic.breadth_first`: the AIMA skeleton with a FIFO frontier (the
  textbook's view: BFS is graph search with a queue);
* :func:`~puzzlelib.core.pdb.pattern_table`: a 0-1 BFS over placements of a pattern's tiles
  (building a pattern database; its first layers, run again in pure Python, check a sample of a
  saved table's entries), and :func:`~puzzlelib.core.pdb.pattern_table_plain`, the same search as
  a lesson shows it, on abstract boards;
* :meth:`~puzzlelib.core.constructive.WorkingBoard.free_route`,
  :meth:`~puzzlelib.core.constructive.WorkingBoard.place` and
  :meth:`~puzzlelib.core.constructive.WorkingBoard.place_two`: BFS over free cells, over (tile,
  blank) and over (tile, tile, blank) cells: the constructive solver's steps (Lemma 1's route);
* :func:`~puzzlelib.engines.frontier.frontier_search`: the engine over packed words, two layers
  at a time (the measurement of whole spaces), and its Dask twin
  :func:`~puzzlelib.engines.distributed.distributed_search`;
* :func:`~puzzlelib.engines.bitarray.rank_bfs_counts`: BFS on bit arrays indexed by Lehmer rank
  (the memory lesson of notebook 07).

The refusals they share are in :mod:`puzzlelib.core.guards`; which engine measures a whole
space is decided in :mod:`puzzlelib.engines.dispatch`.
"""

from __future__ import annotations

from collections import deque
from math import log10
from dataclasses import dataclass
from typing import Iterator

from puzzlelib.core.board import Board, as_board, board_and_goal, moves_table, neighbor_table, successors
from puzzlelib.core.encoding import to_key
from puzzlelib.core.door import door, keyword_only
from puzzlelib.core.errors import TooLargeError, check_flag, number_text
from puzzlelib.core.limits import (BFS_DEFAULT_MAX_NODES, check_full_bfs, check_max_nodes, format_count, log10_reachable,
                                   reachable_count, small_reachable_count, state_limit)
from puzzlelib.core.solvability import is_solvable
from puzzlelib.core.guards import refuse_far, too_many_states

__all__ = ["bfs_plain", "PLAIN_BFS_MAX_BOARDS", "min_moves", "shortest_path", "bfs_path", "dfs_path", "Layer",
           "bfs_layers", "KeyedResult", "keyed_bfs", "KEYED_MAX_CELLS"]


KEYED_MAX_CELLS = 36
"""keyed_bfs's largest board: its keys have as many base-mn digits as the board has cells."""


def _bfs_limit(max_nodes, rows: int, cols: int) -> int:
    """The states a BFS towards a goal may store: ``max_nodes`` (default :data:`~puzzlelib.core.limits.BFS_DEFAULT_MAX_NODES`),
    never more than the memory budget holds."""
    memory = state_limit(rows * cols, at_most=small_reachable_count(rows, cols))   # a huge board is not counted
    return check_max_nodes(max_nodes, min(BFS_DEFAULT_MAX_NODES, memory), cap=memory)


def _keyed_limit(max_nodes, rows: int, cols: int) -> int:
    """:func:`_bfs_limit` for :func:`keyed_bfs`, whose keys have as many digits as the board has cells: up to
    KEYED_MAX_CELLS cells."""
    cells = rows * cols
    if cells > KEYED_MAX_CELLS:
        raise ValueError(f"keyed_bfs writes each board as a number of {number_text(cells)} digits in base "
                         f"{number_text(cells)}; it is for boards of up to {KEYED_MAX_CELLS} cells. "
                         "min_moves() answers on any board")
    return _bfs_limit(max_nodes, rows, cols)


PLAIN_BFS_MAX_BOARDS = 20_160
"""The most boards a start may reach for :func:`bfs_plain` (2 x 4's half: about a second of Board objects);
its door checks the boards and refuses a larger start. :func:`shortest_path` is the same search on tuples,
the engine. In :func:`bfs_plain` the *frontier* is a first-in, first-out queue of the boards found but not yet
expanded, and ``came_from`` maps every board found to the board it was found from."""


def _bfs_plain_args(args: dict) -> None:
    start, goal = args["start"], args["goal"] = board_and_goal(args["start"], args["goal"], "start")
    rows, cols = start.shape
    if log10_reachable(rows, cols) > log10(PLAIN_BFS_MAX_BOARDS):     # it may store every board it can reach
        count = (format_count(reachable_count(rows, cols)) if rows * cols <= 1000
                 else f"about 10^{log10_reachable(rows, cols):,.0f}")
        raise TooLargeError(f"bfs_plain is the lesson's BFS on Board objects, for boards that reach at most "
                            f"{PLAIN_BFS_MAX_BOARDS:,} boards (2 x 4 and smaller); a {rows} x {cols} board reaches "
                            f"{count}. shortest_path() runs the same search on tuples, with the parity test")


@door(_bfs_plain_args, legacy=("goal",))
def bfs_plain(start, *, goal=None) -> list[Board] | None:
    """Breadth-first search as it is first taught: a shortest list of boards from ``start`` to ``goal``, or None.

    >>> len(bfs_plain(Board([[4, 1, 2], [5, 0, 3]]))) - 1, bfs_plain(Board([[1, 2, 3], [5, 4, 0]]))
    (5, None)
    """
    frontier = deque([start])          # found, not yet expanded: first in, first out
    came_from = {start: None}          # every board found, and the board it was found from
    while frontier:
        board = frontier.popleft()
        if board == goal:              # walk back from the goal to the start
            path = []
            while board is not None:
                path.append(board)
                board = came_from[board]
            return path[::-1]
        for nxt in board.neighbors():  # expand the board: every board one move away
            if nxt not in came_from:
                came_from[nxt] = board
                frontier.append(nxt)
    return None                        # every board the start reaches expanded: no goal among them


@keyword_only("goal")
def min_moves(start, *, goal=None, check_parity: bool = True, max_nodes: int | None = None) -> int | None:
    """The fewest moves from ``start`` to ``goal``, or None when the goal can't be reached.

    This is LeetCode 773's question (which answers -1 where this answers None, as every search in
    puzzlelib does); the default goal has the blank last.
    With ``check_parity`` (the default) an unreachable goal is recognised at
    once by :func:`~puzzlelib.core.solvability.is_solvable`; without it, BFS
    explores the start's whole component before answering None, as the
    Russian lecture note on the 2 x 3 puzzle does. A search that would outgrow the memory budget raises
    :class:`~puzzlelib.core.errors.TooLargeError` instead of running out of memory.

    >>> min_moves(Board([[1, 2, 3], [4, 0, 5]]))
    1
    >>> min_moves(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    >>> min_moves(Board([[4, 1, 2], [5, 0, 3]]))
    5
    """
    path = bfs_path(start, goal=goal, check_parity=check_parity, max_nodes=max_nodes)
    return None if path is None else len(path) - 1


@keyword_only("goal")
def shortest_path(start, *, goal=None, max_nodes: int | None = None) -> list[Board] | None:
    """A shortest list of boards from ``start`` to ``goal`` (both included), or None.

    >>> path = shortest_path(Board([[1, 2, 3], [0, 4, 5]]))
    >>> len(path) - 1
    2
    >>> print(path[1])
    1 2 3
    4 . 5
    >>> shortest_path(Board([[1, 2, 3], [5, 4, 0]])) is None
    True
    """
    return bfs_path(start, goal=goal, check_parity=True, max_nodes=max_nodes)


@keyword_only("goal")
def bfs_path(start, *, goal=None, check_parity: bool = True,
             max_nodes: int | None = None) -> list[Board] | None:
    """Breadth-first search with parent pointers: a shortest path from ``start`` to ``goal``, or None.

    ``parent`` remembers where each board was found from; walking it back
    from the goal gives the path. ``check_parity`` answers an unreachable
    goal at once (without it the search exhausts the start's component);
    ``max_nodes`` caps the boards stored. :func:`min_moves` is this function.

    >>> [b.tiles for b in bfs_path(Board([[1, 2, 3], [0, 4, 5]]))]
    [(1, 2, 3, 0, 4, 5), (1, 2, 3, 4, 0, 5), (1, 2, 3, 4, 5, 0)]
    >>> bfs_path(Board([[1, 2, 3], [5, 4, 0]]), check_parity=False) is None
    True
    """
    start, goal = board_and_goal(start, goal, "start")
    check_parity = check_flag(check_parity, "check_parity")
    rows, cols = start.shape
    limit = _bfs_limit(max_nodes, rows, cols)
    if check_parity and not is_solvable(start, goal):
        return None
    refuse_far(start, goal, limit, exhaust=not check_parity)
    table = neighbor_table(rows, cols)
    s, g = start.tiles, goal.tiles
    parent: dict[tuple, tuple | None] = {s: None}
    queue = deque([s])
    while queue and g not in parent:
        state = queue.popleft()
        i = state.index(0)                      # the blank's cell
        for j in table[i]:                      # successors(state, table), written out: the same order
            t = list(state)
            t[i], t[j] = t[j], 0
            nxt = tuple(t)
            if nxt not in parent:
                parent[nxt] = state
                queue.append(nxt)
        if len(parent) > limit:
            raise too_many_states(start, limit, default=max_nodes is None)
    if g not in parent:
        return None
    path = []
    state: tuple | None = g
    while state is not None:
        path.append(Board._trusted(rows, cols, state))
        state = parent[state]
    return path[::-1]


@keyword_only("goal")
def dfs_path(start, *, goal=None, max_nodes: int | None = None) -> list[Board] | None:
    """The first path depth-first search finds from ``start`` to ``goal``: a path, rarely a shortest one.

    DFS follows one line of moves as deep as it can (neighbours in the order
    up, down, left, right of the blank), backing up only at dead ends. It
    never visits a board twice. It finds *a* way, not the fewest moves,
    which is why the notebooks use BFS.

    >>> start = Board([[1, 2, 3], [4, 0, 5]])
    >>> len(shortest_path(start)) - 1, len(dfs_path(start)) - 1
    (1, 59)
    """
    start, goal = board_and_goal(start, goal, "start")
    if not is_solvable(start, goal):
        return None
    rows, cols = start.shape
    limit = _bfs_limit(max_nodes, rows, cols)
    # For each cell, the cells the blank may move to from there, in reverse (the next one is popped last).
    reverse = [cells[::-1] for cells in neighbor_table(rows, cols)]
    target = goal.tiles
    path = [start.tiles]
    seen = {start.tiles}
    # For each board on the path: where its blank is, and the blank's moves not yet tried.
    blanks = [start.tiles.index(0)]
    untried = [list(reverse[blanks[0]])]
    while untried:
        state = path[-1]
        if state == target:
            return [Board._trusted(rows, cols, s) for s in path]
        options, i = untried[-1], blanks[-1]
        while options:
            j = options.pop()
            t = list(state)
            t[i], t[j] = t[j], 0                # the move: the tile at j slides into the blank
            nxt = tuple(t)
            if nxt not in seen:
                seen.add(nxt)
                if len(seen) > limit:
                    raise too_many_states(start, limit, default=max_nodes is None)
                path.append(nxt)
                blanks.append(j)
                untried.append(list(reverse[j]))
                break
        else:                                   # a dead end: back up one move
            untried.pop()
            blanks.pop()
            path.pop()
    return None


@dataclass(frozen=True)
class Layer:
    """One layer of a breadth-first search: every state at distance ``depth``."""

    depth: int
    states: tuple
    """The layer's states as flat tile tuples, in the order BFS found them."""
    expanded: int
    """States expanded (their neighbours generated) to find this layer: all earlier layers.

    The last layer is never expanded by the search that found it, so a whole
    search expands ``last.expanded`` states, and also generates the last
    layer's neighbours to learn that nothing new is left."""
    generated: int
    """Neighbours generated to find this layer, repeats included (see ``expanded``)."""
    rows: int
    cols: int

    @property
    def size(self) -> int:
        """Number of states in the layer."""
        return len(self.states)

    def boards(self) -> list[Board]:
        """The layer's states as Boards."""
        return [Board._trusted(self.rows, self.cols, s) for s in self.states]


def bfs_layers(start, *, max_nodes: int | None = None) -> Iterator[Layer]:
    """Breadth-first search from ``start``, one layer at a time.

    Layer ``d`` holds every board exactly ``d`` moves from ``start``. The
    search refuses up front (:class:`~puzzlelib.core.errors.TooLargeError`) if the
    start's whole component would not fit in the memory budget.

    >>> [layer.size for layer in bfs_layers(Board.goal(2, 2))]
    [1, 2, 2, 2, 2, 2, 1]
    >>> last = list(bfs_layers(Board.goal(2, 2)))[-1]
    >>> last.expanded, last.generated
    (11, 22)
    """
    start = as_board(start, "start")
    rows, cols = start.shape
    memory = state_limit(rows * cols, at_most=small_reachable_count(rows, cols))
    limit = check_max_nodes(max_nodes, cap=memory)       # max_nodes may only lower the memory budget's limit
    if max_nodes is None or limit == memory:             # no lower limit asked for: the whole space must fit
        try:
            check_full_bfs(rows, cols)
        except TooLargeError as err:                     # say how to take the first layers all the same
            raise TooLargeError(f"{err}. bfs_layers() gives the layers one at a time: pass max_nodes= (a number "
                                f"of boards, up to {memory:,}) to stop it there, and take the layers it gave "
                                "before it stopped") from None
        limit = memory
    table = neighbor_table(rows, cols)
    seen = {start.tiles}
    layer = [start.tiles]
    depth = expanded = generated = 0
    while layer:
        yield Layer(depth, tuple(layer), expanded, generated, rows, cols)
        nxt_layer = []
        for state in layer:
            expanded += 1
            for nxt in successors(state, table):
                generated += 1
                if nxt not in seen:
                    seen.add(nxt)
                    nxt_layer.append(nxt)
            if len(seen) > limit:         # checked as the layer grows: one layer can be most of the space
                raise too_many_states(start, limit, default=max_nodes is None)
        layer = nxt_layer
        depth += 1


# --- BFS over integer keys, as a Russian lecture note writes it --------------------

@dataclass(frozen=True)
class KeyedResult:
    """What the lecture note's BFS returns (``moves``, no path), plus how many keys it ``reached`` (stored).

    Not a :class:`~puzzlelib.core.results.SearchResult`: the lecture note's
    search keeps distances, not parents, so it has no path to give.
    """

    moves: int | None
    """Fewest moves to the goal, or None when it can't be reached (the package-wide contract)."""
    reached: int
    """Number of keys in the ``dist`` dict when the search stopped (the word ``reached`` of every search)."""


def _keyed_bfs_args(args: dict) -> None:
    board, goal = args["board"], args["goal"] = board_and_goal(args["board"], args["goal"], "board")
    limit = _keyed_limit(args["max_nodes"], board.rows, board.cols)
    refuse_far(board, goal, limit, exhaust=not is_solvable(board, goal))
    listener, expanded, default = args["watch"], 0, args["max_nodes"] is None

    def watch(made: int, waiting: int) -> None:        # every key stored was expanded or is waiting
        nonlocal expanded
        expanded += 1
        if listener is not None:
            listener(made, waiting)
        if expanded + waiting > limit:                  # the keys stored so far, as len(dist) counts them
            raise too_many_states(board, limit, default=default)
    args["watch"] = watch


@door(_keyed_bfs_args, legacy=("goal",))
def keyed_bfs(board, *, goal=None, max_nodes: int | None = None, watch=None) -> KeyedResult:
    """BFS over base-(mn) keys, with a table of the blank's moves: fewest moves, or None.

    It skips the parity test: on an unsolvable board it stores every key it can reach.
    ``watch(made, waiting)``, if given, hears after each expansion the keys made and the queue's length.

    >>> keyed_bfs(Board([[1, 2, 3], [4, 0, 5]])), keyed_bfs(Board([[1, 2, 3], [5, 4, 0]]))
    (KeyedResult(moves=1, reached=3), KeyedResult(moves=None, reached=360))
    """
    base = board.rows * board.cols
    moves = moves_table(board.rows, board.cols)      # moves[cell]: the cells the blank can swap with
    powers = [base ** p for p in reversed(range(base))]
    start, target = to_key(board), to_key(goal)
    if start == target:
        return KeyedResult(0, 1)
    dist = {start: 0}                                # key -> fewest moves from the start
    queue = deque([start])
    while queue:
        state = queue.popleft()
        digits = [state // p % base for p in powers]     # the key's digits: the tiles, cell by cell
        zero = digits.index(0)
        for new_pos in moves[zero]:
            temp = digits.copy()
            temp[zero], temp[new_pos] = temp[new_pos], temp[zero]
            key = 0
            for d in temp:                           # re-encode, digit by digit
                key = key * base + d
            if key not in dist:
                if key == target:                    # the goal test, as soon as it is generated
                    return KeyedResult(dist[state] + 1, len(dist))
                dist[key] = dist[state] + 1
                queue.append(key)
        watch(len(moves[zero]), len(queue))          # hears each expansion (the door counts them)
    return KeyedResult(None, len(dist))
