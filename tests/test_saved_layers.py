"""The 3 x 3 space a BFS found is saved in the cache folder and read back by the next kernel;
a damaged file is reported and searched again, never used."""

import json
import warnings

import pytest

from puzzlelib import Board
from puzzlelib.engines import tables
from puzzlelib.engines.storage import DamagedFileWarning, sha256_bytes

GOAL = Board.goal(3, 3)
SPIRAL = Board.spiral(3, 3)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path))
    tables.forget()
    yield tmp_path
    tables.forget()


def searched(goal):
    return tuple(layer.states for layer in tables.bfs_layers(goal))


def forget():
    tables.forget()


def no_search(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("searched again although the saved space was intact")
    monkeypatch.setattr(tables, "bfs_layers", refuse)


@pytest.mark.parametrize("goal", [GOAL, SPIRAL], ids=["usual", "spiral"])
def test_a_saved_space_is_read_back_without_searching(cache, monkeypatch, goal):
    first = tables.layer_states(goal)
    assert first == searched(goal)
    saved = sorted(p.name for p in (cache / "bfs").iterdir())
    assert len(saved) == 2 and saved[0].endswith(".bin") and saved[1].endswith(".json")
    forget()
    no_search(monkeypatch)
    again = tables.layer_states(goal)
    assert again == first and again is not first
    assert tables.distances(goal) == {s: d for d, layer in enumerate(first) for s in layer}


def test_small_spaces_are_not_saved(cache):
    tables.layer_states(Board.goal(2, 4))
    assert not (cache / "bfs").exists()


def files(cache):
    data = next((cache / "bfs").glob("*.bin"))
    return data, data.with_suffix(".json")


def flip(data, record):
    raw = bytearray(data.read_bytes())
    raw[1000] ^= 1
    data.write_bytes(bytes(raw))


def truncate(data, record):
    data.write_bytes(data.read_bytes()[:-9])


def bad_record(data, record):
    record.write_text("{not json")


def wrong_sizes(data, record):
    raw = bytearray(data.read_bytes())
    raw[4 * 4] += 1
    raw[4 * 5] -= 1                           # layers 3 and 4: the total still right, only the layers wrong
    data.write_bytes(bytes(raw))


def other_goal(data, record):
    """A consistent file and record, but of another goal's space, under this goal's name."""
    meta = json.loads(record.read_text())
    layers = searched(SPIRAL)
    sizes = [len(layer) for layer in layers]
    raw = b"".join(n.to_bytes(4, "little") for n in [len(sizes), *sizes]) \
        + bytes(t for layer in layers for s in layer for t in s)
    data.write_bytes(raw)
    meta["data"].update(bytes=len(raw), sha256=sha256_bytes(raw))
    record.write_text(json.dumps(meta))


def old_format(data, record):
    meta = json.loads(record.read_text())
    record.write_text(json.dumps({**meta, "format": tables.SAVED_FORMAT + 1}))


@pytest.mark.parametrize("damage", [flip, truncate, bad_record, wrong_sizes, other_goal, old_format])
def test_a_damaged_save_is_reported_and_searched_again(cache, damage):
    truth = tables.layer_states(GOAL)
    damage(*files(cache))
    forget()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        again = tables.layer_states(GOAL)
    assert again == truth
    assert any(w.category is DamagedFileWarning for w in caught), [str(w.message) for w in caught]
    forget()                                  # rebuilt: the next read is clean again
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tables.layer_states(GOAL) == truth


def test_a_folder_that_cannot_be_written_only_warns(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("in the way")
    monkeypatch.setenv("PUZZLELIB_CACHE", str(blocker))
    tables.forget()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert tables.layer_states(GOAL) == searched(GOAL)


def test_distances_hands_out_copies_of_one_kept_table(cache):
    d = tables.distances(GOAL)
    d[GOAL.tiles] = 99
    assert tables.distances(GOAL)[GOAL.tiles] == 0
    assert [(goal, size, has_dict) for goal, size, has_dict in tables.kept()] == [(GOAL, 181_440, True)]


def a_huge_layer_count(data, record):
    """A header that claims four billion layers, with a consistent hash: refused at once, not looped over."""
    raw = b"\xff\xff\xff\xff" + data.read_bytes()[4:]
    data.write_bytes(raw)
    meta = json.loads(record.read_text())
    meta["data"].update(bytes=len(raw), sha256=sha256_bytes(raw))
    record.write_text(json.dumps(meta))


def test_a_header_that_claims_too_many_layers_is_refused(cache):
    truth = tables.layer_states(GOAL)
    a_huge_layer_count(*files(cache))
    forget()
    with pytest.warns(DamagedFileWarning, match="whole space"):
        assert tables.layer_states(GOAL) == truth


def test_a_forgotten_goal_takes_its_distance_dict_along(cache):
    small = [Board.goal(2, 2), Board.goal(2, 3), Board.goal(2, 2, blank="first")]
    tables.distances(GOAL)
    tables.distances(SPIRAL)                      # two 3 x 3 goals fill the 400,000 boards kept
    tables.distances(Board.goal(3, 3, blank="first"))
    assert [goal for goal, _, _ in tables.kept()] == [SPIRAL, Board.goal(3, 3, blank="first")]  # the oldest went
    assert all(has_dict and size for _, size, has_dict in tables.kept())   # no dict outlived its space
    for goal in small:
        tables.distances(goal)
    assert all(size for _, size, _ in tables.kept()) and sum(size for _, size, _ in tables.kept()) <= 400_000
