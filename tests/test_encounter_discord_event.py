"""The Discord Event and the Encounters that change it (seed 004): "A Discord Event means an immediate,
unblockable 3 Essence Dmg. (Note some scenarios or encounters may change the effects of a Discord Event.)"
and, in the Glossary, "Every Discord Event is an immediate, unblockable, nontransferable loss of 3 Essence.
(Some scenarios and encounters will change the effect.)"

An Encounter's card says what its change is with `discord event: STEPS`; the Hungering Rift of
tests/fixtures/cards/encounter_examples.spell prints `discord event: deal Dmg 5 to impacted; gain 1 Resonance`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue import render_text
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import encounter, initiative, registry
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.state import Being
from tests.conftest import Table
from tests.test_scenario_expect import ok, run

RIFT = '''encounter "Hungering Rift" {
    source Soul
    essence 8
    lacks Harmony
    bag 2 red
    chart red {
        "Rift Pull"
    }
%s
    ability "Rift Pull" {
        role Attack
        aspects | Harmony Dmg 1 |
    }
}
'''


def facing(t: Table, title: str = "Hungering Rift", name: str = "Rift", team: str = "Rift") -> Being:
    """An Encounter joins the match, on a team of its own unless told otherwise."""
    b = encounter.create(t.game.library[title], name, team, "standard", t.game.library)
    t.game.beings.append(b)
    encounter.scale(t.game, b)
    return b


def suffers_discord_event(t: Table, b: Being) -> None:
    """``b`` has 10 Discord and its Discord roll is 1 + 1: "if the result is LESS than your amount of Discord
    then you suffer a Discord Event"."""
    b.harmony = -10
    t.rolls.extend([1, 1])
    t.run(initiative.discord_and_harmony_rolls(t.game, b))


# ---------------------------------------------------------------- the rule and its change
@pytest.mark.rule("Discord Event")
def test_a_discord_event_is_a_loss_of_3_essence(t: Table) -> None:
    """"Every Discord Event is an immediate, unblockable, nontransferable loss of 3 Essence": a Ward does not
    lessen it, and an Encounter whose card does not change it (the Sentient Shadow) leaves it so."""
    facing(t, "Sentient Shadow", "Shadow", "Shadow")
    t.in_play(t.white, "Stoneskin", "White")  # Ward 1
    suffers_discord_event(t, t.white)
    assert t.white.essence == 9


@pytest.mark.rule("Discord Event", "Encounter")
def test_an_encounter_changes_the_effect_of_a_discord_event(t: Table) -> None:
    """"Note some scenarios or encounters may change the effects of a Discord Event": facing the Hungering
    Rift, White takes Dmg 5 instead of losing 3 Essence and the Rift gains 1 Resonance; `when bearer suffers
    Discord Event` (White's Discord Anchor) still fires, after it."""
    rift = facing(t)
    t.in_play(t.white, "Discord Anchor")
    will = t.white.will
    suffers_discord_event(t, t.white)
    assert (t.white.essence, rift.resonance, t.white.will) == (7, 1, will + 1)
    assert any(line.endswith("White takes 5 Essence Dmg from Discord Event") for line in t.game.log)


@pytest.mark.rule("Discord Event", "Unblockable", "Ward")
def test_a_changed_discord_event_is_still_unblockable(t: Table) -> None:
    """"Every Discord Event is an immediate, unblockable ... (Some scenarios and encounters will change the
    effect.)": the change is to what it does; it stays unblockable, so Stoneskin's Ward 1 takes nothing off
    the Rift's Dmg 5."""
    facing(t)
    t.in_play(t.white, "Stoneskin", "White")
    suffers_discord_event(t, t.white)
    assert t.white.essence == 7


@pytest.mark.rule("Discord Event", "Encounter")
def test_a_changed_discord_event_needs_its_encounter_in_the_match(t: Table) -> None:
    """"Some scenarios and encounters will change the effect" — an Encounter changes it for the Magi who face
    it while it is in the match: the Rift's teammate and, once the Rift is incapacitated, White lose 3 Essence."""
    rift = facing(t, team="Black")
    suffers_discord_event(t, t.black)
    assert (t.black.essence, rift.resonance) == (9, 0)
    t.game.lose(rift, Energy.ESSENCE, rift.essence)
    assert rift.incapacitated
    suffers_discord_event(t, t.white)
    assert t.white.essence == 9


@pytest.mark.rule("Discord Event", "Encounter")
def test_two_encounters_changing_the_discord_event_are_reported(t: Table) -> None:
    """"Some scenarios and encounters will change the effect": the seed does not say whose change holds when
    two Encounters would make it, so the match stops and says so rather than pick one."""
    facing(t)
    facing(t, name="Second Rift", team="Second Rift")
    with pytest.raises(Unsupported, match="a Discord Event changed by 2 Encounters at once"):
        suffers_discord_event(t, t.white)


# White at 10 Discord facing the Hungering Rift (and the beings the test adds), its first round's Resonance roll 1
# and what the test writes after it.
RIFT_MATCH = '''match "Rift" {
    level 2
    magi White {
        essence 12
        harmony -10
        codex "Fireball"
    }
    encounter Rift "Hungering Rift" {
    }
%s}
round 1 {
    dice 1
%s}
'''


@pytest.mark.rule("Discord Event", "Encounter")
def test_two_encounters_changing_the_discord_event_stop_a_scenario_at_the_line_it_happens() -> None:
    """"Some scenarios and encounters will change the effect": two Rifts would, and the replay stops at the Discord
    roll's dice line, naming what the engine cannot play, not with a traceback."""
    second = '    encounter Second "Hungering Rift" {\n    }\n'
    result = run(RIFT_MATCH % (second, "    dice 1, 2\n    Second goes first\n    dice 1, 1\n"))
    assert result.error is not None and result.error.where.line == 17 and result.error.rule == "Unsupported"
    assert result.error.message == ("the engine cannot play 'a Discord Event changed by 2 Encounters at once (Rift, "
                                    "Second)' yet")


@pytest.mark.rule("Discord Event", "Encounter")
def test_a_scenario_with_the_encounter_plays_its_discord_event() -> None:
    """The replay of a scenario that brings the Rift: White, at 10 Discord, rolls 1 and 1 for its Discord
    roll and takes the Rift's Dmg 5; the Rift, 1 Resonance from the roll, gains 1 more."""
    ok(RIFT_MATCH % ("", "    dice 1, 1\n    expect White essence 7\n    expect Rift resonance 2\n    stop\n"))


# ---------------------------------------------------------------- the card language and the site
def check(tmp_path: Path, line: str) -> str:
    (tmp_path / "rift.spell").write_text(RIFT % line, encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert not result.ok
    return result.diagnostics.render()


@pytest.mark.rule("Discord Event")
def test_a_discord_event_step_naming_nobody_is_a_located_error(tmp_path: Path) -> None:
    """A Discord Event is suffered, not cast: no bearer, caster or spell Target there, only the Magi who
    suffers it (`impacted`) and the Encounter (`controller`)."""
    text = check(tmp_path, "    discord event: deal Dmg 5 to bearer; may discard this")
    assert "rift.spell:9:20: error[E018]: 'bearer' names nobody in a Discord Event" in text
    assert "rift.spell:9:46: error[E018]: 'this' names nobody in a Discord Event" in text
    assert "note: in a Discord Event, `impacted` is the Magi who suffers it and `controller` the Encounter" in text


@pytest.mark.rule("Discord Event")
def test_a_bad_discord_event_line_is_a_located_error(tmp_path: Path) -> None:
    """An unknown target word, a cast for free (an Encounter acts from its charts), a step only a spell can
    take and a second line are each reported where they are written."""
    text = check(tmp_path, "    discord event: deal Dmg 5 to impactd\n"
                           "    discord event: cast Soul Attack spell for free")
    assert "rift.spell:9:34: error[E018]: unknown target 'impactd'" in text
    assert "help: did you mean 'impacted'?" in text
    assert "rift.spell:10:5: error[E901]: `discord event` is given twice" in text
    text = check(tmp_path, "    discord event: cast Soul Attack spell for free")
    assert "rift.spell:9:20: error[E018]: an Encounter casts only from its action charts" in text
    text = check(tmp_path, "    discord event: add 1 Karma charge to impacted")
    assert "rift.spell:9:20: error[E018]: charges go on a spell, not on 'impacted'" in text


@pytest.mark.rule("Discord Event")
def test_the_encounter_page_shows_its_discord_event(tmp_path: Path) -> None:
    """The site prints the changed effect on the Encounter's page and links the Glossary's Discord Event."""
    (tmp_path / "rift.spell").write_text(RIFT % "    discord event: deal Dmg 5 to impacted; gain 1 Resonance",
                                         encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    rift = next(s for s in spells(result) if s.title == "Hungering Rift")
    assert render_text.rules_lines(rift)[-1] == (
        "Discord Event — changed for the Magi facing it (the impacted Magi), still unblockable, in place of the "
        "loss of 3 Essence: deal Dmg 5 to the impacted Magi. Gain 1 Resonance.")
    page = emit_site(spells(result), registry.load(), ())["spells/hungering-rift.md"]
    assert "Discord Event — changed for the Magi facing it" in page
    assert "[Discord Event](../glossary/discord-event.md)" in page and "[Dmg](../glossary/dmg.md)" in page
