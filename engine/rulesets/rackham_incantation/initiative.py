"""The order of casting (6.1.2): "The combatants who wish to cast a spell or to shoot do so during the
Shooting phase, in order of their Initiative characteristic"."""

from __future__ import annotations

from spellc.engine.core.decisions import Flow
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.state import Magician


def initiative_order(battle: Battle) -> Flow[list[Magician]]:
    """By Initiative (a fast or prolonged cast counted). "If several models of the same camp have the same
    Initiative, treat their spell casting and shooting as simultaneous": their order does not matter, and is
    their names'. Camps tied at one Initiative are ordered by the tactical roll."""
    magicians = battle.magicians()
    ranks: dict[str, int] = {}
    for value in sorted({m.initiative for m in magicians}, reverse=True):
        camps = sorted({m.camp for m in magicians if m.initiative == value})
        if len(camps) > 1:
            won = yield from tactical_roll(battle, camps, value)
            ranks.update({camp: i for i, camp in enumerate(won)})
    return sorted(magicians, key=lambda m: (-m.initiative, ranks.get(m.camp, 0), m.name))


def tactical_roll(battle: Battle, camps: list[str], value: int) -> Flow[list[str]]:
    """"If models of different players have the same initiative, then the player who won the Tactical roll acts
    first": a d6 for each camp, in the order of their names, all thrown again on a tie; the camps by their
    faces, highest first."""
    while True:
        faces = {}
        for camp in camps:
            faces[camp] = yield from battle.die(6, f"tactical roll of {camp} (Initiative {value})")
        if len(set(faces.values())) == len(camps):
            order = sorted(camps, key=lambda c: -faces[c])
            if battle.logged:
                battle.say("tactical roll: " + ", ".join(f"{c} {faces[c]}" for c in order))
            return order
