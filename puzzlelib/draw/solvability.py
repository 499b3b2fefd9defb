"""Pictures of inversions: what they are, and how one move changes their count (notebook 03).

Each function takes a board (or the numbers worked out in the notebook), draws one figure,
gives it an alt text with :func:`~puzzlelib.draw.describe` and returns the Figure; the
notebook shows it with ``plt.show()``. Text sizes are set here, not taken from rcParams, so
a figure looks the same in a notebook, a test or a script (12 pt text, 14.4 pt titles).
"""

from __future__ import annotations

from itertools import combinations
from numbers import Real

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, Board, as_board
from puzzlelib.core.errors import number_text
from puzzlelib.core.solvability import inversions
from puzzlelib.draw import _plt, describe, draw_board

__all__ = ["MAX_ARCS", "MAX_ARC_CELLS", "inversion_arcs", "inversion_changes", "vertical_jump", "inversion_change_shares"]

TEXT_PT = 12
"""The size of labels and in-plot text, in points (the notebooks' ``font.size``)."""
TITLE_PT = 14.4
"""The size of titles, in points ("large": 1.2 x the text size)."""
MAX_ARCS = 12
MAX_ARC_CELLS = 36
"""inversion_arcs draws boards of up to this many cells (a 6 x 6 board's reading order fills the figure)."""
"""inversion_arcs draws one arc per inversion; more than this many would be a tangle."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _series(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _pairs(board: Board) -> list[tuple[int, int]]:
    reading = [t for t in board.tiles if t != BLANK]
    return [(a, b) for a, b in combinations(reading, 2) if a > b]


def inversion_arcs(board):
    """The board beside its tiles read in one line, an arc for each inversion; return the Figure.

    Left, ``board``; right, its cells in reading order (row by row) as one row, the tiles
    that take part in an inversion highlighted, and an arc from each larger tile to each
    smaller one after it. The title counts and lists the inversions.

    >>> from puzzlelib import Board
    >>> fig = inversion_arcs(Board([[1, 2, 3], [4, 0, 5], [8, 6, 7]]))
    >>> fig.texts[0].get_text()
    '2 inversions: (8, 6) and (8, 7)'
    """
    board = as_board(board)
    if board.rows * board.cols > MAX_ARC_CELLS:           # before any pair is listed: that is quadratic
        raise ValueError(f"inversion_arcs draws the board's {number_text(board.rows * board.cols)} cells in one "
                         f"line, up to {MAX_ARC_CELLS}; pick a smaller board")
    pairs = _pairs(board)
    if len(pairs) > MAX_ARCS:
        raise ValueError(f"this board has {len(pairs)} inversions; inversion_arcs draws up to {MAX_ARCS} arcs, "
                         "pick a board with fewer")
    plt = _plt()
    cells = board.rows * board.cols
    involved = {t for pair in pairs for t in pair}
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 2.8), gridspec_kw={"width_ratios": [board.cols, cells]})
    draw_board(board, ax1, title="the board", highlight=involved)
    draw_board(Board.from_tiles(board.tiles, 1, cells), ax2, highlight=involved)
    for a, b in pairs:                      # an arc from the larger tile to each smaller tile after it
        ax2.annotate("", xy=(board.tiles.index(b) + 0.5, 1), xytext=(board.tiles.index(a) + 0.5, 1),
                     arrowprops={"arrowstyle": "->", "lw": 2, "color": palette.ACCENT,
                                 "connectionstyle": "arc3,rad=-0.6"})
    ax2.set_ylim(0, 1.9)
    ax2.set_xlabel("read row by row, skip the blank: each arc is an inversion", fontsize=TEXT_PT)
    listed = f": {_series(f'({a}, {b})' for a, b in pairs)}" if pairs else ""
    fig.suptitle(f"{len(pairs)} inversion{'s' * (len(pairs) != 1)}{listed}", fontsize=TITLE_PT)
    rows = " / ".join(" ".join("blank" if t == BLANK else str(t) for t in row) for row in board.grid)
    reading = [t for t in board.tiles if t != BLANK]
    larger = sorted({a for a, _ in pairs}, key=reading.index)
    arcs = "; ".join(f"from the {a} to the " + " and to the ".join(str(b) for x, b in pairs if x == a) for a in larger)
    said = (f"Arcs {arcs} mark its {len(pairs)} inversions, {_series(f'({a}, {b})' for a, b in pairs)}."
            if pairs else "There is no arc: it has no inversion.")
    return describe(fig, f"Left, the {board.rows} x {board.cols} board {rows}; right, the same tiles in one line, read "
                         f"row by row with the blank skipped: {', '.join(map(str, reading))}. {said}")


def _move_kind(before: Board, after: Board) -> str:
    return "row move" if before.blank[0] == after.blank[0] else "column move"


def _runs(kinds: list[str]) -> str:
    """['row move', 'column move', 'column move'] -> 'a row move and then two column moves'."""
    runs: list[list] = []
    for kind in kinds:
        if runs and runs[-1][0] == kind:
            runs[-1][1] += 1
        else:
            runs.append([kind, 1])
    return " and then ".join(f"a {kind}" if n == 1 else f"{_words(n)} {kind}s" for kind, n in runs)


def inversion_changes(examples):
    """Boards before (top row) and after (bottom row) one move, with their inversion counts; return the Figure.

    ``examples`` is a list of ``(before, tile, after)``: a board (or its rows), the tile
    that slides, and the board after the slide. Each column is titled with the kind of move
    (a row move keeps the blank in its row), the count before, and the count after with
    the change.

    >>> fig = inversion_changes([([[1, 2, 3], [4, 0, 5], [8, 6, 7]], 2, [[1, 0, 3], [4, 2, 5], [8, 6, 7]])])
    >>> fig.axes[1].get_title()
    'slide 2: 4 (+2)'
    """
    if isinstance(examples, (str, bytes)) or not hasattr(examples, "__iter__"):
        raise TypeError(f"examples is a list of (before, tile, after), got {type(examples).__name__}")
    checked = []
    for example in examples:
        if not (isinstance(example, (tuple, list)) and len(example) == 3):
            raise TypeError(f"each example is a (before, tile, after) triple, got {example!r}")
        before, tile, after = as_board(example[0]), example[1], as_board(example[2])
        if tile not in before.movable_tiles() or before.slide(tile) != after:
            raise ValueError(f"sliding the {tile!r} does not turn {before.grid} into {after.grid}")
        checked.append((before, tile, after))
    if not checked:
        raise ValueError("examples is empty; there is nothing to draw")
    plt = _plt()
    n = len(checked)
    fig, axes = plt.subplots(2, n, figsize=(2.5 * n, 5.1), gridspec_kw={"hspace": 0.35}, squeeze=False)
    kinds, changes = [], []
    for k, (b, tile, a) in enumerate(checked):
        kinds.append(_move_kind(b, a))
        changes.append(inversions(a) - inversions(b))
        draw_board(b, axes[0, k], title=f"{kinds[-1]}\n{inversions(b)} inversion{'s' * (inversions(b) != 1)}",
                   highlight={tile})
        draw_board(a, axes[1, k], title=f"slide {tile}: {inversions(a)} ({changes[-1]:+d})", highlight={tile})
    shown = _series(f"{d:+d}" if d else "0" for d in changes)
    fig.suptitle(f"Inversions before (top) and after (bottom) one move: change{'s' * (n > 1)} of {shown}",
                 y=1.03, fontsize=TITLE_PT)
    shapes = {b.shape for b, _, _ in checked}
    shape = f"{checked[0][0].rows} x {checked[0][0].cols} " if len(shapes) == 1 else ""
    return describe(fig, f"Two rows of {_words(n)} {shape}board{'s' * (n > 1)}: each board before (top) and after "
                         f"(bottom) one move, {_runs(kinds)}, the sliding tile highlighted. Sliding the "
                         + ", ".join(str(t) for _, t, _ in checked) + " changes the inversion count from "
                         + ", ".join(f"{inversions(b)} to {inversions(a)}" for b, _, a in checked) + ": by "
                         + ", ".join(f"{d:+d}" for d in changes) + ".")


def vertical_jump(board, tile: int):
    """A vertical move in reading order: the tile jumps over width - 1 tiles; return the Figure.

    Top, ``board`` and its cells read in one line; bottom, the same after ``tile`` slides
    up or down into the blank. The tiles it jumps over are highlighted, an arrow shows the
    jump, and each line is labelled with its inversion count.

    >>> from puzzlelib import Board
    >>> fig = vertical_jump(Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]), 8)
    >>> fig.texts[0].get_text()
    'Width 3: the 8 jumps over width - 1 = 2 tiles (blue)'
    """
    board = as_board(board)
    if not isinstance(tile, int) or isinstance(tile, bool):
        raise TypeError(f"tile is a tile number, got {type(tile).__name__}")
    if tile not in board.movable_tiles():
        raise ValueError(f"the {tile} is not next to the blank, so it cannot slide; movable: {board.movable_tiles()}")
    after = board.slide(tile)
    if after.blank[0] == board.blank[0]:
        raise ValueError(f"the {tile} slides left or right, which changes no reading order; pick a tile above or "
                         "below the blank")
    way = "up" if after.blank[0] > board.blank[0] else "down"
    lo, hi = sorted((board.blank_index, after.blank_index))
    passed = board.tiles[lo + 1:hi]                   # the cells between the blank and the tile
    plt = _plt()
    cells = board.rows * board.cols
    fig, axes = plt.subplots(2, 2, figsize=(11, 5.4), gridspec_kw={"width_ratios": [board.cols, cells],
                                                                   "hspace": 0.45})
    for row, (b, when) in enumerate([(board, "before"), (after, f"after the {tile} slides {way}")]):
        draw_board(b, axes[row, 0], title=when, highlight=set(passed))
        draw_board(Board.from_tiles(b.tiles, 1, cells), axes[row, 1], highlight=set(passed))
        axes[row, 1].set_xlabel(f"reading order {when.split()[0]}: {inversions(b)} inversions", fontsize=TEXT_PT)
        axes[row, 1].set_ylim(0, 2.2)
    axes[0, 1].annotate(f"the {tile} jumps", xy=(board.blank_index + 0.5, 1), xytext=(after.blank_index + 0.5, 1),
                        ha="center", va="bottom", color=palette.ACCENT, fontsize=TEXT_PT,
                        arrowprops={"arrowstyle": "->", "lw": 2, "color": palette.ACCENT,
                                    "connectionstyle": f"arc3,rad={0.45 if way == 'up' else -0.45}"})
    fig.suptitle(f"Width {board.cols}: the {tile} jumps over width - 1 = {len(passed)} tile{'s' * (len(passed) != 1)} "
                 "(blue)", fontsize=TITLE_PT)
    change = inversions(after) - inversions(board)
    return describe(fig, f"A {board.rows} x {board.cols} board before (top) and after (bottom) the {tile} slides {way} "
                         f"into the blank, each beside its {cells} cells read in one line. In that line the {tile} "
                         f"jumps over the {len(passed)} tiles between, {', '.join(map(str, passed))} (width - 1 = "
                         f"{board.cols - 1}, highlighted), and the inversion count goes from {inversions(board)} to "
                         f"{inversions(after)}, an {'odd' if change % 2 else 'even'} change of {change:+d}.")


def _fraction(v: float) -> str:
    return f"1/{round(1 / v)}"


def inversion_change_shares(share, values):
    """Bars, one panel per board width: how often a vertical move changes the inversion count by each amount.

    ``share[w]`` maps each shape ``(rows, cols)`` of width ``w`` to an array: for each
    change in ``values``, the share of that shape's vertical moves that make it. Each panel
    draws the first shape's shares (every shape of a width has the same ones), odd changes
    hatched, and labels each bar with its share as 1/n; the changes that never happen get
    no bar.

    >>> fig = inversion_change_shares({2: {(3, 2): [0.5, 0, 0.5]}}, [-1, 0, 1])
    >>> [t.get_text() for t in fig.axes[0].texts]
    ['1/2', '1/2']
    """
    if not isinstance(share, dict) or not share:
        raise TypeError(f"share is a non-empty dict {{width: {{(rows, cols): shares}}}}, got {share!r:.60}")
    values = [int(x) for x in values]
    for w, group in share.items():
        if not isinstance(group, dict) or not group:
            raise TypeError(f"share[{w!r}] is a non-empty dict {{(rows, cols): shares}}, got {group!r:.60}")
        for s, shares in group.items():
            if not (isinstance(s, tuple) and len(s) == 2 and s[1] == w):
                raise ValueError(f"share[{w!r}] holds the shapes (rows, cols) of width {w}, got {s!r}")
            shares = list(shares)
            if len(shares) != len(values) or not all(isinstance(v, Real) and 0 <= v <= 1 for v in shares):
                raise ValueError(f"share[{w!r}][{s!r}] needs {len(values)} shares from 0 to 1, one per value, "
                                 f"got {shares!r:.60}")
    from matplotlib.patches import Patch

    plt = _plt()
    even, odd = palette.SERIES[0], palette.SERIES[1]
    first = {w: [float(v) for v in next(iter(group.values()))] for w, group in share.items()}
    top = max(max(v) for v in first.values())
    fig, axes = plt.subplots(1, len(share), figsize=(9.2 * len(share) / 3, 3.8), sharey=True, squeeze=False)
    axes = list(axes[0])
    for ax, (w, group) in zip(axes, share.items()):
        for x, v in zip(values, first[w]):
            if v:     # draw only the changes that happen
                ax.bar(x, v, color=even if x % 2 == 0 else odd, hatch="" if x % 2 == 0 else "//", edgecolor="black")
                ax.text(x, v + 0.02, _fraction(v), ha="center", fontsize=TEXT_PT)
        ax.set_xticks(values)
        ax.tick_params(labelsize=TEXT_PT)
        ax.set_title(f"width {w}: passes {w - 1} tile{'s' * (w > 2)}\n"
                     f"({', '.join(f'{r} x {c}' for r, c in group)})", fontsize=TITLE_PT)
        ax.set_xlim(min(values) - 0.6, max(values) + 0.6)
    middle = axes[len(axes) // 2]
    axes[0].set_ylabel("share of vertical moves", fontsize=TEXT_PT)
    axes[0].set_ylim(0, top * 1.24)
    middle.set_xlabel("change in the inversion count caused by one vertical move", fontsize=TEXT_PT)
    middle.legend(handles=[Patch(facecolor=even, edgecolor="black", label="even change"),
                           Patch(facecolor=odd, hatch="//", edgecolor="black", label="odd change")],
                  loc="upper center", frameon=False, fontsize=TEXT_PT)
    fig.tight_layout()
    happening = {w: [x for x, v in zip(values, first[w]) if v] for w in share}
    parity = {"odd": [w for w, xs in happening.items() if all(x % 2 for x in xs)],
              "even": [w for w, xs in happening.items() if not any(x % 2 for x in xs)]}
    said = [f"always {kind}{' (hatched bars)' * (kind == 'odd')} on width{'s' * (len(ws) > 1)} {_series(ws)}"
            for kind, ws in parity.items() if ws]
    return describe(fig, f"{_words(len(share)).capitalize()} panel{'s' * (len(share) > 1)} of bars, one per board width, "
                         "for the share of vertical moves changing the inversion count by each amount: " + "; ".join(
                             f"width {w} ({' and '.join(f'{r} x {c}' for r, c in group)}): by "
                             + ", ".join(f"{x:+d}" if x else "0" for x in happening[w])
                             + f", each in {_fraction(max(first[w]))} of them" for w, group in share.items())
                         + (f". The change is {', '.join(said)}." if said else "."))
