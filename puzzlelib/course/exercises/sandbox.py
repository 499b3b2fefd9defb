"""Running a student's function where it can't reach what judges it.

:func:`~puzzlelib.course.exercises.check` and :func:`~puzzlelib.course.exercises.grading.grade` judge a
write-a-function exercise by calling the student's function on hidden inputs. On Linux the function
runs in a child process, the *sandbox*, while the judging stays in the notebook's own process:

* **Only values cross.** The judge sends each call's arguments to the sandbox and reads back the
  value the function returned, as plain data (numbers, strings, tuples, lists, sets, dicts and
  boards, rebuilt and checked here), or the name and message of the exception it raised. Nothing
  the student's code writes can be taken for a verdict: at most it changes what its function
  returned, which is then judged like any answer. A reply too big (over :data:`MAX_REPLY` bytes),
  nested too deep, or not in the expected form is "not yet".
* **The notebook can't be reached.** The sandbox is the first process of a new PID namespace,
  entered through an unprivileged user namespace (or directly, as root). There the student's code
  cannot name the notebook's process: ``os.getppid()`` is 0 and ``os.kill`` of any outside pid
  fails, so it can neither stop, freeze nor interrupt the kernel. Every process it starts lives in
  that namespace and ends when the sandbox is killed. Where the system allows no namespace, a
  sandbox started as root becomes the user ``nobody`` (who may not signal root's processes), and
  any sandbox may start no further process (``RLIMIT_NPROC``); what remains possible there is said
  in :data:`ISOLATION`.
* **Nothing else is open.** The sandbox closes every descriptor it inherited but its two pipes: the
  kernel's sockets to the notebook (where a forged message could pass for a cell's output), its
  files and terminals. Its output goes to ``/dev/null``.
* **Time is kept by the judge.** When a call has not returned in time the sandbox is killed with
  SIGKILL; nothing the student's code does changes that clock.
* **Nothing can be written** but a scratch ``/tmp``: in the namespace, every file system is made
  read-only for the sandbox (:mod:`puzzlelib.course.exercises.jail`), so the student's code can't
  change puzzlelib, the course, the gradebook or a file that later grading reads.
* **Memory is capped** at 4 GiB of address space above the notebook's, so an answer that
  allocates without end fails there, not on the machine.
* **The library's answer is refused by what it does.** The functions an exercise asks the student to
  write themselves (``forbid``) are replaced in the sandbox, before the student's code runs there, where
  they live: their code object is swapped (:func:`forbid`), so every reference, wrapper, cache or alias
  of them meets the replacement, which raises :data:`FORBIDDEN` ("this exercise asks you to write it").
* **A program, not a function.** Given a :class:`Program` (a notebook's cells and a name), the sandbox
  runs the cells itself and serves the function (or value) they define: the judge of
  :mod:`puzzlelib.course.exercises.judge` uses it in a process the submission never ran in.

>>> box = Sandbox(lambda tiles: sum(tiles), seconds=10)
>>> box((1, 2, 3)), box((4, 5))
(6, 9)
>>> box.close()
"""

from __future__ import annotations

import ctypes
import json
import os
import pickle
import select
import signal
import sys
import time
import warnings

from puzzlelib.core.board import Board

__all__ = ["Sandbox", "Program", "forbid", "FORBIDDEN", "Opaque", "StudentRaised", "Unreadable", "TimeUp",
           "MAX_REPLY", "ISOLATION"]

MAX_REPLY = 1 << 20
"""The largest reply, in bytes, the judge reads from the sandbox: a larger one is "not yet"."""

_MAX_DEPTH = 50
_MAX_ITEMS = 200_000
_CLONE_NEWUSER = 0x10000000
_CLONE_NEWPID = 0x20000000
_NOBODY = 65534

ISOLATION = {
    "namespace": "a new PID namespace: the student's code cannot see or signal the notebook's process",
    "nobody": "no namespace allowed; as root the sandbox runs as nobody and may start no process",
    "nproc": "no namespace allowed; the sandbox may start no process, but it runs as the notebook's user, "
             "so it could still signal the notebook's process",
}
"""How the last sandbox was isolated (:attr:`Sandbox.isolation`), and what that means."""


class TimeUp(BaseException):
    """The time was up before the sandbox answered (a BaseException: ``except Exception`` can't catch it)."""


class StudentRaised(Exception):
    """The student's function raised ``description`` ("TypeName: message") in the sandbox."""

    def __init__(self, description: str):
        super().__init__(description)
        self.description = description


class Unreadable(ValueError):
    """The sandbox ended without a reply, or replied something that is not a result."""


class Opaque:
    """A returned value that is not plain data (a generator, a numpy array...): its type name and repr.

    >>> Opaque("generator", "<generator object f at 0x7f>")
    <generator object f at 0x7f>
    """

    def __init__(self, kind: str, text: str):
        self.kind, self.text = kind, text

    def __repr__(self):
        return self.text


def _describe(err: BaseException) -> str:
    """``TypeName: message`` of a student's exception, even one whose ``__str__`` fails; at most 200 characters."""
    try:
        text = str(err)
    except BaseException:  # noqa: BLE001  (a student's exception whose __str__ raises)
        text = "(its message cannot be shown)"
    text = text if len(text) <= 200 else text[:197] + "..."
    return f"{type(err).__name__}: {text}" if text else type(err).__name__


# --- in the sandbox: a returned value as plain JSON data --------------------------------------------

def _encode(x, budget: list, depth: int = 0):
    """``x`` as JSON data with tags: {"t": tuple}, {"l": list}, {"s": set}, {"f": frozenset}, {"d": dict
    items}, {"b": [rows, cols, tiles]}, {"x": a big int in hex}, {"o": [type, repr]} for anything else.
    Runs in the sandbox, on the student's value: whatever it does there only shapes the reply."""
    budget[0] -= 1
    if budget[0] < 0 or depth > _MAX_DEPTH:
        raise OverflowError("too big or too deeply nested")
    if x is None or isinstance(x, (bool, str)):
        return str.__str__(x) if isinstance(x, str) else bool(x) if x is not None else None
    module = type(x).__module__
    if module == "numpy" and type(x).__name__ in ("bool", "bool_"):
        return bool(x)
    if isinstance(x, Board):
        return {"b": [x.rows, x.cols, [_encode(t, budget, depth + 1) for t in x.tiles]]}
    import numbers
    if isinstance(x, numbers.Integral):
        value = int(x)
        return value if abs(value) < 1 << 62 else {"x": hex(value)}
    if isinstance(x, numbers.Real):
        return float(x)
    for kind, tag in ((tuple, "t"), (list, "l"), (frozenset, "f"), (set, "s")):
        if isinstance(x, kind):
            return {tag: [_encode(v, budget, depth + 1) for v in kind.__iter__(x)]}
    if isinstance(x, dict):
        return {"d": [[_encode(k, budget, depth + 1), _encode(v, budget, depth + 1)] for k, v in dict.items(x)]}
    return _opaque(x)


def _opaque(x) -> dict:
    try:
        text = repr(x)
    except BaseException:  # noqa: BLE001
        text = f"<a {type(x).__name__} that cannot be shown>"
    return {"o": [str(type(x).__name__)[:60], text if len(text) <= 100 else text[:97] + "..."]}


def _reply(fn, args) -> bytes:
    try:
        value = fn(*args)
    except BaseException as err:  # noqa: BLE001  (SystemExit, KeyboardInterrupt...: the student's error)
        return json.dumps(["raised", _describe(err)]).encode()
    try:
        data = json.dumps(["value", _encode(value, [_MAX_ITEMS])]).encode()
    except BaseException as err:  # noqa: BLE001  (a value that breaks when read, or is far too big)
        data = json.dumps(["value", {"o": [type(value).__name__[:60],
                                           f"<a {type(value).__name__} that cannot be read: {_describe(err)[:80]}>"]}]).encode()
    if len(data) > MAX_REPLY:
        data = json.dumps(["value", {"o": [type(value).__name__[:60],
                                           f"<a {type(value).__name__} over {MAX_REPLY // 2**20} MB as data>"]}]).encode()
    return data


# --- in the judge: the reply back as plain values ---------------------------------------------------

def _decode(x, budget: list, depth: int = 0):
    budget[0] -= 1
    if budget[0] < 0 or depth > _MAX_DEPTH + 2:
        raise Unreadable("too big or too deeply nested")
    kind = type(x)
    if x is None or kind in (bool, int, float, str):
        return x
    if kind is dict and len(x) == 1:
        (tag, body), = x.items()
        if tag == "x" and type(body) is str:
            return int(body, 16)
        if tag == "o" and type(body) is list and len(body) == 2 and all(type(s) is str for s in body):
            return Opaque(body[0][:60], body[1][:100])
        if type(body) is not list:
            raise Unreadable(f"a {tag!r} that is not a list")
        if tag in ("t", "l", "s", "f"):
            items = [_decode(v, budget, depth + 1) for v in body]
            return {"t": tuple, "l": list, "s": set, "f": frozenset}[tag](items)
        if tag == "d":
            if not all(type(kv) is list and len(kv) == 2 for kv in body):
                raise Unreadable("a dict whose items are not pairs")
            return {_decode(k, budget, depth + 1): _decode(v, budget, depth + 1) for k, v in body}
        if tag == "b" and len(body) == 3:
            rows, cols, tiles = body
            tiles = _decode({"t": tiles}, budget, depth + 1) if type(tiles) is list else None
            try:
                return Board.from_tiles(tiles, rows, cols)
            except (TypeError, ValueError):
                return Opaque("Board", f"<a Board whose tiles {str(tiles)[:60]} are not a {rows!s:.8} x "
                                       f"{cols!s:.8} board>")
    raise Unreadable(f"unexpected data of type {kind.__name__}")


def decode_reply(data: bytes):
    """The value a reply stands for; raise :class:`StudentRaised` or :class:`Unreadable`.

    >>> decode_reply(b'["value", {"t": [1, {"l": [2, 3]}]}]')
    (1, [2, 3])
    >>> decode_reply(b'["ok", ""]')
    Traceback (most recent call last):
    ...
    puzzlelib.course.exercises.sandbox.Unreadable: the reply is not a value or an error
    """
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(f"a reply is bytes, got {type(data).__name__}")
    if len(data) > MAX_REPLY:
        raise Unreadable(f"the reply is over {MAX_REPLY} bytes")
    try:
        reply = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError, UnicodeDecodeError, MemoryError):
        raise Unreadable("the reply is not readable") from None
    if type(reply) is not list or len(reply) != 2 or reply[0] not in ("value", "raised"):
        raise Unreadable("the reply is not a value or an error")
    if reply[0] == "raised":
        if type(reply[1]) is not str:
            raise Unreadable("the error is not a message")
        raise StudentRaised(reply[1][:300])
    try:
        return _decode(reply[1], [_MAX_ITEMS * 3])
    except (TypeError, RecursionError, ValueError) as err:     # an unhashable key, a bad hex number...
        raise Unreadable(f"the reply is not a value ({type(err).__name__})") from None


# --- what runs in the sandbox: the library's answer refused, a program's cells ---------------------

FORBIDDEN = "this exercise asks you to write it"
"""The message of the error a forbidden library function raises in the sandbox (and the judge's marker)."""


def _stub_code(free: int, name: str):
    """The code of a function that raises NotImplementedError naming ``name``, with ``free`` free variables
    (a function's ``__code__`` may only be swapped for one with as many)."""
    names = [f"_free{i}" for i in range(free)]
    text = ("def _outer():\n" + "".join(f"    {v} = None\n" for v in names)
            + "    def stub(*args, **kwargs):\n" + (f"        ({', '.join(names)},)\n" if names else "")
            + f"        raise NotImplementedError({f'puzzlelib.{name} in the sandbox: {FORBIDDEN}'!r})\n"
            + "    return stub\n")
    scope: dict = {}
    exec(compile(text, "<forbidden>", "exec"), scope)   # noqa: S102  (our own text)
    return scope["_outer"]().__code__


def forbid(functions) -> None:
    """In this process, make each of ``functions`` (and each method of a class among them) raise
    NotImplementedError(FORBIDDEN) when called, wherever it is referenced from. Only for a sandbox.

    >>> import os
    >>> pid = os.fork()
    >>> if pid == 0:                              # a throwaway child, as the sandbox is
    ...     from puzzlelib.core import solvability
    ...     keep = solvability.inversions
    ...     forbid([keep])
    ...     try:
    ...         keep((2, 1, 0))
    ...     except NotImplementedError as err:
    ...         os._exit(0 if FORBIDDEN in str(err) else 1)
    ...     os._exit(2)
    >>> os.waitpid(pid, 0)[1]
    0
    """
    import types
    for f in functions:
        if isinstance(f, type):
            members = [m.__func__ if isinstance(m, (staticmethod, classmethod)) else m for m in vars(f).values()]
            forbid([m for m in members if type(m) is types.FunctionType])
            continue
        while isinstance(getattr(f, "__wrapped__", None), types.FunctionType) and type(f) is not types.FunctionType:
            f = f.__wrapped__
        if type(f) is types.FunctionType:
            f.__code__ = _stub_code(len(f.__code__.co_freevars), f.__qualname__)


class Program:
    """A notebook's cells to run in the sandbox, and ``name``: the function they define (``call=True``) or
    the variable whose value is the answer (``call=False``: the sandbox then serves a function of no
    arguments that returns it). Each cell runs under its own clock of ``cell_seconds``; a cell that
    raises or runs out of time is passed over, as a notebook's next cell still runs. The sandbox gives
    the cells :attr:`setup_seconds` in all before it reports them too slow.

    >>> box = Sandbox(Program(["def f(x):", "def f(x): return x + 1", "print(1 / 0)"], "f"), seconds=10)
    >>> box(41)
    42
    >>> box.close()
    """

    def __init__(self, cells, name: str, call: bool = True, cell_seconds: float = 30, deadline: float | None = None):
        if not isinstance(name, str) or not name.isidentifier():
            raise ValueError(f"a program names a function or a variable, got {name!r}")
        self.cells, self.name, self.call = [str(c) for c in cells], name, bool(call)
        self.cell_seconds = float(cell_seconds)
        self.setup_seconds = self.cell_seconds * len(self.cells) + 5
        self.deadline = deadline
        """A ``time.monotonic()`` after which the cells get no more time (the judge's budget for a notebook)."""

    def build(self):
        """Run the cells (in the sandbox); the function they define, or one that returns the value."""
        def too_long(signum, frame):
            raise TimeoutError(f"the cell ran longer than {self.cell_seconds:g} s")

        signal.signal(signal.SIGALRM, too_long)
        scope = {"__name__": "__main__", "__builtins__": __builtins__}
        failed = []
        for i, cell in enumerate(self.cells):
            signal.setitimer(signal.ITIMER_REAL, self.cell_seconds)
            try:
                exec(compile(cell, f"<cell {i + 1}>", "exec"), scope)   # noqa: S102  (in the sandbox only)
            except BaseException as err:  # noqa: BLE001  (a cell that fails: the next runs, as in a notebook)
                failed.append(_describe(err)[:120])
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        name = self.name
        if name not in scope:
            why = f" (a cell raised {failed[-1]})" if failed else ""
            def missing(*args):
                raise NameError(f"name {name!r} is not defined: the answer cell did not define it{why}")
            return missing
        found = scope[name]
        if self.call:
            return found
        return lambda: found


class SetupTooSlow(TimeUp):
    """A :class:`Program`'s cells did not finish in the time the sandbox gave them."""


# --- the sandbox ------------------------------------------------------------------------------------

def _frame(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def _read_exact(fd: int, n: int, deadline: float | None = None) -> bytes:
    data = b""
    while len(data) < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeUp()
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
        chunk = os.read(fd, min(n - len(data), 1 << 16))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _enter_namespace() -> bool:
    """In a fresh single-threaded child: unshare into new user and PID namespaces (or, as root, a PID
    namespace alone). True when the next child will be pid 1 of a namespace of its own."""
    if not sys.platform.startswith("linux") or os.environ.get("PUZZLELIB_NO_NAMESPACE", "") not in ("", "0"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(_CLONE_NEWUSER | _CLONE_NEWPID) == 0:
            return True
        return os.geteuid() == 0 and libc.unshare(_CLONE_NEWPID) == 0
    except (OSError, AttributeError):
        return False


def _confine_without_namespace() -> str:
    import resource
    kind = "nproc"
    if os.geteuid() == 0:
        try:
            os.setgroups([])
            os.setgid(_NOBODY)
            os.setuid(_NOBODY)
            kind = "nobody"
        except OSError:
            pass
    try:
        resource.setrlimit(resource.RLIMIT_NPROC, (0, 0))
    except (OSError, ValueError):
        pass
    return kind


def _open_descriptors() -> list[int]:
    try:
        return [int(name) for name in os.listdir("/proc/self/fd")]
    except OSError:
        return list(range(3, 1024))


def _cap_memory() -> None:
    """Cap the address space at 4 GiB above what the process already maps (Linux only)."""
    try:
        import resource
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
        limit = pages * os.sysconf("SC_PAGE_SIZE") + 4 * 2**30
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY or soft > limit:
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (OSError, ValueError, ImportError):
        pass


def _serve(fn, requests: int, replies: int) -> None:
    """The sandbox's loop: read a call's arguments, call ``fn``, write the reply; until the judge closes."""
    while True:
        try:
            size = int.from_bytes(_read_exact(requests, 4), "big")
            args = pickle.loads(_read_exact(requests, size))     # from the judge: trusted
        except EOFError:
            return
        _write_all(replies, _frame(_reply(fn, args)))


class Sandbox:
    """``fn`` in a child process: calling the sandbox calls ``fn`` there and returns a plain copy of its value.

    All calls share one clock of ``seconds``: a call still running when it is up raises
    :class:`TimeUp`, and the sandbox is killed. A call that raised in the sandbox raises
    :class:`StudentRaised`; a sandbox that ended or replied nonsense, :class:`Unreadable`.
    Linux only (it forks); :meth:`close` kills it and everything it started.
    """

    def __init__(self, fn, seconds: float, *, forbid=()):
        self.deadline = time.monotonic() + seconds
        self.isolation = "?"
        self.setup_problem = None
        self._forbidden = tuple(forbid)
        req_r, self._requests = os.pipe()
        self._replies, rep_w = os.pipe()
        info_r, info_w = os.pipe()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                pass
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)   # Python 3.12+: fork() with threads running
            pid = os.fork()
        if pid == 0:
            self._child(fn, req_r, rep_w, info_r, info_w)
        self._outer = pid
        for fd in (req_r, rep_w, info_w):
            os.close(fd)
        try:
            info = _read_exact(info_r, 5, time.monotonic() + 10)
            self._worker = int.from_bytes(info[:4], "big")
            self.isolation = {0: "namespace", 1: "nobody", 2: "nproc"}.get(info[4], "?")
        except (TimeUp, EOFError):
            self._worker = 0
        finally:
            os.close(info_r)
        if isinstance(fn, Program):                # its cells run first, on a clock of their own
            problem = None
            setup_end = time.monotonic() + fn.setup_seconds
            if fn.deadline is not None and fn.deadline < setup_end:
                setup_end = fn.deadline
            try:
                size = int.from_bytes(_read_exact(self._replies, 4, setup_end), "big")
                ready = _read_exact(self._replies, size, time.monotonic() + 1) if size < 64 else b""
                if ready != b'["ready"]':
                    problem = "the answer cells did not run to their end in the sandbox"
            except TimeUp:
                self.close()
                if fn.deadline is not None and time.monotonic() >= fn.deadline:
                    raise SetupTooSlow("the time for judging this notebook ran out (its cells are slow to run "
                                       "again): ask your lecturer") from None
                raise SetupTooSlow(f"the answer cells took longer than {fn.setup_seconds:g} s to run") from None
            except EOFError:
                problem = "the answer cells ended the process (did a cell call exit?)"
            if problem:
                self.setup_problem = problem
                self.close()
            self.deadline = time.monotonic() + seconds

    def _child(self, fn, req_r, rep_w, info_r, info_w) -> None:
        """The forked child: become the sandbox (or the parent of the namespace's first process); never return."""
        try:
            keep = {req_r, rep_w, info_w}
            for fd in _open_descriptors():       # the kernel's sockets, files, pipes: none is the student's
                if fd > 2 and fd not in keep:
                    try:
                        os.close(fd)
                    except OSError:
                        pass
            os.setsid()                          # a process group of its own: kill(0, ...) reaches only the sandbox
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            sys.stdout = sys.stderr = open(os.devnull, "w")  # noqa: SIM115  (the process ends with os._exit)
            for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGALRM):
                signal.signal(sig, signal.SIG_DFL)
            signal.setitimer(signal.ITIMER_REAL, 0)
            if _enter_namespace():
                worker = os.fork()                       # pid 1 of the new namespace
                if worker:
                    _write_all(info_w, worker.to_bytes(4, "big") + b"\0")
                    os.close(info_w)
                    os.close(req_r)
                    os.close(rep_w)
                    os.waitpid(worker, 0)
                    os._exit(0)
                code = 0
            else:
                code = {"nobody": 1, "nproc": 2}[_confine_without_namespace()]
                _write_all(info_w, os.getpid().to_bytes(4, "big") + bytes([code]))
            os.close(info_w)
            _cap_memory()
            if code == 0:                               # in the namespace: every file system read-only here
                from puzzlelib.course.exercises.jail import _confine, _hide_package
                if _confine(new_user=False, proc=True) is None and isinstance(fn, Program) and fn.call:
                    _hide_package()                     # the judge's: puzzlelib's source can't be read back
            forbid(self._forbidden)
            if isinstance(fn, Program):
                fn = fn.build()
                _write_all(rep_w, _frame(b'["ready"]'))
            _serve(fn, req_r, rep_w)
        except BaseException:  # noqa: BLE001,S110  (the sandbox ends, whatever happened)
            pass
        finally:
            os._exit(0)

    def __call__(self, *args):
        if self.setup_problem:
            raise Unreadable(self.setup_problem)
        try:
            data = pickle.dumps(args)
        except Exception as err:  # noqa: BLE001
            raise Unreadable(f"the arguments cannot be sent ({type(err).__name__})") from None
        try:
            _write_all(self._requests, _frame(data))
            size = int.from_bytes(_read_exact(self._replies, 4, self.deadline), "big")
            if size > MAX_REPLY:
                raise Unreadable(f"the reply is over {MAX_REPLY} bytes")
            reply = _read_exact(self._replies, size, self.deadline)
        except (EOFError, BrokenPipeError):
            raise Unreadable("the test ended without a result (did the function end the process?)") from None
        except TimeUp:
            self.close()
            raise
        return decode_reply(reply)

    def close(self) -> None:
        """Kill the sandbox and everything in it; safe to call twice."""
        for pid in (self._worker, self._outer):
            if pid:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
        if self._outer:
            try:
                os.waitpid(self._outer, 0)
            except OSError:
                pass
        self._worker = self._outer = 0
        for fd in (self._requests, self._replies):
            try:
                os.close(fd)
            except OSError:
                pass
        self._requests = self._replies = -1

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
