"""The effect runtime: the API that compiled rules text calls (``fx.deal``, ``fx.may`` ...).

Every method returns whether its step was started, which is what "if you did" tests (seed 003, 6.5.d).
A part that cannot happen is skipped and the rest of the effect goes on (6.5.f).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Ability, Aspect, Condition, Cost, Energy, Quantity
from engine.decisions import Decision
from engine.errors import Unsupported

if TYPE_CHECKING:
    from engine.rules import Game
    from engine.state import Being, Card

OPS = {">=": int.__ge__, "<=": int.__le__, "<": int.__lt__, ">": int.__gt__, "==": int.__eq__}


class Effect:
    def __init__(self, game: Game, card: Card, target: Being | Card | None,
                 ability: Ability | None = None) -> None:
        self.game = game
        self.card = card
        self.target = target
        self.ability = ability
        # A spell's effect met the Defenses before its directives ran; an ability's meets them per step.
        self.past_defenses = ability is None
        # Who the effect concerns is fixed when it starts: discarding this spell mid-effect (a pay-to
        # cost) does not change who "the bearer" is for the steps that follow.
        self.refs: dict[str, Being | Card | None] = {
            "this": card, "bearer": card.bearer, "caster": card.caster, "controller": card.controller,
            "target": target,
        }

    # ---- reading the game
    def resolve(self, word: str) -> Being | Card | None:
        return self.refs[word]

    def being(self, word: str) -> Being | None:
        from engine.state import Being

        x = self.resolve(word)
        return x if isinstance(x, Being) else None

    def quantity(self, q: Quantity) -> int:
        from engine.state import Being

        of = self.resolve(q.of)
        if q.kind == "energy":
            return of.energy(Energy(q.name)) if isinstance(of, Being) else 0
        cards = of.in_play() if isinstance(of, Being) else ([of] if of is not None else [])
        return sum(c.counters.get(q.name.lower(), 0) for c in cards)

    def amount(self, aspect: Aspect) -> int:
        value = aspect.value
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value in self.card.spec.variables:
            return self.quantity(self.card.spec.variables[value])
        raise Unsupported(f"{aspect.name} {value}", self.card.title)

    def check(self, cond: Condition) -> bool:
        return OPS[cond.op](self.quantity(cond.quantity), cond.amount)

    # ---- steps
    def deal(self, aspect: Aspect, target: str) -> bool:
        from engine import behaviours

        who = self.resolve(target)
        if who is None:
            return False
        hit = self.game.being_of(who)
        owner = self.card.controller
        offensive = hit is not None and owner is not None and hit.team != owner.team
        if offensive and not self.past_defenses:
            from engine.state import Being

            if isinstance(who, Being) and self.game.blocked(self.card, who, [aspect], self.ability):
                return True  # the step was started; the Defenses stopped it
        behaviour = behaviours.for_keyword(aspect.name)
        if behaviour is None:
            raise Unsupported(aspect.name, self.card.title)
        behaviour(self, aspect, who)
        return True

    def add_charges(self, amount: int, kind: str, target: str) -> bool:
        from engine.state import Card

        x = self.resolve(target)
        if not isinstance(x, Card) or not x.active:
            return False
        key = kind.lower()
        x.counters[key] = x.counters.get(key, 0) + amount
        self.game.say(f"{x.title} gains {amount} {kind} charge{'s' * (amount != 1)}")
        return True

    def remove_charges(self, kind: str, target: str) -> bool:
        from engine.state import Being

        x = self.resolve(target)
        cards = x.in_play() if isinstance(x, Being) else ([x] if x is not None else [])
        key = kind.lower()
        removed = False
        for c in cards:
            if c.counters.get(key):
                c.counters[key] = 0
                removed = True
        if removed:
            self.game.say(f"all {kind} charges are removed from {getattr(x, 'name', None) or x}")
        return removed

    def discard(self, target: str) -> bool:
        from engine.state import Card

        x = self.resolve(target)
        if not isinstance(x, Card) or not x.active:
            return False
        self.game.say(f"{x.title} is discarded")
        self.game.discard(x)
        return True

    def gain(self, cost: Cost) -> bool:
        who = self.refs["controller"]
        from engine.state import Being

        return isinstance(who, Being) and self.game.gain(who, cost.energy, cost.amount) > 0

    def may(self, prompt: str) -> bool:
        who = self.card.controller
        if who is None or who.incapacitated:
            return False
        return bool(self.game.decider.decide(self.game, Decision("optional", who, prompt, (True, False),
                                                            card=self.card.title)))

    def pay_optional(self, costs: tuple[Cost, ...], discards: tuple[str, ...], prompt: str) -> bool:
        """"You may pay COST to EFFECT": declined or unpayable → ignored, and the effect goes on."""
        who = self.card.controller
        if who is None or who.incapacitated:
            return False
        if not all(self.game.can_pay(who, c.energy, c.amount) for c in costs):
            return False
        if any(self.resolve(d) is None for d in discards):
            return False
        if not self.game.decider.decide(self.game, Decision("optional", who, prompt, (True, False),
                                                            card=self.card.title)):
            return False
        for c in costs:
            self.game.pay(who, c.energy, c.amount, "Internal action")
        for d in discards:
            self.discard(d)
        return True

    def choose_mode(self, modes: tuple[str, ...]) -> int:
        who = self.card.controller
        assert who is not None
        choice = self.game.decider.decide(self.game, Decision("mode", who, "choose one", modes))
        return modes.index(choice)
