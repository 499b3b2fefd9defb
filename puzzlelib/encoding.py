"""Two ways to turn a board into one integer, and back.

* ``to_key`` / ``from_key``: read the tiles as the digits of a base-(mn)
  number (seed 000 uses base 6 for the 2 x 3 board). Easy to compute, and
  every board gets its own key, but most keys in ``0 .. (mn)**(mn) - 1`` are
  not boards at all (they repeat a digit).
* ``rank`` / ``unrank``: the Lehmer code (also called the Cantor expansion),
  as in seed 002's Java program. The (mn)! boards get exactly the ranks
  ``0 .. (mn)! - 1``, with no gaps, so a rank can index an array.
"""

from __future__ import annotations

from math import factorial

from .board import Board, _check_int, as_board, check_shape


def to_key(board) -> int:
    """The tiles read row by row as the digits of a base-(mn) number.

    >>> to_key(Board([[1, 2, 3], [4, 0, 5]]))  # 123405 in base 6
    11165
    >>> to_key(Board.goal(2, 3))  # 123450 in base 6
    11190
    """
    board = as_board(board)
    base = board.rows * board.cols
    key = 0
    for tile in board.tiles:
        key = key * base + tile
    return key


def key_digits(key: int, rows: int, cols: int) -> tuple[int, ...]:
    """The mn base-(mn) digits of ``key``, most significant first (no board checks).

    >>> key_digits(11165, 2, 3)
    (1, 2, 3, 4, 0, 5)
    >>> key_digits(0, 2, 3)
    (0, 0, 0, 0, 0, 0)
    """
    rows, cols = check_shape(rows, cols)
    key = _check_int(key, "key")
    base = rows * cols
    if not 0 <= key < base ** base:
        raise ValueError(f"a {rows} x {cols} key lies in 0..{base ** base - 1}, got {key}")
    digits = []
    for _ in range(base):
        key, d = divmod(key, base)
        digits.append(d)
    return tuple(reversed(digits))


def from_key(key: int, rows: int, cols: int) -> Board:
    """The board whose base-(mn) key is ``key``.

    >>> print(from_key(11165, 2, 3))
    1 2 3
    4 . 5

    Keys whose digits repeat are not boards:

    >>> from_key(0, 2, 3)
    Traceback (most recent call last):
    ...
    ValueError: key 0 is not a 2 x 3 board: duplicate tiles [0]; missing [1, 2, 3, 4, 5]
    """
    digits = key_digits(key, rows, cols)
    try:
        return Board.from_tiles(digits, rows, cols)
    except ValueError as err:
        raise ValueError(f"key {key} is not a {rows} x {cols} board: {err}") from None


def rank(board) -> int:
    """The Lehmer rank of the tiles: the board's place in lexicographic order.

    >>> rank(Board([[0, 1, 2], [3, 4, 5]]))
    0
    >>> rank(Board([[5, 4, 3], [2, 1, 0]]))
    719
    >>> rank(Board.goal(2, 3))
    153
    """
    board = as_board(board)
    return rank_tiles(board.tiles)


def rank_tiles(tiles) -> int:
    """Lehmer rank of a permutation of ``0..k-1`` given as a sequence (no checks).

    For each position, count the later tiles that are smaller; that count is a
    digit in the factorial number system.

    >>> rank_tiles((1, 0, 2))
    2
    """
    k = len(tiles)
    r = 0
    for i, t in enumerate(tiles):
        smaller_after = sum(1 for u in tiles[i + 1:] if u < t)
        r += smaller_after * factorial(k - 1 - i)
    return r


def unrank(r: int, rows: int, cols: int) -> Board:
    """The board with Lehmer rank ``r``; the inverse of :func:`rank`.

    >>> print(unrank(153, 2, 3))
    1 2 3
    4 5 .
    >>> unrank(720, 2, 3)
    Traceback (most recent call last):
    ...
    ValueError: a 2 x 3 rank lies in 0..719, got 720
    """
    rows, cols = check_shape(rows, cols)
    r = _check_int(r, "rank")
    k = rows * cols
    if not 0 <= r < factorial(k):
        raise ValueError(f"a {rows} x {cols} rank lies in 0..{factorial(k) - 1}, got {r}")
    return Board._trusted(rows, cols, unrank_tiles(r, k))


def unrank_tiles(r: int, k: int) -> tuple[int, ...]:
    """The permutation of ``0..k-1`` with Lehmer rank ``r`` (no checks).

    >>> unrank_tiles(2, 3)
    (1, 0, 2)
    """
    unused = list(range(k))
    out = []
    for i in range(k - 1, -1, -1):
        digit, r = divmod(r, factorial(i))
        out.append(unused.pop(digit))
    return tuple(out)
