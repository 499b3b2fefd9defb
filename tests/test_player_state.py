"""Stateful property tests of the puzzle player: random runs of actions, checked after every step.

Two hypothesis state machines. ``SessionMachine`` drives a
:class:`~puzzlelib.player.session.PlaySession` through its methods;
``WidgetMachine`` drives a :class:`~puzzlelib.player.widgets.PuzzleWidget` as a
person would, by clicking its buttons and choosing from its menus, and through
its public methods with good and bad arguments. Both keep their own model of the
board, the move count and the undo history, and after every step check that the
session, the menus, the grid and the panel agree with the model and with what
puzzlelib computes directly for the current board and goal.

The runs are derandomized (the same examples every time) and small, so the
file takes seconds.
"""

from __future__ import annotations

import html
import logging
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from traitlets.log import get_logger

from puzzlelib import Board, distances, explain, inversions, is_solvable, min_moves
from puzzlelib.core.generate import fix_by_swap, random_board, scramble
from puzzlelib.core.encoding import rank
from puzzlelib.player import session as session_module
from puzzlelib.player import views as views_module
from puzzlelib.player.session import GOAL_KINDS, PlaySession, make_goal
from puzzlelib.player.widgets import GRAPH_SHAPES, SIZES, PuzzleWidget
from puzzlelib.player.views import BLANK_TEXT
from puzzlelib.core.heuristics import manhattan
from puzzlelib.core.solvability import blank_distance, blank_row_from_bottom

SETTINGS = settings(max_examples=40, stateful_step_count=25, deadline=None, derandomize=True,
                    database=None, suppress_health_check=[HealthCheck.too_slow],
                    phases=[Phase.explicit, Phase.generate, Phase.shrink])  # the explain phase is slow here

SESSION_SHAPES = [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (2, 2), (2, 3), (3, 2), (3, 3),
                  (2, 4), (3, 4), (4, 4)]
CUSTOM_3X3 = [Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]]),   # a few fixed ones: each 3 x 3 goal costs a BFS
              Board([[0, 8, 7], [6, 5, 4], [3, 2, 1]]),
              Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]])]
SOLVE_BUDGET = 2_000
"""The widget machine's IDA* node budget beyond 3 x 3: solve falls back to the constructive solver at once."""

not_ints = st.one_of(st.booleans(), st.sampled_from([1.0, 2.5, -1.0, float("inf"), float("nan")]),
                     st.text(max_size=2), st.none(), st.just([1]))
any_tile = st.one_of(st.integers(-3, 20), st.integers(-3, 20), not_ints)  # mostly ints, some junk


@lru_cache(maxsize=None)
def bfs_distances(goal: Board) -> dict:
    """Distances to ``goal`` from puzzlelib's public BFS, kept per goal."""
    return distances(goal)


def expected_distance(board: Board, goal: Board) -> int | None:
    """Exact moves to the goal (None when unreachable), from BFS; cross-checked by min_moves when small."""
    d = bfs_distances(goal).get(board.tiles)
    if board.rows * board.cols <= 6:
        assert min_moves(board, goal=goal) == d
    return d


def custom_goal(rows: int, cols: int, seed: int) -> Board:
    if (rows, cols) == (3, 3):
        return CUSTOM_3X3[seed % len(CUSTOM_3X3)]
    return random_board(rows, cols, seed=seed)


def check_panel(session: PlaySession, board: Board, goal: Board, moves: int) -> None:
    """The session's panel against puzzlelib called directly."""
    panel = session.panel()
    r = explain(board, goal)
    solvable = is_solvable(board, goal)
    assert panel.moves == moves
    # the count the invariant is made of: inversions in the goal's order (numeric order for the usual goal)
    assert panel.inversions == r.relative_inversions
    assert panel.usual_goal == (goal == Board.goal(goal.rows, goal.cols))
    if panel.usual_goal:
        assert panel.inversions == inversions(board)
    if min(board.shape) > 1:  # the panel never contradicts itself: its own numbers make its invariant
        shown = panel.inversions + (panel.blank_row_from_bottom if board.cols % 2 == 0 else 0)
        assert shown % 2 == panel.invariant, (board, goal, panel)
    assert panel.blank_row_from_bottom == blank_row_from_bottom(board)
    assert (panel.invariant, panel.goal_invariant) == (r.invariant, r.goal_invariant)
    assert panel.solvable == solvable == r.solvable
    if min(board.shape) > 1:  # the width rule decides solvability on every board that is not a line
        assert (panel.invariant == panel.goal_invariant) == solvable and panel.line is None
    else:                     # on a line the tiles' order does, and the panel shows it instead
        order, goal_order = ([t for t in b.tiles if t] for b in (board, goal))
        assert panel.line == (tuple(order), tuple(goal_order)) and (order == goal_order) == solvable
    assert panel.goal_blank_row_from_bottom == blank_row_from_bottom(goal)
    assert panel.component == ("solvable" if solvable else "unsolvable")
    if session_module.solved_by_table(board.rows, board.cols):
        assert panel.distance_is_exact
        assert panel.distance == expected_distance(board, goal)
    else:
        assert not panel.distance_is_exact
        assert panel.distance == (manhattan(board, goal) if solvable else None)


def panel_texts(board: Board, goal: Board, moves: int) -> dict:
    """What the widget's panel should read, built from puzzlelib's answers."""
    r = explain(board, goal)
    line = min(board.shape) == 1
    if line:
        invariant = "tile order {} (goal: {})".format(*(" ".join(str(t) for t in b.tiles if t) for b in (board, goal)))
    elif board.cols % 2:
        invariant = f"inversions mod 2 = {r.invariant} (goal: {r.goal_invariant})"
    else:
        invariant = (f"(inversions + blank row) mod 2 = {r.invariant} "
                     f"(goal: (0 + {blank_row_from_bottom(goal)}) mod 2 = {r.goal_invariant})")
    if not is_solvable(board, goal):
        distance = ("unreachable (the tiles are not in the goal's order)" if line
                    else "unreachable (other component)")
    elif board == goal:
        distance = "0 moves: this is the goal"
    elif session_module.solved_by_table(board.rows, board.cols):
        d = expected_distance(board, goal)
        distance = f"{d} move{'' if d == 1 else 's'} (exact, BFS)"
    else:
        distance = f"at least {manhattan(board, goal)} moves (Manhattan distance)"
    usual = goal == Board.goal(goal.rows, goal.cols)
    return {"moves": str(moves), "inversions": str(r.relative_inversions) + ("" if usual else " (in the goal's order)"),
            "blank row": f"{blank_row_from_bottom(board)} (from the bottom; the goal's: {blank_row_from_bottom(goal)})",
            "invariant": invariant,
            "component": "unsolvable" if not is_solvable(board, goal) else "solvable",
            "distance": distance}


class _Model:
    """The board, move count and undo history a session should have, kept by the machine itself.

    Each step of the history keeps the start of its puzzle: undo past a shuffle or a scramble returns to
    the puzzle before, and reset then goes back to that puzzle's start."""

    def reset_model(self, board: Board) -> None:
        self.board = self.start = board
        self.moves = 0
        self.history: list[tuple[Board, int, Board]] = []

    def push(self, board: Board, moves: int) -> None:
        self.history.append((self.board, self.moves, self.start))
        self.board = board
        self.moves = moves

    def expect_slide(self, tile, moved: bool) -> None:
        ok = type(tile) is int and tile != 0 and tile in self.board.movable_tiles()
        assert moved == ok, (tile, moved, self.board)
        if ok:
            self.push(self.board.slide(tile), self.moves + 1)

    def expect_shuffle(self, new: Board, goal: Board) -> None:
        assert new.shape == goal.shape and is_solvable(new, goal)
        self.push(new, 0)
        self.start = new                       # a new puzzle: reset comes back here

    def expect_scramble(self, new: Board, n: int, goal: Board) -> None:
        old = self.board
        if old.rows * old.cols == 1 or n == 0:
            assert new == old
            return
        # n moves away at most (Manhattan is a lower bound), with the blank's parity, in the same component
        assert manhattan(new, old) <= n and (n - blank_distance(new, old)) % 2 == 0
        assert is_solvable(new, goal) == is_solvable(old, goal)
        self.push(new, 0)                      # a new puzzle: the move count starts again
        self.start = new

    def expect_swap(self, swapped: bool) -> None:
        can = self.board.rows * self.board.cols >= 3
        assert swapped == can
        if can:
            self.push(fix_by_swap(self.board), self.moves)

    def expect_undo(self, undone: bool) -> None:
        assert undone == bool(self.history)
        if self.history:
            self.board, self.moves, self.start = self.history.pop()

    def expect_reset(self) -> None:
        self.board, self.moves, self.history = self.start, 0, []

    def check_session(self, s: PlaySession, goal: Board) -> None:
        assert s.goal == goal and s.start == self.start
        assert s.board == self.board and s.board.shape == goal.shape
        assert s.moves == self.moves
        assert s.history == self.history
        assert all(b.shape == start.shape == goal.shape for b, _, start in s.history)
        assert isinstance(s.message, str)
        check_panel(s, s.board, goal, self.moves)


class SessionMachine(_Model, RuleBasedStateMachine):
    """A PlaySession, every shape from 1 x 1 to 4 x 4, driven through its methods."""

    @initialize(shape=st.sampled_from(SESSION_SHAPES), kind=st.sampled_from(GOAL_KINDS + ("custom",)),
                start=st.sampled_from(["goal", "random", "scrambled"]), seed=st.integers(0, 2**32 - 1))
    def begin(self, shape, kind, start, seed):
        rows, cols = shape
        goal = custom_goal(rows, cols, seed) if kind == "custom" else make_goal(rows, cols, kind)
        board = {"goal": goal, "random": random_board(rows, cols, seed=seed),
                 "scrambled": scramble(goal, 15, seed=seed)}[start]
        self.goal = goal
        self.s = PlaySession(board=board, goal=goal, seed=seed)
        self.reset_model(board)

    @invariant()
    def agrees(self):
        if hasattr(self, "s"):
            self.check_session(self.s, self.goal)

    @rule(tile=any_tile)
    def click(self, tile):
        if isinstance(tile, bool) or not isinstance(tile, int):
            before = (self.s.board, self.s.moves, list(self.s.history))
            try:
                self.s.click(tile)
            except TypeError as err:
                assert "tile must be an integer" in str(err)
            else:
                raise AssertionError(f"click({tile!r}) should raise TypeError")
            assert (self.s.board, self.s.moves, self.s.history) == before
            return
        self.expect_slide(tile, self.s.click(tile))
        assert self.s.message

    @rule(i=st.integers(0, 3))
    def slide_a_movable_tile(self, i):
        movable = self.s.board.movable_tiles()
        if movable:
            tile = movable[i % len(movable)]
            self.expect_slide(tile, self.s.click(tile))

    @rule()
    def shuffle(self):
        self.s.shuffle()
        self.expect_shuffle(self.s.board, self.goal)

    @rule(n=st.integers(0, 30))
    def scramble(self, n):
        made = self.s.scramble(n)
        assert made == (n > 0 and self.s.board.rows * self.s.board.cols > 1)
        self.expect_scramble(self.s.board, n, self.goal)
        assert self.s.message

    @rule(n=st.one_of(st.integers(-5, -1), not_ints))
    def scramble_refuses_bad_counts(self, n):
        before = (self.s.board, self.s.moves, list(self.s.history))
        try:
            self.s.scramble(n)
        except (TypeError, ValueError) as err:
            assert "scramble moves" in str(err)
        else:
            raise AssertionError(f"scramble({n!r}) should raise")
        assert (self.s.board, self.s.moves, self.s.history) == before

    @rule()
    def swap(self):
        self.expect_swap(self.s.swap())
        assert self.s.message

    @rule()
    def undo(self):
        self.expect_undo(self.s.undo())

    @rule()
    def reset(self):
        self.s.reset()
        self.expect_reset()

    @precondition(lambda self: session_module.solved_by_table(*self.s.board.shape))
    @rule()
    def solve(self):
        path, how = self.s.solution()
        d = expected_distance(self.s.board, self.goal)
        if d is None:
            assert path is None and "no solution" in how
            return
        assert len(path) - 1 == d and path[0] == self.s.board and path[-1] == self.goal
        for board in path[1:]:
            self.s.step_to(board)
            self.push(board, self.moves + 1)

    @rule()
    def step_to_refuses_a_board_not_one_move_away(self):
        for bad in [self.s.board, fix_by_swap(self.s.board) if len(self.s.board.tiles) >= 3 else None]:
            if bad is None:
                continue
            try:
                self.s.step_to(bad)
            except ValueError as err:
                assert "one move" in str(err)
            else:
                raise AssertionError("step_to accepted a board that is not one move away")


def marker_png(fig) -> bytes:
    """Stands in for rendering the state graph (70 ms a picture): the marker's position, as bytes."""
    return repr([[float(x), float(y)] for x, y in fig.axes[0].collections[-1].get_offsets()]).encode()


class _CallbackErrors(logging.Handler):
    """Collects the exceptions ipywidgets swallows in button callbacks (it only logs them)."""

    def __init__(self):
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record):
        self.records.append(record)


class WidgetMachine(_Model, RuleBasedStateMachine):
    """A PuzzleWidget, 2 x 2 to 4 x 4, driven by clicks, menu choices and its public methods."""

    def __init__(self):
        super().__init__()
        self._budget, self._png = session_module.solve_budget, views_module._png
        session_module.solve_budget = lambda cells: SOLVE_BUDGET
        views_module._png = marker_png
        self.errors = _CallbackErrors()
        get_logger().addHandler(self.errors)

    def teardown(self):
        session_module.solve_budget = self._budget
        views_module._png = self._png
        get_logger().removeHandler(self.errors)

    @initialize(size=st.sampled_from(SIZES), how=st.sampled_from(["shape", "goal", "board and goal"]),
                kind=st.sampled_from(GOAL_KINDS + ("custom",)), seed=st.integers(0, 2**32 - 1))
    def begin(self, size, how, kind, seed):
        rows, cols = (int(x) for x in size.split("x"))
        goal = custom_goal(rows, cols, seed) if kind == "custom" else make_goal(rows, cols, kind)
        if how == "shape":
            self.w = PuzzleWidget(rows=rows, cols=cols, seed=seed, animation_delay=0)
            goal = Board.goal(rows, cols)
            board = goal
        elif how == "goal":
            self.w = PuzzleWidget(goal=goal, seed=seed, animation_delay=0)
            board = goal
        else:
            board = random_board(rows, cols, seed=seed + 1)
            self.w = PuzzleWidget(board=board, goal=goal, seed=seed, animation_delay=0)
        self.custom = None if any(make_goal(rows, cols, k) == goal for k in GOAL_KINDS) else goal
        self.goal = goal
        self.reset_model(board)

    # --- the checks -----------------------------------------------------------
    @invariant()
    def agrees(self):
        if not hasattr(self, "w"):
            return
        p, s = self.w, self.w.session
        assert not self.errors.records, self.errors.records[0].getMessage()
        rows, cols = s.board.shape
        # the menus name the board's size and its goal
        assert p.size_choice.value == f"{rows}x{cols}"
        assert ("custom" in p.goal_choice.options) == (self.custom is not None)
        kind = p.goal_choice.value
        assert s.goal == (self.custom if kind == "custom" else make_goal(rows, cols, kind)) == self.goal
        self.check_session(s, self.goal)
        # the grid shows the board; the blank shows a non-breaking space and is named "blank"
        assert len(p.grid.children) == rows * cols
        assert list(p.grid.children) == p._cell_buttons
        texts = [b.description for b in p.grid.children]
        assert texts == [BLANK_TEXT if t == 0 else str(t) for t in s.board.tiles]
        assert p.grid_texts() == [texts[i:i + cols] for i in range(0, len(texts), cols)]
        assert not any(b.disabled for b in p.grid.children)   # the blank keeps the keyboard focus
        assert p.accessible_names()[s.board.tiles.index(0)] == "blank"
        assert p.tile_buttons[0].description == BLANK_TEXT
        # the panel reads what puzzlelib computes
        shown = {k: x.value for k, x in p.value_widgets.items()}
        want = panel_texts(s.board, self.goal, self.moves)
        assert shown["component"].endswith(f"<b>{want.pop('component')}</b></span>")
        shown.pop("component")
        assert shown == want
        assert p.message.value == (f"<i>{html.escape(s.message, quote=False)}</i>" if s.message else "")
        # the state graph (2 x 2 and 2 x 3) is the one for this goal, with the ring on this board
        assert (p.graph_image.layout.display is None) == ((rows, cols) in GRAPH_SHAPES)
        if (rows, cols) in GRAPH_SHAPES:
            x, y = p._graph_views[(s.board.shape, self.goal)].pos[rank(s.board)]
            assert bytes(p.graph_png) == repr([[float(x), float(y)]]).encode()

    def unchanged(self):
        return (self.w.session.board, self.w.session.moves, list(self.w.session.history))

    # --- clicks on the grid -------------------------------------------------
    @rule(cell=any_tile)
    def click_cell(self, cell):
        before = self.unchanged()
        tiles = self.w.session.board.tiles
        moved = self.w.click_cell(cell)
        if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < len(tiles):
            assert moved is False and self.unchanged() == before
            assert "cell" in self.w.session.message
        else:
            self.expect_slide(tiles[cell], moved)

    @rule(cell=st.integers(0, 15))
    def click_a_grid_button(self, cell):
        buttons = self.w.grid.children
        tile = self.w.session.board.tiles[cell % len(buttons)]
        buttons[cell % len(buttons)].click()
        self.expect_slide(tile, self.w.session.board != self.board)

    @rule(tile=any_tile)
    def click_tile(self, tile):
        before = self.unchanged()
        moved = self.w.click_tile(tile)
        assert moved in (True, False)
        if isinstance(tile, bool) or not isinstance(tile, int):
            assert moved is False and self.unchanged() == before and "tile" in self.w.session.message
        else:
            self.expect_slide(tile, moved)

    @rule(i=st.integers(0, 3))
    def click_a_movable_tile_button(self, i):
        movable = self.w.session.board.movable_tiles()
        tile = movable[i % len(movable)]
        self.w.tile_buttons[tile].click()
        self.expect_slide(tile, True)

    # --- the action buttons -------------------------------------------------
    @rule()
    def shuffle(self):
        self.w.buttons["shuffle"].click()
        self.expect_shuffle(self.w.session.board, self.goal)

    @rule(n=st.integers(1, 40))
    def scramble(self, n):
        self.w.scramble_moves.value = n
        self.w.buttons["scramble"].click()
        self.expect_scramble(self.w.session.board, n, self.goal)

    @rule()
    def swap(self):
        old = self.w.session.board
        self.w.buttons["swap"].click()
        self.expect_swap(self.w.session.board != old)
        assert is_solvable(self.board, self.goal) != is_solvable(old, self.goal)

    @rule()
    def undo(self):
        had = bool(self.w.session.history)
        self.w.buttons["undo"].click()
        self.expect_undo(had)
        assert self.w.session.message == ("undone" if had else "nothing to undo")

    @rule()
    def reset(self):
        self.w.buttons["reset"].click()
        self.expect_reset()

    @rule()
    def solve(self):
        s = self.w.session
        cells = s.board.rows * s.board.cols
        solvable = is_solvable(s.board, self.goal)
        need = expected_distance(s.board, self.goal) if cells <= 9 and solvable else None
        self.w.buttons["solve"].click()
        s = self.w.session
        if not solvable:
            assert s.board == self.board and "no solution" in s.message
            return
        assert s.board == self.goal and s.message.endswith(" - solved")
        steps = s.moves - self.moves
        if need is not None:
            assert steps == need and "shortest solution" in s.message
        # the animation recorded one history entry per move, each one move from the last
        path = [b for b, _, _ in s.history[len(self.history):]] + [s.board]
        assert len(path) == steps + 1 and path[0] == self.board
        assert all(b in a.neighbors() for a, b in zip(path, path[1:]))
        for board in path[1:]:
            self.push(board, self.moves + 1)

    # --- the menus ------------------------------------------------------------
    @rule(size=st.sampled_from(SIZES))
    def choose_size(self, size):
        before = (self.w.size_choice.value, self.w.goal_choice.value)
        self.w.size_choice.value = size
        if size == before[0]:
            return  # choosing the size already shown changes nothing
        rows, cols = (int(x) for x in size.split("x"))
        kind = before[1]
        if kind == "custom" and self.custom.shape != (rows, cols):
            assert self.w.goal_choice.value == "blank last"
            assert 'the goal is now "blank last"' in self.w.session.message
            kind = "blank last"
        assert self.w.size_choice.value == size
        self.goal = self.custom if kind == "custom" else make_goal(rows, cols, kind)
        self.reset_model(self.goal)

    @rule(data=st.data())
    def choose_goal(self, data):
        kind = data.draw(st.sampled_from(self.w.goal_choice.options), label="goal kind")
        before = self.w.goal_choice.value
        self.w.goal_choice.value = kind
        if kind == before:
            return
        rows, cols = self.w.session.board.shape
        if kind == "custom":
            assert (rows, cols) == self.custom.shape and self.w.session.goal == self.custom
            self.goal = self.custom
        else:
            self.goal = make_goal(rows, cols, kind)
        self.reset_model(self.goal)


SessionMachine.TestCase.settings = SETTINGS
WidgetMachine.TestCase.settings = SETTINGS
TestSession = SessionMachine.TestCase
TestWidget = WidgetMachine.TestCase


@pytest.mark.parametrize("board, says", [
    (Board([[2, 3, 1, 0]]), "the tiles are not in the goal's order"),          # 1 x 4: 6 components, not 2
    (Board([[2], [3], [1], [0]]), "the tiles are not in the goal's order"),
    (Board([[2, 1, 3], [4, 5, 0]]), "the board is in the other component"),
])
def test_no_solution_says_why_on_a_line_and_off_it(board, says):
    path, how = PlaySession(board=board).solution()
    assert path is None and how == f"no solution: {says}"
