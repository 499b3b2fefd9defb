"""puzzlelib.draw.encoding draws what it says: notebook 01's board with a term in every cell."""

import matplotlib

matplotlib.use("Agg")

from math import factorial  # noqa: E402

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import Rectangle  # noqa: E402

from puzzlelib import Board, rank, to_key  # noqa: E402
from puzzlelib.draw import alt_text  # noqa: E402
from puzzlelib.draw.encoding import cell_terms  # noqa: E402
from puzzlelib.core.palette import BLANK, TILE  # noqa: E402
from figure_checks import texts_at_least_11pt  # noqa: E402

START = Board([[1, 2, 3], [4, 0, 5]])
SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def test_cell_terms_draws_each_cell_its_tile_and_its_term():
    terms = [d * 6 ** (5 - i) for i, d in enumerate(START.tiles)]
    labels = [f"{d} × 6{str(5 - i).translate(SUP)} = {t}" for i, (d, t) in enumerate(zip(START.tiles, terms))]
    fig = cell_terms(START, labels, "key = " + " + ".join(map(str, terms)) + f" = {sum(terms)}")
    try:
        ax = fig.axes[0]
        assert sum(terms) == to_key(START) == 11165
        assert ax.get_title() == "key = 7776 + 2592 + 648 + 144 + 0 + 5 = 11165"
        cells = [p for p in ax.patches if isinstance(p, Rectangle)]
        assert len(cells) == 6
        assert [matplotlib.colors.to_hex(p.get_facecolor()) for p in cells].count(BLANK.lower()) == 1
        assert [matplotlib.colors.to_hex(p.get_facecolor()) for p in cells].count(TILE.lower()) == 5
        texts = [t.get_text() for t in ax.texts]
        assert texts[::3] == ["cell 0", "cell 1", "cell 2", "cell 3", "cell 4  (blank)", "cell 5"]
        assert texts[1::3] == ["1", "2", "3", "4", "0", "5"]
        assert texts[2::3] == labels and labels[0] == "1 × 6⁵ = 7776"
        alt = alt_text(fig)
        assert alt.startswith("The 2 x 3 board (1, 2, 3, 4, 0, 5) drawn large, its cells numbered 0 to 5 row by row, "
                              "the blank (0) in cell 4, each cell labelled: cell 0, tile 1: 1 × 6 to the power 5 = 7776;")
        assert alt.endswith("Above: key = 7776 + 2592 + 648 + 144 + 0 + 5 = 11165.")
        assert "⁵" not in alt
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_cell_terms_reads_two_line_labels_in_the_alt_text():
    digits = [sum(1 for u in START.tiles[i + 1:] if u < t) for i, t in enumerate(START.tiles)]
    terms = [c * factorial(5 - i) for i, c in enumerate(digits)]
    labels = [f"{c} smaller after it\n{c} × {5 - i}! = {t}" for i, (c, t) in enumerate(zip(digits, terms))]
    fig = cell_terms(START, labels, f"rank = {' + '.join(map(str, terms))} = {sum(terms)}")
    try:
        assert sum(terms) == rank(START) == 152
        assert fig.axes[0].get_title() == "rank = 120 + 24 + 6 + 2 + 0 + 0 = 152"
        assert "cell 0, tile 1: 1 smaller after it, 1 × 5! = 120;" in alt_text(fig)
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)


def test_cell_terms_refuses_junk():
    with pytest.raises(TypeError):
        cell_terms("1 2 3", ["a"] * 6, "t")
    with pytest.raises(TypeError):
        cell_terms(START, "abcdef", "t")
    with pytest.raises(TypeError):
        cell_terms(START, [1, 2, 3, 4, 5, 6], "t")
    with pytest.raises(ValueError, match="6 cells, got 5 labels"):
        cell_terms(START, ["a"] * 5, "t")
    with pytest.raises(ValueError, match="title is empty"):
        cell_terms(START, ["a"] * 6, " ")
    with pytest.raises(ValueError, match="up to 3 x 4"):
        cell_terms(Board.goal(4, 4), ["a"] * 16, "t")


def test_key_terms_and_rank_terms_label_each_cell_with_its_term():
    """The pictures notebook 01 shows before exercises 01.4 and 01.5, drawn by puzzlelib, not by a loop on the page."""
    from puzzlelib.draw.encoding import key_terms, rank_terms

    board = Board([[4, 1, 2], [5, 0, 3]])
    fig = key_terms(board)
    try:
        texts = [t.get_text() for t in fig.axes[0].texts][2::3]
        assert texts[0] == "4 × 6⁵ = 31104" and texts[-1] == "3 × 6⁰ = 3"
        assert fig.axes[0].get_title().endswith(f"= {to_key(board)}")
        texts_at_least_11pt(fig)
    finally:
        plt.close(fig)
    fig = rank_terms(board)
    try:
        texts = [t.get_text() for t in fig.axes[0].texts][2::3]
        assert texts[0] == "4 smaller after it\n4 × 5! = 480" and texts[3] == "2 smaller after it\n2 × 2! = 4"
        assert fig.axes[0].get_title().endswith(f"= {rank(board)}")
    finally:
        plt.close(fig)
    with pytest.raises(ValueError, match="up to 10 cells"):
        key_terms(Board.goal(3, 4))
