"""09's evidence checks fail on wrong data, pass on right data; its verdicts follow one rule for each form."""

import ast
import random
import re
from pathlib import Path

import nbformat
import numpy as np
import pytest

from puzzlelib import Board, inversions, is_solvable
from puzzlelib.core.encoding import all_permutations
from puzzlelib.course.evidence.nb09_claims_checked import (FAULTS, inversions_with, passed_problem, reaches_by_construction,
                                                    rule_problem, swapped_goal, tile_inversions_problem, verdict_of,
                                                    verdict_problem)
from puzzlelib.core.generate import random_board
from puzzlelib.core.solvability import blank_row_from_bottom
from puzzlelib.engines.space import all_moves, reachable_mask

NB09 = Path(__file__).resolve().parent.parent / "notebooks" / "09_claims_checked.ipynb"


def width_rule(board):
    return (inversions(board) + blank_row_from_bottom(board)) % 2 == 1


# ---- the judge for big boards ----

@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (2, 4), (3, 3)])
def test_the_constructive_judge_agrees_with_bfs_on_every_board_of_small_shapes(shape):
    perms = all_permutations(shape[0] * shape[1])
    for goal in (Board.goal(*shape), Board.goal(*shape, blank="first"), Board.spiral(*shape)):
        truth = reachable_mask(goal, perms)
        rows = range(len(perms)) if len(perms) <= 720 else random.Random(1).sample(range(len(perms)), 400)
        for r in rows:
            board = Board.from_tiles(perms[r].tolist(), *shape)
            assert reaches_by_construction(board, goal) == truth[r], board


def test_the_judge_does_not_take_the_parity_rule_on_trust(monkeypatch):
    """With is_solvable reversed, the solver aims at the wrong goal and no path comes out: the judge raises."""
    import puzzlelib.core.constructive as constructive
    monkeypatch.setattr(constructive, "is_solvable", lambda board, goal=None: not is_solvable(board, goal))
    board = random_board(4, 4, seed=3)
    with pytest.raises((ValueError, AssertionError)):
        reaches_by_construction(board, Board.goal(4, 4))


def test_the_swapped_goal_swaps_the_first_two_tiles():
    assert swapped_goal(Board.goal(4, 4, blank="first")).tiles[:4] == (0, 2, 1, 3)
    assert swapped_goal(Board.spiral(3, 3)) != Board.spiral(3, 3)


def test_rule_problem_passes_the_right_rule_and_catches_wrong_ones():
    """G1 and G6: the width rule is right for blank down right and reversed for blank upper left."""
    boards = [random_board(4, 4, seed=k) for k in range(40)]
    right, left = Board.goal(4, 4), Board.goal(4, 4, blank="first")
    assert rule_problem(width_rule, boards, right) is None
    assert rule_problem(lambda b: not width_rule(b), boards, left) is None
    assert "the search says" in rule_problem(width_rule, boards, left)               # the notebook's goal
    assert rule_problem(lambda b: inversions(b) % 2 == 0, boards, right) is not None  # the odd-width rule on 4 x 4
    assert rule_problem(lambda b: is_solvable(b, right), boards, right) is None
    assert rule_problem(lambda b: is_solvable(b, left), boards, right) is not None    # a rule for another goal


# ---- E3: inversions that involve one tile ----

def test_inversions_with_counts_what_a_direct_count_gives():
    rng = random.Random(5)
    for _ in range(50):
        board = random_board(4, 4, seed=rng)
        order = [t for t in board.tiles if t]
        for tile in (1, 12, 15):
            direct = sum(1 for i, a in enumerate(order) for b in order[i + 1:] if a > b and tile in (a, b))
            assert inversions_with(board, tile) == direct


def test_e3_check_fails_when_the_12_is_not_top_left():
    in_corner = Board.from_tiles([12] + [t for t in range(16) if t != 12], 4, 4)
    assert tile_inversions_problem(in_corner, 12, 11) is None
    second = Board.from_tiles([5, 12] + [t for t in range(16) if t not in (5, 12)], 4, 4)   # (5, 12) is no inversion
    assert tile_inversions_problem(second, 12, 11) == f"on {second.tiles} tile 12 is in 10 inversions, not 11"
    last = Board.from_tiles([t for t in range(16) if t != 12] + [12], 4, 4)                 # 13, 14, 15 before it
    assert tile_inversions_problem(last, 12, 11) is not None


# ---- E10: the tiles a vertical move passes ----

@pytest.mark.parametrize("shape", [(2, 3), (3, 2), (2, 4)])
def test_passed_problem_holds_on_the_true_moves(shape):
    perms = all_permutations(shape[0] * shape[1])
    assert passed_problem(all_moves(*shape, perms), perms, shape[1]) is None


def test_passed_problem_fails_on_a_wrong_width_and_on_wrong_moves():
    perms = all_permutations(6)
    moves = all_moves(2, 3, perms)
    assert passed_problem(moves, perms, 2) == "a vertical move passes 2 tiles, not 1"
    # moves whose boards after are another board's: a tile that jumps further, or a board that is not one move away
    shuffled = type(moves)(**{**moves.__dict__, "dst": np.roll(moves.dst, 1)})
    assert passed_problem(shuffled, perms, 3) is not None
    # the cell-index count the notebook used to assert holds on the shuffled moves too: it could not fail
    assert (shuffled.passed[shuffled.vertical] == 2).all()


# ---- one rule for the verdicts ----

def notebook_tables():
    nb = nbformat.read(NB09, as_version=4)
    cell = next(c.source for c in nb.cells if c.cell_type == "code" and c.source.startswith("TABLE = {"))
    tree = ast.parse(cell)
    found = {t.id: ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
             for t in node.targets if isinstance(t, ast.Name) and t.id in ("TABLE", "FORMS")}
    recorded = dict(re.findall(r'record\("(\w+)", "([^"]+)"\)', "\n".join(c.source for c in nb.cells)))
    return found["TABLE"], found["FORMS"], recorded


def test_every_verdict_follows_from_its_claims_form():
    table, forms, recorded = notebook_tables()
    assert recorded == table and len(table) == 59
    assert verdict_problem(table, forms) is None


def test_claims_of_the_same_form_get_the_same_verdict():
    table, forms, _ = notebook_tables()
    by_form = {}
    for claim, form in forms.items():
        by_form.setdefault(form, set()).add(table[claim])
    assert all(len(verdicts) == 1 for verdicts in by_form.values()), by_form
    # the even-width rule: the tutorial fixed its goal (blank last), the German notebook quotes it for another;
    # "if and only if" with one half argued, from a step that is itself unproven
    assert forms["E6"] == ("rule", ("no proof",)) and table["E6"] == "unproven"
    assert forms["G1"] == ("rule", ("leaves out a condition", "no proof")) and table["G1"] == "incomplete"
    assert forms["C6"][:2] == forms["E13"][:2] and table["C6"] == table["E13"] == "unproven"
    assert forms["E10"] != forms["E11"]
    # the pairs the second reading named: a rule with no argument is unproven, whatever words it comes in
    no_proof = {c for c, f in forms.items() if f[:2] == ("rule", ("no proof",))}
    assert {"C9", "C10", "C11", "E9", "C3", "C16", "G6"} <= no_proof
    assert {table[c] for c in no_proof} == {"unproven"}
    assert forms["C16"][:2] == forms["G6"][:2] and table["C16"] == table["G6"] == "unproven"   # a program's comment
    assert "no proof" in forms["C8"][1] and table["C8"] == table["C9"] == "unproven"          # "obviously"
    assert forms["E9"] == forms["C3"] == forms["C9"] and table["E9"] == table["C3"] == "unproven"
    # about C++ memory: R15 gives its own model (R14's), judged like R14, and says it rests on it; R17 gives
    # nothing we can check
    assert forms["R15"][:2] == forms["R14"][:2] and "R14" in forms["R15"][2] and table["R15"] == table["R14"] == "wrong"
    assert table["R17"] == "not checked here" and list(table.values()).count("not checked here") == 1
    # a rule argued from an unproven step is unproven: C5 from C3, E7 from E9, E5 and E1 from E7, C6 from C5;
    # E12's cases and C14's way of making puzzles too (the third reading)
    for claim, step in [("C5", "C3"), ("E7", "E9"), ("E5", "E7"), ("E1", "E7"), ("C6", "C5"), ("E13", "E7"),
                        ("E12", "E9"), ("C14", "C6"), ("C14", "C10"), ("R8", "R10"), ("R1", "R2")]:
        assert step in forms[claim][2] and table[step] == "unproven" and table[claim] == "unproven", claim
    assert forms["E12"] == forms["E7"]
    # BFS finds the fewest moves: the note asserts the step that matters ("by construction") wherever it says so
    assert forms["R2"] == forms["R10"] == ("rule", ("no proof",)) and table["R1"] == "unproven"
    # a function of a program is a rule with its name or comment as a label: G4's code shows what it counts,
    # its name is wrong; C16's code does not show what its comment says, and nothing argues it
    assert forms["G4"] == forms["G5"] == forms["C18"] == ("rule", ("mislabelled",))
    assert forms["G4"][0] == forms["C16"][0] == forms["G6"][0] == forms["E13"][0] == "rule"
    assert table["G4"] == "correct but mislabelled" and table["C16"] == "unproven"
    # two readings: judged under the true one, as C11 and G8 are; E11 ("can change") is a fact, like E8
    assert forms["E11"] == forms["E8"] == ("fact", ()) and table["E11"] == table["E8"] == "correct"


def test_each_claims_text_gives_its_recorded_verdict():
    """The verdict line under each quotation, and each note's "Verdict unchanged", say what the table says."""
    table, _, _ = notebook_tables()
    nb = nbformat.read(NB09, as_version=4)
    verdict = r"(correct but mislabelled|not checked here|correct|wrong|incomplete|unproven)\b"
    seen, claim = {}, None
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        heading = re.match(r"### ([RECG]\d+)\.", cell.source)
        if heading:
            claim = heading.group(1)
            said = re.search(r"\*\*Verdict(?: on [^:*]+)?: " + verdict, cell.source)
            assert said, claim
            seen[claim] = said.group(1)
        elif claim and "Verdict unchanged: **" in cell.source:
            said = re.search(r"Verdict unchanged: \*\*" + verdict, cell.source)
            assert said and said.group(1) == table[claim], (claim, said and said.group(1))
    assert seen == table


def test_the_summary_agrees_with_the_verdicts():
    """The summary's counts and its table of claims say what the verdicts say."""
    from collections import Counter
    nb = nbformat.read(NB09, as_version=4)
    table, _, _ = notebook_tables()
    summary = next(c.source for c in nb.cells if c.source.startswith("## Summary"))
    counts = Counter(table.values())
    words = re.search(r"We judged (\d+) claims: (\d+) are correct, (\d+) wrong, (\d+) incomplete, (\d+) unproven, "
                      r"(\d+) correct but mislabelled,\s+and (\d+) not checked here", summary)
    assert words, summary[:300]
    assert [int(x) for x in words.groups()] == [len(table), counts["correct"], counts["wrong"], counts["incomplete"],
                                                counts["unproven"], counts["correct but mislabelled"],
                                                counts["not checked here"]]
    listing = next(c.source for c in nb.cells if c.source.startswith("Every claim, its verdict"))
    rows = {parts[1]: parts[3] for parts in (line.split(" | ") for line in listing.splitlines())
            if len(parts) >= 5 and re.fullmatch(r"[RECG]\d+", parts[1])}
    assert rows == table
    assert "all four further claims hold" not in summary           # claim (3) holds under one reading only


def test_verdict_problem_fails_on_the_old_inconsistent_verdicts():
    table, forms, _ = notebook_tables()
    for claim, old in [("E6", "incomplete"), ("C6", "correct"), ("G6", "correct"), ("E5", "correct"),
                       ("C8", "correct"), ("E9", "correct"), ("C3", "correct"), ("C16", "correct"),
                       ("R15", "correct"), ("R15", "not checked here"), ("E11", "wrong"), ("C5", "correct"),
                       ("E7", "correct"), ("E1", "correct"), ("E12", "correct"), ("C14", "correct"),
                       ("R1", "correct"), ("R2", "correct"), ("R8", "correct"), ("R10", "correct"),
                       ("G4", "unproven")]:
        wrong = {**table, claim: old}
        assert verdict_problem(wrong, forms).startswith(f"{claim} is judged {old!r}")
    assert "no form" in verdict_problem({**table, "X1": "correct"}, forms)
    assert "only a rule" in verdict_problem(table, {**forms, "R1": ("fact", ("no proof",))})


def test_the_order_of_faults_decides_a_claim_with_several():
    assert verdict_of(("rule", ("no proof", "leaves out a condition"))) == "incomplete"
    assert verdict_of(("fact", ("mislabelled", "false"))) == "wrong"
    assert set(FAULTS.values()) | {"correct"} == {"correct", "wrong", "incomplete", "unproven",
                                                  "correct but mislabelled", "not checked here"}
    with pytest.raises(ValueError):
        verdict_of(("rule", ("not a fault",)))


def test_a_claim_resting_on_an_unproven_one_cannot_be_called_proved():
    """The second reading of issue 46: C5 was "correct" though it rests on C3, "unproven"; E7 on E9."""
    table, forms, _ = notebook_tables()
    hidden = {**forms, "C5": ("rule", (), ("C3",))}
    assert verdict_problem({**table, "C5": "correct"}, hidden) == (
        "C5 rests on C3, judged 'unproven', but its form does not say it rests on an unproven claim")
    claimed = {**forms, "E12": ("rule", ("rests on an unproven claim",), ("E10",))}
    assert "none of the claims it rests on (E10)" in verdict_problem({**table, "E12": "unproven"}, claimed)
    assert "not another claim" in verdict_problem({**table, "E12": "correct"}, {**forms, "E12": ("rule", (), ("X9",))})


def test_the_third_readings_findings_fail_as_first_typed():
    """E12 and C14 were "correct" with no word of the unproven claims they rest on (E9; C6 and C10), C14 typed
    as a fact; R15 named none of the claims it rests on; G4, a function of a program like C16, was a fact."""
    table, forms, _ = notebook_tables()
    problem = verdict_problem({**table, "E12": "correct"}, {**forms, "E12": ("rule", (), ("E9", "E10"))})
    assert problem == "E12 rests on E9, judged 'unproven', but its form does not say it rests on an unproven claim"
    assert forms["C14"][0] == "rule"          # a way of making puzzles is what a program is for: a rule, not a fact
    problem = verdict_problem({**table, "C14": "correct"}, {**forms, "C14": ("rule", (), ("C6", "C10"))})
    assert problem == "C14 rests on C6, judged 'unproven', but its form does not say it rests on an unproven claim"
    # an argument cannot hide a weak step either; a fact is settled by computing, so it never rests on one as a fault
    assert verdict_problem(table, {**forms, "E10": ("argument", (), ("E9",))}).startswith("E10 rests on E9")
    assert "settled by computing" in verdict_problem(
        table, {**forms, "R15": ("fact", ("false", "rests on an unproven claim"), ("R14",))})
    assert verdict_of(("argument", ("rests on an unproven claim",), ("C3",))) == "unproven"
    # ...and a weak claim it rests on does not lower a fact: C15's program uses C16's ranking, unproven
    assert "C16" in forms["C15"][2] and table["C16"] == "unproven" and table["C15"] == "correct"
    assert verdict_problem(table, forms) is None
    assert "R14" in forms["R15"][2] and forms["G4"][0] == forms["C16"][0]
