"""Names as the seeds write them (issue 25): "Titles, College, School and magician names accept Unicode letters
(Cynwäll, Méliador, Hécate) in every game's grammar, with NFC normalisation so that two spellings of one name are
one name. Confusable or invisible characters (RTL marks, zero-width joiners) in a title get a warning."

Seed 001 names the people "Cynwälls Elves" (5.5.3) and the Necromancers "of Achéron" (5.5.2).
"""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from spellc.compiler.names import class_name
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from tests import commands

NFD = "NFD"


def new_project(tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]) -> Path:
    return commands.new_project(tmp_path / "project", ruleset, capsys)


run = commands.spellc


def edit(path: Path, *changes: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


def test_a_cynwall_magician_casts_a_spell_of_his_own_college(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: Incantation 2's College *Cynwäll* gave "unexpected character": no card could use it, and
    Cynwäll magicians could not have spells of their own College. "The Magicians always control an Element: the
    college related to the essence of their people" (5.5)."""
    assert PEOPLES["Cynwäll"].college == "Cynwäll Magic"
    folder = new_project(tmp_path, "rackham_incantation", capsys)
    edit(folder / "cards/sample.spell", ("people Alahan", "people Cynwäll"),
         ("college Elemental Light", "college Cynwäll Magic"))
    code, said = run(folder, capsys, "check")
    assert code == 0, said
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 0, said


@pytest.mark.parametrize(("ruleset", "title"), [("serpents_tongue", "Pillar of Earth"),
                                                ("incantation_charges", "Strike"),
                                                ("rackham_incantation", "Flash of Light"), ("amtgard", "Stoneskin")])
def test_a_title_of_accented_letters_compiles_and_plays_in_every_game(
        ruleset: str, title: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, ruleset, capsys)
    for path in (folder / "cards/sample.spell", folder / "scenarios/sample.scenario"):
        if title in path.read_text(encoding="utf-8"):
            edit(path, (title, f"Hécate's {title}"))
    assert run(folder, capsys, "check")[0] == 0
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 0, said
    assert run(folder, capsys, "build")[0] == 0


@pytest.mark.parametrize("ruleset", ["serpents_tongue", "incantation_charges", "rackham_incantation", "amtgard"])
def test_a_name_in_a_scenario_may_begin_with_an_accented_capital(
        ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, ruleset, capsys)
    scenario = folder / "scenarios/sample.scenario"
    name = {"serpents_tongue": "White", "incantation_charges": "Scholar", "rackham_incantation": "Gorgon",
            "amtgard": "Ana"}[ruleset]
    edit(scenario, *(((f'"{name}"', '"Élise"'), (name, "Élise")) if ruleset == "rackham_incantation"
                     else ((name, "Élise"),)))
    if ruleset == "rackham_incantation":
        edit(folder / "cards/sample.spell", ('"Gorgon"', '"Élise"'))
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 0, said


def test_two_spellings_of_one_title_are_one_title(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"é" as one character, or as "e" and a combining accent: the same name, so the same card."""
    folder = new_project(tmp_path, "rackham_incantation", capsys)
    card = folder / "cards/sample.spell"
    text = card.read_text(encoding="utf-8")
    card.write_text(text.replace('magician "Méliador"', unicodedata.normalize(NFD, 'magician "Méliador"')),
                    encoding="utf-8")
    assert run(folder, capsys, "play", "scenarios/sample.scenario")[0] == 0  # the scenario's NFC name finds him
    duplicate = text[text.index('magician "Méliador"'):text.index('magician "Gorgon"')]
    card.write_text(card.read_text(encoding="utf-8") + "\n" + duplicate, encoding="utf-8")
    code, said = run(folder, capsys, "check")
    assert code == 1 and "Méliador" in said, said


def test_source_text_is_read_in_composed_form() -> None:
    decomposed = unicodedata.normalize(NFD, 'college Cynwäll Magic')
    assert SourceFile.decode("x.spell", decomposed.encode()).text == "college Cynwäll Magic"


@pytest.mark.parametrize(("title", "code"), [("Flash\u200bof Light", "W001"), ("Flash of \u202eLight", "W001"),
                                             ("Fl\u0430sh of Light", "W002")])
def test_an_invisible_or_look_alike_character_in_a_title_is_a_warning(
        title: str, code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A zero-width space, a right-to-left override, or a Cyrillic "а" among Latin letters: a title that looks like
    another and is not, or is shown otherwise than it reads."""
    folder = new_project(tmp_path, "rackham_incantation", capsys)
    edit(folder / "cards/sample.spell", ('spell "Flash of Light"', f'spell "{title}"'),
         ('spells "Flash of Light"', f'spells "{title}"'))
    # The scenario casts it by the title as renamed: `spellc check` holds a scenario's titles to the cards'.
    edit(folder / "scenarios/sample.scenario", ('casts "Flash of Light"', f'casts "{title}"'))
    status, said = run(folder, capsys, "check")
    assert status == 0 and f"warning[{code}]" in said, said
    assert "\u202e" not in said and "\u200b" not in said  # shown escaped


def test_a_class_name_keeps_the_letters_of_an_accented_title() -> None:
    assert class_name("Arrows of Hécate") == "ArrowsOfHecate"
    assert class_name("東京") != class_name("大阪")  # no Latin letter: named by a digest, not both "Spell"
