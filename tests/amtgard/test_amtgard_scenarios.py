"""Amtgard's scenarios (cards_src/amtgard/scenarios/*.scenario), one test per file, named after it and quoting the
seed: each parses its timeline, replays it against the compiled abilities, and asserts that it played without an
error and that at least one of its expectations (or refusals) held."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from replaying import replayed, scenarios

from spellc.compiler.amtgard.scenario import parse_scenario
from spellc.compiler.build import library
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import shipped
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.amtgard import events, setup
from spellc.engine.rulesets.amtgard import scenario as sc
from spellc.engine.rulesets.amtgard.scenario import Replay, replay
from tests.commands import new_project, spellc_apart

SCENARIOS = scenarios("amtgard")


def play(name: str) -> Replay:
    r: Replay = replayed("amtgard", name)
    return r


def held(name: str) -> None:
    r = play(name)
    assert r.checked >= 1, f"{name}: no expectation was checked"


def failed(name: str) -> list[str]:
    """The rules, as the log names them, by which the scenario's completions failed and were used up all the
    same."""
    r = play(name)
    assert r.error is None and r.checked >= 1, (name, r.error)
    said = " fails, and is used up all the same: "
    return [line.split(said, 1)[1].split(":", 1)[0] for line in r.game.field.log if said in line]


def test_every_scenario_has_its_test() -> None:
    names = {p.stem for p in SCENARIOS.glob("*.scenario")}
    tests = {n.removeprefix("test_") for n in globals() if n.startswith("test_")}
    assert names <= tests, f"scenarios without a test: {sorted(names - tests)}"


def test_a_comment_that_ends_a_timeline_line_is_not_its_words() -> None:
    """A `// comment` may end any line: an event's words, and the rule a refusal names, stop before it (an event
    once took the comment in, and its refusal's rule with it)."""
    text = ('match "Comments" {\n    player Ana team Red abilities "Release"\n    player Bo team Blue\n}\n\n'
            'timeline {\n    - Ana completes Release on Bo  // said aloud\n'
            '    refused - Ana completes Release on Bo by "Uses"// none left\n}\n')
    diags = Diagnostics()
    scenario = parse_scenario(SourceFile("comments.scenario", text), diags)
    assert scenario is not None, diags.render()
    event, refused = scenario.lines
    assert (event.labels[0], refused.label, refused.rule) == ("Ana completes Release on Bo",) * 2 + ("Uses",)


def parsed(timeline: str) -> tuple[sc.Scenario | None, Diagnostics]:
    text = ('match "Words" {\n    player Ana team Red abilities "Hold Person"\n    player Bo team Blue\n}\n\n'
            f"timeline {{\n{timeline}}}\n")
    diags = Diagnostics()
    return parse_scenario(SourceFile("words.scenario", text), diags), diags


@pytest.mark.parametrize("line", ["- Bo's elbow!!!", "refused - Bo's elbow!!!", 'refused - Bo\'s elbow!!! by "Death"',
                                  "refused - Ana hits Bo's elbow with a weapon"])
def test_an_event_line_names_an_event_whether_it_happens_or_is_refused(line: str) -> None:
    """A `refused` line names an event in the same form as any other event line, read the same way: words no
    event's form reads are an error where they are written, not a refusal that holds."""
    scenario, diags = parsed(f"    {line}\n")
    assert scenario is None
    (error,) = diags.items
    assert error.code == "E735" and error.span.line == 7 and error.span.column == line.index("- ") + 7
    assert any("NAME completes ABILITY [on NAME]" in note for note in error.notes)


def test_an_event_line_names_declared_players() -> None:
    """The players an event names, happening or refused, are the timeline's: a located error with a suggestion."""
    scenario, diags = parsed('    refused - Anna dies by "Death"\n    - Ana completes Hold Person on Boo\n')
    assert scenario is None
    assert [(d.code, d.span.line, d.span.column, d.notes) for d in diags.items] == [
        ("E733", 7, 15, ("help: did you mean 'Ana'?",)), ("E733", 8, 36, ("help: did you mean 'Bo'?",))]


def test_a_refused_line_names_an_ability_of_the_cards() -> None:
    """A refusal of an ability no card has is an error where it is written (it would hold, saying nothing), as
    the same event line is."""
    for line in ("refused - Ana completes Hold Persn on Bo", "- Ana completes Hold Persn on Bo"):
        scenario, diags = parsed(f"    {line}\n")
        assert scenario is not None, diags.render()
        result = replay(scenario, library(shipped("amtgard")))
        assert result.error is not None and result.error.where.line == 7, line
        assert result.error.message == "Ana completes Hold Persn on Bo is no event of this timeline: no ability is " \
            "titled 'Hold Persn'"
        assert result.error.unknown is not None and result.error.unknown[0] == "Hold Persn"
        assert "Hold Person" in result.error.unknown[1]  # the nearest, which spellc play suggests


def test_a_misspelt_ability_in_a_timeline_is_pointed_at_with_the_one_meant(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: "a misspelled title in a scenario gets no suggestion": an ability a timeline's event names, unquoted,
    is underlined where it is written, with the nearest title."""
    project = new_project(tmp_path / "amtgard", "amtgard", capsys)
    scenario = project / "scenarios" / "sample.scenario"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("completes Stoneskin", "completes Stonskin"),
                        encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 1
    assert "sample.scenario:8:21: error[E300]: Ana completes Stonskin on Ana is no event of this timeline" in err
    assert "\n     |                     ^^^^^^^^\n" in err and "help: did you mean 'Stoneskin'?" in err


def test_time_passing_is_read_without_its_leading_zeros() -> None:
    """`0005 s pass` is `5 s pass`: a number's leading zeros are no part of it."""
    scenario, diags = parsed("    - 0005 s pass\n")
    assert scenario is not None and scenario.lines[0].labels == ("5 s pass",), diags.render()
    assert replay(scenario, library(shipped("amtgard"))).game.field.clock.now == 5


def test_every_event_a_timeline_lists_is_read_back_as_itself() -> None:
    """The words of every choice a random timeline offers are read back (events.read) into the event they name:
    a scenario line and a choice's label are the same words."""
    match = setup.timeline(library(shipped("amtgard")), seed=7)
    rng = random.Random(7)
    for _ in range(60):
        decision = match.decision
        if decision is None:
            break
        for choice in decision.options:
            event = events.read(choice.label)
            assert event is not None and event.verb == choice.value[0], choice.label
            assert (event.who, event.seconds) == ((choice.value[1], None) if event.verb != "pass"
                                                  else ("", choice.value[1])), choice.label
            assert match.game.unknown(event) is None, choice.label
        match.apply(rng.choice(decision.options).label)


# ---- the seed's examples


@pytest.mark.rule("Ability Order")
def test_phoenix_tears_and_troll_blood() -> None:
    """"A player bearing Phoenix Tears and Troll Blood dies. Both enchantments trigger and lose a strip, player is
    Frozen for 30s, ignores the killing effect, and when Frozen is removed all wounds are removed"."""
    held("phoenix_tears_and_troll_blood.scenario")


@pytest.mark.rule("Ability Order", "Insubstantial")
def test_ancestral_armor_and_gift_of_air() -> None:
    """"A player bearing Ancestral Armor and Gift of Air is hit by a normal melee weapon in an armored location.
    That hit location loses 1 point of armor, and the player is Insubstantial"."""
    held("ancestral_armor_and_gift_of_air.scenario")


@pytest.mark.rule("Inherent States", "Inactive enchantments", "Return to life")
def test_heart_of_the_swarm_stopped_then_death() -> None:
    """"A player bearing Heart of the Swarm is Stopped. When they die the Enchantment becomes inactive and the
    player is no longer Stopped ... If the player is returned to life in a manner that preserves their
    Enchantments then they will again become Stopped"."""
    held("heart_of_the_swarm_stopped_then_death.scenario")


@pytest.mark.rule("Inherent States", "Frozen")
def test_phoenix_tears_killed_twice() -> None:
    """"Another player could remove this Frozen with Release. If the player is "killed" again, Phoenix Tears will
    make them alive and Frozen, and then remove itself. Removal of the Enchantment does not remove Frozen"."""
    held("phoenix_tears_killed_twice.scenario")


@pytest.mark.rule("Cursed", "Inherent States")
def test_vampirism_and_sever_spirit() -> None:
    """"A player bearing Vampirism dies. Their enchantment becomes inactive, but the Cursed State remains. If the
    enchantment were removed with Sever Spirit, Vampirism would be removed, but the Player would remain Cursed"."""
    held("vampirism_and_sever_spirit.scenario")


@pytest.mark.rule("Magic Armor")
def test_stoneskin_and_barkskin() -> None:
    """"Since Stoneskin is the highest value the Magic Armor from Barkskin is ignored. If Stoneskin is removed the
    player will have a new Magic Armor maximum of 1 point"."""
    held("stoneskin_and_barkskin.scenario")


@pytest.mark.rule("Immune")
def test_immune_to_sorcery_and_release() -> None:
    """"A player who is Immune to Sorcery cannot be Released from Frozen, as they cannot be affected by Release, a
    Sorcery School ability"."""
    held("immune_to_sorcery_and_release.scenario")


@pytest.mark.rule("Immune", "Armor Destroying")
def test_immunity_to_flame_and_fireball() -> None:
    """"A player with Immunity to Flame can still have their armor destroyed by a Fireball"."""
    held("immunity_to_flame_and_fireball.scenario")


@pytest.mark.rule("Immune", "Stopped")
def test_hold_person_then_song_of_determination() -> None:
    """"If a player who is Stopped by Hold Person casts Song of Determination on themselves, that player remains
    Stopped"."""
    held("hold_person_then_song_of_determination.scenario")


@pytest.mark.rule("Definite number of uses", "Wounds Kill")
def test_poison_against_immune_to_death() -> None:
    """"Discharging Poison against a target Immune to the Death School still expends that use of Poison"."""
    held("poison_against_immune_to_death.scenario")


@pytest.mark.rule("Magic Balls", "Subdual")
def test_iceball_against_an_uncarried_shield() -> None:
    """"Magic Balls of the Subdual School have no effect on equipment that is not being carried. Example: You may
    not Iceball a player's shield if it is not being wielded or carried by them"."""
    held("iceball_against_an_uncarried_shield.scenario")


@pytest.mark.rule("Garb strikes")
def test_cloak_and_lightning_bolt() -> None:
    """"Garb strikes count as hitting the player if the Magic Ball would have continued on to hit the player.
    Example: You may not block Lightning Bolts with your cloak"."""
    held("cloak_and_lightning_bolt.scenario")


@pytest.mark.rule("Meta-Magic", "Moving feet")
def test_extension_with_ambulant() -> None:
    """"A player may cast an ability using Extension and Ambulant, however Extension must be stated without moving
    the feet as it is unaffected by Ambulant"."""
    held("extension_with_ambulant.scenario")


# ---- one per rule


@pytest.mark.rule("One magical enchantment", "Extraordinary (ex)")
def test_second_magical_enchantment() -> None:
    """"Players may only carry one magical enchantment at a time. A player may not have more than one (ex)
    enchantment of the same name"."""
    assert failed("second_magical_enchantment.scenario") == ["Enchantments", "Enchantments"]


@pytest.mark.rule("Enchantments", "Extraordinary (ex)")
def test_essence_graft() -> None:
    """"An Enchantment can always be cast onto a player, regardless of any Immunity, other Enchantment, or other
    effect that normally prevents a player from being affected by an ability, except for restriction that affect
    Enchantments specifically, such as Essence Graft"."""
    assert failed("essence_graft.scenario") == ["Enchantments", "Enchantments"]


@pytest.mark.rule("One magical enchantment", "Extraordinary (ex)")
def test_attuned() -> None:
    """"Ability Enchantments denoted as Extraordinary (ex) in the class description do not count towards
    enchantment limits or count for the purposes of Attuned, Essence Graft, or similar abilities"."""
    assert failed("attuned.scenario") == ["Enchantments", "Enchantments"]


@pytest.mark.rule("Enchantments")
def test_enchantment_on_an_unwilling_player() -> None:
    """"Enchantments may only be cast on willing players"; "An Enchantment can always be cast onto a player,
    regardless of any Immunity"; "Completing an incantation results in an ability being used up, regardless of if
    the target was valid or affected"."""
    assert failed("enchantment_on_an_unwilling_player.scenario") == ["Enchantments"]


@pytest.mark.rule("Touch range")
def test_touch_on_an_able_unwilling_target() -> None:
    """"Abilities that are cast at Touch range may only be used provided at least one of the following is true: The
    target is willing; The target is Dead; The target is Stunned; The target is Frozen; The target is Insubstantial
    and unable to move from their current location"; "Completing an incantation results in an ability being used
    up, regardless of if the target was valid or affected"."""
    assert failed("touch_on_an_able_unwilling_target.scenario") == ["Touch", "Touch"]


@pytest.mark.rule("Suppressed", "Ability")
def test_suppressed_player_incanting() -> None:
    """"Player is unable to cast abilities or use the Charge incantation. Has no effect on abilities already cast,
    Chants already in progress, or Enchantments activating such as Phoenix Tears"; "An improperly cast ability, or
    ability which could not be activated, fails. For example, abilities cast while Suppressed"."""
    assert failed("suppressed_player_incanting.scenario") == ["Suppressed"] * 3


@pytest.mark.rule("Magic Armor on worn armor")
def test_magic_armor_on_worn_armor() -> None:
    """"Enchantments which grant Magic Armor fail when targeting a player with worn armor. ... (If you are only
    wearing armor that was rated initially as zero points it may be worn with Magic Armor.)"; "Completing an
    incantation results in an ability being used up, regardless of if the target was valid or affected"."""
    assert failed("magic_armor_on_worn_armor.scenario") == ["Magic Armor"]


@pytest.mark.rule("Meta-Magic", "Granted uses")
def test_meta_magic_on_an_enchantment_granted_ability() -> None:
    """Meta-Magic "may not be used to modify the behavior of Magic Items or abilities granted by Enchantments such
    as Heat Weapon from Gift of Flame"."""
    held("meta_magic_on_an_enchantment_granted_ability.scenario")


@pytest.mark.rule("Interrupted incantation", "Moving feet")
def test_interrupted_incantation() -> None:
    """"An interrupted incantation does not result in an ability being consumed. Interrupted incantations must be
    restarted from the beginning"."""
    held("interrupted_incantation.scenario")


@pytest.mark.rule("Range", "Visible target")
def test_completed_out_of_range() -> None:
    """"If the incantation is completed and the target is not in range, the ability has no effect but is still
    expended"."""
    held("completed_out_of_range.scenario")


@pytest.mark.rule("Magic Balls", "Starting an incantation")
def test_magic_ball_made_inactive() -> None:
    """"A Magic Ball will become inactive if the caster begins an incantation or the Magic Ball stops being held in
    hand and has not been thrown"."""
    held("magic_ball_made_inactive.scenario")


@pytest.mark.rule("Armor Breaking")
def test_armor_breaking() -> None:
    """"A hit to armor ... with the Armor Breaking Special Effect will immediately remove all Armor Points from the
    location struck if ... it currently has three or less Armor Points. Otherwise, the armor is affected as per a
    normal hit"."""
    held("armor_breaking.scenario")


@pytest.mark.rule("Armor Destroying")
def test_armor_destroying() -> None:
    """"A hit to armor with weapons, or abilities with the Armor Destroying Special Effect reduces the Armor Points
    to zero in that location"."""
    held("armor_destroying.scenario")


@pytest.mark.rule("Shield Crushing")
def test_shield_crushing() -> None:
    """"Three hits to a shield from a weapon, Magic Ball, etc. with the Shield Crushing Special Effect destroys the
    shield. Hits do not all have to be from the same source"."""
    held("shield_crushing.scenario")


@pytest.mark.rule("Shield Destroying")
def test_shield_destroying() -> None:
    """"A hit to a shield from a weapon, Magic ball, etc. with the Shield Destroying Special Effect destroys the
    shield"."""
    held("shield_destroying.scenario")


@pytest.mark.rule("Weapon Destroying")
def test_weapon_destroying() -> None:
    """"A weapon hit by an effect with the Weapon Destroying Special Effect is destroyed"."""
    held("weapon_destroying.scenario")


@pytest.mark.rule("Wounds Kill")
def test_wounds_kill() -> None:
    """"Players wounded by objects with the Wounds Kill Special Effect are killed"."""
    held("wounds_kill.scenario")


@pytest.mark.rule("Fragile")
def test_fragile() -> None:
    """"Player dies on the next wound"."""
    held("fragile.scenario")


@pytest.mark.rule("Respawn")
def test_respawn_and_persistent() -> None:
    """"[Respawn]]ing removes any Enchantments from a player unless the Enchantments are Persistent" (no card is
    Persistent: only the removal is shown)."""
    held("respawn_and_persistent.scenario")


@pytest.mark.rule("Voluntary death")
def test_voluntary_death() -> None:
    """"If a player voluntarily takes a death, all Enchantments carried are removed"."""
    held("voluntary_death.scenario")


@pytest.mark.rule("Cursed")
def test_cursed_survives_death() -> None:
    """"Cursed persists after death but is removed on respawn"."""
    held("cursed_survives_death.scenario")


@pytest.mark.rule("States Defined")
def test_state_durations_keep_the_longer() -> None:
    """"If a player would gain a State they are already affected by, the State's duration will simply be adjusted
    to the new duration if it is longer than the current duration"."""
    held("state_durations_keep_the_longer.scenario")


@pytest.mark.rule("Charge")
def test_charge() -> None:
    """"An ability labeled 'Charge x3' requires three full repetitions of the Charge Incantation in order to regain
    a use"."""
    held("charge.scenario")


@pytest.mark.rule("Ongoing Effects")
def test_ongoing_effects() -> None:
    """"Ongoing Effects may have a duration, after which it expires. If a player would gain an Ongoing Effect they
    are already affected by, the Ongoing Effect's duration will simply be adjusted to the new duration if it is
    longer ... Unless otherwise noted, Ongoing Effects cannot apply when a player dies"."""
    r = play("ongoing_effects.scenario")
    assert r.checked == 8


@pytest.mark.rule("Ongoing Effects", "Chant")
def test_elemental_barrage() -> None:
    """Ongoing Effects last "for an indefinite duration (Examples: Elemental Barrage, and Shove)"; "An Ongoing Effect
    without a duration continues until it is removed by some outside force or until a condition is met"; "Failure to
    Chant ends the effect"."""
    r = play("elemental_barrage.scenario")
    assert r.checked == 13


@pytest.mark.rule("Ongoing Effects", "Granted uses")
def test_heat_weapon() -> None:
    """Ongoing Effects "for some specified duration (Examples: Terror, Heat Weapon, and Shake it Off)"; "I call upon
    flame to heat that sword"; "abilities granted by Enchantments such as Heat Weapon from Gift of Flame". Chosen:
    its target may not wield the heated weapon for 30 s, granted or not."""
    r = play("heat_weapon.scenario")
    assert r.checked == 9


@pytest.mark.rule("Special Effects Defined", "Armor Destroying", "Shield Destroying", "Armor Breaking", "Wounds Kill")
def test_destruction_arrow() -> None:
    """"A Destruction Arrow is both Armor Destroying and Shield Destroying, but there is no situation in which both
    of those matter simultaneously. Likewise a sword may be both Armor Breaking and Wounds Kill, but players are
    not affected by Armor Breaking and armor is not affected by Wounds Kill"."""
    r = play("destruction_arrow.scenario")
    assert r.checked == 7


@pytest.mark.rule("Chant", "Starting an incantation")
def test_chant() -> None:
    """"Failure to Chant ends the effect ... Only one Chant can be maintained at a time"; "Starting an incantation
    ... interrupts any other Incantation or Chant"."""
    r = play("chant.scenario")
    assert r.checked == 11


@pytest.mark.rule("Granted uses", "Meta-Magic", "Magic Balls")
def test_granted_and_own_copies() -> None:
    """Abilities granted by an enchantment keep "their own uses", apart from the player's own copy; "Meta-Magic may
    not be used to modify the behavior of ... abilities granted by Enchantments"; "Starting an incantation renders
    the player's active Magic Balls inactive"."""
    r = play("granted_and_own_copies.scenario")
    assert r.checked == 8


@pytest.mark.rule("Immune")
def test_pyrotechnics_and_immunity_to_flame() -> None:
    """"A player with Immunity to Flame can still be the target of Pyrotechnics which would still destroy their
    equipment (as Immunities do not extend to equipment unless noted)"."""
    r = play("pyrotechnics_and_immunity_to_flame.scenario")
    assert r.checked == 4


@pytest.mark.rule("Projectile protection", "Magic Balls", "Specialty Arrows", "Shield Destroying")
def test_protection_from_projectiles() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities":
    arrows, a thrown weapon and a Destruction Arrow leave its bearer unaffected (its armor and shield take the hit),
    an Iceball freezes it, and Dispel Magic removes it."""
    r = play("protection_from_projectiles.scenario")
    assert r.checked == 15


@pytest.mark.rule("Projectile protection", "Chant", "Ability Order", "Resistant")
def test_song_of_deflection() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities";
    "Failure to Chant ends the effect"; "Effects on a player trigger in this order: Traits, Immunities, Resistances,
    Other Enchantments"."""
    r = play("song_of_deflection.scenario")
    assert r.checked == 14


@pytest.mark.rule("Returning to the physical world", "Insubstantial")
def test_returning_to_the_physical_world() -> None:
    """Insubstantial players "May remove this State from themselves ... provided they are the cause of the State and
    the State was not imparted by an Enchantment. Otherwise, they must end the State as per the description of the
    responsible ability": Gift of Air's bearer may not; Dimensional Rift ends it."""
    r = play("returning_to_the_physical_world.scenario")
    assert r.checked == 6


@pytest.mark.rule("Charge", "Kill Trigger")
def test_innate_and_steal_life_essence() -> None:
    """"Only abilities which may be Charged can benefit from Innate, Steal Life Essence, etc.": Innate regains no use
    of a spent Fireball; after a killing blow, Steal Life Essence regains one of Lightning Bolt (Charge x3)."""
    r = play("innate_and_steal_life_essence.scenario")
    assert r.checked == 8
