"""Effects, and the step kinds of rules text that act on the game (deal, charges, discard, gain, gain control).

An :class:`Effect` is one spell placement or resolution, or one use of an ability (Glossary,
"Effect"): it is declared (mode, target), gets a Response phase, then impacts. Its rules text is steps
(rules_text.play) that may stop for the controller's choice "just before the step". Every step kind returns
whether it was started, which is what "if you did" tests (seed 003, 6.5.d); a part that cannot happen is
skipped and the rest of the effect goes on (6.5.f).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from spellc.engine.core.decisions import NO, YES, Choice, Flow
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import exchange, impact, protocol, rules_text, step_targets, tough
from spellc.engine.rulesets.serpents_tongue.cards import (
    Ability,
    Aspect,
    Comparison,
    Cost,
    Energy,
    Quantity,
    Role,
    Sphere,
    StepTarget,
)
from spellc.engine.rulesets.serpents_tongue.controller import gain_control
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card
from spellc.engine.rulesets.serpents_tongue.wording import Target, target_text

OPS = {">=": int.__ge__, "<=": int.__le__, "<": int.__lt__, ">": int.__gt__, "==": int.__eq__}


@dataclass(eq=False)
class Effect:
    game: Battle
    card: Card
    controller: Being
    target: Being | Card | None
    ability: Ability | None = None
    team: str | None = None  # an Area effect impacts this whole team
    is_spell: bool = True  # a spell being cast (manifesting); False: a resolution or an ability
    evaded: set[str] = field(default_factory=set)  # beings that dodged this one impact
    cancelled: bool = False
    mode: int | None = None
    evade_of: protocol.Effect | None = None  # an Evade's target: the effect it dodges
    # A spell's effect met the Defenses before its directives ran; an ability's meets them per step.
    past_defenses: bool = True
    # Team zone: how an Area effect fared against each team's Area Shields, met once per team.
    team_zone: dict[str, tuple[bool, bool]] = field(default_factory=dict)
    refs: dict[str, Being | Card | None] = field(default_factory=dict)
    chosen: dict[int, Being | Card] = field(default_factory=dict)  # its step targets, by slot
    declared: set[str] = field(default_factory=set)  # the rules-text methods it has declared
    responses: set[str] = field(default_factory=set)  # standing Responses already tried against it
    # What this effect took from each being it impacted ("If a Magi loses Focus this way"): (name, what) → count.
    lost: dict[tuple[str, str], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Who the effect concerns is fixed when it starts: discarding this spell mid-effect (a pay-to
        # cost) does not change who "the bearer" is for the steps that follow.
        self.refs = {"this": self.card, "bearer": self.card.bearer, "caster": self.card.caster or self.controller,
                     "controller": self.controller, "target": self.target,
                     # the being this impact lands on: its Target, or each being of an Area in turn
                     "impacted": self.target if isinstance(self.target, Being) else None}
        if self.mode is None:
            self.mode = self.card.mode
        self.chosen = dict(self.card.step_targets)  # a spell's, declared when it was cast

    # ---- what the effect is
    @property
    def name(self) -> str:
        return self.ability.name if self.ability else self.card.title

    @property
    def sphere(self) -> Sphere | None:
        """Spell effects come from the spell's Sphere; Spec and Artifact effects from none, nor does the
        Discord Event an Encounter's own card changes (Reality punishes the Magi, not a Sphere)."""
        if self.ability is not None and self.card.spec.kind in ("specialization", "artifact", "encounter"):
            return None
        if self.card.spec.kind == "nam-shub":  # a Nam-Shub page has no Sphere
            return None
        return self.card.sphere

    def aspects(self) -> Sequence[Aspect]:
        return impact.effective_aspects(self.game, self)

    def has(self, name: str) -> bool:
        # A loop, not any() of a generator made for it: asked several times of every effect (Veiled, Evade, Area).
        for a in self.aspects():  # noqa: SIM110
            if a.name == name:
                return True
        return False

    @property
    def area(self) -> bool:
        return self.team is not None or self.has("Area:G")

    # ---- reading the game
    def resolve(self, word: str | StepTarget) -> Being | Card | None:
        if isinstance(word, StepTarget):
            x = self.chosen.get(word.slot)
            return x if x is not None and step_targets.still_valid(self.game, x, word) else None
        return self.refs[word]

    def quantity(self, q: Quantity) -> int:
        of = self.resolve(q.of)
        if q.kind == "lost":
            return self.lost.get((of.name, q.name), 0) if isinstance(of, Being) else 0
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

    def check(self, cond: Comparison) -> bool:
        return OPS[cond.op](self.quantity(cond.quantity), cond.amount)

    # ---- declaration
    def declare(self, method: str) -> Flow[None]:
        """A rules-text method's mode and step targets, before its first step (seed 003, 5.1.2.b). A
        spell declared its on-impact ones when it was cast; a trigger or an ability declares as it starts."""
        decl = self.card.spec.declarations.get(method)
        if decl is None or method in self.declared:
            return
        self.declared.add(method)
        if decl.modes and not (method == "on_impact" and self.mode is not None):
            self.mode = yield from step_targets.choose_mode(self.game, self.controller, self.card, decl)
        if method == "on_impact" and self.card.targets_declared:
            return  # declared when the spell was cast, none chosen since: "targets are chosen at declaration"
        yield from step_targets.choose(self.game, self.controller, self.card, decl.targets, self.mode,
                                       self.chosen)

    # ---- the questions its steps put (rules_text.EffectAsker)
    def may(self, prompt: str) -> Flow[bool]:
        """"May": the controller chooses just before the step (seed 003, 6.5.a)."""
        who = self.controller
        if who.incapacitated:
            return False
        pick = yield from self.game.ask("optional", who, prompt, [YES, NO], self.card)
        return bool(pick.value)

    def pay_optional(self, costs: tuple[Cost, ...], discards: tuple[str, ...], prompt: str,
                     targets: tuple[StepTarget, ...] = ()) -> Flow[bool]:
        """"You may pay COST to EFFECT": an internal action. Declined, unpayable or without a legal target
        for its effect → ignored, and the effect goes on (6.4.f). Its targets are chosen as it is played,
        then its cost is paid (5.2.3.g)."""
        who = self.controller
        if who.incapacitated:
            return False
        if any(not isinstance(self.resolve(d), Card) for d in discards):
            return False
        if any(not step_targets.choices(self.game, who, self.card, st) for st in targets):
            return False

        def options(game: Battle, who: Being) -> list[Choice]:
            payable = all(game.can_pay(who, c.energy, c.amount) for c in costs)
            return [YES, NO] if payable else [NO]

        # Unpayable: answered "no" by itself, unless an energy exchange ("at any time") would pay for it.
        pick = yield from exchange.ask(self.game, who, "optional", prompt, options, self.card)
        if pick is None or not pick.value:
            return False
        for st in targets:
            self.chosen.pop(st.slot, None)  # chosen anew each time the internal action is played
        resonance = sum(c.amount for c in costs if c.energy is Energy.RESONANCE)

        def affordable(x: Being | Card) -> bool:  # Tough: an internal action "targeting ... cost X more"
            mine = [self.chosen.get(st.slot) for st in targets]
            return self.game.can_pay(who, Energy.RESONANCE, resonance + tough.extra_cost(who, [*mine, x]))

        yield from step_targets.choose(self.game, who, self.card, ((None, st) for st in targets), None, self.chosen,
                                       affordable)
        for c in costs:
            self.game.pay(who, c.energy, c.amount, "Internal action")
        extra = tough.extra_cost(who, [self.chosen.get(st.slot) for st in targets])
        if extra:
            self.game.pay(who, Energy.RESONANCE, extra, tough.RULE)
        for d in discards:
            yield from discard(self, d)
        return True

    def choose_mode(self, modes: tuple[str, ...]) -> Flow[int]:
        """"Choose one": a spell's mode was chosen at declaration; a trigger or ability chooses as it starts."""
        if self.mode is not None:
            return self.mode
        options = [Choice(text, i) for i, text in enumerate(modes)]
        pick = yield from self.game.ask("mode", self.controller, "choose one", options, self.card)
        self.mode = int(pick.value)
        return self.mode


# ---------------------------------------------------------------------- the step kinds of rules text
# Each returns whether it was started: what "if you did" asks (seed 003, 6.5.d).
# The directives the Glossary has impact a spell ("Dispel: forcibly removes an active or manifesting
# spell"); every other one impacts a Magi ("Dmg: a directive to subtract energy from a Magi").
SPELL_DIRECTIVES = frozenset({"Dispel"})


def _deal_refuses(on_spell: bool, named: str, aspect: Aspect, target: Target) -> str | None:
    if on_spell and aspect.name not in SPELL_DIRECTIVES:
        return f"'{aspect.name}' impacts a Magi, not a spell: it cannot be dealt to '{named}'"
    if not on_spell and aspect.name in SPELL_DIRECTIVES:
        return f"'{aspect.name}' impacts a spell, not a Magi: it cannot be dealt to '{named}'"
    return None


@rules_text.kind("deal", ("directive", "target"), refuses=_deal_refuses,
                 words=lambda aspect, target: f"deal {aspect.text()} to {target_text(target, deal=True)}")
def deal(fx: Effect, aspect: Aspect, target: Target) -> Flow[bool]:
    who = fx.resolve(target)
    if who is None:
        return False
    # The spell's effect met its Target's Defenses as it impacted; a step target meets its own here.
    past, fx.past_defenses = fx.past_defenses, fx.past_defenses and not isinstance(target, StepTarget)
    try:
        yield from impact.deal(fx.game, fx, aspect, who)
    finally:
        fx.past_defenses = past
    return True


def _on_spells_only(what: str) -> Callable[..., str | None]:
    return lambda on_spell, named, *args: None if on_spell else what.format(named=named)


@rules_text.kind("add charges", ("amount", "charge", "target"),
                 refuses=_on_spells_only("charges go on a spell, not on '{named}'"),
                 words=lambda amount, charge, target: f"add {amount} {charge} charge{'' if amount == 1 else 's'} to "
                                                      f"{target_text(target)}")
def add_charges(fx: Effect, amount: int, kind: str, target: Target) -> Flow[bool]:
    x = fx.resolve(target)
    if not isinstance(x, Card) or not x.active:
        return False
    key = kind.lower()
    x.counters[key] = x.counters.get(key, 0) + amount
    fx.game.say(f"{x.title} gains {amount} {kind} charge{'s' * (amount != 1)}")
    return True
    yield


@rules_text.kind("remove charges", ("charge", "target"),
                 words=lambda charge, target: f"remove all {charge} charges from {target_text(target)}")
def remove_charges(fx: Effect, kind: str, target: Target) -> Flow[bool]:
    x = fx.resolve(target)
    cards = x.in_play() if isinstance(x, Being) else ([x] if x is not None else [])
    key = kind.lower()
    removed = False
    for c in cards:
        if c.counters.get(key):
            c.counters[key] = 0
            removed = True
    if removed:
        fx.game.say(f"all {kind} charges are removed from {getattr(x, 'name', None) or x}")
    return removed
    yield


@rules_text.kind("discard", ("target",), refuses=_on_spells_only("only a spell can be discarded, not '{named}'"),
                 words=lambda target: f"discard {target_text(target)}")
def discard(fx: Effect, target: Target) -> Flow[bool]:
    x = fx.resolve(target)
    if not isinstance(x, Card) or not x.active:
        return False
    fx.game.say(f"{x.title} is discarded")
    fx.game.discard(x)
    return True
    yield


def _ally_spell(target: StepTarget) -> str:
    # "target Ally" alone would read as a human Ally, a Magi: the step takes the Ally spell (and its Koishaka).
    return " spell" if target.selector is not None and target.selector.role is Role.ALLY else ""


@rules_text.kind("gain control", ("controllable",),
                 words=lambda target: f"gain control of {target_text(target)}{_ally_spell(target)}")
def gain_control_step(fx: Effect, target: StepTarget) -> Flow[bool]:
    """The effect's controller becomes the controller of a spell or a Koishaka (controller)."""
    return gain_control(fx.game, fx.controller, fx.resolve(target))
    yield


@rules_text.kind("gain", ("amount", "energy"), words=lambda amount, energy: f"gain {amount} {energy.value}")
def gain(fx: Effect, amount: int, energy: Energy) -> Flow[bool]:
    who = fx.refs["controller"]
    return isinstance(who, Being) and fx.game.gain(who, energy, amount) > 0
    yield
