"""Small helpers for the notebooks: show a function's source, collect garbage less often (exercise checks are
in :mod:`puzzlelib.course.exercises`)."""

from __future__ import annotations

import ast
import gc
import inspect
import textwrap

__all__ = ["source", "show_source", "fewer_collections", "COLLECT_EVERY"]

COLLECT_EVERY = 50_000
"""New objects between two runs of Python's cycle collector after :func:`fewer_collections` (700 by default)."""


def fewer_collections() -> tuple[int, int, int]:
    """Let Python look for reference cycles every 50,000 new objects instead of every 700; return the old setting.

    Python frees most objects the moment the last reference to them goes. Only objects that
    refer to each other in a cycle need its *cycle collector*, which by default looks through the
    newest objects after every 700 allocations, and through older ones every tenth and hundredth time.
    The notebooks build tables of hundreds of thousands of tuples of tiles, which can't form cycles,
    and the collector spends about a tenth of the notebooks' time looking through them. Each notebook's
    setup cell calls this; the cycles (figures, widgets) are still collected, a little later.

    >>> import gc
    >>> old = fewer_collections()
    >>> gc.get_threshold()[0]
    50000
    >>> gc.set_threshold(*old)
    """
    old = gc.get_threshold()
    gc.set_threshold(COLLECT_EVERY, 20, 20)
    return old


def source(obj) -> str:
    """The source code of a puzzlelib function or class, as a string, from its ``def`` or ``class`` line.

    A function behind a :func:`~puzzlelib.core.door.door` is shown as its body, the algorithm: the decorator
    line that names the checks is left out (the checks are the door's, not the lesson's).

    >>> from puzzlelib import to_key
    >>> source(to_key).splitlines()[0]
    'def to_key(board) -> int:'
    """
    text = inspect.getsource(obj)                       # follows __wrapped__ to the body
    lines = text.splitlines(keepends=True)
    tree = ast.parse(textwrap.dedent(text))
    first = tree.body[0]
    start = first.lineno - 1 if isinstance(first, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else 0
    return "".join(lines[start:])


def show_source(obj) -> None:
    """Display ``obj``'s source, syntax-highlighted, in a notebook (printed elsewhere).

    The notebooks use this to show the one copy of each algorithm, the one in
    puzzlelib, rather than pasting a second copy.

    >>> from puzzlelib import to_key
    >>> show_source(to_key)  # doctest: +ELLIPSIS
    def to_key(board) -> int:
    ...
    """
    from IPython.display import Markdown, display

    md = Markdown(f"```python\n{source(obj)}```")
    try:
        from IPython import get_ipython

        shell = get_ipython()
    except ImportError:  # pragma: no cover
        shell = None
    if shell is not None:
        display(md)
    else:
        print(source(obj), end="")
