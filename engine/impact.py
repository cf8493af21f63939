"""Impact: what an effect's aspects become once passive effects are counted, and how it meets Defenses.

Glossary terms played here: Impact, Passive Effect, Add Dmg X, Shield, Durability, Shatter, Pierce,
Subtle, Refined, Impenetrable, Invulnerable, Resilient, Unblockable, Ward, Evade, Immune, Area.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from engine import behaviours, control, events, registry, specs, transmutes
from engine.cards import PHYSICAL_SPHERES, Aspect, Energy, Modifier
from engine.decisions import Choice, Flow
from engine.errors import Unsupported
from engine.state import Being, Card, Place, Zone, fits

if TYPE_CHECKING:
    from engine.effects import Effect
    from engine.rules import Game


# ---------------------------------------------------------------- passive effects
def modifier_applies(source: Card, mod: Modifier, fx: Effect) -> bool:
    sel = mod.selector
    if sel.combined:  # a Transmute's "target gains ...": part of its spell's own aspects (transmutes.grants)
        return False
    whose = {"caster": source.caster, "bearer": source.bearer, "controller": source.controller}
    if sel.whose and fx.controller is not whose[sel.whose]:
        return False
    target = fx.target.bearer if isinstance(fx.target, Card) else fx.target
    if sel.at and target is not whose.get(sel.at):
        return False
    return fits(fx.card, sel)


def passive_sources(game: Game) -> Iterable[tuple[Card, Modifier]]:
    for card in game.all_in_play():
        if card.active:
            for mod in specs.modifiers(card):
                yield card, mod


def effective_aspects(game: Game, fx: Effect) -> list[Aspect]:
    """The aspects an effect has, with what passive effects in play grant it (Flame Form's +1 Dmg)."""
    base = list(fx.ability.aspects) if fx.ability is not None else list(fx.card.aspects())
    if fx.ability is None:
        for source, mod in passive_sources(game):
            if mod.grants and modifier_applies(source, mod, fx):
                base.extend(mod.grants)
    if fx.controller.encounter is not None:
        from engine import encounter

        base.extend(encounter.threshold_grants(fx))
    return base


def generated(game: Game, fx: Effect, energy: Energy) -> int:
    """"Generate": what passive effects add to a spell's energy orb when it is paid for."""
    total = 0
    for source, mod in passive_sources(game):
        if modifier_applies(source, mod, fx):
            total += sum(c.amount for c in mod.generate if c.energy is energy)
    return total


def combine(aspects: Iterable[Aspect]) -> list[Aspect]:
    """Directives with their bonuses added: "Add Dmg X or +X Dmg" (a spell without Dmg gains it)."""
    plain = [a for a in aspects if not a.bonus]
    bonuses = [a for a in aspects if a.bonus]
    out: list[Aspect] = []
    for d in plain:
        extra = sum(int(b.value) for b in bonuses
                    if b.name == d.name and isinstance(b.value, int) and b.qualifier == d.qualifier)
        if extra and isinstance(d.value, int):
            d = Aspect(name=d.name, params=(d.value + extra, *d.params[1:]), qualifier=d.qualifier)
        out.append(d)
    for b in bonuses:  # "If a spell does not inflict any Dmg at all then when it gains Dmg it gains the Dmg aspect"
        if not any(d.name == b.name and d.qualifier == b.qualifier for d in plain + out[len(plain):]):
            out.append(Aspect(name=b.name, params=b.params, qualifier=b.qualifier))
    return out


def directives(aspects: Iterable[Aspect]) -> list[Aspect]:
    return [a for a in combine(aspects) if behaviours.kind_of(a.name) == "directive"]


def value(aspects: Iterable[Aspect], name: str) -> int:
    for a in combine(aspects):
        if a.name == name:
            return int(a.value) if isinstance(a.value, int) else 1
    return 0


# ---------------------------------------------------------------- immunity
def immune(being: Being, fx: Effect) -> str | None:
    """"If a Magi is immune to a single descriptor or aspect on a spell then they are immune to the entire spell"."""
    phased = control.immune(being, fx)
    if phased:
        return phased
    words = {a.name for a in fx.aspects()} | set(fx.card.spec.descriptors)
    if fx.sphere is not None:
        words.add(fx.sphere.value)
    for card in being.in_play():
        if not card.active or card.bearer is not being:
            continue
        for a in card.aspects():
            if a.name == "Immune":
                what = a.qualifier or (str(a.value) if a.value is not None else "")
                if what in words:
                    return f"{card.title}: Immune {what}"
    return None


# ---------------------------------------------------------------- Defenses
@dataclass(frozen=True, slots=True)
class Outcome:
    hit: bool  # the effect impacts in full
    through: int = 0  # Dmg that Pierce carried past the Shields (when not hit)


HIT = Outcome(True)
BLOCKED = Outcome(False)


def shields_of(game: Game, being: Being) -> list[Card]:
    """Team (Area) Shields first — "incoming attacks must pass through the Team zone" — then the Magi's own."""
    return team_shields(game, being) + own_shields(being)


def team_shields(game: Game, being: Being) -> list[Card]:
    return [c for b in game.beings if b.team == being.team for c in b.zones[Zone.DEFENSE]
            if c.team_zone == being.team and c.active and c.has("Shield")]


def own_shields(being: Being) -> list[Card]:
    return [c for c in being.zones[Zone.DEFENSE] if c.team_zone is None and c.active and c.has("Shield")]


def can_block(shield: Card, fx: Effect, aspects: list[Aspect]) -> bool:
    if fx.sphere is None:  # Spec and Artifact effects come from no Sphere
        return False
    if any(a.name == "Subtle" for a in aspects) and not (shield.has("Refined") or shield.has("Invulnerable")):
        return False
    spheres = set(shield.spec.broadcast)
    if fx.sphere in spheres:
        return True
    dmg = [a for a in directives(aspects)]
    physical = bool(dmg) and all(a.qualifier == "Physical" for a in dmg)
    return physical and bool(PHYSICAL_SPHERES & spheres)


def wear(game: Game, shield: Card, amount: int) -> None:
    if "durability" not in shield.counters:
        return
    shield.counters["durability"] -= amount
    if shield.counters["durability"] <= 0:
        shield.counters["durability"] = 0
        if shield.counters.get("duration", 0) <= 0 and not shield.persistent:
            game.say(f"{shield.title} loses its last Durability and is discarded")
            game.discard(shield)


def defenses(game: Game, fx: Effect, being: Being, aspects: list[Aspect]) -> Flow[Outcome]:
    """Shields block offensive effects; Subtle bypasses them, Pierce lets some Dmg through."""
    if any(a.name == "Unblockable" for a in aspects):
        return HIT
    # Subtle passes every Shield but a Refined (or Invulnerable) one (``can_block``), so its Pierce and
    # Shatter never meet the Shields it bypasses; a Shield that does block it meets them in full.
    pierce = value(aspects, "Pierce")
    shatter = value(aspects, "Shatter")
    # The Team zone first. An Area effect passes through it once for the whole team, so its Area Shields
    # block (and wear) once, not once per Magi behind them.
    met = fx.team_zone.get(being.team) if fx.area else None
    if met is None:
        met = meet(game, plan(fx, team_shields(game, being), aspects, pierce, shatter, pierced=False))
        if fx.area:
            fx.team_zone[being.team] = met
    blocked, pierced = met
    if not blocked:
        order = yield from shield_order(game, fx, being, aspects, pierce, shatter, pierced)
        blocked, pierced = meet(game, plan(fx, order, aspects, pierce, shatter, pierced))
    if blocked:
        return BLOCKED
    if pierced:
        return Outcome(False, through=pierce)
    return HIT


@dataclass(frozen=True, slots=True)
class Plan:
    """How an effect fares against Shields met in one order: what each blocking Shield says and loses."""

    steps: tuple[tuple[Card, int, str], ...]  # (Shield, Durability it loses, what happens)
    blocked: bool
    pierced: bool

    def key(self) -> tuple[object, ...]:
        """The outcome, with alike Shields (same card, same counters) counted as one."""
        return (tuple((_likeness(c), n) for c, n, _ in self.steps), self.blocked, self.pierced)


def _likeness(c: Card) -> tuple[object, ...]:
    return (c.title, tuple(sorted(c.counters.items())), tuple(sorted(a.text() for a in c.gained)), c.persistent)


def plan(fx: Effect, shields: list[Card], aspects: list[Aspect], pierce: int, shatter: int,
         pierced: bool) -> Plan:
    """The effect meets these Shields in order (read only: :func:`meet` carries it out)."""
    steps: list[tuple[Card, int, str]] = []
    for shield in shields:
        if not can_block(shield, fx, aspects):
            continue
        stops_pierce = shield.has("Impenetrable") or shield.has("Invulnerable")
        if pierce and not stops_pierce:
            # "Durability Shields lose only one Durability charge regardless of the Pierce rank", and
            # inner Shields lose 1 each as it penetrates, Shatter or not.
            steps.append((shield, 1, f"{shield.title} blocks {fx.name}, but Pierce {pierce} goes through"))
            pierced = True
            continue
        extra = 0 if pierced or shield.has("Resilient") or shield.has("Invulnerable") else shatter
        steps.append((shield, 1 + extra, f"{shield.title} blocks {fx.name}" + (f" (Shatter {extra})" if extra else "")))
        return Plan(tuple(steps), True, pierced)
    return Plan(tuple(steps), False, pierced)


def meet(game: Game, p: Plan) -> tuple[bool, bool]:
    """Carry out a plan: (blocked, pierced so far)."""
    for shield, amount, what in p.steps:
        game.say(what)
        events.queue(game, "this blocks effect", card=shield)  # before it wears out, as it blocks
        wear(game, shield, amount)
    return p.blocked, p.pierced


def shield_order(game: Game, fx: Effect, being: Being, aspects: list[Aspect], pierce: int, shatter: int,
                 pierced: bool) -> Flow[list[Card]]:
    """"Magi may re-order their Shields before each attacking effect impacts so as to provide the most
    optimal defense for each one" — but "may NOT decline to Shield an effect". The bearer is asked only
    when two or more of its Shields could block the effect and their order changes what happens; the
    first choice keeps the order they were placed in."""
    shields = own_shields(being)
    blockers = [c for c in shields if can_block(c, fx, aspects)]
    if len(blockers) < 2:
        return shields
    options: dict[tuple[object, ...], list[Card]] = {}
    for order in permutations(blockers):
        p = plan(fx, list(order), aspects, pierce, shatter, pierced)
        options.setdefault(p.key(), list(order))
    if len(options) < 2:
        return shields
    orders = list(options.values())
    labels = [_order_label(o, unique=False) for o in orders]
    if len(set(labels)) < len(labels):  # alike titles and Durability, yet not alike: name them by number
        labels = [_order_label(o, unique=True) for o in orders]
    choices = [Choice(label, tuple(c.id for c in o)) for label, o in zip(labels, orders, strict=True)]
    pick = yield from game.ask("shield order", being, f"in which order do {being.name}'s Shields meet {fx.name}?",
                               choices, fx.card)
    return [game.card(i) for i in pick.value]


def _order_label(order: list[Card], unique: bool) -> str:
    def name(c: Card) -> str:
        durability = f" ({c.counters['durability']} Durability)" if "durability" in c.counters else ""
        return f'"{c.title}"{durability}' + (f" #{c.id}" if unique else "")

    return ", then ".join(name(c) for c in order)


def in_broadcast(defense: Card, fx: Effect) -> bool:
    """"Evades, Shields and Wards typically defend against effects from specific Spheres only": those of
    the Defense's broadcast bar (a Ward or an Evade that shows none defends against every Sphere). "The
    lack of a Sphere makes such effects immune to most Evades, Shields and Wards"."""
    spheres = defense.spec.broadcast
    return not spheres or (fx.sphere is not None and fx.sphere in spheres)


def ward(game: Game, fx: Effect, being: Being, energy: Energy) -> int:
    """"Wards for the same energy do NOT stack"; "being a Defense spell, [they] do not reduce Dmg from
    Curses" — on any impact of a Curse, the first one (from the Attack zone) included."""
    if fx.card.spec.is_curse():
        return 0
    if fx.has("Unblockable"):  # "Unblockable spells are unaffected by Defense spells"
        return 0
    best = 0
    for card in shields_and_wards(game, being):
        for a in card.aspects():
            if a.name != "Ward":
                continue
            kind = Energy(a.qualifier) if a.qualifier in {e.value for e in Energy} else Energy.ESSENCE
            if kind is energy and in_broadcast(card, fx):
                best = max(best, int(a.value) if isinstance(a.value, int) else 1)
    return best


def shields_and_wards(game: Game, being: Being) -> list[Card]:
    team = [c for b in game.beings if b.team == being.team for c in b.zones[Zone.DEFENSE]
            if c.team_zone == being.team]
    return [c for c in team + being.zones[Zone.DEFENSE] if c.active]


# ---------------------------------------------------------------- impact
def offensive(fx: Effect, being: Being) -> bool:
    return being.team != fx.controller.team


def resisted(game: Game, fx: Effect, being: Being) -> bool:
    """"In order to affect an Encounter, a spell must have Potency equal to or greater than the
    Encounter's Resistance" — every offensive impact on it: a spell's, and each "deal" step of an ability."""
    if being.encounter is None or not offensive(fx, being):
        return False
    from engine import encounter

    if not encounter.resists(being, fx):
        return False
    game.say(f"{being.name} resists {fx.name}: its Potency {encounter.potency(fx)} is below "
             f"Resistance {being.encounter.spec.resistance}")
    return True


def impact_being(game: Game, fx: Effect, being: Being) -> Flow[bool]:
    """An effect impacts one being: Evade, immunity and Defenses first. True when it impacts in full."""
    if being.name in fx.evaded:
        game.say(f"{being.name} evades {fx.name}")
        return False
    if resisted(game, fx, being):
        return False
    aspects = fx.aspects()
    # The Defenses act first: "the Shield would lose Durability from blocking a Fireball" even when its
    # Magi is Immune to Heat; only what gets through meets the immunity.
    if offensive(fx, being):
        result = yield from defenses(game, fx, being, aspects)
        if not result.hit:
            if result.through and not immune(being, fx):
                yield from apply_directives(game, fx, being, aspects, cap=result.through, only_dmg=True)
            return False
    why = immune(being, fx)
    if why:
        game.say(f"{being.name} is immune to {fx.name} ({why})")
        return False
    fx.refs["impacted"] = being
    yield from apply_directives(game, fx, being, aspects)
    yield from fx.card.spec().on_impact(fx)
    return True


def impact_card(game: Game, fx: Effect, card: Card) -> Flow[bool]:
    """Abjurations (and Dispels) impact on spells: the spell's bearer's Defenses protect it."""
    bearer = card.bearer if card.active else None
    if bearer is not None and bearer.team != fx.controller.team and fx.sphere is not None:
        result = yield from defenses(game, fx, bearer, fx.aspects())
        if not result.hit:
            return False
    transmutes.backlash(game, fx, card)  # part of the impact, read before a Dispel takes the spell away
    yield from apply_directives(game, fx, card, fx.aspects())
    yield from fx.card.spec().on_impact(fx)
    return True


def apply_directives(game: Game, fx: Effect, target: Being | Card, aspects: list[Aspect],
                     cap: int | None = None, only_dmg: bool = False) -> Flow[None]:
    for d in directives(aspects):
        if only_dmg and d.name != "Dmg":
            continue
        behaviour = behaviours.for_keyword(d.name)
        if behaviour is None:
            raise Unsupported(d.name, fx.card.title)
        amount = _amount(fx, d)
        if cap is not None:
            amount = min(amount, cap)
        choices = behaviour(game, fx, d, target, amount)
        if choices is not None:  # a directive that asks (Spell Loss, Dampen)
            yield from choices


def _amount(fx: Effect, d: Aspect) -> int:
    """A directive's number; a directive whose parameter is a word (``Dispel Banish``) has none."""
    kw = registry.load().get(d.name)
    counted = kw is None or not kw.params or kw.params[0] != "word"
    return fx.amount(d) if d.params and counted else 0


def deal(game: Game, fx: Effect, aspect: Aspect, who: Being | Card) -> Flow[None]:
    """A rules-text "deal" step. An ability's offensive steps meet the Defenses one by one."""
    if isinstance(who, Being) and offensive(fx, who) and not fx.past_defenses:
        if who.name in fx.evaded or resisted(game, fx, who) or immune(who, fx):
            return
        all_aspects = [*fx.aspects(), aspect]
        result = yield from defenses(game, fx, who, all_aspects)
        if not result.hit:
            if result.through and aspect.name == "Dmg":
                yield from apply_directives(game, fx, who, [aspect], cap=result.through)
            return
    behaviour = behaviours.for_keyword(aspect.name)
    if behaviour is None:
        raise Unsupported(aspect.name, fx.card.title)
    choices = behaviour(game, fx, aspect, who, _amount(fx, aspect))
    if choices is not None:
        yield from choices


def still_in(card: Card) -> bool:
    return card.place is Place.IN_PLAY
