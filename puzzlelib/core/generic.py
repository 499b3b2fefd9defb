"""The core of search, as in AIMA: a formal problem and one graph search from which BFS, DFS, UCS and A* fall out.

A search problem has five parts (:class:`SlidingPuzzleProblem`): an initial
state, the actions available in a state, a transition model saying which
state an action leads to, a goal test and a cost for each action. A search
grows a tree of :class:`Node` objects from the initial state.

:func:`graph_search` is the one search. It keeps a *frontier* of nodes
waiting to be expanded and a table of the states already *reached*; what
makes it breadth-first, depth-first, uniform-cost or A* is only the order in
which the frontier hands nodes back (:class:`Frontier`):

* :func:`breadth_first`: ``"fifo"``, a queue: fewest moves;
* :func:`depth_first`: ``"lifo"``, a stack: some path, usually a long one;
* :func:`uniform_cost`: ``"priority"`` on the path cost ``g``: cheapest path;
* :func:`astar_search`: ``"priority"`` on ``g + h``, with a heuristic ``h``:
  cheapest path, expanding fewer nodes.

:func:`graph_search` takes any problem with the five parts; the four
wrappers take a :class:`SlidingPuzzleProblem`, because they use the parity
test and the memory guards made for the puzzle
(:mod:`puzzlelib.core.guards`).

**Role: the textbook's view.** :func:`breadth_first` is one of puzzlelib's
five breadth-first searches (see :mod:`puzzlelib.core.bfs`), and
:func:`astar_search` the teaching twin of the fast
:func:`~puzzlelib.core.informed.astar`: slower, on Board and Node objects,
written to match AIMA's pseudocode line by line. Tests keep their answers
and counts equal to the fast ones.

**When the goal test happens.** Every search here tests a node for the goal
when it is *popped* from the frontier, not when it is generated. For
uniform-cost search and A* that is what makes the answer cheapest. For BFS
an *early* test (when generating) would stop about one layer sooner: with
the goal ``d`` moves away, BFS here expands every board fewer than ``d``
moves away and then the part of layer ``d`` that comes out before the goal.

**What is counted** (the columns of a complexity table, :class:`~puzzlelib.core.results.SearchResult`):

* ``expanded``: nodes whose successors were generated. The goal node is
  popped but not expanded, and a stale frontier entry (a state since reached
  by a cheaper path) is popped and skipped, not expanded.
* ``generated``: successor nodes made by ``result``, one per action of each
  expanded node, repeats included (the start is not counted). So
  ``generated / expanded`` is the branching factor the search met.
* ``max_frontier``: the most entries the frontier held at once, stale ones
  included (they take memory too).
* ``reached``: distinct states stored when the search stopped.

**Memory.** A state costs a :class:`~puzzlelib.core.board.Board`, a :class:`Node`,
a dict slot and a frontier entry: about :data:`~puzzlelib.core.limits.NODE_BYTES_PER_STATE`
bytes plus 8 a cell. ``max_nodes`` caps ``reached``; by default it is as many
states as fit the memory budget (:func:`~puzzlelib.core.guards.search_limit`),
and a search that passes it raises :class:`~puzzlelib.core.errors.NodeLimitError`.
The refusals up front are in :mod:`puzzlelib.core.guards`.

>>> problem = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
>>> [(f.__name__, r.moves, r.expanded) for f in (breadth_first, uniform_cost, astar_search)
...  for r in [f(problem)]]
[('breadth_first', 5, 24), ('uniform_cost', 5, 24), ('astar_search', 5, 5)]
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any

from puzzlelib.core.board import Board, board_and_goal
from puzzlelib.core.door import Answer, door
from puzzlelib.core.errors import NodeLimitError, check_flag
from puzzlelib.core.solvability import is_solvable
from puzzlelib.core.guards import refuse_component, refuse_far, search_limit
from puzzlelib.core.heuristics import manhattan
from puzzlelib.core.results import SearchResult

__all__ = ["SlidingPuzzleProblem", "Node", "Frontier", "graph_search", "breadth_first", "depth_first",
           "uniform_cost", "astar_search"]


class SlidingPuzzleProblem:
    """The sliding puzzle as a formal search problem: states, actions, transition model, goal test, path cost.

    * **States** are :class:`~puzzlelib.core.board.Board` objects: immutable and
      hashable, so a search can keep them in a set or a dict.
    * **Actions** in a state are the tiles next to the blank, the ones that
      can slide (:meth:`actions`); between 2 and 4 of them on boards of two
      rows and columns or more.
    * The **transition model** :meth:`result` slides the tile into the blank
      and returns the new board; the old one is unchanged.
    * The **goal test** :meth:`is_goal` compares with one goal board
      (default: tiles in reading order, blank last).
    * **Path cost**: every move costs 1 (:meth:`action_cost`), so the cost of
      a path is its number of moves.

    >>> p = SlidingPuzzleProblem(Board([[1, 2, 3], [4, 0, 5]]))
    >>> p.actions(p.initial)
    [2, 4, 5]
    >>> s = p.result(p.initial, 5)
    >>> print(s)
    1 2 3
    4 5 .
    >>> p.is_goal(s), p.action_cost(p.initial, 5, s)
    (True, 1)

    The initial board may be a list of rows; a goal of another shape is refused:

    >>> SlidingPuzzleProblem([[1, 2, 3], [4, 0, 5]], goal=Board.goal(3, 2))
    Traceback (most recent call last):
    ...
    ValueError: the goal is 3 x 2 but the board is 2 x 3; they must have the same shape
    """

    def __init__(self, initial, goal=None):
        self.initial, self.goal = board_and_goal(initial, goal, "initial")

    def actions(self, state: Board) -> list[int]:
        """The tiles that can slide into the blank of ``state``.

        >>> SlidingPuzzleProblem(Board.goal(2, 3)).actions(Board.goal(2, 3))
        [3, 5]
        """
        return state.movable_tiles()

    def result(self, state: Board, action: int) -> Board:
        """The board after sliding tile ``action`` into the blank (a new board).

        >>> p = SlidingPuzzleProblem(Board.goal(2, 2))
        >>> p.result(p.initial, 2)
        Board([[1, 0], [3, 2]])
        """
        return state.slide(action)

    def is_goal(self, state: Board) -> bool:
        """True when ``state`` is the goal board.

        >>> p = SlidingPuzzleProblem(Board.goal(2, 2))
        >>> p.is_goal(p.initial), p.is_goal(p.result(p.initial, 2))
        (True, False)
        """
        return state == self.goal

    def action_cost(self, state: Board, action: int, result: Board) -> int:
        """The cost of one move: always 1, so a path costs its number of moves.

        >>> SlidingPuzzleProblem(Board.goal(2, 2)).action_cost(None, 2, None)
        1
        """
        return 1

    def is_solvable(self) -> bool:
        """Can the goal be reached at all? The parity test (:func:`~puzzlelib.core.solvability.is_solvable`), no search.

        >>> SlidingPuzzleProblem(Board([[1, 2, 3], [5, 4, 0]])).is_solvable()
        False
        """
        return is_solvable(self.initial, self.goal)

    def __repr__(self) -> str:
        return f"SlidingPuzzleProblem({self.initial!r}, goal={self.goal!r})"


@dataclass(eq=False, slots=True)
class Node:
    """A node of the search tree: a state, the node it came from, the action taken and the path cost so far.

    Two nodes can hold the same state, reached by different paths.

    >>> root = Node(Board([[1, 2, 3], [0, 4, 5]]))
    >>> child = Node(root.state.slide(4), root, 4, 1)
    >>> goal = Node(child.state.slide(5), child, 5, 2)
    >>> goal.solution(), [b.blank for b in goal.path()]
    ([4, 5], [(1, 0), (1, 1), (1, 2)])
    """

    state: Any
    parent: Node | None = field(default=None, repr=False)
    action: Any = None
    path_cost: float = 0

    def path(self) -> list:
        """The states from the root to this node, both included."""
        states = []
        node: Node | None = self
        while node is not None:
            states.append(node.state)
            node = node.parent
        return states[::-1]

    def solution(self) -> list:
        """The actions from the root to this node."""
        actions = []
        node: Node | None = self
        while node is not None and node.parent is not None:
            actions.append(node.action)
            node = node.parent
        return actions[::-1]


class Frontier:
    """The nodes waiting to be expanded. Which one comes out next is the whole difference between the searches.

    * ``"fifo"``: first in, first out (a queue): breadth-first search;
    * ``"lifo"``: last in, first out (a stack): depth-first search;
    * ``"priority"``: the smallest ``priority(node)`` first (a heap; equal
      priorities first in, first out): uniform-cost search and A*.

    ``max_size`` is the most entries it has held at once. With ``max_nodes``, a push past that many
    raises :class:`~puzzlelib.core.errors.NodeLimitError`: the budget :func:`graph_search`'s door sets (each
    push stores a state, or a state found again by a cheaper path).

    >>> f = Frontier("lifo")
    >>> for x in "abc":
    ...     f.push(x)
    >>> f.pop(), len(f), f.max_size
    ('c', 2, 3)
    >>> f = Frontier("priority", priority=len)
    >>> for x in ["ccc", "a", "bb", "d"]:
    ...     f.push(x)
    >>> [f.pop() for _ in range(len(f))]
    ['a', 'd', 'bb', 'ccc']
    """

    KINDS = ("fifo", "lifo", "priority")

    def __init__(self, kind: str = "fifo", priority: Callable | None = None, *, max_nodes: int | None = None):
        if not isinstance(kind, str) or kind not in self.KINDS:
            raise ValueError(f'frontier must be "fifo", "lifo" or "priority", got {kind!r}')
        if kind == "priority" and not callable(priority):
            raise TypeError(f'a "priority" frontier needs a function priority(node), got {priority!r}')
        if kind != "priority" and priority is not None:
            raise ValueError(f'priority is used only by the "priority" frontier, not by "{kind}"')
        self.kind, self.priority = kind, priority
        self.keeps_best = kind == "priority"
        """True when a state reached again by a cheaper path goes back in (uniform-cost search, A*)."""
        self.max_size = 0
        self._items: Any = [] if kind == "priority" else deque()
        self._pushed = 0
        self.max_nodes = max_nodes

    def push(self, node) -> None:
        """Add ``node``."""
        if self.kind == "priority":
            heappush(self._items, (self.priority(node), self._pushed, node))
        else:
            self._items.append(node)
        self._pushed += 1
        self.max_size = max(self.max_size, len(self._items))
        if self.max_nodes is not None and self._pushed > self.max_nodes:
            raise NodeLimitError(f"the search stored {self._pushed:,} states, more than max_nodes = "
                                 f"{self.max_nodes:,} (at most what the memory budget holds), without reaching the goal")

    def pop(self):
        """Remove and return the next node: the oldest (fifo), the newest (lifo) or the smallest priority."""
        if self.kind == "fifo":
            return self._items.popleft()
        if self.kind == "lifo":
            return self._items.pop()
        return heappop(self._items)[-1]

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        return f"Frontier({self.kind!r}, {len(self)} nodes)"


def _graph_search_args(args: dict) -> None:
    args["max_nodes"] = search_limit(args["problem"], args["max_nodes"])
    args["frontier"] = Frontier(args["frontier"], args["priority"], max_nodes=args["max_nodes"])


@door(_graph_search_args)
def graph_search(problem, frontier="fifo", priority=None, *, max_nodes=None, on_expand=None):
    """Search from ``problem.initial`` until a goal is popped; the frontier's order makes it BFS, DFS, UCS or A*.

    ``frontier`` names the order, ``"fifo"``, ``"lifo"`` or ``"priority"`` (by ``priority(node)``); the
    door makes it a :class:`Frontier` that holds at most ``max_nodes`` pushes (by default what a few
    seconds and the memory budget allow). Returns a :class:`~puzzlelib.core.results.SearchResult`, or
    None if the frontier empties first. ``on_expand(node)``, if given, is called with each node as it is
    expanded, in order.

    >>> r = graph_search(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]])), "fifo")
    >>> r.moves, r.expanded, r.generated, r.reached
    (5, 24, 58, 35)
    """
    t0 = time.perf_counter()
    root = Node(problem.initial)
    reached = {root.state: root}                    # state -> the best node that reached it so far
    frontier.push(root)
    expanded = generated = 0
    while frontier:
        node = frontier.pop()
        if reached[node.state] is not node:
            continue                                # stale: this state was reached again, more cheaply
        if problem.is_goal(node.state):
            return SearchResult(node.path(), expanded, generated, frontier.max_size, time.perf_counter() - t0,
                                actions=node.solution(), cost=node.path_cost, reached=len(reached))
        expanded += 1
        if on_expand is not None:
            on_expand(node)
        for action in problem.actions(node.state):
            state = problem.result(node.state, action)
            cost = node.path_cost + problem.action_cost(node.state, action, state)
            generated += 1
            old = reached.get(state)
            if old is None or (frontier.keeps_best and cost < old.path_cost):
                reached[state] = child = Node(state, node, action, cost)
                frontier.push(child)
    return None


def breadth_first(problem, *, check_parity: bool = True, max_nodes: int | None = None):
    """Breadth-first search: :func:`graph_search` with a FIFO frontier. Fewest moves.

    With ``check_parity`` (the default) a goal in the other half of the
    boards gives None at once; with ``check_parity=False`` the search
    exhausts the start's component first (360 boards on 2 x 3). Searches
    that could not finish in the memory budget are refused up front
    (:func:`~puzzlelib.core.guards.refuse_far`).

    >>> r = breadth_first(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]])))
    >>> r.moves, r.actions
    (5, [5, 4, 1, 2, 3])
    >>> breadth_first(SlidingPuzzleProblem(Board([[1, 2, 3], [5, 4, 0]])), check_parity=False) is None
    True
    """
    limit = search_limit(problem, max_nodes)
    if check_flag(check_parity, "check_parity") and not problem.is_solvable():
        return None
    refuse_far(problem.initial, problem.goal, limit, exhaust=not check_parity)
    return graph_search(problem, "fifo", max_nodes=limit)


def depth_first(problem, *, check_parity: bool = True, max_nodes: int | None = None):
    """Depth-first search: :func:`graph_search` with a LIFO frontier. A path, rarely a short one.

    The newest node is expanded first, so the search dives along one line of
    moves; it never stores a state twice, so on a finite board it ends. It
    may store the whole component before it meets the goal, so boards whose
    component would not fit ``max_nodes`` are refused up front.

    >>> p = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
    >>> depth_first(p).moves, breadth_first(p).moves
    (25, 5)
    """
    limit = search_limit(problem, max_nodes)
    if check_flag(check_parity, "check_parity") and not problem.is_solvable():
        return None
    refuse_component(problem.initial, limit, "depth-first search")
    return graph_search(problem, "lifo", max_nodes=limit)


def uniform_cost(problem, *, check_parity: bool = True, max_nodes: int | None = None):
    """Uniform-cost search: a priority frontier ordered by path cost ``g``. Cheapest path.

    Every move costs 1 here, and ties go first in, first out, so it expands
    exactly the nodes BFS does, in the same order: the same counts.

    >>> p = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
    >>> uniform_cost(p) == breadth_first(p)
    True
    """
    limit = search_limit(problem, max_nodes)
    if check_flag(check_parity, "check_parity") and not problem.is_solvable():
        return None
    refuse_far(problem.initial, problem.goal, limit, exhaust=not check_parity)
    return graph_search(problem, "priority", lambda node: node.path_cost, max_nodes=limit)


def _astar_search_args(args: dict):
    args["max_nodes"] = search_limit(args["problem"], args["max_nodes"])
    heuristic = args["heuristic"]
    if not callable(heuristic) or isinstance(heuristic, type):
        raise TypeError(f"heuristic must be a function h(board, goal), got {heuristic!r}")
    if check_flag(args["check_parity"], "check_parity") and not args["problem"].is_solvable():
        return Answer(None)
    return None


@door(_astar_search_args, legacy=("heuristic",))
def astar_search(problem, *, heuristic=manhattan, check_parity: bool = True, max_nodes: int | None = None,
                 on_expand=None):
    """A*: a priority frontier ordered by ``f = g + h``. Cheapest path, when ``h`` never overestimates.

    ``heuristic(board, goal)`` is a function ``h`` such as
    :func:`~puzzlelib.core.heuristics.manhattan` (the default) or
    :func:`~puzzlelib.core.heuristics.misplaced`. Ties in ``f`` go to the
    node with the smaller ``h`` (the deeper one), then first in, first out.
    A state reached again by a cheaper path goes back into the frontier, so
    an admissible heuristic that is not consistent still gives a cheapest
    path. No refusal up front (how far A* gets depends on the heuristic):
    ``max_nodes`` caps the states it stores. ``on_expand(node)``, if given, is called
    with each node as it is expanded, in order (as in :func:`graph_search`).

    >>> p = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
    >>> r = astar_search(p)
    >>> r.moves, r.expanded, breadth_first(p).expanded
    (5, 5, 24)
    """
    def f(node):
        estimate = heuristic(node.state, problem.goal)
        return node.path_cost + estimate, estimate

    return graph_search(problem, "priority", f, max_nodes=max_nodes, on_expand=on_expand)
