"""Checks behind notebook 06's claims about the player: slides keep the panel's invariant, on a single
row or column the panel's verdict is what breadth-first search finds, and exercise 3's proof that a scramble
of 40 slides, never undoing one, can end at every distance its solution names.

Each check returns None when the claim holds on the data it is given, or a short message that says what
does not hold.
"""

from __future__ import annotations

from itertools import permutations
from math import factorial

from puzzlelib.core.board import Board, as_board

__all__ = ["slides_keep_invariant", "line_verdicts_problem", "walk_problem", "scramble_proof_problem"]


def slides_keep_invariant(boards, invariants, *, min_slides: int = 12) -> str | None:
    """None when ``boards`` is a walk of at least ``min_slides`` legal slides over distinct boards, with
    both a horizontal and a vertical slide, and the invariant observed on each board (``invariants``, one
    a board, in the same order) never changes.

    A walk that slides one tile back and forth visits two boards only: it is refused, since it can't
    show much. So is a walk of horizontal slides only, which on an odd width never moves a tile past
    another.

    >>> from puzzlelib.core.solvability import explain
    >>> walk = [Board([[1, 2, 3], [4, 5, 6], [7, 8, 0]])]
    >>> for tile in (6, 5, 2, 3, 5, 6, 8, 7, 4, 1, 3, 2):
    ...     walk.append(walk[-1].slide(tile))
    >>> print(slides_keep_invariant(walk, [explain(b).invariant for b in walk]))
    None
    >>> print(slides_keep_invariant(walk, [0] * 12 + [1]))
    the invariant changed from 0 to 1 on slide 12
    >>> print(slides_keep_invariant(walk[:2] * 6 + walk[:1], [0] * 13))
    only 2 distinct boards in 13: the walk goes back and forth
    """
    boards = [as_board(b, "a board of the walk") for b in boards]
    invariants = list(invariants)
    if len(invariants) != len(boards):
        return f"{len(boards)} boards but {len(invariants)} invariants: give one invariant a board"
    slides = len(boards) - 1
    if slides < min_slides:
        return f"only {slides} slides: the claim is checked on {min_slides} or more"
    distinct = len(set(boards))
    if distinct < len(boards):
        if distinct <= 2:
            return f"only {distinct} distinct boards in {len(boards)}: the walk goes back and forth"
        return f"the walk visits a board twice ({distinct} distinct boards in {len(boards)})"
    kinds = set()
    for i, (a, b) in enumerate(zip(boards, boards[1:]), 1):
        if b not in a.neighbors():
            return f"step {i} is not a slide"
        kinds.add("vertical" if a.blank[1] == b.blank[1] else "horizontal")
    if kinds != {"horizontal", "vertical"}:
        return f"every slide is {kinds.pop()}: the walk needs both kinds"
    for i, (x, y) in enumerate(zip(invariants, invariants[1:]), 1):
        if x != y:
            return f"the invariant changed from {x} to {y} on slide {i}"
    return None


def _reachable(goal: Board) -> set:
    """The tiles of every board breadth-first search reaches from ``goal`` by slides (no parity rule)."""
    from puzzlelib.engines.tables import distances
    return set(distances(goal))


def _panel_verdict(board: Board, goal: Board) -> bool:
    from puzzlelib.player.session import PlaySession       # here, so that importing puzzlelib does not load the player
    return PlaySession(board=board, goal=goal).panel().solvable


def line_verdicts_problem(rows: int, cols: int, verdict=None, goal=None) -> str | None:
    """None when ``verdict(board, goal)`` is True exactly for the boards that breadth-first search reaches
    from ``goal``, over every board of a ``rows`` x ``cols`` shape. The default verdict is the player's
    panel ("solvable"), the default goal blank last.

    On a single line this is the claim that the panel is right there; the parity rule is not:

    >>> print(line_verdicts_problem(1, 4))
    None
    >>> from puzzlelib.core.solvability import explain
    >>> print(line_verdicts_problem(1, 4, lambda b, g: explain(b, g).invariant == explain(b, g).goal_invariant))
    wrong on 8 of 24 boards of 1 x 4, e.g. _ 2 3 1 (says reachable; BFS: no)
    """
    goal = Board.goal(rows, cols) if goal is None else as_board(goal, "goal")
    verdict = _panel_verdict if verdict is None else verdict
    reached = _reachable(goal)
    wrong = []
    for tiles in permutations(range(rows * cols)):
        board = Board.from_tiles(tiles, rows, cols)
        if bool(verdict(board, goal)) != (tiles in reached):
            wrong.append(board)
    if not wrong:
        return None
    first = wrong[0]
    says = "reachable" if first.tiles not in reached else "unreachable"
    shown = " ".join(str(t) if t else "_" for t in first.tiles)
    return (f"wrong on {len(wrong)} of {factorial(rows * cols)} boards of {rows} x {cols}, e.g. {shown} "
            f"(says {says}; BFS: {'no' if says == 'reachable' else 'yes'})")


# --- exercise 3: walks that never undo a slide ----------------------------------------------------------

def walk_problem(walk, goal, slides: int, distance: int) -> str | None:
    """None when ``walk``, a list of boards, starts at ``goal``, makes exactly ``slides`` slides, never undoes
    the slide before (as the player's scramble walks), and ends at a board ``distance`` moves from ``goal``
    (by breadth-first search).

    >>> goal = Board.goal(3, 3)
    >>> walk = [goal]
    >>> for tile in (6, 5, 8, 6, 5, 8, 6, 5, 8, 6, 5, 8):     # the blank three times round a 2 x 2 block
    ...     walk.append(walk[-1].slide(tile))
    >>> print(walk_problem(walk, goal, 12, 0))
    None
    >>> print(walk_problem(walk[:3] + [walk[1]], goal, 3, 1))
    slide 3 undoes slide 2
    """
    from puzzlelib.engines.tables import distances
    goal = as_board(goal, "goal")
    walk = [as_board(b, "a board of the walk") for b in walk]
    if not walk or walk[0] != goal:
        return "the walk does not start at the goal"
    if len(walk) - 1 != slides:
        return f"{len(walk) - 1} slides, not {slides}"
    for i, (a, b) in enumerate(zip(walk, walk[1:]), 1):
        if b not in a.neighbors():
            return f"step {i} is not a slide"
        if i > 1 and b == walk[i - 2]:
            return f"slide {i} undoes slide {i - 1}"
    ends = distances(goal).get(walk[-1].tiles)
    if ends != distance:
        return f"the walk ends {ends} moves from the goal, not {distance}"
    return None


def _ring(board: Board, nxt: Board) -> list:
    """The 12 slides of the blank three times round a 2 x 2 block, from ``board``, the first one to ``nxt``:
    back at ``board`` (each round turns the block's three tiles one place, notebook 04's Lemma 3)."""
    (r, c), (r1, c1) = board.blank, nxt.blank
    top, left = min(r, r1, board.rows - 2), min(c, c1, board.cols - 2)
    ring = [(top, left), (top, left + 1), (top + 1, left + 1), (top + 1, left)]
    k = ring.index((r, c))
    step = 1 if ring[(k + 1) % 4] == (r1, c1) else -1
    walk = [board]
    for i in range(1, 13):
        rr, cc = ring[(k + step * i) % 4]
        walk.append(walk[-1].slide(walk[-1].tiles[rr * board.cols + cc]))
    return walk


def _out(dist: dict, goal: Board, board: Board) -> list:
    """A shortest path from ``goal`` out to ``board``: from ``board``, always to a neighbour one move nearer."""
    path = [board]
    while path[-1] != goal:
        nearer = dist[path[-1].tiles] - 1
        path.append(next(n for n in path[-1].neighbors() if dist.get(n.tiles) == nearer))
    return path[::-1]


def _out_and_back(dist: dict, goal: Board, far: int, down: int) -> list | None:
    """Out along a shortest path to a board ``far`` moves away that has two neighbours one move nearer, then
    ``down`` slides, each one move nearer, the first to the neighbour not come from: never an undo. None if
    no board that far has two ways down."""
    if down == 0:
        return _out(dist, goal, next(Board.from_tiles(t, goal.rows, goal.cols) for t, d in dist.items() if d == far))
    for tiles, d in dist.items():
        if d != far:
            continue
        board = Board.from_tiles(tiles, goal.rows, goal.cols)
        nearer = [n for n in board.neighbors() if dist[n.tiles] == far - 1]
        if len(nearer) < 2:
            continue
        walk = _out(dist, goal, board)
        walk.append(next(n for n in nearer if n != walk[-2]))
        for _ in range(down - 1):
            walk.append(next(n for n in walk[-1].neighbors() if dist[n.tiles] == dist[walk[-1].tiles] - 1))
        return walk
    return None


def _long_way(dist: dict, goal: Board, distance: int) -> list | None:
    """A shortest path to a board Y ``distance - 1`` moves away, then 11 slides round a 2 x 2 block to Y's
    neighbour Z ``distance`` away (the other way round the 12-slide loop whose first slide is Y to Z), the
    first of them not undoing the path's last. None if there is none."""
    for tiles, d in dist.items():
        if d != distance - 1:
            continue
        y = Board.from_tiles(tiles, goal.rows, goal.cols)
        path = _out(dist, goal, y)
        for z in y.neighbors():
            if dist[z.tiles] == distance:
                back = _ring(y, z)[::-1][:12]             # y, then round the other way, ending at z
                if back[1] != path[-2]:
                    return path + back[1:]
    return None


def scramble_walks(goal, slides: int) -> dict:
    """For each distance of the parity of ``slides`` that some board of ``goal``'s shape is at, up to
    ``slides``, a walk of ``slides`` slides from ``goal`` that never undoes a slide and ends at that distance,
    built as notebook 06's exercise 3 proves it can be: loops of 12 slides at the goal, the blank three
    times round its 2 x 2 block (the first slide of each loop the first slide out, so the next slide never
    undoes a loop's last), then out along a shortest path and back down (:func:`_out_and_back`); where
    neither fits, the long way round a loop (:func:`_long_way`). A distance it cannot build is missing.

    >>> from puzzlelib import Board
    >>> walks = scramble_walks(Board.goal(3, 3), 40)
    >>> sorted(walks) == list(range(0, 31, 2))     # every even distance, 0 to the farthest, 30
    True
    """
    from puzzlelib.engines.tables import distances
    goal = as_board(goal, "goal")
    dist = distances(goal)
    farthest = max(dist.values())
    walks = {}
    for distance in range(slides % 2, min(slides, farthest) + 1, 2):
        for loops in range(slides // 12 + 1):
            rest = slides - 12 * loops
            far = (rest + distance) // 2
            if rest < distance or far > farthest:
                continue
            tail = _out_and_back(dist, goal, far, rest - far)
            if tail is not None:
                head = [goal]
                for _ in range(loops):
                    head += _ring(goal, tail[1])[1:]
                walks[distance] = head + tail[1:]
                break
        else:
            if slides - (distance - 1) == 11:
                walk = _long_way(dist, goal, distance)
                if walk is not None:
                    walks[distance] = walk
    return walks


def scramble_proof_problem(goal, slides: int) -> str | None:
    """None when, for every distance of the parity of ``slides`` from 0 up to the farthest board (and at most
    ``slides``), :func:`scramble_walks` builds a walk of ``slides`` slides from ``goal`` that never undoes a
    slide and ends that far from the goal, each replayed by :func:`walk_problem`.

    >>> print(scramble_proof_problem(Board.goal(3, 3), 12))
    None

    On 2 x 2 the boards form one ring, and a walk that never turns back goes round it one way: after 13
    slides it is one move from the goal, never three.

    >>> print(scramble_proof_problem(Board.goal(2, 2), 13))
    no walk built for distance 3
    """
    goal = as_board(goal, "goal")
    from puzzlelib.engines.tables import distances
    farthest = max(distances(goal).values())
    walks = scramble_walks(goal, slides)
    for distance in range(slides % 2, min(slides, farthest) + 1, 2):
        if distance not in walks:
            return f"no walk built for distance {distance}"
        problem = walk_problem(walks[distance], goal, slides, distance)
        if problem is not None:
            return f"distance {distance}: {problem}"
    return None
