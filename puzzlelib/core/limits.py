"""Refuse, up front, searches that would not fit in memory.

A breadth-first search keeps every state it has seen. With states stored as
tuples in a Python dict, each one costs about ``110 + 8 * cells`` bytes (a
tuple of ``cells`` small ints, its dict slot and its place in the queue):
measured with ``tracemalloc`` as about 180 bytes for the 3 x 3 board. The
guard multiplies that by the number of states the search may meet and
compares the product with a budget: half the memory the machine has free, at
most 8 GiB. A request over budget raises :class:`TooLargeError` before any
work starts, so it can never take the kernel down.

The frontier search of :mod:`puzzlelib.engines.frontier` stores a board as one
8-byte word and holds only two layers (plus sorting buffers) at a time. Its
estimate, :func:`frontier_bfs_bytes`, is ``4 * states`` bytes: half a word
per state, enough for three layers as wide as the widest one if no layer
holds more than 1/6 of the states. On every board from 2 x 2 to 3 x 4 and
2 x 6 the widest layer holds at most 1/6 of them (2 x 2: 2 of 12; 3 x 3:
13%; 3 x 4: 9.1%; 2 x 6: 5.4%); the tests check this fraction against the
layer tables.

**Errors** live in :mod:`puzzlelib.core.errors` (:class:`PuzzleError`,
:class:`TooLargeError`, :class:`NodeLimitError`); they are imported here too,
for code written before that module existed.

**The table.** Every per-state byte cost and every node or cell limit of
puzzlelib is defined once, below (``DICT_BYTES_PER_STATE_BASE`` to
``MAX_BUILD_ENTRIES``); the modules that use one import it from here. Two
limits that look alike but are different facts have different names:
``PACKED_MAX_CELLS`` (14, what fits in a 64-bit word) and
``ALL_BOARDS_MAX_CELLS`` (9, the boards small enough to hold every
arrangement as a numpy array).

**Vocabulary.** Two knobs, named the same everywhere:

* ``max_nodes``: a *count*: how many states a search may expand or store
  (BFS, DFS, A*, IDA*) or a graph may hold, before it gives up.
* ``budget``: *bytes* of memory; the default is :func:`memory_budget`.

**Unreachable goals.** A search asked for a goal in the other component
returns ``None`` (a number of moves, a path, a result, a plan): :func:`~puzzlelib.core.bfs.min_moves` too.
"""

from __future__ import annotations

from math import factorial, lgamma, log
from pathlib import Path

from puzzlelib.core.board import check_shape
from puzzlelib.core.errors import NodeLimitError, PuzzleError, SearchBudgetError, TooLargeError, short_repr, whole_number
from puzzlelib.core.memo import memo

__all__ = [
    "PuzzleError", "TooLargeError", "NodeLimitError", "SearchBudgetError", "whole_number",
    "check_max_nodes", "check_budget", "memory_budget", "available_memory", "meminfo_available",
    "address_space_available", "cgroup_available", "log10_factorial", "log10_reachable", "format_count",
    "state_count", "reachable_count", "small_reachable_count", "dict_bfs_bytes", "check_full_bfs", "refuse_over_budget", "state_limit",
    "frontier_bfs_bytes", "check_frontier_bfs", "as_array",
    "DICT_BYTES_PER_STATE_BASE", "DICT_BYTES_PER_STATE_PER_CELL", "NODE_BYTES_PER_STATE",
    "FRONTIER_BYTES_PER_STATE", "ARRAY_BYTES_PER_NODE", "MAX_BUDGET", "FALLBACK_BUDGET", "ALWAYS_FITS",
    "SMALL_BOARD_MAX_NODES", "LARGE_BOARD_MAX_NODES", "HUGE_BOARD_WORK", "SOLVE_MAX_NODES", "COMPILED_SOLVE_MAX_NODES", "MAX_GRAPH_NODES", "GRAPH_BYTES_PER_NODE",
    "BFS_DEFAULT_MAX_NODES", "GENERIC_SEARCH_WORK", "ASTAR_DEFAULT_MAX_NODES", "MAX_SEARCH_STATES", "MAX_BUILD_ENTRIES",
    "BFS_MAX_STATES", "PDB_MAX_CELLS", "PACKED_MAX_CELLS", "ALL_BOARDS_MAX_CELLS", "TABLE_MAX_ENTRIES", "solved_by_table",
    "MAX_EXACT_CELLS",
]

# --- The table: bytes a state costs, and how many nodes, states or cells each engine takes ------------------
# Bytes per state stored, measured with tracemalloc on 3 x 3 (each module's docstring says how).
DICT_BYTES_PER_STATE_BASE = 110
"""A dict-and-tuple BFS (:mod:`puzzlelib.core.bfs`): ``110 + 8 * cells`` bytes a state."""
DICT_BYTES_PER_STATE_PER_CELL = 8
"""The per-cell part of a dict-and-tuple BFS state (one pointer a tile)."""
NODE_BYTES_PER_STATE = 300
"""A best-first search, plus 8 bytes a cell: :func:`~puzzlelib.core.generic.graph_search` (a Board, a Node,
a dict slot and a frontier entry; measured as 350 to 357 bytes a state on 3 x 3 = 300 + 8 x 9 with a little
room) and :func:`~puzzlelib.core.informed.astar` (a tuple, two dict entries, a heap entry: less, so the same
bound holds)."""
FRONTIER_BYTES_PER_STATE = 4
"""A frontier search (:mod:`puzzlelib.engines.frontier`): half an 8-byte word per reachable state."""
ARRAY_BYTES_PER_NODE = 64
"""A state graph (:mod:`puzzlelib.core.graph`) as numpy arrays, per node."""
# The memory budget.
MAX_BUDGET = 8 * 2**30
"""The default budget is half the free memory, at most this (8 GiB)."""
FALLBACK_BUDGET = 2 * 2**30
"""The budget when the free memory can't be read (2 GiB)."""
ALWAYS_FITS = 8 * 2**20
"""A need of up to 8 MiB (a whole 2 x 4 space as a dict of tuples is about 3 MiB, 3 x 3's about 31) fits any memory
Python runs in, so it is never checked against the memory meters: reading /proc and the cgroup files takes
longer than a 2 x 3 search, and the notebooks run thousands of those in loops. A budget given is still applied."""
# Node limits: counts, not bytes.
SMALL_BOARD_MAX_NODES = 5_000_000
"""IDA*'s default ``max_nodes`` on boards of up to :data:`PDB_MAX_CELLS` cells (a few seconds on a 2-core
machine): every 3 x 3 board, and 98 of Korf's 100 15-puzzles with the pattern databases; a harder search
stops and says how to ask for more."""
LARGE_BOARD_MAX_NODES = 20_000_000
"""IDA*'s default ``max_nodes`` on boards of more than :data:`PDB_MAX_CELLS` cells (about half a minute):
beyond the 15-puzzle a search can run for days, so it stops and says so unless ``max_nodes`` asks for more."""
HUGE_BOARD_WORK = 5_000_000
"""On boards of more than 1,024 cells (too big for a heuristic's tables) each IDA* node costs work in
proportion to the cells (a copy of the tiles, the heuristic over every tile). By default IDA* then expands at
most this many cells' worth of nodes, ``HUGE_BOARD_WORK // cells`` (at least 10; a few seconds): a 1000 x 1000
board a few moves from its goal is solved, a far one refused quickly."""
SOLVE_MAX_NODES = 1_500_000
"""Beyond 3 x 3 the player's solve button tries IDA* for at most this many nodes (a second or two), then
falls back to the constructive solver, so the player stays responsive. Beyond 1,024 cells it tries fewer,
:data:`HUGE_BOARD_WORK` ``// cells`` (:func:`~puzzlelib.player.session.solve_budget`); beyond the constructive
solver's 300 cells a board IDA* can't solve within that is refused, at once when its Manhattan distance
already exceeds the budget."""
COMPILED_SOLVE_MAX_NODES = 10_000_000
"""The player's IDA* budget when the compiled engine runs (:mod:`puzzlelib.engines.compiled`, about 20 million
nodes a second here): about half a second, in place of :data:`SOLVE_MAX_NODES`."""
MAX_GRAPH_NODES = 50_000
"""The most boards :func:`~puzzlelib.core.graph.state_graph` puts in one graph by default (2 x 4 and smaller, about
a second); ``max_nodes`` asks for more, up to what the memory budget holds (:data:`GRAPH_BYTES_PER_NODE`)."""
GRAPH_BYTES_PER_NODE = 1024
"""A node of a networkx state graph with its attributes and edges: about 1 KiB."""
BFS_DEFAULT_MAX_NODES = 2_000_000
"""The states a BFS towards a goal (:func:`~puzzlelib.core.bfs.min_moves`, ``shortest_path``, ``dfs_path``,
``keyed_bfs``) stores by default, about four seconds: every board of 3 x 3 and 2 x 5 fits. ``max_nodes`` asks for
more, up to what the memory budget holds (:func:`state_limit`)."""
GENERIC_SEARCH_WORK = 9_000_000
"""The searches of :mod:`puzzlelib.core.generic` (a Node and a Board a state) store by default at most
``GENERIC_SEARCH_WORK // cells`` states, a few seconds (a million on 3 x 3); ``max_nodes`` asks for more, up to
what the memory budget holds."""
ASTAR_DEFAULT_MAX_NODES = 250_000
"""The nodes :func:`~puzzlelib.core.informed.astar` expands by default, a few seconds; ``max_nodes`` asks for
more, up to what the memory budget holds."""
MAX_SEARCH_STATES = 2**28
"""The largest abstract space :func:`~puzzlelib.core.pdb.pattern_table` will search: cells ** (pattern size + 1)
entries."""
MAX_BUILD_ENTRIES = 600_000_000
"""The most search entries a whole pattern database may need (the 15-puzzle's 6-6-3: 537 million, about a
minute)."""
BFS_MAX_STATES = 181_440
"""Boards with at most this many reachable states are solved from a BFS distance table (3 x 3 and smaller)."""
# Cell limits: what each representation can hold.
PDB_MAX_CELLS = 16
"""Boards with at most this many cells get a pattern database (:mod:`puzzlelib.engines.optimal`)."""
PACKED_MAX_CELLS = 14
"""A board packed into one 64-bit word (:mod:`puzzlelib.engines.frontier`): 4 bits a cell, with the blank's cell
and the used-move bits that is 14 cells."""
ALL_BOARDS_MAX_CELLS = 9
"""Every arrangement of the board as rows of one numpy array (:mod:`puzzlelib.engines.space`): 9! = 362,880 rows."""
TABLE_MAX_ENTRIES = BFS_MAX_STATES * 9
"""The most tiles a BFS distance table may hold (boards times cells): the 3 x 3 table, 181,440 boards of 9."""


def solved_by_table(rows: int, cols: int) -> bool:
    """The one rule for when a board is solved and measured from a BFS distance table: its reachable boards,
    times its cells, fit :data:`TABLE_MAX_ENTRIES` (3 x 3, 2 x 4 and smaller, and one row or column of up to
    1,277 cells). :func:`~puzzlelib.engines.optimal.solve_optimal` and the player both use it.

    >>> solved_by_table(3, 3), solved_by_table(1, 12), solved_by_table(2, 5), solved_by_table(1000, 1000)
    (True, True, False, False)
    """
    count = small_reachable_count(rows, cols)     # never counts (mn)! of a huge board
    return count is not None and count * rows * cols <= TABLE_MAX_ENTRIES


def check_max_nodes(max_nodes, default: int | None = None, *, cap: int | None = None) -> int | None:
    """Validate a ``max_nodes`` argument: a positive whole number (:func:`whole_number`), or None for ``default``.

    ``cap`` is the most the memory budget allows: ``max_nodes`` may only
    lower it, never raise it, so a huge ``max_nodes`` can't switch the
    memory guard off.

    >>> check_max_nodes(None, 100), check_max_nodes(5), check_max_nodes(10**15, cap=1000)
    (100, 5, 1000)
    >>> check_max_nodes(0)
    Traceback (most recent call last):
    ...
    ValueError: max_nodes must be at least 1, got 0
    """
    value = default if max_nodes is None else whole_number(max_nodes, "max_nodes", minimum=1)
    if cap is not None and value is not None:
        value = min(value, cap)
    return value


def _read_int(path) -> int | None:
    try:
        text = Path(path).read_text().strip()
    except OSError:
        return None
    if not text or text == "max":
        return None
    try:
        return int(text)
    except ValueError:
        return None


def _cgroup_dirs(kind: str) -> list[Path]:
    """The folders of this process's cgroup for ``kind`` ("" for v2, "memory" for v1), inner first."""
    dirs = []
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return dirs
    for line in lines:
        parts = line.split(":", 2)
        if len(parts) != 3:
            continue
        _, controllers, rel = parts
        if (kind == "" and controllers == "") or kind in controllers.split(","):
            base = Path("/sys/fs/cgroup") / (kind if kind else "")
            rel_path = Path(rel.lstrip("/"))
            for p in [base / rel_path, *[base / q for q in rel_path.parents]]:
                if p not in dirs:
                    dirs.append(p)
    return dirs


@memo(items=1)
def _cgroup_files() -> tuple[tuple[Path, Path], ...]:
    """(limit file, usage file) of each of this process's memory cgroup folders that has them (v2 first, then
    v1; inner first). Found once a process: a search asks for the budget again and again, and which
    folders a process belongs to does not change under it. The numbers in the files are read each time."""
    pairs = []
    for kind, limit, used in (("", "memory.max", "memory.current"),
                              ("memory", "memory.limit_in_bytes", "memory.usage_in_bytes")):
        for folder in _cgroup_dirs(kind):
            if (folder / limit).is_file():
                pairs.append((folder / limit, folder / used))
    return tuple(pairs)


def cgroup_available() -> int | None:
    """Bytes this process may still use under its cgroup's memory limit (v2 or v1), or None if unlimited.

    >>> m = cgroup_available()
    >>> m is None or m >= 0
    True
    """
    best = None
    for limit_file, used_file in _cgroup_files():
        limit = _read_int(limit_file)
        if limit is not None and limit < 2**60:
            free = max(0, limit - (_read_int(used_file) or 0))
            best = free if best is None else min(best, free)
    return best


def address_space_available() -> int | None:
    """Bytes of address space left under ``ulimit -v`` (RLIMIT_AS), or None if unlimited.

    >>> m = address_space_available()
    >>> m is None or m >= 0
    True
    """
    try:
        import resource
    except ImportError:          # Windows
        return None
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY or soft < 0:
        return None
    size = None
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmSize:"):
                size = int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return max(0, soft - (size or 0))


def meminfo_available() -> int | None:
    """Bytes the system reports as available (``MemAvailable`` in /proc/meminfo), or None if unknown.

    >>> m = meminfo_available()
    >>> m is None or m > 0
    True
    """
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return None


def available_memory() -> int | None:
    """Bytes this process can really use: the least of MemAvailable, ``ulimit -v`` and the cgroup limit.

    Containers (Docker, Binder, JupyterHub) limit memory with a cgroup and
    ``ulimit -v`` limits the address space; /proc/meminfo knows neither, so
    all three are read and the smallest counts. None if none is known.

    >>> m = available_memory()
    >>> m is None or m >= 0
    True
    """
    known = [m for m in (meminfo_available(), address_space_available(), cgroup_available()) if m is not None]
    return min(known) if known else None


def memory_budget() -> int:
    """The default budget in bytes: half of :func:`available_memory`, at most 8 GiB.

    >>> 0 < memory_budget() <= 8 * 2**30
    True
    """
    free = available_memory()
    if free is None:
        return FALLBACK_BUDGET
    return max(1, min(MAX_BUDGET, free // 2))


def check_budget(budget) -> int:
    """A ``budget`` argument checked: None means :func:`memory_budget`; else a positive whole number of bytes.

    >>> check_budget(1024)
    1024
    >>> check_budget(float("nan"))
    Traceback (most recent call last):
    ...
    TypeError: budget must be an integer, got nan of type float
    """
    if budget is None:
        return memory_budget()
    return whole_number(budget, "budget", minimum=1)


MAX_EXACT_CELLS = 100_000
"""Exact counts ((mn)!) are computed up to this many cells (a 456,574-digit number, 0.1 s); above, use the log10 forms."""


def _exact_cells(rows: int, cols: int) -> int:
    rows, cols = check_shape(rows, cols)
    cells = rows * cols
    if cells > MAX_EXACT_CELLS:
        raise TooLargeError(f"(mn)! for the {rows} x {cols} board has about {log10_factorial(cells):,.0f} "
                            f"digits; exact counts stop at {MAX_EXACT_CELLS:,} cells. "
                            "Use log10_reachable() for its size")
    return cells


def log10_factorial(n: int) -> float:
    """log10(n!), computed from the log-gamma function: instant for any n.

    >>> round(log10_factorial(16), 3)
    13.321
    """
    n = whole_number(n, "n", minimum=0, maximum=10**300)     # lgamma takes floats: up to about 10^305
    return lgamma(n + 1) / log(10)


def log10_reachable(rows: int, cols: int) -> float:
    """log10 of :func:`reachable_count`, instant for any shape: for size estimates and refusals.

    >>> round(log10_reachable(4, 4), 2), round(log10_reachable(1000, 1000))
    (13.02, 5565709)
    """
    rows, cols = check_shape(rows, cols)
    cells = rows * cols
    if rows == 1 or cols == 1:
        return log(cells, 10)
    return log10_factorial(cells) - log(2, 10)


def format_count(n) -> str:
    """A count for a message: with thousands separators, or as a power of ten when it is huge.

    >>> format_count(181440), format_count(factorial(100))
    ('181,440', 'about 10^158')
    """
    if isinstance(n, int) and n < 10**15:
        return f"{n:,}"
    digits = (n.bit_length() * log(2, 10)) if isinstance(n, int) else log(max(n, 1), 10)
    return f"about 10^{digits:,.0f}"


def state_count(rows: int, cols: int) -> int:
    """All arrangements of the tiles: (mn)!.

    >>> state_count(2, 3)
    720
    """
    return factorial(_exact_cells(rows, cols))


def reachable_count(rows: int, cols: int) -> int:
    """States reachable from any one board: (mn)!/2, or mn on a one-row/one-column board.

    >>> reachable_count(3, 3), reachable_count(1, 4)
    (181440, 4)
    """
    cells = _exact_cells(rows, cols)
    if rows == 1 or cols == 1:
        return cells
    return factorial(cells) // 2


SMALL_COMPONENT_DIGITS = 12
"""A component of up to 10^12 boards is counted exactly where a count helps (a table, a search's limit); a bigger
one is never counted: none of those fit memory, and (mn)! of a 1000 x 1000 board has 5.6 million digits."""


def small_reachable_count(rows: int, cols: int) -> int | None:
    """:func:`reachable_count` when the component has at most 10^12 boards; else None, at once, for any shape.

    What a table or a search's limit needs to know: whether the whole component could fit, and how big it is
    if so (:func:`solved_by_table`, :func:`state_limit`'s ``at_most``).

    >>> small_reachable_count(3, 3), small_reachable_count(1, 5), small_reachable_count(1000, 1000)
    (181440, 5, None)
    """
    rows, cols = check_shape(rows, cols)
    if log10_reachable(rows, cols) > SMALL_COMPONENT_DIGITS:
        return None
    return reachable_count(rows, cols)


def dict_bfs_bytes(states: int, cells: int) -> int:
    """Estimated bytes for a dict-and-tuple BFS that stores ``states`` boards of ``cells`` cells.

    >>> dict_bfs_bytes(181440, 9) // 2**20  # MiB for the whole 3 x 3 space
    31
    """
    states, cells = whole_number(states, "states", minimum=0), whole_number(cells, "cells", minimum=1)
    return states * (DICT_BYTES_PER_STATE_BASE + DICT_BYTES_PER_STATE_PER_CELL * cells)


def format_bytes(n: float, about: bool = False) -> str:
    """Bytes in a readable unit; ``about`` puts "about" in front unless the text already says it.

    >>> format_bytes(3 * 2**30), format_bytes(10**40), format_bytes(3 * 2**30, about=True)
    ('3.0 GiB', 'about 10^40 B', 'about 3.0 GiB')
    """
    if isinstance(n, bool) or not isinstance(n, (int, float)) or not n >= 0:
        raise (ValueError if isinstance(n, (int, float)) and not isinstance(n, bool) else TypeError)(
            f"bytes must be a number >= 0, got {short_repr(n)}")
    if about:
        text = format_bytes(n)
        return text if text.startswith("about") else f"about {text}"
    if n >= 2**60:
        return f"{format_count(n)} B"
    for unit in ("B", "KiB", "MiB", "GiB", "TiB", "PiB"):
        if n < 1024 or unit == "PiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    raise AssertionError("unreachable")


def check_full_bfs(rows: int, cols: int, budget: int | None = None) -> int:
    """Raise :class:`TooLargeError` if a full dict BFS of ``rows`` x ``cols`` would not fit.

    Returns the estimated bytes when it fits.

    >>> check_full_bfs(3, 3) < 2**30
    True
    >>> check_full_bfs(4, 4)
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: a full BFS of the 4 x 4 board would store 10,461,394,944,000 states, about ... PiB as a dict of tuples; the budget is ...
    """
    rows, cols = check_shape(rows, cols)
    cells = rows * cols
    per_state = DICT_BYTES_PER_STATE_BASE + DICT_BYTES_PER_STATE_PER_CELL * cells
    if log10_reachable(rows, cols) + log(per_state, 10) > 18:        # over an exabyte: no exact count needed
        need = float("inf")
        words = f"about 10^{log10_reachable(rows, cols):,.0f} states"
        size = f"more than 10^{log10_reachable(rows, cols) + log(per_state, 10):,.0f} bytes"
    else:
        states = reachable_count(rows, cols)
        need = dict_bfs_bytes(states, cells)
        words, size = f"{states:,} states", f"about {format_bytes(need)}"
    return refuse_over_budget(need, f"a full BFS of the {rows} x {cols} board would store {words}, "
                              f"{size} as a dict of tuples", budget)


def refuse_over_budget(need: int, what: str, budget: int | None = None) -> int:
    """Raise :class:`TooLargeError` saying ``what`` and the budget if ``need`` bytes exceed it; else return ``need``.

    >>> refuse_over_budget(10, "ten bytes", budget=100)
    10
    >>> refuse_over_budget(3 * 2**30, "a big table of 3 GiB", budget=2**30)
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: a big table of 3 GiB; the budget is 1.0 GiB (half the memory this process can use, at most 8 GiB)
    """
    if budget is None and need <= ALWAYS_FITS:      # fits any memory: the meters are not read
        return need
    budget = check_budget(budget)
    if need > budget:
        raise TooLargeError(f"{what}; the budget is {format_bytes(budget)} "
                            "(half the memory this process can use, at most 8 GiB)")
    return need


def state_limit(cells: int, budget: int | None = None, *, at_most: int | None = None) -> int:
    """How many states of ``cells`` cells a dict BFS may store within the budget.

    ``at_most`` is the most the search could ever store (its board's component, :func:`reachable_count`):
    when that many fit in :data:`ALWAYS_FITS` under the default budget, it is the answer, and the memory
    meters are not read.

    >>> state_limit(9, budget=182 * 1000)
    1000
    >>> state_limit(6, at_most=reachable_count(2, 3))
    360
    """
    cells = whole_number(cells, "cells", minimum=1)
    if at_most is not None and budget is None and dict_bfs_bytes(at_most, cells) <= ALWAYS_FITS:
        return max(1, at_most)
    budget = check_budget(budget)
    return max(1, budget // (DICT_BYTES_PER_STATE_BASE + DICT_BYTES_PER_STATE_PER_CELL * cells))


def as_array(value, what: str = "the array"):
    """``numpy.asarray(value)``, but a value too big for memory is a :class:`TooLargeError`, not a MemoryError.

    numpy sizes the array before it fills it, so ``[range(10**12)]`` is refused at once, before any of it is made.

    >>> as_array([[1, 2], [3, 0]]).shape
    (2, 2)
    >>> as_array([range(10**12)], "perms")
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: perms is too big for memory as an array (numpy could not make it)
    """
    import numpy as np

    if not isinstance(what, str):
        raise TypeError(f"what names the argument in a message, a str, got {type(what).__name__}")
    try:
        return np.asarray(value)
    except MemoryError:
        raise TooLargeError(f"{what[:80]} is too big for memory as an array (numpy could not make it)") from None


def frontier_bfs_bytes(rows: int, cols: int) -> int:
    """Estimated peak bytes of a frontier search (:mod:`puzzlelib.engines.frontier`) of a whole board.

    Half an 8-byte word per reachable state: room for the current layer, the
    next one and the sorting buffers, each at most 1/6 of the states.

    >>> frontier_bfs_bytes(3, 4) // 2**20   # MiB for the 239,500,800 states of 3 x 4
    913
    """
    if log10_reachable(rows, cols) > 30:
        raise TooLargeError(f"a frontier search of the {rows} x {cols} board would meet about "
                            f"10^{log10_reachable(rows, cols):,.0f} states; no memory holds that")
    return FRONTIER_BYTES_PER_STATE * reachable_count(rows, cols)


def check_frontier_bfs(rows: int, cols: int, budget: int | None = None) -> int:
    """Raise :class:`TooLargeError` if a frontier search of ``rows`` x ``cols`` would not fit.

    Returns the estimated bytes when it fits.

    >>> check_frontier_bfs(3, 4) < 2**30
    True
    >>> check_frontier_bfs(4, 4)
    Traceback (most recent call last):
    ...
    puzzlelib.core.errors.TooLargeError: a frontier search of the 4 x 4 board would store 10,461,394,944,000 states in all; the guard plans for about 38.1 TiB of memory at once (4 bytes a state: room for three layers of 8-byte words, none over a sixth of the states); the budget is ...
    """
    rows, cols = check_shape(rows, cols)
    need = frontier_bfs_bytes(rows, cols)
    return refuse_over_budget(
        need, f"a frontier search of the {rows} x {cols} board would store "
        f"{format_count(reachable_count(rows, cols))} states in all; the guard plans for {format_bytes(need, about=True)} "
        f"of memory at once ({FRONTIER_BYTES_PER_STATE} bytes a state: room for three layers of "
        "8-byte words, none over a sixth of the states)", budget)
