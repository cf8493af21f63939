"""Encounters (Glossary "Encounter", "Potency", "Resistance"; Walkthrough Act II): the Sentient Shadow
compiled from cards_src/encounters/sentient_shadow.spell, played by engine/rulesets/serpents_tongue/encounter.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.engine.rulesets.serpents_tongue import casting, encounter, encounter_state, initiative, specs
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.state import Being, Place
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import Table, compile_cards, example_cards, replayed

ROOT = Path(__file__).resolve().parent.parent
ACT2 = ROOT / "cards_src" / "serpents_tongue" / "scenarios" / "act2_walkthrough.scenario"


def shadow_table(mode: str = "standard", magi: int = 2) -> tuple[Table, Being]:
    """White and Black on one team against the Shadow (or White alone)."""
    t = Table(level=2)
    t.white.team = t.black.team = "Magi"
    if magi == 1:
        t.game.beings.remove(t.black)
        t.game.order.remove(t.black)
    shadow = encounter.create(LIBRARY["Sentient Shadow"], "Shadow", "Shadow", mode, t.game.library)
    t.game.beings.append(shadow)
    t.game.order.insert(0, shadow)
    encounter.scale(t.game, shadow)
    return t, shadow


def turn(t: Table, shadow: Being, *draws: str, rolls: tuple[int, ...] = ()) -> None:
    t.draws.extend(draws)
    t.rolls.extend(rolls)
    shadow.full_actions = 1
    t.run(encounter.take_turn(t.game, shadow))


# ---------------------------------------------------------------- stats and modes
@pytest.mark.rule("Encounter")
def test_encounter_stats_gain_their_bonus_per_additional_opponent_in_standard_mode() -> None:
    """"For each additional opponent, add the small number to the stat": 10 (+2) Essence, 1 (+1)
    Resonance bonus, 2 (+1) Full Actions — against two Magi, 12, 2 and 3."""
    t, shadow = shadow_table("standard")
    assert (shadow.essence, shadow.starting_essence) == (12, 12)
    assert encounter_state.stat_bonus(t.game, shadow, "resonance") == 2
    assert shadow.actions_per_round + encounter_state.stat_bonus(t.game, shadow, "actions") == 3


@pytest.mark.rule("Encounter")
def test_easy_mode_ignores_the_per_opponent_bonuses() -> None:
    """"We ignore these bonuses in 'easy' mode"; the Resonance bonus itself still counts (5 + 1)."""
    t, shadow = shadow_table("easy")
    assert shadow.essence == 10
    t.rolls.append(10)
    t.run(initiative.resonance_roll(t.game))
    assert shadow.resonance == 6 and t.white.resonance == 5 and t.white.harmony == -1


@pytest.mark.rule("Encounter")
def test_standard_mode_against_one_magi_has_no_bonus() -> None:
    t, shadow = shadow_table("standard", magi=1)
    assert shadow.essence == 10 and encounter_state.stat_bonus(t.game, shadow, "actions") == 0


@pytest.mark.rule("Encounter")
def test_leaving_easy_mode_adds_the_essence_bonus() -> None:
    """"give the Shadow 2 additional Essence" (round 2 of Act II: 6 → 8)."""
    t, shadow = shadow_table("easy")
    shadow.essence = 6
    encounter.set_mode(t.game, shadow, "standard")
    assert (shadow.essence, shadow.starting_essence) == (8, 12)


@pytest.mark.rule("Encounter", "Harmony")
def test_an_energy_the_encounter_lacks_is_always_zero() -> None:
    """"It does not have Harmony ... that energy is always considered to be zero regardless of any
    effects that try to interact with it" — so its 0 Harmony wins initiative over Magi in Discord."""
    t, shadow = shadow_table("easy")
    t.game.lose(shadow, Energy.HARMONY, 5)
    t.white.harmony = t.black.harmony = -1
    t.rolls.extend([3, 8])
    t.choices.append("Black")
    t.run(initiative.assign_initiative(t.game))
    assert shadow.energy(Energy.HARMONY) == 0 and t.game.order[0] is shadow


# ---------------------------------------------------------------- the draw bag and the charts
@pytest.mark.rule("Encounter")
def test_draw_bag_counters_stay_out_until_the_reset_condition() -> None:
    """"Counters are left out of the bag until you fulfill the bag reset conditions ... once you have
    3 red and 1 yellow out of the bag, you return all of the counters back to the bag."""
    t, shadow = shadow_table()
    for colour in ("red", "red", "yellow"):
        shadow.resonance = 0  # Draw Darkness or Dark Lash: no die for a target
        turn(t, shadow, colour)
    assert encounter_state.in_bag(shadow) == {"red": 2, "yellow": 1}
    shadow.resonance = 0
    turn(t, shadow, "red")  # the third red: 3 red and 1 yellow are out
    assert encounter_state.in_bag(shadow) == {"red": 4, "yellow": 2}


@pytest.mark.rule("Encounter")
def test_the_draw_offers_only_colours_left_in_the_bag() -> None:
    t, shadow = shadow_table()
    encounter.state_of(shadow).out = {"red": 3, "yellow": 0}
    flow = encounter_state.draw(t.game, shadow, "its action")
    assert [c.label for c in next(flow).options] == ["red", "yellow"]
    encounter.state_of(shadow).out = {"red": 4, "yellow": 1}
    flow = encounter_state.draw(t.game, shadow, "its action")
    assert [c.label for c in next(flow).options] == ["yellow"]


@pytest.mark.rule("Encounter", "Area")
def test_red_chart_top_line_needs_4_resonance_purge_the_light() -> None:
    """"This action requires the Sentient Shadow to be able to spend 4 Resonance ... Reduce the Shadow's
    Resonance to 2." Purge the Light is an Area spell: both Magi take 5 Harmony Dmg."""
    t, shadow = shadow_table()
    shadow.resonance = 6
    turn(t, shadow, "red")
    assert shadow.resonance == 2 and (t.white.harmony, t.black.harmony) == (-5, -5)
    assert shadow.full_actions == 0


@pytest.mark.rule("Encounter")
def test_chart_falls_through_to_the_first_line_it_can_use() -> None:
    """"If it has 2 Resonance then it will use the Spectral Claw ... If the Shadow cannot use Spectral
    Claw then it will use the bottom ability to gain Resonance.\""""
    t, shadow = shadow_table()
    shadow.resonance = 3
    t.white.harmony, t.black.harmony = -1, -3
    turn(t, shadow, "red")
    assert shadow.resonance == 1 and t.black.essence == 9 and t.white.essence == 12  # Dmg 3 at Black
    turn(t, shadow, "red")
    assert shadow.resonance == 3  # Draw Darkness: Gain 2


@pytest.mark.rule("Encounter", "Curse")
def test_yellow_chart_soul_curse_on_encounter_rolls_ability_chart_a() -> None:
    """"3 [Resonance], Soul or Mind Curse on Encounter: Roll on Ability Chart A" — Karmic Debt is one."""
    t, shadow = shadow_table()
    t.in_play(t.white, "Karmic Debt", "Shadow")
    shadow.resonance = 3
    t.white.harmony = -2
    turn(t, shadow, "yellow", rolls=(2,))  # 1-4: Shadow Rend, Dmg 2 at the lowest Harmony
    assert shadow.resonance == 0 and t.white.essence == 10


@pytest.mark.rule("Encounter", "Focus", "Disrupt")
def test_yellow_chart_focused_opponent_rolls_ability_chart_b() -> None:
    """"It DOES have 2 Resonance left, however, and a Focused Opponent: me. So it pays 2 Resonance, and
    then rolls on Ability Chart B ... If the number rolled was a 1 - 6 then I will be disrupted."""
    t, shadow = shadow_table()
    eternae = t.in_play(t.black, "Flame Eternae", "Shadow")
    shadow.resonance = 2
    turn(t, shadow, "yellow", rolls=(5,))  # 4-6: Area Disrupt, Free Action
    assert shadow.resonance == 0 and eternae.place is Place.DISCARD
    assert shadow.full_actions == 1  # a Free Action ability leaves the Full Action unspent


@pytest.mark.rule("Encounter", "Focus", "Disrupt")
def test_chart_b_unravel_the_mind_costs_two_harmony_to_a_magi_who_loses_focus() -> None:
    """"1 - 3 Area, Subtle, Disrupt. If a Magi Loses Focus this way they lose 2"; "If the die rolled was 1- 3
    then the Black Magi also loses 2 Harmony": Black loses the Focus on Flame Eternae, White holds none."""
    t, shadow = shadow_table()
    eternae = t.in_play(t.black, "Flame Eternae", "Shadow")
    harmony = (t.white.harmony, t.black.harmony)
    shadow.resonance = 2
    turn(t, shadow, "yellow", rolls=(2,))  # 1-3: Unravel the Mind
    assert eternae.place is Place.DISCARD
    assert (t.white.harmony, t.black.harmony) == (harmony[0], harmony[1] - 2)


@pytest.mark.rule("Encounter")
def test_ability_chart_zero_is_a_critical_failure() -> None:
    t, shadow = shadow_table()
    t.in_play(t.black, "Flame Eternae", "Shadow")
    shadow.resonance = 2
    turn(t, shadow, "yellow", rolls=(10,))  # the die's 0 face
    assert shadow.resonance == 0 and (t.white.essence, t.black.essence, t.black.harmony) == (12, 12, -1)


@pytest.mark.rule("Encounter", "Subtle")
def test_yellow_chart_bottom_line_dark_lash() -> None:
    """"Dark Lash causes 1 Subtle Area Harmony Dmg ... We both go down to -2 Harmony.\""""
    t, shadow = shadow_table()
    t.white.harmony = t.black.harmony = -1
    shadow.resonance = 2
    turn(t, shadow, "yellow")
    assert (t.white.harmony, t.black.harmony, shadow.resonance) == (-2, -2, 2)


# ---------------------------------------------------------------- targeting
@pytest.mark.rule("Encounter", "Target")
def test_targeting_lowest_harmony() -> None:
    t, shadow = shadow_table()
    t.white.harmony, t.black.harmony = -4, -1
    shadow.resonance = 2
    turn(t, shadow, "red")  # Spectral Claw
    assert (t.white.essence, t.black.essence) == (9, 12)


@pytest.mark.rule("Encounter", "Target")
def test_targeting_tie_is_broken_by_the_highest_die() -> None:
    """"Because we are tied in Harmony, the Shadow's choice would be decided by rolling a die. The
    player with the highest roll becomes the target."""
    t, shadow = shadow_table()
    shadow.resonance = 2
    turn(t, shadow, "red", rolls=(4, 4, 2, 9))  # tied again on 4: roll again; Black's 9 wins
    assert (t.white.essence, t.black.essence) == (12, 9)


# ---------------------------------------------------------------- Responses and thresholds
@pytest.mark.rule("Encounter", "Evade", "Response")
def test_evade_response_pays_1_resonance_and_draws_red_to_evade() -> None:
    """"the Shadow will pay 1 Resonance to try to Evade the effect. After it has paid, it draws a
    counter ... Counters drawn to check Evades are immediately returned to the bag." Red evades."""
    t, shadow = shadow_table()
    shadow.resonance = 3
    t.draws.append("red")
    t.in_play(t.black, "Fireball", "Shadow")
    assert (shadow.resonance, shadow.essence) == (2, 12)
    assert encounter_state.in_bag(shadow) == {"red": 4, "yellow": 2}
    t.draws.append("yellow")
    t.in_play(t.black, "Fireball", "Shadow")
    assert (shadow.resonance, shadow.essence) == (1, 10)


@pytest.mark.rule("Encounter", "Evade")
def test_the_shadows_evade_is_an_evade_for_the_events_too() -> None:
    """Its standing Response dodges an effect as an Evade does: `when bearer evades effect` on a Curse it
    bears fires (Black's Marked Prey pays Black 1 Will)."""
    t, shadow = shadow_table()
    t.game.library.cards.update(example_cards())
    t.in_play(t.black, "Marked Prey", "Shadow")
    will = t.black.will
    shadow.resonance = 3
    t.draws.append("red")
    t.in_play(t.black, "Fireball", "Shadow")
    assert shadow.essence == 12 and t.black.will == will + 1


@pytest.mark.rule("Encounter", "Evade")
def test_no_evade_in_easy_mode() -> None:
    """"We will begin this encounter in EASY mode however, so we will not be using its Response ability.\""""
    t, shadow = shadow_table("easy")
    shadow.resonance = 3
    t.in_play(t.black, "Fireball", "Shadow")
    assert (shadow.resonance, shadow.essence) == (3, 8)


@pytest.mark.rule("Encounter", "Evade")
def test_evade_needs_resonance_and_a_dmg_attack() -> None:
    t, shadow = shadow_table()
    shadow.resonance = 0
    t.in_play(t.black, "Fireball", "Shadow")  # nothing to pay with: no draw is asked
    assert shadow.essence == 10
    shadow.resonance = 2
    t.in_play(t.white, "Karmic Debt", "Shadow")  # a Curse with no Dmg: nothing to Evade
    assert shadow.resonance == 2


@pytest.mark.rule("Encounter", "Pierce")
def test_below_5_essence_its_attacks_gain_pierce_2() -> None:
    """"Encounter <5 Attacks gain Pierce 2": a Shield blocks the Dmg "but 2 goes through", and "still
    loses 1 Durability even if all the Dmg bypasses the Shield"."""
    t, shadow = shadow_table()
    debt = t.in_play(t.white, "Karmic Debt", "Shadow")
    debt.counters["karma"] = 1
    shield = t.in_play(t.white, "Karmic Binding of Protection", "White")  # a Soul Shield, Durability 2
    t.white.harmony, t.black.harmony = -5, 0
    shadow.resonance, shadow.essence = 2, 6
    turn(t, shadow, "red")  # Spectral Claw, Dmg 3 (Soul): blocked whole
    assert (t.white.essence, shield.counters["durability"]) == (12, 1)
    shadow.resonance, shadow.essence = 2, 4
    turn(t, shadow, "red")
    assert t.white.essence == 10 and shield.place is Place.DISCARD


@pytest.mark.rule("Encounter", "Prevented")
def test_a_control_curse_holds_the_encounter_too() -> None:
    """Silence ("Prevent spells") on the Shadow: its red chart skips Purge the Light (a spell) for the
    next line it may use, the Spectral Claw (an ability)."""
    t, shadow = shadow_table()
    t.game.library.cards.update(example_cards())
    t.in_play(t.white, "Silence", "Shadow")
    shadow.resonance = 6
    t.white.harmony, t.black.harmony = -3, 0
    turn(t, shadow, "red")
    assert shadow.resonance == 4 and t.white.essence == 9 and t.white.harmony == -3


# ---------------------------------------------------------------- its spells and abilities
@pytest.mark.rule("Encounter", "Dispel", "Manifesting")
def test_dispelled_encounter_spell_refunds_nothing_and_returns_to_the_encounter() -> None:
    """"If an Encounter's spell is Dispelled, the Encounter does not get a refund"; "Encounter
    abilities are not actually discarded when Dispelled. They will be usable ... again and again."""
    t, shadow = shadow_table()
    shadow.resonance = 6
    t.white.resonance = 3
    t.give(t.white, "Universum Negation", prepared=False)
    t.draws.append("red")
    t.choices.append('cast "Universum Negation"')
    shadow.full_actions = 1
    t.run(encounter.take_turn(t.game, shadow))
    purge = next(c for c in shadow.codex if c.title == "Purge the Light")
    assert shadow.resonance == 2 and purge.place is Place.CODEX and purge not in shadow.discard
    assert (t.white.harmony, t.white.resonance, t.white.interrupt_stones) == (0, 0, 1)


@pytest.mark.rule("Encounter", "Spell")
def test_only_encounter_spells_count_as_spells() -> None:
    """"the Shadow will only incur Karmic Charges from its abilities with the "Spell" descriptor."""
    t, shadow = shadow_table()
    debt = t.in_play(t.white, "Karmic Debt", "Shadow")
    shadow.resonance = 2
    turn(t, shadow, "yellow")  # Dark Lash: an ability
    assert debt.counters.get("karma", 0) == 0
    shadow.resonance = 4
    turn(t, shadow, "red")  # Purge the Light: a spell
    assert debt.counters["karma"] == 1


@pytest.mark.rule("Potency", "Resistance")
def test_spell_below_the_encounters_resistance_does_not_affect_it() -> None:
    """"a spell must have Potency equal to or greater than the Encounter's Resistance. The Potency of
    any spell is equal to its Fluency plus 1 for each tier of its ritual path that is unlocked ...\""""
    cards = compile_cards('''
encounter "Warded Golem" {
    source Matter
    essence 8
    resistance 2
    bag 1 red
    chart red {
        "Slam"
    }
    ability "Slam" {
        role Attack
        aspects | Dmg 1 |
    }
}
spell "Deep Bolt" {
    sphere Forces
    role Attack
    fluency 2
    resonance 0
    aspects | Dmg 1 |
    ritual N/A | N/A | N/A | N/A
}
''')
    t = Table(level=2)
    t.game.library.cards.update(cards)
    golem = encounter.create(cards["Warded Golem"], "Golem", "Golem", "standard", t.game.library)
    t.game.beings.append(golem)
    encounter.scale(t.game, golem)
    t.in_play(t.white, "Fireball", "Golem")  # fluency 1: Potency 1 < Resistance 2
    assert golem.essence == 8
    t.in_play(t.white, "Deep Bolt", "Golem")  # fluency 2: Potency 2
    assert golem.essence == 7


# ---------------------------------------------------------------- Specializations in the card language
@pytest.mark.rule("Specialization", "Free Action (spell aspect)", "Generate", "Shape-Shift")
def test_chant_of_forms_initiate_and_impermanent_body() -> None:
    """Initiate: "I did not have to spend a Full Action to cast this"; A1 (4 Resonance): "generate +3
    Resonance ... I also place 3 Duration counters onto it rather than 2"."""
    t = Table(level=2)
    spec = specs.start(t.game, t.black, LIBRARY["The Chant of Forms"])
    t.black.resonance = 5
    t.black.full_actions = 2
    assert 'upgrade "The Chant of Forms" A1' in t.action_options(t.black)
    specs.upgrade(t.game, t.black, spec, "A1")
    assert t.black.resonance == 1
    assert 'upgrade "The Chant of Forms" A1' not in t.action_options(t.black)  # once per round, once ever
    form = t.cast(t.black, "Flame Form", "Black")
    assert (t.black.resonance, t.black.harmony, t.black.full_actions) == (3, -1, 2)
    assert form.counters["duration"] == 3


@pytest.mark.rule("Specialization", "Generate", "Abjuration Spell")
def test_void_speaker_initiate_soul_abjurations_generate_1_resonance() -> None:
    """"Normally this spell costs 3 Resonance to cast, but your Void Speaker initiate ability ... YOU
    only pay 2 Resonance."""
    t, shadow = shadow_table()
    specs.start(t.game, t.white, LIBRARY["Void Speaker"])
    t.white.resonance = 5
    assert casting.orb_cost(t.game, t.white, t.give(t.white, "Universum Negation")) == 2
    assert casting.orb_cost(t.game, t.white, t.give(t.white, "Karmic Debt")) == 3


# ---------------------------------------------------------------- Act II
@pytest.fixture(scope="module")
def act2() -> dict:
    return replayed(ACT2)


@pytest.mark.rule("Encounter", "Resonance Overload", "Response", "Dispel", "Specialization", "Energy Exchange",
                  "Duration F or Focus Duration", "Area", "Subtle")
def test_act2_round_1_ends_as_the_walkthrough_says(act2: dict) -> None:
    """"The Sentient Shadow should have 2 Resonance and 6 Essence. The White Magi should have 0
    Resonance, -2 Harmony & 12 Essence. The Black Magi should have 2 Resonance, -4 Harmony & 11 Essence.\""""
    beings = act2["snapshots"][0]["beings"]
    assert (beings["Shadow"]["resonance"], beings["Shadow"]["essence"]) == (2, 6)
    assert (beings["White"]["resonance"], beings["White"]["harmony"], beings["White"]["essence"]) == (0, -2, 12)
    assert (beings["Black"]["resonance"], beings["Black"]["harmony"], beings["Black"]["essence"]) == (2, -4, 11)
    assert "harmony" not in beings["Shadow"]  # it lacks Harmony


@pytest.mark.rule("Encounter", "Evade", "Pierce", "Refined", "Upgrade", "Voice", "Spoken", "Meditation")
def test_act2_round_2_as_the_rules_play_it(act2: dict) -> None:
    beings = act2["snapshots"][1]["beings"]
    assert (beings["Shadow"]["resonance"], beings["Shadow"]["essence"]) == (3, 4)
    white, black = beings["White"], beings["Black"]
    # Dark Lash (Subtle, Harmony Dmg 1) has Pierce 2 below 5 Essence: White's Refined Shield blocks it and
    # loses 1 Durability, but the Pierce carries the 1 Harmony Dmg through ("Subtle": a Refined Shield
    # is not bypassed, so the Pierce applies).
    assert (white["resonance"], white["harmony"], white["voice"], white["will"]) == (3, -7, 1, 2)
    assert (black["resonance"], black["harmony"], black["essence"], black["voice"]) == (5, -9, 10, 1)
    shield = white["zones"]["defense"][0]
    assert shield["title"] == "Karmic Binding of Protection" and shield["counters"]["durability"] == 1


def test_encounter_matches_end() -> None:
    """Random legal play against the Shadow always ends: by a win, or the round limit."""
    from spellc.engine.core.match import RandomPlayer, play_out
    from spellc.engine.rulesets.serpents_tongue.setup import duel
    from tests.test_random_matches import check

    for seed in range(20):
        match = duel(LIBRARY, seed, max_rounds=30, encounter="Sentient Shadow")
        outcome = play_out(match, RandomPlayer(seed), check=check)
        assert outcome is not None
