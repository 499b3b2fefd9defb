"""Start JupyterLab (``make lab``) or the Voila player (``make app``) wherever a class runs it.

Usage: python scripts/launch.py lab|app [--ip IP] [--port PORT] [--no-browser]

* As root (Docker images, lab VMs, cloud notebooks) JupyterLab refuses to
  start unless it is given ``--allow-root``; this passes it only when the
  user is root.
* A browser is opened only where there is a display to open it on (macOS,
  Windows, or ``$DISPLAY`` / ``$WAYLAND_DISPLAY`` on Linux) and
  ``NO_BROWSER`` is unset. Without one the server still starts.
* The port is the first free one from ``--port`` (default 8888) and the token
  is chosen here, so the address printed is the one the server answers on.
  When the server answers, the address is printed again in a box.
* Nothing is fetched from the internet: JupyterLab's news feed is switched
  off, so the collection works in a room with no network.
* The server's log is quiet: warnings and errors only (Voila: errors), so what
  is printed is the address and anything that went wrong. Each notebook's kernel
  logs errors only, and the websockets' pong timeout is set to what tornado
  allows: see :func:`quiet_environment`.

Ctrl+C (or SIGTERM) stops the server.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
FIRST_NOTEBOOK = "00_start_here.ipynb"
PLAYER = "06_play.ipynb"


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def has_display() -> bool:
    """True where a browser window could open: macOS, Windows, or a Linux X11/Wayland session."""
    if os.environ.get("NO_BROWSER"):
        return False
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def free_port(ip: str, first: int, tries: int = 50) -> int:
    """The first port from ``first`` on that nothing listens on."""
    for port in range(first, first + tries):
        with socket.socket() as s:
            try:
                s.bind((ip if ip not in ("0.0.0.0", "") else "", port))
            except OSError:
                continue
            return port
    raise SystemExit(f"no free port between {first} and {first + tries - 1}; try --port")


def trust_notebooks() -> None:
    """Sign the collection's notebooks (committed without outputs, so there is nothing in them to distrust),
    so the server does not warn "Notebook ... is not trusted" each time one opens. A notebook a user
    saves is signed by the server itself."""
    try:
        from nbformat import read
        from nbformat.sign import NotebookNotary

        notary = NotebookNotary()
        for path in sorted(NOTEBOOKS.glob("*.ipynb")):
            nb = read(path, as_version=4)
            if not notary.check_signature(nb):
                notary.sign(nb)
    except Exception as err:  # noqa: BLE001 (a notebook that can't be signed only brings the warning back)
        print(f"note: could not mark the notebooks as trusted ({err}); the server may say they are not", flush=True)


def command(app: str, ip: str, port: int, token: str, open_browser: bool) -> tuple[list[str], str]:
    """The server command and the address a person opens."""
    host = "127.0.0.1" if ip in ("0.0.0.0", "", "*") else ip
    browser = [] if open_browser else ["--no-browser"]
    if app == "lab":
        cmd = [sys.executable, "-m", "jupyterlab", f"--ip={ip}", f"--port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}",
               f"--ServerApp.root_dir={NOTEBOOKS}", f"--LabApp.default_url=/lab/tree/{FIRST_NOTEBOOK}",
               "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
               "--ServerApp.log_level=WARN", "--LabApp.log_level=WARN",
               # notebook_shim (old-style server extensions; none are used here) reads every ServerApp
               # setting at start-up and so prints a deprecation warning about ServerApp.token
               "--ServerApp.jpserver_extensions=notebook_shim=False",
               # nbgrader (make homework) is for the grader's own server, in build/homework (docs/homework.md);
               # here it would only warn "No nbgrader_config.py file found" and add menus to every notebook
               *(f"--ServerApp.jpserver_extensions=nbgrader.server_extensions.{name}=False"
                 for name in ("formgrader", "validate_assignment", "assignment_list", "course_list")),
               *browser]
        if is_root():
            cmd.append("--allow-root")
        return cmd, f"http://{host}:{port}/lab/tree/{FIRST_NOTEBOOK}?token={token}"
    if app == "app":
        cmd = [sys.executable, "-m", "voila", str(NOTEBOOKS / PLAYER), f"--Voila.ip={ip}",
               f"--port={port}", "--Voila.port_retries=0", f"--token={token}",
               "--Voila.log_level=ERROR", *browser]
        return cmd, f"http://{host}:{port}/?token={token}"
    raise SystemExit(f"unknown app {app!r}: choose lab or app")


def quiet_lab_settings() -> None:
    """Switch off JupyterLab's "get notified about official Jupyter news?" toast for this environment.

    It covers the notebook on a projector and asks for a network the room may
    not have. JupyterLab reads defaults from ``overrides.json`` in the
    environment's ``share/jupyter/lab/settings``; a user's own settings still win.
    """
    path = Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    try:
        current = json.loads(path.read_text()) if path.exists() else {}
    except (OSError, ValueError):
        current = {}
    wanted = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False}}
    if all(current.get(k, {}).get(kk) == vv for k, v in wanted.items() for kk, vv in v.items()):
        return
    for key, value in wanted.items():
        current.setdefault(key, {}).update(value)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(current, indent=2) + "\n")
    except OSError as err:    # a read-only environment: the toast stays, nothing else changes
        print(f"note: could not write {path} ({err}); JupyterLab may ask about news", flush=True)


OFFLINE_TEMPLATE = "puzzle-offline"
"""Voila's page template for ``make app``: its "lab" template without the links to Font Awesome on a CDN."""

FONT_AWESOME_CDN = ("https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/all.min.css",
                    "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free@^5/css/v4-shims.min.css")

VOILA_INDEX = (
    "{#- Voila's lab template, less its two <link>s to Font Awesome on a CDN (written by scripts/launch.py).\n"
    "    The player uses no icons, and the widgets' own style sheet (bundled, local) has Font Awesome. -#}\n"
    "{%- extends 'lab/index.html.j2' -%}\n"
    "{%- block notebook_css -%}\n"
    "{{ super()" + "".join(
        f" | replace('<link rel=\"stylesheet\" href=\"{url}\" type=\"text/css\" />', '')" for url in FONT_AWESOME_CDN)
    + " }}\n{%- endblock notebook_css -%}\n")
"""The template's index.html.j2 (see OFFLINE_TEMPLATE)."""


LESSON_CONTENTS = (
    "# Written by scripts/launch.py: serve the lessons with this kernel's metadata, so that opening one does\n"
    "# not mark it unsaved on any Python (scripts/lesson_contents.py). The files themselves are never written.\n"
    "import sys\n"
    "sys.path.insert(0, {scripts!r})\n"
    "from lesson_contents import LessonContentsManager\n"
    "c.ServerApp.contents_manager_class = LessonContentsManager\n")
"""The server's ``jupyter_server_config.py`` (see quiet_environment)."""


def jupyter_folders() -> list[Path]:
    """Where the server's kernel spec and config go: ``build/jupyter/`` in the clone, or, where the clone
    can't be written (another user's checkout, a read-only mount), the user's own cache folder
    (``$XDG_CACHE_HOME`` or ``~/.cache``, then ``puzzlelib/jupyter``)."""
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return [ROOT / "build" / "jupyter", cache / "puzzlelib" / "jupyter"]


def _write_jupyter_files(folder: Path) -> bool:
    """Write the files of :func:`quiet_environment` in ``folder``; False where it can't be written."""
    spec = {"argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}",
                     "--IPKernelApp.log_level=ERROR"],
            "display_name": "Python 3 (ipykernel)", "language": "python", "metadata": {"debugger": True}}
    pong = {"tornado_settings": {"ws_ping_timeout": 30000}}
    template = folder / "voila" / "templates" / OFFLINE_TEMPLATE
    files = {folder / "kernels" / "python3" / "kernel.json": spec,
             folder / "config" / "jupyter_server_config.json": {"ServerApp": pong},
             folder / "config" / "jupyter_server_config.py": LESSON_CONTENTS.format(scripts=str(ROOT / "scripts")),
             folder / "config" / "voila.json": {"Voila": pong,
                                                 "VoilaConfiguration": {"template": OFFLINE_TEMPLATE}},
             template / "conf.json": {"base_template": "lab"},
             template / "index.html.j2": VOILA_INDEX,
             # nbgrader's menus in JupyterLab belong to the grader's server, not to the lessons (see command())
             folder / "config" / "labconfig" / "page_config.json": {"disabledExtensions": {"@jupyter/nbgrader": True}}}
    try:
        for path, content in files.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(content if isinstance(content, str) else json.dumps(content, indent=1) + "\n")
    except OSError:
        return False
    return True


def quiet_environment() -> dict[str, str]:
    """The environment for the server, with two fixes for lines that look like errors but are not.

    * Each notebook's kernel would log "Kernel is running over TCP without
      encryption" as it starts: it listens on 127.0.0.1 for this server alone. A
      ``python3`` kernel spec (this environment's Python with ipykernel, as
      ipykernel's own, plus ``--IPKernelApp.log_level=ERROR``) goes to
      ``build/jupyter/kernels/python3/``, first on ``JUPYTER_PATH``.
    * jupyter_server and Voila default the websockets' pong timeout (90 s) to
      longer than their ping interval (30 s), so tornado shortens it to 30 s with a
      note each time a page opens. ``build/jupyter/config/`` (first on
      ``JUPYTER_CONFIG_PATH``) asks for 30 s up front.
    * Voila's "lab" page template links Font Awesome from a CDN (cdn.jsdelivr.net): a request that fails
      in a room with no network. ``build/jupyter/voila/templates/puzzle-offline/`` is that template without
      the two links, and ``voila.json`` chooses it (OFFLINE_TEMPLATE).
    * JupyterLab marks a lesson unsaved on opening when the file's ``language_info`` differs from the
      kernel's, Python version included. ``jupyter_server_config.py`` there makes the server read the
      lessons through ``scripts/lesson_contents.py``, which gives them this kernel's metadata as they are
      read; the files, saved with no Python version, are never rewritten.
    * nbgrader's JupyterLab extension is switched off there too (``labconfig/page_config.json``), with
      its server extensions (see :func:`command`): grading has its own server (docs/homework.md).

    Only the server started here sees these folders. Where ``build/`` can't be written (another
    user's clone), they go to the user's cache folder instead (:func:`jupyter_folders`); where neither
    can be, the usual settings are used, and only the log lines come back.
    """
    env = dict(os.environ)
    for folder in jupyter_folders():
        if _write_jupyter_files(folder):
            break
    else:
        return env
    for name, extra in (("JUPYTER_PATH", folder), ("JUPYTER_CONFIG_PATH", folder / "config")):
        env[name] = os.pathsep.join(p for p in (str(extra), env.get(name, "")) if p)
    return env


def answers(url: str) -> bool:
    """True once the server gives any HTTP answer at ``url``."""
    try:
        with urllib.request.urlopen(url, timeout=2):
            return True
    except urllib.error.HTTPError:
        return True
    except OSError:
        return False


def listening(port: int) -> bool:
    """True once something accepts connections on 127.0.0.1:``port``."""
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("app", choices=["lab", "app"])
    parser.add_argument("--ip", default=os.environ.get("IP") or "127.0.0.1",
                        help="address to listen on (0.0.0.0 to reach it from outside a container)")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT") or 8888),
                        help="first port to try (default 8888)")
    parser.add_argument("--no-browser", action="store_true", help="never try to open a browser")
    args = parser.parse_args(argv)

    port = free_port(args.ip, args.port)
    token = os.environ.get("TOKEN") or secrets.token_hex(16)
    open_browser = has_display() and not args.no_browser
    cmd, url = command(args.app, args.ip, port, token, open_browser)
    name = "JupyterLab" if args.app == "lab" else "the puzzle player (Voila)"
    print(f"Starting {name}{' as root (--allow-root)' if is_root() and args.app == 'lab' else ''}; "
          f"open this address in a browser:\n    {url}", flush=True)

    if args.app == "lab":
        quiet_lab_settings()
        # Where the lecturer's guide sends live calls: File > New > Notebook in here, never in notebooks/
        # itself (git ignores it; the builds and the tests take the lessons by name, NN_name.ipynb).
        (NOTEBOOKS / "scratch").mkdir(exist_ok=True)
    trust_notebooks()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=quiet_environment())

    def forward(signum, _frame):
        proc.send_signal(signal.SIGINT if signum == signal.SIGINT else signal.SIGTERM)

    signal.signal(signal.SIGTERM, forward)
    # Lab: its status API. Voila: the port accepting a connection (any request would be logged, or start
    # the notebook's kernel).
    ready = ((lambda: answers(f"http://127.0.0.1:{port}/api/status?token={token}")) if args.app == "lab"
             else (lambda: listening(port)))
    while proc.poll() is None:
        if ready():
            line = "-" * (len(url) + 4)
            print(f"\n{line}\n  Ready. Open this address in a browser{'' if open_browser else ' (none was opened: no display)'}:"
                  f"\n  {url}\n  Stop with Ctrl+C.\n{line}\n", flush=True)
            break
        time.sleep(0.3)
    try:
        return proc.wait()
    except KeyboardInterrupt:            # Ctrl+C: the way to stop it, so not an error
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except (subprocess.TimeoutExpired, KeyboardInterrupt):
            proc.kill()
        print("Stopped.", flush=True)
        return 0


if __name__ == "__main__":
    sys.exit(main())
