"""Opening a lesson in JupyterLab leaves it clean: no "unsaved" dot, no "Save changes?" on closing it.

JupyterLab marks a notebook dirty on opening when the file differs from what it would save (metadata it
fills in, cell ids it adds, an nbformat minor version it raises). Each lesson is opened, left alone until
its kernel is idle and its widgets restored, and the dirty flag of its document model is read.
"""

from __future__ import annotations

import sys

import pytest

from .conftest import (CHROMIUM, ENABLE, NOTEBOOKS, ROOT, SCREENSHOTS, close_sessions, jupyter_server, lessons,
                       wait_for_idle_kernel)

if CHROMIUM is None:
    pytest.skip(f"browser tests skipped: no Chromium found; {ENABLE}", allow_module_level=True)
pytest.importorskip("playwright", reason="browser tests skipped: playwright is not installed "
                    "(make test installs it)")

TIMEOUT = 90_000  # ms
LESSONS = [p.name for p in lessons(NOTEBOOKS)]


@pytest.fixture(scope="module")
def lab_as_launched(tmp_path_factory):
    """JupyterLab on notebooks/ itself, with the environment make lab gives its server (launch.py's
    quiet_environment: the lessons read through scripts/lesson_contents.py), as (address, token).
    Afterwards no lesson has changed by a byte: nothing was rewritten to make them open clean."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import launch

    before = {path: path.read_bytes() for path in lessons(NOTEBOOKS)}
    yield from jupyter_server(tmp_path_factory, "jupyterlab", root=NOTEBOOKS, env=launch.quiet_environment())
    assert {path: path.read_bytes() for path in lessons(NOTEBOOKS)} == before, "a lesson was rewritten"


@pytest.fixture(scope="module")
def lab_page(browser, lab_as_launched):
    """One JupyterLab page for all the lessons, opened one after another as a lecturer does in one session
    (loading JupyterLab once, not once a lesson: the same check, in a third of the time)."""
    base, token = lab_as_launched
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{base}/lab?token={token}", timeout=TIMEOUT)
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.restored",
                           timeout=TIMEOUT)
    # the layout restored and the commands registered: only then does docmanager:open open a notebook
    page.evaluate("() => { window.jupyterapp.restored.then(() => { window.__labRestored = true; }); }")
    page.wait_for_function("() => window.__labRestored === true && "
                           "window.jupyterapp.commands.hasCommand('docmanager:open')", timeout=TIMEOUT)
    yield page
    context.close()


@pytest.mark.parametrize("name", LESSONS)
def test_opening_a_lesson_does_not_mark_it_unsaved(lab_page, lab_as_launched, name):
    base, token = lab_as_launched
    page = lab_page
    # the lesson before is closed without saving (it was checked clean) and its kernel shut down
    page.evaluate("""() => { for (const w of [...window.jupyterapp.shell.widgets('main')]) {
        if (w.context) w.context.model.dirty = false; w.dispose(); } }""")
    close_sessions(base, token)
    page.evaluate("name => { window.jupyterapp.commands.execute('docmanager:open', {path: name}); }", name)
    wait_for_idle_kernel(page, TIMEOUT, path=name)
    page.wait_for_timeout(1500)            # late changes: widget state, trust, the kernel's language info
    state = page.evaluate("""() => { const w = window.jupyterapp.shell.currentWidget;
        return {dirty: w.context.model.dirty, title: w.title.className, path: w.context.path}; }""")
    if state["dirty"]:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"dirty_on_open_{name}.png"))
    assert state["path"] == name and not state["dirty"], f"{name} opens marked unsaved: {state}"
