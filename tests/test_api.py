"""The shape of puzzlelib: a small top-level surface, documented modules, and lessons that show only public code."""

from __future__ import annotations

import sys
import ast
import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import nbformat
import pytest

import puzzlelib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
NOTEBOOKS = lessons(ROOT / "notebooks")
MODULES = sorted(m.name for m in pkgutil.walk_packages(puzzlelib.__path__, "puzzlelib."))

TOP_LEVEL = [
    "Board", "to_key", "from_key", "rank", "unrank",
    "inversions", "is_solvable", "explain",
    "random_solvable", "scramble",
    "min_moves", "shortest_path", "bfs_layers", "distances", "distance_counts", "farthest", "solve_optimal",
    "state_graph", "draw_board", "draw_path", "draw_state_graph",
    "PuzzleError", "TooLargeError", "show_source", "check", "hint", "reveal",
]
"""The student's surface. Change this list on purpose, never by accident; keep it at 30 names or fewer."""


def test_the_top_level_surface_is_small_and_deliberate():
    assert len(TOP_LEVEL) <= 30
    assert puzzlelib.__all__ == TOP_LEVEL
    # dir(), not vars(): solve_optimal is imported when first asked for (it brings numba)
    # the subpackages, and an old name's package once something imported it (puzzlelib.search, see _moved)
    public = {name for name in dir(puzzlelib) if not name.startswith("_")
              and not inspect.ismodule(getattr(puzzlelib, name, None))}
    assert public == set(TOP_LEVEL), f"names at the top level but not in __all__: {public - set(TOP_LEVEL)}"
    assert all(callable(getattr(puzzlelib, name)) for name in TOP_LEVEL)


def test_the_tree_shows_the_layers():
    """Every module lives in the subpackage of its audience (tests/test_layers.py keeps the imports one way):
    the lesson core, the engines, the pictures, the player and the course; nothing else is nested."""
    packages = {m for m in MODULES if hasattr(importlib.import_module(m), "__path__")}
    assert packages == {"puzzlelib.core", "puzzlelib.engines", "puzzlelib.draw", "puzzlelib.player",
                        "puzzlelib.course", "puzzlelib.course.exercises", "puzzlelib.course.evidence"}
    assert {m for m in MODULES if m.count(".") == 1 and m not in packages} == {"puzzlelib._moved"}


def defined_here(module):
    """Public functions and classes defined in ``module`` itself (not imported into it)."""
    for name, obj in vars(module).items():
        if name.startswith("_") or not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if getattr(obj, "__module__", None) == module.__name__:
            yield name, obj


@pytest.mark.parametrize("name", MODULES)
def test_every_module_and_public_name_is_documented(name):
    module = importlib.import_module(name)
    assert (module.__doc__ or "").strip(), f"{name} has no module docstring"
    for attr, obj in defined_here(module):
        doc = inspect.getdoc(obj) or ""
        assert doc, f"{name}.{attr} has no docstring"
        if inspect.isfunction(obj):
            assert ">>>" in doc, f"{name}.{attr} has no runnable example in its docstring"


def _code_cells(path):
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type == "code":
            # IPython magics are not Python: drop them before parsing
            yield "\n".join(line for line in cell.source.splitlines() if not line.lstrip().startswith(("%", "!")))


def _resolve(dotted: str):
    parts = dotted.split(".")
    obj = importlib.import_module(parts[0])
    for i, part in enumerate(parts[1:], 1):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            obj = importlib.import_module(".".join(parts[:i + 1]))
    return obj


def puzzlelib_names(path):
    """What a notebook takes from puzzlelib.

    Returns (local name -> dotted path, every dotted name imported, the show_source arguments, the cells' trees).
    """
    bound: dict[str, str] = {}
    imported: list[str] = []
    shown: list[str] = []
    trees = []
    for source in _code_cells(path):
        tree = compile(source, str(path), "exec", flags=ast.PyCF_ONLY_AST | ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
        trees.append(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("puzzlelib"):
                for alias in node.names:
                    imported.append(f"{node.module}.{alias.name}")
                    bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("puzzlelib"):
                        imported.append(alias.name)
                        bound[alias.asname or alias.name.split(".")[0]] = alias.asname and alias.name or "puzzlelib"
            elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "show_source":
                shown.append(ast.unparse(node.args[0]))
    return bound, imported, shown, trees


def shown_objects(path):
    """(expression, object) for every show_source call in a notebook."""
    bound, _, shown, _ = puzzlelib_names(path)
    for expr in shown:
        head, *rest = expr.split(".")
        assert head in bound, f"{path.name} shows {expr}, which is not imported from puzzlelib"
        yield expr, _resolve(".".join([bound[head], *rest]))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebooks_import_and_show_only_public_names_that_exist(path):
    bound, imported, shown, trees = puzzlelib_names(path)
    for dotted in imported:
        assert not dotted.rsplit(".", 1)[-1].startswith("_"), f"{path.name} imports private {dotted}"
        _resolve(dotted)                                        # raises if it doesn't exist
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound:
                assert not (node.attr.startswith("_") and not node.attr.startswith("__")), (
                    f"{path.name} uses private {node.value.id}.{node.attr}")
    for expr in shown:
        assert not re.search(r"(^|\.)_[a-zA-Z]", expr), f"{path.name} shows private code: show_source({expr})"
    assert len(list(shown_objects(path))) == len(shown)         # each one resolves, or this raises


def test_each_shared_concept_has_one_home():
    """Errors, limits, the result of a search, its refusals and its dispatch each live in one module."""
    from puzzlelib.core import errors, limits
    from puzzlelib.engines import dispatch
    from puzzlelib.core import guards, results

    assert puzzlelib.TooLargeError is errors.TooLargeError and limits.TooLargeError is errors.TooLargeError
    assert errors.SearchBudgetError is errors.NodeLimitError
    assert puzzlelib.distance_counts is dispatch.distance_counts and puzzlelib.farthest is dispatch.farthest
    assert {"refuse_far", "refuse_component", "search_limit", "astar_max_nodes"} <= set(guards.__all__)
    assert results.__all__ == ["SearchResult"]
    for module in MODULES:
        if module.startswith(("puzzlelib.core.", "puzzlelib.engines.")):
            source = Path(importlib.import_module(module).__file__).read_text()
            assert "class SearchResult" not in source or module == "puzzlelib.core.results"
            assert "from .bfs import refuse" not in source, f"{module} takes refusals from the teaching bfs"
