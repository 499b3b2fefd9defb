"""Exercises of notebook 08, beyond BFS, in page order: a board on which two admissible heuristics added
overestimate (08.1, a witness); linear conflict written (08.2) and proved consistent (08.3, a written proof);
A* that counts the boards it expands again (08.4) and a start from which A* without reopening returns a
longer path (08.5, a witness); IDA* with a stack of its own (08.6); a pattern database built by a
breadth-first search over abstract boards (08.7)."""

from __future__ import annotations

import numbers

from puzzlelib.core.board import Board, _taxicab
from puzzlelib.core.heuristics import compile_heuristic, linear_conflict, manhattan, misplaced
from puzzlelib.course.exercises.engine import (Mistake, _call, _fail, _Fail, _function_exercise, _proof_exercise,
                                             _register, _Step)
from puzzlelib.course.exercises.answers import _is_bool, _short
from puzzlelib.course.exercises.fixtures import (_CLOSED_STARTS, _I_RECURSION, _REOPEN_STARTS, _Heuristic,  # noqa: F401
                                                  _astar_run, _dist, _manhattan_value, _pdb3)
from puzzlelib.course.exercises.solutions import FLAWED, SOLUTIONS     # references and flawed examples only:
                                                                      # the checks never call them (the student
                                                                      # edition has stubs in their place)

__all__: list[str] = []

_GOAL3 = Board.goal(3, 3)


def _as_board3(x):
    """``x`` as a Board (a Board, or its rows as lists or tuples), or None; the callers check the shape."""
    if isinstance(x, Board):
        return x
    if isinstance(x, (list, tuple)) and 1 <= len(x) <= 9 and all(isinstance(r, (list, tuple)) for r in x):
        try:
            return Board([list(r) for r in x])
        except (TypeError, ValueError):
            return None
    return None


def _whole(x) -> bool:
    return isinstance(x, numbers.Integral) and not _is_bool(x)


def _board_and_count(x):
    """(board, count) from a pair (tuple or list) of a 3 x 3 board and a whole number; else a verdict tuple or x."""
    if not isinstance(x, (tuple, list)) or len(x) != 2:
        return None, x
    board, count = _as_board3(x[0]), x[1]
    if board is None or not _whole(count):
        return None, x
    if board.shape != (3, 3):
        return None, ("not 3 x 3",)
    if board.tiles not in _dist(_GOAL3):
        return None, ("cannot reach the goal",)
    return (board, int(count)), None


# --- 08.1: a board on which misplaced + Manhattan overestimates ----------------------------------------

_OVER_08 = (Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]), 1)
"""The example of the solution: one slide from the goal, the sum says 2."""


def _over_example() -> tuple:
    board, moves = _OVER_08
    assert _dist(_GOAL3)[board.tiles] == moves < misplaced(board) + manhattan(board)
    return _OVER_08


def _over_verdict(x):
    """A pair (board, its fewest moves) on which misplaced + Manhattan exceeds those moves stands for every
    such pair; other answers say what they are."""
    pair, verdict = _board_and_count(x)
    if pair is None:
        return verdict
    board, moves = pair
    fewest = _dist(_GOAL3)[board.tiles]
    if moves != fewest:
        return ("not the fewest",)
    if misplaced(board) + manhattan(board) <= fewest:
        return ("no overestimate",)
    return _over_example()


_register(
    id="08.1", title="Two admissible heuristics added: a board where the sum overestimates", level="core",
    minutes=10, kind="value", solution=_over_example, normalize=_over_verdict,
    hint="each heuristic alone never says more than the truth. Ask which moves each one counts: a tile off its "
         "cell is counted by misplaced tiles, and its distance by Manhattan. Look for a board whose solution "
         "moves each misplaced tile only a little.",
    why="a misplaced tile's slide home is counted once by misplaced tiles and once by Manhattan: the sum counts "
        "it twice. The larger of two admissible heuristics is admissible; their sum only when they count "
        "different moves, as the disjoint patterns of a pattern database do.",
    mistakes=(
        Mistake(lambda: ("not the fewest",),
                "that is not the fewest moves that board needs: D3 (section 3) holds the distance of every 3 x 3 "
                "board that can reach the goal."),
        Mistake(lambda: ("no overestimate",),
                "on that board misplaced + Manhattan is at most the fewest moves, so it does not show the sum "
                "overestimating. Look for a board where every misplaced tile is close to home."),
        Mistake(lambda: ("cannot reach the goal",),
                "that board cannot reach the goal at all (notebook 03): it has no fewest moves to compare with."),
        Mistake(lambda: ("not 3 x 3",), "give a 3 x 3 board, the 8-puzzle's, with its fewest moves."),
    ),
)


# --- 08.2: stronger(board), linear conflict ---------------------------------------------------------

def _heuristic_data():
    goal23, goal33 = Board.goal(2, 3), Board.goal(3, 3)
    d23, d33 = _dist(goal23), _dist(goal33)
    order33 = list(d33)
    sample33 = order33[:100] + order33[100::40]
    boards = [(Board.from_tiles(t, 2, 3), d23[t]) for t in d23]
    boards += [(Board.from_tiles(t, 3, 3), d33[t]) for t in sample33]
    return goal23, goal33, boards


_HEUR_GOAL = "a heuristic estimates the moves still needed: at the goal that is none."
_HEUR_OVER = "a heuristic must never say more than the moves the board really needs (it must be admissible)."
_HEUR_WHOLE = "a number of moves is a whole number: return an int (// divides to an int, / to a float)."
_HEUR_JUMP = ("one move changes the true distance by exactly 1, so a consistent heuristic may drop by at most 1 "
             "per move.")
_HEUR_PAIRS = ("three tiles of one line in reverse order make three pairs out of order, but two of them stepping "
               "out lets the third stay: count the tiles that must leave, not the pairs.")
_HEUR_ONCE = ("each line with tiles out of order needs its own detour: add 2 for every tile that must step out, "
              "in every row and every column, not 2 once for the whole board.")
_HEUR_LINES = ("in a line, the tiles that may stay are the most that already stand in goal order among "
               "themselves (not necessarily side by side); every other tile of that line must step out.")
_HEUR_NOT_STRONGER = ("never above Manhattan, so no stronger: add what Manhattan misses, the tiles in their goal "
                      "line in the wrong order (linear conflict).")


def _own_manhattan(board) -> int:
    return sum(_taxicab(i, t - 1, board.cols) for i, t in enumerate(board.tiles) if t)


def _lines_out_of_order(board) -> tuple[int, int]:
    """(lines that hold two goal tiles of theirs in the wrong order, pairs of such tiles in the wrong order)."""
    rows, cols, tiles = board.rows, board.cols, board.tiles
    lines = [[(t - 1) % cols for t in tiles[r * cols:(r + 1) * cols] if t and (t - 1) // cols == r] for r in range(rows)]
    lines += [[(t - 1) // cols for t in tiles[c::cols] if t and (t - 1) % cols == c] for c in range(cols)]
    pairs = [sum(a > b for i, a in enumerate(line) for b in line[i + 1:]) for line in lines]
    return sum(p > 0 for p in pairs), sum(pairs)


def _stronger_steps():
    goal23, goal33, boards = _heuristic_data()
    values: dict = {}

    def linear(board):
        return compile_heuristic(linear_conflict, Board.goal(board.rows, board.cols)).value(board.tiles)

    def h(fn, board):
        key = (board.shape, board.tiles)
        if key not in values:
            call = f"stronger({board!r})"
            got = _call(fn, (board,), call)
            if not _whole(got) or got < 0:
                _fail(call, got, "a heuristic returns a whole number of moves (an int), never negative.",
                      _HEUR_WHOLE if isinstance(got, float) else None)
            values[key] = int(got)
        return values[key]

    def like(fn, formula) -> bool:
        """Does the student's heuristic agree with ``formula`` on the first boards tested?"""
        return all(h(fn, b) == formula(b) for b, _ in boards[:400])

    def at_goal(fn):
        for goal in (goal23, goal33):
            if h(fn, goal) != 0:
                _fail(f"stronger({goal!r})", h(fn, goal), "that is the goal itself.", _HEUR_GOAL)

    def admissible(fn):
        for board, true in boards:
            got = h(fn, board)
            if got > true:
                tip = _HEUR_OVER
                if like(fn, lambda b: _own_manhattan(b) + 2 * _lines_out_of_order(b)[1]):
                    tip = _HEUR_PAIRS
                _fail(f"stronger({board!r})", got, "but that board can be solved in fewer moves: your "
                      "heuristic overestimates.", tip)

    def consistent(fn):
        for board, _ in boards:
            for nxt in board.neighbors():
                a, b = h(fn, board), h(fn, nxt)
                if a - b > 1:
                    tip = _HEUR_JUMP
                    if like(fn, lambda x: _own_manhattan(x) + 2 * _lines_out_of_order(x)[1]):
                        tip += " " + _HEUR_PAIRS
                    raise _Fail(f"your heuristic drops by {_short(a - b)} in one move: stronger({board!r}) = "
                                f"{_short(a)} but stronger({nxt!r}) = {_short(b)}, and the two boards are "
                                f"one slide apart.\nhint: {tip}")

    def strong(fn):
        for board, _ in boards:
            got, m = h(fn, board), _own_manhattan(board)
            if got < m:
                _fail(f"stronger({board!r})", got, "that is below the Manhattan distance of the board.",
                      "start from the Manhattan distance and add to it.")
        if all(h(fn, b) == _own_manhattan(b) for b, _ in boards):
            raise _Fail("your heuristic is admissible and consistent, and it equals the Manhattan distance on "
                        f"every board tested.\nhint: {_HEUR_NOT_STRONGER}")
        for board, _ in boards:
            if h(fn, board) < linear(board):
                tip = _HEUR_LINES
                if like(fn, lambda b: _own_manhattan(b) + 2 * (_lines_out_of_order(b)[1] > 0)):
                    tip = _HEUR_ONCE
                _fail(f"stronger({board!r})", h(fn, board), "that leaves out tiles that must step out of their "
                      "line on this board: the conflicts of its lines force more.", tip)

    # return 0 is 0 at the goal, admissible and consistent, and a constant 1000 is consistent and above
    # Manhattan: so a step earns its points only beside a heuristic that is 0 at the goal and strong.
    informative = (at_goal, strong)
    return [_Step(at_goal, 1, needs=informative), _Step(admissible, 2, needs=informative),
            _Step(consistent, 2, needs=informative), _Step(strong, 2, needs=informative)]


_function_exercise(
    id="08.2",
    library=('puzzlelib.core.heuristics:misplaced', 'puzzlelib.core.heuristics:manhattan',
             'puzzlelib.core.heuristics:linear_conflict', 'puzzlelib.core.heuristics:longest_increasing',
             'puzzlelib.core.heuristics:manhattan_tables',
             'puzzlelib.core.heuristics:AdditiveTables', 'puzzlelib.core.heuristics:tile_distances',
             'puzzlelib.core.heuristics:_tile_distances', 'puzzlelib.core.heuristics:misplaced_tables',
             'puzzlelib.engines.pdb:PatternDatabase'),
    title="Write stronger(board): linear conflict, every line counted", level="challenge",
    minutes=40, reference=SOLUTIONS["stronger"],
    hint="start from Manhattan. Two tiles in their goal row but in the wrong order there: one must step out "
         "of the row and back, two more moves; the same for columns. In each line, which of its tiles may "
         "stay? Those already in goal order among themselves; count, per line, the others.",
    why="stronger is 0 at the goal, admissible and consistent on every 2 x 3 board and a sample of 3 x 3 "
        "boards, and never below linear conflict there: it counts at least every tile that must step out of "
        "its line, in every row and column.",
    steps=_stronger_steps,
    mistakes=(
        Mistake(lambda: manhattan, _HEUR_NOT_STRONGER),
        Mistake(lambda: (lambda board: 2 * manhattan(board)), _HEUR_OVER),
        Mistake(lambda: FLAWED["stronger_once"], _HEUR_ONCE),
        Mistake(lambda: FLAWED["stronger_pairs"], _HEUR_PAIRS),
        Mistake(lambda: FLAWED["stronger_halved"], _HEUR_WHOLE),
    ),
)


# --- 08.3: a written proof: linear conflict is consistent -------------------------------------------

_LC_PROOF = r"""Write $h = M + 2(R + C)$: $M$ is the Manhattan distance, $R$ adds up, over the rows, the tiles
that must step out of their goal row (the row's goal tiles minus the most of them already in goal order among
themselves, a longest increasing subsequence of their goal columns), and $C$ the same over the columns. At the
goal $M = 0$ and every line is in order, so $h = 0$. A move slides one tile $t$ from a cell $u$ into the blank's
cell $v$ next to it. Only $t$ moves, so $M$ changes by exactly 1 (up or down), and only the lines through $u$
and $v$ can change their count.

**A sideways move** ($u$ and $v$ in row $r$, columns $c$ and $c'$). Row $r$ holds the same tiles in the same
left-to-right order afterwards, so its count is unchanged. Column $c$ loses $t$ and column $c'$ gains it, and
no other column changes. Whether $t$ counts in a column depends on its goal column:

* neither $c$ nor $c'$: neither column's goal tiles change, $R + C$ is unchanged, and $h$ changes by $\pm 1$;
* $c$ (it leaves its goal column): $M$ rises by 1. Column $c$ loses one of its goal tiles. Taking one element
  out of a sequence lowers its longest increasing subsequence by 0 or 1 (a longest one loses at most that
  element; any increasing subsequence of the shorter sequence is one of the longer), so the count of
  tiles that must step out, (tiles) $-$ (longest increasing subsequence), changes by $-1 + (0 \text{ or } 1)$: by 0 or $-1$.
  So $h$ changes by $+1 + 2 \cdot (0 \text{ or } -1)$: $+1$ or $-1$;
* $c'$ (it enters its goal column): $M$ falls by 1; by the same fact read backwards, column $c'$'s count rises
  by 0 or 1, and $h$ changes by $-1 + 2 \cdot (0 \text{ or } 1)$: $-1$ or $+1$.

**An up or down move**: the same with rows and columns exchanged.

In every case $h$ changes by exactly 1, so $h(b) \le 1 + h(b')$ for every move from $b$ to $b'$, and $h$ is
0 at the goal: linear conflict is consistent (and so admissible). The sum over rows and columns is what a
careless count breaks: adding 2 for each *pair* out of order can jump by 4 in one move."""

_proof_exercise(
    id="08.3", title="Prove that linear conflict is consistent", level="challenge", minutes=30,
    questions=(
        "Does your proof say which lines can change their count when one tile slides, and why no other line can?",
        "Does it treat the line the tile slides along separately from the two lines it leaves and enters?",
        "Does it cover the three cases of the moving tile's goal line: left, entered, neither?",
        "Does it justify, with an argument and not an example, how much one tile more or less in a line can "
        "change the number of its tiles that must step out?",
        "Does it add the Manhattan part and the conflict part in each case and conclude that the total changes "
        "by at most 1, and say what the heuristic is at the goal?",
    ),
    rubric=(
        (1, "Only the moving tile's Manhattan term changes, by exactly 1; only the lines through the two cells "
            "can change their count, and the line along the move keeps its order."),
        (1, "One tile more or less in a line changes its longest increasing subsequence by 0 or 1, so the "
            "tiles that must step out change by 0 or 1, with a reason."),
        (1, "The three cases (goal line left, entered, neither) each give a total change of exactly 1; h is "
            "0 at the goal; hence consistent."),
    ),
    model=_LC_PROOF,
    hint="write the heuristic as Manhattan plus twice the tiles that must step out, line by line. When one tile "
         "slides, which terms can change at all? Then ask how the most tiles of a line already in goal order "
         "among themselves (not necessarily side by side) can change when one tile joins or leaves it.",
    why="consistency of linear conflict rests on one fact about sequences: one element more or less changes a "
        "longest increasing subsequence by at most one.",
)


# --- 08.4: A* that counts the boards it expands again --------------------------------------------------

_A_PATH = "return a pair (path, reopened): path a list of boards from start to the goal, reopened a whole number."
_A_STALE = ("a queue entry whose board was since pushed again with a smaller g is stale: skip it when it comes "
            "out (its g + h is above the f it was pushed with); only an expansion of a board expanded before "
            "counts as reopening.")
_A_REOPEN = ("with this heuristic (admissible, not consistent) a board can be found by a shorter route after it "
             "was expanded: give it the new g and push it again, or the path may come out longer.")
_A_TIES = ("the count depends on the order of expansions: pop the smallest f, ties to the smaller h, then to "
           "the board pushed first (a counter in each queue entry); try moves in the order board.neighbors() "
           "gives; push a board only when its g improves.")
_A_CLOSED = ("with reopen=False an expanded board is closed for good: skip every successor that was expanded "
             "before, even when the new route to it is shorter.")


def _path_tiles(call, got, start, goal):
    """The boards of the path the student returned, as tile tuples, checked to run from start to goal."""
    if not isinstance(got, (list, tuple)) or len(got) == 0:
        _fail(call, got, "the path should be a non-empty list of boards.", _A_PATH)
    tiles = []
    for i, item in enumerate(got):
        t = item.tiles if isinstance(item, Board) and item.shape == start.shape else (
            tuple(item) if isinstance(item, (list, tuple)) and len(item) == len(start.tiles)
            and all(_whole(v) for v in item) else None)
        if t is None:
            _fail(call, got, f"item {i} of your path, {_short(item, 60)}, is not a {start.rows} x {start.cols} "
                  "board.", _A_PATH)
        tiles.append(t)
    if tiles[0] != start.tiles:
        _fail(call, got, "the path should begin with the start board.")
    for i, (a, b) in enumerate(zip(tiles, tiles[1:])):
        if b not in {n.tiles for n in Board.from_tiles(a, *start.shape).neighbors()}:
            _fail(call, got, f"steps {i} and {i + 1} of your path are not one slide apart.")
    if tiles[-1] != goal.tiles:
        _fail(call, got, "the path should end with the goal board.")
    return tiles


def _astar_steps():
    _pdb3(True)                                # built here, before any clock starts
    goal23 = Board.goal(2, 3)
    d23, d33 = _dist(goal23), _dist(_GOAL3)
    consistent_cases = [Board([[4, 1, 2], [5, 0, 3]]), goal23, next(Board.from_tiles(t, 2, 3) for t, d in d23.items()
                                                                     if d == 21),
                        Board([[0, 3, 6], [4, 7, 1], [5, 2, 8]]), Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]])]
    pdb = _Heuristic("pdb3")
    expected = {start: _astar_run(start) for start in _REOPEN_STARTS}
    closed = {start: _astar_run(start, reopen=False) for start in _CLOSED_STARTS}
    reopening = {start: [b.tiles for b in _astar_run(start)[0]] for start in _CLOSED_STARTS}

    def result(fn, args, call):
        got = _call(fn, args, call)
        if not isinstance(got, (tuple, list)) or len(got) != 2:
            _fail(call, got, "it should return a pair (path, reopened).", _A_PATH)
        path, reopened = got
        if not _whole(reopened) or reopened < 0:
            _fail(call, got, "the second item, reopened, should be a whole number, never negative.", _A_PATH)
        start = args[0]
        return _path_tiles(call, path, start, Board.goal(*start.shape)), int(reopened)

    def consistent(fn):
        h = _Heuristic("manhattan")
        for start in consistent_cases:
            call = f"astar_count({start!r}, manhattan)"
            tiles, reopened = result(fn, (start, h), call)
            fewest = (d23 if start.shape == (2, 3) else d33)[start.tiles]
            if len(tiles) - 1 != fewest:
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; that is a path, but Manhattan "
                            "never overestimates, so A* must find one with the fewest moves.\nhint: pop the "
                            "board with the smallest f = g + h, and stop when the goal comes out of the queue, "
                            "not when it goes in.")
            if reopened:
                raise _Fail(f"{call} counted {reopened} reopened boards; Manhattan is consistent, and then A* "
                            f"never expands a board twice (section 4 proves it).\nhint: {_A_STALE}")

    def inconsistent(fn):
        for start in _REOPEN_STARTS:
            call = f"astar_count({start!r}, pdb3)"
            tiles, reopened = result(fn, (start, pdb), call)
            if len(tiles) - 1 != d33[start.tiles]:
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves, not one of the fewest; pdb3 never "
                            f"overestimates, so A* must find a shortest path.\nhint: {_A_REOPEN}")
            if reopened != expected[start][1]:
                raise _Fail(f"{call} returned a shortest path and {reopened} reopened boards; A* with the "
                            "exercise's order of ties expands boards again a different number of times from this "
                            f"start.\nhint: {_A_REOPEN if reopened == 0 and never_reopens(fn) else _A_TIES}")

    def never_reopens(fn) -> bool:
        """Does the student's A* return a longer path from a start where A* that never reopens does? Then
        its 0 reopenings are a missing reopening, not another order of ties. The start is 08.5's answer, so
        neither it nor the student's result from it is ever shown: a failure here only picks the hint."""
        start = _CLOSED_08[0]
        try:
            tiles, _ = result(fn, (start, pdb), "astar_count(another start, pdb3)")
        except _Fail:
            return True
        return len(tiles) - 1 > d33[start.tiles]

    def without_reopening(fn):
        for start in _CLOSED_STARTS:
            call = f"astar_count({start!r}, pdb3, False)"
            tiles, reopened = result(fn, (start, pdb, False), call)
            if reopened:
                raise _Fail(f"{call} returned {reopened} reopened boards; with reopen=False no board is expanded "
                            f"twice.\nhint: {_A_CLOSED}")
            if tiles != [b.tiles for b in closed[start][0]]:
                again = tiles == reopening[start]
                raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; A* that never reopens a board, with "
                            "the exercise's order of ties, returns another path from this start."
                            f"\nhint: {_A_CLOSED if again else _A_TIES}")

    return [_Step(consistent, 2), _Step(inconsistent, 2), _Step(without_reopening, 1)]


_SEARCHES = ('puzzlelib.core.generic:graph_search', 'puzzlelib.core.generic:breadth_first',
             'puzzlelib.core.generic:uniform_cost', 'puzzlelib.core.generic:astar_search',
             'puzzlelib.core.informed:astar', 'puzzlelib.core.informed:ida_star_plain',
             'puzzlelib.engines.ida:ida_star', 'puzzlelib.engines.ida:ida_search',
             'puzzlelib.engines.ida:ida_search_tables', 'puzzlelib.core.bfs:shortest_path',
             'puzzlelib.core.bfs:min_moves', 'puzzlelib.engines.optimal:solve_optimal')

_function_exercise(
    id="08.4", library=_SEARCHES,
    title="Write astar_count(start, h, reopen=True): A* that counts reopened boards", level="core", minutes=30,
    reference=SOLUTIONS["astar_count"],
    hint="keep g[board] and parent[board] in dicts and a heap of (f, h, counter, board); a popped entry whose "
         "board has a smaller g now is stale. Keep a set of the boards expanded so far: expanding one that is "
         "in it is a reopening. With reopen=False, never push a successor that is in that set.",
    why="astar_count finds shortest paths with Manhattan without reopening, reopens exactly as A* with these "
        "ties does when the heuristic jumps, and with reopen=False returns the longer path A* without "
        "reopening returns.",
    steps=_astar_steps,
    mistakes=(
        Mistake(lambda: FLAWED["astar_count_stale"], _A_STALE),
        Mistake(lambda: FLAWED["astar_count_closed"], _A_REOPEN),
    ),
)


# --- 08.5: a start from which A* without reopening returns a longer path ------------------------------

_CLOSED_08 = (Board([[7, 0, 8], [1, 4, 2], [3, 5, 6]]), 27)
"""The example of the solution: 27 moves without reopening, where the fewest are 25."""


def _closed_moves(board: Board) -> int:
    path, _ = _astar_run(board, reopen=False)
    return len(path) - 1


def _closed_example() -> tuple:
    board, moves = _CLOSED_08
    assert _closed_moves(board) == moves > _dist(_GOAL3)[board.tiles]
    return _CLOSED_08


def _closed_verdict(x):
    """A pair (start, moves), tuple or list, stands for every right answer when moves is more than the fewest
    from that start and is what A* by exercise 4's rules, never reopening a board, returns from it. That A* is
    this module's reference (:func:`_astar_run`), not the student's astar_count, which this check never sees:
    a start that only the student's own order of ties makes longer is told so, not silently judged."""
    pair, verdict = _board_and_count(x)
    if pair is None:
        return verdict
    board, moves = pair
    fewest = _dist(_GOAL3)[board.tiles]
    if moves < fewest:
        return ("fewer than the fewest",)
    if moves == fewest:
        return ("the fewest",)
    got = _closed_moves(board)
    if got == fewest:
        return ("shortest",)
    if moves != got:
        return ("count is off",)
    return _closed_example()


_A_YOURS = "it expands boards in another order than exercise 4's rules: run its check first."

_register(
    id="08.5", title="A start where A* without reopening returns a longer path", level="core", minutes=20,
    kind="value", solution=_closed_example, normalize=_closed_verdict,
    hint="only a heuristic that is not consistent can close a board too early, and pdb3 jumps (section 6). Once "
         "your astar_count passes its check, run astar_count(start, pdb3, False) from many starts far from the "
         "goal and compare its length with D3; about one start in a thousand does it.",
    why="without reopening, A* keeps the first route by which it expanded a board; when an inconsistent "
        "heuristic lets it expand a board before its shortest route, every path through that board stays too "
        "long. Reopening, or a consistent heuristic, is what makes A* exact.",
    mistakes=(
        Mistake(lambda: ("shortest",),
                "from that start, A* by exercise 4's rules with reopen=False still returns a path with the fewest "
                "moves: no board on its way was closed too early. Try other starts. If your astar_count "
                "returned a longer path from it, " + _A_YOURS),
        Mistake(lambda: ("count is off",),
                "from that start A* without reopening does return a longer path, but not of that many moves: "
                "give the number of moves of the path it returns. If your astar_count returned that many, "
                + _A_YOURS),
        Mistake(lambda: ("the fewest",),
                "that many moves is the fewest from that start (D3 holds them): the exercise asks for a start "
                "from which A* without reopening returns more."),
        Mistake(lambda: ("fewer than the fewest",),
                "no path from that start is that short: D3 holds the fewest moves of every 3 x 3 board."),
        Mistake(lambda: ("cannot reach the goal",),
                "that board cannot reach the goal at all (notebook 03): A* never starts."),
        Mistake(lambda: ("not 3 x 3",), "the database is built for the 3 x 3 goal: give a 3 x 3 board."),
    ),
)


# --- 08.6: IDA* with a stack of its own ----------------------------------------------------------------

_I_RESULT = "return a pair (path, bounds): path a list of boards from start to the goal, bounds a list of numbers."
_I_BOUNDS = ("the first bound is h(start); each next bound is the smallest f = g + h above the last bound met in "
             "the whole pass, and a pass that finds the goal is the last.")
_I_STRAIGHT = "never step straight back to the board you came from, and stop a pass only when the goal is reached."


def _ida_steps():
    _pdb3(True)
    from puzzlelib.core.informed import ida_star_plain

    goal23 = Board.goal(2, 3)
    d23, d33 = _dist(goal23), _dist(_GOAL3)

    def expected(start, name):
        bounds = []
        ida_star_plain(start, heuristic=manhattan if name == "manhattan" else _pdb3(True), on_bound=bounds.append,
                       max_nodes=10**8)
        return bounds

    plain = [(Board([[4, 1, 2], [5, 0, 3]]), "manhattan"), (goal23, "manhattan"),
             (next(Board.from_tiles(t, 2, 3) for t, d in d23.items() if d == 19), "manhattan"),
             (Board([[1, 2, 3], [7, 6, 4], [8, 0, 5]]), "manhattan"), (Board([[0, 3, 6], [4, 7, 1], [5, 2, 8]]), "manhattan")]
    jumpy = [(start, "pdb3") for start in _REOPEN_STARTS[:2]] + [(Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]]), "pdb3")]
    deep = [(Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]]), "manhattan")]
    want = {(s, n): expected(s, n) for s, n in plain + jumpy + deep}

    def run(cases, flat):
        def step(fn):
            for start, name in cases:
                call = f"ida_bounds({start!r}, {name})"
                got = _call(fn, (start, _Heuristic(name, flat)), call)
                if not isinstance(got, (tuple, list)) or len(got) != 2:
                    _fail(call, got, "it should return a pair (path, bounds).", _I_RESULT)
                path, bounds = got
                tiles = _path_tiles(call, path, start, Board.goal(*start.shape))
                fewest = (d23 if start.shape == (2, 3) else d33)[start.tiles]
                if len(tiles) - 1 != fewest:
                    raise _Fail(f"{call} returned a path of {len(tiles) - 1} moves; that is a path, but not one with "
                                f"the fewest moves.\nhint: {_I_STRAIGHT}")
                if not isinstance(bounds, (list, tuple)) or not all(_whole(b) for b in bounds):
                    _fail(call, got, "the second item should be the list of bounds, whole numbers.", _I_RESULT)
                if list(bounds) != want[start, name]:
                    raise _Fail(f"{call} found a shortest path, but its bounds, {_short(list(bounds), 80)}, are not "
                                f"the passes IDA* makes.\nhint: {_I_BOUNDS}")
        return step

    return [_Step(run(plain, False), 2), _Step(run(jumpy, False), 2), _Step(run(deep, True), 1)]


_function_exercise(
    id="08.6", library=_SEARCHES,
    title="Write ida_bounds(start, h): IDA* with a stack of its own", level="challenge", minutes=40,
    reference=SOLUTIONS["ida_bounds"],
    hint="keep the path as a list of boards and, beside it, a list of iterators: stack[i] = iter(path[i].neighbors()) "
         "holds the moves still to try from path[i]. Take the next move from the top; when an iterator is used "
         "up, pop it and the last board (back up). A board over the bound only updates the smallest f.",
    why="ida_bounds makes exactly IDA*'s passes, with a consistent and with a jumping heuristic, returns a "
        "shortest path, and keeps its own stack, so depth costs memory in a list, not Python's calls.",
    steps=_ida_steps,
    mistakes=(
        Mistake(lambda: FLAWED["ida_bounds_recursive"], _I_RECURSION),
        Mistake(lambda: FLAWED["ida_bounds_step_one"], _I_BOUNDS),
    ),
)


# --- 08.7: a pattern database, built ---------------------------------------------------------------------

_T_FORM = ("return a dict: for each placement, the tuple of the cells of the pattern's tiles (in the pattern's "
           "order, cells numbered 0, 1, ... in reading order), the fewest moves of those tiles.")
_T_FREE = ("only moves of the pattern's tiles count: the blank stepping into a free cell (a forgotten tile) costs "
           "nothing, so explore those steps before the moves that cost 1 (the front of a deque), and keep each "
           "placement's fewest moves over every cell of the blank.")
_T_LOW = ("every slide of a pattern tile costs 1, and a placement's value is the fewest over the blank's cells "
          "that the search really reaches: no value can be below that.")
_T_ALL = ("every placement of the pattern's tiles on different cells can be reached when at least three cells "
          "are left outside the pattern: search until the queue is empty.")
_T_ORDER = ("a key names the cells in the order of pattern: first the cell of pattern[0], then that of "
            "pattern[1], and so on, not sorted. Two of the pattern's tiles swapped is another placement, with "
            "a value of its own.")


def _placements_problem(got, goal, pattern) -> tuple[str, str] | None:
    """(what is wrong with the shape of the student's table, the hint for it), or None."""
    from math import perm
    n, k = len(goal.tiles), len(pattern)
    if not isinstance(got, dict):
        return f"it should return a dict, not {type(got).__name__}", _T_FORM
    for key, value in got.items():
        if not isinstance(key, tuple) or len(key) != k or not all(_whole(c) and 0 <= c < n for c in key) \
                or len(set(key)) != k:
            return f"the key {_short(key, 40)} is not a placement of {k} tile{'s' * (k != 1)} on {n} cells", _T_FORM
        if not _whole(value) or value < 0:
            return f"the value {_short(value, 40)} is not a whole number of moves", _T_FORM
    if len(got) != perm(n, k):
        if k > 1 and all(list(key) == sorted(key) for key in got):
            return (f"it holds {len(got):,} placements, each key with its cells in increasing order, so a "
                    "placement and the same cells with the tiles swapped share one key"), _T_ORDER
        return f"it holds {len(got):,} placements, not every one", _T_ALL
    return None


def _table_steps():
    from puzzlelib.core.pdb import pattern_table_plain

    goal23, first23 = Board.goal(2, 3), Board.goal(2, 3, blank="first")
    one = [(goal23, [5]), (_GOAL3, [1])]
    small = [(goal23, [1, 2, 3]), (goal23, [4, 5]), (first23, [1, 2]), (first23, [5, 3, 4])]
    big = [(_GOAL3, [1, 2, 3, 4]), (_GOAL3, [8, 5, 6, 7])]
    want = {(g.tiles, tuple(p)): pattern_table_plain(g, p) for g, p in one + small + big}
    d23, d33 = _dist(goal23), _dist(_GOAL3)

    def table(fn, goal, pattern):
        call = f"pattern_cost({goal!r}, {pattern!r})"
        got = _call(fn, (goal, list(pattern)), call)
        problem = _placements_problem(got, goal, pattern)
        if problem:
            _fail(call, got, problem[0] + ".", problem[1])
        return call, got

    def exact(cases):
        def step(fn):
            for goal, pattern in cases:
                call, got = table(fn, goal, pattern)
                right = want[goal.tiles, tuple(pattern)]
                for placement, moves in got.items():
                    if moves != right[placement]:
                        tip = _T_FREE if moves > right[placement] else _T_LOW
                        raise _Fail(f"{call} holds {moves} for the placement {placement}; that is not the fewest "
                                    f"moves of the pattern's tiles from there.\nhint: {tip}")
        return step

    def admissible(fn):
        """The sum of the student's tables for a partition never exceeds the true distance, on every board."""
        for goal, parts, dist in ((goal23, ([1, 2, 3], [4, 5]), d23), (_GOAL3, ([1, 2, 3, 4], [8, 5, 6, 7]), d33)):
            tables = [table(fn, goal, p)[1] for p in parts]
            for tiles, fewest in dist.items():
                total = sum(t[tuple(tiles.index(x) for x in p)] for t, p in zip(tables, parts))
                if total > fewest:
                    board = Board.from_tiles(tiles, *goal.shape)
                    raise _Fail(f"the sum of your tables for the patterns {list(parts[0])} and {list(parts[1])} "
                                f"says {total} on {board!r}, which can be solved in fewer moves: it "
                                f"overestimates.\nhint: {_T_FREE}")

    return [_Step(exact(one), 1), _Step(exact(small), 2), _Step(admissible, 1), _Step(exact(big), 1)]


_function_exercise(
    id="08.7",
    library=('puzzlelib.core.pdb:pattern_table', 'puzzlelib.core.pdb:pattern_table_plain',
             'puzzlelib.core.pdb:_pattern_table', 'puzzlelib.core.pdb:_near_goal',
             'puzzlelib.engines.pdb:PatternDatabase'),
    title="Write pattern_cost(goal, pattern): a pattern database by BFS", level="core", minutes=35,
    reference=SOLUTIONS["pattern_cost"],
    hint="an abstract board is the goal's tiles with every tile outside the pattern replaced by None (a free "
         "cell). From the goal, swap the blank with each neighbour: a free cell costs 0, a pattern tile 1. Keep "
         "the cost of every abstract board in a dict, then, for each placement, the least over the blank's cells.",
    why="pattern_cost gives the library's table for one-tile patterns (taxicab distances), for patterns of "
        "2 x 3 and 3 x 3 boards and for another goal, and the sums of your tables never overestimate on any "
        "of the 360 and 181,440 boards.",
    steps=_table_steps,
    mistakes=(
        Mistake(lambda: FLAWED["pattern_cost_all_moves"], _T_FREE),
        Mistake(lambda: FLAWED["pattern_cost_first_seen"], _T_FREE),
    ),
)
