"""Pictures of breadth-first search on small boards: layers, distance profiles, keys stored (notebooks 00 and 02).

Each function takes what the notebook worked out (boards, BFS layers, distance counts, the
results of ``keyed_bfs``), draws one figure, gives it an alt text with
:func:`~puzzlelib.draw.describe` and returns the Figure; the notebook shows it with
``plt.show()``. Text is drawn at 12 pt (``font.size``) whatever the caller's rcParams, so a
figure looks the same in a notebook, a test or a script.
"""

from __future__ import annotations

from math import ceil, log10
from numbers import Integral

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, Board, as_board, moves_table
from puzzlelib.core.errors import check_flag, whole_number
from puzzlelib.draw import FONT, _plt, _tick_labels, describe, draw_board, draw_path

__all__ = ["puzzle_and_goal", "shortest_solution", "distance_profile", "blank_moves", "one_move_away",
           "first_layers", "distance_along_paths", "keys_stored", "hardest_boards"]

MAX_BOARDS_IN_A_ROW = 10
"""one_move_away, first_layers and hardest_boards draw at most this many boards side by side."""
BAND = 7
"""distance_profile(log=True) names the share of boards in the fullest band of this many distances."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def _series(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _over(board: Board) -> str:
    """'1 2 3 over 4 blank 5': a board's rows in words."""
    return " over ".join(" ".join("blank" if t == BLANK else str(t) for t in row) for row in board.grid)


def _semicolons(board: Board) -> str:
    """'4 1 blank; 2 5 3; 7 8 6': a board's rows in words."""
    return "; ".join(" ".join("blank" if t == BLANK else str(t) for t in row) for row in board.grid)


MAX_DRAWN_ITEMS = 100_000
"""The most items (boards, counts) a figure of this module takes in one argument."""


def _list(value, what: str) -> list:
    if isinstance(value, (str, bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{what} is a list, got {type(value).__name__}")
    if hasattr(value, "__len__") and len(value) > MAX_DRAWN_ITEMS:       # before a range(10**12) is read
        raise ValueError(f"{what} has {len(value):,} items; a figure draws up to {MAX_DRAWN_ITEMS:,}")
    return list(value)


def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise TypeError(f"{what} holds whole numbers, got {value!r}")
    return int(value)


def _boards(value, what: str) -> list[Board]:
    boards = [as_board(b, what) for b in _list(value, f"{what} (a list of boards)")]
    if not boards:
        raise ValueError(f"{what} is empty; there is nothing to draw")
    if len(boards) > MAX_BOARDS_IN_A_ROW:
        raise ValueError(f"{what} has {len(boards)} boards; this figure draws at most {MAX_BOARDS_IN_A_ROW} in a row")
    return boards


def puzzle_and_goal(start, goal):
    """A puzzle and its goal, side by side; return the Figure.

    >>> from puzzlelib import Board
    >>> fig = puzzle_and_goal(Board([[4, 1, 0], [2, 5, 3], [7, 8, 6]]), Board.goal(3, 3))
    >>> [ax.get_title() for ax in fig.axes]
    ['a puzzle', 'the goal']
    """
    start, goal = as_board(start, "start"), as_board(goal, "goal")
    if start.shape != goal.shape:
        raise ValueError(f"the puzzle is {start.rows} x {start.cols} but the goal {goal.rows} x {goal.cols}")
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, 2, figsize=(4.4, 2.4))
        draw_board(start, axes[0], title="a puzzle")
        draw_board(goal, axes[1], title="the goal")
    return describe(fig, f"Two {start.rows} x {start.cols} boards side by side. Left, a puzzle, row by row: "
                         f"{_semicolons(start)}. Right, the goal: {_semicolons(goal)}.")


def _one_move(a: Board, b: Board) -> bool:
    return a.shape == b.shape and b in a.neighbors()


def shortest_solution(path, *, per_row: int = 5):
    """A solution as a filmstrip, ``per_row`` boards a row, each moved tile dark blue; return the Figure.

    ``path`` is the list of boards from the puzzle to the goal, as
    :func:`~puzzlelib.shortest_path` gives it. The alt text lists the tiles slid, in order.

    >>> from puzzlelib import Board, shortest_path
    >>> fig = shortest_solution(shortest_path(Board([[4, 1, 2], [5, 0, 3]])))
    >>> fig.texts[0].get_text()
    'A shortest solution: 5 moves (the moved tile is dark blue)'
    """
    path = [as_board(b, "a board of the path") for b in _list(path, "a path (the boards from start to goal)")]
    if len(path) < 2:
        raise ValueError(f"a solution has at least two boards, the puzzle and the goal; got {len(path)}")
    for i, (a, b) in enumerate(zip(path, path[1:])):
        if not _one_move(a, b):
            raise ValueError(f"boards {i} and {i + 1} of the path are not one move apart")
    whole_number(per_row, "per_row", minimum=1)
    moves = len(path) - 1
    fig = draw_path(path, per_row=per_row,            # draw_path sets every text size itself
                    title=f"A shortest solution: {_plural(moves, 'move')} (the moved tile is dark blue)")
    return describe(fig, f"A shortest solution as {len(path)} boards in {_words(-(-len(path) // per_row))} "
                         f"row{'s' * (len(path) > per_row)}, from the puzzle to the goal in {_plural(moves, 'move')}, "
                         "each tile just moved dark blue. The tiles slid, in order: "
                         + ", ".join(str(a.tiles[b.blank_index]) for a, b in zip(path, path[1:])) + ".")


def _counts(counts) -> list[int]:
    counts = [_whole(c, "counts") for c in _list(counts, "counts (the number of boards at each distance)")]
    if not counts:
        raise ValueError("counts is empty; there is nothing to draw")
    if counts[0] != 1:
        raise ValueError(f"counts[0] counts the goal alone, so it is 1, got {counts[0]}")
    if min(counts) < 1:
        raise ValueError(f"every distance up to the farthest has boards; got a count of {min(counts)}")
    return counts


def distance_profile(counts, rows, cols, *, log: bool = False):
    """Bars: how many ``rows`` x ``cols`` boards are each number of moves from the goal; return the Figure.

    ``counts[d]`` is the number of boards exactly ``d`` moves from the goal, as
    :func:`~puzzlelib.distance_counts` gives it. With ``log=False`` the bars are on a linear
    axis and an arrow marks the farthest boards (notebook 02); with ``log=True`` the axis is
    logarithmic, so the one goal shows as well as the peak, and the goal, the peak and the
    farthest bars carry their counts (notebook 00).

    >>> fig = distance_profile([1, 2, 3, 5, 6, 2], 2, 3)
    >>> fig.axes[0].get_title(), len(fig.axes[0].patches)
    ('2 x 3: 19 boards by distance from the goal', 6)
    """
    counts = _counts(counts)
    rows, cols = whole_number(rows, "rows", minimum=1), whole_number(cols, "cols", minimum=1)
    log = check_flag(log, "log")
    from matplotlib.ticker import FuncFormatter

    plt = _plt()
    total, last, peak = sum(counts), len(counts) - 1, max(counts)
    at_peak = counts.index(peak)
    with plt.rc_context(FONT):
        if log:
            fig, ax = plt.subplots(figsize=(9, 4))
            bars = ax.bar(range(len(counts)), counts, color=palette.SERIES[0], edgecolor="black", linewidth=0.6)
            ax.bar_label(bars, labels=[f"{c:,}" if d in (0, at_peak, last) else "" for d, c in enumerate(counts)],
                         padding=3, fontsize=11)          # the goal, the peak and the farthest boards, labelled
            ax.set_yscale("log")        # a log axis: the 1 board at distance 0 shows as well as the peak
            ax.set_ylim(0.5, 2 * 10 ** ceil(log10(peak)))
            ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:,.0f}"))
            ax.grid(axis="y", color="0.85", linewidth=0.8)
            ax.set_axisbelow(True)
            ax.set_xlim(-1, len(counts))
            ax.set_xlabel("fewest moves to the goal")
            ax.set_ylabel("number of boards\n(log scale)")
            ax.set_title(f"All {total:,} solvable {rows} x {cols} boards, by distance from the goal")
            _tick_labels(fig)
            fig.tight_layout()
        else:
            fig, ax = plt.subplots(figsize=(8, 3.8))
            ax.bar(range(len(counts)), counts, color=palette.SERIES[0], edgecolor="black")
            ax.annotate(f"{_plural(counts[-1], 'board')},\n{last} moves", (last, counts[-1]),
                        xytext=(last - 1.8, peak / 2), ha="center", arrowprops=dict(arrowstyle="->", lw=1.5))
            ax.set_xlabel("fewest moves to the goal")
            ax.set_ylabel("number of boards")
            ax.set_title(f"{rows} x {cols}: {total:,} boards by distance from the goal")
            _tick_labels(fig)
    if log:
        first = counts[:5]
        band = ""
        if len(counts) >= BAND:
            lo = max(range(len(counts) - BAND + 1), key=lambda i: sum(counts[i:i + BAND]))
            band = (f" About {sum(counts[lo:lo + BAND]) / total:.0%} of the boards are {lo} to {lo + BAND - 1} "
                    "moves away.")
        return describe(fig, f"Bars on a log scale count the {total:,} solvable {rows} x {cols} boards by their "
                             f"fewest moves to the goal, 0 to {last}: {', '.join(map(str, first))} at distances 0 to "
                             f"{len(first) - 1}, rising to a peak of {peak:,} boards at {at_peak} moves, then falling "
                             f"fast to {counts[-1]:,} boards at {last}.{band}")
    return describe(fig, f"Bars count the {total:,} solvable {rows} x {cols} boards by their fewest moves to the goal, "
                         f"0 to {last}. The counts rise from {counts[0]} to a peak of {peak:,} boards at {at_peak} "
                         f"moves, then fall; an arrow marks the {_plural(counts[-1], 'board')} {last} moves away.")


def blank_moves(moves, cols):
    """The cells of a board, an arrow between each two the blank can swap between; return the Figure.

    ``moves`` is ``moves_table(rows, cols)``: ``moves[cell]`` lists the cells next to
    ``cell``. Cells with 2 neighbours (corners) are plain; cells with 3 are blue and
    hatched ``//``, cells with 4 green and hatched ``xx``, so the count does not rest on
    colour alone. Boards of up to 16 cells.

    >>> from puzzlelib.core.board import moves_table
    >>> fig = blank_moves(moves_table(2, 3), 3)
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    ['corner: 2 neighbours', 'middle: 3 neighbours']
    """
    from matplotlib.patches import Patch, Rectangle

    cols = whole_number(cols, "cols", minimum=2, maximum=4)
    moves = [[_whole(c, "moves") for c in _list(m, "moves[cell]")] for m in _list(moves, "moves")]
    if len(moves) % cols or not 2 <= len(moves) // cols <= 4:
        raise ValueError(f"moves has {len(moves)} cells: that is not 2 to 4 rows of {cols}")
    rows = len(moves) // cols
    if moves != moves_table(rows, cols):
        raise ValueError(f"moves is not the moves table of a {rows} x {cols} board: {moves_table(rows, cols)}")
    middle = "middle" if min(rows, cols) == 2 else "edge"
    kinds = {2: ("corner", palette.TILE, None), 3: (middle, palette.MUTED, "//"),
             4: ("inside", palette.OKABE_ITO["bluish green"], "xx")}
    plt = _plt()
    pitch = 1.5                                        # a cell is 1 wide, with 0.5 between cells for the arrows
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=((pitch * (cols - 1) + 1.2) * 5 / 3, 1.9 + pitch * (rows - 1) + 1.2))
        for cell, nbrs in enumerate(moves):
            r, c = divmod(cell, cols)
            x, y = pitch * c, pitch * (rows - 1 - r)
            _, face, hatch = kinds[len(nbrs)]
            ax.add_patch(Rectangle((x, y), 1, 1, facecolor=face, edgecolor=palette.TILE_EDGE, hatch=hatch, lw=1.5))
            ax.text(x + 0.5, y + 0.66, str(cell), ha="center", va="center", fontsize=24, fontweight="bold",
                    bbox=dict(facecolor="white", edgecolor="none", pad=1))
            ax.text(x + 0.5, y + 0.25, "to " + ", ".join(map(str, nbrs)), ha="center", va="center",
                    fontsize=13, bbox=dict(facecolor="white", edgecolor="none", pad=1))
            for other in nbrs:                             # one double arrow per pair of neighbouring cells
                if other > cell:
                    r2, c2 = divmod(other, cols)
                    a = (x + 0.5 + 0.5 * (c2 - c), y + 0.5 - 0.5 * (r2 - r))
                    b = (pitch * c2 + 0.5 - 0.5 * (c2 - c), pitch * (rows - 1 - r2) + 0.5 + 0.5 * (r2 - r))
                    ax.annotate("", xy=b, xytext=a, arrowprops=dict(arrowstyle="<->", lw=2.5, color=palette.ACCENT))
        present = sorted({len(nbrs) for nbrs in moves})
        ax.legend(handles=[Patch(facecolor=kinds[d][1], edgecolor=palette.TILE_EDGE, hatch=kinds[d][2],
                                 label=f"{kinds[d][0]}: {d} neighbours") for d in present],
                  loc="upper center", bbox_to_anchor=(0.5, -0.02), ncol=min(len(present), 2), frameon=False)
        ax.set_xlim(-0.1, (cols - 1) * pitch + 1.1)
        ax.set_ylim(-0.1, (rows - 1) * pitch + 1.1)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.set_title(f"The {rows} x {cols} cells, numbered row by row;\n"
                     "an arrow joins two cells the blank can swap between")
    others = "; ".join(f"the {kinds[d][0]} cells, {_series(c for c, n in enumerate(moves) if len(n) == d)}, "
                       f"hatched, have {d}" for d in present if d > 2)
    return describe(fig, f"The {_words(len(moves))} cells of a {rows} x {cols} board, numbered 0 to {len(moves) - 1} "
                         "row by row, a double arrow joining each two cells the blank can swap between, "
                         f"{sum(map(len, moves)) // 2} arrows in all: "
                         + "; ".join(f"{cell} to {', '.join(map(str, nbrs))}" for cell, nbrs in enumerate(moves))
                         + ". The corner cells have 2 neighbours" + (f"; {others}." if others else "."))


def one_move_away(start, boards):
    """The start, then each board one move from it, the moved tile dark; return the Figure.

    ``boards`` are the boards of BFS layer 1 (``layer.boards()``), in the order the search
    found them; each is titled with the cell the blank swapped with.

    >>> from puzzlelib import Board
    >>> start = Board([[1, 2, 3], [4, 0, 5]])
    >>> fig = one_move_away(start, start.neighbors())
    >>> [ax.get_title() for ax in fig.axes][:2]
    ['start: blank in cell 4', 'swap with cell 1']
    """
    start = as_board(start, "start")
    boards = _boards(boards, "boards")
    if len(boards) + 1 > MAX_BOARDS_IN_A_ROW:
        raise ValueError(f"this figure draws the start and at most {MAX_BOARDS_IN_A_ROW - 1} boards")
    for b in boards:
        if not _one_move(start, b):
            raise ValueError(f"the board {_over(b)} is not one move from the start {_over(start)}")
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, len(boards) + 1, figsize=(2.25 * (len(boards) + 1), 2.3))
        draw_board(start, axes[0], title=f"start: blank in cell {start.blank_index}")
        for ax, b in zip(axes[1:], boards):
            draw_board(b, ax, title=f"swap with cell {b.blank_index}", highlight=[start.tiles[b.blank_index]])
        fig.suptitle("Layer 1 of the search: every board one move from the start (moved tile dark)", fontsize=13)
        fig.tight_layout()
    goal = Board.goal(*start.shape)
    said = ""
    if goal in boards:
        which = ("The last of them" if boards[-1] == goal else
                 f"Of them, the one with the blank in cell {goal.blank_index}")
        said = f" {which} is the goal, {_over(goal)}."
    return describe(fig, f"{_words(len(boards) + 1).capitalize()} {start.rows} x {start.cols} boards in a row. First "
                         f"the start, {_over(start)}, the blank in cell {start.blank_index}; then the "
                         f"{_plural(len(boards), 'board')} one move away, the blank swapped with "
                         + "; ".join(f"cell {b.blank_index} (tile {start.tiles[b.blank_index]} moved)" for b in boards)
                         + "." + said)


def first_layers(layers):
    """The first BFS layers as rows of small boards, one row per layer; return the Figure.

    ``layers`` are :class:`~puzzlelib.core.bfs.Layer` objects from
    :func:`~puzzlelib.bfs_layers` (or lists of boards, layer 0 first); each row is labelled
    with its distance from the root, the one board of layer 0.

    >>> from puzzlelib import Board, bfs_layers
    >>> layers = list(bfs_layers(Board.goal(2, 3)))[:3]
    >>> fig = first_layers(layers)
    >>> fig.texts[0].get_text()
    'The first three BFS layers around the 2 x 3 goal, one row per layer'
    """
    layers = _list(layers, "layers")
    if not layers:
        raise ValueError("layers is empty; there is nothing to draw")
    rows_of_boards = [_boards(layer.boards() if hasattr(layer, "boards") else layer, f"layer {i}")
                      for i, layer in enumerate(layers)]
    depths = [whole_number(getattr(layer, "depth", i), "a layer's depth", minimum=0) for i, layer in enumerate(layers)]
    if depths != list(range(len(layers))):
        raise ValueError(f"layers are the first layers of one search, depths 0, 1, 2, ...; got depths {depths}")
    if len(rows_of_boards[0]) != 1:
        raise ValueError(f"layer 0 is the root alone, one board; got {len(rows_of_boards[0])}")
    root = rows_of_boards[0][0]
    if any(b.shape != root.shape for row in rows_of_boards for b in row):
        raise ValueError("every board of the layers has the same shape")
    is_goal = root == Board.goal(*root.shape)
    plt = _plt()
    width = max(map(len, rows_of_boards))
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(len(layers), width, figsize=(1.7 * width, 1.3 * len(layers)), squeeze=False)
        for boards, depth, row in zip(rows_of_boards, depths, axes):
            for ax in row[len(boards):]:
                ax.set_visible(False)
            for ax, b in zip(row, boards):
                draw_board(b, ax, fontsize=13)
            row[0].set_ylabel(f"distance {depth}", rotation=0, ha="right", va="center")
        fig.suptitle(f"The first {_words(len(layers))} BFS layers around the {root.rows} x {root.cols} "
                     f"{'goal' if is_goal else 'start'}, one row per layer", fontsize=13)
        fig.tight_layout()
    return describe(fig, f"{len(layers)} rows of small {root.rows} x {root.cols} boards, one row per BFS layer around "
                         f"the {'goal' if is_goal else 'start'} {_over(root)}: "
                         + ", ".join(f"{len(boards)} at distance {depth}" for boards, depth in zip(rows_of_boards, depths))
                         + (". Each board is one move from a board in the row above." if len(layers) > 1 else "."))


def _walk(distances, what: str) -> list[int]:
    distances = [_whole(d, what) for d in _list(distances, what)]
    if len(distances) < 2:
        raise ValueError(f"{what} has the distances of a path of one move or more, got {distances}")
    if distances[-1] != 0 or min(distances) < 0:
        raise ValueError(f"{what} ends at the goal, distance 0, and never goes below it; got {distances}")
    if any(abs(a - b) != 1 for a, b in zip(distances, distances[1:])):
        raise ValueError(f"one move changes the distance to the goal by exactly 1; {what} does not: {distances}")
    return distances


def distance_along_paths(dfs, bfs):
    """Two lines: the distance to the goal at each move along a DFS path and along a BFS path; return the Figure.

    ``dfs`` and ``bfs`` list the fewest moves to the goal from each board of the two paths,
    in order (``[d23[b.tiles] for b in path]``); both start at the same board and end at the goal.

    >>> fig = distance_along_paths([1, 2, 3, 2, 1, 0], [1, 0])
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    ['DFS path (5 moves)', 'BFS path (1 move)']
    """
    from matplotlib.ticker import MaxNLocator

    dfs, bfs = _walk(dfs, "dfs"), _walk(bfs, "bfs")
    if dfs[0] != bfs[0]:
        raise ValueError(f"both paths start at the same board: dfs starts at distance {dfs[0]}, bfs at {bfs[0]}")
    if len(bfs) - 1 != bfs[0]:
        raise ValueError(f"a BFS path is a shortest path: {bfs[0]} moves from distance {bfs[0]}, got {len(bfs) - 1}")
    plt = _plt()
    away = f"{_words(bfs[0])} move{'s' * (bfs[0] != 1)}"
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(8, 3.8))
        ax.plot(dfs, "-", marker=".", color=palette.SERIES[0], label=f"DFS path ({_plural(len(dfs) - 1, 'move')})")
        ax.plot(bfs, "--", marker="s", ms=8, color=palette.SERIES[3], label=f"BFS path ({_plural(len(bfs) - 1, 'move')})")
        ax.set_title(f"Start {away} from the goal: distance to the goal along each path")
        ax.set_xlabel("move number along the path")
        ax.set_ylabel("distance to the goal")
        ax.yaxis.set_major_locator(MaxNLocator(integer=True))
        ax.legend(loc="upper left")
        _tick_labels(fig)
    return describe(fig, f"Distance to the goal, step by step, along two paths from a start {away} from the goal. "
                         f"The BFS path takes {_plural(len(bfs) - 1, 'move')}, from {bfs[0]} to 0. The DFS path takes "
                         f"{_plural(len(dfs) - 1, 'move')}, going up or down by one each move, as far as {max(dfs)} "
                         "moves from the goal, before it comes back to 0.")


def _result(value, what: str) -> tuple:
    """(moves, reached) of a KeyedResult or a pair."""
    if hasattr(value, "moves") and hasattr(value, "reached"):
        moves, reached = value.moves, value.reached
    elif isinstance(value, (tuple, list)) and len(value) == 2:
        moves, reached = value
    else:
        raise TypeError(f"{what} holds keyed_bfs results (moves, reached), got {value!r}")
    return (None if moves is None else _whole(moves, what)), _whole(reached, what)


def keys_stored(solved, failed):
    """Dots: the keys BFS stored against the fewest moves, for each board that reaches the goal; return the Figure.

    ``solved`` and ``failed`` are :func:`~puzzlelib.core.bfs.keyed_bfs` results (or
    ``(moves, reached)`` pairs): for the boards that reach the goal, and for the others
    (``moves`` None), which all store the same number of keys, their whole component.
    Together they are every arrangement: a dotted line marks how many. The alt text says
    where the dots rise steeply: the first number of moves at which the boards store, on
    average, a fifth of the most keys stored.

    >>> fig = keys_stored([(0, 1), (1, 2), (1, 3), (2, 5)], [(None, 12)] * 4)
    >>> fig.axes[0].get_title()
    'BFS never stores more than 12 of the 8 boards'
    """
    solved = [_result(r, "solved") for r in _list(solved, "solved")]
    failed = [_result(r, "failed") for r in _list(failed, "failed")]
    if not solved or not failed:
        raise ValueError("solved and failed each hold at least one result")
    if any(m is None for m, _ in solved):
        raise ValueError("every result in solved reaches the goal: its moves is a number, not None")
    if any(m is not None for m, _ in failed):
        raise ValueError("every result in failed answers None (-1): it does not reach the goal")
    if len({k for _, k in failed}) != 1:
        raise ValueError(f"the boards that fail all store their whole component; got {sorted({k for _, k in failed})}")
    every, total = failed[0][1], len(solved) + len(failed)
    most = max(k for _, k in solved)
    by_moves: dict = {}
    for m, k in solved:
        by_moves.setdefault(m, []).append(k)
    steep = min(m for m, ks in by_moves.items() if sum(ks) / len(ks) >= most / 5)
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(8, 4.2))
        ax.scatter([m for m, _ in solved], [k for _, k in solved], s=22, marker="o", alpha=0.6,
                   color=palette.SERIES[0], label="a board that reaches the goal")
        ax.axhline(every, color=palette.SERIES[1], lw=2.5, ls="--", label=f"every other board: {every} keys, then -1")
        ax.axhline(total, color="0.4", lw=1.5, ls=":", label=f"all {total} arrangements")
        ax.set_xlabel("fewest moves to the goal")
        ax.set_ylabel("keys stored by BFS")
        ax.set_ylim(0, total + 60)
        ax.set_title(f"BFS never stores more than {every} of the {total} boards")
        ax.legend(loc="upper left", bbox_to_anchor=(0, 0.9))
        _tick_labels(fig)
    return describe(fig, f"Dots: for each of the {len(solved)} boards that reach the goal, the keys BFS stored, "
                         f"against its fewest moves, 0 to {max(m for m, _ in solved)}. The dots rise slowly, then steeply "
                         f"from about {steep} moves, levelling off at {most} keys at most. A dashed line at {every} keys "
                         f"marks the other {len(failed)} boards, which answer -1; a dotted line at {total} marks all "
                         "arrangements, far above every dot.")


def hardest_boards(hardest):
    """The boards farthest from the usual goal, side by side, each titled with its shape and distance.

    ``hardest`` maps a shape ``(rows, cols)`` to ``(depth, boards)``, as
    :func:`~puzzlelib.farthest` gives it for that shape's goal. Returns the Figure.

    >>> from puzzlelib import Board, farthest
    >>> fig = hardest_boards({(2, 3): farthest(Board.goal(2, 3))})
    >>> [ax.get_title() for ax in fig.axes]
    ['2 x 3: 21 moves']
    """
    if not isinstance(hardest, dict):
        raise TypeError(f"hardest maps a shape (rows, cols) to (depth, boards), got {type(hardest).__name__}")
    pictures = []
    for shape, found in hardest.items():
        if not (isinstance(shape, tuple) and len(shape) == 2):
            raise TypeError(f"a key of hardest is a shape (rows, cols), got {shape!r}")
        if not (isinstance(found, (tuple, list)) and len(found) == 2):
            raise TypeError(f"hardest[{shape}] is (depth, boards), got {found!r}")
        depth = whole_number(found[0], "depth", minimum=0)
        for b in _boards(found[1], f"the boards of {shape}"):
            if b.shape != tuple(shape):
                raise ValueError(f"a board of hardest[{shape}] is {b.rows} x {b.cols}")
            pictures.append((f"{b.rows} x {b.cols}: {_plural(depth, 'move')}", b))
    if not pictures:
        raise ValueError("hardest is empty; there is nothing to draw")
    if len(pictures) > MAX_BOARDS_IN_A_ROW:
        raise ValueError(f"{len(pictures)} boards; this figure draws at most {MAX_BOARDS_IN_A_ROW} in a row")
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, len(pictures), figsize=(2.3 * len(pictures), 2.5), squeeze=False)
        for ax, (title, b) in zip(axes[0], pictures):
            draw_board(b, ax, title=title)
        fig.suptitle("The boards farthest from the usual goal", fontsize=13)
        fig.tight_layout()
    return describe(fig, f"The {len(pictures)} boards farthest from the usual goal, side by side, each read row by row: "
                         + "; ".join(title + ", " + " / ".join(" ".join(str(t) if t else "blank" for t in row)
                                                               for row in b.grid)
                                     for title, b in pictures) + ".")
