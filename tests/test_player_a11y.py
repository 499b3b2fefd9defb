"""What a screen-reader user hears from the player: the tiles' names and the live region's announcements.

The names and the texts are read from the widget (what the page shows or speaks), not recomputed here
from the same code: each test spells out the words a person should hear.
"""

from __future__ import annotations

import re

import pytest

from puzzlelib import Board
from puzzlelib.player.widgets import PuzzleWidget
from puzzlelib.player.explorer import BFSExplorer


def live_text(p: PuzzleWidget) -> str:
    """The live region's text as sent to the page, checking that it is still a polite status region."""
    m = re.fullmatch(r'<div role="status" aria-live="polite" aria-atomic="true">(.*)</div>', p.live.value, re.S)
    assert m, p.live.value
    return m.group(1)


@pytest.fixture
def p():
    #  1 2 3
    #  4 . 5
    return PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]))


def test_the_blank_is_named_blank(p):
    assert p.accessible_names()[4] == "blank"
    assert '.cell-4::before { content: "" / "blank"; }' in p._names.value


def test_a_tile_is_named_by_its_place_and_its_direction(p):
    names = p.accessible_names()
    assert names[5] == "tile 5, row 2, column 3, can slide left"
    assert names[3] == "tile 4, row 2, column 1, can slide right"
    assert names[1] == "tile 2, row 1, column 2, can slide down"
    assert names[0] == "tile 1, row 1, column 1"             # not next to the blank: no direction
    p.click_tile(2)                                          # the 2 slides down; the blank is at the top
    assert p.accessible_names()[4] == "tile 2, row 2, column 2, can slide up"
    assert p.accessible_names()[1] == "blank"


def test_the_names_reach_the_page_as_css_alternative_text(p):
    css = p._names.value
    assert f'.{p._uid} .puzzle-tile.cell-5::before {{ content: "" / "tile "; }}' in css
    assert f'.{p._uid} .puzzle-tile.cell-5::after {{ content: "" / ", row 2, column 3, can slide left"; }}' in css


def test_a_move_is_announced_with_the_panels_news(p):
    assert live_text(p) == ""                               # nothing said before anything happens
    p.click_tile(4)
    assert live_text(p) == "slid 4 right; 0 inversions; solvable; 2 moves from the goal"
    p.press_key("ArrowLeft")                                 # the 4 slides back
    assert live_text(p) == "slid 4 left; 0 inversions; solvable; 1 move from the goal"
    p.press_key("ArrowLeft")
    assert live_text(p) == "slid 5 left; 0 inversions; solvable; goal reached"


def test_refusals_are_announced(p):
    p.click_tile(1)
    assert live_text(p) == "tile 1 is not next to the blank; you can move [2, 4, 5]"
    p.click_cell(4)
    assert live_text(p) == "that is the blank: click a tile next to it"
    p.press_key("ArrowUp")
    assert live_text(p) == "up: no tile on that side of the blank"
    p._set_busy(True)                                        # as while a solve runs
    p.click_tile(5)
    assert live_text(p) == "not now: a solve is running (press stop to end it)"


def test_buttons_and_state_changes_are_announced():
    p = PuzzleWidget(2, 3, seed=1)
    p.buttons["swap"].click()
    assert live_text(p) == ("swapped tiles 1 and 2: now in the other component; 1 inversion; unsolvable; "
                            "the goal cannot be reached")
    p.buttons["undo"].click()
    assert live_text(p) == "undone; 0 inversions; solvable; goal reached"
    p.buttons["shuffle"].click()
    shuffled, after_shuffle = p.session.board, live_text(p)
    assert re.fullmatch(r"shuffled: a uniformly random solvable board; \d+ inversions?; solvable; "
                        r"\d+ moves? from the goal", after_shuffle)
    p.buttons["solve"].click()
    assert re.fullmatch(r"shortest solution: \d+ moves \(BFS\) - solved; 0 inversions; solvable; goal reached",
                        live_text(p))
    p.buttons["reset"].click()                     # back to the shuffled puzzle, not to the goal
    assert p.session.board == shuffled and p.session.moves == 0
    assert live_text(p) == "reset; " + after_shuffle.split("; ", 1)[1]
    p.size_choice.value = "3x3"
    assert live_text(p) == 'new 3 x 3 game, goal "blank last"; 0 inversions; solvable; goal reached'


def test_beyond_3x3_the_distance_is_a_lower_bound():
    p = PuzzleWidget(board=Board([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 0, 15]]))
    p.click_tile(14)
    assert live_text(p) == "slid 14 right; 0 inversions; solvable; at least 2 moves from the goal"


def test_the_state_graph_alt_text_follows_the_board(p):
    assert 'alt="State graph of every 2 x 3 board' in p.graph_image.value
    assert p.graph_alt.endswith("in the goal's component (solvable); 1 move from the goal.")
    p.click_tile(5)
    assert p.graph_alt.endswith("in the goal's component (solvable); it is the goal.")
    p.buttons["swap"].click()
    assert p.graph_alt.endswith("in the other component (unsolvable: the goal cannot be reached).")
    assert "the other component (unsolvable" in p.graph_image.value


def test_the_bfs_explorer_has_a_named_slider_and_a_chart_alt_text():
    e = BFSExplorer(2, 3)
    assert e.depth.description == "BFS depth"
    e.depth.value = 3
    assert e.chart_alt.endswith("with depth 3 highlighted. Boards at depths 0 to 3: 1, 2, 3, 5.")
    assert 'alt="Bar chart of the number of 2 x 3 boards at each BFS depth' in e.chart.value
    assert e.depth.value_text == "depth 3: 5 boards"        # what a screen reader says for the value
    e.depth.value = 0
    assert e.depth.value_text == "depth 0: 1 board"


def test_every_control_has_a_name():
    p = PuzzleWidget(2, 3)
    for name, button in p.buttons.items():
        assert button.description.strip() and button.tooltip, name
    assert p.presentation.description and p.scramble_moves.description
    assert p.size_choice.description and p.goal_choice.description
    # each tile's tooltip is its name, so the blank (no text of its own) is named "blank" by its title
    assert [b.tooltip for b in p._cell_buttons] == p.accessible_names()
    assert p._cell_buttons[p.session.board.tiles.index(0)].tooltip == "blank"
    p.click_tile(5)
    assert [b.tooltip for b in p._cell_buttons] == p.accessible_names()


def test_a_hidden_panel_is_said_in_words_and_keeps_every_name():
    """panel=False: the tiles keep their names and the keyboard, the note takes the panel's place, and the
    live region says that the panel is hidden instead of reading out its numbers."""
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]), panel=False)
    assert p.accessible_names()[5] == "tile 5, row 2, column 3, can slide left"
    assert "The panel is hidden" in p.panel_note.value
    p.press_key("ArrowLeft")
    assert live_text(p) == "slid 5 left; the panel is hidden"
    p.show_panel()
    assert live_text(p) == "panel shown; 0 inversions; solvable; goal reached"
