"""Small helpers for the notebooks: show a function's source (exercise checks are in :mod:`puzzlelib.exercises`)."""

from __future__ import annotations

import inspect

__all__ = ["source", "show_source"]


def source(obj) -> str:
    """The source code of a puzzlelib function or class, as a string.

    >>> from puzzlelib import to_key
    >>> source(to_key).splitlines()[0]
    'def to_key(board) -> int:'
    """
    return inspect.getsource(obj)


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
