"""Transmutes, Combination, Exclusive, Backlash, Dormant, Re-activate, # Actions, the Rite zone, Banish,
Spell Loss and Dampen — one test per rule, named after it. The example cards are in
tests/fixtures/cards/transmute_examples.spell (with some of glossary_examples.spell)."""

from __future__ import annotations

from collections import deque

import pytest

from spellc.engine.rulesets.serpents_tongue import actions, casting, invariants, maintenance, preparation
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.state import Card, Place, Zone, being_json
from tests.conftest import Table


def advance(t: Table, card: Card, target: str | None = None) -> None:
    """Take the Full Action that advances ``card`` in the Rite zone (the target is asked if it emerges)."""
    t.owed = {"target": deque([target] if target else [])}
    try:
        t.run(actions.perform(t.game, card.caster or card.owner, Act("rite", card.id)))
    finally:
        t.owed = {}


def sound(t: Table) -> None:
    assert invariants.broken(t.game, settled=True) == []


# ---------------------------------------------------------------- Transmutes
@pytest.mark.rule("Transmute Spell", "Add Dmg X or +X Dmg")
def test_transmute_modifies_its_spell_for_the_transmutes_duration(t: Table) -> None:
    """"Targets other spells and modifies them for some Duration. The effect of a Transmute is removed when
    the Transmute is discarded": Kindle (Dmg 1, Duration 2) adds 1 Dmg to Smolder for two maintenances."""
    smolder = t.in_play(t.white, "Smolder", "Black")
    assert t.black.essence == 11
    kindle = t.in_play(t.white, "Kindle", "Smolder")
    assert kindle.combined_with is smolder and smolder.combined == [kindle]
    assert kindle.zone is Zone.ATTACK and kindle in t.black.zones[Zone.ATTACK]  # it lies on Smolder
    assert t.black.essence == 11  # a Transmute deals nothing itself: it changes Smolder
    t.run(maintenance.maintenance_phase(t.game))
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 7 and kindle in t.white.discard  # 2 + 2, then Kindle's Duration runs out
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 6 and smolder in t.white.discard  # Smolder alone again: 1
    sound(t)


@pytest.mark.rule("Combination")
def test_combination_discarding_the_spell_discards_its_transmutes_not_the_reverse(t: Table) -> None:
    """"Once combined, if the target spell is discarded, all spells combined with it are also discarded. The
    Transmutes may be discarded without discarding the target spell"."""
    smolder = t.in_play(t.white, "Smolder", "Black")
    kindle = t.in_play(t.white, "Kindle", "Smolder")
    actions.dismiss(t.game, t.white, kindle)
    assert kindle in t.white.discard and smolder.zone is Zone.ATTACK and smolder.combined == []
    again = t.in_play(t.white, "Kindle", "Smolder")
    actions.dismiss(t.game, t.white, smolder)
    assert smolder in t.white.discard and again in t.white.discard and not t.black.zones[Zone.ATTACK]
    sound(t)


@pytest.mark.rule("Combination")
def test_combination_an_encounters_spell_leaving_play_discards_its_transmutes_too(t: Table) -> None:
    """"Once combined, if the target spell is discarded, all spells combined with it are also discarded": an
    Encounter's spell goes back to the Encounter ("Encounters do not actually discard their spells and
    abilities"), and Kindle on it is discarded all the same, its Dmg +1 gone with it."""
    smolder = t.in_play(t.white, "Smolder", "Black")
    smolder.encounter_ability = True
    kindle = t.in_play(t.white, "Kindle", "Smolder")
    actions.dismiss(t.game, t.white, smolder)
    assert smolder in t.white.codex and kindle in t.white.discard and kindle.combined_with is None
    assert smolder.combined == [] and smolder.aspects == smolder.spec.printed
    sound(t)


@pytest.mark.rule("Transmute Spell", "Enhancement Zone")
def test_a_transmute_takes_no_enhancement_slot(t: Table) -> None:
    for _ in range(4):
        t.in_play(t.white, "Briar")
    briar = t.white.zones[Zone.ENHANCEMENT][0]
    t.in_play(t.white, "Quicken", "Briar")
    assert len(t.white.zones[Zone.ENHANCEMENT]) == 5 and briar.combined
    assert not [d for d in t.asked if d.kind == "enhancement"]  # no slot had to be freed
    sound(t)


@pytest.mark.rule("Exclusive")
def test_second_exclusive_transmute_replaces_the_first_not_the_others(t: Table) -> None:
    """"If a second Exclusive Transmute is combined on a spell, the first Exclusive Transmute is discarded.
    Exclusive Transmutes do NOT prevent non-Exclusive Transmutes from combining with the target spell"."""
    smolder = t.in_play(t.white, "Smolder", "Black")
    searing = t.in_play(t.white, "Searing Kindle", "Smolder")
    kindle = t.in_play(t.white, "Kindle", "Smolder")
    bright = t.in_play(t.white, "Bright Kindle", "Smolder")
    assert searing in t.white.discard and smolder.combined == [kindle, bright]
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 11 - 3  # Smolder 1 + Kindle 1 + Bright Kindle 1
    sound(t)


@pytest.mark.rule("Backlash", "Transmute Spell", "Abjuration Spell")
def test_backlash_strikes_whoever_transmutes_or_abjures_the_spell_even_its_own_caster(t: Table) -> None:
    """"the controller of the Transmute or Abjuration takes Unblockable Harmony Dmg equal to the Backlash
    rating ... Magi take Backlash Dmg even when Abjuring or Transmuting their own spells"."""
    briar = t.in_play(t.white, "Briar")  # Backlash 2
    t.in_play(t.white, "Quicken", "Briar")
    assert t.white.harmony == -2
    t.black.resonance = 1
    t.in_play(t.black, "Seal", "Briar")  # a Dispel: the Backlash is part of its impact
    assert t.black.harmony == -2 and briar in t.white.discard
    sound(t)


@pytest.mark.rule("Backlash", "Area")
def test_backlash_from_every_spell_an_area_abjuration_impacts(t: Table) -> None:
    """"An Abjuration with Area will trigger Backlash Dmg from every Backlash spell in the Area"."""
    briar = t.in_play(t.black, "Briar")  # Backlash 2
    bramble = t.in_play(t.black, "Bramble")  # Backlash 1
    t.in_play(t.white, "Purge", "Black")
    assert briar in t.black.discard and bramble in t.black.discard
    assert t.white.harmony == -3
    sound(t)


@pytest.mark.rule("Transmute Spell", "Shield")
def test_an_opponents_transmute_on_a_guarded_spell_meets_the_shields(t: Table) -> None:
    """Shields block "offensive Transmutes/Abjurations": Veil (a Bio Shield) stops Black's Quicken."""
    veil = t.in_play(t.white, "Veil")
    briar = t.in_play(t.white, "Briar")
    quicken = t.in_play(t.black, "Quicken", "Briar")
    assert quicken in t.black.discard and not briar.combined and veil.counters["durability"] == 1
    assert t.black.harmony == 0  # blocked: it never impacted, so no Backlash


# ---------------------------------------------------------------- Dormant and Re-activate
@pytest.mark.rule("Dormant", "Sustain", "Requirements")
def test_dormant_spell_counts_down_and_is_sustained_but_does_nothing(t: Table) -> None:
    """"A Dormant spell continues to countdown Duration. Its controller must continue to pay any sustain
    costs ... does not cause any effect and cannot be used to meet requirements ... cannot be targeted"."""
    t.white.essence, t.white.resonance = 8, 5
    mend = t.in_play(t.white, "Kept Mend")  # Infusion 1, Duration 3, Pay 1 Resonance to sustain
    assert t.white.essence == 9 and casting.why_not(t.game, t.white, t.give(t.white, "Echo")) is None
    t.in_play(t.black, "Stasis", "Kept Mend")
    assert mend.dormant and not mend.active and mend.zone is Zone.ENHANCEMENT
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 9 and t.white.resonance == 4 and mend.counters["duration"] == 2
    assert (casting.why_not(t.game, t.white, t.give(t.white, "Echo")) or "").startswith("Requirements")
    t.black.resonance = 1
    assert casting.why_not(t.game, t.black, t.give(t.black, "Seal")) == "Target: Seal has no valid target"
    sound(t)


@pytest.mark.rule("Dormant", "Transmute Spell")
def test_transmutes_sleep_with_their_spell_but_not_the_reverse(t: Table) -> None:
    """"If a spell is made Dormant, all Transmutes combined with that spell likewise become Dormant until the
    combined spell re-activates. If a Transmute is made Dormant, the combined spell does not become Dormant"."""
    smolder = t.in_play(t.white, "Smolder", "Black")
    kindle = t.in_play(t.white, "Kindle", "Smolder")
    t.in_play(t.white, "Stasis", "Kindle")
    assert not kindle.active and smolder.active
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 10 and kindle.counters["duration"] == 1  # Smolder's 1 alone; Kindle counts down
    t.in_play(t.white, "Awaken", "Kindle")
    t.in_play(t.white, "Stasis", "Smolder")
    assert not smolder.active and not kindle.active and not kindle.dormant
    assert not casting.targets(t.game, t.white, t.give(t.white, "Stasis"))  # neither can be targeted now
    t.in_play(t.white, "Awaken", "Smolder")
    assert smolder.active and kindle.active  # the Transmute wakes with its spell
    sound(t)


@pytest.mark.rule("Re-activate", "Activate (Manifesting Spell)")
def test_reactivated_spell_does_not_impact_or_trigger_activation(t: Table) -> None:
    """"When a spell re-activates, it simply resumes being Active. It does not impact"; "Activation always
    mean the first time a card activates"."""
    t.white.essence = 8
    mend = t.in_play(t.white, "Kept Mend")
    herald = t.in_play(t.white, "Herald")  # when activated: gain 1 Resonance
    assert t.white.essence == 9 and t.white.resonance == 1
    t.in_play(t.white, "Stasis", "Kept Mend")
    t.in_play(t.white, "Stasis", "Herald")
    t.in_play(t.white, "Awaken", "Kept Mend")
    t.in_play(t.white, "Awaken", "Herald")
    assert mend.active and herald.active
    assert t.white.essence == 9 and t.white.resonance == 1
    assert not casting.targets(t.game, t.white, t.give(t.white, "Awaken"))  # nothing Dormant is left


# ---------------------------------------------------------------- # Actions and the Rite zone
@pytest.mark.rule("Actions", "Full Action")
def test_two_actions_spell_waits_in_the_rite_zone_then_is_cast_like_a_just_spoken_spell(t: Table) -> None:
    """"The spell is Spoken then placed in the Rite zone until the Magi has enough Full Actions invested into
    the spell, at which time the spell is treated like any other just-Spoken spell: choose target, pay
    costs and handle Response phase"."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Slow Bolt")
    assert bolt.place is Place.RITE and t.white.rite == [bolt] and t.white.full_actions == 1
    assert not [d for d in t.asked if d.kind == "target"] and t.black.essence == 12
    assert 'advance "Slow Bolt" in the Rite zone' in t.action_options(t.white)
    assert being_json(t.white)["rite"] == [{"title": "Slow Bolt", "controller": "White", "counters": {"actions": 1}}]
    sound(t)
    advance(t, bolt, "Black")
    assert t.black.essence == 9 and bolt in t.white.discard and t.white.full_actions == 0


@pytest.mark.rule("Actions", "Free Action (spell aspect)")
def test_free_action_takes_one_full_action_off_a_multi_action_spell(t: Table) -> None:
    """"Adding Free Action to a spell that costs # Actions only reduces the Full Action requirement by 1"."""
    t.white.full_actions = 2
    t.cast(t.white, "Hasty Bolt", "Black")  # 2 Actions, Free Action: one Full Action, cast at once
    assert t.black.essence == 9 and t.white.full_actions == 1 and not t.white.rite


@pytest.mark.rule("Actions", "Rite Zone")
def test_three_actions_and_several_turns(t: Table) -> None:
    t.white.full_actions = 2
    t.white.essence = 6
    rite = t.cast(t.white, "Long Rite")
    advance(t, rite)
    assert rite.place is Place.RITE and rite.counters["actions"] == 2 and t.white.full_actions == 0
    assert not any(label.startswith("advance") for label in t.action_options(t.white))  # no Full Action left
    t.white.full_actions = 2  # a new round: the spell still waits in the Rite zone
    advance(t, rite, "White")
    assert t.white.essence == 9 and rite in t.white.discard


@pytest.mark.rule("Rite Zone", "Meditation", "Interrupt Stone")
def test_any_other_full_action_discards_the_rite_zone(t: Table) -> None:
    """"If the player takes a Full Action for anything (including clearing an interrupt stone) other than
    advancing a Rite zone spells, all spells in the Rite zone are discarded"."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Slow Bolt")
    actions.meditate(t.game, t.white)
    assert bolt in t.white.discard and not t.white.rite
    t.white.full_actions = 2
    again = t.cast(t.white, "Slow Bolt")
    t.white.interrupt_stones = 1  # say, from a Response cast meanwhile
    actions.shed_interrupt_stone(t.game, t.white)
    assert again in t.white.discard
    sound(t)


@pytest.mark.rule("Rite Zone", "Free Action (action type)")
def test_free_actions_leave_the_rite_zone_alone(t: Table) -> None:
    """"A player may take Free Actions without triggering this discard"."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Slow Bolt")
    t.cast(t.white, "Swift Ward")  # Absolute Free Action
    assert t.white.rite == [bolt]
    sound(t)


@pytest.mark.rule("Rite Zone", "Disrupt")
def test_disrupt_discards_the_rite_zone(t: Table) -> None:
    """"Whenever a Magi is Disrupted, any spells in the Rite zone are discarded"."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Slow Bolt")
    t.in_play(t.black, "Stun", "White")
    assert bolt in t.white.discard and not t.white.rite
    sound(t)


# ---------------------------------------------------------------- Actions added and taken away (Prolong Cast)
def strike_in_the_rite_zone(t: Table) -> Card:
    t.white.full_actions = 2
    strike = t.cast(t.white, "Atomic Strike")  # "a spell requiring "2 Actions" to cast"
    assert strike.place is Place.RITE and strike.counters["actions"] == 1
    return strike


@pytest.mark.rule("Actions", "Transmute Spell", "Free Action (spell aspect)")
def test_spells_apply_in_the_order_they_activate_threnody_then_prolong_cast(t: Table) -> None:
    """"Magi A casts Threnody to add Absolute Free Action to make the Strike a Free Action. Threnody activates.
    Then Magi B casts Prolong Cast. The Prolong Cast would now add a Full Action, returning the Strike to
    needing 1 Full Action"."""
    strike = strike_in_the_rite_zone(t)
    assert casting.full_actions(t.game, t.white, strike) == 2
    t.cast(t.white, "Threnody", "Atomic Strike")  # a Free Action: the Rite zone stays
    assert t.white.rite == [strike] and casting.full_actions(t.game, t.white, strike) == 0
    t.cast(t.black, "Prolong Cast", "Atomic Strike")
    assert casting.full_actions(t.game, t.white, strike) == 1
    # One Full Action is invested already: it emerges as the Magi's next action takes nothing more.
    t.white.full_actions = 1
    advance(t, strike, "Black")
    assert t.black.essence == 9 and t.white.full_actions == 1 and strike in t.white.discard
    sound(t)


@pytest.mark.rule("Actions", "Transmute Spell", "Free Action (spell aspect)")
def test_spells_apply_in_the_order_they_activate_prolong_cast_then_threnody(t: Table) -> None:
    """"If Threnody and Prolong Cast were activated in reverse, the Atomic Strike would end as a Free Action
    spell"."""
    strike = strike_in_the_rite_zone(t)
    t.cast(t.black, "Prolong Cast", "Atomic Strike")
    assert casting.full_actions(t.game, t.white, strike) == 3
    t.cast(t.white, "Threnody", "Atomic Strike")
    assert casting.full_actions(t.game, t.white, strike) == 0
    t.white.full_actions = 0  # a Free Action spell emerges with no Full Action left
    assert 'advance "Atomic Strike" in the Rite zone' in t.action_options(t.white)
    advance(t, strike, "Black")
    assert t.black.essence == 9 and strike in t.white.discard
    sound(t)


@pytest.mark.rule("Actions", "Rite Zone", "Response")
def test_a_spell_that_has_action_requirements_added_moves_into_the_rite_zone(t: Table) -> None:
    """"A spell that has Action requirements added to it (via a spell such as Prolong Cast) moves into the
    Rite zone (and may be re-targeted when it emerges)"; its costs were paid as it was cast."""
    t.give(t.black, "Drawn-Out Words", prepared=False)  # Response: 1 Actions more for a manifesting spell
    t.choices.append('cast "Drawn-Out Words"')
    t.white.resonance = 1
    stun = t.cast(t.white, "Stun", "Black")  # costs 1 Resonance
    assert stun.place is Place.RITE and t.white.rite == [stun] and t.white.resonance == 0
    assert t.black.essence == 12 and t.black.interrupt_stones == 1  # it has not impacted
    assert stun.counters["actions"] == 1 and casting.full_actions(t.game, t.white, stun) == 2
    sound(t)
    t.white.full_actions = 1
    advance(t, stun, "Black")  # its target is chosen again as it emerges (Black is the only opponent here)
    assert t.white.resonance == 0 and t.white.full_actions == 0 and not t.white.rite  # not paid for again
    assert t.game.log[-2:] == ["R0: White casts Stun at Black", "R0: Black is Disrupted"]
    sound(t)


# ---------------------------------------------------------------- Banish, Spell Loss, Dampen
@pytest.mark.rule("Banish", "Dispel", "Bonded", "Re-Attune")
def test_banished_cards_cannot_be_reattuned_even_if_bonded(t: Table) -> None:
    """"Banished cards can not be re-attuned even if they are Bonded"."""
    tether = t.in_play(t.black, "Tether")  # Bonded
    t.in_play(t.white, "Exile", "Tether")  # Dispel Banish
    assert tether.place is Place.BANISHED and tether in t.black.banished and tether not in t.black.discard
    t.black.resonance = 5
    t.run(preparation.reattune(t.game, t.black))
    asked = [d for d in t.asked if d.kind == "re-attune"]
    assert not asked and tether in t.black.banished  # "done" was the only choice
    sound(t)


@pytest.mark.rule("Spell Loss", "Sacrifice")
def test_spell_loss_the_target_chooses_the_spell_it_sacrifices(t: Table) -> None:
    """"A directive that forces the target to remove spells from their Codex"; the owner chooses."""
    keep = t.give(t.black, "Ember", prepared=False)
    lose = t.give(t.black, "Lance")
    t.choices.append("Lance")
    t.in_play(t.white, "Forget", "Black")
    asked = next(d for d in t.asked if d.kind == "spell loss")
    assert asked.being == "Black"
    assert lose in t.black.discard and keep in t.black.codex
    sound(t)


@pytest.mark.rule("Spell Loss", "Banish")
def test_spell_loss_that_banishes(t: Table) -> None:
    lost = t.give(t.black, "Tether", prepared=False)
    t.in_play(t.white, "Oblivion", "Black")
    assert lost in t.black.banished and not t.black.codex
    sound(t)


@pytest.mark.rule("Spell Loss")
def test_spell_loss_that_returns_prepared_spells_unprepared(t: Table) -> None:
    """"... or returned to the Codex unprepared"."""
    first, second = t.give(t.black, "Ember"), t.give(t.black, "Lance")
    t.choices.extend(["Ember", "Lance"])
    t.in_play(t.white, "Distract", "Black")
    assert not t.black.prepared and {first, second} <= set(t.black.codex)
    assert first.place is Place.CODEX
    sound(t)


@pytest.mark.rule("Dampen", "Response")
def test_dampened_spell_is_paid_for_again_or_discarded_without_refund(t: Table) -> None:
    """"When a spell is Dampened by a Response, its controller must immediately choose to either pay the
    additional costs or else discard the spell (no refund as this is not a Dispel)"."""
    t.give(t.white, "Sap Will", prepared=False)  # Harmony Dampen 2, Response
    t.choices.extend(['cast "Sap Will"', "pay 2 Harmony"])
    t.in_play(t.black, "Ember", "White")
    assert t.black.harmony == -2 and t.white.essence == 11
    t.give(t.white, "Sap Will", prepared=False)
    t.black.resonance = 1
    t.choices.extend(['cast "Sap Will"', 'discard "Stun"'])
    stun = t.cast(t.black, "Stun", "White")  # costs 1 Resonance
    assert stun in t.black.discard and t.black.resonance == 0 and t.black.harmony == -2
    sound(t)
