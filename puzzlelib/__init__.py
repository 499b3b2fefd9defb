"""puzzlelib: the helper package behind *Sliding Puzzles, Explained*.

Everything a notebook needs can be imported from here:

>>> from puzzlelib import Board, min_moves, is_solvable
>>> b = Board([[4, 1, 2], [5, 0, 3]])
>>> is_solvable(b), min_moves(b)
(True, 5)
"""

from .board import BLANK, Board, moves_table, neighbor_cells
from .encoding import from_key, key_digits, rank, to_key, unrank
from .constructive import constructive_milestones, constructive_moves, solve_constructive
from .draw import draw_board, draw_path, draw_state_graph, graph_layout, ring_layout
from .frontier import FrontierResult, frontier_search
from .generate import fix_by_swap, random_board, random_solvable, scramble
from .graph import component_labels, count_components, move_graph, state_graph
from .notebook import check, show_source, source
from .heuristics import linear_conflict, misplaced
from .informed import SearchBudgetError, SearchResult, astar, ida_star
from .korf100 import korf100
from .limits import (TooLargeError, check_frontier_bfs, check_full_bfs, frontier_bfs_bytes,
                     reachable_count, state_count)
from .measures import manhattan
from .optimal import solve_optimal
from .pdb import PatternDatabase
from .published import published_counts
from .rankbfs import rank_bfs_counts
from .keyed import KeyedResult, keyed_bfs
from .search import (Layer, bfs_layers, dfs_path, distance_counts, distances, farthest, min_moves,
                     shortest_path)
from .solvability import (SolvabilityReport, blank_distance, blank_row_from_bottom, explain,
                          inversions, is_solvable, permutation_parity, relative_inversions)

__all__ = [
    "BLANK", "Board", "moves_table", "neighbor_cells",
    "from_key", "key_digits", "rank", "to_key", "unrank",
    "constructive_milestones", "constructive_moves", "solve_constructive",
    "draw_board", "draw_path", "draw_state_graph", "graph_layout", "ring_layout",
    "check", "show_source", "source",
    "fix_by_swap", "random_board", "random_solvable", "scramble",
    "component_labels", "count_components", "move_graph", "state_graph",
    "FrontierResult", "frontier_search", "rank_bfs_counts", "published_counts",
    "linear_conflict", "misplaced", "manhattan", "PatternDatabase",
    "SearchBudgetError", "SearchResult", "astar", "ida_star", "solve_optimal", "korf100",
    "TooLargeError", "check_frontier_bfs", "check_full_bfs", "frontier_bfs_bytes", "reachable_count",
    "state_count",
    "KeyedResult", "keyed_bfs",
    "Layer", "bfs_layers", "dfs_path", "distance_counts", "distances", "farthest", "min_moves", "shortest_path",
    "SolvabilityReport", "blank_distance", "blank_row_from_bottom", "explain", "inversions",
    "is_solvable", "permutation_parity", "relative_inversions",
]
