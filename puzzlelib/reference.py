"""Published distance tables, restated as data, to check our own searches against.

Each table counts the boards at each distance from a goal with the blank in
a corner (for a rectangle every corner gives the same table, and so does the
transposed board). The numbers are copied from the sources named in
``SOURCES``; nothing here is computed. The notebooks and tests compare them
with what :func:`~puzzlelib.search.distance_counts` and
:func:`~puzzlelib.frontier.frontier_search` find.

>>> t = published_counts(2, 5)
>>> sum(t), len(t) - 1, t[-1]
(1814400, 55, 2)
"""

from __future__ import annotations

from .board import check_shape

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

    Raises KeyError for a board with no table here.

    >>> published_counts(4, 3)[-1]   # 3 x 4 turned on its side: the same 18 antipodes
    18
    >>> published_counts(5, 5)
    Traceback (most recent call last):
    ...
    KeyError: 'no published table for the 5 x 5 board here; tables: 2x3, 2x4, 3x3, 2x5, 3x4, 2x6, 4x4'
    """
    rows, cols = check_shape(rows, cols)
    key = (min(rows, cols), max(rows, cols))
    if key not in TABLES:
        names = ", ".join(f"{r}x{c}" for r, c in TABLES)
        raise KeyError(f"no published table for the {rows} x {cols} board here; tables: {names}")
    return list(TABLES[key])
