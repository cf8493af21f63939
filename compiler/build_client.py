"""`spellc build` handed to a build server: a process of the user's that stays after a build with the cards it
checked and the pages it drew in memory, so that the build after an edit checks and draws again only what changed.

A command that starts afresh imports the compiler (0.25 s) and parses, checks and draws every card again: at
5,000 cards a build after one edit took 2.7 s as a command, against 0.13 s inside a process that had built
before (as `spellc site --serve` rebuilds). Build tools keep such a process for the commands to talk to: Gradle's
daemon, Bazel's server, mypy's dmypy, Turborepo's daemon. So does spellc (:mod:`spellc.compiler.build_server`):

- `spellc build` asks the server of this user and this spellc, if one is listening. Otherwise, when the last
  build's journal does not answer (nothing changed, :mod:`spellc.compiler.journal`), it starts one and hands it
  the build. The server replies with what the build writes to standard output and error, and its exit status:
  the same, character for character, as the command would have written itself.
- A server does one build at a time, in the command's folder. It exits after ``SPELLC_SERVER_IDLE`` seconds
  without a build (30 minutes), when asked (`spellc server stop`), and when spellc's code changes under it (the
  next command then starts a new one).
- ``SPELLC_SERVER=off`` (or ``--no-server``) builds in the command's own process, as does a CI run (the ``CI``
  variable set, as Turborepo does): a batch job that builds once would leave a process behind for nothing.
  ``SPELLC_SERVER=on`` uses one even there.
- Only this user can reach it: its socket is in the user's private state folder (:mod:`spellc.compiler.trust`),
  and on Linux the server also checks who connected. A server is kept per Python, per spellc installation and
  per setting of the variables that choose spellc's folders, so that it builds exactly as the command would.
  Whatever goes wrong with it (it cannot start, it stops, it faults) costs only time: the command then builds
  by itself.

This module is all a command loads to talk to a server: Python's built-in modules, and the state folder's lookup.
A build with nothing changed takes about 27 ms as a command at 500 cards, of which Python's start is 12 to 17 ms
and the ``import re`` of pip's launcher 6 ms, so every millisecond of import shows (the goal is 0.05x a full
build: 30 ms):
- messages are values in :mod:`marshal`'s format, which Python's import system has loaded already, each after
  its length (:func:`frame`). ``json`` cost 1.4 ms to import. Marshal's format is safe only between parties
  who trust each other, and these do: both are this user's (the socket's private folder and the peer check),
  and the same Python (the identity). No code is decoded where Python lets that be refused (3.13).
- the connection is made with ``_socket``, the core of :mod:`socket`: the module itself adds enumerations and
  selectors that cost 2.7 ms to import.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
import zlib
from functools import cache

try:
    import _socket as sockets
except ImportError:  # a Python without CPython's module (the standard module then, with its cost)
    import socket as sockets  # type: ignore[no-redef]

from spellc.compiler.state import state_folder

TYPE_CHECKING = False  # typing itself is not imported: a tenth of this module's start (type checkers see True)
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, Protocol, TextIO

    class Connection(Protocol):  # ``_socket.socket`` and ``socket.socket`` alike
        def recv(self, size: int, /) -> bytes: ...
        def sendall(self, data: bytes, /) -> None: ...

SERVER_ENV = "SPELLC_SERVER"  # "off": every build in the command's own process; "on": a server even in CI
IDLE_ENV = "SPELLC_SERVER_IDLE"  # seconds a server waits for a build before it exits
IDLE = 1800
PROTOCOL = 2  # 1: JSON lines
STARTING = 30.0  # seconds a command waits for the server it started to listen (it imports the compiler first)
LOG_KEPT = 1 << 20  # bytes of a server's log kept before a new server starts it afresh
LONGEST = 1 << 20  # the longest request a server reads (one is a few hundred bytes)
SUN_PATH = 104  # the longest socket path every Unix takes (Linux 108, the BSDs and macOS 104), with its NUL
PACKAGE = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
# Variables that choose the folders spellc reads and writes, or the code Python runs: a server started with other
# values would build otherwise than the command would, so each setting has a server of its own.
SHAPING = ("HOME", "PYTHONPATH", "XDG_CACHE_HOME", "XDG_STATE_HOME")


class Stale(Exception):
    """The server's code is no longer spellc's code on disk: it has exited, and a new one is needed."""


class Stopped(Exception):
    """The server closed the connection before it answered (it was killed, or faulted: see its log)."""


def wanted() -> bool:
    """Whether builds go through a server: ``SPELLC_SERVER`` says, else not in CI."""
    chosen = os.environ.get(SERVER_ENV, "").strip().lower()
    if chosen:
        return chosen != "off"
    return os.environ.get("CI", "").strip().lower() in ("", "0", "false", "no")


@cache
def identity() -> str:
    """What makes a server build as this command would: the Python, the spellc installation, the variables. The
    command sends it with each request, and a server of another identity declines: its socket's name is only a
    checksum of it (zlib's: hashlib's import alone was a tenth of asking a server)."""
    shaping = sorted(f"{k}={v}" for k, v in os.environ.items()
                     if k in SHAPING or (k.startswith("SPELLC_") and k not in (SERVER_ENV, IDLE_ENV)))
    # The installation's folder (a venv), not the name the command was started by (python or python3). Paths and
    # variables hold no NUL: it separates them.
    # The protocol too: a server of an older one would not understand the request (its socket's name differs).
    return "\0".join([os.path.realpath(sys.executable), sys.prefix, sys.version, PACKAGE, f"protocol {PROTOCOL}",
                      *shaping])


def address() -> str | None:
    """The socket of this command's server, in the user's private state folder; None when there is no such
    folder."""
    folder = state_folder()
    return None if folder is None else os.path.join(folder, f"server-{zlib.crc32(identity().encode()):08x}.sock")


def at(path: str, act: Callable[[str], None]) -> None:
    """``act`` (a socket's connect or bind) on ``path``: named whole when it fits in a socket's address, else
    from its folder (a state folder deep in a long home folder may not fit), the current folder then restored."""
    if len(os.fsencode(path)) < SUN_PATH:
        act(path)
        return
    here = os.open(".", os.O_RDONLY)  # restored by descriptor: it may have no name that leads back to it
    try:
        os.chdir(os.path.dirname(path))
        act(os.path.basename(path))
    finally:
        os.fchdir(here)
        os.close(here)


def log_of(path: str) -> str:
    """Where a server writes what went wrong inside it."""
    return path.removesuffix(".sock") + ".log"


def lock_of(path: str) -> str:
    """The file a server holds a lock on for as long as it serves ``path``."""
    return path.removesuffix(".sock") + ".lock"


def connect(path: str) -> sockets.socket | None:
    """A connection to the server listening at ``path``; None when none is."""
    family = getattr(sockets, "AF_UNIX", None)
    if family is None:  # no Unix sockets (Windows): every build in the command's own process
        return None
    conn = sockets.socket(family, sockets.SOCK_STREAM)
    try:
        at(path, conn.connect)
    except OSError:
        conn.close()
        return None
    return conn


def start(path: str) -> sockets.socket | None:
    """Start a server for ``path`` and connect to it once it listens; None if it does not within
    :data:`STARTING` seconds. It runs in a session of its own, from the root folder (never the project's), with
    Python's safe path (``-P``: no folder of the command's is searched for modules), and writes to its log only:
    a command whose output is captured never waits for it."""
    import subprocess  # noqa: PLC0415  (only to start a server: a command that finds one starts faster)

    try:
        with open(os.open(log_of(path), os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW, 0o600), "ab") as log:
            if os.fstat(log.fileno()).st_size > LOG_KEPT:  # what went wrong lately is kept, not all that ever did
                log.truncate(0)
            process = subprocess.Popen(
                [sys.executable, "-P", "-m", "spellc.compiler.build_server", path],
                stdin=subprocess.DEVNULL, stdout=log, stderr=log, cwd="/", start_new_session=True)
    except OSError:
        return None
    deadline = time.monotonic() + STARTING
    while time.monotonic() < deadline:
        conn = connect(path)
        if conn is not None:
            return conn
        if process.poll() is not None and process.returncode != 0:
            return None
        time.sleep(0.01)
    return None


SAFE: dict[str, bool] = {"allow_code": False} if sys.version_info >= (3, 13) else {}


def frame(message: dict[str, Any]) -> bytes:
    """``message`` as sent: its length (four bytes), then its marshal form."""
    body = marshal.dumps(message)
    return len(body).to_bytes(4, "big") + body


class Frames:
    """The messages arriving on a connection, one :func:`frame` at a time."""

    def __init__(self, conn: Connection) -> None:
        self.conn, self.pending = conn, bytearray()

    def take(self, size: int) -> bytes:
        while len(self.pending) < size:
            chunk = self.conn.recv(max(size - len(self.pending), 1 << 16))
            if not chunk:
                raise EOFError("the connection closed")
            self.pending += chunk
        taken = bytes(self.pending[:size])
        del self.pending[:size]
        return taken

    def next(self, longest: int | None = None) -> dict[str, Any]:
        """The next message (a dict). Raises EOFError when the connection closes first, ValueError when it is
        longer than ``longest`` bytes or is no message."""
        size = int.from_bytes(self.take(4), "big")
        if longest is not None and size > longest:
            raise ValueError("too long")
        message = marshal.loads(self.take(size), **SAFE)
        if not isinstance(message, dict):
            raise ValueError("not a message")
        return message


def ask(conn: sockets.socket, request: dict[str, Any], out: TextIO, err: TextIO) -> int | None:
    """Send ``request``; write what the server says to ``out`` and ``err`` as it says it; its exit status, or None
    when it declined (the command then builds by itself). Raises :class:`Stale` if it has exited for a newer
    spellc, :class:`Stopped` if it stopped before it answered."""
    try:
        conn.sendall(frame({"protocol": PROTOCOL, **request}))
        frames = Frames(conn)
        while True:
            message = frames.next()
            if message.get("stale"):
                raise Stale
            if "declined" in message:
                return None
            if isinstance(message.get("exit"), int):
                return message["exit"]
            for name, stream in (("out", out), ("err", err)):
                if isinstance(message.get(name), str):
                    stream.write(message[name])
                    stream.flush()
    except (OSError, ValueError, EOFError, TypeError):  # TypeError: marshal's, for a value it cannot make
        raise Stopped from None
    finally:
        conn.close()


def build(argv: list[str], out: TextIO, err: TextIO, colour: bool, answered: Callable[[], bool]
          ) -> int | None:
    """`spellc build` (``argv``: its arguments) by this user's server; None when the command must build by itself
    (no server is wanted or could be had, or it stopped). ``answered()``, asked before a server is started, says
    whether the last build's journal has answered (nothing changed: no server is needed for that)."""
    path = address() if wanted() else None
    if path is None:
        return None
    request = {"identity": identity(), "argv": argv, "cwd": os.getcwd(), "colour": colour,
               "encoding": [getattr(out, "encoding", None) or "utf-8", getattr(err, "encoding", None) or "utf-8"]}
    conn = connect(path)
    if conn is None:
        if answered():
            return 0
        conn = start(path)
    for _ in range(2):  # a stale server exits; the one started after it is current
        if conn is None:
            break
        try:
            return ask(conn, request, out, err)
        except Stale:
            conn = start(path)
        except Stopped:
            print(f"spellc: the build server stopped before the build ended (its log: {log_of(path)}); building here",
                  file=err)
            return None
    return None


def before_loading(project: str | None, allow_outside: bool, no_server: bool, colour: bool) -> int | None:
    """`spellc build` done before the compiler and the games load, when it can be: by this user's build server
    (:func:`build`), or answered by the last build's journal when nothing has changed (:mod:`spellc.compiler.journal`);
    None when this process must build."""

    @cache
    def answered() -> bool:  # the journal's module loads the project's: not needed when a server answers
        from pathlib import Path  # noqa: PLC0415

        from spellc.compiler import journal  # noqa: PLC0415

        return journal.answered(Path(project) if project else None, allow_outside, sys.stdout, sys.stderr)

    if not no_server:
        argv = (["--project", project] if project else []) + (["--allow-outside-outputs"] if allow_outside else [])
        code = build(argv, sys.stdout, sys.stderr, colour, answered)
        if code is not None:
            return code
    return 0 if answered() else None


def control(action: str, out: TextIO) -> int:
    """`spellc server status` or `spellc server stop`: the server of this command's settings, if one runs."""
    path = address()
    conn = connect(path) if path is not None else None
    if path is None or conn is None:
        print("spellc: no build server is running" + ("" if path is not None else
              " (there is no private state folder to hold its socket)"), file=out)
        return 0
    try:
        code = ask(conn, {"identity": identity(), "control": action}, out, out)
    except Stale:
        print("spellc: the build server was an older spellc's: it has stopped", file=out)
        return 0
    except Stopped:
        print(f"spellc: the build server stopped before it answered (its log: {log_of(path)})", file=out)
        return 1
    return 0 if code is None else code
