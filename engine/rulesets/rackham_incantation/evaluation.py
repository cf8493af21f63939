"""What the players of Incantation 2 know beyond the rules (engine/core/players.py): how well a magician's camp
stands, and what it cannot know.

A camp wins as "the last camp with a magician" (game.py), so a **magician** on the battlefield outweighs all
else. Then the **wounds** its spells dealt and suffered: the seed's book is magic only, and kills no model by
its wounds (its glossary, "Stamina"), but they are what its spells deal and what Confrontation reads. Then the
**gems** of each **mana reserve**, what a magician casts and counters with; worth little, since they come back
at every mana recovery and each gem held lowers the recovery roll ("subtract the number of gems"). A model with
**Devotion**/X is X gems to come, by its sacrifice.

What a magician cannot know: the dice to come (every Power test, dispel, recovery and tactical roll), and, in a
random match, the battlefield's facts of the turns to come (setup.py states them at random as each turn
begins); both are drawn from the battle's one seeded source. Everything else is in the open: the gems a
magician holds (the seed's example of play: "The Gorgon knows now that its enemy does not have any more gems in
his reserve"), and the spells each was equipped with, whose cards lie on the table.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping

from spellc.engine.core.players import Knowledge
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model

MAGICIAN_WORTH = 10.0  # a magician on the battlefield, in wounds: losing the last one loses the battle
WOUND_WORTH = 1.0
# A gem held: a twentieth of a wound. It comes back at the mana recovery, where each one held lowers the roll;
# worth more, the search hoards gems rather than cast (at a quarter of a wound it dealt half the wounds).
GEM_WORTH = 0.05
SCALE = 3.0  # an advantage of this many wounds is a three-in-four chance of standing ahead (the logistic)


def standing(model: Model) -> float:
    """A model's worth to its camp: a magician's presence, gems and wounds; a devoted model's gems to come."""
    if not model.present:
        return 0.0
    if isinstance(model, Magician):
        return MAGICIAN_WORTH + GEM_WORTH * model.gem_count - WOUND_WORTH * model.wounds
    return GEM_WORTH * (model.devotion or 0) - WOUND_WORTH * model.wounds


def evaluate(game: Game, being: str) -> float:
    """How well ``being``'s camp stands against the others: the logistic of its advantage in wounds, gems and
    magicians, 0.5 when even. A finished match is scored by its Outcome: the winning camp 1, the others 0, a
    draw 0.5."""
    camp = game.battle.models[being].camp
    if game.outcome is not None:
        return 0.5 if game.outcome.draw else float(game.outcome.winner == camp)
    advantage = sum(standing(m) if m.camp == camp else -standing(m) for m in game.battle.models.values())
    return 1 / (1 + math.exp(-advantage * math.log(3) / SCALE))


def determinize(game: Game, being: str, rng: random.Random) -> None:
    """The dice to come, and a random match's facts of the turns to come, drawn again from a new source: the
    copy's own is the real match's, whose draws no magician can know."""
    game.battle.rng = random.Random(rng.getrandbits(64))


def seats(game: Game) -> tuple[str, ...]:
    """The magicians on the battlefield, in the order they were set up (their devoted models follow them)."""
    return tuple(m.name for m in game.battle.magicians())


def holdings(game: Game, being: str) -> Mapping[str, int]:
    """What ``being`` held, asked once its match is over: the spells its magician was equipped with ("each
    Magician must have his own spells", 6.1.1: its card's spell list, dealt as the duel begins and never
    exchanged), each with the times it cast it, cast or failed ("whether the cast is successful or not", 6.5)."""
    m = game.battle.models.get(being)
    if not isinstance(m, Magician):
        return {}
    return {title: m.casts_in_game[title] for title in m.spec.spells}


KNOWLEDGE = Knowledge(evaluation=evaluate, determinize=determinize, seats=seats, holdings=holdings)
