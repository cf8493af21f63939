"""The rules the issue-9 audit saw played differently from the rulebook, one test per rule, quoting the
Magi's Handbook (seed 004). The small cards they use are in tests/fixtures/cards/audit_examples.spell
(with some of glossary_examples.spell)."""

from __future__ import annotations

import pytest

from spellc.engine.core.decisions import Choice, Decision
from spellc.engine.core.errors import IllegalAction
from spellc.engine.rulesets.serpents_tongue import (
    actions,
    behaviours,
    casting,
    encounter,
    invariants,
    maintenance,
    preparation,
    rules,
)
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.setup import duel
from spellc.engine.rulesets.serpents_tongue.state import Being, Zone
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import Table


@pytest.mark.rule("Add Dmg X or +X Dmg", "Passive Effect", "Resolve")
def test_add_dmg_gives_a_spell_without_dmg_a_dmg_directive_each_maintenance(t: Table) -> None:
    """"If a spell does not inflict any Dmg at all then when it gains Dmg it gains the Dmg aspect and will
    apply its effect like a normal Dmg directive, upon activation and each maintenance phase thereafter"."""
    t.in_play(t.black, "Blaze Aura")  # passive: bearer's Heat Attack spells gain Dmg +1
    smoulder = t.in_play(t.black, "Smoulder", "White")  # Heat, Duration 2, no Dmg of its own
    assert t.white.essence == 11 and smoulder.zone is Zone.ATTACK
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 10


@pytest.mark.rule("Evade", "Effect")
def test_evade_dodges_only_the_spheres_of_its_broadcast_bar(t: Table) -> None:
    """Evades "can only dodge effects from specific Spheres"; "Evades, Shields and Wards typically defend
    against effects from specific Spheres only". Blur shows Forces, Matter and Quantum."""
    t.give(t.white, "Blur", prepared=False)
    t.white.resonance = 1
    t.in_play(t.black, "Thorn", "White")  # Bio: Blur cannot dodge it, so White is never asked
    assert t.white.essence == 11 and not any(d.kind == "respond" for d in t.asked)
    t.choices.append('cast "Blur"')
    t.in_play(t.black, "Ember", "White")  # Forces: dodged
    assert t.white.essence == 11 and t.white.interrupt_stones == 1


@pytest.mark.rule("Ward", "Curse")
def test_wards_do_not_reduce_dmg_from_curses_even_on_their_first_impact(t: Table) -> None:
    """Wards, "being a Defense spell, do not reduce Dmg from Curses" — with no exception for the impact
    that moves the Curse into the Curse zone."""
    t.in_play(t.black, "Stoneskin")  # Ward 1 (Essence), any Sphere
    t.in_play(t.white, "Hex", "Black")
    assert t.black.essence == 10 and t.black.zones[Zone.CURSE]
    t.in_play(t.white, "Ember", "Black")  # the Ward still wards what is not a Curse
    assert t.black.essence == 10


@pytest.mark.rule("Subtle", "Pierce", "Refined")
def test_subtle_pierce_against_a_refined_shield_pierces(t: Table) -> None:
    """"Shields that are Refined block Subtle Attacks. Because Subtle bypasses Shields entirely, if an Attack
    is Subtle, any Shatter or Pierce it also has does not apply" — it bypasses no Refined Shield, so there
    its Pierce applies: "Each rank of Pierce allows 1 point of Dmg to penetrate the Shield"."""
    veil = t.in_play(t.white, "Veil")  # Refined, Durability 2, Bio
    t.in_play(t.black, "Needle", "White")  # Bio, Dmg 2, Subtle, Pierce 2
    assert t.white.essence == 10 and veil.counters["durability"] == 1


@pytest.mark.rule("Subtle", "Shatter", "Refined")
def test_subtle_shatter_against_a_refined_shield_shatters(t: Table) -> None:
    """The same for Shatter: a Refined Shield that blocks a Subtle Attack meets its Shatter in full."""
    veil = t.in_play(t.white, "Veil")  # Refined, Durability 2
    t.in_play(t.black, "Splinter", "White")  # Bio, Dmg 1, Subtle, Shatter 1: 1 + 1 Durability
    assert t.white.essence == 12 and veil in t.white.discard


def golem(t: Table) -> Being:
    """The Warded Golem (Resistance 2) as White's and Black's opponent."""
    t.white.team = t.black.team = "Magi"
    b = encounter.create(t.game.library["Warded Golem"], "Golem", "Golem", "standard", t.game.library)
    t.game.beings.append(b)
    encounter.scale(t.game, b)
    return b


@pytest.mark.rule("Potency", "Resistance")
def test_potency_holds_for_the_deal_steps_of_abilities(t: Table) -> None:
    """"In order to affect an Encounter, a spell must have Potency equal to or greater than the Encounter's
    Resistance" — an ability's "deal" step too: it is the spell's effect (Glossary, Effect)."""
    g = golem(t)
    t.in_play(t.white, "Claw Form", "White")  # fluency 1: Potency 1 < Resistance 2
    t.use(t.white, "Claw Form", "Rake", "Golem")
    assert g.essence == 8
    t.in_play(t.black, "Great Claw Form", "Black")  # fluency 2: Potency 2
    t.use(t.black, "Great Claw Form", "Great Rake", "Golem")
    assert g.essence == 7


@pytest.mark.rule("Dispel", "Requirements", "Component Spell", "Re-activate")
def test_dispel_brings_discarded_components_back_into_play(t: Table) -> None:
    """A Dispel of a manifesting spell: "Any spells (i.e. Matter Components) ... sacrificed as part of the
    Requirements are restored. Spells that had left play are brought back to active as if they had just
    come back from being dormant, along with any Transmutes that may have been attached to them"."""
    shard = t.in_play(t.white, "Iron Shard", "White")
    temper = t.in_play(t.white, "Temper", "Iron Shard")
    t.run(maintenance.maintenance_phase(t.game))
    assert shard.counters["duration"] == 2 and temper in shard.combined
    t.give(t.black, "Negate", prepared=False)
    t.black.resonance, t.white.resonance = 3, 1
    t.choices.append('cast "Negate"')
    t.cast(t.white, "Corrode", "Black", "Iron Shard")
    assert t.black.essence == 12 and t.white.resonance == 1  # dispelled, refunded
    assert shard.active and shard.zone is Zone.DEFENSE and shard in t.white.zones[Zone.DEFENSE]
    assert shard.counters["duration"] == 2 and shard not in t.white.discard + t.white.codex
    assert temper.active and temper.combined_with is shard and temper in shard.combined
    assert invariants.broken(t.game, settled=True) == []


# ---------------------------------------------------------------- Energy Exchange: at any time
@pytest.mark.rule("Energy Exchange", "Response")
def test_energy_exchange_in_a_response_window(t: Table) -> None:
    """"Magi are permitted only one energy exchange per round, but they may make that exchange at any time
    as desired": out of turn, 1 Will becomes the Resonance an Evade costs."""
    t.give(t.white, "Sidestep", prepared=False)  # Evade, Response, 1 Resonance
    assert (t.white.resonance, t.white.will) == (0, 3)
    t.choices.extend(["exchange 1 Will for 3 Resonance", 'cast "Sidestep"'])
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12 and (t.white.will, t.white.resonance) == (2, 2)
    assert not any(o.startswith("exchange") for o in t.action_options(t.white))  # one per round


@pytest.mark.rule("Energy Exchange", "Re-Attune")
def test_energy_exchange_pays_for_a_re_attunement(t: Table) -> None:
    """"Magi may perform a single energy exchange once per round, at any time, instantly" — in the spell
    preparation phase too, where re-attuning is paid for."""
    t.game.discard(t.give(t.white, "Fireball", prepared=False))  # fluency 1: 2 Resonance to re-attune
    t.choices.extend(["exchange 1 Will for 3 Resonance", "Fireball"])
    t.run(preparation.reattune(t.game, t.white))
    assert [c.title for c in t.white.codex] == ["Fireball"] and t.white.resonance == 1


@pytest.mark.rule("Energy Exchange", "Sustain")
def test_energy_exchange_pays_a_sustain_cost(t: Table) -> None:
    """A sustain cost is paid in the maintenance phase; the exchange, "at any time", can pay for it."""
    kiln = t.in_play(t.white, "Kiln", "White")  # ! Pay 1 Resonance to sustain
    t.choices.extend(["exchange 1 Will for 3 Resonance", "pay 1 Resonance"])
    t.run(maintenance.maintenance_phase(t.game))
    assert kiln.zone is Zone.ENHANCEMENT and (t.white.will, t.white.resonance) == (2, 2)


def test_a_window_nobody_can_use_asks_nothing(t: Table) -> None:
    """The exchange is offered beside a choice, or where it would make one: not at every Response window."""
    t.give(t.white, "Sidestep", prepared=False)
    t.white.will = 0
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 11 and not any(d.kind == "respond" for d in t.asked)


@pytest.mark.rule("Dispel", "Essence")
def test_a_refund_never_heals_above_starting_essence(t: Table) -> None:
    """"Magi cannot heal above their starting Essence": not through a Dispel's refund of an Essence cost
    either (an exchange "at any time" may have made that Essence up already)."""
    shot = t.give(t.white, "Infernal Shot")  # ! Pay 1 Essence
    shot.caster, shot.paid = t.white, [(Energy.ESSENCE, 1), (Energy.RESONANCE, 2)]
    behaviours.refund(t.game, shot)
    assert (t.white.essence, t.white.resonance) == (12, 2)


# ---------------------------------------------------------------- Shield: re-ordering
@pytest.mark.rule("Shield", "Shatter", "Resilient")
def test_magi_may_reorder_their_shields_before_each_attacking_effect(t: Table) -> None:
    """"Magi may re-order their Shields before each attacking effect impacts so as to provide the most
    optimal defense for each one": the Resilient Aegis, placed second, goes in front of the Shatter."""
    buckler = t.in_play(t.white, "Buckler")
    aegis = t.in_play(t.white, "Aegis")  # Resilient: immune to Shatter
    t.choices.append('"Aegis" (3 Durability), then "Buckler" (3 Durability)')
    t.in_play(t.black, "Hammer", "White")  # Forces, Dmg 1, Shatter 2
    asked = next(d for d in t.asked if d.kind == "shield order")
    assert asked.being == "White" and asked.options[0].label.startswith('"Buckler"')  # as placed, first
    assert t.white.essence == 12 and aegis.counters["durability"] == 2 and buckler.counters["durability"] == 3


@pytest.mark.rule("Shield")
def test_shields_keep_their_order_when_nobody_reorders_them(t: Table) -> None:
    """Unanswered, the order is the one the Shields were placed in (the outer one blocks)."""
    buckler = t.in_play(t.white, "Buckler")
    t.in_play(t.white, "Aegis")
    t.in_play(t.black, "Hammer", "White")
    assert buckler in t.white.discard  # 1 + Shatter 2 Durability


@pytest.mark.rule("Shield")
def test_no_reordering_is_asked_when_the_order_changes_nothing(t: Table) -> None:
    """"Magi may NOT decline to Shield an effect": alike Shields, or a single one that can block, leave
    nothing to choose."""
    t.in_play(t.white, "Buckler")
    t.in_play(t.white, "Buckler")
    t.in_play(t.white, "Veil")  # Bio only: it cannot meet a Forces effect
    t.in_play(t.black, "Hammer", "White")
    assert not any(d.kind == "shield order" for d in t.asked)


# ---------------------------------------------------------------- refusals name the rule and the reason
@pytest.mark.rule("Energy Exchange")
def test_a_second_exchange_is_refused_by_the_one_per_round_rule() -> None:
    """"Magi are permitted only one energy exchange per round": the refusal says so, not "not allowed"."""
    match = duel(LIBRARY, 7)
    while match.decision is not None and match.decision.kind != "action":
        match.apply(match.legal()[0])
    assert match.decision is not None
    match.apply("exchange 1 Will for 3 Resonance")
    with pytest.raises(IllegalAction) as err:
        match.apply("exchange 1 Will for 2 Harmony")
    assert err.value.rule == "Energy Exchange" and "only one energy exchange per round" in err.value.message


@pytest.mark.rule("Re-Attune")
def test_a_second_non_bonded_re_attunement_is_refused_by_its_limit(t: Table) -> None:
    """"Each round, each Magi may re-attune one non-Bonded spell at a Resonance cost of 1 plus the fluency
    level of the spell": the refusal names the limit."""
    for _ in range(2):
        t.game.discard(t.give(t.white, "Fireball", prepared=False))
    t.white.resonance = 4
    t.choices.append("Fireball")
    t.run(preparation.reattune(t.game, t.white))
    decision = Decision("re-attune", "White", "White: re-attune a spell?", (Choice("done", None),))
    why = actions.explain(t.game, decision, '"Fireball"') or ""
    assert why.startswith("Re-Attune: White has already re-attuned a non-Bonded spell this round")
    t.white.resonance, t.white.reattuned_this_round = 0, False  # a new round, no Resonance
    assert "costs 2 Resonance" in (preparation.why_not_reattune(t.game, t.white, t.white.discard[0]) or "")


def test_an_action_refusal_names_its_rule(t: Table) -> None:
    t.in_play(t.white, "Oath")
    t.white.full_actions, t.white.interrupt_stones = 1, 1
    assert actions.why_not(t.game, t.white, "meditate") == (
        "Interrupt Stone: White must shed an interrupt stone before taking a Full Action")
    assert actions.why_not(t.game, t.white, 'dismiss "Oath"') == "Vowed: Oath cannot be dismissed"


@pytest.mark.rule("Energy Exchange", "Resolve")
def test_energy_exchange_pays_an_internal_action_out_of_turn(t: Table) -> None:
    """Cellular Degeneration, in maintenance: "you may pay 1 Resonance and discard this to deal Dmg 2 to
    bearer" — with no Resonance, an exchange "at any time" pays for it."""
    curse = t.in_play(t.black, "Cellular Degeneration", "White")
    assert t.black.resonance == 0
    t.choices.extend(["exchange 1 Will for 3 Resonance", "yes"])
    t.run(maintenance.maintenance_phase(t.game))
    assert curse in t.black.discard and t.white.essence == 10 and (t.black.will, t.black.resonance) == (2, 2)


@pytest.mark.rule("Unique to Caster")
@pytest.mark.rule("Ritual Path")
def test_a_ritual_tier_may_make_a_spell_unique_to_caster(t: Table) -> None:
    """"If the caster activates a second spell of the same title then the original is immediately
    discarded": here Unique to Caster comes from the Ritual Path (tier 2), which once did not parse."""
    t.white.harmony = 5
    t.choices.append("2 tiers for 2 Harmony")
    first = t.cast(t.white, "Rune of Sole Claim", "White")
    t.choices.append("2 tiers for 2 Harmony")
    second = t.cast(t.white, "Rune of Sole Claim", "White")
    assert first in t.white.discard and second in t.white.zones[Zone.ENHANCEMENT]


@pytest.mark.rule("Unique to Caster")
def test_without_the_tier_two_runes_stay(t: Table) -> None:
    t.white.harmony = 5
    t.choices.append("no tiers")
    first = t.cast(t.white, "Rune of Sole Claim", "White")
    t.choices.append("no tiers")
    second = t.cast(t.white, "Rune of Sole Claim", "White")
    assert {first, second} <= set(t.white.zones[Zone.ENHANCEMENT])


@pytest.mark.rule("Transmute Spell")
@pytest.mark.rule("Subtle")
def test_a_transmute_passive_gives_its_target_an_empowerment(t: Table) -> None:
    """A Transmute "targets other spells and modifies them for some Duration": Veil of Smoke's `passive:
    target gains Subtle` makes Smolder pass Black's Shield while the two are combined."""
    buckler = t.in_play(t.black, "Buckler", "Black")
    smolder = t.in_play(t.white, "Smolder", "Black")
    other = t.in_play(t.white, "Smolder", "Black")
    assert t.black.essence == 12 and buckler.counters["durability"] == 1  # both blocked
    veil = t.in_play(t.white, "Veil of Smoke", "Smolder")
    assert veil.combined_with in (smolder, other)
    t.run(maintenance.maintenance_phase(t.game))
    # The veiled Smolder passes the Shield (1 Dmg); the other is blocked and wears the Shield out.
    assert t.black.essence == 11 and buckler in t.black.discard


@pytest.mark.rule("Transmute Spell")
@pytest.mark.rule("Refined")
def test_a_transmute_may_make_a_shield_refined(t: Table) -> None:
    """What a Transmute's target gains is the spell's own while they are combined ("Shields that are Refined
    block Subtle Attacks"): Tempering makes Buckler Refined, so the veiled (Subtle) Smolder is blocked."""
    buckler = t.in_play(t.black, "Buckler", "Black")
    tempering = t.in_play(t.black, "Tempering", "Buckler")
    assert tempering.combined_with is buckler and buckler.has("Refined")
    smolder = t.in_play(t.white, "Smolder", "Black")
    t.in_play(t.white, "Veil of Smoke", "Smolder")
    assert smolder.has("Subtle") and buckler.counters["durability"] == 2
    t.run(maintenance.maintenance_phase(t.game))
    assert t.black.essence == 12 and buckler.counters["durability"] == 1  # blocked, not passed by


@pytest.mark.rule("Interrupt Stone")
@pytest.mark.rule("Action")
def test_opponents_give_at_most_one_interrupt_stone_a_round(t: Table) -> None:
    """"Opponents may only cause a Magi to lose at most one Full Action each round. Even this single loss is
    prevented if the Magi already has 2 interrupt stones"."""
    t.in_play(t.white, "Time Snare", "Black")
    t.in_play(t.white, "Time Snare", "Black")
    assert t.black.interrupt_stones == 1
    rules.refresh_round_counters(t.game)
    t.black.interrupt_stones = 2
    t.in_play(t.white, "Time Snare", "Black")
    assert t.black.interrupt_stones == 2
    assert invariants.broken(t.game, settled=True) == []


@pytest.mark.rule("Interrupt Stone")
@pytest.mark.rule("Action")
def test_a_magis_own_effects_may_give_it_more_interrupt_stones(t: Table) -> None:
    """"Effects from the Magi or Magi's Allies may cause the Magi to collect more than one interrupt stone per
    round" — past 2 too."""
    t.white.interrupt_stones = 1
    t.in_play(t.white, "Borrowed Hours", "White")
    assert t.white.interrupt_stones == 3
    assert invariants.broken(t.game, settled=True) == []


@pytest.mark.rule("Full Action")
@pytest.mark.rule("Action")
def test_extra_full_actions_do_not_stack(t: Table) -> None:
    """"A Magi may gain AT MOST one additional Full Action each round regardless of how many effects try to
    add one"."""
    t.white.full_actions = 2
    t.in_play(t.white, "Quickening", "White")
    t.in_play(t.white, "Borrowed Hours", "White")
    assert t.white.full_actions == 3 and t.white.extra_action_this_round
    rules.refresh_round_counters(t.game)
    t.in_play(t.white, "Quickening", "White")
    assert t.white.extra_action_this_round


@pytest.mark.rule("Activate (Manifesting Spell)")
@pytest.mark.rule("Evade")
def test_an_evade_activates_before_it_is_discarded(t: Table) -> None:
    """"Activation always mean the first time a card activates": an Evade activates as it dodges, and its
    `when activated` steps run, though the Evade is discarded at once."""
    t.give(t.white, "Grateful Sidestep", prepared=False)
    t.white.resonance = 1
    t.choices.append('cast "Grateful Sidestep"')
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12 and t.white.resonance == 2  # 1 - 1 for the Evade + 2 on activation


@pytest.mark.rule("Activate (Manifesting Spell)")
@pytest.mark.rule("Abjuration Spell")
def test_an_abjuration_activates_before_it_is_discarded(t: Table) -> None:
    t.in_play(t.black, "Fire Skin", "Black")
    t.white.resonance = 0
    t.in_play(t.white, "Grateful Purge", "Fire Skin")
    assert t.white.resonance == 2 and not t.black.zones[Zone.ENHANCEMENT]


# ---------------------------------------------------------------- Tough (seed 003, 7.4.5)
def test_tough_adds_its_rating_to_a_spell_targeting_it(t: Table) -> None:
    """"Spells ... targeting an opposing object with Tough x cost X more": Loosen (1 Resonance) costs 3 at
    Black's Iron Hide (Tough 2)."""
    hide = t.in_play(t.black, "Iron Hide", "Black")
    t.white.resonance = 3
    t.cast(t.white, "Loosen", "Iron Hide")
    assert t.white.resonance == 0 and hide in t.black.discard


def test_tough_is_not_paid_on_ones_own_side(t: Table) -> None:
    """Only an *opposing* object's Tough costs more."""
    hide = t.in_play(t.white, "Iron Hide", "White")
    t.white.resonance = 1
    t.cast(t.white, "Loosen", "Iron Hide")
    assert t.white.resonance == 0 and hide in t.white.discard


def test_a_tough_target_that_cannot_be_paid_for_is_no_target(t: Table) -> None:
    """"If a player chooses to pay a cost, they must be able to pay it in full" (seed 003, 6.4.c)."""
    t.in_play(t.black, "Iron Hide", "Black")
    t.white.resonance = 2
    card = t.give(t.white, "Loosen")
    reason = casting.why_not(t.game, t.white, card) or ""
    assert reason.startswith("Tough: every target of Loosen is an opposing Tough spell")



def test_a_spell_cast_for_free_pays_no_energy_and_takes_no_action(t: Table) -> None:
    """Seed 003: "If a Spell is played 'for free', the extra cost from Tough X is also waived": Wild Surge
    lets White cast Costly Bolt (3 Resonance) for free, at Black's Tough-free body, without a Full Action."""
    t.give(t.white, "Costly Bolt")
    t.white.resonance, t.white.full_actions = 0, 2
    t.choices.append("yes")  # the only spell and the only target are not asked (one legal answer)
    t.cast(t.white, "Wild Surge", "White")
    assert t.black.essence == 10 and t.white.resonance == 0 and t.white.full_actions == 1


def test_for_free_waives_tough(t: Table) -> None:
    """"... the extra cost from Tough X is also waived"."""
    hide = t.in_play(t.black, "Iron Hide", "Black")
    t.give(t.white, "Loosen")
    t.white.resonance = 0
    t.choices.extend(["yes", "Iron Hide"])
    t.cast(t.white, "Wild Unbinding")  # its only target, White, is not asked
    assert hide in t.black.discard and t.white.resonance == 0


def test_tough_counts_a_spells_step_targets(t: Table) -> None:
    """A step target is targeted too: Prying Bolt (1 Resonance) costs 3 with Iron Hide (Tough 2) as its
    `target Enhancement`; with 1 Resonance it cannot be chosen, and the step is skipped (seed 003, 6.5.f)."""
    hide = t.in_play(t.black, "Iron Hide", "Black")
    t.white.resonance = 1
    t.cast(t.white, "Prying Bolt", "Black")
    assert hide.place is not None and hide in t.black.zones[Zone.ENHANCEMENT] and t.white.resonance == 0
    t.white.resonance = 3
    t.choices.append("Iron Hide")
    t.cast(t.white, "Prying Bolt", "Black")
    assert hide in t.black.discard and t.white.resonance == 0


def test_tough_counts_an_internal_actions_targets(t: Table) -> None:
    """"... and internal actions targeting an opposing object with Tough x cost X more"."""
    hide = t.in_play(t.black, "Iron Hide", "Black")
    t.white.resonance = 3
    t.choices.extend(["yes", "Iron Hide"])
    t.cast(t.white, "Prying Offer", "Black")
    assert hide in t.black.discard and t.white.resonance == 0
