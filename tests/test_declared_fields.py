"""A card field's declaration says what the checks every game shares check of it (issue 28, item 1: "One generic
front end reads those declarations. It produces ... the checks of types, ranges, references and duplicates (with
did-you-mean)"): each game's cards, written with the same kind of mistake, get the same diagnostic, with one code
in every game and the game's own words (compiler.declared_fields)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from spellc.compiler import declared_fields, vocabulary_check
from spellc.compiler.build import FRONTENDS
from spellc.compiler.diagnostics import Diagnostic
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent

# A sound card of each game, each line of it one a test may spoil.
SOUND = {
    "incantation_charges": ('action "Strike" {\n    incantation 2\n    at enemy\n'
                            '    effect: deal 2 damage to target\n}\n'),
    "rackham_incantation": ('spell "Flash" {\n    college Hermetic Magic\n    gems 2 Light\n    difficulty 5\n'
                            '    range 30 cm\n    power 2\n    effect: deal 2 wounds to target\n}\n'),
    "amtgard": ('ability "Stoneskin" {\n    school Protection\n    type Enchantment\n    range Touch\n'
                '    uses 1 per refresh\n    charge x3\n    magic armor 2\n}\n'),
    "serpents_tongue": 'spell "Quick Sand" {\n    sphere Matter\n    role Attack\n    fluency 1\n    resonance -2\n'
                       '    aspects Earth | Dmg 1\n}\n',
}


def said(game: str, text: str) -> list[Diagnostic]:
    compiled = FRONTENDS[game].compile_texts([SourceFile("t.spell", text)])
    return [d for d in compiled.diagnostics.items if d.severity == "error"]


def spoiled(game: str, line: str, instead: str) -> list[Diagnostic]:
    """The game's sound card with its ``line`` written as ``instead``."""
    assert line in SOUND[game]
    return said(game, SOUND[game].replace(line, instead))


@pytest.mark.parametrize("game", sorted(SOUND))
def test_every_games_sound_card_compiles(game: str) -> None:
    assert said(game, SOUND[game]) == []


OUT_OF_RANGE = [("incantation_charges", "incantation 2", "incantation 0", "`incantation` takes at least 1, not 0"),
                ("rackham_incantation", "power 2", "power 25", "`power` takes 0 to 20, not 25"),
                ("amtgard", "charge x3", "charge x25", "`charge` takes 1 to 20, not 25"),
                ("serpents_tongue", "fluency 1", "fluency 5", "`fluency` takes 1 to 4, not 5")]


@pytest.mark.parametrize(("game", "line", "instead", "message"), OUT_OF_RANGE)
def test_a_field_declared_with_a_range_refuses_a_number_outside_it_in_every_game(
        game: str, line: str, instead: str, message: str) -> None:
    [error] = spoiled(game, line, instead)
    assert (error.code, error.message) == (declared_fields.OUT_OF_RANGE, message)


MISSPELT = [("incantation_charges", "at enemy", "at enmey", "target", "enemy"),
            ("rackham_incantation", "gems 2 Light", "gems 2 Ligth", "Element", "Light"),
            ("amtgard", "school Protection", "school Protecton", "School", "Protection"),
            ("serpents_tongue", "sphere Matter", "sphere Mater", "Sphere", "Matter")]


@pytest.mark.parametrize(("game", "line", "instead", "noun", "nearest"), MISSPELT)
def test_a_misspelt_field_value_gets_the_nearest_word_in_the_games_words(
        game: str, line: str, instead: str, noun: str, nearest: str) -> None:
    [error] = spoiled(game, line, instead)
    word = instead.split()[-1]
    assert (error.code, error.message) == (vocabulary_check.NOT_IN_VOCABULARY, f"no {noun} is named {word!r}")
    assert error.notes[0] == f"help: did you mean {nearest!r}?"
    assert error.notes[1].startswith(f"note: {vocabulary_check.a(noun)} is one of: ") and nearest in error.notes[1]


TWICE = [("incantation_charges", "at enemy", "at enemy\n    at self", "at"),
         ("rackham_incantation", "difficulty 5", "difficulty 5\n    difficulty free", "difficulty"),
         ("amtgard", "magic armor 2", "magic armor 2\n    magic armor 3", "magic armor"),
         ("serpents_tongue", "fluency 1", "fluency 1\n    fluency 2", "fluency")]


@pytest.mark.parametrize(("game", "line", "instead", "keywords"), TWICE)
def test_a_field_given_twice_is_one_error_naming_the_first_in_every_game(
        game: str, line: str, instead: str, keywords: str) -> None:
    """A field's every form is the same field: `difficulty 5` and `difficulty free` are two difficulties."""
    [error] = spoiled(game, line, instead)
    assert (error.code, error.message) == (declared_fields.GIVEN_TWICE, f"`{keywords}` is given twice")
    assert error.notes == (f"note: first on line {error.span.line - 1}",)


MISSING = [("incantation_charges", "    effect: deal 2 damage to target\n", "", "an action", "effect"),
           ("rackham_incantation", "    power 2\n", "", "a spell", "power"),
           ("amtgard", "    type Enchantment\n", "", "an ability", "type"),
           ("serpents_tongue", "    resonance -2\n", "", "a spell", "resonance")]


@pytest.mark.parametrize(("game", "line", "instead", "kind", "word"), MISSING)
def test_a_field_its_kind_of_card_needs_is_missing_at_the_title_with_an_example(
        game: str, line: str, instead: str, kind: str, word: str) -> None:
    [error] = spoiled(game, line, instead)
    assert (error.code, error.message) == (declared_fields.MISSING, f"{kind} needs a{'n' * (word[0] in 'aeiou')} "
                                           f"`{word}` line")
    assert error.span.line == 1
    example = RULESETS[game].field(word)
    assert example is not None and error.notes == (f"help: add a line such as `{example.example}`",)


def test_a_field_its_kind_of_card_does_not_take_is_refused() -> None:
    """"An Interrupt waits for an event": `when` goes on an interrupt, and an interrupt has no `effect` of its own;
    a Specialization's tiers go on a Specialization."""
    errors = said("incantation_charges", 'interrupt "Snare" {\n    effect: draw 1 card\n}\n')
    assert [(e.code, e.message, e.notes) for e in errors] == [
        (declared_fields.NOT_OF_KIND, "an interrupt takes no `effect` line",
         ("note: `effect` goes on an action or an implement",)),
        (declared_fields.MISSING, "an interrupt needs a `when` line",
         ("help: add a line such as `when an enemy begins an incantation: deal 2 damage to them`",))]
    tiers = SOUND["serpents_tongue"].replace("}\n", '    tier A1 "Nope" cost 1 {\n        passive: caster gains '
                                             "Focus\n    }\n}\n")
    assert [(e.code, e.message) for e in said("serpents_tongue", tiers)] == [
        (declared_fields.NOT_OF_KIND, "a spell takes no `tier` line")]


def test_a_title_that_names_no_card_gets_the_nearest_title() -> None:
    """A magician's spell list names spells (Magic Potential); an Amtgard ability granted names an ability."""
    magician = ('magician "M" {\n    people Alahan\n    level Adept\n    power 5\n    initiative 5\n'
                '    elements Light, Air\n    spells "Flahs"\n}\n')
    [error] = said("rackham_incantation", SOUND["rackham_incantation"] + magician)
    assert (error.code, error.message, error.notes) == (
        declared_fields.NO_SUCH_TITLE, "no spell is titled 'Flahs'", ("help: did you mean 'Flash'?",))
    granting = SOUND["amtgard"].replace('"Stoneskin"', '"Gift"').replace("magic armor 2",
                                                                         'grants "Stoneskn" 1 per life')
    [error] = said("amtgard", SOUND["amtgard"] + granting)
    assert (error.code, error.message, error.notes) == (
        declared_fields.NO_SUCH_TITLE, "no ability is titled 'Stoneskn'", ("help: did you mean 'Stoneskin'?",))


def test_the_checker_follows_the_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    """No game's checker holds the range of a field: declared otherwise, it takes what the declaration takes."""
    rackham = RULESETS["rackham_incantation"]
    wider = tuple(dataclasses.replace(f, range=(("", 0, 30),)) if f.word == "power" else f for f in rackham.fields)
    assert spoiled("rackham_incantation", "power 2", "power 25")
    monkeypatch.setitem(RULESETS, "rackham_incantation", dataclasses.replace(rackham, fields=wider))
    assert spoiled("rackham_incantation", "power 2", "power 25") == []


def test_each_generic_check_has_one_code_no_game_gives_another() -> None:
    """One code per generic check, the same in every game: none of E901 to E906 is written in a game's checker."""
    codes = {declared_fields.GIVEN_TWICE, declared_fields.MISSING, declared_fields.OUT_OF_RANGE,
             vocabulary_check.NOT_IN_VOCABULARY, declared_fields.NOT_OF_KIND, declared_fields.NO_SUCH_TITLE}
    assert len(codes) == 6
    for path in (ROOT / "compiler").rglob("*.py"):
        if path.name not in ("declared_fields.py", "vocabulary_check.py"):
            assert not set(re.findall(r'"(E9\d\d)"', path.read_text(encoding="utf-8"))) & codes, path
