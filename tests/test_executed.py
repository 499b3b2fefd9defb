"""The cache of executed notebooks (scripts/executed.py) never hands out a stale or damaged copy."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import executed  # noqa: E402


@pytest.fixture
def tiny(tmp_path, monkeypatch):
    """A two-cell notebook, a stand-in puzzlelib and a cache folder, all under tmp_path."""
    root = tmp_path / "project"
    (root / "puzzlelib").mkdir(parents=True)
    (root / "puzzlelib" / "engine.py").write_text("ANSWER = 42\n")
    (root / "notebooks").mkdir()
    monkeypatch.setattr(executed, "ROOT", root)
    monkeypatch.setattr(executed, "CACHE", root / "build" / "executed")
    monkeypatch.delenv("PUZZLE_FRESH", raising=False)
    path = root / "notebooks" / "tiny.ipynb"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Tiny"),
                                         nbformat.v4.new_code_cell("print(6 * 7)")])
    nbformat.write(nb, path)
    return path


def test_a_copy_is_made_once_then_reused(tiny):
    assert executed.cached(tiny) is None
    nb = executed.executed(tiny)
    assert nb.cells[1].outputs[0]["text"] == "42\n" and len(nb.cells) == 2      # the probe cells are gone
    assert executed.cache_path(tiny).exists()
    again = executed.cached(tiny)
    assert again is not None and again.cells == nb.cells
    assert again.metadata["executed"]["probe"]["figures"] == 0


def test_a_change_to_the_notebook_or_to_puzzlelib_makes_the_copy_stale(tiny):
    executed.executed(tiny)
    nb = nbformat.read(tiny, as_version=4)
    nb.cells[1].source = "print(6 * 9)"
    nbformat.write(nb, tiny)
    assert executed.cached(tiny) is None
    assert executed.executed(tiny).cells[1].outputs[0]["text"] == "54\n"
    assert executed.cached(tiny) is not None
    (executed.ROOT / "puzzlelib" / "engine.py").write_text("ANSWER = 43\n")
    assert executed.cached(tiny) is None


@pytest.mark.parametrize("damage", ["truncated", "cells edited", "no key"])
def test_a_damaged_copy_is_run_again_and_rewritten(tiny, damage):
    executed.executed(tiny)
    where = executed.cache_path(tiny)
    text = where.read_text()
    if damage == "truncated":
        where.write_text(text[: len(text) // 2])
    else:
        nb = json.loads(text)
        if damage == "cells edited":
            nb["cells"][1]["outputs"][0]["text"] = "41\n"
        else:
            del nb["metadata"]["executed"]["key"]
        where.write_text(json.dumps(nb))
    assert executed.cached(tiny) is None
    assert executed.executed(tiny).cells[1].outputs[0]["text"] == "42\n"
    assert executed.cached(tiny) is not None                  # rewritten whole


def test_fresh_ignores_the_cache(tiny, monkeypatch):
    executed.executed(tiny)
    monkeypatch.setenv("PUZZLE_FRESH", "1")
    assert executed.cached(tiny) is None


def test_a_notebook_outside_notebooks_gets_a_copy_of_its_own(tiny, tmp_path):
    other = tmp_path / "elsewhere" / "tiny.ipynb"
    other.parent.mkdir()
    other.write_bytes(tiny.read_bytes())
    assert executed.cache_path(other) != executed.cache_path(tiny)
