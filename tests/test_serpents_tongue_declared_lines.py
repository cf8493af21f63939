"""Serpent's Tongue's cards through the one front end (issue 28, item 1): an Encounter's lines, a Nam-Shub's steps
and a spell's role are checked by their declarations (engine/rulesets/serpents_tongue/ruleset.toml), with the codes
every game gives (compiler.declared_fields: E901 a line given twice, E902 a line missing, E903 a number out of its
range, E904 a word not of its vocabulary); and of two cards of one title, every game blames the newer file's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spellc.compiler import declared_fields, vocabulary_check
from spellc.compiler.amtgard.frontend import compile_files as amtgard_files
from spellc.compiler.diagnostics import Diagnostic
from spellc.compiler.serpents_tongue.frontend import FRONTEND, compile_files
from spellc.compiler.source import SourceFile

SPECTRE = ('encounter "Spectre" {\n    source Soul\n    essence 10 (+2)\n    actions 2 (+1)\n    bag 2 red\n'
           '    chart red {\n        "Wail"\n    }\n    spell "Wail" {\n        role Attack\n'
           '        aspects | Dmg 1\n    }\n}\n')


def errors(text: str) -> list[Diagnostic]:
    return [d for d in FRONTEND.compile_texts([SourceFile("s.spell", text)]).diagnostics.items
            if d.severity == "error"]


def test_a_sound_encounter_compiles() -> None:
    assert errors(SPECTRE) == []


@pytest.mark.parametrize(("line", "word"), [("    essence 10 (+2)\n", "essence"), ("    source Soul\n", "source"),
                                            ("    bag 2 red\n", "bag")])
def test_an_encounter_without_its_essence_source_or_bag_is_told_the_line_it_needs(line: str, word: str) -> None:
    """"The key points to begin with are its Draw Bag, Targeting Rules, Source Spheres and any Response
    abilities": an Encounter prints each, and its Essence."""
    found = errors(SPECTRE.replace(line, ""))
    assert [(e.code, e.message, e.span.line) for e in found][:1] == [
        (declared_fields.MISSING, f"an encounter needs a{'n' * (word[0] in 'aeiou')} `{word}` line", 1)]


def test_an_encounter_line_given_twice_is_one_error_naming_the_first() -> None:
    """"Source Spheres: SOUL": an Encounter prints its Source Spheres once."""
    [error] = errors(SPECTRE.replace("    source Soul\n", "    source Soul\n    source Mind\n"))
    assert (error.code, error.message, error.notes) == (declared_fields.GIVEN_TWICE, "`source` is given twice",
                                                        ("note: first on line 2",))


def test_an_encounter_takes_at_least_one_full_action_a_round() -> None:
    """"The number in the parenthesis by Encounter's Action stat (top right) shows how many Full Actions the Shadow
    gets per additional opponent": its Action stat is at least 1."""
    [error] = errors(SPECTRE.replace("actions 2 (+1)", "actions 0 (+1)"))
    assert (error.code, error.message) == (declared_fields.OUT_OF_RANGE, "`actions` takes at least 1, not 0")


def test_a_misspelt_source_sphere_gets_the_nearest_sphere() -> None:
    """"(1) The Source Sphere. This dictates many card interactions and whether a defense blocks an attack.\""""
    [error] = errors(SPECTRE.replace("source Soul", "source Sol"))
    assert (error.code, error.message, error.notes[0]) == (
        vocabulary_check.NOT_IN_VOCABULARY, "no Sphere is named 'Sol'", "help: did you mean 'Soul'?")


def test_a_spell_written_as_role_curse_is_told_a_curse_is_an_attack() -> None:
    """"Curses are identified by their black Status bars and the fact that they have Curse Duration": a Curse is
    an Attack spell with Curse Duration, not a role of its own."""
    text = ('spell "Hex" {\n    sphere Mind\n    role Curse\n    fluency 1\n    resonance -1\n'
            '    aspects | Dmg 1 | Curse Duration 2\n}\n')
    [error] = errors(text)
    assert (error.code, error.message) == (vocabulary_check.NOT_IN_VOCABULARY, "no spell role is named 'Curse'")
    assert error.notes[-1].startswith("help: a Curse is an Attack with Curse Duration: write `role Attack`")


def test_a_nam_shub_without_a_step_is_told_to_add_one() -> None:
    """A Nam-Shub is completed a step a round: a page without a step could never be completed."""
    [error] = errors('nam-shub "Empty Page" {\n    victory\n}\n')
    assert (error.code, error.message) == (declared_fields.MISSING, "a nam-shub needs a `step` line")


def test_of_two_cards_of_one_title_the_newer_files_is_blamed_in_every_game(tmp_path: Path) -> None:
    """A new card that repeats a title is the one refused, whatever its file is called: the shipped card it
    repeats stays (Serpent's Tongue did so alone before; every game's front end does now)."""
    spell = 'spell "Bolt" {\n    sphere Forces\n    role Attack\n    fluency 1\n    resonance -2\n' \
            '    aspects Heat | Dmg 1\n}\n'
    ability = 'ability "Bolt" {\n    school Protection\n    type Enchantment\n    range Touch\n' \
              '    uses 1 per refresh\n    charge x3\n    magic armor 2\n}\n'
    for text, compile_them, suffix in ((spell, compile_files, "spell"), (ability, amtgard_files, "ability")):
        folder = tmp_path / suffix
        folder.mkdir()
        older, newer = folder / f"z.{suffix}", folder / f"a.{suffix}"
        older.write_text(text, encoding="utf-8")
        newer.write_text(text, encoding="utf-8")
        os.utime(older, ns=(1_000_000_000, 1_000_000_000))
        said = compile_them([newer, older], tmp_path).diagnostics.render()  # read first, written last
        assert f"{suffix}/a.{suffix}:1:" in said and "duplicate title 'Bolt'" in said, said
        assert f"note: 'Bolt' is at {suffix}/z.{suffix}:1" in said, said
