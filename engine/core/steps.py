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

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from spellc.engine.core.decisions import NO, YES, Choice, Decision, Flow

Ctx = TypeVar("Ctx")  # the ruleset's effect: who plays it, on what, in which game


@dataclass(frozen=True, slots=True)
class Do:
    """A step kind of the ruleset with its arguments, as the card gives them: ``deal 4 damage to target``
    is ``Do("deal damage", (4, "target"))``."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class Condition:
    """A condition kind of the ruleset with its arguments: ``you are incanting``."""

    kind: str
    args: tuple[Any, ...] = ()


@dataclass(frozen=True, slots=True)
class May:
    action: Do


@dataclass(frozen=True, slots=True)
class If:
    condition: Condition
    action: Do


@dataclass(frozen=True, slots=True)
class Unless:
    action: Do
    condition: Condition


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
Predicate = Callable[..., bool]
CanPay = Callable[..., bool]


@dataclass
class StepKinds(Generic[Ctx]):
    """A ruleset's step kinds, conditions and costs, declared once each by name (a decorator per kind)."""

    actions: dict[str, Action] = field(default_factory=dict)
    conditions: dict[str, Predicate] = field(default_factory=dict)
    costs: dict[str, tuple[CanPay, Action]] = field(default_factory=dict)

    def action(self, name: str) -> Callable[[Action], Action]:
        def register(fn: Action) -> Action:
            self._unique(name, self.actions)
            self.actions[name] = fn
            return fn
        return register

    def condition(self, name: str) -> Callable[[Predicate], Predicate]:
        def register(fn: Predicate) -> Predicate:
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


def walk(steps: Sequence[Step], into_internal: bool = True) -> Iterator[Step]:
    """Every step, nested ones included (optionally not the action of a pay-to: an internal action)."""
    for step in steps:
        yield step
        if isinstance(step, ChooseOne):
            for option in step.options:
                yield from walk(option, into_internal)
        elif isinstance(step, May | If | Unless | IfYouDid) or (isinstance(step, PayTo) and into_internal):
            yield from walk((step.action,), into_internal)


def actions(steps: Sequence[Step]) -> list[Do]:
    """Every step kind an effect may do, wherever it is nested (the costs of a pay-to aside)."""
    return [s for s in walk(steps) if isinstance(s, Do)]


Words = Callable[[Do | Condition], str]  # a ruleset's words for a step kind, a cost or a condition


def text(step: Step, words: Words) -> str:
    """A step as seed 003 writes it (6.5), lower case, around what ``words`` says of a step kind, a cost or a
    condition: "you may [do step]", "if [condition], [do step]", "[do step] unless [condition]", "if you did,
    [do Y]", "you may [pay cost] to [do effect]" (a cost's words carry their verb: "pay 2 charges", "discard
    this spell") and "choose one" with its options after bullets."""
    if isinstance(step, Do):
        return words(step)
    if isinstance(step, May):
        return f"you may {text(step.action, words)}"
    if isinstance(step, If):
        return f"if {words(step.condition)}, {text(step.action, words)}"
    if isinstance(step, Unless):
        return f"{text(step.action, words)} unless {words(step.condition)}"
    if isinstance(step, IfYouDid):
        return f"if you did, {text(step.action, words)}"
    if isinstance(step, PayTo):
        return f"you may {' and '.join(words(c) for c in step.costs)} to {text(step.action, words)}"
    return "choose one: " + " ".join(f"• {capitalize(clauses(option, words))}" for option in step.options)


def clauses(steps: Sequence[Step], words: Words) -> str:
    """Steps as sentences with their full stops, the first in lower case (to follow "When ...:"): seed 003
    writes "[Do X]; if you did, [do Y]", the condition belonging to the step before it."""
    sentences: list[str] = []
    for step in steps:
        said = text(step, words)
        if isinstance(step, IfYouDid) and sentences:
            sentences[-1] = f"{sentences[-1]}; {said}"
        else:
            sentences.append(said)
    if not sentences:
        return "nothing happens."
    # A "choose one" ends with its last option's own full stop.
    return " ".join(s if s.endswith(".") else f"{s}." for s in
                    (s if i == 0 else capitalize(s) for i, s in enumerate(sentences)))


@dataclass(frozen=True, slots=True)
class Paragraph:
    """Rules text as a page lays it out: sentences, or a "choose one" with its options one by one."""

    text: str
    options: tuple[str, ...] = ()


def paragraphs(steps: Sequence[Step], words: Words) -> list[Paragraph]:
    """Steps as :func:`clauses` says them (the first in lower case), but each "choose one" of the effect
    itself set apart, its options listed instead of run together after bullets."""
    said: list[Paragraph] = []
    run: list[Step] = []
    for step in [*steps, None]:
        if step is not None and not isinstance(step, ChooseOne):
            run.append(step)
            continue
        if run:
            said.append(Paragraph(clauses(run, words)))
            run = []
        if step is not None:
            said.append(Paragraph("choose one:", tuple(capitalize(clauses(o, words)) for o in step.options)))
    return [p if i == 0 else Paragraph(capitalize(p.text), p.options) for i, p in enumerate(said)]


@dataclass(frozen=True)
class Wording:
    """A ruleset's words for its step kinds, conditions and costs, by name, each from the arguments the card gives
    (``"deal damage": lambda amount, who: f"deal {amount} damage to {who}"``); the card's text, the site and the
    prompts read a step through it, in seed 003's forms."""

    phrases: Mapping[str, Callable[..., str]]

    def words(self, step: Do | Condition) -> str:
        return self.phrases[step.kind](*step.args)

    def describe(self, step: Step) -> str:
        """A step as the card prints it."""
        return text(step, self.words)

    def describe_all(self, steps: Sequence[Step]) -> str:
        """Steps as the card prints them, as sentences, the first in lower case."""
        return clauses(steps, self.words)

    def paragraphs(self, steps: Sequence[Step]) -> list[Paragraph]:
        """Steps as a page lays them out (see :func:`paragraphs`)."""
        return paragraphs(steps, self.words)


def capitalize(said: str) -> str:
    return said[:1].upper() + said[1:]


@dataclass
class Asker:
    """Who answers an effect's questions, and how its steps are named to them.

    Its three questions (:meth:`may`, :meth:`pay`, :meth:`mode`) ask as seed 003 says by default; a ruleset
    whose questions carry more (a pay-to cost chosen with an energy exchange beside it, a mode declared
    with the effect's targets) overrides them in a subclass."""

    being: str
    card: str | None
    describe: Callable[[Step], str]

    def may(self, step: May) -> Flow[bool]:
        """"The controller of the effect chooses whether to do [step] or not just before that step would
        happen" (6.5.b)."""
        return (yield from self.yes("may", f"{self.describe(step.action)}?"))

    def pay(self, step: PayTo, ctx: Any, kinds: StepKinds[Any]) -> Flow[bool]:
        """"You may [pay cost] to [do effect]": offered only when the cost can be paid in full ("if a player
        chooses to pay a cost, they must be able to pay it in full", 6.4.c); whether it was paid."""
        if not all(kinds.costs[c.kind][0](ctx, *c.args) for c in step.costs):
            return False
        if not (yield from self.yes("pay", f"{self.describe(step)}?")):
            return False
        for cost in step.costs:
            if not (yield from kinds.costs[cost.kind][1](ctx, *cost.args)):
                return False
        return True

    def mode(self, step: ChooseOne, path: Path) -> Flow[int]:
        """The option of a "choose one", asked when the effect is declared."""
        options = tuple(Choice("; ".join(self.describe(s) for s in option), n)
                        for n, option in enumerate(step.options))
        picked = yield Decision("choose one", self.being, "choose one", options, self.card)
        return int(picked.value)

    def yes(self, kind: str, prompt: str) -> Flow[bool]:
        answer = yield Decision(kind, self.being, prompt, (YES, NO), self.card)
        return bool(answer.value)


Path = tuple[int, ...]  # where a "choose one" sits in an effect's steps: its index, and the modes above it


def run(steps: Sequence[Step], ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker) -> Flow[bool]:
    """Resolve ``steps`` in order for ``ctx``: the modes of its "choose one" steps first, as it is declared
    ("the choice of mode is done when the spell ... is declared, before its resolution", seed 003, 6.5.e).
    Whether its last step was done."""
    modes = yield from declare(steps, ask, ())
    return (yield from _resolve_all(steps, ctx, kinds, ask, modes, ()))


def declare(steps: Sequence[Step], ask: Asker, path: Path) -> Flow[dict[Path, int]]:
    """The mode of every "choose one" the effect will meet, asked in the order they are written."""
    modes: dict[Path, int] = {}
    for i, step in enumerate(steps):
        if isinstance(step, ChooseOne):
            picked = yield from ask.mode(step, (*path, i))
            modes[(*path, i)] = picked
            modes |= yield from declare(step.options[picked], ask, (*path, i, picked))
    return modes


def _resolve_all(steps: Sequence[Step], ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker, modes: dict[Path, int],
                 path: Path) -> Flow[bool]:
    did = False
    for i, step in enumerate(steps):
        if isinstance(step, ChooseOne):
            mode = modes[(*path, i)]
            did = yield from _resolve_all(step.options[mode], ctx, kinds, ask, modes, (*path, i, mode))
        else:
            did = yield from resolve(step, ctx, kinds, ask, did)
    return did


def resolve(step: Do | May | If | Unless | IfYouDid | PayTo, ctx: Ctx, kinds: StepKinds[Ctx], ask: Asker,
            did_before: bool) -> Flow[bool]:
    """One step ("choose one" aside: its mode was declared); whether its action was done. A part that cannot
    be performed returns False and "the remainder of the effect happens as normal" (6.5.f)."""
    if isinstance(step, Do):
        return (yield from kinds.actions[step.kind](ctx, *step.args))
    if isinstance(step, May):
        if not (yield from ask.may(step)):
            return False
        return (yield from resolve(step.action, ctx, kinds, ask, did_before))
    if isinstance(step, If | Unless):
        # "The condition is evaluated just before that step would happen" (6.5.c).
        held = kinds.conditions[step.condition.kind](ctx, *step.condition.args)
        if held != isinstance(step, If):
            return False
        return (yield from resolve(step.action, ctx, kinds, ask, did_before))
    if isinstance(step, IfYouDid):
        # "The condition is true if the player started do [do X]" (6.5.d).
        return (yield from resolve(step.action, ctx, kinds, ask, did_before)) if did_before else False
    # Declined, "the internal action is ignored and the resolution of the effect resumes" (6.5.g).
    if not (yield from ask.pay(step, ctx, kinds)):
        return False
    return (yield from resolve(step.action, ctx, kinds, ask, did_before))
