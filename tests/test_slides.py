"""Every notebook is also a slide deck: each cell has a slide type, and checks and solutions are skipped.

The slide types are set by ``scripts/tag_slides.py`` (run it after editing a notebook). An
*assert-only* cell (see ``tag_slides.is_assert_only``: it asserts, and shows nothing) must be
tagged ``check``, so that it is skipped on the slides and in the HTML.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

_spec = importlib.util.spec_from_file_location("tag_slides", ROOT / "scripts" / "tag_slides.py")
tag_slides = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tag_slides)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def where(path: Path, i: int, cell: dict) -> str:
    first = tag_slides._source(cell).strip().splitlines()[:1]
    return f"{path.name} cell {i} ({first[0][:60] if first else 'empty'!r})"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_cell_has_a_valid_slide_type(path):
    for i, cell in enumerate(load(path)["cells"]):
        kind = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
        assert kind in tag_slides.SLIDE_TYPES, (
            f"{where(path, i, cell)}: slide_type {kind!r}; run python scripts/tag_slides.py {path.relative_to(ROOT)}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_checks_and_solutions_are_skipped(path):
    for i, cell in enumerate(load(path)["cells"]):
        tags = cell.get("metadata", {}).get("tags", [])
        if "check" in tags or "solution" in tags:
            kind = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
            assert kind == "skip", f"{where(path, i, cell)} is tagged {tags} but its slide_type is {kind!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_every_assert_only_cell_is_tagged_check(path):
    for i, cell in enumerate(load(path)["cells"]):
        if cell["cell_type"] == "code" and tag_slides.is_assert_only(tag_slides._source(cell)):
            assert "check" in cell.get("metadata", {}).get("tags", []), (
                f"{where(path, i, cell)} only asserts and shows nothing: tag it 'check' "
                f"(python scripts/tag_slides.py --tag-checks does it)")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_slide_types_are_what_the_script_gives(path, tmp_path):
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    tag_slides.tag_file(copy)
    want = [c["metadata"]["slideshow"]["slide_type"] for c in load(copy)["cells"]]
    have = [c.get("metadata", {}).get("slideshow", {}).get("slide_type") for c in load(path)["cells"]]
    assert have == want, f"{path.name}: slide types out of date; run python scripts/tag_slides.py"


def test_the_docstring_examples_of_is_assert_only():
    result = doctest.testmod(tag_slides)
    assert result.attempted >= 7 and result.failed == 0


@pytest.mark.parametrize("source, expected", [
    ("assert 1 + 1 == 2", True),
    ("from math import factorial\nn = factorial(5)\nassert n == 120", True),
    ("for s in [1, 2]:\n    if s:\n        assert s > 0\n    else:\n        pass", True),
    ("with open(__file__) as f:\n    text = f.read()\nassert text", True),
    ("total = 0\ntotal += 3\nassert total == 3", True),
    ("assert True\nrecord('R1', 'correct')", False),          # a call made for its effect
    ("assert True;\nx", False),                                 # the last line is displayed
    ("x = show_source(len)\nassert x is None", False),
    ("draw_board(b, ax)\nassert b", False),
    ("def f():\n    assert True", False),                       # defines something
    ("check('03.1', answer);", False),
    ("print('ok')", False),
    ("assert (", False),                                        # not Python
])
def test_is_assert_only(source, expected):
    assert tag_slides.is_assert_only(source) is expected


def _cell(kind: str, source: str, **metadata) -> dict:
    cell = {"cell_type": kind, "metadata": metadata, "source": source}
    if kind == "code":
        cell.update(execution_count=None, outputs=[])
    return cell


def test_tagging_rules_keep_metadata_and_are_idempotent(tmp_path):
    nb = {"cells": [
        _cell("markdown", "# Title — ünïcode"),
        _cell("code", "x = 1\nx"),
        _cell("markdown", "Short finding."),
        _cell("markdown", "## Section", jupyter={"source_hidden": False}),
        _cell("markdown", "An explanation " * 40),
        _cell("code", "y = x + 1\nprint(y)", tags=["keep-me"], custom={"a": 1}),
        _cell("code", "assert y == 2"),
        _cell("markdown", "**Solution to exercise 1.**", tags=["solution"], jupyter={"source_hidden": True}),
        _cell("markdown", "### Sub", slideshow={"slide_type": "notes", "other": 3}),
        _cell("code", "assert x == 1", tags=["check"]),
        _cell("markdown", "After a skipped check: the previous shown cell is a heading."),
    ], "metadata": {"kernelspec": {"name": "python3"}, "rise": {"scroll": False}},
        "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")

    assert tag_slides.tag_file(path) is True
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and "ünïcode" in text and '\n "cells": [\n  {\n' in text     # indent=1, no escapes
    out = json.loads(text)
    kinds = [c["metadata"]["slideshow"]["slide_type"] for c in out["cells"]]
    assert kinds == ["slide", "-", "fragment", "slide", "-", "-", "-", "skip", "subslide", "skip", "-"]
    cells = out["cells"]
    assert cells[5]["metadata"]["tags"] == ["keep-me"] and cells[5]["metadata"]["custom"] == {"a": 1}
    assert cells[8]["metadata"]["slideshow"] == {"slide_type": "subslide", "other": 3}
    assert cells[3]["metadata"]["jupyter"] == {"source_hidden": False}
    assert "tags" not in cells[6]["metadata"]                    # no tags added without --tag-checks
    assert all(c.get("outputs", []) == [] for c in cells)
    assert out["metadata"]["rise"] == {"scroll": False} and out["metadata"]["kernelspec"] == {"name": "python3"}

    assert tag_slides.tag_file(path) is False                    # idempotent: nothing to do
    assert path.read_text(encoding="utf-8") == text

    assert tag_slides.main(["--tag-checks", str(path)]) == 0
    cells = load(path)["cells"]
    assert cells[6]["metadata"]["tags"] == ["check"] and cells[6]["metadata"]["slideshow"]["slide_type"] == "skip"
    assert cells[9]["metadata"]["tags"] == ["check"]             # not tagged twice
    assert tag_slides.tag_file(path, tag_checks=True) is False
