"""Scoring homework where the student's code never ran: the judge of ``nbgrader autograde``.

nbgrader runs a submission's cells, the student's answers among them, in one kernel, and reads each
test cell's result as its score. Whatever an answer cell patches in that kernel (``grade``, a builtin,
``sys.modules``, IPython's display) could change what the test cell says. So the course's
``nbgrader_config.py`` adds one step after nbgrader has run the notebook, in nbgrader's own process,
which never ran a line of the submission: :func:`judge_notebook`. For each graded exercise it

* takes the student's cells from the notebook as text: the set-up cell, the answer cells of the
  function exercises before it, its own answer cell and any cell the student added;
* runs them again in a fresh :class:`~puzzlelib.course.exercises.sandbox.Sandbox` (a child process in a
  PID namespace of its own, killed at the time limit), where the library functions the exercise asks
  the student to write are replaced first, and gets back plain data only: the value of a value
  exercise, or the function's results on the hidden test inputs;
* judges that data here, with the same steps and messages as ``grade``, and writes the score and its
  line as the test cell's output, which nbgrader then saves. The kernel's own output of that cell is
  only compared: a different claimed score is reported (:attr:`Judged.claimed`).

It also lists the lines of the student's cells that assign into a module, a builtin or ``sys.modules``
(:func:`suspicious_lines`), so a lecturer can look at them. Linux only (the sandbox forks); elsewhere
:func:`judge_notebook` raises RuntimeError and nbgrader's own scores stand.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

from puzzlelib.course.exercises.engine import EXERCISES
from puzzlelib.course.exercises.grading import score_answer, verdict_line
from puzzlelib.course.exercises.sandbox import Program
from puzzlelib.course.exercises.timing import _fork_works

__all__ = ["Judged", "judge_notebook", "student_cells", "suspicious_lines", "package_digest", "check_package",
           "preload", "MIME"]

MIME = "text/plain"
"""The output type nbgrader reads a score from (an execute_result's ``text/plain``)."""

_TEST = re.compile(r"ex(\d\d)_(\d+)_test")
_ANSWER = re.compile(r"ex(\d\d)_(\d+)_answer")


@dataclass
class Judged:
    """The judge's verdict on one exercise of one notebook.

    >>> Judged("00.0", "ex00_0_test", 1.0, 0.0, "exercise 00.0: not yet").score
    0.0
    """

    exercise: str
    grade_id: str
    points: float
    score: float
    line: str
    claimed: float | None = None
    """The score the notebook's own kernel printed, when it differs from the judge's (else None)."""
    suspicious: list[str] = field(default_factory=list)


def _meta(cell) -> dict:
    return cell.get("metadata", {}).get("nbgrader", {}) or {}


def _source(cell) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def student_cells(cells) -> list[tuple[str, str]]:
    """``(label, source)`` of the code cells a student wrote in: answer cells and cells they added.

    >>> import nbformat
    >>> answer = nbformat.v4.new_code_cell("x = 1", metadata={"nbgrader": {"grade_id": "ex02_2_answer", "solution": True}})
    >>> locked = nbformat.v4.new_code_cell("check()", metadata={"nbgrader": {"grade_id": "ex02_2_check", "locked": True}})
    >>> student_cells([answer, locked, nbformat.v4.new_code_cell("y = 2")])
    [('ex02_2_answer', 'x = 1'), ('added cell 3', 'y = 2')]
    """
    cells = _cell_list(cells)
    found = []
    for i, cell in enumerate(cells):
        meta = _meta(cell)
        if cell.cell_type == "code" and (meta.get("solution") or not meta):
            found.append((meta.get("grade_id") or f"added cell {i + 1}", _source(cell)))
    return found


def _cell_list(cells) -> list:
    import nbformat
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise TypeError(f"cells are a notebook's cells (nb.cells), got {type(cells).__name__}")
    cells = list(cells)
    if not all(isinstance(c, nbformat.NotebookNode) and "cell_type" in c for c in cells):
        raise TypeError("cells are a notebook's cells (nbformat cells, nb.cells)")
    return cells


def _program_cells(cells, exercise_id: str) -> list[str]:
    """The sources the judge runs for ``exercise_id``: the set-up cell, the answer cells of the function
    exercises, this exercise's answer cell and the cells the student added (the cells before its test)."""
    from IPython.core.inputtransformer2 import TransformerManager
    transform = TransformerManager().transform_cell
    program = []
    for cell in cells:
        meta = _meta(cell)
        if cell.cell_type != "code" or meta.get("grade"):
            continue
        answer = _ANSWER.fullmatch(meta.get("grade_id", ""))
        if meta.get("grade_id") == "setup" or not meta:
            keep = True
        elif answer and meta.get("solution"):
            other = f"{answer.group(1)}.{int(answer.group(2))}"
            keep = other == exercise_id or EXERCISES.get(other) is not None and EXERCISES[other].kind == "function"
        else:
            keep = False                             # the check cells, locked texts
        if keep:
            try:
                program.append(transform(_source(cell)))   # %magics and !commands as IPython reads them
            except Exception:  # noqa: BLE001  (a cell IPython can't read either: the sandbox reports it)
                program.append(_source(cell))
    return program


def _value_name(test_source: str) -> str:
    """The variable the test cell grades: ``grade("02.2", answer, points=2)`` -> ``answer``."""
    for node in ast.walk(ast.parse(test_source)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "grade" and len(node.args) >= 2:
            if isinstance(node.args[1], ast.Name):
                return node.args[1].id
    return "answer"


def _claimed(outputs) -> float | None:
    for out in outputs or ():
        if out.get("output_type") == "execute_result":
            try:
                return float(str(out.get("data", {}).get(MIME, "")).strip())
            except ValueError:
                return None
    return None


def suspicious_lines(source: str, imported=()) -> list[str]:
    """The lines of a student's cell that set an attribute (outside ``self.x = ...``), assign into a
    builtin, ``sys.modules`` or anything imported (here or in ``imported``, the set-up cell's names), touch
    a function's code or globals, or reach for the interpreter's frames, ``exec`` or ``setattr``: each as
    "line N: text". The answers of the exercises need none of these.

    >>> suspicious_lines("import builtins\\nbuiltins.round = lambda x, n=None: 1\\nx = 2")
    ['line 2: builtins.round = lambda x, n=None: 1']
    >>> suspicious_lines("grade.__code__ = None", imported={"grade"})
    ['line 1: grade.__code__ = None']
    >>> suspicious_lines("def f(t):\\n    seen = {}\\n    seen[t] = 1\\n    return sorted(t)")
    []
    """
    if not isinstance(source, str):
        raise TypeError(f"source is a cell's text, got {type(source).__name__}")
    if isinstance(imported, str) or not all(isinstance(n, str) for n in imported):
        raise TypeError("imported is a collection of names (strings)")
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    roots = {"builtins", "__builtins__", "sys", "globals", "vars", "locals"} | set(imported)
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            roots |= {(a.asname or a.name).split(".")[0] for a in node.names}

    def root(target):
        while isinstance(target, (ast.Attribute, ast.Subscript, ast.Call)):
            target = target.func if isinstance(target, ast.Call) else target.value
        return target.id if isinstance(target, ast.Name) else None

    lines = set()
    for node in ast.walk(tree):
        targets = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        hit = any(isinstance(t, ast.Subscript) and root(t) in roots
                  or isinstance(t, ast.Attribute) and root(t) not in ("self", "cls") for t in targets)
        if isinstance(node, ast.Attribute) and node.attr in ("modules", "__code__", "__globals__", "__dict__"):
            hit = True
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            hit = name in ("setattr", "delattr", "_getframe", "currentframe", "__setattr__", "reload",
                           "settrace", "setprofile", "exec", "eval", "compile", "__import__")
        if isinstance(node, ast.Global) or (isinstance(node, ast.Name) and node.id == "__builtins__"):
            hit = True
        if hit and hasattr(node, "lineno"):
            lines.add(node.lineno)
    text = source.splitlines()
    return [f"line {n}: {text[n - 1].strip()[:120]}" for n in sorted(lines) if n <= len(text)]


def _setup_names(cells) -> set[str]:
    """The names the notebook's set-up cell imports (Board, check, ...)."""
    names: set[str] = set()
    for cell in cells:
        if _meta(cell).get("grade_id") == "setup":
            try:
                tree = ast.parse(_source(cell))
            except SyntaxError:
                continue
            names |= {(a.asname or a.name).split(".")[0] for node in ast.walk(tree)
                      if isinstance(node, (ast.Import, ast.ImportFrom)) for a in node.names}
    return names


def _package_root():
    """The puzzlelib folder this module was loaded from."""
    from pathlib import Path
    return Path(__file__).resolve().parents[2]


def package_digest() -> str:
    """The SHA-256 of puzzlelib's own Python files (their paths and contents), as installed now.

    >>> len(package_digest())
    64
    """
    import hashlib
    root = _package_root()
    h = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def check_package(expected: str) -> None:
    """Refuse to judge (RuntimeError) when puzzlelib's files are not those the course was built with:
    a submission's kernel, which runs with the grader's rights, may have written to them.

    >>> check_package(package_digest())
    """
    if not isinstance(expected, str) or not re.fullmatch(r"[0-9a-f]{64}", expected):
        raise ValueError(f"expected is a SHA-256 in hexadecimal (64 characters), got a {type(expected).__name__}")
    found = package_digest()
    if found != expected:
        raise RuntimeError(f"puzzlelib's files in {_package_root()} differ from those this course was built with "
                           "(make homework): a submission may have changed them. Reinstall puzzlelib, rebuild the "
                           "course, and grade as a user who can't write to it (docs/homework.md).")


def preload() -> None:
    """Import everything judging needs, so that nothing is imported after a submission's kernel has run.

    >>> preload()
    """
    if _PRELOADED:                                   # judge_notebook calls it for every notebook
        return
    import importlib
    import pkgutil
    import nbformat  # noqa: F401
    from IPython.core.inputtransformer2 import TransformerManager  # noqa: F401
    root = _package_root()
    for info in pkgutil.walk_packages([str(root)], "puzzlelib."):   # all of it: the sandbox hides the files
        try:
            importlib.import_module(info.name)
        except Exception:  # noqa: BLE001,S112  (a module that needs what isn't installed: not the students')
            continue
    from puzzlelib.course.exercises import solutions  # noqa: F401
    from puzzlelib.course.exercises.engine import _answer_keys, _library_functions
    for ex in EXERCISES.values():
        if ex.kind == "function":
            _library_functions(ex)
    _answer_keys()
    _PRELOADED.append(True)


_PRELOADED: list = []
"""Not empty once :func:`preload` has run in this process."""


def judge_notebook(nb, *, cell_seconds: float = 30, budget_seconds: float = 600) -> list[Judged]:
    """Score every graded exercise of an executed homework notebook in this process (see the module's
    text) and write each score as its test cell's only outputs: the verdict line and the score.
    Each cell the judge runs again has ``cell_seconds``, and running the cells again for the whole notebook
    ``budget_seconds`` (a notebook whose cells take longer gets 0 for the exercises left, with that reason),
    so one submission can't hold up a class's grading.

    >>> import nbformat
    >>> nb = nbformat.v4.new_notebook()
    >>> meta = {"grade_id": "ex00_0_test", "grade": True, "points": 1}
    >>> nb.cells = [nbformat.v4.new_code_cell("answer = 2 + 2", metadata={"nbgrader": {"grade_id": "ex00_0_answer",
    ...                                                                                   "solution": True}}),
    ...             nbformat.v4.new_code_cell('grade("00.0", answer, points=1)', metadata={"nbgrader": meta})]
    >>> [(v.exercise, v.score) for v in judge_notebook(nb)]
    [('00.0', 1.0)]
    >>> nb.cells[1].outputs[1]["data"]
    {'text/plain': '1.0'}
    """
    if not _fork_works():
        raise RuntimeError("the judge runs the answers in a forked sandbox: Linux only")
    import nbformat
    import time
    if not hasattr(nb, "cells"):
        raise TypeError(f"nb is a notebook read with nbformat, got {type(nb).__name__}")
    for name, value in (("cell_seconds", cell_seconds), ("budget_seconds", budget_seconds)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 86400:
            raise ValueError(f"{name} is a number of seconds from 0 (excluded) to 86400, got a {type(value).__name__}")
    cells = _cell_list(nb.cells)
    preload()                                        # every module imported: the sandbox hides puzzlelib's files
    deadline = time.monotonic() + budget_seconds
    imported = _setup_names(cells)
    suspicious = [f"{label} {line}" for label, source in student_cells(cells)
                  for line in suspicious_lines(source, imported)]
    verdicts = []
    for i, cell in enumerate(cells):
        meta = _meta(cell)
        found = _TEST.fullmatch(meta.get("grade_id", ""))
        if cell.cell_type != "code" or not meta.get("grade") or not found:
            continue
        ex = EXERCISES.get(f"{found.group(1)}.{int(found.group(2))}")
        if ex is None:                               # not one of ours: nbgrader's own grading stands
            continue
        points = float(meta.get("points", 0))
        if ex.kind == "function":
            answer = Program(_program_cells(cells[:i], ex.id), ex.function, cell_seconds=cell_seconds, deadline=deadline)
        else:
            answer = _fetch_value(Program(_program_cells(cells[:i], ex.id), _value_name(_source(cell)), call=False,
                                          cell_seconds=cell_seconds, deadline=deadline))
        score, problems = score_answer(ex, answer, points) if points > 0 else (0.0, [])
        score = round(score, 3)
        line = verdict_line(ex, score, points, problems)
        claimed = _claimed(cell.get("outputs"))
        text = line + "\n(scored by the judge, outside the notebook's kernel)\n"
        if claimed is not None and abs(claimed - score) > 1e-9:
            text += f"(the notebook's kernel claimed {claimed:g} points: the judge's {score:g} stand)\n"
        else:
            claimed = None
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=text),
                        nbformat.v4.new_output("execute_result", data={MIME: repr(score)},
                                               execution_count=cell.get("execution_count"))]
        verdicts.append(Judged(ex.id, meta["grade_id"], points, score, line, claimed, suspicious))
    return verdicts


def _fetch_value(program: Program):
    """The value a value exercise's cells give its variable, from a sandbox; ``...`` when there is none."""
    from puzzlelib.course.exercises.sandbox import Opaque, Sandbox, StudentRaised, TimeUp, Unreadable
    from puzzlelib.course.exercises.engine import _answer_keys
    try:
        box = Sandbox(program, 10, forbid=_answer_keys())
    except TimeUp:
        return ...
    try:
        value = box()
    except (StudentRaised, Unreadable, TimeUp):
        return ...
    finally:
        box.close()
    if isinstance(value, Opaque) and value.kind == "ellipsis":
        return ...
    return value
