"""The frontier search engine against the plain BFS, layer by layer; stop and resume; the memory guard."""

import json
from fractions import Fraction
from itertools import permutations
from math import factorial
from pathlib import Path

import numpy as np
import pytest

import puzzlelib.engines.frontier as frontier
import puzzlelib.engines.dispatch as search
from puzzlelib import Board, TooLargeError, bfs_layers, distance_counts, farthest, random_solvable
from puzzlelib.core.limits import reachable_count
from puzzlelib.engines.frontier import frontier_search
from puzzlelib.engines.packed import pack, unpack
from puzzlelib.core.encoding import all_permutations, rank_rows
from puzzlelib.core.limits import FRONTIER_BYTES_PER_STATE, check_frontier_bfs, frontier_bfs_bytes
from puzzlelib.core.encoding import unrank_rows
from puzzlelib.engines.bitarray import rank_bfs_counts
from puzzlelib.core.reference import results_path

RESULTS = results_path("bfs_scale")
SHAPES = [(1, 1), (1, 2), (2, 1), (1, 5), (5, 1), (1, 9), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]


def layer_sets(result_dir, rows, cols):
    manifest = json.loads((Path(result_dir) / "manifest.json").read_text())
    return [{tuple(int(t) for t in row)
             for row in unpack(np.load(Path(result_dir) / f"layer_{d:03d}.npy"), rows, cols)}
            for d in range(len(manifest["counts"]))]


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_layer_sizes_equal_the_plain_bfs(rows, cols):
    plain = [layer.size for layer in bfs_layers(Board.goal(rows, cols))]
    result = frontier_search(rows, cols)
    assert result.counts == plain
    assert result.complete and result.reached == reachable_count(rows, cols)


@pytest.mark.parametrize("rows,cols", [(2, 3), (3, 2), (2, 4), (4, 2), (3, 3)])
def test_every_layer_holds_the_same_boards_as_the_plain_bfs(rows, cols, tmp_path):
    frontier_search(rows, cols, keep_layers=True, directory=tmp_path)
    plain = [set(layer.states) for layer in bfs_layers(Board.goal(rows, cols))]
    assert layer_sets(tmp_path, rows, cols) == plain


@pytest.mark.parametrize("goal", [
    Board.spiral(3, 3), Board.goal(3, 3, blank="first"), Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]),
    random_solvable(2, 4, seed=7), Board([[2, 1, 3], [4, 5, 0]]),     # the other component of 2 x 3
])
def test_other_goals(goal):
    plain = list(bfs_layers(goal))
    result = frontier_search(goal.rows, goal.cols, goal=goal)
    assert result.counts == [layer.size for layer in plain]
    assert result.last_boards() == sorted(plain[-1].boards())


def test_the_last_layer_is_the_antipodes():
    *_, last = bfs_layers(Board.goal(3, 3))
    result = frontier_search(3, 3)
    assert result.depth == last.depth and result.last_boards() == sorted(last.boards())


def test_stop_early_and_resume_from_the_last_finished_layer(tmp_path):
    full = frontier_search(2, 4).counts
    part = frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=10)
    assert part.counts == full[:11] and not part.complete and part.depth == 10
    again = frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=10)   # nothing left to do up to 10
    assert again.counts == full[:11]
    rest = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert rest.counts == full and rest.complete
    assert sorted(p.name for p in tmp_path.glob("layer_*.npy")) == [f"layer_{d:03d}.npy"
                                                                    for d in range(len(full))]


def test_an_interrupted_layer_is_not_kept(tmp_path, monkeypatch):
    full = frontier_search(3, 3).counts
    real = frontier.next_layer
    calls = []

    def interrupted(groups, moves, on_group=None):
        calls.append(1)
        if len(calls) == 15:
            raise KeyboardInterrupt
        return real(groups, moves, on_group)

    monkeypatch.setattr(frontier, "next_layer", interrupted)
    with pytest.raises(KeyboardInterrupt):
        frontier_search(3, 3, keep_layers=True, directory=tmp_path)
    monkeypatch.setattr(frontier, "next_layer", real)
    assert json.loads((tmp_path / "manifest.json").read_text())["counts"] == full[:15]
    assert frontier_search(3, 3, keep_layers=True, directory=tmp_path).counts == full


def test_keep_layers_false_keeps_only_the_last(tmp_path):
    result = frontier_search(2, 3, directory=tmp_path, keep_layers=False)
    assert [p.name for p in tmp_path.glob("layer_*.npy")] == [f"layer_{result.depth:03d}.npy"]


def test_a_directory_of_another_search_is_refused(tmp_path):
    frontier_search(2, 3, keep_layers=True, directory=tmp_path, max_depth=3)
    with pytest.raises(ValueError, match="holds a search of"):
        frontier_search(3, 2, keep_layers=True, directory=tmp_path)
    with pytest.raises(ValueError, match="holds a search of"):
        frontier_search(2, 3, goal=Board.spiral(2, 3), keep_layers=True, directory=tmp_path)


def test_bad_arguments():
    with pytest.raises(ValueError, match="max_depth"):
        frontier_search(2, 3, max_depth=-1)
    with pytest.raises(ValueError, match="goal is 3 x 2 but the board is 2 x 3"):
        frontier_search(2, 3, goal=Board.goal(3, 2))
    with pytest.raises(ValueError, match="at least 1 row"):
        frontier_search(0, 3)
    with pytest.raises(ValueError, match="at most 14 cells"):
        frontier_search(1, 15)


def test_too_large_is_refused_up_front_with_what_it_would_need():
    with pytest.raises(TooLargeError, match=r"4 x 4 board would store 10,461,394,944,000 states.*TiB"):
        frontier_search(4, 4)
    with pytest.raises(TooLargeError, match="4 x 4 board would store 10,461,394,944,000 states"):
        distance_counts(4, 4)
    with pytest.raises(TooLargeError, match=r"3 x 4 board .* 913\.\d MiB"):
        frontier_search(3, 4, budget=2**20)
    assert check_frontier_bfs(3, 4) == frontier_bfs_bytes(3, 4) == 4 * factorial(12) // 2


def test_the_dict_bfs_stays_guarded_but_distance_counts_delegates(monkeypatch):
    with pytest.raises(TooLargeError, match="as a dict of tuples"):
        next(bfs_layers(Board.goal(3, 4)))
    calls = []

    def fake(rows, cols, goal=None, **kw):
        calls.append((rows, cols, goal))
        return frontier.FrontierResult(rows, cols, goal, [1, 2], True, np.zeros(2, dtype=np.uint64))

    monkeypatch.setattr(search, "frontier_search", fake)
    assert distance_counts(3, 4) == [1, 2]
    assert distance_counts(3, 3) == [1, 2]          # 3 x 3 too: the fast engine behind the fast call
    assert distance_counts(2, 2) == [1, 2]
    assert distance_counts(1, 10) == [1] * 10      # a line: plain BFS, 10 states
    assert calls == [(3, 4, Board.goal(3, 4)), (3, 3, Board.goal(3, 3)), (2, 2, Board.goal(2, 2))]


GOALS = [Board.goal(r, c, blank=b) for r, c in [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]
         for b in ("last", "first")] + [Board.spiral(3, 3), Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]),
                                        Board([[2, 1, 3], [4, 5, 0]]), random_solvable(2, 4, seed=3)]


@pytest.mark.parametrize("goal", GOALS, ids=str)
def test_distance_counts_and_farthest_equal_the_teaching_bfs_layer_by_layer(goal, monkeypatch):
    """The public calls run the frontier engine, and give exactly the plain BFS's layers."""
    used = []
    real = search.frontier_search
    monkeypatch.setattr(search, "frontier_search", lambda *a, **k: used.append(a) or real(*a, **k))
    plain = list(bfs_layers(goal))
    assert distance_counts(goal.rows, goal.cols, goal=goal) == [layer.size for layer in plain]
    assert farthest(goal) == (plain[-1].depth, sorted(plain[-1].boards()))
    assert len(used) == 2 and search.uses_frontier_engine(goal.rows, goal.cols)


def test_two_engines_agree_on_2x5():
    counts = distance_counts(2, 5)
    assert counts == rank_bfs_counts(2, 5)
    assert sum(counts) == reachable_count(2, 5)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (1, 4)])
def test_rank_indexed_bfs_equals_the_plain_bfs(rows, cols):
    assert rank_bfs_counts(rows, cols) == [layer.size for layer in bfs_layers(Board.goal(rows, cols))]


def test_unrank_rows_inverts_rank_rows():
    perms = all_permutations(6)
    assert np.array_equal(unrank_rows(np.arange(720), 6), perms)
    rng = np.random.default_rng(3)
    big = np.argsort(rng.random((500, 12)), axis=1).astype(np.int8)
    assert np.array_equal(unrank_rows(rank_rows(big), 12), big)


def test_pack_and_unpack_round_trip():
    rng = np.random.default_rng(5)
    for k in (4, 9, 12, 14):
        boards = [tuple(int(t) for t in rng.permutation(k)) for _ in range(50)]
        words = np.array([pack(b) for b in boards], dtype=np.uint64)
        assert [tuple(r) for r in unpack(words, 1, k).tolist()] == boards
        assert ((words >> np.uint64(60)).tolist() == [b.index(0) for b in boards])
    assert len({pack(p) for p in permutations(range(5))}) == 120


def test_progress_bar_shows_layer_and_states(capsys):
    frontier_search(2, 3, progress=True)
    err = capsys.readouterr().err
    assert "2 x 3 BFS" in err and "360/360" in err and "depth 21, done" in err


def widest_fraction(counts):
    return Fraction(max(counts), sum(counts))


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (2, 4), (3, 3), (2, 5)])
def test_the_documented_width_bound_holds(rows, cols):
    """limits.frontier_bfs_bytes assumes no layer holds more than 1/6 of the states."""
    assert widest_fraction(distance_counts(rows, cols)) <= Fraction(1, 6)
    assert FRONTIER_BYTES_PER_STATE >= 3 * 8 * Fraction(1, 6)   # three such layers of 8-byte words


def test_the_committed_results_file():
    """The large results, read from puzzlelib/results/bfs_scale.json, are consistent."""
    if not RESULTS.exists():
        pytest.skip("run benchmarks/bfs_scale.py --full to write the results file")
    boards = json.loads(RESULTS.read_text())["boards"]
    for name in ("3x4", "2x6"):
        b = boards[name]
        rows, cols = b["rows"], b["cols"]
        assert sum(b["counts"]) == b["states"] == reachable_count(rows, cols)
        assert b["goal_eccentricity"] == len(b["counts"]) - 1 and len(b["antipodes"]) == b["counts"][-1]
        assert b["diameter"] == max(b["eccentricity_by_blank_cell"].values()) >= b["goal_eccentricity"]
        assert widest_fraction(b["counts"]) <= Fraction(1, 6)
        assert b["peak_mib"] * 2**20 <= frontier_bfs_bytes(rows, cols)
        for tiles in b["antipodes"]:
            Board.from_tiles(tiles, rows, cols)   # each antipode is a real board


def test_the_results_file_was_written_by_the_current_code():
    """benchmarks/bfs_scale.py --full records the sha256 of the engine files it ran."""
    if not RESULTS.exists():
        pytest.skip("run benchmarks/bfs_scale.py --full to write the results file")
    import hashlib

    root = Path(__file__).resolve().parent.parent      # the repository (the package may be installed elsewhere)
    recorded = json.loads(RESULTS.read_text())["sha256"]
    assert set(recorded) == {"puzzlelib/engines/frontier.py", "puzzlelib/engines/packed.py", "puzzlelib/engines/bitarray.py",
                             "benchmarks/bfs_scale.py"}
    for name, digest in recorded.items():
        assert hashlib.sha256((root / name).read_bytes()).hexdigest() == digest, (
            f"{name} changed after puzzlelib/results/bfs_scale.json was written; "
            "rerun .venv/bin/python benchmarks/bfs_scale.py --full")
