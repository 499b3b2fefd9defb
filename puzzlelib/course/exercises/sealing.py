"""Sealed answers: how the student edition checks a value answer without holding it.

The student edition has no solutions file. Each value exercise's expected answer is kept only as a
keyed check (:func:`_check_of`) and the hints for known wrong answers are encrypted with a key made
from the wrong answer itself (:func:`_seal`), so reading ``sealed.json`` gives neither the answer nor
a hint for an answer not yet given.
"""

from __future__ import annotations

__all__: list[str] = []     # the exercise engine's own helpers: nothing here is for the student

from pathlib import Path
from puzzlelib.course.exercises.answers import _family


def _withheld_answer():
    """The solution of a value exercise in the student edition: the answer is sealed (:func:`_sealed`)."""
    raise RuntimeError("the answers are not part of the student edition: check() compares with sealed answers")


_SEALED_FILE = Path(__file__).with_name("sealed.json")
"""The student edition's sealed answers (scripts/build_student.py writes it); absent in the full collection."""


_SEALED_CACHE: list = []


def _sealed() -> dict:
    """The sealed answers by exercise id, or {} when this is not the student edition (or the file is damaged)."""
    if not _SEALED_CACHE:
        import json
        try:
            data = json.loads(_SEALED_FILE.read_text(encoding="utf-8")) if _SEALED_FILE.is_file() else {}
            ok = isinstance(data, dict) and all(isinstance(v, dict) and {"family", "check", "why"} <= set(v)
                                                for v in data.values())
        except (OSError, ValueError, RecursionError):
            ok = False
        _SEALED_CACHE.append(data if ok else {})
    return _SEALED_CACHE[0]


def _canon(x) -> str:
    """A text that two plain values share exactly when :func:`_equal` calls them equal (46, 46.0 alike)."""
    family = _family(x)
    if family == "bool":
        return f"b:{bool(x)}"
    if family == "number":
        return f"n:{int(x)}" if float(x).is_integer() else f"n:{float(x)!r}"
    if family in ("tuple", "list"):
        return f"{family}(" + ",".join(_canon(v) for v in x) + ")"
    if family == "set":
        return "set{" + ",".join(sorted(_canon(v) for v in x)) + "}"
    if family == "dict":
        return "dict{" + ",".join(sorted(f"{_canon(k)}:{_canon(v)}" for k, v in x.items())) + "}"
    if family == "Board":
        return f"Board:{x!r}"
    return f"{family}:{x!r}"


def _key(exercise_id: str, value) -> bytes:
    import hashlib
    return hashlib.sha256(f"sliding-puzzles|{exercise_id}|{_canon(value)}".encode()).digest()


def _stream(key: bytes, size: int) -> bytes:
    import hashlib
    out = b""
    counter = 0
    while len(out) < size:
        out += hashlib.sha256(key + counter.to_bytes(4, "big")).digest()
        counter += 1
    return out[:size]


def _check_of(exercise_id: str, value) -> str:
    import hashlib
    return hashlib.sha256(_key(exercise_id, value)).hexdigest()


def _seal(exercise_id: str, expected, why: str, mistakes=()) -> dict:
    """What the student edition stores for a value exercise: the family, a check, the sealed why, and
    the checks of the foreseen wrong answers (``mistakes``: their values, in the exercise's order)."""
    import base64
    key = _key(exercise_id, expected)
    data = why.encode()
    return {"family": _family(expected), "check": _check_of(exercise_id, expected),
            "why": base64.b64encode(bytes(a ^ b for a, b in zip(data, _stream(key, len(data))))).decode(),
            "mistakes": [_check_of(exercise_id, m) for m in mistakes]}


def _unseal(exercise_id: str, given, sealed: dict) -> str | None:
    """The why, when ``given`` is the sealed answer; None otherwise."""
    import base64
    import hashlib
    try:
        key = _key(exercise_id, given)
    except Exception:  # noqa: BLE001  (a value that can't be put in canonical form is not the answer)
        return None
    if hashlib.sha256(key).hexdigest() != sealed["check"]:
        return None
    data = base64.b64decode(sealed["why"])
    return bytes(a ^ b for a, b in zip(data, _stream(key, len(data)))).decode("utf-8", "replace")
