"""Saved frontier searches that are damaged, edited, shared or asked for less: never trusted, never a hang.

Every test runs under a 20-second alarm (``_time_limit``): a resume that loops
fails the test instead of writing layers forever.
"""

import json
import multiprocessing
import warnings
from pathlib import Path

import numpy as np
import pytest

import puzzlelib.engines.frontier as frontier
from puzzlelib import Board
from puzzlelib.core.limits import PuzzleError, reachable_count
from puzzlelib.core.reference import load_results, results_path
from puzzlelib.engines.frontier import DIAMETERS, FORMAT, depth_bound, frontier_search, layer_problem
from puzzlelib.engines.packed import pack
from puzzlelib.engines.storage import DamagedFileWarning, matches, npy_bytes, sha256_file
from timing import time_limit

LIMIT = 20      # seconds for any one test


@pytest.fixture(autouse=True)
def _time_limit():
    with time_limit(LIMIT, "a search that should stop"):
        yield


FRESH = {shape: frontier_search(*shape).counts for shape in [(2, 4), (3, 3), (2, 5)]}


# --- helpers: read and change a saved folder ----------------------------------------------------

def manifest(folder) -> dict:
    return json.loads((Path(folder) / "manifest.json").read_text())


def write_manifest(folder, data, *, seal: bool) -> None:
    """Write ``data`` as the manifest; ``seal`` recomputes its checksum (an edit that looks genuine)."""
    if seal:
        data["check"] = frontier._manifest_check(data)
    (Path(folder) / "manifest.json").write_text(json.dumps(data))


def last_file(folder) -> Path:
    return Path(folder) / f"layer_{len(manifest(folder)['counts']) - 1:03d}.npy"


def replace_last_layer(folder, words, *, seal: bool, count: int | None = None) -> None:
    """Overwrite the last layer with ``words``; ``seal`` also updates its record (size, SHA-256, count)."""
    path = last_file(folder)
    np.save(path, words, allow_pickle=False)
    if seal:
        data = manifest(folder)
        record = data["layers"][-1]
        record.update(bytes=path.stat().st_size, sha256=sha256_file(path))
        if count is not None:
            record["count"] = data["counts"][-1] = count
        write_manifest(folder, data, seal=True)


def assert_sound(folder, rows, cols):
    """The folder now holds a correct complete search: a resume warns about nothing and agrees."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = frontier_search(rows, cols, keep_layers=True, directory=folder)
    assert again.counts == FRESH[(rows, cols)] and again.complete
    data = manifest(folder)
    assert data["format"] == FORMAT and data["complete"] is True
    names = sorted(p.name for p in Path(folder).glob("layer_*.npy"))
    assert names == [f"layer_{d:03d}.npy" for d in range(len(FRESH[(rows, cols)]))]
    for record in data["layers"]:
        assert matches(Path(folder) / record["file"], record)
    assert not list(Path(folder).glob("*.tmp"))


# --- damage to the last layer file --------------------------------------------------------------

def flip_bit(words):
    words = words.copy()
    words[len(words) // 2] ^= np.uint64(1 << 9)       # a bit of cell 1's tile
    return words


def duplicate_word(words):
    words = words.copy()
    words[5] = words[4]
    return words


def unsort(words):
    words = words.copy()
    words[[3, 7]] = words[[7, 3]]
    return words


def clear_move_bits(words):
    return words & ~np.uint64(frontier.MOVE_BITS)


def as_int64(words):
    return words.astype(np.int64)


def tile_out_of_range(words):
    words = words.copy()
    words[-1] |= np.uint64(15 << 4)                   # cell 0 holds "tile 15"; the last word stays the largest
    return words


def shifted_beyond_board(words):
    words = words.copy()
    words[-1] |= np.uint64(1 << 59)                    # a bit above the 8 cells of 2 x 4, below the blank
    return words


LAYER_DAMAGE = [flip_bit, duplicate_word, unsort, clear_move_bits, as_int64, tile_out_of_range]


@pytest.mark.parametrize("damage", LAYER_DAMAGE, ids=lambda f: f.__name__)
def test_a_damaged_last_layer_fails_its_checksum_and_is_rebuilt(tmp_path, damage):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    replace_last_layer(tmp_path, damage(np.load(last_file(tmp_path))), seal=False)
    with pytest.warns(DamagedFileWarning, match=r"layer_020\.npy: it has .* bytes|SHA-256 does not match"):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete
    assert_sound(tmp_path, 2, 4)


@pytest.mark.parametrize("damage,reason", [
    (flip_bit, r"strictly increasing|not a board|blank field|wrong side"),
    (duplicate_word, "not strictly increasing"),
    (unsort, "not strictly increasing"),
    (clear_move_bits, "no used-move bit"),
    (as_int64, "not a 1-d array of uint64"),
    (tile_out_of_range, "not a board"),
    (shifted_beyond_board, "bits set beyond the 8 cells"),
], ids=lambda x: getattr(x, "__name__", None))
def test_a_damaged_layer_with_a_matching_record_is_caught_by_its_contents(tmp_path, damage, reason):
    """The record was rewritten to fit the damaged file: the words themselves are checked."""
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    replace_last_layer(tmp_path, damage(np.load(last_file(tmp_path))), seal=True)
    with pytest.warns(DamagedFileWarning, match=reason):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete
    assert_sound(tmp_path, 2, 4)


def test_the_measured_bit_flip_in_2x5_layer_30(tmp_path):
    """The case that used to run on for 800 layers: one bit of one word of layer 30."""
    frontier_search(2, 5, keep_layers=True, directory=tmp_path, max_depth=30)
    path = tmp_path / "layer_030.npy"
    data = bytearray(path.read_bytes())
    data[-8 * 1000] ^= 0x10
    path.write_bytes(bytes(data))
    with pytest.warns(DamagedFileWarning, match="SHA-256 does not match"):
        result = frontier_search(2, 5, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 5)] and result.reached == 1_814_400 and result.depth == 55
    assert_sound(tmp_path, 2, 5)


@pytest.mark.parametrize("damage,reason", [
    ("empty file", "layer_020.npy: it has 0 bytes"),
    ("empty file, record rewritten", "not a readable .npy file"),
    ("missing", "layer_020.npy: it is missing"),
    ("an earlier layer in its place", "layer_020.npy: it has"),
    ("count in the manifest", "record of layer 20"),
    ("count in the manifest and its record", "holds 1,194 boards, the manifest says 1,195"),
])
def test_a_missing_emptied_or_miscounted_layer(tmp_path, damage, reason):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    path = last_file(tmp_path)
    if damage == "empty file":
        path.write_bytes(b"")
    elif damage == "empty file, record rewritten":
        path.write_bytes(b"")
        data = manifest(tmp_path)
        data["layers"][-1].update(bytes=0, sha256=sha256_file(path))
        write_manifest(tmp_path, data, seal=True)
    elif damage == "missing":
        path.unlink()
    elif damage == "an earlier layer in its place":
        path.write_bytes((tmp_path / "layer_019.npy").read_bytes())
    elif damage == "count in the manifest":
        data = manifest(tmp_path)
        data["counts"][-1] += 1
        write_manifest(tmp_path, data, seal=True)
    else:
        data = manifest(tmp_path)
        data["counts"][-1] += 1
        data["layers"][-1]["count"] += 1
        write_manifest(tmp_path, data, seal=True)
    with pytest.warns(DamagedFileWarning, match=reason):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete
    assert_sound(tmp_path, 2, 4)


# --- damage to the manifest -------------------------------------------------------------------------

def _set(key, value):
    def edit(data):
        data[key] = value
        return data
    edit.__name__ = f"{key}={value!r}"
    return edit


def _drop(key):
    def edit(data):
        del data[key]
        return data
    edit.__name__ = f"no {key}"
    return edit


def _counts(change):
    def edit(data):
        data["counts"] = change(data["counts"])
        return data
    return edit


MANIFEST_DAMAGE = [   # (id, new text or edit of the data, sealed, reason)
    ("empty", "", False, "it is empty"),
    ("spaces", "  \n", False, "it is empty"),
    ("null", "null", False, "it holds null, not a JSON object"),
    ("a list", "[1, 2]", False, "it holds a list"),
    ("not JSON", "{\"counts\": [1, 2", False, "not valid JSON"),
    ("binary", b"\xff\xfe\x00", False, "not valid JSON"),
    ("no counts", _drop("counts"), False, "it has no counts"),
    ("no complete", _drop("complete"), True, "it has no complete"),
    ("counts=[]", _set("counts", []), False, "counts are an empty list"),
    ("counts=null", _set("counts", None), True, "counts are null"),
    ("negative count", _counts(lambda c: c[:5] + [-c[5]] + c[6:]), False, "counts hold -"),
    ("string count", _counts(lambda c: c[:5] + [str(c[5])] + c[6:]), False, "counts hold '"),
    ("bool count", _counts(lambda c: [True] + c[1:]), True, "counts hold True"),
    ("zero count", _counts(lambda c: c[:-1] + [0]), True, "counts hold 0"),
    ("float count", _counts(lambda c: c[:3] + [float(c[3])] + c[4:]), True, "counts hold"),
    ("counts[0]=2", _counts(lambda c: [2] + c[1:]), True, "counts start with 2"),
    ("too many boards", _counts(lambda c: c[:-2] + [50_000] + c[-1:]), True, "more than the 20,160 reachable"),
    ("edited count", _counts(lambda c: c[:7] + [c[7] + 1] + c[8:]), False, "record of layer 7"),
    ("complete early", _set("complete", True), False, "checksum does not match"),
    ("complete early, sealed", _set("complete", True), True, "marked complete with"),
    ("complete='yes'", _set("complete", "yes"), True, "not true or false"),
    ("old format", _set("format", "puzzlelib-frontier-1"), False, "format 'puzzlelib-frontier-1'"),
    ("other format", _set("format", None), False, "format is None"),
    ("no layer records", _drop("layers"), True, "it has no layers"),
    ("layer record lost", lambda d: {**d, "layers": d["layers"][:-1]}, True, "layer records don't match"),
    ("bad sha256 type", lambda d: (d["layers"][-1].update(sha256=1), d)[1], True, "record of layer 20"),
    ("no checksum", _drop("check"), False, "it has no check"),
    ("nested 200,000 deep", "[" * 200_000, False, "nested too deeply"),
    ("rows a string", _set("rows", "2"), True, "its rows is not of the type"),
    ("goal a dict", _set("goal", {"a": 1}), True, "its goal is not of the type"),
    # not another search (whose ValueError would print the goal: here 100,000 tiles), damage
    ("rows 10**400", _set("rows", 10**400), True, "not a board the search can have written"),
    ("goal of 100,000 tiles", _set("goal", list(range(10**5))), True, "not a board the search can have written"),
    ("goal not a permutation", _set("goal", [1] * 8), True, "not a board the search can have written"),
    ("rows 0", _set("rows", 0), True, "not a board the search can have written"),
]


@pytest.mark.parametrize("edit,sealed,reason", [case[1:] for case in MANIFEST_DAMAGE],
                         ids=[case[0] for case in MANIFEST_DAMAGE])
def test_a_damaged_manifest_is_reported_and_the_search_rebuilt(tmp_path, edit, sealed, reason):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    path = tmp_path / "manifest.json"
    if isinstance(edit, bytes):
        path.write_bytes(edit)
    elif isinstance(edit, str):
        path.write_text(edit)
    else:
        write_manifest(tmp_path, edit(manifest(tmp_path)), seal=sealed)
    with pytest.warns(DamagedFileWarning, match=reason):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete
    assert_sound(tmp_path, 2, 4)


def test_complete_claimed_with_forged_counts_is_caught_by_expanding_the_last_layer(tmp_path):
    """Counts edited to add up to every board, records and checksum rewritten to fit.

    The last layer still has children, so the search is not complete.
    """
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    data = manifest(tmp_path)
    extra = reachable_count(2, 4) - sum(data["counts"])
    data["counts"][10] += extra
    data["layers"][10]["count"] += extra
    data["complete"] = True
    write_manifest(tmp_path, data, seal=True)
    with pytest.warns(DamagedFileWarning, match="marked complete, but layer 20 has successors"):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete


def test_a_depth_beyond_the_diameter_is_damage(tmp_path):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    data = manifest(tmp_path)
    data["counts"] = data["counts"] + [1] * 20
    data["layers"] = data["layers"] + [dict(data["layers"][-1], count=1)] * 20
    write_manifest(tmp_path, data, seal=True)
    with pytest.warns(DamagedFileWarning, match="depth 40, but no board of 2 x 4 is more than 36"):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)]


def test_a_folder_written_by_the_old_format_is_rebuilt(tmp_path):
    """What format 1 wrote: plain np.save layers and a manifest without records."""
    counts = FRESH[(3, 3)][:9]
    frontier_search(3, 3, keep_layers=True, directory=tmp_path, max_depth=8)
    (tmp_path / "manifest.json").write_text(json.dumps({
        "format": "puzzlelib-frontier-1", "rows": 3, "cols": 3, "goal": list(Board.goal(3, 3).tiles),
        "counts": counts, "complete": False}))
    with pytest.warns(DamagedFileWarning, match="written in the format 'puzzlelib-frontier-1'"):
        result = frontier_search(3, 3, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(3, 3)] and result.complete
    assert_sound(tmp_path, 3, 3)


def test_a_folder_of_another_search_is_refused_and_left_alone(tmp_path):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=5)
    data = manifest(tmp_path)
    data["format"] = "puzzlelib-frontier-1"           # even in the old format: not ours to overwrite
    write_manifest(tmp_path, data, seal=False)
    before = (tmp_path / "manifest.json").read_bytes()
    with pytest.raises(ValueError, match="holds a search of .* use another directory"):
        frontier_search(4, 2, keep_layers=True, directory=tmp_path)
    with pytest.raises(ValueError, match="holds a search of"):
        frontier_search(2, 4, goal=Board.goal(2, 4, blank="first"), keep_layers=True, directory=tmp_path)
    assert (tmp_path / "manifest.json").read_bytes() == before


def test_a_rebuild_clears_stale_layers_and_temporary_files(tmp_path):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    (tmp_path / ".layer_007.npy.abc123.tmp").write_bytes(b"half a layer")
    (tmp_path / "manifest.json").write_text("null")
    with pytest.warns(DamagedFileWarning):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=5)
    assert result.counts == FRESH[(2, 4)][:6]
    assert sorted(p.name for p in tmp_path.glob("layer_*.npy")) == [f"layer_{d:03d}.npy" for d in range(6)]
    assert not list(tmp_path.glob("*.tmp"))


# --- the guards while running -----------------------------------------------------------------------

def test_a_total_beyond_the_reachable_count_stops_with_puzzle_error(tmp_path, monkeypatch):
    k = 8

    def garbage(groups, moves, on_group=None):      # 5,000 "new" boards a layer, forever
        return [np.arange(5000, dtype=np.uint64)] + [np.empty(0, dtype=np.uint64)] * (k - 1)

    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=3)
    monkeypatch.setattr(frontier, "next_layer", garbage)
    with pytest.raises(PuzzleError, match=r"total to 2\d,\d\d\d boards, more than the 20,160 reachable.*"
                                          r"inconsistent"):
        frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert not (tmp_path / "manifest.json").exists()          # nothing marked complete, nothing to resume
    monkeypatch.undo()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert frontier_search(2, 4, keep_layers=True, directory=tmp_path).counts == FRESH[(2, 4)]
    with pytest.raises(PuzzleError, match="more than the 20,160 reachable"):
        monkeypatch.setattr(frontier, "next_layer", garbage)
        frontier_search(2, 4)                                   # without a folder too


def test_a_search_that_cycles_stops_at_the_diameter(monkeypatch):
    """One board a layer, forever (a two-layer search started from wrong used-move bits can do this)."""
    word = np.array([pack(Board.goal(2, 5).tiles)], dtype=np.uint64)
    monkeypatch.setattr(frontier, "next_layer", lambda groups, moves, on_group=None: [word] + [word[:0]] * 9)
    with pytest.raises(PuzzleError, match="reached depth 56, but no board is more than 55 moves"):
        frontier_search(2, 5)


def test_a_search_that_ends_too_early_is_not_complete(tmp_path, monkeypatch):
    real = frontier.next_layer
    monkeypatch.setattr(frontier, "next_layer",
                        lambda groups, moves, on_group=None: [g[:0] for g in real(groups, moves)]
                        if sum(map(len, groups)) > 100 else real(groups, moves))
    with pytest.raises(PuzzleError, match="ended at depth .* but 181,440 are reachable"):
        frontier_search(3, 3, keep_layers=True, directory=tmp_path)
    assert not (tmp_path / "manifest.json").exists()


def test_cleared_move_bits_that_pass_every_load_check_are_stopped_by_the_guard(tmp_path, monkeypatch):
    """The measured case (2,127,076 boards at depth 60) with the load checks switched off: PuzzleError."""
    frontier_search(2, 5, keep_layers=True, directory=tmp_path, max_depth=30)
    replace_last_layer(tmp_path, clear_move_bits(np.load(tmp_path / "layer_030.npy")), seal=True)
    monkeypatch.setattr(frontier, "layer_problem", lambda *args: None)
    with pytest.raises(PuzzleError, match="more than the 1,814,400 reachable|more than 55 moves"):
        frontier_search(2, 5, keep_layers=True, directory=tmp_path)
    assert not (tmp_path / "manifest.json").exists()


# --- max_depth below the saved depth ---------------------------------------------------------------

def test_max_depth_below_the_saved_depth_reads_the_kept_layer(tmp_path):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=30)
    before = (tmp_path / "manifest.json").read_bytes()
    fresh = frontier_search(2, 4, max_depth=10)
    for folder_depth in (30, None):
        if folder_depth is None:
            frontier_search(2, 4, keep_layers=True, directory=tmp_path)     # now complete
            before = (tmp_path / "manifest.json").read_bytes()
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=10)
        assert result.counts == fresh.counts == FRESH[(2, 4)][:11]
        assert result.depth == 10 and not result.complete
        assert np.array_equal(result.last, fresh.last)
        assert (tmp_path / "manifest.json").read_bytes() == before      # the folder is left as it was
    assert frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=36).complete


def test_max_depth_below_the_saved_depth_without_the_layer_is_a_value_error(tmp_path):
    frontier_search(2, 4, directory=tmp_path, max_depth=30, keep_layers=False)
    assert [p.name for p in tmp_path.glob("layer_*.npy")] == ["layer_030.npy"]
    with pytest.raises(ValueError, match="holds a search to depth 30 and the file of layer 10 is not there"):
        frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=10)
    assert frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=30).counts == FRESH[(2, 4)][:31]


def test_max_depth_below_the_saved_depth_with_a_damaged_layer(tmp_path):
    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=30)
    path = tmp_path / "layer_010.npy"
    path.write_bytes(path.read_bytes()[:-8])
    with pytest.warns(DamagedFileWarning, match="layer_010.npy"), pytest.raises(ValueError, match="failed"):
        frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=10)


# --- two processes in one folder -------------------------------------------------------------------

def _run_in_folder(folder, start, results):
    try:
        start.wait(timeout=30)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            r = frontier_search(2, 5, keep_layers=True, directory=folder)
        results.put(("ok", r.counts, r.complete, [str(w.message) for w in caught]))
    except Exception as err:        # report any error to the parent
        results.put(("error", repr(err)))


@pytest.mark.parametrize("method", ["spawn", "fork"])
def test_two_processes_in_one_folder_both_finish_correctly(tmp_path, method):
    ctx = multiprocessing.get_context(method)
    start, results = ctx.Barrier(2), ctx.Queue()
    workers = [ctx.Process(target=_run_in_folder, args=(str(tmp_path), start, results)) for _ in range(2)]
    for w in workers:
        w.start()
    outcomes = [results.get(timeout=LIMIT - 5) for _ in workers]
    for w in workers:
        w.join(timeout=5)
        assert w.exitcode == 0
    for outcome in outcomes:
        assert outcome[0] == "ok", outcome
        _, counts, complete, caught = outcome
        assert counts == FRESH[(2, 5)] and sum(counts) == 1_814_400 and len(counts) - 1 == 55 and complete
        assert caught == []
    assert (tmp_path / ".frontier.lock").exists()
    assert_sound(tmp_path, 2, 5)


# --- the checks themselves --------------------------------------------------------------------------

def test_every_layer_of_a_real_search_passes_the_checks(tmp_path):
    for goal in (Board.goal(3, 3), Board.goal(2, 4, blank="first"), Board([[2, 1, 3], [4, 5, 0]])):
        folder = tmp_path / str(goal.tiles)
        r = frontier_search(goal.rows, goal.cols, goal=goal, keep_layers=True, directory=folder)
        for d, count in enumerate(r.counts):
            words = np.load(folder / f"layer_{d:03d}.npy")
            assert layer_problem(words, d, count, goal.rows, goal.cols, goal) is None
            assert (folder / f"layer_{d:03d}.npy").read_bytes() == npy_bytes(words)


def test_layer_problem_names_what_is_wrong():
    goal = Board.goal(2, 3)
    r = frontier_search(2, 3, max_depth=6)
    good = r.last
    assert layer_problem(good, 6, len(good), 2, 3, goal) is None
    assert "holds 10 boards, the manifest says 11" in layer_problem(good, 6, 11, 2, 3, goal)
    assert "wrong side for depth 7" in layer_problem(good, 7, len(good), 2, 3, goal)
    assert "layer 0 is not the goal" in layer_problem(good[:1], 0, 1, 2, 3, goal)
    blank_moved = good.copy()
    cell = (int(blank_moved[0]) >> 60) + 1                               # not where tile 0 is
    blank_moved[0] = (blank_moved[0] & ~np.uint64(15 << 60)) | np.uint64(cell << 60)
    blank_moved.sort()
    assert "blank field is not the cell of tile 0" in layer_problem(blank_moved, 6, len(good), 2, 3, goal)
    off_board = good.copy()
    off_board[-1] |= np.uint64(9 << 60)
    assert "not a cell of the 2 x 3 board" in layer_problem(off_board, 6, len(good), 2, 3, goal)
    bad_move = good.copy()
    corner = int(np.flatnonzero((good >> np.uint64(60)) == 3)[0])        # blank in the bottom-left corner
    bad_move[corner] |= np.uint64(2)                                      # "the blank came from below"
    assert "a move its blank cannot make" in layer_problem(bad_move, 6, len(good), 2, 3, goal)
    assert "2-d array" in layer_problem(good.reshape(2, 5), 6, 10, 2, 3, goal)


@pytest.mark.parametrize("rows,cols", [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5)])
def test_the_depth_bound_is_the_diameter(rows, cols):
    """Largest depth of a search from a goal with the blank in each cell."""
    deepest = 0
    for cell in range(rows * cols):
        tiles = list(range(1, rows * cols))
        tiles.insert(cell, 0)
        deepest = max(deepest, frontier_search(rows, cols, goal=Board.from_tiles(tiles, rows, cols)).depth)
    assert depth_bound(rows, cols) == deepest == DIAMETERS[(min(rows, cols), max(rows, cols))]


def test_the_depth_bound_of_the_large_boards_is_the_measured_diameter():
    if not results_path("bfs_scale").exists():
        pytest.skip("no results file")
    boards = load_results("bfs_scale")["boards"]
    for name in ("3x4", "2x6"):
        rows, cols = boards[name]["rows"], boards[name]["cols"]
        assert depth_bound(rows, cols) == boards[name]["diameter"] == depth_bound(cols, rows)
    assert depth_bound(1, 9) == 8 and depth_bound(2, 7) == reachable_count(2, 7) - 1


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no named pipes here")
def test_a_manifest_that_is_a_fifo_is_damage_and_is_replaced_without_waiting(tmp_path):
    import os

    frontier_search(2, 4, keep_layers=True, directory=tmp_path, max_depth=20)
    path = tmp_path / "manifest.json"
    path.unlink()
    os.mkfifo(path)                                   # opening it for reading would wait forever
    with pytest.warns(DamagedFileWarning, match="FIFO"):
        result = frontier_search(2, 4, keep_layers=True, directory=tmp_path)
    assert result.counts == FRESH[(2, 4)] and result.complete and path.is_file()
    assert_sound(tmp_path, 2, 4)


def test_a_manifest_that_is_a_directory_is_refused_with_the_reason(tmp_path):
    (tmp_path / "manifest.json").mkdir()
    with pytest.raises(ValueError, match="is a directory"):
        frontier_search(2, 4, keep_layers=True, directory=tmp_path)


@pytest.mark.parametrize("shape", [(0, 3), (2, -1), (2.0, 3), ("2", 3), (3, 5), (1000, 1000), (10**6, 1)])
def test_blank_moves_checks_its_shape(shape):
    """A shape the packed search can't take is refused at once (1000 x 1000 took 2.6 s and 590 MB)."""
    with pytest.raises((TypeError, ValueError)):
        frontier.blank_moves(*shape)
