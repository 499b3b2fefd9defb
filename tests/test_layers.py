"""puzzlelib's layers by audience: imports go one way, downward; no import circle; no module over 700 lines.

From the bottom: ``core`` (the lesson: board, encodings, solvability, generating boards, the state graph,
the plain searches, each checked at its door), ``engines`` (the same searches faster or bigger, and their
files), ``draw`` (the pictures), ``player`` (the widgets), ``course`` (exercises, evidence, notebook
helpers). A module may import its own layer and the layers below it, never one above: a student reading
the core never meets an engine, and the core can be read, tested and shipped alone. Every import counts,
the ones inside a function too. ``puzzlelib/__init__.py`` (the student's surface) and ``_moved.py`` (the
old module names) sit on top of all of them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "puzzlelib"
LAYERS = ("core", "engines", "draw", "player", "course")
TOP = {"puzzlelib", "puzzlelib._moved"}
MAX_LINES = 700


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(name: str) -> int | None:
    """The layer's height (0 = core), or None for the top (the package's own __init__ and _moved)."""
    if name in TOP:
        return None
    part = name.split(".")[1]
    if part not in LAYERS:
        raise AssertionError(f"{name} is in no layer: put it in one of {', '.join(LAYERS)}")
    return LAYERS.index(part)


def imports(name: str, source: str, known) -> list[tuple[int, str, bool]]:
    """(line, module imported, at module level) for each puzzlelib module that ``source`` (module ``name``) imports."""
    is_package = name in known and known[name].name == "__init__.py"
    package = name.split(".") if is_package else name.split(".")[:-1]
    found = []
    tree = ast.parse(source)
    top_level = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1]) if node.level else ""
            head = ".".join(p for p in (base, node.module or "") if p)
            targets = [f"{head}.{alias.name}" if f"{head}.{alias.name}" in known else head for alias in node.names]
        for target in targets:
            if target.startswith("puzzlelib"):
                while target not in known and "." in target:
                    target = target.rsplit(".", 1)[0]
                found.append((node.lineno, target, id(node) in top_level))
    return found


def upward(name: str, source: str, known) -> list[str]:
    """The imports of ``source`` that go up a layer."""
    mine = layer(name)
    if mine is None:
        return []
    return list(dict.fromkeys(f"{name}:{line} imports {target}" for line, target, _ in imports(name, source, known)
                              if target != name and (layer(target) is None or layer(target) > mine)))


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle of ``graph`` found by a depth-first search (one per strongly connected part)."""
    index, low, stack, on_stack, found, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1 or v in graph.get(v, ()):
                found.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_module_is_in_a_layer():
    for name in modules():
        layer(name)                 # raises for a module outside core, engines, draw, player, course


def test_imports_go_only_downward():
    known = modules()
    bad = [line for name, path in known.items() for line in upward(name, path.read_text(), known)]
    assert not bad, "imports against the layers:\n" + "\n".join(bad)


def test_no_import_circle():
    known = modules()
    graph = {name: {target for _, target, _ in imports(name, path.read_text(), known)
                    if target != name and not name.startswith(target + ".") and not target.startswith(name + ".")}
             for name, path in known.items() if name not in TOP}
    assert not cycles(graph), f"import circles: {cycles(graph)}"


@pytest.mark.parametrize("name", sorted(modules()))
def test_no_module_over_700_lines(name):
    lines = len(modules()[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"{name} has {lines} lines, more than {MAX_LINES}"


def test_the_checks_catch_what_they_look_for():
    known = {"puzzlelib.core.bfs": PACKAGE / "core" / "bfs.py", "puzzlelib.engines.storage": PACKAGE / "x.py",
             "puzzlelib.core.board": PACKAGE / "core" / "board.py", "puzzlelib.draw": PACKAGE / "draw" / "__init__.py"}
    source = ("from ..engines.storage import sha256_bytes\nfrom .board import Board\n"
              "def f():\n    from puzzlelib.draw import draw_board\n")
    bad = upward("puzzlelib.core.bfs", source, known)
    assert bad == ["puzzlelib.core.bfs:1 imports puzzlelib.engines.storage",
                   "puzzlelib.core.bfs:4 imports puzzlelib.draw"], bad
    assert upward("puzzlelib.draw", "from ..core.board import Board\n", known) == []
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []
    with pytest.raises(AssertionError, match="in no layer"):
        layer("puzzlelib.search.bfs")
