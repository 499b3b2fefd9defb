"""Notebook 00's exercises (issues 34, 46): each asks for reasoning or a witness, every foreseen wrong answer gets
its own message, no message names the answer or a function that notebook 00 does not import, and no cell
above an exercise holds the board or the call that answers it."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from puzzlelib import Board, min_moves
from puzzlelib.course.exercises import EXERCISES, check, engine, hint

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK = ROOT / "notebooks" / "00_start_here.ipynb"


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def expected(exercise_id):
    return engine._expected(EXERCISES[exercise_id])


def shows(out: str, value) -> bool:
    """Whether ``out`` shows ``value`` as a whole token (a list also as its items in a row)."""
    forms = {str(value), repr(value)}
    if isinstance(value, list):
        forms |= {str(tuple(value)), ", ".join(map(str, value)), " ".join(map(str, value))}
    return any(re.search(r"(?<![\w.])" + re.escape(f) + r"(?![\w]|\.\d)", out) for f in forms)


def cells():
    return nbformat.read(NOTEBOOK, as_version=4).cells


# --- 00.0: the checker demo, on a question that needs a little reasoning ---------------------------------

def test_00_0_is_the_fewest_moves_of_a_board_with_its_blank_top_left_found_by_search():
    from puzzlelib import distances
    by_search = min(d for tiles, d in distances(Board.goal(3, 3)).items() if tiles[0] == 0)
    assert expected("00.0") == by_search == 4
    assert min_moves(Board([[0, 1, 2], [4, 5, 3], [7, 8, 6]])) == 4       # the blank slid up twice, left twice


@pytest.mark.parametrize("answer,says", [
    (2, "never diagonally"),                      # the blank crossing the board diagonally
    (2.0, "never diagonally"),
    (0, "fits only the goal itself"),
    (8, "8 is the number of tiles"),
    (1, "how many cells must it travel"), (3, "how many cells must it travel"),    # guesses: the general hint
    (5, "how many cells must it travel"), (6, "how many cells must it travel"), (31, "how many cells must it travel"),
    ("4", "a string where a number is expected"),
])
def test_00_0_wrong_answers_get_their_own_message_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "00.0", answer)
    assert ok is False and out.startswith("not yet") and says in out, out
    assert not shows(out, 4), out


def test_00_0_guesses_get_one_reply_that_points_no_way():
    """A student found that 1 and 3 got "too few" and 5 "more than needed": two guesses pinned the answer.
    Guesses that are no foreseen mistake now all get the same reply, which says neither higher nor lower."""
    import io
    from contextlib import redirect_stdout
    replies = set()
    for guess in (1, 3, 5, 6, 7, 22, 31):
        out = io.StringIO()
        with redirect_stdout(out):
            check("00.0", guess)
        replies.add(out.getvalue())
    assert len(replies) == 1, replies
    assert not re.search(r"too (few|many)|more than|fewer than|less than|closer|further", replies.pop())


def test_00_0_accepts_four_in_any_number_form(capsys):
    for answer in (4, 4.0, 2 + 2):
        assert run(capsys, "00.0", answer)[0] is True


def test_the_demo_cell_shows_a_wrong_guess_never_the_answer():
    demo = [c.source for c in cells() if c.cell_type == "code" and 'check("00.0"' in c.source]
    assert demo and not any(re.search(r'check\("00\.0",\s*(4|2 \+ 2)\b', src) for src in demo), demo
    assert any(re.search(r'check\("00\.0",\s*2\)', src) for src in demo)
    code = [c.source for c in cells() if c.cell_type == "code"]
    asked = code.index('check("00.0", answer);')
    assert code[asked - 1].startswith("answer = ...")          # the student's own answer, as in every exercise


# --- 00.1: two slides, replayed ------------------------------------------------------------------------

def test_00_1_accepts_a_list_or_a_tuple_of_the_two_slides(capsys):
    for answer in ([5, 8], (5, 8), [5.0, 8]):
        ok, out = run(capsys, "00.1", answer)
        assert ok is True, (answer, out)


@pytest.mark.parametrize("answer,says", [
    ([8, 5], "8 is not next to the blank yet"),
    ((8, 5), "8 is not next to the blank yet"),
    ([1, 2], "does not share a side with the blank"),
    ([6, 8], "those slides are legal, but the board they leave is not the goal"),     # issue 46's list
    ([4, 7], "not the goal"),
    ([5], "that is one slide"),
    ((5,), "that is one slide"),
    (["5", "8"], "those tiles are strings"),
    ("5, 8", "those tiles are strings"),
    ([5, 8, 6], "that is more than two slides"),
    ([5, 8, 8, 5], "that is more than two slides"),
    ([4, 7, 7, 4, 5, 8], "in more than two slides"),
    ([Board([[1, 2, 3], [4, 5, 6], [7, 0, 8]]), Board.goal(3, 3)], "those are boards"),
    (Board.goal(3, 3), "that is the board you end with"),
])
def test_00_1_wrong_answers_get_their_own_message_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "00.1", answer)
    assert ok is False and out.startswith("not yet") and says in out, (answer, out)
    assert not shows(out, [5, 8]), out


def test_00_1_hint_names_only_tiles_a_3_x_3_board_has():
    """Its example used to be [6, 9]: 3 x 3 has no tile 9."""
    examples = [pair for text in [EXERCISES["00.1"].hint] + [m.hint for m in EXERCISES["00.1"].mistakes]
                for pair in re.findall(r"\[(\d+), (\d+)\]", text)]
    assert examples and all(0 < int(t) < 9 for pair in examples for t in pair), examples


# --- 00.2: the fewest slides, and why no fewer do ---------------------------------------------------------

def test_00_2_wants_the_slides_of_a_shortest_solution_and_it_is_the_only_one(capsys):
    board = Board([[4, 1, 2], [5, 0, 3]])
    assert expected("00.2") == [5, 4, 1, 2, 3] and min_moves(board) == 5
    home = {t: divmod(t - 1, 3) for t in range(1, 6)}
    away = sum(abs(r - home[t][0]) + abs(c - home[t][1]) for (r, c), t in
               ((divmod(i, 3), t) for i, t in enumerate(board.tiles)) if t)
    assert away == 5 and all(abs(r - home[t][0]) + abs(c - home[t][1]) == 1 for (r, c), t in
                             ((divmod(i, 3), t) for i, t in enumerate(board.tiles)) if t)   # the solution's reason
    for answer in ([5, 4, 1, 2, 3], (5, 4, 1, 2, 3)):
        assert run(capsys, "00.2", answer)[0] is True


@pytest.mark.parametrize("answer,says", [
    (4, "give the slides themselves"),                # issue 46's counts: a count can't be replayed
    (7, "give the slides themselves"),
    (5, "give the slides themselves"),
    ("5", "give the slides themselves"),
    ([5, 4, 1, 2], "the board they leave is not the goal"),
    ([3, 2, 1, 4, 5], "the board they leave is not the goal"),
    ([2, 4, 1, 2, 3], "does not share a side with the blank"),
    ([5, 4, 1, 2, 3, 3, 3], "not in the fewest moves"),
    ([5, 5, 5, 4, 1, 2, 3], "not in the fewest moves"),
    (["5", "4", "1", "2", "3"], "those tiles are strings"),
    ([Board.goal(2, 3)], "those are boards"),
])
def test_00_2_wrong_answers_get_their_own_message_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "00.2", answer)
    assert ok is False and out.startswith("not yet") and says in out, (answer, out)
    assert not shows(out, [5, 4, 1, 2, 3]), out


def test_00_2_no_message_pins_the_count_by_arithmetic():
    """The old message for 6 said "one fewer": none says how far off a count is now."""
    texts = [EXERCISES["00.2"].hint] + [m.hint for m in EXERCISES["00.2"].mistakes]
    assert not any(re.search(r"one (fewer|more)|off by|too (many|few) by", t) for t in texts), texts


# --- 00.3: the moves over all nine places of the blank ----------------------------------------------------

def test_00_3_is_the_number_of_tiles_next_to_the_blank_over_all_nine_places():
    def count(cell):
        r, c = divmod(cell, 3)
        return sum(0 <= r + dr < 3 and 0 <= c + dc < 3 for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)))
    assert expected("00.3") == sum(count(cell) for cell in range(9)) == 24


@pytest.mark.parametrize("answer,says", [
    (36, "gives every place of the blank four neighbours"),
    (12, "counts each pair of side-by-side cells once"),
    (40, "across a corner"),
    (4, "the count for one place of the blank"), (3, "for one place"), (2, "for one place"),
    (9, "counts the places of the blank"),
    (20, "is there a place of the blank that is neither"),              # 4 x 2 + 4 x 3: the centre forgotten
    (25, "which tiles can slide depends only on where the blank is"),    # the general hint
    ("24", "a string where a number is expected"),
])
def test_00_3_wrong_answers_get_their_own_message_and_never_the_answer(capsys, answer, says):
    ok, out = run(capsys, "00.3", answer)
    assert ok is False and out.startswith("not yet") and says in out, (answer, out)
    assert not shows(out, 24), out


# --- the page -------------------------------------------------------------------------------------------

def names_notebook_00_defines() -> set[str]:
    """Every name notebook 00 imports or assigns, and the builtins."""
    import ast
    import builtins
    names = set(dir(builtins))
    for cell in cells():
        if cell.cell_type != "code":
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
    return names


def test_every_call_a_message_of_notebook_00_suggests_runs_there():
    """The 'correct' messages (why), the hints and the solutions name only functions the notebook has."""
    defined = names_notebook_00_defines()
    ids = ("00.0", "00.1", "00.2", "00.3")
    texts = [EXERCISES[k].why for k in ids] + [EXERCISES[k].hint for k in ids]
    texts += [m.hint for k in ids for m in EXERCISES[k].mistakes]
    texts += [c.source for c in cells() if "solution" in c.metadata.get("tags", [])]
    called = {name for t in texts for name in re.findall(r"\b([a-z_]+)\(", t)}
    assert called <= defined | {"slide", "movable_tiles"}, called - defined
    assert "draw_path" not in "".join(texts)


def test_no_solution_text_tells_the_student_to_call_the_answer():
    """00.2's old solution said to check it with min_moves: one call answered the exercise."""
    solutions = "\n".join(c.source for c in cells() if "solution" in c.metadata.get("tags", []))
    assert "min_moves" not in solutions and "movable_tiles" not in solutions


def test_no_code_above_an_exercise_answers_it():
    """00.1 and 00.2 give their boards as pictures (no variable holds one); 00.3 has no board to copy; and no
    cell above asks a board what can move after a slide, as 00.3 used to."""
    names = names_notebook_00_defines()
    assert not {"almost", "small"} & names
    sources = [c.source for c in cells() if c.cell_type == "code"]
    assert not any(".slide(" in src and "movable_tiles()" in src and "check(" not in src
                   for src in sources[sources.index(next(s for s in sources if 'check("00.1"' in s)):])
    heading = next(i for i, c in enumerate(cells()) if c.source.startswith("### Exercise 3 "))
    checked = next(i for i, c in enumerate(cells()) if 'check("00.3"' in c.source)
    assert not any("draw_board" in c.source for c in cells()[heading:checked])


def test_the_exercises_intro_says_what_check_does_and_no_more():
    """It used to say check "never gives the answer", while some messages pinned it by arithmetic."""
    intro = next(c.source for c in cells() if c.source.startswith("**Exercises.**"))
    assert "never gives the answer" not in intro and "without\nprinting the answer" in intro


@pytest.mark.parametrize("exercise_id", ["00.0", "00.1", "00.2", "00.3"])
def test_hints_of_00_never_name_the_answer(capsys, exercise_id):
    capsys.readouterr()
    hint(exercise_id)
    out = capsys.readouterr().out
    assert out.startswith(f"Hint for exercise {exercise_id}") and not shows(out, expected(exercise_id)), out
