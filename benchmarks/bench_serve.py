"""`spellc site --serve` at the scale of a real card game: how long after one card is edited its page shows the
edit, on a synthetic Serpent's Tongue project of 5,000 spells (issue 26's goal: within 2 s).

The server is `spellc site --serve` as a user starts it (a process of its own). Once it serves the project, one
spell's damage is edited in its card file, and its page is fetched until it shows the edit: the seconds from the
edit to then, for a few edits (the median printed), against the seconds the server took to serve the project
first. The machine's load is printed. Run on demand; the last line is the figures as JSON.

    python -m benchmarks.bench_serve [N]        (default 5000)
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from benchmarks.bench_build import project_of, spell

SPELLC = Path(sys.executable).with_name("spellc")
GOAL = 2.0


def page(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=10) as reply:
            return str(reply.read().decode("utf-8"))
    except OSError:
        return ""


def until(probe: str, url: str, seconds: float) -> float:
    """How long until ``url`` shows ``probe`` (at most ``seconds``)."""
    start = time.perf_counter()
    while probe not in page(url):
        if time.perf_counter() - start > seconds:
            raise TimeoutError(f"{url} never showed {probe!r}")
        time.sleep(0.05)
    return time.perf_counter() - start


def main(n: int) -> dict[str, object]:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.access("/dev/shm", os.W_OK) else None) as tmp:
        project = project_of(n, Path(tmp))
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        server = subprocess.Popen([SPELLC, "site", "--serve", "--dev-addr", f"127.0.0.1:{port}"], cwd=project.root,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            url = f"http://127.0.0.1:{port}/spells/synthetic-bolt-00000.html"
            first = until("Synthetic Bolt 00000", url, 900)
            edited = project.cards / "set0000.spell"
            text = edited.read_text(encoding="utf-8")
            shows = []
            for damage in (7, 8, 9):
                edited.write_text(text.replace(spell(0), spell(0, damage=damage)), encoding="utf-8")
                shows.append(until(f"Dmg {damage}", url, 120))
        finally:
            server.terminate()
            server.wait(timeout=60)
    edit = statistics.median(shows)
    print(f"{n} spells; load average {load:.2f} before, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} cores)")
    print(f"  first served after {first:.1f} s; an edited card's page shows the edit after {edit:.2f} s "
          f"(median of {len(shows)}; goal {GOAL:.0f} s)")
    result = {"cards": n, "first served": round(first, 2), "edit shown": round(edit, 3), "goal met": edit <= GOAL,
              "load": round(load, 2)}
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
