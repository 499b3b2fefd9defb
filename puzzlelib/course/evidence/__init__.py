"""Checks behind the notebooks' claims, written so that they can fail.

A notebook states a fact ("BFS never holds more than 84 boards in its queue",
"the pattern database's update equals a fresh look-up") and a folded evidence
cell checks it. An assert that restates the formula it checks is no evidence:
it passes whatever the data. The checks here compute the fact a second,
independent way and compare, so wrong data makes them fail, and the tests
(``tests/test_evidence_*.py``) feed each one wrong data to show it.

One module a notebook, named like the exercise modules (``nb02_breadth_first_search``
...). Each check is a function that returns ``None`` when the claim holds on the
data it is given, or a short message that says what does not hold::

    problem = queue_peak_problem(...)
    assert problem is None, problem

Where a number follows from a formula and nothing independent can check it,
the notebook says so in words instead of asserting it.
"""

__all__: list[str] = []


def _check_graph(graph, name: str = "graph"):
    """``graph`` if it is a networkx graph, else TypeError (the checks read its nodes and edges)."""
    import networkx as nx
    if not isinstance(graph, nx.Graph):
        raise TypeError(f"{name} must be a networkx graph, got {type(graph).__name__}")
    return graph


def _check_callable(value, name: str):
    if not callable(value):
        raise TypeError(f"{name} must be a function, got {type(value).__name__}")
    return value


def _check_numbers(values, name: str, *, nonempty: bool = True) -> list:
    """``values`` as a list of whole numbers >= 0 (distances, counts), else TypeError or ValueError."""
    from puzzlelib.core.errors import whole_number
    if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
        raise TypeError(f"{name} must be a list of whole numbers, got {type(values).__name__}")
    items = list(values)
    if len(items) > 10**7:
        raise ValueError(f"{name} has {len(items):,} items, more than the 10,000,000 this check reads")
    out = [whole_number(v, f"each item of {name}", minimum=0, maximum=10**6) for v in items]
    if nonempty and (not out or not any(out)):
        raise ValueError(f"{name} must hold at least one number above 0")
    return out
