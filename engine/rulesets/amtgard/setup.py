"""Random timelines of Amtgard: four players on two teams, each with a few abilities drawn from the compiled
ones (Traits among them), some worn armor, a shield or a cloak; the events are chosen by the random player."""

from __future__ import annotations

import random

from spellc.engine.core.match import Match
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import Library
from spellc.engine.rulesets.amtgard.game import Game
from spellc.engine.rulesets.amtgard.players import Equipment, Held, Player
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS, Kind

EVENTS = 150


def player(name: str, team: str, library: Library, rng: random.Random) -> Player:
    titles = rng.sample(library.titles(), k=min(5, len(library.titles())))
    p = Player(name, team, abilities={t: library[t].uses for t in titles},
               uses_left={t: library[t].uses.count for t in titles})
    if rng.random() < 0.4:
        for loc in LOCATIONS:
            p.armor[loc] = p.armor_rating[loc] = rng.choice((1, 2, 3))
    p.equipment = {item: Equipment(item) for item in ("shield", "cloak") if rng.random() < 0.5}
    for title in titles:
        if library[title].kind is Kind.TRAIT:
            for grant in library[title].grants:
                p.states[(grant.state, grant.detail)] = Held(title, trait=True)
    p.willing = rng.random() < 0.7
    return p


def timeline(library: Library, seed: int) -> Match:
    rng = random.Random(seed)
    players = {n: player(n, team, library, rng) for n, team in (("Ana", "Red"), ("Bo", "Blue"), ("Cy", "Red"),
                                                                 ("Di", "Blue"))}
    field = Battlefield(players, library)
    names = list(players)
    for i, a in enumerate(names):  # how far apart they stand: within Touch, or 10' to 60'
        for b in names[i + 1:]:
            field.place(a, b, rng.choice((0, 10, 30, 60)))
    return Match(Game(field, max_events=EVENTS))
