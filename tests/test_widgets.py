"""The puzzle player, driven kernel-side through its buttons, checked against puzzlelib."""

import pytest

from puzzlelib import Board, explain, is_solvable, min_moves
from puzzlelib.core.heuristics import manhattan
from puzzlelib.player import session as session_module
from puzzlelib.engines.ida import ida_star
from puzzlelib.player.session import PlaySession
from puzzlelib.player.widgets import PuzzleWidget
from puzzlelib.player.views import BLANK_TEXT
from puzzlelib.player.explorer import BFSExplorer


def shown_board(p: PuzzleWidget) -> Board:
    """Read the board back from the button texts, as a person would."""
    grid = [[0 if t == BLANK_TEXT else int(t) for t in row] for row in p.grid_texts()]
    return Board(grid)


def assert_panel_matches(p: PuzzleWidget):
    board, goal = p.session.board, p.session.goal
    assert shown_board(p) == board
    r = explain(board, goal)
    v = {k: x.value for k, x in p.value_widgets.items()}
    assert v["moves"] == str(p.session.moves)
    assert v["inversions"].split()[0] == str(r.relative_inversions)       # the count the invariant is made of
    assert ("goal's order" in v["inversions"]) == (goal != Board.goal(goal.rows, goal.cols))
    assert v["blank row"].startswith(f"{r.blank_row_from_bottom} ")
    if min(board.shape) == 1:
        assert v["invariant"].startswith("tile order ")
    elif board.cols % 2:
        assert v["invariant"].endswith(f"= {r.invariant} (goal: {r.goal_invariant})")
    else:
        assert v["invariant"].endswith(f"= {r.invariant} (goal: (0 + {r.goal_blank_row_from_bottom}) mod 2 = "
                                       f"{r.goal_invariant})")
    assert ("unsolvable" in v["component"]) == (not is_solvable(board, goal))
    if not r.solvable:
        assert v["distance"].startswith("unreachable")
    elif board == goal:
        assert v["distance"] == "0 moves: this is the goal"
    elif board.rows * board.cols <= 9:
        d = min_moves(board, goal=goal)
        assert v["distance"] == f"{d} move{'' if d == 1 else 's'} (exact, BFS)"
    else:
        assert v["distance"] == f"at least {manhattan(board, goal)} moves (Manhattan distance)"


def test_click_next_to_blank_slides_and_panel_follows():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]))
    assert_panel_matches(p)
    p.tile_buttons[5].click()
    assert p.session.board == Board([[1, 2, 3], [4, 5, 0], [7, 8, 6]])
    assert_panel_matches(p)
    p.tile_buttons[6].click()
    assert p.session.board == Board.goal(3, 3) and p.value_widgets["distance"].value == "0 moves: this is the goal"
    assert_panel_matches(p)


def test_illegal_click_changes_nothing_and_says_why():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]))
    before = (p.session.board, p.session.moves, p.grid_texts(), {k: x.value for k, x in p.value_widgets.items()})
    p.tile_buttons[1].click()
    after = (p.session.board, p.session.moves, p.grid_texts(), {k: x.value for k, x in p.value_widgets.items()})
    assert before == after
    assert "tile 1 is not next to the blank" in p.message.value


def test_undo_restores_the_exact_state():
    p = PuzzleWidget(rows=3, cols=3, seed=4)
    p.buttons["shuffle"].click()
    snapshots = []
    for tile in [p.session.board.movable_tiles()[0]]:
        snapshots.append((p.session.board, p.session.moves, p.grid_texts()))
        p.tile_buttons[tile].click()
    snapshots.append((p.session.board, p.session.moves, p.grid_texts()))
    p.buttons["swap"].click()
    p.buttons["scramble"].click()
    for expected in reversed(snapshots):
        p.buttons["undo"].click()
        if (p.session.board, p.session.moves, p.grid_texts()) != expected:
            p.buttons["undo"].click()
        assert (p.session.board, p.session.moves, p.grid_texts()) == expected
        assert_panel_matches(p)


def test_each_action_then_undo_is_exact():
    p = PuzzleWidget(rows=3, cols=4, seed=1)
    for name in ["shuffle", "scramble", "swap", "reset"]:
        state = (p.session.board, p.session.moves, p.grid_texts())
        p.buttons[name].click()
        assert_panel_matches(p)
        if name != "reset":
            p.buttons["undo"].click()
            assert (p.session.board, p.session.moves, p.grid_texts()) == state
            p.buttons[name].click()


def test_swap_flips_the_component():
    p = PuzzleWidget(rows=2, cols=3)
    assert "unsolvable" not in p.value_widgets["component"].value
    image_before = p.graph_image.value
    p.buttons["swap"].click()
    assert "unsolvable" in p.value_widgets["component"].value
    assert p.value_widgets["distance"].value.startswith("unreachable")
    assert p.graph_image.value != image_before  # the marker moved to the other component
    p.buttons["swap"].click()
    assert "unsolvable" not in p.value_widgets["component"].value


def test_shuffle_is_seeded_and_solvable():
    a, b = PuzzleWidget(seed=7), PuzzleWidget(seed=7)
    a.buttons["shuffle"].click()
    b.buttons["shuffle"].click()
    assert a.session.board == b.session.board and is_solvable(a.session.board)
    assert a.session.moves == 0


def test_scramble_n_moves():
    p = PuzzleWidget(rows=4, cols=4, seed=2)
    p.scramble_moves.value = 30
    p.buttons["scramble"].click()
    assert p.session.moves == 0 and is_solvable(p.session.board)      # a new puzzle: no slides yet
    assert p.session.start == p.session.board                          # reset comes back to it
    assert_panel_matches(p)


def test_solve_animates_a_shortest_solution_up_to_3x3():
    p = PuzzleWidget(rows=3, cols=3, seed=3, animation_delay=0)
    p.buttons["shuffle"].click()
    need = min_moves(p.session.board)
    p.buttons["solve"].click()
    assert p.session.board == Board.goal(3, 3) and p.session.moves == need
    assert f"shortest solution: {need} moves" in p.message.value
    assert_panel_matches(p)


def test_solve_4x4_finds_a_shortest_solution_when_ida_star_is_quick():
    p = PuzzleWidget(rows=4, cols=4, seed=3, animation_delay=0)
    p.scramble_moves.value = 24
    p.buttons["scramble"].click()
    start = p.session.board
    need = ida_star(start).moves          # Manhattan alone proves it quickly at this distance
    p.buttons["solve"].click()
    assert p.session.board == Board.goal(4, 4) and p.session.moves == need
    assert f"shortest solution: {need} moves (IDA*" in p.message.value


def test_solve_4x4_falls_back_to_the_constructive_solver_and_refuses_unsolvable(monkeypatch):
    monkeypatch.setattr(session_module, "solve_budget", lambda cells: 50)   # a budget no shuffled board fits in
    p = PuzzleWidget(rows=4, cols=4, seed=3, animation_delay=0)
    p.buttons["shuffle"].click()
    p.buttons["solve"].click()
    assert p.session.board == Board.goal(4, 4)
    assert "constructive solution" in p.message.value and "not the shortest" in p.message.value
    assert "gave up after 50 nodes" in p.message.value
    p.buttons["swap"].click()
    board = p.session.board
    p.buttons["solve"].click()
    assert p.session.board == board and "no solution" in p.message.value


def test_size_and_goal_choices():
    p = PuzzleWidget()
    p.size_choice.value = "2x2"
    assert p.session.board == Board.goal(2, 2) and len(p.grid.children) == 4
    assert p.graph_image.layout.display is None and p.graph_image.value
    p.goal_choice.value = "spiral"
    assert p.session.goal == Board.spiral(2, 2)
    p.size_choice.value = "4x4"
    assert p.session.goal == Board.spiral(4, 4) and len(p.grid.children) == 16
    assert p.graph_image.layout.display == "none"
    assert_panel_matches(p)
    assert p.value_widgets["distance"].value == "0 moves: this is the goal"     # not "at least 0 moves"
    p.click_tile(p.session.board.movable_tiles()[0])
    assert "Manhattan" in p.value_widgets["distance"].value


def test_two_players_do_not_interfere():
    a, b = PuzzleWidget(rows=3, cols=3), PuzzleWidget(rows=3, cols=3)
    a.buttons["swap"].click()
    a.size_choice.value = "2x3"
    assert b.session.board == Board.goal(3, 3) and b.session.moves == 0
    assert "unsolvable" not in b.value_widgets["component"].value


def test_blank_shows_a_non_breaking_space_not_an_empty_string():
    p = PuzzleWidget(board=Board([[1, 2], [3, 0]]))
    assert p.tile_buttons[0].description == BLANK_TEXT != ""
    p.tile_buttons[3].click()
    assert all(b.description != "" for b in p.grid.children)


def test_bfs_explorer():
    e = BFSExplorer(3, 3, samples=3)
    assert e.depth.max == 31 and sum(e.layer_sizes) == 181440
    e.depth.value = 31
    assert "<b>2</b> boards at depth 31" in e.summary.value
    assert e.boards.value.count("<table") == 2
    e.depth.value = 5
    assert e.boards.value.count("<table") == 3


def test_session_rejects_bad_input():
    with pytest.raises(ValueError, match="goal is 2 x 2 but the board is 3 x 3"):
        PlaySession(board=Board.goal(3, 3), goal=Board.goal(2, 2))
    with pytest.raises(ValueError, match="duplicate"):
        PuzzleWidget(board=[[1, 1], [2, 0]])


CUSTOM = Board([[2, 1, 3], [4, 5, 6], [7, 8, 0]])   # none of the named goals


def test_size_change_with_a_custom_goal_switches_to_blank_last_and_says_so():
    p = PuzzleWidget(goal=CUSTOM)
    assert p.goal_choice.value == "custom" and "custom" in p.goal_choice.options
    p.size_choice.value = "2x2"
    assert p.session.board.shape == (2, 2) and p.session.goal == Board.goal(2, 2)
    assert (p.size_choice.value, p.goal_choice.value) == ("2x2", "blank last")
    assert 'the custom goal is 3 x 3, so on 2 x 2 the goal is now "blank last"' in p.message.value
    assert len(p.grid.children) == 4
    assert_panel_matches(p)
    p.goal_choice.value = "custom"          # the custom goal brings its own size back
    assert (p.size_choice.value, p.goal_choice.value) == ("3x3", "custom")
    assert p.session.goal == p.session.board == CUSTOM and len(p.grid.children) == 9
    assert "so the size is now 3x3" in p.message.value
    assert_panel_matches(p)


def test_choosing_custom_again_restores_the_custom_goal():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]), goal=CUSTOM)
    p.goal_choice.value = "spiral"
    assert p.session.goal == Board.spiral(3, 3)
    p.goal_choice.value = "custom"
    assert p.session.goal == CUSTOM and p.session.moves == 0 and not p.session.history
    assert_panel_matches(p)


@pytest.mark.parametrize("cell", [99, 9, -1, -9, True, 1.0, "a", None])
def test_bad_cells_are_refused_with_a_message(cell):
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]))
    before = (p.session.board, p.session.moves, p.grid_texts())
    assert p.click_cell(cell) is False                     # no exception, nothing moves
    assert (p.session.board, p.session.moves, p.grid_texts()) == before
    assert "cell" in p.session.message and p.message.value == f"<i>{p.session.message}</i>"


@pytest.mark.parametrize("tile", [True, 99, -1, 2.0, "5", None])
def test_bad_tiles_are_refused_with_a_message(tile):
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5], [7, 8, 6]]))
    before = (p.session.board, p.session.moves, p.grid_texts())
    assert p.click_tile(tile) is False
    assert (p.session.board, p.session.moves, p.grid_texts()) == before
    assert "tile" in p.session.message


def test_the_message_line_escapes_html():
    p = PuzzleWidget(rows=2, cols=2)
    p.click_tile("<b>")
    assert "&lt;b&gt;" in p.message.value and "<b>" not in p.message.value


def test_the_session_raises_for_arguments_of_the_wrong_type():
    s = PlaySession(rows=2, cols=2)
    with pytest.raises(TypeError, match="tile must be an integer, got True"):
        s.click(True)
    with pytest.raises(TypeError, match="scramble moves must be an integer"):
        s.scramble(2.5)
    with pytest.raises(ValueError, match="scramble moves must be 0 or more"):
        s.scramble(-1)
    with pytest.raises(ValueError, match="one move"):
        s.step_to(Board([[2, 1], [3, 0]]))
    assert s.click(7) is False and "there is no tile 7" in s.message
    assert s.moves == 0 and not s.history


def test_a_1x1_board_cannot_scramble_and_small_boards_cannot_swap():
    s = PlaySession(rows=1, cols=1)
    assert s.scramble(5) is False and s.moves == 0 and not s.history
    assert "no moves" in s.message
    for rows, cols in [(1, 1), (1, 2), (2, 1)]:
        s = PlaySession(rows=rows, cols=cols)
        assert s.swap() is False and "no two tiles to swap" in s.message
        assert s.board == Board.goal(rows, cols) and not s.history
    s = PlaySession(rows=1, cols=3)
    assert s.swap() is True and s.board == Board([[2, 1, 0]]) and not is_solvable(s.board)
    p = PuzzleWidget(rows=1, cols=2)
    p.buttons["swap"].click()
    assert "no two tiles to swap" in p.message.value and p.session.board == Board.goal(1, 2)


@pytest.mark.parametrize("seed", [1.5, "abc", True, [1]])
def test_seeds_must_be_ints_or_none(seed):
    with pytest.raises(TypeError, match="seed must be an integer"):
        PlaySession(seed=seed)
    with pytest.raises(TypeError, match="seed must be an integer"):
        PuzzleWidget(seed=seed)


def test_seed_none_is_allowed():
    PlaySession(seed=None).shuffle()
    PuzzleWidget(rows=2, cols=2, seed=None).buttons["shuffle"].click()


import asyncio  # noqa: E402

# --- issue 12: one argument order, presentation mode, keyboard, a solve that never blocks, colours ----------

def test_one_argument_order_for_every_player():
    assert PuzzleWidget(2, 3).session.board.shape == (2, 3)
    assert PuzzleWidget(board=Board([[1, 2], [3, 0]])).session.board.shape == (2, 2)
    assert PuzzleWidget(goal=Board.spiral(3, 3)).session.goal == Board.spiral(3, 3)
    assert BFSExplorer(2, 3).goal == Board.goal(2, 3)
    assert BFSExplorer(goal=Board.goal(2, 2)).layer_sizes == [1, 2, 2, 2, 2, 2, 1]
    with pytest.raises(ValueError, match="the board is 2 x 2 but rows, cols say 3 x 3"):
        PuzzleWidget(3, 3, board=Board([[1, 2], [3, 0]]))
    with pytest.raises(ValueError, match="the goal is 2 x 2 but rows, cols say 2 x 3"):
        BFSExplorer(2, 3, goal=Board.goal(2, 2))
    with pytest.raises(TypeError, match="pass a board as board="):
        PuzzleWidget(Board([[1, 2], [3, 0]]))
    with pytest.raises(TypeError, match="both rows and cols"):
        PlaySession(3)
    with pytest.raises(ValueError, match="animation_delay"):
        PuzzleWidget(2, 2, animation_delay=-1)


def test_presentation_mode_makes_tiles_and_text_large():
    p = PuzzleWidget(3, 3)
    assert p.tile_px == 56 and "presenting" not in p._dom_classes
    p.presentation.value = True
    assert p.tile_px == 88 and "presenting" in p._dom_classes
    assert p.tile_buttons[1].layout.width == "88px" and p.tile_buttons[1].style.font_size == "34px"
    assert p.grid.layout.width == f"{3 * (88 + 4)}px"
    q = PuzzleWidget(2, 2, presentation=True)
    assert q.presentation.value and q.tile_px == 88


def test_arrow_keys_slide_the_tile_next_to_the_blank():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]))
    assert p.press_key("ArrowLeft") and p.session.board == Board.goal(2, 3)     # 5 slides left
    assert not p.press_key("ArrowLeft") and "no tile" in p.session.message      # nothing right of the blank
    assert p.press_key("ArrowDown") and p.session.board.blank == (0, 2)          # 3 slides down
    assert not p.press_key("a") and p.session.moves == 2                         # other keys do nothing
    p.arrow_keys.receive({"key": "ArrowUp"})                                          # as the browser sends it
    assert p.session.board == Board.goal(2, 3) and p.session.moves == 3
    p.arrow_keys.receive({"key": "Tab"})                                              # not an arrow: ignored
    assert p.session.moves == 3
    assert p.arrow_keys.target == f".{p._uid} .puzzle-board" and p.arrow_keys in p.children



def in_fresh_loop(coroutine_function):
    """Run a coroutine in its own event loop, in a thread: pytest's main thread may already run one
    (Playwright's sync API does, for the browser tests)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(lambda: asyncio.run(coroutine_function())).result()


def test_a_solve_in_a_running_loop_refuses_clicks_and_ends_at_the_goal():
    import asyncio

    from puzzlelib import min_moves

    start = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])      # 31 moves away
    p = PuzzleWidget(board=start, animation_delay=0.01)
    p.background = True                                   # as in a kernel: an asyncio task

    async def run():
        task = p.solve()
        assert task is not None and p.solving
        assert p.buttons["shuffle"].disabled and not p.buttons["stop"].disabled and p.size_choice.disabled
        await asyncio.sleep(0.15)
        before = p.session.board
        assert not p.click_tile(before.tiles[before.neighbors()[0].blank_index])   # refused, with a message
        assert "solve is running" in p.session.message and p.session.board == before
        await task

    in_fresh_loop(run)
    assert p.session.board == Board.goal(3, 3) and p.session.moves == min_moves(start) == 31
    assert not p.solving and not p.buttons["shuffle"].disabled and p.buttons["stop"].disabled
    assert p.session.message.endswith("solved")


def test_stop_halts_a_running_solve():
    import asyncio

    start = Board([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    p = PuzzleWidget(board=start, animation_delay=0.05)
    p.background = True

    async def run():
        task = p.solve()
        while p.session.moves < 3:
            await asyncio.sleep(0.02)
        assert p.stop()
        await task
        return p.session.moves

    moves = in_fresh_loop(run)
    assert 3 <= moves < 31 and p.session.board != Board.goal(3, 3)
    assert "stopped after" in p.session.message and not p.solving
    assert not p.stop() and "nothing to stop" in p.session.message


def test_palette_contrast_and_second_cues():
    from puzzlelib.core import palette

    assert palette.contrast_ratio(palette.MOVED, palette.TILE) >= 3          # a highlighted tile stands out
    assert palette.contrast_ratio(palette.TILE_TEXT, palette.TILE) >= 4.5    # text on tiles is readable
    assert palette.contrast_ratio(palette.MOVED_TEXT, palette.MOVED) >= 4.5
    solvable, unsolvable = palette.COMPONENT_COLORS["solvable"], palette.COMPONENT_COLORS["unsolvable"]
    assert palette.contrast_ratio(solvable, unsolvable) >= 2                # apart in greyscale too
    assert palette.COMPONENT_MARKERS["solvable"] != palette.COMPONENT_MARKERS["unsolvable"]
    assert set(palette.COMPONENT_COLORS.values()) <= set(palette.OKABE_ITO.values())


# --- issue 46: a panel hidden until the prediction is checked -------------------------------------------

def test_panel_false_shows_no_panel_no_graph_and_no_numbers():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]), panel=False)      # 2 x 3: a state graph too
    assert p.panel_box.layout.display == "none" and p.panel_note.layout.display is None
    assert "panel-hidden" in p._dom_classes and not p.panel_shown
    assert all(widget.value == "" for widget in p.value_widgets.values())  # not even hidden in the page
    assert p.graph_image.layout.display == "none" and p.graph_image.value == "" and p.graph_alt == ""
    assert p.click_tile(5) and p.session.board == Board.goal(2, 3)         # the board still plays
    assert p.announcement == "slid 5 left; the panel is hidden"            # no inversions, no distance
    assert all(widget.value == "" for widget in p.value_widgets.values())
    assert p.buttons["solve"].disabled                                     # solve would tell the distance
    p.buttons["shuffle"].click()
    assert p.buttons["solve"].disabled and "inversion" not in p.announcement
    assert p.solve() is None and "panel is hidden" in p.session.message


def test_show_panel_brings_everything_back_and_hides_it_again():
    p = PuzzleWidget(board=Board([[1, 2, 3], [4, 0, 5]]), panel=False)
    p.show_panel(True)
    assert p.panel_shown and p.panel_box.layout.display is None and p.panel_note.layout.display == "none"
    assert "panel-hidden" not in p._dom_classes and not p.buttons["solve"].disabled
    assert_panel_matches(p)
    assert p.graph_image.layout.display is None and p.graph_alt.endswith("1 move from the goal.")
    assert p.announcement == "panel shown; 0 inversions; solvable; 1 move from the goal"
    p.show_panel(False)
    assert p.panel_box.layout.display == "none" and p.value_widgets["distance"].value == ""
    assert PuzzleWidget(2, 3).panel_shown and PuzzleWidget(2, 3, panel=True).panel_box.layout.display is None


@pytest.mark.parametrize("bad", ["no", 0, 1, None, "False", [False]])
def test_panel_takes_only_true_or_false(bad):
    with pytest.raises(TypeError, match=r"^panel must be True or False, got "):
        PuzzleWidget(2, 3, panel=bad)
    p = PuzzleWidget(2, 3)
    with pytest.raises(TypeError, match=r"^show must be True or False"):
        p.show_panel(bad)
    assert p.panel_shown


def test_a_hidden_panel_stays_hidden_in_a_new_game_and_after_a_solve_is_refused():
    p = PuzzleWidget(3, 3, panel=False)
    p.size_choice.value = "2x3"                                              # a new game from the menu
    assert p.panel_box.layout.display == "none" and p.graph_image.layout.display == "none"
    p._set_busy(True)
    p._set_busy(False)                                                       # as after a solve elsewhere
    assert p.buttons["solve"].disabled and not p.buttons["shuffle"].disabled
