"""Codex legality in scenarios: a Magi's Codex that breaks the Glossary's limits is refused where it is written.

"A standard Codex may contain at most 27 spells. Only 5 of these can be fluency level 3, and only 2 can
be fluency level 4. ... Only 3 spells of the same title may be included, regardless of fluency level,
i.e., a Magi may only include 3 Karmic Debts even if one is level 1 and the others are level 3."
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.serpents_tongue import codex
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.scenario import ReplayError, setup
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import compile_card_classes
from tests.test_scenario_errors import located, play_text, scenario

CARDS = """
spell "Deep Lance" {
    sphere Forces
    role Attack
    fluency 3
    resonance -3
    aspects | Dmg 3
    ritual N/A | N/A | Dmg +1 | N/A
}
spell "Deep Spear" {
    sphere Forces
    role Attack
    fluency 3
    resonance -3
    aspects | Dmg 3
    ritual N/A | N/A | Dmg +1 | N/A
}
spell "Great Lance" {
    sphere Forces
    role Attack
    fluency 4
    resonance -4
    aspects | Dmg 4
    ritual N/A | N/A | Dmg +1 | N/A
}
spell "Twin Lance" {
    sphere Forces
    role Attack
    fluency 1
    resonance -1
    aspects | Dmg 1
}
spell "Twin Lance" {
    sphere Forces
    role Attack
    fluency 3
    resonance -3
    aspects | Dmg 3
    ritual N/A | N/A | Dmg +1 | N/A
}
spell "Lone Ward" {
    sphere Forces
    role Defense
    fluency 1
    resonance -1
    aspects | | Durability 1, Unique to Codex
}
"""


@cache
def library() -> CardLibrary:
    return CardLibrary.of([*LIBRARY.cards.values(), *compile_card_classes(CARDS)])


def played(codex_line: str) -> ReplayError | None:
    """The match set up from a scenario with White's Codex line: the error that refused it, if any.

    Only the setup runs (the test cards are compiled in memory, and a running Match pickles its cards).
    """
    source = SourceFile("test.scenario", scenario(codex=codex_line))
    diags = Diagnostics()
    parsed = parse_scenario(source, diags)
    assert parsed is not None, diags.render()
    try:
        setup(parsed, library())
    except ReplayError as err:
        return err
    return None


def refused(codex_line: str, message: str, quote: str) -> None:
    error = played(codex_line)
    assert error is not None, f"{codex_line} was accepted"
    assert error.where.line == 5 and error.rule == "Codex"
    assert message in error.message and f'"{quote}' in error.message


SPELLS_27 = ", ".join(f'"{t}" x3' for t in ["Fireball", "Infernal Shot", "Acidic Matter", "Pillar of Earth",
                                              "Karmic Debt", "Judgement", "Dissolve Tissue", "Flame Form",
                                              "Beast Form"])


@pytest.mark.rule("Codex")
def test_a_codex_may_contain_at_most_27_spells() -> None:
    """"A standard Codex may contain at most 27 spells.\""""
    assert played(SPELLS_27) is None
    refused(SPELLS_27 + ', "Air Essence"', "a Codex holds at most 27 spells, not 28",
            "A standard Codex may contain at most 27 spells.")


@pytest.mark.rule("Codex")
def test_only_5_spells_can_be_fluency_level_3() -> None:
    """"Only 5 of these can be fluency level 3\""""
    assert played('"Deep Lance" x3, "Deep Spear" x2') is None
    refused('"Deep Lance" x3, "Deep Spear" x3', "at most 5 spells of fluency 3, not 6",
            "Only 5 of these can be fluency level 3")


@pytest.mark.rule("Codex")
def test_only_2_spells_can_be_fluency_level_4() -> None:
    """"and only 2 can be fluency level 4\""""
    assert played('"Great Lance" x2') is None
    refused('"Great Lance" x3', "at most 2 spells of fluency 4, not 3", "only 2 can be fluency level 4")


@pytest.mark.rule("Codex")
@pytest.mark.rule("Title")
def test_only_3_spells_of_the_same_title() -> None:
    """"Only 3 spells of the same title may be included": copies written on two lines add up."""
    refused('"Fireball" x2, "Acidic Matter", "Fireball" x2', "at most 3 spells titled 'Fireball', not 4",
            "Only 3 spells of the same title may be included, regardless of fluency level")


@pytest.mark.rule("Codex")
def test_more_than_3_copies_on_one_line_are_refused_as_written() -> None:
    code, _, err = play_text(scenario(codex='"Fireball" x4'))
    assert code == 1 and located(err, 5, "E302", "copies of 'Fireball' must be from 1 to 3, not 4")
    assert '"Only 3 spells of the same title may be included, regardless of fluency level"' in err


@pytest.mark.rule("Unique to Codex")
def test_unique_to_codex_allows_only_one_spell_of_that_title() -> None:
    """"A spell restriction that allows a Magi to have only 1 spell of that title in their Codex at a time.\""""
    assert played('"Lone Ward", "Fireball"') is None
    refused('"Lone Ward" x2', "'Lone Ward' is Unique to Codex: only 1 may be included, not 2",
            "A spell restriction that allows a Magi to have only 1 spell of that title")


def _at_fluency(title: str, fluency: int) -> Any:
    """The card ``title`` printed at another fluency: the same title, a different card."""
    card = library()[title]
    return type(card.__name__ + f"F{fluency}", (card,), {"fluency": fluency})


@pytest.mark.rule("Codex")
@pytest.mark.rule("Title")
def test_copies_are_counted_per_title_regardless_of_fluency() -> None:
    """"a Magi may only include 3 Karmic Debts even if one is level 1 and the others are level 3": the same
    title at two fluencies is no duplicate in itself; three copies in all are allowed, a fourth is not."""
    low, high = library()["Deep Lance"], _at_fluency("Deep Lance", 1)
    assert codex.refusals([high, low, low]) == []
    assert codex.refusals([high, high, low, low]) == [
        ("at most 3 spells titled 'Deep Lance', not 4", codex.RULE_PER_TITLE, "Deep Lance")]


@pytest.mark.rule("Unique to Codex")
def test_unique_to_codex_counts_the_title_at_every_fluency() -> None:
    """"a Codex that contains 1 copy of Universum Negation (Fluency 1) could not also contain ...
    Universum Negation (Fluency 4).\""""
    one, four = library()["Lone Ward"], _at_fluency("Lone Ward", 4)
    assert codex.refusals([one, four]) == [("'Lone Ward' is Unique to Codex: only 1 may be included, not 2",
                                            codex.RULE_UNIQUE, "Lone Ward")]


def test_a_codex_line_may_name_the_fluency() -> None:
    """`"Deep Lance" fluency 3` picks the card of that fluency; one that is not compiled is refused there."""
    assert played('"Deep Lance" fluency 3 x2') is None
    error = played('"Fireball", "Deep Lance" fluency 2')
    assert error is not None and error.where.line == 5 and error.where.column == 27
    assert error.message == 'no "Deep Lance" of fluency 2 is compiled (it is printed at fluency 3)'


@pytest.mark.rule("Codex")
def test_a_title_printed_at_several_fluencies_is_named_with_its_fluency() -> None:
    """"A Magi may only include 3 Karmic Debts even if one is level 1 and the others are level 3": a title may
    be printed at several fluencies, and a Codex line says which; the copies count together."""
    assert played('"Twin Lance" fluency 1, "Twin Lance" fluency 3 x2') is None
    error = played('"Twin Lance" x2')
    assert error is not None and "printed at fluencies 1, 3: say which" in error.message
    error = played('"Twin Lance" fluency 1 x2, "Twin Lance" fluency 3 x2')
    assert error is not None and "regardless of fluency" in (error.rule or "") + error.message + str(error)

