"""Shared pytest set-up: draw with a non-interactive backend and close figures after each test.

The backend is chosen with matplotlib.use, not the MPLBACKEND variable: the variable would be
inherited by every Jupyter kernel the tests start, and a kernel with MPLBACKEND=Agg shows no
figures at all, so the notebook, site and slide tests would check pages without their pictures.
"""

import matplotlib
import pytest

matplotlib.use("Agg")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
