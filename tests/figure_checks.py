"""What the figure tests of puzzlelib.draw share: the 11 pt check, and a fixture that closes figures."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402


def texts_at_least_11pt(fig):
    """Every visible, non-empty text of ``fig`` is 11 pt or more (as laid out, not as requested)."""
    fig.draw_without_rendering()
    small = [(t.get_text(), t.get_fontsize()) for t in fig.findobj(Text) if t.get_text().strip() and
             t.get_visible() and t.get_fontsize() < 11]
    assert not small, small


@pytest.fixture
def close():
    """``close(fig)`` registers a figure to close when the test ends."""
    figs = []
    yield figs.append
    for fig in figs:
        plt.close(fig)
