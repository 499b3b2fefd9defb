"""The lessons carry the kernel metadata JupyterLab writes on opening them, so opening one leaves it clean.

JupyterLab 4 sets ``kernelspec`` and ``language_info`` when a notebook's kernel starts; a value that
differs from the file's (``"Python 3"`` for ``"Python 3 (ipykernel)"``, ``{"name": "python"}`` for the
kernel's full language info) marks the notebook unsaved. The browser check is
tests/browser/test_lab_open.py; these check the files and ``make lab``'s step that keeps them so on a
Python other than the one they were saved with (scripts/launch.py ``match_kernel_metadata``).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import launch  # noqa: E402
from lessons import lessons  # noqa: E402


def test_every_lesson_has_the_kernelspec_and_the_language_info_fields_the_kernel_reports():
    want = launch.kernel_metadata()
    for path in lessons():
        meta = nbformat.read(path, as_version=4).metadata
        assert meta.get("kernelspec") == want["kernelspec"], f"{path.name}: kernelspec {meta.get('kernelspec')}"
        info = meta.get("language_info", {})
        assert sorted(info) == sorted(want["language_info"]), f"{path.name}: language_info {info}"
        assert {k: v for k, v in info.items() if k != "version"} == \
               {k: v for k, v in want["language_info"].items() if k != "version"}, path.name


def test_match_kernel_metadata_changes_those_two_fields_only_and_only_once(tmp_path):
    for path in lessons()[:2]:
        shutil.copy(path, tmp_path / path.name)
    first = tmp_path / lessons()[0].name
    nb = nbformat.read(first, as_version=4)
    nb.metadata["kernelspec"]["display_name"] = "Python 3"
    nb.metadata["language_info"] = {"name": "python", "version": "3.0.1"}
    nbformat.write(nb, first)
    before = nbformat.read(first, as_version=4)
    scratch = tmp_path / "Untitled.ipynb"
    nbformat.write(nbformat.v4.new_notebook(), scratch)
    untouched = scratch.read_bytes()

    changed = launch.match_kernel_metadata(sorted(tmp_path.glob("*.ipynb")))
    assert changed == [first]
    after = nbformat.read(first, as_version=4)
    assert after.cells == before.cells
    assert {k: v for k, v in after.metadata.items() if k not in ("kernelspec", "language_info")} == \
           {k: v for k, v in before.metadata.items() if k not in ("kernelspec", "language_info")}
    assert {k: after.metadata[k] for k in ("kernelspec", "language_info")} == launch.kernel_metadata()
    assert scratch.read_bytes() == untouched                       # not a lesson: left alone
    assert launch.match_kernel_metadata(sorted(tmp_path.glob("*.ipynb"))) == []     # nothing more to do
