"""The step kinds of a spell's description, each declared once: what it does, under the words the grammar
fragment gives it (grammar/rackham_incantation.lark: `-> move_away` is the kind "move away"), and how it reads
(WORDING). The core (engine.core.steps) resolves may / if / unless / if you did / pay ... to / choose one around
them. A new step kind is a line of the grammar fragment and a function here: two files.

"The effects of a successfully cast spell are applied immediately" (6.5). The battlefield is facts, not a
board (state.py): a spell that moves its caster changes the distances the rules read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from spellc.engine.core.decisions import Flow
from spellc.engine.core.steps import StepKinds, Wording
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.casting import Cast, spend
from spellc.engine.rulesets.rackham_incantation.stamina import stamina_falls_below_zero
from spellc.engine.rulesets.rackham_incantation.state import Magician, Model


@dataclass(eq=False)
class Effect:
    """One resolution of a spell's steps: the battle and the cast (its caster, target and gems)."""

    battle: Battle
    cast: Cast

    def who(self, word: str) -> Model:
        return self.cast.caster if word == "you" else self.cast.target


KINDS: StepKinds[Effect] = StepKinds()


def _done(value: bool) -> Flow[bool]:
    return value
    yield  # a generator: a step may ask questions; these ones never do


@KINDS.action("wound")
def wound(fx: Effect, amount: int, who: str) -> Flow[bool]:
    """A spell's damage, as wounds counted on the model, each a point of its Stamina: "if the Stamina of a model
    falls below 0, the model is killed immediately" (6.5, stamina.py)."""
    victim = fx.who(who)
    if not victim.present:
        return (yield from _done(False))
    victim.wounds += amount
    fx.battle.say(f"{victim.name} suffers {amount} wound{'s' if amount != 1 else ''} ({victim.wounds} in all)")
    stamina_falls_below_zero(fx.battle, victim)
    return (yield from _done(True))


@KINDS.action("summon")
def summon(fx: Effect, title: str) -> Flow[bool]:
    """A creature of the caster's camp comes onto the battlefield beside its caster."""
    card = fx.battle.library.creature(title)
    caster = fx.cast.caster
    model = fx.battle.add(Model(card.title, caster.camp, fear=card.fear, traits=card.traits,
                                devotion=card.devotion, summoned_by=caster.name))
    fx.battle.facts.beside(model.name, caster.name, fx.battle.models)
    fx.battle.say(f"{caster.name} summons {model.name}")
    return (yield from _done(True))


def _remove(fx: Effect, who: str, why: str) -> Flow[bool]:
    """The model leaves the battlefield (``why``: "banished", "killed")."""
    victim = fx.who(who)
    if not victim.present:
        return (yield from _done(False))
    victim.removed = why
    fx.battle.say(f"{victim.name} is {why}")
    return (yield from _done(True))


@KINDS.action("banish")
def banish(fx: Effect, who: str) -> Flow[bool]:
    return (yield from _remove(fx, who, "banished"))


@KINDS.action("slay")
def slay(fx: Effect, who: str) -> Flow[bool]:
    return (yield from _remove(fx, who, "killed"))


@KINDS.action("move away")
def move_away(fx: Effect, cm: int) -> Flow[bool]:
    """The caster moves ``cm`` centimetres further from every enemy (a wind that carries him off)."""
    caster = fx.cast.caster
    for enemy in fx.battle.enemies(caster):
        facts = fx.battle.facts
        facts.place(caster.name, enemy.name, facts.distance(caster.name, enemy.name) + cm)
    fx.battle.facts.moved.add(caster.name)
    fx.battle.say(f"{caster.name} moves {cm} cm away from every enemy")
    return (yield from _done(True))


@KINDS.condition("is")
def has_trait(fx: Effect, who: str, trait: str) -> bool:
    return fx.who(who).has(trait)


def _can_spend(fx: Effect, count: int) -> bool:
    return fx.cast.caster.gem_count >= count


@KINDS.cost("spend gems", _can_spend)
def spend_gems(fx: Effect, count: int) -> Flow[bool]:
    """Gems of any Element the caster controls, chosen one at a time."""
    m = fx.cast.caster
    assert isinstance(m, Magician)
    for i in range(count):
        held = m.held()
        gem = yield from fx.battle.gem_choice("spend gem", m, f"{m.name}: gem {i + 1} of {count} to spend", held)
        spend(m, [gem])
    return True


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


WORDING: dict[str, Callable[..., str]] = {
    "wound": lambda amount, who: f"deal {_n(amount, 'wound')} to {who}",
    "summon": lambda title: f'summon "{title}"',
    "banish": lambda who: f"banish {who}",
    "slay": lambda who: f"slay {who}",
    "move away": lambda cm: f"move away {cm} cm",
    "is": lambda who, trait: f"{who} {'are' if who == 'you' else 'is'} {trait}",
    "spend gems": lambda count: f"pay {_n(count, 'gem')}",
}


WORDS = Wording(WORDING)
describe = WORDS.describe  # a step as the card prints it (seed 003's forms around this game's words)
describe_all = WORDS.describe_all  # steps as sentences, the first in lower case: "deal 2 damage to target; ..."
