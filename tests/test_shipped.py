"""The pattern databases shipped with the package: right entries, right lengths, damage detected and rebuilt.

puzzlelib/data/pdb/ holds the tables of the player's three goals on 4 x 4, 3 x 4 and 4 x 3 (written by
scripts/ship_tables.py).
Here: the manifest covers exactly those goals' default partitions; every table passes table_problem and
agrees with its record; Korf's instances come out at his lengths with the blank-first tables; on the other
goals the shipped tables give the lengths Manhattan distance gives; a damaged table or manifest is
reported and never used; the player's first solve on 4 x 4 loads them in the background.
"""

from __future__ import annotations

import hashlib
import json
import lzma
import re
import random
import shutil
import warnings

import numpy as np
import pytest

from puzzlelib.core.board import Board
from puzzlelib.core.generate import scramble
from puzzlelib.player.session import GOAL_KINDS, PlaySession, make_goal
from puzzlelib.core.reference import KORF_GOAL, korf100
from puzzlelib.engines import optimal, shipped
from puzzlelib.core.heuristics import manhattan
from puzzlelib.engines.ida import ida_star
from puzzlelib.engines.pdb import PatternDatabase, is_available, load_or_build
from puzzlelib.core.pdb import BUILDER_VERSION, UNSEEN, default_partition, pattern_table, table_problem
from puzzlelib.engines.storage import DamagedFileWarning


@pytest.fixture
def empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path / "cache"))
    optimal._DATABASES.clear()
    yield tmp_path / "cache"
    optimal._DATABASES.clear()


SHAPES = [(4, 4), (3, 4), (4, 3)]             # the player's sizes that no BFS table solves


def test_the_manifest_covers_the_players_goals_default_partitions():
    records = shipped.manifest()
    goals = [make_goal(*shape, k) for shape in SHAPES for k in GOAL_KINDS]
    want = {(g.shape, tuple(g.tiles), tuple(p)) for g in goals for p in default_partition(g)}
    assert {((r["rows"], r["cols"]), tuple(r["goal"]), tuple(r["pattern"])) for r in records} == want
    stale = [r["file"] for r in records if r.get("builder") != BUILDER_VERSION]
    assert not stale, f"built by another version of the search; run scripts/ship_tables.py: {stale}"
    assert sum((shipped.SHIPPED_DIR / r["file"]).stat().st_size for r in records) < 7_500_000


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("kind", GOAL_KINDS)
def test_every_shipped_table_passes_the_checks_and_agrees_with_its_record(kind, shape):
    goal = make_goal(*shape, kind)
    for pattern in default_partition(goal):
        table, record = shipped.load_shipped(goal, pattern)
        assert table_problem(goal, pattern, table, stated=record) is None
        assert table.size == (shape[0] * shape[1]) ** len(pattern)
        if len(pattern) <= 5 and shape != (4, 4):          # quick to build again: byte for byte the same
            assert np.array_equal(table, pattern_table(goal, pattern))


def test_korf_instances_come_out_at_korfs_lengths_with_the_shipped_tables(empty_cache):
    pdb = PatternDatabase(KORF_GOAL, progress=False)
    assert all(info.get("shipped") for info in pdb.info) and not empty_cache.exists()   # nothing built or saved
    for k in korf100()[:12]:
        assert ida_star(k.board, goal=KORF_GOAL, heuristic=pdb, max_nodes=10**9).moves == k.length, k.number


@pytest.mark.parametrize("shape, kind", [((4, 4), "blank last"), ((4, 4), "spiral"), ((3, 4), "blank first"),
                                         ((4, 3), "spiral")])
def test_on_the_other_goals_the_shipped_tables_give_manhattans_lengths(shape, kind, empty_cache):
    goal = make_goal(*shape, kind)
    pdb = PatternDatabase(goal, progress=False)
    rng = random.Random(36)
    for _ in range(6):
        board = scramble(goal, rng.randrange(30, 44), seed=rng)
        assert ida_star(board, goal=goal, heuristic=pdb).moves == ida_star(board, goal=goal, heuristic=manhattan, max_nodes=10**9).moves


def _copy(tmp_path):
    folder = tmp_path / "shipped"
    shutil.copytree(shipped.SHIPPED_DIR, folder)
    return folder


SMALL = (13, 14, 15)          # the blank-last goal's 3-tile table: built again in a moment


def _rewrite(folder, record, table):
    """Ship ``table`` in place of the table of ``record``, its manifest's record rewritten to match (issue 47
    item 7: a self-consistent file that is wrong)."""
    data = table.tobytes()
    (folder / record["file"]).write_bytes(lzma.compress(data))
    doc = json.loads((folder / shipped.MANIFEST).read_text())
    for r in doc["tables"]:
        if r["file"] == record["file"]:
            r.update(sha256=hashlib.sha256(data).hexdigest(), max=int(table[table != UNSEEN].max()))
    (folder / shipped.MANIFEST).write_text(json.dumps(doc))


@pytest.mark.parametrize("damage, says", [
    ("a flipped byte", ""), ("truncated", ""), ("checksum changed", ""), ("file missing", ""),
    ("manifest not JSON", ""),
    ("every entry + 2, manifest rewritten", "a fresh search from the goal gives other distances"),
    ("every entry but the goal's + 2, manifest rewritten", "a fresh search from the goal gives other distances"),
    ("another builder's version", f"built by version {BUILDER_VERSION + 1} of the search"),
    ("no builder's version", "built by version None of the search")])
def test_a_damaged_shipped_table_is_reported_and_rebuilt(damage, says, tmp_path, monkeypatch, empty_cache):
    folder = _copy(tmp_path)
    goal = Board.goal(4, 4)
    record = shipped.shipped_entry(goal, SMALL)
    path = folder / record["file"]
    if damage == "a flipped byte":
        data = bytearray(path.read_bytes())
        data[len(data) // 2] ^= 0xFF
        path.write_bytes(bytes(data))
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2])
    elif damage == "checksum changed":
        doc = json.loads((folder / shipped.MANIFEST).read_text())
        for r in doc["tables"]:
            if r["file"] == record["file"]:
                r["sha256"] = "0" * 64
        (folder / shipped.MANIFEST).write_text(json.dumps(doc))
    elif damage == "file missing":
        path.unlink()
    elif damage == "manifest not JSON":
        (folder / shipped.MANIFEST).write_text("{not json")
    elif "+ 2" in damage:
        table, _ = shipped.load_shipped(goal, SMALL)
        table = table.copy()
        table[(table != UNSEEN) & ((table > 0) | ("but the goal" not in damage))] += 2
        _rewrite(folder, record, table)
    else:
        doc = json.loads((folder / shipped.MANIFEST).read_text())
        for r in doc["tables"]:
            if r["file"] == record["file"]:
                if damage == "no builder's version":
                    del r["builder"]
                else:
                    r["builder"] = BUILDER_VERSION + 1
        (folder / shipped.MANIFEST).write_text(json.dumps(doc))
    monkeypatch.setattr(shipped, "SHIPPED_DIR", folder)
    shipped._MANIFESTS.clear()
    try:
        if "builder" in damage:
            assert not is_available(goal)                  # PatternDatabase would build, so it is not at hand
        with pytest.warns(DamagedFileWarning, match=says):
            assert shipped.load_shipped(goal, SMALL) is None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DamagedFileWarning)
            table, info = load_or_build(goal, SMALL, progress=False)
        assert not info.get("shipped") and table_problem(goal, SMALL, table) is None
        good, _ = shipped.load_shipped(goal, SMALL, folder=_pristine())
        assert np.array_equal(table, good)                     # rebuilt: the same table as the one shipped
    finally:
        shipped._MANIFESTS.clear()


def _pristine():
    return shipped.SHIPPED_DIR.__class__(shipped.__file__).resolve().parent.parent / "data" / "pdb"


def test_without_a_manifest_nothing_is_shipped_and_nothing_is_said(tmp_path):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert shipped.manifest(tmp_path) == []
        assert shipped.load_shipped(Board.goal(4, 4), SMALL, folder=tmp_path) is None


def test_the_players_goals_have_their_tables_at_hand_and_others_do_not(empty_cache):
    assert all(is_available(make_goal(*shape, k)) for shape in SHAPES for k in GOAL_KINDS)
    assert not is_available(Board([[2, 1, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]))


def test_the_player_loads_the_tables_in_the_background_and_solves_4x4_optimally(empty_cache):
    s = PlaySession(4, 4, goal=make_goal(4, 4, "spiral"), seed=5)
    assert s._prepared is not None
    s._prepared.join(timeout=60)
    assert make_goal(4, 4, "spiral") in optimal._DATABASES
    s.shuffle()
    path, how = s.solution()
    assert how == f"shortest solution: {len(path) - 1} moves (IDA*, pattern database)"
    second = ida_star(s.board, goal=s.goal, heuristic=PatternDatabase(s.goal, mirror=False, progress=False), max_nodes=10**9)
    assert len(path) - 1 == second.moves


def test_one_rule_decides_when_a_table_solves_the_board():
    """PlaySession(1, 12) is solved from the BFS table, says so, and its panel shows the exact distance."""
    s = PlaySession(1, 12, seed=2)
    s.scramble(7)
    path, how = s.solution()
    assert how.endswith("(BFS)") and len(path) - 1 == 7
    panel = s.panel()
    assert panel.distance_is_exact and panel.distance == 7 and "exact" in panel.distance_text
    big = PlaySession(3, 4, seed=2)
    big.scramble(5)
    assert not big.panel().distance_is_exact and "IDA*" in big.solution()[1]


@pytest.mark.parametrize("pattern, error, words", [
    ({13, 14, 15}, TypeError, "a pattern is a list of tiles"),            # a set has no order: no table layout
    ("13", TypeError, "a pattern is a list of tiles"),
    ([13, 13, 14], ValueError, "different tiles 1..15"),                 # a tile twice
    ([13, 14, 16], ValueError, "different tiles 1..15"),                 # not a tile of the goal
    ([0, 14, 15], ValueError, "different tiles 1..15"),                  # the blank
    ([], ValueError, "non-empty"),
    (range(10**12), ValueError, "at most the 15 tiles"),                 # refused before a tile is read
    ([13, 14.5], TypeError, "a tile in the pattern must be an integer"),
])
def test_a_lookup_checks_the_pattern_as_a_build_does(pattern, error, words):
    """shipped_entry and load_shipped take the patterns pdb.check_pattern takes, and refuse the others with its
    words: a lookup is not quietly None for a pattern no table could have."""
    from puzzlelib.core.pdb import check_pattern

    goal = Board.goal(4, 4)
    for call in (shipped.shipped_entry, shipped.load_shipped, check_pattern):
        with pytest.raises(error, match=re.escape(words)) as caught:
            call(goal, pattern)
        assert len(str(caught.value)) < 600


def test_a_lookup_does_not_ask_the_size_of_a_search():
    """A 7-tile pattern of 4 x 4 is too big to build here (16 ** 8 entries), but looking it up is only a lookup."""
    from puzzlelib.core.errors import TooLargeError
    from puzzlelib.core.pdb import check_pattern

    goal, seven = Board.goal(4, 4), [1, 2, 3, 4, 5, 6, 7]
    with pytest.raises(TooLargeError):
        check_pattern(goal, seven)
    assert shipped.shipped_entry(goal, seven) is None and shipped.load_shipped(goal, seven) is None
