"""Pictures of breadth-first search at scale: memory per board, frontier layers, and growth (notebook 07).

Each function takes the numbers worked out in the notebook (bytes per board, BFS layers,
distance counts, timings from the results file), draws one figure, gives it an alt text
with :func:`~puzzlelib.draw.describe` and returns the Figure; the notebook shows it with
``plt.show()``. Text is drawn at 12 pt (``font.size``) whatever the caller's rcParams, so a
figure looks the same in a notebook, a test or a script.
"""

from __future__ import annotations

from numbers import Real

from puzzlelib.core import palette
from puzzlelib.core.board import Board, as_board
from puzzlelib.draw import FONT, _plt, _tick_labels, describe, draw_board

__all__ = ["bytes_per_board", "moves_between_layers", "goal_and_antipodes", "distance_shares",
           "farthest_boards", "boards_and_seconds"]

STORES = ["dict of tuples", "packed array", "bit array"]
"""The three ways of storing boards that :func:`bytes_per_board` compares, in its order."""
ENGINES = [("dict", "s--"), ("rank-bits", "^-."), ("frontier", "o-")]
"""The BFS engines of the results file and their markers, in :func:`boards_and_seconds`'s order."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"]


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _series(items, last: str = "and") -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _shape(name: str) -> str:
    """'3x4' -> '3 x 4'."""
    return name.replace("x", " x ")


def _positive(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, Real):
        raise TypeError(f"{what} is a number, got {type(value).__name__}")
    if not value > 0:
        raise ValueError(f"{what} must be positive, got {value!r}")
    return float(value)


def _counts(counts, what: str) -> list[int]:
    if isinstance(counts, (str, bytes)) or not hasattr(counts, "__iter__"):
        raise TypeError(f"{what} is a list of board counts, one per distance, got {type(counts).__name__}")
    counts = list(counts)
    if not counts:
        raise ValueError(f"{what} is empty")
    for c in counts:
        if isinstance(c, bool) or not isinstance(c, int) or c < 0:
            raise ValueError(f"{what} holds board counts (whole numbers >= 0), got {c!r}")
    if sum(counts) == 0:
        raise ValueError(f"{what} counts no board")
    return counts


def bytes_per_board(small, large):
    """Paired bars on a log scale: peak bytes per board of a whole-space BFS, three ways; return the Figure.

    ``small`` holds the bytes per board measured on 2 x 4 and ``large`` those of 3 x 4 from
    the results file, each a dict keyed by ``"dict of tuples"``, ``"packed array"`` and
    ``"bit array"``. The two sizes are measured differently (the heap's peak by tracemalloc on
    2 x 4, the process's peak resident memory minus its baseline on 3 x 4), and the 3 x 4 dict is
    the guard's formula (it cannot run here): every bar is labelled with its method, and the
    formula's bar is hatched differently.

    >>> fig = bytes_per_board({"dict of tuples": 190, "packed array": 4.2, "bit array": 12},
    ...                       {"dict of tuples": 203, "packed array": 2.2, "bit array": 1.0})
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['dict of tuples', 'packed array', 'bit array']
    """
    for what, values in (("small", small), ("large", large)):
        if not isinstance(values, dict):
            raise TypeError(f"{what} is a dict of bytes per board by way of storing, got {type(values).__name__}")
        if sorted(values) != sorted(STORES):
            raise ValueError(f"{what} has the keys {sorted(values)}; bytes_per_board wants exactly {STORES}")
        for name in STORES:
            _positive(values[name], f"{what}[{name!r}]")
    plt = _plt()
    import numpy as np

    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(9.5, 4.8))
        x = np.arange(len(STORES))
        ax.bar(x - 0.2, [small[n] for n in STORES], width=0.4, color=palette.SERIES[0], edgecolor="black",
               label="2 x 4: heap peak, by tracemalloc (measured here)")
        bars = ax.bar(x + 0.2, [large[n] for n in STORES], width=0.4, color=palette.SERIES[1], edgecolor="black",
                      hatch="..", label="3 x 4: process peak (RSS) minus baseline (results file)")
        ax.legend(loc="upper right")
        bars[0].set_hatch("//")          # after the legend, so the legend's swatch keeps the dots
        for i, name in enumerate(STORES):           # every bar says how its number was found
            ax.annotate("heap", (x[i] - 0.2, small[name]), ha="center", xytext=(0, 4),
                        textcoords="offset points", fontsize=11)
            ax.annotate("formula" if i == 0 else "RSS", (x[i] + 0.2, large[name]), ha="center",
                        xytext=(0, 4), textcoords="offset points", fontsize=11)
        ax.set_yscale("log")
        ax.set_ylim(0.5, 30000)          # room above the tallest bar for its label, and for the legend
        ax.set_xticks(x, STORES)
        ax.set_ylabel("peak bytes per board (log scale)")
        ax.set_title("What one board costs a whole-space BFS")
    cheapest = min(STORES, key=lambda n: large[n])

    def pair(name, fmt):
        return (f"{format(small[name], fmt)} and {format(large[name], '.0f' if name == STORES[0] else '.1f')}"
                + (", the cheapest on 3 x 4" if name == cheapest else ""))

    _tick_labels(fig)
    return describe(fig, "Paired bars on a log scale: peak bytes per board of a whole-space BFS for three ways of "
                         "storing boards, on 2 x 4 (the heap's peak as tracemalloc sees it, measured here) and 3 x 4 "
                         "(the process's peak resident memory minus its baseline, from the results file); each bar "
                         "is labelled with its method. Dict of tuples: "
                         f"{pair(STORES[0], '.0f')} bytes, the 3 x 4 bar the guard's formula, too big to run; packed "
                         f"array: {pair(STORES[1], '.1f')}; bit array: {pair(STORES[2], '.0f')}.")


def moves_between_layers(layers, rows: int, cols: int):
    """Three BFS layers as columns of dots, and every move from the middle one; return the Figure.

    ``layers`` maps three consecutive depths ``d - 1, d, d + 1`` to the boards (tile tuples)
    at that distance from the goal of a ``rows`` x ``cols`` puzzle. Each layer is ordered by
    where its parents sit, to untangle the lines; a dotted grey line is a move back to layer
    ``d - 1`` (skipped by frontier search), a solid one a move on to layer ``d + 1``. A
    neighbour outside the three layers is a ValueError: BFS layers never allow one.

    >>> from puzzlelib import Board, bfs_layers
    >>> layers = {l.depth: l.states for l in bfs_layers(Board.goal(2, 3)) if 1 <= l.depth <= 3}
    >>> fig = moves_between_layers(layers, 2, 3)
    >>> fig.axes[0].get_title()
    'Three layers of the 2 x 3 puzzle and every move from layer 2'
    """
    if not isinstance(layers, dict):
        raise TypeError(f"layers is a dict of depth -> boards, got {type(layers).__name__}")
    for what, n in (("rows", rows), ("cols", cols)):
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"{what} is a whole number, got {type(n).__name__}")
    depths = sorted(layers)
    if len(depths) != 3 or depths != list(range(depths[0], depths[0] + 3)):
        raise ValueError(f"layers holds three consecutive depths d - 1, d, d + 1, got {depths}")
    d = depths[1]
    cells = rows * cols
    states = {}
    for depth in depths:
        got = [tuple(as_board(s).tiles) if isinstance(s, Board) else tuple(s) for s in layers[depth]]
        if not got:
            raise ValueError(f"layer {depth} is empty; there is nothing to draw")
        if any(len(s) != cells for s in got):
            raise ValueError(f"layer {depth} holds boards that are not {rows} x {cols}")
        states[depth] = got
    shown = {d - 1: sorted(states[d - 1])}
    for depth in (d, d + 1):            # order each layer by where its parents sit, to untangle the lines
        place = {s: i for i, s in enumerate(shown[depth - 1])}

        def parents_at(s):
            ups = [place[n.tiles] for n in Board.from_tiles(s, rows, cols).neighbors() if n.tiles in place]
            return sum(ups) / len(ups) if ups else len(place)
        shown[depth] = sorted(states[depth], key=parents_at)
    where = {s: (col, (len(group) - 1) / 2 - i) for col, (depth, group) in enumerate(shown.items())
             for i, s in enumerate(group)}
    moves = []
    for s in shown[d]:
        for n in Board.from_tiles(s, rows, cols).neighbors():
            if n.tiles not in where:
                raise ValueError(f"a neighbour of a board of layer {d} is outside layers {d - 1}, {d}, {d + 1}: "
                                 "these are not BFS layers")
            moves.append((s, n.tiles, n.tiles in shown[d - 1]))
    back = sum(is_back for _, _, is_back in moves)
    ahead = len(moves) - back
    half = (max(len(g) for g in shown.values()) - 1) / 2
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(8, 5.5))
        ax.axvspan(0.6, 2.4, color=palette.SERIES[0], alpha=0.08)
        ax.text(1.5, half + 1.1, "held in memory", ha="center", color=palette.SERIES[0])
        ax.text(0, half + 1.1, "already forgotten", ha="center", color="0.35")
        for s, n, is_back in moves:
            (x0, y0), (x1, y1) = where[s], where[n]
            ax.plot([x0, x1], [y0, y1], color="0.45" if is_back else palette.SERIES[0],
                    ls=":" if is_back else "-", lw=1.2, zorder=1)
        for col, (depth, group) in enumerate(shown.items()):
            ys = [where[s][1] for s in group]
            ax.scatter([col] * len(group), ys, s=70, marker="os^"[col], zorder=2,
                       color=["0.45", palette.SERIES[1], palette.SERIES[2]][col])
        ax.plot([], [], color="0.45", ls=":", label=f"moves back to layer {d - 1} ({back}): skipped")
        ax.plot([], [], color=palette.SERIES[0], label=f"moves on to layer {d + 1} ({ahead}): the new layer")
        ax.set_xticks([0, 1, 2], [f"layer {d - 1}\n(parents)", f"layer {d}\n(being expanded)",
                                  f"layer {d + 1}\n(being built)"])
        ax.set_yticks([])
        ax.set_xlim(-0.5, 2.5)
        ax.set_ylim(-half - 1, half + 1.7)
        ax.set_title(f"Three layers of the {rows} x {cols} puzzle and every move from layer {d}")
        ax.legend(loc="lower center", bbox_to_anchor=(0.5, -0.33))
    _tick_labels(fig)
    return describe(fig, f"Three columns of dots: the {len(shown[d - 1])} boards of layer {d - 1} of the {rows} x {cols} "
                         f"puzzle (already forgotten), the {len(shown[d])} of layer {d} (being expanded) and the "
                         f"{len(shown[d + 1])} of layer {d + 1} (being built); the last two are shaded as held in "
                         f"memory. Lines join each board of layer {d} to its neighbours: {back} dotted moves back to "
                         f"layer {d - 1}, which are skipped, and {ahead} solid moves on to layer {d + 1}; no line stays "
                         "inside a layer or skips one.")


_CORNERS = [("top left", 0, 0), ("top right", 0, -1), ("bottom left", -1, 0), ("bottom right", -1, -1)]


def _in_words(tile) -> str:
    return "the blank" if tile == 0 else f"tile {tile}"


def goal_and_antipodes(goal, antipodes, depth: int):
    """The goal beside its antipodes, the boards farthest from it; return the Figure.

    ``antipodes`` are the boards (or their rows) ``depth`` moves from ``goal``, the largest
    distance. The alt text says which corners all the antipodes share.

    >>> from puzzlelib import Board
    >>> fig = goal_and_antipodes(Board.goal(2, 2), [Board([[3, 0], [2, 1]])], 6)
    >>> [ax.get_title() for ax in fig.axes]
    ['the goal', '6 moves away']
    """
    goal = as_board(goal)
    if isinstance(antipodes, (str, bytes)) or not hasattr(antipodes, "__iter__"):
        raise TypeError(f"antipodes is a list of boards, got {type(antipodes).__name__}")
    antipodes = [as_board(b) for b in antipodes]
    if not antipodes:
        raise ValueError("antipodes is empty; a goal has at least one board farthest from it")
    if any(b.shape != goal.shape for b in antipodes):
        raise ValueError(f"every antipode has the goal's shape, {goal.rows} x {goal.cols}")
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth is a whole number of moves, got {type(depth).__name__}")
    if depth < 1:
        raise ValueError(f"depth is at least 1 move, got {depth}")
    n, r, c = len(antipodes), goal.rows, goal.cols
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, n + 1, figsize=(10 / 3 * (n + 1), 2.4))
        draw_board(goal, axes[0], title="the goal")
        for ax, board in zip(axes[1:], antipodes):
            draw_board(board, ax, title=f"{depth} moves away")
        fig.suptitle(f"The {r} x {c} goal and its {_words(n)} antipode{'s' * (n != 1)} (the boards farthest from it)")
    if goal == Board.goal(r, c) and r == 2:
        said = f"tiles 1 to {c} over {c + 1} to {r * c - 1}, blank bottom right"
    else:
        said = " / ".join(" ".join("blank" if t == 0 else str(t) for t in row) for row in goal.grid)
    shared = [f"{_in_words(antipodes[0].grid[i][j])} {where}" for where, i, j in _CORNERS
              if len({b.grid[i][j] for b in antipodes}) == 1]
    who = "Both antipodes have" if n == 2 else "The antipode has" if n == 1 else f"All {n} antipodes have"
    common = f" {who} {_series(shared)}." if shared else ""
    _tick_labels(fig)
    return describe(fig, f"{_words(n + 1).capitalize()} {r} x {c} boards: the goal ({said}) and its {n} "
                         f"antipode{'s' * (n != 1)}, the boards farthest from it, {depth} moves away.{common}")


def distance_shares(curves):
    """One curve per board: the share of all boards (%) at each distance from the goal; return the Figure.

    ``curves`` maps a label (``"3 x 4"``; a note in brackets, ``"2 x 5 (live)"``, is left out
    of the alt text) to the board counts by distance. The curves are dotted, solid and
    dashed in turn, so they differ in more than colour.

    >>> fig = distance_shares({"2 x 2": [1, 2, 2, 2, 2, 2, 1]})
    >>> fig.axes[0].get_legend().get_texts()[0].get_text()
    '2 x 2'
    """
    if not isinstance(curves, dict):
        raise TypeError(f"curves is a dict of label -> board counts by distance, got {type(curves).__name__}")
    if not curves:
        raise ValueError("curves is empty; there is nothing to draw")
    if len(curves) > len(palette.SERIES):
        raise ValueError(f"distance_shares draws up to {len(palette.SERIES)} curves, got {len(curves)}")
    data = {str(label): _counts(counts, f"curves[{label!r}]") for label, counts in curves.items()}
    styles = [":", "-", "--", "-."]
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(9, 4))
        for k, ((name, counts), color) in enumerate(zip(data.items(), palette.SERIES)):
            total = sum(counts)
            ax.plot(range(len(counts)), [100 * c / total for c in counts], styles[k % len(styles)], lw=2.5,
                    color=color, label=name)
        ax.set_xlabel("distance from the goal (moves)")
        ax.set_ylabel("share of all boards (%)")
        ax.set_title("How far the boards are from the goal")
        ax.legend()
    peak = {n: max(c) / sum(c) for n, c in data.items()}
    end = {n: len(c) - 1 for n, c in data.items()}
    parts, names = [], list(data)
    for k, name in enumerate(names):
        counts = data[name]
        where = f"{counts.index(max(counts))} with {100 * peak[name]:.1f}% and ending at {end[name]}"
        short = name.split(" (")[0]
        if k == 0:
            parts.append(f"{short} peaks at distance {where.replace('ending', 'ends', 1)}")
            continue
        prev = names[k - 1]
        words = []
        if peak[name] == max(peak.values()):
            words.append("the tallest")
        if end[name] == min(end.values()):
            words.append("narrowest" if words else "the narrowest")
        elif end[name] > end[prev]:
            words.append("wider" + (" and further right" if data[name].index(max(data[name])) >
                                    data[prev].index(max(data[prev])) else ""))
        elif end[name] < end[prev]:
            words.append("narrower")
        parts.append(f"{short} is {' and '.join(words) or 'similar'}, peaking at {where}")
    _tick_labels(fig)
    return describe(fig, f"{_words(len(data)).capitalize()} bell-shaped curve{'s' * (len(data) != 1)} of the share of "
                         f"all boards (%) at each distance from the goal. " + "; ".join(parts) + ".")


def _some(n: int, total: int, shape: str) -> str:
    """'four of the eighteen 3 x 4 antipodes', 'both 2 x 6 antipodes', 'the 2 x 6 antipode'."""
    if n < total:
        return f"{_words(n)} of the {_words(total)} {shape} antipodes"
    return f"the {shape} antipode" if n == 1 else f"both {shape} antipodes" if n == 2 else f"all {_words(n)} {shape} antipodes"


def farthest_boards(top, bottom, top_distance: int, bottom_distance: int, *, top_total: int | None = None):
    """Boards at the largest distance from their goal: a row of 4 above a row of 2 wide ones; return the Figure.

    ``top`` and ``bottom`` are boards (or their rows), up to four above and two below;
    ``top_total`` is how many such boards there are in all, when ``top`` shows only some.

    >>> from puzzlelib import Board
    >>> fig = farthest_boards([Board.goal(3, 4)], [Board.goal(2, 6)], 53, 80)
    >>> fig.texts[0].get_text()
    'The 3 x 4 antipode, and the 2 x 6 antipode'
    """
    groups = []
    for what, boards, most in (("top", top, 4), ("bottom", bottom, 2)):
        if isinstance(boards, (str, bytes)) or not hasattr(boards, "__iter__"):
            raise TypeError(f"{what} is a list of boards, got {type(boards).__name__}")
        boards = [as_board(b) for b in boards]
        if not 1 <= len(boards) <= most:
            raise ValueError(f"{what} holds 1 to {most} boards, got {len(boards)}")
        if len({b.shape for b in boards}) != 1:
            raise ValueError(f"the {what} boards have different shapes")
        groups.append(boards)
    for what, n in (("top_distance", top_distance), ("bottom_distance", bottom_distance)):
        if isinstance(n, bool) or not isinstance(n, int):
            raise TypeError(f"{what} is a whole number of moves, got {type(n).__name__}")
    top, bottom = groups
    total = len(top) if top_total is None else top_total
    if isinstance(total, bool) or not isinstance(total, int) or total < len(top):
        raise ValueError(f"top_total counts all the top boards, at least the {len(top)} shown; got {top_total!r}")
    (r1, c1), (r2, c2) = top[0].shape, bottom[0].shape
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplot_mosaic([["a", "b", "c", "d"], ["e", "e", "f", "f"]], figsize=(11, 5.4),
                                       height_ratios=[3, 2])
        for key in "abcdef":
            axes[key].set_visible(False)
        for key, board in zip("abcd", top):
            axes[key].set_visible(True)
            draw_board(board, axes[key], title=f"{r1} x {c1}: {top_distance} moves")
        for key, board in zip("ef", bottom):
            axes[key].set_visible(True)
            draw_board(board, axes[key], title=f"{r2} x {c2}: {bottom_distance} moves")

        fig.suptitle(f"{_some(len(top), total, f'{r1} x {c1}').capitalize()}, and "
                     f"{_some(len(bottom), len(bottom), f'{r2} x {c2}')}")
    blanks = {b.blank for b in top + bottom}
    corner = ", each with the blank in the top-left corner" if blanks == {(0, 0)} else ""
    n = len(top) + len(bottom)
    topwords = (f"{_words(len(top))} of the {total} antipodes" if len(top) < total else
                "the antipode" if total == 1 else "both antipodes" if total == 2 else f"all {total} antipodes")
    _tick_labels(fig)
    return describe(fig, f"{_words(n).capitalize()} boards at the largest distance from their goal{corner}. Top row: "
                         f"{topwords} of {r1} x {c1}, {top_distance} moves from the goal; bottom row: "
                         f"{_some(len(bottom), len(bottom), f'{r2} x {c2}')}, {bottom_distance} moves from the goal.")


def boards_and_seconds(states, seconds, fifteen: int, *, labelled=("3x3", "2x5", "3x4")):
    """Left, reachable boards per board size; right, each engine's seconds against boards; return the Figure.

    ``states`` maps board names (``"3x3"``), smallest first, to their reachable boards;
    ``seconds`` maps an engine (``"dict"``, ``"rank-bits"``, ``"frontier"``) to its seconds
    for the whole space, by board name (the boards it ran); ``fifteen`` is the 15-puzzle's
    count, from the published table, drawn beside them. The frontier points of the boards
    in ``labelled`` are named.

    >>> fig = boards_and_seconds({"2x2": 12, "2x3": 360}, {"frontier": {"2x2": 0.01, "2x3": 0.02}}, 10**13)
    >>> [t.get_text() for t in fig.axes[0].get_xticklabels()]
    ['2 x 2', '2 x 3', '4 x 4']
    """
    if not isinstance(states, dict) or not isinstance(seconds, dict):
        raise TypeError("states is a dict of board -> reachable boards and seconds a dict of engine -> "
                        f"{{board: seconds}}, got {type(states).__name__} and {type(seconds).__name__}")
    if not states:
        raise ValueError("states is empty; there is nothing to draw")
    for name, n in states.items():
        _positive(n, f"states[{name!r}]")
    known = dict(ENGINES)
    for engine, times in seconds.items():
        if engine not in known:
            raise ValueError(f"unknown engine {engine!r}; boards_and_seconds draws {list(known)}")
        if not isinstance(times, dict):
            raise TypeError(f"seconds[{engine!r}] is a dict of board -> seconds, got {type(times).__name__}")
        for name, t in times.items():
            if name not in states:
                raise ValueError(f"seconds[{engine!r}] has a board {name!r} that is not in states")
            _positive(t, f"seconds[{engine!r}][{name!r}]")
    _positive(fifteen, "fifteen")
    if "frontier" not in seconds:
        raise ValueError("seconds has no 'frontier' engine, whose points are labelled")
    import numpy as np

    names = list(states)
    labels = [_shape(n) for n in names]
    plt = _plt()
    with plt.rc_context(FONT):
        fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9.2, 5.2), width_ratios=[1, 1.25])
        x = np.arange(len(names))
        # the board sizes are categories, not a scale: one marker each, no line joining them
        ax1.semilogy(x, [states[n] for n in names], "o", ms=9, ls="none", color=palette.SERIES[0],
                     label="reachable boards")
        ax1.semilogy([len(names)], [fifteen], "s", ms=9, ls="none", color=palette.ACCENT,
                     label="4 x 4 (published table)")
        ax1.set_xticks(list(x) + [len(names)], labels + ["4 x 4"], rotation=40, ha="right", rotation_mode="anchor")
        ax1.set_xlim(-0.6, len(names) + 0.6)
        ax1.grid(axis="y", color="0.85", linewidth=0.8)
        ax1.set_xlabel("board")
        ax1.set_ylabel("boards (log scale)")
        ax1.set_title("Reachable boards", fontsize=13)
        ax1.legend(loc="upper left")
        engines = [(e, m) for e, m in ENGINES if e in seconds]
        for (engine, marker), color in zip(ENGINES, palette.SERIES):
            if engine not in seconds:
                continue
            ran = [n for n in names if n in seconds[engine]]
            ax2.loglog([states[n] for n in ran], [seconds[engine][n] for n in ran], marker, color=color,
                       label=engine)
        for n, label in zip(names, labels):
            if n in labelled and n in seconds["frontier"]:
                ax2.annotate(label, (states[n], seconds["frontier"][n]), xytext=(4, -14),
                             textcoords="offset points", fontsize=11)
        ax2.set_xlim(right=2 * 10 ** np.ceil(np.log10(max(states.values()))))   # room for the last label
        ax2.set_xlabel("reachable boards (log scale)")
        ax2.set_ylabel("seconds (log scale)")
        ax2.set_title("Time for the whole space, fresh process each", fontsize=13)
        ax2.legend()
        fig.suptitle(f"How far BFS goes: boards and time from {labels[0]} to "
                     f"{_series([_shape(n) for n in names if states[n] == max(states.values())])}")
        fig.tight_layout()
    most = max(states.values())
    biggest = [_shape(n) for n in names if states[n] == most]
    on = ("on both " if len(biggest) == 2 else "on ") + _series(biggest)
    shared = [n for n in names if sum(n in seconds[e] for e, _ in engines) >= 2]
    ref = max(shared, key=lambda n: states[n]) if shared else None

    def secs(t):
        return f"{t:.0f}" if t >= 100 else f"{t:.1f}"

    said = []
    for i, (engine, _) in enumerate(engines):
        ran = [n for n in names if n in seconds[engine]]
        bit = f"{'run ' if i == 0 else ''}up to {_shape(ran[-1])}"
        if ref is not None and ref in seconds[engine] and i > 0:
            bit += f", {secs(seconds[engine][ref])} s" + ("" if ran[-1] == ref else f" on {_shape(ref)}")
        said.append(f"{engine} ({bit})")
    tail = ""
    if ref is not None:
        at_ref = sorted((seconds[e][ref], e) for e, _ in engines if ref in seconds[e])
        (fast_t, fast), (slow_t, slow) = at_ref[0], at_ref[1]
        slope = ""
        if "3x3" in seconds[fast] and ref != "3x3":
            s = np.log(fast_t / seconds[fast]["3x3"]) / np.log(states[ref] / states["3x3"])
            slope = (" From 3 x 3 on the lines are nearly straight with slope about "
                     f"{'one' if 0.75 < s < 1.3 else f'{s:.1f}'}, and")
        else:
            slope = " Of them"
        tail = (f"{slope} {fast} is the fastest, {slow_t / fast_t:.0f} times faster than {slow} on "
                f"{_shape(ref)}.")
    _tick_labels(fig)
    return describe(fig, f"Left: reachable boards on a log scale for each board size, rising from "
                         f"{states[names[0]]:,} on {labels[0]} to {most:,} {on}, with the 15-puzzle's {fifteen:,} from "
                         f"the published table far above. Right: seconds for the whole space against reachable "
                         f"boards, both on log scales, for {_words(len(engines))} engine{'s' * (len(engines) != 1)}: "
                         f"{_series(said)}.{tail}")
