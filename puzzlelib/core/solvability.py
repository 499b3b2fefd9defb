"""Which boards can reach which goals: inversions, parity and the blank.

Two equivalent rules decide it on every board with at least 2 rows and 2
columns, for any goal:

* **The width rule** (an English 8-puzzle tutorial, a Chinese article on
  the m x n puzzle). Count inversions in the goal's order. On an odd width
  their parity never changes; on an even width the parity of (inversions +
  the blank's row) never changes. A board can reach the goal exactly when
  this number has the same parity as the goal's.
* **The permutation rule** (the swap count of a German 15-puzzle notebook).
  Every move swaps the blank with a tile, a transposition, and moves the
  blank one cell. So the parity of (the permutation from goal to board,
  blank included) + (the blank's taxicab distance to its goal cell) never
  changes, and is even at the goal.

On a board with one row or one column no tile can pass another, so the
order of the tiles is all that matters.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlelib.core.board import BLANK, Board, as_board, board_and_goal, board_goal_args, cell_distance, _taxicab
from puzzlelib.core.door import Answer, door

__all__ = ["inversions", "inversions_by_merge_sort", "PAIRS_MAX_TILES", "relative_inversions",
           "blank_row_from_bottom", "permutation_parity",
           "blank_distance", "is_solvable", "SolvabilityReport", "explain", "sorting_swaps"]


def _inversions_args(args: dict):
    board = args["board"] = as_board(args["board"])
    if len(board.tiles) > PAIRS_MAX_TILES:                   # a big board: the same count, by merge sort
        import numpy as np

        tiles = np.asarray(board.tiles, dtype=np.int64)
        return Answer(inversions_by_merge_sort(tiles[tiles != BLANK]))
    return None


@door(_inversions_args)
def inversions(board) -> int:
    """Pairs of tiles in the wrong numeric order, reading row by row; the blank is ignored.

    >>> inversions(Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]]))  # (8, 6) and (8, 7)
    2
    >>> inversions(Board.goal(3, 3))
    0
    """
    tiles = [t for t in board.tiles if t != BLANK]          # reading order, the blank skipped
    return sum(1 for i, a in enumerate(tiles) for b in tiles[i + 1:] if a > b)


PAIRS_MAX_TILES = 100
"""Up to this many tiles (a 10 x 10 board) :func:`inversions` compares every pair, as the lessons do (at most
4,950 pairs); beyond, it counts with :func:`inversions_by_merge_sort`, in n log n steps."""


def _arange(seq: range):
    """``seq`` as a numpy array, or a TooLargeError (not a MemoryError) when it can't fit in memory."""
    import numpy as np

    from puzzlelib.core.errors import TooLargeError
    try:
        return np.arange(seq.start, seq.stop, seq.step)
    except (MemoryError, ValueError):
        raise TooLargeError(f"seq, a range of {len(seq):,} numbers, is too big for memory as an array") from None


def inversions_by_merge_sort(seq) -> int:
    """The pairs of ``seq`` in the wrong order (``a`` before ``b`` and ``a > b``), counted in n log n steps.

    A merge sort counts them while it merges: when an item of the right half
    is taken before items still waiting in the left half, it was after each
    of them and smaller. Here the merge sort is run the other way round, on
    numpy arrays: the items are replaced by their ranks 0..n-1, then split by
    their top bit, then each group by the next bit, and so on (each split a
    stable partition, the inverse of one merge). A pair in the wrong order is
    counted at the split where the two first differ: a 1 before a 0 in the
    same group. Each of the log2(n) levels is a few array passes, so a
    million tiles take a fraction of a second. :func:`inversions` uses it on
    boards of more than :data:`PAIRS_MAX_TILES` tiles; a test checks that the
    two agree.

    >>> inversions_by_merge_sort([3, 1, 2])
    2
    >>> inversions_by_merge_sort(range(100_000, 0, -1)) == 100_000 * 99_999 // 2
    True
    >>> inversions_by_merge_sort([2, 2, 1])     # equal items are never a pair in the wrong order
    2
    """
    import numpy as np

    from puzzlelib.core.limits import as_array

    items = as_array(seq if not isinstance(seq, range) else _arange(seq), "seq")
    if items.ndim != 1:
        items = as_array(list(seq), "seq")
    n = len(items)
    if n < 2:
        return 0
    # ranks 0..n-1, ties broken by position (a stable sort), so equal items never count as a pair
    order = np.argsort(items, kind="stable")
    values = np.empty(n, dtype=np.int64)
    values[order] = np.arange(n, dtype=np.int64)
    count = 0
    position = np.arange(n, dtype=np.int64)
    ones_upto = np.zeros(n + 1, dtype=np.int64)            # ones_upto[i]: the ones among the first i items
    for bit in range(int(n - 1).bit_length() - 1, -1, -1):
        ones = (values >> bit) & 1                         # values are grouped by their higher bits, in order
        start = (values >> (bit + 1)) << (bit + 1)         # where each group begins (every rank is present)
        end = np.minimum(start + (2 << bit), n)
        np.cumsum(ones, out=ones_upto[1:])
        ones_before = ones_upto[position] - ones_upto[start]          # ones earlier in the same group
        zero = ones == 0
        count += int(ones_before[zero].sum())              # a 1 before a 0 in one group: a wrong pair
        zeros_in_group = (end - start) - (ones_upto[end] - ones_upto[start])
        new_place = start + np.where(zero, position - start - ones_before, zeros_in_group + ones_before)
        values[new_place] = values.copy()                  # the stable split: zeros first, then ones
    return count


def relative_inversions(board, goal=None) -> int:
    """Inversions counted in the goal's reading order instead of numeric order.

    Tile ``a`` and tile ``b`` form an inversion when ``a`` comes first on the
    board but ``b`` comes first in the goal. Against the usual goal this is
    :func:`inversions`.

    >>> b = Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]])
    >>> relative_inversions(b) == inversions(b)
    True
    >>> relative_inversions(Board.spiral(3, 3), Board.spiral(3, 3))
    0
    """
    import numpy as np

    board, goal = board_and_goal(board, goal)
    cells = len(goal.tiles)
    where = np.empty(cells, dtype=np.int64)               # tile -> its place in the goal's reading order
    goal_tiles = np.asarray(goal.tiles, dtype=np.int64)
    where[goal_tiles] = np.arange(cells)
    tiles = np.asarray(board.tiles, dtype=np.int64)
    return inversions_by_merge_sort(where[tiles[tiles != BLANK]])


def blank_row_from_bottom(board) -> int:
    """The blank's row counted from the bottom, the last row being 1 (as in a well-known English tutorial on the 8-puzzle).

    >>> blank_row_from_bottom(Board.goal(3, 4))
    1
    >>> blank_row_from_bottom(Board.goal(3, 4, blank="first"))
    3
    """
    board = as_board(board)
    return board.rows - board.blank[0]


def permutation_parity(board, goal=None) -> int:
    """Parity (0 even, 1 odd) of the permutation that turns ``goal`` into ``board``, blank included.

    It is the parity of the number of swaps that sort the board into the goal
    (a German 15-puzzle notebook counts those swaps).

    >>> permutation_parity(Board([[2, 1], [3, 0]]))
    1
    >>> permutation_parity(Board.goal(2, 2))
    0
    """
    board, goal = board_and_goal(board, goal)
    return _permutation_parity(board.tiles, goal.tiles)


def _permutation_parity(tiles, goal_tiles) -> int:
    if len(tiles) > PAIRS_MAX_TILES:     # a big board: a permutation's parity is that of its inversions, in numpy
        import numpy as np

        target = np.empty(len(goal_tiles), dtype=np.int64)
        target[np.asarray(goal_tiles, dtype=np.int64)] = np.arange(len(goal_tiles))
        return inversions_by_merge_sort(target[np.asarray(tiles, dtype=np.int64)]) % 2
    target = {t: i for i, t in enumerate(goal_tiles)}
    where = [target[t] for t in tiles]  # cell i holds the tile that belongs at where[i]
    seen = [False] * len(where)
    cycles = 0
    for i in range(len(where)):
        if not seen[i]:
            cycles += 1
            j = i
            while not seen[j]:
                seen[j] = True
                j = where[j]
    return (len(where) - cycles) % 2


def blank_distance(board, goal=None) -> int:
    """Taxicab (Manhattan) distance from the blank to the blank's cell in the goal.

    >>> blank_distance(Board.goal(3, 3, blank="first"))
    4
    """
    board, goal = board_and_goal(board, goal)
    return cell_distance(board.blank_index, goal.blank_index, board.cols)


def is_solvable(board, goal=None) -> bool:
    """Can ``board`` reach ``goal`` by sliding tiles? (default goal: blank last)

    Works for every shape, including one-row and one-column boards, and for
    any goal of the same shape.

    >>> is_solvable(Board([[1, 2, 3], [4, 0, 5]]))
    True
    >>> is_solvable(Board([[1, 2, 3], [5, 4, 0]]))
    False
    >>> is_solvable(Board([[1, 2, 3], [5, 4, 0]]), goal=Board.spiral(2, 3))
    True
    """
    board, goal = board_and_goal(board, goal)
    return _solvable(board, goal)


def _solvable(board: Board, goal: Board, parity: int | None = None) -> bool:
    """The rule itself, on checked boards; ``parity`` when the permutation's parity is already known."""
    if board.rows == 1 or board.cols == 1:
        return _line_order(board) == _line_order(goal)
    if parity is None:
        parity = _permutation_parity(board.tiles, goal.tiles)
    return (parity + _taxicab(board.blank_index, goal.blank_index, board.cols)) % 2 == 0


def _line_order(board: Board) -> tuple[int, ...]:
    return tuple(t for t in board.tiles if t != BLANK)


@dataclass(frozen=True)
class SolvabilityReport:
    """The numbers a solvability verdict rests on. Build it with :func:`explain`."""

    rows: int
    cols: int
    inversions: int
    """Inversions in numeric order, blank ignored."""
    relative_inversions: int
    """Inversions in the goal's order (equal to ``inversions`` for the usual goal)."""
    blank_row_from_bottom: int
    goal_blank_row_from_bottom: int
    permutation_parity: int
    """Parity of the permutation from the goal to the board, blank included."""
    blank_distance: int
    """Taxicab distance from the blank to the goal's blank cell."""
    invariant: int
    """The width rule's conserved parity: relative inversions, plus the blank's row on even widths."""
    goal_invariant: int
    solvable: bool

    @property
    def line(self) -> bool:
        """True for a one-row or one-column board, where only the tile order matters."""
        return self.rows == 1 or self.cols == 1

    def __str__(self) -> str:
        verdict = "solvable" if self.solvable else "unsolvable"
        if self.line:
            return (f"{self.rows} x {self.cols} is a single line: no tile can pass another, "
                    f"so the board is {verdict} exactly when its tiles are in the goal's order.")
        lines = [f"{self.rows} x {self.cols} board, width {self.cols} is "
                 f"{'odd' if self.cols % 2 else 'even'}:"]
        if self.cols % 2:
            lines.append(f"  inversions (goal order) = {self.relative_inversions}; "
                         f"parity {self.invariant}, goal's parity {self.goal_invariant}")
        else:
            lines.append(f"  inversions (goal order) + blank row from bottom = "
                         f"{self.relative_inversions} + {self.blank_row_from_bottom}; parity "
                         f"{self.invariant}, goal's parity {self.goal_invariant} "
                         f"(0 + {self.goal_blank_row_from_bottom})")
        lines.append(f"  permutation parity {self.permutation_parity} + blank distance "
                     f"{self.blank_distance} = {self.permutation_parity + self.blank_distance}, "
                     f"{'even' if (self.permutation_parity + self.blank_distance) % 2 == 0 else 'odd'}")
        lines.append(f"  verdict: {verdict}")
        return "\n".join(lines)


@door(board_goal_args())
def explain(board, goal=None) -> SolvabilityReport:
    """Everything the verdict rests on, by both rules.

    >>> report = explain(Board([[1, 2, 3], [5, 4, 0]]))
    >>> report.inversions, report.blank_row_from_bottom, report.solvable
    (1, 1, False)
    >>> print(report)
    2 x 3 board, width 3 is odd:
      inversions (goal order) = 1; parity 1, goal's parity 0
      permutation parity 1 + blank distance 0 = 1, odd
      verdict: unsolvable
    """
    rel = relative_inversions(board, goal)
    parity = _permutation_parity(board.tiles, goal.tiles)
    row, goal_row = blank_row_from_bottom(board), blank_row_from_bottom(goal)
    if board.cols % 2:
        invariant, goal_invariant = rel % 2, 0
    else:
        invariant, goal_invariant = (rel + row) % 2, goal_row % 2
    return SolvabilityReport(
        rows=board.rows,
        cols=board.cols,
        inversions=inversions(board),
        relative_inversions=rel,
        blank_row_from_bottom=row,
        goal_blank_row_from_bottom=goal_row,
        permutation_parity=parity,
        blank_distance=blank_distance(board, goal),
        invariant=invariant,
        goal_invariant=goal_invariant,
        solvable=_solvable(board, goal, parity),
    )


@door(board_goal_args())
def sorting_swaps(board, goal=None) -> int:
    """Swaps that sort ``board`` into ``goal``, one tile put in place per swap (blank included).

    This is the count a German 15-puzzle notebook calls ``get_inversion_count``, measured there
    against the goal with the blank first.

    >>> start1 = Board([[13, 2, 10, 3], [1, 12, 8, 4], [5, 0, 9, 6], [15, 14, 11, 7]])
    >>> sorting_swaps(start1, Board.goal(4, 4, blank="first"))
    14
    >>> sorting_swaps(Board([[2, 1], [3, 0]]))   # one swap, 2 <-> 1
    1
    """
    tiles = list(board.tiles)
    where = {t: i for i, t in enumerate(tiles)}
    swaps = 0
    for i, wanted in enumerate(goal.tiles):
        if tiles[i] != wanted:
            j = where[wanted]
            tiles[i], tiles[j] = tiles[j], tiles[i]
            where[tiles[i]], where[tiles[j]] = i, j
            swaps += 1
    return swaps
