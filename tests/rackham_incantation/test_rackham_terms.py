"""The rest of Incantation 2's glossary, one test per term, each quoting the seed: what a magician's level
allows, the peoples' Colleges, the turn, the description of a spell and the effects of additional gems, and
the counter-spells of Primitive Magic."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from rackham import A, D, E, F, L, W, battle, gorgon, mage, spell, thrown

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.rackham_incantation.scenario import parse_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.core.match import Match
from spellc.engine.rulesets.rackham_incantation import casting, counters, recovery
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import Level
from spellc.engine.rulesets.rackham_incantation.casting import Cast
from spellc.engine.rulesets.rackham_incantation.colleges import ELEMENTAL, PEOPLES, PRIMITIVE_MAGIC, payable_elements
from spellc.engine.rulesets.rackham_incantation.elements import absorptions
from spellc.engine.rulesets.rackham_incantation.game import MAGIC, MOVEMENT, RECOVERY, TURN, Game
from spellc.engine.rulesets.rackham_incantation.scenario import replay
from spellc.engine.rulesets.rackham_incantation.state import Model, Settings
from spellc.generated.rackham_incantation import LIBRARY

ROOT = Path(__file__).resolve().parents[2]


def play(text: str) -> list[str]:
    """A scenario written here, replayed on the shipped cards; its log."""
    diags = Diagnostics()
    scenario = parse_scenario(SourceFile("t.scenario", text), diags)
    assert scenario is not None, diags.render()
    result = replay(scenario, LIBRARY)
    assert result.error is None, (result.error.where, result.error.message)
    return result.game.battle.log


@pytest.mark.rule("Mana")
def test_mana() -> None:
    """"Each spell requires a certain quantity of energy to be cast. This energy comes from gems of Mana ... A
    Magician cannot use gems of an Element he does not control" (3.1)."""
    meliador = mage(reserve={L: 1, A: 3})
    assert not casting.can_pay(meliador, spell())  # 2 Light, 1 held
    meliador.reserve[L] += 1
    assert casting.can_pay(meliador, spell())
    diags = Diagnostics()
    scenario = parse_scenario(SourceFile("t.scenario", 'match "M" {\n    magician "Méliador" camp Lion gems 6 Light, '
                                         '1 Fire\n    magician "Gorgon" camp Acheron gems 6 Darkness\n}\n'), diags)
    assert scenario is not None
    found = replay(scenario, LIBRARY).error
    assert found is not None and found.rule == "Mana reserve" and "cannot start with gems of Fire" in found.message


@pytest.mark.rule("Difficulty")
def test_difficulty() -> None:
    """"The Magician must equalize or exceed a spell's difficulty by a Power test"; "sometimes, the difficulty
    varies according to various factors mentioned in the description" (3.3): Banishment's is the target's Fear
    plus 6."""
    banishment = LIBRARY.spell("Banishment")
    angel = Model("Morbid Angel", "Acheron", fear=6, traits=("Undead",))
    assert casting.difficulty(mage(), banishment, angel) == 12
    assert casting.difficulty(mage(), LIBRARY.spell("Storm of Light"), angel) == 11
    dice = casting.power_test(mage(), banishment, 0)
    assert thrown(dice, 5).at_least(12) and not thrown(dice, 4).at_least(12)


@pytest.mark.rule("Description")
def test_description() -> None:
    """"The description gathers all the information with regard to them. It also describes the exact consequences
    of the spell on the play" (3.8); "the effects of a successfully cast spell are applied immediately" (6.5)."""
    log = play('match "M" {\n    magician "Méliador" camp Lion gems 4 Light, 3 Air\n'
               '    magician "Gorgon" camp Acheron gems 6 Darkness\n}\nturn 1 {\n    Méliador declines a trance\n'
               '    Gorgon declines a trance\n    Méliador declares nothing\n    Gorgon declares nothing\n'
               '    Méliador casts "Flash of Light" at Gorgon\n    Méliador adds no more gems\n    die 4\n'
               '    Gorgon lets it be\n    expect Gorgon wounds 1\n}\n')
    assert LIBRARY.spell("Flash of Light").text == "Deal 1 wound to target."
    assert "Gorgon suffers 1 wound (1 in all)" in log


@pytest.mark.rule("Special")
def test_special() -> None:
    """"Certain spells are exclusive to a caste Magicians or a one particular. Others require certain ingredients
    to be cast" (3.9)."""
    exclusive = replace(spell("Griffon Ward", college=PRIMITIVE_MAGIC, gems=(("Neutral", 1),)), exclusive="Griffon")
    assert casting.college_allows(mage(), exclusive) == "Special: Griffon Ward is exclusive to Griffon"
    assert casting.college_allows(mage("Melkion", people="Griffon", elements=(F, L)), exclusive) is None
    assert LIBRARY.spell("Sacred Flame").ingredients == "a blessed censer"


@pytest.mark.rule("Power characteristic")
def test_power_characteristic() -> None:
    """"Magicians and Warrior-Magi have an additional characteristic, Power, which symbolizes the control of
    elementary forces of the Magician" (5.3): it is added to every Power test and recovery roll."""
    for power in (3, 7):
        m = mage(power=power)
        assert casting.power_test(m, spell(), 0).plus == power
        assert recovery.recovery_dice(m).plus == power
        assert m.reserve_cap == 2 * power


def _level_allows(level: Level, title: str, elements: int, spells: int) -> None:
    """Table 1's spells per turn (different spells), and the Elements the level controls (5.4)."""
    assert level.title == title and (level.elements, level.spells_per_turn) == (elements, spells)
    m = mage(level=level)
    different = [spell(f"Spell {i}") for i in range(spells + 1)]
    for cast in different[:-1]:
        assert casting.spells_per_turn(m, cast) is None
        casting.record_the_cast(m, cast, gorgon())
    assert casting.spells_per_turn(m, different[-1]) is not None


@pytest.mark.rule("Initiate")
def test_initiate() -> None:
    """"The Initiates are knowledgeable about a single Element" (5.4.1); Table 1: "Initiate 2"."""
    _level_allows(Level.INITIATE, "Initiate", 1, 2)


@pytest.mark.rule("Adept")
def test_adept() -> None:
    """"The Adepts supplement their knowledge by the study of a second Element" (5.4.2); Table 1: "Follower 3"
    (the Adept, "Adepte")."""
    _level_allows(Level.ADEPT, "Adept", 2, 3)


@pytest.mark.rule("Master")
def test_master() -> None:
    """"Their control of three Elements enables them to see beyond appearances" (5.4.3); Table 1: "Master 4"."""
    _level_allows(Level.MASTER, "Master", 3, 4)


@pytest.mark.rule("Virtuoso")
def test_virtuoso() -> None:
    """"The Virtuosos control all the Elements" (10.4); Table 1: "Virtuoso 5"."""
    _level_allows(Level.VIRTUOSO, "Virtuoso", 6, 5)


# The seed's section 5.5: each people's primary and prohibited Elements ("Unknown" and "Any" give all six).
SEED_PEOPLES = {
    "Alahan": ({L}, {D}), "Achéron": ({D}, {L, W}), "Tir-Na-Bor": ({E}, {D}), "Griffon": ({F}, {D}),
    "Dirz": ({D}, {L, A}), "Akkyshan": ({E}, {L, F}), "Wolfen": ({W}, {L, D}), "Goblin": ({A}, set()),
    "Mid-Nor": ({D}, {L, A}), "Daikinee": ({W}, {D, F}), "Keltois": ({A, E, F, W}, {D, L}),
    "Orc": ({W, A, E, F, L, D}, set()), "Cynwäll": ({W, A, E, F, L, D}, set()),
}


@pytest.mark.rule("Colleges of the peoples")
def test_colleges_of_the_peoples() -> None:
    """"Each people follow one or more College of Magic. The principal ones are described below" (5.5): the
    primary and prohibited Elements of each, as the seed lists them."""
    assert {name: (set(p.primary), set(p.prohibited)) for name, p in PEOPLES.items()} == SEED_PEOPLES
    assert PEOPLES["Alahan"].college == "Hermetic Magic" and PEOPLES["Achéron"].college == "Necromancy"


@pytest.mark.rule("Prohibited Elements")
def test_prohibited_elements() -> None:
    """"Certain Elements are prohibited" (5.5): a spell of a College never prints them; "a Virtuoso has no
    prohibited college" (10.4)."""
    assert D not in payable_elements("Hermetic Magic") and L in payable_elements("Hermetic Magic")
    assert payable_elements("Necromancy") == {A, E, F, D}
    necromancer = mage("Gorgon", people="Achéron", elements=(F, D))
    holy = spell("Holy Light", college="Necromancy", gems=(("Light", 1),))
    assert casting.elements_allowed(necromancer, holy) == (
        "Elements: Holy Light needs Light, which Gorgon does not control")


@pytest.mark.rule("Elemental Colleges")
def test_elemental_colleges() -> None:
    """"There is an Elemental College for each Element. To use an Elemental spell, the Magician must control the
    Element necessary to his incantation" (5.5.14)."""
    assert set(ELEMENTAL.values()) == {W, A, E, F, L, D}
    assert payable_elements("Elemental Fire") == {F}
    meliador = mage()
    assert {"Elemental Air", "Elemental Light"} <= casting.colleges_of(meliador)
    assert "Elemental Fire" not in casting.colleges_of(meliador)
    assert casting.college_allows(meliador, LIBRARY.spell("Fire Dart")) == (
        "College: Fire Dart is of Elemental Fire, which Méliador does not follow")


@pytest.mark.rule("Magic phase")
def test_magic_phase() -> None:
    """"The Magic phase is integrated with the Shooting phase" (6.1.2), and "at the end of the turn, each model
    with a Power characteristic makes a mana recovery roll" (7): a turn is declared as three phases."""
    assert [phase.name for phase in TURN] == [MOVEMENT, MAGIC, RECOVERY]
    b = Battle({"Méliador": mage(reserve={L: 4, A: 3}), "Gorgon": gorgon({D: 6})}, LIBRARY, Settings(max_turns=1))
    match = Match(Game(b))
    assert match.decision is not None and match.decision.kind == "trance"


@pytest.mark.rule("Casting in any order")
def test_casting_in_any_order() -> None:
    """"Each magician can cast his spells one by one in the order he wishes" (6.3): every spell it may cast is
    offered at once, and "done" ends its casting."""
    meliador = mage(reserve={L: 4, A: 3}, spells=("Flash of Light", "Carrying Wind", "Storm of Light"))
    b = Battle({"Méliador": meliador, "Gorgon": gorgon({D: 6})}, LIBRARY)
    labels = [c.label for c in casting.cast_options(b, meliador)]
    assert labels == ['cast "Flash of Light" at Gorgon', 'cast "Carrying Wind" at Méliador',
                      'cast "Storm of Light" at Gorgon']


@pytest.mark.rule("Spells cast into a melee")
def test_spells_cast_into_a_melee() -> None:
    """"A spell cast into a melee hits its target; it is not randomized. The spirit is surer than the hand"
    (6.5): a target in a melee is a target like any other."""
    meliador, the_gorgon = mage(reserve={L: 4, A: 3}, spells=("Flash of Light",)), gorgon({D: 6})
    b = Battle({"Méliador": meliador, "Gorgon": the_gorgon}, LIBRARY)
    b.facts.melee.add("Gorgon")
    assert casting.target_allowed(b, meliador, LIBRARY.spell("Flash of Light"), the_gorgon) is None


@pytest.mark.rule("Extra effects of additional gems")
def test_extra_effects_of_additional_gems() -> None:
    """"Certain spells allow extra gems to be added when casting to modify the effects of the spell. The exact
    effects are noted on the spell's card" (6.6): each 2 more gems summon one more Morbid Angel."""
    log = play('match "M" {\n    magician "Méliador" camp Lion gems 4 Light, 3 Air\n'
               '    magician "Gorgon" camp Acheron gems 6 Darkness\n    Gorgon is 40 cm from Méliador\n}\n'
               'turn 1 {\n    Méliador declines a trance\n    Gorgon declines a trance\n'
               '    Méliador declares nothing\n    Gorgon declares nothing\n    Méliador is done\n'
               '    Gorgon casts "Morbid Invocation of Angel" at Gorgon\n    Gorgon adds Darkness\n'
               '    Gorgon adds Darkness\n    dice 3, 4, 5\n    expect "Morbid Angel" present\n'
               '    expect "Morbid Angel 2" present\n}\n')
    assert log.count("Gorgon summons Morbid Angel") == 1 and "Gorgon summons Morbid Angel 2" in log


@pytest.mark.rule("Counter-spell")
def test_counter_spell() -> None:
    """"A magician can try to cancel a successfully cast spell. For a magician to counter a spell, he must be
    within range of the spell and must have line of sight to the caster" (6.7)."""
    meliador, the_gorgon = mage(reserve={L: 4, A: 3}), gorgon({D: 6})
    b = battle(meliador, the_gorgon)
    cast = Cast(meliador, spell(), the_gorgon, [L, L])
    assert counters.may_counter(b, the_gorgon, cast) is None
    b.facts.place("Méliador", "Gorgon", 40)
    assert counters.may_counter(b, the_gorgon, cast) == (
        "Range: Gorgon is 40 cm from Méliador, out of Flash of Light's range")
    b.facts.place("Méliador", "Gorgon", 10)
    b.facts.blind.add(("Gorgon", "Méliador"))
    assert counters.may_counter(b, the_gorgon, cast) == "Line of sight: Gorgon cannot see Méliador"
    assert counters.may_counter(b, meliador, cast) == "Counter-spell: Méliador is of Méliador's camp"


@pytest.mark.rule("Absorbing Primitive Magic")
def test_absorbing_primitive_magic() -> None:
    """"For Primitive Magic, use the gems that are opposite of those used to cast the spell" (6.7.1): a Mana Bolt
    paid with Air and Light is absorbed by Earth or Darkness, and Darkness."""
    assert absorptions([A, L], Counter({E: 2, D: 2}), (E, D)) == [(E, D), (D, D)]
    assert absorptions([A, L], Counter({E: 2}), (E, D)) == []
