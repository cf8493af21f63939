"""Rules text with the effect-step grammar of seed 003, played by the engine.

One test per rule of seed 003 (Altered's rules on effects, steps and targets), named after it and using
its examples translated into Serpent's Tongue cards (tests/fixtures/cards/effect_step_examples.spell).
The seed's rules are not Glossary terms: the tests cite the Glossary's "Effect" (one spell placement or
resolution, however many sentences describe it) and "Target" (declared when the spell is cast).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.serpents_tongue import frontend, render_text
from spellc.engine.core.decisions import Choice, Decision, Flow
from spellc.engine.rulesets.serpents_tongue import casting, rules_text
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Place
from spellc.engine.rulesets.serpents_tongue.wording import Target, target_text
from tests.conftest import Table, compile_cards

GRAMMAR = Path(__file__).parents[1] / "grammar" / "serpents_tongue.lark"

Seen = list[tuple[str, str, dict[str, Any]]]


def watch(t: Table) -> Seen:
    """Every decision the table answers, with the state of the game at that moment."""
    seen: Seen = []
    answer = t.answer

    def spy(d: Decision) -> Choice:
        seen.append((d.kind, d.prompt, {"white resonance": t.white.resonance, "black essence": t.black.essence,
                                        "black harmony": t.black.harmony}))
        return answer(d)

    t.answer = spy  # type: ignore[method-assign]
    return seen


def kinds(seen: Seen) -> list[str]:
    return [kind for kind, _, _ in seen]


@pytest.mark.rule("Effect")
def test_choose_one_is_chosen_at_declaration_before_the_target(t: Table) -> None:
    """Seed 003: "choose one" modes are chosen when the spell is declared, then its targets."""
    t.choices.append("Deal Harmony Dmg 3 to target opponent.")
    card = t.cast(t.white, "Fork", "Black")
    kinds = [d.kind for d in t.asked]
    assert "mode" in kinds and card.spec.modes
    assert (t.black.essence, t.black.harmony) == (12, -3)


# ---------------------------------------------------------------- 1.2.6.b steps
@pytest.mark.rule("Effect")
def test_steps_resolve_one_after_another_in_the_order_written(t: Table) -> None:
    """1.2.6.b "Effects may have several steps. There is usually one step for each verb": Threefold
    Strike's Dmg, gain and Harmony Dmg happen in that order, all within its one effect."""
    t.cast(t.white, "Threefold Strike", "Black")
    dmg = [line for line in t.game.log if "Dmg from Threefold Strike" in line]
    assert [line.split(": ", 1)[1] for line in dmg] == [
        "Black takes 1 Essence Dmg from Threefold Strike", "Black takes 1 Harmony Dmg from Threefold Strike"]
    assert (t.black.essence, t.black.harmony, t.white.resonance) == (11, -1, 1)


# ---------------------------------------------------------------- 6.5.b optional steps
@pytest.mark.rule("Effect")
def test_an_optional_step_is_chosen_by_the_controller_just_before_it(t: Table) -> None:
    """6.5.b "The controller of the effect chooses whether to do [step] or not just before that step would
    happen": White is asked after Measured Blow's first step has dealt its Dmg."""
    seen = watch(t)
    t.choices.append("yes")
    t.cast(t.white, "Measured Blow", "Black")
    (asked,) = [(d.being, state) for d, (_, _, state) in zip(t.asked, seen, strict=True) if d.kind == "optional"]
    being, state = asked
    assert being == "White"
    assert state["black essence"] == 11 and state["black harmony"] == 0  # step 1 done, step 2 not yet
    assert (t.black.essence, t.black.harmony, t.white.resonance) == (11, -2, 1)


@pytest.mark.rule("Effect")
def test_a_declined_optional_step_is_ignored_and_the_effect_goes_on(t: Table) -> None:
    """6.5.b "If they choose not to, the step is ignored and the effect continues resolving"."""
    t.choices.append("no")
    t.cast(t.white, "Measured Blow", "Black")
    assert (t.black.essence, t.black.harmony, t.white.resonance) == (11, 0, 1)


# ---------------------------------------------------------------- 6.5.c conditional steps
@pytest.mark.rule("Effect")
def test_a_condition_is_evaluated_just_before_its_step_not_at_declaration(t: Table) -> None:
    """6.5.c "The condition is evaluated just before that step would happen": Black has 12 Essence when
    Mounting Pressure is declared, but 10 once its first step has dealt Dmg 2, so "if target has at most
    10 Essence" holds and "gain 1 Resonance unless target has at most 10 Essence" is ignored."""
    t.cast(t.white, "Mounting Pressure", "Black")
    assert (t.black.essence, t.black.harmony) == (10, -1)
    assert t.white.resonance == 0


@pytest.mark.rule("Effect")
def test_a_false_condition_ignores_its_step_and_an_unless_does_the_step(t: Table) -> None:
    """6.5.c "If it is false in the first case, or true in the second, the step is ignored"."""
    t.black.essence = t.black.starting_essence = 14
    t.cast(t.white, "Mounting Pressure", "Black")
    assert (t.black.essence, t.black.harmony) == (12, 0)  # 12 > 10: no Harmony Dmg
    assert t.white.resonance == 1  # ... and the "unless" step happens


# ---------------------------------------------------------------- 6.5.d if you did
@pytest.mark.rule("Effect")
@pytest.mark.rule("Ward")
def test_if_you_did_holds_when_the_step_was_started_even_if_it_was_modified(t: Table) -> None:
    """6.5.d "The condition is true if the player started [do X], even if that event was modified":
    Stoneskin's Ward 1 reduces Tested Blow's Dmg 1 to nothing, yet White did deal it and gains 1 Resonance."""
    t.in_play(t.black, "Stoneskin")
    t.cast(t.white, "Tested Blow", "Black")
    assert t.black.essence == 12  # Warded to 0
    assert t.white.resonance == 1


@pytest.mark.rule("Effect")
def test_if_you_did_is_false_when_the_optional_step_was_declined(t: Table) -> None:
    """6.5.d "[You may do X]; if you did, [do Y]": declining X ignores Y."""
    t.choices.append("no")
    t.cast(t.white, "Offered Blow", "Black")
    assert (t.black.essence, t.white.resonance) == (12, 0)
    t.choices.append("yes")
    t.cast(t.white, "Offered Blow", "Black")
    assert (t.black.essence, t.white.resonance) == (11, 1)


# ---------------------------------------------------------------- 6.5.g / 6.4 internal actions
@pytest.mark.rule("Effect")
def test_a_declined_internal_action_is_ignored_and_the_effect_goes_on(t: Table) -> None:
    """6.4.f "If a player declines to pay the cost of an internal action, that internal action is ignored
    and the effect that contains it continues to resolve"."""
    t.white.resonance = 3
    t.choices.append("no")
    t.cast(t.white, "Costly Blow", "Black")
    assert [d.kind for d in t.asked].count("optional") == 1
    assert (t.white.resonance, t.black.essence, t.black.harmony) == (3, 12, -1)


@pytest.mark.rule("Effect")
def test_a_paid_internal_action_does_its_effect(t: Table) -> None:
    """6.5.g "You may [pay cost] to [do effect]": paid, the effect happens, then the rest of the effect."""
    t.white.resonance = 3
    t.choices.append("yes")
    t.cast(t.white, "Costly Blow", "Black")
    assert (t.white.resonance, t.black.essence, t.black.harmony) == (2, 10, -1)


@pytest.mark.rule("Effect")
def test_an_internal_action_that_cannot_be_paid_in_full_cannot_be_accepted(t: Table) -> None:
    """6.4.c "If a player chooses to pay a cost, they must be able to pay it in full": with no Resonance,
    White is not offered Costly Blow's internal action; the rest of the effect still happens. (With Will
    left, an energy exchange could pay for it: see test_rules_audit.py.)"""
    t.white.resonance = t.white.will = 0
    t.cast(t.white, "Costly Blow", "Black")
    assert "optional" not in [d.kind for d in t.asked]
    assert (t.white.resonance, t.black.essence, t.black.harmony) == (0, 12, -1)


@pytest.mark.rule("Target")
def test_an_internal_actions_target_is_chosen_only_when_it_is_played(t: Table) -> None:
    """5.2.3.g "If the internal action's effect has a target, that target is not chosen until the Spell
    resolves": Karmic Levy asks for its "target spell" after White agrees to pay, not when it is cast."""
    stoneskin = t.in_play(t.black, "Stoneskin")
    t.in_play(t.black, "Stoneskin")
    t.white.resonance = 1
    seen = watch(t)
    t.choices.extend(["yes", ("card", stoneskin.id)])
    t.cast(t.white, "Karmic Levy")
    assert kinds(seen)[-2:] == ["optional", "target"]
    assert seen[-1][2]["white resonance"] == 1  # chosen as it is played, then paid
    assert stoneskin.counters.get("karma") == 1 and t.white.resonance == 0


# ---------------------------------------------------------------- 5.2.3.c/d, 6.5.e modes
@pytest.mark.rule("Target")
@pytest.mark.parametrize(("mode", "asked"), [("Deal Dmg 2 to target Magi.", "target Magi"),
                                             ("Add 1 Karma charge to target spell.", "target spell")])
def test_only_the_chosen_modes_targets_are_chosen(t: Table, mode: str, asked: str) -> None:
    """5.2.3.d "When choosing targets for a modal Spell, consider only the chosen mode": Forked Path asks
    for "target Magi" or "target spell", whichever its chosen mode names, and never the other."""
    stoneskin = t.in_play(t.black, "Stoneskin")
    t.in_play(t.black, "Stoneskin")
    seen = watch(t)
    t.choices.extend([mode, "Black" if asked == "target Magi" else ("card", stoneskin.id)])
    t.cast(t.white, "Forked Path")
    target_prompts = [prompt for kind, prompt, _ in seen if kind == "target"]
    assert kinds(seen)[0] == "mode" and target_prompts == [f"Forked Path: {asked}?"]
    if asked == "target Magi":
        assert t.black.essence == 11 and "karma" not in stoneskin.counters  # Dmg 2, Stoneskin Wards 1
    else:
        assert t.black.essence == 12 and stoneskin.counters["karma"] == 1


@pytest.mark.rule("Target")
def test_a_mode_whose_target_cannot_be_chosen_cannot_be_chosen(t: Table) -> None:
    """5.1.2.c/5.2.3.b: a declaration must choose a suitable object for each target; with no spell in play
    Forked Path can only be declared for its "target Magi" mode, so no mode is asked."""
    t.choices.append("Black")
    t.cast(t.white, "Forked Path")
    assert "mode" not in [d.kind for d in t.asked]
    assert t.black.essence == 10


@pytest.mark.rule("Target")
def test_a_spell_with_a_target_that_cannot_be_chosen_cannot_be_cast(t: Table) -> None:
    """5.2.3.b "A suitable object ... must be chosen for each target in the effect": Twice Undone names
    "target Enhancement", and with no Enhancement in play it cannot be cast."""
    card = t.give(t.white, "Twice Undone")
    t.white.full_actions = 1
    assert casting.why_not(t.game, t.white, card) == "Target: Twice Undone has no valid target Enhancement"


# ---------------------------------------------------------------- 5.2.3.e/f targets at declaration
@pytest.mark.rule("Target")
def test_targets_of_optional_and_conditional_steps_are_chosen_at_declaration(t: Table) -> None:
    """5.2.3.e/f "If the step has a target, that target must be chosen during the declaration of the Spell,
    even if player does not intend to do that optional step" / "even if the condition is not currently
    met": both of Patient Hex's "target Magi" are chosen before its cost is paid, the second although
    White's Resonance is far from 5; then the optional step is offered, and the conditional one ignored."""
    t.white.resonance = 1
    seen = watch(t)
    t.choices.extend(["Black", "Black", "yes"])
    t.cast(t.white, "Patient Hex")
    assert kinds(seen) == ["target", "target", "optional"]
    assert [state["white resonance"] for _, _, state in seen] == [1, 1, 0]  # declared, paid, resolved
    assert (t.black.essence, t.black.harmony) == (11, 0)


# ---------------------------------------------------------------- 6.5.f a part that cannot happen
@pytest.mark.rule("Effect")
@pytest.mark.rule("Target")
def test_a_part_that_cannot_happen_is_ignored_and_the_rest_happens(t: Table) -> None:
    """6.5.f "If part of an effect cannot be performed, it is ignored; the remainder of the effect happens
    as normal" (Anubis): Twice Undone names the same Enhancement for both of its targets (5.2.3.b allows
    it); once the first step has discarded it, the second cannot add its charge, and White still gains."""
    shell = t.in_play(t.black, "Fire Skin", "Black")
    t.choices.extend([("card", shell.id)] * 2)
    t.cast(t.white, "Twice Undone")
    assert shell.place is Place.DISCARD and "karma" not in shell.counters
    assert t.white.resonance == 1


# ---------------------------------------------------------------- abilities declare too
@pytest.mark.rule("Target")
@pytest.mark.rule("Ability")
def test_an_ability_chooses_its_step_targets_as_it_is_used(t: Table) -> None:
    """An ability is declared like a spell (5.3.a): Marking Hand's Mark asks for its "target spell" when
    White uses it, before its Response phase, and marks the chosen spell."""
    t.in_play(t.white, "Marking Hand", "White")
    stoneskin = t.in_play(t.black, "Stoneskin")
    t.in_play(t.black, "Stoneskin")
    t.choices.append(("card", stoneskin.id))
    t.use(t.white, "Marking Hand", "Mark")
    assert stoneskin.counters.get("karma") == 1


@pytest.mark.rule("Effect")
@pytest.mark.rule("Resolve")
def test_a_triggers_mode_and_targets_are_chosen_as_it_starts(t: Table) -> None:
    """6.5.e "The choice of mode is done when the spell, quick action, Reaction or internal action is
    declared, before its resolution": Turning Tide's resolution asks its mode and that mode's "target Magi"
    before its first step gains White 1 Resonance."""
    tide = t.in_play(t.white, "Turning Tide", "White")
    seen = watch(t)
    t.choices.extend(["Deal Dmg 1 to target Magi.", "Black"])
    t.run(casting.resolve(t.game, tide))
    assert kinds(seen) == ["mode", "target"]
    assert [state["white resonance"] for _, _, state in seen] == [0, 0]
    assert (t.white.resonance, t.black.essence) == (1, 11)


@pytest.mark.rule("Target")
@pytest.mark.rule("Resolve")
def test_a_spells_step_targets_are_declared_once_when_it_is_cast(t: Table) -> None:
    """Glossary "Target is declared when a spell is cast": Lingering Hex's "target Magi" is chosen as it is
    cast and impacts again, without a new question, when the spell is resolved in maintenance."""
    t.choices.append("Black")
    hex_ = t.cast(t.white, "Lingering Hex")
    assert t.black.essence == 11
    asked = len(t.asked)
    t.run(casting.resolve(t.game, hex_))
    assert t.black.essence == 10 and len(t.asked) == asked


@pytest.mark.rule("Target")
@pytest.mark.rule("Ability")
def test_an_ability_whose_step_target_cannot_be_chosen_cannot_be_used(t: Table) -> None:
    """5.1.2.c: a declaration that cannot choose each target is not legal: with no other spell in play,
    Marking Hand's Mark ("add 1 Karma charge to target spell") is not among White's options."""
    hand = t.in_play(t.white, "Marking Hand", "White")
    assert not [a for c, a in casting.usable_abilities(t.game, t.white) if c is hand]
    t.in_play(t.black, "Stoneskin")
    assert [a.name for c, a in casting.usable_abilities(t.game, t.white) if c is hand] == ["Mark"]


SIPHON = """spell "Siphon" {
    sphere Soul
    role Attack
    fluency 1
    resonance 0
    aspects | Dmg 1 |
    rules {
        on impact: drain 2 Harmony from target
    }
}
"""


def _drain(fx: Effect, amount: int, energy: Energy, target: Target) -> Flow[bool]:
    who = fx.resolve(target)
    return isinstance(who, Being) and fx.game.lose(who, energy, amount) > 0
    yield


def test_a_new_step_kind_is_a_grammar_line_and_a_declaration(t: Table, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a step kind touches two files: a line of grammar/serpents_tongue.lark and its declaration
    (rules_text.kind) in the rule module that plays it. Both are stood in for here; the transformer, the
    checker, the site's text, the emitter and the engine need nothing else."""
    fragment = tmp_path / "with_drain.lark"
    fragment.write_text(GRAMMAR.read_text(encoding="utf-8")
                        + '\n%extend ?action: "drain" INT WORD "from" target -> drain\n', encoding="utf-8")
    monkeypatch.setattr(frontend, "FRONTEND", dataclasses.replace(
        frontend.FRONTEND, ruleset=dataclasses.replace(frontend.RULESET, grammar=str(fragment))))
    monkeypatch.setitem(rules_text.KINDS.actions, "drain", _drain)
    monkeypatch.setitem(rules_text.SIGNATURES, "drain", rules_text.Signature(
        ("amount", "energy", "target"), lambda n, energy, who: f"drain {n} {energy.value} from {target_text(who)}"))
    path = tmp_path / "siphon.spell"
    path.write_text(SIPHON, encoding="utf-8")
    result = frontend.compile_files([path])
    assert result.ok, result.diagnostics.render()
    assert render_text.rules_lines(frontend.spells(result)[0]) == ["On impact: drain 2 Harmony from the target."]
    t.game.library.cards.update(compile_cards(SIPHON))
    before = t.black.harmony
    t.cast(t.white, "Siphon", "Black")
    assert t.black.harmony == before - 2
