"""No request leaves the machine: the player (Voila, as ``make app`` serves it) and JupyterLab with a lesson.

The browser context answers only the local server (and data:, blob:, about: addresses); every other
request is refused and listed, and the test fails on any. Console errors about loading (a font, a
style sheet) fail it too. The decks and the site have the same check in test_slides_browser.py and
test_site_browser.py.
"""

from __future__ import annotations

import os
import secrets
import sys

import pytest

from .conftest import (CHROMIUM, ENABLE, NOTEBOOKS, ROOT, SCREENSHOTS, close_sessions, free_port, run_all_cells,
                       start, stop, wait_for)

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")

TIMEOUT = 90_000  # ms
LOCAL = ("data:", "blob:", "about:")


def watched(browser, base: str):
    """A 1024 x 768 context that answers only ``base``; returns (context, refused urls, console errors)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    outside: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith((base + "/", *LOCAL)):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)
    context.on("page", lambda page: page.on(
        "console", lambda m: errors.append(m.text) if m.type == "error" else None))
    return context, outside, errors


LOADING = ("font", "stylesheet", "net::", "Failed to load resource", "downloadable")


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    """The player as ``make app`` serves it (scripts/launch.py's Voila command), as (address, token)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import launch

    home = tmp_path_factory.mktemp("app")
    env = launch.quiet_environment()
    env.update(JUPYTER_RUNTIME_DIR=str(home / "runtime"))
    port, token = free_port(), secrets.token_hex(16)
    env["TOKEN"] = token
    cmd, _ = launch.command("app", "127.0.0.1", port, token, open_browser=False)
    proc = start(cmd, env, home / "voila.log")
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/voila/static/", proc)
        yield base, token
    finally:
        stop(proc)


def test_the_player_page_asks_nothing_of_the_network(browser, app_server):
    base, token = app_server
    context, outside, errors = watched(browser, base)
    try:
        page = context.new_page()
        page.goto(f"{base}/?token={token}", timeout=TIMEOUT)
        page.wait_for_selector(".puzzle-widget .puzzle-tile", timeout=TIMEOUT)
        page.locator(".puzzle-widget").first.locator(".action-presentation").click()
        page.wait_for_timeout(2000)                   # late loads: fonts, icons
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "offline_player.png"))
    finally:
        context.close()
    assert not outside, f"the player page asked the network for: {outside}"
    loading = [e for e in errors if any(w in e for w in LOADING)]
    assert not loading, f"the player page logged loading errors: {loading}"


def test_jupyterlab_with_the_player_running_asks_nothing_of_the_network(browser, lab_server):
    base, token = lab_server
    close_sessions(base, token)
    context, outside, errors = watched(browser, base)
    try:
        page = context.new_page()
        page.goto(f"{base}/lab/tree/06_play.ipynb?token={token}", timeout=TIMEOUT)
        run_all_cells(page, TIMEOUT)
        page.wait_for_selector(".puzzle-widget .puzzle-tile", timeout=TIMEOUT)
        page.wait_for_timeout(2000)
    finally:
        context.close()
    assert not outside, f"JupyterLab asked the network for: {outside}"
    loading = [e for e in errors if any(w in e for w in LOADING)]
    assert not loading, f"JupyterLab logged loading errors: {loading}"
