"""Write the homework as an nbgrader course: ``make homework`` -> build/homework/.

Usage: python scripts/build_homework.py [--out build/homework] [--no-release]

The homework of each lecture is the list at the end of that lecture in docs/lecturers_guide.md
("Homework: `01.4` (write `key_of`), ..."). Each exercise is taken from its notebook: the
"### Exercise K" text, the placeholder cell the student fills in, and the exercise's record in
puzzlelib.course.exercises (level, kind, function name). The course:

    OUT/nbgrader_config.py          course id, folders, a 60 s per-cell timeout for autograding
    OUT/source/lectureN/lectureN.ipynb   the instructor's version: reference answers between
                                    ### BEGIN SOLUTION / ### END SOLUTION, hidden tests
    OUT/release/lectureN/...        what students get (``nbgrader generate_assignment``), unless --no-release
    OUT/README.md                   how to grade, in three commands (the full page: docs/homework.md)

Each exercise has a text cell, an answer cell (nbgrader ``solution``, grade_id ``exNN_K_answer``), a
self-check cell (``check``, which never shows the answer) and an autograded test cell (``grade``
with points, grade_id ``exNN_K_test``) whose test is hidden in the release. Points by level:
warm-up 1, core 2, challenge 3 (puzzlelib.course.exercises.grading.POINTS).

A function's reference answer is its source in puzzlelib/course/exercises/solutions.py; a value's is the
value puzzlelib computes, written as a literal. The build fails if the release holds any line of a
reference answer.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lessons import lessons  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GUIDE = ROOT / "docs" / "lecturers_guide.md"
NOTEBOOKS = ROOT / "notebooks"
COURSE_ID = "sliding-puzzles"
CELL_TIMEOUT = 60          # seconds: nbgrader's limit per cell, a backstop behind check's own limits

CONFIG = f'''"""nbgrader's settings for the Sliding Puzzles homework (written by scripts/build_homework.py)."""
from pathlib import Path

c = get_config()  # noqa: F821  (nbgrader defines it)
c.CourseDirectory.course_id = "{COURSE_ID}"
c.CourseDirectory.root = str(Path(__file__).resolve().parent)
c.CourseDirectory.source_directory = "source"
c.CourseDirectory.release_directory = "release"
c.CourseDirectory.submitted_directory = "submitted"
c.CourseDirectory.autograded_directory = "autograded"
c.CourseDirectory.feedback_directory = "feedback"
# A hidden test stops a student's function at its own time limit (a few seconds a test); this
# per-cell limit is only a backstop, so that one bad answer can never hold up a class's grading.
c.Execute.timeout = {CELL_TIMEOUT}
c.Execute.interrupt_on_timeout = True
# The grading kernel's own log: errors only. Its warning "Kernel is running over TCP without encryption"
# is about a kernel that listens on 127.0.0.1 for nbgrader alone. (The history file in memory is
# nbclient's default for Python kernels, kept.)
c.Execute.extra_arguments = ["--HistoryManager.hist_file=:memory:", "--IPKernelApp.log_level=ERROR"]
c.ClearSolutions.code_stub = {{"python": "# YOUR CODE HERE\\nraise NotImplementedError()"}}

# nbgrader 0.9 with SQLAlchemy 2 warns three times per submission that an object is "not in session,
# add operation along ... will not proceed": a note about SQLAlchemy's cascades inside nbgrader's own
# code, which changes no score.
import warnings  # noqa: E402

try:
    from sqlalchemy.exc import SAWarning
except ImportError:
    pass
else:
    warnings.filterwarnings("ignore", message=r"Object of type <\\w+> not in session", category=SAWarning)

from nbgrader.preprocessors import (CheckCellMetadata, ClearHiddenTests, ClearOutput,  # noqa: E402
                                    DeduplicateIds, OverwriteCells, OverwriteKernelspec)


class OverwriteReleasedCells(OverwriteCells):
    """nbgrader's OverwriteCells, comparing a locked test cell with the version the students got.

    nbgrader keeps the checksum of a test cell as it is in source/, hidden tests included, so for every
    test cell with hidden tests it warns "Attribute 'checksum' for cell ... has changed!" even when the
    student never touched it (nbgrader issue #1961), which reads as if every student had tampered with
    the tests. Here a cell that is exactly as released (source/ less its hidden tests) gets its hidden
    tests back without a word; any other change is still reported, and the cell still restored, by
    nbgrader's own code.
    """

    def preprocess_cell(self, cell, resources, cell_index):
        grade_id = cell.metadata.get("nbgrader", {{}}).get("grade_id")
        if grade_id is not None and cell.metadata.nbgrader.get("locked"):
            try:
                source = self.gradebook.find_source_cell(grade_id, self.notebook_id, self.assignment_id)
            except Exception:  # noqa: BLE001 (nbgrader's own code below reports a missing cell)
                source = None
            if source is not None and source.locked and source.cell_type == cell.cell_type:
                released = cell.copy()
                released.source = source.source
                ClearHiddenTests(parent=self)._remove_hidden_test_region(released)
                if released.source == cell.source:
                    cell.source = source.source
        return super().preprocess_cell(cell, resources, cell_index)


c.Autograde.sanitize_preprocessors = [ClearOutput, DeduplicateIds, OverwriteKernelspec, OverwriteReleasedCells,
                                      CheckCellMetadata]

from nbgrader.converters import Autograde  # noqa: E402
from nbgrader.preprocessors import Execute, NbGraderPreprocessor  # noqa: E402

REPORT = Path(__file__).resolve().parent / "judge_report.csv"

# The judge is imported now, when nbgrader reads this file and before any kernel runs a submission, so no
# file a submission writes (a puzzlelib/ folder beside this one, say) can stand in for it later in the run;
# and it refuses to judge when puzzlelib's files differ from those the course was built with.
from puzzlelib.course.exercises import judge as _judge  # noqa: E402

_judge.preload()
PUZZLELIB_DIGEST = "{{digest}}"

# Each grading kernel starts read-only: it sees the machine but can write only a scratch /tmp of its own,
# so no submission can change puzzlelib, this course, the gradebook or a configuration file that later
# grading reads (puzzlelib.course.exercises.jail; on Linux, in a mount namespace).
import sys  # noqa: E402

from jupyter_client.manager import AsyncKernelManager  # noqa: E402


class ReadOnlyKernelManager(AsyncKernelManager):
    def format_kernel_cmd(self, extra_arguments=None):
        return [sys.executable, "-m", "puzzlelib.course.exercises.jail", "--",
                *super().format_kernel_cmd(extra_arguments)]


c.Execute.kernel_manager_class = ReadOnlyKernelManager


class JudgeOutsideTheKernel(NbGraderPreprocessor):
    """Score every exercise again here, in nbgrader's own process, which never ran the submission.

    The kernel that ran the student's cells could have patched anything a test cell uses. This step
    (right after nbgrader has run the notebook) runs the student's answer cells again in a fresh sandbox,
    reads back plain data only (a value, or the function's results on the hidden inputs), judges it
    here and writes the score as the test cell's output, which nbgrader then saves
    (puzzlelib.course.exercises.judge). A score the kernel claimed that differs, and any line of an
    answer cell that assigns into a module, a builtin or sys.modules, is logged and written to
    judge_report.csv beside this file, for you to look at.
    """

    def preprocess(self, nb, resources):
        import csv
        _judge.check_package(PUZZLELIB_DIGEST)
        info = resources.get("nbgrader", {{}})
        student, assignment = info.get("student", "?"), info.get("assignment", "?")
        verdicts = _judge.judge_notebook(nb)
        new = not REPORT.exists()
        with REPORT.open("a", newline="", encoding="utf-8") as f:
            out = csv.writer(f)
            if new:
                out.writerow(["student", "assignment", "exercise", "points", "score", "kernel_claimed",
                              "lines_to_look_at"])
            for v in verdicts:
                if v.claimed is not None:
                    self.log.warning("%s, %s, exercise %s: the notebook's kernel claimed %g points, the judge "
                                     "gave %g", student, assignment, v.exercise, v.claimed, v.score)
                out.writerow([student, assignment, v.exercise, v.points, v.score,
                              "" if v.claimed is None else v.claimed, " | ".join(v.suspicious)])
        lines = verdicts[0].suspicious if verdicts else []
        for line in lines:
            self.log.warning("%s, %s: an answer cell patches something: %s", student, assignment, line)
        return nb, resources


_steps = list(Autograde.class_traits()["autograde_preprocessors"].default())
c.Autograde.autograde_preprocessors = (_steps[:_steps.index(Execute) + 1] + [JudgeOutsideTheKernel]
                                       + _steps[_steps.index(Execute) + 1:])
'''

README = """# Sliding Puzzles: the homework course (nbgrader)

Built by `make homework` from the notebooks and the lecturer's guide; do not edit it by hand, edit
the notebooks and rebuild. The full guide is docs/homework.md in the collection.

    cd build/homework
    export PATH="$PWD/../../.venv/bin:$PATH"      # nbgrader and alembic from the collection's .venv
    nbgrader generate_assignment lecture1 --force --create    # (make homework has done this) -> release/
    # hand out release/lecture1/, collect each student's notebook into submitted/STUDENT/lecture1/
    nbgrader autograde lecture1 --force
    nbgrader generate_feedback lecture1 --force      # -> feedback/STUDENT/lecture1/*.html
    nbgrader export                                  # -> grades.csv
"""


# --- reading the guide and the notebooks ----------------------------------------------------------

def homework_lists(guide: Path = GUIDE) -> list[tuple[int, str, list[str]]]:
    """``(lecture number, lecture title, exercise ids)`` for each lecture of the guide with homework."""
    text = guide.read_text(encoding="utf-8")
    found = []
    for part in re.split(r"^## ", text, flags=re.M)[1:]:
        head = re.match(r"Lecture (\d+): (.+)", part)
        homework = re.search(r"^Homework:(.+?)(?:\n\s*\n|\Z)", part, flags=re.M | re.S)
        if head and homework:
            ids = re.findall(r"`(\d\d\.\d+)`", homework.group(1))
            if ids:
                found.append((int(head.group(1)), head.group(2).strip(), ids))
    if not found:
        raise SystemExit(f"no 'Homework:' lists found under '## Lecture N:' headings in {guide}")
    return found


def _source(cell) -> str:
    return cell.source if isinstance(cell.source, str) else "".join(cell.source)


def exercise_block(exercise_id: str) -> dict:
    """The exercise's cells in its notebook: the texts, the placeholder, the notebook's title."""
    number, k = exercise_id.split(".")
    paths = lessons(NOTEBOOKS, f"{number}_*.ipynb")
    if not paths:
        raise SystemExit(f"exercise {exercise_id}: no notebook {number}_*.ipynb")
    nb = nbformat.read(paths[0], as_version=4)
    title = next((line[2:].strip() for c in nb.cells if c.cell_type == "markdown"
                  for line in _source(c).splitlines() if line.startswith("# ")), paths[0].stem)
    title = re.sub(r"^\d\d\W*", "", title)          # "03 Solvability: ..." -> "Solvability: ..."
    heading = re.compile(rf"#+ Exercise {int(k)} \(")
    for i, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown" and heading.match(_source(cell)):
            texts = []
            j = i
            while nb.cells[j].cell_type == "markdown" and not _source(nb.cells[j]).startswith(PROOF_CELL):
                texts.append(_source(nb.cells[j]))
                j += 1
            return {"notebook": paths[0].name, "title": title, "texts": texts, "placeholder": _source(nb.cells[j]),
                    "imports": _imports(nb)}
    raise SystemExit(f"exercise {exercise_id}: no '### Exercise {int(k)} (' heading in {paths[0].name}")


PROOF_CELL = "**Your proof.**"
"""How a proof exercise's answer cell begins, in a notebook (a markdown cell the student writes in)."""


HIDDEN_NAMES = {"reveal", "show_source"}
"""Left out of the homework's imports: reveal (answers) and show_source (the library's own version)."""


def _imports(nb) -> list[str]:
    """The notebook's import statements (from its code cells), one line each, in order, without
    :data:`HIDDEN_NAMES`."""
    lines = []
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        try:
            tree = ast.parse(_source(cell))
        except SyntaxError:
            continue
        for node in tree.body:
            if isinstance(node, ast.ImportFrom):
                node.names = [alias for alias in node.names if alias.name not in HIDDEN_NAMES]
            if isinstance(node, (ast.Import, ast.ImportFrom)) and node.names:
                lines.append(ast.unparse(node))
    return lines


def _needed_imports(blocks: list[dict]) -> list[str]:
    """The notebooks' imports of the names the exercises mention (and check, hint, Board), each name once."""
    words = set(re.findall(r"[A-Za-z_]\w*", " ".join(t for b in blocks for t in b["texts"] + [b["placeholder"]])))
    words |= {"check", "hint", "Board"}
    seen: set[str] = set()
    lines = []
    for block in blocks:
        for line in block["imports"]:
            node = ast.parse(line).body[0]
            node.names = [a for a in node.names
                          if (a.asname or a.name).split(".")[0] in words and (a.asname or a.name) not in seen]
            if node.names:
                seen.update(a.asname or a.name for a in node.names)
                lines.append(ast.unparse(node))
    return lines


# --- the cells ------------------------------------------------------------------------------------

def _meta(grade_id: str, *, solution=False, grade=False, locked=True, points=None) -> dict:
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
            "solution": solution, "task": False}
    if points is not None:
        meta["points"] = points
    return {"nbgrader": meta}


def _answer_cell_source(ex, placeholder: str) -> tuple[str, str]:
    """``(source, answer)``: the answer cell of the instructor's version, and the answer's lines alone."""
    from puzzlelib.course.exercises.engine import _expected
    from puzzlelib.course.exercises.solutions import SOLUTIONS

    if ex.kind == "proof":
        from puzzlelib.course.exercises.grading import POINTS
        rubric = "\n".join(f"- {p} point{'s' if p != 1 else ''}: {text}" for p, text in ex.rubric)
        answer = (f"**Model proof.** {_expected(ex)}\n\n**Rubric ({POINTS[ex.level]} points, for the grader; "
                  f"not in the students' version).**\n\n{rubric}")
        return f"{PROOF_CELL}\n\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION", answer
    if ex.kind == "function":
        code = textwrap.dedent(inspect.getsource(SOLUTIONS[ex.function])).rstrip() + "\n"
        fn = ast.parse(code).body[0]
        body = fn.body[1:] if (fn.body and isinstance(fn.body[0], ast.Expr)
                               and isinstance(fn.body[0].value, ast.Constant)) else fn.body
        lines = code.splitlines()
        head, answer = lines[:body[0].lineno - 1], lines[body[0].lineno - 1:]
        indent = re.match(r"\s*", answer[0]).group(0)
        return ("\n".join(head + [f"{indent}### BEGIN SOLUTION", *answer, f"{indent}### END SOLUTION"]),
                "\n".join(answer))
    target = ast.parse(placeholder).body[0]
    name = target.targets[0].id
    comment = placeholder.split("#", 1)[1].strip() if "#" in placeholder else "your answer"
    answer = f"{name} = {_expected(ex)!r}"
    return f"# {comment}: set {name}\n### BEGIN SOLUTION\n{answer}\n### END SOLUTION", answer


def _strip_heading(text: str, exercise_id: str, points: int) -> str:
    """'### Exercise 4 (warm-up, about 10 min): Title' -> '## Exercise 01.4 (warm-up, 1 point, about 10 min): Title'."""
    def heading(m):
        level, minutes, title = m.group(1), m.group(2), m.group(3)
        return (f"## Exercise {exercise_id} ({level}, {points} point{'s' if points != 1 else ''}, "
                f"about {minutes} min): {title}")
    return re.sub(r"^#+ Exercise \d+ \((\S+), about (\d+) min\): (.+)$", heading, text, count=1, flags=re.M)


def assignment(number: int, title: str, ids: list[str]) -> tuple[nbformat.NotebookNode, list[str]]:
    """The instructor's notebook of one lecture's homework, and every line of its reference answers."""
    from puzzlelib.course.exercises import EXERCISES
    from puzzlelib.course.exercises.grading import POINTS

    blocks = {i: exercise_block(i) for i in ids}
    total = sum(POINTS[EXERCISES[i].level] for i in ids)
    imports = _needed_imports([blocks[i] for i in ids])
    intro = (f"# Homework {number}: {title}\n\n"
             f"{len(ids)} exercises, {total} points: warm-up 1 point, core 2, challenge 3. "
             "Write your answer in each cell that says `YOUR CODE HERE` (delete the `raise` line)"
             + (", and each proof in the cell that says `YOUR ANSWER HERE` (double-click it to edit; your "
                "teacher grades proofs by hand)" if any(EXERCISES[i].kind == "proof" for i in ids) else "")
             + ". "
             "`check(...)` below each answer tells you whether it is right, as often as you like, "
             "without showing the answer. The graded tests are hidden; they run when your notebook is "
             "graded. Run the first cell before the others, and do not rename the functions or variables.")
    cells = [nbformat.v4.new_markdown_cell(intro, metadata=_meta("intro")),
             nbformat.v4.new_code_cell("# Run this cell first: what the exercises use.\n"
                                       + "\n".join(imports), metadata=_meta("setup"))]
    answers: list[str] = []
    for i in ids:
        ex, block = EXERCISES[i], blocks[i]
        points = POINTS[ex.level]
        tag = "ex" + i.replace(".", "_")
        texts = [_strip_heading(t, i, points) for t in block["texts"]]
        texts[0] += f"\n\n*From notebook {block['notebook'][:2]}, {block['title']}.*"
        for n, text in enumerate(texts):
            cells.append(nbformat.v4.new_markdown_cell(text, metadata=_meta(f"{tag}_text{n or ''}")))
        source, answer = _answer_cell_source(ex, block["placeholder"])
        answers.append(answer)
        if ex.kind == "proof":       # graded by hand: nbgrader's "manually graded answer", a markdown cell
            cells.append(nbformat.v4.new_markdown_cell(source, metadata=_meta(
                f"{tag}_answer", solution=True, grade=True, locked=False, points=points)))
            cells.append(nbformat.v4.new_code_cell(f'check("{i}");   # the questions a complete proof answers',
                                                   metadata=_meta(f"{tag}_check")))
            continue
        cells.append(nbformat.v4.new_code_cell(source, metadata=_meta(f"{tag}_answer", solution=True,
                                                                          locked=False)))
        name = ex.function or ast.parse(block["placeholder"]).body[0].targets[0].id
        cells.append(nbformat.v4.new_code_cell(f'check("{i}", {name});   # check yourself: it never shows the answer',
                                               metadata=_meta(f"{tag}_check")))
        cells.append(nbformat.v4.new_code_cell(
            f"# Graded: exercise {i}, {points} point{'s' if points != 1 else ''} (the tests are hidden).\n"
            "### BEGIN HIDDEN TESTS\n"
            "from puzzlelib.course.exercises.grading import grade\n"
            f'grade("{i}", {name}, points={points})\n'
            "### END HIDDEN TESTS", metadata=_meta(f"{tag}_test", grade=True, points=points)))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb, answers


# --- the course -----------------------------------------------------------------------------------

def nbgrader(course: Path, *args: str) -> None:
    """Run ``nbgrader ARGS`` in the course folder with this environment's bin/ on PATH (for alembic)."""
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"nbgrader {' '.join(args)} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def _normal(text: str) -> list[str]:
    """The lines of ``text`` that carry code, stripped: no blank lines, comments or docstring-only lines."""
    lines = []
    for line in text.splitlines():
        line = line.split("  #", 1)[0].strip()
        if line and not line.startswith(("#", '"' * 3, "'" * 3)):
            lines.append(line)
    return lines


def answer_lines(answers: list[str]) -> set[str]:
    """What gives a reference answer away: each run of 3 consecutive code lines of an answer (one
    line alone is common code: ``while queue:``), and each answer of 1 or 2 lines, whole."""
    found = set()
    for answer in answers:
        lines = _normal(answer)
        if len(lines) < 3:
            found.add("\n".join(lines))
        found.update("\n".join(lines[i:i + 3]) for i in range(len(lines) - 2))
    return found


def leaks(folder: Path, runs: set[str]) -> list[str]:
    """Files under ``folder`` that hold one of :func:`answer_lines`: ``path: the lines``.

    A notebook is read as its cells' code and text, other files as text; lines are compared
    stripped, without comments, so re-indenting or commenting a copy does not hide it."""
    found = []
    for path in sorted(folder.rglob("*")):
        if not (path.is_file() and path.suffix in (".ipynb", ".py", ".md", ".txt", ".json")):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".ipynb":
            try:
                text = "\n".join(c.source for c in nbformat.reads(text, as_version=4).cells)
            except Exception:  # noqa: BLE001  (not a notebook after all: read it as text)
                pass
        code = "\n" + "\n".join(_normal(text)) + "\n"
        found += [f"{path.relative_to(folder)}: {run!r}" for run in sorted(runs) if f"\n{run}\n" in code]
    return found


def build(out: Path, release: bool = True) -> dict[str, dict]:
    """Write the course to ``out``; return, per assignment, its exercise ids and points."""
    from puzzlelib.course.exercises import EXERCISES
    from puzzlelib.course.exercises.grading import POINTS

    if out.exists():
        shutil.rmtree(out)
    (out / "source").mkdir(parents=True)
    from puzzlelib.course.exercises.judge import package_digest
    (out / "nbgrader_config.py").write_text(CONFIG.replace("{digest}", package_digest()), encoding="utf-8")
    (out / "README.md").write_text(README, encoding="utf-8")
    summary, all_answers = {}, []
    for number, title, ids in homework_lists():
        name = f"lecture{number}"
        nb, answers = assignment(number, title, ids)
        all_answers += answers
        (out / "source" / name).mkdir()
        nbformat.write(nb, out / "source" / name / f"{name}.ipynb")
        summary[name] = {"title": title, "exercises": ids,
                         "points": sum(POINTS[EXERCISES[i].level] for i in ids)}
    if release:
        for name in summary:
            nbgrader(out, "generate_assignment", name, "--force", "--create")
        found = leaks(out / "release", answer_lines(all_answers))
        if found:
            raise SystemExit("the release holds lines of reference answers:\n  " + "\n  ".join(found[:20]))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "homework")
    parser.add_argument("--no-release", action="store_true", help="write source/ only, without nbgrader")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))            # run as a script: puzzlelib from this tree
    summary = build(args.out, release=not args.no_release)
    for name, info in summary.items():
        print(f"{name}: {info['points']} points, exercises {', '.join(info['exercises'])} ({info['title']})")
    where = "source/ and release/" if not args.no_release else "source/"
    print(f"Wrote the nbgrader course to {args.out} ({where}); see its README.md, or docs/homework.md.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
