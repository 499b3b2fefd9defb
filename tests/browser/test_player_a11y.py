"""The player with a keyboard and a screen reader, in Voila at 1024 x 768.

A keyboard-only game: Tab and Shift+Tab move between the controls and the tiles, Enter and Space press
them, and the arrow keys slide a tile while the focus is on the board; no mouse. The route is a shortest
path computed here from the board read off the page. After each key the live region (role="status", aria-live="polite") must say what happened, and at the end
that the goal is reached. Then: every button and field of the player has a name, the blank is named
"blank", focus is visible, and the solve button's text has 4.5:1 contrast. axe-core finds no WCAG 2.0/2.1
A or AA violation before and after moves, and the BFS explorer's slider has a name and works by keyboard.
"""

from __future__ import annotations

import re

import pytest

from puzzlelib import Board, shortest_path

from .conftest import CHROMIUM, ENABLE, SCREENSHOTS, axe_report, axe_violations

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")

TIMEOUT = 90_000  # ms
COLS = 3          # the first player in 06_play.ipynb is 2 x 3
W = "document.querySelectorAll('.puzzle-widget')[0]"


def grid(page) -> list[int]:
    texts = page.evaluate(f"""() => [...{W}.querySelectorAll('.puzzle-tile')]
        .map(b => b.textContent.replace(/\\u00a0/g, ' ').trim())""")
    return [int(t) if t else 0 for t in texts]


def live(page) -> str:
    return page.evaluate(f"() => {W}.querySelector('.puzzle-live [role=status]').textContent")


def live_attrs(page) -> dict:
    return page.evaluate(f"""() => {{ const e = {W}.querySelector('.puzzle-live [role=status]');
        return {{role: e.getAttribute('role'), live: e.getAttribute('aria-live')}}; }}""")


def wait_live(page, old: str) -> str:
    page.wait_for_function(f"""old => {{ const e = {W}.querySelector('.puzzle-live [role=status]');
        return e && e.textContent !== old; }}""", arg=old, timeout=TIMEOUT)
    return live(page)


def wait_live_says(page, words: str) -> str:
    """Wait until the live region's text holds ``words`` (an announcement can lag the panel under load)."""
    page.wait_for_function(f"""words => {{ const e = {W}.querySelector('.puzzle-live [role=status]');
        return e && e.textContent.includes(words); }}""", arg=words, timeout=TIMEOUT)
    return live(page)


def focused_cell(page) -> int | None:
    cls = page.evaluate("() => document.activeElement.className")
    m = re.search(r"\bcell-(\d+)\b", cls)
    return int(m.group(1)) if m else None


def luminance(rgb) -> float:
    def ch(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (ch(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def rgb(css: str) -> tuple[int, int, int]:
    return tuple(int(x) for x in re.findall(r"[\d.]+", css)[:3])


@pytest.fixture(scope="module")
def player(browser, voila_server):
    """One player page for the tests of this file, loaded once (a load runs 06 in a new kernel, ~10 s). The
    tests run in file order and each leaves the page usable for the next: the keyboard game first, on the
    page as loaded, then the names (they only move the focus), the slider, and axe-core, which shuffles."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    page = context.new_page()
    base, token = voila_server
    page.goto(f"{base}/?token={token}", timeout=TIMEOUT)
    page.wait_for_function(f"""() => {{ const w = {W};
        return w && [...w.querySelectorAll('.puzzle-tile')].filter(b => /\\d/.test(b.textContent)).length === 5; }}""",
                           timeout=TIMEOUT)
    yield page
    context.close()


def tab_to(page, selector_class: str, limit: int = 40) -> None:
    """Press Tab until the focused element has ``selector_class``."""
    for _ in range(limit):
        if selector_class in page.evaluate("() => document.activeElement.className"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached .{selector_class}")


def arrow_for(here: Board, there: Board) -> str:
    """The arrow key that makes the move from ``here`` to ``there``: the direction the tile slides."""
    (br, bc), (tr, tc) = here.blank, there.blank          # the tile goes from there's blank to here's
    return "Arrow" + {(0, -1): "Left", (0, 1): "Right", (-1, 0): "Up", (1, 0): "Down"}[(br - tr, bc - tc)]


def test_keyboard_only_game_from_shuffled_to_goal_is_announced(player):
    """Tab and Enter to shuffle; then the shortest route, every third move by an arrow key (the focus on a
    tile, the pointer far from the board) and the others by Tab or Shift+Tab to the tile and Enter or Space."""
    page = player
    page.mouse.move(1, 1)                      # nowhere near the board: the keys must work by focus alone
    page.locator("body").focus()
    tab_to(page, "action-shuffle")
    old = live(page)
    page.keyboard.press("Enter")
    said = wait_live(page, old)
    assert said.startswith("shuffled: a uniformly random solvable board; ") and "solvable" in said, said
    page.wait_for_function(f"() => {W}.querySelector('.panel-moves').textContent.trim() === '0'", timeout=TIMEOUT)
    board = Board([grid(page)[:COLS], grid(page)[COLS:]])
    path = shortest_path(board)
    assert len(path) > 2, "the shuffle landed on or next to the goal"
    assert said.endswith(f"{len(path) - 1} moves from the goal"), said
    tab_to(page, "cell-0")
    keys = []
    for step, (here, there) in enumerate(zip(path, path[1:])):
        cell = there.tiles.index(0)            # the tile that moves is where the blank goes
        tile = here.tiles[cell]
        old = live(page)
        if step % 3 == 2:
            assert focused_cell(page) is not None, "the focus left the board"
            keys.append(arrow_for(here, there))
            page.keyboard.press(keys[-1])
        else:
            while focused_cell(page) != cell:  # walk the focus along the grid with Tab / Shift+Tab
                page.keyboard.press("Tab" if focused_cell(page) < cell else "Shift+Tab")
            name = page.evaluate("() => document.activeElement.textContent").strip()
            assert name == str(tile)
            keys.append("Enter" if step % 3 == 0 else "Space")
            page.keyboard.press(keys[-1])
        said = wait_live(page, old)
        assert re.fullmatch(rf"slid {tile} (left|right|up|down); \d+ inversions?; solvable; "
                            r"(\d+ moves? from the goal|goal reached)", said), (keys[-1], said)
        assert live_attrs(page) == {"role": "status", "live": "polite"}     # still a live region
        assert grid(page) == list(there.tiles), keys[-1]
        if step == 1:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "player_a11y_after_moves.png"))
    assert said.endswith("; goal reached"), said
    assert any(k.startswith("Arrow") for k in keys) and "Enter" in keys, keys
    # a refusal is announced too: an arrow key with no tile on that side of the blank
    blank_row, blank_col = path[-1].blank
    old = live(page)
    page.keyboard.press("ArrowLeft" if blank_col == COLS - 1 else "ArrowRight")
    assert wait_live(page, old).endswith("no tile on that side of the blank")
    # and so is a press on the blank
    while focused_cell(page) != path[-1].tiles.index(0):
        page.keyboard.press("Tab" if focused_cell(page) < path[-1].tiles.index(0) else "Shift+Tab")
    old = live(page)
    page.keyboard.press("Enter")
    assert wait_live(page, old) == "that is the blank: click a tile next to it"


def test_names_focus_and_contrast(player):
    page = player
    widget = page.locator(".puzzle-widget").first
    for role in ("button", "combobox", "spinbutton"):
        for el in widget.get_by_role(role).all():
            label = el.evaluate("e => e.className") + " " + (el.text_content() or "")
            snap = el.aria_snapshot()
            m = re.match(rf'- {role} "([^"]+)"', snap)
            assert m and m.group(1).strip(), f"{role} {label!r} has no accessible name: {snap}"
    assert widget.get_by_role("button", name="blank", exact=True).count() == 1
    names = [re.match(r'- button "([^"]+)"', t.aria_snapshot()).group(1)
             for t in widget.locator(".puzzle-tile").all()]
    assert sum(n == "blank" for n in names) == 1
    assert all(re.fullmatch(r"blank|tile \d, row [12], column [123](, can slide (left|right|up|down))?", n)
               for n in names), names
    assert any("can slide" in n for n in names), names
    # the state graph and the BFS chart have alt texts
    graph_alt = widget.locator(".puzzle-graph img").get_attribute("alt")
    assert "State graph" in graph_alt and "goal's component" in graph_alt
    assert "Bar chart" in page.locator(".puzzle-bfs img").first.get_attribute("alt")
    # focus is visible on a tile and on the solve button
    page.locator("body").focus()
    for cls in ("action-solve", "cell-2"):
        tab_to(page, cls)
        outline = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
            return [s.outlineStyle, s.outlineWidth, s.boxShadow]; }""")
        assert (outline[0] != "none" and outline[1] != "0px") or outline[2] != "none", (cls, outline)
        if cls == "cell-2":
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "player_a11y_focus.png"))
    # the solve button's text
    fg, bg = page.evaluate(f"""() => {{ const s = getComputedStyle({W}.querySelector('.action-solve'));
        return [s.color, s.backgroundColor]; }}""")
    hi, lo = sorted((luminance(rgb(fg)), luminance(rgb(bg))), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 4.5, (fg, bg)


def test_the_bfs_slider_is_named_and_moves_with_the_keyboard(player):
    page = player
    slider = page.locator(".puzzle-bfs").get_by_role("slider", name="BFS depth")
    assert slider.count() == 1
    slider.focus()
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('.puzzle-bfs input[type=range]')"
                           ".getAttribute('aria-valuetext').startsWith('depth 3: ')", timeout=TIMEOUT)
    alt = page.locator(".puzzle-bfs img").first.get_attribute("alt")
    assert "with depth 3 highlighted" in alt, alt
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the slider shows no focus"


def test_axe_finds_no_wcag_violation_in_the_player_before_and_after_moves(player):
    """axe-core (WCAG 2.0/2.1 A and AA) on the whole Voila page: the players and the BFS explorer as the tests
    before left them (a game played, the slider moved), after a shuffle and three arrow-key moves, and after a swap (the unsolvable state)."""
    page = player
    report = []
    found = axe_violations(page)
    report += [axe_report(found, "before: ")] if found else []
    page.locator(".puzzle-widget .action-shuffle").first.click()
    page.wait_for_function(f"() => {W}.querySelector('.panel-moves').textContent.trim() === '0'", timeout=TIMEOUT)
    wait_live_says(page, "shuffled")             # the shuffle's own announcement, so the waits below don't lag one
    page.locator(".puzzle-widget .cell-0").first.focus()
    for key in ("ArrowLeft", "ArrowUp", "ArrowRight"):
        old = live(page)
        page.keyboard.press(key)
        wait_live(page, old)
    found = axe_violations(page)
    report += [axe_report(found, "after moves: ")] if found else []
    page.locator(".puzzle-widget .action-swap").first.click()
    assert "unsolvable" in wait_live_says(page, "unsolvable"), live(page)
    found = axe_violations(page)
    report += [axe_report(found, "after a swap: ")] if found else []
    assert not report, "axe-core found WCAG violations:\n" + "\n".join(report)
