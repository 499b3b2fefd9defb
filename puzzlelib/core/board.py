"""The board: an immutable m x n grid of tiles 0..mn-1, with 0 the blank.

A board is a value. Sliding a tile never changes a board; it returns a new
one. That makes boards safe to put in sets and to use as dictionary keys,
which is all breadth-first search needs.
"""

from __future__ import annotations

import html
import numbers
from typing import Iterable, Iterator, Sequence

from puzzlelib.core import palette
from puzzlelib.core.door import door
from puzzlelib.core.errors import number_text, short_repr, whole_number
from puzzlelib.core.memo import memo

__all__ = ["BLANK", "MAX_BOARD_CELLS", "DISPLAY_MAX_CELLS", "DISPLAY_CORNER", "Board", "cell_distance", "neighbor_cells", "neighbor_table",
           "neighbor_array", "successors", "moves_table"]

BLANK = 0
MAX_BOARD_CELLS = 1_000_000
"""The largest board puzzlelib will make: a million cells (1000 x 1000). Bigger shapes are refused at once."""


def check_shape(rows, cols) -> tuple[int, int]:
    """Validate a board shape and return it as two ints.

    >>> check_shape(2, 3)
    (2, 3)
    >>> check_shape(0, 3)
    Traceback (most recent call last):
    ...
    ValueError: a board needs at least 1 row and 1 column, got 0 x 3
    """
    if type(rows) is int and type(cols) is int and rows >= 1 and cols >= 1 and rows * cols <= MAX_BOARD_CELLS:
        return rows, cols             # the common case, quickly: plain ints in range
    rows = whole_number(rows, "rows")
    cols = whole_number(cols, "cols")
    if rows < 1 or cols < 1:
        raise ValueError(f"a board needs at least 1 row and 1 column, got {number_text(rows, False)} x "
                         f"{number_text(cols, False)}")
    if rows * cols > MAX_BOARD_CELLS:
        raise ValueError(f"rows={number_text(rows)} and cols={number_text(cols)} make "
                         f"{number_text(rows * cols)} cells; boards of up to "
                         f"{MAX_BOARD_CELLS:,} cells (1000 x 1000) are supported")
    return rows, cols


def _is_ordered(value) -> bool:
    """True for a list, tuple, range or array: a sequence with an order (not a set, dict, string or iterator)."""
    if isinstance(value, (str, bytes, bytearray, dict, set, frozenset)):
        return False
    if type(value).__name__ == "ndarray":
        return value.ndim >= 1
    return isinstance(value, Sequence)


def _short(value, limit: int = 60) -> str:
    return short_repr(value, limit)


def _few(values, limit: int = 8) -> str:
    """A sorted list of numbers for a message, the first ``limit`` of them (a 1000 x 1000 board can miss many)."""
    values = sorted(values)
    shown = ", ".join(number_text(v, False) for v in values[:limit])
    return f"[{shown}{', ...' if len(values) > limit else ''}]" + (f" ({len(values):,} in all)"
                                                                    if len(values) > limit else "")


def _check_tiles(tiles: Sequence[int], rows: int, cols: int) -> tuple[int, ...]:
    """Check that ``tiles`` holds each of 0..rows*cols-1 exactly once."""
    size = rows * cols
    if type(tiles) in (tuple, list) and len(tiles) == size and set(map(type, tiles)) == {int} \
            and sorted(tiles) == list(range(size)):
        return tuple(tiles)  # the commonest case, a tuple or list of plain ints, checked at once (the test below)
    if not _is_ordered(tiles):
        raise TypeError(f"tiles must be a list or tuple of whole numbers, got {type(tiles).__name__}: "
                        f"{_short(tiles)}")
    tiles = tuple(tiles)
    if len(tiles) == size and all(type(t) is int for t in tiles) and sorted(tiles) == list(range(size)):
        return tiles  # the common case, checked quickly; the slow path below explains errors
    if len(tiles) != size:
        raise ValueError(f"a {rows} x {cols} board needs {size} tiles, got {len(tiles)}")
    tiles = tuple(whole_number(t, f"tile {short_repr(t)}") for t in tiles)
    if len(tiles) != size:
        raise ValueError(f"a {rows} x {cols} board needs {size} tiles, got {len(tiles)}")
    out_of_range = sorted({t for t in tiles if not 0 <= t < size})
    if out_of_range:
        raise ValueError(
            f"tiles must be 0..{size - 1} on a {rows} x {cols} board (0 is the blank); "
            f"out of range: {_few(out_of_range)}"
        )
    seen: set[int] = set()
    duplicates = sorted({t for t in tiles if t in seen or seen.add(t)})
    if duplicates:
        missing = sorted(set(range(size)) - set(tiles))
        raise ValueError(f"duplicate tiles {_few(duplicates)}; missing {_few(missing)}")
    return tiles


class Board:
    """An immutable, hashable m x n sliding-puzzle board.

    Build it from a list of rows; 0 is the blank:

    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> b.rows, b.cols, b.blank
    (2, 3, (1, 1))
    >>> b.tiles
    (1, 2, 3, 4, 0, 5)
    >>> print(b)
    1 2 3
    4 . 5
    >>> b.slide(5) == Board.goal(2, 3)
    True
    """

    __slots__ = ("_rows", "_cols", "_tiles", "_hash", "_checked")
    # _checked is set (True) on a board whose tiles are known to be valid: one from Board(...),
    # from_tiles, goal or spiral, one the library made for its answers, or one as_board has checked.
    # Board.unchecked leaves it unset, so such a board is checked once when it reaches a public function.

    def __init__(self, grid: Iterable[Iterable[int]]):
        if isinstance(grid, Board):
            grid = as_board(grid).grid
        if not _is_ordered(grid):
            raise TypeError(f"a board is a list of rows (lists of tiles), got {type(grid).__name__}")
        rows, cells = [], 0
        for i, row in enumerate(grid):
            if not _is_ordered(row):
                raise TypeError(f"row {i} must be a list of tiles, got {type(row).__name__}: {_short(row)}")
            try:
                cells += len(row)          # measured before the row is copied: range(10**12) is never built
            except (OverflowError, TypeError):
                cells = MAX_BOARD_CELLS + 1
            if cells > MAX_BOARD_CELLS or i >= MAX_BOARD_CELLS:
                raise ValueError(f"a board of more than {MAX_BOARD_CELLS:,} cells (1000 x 1000) is not supported")
            rows.append(list(row))
        widths = [len(r) for r in rows]
        if len(set(widths)) > 1:
            shown = str(widths) if len(widths) <= 12 else str(widths[:12])[:-1] + ", ...]"
            raise ValueError(f"ragged rows: every row must have the same length, got lengths {shown}")
        if not rows or not rows[0]:
            raise ValueError("a board needs at least one row and one column; got an empty board")
        n_rows, n_cols = len(rows), widths[0]
        tiles = _check_tiles([t for r in rows for t in r], n_rows, n_cols)
        self._init(n_rows, n_cols, tiles)
        object.__setattr__(self, "_checked", True)

    def _init(self, rows: int, cols: int, tiles: tuple[int, ...]) -> None:
        # object.__setattr__, not our own __setattr__ (which refuses changes): the engines make
        # hundreds of thousands of boards, and the guard's hasattr would triple the cost of each.
        setattr_ = object.__setattr__
        setattr_(self, "_rows", rows)
        setattr_(self, "_cols", cols)
        setattr_(self, "_tiles", tiles)
        setattr_(self, "_hash", hash((rows, cols, tiles)))

    @classmethod
    def unchecked(cls, rows: int, cols: int, tiles: tuple[int, ...]) -> "Board":
        """Build a board from tiles already known to be valid, with no checks: for the engines' inner loops.

        The search engines make millions of boards from tile tuples they
        produced themselves, so checking each one again would only cost
        time. Anything else (a student's list, a file) goes through
        ``Board(...)`` or :meth:`from_tiles`, which check. A board made
        here is checked once, when it is first passed to a public function:
        wrong tiles are refused there with a ValueError.

        >>> Board.unchecked(2, 2, (1, 2, 3, 0)) == Board.goal(2, 2)
        True
        >>> from puzzlelib import is_solvable
        >>> is_solvable(Board.unchecked(2, 2, (1, 1, 0, 2)))
        Traceback (most recent call last):
        ...
        ValueError: board: not a valid board (Board.unchecked does no checks): duplicate tiles [1]; missing [3]
        """
        board = cls.__new__(cls)
        board._init(rows, cols, tiles)
        return board

    @classmethod
    def _trusted(cls, rows: int, cols: int, tiles: tuple[int, ...]) -> "Board":
        """:meth:`unchecked` for tiles the library made from a checked board, marked as checked.

        For the boards the library hands back (paths, layers, random boards), so
        they are not checked again when they are passed back in.
        """
        board = cls.__new__(cls)
        setattr_ = object.__setattr__                        # _init written out: one call less a board
        setattr_(board, "_rows", rows)
        setattr_(board, "_cols", cols)
        setattr_(board, "_tiles", tiles)
        setattr_(board, "_hash", hash((rows, cols, tiles)))
        setattr_(board, "_checked", True)
        return board

    @classmethod
    def from_tiles(cls, tiles: Sequence[int], rows: int, cols: int) -> "Board":
        """Build a board from a flat, row-major sequence of tiles.

        >>> Board.from_tiles((1, 2, 3, 0), 2, 2)
        Board([[1, 2], [3, 0]])
        """
        rows, cols = check_shape(rows, cols)
        return cls._trusted(rows, cols, _check_tiles(tiles, rows, cols))

    @classmethod
    def goal(cls, rows: int, cols: int, blank: str = "last") -> "Board":
        """The usual goal: tiles 1..mn-1 in reading order, the blank last or first.

        >>> print(Board.goal(2, 3))
        1 2 3
        4 5 .
        >>> print(Board.goal(2, 3, blank="first"))
        . 1 2
        3 4 5
        """
        rows, cols = check_shape(rows, cols)
        if blank not in ("last", "first"):
            raise ValueError(f'blank must be "last" or "first", got {blank!r}')
        return _goal(rows, cols, blank)

    @classmethod
    def spiral(cls, rows: int, cols: int) -> "Board":
        """The spiral goal: 1, 2, 3, ... clockwise from the top-left, blank at the end.

        >>> print(Board.spiral(4, 4))
         1  2  3  4
        12 13 14  5
        11  . 15  6
        10  9  8  7
        """
        rows, cols = check_shape(rows, cols)
        cells = []
        top, bottom, left, right = 0, rows - 1, 0, cols - 1
        while top <= bottom and left <= right:
            cells += [(top, c) for c in range(left, right + 1)]
            cells += [(r, right) for r in range(top + 1, bottom + 1)]
            if top < bottom:
                cells += [(bottom, c) for c in range(right - 1, left - 1, -1)]
            if left < right:
                cells += [(r, left) for r in range(bottom - 1, top, -1)]
            top, bottom, left, right = top + 1, bottom - 1, left + 1, right - 1
        tiles = [0] * (rows * cols)
        for number, (r, c) in enumerate(cells, start=1):
            tiles[r * cols + c] = number % (rows * cols)
        return cls._trusted(rows, cols, tuple(tiles))

    # --- properties ---------------------------------------------------------
    @property
    def rows(self) -> int:
        """Number of rows (m)."""
        return self._rows

    @property
    def cols(self) -> int:
        """Number of columns (n), also called the width."""
        return self._cols

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``.

        >>> Board.goal(3, 4).shape
        (3, 4)
        """
        return self._rows, self._cols

    @property
    def tiles(self) -> tuple[int, ...]:
        """The tiles as a flat tuple in reading (row-major) order."""
        return self._tiles

    @property
    def grid(self) -> list[list[int]]:
        """The tiles as a list of rows (a fresh list each time).

        >>> Board.goal(2, 2).grid
        [[1, 2], [3, 0]]
        """
        c = self._cols
        return [list(self._tiles[r * c:(r + 1) * c]) for r in range(self._rows)]

    @property
    def blank_index(self) -> int:
        """Index of the blank in :attr:`tiles`."""
        return self._tiles.index(BLANK)

    @property
    def blank(self) -> tuple[int, int]:
        """The blank's ``(row, col)``, counted from the top-left, from 0."""
        return divmod(self.blank_index, self._cols)

    def position(self, tile: int) -> tuple[int, int]:
        """The ``(row, col)`` of ``tile``.

        >>> Board([[1, 2, 3], [4, 0, 5]]).position(5)
        (1, 2)
        """
        tile = whole_number(tile, "tile")
        if not 0 <= tile < len(self._tiles):
            raise ValueError(f"a tile of a {self._rows} x {self._cols} board is 0 to {len(self._tiles) - 1}, "
                             f"got {number_text(tile, commas=False)}")
        return divmod(self._tiles.index(tile), self._cols)

    # --- moves --------------------------------------------------------------
    def movable_tiles(self) -> list[int]:
        """The tiles next to the blank, which are the ones that can slide.

        >>> Board([[1, 2, 3], [4, 0, 5]]).movable_tiles()
        [2, 4, 5]
        """
        return [self._tiles[j] for j in _neighbors(self.blank_index, self._rows, self._cols)]

    def neighbors(self) -> list["Board"]:
        """Every board one move away, in the order up, down, left, right of the blank.

        >>> [b.blank for b in Board.goal(2, 3).neighbors()]
        [(0, 2), (1, 1)]
        """
        i = self.blank_index
        make = Board._trusted if getattr(self, "_checked", False) else Board.unchecked   # a move keeps a board valid
        out = []
        for j in _neighbors(i, self._rows, self._cols):     # the board's own shape: checked when it was made
            t = list(self._tiles)
            t[i], t[j] = t[j], t[i]
            out.append(make(self._rows, self._cols, tuple(t)))
        return out

    def slide(self, tile: int) -> "Board":
        """Slide ``tile`` into the blank and return the new board.

        >>> print(Board([[1, 2, 3], [4, 0, 5]]).slide(2))
        1 . 3
        4 2 5
        >>> Board([[1, 2, 3], [4, 0, 5]]).slide(1)
        Traceback (most recent call last):
        ...
        ValueError: tile 1 at (0, 0) is not next to the blank at (1, 1); movable tiles: [2, 4, 5]
        """
        r, c = self.position(tile)
        if tile == BLANK:
            raise ValueError("the blank cannot slide into itself; name a tile next to it")
        br, bc = self.blank
        if _taxicab(r * self._cols + c, br * self._cols + bc, self._cols) != 1:
            raise ValueError(
                f"tile {tile} at {(r, c)} is not next to the blank at {(br, bc)}; "
                f"movable tiles: {self.movable_tiles()}"
            )
        i, j = br * self._cols + bc, r * self._cols + c
        t = list(self._tiles)
        t[i], t[j] = t[j], t[i]
        if getattr(self, "_checked", False):                 # a move keeps a valid board valid
            return Board._trusted(self._rows, self._cols, tuple(t))
        return Board.unchecked(self._rows, self._cols, tuple(t))

    # --- value semantics ----------------------------------------------------
    def __eq__(self, other) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._rows == other._rows and self._cols == other._cols and self._tiles == other._tiles

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: "Board") -> bool:
        """Boards order by shape, then tiles, so sorted() is deterministic."""
        if not isinstance(other, Board):
            return NotImplemented
        return (self._rows, self._cols, self._tiles) < (other._rows, other._cols, other._tiles)

    def __setattr__(self, name, value):
        if name in Board.__slots__ and not hasattr(self, "_hash"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError("Board is immutable; slide() returns a new board")

    def __reduce__(self):
        return (Board, (self.grid,))

    # --- display ------------------------------------------------------------
    def __repr__(self) -> str:
        """``Board([[...], ...])``, which rebuilds the board; over :data:`DISPLAY_MAX_CELLS` cells, its shape and
        top-left corner (a 1000 x 1000 board's whole repr is 7.9 MB).

        >>> Board.goal(1000, 1000)
        <Board 1000 x 1000: [[1, 2, 3, 4, 5, 6, 7, 8, ...], [1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, ...], [2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, ...], ...] ... (1,000,000 tiles)>
        """
        if len(self._tiles) <= DISPLAY_MAX_CELLS:
            return f"Board({self.grid})"
        corner = self._corner(3)
        rows = ", ".join(str(row)[:-1] + (", ...]" if len(row) < self._cols else "]") for row in corner)
        more = ", ...]" if len(corner) < self._rows else "]"
        return f"<Board {self._rows} x {self._cols}: [{rows}{more} ... ({len(self._tiles):,} tiles)>"

    def _corner(self, rows: int) -> list[list[int]]:
        """The top-left ``rows`` x :data:`DISPLAY_CORNER` tiles (fewer on a smaller board), as a list of rows."""
        c, width = self._cols, min(DISPLAY_CORNER, self._cols)
        return [list(self._tiles[r * c:r * c + width]) for r in range(min(rows, self._rows))]

    def __str__(self) -> str:
        w = len(str(len(self._tiles) - 1))
        return "\n".join(" ".join(("." if t == BLANK else str(t)).rjust(w) for t in row) for row in self.grid)

    def _repr_html_(self) -> str:
        """A table of the tiles; over :data:`DISPLAY_MAX_CELLS` cells, its top-left corner and its size (a
        1000 x 1000 board's whole table is 154 MB, enough to hang a notebook's page)."""
        small = len(self._tiles) <= DISPLAY_MAX_CELLS
        shown = self.grid if small else self._corner(DISPLAY_CORNER)
        cells = []
        for row in shown:
            tds = []
            for t in row:
                if t == BLANK:
                    tds.append('<td style="width:2.2em;height:2.2em;border:1px solid #999;'
                               f'background:{palette.BLANK}"></td>')
                else:
                    tds.append('<td style="width:2.2em;height:2.2em;border:1px solid #555;'
                               f'background:{palette.TILE};color:{palette.TILE_TEXT};text-align:center;font-weight:bold;'
                               f'font-size:1.1em">{html.escape(str(t))}</td>')
            cells.append("<tr>" + "".join(tds) + ("<td>&hellip;</td>" if len(row) < self._cols else "") + "</tr>")
        table = ('<table style="border-collapse:collapse;display:inline-table" '
                 f'title="{self._rows} x {self._cols} board">' + "".join(cells) + "</table>")
        return table if small else (f"<div>{table}<div>the top-left corner of a {self._rows} x {self._cols} board "
                                    f"&hellip; ({len(self._tiles):,} tiles)</div></div>")


DISPLAY_MAX_CELLS = 400
"""A board of up to 400 cells (20 x 20) shows every tile in its repr and notebook view; a bigger one, its corner."""
DISPLAY_CORNER = 8
"""The columns (and, in a notebook, rows) of a big board's corner that its repr and notebook view show."""


@memo(items=64)
def _goal(rows: int, cols: int, blank: str) -> Board:
    """The goal boards, made once each: boards are immutable, so sharing them is safe."""
    size = rows * cols
    tiles = tuple(range(1, size)) + (BLANK,) if blank == "last" else tuple(range(size))
    return Board._trusted(rows, cols, tiles)


def _taxicab(a: int, b: int, cols: int) -> int:
    """The rule of :func:`cell_distance`, unchecked, for the loops that call it per tile (its one home)."""
    return abs(a // cols - b // cols) + abs(a % cols - b % cols)


def _cell_distance_args(args: dict) -> None:
    a, b, cols = args["a"], args["b"], args["cols"]
    if type(a) is int and type(b) is int and type(cols) is int and 0 < cols <= MAX_BOARD_CELLS \
            and 0 <= a < MAX_BOARD_CELLS and 0 <= b < MAX_BOARD_CELLS:
        return                                          # the common case, checked in one line
    args["cols"] = whole_number(cols, "cols", minimum=1, maximum=MAX_BOARD_CELLS)
    args["a"] = whole_number(a, "a", minimum=0, maximum=MAX_BOARD_CELLS - 1)
    args["b"] = whole_number(b, "b", minimum=0, maximum=MAX_BOARD_CELLS - 1)


@door(_cell_distance_args)
def cell_distance(a: int, b: int, cols: int) -> int:
    """Taxicab distance between cells ``a`` and ``b`` (flat indices) of a board ``cols`` wide: rows apart
    plus columns apart. The one home of this rule: Manhattan distance, the blank's distance in the
    parity rule and "next to" (distance 1) all use it (the compiled engine keeps a twin, tested equal).

    >>> cell_distance(0, 5, 3), cell_distance(4, 4, 3), cell_distance(1, 2, 3)   # (0,0)-(1,2), same, next to
    (3, 0, 1)
    >>> cell_distance(1, 2, 0)
    Traceback (most recent call last):
    ...
    ValueError: cols must be at least 1, got 0
    """
    return _taxicab(a, b, cols)


def neighbor_cells(index: int, rows: int, cols: int) -> list[int]:
    """Flat indices of the cells next to ``index``: up, down, left, right.

    On a 2 x 3 board this is the ``MOVES`` table of a Russian lecture note on the 2 x 3 puzzle:

    >>> [neighbor_cells(i, 2, 3) for i in range(6)]
    [[3, 1], [4, 0, 2], [5, 1], [0, 4], [1, 3, 5], [2, 4]]
    """
    rows, cols = check_shape(rows, cols)
    index = whole_number(index, "index")
    if not 0 <= index < rows * cols:
        raise ValueError(f"cell {index} is not on a {rows} x {cols} board (cells 0..{rows * cols - 1})")
    return _neighbors(index, rows, cols)


def _neighbors(index: int, rows: int, cols: int) -> list[int]:
    """:func:`neighbor_cells` without the checks, for callers that checked the shape once."""
    r, c = divmod(index, cols)
    out = []
    if r > 0:
        out.append(index - cols)
    if r < rows - 1:
        out.append(index + cols)
    if c > 0:
        out.append(index - 1)
    if c < cols - 1:
        out.append(index + 1)
    return out


@memo(items=64)
def neighbor_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For every cell, the cells next to it (up, down, left, right): made once per shape.

    Every search looks up the blank's neighbours here, so the rule of which
    cells touch is written once (:func:`neighbor_cells`).

    >>> neighbor_table(2, 3)
    ((3, 1), (4, 0, 2), (5, 1), (0, 4), (1, 3, 5), (2, 4))
    """
    rows, cols = check_shape(rows, cols)
    return tuple(tuple(_neighbors(i, rows, cols)) for i in range(rows * cols))   # the shape is checked once


@memo(items=64)
def neighbor_array(rows: int, cols: int):
    """:func:`neighbor_table` as a read-only ``(cells, 4)`` numpy array, padded with -1.

    >>> neighbor_array(1, 3).tolist()
    [[1, -1, -1, -1], [0, 2, -1, -1], [1, -1, -1, -1]]
    """
    import numpy as np

    table = neighbor_table(rows, cols)
    out = np.full((len(table), 4), -1, dtype=np.int64)
    for i, cells in enumerate(table):
        out[i, :len(cells)] = cells
    out.flags.writeable = False
    return out


def successors(tiles: tuple, table) -> Iterator[tuple]:
    """Every tile tuple one move away from ``tiles``, given the shape's :func:`neighbor_table`.

    This is the move rule on plain tuples, the form the searches store.

    >>> list(successors((1, 2, 3, 4, 0, 5), neighbor_table(2, 3)))
    [(1, 0, 3, 4, 2, 5), (1, 2, 3, 0, 4, 5), (1, 2, 3, 4, 5, 0)]
    """
    i = tiles.index(BLANK)
    for j in table[i]:
        t = list(tiles)
        t[i], t[j] = t[j], BLANK
        yield tuple(t)


def moves_table(rows: int, cols: int) -> list[list[int]]:
    """For every cell, the sorted cells the blank can move to (the lecture note's ``MOVES``).

    >>> moves_table(2, 3)
    [[1, 3], [0, 2, 4], [1, 5], [0, 4], [1, 3, 5], [2, 4]]
    """
    return [sorted(cells) for cells in neighbor_table(rows, cols)]


def as_board(value, what: str = "board") -> Board:
    """Accept a Board or a list of rows and return a Board.

    This is the check every public function makes on a board it is given.
    A Board from the checked constructors passes at once; one from
    :meth:`Board.unchecked` (or a subclass) has its shape and tiles checked,
    once, and a wrong one is refused:

    >>> as_board([[1, 0]])
    Board([[1, 0]])
    >>> as_board(Board.unchecked(2, 2, (1, 2, 3, 7)))
    Traceback (most recent call last):
    ...
    ValueError: board: not a valid board (Board.unchecked does no checks): tiles must be 0..3 on a 2 x 2 board (0 is the blank); out of range: [7]
    """
    if type(value) is Board:
        try:
            if value._checked:
                return value
        except AttributeError:                  # the slot is unset: made by Board.unchecked
            pass
        return _recheck(value, what)
    if isinstance(value, Board):
        return _recheck(value, what)
    try:
        return Board(value)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{what}: {err}") from None


def _recheck(board: Board, what: str) -> Board:
    """Check a Board that was not made by a checked constructor; return it (marked) or a plain copy.

    The shape and tiles are read from Board's own slots, whatever a subclass says, and must be
    plain ints; a board with anything else (a tuple subclass, numpy ints) is rebuilt as a plain Board
    from its checked values. A subclass comes back as a plain Board, so no method of it runs later.
    """
    try:
        rows, cols, tiles = Board._rows.__get__(board), Board._cols.__get__(board), Board._tiles.__get__(board)
    except AttributeError:
        raise TypeError(f"{what}: a Board without its tiles (made with Board.__new__?); "
                        "build one with Board([[...], ...]) or Board.from_tiles") from None
    if (type(rows) is int and type(cols) is int and type(tiles) is tuple and rows >= 1 and cols >= 1
            and len(tiles) == rows * cols <= MAX_BOARD_CELLS and all(type(t) is int for t in tiles)
            and sorted(tiles) == list(range(rows * cols))):
        if type(board) is Board:
            object.__setattr__(board, "_checked", True)
            return board
        return Board._trusted(rows, cols, tiles)
    try:
        rows, cols = check_shape(rows, cols)
        if isinstance(tiles, tuple):            # a tuple subclass: its real items, not what its methods say
            tiles = tuple(tuple.__iter__(tiles))
        tiles = _check_tiles(tiles, rows, cols)
    except (TypeError, ValueError) as err:
        raise type(err)(f"{what}: not a valid board (Board.unchecked does no checks): {err}"[:590]) from None
    return Board._trusted(rows, cols, tiles)


def same_shape(start: Board, goal: Board) -> None:
    """Raise ValueError if two boards differ in shape.

    >>> same_shape(Board.goal(2, 3), Board.goal(3, 2))
    Traceback (most recent call last):
    ...
    ValueError: the goal is 3 x 2 but the start is 2 x 3; they must have the same shape
    """
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    if start.shape != goal.shape:
        raise ValueError(
            f"the goal is {goal.rows} x {goal.cols} but the start is {start.rows} x {start.cols}; "
            "they must have the same shape"
        )


def resolve_goal(goal, shape: tuple[int, int]) -> Board:
    """The goal for a board of ``shape``: the blank-last goal when ``goal`` is None, else ``goal`` checked.

    Every function that takes an optional goal calls this, so a missing goal
    means the same thing everywhere and a goal of the wrong shape gets the
    same message.

    >>> resolve_goal(None, (2, 3))
    Board([[1, 2, 3], [4, 5, 0]])
    >>> resolve_goal(7, (2, 3))                      # random_solvable(2, 3, 7): a seed in the goal's place
    Traceback (most recent call last):
    ...
    TypeError: goal must be a board, got the number 7: a seed, a count of moves or a limit goes in by name (seed=..., max_nodes=...)
    >>> resolve_goal([[1, 2], [3, 0]], (2, 3))
    Traceback (most recent call last):
    ...
    ValueError: the goal is 2 x 2 but the board is 2 x 3; they must have the same shape
    """
    rows, cols = check_shape(*shape)
    if goal is None:
        return Board.goal(rows, cols)
    if callable(goal) and not isinstance(goal, Board):     # ida_star(board, manhattan): the goal's place
        raise TypeError(f"goal must be a board, got the function {getattr(goal, '__name__', 'given')}: "
                        "a heuristic goes in by name, heuristic=...")
    if isinstance(goal, numbers.Integral) and not isinstance(goal, bool):
        raise TypeError(f"goal must be a board, got the number {short_repr(goal)}: a seed, a count of moves "
                        "or a limit goes in by name (seed=..., max_nodes=...)")
    goal = as_board(goal, "goal")
    if goal.shape != (rows, cols):
        raise ValueError(f"the goal is {goal.rows} x {goal.cols} but the board is {rows} x {cols}; "
                         "they must have the same shape")
    return goal


def board_and_goal(board, goal, what: str = "board") -> tuple[Board, Board]:
    """``board`` checked, and its goal from :func:`resolve_goal`.

    >>> board_and_goal([[1, 0]], None)
    (Board([[1, 0]]), Board([[1, 0]]))
    """
    board = as_board(board, what)
    return board, resolve_goal(goal, board.shape)


def board_arg(name: str = "board"):
    """A :func:`~puzzlelib.core.door.door` that checks the argument ``name`` as a board (:func:`as_board`).

    >>> board_arg()({"board": [[1, 0]]}) is None
    True
    """
    def prepare(args: dict) -> None:
        args[name] = as_board(args[name], name)
    return prepare


def board_goal_args(name: str = "board"):
    """A :func:`~puzzlelib.core.door.door` that checks the argument ``name`` and ``goal`` (:func:`board_and_goal`).

    >>> args = {"start": [[1, 0]], "goal": None}
    >>> board_goal_args("start")(args); args["goal"]
    Board([[1, 0]])
    """
    def prepare(args: dict) -> None:
        args[name], args["goal"] = board_and_goal(args[name], args["goal"], name)
    return prepare
