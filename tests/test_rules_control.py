"""Control effects and the team rules around them, one test per rule, named after the Glossary entry:
Prevented, Will Breaks, Innate Actions, Phased, Cloaked, Injunction, Area Curses, Team Zone, Utilize.
The small cards they use are in tests/fixtures/cards/control_examples.spell."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue.frontend import compile_files
from spellc.engine.core.errors import IllegalAction
from spellc.engine.rulesets.serpents_tongue import actions, casting, initiative, maintenance
from spellc.engine.rulesets.serpents_tongue.acts import Act
from spellc.engine.rulesets.serpents_tongue.state import Being, Zone
from tests.conftest import Table


def ally(t: Table, name: str = "Grey") -> Being:
    grey = Being(name=name, team="White")
    t.game.beings.append(grey)
    t.game.order.append(grey)
    return grey


def why_not(t: Table, being: Being, title: str) -> str | None:
    return casting.why_not(t.game, being, t.give(being, title))


# ---------------------------------------------------------------- Prevented
@pytest.mark.rule("Prevented", "Curse")
def test_prevented_bans_casting_the_kind_of_spell_it_names(t: Table) -> None:
    """Pacify, an example the Glossary gives of a Prevented effect: no Attack spells while it lasts."""
    t.in_play(t.black, "Pacify", "White")
    assert why_not(t, t.white, "Spark") == "Prevented: Pacify prevents White from casting Attack spells"
    assert 'cast "Spark"' not in t.action_options(t.white)
    assert why_not(t, t.white, "Pavise") is None  # a Defense is not an Attack spell
    assert why_not(t, t.black, "Spark") is None  # it binds the Magi it Cursed, not its caster


@pytest.mark.rule("Prevented", "Response")
def test_silence_prevents_every_spell_even_a_response(t: Table) -> None:
    """"Any ban on casting some or all types of spells": Silence bans them all, Responses included."""
    t.in_play(t.black, "Silence", "White")
    vanish = t.give(t.white, "Vanish", prepared=False)
    assert (casting.why_not(t.game, t.white, vanish, in_window=True) or "").startswith("Prevented: Silence")
    assert why_not(t, t.white, "Pavise") == "Prevented: Silence prevents White from casting spells"
    assert "meditate" in t.action_options(t.white)


@pytest.mark.rule("Prevented", "Innate Actions", "Ability")
def test_a_broad_ban_on_actions_stops_casting_and_abilities(t: Table) -> None:
    t.in_play(t.white, "Claws")
    t.in_play(t.black, "Stupor", "White")
    options = t.action_options(t.white)
    assert not [o for o in options if o.startswith(("cast", "use"))]
    with pytest.raises(IllegalAction):
        t.use(t.white, "Claws", "Rake", "Black")
    assert (why_not(t, t.white, "Spark") or "").startswith("Prevented: Stupor prevents White from taking actions")


@pytest.mark.rule("Prevented", "Rite Zone")
def test_a_ban_stops_a_rite_zone_spell_from_advancing(t: Table) -> None:
    """Investing a Full Action in a Rite zone spell is casting it: Silence stops that too."""
    t.white.full_actions = 2
    bolt = t.cast(t.white, "Slow Bolt")
    assert bolt in t.white.rite and 'advance "Slow Bolt" in the Rite zone' in t.action_options(t.white)
    t.in_play(t.black, "Silence", "White")
    assert not [o for o in t.action_options(t.white) if o.startswith("advance")]


# ---------------------------------------------------------------- Innate Actions
@pytest.mark.rule("Innate Actions", "Meditation", "Dismiss", "Interrupt Stone")
def test_innate_actions_survive_a_broad_ban(t: Table) -> None:
    """"No effect that generally limits Magi Actions ... can ever prevent a Magi from performing innate Actions"."""
    t.in_play(t.white, "Claws")
    t.in_play(t.black, "Stupor", "White")
    assert {"meditate", 'dismiss "Claws"'} <= set(t.action_options(t.white))
    t.white.interrupt_stones = 1
    assert "shed interrupt stone" in t.action_options(t.white)


@pytest.mark.rule("Innate Actions", "Prevented")
def test_an_innate_action_is_limited_only_by_name(t: Table) -> None:
    """"To limit an innate Action, the effect must name the Action specifically in its text"."""
    t.in_play(t.black, "Restless Mind", "White")
    t.give(t.white, "Spark")
    options = t.action_options(t.white)
    assert "meditate" not in options and 'cast "Spark"' in options
    assert "meditate" in t.action_options(t.black)


# ---------------------------------------------------------------- Will Breaks
@pytest.mark.rule("Will Breaks", "Free Action (action type)", "Will")
def test_will_break_discards_the_control_spell_as_a_free_action(t: Table) -> None:
    """"An option to discard a spell ... by spending Will ... By default, exercising a break is a Free Action"."""
    silence = t.in_play(t.black, "Silence", "White")
    assert 'break "Silence" for 1 Will' in t.action_options(t.white)
    assert not any(o.startswith("break") for o in t.action_options(t.black))  # only the Magi it binds
    t.choices.append('break "Silence" for 1 Will')
    assert t.run(actions.take_turn(t.game, t.white)) is True  # an action: the turn passes
    assert silence in t.black.discard and t.white.will == 2 and t.white.full_actions == 2
    assert why_not(t, t.white, "Spark") is None


@pytest.mark.rule("Will Breaks")
def test_no_will_no_break(t: Table) -> None:
    t.in_play(t.black, "Silence", "White")
    t.white.will = 0
    assert not any(o.startswith("break") for o in t.action_options(t.white))


@pytest.mark.rule("Will Breaks", "Area Curses")
def test_will_break_of_an_area_curse_frees_only_the_magi_who_breaks_it(t: Table) -> None:
    grey = ally(t)
    hex_ = t.in_play(t.black, "Wasting Hex", "White")
    assert hex_.cursed == [t.white, grey]
    t.run(actions.perform(t.game, grey, Act("will-break", hex_.id)))
    assert hex_.cursed == [t.white] and hex_.zone is Zone.CURSE and grey.will == 2
    t.run(actions.perform(t.game, t.white, Act("will-break", hex_.id)))
    assert hex_ in t.black.discard


# ---------------------------------------------------------------- Phased
@pytest.mark.rule("Phased", "Innate Actions", "Meditation")
def test_phased_magi_may_only_meditate(t: Table) -> None:
    """"the Magi may not take actions except to meditate"."""
    t.in_play(t.white, "Claws")
    t.in_play(t.white, "Phase")
    t.white.full_actions = 2
    options = t.action_options(t.white)
    assert "meditate" in options and not [o for o in options if o.startswith(("cast", "use"))]
    assert why_not(t, t.white, "Spark") == "Phased: Phase prevents White from taking actions but innate ones"
    assert 'break "Phase" for 1 Will' in options


@pytest.mark.rule("Phased", "Immune", "Curse")
def test_phased_magi_is_immune_to_offensive_effects_but_its_spells_are_not(t: Table) -> None:
    """"... but are immune to offensive effects. Their spells, however, are not also Phased"."""
    t.in_play(t.black, "Wasting Hex", "White")  # a Curse already on White: 1 Dmg now and each maintenance
    assert t.white.essence == 11
    claws = t.in_play(t.white, "Claws")
    t.in_play(t.white, "Phase")
    t.in_play(t.black, "Spark", "White")
    assert t.white.essence == 11
    t.run(maintenance.maintenance_phase(t.game))
    assert t.white.essence == 11  # the Curse's Dmg is an offensive effect too
    t.in_play(t.black, "Unweave", "Claws")
    assert claws in t.white.discard


# ---------------------------------------------------------------- Cloaked
@pytest.mark.rule("Cloaked", "Target", "Area")
def test_cloaked_magi_cannot_be_targeted_by_opponents_but_area_still_hits(t: Table) -> None:
    """"opponents cannot target the Magi. Spells controlled by that Magi can still be targeted. Cloaked
    Magi are still affected by Area spells"."""
    cloak = t.in_play(t.white, "Cloak")
    t.black.full_actions = 2
    assert why_not(t, t.black, "Spark") == "Target: Spark has no valid target"
    t.in_play(t.black, "Surge", "White")
    assert t.white.essence == 11
    assert why_not(t, t.white, "Pavise") is None  # its own spells still target it
    t.in_play(t.black, "Unweave", "Cloak")
    t.black.full_actions = 2
    assert cloak in t.white.discard and why_not(t, t.black, "Spark") is None


@pytest.mark.rule("Cloaked", "Target", "Response")
def test_a_spell_aimed_at_a_magi_who_becomes_cloaked_fizzles(t: Table) -> None:
    """Target validity "is checked before a spell activates (after all Responses)"."""
    t.give(t.white, "Vanish", prepared=False)
    t.choices.append('cast "Vanish"')
    spark = t.in_play(t.black, "Spark", "White")
    assert t.white.essence == 12 and spark in t.black.discard
    assert any("fizzles: White is Cloaked" in line for line in t.game.log)


# ---------------------------------------------------------------- Injunction
@pytest.mark.rule("Injunction", "Resonance Roll", "Meditation")
def test_energy_injunction_prevents_gaining_that_energy(t: Table) -> None:
    """"Most energy injunctions prevent a Magi from gaining that particular energy"."""
    t.in_play(t.black, "Hex of Want", "White")
    t.rolls.append(5)
    t.run(initiative.resonance_roll(t.game))
    assert (t.white.resonance, t.black.resonance) == (0, 2)
    actions.meditate(t.game, t.white)
    assert (t.white.resonance, t.white.harmony) == (0, 1)  # Harmony is not enjoined


# ---------------------------------------------------------------- Area Curses
@pytest.mark.rule("Area Curses", "Shield", "Dispel", "Abjuration Spell")
def test_area_curse_curses_only_the_magi_it_impacts_and_dispel_frees_all(t: Table) -> None:
    """"An Area Curse will attempt to impact all Magi in the zone it targets ... Those Magi that are hit are
    now affected by the Curse ... Dispelling the Curse frees all Magi"."""
    grey, olive = ally(t), ally(t, "Olive")
    screen = t.in_play(t.white, "Mind Screen", "White")
    hex_ = t.in_play(t.black, "Wasting Hex", "White")
    assert hex_.cursed == [grey, olive] and screen.counters["durability"] == 2
    assert (t.white.essence, grey.essence, olive.essence) == (12, 11, 11)
    t.rolls.append(5)
    t.run(initiative.resonance_roll(t.game))
    assert (t.white.resonance, grey.resonance, olive.resonance) == (2, 0, 0)
    t.run(maintenance.maintenance_phase(t.game))  # behind the Defenses now: only the Cursed take its Dmg
    assert (t.white.essence, grey.essence, olive.essence) == (12, 10, 10)
    t.in_play(t.white, "Unbind", "Wasting Hex")
    assert hex_ in t.black.discard and not hex_.cursed
    t.rolls.append(5)
    t.run(initiative.resonance_roll(t.game))
    t.run(maintenance.maintenance_phase(t.game))
    assert (grey.resonance, olive.resonance, grey.essence) == (2, 2, 10)


@pytest.mark.rule("Area Curses", "Curse")
def test_area_curse_that_hits_no_one_is_discarded(t: Table) -> None:
    ally(t)
    t.in_play(t.white, "Team Screen", "White")
    hex_ = t.in_play(t.black, "Wasting Hex", "White")
    assert hex_ in t.black.discard and not t.white.zones[Zone.CURSE]


# ---------------------------------------------------------------- Team Zone
@pytest.mark.rule("Team Zone", "Area", "Shield", "Durability")
def test_team_zone_area_shield_blocks_before_personal_shields(t: Table) -> None:
    """"incoming attacks must pass through the Team zone ... so that Area Shields get a chance to block
    first before a Magi's personal Shields"."""
    grey = ally(t)
    aegis = t.in_play(t.white, "Team Aegis", "White")
    pavise = t.in_play(grey, "Pavise", "Grey")
    t.in_play(t.black, "Spark", "Grey")
    assert (aegis.counters["durability"], pavise.counters["durability"], grey.essence) == (2, 3, 12)


@pytest.mark.rule("Team Zone", "Area")
def test_an_area_attack_passes_through_the_team_zone_once(t: Table) -> None:
    """An Area attack meets the team's Area Shield once, in the Team zone, not once per Magi behind it."""
    grey = ally(t)
    aegis = t.in_play(t.white, "Team Aegis", "White")
    t.in_play(t.black, "Surge", "White")
    assert (aegis.counters["durability"], t.white.essence, grey.essence) == (2, 12, 12)


@pytest.mark.rule("Team Zone", "Durability")
def test_an_area_shield_worn_out_in_the_team_zone_still_blocks_for_the_whole_team(t: Table) -> None:
    """"Even if this destroys the Shield, the Shield still stops the effect entirely" — for every Magi behind it."""
    grey = ally(t)
    aegis = t.in_play(t.white, "Thin Aegis", "White")
    t.in_play(t.black, "Surge", "White")
    assert aegis in t.white.discard and (t.white.essence, grey.essence) == (12, 12)


# ---------------------------------------------------------------- Utilize
@pytest.mark.rule("Utilize", "Requirements")
def test_a_spell_that_requires_an_energy_utilizes_it(t: Table) -> None:
    """Blood Bolt requires (utilizes) 1 Will: it cannot be cast without it, and casting spends it."""
    t.white.will = 0
    assert why_not(t, t.white, "Blood Bolt") == "Requirements: White cannot pay 1 Will"
    t.white.will = 1
    t.in_play(t.white, "Blood Bolt", "Black")
    assert (t.white.will, t.black.essence) == (0, 10)


@pytest.mark.rule("Utilize", "Requirements", "Active", "Component Spell")
def test_a_spell_that_requires_another_spell_utilizes_it(t: Table) -> None:
    """Iron Lance requires (utilizes) an active Matter Component; utilizing it does not use it up."""
    assert why_not(t, t.white, "Iron Lance") == "Requirements: Iron Lance requires an active Matter Component"
    filings = t.in_play(t.white, "Iron Filings")
    t.in_play(t.white, "Iron Lance", "Black")
    assert t.black.essence == 11 and filings.active


# ---------------------------------------------------------------- the printed forms
def _check(tmp_path: Path, aspects: str, role: str = "Attack") -> list[str]:
    path = tmp_path / "control.spell"
    path.write_text(f'spell "Bad" {{\n    sphere Mind\n    role {role}\n    fluency 1\n    resonance 0\n'
                    f'    aspects {aspects}\n}}\n', encoding="utf-8")
    return [f"{d.code} {d.message}" for d in compile_files([path], tmp_path).diagnostics.items]


@pytest.mark.rule("Prevented", "Injunction", "Will Breaks")
@pytest.mark.parametrize(("aspects", "role", "message"), [
    ("| | Prevent Attack spells", "Attack", "E015 'Prevent' on an Attack spell needs Curse Duration"),
    ("| | Curse Duration 2, Prevent Atack", "Attack", "E013 cannot read what 'Prevent Atack' bans"),
    ("| | Curse Duration 2, Prevent 3 spells", "Attack", "E013 '3' does not describe a spell"),
    ("| | Curse Duration 2, Injunction Resonanse", "Attack", "E904 no energy is named 'Resonanse'"),
    ("| | Injunction Will", "Enhance", "E015 'Injunction' is not allowed on an Enhance spell"),
    ("| | Curse Duration 2, Will Break", "Attack", "E013 'Will Break' takes 1 parameter"),
    ("| | Curse Duration 2, Prevent", "Attack", "E013 'Prevent' must say what it bans"),
    ("| | Curse Duration 2, Prevent Meditating", "Attack", "E013 cannot read what 'Prevent Meditating' bans"),
])
def test_control_forms_report_misuse(tmp_path: Path, aspects: str, role: str, message: str) -> None:
    assert any(d.startswith(message) for d in _check(tmp_path, aspects, role)), _check(tmp_path, aspects, role)


@pytest.mark.rule("Prevented", "Phased", "Cloaked", "Injunction", "Will Breaks")
def test_control_forms_compile_as_printed(tmp_path: Path) -> None:
    assert _check(tmp_path, "| | Curse Duration 2, Prevent all Bio Heat Curse spells, Prevent Shed Interrupt "
                            "Stone, Injunction Harmony, Will Break 2, Phased") == []
    assert _check(tmp_path, "| | Cloaked, Phased, Duration 1, Prevent abilities, Prevent Meditation", "Enhance") == []
