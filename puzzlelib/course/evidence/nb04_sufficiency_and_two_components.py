"""Checks behind notebook 04's claims: the lemmas' hypotheses hold at every stage of the solver, and
the components of small state graphs are what the text says (cycles, paths, the two parity classes).

Each check returns None when the claim holds on the data it is given, or a short message saying
what does not. The components are found here by union-find over the graph's edges, not by the
graph library, and a stage's free cells are compared with the shapes the lemmas ask for, not with
the loop that made them.
"""

from __future__ import annotations

__all__ = ["lemma_stages_problem", "cycles_problem", "paths_problem", "parity_classes_problem", "last_block_problem"]


# --- components, by union-find over the edges -----------------------------------------------------

def _components(nodes, edges) -> list[set]:
    """The connected components of the graph with these nodes and edges, by union-find."""
    parent = {v: v for v in nodes}

    def root(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for u, v in edges:
        parent[root(u)] = root(v)
    groups: dict = {}
    for v in parent:
        groups.setdefault(root(v), set()).add(v)
    return list(groups.values())


def _degrees(nodes, edges) -> dict:
    degree = {v: 0 for v in nodes}
    for u, v in edges:
        degree[u] += 1
        degree[v] += 1
    return degree


def cycles_problem(graph, length: int) -> str | None:
    """None when every component of ``graph`` (a networkx graph) is a cycle of ``length`` nodes.

    A connected graph whose every node has two neighbours is a cycle; the components come from
    union-find over the edges.

    >>> import networkx as nx
    >>> cycles_problem(nx.disjoint_union(nx.cycle_graph(12), nx.cycle_graph(12)), 12) is None
    True
    >>> cycles_problem(nx.disjoint_union(nx.cycle_graph(6), nx.cycle_graph(18)), 12)
    'a component has 6 nodes, not 12'
    """
    from puzzlelib.core.errors import whole_number
    from puzzlelib.course.evidence import _check_graph
    _check_graph(graph)
    length = whole_number(length, "length", minimum=3)
    degree = _degrees(graph.nodes, graph.edges)
    odd = next((v for v, d in degree.items() if d != 2), None)
    if odd is not None:
        return f"node {odd!r} has {degree[odd]} neighbours, not 2"
    for part in _components(graph.nodes, graph.edges):
        if len(part) != length:
            return f"a component has {len(part)} nodes, not {length}"
    return None


def paths_problem(graph, length: int) -> str | None:
    """None when every component of ``graph`` is a path of ``length`` nodes (``length`` >= 2).

    A path: connected, ``length - 1`` edges, two ends with one neighbour, every other node with two.

    >>> import networkx as nx
    >>> paths_problem(nx.disjoint_union(nx.path_graph(4), nx.path_graph(4)), 4) is None
    True
    >>> paths_problem(nx.star_graph(3), 4)
    'a component has a node with 3 neighbours'
    """
    from puzzlelib.core.errors import whole_number
    from puzzlelib.course.evidence import _check_graph
    _check_graph(graph)
    length = whole_number(length, "length", minimum=2)
    degree = _degrees(graph.nodes, graph.edges)
    for part in _components(graph.nodes, graph.edges):
        if len(part) != length:
            return f"a component has {len(part)} nodes, not {length}"
        if any(degree[v] > 2 for v in part):
            return f"a component has a node with {max(degree[v] for v in part)} neighbours"
        ends = sum(degree[v] == 1 for v in part)
        if ends != 2:
            return f"a component has {ends} nodes with one neighbour, not the 2 ends of a path"
    return None


def parity_classes_problem(graph, label) -> str | None:
    """None when the components of ``graph`` are exactly the classes of ``label`` (a function of a node).

    So no edge joins two classes, and each class is one component. Give ``label`` the invariant,
    computed from the board, not from a search.

    >>> import networkx as nx
    >>> ring = nx.cycle_graph(4)
    >>> parity_classes_problem(nx.disjoint_union(ring, ring), lambda v: v < 4) is None
    True
    >>> parity_classes_problem(nx.disjoint_union(ring, ring), lambda v: v % 2)
    'an edge joins two classes: 0 and 1'
    """
    from puzzlelib.course.evidence import _check_callable, _check_graph
    _check_graph(graph)
    _check_callable(label, "label")
    crossing = next(((u, v) for u, v in graph.edges if label(u) != label(v)), None)
    if crossing is not None:
        return f"an edge joins two classes: {crossing[0]!r} and {crossing[1]!r}"
    parts = _components(graph.nodes, graph.edges)
    classes = {label(v) for v in graph.nodes}
    if len(parts) != len(classes):
        return f"{len(parts)} components but {len(classes)} classes: a class falls apart"
    return None


# --- the lemmas' hypotheses at the solver's stages ------------------------------------------------

def _block(rows: int, cols: int, r0: int, r1: int, c0: int) -> set[int]:
    """The cells of rows r0..r1 (inclusive) from column c0 to the right edge."""
    return {r * cols + c for r in range(r0, r1 + 1) for c in range(c0, cols)}


def _rectangle(cells: set[int], cols: int):
    """(height, width) when ``cells`` fill their bounding box exactly, else None."""
    if not cells:
        return None
    rs, cs = {i // cols for i in cells}, {i % cols for i in cells}
    height, width = max(rs) - min(rs) + 1, max(cs) - min(cs) + 1
    return (height, width) if len(cells) == height * width else None


def _no_cut_cell(rows: int, cols: int, cells: set[int]) -> bool:
    """The grid cells ``cells`` are connected and have no cut cell (networkx's articulation points)."""
    import networkx as nx

    grid = nx.grid_2d_graph(rows, cols)
    part = grid.subgraph([(i // cols, i % cols) for i in cells])
    return nx.is_connected(part) and not list(nx.articulation_points(part))


def _stage_problem(rows: int, cols: int, step: str, cells: tuple, locked) -> str | None:
    free = set(range(rows * cols)) - set(locked)
    if step == "one tile":                          # Lemma 1: a run of >= 2 on top of >= 2 full rows
        r, c = divmod(cells[0], cols)
        if free != _block(rows, cols, r, r, c) | _block(rows, cols, r + 1, rows - 1, 0):
            return f"placing cell {cells[0]}: the free cells are not a run at the end of its row on full rows"
        if cols - c < 2 or rows - 1 - r < 2:
            return f"placing cell {cells[0]}: a run of {cols - c} on {rows - 1 - r} full rows (2 and 2 needed)"
        return None if _no_cut_cell(rows, cols, free) else f"placing cell {cells[0]}: the free cells have a cut cell"
    if step == "two cells":                         # Lemma 2, on a row or turned sideways on a column
        p, q = cells
        (r, c), (rq, cq) = divmod(p, cols), divmod(q, cols)
        if (rq, cq) == (r, c + 1) and cq == cols - 1:
            if free != {p, q} | _block(rows, cols, r + 1, rows - 1, 0):
                return f"filling {p}, {q}: the free cells are not P, Q on full rows"
            return None if rows - 1 - r >= 2 else f"filling {p}, {q}: R has {rows - 1 - r} row(s), not 2"
        if (rq, cq) == (r + 1, c) and rq == rows - 1:
            if free != _block(rows, cols, r, rq, c):
                return f"filling {p}, {q}: the free cells are not a 2 x k block with P, Q its left column"
            return None if cols - c >= 3 else f"filling {p}, {q}: R has {cols - c - 1} column(s), not 2"
        return f"filling {p}, {q}: they are neither the end of a row nor a column of the last two rows"
    if step == "Q locked":                          # inside Lemma 2: a in Q, b brought to t inside R
        p, q, t = cells
        if q in free or p not in free:
            return f"filling {p}, {q}: Q should be locked and P free"
        region = free - {p}
        shape = _rectangle(region, cols)
        if shape is None or min(shape) < 2:
            return f"filling {p}, {q} with Q locked: the free cells but P are not a rectangle of 2 x 2 or more"
        if t not in region:
            return f"filling {p}, {q} with Q locked: the cell for b is not in R"
        return None if _no_cut_cell(rows, cols, region) else f"filling {p}, {q}: R has a cut cell"
    return f"unknown step {step!r}"


def lemma_stages_problem(rows: int, cols: int, stages) -> str | None:
    """None when the lemmas' hypotheses hold at every stage of ``stages`` on a ``rows x cols`` board.

    ``stages`` is a list of (step, cells, locked cells) as
    :func:`~puzzlelib.core.constructive.constructive_stages` returns it. The hypotheses:

    * ``"one tile"`` (Lemma 1): the free cells are a run of at least 2 cells at the end of the tile's
      row, on top of at least 2 full rows (and networkx finds no cut cell among them);
    * ``"two cells"`` (Lemma 2): P, Q are the last two cells of a row with at least 2 full rows
      below, or the column of a 2 x k block (k >= 3) of the last two rows, the rest of it R;
    * ``"Q locked"``: the free cells other than P are a rectangle of at least 2 x 2 with no cut cell.

    >>> from puzzlelib import Board
    >>> from puzzlelib.core.constructive import constructive_stages
    >>> lemma_stages_problem(3, 3, constructive_stages(Board([[4, 1, 2], [5, 0, 3], [7, 8, 6]]))) is None
    True
    >>> lemma_stages_problem(3, 3, [("one tile", (3,), frozenset({0, 1, 2}))])
    'placing cell 3: a run of 3 on 1 full rows (2 and 2 needed)'
    """
    for step, cells, locked in stages:
        problem = _stage_problem(rows, cols, step, tuple(cells), locked)
        if problem is not None:
            return problem
    return None


# --- where the solver must fail: the last block one swap off ------------------------------------------

def _turn(board):
    """The blank once round the bottom-right 2 x 2 block, from its corner (Lemma 3), by four slides."""
    r, c = board.rows - 1, board.cols - 1
    for cell in ((r, c - 1), (r - 1, c - 1), (r - 1, c), (r, c)):
        board = board.slide(board.grid[cell[0]][cell[1]])
    return board


def last_block_problem(board, goal) -> str | None:
    """None when ``board`` is ``goal`` with the last block left one swap off, so that no turn mends it.

    That is where the sufficiency proof says a board of the other class must fail: every cell outside
    the bottom-right 2 x 2 block holds the goal's tile, the blank is in the corner (the goal's too), and
    turning the block zero, one or two times (Lemma 3, done here by slides) never gives the goal; a
    third turn gives the board back.

    >>> from puzzlelib import Board
    >>> last_block_problem(Board([[1, 3, 2], [4, 5, 0]]), Board.goal(2, 3)) is None
    True
    >>> last_block_problem(Board([[1, 3, 5], [4, 2, 0]]), Board.goal(2, 3))
    'turning the block 2 time(s) gives the goal: the block is not one swap off'
    """
    from puzzlelib.core.board import as_board, same_shape
    board, goal = as_board(board, "board"), as_board(goal, "goal")
    same_shape(board, goal)
    rows, cols = board.shape
    if rows < 2 or cols < 2:
        raise ValueError(f"a last 2 x 2 block needs at least 2 rows and 2 columns, got {rows} x {cols}")
    corner = (rows - 1, cols - 1)
    if goal.blank != corner:
        return "the goal's blank is not in the bottom-right corner"
    if board.blank != corner:
        return "the board's blank is not in the bottom-right corner"
    block = {(rows - 2) * cols + cols - 2, (rows - 2) * cols + cols - 1, (rows - 1) * cols + cols - 2}
    outside = next((i for i, (a, b) in enumerate(zip(board.tiles, goal.tiles)) if a != b and i not in block), None)
    if outside is not None:
        return f"cell {outside}, outside the last block, does not hold the goal's tile"
    turns = [board]
    for _ in range(3):
        turns.append(_turn(turns[-1]))
    hit = next((k for k in range(3) if turns[k] == goal), None)
    if hit is not None:
        return f"turning the block {hit} time(s) gives the goal: the block is not one swap off"
    if turns[3] != board:
        return "three turns do not give the board back: the turn is not a 3-cycle"
    return None
