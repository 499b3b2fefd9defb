"""The player as a lecturer projects it: whole and clickable at projector sizes, solving without freezing.

Each check reads the screen, not the kernel: a tile counts as usable only if the point at its centre
belongs to it (``document.elementFromPoint``), so a tile that is clipped by a squeezed box or covered
by a neighbour fails, even though its text is in the DOM. Screenshots go to build/screenshots/.
"""

from __future__ import annotations

import re

import pytest

from .conftest import CHROMIUM, ENABLE, SCREENSHOTS, run_all_cells, close_sessions

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")

TIMEOUT = 90_000  # ms
NBSP = "\u00a0"

# For each tile of the first player: scrolled into view (vertically), is it on screen, not scrolled
# sideways, and is the element at its centre the tile itself?
TILES_USABLE = """
(root) => {
  const w = document.querySelectorAll('.puzzle-widget')[0];
  const out = [];
  for (const tile of w.querySelectorAll('.puzzle-tile')) {
    tile.scrollIntoView({block: 'center', inline: 'nearest'});
    const r = tile.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    let sideways = 0;
    for (let e = tile.parentElement; e; e = e.parentElement) sideways += e.scrollLeft || 0;
    out.push({text: tile.textContent.replace(/\\u00a0/g, ' ').trim(), x, y, w: r.width, h: r.height,
              onTop: !!hit && tile.contains(hit), inView: r.left >= 0 && r.right <= window.innerWidth,
              sideways});
  }
  return out;
}
"""


def grid_texts(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.puzzle-widget')[0]
        .querySelectorAll('.puzzle-tile')].map(b => b.textContent.replace(/\\u00a0/g, ' ').trim())""")


def panel(page, key: str) -> str:
    return page.evaluate(f"""() => document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.panel-{key}').textContent.trim()""")


def wait_for_player(page, tiles: int) -> None:
    page.wait_for_function(
        """n => { const w = document.querySelectorAll('.puzzle-widget')[0];
                  return w && [...w.querySelectorAll('.puzzle-tile')].filter(b => /\\d/.test(b.textContent)).length === n; }""",
        arg=tiles - 1, timeout=TIMEOUT)


def open_player(page, surface: str, server, file_browser: bool = True) -> None:
    base, token = server
    if surface == "lab":
        close_sessions(base, token)
        page.goto(f"{base}/lab/tree/06_play.ipynb?token={token}", timeout=TIMEOUT)
        run_all_cells(page, TIMEOUT)
        show_file_browser(page, file_browser)
    else:
        page.goto(f"{base}/?token={token}", timeout=TIMEOUT)
    wait_for_player(page, 6)          # the first player in 06_play.ipynb is 2 x 3


@pytest.fixture(scope="module")
def pages(browser, lab_server, voila_server):
    """The player loaded once per surface for the tests of this file (a load runs 06 in a new kernel, 10 to
    20 s): ``pages(surface)`` is the page, at 1024 x 768, with its first player back at 2 x 3 and out of
    presentation mode, and JupyterLab's file browser open. The tests run in file order on it, as a lecturer
    goes on with the same page."""
    contexts, opened = [], {}

    def get(surface: str):
        if surface not in opened:
            context = browser.new_context(viewport={"width": 1024, "height": 768})
            contexts.append(context)
            opened[surface] = context.new_page()
            open_player(opened[surface], surface, lab_server if surface == "lab" else voila_server)
        page = opened[surface]
        page.set_viewport_size({"width": 1024, "height": 768})
        if surface == "lab":
            show_file_browser(page, True)
        widget = page.locator(".puzzle-widget").first
        if "presentation" in (widget.get_attribute("class") or "") or page.evaluate(
                "() => document.querySelectorAll('.puzzle-widget')[0].querySelector('.puzzle-tile')"
                ".getBoundingClientRect().width > 80"):
            widget.locator(".action-presentation").click()
            page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
                .querySelector('.puzzle-tile').getBoundingClientRect().width < 80""", timeout=TIMEOUT)
        if len(grid_texts(page)) != 6:
            widget.locator("select").first.select_option("2x3")
        wait_for_player(page, 6)
        return page

    yield get
    for context in contexts:
        context.close()


def show_file_browser(page, shown: bool) -> None:
    if shown:
        page.evaluate("window.jupyterapp.shell.activateById('filebrowser')")
        page.wait_for_selector("#filebrowser", state="visible", timeout=TIMEOUT)
    else:
        page.evaluate("window.jupyterapp.shell.collapseLeft()")
        page.wait_for_selector("#filebrowser", state="hidden", timeout=TIMEOUT)


def assert_every_tile_usable(page, label: str, settle_s: float = 10) -> None:
    """Every tile usable once the layout has settled (a re-render may briefly overflow): poll, then assert."""
    for _ in range(int(settle_s / 0.5)):
        tiles = page.evaluate(TILES_USABLE)
        if len(tiles) == 6 and all(t["onTop"] and t["inView"] and t["sideways"] == 0 and t["w"] >= 40
                                   for t in tiles):
            break
        page.wait_for_timeout(500)
    assert len(tiles) == 6, tiles
    for t in tiles:
        assert t["onTop"] and t["inView"] and t["sideways"] == 0, f"{label}: tile {t['text']!r} is not usable: {t}"
        assert t["w"] >= 40 and t["h"] >= 40, f"{label}: tile {t['text']!r} shrank to {t['w']} x {t['h']} px"


def click_next_to_blank(page) -> None:
    before = grid_texts(page)
    blank = before.index("")
    neighbour = blank + 1 if blank % 3 < 2 else blank - 1
    page.locator(".puzzle-widget").first.locator(".puzzle-tile").nth(neighbour).click()
    want = list(before)
    want[blank], want[neighbour] = before[neighbour], ""
    page.wait_for_function("""want => JSON.stringify([...document.querySelectorAll('.puzzle-widget')[0]
        .querySelectorAll('.puzzle-tile')].map(b => b.textContent.replace(/\\u00a0/g, ' ').trim())) === JSON.stringify(want)""",
                           arg=want, timeout=TIMEOUT)


SIZES = {"lab": [(1024, 768, True), (1280, 720, True), (1920, 1080, True), (1024, 768, False)],
         "voila": [(1024, 768, True)]}
"""Per surface, the screens the player is checked at: (width, height, JupyterLab's file browser open)."""


def moves_shown(page) -> int:
    return int(panel(page, "moves"))


@pytest.mark.parametrize("surface", SIZES)
def test_every_tile_is_visible_and_clickable_at_projector_sizes(pages, surface):
    """The page is loaded once, at the first size; each further size is the same page with the window resized
    (and the file browser opened or closed), as a lecturer who moves JupyterLab to the projector would."""
    page = pages(surface)
    toggle = page.locator(".puzzle-widget").first.locator(".action-presentation")
    for width, height, file_browser in SIZES[surface]:
        page.set_viewport_size({"width": width, "height": height})
        if surface == "lab":
            show_file_browser(page, file_browser)
        name = f"player_{surface}_{width}x{height}" + ("" if file_browser else "_no_file_browser")
        assert_every_tile_usable(page, name)
        before = moves_shown(page)
        click_next_to_blank(page)
        page.wait_for_function("""n => document.querySelectorAll('.puzzle-widget')[0]
            .querySelector('.panel-moves').textContent.trim() === String(n)""", arg=before + 1,
                               timeout=TIMEOUT)   # the panel follows the grid
        page.locator(".puzzle-widget").first.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))
        # presentation mode: bigger tiles, still whole and clickable; then back to the normal size
        toggle.click()
        page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
            .querySelector('.puzzle-tile').getBoundingClientRect().width > 80""", timeout=TIMEOUT)
        assert_every_tile_usable(page, name + " presentation")
        page.screenshot(path=str(SCREENSHOTS / f"{name}_presentation.png"))
        toggle.click()
        page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
            .querySelector('.puzzle-tile').getBoundingClientRect().width < 80""", timeout=TIMEOUT)


def three_by_three_shuffled(page) -> int:
    """The first player switched to 3 x 3 and shuffled; returns its distance to the goal."""
    widget = page.locator(".puzzle-widget").first
    widget.locator("select").first.select_option("3x3")
    wait_for_player(page, 9)
    widget.locator(".action-shuffle").click()
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.panel-distance').textContent.includes('exact')""", timeout=TIMEOUT)
    page.wait_for_function("""() => !document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.panel-distance').textContent.startsWith('0 ')""", timeout=TIMEOUT)
    distance = int(re.match(r"(\d+) move", panel(page, "distance")).group(1))
    assert panel(page, "moves") == "0" and distance > 10
    return distance


def solving(page):
    """A shuffled 3 x 3 board whose solve has begun (two moves made); returns (its distance, the widget)."""
    distance = three_by_three_shuffled(page)
    widget = page.locator(".puzzle-widget").first
    widget.locator(".action-solve").click()
    page.wait_for_function("""() => +document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.panel-moves').textContent.trim() >= 2""", timeout=TIMEOUT)
    return distance, widget


def test_an_arrow_key_slides_a_tile(pages):
    page = pages("voila")
    moves = int(panel(page, "moves"))
    before = grid_texts(page)
    blank = before.index("")
    key, source = ("ArrowLeft", blank + 1) if blank % 3 < 2 else ("ArrowRight", blank - 1)
    board = page.locator(".puzzle-widget").first.locator(".puzzle-board")
    board.hover()
    page.keyboard.press(key)
    want = list(before)
    want[blank], want[source] = before[source], ""
    page.wait_for_function("""want => JSON.stringify([...document.querySelectorAll('.puzzle-widget')[0]
        .querySelectorAll('.puzzle-tile')].map(b => b.textContent.replace(/\\u00a0/g, ' ').trim())) === JSON.stringify(want)""",
                           arg=want, timeout=20_000)
    page.wait_for_function("""n => document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.panel-moves').textContent.trim() === String(n)""", arg=moves + 1, timeout=TIMEOUT)


def test_solve_refuses_clicks_while_it_animates_and_ends_at_the_goal(pages):
    page = pages("voila")
    distance, widget = solving(page)
    assert widget.locator(".action-shuffle").is_disabled() and widget.locator(".action-stop").is_enabled()
    texts = grid_texts(page)
    widget.locator(".puzzle-tile").nth((texts.index("") + 3) % 9).click(force=True)   # a click mid-solve
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .textContent.includes('a solve is running')""", timeout=TIMEOUT)
    page.screenshot(path=str(SCREENSHOTS / "solve_refuses_a_click.png"))
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .textContent.includes('solved')""", timeout=TIMEOUT)
    assert panel(page, "moves") == str(distance), "the solve took more moves than the shortest path"
    assert panel(page, "distance").startswith("0 moves")
    assert grid_texts(page) == ["1", "2", "3", "4", "5", "6", "7", "8", ""]
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.action-stop').disabled""", timeout=TIMEOUT)
    assert widget.locator(".action-shuffle").is_enabled()


def test_stop_halts_the_animation(pages):
    page = pages("voila")
    distance, widget = solving(page)
    widget.locator(".action-stop").click()
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .textContent.includes('stopped')""", timeout=TIMEOUT)
    moves = int(panel(page, "moves"))
    page.wait_for_timeout(1500)                     # nothing moves after stop
    assert int(panel(page, "moves")) == moves < distance
    assert not panel(page, "distance").startswith("0 moves")
    page.wait_for_function("""() => !document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.action-solve').disabled""", timeout=TIMEOUT)


# The rendered size of the text of each panel line (label and value) and of the message line: the
# smallest font size among the elements that hold its text, read from the browser's computed style.
PANEL_TEXT = """
() => {
  const w = document.querySelectorAll('.puzzle-widget')[0];
  const lines = [...w.querySelector('.puzzle-panel').children, w.querySelector('.puzzle-message')];
  return lines.map(line => {
    const sizes = [];
    const walker = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (n.textContent.trim()) sizes.push(parseFloat(getComputedStyle(n.parentElement).fontSize));
    }
    const r = line.getBoundingClientRect();
    return {text: line.textContent.replace(/\\s+/g, ' ').trim(), px: sizes.length ? Math.min(...sizes) : null,
            width: r.width, right: r.right};
  });
}
"""


@pytest.mark.parametrize("surface", ["voila", "lab"])
def test_presentation_mode_makes_every_panel_line_large(pages, surface):
    """At 1024 x 768, every line of the panel (moves, inversions, blank row, invariant, component,
    distance) and the message line are 15 px or more, and 24 px or more in presentation mode (the
    tiles' 34 px is not enough: the panel is the point of the player)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = pages(surface)
    widget = page.locator(".puzzle-widget").first
    widget.locator(".action-swap").click()          # a message line and a changed panel
    page.wait_for_function("""() => document.querySelectorAll('.puzzle-widget')[0]
        .querySelector('.puzzle-message').textContent.trim() !== ''""", timeout=TIMEOUT)
    for mode, least in (("normal", 15), ("presentation", 24)):
        if mode == "presentation":
            widget.locator(".action-presentation").click()
            # every text the assert below measures, the values and the message line included: each
            # line's new size arrives from the kernel as its own message, so wait for the last of them
            # (if it never comes, the assert reports the small lines)
            try:
                page.wait_for_function(f"() => ({PANEL_TEXT.strip()})().every(l => l.px !== null && l.px >= {least})",
                                       timeout=20_000)
            except PlaywrightTimeout:
                pass
        lines = page.evaluate(PANEL_TEXT)
        assert len(lines) == 7, lines
        keys = ["moves", "inversions", "blank row", "invariant", "component", "distance"]
        assert all(line["text"].startswith(key) for line, key in zip(lines, keys)), lines
        small = [line for line in lines if line["px"] is None or line["px"] < least]
        assert not small, f"{surface}, {mode}: panel text under {least} px: {small}"
        assert all(line["right"] <= 1024 for line in lines), f"{surface}, {mode}: off screen: {lines}"
        widget.locator(".puzzle-panel").scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"panel_{surface}_1024x768_{mode}.png"))
