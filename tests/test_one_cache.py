"""One cache layer: every answer kept for the next call lives in a puzzlelib.core.memo.Memo, every saved file
goes through puzzlelib.engines.storage's one record format, and nothing handed out aliases what is kept."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puzzlelib import Board, solve_optimal
from puzzlelib.core import memo
from puzzlelib.engines import tables
from puzzlelib.engines.optimal import distance_table

PACKAGE = Path(__file__).resolve().parent.parent / "puzzlelib"
CACHE_DECORATORS = {"lru_cache", "cache", "cached_property"}


def module_level_caches(source: str) -> list[str]:
    """Module-level functions behind functools' caches, and module-level dicts named like a cache."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for deco in node.decorator_list:
                target = deco.func if isinstance(deco, ast.Call) else deco
                name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", "")
                if name in CACHE_DECORATORS:
                    found.append(f"{node.name} (@{name}, line {node.lineno})")
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for t in targets:
                if isinstance(t, ast.Name) and re.search(r"cache|memo|remembered|_dicts$|_kept", t.id, re.I) \
                        and isinstance(node.value, (ast.Dict, ast.Call)) \
                        and not (isinstance(node.value, ast.Call) and getattr(node.value.func, "id", "") == "Memo"):
                    found.append(f"{t.id} (line {node.lineno})")
    return found


@pytest.mark.parametrize("path", sorted(PACKAGE.rglob("*.py")), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_keeps_a_cache_of_its_own(path):
    assert module_level_caches(path.read_text()) == [], "use puzzlelib.core.memo (Memo or @memo) instead"


def test_the_cache_check_finds_what_it_looks_for():
    source = ("from functools import lru_cache\n@lru_cache(maxsize=4)\ndef f(): pass\n"
              "@functools.cache\ndef g(): pass\n_remembered = {}\n_cache: dict = dict()\n"
              "_SPACES = Memo('x')\nREFERENCE = {}\n")
    assert module_level_caches(source) == ["f (@lru_cache, line 3)", "g (@cache, line 5)",
                                           "_remembered (line 6)", "_cache (line 7)"]


def test_one_interface_lists_and_clears_every_memo():
    memo.forget()
    assert memo.kept() == []
    tables.distances(Board.goal(2, 3))
    names = [name for name, _ in memo.kept()]
    assert "BFS spaces by goal" in names and "puzzlelib.core.board.neighbor_table" in names
    assert tables.kept() and tables.kept()[0][:2] == (Board.goal(2, 3), 360)
    memo.forget()
    assert memo.kept() == [] and tables.kept() == []


def test_a_memo_forgets_the_oldest_and_keeps_nothing_too_heavy():
    m = memo.Memo("test", weight=len, total=5, largest=4)
    for key in ("ab", "cd", "efg"):
        m.get(key, lambda key=key: key)
    assert m.keys() == ["cd", "efg"]                  # 2 + 2 + 3 > 5: "ab", used longest ago, went
    assert m.get("hijkl", lambda: "hijkl") == "hijkl" and "hijkl" not in m.keys()   # heavier than largest
    m.get("cd", lambda: "not made")
    assert m.keys() == ["efg", "cd"]                  # used again: now the newest


def test_what_is_handed_out_does_not_alias_what_is_kept():
    """issue 47 item 6: changing distance_table's answer once made every later solve_optimal fail."""
    goal = Board.goal(2, 3)
    table = distance_table(goal)
    board = next(Board._trusted(2, 3, tiles) for tiles, d in table.items() if d == 7)
    for tiles in table:
        table[tiles] = 0
    assert len(solve_optimal(board, progress=False)) - 1 == 7
    assert distance_table(goal)[board.tiles] == 7
