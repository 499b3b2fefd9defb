"""Give every cell of every notebook a slide type, so a notebook is also a slide deck.

Usage: python scripts/tag_slides.py [--tag-checks] [NOTEBOOK ...]   (default: the lessons, notebooks/NN_*.ipynb)

Sets ``metadata.slideshow.slide_type`` on EVERY cell (jupyterlab-rise's live slides,
"Render as Reveal Slideshow", and nbconvert's SlidesExporter read it). A slide holds what the room must
see; the lecturer says the rest, so prose goes to the speaker notes unless it is tagged for the
slide. The design of a deck is a few tags per notebook:

* a cell tagged ``check`` or ``solution`` (or ``off-slide``) -> "skip"     (not shown, not in the notes)
* a markdown cell starting with ``# `` or ``## ``             -> "slide"    (a new slide)
* a markdown cell starting with ``### ``, or a cell tagged ``new-slide``
                                                             -> "subslide" (a new slide below it)
* a markdown cell tagged ``on-slide`` (a statement, a question for the room)
                                                             -> "fragment" when it is short and right after
                                                                code (the finding that follows a result),
                                                                "-" otherwise (on the current slide)
* any other markdown cell (explanation, proof, remarks)      -> "notes"    (the speaker notes)
* a code cell                                                -> "-", or "fragment" if tagged ``fragment``
                                                                (its source is left off the slide when it
                                                                draws a figure: scripts/build_slides.py)

What is folded is decided here too, one rule for JupyterLab, the site and the slides: a drawing cell of
4 lines or more (:func:`folds`), every evidence cell, tagged ``check``, and each notebook's imports,
tagged ``setup`` (:func:`evidence`), get ``jupyter.source_hidden`` and the ``hide-input`` tag for the
site. On the slides a figure's code is left off and evidence is skipped (scripts/build_slides.py).

It also sets the notebook-level ``metadata.rise.scroll = true`` (if ``rise.scroll`` is not set
already), so a long slide scrolls in jupyterlab-rise instead of being cut off.

``--tag-checks`` also adds the tag ``check`` to every assert-only code cell (see
:func:`is_assert_only`); without it the script changes no tags. Every other key of the cell
and notebook metadata, and every tag, is kept. The result is deterministic and idempotent:
running it twice changes nothing the second time, and a notebook that is already up to date
is not rewritten. Files are written as nbformat does (indent=1, ensure_ascii=False, a trailing
newline); outputs are never added or changed.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import lessons  # noqa: E402

SLIDE_TYPES = ("slide", "subslide", "fragment", "-", "skip", "notes")
SKIP_TAGS = ("check", "solution")
EVIDENCE_TAGS = {"check", "measure", "setup"}   # folded in every view: see evidence()
FRAGMENT_MAX_CHARS = 300            # a markdown cell this short after a code cell is a "finding" fragment

# Calls that show something: printing, rich display, the source viewer, plotting and drawing.
DISPLAY_CALLS = {"print", "display", "show_source", "show", "imshow", "plot", "bar", "barh", "hist",
                 "scatter", "subplots", "figure", "savefig", "HTML", "Markdown", "Image"}
DISPLAY_PREFIXES = ("draw_", "plot_", "show_")
DISPLAY_MODULES = {"plt", "pyplot", "ax", "axes", "fig", "sns"}
ALLOWED = (ast.Assert, ast.Import, ast.ImportFrom, ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Pass)
BLOCKS = (ast.For, ast.While, ast.If, ast.With, ast.Try)


def _source(cell: dict) -> str:
    src = cell.get("source", "")
    return "".join(src) if isinstance(src, list) else src


def _call_name(call: ast.Call) -> tuple[str, str]:
    """(root name, last name) of a call: plt.subplots -> ("plt", "subplots"), print -> ("print", "print")."""
    f, last = call.func, ""
    while isinstance(f, (ast.Attribute, ast.Call, ast.Subscript)):
        if isinstance(f, ast.Attribute) and not last:
            last = f.attr
        f = f.value if isinstance(f, (ast.Attribute, ast.Subscript)) else f.func
    root = f.id if isinstance(f, ast.Name) else ""
    return root, last or root


def _shows_something(call: ast.Call) -> bool:
    root, last = _call_name(call)
    return (last in DISPLAY_CALLS or last.startswith(DISPLAY_PREFIXES) or root in DISPLAY_MODULES
            or root in DISPLAY_CALLS or root.startswith(DISPLAY_PREFIXES))


def _only_allowed(statements) -> bool:
    for node in statements:
        if isinstance(node, ALLOWED):
            continue
        if isinstance(node, BLOCKS):
            parts = [node.body, getattr(node, "orelse", []), getattr(node, "finalbody", [])]
            parts += [h.body for h in getattr(node, "handlers", [])]
            if all(_only_allowed(p) for p in parts):
                continue
        return False
    return True


def is_assert_only(source: str) -> bool:
    """True for a code cell that only checks: it asserts and shows nothing.

    Precisely, the cell's source parses as Python (no IPython magics) and

    1. its syntax tree contains at least one ``assert`` statement;
    2. every statement, at the top level and inside ``for``/``while``/``if``/``with``/``try``
       blocks, is an ``assert``, an import, an assignment (``=``, ``+=``, annotated) or
       ``pass``: no bare expression (whose value Jupyter would display, or a call made for its
       effect), no ``def``/``class`` (a cell that defines something teaches it);
    3. no call anywhere in it shows something: ``print``, ``display``, ``show_source``,
       ``plt.*`` / ``ax.*`` / ``fig.*``, ``draw_*``, ``plot_*``, ``show*``, ``subplots``...

    >>> is_assert_only("x = 2 + 2\\nassert x == 4")
    True
    >>> is_assert_only("for n in range(3):\\n    assert n < 3")
    True
    >>> is_assert_only("x = 4\\nassert x == 4\\nx")            # the last line displays x
    False
    >>> is_assert_only("print(4)\\nassert True")
    False
    >>> is_assert_only("fig, ax = plt.subplots()\\nassert ax")
    False
    >>> is_assert_only("x = 4")                               # no assert: not a check
    False
    >>> is_assert_only("%time assert True")
    False
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    if not any(isinstance(node, ast.Assert) for node in ast.walk(tree)):
        return False
    if not _only_allowed(tree.body):
        return False
    return not any(isinstance(node, ast.Call) and _shows_something(node) for node in ast.walk(tree))


SLIDE_TAGS = ("on-slide", "off-slide", "new-slide", "fragment")     # the tags that design a deck


def slide_type(cell: dict, previous: dict | None) -> str:
    """The slide type of ``cell``, given the shown cell before it (None for the first cell)."""
    tags = cell.get("metadata", {}).get("tags", [])
    if any(tag in tags for tag in SKIP_TAGS + ("off-slide",)):
        return "skip"
    if cell.get("cell_type") == "markdown":
        text = _source(cell).lstrip()
        if text.startswith(("# ", "## ")):
            return "slide"
        if text.startswith("### ") or "new-slide" in tags:
            return "subslide"
        if "on-slide" not in tags:
            return "notes"
        if "fragment" in tags or (previous is not None and previous.get("cell_type") == "code"
                                  and len(text) <= FRAGMENT_MAX_CHARS and "\n#" not in text):
            return "fragment"
        return "-"
    if "new-slide" in tags:
        return "subslide"
    return "fragment" if "fragment" in tags else "-"


FOLD_LINES = 4                      # a drawing cell this long has its code folded (jupyter.source_hidden)
DRAW_MODULES = {"plt", "pyplot", "ax", "axes", "fig", "ax1", "ax2", "ax3"}


def draws_a_figure(source: str) -> bool:
    """True for code that draws: it calls ``plt.*``, ``ax.*``, ``fig.*``, ``draw_*`` or ``plot_*``.

    >>> draws_a_figure("fig, ax = plt.subplots()\\nax.plot([1, 2])")
    True
    >>> draws_a_figure("draw_path(route, per_row=3)")
    True
    >>> draws_a_figure("print(min_moves(start))")
    False
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            root, last = _call_name(node)
            if root in DRAW_MODULES or root.startswith(("draw_", "plot_")) or last.startswith(("draw_", "plot_")):
                return True
    return False


def folds(cell: dict) -> bool:
    """A code cell whose point is its figure: it draws and is FOLD_LINES lines or longer (blank lines not counted).

    Its code is folded in JupyterLab and on the live slides, so the figure is what a reader and the room see
    first; one click shows the code. The static decks leave it out (scripts/build_slides.py).
    """
    source = _source(cell)
    lines = [line for line in source.splitlines() if line.strip()]
    return cell.get("cell_type") == "code" and len(lines) >= FOLD_LINES and draws_a_figure(source)


def evidence(cell: dict) -> bool:
    """A code cell that checks or audits a claim, tagged ``check``; one that times or measures and prints
    its table, tagged ``measure``; or a notebook's imports, tagged ``setup`` (plumbing, not the lesson).
    It still runs, but its code is folded in every view: ``jupyter.source_hidden`` in JupyterLab, the
    ``hide-input`` tag on the site (myst-nb shows a "show code" toggle), and on the slides a ``check``
    cell is skipped and the others show their output without their code. The code that states an idea
    and every ``show_source`` cell are never tagged so, and they stay in sight.

    >>> evidence({"cell_type": "code", "metadata": {"tags": ["check"]}, "source": "assert 1 + 1 == 2"})
    True
    >>> evidence({"cell_type": "code", "metadata": {}, "source": "show_source(inversions)"})
    False
    """
    return cell.get("cell_type") == "code" and bool(EVIDENCE_TAGS & set(cell.get("metadata", {}).get("tags", [])))


def tag_notebook(nb: dict, tag_checks: bool = False) -> dict:
    """Set the slide type of every cell of ``nb`` (a notebook as plain JSON data) in place; return it."""
    cells = nb.get("cells", [])
    for i, cell in enumerate(cells):
        meta = cell.setdefault("metadata", {})
        if tag_checks and cell.get("cell_type") == "code" and is_assert_only(_source(cell)):
            tags = meta.setdefault("tags", [])
            if "check" not in tags:
                tags.append("check")
        # the previous *shown* cell decides "fragment": skipped cells do not count
        previous = next((c for c in reversed(cells[:i])
                         if c.get("metadata", {}).get("slideshow", {}).get("slide_type") not in ("skip", "notes")),
                        None)
        slideshow = meta.get("slideshow")
        if not isinstance(slideshow, dict):
            slideshow = meta["slideshow"] = {}
        slideshow["slide_type"] = slide_type(cell, previous)
        if folds(cell) or evidence(cell):    # one rule for the three views: folded in JupyterLab, on the site, on slides
            tags = meta.setdefault("tags", [])
            if "hide-input" not in tags:
                tags.append("hide-input")
        if folds(cell) or evidence(cell):
            jupyter = meta.get("jupyter")
            if not isinstance(jupyter, dict):
                jupyter = meta["jupyter"] = {}
            jupyter["source_hidden"] = True
    rise = nb.setdefault("metadata", {}).setdefault("rise", {})
    rise.setdefault("scroll", True)
    return nb


def is_deck(path: Path) -> bool:
    """False for a notebook whose metadata says ``"slides": {"deck": false}`` (the appendix: reference, not a lecture)."""
    return json.loads(path.read_text(encoding="utf-8")).get("metadata", {}).get("slides", {}).get("deck", True)


def dumps(nb: dict) -> str:
    """The notebook as nbformat writes it: indent=1, non-ASCII kept, sorted keys, a trailing newline."""
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def tag_file(path: Path, tag_checks: bool = False) -> bool:
    """Tag one notebook file; return True if it changed."""
    before = path.read_text(encoding="utf-8")
    after = dumps(tag_notebook(json.loads(before), tag_checks))
    if after == before:
        return False
    path.write_text(after, encoding="utf-8")
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", type=Path, help="default: the lessons, notebooks/NN_*.ipynb")
    parser.add_argument("--tag-checks", action="store_true",
                        help="also tag every assert-only code cell 'check' (and so skip it)")
    args = parser.parse_args(argv)
    paths = args.notebooks or lessons()
    for path in paths:
        changed = tag_file(path, args.tag_checks)
        nb = json.loads(path.read_text(encoding="utf-8"))
        counts = {}
        for cell in nb["cells"]:
            t = cell["metadata"]["slideshow"]["slide_type"]
            counts[t] = counts.get(t, 0) + 1
        summary = ", ".join(f"{counts[t]} {t}" for t in SLIDE_TYPES if t in counts)
        print(f"{path.name}: {'tagged' if changed else 'unchanged'} ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
