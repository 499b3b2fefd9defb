"""The engines: the core's algorithms made faster or bigger, and the files that keep their results.

They use the core (its boards and checks); the core never uses them.

* :mod:`~puzzlelib.engines.frontier`: frontier search over packed 64-bit words (``distance_counts``).
* :mod:`~puzzlelib.engines.bitarray`: BFS on bit arrays indexed by Lehmer rank.
* :mod:`~puzzlelib.engines.compiled`: IDA* compiled with numba.
* :mod:`~puzzlelib.engines.distributed`: the frontier search on a Dask cluster.
* :mod:`~puzzlelib.engines.optimal`: ``solve_optimal``, the best exact solver for the board's size.
* :mod:`~puzzlelib.engines.dispatch`: ``distance_counts`` and ``farthest``, which pick the engine.
* :mod:`~puzzlelib.engines.shipped`: the pattern databases shipped with the package.
* :mod:`~puzzlelib.engines.space`: every board and move of a small board at once, as numpy arrays.
* :mod:`~puzzlelib.engines.certify`: checking a distance table without trusting its search.
* :mod:`~puzzlelib.engines.storage`: files written atomically and checked before they are trusted.
"""

__all__: list[str] = []
