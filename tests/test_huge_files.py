"""Huge cache files are damage, refused before they are read (issue 35, group 7).

A 6 GiB sparse file costs no disk, yet reading it whole costs 6 GiB of memory: a pattern database's
table or metadata, or a frontier run's manifest, of that size must be reported as damaged and rebuilt,
without a MemoryError. Each test runs with the address space capped 2 GiB above the process's, so a
reader that reads the file whole fails here.
"""

from __future__ import annotations

import json
import os
import resource
import warnings

import pytest

from puzzlelib import Board
from puzzlelib.engines.pdb import PatternDatabase, load_or_build
from puzzlelib.engines.storage import DamagedFileWarning, read_regular
from test_fuzz_inputs import cap_address_space
from timing import time_limit

HUGE = 6 * 2**30


@pytest.fixture
def capped():
    soft, hard = cap_address_space(2)
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def make_huge(path):
    with open(path, "r+b") as f:
        f.truncate(HUGE)


def test_read_regular_refuses_a_file_over_its_limit_before_reading(tmp_path, capped):
    path = tmp_path / "big"
    path.write_bytes(b"{}")
    assert read_regular(path, limit=2) == b"{}"
    make_huge(path)
    with pytest.raises(OSError, match="more than the 1,024"):
        read_regular(path, limit=1024)


@pytest.mark.parametrize("which", ["metadata", "table", "table with matching metadata"])
def test_a_huge_pattern_database_file_is_damage(tmp_path, monkeypatch, which):
    monkeypatch.setenv("PUZZLELIB_CACHE", str(tmp_path / "pdb"))
    goal = Board.goal(2, 3)
    _, info = load_or_build(goal, [1, 2], progress=False)
    table = tmp_path / "pdb" / os.path.basename(info["file"])
    meta = table.with_suffix(".json")
    if which == "metadata":
        make_huge(meta)
    else:
        make_huge(table)
        if which == "table with matching metadata":          # the metadata even states the huge size
            doc = json.loads(meta.read_text())
            doc["data"]["bytes"] = HUGE
            meta.write_text(json.dumps(doc))
    soft, hard = cap_address_space(2)
    try:
        with time_limit(60, "loading a huge cache file"), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            pdb = PatternDatabase(goal, [[1, 2], [3, 4, 5]], progress=False)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    assert any(issubclass(w.category, DamagedFileWarning) for w in caught), [str(w.message) for w in caught]
    assert not pdb.info[0]["from_cache"]


def test_a_huge_frontier_manifest_is_damage(tmp_path):
    from puzzlelib.engines.frontier import frontier_search

    folder = tmp_path / "frontier"
    first = frontier_search(2, 3, directory=folder, progress=False)
    make_huge(folder / "manifest.json")
    soft, hard = cap_address_space(2)
    try:
        with time_limit(60, "resuming from a huge manifest"), warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            again = frontier_search(2, 3, directory=folder, progress=False)
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    assert any(issubclass(w.category, DamagedFileWarning) for w in caught)
    assert again.counts == first.counts
