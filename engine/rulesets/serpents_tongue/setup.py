"""Random matches of Serpent's Tongue: two Magi with random legal Codexes (and, at level 2, maybe a
Specialization), or the two of them against an Encounter; what the random-match tests and the benchmarks
play through :mod:`engine.core.match`."""

from __future__ import annotations

import random
from typing import Any

from spellc.engine.core.match import Match
from spellc.engine.rulesets.serpents_tongue import bindings, codex, specs
from spellc.engine.rulesets.serpents_tongue import encounter as enc  # duel() has a parameter named encounter
from spellc.engine.rulesets.serpents_tongue.rules import Game, Options
from spellc.engine.rulesets.serpents_tongue.state import Being, Card


def duel(library: Any, seed: int, level: int = 2, max_rounds: int = 40, log: bool = False,
         encounter: str | None = None) -> Match:
    """Two Magi with random legal Codexes drawn from ``library`` (a CardLibrary), dice from ``seed``;
    at level 2 each may start with a random Specialization. With ``encounter`` (a title), the two are
    one team against that Encounter in standard mode."""

    rng = random.Random(seed)
    pool = sorted(library.cards.values(), key=lambda s: s.title)
    beings = []
    for name in ("White", "Black"):
        b = Being(name=name, team="Magi" if encounter else name, will=3 if level > 1 else 0)
        b.codex = [Card(spec=spec, owner=b) for spec in codex.random_codex(pool, rng)]
        beings.append(b)
    if encounter:
        beings.append(enc.create(library[encounter], encounter.split()[-1], encounter, "standard", library))
    options = Options(level=level, chance="auto", seed=seed, intoning=level > 1, max_rounds=max_rounds, log=log)
    game = Game(beings, library, options, plays=bindings.implemented())
    spec_pool = [s for s in pool if s.kind == "specialization"]
    for b in beings:
        if b.encounter is not None:
            enc.scale(game, b)
        elif level > 1 and spec_pool and rng.random() < 0.5:
            specs.start(game, b, rng.choice(spec_pool))
    return Match(game)

