"""Running `spellc play` in-process on scenario text, for the scenario tests."""

from __future__ import annotations

import io

import pytest

from spellc.compiler.commands import play
from spellc.compiler.project import shipped

HEADER = """match "Test" {
    level 2
    magi White {
        essence 12
        codex %s
    }
    magi Black {
        essence 10
        codex "Fireball" x2, "Infernal Shot"
    }
}
"""


def play_text(text: str | bytes, json_out: bool = False) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `spellc play` on a scenario called test.scenario."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    out, err = io.StringIO(), io.StringIO()
    code = play(data, "test.scenario", project=shipped("serpents_tongue"), json_out=json_out, out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def scenario(codex: str = '"Acidic Matter" x2, "Pillar of Earth"', rounds: str = "") -> str:
    """A two-Magi level-2 match, White first (more Essence): White's Codex as given, Black's Fireballs."""
    return HEADER % codex + rounds


def located(err: str, line: int, code: str, message: str) -> bool:
    """The diagnostic is at ``line`` of test.scenario, with ``code`` and a message holding ``message``."""
    return any(head.startswith(f"test.scenario:{line}:") and f"error[{code}]" in head and message in head
               for head in err.splitlines())


ROUND = """round 1 {
    dice 7
    %s
}
"""


def test_invalid_utf8_is_a_located_error() -> None:
    code, _, err = play_text(scenario(rounds=ROUND % "White meditates").encode() + b"// caf\xe9\n")
    assert code == 1 and "Traceback" not in err
    assert located(err, 16, "E000", "the file is not UTF-8 text: byte 0xe9 cannot start a character here")


def test_unknown_being_in_expect_is_located_with_a_suggestion() -> None:
    code, _, err = play_text(scenario(rounds=ROUND % "expect Whte essence 5"))
    assert code == 1 and located(err, 14, "E303", "no being is named Whte: the match sets up White, Black")
    assert "help: did you mean 'White'?" in err


def test_unknown_being_is_refused_in_every_kind_of_line() -> None:
    for line in ("Nobody meditates", 'Nobody prepares "Fireball"', "Nobody goes first", 'Nobody declines "X"',
                 "expect Nobody essence 5", "expect winner Nobody", 'White casts "Acidic Matter" at Nobody',
                 'White casts "Acidic Matter" at "Fireball" of Nobody', "Nobody enters standard mode"):
        code, _, err = play_text(scenario(rounds=ROUND % line))
        assert code == 1 and located(err, 14, "E303", "Nobody"), line


def test_a_being_set_up_twice_is_refused() -> None:
    text = scenario().replace("magi Black", "magi White", 1)
    code, _, err = play_text(text)
    assert code == 1 and located(err, 7, "E304", "White is set up twice (first at line 3)")


def test_huge_copy_count_is_refused_before_the_codex_is_built() -> None:
    """`codex "Fireball" x99999999` used to be killed by the OOM killer."""
    code, _, err = play_text(scenario(codex='"Fireball" x99999999'))
    assert code == 1 and located(err, 5, "E302", "copies of 'Fireball' must be from 1 to 3, not 99999999")
    assert "regardless of fluency level" in err


def test_numbers_past_pythons_digit_limit_are_refused() -> None:
    code, _, err = play_text(scenario(rounds=ROUND % ("expect White essence " + "9" * 5000)))
    assert code == 1 and located(err, 14, "E005", "number 999999...(5000 digits) is out of range")


def test_each_number_has_a_range() -> None:
    cases = {"dice 11": "a ten-sided die must be from 1 to 10, not 11",
             "Black exchanges 1000 Will for 3 Resonance": "an exchanged amount must be from 0 to 999",
             'expect Black attack has "Fireball" duration 1000': "an expected duration count must be from 0"}
    for line, message in cases.items():
        code, _, err = play_text(scenario(rounds=ROUND % line))
        assert code == 1 and located(err, 14, "E302", message), line
    code, _, err = play_text(scenario() + "round 0 {\n}\n")
    assert code == 1 and located(err, 12, "E302", "a round number must be from 1 to 999, not 0")
    code, _, err = play_text(scenario().replace("level 2", "level 7"))
    assert code == 1 and located(err, 2, "E302", "the level must be from 1 to 2, not 7")


def test_bad_string_escapes_are_located() -> None:
    for bad, code_, message in ((r'"\N{foo}"', "E002", "unknown Unicode character name"),
                                (r'"\x4"', "E002", r"truncated \xXX escape"),
                                (r'"\ud800"', "E004", "half of a surrogate pair")):
        code, _, err = play_text(scenario(codex=bad))
        assert code == 1 and located(err, 5, code_, message), bad


def test_a_round_that_never_ends_stops_at_the_decision_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """A replay is bounded: past the limit of decisions in one round it stops with a diagnostic."""
    monkeypatch.setattr("spellc.engine.rulesets.serpents_tongue.scenario.DECISION_LIMIT", 3)
    code, _, err = play_text(scenario(rounds=ROUND % "White meditates"))
    assert code == 1 and "round 1 asked more than 3 decisions without ending" in err and "error[E300]" in err


def test_leading_zeros_do_not_reach_the_digit_limit() -> None:
    """`level 000...07` (5,001 digits) is level 7, refused as such, not a ValueError from int()."""
    code, _, err = play_text(scenario().replace("level 2", "level " + "0" * 5000 + "7"))
    assert code == 1 and located(err, 2, "E302", "the level must be from 1 to 2, not 7")
