"""Taking control (seed 004): the rules-text step `gain control of TARGET`, one test per rule, named after it
and quoting the Handbook. The small cards they use are in tests/fixtures/cards/control_transfer_examples.spell.

"Controller: The Magi that has current authority over a card. Only the controller has the ability to
voluntarily Dismiss a card and is responsible for paying any sustain costs. The spell's caster is its default
controller, although control can be shifted by various effects."
"""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue import render_text
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue import actions, invariants, maintenance
from spellc.engine.rulesets.serpents_tongue.state import Being, Place, Zone
from tests.conftest import EXAMPLES, Table


def sound(t: Table) -> None:
    assert invariants.broken(t.game, settled=True) == []


def usurp(t: Table, spell: str) -> None:
    """White casts Usurp at Black, White's only opponent (a Target the rules choose by themselves), and takes
    ``spell`` (a label of the step target's choice), the one target left to answer."""
    t.in_play(t.white, "Usurp", spell)


def act(t: Table, b: Being, label: str) -> None:
    options = actions.options(t.game, b)
    choice = next((c for c in options if c.label == label), None)
    assert choice is not None, f"{label!r} is not among {[c.label for c in options]}"
    t.run(actions.perform(t.game, b, choice.value))


def summon(t: Table, b: Being, title: str) -> Being:
    t.in_play(b, title, b.name)
    return t.game.being(title)


# ---------------------------------------------------------------- spells
@pytest.mark.rule("Controller")
def test_control_can_be_shifted_by_an_effect(t: Table) -> None:
    """"The spell's caster is its default controller, although control can be shifted by various effects":
    the effect's controller becomes the spell's; its bearer and its caster stay."""
    lantern = t.in_play(t.black, "Tithe Lantern", "Black")
    assert lantern.controller is t.black
    t.in_play(t.white, "Held Flame", "White")  # another spell in play: the step target is chosen
    usurp(t, '"Tithe Lantern" of Black')
    assert (lantern.controller, lantern.bearer, lantern.caster) == (t.white, t.black, t.black)
    assert lantern in t.black.zones[Zone.ENHANCEMENT]
    assert "White gains control of Tithe Lantern from Black" in t.game.log[-1]
    sound(t)


@pytest.mark.rule("Controller", "Sustain")
def test_the_new_controller_pays_the_sustain_costs(t: Table) -> None:
    """The controller "is responsible for paying any sustain costs": once taken, the spell's `! Pay 1
    Resonance to sustain` is asked of, and paid by, its new controller."""
    lantern = t.in_play(t.black, "Tithe Lantern", "Black")
    usurp(t, '"Tithe Lantern" of Black')
    t.white.resonance = t.black.resonance = 1
    t.run(maintenance.maintenance_phase(t.game))
    asked = [d.being for d in t.asked if d.kind == "sustain"]
    assert asked == ["White"] and (t.white.resonance, t.black.resonance) == (0, 1)
    assert lantern.place is Place.IN_PLAY


@pytest.mark.rule("Controller", "Sustain")
def test_a_spell_its_new_controller_will_not_sustain_is_discarded_to_its_owner(t: Table) -> None:
    """Not paying the sustain cost discards the spell; it goes where its caster's cards go ("If a spell is
    returned to a Codex, that is always the Codex of its caster")."""
    lantern = t.in_play(t.black, "Tithe Lantern", "Black")
    usurp(t, '"Tithe Lantern" of Black')
    t.black.resonance = 5  # Black could pay, but the spell is no longer Black's to sustain
    t.run(maintenance.maintenance_phase(t.game))
    assert lantern in t.black.discard and t.black.resonance == 5


@pytest.mark.rule("Controller", "Dismiss")
def test_only_the_new_controller_may_dismiss_the_spell(t: Table) -> None:
    """"Only the controller has the ability to voluntarily Dismiss a card": the spell stays on Black, but White
    may dismiss it and Black may not."""
    lantern = t.in_play(t.black, "Tithe Lantern", "Black")
    usurp(t, '"Tithe Lantern" of Black')
    assert 'dismiss "Tithe Lantern"' not in t.action_options(t.black)
    assert actions.why_not(t.game, t.black, 'dismiss "Tithe Lantern"') == \
        "Dismiss: Black controls no Tithe Lantern in play"
    act(t, t.white, 'dismiss "Tithe Lantern"')
    assert lantern in t.black.discard
    sound(t)


@pytest.mark.rule("Controller", "Focus", "Duration F or Focus Duration")
def test_a_duration_f_spell_keeps_the_focus_that_holds_it(t: Table) -> None:
    """"To keep it going, someone's Focus Gem must be on it at all times": control moves, the Focus does not
    (only Swap Focus moves both), so Black's Focus still holds the Flame White now controls."""
    flame = t.in_play(t.black, "Held Flame", "Black")
    usurp(t, '"Held Flame" of Black')
    assert (flame.controller, flame.focus) == (t.white, t.black)
    sound(t)


@pytest.mark.rule("Unique to Caster", "Controller")
def test_gaining_control_of_a_duplicate_spell_discards_the_original(t: Table) -> None:
    """"A spell restriction that allows only one spell with that title to be controlled by a single Magi. If
    the caster activates a second spell of the same title then the original is immediately discarded.
    Likewise, if the caster gains control of a duplicate spell, the original is discarded.\""""
    original = t.in_play(t.white, "Oathbound Crest", "White")
    theirs = t.in_play(t.black, "Oathbound Crest", "Black")
    usurp(t, '"Oathbound Crest" of Black')
    assert original in t.white.discard
    assert theirs.place is Place.IN_PLAY and theirs.controller is t.white and theirs.bearer is t.black
    sound(t)


@pytest.mark.rule("Controller")
def test_a_spell_already_controlled_is_not_taken_again(t: Table) -> None:
    """Gaining control of one's own spell changes nothing: the step did not happen (an "if you did" after it
    is skipped)."""
    mine = t.in_play(t.white, "Tithe Lantern", "White")
    usurp(t, '"Tithe Lantern" of White')
    assert mine.controller is t.white and not any("gains control" in line for line in t.game.log)


# ---------------------------------------------------------------- Koishaka
@pytest.mark.rule("Ally Spell", "Koishaka", "Controller")
def test_taking_control_of_a_second_ally_discards_the_first(t: Table) -> None:
    """"By default a Magi may only have one active Ally at a time. Activating or taking control of a second Ally
    will immediately discard the first"; "Gaining control of a second Ally discards the first"."""
    hound = summon(t, t.white, "Marsh Hound")
    wisp = summon(t, t.black, "Thrall Wisp")
    t.choices.append("Thrall Wisp")
    t.in_play(t.white, "Beast Bond", "Black")
    asked = next(d for d in t.asked if d.prompt == "Beast Bond: target Koishaka?")
    assert [c.label for c in asked.options] == ["Marsh Hound", "Thrall Wisp"]  # a Koishaka, not a Magi
    assert hound not in t.game.beings and hound.body is None
    assert sorted(c.title for c in t.white.discard) == ["Beast Bond", "Marsh Hound"]  # Beast Bond: no Duration
    assert wisp.body is not None and wisp.body.controller is t.white and wisp.body.caster is t.black
    sound(t)


@pytest.mark.rule("Koishaka", "Team Zone", "Controller")
def test_a_taken_koishaka_joins_its_new_controllers_team(t: Table) -> None:
    """"The caster of a Koishaka has full command of its actions", and the Team zone holds "all Magi on one team,
    including ... any Koishaka which they may control": the taken Koishaka fights at White's side, and White
    makes its choices."""
    wisp = summon(t, t.black, "Thrall Wisp")
    t.in_play(t.white, "Beast Bond", "Black")  # the only Koishaka: chosen by the rules themselves
    assert wisp.team == "White" and wisp in t.game.allies(t.white) and wisp not in t.game.opponents(t.white)
    turn = t.first_decision(actions.take_turn(t.game, wisp))
    assert turn.being == "White" and turn.prompt == "Thrall Wisp's turn"
    sound(t)


@pytest.mark.rule("Ally Spell", "Koishaka", "Controller")
def test_taking_an_ally_spell_takes_its_koishaka(t: Table) -> None:
    """A Koishaka's controller is its Ally spell's ("The Magi who summons a Koishaka is its controller"):
    taking the spell takes the Koishaka, with all that comes with it."""
    hound = summon(t, t.white, "Marsh Hound")
    wisp = summon(t, t.black, "Thrall Wisp")
    t.choices.append('"Thrall Wisp" of Thrall Wisp')
    t.in_play(t.white, "Leash Rite", "Black")
    assert hound not in t.game.beings and wisp.team == "White"
    sound(t)


@pytest.mark.rule("Koishaka", "Controller")
def test_a_koishakas_effect_takes_control_for_the_magi_who_commands_it(t: Table) -> None:
    """"The Magi who summons a Koishaka is its controller": only a Magi controls a Koishaka, so a Koishaka's
    Enthrall takes one for its controller — whose first Ally, the Wisp itself, is then discarded."""
    wisp = summon(t, t.white, "Thrall Wisp")
    hound = summon(t, t.black, "Marsh Hound")
    t.choices.append("Marsh Hound")
    t.use(wisp, "Thrall Wisp", "Enthrall", "Black")
    assert hound.body is not None and hound.body.controller is t.white and hound.team == "White"
    assert wisp not in t.game.beings
    sound(t)


# ---------------------------------------------------------------- the checker and the site
def _compile(tmp_path: Path, steps: str) -> list[tuple[int, int, str]]:
    (tmp_path / "probe.spell").write_text(
        'spell "Probe" {\n    sphere Soul\n    role Attack\n    fluency 1\n    resonance 0\n    aspects | |\n'
        f"    rules {{\n        on impact: {steps}\n    }}\n}}\n", encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    return [(d.span.line, d.span.column, f"{d.code}: {d.message}") for d in result.diagnostics.sorted()]


@pytest.mark.rule("Controller")
@pytest.mark.parametrize(("target", "why"), [
    ("target opponent", "'target opponent' is a Magi, and a Magi has no controller"),
    ("target Magi", "'target Magi' is a Magi, and a Magi has no controller"),
    ("caster", "'caster' is a Magi, and a Magi has no controller"),
    ("this", "its controller already controls this spell"),
    ("target", "the spell's own Target is a Magi for most spells; the step needs a target of its own"),
])
def test_a_magi_cannot_be_controlled(tmp_path: Path, target: str, why: str) -> None:
    """A controller is "The Magi that has current authority over a card": only a card (a spell, or the Ally
    spell of a Koishaka) has one. The checker refuses the rest where they are written."""
    assert _compile(tmp_path, f"gain control of {target}") == [
        (8, 36, f"E018: cannot gain control of '{target}': {why}")]


def test_gaining_control_reads_as_card_text() -> None:
    result = compile_files([EXAMPLES / "control_transfer_examples.spell"])
    assert result.ok, result.diagnostics.render()
    lines = {s.title: render_text.rules_lines(s) for s in spells(result)}
    assert lines["Usurp"] == ["On impact: gain control of target spell."]
    assert lines["Beast Bond"] == ["On impact: gain control of target Koishaka."]
    assert lines["Leash Rite"] == ["On impact: gain control of target Ally spell."]
