"""The collection's notebooks, taken by name: ``NN_name.ipynb`` in ``notebooks/`` (00_start_here.ipynb ...).

Every build (site, slides, student edition, homework) and every test that walks the notebooks takes
them from :func:`lessons`, so a scratch notebook a lecturer makes in ``notebooks/`` (``Untitled.ipynb``,
``Untitled1.ipynb``, ``scratch.ipynb``) never becomes a deck, goes into the student zip or is run by
``make test``. Scratch work belongs in ``notebooks/scratch/`` (git-ignored), which nothing here reads.

>>> [bool(LESSON_NAME.fullmatch(n)) for n in ("03_solvability.ipynb", "Untitled.ipynb", "3_x.ipynb")]
[True, False, False]
"""

from __future__ import annotations

import re
from pathlib import Path

__all__ = ["ROOT", "NOTEBOOKS", "LESSON_NAME", "SCRATCH", "is_lesson", "lessons"]

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
SCRATCH = NOTEBOOKS / "scratch"
"""Where the lecturer's guide sends live calls and other scratch notebooks (git-ignored)."""

LESSON_NAME = re.compile(r"\d\d_[a-z0-9_]+\.ipynb")
"""A lesson's file name: two digits, an underscore, a lower-case name (``05_experiments.ipynb``)."""


def is_lesson(path: Path | str) -> bool:
    """True for a file named like a lesson (``NN_name.ipynb``); the folder is not looked at.

    >>> is_lesson("notebooks/06_play.ipynb"), is_lesson("notebooks/Untitled.ipynb")
    (True, False)
    """
    return bool(LESSON_NAME.fullmatch(Path(path).name))


def lessons(folder: Path | str = NOTEBOOKS, pattern: str = "*.ipynb") -> list[Path]:
    """The lessons in ``folder`` (not its subfolders) that match ``pattern``, in order of their number.

    >>> [p.name for p in lessons(pattern="0[56]_*.ipynb")]
    ['05_experiments.ipynb', '06_play.ipynb']
    """
    return sorted(p for p in Path(folder).glob(pattern) if p.is_file() and is_lesson(p))
