"""The rules of Incantation charges (seed 000), one test per rule, named after it and quoting the seed.

Each builds a small match of named entities holding the compiled cards of cards_src/incantation_charges/
and answers its decisions by label, as a player would."""

from __future__ import annotations

import pytest

from spellc.engine.rulesets.incantation_charges import incantation
from spellc.engine.rulesets.incantation_charges.game import ACTION_PHASE, BEGIN, DRAW_PHASE, KEEP, PASS, PRETEND
from spellc.engine.rulesets.incantation_charges.table import suffer_damage
from tests.incantation_charges.matches import answer, entity, game, match, options


def _incanting(turns: int, *hand: str) -> tuple:
    """A Mage (holding ``hand``) that begins an Incantation in each of its first ``turns`` turns, storing every
    charge, against a Dummy that passes. The match stands just after the Mage's last one (the Dummy's turn):
    the Mage is incanting, with ``turns - 1`` charges."""
    m = match(entity("Mage", "A", *hand), entity("Dummy", "B", health=30))
    begun = 0
    while begun < turns:
        decision = m.decision
        assert decision is not None
        if decision.kind == "draw phase":
            answer(m, KEEP)
        elif decision.being == "Mage":
            answer(m, BEGIN)
            begun += 1
        else:
            answer(m, PASS)
    return m, game(m).table.entities["Mage"], game(m).table.entities["Dummy"]


@pytest.mark.rule("Health", "Draw Phase", "Action Phase")
def test_entities_play_actions_from_a_hand_in_rounds_of_a_draw_and_an_action_phase() -> None:
    """"Entities with Health play Actions from a hand. Each round has a Draw Phase and an Action Phase"
    (issue 10, after the seed): each entity draws in the Draw Phase, and plays one Action in its turn."""
    m = match(entity("Knight", "A", "Strike", deck=["Mend"]), entity("Ogre", "B", "Strike", health=4))
    g = game(m)
    assert (g.round, g.phase) == (1, ACTION_PHASE)
    assert [c.title for c in g.table.entities["Knight"].hand] == ["Strike", "Mend"]  # drawn in the Draw Phase
    answer(m, 'play "Strike" at Ogre')
    assert g.table.entities["Ogre"].health == 2
    answer(m, 'play "Strike" at Knight', 'play "Mend"')
    assert (g.round, g.table.entities["Knight"].health) == (2, 10)


@pytest.mark.rule("Incantation")
def test_an_incantation_entry_needs_that_many_charges() -> None:
    """"In order to play an Action with an Incantation entry, an entity must first build up a number of
    Incantation charges corresponding to the number in the Incantation entry.\""""
    m = match(entity("Mage", "A", "Flame Dart", "Lightning Bolt"), entity("Dummy", "B"))
    assert not any(o.startswith("play") for o in options(m))
    assert game(m).explain(m.decision, 'play "Flame Dart" at Dummy') == (  # type: ignore[arg-type]
        'Incantation: "Flame Dart" has Incantation 1; Mage has 0 charges')
    m, mage, _ = _incanting(2, "Flame Dart", "Lightning Bolt")
    answer(m, PASS)  # round 3's Draw Phase: two charges
    assert mage.charges == 2 and game(m).phase == DRAW_PHASE
    assert options(m) == ['play "Flame Dart" at Dummy', 'play "Lightning Bolt" at Dummy', KEEP]


@pytest.mark.rule("Begin an Incantation")
def test_begin_an_incantation_is_always_available() -> None:
    """"The simplest way to do this is to begin an Incantation as an Action. This Action is always available
    and requires no particular card or entry to perform.\""""
    m = match(entity("Bandit", "A"), entity("Guard", "B"))
    assert options(m) == [BEGIN, PASS]
    answer(m, BEGIN)
    assert game(m).table.entities["Bandit"].incanting


@pytest.mark.rule("Implement")
def test_an_implement_begins_an_incantation_as_a_part_of_its_play() -> None:
    """"Many entries, such as those found on implements, allow the entity to begin an Incantation as a part
    of the play.\""""
    m = match(entity("Druid", "A", "Oak Staff"), entity("Bandit", "B"))
    answer(m, 'play "Oak Staff" at Bandit')
    druid, bandit = game(m).table.entities.values()
    assert druid.incanting and bandit.health == 9


@pytest.mark.rule("Gaining a charge", "Incantation charge")
def test_an_incanting_entity_gains_one_charge_in_each_draw_phase() -> None:
    """"During the Draw Phase, an entity that is incanting gains one Incantation charge.\""""
    m, mage, dummy = _incanting(2)
    assert mage.charges == 1 and dummy.charges == 0
    answer(m, PASS, BEGIN)
    assert mage.charges == 2


@pytest.mark.rule("Draw Phase")
def test_a_charge_spent_in_the_draw_phase_does_not_use_the_action() -> None:
    """"This charge may be immediately spent to play an Action with an Incantation entry equal to or less
    than the entity's current total of charges ... This does not count as or against the Action that may be
    played later in the Action Phase.\""""
    m, mage, dummy = _incanting(1, "Flame Dart", "Strike")
    answer(m, PASS, 'play "Flame Dart" at Dummy')
    assert dummy.health == 27 and mage.charges == 0 and game(m).phase == ACTION_PHASE
    assert 'play "Strike" at Dummy' in options(m)  # its Action is still to come


@pytest.mark.rule("Draw Phase")
def test_an_entity_with_stored_charges_may_play_in_the_draw_phase_without_incanting() -> None:
    """"During the Draw Phase, an entity with Incantation charges has the opportunity to play such an Action":
    stored charges will do, whether or not the entity still incants."""
    m, mage, dummy = _incanting(1, "Flame Dart")
    answer(m, PASS, KEEP, PASS, PASS)  # round 2: the charge stored; its turn ends the Incantation; it passes
    assert game(m).phase == DRAW_PHASE and not mage.incanting and mage.charges == 1
    answer(m, 'play "Flame Dart" at Dummy')
    assert dummy.health == 27 and mage.charges == 0


@pytest.mark.rule("Draw Phase", "Incantation charge")
def test_a_charge_may_be_stored_to_play_later() -> None:
    """"... or the charge may be stored to play later.\""""
    m, mage, _ = _incanting(1, "Flame Dart")
    answer(m, PASS, KEEP)
    assert mage.charges == 1 and 'play "Flame Dart" at Dummy' in options(m)


@pytest.mark.rule("Action Phase")
def test_an_incantation_played_in_the_action_phase_expends_it() -> None:
    """"Alternatively, an entity may play an Action with an Incantation entry during their Action Phase
    provided the entity has sufficient Incantation charges. This expends the Action Phase as normal.\""""
    m, mage, dummy = _incanting(1, "Flame Dart")
    answer(m, PASS, KEEP, 'play "Flame Dart" at Dummy')
    assert dummy.health == 27 and mage.charges == 0
    assert m.decision is not None and m.decision.being == "Dummy"  # the Mage's turn is over


@pytest.mark.rule("Spending charges")
def test_spending_any_charges_loses_the_leftover_ones() -> None:
    """"Whenever an entity spends any number of Incantation charges for any purpose, the entity then loses
    any leftover charges that may be remaining.\""""
    m, mage, _ = _incanting(3, "Flame Dart")
    answer(m, PASS)
    assert mage.charges == 3
    answer(m, 'play "Flame Dart" at Dummy')
    assert mage.charges == 0 and mage.spent


@pytest.mark.rule("Spending charges")
def test_paying_charges_for_an_effect_is_spending_them() -> None:
    """"... for any purpose": Siphon's "you may pay 1 charge" spends one and loses the rest."""
    m, mage, dummy = _incanting(2, "Siphon")
    answer(m, PASS)
    assert mage.charges == 2
    answer(m, 'play "Siphon" at Dummy', "yes")
    assert mage.charges == 0 and dummy.health == 26


@pytest.mark.rule("Incanting")
def test_incanting_ends_at_the_start_of_the_entitys_next_turn() -> None:
    """"The entity continues incanting until the start of the entity's next turn." The stored charges stay:
    only damage and spending take them (the seed's "stored to play later")."""
    m, mage, _ = _incanting(1)
    assert mage.incanting and game(m).round == 1
    answer(m, PASS)  # round 2: a charge in the Draw Phase, then the Mage's turn begins
    assert game(m).phase == ACTION_PHASE and m.decision is not None and m.decision.being == "Mage"
    assert not mage.incanting and mage.charges == 1


@pytest.mark.rule("Damage")
def test_damage_loses_the_incantation_and_the_charges() -> None:
    """"An entity that suffers damage loses any current Incantation as well as any built-up Incantation
    charges.\""""
    m, mage, _ = _incanting(3)
    assert mage.incanting and mage.charges == 2
    suffer_damage(game(m).table, mage, 1)
    assert (mage.health, mage.incanting, mage.charges) == (9, False, 0)


@pytest.mark.rule("Damage")
def test_a_hit_that_takes_no_health_is_no_damage() -> None:
    """Our reading: damage is Health lost. A 0-damage hit takes none and breaks nothing."""
    m, mage, _ = _incanting(2)
    assert suffer_damage(game(m).table, mage, 0) == 0
    assert mage.incanting and mage.charges == 1


@pytest.mark.rule("Preventing the loss")
def test_an_effect_that_prevents_the_loss_keeps_the_charges_too() -> None:
    """"Some effects can prevent this loss; any effect that prevents an entity from losing its Incantation
    also prevents the entity from losing any accumulated Incantation charges.\""""
    m, mage, _ = _incanting(3, "Steady Focus")
    answer(m, PASS, 'play "Steady Focus"')  # round 4: its turn ended the Incantation; its 3 charges stay
    assert mage.warded and mage.charges == 3
    incantation.begin_an_incantation(mage)
    suffer_damage(game(m).table, mage, 3)
    assert (mage.health, mage.charges, mage.incanting) == (7, 3, True)
    incantation.incanting_ends_at_turn_start(mage)
    assert not mage.warded  # it lasts until the entity's next turn


@pytest.mark.rule("Incapable entities")
def test_the_dms_setting_keeps_an_entity_without_incantations_from_beginning_one() -> None:
    """"The DM may determine that an entity that is not capable of playing any Incantations can also not
    begin an Incantation.\""""
    m = match(entity("Brawler", "A", "Strike"), entity("Scholar", "B", "Flame Dart"), needs_means=True)
    assert BEGIN not in options(m) and PRETEND in options(m)
    assert "Incapable entities" in (game(m).explain(m.decision, BEGIN) or "")  # type: ignore[arg-type]
    answer(m, PASS)
    assert BEGIN in options(m)  # the Scholar holds an Incantation
    m = match(entity("Brawler", "A", "Strike"), entity("Scholar", "B"))
    assert BEGIN in options(m)  # without the setting, always available


@pytest.mark.rule("False Incantation", "Interrupt")
def test_a_false_incantation_triggers_no_interrupt_and_gains_no_charge() -> None:
    """"Such false Incantations are not actual Incantations. For instance, they cannot trigger Assists or
    Interrupts that rely on Incantation-related events.\""""
    m = match(entity("Warden", "A", "Spell Snare"), entity("Rogue", "B"), needs_means=True)
    answer(m, 'play "Spell Snare"', PRETEND)
    warden, rogue = game(m).table.entities.values()
    assert rogue.pretending and not rogue.incanting and rogue.health == 10
    assert [c.title for c in warden.zones["waiting"]] == ["Spell Snare"]
    answer(m, PASS)  # round 2: the Draw Phase gave the pretender nothing
    assert rogue.charges == 0


@pytest.mark.rule("Interrupt")
def test_an_interrupt_answers_an_enemys_real_incantation_once() -> None:
    """An Interrupt "relies on Incantation-related events": a real Incantation of an enemy springs it."""
    m = match(entity("Warden", "A", "Spell Snare"), entity("Mage", "B"))
    answer(m, 'play "Spell Snare"', BEGIN)
    warden, mage = game(m).table.entities.values()
    assert mage.health == 8 and not mage.incanting  # its damage broke the Incantation
    assert [c.title for c in warden.zones["discard"]] == ["Spell Snare"]
    assert incantation.is_answered_by(warden, warden) is False


@pytest.mark.rule("Interrupt", "Spending charges")
def test_spending_charges_is_an_incantation_related_event_an_interrupt_answers() -> None:
    """Counterspell waits for an enemy to spend Incantation charges: the spend happens (the charges are gone)
    and the Interrupt answers it."""
    m = match(entity("Warden", "A", "Counterspell"), entity("Mage", "B", "Flame Dart"))
    answer(m, 'play "Counterspell"', BEGIN)
    answer(m, 'play "Flame Dart" at Warden')  # round 2's Draw Phase: the Mage's charge, spent at once
    warden, mage = game(m).table.entities.values()
    assert (warden.health, mage.health, mage.charges) == (7, 7, 0)
    assert [c.title for c in warden.zones["discard"]] == ["Counterspell"]
