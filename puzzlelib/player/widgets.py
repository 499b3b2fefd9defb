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

import asyncio
import contextlib
import html
import itertools
import numbers
import time

import ipywidgets as w

from puzzlelib.core import palette
from puzzlelib.core.board import Board  # noqa: F401 (the docstrings' examples use it)
from puzzlelib.core.errors import check_flag
from puzzlelib.player.controls import ArrowKeys
from puzzlelib.player.session import GOAL_KINDS, PlaySession, make_goal
from puzzlelib.player.explorer import BFSExplorer  # noqa: F401 (its home until it moved: re-exported)
from puzzlelib.player.views import (BLANK_TEXT, PANEL_UNSOLVABLE_TEXT, _GraphView, _STYLE, _css_string, _img_html,
                                    _in_kernel, _live_html, _plural, graph_alt, slide_direction, tile_name)

__all__ = ["SIZES", "GRAPH_SHAPES", "PuzzleWidget", "BFSExplorer"]


_player_ids = itertools.count(1)


SIZES = ["2x2", "2x3", "3x2", "3x3", "2x4", "4x2", "3x4", "4x3", "4x4"]
GRAPH_SHAPES = {(2, 2), (2, 3)}


class PuzzleWidget(w.VBox):
    """A playable puzzle with live invariants.

    The size and goal menus always agree with the board: choosing either
    starts a new game at the chosen goal. A goal given as a board that is
    none of the named kinds is offered as "custom"; it has one size, so
    choosing "custom" also sets the size, and choosing another size while
    the goal is custom switches the goal to "blank last" (the message says so).

    Arguments come in one order for every player: ``rows, cols`` (or
    neither), then keywords: ``board``, ``goal``, ``seed``, ``presentation``
    (large tiles and text, for the back of a lecture hall; also a toggle
    button), ``animation_delay`` (seconds between the moves of a solve) and
    ``panel`` (False hides the panel, the state graph and everything that
    would read them out, solve included, until :meth:`show_panel`: predict
    first, then look; for example ``panel=check("06.1", answer)``).

    The layout wraps instead of squeezing: the board keeps its size, and
    when the row is too narrow the panel and then the state graph move below
    it. The arrow keys slide the tile next to the blank while a tile has the
    keyboard focus or the mouse is over the board. Solving runs beside the kernel's other work: the
    buttons that would interfere are disabled, clicks on tiles are refused
    with a message, and "stop" ends it.

    >>> p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]))
    >>> p.tile_buttons[5].description, p.tile_buttons[0].description == BLANK_TEXT
    ('5', True)
    >>> p.tile_buttons[5].click()      # the 5 is next to the blank: it slides
    >>> p.session.board == Board.goal(2, 3), p.value_widgets["distance"].value
    (True, '0 moves: this is the goal')
    >>> p.press_key("ArrowRight"), p.session.board.blank      # the 5 slides back to the right
    (True, (1, 1))
    """

    def __init__(self, rows: int | None = None, cols: int | None = None, *, board=None, goal=None,
                 seed: int | None = 0, presentation: bool = False, animation_delay: float = 0.12,
                 panel: bool = True):
        if isinstance(animation_delay, bool) or not isinstance(animation_delay, (int, float)) \
                or not 0 <= animation_delay <= 5:
            raise ValueError(f"animation_delay is 0 to 5 seconds, got {animation_delay!r}")
        self.animation_delay = float(animation_delay)
        presentation = check_flag(presentation, "presentation")
        self._panel_shown = check_flag(panel, "panel")
        self._seed = seed
        self.session = PlaySession(rows, cols, board=board, goal=goal, seed=seed)
        self._solving = False
        self._stop = False
        self.solve_task = None
        """The running solve (an asyncio task) while a solve animates in a kernel, else None."""
        self.background = None
        """Solve in the background (an asyncio task)? None: yes inside a Jupyter kernel, no elsewhere."""
        shape = f"{self.session.board.rows}x{self.session.board.cols}"
        kind = self._goal_kind()
        self._custom_goal = None if kind else self.session.goal
        """The goal given as a board that is none of GOAL_KINDS, offered as "custom" (else None)."""
        self._syncing = False
        self.size_choice = w.Dropdown(options=SIZES if shape in SIZES else SIZES + [shape], value=shape,
                                      description="size", layout=w.Layout(width="auto", min_width="150px"))
        self.goal_choice = w.Dropdown(options=list(GOAL_KINDS) + ([] if kind else ["custom"]),
                                      value=kind or "custom", description="goal",
                                      layout=w.Layout(width="auto", min_width="200px"))
        self.size_choice.observe(self._on_shape, names="value")
        self.goal_choice.observe(self._on_shape, names="value")

        self.grid = w.GridBox()
        self._cell_buttons: list[w.Button] = []
        self.value_widgets = {key: w.HTML() for key in
                              ("moves", "inversions", "blank row", "invariant", "component", "distance")}
        self.message = w.HTML()
        self.message.add_class("puzzle-message")
        self.live = w.HTML(_live_html(""))
        """The live region (role="status", aria-live="polite"): screen readers read each change aloud."""
        self.live.add_class("puzzle-live")
        self.announcement = ""
        """The text last put in the live region."""
        self._names = w.HTML()
        """CSS that gives each tile its accessible name (see :meth:`accessible_names`)."""
        self._uid = f"puzzle-player-{next(_player_ids)}"
        self.scramble_moves = w.BoundedIntText(value=20, min=1, max=10_000, description="moves",
                                               tooltip="how many random moves scramble makes",
                                               layout=w.Layout(width="140px"))
        self.buttons = {
            "shuffle": w.Button(description="shuffle", tooltip="a uniformly random solvable board"),
            "scramble": w.Button(description="scramble", tooltip="make random moves"),
            "swap": w.Button(description="swap two tiles", tooltip="swap the first two tiles (not a move): the board leaves its component"),
            "undo": w.Button(description="undo", tooltip="go back one step"),
            "reset": w.Button(description="reset", tooltip="back to the start of this puzzle (the last shuffle or scramble not undone)"),
            "solve": w.Button(description="solve", button_style="success",
                              tooltip="animate a solution; the board keeps taking clicks (they are refused)"),
            "stop": w.Button(description="stop", button_style="warning", disabled=True,
                             tooltip="stop the solve that is running"),
        }
        self.presentation = w.ToggleButton(value=bool(presentation), description="presentation",
                                           tooltip="large tiles and text, for projecting")
        self.presentation.add_class("action-presentation")
        self.presentation.layout = w.Layout(width="auto", padding="0 0.8em", margin="2px 4px")
        self.presentation.observe(lambda _: self._apply_size(), names="value")
        for key, widget in self.value_widgets.items():  # CSS classes let a browser test find them
            widget.add_class("panel-" + key.replace(" ", "-"))
        for name, button in self.buttons.items():
            button.add_class("action-" + name)
            button.layout = w.Layout(width="auto", min_width="5.5em", padding="0 0.8em", margin="2px 4px")
        self.buttons["shuffle"].on_click(lambda _: self._act(lambda: self.session.shuffle()))
        self.buttons["scramble"].on_click(
            lambda _: self._act(lambda: self.session.scramble(self.scramble_moves.value)))
        self.buttons["swap"].on_click(lambda _: self._act(lambda: self.session.swap()))
        self.buttons["undo"].on_click(lambda _: self._act(lambda: self.session.undo()))
        self.buttons["reset"].on_click(lambda _: self._act(lambda: self.session.reset()))
        self.buttons["solve"].on_click(lambda _: self.solve())
        self.buttons["stop"].on_click(lambda _: self.stop())
        # The graph scales with the room it has: 100% of a box that may shrink to 280 px.
        # An HTML <img> rather than w.Image, which has no alt text; the alt follows the board.
        self.graph_image = w.HTML(layout=w.Layout(width="100%", height="auto"))
        self.graph_png = b""
        """The state graph's PNG as shown (empty for shapes without a graph)."""
        self.graph_alt = ""
        """The state graph's alt text: your component and distance."""
        self.graph_box = w.Box([self.graph_image], layout=w.Layout(
            flex="1 1 380px", min_width="280px", max_width="620px", margin="0 0 8px 0"))
        self.graph_box.add_class("puzzle-graph")
        self._graph_views: dict = {}

        self._labels = [w.HTML(f"<b>{key}</b>", layout=w.Layout(width="7.5em", flex="0 0 auto"))
                        for key in self.value_widgets]
        rows_of_values = [w.HBox([label, widget], layout=w.Layout(flex_flow="row wrap"))
                          for label, widget in zip(self._labels, self.value_widgets.values())]
        self.panel_box = w.VBox(rows_of_values, layout=w.Layout(
            flex="1 1 300px", min_width="260px", max_width="480px", margin="0 16px 8px 0"))
        self.panel_box.add_class("puzzle-panel")
        self.panel_note = w.HTML("<i>The panel is hidden: make your prediction, pass its check, then run "
                                 "this cell again with the panel shown.</i>",
                                 layout=w.Layout(flex="1 1 260px", min_width="220px", margin="0 16px 8px 0"))
        """Said in the panel's place while it is hidden (``panel=False``)."""
        self.panel_note.add_class("puzzle-panel-note")
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        controls = w.VBox([
            w.HBox([self.size_choice, self.goal_choice, self.presentation], layout=wrap),
            w.HBox([self.buttons["shuffle"], self.buttons["swap"], self.buttons["solve"], self.buttons["stop"]],
                   layout=wrap),
            w.HBox([self.scramble_moves, self.buttons["scramble"], self.buttons["undo"], self.buttons["reset"]],
                   layout=wrap),
        ])
        # The board never shrinks (flex 0 0 auto); the panel and the graph wrap below it when the row is full.
        # Its 6 px padding leaves room for the focus ring of an edge tile.
        self.board_box = w.Box([self.grid], layout=w.Layout(flex="0 0 auto", margin="0 14px 8px 0",
                                                            padding="6px"))
        self.board_box.add_class("puzzle-board")
        self.play_area = w.HBox([self.board_box, self.panel_box, self.panel_note, self.graph_box],
                                layout=w.Layout(flex_flow="row wrap", align_items="flex-start", width="100%"))
        self._style = w.HTML(_STYLE)
        self.arrow_keys = ArrowKeys(f".{self._uid} .puzzle-board", on_key=self.press_key)
        """The arrow keys, while the keyboard focus is on the board (or the pointer is over it)."""
        super().__init__([self._style, self._names, self.arrow_keys, controls, self.play_area, self.message,
                          self.live], layout=w.Layout(width="100%", max_width="1400px"))
        self.add_class("puzzle-widget")
        self.add_class(self._uid)
        self._build_grid()
        self._apply_size()
        self._apply_panel()
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
        for old in self._cell_buttons:
            old.close()
        buttons = []
        for cell in range(rows * cols):
            button = w.Button()
            button.add_class("puzzle-tile")
            button.add_class(f"cell-{cell}")
            button.on_click(lambda _, cell=cell: self.click_cell(cell))
            buttons.append(button)
        self._cell_buttons = buttons
        self.grid.children = buttons
        self._apply_size()

    PANEL_PX = 15
    """The panel's text size in pixels; :attr:`PANEL_PRESENTING_PX` in presentation mode."""
    PANEL_PRESENTING_PX = 24
    """The panel's text size in presentation mode: read from the back of a lecture hall."""

    @property
    def panel_px(self) -> int:
        """The size of the panel's text (labels, values and the message line) in pixels: 15, or 24 in
        presentation mode.

        >>> p = PuzzleWidget(2, 3)
        >>> p.panel_px, p.value_widgets["distance"].style.font_size
        (15, '15px')
        >>> p.presentation.value = True
        >>> p.panel_px, p.value_widgets["distance"].style.font_size, p.message.style.font_size
        (24, '24px', '24px')
        """
        return self.PANEL_PRESENTING_PX if self.presentation.value else self.PANEL_PX

    @property
    def tile_px(self) -> int:
        """The side of a tile in pixels: 56, or 88 in presentation mode."""
        return 88 if self.presentation.value else 56

    def _apply_size(self) -> None:
        """Size the tiles and the text for the mode (normal or presentation)."""
        rows, cols = self.session.board.shape
        side, gap = self.tile_px, 4
        font = "34px" if self.presentation.value else "20px"
        for button in self._cell_buttons:
            button.layout = w.Layout(width=f"{side}px", height=f"{side}px", margin="0")
            button.style.font_size = font
            button.style.font_weight = "bold"
        self.grid.layout = w.Layout(grid_template_columns=f"repeat({cols}, {side}px)",
                                    grid_template_rows=f"repeat({rows}, {side}px)", grid_gap=f"{gap}px",
                                    width=f"{cols * (side + gap)}px", height=f"{rows * (side + gap)}px")
        # The panel's lines are HTML widgets, whose own style sheet fixes their font size (13 px in
        # JupyterLab): a rule on the panel box would not reach them, so each line gets its size here.
        text = f"{self.panel_px}px"
        for line in [*self._labels, *self.value_widgets.values(), self.message]:
            line.style.font_size = text
        if self.presentation.value:
            self.add_class("presenting")
        else:
            self.remove_class("presenting")

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
        self.session = PlaySession(board=goal, goal=goal, seed=self._seed)
        self.session.message = f'new {rows} x {cols} game, goal "{kind}"{note}'
        with self._menus_held():
            self.size_choice.value = f"{rows}x{cols}"
            self.goal_choice.value = kind
        self._build_grid()
        self.refresh()
        self._announce(f"{self.session.message}; {self.facts()}")

    @property
    def panel_shown(self) -> bool:
        """Is the panel shown? False after ``panel=False`` until :meth:`show_panel`."""
        return self._panel_shown

    def show_panel(self, show: bool = True) -> None:
        """Show the panel (and the state graph, and solve), or hide them again with ``show=False``.

        ``show`` must be True or False (TypeError otherwise), so ``show_panel(check(...))`` shows it once the check
        passes.

        >>> p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]), panel=False)
        >>> p.panel_box.layout.display, p.value_widgets["inversions"].value, p.facts()
        ('none', '', 'the panel is hidden')
        >>> p.show_panel()
        >>> p.panel_box.layout.display is None, p.value_widgets["inversions"].value
        (True, '0')
        """
        self._panel_shown = check_flag(show, "show")
        self._apply_panel()
        self.refresh()
        self._announce(f"panel {'shown' if self._panel_shown else 'hidden'}; {self.facts()}")

    def _apply_panel(self) -> None:
        """Show the panel or the note in its place; solve stays off while the panel is hidden (it would tell)."""
        shown = self._panel_shown
        self.panel_box.layout.display = None if shown else "none"
        self.panel_note.layout.display = "none" if shown else None
        if shown:
            self.remove_class("panel-hidden")
        else:
            self.add_class("panel-hidden")
        self.buttons["solve"].disabled = self._solving or not shown
        self.buttons["solve"].tooltip = ("animate a solution; the board keeps taking clicks (they are refused)"
                                         if shown else "off while the panel is hidden: it would tell the distance")

    # --- actions ------------------------------------------------------------
    def _refuse(self, message: str) -> bool:
        self.session.message = message
        self.refresh()
        self._announce(message)
        return False

    def _announce(self, text: str) -> None:
        """Put ``text`` in the live region, which screen readers read aloud (politely, after what they say)."""
        self.announcement = text
        self.live.value = _live_html(text)

    def facts(self) -> str:
        """The panel's news in words: inversions, component and distance.

        >>> PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]])).facts()
        '0 inversions; solvable; 1 move from the goal'

        While the panel is hidden it says only that: the live region must not read out what the screen hides.
        """
        if not self._panel_shown:
            return "the panel is hidden"
        panel = self.session.panel()
        if not panel.solvable:
            distance = "the goal cannot be reached"
        elif self.session.board == self.session.goal:
            distance = "goal reached"
        elif panel.distance_is_exact:
            distance = f"{_plural(panel.distance, 'move')} from the goal"
        else:
            distance = f"at least {_plural(panel.distance, 'move')} from the goal"
        return f"{_plural(panel.inversions, 'inversion')}; {panel.component}; {distance}"

    def accessible_names(self) -> list[str]:
        """The accessible name of each cell's button, row by row (see :func:`tile_name`)."""
        board = self.session.board
        return [tile_name(board, cell) for cell in range(len(board.tiles))]

    def click_cell(self, cell: int) -> bool:
        """Click the button in ``cell`` (row-major index); the tile slides if it can.

        A cell that is not on the board changes nothing and says so (no exception)."""
        board = self.session.board
        cells = board.rows * board.cols
        if self._solving:
            return self._refuse("not now: a solve is running (press stop to end it)")
        if isinstance(cell, bool) or not isinstance(cell, numbers.Integral):
            return self._refuse(f"a cell is a number 0..{cells - 1}, got {cell!r}")
        if not 0 <= cell < cells:
            return self._refuse(f"there is no cell {cell} on a {board.rows} x {board.cols} board "
                                f"(cells 0..{cells - 1})")
        return self.click_tile(board.tiles[int(cell)])

    def click_tile(self, tile: int) -> bool:
        """Click the button showing ``tile``; a bad tile changes nothing and says so (no exception)."""
        if self._solving:
            return self._refuse("not now: a solve is running (press stop to end it)")
        board = self.session.board
        try:
            moved = self.session.click(tile)
        except (TypeError, ValueError) as err:
            return self._refuse(f"not a tile: {err}")
        self.refresh()
        if moved:
            self._announce(f"slid {tile} {slide_direction(board, tile)}; {self.facts()}")
        else:
            self._announce(self.session.message)
        return moved

    def press_key(self, key: str) -> bool:
        """An arrow key: ``"ArrowLeft"`` slides the tile right of the blank to the left, and so on.

        Other keys are ignored (False, no message); a move that can't be made says why.
        """
        board = self.session.board
        r, c = board.blank
        step = {"ArrowLeft": (0, 1), "ArrowRight": (0, -1), "ArrowUp": (1, 0), "ArrowDown": (-1, 0)}.get(key)
        if step is None:
            return False
        if self._solving:
            return self._refuse("not now: a solve is running (press stop to end it)")
        rr, cc = r + step[0], c + step[1]
        if not (0 <= rr < board.rows and 0 <= cc < board.cols):
            return self._refuse(f"{key[5:].lower()}: no tile on that side of the blank")
        return self.click_cell(rr * board.cols + cc)

    def _act(self, action) -> None:
        """Run a button's action; a refusal (TypeError or ValueError) goes to the message line."""
        if self._solving:
            self._refuse("not now: a solve is running (press stop to end it)")
            return
        try:
            action()
        except (TypeError, ValueError) as err:
            self.session.message = f"refused: {err}"
            self.refresh()
            self._announce(self.session.message)
            return
        self.refresh()
        self._announce(f"{self.session.message}; {self.facts()}")

    @property
    def solving(self) -> bool:
        """True while a solve is being computed or animated."""
        return self._solving

    def _set_busy(self, busy: bool) -> None:
        """Disable what would interfere with a solve, and enable stop (or the other way round)."""
        self._solving = busy
        for name, button in self.buttons.items():
            button.disabled = (not busy) if name == "stop" else busy or (name == "solve" and not self._panel_shown)
        for widget in (self.size_choice, self.goal_choice, self.scramble_moves):
            widget.disabled = busy

    def stop(self) -> bool:
        """End a running solve after the current move (False when none is running)."""
        if not self._solving:
            self._refuse("nothing to stop: no solve is running")
            return False
        self._stop = True
        return True

    def solve(self):
        """Animate a solution (see :meth:`~puzzlelib.player.session.PlaySession.solution`).

        Shortest from a BFS table where one fits (:func:`~puzzlelib.core.limits.solved_by_table`: 3 x 3, 2 x 4 and
        smaller, one row or column); beyond, IDA* within a node budget (on 4 x 4, 3 x 4 and 4 x 3 with a shipped pattern
        database: optimal within half a second), else the constructive solver, and the message says which; on a board over 300 cells that IDA*
        can't solve at once the message says why none can (the refusal of ``solution()``). In a
        Jupyter kernel (or with ``background = True`` inside a running event
        loop) the search runs in a thread and the animation in an asyncio
        task, :attr:`solve_task`, so clicks are answered meanwhile; elsewhere
        (a script, a test) it runs to the end at once and returns None.
        """
        if self._solving:
            self._refuse("a solve is already running")
            return None
        if not self._panel_shown:
            self._refuse("solve is off while the panel is hidden: it would tell the distance")
            return None
        loop = None
        if self.background if self.background is not None else _in_kernel():
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self._stop = False
        self._set_busy(True)
        if loop is None:
            try:
                self._finish(*self._search(), animate=False)
            finally:
                self._set_busy(False)
            return None
        self.solve_task = loop.create_task(self._solve_async(loop))
        return self.solve_task

    def _search(self):
        try:
            return self.session.solution()
        except (TypeError, ValueError) as err:  # e.g. a board too large to search
            return None, f"cannot solve: {err}"

    async def _solve_async(self, loop) -> None:
        try:
            started = time.perf_counter()
            self.session.message = "solving..."
            self.refresh()
            self._announce("solving...")
            future = loop.run_in_executor(None, self._search)
            while not future.done():
                await asyncio.wait([future], timeout=0.5)
                if self._stop:
                    self.session.message = "stopped before a solution was found"
                    self.refresh()
                    self._announce(f"{self.session.message}; {self.facts()}")
                    return
                if not future.done():
                    self.message.value = f"<i>solving... {time.perf_counter() - started:.0f} s</i>"
            path, how = future.result()
            await self._animate(path, how)
        finally:
            self._set_busy(False)
            self.solve_task = None

    async def _animate(self, path, how: str) -> None:
        if path is None:
            self._finish(path, how, animate=False)
            return
        self.session.message = how
        for i, board in enumerate(path[1:], 1):
            if self._stop:
                self.session.message = f"{how} - stopped after {i - 1} of {len(path) - 1} moves"
                self.refresh()
                self._announce(f"{self.session.message}; {self.facts()}")
                return
            self.session.step_to(board)
            self.refresh()
            await asyncio.sleep(self.animation_delay)
        self.session.message = how + " - solved"
        self.refresh()
        self._announce(f"{self.session.message}; {self.facts()}")

    def _finish(self, path, how: str, *, animate: bool) -> None:
        """Apply a whole solution at once (no event loop), or report why there is none."""
        self.session.message = how
        if path is not None:
            for board in path[1:]:
                self.session.step_to(board)
            self.session.message = how + " - solved"
        self.refresh()
        self._announce(f"{self.session.message}; {self.facts()}" if path is not None else how)

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
        names = self.accessible_names()
        for button, tile, name in zip(self._cell_buttons, board.tiles, names):
            button.description = BLANK_TEXT if tile == 0 else str(tile)
            # The name again as the tooltip (title): a sighted reader sees it on hover, and a button with no
            # text of its own (the blank) gets its name from the title in every browser and in axe-core.
            button.tooltip = name
            button.style.button_color = palette.BLANK if tile == 0 else palette.TILE
            button.style.font_weight = "bold"
            # The blank stays enabled (a click on it is refused with a message): a disabled button
            # drops the keyboard focus, and the focus sits on the cell a tile just left.
            button.disabled = False
        self._names.value = self._names_css(names)
        message = html.escape(self.session.message, quote=False)
        self.message.value = f"<i>{message}</i>" if message else ""
        if not self._panel_shown:           # nothing of the panel reaches the page, not even hidden in it
            for widget in self.value_widgets.values():
                widget.value = ""
            self.graph_image.value, self.graph_png, self.graph_alt = "", b"", ""
            self.graph_image.layout.display = "none"
            return
        panel = self.session.panel()
        v = self.value_widgets
        v["moves"].value = str(panel.moves)
        v["inversions"].value = str(panel.inversions) + ("" if panel.usual_goal else " (in the goal's order)")
        v["blank row"].value = panel.blank_row_text
        v["invariant"].value = panel.invariant_text
        # Text colours at 4.5:1 or more on white: the palette's blue, and a dark orange for the
        # palette's orange (#E69F00 is 2.3:1 on white, fine for markers, too pale for text).
        color = palette.COMPONENT_COLORS["solvable"] if panel.solvable else PANEL_UNSOLVABLE_TEXT
        v["component"].value = f'<span style="color:{color}"><b>{panel.component}</b></span>'
        v["distance"].value = panel.distance_text
        if board.shape in GRAPH_SHAPES:
            key = (board.shape, self.session.goal)
            if key not in self._graph_views:
                self._graph_views[key] = _GraphView(board.rows, board.cols, self.session.goal)
            self.graph_alt = graph_alt(board, panel)
            self.graph_png = self._graph_views[key].png(board, self.graph_alt)
            self.graph_image.value = _img_html(self.graph_png, self.graph_alt)
            self.graph_image.layout.display = None
        else:
            self.graph_image.layout.display = "none"

    def _names_css(self, names: list[str]) -> str:
        """CSS whose generated content (empty on screen, alt text for assistive technology) names each tile.

        ipywidgets 8.1 buttons have no aria-label, and a button is named by its text ("5"), so the
        rest of the name is CSS generated content with an empty visible part and an alternative
        text: ``content: "" / "tile "`` before the number and ``"" / ", row 2, column 3, ..."`` after.
        """
        board = self.session.board
        rules = []
        for cell, name in enumerate(names):            # accessible_names(), as refresh computed them
            sel = f".{self._uid} .puzzle-tile.cell-{cell}"
            if board.tiles[cell] == 0:
                rules.append(f'{sel}::before {{ content: "" / "blank"; }}')
                continue
            tile = str(board.tiles[cell])
            before, after = name.split(tile, 1)     # "tile ", ", row 2, column 3, can slide left"
            rules.append(f'{sel}::before {{ content: "" / {_css_string(before)}; }}')
            rules.append(f'{sel}::after {{ content: "" / {_css_string(after)}; }}')
        return "<style>\n" + "\n".join(rules) + "\n</style>"


