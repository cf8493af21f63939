"""The one scenario core (engine.core.scenario), as every game uses it (issue 28, item 2: "failure messages in the
game's words, never a Python repr")."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from spellc.engine.core.decisions import Choice, Decision, Outcome
from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.scenario import WINNER, Expect, Expectation, Refused, Replay, Script, Vocabulary, verify, words

HERE = Where("s.scenario", 3, 5, 20)


class Match:
    outcome: Outcome | None = None

    def explain(self, decision: Decision, choice: str) -> str | None:
        return None  # no rule of the game's says why


def refusal_logged(who: str, label: str) -> str:
    """The log line of `refused WHO LABEL` checked while Toby is asked which card he plays (only "Spark")."""
    game, logged = Match(), []
    vocabulary: Vocabulary[Any] = Vocabulary(expectations={}, being="player", subject=lambda g, name: None,
                                             when=lambda g: "turn 1", say=lambda g, text: logged.append(text),
                                             cannot=lambda who, label: f"{who} cannot {label}")
    match = SimpleNamespace(decision=Decision("play", "Toby", "which card?", (Choice("Spark"),)))
    script = Script(game, match, Replay(game, []), vocabulary)  # type: ignore[arg-type]
    script.refused(Refused(who=who, label=label, where=HERE, said=f"{who} plays {label}"))
    return logged[0]


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


def test_a_refusal_of_ones_own_answer_no_rule_explains_says_the_rules_do_not_allow_it() -> None:
    """A player asked a question is refused an answer it does not offer: not "it is Toby's decision"."""
    assert refusal_logged("Toby", "Ember") == 'refused: Toby plays Ember: Decision: the rules do not allow it now ' \
        '("which card?")'


def test_a_refusal_of_another_beings_answer_says_whose_decision_it_is() -> None:
    assert refusal_logged("Ana", "Spark") == 'refused: Ana plays Spark: Decision: it is Toby\'s decision ' \
        '("which card?")'
