"""The slide decks in a real browser, offline, as a lecturer projects them.

Builds every deck with scripts/build_slides.py into build/slides/ (executing the lesson notebooks),
opens them from disk (file://) with every other request aborted, and checks what the room sees:

* every slide and every fragment state of every deck fits the slide at 1024 x 768 and 1280 x 720,
  with body text of 18 px or more on screen, code of 16 px or more and figure text of 16 px or more
  (tests/browser/slide_fit.py measures; nothing scrolls, nothing is cut to pass);
* the arrow key moves on and the maths is typeset, with nothing loaded from the network;
* axe-core finds no WCAG 2.1 A or AA violation on any slide (in the same pass as the fit check);
* S opens the speaker view offline, with the notes of the slide you are on, that slide and the next;
* the measurement fails on a deck made not to fit.

Screenshots: build/screenshots/slide.png (a whole slide at 1280 x 720) and speaker_view.png.
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
import subprocess
import sys
import time

import nbformat
import pytest

from .conftest import CHROMIUM, ENABLE, ROOT, SCREENSHOTS, axe_report, axe_violations, lessons, once_per_run, poor_alt

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")
for _module, _package in (("rise", "rise"), ("jupyter_server_mathjax", "jupyter-server-mathjax")):
    if importlib.util.find_spec(_module) is None:
        pytest.skip(f"slide tests skipped: {_package} (it ships the decks' local assets) is not installed; "
                    "pip install -e '.[slides]' (make setup does)", allow_module_level=True)

from . import slide_fit  # noqa: E402  (imports nothing from playwright at module level)

TIMEOUT = 60_000  # ms
NOTEBOOKS = ROOT / "notebooks"
LESSONS = lessons(NOTEBOOKS, "0[0-8]_*.ipynb")
OUT = ROOT / "build" / "slides"
DECK = OUT / "03_solvability.slides.html"


def build(out, *notebooks):
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_slides.py"), "--out", str(out),
                           *map(str, notebooks)], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, f"build_slides.py failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def decks():
    """Build every deck (executing notebooks 00-08; about a minute and a half), once in a test run: every
    test of this file uses them."""
    with once_per_run("slides") as build_state:
        if not build_state.done:
            for old in OUT.glob("*.slides.html"):
                old.unlink()
            print(build(OUT))
    return sorted(OUT.glob("*.slides.html"))


def alt_of(tag: str) -> str | None:
    """The alt attribute of an <img> tag as HTML source, unescaped; None if it has none."""
    found = re.search(r"""\salt=(?:"([^"]*)"|'([^']*)')""", tag)
    return None if found is None else html.unescape(found[1] if found[1] is not None else found[2])


def offline(context, remote: list[str]) -> None:
    def route(r):
        if r.request.url.startswith(("file:", "data:", "about:", "blob:")):   # about:blank: MathJax's font probe
            r.continue_()
        else:
            remote.append(r.request.url)
            r.abort()
    context.route("**/*", route)


def test_one_deck_per_lesson_and_none_for_the_appendix(decks):
    assert [d.name.split(".")[0] for d in decks] == [p.stem for p in LESSONS]
    index = (OUT / "index.html").read_text(encoding="utf-8")
    assert all(f'href="{d.name}"' in index for d in decks) and "09_claims_checked.slides" not in index


def test_the_deck_leaves_out_checks_and_solutions_and_links_nothing_remote(decks):
    body = DECK.read_text(encoding="utf-8")
    nb = json.loads((NOTEBOOKS / "03_solvability.ipynb").read_text(encoding="utf-8"))
    hidden = [c for c in nb["cells"] if {"check", "solution"} & set(c.get("metadata", {}).get("tags", []))]
    assert hidden, "03_solvability has solution cells: the test needs some"
    assert "Solution to exercise" not in body
    for deck in decks:
        text = deck.read_text(encoding="utf-8")
        assert not re.findall(r'(?:src|href)="(?:https?:)?//', text), f"{deck.name} links something on the network"
        assert not re.findall(r'href="[^"]*\.ipynb', text), f"a link in {deck.name} points at a notebook file"
        for drawing in ("plt.subplots", "fig, ax", ".annotate(", "set_title("):
            assert drawing not in text, f"{deck.name}: drawing code ({drawing}) is on a slide"
    assert body.count("<img") >= 3, "the deck lost its figures"
    poor = [f"{deck.name}: {why}" for deck in decks for tag in re.findall(r"<img\b[^>]*>", deck.read_text("utf-8"))
            if (why := poor_alt(alt_of(tag)))]
    assert not poor, f"{len(poor)} figures in the decks without a real alt text:\n" + "\n".join(poor[:20])
    assert body.count('<aside class="notes">') >= 5, "03's explanations should be in the speaker notes"
    assert 'href="04_sufficiency_and_two_components.slides.html"' in body, "the link onwards opens the next deck"
    assert (OUT / "reveal.js" / "LICENSE").exists() and (OUT / "mathjax" / "LICENSE").exists()


def test_every_slide_and_fragment_fits_the_screen_with_readable_text_and_passes_axe(browser, decks):
    """Every step of every deck at both projector sizes, 1024 x 768 and 1280 x 720 (each step shown once
    and measured at both: slide_fit.measure_sizes). Then axe-core (WCAG 2.0/2.1 A and AA) on the whole page
    as presented (controls, progress bar, slide number), and on every slide of the deck at once, each
    with all its fragments shown (slide_fit.axe_on_all_slides)."""
    width, height = slide_fit.SIZES[0]
    context = browser.new_context(viewport={"width": width, "height": height})
    remote, found, summary, axe, axed = [], [], [], [], 0
    offline(context, remote)
    try:
        for deck in decks:
            page = context.new_page()
            slide_fit.open_deck(page, deck)
            by_size = slide_fit.measure_sizes(page, deck, slide_fit.SIZES)
            violations = axe_violations(page)
            axe.extend([axe_report(violations, f"{deck.name} (whole page): ")] if violations else [])
            violations, slides = slide_fit.axe_on_all_slides(page)
            axe.extend([axe_report(violations, f"{deck.name} (its slides): ")] if violations else [])
            axed += slides
            page.close()
            for (w, h), steps in by_size.items():
                assert len({(s.h, s.v) for s in steps}) >= 4, f"{deck.name}: too few slides to be a lecture"
                assert slides == len({(s.h, s.v) for s in steps}), f"{deck.name}: axe saw {slides} slides"
                found += [f"at {w}x{h}: {problem}" for problem in slide_fit.problems(steps)]
                summary.append(f"{deck.name} at {w}x{h}: {len({(s.h, s.v) for s in steps})} slides, tallest "
                               f"{max(s.bottom_fraction for s in steps):.2f}, body {min(s.body for s in steps):.1f} px, "
                               f"code {min(s.code for s in steps):.1f} px, figures "
                               f"{min(s.figure_text for s in steps):.1f} px")
    finally:
        context.close()
    print("\n".join(summary))
    assert set(slide_fit.SIZES) == {(1024, 768), (1280, 720)}
    assert not found, f"{len(found)} problems:\n" + "\n".join(found[:40])
    assert remote == [], f"a deck tried to load from the network: {remote[:5]}"
    assert axed >= 150, f"axe-core checked only {axed} slides"
    assert not axe, "axe-core found WCAG violations:\n" + "\n".join(axe)


def test_arrow_right_moves_on_and_the_maths_is_typeset_offline(browser, decks):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    remote, errors = [], []
    offline(context, remote)
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    # console errors too, such as a font the deck fails to load (MathJax's stand-in font used to)
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    try:
        slide_fit.open_deck(page, DECK)
        page.wait_for_function("() => document.querySelectorAll('.MathJax, .MathJax_Display').length > 0",
                               timeout=TIMEOUT)
        before = page.evaluate("() => Reveal.getIndices()")
        first = page.evaluate("() => Reveal.getCurrentSlide().textContent.slice(0, 80)")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("h => Reveal.getIndices().h !== h", arg=before["h"], timeout=TIMEOUT)
        after = page.evaluate("() => Reveal.getCurrentSlide().textContent.slice(0, 80)")
        assert after != first, "ArrowRight did not change the slide on screen"

        # every piece of TeX became MathJax output: no raw $...$ is left in the rendered text
        raw = page.evaluate(r"""() => [...document.querySelectorAll('.jp-RenderedMarkdown')]
            .map(e => e.innerText).filter(t => /\$[^$\s][^$]*\$/.test(t))""")
        assert raw == [], f"untypeset maths: {raw[:2]}"
        assert page.evaluate("() => document.querySelectorAll('.MathJax_Error, .mjx-merror').length") == 0
        # a screen reader reads each formula: MathJax puts its MathML beside it (the AssistiveMML extension)
        spoken = page.evaluate("""() => [...document.querySelectorAll('.MathJax')].map(m =>
            !!(m.querySelector('.MJX_Assistive_MathML math') || (m.nextElementSibling || {}).className === 'MJX_Assistive_MathML'))""")
        assert spoken and all(spoken), f"{spoken.count(False)} of {len(spoken)} formulas have no MathML for screen readers"

        # the first slide with maths on it (not in its notes): the maths is on screen and on top
        h, v = page.evaluate("""() => {
            const math = [...document.querySelectorAll('.reveal .slides .MathJax')]
                .find(m => !m.closest('aside.notes'));
            const indices = Reveal.getIndices(math.closest('section'));
            return [indices.h, indices.v || 0]; }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v, 99)", [h, v])
        page.wait_for_timeout(500)                      # the re-render after the slide change
        seen = page.evaluate("""() => { const m = [...Reveal.getCurrentSlide().querySelectorAll('.MathJax')]
                .find(m => !m.closest('aside.notes'));
            const r = m.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
            const hit = document.elementFromPoint(x, y);
            return {w: r.width, h: r.height, x, y, onTop: !!hit && m.contains(hit)}; }""")
        assert seen["w"] > 5 and seen["h"] > 5 and 0 <= seen["x"] <= 1280 and 0 <= seen["y"] <= 720, seen
        assert seen["onTop"], f"the maths is covered or clipped: {seen}"
    finally:
        context.close()
    assert remote == [], f"the deck tried to load from the network: {remote}"
    assert errors == [], f"JavaScript or console errors: {errors}"


def test_the_readme_picture_is_a_whole_slide_with_a_figure(browser, decks):
    """build/screenshots/slide.png: the first slide of 04 with a heading, a statement and a figure, whole, at 1280 x 720."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    remote = []
    offline(context, remote)
    page = context.new_page()
    try:
        slide_fit.open_deck(page, OUT / "04_sufficiency_and_two_components.slides.html")
        h, v = page.evaluate("""() => { const img = [...document.querySelectorAll('.reveal .slides img')]
                .find(i => i.naturalWidth > 400 && i.closest('section').querySelector('h2')
                      && i.closest('section').querySelector('blockquote, em'));
            const s = Reveal.getIndices(img.closest('section')); return [s.h, s.v || 0]; }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v, 99)", [h, v])
        page.wait_for_timeout(300)
        step = slide_fit._step(page, "04", h, v, 99)
        assert not step.overflow and step.figure_text >= slide_fit.CODE_PX, step
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / "slide.png"))
    finally:
        context.close()
    assert remote == []


def test_s_opens_the_speaker_view_with_the_notes_of_the_current_slide(browser, decks):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    remote, errors = [], []
    offline(context, remote)
    page = context.new_page()
    try:
        slide_fit.open_deck(page, DECK)
        # go to the third slide that has notes, so the view must follow the deck, not show the first
        h, v, notes = page.evaluate("""() => {
            const withNotes = [...document.querySelectorAll('.reveal .slides section')]
                .filter(s => !s.querySelector(':scope > section') && s.querySelector(':scope aside.notes'));
            const s = withNotes[2], i = Reveal.getIndices(s);
            return [i.h, i.v || 0, s.querySelector('aside.notes').textContent.trim()]; }""")
        page.evaluate("([h, v]) => Reveal.slide(h, v)", [h, v])
        with page.expect_popup(timeout=TIMEOUT) as popup:
            page.keyboard.press("s")
        view = popup.value
        view.on("pageerror", lambda e: errors.append(str(e)))
        view.wait_for_load_state()
        view.wait_for_function("() => { const n = document.querySelector('.speaker-controls-notes');"
                               " return n && !n.classList.contains('hidden') && n.textContent.trim().length > 20; }",
                               timeout=TIMEOUT)
        shown = view.evaluate("() => document.querySelector('.speaker-controls-notes .value').textContent")
        words = " ".join(notes.split())[:60]
        assert words in " ".join(shown.split()), f"the speaker view shows other notes: {shown[:120]!r}"
        # the current slide and the next one are shown beside the notes, at the slide the deck is on
        # (file:// pages are cross-origin to each other: read the frames through Playwright)
        def indices(which: str) -> dict:
            frame = view.wait_for_selector(f"#{which}-slide iframe", timeout=TIMEOUT).content_frame()
            frame.wait_for_function("() => window.Reveal && Reveal.isReady()", timeout=TIMEOUT)
            return frame.evaluate("() => Reveal.getIndices()")

        deadline = time.time() + 30
        while indices("current")["h"] != h and time.time() < deadline:
            view.wait_for_timeout(200)
        assert (indices("current")["h"], indices("current")["v"] or 0) == (h, v)
        upcoming = indices("upcoming")
        deadline = time.time() + 30          # the upcoming frame follows a moment after the current one
        nudged = time.time()
        while (upcoming["h"], upcoming["v"] or 0) <= (h, v) and time.time() < deadline:
            view.wait_for_timeout(200)
            upcoming = indices("upcoming")
            if time.time() - nudged > 5:
                # under load the upcoming frame can miss the deck's first message (it was still loading); a
                # step on and back sends the state again, as any key press in the deck would
                page.evaluate("([h, v]) => { Reveal.next(); Reveal.slide(h, v); }", [h, v])
                nudged = time.time()
        assert (upcoming["h"], upcoming["v"] or 0) > (h, v), f"the next slide is not the one after: {upcoming}"
        view.set_viewport_size({"width": 1280, "height": 720})
        view.wait_for_timeout(500)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        view.screenshot(path=str(SCREENSHOTS / "speaker_view.png"))
        # moving on in the deck moves the speaker view on
        page.bring_to_front()
        page.keyboard.press("ArrowRight")
        deadline = time.time() + 30
        while (indices("current")["h"], indices("current")["v"] or 0) == (h, v) and time.time() < deadline:
            view.wait_for_timeout(200)
        assert (indices("current")["h"], indices("current")["v"] or 0) != (h, v), "the speaker view did not follow"
    finally:
        context.close()
    assert remote == [], f"the speaker view tried to load from the network: {remote}"
    assert errors == [], f"JavaScript errors in the speaker view: {errors}"


def test_the_fit_check_fails_on_a_slide_that_does_not_fit(browser, tmp_path):
    """A deck made to fail: a slide of 60 lines, a line of small print, and a figure shrunk to a third."""
    nb = nbformat.v4.new_notebook()
    figure = nbformat.v4.new_code_cell("import matplotlib.pyplot as plt\nfig, ax = plt.subplots(figsize=(5, 3))\n"
                                       "ax.set_title('a title in 12 pt', fontsize=12)\nax.plot([0, 1], [1, 0]);")
    figure.metadata["slides"] = {"figure_scale": 0.35}
    nb.cells = [nbformat.v4.new_markdown_cell("# Too much"),
                nbformat.v4.new_markdown_cell("\n\n".join(f"Line {i} of a slide." for i in range(60))),
                nbformat.v4.new_markdown_cell("## Small print"),
                nbformat.v4.new_markdown_cell('<span style="font-size: 11px">the small print</span> '
                                              '<span style="color: #ddd">and faint grey text</span>'),
                nbformat.v4.new_markdown_cell("## A shrunk figure"), figure]
    for cell in nb.cells[1::2][:2]:
        cell.metadata["tags"] = ["on-slide"]
    path = tmp_path / "toomuch.ipynb"
    nbformat.write(nb, path)
    build(tmp_path / "slides", path)
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    offline(context, [])
    page = context.new_page()
    try:
        slide_fit.open_deck(page, tmp_path / "slides" / "toomuch.slides.html")
        deck = tmp_path / "slides" / "toomuch.slides.html"
        found = "\n".join(slide_fit.problems(slide_fit.measure(page, deck)))
        # the two-size pass of the test above finds the same, at each size
        both = slide_fit.measure_sizes(page, deck, slide_fit.SIZES)
        # and its axe-core check of all the slides at once sees the faint text on slide 2, and only there
        violations, slides = slide_fit.axe_on_all_slides(page)
        faint = [n["target"] for v in violations for n in v["nodes"]]
        ids = sorted({v["id"] for v in violations})
        second = page.evaluate("t => document.querySelector(t).closest('.reveal .slides > section') === "
                               "document.querySelectorAll('.reveal .slides > section')[1]", faint[0]) if faint else None
    finally:
        context.close()
    assert ids == ["color-contrast"] and len(faint) == 1 and second, (ids, faint)
    assert slides == 3, slides
    for size, steps in both.items():
        text = "\n".join(slide_fit.problems(steps))
        assert re.search(r"slide 1\.1 \('Too much'\): overflows the slide by \{'bottom': \d", text), (size, text)
        assert re.search(r"slide 2\.1 .*body text 1[01]\.\d px", text), (size, text)
    assert re.search(r"slide 1\.1 \('Too much'\): overflows the slide by \{'bottom': \d", found), found
    assert re.search(r"slide 2\.1 .*body text 1[01]\.\d px", found), found
    assert re.search(r"slide 3\.1 .*figure text \d+\.\d px on screen, under 16", found), found
