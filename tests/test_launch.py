"""The README's first command for real: `make lab` (and `make app`) bring up a server that answers.

Each case copies the tree to a fresh folder that reuses this test run's
environment as its ``.venv``, starts ``make lab`` or ``make app`` in the
background exactly as a lecturer types it, reads the address it prints, waits
until that address answers with HTTP 200, then stops the whole process group.
It fails if make exits, if no address is printed, or if the address never
answers. As root (CI, Docker, lab machines) it also runs as an ordinary user
(``nobody``), and once with a ``$DISPLAY`` that leads nowhere, so a browser that
cannot open must not stop the server.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0
MAKE = shutil.which("make")
SETPRIV = shutil.which("setpriv")
IGNORE = shutil.ignore_patterns(".venv*", "build", ".git", "__pycache__", ".ipynb_checkpoints",
                                "*.egg-info", ".hypothesis", ".pytest_cache")
URL = re.compile(r"http://127\.0\.0\.1:\d+/\S*token=\w+")

pytestmark = pytest.mark.skipif(MAKE is None, reason="make is not installed")


@pytest.fixture(scope="module")
def tree():
    """A copy of the working tree, readable by every user, whose .venv is this test run's environment."""
    top = Path(tempfile.mkdtemp(prefix="puzzles-launch-"))
    os.chmod(top, 0o755)
    copy = top / "sliding-puzzles"
    shutil.copytree(ROOT, copy, ignore=IGNORE)
    (copy / ".venv").symlink_to(sys.prefix, target_is_directory=True)
    yield copy
    shutil.rmtree(top, ignore_errors=True)


def run_as(user: str | None) -> list[str]:
    if user is None:
        return []
    # Through a shell, as make runs it: the interpreter's whole path must be open to that user.
    probe = subprocess.run([*_setpriv(user), "sh", "-c", f"'{sys.executable}' -c 'import puzzlelib, jupyterlab'"],
                           capture_output=True, text=True, cwd="/")
    if probe.returncode:
        # e.g. pyenv's Python under /root (mode 700): no other user can run it on this machine.
        pytest.skip(f"{user} cannot run this environment's Python ({sys.executable}): "
                    + (probe.stderr.strip().splitlines() or ["?"])[-1])
    return _setpriv(user)


def _setpriv(user: str) -> list[str]:
    return [SETPRIV, f"--reuid={user}", f"--regid={user if user != 'nobody' else 'nogroup'}",
            "--clear-groups"]


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.status, r.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e:
        return e.code, ""


def start_and_answer(tree: Path, target: str, user: str | None, display: str | None,
                     seconds: float = 120) -> tuple[str, str, str]:
    """Run `make <target>`; return (printed url, page body, output) once the url answers 200."""
    tmp = Path(tempfile.mkdtemp(prefix=f"home-{target}-", dir=tree.parent))   # a home any user can use
    os.chmod(tmp, 0o777)
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "NO_BROWSER")}
    env.update(HOME=str(tmp), JUPYTER_CONFIG_DIR=str(tmp / "config"),
               JUPYTER_RUNTIME_DIR=str(tmp / "runtime"), JUPYTER_DATA_DIR=str(tmp / "data"),
               JUPYTERLAB_SETTINGS_DIR=str(tmp / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp / "workspaces"), PUZZLELIB_CACHE=str(tmp / "cache"),
               IPYTHONDIR=str(tmp / "ipython"), MPLCONFIGDIR=str(tmp / "mpl"), PYTHONDONTWRITEBYTECODE="1")
    if display is not None:
        env["DISPLAY"] = display
    # -o: the copied tree reuses this environment; never re-install into it.
    cmd = [*run_as(user), MAKE, "--no-print-directory", "-o", ".venv/.installed", target, "PORT=18888"]
    proc = subprocess.Popen(cmd, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, start_new_session=True)
    lines: list[str] = []
    reader = threading.Thread(target=lambda: lines.extend(proc.stdout), daemon=True)
    reader.start()
    try:
        deadline = time.time() + seconds
        url = None
        while time.time() < deadline:
            if proc.poll() is not None:
                reader.join(5)
                pytest.fail(f"`make {target}` exited with {proc.returncode}:\n" + "".join(lines)[-3000:])
            if url is None:
                found = URL.search("".join(lines))
                url = found.group(0) if found else None
            if url is not None:
                try:
                    status, body = get(url)
                except OSError:
                    status, body = None, ""
                if status == 200 and "Ready. Open this address" in "".join(lines):
                    return url, body, "".join(lines)
            time.sleep(0.5)
        pytest.fail(f"`make {target}` printed {url!r} but it did not answer 200 within {seconds} s:\n"
                    + "".join(lines)[-3000:])
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


USERS = [None] + (["nobody"] if IS_ROOT and SETPRIV else [])


@pytest.mark.parametrize("user", USERS, ids=lambda u: u or ("root" if IS_ROOT else "me"))
def test_make_lab_answers(tree, user):
    url, body, out = start_and_answer(tree, "lab", user, None)
    assert "/lab/tree/00_start_here.ipynb" in url, url
    assert "JupyterLab" in body, body[:500]
    assert "Ready. Open this address" in out
    assert ("--allow-root" in out) == (IS_ROOT and user is None), out[:400]
    # nbgrader (make homework) stays out of the lessons' server: no warning about its config, no menus
    assert "nbgrader" not in out.lower(), out[-2000:]
    # no "get notified about Jupyter news?" toast over the first notebook on a projector
    overrides = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(overrides.read_text())["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


@pytest.mark.parametrize("user", USERS, ids=lambda u: u or ("root" if IS_ROOT else "me"))
def test_make_app_answers(tree, user):
    url, body, out = start_and_answer(tree, "app", user, None)
    # Voila has run 06_play.ipynb: the page carries the player's widget views.
    assert "application/vnd.jupyter.widget-view+json" in body, body[:500]
    assert "Ready. Open this address" in out
    # the page's kernel has started and run: its log and tornado's pong note are quiet
    for noise in ("without encryption", "websocket_ping_timeout", "WARNING"):
        assert noise not in out, out[-2000:]


def test_quiet_environment_gives_the_server_a_quiet_kernel_and_pong_timeout(tmp_path, monkeypatch):
    """The spec and the config files launch.py hands the server are the ones Jupyter then finds."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import launch
    finally:
        sys.path.pop(0)
    monkeypatch.setattr(launch, "ROOT", tmp_path)
    env = launch.quiet_environment()
    found = subprocess.run([sys.executable, "-m", "jupyter", "kernelspec", "list", "--json"], env=env,
                           capture_output=True, text=True, check=True)
    spec = json.loads(found.stdout)["kernelspecs"]["python3"]
    assert Path(spec["resource_dir"]) == tmp_path / "build" / "jupyter" / "kernels" / "python3"
    assert spec["spec"]["argv"][:3] == [sys.executable, "-m", "ipykernel_launcher"]
    assert "--IPKernelApp.log_level=ERROR" in spec["spec"]["argv"]
    paths = subprocess.run([sys.executable, "-m", "jupyter", "--paths", "--json"], env=env,
                           capture_output=True, text=True, check=True)
    assert tmp_path / "build" / "jupyter" / "config" in [Path(p) for p in json.loads(paths.stdout)["config"]]
    for name, app in (("jupyter_server_config.json", "ServerApp"), ("voila.json", "Voila")):
        settings = json.loads((tmp_path / "build" / "jupyter" / "config" / name).read_text())
        assert settings[app]["tornado_settings"]["ws_ping_timeout"] == 30000
    page = json.loads((tmp_path / "build" / "jupyter" / "config" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"]["@jupyter/nbgrader"] is True
    # Where build/ can't be written (another user's clone), the user's cache folder takes its place ...
    monkeypatch.setattr(launch, "ROOT", tmp_path / "file")
    (tmp_path / "file").write_text("not a folder")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fallback = tmp_path / "cache" / "puzzlelib" / "jupyter"
    assert launch.quiet_environment()["JUPYTER_PATH"].split(os.pathsep)[0] == str(fallback)
    assert (fallback / "kernels" / "python3" / "kernel.json").exists()
    # ... and where neither can be written, the usual settings stay: nothing is pointed at a missing folder.
    (tmp_path / "cache2").write_text("not a folder either")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache2"))
    assert launch.quiet_environment().get("JUPYTER_PATH") == os.environ.get("JUPYTER_PATH")


def test_make_lab_survives_a_display_with_no_browser(tree):
    """A $DISPLAY that leads nowhere: the browser can't open, the server must answer anyway."""
    url, body, out = start_and_answer(tree, "lab", None, ":97")
    assert "JupyterLab" in body
