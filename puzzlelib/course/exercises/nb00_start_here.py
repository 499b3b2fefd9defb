"""Exercises of notebook 00, start here: 00.0 (trying the checker) to 00.3.

Each asks for reasoning or a witness, not for a value one call prints: 00.0 and 00.3 are counts worked out
from the move rule, 00.1 and 00.2 ask for the slides themselves, replayed on the board to check them.
Every foreseen wrong answer is mapped by ``normalize`` to a tag such as ``("not the goal",)``, so that
one message (sealed in the student edition like any other) fits every answer with that mistake.
"""

from __future__ import annotations

from puzzlelib.core.board import Board
from puzzlelib.course.exercises.engine import Mistake, _register

__all__: list[str] = []

_ALMOST = Board([[1, 2, 3], [4, 0, 6], [7, 5, 8]])
_SMALL = Board([[4, 1, 2], [5, 0, 3]])


def _whole(x):
    """``x`` as an int when it is a whole number (an int, or a float such as 4.0), else None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int):
        return x
    if isinstance(x, float) and x.is_integer():
        return int(x)
    return None


# --- 00.0: the fewest moves of a board whose blank is in the top-left corner ------------------------

def _closest_with_blank_top_left() -> int:
    """The fewest moves any 3 x 3 board with its blank in the top-left corner needs (found by search)."""
    from puzzlelib.course.exercises.fixtures import _dist
    return min(d for tiles, d in _dist(Board.goal(3, 3)).items() if tiles[0] == 0)


_register(
    id="00.0", title="Try the checker: the blank in the far corner", level="warm-up", minutes=2, kind="value",
    solution=_closest_with_blank_top_left,
    hint="a move slides a tile into the blank, so the blank moves one cell. Where is the blank on the goal, "
         "and how many cells must it travel to get there from the top-left corner?",
    why="a move carries the blank one cell along a row or a column, and it must cross two rows and two "
        "columns to reach its home: four moves at least, and the board made by sliding the blank up twice "
        "and left twice from the goal needs no more.",
    mistakes=(
        Mistake(lambda: 2, "a move carries the blank one cell up, down, left or right, never diagonally."),
        Mistake(lambda: 0, "no moves at all fits only the goal itself, and its blank is bottom right."),
        Mistake(lambda: 8, "8 is the number of tiles, but moves are counted one slide at a time: follow the "
                           "blank from the top-left corner to its home instead."),
    ),
)


# --- 00.1 and 00.2: slides, replayed on the board ------------------------------------------------------

def _slides(board: Board) -> list[int]:
    """The tiles a shortest solution of ``board`` slides, in order (found by search, not written down)."""
    from puzzlelib.core.bfs import shortest_path
    path = shortest_path(board)
    return [a.tiles[b.blank_index] for a, b in zip(path, path[1:])]


def _replay(board: Board, x):
    """Slide the tiles ``x`` (a list or tuple of whole numbers) on ``board``: ``(tiles, boards)`` with the
    boards after each slide, or a tag: ``("text",)`` for tiles written as strings, ``("boards",)`` for a
    list of Boards, ``("a count",)`` for a number, ``("cannot slide", tile)`` when a tile is not next to the
    blank in its turn; None for anything else (an empty list too). A number, or a number in quotes, is a count."""
    if _whole(x) is not None or (isinstance(x, str) and x.strip().isdigit()):
        return ("a count",)
    if isinstance(x, str) and x.strip() and set(x) <= set("0123456789,[]() "):
        return ("text",)
    if not isinstance(x, (list, tuple)) or not x:
        return None
    if all(isinstance(t, str) and t.strip().isdigit() for t in x):
        return ("text",)
    if x and all(isinstance(t, Board) for t in x):
        return ("boards",)
    tiles = [_whole(t) for t in x]
    if None in tiles:
        return None
    boards = []
    for tile in tiles:
        if tile not in board.movable_tiles():
            return ("cannot slide", tile)
        board = board.slide(tile)
        boards.append(board)
    return tiles, boards


def _two_slides_verdict(x):
    """00.1: two legal slides that end at the goal stand as they are; other slides become a tag that says
    what went wrong. Anything that is not a sequence of tiles stays as it is."""
    replayed = _replay(_ALMOST, x)
    if replayed is None or replayed == ("a count",):
        return x
    if isinstance(replayed[0], str):
        return replayed if replayed in (("text",), ("boards",), ("cannot slide", 8)) else ("cannot slide",)
    tiles, boards = replayed
    goal = Board.goal(3, 3)
    if len(boards) >= 3 and boards[1] == goal:
        return ("past the goal",)
    if len(boards) == 1:
        return ("one slide",)
    if boards[-1] != goal:
        return ("not the goal",)
    return tiles if len(tiles) == 2 else ("longer",)


_register(
    id="00.1", title="Slide two tiles", level="warm-up", minutes=3, kind="value",
    solution=lambda: _slides(_ALMOST),
    normalize=_two_slides_verdict,
    hint="the blank is in the centre; which of its neighbours must slide into it so that a second "
         "slide can finish the board? Give the two tiles in the order you slide them, as a list such as "
         "[4, 7].",
    why="those two slides, in that order, bring this board to the goal: only a tile next to the blank can "
        "slide, and the second slide must leave the blank bottom right.",
    mistakes=(
        Mistake(lambda: ("cannot slide", 8), "8 is not next to the blank yet: which tile must slide first?"),
        Mistake(lambda: ("cannot slide",), "one of those tiles does not share a side with the blank when its "
                                           "turn comes: only a neighbour of the blank can slide."),
        Mistake(lambda: ("not the goal",), "those slides are legal, but the board they leave is not the goal. "
                                           "Which tiles are out of place in the picture? Only they need to move."),
        Mistake(lambda: ("one slide",), "that is one slide, and the board is two moves from the goal: name "
                                        "both tiles, the first to slide first."),
        Mistake(lambda: ("past the goal",), "that is more than two slides. The board is two moves from the goal, "
                                            "and once it is the goal, any further slide leaves it again."),
        Mistake(lambda: ("longer",), "that reaches the goal, but in more than two slides: find the two."),
        Mistake(lambda: ("text",), "those tiles are strings, in quotes: write them as numbers, without quotes."),
        Mistake(lambda: ("boards",), "those are boards; name the tiles you slide, as a list of two numbers."),
        Mistake(lambda: Board.goal(3, 3), "that is the board you end with; name the two tiles you slide, "
                                          "as a list such as [4, 7]."),
    ),
)


def _fewest_slides_verdict(x):
    """00.2: a shortest solution stands as it is (there is one); other slides become a tag that says what went
    wrong. Anything that is not a sequence of tiles (or a count) stays as it is."""
    replayed = _replay(_SMALL, x)
    if replayed is None:
        return x
    if isinstance(replayed[0], str):
        return replayed if replayed in (("text",), ("boards",), ("a count",)) else ("cannot slide",)
    tiles, boards = replayed
    if not boards or boards[-1] != Board.goal(2, 3):
        return ("not the goal",)
    from puzzlelib.core.bfs import min_moves
    return tiles if len(tiles) == min_moves(_SMALL) else ("longer",)


_register(
    id="00.2", title="Count the moves, and show no fewer do", level="warm-up", minutes=5, kind="value",
    solution=lambda: _slides(_SMALL),
    normalize=_fewest_slides_verdict,
    hint="a slide moves one tile one cell. Count how far each tile is from its home cell, along rows and "
         "columns: no solution is shorter than the total. Then look for slides that each bring a tile home.",
    why="each of the five tiles is one cell from home and a slide moves one tile one cell, so no solution "
        "has fewer than five slides; these five each bring a tile home.",
    mistakes=(
        Mistake(lambda: ("a count",), "give the slides themselves, as a list of tiles in the order you slide "
                                      "them: a count alone can't be replayed, and a list can show that no fewer "
                                      "will do."),
        Mistake(lambda: ("cannot slide",), "one of those tiles does not share a side with the blank when its "
                                           "turn comes: replay them one at a time on the picture."),
        Mistake(lambda: ("not the goal",), "every slide is legal, but the board they leave is not the goal, "
                                           "1 2 3 / 4 5 . : keep going, or start again."),
        Mistake(lambda: ("longer",), "that solves it, but not in the fewest moves. Count how far each tile is "
                                     "from its home cell: can every slide bring a tile one cell closer?"),
        Mistake(lambda: ("text",), "those tiles are strings, in quotes: write them as numbers, without quotes."),
        Mistake(lambda: ("boards",), "those are boards; name the tile each slide moves, as a list of numbers."),
    ),
)


# --- 00.3: how many moves, over all places of the blank ---------------------------------------------

def _moves_over_all_blanks(rows: int = 3, cols: int = 3) -> int:
    """The number of tiles that can slide, added over every cell the blank can be in (from the boards)."""
    total = 0
    for cell in range(rows * cols):
        tiles = list(range(1, rows * cols))
        tiles.insert(cell, 0)
        total += len(Board.from_tiles(tuple(tiles), rows, cols).movable_tiles())
    return total


def _one_place(x):
    """A count that fits one place of the blank (2, 3 or 4 tiles) becomes a tag; anything else stays."""
    n = _whole(x)
    return ("one place",) if n in (2, 3, 4) else x


_register(
    id="00.3", title="How many moves, over all places of the blank?", level="warm-up", minutes=3,
    kind="value", solution=_moves_over_all_blanks, normalize=_one_place,
    hint="which tiles can slide depends only on where the blank is: in a corner, on an edge or in the "
         "centre. Count the tiles next to the blank for each kind of place, then add up over all nine cells.",
    why="a corner has two neighbours, an edge cell three and the centre four: 4 x 2 + 4 x 3 + 4 = 24, so a "
        "3 x 3 board offers 24 / 9, about 2.7, moves on average.",
    mistakes=(
        Mistake(lambda: 36, "that gives every place of the blank four neighbours; a blank on the border has "
                            "fewer. Count corners, edges and the centre apart."),
        Mistake(lambda: 12, "that counts each pair of side-by-side cells once. A move is a place of the blank "
                            "and a tile next to it: count, for each of the nine places, its neighbours."),
        Mistake(lambda: 40, "that counts tiles across a corner too: a tile slides only across a side of the "
                            "blank."),
        Mistake(lambda: ("one place",), "that is the count for one place of the blank; the question adds the "
                                        "counts of all nine places."),
        Mistake(lambda: 9, "that counts the places of the blank; add up how many tiles can slide at each."),
        Mistake(lambda: 20, "you counted the corners and the edges: is there a place of the blank that is "
                            "neither?"),
    ),
)
