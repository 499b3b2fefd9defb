"""Boards packed into 64-bit words, and one layer step of the frontier search on whole arrays of them.

A board is one 64-bit integer (a *word*): 4 bits per cell for the tiles (bits 4 and up, cell ``i`` at bit
``4 + 4i``), the blank's cell in the top 4 bits, and 4 *used-move* bits at the bottom (the moves that lead
back to the layer before). :func:`next_layer` expands a layer grouped by the blank's cell with a few
whole-array operations per group and direction, and :func:`merge_duplicates` merges the copies of a board
with their used-move bits ORed. :mod:`~puzzlelib.engines.frontier` runs the search with them.

>>> unpack(np.array([pack((1, 2, 0))], dtype=np.uint64), 1, 3).tolist()
[[1, 2, 0]]
"""

from __future__ import annotations

__all__ = ["BLANK_SHIFT", "MOVE_BITS", "blank_moves", "pack", "unpack", "as_words", "merge_duplicates", "next_layer"]

import numpy as np
from puzzlelib.core.board import BLANK, check_shape, neighbor_table
from puzzlelib.core.door import door
from puzzlelib.core.limits import (PACKED_MAX_CELLS, TooLargeError, as_array)


BLANK_SHIFT = 60


MOVE_BITS = 15                      # the low 4 bits: moves that lead back to the layer before


_U64 = np.uint64


def blank_moves(rows: int, cols: int) -> list[list[tuple[int, int, int]]]:
    """For each target cell ``j`` of the blank: (source cell b, direction d, opposite of d).

    Directions are 0 up, 1 down, 2 left, 3 right: the way the blank moves from ``b`` to ``j``.
    :func:`next_layer` reads this table.

    >>> blank_moves(1, 3)   # the blank reaches cell 0 only from cell 1, moving left
    [[(1, 2, 3)], [(0, 3, 2), (2, 2, 3)], [(1, 3, 2)]]
    >>> blank_moves(3, 1)   # one column: up and down
    [[(1, 0, 1)], [(0, 1, 0), (2, 0, 1)], [(1, 1, 0)]]

    The table is for boards packed into one word, up to ``PACKED_MAX_CELLS`` (14) cells; a bigger shape is
    refused at once, as :func:`unpack` refuses it.
    """
    rows, cols = check_shape(rows, cols)
    k = rows * cols
    if k > PACKED_MAX_CELLS:
        raise ValueError(f"blank_moves makes the table of the packed search, for boards of up to {PACKED_MAX_CELLS} "
                         f"cells; {rows:,} x {cols:,} has {k:,}")
    table = neighbor_table(rows, cols)
    out = []
    for j in range(k):
        sources = []
        for b in table[j]:
            # by rows and columns, not by j - b alone: on a board one column wide, -cols is -1
            (jr, jc), (br, bc) = divmod(j, cols), divmod(b, cols)
            d = {(-1, 0): 0, (1, 0): 1, (0, -1): 2, (0, 1): 3}[(jr - br, jc - bc)]
            sources.append((b, d, d ^ 1))
        out.append(sources)
    return out


def pack(tiles) -> int:
    """One board's tiles (a flat sequence, blank 0) as a packed word with no used-move bits.

    >>> hex(pack((1, 2, 3, 4, 5, 0)))
    '0x5000000000543210'
    >>> unpack(np.array([pack((1, 2, 3, 4, 5, 0))], dtype=np.uint64), 2, 3).tolist()
    [[1, 2, 3, 4, 5, 0]]
    """
    tiles = tuple(int(t) for t in tiles)
    if len(tiles) > PACKED_MAX_CELLS:
        raise ValueError(f"a packed word holds at most {PACKED_MAX_CELLS} cells, got {len(tiles)}")
    word = tiles.index(BLANK) << BLANK_SHIFT
    for i, t in enumerate(tiles):
        word |= t << (4 + 4 * i)
    return word


def unpack(words: np.ndarray, rows: int, cols: int) -> np.ndarray:
    """Packed words back to an ``(n, rows*cols)`` array of tiles (uint8), one board per row.

    >>> unpack(np.array([pack((2, 0, 1))], dtype=np.uint64), 1, 3).tolist()
    [[2, 0, 1]]
    """
    rows, cols = check_shape(rows, cols)
    if rows * cols > PACKED_MAX_CELLS:
        raise ValueError(f"a packed word holds at most {PACKED_MAX_CELLS} cells, got {rows} x {cols}")
    words = as_words(words)
    k = rows * cols
    out = np.empty((len(words), k), dtype=np.uint8)
    for i in range(k):
        out[:, i] = (words >> _U64(4 + 4 * i)) & _U64(15)
    return out


def as_words(words, what: str = "words") -> np.ndarray:
    """``words`` as a 1-d uint64 array, or a TypeError/ValueError that says why it can't be one.

    >>> as_words([1, 2]).dtype
    dtype('uint64')
    >>> as_words([-1])
    Traceback (most recent call last):
    ...
    ValueError: words must be whole numbers from 0 to 2**64 - 1
    """
    if isinstance(words, np.ndarray) and words.dtype == _U64 and words.ndim == 1:
        return words
    if words is None or isinstance(words, (str, bytes, dict, set)):
        raise TypeError(f"{what} must be an array of packed 64-bit words, got {type(words).__name__}")
    try:
        array = as_array(words, what)
    except TooLargeError:
        raise
    except (ValueError, TypeError) as err:
        raise TypeError(f"{what} must be an array of packed 64-bit words: {err}") from None
    if array.ndim != 1:
        raise ValueError(f"{what} must be a 1-d array, got shape {array.shape}")
    if array.size and (array.dtype == bool or not np.issubdtype(array.dtype, np.integer)):
        raise TypeError(f"{what} must hold whole numbers, got dtype {array.dtype}")
    try:
        return array.astype(_U64, casting="safe") if array.dtype.kind == "u" else _signed_to_words(array)
    except (OverflowError, TypeError):
        raise ValueError(f"{what} must be whole numbers from 0 to 2**64 - 1") from None


def _signed_to_words(array: np.ndarray) -> np.ndarray:
    if array.size and (array.dtype == object or array.min() < 0):
        if array.dtype == object and all(isinstance(x, int) and 0 <= x < 2**64 for x in array.tolist()):
            return np.array(array.tolist(), dtype=_U64)
        raise OverflowError
    return array.astype(_U64)


def _children_arg(args: dict) -> None:
    children = args["children"]
    if not (isinstance(children, np.ndarray) and children.dtype == _U64 and children.ndim == 1):
        raise TypeError(f"children must be a 1-d uint64 numpy array (sorted in place), got "
                        f"{type(children).__name__}{'' if not isinstance(children, np.ndarray) else ' of ' + str(children.dtype)}")


@door(_children_arg)
def merge_duplicates(children: np.ndarray) -> np.ndarray:
    """Sort ``children`` in place, then keep one word per board with the used-move bits ORed.

    Two words for the same board differ only in the low 4 bits (the moves
    that lead back), so after sorting they sit side by side. ``children``
    must be a 1-d uint64 array (it is sorted in place).

    >>> w = np.array([pack((1, 0)) | 2, pack((0, 1)), pack((1, 0)) | 1], dtype=np.uint64)
    >>> [hex(int(x)) for x in merge_duplicates(w)]
    ['0x100', '0x1000000000000013']
    """
    children.sort()
    if len(children) < 2:
        return children
    differs = np.empty(len(children), dtype=bool)
    differs[0] = True
    np.greater(children[1:] ^ children[:-1], _U64(MOVE_BITS), out=differs[1:])
    starts = np.flatnonzero(differs)
    if len(starts) == len(children):
        return children
    return np.bitwise_or.reduceat(children, starts)


def next_layer(groups: list[np.ndarray], moves, on_group=None) -> list[np.ndarray]:
    """The layer after ``groups`` (one array per blank cell), grouped the same way.

    ``moves[j]`` lists, for each cell ``j`` the blank can move to, the cells
    ``b`` it can come from with the direction ``d`` and its opposite. For
    each source group the move is the same nibble shuffle on every word:
    skip words whose used-move bit ``d`` is set, move the tile at ``j`` to
    ``b``, set the blank's cell to ``j`` and mark the move back. The
    children are then sorted and merged (:func:`merge_duplicates`).
    ``on_group`` is called with each new group's size (the progress bar).

    >>> empty = np.array([], dtype=np.uint64)
    >>> layer = [empty, empty, np.array([pack((1, 2, 0))], dtype=np.uint64)]   # blank in cell 2 of 1 x 3
    >>> [unpack(g, 1, 3).tolist() for g in next_layer(layer, blank_moves(1, 3))]
    [[], [[1, 0, 2]], []]
    """
    out = []
    for j, sources in enumerate(moves):
        parts = []
        for b, d, back in sources:
            g = groups[b]
            if not len(g):
                continue
            src = g[(g & _U64(1 << d)) == 0]          # skip moves back to the layer before
            tile = (src >> _U64(4 + 4 * j)) & _U64(15)   # the tile that slides from j into b
            src &= _U64(~(MOVE_BITS | (15 << BLANK_SHIFT)) & (2**64 - 1))
            tile *= _U64(((1 << (4 + 4 * b)) - (1 << (4 + 4 * j))) % 2**64)
            src += tile
            src |= _U64((j << BLANK_SHIFT) | (1 << back))
            parts.append(src)
            del tile
        children = np.concatenate(parts) if parts else np.empty(0, dtype=_U64)
        del parts
        out.append(merge_duplicates(children))
        if on_group is not None:
            on_group(len(out[-1]))
    return out


def _split_by_blank(words: np.ndarray, k: int) -> list[np.ndarray]:
    """A sorted layer as one array per blank cell (views, no copies)."""
    bounds = np.searchsorted(words, [i << BLANK_SHIFT for i in range(k + 1)])
    return [words[bounds[i]:bounds[i + 1]] for i in range(k)]
