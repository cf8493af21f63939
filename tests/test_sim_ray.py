"""`spellc sim --backend ray` (issue 27): "Beyond one machine: --backend ray [--address ADDR] runs the same study
on a Ray cluster, with the same results for the same seed." "make test runs a small study on a local Ray
instance (ray.init with 2 CPUs) and checks that it matches the local backend match for match."

Ray is an optional extra (``pip install 'spellc[ray]'``); `make test` installs it, so this test runs there.
"""

from __future__ import annotations

import shutil
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
