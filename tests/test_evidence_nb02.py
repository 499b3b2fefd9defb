"""Notebook 02's evidence checks pass on the true data and fail on wrong data, each for the reason it names."""

from puzzlelib import Board, bfs_layers
from puzzlelib.course.evidence.nb02_breadth_first_search import (branching_problem, homecoming_walks, queue_problem,
                                                          same_expansions_problem, transition_problem)
from puzzlelib.core.graph import branching_factor
from puzzlelib.core.bfs import keyed_bfs
from puzzlelib.core.generic import SlidingPuzzleProblem
from puzzlelib.core.heuristics import manhattan

START = Board([[4, 1, 2], [5, 0, 3]])
UNSOLVABLE = Board([[1, 2, 3], [5, 4, 0]])


# --- transition_problem ----------------------------------------------------------------------------

def test_the_puzzle_problem_passes_on_every_blank_cell():
    for board in [START, Board.goal(2, 3), Board.goal(3, 3), Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]),
                  Board([[0, 1, 2]]), Board([[2], [0], [1]])]:
        assert transition_problem(SlidingPuzzleProblem(board), board) is None


class Stuck(SlidingPuzzleProblem):
    def result(self, state, action):
        return state                                    # slides nothing


class Diagonal(SlidingPuzzleProblem):
    def actions(self, state):
        return list(state.tiles[:3])                    # tiles of the top row, the blank's or not


class WrongTile(SlidingPuzzleProblem):
    def result(self, state, action):
        other = next(t for t in state.movable_tiles() if t != action)
        return state.slide(other)                       # slides another tile than the one asked


def test_wrong_transition_models_are_caught():
    assert transition_problem(Stuck(START), START) == \
        "result(state, 1) gives (4, 1, 2, 5, 0, 3), not (4, 0, 2, 5, 1, 3)"
    assert "actions are" in transition_problem(Diagonal(START), START)
    assert "result(state, 1) gives" in transition_problem(WrongTile(START), START)


def test_a_result_that_changes_the_state_it_was_given_is_caught():
    class InPlace(SlidingPuzzleProblem):
        def result(self, state, action):
            new = state.slide(action)
            object.__setattr__(state, "_tiles", new.tiles)  # mutate the old board behind its back
            return new

    board = Board([[4, 1, 2], [5, 0, 3]])
    message = transition_problem(InPlace(board), board)
    assert message is not None and "changed the state" in message


# --- branching_problem -----------------------------------------------------------------------------

def test_the_true_branching_factors_pass():
    for shape in [(2, 2), (2, 3), (3, 2), (1, 4)]:
        b = branching_factor(*shape)
        assert branching_problem(*shape, b.average, b.forward) is None


def test_wrong_branching_factors_are_caught():
    b = branching_factor(2, 3)
    assert branching_problem(2, 3, b.average, b.average).startswith("forward is 2.3333")    # forward = average
    assert branching_problem(2, 3, b.average, b.forward - 0.5).startswith("forward is")
    assert branching_problem(2, 3, 3.0, 2.0).startswith("average is 3.0000")                   # the 4 x 4 values
    assert branching_problem(2, 3, 14 / 5, 9 / 5).startswith("average is")                    # the cells miscounted


# --- queue_problem ---------------------------------------------------------------------------------

def waiting_of(board):
    waiting = []
    result = keyed_bfs(board, watch=lambda made, queued: waiting.append(queued))
    return waiting, result


def test_the_keyed_bfs_queue_passes_against_the_layers():
    for board in [UNSOLVABLE, Board([[2, 1], [3, 0]]), Board([[2, 1, 3], [4, 5, 0]])]:
        waiting, result = waiting_of(board)
        assert result.moves is None
        sizes = [layer.size for layer in bfs_layers(board)]
        assert queue_problem(waiting, sizes) is None
    waiting, _ = waiting_of(UNSOLVABLE)
    sizes = [layer.size for layer in bfs_layers(UNSOLVABLE)]
    assert max(waiting) == 47 and max(a + b for a, b in zip(sizes, sizes[1:])) == 84


def test_wrong_queues_are_caught():
    waiting, _ = waiting_of(UNSOLVABLE)
    sizes = [layer.size for layer in bfs_layers(UNSOLVABLE)]
    assert queue_problem(waiting[:-1], sizes).startswith("359 expansions")
    fuller = [w + 1 for w in waiting]                          # one key more waiting every time
    assert "at most" in queue_problem(fuller, sizes)
    stack = list(range(len(waiting), 0, -1))                    # a queue that only ever drains: never a layer
    assert queue_problem(stack, sizes) is not None
    emptier = list(waiting)
    emptier[sizes[0] + sizes[1] - 1] -= 1                         # layer 1 done, but a key of layer 2 lost
    assert "when layer 1 is done" in queue_problem(emptier, sizes)
    assert queue_problem(waiting, sizes[:-1] + [sizes[-1] + 1]) is not None   # the layers of another board


# --- same_expansions_problem -----------------------------------------------------------------------

def test_uniform_cost_expands_what_bfs_expands_in_the_same_order():
    for board in [START, Board([[3, 2, 4], [1, 5, 0]]), Board([[0, 3, 6], [4, 7, 1], [5, 2, 8]])]:
        assert same_expansions_problem(SlidingPuzzleProblem(board)) is None


def test_other_orders_and_other_costs_are_caught():
    problem = SlidingPuzzleProblem(START)
    # ties broken by the heuristic instead of first in, first out
    assert same_expansions_problem(problem, lambda node: (node.path_cost, manhattan(node.state, problem.goal))) \
        is not None
    # ties broken last in, first out
    assert same_expansions_problem(problem, lambda node: (node.path_cost, -id(node))) is not None

    class Costly(SlidingPuzzleProblem):
        def action_cost(self, state, action, result):
            return action                                   # sliding tile t costs t: cheapest is not fewest

    assert same_expansions_problem(Costly(START)).startswith("expansion")


def test_priorities_that_keep_the_order_but_are_not_the_layer_are_caught():
    """A heap breaks ties first in, first out: a constant or g // 2 expands in BFS order too (issue 46)."""
    for board in [START, Board([[0, 3, 6], [4, 7, 1], [5, 2, 8]])]:
        problem = SlidingPuzzleProblem(board)
        for priority in (lambda node: 0, lambda node: node.path_cost // 2, lambda node: 2 * node.path_cost,
                         lambda node: float(node.path_cost) + 0.5, lambda node: node.path_cost > 0):
            message = same_expansions_problem(problem, priority)
            assert message is not None and "from the start, but its priority is" in message, message
    assert same_expansions_problem(SlidingPuzzleProblem(START), lambda node: 0) == \
        "expansion 2: (4, 0, 2, 5, 1, 3) is 1 move from the start, but its priority is 0"


# --- homecoming_walks ------------------------------------------------------------------------------

def test_no_closed_walk_under_twelve_moves_brings_every_tile_home_and_three_rounds_of_a_block_do():
    found = homecoming_walks(12)
    assert list(found) == list(range(1, 13))
    assert [n for n, walks in found.items() if walks] == [12]
    blocks = {first * 3 for first in ("ULDR", "URDL", "DLUR", "DRUL", "LURD", "LDRU", "RULD", "RDLU")}
    assert set(found[12]) == blocks and len(found[12]) == 8          # each of the four blocks at the start, either way


def test_a_walk_that_only_goes_round_is_not_taken_for_one_that_comes_home():
    """Once round a block (4 moves) and twice (8) are closed walks that never step back, but they turn three tiles."""
    assert homecoming_walks(8)[4] == [] and homecoming_walks(8)[8] == []
    assert homecoming_walks(12)[12][0][:4] * 3 == homecoming_walks(12)[12][0]


def test_with_steps_straight_back_allowed_the_walks_that_undo_themselves_come_home():
    """The wrong rule (steps back allowed) gives walks shorter than 12: the check tells the rules apart."""
    back = homecoming_walks(4, back=True)
    assert sorted(back[2]) == ["DU", "LR", "RL", "UD"]
    assert "ULDR" not in back[4] and "UDLR" in back[4] and "UUDD" in back[4]
    assert any(homecoming_walks(12, back=True)[n] for n in range(2, 12))


def test_a_smaller_window_finds_the_same_walks_up_to_its_length():
    """Each walk is tried from the middle of a window just big enough for it: a bigger one finds nothing more."""
    small, big = homecoming_walks(8, back=True), homecoming_walks(10, back=True)
    assert all(sorted(small[n]) == sorted(big[n]) for n in range(1, 9))


def test_homecoming_walks_wants_a_whole_number_of_moves():
    import pytest
    assert homecoming_walks(0) == {}
    for bad, error in ((-1, ValueError), (True, TypeError), (2.0, TypeError)):
        with pytest.raises(error):
            homecoming_walks(bad)
