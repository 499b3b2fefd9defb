"""The modules' old names (before the core / engines / course layout) keep working for one release.

``import puzzlelib.search.bfs`` gives :mod:`puzzlelib.core.bfs` itself, with a ``DeprecationWarning`` that
names the new module; so does every old name below, and ``puzzlelib.search`` (which held the searches).

>>> import warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     from puzzlelib.search.heuristics import manhattan
>>> manhattan.__module__, "puzzlelib.core.heuristics" in str(caught[0].message)
('puzzlelib.core.heuristics', True)
>>> with warnings.catch_warnings():
...     warnings.simplefilter("ignore")
...     import puzzlelib.exercises.engine as old, puzzlelib.search.frontier as old_frontier
>>> import puzzlelib.course.exercises.engine as new, puzzlelib.engines.frontier as new_frontier
>>> old is new and old_frontier is new_frontier          # one module, never a second copy
True
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.util
import sys
import types
import warnings

__all__ = ["MOVED", "OLD_PACKAGES", "new_name", "install"]

MOVED = {
    "puzzlelib.errors": "puzzlelib.core.errors",
    "puzzlelib.door": "puzzlelib.core.door",
    "puzzlelib.board": "puzzlelib.core.board",
    "puzzlelib.palette": "puzzlelib.core.palette",
    "puzzlelib.encoding": "puzzlelib.core.encoding",
    "puzzlelib.solvability": "puzzlelib.core.solvability",
    "puzzlelib.generate": "puzzlelib.core.generate",
    "puzzlelib.graph": "puzzlelib.core.graph",
    "puzzlelib.limits": "puzzlelib.core.limits",
    "puzzlelib.reference": "puzzlelib.core.reference",
    "puzzlelib.search.guards": "puzzlelib.core.guards",
    "puzzlelib.search.results": "puzzlelib.core.results",
    "puzzlelib.search.generic": "puzzlelib.core.generic",
    "puzzlelib.search.bfs": "puzzlelib.core.bfs",
    "puzzlelib.search.heuristics": "puzzlelib.core.heuristics",
    "puzzlelib.search.informed": "puzzlelib.core.informed",
    "puzzlelib.search.constructive": "puzzlelib.core.constructive",
    "puzzlelib.search.pdb": "puzzlelib.engines.pdb",
    "puzzlelib.storage": "puzzlelib.engines.storage",
    "puzzlelib.space": "puzzlelib.engines.space",
    "puzzlelib.search.frontier": "puzzlelib.engines.frontier",
    "puzzlelib.search.bitarray": "puzzlelib.engines.bitarray",
    "puzzlelib.search.compiled": "puzzlelib.engines.compiled",
    "puzzlelib.search.distributed": "puzzlelib.engines.distributed",
    "puzzlelib.search.shipped": "puzzlelib.engines.shipped",
    "puzzlelib.search.optimal": "puzzlelib.engines.optimal",
    "puzzlelib.search.dispatch": "puzzlelib.engines.dispatch",
    "puzzlelib.search.certify": "puzzlelib.engines.certify",
    "puzzlelib.notebook": "puzzlelib.course.notebook",
    "puzzlelib.exercises": "puzzlelib.course.exercises",
    "puzzlelib.evidence": "puzzlelib.course.evidence",
}
"""Old module name -> new module name (a package's submodules follow it)."""

OLD_PACKAGES = {"puzzlelib.search": "puzzlelib.core and puzzlelib.engines"}
"""Packages that are gone: importing one gives an empty package whose submodules are the old names above."""


def new_name(old: str) -> str | None:
    """The module that ``old`` is now, or None if it was not moved.

    >>> new_name("puzzlelib.search.frontier"), new_name("puzzlelib.exercises.engine"), new_name("os")
    ('puzzlelib.engines.frontier', 'puzzlelib.course.exercises.engine', None)
    """
    if not isinstance(old, str):
        raise TypeError(f"a module name is a string, got {type(old).__name__}")
    for name, moved in MOVED.items():
        if old == name or old.startswith(name + "."):
            return moved + old[len(name):]
    return None


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str | None):
        self.target = target

    def create_module(self, spec):
        if self.target is None:                                   # a package that is gone
            module = types.ModuleType(spec.name, f"Moved: see {OLD_PACKAGES[spec.name]}.")
            module.__path__ = []
            return module
        warnings.warn(f"{spec.name} is now {self.target}: import it from there (the old name goes in the next "
                      "release)", DeprecationWarning, stacklevel=2)   # warnings skips importlib's frames
        return importlib.import_module(self.target)

    def exec_module(self, module):
        pass


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname in OLD_PACKAGES:
            return importlib.util.spec_from_loader(fullname, _Alias(None), is_package=True)
        moved = new_name(fullname)
        if moved is None:
            return None
        return importlib.util.spec_from_loader(fullname, _Alias(moved))


def install() -> None:
    """Put the finder of old names on ``sys.meta_path`` (once; importing puzzlelib does it).

    >>> install(); sum(isinstance(f, _Finder) for f in sys.meta_path)
    1
    """
    if not any(isinstance(finder, _Finder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _Finder())    # first: an old name must never load a second copy of a module
