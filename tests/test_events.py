"""Trigger events: every event of the Magi's Handbook (seed 004) a card can react to with `when …`, one
test per event, each quoting the seed's sentence for the rule that sets it off. The cards, one per event,
are in tests/fixtures/cards/event_examples.spell; they react by gaining an energy, so a test reads the
energy to see that the event fired, once, for the right card.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.serpents_tongue import render_text
from spellc.engine.rulesets.serpents_tongue import actions, initiative, maintenance, preparation, registry, triggers
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.bindings import REGISTRY
from spellc.engine.rulesets.serpents_tongue.state import Place, Zone
from tests.conftest import Table, example_cards


def a_round(t: Table, *actions: str) -> None:
    """One whole round: the Resonance roll from ``t.rolls`` (1 if none), then ``actions`` in turn order,
    every being passing once they run out."""
    if not t.rolls:
        t.rolls.append(1)
    t.white.resonance = max(t.white.resonance, t.black.resonance + 1)  # White goes first: no tie to break
    t.choices.extend(actions)
    t.choices.extend(["pass"] * 4)
    t.run(t.game.play_round())
    t.choices.clear()


def action_phase(t: Table, *moves: str) -> None:
    t.choices.extend(moves)
    t.choices.extend(["pass"] * 4)
    t.run(actions.action_phase(t.game))
    t.choices.clear()


# ------------------------------------------------------------------ the registry
def test_every_event_is_declared_rendered_and_bound() -> None:
    """Each `[[event]]` row has its sentence, its glossary text and a behaviour the engine's registry binds."""
    reg = registry.load()
    for name, event in reg.events.items():
        assert name in render_text.EVENTS, name
        assert event.glossary and event.behaviour in REGISTRY.bindings, name


def test_a_who_row_is_one_event_for_each_being_it_may_name() -> None:
    """`WHO is Disrupted` reads `when bearer is Disrupted`, `when caster …`, `when controller …`."""
    reg = registry.load()
    names = {n for n, e in reg.events.items() if e.base == "WHO is Disrupted"}
    assert names == {"bearer is Disrupted", "caster is Disrupted", "controller is Disrupted"}
    assert reg.events["bearer casts offensive spell at caster"].who == "bearer"


@pytest.mark.parametrize(("row", "message"), [
    ('name = "WHO is Disrupted"\n', "its who must list some of bearer, caster, controller"),
    ('name = "WHO is Disrupted"\nwho = ["bearer", "owner"]\n', "its who must list some of"),
    ('name = "this is Banished"\nwho = "owner"\n', "has who = 'owner'"),
])
def test_a_bad_who_is_refused_naming_the_event(tmp_path: Path, row: str, message: str) -> None:
    path = tmp_path / "glossary.toml"
    path.write_text("[[event]]\n" + row, encoding="utf-8")
    with pytest.raises(ValueError, match="glossary.toml: ") as err:
        registry.load(path)
    assert message in str(err.value)


def test_a_when_phrase_is_matched_in_any_case() -> None:
    cards = example_cards()
    assert cards["Stillness Ward"].triggers[0].event == "bearer is Disrupted"


# ------------------------------------------------------------------ the round and its phases
@pytest.mark.rule("Resonance Roll")
def test_event_round_begins(t: Table) -> None:
    """"Each round always begins with a Resonance roll": `when round begins` fires first, once a round."""
    t.in_play(t.white, "Dawn Chime")
    roll = next(t.game.play_round())
    assert roll.kind == "die" and t.white.will == 4  # before the Resonance roll
    t = Table(level=2)
    t.game.library.cards.update(example_cards())
    t.in_play(t.white, "Dawn Chime")
    a_round(t)
    a_round(t)
    assert t.white.will == 5


@pytest.mark.rule("Resonance Overload")
def test_event_resonance_overload(t: Table) -> None:
    """"A Resonance Overload occurs naturally when the Resonance roll is a 10. All Magi earn 5 Resonance and
    lose 1 Harmony." Another roll sets nothing off."""
    t.in_play(t.white, "Overload Sponge")
    t.rolls.extend([9, 5, 1])
    t.choices.append("White")
    t.run(initiative.initiative_phase(t.game))
    assert t.white.will == 3
    t.rolls.extend([10, 5, 1])
    t.choices.append("White")
    t.run(initiative.initiative_phase(t.game))
    assert t.white.will == 4 and t.white.harmony == -1


@pytest.mark.rule("Discord Event")
def test_event_discord_event(t: Table) -> None:
    """"if the result is LESS than your amount of Discord then you suffer a Discord Event": after its 3
    Essence are lost."""
    t.in_play(t.white, "Discord Anchor")
    t.white.harmony = -10
    t.rolls.extend([1, 1])
    t.run(initiative.discord_and_harmony_rolls(t.game, t.white))
    assert (t.white.essence, t.white.will) == (9, 4)


@pytest.mark.rule("Harmony Event")
def test_event_harmony_event(t: Table) -> None:
    """"If the sum is less than the Magi's current Harmony, they immediately enjoy a Harmony Event"; a roll
    that is not less enjoys none."""
    t.in_play(t.white, "Harmony Echo")
    t.white.harmony = 8
    t.rolls.extend([6, 6])
    t.run(initiative.discord_and_harmony_rolls(t.game, t.white))
    assert (t.white.will, t.white.resonance) == (3, 0)
    t.rolls.extend([1, 1])
    t.run(initiative.discord_and_harmony_rolls(t.game, t.white))
    assert (t.white.will, t.white.resonance) == (4, 1)


@pytest.mark.rule("Spell Preparation")
def test_event_spell_preparation_begins(t: Table) -> None:
    """"During Spell Preparation, players may re-attune spells from their discard pile"."""
    t.in_play(t.white, "Study Lamp")
    t.run(preparation.spell_preparation_phase(t.game))
    assert t.white.will == 4


@pytest.mark.rule("Action Phase", "Full Action")
def test_event_action_phase_begins_after_actions_are_set(t: Table) -> None:
    """"Each Player has 2 Full Actions every round": the event fires once they are set."""
    t.in_play(t.white, "War Drum")
    t.white.full_actions = 0
    flow = actions.action_phase(t.game)
    decision = next(flow)  # the first turn's question: the event has fired by then
    assert decision.kind == "action" and t.white.will == 4 and t.white.full_actions == 2


@pytest.mark.rule("Action Phase")
def test_event_turn_begins(t: Table) -> None:
    """"Whenever it is an Encounter's turn, we must identify its action": each of the bearer's turns
    begins an event; the other being's turns do not."""
    t.in_play(t.white, "Turn Bell")
    action_phase(t, "meditate")  # White meditates, Black passes; White passes, Black passes
    assert t.white.resonance == 2 + 1 + 1


@pytest.mark.rule("Action Phase", "Free Action")
def test_event_turn_ends(t: Table) -> None:
    """"Regardless of whether a Magi takes a Full or Free Action, the Magi's turn ends, and play shifts to
    the next being": the turn ends after an action; a pass takes none."""
    t.in_play(t.white, "Turn Knell")
    action_phase(t, "meditate")
    assert t.white.resonance == 2 + 1


@pytest.mark.rule("Spell Preparation")
def test_event_round_ends(t: Table) -> None:
    """"Any spell that is prepared but is not cast by the end of the round returns to the inner pages of
    the Codex": `when round ends` fires once, at the end of the round."""
    t.in_play(t.white, "Dusk Chime")
    flow = t.game.play_round()
    t.rolls.append(1)
    t.white.resonance = 1  # White goes first: no tie to break
    decision = next(flow)
    while decision.kind != "action":
        decision = flow.send(t.answer(decision))
    assert t.white.will == 3  # the action phase: the round has not ended
    t.choices.extend(["pass", "pass"])
    _finish(t, flow, decision)
    assert t.white.will == 4 and t.game.phase == "end"


def _finish(t: Table, flow: Any, decision: Any) -> None:
    try:
        while True:
            decision = flow.send(t.answer(decision))
    except StopIteration:
        pass


# ------------------------------------------------------------------ maintenance
@pytest.mark.rule("Duration", "Maintenance Phase")
def test_event_last_duration_counter(t: Table) -> None:
    """"Discard the spell when the last counter is removed": `when this loses its last Duration counter`
    fires "at the last moment", while the spell is still in play, and then it is discarded."""
    card = t.in_play(t.white, "Last Breath")
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.will == 5 and card.place is Place.DISCARD


# ------------------------------------------------------------------ the cast cycle
@pytest.mark.rule("Voice", "Spoken")
def test_event_intoned() -> None:
    """"When you choose to do this, you will gain Voice equal to the spell's fluency level": a silent
    cast intones nothing."""
    t = Table(level=2, intoning=True)
    t.game.library.cards.update(example_cards())
    t.in_play(t.white, "Voice Charm")
    t.in_play(t.white, "Thorn", "Black")  # silent
    assert t.white.will == 3
    t.choices.append("intone")
    t.in_play(t.white, "Thorn", "Black")
    assert t.white.will == 4 and t.white.voice == 1


@pytest.mark.rule("Voice", "Spoken")
def test_event_intoned_into_the_rite_zone() -> None:
    """A spell of several Full Actions is Spoken into the Rite zone, and earns its Voice there: "if they
    succeed, they are rewarded with Voice in an amount equal to the spell's fluency level"."""
    t = Table(level=2, intoning=True)
    t.game.library.cards.update(example_cards())
    t.in_play(t.white, "Voice Charm")
    t.white.full_actions = 2
    t.choices.append("intone")
    card = t.cast(t.white, "Slow Bolt", "Black")
    assert card.place is Place.RITE and t.white.voice == 1 and t.white.will == 4


@pytest.mark.rule("Miscast")
def test_event_miscast() -> None:
    """"When you miscast a spell, you return the spell to your Codex, unprepared. You also lose 1
    Harmony.\""""
    t = Table(level=2, intoning=True)
    t.game.library.cards.update(example_cards())
    t.in_play(t.white, "Kotukh Charm")
    t.choices.append("miscast")
    t.in_play(t.white, "Thorn", "Black")
    assert (t.white.harmony, t.white.resonance) == (-1, 1) and t.black.essence == 12


@pytest.mark.rule("Cast Cycle", "Bearer")
def test_event_casts_spell(t: Table) -> None:
    """"The phrase "I cast the spell" generally refers only to the first three, Speaking, Placing and
    Paying": `when bearer casts spell` fires when the bearer casts one, whoever it is cast at; the
    caster's own casts do not set off a trigger about the bearer."""
    t.in_play(t.white, "Chatter Curse", "Black")  # a Curse on Black: Dmg 1
    assert t.black.essence == 11
    t.in_play(t.white, "Thorn", "Black")  # White casts: not the bearer
    assert t.black.essence == 10
    t.in_play(t.black, "Thorn", "White")  # the bearer casts: Dmg 1 to the bearer
    assert t.black.essence == 9 and t.white.essence == 11


@pytest.mark.rule("Interrupt Stone", "Response")
def test_event_interrupt_stone_taken(t: Table) -> None:
    """"Stones are acquired when the Magi casts a Response spell that is not also a Free Action spell"."""
    t.in_play(t.white, "Stone Counter")
    t.give(t.white, "Blur", prepared=False)
    t.white.resonance = 1
    t.choices.append('cast "Blur"')
    t.in_play(t.black, "Ember", "White")  # Forces: Blur dodges it, as a Response
    assert t.white.interrupt_stones == 1 and t.white.resonance == 0 + 1


# ------------------------------------------------------------------ impact
@pytest.mark.rule("Curse")
def test_event_becomes_active_curse(t: Table) -> None:
    """"When a Curse spell successfully impacts directly on its target … it becomes an active Curse"; a
    Curse that is blocked is discarded, and never becomes one."""
    t.in_play(t.black, "Veil")  # Shield, Durability 2, Bio: it does not block a Soul Curse
    card = t.in_play(t.white, "Festering Hex", "Black")
    assert card.zone is Zone.CURSE and t.white.will == 4


@pytest.mark.rule("Dmg", "Ward")
def test_event_takes_dmg(t: Table) -> None:
    """"Wards only work after Dmg has impacted on the Magi": Dmg the Ward takes all of is no Dmg taken; a
    Siphon's is Dmg too."""
    t.in_play(t.white, "Pain Ledger")
    t.in_play(t.black, "Thorn", "White")
    assert t.white.essence == 11 and t.white.resonance == 1
    t.in_play(t.white, "Stoneskin")  # Ward 1
    t.in_play(t.black, "Thorn", "White")
    assert t.white.essence == 11 and t.white.resonance == 1
    t.in_play(t.black, "Leech", "White")  # "Harmony Siphon 2 would cause 2 Harmony Dmg to the target"
    assert t.white.harmony == -2 and t.white.resonance == 2


@pytest.mark.rule("Disrupt")
def test_event_disrupted(t: Table) -> None:
    """"Whenever a Magi is Disrupted, any spells in the Rite zone are discarded": `when bearer is Disrupted`
    fires for the spells that stay in play."""
    t.in_play(t.white, "Stillness Ward")
    t.in_play(t.black, "Stun", "White")
    assert t.white.will == 4


@pytest.mark.rule("Focus", "Disrupt")
def test_event_loses_focus(t: Table) -> None:
    """"If the caster's Focus is removed from the spell, immediately discard the spell, unless the spell has
    become Sealed": its trigger runs although it has left play."""
    card = t.in_play(t.white, "Focus Kindling")
    assert card.focus is t.white
    t.in_play(t.black, "Stun", "White")  # Disrupt: the Focus is lost
    assert card.place is Place.DISCARD and t.white.will == 5


@pytest.mark.rule("Dispel")
def test_event_dispelled(t: Table) -> None:
    """"When you successfully Dispel a card, it is immediately discarded": its controller's trigger still
    runs."""
    bait = t.in_play(t.black, "Dispel Bait")
    t.in_play(t.white, "Grateful Purge", "Dispel Bait")
    assert bait.place is Place.DISCARD and t.black.will == 5


# ------------------------------------------------------------------ leaving play
@pytest.mark.rule("Duration")
def test_event_discarded(t: Table) -> None:
    """"Spells without a Duration are discarded right after their first impact": `when this is discarded`
    runs after the spell has left play, for its controller."""
    card = t.in_play(t.white, "Spark Gift", "Black")
    assert card.place is Place.DISCARD and t.black.essence == 11 and t.white.will == 4


@pytest.mark.rule("Dismiss", "Free Action")
def test_event_discarded_when_dismissed(t: Table) -> None:
    """"Dismiss is now a Free Action taken to discard an active spell you control": a dismissed spell is
    discarded, and its `when this is discarded` runs at the end of the turn it was dismissed in."""
    card = t.in_play(t.white, "Parting Gift")
    action_phase(t, 'dismiss "Parting Gift"')
    assert card.place is Place.DISCARD and t.white.will == 5


@pytest.mark.rule("Incapacitated")
def test_event_incapacitated(t: Table) -> None:
    """"Incapacitated Magi cannot spend/gain energies … Duration-based effects they had in play DO remain
    active": a Curse on the incapacitated Magi hears it, and its caster gains."""
    t.in_play(t.white, "Death Watch", "Black")
    t.black.essence = 1
    t.in_play(t.white, "Thorn", "Black")
    assert t.black.incapacitated and t.white.will == 5


# ------------------------------------------------------------------ more of the cast cycle and impact
@pytest.mark.rule("Target", "Response", "Cloaked")
def test_event_fizzles(t: Table) -> None:
    """"If the target is now invalid, the spell is discarded": `when this fizzles` runs for its caster."""
    t.give(t.white, "Vanish", prepared=False)
    t.choices.append('cast "Vanish"')  # White becomes Cloaked in the Response phase
    spark = t.in_play(t.black, "Fizzling Spark", "White")
    assert t.white.essence == 12 and spark.place is Place.DISCARD and t.black.will == 4


@pytest.mark.rule("Response", "Veiled")
def test_event_targeted_by_effect(t: Table) -> None:
    """"each time the Shadow is targeted by an effect, we must check to see if it has Dmg in its aspect
    list": an opponent's effect at the bearer fires it, the bearer's own spells do not."""
    t.in_play(t.white, "Watchful Eye")
    t.in_play(t.white, "Thorn", "Black")
    assert t.white.resonance == 0
    t.in_play(t.black, "Thorn", "White")
    assert t.white.resonance == 1


@pytest.mark.rule("Activate (Spell, Specification or Artifact Ability)", "Ability")
def test_event_ability_activated(t: Table) -> None:
    """"To declare and pay (if necessary) for the use of an spell ability or Artifact. Once declared and
    paid for, the effect gets a Response phase.\""""
    t.in_play(t.white, "Ability Echo")
    t.in_play(t.white, "Claw Form", "White")
    assert t.white.will == 3
    t.use(t.white, "Claw Form", "Rake", "Black")
    assert t.white.will == 4 and t.black.essence == 11


@pytest.mark.rule("Shield", "Durability")
def test_event_blocks_effect(t: Table) -> None:
    """"Each time it blocks an effect, remove ONE Durability counter": its trigger runs as it blocks, even
    when that was its last Durability."""
    shield = t.in_play(t.white, "Tally Shield")
    t.in_play(t.black, "Thorn", "White")
    assert t.white.essence == 12 and shield.place is Place.DISCARD and t.white.will == 5


@pytest.mark.rule("Evade")
def test_event_evades(t: Table) -> None:
    """"An Evade only dodges one impact": `when bearer evades effect` fires for the Magi who dodged."""
    t.in_play(t.white, "Dodge Tally")
    t.give(t.white, "Blur", prepared=False)
    t.white.resonance = 1
    t.choices.append('cast "Blur"')
    t.in_play(t.black, "Ember", "White")
    assert t.white.essence == 12 and t.white.will == 4


def test_triggers_that_set_each_other_off_stop() -> None:
    """Not a rule of the seed: a card whose trigger sets itself off stops, with a line in the log, rather
    than hang the match."""
    t = Table(level=2)
    t.game.library.cards.update(example_cards())
    t.white.essence = 1000
    t.in_play(t.white, "Echoing Wound")
    t.in_play(t.black, "Thorn", "White")
    assert t.white.essence == 1000 - 1 - triggers.CHAIN_LIMIT
    assert any("triggers stop" in line for line in t.game.log)


def test_an_unknown_trigger_is_a_located_diagnostic_naming_the_rows(tmp_path: Path) -> None:
    from spellc.compiler.serpents_tongue.frontend import compile_files

    path = tmp_path / "x.spell"
    path.write_text('spell "X" {\n    sphere Mind\n    role Enhance\n    fluency 1\n    resonance 0\n'
                    '    aspects | | Duration 2\n    rules {\n        when bearer is disruptd: gain 1 Will\n    }\n}\n',
                    encoding="utf-8")
    result = compile_files([path])
    text = result.diagnostics.render()
    assert not result.ok and "x.spell:8:14: error[E018]: unknown trigger 'when bearer is disruptd'" in text
    assert "did you mean 'bearer is Disrupted'?" in text and "WHO is Disrupted;" in text
    assert "caster is Disrupted" not in text and "note: WHO is bearer, caster or controller" in text


# ------------------------------------------------------------------ Dormant, Re-activate, Dampen
@pytest.mark.rule("Dormant", "Re-activate")
def test_event_goes_dormant_and_re_activates(t: Table) -> None:
    """"Indicates a spell that was active but temporarily is not"; "When a spell re-activates, it simply
    resumes being Active": each change has its trigger, though the Dormant spell is not active."""
    sleeper = t.in_play(t.white, "Light Sleeper")
    will = t.white.will
    t.in_play(t.black, "Stasis", "Light Sleeper")
    assert sleeper.dormant and t.white.will == will + 1
    t.in_play(t.black, "Awaken", "Light Sleeper")
    assert not sleeper.dormant and t.white.will == will + 3


@pytest.mark.rule("Dampen")
def test_event_dampened(t: Table) -> None:
    """"When a spell is Dampened by a Response, its controller must immediately choose to either pay the
    additional costs or else discard the spell": its trigger runs first, and here pays for the choice."""
    t.give(t.white, "Sap Will", prepared=False)  # Harmony Dampen 2, Response
    t.black.resonance = 1
    t.choices.extend(['cast "Sap Will"', "pay 2 Harmony"])
    t.cast(t.black, "Stubborn Bolt", "White")
    assert t.black.resonance == 3 and t.black.harmony == -2 and t.white.essence == 11


@pytest.mark.rule("Rite Zone", "Actions")
def test_event_emerges_from_rite_zone(t: Table) -> None:
    """"... until the Magi has enough Full Actions invested into the spell, at which time the spell is treated
    like any other just-Spoken spell": its trigger runs as it emerges, before its target is chosen."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Patient Bolt")
    will = t.white.will
    assert bolt.place is Place.RITE and t.white.will == will
    t.owed = {"target": deque(["Black"])}
    t.run(actions.perform(t.game, t.white, Act("rite", bolt.id)))
    assert t.white.will == will + 2 and t.black.essence == 9


# ------------------------------------------------------------------ control
@pytest.mark.rule("Controller")
def test_event_changes_controller(t: Table) -> None:
    """"The spell's caster is its default controller, although control can be shifted by various effects": the
    spell's trigger runs once control has shifted, for its new controller (who gains the Will)."""
    charm = t.in_play(t.black, "Turncoat Charm", "Black")
    white, black = t.white.will, t.black.will
    t.in_play(t.white, "Usurp", '"Turncoat Charm" of Black')  # Black is White's only opponent: Usurp's Target
    assert charm.controller is t.white and (t.white.will, t.black.will) == (white + 1, black)
