"""What holds in every state of a match of Incantation 2 (checked after each decision of the random matches)."""

from __future__ import annotations

from spellc.engine.core.match import Match
from spellc.engine.rulesets.rackham_incantation.game import Game


def of_match(match: Match) -> list[str]:
    assert isinstance(match.game, Game)
    return broken(match.game)


def broken(game: Game) -> list[str]:
    out: list[str] = []
    for m in game.battle.magicians():
        if not 0 <= m.gem_count <= 2 * m.power:
            out.append(f"{m.name} holds {m.gem_count} gems; the reserve holds 0 to {2 * m.power}")
        if any(n < 0 for n in m.reserve.values()):
            out.append(f"{m.name} holds a negative count of gems: {dict(m.reserve)}")
        foreign = [e.value for e, n in m.reserve.items() if n and e not in m.controls]
        if foreign:
            out.append(f"{m.name} holds gems of {', '.join(foreign)}, which it does not control")
        if len(m.casts_of) > m.level.spells_per_turn:
            out.append(f"{m.name} cast {len(m.casts_of)} different spells this turn; a {m.level.title} casts "
                       f"{m.level.spells_per_turn}")
        for title, n in m.casts_of.items():
            frequency = game.library.spell(title).frequency
            if n > (1 if frequency.per_game else frequency.per_turn):
                out.append(f"{m.name} cast {title} {n} times this turn; its frequency is {frequency.text()}")
    return out
