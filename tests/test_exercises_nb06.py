"""Notebook 06's exercises: the answers are right by an independent computation, every correct form is
accepted, typical wrong answers get the hint that fits them, and no message shows the answer."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

from puzzlelib import Board
from puzzlelib.course.exercises import EXERCISES, check, engine, hint
from puzzlelib.player.session import PlaySession
from puzzlelib.core.encoding import all_permutations, rank, rank_rows
from puzzlelib.core.bfs import shortest_path
from puzzlelib.engines.tables import distances
from puzzlelib.engines.space import all_moves


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def tokens(value) -> set[str]:
    """The answer's parts as they could appear in a message: each number of a set, or the number."""
    items = value if isinstance(value, (set, frozenset)) else {value}
    return {str(v) for v in items} | {str(sorted(items))}


def shows(out: str, value) -> bool:
    return any(re.search(r"(?<![\w.+-])" + re.escape(t) + r"(?![\w]|\.\d)", out) for t in tokens(value))


def own_inversions(tiles) -> int:
    seq = [t for t in tiles if t]
    return sum(1 for i in range(len(seq)) for j in range(i + 1, len(seq)) if seq[i] > seq[j])


# --- the answers, computed another way -----------------------------------------------------------

BOARD_1 = Board([[8, 10, 11, 1, 2], [14, 9, 0, 12, 3], [6, 13, 4, 7, 5]])
WITNESS_1 = (Board([[2, 3, 1, 4, 5], [6, 7, 0, 8, 9], [10, 11, 12, 13, 14]]), 1)


def test_06_1_the_board_given_has_no_witness_of_its_own():
    assert set(every_vertical_change(BOARD_1).values()) == {-2}          # both vertical slides: -2


def test_06_1_the_witness_raises_the_inversions_by_4_on_the_player():
    board, tile = WITNESS_1
    before = PlaySession(board=board)
    shown = before.panel().inversions
    assert before.click(tile)
    assert before.panel().inversions - shown == 4 == own_inversions(board.slide(tile).tiles) - own_inversions(board.tiles)
    assert engine._expected(EXERCISES["06.1"]) == WITNESS_1


def every_vertical_change(board):
    """The change of the inversions for each vertical slide of a board (by our own count)."""
    return {t: own_inversions(board.slide(t).tiles) - own_inversions(board.tiles) for t in board.movable_tiles()
            if board.position(t)[1] == board.blank[1]}


def test_06_1_accepts_every_fitting_pair_and_refuses_the_others():
    rng = random.Random(61)
    seen = set()
    for _ in range(400):
        tiles = list(range(15))
        rng.shuffle(tiles)
        board = Board.from_tiles(tiles, 3, 5)
        for tile, change in every_vertical_change(board).items():
            seen.add(change)
            assert check("06.1", (board, tile)) == (change == 4), (board, tile, change)
    assert seen == {-4, -2, 0, 2, 4}                     # even, and never more than 4 either way


@pytest.mark.parametrize("answer,says", [
    ((BOARD_1, 11), "lowers the inversions"),                             # -2
    ((Board([[9, 1, 3, 2, 5], [6, 7, 0, 8, 4], [10, 11, 12, 13, 14]]), 3), "less than 4"),    # +2
    ((Board([[2, 3, 1, 4, 5], [6, 7, 0, 8, 9], [10, 11, 12, 13, 14]]), 7), "slides sideways"),
    ((Board([[2, 3, 1, 4, 5], [6, 7, 0, 8, 9], [10, 11, 12, 13, 14]]), 14), "cannot slide"),
    ((Board([[14, 13, 12, 11, 10], [9, 8, 0, 7, 6], [5, 4, 3, 2, 1]]), 12), "lowers the inversions"),
    ((Board([[1, 2, 3], [4, 0, 5]]), 2), "give a 3 x 5 board"),
])
def test_06_1_wrong_pairs_get_their_hint_and_never_a_witness(capsys, answer, says):
    ok, out = run(capsys, "06.1", answer)
    assert ok is False and says in out, out
    assert str(WITNESS_1[0].grid) not in out and str(WITNESS_1[0]) not in out


# --- 06.2: a witness walk, the most inversions in eight slides ------------------------------------

WALK_2 = [6, 3, 2, 5, 8, 6, 3, 2]


def every_walk(board: Board, slides: int):
    """Every walk of at most ``slides`` slides from ``board``, undoing slides too: (tiles clicked, end board)."""
    yield [], board
    if slides:
        for t in board.movable_tiles():
            for rest, end in every_walk(board.slide(t), slides - 1):
                yield [t] + rest, end


def test_06_2_the_most_is_12_by_every_walk_and_one_walk_leaves_it():
    """By our own count over every walk of up to eight slides (undoing allowed): the most inversions is 12,
    the bound of the solution (six vertical slides, 2 each), and one walk leaves it."""
    ends = {}
    for walk, end in every_walk(Board.goal(3, 3), 8):
        ends.setdefault(own_inversions(end.tiles), []).append(walk)
    assert max(ends) == 12 and ends[12] == [WALK_2]
    assert engine._expected(EXERCISES["06.2"]) == WALK_2


def test_06_2_the_walk_shows_12_on_the_player():
    session = PlaySession(board=Board.goal(3, 3))
    for t in WALK_2:
        assert session.click(t)
    assert session.panel().inversions == 12


@pytest.mark.parametrize("answer", [WALK_2, tuple(WALK_2)])
def test_06_2_accepts_the_walk_as_a_list_or_a_tuple(capsys, answer):
    ok, out = run(capsys, "06.2", answer)
    assert ok is True and out.startswith("correct: "), out


@pytest.mark.parametrize("answer,says", [
    ([6, 3, 2, 5, 8], "how many of eight slides can go up or down"),        # 8 inversions: too short
    ([8, 5, 2, 1, 4, 7, 5, 2], "how many of eight slides can go up or down"),   # starts sideways
    ([6, 3, 2, 5, 8, 7, 4, 1], "one of yours adds less"),                   # six vertical slides, not all +2
    ([6, 6, 6, 3, 2, 5, 8, 6], "undoes the slide before"),
    ([6, 2], "not next to the blank"),
    (WALK_2 + [6], "more than eight slides"),
    ([], "how many of eight slides"),
])
def test_06_2_wrong_walks_get_their_hint_and_never_the_walk(capsys, answer, says):
    ok, out = run(capsys, "06.2", answer)
    assert ok is False and says in out, out
    assert str(WALK_2) not in out and "6, 3, 2, 5" not in out and "12" not in out


def test_06_2_the_hint_and_the_mistake_hints_never_show_the_walk_or_the_most(capsys):
    ex = EXERCISES["06.2"]
    capsys.readouterr()
    hint("06.2")
    for text in [capsys.readouterr().out] + [m.hint for m in ex.mistakes]:
        assert "6, 3, 2" not in text and "12" not in text, text


def test_06_2_every_wrong_walk_of_eight_slides_fails():
    for walk, end in every_walk(Board.goal(3, 3), 8):
        if len(walk) == 8:
            assert check("06.2", walk) is (walk == WALK_2), walk


def walks_without_undo(goal: Board, steps: int):
    """Over every walk of ``steps`` slides from ``goal`` that never undoes the slide before (as the player's
    scramble walks): the distances of their end boards, and the lengths at which such a walk is back at the
    goal (a loop). Counted move by move over the directed moves of every board, by numpy."""
    rows, cols = goal.shape
    perms = all_permutations(rows * cols)
    m = all_moves(rows, cols, perms)
    src, dst, n = m.src.astype(np.int64), m.dst.astype(np.int64), len(perms)
    key = src * n + dst
    order = np.argsort(key)
    back = order[np.searchsorted(key[order], dst * n + src)]          # the move that undoes each move
    assert (src[back] == dst).all() and (dst[back] == src).all()
    dist = np.full(n, -1)
    d = distances(goal)
    dist[rank_rows(np.array(list(d)))] = list(d.values())
    start = rank(goal)
    last = src == start                                                # the walks' last moves, one step in
    loops = []
    for step in range(1, steps + 1):
        if step > 1:
            into = np.bincount(dst[last], minlength=n)                 # walks arriving at each board
            last = into[src] - last[back] > 0                          # leave by any move but the undoing one
        if start in dst[last]:
            loops.append(step)
    return set(dist[np.unique(dst[last])].tolist()), loops


def test_06_3_the_answer_by_every_walk_that_never_undoes_a_move():
    """The player's scramble never undoes its last move (generate.scramble, allow_undo=False), so "one tile
    back and forth" is not a walk it makes. Over every such 40-move walk the end distances are the answer."""
    goal = Board.goal(3, 3)
    ends, loops = walks_without_undo(goal, 40)
    assert engine._expected(EXERCISES["06.3"]) == ends == set(range(0, 31, 2))
    assert loops == list(range(12, 41, 2))            # loops that never turn back: each even length from 12 to 40
    # the shortest one: the blank three times round a 2 x 2 block
    cells = [(2, 2), (1, 2), (1, 1), (2, 1)]           # the blank's cells round the bottom-right block
    walk = [goal]
    for k in range(1, 13):
        r, c = cells[k % 4]
        walk.append(walk[-1].slide(walk[-1].grid[r][c]))
    assert walk[-1] == goal and len(set(walk[:-1])) == 12 and all(a != c for a, c in zip(walk, walk[2:]))


def test_06_3_what_the_player_scrambles_stays_in_the_answer():
    rng = random.Random(6)
    seen = set()
    for _ in range(300):                            # what the player's scramble does: seeded random walks
        s = PlaySession(3, 3, seed=rng.randrange(10**9))
        s.scramble(40)
        seen.add(s.panel().distance)
    assert seen <= engine._expected(EXERCISES["06.3"]) and len(seen) >= 5          # never odd, never over 30


# --- what check accepts and what it says ----------------------------------------------------------

@pytest.mark.parametrize("exercise_id, answer", [
    ("06.1", WITNESS_1), ("06.1", (WITNESS_1[0].grid, 1)), ("06.1", [WITNESS_1[0].tiles, 1]),
    ("06.3", set(range(0, 31, 2))), ("06.3", range(0, 31, 2)), ("06.3", frozenset(range(30, -1, -2))),
    ("06.3", {d for d in range(31) if d % 2 == 0}),
    ("06.3", list(range(0, 31, 2))), ("06.3", tuple(range(30, -1, -2))),
])
def test_every_correct_form_is_accepted(capsys, exercise_id, answer):
    ok, out = run(capsys, exercise_id, answer)
    assert ok is True and out.startswith("correct: "), out


@pytest.mark.parametrize("exercise_id, answer, says", [
    ("06.3", set(range(1, 32, 2)), "can the distance be odd"),
    ("06.3", set(range(0, 41, 2)), "explorer's last layer"),
    ("06.3", set(range(0, 32)), "not every distance"),
    ("06.3", set(range(0, 41)), "too many"),
    ("06.3", {40}, "three rounds every tile is home again"),
    ("06.3", set(range(2, 31, 2)), "check each candidate distance on its own"),
    ("06.3", "even", "a str where a set is expected"),
    ("06.3", [True, False], "a list where a set is expected"),
])
def test_typical_wrong_answers_get_a_fitting_hint_and_never_the_answer(capsys, exercise_id, answer, says):
    ok, out = run(capsys, exercise_id, answer)
    assert ok is False and out.startswith("not yet: ") and says in out, out
    assert not shows(out, engine._expected(EXERCISES[exercise_id])), out


@pytest.mark.parametrize("exercise_id", ["06.3"])
def test_hints_and_mistake_hints_never_show_the_answer(capsys, exercise_id):
    ex = EXERCISES[exercise_id]
    capsys.readouterr()
    hint(exercise_id)
    texts = [capsys.readouterr().out] + [m.hint for m in ex.mistakes]
    for text in texts:
        assert not shows(text, engine._expected(ex)), text


def test_06_ends_with_three_exercises_and_none_reads_the_player_state():
    ids = [k for k in EXERCISES if k.startswith("06.")]
    assert ids == ["06.1", "06.2", "06.3"]
    import inspect
    from puzzlelib.course.exercises import nb06_play
    assert "PlaySession" not in inspect.getsource(nb06_play)     # fixed boards, not a player's current state


def test_06_3_thirty_by_the_long_way_round_a_loop():
    """The solution's way to distance 30 in 40 slides without undoing one: a shortest path to a board Y at 29,
    then 11 moves the long way round the 12-move loop of a 2 x 2 block, to Y's neighbour Z at 30."""
    goal = Board.goal(3, 3)
    d = distances(goal)

    def long_way(y: Board, z: Board):
        (r0, c0), (r1, c1) = y.blank, z.blank
        for top in range(max(0, min(r0, r1) - 1), min(r0, r1) + 1):
            for left in range(max(0, min(c0, c1) - 1), min(c0, c1) + 1):
                ring = [(top, left), (top, left + 1), (top + 1, left + 1), (top + 1, left)]
                if top + 1 > 2 or left + 1 > 2 or (r0, c0) not in ring or (r1, c1) not in ring:
                    continue
                k = ring.index((r0, c0))
                step = -1 if ring[(k + 1) % 4] == (r1, c1) else 1        # against the direction of y -> z
                walk = [y]
                for i in range(1, 12):
                    r, c = ring[(k + step * i) % 4]
                    walk.append(walk[-1].slide(walk[-1].grid[r][c]))
                if walk[-1] == z:
                    return walk
        return None

    for tiles, k in d.items():
        if k != 29:
            continue
        y = Board.from_tiles(tiles, 3, 3)
        path = shortest_path(y, goal=goal)[::-1]                       # goal ... y, 29 moves
        for z in (n for n in y.neighbors() if d[n.tiles] == 30):
            loop = long_way(y, z)
            if loop and loop[1] != path[-2]:                       # the first loop move does not undo the path's last
                walk = path + loop[1:]
                assert len(walk) - 1 == 40 and d[walk[-1].tiles] == 30
                assert all(b in a.neighbors() for a, b in zip(walk, walk[1:]))
                assert all(a != c for a, c in zip(walk, walk[2:]))   # never undoes a move
                return
    raise AssertionError("no walk of 40 to distance 30 the long way round a loop")
