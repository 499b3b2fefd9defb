"""Exercises that check themselves without giving the answer away.

Every exercise of the notebooks has an id ``"NN.K"``: notebook ``NN``,
exercise ``K``. The registry :data:`EXERCISES` holds, for each, a title, a
level (``"warm-up"``, ``"core"`` or ``"challenge"``), an estimated time in
minutes and a kind:

* ``"value"``: the student computes a number, a tuple, a set... The expected
  value is computed by puzzlelib when it is first needed, never written in
  the notebook.
* ``"function"``: the student writes a function (``rank_of(tiles)``,
  ``bfs_path(start, goal)``...). :func:`check` runs it on hidden cases, edge
  cases included, each under a time limit (:data:`SECONDS_PER_CASE`), and
  reports the first input it gets wrong, without the right output.

Four functions make the notebook interface:

* :func:`check` prints ``correct`` with a one-line reason, or ``not yet`` with
  a hint that fits the mistake when the mistake can be foreseen (counted the
  blank, off by one, a bool where a number belongs...). It never prints the
  expected value. It also returns True or False.
* :func:`hint` prints an exercise's general hint.
* :func:`reveal` prints, clearly labelled, the answer (or a reference
  solution) and returns it.
* :func:`exercises` lists the exercises of one notebook or of all.

Where things are:

* ``engine``: the records (:class:`Exercise`, :class:`Mistake`), the registry,
  the four functions, checking a value, checking a function, and the time limit
  on a student's function;
* ``solutions``: the reference solutions of the write-a-function exercises, as
  plain functions (``reveal`` prints their source; the notebooks' solution
  cells show the same code);
* ``fixtures``: what several notebooks' exercises share (cached distances,
  notebook 05's starts);
* ``nb00_start_here`` ... ``nb08_beyond_bfs``: each notebook's exercises, one
  module a notebook, imported below in notebook order, so :data:`EXERCISES`
  lists them in that order.

>>> check("00.0", ...)
not answered yet: replace ... with your answer
False
>>> check("00.0", "4")
not yet: a string where a number is expected: write the number without quotes.
(more help: hint("00.0"); to give up: reveal("00.0"))
False
"""

from puzzlelib.course.exercises.engine import (EXERCISES, KINDS, LEVELS, NO_SOLUTIONS_FILE, SECONDS_PER_CASE, Exercise, Mistake, check,
                     exercises, hint, reveal)
from puzzlelib.course.exercises import (nb00_start_here, nb01_states_and_encoding, nb02_breadth_first_search,  # noqa: F401  (they register)
               nb03_solvability, nb04_sufficiency_and_two_components, nb05_experiments, nb06_play,
               nb07_bfs_at_scale, nb08_beyond_bfs)

__all__ = ["check", "hint", "reveal", "exercises", "EXERCISES", "Exercise", "Mistake", "LEVELS", "KINDS",
           "NO_SOLUTIONS_FILE", "SECONDS_PER_CASE"]
