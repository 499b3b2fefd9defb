"""What the players show, apart from their logic: names and directions of tiles, the style sheet, the state
graph beside the board and its alt text, and the HTML of a picture or of a live region.

>>> tile_name(Board([[1, 2, 3], [4, 0, 5]]), 2), slide_direction(Board([[1, 2, 3], [4, 0, 5]]), 5)
('tile 3, row 1, column 3', 'left')
"""

from __future__ import annotations

__all__ = ["BLANK_TEXT", "PANEL_UNSOLVABLE_TEXT", "SLIDE_WORDS", "tile_name", "slide_direction", "graph_alt"]

import base64
import html
import io
from puzzlelib.core.board import Board, as_board
from puzzlelib.core.errors import whole_number
from puzzlelib.core.encoding import rank


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal."""
    return '"' + "".join(ch if ch.isalnum() or ch in " ,.:;-" else f"\\{ord(ch):x} " for ch in text) + '"'


def tile_name(board: Board, cell: int) -> str:
    """What a screen reader says for the button in ``cell``: the tile, its place, and where it can slide.

    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> tile_name(b, 5), tile_name(b, 0), tile_name(b, 4)
    ('tile 5, row 2, column 3, can slide left', 'tile 1, row 1, column 1', 'blank')
    """
    board = as_board(board)
    cell = whole_number(cell, "a cell (its index in reading order)")
    if not 0 <= cell < len(board.tiles):
        raise ValueError(f"a {board.rows} x {board.cols} board has cells 0 to {len(board.tiles) - 1}, got {cell}")
    tile = board.tiles[cell]
    if tile == 0:
        return "blank"
    r, c = divmod(cell, board.cols)
    direction = slide_direction(board, tile)
    return f"tile {tile}, row {r + 1}, column {c + 1}" + (f", can slide {direction}" if direction else "")


def slide_direction(board: Board, tile: int) -> str | None:
    """The way ``tile`` would move into the blank ("left", "right", "up", "down"), or None.

    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> slide_direction(b, 5), slide_direction(b, 2), slide_direction(b, 1)
    ('left', 'down', None)
    """
    board = as_board(board)
    tile = whole_number(tile, "a tile")
    if tile not in board.tiles:
        raise ValueError(f"there is no tile {tile} on a {board.rows} x {board.cols} board")
    cell = board.tiles.index(tile)
    r, c = divmod(cell, board.cols)
    br, bc = board.blank
    return SLIDE_WORDS.get((br - r, bc - c))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _img_html(png: bytes, alt: str) -> str:
    data = base64.b64encode(png).decode("ascii")
    return f'<img src="data:image/png;base64,{data}" alt="{html.escape(alt)}">'


def _live_html(text: str) -> str:
    return (f'<div role="status" aria-live="polite" aria-atomic="true">'
            f'{html.escape(text, quote=False)}</div>')


def _in_kernel() -> bool:
    """True inside a Jupyter kernel, whose event loop answers widget messages while a solve runs."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    return buffer.getvalue()


class _GraphView:
    """A state-graph drawing, made once, with a marker moved to the current board."""

    def __init__(self, rows: int, cols: int, goal: Board):
        from matplotlib.figure import Figure

        from puzzlelib.draw import draw_state_graph, graph_layout
        from puzzlelib.core.graph import state_graph

        G = state_graph(rows, cols, goal=goal)
        self.pos = graph_layout(G)
        self.fig = Figure(figsize=(6.0, 3.9))     # few inches, so its 11-12 pt text stays big when scaled
        ax = self.fig.subplots()
        draw_state_graph(G, ax, node_size=80 if len(G) <= 50 else 6,
                         title=f"{rows} x {cols} state graph: the ring marks your board")
        self.marker = ax.scatter([0], [0], s=320, facecolors="none", edgecolors="black",
                                 linewidths=2.5, zorder=5)
        self.fig.tight_layout()

    def png(self, board: Board, alt: str) -> bytes:
        """The drawing with the marker on ``board``; the figure carries ``alt`` (puzzlelib.draw.describe)."""
        from puzzlelib.draw import describe

        self.marker.set_offsets([self.pos[rank(board)]])
        describe(self.fig, alt)
        return _png(self.fig)


def graph_alt(board: Board, panel) -> str:
    """The state graph's alt text: what it shows, which component the board is in, and how far it is.

    >>> from puzzlelib.player.session import PlaySession
    >>> b = Board([[1, 2, 3], [4, 0, 5]])
    >>> graph_alt(b, PlaySession(board=b).panel()).endswith("in the goal's component (solvable); 1 move from the goal.")
    True
    """
    board = as_board(board)
    if not (hasattr(panel, "solvable") and hasattr(panel, "distance")):
        raise TypeError(f"panel is a PlaySession.panel() result, got {type(panel).__name__}")
    where = ("the goal's component (solvable)" if panel.solvable
             else "the other component (unsolvable: the goal cannot be reached)")
    text = (f"State graph of every {board.rows} x {board.cols} board: two components, circles for the "
            f"goal's, squares for the other. A ring marks your board, in {where}")
    if panel.solvable:
        text += ("; it is the goal" if panel.distance == 0
                 else f"; {_plural(panel.distance, 'move')} from the goal")
    return text + "."


BLANK_TEXT = "\u00a0"
"""Text on the blank's button. ipywidgets 8.1 leaves the old text on screen when a
description is set to "", so the blank gets a non-breaking space instead."""


_STYLE = """<style>
.puzzle-widget .puzzle-panel .widget-html, .puzzle-widget .puzzle-panel .jupyter-widget-html { font-size: 15px; }
.puzzle-widget.presenting .puzzle-panel .widget-html, .puzzle-widget.presenting .puzzle-panel .jupyter-widget-html,
.puzzle-widget.presenting .puzzle-message { font-size: 24px; }
.puzzle-widget .puzzle-panel .widget-html-content, .puzzle-widget .puzzle-message .widget-html-content {
  line-height: 1.5; }
.puzzle-widget.presenting .widget-button, .puzzle-widget.presenting .widget-toggle-button,
.puzzle-widget.presenting .widget-dropdown select, .puzzle-widget.presenting .widget-label { font-size: 20px; }
.puzzle-widget .puzzle-board:focus, .puzzle-widget .puzzle-board:hover { outline: 2px dashed #0072B2; }
.puzzle-widget button:focus-visible, .puzzle-widget select:focus-visible, .puzzle-widget input:focus-visible,
.puzzle-widget button:focus, .puzzle-widget select:focus, .puzzle-widget input:focus,
.puzzle-bfs input:focus-visible {
  outline: 3px solid #0072B2 !important; outline-offset: 2px; box-shadow: 0 0 0 5px #FFFFFF; }
.puzzle-widget .action-solve { background-color: #00704F !important; color: #FFFFFF !important; }
.puzzle-widget .action-stop { background-color: #8A5300 !important; color: #FFFFFF !important; }
.puzzle-widget .puzzle-tile { color: #2B1D05; }
.puzzle-widget .puzzle-live, .puzzle-bfs .puzzle-live {
  position: absolute !important; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
  clip-path: inset(50%); white-space: nowrap; margin: -1px; padding: 0; border: 0; }
.puzzle-widget .puzzle-graph img, .puzzle-bfs .puzzle-chart img { display: block; max-width: 100%; height: auto; }
</style>"""
"""CSS for the player: readable panel text, larger in presentation mode (ipywidgets sets the font size
of each HTML widget itself, so the rules name ``.jupyter-widget-html``; :meth:`PuzzleWidget._apply_size`
also sets it on each panel line's style, which no style sheet overrides), a focus ring on the board and on
every control, solve and stop in colours with white text at 4.5:1 or more, and a live region that
screen readers read but that takes no room on screen."""


PANEL_UNSOLVABLE_TEXT = "#8A5300"
"""The panel's "unsolvable": a dark orange, 6.3:1 on white."""


SLIDE_WORDS = {(0, -1): "left", (0, 1): "right", (-1, 0): "up", (1, 0): "down"}
"""The direction a tile moves into the blank, from the blank's offset (row, column) to the tile."""
