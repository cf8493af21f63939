"""Declaring a spell (seed 003, 5.1.2: "check whether the declaration is legal"): whether a Magi may cast it now and,
if not, the rule that refuses it; how many Full Actions it takes and what it costs, with what passive effects
change; and its targets ("Target is declared when a spell is cast").

Glossary terms played here: Requirements (Active, Discard, Pay, Attunement, Dominance, Burn Focus, Sacrifice),
Target, Area, Evade, Interrupt Stone (none is taken before the last is shed). What a spell may aim at, target by
target, is targeting.py; the cast cycle that declares it, casting.py.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from spellc.engine.core.decisions import Choice
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import (
    behaviours,
    control,
    impact,
    rite,
    step_targets,
    targeting,
    tough,
)
from spellc.engine.rulesets.serpents_tongue.cards import (
    RESONANCE,
    Aspect,
    Modifier,
    Requirement,
    Role,
    Selector,
    SpellCard,
)
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import (
    CODEX,
    MAX_INTERRUPT_STONES,
    PREPARED,
    RITE,
    Being,
    Card,
    aspect_named,
)

# The roles has_target tells apart, by their plain names: an Enum member read off its class is a hook's call on
# Python 3.11 (state.py), at every spell that might be cast.
ATTACK, TRANSMUTE, ALLY, COMPONENT = Role.ATTACK, Role.TRANSMUTE, Role.ALLY, Role.COMPONENT
# A refusal whose reason was not asked for (why_not's ``explain``): the options of a turn or of a Response window
# read only whether a spell can be cast, for every spell prepared, at every decision.
REFUSED = "Refused: the reason was not asked for"



# ================================================================== can it be cast?
def unsupported(game: Battle, card: Card) -> str | None:
    """The first aspect or requirement of the card whose behaviour the match does not play, or None."""
    for a in card.gained:
        if not behaviours.supported(a.name, game.plays):
            return a.name
    return _unsupported(card.spec, game.plays)  # type: ignore[arg-type]  # classes hash by identity


@cache
def _unsupported(spec: type[SpellCard], plays: frozenset[str]) -> str | None:
    for a in spec.directives + spec.empowerments:
        if not behaviours.supported(a.name, plays):
            return a.name
    for req in spec.requirements:
        if not behaviours.supported(req.form, plays):
            return f"! {req.form}"
    return None


@dataclass(slots=True)
class Provisional:
    """A spell as it would be cast now: what passive effects read to change its cost or speed. No effect is
    under way yet, so it has none of an :class:`Effect`'s bookkeeping (made for every spell that might be
    cast, at every decision)."""

    game: Battle
    card: Card
    controller: Being
    target: Being | Card | None = None
    ability: None = None
    # The passive effects in play, read once: its speed and its cost each count them, and nothing changes
    # while a spell is weighed (a Provisional is made for one check and dropped). None: not read yet.
    sources: list[tuple[Card, Modifier]] | None = None
    orbs: int | None = None  # its orb cost (orb_cost), once counted: the targets and the payment both ask
    actions: int | None = None  # the Full Actions it takes (:meth:`needed`), once counted

    def passives(self) -> list[tuple[Card, Modifier]]:
        found = self.sources
        if found is None:
            found = self.sources = impact.passive_sources(self.game)
        return found

    def aspects(self) -> Sequence[Aspect]:
        return impact.effective_aspects(self.game, self, self.passives())

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.aspects())

    def needed(self) -> int:
        """How many Full Actions casting it takes now, its aspects and passive effects counted (rite.py)."""
        if self.actions is None:
            self.actions = rite.actions_needed(self.card, self.aspects())
        return self.actions


def provisional(game: Battle, caster: Being, card: Card, target: Being | Card | None = None) -> Provisional:
    """The spell as it would be cast now (for passive effects that change its cost or speed)."""
    return Provisional(game, card, caster, target)


def full_actions(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> int:
    """How many Full Actions casting ``card`` takes now, its aspects and passive effects counted (rite.py);
    ``fx``: its :func:`provisional` cast, when the caller has it already."""
    return (fx or provisional(game, caster, card)).needed()


def is_free(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> bool:
    return full_actions(game, caster, card, fx) == 0


def why_not(game: Battle, caster: Being, card: Card, in_window: bool = False,
            bans: control.Bans | None = None, passives: list[tuple[Card, Modifier]] | None = None,
            explain: bool = True) -> str | None:
    """Why ``caster`` cannot cast ``card`` now (a rule's name and the reason), or None when it can.
    ``bans``: the caster's (:func:`control.bans`), and ``passives``: the passive effects in play
    (:func:`impact.passive_sources`), when the caller read them for several spells. ``explain`` False: only
    whether it can is read (the options of a turn or a Response window), and the refusals most often met are
    :data:`REFUSED`, their reasons not written out."""
    if caster.incapacitated:
        return f"Incapacitated: {caster.name} cannot act"
    if bans is None or bans:  # given and empty (nearly always): nothing to look at
        prevented = control.why_not_cast(game, caster, card, bans)  # Prevented, Phased
        if prevented:
            return prevented
    # What the card prints is looked up once per card; what it gained since, each time.
    what = unsupported(game, card) if card.gained else _unsupported(card.spec, game.plays)  # type: ignore[arg-type]
    if what:
        return f"Unsupported: the engine cannot play '{what}' on '{card.title}' yet"
    response = card.responds
    # A Rite zone spell is cast (emerges) once its Full Actions are invested: it needs no preparation.
    if (card.place is PREPARED and card in caster.prepared) or (card.place is RITE and card in caster.rite):
        pass
    elif not (response and card.place in (CODEX, PREPARED) and card.owner is caster):
        return "Spell Preparation: it is not prepared"
    if card.title in caster.miscast_this_turn:
        return f"Miscast: {caster.name} miscast {card.title} this turn"
    if passives is None:
        passives = impact.passive_sources(game)
    # Its cost and speed, for every check below: with no passive effect in play and no Encounter's threshold
    # (nearly always), the card's own, read without a provisional cast.
    fx = Provisional(game, card, caster, None, None, passives) if passives or caster.encounter is not None else None
    if in_window:
        if not response:
            return f"Response: {card.title} cannot be cast out of turn"
        need = _needed(card, fx)
        if need > 1:
            return f"Actions: {card.title} needs several Full Actions, which a Response cannot wait for"
        if need and caster.interrupt_stones >= MAX_INTERRUPT_STONES:
            return f"Interrupt Stone: {caster.name} already has {MAX_INTERRUPT_STONES} interrupt stones"
    # A Free Action spell needs neither; the Full Actions are counted only when they could matter.
    elif (caster.interrupt_stones or caster.full_actions <= 0) and _needed(card, fx):
        if caster.interrupt_stones:
            return f"Interrupt Stone: {caster.name} must shed an interrupt stone first"
        return f"Action: {caster.name} has no Full Action left"
    # Its own requirements before its targets: they fail far more often, and cost less to read.
    spec = card.spec
    extra = 0  # "! Pay N Resonance" adds to the orb cost
    for req in spec.cast_requirements:
        problem = requirement_problem(game, caster, card, req, explain=explain)
        if problem:
            return f"Requirements: {problem}" if explain else REFUSED
        if req.form == "Pay" and req.cost is not None and req.cost.energy is RESONANCE:
            extra += req.cost.amount
    if not has_target(game, caster, card, fx):
        if not explain:
            return REFUSED
        on_bearer = spec.bearer_requirements
        if on_bearer and _targets(game, caster, card):
            return f"Requirements: {card.title} requires {_req_text(on_bearer[0])}"
        if _targets(game, caster, card):
            return (f"{tough.RULE}: every target of {card.title} is an opposing Tough spell, and {caster.name} "
                    f"cannot pay the Resonance it costs more (has {caster.resonance})")
        return f"Target: {card.title} has no valid target"
    step_problem = step_targets.why_not(game, caster, card) if spec.declarations else None
    if step_problem:
        return step_problem
    if caster.foci <= caster.burned_foci:  # no Focus free (free_foci, read without a call): a Duration F spell
        # needs one; its Duration is looked up only then
        duration = aspect_named(card.aspects, "Duration")
        if duration is not None and duration.value == "F":
            return f"Focus: {caster.name} has no Focus left"
    need = (orb_cost(game, caster, card, fx) if fx is not None else spec.orbs) + extra
    if need > 0 and not game.can_pay(caster, RESONANCE, need):  # nothing to pay is paid (the caster stands)
        return f"Energy Orbs: {caster.name} cannot pay {need} Resonance for {card.title} (has {caster.resonance})"
    return None


def _needed(card: Card, fx: Provisional | None) -> int:
    """The Full Actions casting ``card`` takes: with ``fx`` (its provisional cast), as passive effects change them;
    without (none in play), as the card has them."""
    if fx is not None:
        return rite.actions_needed(card, fx.aspects())
    return rite.actions_needed(card, card.aspects)


def orb_cost(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> int:
    fx = fx or provisional(game, caster, card)
    if fx.orbs is None:
        passives = fx.passives()  # most of the time none, which generate nothing
        net = card.spec.resonance + (impact.generated(game, fx, RESONANCE, passives) if passives else 0)
        fx.orbs = -net if net < 0 else 0
    return fx.orbs


def requirement_problem(game: Battle, caster: Being, card: Card, req: Requirement, bearer: Being | None = None,
                        sustaining: bool = False, explain: bool = True) -> str | None:
    """What ``caster`` lacks to meet ``req`` for ``card``, None when it meets it (``explain`` False: where only
    whether it does is read, an unmet Active or Discard requirement, the most often unmet, is :data:`REFUSED`)."""
    form = req.form
    if form == "Active" and req.selector is not None:
        # An active spell on the bearer-to-be ("on Bearer"), or one the caster controls: looked for with a loop, not
        # any() of a generator made for it (asked of every spell prepared, at every turn).
        on_bearer = req.on_bearer
        for c in (bearer.in_play() if bearer else []) if on_bearer else game.all_in_play():
            if c is not card and (c.active if on_bearer else c.controller is caster) and game.matches(c, req.selector):
                return None
        return f"{card.title} requires an active {req.selector.text()}" if explain else REFUSED
    if form == "Discard":
        if req.charge is not None:
            if not charge_holders(game, caster, req):
                return f"{card.title} requires {req.count or 1} {req.charge} charge(s) to discard"
            return None
        if req.selector is not None and not _has_discardable(game, caster, card, req.selector):
            if not explain:
                return REFUSED
            return f"{card.title} requires Discard {req.selector.text()}, and {caster.name} controls none"
        return None
    if form == "Pay" and req.cost is not None:
        if not game.can_pay(caster, req.cost.energy, req.cost.amount):
            return f"{caster.name} cannot pay {req.cost.text()}"
        return None
    sphere = req.sphere or (req.selector.sphere if req.selector else None)
    if form == "Attunement" and sphere is not None:
        if not any(c.sphere is sphere for c in caster.discard):
            return f"Attunement: no {sphere.value} spell in {caster.name}'s discard pile"
        return None
    if form == "Dominance" and sphere is not None:
        counts: dict[str, int] = {}
        for c in caster.discard:
            counts[c.sphere.value] = counts.get(c.sphere.value, 0) + 1
        mine = counts.pop(sphere.value, 0)
        if mine == 0 or any(n >= mine for n in counts.values()):
            return f"Dominance: {sphere.value} is not the largest Sphere of {caster.name}'s discard pile"
        return None
    if form == "Actions":  # played by engine/rulesets/serpents_tongue/rite.py: the spell waits in the Rite zone
        return None
    if form == "Burn Focus":
        return None if caster.free_foci > 0 else f"{caster.name} has no Focus to burn"
    if form == "Sacrifice":
        n = req.count or 1
        return None if len(sacrificeable(caster)) >= n else f"{caster.name}'s Codex holds fewer than {n} spells"
    raise Unsupported(f"! {form}", card.title)


def sacrificeable(caster: Being) -> list[Card]:
    """The spells of the Codex; a Nam-Shub page is no spell to sacrifice (it has no Sphere)."""
    return [c for c in caster.codex if c.kind != "nam-shub"]


def discardable(game: Battle, caster: Being, card: Card, sel: Selector) -> list[Card]:
    """The spells in play ``caster`` controls that ``sel`` names, which it may discard for ``card``."""
    return [c for c in game.all_in_play() if c is not card and c.controller is caster and game.matches(c, sel)]


def _has_discardable(game: Battle, caster: Being, card: Card, sel: Selector) -> bool:
    """Whether :func:`discardable` finds any, told without listing them (asked of every spell prepared with a
    Discard requirement, at every turn, where nearly always none is found)."""
    for c in game.all_in_play():  # noqa: SIM110  (a loop, not any() of a generator made for it)
        if c is not card and c.controller is caster and game.matches(c, sel):
            return True
    return False


def charge_holders(game: Battle, caster: Being, req: Requirement) -> list[Card]:
    key = (req.charge or "").lower()
    return [c for c in game.all_in_play() if c.controller is caster and c.counters.get(key, 0) >= (req.count or 1)]


# ================================================================== targets
def targets(game: Battle, caster: Being, card: Card, for_free: bool = False,
            fx: Provisional | None = None) -> list[Choice]:
    """Every legal target of ``card`` for ``caster``, as choices (declared when the spell is cast; ``fx``: its
    :func:`provisional` cast, when the caller has it)."""
    return [Choice(targeting.target_label(game, t), t) for t in legal_targets(game, caster, card, for_free, fx)]


def legal_targets(game: Battle, caster: Being, card: Card, for_free: bool = False,
                  fx: Provisional | None = None) -> list[targeting.Target]:
    """The targets of :func:`targets`, unlabelled (whether there is one is asked of every spell that might be
    cast, at every decision).

    A requirement "on Bearer" narrows them: the bearer-to-be must meet it; so does the Tough of a target,
    unless the spell is cast for free."""
    found = _targets(game, caster, card)
    # A Tough target costs more: one it cannot pay for is none (the targets of one spell are all of one kind).
    if not for_free and found and found[0][0] == "card":
        need = orb_cost(game, caster, card, fx)
        found = [t for t in found if t[0] != "card" or game.can_pay(
            caster, RESONANCE, need + tough.extra_cost(caster, [game.card(t[1])]))]
    on_bearer = card.spec.bearer_requirements
    if on_bearer:
        found = [t for t in found if t[0] != "being" or not any(
            requirement_problem(game, caster, card, r, game.being(t[1]), explain=False) for r in on_bearer)]
    return found


def has_target(game: Battle, caster: Being, card: Card, fx: Provisional | None = None) -> bool:
    """Whether :func:`legal_targets` finds any, told without listing them: asked of every spell that might be
    cast, at every decision, where only its answer is read. A spell aimed at beings that no requirement "on
    Bearer" narrows needs one being it may aim at, found in one pass; the others' targets are weighed one by one
    until one is kept (:func:`_weighed_target`)."""
    spec = card.spec
    role = spec.role
    names = card.names
    if "Area:G" in names and role is not TRANSMUTE:  # the global area: a target no filter narrows
        return True
    if "Evade" in names or role not in _AIMS_AT_BEINGS or spec.bearer_requirements:
        return _weighed_target(game, caster, card, fx)
    if role is ATTACK:  # _at_foes: a team of the foes (Area), or a foe not Cloaked
        if "Area" in names or not game.all_in_play():  # with no spell in play, nothing cloaks: a foe standing
            team = caster.team  # Game.foes, read without a list made
            for foe in game.beings:  # noqa: SIM110
                if foe.team != team and not foe.incapacitated:
                    return True
            return False
        foes = game.foes(caster)
        # A loop, not any() of a generator made for it: asked of every Attack prepared, at every turn.
        for foe in foes:  # noqa: SIM110
            if not control.cloaked(game, foe):
                return True
        return False
    if role is ALLY:  # _at_caster
        return True
    if "Area" in names and role is not COMPONENT:  # _at_allies: the caster's team, or an ally standing
        return True
    team = caster.team  # Game.allies, read without a list made (nor a generator)
    for ally in game.beings:  # noqa: SIM110
        if ally.team == team and not ally.incapacitated:
            return True
    return False


def _weighed_target(game: Battle, caster: Being, card: Card, fx: Provisional | None) -> bool:
    """Whether :func:`legal_targets` keeps any of the spell's targets, each weighed as it does until one is kept:
    a Tough spell the caster cannot pay for is none, nor is a bearer-to-be short of a requirement "on Bearer"."""
    found = _targets(game, caster, card)
    if not found:
        return False
    weigh_tough = found[0][0] == "card"  # as legal_targets: the targets of one spell are all of one kind
    on_bearer = card.spec.bearer_requirements
    need = -1  # the spell's orbs, counted at the first Tough target weighed
    for kind, key in found:
        if weigh_tough and kind == "card":
            if need < 0:
                need = orb_cost(game, caster, card, fx)
            if not game.can_pay(caster, RESONANCE, need + tough.extra_cost(caster, [game.card(key)])):
                continue
        if on_bearer and kind == "being":
            bearer = game.being(key)
            for r in on_bearer:
                if requirement_problem(game, caster, card, r, bearer, explain=False):
                    break
            else:
                return True
            continue
        return True
    return False


def _targets(game: Battle, caster: Being, card: Card) -> list[targeting.Target]:
    spec = card.spec
    role = spec.role  # the card's own (asked for every spell that might be cast: no property call)
    names = card.names
    if "Area:G" in names and role is not Role.TRANSMUTE:  # "Area is meaningless on ... Transmute spells"
        return [("global", None)]
    if "Evade" in names:
        return targeting.evade_targets(game, caster, card)
    aim = _AIMS.get(role)
    return aim(game, caster, card, "Area" in names) if aim is not None else []


def _at_foes(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    foes = game.foes(caster)
    if area:
        return [("team", t) for t in targeting.teams_of(foes)]
    return [("being", o.name) for o in foes if not control.cloaked(game, o)]


def _at_allies(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    if area and card.spec.role is not Role.COMPONENT:
        return [("team", caster.team)]
    return [("being", a.name) for a in game.allies(caster) if not a.incapacitated]


def _at_spells(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    if area and card.spec.role is Role.ABJURATION:
        return targeting.area_targets(game, caster, card)
    found = targeting.spell_targets(game, caster, card, card.spec.targets or Selector())
    return [("card", c.id) for c in found] if found else []


def _at_caster(game: Battle, caster: Being, card: Card, area: bool) -> list[targeting.Target]:
    """"Magi cannot summon Koishaka on behalf of other Allies or opponents"."""
    return [("being", caster.name)]


# What each role aims at (``area``: the spell has Area), looked up once rather than role after role: asked for
# every spell that might be cast, at every decision.
_AIMS: dict[Role, Callable[[Battle, Being, Card, bool], list[targeting.Target]]] = {
    Role.ATTACK: _at_foes, Role.DEFENSE: _at_allies, Role.COMPONENT: _at_allies, Role.ENHANCE: _at_allies,
    Role.ABJURATION: _at_spells, Role.TRANSMUTE: _at_spells, Role.ALLY: _at_caster,
}
# The roles whose targets are beings (has_target finds one without listing them).
_AIMS_AT_BEINGS = frozenset({Role.ATTACK, Role.DEFENSE, Role.COMPONENT, Role.ENHANCE, Role.ALLY})


def _req_text(req: Requirement) -> str:
    what = req.selector.text() if req.selector else (req.cost.text() if req.cost else "")
    return f"{req.form} {what}{' on Bearer' if req.on_bearer else ''}"
