"""No input crashes spellc, in any game's cards or scenarios (issue 25): one bounded conversion reads every
number, control characters are refused where a name or a text is written and never echoed raw, and only
regular files are read as sources.

"Bad input gets a clear diagnostic ... never a traceback" (the brief); "numbers have ranges, strings have
limits, files can be any bytes" (DESIGN.md).
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.source import NUMBER_DIGITS, NumberTooLong, SourceFile, Span, number
from spellc.engine.rulesets import RULESETS
from tests import commands

ROOT = Path(__file__).resolve().parent.parent
COMPILER = ROOT / "compiler"
GAMES = sorted(RULESETS)


def new_project(tmp_path: Path, ruleset: str, capsys: pytest.CaptureFixture[str]) -> Path:
    return commands.new_project(tmp_path / "project", ruleset, capsys)


run = commands.spellc


# ---------------------------------------------------------------- numbers
def test_every_number_is_read_through_the_one_bounded_conversion() -> None:
    """A transformer that calls int() on a token bypasses the guard: CPython refuses a text of over 4,300 digits
    ("000…0001" passed the lexical limit and crashed `spellc check`). No call of int() or float() is left in the
    compiler but the one in compiler.source.number."""
    calls = []
    for path in sorted(COMPILER.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for function in ast.walk(tree):
            if isinstance(function, ast.FunctionDef) and function.name == "number" and path.name == "source.py":
                continue
            for node in ast.iter_child_nodes(function) if isinstance(function, ast.FunctionDef) else ():
                calls += [f"{path.relative_to(ROOT)}:{call.lineno}" for call in ast.walk(node)
                          if isinstance(call, ast.Call) and isinstance(call.func, ast.Name)
                          and call.func.id in ("int", "float")]
    assert calls == []


@pytest.mark.parametrize(("text", "value"), [("7", 7), ("-3", -3), ("+1", 1), ("0", 0), ("000", 0),
                                             ("0" * 5000 + "42", 42), ("-" + "0" * 5000 + "9", -9)])
def test_a_number_is_read_without_its_leading_zeros(text: str, value: int) -> None:
    assert number(text) == value


@pytest.mark.parametrize("text", ["1" * (NUMBER_DIGITS + 1), "9" * 5000, "٣", "1_000", ""])
def test_a_number_too_long_or_not_ascii_digits_is_refused_before_int_reads_it(text: str) -> None:
    with pytest.raises(NumberTooLong):
        number(text)


# A number of each game's sample card and scenario, and what it is written in.
SAMPLE_NUMBERS = {
    ("serpents_tongue", "spell"): "fluency 1", ("serpents_tongue", "scenario"): "essence 7",
    ("incantation_charges", "spell"): "incantation 1", ("incantation_charges", "scenario"): "health 10",
    ("rackham_incantation", "spell"): "power 7", ("rackham_incantation", "scenario"): "die 5",
    ("amtgard", "spell"): "magic armor 2", ("amtgard", "scenario"): "expect Ana 2 magic armor",
}


def _with_zeros(text: str, field: str, zeros: str) -> str:
    assert field in text, field
    return text.replace(field, re.sub(r"(\d+)", lambda m: zeros + m[1], field, count=1), 1)


@pytest.mark.parametrize("ruleset", GAMES)
def test_thousands_of_leading_zeros_are_the_same_number_in_every_language(
        ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: `fluency 000…0001` (5,000 zeros) crashed `spellc check` with "Exceeds the limit (4300 digits)";
    so did the scenario languages."""
    folder = new_project(tmp_path, ruleset, capsys)
    for suffix, path in (("spell", folder / "cards/sample.spell"), ("scenario", folder / "scenarios/sample.scenario")):
        path.write_text(_with_zeros(path.read_text(encoding="utf-8"), SAMPLE_NUMBERS[ruleset, suffix], "0" * 5000),
                        encoding="utf-8")
    code, said = run(folder, capsys, "check")
    assert code == 0 and "Traceback" not in said, said
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 0 and "Traceback" not in said, said


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_number_of_thousands_of_digits_is_a_located_error_in_every_language(
        ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, ruleset, capsys)
    for suffix, path in (("spell", folder / "cards/sample.spell"), ("scenario", folder / "scenarios/sample.scenario")):
        path.write_text(_with_zeros(path.read_text(encoding="utf-8"), SAMPLE_NUMBERS[ruleset, suffix], "9" * 5000),
                        encoding="utf-8")
    code, said = run(folder, capsys, "check")
    assert code == 1 and "error[E005]: number 999999...(5001 digits) is out of range" in said, said
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and "out of range" in said and "Traceback" not in said, said


# ---------------------------------------------------------------- control characters
@pytest.mark.parametrize("ruleset", GAMES)
@pytest.mark.parametrize(("written", "named"), [("\x00", "U+0000 (\\x00)"), ("\x1b[2J", "U+001B (\\x1b)"),
                                                ("\\u001b", "U+001B (\\x1b)"), ("\\x00", "U+0000 (\\x00)")])
def test_a_control_character_in_a_title_is_a_located_error_shown_escaped(
        ruleset: str, written: str, named: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: a NUL byte inside a title or quoted text passed in every game, and raw ESC sequences in a source
    line were echoed into diagnostics, so a card file could drive the terminal."""
    folder = new_project(tmp_path, ruleset, capsys)
    card = folder / "cards/sample.spell"
    text = card.read_text(encoding="utf-8")
    first = text.index('"') + 1
    card.write_text(text[:first] + written + text[first:], encoding="utf-8")
    code, said = run(folder, capsys, "check")
    assert code == 1 and "error[E006]" in said and named in said, said
    assert "\x1b" not in said and "\x00" not in said


@pytest.mark.parametrize("ruleset", GAMES)
def test_a_control_character_in_a_scenario_is_a_located_error(
        ruleset: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = new_project(tmp_path, ruleset, capsys)
    scenario = folder / "scenarios/sample.scenario"
    text = scenario.read_text(encoding="utf-8")
    first = text.index('"') + 1
    scenario.write_text(text[:first] + "\x07\x1b]0;pwned\x07" + text[first:], encoding="utf-8")
    code, said = run(folder, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and "error[E006]: control character U+0007 (\\x07)" in said, said
    assert "\x1b" not in said and "\x07" not in said


def test_a_diagnostic_shows_control_characters_escaped_with_the_caret_under_its_token() -> None:
    source = SourceFile("cards/x.spell", 'spell "A\x1b[31mB" {\n  bogus\x1b 1\n}\n')
    diags = Diagnostics()
    diags.error("E999", "unexpected 'bogus\x1b'", Span(source, 2, 3, 2, 9))
    shown = diags.render()
    assert "\x1b" not in shown
    line, caret = shown.splitlines()[1:3]
    assert line == "   2 |   bogus\\x1b 1"
    assert caret == "     |   ^^^^^^^^^"


# ---------------------------------------------------------------- only regular files
@pytest.mark.parametrize("command", [["check"], ["build"], ["fmt"], ["fmt", "--check"]])
def test_a_fifo_named_like_a_card_is_refused_not_waited_on(command: list[str], tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The audit: a FIFO named `*.spell` hung `check`, `build` and `fmt` (reading it waits for a writer)."""
    folder = new_project(tmp_path, "amtgard", capsys)
    os.mkfifo(folder / "cards" / "pipe.spell")
    done = subprocess.run([sys.executable, "-m", "spellc.compiler.cli", *command], cwd=folder, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 1, done.stderr
    assert "pipe.spell" in done.stderr and "not a regular file" in done.stderr
    assert "Traceback" not in done.stderr
