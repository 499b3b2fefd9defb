"""Frontier search on a Dask cluster: the layer step of :mod:`~puzzlelib.engines.frontier`, spread over workers.

The frontier engine's layer step is already the shape of a distributed job:
expand every board, send every child to an *owner*, and let the owner sort,
merge the used-move bits and drop duplicates. No visited set is needed.

* **Partitions.** Every layer is split into ``partitions`` parts by a hash of
  the packed board (:func:`owners`; the used-move bits are left out, so every
  copy of a board has the same owner). A part is a sorted array of words, as
  a whole layer is in :func:`~puzzlelib.engines.frontier.frontier_search`.
* **Expand, shuffle, merge.** For each part a Dask task runs
  :func:`~puzzlelib.engines.packed.next_layer` on it and splits the children
  by owner (:func:`route`); for each owner a task gathers its pieces from
  every part and runs :func:`~puzzlelib.engines.packed.merge_duplicates`.
  The merged parts are the next layer. The same functions do the work as on
  one machine; only where it runs changes.
* **Where it runs.** With no cluster given, a ``LocalCluster`` of worker
  processes on this machine; given a scheduler's address
  (``tcp://HOST:PORT``), that cluster; given a ``distributed.Client``, its
  cluster. Dask itself is imported only when a search starts, so importing
  puzzlelib never needs it.
* **Refused up front.** Before any work, the memory the search plans for
  (:func:`~puzzlelib.core.limits.frontier_bfs_bytes`: room for two layers and the
  sorting buffers) is compared with half the memory the workers report.
* **Survived while running.** A worker that dies loses the parts it held;
  Dask reruns the tasks that made them (from the layer before, or from the
  files), so the answer does not change.
* **Resumable.** With ``directory`` (a folder every worker can reach: one
  machine's disk, or a shared file system), each layer lives there as
  partition files ``layer_DDD_part_PPPP.npy`` instead of in worker memory,
  and ``manifest.json`` records each file's size, SHA-256 and count. A later
  call with the same folder resumes from the last finished layer; its files
  are checked first (size, SHA-256, the words themselves with
  :func:`~puzzlelib.engines.frontier.layer_problem`, and their owner), and a
  damaged one is reported with a :class:`~puzzlelib.engines.storage.DamagedFileWarning`
  and rebuilt: the search goes back to the last layer whose files all pass
  (the files of the layer before the last are kept for that) and runs on.

Run it from a shell::

    python -m puzzlelib.engines.distributed 3 4 --workers 2
    python -m puzzlelib.engines.distributed 2 7 --scheduler tcp://HOST:8786 --partitions 256 --directory /shared/bfs27

>>> owners(np.array([pack((1, 2, 3, 0)), pack((1, 2, 3, 0)) | 5], dtype=np.uint64), 7).tolist()
[2, 2]
>>> [len(part) for part in route(np.array([pack((1, 2, 3, 0)), pack((0, 2, 3, 1))], dtype=np.uint64), 4)]
[0, 1, 0, 1]
"""

from __future__ import annotations

import argparse
import json
import logging
import operator
import os
import re
import sys
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from puzzlelib.core.door import keyword_only
from puzzlelib.core.board import Board, check_shape, resolve_goal
from puzzlelib.core.errors import check_flag
from puzzlelib.core.limits import PACKED_MAX_CELLS, TooLargeError, format_bytes, format_count, frontier_bfs_bytes, \
    reachable_count, whole_number
from puzzlelib.engines.storage import file_problem, parse_json, read_regular, report_damage, write_atomic
from puzzlelib.engines.frontier import FrontierResult, _inconsistent, _progress_bar, _Store, _manifest_check, _npy_layer, depth_bound, layer_problem
from puzzlelib.engines.packed import _split_by_blank, as_words, blank_moves, merge_duplicates, next_layer, pack

# When a client shuts down, Dask logs "Batched Comm Closed" with a traceback at INFO level: a normal end,
# not an error, that would otherwise print a traceback under a finished run (as in notebook 07).
logging.getLogger("distributed.batched").setLevel(logging.WARNING)

__all__ = ["FORMAT", "owners", "route", "DistributedResult", "distributed_search", "cluster_memory", "main"]

FORMAT = "puzzlelib-distributed-1"
_U64 = np.uint64
_HASH = _U64(0x9E3779B97F4A7C15)    # Fibonacci hashing: odd, about 2**64 / golden ratio
MISSING_DASK = ("the distributed search needs Dask's distributed scheduler, which is not installed; "
                "install it with: pip install 'dask[distributed]' (or pip install -e '.[cluster]' in the project)")


def owners(words: np.ndarray, partitions: int) -> np.ndarray:
    """The partition that owns each packed word: a hash of the board (used-move bits left out) in ``range(partitions)``.

    The board times an odd constant (mod 2**64, Fibonacci hashing); its top 32 bits times ``partitions``,
    shifted down 32 bits, is the owner (no division). Returns uint16 (at most 65,536 partitions).

    >>> owners(np.array([pack((2, 0, 1)) | 1, pack((2, 0, 1)) | 8], dtype=np.uint64), 16).tolist()
    [8, 8]
    """
    partitions = whole_number(partitions, "partitions", minimum=1, maximum=2**16)
    mixed = as_words(words) >> _U64(4)
    mixed *= _HASH                              # wraps mod 2**64, as a hash should
    mixed >>= _U64(32)
    mixed *= _U64(partitions)
    mixed >>= _U64(32)
    return mixed.astype(np.uint16)


def route(words: np.ndarray, partitions: int) -> list[np.ndarray]:
    """``words`` split by owner (:func:`owners`): one array a partition, each in the order it had.

    >>> [p.tolist() for p in route(np.array([16, 32, 48], dtype=np.uint64), 2)]
    [[32], [16, 48]]
    """
    words, partitions = as_words(words), whole_number(partitions, "partitions", minimum=1, maximum=2**16)
    if partitions == 1:
        return [words]
    owner = owners(words, partitions)
    order = np.argsort(owner, kind="stable")    # a radix sort on 16-bit keys: linear time
    bounds = np.cumsum(np.bincount(owner, minlength=partitions))[:-1]
    return np.split(words[order], bounds)


# --- The tasks: plain functions of arrays, run in the worker processes --------------------------------------

def _start_part(goal_word: int, part: int, partitions: int) -> np.ndarray:
    """Part ``part`` of layer 0: the goal if it owns it, else empty."""
    goal = np.array([goal_word], dtype=_U64)
    return goal if int(owners(goal, partitions)[0]) == part else np.empty(0, dtype=_U64)


def _load_part(path: str, count: int) -> np.ndarray:
    """A partition file (checked when the run started or just written by a task) back as words."""
    words = np.load(path, allow_pickle=False)
    if words.dtype != _U64 or words.ndim != 1 or len(words) != count:
        raise ValueError(f"{path} no longer holds the {count:,} words written to it")
    return words


def _expand(source, rows: int, cols: int, partitions: int) -> list[np.ndarray]:
    """The children of one part (an array, or a (path, count) of a file), split by owner."""
    words = _load_part(*source) if isinstance(source, tuple) else source
    children = next_layer(_split_by_blank(words, rows * cols), blank_moves(rows, cols))
    return route(np.concatenate(children), partitions)


def _sizes(pieces: list[np.ndarray]) -> list[int]:
    return [len(piece) for piece in pieces]


def _merge(*pieces: np.ndarray) -> np.ndarray:
    """One owner's part of the next layer: its pieces from every part, sorted, bits ORed, duplicates dropped."""
    return merge_duplicates(np.concatenate(pieces) if pieces else np.empty(0, dtype=_U64))


def _merge_to_file(path: str, *pieces: np.ndarray) -> dict:
    """:func:`_merge`, written to ``path`` (atomically); returns its record (count, bytes, sha256)."""
    words = _merge(*pieces)
    return {"count": len(words), **write_atomic(Path(path), _npy_layer([words]))}


def _write_part(path: str, words: np.ndarray) -> dict:
    return {"count": len(words), **write_atomic(Path(path), _npy_layer([words]))}


def _part_problem(path: str, record: dict, depth: int, part: int, partitions: int, rows: int, cols: int,
                  goal: tuple) -> str | None:
    """What is wrong with a saved partition file, or None: its record, its words, their owner."""
    problem = file_problem(path, record)
    if problem:
        return problem
    try:
        words = np.load(path, allow_pickle=False)
    except (ValueError, OSError, EOFError) as err:
        return f"it is not a readable .npy file ({err})"
    goal = Board.unchecked(rows, cols, tuple(goal))
    if depth == 0:
        expected = _start_part(pack(goal.tiles), part, partitions)
        return None if words.dtype == _U64 and words.tolist() == expected.tolist() else \
            "it is not the goal's part of layer 0"
    problem = layer_problem(words, depth, record["count"], rows, cols, goal)
    if problem is None and len(words) and bool(np.any(owners(words, partitions) != part)):
        problem = f"it holds boards that partition {part} does not own"
    return problem


# --- The client side ---------------------------------------------------------------------------------------

def _dask():
    """``distributed``, or a ModuleNotFoundError that says what to install."""
    try:
        import distributed
    except ImportError:
        raise ModuleNotFoundError(MISSING_DASK) from None
    return distributed


@dataclass
class DistributedResult(FrontierResult):
    """A :class:`~puzzlelib.engines.frontier.FrontierResult` with what the cluster did.

    ``counts``, ``reached``, ``depth`` and ``last`` mean what they mean there.
    """

    workers: int = 0
    """Workers of the cluster when the search started."""
    partitions: int = 0
    """Parts each layer was split into."""
    layer_seconds: list[float] = field(default_factory=list)
    """Wall time of each expansion this call made, in order; the last one of a complete search finds nothing."""
    shuffled: list[int] = field(default_factory=list)
    """Bytes of children each expansion sent to another partition (8 a word), in the order of ``layer_seconds``."""
    generated: list[int] = field(default_factory=list)
    """Children each expansion made (after each part's own merge, before the owners'), in the same order."""


def cluster_memory(client) -> tuple[int, int | None]:
    """(workers, the bytes of memory they report in all, or None if any reports no limit) of a Client's cluster.

    >>> class TwoWorkers:       # what a distributed.Client's scheduler_info() holds, in part
    ...     def scheduler_info(self):
    ...         return {"workers": {"tcp://a:1": {"memory_limit": 2**30}, "tcp://b:1": {"memory_limit": 2**30}}}
    >>> cluster_memory(TwoWorkers())
    (2, 2147483648)
    """
    info = getattr(client, "scheduler_info", None)
    if not callable(info):
        raise TypeError(f"client must be a distributed.Client, got {type(client).__name__}")
    workers = info()["workers"]
    limits = [int(w.get("memory_limit") or 0) for w in workers.values()]
    return len(limits), (sum(limits) if limits and all(limits) else None)


def _refuse(rows: int, cols: int, workers: int, memory: int | None, budget: int | None) -> int:
    """The planned bytes, or a TooLargeError with the figures if they are over half the workers' memory (or ``budget``)."""
    need = frontier_bfs_bytes(rows, cols)
    if budget is None:
        if memory is None:
            warnings.warn("a worker reports no memory limit, so the search can't be refused up front for its "
                          f"size; it plans for {format_bytes(need, about=True)}", RuntimeWarning, stacklevel=3)
            return need
        budget, whose = memory // 2, (f"half the {format_bytes(memory)} that the cluster's {workers} "
                                      f"worker{'s' if workers != 1 else ''} report")
    else:
        whose = "the budget given"
    if need > budget:
        layer = reachable_count(rows, cols) // 6
        raise TooLargeError(
            f"a distributed frontier search of the {rows} x {cols} board meets "
            f"{format_count(reachable_count(rows, cols))} states; with layers of up to about {format_count(layer)} "
            f"boards at 8 bytes each, it plans for {format_bytes(need, about=True)} at once (two layers and the "
            f"sorting buffers, {format_bytes(need / max(workers, 1), about=True)} a worker), more than "
            f"{format_bytes(budget)}, {whose}; add workers or memory")
    return need


class _Parts:
    """A run's partition files and manifest in ``directory`` (a folder every worker can reach)."""

    def __init__(self, directory, rows: int, cols: int, goal: Board, partitions: int, keep_layers: bool):
        self.path = Path(directory).resolve()
        self.path.mkdir(parents=True, exist_ok=True)
        self.rows, self.cols, self.goal, self.partitions = rows, cols, goal, partitions
        self.header = {"format": FORMAT, "rows": rows, "cols": cols, "goal": list(goal.tiles),
                       "partitions": partitions}
        self.keep_layers = keep_layers
        self.manifest = self.path / "manifest.json"
        self.records: list[list[dict]] = []

    def file(self, depth: int, part: int) -> str:
        return str(self.path / f"layer_{depth:03d}_part_{part:04d}.npy")

    def read_manifest(self):
        """(problem, saved). Another board, goal or number of partitions raises ValueError."""
        try:
            saved, problem = parse_json(read_regular(self.manifest, limit=16 * 2**20))
        except OSError as err:
            return f"it cannot be read ({err})", None
        if problem:
            return problem, None
        if not isinstance(saved, dict):
            return "it is not a JSON object", None
        if saved.get("format") != FORMAT:
            return f"its format is {str(saved.get('format'))[:60]!r}, not {FORMAT!r}", None
        if saved.get("check") != _manifest_check(saved):
            return "its checksum does not match its contents (edited or damaged)", None
        theirs = {key: saved.get(key) for key in self.header}
        if theirs != self.header:
            raise ValueError(f"{self.path} holds a distributed search of {theirs}, not of {self.header}; "
                             "use another directory (or the same --partitions)")
        counts, layers = saved.get("counts"), saved.get("layers")
        if not (isinstance(counts, list) and counts and all(type(c) is int and c >= 1 for c in counts)
                and counts[0] == 1 and isinstance(layers, list) and len(layers) == len(counts)
                and type(saved.get("complete")) is bool):
            return "its counts and layer records are not those of a search", None
        if sum(counts) > reachable_count(self.rows, self.cols) or len(counts) - 1 > depth_bound(self.rows, self.cols):
            return "its counts are more than the board has", None
        for depth, (layer, count) in enumerate(zip(layers, counts)):
            if not (isinstance(layer, list) and len(layer) == self.partitions
                    and all(isinstance(r, dict) and type(r.get("count")) is int for r in layer)
                    and sum(r["count"] for r in layer) == count):
                return f"its record of layer {depth} does not add up to {count:,} boards", None
        return None, saved

    def save(self, counts: list[int], records: list[dict] | None, complete: bool) -> None:
        """Record the newest layer's files (already written by the workers), then drop the files no longer needed."""
        depth = len(counts) - 1
        if records is not None:
            del self.records[depth:]
            self.records.append(records)
        body = {**self.header, "counts": counts, "complete": complete, "layers": self.records}
        body["check"] = _manifest_check(body)
        write_atomic(self.manifest, json.dumps(body).encode())
        if not self.keep_layers and records is not None and depth >= 2:   # keep the layer before: rebuilds start there
            for part in range(self.partitions):
                Path(self.file(depth - 2, part)).unlink(missing_ok=True)

    def discard(self) -> None:
        """Forget the saved search (its layers are inconsistent): the next call starts again from the goal."""
        self.manifest.unlink(missing_ok=True)

    def clear(self) -> None:
        """Start again: drop every partition file and stray temporary file of ours."""
        self.records = []
        for path in self.path.iterdir():
            if re.fullmatch(r"layer_\d{3,}_part_\d{4,}\.npy|\.layer_\d{3,}_part_\d{4,}\.npy\..*\.tmp", path.name):
                path.unlink(missing_ok=True)


def _resume(client, store: _Parts):
    """(counts, complete, the last good layer as (path, count) sources) from the folder, or None to start over.

    Checks the manifest, then every partition file of the last layer on the workers; if any is damaged, the
    layer before (when its files are there), and so on: the search runs on from the last layer that passes.
    """
    if not store.manifest.exists():
        return None
    problem, saved = store.read_manifest()
    if problem:
        report_damage(store.manifest, problem)
        return None
    counts, layers = saved["counts"], saved["layers"]
    store.records = layers
    goal = tuple(store.goal.tiles)
    for depth in range(len(counts) - 1, -1, -1):
        records = layers[depth]
        paths = [store.file(depth, part) for part in range(store.partitions)]
        if depth < len(counts) - 1 and not all(Path(p).exists() for p in paths):
            break                               # an older layer whose files were dropped: start from the goal
        checks = [client.submit(_part_problem, paths[part], records[part], depth, part, store.partitions,
                                store.rows, store.cols, goal, pure=False) for part in range(store.partitions)]
        problems = client.gather(checks)
        bad = [(paths[part], problem) for part, problem in enumerate(problems) if problem]
        for path, problem in bad:
            report_damage(path, problem)
        if not bad:      # a search marked complete is expanded once more: its last layer must have no children
            sources = [(paths[part], records[part]["count"]) for part in range(store.partitions)]
            del store.records[depth + 1:]
            return counts[:depth + 1], False, sources
    store.records = []
    return None


def _connect(client, scheduler, workers):
    """(client, the things to close afterwards): the given client, one for ``scheduler``, or a LocalCluster's."""
    if client is not None:
        return client, []
    distributed = _dask()
    if scheduler is not None:
        new = distributed.Client(scheduler)
        return new, [new]
    with warnings.catch_warnings():     # its health page moves to another port if 8787 is taken: nothing to fix
        warnings.filterwarnings("ignore", "Port 8787 is already in use", UserWarning)
        cluster = distributed.LocalCluster(n_workers=workers or max(1, min(os.cpu_count() or 1, 4)),
                                           threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        new = distributed.Client(cluster)
    except BaseException:
        cluster.close()
        raise
    return new, [new, cluster]


@keyword_only("goal")
def distributed_search(rows: int, cols: int, *, goal=None, directory=None, max_depth: int | None = None,
                       keep_layers: bool = False, budget: int | None = None, progress: bool | None = None,
                       on_layer=None, client=None, scheduler: str | None = None, workers: int | None = None,
                       partitions: int | None = None) -> DistributedResult:
    """Breadth-first search from ``goal`` over its whole component, on a Dask cluster, two layers at a time.

    The same search as :func:`~puzzlelib.engines.frontier.frontier_search`,
    with the same ``counts``, ``reached`` and ``depth``. Where it runs:
    ``client`` (a ``distributed.Client``), else ``scheduler`` (an address such
    as ``tcp://HOST:8786``), else a ``LocalCluster`` of ``workers`` processes
    on this machine (default: the cores, at most 4), closed at the end.
    ``partitions`` (default 2 per worker) is the number of parts a layer is
    split into: one task each to expand and to merge.

    ``budget`` (bytes) replaces half the memory the workers report in the
    check made before any work (a :class:`~puzzlelib.core.errors.TooLargeError`).
    ``directory``: keep the layers as partition files there (a folder every
    worker can reach), and resume from it; the files of the last two layers
    are kept (all of them with ``keep_layers``). ``max_depth`` stops after
    that layer. ``progress`` shows a tqdm bar (by default for boards with 10 million states or more), and
    ``on_layer(depth, count, seconds)`` is called after each new layer (the command's output). These
    keywords and their defaults are :func:`~puzzlelib.engines.frontier.frontier_search`'s; ``client``,
    ``scheduler``, ``workers`` and ``partitions`` are the cluster's own.

    A started cluster takes a few seconds, so the example is a 1 x 3 board on
    one worker::

        >>> r = distributed_search(1, 3, workers=1)          # doctest: +SKIP
        >>> r.counts, r.reached, r.depth                     # doctest: +SKIP
        ([1, 1, 1], 3, 2)
    """
    rows, cols = check_shape(rows, cols)
    goal = resolve_goal(goal, (rows, cols))
    if rows * cols > PACKED_MAX_CELLS:
        raise ValueError(f"the distributed frontier search packs a board into 64 bits: at most "
                         f"{PACKED_MAX_CELLS} cells, got {rows} x {cols}")
    if workers is not None:
        workers = whole_number(workers, "workers", minimum=1)
    if partitions is not None:
        partitions = whole_number(partitions, "partitions", minimum=1, maximum=2**16)
    if max_depth is not None:
        max_depth = whole_number(max_depth, "max_depth", minimum=0)
    if budget is not None:
        budget = whole_number(budget, "budget", minimum=0)
    if client is not None and (scheduler is not None or workers is not None):
        raise ValueError("give a client, a scheduler's address or a number of workers, not more than one")
    if scheduler is not None and workers is not None:
        raise ValueError("give a scheduler's address or a number of workers for a local cluster, not both")
    if scheduler is not None and not (isinstance(scheduler, str) and re.fullmatch(r"[a-z+]+://\S+|\S+:\d+", scheduler)):
        raise ValueError(f"scheduler must be an address such as tcp://HOST:8786, got {str(scheduler)[:80]!r}")
    if on_layer is not None and not callable(on_layer):
        raise TypeError(f"on_layer must be a function of (depth, count, seconds), got {type(on_layer).__name__}")
    keep_layers = check_flag(keep_layers, "keep_layers")
    progress = check_flag(progress, "progress", allow_none=True)
    started = time.perf_counter()
    client, opened = _connect(client, scheduler, workers)
    bar = None
    try:
        n_workers, memory = cluster_memory(client)
        _refuse(rows, cols, n_workers, memory, budget)
        partitions = partitions or 2 * max(n_workers, 1)
        bar = _progress_bar(progress, reachable_count(rows, cols), 1, rows, cols)

        def report(depth, count, seconds):
            if bar is not None:
                bar.update(count)
            if on_layer is not None:
                on_layer(depth, count, seconds)
        if directory is None:
            return _run(client, rows, cols, goal, partitions, None, max_depth, report, n_workers, started)
        store = _Parts(directory, rows, cols, goal, partitions, keep_layers)
        with _Store(store.path, rows, cols, goal, False).locked():    # frontier.py's lock: one search a folder
            return _run(client, rows, cols, goal, partitions, store, max_depth, report, n_workers, started)
    finally:
        if bar is not None:
            bar.close()
        for thing in opened:
            thing.close()


def _run(client, rows, cols, goal, partitions, store, max_depth, on_layer, n_workers, started):
    submit = client.submit
    saved = None if store is None else _resume(client, store)
    if saved is None:
        counts, complete = [1], False
        parts = [submit(_start_part, pack(goal.tiles), part, partitions, pure=False) for part in range(partitions)]
        if store is not None:
            store.clear()
            records = client.gather([submit(_write_part, store.file(0, part), parts[part], pure=False)
                                     for part in range(partitions)])
            store.save(counts, [{"file": Path(store.file(0, p)).name, **r} for p, r in enumerate(records)], False)
            parts = [(store.file(0, part), records[part]["count"]) for part in range(partitions)]
    else:
        counts, complete, parts = saved
        counts = list(counts)
        if max_depth is not None and max_depth < len(counts) - 1:
            raise ValueError(f"{store.path} holds a search to depth {len(counts) - 1}; max_depth={max_depth} "
                             "can't be answered from it (use another directory)")
    reachable, deepest, total = reachable_count(rows, cols), depth_bound(rows, cols), sum(counts)
    layer_seconds, shuffled, generated = [], [], []
    while not complete and (max_depth is None or len(counts) - 1 < max_depth):
        began = time.perf_counter()
        depth = len(counts)
        expanded = [submit(_expand, part, rows, cols, partitions, pure=False) for part in parts]
        sizes = [submit(_sizes, e, pure=False) for e in expanded]
        pieces = [[submit(operator.getitem, e, j, pure=False) for j in range(partitions)] for e in expanded]
        if store is None:
            merged = [submit(_merge, *[pieces[i][j] for i in range(len(parts))], pure=False)
                      for j in range(partitions)]
            part_counts = client.gather([submit(len, m, pure=False) for m in merged])
            records = None
        else:
            merged = [submit(_merge_to_file, store.file(depth, j), *[pieces[i][j] for i in range(len(parts))],
                             pure=False) for j in range(partitions)]
            records = [{"file": Path(store.file(depth, j)).name, **r} for j, r in enumerate(client.gather(merged))]
            part_counts = [r["count"] for r in records]
        matrix = client.gather(sizes)
        del expanded, pieces, sizes
        size = sum(part_counts)
        layer_seconds.append(time.perf_counter() - began)
        shuffled.append(8 * sum(n for i, row in enumerate(matrix) for j, n in enumerate(row) if i != j))
        generated.append(sum(map(sum, matrix)))
        if size == 0:
            if total != reachable:
                raise _inconsistent(rows, cols, store, f"it ended at depth {depth - 1} with {total:,} boards, "
                                    f"but {reachable:,} are reachable")
            complete = True
            if store is not None:
                store.save(counts, None, True)
                for j in range(partitions):         # the empty layer after the last is not kept
                    Path(store.file(depth, j)).unlink(missing_ok=True)
            break
        total += size
        if total > reachable:
            raise _inconsistent(rows, cols, store, f"layer {depth} brings the total to {total:,} boards, more "
                                f"than the {reachable:,} reachable")
        if depth > deepest:
            raise _inconsistent(rows, cols, store, f"it reached depth {depth}, but no board is more than "
                                f"{deepest} moves from a goal")
        counts.append(size)
        if store is None:
            parts = merged
        else:
            store.save(counts, records, False)
            parts = [(store.file(depth, j), part_counts[j]) for j in range(partitions)]
        del merged
        if on_layer is not None:
            on_layer(depth, size, layer_seconds[-1])
    last = np.sort(np.concatenate([np.asarray(p) for p in client.gather(
        [submit(_load_part, *p, pure=False) if isinstance(p, tuple) else p for p in parts])]))
    return DistributedResult(rows, cols, goal, counts, complete, last, time.perf_counter() - started,
                             workers=n_workers, partitions=partitions, layer_seconds=layer_seconds,
                             shuffled=shuffled, generated=generated)


# --- The command --------------------------------------------------------------------------------------------

def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m puzzlelib.engines.distributed",
        description="Breadth-first search of a whole sliding-puzzle state space on a Dask cluster: one line a "
                    "layer (depth, boards, seconds), then a line of JSON.")
    parser.add_argument("rows", help="rows of the board")
    parser.add_argument("cols", help="columns of the board")
    parser.add_argument("--goal", help="the goal's tiles in reading order, 0 for the blank, e.g. 1,2,3,4,5,0 "
                                       "(default: blank last)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="tcp://HOST:PORT", help="run on this Dask scheduler's cluster")
    where.add_argument("--workers", metavar="N", help="start a local cluster of N worker processes "
                                                      "(default: the cores, at most 4)")
    parser.add_argument("--partitions", metavar="P", help="parts per layer (default: 2 per worker)")
    parser.add_argument("--directory", metavar="DIR", help="keep the layers as partition files in DIR, a folder "
                                                           "every worker can reach, and resume from it")
    parser.add_argument("--max-depth", metavar="D", help="stop after layer D")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")
    return parser


def _whole(parser, text, what: str, minimum: int = 1, maximum: int | None = None) -> int | None:
    if text is None:
        return None
    if not re.fullmatch(r"\s*\d{1,18}\s*", text) or int(text) < minimum:
        parser.error(f"{what} must be a whole number, {minimum} or more, got {text[:40]!r}")
    if maximum is not None and int(text) > maximum:
        parser.error(f"{what} must be at most {maximum:,}, got {int(text):,}")
    return int(text)


def main(argv=None) -> int:
    """The command: parse ``argv``, run the search, print a line a layer and a line of JSON; 0 when done.

    Bad arguments print a message and exit with status 2 (argparse's convention); a board refused for its
    size prints why and returns 1.

    >>> main(["4", "4"])         # 16 cells don't fit a packed word: the message goes to stderr
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    parser = _parser()
    args = parser.parse_args(argv)
    rows, cols = _whole(parser, args.rows, "ROWS"), _whole(parser, args.cols, "COLS")
    if rows * cols < 2 or rows * cols > PACKED_MAX_CELLS:
        parser.error(f"the board must have 2 to {PACKED_MAX_CELLS} cells (a packed word), got {rows} x {cols}")
    workers = _whole(parser, args.workers, "--workers")
    partitions = _whole(parser, args.partitions, "--partitions", maximum=2**16)
    max_depth = _whole(parser, args.max_depth, "--max-depth", minimum=0)
    goal = None
    if args.goal is not None:
        tiles = [t for t in re.split(r"[\s,]+", args.goal.strip()) if t]
        if not all(re.fullmatch(r"\d+", t) for t in tiles) or len(tiles) != rows * cols:
            parser.error(f"--goal must list the {rows * cols} tiles of the {rows} x {cols} goal in reading order, "
                         f"0 for the blank, e.g. {','.join(map(str, list(range(1, rows * cols)) + [0]))}")
        try:
            goal = resolve_goal([[int(t) for t in tiles[r * cols:(r + 1) * cols]] for r in range(rows)], (rows, cols))
        except (ValueError, TypeError) as err:
            parser.error(f"--goal: {err}")
    if args.scheduler is not None and not re.fullmatch(r"[a-z+]+://\S+|\S+:\d+", args.scheduler):
        parser.error(f"--scheduler must be an address such as tcp://HOST:8786, got {args.scheduler!r}")
    if args.directory is not None and Path(args.directory).exists() and not Path(args.directory).is_dir():
        parser.error(f"--directory {args.directory!r} is not a folder")
    try:
        _dask()
    except ModuleNotFoundError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    bar = None
    if not args.no_progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=reachable_count(rows, cols), unit=" boards", unit_scale=True, file=sys.stderr,
                   desc=f"{rows} x {cols} BFS", dynamic_ncols=True)
    print(f"{'depth':>5} {'boards':>15} {'seconds':>9}", flush=True)

    def on_layer(depth, count, seconds):
        line = f"{depth:5d} {count:15,d} {seconds:9.3f}"
        if bar is None:
            print(line, flush=True)
        else:
            bar.write(line, file=sys.stdout)
            bar.update(count)

    try:
        if bar is not None:
            bar.update(1)
        result = distributed_search(rows, cols, goal=goal, scheduler=args.scheduler, workers=workers,
                                    partitions=partitions, directory=args.directory, max_depth=max_depth,
                                    progress=False, on_layer=on_layer)
    except TooLargeError as err:
        print(f"refused: {err}", file=sys.stderr)
        return 1
    except ValueError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    print(json.dumps({"rows": rows, "cols": cols, "counts": result.counts, "reached": result.reached,
                      "depth": result.depth, "complete": result.complete, "seconds": round(result.seconds, 3),
                      "workers": result.workers, "partitions": result.partitions,
                      "shuffled_bytes": result.shuffled}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
