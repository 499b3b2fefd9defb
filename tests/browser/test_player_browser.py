"""The puzzle player in a real browser: click a tile, see the grid change; swap, see the component change.

These read what is on screen (the buttons' texts), not the kernel's state, so
they catch display bugs such as a blank tile that keeps its old label. In JupyterLab and in the player page
(``make app``), no request leaves the machine meanwhile: the browser answers only the local server, and the
test fails on any other request and on a console error about loading (a font, a style sheet). The decks and
the site have the same check in test_slides_browser.py and test_site_browser.py.
"""

from __future__ import annotations

import re

import pytest

from .conftest import (CHROMIUM, ENABLE, SCREENSHOTS, assert_offline, axe_report, axe_violations, close_sessions,
                       run_all_cells)

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")

NBSP = "\u00a0"
TIMEOUT = 90_000  # ms


def grid_texts(widget) -> list[str]:
    return [t.replace(NBSP, " ").strip() for t in widget.locator(".puzzle-tile").all_text_contents()]


def component_text(widget) -> str:
    return widget.locator(".panel-component").text_content().strip()


def wait_for_grid(page, want: list[str]) -> None:
    """Wait until the first player's tiles read ``want`` on screen (the blank as "")."""
    page.wait_for_function(
        """want => {
            const w = document.querySelectorAll('.puzzle-widget')[0];
            const got = [...w.querySelectorAll('.puzzle-tile')].map(b => b.textContent.replace(/\\u00a0/g, ' ').trim());
            return JSON.stringify(got) === JSON.stringify(want);
        }""", arg=want, timeout=TIMEOUT)


def play(page, widget, shot_name: str) -> None:
    """Click a tile next to the blank and check the screen; then press swap and check the panel."""
    widget.locator(".puzzle-tile").first.wait_for(timeout=TIMEOUT)
    page.wait_for_function(  # rendered, with the numbers on the tiles
        """sel => { const w = document.querySelector(sel);
                    return w && [...w.querySelectorAll('.puzzle-tile')].filter(b => /\\d/.test(b.textContent)).length === 5; }""",
        arg=".puzzle-widget", timeout=TIMEOUT)
    before = grid_texts(widget)
    cols = 3  # the first player in 06_play.ipynb is 2 x 3
    blank = before.index("")
    r, c = divmod(blank, cols)
    neighbour = blank + 1 if c + 1 < cols else blank - 1
    tile = before[neighbour]
    assert re.fullmatch(r"\d+", tile), before
    widget.locator(".puzzle-tile").nth(neighbour).click()
    expected = list(before)
    expected[blank], expected[neighbour] = tile, ""
    wait_for_grid(page, expected)
    assert grid_texts(widget) == expected
    assert sum(1 for t in grid_texts(widget) if t == "") == 1  # exactly one blank on screen
    page.wait_for_function("""sel => document.querySelectorAll(sel)[0].querySelector('.panel-moves')
        .textContent.trim() === '1'""", arg=".puzzle-widget", timeout=TIMEOUT)   # the panel follows the grid
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{shot_name}_after_click.png"))

    assert component_text(widget) == "solvable"
    graph_src = widget.locator("img").first.get_attribute("src")
    widget.locator(".action-swap").click()
    page.wait_for_function(
        """sel => document.querySelectorAll(sel)[0].querySelector('.panel-component').textContent.trim() === 'unsolvable'""",
        arg=".puzzle-widget", timeout=TIMEOUT)
    assert component_text(widget) == "unsolvable"
    page.wait_for_function(  # the state-graph picture is redrawn with the ring in the other component
        """([sel, old]) => document.querySelector(sel).querySelector('img').getAttribute('src') !== old""",
        arg=[".puzzle-widget", graph_src], timeout=TIMEOUT)
    assert widget.locator(".panel-distance").text_content().startswith("unreachable")
    after_swap = grid_texts(widget)
    assert after_swap != expected and sorted(after_swap) == sorted(expected)
    page.screenshot(path=str(SCREENSHOTS / f"{shot_name}_after_swap.png"))
    widget.screenshot(path=str(SCREENSHOTS / f"{shot_name}_widget.png"))


def keyboard_and_axe(page, widget, in_notebook: bool) -> None:
    """With the pointer away from the board, a tile with the keyboard focus takes the arrow keys; in a
    notebook the key does not move the notebook's cell selection. Then axe-core (WCAG 2.0/2.1 A and AA)
    finds nothing in our widgets (the player and the BFS explorer; the app's own interface is not ours)."""
    page.mouse.move(2, 2)
    before = grid_texts(widget)
    blank = before.index("")
    key, source = ("ArrowLeft", blank + 1) if blank % 3 < 2 else ("ArrowRight", blank - 1)
    active = "() => window.jupyterapp.shell.currentWidget.content.activeCellIndex"
    cell_before = page.evaluate(active) if in_notebook else None
    widget.locator(".puzzle-tile").nth(source).focus()
    page.keyboard.press(key)
    want = list(before)
    want[blank], want[source] = before[source], ""
    wait_for_grid(page, want)
    if in_notebook:
        assert page.evaluate(active) == cell_before, "the arrow key also moved the notebook's cell selection"
    found = axe_violations(page, ".puzzle-widget, .puzzle-bfs")
    assert not found, "axe-core found WCAG violations in the widgets:\n" + axe_report(found)


def test_player_in_jupyterlab(offline_page, lab_server):
    page = offline_page
    base, token = lab_server
    close_sessions(base, token)
    page.goto(f"{base}/lab/tree/06_play.ipynb?token={token}", timeout=TIMEOUT)
    run_all_cells(page, TIMEOUT)
    play(page, page.locator(".puzzle-widget").first, "lab_player")
    keyboard_and_axe(page, page.locator(".puzzle-widget").first, in_notebook=True)
    assert_offline(page, "JupyterLab with the player running")


def test_player_in_notebook7(page, notebook_server):
    base, token = notebook_server
    close_sessions(base, token)
    page.goto(f"{base}/notebooks/06_play.ipynb?token={token}", timeout=TIMEOUT)
    run_all_cells(page, TIMEOUT)
    play(page, page.locator(".puzzle-widget").first, "notebook7_player")
    keyboard_and_axe(page, page.locator(".puzzle-widget").first, in_notebook=True)


def test_player_in_voila(offline_page, voila_server):
    page = offline_page
    base, token = voila_server
    page.goto(f"{base}/?token={token}", timeout=TIMEOUT)
    widget = page.locator(".puzzle-widget").first
    play(page, widget, "voila_player")
    keyboard_and_axe(page, widget, in_notebook=False)
    widget.locator(".action-presentation").click()               # its larger fonts load too
    page.wait_for_timeout(1000)
    page.screenshot(path=str(SCREENSHOTS / "offline_player.png"))
    assert_offline(page, "the player page")


def test_exercise_players_hide_their_panel_until_the_check_passes(page, voila_server):
    """06's exercise players get ``panel=passed``: unanswered, the check gives False, so on screen there is no
    panel and no number to read off, only the note in its place; the tiles still take clicks and keys, and axe
    finds nothing. The first player, with its panel, still shows it (issue 46)."""
    base, token = voila_server
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(f"{base}/?token={token}", timeout=TIMEOUT)
    hidden = page.locator(".puzzle-widget.panel-hidden")
    hidden.first.locator(".puzzle-tile").first.wait_for(timeout=TIMEOUT)
    assert hidden.count() == 3                                   # exercises 1, 2 and 3
    assert page.locator(".puzzle-widget").first.locator(".puzzle-panel").is_visible()
    for k in range(3):
        widget = hidden.nth(k)
        widget.scroll_into_view_if_needed()
        assert not widget.locator(".puzzle-panel").is_visible()
        note = widget.locator(".puzzle-panel-note")
        assert note.is_visible() and "The panel is hidden" in note.inner_text()
        text = widget.inner_text()
        assert "inversions" not in text and "solvable" not in text and "moves (exact" not in text, text
        assert widget.locator(".action-solve").is_disabled()
    widget = hidden.first                                        # exercise 1's board, 3 x 5: the 11 above the blank
    texts = grid_texts(widget)
    blank = texts.index("")
    above = blank - 5
    widget.locator(".puzzle-tile").nth(above).click()
    page.wait_for_function("""() => { const w = document.querySelector('.puzzle-widget.panel-hidden');
        return [...w.querySelectorAll('.puzzle-tile')].map(b => b.textContent.trim()).indexOf('') === %d; }""" % above,
                           timeout=TIMEOUT)
    page.wait_for_function("""() => (document.querySelector('.puzzle-widget.panel-hidden .puzzle-live [role=status]')
        ?.textContent || '').startsWith('slid ')""", timeout=TIMEOUT)    # the announcement follows the grid
    said = widget.locator(".puzzle-live [role=status]").text_content()
    assert said.startswith("slid ") and said.endswith("; the panel is hidden"), said
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    widget.screenshot(path=str(SCREENSHOTS / "voila_player_panel_hidden.png"))
    found = axe_violations(page, ".puzzle-widget.panel-hidden")
    assert not found, "axe-core found WCAG violations in the hidden-panel players:\n" + axe_report(found)
