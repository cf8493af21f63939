"""A word of a closed list is checked against its one declaration (issue 28, item 1: "One declaration per keyword
feeds the grammar, the checker, the engine and the glossary page"). Each game's checker asks
compiler.vocabulary_check for the words its ruleset.toml declares a field to take: change the declaration, and the
checker follows; no checker holds a list of its own."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from spellc.compiler import fields, frontend
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.frontend import Compiled
from spellc.compiler.incantation_charges.frontend import compile_files as charges_files
from spellc.compiler.rackham_incantation.frontend import compile_files as rackham_files
from spellc.compiler.source import SourceFile, Span
from spellc.compiler.vocabulary_check import Vocabularies
from spellc.engine.core.ruleset import Ruleset
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges.cards import Aim
from spellc.engine.rulesets.rackham_incantation import cards as rackham_cards

# The fields whose words each checker checks through its ruleset's declaration.
CHECKED = [("incantation_charges", "at"), ("incantation_charges", "when"),
           ("rackham_incantation", "college"), ("rackham_incantation", "gems"), ("rackham_incantation", "target"),
           ("rackham_incantation", "exclusive"), ("rackham_incantation", "people"),
           ("rackham_incantation", "level"), ("rackham_incantation", "elements"),
           ("amtgard", "school"), ("amtgard", "type"), ("amtgard", "range"), ("amtgard", "grants"),
           ("amtgard", "works"), ("amtgard", "special"),
           ("serpents_tongue", "sphere"), ("serpents_tongue", "broadcast"), ("serpents_tongue", "source")]

PLAYED_AT_NONE = 'action "Focus" {\n    at none\n    effect: draw 1 card\n}\n'


@pytest.fixture
def fresh_vocabularies() -> Iterator[None]:
    """A declaration or a list changed in a test is read afresh, and forgotten after it (each file's cards are
    checked again under it)."""
    fields.vocabulary.cache_clear()
    frontend.checked_file.cache_clear()
    yield
    fields.vocabulary.cache_clear()
    frontend.checked_file.cache_clear()


def redeclared(ruleset: Ruleset, word: str, vocabulary: str) -> Ruleset:
    return dataclasses.replace(ruleset, fields=tuple(
        dataclasses.replace(f, vocabulary=vocabulary) if f.word == word else f for f in ruleset.fields))


def compiled(tmp_path: Path, game: str, text: str, compile_files: Callable[[list[Path], Path], Compiled]
             ) -> Diagnostics:
    folder = tmp_path / game
    folder.mkdir(exist_ok=True)
    (folder / "c.spell").write_text(text, encoding="utf-8")
    return compile_files([folder / "c.spell"], tmp_path).diagnostics


@pytest.mark.parametrize(("game", "field"), CHECKED, ids=[f"{g}:{f}" for g, f in CHECKED])
def test_every_list_a_checker_checks_is_a_declared_vocabulary(game: str, field: str) -> None:
    """The checker's words are the declaration's: each field it checks declares its list in ruleset.toml."""
    assert Vocabularies(Diagnostics(), game).words(field) == fields.vocabulary(RULESETS[game], field) != ()


def test_a_checker_asking_for_an_undeclared_list_is_the_checkers_mistake() -> None:
    with pytest.raises(LookupError, match="declares no vocabulary for the field 'effect'"):
        Vocabularies(Diagnostics(), "incantation_charges").words("effect")


def test_whom_a_card_is_played_at_is_checked_against_its_declaration(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_vocabularies: None) -> None:
    """`at enemy` or `at self`: `none` is what a card without the line is played at, so cards.AIMS, the list
    declared, leaves it out. Declared as cards.Aim instead, the checker takes `at none` too."""
    refused = compiled(tmp_path, "incantation_charges", PLAYED_AT_NONE, charges_files)
    assert [d.code for d in refused.items] == ["E904"]
    monkeypatch.setitem(RULESETS, "incantation_charges",
                        redeclared(RULESETS["incantation_charges"], "at", "cards:Aim"))
    result = charges_files([tmp_path / "incantation_charges" / "c.spell"], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert [c.card.aim for c in result.checked] == [Aim.NONE]


def test_whom_a_spell_is_cast_at_is_checked_against_the_rulesets_list(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_vocabularies: None) -> None:
    """`target enemy`, `ally`, `self` or `any`: the words of cards.TARGETS, which [field.target] declares."""
    text = ('spell "Fog" {\n    college Hermetic Magic\n    gems 1 Light\n    difficulty 4\n    range 30 cm\n'
            '    power 2\n    target friend\n    effect: deal 2 wounds to target\n}\n')
    said = compiled(tmp_path, "rackham_incantation", text, rackham_files)
    assert [(d.code, d.message) for d in said.items] == [
        ("E904", "no target is named 'friend'")]
    monkeypatch.setattr(rackham_cards, "TARGETS", (*rackham_cards.TARGETS, "friend"))
    fields.vocabulary.cache_clear()
    frontend.checked_file.cache_clear()  # the file is the same: its cards are checked again under the new list
    assert not compiled(tmp_path, "rackham_incantation", text, rackham_files).items


def test_a_word_not_of_the_list_is_named_with_the_nearest_and_the_list() -> None:
    """Amtgard's "Abilities are divided into Schools": the note lists the Schools as the ruleset declares them."""
    diags = Diagnostics()
    span = Span(SourceFile("c.spell", 'ability "A" {\n    school Protecton\n}\n'), 2, 12, 2, 21)
    assert Vocabularies(diags, "amtgard").check("school", "Protecton", span) is None
    [error] = diags.items
    schools = ", ".join(fields.vocabulary(RULESETS["amtgard"], "school"))
    assert (error.code, error.message, error.notes) == (
        "E904", "no School is named 'Protecton'", ("help: did you mean 'Protection'?",
                                                    f"note: a School is one of: {schools}"))
