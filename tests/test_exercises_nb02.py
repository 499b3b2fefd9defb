"""Notebook 02's exercises: every right answer in every form passes, typical wrong ones get their own hint,
and no message prints the answer."""

import pytest

from puzzlelib import Board, distances
from puzzlelib.course.exercises import EXERCISES, check
from puzzlelib.course.exercises import engine

GOAL = Board.goal(2, 3)
FOUR_HOME = sorted(t for t, d in distances(GOAL).items() if d == 4 and t[-1] == 0)
FOUR_AWAY = min(t for t, d in distances(GOAL).items() if d == 4 and t[-1] != 0)


def run(capsys, exercise_id, answer):
    capsys.readouterr()
    ok = check(exercise_id, answer)
    return ok, capsys.readouterr().out


def never_tells(out, *answers):
    for a in answers:
        assert str(a) not in out and repr(a) not in out, out


# --- 02.1: a board four moves from the goal with the blank home -----------------------------------------

def test_both_boards_four_moves_away_with_the_blank_home_are_accepted_in_every_form(capsys):
    assert len(FOUR_HOME) == 2                         # once round the 2 x 2 block, either way
    for tiles in FOUR_HOME:
        board = Board.from_tiles(tiles, 2, 3)
        rows = [list(tiles[:3]), list(tiles[3:])]
        for form in (board, tiles, list(tiles), rows, tuple(map(tuple, rows))):
            ok, out = run(capsys, "02.1", form)
            assert ok is True and out.startswith("correct"), (form, out)


@pytest.mark.parametrize("answer, words", [
    (Board.goal(2, 3), "the goal itself"),
    ((4, 1, 2, 5, 3, 0), "not four moves away"),                     # blank home, six moves
    ((1, 2, 3, 4, 0, 5), "must end in its goal cell"),                # one move, blank away
    ((1, 0, 3, 4, 2, 5), "must end in its goal cell"),                # two moves
    (FOUR_AWAY, "its blank is not in its goal cell"),                # four moves, blank away
    ((1, 2, 3, 5, 4, 0), "no sequence of moves"),                     # the other half
    ((1, 2, 3), "give a 2 x 3 board"),
    ((1, 2, 3, 4, 5, 5), "give a 2 x 3 board"),
    (Board.goal(3, 2), "give a 2 x 3 board"),
    (4, "where a Board is expected"),
])
def test_wrong_boards_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.1", answer)
    assert ok is False and words in out, out
    never_tells(out, *FOUR_HOME)


# --- 02.2: the 4 x 4 layer four moves from the goal -------------------------------------------------------

def test_the_layer_is_counted_and_agrees_with_a_bfs_stopped_early(capsys):
    from puzzlelib import bfs_layers
    sizes = []
    for layer in bfs_layers(Board.goal(4, 4), max_nodes=1000):
        sizes.append(layer.size)
        if len(sizes) == 5:
            break
    assert sizes == [1, 2, 4, 10, 24]
    for form in (24, 24.0):
        assert run(capsys, "02.2", form)[0] is True


@pytest.mark.parametrize("answer, words", [
    (41, "within four moves"), (40, "one to four moves"), (10, "off by one layer"),
    (54, "three new moves"), (58, "moves straight back"), (6, "follow the blank"), ("24", "without quotes"),
    (48, "step straight back somewhere in the middle"), (26, "a new move they do not have"),
])
def test_wrong_counts_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.2", answer)
    assert ok is False and words in out, out
    assert "24" not in out


def test_a_full_4x4_bfs_is_refused_so_the_count_needs_thought():
    from puzzlelib import TooLargeError, distance_counts
    with pytest.raises(TooLargeError):
        distance_counts(4, 4)
    assert EXERCISES["02.2"].level == "core" and EXERCISES["02.1"].level == "warm-up"


def test_the_refusal_of_a_full_4x4_bfs_says_how_to_stop_it_early():
    """A student who checks 02.2 with bfs_layers learns from the refusal itself how to take the first layers."""
    from puzzlelib import TooLargeError, bfs_layers
    with pytest.raises(TooLargeError) as refused:
        next(bfs_layers(Board.goal(4, 4)))
    message = str(refused.value)
    assert "max_nodes=" in message and "layers it gave" in message
    assert len(message) < 600, len(message)
    sizes = []
    for layer in bfs_layers(Board.goal(4, 4), max_nodes=5000):     # what the message says to do
        sizes.append(layer.size)
        if layer.depth == 4:
            break
    assert sizes[4] == 24


# --- 02.3: the board nearest the goal with two shortest paths ---------------------------------------------

def shortest_paths(tiles, dist):
    """Shortest paths from ``tiles`` to the 2 x 3 goal, counted here by recursion (the checker counts by layers)."""
    if dist[tiles] == 0:
        return 1
    return sum(shortest_paths(n.tiles, dist) for n in Board.from_tiles(tiles, 2, 3).neighbors()
               if dist[n.tiles] == dist[tiles] - 1)


def test_02_3_accepts_only_the_nearest_board_with_two_shortest_paths_in_every_form(capsys):
    dist = distances(GOAL)
    two = [t for t in dist if dist[t] and shortest_paths(t, dist) >= 2]
    nearest = [t for t in two if dist[t] == min(dist[u] for u in two)]
    assert nearest == [(1, 0, 5, 4, 3, 2)] and dist[nearest[0]] == 6
    board = Board.from_tiles(nearest[0], 2, 3)
    for form in (board, nearest[0], list(nearest[0]), [[1, 0, 5], [4, 3, 2]]):
        ok, out = run(capsys, "02.3", form)
        assert ok is True and out.startswith("correct"), (form, out)
    for t in two[:12]:                                  # farther boards with two paths: not the nearest
        if t != nearest[0]:
            ok, out = run(capsys, "02.3", t)
            assert ok is False and "nearer the goal has two as well" in out, out
            never_tells(out, board, nearest[0])


@pytest.mark.parametrize("answer, words", [
    ((1, 5, 2, 4, 3, 0), "one shortest path only"),              # once round the block: one way only
    ((4, 1, 2, 5, 0, 3), "one shortest path only"),
    (Board.goal(2, 3), "the goal itself"),
    ((1, 2, 3, 5, 4, 0), "no sequence of moves"),
    ((1, 2, 3), "give a 2 x 3 board"),
    (Board.goal(3, 2), "give a 2 x 3 board"),
])
def test_02_3_wrong_boards_get_the_hint_that_fits_and_never_the_answer(capsys, answer, words):
    ok, out = run(capsys, "02.3", answer)
    assert ok is False and words in out, out
    never_tells(out, (1, 0, 5, 4, 3, 2), Board([[1, 0, 5], [4, 3, 2]]))


def test_02_2_hint_and_solution_count_two_moves_from_the_starting_corner(capsys):
    import nbformat
    from pathlib import Path
    assert "two at the start" in EXERCISES["02.2"].hint
    nb = nbformat.read(Path(__file__).resolve().parent.parent / "notebooks" / "02_breadth_first_search.ipynb", 4)
    solution = next(c.source for c in nb.cells if c.source.startswith("**Solution to exercise 2."))
    assert "2 at the start" in solution


# --- 02.4: writing layers_to, BFS one layer at a time -----------------------------------------------------

def own_layers(start, goal):
    """Over tile tuples, returning tuples in sets: the checker takes either."""
    layers, seen = [{start.tiles}], {start.tiles}
    while goal.tiles not in layers[-1]:
        new = {n.tiles for t in layers[-1] for n in Board.from_tiles(t, *start.shape).neighbors()} - seen
        if not new:
            break
        seen |= new
        layers.append(new)
    return layers


def test_layers_to_written_another_way_passes(capsys):
    ok, out = run(capsys, "02.4", own_layers)
    assert ok is True, out


@pytest.mark.parametrize("wrong, words", [
    (lambda s, g: [[s]], "they stop too early"),
    (lambda s, g: own_layers(s, g)[:-1] or [[s]], "stop too early"),
    (lambda s, g: own_layers(s, g) + [[]], "is empty"),
    (lambda s, g: [list(layer) for layer in own_layers(s, g)][::-1], "layer 0 should hold the start"),
    (lambda s, g: [b for layer in own_layers(s, g) for b in layer], "a board, not a layer"),
    (lambda s, g: None if s.rows * s.cols > 6 else own_layers(s, g), "but this goal can be reached"),
    (lambda s, g: [layer if d != 2 else set(list(layer)[1:]) for d, layer in enumerate(own_layers(s, g))],
     "misses boards"),
    (lambda s, g: own_layers(s, Board.goal(*s.shape)), "layer"),
])
def test_wrong_layers_get_a_hint_that_fits_and_never_the_layers(capsys, wrong, words):
    ok, out = run(capsys, "02.4", wrong)
    assert ok is False and words in out, out
    assert "correct" not in out


def test_layers_to_that_borrows_a_library_search_is_not_accepted(capsys):
    from puzzlelib import bfs_layers
    from puzzlelib.core.bfs import bfs_plain

    def via_bfs_layers(start, goal):
        layers = []
        for layer in bfs_layers(start):
            layers.append(layer.boards())
            if goal in layers[-1]:
                break
        return layers

    def via_bfs_plain(start, goal):
        path = bfs_plain(start, goal=goal)
        return [[b] for b in path]

    for borrowed in (via_bfs_layers, via_bfs_plain):
        ok, out = run(capsys, "02.4", borrowed)
        assert ok is False and ("asks you to write it" in out or "write those steps yourself" in out
                                or "called puzzlelib's own" in out), out
    assert engine.EXERCISES["02.4"].function == "layers_to"


def test_a_one_layer_answer_earns_nothing_and_the_reference_everything(capsys):
    from puzzlelib.course.exercises.grading import POINTS, grade
    from puzzlelib.course.exercises.solutions import SOLUTIONS
    points = POINTS[EXERCISES["02.4"].level]
    assert grade("02.4", lambda start, goal: [[start]], points=points) == 0
    assert grade("02.4", lambda start, goal: [[start], [goal]], points=points) == 0
    assert grade("02.4", SOLUTIONS["layers_to"], points=points) == points


# --- 02.5: a written proof ---------------------------------------------------------------------------------

def test_02_5_is_a_proof_whose_check_asks_questions_and_never_gives_the_proof(capsys):
    ex = EXERCISES["02.5"]
    assert ex.kind == "proof" and ex.level == "core"
    assert sum(points for points, _ in ex.rubric) == 2
    capsys.readouterr()
    assert check("02.5") is None
    out = capsys.readouterr().out
    assert all(q in out for q in ex.questions)
    assert ex.solution() not in out and "closed under moves" not in out
