"""How long `spellc build`'s compile takes over cards_src/, against a bare Lark parse of the same files.

Run on demand (`make bench`); not part of the test suite. Prints medians and the ratio to the baseline
measured in the same run, since absolute times on a shared machine mean little.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from compiler.parse import parser
from compiler.serpents_tongue.emit_python import emit_python
from compiler.serpents_tongue.emit_site import emit_site
from compiler.serpents_tongue.frontend import compile_paths, spell_files
from engine.rulesets.serpents_tongue.registry import load

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
    files = spell_files([ROOT / "cards_src" / "serpents_tongue"])
    texts = [f.read_text(encoding="utf-8") for f in files]
    lark = parser()

    def bare_parse() -> None:
        for t in texts:
            lark.parse(t)

    def full_compile() -> None:
        result = compile_paths([ROOT / "cards_src" / "serpents_tongue"], ROOT)
        emit_python(result.spells)
        emit_site(result.spells, load())

    base = timed(bare_parse)
    full = timed(full_compile)
    print(f"{len(files)} files, median of {REPEAT} runs")
    print(f"bare Lark parse:          {base * 1000:8.2f} ms  (baseline)")
    print(f"parse+check+emit (build): {full * 1000:8.2f} ms  ({full / base:.1f}x baseline)")


if __name__ == "__main__":
    main()
