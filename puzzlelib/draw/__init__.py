"""Pictures with matplotlib: a board, a solution as a filmstrip, and the state graph."""

from __future__ import annotations

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, as_board
from puzzlelib.core.errors import whole_number
from puzzlelib.core.palette import COMPONENT_COLORS, COMPONENT_MARKERS

__all__ = ["MAX_DRAW_CELLS", "ALT_ATTRIBUTE", "describe", "alt_text", "draw_board", "board_words", "draw_path",
           "graph_layout", "ring_layout", "draw_state_graph"]

MAX_DRAW_CELLS = 2500
"""draw_board draws boards of up to 2,500 cells (50 x 50) tile by tile."""


def _plt():
    import matplotlib.pyplot as plt

    return plt


FONT = {"font.size": 12, "axes.titley": 1.0}
"""The plots' rcParams: text at 12 pt, readable from the back of a lecture room, and each title at a fixed
height just above its axes. (Left to itself, matplotlib measures every tick label of every plot at each draw
to find where a title fits; no plot here has ticks on top, so the fixed height puts every title where that
search would: the notebooks' 49 figures, compared before and after, were the same to the byte, but for bars
measured afresh on each run.)"""


def _tick_labels(fig) -> None:
    """Fix the tick labels at 12 pt: matplotlib makes them, and reads their size to know how many fit, when it
    draws, after the ``rc_context(FONT)`` that made the figure is gone."""
    for ax in fig.axes:
        ax.tick_params(which="both", labelsize=FONT["font.size"])


ALT_ATTRIBUTE = "_puzzlelib_alt"


def describe(fig, text: str):
    """Give ``fig`` an alt text, ``text``: what the figure shows, in a sentence or two; return ``fig``.

    A reader who cannot see the figure hears the text instead (a screen reader reads an
    image's alt text). Wherever IPython shows the figure (``plt.show()``, a figure at the end
    of a cell, ``display(fig)``), its output carries the text: as an ``<img alt=...>`` beside
    the PNG, which JupyterLab and the site show, and as the PNG's ``alt`` metadata, which the
    slide decks read. ``draw_board``, ``draw_path`` and ``draw_state_graph`` describe the
    figures they make themselves.

    >>> import matplotlib.pyplot as plt
    >>> fig = describe(plt.figure(), "A blank figure.")
    >>> alt_text(fig)
    'A blank figure.'
    """
    if not hasattr(fig, "savefig"):
        raise TypeError(f"describe() takes a matplotlib Figure, got {type(fig).__name__}")
    if not isinstance(text, str):
        raise TypeError(f"an alt text is a string, got {type(text).__name__}")
    text = " ".join(text.split())
    if not text:
        raise ValueError("the alt text is empty: say what the figure shows")
    setattr(fig, ALT_ATTRIBUTE, text)
    _show_alt_texts()
    return fig


def alt_text(fig) -> str | None:
    """The alt text given to ``fig`` by :func:`describe`, or None.

    >>> import matplotlib.pyplot as plt
    >>> alt_text(plt.figure()) is None
    True
    """
    if not hasattr(fig, "savefig"):
        raise TypeError(f"alt_text() takes a matplotlib Figure, got {type(fig).__name__}")
    return getattr(fig, ALT_ATTRIBUTE, None)


def _show_alt_texts() -> None:
    """Make IPython show a described figure with its alt text (again after %matplotlib resets it)."""
    import html

    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    from matplotlib.figure import Figure

    formatters = shell.display_formatter.formatters
    png, page = formatters["image/png"], formatters["text/html"]
    try:
        printer = png.lookup_by_type(Figure)
    except KeyError:            # figures are not shown as PNG here (SVG, or a widget backend)
        return
    if getattr(printer, ALT_ATTRIBUTE, False):
        return
    drawn = {}                  # text/html is formatted first: draw the PNG once for both

    def png_with_alt(fig):
        out = drawn.pop(id(fig), None) or printer(fig)
        text = alt_text(fig)
        if out is None or not text:
            return out
        data, meta = out if isinstance(out, tuple) else (out, None)
        return data, {**(meta or {}), "alt": text}

    def img_with_alt(fig):
        text = alt_text(fig)
        if not text:
            return None
        out = png_with_alt(fig)
        if out is None:
            return None
        drawn[id(fig)] = out
        data, meta = out
        if isinstance(data, bytes):
            import base64
            data = base64.b64encode(data).decode("ascii")
        size = "".join(f' {k}="{meta[k]}"' for k in ("width", "height") if k in meta)
        return f'<img src="data:image/png;base64,{data}" alt="{html.escape(text)}"{size}>'

    setattr(png_with_alt, ALT_ATTRIBUTE, True)
    png.for_type(Figure, png_with_alt)
    page.for_type(Figure, img_with_alt)


def draw_board(board, ax=None, *, title: str | None = None, highlight=(), fontsize: float | None = None,
               locked=()):
    """Draw ``board`` as coloured squares on a matplotlib axes and return the axes.

    ``highlight`` names tiles to draw in a stronger colour (say, the one just moved).
    ``locked`` names *cells* (reading-order indices) to mark as locked: hatched,
    with a thick black frame, so the mark does not rest on colour alone.

    >>> from puzzlelib import Board
    >>> ax = draw_board(Board.goal(3, 3), title="goal")
    >>> ax.get_title()
    'goal'
    """
    import matplotlib.patches as patches

    board = as_board(board)
    _check_axes(ax)
    if board.rows * board.cols > MAX_DRAW_CELLS:
        raise ValueError(f"a {board.rows} x {board.cols} board is too big to draw tile by tile; "
                         f"draw_board draws up to {MAX_DRAW_CELLS:,} cells")
    plt = _plt()
    if ax is None:
        fig, ax = plt.subplots(figsize=(0.6 * board.cols + 0.4, 0.6 * board.rows + 0.4))
        describe(fig, f"{f'{title}: ' if title else ''}{board_words(board)}.")
    highlight = set(highlight)
    locked = {int(i) for i in locked}
    if fontsize is None:
        fontsize = 14 if board.rows * board.cols < 100 else 11
    for r, row in enumerate(board.grid):
        for c, tile in enumerate(row):
            y = board.rows - 1 - r
            if tile == BLANK:
                ax.add_patch(patches.Rectangle((c, y), 1, 1, facecolor=palette.BLANK, edgecolor=palette.BLANK_EDGE))
                continue
            moved = tile in highlight
            held = r * board.cols + c in locked
            ax.add_patch(patches.FancyBboxPatch((c + 0.05, y + 0.05), 0.9, 0.9,
                                                boxstyle="round,pad=0,rounding_size=0.12",
                                                facecolor=palette.MOVED if moved else palette.TILE,
                                                edgecolor="black" if held else palette.TILE_EDGE,
                                                linewidth=3.5 if held else 2.5 if moved else 1,
                                                hatch="///" if held else None))
            ax.text(c + 0.5, y + 0.5, str(tile), ha="center", va="center", fontsize=fontsize,
                    fontweight="bold", color=palette.MOVED_TEXT if moved else palette.TILE_TEXT,
                    bbox=dict(boxstyle="round,pad=0.15", facecolor=palette.MOVED if moved else palette.TILE,
                              edgecolor="none") if held else None)
    ax.set_xlim(0, board.cols)
    ax.set_ylim(0, board.rows)
    ax.set_aspect("equal")
    ax.set_xticks([])
    ax.set_yticks([])
    for spine in ax.spines.values():
        spine.set_visible(False)
    if title is not None:
        ax.set_title(title, fontsize=11)
    return ax


def board_words(board) -> str:
    """A board in words, row by row, for an alt text.

    >>> from puzzlelib import Board
    >>> board_words(Board([[4, 1, 2], [5, 0, 3]]))
    'a 2 x 3 board, rows: 4 1 2; 5 blank 3'
    """
    board = as_board(board)
    if board.rows * board.cols > 64:
        return f"a {board.rows} x {board.cols} board"
    rows = "; ".join(" ".join("blank" if t == BLANK else str(t) for t in row) for row in board.grid)
    return f"a {board.rows} x {board.cols} board, rows: {rows}"


def draw_path(path, *, per_row: int = 8, max_frames: int = 32, title: str | None = None):
    """Draw a list of boards as a filmstrip, the moved tile highlighted; return the figure.

    Long paths are thinned to at most ``max_frames`` frames, always keeping
    the first and the last.

    >>> from puzzlelib import Board, shortest_path
    >>> fig = draw_path(shortest_path(Board([[4, 1, 2], [5, 0, 3]])))
    >>> len([ax for ax in fig.axes if ax.get_visible()])
    6
    """
    if isinstance(path, (str, bytes)) or not hasattr(path, "__iter__"):
        raise TypeError(f"a path is a list of boards, got {type(path).__name__}")
    path = [as_board(b) for b in path]
    if not path:
        raise ValueError("the path is empty; there is nothing to draw")
    if len({b.shape for b in path}) > 1:
        raise ValueError(f"every board of a path has the same shape, got {sorted({b.shape for b in path})}")
    for name, value, least in (("per_row", per_row, 1), ("max_frames", max_frames, 2)):
        whole_number(value, name, minimum=least)
    plt = _plt()
    steps = list(range(len(path)))
    if len(steps) > max_frames:
        stride = (len(steps) - 1) / (max_frames - 1)
        steps = sorted({round(i * stride) for i in range(max_frames)})
    n = len(steps)
    ncols = min(per_row, n)
    nrows = -(-n // ncols)
    board = path[0]
    fig, axes = plt.subplots(nrows, ncols, squeeze=False,
                             figsize=(ncols * (0.45 * board.cols + 0.3), nrows * (0.45 * board.rows + 0.6)))
    for ax in axes.flat[n:]:
        ax.set_visible(False)
    for ax, i in zip(axes.flat, steps):
        moved = ()
        if i > 0:
            prev = path[i - 1]
            moved = (prev.tiles[path[i].blank_index],)
        label = "start" if i == 0 else ("goal" if i == len(path) - 1 else f"move {i}")
        draw_board(path[i], ax, title=label, highlight=moved, fontsize=11)
    if title:
        fig.suptitle(title, fontsize=12)
    fig.tight_layout()
    shown = "" if n == len(path) else f", {n} of them shown"
    return describe(fig, f"{title + '. ' if title else ''}A filmstrip of {len(path)} boards, {len(path) - 1} moves "
                         f"from start to end{shown}, the tile just moved dark; start: {board_words(path[0])}; "
                         f"end: {board_words(path[-1])}.")


def _check_graph(G) -> None:
    """A TypeError or ValueError unless ``G`` is a graph from :func:`~puzzlelib.core.graph.state_graph`."""
    import networkx as nx

    if not isinstance(G, nx.Graph):
        raise TypeError(f"expected a state graph from puzzlelib.core.graph.state_graph(), got {type(G).__name__}")
    if G.number_of_nodes() == 0:
        raise ValueError("the graph has no nodes; there is nothing to draw")
    missing = [v for v, d in G.nodes(data=True) if "component" not in d]
    if missing:
        raise ValueError(f"every node needs a 'component' attribute, as state_graph() gives; node {missing[0]!r} "
                         "has none")


def _check_axes(ax) -> None:
    if ax is not None and not hasattr(ax, "add_patch"):
        raise TypeError(f"ax must be a matplotlib Axes or None, got {type(ax).__name__}")


def graph_layout(G) -> dict:
    """Positions for :func:`draw_state_graph`: x is the BFS layer, components side by side.

    Within a layer the nodes are spread evenly, sorted by rank so the picture
    is the same on every run.

    >>> from puzzlelib import state_graph
    >>> pos = graph_layout(state_graph(2, 2))
    >>> len(pos)
    24
    """
    _check_graph(G)
    by_group: dict = {}
    for node, data in G.nodes(data=True):
        layer = data.get("layer")
        by_group.setdefault((data["component"], -1 if layer is None else layer), []).append(node)
    components = sorted({c for c, _ in by_group}, key=lambda c: c != "solvable")
    widest = max(len(nodes) for nodes in by_group.values())
    depth = max(layer for _, layer in by_group) + 2
    pos = {}
    for (component, layer), nodes in by_group.items():
        offset = components.index(component) * depth
        for i, node in enumerate(sorted(nodes)):
            pos[node] = (offset + max(layer, 0), (i + 0.5) / len(nodes) * widest - widest / 2)
    return pos


def ring_layout(G) -> dict:
    """Positions that draw each component as a ring (a cycle) or a row (a path), side by side.

    Nodes are placed in the order a walk along the component meets them, so
    a component that is a cycle comes out as a circle. Meant for small graphs
    such as 2 x 2 (two cycles of 12) and 1 x n (paths).

    >>> from puzzlelib import state_graph
    >>> pos = ring_layout(state_graph(2, 2))
    >>> len(pos), round(pos[0][0] - pos[1][0], 6) != 0
    (24, True)
    """
    import math

    import networkx as nx

    _check_graph(G)
    components = sorted((sorted(c) for c in nx.connected_components(G)),
                        key=lambda c: (G.nodes[c[0]].get("component") != "solvable", c[0]))
    per_row = max(1, math.ceil(math.sqrt(len(components))))
    pos = {}
    for index, nodes in enumerate(components):
        sub = G.subgraph(nodes)
        ends = [v for v in nodes if sub.degree(v) <= 1]
        order = list(nx.dfs_preorder_nodes(sub, source=ends[0] if ends else nodes[0]))
        cx, cy = 3.0 * (index % per_row), -3.0 * (index // per_row)
        if ends:  # a path: lay it out along a line
            for i, v in enumerate(order):
                pos[v] = (cx - 1 + 2 * i / max(1, len(order) - 1), cy)
        else:
            for i, v in enumerate(order):
                angle = 2 * math.pi * i / len(order)
                pos[v] = (cx + math.cos(angle), cy + math.sin(angle))
    return pos


def draw_state_graph(G, ax=None, *, title: str | None = None, node_size: float | None = None,
                     highlight=None, layout: str = "layers"):
    """Draw a state graph from :func:`~puzzlelib.core.graph.state_graph`, coloured by component.

    ``layout="layers"`` puts each board at x = its BFS layer (see
    :func:`graph_layout`); ``layout="rings"`` draws each component as a ring
    (see :func:`ring_layout`). ``highlight`` is a node (a rank) to mark, such
    as the current board.

    >>> from puzzlelib import state_graph
    >>> ax = draw_state_graph(state_graph(2, 2))
    >>> sorted(t.get_text() for t in ax.get_legend().get_texts())
    ['goal', 'solvable (12 boards)', 'unsolvable (12 boards)']
    """
    import networkx as nx

    _check_graph(G)
    _check_axes(ax)
    if highlight is not None:           # a rank of the graph, or a Board of its shape (turned into its rank)
        from puzzlelib.core.board import Board, as_board
        from puzzlelib.core.encoding import rank
        from puzzlelib.core.errors import short_repr, whole_number

        if isinstance(highlight, Board):
            highlight = as_board(highlight, "highlight")
            if highlight.shape != (G.graph.get("rows"), G.graph.get("cols")):
                raise ValueError(f"highlight is a {highlight.rows} x {highlight.cols} board, but the graph is of "
                                 f"{G.graph.get('rows')} x {G.graph.get('cols')} boards")
            highlight = rank(highlight)
        highlight = whole_number(highlight, "highlight")
        if highlight not in G:
            raise ValueError(f"highlight must be a node of the graph (a rank 0..{G.number_of_nodes() - 1}) or "
                             f"one of its boards, got {short_repr(highlight)}")
    plt = _plt()
    made = ax is None
    if made:
        _, ax = plt.subplots(figsize=(10, 5))
    if layout not in ("layers", "rings"):
        raise ValueError(f'layout must be "layers" or "rings", got {layout!r}')
    pos = graph_layout(G) if layout == "layers" else ring_layout(G)
    n = G.number_of_nodes()
    if node_size is None:
        node_size = 60 if n <= 50 else 8
    nx.draw_networkx_edges(G, pos, ax=ax, edge_color="#444444", alpha=0.9 if n <= 50 else 0.25,
                           width=1.5 if n <= 50 else 0.8)
    for component, color in COMPONENT_COLORS.items():
        nodes = [v for v, d in G.nodes(data=True) if d["component"] == component]
        if nodes:
            nx.draw_networkx_nodes(G, pos, nodelist=nodes, node_color=color, node_size=node_size,
                                   node_shape=COMPONENT_MARKERS[component], ax=ax,
                                   label=f"{component} ({len(nodes)} boards)")
    goal = G.graph.get("goal")
    if goal is not None:
        from puzzlelib.core.encoding import rank

        nx.draw_networkx_nodes(G, pos, nodelist=[rank(goal)], node_color=palette.GOAL, node_size=node_size * 4,
                               edgecolors="black", ax=ax, label="goal")
    if highlight is not None:
        nx.draw_networkx_nodes(G, pos, nodelist=[highlight], node_color="none", node_size=node_size * 9,
                               edgecolors="black", linewidths=2, ax=ax, label="current board")
    pieces = list(nx.connected_components(G))
    for piece in pieces:  # name each component above its nodes
        component = G.nodes[next(iter(piece))]["component"]
        xs, ys = zip(*(pos[v] for v in piece))
        ax.text((min(xs) + max(xs)) / 2, max(ys), f"{component}\n" if len(pieces) > 2 else
                f"{component} component\n", ha="center", va="bottom", color=COMPONENT_COLORS[component],
                fontsize=11, fontweight="bold")
    ax.margins(y=0.15)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.1 if layout == "layers" else -0.02),
              ncol=4 if ax.figure.get_figwidth() >= 8 else 2, fontsize=11,
              markerscale=1.5 if n > 50 else 1, frameon=False)
    if layout == "layers":
        ax.set_xlabel("BFS layer (moves from the component's root)", fontsize=11)
    else:
        ax.set_aspect("equal")
        ax.set_xticks([])
    ax.set_yticks([])
    ax.tick_params(labelsize=11)
    if title is None:
        title = (f"State graph of the {G.graph.get('rows')} x {G.graph.get('cols')} puzzle: "
                 f"{n} boards, {nx.number_connected_components(G)} components")
    ax.set_title(title, fontsize=12)
    if made:
        sizes = ", ".join(f"{len(p)} boards" for p in sorted(pieces, key=len, reverse=True))
        drawn = "each board at x = its BFS layer" if layout == "layers" else "each component as a ring"
        markers = ", circles for the goal's (solvable) and squares for the other" if len(pieces) == 2 else ""
        describe(ax.figure, f"{title}. Boards are dots joined when one move apart, {drawn}; the components hold "
                            f"{sizes}{markers}.")
    return ax
