"""The reference solutions of the write-a-function exercises, as plain functions.

:func:`~puzzlelib.course.exercises.reveal` prints a function's source from this file, and each notebook's
solution cell shows the same code (tests/test_exercise_sources.py compares them), so change both
together. They are written as a student would write them: no input checks, no doctest, only the
names a notebook has (``Board`` and ``is_solvable``).

Because they are answers and not part of puzzlelib's interface, the functions are gathered in
:data:`SOLUTIONS` and their names removed from the module at the end, so the API and fuzz tests,
which look at every module's public names, leave them alone. In the student edition this file is
there, as the whole package is (check() needs it), but reveal() does not show it.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.core.solvability import is_solvable

__all__ = ["SOLUTIONS", "FLAWED"]


# --- notebook 01 ----------------------------------------------------------------------------------

def key_of(tiles):
    """The tiles read as the digits of a base-len(tiles) number, the first tile the most significant."""
    base = len(tiles)
    key = 0
    for tile in tiles:
        key = key * base + tile
    return key


def rank_of(tiles):
    """The Lehmer rank: for each position, the smaller tiles later on, times (k - 1 - i)!."""
    from math import factorial
    k = len(tiles)
    rank = 0
    for i, t in enumerate(tiles):
        smaller_after = sum(1 for u in tiles[i + 1:] if u < t)
        rank += smaller_after * factorial(k - 1 - i)
    return rank


# --- notebook 02 ----------------------------------------------------------------------------------

def walks(rows, cols, depth):
    """The blank's walks of depth moves from the bottom-right cell that never step straight back."""
    ends = {((rows - 1, cols - 1), None): 1}   # (cell, cell before it): how many walks end so
    for _ in range(depth):
        longer = {}
        for (cell, before), count in ends.items():
            r, c = cell
            for step in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]:
                if 0 <= step[0] < rows and 0 <= step[1] < cols and step != before:
                    longer[step, cell] = longer.get((step, cell), 0) + count
        ends = longer
    return sum(ends.values())


def layers_to(start, goal):
    """The BFS layers from start, up to the one that holds goal (all of them if goal can't be reached)."""
    layers = [[start]]
    seen = {start}                          # every board already in a layer
    while goal not in seen:
        layer = []
        for board in layers[-1]:
            for nxt in board.neighbors():
                if nxt not in seen:         # new: one move further than its layer
                    seen.add(nxt)
                    layer.append(nxt)
        if not layer:                       # nothing new: goal can't be reached
            break
        layers.append(layer)
    return layers


# --- notebook 03 ----------------------------------------------------------------------------------

def count_inversions(tiles):
    """Pairs of tiles in the wrong order, reading row by row; the blank (0) is skipped."""
    seq = [t for t in tiles if t != 0]
    return sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)


def solvable(board):
    """Can board reach the usual goal (blank last)? The width rule, for at least 2 rows and 2 columns."""
    seq = [t for t in board.tiles if t != 0]
    inversions = sum(1 for i, a in enumerate(seq) for b in seq[i + 1:] if a > b)
    if board.cols % 2 == 1:                         # odd width: a move keeps the inversion parity
        return inversions % 2 == 0
    row_from_bottom = board.rows - board.blank[0]  # even width: the blank's row counts too
    return (inversions + row_from_bottom) % 2 == 1  # the goal has 0 + 1, odd


# --- notebook 05 ----------------------------------------------------------------------------------

def make_puzzle(rows, cols, rng):
    """A board drawn uniformly from the boards that reach the usual goal in an odd number of moves."""
    while True:
        tiles = list(range(rows * cols))
        rng.shuffle(tiles)                           # every arrangement equally likely
        r, c = divmod(tiles.index(0), cols)
        if (rows - 1 - r + cols - 1 - c) % 2 == 1:   # the blank's steps from home: odd (section 2)
            break
    board = Board.from_tiles(tiles, rows, cols)
    if not is_solvable(board):                       # wrong half: swap two tiles (not the blank)
        i, j = [k for k, t in enumerate(tiles) if t != 0][:2]
        tiles[i], tiles[j] = tiles[j], tiles[i]
        board = Board.from_tiles(tiles, rows, cols)
    return board                                     # each such board: 2 shuffles of the same chance


# --- notebook 07 ----------------------------------------------------------------------------------

def child_word(word, j, cols):
    """The word after the blank moves from its cell b to the neighbouring cell j, with the move back marked."""
    b = word >> 60                                    # the blank's cell: the top digit
    tile = (word >> (4 + 4 * j)) & 15                 # the tile in cell j slides into cell b
    word &= ~((15 << 60) | (15 << (4 + 4 * j)) | 15)  # clear the blank's digit, cell j and the used-move bits
    word |= (tile << (4 + 4 * b)) | (j << 60)         # the tile in cell b, the blank's new cell on top
    (br, bc), (jr, jc) = divmod(b, cols), divmod(j, cols)
    back = 0 if br < jr else 1 if br > jr else 2 if bc < jc else 3   # the way back from j to b: up, down, left, right
    return word | (1 << back)


# --- notebook 08 ----------------------------------------------------------------------------------

def stronger(board):
    """Linear conflict: Manhattan, plus 2 moves for each tile that must step out of its goal line."""
    from bisect import bisect_left
    rows, cols, tiles = board.rows, board.cols, board.tiles
    total = 0
    for i, t in enumerate(tiles):
        if t != 0:
            home = t - 1
            total += abs(i // cols - home // cols) + abs(i % cols - home % cols)

    def must_leave(homes):
        # the tiles in a line minus the longest run already in goal order
        run = []
        for h in homes:
            k = bisect_left(run, h)
            run[k:k + 1] = [h]
        return len(homes) - len(run)

    for r in range(rows):
        line = tiles[r * cols:(r + 1) * cols]
        total += 2 * must_leave([(t - 1) % cols for t in line if t != 0 and (t - 1) // cols == r])
    for c in range(cols):
        line = tiles[c::cols]
        total += 2 * must_leave([(t - 1) // cols for t in line if t != 0 and (t - 1) % cols == c])
    return total


def astar_count(start, h, reopen=True):
    """A* to the usual goal: (a path found, how many expansions were of a board already expanded)."""
    from heapq import heappop, heappush
    goal = Board.goal(start.rows, start.cols)
    g, parent = {start: 0}, {start: None}
    queue = [(h(start), h(start), 0, start)]    # (f, h, order pushed, board): ties to the smaller h, then the first
    expanded, reopened, pushed = set(), 0, 0
    while queue:
        f, hb, _, board = heappop(queue)
        if g[board] + hb < f:
            continue                                 # stale: this board was pushed again with a smaller g
        if board == goal:
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1], reopened
        if board in expanded:
            reopened += 1
        expanded.add(board)
        for nxt in board.neighbors():
            if not reopen and nxt in expanded:
                continue                             # without reopening: an expanded board is never queued again
            if g[board] + 1 < g.get(nxt, float("inf")):
                g[nxt], parent[nxt] = g[board] + 1, board
                pushed += 1
                hn = h(nxt)
                heappush(queue, (g[nxt] + hn, hn, pushed, nxt))
    return None


def ida_bounds(start, h):
    """IDA* with a stack of its own, no recursion: (a shortest path to the usual goal, the bounds it tried)."""
    goal = Board.goal(start.rows, start.cols)
    bound, bounds = h(start), []
    while True:
        bounds.append(bound)
        if start == goal:
            return [start], bounds
        smallest = float("inf")                      # the smallest f over the bound met in this pass
        path, stack = [start], [iter(start.neighbors())]      # stack[i]: the moves still to try from path[i]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:                          # every move from path[-1] tried: back up
                stack.pop()
                path.pop()
                continue
            if len(path) > 1 and nxt == path[-2]:
                continue                             # never straight back
            f = len(path) + h(nxt)                   # nxt is len(path) moves from the start
            if f > bound:
                smallest = min(smallest, f)
                continue
            path.append(nxt)
            if nxt == goal:
                return path, bounds
            stack.append(iter(nxt.neighbors()))
        bound = smallest


def pattern_cost(goal, pattern):
    """For each placement of the pattern's tiles (their cells, in the pattern's order), the fewest moves of
    those tiles that bring them home: a 0-1 BFS from the goal over boards whose other tiles are free cells."""
    from collections import deque
    rows, cols = goal.rows, goal.cols
    start = tuple(t if t in pattern or t == 0 else None for t in goal.tiles)    # None: a free cell
    cost = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < rows and 0 <= cc < cols:
                cell = rr * cols + cc
                step = 0 if board[cell] is None else 1      # the blank into a free cell costs nothing
                nxt = list(board)
                nxt[blank], nxt[cell] = board[cell], 0
                nxt = tuple(nxt)
                if cost[board] + step < cost.get(nxt, float("inf")):
                    cost[nxt] = cost[board] + step
                    if step == 0:
                        queue.appendleft(nxt)        # free steps first: a 0-1 BFS
                    else:
                        queue.append(nxt)
    table = {}
    for board, moves in cost.items():                # the fewest over every cell of the blank
        placement = tuple(board.index(t) for t in pattern)
        table[placement] = min(moves, table.get(placement, moves))
    return table


# --- flawed answers, for the tests of the checker -------------------------------------------------
# Near-copies of a reference solution with one typical mistake: they give the answer away just as
# much, so they live here (the student edition has a stub of this file), not beside the checks.

def walks_stepping_back(rows, cols, depth):
    """A flawed walks for the tests of the checker: it counts the walks that step straight back too."""
    ends = {(rows - 1, cols - 1): 1}
    for _ in range(depth):
        longer = {}
        for (r, c), count in ends.items():
            for step in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]:
                if 0 <= step[0] < rows and 0 <= step[1] < cols:
                    longer[step] = longer.get(step, 0) + count
        ends = longer
    return sum(ends.values())


def walks_never_twice(rows, cols, depth):
    """A flawed walks for the tests of the checker: it leaves out every walk that enters a cell twice."""
    def go(path):
        if len(path) == depth + 1:
            return 1
        r, c = path[-1]
        return sum(go(path + [step]) for step in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                   if 0 <= step[0] < rows and 0 <= step[1] < cols and step not in path)
    return go([(rows - 1, cols - 1)])


def walks_as_boards(rows, cols, depth):
    """A flawed walks for the tests of the checker: it counts the boards depth moves from the goal."""
    layer, seen = {Board.goal(rows, cols)}, set()
    for _ in range(depth):
        seen |= layer
        layer = {n for b in layer for n in b.neighbors() if n not in seen}
    return len(layer)


def layers_to_last_layer_only(start, goal):
    """A flawed layers_to for the tests of the checker: skips only the boards of the last layer and the new one."""
    layers = [[start]]
    while goal not in layers[-1]:
        layer = []
        for board in layers[-1]:
            for nxt in board.neighbors():
                if nxt not in layers[-1] and nxt not in layer:
                    layer.append(nxt)
        if not layer or len(layers) > 40:
            break
        layers.append(layer)
    return layers


def layers_to_past_the_goal(start, goal):
    """A flawed layers_to for the tests of the checker: never stops at the goal."""
    layers, seen = [[start]], {start}
    while True:
        layer = [n for b in layers[-1] for n in b.neighbors() if n not in seen and not seen.add(n)]
        if not layer:
            return layers
        layers.append(layer)


def layers_to_none_apart(start, goal):
    """A flawed layers_to for the tests of the checker: None when the goal cannot be reached."""
    layers, seen = [[start]], {start}
    while goal not in seen:
        layer = [n for b in layers[-1] for n in b.neighbors() if n not in seen and not seen.add(n)]
        if not layer:
            return None
        layers.append(layer)
    return layers


# notebook 08's flawed answers

def _manhattan_of(board):
    cols = board.cols
    return sum(abs(i // cols - (t - 1) // cols) + abs(i % cols - (t - 1) % cols) for i, t in enumerate(board.tiles) if t)


def _goal_lines(board):
    """Each row's and column's goal tiles, as their goal positions along that line, in the order they stand."""
    rows, cols, tiles = board.rows, board.cols, board.tiles
    lines = [[(t - 1) % cols for t in tiles[r * cols:(r + 1) * cols] if t and (t - 1) // cols == r] for r in range(rows)]
    return lines + [[(t - 1) // cols for t in tiles[c::cols] if t and (t - 1) % cols == c] for c in range(cols)]


def stronger_once(board):
    """A flawed stronger (once accepted): Manhattan, plus 2 once if any line holds two of its tiles out of order."""
    out = any(a > b for line in _goal_lines(board) for i, a in enumerate(line) for b in line[i + 1:])
    return _manhattan_of(board) + 2 * out


def stronger_pairs(board):
    """A flawed stronger: Manhattan, plus 2 for every pair out of order in a line (it overestimates)."""
    pairs = sum(a > b for line in _goal_lines(board) for i, a in enumerate(line) for b in line[i + 1:])
    return _manhattan_of(board) + 2 * pairs


def stronger_halved(board):
    """A flawed stronger (once accepted): the right number of moves, as a float."""
    return SOLUTIONS["stronger"](board) / 1


def astar_count_stale(start, h, reopen=True):
    """A flawed astar_count: it expands stale queue entries too, and counts them as reopenings."""
    from heapq import heappop, heappush
    goal = Board.goal(start.rows, start.cols)
    g, parent = {start: 0}, {start: None}
    queue = [(h(start), h(start), 0, start)]
    expanded, reopened, pushed = set(), 0, 0
    while queue:
        f, hb, _, board = heappop(queue)
        if board == goal:
            path = []
            while board is not None:
                path.append(board)
                board = parent[board]
            return path[::-1], reopened
        if board in expanded:
            reopened += 1
        expanded.add(board)
        for nxt in board.neighbors():
            if not reopen and nxt in expanded:
                continue
            if g[board] + 1 < g.get(nxt, float("inf")):
                g[nxt], parent[nxt] = g[board] + 1, board
                pushed += 1
                heappush(queue, (g[nxt] + h(nxt), h(nxt), pushed, nxt))
    return None


def astar_count_closed(start, h, reopen=True):
    """A flawed astar_count: it never reopens a board, whatever reopen says."""
    return SOLUTIONS["astar_count"](start, h, False)


def ida_bounds_step_one(start, h):
    """A flawed ida_bounds: each next bound is the last one plus 1, not the smallest f met over the bound; it
    finds a shortest path, after passes that look at nothing new (Manhattan's f goes up in steps of 2)."""
    goal = Board.goal(start.rows, start.cols)
    bound, bounds = h(start), []
    while True:
        bounds.append(bound)
        if start == goal:
            return [start], bounds
        path, stack = [start], [iter(start.neighbors())]
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                stack.pop()
                path.pop()
            elif (len(path) < 2 or nxt != path[-2]) and len(path) + h(nxt) <= bound:
                path.append(nxt)
                if nxt == goal:
                    return path, bounds
                stack.append(iter(nxt.neighbors()))
        bound += 1


def ida_bounds_recursive(start, h):
    """A flawed ida_bounds: right path and bounds, but the search calls itself once per move."""
    goal = Board.goal(start.rows, start.cols)
    path, bounds = [start], []

    def search(g, bound):
        board = path[-1]
        f = g + h(board)
        if f > bound:
            return f
        if board == goal:
            return -1
        smallest = float("inf")
        for nxt in board.neighbors():
            if len(path) > 1 and nxt == path[-2]:
                continue
            path.append(nxt)
            t = search(g + 1, bound)
            if t == -1:
                return t
            smallest = min(smallest, t)
            path.pop()
        return smallest
    bound = h(start)
    while True:
        bounds.append(bound)
        t = search(0, bound)
        if t == -1:
            return path, bounds
        bound = t


def pattern_cost_all_moves(goal, pattern):
    """A flawed pattern_cost: every step of the blank costs a move, into a free cell too (it overestimates)."""
    from collections import deque
    start = tuple(t if t in pattern or t == 0 else None for t in goal.tiles)
    cost, queue = {start: 0}, deque([start])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, goal.cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < goal.rows and 0 <= cc < goal.cols:
                cell = rr * goal.cols + cc
                nxt = list(board)
                nxt[blank], nxt[cell] = board[cell], 0
                nxt = tuple(nxt)
                if nxt not in cost:
                    cost[nxt] = cost[board] + 1
                    queue.append(nxt)
    table = {}
    for board, moves in cost.items():
        placement = tuple(board.index(t) for t in pattern)
        table[placement] = min(moves, table.get(placement, moves))
    return table


def pattern_cost_first_seen(goal, pattern):
    """A flawed pattern_cost: free steps cost 0, but each abstract board keeps the cost it was first seen with
    (a plain queue, no 0-1 order), which may be more than its fewest."""
    from collections import deque
    start = tuple(t if t in pattern or t == 0 else None for t in goal.tiles)
    cost, queue = {start: 0}, deque([start])
    while queue:
        board = queue.popleft()
        blank = board.index(0)
        r, c = divmod(blank, goal.cols)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < goal.rows and 0 <= cc < goal.cols:
                cell = rr * goal.cols + cc
                nxt = list(board)
                nxt[blank], nxt[cell] = board[cell], 0
                nxt = tuple(nxt)
                if nxt not in cost:
                    cost[nxt] = cost[board] + (board[cell] is not None)
                    queue.append(nxt)
    table = {}
    for board, moves in cost.items():
        placement = tuple(board.index(t) for t in pattern)
        table[placement] = min(moves, table.get(placement, moves))
    return table


SOLUTIONS = {fn.__name__: fn for fn in (key_of, rank_of, walks, layers_to, count_inversions, solvable, make_puzzle,
                                        child_word, stronger, astar_count, ida_bounds,
                                        pattern_cost)}
"""The reference solutions by the name of the function the student writes, in notebook order."""

del key_of, rank_of, walks, layers_to, count_inversions, solvable, make_puzzle, child_word, stronger, astar_count, ida_bounds, pattern_cost

FLAWED = {fn.__name__: fn for fn in (walks_stepping_back, walks_never_twice, walks_as_boards,
                                     ida_bounds_step_one, layers_to_last_layer_only, layers_to_past_the_goal, layers_to_none_apart,
                                     stronger_once, stronger_pairs, stronger_halved, astar_count_stale,
                                     astar_count_closed, ida_bounds_recursive, pattern_cost_all_moves,
                                     pattern_cost_first_seen)}
"""Flawed answers by name: each makes one typical mistake, for the tests that the checker catches it."""

del walks_stepping_back, walks_never_twice, walks_as_boards
del layers_to_last_layer_only, layers_to_past_the_goal, layers_to_none_apart
del stronger_once, stronger_pairs, stronger_halved, astar_count_stale, astar_count_closed, ida_bounds_recursive
del pattern_cost_all_moves, pattern_cost_first_seen, ida_bounds_step_one
