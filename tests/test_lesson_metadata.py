"""The lessons are saved with no Python version, and `make lab`'s server hands them to JupyterLab with the
running kernel's metadata, so opening one leaves it clean on every Python and no tracked file is written.

JupyterLab 4 sets ``kernelspec`` and ``language_info`` when a notebook's kernel starts; a value that is
not deep-equal to what it loaded marks the notebook unsaved. The browser check is
tests/browser/test_lab_open.py; these check the files and scripts/lesson_contents.py.
"""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import launch  # noqa: E402
import lesson_contents  # noqa: E402
from lessons import lessons  # noqa: E402


def served(root, *paths, **options) -> list[dict]:
    """What LessonContentsManager serving ``root`` answers for each of ``paths``, asked in a thread of its own:
    an earlier test (Playwright's sync API) may have left an event loop running in this one, where
    asyncio.run refuses, and the manager's database must be used in the thread that made it."""
    async def ask():
        manager = lesson_contents.LessonContentsManager(root_dir=str(root))
        return [await manager.get(path, **options) for path in paths]
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, ask()).result()


def test_every_lesson_is_saved_neutral_with_the_fields_the_kernel_reports_but_its_version():
    want = lesson_contents.kernel_metadata()
    for path in lessons():
        meta = nbformat.read(path, as_version=4).metadata
        assert meta.get("kernelspec") == want["kernelspec"], f"{path.name}: kernelspec {meta.get('kernelspec')}"
        info = meta.get("language_info", {})
        assert "version" not in info, f"{path.name} is saved with Python {info['version']}: run neutral_metadata"
        assert info == {k: v for k, v in want["language_info"].items() if k != "version"}, path.name


def test_the_kernel_metadata_is_what_a_started_kernel_reports():
    """Read from a real kernel's kernel_info reply, not from ipykernel's class attribute."""
    from jupyter_client.manager import start_new_kernel

    manager, client = start_new_kernel(kernel_name="python3")
    try:
        reply = client.kernel_info(reply=True, timeout=60)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    assert reply["content"]["language_info"] == lesson_contents.kernel_metadata()["language_info"]


def test_present_gives_a_lesson_the_kernels_metadata_and_leaves_other_notebooks_alone():
    want = lesson_contents.kernel_metadata()
    lesson = nbformat.read(lessons()[0], as_version=4)
    cells = [dict(c) for c in lesson.cells]
    other = {k: v for k, v in lesson.metadata.items() if k not in want}
    assert lesson_contents.present(lessons()[0].name, lesson) is True
    assert {k: lesson.metadata[k] for k in want} == want
    assert {k: v for k, v in lesson.metadata.items() if k not in want} == other       # rise etc. untouched
    assert [dict(c) for c in lesson.cells] == cells
    assert lesson_contents.present(lessons()[0].name, lesson) is False                # nothing more to do
    scratch = nbformat.v4.new_notebook()
    assert lesson_contents.present("Untitled.ipynb", scratch) is False and "language_info" not in scratch.metadata
    other_kernel = nbformat.read(lessons()[0], as_version=4)
    other_kernel.metadata["kernelspec"] = {"name": "ir", "display_name": "R", "language": "R"}
    assert lesson_contents.present(lessons()[0].name, other_kernel) is False


def test_the_contents_manager_serves_lessons_with_the_kernel_metadata_and_writes_nothing(tmp_path):
    for path in lessons()[:2]:
        shutil.copy(path, tmp_path / path.name)
    nbformat.write(nbformat.v4.new_notebook(), tmp_path / "Untitled.ipynb")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    model, scratch, listing = served(tmp_path, lessons()[0].name, "Untitled.ipynb", "")
    meta = model["content"]["metadata"]
    assert {k: meta[k] for k in ("kernelspec", "language_info")} == lesson_contents.kernel_metadata()
    assert "language_info" not in scratch["content"]["metadata"]
    # a folder listing still works
    assert sorted(item["name"] for item in listing["content"]) == sorted(before)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_make_labs_server_uses_the_contents_manager(tmp_path, monkeypatch):
    """The config launch.py writes is the one jupyter_server loads: it names LessonContentsManager."""
    monkeypatch.setattr(launch, "ROOT", tmp_path)
    (tmp_path / "scripts").symlink_to(ROOT / "scripts")
    env = launch.quiet_environment()
    probe = ("from jupyter_server.serverapp import ServerApp; app = ServerApp(); app.load_config_file(); "
             "print(app.contents_manager_class.__module__, app.contents_manager_class.__name__)")
    found = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, cwd=tmp_path)
    assert found.stdout.split() == ["lesson_contents", "LessonContentsManager"], found.stderr[-2000:]


@pytest.mark.parametrize("version", ["3.10.13", "3.11.2", "3.13.0"])
def test_a_lesson_saved_under_another_python_is_served_with_this_ones(tmp_path, version):
    """The case issue 44 found: a file that carries some other Python's version still opens clean."""
    nb = nbformat.read(lessons()[0], as_version=4)
    nb.metadata["language_info"] = dict(nb.metadata["language_info"], version=version)
    nbformat.write(nb, tmp_path / lessons()[0].name)
    model, = served(tmp_path, lessons()[0].name)
    assert model["content"]["metadata"]["language_info"] == lesson_contents.kernel_metadata()["language_info"]
    assert json.loads((tmp_path / lessons()[0].name).read_text())["metadata"]["language_info"]["version"] == version
