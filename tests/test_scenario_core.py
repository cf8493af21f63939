"""The one scenario core (engine.core.scenario), as every game uses it (issue 28, item 2: "failure messages in the
game's words, never a Python repr")."""

from __future__ import annotations

import pytest

from spellc.engine.core.decisions import Outcome
from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.scenario import WINNER, Expect, Expectation, verify, words

HERE = Where("s.scenario", 3, 5, 20)


class Match:
    outcome: Outcome | None = None


def failure(kind: Expectation, found: object, value: object, negated: bool = False, who: str | None = "Ana") -> str:
    with pytest.raises(ReplayError) as stopped:
        verify(Expectation(read=lambda g, s, v: found, said=kind.said, want=kind.want, found=kind.found), Match(),
               None, Expect(who=who, what="x", value=value, negated=negated, where=HERE), "turn 2")
    return stopped.value.message


def test_a_value_is_said_as_a_script_writes_it() -> None:
    assert [words(v) for v in (("Frozen", 20), None, True, 3)] == ["Frozen 20", "none", "yes", "3"]


def test_a_failed_expectation_says_where_what_was_expected_and_what_was_found() -> None:
    wounds = Expectation(read=lambda g, s, v: 0, said=lambda n: f"wounds {n}")
    assert failure(wounds, 0, 1) == "turn 2: expected Ana wounds 1; found 0"


def test_a_yes_or_no_expectation_says_is_or_is_not() -> None:
    frozen = Expectation(read=lambda g, s, v: False, said=lambda _: "Frozen", want=lambda _: True)
    assert failure(frozen, False, None) == "turn 2: expected Ana Frozen; Ana is not"
    assert failure(frozen, True, None, negated=True) == "turn 2: expected Ana not Frozen; Ana is"


def test_the_winner_is_the_match_s() -> None:
    match = Match()
    match.outcome = Outcome(winner="Red")
    verify(WINNER, match, None, Expect(who=None, what="winner", value="Red", where=HERE), "turn 9")
    assert failure(WINNER, None, "Blue", who=None) == "turn 2: expected the winner Blue; found no winner"
