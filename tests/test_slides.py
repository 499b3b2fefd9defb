"""Every notebook is also a slide deck: each cell has a slide type, and checks and solutions are skipped.

The slide types are set by ``scripts/tag_slides.py`` (run it after editing a notebook). An
*assert-only* cell (see ``tag_slides.is_assert_only``: it asserts, and shows nothing) must be
tagged ``check``, so that it is skipped on the slides and in the HTML.
"""

from __future__ import annotations

import doctest
import sys
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402

NOTEBOOKS = lessons(ROOT / "notebooks")
import tag_slides  # noqa: E402  (one copy in sys.modules, so doctest finds its examples whoever imports it first)


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
    def design(cell):
        meta = cell.get("metadata", {})
        return meta.get("slideshow", {}).get("slide_type"), meta.get("jupyter", {}).get("source_hidden", False)

    want = [design(c) for c in load(copy)["cells"]]
    have = [design(c) for c in load(path)["cells"]]
    assert have == want, f"{path.name}: slide types or folds out of date; run python scripts/tag_slides.py"


@pytest.mark.parametrize("source, folded", [
    ("fig, ax = plt.subplots()\nax.plot(xs, ys)\nax.set_title('t')\nplt.show()", True),
    ("fig, ax = plt.subplots()\n\nax.plot(xs, ys)\n\nplt.show()", False),        # 3 lines of code
    ("draw_board(b)", False),                                                     # one call is the idea
    ("route = shortest_path(b)\nprint(len(route))\nfor b in route:\n    print(b)", False),  # draws nothing
    ("a = 1\nb = 2\nc = 3\ndraw_path(route, per_row=3)", True),
])
def test_a_drawing_cell_of_four_lines_or_more_is_folded(source, folded):
    nb = {"cells": [_cell("code", source)], "metadata": {}}
    meta = tag_slides.tag_notebook(nb)["cells"][0]["metadata"]
    assert meta.get("jupyter", {}).get("source_hidden", False) is folded


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
        _cell("markdown", "Short finding.", tags=["on-slide"]),
        _cell("markdown", "## Section", jupyter={"source_hidden": False}),
        _cell("markdown", "An explanation " * 40),
        _cell("code", "y = x + 1\nprint(y)", tags=["keep-me"], custom={"a": 1}),
        _cell("code", "assert y == 2"),
        _cell("markdown", "**Solution to exercise 1.**", tags=["solution"], jupyter={"source_hidden": True}),
        _cell("markdown", "### Sub", slideshow={"slide_type": "notes", "other": 3}),
        _cell("code", "assert x == 1", tags=["check"]),
        _cell("markdown", "After a skipped check: the previous shown cell is a heading.", tags=["on-slide"]),
    ], "metadata": {"kernelspec": {"name": "python3"}, "rise": {"scroll": False}},
        "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "nb.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")

    assert tag_slides.tag_file(path) is True
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n") and "ünïcode" in text and '\n "cells": [\n  {\n' in text     # indent=1, no escapes
    out = json.loads(text)
    kinds = [c["metadata"]["slideshow"]["slide_type"] for c in out["cells"]]
    assert kinds == ["slide", "-", "fragment", "slide", "notes", "-", "-", "skip", "subslide", "skip", "-"]
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
    # an evidence cell is folded in every view: hide-input for the site, source_hidden for JupyterLab
    assert cells[6]["metadata"]["tags"] == ["check", "hide-input"] and cells[6]["metadata"]["slideshow"]["slide_type"] == "skip"
    assert cells[6]["metadata"]["jupyter"]["source_hidden"] is True
    assert cells[9]["metadata"]["tags"] == ["check", "hide-input"]             # not tagged twice
    assert tag_slides.tag_file(path, tag_checks=True) is False


@pytest.mark.parametrize("cell, previous, expected", [
    (_cell("markdown", "A proof in prose."), None, "notes"),                       # the lecturer says it
    (_cell("markdown", "**Theorem.** ...", tags=["on-slide"]), None, "-"),         # the room sees it
    (_cell("markdown", "Found: 4.", tags=["on-slide"]), _cell("code", "f()"), "fragment"),
    (_cell("markdown", "Long. " * 80, tags=["on-slide"]), _cell("code", "f()"), "-"),
    (_cell("markdown", "Next.", tags=["on-slide", "fragment"]), _cell("markdown", "x"), "fragment"),
    (_cell("markdown", "The second half.", tags=["new-slide"]), None, "subslide"),
    (_cell("markdown", "## Heading and a line"), None, "slide"),
    (_cell("markdown", "### A heading", tags=["off-slide"]), None, "skip"),
    (_cell("code", "draw(b)", tags=["new-slide"]), None, "subslide"),
    (_cell("code", "f()", tags=["fragment"]), None, "fragment"),
    (_cell("code", "setup()", tags=["off-slide"]), None, "skip"),
    (_cell("code", "f()"), None, "-"),
])
def test_each_design_tag_gives_its_slide_type(cell, previous, expected):
    assert tag_slides.slide_type(cell, previous) == expected


def test_notes_do_not_count_as_the_cell_before_a_finding():
    """A note between a result and its finding does not stop the finding being a fragment."""
    nb = {"cells": [_cell("code", "f()"), _cell("markdown", "A remark for the lecturer."),
                    _cell("markdown", "Found: 4.", tags=["on-slide"])], "metadata": {}}
    kinds = [c["metadata"]["slideshow"]["slide_type"] for c in tag_slides.tag_notebook(nb)["cells"]]
    assert kinds == ["-", "notes", "fragment"]


def test_only_the_appendix_is_left_out_of_the_decks():
    left_out = [p.name for p in NOTEBOOKS if not tag_slides.is_deck(p)]
    assert left_out == ["09_claims_checked.ipynb"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_a_slide_figure_scale_is_a_fraction(path):
    for i, cell in enumerate(load(path)["cells"]):
        scale = cell.get("metadata", {}).get("slides", {}).get("figure_scale")
        if scale is not None:
            assert isinstance(scale, (int, float)) and 0 < scale <= 1, f"{where(path, i, cell)}: {scale!r}"
