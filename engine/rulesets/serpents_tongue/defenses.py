"""Defenses: what stands between an effect and the being it impacts.

Glossary terms played here: Shield, Durability, Shatter, Pierce, Subtle, Refined, Impenetrable,
Invulnerable, Resilient, Unblockable, Ward, Evade (its broadcast bar), Immune, and whether an effect is
offensive. Below the directives (behaviours.py), which read a Ward as they deal Dmg, and below
engine/rulesets/serpents_tongue/impact.py, which meets these Defenses on every impact.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import permutations

from spellc.engine.core import modifiers
from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.core.modifiers import Change, Mode
from spellc.engine.rulesets.serpents_tongue import control, events, registry
from spellc.engine.rulesets.serpents_tongue.cards import PHYSICAL_SPHERES, Aspect, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Zone


# ---------------------------------------------------------------- aspects, with their bonuses
def combine(aspects: Iterable[Aspect]) -> list[Aspect]:
    """Directives with their bonuses added: "Add Dmg X or +X Dmg" (a spell without Dmg gains it)."""
    plain: list[Aspect] = []
    bonuses: list[Aspect] = []
    for a in aspects:  # one pass, told apart as read
        (bonuses if a.bonus else plain).append(a)
    if not bonuses:  # nothing to add (nearly always): the directives as they are
        return plain
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
    return [a for a in combine(aspects) if _kind(a.name) == "directive"]


def value(aspects: Iterable[Aspect], name: str) -> int:
    for a in combine(aspects):
        if a.name == name:
            return int(a.value) if isinstance(a.value, int) else 1
    return 0


def _kind(name: str) -> str | None:
    kw = registry.load().get(name)
    return kw.kind if kw else None


# ---------------------------------------------------------------- immunity
def immune(being: Being, fx: Effect) -> str | None:
    """"If a Magi is immune to a single descriptor or aspect on a spell then they are immune to the entire spell"."""
    phased = control.immune(being, fx)
    if phased:
        return phased
    words: set[str] | None = None  # what the effect is made of: read once an Immune is met (most beings have none)
    for card in being.in_play():
        # Its names first, read off the card: most spells have no Immune, and whether they are active is not asked.
        if "Immune" not in card.names or not card.active or card.bearer is not being:
            continue
        for a in card.aspects:
            if a.name == "Immune":
                what = a.qualifier or (str(a.value) if a.value is not None else "")
                if words is None:
                    words = _words(fx)
                if what in words:
                    return f"{card.title}: Immune {what}"
    return None


def _words(fx: Effect) -> set[str]:
    """The names, descriptors and Sphere of an effect: what an Immune may name."""
    words = {a.name for a in fx.aspects()} | set(fx.card.spec.descriptors)
    if fx.sphere is not None:
        words.add(fx.sphere.value)
    return words


# ---------------------------------------------------------------- Defenses
@dataclass(frozen=True, slots=True)
class ShieldOutcome:
    hit: bool  # the effect impacts in full
    through: int = 0  # Dmg that Pierce carried past the Shields (when not hit)


HIT = ShieldOutcome(True)
BLOCKED = ShieldOutcome(False)


def shields_of(game: Battle, being: Being) -> list[Card]:
    """Team (Area) Shields first — "incoming attacks must pass through the Team zone" — then the Magi's own."""
    return team_shields(game, being) + own_shields(being)


def team_shields(game: Battle, being: Being) -> list[Card]:
    return [c for b in game.beings if b.team == being.team for c in b.zones[Zone.DEFENSE]
            if c.team_zone == being.team and c.active and c.has("Shield")]


def own_shields(being: Being) -> list[Card]:
    return [c for c in being.zones[Zone.DEFENSE] if c.team_zone is None and c.active and c.has("Shield")]


def can_block(shield: Card, fx: Effect, aspects: Sequence[Aspect]) -> bool:
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


def wear(game: Battle, shield: Card, amount: int) -> None:
    if "durability" not in shield.counters:
        return
    shield.counters["durability"] -= amount
    if shield.counters["durability"] <= 0:
        shield.counters["durability"] = 0
        if shield.counters.get("duration", 0) <= 0 and not shield.persistent:
            game.say(f"{shield.title} loses its last Durability and is discarded")
            game.discard(shield)


def defenses(game: Battle, fx: Effect, being: Being, aspects: Sequence[Aspect]) -> Flow[ShieldOutcome]:
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
        return ShieldOutcome(False, through=pierce)
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


def plan(fx: Effect, shields: list[Card], aspects: Sequence[Aspect], pierce: int, shatter: int,
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


def meet(game: Battle, p: Plan) -> tuple[bool, bool]:
    """Carry out a plan: (blocked, pierced so far)."""
    for shield, amount, what in p.steps:
        game.say(what)
        events.queue(game, "this blocks effect", card=shield)  # before it wears out, as it blocks
        wear(game, shield, amount)
    return p.blocked, p.pierced


def shield_order(game: Battle, fx: Effect, being: Being, aspects: Sequence[Aspect], pierce: int, shatter: int,
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


def ward(game: Battle, fx: Effect, being: Being, energy: Energy) -> int:
    """"Wards for the same energy do NOT stack"; "being a Defense spell, [they] do not reduce Dmg from
    Curses" — on any impact of a Curse, the first one (from the Attack zone) included."""
    if fx.card.spec.is_curse():
        return 0
    if fx.has("Unblockable"):  # "Unblockable spells are unaffected by Defense spells"
        return 0
    wards = [Change(Mode.UPGRADE, int(a.value) if isinstance(a.value, int) else 1)
             for card in shields_and_wards(game, being) if in_broadcast(card, fx)
             for a in card.aspects if a.name == "Ward" and _warded(a) is energy]
    return modifiers.apply(0, wards)


def _warded(ward: Aspect) -> Energy:
    """The energy a Ward guards: the one it names (`Harmony Ward 2`), else Essence."""
    return Energy(ward.qualifier) if ward.qualifier in {e.value for e in Energy} else Energy.ESSENCE


def shields_and_wards(game: Battle, being: Being) -> list[Card]:
    team = [c for b in game.beings if b.team == being.team for c in b.zones[Zone.DEFENSE]
            if c.team_zone == being.team]
    return [c for c in team + being.zones[Zone.DEFENSE] if c.active]


def offensive(fx: Effect, being: Being) -> bool:
    """An effect of the other team's."""
    return being.team != fx.controller.team
