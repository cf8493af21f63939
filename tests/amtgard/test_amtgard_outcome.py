"""Why `spellc sim` has no outcome to measure in Amtgard. Issue 27: "Define a duel outcome only where seed 002 gives
one (a death); otherwise `spellc sim` says plainly that the ruleset has no outcome to measure." The seed gives none,
for the reasons its ruleset.toml states; these tests hold the engine to them, so that a change that would make a
study possible (combatants who decide, a death the rules make final) says so here first."""

from __future__ import annotations

import random

import pytest

from spellc.compiler.build import library
from spellc.compiler.project import shipped
from spellc.engine.core.match import Match
from spellc.engine.rulesets.amtgard import setup
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import Library
from spellc.engine.rulesets.amtgard.game import REEVE, Game
from spellc.engine.rulesets.amtgard.players import Player


@pytest.fixture(scope="module")
def abilities() -> Library:
    found: Library = library(shipped("amtgard"))
    return found


def duel(abilities: Library) -> tuple[Match, Player, Player]:
    """Two players on two teams, Bo's weapon carrying Wounds Kill (the seed's own way to kill: no armor, no
    location's rule in between)."""
    ana, bo = Player("Ana", "Red"), Player("Bo", "Blue", weapon_effects=("Wounds Kill",))
    return Match(Game(Battlefield({"Ana": ana, "Bo": bo}, abilities))), ana, bo


def test_every_event_of_a_timeline_is_the_reeves_to_state(abilities: Library) -> None:
    """"The reeve's decision is final": a random timeline asks every event of the reeve, a hit and a death among
    them, so no combatant decides and a study has no seat to give a player; it ends at its limit, with no winner."""
    for seed in range(4):
        match = setup.timeline(abilities, seed)
        rng = random.Random(seed)
        beings = set()
        while match.decision is not None:
            beings.add(match.decision.being)
            match.apply(rng.choice(match.decision.options).label)
        assert beings == {REEVE}
        assert match.result == match.game.draw_at_limit()


def test_a_player_killed_may_respawn_or_be_returned_to_life(abilities: Library) -> None:
    """"Players wounded by objects with the Wounds Kill Special Effect are killed"; "[Respawn]]ing removes any
    Enchantments from a player unless the Enchantments are Persistent. If the person is returned to life, as opposed
    to respawning, then Enchantments are preserved"; "Charges for per-refresh abilities carry between lives": no
    life is the last, so a death ends no duel."""
    match, ana, _ = duel(abilities)
    match.apply("Bo hits Ana's left arm with a weapon")
    assert not ana.alive and match.result is None
    assert match.decision is not None
    assert match.decision.find("Ana respawns") and match.decision.find("Ana is returned to life")
    match.apply("Ana respawns")
    assert ana.alive
    match.apply("Bo hits Ana's torso with a weapon")
    match.apply("Ana is returned to life")
    assert ana.alive and match.result is None


def test_the_last_player_alive_wins_no_battlegame_the_seed_gives_the_rules_of(abilities: Library) -> None:
    """"You may not use this State to avoid being killed if you are the last player alive in a Mutual Annihilation
    battlegame": the seed names the battlegame, not its rules (who may respawn, when it ends, who wins). Bo, the
    last player alive, has won nothing: the timeline goes on."""
    match, ana, bo = duel(abilities)
    match.apply("Bo hits Ana's right leg with a weapon")
    assert not ana.alive and bo.alive
    assert match.result is None and match.decision is not None and match.decision.being == REEVE
