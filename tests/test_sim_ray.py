"""`spellc sim --backend ray` (issue 27): "Beyond one machine: --backend ray [--address ADDR] runs the same study
on a Ray cluster, with the same results for the same seed." "make test runs a small study on a local Ray
instance (ray.init with 2 CPUs) and checks that it matches the local backend match for match."

Ray is an optional extra (``pip install 'spellc[ray]'``); `make test` installs it, so this test runs there.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import duckdb
import pytest

from tests.commands import new_study, spellc_apart

STUDY = 'players = ["random", "greedy"]\nmatches = 20\nseed = 11\n'


def kept(project: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Every match of the project's study, and every card its seats held, in order, as the results file keeps
    them (the run's number aside)."""
    with duckdb.connect(str(project / "studies" / "duels.sim.duckdb"), read_only=True) as db:
        matches = db.execute('SELECT study, pairing, "index", seed, first, first_seat, capped, decisions '
                             'FROM matches ORDER BY pairing, "index"').fetchall()
        held = db.execute('SELECT study, pairing, "index", first, card, casts FROM held '
                          'ORDER BY pairing, "index", first, card').fetchall()
    return matches, held


def test_a_study_on_a_local_ray_instance_matches_the_local_backend_match_for_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'spellc[ray]' (make test installs it)")
    local = new_study(tmp_path / "local" / "cards", "incantation_charges", capsys, STUDY)
    on_ray = tmp_path / "ray" / "cards"
    shutil.copytree(local, on_ray)
    code, _, err = spellc_apart(local, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")
    assert code == 0, err
    code, _, err = spellc_apart(on_ray, capsys, "sim", "studies/duels.sim.toml", "--backend", "ray", "--workers", "2")
    assert code == 0, err
    matches, held = kept(on_ray)
    assert len(matches) == 20 and held
    assert (matches, held) == kept(local)


def test_an_address_goes_with_the_ray_backend(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = new_study(tmp_path / "cards", "incantation_charges", capsys, STUDY)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--address", "auto")
    assert code == 2 and "--address names a Ray cluster: it goes with --backend ray" in err


def test_a_cluster_that_does_not_answer_is_said_at_once_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An address where no cluster listens: Ray itself retried it for minutes, then raised a ConnectionError whose
    traceback `spellc sim` printed."""
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'spellc[ray]' (make test installs it)")
    project = new_study(tmp_path / "cards", "incantation_charges", capsys, STUDY)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/duels.sim.toml", "--backend", "ray",
                                  "--address", "127.0.0.1:1")
    assert code == 1 and out == ""
    assert err.startswith("spellc: error: cannot join the Ray cluster at 127.0.0.1:1: nothing answers there")
    assert "Traceback" not in err and "matches kept" not in err


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _cluster(tmp_path: Path, token: str) -> Iterator[str]:
    """A Ray cluster of two nodes of one CPU each, started apart as `ray start` starts one (a head, then a node
    joining it), with a token of its own; stopped after. Its address."""
    ray_command = str(Path(sys.executable).with_name("ray"))
    port = _free_port()
    env = {**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token, "HOME": str(tmp_path)}
    common = ["--num-cpus", "1", "--disable-usage-stats", "--block"]
    started = [subprocess.Popen([ray_command, "start", "--head", "--port", str(port), "--include-dashboard",
                                 "false", *common], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)]
    try:
        host = _wait_for_head(port)
        address = f"{host}:{port}"
        started.append(subprocess.Popen([ray_command, "start", "--address", address, *common], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))
        _wait_for_nodes(ray_command, address, env, 2)
        yield address
    finally:
        for process in reversed(started):
            os.killpg(process.pid, signal.SIGTERM)  # `ray start --block` stops its node's processes as it ends
            process.wait(timeout=60)


def _wait_for_head(port: int) -> str:
    """The address the head listens on (the machine's, which Ray picks), once it does."""
    hosts = ["127.0.0.1", *socket.gethostbyname_ex(socket.gethostname())[2]]
    for _ in range(240):
        for host in hosts:
            with suppress(OSError), socket.create_connection((host, port), timeout=1):
                return host
        time.sleep(0.5)
    raise AssertionError("the Ray head did not start")


def _wait_for_nodes(ray_command: str, address: str, env: dict[str, str], nodes: int) -> None:
    for _ in range(120):
        status = subprocess.run([ray_command, "status", "--address", address], env=env, capture_output=True,
                                text=True, check=False).stdout
        if status.count(" node_") >= nodes:
            return
        time.sleep(1)
    raise AssertionError(f"the Ray cluster did not reach {nodes} nodes")


def test_a_study_on_a_cluster_started_apart_matches_the_local_backend_match_for_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's way to a cluster: `ray start --head` on one machine, `ray start --address` on the others, then
    `spellc sim --backend ray --address HOST:PORT` (with the cluster's token: RAY_AUTH_MODE=token). Here two nodes
    on this machine, each its own raylet; the results are the local backend's, match for match."""
    pytest.importorskip("ray", reason="Ray is an optional extra: pip install 'spellc[ray]' (make test installs it)")
    local = new_study(tmp_path / "local" / "cards", "incantation_charges", capsys, STUDY)
    on_ray = tmp_path / "ray" / "cards"
    shutil.copytree(local, on_ray)
    assert spellc_apart(local, capsys, "sim", "studies/duels.sim.toml", "--workers", "1")[0] == 0
    token = secrets.token_hex(32)
    with _cluster(tmp_path, token) as address:  # a command of its own, as a user runs it: Ray reads its token once
        run = subprocess.run([str(Path(sys.executable).with_name("spellc")), "sim", "studies/duels.sim.toml",
                              "--backend", "ray", "--address", address], cwd=on_ray, capture_output=True, text=True,
                             env={**os.environ, "RAY_AUTH_MODE": "token", "RAY_AUTH_TOKEN": token}, timeout=300,
                             check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    assert kept(on_ray) == kept(local)
