"""How long `spellc build`'s compile and render take over cards_src/ (every game), against a bare Lark parse
of the same files with their games' grammars.

Run on demand (`make bench`); not part of the test suite. Prints medians and the ratio to the baseline
measured in the same run, since absolute times on a shared machine mean little.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from compiler.build import card_files, compile_sources, render
from compiler.parse import card_grammar, parser
from engine.rulesets import RULESETS

ROOT = Path(__file__).resolve().parent.parent
REPEAT = 30


def timed(fn: object) -> float:
    samples = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def main() -> None:
    sources = ROOT / "cards_src"
    by_game = card_files([sources])
    work = [(parser(card_grammar(RULESETS[name].grammar)), [f.read_text(encoding="utf-8") for f in files])
            for name, files in by_game.items()]
    files = [f for fs in by_game.values() for f in fs]

    def bare_parse() -> None:
        for lark, texts in work:
            for t in texts:
                lark.parse(t)

    def full_compile() -> None:
        render(ROOT, compile_sources([sources], ROOT, every_ruleset=True))

    base = timed(bare_parse)
    full = timed(full_compile)
    print(f"{len(files)} files, median of {REPEAT} runs")
    print(f"bare Lark parse:          {base * 1000:8.2f} ms  (baseline)")
    print(f"parse+check+emit (build): {full * 1000:8.2f} ms  ({full / base:.1f}x baseline)")


if __name__ == "__main__":
    main()
