"""Breadth-first search on bit arrays indexed by Lehmer rank: the other way to fit a big BFS.

Every one of the (mn)! boards has a rank ``0 .. (mn)! - 1``
(:func:`~puzzlelib.core.encoding.rank`), so a set of boards can be an array of
bits, one per rank: 1 bit a board instead of 8 bytes. This search keeps
three such arrays: boards seen, the current layer, and the next layer. A
layer is expanded in chunks: read the ranks whose bit is set, turn them back
into boards (:func:`unrank_rows`), make every move, rank the children
(:func:`~puzzlelib.core.encoding.rank_rows`) and set their bits in the next layer.
No sorting and no duplicates, but ranking costs about 70 array operations
per board, which is why :mod:`puzzlelib.engines.frontier` is the faster engine
(``benchmarks/bfs_scale.py`` measures both).

**Role: the comparison engine.** One of puzzlelib's five breadth-first
searches (see :mod:`puzzlelib.core.bfs`): the road not taken, kept so that
the benchmark can show why the frontier search won, and as a second,
independent computation of every layer table.

>>> rank_bfs_counts(2, 3)[:8]
[1, 2, 3, 5, 6, 7, 10, 12]
"""

from __future__ import annotations

from math import factorial

import numpy as np

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import check_shape, neighbor_array, resolve_goal
from puzzlelib.core.encoding import rank_rows, rank_tiles, unrank_rows
from puzzlelib.core.limits import TooLargeError, format_bytes, log10_factorial, refuse_over_budget

__all__ = ["CHUNK_BYTES", "rank_bfs_bytes", "rank_bfs_counts"]

_BITS_SET = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)
"""How many bits are set in each byte value (``np.bitwise_count`` needs numpy 2)."""
CHUNK_BYTES = 1 << 16
"""Bytes of a layer's bit array read at once (524,288 ranks)."""


def rank_bfs_bytes(rows: int, cols: int) -> int:
    """Bytes of the three bit arrays of a rank-indexed BFS: 3 bits for each of the (mn)! ranks.

    >>> rank_bfs_bytes(3, 4) // 2**20
    171
    """
    rows, cols = check_shape(rows, cols)
    if log10_factorial(rows * cols) > 30:
        raise TooLargeError(f"a rank-indexed BFS of the {rows} x {cols} board needs bit arrays of about "
                            f"10^{log10_factorial(rows * cols):,.0f} bits; no memory holds that")
    return 3 * (factorial(rows * cols) // 8 + 1)


def _ranks_in(bits: np.ndarray):
    """Yield the set ranks of a bit array, a chunk at a time, in increasing order."""
    for start in range(0, len(bits), CHUNK_BYTES):
        block = bits[start:start + CHUNK_BYTES]
        if block.any():
            yield np.flatnonzero(np.unpackbits(block, bitorder="little")) + 8 * start


@keyword_only("goal")
def rank_bfs_counts(rows: int, cols: int, *, goal=None, budget: int | None = None) -> list[int]:
    """Layer sizes of a BFS from ``goal`` that stores sets as bit arrays indexed by rank.

    Gives the same answer as :func:`~puzzlelib.engines.dispatch.distance_counts`. Refused
    up front (:class:`~puzzlelib.core.errors.TooLargeError`) when the bit arrays
    would not fit in the memory budget.

    >>> rank_bfs_counts(3, 3)[-3:]
    [760, 221, 2]
    """
    rows, cols = check_shape(rows, cols)
    goal = resolve_goal(goal, (rows, cols))
    k = rows * cols
    need = rank_bfs_bytes(rows, cols)
    refuse_over_budget(need, f"a rank-indexed BFS of the {rows} x {cols} board needs three bit arrays "
                       f"of {factorial(k):,} bits, about {format_bytes(need)}", budget)
    size = factorial(k) // 8 + 1
    bit = (1 << np.arange(8)).astype(np.uint8)
    neighbours = neighbor_array(rows, cols)     # cell the blank moves to, per direction (-1: none)
    seen = np.zeros(size, dtype=np.uint8)
    current = np.zeros(size, dtype=np.uint8)
    r0 = rank_tiles(goal.tiles)
    seen[r0 >> 3] |= bit[r0 & 7]
    current[r0 >> 3] |= bit[r0 & 7]
    counts = [1]
    while True:
        nxt = np.zeros(size, dtype=np.uint8)
        for ranks in _ranks_in(current):
            boards = unrank_rows(ranks, k)
            blank = np.argmin(boards, axis=1)
            for n in range(4):
                target = neighbours[blank, n]
                rows_ok = np.flatnonzero(target >= 0)
                child = boards[rows_ok]
                b, j = blank[rows_ok], target[rows_ok]
                idx = np.arange(len(rows_ok))
                child[idx, b] = child[idx, j]
                child[idx, j] = 0
                r = rank_rows(child)
                np.bitwise_or.at(nxt, r >> 3, bit[r & 7])
        np.bitwise_and(nxt, ~seen, out=nxt)
        found = int(_BITS_SET[nxt].sum(dtype=np.int64))
        if found == 0:
            return counts
        seen |= nxt
        counts.append(found)
        current = nxt
