"""Running spellc's command line in-process, in a project made by `spellc new`, as a user types it."""

from __future__ import annotations

import os
from pathlib import Path

import duckdb
import pytest

from spellc.compiler.cli import main


def new_project(folder: Path, ruleset: str, capsys: pytest.CaptureFixture[str]) -> Path:
    """`spellc new FOLDER --ruleset RULESET`: the folder, holding its sample card and scenario."""
    assert main(["new", str(folder), "--ruleset", ruleset]) == 0
    capsys.readouterr()
    return folder


def new_study(folder: Path, ruleset: str, capsys: pytest.CaptureFixture[str], text: str, name: str = "duels",
              cards: str = "") -> Path:
    """A new project of ``ruleset`` in ``folder`` whose studies folder holds ``studies/NAME.sim.toml``; with
    ``cards``, a card file of them beside the sample's."""
    project = new_project(folder, ruleset, capsys)
    if cards:
        (project / "cards" / "more.spell").write_text(cards, encoding="utf-8")
    (project / "studies" / "duels.sim.toml").unlink(missing_ok=True)  # the sample study of `spellc new`
    (project / "studies").mkdir(exist_ok=True)
    (project / "studies" / f"{name}.sim.toml").write_text(text, encoding="utf-8")
    return project


def seats_held(project: Path, name: str = "duels") -> dict[tuple[int, bool], set[str]]:
    """The cards each seat of each match of ``studies/NAME.sim.toml`` held, as its results file keeps them: by
    the match's number and whether the seat was the first contender's."""
    with duckdb.connect(str(project / "studies" / f"{name}.sim.duckdb"), read_only=True) as db:
        held = db.execute('SELECT "index", first, card FROM held').fetchall()
    seats: dict[tuple[int, bool], set[str]] = {}
    for index, first, card in held:
        seats.setdefault((index, first), set()).add(card)
    return seats


def spellc(folder: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    """``spellc ARGV`` run in ``folder``: its exit code, and what it printed (out, then err)."""
    code, out, err = spellc_apart(folder, capsys, *argv)
    return code, out + err


def spellc_apart(folder: Path, capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``spellc ARGV`` run in ``folder``: its exit code, standard output and standard error apart."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        code = main(list(argv))
    finally:
        os.chdir(cwd)
    said = capsys.readouterr()
    return code, said.out, said.err
