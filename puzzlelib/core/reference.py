"""Published distance tables, restated as data, to check our own searches against.

Each table counts the boards at each distance from a goal with the blank in
a corner (for a rectangle every corner gives the same table, and so does the
transposed board). The numbers are copied from the sources named in
``SOURCES``; nothing here is computed. The notebooks and tests compare them
with what :func:`~puzzlelib.engines.dispatch.distance_counts` and
:func:`~puzzlelib.engines.frontier.frontier_search` find.

>>> t = published_counts(2, 5)
>>> sum(t), len(t) - 1, t[-1]
(1814400, 55, 2)
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlelib.core.board import Board, check_shape

__all__ = ["published_counts", "KORF_GOAL", "KorfInstance", "korf100", "results_path", "load_results",
           "compact_json", "save_results"]

TABLES: dict[tuple[int, int], list[int]] = {
    (2, 3): [1, 2, 3, 5, 6, 7, 10, 12, 12, 16, 23, 25, 28, 39, 44, 40, 29, 21, 18, 12, 6, 1],
    (2, 4): [1, 2, 3, 6, 10, 14, 19, 28, 42, 61, 85, 119, 161, 215, 293, 396, 506, 632, 788, 985, 1194,
             1414, 1664, 1884, 1999, 1958, 1770, 1463, 1076, 667, 361, 190, 88, 39, 19, 7, 1],
    (3, 3): [1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529,
             10878, 16993, 17110, 23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2],
    (2, 5): [1, 2, 3, 6, 11, 19, 30, 44, 68, 112, 176, 271, 411, 602, 851, 1232, 1783, 2530, 3567, 4996,
             6838, 9279, 12463, 16597, 21848, 28227, 35682, 44464, 54597, 65966, 78433, 91725, 104896,
             116966, 126335, 131998, 133107, 128720, 119332, 106335, 91545, 75742, 60119, 45840, 33422,
             23223, 15140, 9094, 5073, 2605, 1224, 528, 225, 75, 20, 2],
    (3, 4): [1, 2, 4, 9, 20, 37, 63, 122, 232, 431, 781, 1392, 2494, 4442, 7854, 13899, 24215, 41802,
             71167, 119888, 198363, 323206, 515778, 811000, 1248011, 1885279, 2782396, 4009722, 5621354,
             7647872, 10065800, 12760413, 15570786, 18171606, 20299876, 21587248, 21841159, 20906905,
             18899357, 16058335, 12772603, 9515217, 6583181, 4242753, 2503873, 1350268, 643245, 270303,
             92311, 27116, 5390, 1115, 86, 18],
    (2, 6): [1, 2, 3, 6, 11, 20, 36, 60, 95, 155, 258, 426, 688, 1106, 1723, 2615, 3901, 5885, 8851,
             13205, 19508, 28593, 41179, 58899, 83582, 118109, 165136, 228596, 312542, 423797, 568233,
             755727, 994641, 1296097, 1667002, 2119476, 2660415, 3300586, 4038877, 4877286, 5804505,
             6810858, 7864146, 8929585, 9958080, 10902749, 11716813, 12356080, 12791679, 13002649,
             12981651, 12723430, 12245198, 11572814, 10738102, 9772472, 8720063, 7623133, 6526376,
             5459196, 4457799, 3546306, 2749552, 2068975, 1510134, 1064591, 720002, 464913, 284204,
             165094, 89649, 45758, 21471, 9583, 3829, 1427, 430, 129, 33, 12, 2],
    (4, 4): [1, 2, 4, 10, 24, 54, 107, 212, 446, 946, 1948, 3938, 7808, 15544, 30821, 60842, 119000,
             231844, 447342, 859744, 1637383, 3098270, 5802411, 10783780, 19826318, 36142146, 65135623,
             116238056, 204900019, 357071928, 613926161, 1042022040, 1742855397, 2873077198, 4660800459,
             7439530828, 11668443776, 17976412262, 27171347953, 40271406380, 58469060820, 83099401368,
             115516106664, 156935291234, 208207973510, 269527755972, 340163141928, 418170132006,
             500252508256, 581813416256, 657076739307, 719872287190, 763865196269, 784195801886,
             777302007562, 742946121222, 683025093505, 603043436904, 509897148964, 412039723036,
             317373604363, 232306415924, 161303043901, 105730020222, 65450375310, 37942606582,
             20696691144, 10460286822, 4961671731, 2144789574, 868923831, 311901840, 104859366, 29592634,
             7766947, 1508596, 272198, 26638, 3406, 70, 17],
}
"""Boards at each distance from a corner-blank goal, keyed by (rows, cols) with rows <= cols."""

SOURCES: dict[tuple[int, int], str] = {
    (2, 3): "OEIS A090034 (https://oeis.org/A090034)",
    (2, 4): "OEIS A090035 (https://oeis.org/A090035)",
    (3, 3): "OEIS A089473 (https://oeis.org/A089473), first given by Reinefeld (IJCAI 1993)",
    (2, 5): "OEIS A090036 (https://oeis.org/A090036)",
    (3, 4): "OEIS A090166 (https://oeis.org/A090166)",
    (2, 6): "OEIS A090167 (https://oeis.org/A090167) for terms 0..38; all 81 terms from the log "
            "results/normal_frontier/12-6x2.log of github.com/lightln2/SlidingTilesSolver",
    (4, 4): "OEIS A089484 (https://oeis.org/A089484) for terms 0..31, the sum 16!/2 and the last term "
            "a(80); all 81 terms from the log results/normal_frontier/16-4x4.log of "
            "github.com/lightln2/SlidingTilesSolver",
}
"""Where each table was found."""


def published_counts(rows: int, cols: int) -> list[int]:
    """The published distance table of the ``rows`` x ``cols`` board (either orientation).

    Raises ValueError for a board with no table here.

    >>> published_counts(4, 3)[-1]   # 3 x 4 turned on its side: the same 18 antipodes
    18
    >>> published_counts(5, 5)
    Traceback (most recent call last):
    ...
    ValueError: no published table for the 5 x 5 board here; tables: 2x3, 2x4, 3x3, 2x5, 3x4, 2x6, 4x4
    """
    rows, cols = check_shape(rows, cols)
    key = (min(rows, cols), max(rows, cols))
    if key not in TABLES:
        names = ", ".join(f"{r}x{c}" for r, c in TABLES)
        raise ValueError(f"no published table for the {rows} x {cols} board here; tables: {names}")
    return list(TABLES[key])


# --- Korf's 100 random 15-puzzle instances ---------------------------------------
#
# Korf's 100 random 15-puzzle instances, the standard benchmark for optimal solvers.
#
# R. E. Korf, "Depth-first iterative-deepening: an optimal admissible tree
# search", Artificial Intelligence 27 (1985) 97-109, Table 1, solved these
# 100 random boards with IDA* and the Manhattan distance. His goal has the
# **blank first**: ``Board.goal(4, 4, blank="first")``, cell ``i`` holding tile ``i``.
#
# The data below were taken from two public transcriptions that agree on
# every board: ``farhiongit/15-puzzle`` (file ``sp_solve_test.c``: boards,
# optimal lengths and Korf's node counts) and Nathan Sturtevant's HOG2
# (``apps/bidirectional/BidirSTP.cpp`` in the ``AssafCohen3/hog2`` copy:
# boards). The optimal lengths also agree with a third list
# (``urihor/Parallel_CPU-GPU_Framework_for_Cost-Bounded_DFS``,
# ``tests/test_ida_star_korf_boards.cpp``), and ``benchmarks/fifteen.py``
# re-derives every one of them. ``korf_nodes`` is the number of nodes
# Korf's IDA* with Manhattan distance generated, as transcribed; it is not
# checked here.
#
# Columns: number, optimal length, Korf's nodes, then the 16 cells in reading order.

_DATA = """
  1 57  276361933  14 13 15  7 11 12  9  5  6  0  2  1  4  8 10  3
  2 55   15300442  13  5  4 10  9 12  8 14  2  3  7  1  0 15 11  6
  3 59  565994203  14  7  8  2 13 11 10  4  9 12  5  0  3  6  1 15
  4 56   62643179   5 12 10  7 15 11 14  0  8  2  1 13  3  4  9  6
  5 56   11020325   4  7 14 13 10  3  9 12 11  5  6 15  1  2  8  0
  6 52   32201660  14  7  1  9 12  3  6 15  8 11  2  5 10  0  4 13
  7 52  387138094   2 11 15  5 13  4  6  7 12  8 10  1  9  3 14  0
  8 50   39118937  12 11 15  3  8  0  4  2  6 13  9  5 14  1 10  7
  9 46    1650696   3 14  9 11  5  4  8  2 13 12  6  7 10  1 15  0
 10 59  198758703  13 11  8  9  0 15  7 10  4  3  6 14  5 12  2  1
 11 57  150346072   5  9 13 14  6  3  7 12 10  8  4  0 15  2 11  1
 12 45     546344  14  1  9  6  4  8 12  5  7  2  3  0 10 11 13 15
 13 46   11861705   3  6  5  2 10  0 15 14  1  4 13 12  9  8 11  7
 14 59 1369596778   7  6  8  1 11  5 14 10  3  4  9 13 15  2  0 12
 15 62  543598067  13 11  4 12  1  8  9 15  6  5 14  2  7  3 10  0
 16 42   17984051   1  3  2  5 10  9 15  6  8 14 13 11 12  4  7  0
 17 66  607399560  15 14  0  4 11  1  6 13  7  5  8  9  3  2 10 12
 18 55   23711067   6  0 14 12  1 15  9 10 11  4  7  2  8  3  5 13
 19 46    1280495   7 11  8  3 14  0  6 15  1  4 13  9  5 12  2 10
 20 52   17954870   6 12 11  3 13  7  9 15  2 14  8 10  4  1  5  0
 21 54  257064810  12  8 14  6 11  4  7  0  5  1 10 15  3 13  9  2
 22 59  750746755  14  3  9  1 15  8  4  5 11  7 10 13  0  2 12  6
 23 49   15971319  10  9  3 11  0 13  2 14  5  6  4  7  8 15  1 12
 24 54   42693209   7  3 14 13  4  1 10  8  5 12  9 11  2 15  6  0
 25 52  100734844  11  4  2  7  1  0 10 15  6  9 14  8  3 13  5 12
 26 58  226668645   5  7  3 12 15 13 14  8  0 10  9  6  1  4  2 11
 27 53  306123421  14  1  8 15  2  6  0  3  9 12 10 13  4  7  5 11
 28 52    5934442  13 14  6 12  4  5  1  0  9  3 10  2 15 11  8  7
 29 54  117076111   9  8  0  2 15  1  4 14  3 10  7  5 11 13  6 12
 30 47    2196593  12 15  2  6  1 14  4  8  5  3  7  0 10 13  9 11
 31 50    2351811  12  8 15 13  1  0  5  4  6  3  2 11  9  7 14 10
 32 59  661041936  14 10  9  4 13  6  5  8  2 12  7  0  1  3 11 15
 33 60  480637867  14  3  5 15 11  6 13  9  0 10  2 12  4  1  7  8
 34 52   20671552   6 11  7  8 13  2  5  4  1 10  3  9 14  0 12 15
 35 55   47506056   1  6 12 14  3  2 15  8  4  5 13  9  0  7 11 10
 36 52   59802602  12  6  0  4  7  3 15  1 13  9  8 11  2 14  5 10
 37 58  280078791   8  1  7 12 11  0 10  5  9 15  6 13 14  2  3  4
 38 53   24492852   7 15  8  2 13  6  3 12 11  0  4 10  9  5  1 14
 39 49   19355806   9  0  4 10  1 14 15  3 12  6  5  7 11 13  8  2
 40 54   63276188  11  5  1 14  4 12 10  0  2  7 13  3  9 15  6  8
 41 54   51501544   8 13 10  9 11  3 15  6  0  1  2 14 12  5  4  7
 42 42     877823   4  5  7  2  9 14 12 13  0  3  6 11  8  1 15 10
 43 64   41124767  11 15 14 13  1  9 10  4  3  6  2 12  7  5  8  0
 44 50   95733125  12  9  0  6  8  3  5 14  2  4 11  7 10  1 15 13
 45 51    6158733   3 14  9  7 12 15  0  4  1  8  5  6 11 10  2 13
 46 49   22119320   8  4  6  1 14 12  2 15 13 10  9  5  3  7  0 11
 47 47    1411294   6 10  1 14 15  8  3  5 13  0  2  7  4  9 11 12
 48 49    1905023   8 11  4  6  7  3 10  9  2 12 15 13  0  1  5 14
 49 59 1809933698  10  0  2  4  5  1  6 12 11 13  9  7 15  3 14  8
 50 53   63036422  12  5 13 11  2 10  0  9  7  8  4  3 14  6 15  1
 51 56   26622863  10  2  8  4 15  0  1 14 11 13  3  6  9  7  5 12
 52 56  377141881  10  8  0 12  3  7  6  2  1 14  4 11 15 13  9  5
 53 64  465225698  14  9 12 13 15  4  8 10  0  2  1  7  3 11  5  6
 54 56  220374385  12 11  0  8 10  2 13 15  5  4  7  3  6  9 14  1
 55 41     927212  13  8 14  3  9  1  0  7 15  5  4 10 12  2  6 11
 56 55 1199487996   3 15  2  5 11  6  4  7 12  9  1  0 13 14 10  8
 57 50    8841527   5 11  6  9  4 13 12  0  8  2 15 10  1  7  3 14
 58 51   12955404   5  0 15  8  4  6  1 14 10 11  3  9  7 12  2 13
 59 57 1207520464  15 14  6  7 10  1  0 11 12  8  4  9  2  5 13  3
 60 66 3337690331  11 14 13  1  2  3 12  4 15  7  9  5 10  6  8  0
 61 45    7096850   6 13  3  2 11  9  5 10  1  7 12 14  8  4  0 15
 62 57   23540413   4  6 12  0 14  2  9 13 11  8  3 15  7 10  1  5
 63 56  995472712   8 10  9 11 14  1  7 15 13  4  0 12  6  2  5  3
 64 51  260054152   5  2 14  0  7  8  6  3 11 12 13 15  4 10  9  1
 65 47   18997681   7  8  3  2 10 12  4  6 11 13  5 15  0  1  9 14
 66 61 1957191378  11  6 14 12  3  5  1 15  8  0 10 13  9  7  4  2
 67 50  252783878   7  1  2  4  8  3  6 11 10 15  0  5 14 12 13  9
 68 51   64367799   7  3  1 13 12 10  5  2  8  0  6 11 14 15  4  9
 69 53  109562359   6  0  5 15  1 14  4  9  2 13  8 10 11 12  7  3
 70 52  151042571  15  1  3 12  4  0  6  5  2  8 14  9 13 10  7 11
 71 44    8885972   5  7  0 11 12  1  9 10 15  6  2  3  8  4 13 14
 72 56 1031641140  12 15 11 10  4  5 14  0 13  7  1  2  9  8  3  6
 73 49    3222276   6 14 10  5 15  8  7  1  3  4  2  0 12  9 11 13
 74 56    1897728  14 13  4 11 15  8  6  9  0  7  3  1  2 10 12  5
 75 48   42772589  14  4  0 10  6  5  1  3  9  2 13 15 12  7  8 11
 76 57  126638417  15 10  8  3  0  6  9  5  1 14 13 11  7  2 12  4
 77 54   18918269   0 13  2  4 12 14  6  9 15  1 10  3 11  5  8  7
 78 53   10907150   3 14 13  6  4 15  8  9  5 12 10  0  2  7  1 11
 79 42     540860   0  1  9  7 11 13  5  3 14 12  4  2  8  6 10 15
 80 57  132945856  11  0 15  8 13 12  3  5 10  1  4  6 14  9  7  2
 81 53    9982569  13  0  9 12 11  6  3  5 15  8  1 10  4 14  2  7
 82 62 5506801123  14 10  2  1 13  9  8 11  7  3  6 12 15  5  4  0
 83 49   65533432  12  3  9  1  4  5 10  2  6 11 15  0 14  7 13  8
 84 55  106074303  15  8 10  7  0 12 14  1  5  9  6  3 13 11  4  2
 85 44    2725456   4  7 13 10  1  2  9  6 12  8 14  5  3  0 11 15
 86 45    2304426   6  0  5 10 11 12  9  2  1  7  4  3 14  8 13 15
 87 52   64926494   9  5 11 10 13  0  2  1  8  6 14 12  4  7  3 15
 88 65 6009130748  15  2 12 11 14 13  9  5  1  3  8  7  0 10  6  4
 89 54  166571097  11  1  7  4 10 13  3  8  9 14  0 15  6  5  2 12
 90 50    7171137   5  4  7  1 11 12 14 15 10 13  8  6  2  0  9  3
 91 57  602886858   9  7  5  2 14 15 12 10 11  3  6  1  8 13  0  4
 92 57 1101072541   3  2  7  9  0 15 12  4  6 11  5 14  8 13 10  1
 93 46    1599909  13  9 14  6 12  8  1  2  3  4  0  7  5 10 11 15
 94 53    1337340   5  7 11  8  0 14  9 13 10 12  3 15  6  1  4  2
 95 50    7115967   4  3  6 13  7 15  9  0 10  5  8 11  2 12  1 14
 96 49   12808564   1  7 15 14  2  6  4  9 12 11 13  3  0  8  5 10
 97 44    1002927   9 14  5  7  8 15  1  2 10  4 13  6 12  0 11  3
 98 54  103526883   0 11  3 12  5  2  1  9  8 10 14 15  7  4 13  6
 99 57   83477694   7 15  4  0 10  9  2  5 12 11 13  6  1  3 14  8
100 54   67880056  11  4  0  8  6 10  5 13 12  7 14  3  1  2  9 15
"""

KORF_GOAL = Board.goal(4, 4, blank="first")
"""Korf's goal: the blank in the top-left corner, tiles 1..15 after it in reading order."""


@dataclass(frozen=True)
class KorfInstance:
    """One of Korf's boards with its published optimal length."""

    number: int
    board: Board
    length: int
    """Moves in a shortest solution to :data:`KORF_GOAL`."""
    korf_nodes: int
    """Nodes generated by Korf's IDA* with Manhattan distance (1985)."""


def korf100() -> list[KorfInstance]:
    """The 100 instances, in Korf's order.

    >>> k = korf100()
    >>> len(k), k[0].number, k[0].length
    (100, 1, 57)
    >>> print(k[0].board)
    14 13 15  7
    11 12  9  5
     6  .  2  1
     4  8 10  3
    """
    out = []
    for line in _DATA.strip().splitlines():
        number, length, nodes, *tiles = map(int, line.split())
        out.append(KorfInstance(number, Board.from_tiles(tiles, 4, 4), length, nodes))
    return out


# --- measured results, committed with the package --------------------------------
#
# The benchmark scripts in ``benchmarks/`` take minutes to hours; what they measured
# is kept in ``puzzlelib/results/*.json`` (package data, so an ordinary install has it
# too) and read by the notebooks and tests.

def results_path(name: str):
    """Where the committed result ``name`` (for example ``"bfs_scale"``) lives: ``puzzlelib/results/NAME.json``.

    >>> results_path("bfs_scale").name
    'bfs_scale.json'
    """
    from pathlib import Path

    if not isinstance(name, str) or not name.replace("_", "").isalnum():
        raise ValueError(f"a results name is letters, digits and underscores, got {name!r}")
    return Path(__file__).resolve().parent.parent / "results" / f"{name}.json"


def load_results(name: str) -> dict:
    """The committed result ``name`` as a dict.

    >>> load_results("bfs_scale")["boards"]["3x4"]["states"]
    239500800
    """
    import json

    path = results_path(name)
    if not path.exists():
        known = sorted(q.stem for q in path.parent.glob("*.json"))
        raise ValueError(f"no committed result {name!r} at {path}; the results are {known}")
    return json.loads(path.read_text())


def compact_json(data) -> str:
    """JSON with one key per line, but short lists of numbers or strings kept on one line.

    >>> print(compact_json({"counts": [1, 2, 3]}))
    {
     "counts": [1, 2, 3]
    }
    <BLANKLINE>
    """
    import json
    import re

    text = json.dumps(data, indent=1)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + " ".join(m.group(1).split()) + "]", text) + "\n"


def save_results(name: str, data: dict, *, compact: bool = True, directory=None):
    """Write ``data`` as the result ``name`` (atomically: a temporary file, then a rename); return its path.

    ``directory`` defaults to the package's ``results`` folder (:func:`results_path`).

    >>> import tempfile, json
    >>> path = save_results("demo", {"counts": [1, 2]}, directory=tempfile.mkdtemp())
    >>> json.loads(path.read_text())
    {'counts': [1, 2]}
    """
    import json
    import os
    import tempfile
    from pathlib import Path

    from puzzlelib.core.errors import check_flag

    compact = check_flag(compact, "compact")
    path = results_path(name) if directory is None else Path(directory) / results_path(name).name
    path.parent.mkdir(parents=True, exist_ok=True)
    text = compact_json(data) if compact else json.dumps(data, indent=1) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=path.parent)
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)
    return path
