"""The Maintenance Phase (Quick Start, "Round Structure"): each Magi's spells in play resolve, zone by zone
in the printed order, in the order their owner chooses; "After all players have concluded their maintenance
phases, check for any victory conditions"."""

from __future__ import annotations

from spellc.engine.core.decisions import NOTHING, Flow, Outcome
from spellc.engine.rulesets.serpents_tongue import acts, casting, namshub
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import IN_PLAY, KOISHAKA, MAINTENANCE_ORDER


def maintenance_phase(game: Battle) -> Flow[None]:
    """Each zone's spells in play resolve, zone by zone: with none in play (most rounds), a flow that asks nothing
    and is not made."""
    if not game.all_in_play():
        return NOTHING
    return _resolve_zones(game)


def _resolve_zones(game: Battle) -> Flow[None]:
    for zone in MAINTENANCE_ORDER:
        for owner in list(game.order):
            placed = owner.zones[zone]
            if not placed:  # an empty zone (most): nothing to resolve, no list made to say so
                continue
            left = [c for c in placed if c.place is IN_PLAY]
            while left:
                options = [acts.named(c.title, c.id) for c in left]
                pick = yield from game.ask("resolve order", owner, f"which of {owner.name}'s "
                                           f"{zone.value} spells resolves next?", options)
                card = game.card(pick.value)
                left.remove(card)
                if card.place is IN_PLAY and card.zone is zone:
                    yield from casting.resolve(game, card)
                left = [c for c in left if c.place is IN_PLAY and c.zone is zone]


def check_victory(game: Battle) -> None:
    """"After all players have concluded their maintenance phases, check for any victory conditions"."""
    game.outcome = namshub.victory(game)
    if game.outcome is not None:
        game.say(f"the match ends: {game.outcome.reason}")
        return
    teams: dict[str, bool] = {}  # each team (in the order its first member sits), and whether a member stands
    for b in game.beings:
        if b.kind is not KOISHAKA:
            teams[b.team] = teams.get(b.team, False) or not b.incapacitated
    standing = [t for t, stands in teams.items() if stands]
    if len(standing) <= 1 and len(teams) > 1:
        down = [b.name for b in game.beings if b.incapacitated]
        game.outcome = Outcome(winner=standing[0] if standing else None, incapacitated=down,
                               draw=not standing, reason="every opponent is incapacitated")
        game.say("the match is a draw" if not standing else f"team {standing[0]} wins")
