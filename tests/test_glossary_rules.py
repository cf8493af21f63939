"""One test per Glossary term the engine plays, named after it, with the Glossary's own example where
it gives one. The small cards they use are in tests/fixtures/cards/glossary_examples.spell."""

from __future__ import annotations

import pytest

from spellc.engine.rulesets.serpents_tongue import casting, codex, exchange, initiative, maintenance, preparation
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.state import Being, Place, Zone
from tests.conftest import Table, example_cards


def ally(t: Table, name: str = "Grey") -> Being:
    grey = Being(name=name, team="White")
    t.game.beings.append(grey)
    t.game.order.append(grey)
    return grey


@pytest.mark.rule("Siphon")
def test_siphon_harmony_2_infuses_the_caster(t: Table) -> None:
    """"Harmony Siphon 2 would cause 2 Harmony Dmg to the target, and ... Infuse the caster with 2 Harmony"."""
    t.in_play(t.white, "Leech", "Black")
    assert (t.black.harmony, t.white.harmony) == (-2, 2)


@pytest.mark.rule("Siphon", "Ward")
def test_siphon_gains_only_what_got_past_the_ward(t: Table) -> None:
    """"If the target Warded 1 Harmony Dmg then the caster would only gain 1 Harmony" (a Ward of Harmony)."""
    t.in_play(t.black, "Stoneskin")
    stoneskin = t.black.zones[Zone.DEFENSE][-1]
    stoneskin.gained.append(t.game.library["Leech"].directives[0].__class__(name="Ward", params=(1,),
                                                                           qualifier="Harmony"))
    stoneskin.update_aspects()  # as the rules say when a spell gains an aspect (an upgrade, a ritual tier)
    t.in_play(t.white, "Leech", "Black")
    assert (t.black.harmony, t.white.harmony) == (-1, 1)


@pytest.mark.rule("Duration F or Focus Duration", "Focus")
def test_duration_f_holds_while_the_focus_is_on_it(t: Table) -> None:
    vigil = t.in_play(t.white, "Vigil")
    assert vigil.focus is t.white and vigil.zone is Zone.ENHANCEMENT
    second = t.in_play(t.white, "Vigil")  # "casts another spell requiring Focus": the gem moves
    assert vigil in t.white.discard and second.focus is t.white


@pytest.mark.rule("Disrupt")
def test_disrupt_discards_focus_spells(t: Table) -> None:
    vigil = t.in_play(t.white, "Vigil")
    t.in_play(t.black, "Stun", "White")
    assert vigil in t.white.discard


@pytest.mark.rule("Shed Discord")
def test_shed_discord_never_above_zero(t: Table) -> None:
    """"If a Magi has -3 Harmony (aka 3 Discord) and Sheds 4 Discord, he is now at 0 Harmony"."""
    t.white.harmony = -3
    t.in_play(t.white, "Calm")
    assert t.white.harmony == 0


@pytest.mark.rule("Obliteration", "Incapacitated")
def test_obliteration_incapacitates(t: Table) -> None:
    t.in_play(t.white, "Unmaking", "Black")
    assert t.black.incapacitated


@pytest.mark.rule("Pierce")
def test_pierce_lets_only_the_original_dmg_through(t: Table) -> None:
    """"a spell with Dmg 2, Pierce 3 would transfer only 2 Dmg through"; the Shield loses only one Durability."""
    buckler = t.in_play(t.black, "Buckler")
    t.in_play(t.white, "Lance", "Black")
    assert t.black.essence == 10 and buckler.counters["durability"] == 2


@pytest.mark.rule("Impenetrable", "Resilient")
def test_impenetrable_shield_blocks_pierce_and_resilient_ignores_shatter(t: Table) -> None:
    aegis = t.in_play(t.black, "Aegis")
    t.in_play(t.white, "Lance", "Black")
    assert t.black.essence == 12 and aegis.counters["durability"] == 2


@pytest.mark.rule("Shatter", "Durability")
def test_shatter_removes_extra_durability_and_still_blocks(t: Table) -> None:
    """"Even if this destroys the Shield, the Shield still stops the effect entirely"."""
    buckler = t.in_play(t.black, "Buckler")
    t.in_play(t.white, "Hammer", "Black")
    assert t.black.essence == 12 and buckler in t.black.discard


@pytest.mark.rule("Invulnerable", "Unblockable")
def test_invulnerable_stops_pierce_but_not_unblockable(t: Table) -> None:
    """"immune to Subtle, Pierce and Shatter, but not Unblockable ... the unstoppable force wins"."""
    bulwark = t.in_play(t.black, "Bulwark")
    t.in_play(t.white, "Lance", "Black")
    assert t.black.essence == 12 and bulwark.counters["durability"] == 2
    t.in_play(t.white, "Doom", "Black")
    assert t.black.essence == 9 and bulwark.counters["durability"] == 2


@pytest.mark.rule("Ward")
def test_wards_for_the_same_energy_do_not_stack(t: Table) -> None:
    """"if you have 2 Wards that each Ward 1 Essence Dmg, they would collectively have the same effect as 1"."""
    t.in_play(t.black, "Stoneskin")
    t.in_play(t.black, "Stoneskin")
    t.in_play(t.white, "Lance", "Black")
    assert t.black.essence == 11


@pytest.mark.rule("Response", "Evade", "Interrupt Stone", "Priority (for Response casting)")
@pytest.mark.rule("Effect")
def test_evade_response_dodges_and_costs_an_interrupt_stone(t: Table) -> None:
    t.give(t.white, "Sidestep", prepared=False)  # "Response spells do not need to be prepared"
    t.white.resonance = 1
    t.choices.append('cast "Sidestep"')
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12 and t.white.interrupt_stones == 1
    assert [d.being for d in t.asked if d.kind == "respond"] == ["White"]  # Black passed with no Response


@pytest.mark.rule("Free Action (spell aspect)", "Interrupt Stone")
def test_free_action_response_takes_no_interrupt_stone(t: Table) -> None:
    t.give(t.white, "Quickstep", prepared=False)
    t.white.resonance, t.white.interrupt_stones = 1, 2
    t.choices.append('cast "Quickstep"')
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12 and t.white.interrupt_stones == 2


@pytest.mark.rule("Interrupt Stone")
def test_two_interrupt_stones_forbid_full_action_responses(t: Table) -> None:
    card = t.give(t.white, "Sidestep", prepared=False)
    t.white.resonance, t.white.interrupt_stones = 1, 2
    assert "2 interrupt stones" in (casting.why_not(t.game, t.white, card, in_window=True) or "")
    assert "meditate" not in t.action_options(t.white)  # "may not take a Full Action while ..."
    assert "shed interrupt stone" in t.action_options(t.white)


@pytest.mark.rule("Evade", "Area")
def test_evade_cannot_dodge_area(t: Table) -> None:
    t.give(t.white, "Sidestep", prepared=False)
    t.white.resonance = 1
    t.in_play(t.black, "Wave", "White")
    assert t.white.essence == 11 and not any(d.kind == "respond" for d in t.asked)


@pytest.mark.rule("Area", "Team Zone")
def test_area_attack_impacts_the_whole_team(t: Table) -> None:
    grey = ally(t)
    t.in_play(t.black, "Wave", "White")
    assert (t.white.essence, grey.essence, t.black.essence) == (11, 11, 12)


@pytest.mark.rule("Area:G or Global Area")
def test_global_area_hits_every_magi(t: Table) -> None:
    """"the global area, which includes all Magi"."""
    t.in_play(t.black, "Cataclysm")
    assert (t.white.essence, t.black.essence) == (11, 11)


@pytest.mark.rule("Immune")
def test_immune_magi_but_its_shield_still_blocks(t: Table) -> None:
    """"if a Magi with an active Flame Form that makes them immune to Heat Dmg had a Shield that blocks
    Forces; the Shield would lose Durability from blocking a Fireball spell"."""
    t.in_play(t.white, "Fire Skin")
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12
    buckler = t.in_play(t.white, "Buckler")
    t.in_play(t.black, "Ember", "White")
    assert buckler.counters["durability"] == 2


@pytest.mark.rule("Veiled")
def test_veiled_has_no_response_phase(t: Table) -> None:
    t.give(t.white, "Sidestep", prepared=False)
    t.white.resonance = 1
    t.in_play(t.black, "Hush", "White")
    assert t.white.essence == 11 and not any(d.kind == "respond" for d in t.asked)


@pytest.mark.rule("Vowed", "Dismiss", "Innate Actions", "Controller")
def test_vowed_cannot_be_dismissed(t: Table) -> None:
    t.in_play(t.white, "Oath")
    t.in_play(t.white, "Crown")
    options = t.action_options(t.white)
    assert 'dismiss "Crown"' in options and 'dismiss "Oath"' not in options


@pytest.mark.rule("Legendary")
def test_legendary_second_copy_discards_the_first(t: Table) -> None:
    first = t.in_play(t.black, "Crown")
    t.in_play(t.white, "Crown")
    assert first in t.black.discard


@pytest.mark.rule("Unique to Caster")
def test_unique_to_caster(t: Table) -> None:
    grey = ally(t)
    first = t.in_play(t.white, "Sigil", "White")
    t.in_play(t.white, "Sigil", "Grey")
    assert first in t.white.discard and grey.zones[Zone.ENHANCEMENT][0].title == "Sigil"


@pytest.mark.rule("Unique to Descriptor X")
def test_unique_to_descriptor_discards_globally(t: Table) -> None:
    crown = t.in_play(t.black, "Storm Crown")
    mark = t.in_play(t.white, "Storm Mark")
    assert crown in t.black.discard
    t.in_play(t.black, "Storm Crown")
    assert mark in t.white.discard


@pytest.mark.rule("Eloquent", "Miscast", "Spoken")
def test_miscast_eloquent_spell(t: Table) -> None:
    """"The caster immediately loses 1 Harmony; all other Magi gain 1 Resonance. The spell is returned to
    the unprepared section of the Codex"; Eloquent X: "loses X Harmony in addition"."""
    t.game.options.intoning = True
    card = t.give(t.white, "Word of Power")
    t.choices.append("miscast")
    t.cast_card(t.white, card, "Black")
    assert (t.white.harmony, t.black.resonance, t.black.essence) == (-3, 1, 12)
    assert card in t.white.codex and "Word of Power" in t.white.miscast_this_turn
    speak = next(d for d in t.asked if d.kind == "speak")
    assert [c.label for c in speak.options] == ["intone", "miscast"]  # Eloquent: it must be Spoken


@pytest.mark.rule("Voice", "Spoken")
def test_intoning_earns_voice_equal_to_fluency(t: Table) -> None:
    t.game.options.intoning = True
    t.choices.append("intone")
    t.in_play(t.white, "Glyph", "Black")
    assert t.white.voice == 2 and t.black.essence == 11


@pytest.mark.rule("Energy Exchange", "Will")
def test_energy_exchange_once_per_round(t: Table) -> None:
    assert "exchange 1 Will for 3 Resonance" in t.action_options(t.white)
    exchange.exchange(t.game, t.white, 0)
    assert (t.white.will, t.white.resonance) == (2, 3)
    assert not any(o.startswith("exchange") for o in t.action_options(t.white))


@pytest.mark.rule("Energy Exchange", "Will", "Voice")
def test_the_exchanges_open_are_those_the_magi_has_enough_to_give_up_for(t: Table) -> None:
    """"Give up 1 Will to gain ...", "Give up 10 Voice to gain ...": each energy given up in one amount, so which
    exchanges are open depends only on whether the Magi has that much of each."""
    assert all(n == exchange.LEAST[give] for give, n, _, _ in exchange.EXCHANGES)
    for will, voice in [(0, 0), (1, 9), (0, 10), (3, 12)]:
        t.white.will, t.white.voice = will, voice
        assert [c.label for c in exchange.options(t.game, t.white)] == [
            exchange.label(i) for i, (give, n, _, _) in enumerate(exchange.EXCHANGES) if t.white.energy(give) >= n]


@pytest.mark.rule("Discord Event", "Discord")
def test_discord_event_costs_three_essence(t: Table) -> None:
    """"If the sum is less than the Magi's current Discord, they immediately suffer a Discord Event"."""
    t.white.harmony = -8
    t.rolls.extend([3, 4])
    t.run(initiative.discord_and_harmony_rolls(t.game, t.white))
    assert t.white.essence == 9


@pytest.mark.rule("Harmony Event", "Harmony")
def test_harmony_event_gains_one_will(t: Table) -> None:
    t.white.harmony = 8
    t.rolls.extend([3, 4])
    t.run(initiative.discord_and_harmony_rolls(t.game, t.white))
    assert (t.white.will, t.white.essence) == (4, 12)


@pytest.mark.rule("Discord")
def test_twenty_discord_incapacitates(t: Table) -> None:
    t.white.harmony = -19
    t.game.lose(t.white, Energy.HARMONY, 1)
    assert t.white.incapacitated


@pytest.mark.rule("Ritual Path")
def test_ritual_path_left_to_right_harmony_or_will(t: Table) -> None:
    """Tiers "1 Harmony for 1 tier or 1 Will for 3 tiers", bought left to right including N/A tiers."""
    t.white.resonance = 1
    t.choices.extend(["no upgrade", "2 tiers for 2 Harmony"])
    glyph = t.cast(t.white, "Glyph", "Black")
    ritual = next(d for d in t.asked if d.kind == "ritual")
    assert "3 tiers for 1 Will" in [c.label for c in ritual.options]
    # Tier 2 adds Dmg +1 (tier 1 is N/A but paid for); Glyph has no Duration, so it is discarded.
    assert glyph in t.white.discard and t.white.harmony == -2 and t.black.essence == 10


@pytest.mark.rule("Upgrade")
def test_upgrade_paid_with_the_casting_costs(t: Table) -> None:
    t.white.resonance = 1
    buckler = t.in_play(t.black, "Buckler")
    t.choices.extend(["1 Will", "no tiers"])
    t.cast(t.white, "Glyph", "Black")
    assert t.white.will == 2 and t.black.essence == 11 and buckler.counters["durability"] == 2


@pytest.mark.rule("Upgrade")
def test_upgrade_without_a_timing_cannot_be_bought_later(t: Table) -> None:
    """"If you choose not to upgrade at that time, there is no option to upgrade later"."""
    t.choices.append("1 Harmony")
    embers = t.cast(t.white, "Banked Embers", "Black")
    assert t.black.essence == 10 and t.white.harmony == -1
    # The Upgrade bought with the casting costs lasts; none is offered again.
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 8 and embers.counters["duration"] == 2
    assert [d.kind for d in t.asked].count("upgrade") == 1


@pytest.mark.rule("Upgrade")
def test_upgrade_per_round_is_offered_again_each_round(t: Table) -> None:
    """"... unless the Upgrade specifies an alternate timing such as 'per round'": paid with the casting
    costs it lasts the round; each maintenance its controller may pay it again, or let it go."""
    t.choices.append("1 Harmony")
    t.cast(t.white, "Stoked Embers", "Black")
    assert t.black.essence == 10 and t.white.harmony == -1  # Dmg 1 + 1
    t.choices.append("1 Harmony")
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 8 and t.white.harmony == -2  # paid again for this round
    t.choices.append("no upgrade")
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 7 and t.white.harmony == -2  # last round's Upgrade ran out


@pytest.mark.rule("Upgrade")
def test_upgrade_this_impact_lasts_one_impact(t: Table) -> None:
    """"... or 'this impact'": bought for one impact, at casting or before any later impact."""
    t.choices.append("no upgrade")
    embers = t.cast(t.white, "Flaring Embers", "Black")
    assert t.black.essence == 11
    t.choices.append("1 Will")
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 8 and t.white.will == 2  # Dmg 1 + 2, this impact only
    assert embers.impact_gained == [] and embers.aspect("Dmg") is not None
    t.choices.append("no upgrade")
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 7


@pytest.mark.rule("Attunement")
def test_attunement_needs_the_sphere_in_the_discard_pile(t: Table) -> None:
    card = t.give(t.white, "Rooted Rite")
    assert "Attunement" in (casting.why_not(t.game, t.white, card) or "")
    t.white.discard.append(t.game.register(type(card)(spec=t.game.library["Dissolve Tissue"], owner=t.white)))
    t.white.discard[-1].place = t.white.discard[-1].place.DISCARD
    assert casting.why_not(t.game, t.white, card) is None


@pytest.mark.rule("Dominance (Sphere)")
def test_dominance_needs_the_largest_sphere_of_the_discard_pile(t: Table) -> None:
    card = t.give(t.white, "Bio Mastery")
    for title in ("Dissolve Tissue", "Fireball"):
        gone = t.give(t.white, title, prepared=False)
        t.game.discard(gone)
    assert "Dominance" in (casting.why_not(t.game, t.white, card) or "")  # a tie is not Dominance
    t.game.discard(t.give(t.white, "Dissolve Tissue", prepared=False))
    assert casting.why_not(t.game, t.white, card) is None


@pytest.mark.rule("Burn Focus", "Re-Attune")
def test_burn_focus_and_reattune_it(t: Table) -> None:
    t.in_play(t.white, "Burning Will")
    assert t.white.free_foci == 0
    assert "Focus" in (casting.why_not(t.game, t.white, t.give(t.white, "Vigil")) or "")
    t.white.resonance = 1
    t.choices.extend(["Focus", "done"])
    t.run(preparation.reattune(t.game, t.white))
    assert t.white.free_foci == 1 and t.white.resonance == 0


@pytest.mark.rule("Sacrifice")
def test_sacrifice_discards_from_ones_own_codex(t: Table) -> None:
    kept = t.give(t.white, "Fireball", prepared=False)
    t.in_play(t.white, "Offering")
    assert kept in t.white.discard and not t.white.codex


@pytest.mark.rule("Codex", "Title", "Unique to Codex", "Fluency Level")
def test_codex_legality() -> None:
    lib = example_cards()
    assert codex.problems([lib["Lance"]] * 3) == []
    assert "at most 3 spells titled 'Lance'" in codex.problems([lib["Lance"]] * 4)[0]
    assert codex.problems([lib["Ember"]] * 28)[0].startswith("a Codex holds at most 27")
    assert codex.problems([lib["Glyph"]] * 2) == []


@pytest.mark.rule("Dispel", "Manifesting", "Abjuration Spell", "Owner")
def test_dispel_of_a_manifesting_spell_refunds_its_caster(t: Table) -> None:
    """Universum Negation on Purge the Light: the manifesting spell's caster gets its costs back."""
    t.give(t.white, "Negate", prepared=False)
    t.white.resonance = 3
    t.black.resonance = 1
    t.choices.append('cast "Negate"')
    t.cast(t.black, "Leech", "White")
    assert t.white.harmony == 0 and t.black.resonance == 1 and t.white.resonance == 0
    assert [c.title for c in t.black.discard] == ["Leech"] and t.white.interrupt_stones == 1


@pytest.mark.rule("Refined", "Subtle")
def test_refined_shield_blocks_subtle(t: Table) -> None:
    """"An empowerment of a Shield that enables it to block Subtle effects"."""
    veil = t.in_play(t.white, "Veil")
    t.in_play(t.black, "Cellular Degeneration", "White")  # a Subtle Bio Curse
    assert veil.counters["durability"] == 1 and not t.white.zones[Zone.CURSE]


@pytest.mark.rule("Infusion")
def test_infusion_heals_on_activation_and_each_maintenance_never_above_starting(t: Table) -> None:
    """"would grant 2 ... when it is first activated and 2 more each maintenance phase"; never above 12."""
    t.white.essence = 8
    t.in_play(t.white, "Mend")
    assert t.white.essence == 10
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 12
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 12


@pytest.mark.rule("Shape-Shift")
def test_second_shape_shift_discards_the_first(t: Table) -> None:
    wolf = t.in_play(t.black, "Wolf Shape")
    t.in_play(t.black, "Bear Shape")
    assert wolf in t.black.discard and [c.title for c in t.black.zones[Zone.ENHANCEMENT]] == ["Bear Shape"]


@pytest.mark.rule("Duration P or Persistent Duration")
def test_persistent_duration_stays(t: Table) -> None:
    wolf = t.in_play(t.black, "Wolf Shape")
    for _ in range(5):
        t.run(maintenance.maintenance_phase(t.game))
    assert wolf.zone is Zone.ENHANCEMENT and wolf.persistent


@pytest.mark.rule("Add Dmg X or +X Dmg", "Passive Effect")
def test_passive_plus_one_dmg_adds_to_heat_attacks(t: Table) -> None:
    """Flame Form: "increasing the Dmg of the bearer's Heat Attack spells"."""
    t.in_play(t.black, "Blaze Aura")
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 10


@pytest.mark.rule("Sealed", "Duration F or Focus Duration")
def test_sealed_spell_outlives_its_focus(t: Table) -> None:
    sealed = t.in_play(t.white, "Sealed Vigil")
    t.in_play(t.black, "Stun", "White")  # Disrupt removes the Focus
    assert sealed.zone is Zone.ENHANCEMENT and sealed.persistent


@pytest.mark.rule("Absolute Free Action")
def test_absolute_free_action_needs_no_full_action(t: Table) -> None:
    card = t.give(t.white, "Swift Ward")
    t.white.full_actions = 0
    t.cast_card(t.white, card)
    assert card.zone is Zone.DEFENSE


@pytest.mark.rule("Adamant Empowerment", "Inexorable")
def test_adamant_spell_only_inexorable_or_own_abjurations_target_it(t: Table) -> None:
    t.in_play(t.black, "Bastion")
    t.white.resonance = t.black.resonance = 1
    assert casting.why_not(t.game, t.white, t.give(t.white, "Seal")) == "Target: Seal has no valid target"
    assert casting.why_not(t.game, t.black, t.give(t.black, "Seal")) is None  # its controller may
    bastion = t.black.zones[Zone.ENHANCEMENT][0]
    t.in_play(t.white, "Breach", "Bastion")
    assert bastion in t.black.discard


@pytest.mark.rule("Unique to Bearer")
def test_unique_to_bearer(t: Table) -> None:
    """Karmic Debt is Unique to Bearer: a second one on the same bearer discards the first."""
    first = t.in_play(t.white, "Karmic Debt", "Black")
    t.in_play(t.white, "Karmic Debt", "Black")
    assert first in t.white.discard and len(t.black.zones[Zone.CURSE]) == 1


@pytest.mark.rule("Empowerment")
def test_an_empowerment_adds_nothing_to_a_hit_but_changes_how_the_spell_is_played(t: Table) -> None:
    """"The term for any aspect (see "Aspect") of a spell other than its descriptors and directives"; directives
    "occur whenever the spell 'hits'. Empowerments add benefits to the spell like Duration (makes it last
    longer)" (Quick Start). Lingering Ember is Ember (Heat | Dmg 1) with Duration 2."""
    spec = t.game.library["Lingering Ember"]
    assert spec.descriptors == ("Heat",)
    assert [a.name for a in spec.directives] == ["Dmg"] and [a.name for a in spec.empowerments] == ["Duration"]
    ember = t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 11 and ember in t.black.discard
    lingering = t.in_play(t.black, "Lingering Ember", "White")
    assert t.white.essence == 10  # the same hit: Duration added nothing to it
    assert lingering.zone is Zone.ATTACK and lingering.counters == {"duration": 2}
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 9  # but the spell lasts, and hits again


@pytest.mark.rule("Empowerment")
def test_some_empowerments_limit_a_spells_power(t: Table) -> None:
    """"Some empowerments can actually limit a spell's power, such as "Unique to Bearer."" Lone Blaze Aura is
    Blaze Aura (its bearer's Heat Attack spells gain Dmg +1) with Unique to Bearer."""
    t.in_play(t.black, "Blaze Aura")
    t.in_play(t.black, "Blaze Aura")
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 9  # Dmg 1, +1 from each Aura
    first = t.in_play(t.white, "Lone Blaze Aura")
    t.in_play(t.white, "Lone Blaze Aura")
    t.in_play(t.white, "Ember", "Black")
    assert first in t.white.discard and t.black.essence == 10  # Dmg 1, +1 from the one Aura left


@pytest.mark.rule("Spell")
def test_a_stored_spell_emits_no_power_until_its_magi_casts_it(t: Table) -> None:
    """"Codexes are specially crafted Artifacts specifically designed to keep stored spells from randomly
    emitting power. The controlled release of power requires a Magi's intent." Hearth Glyph's passive effect
    (Heat Attack spells gain Dmg +1) names no bearer: only where the spell is decides whether it acts."""
    stored = t.give(t.white, "Hearth Glyph", prepared=False)
    prepared = t.give(t.white, "Hearth Glyph")
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 11  # Ember's Dmg 1 alone: neither Glyph in the Codex acts
    t.white.full_actions = 1
    t.cast_card(t.white, prepared)
    assert prepared.zone is Zone.ENHANCEMENT and stored.place is Place.CODEX
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 9  # Dmg 1, +1 from the Glyph White cast; the one still stored adds nothing
