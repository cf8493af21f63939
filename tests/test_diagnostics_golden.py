"""Golden-file tests of what `spellc check` tells a card designer about a broken card.

Each ``tests/fixtures/err/NAME.spell`` is a realistic broken card source with one kind of problem
(``several_errors.spell`` has several, all of which must be reported). ``NAME.expected`` beside it holds
the FULL text `spellc check` prints on stderr for it: every diagnostic with its source line and caret,
the help/note lines and the closing "N errors, M warnings" summary. The CLI runs in-process from the
repository root, so paths print as ``tests/fixtures/err/NAME.spell``. The exit code must be 1 when the
expected text holds an ``error[`` and 0 otherwise (warnings alone do not fail a check).

Updating the golden files: after a deliberate change to the messages, run

    SPELLC_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_diagnostics_golden.py

which rewrites every ``.expected`` file from the current output instead of comparing, then READ the
diff (``git diff tests/fixtures/err``) before committing it. Cases listed in ``KNOWN_BUGS`` are never
rewritten: their ``.expected`` file is hand-written and holds what the checker *should* print.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spellc.compiler.cli import main

ROOT = Path(__file__).resolve().parent.parent
ERR = ROOT / "tests" / "fixtures" / "err"
UPDATE = os.environ.get("SPELLC_UPDATE_GOLDEN") == "1"

# Fixtures whose current output is wrong (a compiler bug): stem -> why. Their .expected is hand-written.
KNOWN_BUGS: dict[str, str] = {}


def _cases() -> list[object]:
    cases = []
    for path in sorted(ERR.glob("*.spell")):
        marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[path.stem])] if path.stem in KNOWN_BUGS else []
        cases.append(pytest.param(path, id=path.stem, marks=marks))
    return cases


def test_there_are_error_fixtures() -> None:
    spells = sorted(p.stem for p in ERR.glob("*.spell"))
    assert len(spells) >= 12
    if not UPDATE:
        missing = [s for s in spells if not (ERR / f"{s}.expected").is_file()]
        assert not missing, f"no .expected file for {missing}: run with SPELLC_UPDATE_GOLDEN=1"
    orphans = [p.name for p in ERR.glob("*.expected") if not p.with_suffix(".spell").is_file()]
    assert not orphans, f".expected files without a .spell: {orphans}"


@pytest.mark.parametrize("path", _cases())
def test_check_diagnostics(path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    code = main(["check", path.relative_to(ROOT).as_posix()])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    expected_file = path.with_suffix(".expected")
    if UPDATE and path.stem not in KNOWN_BUGS:
        expected_file.write_text(err, encoding="utf-8", newline="\n")
        expected = err
    else:
        expected = expected_file.read_text(encoding="utf-8")
    has_error = "error[" in expected
    assert code == (1 if has_error else 0), err
    # A failing check prints nothing on stdout; a passing one (warnings only) says so there.
    if has_error:
        assert out == ""
    else:
        assert out.startswith("spellc: ") and "no errors" in out
    assert err == expected
