"""Exercises of notebook 07, BFS at scale: layers and memory (07.1-07.3), then pack_word (07.4)."""

from __future__ import annotations

import math

from ..board import Board
from ..limits import dict_bfs_bytes, reachable_count
from ..search.bfs import bfs_layers
from ..search.dispatch import distance_counts
from ..search.frontier import pack
from .engine import Mistake, _function_exercise, _register, _tiles_steps
from .fixtures import _shuffled
from .solutions import SOLUTIONS

__all__: list[str] = []


def _counts(name: str) -> list:
    from ..reference import load_results        # here, so that importing puzzlelib does not load the tables' module

    return load_results("bfs_scale")["boards"][name]["counts"]


def _widest(name: str) -> int:
    counts = _counts(name)
    return counts.index(max(counts))


def _layers_centre() -> list:
    return [layer.size for layer in bfs_layers(Board([[1, 2, 3], [4, 0, 5], [6, 7, 8]]))]


def _dict_gib(states, cells: int) -> int:
    return round(dict_bfs_bytes(states, cells) / 2**30)


_register(
    id="07.1", title="The widest layer of 2 x 6", level="warm-up", minutes=5, kind="value",
    solution=lambda: _widest("2x6"),
    hint="find the largest entry of counts26 and give its index: the index is the distance.",
    why="the index of the largest count is the distance of the widest layer.",
    mistakes=(
        Mistake(lambda: max(_counts("2x6")), "that is how many boards the widest layer holds; give its distance "
                                             "(the index)."),
        Mistake(lambda: len(_counts("2x6")) - 1, "that is the largest distance, not the widest layer."),
        Mistake(lambda: _widest("2x6") + 1, "off by one: distances start at 0, the goal itself."),
        Mistake(lambda: _widest("3x4"), "that is the 3 x 4 board's widest layer; use counts26."),
    ),
)
_register(
    id="07.2", title="Another goal: the centre blank", level="core", minutes=10, kind="value",
    solution=lambda: _layers_centre()[30],
    hint="run frontier_search(3, 3, goal) with the centre-blank goal and look at the last entry of counts.",
    why="the last layer of the search from the centre-blank goal; the plain BFS agrees.",
    mistakes=(
        Mistake(lambda: 30, "30 is the distance; the question asks how many boards lie at that distance."),
        Mistake(lambda: distance_counts(3, 3)[30], "that is layer 30 of the usual goal; use the centre-blank goal."),
        Mistake(lambda: distance_counts(3, 3)[31],
                "that is the last layer of the usual goal; use the centre-blank goal."),
    ),
)
_register(
    id="07.3", title="Memory of a dict BFS for 2 x 7", level="core", minutes=5, kind="value",
    solution=lambda: _dict_gib(reachable_count(2, 7), 14),
    hint="dict_bfs_bytes(states, cells) with the reachable boards of 2 x 7 (half of 14!) and 14 cells, "
         "divided by 2**30, rounded.",
    why="the reachable half of the 14! boards at the measured bytes per board of a dict BFS: thousands of "
        "GiB, where 2 x 6 needed 46.",
    mistakes=(
        Mistake(lambda: round(dict_bfs_bytes(reachable_count(2, 7), 14) / 10**9),
                "that is in GB (10**9 bytes); the question asks for GiB, 2**30 bytes."),
        Mistake(lambda: _dict_gib(math.factorial(14), 14),
                "that stores all 14! boards; a BFS from the goal reaches only half of them."),
        Mistake(lambda: dict_bfs_bytes(reachable_count(2, 7), 14), "that is in bytes; divide by 2**30 for GiB."),
        Mistake(lambda: _dict_gib(reachable_count(2, 6), 12), "that is the 2 x 6 board; this one has 14 cells."),
    ),
)

# --- 07.4: pack_word(tiles) -----------------------------------------------------------------------

_PACK_NO_BLANK = "the blank's cell goes in the top 4 bits (bits 60 to 63): add tiles.index(0) << 60."
_PACK_NO_MOVE_BITS = "the low 4 bits are kept for the used-move bits: cell i's tile starts at bit 4 + 4 * i."


def _pack_steps():
    cases = _shuffled([(1, 0), (1, 2, 3, 0), (0, 1, 2, 3), (1, 2, 3, 4, 5, 0), (1, 2, 3, 4, 0, 5),
                       (8, 7, 6, 5, 4, 3, 2, 1, 0)], 7, (9, 12, 14))
    return _tiles_steps("pack_word", cases, pack, "that is not its packed word", tips=(
        (lambda tiles, got, want: got == want & ~(15 << 60), _PACK_NO_BLANK),
        (lambda tiles, got, want: got == sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60),
         _PACK_NO_MOVE_BITS),
    ))


_function_exercise(
    id="07.4",
    library=('puzzlelib.search.frontier:pack',),
    title="Write pack_word(tiles): a board as one 64-bit word", level="core", minutes=15,
    reference=SOLUTIONS["pack_word"],
    hint="start with the blank's cell shifted to bit 60; then for each cell i OR in its tile shifted to bit "
         "4 + 4 * i. The low 4 bits stay 0: they are the used-move bits.",
    why="pack_word gives exactly the engine's word on boards of 2 to 14 cells.",
    steps=_pack_steps,
    mistakes=(
        Mistake(lambda: (lambda tiles: sum(t << (4 + 4 * i) for i, t in enumerate(tiles))), _PACK_NO_BLANK),
        Mistake(lambda: (lambda tiles: sum(t << (4 * i) for i, t in enumerate(tiles)) | (tiles.index(0) << 60)),
                _PACK_NO_MOVE_BITS),
    ),
)
