"""puzzlelib.course.notebook.fewer_collections: the setup cells' one line that makes the cycle collector run less often."""

import gc
import json
import sys
from pathlib import Path

from puzzlelib.course.notebook import COLLECT_EVERY, fewer_collections

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from lessons import lessons  # noqa: E402


def test_it_sets_the_threshold_and_returns_the_old_one():
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        assert fewer_collections() == (700, 10, 10)
        assert gc.get_threshold() == (COLLECT_EVERY, 20, 20) and COLLECT_EVERY > 700
        assert gc.isenabled()                      # less often, never off: figures and widgets form cycles
        garbage = []
        garbage.append(garbage)                    # a cycle: still collected when asked
        del garbage
        assert gc.collect() >= 1
    finally:
        gc.set_threshold(*before)


def test_the_notebooks_that_build_big_tables_call_it_in_their_setup():
    calling = []
    for path in lessons():
        cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        first_imports = next(c for c in cells if "import " in "".join(c["source"]))
        if "fewer_collections()" in "".join(first_imports["source"]):
            calling.append(path.name[:2])
    assert calling == ["00", "01", "02", "03", "04", "05", "07", "08", "09"], calling
