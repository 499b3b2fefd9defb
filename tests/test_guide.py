"""The lecturer's guide: three plans of 90 minutes, built from notebooks and exercises that exist."""

from __future__ import annotations

import sys
import re
from pathlib import Path

import puzzlelib
from puzzlelib.course.exercises import EXERCISES

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
GUIDE = ROOT / "docs" / "lecturers_guide.md"


def plans():
    """{lecture title: its markdown} for each '## Lecture' section."""
    parts = re.split(r"^## ", GUIDE.read_text(encoding="utf-8"), flags=re.M)
    return {p.splitlines()[0]: p for p in parts if p.startswith("Lecture")}


def test_three_plans_of_90_minutes_each():
    found = plans()
    assert len(found) == 3, list(found)
    for title, text in found.items():
        minutes = [int(m) for m in re.findall(r"^\|\s*(\d+)\s*\|", text, flags=re.M)]
        assert len(minutes) >= 4, f"{title}: no timed parts"
        assert sum(minutes) == 90, f"{title}: the parts add up to {sum(minutes)} minutes"
        for needed in ("Questions to ask the room", "Misconceptions to expect", "Homework", "run live"):
            assert needed in text, f"{title} has no {needed!r}"
        questions = re.findall(r"^\d\. ", text.split("Questions to ask the room")[1].split("Misconceptions")[0], re.M)
        assert len(questions) == 2, f"{title}: {len(questions)} questions for the room"
        homework = re.findall(r"`(\d\d\.\d)`", text.split("Homework")[-1])
        assert homework, f"{title}: no homework"


def test_every_exercise_notebook_and_function_named_exists():
    text = GUIDE.read_text(encoding="utf-8")
    for ex in re.findall(r"`(\d\d\.\d)`", text):
        assert ex in EXERCISES, f"the guide names exercise {ex}, which is not registered"
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    assert len(links) >= 9
    for link in links:
        assert (GUIDE.parent / link).resolve().exists(), f"the guide links to missing {link}"
    for name in re.findall(r"`([a-z_]+)\(", text):
        if name not in {"check", "show_source", "graph_search", "key_of", "rank_of", "bfs_path",
                        "count_inversions", "solvable", "make_puzzle", "keeps_solvable", "heuristic", "stronger",
                        "distance_profile"}:   # puzzlelib.draw.search, as the notebooks import it
            assert hasattr(puzzlelib, name), f"the guide runs {name}(), which puzzlelib does not export"


def test_every_live_call_runs_as_written_in_a_fresh_interpreter(tmp_path):
    """Each ```python block of the guide runs, imports included, in a new Python process in notebooks/
    (``display`` is given as in a notebook), and each call named in a "run live" column is in one."""
    import subprocess
    import sys

    text = GUIDE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 3
    for block in blocks:
        script = tmp_path / "live.py"
        script.write_text("import matplotlib\nmatplotlib.use('Agg')\ndisplay = print\n" + block, encoding="utf-8")
        done = subprocess.run([sys.executable, str(script)], cwd=ROOT / "notebooks", capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, f"a live call in the guide fails:\n{block}\n{done.stderr[-2000:]}"
    live_column = "\n".join(line.rsplit("|", 2)[-2] for line in text.splitlines() if re.match(r"\|\s*\d+\s*\|", line))
    for call in re.findall(r"`([A-Za-z_]\w*\([^`]*\))`", live_column):
        assert any(call in block for block in blocks), f"the guide runs {call} live, but no block shows it"


def test_every_long_cell_shows_a_progress_bar_and_the_guide_names_it():
    """A cell tagged "long" is a deliberate long run: it shows a progress bar, and the guide warns of it."""
    import nbformat

    text = GUIDE.read_text(encoding="utf-8")
    long_cells = [(path.name, cell.source) for path in lessons(ROOT / "notebooks")
                  for cell in nbformat.read(path, as_version=4).cells
                  if "long" in cell.metadata.get("tags", [])]
    assert long_cells, "no cell is tagged long: drop this test and the guide's paragraph"
    for name, source in long_cells:
        assert "tqdm(" in source or "progress=True" in source, f"{name}: a cell tagged long shows no progress bar"
        assert f"(../notebooks/{name})" in text.split("Cells that take a moment")[1].split("\n\n")[0], \
            f"the guide does not name {name}'s long cell"
