"""`spellc play` never prints a traceback: fuzzed scenarios give exit 0, or exit 1 with a located diagnostic.

The inputs are mutations of the shipped scenarios (cards_src/scenarios/*.scenario): lines deleted,
repeated, swapped or moved, numbers and titles and names replaced (huge numbers, bad escapes, unknown
beings), lines from a vocabulary of every scenario line inserted, and bytes damaged (invalid UTF-8).
Each input runs through :func:`spellc.compiler.commands.play`, the whole command but for reading the file. The
seed is fixed, so a failure reproduces; ``SPELLC_FUZZ_SCENARIOS=N`` runs N inputs instead.

Every input that once crashed is kept under tests/fixtures/crashers/scenarios/ and replayed here.
"""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest

from spellc.compiler.commands import play
from spellc.compiler.project import shipped

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "cards_src" / "serpents_tongue" / "scenarios").glob("*.scenario"))
CRASHERS = ROOT / "tests" / "fixtures" / "crashers" / "scenarios"
LOCATED = re.compile(r"^fuzz\.scenario:\d+:\d+: error\[E\d{3}\]: ", re.MULTILINE)
INPUTS = int(os.environ.get("SPELLC_FUZZ_SCENARIOS", "3000"))

NUMBERS = ["0", "1", "-1", "3", "4", "10", "11", "27", "28", "-0", "+5", "999", "1000", "99999999",
           "9" * 30, "1" * 4301, "0" * 5000 + "7"]
STRINGS = ['"Fireball"', '"Karmic Debt"', '"Purge the Light"', '"Sentient Shadow"', '"Void Speaker"',
           '"The Chant of Forms"', '"Pillar of Earth"', '""', '"Fire ball"', r'"\N{foo}"', r'"\x4"',
           r'"\ud800"', r'"\u00e9t\u00e9"', r'"\\"', '"' + "A" * 300 + '"', r'"\N{BULLET}"', '"yes"', '"1"']
NAMES = ["White", "Black", "Shadow", "Nobody", "Magi", "Whit", "A", "Shadow2"]
LINES = [
    "dice 1", "dice 10, 10", "dice 0", "dice 11", "draw red", "draw yellow, red", "draw blue",
    "White goes first", "Black goes first", "Shadow goes first",
    'White prepares "Karmic Debt"', 'Black prepares "Fireball", "Infernal Shot", "Fireball", "Fireball"',
    'Black re-attunes "Fireball"', "White meditates", "Black passes",
    'White casts "Acidic Matter" at Black discarding "Pillar of Earth", upgrading with 1 Will',
    'Black casts "Fireball" at White, intoning', 'Black casts "Fireball" at "Karmic Debt" of Black',
    "Black exchanges 1 Will for 3 Resonance", "Black exchanges 99999999 Will for 1 Resonance",
    'Black unlocks "The Chant of Forms" A1', 'Black unlocks "Void Speaker" Z9', "White sheds an interrupt stone",
    'White uses "Bite" of "Ember Hound" at Black', 'White accepts "Karmic Debt"', 'Black declines "Fireball"',
    'White chooses "Karmic Debt"', 'White chooses "1"',
    "expect White essence 5", "expect Nobody essence 5", "expect White voice 99999999",
    'expect Black attack has "Fireball" duration 2', 'expect Black curse has "Karmic Debt" karma 2',
    "expect Black incapacitated", "expect winner White", "expect winner none", "expect winner Nobody",
    "Shadow enters standard mode", "White enters easy mode",
    'codex "Fireball" x99999999', 'codex "Fireball" x4', "essence 99999999", "harmony -99999999",
    "level 99999999", "level 0", "intoning", "team Magi", 'specialization "Fireball"', 'artifact "Void Speaker"',
    'encounter Shadow2 "Sentient Shadow" {\n mode easy\n}', 'magi White {\n essence 3\n}',
    "round 99999999 {\n}", "round 1 {\n}", "}", "{",
    'expect Black attack has no "Fireball"', 'expect White discard has "Pillar of Earth", codex has no "Fireball"',
    'expect White rite has "Fireball"', 'expect Black enhancement has "Flame Form" dormant', "expect draw",
    "expect White interrupt stones 1", "expect White interrupt stones 99999999", "expect initiative Shadow, Black",
    "expect initiative Nobody", 'White advances "Fireball"', 'Black dismisses "Flame Form"', "voice 10",
    'White casts "Acidic Matter" at Black discarding "Pillar of Earth", "Air Essence", upgrading with 1 Will',
    'White casts "Glyph" at Black, buying 2 tiers', 'White casts "Glyph" at Black, buying 9 tiers for 1 Will and 2 X',
    'White casts "Fireball", intoning, "Pillar of Earth"', 'White chooses "2"', 'White chooses "d"',
    'codex "Fireball" fluency 3', 'codex "Fireball" fluency 99999999 x2', "stop",
    'Black re-attunes "Fireball", "Fireball"',
]
BAD_BYTES = [b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\r", b"\t", b"\xe2\x80\xa8", b"\x0c"]
TOKEN = re.compile(r'"(?:[^"\\\n]|\\.)*"|[+-]?\d+|\b[A-Z][A-Za-z0-9_\-]*\b')


def mutate(text: str, rng: random.Random, donors: list[str]) -> bytes:
    """One to four random edits of a scenario's text; the last may damage its bytes."""
    lines = text.split("\n")
    for _ in range(rng.randint(1, 4)):
        lines = _edit_lines(lines, rng, donors)
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    if rng.random() < 0.08:
        at = rng.randrange(len(data) + 1)
        data = data[:at] + rng.choice(BAD_BYTES) + data[at:]
    if rng.random() < 0.03:
        data = data[: rng.randrange(len(data) + 1)]
    return data


def _edit_lines(lines: list[str], rng: random.Random, donors: list[str]) -> list[str]:
    i = rng.randrange(len(lines))
    op = rng.randrange(7)
    if op == 0:
        return lines[:i] + lines[i + 1:]
    if op == 1:
        return lines[:i] + [lines[i]] + lines[i:]
    if op == 2:
        j = rng.randrange(len(lines))
        lines = list(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return lines
    if op == 3:
        return lines[:i] + ["    " + rng.choice(LINES)] + lines[i:]
    if op == 4:
        return lines[:i] + [rng.choice(donors)] + lines[i:]
    # Replace one token of a line that has one: a number, a quoted string or a name.
    candidates = [k for k, line in enumerate(lines) if TOKEN.search(line)]
    if not candidates:
        return lines
    k = rng.choice(candidates)
    tokens = list(TOKEN.finditer(lines[k]))
    tok = rng.choice(tokens)
    word = tok.group()
    pool = STRINGS if word.startswith('"') else NUMBERS if word.lstrip("+-").isdigit() else NAMES
    lines = list(lines)
    lines[k] = lines[k][: tok.start()] + rng.choice(pool) + lines[k][tok.end():]
    return lines


def run(data: bytes) -> tuple[int, str]:
    """`spellc play` on ``data`` in-process: (exit code, what went to stderr). Raises what escapes."""
    out, err = io.StringIO(), io.StringIO()
    code = play(data, "fuzz.scenario", project=shipped("serpents_tongue"), json_out=len(data) % 2 == 0, out=out,
                err=err)
    return code, err.getvalue()


def problem(data: bytes) -> str | None:
    """What is wrong with the command's answer to ``data``: an escaping exception or an unlocated error."""
    try:
        code, err = run(data)
    except Exception as exc:  # noqa: BLE001 - any escaping exception is the bug this test looks for
        return f"{type(exc).__name__}: {exc}"[:300]
    if code not in (0, 1):
        return f"exit {code}"
    if code == 1 and not LOCATED.search(err):
        return f"exit 1 without a located diagnostic: {err[:300]!r}"
    if "Traceback" in err:
        return "a traceback on stderr"
    return None


def corpus(n: int, seed: int) -> list[bytes]:
    rng = random.Random(seed)
    texts = [p.read_text(encoding="utf-8") for p in SHIPPED]
    donors = [line for t in texts for line in t.split("\n") if line.strip()]
    return [mutate(rng.choice(texts), rng, donors) for _ in range(n)]


def test_shipped_scenarios_play_cleanly() -> None:
    for path in SHIPPED:
        assert run(path.read_bytes()) == (0, ""), path.name


def test_fuzzed_scenarios_give_a_diagnostic_never_a_traceback() -> None:
    failures = []
    for data in corpus(INPUTS, seed=9):
        found = problem(data)
        if found:
            failures.append((found, data[:200]))
    assert not failures, f"{len(failures)} of {INPUTS} inputs: " + "\n".join(f"{f}: {d!r}" for f, d in failures[:5])


@pytest.mark.parametrize("path", sorted(CRASHERS.glob("*.scenario")), ids=lambda p: p.name)
def test_once_crashing_scenario_gives_a_located_diagnostic(path: Path) -> None:
    assert problem(path.read_bytes()) is None
