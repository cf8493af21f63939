"""The build server: one process of the user's that runs `spellc build` for the commands that ask it, keeping
between builds what each file's parse and check and each page's drawing gave (see
:mod:`spellc.compiler.build_client` for why, and how a command finds it).

    python -P -m spellc.compiler.build_server SOCKET

It holds a lock beside its socket for as long as it runs, so only one serves a socket; a socket left by a server
that was killed is replaced. Each connection brings one request: a build (its command line, its
folder, whether to colour, the encodings of the command's streams) or a control (``status``, ``stop``), framed as
:func:`spellc.compiler.build_client.frame` says. The
build runs exactly as in the command's own process (:func:`spellc.compiler.cli.run`), its standard output and
error sent back as they are written, then its exit status. What can wait is done after the reply: the garbage
collected, while the user reads the result.
"""

from __future__ import annotations

import fcntl
import gc
import io
import os
import resource
import socket
import struct
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from spellc.compiler import build_client, cli, journal, kept
from spellc.compiler.build import settle
from spellc.compiler.source import number

LOCK_WAIT = 10.0  # seconds a new server waits for the one it replaces (exiting: its code changed) to let go
ASKING = 10.0  # seconds a connection has to send its request
LOOK = 60  # seconds between looks, while idle, at whether its socket is still there


class Channel(io.TextIOBase):
    """A stream of the command's (``out`` or ``err``), written to over the connection, one message per write. A
    command that has gone (Ctrl-C) no longer reads: the build goes on, writing nothing."""

    def __init__(self, conn: socket.socket, name: str, encoding: str, tty: bool) -> None:
        super().__init__()
        self.conn, self.name, self._encoding, self.tty = conn, name, encoding, tty
        self.gone = False

    @property
    def encoding(self) -> str:  # type: ignore[override]  # io.TextIOBase declares it read-only
        return self._encoding

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.tty

    def write(self, text: str) -> int:
        if text and not self.gone:
            send(self.conn, {self.name: text}, self)
        return len(text)


def send(conn: socket.socket, message: dict[str, Any], channel: Channel | None = None) -> None:
    try:
        conn.sendall(build_client.frame(message))
    except OSError:
        if channel is not None:
            channel.gone = True


class Server:
    def __init__(self, path: Path) -> None:
        self.path = path
        kept.code()  # the code this process loaded, as it is now: what :meth:`stale` compares with
        self.identity = build_client.identity()
        self.started = time.time()
        self.builds = 0
        self.parser = cli.command_line()  # made once: making it took longer than many a build after an edit

    def serve(self, listener: socket.socket, idle: int) -> None:
        """Answer requests until none comes for ``idle`` seconds, one asks it to stop, spellc's code changes, or
        its socket is gone (its state folder removed: no command can reach it)."""
        listener.settimeout(min(idle, LOOK))
        bound, last = self.path.stat().st_ino, time.monotonic()
        while True:
            try:
                conn, _ = listener.accept()
            except TimeoutError:
                if time.monotonic() - last >= idle or not self.reachable(bound) or self.stale():
                    return
                continue
            with conn:
                conn.settimeout(ASKING)  # a request is sent at once: a client that sends none in time is dropped
                go_on = self.answer(conn)
            gc.collect()  # while the user reads the result, not during the next build
            if not go_on:
                return
            last = time.monotonic()

    def stale(self) -> bool:
        """Whether spellc's code on disk is no longer the code this process loaded (spellc was updated or edited):
        the next command starts a server of the new code (of a new socket, if the protocol changed)."""
        return kept.code_changed()

    def reachable(self, bound: int) -> bool:
        """Whether this server's socket is still where commands look for it."""
        try:
            return self.path.stat().st_ino == bound
        except OSError:
            return False

    def answer(self, conn: socket.socket) -> bool:
        """Answer the connection's request; whether to go on serving."""
        if not same_user(conn):
            return True
        try:
            request = build_client.Frames(conn).next(build_client.LONGEST)
        except (OSError, ValueError, EOFError, TypeError):
            return True
        if self.stale():
            send(conn, {"stale": True})
            return False
        if request.get("protocol") != build_client.PROTOCOL:
            return True
        if request.get("identity") != self.identity:  # another Python, spellc or setting, whose socket's name
            send(conn, {"declined": "another identity"})  # happens to be this one's: the command builds by itself
            return True
        conn.settimeout(None)  # a build's output is read as it comes, however long the build takes
        if "control" in request:
            return self.control(conn, request["control"])
        try:
            os.chdir(str(request["cwd"]))
        except (OSError, KeyError) as err:  # the command's folder is gone, or hidden from this process: it builds
            send(conn, {"declined": str(err)})
            return True
        with journal.later():  # written once the command has its answer
            send(conn, {"exit": self.build(conn, request)})
        return True

    def control(self, conn: socket.socket, action: object) -> bool:
        if action == "stop":
            send(conn, {"out": f"spellc: the build server (process {os.getpid()}) stops\n"})
        else:
            send(conn, {"out": self.status()})
        send(conn, {"exit": 0})
        return action != "stop"

    def status(self) -> str:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # kilobytes on Linux
        return (f"spellc: build server, process {os.getpid()}, up {time.time() - self.started:.0f}s, "
                f"{self.builds} build{'s' * (self.builds != 1)}, at most {peak} MB in memory\n"
                f"  socket: {self.path}\n  log:    {build_client.log_of(str(self.path))}\n")

    def build(self, conn: socket.socket, request: dict[str, Any]) -> int:
        """The request's build, run as the command would run it, in its folder (the current one); its exit status."""
        encodings = request.get("encoding") or ["utf-8", "utf-8"]
        colour = bool(request.get("colour"))
        out = Channel(conn, "out", str(encodings[0]), tty=False)
        err = Channel(conn, "err", str(encodings[1]), tty=colour)
        streams = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        try:
            args = self.parser.parse_args(["build", *map(str, request["argv"])])
            return cli.run(args, colour)
        except SystemExit as usage:  # argparse's usage error: the command checked its line first, but still
            return usage.code if isinstance(usage.code, int) else 2
        except Exception:  # noqa: BLE001 (a fault of spellc's own: logged, and the command builds by itself)
            traceback.print_exc(file=streams[1])
            streams[1].flush()
            raise SystemExit(1) from None  # the command sees the server stop, and builds itself
        finally:
            sys.stdout, sys.stderr = streams
            os.chdir("/")
            self.builds += 1
            settle()  # after the first build: what it keeps set aside from later collections


def same_user(conn: socket.socket) -> bool:
    """Whether the process at the other end is this user's (Linux says; elsewhere the socket's private folder is
    the only way in)."""
    option = getattr(socket, "SO_PEERCRED", None)
    if option is None:
        return True
    try:
        _pid, uid, _gid = struct.unpack("3i", conn.getsockopt(socket.SOL_SOCKET, option, struct.calcsize("3i")))
    except OSError:
        return False
    return uid == os.getuid()


def locked(path: Path) -> int | None:
    """A descriptor holding the lock of ``path``'s server (released when this process ends, however it ends);
    None when another server keeps it for longer than :data:`LOCK_WAIT`."""
    fd = os.open(build_client.lock_of(str(path)), os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() > deadline:
                os.close(fd)
                return None
            time.sleep(0.05)


def idle_seconds() -> int:
    """How long a server waits for a build: ``SPELLC_SERVER_IDLE`` seconds (at least one), else half an hour."""
    try:
        return max(1, number(os.environ.get(build_client.IDLE_ENV, "")))
    except ValueError:
        return build_client.IDLE


def main(argv: list[str] | None = None) -> int:
    path = Path((argv or sys.argv[1:])[0])
    os.chdir("/")
    lock = locked(path)
    if lock is None:
        return 0  # another server serves this socket
    path.unlink(missing_ok=True)  # left by a server that was killed: the lock says none serves it now
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    build_client.at(str(path), listener.bind)
    os.chmod(path, 0o600)
    listener.listen(16)
    bound = path.stat().st_ino
    idle = idle_seconds()
    try:
        Server(path).serve(listener, idle)
    finally:
        listener.close()
        if path.exists() and path.stat().st_ino == bound:
            path.unlink()
        os.close(lock)
    return 0


if __name__ == "__main__":
    sys.exit(main())
