"""The steps of an effect, after seed 003 (Altered's rules text), as data, and the one runtime that plays
them for every ruleset.

"An effect is made of steps resolved in order": a step is mandatory (:class:`Do`), optional ("you may":
:class:`May`), conditional ("if", :class:`If`; "unless", :class:`Unless`), depends on the step before
("if you did", :class:`IfYouDid`), an internal action ("you may pay X to Y", :class:`PayTo`) or a choice
("choose one", :class:`ChooseOne`). What a step *does*, what a condition *asks* and what a cost *takes* are
the ruleset's: it declares them once each in a :class:`StepKinds`, by the words its grammar gives them,
and the compiler writes cards' steps as these values, so a compiled card holds only its own data.

Every action returns whether it was done: "if you did" asks that of the step before, and a part that
cannot happen is skipped while the rest of the effect goes on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from engine.core.decisions import NO, YES, Choice, Decision, Flow

Ctx = TypeVar("Ctx")  # the ruleset's effect: who plays it, on what, in which game


@dataclass(frozen=True, slots=True)
class Do:
    """A step kind of the ruleset with its arguments, as the card gives them: ``deal 4 damage to target``
    is ``Do("deal damage", (4, "target"))``."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Test:
    """A condition kind of the ruleset with its arguments: ``you are incanting``."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class May:
    action: Do


@dataclass(frozen=True, slots=True)
class If:
    condition: Test
    action: Do


@dataclass(frozen=True, slots=True)
class Unless:
    action: Do
    condition: Test


@dataclass(frozen=True, slots=True)
class IfYouDid:
    action: Do


@dataclass(frozen=True, slots=True)
class PayTo:
    costs: tuple[Do, ...]
    action: Do


@dataclass(frozen=True, slots=True)
class ChooseOne:
    options: tuple[tuple[Step, ...], ...]


Step = Do | May | If | Unless | IfYouDid | PayTo | ChooseOne

Action = Callable[..., Flow[bool]]
Condition = Callable[..., bool]
CanPay = Callable[..., bool]


@dataclass
class StepKinds(Generic[Ctx]):
    """A ruleset's step kinds, conditions and costs, declared once each by name (a decorator per kind)."""

    actions: dict[str, Action] = field(default_factory=dict)
    conditions: dict[str, Condition] = field(default_factory=dict)
    costs: dict[str, tuple[CanPay, Action]] = field(default_factory=dict)

    def action(self, name: str) -> Callable[[Action], Action]:
        def register(fn: Action) -> Action:
            self._unique(name, self.actions)
            self.actions[name] = fn
            return fn
        return register

    def condition(self, name: str) -> Callable[[Condition], Condition]:
        def register(fn: Condition) -> Condition:
            self._unique(name, self.conditions)
            self.conditions[name] = fn
            return fn
        return register

    def cost(self, name: str, can_pay: CanPay) -> Callable[[Action], Action]:
        def register(fn: Action) -> Action:
            self._unique(name, self.costs)
            self.costs[name] = (can_pay, fn)
            return fn
        return register

    @staticmethod
    def _unique(name: str, table: dict[str, Any]) -> None:
        if name in table:
            raise ValueError(f"the step kind {name!r} is declared twice")


@dataclass
class Asker:
    """Who answers an effect's questions, and how its steps are named to them."""

    being: str
    card: str | None
    describe: Callable[[Step], str]


def run(steps: Sequence[Step], ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker) -> Flow[None]:
    """Resolve ``steps`` in order for ``ctx``."""
    did = False
    for step in steps:
        did = yield from resolve(step, ctx, kinds, ask, did)


def resolve(step: Step, ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker, did_before: bool) -> Flow[bool]:
    """One step; whether its action was done."""
    if isinstance(step, Do):
        return (yield from kinds.actions[step.kind](ctx, *step.args))
    if isinstance(step, May):
        if not (yield from _yes(ask, "may", f"{ask.describe(step.action)}?")):
            return False
        return (yield from resolve(step.action, ctx, kinds, ask, did_before))
    if isinstance(step, If):
        held = kinds.conditions[step.condition.kind](ctx, *step.condition.args)
        return (yield from resolve(step.action, ctx, kinds, ask, did_before)) if held else False
    if isinstance(step, Unless):
        held = kinds.conditions[step.condition.kind](ctx, *step.condition.args)
        return False if held else (yield from resolve(step.action, ctx, kinds, ask, did_before))
    if isinstance(step, IfYouDid):
        return (yield from resolve(step.action, ctx, kinds, ask, did_before)) if did_before else False
    if isinstance(step, PayTo):
        return (yield from _pay_to(step, ctx, kinds, ask, did_before))
    if isinstance(step, ChooseOne):
        return (yield from _choose_one(step, ctx, kinds, ask))
    raise TypeError(f"no runtime for the step {step!r}")


def _yes(ask: Asker, kind: str, prompt: str) -> Flow[bool]:
    answer = yield Decision(kind, ask.being, prompt, (YES, NO), ask.card)
    return bool(answer.value)


def _pay_to(step: PayTo, ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker, did_before: bool) -> Flow[bool]:
    """"You may pay X to Y": offered only when every cost can be paid; Y happens only if X was paid."""
    if not all(kinds.costs[c.kind][0](ctx, *c.args) for c in step.costs):
        return False
    if not (yield from _yes(ask, "pay", f"pay {', '.join(ask.describe(c) for c in step.costs)} to "
                                         f"{ask.describe(step.action)}?")):
        return False
    for cost in step.costs:
        if not (yield from kinds.costs[cost.kind][1](ctx, *cost.args)):
            return False
    return (yield from resolve(step.action, ctx, kinds, ask, did_before))


def _choose_one(step: ChooseOne, ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker) -> Flow[bool]:
    options = tuple(Choice("; ".join(ask.describe(s) for s in option), i) for i, option in enumerate(step.options))
    picked = yield Decision("choose one", ask.being, "choose one", options, ask.card)
    did = False
    for s in step.options[picked.value]:
        did = yield from resolve(s, ctx, kinds, ask, did)
    return did
