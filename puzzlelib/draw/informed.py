"""Pictures of informed search: why blind search explodes, and how much a heuristic saves (notebook 08).

Each function takes the numbers worked out in the notebook (tree sizes, the A* table,
Korf's instances from the results file), draws one figure, gives it an alt text with
:func:`~puzzlelib.draw.describe` and returns the Figure; the notebook shows it with
``plt.show()``. Text is drawn at 12 pt (``font.size``) whatever the caller's rcParams, so a
figure looks the same in a notebook, a test or a script.
"""

from __future__ import annotations

from numbers import Real

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, as_board
from puzzlelib.draw import FONT, _plt, _tick_labels, describe

__all__ = ["tree_and_boards", "nodes_and_branching", "pattern_partition", "nodes_by_heuristic",
           "nodes_by_length"]

SEARCHES = ["IDS", "A* misplaced", "A* Manhattan", "IDA* linear conflict"]
"""The four searches of the A* table (``load_results("astar_table")``), in its order."""

_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def _words(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def _counts(values, what: str, *, missing: bool = False) -> list:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{what} is a list of numbers, got {type(values).__name__}")
    values = list(values)
    if not values:
        raise ValueError(f"{what} is empty")
    for v in values:
        if v is None and missing:
            continue
        if isinstance(v, bool) or not isinstance(v, Real) or not v > 0:
            raise ValueError(f"{what} holds positive numbers{' (or None)' if missing else ''}, got {v!r}")
    return values


def tree_and_boards(tree, layers, growth: float, *, name: str = "3 x 3"):
    """Two lines on a log scale: the IDS search tree's nodes and the different boards at each depth.

    ``tree[d]`` counts the nodes of the iterative-deepening tree at depth ``d``, ``layers[d]``
    the boards at distance ``d`` (BFS), and ``growth`` is the tree's growth per move, all on
    the ``name`` board. Return the Figure.

    >>> fig = tree_and_boards([1, 2, 4, 8], [1, 2, 3, 2], 2.0, name="2 x 2")
    >>> fig.axes[0].get_title()
    '2 x 2: the search tree grows exponentially,\\nthe set of boards does not'
    """
    tree, layers = _counts(tree, "tree"), _counts(layers, "layers")
    if isinstance(growth, bool) or not isinstance(growth, Real) or not growth > 0:
        raise ValueError(f"growth is a positive number, got {growth!r}")
    if not isinstance(name, str):
        raise TypeError(f"name is a board's name such as '3 x 3', got {type(name).__name__}")
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(9, 4.4))
        ax.semilogy(range(len(tree)), tree, "o-", ms=5, color=palette.SERIES[0],
                    label="IDS search tree, nodes at depth d")
        ax.semilogy(range(len(layers)), layers, "s--", ms=5, color=palette.SERIES[1],
                    label="different boards at distance d (BFS)")
        ax.set_xlabel("depth d (moves from the start)")
        ax.set_ylabel("count (log scale)")
        ax.set_title(f"{name}: the search tree grows exponentially,\nthe set of boards does not")
        ax.legend()
        fig.tight_layout()
    _tick_labels(fig)
    peak = max(layers)
    return describe(fig, f"Two lines against depth 0 to {len(tree) - 1} on a log scale, for the {name} puzzle. The IDS "
                         f"search tree's nodes rise in a straight line to {tree[-1]:,} at depth {len(tree) - 1}, about "
                         f"{growth:.2f} times more per move; the different boards at each distance match it for the "
                         f"first few moves, peak at {peak:,} at depth {layers.index(peak)} and fall to {layers[-1]} at "
                         f"depth {len(layers) - 1}.")


def _last(values):
    """(index, value) of the last value that is not None."""
    return max((i, v) for i, v in enumerate(values) if v is not None)


def nodes_and_branching(algos, depths, *, per_depth: int = 100):
    """Left, mean nodes expanded per solution depth (log scale); right, the effective branching factor b*.

    ``algos`` is the A* table's ``"algorithms"``: for each of :data:`SEARCHES`, its
    ``"nodes"`` and ``"bstar"`` per depth of ``depths`` (None where it was not run), over
    ``per_depth`` boards per depth. A dotted line marks 1.732, the growth of the IDS tree.
    Return the Figure.

    >>> algos = {n: {"nodes": [10.0, 40.0 - i], "bstar": [2.0, 1.5 - i / 10]} for i, n in enumerate(SEARCHES)}
    >>> fig = nodes_and_branching(algos, [2, 4])
    >>> fig.axes[1].get_title()
    'Effective branching factor b*'
    """
    if not isinstance(algos, dict):
        raise TypeError(f"algos is a dict of search -> {{'nodes': [...], 'bstar': [...]}}, got {type(algos).__name__}")
    if list(algos) != SEARCHES:
        raise ValueError(f"algos holds the searches {SEARCHES}, in that order; got {list(algos)}")
    depths = _counts(depths, "depths")
    for name in SEARCHES:
        if not isinstance(algos[name], dict) or not {"nodes", "bstar"} <= set(algos[name]):
            raise TypeError(f"algos[{name!r}] is a dict with 'nodes' and 'bstar'")
        for key in ("nodes", "bstar"):
            values = _counts(algos[name][key], f"algos[{name!r}][{key!r}]", missing=True)
            if len(values) != len(depths):
                raise ValueError(f"algos[{name!r}][{key!r}] has {len(values)} values for {len(depths)} depths")
        if all(v is None for v in algos[name]["nodes"]):
            raise ValueError(f"algos[{name!r}] has no value at any depth")
    import numpy as np

    plt = _plt()
    with plt.rc_context(FONT):
        fig, axes = plt.subplots(1, 2, figsize=(9.2, 5.9))
        for name, marker, color in zip(SEARCHES, "osD^", palette.SERIES):
            nodes = [np.nan if v is None else v for v in algos[name]["nodes"]]
            bstar = [np.nan if v is None else v for v in algos[name]["bstar"]]
            axes[0].semilogy(depths, nodes, marker + "-", ms=6, color=color, label=name)
            axes[1].plot(depths, bstar, marker + "-", ms=6, color=color, label=name)
        axes[0].set_title(f"8-puzzle: mean nodes expanded\n({per_depth} boards per depth)")
        axes[0].set_ylabel("nodes expanded (log scale)")
        axes[1].set_title("Effective branching factor b*")
        axes[1].set_ylabel("b*")
        axes[1].axhline(3 ** 0.5, color="0.4", ls=":", label="growth of the IDS tree, 1.732")
        for ax in axes:
            ax.set_xlabel("solution depth d (moves)")
        axes[0].legend(loc="upper center", bbox_to_anchor=(0.5, -0.2))
        axes[1].legend(loc="upper center", bbox_to_anchor=(0.5, -0.2))
        fig.tight_layout()
    _tick_labels(fig)
    ids_at, ids_nodes = _last(algos["IDS"]["nodes"])
    gap = f" (no value at {depths[-1]})" if ids_at < len(depths) - 1 else ""
    ids_bstar = [b for b in algos["IDS"]["bstar"] if b is not None]
    informed = [b for n in SEARCHES[1:] for b in algos[n]["bstar"] if b is not None]

    def last(name):
        return f"{_last(algos[name]['nodes'])[1]:,.0f}"
    return describe(fig, f"Two panels against solution depth {depths[0]} to {depths[-1]} on the 8-puzzle, {per_depth} "
                         "boards per depth, one line per search. Left, mean nodes expanded on a log scale: IDS climbs "
                         f"to {ids_nodes:,.0f} at depth {depths[ids_at]}{gap}, A* with misplaced tiles to "
                         f"{last('A* misplaced')}, and A* with Manhattan and IDA* with linear conflict, almost on top "
                         f"of each other, to {last('A* Manhattan')} and {last('IDA* linear conflict')} at depth "
                         f"{depths[_last(algos['A* Manhattan']['nodes'])[0]]}. Right, the effective branching factor "
                         f"b*: IDS falls from {ids_bstar[0]:.2f} to {ids_bstar[-1]:.2f}, towards the dotted line at "
                         f"1.732, while the three informed searches stay between {min(informed):.1f} and "
                         f"{max(informed):.2f}.")


def _region(cells: set, rows: int, cols: int, blank: int) -> str:
    """Where a pattern's cells lie, in words, if they fill a simple rectangle (less the blank's cell)."""
    rs = {c // cols for c in cells}
    cs = {c % cols for c in cells}
    block = {r * cols + c for r in rs for c in cs} - {blank}
    if block != cells:
        return ""
    if rs == {0}:
        return " (the rest of the top row)" if blank // cols == 0 else " (the top row)"
    if rs == set(range(1, rows)) and len(cs) < cols:
        side = "left" if 0 in cs else "right" if cols - 1 in cs else "middle"
        return f" (the {side} {_words(len(cs))} column{'s' * (len(cs) != 1)} below it)"
    return ""


def pattern_partition(goal, partition, *, goal_name: str = "Korf's goal"):
    """The goal's tiles coloured and hatched by pattern: a partition for a pattern database; return the Figure.

    ``partition`` is a list of disjoint groups of tiles that together hold every tile of
    ``goal`` (``default_partition(goal)``); up to three groups, each with its own colour
    and hatch, so colour is not the only cue.

    >>> from puzzlelib import Board
    >>> fig = pattern_partition(Board.goal(2, 2, blank="first"), [(1,), (2, 3)], goal_name="the goal")
    >>> fig.axes[0].get_title()
    'The 2-1 partition for the goal'
    """
    from puzzlelib.core.pdb import check_partition

    goal = as_board(goal)
    partition = check_partition(goal, partition)          # every tile once, the blank never; sizes first
    tiles = sorted(t for g in partition for t in g)
    if not 1 <= len(partition) <= 3:
        raise ValueError(f"pattern_partition draws one to three patterns, got {len(partition)}")
    if not isinstance(goal_name, str):
        raise TypeError(f"goal_name is a string, got {type(goal_name).__name__}")
    rows, cols = goal.rows, goal.cols
    group_of = {t: i for i, g in enumerate(partition) for t in g}
    colors = [palette.SERIES[1], palette.SERIES[5], palette.SERIES[4]]
    hatches = ["", "//", ".."]          # a second cue besides colour
    split = "-".join(str(len(g)) for g in sorted(partition, key=len, reverse=True))
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(4.2, 4.4))
        for cell, t in enumerate(goal.tiles):
            r, c = divmod(cell, cols)
            face = palette.BLANK if t == BLANK else colors[group_of[t]]
            ax.add_patch(plt.Rectangle((c, rows - 1 - r), 1, 1, facecolor=face, edgecolor="white", lw=2,
                                       hatch="" if t == BLANK else hatches[group_of[t]]))
            ax.text(c + 0.5, rows - 0.5 - r, "" if t == BLANK else str(t), ha="center", va="center", fontsize=14,
                    fontweight="bold", bbox=dict(facecolor="white", edgecolor="none", pad=1.5, alpha=0.85))
        ax.legend(handles=[plt.Rectangle((0, 0), 1, 1, facecolor=colors[i], edgecolor="white", hatch=hatches[i],
                                         label=f"pattern {i + 1}: {len(g)} tiles")
                           for i, g in enumerate(partition)], loc="upper center", bbox_to_anchor=(0.5, -0.02),
                  ncol=1)
        ax.set_xlim(0, cols)
        ax.set_ylim(0, rows)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.set_title(f"The {split} partition for {goal_name}")
    in_order = [t for t in goal.tiles if t != BLANK] == tiles
    corner = {0: "top-left", cols - 1: "top-right", (rows - 1) * cols: "bottom-left",
              rows * cols - 1: "bottom-right"}.get(goal.blank_index)
    where = f"blank in the {corner} corner" if corner else f"blank in row {goal.blank[0] + 1}, column {goal.blank[1] + 1}"
    order = f" and tiles 1 to {len(tiles)} in reading order" if in_order else ""
    owner = goal_name[:-len(" goal")] if goal_name.endswith("'s goal") else ""
    parts = [f"pattern {i + 1} {'is ' if i == 0 else ''}tiles {', '.join(map(str, g))}"
             f"{_region({goal.tiles.index(t) for t in g}, rows, cols, goal.blank_index)}"
             for i, g in enumerate(partition)]
    puzzle = "15-puzzle" if (rows, cols) == (4, 4) else f"{rows} x {cols}"
    head = f"{owner} {puzzle} goal" if owner else f"The {puzzle} goal"
    return describe(fig, f"{head}, {where}{order}, coloured and hatched by pattern: {', '.join(parts)}.")


def nodes_by_heuristic(ref, heuristics):
    """Grouped bars on a log scale: the nodes IDA* expands per instance, one bar per heuristic; return the Figure.

    ``ref`` is a list of instances, each a dict with its ``"number"`` and, for each
    ``(key, label)`` of ``heuristics`` (up to four), ``key + "_nodes"``: the rows of Korf's
    easiest instances in ``load_results("fifteen")["reference"]``.

    >>> fig = nodes_by_heuristic([{"number": 9, "a_nodes": 800, "b_nodes": 40}], [("a", "A"), ("b", "B")])
    >>> [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    ['A', 'B']
    """
    if isinstance(ref, (str, bytes, dict)) or not hasattr(ref, "__iter__"):
        raise TypeError(f"ref is a list of instances (dicts), got {type(ref).__name__}")
    ref = list(ref)
    if not ref:
        raise ValueError("ref is empty; there is nothing to draw")
    if isinstance(heuristics, (str, bytes)) or not hasattr(heuristics, "__iter__"):
        raise TypeError(f"heuristics is a list of (key, label), got {type(heuristics).__name__}")
    heuristics = list(heuristics)
    if not 1 <= len(heuristics) <= 4 or not all(isinstance(h, tuple) and len(h) == 2 for h in heuristics):
        raise ValueError(f"heuristics is a list of one to four (key, label) pairs, got {heuristics!r}")
    for row in ref:
        if not isinstance(row, dict) or "number" not in row:
            raise TypeError(f"each instance is a dict with its 'number', got {row!r}")
        for key, _ in heuristics:
            _counts([row.get(f"{key}_nodes")], f"instance {row['number']}'s {key}_nodes")
    import numpy as np

    x = np.arange(len(ref))
    width = 0.8 / len(heuristics)
    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(9.2, 4.8))
        for j, ((key, label), hatch) in enumerate(zip(heuristics, ["", "//", "..", "xx"])):
            ax.bar(x + (j - (len(heuristics) - 1) / 2) * width, [r[f"{key}_nodes"] for r in ref], width=width,
                   color=palette.SERIES[j], hatch=hatch, edgecolor="white", linewidth=0, label=label)
        ax.set_yscale("log")
        ax.set_xticks(x, [str(r["number"]) for r in ref])
        ax.set_xlabel(f"Korf's instance number (the {len(ref)} his run found easiest)")
        ax.set_ylabel("nodes expanded by IDA* (log scale)")
        ax.set_title("15-puzzle: what a better heuristic saves")
        ax.set_ylim(top=1e8)          # room for the legend above the bars
        ax.legend(ncol=len(heuristics), loc="upper center")
        fig.tight_layout()
    _tick_labels(fig)
    keys = [key for key, _ in heuristics]
    falling = sum(all(r[f"{a}_nodes"] > r[f"{b}_nodes"] for a, b in zip(keys, keys[1:])) for r in ref)
    how = ("on every instance" if falling == len(ref) else "on almost every instance" if falling >= 0.8 * len(ref)
           else f"on {falling} of the {len(ref)} instances")
    labels = [label for _, label in heuristics]
    named = {"Manhattan": "Manhattan", "linear conflict": "linear conflict", "6-6-3 PDB": "the 6-6-3 pattern database",
             "6-6-3 PDB + mirror": "that database with its mirror"}
    listed = [named.get(label, label) for label in labels]
    listed = ", ".join(listed[:-1]) + " and " + listed[-1] if len(listed) > 1 else listed[0]
    return describe(fig, f"Grouped bars on a log scale: for each of the {len(ref)} of Korf's instances his run found "
                         f"easiest, the nodes IDA* expands with {listed}. The bars fall from one heuristic to the next "
                         f"{how}; in total "
                         + ", ".join(f"{label} {sum(r[key + '_nodes'] for r in ref):,}" for key, label in heuristics)
                         + " nodes.")


def nodes_by_length(rows):
    """A scatter of Korf's instances: optimal solution length against nodes expanded (log scale).

    ``rows`` are the instances of ``load_results("fifteen")["instances"]``, each a dict with
    its ``"moves"`` and the ``"nodes"`` IDA* expanded with the 6-6-3 pattern database and
    its mirror. Return the Figure.

    >>> fig = nodes_by_length([{"moves": 41, "nodes": 2500}, {"moves": 41, "nodes": 250000}])
    >>> fig.axes[0].get_xlabel()
    'optimal solution length (moves)'
    """
    if isinstance(rows, (str, bytes, dict)) or not hasattr(rows, "__iter__"):
        raise TypeError(f"rows is a list of instances (dicts), got {type(rows).__name__}")
    rows = list(rows)
    if not rows:
        raise ValueError("rows is empty; there is nothing to draw")
    for r in rows:
        if not isinstance(r, dict) or not {"moves", "nodes"} <= set(r):
            raise TypeError(f"each instance is a dict with 'moves' and 'nodes', got {r!r}")
        _counts([r["moves"], r["nodes"]], "an instance's moves and nodes")
    import numpy as np

    plt = _plt()
    with plt.rc_context(FONT):
        fig, ax = plt.subplots(figsize=(9, 4.4))
        ax.scatter([r["moves"] for r in rows], [r["nodes"] for r in rows], s=30, marker="o",
                   color=palette.SERIES[0], label="one of Korf's instances")
        ax.set_yscale("log")
        ax.set_xlabel("optimal solution length (moves)")
        ax.set_ylabel("nodes expanded (log scale)")
        ax.set_title(f"Korf's {len(rows)} instances: IDA* with the 6-6-3\npattern database + mirror")
        ax.legend()
        fig.tight_layout()
    _tick_labels(fig)
    by_length: dict = {}
    for r in rows:
        by_length.setdefault(r["moves"], []).append(r["nodes"])
    spread = max(max(v) / min(v) for v in by_length.values())
    fold = ("about a hundredfold" if 50 <= spread < 500 else "about a thousandfold" if 500 <= spread < 5000
            else f"about {spread:,.0f} times")
    moves = np.array([r["moves"] for r in rows], dtype=float)
    logs = np.log([r["nodes"] for r in rows])
    rise = len(rows) > 2 and moves.std() > 0 and np.corrcoef(moves, logs)[0, 1] > 0.3
    trend = "The points rise with the length, but instances" if rise else "Instances"
    return describe(fig, f"A scatter of Korf's {len(rows)} instances: optimal solution length "
                         f"({min(r['moves'] for r in rows)} to {max(r['moves'] for r in rows)} moves) against the nodes "
                         "IDA* expands with the 6-6-3 pattern database and mirror, on a log scale from "
                         f"{min(r['nodes'] for r in rows):,} to {max(r['nodes'] for r in rows):,}. {trend} of the same "
                         f"length differ by up to {fold}.")
