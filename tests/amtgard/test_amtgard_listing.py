"""Listing a timeline's events (issue 27): the choices come from a table made once a match (listing.Listing), and
casting.can_use's questions are asked once for a yes or no. Neither may change what is listed: the same events, in
the same order, as a table made anew lists them, each one the rules explain as allowed."""

from __future__ import annotations

import importlib

from spellc.engine.core.match import RandomPlayer
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.amtgard.game import Game
from spellc.engine.rulesets.amtgard.listing import Listing

LIBRARY = importlib.import_module("spellc.generated.amtgard").LIBRARY
SEEDS = range(4)


def test_the_events_listed_from_the_table_are_those_a_new_table_lists() -> None:
    """A table is keyed by what its choices are made from: one kept all match lists what a new one would."""
    for seed in SEEDS:
        match, player = RULESETS["amtgard"].entry("random_match")(LIBRARY, seed), RandomPlayer(seed)
        while match.decision is not None:
            game = match.game
            assert isinstance(game, Game)
            kept, game.listing = game.listing, Listing()
            assert tuple(game.events()) == match.decision.options
            game.listing = kept
            match.apply(player.choose(match.decision))


def test_every_event_listed_is_one_the_rules_allow() -> None:
    """The yes or no the listing asks agrees with the rules' reasons (Game.explain): no event listed is one they
    refuse. Time passing is listed by the timeline's own pauses, which explain does not name."""
    for seed in SEEDS:
        match, player = RULESETS["amtgard"].entry("random_match")(LIBRARY, seed), RandomPlayer(seed)
        while match.decision is not None:
            game = match.game
            refused = [(c.label, game.explain(match.decision, c.label)) for c in match.decision.options
                       if c.value[0] != "pass" and game.explain(match.decision, c.label) is not None]
            assert not refused, f"seed {seed}: {refused}"
            match.apply(player.choose(match.decision))


def test_a_copy_shares_the_cards_and_makes_its_own_table() -> None:
    """A copy is handed the match's cards again (they are never pickled with its state) and lists its events from a
    table of its own."""
    match, player = RULESETS["amtgard"].entry("random_match")(LIBRARY, 1), RandomPlayer(1)
    for _ in range(30):
        assert match.decision is not None
        match.apply(player.choose(match.decision))
    twin = match.copy()
    assert isinstance(twin.game, Game) and isinstance(match.game, Game)
    assert twin.game.library is match.game.library is twin.game.field.library
    assert twin.game.listing is not match.game.listing
    assert twin.decision == match.decision
