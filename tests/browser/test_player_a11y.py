"""The player with a keyboard and a screen reader, in Voila at 1024 x 768.

A keyboard-only game: Tab and Shift+Tab move between the controls and the tiles, Enter and Space press
them; no mouse. The route is a shortest path computed here from the board read off the page. After
each key the live region (role="status", aria-live="polite") must say what happened, and at the end
that the goal is reached. Then: every button and field of the player has a name, the blank is named
"blank", focus is visible, and the solve button's text has 4.5:1 contrast.
"""

from __future__ import annotations

import re

import pytest

from puzzlelib import Board, shortest_path

from .conftest import CHROMIUM, ENABLE, SCREENSHOTS

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


@pytest.fixture
def player(browser, voila_server):
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


def test_keyboard_only_game_from_shuffled_to_goal_is_announced(player):
    page = player
    page.locator("body").focus()
    tab_to(page, "action-shuffle")
    old = live(page)
    page.keyboard.press("Enter")
    said = wait_live(page, old)
    assert said.startswith("shuffled: a uniformly random solvable board; ") and "solvable" in said, said
    page.wait_for_function(f"() => {W}.querySelector('.panel-moves').textContent.trim() === '0'", timeout=TIMEOUT)
    board = Board([grid(page)[:COLS], grid(page)[COLS:]])
    path = shortest_path(board)
    assert len(path) > 1, "the shuffle landed on the goal"
    assert said.endswith(f"{len(path) - 1} move{'s' if len(path) > 2 else ''} from the goal"), said
    tab_to(page, "cell-0")
    for step, (here, there) in enumerate(zip(path, path[1:])):
        cell = there.tiles.index(0)            # the tile that moves is where the blank goes
        tile = here.tiles[cell]
        while focused_cell(page) != cell:      # walk the focus along the grid with Tab / Shift+Tab
            page.keyboard.press("Tab" if focused_cell(page) < cell else "Shift+Tab")
        name = page.evaluate("() => document.activeElement.textContent").strip()
        assert name == str(tile)
        old = live(page)
        page.keyboard.press("Enter" if step % 2 == 0 else "Space")
        said = wait_live(page, old)
        assert re.fullmatch(rf"slid {tile} (left|right|up|down); \d+ inversions?; solvable; "
                            r"(\d+ moves? from the goal|goal reached)", said), said
        assert live_attrs(page) == {"role": "status", "live": "polite"}     # still a live region
        assert grid(page) == list(there.tiles)
        if step == 1:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "player_a11y_after_moves.png"))
    assert said.endswith("; goal reached"), said
    # a refusal is announced too: the focused cell is now the blank
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
