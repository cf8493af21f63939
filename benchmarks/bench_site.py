"""How the reference site grows with the card set: synthetic card projects of N cards (Incantation charges'
Actions), each built by `spellc site` (the cards, then mkdocs), timed and weighed.

A site that grows linearly builds each card in about the same time and bytes whatever N is; a navigation
written into every page (every card listed in every page's sidebar) would make both grow with N. Run on
demand (`make bench`), never in the test suite: it prints, for each N, the seconds and kilobytes per card
and their ratio to the smallest set's, measured in the same run.

    python benchmarks/bench_site.py [N ...]     (default: 500 5000, as `make bench` runs it)
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import tempfile
import time
from pathlib import Path

from spellc.compiler.cli import main as spellc


def card(i: int) -> str:
    return f'action "Synthetic Bolt {i:05d}" {{\n    incantation {1 + i % 3}\n    at enemy\n' \
           f'    effect: deal {1 + i % 7} damage to target\n}}\n\n'


def site_of(n: int, folder: Path) -> tuple[float, int]:
    """Seconds to build a project of ``n`` cards and its site, and the site's bytes."""
    project = folder / f"cards-{n}"
    with contextlib.redirect_stdout(io.StringIO()):
        assert spellc(["new", str(project), "--ruleset", "incantation_charges"]) == 0
    (project / "cards" / "synthetic.spell").write_text("".join(card(i) for i in range(n)), encoding="utf-8")
    here = Path.cwd()
    os.chdir(project)
    try:
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            assert spellc(["site"]) == 0
        elapsed = time.perf_counter() - start
    finally:
        os.chdir(here)
    weight = sum(f.stat().st_size for f in (project / "public").rglob("*") if f.is_file())
    return elapsed, weight


def main(sizes: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rows = [(n, *site_of(n, Path(tmp))) for n in sizes]
    base_n, base_s, base_b = rows[0]
    print(f"{'cards':>6} {'build s':>8} {'ms/card':>8} {'KB/card':>8}  per card vs {base_n} cards (1.0 = linear)")
    for n, s, b in rows:
        print(f"{n:>6} {s:8.2f} {1000 * s / n:8.2f} {b / 1024 / n:8.1f}  time {s / n / (base_s / base_n):.2f}x, "
              f"size {b / n / (base_b / base_n):.2f}x")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [500, 5000])
