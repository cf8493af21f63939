"""What the players of Incantation 2 know beyond the rules (engine/core/players.py): how well a magician's camp
stands, and what it cannot know.

A camp wins as "the last camp with a magician" (game.py), so a **magician** on the battlefield outweighs all
else. Then the **wounds** its spells dealt and suffered: "if the Stamina of a model falls below 0, the model is
killed immediately" (6.5, stamina.py), so each wound brings a magician nearer its end, and the last one ends the
match, which its Outcome then scores. A magician whose Stamina stands at 0 is a wound from its end, whichever
spell deals it: that weighs beyond the wound itself (:data:`LAST_WOUND`), as the match's end it may be.

Only a magician's wounds count: a model without Power (a follower, a summoned creature) brings no camp nearer its
win, wounded or killed. Counted as a magician's were, a wound on an enemy's follower was worth one on the enemy,
and killing the follower took its wounds off the count again, so a search spent its gems wounding followers and
never finished one. With both, mcts (50 playouts, 10 decisions deep) won 68 of bench_players' 80 duplicate duels
against random rather than 60; every duel it lost, it won on the same deal in the other seat (11 of the 12 with a
magician of Power 3). Weighing the last wound at 3 or 4 wounds rather than 2 did no better.

What is not counted: the **gems** of each mana reserve. A player that looks one decision ahead (greedy) sees the
gems a cast spends before the wound it deals: the Power test, the counters and the spell's effect come after
further decisions. Any worth on a gem held made it keep its gems rather than cast: at a twentieth of a wound,
greedy won 6 and lost 17 of 40 duels against random; at none, greedy won 19 and lost 10, and mcts (50 playouts,
10 decisions deep) won 17 of 20 (15 with the gems counted). Gems come back at every mana recovery anyway, where
each one held lowers the roll ("subtract the number of gems"). Measured again with the weights above: at a tenth
of a wound a gem, mcts won 70 of the 80 duels (68 at none) and greedy 5 of 40 (21 at none); counting the gems
staked on a cast not yet resolved as still held, greedy won 12.

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
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.game import Game
from spellc.engine.rulesets.rackham_incantation.stamina import stamina
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model

MAGICIAN_WORTH = 10.0  # a magician on the battlefield, in wounds: losing the last one loses the battle
WOUND_WORTH = 1.0
LAST_WOUND = 2.0  # a magician at Stamina 0, whom the next wound kills, in wounds beyond those it bears
SCALE = 3.0  # an advantage of this many wounds is a three-in-four chance of standing ahead (the logistic)


def standing(battle: Battle, model: Model) -> float:
    """A model's worth to its camp: a magician's presence, less its wounds, and less again at its last; a model
    without Power, nothing."""
    if not model.present or not isinstance(model, Magician):
        return 0.0
    left = stamina(battle, model)
    return MAGICIAN_WORTH - WOUND_WORTH * model.wounds - (LAST_WOUND if left is not None and left <= 0 else 0.0)


def evaluate(game: Game, being: str) -> float:
    """How well ``being``'s camp stands against the others: the logistic of its advantage in wounds and
    magicians, 0.5 when even. A finished match is scored by its Outcome: the winning camp 1, the others 0, a
    draw 0.5."""
    camp = game.battle.models[being].camp
    if game.outcome is not None:
        return 0.5 if game.outcome.draw else float(game.outcome.winner == camp)
    battle = game.battle
    advantage = sum(standing(battle, m) if m.camp == camp else -standing(battle, m) for m in battle.models.values())
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
