"""The rules text of Serpent's Tongue's cards on the core's effect steps (engine.core.steps: may / if / unless /
if you did / pay ... to / choose one), and its step kinds, each declared once.

A step kind is declared with :func:`kind` in the rule module that plays it (``deal`` and the charges in
effects, ``cast ... for free`` in casting): its function, what each of its arguments is as a card writes it
(the checker reads the card's words into that), its words, and what it refuses to be aimed at. With the line
of grammar/serpents_tongue.lark that names it (``-> add_charges`` is the kind "add charges"), that is all a
new step kind takes: two files. The compiler writes a card's rules text as these values (generated/), the
site renders it with :func:`describe`, and :func:`play` runs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from spellc.engine.core import steps as core
from spellc.engine.core.decisions import Flow
from spellc.engine.core.steps import Asker, ChooseOne, Do, If, May, PayTo, Step, StepKinds, Unless, walk
from spellc.engine.rulesets.serpents_tongue.cards import Comparison, Cost, StepTarget
from spellc.engine.rulesets.serpents_tongue.protocol import Effect
from spellc.engine.rulesets.serpents_tongue.wording import condition_text, target_text

# What an argument of a step kind is, as a card writes it; the checker reads the card's words into each:
#   directive     an aspect the registry calls a directive: `Dmg 2`, `Physical Dmg 1`  -> Aspect
#   target        who or what the step is aimed at: `bearer`, `target`, `target Curse` -> a word or StepTarget
#   controllable  a target of the step's own that has a controller: a spell or a Koishaka -> StepTarget
#   amount        a number -> int;  charge: a kind of charge -> str;  energy: an energy -> Energy
#   spells        a kind of the controller's spells: `Bio Attack spell` -> Selector
PARAMS = ("directive", "target", "controllable", "amount", "charge", "energy", "spells")

# What a pay-to cost is (``you may pay 1 Resonance and discard this to ...``): an energy cost, or a card to
# discard. The effect's controller pays them together (Effect.pay_optional), with an energy exchange beside.
PAY, DISCARD = "pay", "discard"


@dataclass(frozen=True)
class Signature:
    """How cards write a step kind: its arguments' kinds (:data:`PARAMS`), its words (from its arguments,
    lower case: "deal Dmg 2 to the bearer"), and ``refuses(on_spell, named, *args)``: why its target
    cannot be what the card names (a spell, or else a Magi; ``named`` as the card writes it), or None."""

    params: tuple[str, ...]
    words: Callable[..., str]
    refuses: Callable[..., str | None] | None = None


KINDS: StepKinds[Effect] = StepKinds()
SIGNATURES: dict[str, Signature] = {}


def kind(name: str, params: tuple[str, ...], words: Callable[..., str],
         refuses: Callable[..., str | None] | None = None) -> Callable[[core.Action], core.Action]:
    """Declare the step kind ``name`` played by the decorated function ``(fx, *args) -> Flow[bool]``."""
    unknown = [p for p in params if p not in PARAMS]
    if unknown:
        raise ValueError(f"the step kind {name!r} takes arguments of no known kind: {unknown}")

    def register(fn: core.Action) -> core.Action:
        KINDS.action(name)(fn)
        SIGNATURES[name] = Signature(params, words, refuses)
        return fn
    return register


@KINDS.condition("compare")
def compare(fx: Effect, comparison: Comparison) -> bool:
    """``if bearer has at least 2 Karma charges``: "evaluated just before that step would happen" (6.5.c)."""
    return fx.check(comparison)


# ---------------------------------------------------------------------- words
def words(step: Do | core.Condition) -> str:
    """A step kind, a cost or a condition in this game's words, lower case."""
    if isinstance(step, core.Condition):
        return condition_text(step.args[0])
    if step.kind == PAY:
        return f"pay {step.args[0].text()}"
    if step.kind == DISCARD:
        return f"discard {target_text(step.args[0])}"
    return SIGNATURES[step.kind].words(*step.args)


def describe(step: Step) -> str:
    """One step as a sentence without its full stop: ``Deal Physical Dmg 1 to target opponent``."""
    return core.capitalize(core.text(step, words))


def describe_all(steps: Sequence[Step]) -> str:
    """Steps as sentences: ``Deal Dmg 1 to the bearer; if you did, gain 1 Resonance.``"""
    return core.capitalize(core.clauses(steps, words))


def clauses(steps: Sequence[Step]) -> str:
    """Steps as sentences, the first in lower case, ready to follow a colon ("When ...: add ...")."""
    return core.clauses(steps, words)


# ---------------------------------------------------------------------- reading steps
def step_targets(steps: Sequence[Step], into_internal: bool = True) -> Iterator[StepTarget]:
    """The targets of their own the steps take (``target Curse``), in the order they are written."""
    for step in walk(steps, into_internal):
        if isinstance(step, Do):
            yield from (a for a in step.args if isinstance(a, StepTarget))


def names_target(steps: Sequence[Step]) -> bool:
    """Whether the steps speak of the spell's own target ("the target"), in a step, a cost or a condition."""
    for step in walk(steps):
        if isinstance(step, Do) and "target" in step.args:
            return True
        if isinstance(step, PayTo) and any("target" in c.args for c in step.costs):
            return True
        if isinstance(step, If | Unless) and step.condition.args[0].quantity.of == "target":
            return True
    return False


# ---------------------------------------------------------------------- playing
@dataclass
class EffectAsker(Asker):
    """The effect's controller answers its questions: as the Effect asks them (an incapacitated controller
    declines; a pay-to cost is chosen with an energy exchange beside it, its step targets with it)."""

    fx: Any = None

    def may(self, step: May) -> Flow[bool]:
        return (yield from self.fx.may(describe(step.action)))

    def pay(self, step: PayTo, ctx: Any, kinds: StepKinds[Any]) -> Flow[bool]:
        costs: tuple[Cost, ...] = tuple(c.args[0] for c in step.costs if c.kind == PAY)
        discards: tuple[str, ...] = tuple(c.args[0] for c in step.costs if c.kind == DISCARD)
        targets = tuple(step_targets((step.action,)))
        return (yield from self.fx.pay_optional(costs, discards, describe(step), targets))

    def mode(self, step: ChooseOne, path: core.Path) -> Flow[int]:
        return (yield from self.fx.choose_mode(tuple(describe_all(o) for o in step.options)))


def play(fx: Effect, method: str) -> Flow[bool]:
    """The card's rules text ``method`` (``on_impact``, a trigger's, an ability's) for ``fx``: its mode and
    step targets declared first (a no-op when its spell's cast declared them), then its steps. Whether
    its last step was done."""
    steps = fx.card.spec.rules_text.get(method)
    if steps is None:
        return False
    yield from fx.declare(method)
    ask = EffectAsker(fx.controller.name, fx.card.title, describe, fx)
    return (yield from core.run(steps, fx, KINDS, ask))
