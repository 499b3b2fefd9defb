"""The compiled engine behind IDA*: the same search as :func:`~puzzlelib.engines.ida.ida_search_tables`, in numba.

The lessons show IDA* in plain Python (:func:`~puzzlelib.core.informed.ida_star_plain`), and
:func:`~puzzlelib.engines.ida.ida_search_tables` is the same search made incremental for heuristics
that are sums of table look-ups (misplaced tiles, Manhattan distance, pattern databases). This module
runs *that loop*, step for step, compiled to machine code with `numba <https://numba.pydata.org>`_,
and the loop of :func:`~puzzlelib.engines.ida.ida_search` with linear conflict (Manhattan distance
updated per move, and the conflicts of the two lines a move changes counted again):

* the same children in the same order (the blank's neighbours, never straight back);
* the same bound, raised to the smallest ``f`` that went over;
* the same count of nodes, and so the same path (a test checks both on random boards, several goals,
  every additive heuristic, with and without the mirror).

It runs 20 to 40 times faster (``benchmarks/fifteen.py`` prints the ratio), and it releases Python's
lock while it searches, so the player's page stays live. Where numba is not installed, or
``PUZZLELIB_PLAIN=1`` is set, :func:`engine_available` is False and the searches use the Python loop:
the same answers, slower (:func:`engine_status` says why).

The first call compiles the loop (a few seconds) and saves the machine code beside this file, or in
numba's cache folder when this folder can't be written; later kernels load it in a fraction of a
second. ``make setup`` compiles it once (:func:`warm_up`).
"""

from __future__ import annotations

import os
import threading

import numpy as np

__all__ = ["engine_available", "engine_status", "ida_tables_compiled", "warm_up", "warm_up_in_background"]

_MISSING: str | None = None
"""Why the compiled engine is not used (None while it is, or before numba was first asked for)."""
if os.environ.get("PUZZLELIB_PLAIN", "") not in ("", "0"):
    _MISSING = "PUZZLELIB_PLAIN is set: the searches run in plain Python (the same answers, slower)"
_numba = None
_ida_compiled = None
_LOADING = threading.Lock()


def _load() -> bool:
    """Import numba and wrap the kernel, once, on first use (importing numba costs a tenth of a second that a
    notebook without IDA* need not pay); False, with the reason in ``_MISSING``, if it can't be done."""
    global _numba, _ida_compiled, _MISSING
    if _MISSING is not None:
        return False
    if _ida_compiled is not None:
        return True
    with _LOADING:                       # the player's background thread and a solve may ask at once
        return _load_now()


def _load_now() -> bool:
    global _numba, _ida_compiled, _MISSING
    if _ida_compiled is None and _MISSING is None:
        try:                             # numba is a dependency, but a missing or broken one must not break us
            import numba
        except Exception as err:         # noqa: BLE001 - ImportError, or a numba that fails with this numpy
            _MISSING = (f"numba is not installed or does not load ({type(err).__name__}: {err}); "
                        "the searches run in plain Python (the same answers, slower)")[:400]
            return False
        _numba = numba
        global _line_extra               # the kernel calls it: compiled first, under the same name
        _line_extra = numba.njit(cache=True, nogil=True)(_line_extra)
        _ida_compiled = numba.njit(cache=True, nogil=True)(_ida_kernel)
    return _MISSING is None


def engine_available() -> bool:
    """True when the compiled engine is used (numba loads and ``PUZZLELIB_PLAIN`` is not set).

    The first call imports numba.

    >>> isinstance(engine_available(), bool)
    True
    """
    return _load()


def engine_status() -> str:
    """One line on the engine in use: compiled with numba (and its version), or plain Python and why.

    >>> engine_status().startswith(("compiled", "numba is not", "PUZZLELIB_PLAIN"))
    True
    """
    if not _load():
        return _MISSING
    return f"compiled with numba {_numba.__version__}"


# Status codes of the kernel.
FOUND, OVER_LIMIT, EXHAUSTED, PAUSED, NEED_ROOM = 0, 1, 2, 3, 4
SLICE = 1 << 21
"""Nodes per call of the kernel (about a tenth of a second): between calls Python can take an interrupt."""
# The kernel's scalar state, kept in an int64 array between calls.
_PHASE, _BOUND, _DEPTH, _NODES, _GENERATED, _H0, _H20, _BLANK, _LENGTH = range(9)
_NEW_ITERATION, _SEARCHING = 0, 1


def _line_extra(board, cols, line, is_row, home_row, home_col, seq, piles):
    """Tiles of one row (``is_row``) or column that must leave it to let others pass: those that belong to
    the line, minus the longest run already in goal order (strictly increasing goal columns, or rows)."""
    m = 0
    n = board.shape[0]
    rows = n // cols
    count = cols if is_row else rows
    for k in range(count):
        cell = line * cols + k if is_row else k * cols + line
        t = board[cell]
        if t != 0:
            if is_row and home_row[t] == line:
                seq[m] = home_col[t]
                m += 1
            elif not is_row and home_col[t] == line:
                seq[m] = home_row[t]
                m += 1
    if m < 2:
        return 0
    top = 0                                     # patience sorting: the longest strictly increasing run
    for a in range(m):
        x = seq[a]
        lo = 0
        hi = top
        while lo < hi:
            mid = (lo + hi) // 2
            if piles[mid] < x:
                lo = mid + 1
            else:
                hi = mid
        piles[lo] = x
        if lo == top:
            top += 1
    return m - top


def _ida_kernel(board, idx, idx2, tabs, offsets, group, weight, mirrored, cell_map, tile_map, nbr, degree,
                limit, pause_at, st, path, hv, h2v, opt, small, mk, mold, mk2, mold2,
                conflict, cols, home_row, home_col, extra_row, extra_col, seq, piles):
    """One slice of IDA*; returns a status code, its state kept in ``st`` and the arrays.

    The heuristic is a sum of tables (``conflict`` False: ``tabs`` and the indices ``idx``, ``idx2``) or
    linear conflict (``conflict`` True: Manhattan distance from ``home_row``, ``home_col``, plus twice the
    tiles each line must let out, kept per line in ``extra_row``, ``extra_col``; ``h2v`` then holds the
    Manhattan part at each depth, ``mk``, ``mold`` the two changed lines' old counts).

    The loop of ida_search_tables with its recursion unrolled onto arrays, one slot per depth. It stops
    when the goal is found, past ``limit`` nodes, when no board went over the bound, when ``pause_at``
    nodes are reached (PAUSED: call again to go on) or when the arrays are too short for the next bound
    (NEED_ROOM: call again with longer ones). ``board``, ``idx`` and ``idx2`` are the search's current
    board and its groups' indices (plain and mirrored), changed in place.
    """
    big = np.iinfo(np.int64).max
    nodes = st[_NODES]
    generated = st[_GENERATED]
    bound = st[_BOUND]
    while True:
        if st[_PHASE] == _NEW_ITERATION:
            if bound + 2 > path.shape[0]:         # f = g + h <= bound: no path goes deeper than the bound
                st[_NODES] = nodes
                st[_GENERATED] = generated
                return NEED_ROOM
            path[0] = st[_BLANK]
            hv[0] = st[_H0]
            h2v[0] = st[_H20]
            small[0] = big
            opt[0] = 0
            d = 0
            nodes += 1
            if nodes > limit:
                st[_NODES] = nodes - 1
                st[_GENERATED] = generated
                return OVER_LIMIT
            st[_PHASE] = _SEARCHING
        else:
            d = st[_DEPTH]
        while True:
            i = path[d]
            if opt[d] < degree[i]:
                j = nbr[i, opt[d]]
                opt[d] += 1
                if d > 0 and j == path[d - 1]:
                    continue
                generated += 1
                tile = board[j]
                # the child's heuristic: hc (its value) and hc2 (the mirror's sum, or Manhattan for conflicts)
                if conflict:                     # linear conflict: Manhattan, then the two lines the tile changes
                    ri = i // cols
                    rj = j // cols
                    ci = i - ri * cols
                    cj = j - rj * cols
                    hc2 = h2v[d] + abs(ri - home_row[tile]) + abs(ci - home_col[tile]) \
                        - abs(rj - home_row[tile]) - abs(cj - home_col[tile])
                    board[i] = tile              # the lines are counted on the child
                    board[j] = 0
                    across = ri == rj            # across a row its two columns change; up or down, its two rows
                    k = ci if across else ri
                    k2 = cj if across else rj
                    old = extra_col[k] if across else extra_row[k]
                    old2 = extra_col[k2] if across else extra_row[k2]
                    new = _line_extra(board, cols, k, not across, home_row, home_col, seq, piles)
                    new2 = _line_extra(board, cols, k2, not across, home_row, home_col, seq, piles)
                    board[j] = tile
                    board[i] = 0
                    hc = hc2 + (hv[d] - h2v[d]) + 2 * (new + new2 - old - old2)
                    f = d + 1 + hc
                else:
                    k = group[tile]
                    old = idx[k]
                    new = old + (i - j) * weight[tile]
                    hc = hv[d] - tabs[offsets[k] + old] + tabs[offsets[k] + new]
                    hc2 = 0
                    k2 = 0
                    old2 = 0
                    new2 = 0
                    if mirrored:
                        tile2 = tile_map[tile]
                        k2 = group[tile2]
                        old2 = idx2[k2]
                        new2 = old2 + (cell_map[i] - cell_map[j]) * weight[tile2]
                        hc2 = h2v[d] - tabs[offsets[k2] + old2] + tabs[offsets[k2] + new2]
                    f = d + 1 + (hc if hc > hc2 else hc2)
                if f > bound:
                    if f < small[d]:
                        small[d] = f
                    continue
                path[d + 1] = j
                if hc == 0:
                    st[_NODES] = nodes
                    st[_GENERATED] = generated
                    st[_LENGTH] = d + 2
                    return FOUND
                board[i] = tile                  # the move, and what undoes it: the changed groups or lines
                board[j] = 0
                if conflict:
                    if across:
                        extra_col[k] = new
                        extra_col[k2] = new2
                    else:
                        extra_row[k] = new
                        extra_row[k2] = new2
                    mk[d + 1] = old
                    mold[d + 1] = old2
                else:
                    idx[k] = new
                    mk[d + 1] = k
                    mold[d + 1] = old
                    if mirrored:
                        idx2[k2] = new2
                        mk2[d + 1] = k2
                        mold2[d + 1] = old2
                d += 1
                hv[d] = hc
                h2v[d] = hc2
                opt[d] = 0
                small[d] = big
                nodes += 1
                if nodes > limit:
                    st[_NODES] = nodes - 1
                    st[_GENERATED] = generated
                    return OVER_LIMIT
                if nodes >= pause_at:
                    st[_DEPTH] = d
                    st[_NODES] = nodes
                    st[_GENERATED] = generated
                    return PAUSED
            else:
                t = small[d]
                if d == 0:
                    break
                j = path[d]                      # undo the move into depth d: the tile goes back to j
                i = path[d - 1]
                board[j] = board[i]
                board[i] = 0
                if conflict:
                    ri = i // cols
                    rj = j // cols
                    if ri == rj:
                        extra_col[i - ri * cols] = mk[d]
                        extra_col[j - rj * cols] = mold[d]
                    else:
                        extra_row[ri] = mk[d]
                        extra_row[rj] = mold[d]
                else:
                    idx[mk[d]] = mold[d]
                    if mirrored:
                        idx2[mk2[d]] = mold2[d]
                d -= 1
                if t < small[d]:
                    small[d] = t
        t = small[0]
        if t == big:
            st[_NODES] = nodes
            st[_GENERATED] = generated
            return EXHAUSTED
        bound = t
        st[_BOUND] = bound
        st[_PHASE] = _NEW_ITERATION


def _arrays(tables):
    """The kernel's arrays for an :class:`~puzzlelib.core.heuristics.AdditiveTables`, made once per tables."""
    cached = _ARRAYS.get(id(tables))
    if cached is not None and cached[0] is tables:
        return cached[1]
    sizes = [len(t) for t in tables.tables]
    offsets = np.zeros(len(sizes), np.int64)
    offsets[1:] = np.cumsum(sizes)[:-1]
    tabs = np.frombuffer(tables.tables[0] if len(sizes) == 1 else b"".join(tables.tables), dtype=np.uint8)
    if not len(tabs):                      # a board with no tiles (1 x 1): no tables, one dummy entry
        tabs = np.zeros(1, np.uint8)
    group = np.asarray(tables.group, np.int64)
    weight = np.asarray(tables.weight, np.int64)
    if tables.mirror is not None:
        cell_map = np.asarray(tables.mirror[0], np.int64)
        tile_map = np.asarray(tables.mirror[1], np.int64)
    else:
        cell_map = tile_map = np.zeros(1, np.int64)
    out = (tabs, offsets, group, weight, tables.mirror is not None, cell_map, tile_map)
    if len(_ARRAYS) > 8:
        _ARRAYS.clear()
    _ARRAYS[id(tables)] = (tables, out)
    return out


_ARRAYS: dict = {}


def _neighbours(table):
    """A neighbour table (tuples per cell) as the kernel's (cells, 4) array and degrees."""
    nbr = np.full((len(table), 4), -1, np.int64)
    degree = np.zeros(len(table), np.int64)
    for i, cells in enumerate(table):
        nbr[i, :len(cells)] = cells
        degree[i] = len(cells)
    return nbr, degree


def ida_tables_compiled(board, tables, table, limit: int):
    """:func:`~puzzlelib.engines.ida.ida_search_tables` compiled: (status, blank cells, nodes, generated).

    ``status`` is ``"found"`` (the blank's cells along a shortest path), ``"limit"`` (more than ``limit``
    nodes) or ``"exhausted"`` (no board went over the bound: the goal can't be reached). The compiled
    loop runs in slices of :data:`SLICE` nodes, so an interrupt (KeyboardInterrupt) stops it within about
    a tenth of a second. Callers check
    their arguments first; this is the engine's core. Needs :func:`engine_available`.

    >>> from puzzlelib.core.board import Board, neighbor_table
    >>> from puzzlelib.core.heuristics import manhattan_tables
    >>> ida_tables_compiled([4, 1, 2, 5, 0, 3], manhattan_tables(Board.goal(2, 3)), neighbor_table(2, 3), 10**6)
    ('found', [4, 3, 0, 1, 2, 5], 5, 7)
    """
    board, limit = _check(board, tables, table, limit)
    return _run(board, tables, table, limit)


def _run(board, tables, table, limit: int):
    """:func:`ida_tables_compiled` without the checks: for ida_star, which has checked its board and tables."""
    if not engine_available():
        raise RuntimeError(engine_status())
    tabs, offsets, group, weight, mirrored, cell_map, tile_map = _arrays(tables)
    nbr, degree = _neighbours(table)
    b = np.asarray(board, np.int64).copy()
    idx = np.asarray(tables.indices(board), np.int64)          # each group's index, as the Python loop keeps them
    idx2 = np.asarray(tables.indices(tables.mirrored(board)) if mirrored else [0] * len(offsets), np.int64)
    h0 = int(sum(int(tabs[offsets[g] + idx[g]]) for g in range(len(offsets))))
    h20 = int(sum(int(tabs[offsets[g] + idx2[g]]) for g in range(len(offsets)))) if mirrored else 0
    blank = list(board).index(0)
    none = np.zeros(1, np.int64)
    return _drive(b, blank, h0, h20, limit, (idx, idx2, tabs, offsets, group, weight, mirrored, cell_map,
                                              tile_map, nbr, degree),
                  (False, 1, none, none, none, none, none, none))


def _run_conflict(board, goal, table, limit: int):
    """IDA* with linear conflict (:func:`~puzzlelib.core.heuristics.linear_conflict`) for ``goal`` (a checked
    Board), compiled: (status, blank cells, nodes, generated), the same search as ida_search with that
    heuristic. For ida_star, which has checked its arguments."""
    if not engine_available():
        raise RuntimeError(engine_status())
    rows, cols = goal.shape
    n = rows * cols
    home_row = np.zeros(n, np.int64)
    home_col = np.zeros(n, np.int64)
    for cell, t in enumerate(goal.tiles):
        home_row[t], home_col[t] = divmod(cell, cols)
    b = np.asarray(board, np.int64).copy()
    seq = np.zeros(max(rows, cols), np.int64)
    piles = np.zeros(max(rows, cols), np.int64)
    # the start's counts, by the same (compiled) function the kernel updates them with
    extra_row = np.array([_line_extra(b, cols, r, True, home_row, home_col, seq, piles) for r in range(rows)], np.int64)
    extra_col = np.array([_line_extra(b, cols, c, False, home_row, home_col, seq, piles) for c in range(cols)],
                         np.int64)
    md = sum(abs(cell // cols - home_row[t]) + abs(cell % cols - home_col[t]) for cell, t in enumerate(board) if t)
    h0 = int(md + 2 * (extra_row.sum() + extra_col.sum()))
    nbr, degree = _neighbours(table)
    none = np.zeros(1, np.int64)
    empty = np.zeros(1, np.uint8)
    return _drive(b, list(board).index(0), h0, int(md), limit,
                  (none, none, empty, none, none, none, False, none, none, nbr, degree),
                  (True, cols, home_row, home_col, extra_row, extra_col, seq, piles))


def _drive(b, blank, h0, h20, limit, search, conflict):
    """Run the kernel slice after slice until it answers: (status, blank cells, nodes, generated)."""
    if h0 == 0:
        return "found", [blank], 0, 0
    st = np.zeros(9, np.int64)
    st[_BOUND], st[_H0], st[_H20], st[_BLANK] = max(h0, h20), h0, h20, blank
    room = 0
    while True:
        if room < st[_BOUND] + 2:                 # arrays for every depth up to the bound, with room to grow
            room = int(st[_BOUND]) * 2 + 64
            arrays = [np.zeros(room, np.int64) for _ in range(9)]   # path, hv, h2v, opt, small, mk, mold, mk2, mold2
        # One slice at a time: between slices Python takes an interrupt (the notebook's stop button, Ctrl-C).
        status = _ida_compiled(b, *search, int(limit), int(st[_NODES]) + SLICE, st, *arrays, *conflict)
        if status == PAUSED or status == NEED_ROOM:
            continue
        name = {FOUND: "found", OVER_LIMIT: "limit", EXHAUSTED: "exhausted"}[status]
        length = int(st[_LENGTH]) if status == FOUND else 0
        return name, [int(c) for c in arrays[0][:length]], int(st[_NODES]), int(st[_GENERATED])


def _check(board, tables, table, limit):
    """The arguments of :func:`ida_tables_compiled`, checked: (board as a tuple, limit), or TypeError / ValueError."""
    from puzzlelib.core.errors import short_repr, whole_number
    from puzzlelib.core.heuristics import AdditiveTables

    if not isinstance(tables, AdditiveTables):
        raise TypeError(f"tables must be AdditiveTables (compile_heuristic(h, goal).tables), got "
                        f"{type(tables).__name__}")
    for name, value in (("board", board), ("table", table)):
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple)):
            raise TypeError(f"{name} must be a list or tuple, got {short_repr(value, 60)}")
    n = len(tables.group)
    if len(board) != n or len(table) != n:
        raise ValueError(f"the tables are for boards of {n} cells; board has {len(board):,} and the neighbour "
                         f"table {len(table):,}")
    board = tuple(whole_number(t, "a tile of the board") for t in board)
    if sorted(board) != list(range(n)):
        raise ValueError(f"board must hold the tiles 0..{n - 1} once each, got {short_repr(list(board), 80)}")
    for cells in table:
        if not isinstance(cells, tuple) or len(cells) > 4 or not all(type(c) is int and 0 <= c < n for c in cells):
            raise ValueError("table must be neighbor_table(rows, cols) for the tables' board: a tuple of up to "
                             "4 cells for each cell")
    return board, whole_number(limit, "limit", minimum=0)


def warm_up() -> str:
    """Compile the engine now (or load it from numba's cache), solving one small board; return the status.

    ``make setup`` calls this, so a student's first Solve doesn't wait for the compiler.

    >>> warm_up().startswith(("compiled", "numba is not", "PUZZLELIB_PLAIN"))
    True
    """
    global _WARM
    if not _WARM and engine_available():
        from puzzlelib.core.board import Board, neighbor_table
        from puzzlelib.core.heuristics import manhattan_tables

        ida_tables_compiled([4, 1, 2, 5, 0, 3], manhattan_tables(Board.goal(2, 3)), neighbor_table(2, 3), 10)
        _run_conflict((4, 1, 2, 5, 0, 3), Board.goal(2, 3), neighbor_table(2, 3), 10)
        _WARM = True
    return engine_status()


_WARM = False
"""Has :func:`warm_up` loaded both compiled forms in this process? Then it has nothing left to do."""


def warm_up_in_background() -> threading.Thread | None:
    """Start :func:`warm_up` in a daemon thread and return the thread; None when there is nothing to load.

    Loading the compiled code takes 0.2 to 0.3 s. A notebook starts it in its setup cell, so
    the reader's first IDA* doesn't wait: most of the loading lets go of Python's lock, and a search
    that comes before it is done waits for it (it takes the same lock). Whatever goes wrong in the
    thread is left for that search to meet and report.

    >>> thread = warm_up_in_background()
    >>> thread is None or (thread.join(60) is None and not thread.is_alive())
    True
    """
    if _WARM or _MISSING is not None:
        return None

    def quietly():
        try:
            warm_up()
        except Exception:    # noqa: BLE001 - the next search runs warm_up's steps again and reports
            pass

    thread = threading.Thread(target=quietly, name="puzzlelib-load-engine", daemon=True)
    thread.start()
    return thread


if __name__ == "__main__":                      # python -m puzzlelib.engines.compiled: compile it now
    print(warm_up())
