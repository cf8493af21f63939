"""Random Serpent's Tongue matches per second, side by side with a baseline commit, and the cost of copy().

Run on demand (`make bench`), never in the test suite. Usage:

    python benchmarks/bench_matches.py [--baseline REV] [--matches N]

The baseline (by default the last commit before the engine redesign of issue 10) is checked out into a
temporary git worktree, and the same seeded random matches are played there and here, on one core, in one
long-lived Python process per tree. The trees take turns seed by seed, ``--rounds`` times each, and each
seed counts at its fastest run in each tree: a change in the shared machine's speed (one whole run varies by
up to 40% on a shared 2-core machine) falls on both trees alike. The last line printed is one JSON object
with ``baseline_decisions_per_s``, ``decisions_per_s``, ``ratio`` (ours over the baseline's) and
``parallel_ratio`` (the core's parallel runner on every core over the same matches played one after another,
in this tree).

Where valgrind is installed, the same seeded matches (``--instructions N`` of them, 3 by default; 0 skips
it) are also counted in machine instructions per decision, under callgrind, in both trees: a figure the
machine's load does not move, which the JSON gives as ``baseline_instructions``, ``instructions`` and
``instruction_ratio`` (the baseline's over ours: how many times fewer this tree runs). ``cpu_ratio`` is the
same ratio as ``ratio`` counted in each process's own CPU time, which time stolen by other tenants of the
machine does not lengthen.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# The last commit of main before the generic-core redesign of issue 10 (issue 9 closed): the figure to beat.
BASELINE = "f768d33"
MATCHES = 120

# A child process whose ``engine`` and ``generated`` are the tree's own (PYTHONPATH=tree). It plays one seeded
# random match per seed read on stdin and answers with one JSON line: its decisions and seconds. It only uses
# the match protocol both trees share (duel, RandomPlayer, Match.apply/copy). "copy" answers the median cost of
# ``Match.copy()`` in one match; "count N" plays seeds 0..N-1 at once (for callgrind, which counts the process).
WORKER = r"""
import json, statistics, sys, time
from pathlib import Path
tree = Path(sys.argv[1]).resolve()
# The venv's editable install would find this repository's modules for any name the tree lacks.
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f)]
import importlib
# The import package: spellc (issue 26 on), whose engine and generated are the tree's folders; before, those
# folders were top-level packages themselves.
P = "spellc." if (tree / "spellc").is_dir() else ""
def mod(name):
    return importlib.import_module(P + name)
engine = mod("engine")
assert Path(engine.__file__).resolve().is_relative_to(tree), (engine.__file__, tree)
# The ruleset whose random matches are played (bench_sim.py asks for each); trees before issue 10 have only one.
GAME = sys.argv[2] if len(sys.argv) > 2 else "serpents_tongue"
if (tree / "engine" / "rulesets").exists():  # a ruleset per game (issue 10 on), each declaring its random match
    RandomPlayer = mod("engine.core.match").RandomPlayer
    duel = mod("engine.rulesets").RULESETS[GAME].entry("random_match")
    LIBRARY = mod(f"generated.{GAME}").LIBRARY
elif (tree / "engine" / "core" / "match.py").exists():  # the core's match protocol
    RandomPlayer = mod("engine.core.match").RandomPlayer
    duel = mod("engine.setup").duel
    LIBRARY = mod("generated").LIBRARY
else:
    RandomPlayer, duel = mod("engine.match").RandomPlayer, mod("engine.match").duel
    LIBRARY = mod("generated").LIBRARY
assert Path(sys.modules[duel.__module__].__file__).resolve().is_relative_to(tree)

def play(seed):
    match, player = duel(LIBRARY, seed), RandomPlayer(seed)
    while not match.terminal:
        match.apply(player.choose(match.decision))
    return match.steps, bool(match.result.draw if match.result else False)

def copy_ms():
    match, player, copies = duel(LIBRARY, 11), RandomPlayer(11), []
    while not match.terminal:
        match.apply(player.choose(match.decision))
        if match.steps % 25 == 0 and not match.terminal:
            t = time.perf_counter()
            match.copy()
            copies.append(time.perf_counter() - t)
    return statistics.median(copies) * 1e3

play(99)  # the lazily read tables and caches, before any match is timed
for line in sys.stdin:
    word, _, arg = line.strip().partition(" ")
    if word == "copy":
        answer = {"copy_ms": copy_ms()}
    elif word == "count":
        answer = {"decisions": sum(play(seed)[0] for seed in range(int(arg)))}
    else:
        start, cpu = time.perf_counter(), time.process_time()
        steps, draw = play(int(word))
        answer = {"decisions": steps, "draw": draw, "seconds": time.perf_counter() - start,
                  "cpu_seconds": time.process_time() - cpu}
    print(json.dumps(answer), flush=True)
"""


class Worker:
    """One tree's worker process, kept for the whole run."""

    def __init__(self, tree: Path, game: str = "serpents_tongue") -> None:
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        self.tree = tree
        self.process = subprocess.Popen([sys.executable, "-c", WORKER, str(tree), game], cwd=tree, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def ask(self, command: str) -> dict[str, float]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            stderr = self.process.stderr.read() if self.process.stderr else ""
            sys.exit(f"bench_matches: the matches failed in {self.tree}:\n{stderr[-3000:]}")
        answer: dict[str, float] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()


# The core's parallel runner on every core against the same matches one after another, in this tree.
PARALLEL = r"""
import json, sys, time
from spellc.engine.core.match import run_many
from spellc.engine.rulesets.serpents_tongue.setup import duel
from spellc.generated.serpents_tongue import LIBRARY

def setup(seed):
    return duel(LIBRARY, seed)

seeds = range(int(sys.argv[1]))
start = time.perf_counter()
one = run_many(setup, seeds, workers=1)
serial = time.perf_counter() - start
start = time.perf_counter()
many = run_many(setup, seeds)
parallel = time.perf_counter() - start
assert [p.steps for p in one] == [p.steps for p in many], "the parallel runner played other matches"
print(json.dumps({"serial": serial, "parallel": parallel}))
"""


def instructions(tree: Path, matches: int, game: str = "serpents_tongue") -> float:
    """Machine instructions per decision for ``matches`` seeded matches in ``tree``: the worker run under
    callgrind with them and with none, so that starting Python and loading the cards is taken off."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    counted, decisions = [], 0
    for n in (0, matches):
        run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", WORKER, str(tree), game], input=f"count {n}\n", cwd=tree, env=env,
                             capture_output=True, text=True, check=False)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or found is None:
            sys.exit(f"bench_matches: callgrind failed in {tree}:\n{run.stderr[-3000:]}")
        counted.append(int(found.group(1)))
        decisions = json.loads(run.stdout.splitlines()[-1])["decisions"]
    return (counted[1] - counted[0]) / decisions


def parallel_ratio(matches: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "0"}
    run = subprocess.run([sys.executable, "-c", PARALLEL, str(matches)], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit(f"bench_matches: the parallel runner failed:\n{run.stderr[-3000:]}")
    times = json.loads(run.stdout.splitlines()[-1])
    return float(times["serial"] / times["parallel"])


def checkout(rev: str, into: Path) -> None:
    run = subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--force", str(into), rev],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit(f"bench_matches: cannot check out the baseline {rev!r}: {run.stderr.strip()}")


def paired_runs(trees: dict[str, Path], matches: int, rounds: int,
                game: str = "serpents_tongue") -> dict[str, list[dict[str, float]]]:
    """Each seed played in every tree back to back, ``rounds`` times; per tree, each seed's fastest run.

    The trees take turns seed by seed, so a change in the shared machine's speed (which moves one whole run by
    up to 40% here) falls on both alike; a seed's fastest of ``rounds`` runs leaves out the moments another
    tenant took the core."""
    workers = {name: Worker(tree, game) for name, tree in trees.items()}
    best: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    try:
        for seed in range(matches):
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
            for turn in range(rounds):
                order = list(workers.items()) if turn % 2 == 0 else list(workers.items())[::-1]
                for name, worker in order:
                    runs[name].append(worker.ask(str(seed)))
            for name, seed_runs in runs.items():
                fastest = min(seed_runs, key=lambda r: r["seconds"])
                best[name].append(fastest | {"cpu_seconds": min(r["cpu_seconds"] for r in seed_runs)})
        for name, worker in workers.items():
            best[name].append(worker.ask("copy"))
    finally:
        for worker in workers.values():
            worker.close()
    return best


def report(label: str, runs: list[dict[str, float]]) -> tuple[float, float]:
    """Print a tree's figures; its decisions per second of wall clock and per second of its own CPU time."""
    matches, copy = runs[:-1], runs[-1]
    decisions = sum(r["decisions"] for r in matches)
    seconds = sum(r["seconds"] for r in matches)
    per_s, per_cpu_s = decisions / seconds, decisions / sum(r["cpu_seconds"] for r in matches)
    draws = sum(bool(r["draw"]) for r in matches) / len(matches)
    print(f"  {label:<22} {len(matches) / seconds:6.1f} matches/s  {per_s:9.0f} decisions/s  "
          f"({per_cpu_s:.0f} per CPU second)  copy() {copy['copy_ms']:.2f} ms  draws {draws:.0%}")
    return per_s, per_cpu_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--rounds", type=int, default=3, help="runs of each seed in each tree (default: %(default)s)")
    parser.add_argument("--instructions", type=int, default=3, metavar="N",
                        help="matches counted in instructions under callgrind (default: %(default)s; 0: none)")
    args = parser.parse_args()
    counting = args.instructions > 0 and shutil.which("valgrind") is not None
    counts: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="spellc-bench-") as tmp:
        tree = Path(tmp) / "baseline"
        checkout(args.baseline, tree)
        try:
            runs = paired_runs({"baseline": tree, "ours": ROOT}, args.matches, args.rounds)
            if counting:
                counts = {"baseline": instructions(tree, args.instructions),
                          "ours": instructions(ROOT, args.instructions)}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True, check=False)
    print(f"random matches, one core, {args.matches} seeded matches, each seed's fastest of {args.rounds} runs "
          "taken in turn by both trees:")
    base_rate, base_cpu = report(f"baseline {args.baseline}", runs["baseline"])
    our_rate, our_cpu = report("this tree", runs["ours"])
    ratio = parallel_ratio(args.matches)
    print(f"  parallel runner        {ratio:.2f}x the matches per second on {os.cpu_count()} cores")
    figures = {"baseline": args.baseline, "baseline_decisions_per_s": round(base_rate),
               "decisions_per_s": round(our_rate), "ratio": round(our_rate / base_rate, 2),
               "cpu_ratio": round(our_cpu / base_cpu, 2),
               "parallel_ratio": round(ratio, 2), "cores": os.cpu_count()}
    if counts:
        print(f"instructions per decision, {args.instructions} seeded matches under callgrind:")
        print(f"  baseline {args.baseline:<13} {counts['baseline']:9.0f}")
        print(f"  this tree              {counts['ours']:9.0f}   {counts['baseline'] / counts['ours']:.2f}x fewer")
        figures |= {"baseline_instructions": round(counts["baseline"]), "instructions": round(counts["ours"]),
                    "instruction_ratio": round(counts["baseline"] / counts["ours"], 2)}
    elif args.instructions:
        print("instructions per decision: not counted (valgrind is not installed)")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
