"""The language server's diagnostics on a card project of 500 cards (Incantation charges' Actions, 50 files of
10): the warm re-check of the file being edited, at each keystroke, against a bare Lark parse of that one file
measured in the same run. The goal: under 20 ms warm (the issue's), and under 100 ms a keystroke in any case.

Run on demand (`make bench`), never in the test suite.
"""

from __future__ import annotations

import contextlib
import io
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.bench_site import card
from spellc.compiler import language_server
from spellc.compiler.cli import main as spellc
from spellc.compiler.parse import card_grammar, parser
from spellc.compiler.project import MANIFEST, load
from spellc.engine.rulesets import RULESETS

FILES, PER_FILE, KEYSTROKES = 50, 10, 25


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp) / "cards"
        with contextlib.redirect_stdout(io.StringIO()):
            assert spellc(["new", str(project), "--ruleset", "incantation_charges"]) == 0
        for f in range(FILES):
            text = "".join(card(f * PER_FILE + i) for i in range(PER_FILE))
            (project / "cards" / f"set{f:02d}.spell").write_text(text, encoding="utf-8")
        # No editor here: every buffer is its file as saved.
        language_server.text_of = lambda path: path.read_text(encoding="utf-8")  # type: ignore[assignment]
        edited = project / "cards" / "set00.spell"
        doc = language_server.Document(edited, load(project / MANIFEST), scenario=False)  # type: ignore[arg-type]
        text = edited.read_text(encoding="utf-8")
        language_server.diagnostics(doc, text)  # warm: the other files read once
        lark = parser(card_grammar(RULESETS["incantation_charges"].grammar))
        bare, check = [], []
        for k in range(KEYSTROKES):
            typed = text.replace("deal 1 damage", f"deal {k % 9 + 1} damage")
            start = time.perf_counter()
            lark.parse(typed)
            bare.append(time.perf_counter() - start)
            start = time.perf_counter()
            language_server.diagnostics(doc, typed)
            check.append(time.perf_counter() - start)
    base, warm = statistics.median(bare), statistics.median(check)
    print(f"{FILES * PER_FILE} cards in {FILES} files, median of {KEYSTROKES} keystrokes")
    print(f"bare Lark parse of the edited file: {base * 1000:7.2f} ms  (baseline)")
    print(f"language server's re-check:         {warm * 1000:7.2f} ms  ({warm / base:.1f}x baseline; "
          f"slowest {max(check) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
