"""Checks behind notebook 07's claims about the memory of its searches.

The memory guard plans for 4 bytes a reachable board (``puzzlelib.core.limits.frontier_bfs_bytes``), and the
rank-indexed BFS is said to need 3 bits for each of the (mn)! ranks (``puzzlelib.engines.bitarray.rank_bfs_bytes``).
Both are formulas, so an assert that restates them checks nothing. What can be checked is the formula against
what the searches really met and held: the layer sizes a frontier search produced (recomputed in part by the
plain BFS, so that another board's layers do not pass) and the peak memory measured while it ran; and the bit
arrays a rank-indexed search holds at once, read from the running search.

Each check returns ``None`` when the claim holds on its data, or a short message that says what does not.

The notes on a cluster run (the distributed search of ``puzzlelib.engines.distributed``) rest on a model of the
shuffle, a child for each move from one layer to the next, and on the check that search makes before any work.
:func:`routed_children` counts what the engine's own tasks make and route, run here one after another, so the
model is checked against the engine on small boards; :func:`cluster_refusal` asks the engine's check itself.
"""

from __future__ import annotations

import sys

import numpy as np

__all__ = ["frontier_plan_problem", "bit_arrays_held", "bit_arrays_problem", "routed_children", "cluster_refusal"]

_PREFIX_BOARDS = 50_000
"""The plain BFS recomputes a whole search's first layers up to about this many boards."""


def _first_layers(rows: int, cols: int) -> list[int]:
    """The sizes of the first layers from the usual goal, by the plain BFS of notebook 02, up to about
    :data:`_PREFIX_BOARDS` boards (the last, unfinished layer left out)."""
    from puzzlelib.core.board import Board
    from puzzlelib.core.bfs import bfs_layers
    from puzzlelib.core.errors import NodeLimitError
    sizes = []
    try:
        for layer in bfs_layers(Board.goal(rows, cols), max_nodes=_PREFIX_BOARDS):
            sizes.append(layer.size)
    except NodeLimitError:
        pass
    return sizes


def frontier_plan_problem(rows: int, cols: int, counts, peak_bytes: float, word_bytes: int = 8):
    """None when the guard's plan for ``rows`` x ``cols`` fits what a whole frontier search of that board met
    and measured.

    ``counts`` are the sizes of the search's layers, ``peak_bytes`` its measured peak memory with the
    process's baseline (Python and numpy before the search) subtracted, so that the baseline cannot make up
    for layers that were never held. The claims: ``counts`` are this board's layers (they add up to its
    reachable boards, and the first ones are those the plain BFS finds from its goal: 3 x 4 and 2 x 6 have
    the same number of boards, not the same layers); the peak holds at least two neighbouring layers of
    ``word_bytes``-byte words (the search keeps two); the guard's estimate has room for three layers as
    wide as the widest one; and the estimate is not below the measured peak.

    >>> counts = [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1]   # 2 x 3
    >>> frontier_plan_problem(2, 3, counts, peak_bytes=8 * 84 + 8) is None
    True
    >>> frontier_plan_problem(2, 3, counts[:3] + [6, 5] + counts[5:], peak_bytes=8 * 84 + 8)
    "layer 3 holds 6 boards, but the plain BFS from the 2 x 3 goal finds 5: these are another board's layers"
    """
    import math

    from puzzlelib.core.errors import whole_number
    from puzzlelib.core.limits import frontier_bfs_bytes, reachable_count
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__len__") or not 0 < len(counts) <= 10**4:
        raise TypeError(f"counts must be a list of layer sizes, got {type(counts).__name__}")
    counts = [whole_number(c, "each layer size", minimum=0) for c in counts]
    word_bytes = whole_number(word_bytes, "word_bytes", minimum=1)
    if isinstance(peak_bytes, bool) or not isinstance(peak_bytes, (int, float)) or not math.isfinite(peak_bytes) \
            or peak_bytes < 0:
        raise ValueError(f"peak_bytes must be a number of bytes, 0 or more, got {peak_bytes!r}")
    total = reachable_count(rows, cols)
    if sum(counts) != total:
        return (f"the layers hold {sum(counts):,} boards, but {rows} x {cols} has {total:,} that reach its goal: "
                f"the search is incomplete, or these are another board's layers")
    for depth, (got, want) in enumerate(zip(counts, _first_layers(rows, cols))):
        if got != want:
            return (f"layer {depth} holds {got:,} boards, but the plain BFS from the {rows} x {cols} goal finds "
                    f"{want:,}: these are another board's layers")
    estimate = frontier_bfs_bytes(rows, cols)
    pair = max((a + b for a, b in zip(counts, counts[1:])), default=counts[0] if counts else 0)
    if peak_bytes < word_bytes * pair:
        return (f"the measured peak, {peak_bytes:,.0f} bytes, is below two neighbouring layers "
                f"({pair:,} boards) at {word_bytes} bytes a board: the measurement or the layers are wrong")
    widest = max(counts)
    if 3 * word_bytes * widest > estimate:
        return (f"three layers as wide as the widest ({widest:,} boards) need {3 * word_bytes * widest:,} bytes, "
                f"more than the estimate, {estimate:,}")
    if peak_bytes > estimate:
        return f"the measured peak, {peak_bytes:,.0f} bytes, is above the estimate, {estimate:,}"
    return None


def bit_arrays_held(rows: int, cols: int) -> int:
    """The most bytes of bit arrays the rank-indexed BFS of ``rows`` x ``cols`` holds at once, read while it runs.

    A line tracer watches the search's own frame and sums the 1-d ``uint8`` arrays it holds that own their
    memory and have one bit per rank ((mn)! bits, rounded up to whole bytes): its sets of boards, not its
    working buffers (boards being ranked are 2-d) nor views of a chunk. An engine that kept a byte a rank
    would hold none such, and fail :func:`bit_arrays_problem`. The search runs to the end: keep the shape small.

    >>> bit_arrays_held(2, 2)
    12
    """
    from math import factorial

    from puzzlelib.core.board import check_shape
    from puzzlelib.engines import bitarray
    rows, cols = check_shape(rows, cols)
    if rows * cols > 10:
        raise ValueError(f"bit_arrays_held runs a whole rank-indexed search: give a board of at most 10 cells, "
                         f"not {rows} x {cols}")
    ranks = factorial(rows * cols)
    code = bitarray.rank_bfs_counts.__wrapped__.__code__ if hasattr(bitarray.rank_bfs_counts, "__wrapped__") \
        else bitarray.rank_bfs_counts.__code__
    most = [0]

    def held(frame) -> int:
        arrays = {id(v): v for v in frame.f_locals.values()
                  if isinstance(v, np.ndarray) and v.dtype == np.uint8 and v.ndim == 1 and v.base is None
                  and ranks <= 8 * v.size <= ranks + 16}
        return sum(a.nbytes for a in arrays.values())

    def local(frame, event, arg):
        most[0] = max(most[0], held(frame))
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code is code else None

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        bitarray.rank_bfs_counts(rows, cols)
    finally:
        sys.settrace(previous)
    return most[0]


def bit_arrays_problem(rows: int, cols: int, claimed_bytes: int) -> str | None:
    """None when ``claimed_bytes`` is what the rank-indexed BFS of ``rows`` x ``cols`` holds in bit arrays at
    once (:func:`bit_arrays_held`), to within the few bytes that round each array up to a whole byte.

    >>> bit_arrays_problem(2, 3, 3 * (720 // 8 + 1)) is None
    True
    >>> bit_arrays_problem(2, 3, 3 * 720)
    'the search holds 273 bytes of bit arrays at once on 2 x 3, not 2,160: the formula is wrong'
    """
    from puzzlelib.core.errors import whole_number
    claimed_bytes = whole_number(claimed_bytes, "claimed_bytes", minimum=0)
    held = bit_arrays_held(rows, cols)
    if abs(held - claimed_bytes) > 3:
        return (f"the search holds {held:,} bytes of bit arrays at once on {rows} x {cols}, not {claimed_bytes:,}: "
                f"the formula is wrong")
    return None


def routed_children(rows: int, cols: int, partitions: int) -> tuple[int, int, int]:
    """(moves made, children routed, children routed to another part) over a whole distributed search of
    ``rows`` x ``cols`` in ``partitions`` parts, its tasks run one after another in this process (no Dask).

    The tasks are :mod:`puzzlelib.engines.distributed`'s own: each part is expanded and its children split by
    owner, and each owner merges its pieces into its part of the next layer. A *move made* is a board and a
    direction its blank can go whose used-move bit is clear (the moves back to the layer before are skipped),
    counted from the words before they are expanded; the children a part routes are those boards after the
    part's own merge of its duplicates, so there are at most as many. The search runs to the end: keep the
    shape small.

    >>> made, routed, between = routed_children(2, 2, 2)
    >>> made, routed <= made, between <= routed
    (12, True, True)
    """
    from puzzlelib.core.board import Board, check_shape
    from puzzlelib.core.errors import whole_number
    from puzzlelib.engines import distributed
    from puzzlelib.engines.packed import BLANK_SHIFT, blank_moves, pack
    rows, cols = check_shape(rows, cols)
    partitions = whole_number(partitions, "partitions", minimum=1, maximum=2**16)
    if rows * cols > 10:
        raise ValueError(f"routed_children runs a whole search: give a board of at most 10 cells, not {rows} x {cols}")
    ways = np.zeros((rows * cols, 4), dtype=bool)          # ways[b, d]: the blank in cell b can go in direction d
    for sources in blank_moves(rows, cols):
        for b, d, _ in sources:
            ways[b, d] = True
    goal = pack(Board.goal(rows, cols).tiles)
    parts = [distributed._start_part(goal, p, partitions) for p in range(partitions)]
    made = routed = between = 0
    while sum(len(p) for p in parts):
        for part in parts:
            blank = (part >> np.uint64(BLANK_SHIFT)).astype(np.intp)
            for d in range(4):
                made += int((ways[blank, d] & ((part >> np.uint64(d)) & np.uint64(1) == 0)).sum())
        pieces = [distributed._expand(part, rows, cols, partitions) for part in parts]
        routed += sum(len(piece) for row in pieces for piece in row)
        between += sum(len(piece) for i, row in enumerate(pieces) for j, piece in enumerate(row) if i != j)
        parts = [distributed._merge(*[row[j] for row in pieces]) for j in range(partitions)]
    return made, routed, between


def cluster_refusal(rows: int, cols: int, workers: int, worker_bytes: int) -> str | None:
    """None if the distributed search of ``rows`` x ``cols`` passes the check it makes before any work on a
    cluster of ``workers`` workers of ``worker_bytes`` bytes each, else the engine's message.

    The check is the engine's own (it compares the memory the search plans for with half what the workers
    report); nothing runs.

    >>> cluster_refusal(3, 4, 2, 2**30) is None
    True
    >>> cluster_refusal(3, 4, 2, 2**28).startswith("a distributed frontier search of the 3 x 4 board")
    True
    """
    from puzzlelib.core.errors import whole_number
    from puzzlelib.core.limits import TooLargeError
    from puzzlelib.engines import distributed
    workers = whole_number(workers, "workers", minimum=1)
    worker_bytes = whole_number(worker_bytes, "worker_bytes", minimum=1)
    try:
        distributed._refuse(rows, cols, workers, workers * worker_bytes, None)
    except TooLargeError as error:
        return str(error)
    return None
