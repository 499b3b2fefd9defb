"""The one colour palette: every figure, the board's HTML and the player take their colours here.

The colours are Okabe and Ito's set for colour-blind readers ("Color
Universal Design", 2008), plus a pale tile colour. Colour is never the only
cue: the two components also differ in marker shape (a circle and a square)
and in their labels, and a highlighted tile is much darker than the others.

>>> round(contrast_ratio(MOVED, TILE), 1) >= 3
True
"""

from __future__ import annotations

__all__ = ["OKABE_ITO", "TILE", "TILE_EDGE", "TILE_TEXT", "MOVED", "MOVED_TEXT", "BLANK", "BLANK_EDGE", "GOAL",
           "ACCENT", "MUTED", "COMPONENT_COLORS", "COMPONENT_MARKERS", "SERIES", "relative_luminance",
           "contrast_ratio"]

OKABE_ITO = {
    "black": "#000000", "orange": "#E69F00", "sky blue": "#56B4E9", "bluish green": "#009E73",
    "yellow": "#F0E442", "blue": "#0072B2", "vermillion": "#D55E00", "reddish purple": "#CC79A7",
}
"""The eight colours of Okabe and Ito's palette, by their names."""

TILE = "#F6D28B"          # a pale sand tile with dark text
TILE_EDGE = "#7A5A1E"
TILE_TEXT = "#2B1D05"
MOVED = OKABE_ITO["blue"]  # a highlighted tile: dark, with white text
MOVED_TEXT = "#FFFFFF"
BLANK = "#EEEEEE"
BLANK_EDGE = "#BBBBBB"
GOAL = OKABE_ITO["yellow"]
ACCENT = OKABE_ITO["vermillion"]
MUTED = OKABE_ITO["sky blue"]

COMPONENT_COLORS = {"solvable": OKABE_ITO["blue"], "unsolvable": OKABE_ITO["orange"]}
"""The two components of the state graph: blue and orange, told apart in grey too."""
COMPONENT_MARKERS = {"solvable": "o", "unsolvable": "s"}
"""The second cue: circles for the goal's component, squares for the other one."""

SERIES = [OKABE_ITO[name] for name in ("blue", "orange", "bluish green", "vermillion", "reddish purple",
                                       "sky blue", "yellow", "black")]
"""Colours for the series of a chart, in order."""


def relative_luminance(color: str) -> float:
    """The WCAG relative luminance of a ``#RRGGBB`` colour: 0 for black, 1 for white.

    >>> relative_luminance("#000000"), relative_luminance("#FFFFFF")
    (0.0, 1.0)
    """
    if not (isinstance(color, str) and len(color) == 7 and color[0] == "#"):
        raise ValueError(f"a colour is a '#RRGGBB' string, got {color!r}")
    channels = []
    for i in (1, 3, 5):
        c = int(color[i:i + 2], 16) / 255
        channels.append(c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white).

    >>> contrast_ratio("#000000", "#FFFFFF")
    21.0
    """
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
