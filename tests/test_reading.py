"""What a reader sees as JupyterLab opens a lesson: the idea in sight, drawing and evidence folded.

scripts/reading_load.py measures it; these are the limits of issue 25 over notebooks 00-08: at most 40
drawing lines in sight, no code cell in sight longer than 15 lines, and at least 500 other lines still
in sight (the lesson is not folded away). Every evidence cell (``check``, ``measure``), imports cell
(``setup``) and folded drawing cell is folded in every view (scripts/tag_slides.py decides), and every
link between notebooks reads as the page's title.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
import reading_load  # noqa: E402
import tag_slides  # noqa: E402

LESSONS = lessons(ROOT / "notebooks", "0[0-8]_*.ipynb")
ALL = lessons(ROOT / "notebooks")
TITLES = {p.name[:2]: next(line[2:] for c in nbformat.read(p, as_version=4).cells if c.cell_type == "markdown"
                           for line in c.source.splitlines() if line.startswith("# ")) for p in ALL}


def test_drawing_and_long_cells_are_out_of_sight_and_the_lesson_is_not():
    totals = [reading_load.measure(p) for p in LESSONS]
    assert sum(m["drawing"] for m in totals) <= 40
    assert [p.name for p, m in zip(LESSONS, totals) if m["long"]] == []
    assert sum(m["other"] for m in totals) >= 500


def test_the_measure_sees_a_long_drawing_cell_in_sight():
    cell = nbformat.v4.new_code_cell("\n".join(["fig, ax = plt.subplots()"] + [f"ax.plot([{i}])" for i in range(16)]))
    assert reading_load.in_sight(cell) and len(reading_load.code_lines(cell)) == 17
    assert sum(1 for line in reading_load.code_lines(cell) if reading_load.DRAWING.search(line)) == 17


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_evidence_and_imports_are_folded_in_every_view(path):
    for i, cell in enumerate(nbformat.read(path, as_version=4).cells):
        tags = set(cell.metadata.get("tags", []))
        if tag_slides.evidence(cell) or tag_slides.folds(cell):
            assert "hide-input" in tags, f"{path.name} cell {i}: folded on the site (hide-input)"
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, f"{path.name} cell {i}"
        if cell.cell_type == "code" and "show_source(" in cell.source:
            assert not tags & (tag_slides.EVIDENCE_TAGS | {"hide-input"}), f"{path.name} cell {i}: show_source stays in sight"


@pytest.mark.parametrize("path", ALL, ids=[p.name for p in ALL])
def test_links_between_notebooks_name_the_page(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "markdown":
            continue
        for text, number in re.findall(r"\[([^\]]+)\]\((\d\d)_[a-z_]+\.ipynb[^)]*\)", cell.source):
            assert not re.fullmatch(r"(notebook )?\d\d|\S+\.ipynb", text.strip()), (path.name, text)
            title = set(re.findall(r"[a-z]+", TITLES[number].lower()))
            assert any(len(w) >= 3 and w in title for w in re.findall(r"[a-z]+", text.lower())), \
                (path.name, text, TITLES[number])
