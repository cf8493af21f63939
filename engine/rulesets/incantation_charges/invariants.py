"""What holds in every state of a match of Incantation charges (checked after each decision of the random
matches)."""

from __future__ import annotations

from spellc.engine.core.match import Match
from spellc.engine.rulesets.incantation_charges.game import Game


def of_match(match: Match) -> list[str]:
    """The invariants at a match's current decision (the conformance every ruleset declares, ruleset.toml)."""
    assert isinstance(match.game, Game)
    return broken(match.game)


def broken(game: Game) -> list[str]:
    out: list[str] = []
    for e in game.table.entities.values():
        if e.charges < 0:
            out.append(f"{e.name} has {e.charges} Incantation charges")
        if e.spent and e.charges:
            out.append(f"{e.name} kept {e.charges} charges after spending: leftovers are lost")
        if e.incanting and e.pretending:
            out.append(f"{e.name} both incants and pretends to")
        if e.defeated and e.incanting:
            out.append(f"{e.name} is defeated yet incanting")
        if not 0 <= e.health <= e.max_health:
            out.append(f"{e.name} has {e.health} Health of {e.max_health}")
    return out
