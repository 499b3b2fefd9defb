"""Every notebook runs top to bottom without an error: the one execution per `make test`.

The executed copy comes from scripts/executed.py, which keeps it in build/executed/ for the site, the
slides and the figure checks of test_lessons.py: a notebook is run again only when it or puzzlelib
changed (PUZZLE_FRESH=1 runs every one again). CI starts from a clean clone, so there it always runs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
import executed  # noqa: E402

NOTEBOOKS = lessons(ROOT / "notebooks")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_the_notebook_runs_without_an_error(path):
    nb = executed.executed(path)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, f"{path.name}: {errors[0].get('ename')}: {errors[0].get('evalue')}"
    code = [c for c in nb.cells if c.cell_type == "code" and c.source.strip()]
    assert code and all(c.get("execution_count") for c in code), f"{path.name}: a code cell did not run"
    assert nb.metadata["executed"]["key"] == executed.key(path)
