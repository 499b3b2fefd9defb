"""A static slide deck in a real browser, offline: the arrow key moves on, the maths is typeset.

Builds one deck (03_solvability, which has maths) with scripts/build_slides.py into build/slides/,
opens it from disk (file://) with every other request aborted, and fails if any was attempted:
reveal.js and MathJax must come from the local copies next to the deck. The screenshot of a
slide with maths is build/screenshots/slide.png (1280 x 720).
"""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys

import pytest

from .conftest import CHROMIUM, ENABLE, ROOT, SCREENSHOTS

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")
for _module, _package in (("rise", "rise"), ("jupyter_server_mathjax", "jupyter-server-mathjax")):
    if importlib.util.find_spec(_module) is None:
        pytest.skip(f"slide tests skipped: {_package} (it ships the decks' local assets) is not installed; "
                    "pip install -e '.[slides]' (make setup does)", allow_module_level=True)

TIMEOUT = 60_000  # ms
NOTEBOOK = ROOT / "notebooks" / "03_solvability.ipynb"
OUT = ROOT / "build" / "slides"
DECK = OUT / "03_solvability.slides.html"


@pytest.fixture(scope="module")
def deck():
    """Build the deck of 03_solvability (executing the notebook); about 10 s."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_slides.py"), "--out", str(OUT),
                           str(NOTEBOOK)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"build_slides.py failed:\n{done.stdout}\n{done.stderr}"
    assert DECK.exists() and (OUT / "index.html").exists()
    return DECK


def test_the_deck_leaves_out_checks_and_solutions_and_links_nothing_remote(deck):
    body = deck.read_text(encoding="utf-8")
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    hidden = [c for c in nb["cells"] if {"check", "solution"} & set(c.get("metadata", {}).get("tags", []))]
    assert hidden, "03_solvability has solution cells: the test needs some"
    assert "Solution to exercise" not in body
    assert not re.findall(r'(?:src|href)="(?:https?:)?//', body), "the deck links something on the network"
    assert 'href="03_solvability.slides.html"' in (OUT / "index.html").read_text(encoding="utf-8")
    assert not re.findall(r'href="[^"]*\.ipynb', body), "a link in the deck points at a notebook file"
    assert body.count("<img") >= 3, "the deck lost its figures"
    assert "plt.subplots" not in body, "a figure's drawing code is on a slide: the slide should show the figure"
    assert 'href="04_sufficiency_and_two_components.slides.html"' in body, "the link onwards opens the next deck"
    assert (OUT / "reveal.js" / "LICENSE").exists() and (OUT / "mathjax" / "LICENSE").exists()


def test_arrow_right_moves_on_and_the_maths_is_typeset_offline(browser, deck):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    remote, errors = [], []

    def route(r):
        if r.request.url.startswith(("file:", "data:", "about:", "blob:")):   # about:blank: MathJax's font probe
            r.continue_()
        else:
            remote.append(r.request.url)
            r.abort()

    page.route("**/*", route)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(deck.as_uri(), timeout=TIMEOUT)
        page.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=TIMEOUT)
        # MathJax is done when its queue is empty and it has typeset something
        page.wait_for_function("""() => window.MathJax && MathJax.Hub && MathJax.Hub.queue
            && MathJax.Hub.queue.pending === 0 && !MathJax.Hub.queue.running
            && document.querySelectorAll('.MathJax, .MathJax_Display').length > 0""", timeout=TIMEOUT)

        before = page.evaluate("() => Reveal.getIndices()")
        first = page.evaluate("() => document.querySelector('section.present').textContent.slice(0, 80)")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("h => Reveal.getIndices().h !== h", arg=before["h"], timeout=TIMEOUT)
        after = page.evaluate("() => document.querySelector('section.present').textContent.slice(0, 80)")
        assert after != first, "ArrowRight did not change the slide on screen"

        # every piece of TeX became MathJax output: no raw $...$ is left in the rendered text
        raw = page.evaluate(r"""() => [...document.querySelectorAll('.jp-RenderedMarkdown')]
            .map(e => e.innerText).filter(t => /\$[^$\s][^$]*\$/.test(t))""")
        assert raw == [], f"untypeset maths: {raw[:2]}"
        assert page.evaluate("() => document.querySelectorAll('.MathJax_Error, .mjx-merror').length") == 0

        # go to the first slide with maths, and check the maths is visible there
        h, v = page.evaluate("""() => {
            const math = document.querySelector('.reveal .slides .MathJax');
            let s = math.closest('section');
            const indices = Reveal.getIndices(s);
            return [indices.h, indices.v || 0]; }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        page.wait_for_function("() => document.querySelector('section.present .MathJax')", timeout=TIMEOUT)
        page.wait_for_timeout(500)                      # the re-render after the slide change
        # a long slide scrolls: bring the maths into view, then it must be on screen and on top
        seen = page.evaluate("""() => { const m = document.querySelector('section.present .MathJax');
            m.scrollIntoView({block: 'center'});
            const r = m.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {w: r.width, h: r.height, x, y, onTop: !!hit && m.contains(hit)}; }""")
        assert seen["w"] > 5 and seen["h"] > 5 and 0 <= seen["x"] <= 1280 and 0 <= seen["y"] <= 720, seen
        assert seen["onTop"], f"the maths is covered or clipped: {seen}"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "slide.png"))
        box = page.evaluate("""() => { const r = document.querySelector('section.present').getBoundingClientRect();
            return {left: r.left, right: r.right, width: r.width}; }""")
        assert box["left"] >= 0 and box["right"] <= 1280, f"the slide is cut off at the sides: {box}"
    finally:
        context.close()
    assert remote == [], f"the deck tried to load from the network: {remote}"
    assert errors == [], f"JavaScript errors: {errors}"
