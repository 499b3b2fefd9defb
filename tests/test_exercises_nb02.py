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


# --- 02.2: walks(rows, cols, depth), the blank's walks that never step straight back -------------------------

def _walks_from_corner(rows, cols, depth, before):
    """The blank's walks of ``depth`` moves from the bottom-right corner, each listed one by one, never stepping
    straight back; ``before`` is the cell its first move may not enter (None: any)."""
    def go(cell, before, left):
        if left == 0:
            return 1
        r, c = cell
        return sum(go(n, cell, left - 1) for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                   if 0 <= n[0] < rows and 0 <= n[1] < cols and n != before)
    return go((rows - 1, cols - 1), before, depth)


def own_walks(rows, cols, depth):
    """Every walk listed, one by one (the reference counts them by their last two cells): another correct way."""
    return _walks_from_corner(rows, cols, depth, None)


def layer_sizes(rows, cols, depth):
    from puzzlelib import bfs_layers
    sizes = []
    for layer in bfs_layers(Board.goal(rows, cols), max_nodes=100_000):     # what the refusal says to do
        sizes.append(layer.size)
        if layer.depth == depth:
            break
    return sizes + [0] * (depth + 1 - len(sizes))


def test_walks_written_another_way_passes_and_agrees_with_the_reference(capsys):
    from puzzlelib.course.exercises.solutions import SOLUTIONS
    ok, out = run(capsys, "02.2", own_walks)
    assert ok is True and out.startswith("correct"), out
    for rows, cols in [(1, 4), (4, 1), (2, 2), (2, 3), (3, 3), (4, 4), (3, 5)]:
        assert [own_walks(rows, cols, d) for d in range(11)] == [SOLUTIONS["walks"](rows, cols, d) for d in range(11)]
    assert EXERCISES["02.2"].kind == "function" and EXERCISES["02.2"].function == "walks"
    assert EXERCISES["02.2"].level == "core" and EXERCISES["02.1"].level == "warm-up"


def test_walks_are_the_layer_sizes_up_to_five_moves_and_more_from_six():
    """What the solution says: as many walks as boards up to 5 moves, then more walks (a closed walk that brings
    every tile home has at least 12 moves); on 4 x 4, 1, 2, 4, 10, 24, 54, then 108 walks for 107 boards."""
    for rows, cols in [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (2, 5), (4, 5), (5, 5), (1, 5)]:
        walks = [own_walks(rows, cols, d) for d in range(8)]
        sizes = layer_sizes(rows, cols, 7)
        assert walks[:6] == sizes[:6], (rows, cols)
        if rows > 1 and cols > 1:
            assert walks[6] > sizes[6], (rows, cols)     # the corner's block, one and a half rounds either way
    assert [own_walks(4, 4, d) for d in range(7)] == [1, 2, 4, 10, 24, 54, 108] and layer_sizes(4, 4, 6)[6] == 107
    import nbformat
    from pathlib import Path
    nb = nbformat.read(Path(__file__).resolve().parent.parent / "notebooks" / "02_breadth_first_search.ipynb", 4)
    solution = " ".join(next(c.source for c in nb.cells if c.source.startswith("**Solution to exercise 2.")).split())
    assert "for d = 0 to 5 is 1, 2, 4, 10, 24, 54" in solution and "at d = 6, 108 walks end at 107 boards" in solution


def _off_first_move(rows, cols, depth):        # as if the blank had come into the corner from its left
    return _walks_from_corner(rows, cols, depth, (rows - 1, cols - 2))


@pytest.mark.parametrize("wrong, words", [
    ("walks_stepping_back", "steps straight back somewhere"),
    ("walks_never_twice", "may come back to a cell"),
    ("walks_as_boards", "how many boards are that many moves from the goal"),
    (lambda r, c, d: own_walks(r, c, d) if d else 0, "the empty one"),
    (_off_first_move, "the first move undoes nothing"),
    (lambda r, c, d: own_walks(r, c, d + 1), "off by one move"),
    (lambda r, c, d: own_walks(r, c, d - 1) if d > 2 else own_walks(r, c, d), "off by one move"),
    (lambda r, c, d: own_walks(r, c, d) + (r * c > 20), "that is not how many walks"),
    (lambda r, c, d: float(own_walks(r, c, d)), "a whole number"),
    (lambda r, c, d: str(own_walks(r, c, d)), "a whole number"),
])
def test_wrong_walks_get_the_hint_that_fits_and_never_the_count(capsys, wrong, words):
    import re
    from puzzlelib.course.exercises.solutions import FLAWED
    fn = FLAWED[wrong] if isinstance(wrong, str) else wrong
    ok, out = run(capsys, "02.2", fn)
    assert ok is False and words in out, out
    call = re.search(r"walks\((\d+), (\d+), (\d+)\) returned .*?; ", out)
    assert call, out
    right = own_walks(*map(int, call.groups()))
    rest = out.replace(call.group(0), "")
    assert not re.search(rf"(?<![\w.]){right}(?![\w]|\.\d)", rest), out


def test_a_bfs_answer_is_right_only_where_walks_and_boards_agree(capsys):
    """Layer sizes are the walks up to 5 moves only: an answer read off a BFS keeps a third of the points."""
    from puzzlelib.course.exercises.grading import POINTS, grade
    from puzzlelib.course.exercises.solutions import FLAWED
    points = POINTS[EXERCISES["02.2"].level]
    assert grade("02.2", lambda r, c, d: layer_sizes(r, c, d)[d], points=points) == pytest.approx(points / 3, abs=1e-3)
    assert grade("02.2", FLAWED["walks_as_boards"], points=points) == pytest.approx(points / 3, abs=1e-3)
    assert grade("02.2", own_walks, points=points) == points
    capsys.readouterr()


def test_the_refusal_of_a_full_4x4_bfs_says_how_to_stop_it_early():
    """A student who compares walks with the 4 x 4 layers learns from the refusal itself how to take the first
    layers; those sizes are no answer to 02.2, as they part from the walks at 6 moves."""
    from puzzlelib import TooLargeError, bfs_layers, distance_counts
    with pytest.raises(TooLargeError):
        distance_counts(4, 4)
    with pytest.raises(TooLargeError) as refused:
        next(bfs_layers(Board.goal(4, 4)))
    message = str(refused.value)
    assert "max_nodes=" in message and "layers it gave" in message
    assert len(message) < 600, len(message)
    sizes = layer_sizes(4, 4, 7)
    assert sizes[:6] == [own_walks(4, 4, d) for d in range(6)]
    assert all(sizes[d] < own_walks(4, 4, d) for d in (6, 7))


def test_02_2_hint_and_solution_count_every_first_move():
    import nbformat
    from pathlib import Path
    hint_text = EXERCISES["02.2"].hint
    assert "two first moves" in hint_text and "every neighbour but the one it has just come from" in hint_text
    nb = nbformat.read(Path(__file__).resolve().parent.parent / "notebooks" / "02_breadth_first_search.ipynb", 4)
    solution = next(c.source for c in nb.cells if c.source.startswith("**Solution to exercise 2."))
    assert "the first move undoes nothing" in solution


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


def test_02_5_self_check_points_at_the_text_not_at_code_the_page_never_shows():
    """Notebook 02 describes dfs_path but never shows its code, so a question cannot ask about its lines."""
    questions = " ".join(EXERCISES["02.5"].questions)
    assert "line by line" not in questions and "the code" not in questions
    assert "what the text says DFS does" in questions
