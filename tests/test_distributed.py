"""The distributed frontier search (puzzlelib.engines.distributed) on local clusters of real worker processes.

It must give frontier_search's counts, reached, depth and last layer; refuse up front; survive a worker
killed mid-run; resume from its folder and rebuild damaged partition files. One cluster of 2 workers and
one of 1 worker are shared by the whole module (a cluster takes about 2 s to start).
"""

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from puzzlelib.core.errors import TooLargeError
from puzzlelib.engines.distributed import _part_problem, distributed_search, main, owners, route
from puzzlelib.engines.frontier import frontier_search
from puzzlelib.engines.packed import pack
from puzzlelib.engines.storage import DamagedFileWarning

import distributed  # noqa: E402  (the test extra installs dask[distributed]; make test has it)
# A second cluster's scheduler finds port 8787 taken for its health page and says so: nothing to fix.
pytestmark = pytest.mark.filterwarnings("ignore:Port 8787 is already in use:UserWarning")
ROOT = Path(__file__).resolve().parent.parent


def _cluster(n):
    cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
    return cluster, distributed.Client(cluster)


@pytest.fixture(scope="module")
def two():
    cluster, client = _cluster(2)
    yield client
    client.close()
    cluster.close()


@pytest.fixture(scope="module")
def one():
    cluster, client = _cluster(1)
    yield client
    client.close()
    cluster.close()


def _same(result, rows, cols, goal=None):
    expected = frontier_search(rows, cols, goal=goal)
    assert result.counts == expected.counts
    assert (result.reached, result.depth, result.complete) == (expected.reached, expected.depth, True)
    assert result.last.tolist() == expected.last.tolist()


CASES = [(2, 2, None, 3), (2, 3, None, 3), (3, 3, None, 3), (2, 4, None, 4), (3, 2, [[0, 1], [2, 3], [4, 5]], None),
         (2, 3, [[1, 2, 3], [4, 0, 5]], 2)]


@pytest.mark.parametrize("rows, cols, goal, partitions", CASES)
@pytest.mark.parametrize("workers", ["one", "two"])
def test_counts_reached_and_depth_equal_frontier_search(rows, cols, goal, partitions, workers, request):
    client = request.getfixturevalue(workers)
    result = distributed_search(rows, cols, goal=goal, client=client, partitions=partitions)
    _same(result, rows, cols, goal)
    assert result.workers == (1 if workers == "one" else 2)
    assert result.partitions == (partitions or 2 * result.workers)


def test_owners_ignore_the_used_move_bits_and_route_keeps_every_word():
    words = np.array([pack((1, 2, 3, 0)) | bits for bits in range(16)], dtype=np.uint64)
    assert len(set(owners(words, 5).tolist())) == 1
    boards = frontier_search(2, 3).last
    boards = np.array([pack(t) for t in [(1, 2, 3, 4, 5, 0), (0, 1, 2, 3, 4, 5), (5, 4, 3, 2, 1, 0)]] + boards.tolist(),
                      dtype=np.uint64)
    parts = route(boards, 3)
    assert sorted(np.concatenate(parts).tolist()) == sorted(boards.tolist())
    for j, part in enumerate(parts):
        assert (owners(part, 3) == j).all()


def test_refused_up_front_with_the_figures(two, tmp_path):
    with pytest.raises(TooLargeError) as err:
        distributed_search(2, 7, client=two, directory=tmp_path / "run")
    message = str(err.value)
    assert "43,589,145,600" in message and "2 workers" in message and "GiB" in message
    assert not (tmp_path / "run").exists()            # nothing was started
    with pytest.raises(TooLargeError, match="the budget given"):
        distributed_search(2, 3, client=two, budget=100)
    assert distributed_search(2, 3, client=two, budget=10_000).reached == 360


def test_the_command_refuses_with_status_1(two, capsys):
    assert main(["2", "7", "--scheduler", two.scheduler_info()["address"], "--no-progress"]) == 1
    assert "43,589,145,600" in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [
    (["2", "x"], "COLS must be a whole number"),
    (["4", "4"], "2 to 14 cells"),
    (["0", "3"], "ROWS must be a whole number"),
    (["2", "3", "--goal", "1,2,3"], "--goal must list the 6 tiles"),
    (["2", "3", "--goal", "1,1,2,3,4,0"], "--goal:"),
    (["2", "3", "--workers", "0"], "--workers must be a whole number"),
    (["2", "3", "--partitions", "-2"], "--partitions must be a whole number"),
    (["2", "3", "--partitions", "70000"], "--partitions must be at most 65,536"),
    (["99999999999999999999999", "3"], "ROWS must be a whole number"),
    (["2", "3", "--workers", "1", "--scheduler", "tcp://host:8786"], "not allowed with"),
    (["2", "3", "--scheduler", "no address"], "--scheduler must be an address"),
    (["2", "3", "--bogus"], "unrecognized arguments"),
])
def test_bad_arguments_exit_2_with_a_message(argv, says, capsys):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert says in capsys.readouterr().err


def test_the_command_prints_a_line_a_layer_and_json(tmp_path):
    run = subprocess.run([sys.executable, "-m", "puzzlelib.engines.distributed", "2", "2", "--workers", "1",
                          "--goal", "1 2 3 0", "--no-progress"], capture_output=True, text=True, timeout=120,
                         cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    summary = json.loads(lines[-1])
    assert summary["counts"] == [1, 2, 2, 2, 2, 2, 1] and summary["reached"] == 12 and summary["depth"] == 6
    assert {"rows", "cols", "seconds", "workers", "partitions"} <= set(summary)
    assert [line.split()[:2] for line in lines[1:-1]] == [[str(d), str(n)] for d, n in enumerate(summary["counts"])
                                                          if d]


def test_a_worker_killed_mid_run_does_not_change_the_answer(two):
    pids = set(two.run(os.getpid).values())
    victim = next(iter(pids))
    killed = []

    def on_layer(depth, count, seconds):
        if depth == 12 and not killed:      # the kill lands while layer 13's tasks run
            killed.append(threading.Timer(0.02, os.kill, (victim, signal.SIGKILL)))
            killed[0].start()

    result = distributed_search(3, 3, client=two, partitions=4, on_layer=on_layer)
    killed[0].join()
    _same(result, 3, 3)
    two.wait_for_workers(2, timeout=60)
    assert victim not in set(two.run(os.getpid).values())    # it really died (the nanny started a new one)


class _Stop(Exception):
    pass


def _stop_at(at):
    def on_layer(depth, count, seconds):
        if depth == at:
            raise _Stop
    return on_layer


def test_a_stopped_run_resumes_from_its_last_layer(two, tmp_path):
    with pytest.raises(_Stop):
        distributed_search(2, 4, client=two, partitions=3, directory=tmp_path, on_layer=_stop_at(12))
    assert json.loads((tmp_path / "manifest.json").read_text())["counts"][-1] == frontier_search(2, 4).counts[12]
    result = distributed_search(2, 4, client=two, partitions=3, directory=tmp_path)
    _same(result, 2, 4)
    assert len(result.layer_seconds) == 36 - 12 + 1       # layers 13 to 36, and the expansion that found none
    again = distributed_search(2, 4, client=two, partitions=3, directory=tmp_path)
    _same(again, 2, 4)
    assert len(again.layer_seconds) == 1                  # only the check that the last layer has no children
    kept = sorted(p.name for p in tmp_path.glob("layer_*.npy"))
    assert kept == [f"layer_{d:03d}_part_{j:04d}.npy" for d in (35, 36) for j in range(3)]
    with pytest.raises(ValueError, match="use another directory"):
        distributed_search(2, 4, client=two, partitions=2, directory=tmp_path)


def test_a_damaged_partition_file_is_detected_and_rebuilt(two, tmp_path):
    distributed_search(3, 3, client=two, partitions=3, directory=tmp_path, max_depth=10)
    damaged = tmp_path / "layer_010_part_0001.npy"
    data = bytearray(damaged.read_bytes())
    data[-3] ^= 0x10
    damaged.write_bytes(bytes(data))
    with pytest.warns(DamagedFileWarning, match="layer_010_part_0001.npy: (it has .* bytes, its record says|its SHA-256 does not match)"):
        result = distributed_search(3, 3, client=two, partitions=3, directory=tmp_path)
    _same(result, 3, 3)
    assert len(result.layer_seconds) == 31 - 9 + 1       # rebuilt from layer 9, whose files passed
    # a damaged file in each of the last two layers: the older layers' files are gone, so it starts again
    distributed_search(2, 3, client=two, partitions=2, directory=tmp_path / "b", max_depth=8)
    for depth in (7, 8):
        (tmp_path / "b" / f"layer_{depth:03d}_part_0000.npy").write_bytes(b"not a layer")
    with pytest.warns(DamagedFileWarning) as caught:
        result = distributed_search(2, 3, client=two, partitions=2, directory=tmp_path / "b")
    _same(result, 2, 3)
    assert len(caught) == 2 and len(result.layer_seconds) == 22
    # a damaged manifest: reported, and the search starts from the goal
    (tmp_path / "b" / "manifest.json").write_text('{"format": "puzzlelib-distributed-1", "counts": [1]')
    with pytest.warns(DamagedFileWarning, match="manifest.json"):
        _same(distributed_search(2, 3, client=two, partitions=2, directory=tmp_path / "b"), 2, 3)


def test_a_partition_file_is_checked_for_its_owner(tmp_path):
    from puzzlelib.core.board import Board
    from puzzlelib.engines.storage import write_atomic

    layer = frontier_search(2, 3, max_depth=5).last
    parts = route(layer, 2)
    goal = Board.goal(2, 3).tiles
    for j in (0, 1):
        path = tmp_path / f"p{j}.npy"
        buffer = tmp_path / "x.npy"
        np.save(buffer, parts[j])
        record = {"count": len(parts[j]), **write_atomic(path, buffer.read_bytes())}
        assert _part_problem(str(path), record, 5, j, 2, 2, 3, goal) is None
        assert "does not own" in _part_problem(str(path), record, 5, 1 - j, 2, 2, 3, goal)
        assert "parity" in _part_problem(str(path), record, 4, j, 2, 2, 3, goal)


def test_importing_puzzlelib_does_not_import_dask_and_missing_dask_is_explained():
    code = ("import sys\n"
            "import puzzlelib, puzzlelib.engines.distributed as d\n"
            "assert 'dask' not in sys.modules and 'distributed' not in sys.modules, 'dask imported'\n"
            "sys.modules['distributed'] = None\n"
            "try:\n"
            "    d.distributed_search(2, 2)\n"
            "except ModuleNotFoundError as err:\n"
            "    print(err)\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 0, run.stderr
    assert "pip install 'dask[distributed]'" in run.stdout


@pytest.mark.parametrize("args, kwargs", [
    (("x", 3), {}), ((4, 4), {}), ((2, 3), {"workers": 0}), ((2, 3), {"partitions": -1}),
    ((2, 3), {"partitions": 2**16 + 1}), ((2, 3), {"scheduler": "no address"}), ((2, 3), {"max_depth": -1}),
    ((2, 3), {"workers": 1, "scheduler": "tcp://host:8786"}), ((2, 3), {"client": object(), "workers": 2}),
    ((2, 3), {"client": object()}), ((2, 3), {"budget": -1}), ((2, 3), {"goal": [[1, 2], [3, 0]]}),
])
def test_bad_arguments_are_refused_before_any_cluster_starts(args, kwargs):
    with pytest.raises((ValueError, TypeError)):
        distributed_search(*args, **kwargs)


def test_layers_that_cannot_be_right_stop_the_run_as_frontier_search_stops(monkeypatch):
    """The distributed engine ends its layers with frontier_search's check: a part whose children vanish (the
    search would end early) or a part that keeps making the same board forever (it would never end) stops the run
    with a PuzzleError that says which, instead of returning wrong counts."""
    import puzzlelib.engines.distributed as dist
    from puzzlelib.core.errors import PuzzleError

    real = dist._expand
    vanish = lambda source, rows, cols, partitions: [p[:0] for p in real(source, rows, cols, partitions)]  # noqa: E731
    word = np.array([pack((1, 2, 3, 4, 0, 5))], dtype=np.uint64)

    def forever(source, rows, cols, partitions):
        return [word] + [word[:0]] * (partitions - 1)

    with distributed.Client(processes=False, n_workers=1, threads_per_worker=1, dashboard_address=None) as client:
        for expand, words in ((vanish, "ended at depth 0 with 1 boards, but 360 are reachable"),
                              (forever, "reached depth 22, but no board is more than 21 moves from a goal")):
            monkeypatch.setattr(dist, "_expand", expand)
            with pytest.raises(PuzzleError, match=words):
                distributed_search(2, 3, client=client, partitions=2)
