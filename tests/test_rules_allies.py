"""Allies, Koishaka, the innate Actions and Nam-Shubs: one test per rule, named after it, citing the
Glossary. The small cards they use are in tests/fixtures/cards/ally_examples.spell."""

from __future__ import annotations

import random

import pytest

from spellc.engine.core.decisions import Choice
from spellc.engine.rulesets.serpents_tongue import (
    actions,
    casting,
    codex,
    initiative,
    invariants,
    maintenance,
    preparation,
)
from spellc.engine.rulesets.serpents_tongue.bindings import implemented
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary, Energy, SpecTier, SpellCard, Sphere
from spellc.engine.rulesets.serpents_tongue.rules import Game, Options
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Kind, Place, Zone
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import EXAMPLES, Table, compile_cards, example_cards
from tests.test_random_matches import MATCHES


def grey(t: Table) -> Being:
    """A human Ally of White's: "A Magi on the same team"."""
    ally = Being(name="Grey", team="White")
    t.game.beings.append(ally)
    t.game.order.append(ally)
    return ally


def act(t: Table, b: Being, label: str) -> None:
    """Take the action labelled ``label`` from ``b``'s legal actions (it must be one)."""
    options = actions.options(t.game, b)
    choice = next((c for c in options if c.label == label), None)
    assert choice is not None, f"{label!r} is not among {[c.label for c in options]}"
    t.run(actions.perform(t.game, b, choice.value))


def summon(t: Table, title: str = "Ember Hound") -> Being:
    t.in_play(t.white, title, "White")
    return t.game.being(title)


def sound(t: Table) -> None:
    assert invariants.broken(t.game, settled=True) == []


# ---------------------------------------------------------------- Ally spells and Koishaka
@pytest.mark.rule("Ally Spell", "Koishaka")
def test_ally_spell_summons_a_koishaka_its_caster_controls(t: Table) -> None:
    """"A type of spell used to summon a new Ally to fight at the Magi's side ... The Magi who summons a
    Koishaka is its controller"; "The caster of a Koishaka has full command of its actions"."""
    hound = summon(t)
    assert hound.kind is Kind.KOISHAKA and hound.team == "White"
    assert (hound.essence, hound.starting_essence, hound.resonance) == (3, 3, 0)
    assert hound.body is not None and hound.body.controller is t.white and hound.body.place is Place.IN_PLAY
    # It has only the energies its spell prints: no Harmony, Will or Voice.
    assert hound.lacks == {Energy.HARMONY, Energy.WILL, Energy.VOICE}
    turn = t.first_decision(actions.take_turn(t.game, hound))
    assert turn.being == "White" and turn.prompt == "Ember Hound's turn"
    sound(t)


@pytest.mark.rule("Ally Spell")
def test_a_magi_controls_one_ally_at_a_time(t: Table) -> None:
    """"Unless otherwise specified, a Magi may control only one Ally at a time ... Gaining control of a
    second Ally discards the first"."""
    hound = summon(t)
    golem = summon(t, "Stone Golem")
    assert hound not in t.game.beings and [c.title for c in t.white.discard] == ["Ember Hound"]
    assert golem.actions_per_round == 1 and golem.harmony == 0
    sound(t)


@pytest.mark.rule("Ally Spell", "Koishaka", "Initiative Phase")
def test_koishaka_has_two_full_actions_and_lowest_initiative_in_its_first_round(t: Table) -> None:
    """"An Ally has 2 Full Actions per round, including the round it first activates ... In its first
    round it has lowest initiative; later rounds it computes initiative like other Magi"."""
    t.game.round = 1
    t.white.harmony, t.black.harmony = -2, -3
    hound = summon(t)
    assert t.game.order[-1] is hound and hound.full_actions == 2
    t.use(hound, "Ember Hound", "Bite", "Black")
    t.use(hound, "Ember Hound", "Bite", "Black")
    assert t.black.essence == 10 and hound.full_actions == 0
    assert not [c for c in actions.options(t.game, hound) if c.label.startswith("use")]
    t.run(initiative.assign_initiative(t.game))  # still its first round: last, although its 0 Harmony is the most
    assert [b.name for b in t.game.order] == ["White", "Black", "Ember Hound"]
    t.game.round = 2
    t.run(initiative.assign_initiative(t.game))
    assert [b.name for b in t.game.order] == ["Ember Hound", "White", "Black"]


@pytest.mark.rule("Koishaka")
def test_koishaka_cannot_meditate_and_acts_with_its_abilities(t: Table) -> None:
    """"Instead of a Codex they have their own Special Abilities with which they serve their caster.
    Koishaka cannot meditate"."""
    hound = summon(t)
    options = t.action_options(hound)
    assert "meditate" not in options and 'use "Bite" of "Ember Hound"' in options
    assert "meditate" in t.action_options(t.white)


@pytest.mark.rule("Koishaka", "Incapacitated")
def test_koishaka_with_no_essence_is_discarded(t: Table) -> None:
    """Koishaka "are discarded if they lose all their Essence"; its caster fights on."""
    hound = summon(t)
    t.in_play(t.black, "Crush", "Ember Hound")
    assert hound not in t.game.beings and hound.incapacitated
    assert [c.title for c in t.white.discard] == ["Ember Hound"] and not t.white.incapacitated
    assert "Ember Hound" not in t.action_options(t.white)
    sound(t)


@pytest.mark.rule("Koishaka", "Dispel")
def test_dispelling_the_ally_spell_discards_its_koishaka(t: Table) -> None:
    hound = summon(t)
    t.in_play(t.black, "Unravel", "Ember Hound")
    assert hound not in t.game.beings and [c.title for c in t.white.discard] == ["Ember Hound"]
    sound(t)


@pytest.mark.rule("Koishaka", "Resonance Roll", "Resonance Overload")
def test_koishaka_gain_resonance_and_lose_harmony_only_with_those_stats(t: Table) -> None:
    """"All Magi (including Encounters and Koishaka if they have the Resonance stat) receive Resonance";
    in an Overload "Koishaka are affected by the Harmony loss only if they have a Harmony stat"."""
    hound = summon(t)  # Essence and Resonance
    t.rolls.append(10)
    t.run(initiative.resonance_roll(t.game))
    assert (hound.resonance, hound.harmony, t.white.harmony) == (5, 0, -1)
    golem = summon(t, "Stone Golem")  # Essence and Harmony, no Resonance
    t.rolls.append(10)
    t.run(initiative.resonance_roll(t.game))
    assert (golem.resonance, golem.harmony) == (0, -1)


@pytest.mark.rule("Koishaka", "Dismiss")
def test_dismissing_the_ally_spell_discards_its_koishaka(t: Table) -> None:
    """Dismiss: "a Magi may discard a spell ... they control" — the Koishaka goes with its spell, and the
    spells placed on it with the Koishaka."""
    hound = summon(t)
    t.in_play(t.white, "Watchfire", "Ember Hound")
    act(t, t.white, 'dismiss "Ember Hound"')
    assert hound not in t.game.beings
    assert sorted(c.title for c in t.white.discard) == ["Ember Hound", "Watchfire"]
    sound(t)


@pytest.mark.rule("Ally (Magi type)", "Team Zone", "Area")
def test_area_attack_hits_the_koishaka_with_its_team(t: Table) -> None:
    """"Area spells affect a Magi and that Magi's Allies"; the Team zone holds "all Magi on one team,
    including ... any Koishaka which they may control"."""
    hound = summon(t)
    t.in_play(t.black, "Tremor", "White")
    assert (t.white.essence, hound.essence, t.black.essence) == (11, 2, 12)


@pytest.mark.rule("Team Zone", "Koishaka")
def test_team_area_shields_block_first_also_for_the_koishaka(t: Table) -> None:
    """"Any incoming attacks must pass through the Team zone before any Magi's personal zone so that Area
    Shields get a chance to block first before a Magi's personal Shields"."""
    hound = summon(t)
    hearth = t.in_play(t.white, "Hearth Shield", "White")
    guard = t.in_play(t.white, "Pebble Guard", "White")
    t.in_play(t.black, "Crush", "White")
    assert t.white.essence == 12 and (hearth.counters["durability"], guard.counters["durability"]) == (1, 2)
    t.in_play(t.black, "Crush", "Ember Hound")
    assert hound.essence == 3 and hearth not in t.white.zones[Zone.DEFENSE]  # its last Durability


@pytest.mark.rule("Ally (Magi type)", "Enhance Spell")
def test_allies_cast_enhancements_on_each_other_and_on_their_koishaka(t: Table) -> None:
    """"Allies may cast Enhancements and Defenses onto each other"; Koishaka "possess the same zones"."""
    hound = summon(t)
    ally = grey(t)
    watchfire = t.give(t.white, "Watchfire")
    assert {c.label for c in casting.targets(t.game, t.white, watchfire)} == {"White", "Grey", "Ember Hound"}
    t.cast_card(t.white, watchfire, "Ember Hound")
    assert hound.zones[Zone.ENHANCEMENT] == [watchfire] and ally.zones[Zone.ENHANCEMENT] == []


@pytest.mark.rule("Ally Spell", "Area")
def test_ally_spells_cannot_have_area() -> None:
    """Area:G: "Ally spells cannot have the Area empowerment" — the checker refuses it."""
    with pytest.raises(AssertionError, match=r"E015.*'Area' is not allowed on an Ally spell"):
        compile_cards('spell "Swarm" {\n sphere Bio\n role Ally\n fluency 1\n resonance -1\n'
                      ' aspects | | Area\n koishaka Essence 2\n}\n')


@pytest.mark.rule("Ally Spell")
def test_an_ally_spell_must_print_its_koishaka() -> None:
    with pytest.raises(AssertionError, match=r"E010.*does not print its Koishaka"):
        compile_cards('spell "Swarm" {\n sphere Bio\n role Ally\n fluency 1\n resonance -1\n}\n')
    with pytest.raises(AssertionError, match=r"E015.*only an Ally spell summons a Koishaka"):
        compile_cards('spell "Swarm" {\n sphere Bio\n role Enhance\n fluency 1\n resonance -1\n'
                      ' koishaka Essence 2\n}\n')


# ---------------------------------------------------------------- human Allies
@pytest.mark.rule("Ritual Path", "Ally (Magi type)")
def test_a_human_ally_invests_in_the_ritual_path(t: Table) -> None:
    """"Human Allies may help to upgrade your Ritual Path at the same price. An Ally's investment is
    cumulative with your own"."""
    ally = grey(t)
    t.choices.extend(["1 tier for 1 Harmony", "1 tier for 1 Harmony"])
    t.cast(t.white, "Spark Lattice", "Black")
    helper = [d for d in t.asked if d.kind == "ritual"][1]
    assert helper.being == "Grey" and "3 tiers for 1 Will" in [c.label for c in helper.options]
    # Tier 1 (N/A) bought by White, tier 2 (Dmg +1) by Grey: 2 Dmg.
    assert (t.white.harmony, ally.harmony, t.black.essence) == (-1, -1, 10)


@pytest.mark.rule("Innate Actions", "Focus", "Duration F or Focus Duration")
def test_swap_focus_takes_over_an_allys_focus_spell(t: Table) -> None:
    """"As a Free Action, a Magi may place their Focus onto an active spell and remove an Ally's Focus
    already present" (with the Ally's permission); "The Ally becomes the controller of the spell ... but
    bearer does not change"."""
    ally = grey(t)
    watchfire = t.in_play(t.white, "Watchfire", "White")
    assert 'swap Focus onto "Watchfire"' not in t.action_options(t.white)  # no Ally's Focus to take over
    t.choices.append("yes")  # White's permission
    act(t, ally, 'swap Focus onto "Watchfire"')
    assert (watchfire.focus, watchfire.controller, watchfire.bearer) == (ally, ally, t.white)
    assert ally.full_actions == 2  # a Free Action
    second = t.in_play(t.white, "Watchfire", "White")  # White's Focus is free again: the first one stays
    assert watchfire.place is Place.IN_PLAY and second.focus is t.white
    sound(t)


@pytest.mark.rule("Koishaka", "Focus")
def test_a_koishaka_may_swap_focus_for_its_controller(t: Table) -> None:
    hound = summon(t)
    watchfire = t.in_play(t.white, "Watchfire", "White")
    act(t, hound, 'swap Focus onto "Watchfire"')  # its controller commands it: no permission to ask
    assert watchfire.focus is hound and not any(d.kind == "optional" for d in t.asked)


class _Initiate(SpellCard):
    """A Specialization for the innate Actions test (Specializations are not written in .spell files)."""

    title = "Initiate Path"
    sphere = Sphere.FORCES
    fluency = 1
    kind = "specialization"
    tiers = (SpecTier(tree="A", tier=1, name="First Step", cost=1),)


@pytest.mark.rule("Innate Actions")
def test_the_five_innate_actions_are_offered(t: Table) -> None:
    """"The innate Actions are: Upgrade Specialization, Dismiss a Controlled Spell, Swap Focus, Meditate,
    Shed Interrupt Stone"."""
    from spellc.engine.rulesets.serpents_tongue import specs

    specs.start(t.game, t.white, _Initiate)
    ally = grey(t)
    t.in_play(ally, "Watchfire", "Grey")
    t.white.resonance = 1
    options = t.action_options(t.white)
    for label in ('upgrade "Initiate Path" A1', 'dismiss "Initiate Path"', 'swap Focus onto "Watchfire"',
                  "meditate"):
        assert label in options, label
    t.white.interrupt_stones = 1  # "A Magi may not take a Full Action while they have an interrupt stone"
    options = t.action_options(t.white)
    assert "shed interrupt stone" in options and "meditate" not in options


# ---------------------------------------------------------------- Nam-Shubs
@pytest.mark.rule("Nam-Shub")
def test_a_team_completes_a_nam_shub_step_by_step_and_wins(t: Table) -> None:
    """"To begin casting a Nam-Shub, as a Free Action, remove the page from your Codex and place it beside
    your team zone. A team may only be working on one Nam-Shub at a time. Only one step of a Nam-Shub may
    be completed per round by the team"; it "may provide unique victory conditions"."""
    ally = grey(t)
    page = t.give(t.white, "Unbinding of Kur", prepared=False)
    t.give(t.white, "Song of Eridu", prepared=False)
    t.run(preparation.prepare(t.game, t.white))  # a page is begun from the Codex, never prepared
    assert not any('"Unbinding of Kur"' in c.label for d in t.asked if d.kind == "prepare" for c in d.options)
    t.game.round = 1
    t.white.resonance, t.white.full_actions = 3, 2
    act(t, t.white, 'begin Nam-Shub "Unbinding of Kur"')
    assert page not in t.white.codex and page in t.game.nam_shubs and t.white.full_actions == 2
    assert not [o for o in t.action_options(t.white) if o.startswith("begin")]  # one at a time per team
    act(t, t.white, 'complete "Trace the Circle" of "Unbinding of Kur"')
    assert (t.white.resonance, t.white.full_actions) == (1, 1)
    assert not [o for o in t.action_options(t.white) + t.action_options(ally) if o.startswith("complete")]
    maintenance.check_victory(t.game)
    assert t.game.outcome is None
    t.game.round = 2  # Grey takes the next step for the team: a Free Action
    act(t, ally, 'complete "Call the Deep" of "Unbinding of Kur"')
    assert (ally.harmony, ally.resonance, ally.full_actions) == (-1, 1, 2)
    t.game.round = 3
    t.choices.append("Black")
    act(t, t.white, 'complete "Open the Gate" of "Unbinding of Kur"')
    assert t.black.essence == 11
    maintenance.check_victory(t.game)  # "After all players have concluded their maintenance phases"
    assert t.game.outcome is not None and t.game.outcome.winner == "White"
    assert "Unbinding of Kur" in t.game.outcome.reason
    assert [o for o in t.action_options(t.white) if o.startswith("begin")] == ['begin Nam-Shub "Song of Eridu"']
    sound(t)


@pytest.mark.rule("Nam-Shub")
def test_nam_shubs_are_immune_to_regular_spells(t: Table) -> None:
    """"Nam-Shubs as a whole are immune to regular spells, Specification abilities and Artifacts"."""
    page = t.give(t.white, "Unbinding of Kur", prepared=False)
    act(t, t.white, 'begin Nam-Shub "Unbinding of Kur"')
    t.in_play(t.white, "Watchfire", "White")
    unravel = t.give(t.black, "Unravel")
    labels = [c.label for c in casting.targets(t.game, t.black, unravel)]
    assert labels == ['"Watchfire" of White']
    assert page.place is Place.IN_PLAY and page not in list(t.game.all_in_play())


@pytest.mark.rule("Nam-Shub", "Codex")
def test_a_codex_may_hold_any_number_of_nam_shubs() -> None:
    """"There is no limit to the number of Nam-Shubs your Codex may contain"."""
    cards = example_cards()
    assert codex.problems([cards["Unbinding of Kur"]] * 30 + [cards["Crush"]]) == []
    assert codex.problems([cards["Crush"]] * 30) != []



# ---------------------------------------------------------------- random team matches
def _ally_cards() -> dict[str, type[SpellCard]]:
    return compile_cards((EXAMPLES / "ally_examples.spell").read_text(encoding="utf-8"))


def team_match(seed: int, cards: dict[str, type[SpellCard]]) -> Game:
    """Two teams of two Magi whose Codexes hold random spells of cards_src/, both Ally spells and, for
    even seeds, every Nam-Shub page of the examples (a Nam-Shub ends a match early)."""
    pool = sorted([*LIBRARY.cards.values(), *cards.values()], key=lambda s: s.title)
    spells = [s for s in pool if s.kind == "spell"]
    pages = [s for s in pool if s.kind == "nam-shub" and seed % 2 == 0]
    rng = random.Random(seed)
    beings = []
    for name, team in (("White", "White"), ("Grey", "White"), ("Black", "Black"), ("Slate", "Black")):
        b = Being(name=name, team=team)
        chosen = codex.random_codex(spells, rng, size=10) + [cards["Ember Hound"], cards["Stone Golem"], *pages]
        b.codex = [Card(spec=s, owner=b) for s in chosen]
        beings.append(b)
    options = Options(level=2, chance="auto", seed=seed, intoning=True, max_rounds=25)
    return Game(beings, CardLibrary({s.title: s for s in pool}), options, plays=implemented())


def play_randomly(game: Game, seed: int, max_steps: int = 100_000) -> None:
    """The random player of engine.core.match, without Match (its restart points pickle the card classes,
    which test-compiled cards cannot be); the invariants are checked after every decision."""
    rng = random.Random(seed)
    flow = game.run()
    decision = next(flow)
    for _ in range(max_steps):
        choice = rng.choice(decision.options) if decision.options else Choice("", None)
        try:
            decision = flow.send(choice)
        except StopIteration:
            return
        settled = decision.kind == "action" and not game.pending
        problems = invariants.broken(game, settled)
        assert not problems, f"seed {seed}, round {game.round}, at {decision.kind}: {problems}"
    raise AssertionError(f"the match did not end within {max_steps} decisions")


@pytest.mark.rule("Koishaka", "Nam-Shub")
def test_random_team_matches_with_koishaka_and_nam_shubs_keep_the_invariants() -> None:
    cards = _ally_cards()
    logs: list[str] = []
    for seed in range(max(5, MATCHES // 40)):
        game = team_match(seed, cards)
        play_randomly(game, seed)
        assert game.outcome is not None
        logs.extend(game.log)
    text = "\n".join(logs)
    for happened in ("summons the Koishaka", "may control only one Ally", "completes", "swaps their Focus"):
        assert happened in text, happened


def test_the_site_prints_the_koishaka_and_the_nam_shub_pages() -> None:
    """The reference site renders what the engine plays: an Ally spell's Koishaka, a Nam-Shub's steps."""
    from pathlib import Path

    from spellc.compiler.serpents_tongue.emit_site import emit_site
    from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells
    from spellc.engine.rulesets.serpents_tongue.registry import load

    result = compile_files([EXAMPLES / "ally_examples.spell"], Path(__file__).parent.parent)
    pages = emit_site(spells(result), load(), [], nam_shubs(result))
    assert "Summons a Koishaka: Essence 3, Resonance 0; 2 Full Actions a round" in pages["spells/ember-hound.md"]
    kur = pages["spells/nam-shub-unbinding-of-kur.md"]
    assert "Call the Deep &#40;Free Action, paying 1 Harmony&#41;" in kur and "wins the match" in kur
    assert "[Unbinding of Kur](nam-shub-unbinding-of-kur.md)" in pages["spells/index.md"]


@pytest.mark.rule("Unique to Caster", "Focus")
def test_gaining_control_of_a_duplicate_discards_the_original(t: Table) -> None:
    """Unique to Caster: "Likewise, if the caster gains control of a duplicate spell, the original is
    discarded" — here by swapping Focus onto an Ally's copy."""
    ally = grey(t)
    ally.foci = 2
    whites = t.in_play(t.white, "Lone Beacon", "White")
    greys = t.in_play(ally, "Lone Beacon", "White")
    assert whites.place is Place.IN_PLAY and greys.place is Place.IN_PLAY  # two controllers: both stay
    t.choices.append("yes")  # White's permission
    act(t, ally, 'swap Focus onto "Lone Beacon"')
    assert whites.controller is ally and whites.place is Place.IN_PLAY and greys in ally.discard + t.white.discard
    sound(t)
