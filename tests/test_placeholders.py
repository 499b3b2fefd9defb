"""What a student sees before answering: a function exercise whose body is still ``...`` is "not answered yet"
(as the student edition's README promises), and a wrong kind of answer gets a message that fits it."""

from __future__ import annotations

from puzzlelib import Board
from puzzlelib.course.exercises import check
from puzzlelib.course.exercises.answers import _type_hint


def test_a_function_still_holding_its_placeholder_is_not_answered_yet(capsys):
    def key_of(tiles):
        """The key of a board."""
        ...

    def rank_of(tiles):
        pass

    def half_done(tiles):
        key = 0                               # started: a real, wrong answer, judged as such
        return None if key == 0 else key

    for fn in (key_of, rank_of):
        assert check("01.4", fn) is False
        assert capsys.readouterr().out.startswith("not answered yet: write the body of key_of")
    assert check("01.4", half_done) is False
    out = capsys.readouterr().out
    assert out.startswith("not yet: key_of(") and "returned None" in out, out


def test_a_wrong_kind_of_answer_is_told_how_to_make_the_right_kind():
    told = _type_hint((1, 2, 3, 4, 5, 0), "Board")
    assert "Board.from_tiles(tiles, rows, cols)" in told and "slide" not in told
    told = _type_hint(Board.goal(2, 3), "tuple")
    assert "(board, tile)" in told and "board.tiles" in told
