"""Pictures of the constructive proof that half the boards are solvable, and of the two components (notebook 04).

The lemmas' steps as rows of boards with locked cells hatched (:func:`tile_route`,
:func:`top_row_steps`, :func:`milestones`), the solver's length against the shortest
(:func:`constructive_vs_shortest`), and a small state graph drawn as its two components
with no edge between them (:func:`state_graph_components`). Each function draws one figure,
gives it an alt text with :func:`~puzzlelib.draw.describe` and returns the Figure.
"""

from __future__ import annotations

from numbers import Real

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, Board, as_board, cell_distance
from puzzlelib.core.errors import number_text, whole_number
from puzzlelib.draw import _plt, describe, draw_board, graph_layout

__all__ = ["locked_cells", "tile_route", "top_row_steps", "milestones", "constructive_vs_shortest",
           "state_graph_components", "MAX_COMPONENT_BOARDS"]

MAX_COMPONENT_BOARDS = 720
"""state_graph_components draws boards of up to 6 cells (720 boards) node by node."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _lock_key():
    """The legend entry for a locked cell, drawn as draw_board draws one."""
    from matplotlib.patches import Patch

    return Patch(facecolor=palette.TILE, edgecolor="black", hatch="///", linewidth=2.5,
                 label="hatched, black frame: locked cell")


def _boards(items, what: str) -> list[Board]:
    if isinstance(items, (str, bytes)) or not hasattr(items, "__iter__"):
        raise TypeError(f"{what} is a list of boards, got {type(items).__name__}")
    boards = [as_board(b) for b in items]
    if not boards:
        raise ValueError(f"{what} is empty; there is nothing to draw")
    if len({b.shape for b in boards}) > 1:
        raise ValueError(f"every board of {what} has the same shape, got {sorted({b.shape for b in boards})}")
    return boards


def _cells(locked, board: Board, what: str = "locked") -> set[int]:
    if isinstance(locked, (str, bytes)) or not hasattr(locked, "__iter__"):
        raise TypeError(f"{what} is a set of cells (reading-order indices), got {type(locked).__name__}")
    cells = {whole_number(i, f"a {what} cell", minimum=0, maximum=board.rows * board.cols - 1) for i in locked}
    return cells


def locked_cells(label: str, rows: int, cols: int) -> set[int]:
    """The cells (reading-order indices) the constructive solver has locked at milestone ``label``.

    The labels are those of :func:`~puzzlelib.core.constructive.constructive_milestones`:
    after ``"row r"`` the first r rows are locked; after ``"column c"`` every row but the
    last two, and the first c columns of those two; after ``"last 2 x 2"`` every cell but
    the corner where the blank is parked. At ``"start"`` and ``"goal reached"`` none is.

    >>> sorted(locked_cells("column 1", 3, 3))
    [0, 1, 2, 3, 6]
    """
    if not isinstance(label, str):
        raise TypeError(f"label is a milestone name such as 'row 1', got {type(label).__name__}")
    rows, cols = whole_number(rows, "rows", minimum=2), whole_number(cols, "cols", minimum=2)
    words = label.split()
    if label in ("start", "goal reached"):
        return set()
    if len(words) == 2 and words[0] == "row" and words[1].isdigit() and int(words[1]) <= rows - 2:
        return set(range(int(words[1]) * cols))                      # the first r rows
    if len(words) == 2 and words[0] == "column" and words[1].isdigit() and int(words[1]) <= cols - 2:
        c = int(words[1])                                            # all rows but the last two, c columns of those
        return set(range((rows - 2) * cols)) | {r * cols + j for r in (rows - 2, rows - 1) for j in range(c)}
    if label == "last 2 x 2":
        return set(range(rows * cols)) - {rows * cols - 1}           # every cell but the parked blank's
    raise ValueError(f"{label!r} is no milestone of a {rows} x {cols} board: 'start', 'row r' (r <= {rows - 2}), "
                     f"'column c' (c <= {cols - 2}), 'last 2 x 2' or 'goal reached'")


def _where(board: Board, cell: int) -> str:
    r, c = divmod(cell, board.cols)
    ends = {0: "top", board.rows - 1: "bottom"}, {0: "left", board.cols - 1: "right"}
    if r in ends[0] and c in ends[1]:
        return f"the {ends[0][r]}-{ends[1][c]} corner"
    return f"row {r + 1}, column {c + 1}"


def _tile_numbers(tiles) -> str:
    tiles = sorted(tiles)
    if len(tiles) > 2 and tiles == list(range(tiles[0], tiles[-1] + 1)):
        return f"tiles {tiles[0]} to {tiles[-1]}"
    return ("tile " if len(tiles) == 1 else "tiles ") + ", ".join(map(str, tiles))


def tile_route(boards, moves, tile: int, locked):
    """Lemma 1 as a row of boards: ``tile`` moves one cell per board, past locked cells; return the Figure.

    ``boards`` are the board at the start and after each step of the tile's route,
    ``moves`` the number of moves made so far at each (0 at the start). The tile is drawn
    dark and the ``locked`` cells (reading-order indices) hatched with a black frame.

    >>> from puzzlelib import Board
    >>> start = Board([[1, 2, 3], [0, 4, 5], [6, 7, 8]])
    >>> fig = tile_route([start, start.slide(4)], [0, 1], 4, {0, 1, 2})
    >>> fig.axes[1].get_title()
    'tile 4 one step on\\n(1 moves so far)'
    """
    boards = _boards(boards, "boards")
    if isinstance(moves, (str, bytes)) or not hasattr(moves, "__iter__"):
        raise TypeError(f"moves is a list of move counts, one per board, got {type(moves).__name__}")
    moves = [whole_number(m, "a move count", minimum=0) for m in moves]
    if len(moves) != len(boards):
        raise ValueError(f"there are {len(boards)} boards but {len(moves)} move counts; give one per board")
    if moves[0] != 0 or any(b < a for a, b in zip(moves, moves[1:])):
        raise ValueError(f"moves start at 0 and never go down, got {moves}")
    start = boards[0]
    if not isinstance(tile, int) or isinstance(tile, bool) or tile not in start.tiles or tile == BLANK:
        raise ValueError(f"tile must be a tile of the board, got {tile!r}")
    locked = _cells(locked, start)
    cells = [b.tiles.index(tile) for b in boards]
    for a, b in zip(cells, cells[1:]):
        if cell_distance(a, b, start.cols) != 1:
            raise ValueError(f"tile {tile} goes from cell {a} to cell {b}: each board must move it by one cell")
    plt = _plt()
    n = len(boards)
    fig, axes = plt.subplots(1, n, figsize=(1.75 * n, 3.2), layout="constrained", squeeze=False)
    titles = ["start"] + [f"tile {tile} one step on\n({m} moves so far)" for m in moves[1:]]
    for ax, title, board in zip(axes[0], titles, boards):
        draw_board(board, ax, title=title, highlight=[tile], locked=locked)
    from matplotlib.patches import Patch

    fig.legend(handles=[_lock_key(), Patch(facecolor=palette.MOVED, label="dark: the tile being routed")],
               loc="lower center", ncol=2, fontsize=11, frameon=False, bbox_to_anchor=(0.5, -0.12))
    fig.suptitle(f"Lemma 1: the blank walks round tile {tile}, then tile {tile} slides one cell", fontsize=12)
    held = [start.tiles[i] for i in sorted(locked) if start.tiles[i] != BLANK]
    home = all(start.tiles[i] == i + 1 for i in locked)
    locks = f", {_tile_numbers(held)} locked{' at home' * home} (hatched, black frame)" if held else ""
    dr, dc = cells[-1] // start.cols - cells[0] // start.cols, cells[-1] % start.cols - cells[0] % start.cols
    way = " and ".join(f"{word} {_words(abs(d))}" for d, word in ((dr, "up" if dr < 0 else "down"),
                                                                   (dc, "left" if dc < 0 else "right")) if d)
    end = _where(start, cells[-1])
    end = f"its home in {end}" if cells[-1] == tile - 1 else end
    return describe(fig, f"{n} boards of {start.rows} x {start.cols} in a row{locks}. Tile {tile} (dark) moves one cell "
                         f"per board, from {_where(start, cells[0])} {way} to {end}, the blank walking round it each "
                         f"time: {', '.join(map(str, moves[1:]))} moves so far.")


def top_row_steps(frames, moves: int):
    """Lemma 2 on the top row of a board 3 wide, step by step; return the Figure.

    ``frames`` is a list of ``(title, board, locked cells)``, one per step, and ``moves``
    the number of moves the row took. Locked cells are hatched with a black frame.

    >>> from puzzlelib import Board
    >>> fig = top_row_steps([("start", Board.goal(3, 3), set()), ("row done", Board.goal(3, 3), {0, 1, 2})], 0)
    >>> [ax.get_title() for ax in fig.axes]
    ['start', 'row done']
    """
    if isinstance(frames, (str, bytes)) or not hasattr(frames, "__iter__"):
        raise TypeError(f"frames is a list of (title, board, locked cells), got {type(frames).__name__}")
    frames = list(frames)
    for frame in frames:
        if not (isinstance(frame, (tuple, list)) and len(frame) == 3 and isinstance(frame[0], str)):
            raise TypeError(f"each frame is a (title, board, locked cells) triple, got {frame!r:.80}")
    boards = _boards([f[1] for f in frames], "frames")
    moves = whole_number(moves, "moves", minimum=0)
    rows, cols = boards[0].shape
    if cols != 3:
        raise ValueError(f"Lemma 2 is drawn on a top row 3 wide (P the middle cell, Q the right one), got {cols} wide")
    locks = [_cells(f[2], boards[0]) for f in frames]
    plt = _plt()
    n = len(frames)
    fig, axes = plt.subplots(1, n, figsize=(1.45 * n, 3.0), layout="constrained", squeeze=False)
    for ax, (title, _, _), board, locked in zip(axes[0], frames, boards, locks):
        draw_board(board, ax, title=title, locked=locked)
    fig.legend(handles=[_lock_key()], loc="lower center", fontsize=11, frameon=False, bbox_to_anchor=(0.5, -0.1))
    fig.suptitle(f"Lemma 2 on a {rows} x {cols} top row: P is the middle cell, Q the right one", fontsize=12)
    row = " ".join("blank" if t == BLANK else str(t) for t in boards[-1].grid[0])
    return describe(fig, f"{_words(n).capitalize()} {rows} x {cols} boards in a row: Lemma 2 fills the top row in "
                         f"{moves} moves. After tile 1 is placed, a = 2 goes to Q (the right cell), b = 3 under Q and "
                         f"the blank to P (the middle cell); then a slides left and b up, and the row reads {row}. "
                         "Placed tiles are locked (hatched, black frame).")


def milestones(path, stones, title: str):
    """The constructive solver's milestones in two rows of boards, solved cells locked; return the Figure.

    ``path`` is the solution (a list of boards, start to goal) and ``stones`` its
    milestones, ``(label, moves so far)`` pairs from
    :func:`~puzzlelib.core.constructive.constructive_milestones`. Each board is drawn
    with the cells :func:`locked_cells` locks at its milestone hatched.

    >>> from puzzlelib import Board
    >>> from puzzlelib.core.constructive import constructive_milestones, solve_constructive
    >>> start = Board([[4, 1, 2], [5, 0, 3], [7, 8, 6]])
    >>> fig = milestones(solve_constructive(start), constructive_milestones(start), "3 x 3")
    >>> [ax.get_title().split(chr(10))[0] for ax in fig.axes if ax.get_visible()]
    ['start', 'row 1', 'column 1', 'last 2 x 2', 'goal reached']
    """
    path = _boards(path, "path")
    if not isinstance(title, str):
        raise TypeError(f"title is a string, got {type(title).__name__}")
    if isinstance(stones, (str, bytes)) or not hasattr(stones, "__iter__"):
        raise TypeError(f"stones is a list of (label, moves) pairs, got {type(stones).__name__}")
    stones = [tuple(s) for s in stones]
    for stone in stones:
        if len(stone) != 2 or not isinstance(stone[0], str):
            raise TypeError(f"each milestone is a (label, moves) pair, got {stone!r}")
        whole_number(stone[1], "a milestone's move count", minimum=0, maximum=len(path) - 1)
    if not stones:
        raise ValueError("stones is empty; there is nothing to draw")
    start, goal = path[0], path[-1]
    plt = _plt()
    ncols = (len(stones) + 1) // 2                  # two rows of boards
    fig, axes = plt.subplots(2, ncols, figsize=(2.1 * ncols, 2 * (1.9 * start.rows / start.cols + 0.6)),
                             layout="constrained", squeeze=False)
    for ax in axes.flat[len(stones):]:
        ax.set_visible(False)
    for ax, (label, moves) in zip(axes.flat, stones):
        draw_board(path[moves], ax, title=f"{label}\n({moves} moves)", fontsize=12,
                   locked=locked_cells(label, start.rows, start.cols))
    fig.legend(handles=[_lock_key()], loc="lower center", fontsize=11, frameon=False, bbox_to_anchor=(0.5, -0.1))
    fig.suptitle(title, fontsize=12)
    return describe(fig, f"{title}: {len(stones)} boards in two rows, the constructive solver's milestones from a "
                         f"scrambled start to the goal "
                         f"{' / '.join(' '.join(str(t) if t else 'blank' for t in row) for row in goal.grid)}, "
                         "solved cells locked (hatched, black frame). Milestones: "
                         + ", ".join(f"{label} at move {moves}" for label, moves in stones[1:]) + ".")


def _numbers(values, what: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} is a list of move counts, got {type(values).__name__}")
    values = list(values)
    if not all(isinstance(v, Real) and not isinstance(v, bool) and v >= 0 for v in values):
        raise ValueError(f"{what} holds move counts (numbers >= 0), got {values!r:.80}")
    return values


def constructive_vs_shortest(optimal, ours, shape=(3, 3)):
    """Each board as a circle: its shortest solution across, the constructive solver's up; return the Figure.

    ``optimal[i]`` and ``ours[i]`` are the two solution lengths of board ``i`` (of ``shape``).
    A dashed line marks where the two are equal.

    >>> fig = constructive_vs_shortest([8, 12, 20], [10, 12, 40])
    >>> len(fig.axes[0].collections[0].get_offsets()), fig.axes[0].get_title()
    (3, 'The constructive solver is correct, not short')
    """
    import numpy as np

    optimal, ours = np.array(_numbers(optimal, "optimal")), np.array(_numbers(ours, "ours"))
    if len(optimal) != len(ours) or len(optimal) == 0:
        raise ValueError(f"optimal and ours need the same number of boards (at least one), got {len(optimal)} "
                         f"and {len(ours)}")
    rows, cols = (whole_number(n, "a side of shape", minimum=1) for n in shape)
    plt = _plt()
    fig, ax = plt.subplots(figsize=(6, 4.5))
    ax.scatter(optimal, ours, s=22, marker="o", facecolors="none", edgecolors=palette.SERIES[0],
               label=f"one {rows} x {cols} board ({len(optimal)} in all)")
    top = optimal.max() + 1
    ax.plot([0, top], [0, top], "k--", lw=1.5, label="constructive = shortest")
    ax.set_xlabel("shortest solution (BFS), moves", fontsize=12)
    ax.set_ylabel("constructive solution, moves", fontsize=12)
    ax.tick_params(labelsize=11)
    ax.set_title("The constructive solver is correct, not short", fontsize=12)
    ax.legend(fontsize=11)
    above = "Every circle is on or above" if (ours >= optimal).all() else "Most circles are on or above"
    return describe(fig, f"Circles for {len(optimal)} random {rows} x {cols} boards: the shortest solution (by BFS, "
                         f"{optimal.min():g} to {optimal.max():g} moves) across against the constructive solver's "
                         f"({ours.min():g} to {ours.max():g} moves) up. {above} the dashed line where the two are "
                         f"equal, {(ours == optimal).sum()} of them on it; the means are {optimal.mean():.1f} and "
                         f"{ours.mean():.1f} moves.")


def state_graph_components(rows: int, cols: int):
    """The state graph of a small board as its two components side by side, no edge between them; return the Figure.

    Every board is a node (circles for the goal's component, squares for the other), every
    move an edge; each component is laid out by BFS layer from its root, a star: the goal,
    and the goal with its first two tiles swapped. A dashed line between the components is
    crossed by no edge, and says so. Boards of 2 x 2, 2 x 3 and 3 x 2 (up to
    :data:`MAX_COMPONENT_BOARDS` boards).

    >>> fig = state_graph_components(2, 2)
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()][:2]
    ['solvable component: 12 boards', 'unsolvable component: 12 boards']
    """
    import networkx as nx
    from math import factorial

    from puzzlelib.core.encoding import rank
    from puzzlelib.core.generate import fix_by_swap
    from puzzlelib.core.graph import state_graph

    rows, cols = whole_number(rows, "rows", minimum=2), whole_number(cols, "cols", minimum=2)
    if rows * cols > 6 or factorial(rows * cols) > MAX_COMPONENT_BOARDS:     # (mn)! only when it is small
        raise ValueError(f"the {number_text(rows)} x {number_text(cols)} state graph has ({number_text(rows)} x "
                         f"{number_text(cols)})! boards; state_graph_components draws up to "
                         f"{MAX_COMPONENT_BOARDS} (2 x 2, 2 x 3 or 3 x 2)")
    G = state_graph(rows, cols)
    n, n_edges = G.number_of_nodes(), G.number_of_edges()
    sizes = sorted(len(c) for c in nx.connected_components(G))
    crossing = sum(G.nodes[u]["component"] != G.nodes[v]["component"] for u, v in G.edges)
    goal = G.graph["goal"]
    swapped = fix_by_swap(goal)
    a, b = sorted(t for t, s in zip(goal.tiles, swapped.tiles) if t != s)
    roots = {"solvable": ("root: the goal", goal),
             "unsolvable": (f"root: the goal with {a} and {b} swapped", swapped)}

    pos = graph_layout(G)                              # x = BFS layer, the components side by side
    ys = [y for _, y in pos.values()]
    high = max(max(ys), 5.0)                           # 21.5 for 2 x 3: the texts sit just above and below
    plt = _plt()
    fig, ax = plt.subplots(figsize=(8.8, 4.5))
    nx.draw_networkx_edges(G, pos, ax=ax, edge_color="#555555", width=0.9)
    for component, color in palette.COMPONENT_COLORS.items():
        nodes = [v for v, d in G.nodes(data=True) if d["component"] == component]
        nx.draw_networkx_nodes(G, pos, nodelist=nodes, node_color=color, node_size=28, ax=ax,
                               node_shape=palette.COMPONENT_MARKERS[component], label=f"{component} nodes")
        ax.plot([], [], palette.COMPONENT_MARKERS[component], color=color, markersize=9,
                label=f"{component} component: {len(nodes)} boards")
    root_xy = [pos[rank(board)] for _, board in roots.values()]
    ax.scatter(*zip(*root_xy), marker="*", s=600, color=palette.GOAL, edgecolors="black", linewidths=1.5,
               zorder=4)
    ax.plot([], [], "*", color=palette.GOAL, markeredgecolor="black", markersize=15, label="root (layer 0)")
    for (text, board), (x, y) in zip(roots.values(), root_xy):
        ax.annotate(f"{text}\n{str(board).replace(chr(10), ' / ')}", (x, y), xytext=(x - 1, -high - 8.5),
                    fontsize=11, ha="left", va="top", arrowprops=dict(arrowstyle="->", color="black", lw=1.5),
                    bbox=dict(boxstyle="round", facecolor="white", edgecolor="black"))
    xs = {c: [pos[v][0] for v, d in G.nodes(data=True) if d["component"] == c] for c in roots}
    gap = (max(xs["solvable"]) + min(xs["unsolvable"])) / 2
    ax.axvline(gap, color="black", linestyle="--", linewidth=2, label="no edge crosses this line")
    ax.text(gap, high + 4.5, f"no edge crosses:\n{crossing} edges between\nthe components", ha="center",
            va="bottom", fontsize=12, fontweight="bold", bbox=dict(boxstyle="round", facecolor="white",
                                                                    edgecolor="black"))
    for c, color in palette.COMPONENT_COLORS.items():
        ax.text((min(xs[c]) + max(xs[c])) / 2, high + 2.5, f"{c} component", ha="center", va="bottom", fontsize=13,
                fontweight="bold", color=color)
    depth = max(xs["solvable"]) - min(xs["solvable"])
    ticks = list(range(0, int(depth) + 1, 3))
    ax.set_xticks([min(xs[c]) + t for c in roots for t in ticks], [str(t) for _ in roots for t in ticks])
    ax.tick_params(axis="x", bottom=True, labelbottom=True, labelsize=11)
    ax.set_xlabel("BFS layer: moves from the component's root", fontsize=12)
    ax.set_xlim(min(xs["solvable"]) - 1.5, max(xs["unsolvable"]) + 1.5)
    ax.set_ylim(-high - 28.5, high + 28.5)              # room for the boxes above and below
    ax.set_yticks([])
    ax.set_title(f"The {rows} x {cols} state graph: {n} boards, {_words(len(sizes))} components of {sizes[0]}, "
                 f"{crossing} edges between them", fontsize=13)
    handles, labels = ax.get_legend_handles_labels()
    keep = [i for i, label in enumerate(labels) if not label.endswith(" nodes")]
    ax.legend([handles[i] for i in keep], [labels[i] for i in keep], loc="upper center",
              bbox_to_anchor=(0.5, -0.15), ncol=2, fontsize=11, frameon=False, handletextpad=0.4, columnspacing=2)
    fig.tight_layout()
    words = " / ".join(" ".join("blank" if t == BLANK else str(t) for t in row) for row in goal.grid)
    return describe(fig, f"The {rows} x {cols} state graph: {n} boards in {_words(len(sizes))} components of "
                         f"{sizes[0]}, solvable (blue circles) on the left and unsolvable (orange squares) on the "
                         f"right, each laid out left to right by BFS layer (0 to {depth:.0f}) from its root, a star: "
                         f"the goal {words}, and the goal with {a} and {b} swapped. A dashed line between them is "
                         f"crossed by {crossing} of the {n_edges} edges.")
