"""Building a pattern database: exact distances for groups of tiles, added up.

Pick a few tiles, a *pattern*, and forget the others: they become
anonymous free cells. In this smaller puzzle count only the moves of the
pattern's tiles (the blank wanders through free cells for nothing). A
breadth-first search from the goal gives, for every placement of the
pattern's tiles, the fewest pattern moves needed. Any real solution moves
the pattern's tiles at least that often.

Split all the tiles into disjoint patterns (for the 15-puzzle: 6, 6 and 3
tiles) and the counts *add up*, because each move moves one tile, which
belongs to one pattern. The sum is an admissible heuristic, far stronger
than Manhattan distance, which is the same construction with one tile per
pattern (Culberson and Schaeffer, 1998, introduced pattern databases;
Korf and Felner, 2002, the additive ones).

The search (:func:`pattern_table`) runs over pattern positions plus the
blank's cell with numpy, a 0-1 BFS in layers; the table keeps, for each
placement, the minimum over the blank's cell. :func:`table_problem` checks a
table's entries against what any right table must satisfy, and a sample of them
against the first layers of the same search run afresh. Keeping tables on
disk and the heuristic object built from them are the engine's
(:mod:`puzzlelib.engines.pdb`).

>>> table = pattern_table(Board.goal(2, 3), [1, 2])     # tiles 1 and 2 on 6 cells: 36 entries, 30 placements
>>> len(table), int((table < UNSEEN).sum()), int(table[table < UNSEEN].max())
(36, 30, 6)
"""

from __future__ import annotations

import random
from collections import Counter, deque
from functools import lru_cache
from math import inf, perm

import numpy as np
from puzzlelib.core.board import BLANK, Board, as_board, neighbor_array, neighbor_table
from puzzlelib.core.limits import MAX_SEARCH_STATES, TooLargeError, whole_number
from puzzlelib.core.door import door
from puzzlelib.core.errors import check_flag, number_text, short_repr
from puzzlelib.core.memo import memo


__all__ = ["UNSEEN", "BUILDER_VERSION", "largest_pattern", "default_partition", "check_partition", "check_pattern",
           "pattern_table", "pattern_table_plain", "PLAIN_MAX_STATES", "table_problem", "sample_problem"]

UNSEEN = 255
"""The entry of a placement the search never reached."""

BUILDER_VERSION = 1
"""The version of the search that builds the tables (:func:`pattern_table`). Every saved table records it (the
cache's records, the shipped tables' manifest) and one of another version is rebuilt, never used. Bump it
whenever a change to the search could change a table's bytes (its moves, its layout, :data:`UNSEEN`), and run
``scripts/ship_tables.py`` to ship tables of the new version."""


PARTITION_MAX_CELLS = 400
"""The largest board :func:`default_partition` cuts into patterns (20 x 20, a fraction of a second)."""


def largest_pattern(cells: int, cap: int = 6) -> int:
    """The largest pattern size (at most ``cap``) whose search fits in :data:`MAX_SEARCH_STATES`.

    >>> largest_pattern(16), largest_pattern(25), largest_pattern(9)
    (6, 5, 6)
    """
    for name, value, top in (("cells", cells, 1_000_000), ("cap", cap, 12)):
        whole_number(value, name, minimum=1, maximum=top)
    k = cap
    while k > 1 and cells ** (k + 1) > MAX_SEARCH_STATES:
        k -= 1
    return k


def default_partition(goal, max_size: int | None = None) -> tuple[tuple[int, ...], ...]:
    """Split the goal's tiles into few rectangular blocks of at most ``max_size`` tiles.

    Among cuts of the board into rectangles (each cut straight across a
    rectangle, as with a guillotine), take one with the fewest blocks, then
    the biggest blocks (largest sum of squared sizes). The blank's cell
    counts for nothing. For the 15-puzzle this is the 6-6-3 partition.

    >>> default_partition(Board.goal(4, 4, blank="first"))
    ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15))
    >>> default_partition(Board.goal(3, 3), max_size=4)
    ((1, 2, 3), (4, 5, 7, 8), (6,))
    """
    goal = as_board(goal, "goal")
    if max_size is not None:
        max_size = whole_number(max_size, "max_size")
    return _default_partition(goal, max_size)


@memo(items=64)
def _default_partition(goal: Board, max_size: int | None) -> tuple[tuple[int, ...], ...]:
    """:func:`default_partition` on a checked goal, remembered per goal (the player asks on every solve)."""
    rows, cols = goal.shape
    if rows * cols > PARTITION_MAX_CELLS:        # the search over cuts grows with the fourth power of the side
        raise TooLargeError(f"default_partition cuts boards of up to {PARTITION_MAX_CELLS} cells, and this one has "
                            f"{rows * cols:,}; on a board this big a pattern database is little more than "
                            "Manhattan distance: use manhattan")
    k = largest_pattern(rows * cols) if max_size is None else max_size
    if k < 1:
        raise ValueError(f"max_size must be at least 1, got {max_size}")
    br, bc = goal.blank

    @lru_cache(maxsize=None)
    def best(r0, r1, c0, c1):
        """(groups, -sum of squares, blocks) for the rectangle rows r0..r1-1, cols c0..c1-1."""
        tiles = (r1 - r0) * (c1 - c0) - (r0 <= br < r1 and c0 <= bc < c1)
        options = []
        if tiles <= k:
            options.append((1 if tiles else 0, -tiles * tiles, ((r0, r1, c0, c1),) if tiles else ()))
        for r in range(r0 + 1, r1):
            a, b = best(r0, r, c0, c1), best(r, r1, c0, c1)
            options.append((a[0] + b[0], a[1] + b[1], a[2] + b[2]))
        for c in range(c0 + 1, c1):
            a, b = best(r0, r1, c0, c), best(r0, r1, c, c1)
            options.append((a[0] + b[0], a[1] + b[1], a[2] + b[2]))
        return min(options, key=lambda o: (o[0], o[1]))

    blocks = best(0, rows, 0, cols)[2]
    groups = []
    for r0, r1, c0, c1 in blocks:
        groups.append(tuple(sorted(goal.tiles[r * cols + c] for r in range(r0, r1) for c in range(c0, c1)
                                   if goal.tiles[r * cols + c] != BLANK)))
    return tuple(sorted(groups))


def _is_list(value) -> bool:
    return isinstance(value, (list, tuple)) or (isinstance(value, np.ndarray) and value.ndim >= 1)


def check_partition(goal: Board, partition) -> tuple[tuple[int, ...], ...]:
    """Check that ``partition`` splits the goal's tiles into disjoint, non-empty groups.

    >>> check_partition(Board.goal(2, 3), [[1, 2], [3, 4, 5]])
    ((1, 2), (3, 4, 5))
    >>> check_partition(Board.goal(2, 3), [[1, 2], [2, 3, 4, 5]])
    Traceback (most recent call last):
    ...
    ValueError: the patterns must not overlap; tiles in more than one: [2]
    """
    goal = as_board(goal, "goal")
    if not _is_list(partition) or not all(_is_list(g) for g in partition):
        raise TypeError(f"a partition is a list of groups, each a list of tiles, got {short_repr(partition, 80)}")
    total = sum(len(g) for g in partition)
    if total > 2 * len(goal.tiles):            # before any group is read: a group may be a list of 10**9 tiles
        raise ValueError(f"the patterns hold {number_text(total)} tiles, but the {goal.rows} x {goal.cols} goal "
                         f"has {len(goal.tiles) - 1}")
    for g in partition:
        for t in g:
            whole_number(t, f"a tile in a pattern ({list(g)!r:.60})")
    groups = tuple(tuple(sorted(int(t) for t in g)) for g in partition)
    if not groups or not all(groups):
        raise ValueError("a partition is a non-empty list of non-empty groups of tiles")
    every = [t for g in groups for t in g]
    overlap = sorted(t for t, n in Counter(every).items() if n > 1)
    if overlap:
        raise ValueError(f"the patterns must not overlap; tiles in more than one: {overlap}")
    want = sorted(t for t in goal.tiles if t != BLANK)
    if sorted(every) != want:
        missing = sorted(set(want) - set(every))
        extra = sorted(set(every) - set(want))
        raise ValueError(f"the patterns must cover the tiles 1..{len(want)} of the "
                         f"{goal.rows} x {goal.cols} goal exactly; missing {missing}, "
                         f"not on the board {extra}")
    return groups


def check_pattern(goal: Board, pattern) -> tuple[int, ...]:
    """Check that ``pattern`` is a list of different tiles of the goal, small enough to search; return it as ints.

    The pattern's order is the table's layout, so it must be a list, tuple, range or array (not a set). The
    size of the search, cells ** (tiles + 1), is checked here, before any table or cache file is touched.

    >>> check_pattern(Board.goal(2, 3), [1, 2])
    (1, 2)
    >>> check_pattern(Board.goal(2, 3), [1, 1.5])
    Traceback (most recent call last):
    ...
    TypeError: a tile in the pattern must be an integer, got 1.5 of type float
    """
    goal = as_board(goal, "goal")
    tiles = _pattern_tiles(goal, pattern)
    n, k = len(goal.tiles), len(tiles)
    space = n ** (k + 1)
    if space > MAX_SEARCH_STATES:
        raise TooLargeError(f"a pattern of {k} tiles on {n:,} cells needs a search over {space:,} entries "
                            f"(more than {MAX_SEARCH_STATES:,}); use smaller patterns")
    return tiles


def _pattern_tiles(goal: Board, pattern) -> tuple[int, ...]:
    """:func:`check_pattern` without the size of the search: the pattern's form and tiles, for a checked goal.
    Looking a table up (:mod:`~puzzlelib.engines.shipped`) asks this much; building one asks the size too."""
    if not (_is_list(pattern) or isinstance(pattern, range)):
        raise TypeError(f"a pattern is a list of tiles (its order is the table's layout), got "
                        f"{short_repr(pattern, 80)}")
    n = len(goal.tiles)
    if len(pattern) >= n:                     # before any tile is read: a pattern may be range(10**12)
        raise ValueError(f"a pattern holds at most the {n - 1} tiles of the {goal.rows} x {goal.cols} goal, "
                         f"got {number_text(len(pattern))}")
    tiles = tuple(whole_number(t, "a tile in the pattern") for t in pattern)
    if not tiles or len(set(tiles)) != len(tiles) or not set(tiles) <= set(goal.tiles) - {BLANK}:
        raise ValueError(f"a pattern is a non-empty list of different tiles 1..{n - 1}, "
                         f"got {short_repr(list(tiles), 80)}")
    return tiles


def pattern_table(goal, pattern, *, progress: bool = False) -> np.ndarray:
    """Fewest moves of the ``pattern``'s tiles from every placement of them to the goal.

    Entry ``sum(cell[j] * cells ** j)`` (``cell[j]`` the cell of
    ``pattern[j]``) is the distance; placements that cannot occur hold 255.
    The search is a 0-1 BFS over (pattern cells, blank cell): a blank step
    into a free cell costs 0, a step that moves a pattern tile costs 1.

    >>> goal = Board.goal(2, 3)
    >>> t = pattern_table(goal, [5])         # one tile: its taxicab distance
    >>> [int(t[cell]) for cell in range(6)]
    [2, 1, 2, 1, 0, 1]
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)
    return _pattern_table(goal, pattern, check_flag(progress, "progress"))


PLAIN_MAX_STATES = 2_000_000
"""The most abstract boards :func:`pattern_table_plain` may store: a few seconds of plain Python."""


def _plain_table_args(args: dict) -> None:
    goal = args["goal"] = as_board(args["goal"], "goal")
    pattern = args["pattern"] = check_pattern(goal, args["pattern"])
    states = perm(len(goal.tiles), len(pattern) + 1)
    if states > PLAIN_MAX_STATES:
        raise TooLargeError(f"a pattern of {len(pattern)} tiles on {len(goal.tiles):,} cells has {states:,} "
                            f"abstract boards, more than the {PLAIN_MAX_STATES:,} the plain search stores; "
                            "use pattern_table")


@door(_plain_table_args)
def pattern_table_plain(goal, pattern) -> dict:
    """The table of one pattern, as it is taught: a breadth-first search over abstract boards, from the goal.

    An abstract board keeps the pattern's tiles and the blank; every other tile becomes a free cell
    (``None``). The blank steps into a free cell for nothing, or swaps with a pattern tile for one
    move: a 0-1 BFS (a free step goes to the front of the queue, a move to the back). The table maps
    each placement, the cells of ``pattern``'s tiles in its order, to the fewest moves over every cell
    of the blank. :func:`pattern_table` is the same search on numpy arrays, with the same numbers.

    >>> table = pattern_table_plain(Board.goal(2, 3), [5])       # one tile: its taxicab distance
    >>> [table[(cell,)] for cell in range(6)]
    [2, 1, 2, 1, 0, 1]
    """
    around = neighbor_table(goal.rows, goal.cols)
    start = tuple(t if t in pattern or t == BLANK else None for t in goal.tiles)
    moves = {start: 0}
    queue = deque([start])
    while queue:
        board = queue.popleft()
        blank = board.index(BLANK)
        for cell in around[blank]:
            cost = moves[board] + (board[cell] is not None)      # a pattern tile slides: one move
            nxt = list(board)
            nxt[blank], nxt[cell] = board[cell], BLANK
            nxt = tuple(nxt)
            if cost < moves.get(nxt, inf):
                moves[nxt] = cost
                if cost == moves[board]:
                    queue.appendleft(nxt)                         # free: explored before the moves
                else:
                    queue.append(nxt)
    table = {}
    for board, cost in moves.items():                             # the fewest over the blank's cells
        placement = tuple(board.index(t) for t in pattern)
        table[placement] = min(cost, table.get(placement, inf))
    return table


def _pattern_table(goal: Board, pattern: tuple[int, ...], progress: bool) -> np.ndarray:
    """The search of :func:`pattern_table`, for a checked goal and pattern (:func:`check_pattern`)."""
    n = len(goal.tiles)
    k = len(pattern)
    space = n ** (k + 1)
    # states fit int32 (space <= MAX_SEARCH_STATES = 2**28): half the memory of int64, the 15-puzzle's
    # 6-tile table is built within about 600 MB
    weights = np.array([n ** j for j in range(k)], dtype=np.int32)
    nbr = neighbor_array(goal.rows, goal.cols).astype(np.int32)   # the cells next to each cell, -1 for none
    dist = np.full(space, UNSEEN, dtype=np.uint8)
    home = [goal.tiles.index(t) for t in pattern]
    start = sum(h * n ** j for j, h in enumerate(home)) * n + goal.blank_index
    dist[start] = 0
    total = perm(n, k + 1)
    bar = _progress_bar(total, f"pattern {'-'.join(map(str, pattern))}") if progress else None

    def decode(states):
        placement, blank = np.divmod(states, n)
        return placement, blank, [(placement // w) % n for w in weights]

    def keep_new(candidates, depth):
        candidates = candidates[dist[candidates] == UNSEEN]
        if candidates.size:
            candidates = np.unique(candidates)
            dist[candidates] = depth
        return candidates

    frontier = np.array([start], dtype=np.int32)
    depth = 0
    while frontier.size:
        layer, fresh = [frontier], frontier
        while fresh.size:  # free blank steps: same depth
            found = []
            for part in np.array_split(fresh, max(1, fresh.size // CHUNK)):
                placement, blank, cells = decode(part)
                for d in range(4):
                    to = nbr[blank, d]
                    ok = to >= 0
                    for c in cells:
                        ok &= to != c
                    found.append(keep_new(placement[ok] * n + to[ok], depth))
            fresh = np.concatenate(found)
            layer.append(fresh)
        layer = np.concatenate(layer)
        if bar is not None:
            bar.update(layer.size)
        found = []
        for part in np.array_split(layer, max(1, layer.size // CHUNK)):
            placement, blank, cells = decode(part)
            for d in range(4):
                to = nbr[blank, d]
                for j, c in enumerate(cells):  # pattern tile j slides from `to` into the blank
                    hit = to == c
                    moved = placement[hit] + (blank[hit] - to[hit]) * weights[j]
                    found.append(keep_new(moved * n + to[hit], depth + 1))
        frontier = np.concatenate(found)
        depth += 1
    if bar is not None:
        bar.close()
    return dist.reshape(n ** k, n).min(axis=1)


CHUNK = 500_000
"""States decoded at a time by :func:`pattern_table` (each chunk's temporaries take about 30 MB)."""


def _progress_bar(total: int, what: str):
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=f"building {what}", unit=" states", unit_scale=True)


def _pattern_manhattan(goal: Board, pattern) -> np.ndarray:
    """For every entry of the table, the taxicab distance of the pattern's tiles to their goal cells."""
    n, k, cols = len(goal.tiles), len(pattern), goal.cols
    dtype = np.uint8 if k * (goal.rows + cols - 2) < UNSEEN else np.int32
    row, col = np.divmod(np.arange(n), cols)
    total = np.zeros((1,) * k, dtype=dtype)
    for j, t in enumerate(pattern):       # entry sum(cell[j] * n ** j): tile j is axis k - 1 - j
        hr, hc = divmod(goal.tiles.index(t), cols)
        shape = [1] * k
        shape[k - 1 - j] = n
        total = total + (np.abs(row - hr) + np.abs(col - hc)).astype(dtype).reshape(shape)
    return total.reshape(-1)


def table_problem(goal, pattern, table, stated: dict | None = None) -> str | None:
    """What is wrong with ``table`` as the table of ``pattern`` for ``goal``, or None if nothing.

    Quick checks, each a property every correct table has:

    * a flat uint8 array of ``cells ** len(pattern)`` entries;
    * the entry of the goal placement is 0 (the minimum over the blank's
      cells, and the blank can be at its goal cell);
    * every other entry is UNSEEN or at least the taxicab distance of the
      pattern's tiles, with the same parity (each counted move shifts one
      pattern tile by one cell; free blank steps shift none);
    * on a board at least 2 x 2 with 3 or more cells left outside the
      pattern, every placement of the pattern's tiles on distinct cells
      occurs, so exactly ``perm(cells, len(pattern))`` entries are seen;
    * with ``stated`` (the metadata of a saved table): its ``max`` and
      ``reachable`` are the table's largest entry (the bound no entry may
      exceed, below UNSEEN) and number of seen entries;
    * a sample of its entries agrees with a fresh search (:func:`sample_problem`):
      the placements a few moves from the goal hold exactly their distance, and
      random placements are consistent with their neighbours. A table that is
      wrong everywhere in the same way (every entry + 2, say) passes the
      checks above but not this one.

    >>> goal = Board.goal(2, 3)
    >>> t = pattern_table(goal, [1, 2])
    >>> table_problem(goal, [1, 2], t) is None
    True
    >>> table_problem(goal, [1, 2], np.zeros_like(t))
    'an entry is below the taxicab distance of its tiles (35 of them)'
    >>> table_problem(goal, [1, 2], np.full_like(t, 30))
    'the entry for the goal placement is 30, not 0'
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)
    if stated is not None and not isinstance(stated, dict):
        raise TypeError(f"stated must be a dict (a table's metadata) or None, got {type(stated).__name__}")
    return _table_problem(goal, pattern, table, stated)


def _table_problem(goal: Board, pattern, table, stated: dict | None) -> str | None:
    """:func:`table_problem` for a checked goal and pattern."""
    n, k = len(goal.tiles), len(pattern)
    if not isinstance(table, np.ndarray) or table.dtype != np.uint8:
        return f"it holds {getattr(table, 'dtype', type(table).__name__)}, not uint8"
    if table.shape != (n ** k,):
        return f"it has shape {table.shape}, not ({n ** k},)"
    home = sum(goal.tiles.index(t) * n ** j for j, t in enumerate(pattern))
    if table[home] != 0:
        return f"the entry for the goal placement is {int(table[home])}, not 0"
    seen = table != UNSEEN
    manhattan_sum = _pattern_manhattan(goal, pattern)
    low = seen & (table < manhattan_sum)
    if low.any():
        return f"an entry is below the taxicab distance of its tiles ({int(low.sum()):,} of them)"
    odd = seen & ((table ^ manhattan_sum) & 1).astype(bool)
    if odd.any():
        return (f"an entry has the wrong parity for the taxicab distance of its tiles "
                f"({int(odd.sum()):,} of them)")
    reachable = int(np.count_nonzero(seen))
    placements = perm(n, k)
    if min(goal.shape) >= 2 and k <= n - 3 and reachable != placements:
        return f"it has {reachable:,} placements with a distance, not {placements:,}"
    if reachable > placements:
        return f"it has {reachable:,} placements with a distance, more than the {placements:,} possible"
    if stated is not None:
        largest = int(table[seen].max())
        if stated.get("max") != largest or largest >= UNSEEN:
            return f"its largest entry is {largest}, but its metadata says {stated.get('max')!r}"
        if stated.get("reachable") != reachable:
            return (f"it has {reachable:,} placements with a distance, but its metadata says "
                    f"{stated.get('reachable')!r}")
    return _sample_problem(goal, pattern, table)


SAMPLE_STATES = 3_000
"""The most abstract states (placement, blank's cell) :func:`sample_problem`'s search from the goal stores beyond
its first layer: a few hundredths of a second in pure Python."""
SAMPLE_PLACEMENTS = 24
"""The random placements :func:`sample_problem` checks against their neighbours."""
SAMPLE_SEED = 47
"""The seed of those placements: the same sample every time, so a check that fails once fails again."""


def sample_problem(goal, pattern, table) -> str | None:
    """What a fresh search says is wrong with a sample of ``table``'s entries, or None.

    A table's record (size, SHA-256, largest entry) proves it was not damaged, not that it is right. Here a
    fresh search checks a sample of the entries, in two ways:

    * near the goal, exactly: the search :func:`pattern_table` runs, from the goal, layer by layer, for as
      many whole layers as :data:`SAMPLE_STATES` states allow (``radius`` pattern moves). Every placement it
      meets must hold its distance; every other placement, more than ``radius``;
    * anywhere, by its neighbours: for :data:`SAMPLE_PLACEMENTS` random placements (seeded) whose free cells
      form one region, the blank can reach every free cell for nothing, so a move of one pattern tile into a
      free cell next to it leads to a placement at most one more away, and one such move leads one closer
      (unless the placement is the goal's).

    >>> goal = Board.goal(3, 3)
    >>> table = pattern_table(goal, [7, 8])
    >>> sample_problem(goal, [7, 8], table) is None
    True
    >>> wrong = table.copy(); wrong[(wrong != UNSEEN) & (wrong > 0)] += 2     # every entry but the goal's + 2
    >>> table_problem(goal, [7, 8], wrong, stated=None) == sample_problem(goal, [7, 8], wrong)
    True
    >>> sample_problem(goal, [7, 8], wrong)
    'a fresh search from the goal gives other distances for 71 of the 72 placements within 7 moves of it (one 1 move away holds 3)'
    """
    goal = as_board(goal, "goal")
    pattern = check_pattern(goal, pattern)
    n, k = len(goal.tiles), len(pattern)
    if not isinstance(table, np.ndarray) or table.dtype != np.uint8 or table.shape != (n ** k,):
        raise TypeError(f"table must be a flat uint8 array of {n ** k:,} entries, got {short_repr(table, 80)}")
    return _sample_problem(goal, pattern, table)


def _sample_problem(goal: Board, pattern: tuple[int, ...], table: np.ndarray) -> str | None:
    """:func:`sample_problem` for a checked goal and pattern and a table of the right shape and dtype."""
    n = len(goal.tiles)
    weights = [n ** j for j in range(len(pattern))]
    near, radius, whole = _near_goal(goal, pattern, SAMPLE_STATES)
    index = np.fromiter((sum(c * w for c, w in zip(cells, weights)) for cells in near), dtype=np.int64,
                        count=len(near))
    want = np.fromiter(near.values(), dtype=np.int64, count=len(near))
    wrong = np.flatnonzero(table[index] != want)
    within = f"within {radius} move{'s' * (radius != 1)} of it"
    if wrong.size:
        first = wrong[np.argmin(want[wrong])]
        away = int(want[first])
        return (f"a fresh search from the goal gives other distances for {wrong.size:,} of the {len(near):,} "
                f"placements {within} (one {away} move{'s' * (away != 1)} away holds {int(table[index[first]])})")
    claimed = int(np.count_nonzero(table != UNSEEN if whole else table <= radius))
    if claimed != len(near):       # every entry of the table, at once: none but these is that close
        return (f"{claimed - len(near):,} more of its placements than a fresh search finds "
                + ("can be reached at all" if whole else f"are {within} of the goal"))
    if whole:
        return None
    adjacent = neighbor_table(goal.rows, goal.cols)
    rng = random.Random(SAMPLE_SEED)
    for _ in range(SAMPLE_PLACEMENTS if n <= 1024 else 0):     # beyond, each region's flood fill costs too much
        cells = tuple(rng.sample(range(n), len(pattern)))
        here = sum(c * w for c, w in zip(cells, weights))
        value = int(table[here])
        if value == UNSEEN or not _one_region(cells, adjacent, n):
            continue
        steps = [int(table[here + (f - c) * weights[j]])       # tile j slides from c into a free cell f
                 for j, c in enumerate(cells) for f in adjacent[c] if f not in cells]
        if max(steps) > value + 1:
            return (f"a placement {value} moves from the goal has a neighbour (one move of a pattern tile away) "
                    f"it holds to be {max(steps)} moves away")
        if value > 0 and min(steps) >= value:
            return (f"a placement {value} moves from the goal has no neighbour (one move of a pattern tile away) "
                    f"any closer to the goal (the closest holds {min(steps)})")
    return None


def _near_goal(goal: Board, pattern: tuple[int, ...], cap: int) -> tuple[dict, int, bool]:
    """(distances, radius, whole): the distance of every placement (the cells of the pattern's tiles) within
    ``radius`` pattern moves of the goal. It is :func:`pattern_table`'s search in pure Python, whole layers only,
    until more than ``cap`` states are stored (the first layer is always whole); ``whole`` when it ran out of
    states first: then it met every placement that can be reached."""
    adjacent = neighbor_table(goal.rows, goal.cols)
    start = (tuple(goal.tiles.index(t) for t in pattern), goal.blank_index)
    seen = {start}
    near: dict[tuple, int] = {}
    layer, depth = [start], 0
    while True:
        i = 0
        while i < len(layer):                     # free blank steps: same depth
            cells, blank = layer[i]
            for to in adjacent[blank]:
                if to not in cells and (cells, to) not in seen:
                    seen.add((cells, to))
                    layer.append((cells, to))
            i += 1
            if depth and len(seen) > cap:
                return near, depth - 1, False     # this layer is not whole: the last whole one counts
        for cells, _ in layer:
            near.setdefault(cells, depth)
        following = []
        for cells, blank in layer:                # a pattern tile slides from `to` into the blank: one move
            for to in adjacent[blank]:
                if to in cells:
                    j = cells.index(to)
                    state = (cells[:j] + (blank,) + cells[j + 1:], to)
                    if state not in seen:
                        seen.add(state)
                        following.append(state)
        if not following:
            return near, depth, True
        if len(seen) > cap:
            return near, depth, False
        layer = following
        depth += 1


def _one_region(cells: tuple, adjacent, n: int) -> bool:
    """Do the cells outside ``cells`` form one region (the blank can reach each of them from any other)?"""
    blocked = set(cells)
    first = next(c for c in range(n) if c not in blocked)
    seen, todo = {first}, [first]
    while todo:
        for d in adjacent[todo.pop()]:
            if d not in blocked and d not in seen:
                seen.add(d)
                todo.append(d)
    return len(seen) == n - len(blocked)
