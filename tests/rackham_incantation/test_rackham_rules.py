"""The rules of Rackham's Incantation 2 (seed 001), one test per rule, named after it and quoting the seed.

Each test builds its magicians, models and battle straight from the engine's values (cards.py, state.py,
battle.py) with hand-made cards, so that a rule is shown apart from the shipped cards; dice are thrown with
scripted faces, and a piece of the rules that asks decisions is driven by answering them by label or value."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest
from rackham import A, D, E, F, L, W, battle, drive, gorgon, mage, spell, thrown

from spellc.engine.core import chance
from spellc.engine.core.decisions import Decision
from spellc.engine.core.steps import Do
from spellc.engine.rulesets.rackham_incantation import casting, counters, effects, recovery, stamina
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import (
    Difficulty,
    Frequency,
    Level,
    Range,
    SpellCard,
)
from spellc.engine.rulesets.rackham_incantation.casting import Cast
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES, PRIMITIVE_MAGIC, payable_elements
from spellc.engine.rulesets.rackham_incantation.effects import Effect
from spellc.engine.rulesets.rackham_incantation.elements import (
    ELEMENTS,
    OPPOSITES,
    PRIMARY,
    PRINCIPLES,
    Element,
    absorptions,
    opposes,
)
from spellc.engine.rulesets.rackham_incantation.evaluation import evaluate
from spellc.engine.rulesets.rackham_incantation.game import FAST, PROLONGED, Game
from spellc.engine.rulesets.rackham_incantation.setup import starting_reserve
from spellc.engine.rulesets.rackham_incantation.state import MANA_RESERVE, Magician, Model, Settings


# ---------------------------------------------------------------- 4 Elements
@pytest.mark.rule("Elemental Opposition")
def test_elemental_opposition() -> None:
    """"The Light, pure and mysterious, is opposed only to Darkness. Darkness, because of their corrupting
    nature, is opposed to all the other Elements and all the other Elements are opposed to them" (4.6), and
    Table 4: "Light: Dark; Air: Earth and Dark; Water: Fire and Dark; Fire: Water and Dark; Earth: Air and
    Dark; Dark: All"."""
    table = {L: {D}, A: {E, D}, W: {F, D}, F: {W, D}, E: {A, D}, D: {L, A, W, F, E}}
    assert {e: set(o) for e, o in OPPOSITES.items()} == table
    for gem in ELEMENTS:
        for other in ELEMENTS:
            assert opposes(gem, other) == (other in table[gem]), (gem, other)
            assert opposes(gem, other) == opposes(other, gem), (gem, other)  # an opposition goes both ways
        assert not opposes(gem, gem)
    assert [e for e in ELEMENTS if opposes(L, e)] == [D]
    assert [e for e in ELEMENTS if opposes(D, e)] == [W, A, E, F, L]


@pytest.mark.rule("Elemental Opposition")
def test_darkness_is_not_opposed_to_darkness() -> None:
    """"Darkness, because of their corrupting nature, is opposed to all the other Elements and all the other
    Elements are opposed to them" (4.6), where Table 4 prints "Dark: All"; "each Element has its opposite, an
    Element diametrically opposite" (4.3). The table's "All" is read as the text's "all the other Elements":
    Darkness does not absorb Darkness."""
    assert OPPOSITES[D] == frozenset(ELEMENTS) - {D}
    assert not opposes(D, D)
    # Eternal Torpor's three Darkness gems: a magician holding only Darkness cannot absorb them (he may dispel) ...
    lictor = mage("Lictor", people="Mid-Nor", level=Level.INITIATE, power=6, elements=(D,), camp="Mid-Nor",
                  reserve={D: 6})
    torpor = spell("Eternal Torpor", college="Necromancy", gems=(("Darkness", 3),), difficulty=Difficulty(10))
    the_gorgon = gorgon({D: 3})
    cast = Cast(the_gorgon, torpor, lictor, [D, D, D])
    assert absorptions([D, D, D], lictor.reserve, lictor.controls) == []
    assert counters.absorb_options(lictor, cast) == []
    assert [c.label for c in counters.dispel_options(lictor, cast)] == ["dispel with Darkness"]
    # ... and any other Element does, one gem against each: Fire against the Darkness of a Primitive spell.
    bolt = spell("Mana Bolt", college=PRIMITIVE_MAGIC, gems=(("Neutral", 2),))
    the_gorgon.reserve.update({F: 2})
    by_the_lictor = Cast(lictor, bolt, the_gorgon, [D, D])
    assert [c.label for c in counters.absorb_options(the_gorgon, by_the_lictor)] == ["absorb with Fire + Fire"]


@pytest.mark.rule("Primary Elements")
def test_primary_elements() -> None:
    """"There are six elements. The four primary elements are: Water, Air, Earth and Fire"; "Water ... is
    opposed to Fire"; "The Earth ... is opposed to the Air" (4.1, 4.5)."""
    assert PRIMARY == (W, A, E, F)
    assert len(ELEMENTS) == len(set(ELEMENTS)) == 6
    assert {e: {o for o in PRIMARY if opposes(e, o)} for e in PRIMARY} == {W: {F}, F: {W}, E: {A}, A: {E}}


@pytest.mark.rule("Principles")
def test_principles() -> None:
    """"The other two Elements are called Principles. They are Light and Darkness" (4.2)."""
    assert PRINCIPLES == (L, D)
    assert (*PRIMARY, *PRINCIPLES) == ELEMENTS
    assert not set(PRIMARY) & set(PRINCIPLES)


# ---------------------------------------------------------------- 6.7.1 Absorption
@pytest.mark.rule("Absorption")
def test_absorption() -> None:
    """"To absorb a spell, the magician spends the same number of gems as the caster, but the gems must be of
    the opposite element ... Example: To absorb a spell made up of a gem of Fire and one of Air, there are 4
    possibilities: To spend an Earth and a Water gem; to spend an earth and a Darkness gem, to spend a gem of
    Darkness and Water, or to spend two gems of Darkness" (6.7.1)."""
    plenty = {e: 2 for e in ELEMENTS}
    ways = absorptions([F, A], plenty, ELEMENTS)
    assert sorted(map(sorted, ways)) == sorted(map(sorted, [(E, W), (E, D), (D, W), (D, D)]))
    assert len(ways) == 4 and all(len(way) == 2 for way in ways)  # as many gems as the caster spent
    # Fewer when the reserve lacks the gems: one Darkness cannot pay two.
    assert sorted(map(sorted, absorptions([F, A], {W: 1, E: 1, D: 1}, ELEMENTS))) == sorted(
        map(sorted, [(E, W), (E, D), (D, W)]))
    assert absorptions([F, A], {D: 2}, ELEMENTS) == [(D, D)]
    assert absorptions([F, A], {D: 1}, ELEMENTS) == []
    assert absorptions([F, A], {L: 4, A: 4}, ELEMENTS) == []  # nothing opposed in the reserve
    # None with Elements the absorbing magician does not control, whatever its reserve holds.
    assert absorptions([F, A], plenty, (L, A)) == []
    assert absorptions([F, A], plenty, (E,)) == []
    assert absorptions([F, A], plenty, (E, W)) == [(W, E)]


@pytest.mark.rule("Absorption")
def test_absorption_of_the_example_of_play() -> None:
    """"Méliador spends two Gems of Light so that a flash strikes the Gorgon. Not being able to risk a Wound, the
    creature immediately spends two gems of Darkness and absorbs the spell automatically" (8.3.1)."""
    meliador, the_gorgon = mage(reserve={L: 2, A: 2}), gorgon({D: 5, F: 1})
    flash = spell()
    cast = Cast(meliador, flash, the_gorgon, [L, L])
    options = counters.absorb_options(the_gorgon, cast)
    assert [c.label for c in options] == ["absorb with Darkness + Darkness"]
    counters.absorb(battle(meliador, the_gorgon), the_gorgon, cast, list(options[0].value[1]))
    assert cast.countered == "absorbed by Gorgon" and the_gorgon.reserve == Counter({D: 3, F: 1})


# ---------------------------------------------------------------- 6.7.2 Dispelling
ARROWS = spell("Arrows of Hécate", college="Necromancy", gems=(("Fire", 3),), difficulty=Difficulty(8),
               reach=Range(cm=40))


@pytest.mark.rule("Dispelling")
def test_dispelling() -> None:
    """"The magician spends one gem of any kind and rolls a d6. The result of the die roll is added to the
    magician's power. If the total is equal to or greater than the result of the caster (not the difficulty of the
    spell), the spell is countered" (6.7.2). A d6 and the Power, nothing more: the Power test's "when casting a
    spell, a natural result of 6 entitles the player to roll again ... A result of 1 is always regarded as a
    failure" (6.3.2) is of casting, and a dispel casts no spell."""
    meliador, the_gorgon = mage(reserve={L: 4, A: 3}), gorgon({F: 3, D: 3})
    b = battle(meliador, the_gorgon)
    assert counters.dispel_roll(meliador) == chance.Dice(1, 6, plus=7)

    def arrows(*faces: int) -> Cast:
        return Cast(the_gorgon, ARROWS, meliador, [F, F, F], roll=thrown(casting.power_test(the_gorgon, ARROWS, 0),
                                                                          *faces))
    # 8.2.2: "The Gorgon rolls a d6 and the total of the roll and its Power characteristic is 11 ... The total of
    # his die roll and his Power characteristic is 12!": dispelled.
    cast = arrows(5)
    drive(counters.dispel(b, meliador, cast, A), 5)
    assert cast.countered == "dispelled by Méliador" and meliador.reserve == Counter({L: 4, A: 2})
    # A 6 is not thrown again: 6 + 7 = 13 against the Gorgon's 6 + 2 + 6 = 14 falls short, one die thrown.
    cast = arrows(6, 2)
    _, asked = drive(counters.dispel(b, meliador, cast, L), 6)
    assert cast.result == 14 and [d.kind for d in asked] == ["die"] and cast.countered is None
    # A 1 is no failure: 1 + 7 = 8 equals the Gorgon's 2 + 6 = 8.
    cast = arrows(2)
    drive(counters.dispel(b, meliador, cast, L), 1)
    assert cast.countered == "dispelled by Méliador" and cast.dispel_tried


# ---------------------------------------------------------------- 6.3.2 the Power test, 6.6, 10.7
@pytest.mark.rule("Power test")
def test_power_test() -> None:
    """"To cast a spell, the player rolls a d6 and adds the Magician's Power characteristic. If the total is
    equal to or greater than the difficulty of the spell the cast is successful"; "a natural result of 6 entitles
    the player to roll again, adding the 6 to the Power characteristic. A result of 1 is always regarded as a
    failure, even if it occurs after having rolled a 6" (6.3.2)."""
    meliador = mage()
    storm = spell("Storm of Light", college="Hermetic Magic", gems=(("Light", 4), ("Air", 3)),
                  difficulty=Difficulty(11))
    dice = casting.power_test(meliador, storm, 0)
    assert dice == chance.Dice(count=1, sides=6, keep=1, explode=True, plus=7, fail_on=frozenset({1}))
    # "He rolls a 5 and adds his Power characteristic of 7 for a total of 12. The spell is successfully cast."
    roll = thrown(dice, 5)
    assert roll.total == 12 and roll.at_least(11)
    assert not thrown(dice, 3).at_least(11)  # 10 falls short
    six = thrown(dice, 6, 6, 2)  # each 6 thrown again and added
    assert six.throws == ((6, 6, 2),) and six.total == 21 and six.at_least(21)
    one = thrown(dice, 1)
    assert one.natural_failure and not one.at_least(1)
    after_a_six = thrown(dice, 6, 1)
    assert after_a_six.total == 14 and after_a_six.natural_failure and not after_a_six.at_least(11)


@pytest.mark.rule("Spirit of X")
def test_spirit_of_x() -> None:
    """"When casting a spell of this Element, a casting roll of 1 is not regarded as an automatic failure. On the
    card, X is replaced by the name of the Element" (10.7)."""
    naelis = mage("Naëlis", people="Daikinee", level=Level.MASTER, power=6, elements=(W, A, E), spirit_of=(W,))
    undertow = spell("Undertow", college="Elemental Water", gems=(("Water", 2),))
    mist = spell("Mist", college="Elemental Water", gems=(("Neutral", 1),))  # of Water by its College
    stone = spell("Stone Fist", college="Elemental Earth", gems=(("Earth", 1), ("Neutral", 1)))
    for of_water in (undertow, mist):
        dice = casting.power_test(naelis, of_water, 0)
        assert dice.fail_on == frozenset()
        roll = thrown(dice, 1)
        assert not roll.natural_failure and roll.total == 7 and roll.at_least(7)
    assert casting.power_test(naelis, stone, 0).fail_on == frozenset({1})  # a spell of another Element
    assert thrown(casting.power_test(naelis, stone, 0), 1).natural_failure
    without = mage("Sylvan", people="Daikinee", level=Level.MASTER, power=6, elements=(W, A, E))
    assert casting.power_test(without, undertow, 0).fail_on == frozenset({1})


@pytest.mark.rule("Additional gems")
def test_additional_gems() -> None:
    """"For each additional gem spent, the magician may roll an additional d6. These additional dice are not
    added together. Rather, the magician selects the best score of all dice rolled" (6.6); "the Gorgon adds a gem
    to increase his chance of casting the spell. It rolls two D6, getting a 1 and 3! Without the additional
    expenditure, the spell would undoubtedly have failed" (8.1.2)."""
    the_gorgon = gorgon({D: 5, F: 1})
    invocation = spell("Morbid Invocation of Angel", college="Necromancy", gems=(("Darkness", 4),),
                       difficulty=Difficulty(8), reach=Range(reach="self"), target="self")
    for extra in range(4):
        dice = casting.power_test(the_gorgon, invocation, extra)
        assert (dice.count, dice.keep, dice.plus) == (1 + extra, 1, 6)
    assert thrown(casting.power_test(the_gorgon, invocation, 0), 1).natural_failure  # one die: the 1 fails
    # One gem more (a Darkness), then no more: two dice, a 1 and a 3; the 3 is kept, 3 + 6 = 9 against 8.
    cast, asked = drive(casting.attempt(battle(the_gorgon), the_gorgon, invocation, the_gorgon),
                        "Darkness", casting.NO_MORE, 1, 3)
    assert [d.kind for d in asked] == ["additional gem", "additional gem", "die", "die"]
    assert cast.extra == 1 and cast.spent == [D] * 5 and the_gorgon.reserve == Counter({F: 1})
    assert cast.roll is not None and cast.roll.throws == ((1,), (3,)) and cast.result == 9
    assert casting.succeeds(cast)


# ---------------------------------------------------------------- 5.4 levels, 6.3.1 spells per turn
@pytest.mark.rule("Levels of Magic")
def test_levels_of_magic() -> None:
    """"There are four levels of magic ... The first level is that of Initiate; then comes Adept, then Master and
    finally Virtuoso" (5.4); "The Initiates are knowledgeable about a single Element"; Adepts study "a second
    Element"; Masters' "control of three Elements"; "The Virtuosos control all the Elements"."""
    assert [(lv.title, lv.elements) for lv in Level] == [
        ("Initiate", 1), ("Adept", 2), ("Master", 3), ("Virtuoso", 6)]
    assert Level.VIRTUOSO.elements == len(ELEMENTS)
    assert all(Level.named(lv.title) is lv for lv in Level) and Level.named("Archmage") is None


@pytest.mark.rule("Spells per turn")
def test_spells_per_turn() -> None:
    """"His level limits the number of spells a magician can cast. It is not related to the frequency of the spell
    cast. Table 1 Spell per Turn: Initiate 2, Follower 3, Master 4, Virtuoso 5. Example: Melkion, Preacher of
    Griffon, is an Adept. In the Magic phase, he can cast three different spells. The number of Incantations for
    each of the three spells is limited by their Frequencies" (6.3.1)."""
    assert {lv: lv.spells_per_turn for lv in Level} == {
        Level.INITIATE: 2, Level.ADEPT: 3, Level.MASTER: 4, Level.VIRTUOSO: 5}
    for level in Level:
        m = mage(level=level)
        different = [spell(f"Spell {i}") for i in range(level.spells_per_turn + 1)]
        for cast in different[:-1]:
            assert casting.spells_per_turn(m, cast) is None
            casting.record_the_cast(m, cast, gorgon())
        titles = ", ".join(c.title for c in different[:-1])
        assert casting.spells_per_turn(m, different[-1]) == (
            f"Spells per turn: Méliador is {level.title}, and has cast {level.spells_per_turn} different spells "
            f"this turn ({titles}; at most {level.spells_per_turn}): {different[-1].title} would be another")
        assert all(casting.spells_per_turn(m, cast) is None for cast in different[:-1])  # not a new spell
        m.new_turn()
        assert casting.spells_per_turn(m, different[-1]) is None
    # Melkion, the Adept: Fire Dart twice and Flash of Light twice (each "2 per turn"), then Mana Bolt: five
    # Incantations of three spells. A fourth spell is refused by his level, a third dart by its frequency; a second
    # bolt, at a third target, is still his to cast.
    melkion = mage("Melkion", people="Griffon", power=6, initiative=5, elements=(F, L), reserve={F: 6, L: 6},
                   spells=("Fire Dart", "Flash of Light", "Mana Bolt", "Fire Wall"))
    dart = spell("Fire Dart", college="Elemental Fire", gems=(("Fire", 1),), difficulty=Difficulty(6),
                 frequency=Frequency(per_turn=2))
    flash = spell(frequency=Frequency(per_turn=2))
    bolt = spell("Mana Bolt", college=PRIMITIVE_MAGIC, gems=(("Neutral", 2),), frequency=Frequency(per_turn=2))
    wall = spell("Fire Wall", college="Elemental Fire", gems=(("Fire", 1),))
    urgak, warrior, brute = (Model(name, "Orc") for name in ("Urgak", "Orc Warrior", "Orc Brute"))
    b = battle(melkion, urgak, warrior, brute, cards=[dart, flash, bolt, wall])
    for cast, target, *gems in ((dart, urgak), (dart, warrior), (flash, urgak), (flash, warrior),
                                (bolt, urgak, "Fire", "Fire")):
        done, _ = drive(casting.attempt(b, melkion, cast, target), *gems, casting.NO_MORE, 4)
        assert casting.succeeds(done), cast.title
    assert melkion.spells_cast == 5 and list(melkion.casts_of) == ["Fire Dart", "Flash of Light", "Mana Bolt"]
    assert casting.why_not(b, melkion, wall, brute) == (
        "Spells per turn: Melkion is Adept, and has cast 3 different spells this turn (Fire Dart, Flash of Light, "
        "Mana Bolt; at most 3): Fire Wall would be another")
    assert casting.why_not(b, melkion, dart, brute) == "Frequency: Fire Dart can be cast 2 per turn"
    assert casting.why_not(b, melkion, bolt, brute) is None
    assert [c.label for c in casting.cast_options(b, melkion)] == [
        'cast "Mana Bolt" at Orc Warrior', 'cast "Mana Bolt" at Orc Brute']


# ---------------------------------------------------------------- 3.10 Magic Potential, 6.2 Mana reserve
@pytest.mark.rule("Magic Potential")
def test_magic_potential() -> None:
    """"The Magician can control spells of a total power equal to twice his Power characteristic. This is his
    Magic Potential" (3.10); "His Power is 7; therefore, his Magic Potential is 14" (8); Warrior-Magi: "Their
    Potential is equal to their Power characteristic" (10.5)."""
    assert mage().spec.potential == 14
    assert gorgon().spec.potential == 12
    assert mage("Brother Aldric", people="Griffon", power=5, elements=(F, L), warrior_mage=True).spec.potential == 5


@pytest.mark.rule("Mana reserve")
def test_mana_reserve() -> None:
    """"This reserve consists of a number of gems equal to the Magician's Power characteristic. If a magician can
    control multiple elements, he may select the type of each gem from the elements he controls. A magician's
    mana reserve cannot have more gems than twice his Power characteristic (i.e. his Potential)" (6.2)."""
    meliador = mage(reserve={L: 7, A: 6})
    assert (MANA_RESERVE.held(meliador), MANA_RESERVE.most(meliador), MANA_RESERVE.floor) == (13, 14, 0)
    for seed in range(5):
        start = starting_reserve(meliador.spec, random.Random(seed))
        assert sum(start.values()) == 7 and set(start) <= {L, A}
    # Three gems to regain, one room left: the second is never asked for.
    _, asked = drive(recovery.regain(battle(meliador), meliador, 3, "regain a gem"), "Air")
    assert [d.kind for d in asked] == ["regain a gem"] and [c.label for c in asked[0].options] == ["Air", "Light"]
    assert meliador.reserve == Counter({L: 7, A: 7}) and meliador.gem_count == MANA_RESERVE.most(meliador)


# ---------------------------------------------------------------- 7 Mana recovery
TABLE_5 = {  # the seed's Table 5, column by column: ≤0, 1-5, 6-10, 11-15, 16-20, ≥21
    Level.INITIATE: (1, 2, 4, 6, 8, 10),
    Level.ADEPT: (1, 3, 5, 7, 9, 11),
    Level.MASTER: (2, 4, 6, 8, 10, 12),
    Level.VIRTUOSO: (3, 5, 7, 9, 11, 13),
}
BANDS = ((-12, -1, 0), (1, 3, 5), (6, 8, 10), (11, 13, 15), (16, 18, 20), (21, 25, 40))


@pytest.mark.rule("Recovery Table")
def test_recovery_table() -> None:
    """"The magician rolls a d6 and adds his Power. From this result, the magician subtracts the number of gems he
    currently has in his mana reserve. The magician cross-indexes the total with his level on the Recovery table"
    (7.1), Table 5: "Failure 0 0 0 0; ≤0 1 1 2 3; 1-5 2 3 4 5; 6-10 4 5 6 7; 11-15 6 7 8 9; 16-20 8 9 10 11;
    ≥21 10 11 12 13"."""
    assert set(recovery.RECOVERY_TABLE) == set(Level)
    for level, column in TABLE_5.items():
        for totals, gems in zip(BANDS, column, strict=True):
            for total in totals:
                assert recovery.RECOVERY_TABLE[level].read(total) == gems, (level.title, total)


@pytest.mark.rule("Recovery Table")
def test_recovery_table_of_the_example_of_play() -> None:
    """"He throws D6 and obtains 2. He adds his Power for a total of 9 and does not subtract anything, since he
    does not have any more gems in his reserve. As a Adept, he regains 5 Gems. He chooses 4 Gems of Light and 1 of
    Air"; the Gorgon "rolls a D6 getting a 5, for a total of 11 ... it subtracts 1 from the result. The total is
    10. It also regains 5 Gems and chooses 2 Gems of Fire and 3 of Darkness" (8.1.3)."""
    meliador, the_gorgon = mage(), gorgon({F: 1})
    b = battle(meliador, the_gorgon)
    regained, _ = drive(recovery.mana_recovery(b, meliador, 0), 2, "Light", "Light", "Light", "Light", "Air")
    assert regained == 5 and meliador.reserve == Counter({L: 4, A: 1})
    regained, _ = drive(recovery.mana_recovery(b, the_gorgon, 0), 5, "Fire", "Fire", "Darkness", "Darkness",
                        "Darkness")
    assert regained == 5 and the_gorgon.reserve == Counter({F: 3, D: 3})
    # "Failure: 0": a natural 1 regains nothing; "Orcs do not fail on a recovery roll of 1" (7.2).
    assert drive(recovery.mana_recovery(b, mage("Novice", level=Level.INITIATE, elements=(L,)), 0), 1)[0] == 0
    grohl = mage("Grohl", people="Orc", level=Level.INITIATE, power=4, elements=(F,))
    assert drive(recovery.mana_recovery(battle(grohl), grohl, 0), 1)[0] == 2  # 1 + 4 = 5: "1-5", 2 gems
    assert grohl.reserve == Counter({F: 2})


@pytest.mark.rule("Recovery roll")
def test_recovery_roll() -> None:
    """"The magician rolls a d6 and adds his Power. From this result, the magician subtracts the number of gems he
    currently has in his mana reserve ... The player may re-roll if he rolls a six. A roll of 1 is a failure, even
    on a subsequent roll" (7.1). The re-rolled die is added to the six (a die that replaced it could never beat it),
    and the player chooses, at each six, to re-roll or to stand."""
    def recovered(reserve: dict[Element, int], *answers: object, people: str = "Alahan") -> tuple[int, Magician]:
        m = mage(people=people, reserve=reserve)
        regained, _ = drive(recovery.mana_recovery(battle(m), m, 0), *answers)
        return regained, m

    # Re-rolled and added: 6 + 3 + 7 − 1 = 15, an Adept's 7 gems (a 3 in the six's place would make 9: 5 gems).
    regained, m = recovered({L: 1}, 6, recovery.RE_ROLL, 3, *["Light"] * 7)
    assert regained == 7 and m.gem_count == 8
    # Standing on the six: 6 + 7 − 1 = 12, 7 gems, with no risk of a 1.
    assert recovered({L: 1}, 6, recovery.STAND, *["Light"] * 7)[0] == 7
    # Re-rolled into a 1: "a failure, even on a subsequent roll", though 6 + 1 + 7 − 1 = 13.
    assert recovered({L: 1}, 6, recovery.RE_ROLL, 1)[0] == 0
    # Each six may be re-rolled: 6 + 6 + 2 + 7 − 8 = 13, 7 gems, 6 of which fit below the cap of 14.
    assert recovered({L: 8}, 6, recovery.RE_ROLL, 6, recovery.RE_ROLL, 2, *["Light"] * 6)[0] == 6
    # "Orcs do not fail on a recovery roll of 1": 6 + 1 + 7 − 1 = 13, 7 gems.
    assert recovered({L: 1}, 6, recovery.RE_ROLL, 1, *["Light"] * 7, people="Orc")[0] == 7
    # No six, no question.
    m = mage(reserve={L: 1})
    _, asked = drive(recovery.mana_recovery(battle(m), m, 0), 5, *["Light"] * 7)
    assert "re-roll" not in [d.kind for d in asked]


@pytest.mark.rule("Recovery in melee")
def test_recovery_in_melee() -> None:
    """"A magician in melee cannot concentrate as well when trying to recover gems. As such, twice number of gems
    in his mana reserve is subtracted. Necromancers and Sorcerers are not affected by melee when attempting to
    recover gems" (7.2); Warrior-Magi: "In melee, they recover of Mana as if they were not committed" (10.5); "A
    magician in a trance ignores the number of gems in his mana store" (7.3)."""
    preacher = mage("Preacher", people="Griffon", elements=(F, L), reserve={F: 3})
    sorcerer = mage("Sorcerer", people="Alahan", elements=(A, L), reserve={L: 3})
    necromancer = mage("Necromancer", people="Achéron", elements=(F, D), reserve={D: 3})
    warrior = mage("Warrior", people="Griffon", elements=(F, L), reserve={F: 3}, warrior_mage=True)
    b = battle(preacher, sorcerer, necromancer, warrior)
    for m in (preacher, sorcerer, necromancer, warrior):
        assert recovery.subtracted(b, m, trance=False) == 3  # out of melee: the gems, once
    b.facts.melee.update(m.name for m in (preacher, sorcerer, necromancer, warrior))
    assert recovery.subtracted(b, preacher, trance=False) == 6
    assert recovery.engaged(b, preacher)
    for unaffected in (sorcerer, necromancer, warrior):
        assert recovery.subtracted(b, unaffected, trance=False) == 3 and not recovery.engaged(b, unaffected)
    for m in (preacher, sorcerer):
        assert recovery.subtracted(b, m, trance=True) == 0
    # Through the roll: the Preacher in melee throws 4 + 7 − 6 = 5, an Adept's "1-5": 3 gems.
    assert drive(recovery.mana_recovery(b, preacher, 0), 4, "Fire", "Fire", "Fire")[0] == 3


@pytest.mark.rule("Trance")
def test_trance() -> None:
    """"If the magician did not move, shoot, cast spells, fight in melee, or was wounded, it will profit from the
    trance at the end of the turn" (7.3); Warrior-Magi "are unable to enter a trance" (10.5)."""
    def entranced(**changes: object) -> bool:
        m = mage(reserve={L: 5}, warrior_mage=bool(changes.pop("warrior_mage", False)))
        b = battle(m, gorgon())
        recovery.enter_a_trance(m)
        if changes.get("cast"):
            m.spells_cast = 1
        if changes.get("moved"):
            b.facts.moved.add(m.name)
        if changes.get("shot"):
            b.facts.busy.add(m.name)
        if changes.get("melee"):
            b.facts.melee.add(m.name)
        if changes.get("wounded"):
            m.wounds += 1
        return recovery.profits_from_trance(b, m, wounds_at_start=0)

    assert entranced()
    for spoiler in ("cast", "moved", "shot", "melee", "wounded", "warrior_mage"):
        assert not entranced(**{spoiler: True}), spoiler
    idle = mage(reserve={L: 5})
    assert not recovery.profits_from_trance(battle(idle), idle, 0)  # no trance declared
    # Profiting from it, the roll ignores the reserve: 3 + 7 − 0 = 10, an Adept's "6-10": 5 gems (not 3 + 7 − 5).
    m = mage(reserve={L: 5})
    b = battle(m)
    recovery.enter_a_trance(m)
    assert drive(recovery.mana_recovery(b, m, 0), 3, *["Light"] * 5)[0] == 5


# ---------------------------------------------------------------- 6.4 fast and prolonged casts, 3.3
@pytest.mark.rule("Fast cast")
def test_fast_cast() -> None:
    """"Doing so increases the magician's Initiative by two. It also increases the difficulty of his spells cast
    this turn by 1. These effects last for the current turn only" (6.4.1)."""
    meliador, target = mage(), gorgon()
    flash = spell()
    assert (meliador.initiative, casting.difficulty(meliador, flash, target)) == (6, 7)
    casting.declare_fast_cast(meliador)
    assert (meliador.initiative, casting.difficulty(meliador, flash, target)) == (8, 8)
    meliador.new_turn()
    assert (meliador.initiative, casting.difficulty(meliador, flash, target)) == (6, 7)


@pytest.mark.rule("Prolonged cast")
def test_prolonged_cast() -> None:
    """"Doing so reduces the magician's Initiative characteristic by two. It also decreases the Difficulty of his
    spells by one. These effects last for the current turn only" (6.4.2)."""
    meliador, target = mage(), gorgon()
    flash = spell()
    casting.declare_prolonged_cast(meliador)
    assert (meliador.initiative, casting.difficulty(meliador, flash, target)) == (4, 6)
    meliador.new_turn()
    assert (meliador.initiative, casting.difficulty(meliador, flash, target)) == (6, 7)


@pytest.mark.rule("Fast cast", "Prolonged cast")
def test_a_fast_or_a_prolonged_cast_a_turn() -> None:
    """"Once declared, a fast cast can't be cancelled. Multiple fast casts cannot be declared" (6.4.1); "Once
    declared, a prolonged cast can't be cancelled. Multiple prolonged casts cannot be declared" (6.4.2). A prolonged
    cast takes back what a fast cast gives (Initiative −2 against +2, difficulty −1 against +1): declaring both in
    a turn would cancel the first, so a magician declares one of them."""
    meliador, the_gorgon = mage(reserve={L: 4, A: 3}, spells=("Flash of Light",)), gorgon({D: 6})
    flash = spell()
    game = Game(battle(meliador, the_gorgon, cards=[flash]))
    assert casting.may_declare(meliador, FAST) is None and casting.may_declare(meliador, PROLONGED) is None
    casting.declare_fast_cast(meliador)
    assert casting.may_declare(meliador, FAST) == (
        "Fast cast: multiple fast casts cannot be declared (Méliador declared one this turn)")
    assert casting.may_declare(meliador, PROLONGED) == (
        "Fast cast: Méliador declared a fast cast this turn, and once declared it can't be cancelled: a prolonged "
        "cast would take back its Initiative and difficulty")
    labels = [c.label for c in game.activation_options(meliador)]
    assert labels == ['cast "Flash of Light" at Gorgon', "done"]
    asked = Decision("activation", "Méliador", "Méliador's casting", ())
    assert game.explain(asked, PROLONGED) == casting.may_declare(meliador, PROLONGED)
    assert (meliador.initiative, casting.difficulty(meliador, flash, the_gorgon)) == (8, 8)
    # The other way round, and a new turn frees both.
    meliador.new_turn()
    casting.declare_prolonged_cast(meliador)
    reason = casting.may_declare(meliador, FAST)
    assert reason is not None and reason.startswith("Prolonged cast: Méliador declared a prolonged cast this turn")
    meliador.new_turn()
    assert [c.label for c in game.activation_options(meliador)][-3:] == [FAST, PROLONGED, "done"]


@pytest.mark.rule("Free difficulty")
def test_free_difficulty() -> None:
    """"Certain magic spells have a free difficulty. In this case, it is the Magician who chooses the difficulty of
    the magic spell before launching it" (3.3)."""
    meliador, target = mage(), gorgon()
    surge = spell("Wild Surge", college=PRIMITIVE_MAGIC, gems=(("Neutral", 1),), difficulty=Difficulty(free=True))
    b = battle(meliador, target, cards=[surge])
    chosen, asked = drive(casting.choose_free_difficulty(b, meliador, surge), "9")
    assert chosen == 9 and [d.kind for d in asked] == ["difficulty"]
    assert [c.label for c in asked[0].options] == [str(n) for n in range(2, 7 + 13)]  # up to Power + 12
    assert casting.difficulty(meliador, surge, target, chosen) == 9
    casting.declare_fast_cast(meliador)
    assert casting.difficulty(meliador, surge, target, chosen) == 10  # a fast cast still adds its 1
    assert drive(casting.choose_free_difficulty(b, meliador, spell()))[0] is None  # a printed one: no question


# ---------------------------------------------------------------- 3.7 frequency, 6.5 one target once
@pytest.mark.rule("Frequency")
def test_frequency() -> None:
    """"The frequency indicates the number of times that the spells can be cast in one turn. Certain extremely
    powerful and complex spells can be cast only once per game" (3.7)."""
    m = mage(level=Level.VIRTUOSO, elements=ELEMENTS)
    twice = spell("Fire Dart", frequency=Frequency(per_turn=2))
    once = spell("Eternal Torpor", frequency=Frequency(per_game=True))
    a, b = gorgon(), Model("Morbid Angel", "Shadow", fear=6)
    casting.record_the_cast(m, twice, a)
    assert casting.frequency_allows(m, twice) is None
    casting.record_the_cast(m, twice, b)
    assert casting.frequency_allows(m, twice) == "Frequency: Fire Dart can be cast 2 per turn"
    casting.record_the_cast(m, once, a)
    assert casting.frequency_allows(m, once) == "Frequency: Eternal Torpor can be cast only once per game"
    m.new_turn()
    assert casting.frequency_allows(m, twice) is None
    assert casting.frequency_allows(m, once) == "Frequency: Eternal Torpor can be cast only once per game"


@pytest.mark.rule("Same target once per turn")
def test_same_target_once_per_turn() -> None:
    """"A spell can only be cast on the same target once per turn, whether the cast is successful or not"
    (6.5)."""
    meliador, the_gorgon = mage(reserve={L: 4, A: 2}, spells=("Flash of Light",)), gorgon()
    angel = Model("Morbid Angel", "Shadow", fear=6, traits=("Undead",))
    flash = spell(frequency=Frequency(per_turn=2))
    b = battle(meliador, the_gorgon, angel, cards=[flash])
    cast, _ = drive(casting.attempt(b, meliador, flash, the_gorgon), casting.NO_MORE, 1)  # a 1: it fails
    assert not casting.succeeds(cast)
    assert casting.once_per_target(meliador, flash, the_gorgon) == "Same target: Flash of Light was cast at " \
        "Gorgon this turn"
    assert casting.why_not(b, meliador, flash, the_gorgon) == casting.once_per_target(meliador, flash, the_gorgon)
    assert casting.why_not(b, meliador, flash, angel) is None  # another target, the frequency allowing it
    assert [c.label for c in casting.cast_options(b, meliador)] == ['cast "Flash of Light" at Morbid Angel']
    meliador.new_turn()
    assert casting.why_not(b, meliador, flash, the_gorgon) is None


# ---------------------------------------------------------------- 6.5 Stamina
def wounding(amount: int) -> SpellCard:
    """Flash of Light (2 Light, difficulty 7) whose description is "deal ``amount`` wounds to target"."""
    return replace(spell(), steps=(Do("wound", (amount, "target")),))


def wound(b: Battle, victim: Model, amount: int) -> None:
    """``amount`` wounds dealt to ``victim`` by a spell of Méliador's that stands."""
    caster = b.model("Méliador")
    assert isinstance(caster, Magician)
    drive(effects.wound(Effect(b, Cast(caster, wounding(amount), victim, [L, L])), amount, "target"))


@pytest.mark.rule("Stamina")
def test_stamina() -> None:
    """"If the Stamina of a model falls below 0, the model is killed immediately" (6.5): each wound a spell
    deals is a point of Stamina, so a model of Stamina 3 lives on at 0, after its third wound, and is killed by
    its fourth. (The seed prints no model's Stamina and plays out no wound in its example: the 3 is the test's.)"""
    meliador, the_gorgon = mage(), gorgon()
    b = battle(meliador, the_gorgon)
    b.settings = Settings(stamina=3)
    assert stamina.stamina(b, the_gorgon) == 3
    wound(b, the_gorgon, 2)
    wound(b, the_gorgon, 1)
    assert (stamina.stamina(b, the_gorgon), the_gorgon.present) == (0, True)  # at 0: not below it
    wound(b, the_gorgon, 1)
    assert (stamina.stamina(b, the_gorgon), the_gorgon.removed) == (-1, "killed")
    assert b.log[-1] == "Gorgon's Stamina falls below 0 (-1): Gorgon is killed"
    assert meliador.present and stamina.stamina(b, meliador) == 3


@pytest.mark.rule("Stamina")
def test_stamina_kills_immediately_before_the_rest_of_the_spell() -> None:
    """"The model is killed immediately" (6.5), as "the effects of a successfully cast spell are applied
    immediately": the wound that takes a Stamina below 0 kills, and the spell's next step finds no one to
    wound."""
    meliador, the_gorgon = mage(), gorgon()
    b = battle(meliador, the_gorgon)
    b.settings = Settings(stamina=1)
    twice = replace(spell(), steps=(Do("wound", (2, "target")), Do("wound", (1, "target"))))
    fx = Effect(b, Cast(meliador, twice, the_gorgon, [L, L]))
    assert drive(effects.wound(fx, 2, "target"))[0] is True
    assert the_gorgon.removed == "killed"
    assert drive(effects.wound(fx, 1, "target"))[0] is False
    assert the_gorgon.wounds == 2


@pytest.mark.rule("Stamina")
def test_a_duel_ends_when_the_stamina_of_its_last_magician_falls_below_zero() -> None:
    """"If the Stamina of a model falls below 0, the model is killed immediately" (6.5): a camp whose last
    magician is killed has lost, and the match ends there with the other camp's win ("the last camp with a
    magician")."""
    meliador, the_gorgon = mage(reserve={L: 4}), gorgon()
    flash = wounding(2)
    g = Game(battle(meliador, the_gorgon, cards=[flash]))
    g.battle.settings = Settings(stamina=2)
    drive(g.cast(meliador, flash.title, the_gorgon.name), casting.NO_MORE, 5)  # 5 + Power 7 against 7: cast
    assert g.outcome is None and the_gorgon.present  # its Stamina 2 falls to 0: not below
    meliador.new_turn()
    drive(g.cast(meliador, flash.title, the_gorgon.name), 5)  # no gem left to add; its Stamina falls to -2
    assert the_gorgon.removed == "killed"
    assert g.outcome is not None
    assert (g.outcome.winner, g.outcome.draw, g.outcome.incapacitated) == ("Light", False, ["Gorgon"])
    assert evaluate(g, "Méliador") == 1.0 and evaluate(g, "Gorgon") == 0.0


@pytest.mark.rule("Stamina")
def test_a_battle_that_states_no_stamina_kills_nobody_by_wounds() -> None:
    """The seed's rule reads "the Stamina of a model", a characteristic of Confrontation's reference cards that no
    card of this book prints: a battle that states no Stamina (a scenario's) counts wounds and kills no one by
    them."""
    meliador, the_gorgon = mage(), gorgon()
    b = battle(meliador, the_gorgon)
    assert b.settings.stamina is None and stamina.stamina(b, the_gorgon) is None
    wound(b, the_gorgon, 10)
    assert the_gorgon.present and the_gorgon.wounds == 10


# ---------------------------------------------------------------- 3.2, 4.7, 5.5 Colleges
@pytest.mark.rule("College of Magic")
def test_college_of_magic() -> None:
    """"If a magic spell does not belong to the one of the Colleges of Magic of the Magician, he will not be able
    to cast the spell" (4.7); Primitive Magic: "This College is available to all and its spells can be cast with
    any type of gems" (5.5.15); Orcs "cannot call upon the Colleges Elementary Magic, but use primitive magic"
    (5.5.6)."""
    meliador = mage()
    assert casting.colleges_of(meliador) == {"Hermetic Magic", "Elemental Air", "Elemental Light", PRIMITIVE_MAGIC}
    grohl = mage("Grohl", people="Orc", level=Level.INITIATE, power=4, elements=(F,))
    assert casting.colleges_of(grohl) == {"Instinctive Magic", PRIMITIVE_MAGIC}
    for people in PEOPLES.values():
        primary = next(e for e in ELEMENTS if e in people.primary)
        m = mage(people=people.name, level=Level.INITIATE, elements=(primary,))
        assert PRIMITIVE_MAGIC in casting.colleges_of(m) and people.college in casting.colleges_of(m)
    # What a College's spells may print.
    assert payable_elements("Hermetic Magic") == frozenset(ELEMENTS) - {D}  # "Prohibited college: Dark"
    assert payable_elements("Necromancy") == frozenset({A, E, F, D})  # "Prohibited College: Light and Water"
    assert payable_elements("Elemental Fire") == frozenset({F})
    assert payable_elements(PRIMITIVE_MAGIC) == frozenset() and payable_elements("Instinctive Magic") == frozenset()
    # The refusals.
    arrows = spell("Arrows of Hécate", college="Necromancy", gems=(("Fire", 3),))
    assert casting.college_allows(meliador, arrows) == (
        "College: Arrows of Hécate is of Necromancy, which Méliador does not follow")
    dart = spell("Fire Dart", college="Elemental Fire", gems=(("Fire", 1),))
    assert casting.college_allows(meliador, dart) is not None
    assert casting.college_allows(grohl, dart) is not None  # the Orc controls Fire, but no Elemental College
    bolt = spell("Mana Bolt", college=PRIMITIVE_MAGIC, gems=(("Neutral", 2),))
    assert casting.college_allows(meliador, bolt) is None and casting.college_allows(grohl, bolt) is None


@pytest.mark.rule("Instinctive Magic")
def test_instinctive_magic() -> None:
    """"As they do not distinguish the true nature of the gems they use, the intuitive wizards cannot counter or
    absorb magic spells. The nature of Instinctive Magic generates spells that can neither be countered nor
    absorbed" (5.5.6)."""
    grohl = mage("Grohl", people="Orc", level=Level.INITIATE, power=4, elements=(F,), camp="Green",
                 reserve={F: 4})
    meliador = mage(reserve={L: 4, A: 3})
    the_gorgon = gorgon({D: 6})
    b = battle(grohl, meliador, the_gorgon)
    blast = spell("Brutal Blast", college="Instinctive Magic", gems=(("Neutral", 2),))
    by_the_orc = Cast(grohl, blast, meliador, [F, F])
    assert counters.can_be_countered(by_the_orc) == (
        "Instinctive Magic: Brutal Blast can neither be countered nor absorbed")
    flash = spell()
    by_meliador = Cast(meliador, flash, the_gorgon, [L, L])
    assert counters.can_be_countered(by_meliador) is None
    assert counters.may_counter(b, grohl, by_meliador) == (
        "Instinctive Magic: Grohl cannot counter or absorb magic spells")
    assert counters.may_counter(b, the_gorgon, by_meliador) is None
    # Asked nothing: the Orc's spell stands, though the Gorgon holds the Darkness to absorb it.
    _, asked = drive(counters.counter_window(b, by_the_orc))
    assert asked == [] and by_the_orc.countered is None


@pytest.mark.rule("Instinctive Magic")
@pytest.mark.rule("Intuitive wizards")
def test_instinctive_magic_wizards_are_never_offered_a_counter() -> None:
    """"The intuitive wizards cannot counter or absorb magic spells" (5.5.6): the counter window passes the Orc by,
    and asks the Gorgon."""
    grohl = mage("Grohl", people="Orc", level=Level.INITIATE, power=4, elements=(F,), camp="Green", initiative=9,
                 reserve={F: 4})
    meliador = mage(reserve={L: 4, A: 3})
    the_gorgon = gorgon({D: 6})
    cast = Cast(meliador, spell(), the_gorgon, [L, L])
    _, asked = drive(counters.counter_window(battle(grohl, meliador, the_gorgon), cast), counters.LET_IT_BE)
    assert [d.being for d in asked] == ["Gorgon"]
    assert [c.label for c in asked[0].options] == ["absorb with Darkness + Darkness", "dispel with Darkness",
                                                counters.LET_IT_BE]
