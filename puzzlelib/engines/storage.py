"""Files the package writes and reads back: one format, written atomically, checked before they are trusted.

Four things keep results on disk: BFS spaces and pattern databases in the cache folder, the layers of a
resumable frontier (or Dask) search, and the tables shipped with the package. They share one format and
these few tools, so the rules are the same everywhere:

* **One record.** Every data file has a record ``{"file": name, "bytes": size, "sha256": digest}``, and
  :func:`record_problem` / :func:`file_problem` are the one check of a file against it. A cached result
  (a BFS space, a pattern database) is a data file with a JSON file beside it that holds what the data
  is (the goal, the pattern, the format) and, under ``"data"``, its record: :func:`save_checked` writes
  the pair, :func:`read_checked` reads it back only if it describes exactly what was asked for and the
  data matches its record. A search's layers and the shipped tables list one record per file in a
  manifest.

* **Atomic writes.** A file is written under a unique temporary name in the
  same folder, flushed, then renamed over the target: a reader sees the old
  file or the new one, never half of one, and two processes writing the same
  file at once never share a temporary name.
* **A record for every file**: its size and SHA-256, kept beside it (in a
  manifest or a metadata file). :func:`matches` checks a file against its
  record before it is used; a file that doesn't match is reported with a
  :class:`DamagedFileWarning` and rebuilt, never used.
* **Nowhere to write is not an error.** :func:`try_write` reports a folder
  that can't be written (read-only, a file in the way, a full disk) once,
  with a warning that says where the file would have gone, and the caller
  carries on with what it has in memory.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> record = write_atomic(folder / "a.bin", b"abc")
>>> record["bytes"], matches(folder / "a.bin", record)
(3, True)
>>> _ = (folder / "a.bin").write_bytes(b"abd")
>>> matches(folder / "a.bin", record)
False
"""

from __future__ import annotations

import hashlib
import io
import os
import stat
import tempfile
import warnings
from pathlib import Path

__all__ = ["DamagedFileWarning", "CacheNotWrittenWarning", "Damaged", "sha256_bytes", "sha256_file", "write_atomic",
           "npy_bytes", "matches", "record_problem", "file_problem", "report_damage", "try_write",
           "not_a_regular_file", "read_regular", "parse_json", "save_checked", "read_checked", "RECORD_LIMIT"]


class DamagedFileWarning(UserWarning):
    """A saved file failed its check (size, checksum or contents) and is being rebuilt."""


class CacheNotWrittenWarning(UserWarning):
    """A result could not be saved (for example a read-only folder); it is kept in memory only."""


def not_a_regular_file(path) -> str | None:
    """What is wrong with ``path`` as a saved file, if it exists but is not a regular file; else None.

    A FIFO would make a reader wait forever, a directory can't be read: both
    are caught before anything is opened.

    >>> import tempfile
    >>> not_a_regular_file(tempfile.mkdtemp())
    'it is a directory, not a regular file'
    >>> not_a_regular_file("/no/such/file") is None
    True
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a path is a string or a Path, got {type(path).__name__}")
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):                # missing (or a name no file can have): the caller says so
        return None
    if stat.S_ISREG(mode):
        return None
    kind = ("a directory" if stat.S_ISDIR(mode) else "a FIFO (named pipe)" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
            else "not a file")
    return f"it is {kind}, not a regular file"


def read_regular(path, limit: int | None = None) -> bytes:
    """The bytes of ``path``, read only if it is a regular file (else OSError, before anything is opened).

    With ``limit``, a file of more than ``limit`` bytes is refused (OSError) before it is read, so a
    damaged or hostile file of gigabytes (a sparse one costs no disk) is damage, not a MemoryError.

    >>> import tempfile
    >>> read_regular(tempfile.mkdtemp())
    Traceback (most recent call last):
    ...
    IsADirectoryError: it is a directory, not a regular file
    >>> big = tempfile.NamedTemporaryFile(delete=False).name
    >>> os.truncate(big, 6 * 2**30)          # 6 GiB, sparse
    >>> read_regular(big, limit=2**20)
    Traceback (most recent call last):
    ...
    OSError: it has 6,442,450,944 bytes, more than the 1,048,576 such a file can have
    """
    problem = not_a_regular_file(path)
    if problem:
        raise (IsADirectoryError if "directory" in problem else OSError)(problem)
    with open(path, "rb", opener=lambda p, flags: os.open(p, flags | getattr(os, "O_NONBLOCK", 0))) as f:
        if limit is not None:              # O_NONBLOCK: a FIFO swapped in after the check still can't make this wait
            size = os.fstat(f.fileno()).st_size
            if size > limit:
                raise OSError(f"it has {size:,} bytes, more than the {limit:,} such a file can have")
            data = f.read(limit + 1)
            if len(data) > limit:          # it grew while we read
                raise OSError(f"it has more than the {limit:,} bytes such a file can have")
            return data
        return f.read()


def parse_json(data: bytes):
    """(value, None) for JSON text, or (None, what is wrong): bad bytes, bad JSON, or nested too deep to read.

    >>> parse_json(b'{"a": 1}')
    ({'a': 1}, None)
    >>> parse_json(b"[" * 200_000)[1]
    'it is nested too deeply to be a file puzzlelib wrote'
    """
    import json

    try:
        return json.loads(data), None
    except RecursionError:
        return None, "it is nested too deeply to be a file puzzlelib wrote"
    except UnicodeDecodeError:
        return None, "it is not valid JSON (not UTF-8 text)"
    except ValueError as err:
        return None, f"it is not valid JSON ({str(err)[:80]})"


def sha256_bytes(data: bytes) -> str:
    """The SHA-256 of ``data`` as hex.

    >>> sha256_bytes(b"")[:16]
    'e3b0c44298fc1c14'
    """
    return hashlib.sha256(data).hexdigest()


def sha256_file(path) -> str:
    """The SHA-256 of a file's bytes, read a megabyte at a time.

    >>> import tempfile
    >>> sha256_file(tempfile.NamedTemporaryFile(delete=False).name) == sha256_bytes(b"")
    True
    """
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a path is a string or a Path, got {type(path).__name__}")
    digest = hashlib.sha256()
    problem = not_a_regular_file(path)
    if problem:
        raise ValueError(f"cannot read {str(path)[:200]!r}: {problem}")
    try:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
    except OSError as err:
        raise ValueError(f"cannot read {str(path)!r}: {err.strerror or err}") from None
    return digest.hexdigest()


def write_atomic(path, data: bytes) -> dict:
    """Write ``data`` to ``path`` through a unique temporary file and a rename; return its record.

    The record is ``{"bytes": size, "sha256": digest}``; keep it and check the
    file with :func:`matches` before using it again.

    >>> import tempfile, pathlib
    >>> write_atomic(pathlib.Path(tempfile.mkdtemp()) / "x", b"hi")["bytes"]
    2
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return {"bytes": len(data), "sha256": sha256_bytes(data)}


def npy_bytes(array) -> bytes:
    """An array as the bytes of a ``.npy`` file.

    >>> import numpy as np
    >>> npy_bytes(np.zeros(3, dtype=np.uint8))[:6]
    b'\\x93NUMPY'
    """
    import numpy as np

    from puzzlelib.core.limits import as_array

    buffer = io.BytesIO()
    np.save(buffer, as_array(array, "the array to save"), allow_pickle=False)
    return buffer.getvalue()


def record_problem(data: bytes, record) -> str | None:
    """What is wrong with ``data`` against its ``record`` (size, then SHA-256), or None when it matches.

    >>> record = {"file": "x", "bytes": 2, "sha256": sha256_bytes(b"hi")}
    >>> record_problem(b"hi", record) is None, record_problem(b"ho", record), record_problem(b"h", record)
    (True, 'its SHA-256 does not match its record', 'it has 1 bytes, its record says 2')
    """
    if not isinstance(record, dict) or type(record.get("bytes")) is not int or record["bytes"] < 0 \
            or not isinstance(record.get("sha256"), str):
        return "its record has no size and SHA-256"
    if len(data) != record["bytes"]:
        return f"it has {len(data):,} bytes, its record says {record['bytes']:,}"
    if sha256_bytes(data) != record["sha256"]:
        return "its SHA-256 does not match its record"
    return None


def file_problem(path, record) -> str | None:
    """:func:`record_problem` for a file, read a megabyte at a time; its size is compared before it is read.

    >>> file_problem("/no/such/file", {"bytes": 0, "sha256": sha256_bytes(b"")})
    'it is missing'
    """
    path = Path(path)
    if not isinstance(record, dict) or type(record.get("bytes")) is not int or record["bytes"] < 0 \
            or not isinstance(record.get("sha256"), str):
        return "its record has no size and SHA-256"
    problem = not_a_regular_file(path)
    if problem:
        return problem
    try:
        size = path.stat().st_size
        if size != record["bytes"]:
            return f"it has {size:,} bytes, its record says {record['bytes']:,}"
        if sha256_file(path) != record["sha256"]:
            return "its SHA-256 does not match its record"
    except FileNotFoundError:
        return "it is missing"
    except (OSError, ValueError) as err:
        return f"it can't be read ({str(err)[:120]})"
    return None


def matches(path, record) -> bool:
    """True when ``path`` exists and has exactly the size and SHA-256 of ``record`` (:func:`file_problem`).

    >>> matches("/no/such/file", {"bytes": 0, "sha256": sha256_bytes(b"")})
    False
    """
    return file_problem(path, record) is None


def report_damage(path, reason: str) -> None:
    """Warn that ``path`` is damaged and will be rebuilt (never used).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     report_damage("layer_003.npy", "its checksum does not match")
    >>> caught[0].category.__name__
    'DamagedFileWarning'
    """
    if not isinstance(path, (str, os.PathLike)) or isinstance(path, bytes):
        raise TypeError(f"path is a file name (str or Path), got {type(path).__name__}")
    if not isinstance(reason, str):
        raise TypeError(f"reason is a text, got {type(reason).__name__}")
    if not os.fspath(path).strip() or not reason.strip():
        raise ValueError("a damaged file is reported with its name and the reason, neither empty")
    # never print a file's raw bytes: a reason read from a damaged file may hold any character
    text = "".join(ch if ch.isprintable() else "?" for ch in f"{os.fspath(path)}: {reason}")[:300]
    warnings.warn(f"{text}; it will not be used and is being rebuilt", DamagedFileWarning, stacklevel=3)


_not_written: set[str] = set()


def try_write(path, data: bytes) -> dict | None:
    """:func:`write_atomic`, but a folder that can't be written gives a warning (once per folder), not an error.

    Returns the record, or None when nothing was written.

    >>> import tempfile, pathlib
    >>> try_write(pathlib.Path(tempfile.mkdtemp()) / "x.bin", b"x")["bytes"]
    1
    """
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return write_atomic(path, data)
    except OSError as err:
        folder = str(path.parent)
        if folder not in _not_written:
            _not_written.add(folder)
            warnings.warn(f"could not save {path.name} in {folder} ({err.strerror or err}); "
                          "it is kept in memory for this session only. Set PUZZLELIB_CACHE to a folder "
                          "you can write to, to keep it", CacheNotWrittenWarning, stacklevel=3)
        return None


RECORD_LIMIT = 2**20
"""The most bytes a JSON file beside a cached result may have: a larger one is damage, refused before it is read."""


class Damaged(Exception):
    """A saved file failed a check: ``path`` is the file to blame, ``reason`` says what is wrong."""

    def __init__(self, path, reason: str):
        super().__init__(reason)
        self.path, self.reason = path, reason


def _record_path(path: Path) -> Path:
    return path.with_suffix(".json")


def save_checked(path, data: bytes, about: dict) -> bool:
    """Save ``data`` at ``path``, then beside it (``.json``) ``about`` and the data's record, each atomically.

    Returns False, with one :class:`CacheNotWrittenWarning`, when the folder can't take them.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.bin"
    >>> save_checked(path, b"abc", {"format": 1, "what": "letters"})
    True
    >>> read_checked(path, {"format": 1, "what": "letters"}, limit=10)[0]
    b'abc'
    """
    import json

    path = Path(path)
    record = try_write(path, data)
    if record is None:
        return False
    doc = {**about, "data": {"file": path.name, **record}}
    return try_write(_record_path(path), json.dumps(doc, indent=1).encode()) is not None


def read_checked(path, about: dict, limit: int) -> tuple[bytes, dict] | None:
    """The data saved at ``path`` and the JSON beside it, or None when neither is there.

    Raises :class:`Damaged` (the caller reports it and rebuilds) when the JSON can't be read, does not repeat
    every item of ``about`` exactly, or has no record; or the data is missing, over ``limit`` bytes, or
    does not match its record.

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "t.bin"
    >>> _ = save_checked(path, b"abc", {"format": 1})
    >>> read_checked(path, {"format": 2}, limit=10)
    Traceback (most recent call last):
    ...
    puzzlelib.engines.storage.Damaged: it describes something else: format 1 (wanted 2)
    """
    path = Path(path)
    meta = _record_path(path)
    if not path.exists() and not meta.exists():
        return None
    try:
        text = read_regular(meta, limit=RECORD_LIMIT)
    except FileNotFoundError:
        raise Damaged(path, f"its record {meta.name} is missing (a save that was interrupted, "
                            "or is still under way in another process)") from None
    except OSError as err:
        raise Damaged(meta, f"its record could not be read ({err.strerror or err})") from None
    info, problem = parse_json(text)
    if problem:
        raise Damaged(meta, problem)
    if not isinstance(info, dict):
        raise Damaged(meta, "it is not a JSON object")
    wrong = [f"{key} {_short(info.get(key))} (wanted {_short(value)})" for key, value in about.items()
             if info.get(key) != value]
    if wrong:
        raise Damaged(meta, "it describes something else: " + "; ".join(wrong))
    record = info.get("data")
    if not isinstance(record, dict) or record.get("file") != path.name:
        raise Damaged(meta, f"it has no size and checksum record for {path.name}")
    if type(record.get("bytes")) is int and record["bytes"] > limit:
        raise Damaged(path, f"its record says {record['bytes']:,} bytes, more than the {limit:,} it can have")
    try:
        size = os.stat(path).st_size
        if type(record.get("bytes")) is int and size != record["bytes"]:   # compared first: a huge file is never read
            raise Damaged(path, f"it has {size:,} bytes, its record says {record['bytes']:,}")
        data = read_regular(path, limit=limit)
    except FileNotFoundError:
        raise Damaged(path, "the data file is missing (its record is there)") from None
    except OSError as err:
        raise Damaged(path, f"it could not be read ({err.strerror or err})") from None
    problem = record_problem(data, record)
    if problem:
        raise Damaged(path, problem)
    return data, info


def _short(value, width: int = 60) -> str:
    """``repr(value)``, cut to ``width`` characters: a damaged file's values are never printed whole."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."
