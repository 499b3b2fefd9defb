"""The judge scores homework outside the kernel that ran it, and refuses the library's answer by behaviour.

Issue 47: a submission could give itself full marks by patching ``grade`` or a builtin in the kernel
that runs its hidden tests, and "don't use puzzlelib's own function" was read from names only. Here a
homework notebook is put together cell by cell, as ``make homework`` writes it (nbgrader metadata and
all), with the outputs a patched kernel would leave, and :func:`judge_notebook` must score the answers
themselves. (tests/test_homework.py runs the same attacks through real ``nbgrader autograde``.)
"""

from __future__ import annotations

import sys

import nbformat
import pytest

from puzzlelib.course.exercises import check
from puzzlelib.course.exercises.judge import judge_notebook, suspicious_lines

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the judge's sandbox forks: Linux")

SETUP = "from puzzlelib import Board, rank\nfrom puzzlelib.course.exercises import check, hint"
RIGHT_RANK = '''def rank_of(tiles):
    rank, left = 0, sorted(tiles)
    for t in tiles:
        i = left.index(t)
        rank = rank * len(left) + i
        left.pop(i)
    return rank
'''
RIGHT_KEY = "def key_of(tiles):\n    key = 0\n    for t in tiles:\n        key = key * len(tiles) + t\n    return key\n"


def cell(source, grade_id=None, *, solution=False, grade=False, points=None, outputs=()):
    c = nbformat.v4.new_code_cell(source)
    if grade_id is not None:
        meta = {"grade_id": grade_id, "solution": solution, "grade": grade, "locked": not solution,
                "schema_version": 3, "task": False}
        if points is not None:
            meta["points"] = points
        c.metadata["nbgrader"] = meta
    c.outputs = [nbformat.v4.new_output("execute_result", data={"text/plain": repr(float(o))}, execution_count=1)
                 for o in outputs]
    return c


def notebook(key_answer, rank_answer, *, claimed=(1, 2), extra=()):
    """The lecture-1 homework's first two exercises; the test cells carry what the kernel claimed."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [cell(SETUP, "setup"), *extra,
                cell(key_answer, "ex01_4_answer", solution=True),
                cell('check("01.4", key_of);', "ex01_4_check"),
                cell('grade("01.4", key_of, points=1)', "ex01_4_test", grade=True, points=1, outputs=claimed[:1]),
                cell(rank_answer, "ex01_5_answer", solution=True),
                cell('check("01.5", rank_of);', "ex01_5_check"),
                cell('grade("01.5", rank_of, points=2)', "ex01_5_test", grade=True, points=2, outputs=claimed[1:])]
    return nb


def scores(nb):
    return {v.exercise: v.score for v in judge_notebook(nb)}


def test_right_answers_get_full_marks_and_the_cells_say_so():
    nb = notebook(RIGHT_KEY, RIGHT_RANK)
    assert scores(nb) == {"01.4": 1.0, "01.5": 2.0}
    test = nb.cells[3]
    assert [o.output_type for o in test.outputs] == ["stream", "execute_result"]
    assert test.outputs[0].text.startswith("exercise 01.4: correct") and test.outputs[1].data["text/plain"] == "1.0"


def test_a_kernel_that_claims_full_marks_for_wrong_answers_gets_the_answers_score():
    # what a patched grade() or builtins.round leaves in the test cells: full points claimed
    patched = ("import builtins, sys\n"
               "builtins.round = lambda x, n=None: float(sys._getframe(1).f_locals.get('points', x))\n"
               "import puzzlelib.course.exercises.grading as g\n"
               "g.grade = lambda exercise_id, answer, points: float(points)\n"
               "def key_of(tiles):\n    return 0\n")
    nb = notebook(patched, "def rank_of(tiles):\n    return 0\n")
    verdicts = judge_notebook(nb)
    assert {v.exercise: v.score for v in verdicts} == {"01.4": 0.0, "01.5": 0.0}
    assert [v.claimed for v in verdicts] == [1.0, 2.0]            # the kernel's claim is reported, not used
    assert "the notebook's kernel claimed 1 points" in nb.cells[3].outputs[0].text
    looked = " ".join(verdicts[0].suspicious)
    for line in ("line 2: builtins.round", "line 4: g.grade"):
        assert line in looked, looked


def test_a_cell_the_student_added_is_run_and_a_failing_cell_does_not_stop_the_rest():
    helper = cell("def _digits(tiles):\n    return list(tiles)\nprint(1 / 0)")      # added: no metadata
    key = "def key_of(tiles):\n    key = 0\n    for t in _digits(tiles):\n        key = key * len(tiles) + t\n    return key\n"
    assert scores(notebook(key, RIGHT_RANK, extra=[helper])) == {"01.4": 1.0, "01.5": 2.0}


def test_an_answer_cell_that_exits_or_loops_while_it_runs_costs_its_exercise_only():
    exits = "import os\nos._exit(0)\n" + RIGHT_KEY
    got = judge_notebook(notebook(exits, RIGHT_RANK))
    assert got[0].score == 0.0 and "ended the process" in got[0].line
    # the rank cell comes after: the judge runs it with key_of's cell, which exits, so it loses too;
    # a later exercise whose own cells don't exit is still scored
    loops = "while True:\n    pass\n"
    verdicts = judge_notebook(notebook(RIGHT_KEY, loops + RIGHT_RANK), cell_seconds=2)
    assert [v.score for v in verdicts] == [1.0, 0.0] and "ran longer than 2 s" in verdicts[1].line
    # an earlier exercise's cell that loops is stopped on its own clock: the later exercise keeps its points
    verdicts = judge_notebook(notebook(loops + RIGHT_KEY, RIGHT_RANK), cell_seconds=2)
    assert [v.score for v in verdicts] == [0.0, 2.0]


def test_a_notebook_whose_cells_are_slow_to_run_again_gets_no_more_than_its_budget():
    slow = cell("import time\ntime.sleep(3)")                  # added by the student, run again per exercise
    verdicts = judge_notebook(notebook(RIGHT_KEY, RIGHT_RANK, extra=[slow]), budget_seconds=4)
    assert verdicts[0].score == 1.0
    assert verdicts[1].score == 0.0 and "time for judging this notebook ran out" in verdicts[1].line, verdicts[1].line


def test_the_answer_keys_and_the_ways_back_to_a_replaced_function_are_refused():
    for answer in ("from puzzlelib.course.exercises.solutions import SOLUTIONS\nrank_of = SOLUTIONS['rank_of']\n",
                   "import importlib, puzzlelib.core.encoding as E\n"
                   "def rank_of(tiles):\n    return importlib.reload(E).rank_tiles(tiles)\n",
                   "import inspect, puzzlelib.core.encoding as E\n"
                   "def rank_of(tiles):\n    ns = {}\n    exec(inspect.getsource(E), ns)\n    return ns['rank_tiles'](tiles)\n",
                   "from puzzlelib.core.encoding import unrank_tiles\nfrom itertools import count\n"
                   "def rank_of(tiles):\n    return next(r for r in count() if unrank_tiles(r, len(tiles)) == tuple(tiles))\n"):
        verdicts = judge_notebook(notebook(RIGHT_KEY, answer))
        assert verdicts[1].score == 0.0, (answer, verdicts[1].line)
    value = "from puzzlelib.course.exercises.engine import EXERCISES\nanswer = EXERCISES['00.0'].solution()\n"
    nb = nbformat.v4.new_notebook()
    nb.cells = [cell(value, "ex00_0_answer", solution=True), cell('grade("00.0", answer, points=1)', "ex00_0_test",
                                                                   grade=True, points=1)]
    assert judge_notebook(nb)[0].score == 0.0


SNEAKY_RANKS = {
    "getattr and __import__": 'def rank_of(tiles):\n    return getattr(__import__("puzzlelib.core.encoding", '
                              'fromlist=["x"]), "rank_tiles")(tiles)\n',
    "lru_cache": "import functools\nfrom puzzlelib.core.encoding import rank_tiles\n"
                 "rank_of = functools.lru_cache(rank_tiles)\n",
    "imported inside": "def rank_of(tiles):\n    from puzzlelib.core.encoding import rank_tiles as r\n    return r(tiles)\n",
    "through the module": "import puzzlelib.core.encoding as enc\nrank_of = lambda tiles: enc.rank_tiles(tiles)\n",
}


@pytest.mark.parametrize("how", SNEAKY_RANKS)
def test_puzzlelibs_own_rank_is_refused_whatever_it_is_called(how, capsys):
    nb = notebook(RIGHT_KEY, SNEAKY_RANKS[how])
    verdicts = judge_notebook(nb)
    assert verdicts[1].score == 0.0 and "this exercise asks you to write it" in verdicts[1].line, verdicts[1].line
    # check() in the notebook says the same, by what the function does
    scope: dict = {}
    exec(SETUP + "\n" + SNEAKY_RANKS[how], scope)
    assert check("01.5", scope["rank_of"]) is False
    assert "this exercise asks you to write it" in capsys.readouterr().out


def test_the_manhattan_tables_do_not_answer_the_heuristic_exercise(capsys):
    scope: dict = {}
    exec("from puzzlelib import Board\nfrom puzzlelib.core.heuristics import manhattan_tables\n"
         "heuristic = lambda b: manhattan_tables(Board.goal(b.rows, b.cols)).value(b.tiles)", scope)
    assert check("08.2", scope["heuristic"]) is False
    assert "this exercise asks you to write it" in capsys.readouterr().out


def test_suspicious_lines_name_the_patches_and_pass_over_ordinary_code():
    assert suspicious_lines("import sys\nsys.modules['puzzlelib'] = None") == ["line 2: sys.modules['puzzlelib'] = None"]
    assert suspicious_lines("check.__code__ = (lambda *a: True).__code__")[0].startswith("line 1")
    assert suspicious_lines("def f(board):\n    seen = {board: 0}\n    seen[board] += 1\n    return seen") == []


def test_a_students_function_writes_nowhere_but_a_scratch_tmp_of_its_own(capsys):
    """In the sandbox every file system is read-only (puzzlelib.course.exercises.jail): a function can't plant
    a file in the collection (here, beside the tests) nor in the machine's /tmp."""
    from pathlib import Path
    import tempfile
    planted = [Path(__file__).with_name("planted_by_a_sandbox.py"), Path(tempfile.gettempdir()) / "planted_by_a_sandbox"]

    def plants(tiles):
        for path in planted:
            try:
                path.write_text("# planted")
            except OSError:
                pass
        return 0

    try:
        check("01.5", plants)
        assert [p for p in planted if p.exists()] == []
    finally:
        for path in planted:
            path.unlink(missing_ok=True)


def test_the_librarys_source_cannot_be_read_back_in_the_judges_sandbox():
    """Second attack round: a copy of puzzlelib's own function made from its file (exec of the text, or the
    module loaded again under another name) is new code the swap never touched; in the judge's sandbox
    puzzlelib's folder is covered, so there is no file to copy."""
    copies = ("import puzzlelib.core.encoding as E\nns = {'__name__': 'copy'}\n"
              "exec(compile(open(E.__file__).read(), 'copy', 'exec'), ns)\nrank_of = ns['rank_tiles']\n",
              "import importlib.util, puzzlelib.core.encoding as E\n"
              "spec = importlib.util.spec_from_file_location('copy', E.__file__)\n"
              "m = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(m)\nrank_of = m.rank_tiles\n")
    for answer in copies:
        verdicts = judge_notebook(notebook(RIGHT_KEY, answer))
        assert verdicts[1].score == 0.0, (answer, verdicts[1].line)


def test_no_process_outside_can_be_reached_through_proc(tmp_path):
    """Second attack round: /proc/PID/cwd of the process that started a kernel (or a sandbox) is a way out
    of the read-only view; both get a /proc of their own PID namespace, where no outside process is."""
    import os
    import subprocess
    escape = ("import os\nfor pid in [p for p in os.listdir('/proc') if p.isdigit()] + [str(os.getppid())]:\n"
              "    try:\n        open(f'/proc/{pid}/cwd/planted_through_proc', 'w').write('x')\n"
              "    except OSError:\n        pass\n")
    done = subprocess.run([sys.executable, "-m", "puzzlelib.course.exercises.jail", "--", sys.executable, "-c", escape],
                          cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    assert not (tmp_path / "planted_through_proc").exists()
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        scope: dict = {}
        exec("def rank_of(tiles):\n" + "\n".join("    " + line for line in escape.splitlines()) + "\n    return 0\n", scope)
        check("01.5", scope["rank_of"])
    finally:
        os.chdir(before)
    assert not (tmp_path / "planted_through_proc").exists()
