"""Random legal matches through the game-state protocol never break an invariant, and always end.

Two Magi with random legal Codexes drawn from every compiled spell of cards_src/ play each other
(one match in five, together against the Sentient Shadow), some with a Specialization; a seeded
random player picks among the legal choices at every decision. After every step the
invariants of engine.rulesets.serpents_tongue.invariants hold. The number of matches is SPELLC_RANDOM_MATCHES (2,000 by
default: run more on demand).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spellc.engine.core.decisions import CHECKPOINT, Choice
from spellc.engine.core.errors import IllegalAction
from spellc.engine.core.match import Match, RandomPlayer, play_out, run_many
from spellc.engine.rulesets.serpents_tongue import casting, encounter, impact, invariants, rite
from spellc.engine.rulesets.serpents_tongue.bindings import implemented
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary, Energy
from spellc.engine.rulesets.serpents_tongue.effects import Effect
from spellc.engine.rulesets.serpents_tongue.rules import Game, Options
from spellc.engine.rulesets.serpents_tongue.setup import duel
from spellc.engine.rulesets.serpents_tongue.state import Being, Card
from spellc.generated.serpents_tongue import LIBRARY
from tests.conftest import example_cards

MATCHES = int(os.environ.get("SPELLC_RANDOM_MATCHES", "2000"))


def check(match: Match) -> None:
    d = match.decision
    settled = d is not None and d.kind == "action" and not match.game.pending
    problems = invariants.broken(match.game, settled)
    assert not problems, f"round {match.game.round}, at {d.kind if d else 'the end'}: {problems}"


@settings(max_examples=MATCHES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_random_legal_matches_keep_the_invariants_and_end(seed: int) -> None:
    against = "Sentient Shadow" if seed % 5 == 0 else None
    match = duel(LIBRARY, seed, encounter=against)
    outcome = play_out(match, RandomPlayer(seed), max_steps=50_000, check=check)
    assert match.terminal and outcome is not None
    assert outcome.draw or outcome.winner in (("Magi", "Sentient Shadow") if against else ("White", "Black"))


def test_copy_continues_exactly_like_the_original() -> None:
    """A copy at any decision is independent and, given the same choices, plays the same match."""
    match = duel(LIBRARY, 7, log=True)
    player = RandomPlayer(7)
    for _ in range(150):
        match.apply(player.choose(match.decision))  # type: ignore[arg-type]
    twin = match.copy()
    assert twin.decision == match.decision and twin.game.snapshot() == match.game.snapshot()
    a, b = RandomPlayer(99), RandomPlayer(99)
    play_out(match, a)
    play_out(twin, b)
    assert match.game.log == twin.game.log and match.result == twin.result


def test_copy_is_independent() -> None:
    match = duel(LIBRARY, 3)
    twin = match.copy()
    twin.apply(twin.legal()[0])
    assert match.steps == 0 and twin.steps == 1


def test_an_illegal_choice_is_refused_with_the_legal_ones() -> None:
    match = duel(LIBRARY, 5)
    try:
        match.apply("cast \"Nothing\"")
    except IllegalAction as err:
        assert "legal:" in err.message
    else:
        raise AssertionError("an illegal choice was accepted")


@pytest.mark.rule("Encounter")
def test_copy_keeps_an_encounters_change_of_mode() -> None:
    """"No more Easy Mode!": a change of mode made between decisions is part of the match, so a copy
    has it and plays on like the original (Essence +2 for the second Magi in standard mode)."""
    match = duel(LIBRARY, 11, encounter="Sentient Shadow", log=True)
    shadow = match.game.being("Shadow")
    assert encounter.state_of(shadow).mode == "standard" and shadow.starting_essence == 12
    match.intervene("mode", "Shadow", "easy")
    twin = match.copy()
    for m in (match, twin):
        shadow = m.game.being("Shadow")
        assert encounter.state_of(shadow).mode == "easy" and shadow.starting_essence == 10
    play_out(match, RandomPlayer(4))
    play_out(twin, RandomPlayer(4))
    assert match.game.log == twin.game.log and match.result == twin.result


def test_a_mode_change_the_rules_refuse_changes_nothing() -> None:
    match = duel(LIBRARY, 11)
    with pytest.raises(IllegalAction, match="only Encounters have modes"):
        match.intervene("mode", "White", "easy")
    assert match.copy().game.snapshot() == match.game.snapshot()


def shield_duel(seed: int) -> Game:
    """Two Magi whose Codexes are Shields (tests/fixtures/cards) and the attacks they block, so that
    Shields pile up: Buckler, and the Resilient, Impenetrable Aegis; Hammer (Shatter 2), Lance (Pierce 3)."""
    library = CardLibrary({**LIBRARY.cards, **example_cards()})
    beings = []
    for name in ("White", "Black"):
        b = Being(name=name, team=name)
        b.codex = [Card(spec=library[t], owner=b) for t in ["Buckler", "Aegis", "Hammer", "Lance", "Ember"] * 2]
        beings.append(b)
    return Game(beings, library, Options(level=2, seed=seed, max_rounds=25, log=False), plays=implemented())


@pytest.mark.rule("Shield")
def test_random_play_reorders_shields() -> None:
    """The bearer's "shield order" decision comes up in random play, and the random player takes orders
    other than the one the Shields were placed in, with the invariants kept. (The example cards are not
    importable, so the rules run without a Match, which would pickle them.)"""
    asked, reordered = 0, 0
    for seed in range(20):
        game, player = shield_duel(seed), RandomPlayer(seed)
        flow = game.run()
        try:
            d = next(flow)
            while True:
                pick = player.choose(d) if d is not CHECKPOINT else Choice("", None)
                if d.kind == "shield order":
                    asked += 1
                    reordered += pick != d.options[0]
                d = flow.send(pick)
                settled = d.kind == "action" and not game.pending
                assert not invariants.broken(game, settled), invariants.broken(game, settled)
        except StopIteration:
            pass
    assert asked and reordered


def _duel(seed: int) -> Match:
    return duel(LIBRARY, seed)


def test_the_parallel_runner_plays_the_same_matches_as_one_process() -> None:
    """engine.core.match.run_many spreads seeded matches over processes: each plays as it would alone."""
    seeds = range(6)
    assert run_many(_duel, seeds, workers=2) == run_many(_duel, seeds, workers=1)


@pytest.mark.rule("Passive Effect")
def test_a_spells_cost_and_speed_before_it_is_cast_are_those_its_effect_would_have() -> None:
    """Legality reads a spell's Full Actions and Resonance off a provisional cast (casting.Provisional), not off
    a whole Effect: the passive effects in play must count the same on both, at every turn of 12 matches (in
    which Flame Form, Cellular Degeneration or a Specialization's tiers are in play at some turns)."""
    compared, with_passives = 0, 0
    for seed in range(12):
        match, player = duel(LIBRARY, seed), RandomPlayer(seed)
        while not match.terminal:
            d = match.decision
            if d is not None and d.kind == "action":
                game = match.game
                with_passives += bool(impact.passive_sources(game))
                b = game.being(d.being or "")
                for card in [*b.prepared, *b.codex]:
                    fx = Effect(game, card, b, None)
                    assert casting.full_actions(game, b, card) == rite.actions_needed(card, fx.aspects()), card.title
                    net = card.spec.resonance + impact.generated(game, fx, Energy.RESONANCE)
                    assert casting.orb_cost(game, b, card) == max(0, -net), card.title
                    compared += 1
            match.apply(player.choose(match.decision))
    assert compared and with_passives
