"""A probe, run inside a notebook's kernel before its first cell, that reads every figure as it is drawn.

``source(...)`` returns the code of that first cell. Once it has run, every figure the inline
backend renders is looked at before it is printed:

* ``_small_text`` collects its drawn texts under ``smallest`` points (size, text, figure title);
* ``_overlaps`` collects pairs of its texts that run into each other (tick labels left out);
* ``_undescribed`` collects the titles of figures shown without an alt text (``puzzlelib.draw.describe``);
* ``_figures_seen[0]`` counts the figures.

Drawn means drawn: tick labels of hidden axes or outside the view limits are left out.

With ``slide_dpi``, the probe also draws each PNG at that many dots per inch and writes a
``SlideText`` record into it (a PNG text chunk, ``pt=<smallest drawn text in points> dpi=<dots per inch>``),
so that a browser test can work out the size of a figure's smallest text on screen from the
figure's on-screen width. ``tests/test_lessons.py`` and ``scripts/build_slides.py`` use it.
"""

from __future__ import annotations

_PROBE = """
%matplotlib inline
import matplotlib
from matplotlib.backend_bases import FigureCanvasBase as _Canvas
from matplotlib.text import Text as _Text
_small_text = []
_overlaps = []
_undescribed = []
_figures_seen = [0]
_print_figure = _Canvas.print_figure
def _probe(self, *args, **kwargs):
    fig = self.figure
    _figures_seen[0] += 1
    fig.draw_without_rendering()        # lays the figure out (legends, tick labels) on any canvas
    hidden = set()                      # an axes drawn with axis("off") keeps its (undrawn) tick labels
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if not (ax.get_visible() and ax.axison and axis.get_visible()):
                hidden.update(id(t) for t in axis.findobj(_Text))
            else:                           # ticks outside the view limits keep undrawn labels too
                drawn = {id(t) for t in axis.get_majorticklabels() + axis.get_minorticklabels()}
                for tick in axis.majorTicks + axis.minorTicks:
                    hidden.update(id(t) for t in (tick.label1, tick.label2) if id(t) not in drawn)
    title = (fig._suptitle.get_text() if fig._suptitle else '') or (fig.axes[0].get_title() if fig.axes else '')
    if not getattr(fig, '_puzzlelib_alt', None):     # no alt text: puzzlelib.draw.describe was not called
        _undescribed.append(title[:60] or '(no title)')
    for ax in fig.axes:
        if not ax.get_visible():
            hidden.update(id(t) for t in ax.findobj(_Text))
    shown = [t for t in fig.findobj(_Text) if id(t) not in hidden and t.get_visible() and t.get_text().strip()]
    for t in shown:
        if t.get_fontsize() < __SMALLEST__:
            _small_text.append((round(t.get_fontsize(), 1), t.get_text()[:30], title[:40]))
    ticks = set()                       # tick labels are laid out by matplotlib's locators; leave them out
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for tick in axis.majorTicks + axis.minorTicks:
                ticks.update((id(tick.label1), id(tick.label2)))
    boxes = [(t, t.get_window_extent()) for t in shown if id(t) not in ticks]
    for i, (t, a) in enumerate(boxes):
        for u, b in boxes[i + 1:]:
            dx = min(a.x1, b.x1) - max(a.x0, b.x0)
            dy = min(a.y1, b.y1) - max(a.y0, b.y0)
            if dx > 2 and dy > 2:             # more than a hairline: one text runs into the other
                _overlaps.append((t.get_text()[:25], u.get_text()[:25], title[:40]))
    if __SLIDE_DPI__ and str(kwargs.get('format', 'png')).lower() == 'png':
        smallest = min((t.get_fontsize() for t in shown), default=float('inf'))
        kwargs['dpi'] = __SLIDE_DPI__
        kwargs['metadata'] = {**(kwargs.get('metadata') or {}),
                              'SlideText': f'pt={smallest:.2f} dpi={__SLIDE_DPI__}'}
    return _print_figure(self, *args, **kwargs)
_Canvas.print_figure = _probe
"""


def source(smallest: float = 11, slide_dpi: int | None = None) -> str:
    """The probe's code, for a first cell; ``slide_dpi`` also draws PNGs at that resolution with a SlideText record."""
    return _PROBE.replace("__SMALLEST__", repr(smallest)).replace("__SLIDE_DPI__", repr(slide_dpi))
