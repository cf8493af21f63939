"""The build server (issue 26, "incremental across runs ... measured as separate command-line processes"):
`spellc build` hands its build to a process of the user's that keeps the last build's work in memory. What it
writes and says must be what a build in the command's own process writes and says, and it must never be a way in
for anyone else, nor a process left behind where nobody asked for one.
"""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import suppress
from pathlib import Path

import pytest

from spellc.compiler import build_client, build_server, kept
from spellc.compiler.publish import FAULT_ENV
from spellc.compiler.state import STATE_ENV
from tests.commands import new_project
from tests.test_journal import NOTHING, tree

SPELLC = str(Path(sys.executable).with_name("spellc"))
LANCE = 'spell "Lance of Ash" {{\n    sphere Forces\n    role Attack\n    fluency 1\n    resonance -2\n' \
    '    aspects Heat | Dmg {damage}\n}}\n'


@pytest.fixture
def env(tmp_path: Path) -> Iterator[dict[str, str]]:
    """A state folder of the test's own (so its server is its own), servers wanted, and stopped afterwards."""
    state = tmp_path / "state"
    state.mkdir(mode=0o700)
    environment = {**os.environ, STATE_ENV: str(state), build_client.SERVER_ENV: "on",
                   build_client.IDLE_ENV: "120", "NO_COLOR": "1"}
    environment.pop("CI", None)
    environment.pop("FORCE_COLOR", None)
    yield environment
    stop(environment)


def stop(environment: dict[str, str]) -> None:
    """Stop the server of ``environment``, and make sure it is gone (a test never leaves one behind)."""
    subprocess.run([SPELLC, "server", "stop"], env=environment, capture_output=True, timeout=60)
    for process in servers(environment):
        os.kill(process, signal.SIGKILL)


def servers(environment: dict[str, str]) -> list[int]:
    """The build servers of ``environment``'s state folder still running."""
    found = []
    for status in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            line = status.read_bytes().split(b"\0")
        except OSError:
            continue
        if b"spellc.compiler.build_server" in line and any(environment[STATE_ENV].encode() in a for a in line):
            found.append(int(status.parent.name))
    return found


def run(folder: Path, environment: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SPELLC, *argv], cwd=folder, env=environment, capture_output=True, text=True, timeout=300)


def socket_of(environment: dict[str, str]) -> Path | None:
    found = list(Path(environment[STATE_ENV]).glob("server-*.sock"))
    return found[0] if found else None


def without_times(text: str) -> str:
    return " ".join(w for w in text.split() if not w.endswith("s") or not w[:-1].replace(".", "").isdigit())


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = new_project(tmp_path / "cards", "serpents_tongue", capsys)
    (folder / "cards" / "lance.spell").write_text(LANCE.format(damage=2), encoding="utf-8")
    return folder


def fresh_copy(project: Path, elsewhere: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A new project of the same name holding ``project``'s cards, built in the test's own process."""
    copy = new_project(elsewhere / project.name, "serpents_tongue", capsys)
    for card in (copy / "cards").iterdir():
        card.unlink()
    for card in (project / "cards").iterdir():
        (copy / "cards" / card.name).write_bytes(card.read_bytes())
    done = subprocess.run([SPELLC, "build", "--no-server"], cwd=copy, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return copy


def outputs(folder: Path) -> dict[str, bytes]:
    found = {**tree(folder / "generated"), **tree(folder / "site")}
    assert "spells/lance-of-ash.md" in found or "spells/blaze.md" in found  # the project's outputs, not nothing
    return found


def test_a_build_after_an_edit_writes_what_a_whole_build_writes(project: Path, env: dict[str, str],
                                                                 tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """"Outputs stay byte-identical to a full build": the server's builds, one after another, as edits come."""
    first = run(project, env, "build")
    assert first.returncode == 0, first.stderr
    assert socket_of(env) is not None  # the first build with work to do started it
    for damage in (3, 4):
        (project / "cards" / "lance.spell").write_text(LANCE.format(damage=damage), encoding="utf-8")
        again = run(project, env, "build")
        assert again.returncode == 0, again.stderr
        assert "compiled Serpent's Tongue" in again.stdout
    assert outputs(project) == outputs(fresh_copy(project, tmp_path / "copy", capsys))


def test_the_server_says_what_a_build_here_says(project: Path, env: dict[str, str]) -> None:
    """The same lines on the same streams, and the same exit status, as `spellc build --no-server`."""
    here = run(project, env, "build", "--no-server")
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=3), encoding="utf-8")
    served = run(project, env, "build")
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=4), encoding="utf-8")
    served_again = run(project, env, "build")
    assert (served.returncode, served_again.returncode) == (here.returncode, here.returncode) == (0, 0)
    assert without_times(served.stdout) == without_times(served_again.stdout) == without_times(here.stdout)
    assert served.stderr == served_again.stderr == here.stderr
    nothing = run(project, env, "build")
    assert NOTHING in nothing.stdout


def test_a_card_error_comes_back_located_and_nothing_is_written(project: Path, env: dict[str, str]) -> None:
    assert run(project, env, "build").returncode == 0
    before = outputs(project)
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=2).replace("Forces", "Forcse"),
                                                      encoding="utf-8")
    served = run(project, env, "build")
    here = run(project, env, "build", "--no-server")
    assert served.returncode == here.returncode == 1
    assert "lance.spell:2:12: error" in served.stderr
    assert served.stderr == here.stderr
    assert outputs(project) == before


def test_a_deleted_card_removes_its_outputs(project: Path, env: dict[str, str]) -> None:
    """"A deleted or renamed card removes its outputs", through the server too."""
    assert run(project, env, "build").returncode == 0
    page = project / "site" / "spells" / "lance-of-ash.md"
    assert page.exists()
    (project / "cards" / "lance.spell").rename(project / "cards" / "blaze.spell")
    (project / "cards" / "blaze.spell").write_text(LANCE.format(damage=2).replace("Lance of Ash", "Blaze"),
                                                   encoding="utf-8")
    assert run(project, env, "build").returncode == 0
    assert not page.exists()
    assert (page.parent / "blaze.md").exists()


def test_diagnostics_are_coloured_as_the_command_would_colour_them(project: Path, env: dict[str, str]) -> None:
    """Colour is the command's to decide (its terminal, NO_COLOR, FORCE_COLOR), not the server's."""
    assert run(project, env, "build").returncode == 0
    (project / "cards" / "lance.spell").write_text("spell {", encoding="utf-8")
    plain = run(project, env, "build")
    coloured = run(project, {**env, "NO_COLOR": "", "FORCE_COLOR": "1"}, "build")
    assert "\x1b[" not in plain.stderr
    assert "\x1b[" in coloured.stderr
    assert len(servers(env)) == 1  # colour is no setting of the server's: the same one answered both


def test_no_server_when_it_is_off_or_in_ci(project: Path, env: dict[str, str]) -> None:
    """`SPELLC_SERVER=off`, `--no-server`, and CI (as Turborepo does): each command builds by itself."""
    for settings, argv in (({build_client.SERVER_ENV: "off"}, ()), ({}, ("--no-server",)),
                           ({build_client.SERVER_ENV: "", "CI": "true"}, ())):
        (project / "cards" / "lance.spell").write_text(LANCE.format(damage=len(argv) + 3), encoding="utf-8")
        assert run(project, {**env, **settings}, "build", *argv).returncode == 0
        assert socket_of(env) is None and not servers(env)
    assert run(project, {**env, "CI": "true"}, "build", "--no-server").returncode == 0
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=9), encoding="utf-8")
    assert run(project, {**env, "CI": "true"}, "build").returncode == 0  # SPELLC_SERVER=on wins over CI
    assert socket_of(env) is not None


def test_nothing_changed_starts_no_server(project: Path, env: dict[str, str]) -> None:
    """The journal answers a build with nothing to do: no process is started for it."""
    assert run(project, env, "build", "--no-server").returncode == 0
    assert NOTHING in run(project, env, "build").stdout
    assert socket_of(env) is None and not servers(env)


def test_only_this_user_reaches_it(project: Path, env: dict[str, str]) -> None:
    """Its socket is in the private state folder, readable and writable by the user alone."""
    assert run(project, env, "build").returncode == 0
    path = socket_of(env)
    assert path is not None
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_a_state_folder_others_may_write_to_has_no_server(project: Path, env: dict[str, str],
                                                          tmp_path: Path) -> None:
    """Another user could put a socket of theirs there, and answer the build with what they like."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o777)
    environment = {**env, STATE_ENV: str(shared)}
    done = run(project, environment, "build")
    assert done.returncode == 0, done.stderr
    assert "compiled" in done.stdout
    assert not list(shared.glob("server-*")) and not servers(environment)


def test_status_and_stop(project: Path, env: dict[str, str]) -> None:
    assert "no build server is running" in run(project, env, "server", "status").stdout
    assert run(project, env, "build").returncode == 0
    status = run(project, env, "server", "status").stdout
    assert f"process {servers(env)[0]}" in status and "1 build" in status
    assert "stops" in run(project, env, "server", "stop").stdout
    deadline = time.monotonic() + 30
    while servers(env) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not servers(env) and socket_of(env) is None


def test_an_idle_server_exits(project: Path, env: dict[str, str]) -> None:
    """`SPELLC_SERVER_IDLE` seconds without a build, and it is gone: nothing stays behind for long."""
    environment = {**env, build_client.IDLE_ENV: "1"}
    assert run(project, environment, "build").returncode == 0
    deadline = time.monotonic() + 30
    while servers(environment) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not servers(environment) and socket_of(environment) is None


def test_a_server_killed_is_replaced(project: Path, env: dict[str, str]) -> None:
    """A socket left by a server that was killed (no lock held on it) is replaced by the next build's server."""
    assert run(project, env, "build").returncode == 0
    for process in servers(env):
        os.kill(process, signal.SIGKILL)
    time.sleep(0.2)
    assert socket_of(env) is not None  # left behind
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=5), encoding="utf-8")
    done = run(project, env, "build")
    assert done.returncode == 0 and "compiled" in done.stdout, done.stderr
    assert len(servers(env)) == 1


def answer(server: build_server.Server, request: dict[str, object]) -> tuple[bool, list[dict[str, object]]]:
    """What ``server`` answers ``request``, in this process, over a pair of connected sockets."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with ours, theirs:
        ours.sendall(build_client.frame(request))
        go_on = server.answer(theirs)
        theirs.shutdown(socket.SHUT_WR)
        frames, replies = build_client.Frames(ours), []
        with suppress(EOFError):
            while True:
                replies.append(frames.next())
    return go_on, replies


def test_a_server_for_older_code_steps_aside(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """"Editing the grammar, a template, the ruleset's code or spellc itself invalidates what depends on it": a
    server whose code is no longer spellc's code on disk answers that it is stale, and exits."""
    server = build_server.Server(tmp_path / "server.sock")
    monkeypatch.setattr(kept, "code_changed", lambda: True)
    go_on, replies = answer(server, {"protocol": build_client.PROTOCOL, "argv": [], "cwd": str(tmp_path)})
    assert (go_on, replies) == (False, [{"stale": True}])


def test_a_server_of_other_settings_declines(tmp_path: Path) -> None:
    """Sockets are named by a checksum of what makes a server build as the command would (its Python, its spellc,
    the variables that choose spellc's folders): a server whose checksum is the same, but not those, declines,
    and the command builds by itself."""
    server = build_server.Server(tmp_path / "server.sock")
    other = "\0".join(["/another/python", "3.11", "/another/spellc", f"protocol {build_client.PROTOCOL}"])
    go_on, replies = answer(server, {"protocol": build_client.PROTOCOL, "identity": other, "argv": [],
                                     "cwd": str(tmp_path)})
    assert go_on and replies == [{"declined": "another identity"}]


def test_a_request_of_another_protocol_is_not_answered(tmp_path: Path) -> None:
    server = build_server.Server(tmp_path / "server.sock")
    go_on, replies = answer(server, {"protocol": build_client.PROTOCOL + 1, "argv": [], "cwd": str(tmp_path)})
    assert (go_on, replies) == (True, [])


def test_a_command_asks_a_server_with_python_s_built_in_modules_only() -> None:
    """A build with nothing changed is a few milliseconds of work in a server: the command's imports are what it
    costs, so none of the standard library's heavier modules loads before the server answers."""
    heavy = ("json", "socket", "selectors", "argparse", "pathlib", "typing", "subprocess", "spellc.compiler.cli")
    # What Python loaded as it started is not the command's (an editable install's finder loads pathlib)
    done = subprocess.run([sys.executable, "-c", "import sys; started = set(sys.modules); "
                           "from spellc.compiler import entry, build_client; "
                           f"print(sorted((set(sys.modules) - started) & set({heavy!r})))"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_a_request_of_the_first_protocol_is_dropped_at_once(tmp_path: Path) -> None:
    """Protocol 1 sent a JSON line: read as a frame, it claims a length far beyond any request, and is dropped
    without waiting for the rest."""
    server = build_server.Server(tmp_path / "server.sock")
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    with ours, theirs:
        ours.sendall(b'{"protocol": 1, "argv": []}\n')
        theirs.settimeout(1.0)
        assert server.answer(theirs)
        theirs.shutdown(socket.SHUT_WR)
        assert ours.recv(1) == b""


def test_the_socket_is_named_for_the_protocol() -> None:
    """A server of another protocol would not understand a request: its socket's name is not this one's."""
    assert f"protocol {build_client.PROTOCOL}" in build_client.identity().split("\0")


def test_a_server_killed_mid_build_costs_only_time(project: Path, env: dict[str, str], tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """The server dies as its build commits (as kill -9 would): the command says so and builds by itself, finishing
    what the server left (its committed transaction is rolled forward), and its outputs are a whole build's."""
    assert run(project, env, "build", "--no-server").returncode == 0
    (project / "cards" / "lance.spell").write_text(LANCE.format(damage=6), encoding="utf-8")
    killed = run(project, {**env, FAULT_ENV: "committed"}, "build")
    assert "the build server stopped before the build ended" in killed.stderr and "building here" in killed.stderr
    assert killed.returncode == 0, killed.stderr
    assert not servers(env)
    assert outputs(project) == outputs(fresh_copy(project, tmp_path / "copy", capsys))


def test_a_server_whose_socket_is_gone_stops_looking_for_builds(tmp_path: Path) -> None:
    """Its state folder removed (a test's, a user's cleanup), no command can reach it: it exits at its next look
    instead of idling for half an hour."""
    path = tmp_path / "server.sock"
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    with listener:
        listener.bind(str(path))
        server = build_server.Server(path)
        bound = path.stat().st_ino
        assert server.reachable(bound)
        path.unlink()
        assert not server.reachable(bound)
