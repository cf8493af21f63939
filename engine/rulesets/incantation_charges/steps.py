"""The step kinds of Incantation charges' cards, each declared once: what it does, under the words the grammar
fragment gives it (grammar/incantation_charges.lark: `-> deal_damage` is the kind "deal damage"), and how it
reads (WORDING). The core (engine.core.steps) resolves may / if / unless / if you did / pay ... to / choose
one around them; the compiler turns each grammar alternative into its kind by name. A new step kind is a
line of the grammar fragment and a function here: two files."""

from __future__ import annotations

from collections.abc import Callable

from spellc.engine.core import resources
from spellc.engine.core.decisions import Flow
from spellc.engine.core.steps import StepKinds, Wording
from spellc.engine.rulesets.incantation_charges import incantation
from spellc.engine.rulesets.incantation_charges.state import CHARGES
from spellc.engine.rulesets.incantation_charges.table import Effect, draw, heal, spend_charges, suffer_damage

KINDS: StepKinds[Effect] = StepKinds()


def _done(value: bool) -> Flow[bool]:
    return value
    yield  # a generator: steps may ask questions, these ones never do


@KINDS.action("deal damage")
def deal_damage(fx: Effect, amount: int, who: str) -> Flow[bool]:
    victim = fx.who(who)
    return (yield from _done(victim is not None and not victim.defeated
                             and suffer_damage(fx.table, victim, amount) > 0))


@KINDS.action("heal")
def heal_step(fx: Effect, amount: int, who: str) -> Flow[bool]:
    patient = fx.who(who)
    return (yield from _done(patient is not None and not patient.defeated and heal(fx.table, patient, amount) > 0))


@KINDS.action("draw")
def draw_step(fx: Effect, count: int) -> Flow[bool]:
    return (yield from _done(draw(fx.table, fx.player, count) > 0))


@KINDS.action("begin an incantation")
def begin_step(fx: Effect) -> Flow[bool]:
    """"Many entries, such as those found on implements, allow the entity to begin an Incantation as a part
    of the play.\""""
    incantation.begin_an_incantation(fx.player)
    fx.table.say(f"{fx.player.name} begins an Incantation")
    fx.table.owe("begins an incantation", fx.player)
    return (yield from _done(True))


@KINDS.action("ward your incantation")
def ward_step(fx: Effect) -> Flow[bool]:
    incantation.ward_the_incantation(fx.player)
    fx.table.say(f"{fx.player.name}'s Incantation is warded until its next turn")
    return (yield from _done(True))


@KINDS.condition("is incanting")
def is_incanting(fx: Effect, who: str) -> bool:
    entity = fx.who(who)
    return entity is not None and entity.incanting


@KINDS.condition("has charges")
def has_charges(fx: Effect, who: str, at_least: int) -> bool:
    entity = fx.who(who)
    return entity is not None and entity.charges >= at_least


def _can_pay_charges(fx: Effect, amount: int) -> bool:
    return resources.can_pay(fx.player, CHARGES, amount) and fx.player.charges >= amount


@KINDS.cost("pay charges", _can_pay_charges)
def pay_charges(fx: Effect, amount: int) -> Flow[bool]:
    """Paying charges is spending them: "for any purpose, the entity then loses any leftover charges"."""
    spend_charges(fx.table, fx.player, amount)
    return (yield from _done(True))


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


# The words each kind, condition and cost is rendered with (the card's text, the site, the prompts), from
# its arguments as the card gives them.
WORDING: dict[str, Callable[..., str]] = {
    "deal damage": lambda amount, who: f"deal {amount} damage to {who}",
    "heal": lambda amount, who: f"heal {amount} to {who}",
    "draw": lambda count: f"draw {_n(count, 'card')}",
    "begin an incantation": lambda: "begin an Incantation",
    "ward your incantation": lambda: "ward your Incantation",
    "is incanting": lambda who: f"{who} {'are' if who == 'you' else 'is'} incanting",
    "has charges": lambda who, least: f"{who} {'have' if who == 'you' else 'has'} at least {_n(least, 'charge')}",
    "pay charges": lambda amount: f"pay {_n(amount, 'Incantation charge')}",
}


WORDS = Wording(WORDING)
describe = WORDS.describe  # a step as the card prints it (seed 003's forms around this game's words)
describe_all = WORDS.describe_all  # steps as sentences, the first in lower case: "deal 2 damage to target; ..."
