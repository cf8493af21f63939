"""How well the core's players play every ruleset that declares its knowledge (issue 27), and what it costs.

For each ruleset of ``engine/rulesets`` with ``knowledge`` in its ``ruleset.toml``, seeded random matches
(``random_match``) are played by pairs of players, each deal twice, the players changing seats (as duplicate
bridge is played, so that a deal favours neither):

- random against random: the baseline, in matches per second;
- greedy against random, and mcts against random: the searcher's win rate with its 95% Wilson interval (the
  issue's targets: Serpent's Tongue >= 90%, Incantation 2 and Incantation charges >= 80%);
- mcts against mcts: the share of matches that end at the round cap (Serpent's Tongue's target: <= 10%).

Each pairing's speed is printed as matches per second and as a ratio against the baseline measured in the same
run; the load average before and after says how busy the shared machine was. Everything runs in this one
process, one match after another. The last line printed is one JSON object. Usage:

    python -m benchmarks.bench_players [--matches N] [--playouts P] [--depth D] [--ruleset NAME ...]

A match is won by a player when the ruleset's evaluation scores its being 1 at the end ("a finished match scored
by its Outcome"), and ended at the round cap when its Outcome is the one the game gives at its limit
(``draw_at_limit``, engine.core.flow).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Knowledge, Mcts, Player, Random, play
from spellc.engine.core.rates import wilson
from spellc.engine.core.study import at_round_cap
from spellc.engine.rulesets import RULESETS

MATCHES = 10
# Seeds of the matches: apart from the tests' (0-500), so that the benchmark measures duels no test was tuned on.
FIRST_SEED = 10_000


class Seats(Mapping[str, Player]):
    """The players of a match, seated by its beings in the order they first decide: a generic benchmark does not
    know a ruleset's beings' names beforehand."""

    def __init__(self, players: list[Player]) -> None:
        self.players = players
        self.seated: dict[str, Player] = {}

    def __getitem__(self, being: str) -> Player:
        if being not in self.seated:
            self.seated[being] = self.players[len(self.seated) % len(self.players)]
        return self.seated[being]

    def __iter__(self) -> Iterator[str]:
        return iter(self.seated)

    def __len__(self) -> int:
        return len(self.seated)

    def being_of(self, player: Player) -> str | None:
        return next((being for being, p in self.seated.items() if p is player), None)


@dataclass
class Pairing:
    """What one pairing of players gave over its matches."""

    name: str
    matches: int = 0
    won: int = 0  # by the first player (the searcher)
    at_cap: int = 0
    seconds: float = 0.0

    def figures(self, baseline: float) -> dict[str, Any]:
        rate, cap = wilson(self.won, self.matches), wilson(self.at_cap, self.matches)
        per_s = self.matches / self.seconds if self.seconds else 0.0
        return {"matches": self.matches, "won": self.won, "win_rate": round(rate.value, 3),
                "win_low": round(rate.low, 3), "win_high": round(rate.high, 3), "at_cap": self.at_cap,
                "cap_rate": round(cap.value, 3), "cap_low": round(cap.low, 3), "cap_high": round(cap.high, 3),
                "matches_per_s": round(per_s, 3), "seconds_per_match": round(self.seconds / max(1, self.matches), 2),
                "speed_vs_random": round(per_s / baseline, 4) if baseline else None}

    def __str__(self) -> str:
        return (f"{self.name:18} won {wilson(self.won, self.matches)!s:>9} ({self.won}/{self.matches})  "
                f"at the round cap {wilson(self.at_cap, self.matches)!s:>9} ({self.at_cap}/{self.matches})  "
                f"{self.seconds / max(1, self.matches):6.2f} s/match")


def duel(pairing: Pairing, setup: Callable[[int], Match], knowledge: Knowledge, make: Callable[[int], list[Player]],
         number: int) -> None:
    """Match ``number`` of ``pairing``, played as duplicate bridge is: each deal twice, the players changing seats
    (the second of the two reversed), the same players' seeds and dice. A random deal may hand one seat far the
    stronger entry (an Incantation 2 Virtuoso against an Initiate wins nine duels in ten); dealt to both players in
    turn, it favours neither, and the rates measure the players."""
    seed = FIRST_SEED + number // 2
    players = make(seed)
    searcher = players[0]
    if number % 2:
        players.reverse()
    match = setup(seed)
    seats = Seats(players)
    start = time.perf_counter()
    play(match, seats, seed)
    pairing.seconds += time.perf_counter() - start
    pairing.matches += 1
    being = seats.being_of(searcher)
    pairing.won += being is not None and knowledge.evaluation(match.game, being) == 1.0
    pairing.at_cap += at_round_cap(match)


def measure(name: str, matches: int, playouts: int, depth: int,
            pairings: tuple[str, ...] = ("random-random", "greedy-random", "mcts-random", "mcts-mcts"),
            ) -> dict[str, Any]:
    ruleset = RULESETS[name]
    knowledge: Knowledge = ruleset.entry("knowledge")
    library = importlib.import_module(f"spellc.generated.{name}").LIBRARY
    random_match = ruleset.entry("random_match")

    def setup(seed: int) -> Match:
        return random_match(library, seed)

    def mcts(seed: int) -> Mcts:
        return Mcts(seed, knowledge, playouts=playouts, depth=depth)

    makers: dict[str, Callable[[int], list[Player]]] = {
        "random-random": lambda s: [Random(s), Random(s + 1)],
        "greedy-random": lambda s: [Greedy(s, knowledge), Random(s + 1)],
        "mcts-random": lambda s: [mcts(s), Random(s + 1)],
        "mcts-mcts": lambda s: [mcts(s), mcts(s + 1)],
    }
    makers = {key: make for key, make in makers.items() if key in pairings}
    played = {key: Pairing(key) for key in makers}
    print(f"{ruleset.title}: {matches} matches a pairing, mcts {playouts} playouts cut at depth {depth}", flush=True)
    for key, make in makers.items():
        for number in range(matches):
            duel(played[key], setup, knowledge, make, number)
        print("  " + str(played[key]), flush=True)
    baseline = played["random-random"]
    base_rate = baseline.matches / baseline.seconds if baseline.seconds else 0.0
    return {key: p.figures(base_rate) for key, p in played.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=MATCHES, help="matches a pairing, per ruleset")
    parser.add_argument("--playouts", type=int, default=20, help="mcts iterations a decision")
    parser.add_argument("--depth", type=int, default=10, help="decisions a playout plays before the evaluation")
    parser.add_argument("--ruleset", action="append", help="only these rulesets (default: all with knowledge)")
    args = parser.parse_args()
    names = [n for n, r in sorted(RULESETS.items()) if r.knowledge and (not args.ruleset or n in args.ruleset)]
    load_before = os.getloadavg()
    print(f"load average {load_before[0]:.2f} on {os.cpu_count()} cores; rulesets with knowledge: {names}")
    figures = {name: measure(name, args.matches, args.playouts, args.depth) for name in names}
    load_after = os.getloadavg()
    print(f"load average {load_after[0]:.2f} at the end")
    print(json.dumps({"load_before": load_before[0], "load_after": load_after[0], "cores": os.cpu_count(),
                      "playouts": args.playouts, "depth": args.depth, "rulesets": figures}))


if __name__ == "__main__":
    main()
