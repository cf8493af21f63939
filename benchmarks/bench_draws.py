"""Why so many random matches of Serpent's Tongue are draws: the random player, or the rules?

Plays the same seeded duels with the uniform random player and with an eager one (it casts or uses an ability
whenever the rules offer one, nine times in ten, and pays for optional effects; everything else at random),
and prints how many end in a draw at the round limit. If the eager player wins most of its matches, the
rules let a match end and the draws come from a player that passes, meditates and dismisses at random.

    python benchmarks/bench_draws.py [MATCHES]
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable

from spellc.engine.core.decisions import Choice, Decision
from spellc.engine.core.match import RandomPlayer, play_out
from spellc.engine.rulesets.serpents_tongue.setup import duel
from spellc.generated.serpents_tongue import LIBRARY


class EagerPlayer(RandomPlayer):
    def choose(self, decision: Decision) -> Choice:
        plays = [c for c in decision.options if c.label.startswith(("cast ", "use "))]
        if decision.kind == "action" and plays and self.rng.random() < 0.9:
            return self.rng.choice(plays)
        if decision.kind == "optional":
            yes = [c for c in decision.options if c.label in ("yes", "pay")]
            if yes:
                return yes[0]
        return self.rng.choice(decision.options)


def draws(player: Callable[[int], RandomPlayer], matches: int) -> dict[str, float]:
    drawn, rounds = 0, 0
    for seed in range(matches):
        match = duel(LIBRARY, seed)
        outcome = play_out(match, player(seed))
        drawn += bool(outcome and outcome.draw)
        rounds += getattr(match.game, "round", 0)
    return {"draws": drawn / matches, "mean_rounds": rounds / matches}


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    print(json.dumps({"matches": matches, "random": draws(RandomPlayer, matches),
                      "eager": draws(EagerPlayer, matches)}))


if __name__ == "__main__":
    main()
