"""The lessons reach JupyterLab with the running kernel's metadata, so opening one never marks it unsaved.

When a notebook's kernel starts, JupyterLab 4 writes the kernel's ``kernelspec`` and ``language_info``
into the notebook's metadata; a value that is not deep-equal to the file's (``@jupyter/ydoc``'s
``setMetadata`` compares with ``JSONExt.deepEqual``) marks the notebook changed: the unsaved dot, and
"Save changes?" on closing a tab never touched. ``language_info`` holds the kernel's Python version
("3.11.2", "3.12.1", ...), so no file can match every Python a class runs.

The lessons are therefore saved *neutral* (``language_info`` without a ``version``: see
:func:`neutral_metadata`), and ``make lab``'s server reads them through :class:`LessonContentsManager`,
which hands JupyterLab each lesson with the metadata this environment's kernel will report. Nothing is
written: the tracked files stay as they are (``git status`` is clean after ``make lab``), and what a
user saves carries their own Python's version, as any notebook they save would.

>>> meta = {"kernelspec": {"name": "python3"}, "language_info": {"name": "python", "version": "3.9.1"}}
>>> neutral_metadata(meta)["language_info"]
{'name': 'python'}
>>> kernel_metadata()["language_info"]["version"] == __import__("platform").python_version()
True
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import is_lesson  # noqa: E402

__all__ = ["KERNELSPEC", "kernel_metadata", "neutral_metadata", "present", "LessonContentsManager"]

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
"""The kernelspec JupyterLab writes for ``make lab``'s kernel (the spec scripts/launch.py writes)."""


def kernel_metadata() -> dict:
    """The ``kernelspec`` and ``language_info`` JupyterLab sets when this environment's kernel starts.

    ipykernel reports its class attribute ``IPythonKernel.language_info`` (with ``sys.version``'s first
    word): the kernel runs this same Python, so it is read here without starting one. Without ipykernel
    (the unit tests of an environment that lacks it), the fields ipykernel 6 and 7 report.
    """
    try:
        from ipykernel.ipkernel import IPythonKernel
        language = copy.deepcopy(dict(IPythonKernel.language_info))
    except ImportError:
        language = {"name": "python", "version": sys.version.split()[0], "mimetype": "text/x-python",
                    "codemirror_mode": {"name": "ipython", "version": sys.version_info[0]},
                    "pygments_lexer": "ipython3", "nbconvert_exporter": "python", "file_extension": ".py"}
    return {"kernelspec": dict(KERNELSPEC), "language_info": language}


def neutral_metadata(metadata: dict) -> dict:
    """``metadata`` as the lessons are saved: the same, less the Python version in ``language_info``."""
    out = copy.deepcopy(dict(metadata))
    if isinstance(out.get("language_info"), dict):
        out["language_info"].pop("version", None)
    return out


def present(name: str, notebook) -> bool:
    """Give the lesson ``notebook`` (an nbformat node, changed in place) this kernel's metadata, as
    JupyterLab will set it; other notebooks, and lessons that use another kernel, are left alone.
    Returns True when it changed something."""
    if not is_lesson(name) or notebook.metadata.get("kernelspec", {}).get("name", "python3") != "python3":
        return False
    want = kernel_metadata()
    if all(notebook.metadata.get(key) == value for key, value in want.items()):
        return False
    notebook.metadata.update(copy.deepcopy(want))
    return True


try:
    from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
except ImportError:     # no Jupyter server here (the doctests of a bare environment): nothing to serve
    AsyncLargeFileManager = None

if AsyncLargeFileManager is not None:
    class LessonContentsManager(AsyncLargeFileManager):
        """jupyter_server's file manager, which serves each lesson with :func:`present`'s metadata."""

        async def get(self, path, content=True, type=None, format=None, **kwargs):  # noqa: A002 (its API)
            model = await super().get(path, content=content, type=type, format=format, **kwargs)
            if model.get("type") == "notebook" and model.get("content") is not None:
                present(model["name"], model["content"])
            return model
