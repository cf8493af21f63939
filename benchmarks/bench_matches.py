"""Random matches per second on one core, and the cost of Match.copy().

Run on demand (`make bench`). Baselines measured in the same run: the random matches with and without
the invariant checks of the property test, and a copy() against pickling the whole game state.
"""

from __future__ import annotations

import pickle
import statistics
import time

from engine import invariants
from engine.match import Match, RandomPlayer, duel, play_out
from generated import LIBRARY

MATCHES = 200


def run(check: bool) -> tuple[float, int]:
    steps = 0
    start = time.perf_counter()
    for seed in range(MATCHES):
        match = duel(LIBRARY, seed)

        def checker(m: Match) -> None:
            invariants.broken(m.game, settled=m.decision is not None and m.decision.kind == "action")

        play_out(match, RandomPlayer(seed), check=checker if check else None)
        steps += match.steps
    return time.perf_counter() - start, steps


def copies() -> tuple[float, float]:
    match = duel(LIBRARY, 11)
    player = RandomPlayer(11)
    copy_times, pickle_times = [], []
    while not match.terminal:
        match.apply(player.choose(match.decision))  # type: ignore[arg-type]
        if match.steps % 25 == 0 and not match.terminal:
            start = time.perf_counter()
            match.copy()
            copy_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            pickle.loads(pickle.dumps(match.game))
            pickle_times.append(time.perf_counter() - start)
    return statistics.median(copy_times), statistics.median(pickle_times)


def main() -> None:
    bare, steps = run(check=False)
    checked, _ = run(check=True)
    print(f"random matches (one core, {MATCHES} matches, {steps / MATCHES:.0f} decisions each):")
    print(f"  without checks   {MATCHES / bare:7.1f} matches/s  {steps / bare:9.0f} decisions/s  (baseline)")
    print(f"  with invariants  {MATCHES / checked:7.1f} matches/s  ({checked / bare:.2f}x the baseline's time)")
    copy_t, pickle_t = copies()
    print(f"Match.copy(): {copy_t * 1e3:.2f} ms median; a pickle round-trip of the game {pickle_t * 1e3:.2f} ms "
          f"({copy_t / pickle_t:.1f}x)")


if __name__ == "__main__":
    main()
