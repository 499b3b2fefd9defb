"""Run a grading kernel that can read the machine but write nowhere but a scratch folder of its own.

``nbgrader autograde`` runs a submission's cells in a kernel with the grader's rights: a cell could
write a ``puzzlelib/`` folder beside the course, edit puzzlelib or the Python installation, drop a
``nbgrader_config.py`` in the grader's home or change ``gradebook.db``, and so change how later
submissions are scored. The course's ``nbgrader_config.py`` therefore starts each grading kernel
through this module::

    python -m puzzlelib.course.exercises.jail -- python -m ipykernel_launcher -f CONNECTION_FILE

which, on Linux, enters a mount namespace of its own (through an unprivileged user namespace, or
directly as root), makes every file system of the machine read-only there (``/dev``, ``/proc`` and
``/sys`` aside), gives it a scratch folder of its own in ``/dev/shm`` as ``HOME`` and ``TMPDIR``, then
runs the kernel. Nothing outside changes; the kernel's
processes see the read-only view and nothing else. Where the system allows no namespace, the kernel
runs as before and the reason is printed on stderr (nbgrader's log), and :func:`_confine` says why.

>>> import subprocess, sys
>>> done = subprocess.run([sys.executable, "-m", "puzzlelib.course.exercises.jail", "--", sys.executable, "-c",
...                        "import pathlib; pathlib.Path(__import__('puzzlelib').__file__).touch()"],
...                       capture_output=True, text=True)
>>> done.returncode != 0 and "Read-only file system" in done.stderr
True
"""

from __future__ import annotations

import ctypes
import os
import sys

__all__: list[str] = []     # run as a program (python -m ...) and by the sandbox: nothing to call from a notebook

_CLONE_NEWNS, _CLONE_NEWUSER, _CLONE_NEWPID = 0x00020000, 0x10000000, 0x20000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 1, 2, 4, 8
_MS_REMOUNT, _MS_BIND, _MS_REC, _MS_PRIVATE = 32, 4096, 16384, 1 << 18


def _mount(libc, source, target, flags) -> int:
    return libc.mount(None if source is None else source.encode(), target.encode(), None, flags, None)


def _mount_points() -> list[str]:
    """Every mount point, from /proc/self/mountinfo (field 5), in the order they were mounted."""
    with open("/proc/self/mountinfo", encoding="utf-8") as f:
        return [line.split()[4].replace("\\040", " ") for line in f]


def _become_first_process(libc) -> None:
    """After unshare(CLONE_NEWPID): fork the namespace's first process, which returns; this one passes
    signals on to it, waits, and ends with its status (killed, it takes the namespace with it)."""
    import signal
    child = os.fork()
    if child == 0:
        libc.prctl(1, signal.SIGKILL)            # PR_SET_PDEATHSIG: the kernel dies with the process that started it
        return
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGUSR1, signal.SIGUSR2):
        signal.signal(sig, lambda signum, frame: os.kill(child, signum))
    while True:
        try:
            _, status = os.waitpid(child, 0)
            break
        except InterruptedError:
            continue
    os._exit(os.waitstatus_to_exitcode(status) % 256)


def _hide_package() -> bool:
    """Cover puzzlelib's folder with an empty read-only file system (in a confined process whose modules are
    all imported already): its source can no longer be read, copied or loaded again under another name."""
    libc = ctypes.CDLL(None, use_errno=True)
    folder = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return libc.mount(b"tmpfs", folder.encode(), b"tmpfs", _MS_RDONLY | _MS_NOSUID | _MS_NODEV, b"size=4k") == 0


def _scratch() -> str | None:
    """A fresh folder in /dev/shm (a memory file system that grading never reads), or None."""
    import shutil
    import tempfile
    import time
    try:
        for old in os.scandir("/dev/shm"):           # a grading kernel lives minutes: a day-old folder is left over
            if old.name.startswith("puzzlelib-kernel-") and old.stat().st_mtime < time.time() - 86400:
                shutil.rmtree(old.path, ignore_errors=True)
        return tempfile.mkdtemp(prefix="puzzlelib-kernel-", dir="/dev/shm")
    except OSError:
        return None


def _confine(new_user: bool | None = None, scratch: str | None = None, new_pid: bool = False,
             proc: bool = False) -> str | None:
    """In this process (before it runs the kernel): every file system read-only but /dev, /proc and /sys.
    Returns None when done, or the reason it could not be (the process is then unchanged or only
    partly confined: the caller should not go on as if it were). ``new_user``: enter a user namespace
    first (the default when not root); False in a process already in one (the sandbox's). ``scratch``: a
    folder made beforehand outside the file systems turned read-only (in /dev/shm: :func:`_scratch`), given
    to the process as its HOME and TMPDIR. ``new_pid``: the rest runs in a new PID namespace (this process
    stays outside, waits for it and ends with it: only the child returns); ``proc``: mount a /proc of the
    process's own PID namespace (one it is already in, as the sandbox's worker is). Either way /proc then
    shows no process outside, so ``/proc/PID/root`` and ``/proc/PID/cwd`` lead nowhere writable.

    >>> import os
    >>> pid = os.fork()
    >>> if pid == 0:                                   # a throwaway child: confine() changes its process
    ...     why = _confine()
    ...     try:
    ...         open(__file__, "a").close()
    ...     except OSError:
    ...         os._exit(0 if why is None else 2)
    ...     os._exit(1)
    >>> os.waitpid(pid, 0)[1] in (0, 2 << 8)           # 2: no namespace allowed on this machine
    True
    """
    if not sys.platform.startswith("linux"):
        return "only Linux has mount namespaces"
    libc = ctypes.CDLL(None, use_errno=True)
    uid, gid = os.getuid(), os.getgid()
    new_user = uid != 0 if new_user is None else new_user
    flags = (_CLONE_NEWNS | _CLONE_NEWUSER if new_user else _CLONE_NEWNS) | (_CLONE_NEWPID if new_pid else 0)
    if libc.unshare(flags) != 0:
        return f"no mount namespace allowed here ({os.strerror(ctypes.get_errno())})"
    try:
        if new_user:
            for name, text in (("setgroups", "deny"), ("uid_map", f"{uid} {uid} 1"), ("gid_map", f"{gid} {gid} 1")):
                with open(f"/proc/self/{name}", "w", encoding="ascii") as f:
                    f.write(text)
    except OSError as err:
        return f"the user namespace could not be set up ({err})"
    if _mount(libc, None, "/", _MS_REC | _MS_PRIVATE) != 0:
        return f"mounts could not be made private ({os.strerror(ctypes.get_errno())})"
    failed = []
    for point in _mount_points():
        if point.startswith(("/proc", "/sys", "/dev")):
            continue
        for locked in (0, _MS_NOSUID | _MS_NODEV, _MS_NOSUID | _MS_NODEV | _MS_NOEXEC):
            if _mount(libc, None, point, _MS_BIND | _MS_REMOUNT | _MS_RDONLY | locked) == 0:
                break
        else:
            failed.append(point)
    if failed:
        return f"{len(failed)} file systems could not be made read-only ({', '.join(failed[:3])})"
    if new_pid:
        _become_first_process(libc)              # returns in the child only
    if new_pid or proc:
        if libc.mount(b"proc", b"/proc", b"proc", _MS_NOSUID | _MS_NODEV | _MS_NOEXEC, None) != 0:
            return f"no /proc of its own could be mounted ({os.strerror(ctypes.get_errno())})"
    if scratch:
        os.environ["HOME"] = os.environ["TMPDIR"] = scratch
        os.environ["MPLCONFIGDIR"] = os.path.join(scratch, "matplotlib")
        os.environ["NUMBA_CACHE_DIR"] = os.path.join(scratch, "numba")
    return None


def _main(argv: list[str] | None = None) -> None:
    """``jail -- COMMAND ARGS...``: confine this process, then replace it with the command.

    >>> _main(["no", "command"])
    Traceback (most recent call last):
    ...
    SystemExit: usage: python -m puzzlelib.course.exercises.jail -- COMMAND [ARGS...]
    """
    argv = sys.argv[1:] if argv is None else argv
    if "--" not in argv or argv.index("--") == len(argv) - 1:
        raise SystemExit("usage: python -m puzzlelib.course.exercises.jail -- COMMAND [ARGS...]")
    command = argv[argv.index("--") + 1:]
    why = _confine(scratch=_scratch(), new_pid=True)
    if why is not None:
        print(f"puzzlelib jail: the grading kernel runs with write access: {why}", file=sys.stderr)
        if os.environ.get("PUZZLELIB_JAIL_REQUIRED", "") not in ("", "0"):
            raise SystemExit(1)
    os.execvp(command[0], command)


if __name__ == "__main__":
    _main()
