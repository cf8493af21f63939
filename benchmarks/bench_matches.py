"""Random Serpent's Tongue matches per second, side by side with a baseline commit, and the cost of copy().

Run on demand (`make bench`), never in the test suite. Usage:

    python benchmarks/bench_matches.py [--baseline REV] [--matches N]

The baseline (by default the last commit before the engine redesign of issue 10) is checked out into a
temporary git worktree and the same seeded random matches are played there and here, each in a fresh
Python process on one core. The two trees take turns ``--rounds`` times in this run and each keeps its
best run, so that both figures share the machine's load (on a shared 2-core machine one run varies by
up to 40%). The last line printed is one JSON object with ``baseline_decisions_per_s``,
``decisions_per_s``, ``ratio`` (ours over the baseline's) and ``parallel_ratio`` (the core's parallel runner
on every core over the same matches played one after another, in this tree).

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

# Played in a child process whose ``engine`` and ``generated`` are the tree's own (PYTHONPATH=tree):
# the seeded random matches, then the median cost of ``Match.copy()`` in one match. It only uses the
# match protocol both trees share (duel, RandomPlayer, Match.apply/copy).
WORKER = r"""
import json, statistics, sys, time
from pathlib import Path
tree = Path(sys.argv[1]).resolve()
# The venv's editable install would find this repository's modules for any name the tree lacks.
sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f)]
import engine
assert Path(engine.__file__).resolve().is_relative_to(tree), (engine.__file__, tree)
if (tree / "engine" / "rulesets").exists():  # a ruleset per game (issue 10 on)
    from engine.core.match import RandomPlayer
    from engine.rulesets.serpents_tongue.setup import duel
    from generated.serpents_tongue import LIBRARY
elif (tree / "engine" / "core" / "match.py").exists():  # the core's match protocol
    from engine.core.match import RandomPlayer
    from engine.setup import duel
    from generated import LIBRARY
else:
    from engine.match import RandomPlayer, duel
    from generated import LIBRARY
assert Path(sys.modules[duel.__module__].__file__).resolve().is_relative_to(tree)

def play(seed):
    match, player = duel(LIBRARY, seed), RandomPlayer(seed)
    while not match.terminal:
        match.apply(player.choose(match.decision))
    return match.steps, match.result.draw if match.result else False

matches = int(sys.argv[2])
start, cpu = time.perf_counter(), time.process_time()
steps = draws = 0
for seed in range(matches):
    n, draw = play(seed)
    steps += n
    draws += bool(draw)
seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu

match, player, copies = duel(LIBRARY, 11), RandomPlayer(11), []
while not match.terminal:
    match.apply(player.choose(match.decision))
    if match.steps % 25 == 0 and not match.terminal:
        t = time.perf_counter()
        match.copy()
        copies.append(time.perf_counter() - t)
print(json.dumps({"matches": matches, "decisions": steps, "seconds": seconds, "cpu_seconds": cpu_seconds,
                  "draws": draws,
                  "copy_ms": statistics.median(copies) * 1e3}))
"""


def measure(tree: Path, matches: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    run = subprocess.run([sys.executable, "-c", WORKER, str(tree), str(matches)], cwd=tree, env=env,
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit(f"bench_matches: the matches failed in {tree}:\n{run.stderr[-3000:]}")
    result: dict[str, float] = json.loads(run.stdout.splitlines()[-1])
    return result


# The core's parallel runner on every core against the same matches one after another, in this tree.
PARALLEL = r"""
import json, sys, time
from engine.core.match import run_many
from engine.rulesets.serpents_tongue.setup import duel
from generated.serpents_tongue import LIBRARY

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


def instructions(tree: Path, matches: int) -> float:
    """Machine instructions per decision for ``matches`` seeded matches in ``tree``: the worker run under
    callgrind with them and with none, so that starting Python and loading the cards is taken off."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    counted, decisions = [], 0
    for n in (0, matches):
        run = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                              "-c", WORKER, str(tree), str(n)], cwd=tree, env=env, capture_output=True, text=True,
                             check=False)
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


def report(label: str, runs: list[dict[str, float]]) -> tuple[float, float]:
    """Print a tree's best turn; its decisions per second of wall clock and per second of its own CPU time."""
    r = min(runs, key=lambda x: x["seconds"])
    per_s = r["decisions"] / r["seconds"]
    per_cpu_s = r["decisions"] / min(x["cpu_seconds"] for x in runs)
    print(f"  {label:<22} {r['matches'] / r['seconds']:6.1f} matches/s  {per_s:9.0f} decisions/s  "
          f"({per_cpu_s:.0f} per CPU second)  copy() {r['copy_ms']:.2f} ms  draws {r['draws'] / r['matches']:.0%}")
    return per_s, per_cpu_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default=BASELINE, help="the commit to compare with (default: %(default)s)")
    parser.add_argument("--matches", type=int, default=MATCHES)
    parser.add_argument("--rounds", type=int, default=3, help="turns each tree takes (default: %(default)s)")
    parser.add_argument("--instructions", type=int, default=3, metavar="N",
                        help="matches counted in instructions under callgrind (default: %(default)s; 0: none)")
    args = parser.parse_args()
    counting = args.instructions > 0 and shutil.which("valgrind") is not None
    runs: dict[str, list[dict[str, float]]] = {"baseline": [], "ours": []}
    counts: dict[str, float] = {}
    with tempfile.TemporaryDirectory(prefix="spellc-bench-") as tmp:
        tree = Path(tmp) / "baseline"
        checkout(args.baseline, tree)
        try:
            for _ in range(args.rounds):
                runs["baseline"].append(measure(tree, args.matches))
                runs["ours"].append(measure(ROOT, args.matches))
            if counting:
                counts = {"baseline": instructions(tree, args.instructions),
                          "ours": instructions(ROOT, args.instructions)}
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           capture_output=True, check=False)
    print(f"random matches, one core, {args.matches} seeded matches each, best of {args.rounds} turns:")
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
