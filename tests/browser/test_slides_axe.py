"""axe-core on every slide of every deck: in a file of its own, so that make test's workers run it beside the
fit checks of test_slides_browser.py (the decks are built once a run, whichever file asks first)."""

from __future__ import annotations

import pytest

from .conftest import CHROMIUM, ENABLE, axe_report, axe_violations

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)

from .test_slides_browser import decks, slide_fit  # noqa: E402, F401  (decks: the fixture; skips as that file does)


def test_axe_finds_no_wcag_violation_on_any_slide(browser, decks):
    """axe-core (WCAG 2.0/2.1 A and AA) on every slide of every deck at 1024 x 768, each with all its
    fragments shown, then on the whole page once per deck (controls, progress bar, slide number)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768})
    report, slides = [], 0
    try:
        for deck in decks:
            page = context.new_page()
            slide_fit.open_deck(page, deck)
            for h, v, fragments in page.evaluate(slide_fit.STEPS):
                page.evaluate("([h, v, f]) => Reveal.slide(h, v, f)", [h, v, fragments - 1])
                assert page.evaluate(slide_fit.SETTLED), f"{deck.name} slide {h + 1}.{v + 1} never settled"
                found = axe_violations(page, ".reveal .slides section.present")
                report += [axe_report(found, f"{deck.name} slide {h + 1}.{v + 1}: ")] if found else []
                slides += 1
            found = axe_violations(page)
            report += [axe_report(found, f"{deck.name} (whole page): ")] if found else []
            page.close()
    finally:
        context.close()
    assert slides >= 150, f"only {slides} slides were checked"
    assert not report, "axe-core found WCAG violations:\n" + "\n".join(report)
