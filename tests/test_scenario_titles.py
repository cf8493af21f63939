"""`spellc check` and the editor find a scenario's misspelled card title, as `spellc play` does (issue 28: "a
misspelled title in a scenario gets no suggestion"): where the project's cards are known, every title a scenario
names is checked against them, at the title as written, with the nearest one."""

from __future__ import annotations

import importlib
import shutil
from pathlib import Path

import pytest

from spellc.compiler import build
from spellc.compiler.build import library
from spellc.compiler.cli import main
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import MANIFEST, Project, load, shipped
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS
from tests.test_language_server import Client, run

ROOT = Path(__file__).resolve().parent.parent


def first_scenario(ruleset: str) -> Path:
    return sorted((ROOT / RULESETS[ruleset].cards / "scenarios").glob("*.scenario"))[0]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_misspelled_title_is_found_before_the_replay(ruleset: str) -> None:
    reader = importlib.import_module(f"spellc.compiler.{ruleset}.scenario")
    text = first_scenario(ruleset).read_text(encoding="utf-8")
    scenario = reader.parse_scenario(SourceFile("s.scenario", text), Diagnostics())
    title = list(reader.card_titles(scenario))[-1][0]  # the last: a spell cast, not a model named by its card
    cards = library(shipped(ruleset))
    assert not reader.scenario_diagnostics(SourceFile("s.scenario", text), cards).items, "the shipped one is clean"
    typo = text.replace(f'"{title}"', f'"{title[:-1]}"', 1)
    found = reader.scenario_diagnostics(SourceFile("s.scenario", typo), cards).items
    assert [(d.code, d.notes) for d in found] == [("E300", (f"help: did you mean '{title}'?",))]
    assert found[0].message.endswith(f"is titled {title[:-1]!r}")
    line = found[0].span.source.line(found[0].span.line)
    assert line[found[0].span.column - 1:found[0].span.end_column - 1] == f'"{title[:-1]}"', "underlined as written"


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_without_the_cards_only_the_text_is_checked(ruleset: str) -> None:
    """Where the project's cards are not known (they do not compile), a title is the replay's to check."""
    reader = importlib.import_module(f"spellc.compiler.{ruleset}.scenario")
    text = first_scenario(ruleset).read_text(encoding="utf-8")
    scenario = reader.parse_scenario(SourceFile("s.scenario", text), Diagnostics())
    title = list(reader.card_titles(scenario))[-1][0]
    text = text.replace(f'"{title}"', f'"Zz{title}"')
    assert not reader.scenario_diagnostics(SourceFile("s.scenario", text)).items


def misspelled_project(tmp_path: Path, ruleset: str) -> tuple[Path, str, str]:
    """A copy of the game's shipped project whose first scenario misspells its last title; the scenario's path, the
    title and its misspelling."""
    shutil.copytree(ROOT / RULESETS[ruleset].cards, tmp_path / "p", ignore=shutil.ignore_patterns("studies"))
    scenario = first_scenario(ruleset).relative_to(ROOT / RULESETS[ruleset].cards)
    path = tmp_path / "p" / scenario
    text = path.read_text(encoding="utf-8")
    reader = importlib.import_module(f"spellc.compiler.{ruleset}.scenario")
    title = list(reader.card_titles(reader.parse_scenario(SourceFile("s", text), Diagnostics())))[-1][0]
    path.write_text(text.replace(f'"{title}"', f'"{title[:-1]}"', 1), encoding="utf-8")
    return path, title, title[:-1]


@pytest.mark.parametrize("ruleset", ["rackham_incantation", "serpents_tongue"])
def test_spellc_check_finds_a_misspelled_title_in_a_scenario(tmp_path: Path, ruleset: str,
                                                             capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path, title, typo = misspelled_project(tmp_path, ruleset)
    monkeypatch.chdir(path.parent.parent)
    assert main(["check"]) == 1
    err = capsys.readouterr().err
    assert f"is titled {typo!r}" in err and f"did you mean '{title}'?" in err


def test_the_editor_finds_a_misspelled_title_in_a_scenario(tmp_path: Path) -> None:
    path, title, typo = misspelled_project(tmp_path, "rackham_incantation")

    async def session(client: Client) -> list[str]:
        return [d.message for d in await client.diagnostics(client.open(path))]

    assert [m for m in run(session) if f"is titled {typo!r}" in m], f"no diagnostic for {typo!r}"


def test_cards_in_error_are_compiled_once_for_every_scenario_checked(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """While a card has an error, each check of a scenario (the editor checks at every edit) finds the cards as they
    were: compiled once for the same texts, not again each time."""
    misspelled_project(tmp_path, "rackham_incantation")
    project = load(tmp_path / "p" / MANIFEST)
    assert isinstance(project, Project)
    card = project.card_files()[0]
    card.write_text(card.read_text(encoding="utf-8") + '\nspell "Broken" {\n', encoding="utf-8")
    compiled: list[object] = []
    compile_texts = build._compiled_texts
    monkeypatch.setattr(build, "_compiled_texts", lambda texts: compiled.append(texts) or compile_texts(texts))
    assert [build.checked_library(project) for _ in range(3)] == [None] * 3
    assert len(compiled) == 1
