"""Shared pytest set-up: draw with a non-interactive backend and close figures after each test; say at
the end, in one line, which browser tests were skipped and how to enable them.

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


def pytest_terminal_summary(terminalreporter):
    """One line at the end of the run for the browser tests that were skipped, with the reason (which says
    the command that enables them), so "13 skipped" is never left unexplained."""
    skipped = [r for r in terminalreporter.stats.get("skipped", [])
               if r.nodeid.replace("\\", "/").startswith("tests/browser")]
    if not skipped:
        return
    reasons = []
    for report in skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        reason = reason.removeprefix("Skipped: ").removeprefix("browser tests skipped: ")
        if reason not in reasons:
            reasons.append(reason)
    terminalreporter.write_line(f"{len(skipped)} skipped in tests/browser: " + " | ".join(reasons), yellow=True)
