"""Interactive players for Jupyter (ipywidgets 8): play a board, or explore BFS layer by layer.

* :class:`PuzzleWidget` shows a board as a grid of buttons with a live panel
  of the numbers behind solvability, and buttons to shuffle, scramble, swap,
  undo, reset and solve. On 2 x 2 and 2 x 3 it also draws the whole state
  graph with the current board marked, so a swap visibly jumps components.
* :class:`BFSExplorer` is a slider over BFS depth with the layer sizes and a
  few boards at the chosen depth.

Every player keeps its own :class:`~puzzlelib.player.session.PlaySession`; two
players in one notebook never share state.

Errors: everything a click or a menu choice can reach (the buttons, the menus,
:meth:`PuzzleWidget.click_cell`, :meth:`PuzzleWidget.click_tile`,
:meth:`PuzzleWidget.solve`) never raises for a bad request; it changes nothing
and says why on the message line (``session.message``). Constructors and
:class:`~puzzlelib.player.session.PlaySession`'s methods, called from Python,
raise TypeError or ValueError for arguments of the wrong type.
"""

from __future__ import annotations

import contextlib
import html
import io
import numbers
import time

import ipywidgets as w

from .. import palette
from ..board import Board, resolve_goal
from ..encoding import rank
from .session import GOAL_KINDS, PlaySession, make_goal

BLANK_TEXT = "\u00a0"
"""Text on the blank's button. ipywidgets 8.1 leaves the old text on screen when a
description is set to "", so the blank gets a non-breaking space instead."""

SIZES = ["2x2", "2x3", "3x2", "3x3", "2x4", "4x2", "3x4", "4x3", "4x4"]
GRAPH_SHAPES = {(2, 2), (2, 3)}


def _png(fig) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=72)
    return buffer.getvalue()


class _GraphView:
    """A state-graph drawing, made once, with a marker moved to the current board."""

    def __init__(self, rows: int, cols: int, goal: Board):
        from matplotlib.figure import Figure

        from ..draw import draw_state_graph, graph_layout
        from ..graph import state_graph

        G = state_graph(rows, cols, goal)
        self.pos = graph_layout(G)
        self.fig = Figure(figsize=(6.4, 3.6))
        ax = self.fig.subplots()
        draw_state_graph(G, ax, node_size=80 if len(G) <= 50 else 6,
                         title=f"{rows} x {cols} state graph: the ring marks your board")
        self.marker = ax.scatter([0], [0], s=320, facecolors="none", edgecolors="black",
                                 linewidths=2.5, zorder=5)
        self.fig.tight_layout()

    def png(self, board: Board) -> bytes:
        self.marker.set_offsets([self.pos[rank(board)]])
        return _png(self.fig)


class PuzzleWidget(w.VBox):
    """A playable puzzle with live invariants.

    The size and goal menus always agree with the board: choosing either
    starts a new game at the chosen goal. A goal given as a board that is
    none of the named kinds is offered as "custom"; it has one size, so
    choosing "custom" also sets the size, and choosing another size while
    the goal is custom switches the goal to "blank last" (the message says so).

    >>> p = PuzzleWidget(Board([[1, 2, 3], [4, 0, 5]]))
    >>> p.tile_buttons[5].description, p.tile_buttons[0].description == BLANK_TEXT
    ('5', True)
    >>> p.tile_buttons[5].click()      # the 5 is next to the blank: it slides
    >>> p.session.board == Board.goal(2, 3), p.value_widgets["distance"].value
    (True, '0 moves (exact, BFS)')
    """

    def __init__(self, board=None, goal=None, rows: int = 3, cols: int = 3, *, seed: int = 0,
                 animation_delay: float = 0.12):
        self.animation_delay = animation_delay
        self._seed = seed
        self.session = PlaySession(board, goal, rows, cols, seed=seed)
        shape = f"{self.session.board.rows}x{self.session.board.cols}"
        kind = self._goal_kind()
        self._custom_goal = None if kind else self.session.goal
        """The goal given as a board that is none of GOAL_KINDS, offered as "custom" (else None)."""
        self._syncing = False
        self.size_choice = w.Dropdown(options=SIZES if shape in SIZES else SIZES + [shape], value=shape,
                                      description="size", layout=w.Layout(width="150px"))
        self.goal_choice = w.Dropdown(options=list(GOAL_KINDS) + ([] if kind else ["custom"]),
                                      value=kind or "custom", description="goal",
                                      layout=w.Layout(width="200px"))
        self.size_choice.observe(self._on_shape, names="value")
        self.goal_choice.observe(self._on_shape, names="value")

        self.grid = w.GridBox()
        self._cell_buttons: list[w.Button] = []
        self.value_widgets = {key: w.HTML() for key in
                              ("moves", "inversions", "blank row", "invariant", "component", "distance")}
        self.message = w.HTML()
        self.scramble_moves = w.BoundedIntText(value=20, min=1, max=10_000, description="moves",
                                               layout=w.Layout(width="140px"))
        self.buttons = {
            "shuffle": w.Button(description="shuffle", tooltip="a uniformly random solvable board"),
            "scramble": w.Button(description="scramble", tooltip="make random moves"),
            "swap": w.Button(description="swap two tiles", tooltip="jump to the other component"),
            "undo": w.Button(description="undo"),
            "reset": w.Button(description="reset"),
            "solve": w.Button(description="solve", button_style="success"),
        }
        for key, widget in self.value_widgets.items():  # CSS classes let a browser test find them
            widget.add_class("panel-" + key.replace(" ", "-"))
        for name, button in self.buttons.items():
            button.add_class("action-" + name)
        self.buttons["shuffle"].on_click(lambda _: self._act(lambda: self.session.shuffle()))
        self.buttons["scramble"].on_click(
            lambda _: self._act(lambda: self.session.scramble(self.scramble_moves.value)))
        self.buttons["swap"].on_click(lambda _: self._act(lambda: self.session.swap()))
        self.buttons["undo"].on_click(lambda _: self._act(lambda: self.session.undo()))
        self.buttons["reset"].on_click(lambda _: self._act(lambda: self.session.reset()))
        self.buttons["solve"].on_click(lambda _: self.solve())
        self.graph_image = w.Image(format="png", layout=w.Layout(width="480px"))
        self._graph_views: dict = {}

        rows_of_values = [w.HBox([w.HTML(f"<b>{key}</b>", layout=w.Layout(width="110px")), widget])
                          for key, widget in self.value_widgets.items()]
        self.panel_box = w.VBox(rows_of_values, layout=w.Layout(margin="0 0 0 20px"))
        controls = w.VBox([
            w.HBox([self.size_choice, self.goal_choice]),
            w.HBox([self.buttons["shuffle"], self.buttons["swap"], self.buttons["solve"]]),
            w.HBox([self.scramble_moves, self.buttons["scramble"], self.buttons["undo"], self.buttons["reset"]]),
        ])
        self.play_area = w.HBox([self.grid, self.panel_box, self.graph_image],
                                layout=w.Layout(align_items="flex-start"))
        super().__init__([controls, self.play_area, self.message])
        self.add_class("puzzle-widget")
        self._build_grid()
        self.refresh()

    # --- set-up -------------------------------------------------------------
    def _goal_kind(self) -> str | None:
        b = self.session.goal
        for kind in GOAL_KINDS:
            if make_goal(b.rows, b.cols, kind) == b:
                return kind
        return None

    def _build_grid(self) -> None:
        rows, cols = self.session.board.shape
        buttons = []
        for cell in range(rows * cols):
            button = w.Button(layout=w.Layout(width="52px", height="52px"))
            button.add_class("puzzle-tile")
            button.on_click(lambda _, cell=cell: self.click_cell(cell))
            buttons.append(button)
        self._cell_buttons = buttons
        self.grid.children = buttons
        self.grid.layout = w.Layout(grid_template_columns=f"repeat({cols}, 56px)",
                                    grid_template_rows=f"repeat({rows}, 56px)", grid_gap="4px",
                                    width=f"{cols * 60}px", height=f"{rows * 60}px")

    @contextlib.contextmanager
    def _menus_held(self):
        """Set the menus from code without their observers starting another game."""
        syncing, self._syncing = self._syncing, True
        try:
            yield
        finally:
            self._syncing = syncing

    def _on_shape(self, change=None) -> None:
        """A new game for the size and goal in the menus (a menu's value changed)."""
        if self._syncing:
            return
        rows, cols = (int(x) for x in self.size_choice.value.split("x"))
        kind = self.goal_choice.value
        custom = self._custom_goal
        note = ""
        if kind == "custom" and custom is not None and custom.shape != (rows, cols):
            if change is not None and change.get("owner") is self.goal_choice:
                rows, cols = custom.shape
                note = f"; the custom goal is {rows} x {cols}, so the size is now {rows}x{cols}"
            else:
                kind = "blank last"
                note = (f"; the custom goal is {custom.rows} x {custom.cols}, so on {rows} x {cols} "
                        f'the goal is now "{kind}"')
        goal = custom if kind == "custom" else make_goal(rows, cols, kind)
        self.session = PlaySession(goal=goal, seed=self._seed)
        self.session.message = f'new {rows} x {cols} game, goal "{kind}"{note}'
        with self._menus_held():
            self.size_choice.value = f"{rows}x{cols}"
            self.goal_choice.value = kind
        self._build_grid()
        self.refresh()

    # --- actions ------------------------------------------------------------
    def _refuse(self, message: str) -> bool:
        self.session.message = message
        self.refresh()
        return False

    def click_cell(self, cell: int) -> bool:
        """Click the button in ``cell`` (row-major index); the tile slides if it can.

        A cell that is not on the board changes nothing and says so (no exception)."""
        board = self.session.board
        cells = board.rows * board.cols
        if isinstance(cell, bool) or not isinstance(cell, numbers.Integral):
            return self._refuse(f"a cell is a number 0..{cells - 1}, got {cell!r}")
        if not 0 <= cell < cells:
            return self._refuse(f"there is no cell {cell} on a {board.rows} x {board.cols} board "
                                f"(cells 0..{cells - 1})")
        return self.click_tile(board.tiles[int(cell)])

    def click_tile(self, tile: int) -> bool:
        """Click the button showing ``tile``; a bad tile changes nothing and says so (no exception)."""
        try:
            moved = self.session.click(tile)
        except (TypeError, ValueError) as err:
            return self._refuse(f"not a tile: {err}")
        self.refresh()
        return moved

    def _act(self, action) -> None:
        """Run a button's action; a refusal (TypeError or ValueError) goes to the message line."""
        try:
            action()
        except (TypeError, ValueError) as err:
            self.session.message = f"refused: {err}"
        self.refresh()

    def solve(self) -> None:
        """Animate a solution (see :meth:`~puzzlelib.player.session.PlaySession.solution`).

        Shortest up to 3 x 3 (BFS table); beyond, IDA* within a node budget,
        else the constructive solver, and the message says which."""
        try:
            path, how = self.session.solution()
        except (TypeError, ValueError) as err:  # e.g. a board too large to search
            self._refuse(f"cannot solve: {err}")
            return
        if path is None:
            self.session.message = how
            self.refresh()
            return
        self.session.message = how
        for board in path[1:]:
            self.session.step_to(board)
            self.refresh()
            if self.animation_delay:
                time.sleep(self.animation_delay)
        self.session.message = how + " - solved"
        self.refresh()

    # --- display ------------------------------------------------------------
    @property
    def tile_buttons(self) -> dict[int, w.Button]:
        """The button showing each tile (the blank is tile 0)."""
        return {t: self._cell_buttons[i] for i, t in enumerate(self.session.board.tiles)}

    def grid_texts(self) -> list[list[str]]:
        """The button texts as shown, row by row (the blank shows a non-breaking space)."""
        cols = self.session.board.cols
        texts = [b.description for b in self._cell_buttons]
        return [texts[i:i + cols] for i in range(0, len(texts), cols)]

    def refresh(self) -> None:
        """Redraw the grid, the panel and the graph from the session."""
        board = self.session.board
        for button, tile in zip(self._cell_buttons, board.tiles):
            button.description = BLANK_TEXT if tile == 0 else str(tile)
            button.style.button_color = palette.BLANK if tile == 0 else palette.TILE
            button.style.font_weight = "bold"
            button.disabled = tile == 0
        panel = self.session.panel()
        v = self.value_widgets
        v["moves"].value = str(panel.moves)
        v["inversions"].value = str(panel.inversions)
        v["blank row"].value = f"{panel.blank_row_from_bottom} (from the bottom)"
        if board.cols % 2:
            v["invariant"].value = (f"inversions mod 2 = {panel.invariant} "
                                    f"(goal: {panel.goal_invariant})")
        else:
            v["invariant"].value = (f"(inversions + blank row) mod 2 = {panel.invariant} "
                                    f"(goal: {panel.goal_invariant})")
        color = palette.COMPONENT_COLORS["solvable" if panel.solvable else "unsolvable"]
        v["component"].value = f'<span style="color:{color}"><b>{panel.component}</b></span>'
        v["distance"].value = panel.distance_text
        message = html.escape(self.session.message, quote=False)
        self.message.value = f"<i>{message}</i>" if message else ""
        if board.shape in GRAPH_SHAPES:
            key = (board.shape, self.session.goal)
            if key not in self._graph_views:
                self._graph_views[key] = _GraphView(board.rows, board.cols, self.session.goal)
            self.graph_image.value = self._graph_views[key].png(board)
            self.graph_image.layout.display = None
        else:
            self.graph_image.layout.display = "none"


class BFSExplorer(w.VBox):
    """A slider over BFS depth: layer sizes as bars, and sample boards at the chosen depth.

    >>> e = BFSExplorer(2, 3)
    >>> e.depth.max, e.layer_sizes[:4]
    (21, [1, 2, 3, 5])
    >>> e.depth.value = 21
    >>> e.summary.value
    '<b>1</b> board at depth 21 (of 360 reachable)'
    """

    def __init__(self, rows: int = 3, cols: int = 3, goal=None, *, samples: int = 4):
        from ..search.bfs import bfs_layers

        self.goal = resolve_goal(goal, (rows, cols))
        self.layers = [layer.boards() for layer in bfs_layers(self.goal)]
        self.layer_sizes = [len(layer) for layer in self.layers]
        self.samples = samples
        self.depth = w.IntSlider(value=0, min=0, max=len(self.layers) - 1, description="depth",
                                 continuous_update=False)
        self.summary = w.HTML()
        self.chart = w.Image(format="png", layout=w.Layout(width="520px"))
        self.boards = w.HTML()
        self.depth.observe(lambda _: self.refresh(), names="value")
        self._figure()
        super().__init__([self.depth, self.summary, self.chart, self.boards])
        self.refresh()

    def _figure(self) -> None:
        from matplotlib.figure import Figure

        self.fig = Figure(figsize=(7, 3))
        ax = self.fig.subplots()
        self.bars = ax.bar(range(len(self.layer_sizes)), self.layer_sizes, color=palette.MUTED)
        ax.set_xlabel("distance from the goal (moves)")
        ax.set_ylabel("boards")
        ax.set_title(f"{self.goal.rows} x {self.goal.cols}: boards at each BFS depth")
        self.fig.tight_layout()

    def refresh(self) -> None:
        d = self.depth.value
        for i, bar in enumerate(self.bars):
            bar.set_color(palette.ACCENT if i == d else palette.MUTED)
        self.chart.value = _png(self.fig)
        n = self.layer_sizes[d]
        total = sum(self.layer_sizes)
        self.summary.value = f"<b>{n:,}</b> board{'s' if n != 1 else ''} at depth {d} (of {total:,} reachable)"
        shown = self.layers[d][: self.samples]
        self.boards.value = " ".join(f'<span style="display:inline-block;margin:4px">{b._repr_html_()}</span>'
                                     for b in shown)
