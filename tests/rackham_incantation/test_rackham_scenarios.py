"""The rules of Rackham's Incantation 2 (seed 001, chapters 3 to 10 and the appendix tables), each shown by a
short scripted battle in cards_src/rackham_incantation/scenarios/: one test per scenario, named after its rule,
citing the Glossary term it plays. Each replays its file with no error and its expectations (and refusals)
holding; the Example of Play is replayed with the seed's own numbers."""

from __future__ import annotations

import pytest
from replaying import replayed

from spellc.engine.rulesets.rackham_incantation.elements import Element
from spellc.engine.rulesets.rackham_incantation.scenario import Replay
from spellc.engine.rulesets.rackham_incantation.state import Magician


def play(name: str) -> Replay:
    r: Replay = replayed("rackham_incantation", name)
    return r


def held(r: Replay, name: str) -> dict[Element, int]:
    m = r.game.battle.models[name]
    assert isinstance(m, Magician)
    return {e: n for e, n in m.reserve.items() if n}


def replays(name: str) -> None:
    r = play(name)
    assert r.checked >= 1, "at least one expectation held"


# ---------------------------------------------------------------- casting (3.3, 6.3, 6.6)
@pytest.mark.rule("Power test")
def test_power_test() -> None:
    """"To cast a spell, the player rolls a d6 and adds the Magician's Power characteristic. If the total is equal
    to or greater than the difficulty of the spell the cast is successful, otherwise, the spell fails"."""
    replays("power_test.scenario")


@pytest.mark.rule("Natural six")
def test_natural_six() -> None:
    """"When casting a spell, a natural result of 6 entitles the player to roll again, adding the 6 to the Power
    characteristic"."""
    replays("natural_six.scenario")


@pytest.mark.rule("Natural one")
def test_natural_one() -> None:
    """"A result of 1 is always regarded as a failure, even if it occurs after having rolled a 6"."""
    replays("natural_one.scenario")


@pytest.mark.rule("Additional gems")
def test_additional_gems() -> None:
    """"For each additional gem spent, the magician may roll an additional d6. These additional dice are not added
    together. Rather, the magician selects the best score of all dice rolled"."""
    replays("additional_gems.scenario")


@pytest.mark.rule("Spells per turn")
def test_spells_per_turn() -> None:
    """"His level limits the number of spells a magician can cast. It is not related to the frequency of the spell
    cast"; "Melkion, Preacher of Griffon, is an Adept. In the Magic phase, he can cast three different spells. The
    number of Incantations for each of the three spells is limited by their Frequencies"."""
    r = play("spells_per_turn.scenario")
    melkion, ilvan = (r.game.battle.models[name] for name in ("Melkion", "Ilvan"))
    assert isinstance(melkion, Magician) and isinstance(ilvan, Magician)
    assert (melkion.spells_cast, list(melkion.casts_of)) == (5, ["Fire Dart", "Flash of Light", "Wild Surge"])
    assert r.snapshots[0]["magicians"]["Ilvan"]["spells cast"] == 3  # two spells, three Incantations
    assert "Spells per turn: Melkion is Adept, and has cast 3 different spells this turn" in "\n".join(
        r.game.battle.log)


@pytest.mark.rule("Frequency")
def test_frequency() -> None:
    """"The frequency indicates the number of times that the spells can be cast in one turn. Certain extremely
    powerful and complex spells can be cast only once per game"."""
    replays("frequency.scenario")


@pytest.mark.rule("Same target once per turn")
def test_same_target_once_per_turn() -> None:
    """"A spell can only be cast on the same target once per turn, whether the cast is successful or not"."""
    replays("same_target_once_per_turn.scenario")


@pytest.mark.rule("Gems spent on a failure")
def test_gems_spent_on_a_failure() -> None:
    """"Without the additional expenditure, the spell would undoubtedly have failed, and the Gems of Darkness would
    have been wasted"."""
    replays("gems_spent_on_a_failure.scenario")


@pytest.mark.rule("Fast cast")
def test_fast_cast() -> None:
    """"Doing so increases the magician's Initiative by two. It also increases the difficulty of his spells cast
    this turn by 1. These effects last for the current turn only"."""
    replays("fast_cast.scenario")


@pytest.mark.rule("Prolonged cast")
def test_prolonged_cast() -> None:
    """"Doing so reduces the magician's Initiative characteristic by two. It also decreases the Difficulty of his
    spells by one"."""
    replays("prolonged_cast.scenario")


@pytest.mark.rule("Fast cast", "Prolonged cast")
def test_one_cast_type_a_turn() -> None:
    """"Once declared, a fast cast can't be cancelled. Multiple fast casts cannot be declared"; "Once declared, a
    prolonged cast can't be cancelled. Multiple prolonged casts cannot be declared": one of the two a turn."""
    replays("one_cast_type_a_turn.scenario")


@pytest.mark.rule("Free difficulty")
def test_free_difficulty() -> None:
    """"Certain spells have a free difficulty. In this case, it is the Magician who chooses the difficulty of the
    magic spell before launching it"."""
    replays("free_difficulty.scenario")


# ---------------------------------------------------------------- Elements and counter-spells (4, 6.7)
@pytest.mark.rule("Absorption")
def test_absorption() -> None:
    """"To absorb a spell made up of a gem of Fire and one of Air, there are 4 possibilities: To spend an Earth and
    a Water gem; to spend an earth and a Darkness gem, to spend a gem of Darkness and Water, or to spend two gems of
    Darkness"."""
    replays("absorption.scenario")


@pytest.mark.rule("Elemental Opposition")
def test_elemental_opposition() -> None:
    """"The Light, pure and mysterious, is opposed only to Darkness. Darkness, because of their corrupting nature,
    is opposed to all the other Elements and all the other Elements are opposed to them"."""
    replays("elemental_opposition.scenario")


@pytest.mark.rule("Dispelling")
def test_dispelling() -> None:
    """"If the total is equal to or greater than the result of the caster (not the difficulty of the spell), the
    spell is countered"."""
    replays("dispelling.scenario")


@pytest.mark.rule("Dispelling")
def test_dispel_roll() -> None:
    """"The magician spends one gem of any kind and rolls a d6. The result of the die roll is added to the
    magician's power": a 1 is no failure, a 6 is not thrown again."""
    r = play("dispel_roll.scenario")
    log = "\n".join(r.game.battle.log)
    assert "dispel Arrows of Hécate with Air: total 8 against 8: dispelled" in log
    assert "dispel Eternal Torpor with Light: total 13 against 14: failed" in log


@pytest.mark.rule("Elemental Opposition")
def test_darkness_against_darkness() -> None:
    """"Darkness, because of their corrupting nature, is opposed to all the other Elements and all the other
    Elements are opposed to them": Table 4's "Dark: All" is all the other Elements."""
    replays("darkness_against_darkness.scenario")


@pytest.mark.rule("One dispel per spell")
def test_one_dispel_per_spell() -> None:
    """"Only one dispel attempt can be made against any spell, no matter how many magicians are in range"."""
    replays("one_dispel_per_spell.scenario")


@pytest.mark.rule("Instinctive Magic")
def test_instinctive_magic() -> None:
    """"The intuitive wizards cannot counter or absorb magic spells. The nature of Instinctive Magic generates
    spells that can neither be countered nor absorbed"."""
    replays("instinctive_magic.scenario")


@pytest.mark.rule("Primitive Magic")
def test_primitive_magic() -> None:
    """"This College is available to all and its spells can be cast with any type of gems"; "For Primitive Magic,
    use the gems that are opposite of those used to cast the spell"."""
    replays("primitive_magic.scenario")


@pytest.mark.rule("Neutrality")
def test_neutrality() -> None:
    """"But if such a magic spell requires several gems to be cast, the Magician is able freely to combine gems of
    several Elements to do it"."""
    replays("neutrality.scenario")


# ---------------------------------------------------------------- mana recovery (6.2, 7, 10)
@pytest.mark.rule("Mana recovery")
def test_mana_recovery() -> None:
    """"At the end of the turn, each model with a Power characteristic makes a mana recovery roll"; "The player may
    re-roll if he rolls a six. A roll of 1 is a failure, even on a subsequent roll"."""
    replays("mana_recovery.scenario")


@pytest.mark.rule("Recovery roll")
def test_recovery_re_roll() -> None:
    """"The player may re-roll if he rolls a six. A roll of 1 is a failure, even on a subsequent roll": the
    re-rolled die is added, and the player chooses to re-roll or to stand."""
    r = play("recovery_re_roll.scenario")
    log = "\n".join(r.game.battle.log)
    assert "Méliador recovers: die 6 + Power 7 − 7 = 6: 5 gems as Adept" in log
    assert "Gorgon recovers: die 6+4 + Power 6 − 6 = 10: 5 gems as Adept" in log
    assert "Méliador recovers: die 6+1 + Power 7 − 12 = 2 (a 1: failure): 0 gems as Adept" in log


@pytest.mark.rule("Recovery Table")
def test_recovery_table() -> None:
    """"The magician rolls a d6 and adds his Power. From this result, the magician subtracts the number of gems he
    currently has in his mana reserve. The magician cross-indexes the total with his level on the Recovery table"."""
    replays("recovery_table.scenario")


@pytest.mark.rule("Recovery in melee")
def test_recovery_in_melee() -> None:
    """"As such, twice number of gems in his mana reserve is subtracted. Necromancers and Sorcerers are not
    affected by melee when attempting to recover gems"."""
    replays("recovery_in_melee.scenario")


@pytest.mark.rule("Trance")
def test_trance() -> None:
    """"If the magician did not move, shoot, cast spells, fight in melee, or was wounded, it will profit from the
    trance at the end of the turn. A magician in a trance ignores the number of gems in his mana store when making
    his recovery roll"."""
    replays("trance.scenario")


@pytest.mark.rule("Devotion")
def test_devotion() -> None:
    """"When a Magician needs gems, he can sacrifice a model with Devotion at any moment in the turn. The sacrificed
    model must be in base contact with the Magician"."""
    replays("devotion.scenario")


@pytest.mark.rule("Spirit of X")
def test_spirit_of_x() -> None:
    """"When casting a spell of this Element, a casting roll of 1 is not regarded as an automatic failure"."""
    replays("spirit_of_x.scenario")


@pytest.mark.rule("Mana reserve")
def test_mana_reserve() -> None:
    """"A magician's mana reserve cannot have more gems than twice his Power characteristic (i.e. his
    Potential)"."""
    replays("mana_reserve.scenario")


@pytest.mark.rule("Warrior-Mage")
def test_warrior_mage() -> None:
    """"In melee, they recover of Mana as if they were not committed. They are unable to enter a trance"."""
    replays("warrior_mage.scenario")


# ---------------------------------------------------------------- the Magic phase (6.1)
@pytest.mark.rule("Initiative order")
def test_initiative_order() -> None:
    """"The combatants who wish to cast a spell or to shoot do so during the Shooting phase, in order of their
    Initiative characteristic"."""
    replays("initiative_order.scenario")


@pytest.mark.rule("Tactical roll")
def test_tactical_roll() -> None:
    """"If models of different players have the same initiative, then the player who won the Tactical roll acts
    first"."""
    replays("tactical_roll.scenario")


@pytest.mark.rule("Spell casting concentration")
def test_spell_casting_concentration() -> None:
    """"A magician may not cast a spell if he ran, charged, made a Prowess check or shot a ranged weapon"."""
    replays("spell_casting_concentration.scenario")


@pytest.mark.rule("Line of sight")
def test_line_of_sight() -> None:
    """"To cast a spell, a Magician must have life of sight to his target or be in base-to-base contact with it"."""
    replays("line_of_sight.scenario")


@pytest.mark.rule("Range")
def test_range() -> None:
    """"The target of a spell must be within the spell's range"; "For a magician to counter a spell, he must be
    within range of the spell"."""
    replays("range.scenario")


# ---------------------------------------------------------------- the Example of Play (8)
@pytest.mark.rule("Power test")
def test_example_of_play() -> None:
    """"He rolls a Power test with a difficulty of 11, the difficulty of the spell. He rolls a 5 and adds his Power
    characteristic of 7 for a total of 12. The spell is successfully cast" (8.1.1), and the rest of chapter 8."""
    r = play("example_of_play.scenario")
    assert r.error is None and r.checked == 23
    log = "\n".join(r.game.battle.log)
    # 8.1.1: 5 + 7 = 12 against 11; 8.1.2: a 1 and a 3, the best 3 + 6 = 9 against 8.
    assert "Méliador casts Storm of Light at Gorgon with 3 Air, 4 Light: dice 5, total 12 against difficulty 11" in log
    assert "dice 1, 3, total 9 against difficulty 8: cast" in log
    # 8.1.3: "He adds his Power for a total of 9 ... he regains 5 Gems"; "The total is 10. It also regains 5 Gems".
    assert "Méliador recovers: die 2 + Power 7 − 0 = 9: 5 gems as Adept" in log
    assert "Gorgon recovers: die 5 + Power 6 − 1 = 10: 5 gems as Adept" in log
    # 8.2.1: Banishment, Fear 6 + 6 = 12; 8.2.2: the Gorgon's 11, Méliador's dispel of 12.
    assert "dice 6+2, 6+4, total 17 against difficulty 12: cast" in log
    assert "Méliador tries to dispel Arrows of Hécate with Air: total 12 against 11: dispelled" in log
    turns = {s["turn"]: s["magicians"] for s in r.snapshots}
    assert turns[1]["Méliador"]["gems"] == {"Light": 4, "Air": 1}
    assert turns[1]["Gorgon"]["gems"] == {"Fire": 3, "Darkness": 3}
    assert turns[2]["Gorgon"]["gems"] == {"Darkness": 8}  # the "8 Gems of Darkness" of 8.3.2
    models = r.game.battle.models
    assert models["Morbid Angel"].removed == "banished"
    assert models["Morbid Angel 2"].present and models["Morbid Angel 3"].present
    assert models["Gorgon"].wounds == 2 and models["Méliador"].wounds == 0
    assert held(r, "Gorgon") == {} and held(r, "Méliador") == {Element.LIGHT: 2}
