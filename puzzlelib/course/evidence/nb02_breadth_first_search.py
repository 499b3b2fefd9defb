"""Checks behind notebook 02's claims: the transition model, the branching factors, the queue, UCS against BFS.

Each check computes its fact a second way and returns ``None`` when the claim
holds on the data given, or a short message saying what does not hold:

* :func:`transition_problem`: ``actions`` and ``result`` agree with the tiles
  next to the blank, found from the cells' coordinates, and with swapping two
  entries of the tile tuple;
* :func:`branching_problem`: the branching factors agree with the moves of
  every board of the goal's component, counted one board at a time;
* :func:`queue_problem`: the queue lengths a BFS reported while it ran agree
  with the layer sizes of a separate BFS (``bfs_layers``);
* :func:`same_expansions_problem`: a priority frontier expands the boards
  breadth-first search expands, in the same order, with each board's layer as its priority;
* :func:`homecoming_walks`: every closed walk of the blank up to a given length that never steps
  straight back, tried one by one, and those that bring every tile home.
"""

from __future__ import annotations

from puzzlelib.core.board import Board, _taxicab, neighbor_table, successors
from puzzlelib.engines.tables import distances
from puzzlelib.core.generic import graph_search

__all__ = ["transition_problem", "branching_problem", "queue_problem", "same_expansions_problem",
           "homecoming_walks"]


def transition_problem(problem, state: Board) -> str | None:
    """None when ``problem.actions(state)`` and ``problem.result`` move tiles as the puzzle's rules say.

    The actions must be the tiles in the cells that share a side with the blank
    (found from row and column numbers), and sliding a tile must swap it with
    the blank, leave every other cell as it was, and leave ``state`` unchanged.

    >>> from puzzlelib.core.generic import SlidingPuzzleProblem
    >>> problem = SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))
    >>> transition_problem(problem, problem.initial) is None
    True
    >>> class Stuck(SlidingPuzzleProblem):
    ...     def result(self, state, action):
    ...         return state                      # slides nothing
    >>> transition_problem(Stuck(problem.initial), problem.initial)
    'result(state, 1) gives (4, 1, 2, 5, 0, 3), not (4, 0, 2, 5, 1, 3)'
    """
    from puzzlelib.core.board import as_board
    state = as_board(state, "state")
    if not (callable(getattr(type(problem), "actions", None)) and callable(getattr(type(problem), "result", None))):
        raise TypeError(f"problem must have actions() and result(), like SlidingPuzzleProblem; got "
                        f"{type(problem).__name__}")
    rows, cols = state.shape
    before = state.tiles
    blank = before.index(0)
    r, c = divmod(blank, cols)
    touching = [rr * cols + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < rows and 0 <= cc < cols]
    expected = sorted(before[cell] for cell in touching)
    actions = list(problem.actions(state))
    if sorted(actions) != expected or len(actions) != len(expected):
        return f"actions are {actions}, but the tiles next to the blank are {expected}"
    for tile in actions:
        swapped = list(before)
        swapped[blank], swapped[before.index(tile)] = tile, 0
        got = problem.result(state, tile)
        got_tiles = got.tiles if isinstance(got, Board) else got
        if got_tiles != tuple(swapped):
            return f"result(state, {tile}) gives {got_tiles}, not {tuple(swapped)}"
        if state.tiles != before:
            return f"result(state, {tile}) changed the state it was given"
    return None


def branching_problem(rows: int, cols: int, average: float, forward: float) -> str | None:
    """None when ``average`` and ``forward`` are the moves a board has, and has without the move back.

    Counted on every board of the goal's component with the searches' move rule
    (:func:`~puzzlelib.core.board.successors`): ``average`` is the mean of the
    number of distinct boards one move away; ``forward`` the mean, over
    the boards and over each neighbour it may have come from, of the boards one
    move away other than that neighbour. A board with no neighbour counts 0.

    >>> branching_problem(2, 3, 14 / 6, 8 / 6) is None
    True
    >>> branching_problem(2, 3, 14 / 6, 14 / 6)
    'forward is 2.3333, but the boards of 2 x 3 have 1.3333 moves a board besides the move back'
    """
    table = neighbor_table(rows, cols)
    boards = distances(Board.goal(rows, cols))
    moves = forth = 0.0
    for tiles in boards:
        made = list(successors(tiles, table))            # the searches' own move rule, on tile tuples
        around = set(made)
        moves += len(around)
        if len(around) == len(made):                     # each neighbour made once: all but it are forward
            forth += len(made) - 1 if made else 0        # (the sum below, k terms of k - 1, over k)
        else:
            forth += sum(len(made) - made.count(came_from) for came_from in around) / len(around)   # n != came_from
    counted = {"average": moves / len(boards), "forward": forth / len(boards)}
    for name, given in (("average", average), ("forward", forward)):
        if abs(given - counted[name]) > 1e-9:
            what = "moves a board" if name == "average" else "moves a board besides the move back"
            return f"{name} is {given:.4f}, but the boards of {rows} x {cols} have {counted[name]:.4f} {what}"
    return None


def queue_problem(waiting: list[int], layer_sizes: list[int]) -> str | None:
    """None when a BFS's queue held, after each expansion, what a queue of layers must hold.

    ``waiting`` is the queue's length after each expansion of a search run to
    the end (as ``keyed_bfs``'s ``watch`` reports it); ``layer_sizes`` the sizes
    of the layers around the same start, from another search. First in, first
    out, the queue holds the rest of the layer being expanded and the part of
    the next layer found so far: never more, and exactly the next layer when a
    layer is done.

    >>> queue_problem([2, 1, 0], [1, 2])                  # a path of three boards, from its end
    >>> queue_problem([2, 2, 0], [1, 2])
    'after expansion 2 (layer 1) the queue holds 2 keys; at most 1 can wait'
    """
    if len(waiting) != sum(layer_sizes):
        return f"{len(waiting)} expansions, but the layers hold {sum(layer_sizes)} boards"
    k = 0
    for depth, size in enumerate(layer_sizes):
        after = layer_sizes[depth + 1] if depth + 1 < len(layer_sizes) else 0
        for i in range(size):
            most = (size - i - 1) + after
            if waiting[k] > most:
                return (f"after expansion {k + 1} (layer {depth}) the queue holds {waiting[k]} keys; "
                        f"at most {most} can wait")
            k += 1
        if waiting[k - 1] != after:
            return (f"when layer {depth} is done the queue holds {waiting[k - 1]} keys, "
                    f"not the next layer's {after}")
    return None


def same_expansions_problem(problem, priority=lambda node: node.path_cost) -> str | None:
    """None when a priority frontier ordered by ``priority`` expands what a FIFO frontier expands, in order,
    because each node's priority is its layer.

    Both searches are :func:`~puzzlelib.core.generic.graph_search` on ``problem``;
    the boards are recorded as each node is expanded. The same order alone proves little: a heap breaks
    ties first in, first out, so a constant priority (or ``g // 2``) expands in BFS order too. So each node
    the priority frontier expands must also have as its priority its number of moves from the start,
    counted along its path: the layer BFS puts it in.

    >>> from puzzlelib.core.generic import SlidingPuzzleProblem
    >>> same_expansions_problem(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]]))) is None
    True
    >>> same_expansions_problem(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]])),
    ...                         priority=lambda node: -node.path_cost)       # deepest first
    'expansion 3 differs: (4, 1, 2, 0, 5, 3) breadth-first, (0, 4, 2, 5, 1, 3) by priority'
    >>> same_expansions_problem(SlidingPuzzleProblem(Board([[4, 1, 2], [5, 0, 3]])),
    ...                         priority=lambda node: 0)                     # the same order, by the tie-break
    'expansion 2: (4, 0, 2, 5, 1, 3) is 1 move from the start, but its priority is 0'
    """
    orders: dict[str, list] = {"fifo": [], "priority": []}
    ranks: list = []                                  # (board, moves along its path, priority) as expanded

    def moves(node) -> int:
        count = 0
        while node.parent is not None:
            node, count = node.parent, count + 1
        return count

    def heard(node) -> None:
        orders["priority"].append(node.state)
        ranks.append((node.state, moves(node), priority(node)))

    graph_search(problem, "fifo", on_expand=lambda node: orders["fifo"].append(node.state))
    graph_search(problem, "priority", priority, on_expand=heard)
    first, second = orders["fifo"], orders["priority"]
    show = (lambda s: s.tiles if isinstance(s, Board) else s)
    for i, (a, b) in enumerate(zip(first, second)):
        if a != b:
            return f"expansion {i + 1} differs: {show(a)} breadth-first, {show(b)} by priority"
    if len(first) != len(second):
        return f"breadth-first expands {len(first)} boards, the priority frontier {len(second)}"
    for i, (state, layer, given) in enumerate(ranks):
        if type(given) not in (int, float) or given != layer:
            return (f"expansion {i + 1}: {show(state)} is {layer} move{'s' * (layer != 1)} from the start, "
                    f"but its priority is {given!r}")
    return None


def homecoming_walks(most: int, *, back: bool = False) -> dict[int, list[str]]:
    """For each length 1 to ``most``: the closed walks of the blank of that many moves that bring every tile
    home, among all those that never step straight back (with ``back=True``, among all walks).

    A walk is written as the blank's directions, ``U``, ``D``, ``L``, ``R``. Every walk starts in the middle
    of a square window of ``2 * (most // 2) + 1`` cells a side, a different tile in each cell, and every walk
    that can still come back is followed: a closed walk of L moves never gets more than L / 2 moves from its
    start, so none is cut off by the window's edge, and what a walk does to the tiles depends only on the
    cells it visits, so these are the walks of every board, each seen from its start. A walk is cut short
    once it is farther from its start than the moves it has left; nothing else is skipped. ``most`` is at
    most 14 (the walks grow about threefold a move).

    >>> found = homecoming_walks(12)
    >>> [n for n, walks in found.items() if walks]
    [12]
    >>> sorted(found[12])[:2]
    ['DLURDLURDLUR', 'DRULDRULDRUL']
    >>> homecoming_walks(2, back=True)[2]
    ['UD', 'DU', 'LR', 'RL']
    """
    from puzzlelib.core.errors import whole_number
    most = whole_number(most, "most", minimum=0, maximum=14)   # 14 moves: a second or two
    side = 2 * (most // 2) + 1
    centre = side // 2
    tiles = list(range(side * side))              # the cell's own tile in every cell; the blank is the centre's
    misplaced = [0]                               # cells whose tile is not their own
    steps = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
    undo = {"U": "D", "D": "U", "L": "R", "R": "L"}
    found: dict[int, list[str]] = {n: [] for n in range(1, most + 1)}
    path: list[str] = []

    def swap(a: int, b: int) -> None:
        before = (tiles[a] != a) + (tiles[b] != b)
        tiles[a], tiles[b] = tiles[b], tiles[a]
        misplaced[0] += (tiles[a] != a) + (tiles[b] != b) - before

    def walk(row: int, col: int) -> None:
        if path and (row, col) == (centre, centre) and misplaced[0] == 0:
            found[len(path)].append("".join(path))
        if len(path) == most:
            return
        for name, (dr, dc) in steps.items():
            if path and not back and name == undo[path[-1]]:
                continue
            r, c = row + dr, col + dc
            inside = 0 <= r < side and 0 <= c < side
            if not inside or _taxicab(r * side + c, centre * side + centre, side) > most - len(path) - 1:
                continue                          # too far to come back in the moves left
            swap(row * side + col, r * side + c)
            path.append(name)
            walk(r, c)
            path.pop()
            swap(row * side + col, r * side + c)

    walk(centre, centre)
    return found
