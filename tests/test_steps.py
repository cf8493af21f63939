"""The core's effect-step runtime (engine/core/steps.py) against seed 003's rules of resolution, with a toy
set of step kinds: a counter to add to, a flag to test, tokens to pay. One test per rule, quoting it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from spellc.engine.core.decisions import Choice, Decision, Flow
from spellc.engine.core.steps import (
    Asker,
    ChooseOne,
    Condition,
    Do,
    If,
    IfYouDid,
    May,
    PayTo,
    Step,
    StepKinds,
    Unless,
    clauses,
    run,
    text,
)


@dataclass
class Board:
    total: int = 0
    flag: bool = False
    tokens: int = 0
    done: list[str] = field(default_factory=list)


KINDS: StepKinds[Board] = StepKinds()


@KINDS.action("add")
def add(board: Board, n: int) -> Flow[bool]:
    board.total += n
    board.done.append(f"add {n}")
    return True
    yield


@KINDS.action("fail")
def fail(board: Board) -> Flow[bool]:
    """A step that cannot be performed."""
    board.done.append("fail")
    return False
    yield


@KINDS.condition("flag")
def flag(board: Board) -> bool:
    return board.flag


def _can_pay(board: Board, n: int) -> bool:
    return board.tokens >= n


@KINDS.cost("tokens", _can_pay)
def pay(board: Board, n: int) -> Flow[bool]:
    board.tokens -= n
    return True
    yield


ASK = Asker("P", None, lambda step: str(step))


def resolve(steps: tuple[Step, ...], board: Board, answers: list[object] = ()) -> list[Decision]:  # type: ignore[assignment]
    """Run the steps, answering each decision with the next answer (by value); the decisions asked."""
    asked: list[Decision] = []
    flow = run(steps, board, KINDS, ASK)
    pending = list(answers)
    try:
        decision = next(flow)
        while True:
            asked.append(decision)
            value = pending.pop(0)
            decision = flow.send(next(c for c in decision.options if c.value == value))
    except StopIteration:
        pass
    assert not pending, "an answer was left over"
    return asked


def test_steps_resolve_in_order() -> None:
    """"Effects may have several steps. There is usually one step for each verb in an effect" (1.2.6.b)."""
    board = Board()
    resolve((Do("add", (1,)), Do("add", (2,))), board)
    assert board.done == ["add 1", "add 2"]


def test_optional_step_is_asked_just_before_it_happens() -> None:
    """"The controller of the effect chooses whether to do [step] or not just before that step would happen.
    If they choose not to, the step is ignored and the effect continues resolving" (6.5.b)."""
    board = Board()
    asked = resolve((Do("add", (1,)), May(Do("add", (2,))), Do("add", (4,))), board, [False])
    assert [d.kind for d in asked] == ["may"] and board.total == 5
    board = Board()
    resolve((May(Do("add", (2,))),), board, [True])
    assert board.total == 2


def test_conditional_step_if_and_unless() -> None:
    """"The condition is evaluated just before that step would happen. If it is false in the first case, or
    true in the second, the step is ignored and the effect continues resolving" (6.5.c)."""
    board = Board(flag=False)
    resolve((If(Condition("flag"), Do("add", (1,))), Unless(Do("add", (2,)), Condition("flag"))), board)
    assert board.total == 2
    board = Board(flag=True)
    resolve((If(Condition("flag"), Do("add", (1,))), Unless(Do("add", (2,)), Condition("flag"))), board)
    assert board.total == 1


def test_if_you_did_follows_the_step_before() -> None:
    """"The condition is true if the player started do [do X]" (6.5.d)."""
    board = Board()
    resolve((Do("add", (1,)), IfYouDid(Do("add", (10,))), Do("fail"), IfYouDid(Do("add", (100,)))), board)
    assert board.total == 11
    board = Board()
    resolve((May(Do("add", (1,))), IfYouDid(Do("add", (10,)))), board, [False])
    assert board.total == 0


def test_modes_are_chosen_when_the_effect_is_declared() -> None:
    """"The choice of mode is done when the spell ... is declared, before its resolution. Modes that were
    not chosen are ignored" (6.5.e): the mode is asked before the first step happens."""
    board = Board()
    steps = (Do("add", (1,)), ChooseOne(((Do("add", (10,)),), (Do("add", (100,)), May(Do("add", (5,)))))))
    flow = run(steps, board, KINDS, ASK)
    decision = next(flow)
    assert decision.kind == "choose one" and board.done == []
    decision = flow.send(decision.options[1])
    assert decision.kind == "may" and board.total == 101
    with pytest.raises(StopIteration):
        flow.send(Choice("no", False))
    assert board.total == 101


def test_a_part_that_cannot_be_performed_is_ignored() -> None:
    """"If part of an effect cannot be performed, it is ignored; the remainder of the effect happens as
    normal" (6.5.f)."""
    board = Board()
    resolve((Do("fail"), Do("add", (3,))), board)
    assert board.done == ["fail", "add 3"] and board.total == 3


def test_internal_action_is_optional_and_paid_in_full() -> None:
    """"Paying the cost of an internal action is optional; if the player declines to pay the cost, the
    internal action is ignored and the resolution of the effect resumes" (6.5.g); "if a player chooses to
    pay a cost, they must be able to pay it in full" (6.4.c)."""
    step = PayTo((Do("tokens", (2,)),), Do("add", (7,)))
    board = Board(tokens=2)
    resolve((step, Do("add", (1,))), board, [False])
    assert (board.total, board.tokens) == (1, 2)
    board = Board(tokens=2)
    resolve((step,), board, [True])
    assert (board.total, board.tokens) == (7, 0)
    board = Board(tokens=1)
    assert resolve((step,), board) == [] and board.total == 0  # not offered: it cannot be paid in full


def test_a_step_kind_is_declared_once() -> None:
    kinds: StepKinds[Board] = StepKinds()
    kinds.action("add")(add)
    with pytest.raises(ValueError, match="declared twice"):
        kinds.action("add")(add)


def test_steps_read_as_rules_text_in_seed_003s_words() -> None:
    """The forms are seed 003's ("You may [do step]", "If [condition], [do step]", "[Do Step] unless
    [condition]", "if you did", "You may [pay cost] to [do effect]", "Choose one"); a game gives its words."""
    def words(step: Do | Condition) -> str:
        return f"{step.kind} {' '.join(map(str, step.args))}".strip()

    steps = (May(Do("add", (1,))), If(Condition("flag"), Do("add", (2,))), Unless(Do("add", (3,)), Condition("flag")),
             IfYouDid(Do("fail")), PayTo((Do("pay", (2,)), Do("discard", ("this",))), Do("add", (7,))),
             ChooseOne(((Do("add", (1,)),), (Do("fail"), Do("add", (2,))))))
    assert [text(s, words) for s in steps] == [
        "you may add 1", "if flag, add 2", "add 3 unless flag", "if you did, fail",
        "you may pay 2 and discard this to add 7", "choose one: • Add 1. • Fail. Add 2."]


def test_an_if_you_did_belongs_to_the_step_before_it() -> None:
    """"Some conditional effects are written '[Do X]; if you did, [do Y]'" (6.5.d); other steps are
    sentences of their own."""
    def words(step: Do | Condition) -> str:
        return f"{step.kind} {' '.join(map(str, step.args))}".strip()

    steps = (Do("add", (1,)), IfYouDid(Do("add", (2,))), May(Do("fail")))
    assert clauses(steps, words) == "add 1; if you did, add 2. You may fail."
    assert clauses((), words) == "nothing happens."
