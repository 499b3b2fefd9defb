"""A slider over BFS depth: the layer sizes, the chosen depth marked, and a few boards at that depth.

:class:`BFSExplorer` is the player of notebook 06's "Breadth-first search, layer by layer"; its layers
come from :func:`~puzzlelib.engines.tables.layer_states`, searched once per goal in a process.
"""

from __future__ import annotations

__all__ = ["BFSExplorer"]

import ipywidgets as w
from puzzlelib.core import palette
from puzzlelib.core.board import Board
from puzzlelib.core.errors import whole_number
from puzzlelib.player.controls import DepthSlider
from puzzlelib.player.session import start_and_goal
from puzzlelib.player.views import (_STYLE, _img_html, _png)


class BFSExplorer(w.VBox):
    """A slider over BFS depth: layer sizes as bars, and sample boards at the chosen depth.

    >>> e = BFSExplorer(2, 3)
    >>> e.depth.max, e.layer_sizes[:4]
    (21, [1, 2, 3, 5])
    >>> e.depth.value = 21
    >>> e.summary.value
    '<b>1</b> board at depth 21 (of 360 reachable)'
    """

    def __init__(self, rows: int | None = None, cols: int | None = None, *, goal=None, samples: int = 4):
        from puzzlelib.engines.tables import layer_states

        _, self.goal = start_and_goal(rows, cols, None, goal)
        samples = whole_number(samples, "samples (boards shown per layer)", minimum=1, maximum=50)
        # Each layer as its tile tuples: boards are made only for the few samples shown. The search
        # (bfs_layers) runs once per goal in a process: distances() and the panel's distance share it.
        self.layers = list(layer_states(self.goal))
        self.layer_sizes = [len(layer) for layer in self.layers]
        self.samples = samples
        self.depth = DepthSlider(description="BFS depth", max=len(self.layers) - 1)
        self.summary = w.HTML()
        # An HTML <img> rather than w.Image, which has no alt text.
        self.chart = w.HTML(layout=w.Layout(width="520px"))
        self.chart.add_class("puzzle-chart")
        self.chart_png = b""
        self.chart_alt = ""
        """The chart's alt text: what it shows, and the layer sizes up to the chosen depth."""
        self.boards = w.HTML()
        self.depth.observe(lambda _: self.refresh(), names="value")
        self._figure()
        super().__init__([w.HTML(_STYLE), self.depth, self.summary, self.chart, self.boards])
        self.add_class("puzzle-bfs")
        self.refresh()

    def _figure(self) -> None:
        from matplotlib.figure import Figure

        self.fig = Figure(figsize=(7, 3))
        ax = self.fig.subplots()
        self.bars = ax.bar(range(len(self.layer_sizes)), self.layer_sizes, color=palette.MUTED)
        ax.set_xlabel("distance from the goal (moves)", fontsize=11)
        ax.set_ylabel("boards", fontsize=11)
        ax.set_title(f"{self.goal.rows} x {self.goal.cols}: boards at each BFS depth", fontsize=12)
        ax.tick_params(labelsize=11)                 # figure text of 11 pt or more, ticks included
        self.fig.tight_layout()

    def refresh(self) -> None:
        d = self.depth.value
        for i, bar in enumerate(self.bars):
            bar.set_color(palette.ACCENT if i == d else palette.MUTED)
        from puzzlelib.draw import describe

        sizes = ", ".join(f"{n:,}" for n in self.layer_sizes[:d + 1])
        self.chart_alt = (f"Bar chart of the number of {self.goal.rows} x {self.goal.cols} boards at each BFS "
                          f"depth, 0 to {len(self.layer_sizes) - 1} moves from the goal, with depth {d} "
                          f"highlighted. Boards at depths 0 to {d}: {sizes}.")
        self.chart_png = _png(describe(self.fig, self.chart_alt))
        self.chart.value = _img_html(self.chart_png, self.chart_alt)
        n = self.layer_sizes[d]
        total = sum(self.layer_sizes)
        self.summary.value = f"<b>{n:,}</b> board{'s' if n != 1 else ''} at depth {d} (of {total:,} reachable)"
        self.depth.value_text = f"depth {d}: {n:,} board{'s' if n != 1 else ''}"
        rows, cols = self.goal.shape
        shown = [Board._trusted(rows, cols, tiles) for tiles in self.layers[d][: self.samples]]
        self.boards.value = " ".join(f'<span style="display:inline-block;margin:4px">{b._repr_html_()}</span>'
                                     for b in shown)
