"""How fast `spellc` starts, measured as a user runs it: each command a process of its own, against `python -c
pass` (the interpreter's own start) measured in the same run.

Issue 26's goals: `spellc --help` within 0.15 s, and `spellc check` of one small card file within 0.35 s warm. Warm
means as on a user's machine after the first run: Python's compiled modules (.pyc) written and read back (this
machine's environment sets PYTHONDONTWRITEBYTECODE, which would make every run compile every module: unset here),
and spellc's kept values (Lark's tables, compiled templates) made by an earlier run. One run of each command first,
then the median of several. The machine's load (os.getloadavg) is printed: on a shared machine another process's
work shows in the seconds. Run on demand; the last line is the figures as JSON.

    python -m benchmarks.bench_startup [RUNS]        (default 9)
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SPELLC = Path(sys.executable).with_name("spellc")
GOALS = {"--help": 0.15, "check": 0.35}


def seconds(argv: list[str], cwd: Path, env: dict[str, str], runs: int) -> float:
    """The median wall time of ``argv`` run ``runs`` times, after one run that warms what it keeps."""
    subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=True)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(runs: int) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="spellc-startup-") as tmp:
        project = Path(tmp) / "cards"
        subprocess.run([SPELLC, "new", project, "--ruleset", "amtgard"], env=env, capture_output=True, check=True)
        base = seconds([sys.executable, "-c", "pass"], project, env, runs)
        figures = {"python -c pass": base,
                   "--help": seconds([str(SPELLC), "--help"], project, env, runs),
                   "check": seconds([str(SPELLC), "check", "cards/sample.spell"], project, env, runs)}
    print(f"load average {load_before:.2f} before, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} cores); "
          f"medians of {runs} processes")
    for name, value in figures.items():
        goal = f"  (goal {GOALS[name]:.2f} s)" if name in GOALS else ""
        print(f"  {name:18} {value:6.3f} s  {value / base:5.1f}x python -c pass{goal}")
    result = {"runs": runs, "load": round(load_before, 2), **{k: round(v, 4) for k, v in figures.items()},
              **{f"{k} ratio": round(v / base, 2) for k, v in figures.items() if k in GOALS},
              "goals met": all(figures[k] <= v for k, v in GOALS.items())}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 9)
