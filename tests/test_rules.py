"""One test per rule, named after it, with the Magi's Handbook's own examples."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spellc.engine.core.errors import IllegalAction
from spellc.engine.rulesets.serpents_tongue import actions, initiative, maintenance, preparation
from spellc.engine.rulesets.serpents_tongue.state import Zone
from tests.conftest import Table


@pytest.mark.rule("Resonance Roll", "Resonance")
def test_resonance_roll_table(table: Table) -> None:
    """1-3 = 1, 4-6 = 2, 7-9 = 3, 10 = 5 Resonance."""
    for roll, gained in [(1, 1), (3, 1), (4, 2), (6, 2), (7, 3), (9, 3), (10, 5)]:
        t = Table()
        t.rolls.extend([roll, 1, 2])
        t.choices.append("Black")
        t.run(initiative.initiative_phase(t.game))
        assert t.white.resonance == gained and t.black.resonance == gained


@pytest.mark.rule("Resonance Overload")
def test_resonance_overload_loses_one_harmony() -> None:
    t = Table(level=2)
    t.rolls.extend([10, 5, 1])
    t.choices.append("White")
    t.run(initiative.initiative_phase(t.game))
    assert (t.white.resonance, t.white.harmony) == (5, -1)


@pytest.mark.rule("Initiative Phase")
def test_initiative_goes_to_more_resonance(table: Table) -> None:
    """Round 2: "Since you have more Resonance you gain initiative"."""
    table.white.resonance, table.black.resonance = 1, 0
    table.rolls.append(4)
    table.run(initiative.initiative_phase(table.game))
    assert table.game.order[0] is table.white


@pytest.mark.rule("Initiative Phase")
def test_initiative_tie_winner_of_the_roll_chooses(table: Table) -> None:
    """Round 1: tied, "the player that wins the roll may choose who goes first"."""
    table.rolls.extend([7, 3, 8])
    table.choices.append("Black")
    table.run(initiative.initiative_phase(table.game))
    assert [b.name for b in table.game.order] == ["Black", "White"]


@pytest.mark.rule("Meditation", "Full Action")
def test_meditate_gains_two_resonance(table: Table) -> None:
    actions.meditate(table.game, table.black)
    assert table.black.resonance == 2 and table.black.full_actions == 1


@pytest.mark.rule("Dmg", "Essence")
def test_dmg_subtracts_essence(table: Table) -> None:
    """Fireball: "Dmg 2 which means this spell's effect is to subtract 2 from your Essence"."""
    table.in_play(table.black, "Fireball", "White")
    assert table.white.essence == 10


@pytest.mark.rule("Duration (empowerment)", "Impact", "Activate (Manifesting Spell)")
def test_spell_without_duration_is_discarded_after_impact(table: Table) -> None:
    fireball = table.in_play(table.black, "Fireball", "White")
    assert fireball in table.black.discard and not table.white.zones[Zone.ATTACK]


@pytest.mark.rule("Generate")
def test_positive_orb_is_a_gain(table: Table) -> None:
    """Pillar of Earth: "you earn 1 Resonance"."""
    table.cast(table.white, "Pillar of Earth")
    assert table.white.resonance == 1


@pytest.mark.rule("Cast Cycle")
def test_energy_orb_cost_must_be_payable(table: Table) -> None:
    with pytest.raises(IllegalAction, match="cannot pay 5 Resonance"):
        table.cast(table.black, "Fireball", "White")


@pytest.mark.rule("Spell Preparation")
def test_only_prepared_spells_can_be_cast(table: Table) -> None:
    card = table.give(table.black, "Fireball", prepared=False)
    with pytest.raises(IllegalAction, match="not prepared") as err:
        table.cast_card(table.black, card, "White")
    assert err.value.rule == "Spell Preparation"


@pytest.mark.rule("Discard", "Requirements", "Component Spell")
def test_discard_requirement(table: Table) -> None:
    """Acidic Matter requires: Discard Matter Component."""
    pillar = table.cast(table.white, "Pillar of Earth")
    table.in_play(table.white, "Acidic Matter", "Black", "Pillar of Earth")
    assert pillar in table.white.discard


def test_discard_requirement_unmet_stops_the_cast(table: Table) -> None:
    table.white.resonance = 3
    with pytest.raises(IllegalAction, match="controls none"):
        table.cast(table.white, "Acidic Matter", "Black")
    assert table.white.resonance == 3  # nothing was paid


@pytest.mark.rule("Duration #", "Maintenance Phase", "Resolve", "Attack Zone", "Counter", "Directive", "Attack Spell")
def test_duration_places_counters_and_impacts_each_maintenance(table: Table) -> None:
    """Acidic Matter "will continue to damage me for TWO more maintenance phases"."""
    table.cast(table.white, "Pillar of Earth")
    acid = table.in_play(table.white, "Acidic Matter", "Black", "Pillar of Earth")
    assert table.black.essence == 11 and acid.counters == {"duration": 2}
    table.run(maintenance.maintenance_phase(table.game))
    assert table.black.essence == 10 and acid.counters == {"duration": 1}
    table.run(maintenance.maintenance_phase(table.game))
    assert table.black.essence == 9 and acid in table.white.discard


@pytest.mark.rule("Durability", "Shield", "Defense Spell", "Defense Zone")
def test_durability_shield_blocks_by_sphere(table: Table) -> None:
    """Materia Binding "blocks Bio, Matter and Forces spells ... removes 1 Durability"."""
    table.cast(table.white, "Air Essence")
    shield = table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    assert shield.counters == {"durability": 3}
    table.in_play(table.black, "Dissolve Tissue", "White")
    assert table.white.essence == 12 and shield.counters == {"durability": 2}


def test_shield_does_not_block_other_spheres(table: Table) -> None:
    table.cast(table.white, "Air Essence")
    table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    table.in_play(table.white, "Karmic Debt", "Black")  # a Soul Curse, and Black has no Shield
    table.in_play(table.black, "Fireball", "White")  # Forces: blocked
    assert table.white.essence == 12


def test_shield_with_no_durability_is_discarded(table: Table) -> None:
    table.cast(table.white, "Air Essence")
    shield = table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    shield.counters["durability"] = 1
    table.black.essence = 5
    table.in_play(table.black, "Infernal Shot", "White")
    assert shield in table.white.discard and table.black.essence == 4


@pytest.mark.rule("Subtle")
def test_subtle_bypasses_shields(table: Table) -> None:
    """Cellular Degeneration: "Standard Shields cannot block Subtle effects"."""
    table.cast(table.white, "Air Essence")
    shield = table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    curse = table.in_play(table.black, "Cellular Degeneration", "White")
    assert curse in table.white.zones[Zone.CURSE] and shield.counters == {"durability": 3}


@pytest.mark.rule("Curse Duration", "Curse")
def test_curse_duration_moves_curse_behind_defenses(table: Table) -> None:
    curse = table.in_play(table.black, "Cellular Degeneration", "White")
    assert curse.zone is Zone.CURSE and curse.counters == {"duration": 3}


@pytest.mark.rule("Curse")
def test_curse_blocked_by_shield_is_discarded(table: Table) -> None:
    """"If it is blocked or evaded then it is discarded" (Curse Duration)."""
    from tests.conftest import compile_cards

    cards = compile_cards('''
spell "Veil of the Soul" {
    sphere Soul
    role Defense
    fluency 1
    resonance 0
    aspects Shield, Durability 2
    broadcast Soul
}''')
    table.game.library.cards.update(cards)
    shield = table.cast(table.black, "Veil of the Soul")
    debt = table.in_play(table.white, "Karmic Debt", "Black")
    assert debt in table.white.discard and shield.counters == {"durability": 1}
    assert not table.black.zones[Zone.CURSE]


@pytest.mark.rule("Passive Effect", "Aspect")
def test_passive_modifier_grants_subtle(table: Table) -> None:
    """"my Cellular Degeneration curse upgrades the Dissolve Tissue to Subtle"."""
    table.cast(table.white, "Air Essence")
    shield = table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    table.in_play(table.black, "Cellular Degeneration", "White")
    table.in_play(table.black, "Dissolve Tissue", "White")
    assert table.white.essence == 11 and shield.counters == {"durability": 3}


@pytest.mark.rule("Charge", "Offensive Action", "Bearer", "Caster")
def test_karma_charge_for_each_offensive_spell_at_the_caster(table: Table) -> None:
    """Karmic Debt: "each time I cast a spell on you, I will have to place a charge"."""
    debt = table.in_play(table.white, "Karmic Debt", "Black")
    table.in_play(table.black, "Dissolve Tissue", "White")
    table.in_play(table.black, "Fireball", "White")
    assert debt.counters.get("karma") == 2


@pytest.mark.rule("Ability", "Activate (Spell, Specification or Artifact Ability)")
def test_ability_is_not_an_offensive_spell(table: Table) -> None:
    """Beast Form's attack "does not trigger Karmic Debt's effect"."""
    debt = table.in_play(table.white, "Karmic Debt", "Black")
    table.in_play(table.black, "Cellular Augmentation")
    table.in_play(table.black, "Beast Form")
    table.use(table.black, "Beast Form", "Feral Strike", "White")
    assert table.white.essence == 11 and not debt.counters.get("karma")


def test_physical_dmg_blocked_by_any_physical_shield(table: Table) -> None:
    table.cast(table.white, "Air Essence")
    shield = table.in_play(table.white, "Materia Binding of Mal-kuth", None, "Air Essence")
    table.in_play(table.black, "Cellular Augmentation")
    table.in_play(table.black, "Beast Form")
    table.use(table.black, "Beast Form", "Feral Strike", "White")
    assert table.white.essence == 12 and shield.counters == {"durability": 2}


@pytest.mark.rule("Ability")
def test_once_per_round_ability(table: Table) -> None:
    table.in_play(table.black, "Cellular Augmentation")
    table.in_play(table.black, "Beast Form")
    table.use(table.black, "Beast Form", "Feral Strike", "White")
    with pytest.raises(IllegalAction, match="already used"):
        table.use(table.black, "Beast Form", "Feral Strike", "White")


@pytest.mark.rule("Free Action (spell aspect)", "Free Action (action type)", "Empowerment")
def test_free_action_spell_needs_no_full_action(table: Table) -> None:
    table.in_play(table.black, "Cellular Augmentation")
    table.black.full_actions = 0
    table.black.resonance = 4
    card = table.give(table.black, "Beast Form")
    table.cast_card(table.black, card)
    assert table.black.zones[Zone.ENHANCEMENT][-1].title == "Beast Form"


@pytest.mark.rule("Active", "Requirements", "Descriptor")
def test_active_on_bearer_requirement_to_cast(table: Table) -> None:
    """Beast Form: "Active Cellular Enhancement on bearer to cast and sustain"."""
    table.black.resonance = 4
    with pytest.raises(IllegalAction, match="requires Active"):
        table.cast(table.black, "Beast Form")


@pytest.mark.rule("Sustain")
def test_sustain_requirement_checked_in_maintenance(table: Table) -> None:
    """"if I do not have an active Cellular Enhance spell when resolving this spell ... discarded"."""
    aug = table.in_play(table.black, "Cellular Augmentation")
    form = table.in_play(table.black, "Beast Form")
    table.game.discard(aug)
    table.run(maintenance.maintenance_phase(table.game))
    assert form in table.black.discard


@pytest.mark.rule("Abjuration Spell", "Dispel", "Target")
def test_abjuration_dispels_a_curse(table: Table) -> None:
    """Purification "Dispels Cellular Degeneration. They are then both discarded"."""
    curse = table.in_play(table.black, "Cellular Degeneration", "White")
    table.cast(table.white, "Pillar of Earth")
    purification = table.in_play(table.white, "Purification", "Cellular Degeneration", "Pillar of Earth")
    assert curse in table.black.discard and purification in table.white.discard


@pytest.mark.rule("Dmg", "Charge")
def test_dmg_x_from_karma_charges(table: Table) -> None:
    """Judgement: "Dmg equal to the number of Karmic charges I bear. The Karmic charges are discarded"."""
    debt = table.in_play(table.white, "Karmic Debt", "Black")
    debt.counters["karma"] = 3
    table.in_play(table.white, "Judgement", "Black")
    assert table.black.essence == 9 and debt.counters["karma"] == 0 and debt.active


def test_optional_pay_to_effect_declined(table: Table) -> None:
    curse = table.in_play(table.black, "Cellular Degeneration", "White")
    table.black.resonance = 1
    table.choices.append(False)
    table.run(maintenance.maintenance_phase(table.game))
    assert curse.counters == {"duration": 2} and table.white.essence == 12


def test_optional_pay_to_effect_accepted(table: Table) -> None:
    curse = table.in_play(table.black, "Cellular Degeneration", "White")
    table.black.resonance = 1
    table.choices.append(True)
    table.run(maintenance.maintenance_phase(table.game))
    assert curse in table.black.discard and table.white.essence == 10 and table.black.resonance == 0


@pytest.mark.rule("Bonded", "Re-Attune")
def test_reattune_bonded_costs_one(table: Table) -> None:
    table.in_play(table.black, "Dissolve Tissue", "White")
    table.black.resonance = 1
    table.choices.extend(["Dissolve Tissue", "done"])
    table.run(preparation.reattune(table.game, table.black))
    assert table.black.resonance == 0 and table.black.codex[-1].title == "Dissolve Tissue"


@pytest.mark.rule("Re-Attune")
def test_reattune_one_non_bonded_at_one_plus_fluency(table: Table) -> None:
    table.in_play(table.black, "Fireball", "White")
    table.in_play(table.black, "Fireball", "White")
    table.black.resonance = 4
    table.choices.append("Fireball")
    table.run(preparation.reattune(table.game, table.black))  # the second is not offered: answered "done" by itself
    assert table.black.resonance == 2 and [c.title for c in table.black.codex] == ["Fireball"]
    assert [c.title for c in table.black.discard] == ["Fireball"]  # 2 Resonance left, but one a round


@pytest.mark.rule("Spell Preparation")
def test_prepare_at_most_three(table: Table) -> None:
    for title in ["Fireball", "Fireball", "Dissolve Tissue", "Infernal Shot"]:
        table.give(table.black, title, prepared=False)
    table.choices.extend(["Fireball", "Fireball", "Dissolve Tissue"])
    table.run(preparation.prepare(table.game, table.black))  # after three, the rules ask no more
    assert len(table.black.prepared) == 3 and [c.title for c in table.black.codex] == ["Infernal Shot"]


@pytest.mark.rule("Spell Preparation")
@given(titles=st.lists(st.sampled_from(["Fireball", "Dissolve Tissue", "Infernal Shot", "Acidic Matter"]),
                       max_size=12), picks=st.lists(st.integers(0, 20), max_size=3))
def test_each_title_is_offered_by_its_first_copy_left_in_the_codex(titles: list[str], picks: list[int]) -> None:
    """"Magi may prepare up to 3 spells" from the Codex: after each one prepared, the choices are those the
    Codex as it is now gives, each title once, by its first copy (kept as spells are prepared, not re-read)."""
    table = Table()
    for title in titles:
        table.give(table.black, title, prepared=False)
    offer = preparation.Preparable(table.black.codex)
    for pick in picks:
        firsts: dict[str, int] = {}
        for card in table.black.codex:
            firsts.setdefault(card.title, card.id)
        assert [(c.label, c.value) for c in offer.choices()] == [
            ("done", None), *[(f'"{title}"', card_id) for title, card_id in firsts.items()]]
        if not firsts:
            break
        card = table.game.card(list(firsts.values())[pick % len(firsts)])
        offer.take(card)
        table.black.codex.remove(card)


@pytest.mark.rule("Action", "Full Action")
def test_two_full_actions_per_round(table: Table) -> None:
    table.black.full_actions = 2
    actions.meditate(table.game, table.black)
    assert "meditate" in table.action_options(table.black)
    actions.meditate(table.game, table.black)
    assert "meditate" not in table.action_options(table.black)


@pytest.mark.rule("Enhance Spell", "Enhancement Zone")
def test_enhancement_zone_has_four_slots(table: Table) -> None:
    for _ in range(4):
        table.in_play(table.black, "Cellular Augmentation")
    table.choices.append("Cellular Augmentation")
    table.in_play(table.black, "Cellular Augmentation")
    assert len(table.black.zones[Zone.ENHANCEMENT]) == 4


@pytest.mark.rule("Incapacitated")
def test_incapacitated_at_zero_essence_and_victory_after_maintenance(table: Table) -> None:
    table.black.essence = 2
    table.in_play(table.white, "Fireball", "Black")
    assert table.black.incapacitated and table.game.outcome is None
    table.run(maintenance.maintenance_phase(table.game))
    maintenance.check_victory(table.game)
    assert table.game.outcome is not None and table.game.outcome.winner == "White"


@pytest.mark.rule("Requirements")
def test_requirement_pay_essence(table: Table) -> None:
    """Infernal Shot: "requires a blood sacrifice of 1 Essence"."""
    table.in_play(table.black, "Infernal Shot", "White")
    assert table.black.essence == 11 and table.white.essence == 11
