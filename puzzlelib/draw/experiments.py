"""Pictures of the solvability experiments: other goals, one swap, and how random puzzles are made (notebook 05).

Each function takes the boards or the numbers worked out in the notebook, draws one figure,
gives it an alt text with :func:`~puzzlelib.draw.describe` and returns the Figure; the
notebook shows it with ``plt.show()``. Text is drawn at 12 pt (``font.size``) whatever the
caller's rcParams, so a figure looks the same in a notebook, a test or a script.
"""

from __future__ import annotations

from numbers import Real

from puzzlelib.core.board import BLANK, Board, as_board
from puzzlelib.core.errors import check_flag
from puzzlelib.core.palette import COMPONENT_COLORS, SERIES
from puzzlelib.draw import FONT, _plt, _tick_labels, describe, draw_board

__all__ = ["starts_and_goals", "reachability_grid", "one_swap", "made_puzzle_distances", "walk_bounds"]

BOARD_FONT = {"font.size": 10}
"""For figures of boards only: each text has its own size (11 to 14 pt); this sets tight_layout's padding."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]
_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]
_CORNER_WORDS = {(0, 0): ({"upper", "top"}, {"left"}), (0, -1): ({"upper", "top"}, {"right"}),
                 (-1, 0): ({"down", "bottom", "lower"}, {"left"}), (-1, -1): ({"down", "bottom", "lower"}, {"right"})}


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _ordinal(n: int) -> str:
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else f"{n + 1}th"


def _series(items, last: str = "and") -> str:
    items = [str(i) for i in items]
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _named_boards(boards, what: str) -> dict[str, Board]:
    if not isinstance(boards, dict):
        raise TypeError(f"{what} is a dict of name -> board, got {type(boards).__name__}")
    if not boards:
        raise ValueError(f"{what} is empty; there is nothing to draw")
    return {str(name): as_board(b) for name, b in boards.items()}


def _swapped(board: Board, goal: Board) -> tuple[int, int] | None:
    """The two tiles (not the blank) that ``board`` has swapped against ``goal``, or None."""
    if board.shape != goal.shape:
        return None
    differ = [i for i, (a, b) in enumerate(zip(board.tiles, goal.tiles)) if a != b]
    if len(differ) == 2 and BLANK not in (board.tiles[differ[0]], board.tiles[differ[1]]):
        return tuple(sorted(board.tiles[i] for i in differ))
    return None


def _corner(board: Board):
    """Where the blank is, as a corner key of _CORNER_WORDS, if the tiles are in reading order."""
    r, c = board.blank
    tiles = [t for t in board.tiles if t != BLANK]
    if tiles != sorted(tiles):
        return None
    for key in _CORNER_WORDS:
        if (r, c) == (key[0] % board.rows, key[1] % board.cols):
            return key
    return None


def starts_and_goals(starts, goals):
    """A row of start boards above a row of goal boards, each titled with its name; return the Figure.

    ``starts`` and ``goals`` are dicts of name -> board (or its rows). The alt text says which
    start is a goal with two tiles swapped, which goals have the tiles in order and the blank
    in a corner, and where the blank of a spiral goal is.

    >>> from puzzlelib import Board
    >>> fig = starts_and_goals({"start": Board([[2, 1], [3, 0]])}, {"downRight": Board.goal(2, 2)})
    >>> [ax.get_title() for ax in fig.axes]
    ['start', 'goal: downRight']
    """
    starts, goals = _named_boards(starts, "starts"), _named_boards(goals, "goals")
    if len({b.shape for b in [*starts.values(), *goals.values()]}) != 1:
        raise ValueError("every start and goal has the same shape")
    n = max(len(starts), len(goals))
    shape = next(iter(starts.values())).shape
    plt = _plt()
    with plt.rc_context(BOARD_FONT):
        fig, axes = plt.subplots(2, n, figsize=(1.84 * n, 4.6), squeeze=False)
        for row in axes:
            for ax in row:
                ax.set_visible(False)
        for ax, (name, board) in zip(axes[0], starts.items()):
            ax.set_visible(True)
            draw_board(board, ax, title=name, fontsize=13)
        for ax, (name, board) in zip(axes[1], goals.items()):
            ax.set_visible(True)
            draw_board(board, ax, title=f"goal: {name}", fontsize=13)
        fig.suptitle(f"{_words(len(starts)).capitalize()} {'15-puzzle' if shape == (4, 4) else f'{shape[0]} x {shape[1]}'}"
                     f" start{'s' * (len(starts) != 1)} (top) and {_words(len(goals))} goal{'s' * (len(goals) != 1)} "
                     "(bottom)", fontsize=14)
        fig.tight_layout()
    top = f"the starts {', '.join(starts)}"
    for name, board in starts.items():
        for goal_name, goal in goals.items():
            pair = _swapped(board, goal)
            if pair:
                top += f"; {name} is {goal_name} with tiles {pair[0]} and {pair[1]} swapped"
                break
    notes = []
    corners = [name for name, g in goals.items() if _corner(g) is not None]
    if corners and corners == list(goals)[:len(corners)] and len(corners) > 1:
        named = all(any(w in name.lower() for w in _CORNER_WORDS[_corner(goals[name])][0]) and
                    any(w in name.lower() for w in _CORNER_WORDS[_corner(goals[name])][1]) for name in corners)
        notes.append(f"the first {_words(len(corners))} " + ("named by the corner that holds the blank" if named
                                                              else "with the tiles in order and the blank in a corner"))
    rows, cols = shape
    for name, g in goals.items():
        if rows >= 2 and cols >= 2 and g == Board.spiral(rows, cols):
            r, c = g.blank
            notes.append(f"the {name} with tiles 1 to {rows * cols - 1} winding clockwise inward from the top left "
                         f"and the blank in the {_ordinal(r)} row, {_ordinal(c)} column")
    bottom = f"the goals {', '.join(goals)}" + "".join(f", {note}" for note in notes)
    rows_said = (f"Two rows of {_words(n)} {rows} x {cols} boards" if len(starts) == len(goals) else
                 f"A row of {_words(len(starts))} {rows} x {cols} boards above a row of {_words(len(goals))}")
    return describe(fig, f"{rows_said}. Top: {top}. Bottom: {bottom}.")


def reachability_grid(table):
    """A grid of yes and no: can each start (rows) reach each goal (columns)? Return the Figure.

    ``table`` maps ``(start name, goal name)`` to True or False, for every start and goal;
    rows and columns keep the order in which the names first appear. A cell is blue with
    "yes" or orange with "no": the word is the second cue, besides the colour.

    >>> fig = reachability_grid({("s1", "g1"): True, ("s1", "g2"): False})
    >>> sorted(t.get_text() for t in fig.axes[0].texts)
    ['no', 'yes']
    """
    if not isinstance(table, dict):
        raise TypeError(f"table is a dict of (start, goal) -> True/False, got {type(table).__name__}")
    if not table:
        raise ValueError("table is empty; there is nothing to draw")
    for key, value in table.items():
        if not (isinstance(key, tuple) and len(key) == 2):
            raise TypeError(f"each key of table is a (start, goal) pair, got {key!r}")
        if not isinstance(value, bool) and type(value).__name__ != "bool_":
            raise TypeError(f"table[{key!r}] is True or False, got {value!r}")
    starts = list(dict.fromkeys(s for s, _ in table))
    goals = list(dict.fromkeys(g for _, g in table))
    missing = [(s, g) for s in starts for g in goals if (s, g) not in table]
    if missing:
        raise ValueError(f"table has no answer for {missing[:3]}: it needs every start with every goal")
    import numpy as np
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    grid = np.array([[table[s, g] for g in goals] for s in starts], dtype=int)
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(10, 4.4))
        ax.imshow(grid, cmap=ListedColormap([COMPONENT_COLORS["unsolvable"], COMPONENT_COLORS["solvable"]]),
                  vmin=0, vmax=1, aspect="auto")
        for i in range(len(starts)):
            for j in range(len(goals)):   # the word is the second cue, besides the colour
                ax.text(j, i, "yes" if grid[i, j] else "no", ha="center", va="center",
                        color="white" if grid[i, j] else "black", fontweight="bold", fontsize=13)
        ax.set_xticks(range(len(goals)), goals)
        ax.set_yticks(range(len(starts)), starts)
        ax.set_xlabel("goal")
        ax.set_title("Can the start reach the goal?")
        ax.legend(handles=[Patch(color=COMPONENT_COLORS["solvable"], label="yes"),
                           Patch(color=COMPONENT_COLORS["unsolvable"], label="no")],
                  loc="upper left", bbox_to_anchor=(1.02, 1))
        fig.tight_layout()
    groups: dict[tuple, list] = {}
    for s, row in zip(starts, grid.tolist()):
        groups.setdefault(tuple(row), []).append(s)
    said = []
    for k, (row, names) in enumerate(groups.items()):
        yes = [g for g, v in zip(goals, row) if v]
        no = [g for g, v in zip(goals, row) if not v]
        if not yes:
            said.append(f"{', '.join(names)} reach no goal")
        elif not no:
            said.append(f"{', '.join(names)} reach every goal")
        elif k == 0:
            said.append(f"{', '.join(names)} reach {_series(yes)} but not {_series(no, 'or')}")
        else:
            said.append(f"{', '.join(names)} reach exactly {_series(yes)}")
    _tick_labels(fig)
    return describe(fig, f"A {len(starts)} x {len(goals)} grid of yes and no: can each start (rows) reach each goal "
                         f"(columns)? " + "; ".join(said) + ".")


def one_swap(board, a: int, b: int, *, name: str, goal, goal_name: str, can_reach: bool):
    """A board beside the same board with tiles ``a`` and ``b`` swapped, both highlighted; return the Figure.

    ``name`` names ``board``; ``can_reach`` says whether it can reach ``goal`` (named
    ``goal_name``). Swapping two tiles flips the answer, and the right title says whether
    the swapped board is the goal itself.

    >>> from puzzlelib import Board
    >>> fig = one_swap(Board([[2, 1], [3, 0]]), 1, 2, name="start", goal=Board.goal(2, 2), goal_name="goal",
    ...                can_reach=False)
    >>> [ax.get_title() for ax in fig.axes]
    ['start: cannot reach goal', '1 and 2 swapped: goal']
    """
    board, goal = as_board(board), as_board(goal)
    for what, tile in (("a", a), ("b", b)):
        if isinstance(tile, bool) or not isinstance(tile, int):
            raise TypeError(f"{what} is a tile number, got {type(tile).__name__}")
        if tile == BLANK or tile not in board.tiles:
            raise ValueError(f"{what} = {tile} is not a tile of the board (the blank cannot be swapped)")
    if a == b:
        raise ValueError(f"swap two different tiles, got {a} twice")
    can_reach = check_flag(can_reach, "can_reach")
    for what, text in (("name", name), ("goal_name", goal_name)):
        if not isinstance(text, str) or not text:
            raise TypeError(f"{what} is a non-empty string, got {text!r}")
    swapped = Board.from_tiles([b if t == a else a if t == b else t for t in board.tiles], board.rows, board.cols)
    is_goal = swapped == goal
    lo, hi = sorted((a, b))
    plt = _plt()
    with plt.rc_context(BOARD_FONT):
        fig, axes = plt.subplots(1, 2, figsize=(7.5, 3.8))
        draw_board(board, axes[0], title=f"{name}: {'can' if can_reach else 'cannot'} reach {goal_name}",
                   highlight=[a, b])
        draw_board(swapped, axes[1], title=f"{lo} and {hi} swapped: " + (goal_name if is_goal else
                                                                        f"{'cannot' if can_reach else 'can'} "
                                                                        f"reach {goal_name}"),
                   highlight=[a, b])
        fig.tight_layout()
    rows_of = [r for r, row in enumerate(board.grid) if a in row or b in row]
    where = {board.rows - 1: "bottom row", 0: "top row"}.get(rows_of[0], f"row {rows_of[0] + 1}") \
        if len(set(rows_of)) == 1 else None
    reads = (f"; its {where} reads " + ", ".join("blank" if t == BLANK else str(t) for t in board.grid[rows_of[0]])
             if where else "")
    if is_goal:
        tiles = [t for t in goal.tiles if t != BLANK]
        right = (f"which is {goal_name} itself" + (f", tiles 1 to {len(tiles)} in order" if tiles == sorted(tiles)
                                                    else ""))
    else:
        right = f"which {'cannot' if can_reach else 'can'} reach {goal_name}"
    return describe(fig, f"Two {board.rows} x {board.cols} boards with tiles {lo} and {hi} highlighted. Left: {name}, "
                         f"which {'can' if can_reach else 'cannot'} reach {goal_name}{reads}. Right: the same board "
                         f"with {lo} and {hi} swapped, {right}.")


def _distances(values, what: str) -> list[int]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} is a list of distances, got {type(values).__name__}")
    values = list(values)
    if not values:
        raise ValueError(f"{what} is empty")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, Real)) or v != int(v) or v < 0:
            raise ValueError(f"{what} holds distances (whole numbers >= 0), got {v!r}")
    return [int(v) for v in values]


def made_puzzle_distances(walks, uniform, exact):
    """Bars, one panel per way of making 3 x 3 puzzles: the share at each distance, over all boards' line.

    ``walks`` maps a walk length (20, 40) to the fewest-moves distances of puzzles made by a
    random walk of that length; ``uniform`` holds those of random arrangements fixed by one
    swap; ``exact`` counts all boards at each distance (``distance_counts(3, 3)``), drawn as
    a black line in every panel. Return the Figure.

    >>> fig = made_puzzle_distances({2: [0, 2, 2]}, [1, 2, 3], [1, 2, 2, 1])
    >>> [ax.get_title() for ax in fig.axes]
    ['random walk,\\n2 moves', 'random arrangement\\n+ one swap']
    """
    if not isinstance(walks, dict):
        raise TypeError(f"walks is a dict of walk length -> distances, got {type(walks).__name__}")
    if not 1 <= len(walks) <= 2:
        raise ValueError(f"walks holds one or two walk lengths, got {len(walks)}")
    walks = {k: _distances(v, f"walks[{k!r}]") for k, v in walks.items()}
    uniform = _distances(uniform, "uniform")
    exact = _distances(exact, "exact")
    sizes = {len(uniform), *(len(v) for v in walks.values())}
    if len(sizes) != 1:
        raise ValueError(f"every method makes the same number of puzzles, got {sorted(sizes)}")
    if sum(exact) == 0:
        raise ValueError("exact counts no board")
    too_far = max(max(uniform), *(max(v) for v in walks.values()))
    if too_far >= len(exact):
        raise ValueError(f"a puzzle at distance {too_far} is farther than any board in exact (up to {len(exact) - 1})")
    import numpy as np

    n = len(uniform)
    exact_mean = sum(d * c for d, c in enumerate(exact)) / sum(exact)
    x = np.arange(len(exact))
    looks = [(SERIES[1], "//"), (SERIES[3], "\\\\")]
    panels = [(ds, f"random walk,\n{k} moves", *looks[i]) for i, (k, ds) in enumerate(walks.items())]
    panels.append((uniform, "random arrangement\n+ one swap", SERIES[0], ""))
    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, len(panels), figsize=(9.2 * len(panels) / 3, 4.4), sharey=True)
        for ax, (ds, title, color, hatch) in zip(axes, panels):    # one panel per method: nothing overlaps
            share = np.bincount(ds, minlength=len(exact)) / len(ds)
            ax.bar(x, share, width=0.9, color=color, hatch=hatch, edgecolor="black", linewidth=0.5,
                   label=f"{n:,} puzzles\nmade this way")
            ax.plot(x, np.array(exact) / sum(exact), "k-o", markersize=3.5, label=f"all {sum(exact):,} boards")
            ax.set_title(title)
            ax.set_xlabel("fewest moves to the goal")
            ax.set_xticks(range(0, len(exact) + 1, 5))
            ax.grid(axis="y", color="0.85")
            ax.set_axisbelow(True)
        axes[0].set_ylabel("share of puzzles")
        axes[-1].legend(loc="upper left", fontsize=11)
        fig.suptitle("3 x 3 puzzles: how far from the goal are they?")
        fig.tight_layout()
    lengths = list(walks)
    means = [float(np.mean(walks[k])) for k in lengths]
    even = all(d % 2 == 0 for k in lengths for d in walks[k])
    left = all(m < exact_mean for m in means)
    how = " and ".join(s for s in ("give only even distances" if even else "",
                                   "sit left of the line" if left else "") if s) or "are drawn against the line"
    plural = len(lengths) > 1
    u = float(np.mean(uniform))
    follows = "follow it" if abs(u - exact_mean) < 0.3 else "differ from it"
    _tick_labels(fig)
    return describe(fig, f"{_words(len(panels)).capitalize()} bar charts of the share of 3 x 3 puzzles at each "
                         f"fewest-moves distance from the goal, {n:,} puzzles per method, each over a black line for "
                         f"all {sum(exact):,} boards. Random walk{'s' * plural} of {_series(lengths)} moves "
                         f"{how} (mean{'s' * plural} {_series(f'{m:.1f}' for m in means)}); random arrangements fixed "
                         f"by one swap {follows} (mean {u:.2f}, all boards {exact_mean:.2f}).")


def walk_bounds(lengths, walk_mean, walk, uniform, *, walk_length: int = 20):
    """Left, the mean Manhattan bound after random walks of each length; right, histograms; return the Figure.

    ``lengths`` and ``walk_mean`` give the mean bound of 15-puzzles made by walks of each
    length (100 per length); ``walk`` holds the bounds of puzzles made by walks of
    ``walk_length`` moves and ``uniform`` those of random arrangements. A walk of k moves
    is undone in k, so a dotted line at k + 1 marks what no such walk reaches.

    >>> fig = walk_bounds([5, 10], [4.0, 8.0], [2, 4, 6], [30, 40, 50], walk_length=6)
    >>> [ax.get_title() for ax in fig.axes]
    ['Mean bound after a random walk', '6-move walks vs random arrangements']
    """
    for what, values in (("lengths", lengths), ("walk_mean", walk_mean)):
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise TypeError(f"{what} is a list of numbers, got {type(values).__name__}")
    lengths, walk_mean = list(lengths), list(walk_mean)
    if not lengths or len(lengths) != len(walk_mean):
        raise ValueError(f"lengths and walk_mean have one value per walk length, got {len(lengths)} and "
                         f"{len(walk_mean)}")
    for v in [*lengths, *walk_mean]:
        if isinstance(v, bool) or not isinstance(v, Real) or v <= 0:
            raise ValueError(f"lengths and mean bounds are positive numbers, got {v!r}")
    walk, uniform = _distances(walk, "walk"), _distances(uniform, "uniform")
    if len(walk) != len(uniform):
        raise ValueError(f"walk and uniform hold as many puzzles each, got {len(walk)} and {len(uniform)}")
    if isinstance(walk_length, bool) or not isinstance(walk_length, int) or walk_length < 1:
        raise ValueError(f"walk_length is a whole number of moves >= 1, got {walk_length!r}")
    import numpy as np

    n, mean_u, line = len(uniform), float(np.mean(uniform)), walk_length + 1
    plt = _plt()
    with plt.rc_context(FONT):
        fig, (left, right) = plt.subplots(1, 2, figsize=(9, 5.4))
        left.semilogx(lengths, walk_mean, "o-", color=SERIES[1], label="random walk (100 per length)")
        left.axhline(mean_u, color=SERIES[0], ls="--", lw=2, label=f"random arrangement ({mean_u:.1f})")
        left.set_xlabel("length of the walk (moves, log scale)")
        left.set_ylabel("mean Manhattan bound")
        left.set_title("Mean bound after a random walk")
        left.legend(loc="lower right", fontsize=11)

        bins = np.arange(-1, max(64, max(uniform) + 3), 2)   # bars centred on even values; 21 starts a bar
        right.hist(walk, bins=bins, color=SERIES[1], hatch="//", edgecolor="black", linewidth=0.5,
                   label=f"random walk, {walk_length} moves")
        right.hist(uniform, bins=bins, color=SERIES[0], edgecolor="black", linewidth=0.5,
                   label="random arrangement")
        right.axvline(line, color="black", ls=":", lw=2, label=f"{line}: more than any {walk_length}-move walk")
        right.set_xlabel("Manhattan bound (moves at least)")
        right.set_ylabel(f"puzzles (of {n:,} each)")
        right.set_title(f"{walk_length}-move walks vs random arrangements")
        right.legend(loc="upper center", bbox_to_anchor=(0.5, -0.22), fontsize=11)
        fig.tight_layout()
    close = [k for k, m in zip(lengths, walk_mean) if m >= mean_u - 5]
    when = ("only after hundreds of moves" if close and close[0] >= 100 else
            f"after {close[0]} moves" if close else "not within the lengths drawn")
    apart = ("separates them completely" if max(walk) < line <= min(uniform) else
             "marks the most a walk can reach")
    _tick_labels(fig)
    return describe(fig, "Left: the mean Manhattan bound of 15-puzzles made by random walks (100 per length) rises from "
                         f"{walk_mean[0]:.1f} after {lengths[0]} moves to {walk_mean[-1]:.1f} after {lengths[-1]} (log "
                         f"scale), approaching the dashed line of random arrangements, {mean_u:.1f}, {when}. Right: "
                         f"histograms of the bound for {n:,} puzzles each: {walk_length}-move walks range from "
                         f"{min(walk)} to {max(walk)}, random arrangements from {min(uniform)} to {max(uniform)}, so a "
                         f"dotted line at {line} {apart}.")
