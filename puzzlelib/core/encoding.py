"""Two ways to turn a board into one integer, and back.

* ``to_key`` / ``from_key``: read the tiles as the digits of a base-(mn)
  number (a Russian lecture note uses base 6 for the 2 x 3 board). Easy to compute, and
  every board gets its own key, but most keys in ``0 .. (mn)**(mn) - 1`` are
  not boards at all (they repeat a digit).
* ``rank`` / ``unrank``: the Lehmer code (also called the Cantor expansion),
  as in the Java program of a Chinese article on the m x n puzzle. The (mn)! boards get exactly the ranks
  ``0 .. (mn)! - 1``, with no gaps, so a rank can index an array.
"""

from __future__ import annotations

from math import factorial

import numpy as np

from puzzlelib.core.errors import number_text, whole_number
from puzzlelib.core.board import Board, as_board, check_shape
from puzzlelib.core.door import door
from puzzlelib.core.limits import TooLargeError, as_array, format_bytes, log10_factorial, refuse_over_budget

__all__ = ["MAX_ENCODE_CELLS", "to_key", "key_digits", "from_key", "rank", "rank_tiles", "unrank",
           "unrank_tiles", "all_permutations", "permutation_rows", "key_rows", "rank_rows", "unrank_rows"]


MAX_ENCODE_CELLS = 1024
"""Keys and ranks are made for boards of up to 1,024 cells (32 x 32): a key of about 3,000 digits."""


def _encodable(rows, cols) -> tuple[int, int]:
    rows, cols = check_shape(rows, cols)
    if rows * cols > MAX_ENCODE_CELLS:
        raise TooLargeError(f"keys and ranks of a {rows} x {cols} board would have thousands of digits; "
                            f"they are made for boards of up to {MAX_ENCODE_CELLS:,} cells")
    return rows, cols


def _number(n: int) -> str:
    """An integer for a message (:func:`~puzzlelib.core.errors.number_text`, without thousands separators)."""
    return number_text(n, commas=False)


def _key_args(args: dict) -> None:
    args["board"] = as_board(args["board"])
    _encodable(args["board"].rows, args["board"].cols)


@door(_key_args)
def to_key(board) -> int:
    """The tiles read row by row as the digits of a base-(mn) number.

    >>> to_key(Board([[1, 2, 3], [4, 0, 5]]))  # 123405 in base 6
    11165
    >>> to_key(Board.goal(2, 3))  # 123450 in base 6
    11190
    """
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
    rows, cols = _encodable(rows, cols)
    key = whole_number(key, "key")
    base = rows * cols
    if not 0 <= key < base ** base:
        raise ValueError(f"a {rows} x {cols} key lies in 0..{_number(base ** base - 1)}, got {_number(key)}")
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
        raise ValueError(f"key {_number(key)} is not a {rows} x {cols} board: {err}") from None


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
    _encodable(board.rows, board.cols)
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
    rows, cols = _encodable(rows, cols)
    r = whole_number(r, "rank")
    k = rows * cols
    if not 0 <= r < factorial(k):
        raise ValueError(f"a {rows} x {cols} rank lies in 0..{_number(factorial(k) - 1)}, got {_number(r)}")
    return Board._trusted(rows, cols, unrank_tiles(r, k))


def _unrank_args(args: dict) -> None:
    r, k = args["r"], args["k"]
    if type(k) is not int or type(r) is not int or not 0 <= k <= MAX_ENCODE_CELLS:
        raise TypeError(f"unrank_tiles takes a whole-number rank and a length 0..{MAX_ENCODE_CELLS}, "
                        f"got {r!r:.40}, {k!r:.40}")
    if not 0 <= r < factorial(k):
        raise ValueError(f"a rank of a permutation of {k} values lies in 0..{_number(factorial(k) - 1)}")


@door(_unrank_args)
def unrank_tiles(r: int, k: int) -> tuple[int, ...]:
    """The permutation of ``0..k-1`` with Lehmer rank ``r``.

    >>> unrank_tiles(2, 3)
    (1, 0, 2)
    """
    unused = list(range(k))
    out = []
    for i in range(k - 1, -1, -1):
        digit, r = divmod(r, factorial(i))
        out.append(unused.pop(digit))
    return tuple(out)


# --- every permutation at once, as numpy arrays ---------------------------------

def all_permutations(k: int) -> np.ndarray:
    """Every permutation of 0..k-1, one per row, in rank (lexicographic) order.

    Built from the permutations of k-1 items: put each first item ``f`` in
    front and shift the values ``>= f`` of the rest up by one.

    >>> all_permutations(3).tolist()
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    """
    k = whole_number(k, "k")
    if k < 0:
        raise ValueError(f"k must be 0 or more, got {k}")
    if k > 20:
        count = f"about 10^{log10_factorial(k):,.0f}" if k <= 10**300 else "more than 10^(10^300)"
        raise TooLargeError(f"there are {count} permutations of {number_text(k)} values; "
                            "all_permutations lists them for k up to 12 at the most")
    refuse_over_budget(2 * k * factorial(k), f"all {factorial(k):,} permutations of {k} values take "
                       f"{format_bytes(2 * k * factorial(k))} as an int8 array while they are built")
    perms = np.zeros((1, 0), dtype=np.int8)
    for size in range(1, k + 1):
        blocks = []
        for first in range(size):
            rest = perms + (perms >= first)
            head = np.full((len(perms), 1), first, dtype=np.int8)
            blocks.append(np.hstack([head, rest.astype(np.int8)]))
        perms = np.vstack(blocks)
    return perms


def _rows_hold_every_value(array: np.ndarray, k: int) -> bool:
    """Whether each row of ``array`` (k values, each already known to be in 0..k-1) holds every one of
    0..k-1, so is a permutation: a bit per value, set column by column (no sort: ten times quicker)."""
    seen = np.zeros(len(array), dtype=np.int32)
    for j in range(k):
        seen |= np.left_shift(1, array[:, j].astype(np.int32))
    return bool((seen == (1 << k) - 1).all())


def permutation_rows(perms, what: str = "perms") -> np.ndarray:
    """``perms`` checked as a 2-D integer array whose every row is a permutation of ``0..k-1`` (k <= 20).

    >>> permutation_rows([[1, 0], [0, 1]]).dtype
    dtype('int8')
    >>> permutation_rows([[1, 1]])
    Traceback (most recent call last):
    ...
    ValueError: every row of perms must be a permutation of 0..1; row 0 is [1, 1]
    """
    if isinstance(perms, (str, bytes)) or perms is None:
        raise TypeError(f"{what} must be a 2-D array of permutations, got {type(perms).__name__}")
    try:
        array = as_array(perms, what)              # one too big for memory is a TooLargeError, at once
    except TooLargeError:
        raise
    except (ValueError, TypeError) as err:
        raise TypeError(f"{what} must be a 2-D array of permutations: {err}") from None
    if array.ndim != 2 or array.shape[1] == 0:
        raise ValueError(f"{what} must be a 2-D array with one permutation per row, got shape {array.shape}")
    if array.dtype == bool or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{what} must hold whole numbers, got dtype {array.dtype}")
    k = array.shape[1]
    if k > 20:
        raise ValueError(f"{what}: rows of more than 20 values are not ranked here (20! is the int64 limit)")
    if len(array) and (array.min() < 0 or array.max() >= k or not _rows_hold_every_value(array, k)):
        bad = int(np.flatnonzero(~(np.sort(array, axis=1) == np.arange(k)).all(axis=1))[0]) \
            if array.min() >= 0 and array.max() < k else int(np.flatnonzero(((array < 0) | (array >= k)).any(axis=1))[0])
        raise ValueError(f"every row of {what} must be a permutation of 0..{k - 1}; row {bad} is {array[bad].tolist()}")
    return array.astype(np.int8, copy=False)


def key_rows(perms) -> np.ndarray:
    """The base-k key of every row of a 2-D array of permutations of ``0..k-1`` (k <= 15), as int64.

    Each row gets the number :func:`to_key` gives the board with those tiles, computed for all rows at
    once (notebook 01 keys 181,440 boards this way to measure a dict of keys).

    >>> key_rows([[1, 2, 3, 4, 0, 5], [1, 2, 3, 4, 5, 0]]).tolist()
    [11165, 11190]
    """
    perms = permutation_rows(perms)
    n, k = perms.shape
    if k > 15:
        raise ValueError(f"perms: keys of rows of {k} values may not fit in int64; use to_key one board at a time")
    keys = np.zeros(n, dtype=np.int64)
    for column in perms.T:
        keys = keys * k + column
    return keys


def _perms_arg(args: dict) -> None:
    args["perms"] = permutation_rows(args["perms"])


@door(_perms_arg)
def rank_rows(perms: np.ndarray) -> np.ndarray:
    """Lehmer rank of every row of a 2-D array of permutations.

    >>> rank_rows(all_permutations(4)).tolist() == list(range(24))
    True
    """
    n, k = perms.shape
    columns = [np.ascontiguousarray(perms[:, i]) for i in range(k)]
    ranks = np.zeros(n, dtype=np.int64)
    smaller_after = np.empty(n, dtype=np.int64)
    for i in range(k - 1):
        smaller_after[:] = 0
        for j in range(i + 1, k):
            smaller_after += columns[j] < columns[i]
        ranks += smaller_after * factorial(k - 1 - i)
    return ranks


def unrank_rows(ranks, k: int) -> np.ndarray:
    """The permutations of ``0..k-1`` with the given Lehmer ranks, one per row (int8).

    The inverse of :func:`~puzzlelib.core.encoding.rank_rows`. Split each rank into
    factorial-base digits, then build the permutation from the right: the
    digit says how many smaller values follow, so each new value pushes up
    the values to its right that are at least as large.

    >>> unrank_rows(np.array([0, 2, 5]), 3).tolist()
    [[0, 1, 2], [1, 0, 2], [2, 1, 0]]
    """
    k = whole_number(k, "k")
    if not 1 <= k <= 20:
        raise ValueError(f"k must be 1 to 20, got {k}")
    try:
        given = np.asarray(ranks)
    except (ValueError, TypeError, OverflowError) as err:
        raise TypeError(f"ranks must be whole numbers: {str(err)[:200]}") from None
    if given.dtype == object:            # Python ints (some perhaps too big for int64), each checked
        values = [whole_number(x, "a rank") for x in given.reshape(-1)]
        if values and (min(values) < 0 or max(values) >= factorial(k)):
            raise ValueError(f"ranks of permutations of {k} values lie in 0..{factorial(k) - 1}")
        given = np.array(values, dtype=np.int64)
    elif given.size and (given.dtype == bool or not np.issubdtype(given.dtype, np.integer)):
        raise TypeError(f"ranks must be whole numbers, got an array of {given.dtype}")   # 1.5 is not rank 1
    r = given.astype(np.int64).reshape(-1)
    if len(r) and (r.min() < 0 or r.max() >= factorial(k)):
        raise ValueError(f"ranks of permutations of {k} values lie in 0..{factorial(k) - 1}")
    perms = np.empty((len(r), k), dtype=np.int8)
    for i in range(k):
        digit, r = np.divmod(r, factorial(k - 1 - i))
        perms[:, i] = digit
    for i in range(k - 2, -1, -1):
        head = perms[:, i:i + 1]
        tail = perms[:, i + 1:]
        tail += tail >= head
    return perms
