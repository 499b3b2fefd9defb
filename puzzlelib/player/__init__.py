"""The puzzle player: a session that holds the game's state, and its ipywidgets view.

* :mod:`~puzzlelib.player.session`: :class:`~puzzlelib.player.session.PlaySession`,
  the state and rules of one game, with no widgets (testable on its own).
* :mod:`~puzzlelib.player.widgets`: :class:`~puzzlelib.player.widgets.PuzzleWidget`
  and :class:`~puzzlelib.player.explorer.BFSExplorer`.

>>> from puzzlelib.player.widgets import PuzzleWidget   # doctest: +SKIP
"""

__all__: list[str] = []
