"""`make homework`: the nbgrader course builds, grades fairly, and gives no answer away.

The course is built once for this module (scripts/build_homework.py, with nbgrader's
generate_assignment), into a temporary folder. Then, as a lecturer would, each assignment gets
submissions and is autograded with nbgrader itself:

* ``reference``: the instructor's own notebook (the reference answers): full marks on every exercise;
* ``empty``: the release as handed out, untouched: 0 on every exercise;
* in lecture 1 only, ``mixed``: one function that loops for ever, one that raises, and the rest
  right: autograding finishes and only those two exercises are lost.

Neither release/ nor the student edition may hold a line of a reference answer. Lecture 1 also gets
submissions that patch the grading (scored by the judge outside their kernel, issue 47) and one whose test
cell was edited; its students are graded one at a time, so that what autograde prints for each is read:
no alarm for an untouched submission, one for an edited test cell, and the timestamp in grades.csv.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import build_homework  # noqa: E402

pytest.importorskip("nbgrader", reason="nbgrader is in the homework extra: make setup installs it")

from puzzlelib.course.exercises import EXERCISES  # noqa: E402
from puzzlelib.course.exercises.grading import POINTS  # noqa: E402


def nbgrader(course: Path, *args: str) -> str:
    env = dict(os.environ, PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    # nbgrader goes on without the course's settings (the judge among them) when they fail to load
    assert "Exception while loading config" not in done.stdout + done.stderr, done.stderr[-3000:]
    return done.stdout + done.stderr


def submit(course: Path, student: str, assignment: str, nb) -> None:
    folder = course / "submitted" / student / assignment
    folder.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, folder / f"{assignment}.ipynb")


def answer_cell(nb, exercise_id: str):
    grade_id = "ex" + exercise_id.replace(".", "_") + "_answer"
    return next(c for c in nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == grade_id)


@pytest.fixture(scope="module")
def course(tmp_path_factory):
    out = tmp_path_factory.mktemp("homework") / "course"
    summary = build_homework.build(out)
    for name in summary:
        source = nbformat.read(out / "source" / name / f"{name}.ipynb", as_version=4)
        release = nbformat.read(out / "release" / name / f"{name}.ipynb", as_version=4)
        submit(out, "reference", name, source)
        submit(out, "empty", name, release)
    mixed = nbformat.read(out / "source" / "lecture1" / "lecture1.ipynb", as_version=4)
    for exercise_id, body in (("01.4", "while True:\n        pass"), ("01.5", "raise ValueError('oops')")):
        cell = answer_cell(mixed, exercise_id)
        cell.source = cell.source.split("### BEGIN SOLUTION")[0] + body + "\n"   # keeps the indent
    submit(out, "mixed", "lecture1", mixed)
    # issue 47: answer cells that patch what grades them, then answer wrong (or hand back the library's rank)
    for student, patch in PATCHES.items():
        nb = nbformat.read(out / "source" / "lecture1" / "lecture1.ipynb", as_version=4)
        answer_cell(nb, "01.4").source = patch + "def key_of(tiles):\n    return 0\n"
        answer_cell(nb, "01.5").source = ("def rank_of(tiles):\n    return getattr(__import__('puzzlelib.core.encoding', "
                                          "fromlist=['x']), 'rank_tiles')(tiles)\n")
        submit(out, student, "lecture1", nb)
    # what autograde prints, read by the tests at the end: an untouched release (with the timestamp.txt a hub's
    # collect writes) and one whose test cell was edited
    (out / "submitted" / "empty" / "lecture1" / "timestamp.txt").write_text("2026-03-02 17:45:00.000000 UTC\n")
    edited = nbformat.read(out / "release" / "lecture1" / "lecture1.ipynb", as_version=4)
    test_cell = next(c for c in edited.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ex01_5_test")
    test_cell.source += "\nprint('all tests passed')"
    submit(out, "edited", "lecture1", edited)
    logs = {}
    for name in summary:                   # what autograde printed for each student, read from its sections
        said = nbgrader(out, "autograde", name, "--force")
        for part in re.split(r"(?=\[AutogradeApp \| INFO\] Creating/updating student with ID ')", said)[1:]:
            logs[name, re.match(r".*?ID '([^']+)'", part).group(1)] = part
    return out, summary, logs


PATCHES = {
    # patches the grading function, and plants a package: a puzzlelib/ beside nbgrader_config.py would stand in
    # for the real one in a later run; the kernel is read-only (puzzlelib.course.exercises.jail), so the
    # folder is never made (one submission for both: each autograde run costs a kernel)
    "patches_grade": "import puzzlelib.course.exercises.grading as g\n"
                     "g.grade = lambda exercise_id, answer, points: float(points)\n"
                     "import pathlib\nroot = pathlib.Path.cwd().parents[2]\ntry:\n"
                     "    (root / 'puzzlelib').mkdir()\n"
                     "    (root / 'puzzlelib' / '__init__.py').write_text('raise SystemExit')\n"
                     "except OSError:\n    pass\n",
    "patches_round": "import builtins, sys\n"
                     "builtins.round = lambda x, n=None: float(sys._getframe(1).f_locals.get('points', x))\n",
}


def scores(course: Path, assignment: str, student: str) -> dict[str, float]:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        nb = gb.find_submission_notebook(assignment, assignment, student)
        return {g.name: g.score for g in nb.grades if g.name.endswith("_test")}


def test_each_lecture_of_the_guide_is_an_assignment_with_its_homework(course):
    out, summary, _ = course
    assert [n for n, _, _ in build_homework.homework_lists()] == [1, 2, 3]
    assert list(summary) == ["lecture1", "lecture2", "lecture3"]
    for name, info in summary.items():
        nb = nbformat.read(out / "source" / name / f"{name}.ipynb", as_version=4)
        ids = {c.metadata["nbgrader"]["grade_id"] for c in nb.cells}
        for exercise_id in info["exercises"]:
            tag = "ex" + exercise_id.replace(".", "_")
            if EXERCISES[exercise_id].kind == "proof":    # a manually graded answer, with no test cell
                answer = answer_cell(nb, exercise_id)
                meta = answer.metadata["nbgrader"]
                assert answer.cell_type == "markdown" and meta["grade"] and meta["solution"], meta
                assert meta["points"] == POINTS[EXERCISES[exercise_id].level] and f"{tag}_test" not in ids
                assert "**Rubric (" in answer.source and EXERCISES[exercise_id].solution() in answer.source
                continue
            assert {f"{tag}_answer", f"{tag}_test"} <= ids, (name, exercise_id)
            test = next(c for c in nb.cells if c.metadata["nbgrader"]["grade_id"] == f"{tag}_test")
            assert test.metadata["nbgrader"]["points"] == POINTS[EXERCISES[exercise_id].level]
            answer = answer_cell(nb, exercise_id)
            assert answer.metadata["nbgrader"]["solution"] is True and "### BEGIN SOLUTION" in answer.source
            ex = EXERCISES[exercise_id]
            if ex.kind == "function":                     # the name and signature the notebooks use
                assert answer.source.startswith(f"def {ex.function}("), answer.source[:80]
        assert info["points"] == sum(c.metadata["nbgrader"].get("points", 0) for c in nb.cells)
    assert (out / "nbgrader_config.py").is_file()


@pytest.mark.parametrize("assignment", ["lecture1", "lecture2", "lecture3"])
def test_the_reference_answers_get_full_marks_on_every_exercise(course, assignment):
    out, summary, _ = course
    got = scores(out, assignment, "reference")
    autograded = [i for i in summary[assignment]["exercises"] if EXERCISES[i].kind != "proof"]
    assert len(got) == len(autograded)
    for exercise_id in autograded:
        tag = "ex" + exercise_id.replace(".", "_") + "_test"
        assert got[tag] == POINTS[EXERCISES[exercise_id].level], (assignment, got)


@pytest.mark.parametrize("assignment", ["lecture1", "lecture2", "lecture3"])
def test_an_empty_submission_gets_nothing(course, assignment):
    out, _, _ = course
    got = scores(out, assignment, "empty")
    assert got and set(got.values()) == {0.0}, got


@pytest.mark.parametrize("assignment", ["lecture1", "lecture2", "lecture3"])
def test_each_lecture_asks_for_a_written_proof_graded_by_hand(course, assignment):
    """The release has an empty proof cell for the student; autograde leaves it to the teacher, at full points."""
    from nbgrader.api import Gradebook
    out, summary, _ = course
    proofs = [i for i in summary[assignment]["exercises"] if EXERCISES[i].kind == "proof"]
    assert proofs, f"{assignment} has no written proof in its homework"
    release = nbformat.read(out / "release" / assignment / f"{assignment}.ipynb", as_version=4)
    with Gradebook(f"sqlite:///{out / 'gradebook.db'}") as gb:
        grades = {g.name: g for g in gb.find_submission_notebook(assignment, assignment, "reference").grades}
        for exercise_id in proofs:
            cell = answer_cell(release, exercise_id)
            assert "YOUR ANSWER HERE" in cell.source and "Rubric" not in cell.source, cell.source
            grade = grades["ex" + exercise_id.replace(".", "_") + "_answer"]
            assert grade.needs_manual_grade and grade.max_score == POINTS[EXERCISES[exercise_id].level]


def test_a_looping_and_a_failing_answer_lose_their_own_exercises_only(course):
    out, _, _ = course
    got = scores(out, "lecture1", "mixed")
    assert got == {"ex01_4_test": 0.0, "ex01_5_test": 0.0, "ex02_2_test": 2.0, "ex02_4_test": 2.0}, got
    graded = nbformat.read(out / "autograded" / "mixed" / "lecture1" / "lecture1.ipynb", as_version=4)
    text = "".join(o.get("text", "") for c in graded.cells for o in c.get("outputs", []))
    assert "took longer than" in text and "raised ValueError: oops" in text


def test_feedback_and_the_grade_export_work_without_a_manual_step(course):
    out, _, _ = course
    nbgrader(out, "generate_feedback", "lecture1", "--force")
    page = (out / "feedback" / "mixed" / "lecture1" / "lecture1.html").read_text(encoding="utf-8")
    assert "took longer than" in page
    nbgrader(out, "export")
    rows = (out / "grades.csv").read_text().splitlines()
    most = float(course[1]["lecture1"]["points"])    # the proofs count, ungraded so far
    assert any(r.startswith("lecture1,") and ",mixed," in r and f",4.0,0.0,4.0,{most}" in r for r in rows), rows


def test_the_release_shows_no_reference_answer_and_no_hidden_test(course):
    out, summary, _ = course
    answers = []
    for name in summary:
        nb = nbformat.read(out / "source" / name / f"{name}.ipynb", as_version=4)
        for c in nb.cells:
            if "### BEGIN SOLUTION" in c.source:
                answers.append(c.source.split("### BEGIN SOLUTION")[1].split("### END SOLUTION")[0])
    lines = build_homework.answer_lines(answers)
    assert len(lines) > 20                       # the check looks for something
    assert build_homework.leaks(out / "release", lines) == []
    for name in summary:
        released = (out / "release" / name / f"{name}.ipynb").read_text(encoding="utf-8")
        assert "grade(" not in released and "BEGIN HIDDEN TESTS" not in released


def test_the_student_edition_holds_no_reference_answer(course, tmp_path):
    out, summary, _ = course
    answers = []
    for name in summary:
        nb = nbformat.read(out / "source" / name / f"{name}.ipynb", as_version=4)
        answers += [c.source.split("### BEGIN SOLUTION")[1].split("### END SOLUTION")[0]
                    for c in nb.cells if "### BEGIN SOLUTION" in c.source]
    student = tmp_path / "student"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build_student.py"), "--out", str(student)],
                   check=True, capture_output=True, text=True, timeout=300)
    found = build_homework.leaks(student, build_homework.answer_lines(answers))
    # The library's own algorithms (a BFS in puzzlelib/core, inversions in puzzlelib/core/solvability) are
    # taught in the open: show_source prints them after each exercise. The exercises package, the
    # notebooks and every other file of the edition must hold no answer.
    found = [f for f in found if not f.startswith("puzzlelib/") or f.startswith("puzzlelib/course/exercises/")]
    assert found == [], found[:10]
    shutil.rmtree(student)


def test_answer_cells_that_patch_the_grading_get_the_score_of_their_answers(course):
    out, _, logs = course
    for student in PATCHES:
        got = scores(out, "lecture1", student)
        assert got == {"ex01_4_test": 0.0, "ex01_5_test": 0.0, "ex02_2_test": 2.0, "ex02_4_test": 2.0}, (student, got)
    graded = nbformat.read(out / "autograded" / "patches_round" / "lecture1" / "lecture1.ipynb", as_version=4)
    text = "".join(o.get("text", "") for c in graded.cells for o in c.get("outputs", []))
    assert "this exercise asks you to write it" in text and "scored by the judge" in text
    # what the lecturer is shown: the kernel's claim, and the lines that patch
    assert ("patches_round, lecture1, exercise 01.4: the notebook's kernel claimed 1 points, the judge gave 0"
            in logs["lecture1", "patches_round"])
    assert (out / "nbgrader_config.py").is_file() and not (out / "puzzlelib").exists()
    report = (out / "judge_report.csv").read_text(encoding="utf-8")
    assert "builtins.round = lambda" in report and "g.grade = lambda" in report
    assert not [line for line in report.splitlines() if line.startswith("reference,") and "line " in line]


ALARMS = ("SAWarning", "not in session", "without encryption", "Traceback")


def test_an_untouched_submission_grades_without_alarms(course):
    """What autograde prints (docs/homework.md): for a student who left the tests alone, no checksum alarm, no
    SQLAlchemy or kernel warning, nothing from the judge."""
    out = course[2]["lecture1", "empty"]
    assert "Autograding" in out, out[-2000:]
    assert "checksum" not in out, out[-3000:]
    assert not [a for a in ALARMS if a in out], out[-3000:]
    assert "WARNING" not in out, out[-3000:]


def test_an_edited_test_cell_is_reported_and_put_back(course):
    folder, _, logs = course
    out = logs["lecture1", "edited"]
    assert "Attribute 'checksum' for cell ex01_5_test has changed!" in out, out[-3000:]
    assert out.count("has changed!") == 1, out[-3000:]
    assert not [a for a in ALARMS if a in out], out[-3000:]
    graded_nb = nbformat.read(folder / "autograded" / "edited" / "lecture1" / "lecture1.ipynb", as_version=4)
    cell = next(c for c in graded_nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ex01_5_test")
    assert "all tests passed" not in cell.source and "BEGIN HIDDEN TESTS" in cell.source


def test_the_timestamp_file_reaches_grades_csv(course):
    import csv
    folder = course[0]
    nbgrader(folder, "export")
    with open(folder / "grades.csv", newline="") as f:
        rows = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(f)}
    assert rows["lecture1", "empty"]["timestamp"].startswith("2026-03-02 17:45:00")
    assert rows["lecture1", "edited"]["timestamp"] == ""
