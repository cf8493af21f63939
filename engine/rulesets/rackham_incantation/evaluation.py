"""What the players of Incantation 2 know beyond the rules (engine/core/players.py): how well a magician's camp
stands, and what it cannot know.

A camp wins as "the last camp with a magician" (game.py), so a **magician** on the battlefield outweighs all
else. Then the **wounds** its spells dealt and suffered: "if the Stamina of a model falls below 0, the model is
killed immediately" (6.5, stamina.py), so each wound brings a magician nearer its end, and the last one ends the
match, which its Outcome then scores.

What is not counted: the **gems** of each mana reserve. A player that looks one decision ahead (greedy) sees the
gems a cast spends before the wound it deals: the Power test, the counters and the spell's effect come after
further decisions. Any worth on a gem held made it keep its gems rather than cast: at a twentieth of a wound,
greedy won 6 and lost 17 of 40 duels against random; at none, greedy won 19 and lost 10, and mcts (50 playouts,
10 decisions deep) won 17 of 20 (15 with the gems counted). Gems come back at every mana recovery anyway, where
each one held lowers the roll ("subtract the number of gems").

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
SCALE = 3.0  # an advantage of this many wounds is a three-in-four chance of standing ahead (the logistic)


def standing(model: Model) -> float:
    """A model's worth to its camp: a magician's presence, less the wounds each model suffered."""
    if not model.present:
        return 0.0
    return MAGICIAN_WORTH * isinstance(model, Magician) - WOUND_WORTH * model.wounds


def evaluate(game: Game, being: str) -> float:
    """How well ``being``'s camp stands against the others: the logistic of its advantage in wounds and
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
