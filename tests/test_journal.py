"""Builds incremental across runs (issue 26): "a build with nothing changed" does nothing, in a process of its own,
and anything a build reads or wrote that changed makes a whole build again, whose outputs are a whole build's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from spellc.compiler import journal
from spellc.compiler.publish import WORKSPACE
from tests.commands import new_project, spellc

NOTHING = "nothing changed since the last build"


def build(project: Path) -> str:
    """`spellc build` in a process of its own, as a user runs it: what it printed."""
    done = subprocess.run([sys.executable, "-m", "spellc.compiler.cli", "build"], cwd=project, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def project(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = new_project(tmp_path / "cards", "serpents_tongue", capsys)
    assert NOTHING not in build(folder)
    return folder


def test_a_build_with_nothing_changed_does_nothing(project: Path) -> None:
    outputs = tree(project / "site") | tree(project / "generated")
    said = build(project)
    assert NOTHING in said and "2 cards from 1 file" in said
    assert tree(project / "site") | tree(project / "generated") == outputs


def test_an_edited_card_makes_a_whole_build_whose_outputs_are_a_whole_builds(project: Path, tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]
                                                                            ) -> None:
    card = project / "cards" / "sample.spell"
    card.write_text(card.read_text(encoding="utf-8").replace("Pillar of Earth", "Pillar of Stone"), encoding="utf-8")
    assert NOTHING not in build(project)
    fresh = new_project(tmp_path / "fresh" / "cards", "serpents_tongue", capsys)  # the same name: its home page
    (fresh / "cards" / "sample.spell").write_bytes(card.read_bytes())
    build(fresh)
    assert tree(project / "site") == tree(fresh / "site") and tree(project / "generated") == tree(fresh / "generated")


@pytest.mark.parametrize("change", ["delete a card", "add a card", "rename a card", "edit a page", "delete a page",
                                    "edit the manifest"])
def test_any_change_to_what_a_build_reads_or_wrote_makes_a_whole_build(change: str, project: Path) -> None:
    card = project / "cards" / "sample.spell"
    page = next((project / "site" / "spells").glob("fireball*.md"))
    if change == "delete a card":
        card.unlink()
        (project / "cards" / "other.spell").write_text("", encoding="utf-8")
    elif change == "add a card":
        (project / "cards" / "more.spell").write_text("// no card yet\n", encoding="utf-8")
    elif change == "rename a card":
        card.rename(project / "cards" / "renamed.spell")
    elif change == "edit a page":
        page.write_text("edited by hand\n", encoding="utf-8")
    elif change == "delete a page":
        page.unlink()
    else:
        manifest = project / "spellc.toml"
        manifest.write_text(manifest.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    assert NOTHING not in build(project)
    if change in ("edit a page", "delete a page"):
        assert page.read_text(encoding="utf-8") != "edited by hand\n"  # made again
    if change == "delete a card":
        assert not list((project / "site" / "spells").glob("fireball*.md"))  # its page goes with it


def test_another_version_of_spellc_makes_a_whole_build(project: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Editing the grammar, a template, a ruleset's code or spellc itself changes the digest of its code."""
    assert NOTHING in spellc(project, capsys, "build")[1]
    monkeypatch.setattr("spellc.compiler.journal.code", lambda: "another version")
    assert NOTHING not in spellc(project, capsys, "build")[1]


def test_a_journal_that_came_with_the_project_is_not_read(project: Path) -> None:
    path = project / WORKSPACE / journal.JOURNAL
    body = json.loads(path.read_bytes().partition(b"\n")[2])
    path.write_bytes(b"spellc-signed " + b"0" * 64 + b"\n" + json.dumps(body).encode())
    assert NOTHING not in build(project)


def test_an_input_changed_within_the_builds_clock_tick_is_not_trusted(project: Path) -> None:
    last = journal.read(project / WORKSPACE)
    assert last is not None
    assert last.holds(last.inputs)
    racy = {path: (s[0], last.clock, s[2], s[3]) if s else s for path, s in last.inputs.items()}
    assert not replace(last, inputs=racy).holds(racy)
