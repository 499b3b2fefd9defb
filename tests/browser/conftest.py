"""Servers and a browser for the real-browser tests: JupyterLab and Voila on 127.0.0.1, Debian's Chromium.

Playwright cannot download its own browser here, so the tests drive the system
Chromium through ``executable_path``. Without Chromium they are skipped with a
message saying how to enable them (the skip is in the test module: a conftest
cannot skip).
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SCREENSHOTS = ROOT / "build" / "screenshots"
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402  (the notebooks by name: NN_name.ipynb, never a scratch one)
from executed import file_lock  # noqa: E402  (one lock for the builds the test processes share)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ENABLE = "install Chromium to enable them: sudo apt-get install -y chromium fonts-dejavu-core"

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
"""axe-core's tags for the WCAG 2.0 and 2.1 rules at levels A and AA."""


def axe_script() -> str:
    """axe-core's JavaScript, as the axe-playwright-python package bundles it (no network needed)."""
    from importlib.resources import files

    return (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")


def axe_violations(page, context: str | None = None, exclude: list[str] | tuple = (),
                   unfinished: tuple = ()) -> list[dict]:
    """Run axe-core on ``page`` (or on the elements that match the CSS selector ``context``) with the
    WCAG 2.0/2.1 A and AA rules, and return its violations: one dict per rule, with the failing nodes.
    ``exclude`` lists CSS selectors of parts that are not ours (JupyterLab's own interface). A rule named
    in ``unfinished`` that axe could not finish on some node (its "incomplete" result, such as a contrast
    whose background it could not find) counts as a violation too, with the id ``RULE (unfinished)``."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_script())
    target = {"include": [[context]] if context else [["html"]], "exclude": [[sel] for sel in exclude]}
    result = page.evaluate("""async ([target, tags, unfinished]) => {
        const r = await axe.run(target, {runOnly: {type: "tag", values: tags},
                                         resultTypes: unfinished.length ? ["violations", "incomplete"] : ["violations"],
                                         preload: false});
        const shown = (v, suffix) => ({id: v.id + suffix, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => ({target: n.target.join(" "), html: n.html.slice(0, 200),
                                      summary: n.failureSummary || n.any.map(a => a.message).join("; ")}))});
        return [...r.violations.map(v => shown(v, "")),
                ...r.incomplete.filter(v => unfinished.includes(v.id)).map(v => ({...v, nodes: v.nodes.filter(
                    // what axe never judges alone, and is no gap in the check: a text of one or two characters
                    // ("1"), a maths glyph (MathJax's h), an element that only overlaps another in part
                    n => !n.any.some(a => a.data && ["shortTextContent", "nonBmp", "elmPartiallyObscuring"].includes(a.data.messageKey)))}))
                    .filter(v => v.nodes.length).map(v => shown(v, " (unfinished)"))];
    }""", [target, WCAG_TAGS, list(unfinished)])
    return result


def axe_report(violations: list[dict], where: str = "") -> str:
    """A short text of axe violations by rule, for a failing assert."""
    lines = []
    for v in violations:
        lines.append(f"{where}{v['id']} ({v['impact']}, {len(v['nodes'])} node(s)): {v['help']}")
        for n in v["nodes"][:3]:
            lines.append(f"    {n['target']}: {n['html'][:120]}")
            lines.append(f"      {(n['summary'] or '').splitlines()[-1][:200] if n['summary'] else ''}")
    return "\n".join(lines)


GENERIC_ALT = {"", "image", "figure", "chart", "plot", "graph", "picture", "png", "img", "photo",
               "no description has been provided for this image"}


def poor_alt(alt: str | None) -> str | None:
    """Why ``alt`` is not a real alt text (None when it is): missing, empty, a file name or a generic word."""
    if alt is None:
        return "no alt attribute"
    text = " ".join(alt.split()).lower()
    if text.rstrip(".") in GENERIC_ALT:
        return f"a generic alt text ({alt!r})"
    if re.fullmatch(r"[\w./-]*\.(png|jpe?g|svg|gif)|_images/.*|data:.*", text):
        return f"a file name as alt text ({alt[:60]!r})"
    if len(text.split()) < 3:
        return f"too short to say what it shows ({alt!r})"
    return None


def close_sessions(base: str, token: str) -> None:
    """Shut down every kernel session of a Jupyter server (its REST API).

    A test that opens a notebook then gets a fresh kernel, as a lecturer who opens it does, instead of
    re-attaching to the kernel of the test before and restoring its hundreds of old widgets first.
    """
    headers = {"Authorization": f"token {token}"}
    with urllib.request.urlopen(urllib.request.Request(f"{base}/api/sessions", headers=headers),
                                timeout=30) as answer:
        sessions = json.load(answer)
    for session in sessions:
        request = urllib.request.Request(f"{base}/api/sessions/{session['id']}", headers=headers,
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=60).close()


def run_command(page, command: str) -> None:
    """Start a JupyterLab / Notebook 7 command and return at once.

    ``page.evaluate`` waits for a returned promise and has no time limit of its own, so a command whose
    promise never settles (Run All while a kernel restarts, a slideshow window) would hang the test run
    for good. The caller waits for what the command should show, with a timeout.
    """
    page.evaluate("name => { window.jupyterapp.commands.execute(name); }", command)


def wait_for_idle_kernel(page, timeout_ms: float, path: str | None = None) -> None:
    """Wait until the open notebook (the one at ``path``, if given) is loaded and its kernel is
    connected and idle."""
    page.wait_for_function(
        """path => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                     const s = w && w.sessionContext;
                     const k = s && s.isReady && s.session && s.session.kernel;
                     return !!(w && w.context && w.context.isReady && w.content && w.content.widgets.length > 0
                               && (path === null || w.context.path === path)
                               && k && k.connectionStatus === 'connected' && k.status === 'idle'); }""",
        arg=path, timeout=timeout_ms)


CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
    .filter(c => c.model.type === 'code')"""
ALL_RUN = f"() => ({CELLS})().every(c => c.model.executionCount !== null)"
CELL_STATES = f"""() => {{ const s = window.jupyterapp.shell.currentWidget.sessionContext;
    const k = s.session && s.session.kernel;
    return {{kernel: k && [k.status, k.connectionStatus],
             cells: ({CELLS})().map(c => [c.model.executionCount, c.promptNode && c.promptNode.textContent,
                                          c.model.outputs.length])}}; }}"""


def run_all_cells(page, timeout_ms: float, tries: int = 2) -> None:
    """Run All through the app's command registry (Lab 4 and Notebook 7) and wait until every code cell
    has run, so that a test clicks a widget only once the kernel has stopped re-making it.

    On a machine with a cold disk cache, JupyterLab now and then loses one cell's reply: that cell shows
    "[*]" for ever while the kernel is idle and every later cell has run (seen on 06's demo cell, about
    one run in five, with a fresh kernel too). Then Run All is sent once more, up to ``tries`` times in
    all; if the cells still have not all run, the error shows each cell's count, prompt and outputs.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries):
        wait_for_idle_kernel(page, timeout_ms)
        run_command(page, "notebook:run-all-cells")
        try:
            page.wait_for_function(ALL_RUN, timeout=timeout_ms)
            return
        except PlaywrightTimeout:
            states = page.evaluate(CELL_STATES)
    raise AssertionError(f"Run All did not finish in {tries} tries: {states}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(url: str, proc: subprocess.Popen, seconds: float = 60) -> None:
    """Poll ``url`` until the server answers at all (any HTTP status counts as up)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"server at {url} did not answer within {seconds} s")


def start(cmd: list[str], env: dict, log: Path) -> subprocess.Popen:
    return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log.open("w"), stderr=subprocess.STDOUT)


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    yield pg
    context.close()


def jupyter_server(tmp_path_factory, app: str, root: Path = NOTEBOOKS, env: dict | None = None):
    """A Jupyter app ("jupyterlab" or "notebook") serving ``root``, with fresh settings, on a free port with a
    random token; ``env`` (default: this process's) is the environment it starts from."""
    home = tmp_path_factory.mktemp(app)
    env = dict(os.environ if env is None else env)
    for name in ("JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "JUPYTERLAB_SETTINGS_DIR",
                 "JUPYTERLAB_WORKSPACES_DIR"):
        env[name] = str(home / name.lower())
        Path(env[name]).mkdir()
    notify = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "apputils-extension"
    notify.mkdir(parents=True)
    (notify / "notification.jupyterlab-settings").write_text(json.dumps({"fetchNews": "false"}))
    # The tests open the real notebooks: never save them back (a save rewrites their metadata)
    docmanager = Path(env["JUPYTERLAB_SETTINGS_DIR"]) / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    port, token = free_port(), secrets.token_hex(16)
    extra = (["--LabApp.news_url=None", "--LabApp.expose_app_in_browser=True"] if app == "jupyterlab"
             else ["--JupyterNotebookApp.expose_app_in_browser=True"])
    proc = start([sys.executable, "-m", app, "--no-browser", "--allow-root", "--ip=127.0.0.1",
                  f"--port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
                  *extra], env, home / f"{app}.log")
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for(f"{base}/api/status?token={token}", proc)
        yield base, token
    finally:
        stop(proc)


@pytest.fixture(scope="session")
def lab_server(tmp_path_factory):
    """JupyterLab 4."""
    yield from jupyter_server(tmp_path_factory, "jupyterlab")


@pytest.fixture(scope="session")
def lab_copy_server(tmp_path_factory):
    """JupyterLab 4 on a copy of notebooks/, as (address, token, the copy's folder): for tests that save a
    notebook (jupyterlab-rise saves before it shows the slides), so the real notebooks are never rewritten."""
    copy = tmp_path_factory.mktemp("notebooks-copy") / "notebooks"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for base, token in jupyter_server(tmp_path_factory, "jupyterlab", root=copy):
        yield base, token, copy


@pytest.fixture(scope="session")
def notebook_server(tmp_path_factory):
    """Jupyter Notebook 7."""
    yield from jupyter_server(tmp_path_factory, "notebook")


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """The player (06_play.ipynb) as ``make app`` serves it: scripts/launch.py's Voila command and
    environment, on a free port with a random token; (address, token)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    import launch
    home = tmp_path_factory.mktemp("voila")
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


LOCAL = ("data:", "blob:", "about:")
LOADING = ("font", "stylesheet", "net::", "Failed to load resource", "downloadable")
"""Console errors that mean something failed to load (a font, a style sheet)."""


@pytest.fixture
def offline_page(browser):
    """A page (1400 x 1000) whose context answers only 127.0.0.1 (and data:, blob:, about: addresses): every
    other request is refused and listed in ``page.outside``; console errors go to ``page.errors``."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    outside: list[str] = []
    errors: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("http://127.0.0.1:", *LOCAL)):
            r.continue_()
        else:
            outside.append(url)
            r.abort()

    context.route("**/*", route)
    pg = context.new_page()
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.outside, pg.errors = outside, errors
    yield pg
    context.close()


def assert_offline(page, what: str) -> None:
    """No request of ``page`` left the machine and nothing failed to load (see :func:`offline_page`)."""
    assert not page.outside, f"{what} asked the network for: {page.outside}"
    loading = [e for e in page.errors if any(w in e for w in LOADING)]
    assert not loading, f"{what} logged loading errors: {loading}"


class once_per_run:
    """A context manager around a build that several pytest processes (make test's workers) may ask for:
    they take turns (:class:`executed.file_lock`), and a build already done in this run is not done again.
    ``done`` is True inside when another process of this run has built it; the caller builds, and it counts
    as done, if not."""

    def __init__(self, name: str):
        self.lock = file_lock(ROOT / "build" / f".{name}.lock")
        self.stamp = ROOT / "build" / f".{name}.run"
        self.run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or f"pid-{os.getpid()}"

    def __enter__(self):
        self.lock.__enter__()
        self.done = self.stamp.exists() and self.stamp.read_text() == self.run
        return self

    def __exit__(self, kind, value, traceback):
        try:
            if kind is None and not self.done:
                self.stamp.write_text(self.run)
        finally:
            self.lock.__exit__(kind, value, traceback)
        return False
