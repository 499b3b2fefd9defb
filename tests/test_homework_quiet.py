"""Grading prints only what a grader should read: no checksum alarm for a student who left the tests
alone, one for a student who edited a test cell; no SQLAlchemy or kernel warnings; and a submission's
``timestamp.txt`` reaches grades.csv (docs/homework.md, "What autograde prints").
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
pytest.importorskip("nbgrader", reason="nbgrader is in the homework extra: make setup installs it")

import build_homework  # noqa: E402
from test_homework import nbgrader, submit  # noqa: E402

ALARMS = ("SAWarning", "not in session", "without encryption", "Traceback")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """lecture1 autograded for "untouched" (the release as handed out, with a timestamp.txt) and "edited"
    (one line added to test cell ex01_5_test); returns (course folder, {student: autograde's output})."""
    out = tmp_path_factory.mktemp("homework") / "course"
    build_homework.build(out)
    release = nbformat.read(out / "release" / "lecture1" / "lecture1.ipynb", as_version=4)
    submit(out, "untouched", "lecture1", release)
    (out / "submitted" / "untouched" / "lecture1" / "timestamp.txt").write_text("2026-03-02 17:45:00.000000 UTC\n")
    edited = nbformat.read(out / "release" / "lecture1" / "lecture1.ipynb", as_version=4)
    test_cell = next(c for c in edited.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ex01_5_test")
    test_cell.source += "\nprint('all tests passed')"
    submit(out, "edited", "lecture1", edited)
    said = {student: nbgrader(out, "autograde", "lecture1", "--force", "--student", student)
            for student in ("untouched", "edited")}
    return out, said


def test_an_untouched_submission_grades_without_alarms(graded):
    _, said = graded
    out = said["untouched"]
    assert "Autograding" in out, out[-2000:]
    assert "checksum" not in out, out[-3000:]
    assert not [a for a in ALARMS if a in out], out[-3000:]
    assert "WARNING" not in out, out[-3000:]


def test_an_edited_test_cell_is_reported_and_put_back(graded):
    course, said = graded
    out = said["edited"]
    assert "Attribute 'checksum' for cell ex01_5_test has changed!" in out, out[-3000:]
    assert out.count("has changed!") == 1, out[-3000:]
    assert not [a for a in ALARMS if a in out], out[-3000:]
    graded_nb = nbformat.read(course / "autograded" / "edited" / "lecture1" / "lecture1.ipynb", as_version=4)
    cell = next(c for c in graded_nb.cells if c.metadata.get("nbgrader", {}).get("grade_id") == "ex01_5_test")
    assert "all tests passed" not in cell.source and "BEGIN HIDDEN TESTS" in cell.source


def test_the_timestamp_file_reaches_grades_csv(graded):
    course, _ = graded
    nbgrader(course, "export")
    with open(course / "grades.csv", newline="") as f:
        rows = {(row["assignment"], row["student_id"]): row for row in csv.DictReader(f)}
    assert rows["lecture1", "untouched"]["timestamp"].startswith("2026-03-02 17:45:00")
    assert rows["lecture1", "edited"]["timestamp"] == ""
