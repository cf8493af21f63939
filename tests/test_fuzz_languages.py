"""Every language of every game is fuzzed (issue 25): each game's cards and scenarios, and the manifest, with the
mutations of tests/fuzzing.py (leading zeros, huge numbers and exponents, deep nesting, invalid UTF-8, NUL and the
other control characters, BOMs, CRLF, lines of a million characters, and the structural ones). No input may
raise, hang or report an error that is not located.

`make test` runs a sample from a fixed seed (``SPELLC_FUZZ_SAMPLE`` inputs per game and language); `make fuzz`
runs a campaign of 100,000. Every input that once crashed stays in tests/fixtures/crashers/<game>/<language>/.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fuzzing import CRASHERS, GAMES, LANGUAGES, MUTATIONS, OUTCOMES, SUFFIX, TARGETS, Target, inputs, problem

SAMPLE = int(os.environ.get("SPELLC_FUZZ_SAMPLE", "300"))
KEPT = sorted(p for game in GAMES for language in LANGUAGES
              for p in (CRASHERS / game / language).glob(f"*{SUFFIX[language]}"))


@pytest.mark.parametrize("target", TARGETS, ids=str)
def test_mutated_inputs_never_crash(target: Target) -> None:
    OUTCOMES.clear()
    failures, tried = [], set()
    for data, names in inputs(target, SAMPLE, seed=20261127):
        tried.update(names)
        found = problem(target, data)
        if found is not None:
            failures.append(f"{names}: {found}")
    assert not failures, f"{len(failures)} of {SAMPLE}: " + "\n".join(failures[:5])
    assert len(tried) >= min(len(MUTATIONS) - 3, SAMPLE)  # the sample tries nearly every mutation
    if target.language != "manifest":  # some inputs get through, and some are refused
        assert OUTCOMES["refused"] and OUTCOMES["built"] + OUTCOMES["played"], OUTCOMES


@pytest.mark.parametrize("crasher", KEPT, ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}")
def test_inputs_that_once_crashed_no_longer_do(crasher: Path) -> None:
    assert problem(Target(crasher.parent.parent.name, crasher.parent.name), crasher.read_bytes()) is None
