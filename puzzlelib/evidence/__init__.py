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
