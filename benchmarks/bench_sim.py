"""What a study costs (issue 27): each ruleset's decisions per second against its baseline, the players' matches
per second, and `spellc sim`'s speedup over the cores and on Ray.

Run on demand, never in the test suite. Usage:

    python -m benchmarks.bench_sim [--matches N] [--rounds R] [--instructions N] [--study-seconds S]
                                   [--ruleset NAME ...] [--no-commands]

1. **Decisions per second, one core**, in seeded random matches of every ruleset (its ``random_match``), played
   side by side in this tree and in a baseline tree checked out in a temporary worktree, as bench_matches.py
   does (each seed in both trees in turn, at its fastest of ``--rounds`` runs): Serpent's Tongue against
   ``f768d33`` (the last commit before the generic core), the other rulesets against ``0a57239`` (the commit
   issue 27 started from). Where valgrind is installed, also in machine instructions per decision under
   callgrind, which the machine's load does not move.
2. **The players' matches per second** in this tree, for every ruleset that declares its knowledge: random
   against random, and mcts against random (benchmarks/bench_players.py's pairings).
3. **`spellc sim` as a user runs it**, each run a process of its own on a project made by ``spellc new``:
   the same study (greedy against random, its matches sized to play about ``--study-seconds`` on one core, as a
   designer's study does: a study of a second measures the pool's start-up, not its work; the start-up, a study
   of two matches, is given apart) with ``--workers 1``, ``2`` and every core, as speedup ÷ workers (the
   parallel efficiency), and with ``--backend ray`` on a local Ray instance of every core against the local
   backend on as many (where ray is installed). Every run must print the same results.

The load average before and after says how busy the shared machine was. The last line is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import bench_players
from benchmarks.bench_matches import checkout, instructions, paired_runs

ROOT = Path(__file__).resolve().parent.parent
SPELLC = Path(sys.executable).with_name("spellc")
# Serpent's Tongue's figure to beat is the engine before the generic core (issue 10); the other rulesets', the
# commit issue 27 started from (the last of issue 26), where listing options was most of their time.
BASELINES = {"serpents_tongue": "f768d33"}
ISSUE_27_START = "0a57239"
# The rated games `spellc new` makes a project of, and the study each command plays.
STUDY = 'players = ["greedy", "random"]\nmatches = {matches}\nseed = 1\n'
CALIBRATION = 60  # matches of the run that measures a match's time, to size each study


def decisions(games: list[str], matches: int, rounds: int, counted: int) -> dict[str, dict[str, Any]]:
    """Each game's decisions per second here and in its baseline tree, and instructions per decision."""
    figures: dict[str, dict[str, Any]] = {}
    with tempfile.TemporaryDirectory(prefix="spellc-bench-") as tmp:
        trees: dict[str, Path] = {}
        try:
            for game in games:
                rev = BASELINES.get(game, ISSUE_27_START)
                if rev not in trees:
                    trees[rev] = Path(tmp) / rev
                    checkout(rev, trees[rev])
                runs = paired_runs({"baseline": trees[rev], "ours": ROOT}, matches, rounds, game)
                figures[game] = {"baseline": rev} | rates(runs)
                if counted and shutil.which("valgrind"):
                    base, ours = instructions(trees[rev], counted, game), instructions(ROOT, counted, game)
                    figures[game] |= {"baseline_instructions": round(base), "instructions": round(ours),
                                      "instruction_ratio": round(base / ours, 2)}
                print(f"  {game:20} {json.dumps(figures[game])}", flush=True)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               capture_output=True, check=False)
    return figures


def rates(runs: dict[str, list[dict[str, float]]]) -> dict[str, Any]:
    """Decisions per second of wall clock and of CPU time in each tree (the last run of each is copy()'s cost)."""
    def per(tree: str, clock: str) -> float:
        played = runs[tree][:-1]
        return sum(r["decisions"] for r in played) / sum(r[clock] for r in played)
    base, ours = per("baseline", "seconds"), per("ours", "seconds")
    return {"baseline_decisions_per_s": round(base), "decisions_per_s": round(ours), "ratio": round(ours / base, 2),
            "cpu_ratio": round(per("ours", "cpu_seconds") / per("baseline", "cpu_seconds"), 2)}


def players(games: list[str], matches: int) -> dict[str, dict[str, float]]:
    """Random and mcts matches per second (mcts of bench_players' default search) for each rated game."""
    figures = {}
    for game in games:
        measured = bench_players.measure(game, matches, playouts=20, depth=10, pairings=("random-random",
                                                                                         "mcts-random"))
        figures[game] = {"random_matches_per_s": measured["random-random"]["matches_per_s"],
                         "mcts_matches_per_s": measured["mcts-random"]["matches_per_s"]}
    return figures


def sim(project: Path, *options: str) -> tuple[float, str]:
    """One `spellc sim` of the project's study, a process of its own, on a results file of its own: its seconds
    and its JSON results without their timings."""
    results = project / "studies" / "bench.sim.duckdb"
    results.unlink(missing_ok=True)
    start = time.perf_counter()
    run = subprocess.run([str(SPELLC), "sim", "studies/bench.sim.toml", "--json", *options], cwd=project,
                         capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"bench_sim: spellc sim {' '.join(options)} failed:\n{run.stdout[-2000:]}{run.stderr[-3000:]}")
    return seconds, comparable(run.stdout)


def comparable(output: str) -> str:
    """The results of a `spellc sim --json`, without what depends on the run (its timings, its backend)."""
    document = json.loads(output)
    for key in ("seconds", "matches_per_s", "workers", "backend", "started", "run"):
        document.pop(key, None)
    return json.dumps(document, sort_keys=True)


def commands(game: str, seconds: float) -> dict[str, Any]:
    """`spellc sim` at 1, 2 and every core, and on Ray, each a process of its own, on one game's new project: a
    study sized to play about ``seconds`` on one core (a study a designer waits for, not one over before the pool
    is up), and the start-up every run pays whatever its size (a study of two matches)."""
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="spellc-bench-sim-") as tmp:
        project = Path(tmp) / "project"
        made = subprocess.run([str(SPELLC), "new", str(project), "--ruleset", game], capture_output=True, text=True,
                              check=False)
        if made.returncode != 0:
            sys.exit(f"bench_sim: spellc new failed:\n{made.stderr}")
        study = project / "studies" / "bench.sim.toml"
        study.write_text(STUDY.format(matches=2), encoding="utf-8")
        sim(project, "--workers", "1")  # a first run compiles the cards and warms the disk cache
        start_up = min(sim(project, "--workers", "1")[0] for _ in range(2))
        study.write_text(STUDY.format(matches=CALIBRATION), encoding="utf-8")
        per_match = max(sim(project, "--workers", "1")[0] - start_up, 0.01) / CALIBRATION
        matches = max(CALIBRATION, round(seconds / per_match))
        study.write_text(STUDY.format(matches=matches), encoding="utf-8")
        times, outputs = {}, set()
        for workers in sorted({1, 2, cores}):
            times[workers], output = min(sim(project, "--workers", str(workers)) for _ in range(2))
            outputs.add(output)
        figures: dict[str, Any] = {"matches": matches, "start_up_seconds": round(start_up, 2)}
        figures |= {f"seconds_{w}": round(s, 2) for w, s in times.items()}
        figures |= {f"efficiency_{w}": round(times[1] / s / w, 2) for w, s in times.items() if w > 1}
        if ray_installed():
            seconds, output = sim(project, "--backend", "ray", "--workers", str(cores))
            outputs.add(output)
            figures |= {"seconds_ray": round(seconds, 2), "ray_overhead": round(seconds / times[cores], 2)}
        figures["same_results"] = len(outputs) == 1
    return figures


def ray_installed() -> bool:
    return subprocess.run([sys.executable, "-c", "import ray"], capture_output=True, check=False).returncode == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=40, help="random matches a tree, per ruleset")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each seed in each tree")
    parser.add_argument("--instructions", type=int, default=3, metavar="N",
                        help="matches counted under callgrind per tree (0: none)")
    parser.add_argument("--player-matches", type=int, default=4,
                        help="matches a pairing for the players' speed (0: leave out part 2)")
    parser.add_argument("--study-seconds", type=float, default=20.0,
                        help="how long each command's study plays on one core (its matches are sized to it)")
    parser.add_argument("--ruleset", action="append", help="only these rulesets (default: all)")
    parser.add_argument("--no-commands", action="store_true", help="leave out part 3 (spellc sim as commands)")
    args = parser.parse_args()
    from spellc.engine.rulesets import RULESETS
    games = [name for name in sorted(RULESETS) if not args.ruleset or name in args.ruleset]
    rated = [name for name in games if RULESETS[name].knowledge]
    load_before = os.getloadavg()[0]
    print(f"load average {load_before:.2f} on {os.cpu_count()} cores")
    print(f"1. decisions per second in random matches, one core, {args.matches} seeds, fastest of {args.rounds}:")
    figures: dict[str, Any] = {"decisions": decisions(games, args.matches, args.rounds, args.instructions)}
    if args.player_matches:
        print("2. the players' matches per second:")
        figures["players"] = players(rated, args.player_matches)
    if not args.no_commands:
        print(f"3. spellc sim as commands, greedy against random, about {args.study_seconds:g} s on one core:")
        figures["commands"] = {}
        for game in rated:
            figures["commands"][game] = commands(game, args.study_seconds)
            print(f"  {game:20} {json.dumps(figures['commands'][game])}", flush=True)
    load_after = os.getloadavg()[0]
    print(f"load average {load_after:.2f} at the end")
    print(json.dumps({"load_before": load_before, "load_after": load_after, "cores": os.cpu_count()} | figures))


if __name__ == "__main__":
    main()
