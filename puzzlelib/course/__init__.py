"""The course around the lessons: exercises and their checker, the evidence behind the notebooks' claims,
and the notebook helpers.

* :mod:`~puzzlelib.course.exercises`: ``check``, ``hint`` and ``reveal``, and each notebook's exercises.
* :mod:`~puzzlelib.course.evidence`: the computations behind each notebook's checks, out of sight.
* :mod:`~puzzlelib.course.notebook`: ``show_source`` and the other helpers of the notebooks.
"""

__all__: list[str] = []
