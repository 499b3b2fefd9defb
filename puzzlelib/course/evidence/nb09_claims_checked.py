"""Checks behind notebook 09's verdicts, written so that they can fail.

Three kinds of check:

* **A judge for boards too big to list.** On 4 x 4 the notebook cannot run BFS
  over every board, and :func:`~puzzlelib.is_solvable` is itself a parity rule,
  so comparing a parity rule with it compares a rule with itself.
  :func:`reaches_by_construction` judges instead by a path: the constructive
  solver of notebook 04 brings the board either to the goal or to the goal with
  two tiles swapped, and every move of that path is replayed here.
  :func:`rule_problem` compares any rule with that judge.
* **Counts taken from the boards themselves**: :func:`inversions_with` (how many
  inversions involve one tile, from two calls of ``inversions``) and
  :func:`tiles_passed` (how many tiles a sliding tile passes, from the boards
  before and after the move, not from the cells' numbers).
* **One rule for the verdicts.** Each claim's *form* is its kind, its faults,
  and the claims its argument rests on; :func:`verdict_of` turns a form into a
  verdict, and :func:`verdict_problem` says which recorded verdict does not
  follow from its form, so two claims of the same form cannot get different
  verdicts, and a rule or argument resting on an unproven claim cannot be
  called proved.

Each ``*_problem`` function returns None when the claim holds, or a short
message that says what does not; ``tests/test_evidence_nb09.py`` feeds each one
wrong data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

import numpy as np

from puzzlelib.core.board import BLANK, Board, as_board, board_and_goal
from puzzlelib.core.constructive import constructive_moves
from puzzlelib.core.solvability import inversions
from puzzlelib.engines.space import Moves

__all__ = ["swapped_goal", "reaches_by_construction", "rule_problem", "inversions_with", "tile_inversions_problem",
           "tiles_passed", "passed_problem", "KINDS", "FAULTS", "WEAK", "verdict_of", "verdict_problem"]


def swapped_goal(goal: Board) -> Board:
    """``goal`` with its first two tiles (in reading order, blank skipped) swapped.

    >>> swapped_goal(Board.goal(2, 3))
    Board([[2, 1, 3], [4, 5, 0]])
    """
    goal = as_board(goal, "goal")
    if goal.rows * goal.cols < 3:
        raise ValueError(f"a {goal.rows} x {goal.cols} goal has fewer than two tiles to swap")
    first, second = [t for t in goal.tiles if t != BLANK][:2]
    tiles = [second if t == first else first if t == second else t for t in goal.tiles]
    return Board.from_tiles(tiles, goal.rows, goal.cols)


def reaches_by_construction(board, goal=None) -> bool:
    """Can ``board`` reach ``goal``? Answered by a replayed path, not by a parity rule.

    The constructive solver (notebook 04) brings a board with at least 2 rows
    and 2 columns either to ``goal`` or to :func:`swapped_goal`. Its moves are
    replayed here with :meth:`Board.slide`, which refuses an illegal move, and
    the path must end where it says. A path to ``goal`` proves True. A path to
    the swapped goal proves False, because the goal and its swapped copy lie in
    different components (one swap of two tiles changes the quantity no move
    changes: notebook 03). The solver asks the parity rule which of the two to
    aim at, but a wrong rule could not make this function answer wrongly: the
    path would not come out, and it raises instead.

    >>> reaches_by_construction(Board([[4, 1, 2], [5, 0, 3]]))
    True
    >>> reaches_by_construction(Board([[1, 2, 3], [5, 4, 0]]))
    False
    """
    board, goal = board_and_goal(board, goal, "board")
    if min(board.shape) < 2:
        raise ValueError("the constructive judge needs at least 2 rows and 2 columns")
    for target, answer in ((goal, True), (swapped_goal(goal), False)):
        moves = constructive_moves(board, goal=target)
        if moves is None:
            continue
        end = board
        for tile in moves:
            end = end.slide(tile)
        if end != target:
            raise ValueError(f"the solver's path from {board.tiles} ends at {end.tiles}, not at {target.tiles}")
        return answer
    raise ValueError(f"the solver found no path from {board.tiles} to the goal or to the swapped goal")


def rule_problem(rule: Callable[[Board], bool], boards: Iterable[Board], goal,
                 judge: Callable[[Board, Board], bool] = reaches_by_construction) -> str | None:
    """None if ``rule(board)`` equals ``judge(board, goal)`` on every board; else the first board where not.

    >>> boards = [Board([[4, 1, 2], [5, 0, 3]]), Board([[1, 2, 3], [5, 4, 0]])]
    >>> rule_problem(lambda b: inversions(b) % 2 == 0, boards, Board.goal(2, 3)) is None
    True
    >>> rule_problem(lambda b: True, boards, Board.goal(2, 3))
    'on (1, 2, 3, 5, 4, 0) the rule says True, but the search says False'
    """
    if not callable(rule) or not callable(judge):
        raise TypeError("rule and judge must be functions")
    goal = as_board(goal, "goal")
    for board in boards:
        board = as_board(board)
        said, found = bool(rule(board)), judge(board, goal)
        if said != found:
            return f"on {board.tiles} the rule says {said}, but the search says {found}"
    return None


def inversions_with(board: Board, tile: int) -> int:
    """How many inversions involve ``tile``: ``inversions`` of the board, less those of the rest.

    The rest is the reading order with ``tile`` left out, as a one-row board
    (the larger tiles renumbered down by one, which keeps their order).

    >>> inversions_with(Board([[12, 1, 10, 2], [7, 11, 4, 14], [5, 0, 9, 15], [8, 13, 6, 3]]), 12)
    11
    >>> inversions_with(Board([[2, 3, 1], [4, 5, 0]]), 1)     # (2, 1) and (3, 1)
    2
    """
    board = as_board(board)
    if isinstance(tile, bool) or not isinstance(tile, (int, np.integer)):
        raise TypeError(f"tile must be an integer, got {type(tile).__name__}")
    if tile == BLANK or tile not in board.tiles:
        raise ValueError(f"{tile} is not a tile of this board")
    rest = [t - (t > tile) for t in board.tiles if t != tile]
    return inversions(board) - inversions(Board.from_tiles(rest, 1, len(rest)))


def tile_inversions_problem(board: Board, tile: int, expected: int) -> str | None:
    """None if exactly ``expected`` inversions involve ``tile`` on ``board``; else what the count is.

    >>> tile_inversions_problem(Board([[2, 3, 1], [4, 5, 0]]), 1, 2) is None
    True
    >>> tile_inversions_problem(Board([[2, 3, 1], [4, 5, 0]]), 3, 2)
    'on (2, 3, 1, 4, 5, 0) tile 3 is in 1 inversions, not 2'
    """
    found = inversions_with(board, tile)
    if found != expected:
        return f"on {board.tiles} tile {tile} is in {found} inversions, not {expected}"
    return None


def tiles_passed(before: np.ndarray, after: np.ndarray, tile: np.ndarray) -> np.ndarray:
    """For each move (a row of ``before``, the same row of ``after``), how many tiles the moving tile passes.

    Read from the boards: the tile's place among the tiles (blank skipped)
    before and after the move, found by looking for the tile and the blank. No other tile changes its order, so the tile
    passes exactly as many tiles as its place changes by.

    >>> tiles_passed(np.array([[1, 2, 3, 4, 0, 5]]), np.array([[1, 0, 3, 4, 2, 5]]), np.array([2]))
    array([2])
    """
    from puzzlelib.core.limits import as_array
    try:
        before, after, tile = as_array(before, "before"), as_array(after, "after"), as_array(tile, "tile")
    except OverflowError:
        raise ValueError("boards and tiles must be small whole numbers") from None
    if before.ndim != 2 or before.shape != after.shape or tile.shape != (len(before),):
        raise ValueError("before and after must be tables of boards of one shape, with one tile a row")
    if not all(np.issubdtype(a.dtype, np.integer) for a in (before, after, tile)):
        raise TypeError("boards and tiles must be integers")
    if not ((before == tile[:, None]).any(axis=1).all() and (after == tile[:, None]).any(axis=1).all()):
        raise ValueError("a moving tile is not on its board")

    def place(boards):                   # the tile's cell, less one if the blank comes before it
        where = np.argmax(boards == tile[:, None], axis=1)
        return where - (np.argmax(boards == BLANK, axis=1) < where)

    return np.abs(place(after) - place(before))


def passed_problem(moves, perms: np.ndarray, cols: int) -> str | None:
    """None if every vertical move in ``moves`` passes ``cols - 1`` tiles and every other move none.

    ``moves`` is :func:`puzzlelib.engines.space.all_moves`'s table for the boards ``perms``.

    >>> from puzzlelib.engines.space import all_moves
    >>> from puzzlelib.core.encoding import all_permutations
    >>> perms = all_permutations(6)
    >>> passed_problem(all_moves(2, 3, perms), perms, 3) is None
    True
    >>> passed_problem(all_moves(2, 3, perms), perms, 4)
    'a vertical move passes 2 tiles, not 3'
    """
    if not isinstance(moves, Moves):
        raise TypeError(f"moves must be all_moves's table, got {type(moves).__name__}")
    if isinstance(cols, bool) or not isinstance(cols, (int, np.integer)):
        raise TypeError(f"cols must be an integer, got {type(cols).__name__}")
    perms = np.asarray(perms)
    if perms.ndim != 2 or not np.issubdtype(perms.dtype, np.integer):
        raise ValueError("perms must be a table of boards, one a row")
    if len(moves.src) and max(moves.src.max(), moves.dst.max()) >= len(perms):
        raise ValueError("the moves name boards that perms does not hold")
    passed = tiles_passed(perms[moves.src], perms[moves.dst], moves.tile)
    for vertical, want in ((True, cols - 1), (False, 0)):
        wrong = passed[moves.vertical == vertical] != want
        if wrong.any():
            got = passed[moves.vertical == vertical][wrong][0]
            return f"a {'vertical' if vertical else 'sideways'} move passes {got} tiles, not {want}"
    return None


KINDS = ("rule", "fact", "argument")
"""What a claim is. A *rule* speaks of every board of a size, or of every size, so it needs a proof (in words,
in a comment, or as what a program is for: a function or step of a text's program is a rule, what it does for
every board, and its name or comment is a label on it); a *fact* (a number, an example, a table, a program's
output) is settled by computing; an *argument* is a step of a proof."""

FAULTS = {  # a fault, and the verdict it gives; a claim with several takes the first in this order
    "not measurable": "not checked here",
    "false": "wrong",
    "leaves out a condition": "incomplete",
    "leaves out steps": "incomplete",
    "says it has no proof": "unproven",
    "no proof": "unproven",
    "one half argued": "unproven",
    "rests on an unproven claim": "unproven",
    "mislabelled": "correct but mislabelled",
}
"""Each fault a claim can have, in order, with its verdict. Only a rule can lack a proof; a rule or an argument
can rest on an unproven claim; a fact never does, as computing settles it whatever it rests on."""

_PROOF_FAULTS = {"says it has no proof", "no proof", "one half argued"}
_WEAK_SUPPORT = "rests on an unproven claim"

WEAK = ("wrong", "incomplete", "unproven")
"""The verdicts of a claim that cannot carry an argument: a rule or an argument that rests on one of them is
unproven at best (its form has the fault "rests on an unproven claim" and names the claims it rests on). A fact
names the claims it rests on too, but computing settles it, so they do not lower it."""


def _form_parts(form) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    """(kind, faults, the claims it rests on) of a form ``(kind, faults)`` or ``(kind, faults, rests_on)``."""
    if (not isinstance(form, tuple) or len(form) not in (2, 3) or not isinstance(form[1], tuple)
            or (len(form) == 3 and not isinstance(form[2], tuple))):
        raise TypeError(f"a form is a pair (kind, faults), or (kind, faults, rests_on), each a tuple after the "
                        f"kind; got {form!r:.80}")
    return form[0], form[1], form[2] if len(form) == 3 else ()


def verdict_of(form: tuple) -> str:
    """The verdict a claim of this form gets: its first fault's, or "correct" if it has none.

    A form is ``(kind, faults)``, or ``(kind, faults, rests_on)`` with the claims its argument rests on
    (:func:`verdict_problem` checks those against their own verdicts).

    >>> verdict_of(("rule", ("leaves out a condition", "no proof")))
    'incomplete'
    >>> verdict_of(("rule", ("one half argued",))), verdict_of(("fact", ()))
    ('unproven', 'correct')
    >>> verdict_of(("rule", ("rests on an unproven claim",), ("C3",)))
    'unproven'
    """
    kind, faults, _ = _form_parts(form)
    if kind not in KINDS:
        raise ValueError(f"unknown kind of claim {kind!r}; one of {KINDS}")
    unknown = [f for f in faults if f not in FAULTS]
    if unknown:
        raise ValueError(f"unknown fault {unknown[0]!r}; one of {tuple(FAULTS)}")
    if kind != "rule" and _PROOF_FAULTS & set(faults):
        raise ValueError(f"only a rule needs a proof, and this is a {kind}")
    if kind == "fact" and _WEAK_SUPPORT in faults:
        raise ValueError("a fact is settled by computing, whatever it rests on: only a rule or an argument "
                         "rests on an unproven claim")
    for fault, verdict in FAULTS.items():
        if fault in faults:
            return verdict
    return "correct"


def verdict_problem(verdicts: Mapping[str, str], forms: Mapping[str, tuple]) -> str | None:
    """None if every claim's verdict is the one its form gives, and every rule or argument resting on a claim
    judged wrong, incomplete or unproven says so; else the first claim where not.

    So two claims of the same kind and faults always get the same verdict, and a gap is never hidden one
    step away: a rule or an argument that leans on an unproven step is unproven too. A fact names what it rests
    on as well, but is settled by computing, so a weak support does not lower it.

    >>> forms = {"E13": ("rule", ("one half argued",)), "C6": ("rule", ("one half argued",))}
    >>> verdict_problem({"E13": "unproven", "C6": "unproven"}, forms) is None
    True
    >>> verdict_problem({"E13": "unproven", "C6": "correct"}, forms)
    "C6 is judged 'correct', but its form ('rule', ('one half argued',)) gives 'unproven' (as for E13)"
    >>> forms = {"C3": ("rule", ("no proof",)), "C5": ("rule", (), ("C3",))}
    >>> verdict_problem({"C3": "unproven", "C5": "correct"}, forms)
    "C5 rests on C3, judged 'unproven', but its form does not say it rests on an unproven claim"
    """
    if not isinstance(verdicts, Mapping) or not isinstance(forms, Mapping):
        raise TypeError("verdicts and forms must be dicts keyed by claim")
    if set(verdicts) != set(forms):
        missing = sorted(set(verdicts) ^ set(forms))
        return f"claims with a verdict but no form, or a form but no verdict: {', '.join(missing)}"
    for claim, verdict in verdicts.items():
        try:
            wanted = verdict_of(forms[claim])
        except ValueError as error:
            return f"{claim}: {error}"
        if verdict != wanted:
            twins = [c for c in forms if c != claim and tuple(forms[c])[:2] == tuple(forms[claim])[:2]]
            also = f" (as for {', '.join(twins)})" if twins else ""
            return f"{claim} is judged {verdict!r}, but its form {tuple(forms[claim])[:2]} gives {wanted!r}{also}"
    for claim, form in forms.items():
        kind, faults, rests_on = _form_parts(form)
        unknown = [c for c in rests_on if c not in verdicts or c == claim]
        if unknown:
            return f"{claim} rests on {unknown[0]}, which is not another claim of the table"
        if kind == "fact":
            continue
        weak = [c for c in rests_on if verdicts[c] in WEAK]
        says = _WEAK_SUPPORT in faults
        if weak and not says:
            return (f"{claim} rests on {weak[0]}, judged {verdicts[weak[0]]!r}, but its form does not say it rests "
                    "on an unproven claim")
        if says and not weak:
            named = ", ".join(rests_on) or "none named"
            return (f"{claim}'s form says it rests on an unproven claim, but none of the claims it rests on "
                    f"({named}) is judged wrong, incomplete or unproven")
    return None
