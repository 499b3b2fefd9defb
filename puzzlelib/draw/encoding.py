"""Pictures of a board's key and rank: each cell with the term it adds to the sum (notebook 01).

:func:`cell_terms` draws a small board large, each cell numbered and labelled with its
term (``1 × 6⁵ = 7776`` for the key, ``1 smaller after it`` for the rank), the sum in the
title; :func:`key_terms` and :func:`rank_terms` label a board with its key's or its rank's
terms. The notebook shows the idea as a picture, and the student writes the code (01.4, 01.5). It gives the figure an alt text with :func:`~puzzlelib.draw.describe` and returns
it; the notebook shows it with ``plt.show()``. Its text sizes are set here (12 pt and up),
so the figure looks the same in a notebook, a test or a script.
"""

from __future__ import annotations

from puzzlelib.core import palette
from puzzlelib.core.board import BLANK, as_board
from puzzlelib.draw import _plt, describe

__all__ = ["cell_terms", "key_terms", "rank_terms"]

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
"""The superscript digits a label may use for a power (``6⁵``); the alt text reads them "to the power 5"."""
MAX_ROWS, MAX_COLS = 3, 4
"""cell_terms draws boards of up to 3 x 4: every cell holds a label of a line or two."""

_SPOKEN = {ord(s): f" to the power {d}" for d, s in enumerate(SUPERSCRIPTS)}


def cell_terms(board, labels, title):
    """``board`` drawn large, its cells numbered row by row and each labelled with ``labels[i]``; return the Figure.

    ``labels`` holds one string per cell, in reading order (a label may have two lines);
    ``title`` goes above, say the sum of the terms. The blank cell is grey and says so.

    >>> from puzzlelib import Board
    >>> fig = cell_terms(Board([[1, 2, 3], [4, 0, 5]]), ["a", "b", "c", "d", "e", "f"], "six labels")
    >>> fig.axes[0].get_title(), [t.get_text() for t in fig.axes[0].texts][:3]
    ('six labels', ['cell 0', '1', 'a'])
    """
    from matplotlib.patches import Rectangle

    board = as_board(board)
    if board.rows > MAX_ROWS or board.cols > MAX_COLS:
        raise ValueError(f"cell_terms draws boards of up to {MAX_ROWS} x {MAX_COLS}, got {board.rows} x {board.cols}")
    if isinstance(labels, (str, bytes)) or not hasattr(labels, "__iter__"):
        raise TypeError(f"labels is a list of strings, one per cell, got {type(labels).__name__}")
    labels = list(labels)
    if not all(isinstance(label, str) for label in labels):
        raise TypeError(f"each label is a string, got {[type(x).__name__ for x in labels if not isinstance(x, str)][0]}")
    if len(labels) != len(board.tiles):
        raise ValueError(f"a {board.rows} x {board.cols} board has {len(board.tiles)} cells, got {len(labels)} labels")
    if not isinstance(title, str):
        raise TypeError(f"title is a string, got {type(title).__name__}")
    if not title.strip():
        raise ValueError("title is empty: say what the terms add up to")
    plt = _plt()
    fig, ax = plt.subplots(figsize=(9.5 / 3 * board.cols, 2.1 * board.rows))
    for i, tile in enumerate(board.tiles):
        r, c = divmod(i, board.cols)
        y = board.rows - 1 - r
        ax.add_patch(Rectangle((c + 0.03, y + 0.03), 0.94, 0.94, edgecolor=palette.TILE_EDGE,
                               facecolor=palette.BLANK if tile == BLANK else palette.TILE))
        ax.text(c + 0.07, y + 0.9, f"cell {i}" + ("  (blank)" if tile == BLANK else ""), fontsize=12,
                ha="left", va="top", color=palette.TILE_TEXT)
        ax.text(c + 0.5, y + 0.58, str(tile), fontsize=24, fontweight="bold", ha="center", va="center",
                color=palette.TILE_TEXT)
        ax.text(c + 0.5, y + 0.2, labels[i], fontsize=13, ha="center", va="center", color=palette.TILE_TEXT)
    ax.set_xlim(0, board.cols)
    ax.set_ylim(0, board.rows)
    ax.set_xticks([])
    ax.set_yticks([])
    ax.axis("off")
    ax.set_title(title, fontsize=14)
    return describe(fig, f"The {board.rows} x {board.cols} board {board.tiles} drawn large, its cells numbered 0 to "
                         f"{len(board.tiles) - 1} row by row, the blank (0) in cell {board.blank_index}, each cell "
                         "labelled: "
                         + "; ".join(f"cell {i}, tile {t}: {', '.join(label.splitlines())}"
                                     for i, (t, label) in enumerate(zip(board.tiles, labels))).translate(_SPOKEN)
                         + f". Above: {title}.")


def key_terms(board):
    """``board`` drawn by :func:`cell_terms`, each cell labelled tile × its place value, the key in the title.

    The place values are the powers of the base k = mn, the first cell's the largest. Boards of up to
    10 cells (one-digit powers).

    >>> from puzzlelib import Board
    >>> key_terms(Board([[1, 2, 3], [4, 0, 5]])).axes[0].get_title()
    'key = 7776 + 2592 + 648 + 144 + 0 + 5 = 11165'
    """
    board = as_board(board)
    k = len(board.tiles)
    if k > 10:
        raise ValueError(f"key_terms labels boards of up to 10 cells, got {board.rows} x {board.cols}")
    powers = [k - 1 - i for i in range(k)]
    terms = [tile * k ** p for tile, p in zip(board.tiles, powers)]
    labels = [f"{tile} × {k}{SUPERSCRIPTS[p]} = {t}" for tile, p, t in zip(board.tiles, powers, terms)]
    return cell_terms(board, labels, "key = " + " + ".join(map(str, terms)) + f" = {sum(terms)}")


def rank_terms(board):
    """``board`` drawn by :func:`cell_terms`, each cell labelled with its Lehmer digit and term, the rank in the title.

    A cell's digit is the number of smaller tiles after it, in reading order; its term is the digit
    times (k - 1 - i)! for cell i of k.

    >>> from puzzlelib import Board
    >>> rank_terms(Board([[1, 2, 3], [4, 0, 5]])).axes[0].get_title()
    'rank = 120 + 24 + 6 + 2 + 0 + 0 = 152'
    """
    from math import factorial

    board = as_board(board)
    tiles, k = board.tiles, len(board.tiles)
    digits = [sum(1 for later in tiles[i + 1:] if later < tile) for i, tile in enumerate(tiles)]
    terms = [c * factorial(k - 1 - i) for i, c in enumerate(digits)]
    labels = [f"{c} smaller after it\n{c} × {k - 1 - i}! = {t}" for i, (c, t) in enumerate(zip(digits, terms))]
    return cell_terms(board, labels, "rank = " + " + ".join(map(str, terms)) + f" = {sum(terms)}")
