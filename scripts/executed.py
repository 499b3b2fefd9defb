"""Execute each notebook once; the site, the slides and the tests all read the executed copy from build/executed/.

``executed(path)`` returns the executed notebook. The first call runs it with nbclient, top to bottom
(any error stops it, and nothing is cached). It runs in the notebooks' folder, with the figure probe
(scripts/figure_probe.py) as a first cell. The probe draws every figure at ``SLIDE_DPI`` with its
smallest text recorded in the PNG, and reports each figure's small texts, overlaps and missing alt
text. The probe cells are taken out again, and the report goes in ``metadata.executed.probe``. Later
calls read the copy from disk.

**When a copy is used.** A copy is used only when its key matches. The key is a SHA-256 of:
- the notebook file's bytes;
- every file of puzzlelib (source and results);
- the probe and this file;
- the versions of Python and of the packages that draw or compute.

So a change to a notebook or to puzzlelib means a fresh run, and a stale copy is never used.

**When a copy is damaged.** A copy whose JSON does not parse, or whose cells no longer match the digest
stored beside them, is run again and rewritten; it is never used as it is. Copies are written to a
temporary file first and then renamed, so a run that is killed leaves no half-written copy.

``PUZZLE_FRESH=1`` in the environment ignores the cache (every notebook is run again).

    python scripts/executed.py              # run (or find) every notebook; print each one's seconds
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import platform
import sys
import time
from importlib import metadata
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "build" / "executed"
SLIDE_DPI = 108
"""Figures are drawn at 108 px per inch, so 11 pt text is 16.5 px on a slide (see build_slides.py)."""
SMALLEST_FONT = 11
"""The smallest figure text the probe lets pass, in points."""
QUIET_KERNEL = ["--IPKernelApp.log_level=ERROR"]
"""The kernel's own log at errors only: no "Kernel is running over TCP without encryption" line per notebook
(the kernel listens on 127.0.0.1 and is reached by this process alone)."""
PACKAGES = ("matplotlib", "networkx", "numpy", "ipywidgets", "anywidget", "nbclient", "ipykernel")

sys.path.insert(0, str(Path(__file__).resolve().parent))
import figure_probe  # noqa: E402
from lessons import lessons  # noqa: E402

_REPORT = "print('PROBE ' + repr((_figures_seen[0], _small_text, _overlaps, _undescribed)))"


def _versions() -> str:
    found = []
    for name in PACKAGES:
        try:
            found.append(f"{name}={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            found.append(f"{name}=none")
    return f"python={platform.python_version()} " + " ".join(found)


def key(path: Path) -> str:
    """The cache key of notebook ``path``: what its executed copy depends on."""
    h = hashlib.sha256()
    h.update(Path(path).read_bytes())
    package = ROOT / "puzzlelib"
    for file in sorted(p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(str(file.relative_to(package)).encode())
        h.update(file.read_bytes())
    for file in (Path(figure_probe.__file__), Path(__file__)):
        h.update(file.read_bytes())
    h.update(_versions().encode())
    return h.hexdigest()


def digest(nb) -> str:
    """A SHA-256 of the cells, stored beside them: a copy whose cells changed on disk is not used."""
    return hashlib.sha256(json.dumps(nb["cells"], sort_keys=True).encode()).hexdigest()


def cache_path(path: Path) -> Path:
    """Where the executed copy of ``path`` is kept: by its name for notebooks/, with a tag of its
    folder for a notebook elsewhere (a test's), so the two never take each other's place."""
    path = Path(path).resolve()
    if path.parent == ROOT / "notebooks":
        return CACHE / path.name
    folder = hashlib.sha256(str(path.parent).encode()).hexdigest()[:10]
    return CACHE / f"{path.stem}.{folder}.ipynb"


def cached(path: Path) -> nbformat.NotebookNode | None:
    """The executed copy of ``path`` if there is a sound one for its current key, else None."""
    copy_path = cache_path(path)
    if os.environ.get("PUZZLE_FRESH") or not copy_path.exists():
        return None
    try:
        nb = nbformat.reads(copy_path.read_text(encoding="utf-8"), as_version=4)
        info = nb.metadata["executed"]
        if info["key"] != key(path) or info["digest"] != digest(nb):
            return None
    except (ValueError, KeyError, TypeError, OSError, UnicodeDecodeError):   # damaged: run it again
        return None
    return nb


def run(path: Path, timeout: int = 900) -> nbformat.NotebookNode:
    """Execute notebook ``path`` with the probe, store the copy in the cache, and return it."""
    from nbclient import NotebookClient

    path = Path(path)
    the_key = key(path)                 # before running: a change made during the run makes it stale
    nb = nbformat.read(path, as_version=4)
    nb.cells.insert(0, nbformat.v4.new_code_cell(figure_probe.source(smallest=SMALLEST_FONT,
                                                                      slide_dpi=SLIDE_DPI)))
    nb.cells.append(nbformat.v4.new_code_cell(_REPORT))
    start = time.perf_counter()
    NotebookClient(nb, timeout=timeout, kernel_name="python3", extra_arguments=QUIET_KERNEL,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    seconds = time.perf_counter() - start
    report = "".join(o.get("text", "") for o in nb.cells[-1].outputs).strip()
    seen, small, overlaps, undescribed = ast.literal_eval(report.removeprefix("PROBE "))
    del nb.cells[0], nb.cells[-1]
    nb.metadata["executed"] = {"key": the_key, "seconds": round(seconds, 2), "probe": {
        "figures": seen, "small_text": small, "overlaps": overlaps, "undescribed": undescribed}}
    nb.metadata["executed"]["digest"] = digest(nb)
    CACHE.mkdir(parents=True, exist_ok=True)
    target = cache_path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    temporary.write_text(nbformat.writes(nb), encoding="utf-8")
    os.replace(temporary, target)
    return nb


def load(path: Path, timeout: int = 900) -> tuple[nbformat.NotebookNode, bool]:
    """The executed notebook ``path`` and whether it came from the cache (else it was run now).

    Each call returns a notebook of its own (a cached copy is parsed from disk anew), so a caller may
    change it freely. A cell that fails raises nbclient's CellExecutionError, and nothing is cached.
    """
    with _one_at_a_time(path):          # two processes asking at once (make test's workers): one runs it
        nb = cached(path)
        return (nb, True) if nb is not None else (run(path, timeout), False)


class file_lock:
    """An exclusive lock on the file ``path`` for the ``with`` block: processes that take it take turns
    (make test's workers, over a build they share). Where there is no ``fcntl`` (Windows) it does nothing."""

    def __init__(self, path: Path):
        self.file = Path(path)

    def __enter__(self):
        self.file.parent.mkdir(parents=True, exist_ok=True)
        self.handle = open(self.file, "w")
        try:
            import fcntl
            fcntl.flock(self.handle, fcntl.LOCK_EX)
        except ImportError:
            pass
        return self

    def __exit__(self, *exc):
        self.handle.close()               # releases the lock
        return False


def _one_at_a_time(path: Path) -> file_lock:
    """The lock of one notebook, beside the cache: a process that asks for a notebook another process is
    running waits, then takes the copy that one stored, instead of running it a second time."""
    return file_lock(CACHE / f".{cache_path(path).name}.lock")


def executed(path: Path, timeout: int = 900) -> nbformat.NotebookNode:
    """The executed notebook ``path``: from the cache when a sound copy is there, else run now (see load)."""
    return load(path, timeout)[0]


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else ROOT / "notebooks"
    total = 0.0
    for path in lessons(folder):
        start = time.perf_counter()
        nb, hit = load(path)
        took = time.perf_counter() - start
        total += took
        print(f"{path.name:40s} {took:6.1f} s  " + (f"(cached; ran in {nb.metadata['executed']['seconds']} s)"
                                                    if hit else "(ran now)"), flush=True)
    print(f"{'all':40s} {total:6.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
