"""Frontier search: breadth-first search over a whole state space, two layers at a time.

The plain BFS in :mod:`puzzlelib.core.bfs` keeps every board it has seen, as a
tuple in a dict: about 200 bytes a board, 50 GB for the 3 x 4 puzzle. This
engine needs about 8 bytes a board, and only for two layers at once.

* **Packed states.** A board is one 64-bit integer (a *word*): 4 bits per
  cell for the tiles (bits 4 and up, cell ``i`` at bit ``4 + 4i``), the
  blank's cell in the top 4 bits, and 4 *used-move* bits at the bottom. A
  layer is a numpy array of words, so every step is an array operation.
* **Frontier search** (Korf's idea). The state graph is bipartite, so the
  neighbours of a board at depth ``d`` lie at depth ``d - 1`` or ``d + 1``.
  When a board is generated, the move that leads back to its parent is
  marked in its used-move bits; duplicates are merged with their bits ORed.
  Expanding a board then skips every marked move, so every child is new and
  no visited set is needed: only the current layer and the next one.
* **Grouped by the blank.** Words are sorted, and the blank sits in the top
  bits, so a sorted layer is grouped by the blank's cell. For one group and
  one direction the move is the same nibble shuffle for every word, done
  with a few whole-array operations. Children are collected per target cell
  of the blank, then sorted and de-duplicated (``np.sort`` and one pass).

Finished layers can be written to a directory (one ``.npy`` file each, plus
``manifest.json``), so a long search can stop and resume from the last
finished layer. :func:`~puzzlelib.core.limits.check_frontier_bfs` refuses boards
that would not fit, before any work starts.

* **Saved files are checked, not trusted.** Files are written with
  :func:`~puzzlelib.engines.storage.write_atomic` (unique temporary name, rename);
  the manifest records each layer's size, SHA-256 and count, and a checksum
  of itself. A resume checks the manifest, then the last layer's bytes and
  words (:func:`layer_problem`); anything damaged is reported with a
  :class:`~puzzlelib.engines.storage.DamagedFileWarning` and the search starts again
  from the goal. A lock file keeps two searches from sharing a directory at
  once: the second waits, then resumes from what the first saved.
* **Guards while running.** A correct search never holds more boards than
  :func:`~puzzlelib.core.limits.reachable_count`, never goes deeper than
  :func:`depth_bound`, and ends with every reachable board; anything else
  stops with a :class:`~puzzlelib.core.errors.PuzzleError`, never a search that
  runs on. These checks are a few integer comparisons a layer.

**Role: the measuring engine.** One of puzzlelib's five breadth-first
searches (see :mod:`puzzlelib.core.bfs`): the one that measures whole
state spaces for :func:`~puzzlelib.engines.dispatch.distance_counts` and
:func:`~puzzlelib.engines.dispatch.farthest`; a test keeps it equal to the
teaching BFS layer by layer.

>>> r = frontier_search(2, 3)
>>> r.counts[:6], r.reached, r.depth
([1, 2, 3, 5, 6, 7], 360, 21)
"""

from __future__ import annotations

import io
import json
import re
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import BLANK, Board, as_board, check_shape, resolve_goal
from puzzlelib.core.errors import check_flag
from puzzlelib.core.limits import (PACKED_MAX_CELLS, PuzzleError, check_frontier_bfs, reachable_count,
                      whole_number)
from puzzlelib.engines.packed import (BLANK_SHIFT, MOVE_BITS, _U64, _split_by_blank, as_words, blank_moves,  # noqa: F401
                                      merge_duplicates, next_layer, pack, unpack)  # (the packed words: re-exported)
from puzzlelib.engines.storage import file_problem, parse_json, read_regular, report_damage, sha256_bytes, write_atomic

__all__ = ["BLANK_SHIFT", "MOVE_BITS", "FORMAT", "LOCK_NAME", "blank_moves", "pack", "unpack", "as_words",
           "merge_duplicates", "next_layer", "FrontierResult", "depth_bound", "layer_problem",
           "frontier_search", "DIAMETERS"]

FORMAT = "puzzlelib-frontier-2"
LOCK_NAME = ".frontier.lock"
MANIFEST_LIMIT = 16 * 2**20
"""The most bytes a run's manifest may have (it lists a record a layer): a larger one is damage, never read."""


@dataclass
class FrontierResult:
    """What a frontier search found: the layer sizes and the last finished layer.

    Not a :class:`~puzzlelib.core.results.SearchResult`: it measures a whole
    component and has no path; ``reached`` and ``seconds`` mean what they mean there.
    """

    rows: int
    cols: int
    goal: Board
    counts: list[int]
    """Number of boards at each distance from the goal (index = distance), finished layers only."""
    complete: bool
    """True when the search ran to the end (the last layer has no successors)."""
    last: np.ndarray = field(repr=False)
    """The last finished layer as sorted packed words (see :func:`unpack`)."""
    seconds: float = 0.0
    """Wall time of this call (a resumed search counts only the part it did)."""

    @property
    def reached(self) -> int:
        """Boards found so far: the sum of the layer sizes (``reached``, as in every search)."""
        return sum(self.counts)

    @property
    def depth(self) -> int:
        """Depth of the last finished layer; for a complete search, the goal's eccentricity."""
        return len(self.counts) - 1

    def last_boards(self) -> list[Board]:
        """The last finished layer as sorted Boards (for a complete search, the antipodes)."""
        boards = [Board._trusted(self.rows, self.cols, tuple(int(t) for t in row))
                  for row in unpack(self.last, self.rows, self.cols)]
        return sorted(boards)


DIAMETERS: dict[tuple[int, int], int] = {(2, 2): 6, (2, 3): 21, (2, 4): 36, (3, 3): 31, (2, 5): 55,
                                         (3, 4): 53, (2, 6): 80}
"""The largest distance between two boards of each shape (rows <= cols), from any goal.

The distance from a goal depends only on its blank's cell (renaming tiles
maps boards onto boards), so this is the largest depth of a search from a
goal with the blank in each cell. The tests recompute it for the small
boards; 3 x 4 and 2 x 6 come from ``eccentricity_by_blank_cell`` in
``puzzlelib/results/bfs_scale.json`` (agreeing with ``reference.TABLES``).
"""


def depth_bound(rows: int, cols: int) -> int:
    """No layer of a correct frontier search of ``rows`` x ``cols`` is deeper than this.

    The diameter from :data:`DIAMETERS`; for other shapes, ``reachable_count - 1``
    (every layer holds at least one board, and the layers are disjoint),
    which is exact for a board of one row or column.

    >>> depth_bound(3, 3), depth_bound(4, 2), depth_bound(1, 7)
    (31, 36, 6)
    """
    return DIAMETERS.get((min(rows, cols), max(rows, cols)), reachable_count(rows, cols) - 1)


def _inconsistent(rows: int, cols: int, store, why: str):
    """The error of a search whose layers can't be right; the folder's manifest is removed first."""
    where = "; its layers are inconsistent, so nothing was marked complete"
    if store is not None:
        store.discard()
        where = (f"; the layers saved in {store.path} are inconsistent (damaged, or written by other code): "
                 "nothing was marked complete, and the manifest was removed so that the next call starts "
                 "again from the goal")
    return PuzzleError(f"frontier search of the {rows} x {cols} board stopped: {why}{where}")


_CHUNK = 1 << 20     # words checked at once: bounds the temporary arrays of the checks


def layer_problem(words, depth: int, count: int, rows: int, cols: int, goal: Board) -> str | None:
    """What is wrong with ``words`` as layer ``depth`` of a search from ``goal``, or None if nothing is.

    A loaded layer must be a 1-d ``uint64`` array of ``count`` words, strictly
    increasing (sorted, no duplicates); each word a board (its ``rows*cols``
    tiles distinct, 0 to ``rows*cols - 1``, the unused bits 0, the blank field
    the cell of tile 0), with the blank an even or odd number of steps from the
    goal's blank as ``depth`` is, and used-move bits that are moves the blank
    can make, at least one below depth 0. Layer 0 is the goal alone. All
    checks are whole-array numpy operations, a million words at a time.

    >>> goal = Board.goal(1, 3)
    >>> one = np.array([pack((1, 0, 2)) | 8], dtype=np.uint64)   # blank in cell 1, came from cell 2
    >>> layer_problem(one, 1, 1, 1, 3, goal) is None
    True
    >>> layer_problem(np.array([pack((1, 1, 0)) | 2], dtype=np.uint64), 1, 1, 1, 3, goal)
    'a word is not a board: its 3 tiles are not 0 to 2, each once'
    """
    goal = as_board(goal, "goal")
    words = np.asarray(words)
    if words.dtype != np.dtype(_U64) or words.ndim != 1:
        return f"it holds a {words.ndim}-d array of {words.dtype}, not a 1-d array of uint64 words"
    if len(words) != count:
        return f"it holds {len(words):,} boards, the manifest says {count:,}"
    if depth == 0:
        return None if words.tolist() == [pack(goal.tiles)] else "layer 0 is not the goal alone"
    if len(words) > 1 and not bool(np.all(words[1:] > words[:-1])):
        return "its words are not strictly increasing (unsorted or duplicated)"
    k = rows * cols
    legal = [0] * 16                            # per blank cell: the directions the blank can move in
    for j, sources in enumerate(blank_moves(rows, cols)):
        for _b, _d, back in sources:
            legal[j] |= 1 << back
    illegal = np.array([~m & MOVE_BITS for m in legal], dtype=_U64)
    g = goal.tiles.index(BLANK)
    wrong_side = np.array([(i // cols + i % cols + g // cols + g % cols + depth) % 2 for i in range(16)],
                          dtype=bool)
    unused = ((1 << BLANK_SHIFT) - 1) ^ ((1 << (4 + 4 * k)) - 1)
    for start in range(0, len(words), _CHUNK):
        w = words[start:start + _CHUNK]
        blank = (w >> _U64(BLANK_SHIFT)).astype(np.intp)
        if int(blank.max()) >= k:
            return f"a word's blank field is not a cell of the {rows} x {cols} board"
        if unused and bool(np.any(w & _U64(unused))):
            return f"a word has bits set beyond the {k} cells of the board"
        seen = np.zeros(len(w), dtype=np.uint32)
        for i in range(k):
            tile = ((w >> _U64(4 + 4 * i)) & _U64(15)).astype(np.uint32)
            seen |= np.left_shift(np.uint32(1), tile)
            if bool(np.any((tile == 0) & (blank != i))):
                return "a word's blank field is not the cell of tile 0"
        if bool(np.any(seen != (1 << k) - 1)):
            return f"a word is not a board: its {k} tiles are not 0 to {k - 1}, each once"
        if bool(np.any(wrong_side[blank])):
            return f"a board's blank is on the wrong side for depth {depth} (its parity)"
        bits = w & _U64(MOVE_BITS)
        if bool(np.any(bits == 0)):
            return "a board has no used-move bit (every board after layer 0 has a move back)"
        if bool(np.any(bits & illegal[blank])):
            return "a board has a used-move bit for a move its blank cannot make"
    return None


def _json_kind(value) -> str:
    return {type(None): "null", bool: "a boolean", int: "a number", float: "a number", str: "a string",
            list: "a list", dict: "an object"}.get(type(value), type(value).__name__)


def _manifest_check(body: dict) -> str:
    """SHA-256 of a manifest's contents (all but ``check``), in one canonical JSON spelling."""
    return sha256_bytes(json.dumps({key: value for key, value in body.items() if key != "check"},
                                   sort_keys=True, separators=(",", ":")).encode())


def _npy_layer(groups) -> memoryview:
    """The bytes of ``np.save(np.concatenate(groups))``, built with one copy of the layer."""
    n = sum(len(g) for g in groups)
    head = io.BytesIO()
    np.lib.format.write_array_header_1_0(head, {"descr": np.lib.format.dtype_to_descr(np.dtype(_U64)),
                                                "fortran_order": False, "shape": (n,)})
    head = head.getvalue()                   # padded to a multiple of 64 bytes: the words stay aligned
    buffer = np.empty(len(head) + 8 * n, dtype=np.uint8)
    buffer[:len(head)] = np.frombuffer(head, dtype=np.uint8)
    if n:
        np.concatenate(groups, out=buffer[len(head):].view(_U64))
    return memoryview(buffer)


def _a_search_it_writes(rows: int, cols: int, goal: list) -> bool:
    """True when rows, cols and goal (ints, from a manifest) are a board the packed search can take."""
    return (rows >= 1 and cols >= 1 and rows * cols <= PACKED_MAX_CELLS and len(goal) == rows * cols
            and sorted(goal) == list(range(rows * cols)))


class _Store:
    """Finished layers on disk: ``layer_DDD.npy`` files, ``manifest.json`` and a lock file.

    The manifest holds the search (format, rows, cols, goal), ``counts``,
    ``complete``, a record per layer (file, count, bytes, sha256) and
    ``check``, the SHA-256 of all the rest. Every file is written by
    :func:`~puzzlelib.engines.storage.write_atomic` (a unique temporary name, then a
    rename), the layer before the manifest that lists it.
    """

    def __init__(self, directory, rows: int, cols: int, goal: Board, keep_layers: bool):
        self.path = Path(directory)
        self.path.mkdir(parents=True, exist_ok=True)
        self.rows, self.cols, self.goal = rows, cols, goal
        self.header = {"format": FORMAT, "rows": rows, "cols": cols, "goal": list(goal.tiles)}
        self.keep_layers = keep_layers
        self.manifest = self.path / "manifest.json"
        self.records: list[dict] = []
        self.exclusive = False

    def file(self, depth: int) -> Path:
        return self.path / f"layer_{depth:03d}.npy"

    @contextmanager
    def locked(self):
        """Hold an exclusive ``fcntl.flock`` on ``.frontier.lock`` in the folder: one search at a time.

        Where there is no ``fcntl`` (Windows) or the file system refuses locks,
        the search runs unlocked; its files are still written whole.
        """
        try:
            import fcntl
        except ImportError:
            fcntl = None
        with open(self.path / LOCK_NAME, "ab") as handle:
            if fcntl is not None:
                try:
                    fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
                    self.exclusive = True
                except OSError:
                    pass
            try:
                yield self
            finally:
                if self.exclusive:
                    self.exclusive = False
                    fcntl.flock(handle.fileno(), fcntl.LOCK_UN)

    def _read_manifest(self):
        """(problem, manifest): the manifest, or what is wrong with it. A different search raises ValueError."""
        try:
            text = read_regular(self.manifest, limit=MANIFEST_LIMIT)
        except OSError as err:
            return f"it cannot be read ({err})", None
        if not text.strip():
            return "it is empty", None
        saved, problem = parse_json(text)
        if problem:
            return problem, None
        if not isinstance(saved, dict):
            return f"it holds {_json_kind(saved)}, not a JSON object", None
        wrong = [key for key in ("rows", "cols") if key in saved and type(saved[key]) is not int]
        if "goal" in saved and not (isinstance(saved["goal"], list) and all(type(t) is int for t in saved["goal"])):
            wrong.append("goal")
        if wrong:      # damage, not another search: a search is never refused for a field it can't have written
            return f"its {' and '.join(wrong)} {'is' if len(wrong) == 1 else 'are'} not of the type it writes", None
        search = {key: self.header[key] for key in ("rows", "cols", "goal")}
        theirs = {key: saved.get(key) for key in search}
        if all(key in saved for key in search) and not _a_search_it_writes(**theirs):
            return "its rows, cols and goal are not a board the search can have written", None
        if all(key in saved for key in search) and theirs != search:
            raise ValueError(f"{self.path} holds a search of {theirs}, not of {search}; "
                             "use another directory")
        fmt = saved.get("format")
        if fmt != FORMAT:
            if isinstance(fmt, str) and fmt.startswith("puzzlelib-frontier-"):
                return f"it was written in the format {fmt!r}, not {FORMAT!r}", None
            return f"its format is {fmt!r}, not {FORMAT!r}", None
        missing = [key for key in ("rows", "cols", "goal", "counts", "complete", "layers", "check")
                   if key not in saved]
        if missing:
            return f"it has no {', '.join(missing)}", None
        counts = saved["counts"]
        if not isinstance(counts, list) or not counts:
            what = "an empty list" if counts == [] else _json_kind(counts)
            return f"its counts are {what}, not a list of layer sizes", None
        bad = [c for c in counts if type(c) is not int or c < 1]
        if bad:
            return f"its counts hold {bad[0]!r}, not a positive whole number", None
        if counts[0] != 1:
            return f"its counts start with {counts[0]}, but layer 0 is the goal alone", None
        total, limit = sum(counts), reachable_count(self.rows, self.cols)
        if total > limit:
            return f"its counts add up to {total:,} boards, more than the {limit:,} reachable", None
        if len(counts) - 1 > depth_bound(self.rows, self.cols):
            return (f"it lists layers to depth {len(counts) - 1}, but no board of {self.rows} x {self.cols} "
                    f"is more than {depth_bound(self.rows, self.cols)} moves from a goal"), None
        if type(saved["complete"]) is not bool:
            return f"its 'complete' is {saved['complete']!r}, not true or false", None
        layers = saved["layers"]
        if not isinstance(layers, list) or len(layers) != len(counts):
            return "its layer records don't match its counts, one per layer", None
        for depth, (record, count) in enumerate(zip(layers, counts)):
            if not (isinstance(record, dict) and record.get("file") == self.file(depth).name
                    and type(record.get("count")) is int and record["count"] == count
                    and type(record.get("bytes")) is int and record["bytes"] >= 0
                    and isinstance(record.get("sha256"), str)):
                return f"its record of layer {depth} is {record!r}, not that of a file of {count} boards", None
        if saved["check"] != _manifest_check(saved):
            return "its checksum does not match its contents (edited or damaged)", None
        return None, saved

    def _read_layer(self, depth: int):
        """(words, None) for a layer file that matches its record and holds a valid layer, else (None, problem)."""
        path, record = self.file(depth), self.records[depth]
        problem = file_problem(path, record)
        if problem:
            return None, problem
        try:
            words = np.load(path, allow_pickle=False)
        except (ValueError, OSError, EOFError) as err:
            return None, f"it is not a readable .npy file ({err})"
        problem = layer_problem(words, depth, record["count"], self.rows, self.cols, self.goal)
        return (None, problem) if problem else (words, None)

    def load(self):
        """(counts, last layer, complete) of an earlier run, checked; None to start from the goal.

        A manifest or last layer that fails a check is reported with a
        :class:`~puzzlelib.engines.storage.DamagedFileWarning` and not used.
        """
        if not self.manifest.exists():
            return None
        if self.manifest.is_dir():       # can't be read, and can't be replaced by a file either
            raise ValueError(f"{str(self.manifest)[:200]} is a directory, where the search keeps its manifest; "
                             "remove it or pass another directory=")
        problem, saved = self._read_manifest()
        if problem:
            report_damage(self.manifest, problem)
            return None
        counts, complete = saved["counts"], saved["complete"]
        self.records = saved["layers"]
        depth = len(counts) - 1
        last, problem = self._read_layer(depth)
        if problem:
            self.records = []
            report_damage(self.file(depth), problem)
            return None
        if complete:
            limit = reachable_count(self.rows, self.cols)
            if sum(counts) != limit:
                problem = f"it is marked complete with {sum(counts):,} boards, but {limit:,} are reachable"
            elif sum(len(g) for g in next_layer(_split_by_blank(last, self.rows * self.cols),
                                                blank_moves(self.rows, self.cols))):
                problem = f"it is marked complete, but layer {depth} has successors"
            if problem:
                self.records = []
                report_damage(self.manifest, problem)
                return None
        return counts, last, complete

    def layer(self, depth: int):
        """Layer ``depth`` from its file if it is there and passes its checks, else None (damage is reported)."""
        if not self.file(depth).exists():
            return None
        words, problem = self._read_layer(depth)
        if problem:
            report_damage(self.file(depth), problem)
        return words

    def start(self, layer: np.ndarray) -> None:
        """Begin again from the goal: drop the old layer files (and stray temporary files), write layer 0."""
        self.records = []
        if self.exclusive:        # no other search of ours is writing here
            for pattern in ("layer_*.npy", ".layer_*.tmp", ".manifest.json.*.tmp", "manifest.tmp"):
                for path in self.path.glob(pattern):
                    if pattern != "layer_*.npy" or re.fullmatch(r"layer_\d{3,}(\.tmp)?\.npy", path.name):
                        path.unlink(missing_ok=True)
        self.save([1], [layer], False)

    def save(self, counts: list[int], groups, complete: bool) -> None:
        """Write the newest layer, then the manifest, each atomically: no half layer is ever listed."""
        depth = len(counts) - 1
        if groups is not None:
            record = write_atomic(self.file(depth), _npy_layer(groups))
            del self.records[depth:]
            self.records.append({"file": self.file(depth).name, "count": counts[-1], **record})
        body = {**self.header, "counts": counts, "complete": complete, "layers": self.records}
        body["check"] = _manifest_check(body)
        write_atomic(self.manifest, json.dumps(body).encode())
        if not self.keep_layers and depth >= 1 and groups is not None:
            self.file(depth - 1).unlink(missing_ok=True)

    def discard(self) -> None:
        """Forget the saved search: the next call starts again from the goal."""
        self.manifest.unlink(missing_ok=True)


def _progress_bar(show, total: int, done: int, rows: int, cols: int):
    if show is None:
        show = total >= 10_000_000
    if not show:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, initial=done, unit=" states", unit_scale=True,
                desc=f"{rows} x {cols} BFS", dynamic_ncols=True)


@keyword_only("goal")
def frontier_search(rows: int, cols: int, *, goal=None, directory=None, max_depth: int | None = None,
                    keep_layers: bool = False, budget: int | None = None, progress: bool | None = None,
                    on_layer=None) -> FrontierResult:
    """Breadth-first search from ``goal`` over its whole component, keeping two layers at a time.

    It takes the keywords of :func:`~puzzlelib.engines.distributed.distributed_search`, with the same
    defaults. ``goal`` defaults to the blank-last goal. ``max_depth`` stops early,
    after the layer at that depth. ``progress`` shows a tqdm bar (layer,
    states so far, elapsed time); by default only for boards with 10 million
    states or more. ``on_layer(depth, count, seconds)`` is called after each new layer.
    Boards that would not fit in memory are refused up front
    by :func:`~puzzlelib.core.limits.check_frontier_bfs`.

    With ``directory``, every finished layer is written there, and a later
    call with the same directory resumes from the last finished layer
    (with ``keep_layers=True`` every layer's file stays on disk, else the last one's):

    * The call holds an exclusive lock on ``.frontier.lock`` in the
      directory for its whole run, so a second search there waits, then
      resumes from what the first one saved.
    * What it resumes from is checked first: the manifest's fields, the last
      layer's size and SHA-256 against their record, and its words
      (:func:`layer_problem`); a search marked complete must hold every
      reachable board and a last layer with no successors. Anything that
      fails is reported with a :class:`~puzzlelib.engines.storage.DamagedFileWarning`
      and the search starts again from the goal, overwriting the files. A
      folder holding a search of another board or goal raises ValueError.
    * A ``max_depth`` below the saved depth returns the result up to
      ``max_depth`` (not complete) if that layer's file is still there and
      passes its checks (``keep_layers=True``), and raises ValueError if not.
      The folder is left as it is.

    Whatever it resumed from, a search whose total passes
    :func:`~puzzlelib.core.limits.reachable_count`, that goes deeper than
    :func:`depth_bound`, or that ends before reaching every board stops
    with a :class:`~puzzlelib.core.errors.PuzzleError` instead of running on.

    >>> r = frontier_search(3, 3)
    >>> r.reached, r.depth, len(r.last_boards())
    (181440, 31, 2)
    >>> frontier_search(3, 3, max_depth=4).counts
    [1, 2, 4, 8, 16]
    """
    rows, cols = check_shape(rows, cols)
    goal = resolve_goal(goal, (rows, cols))
    if max_depth is not None:
        max_depth = whole_number(max_depth, "max_depth", minimum=0)
    check_frontier_bfs(rows, cols, budget)
    k = rows * cols
    if k > PACKED_MAX_CELLS:
        raise ValueError(f"frontier_search packs a board into 64 bits: at most {PACKED_MAX_CELLS} cells, "
                         f"got {rows} x {cols}")
    if on_layer is not None and not callable(on_layer):
        raise TypeError(f"on_layer must be a function of (depth, count, seconds), got {type(on_layer).__name__}")
    keep_layers = check_flag(keep_layers, "keep_layers")
    progress = check_flag(progress, "progress", allow_none=True)
    started = time.perf_counter()
    if directory is None:
        return _search(rows, cols, goal, None, max_depth, progress, started, on_layer)
    store = _Store(directory, rows, cols, goal, keep_layers)
    with store.locked():
        return _search(rows, cols, goal, store, max_depth, progress, started, on_layer)


def _search(rows: int, cols: int, goal: Board, store, max_depth, progress, started, on_layer=None) -> FrontierResult:
    k = rows * cols
    saved = None if store is None else store.load()
    if saved is None:
        counts, layer, complete = [1], np.array([pack(goal.tiles)], dtype=_U64), False
        if store is not None:
            store.start(layer)
    else:
        counts, layer, complete = saved
        if max_depth is not None and max_depth < len(counts) - 1:
            layer = store.layer(max_depth)
            if layer is None:
                raise ValueError(
                    f"{store.path} holds a search to depth {len(counts) - 1} and the file of layer "
                    f"{max_depth} is not there (keep_layers=False) or failed its checks, so max_depth="
                    f"{max_depth} can't be answered from it; use another directory or max_depth >= "
                    f"{len(counts) - 1}")
            return FrontierResult(rows, cols, goal, counts[:max_depth + 1], False, layer,
                                  time.perf_counter() - started)
    moves = blank_moves(rows, cols)
    groups = _split_by_blank(layer, k)
    del layer
    reachable, deepest, total = reachable_count(rows, cols), depth_bound(rows, cols), sum(counts)
    bar = None if complete else _progress_bar(progress, reachable, total, rows, cols)
    layer_started = time.perf_counter()
    try:
        while not complete and (max_depth is None or len(counts) - 1 < max_depth):
            if bar is not None:
                bar.set_postfix_str(f"layer {len(counts)}", refresh=False)
            nxt = next_layer(groups, moves, None if bar is None else bar.update)
            size = sum(len(g) for g in nxt)
            if size == 0:
                if total != reachable:
                    raise _inconsistent(rows, cols, store, f"it ended at depth {len(counts) - 1} with "
                                        f"{total:,} boards, but {reachable:,} are reachable")
                complete = True
                if store is not None:
                    store.save(counts, None, complete)
                break
            total += size
            if total > reachable:
                raise _inconsistent(rows, cols, store, f"layer {len(counts)} brings the total to {total:,} "
                                    f"boards, more than the {reachable:,} reachable")
            if len(counts) > deepest:
                raise _inconsistent(rows, cols, store, f"it reached depth {len(counts)}, but no board is "
                                    f"more than {deepest} moves from a goal")
            groups = nxt
            del nxt
            counts.append(size)
            if store is not None:
                store.save(counts, groups, complete)
            if on_layer is not None:
                now = time.perf_counter()
                on_layer(len(counts) - 1, size, now - layer_started)
                layer_started = now
    finally:
        if bar is not None:
            bar.set_postfix_str(f"depth {len(counts) - 1}" + (", done" if complete else ""))
            bar.close()
    last = np.concatenate(groups)
    return FrontierResult(rows, cols, goal, counts, complete, last, time.perf_counter() - started)
