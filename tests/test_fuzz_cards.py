"""No traceback on any card file: every input is accepted and builds, or is refused with located diagnostics.

The audit fuzzed 30,260 card files and 160 crashed `spellc check` (numbers past int()'s 4,300 digits, bad
escapes). Inputs here are mutations of the shipped cards and fixtures (tests/fuzzing.py), from a fixed seed
so that a failure replays; every input that ever crashed is kept in tests/fixtures/crashers/cards/. Here each card
that builds is also imported (tests/test_fuzz_languages.py fuzzes every game's languages).
"""

from __future__ import annotations

import atexit
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest
from fuzzing import Target, inputs

from spellc.compiler.diagnostics import Severity
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells
from spellc.engine.rulesets.serpents_tongue import registry

CRASHERS = Path(__file__).parent / "fixtures" / "crashers" / "cards"
COUNT = int(os.environ.get("SPELLC_FUZZ_CARDS", "3000"))
_DIR = Path(tempfile.mkdtemp(prefix="spellc-fuzz-"))
atexit.register(shutil.rmtree, _DIR, True)


def run_card(data: bytes) -> bool:
    """What `spellc check` then `spellc build` do with ``data`` as a card file, in memory; True if it built.
    Raises if anything crashes or an error comes without a location."""
    path = _DIR / "fuzz.spell"
    path.write_bytes(data)
    result = compile_files([path], _DIR)
    for d in result.diagnostics.items:
        head = d.render().split("\n", 1)[0]
        assert head.startswith(f"fuzz.spell:{d.span.line}:{d.span.column}: {d.severity.value}["), head
    if any(d.severity is Severity.ERROR for d in result.diagnostics.items):
        return False
    python = emit_python(spells(result), nam_shubs(result))  # ast.parse()s every module
    for name, text in python.items():
        if name != "__init__.py":
            namespace: dict[str, Any] = {"__name__": f"spellc.generated.serpents_tongue.{name[:-3]}"}
            exec(compile(text, name, "exec"), namespace)
    emit_site(spells(result), registry.load(), (), nam_shubs(result))
    return True


def test_mutated_cards_never_crash_check_or_build() -> None:
    built = sum(run_card(data) for data, _ in inputs(Target("serpents_tongue", "cards"), COUNT, seed=20261123))
    assert 0 < built < COUNT, "the mutations should give some cards that build and some that do not"


@pytest.mark.parametrize("crasher", sorted(CRASHERS.glob("*")), ids=lambda p: p.name)
def test_inputs_that_once_crashed_are_diagnosed(crasher: Path) -> None:
    run_card(crasher.read_bytes())
