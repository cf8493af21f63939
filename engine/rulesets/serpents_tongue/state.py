"""Game state: beings with their five energies and zones, the cards in play and their counters.

Plain data only (no rules): the engine in :mod:`.rules` changes it, :mod:`engine.core.match` copies
it. Cards and beings refer to each other by object; a copy of the whole state keeps those links.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, Protocol, TypeVar

from spellc.engine.core.resources import Resource
from spellc.engine.core.zones import Zones
from spellc.engine.rulesets.serpents_tongue import registry
from spellc.engine.rulesets.serpents_tongue.cards import Ability, Aspect, Energy, Role, Selector, SpellCard, Sphere

T = TypeVar("T")


class Zone(StrEnum):
    ATTACK = "attack"
    DEFENSE = "defense"
    CURSE = "curse"
    ENHANCEMENT = "enhancement"


# Maintenance resolves zones in this order ("Begin by resolving all Attack zones, then all Defense
# zones ..., then all Curse zones, then all Enhancement zones").
MAINTENANCE_ORDER = (Zone.ATTACK, Zone.DEFENSE, Zone.CURSE, Zone.ENHANCEMENT)
ZONE_CAPACITY = {Zone.ENHANCEMENT: 4}  # "Magi have 4 Enhancement slots"
STARTING_ESSENCE = 12
MAX_INTERRUPT_STONES = 2


# The five energies (Quick Start, "Energies"), declared: "Harmony is the only energy that can go negative";
# Essence "never rises above starting Essence"; "Each Magi begins combat with 3 Willpower".
ENERGIES: dict[Energy, Resource] = {
    Energy.RESONANCE: Resource("Resonance", "resonance"),
    Energy.HARMONY: Resource("Harmony", "harmony", floor=None),
    Energy.ESSENCE: Resource("Essence", "essence", start=STARTING_ESSENCE, cap_attr="starting_essence"),
    Energy.WILL: Resource("Will", "will", start=3),
    Energy.VOICE: Resource("Voice", "voice"),
}


class Place(StrEnum):
    CODEX = "codex"
    PREPARED = "prepared"
    MANIFESTING = "manifesting"
    IN_PLAY = "in play"
    RITE = "rite"
    DISCARD = "discard"
    BANISHED = "banished"


class Kind(StrEnum):
    MAGI = "magi"
    ENCOUNTER = "encounter"
    KOISHAKA = "koishaka"


# The places and kinds the rules compare against at nearly every decision, by their plain names as well: on
# Python 3.11 a member read off its Enum class (Place.IN_PLAY) goes through EnumType.__getattr__'s hook, four
# times the cost of reading a global (the dozen such reads a decision took 2% of a random match's time).
CODEX, PREPARED, MANIFESTING, IN_PLAY, RITE = Place.CODEX, Place.PREPARED, Place.MANIFESTING, Place.IN_PLAY, Place.RITE
DISCARD, BANISHED = Place.DISCARD, Place.BANISHED
MAGI, ENCOUNTER, KOISHAKA = Kind.MAGI, Kind.ENCOUNTER, Kind.KOISHAKA


@dataclass(eq=False, slots=True)
class Card:
    """One physical spell card. It is always in exactly one place."""

    spec: type[SpellCard]
    owner: Being
    title: str = field(init=False, repr=False)  # its spec's, read at nearly every decision: kept as an attribute
    # Its spec's as well, read of every card of a Codex as it is read (to prepare, to begin, to respond with): an
    # attribute of the card costs a fraction of one of its class.
    kind: str = field(init=False, repr=False)
    responds: bool = field(init=False, repr=False)  # a Response spell (SpellCard.responds)
    # Its spec's role, kept as well: the cast cycle's steps each read it (whether it is placed, in which zone, how it
    # activates), and an attribute is read without a call into the card.
    role: Role | None = field(init=False, repr=False)
    sphere: Sphere = field(init=False, repr=False)  # its spec's, kept as its role is
    # The events its triggers react to (heard_by its spec), kept as well: read of the card at each of its own
    # events (activated, resolved, discarded), to tell whether any rule text is owed.
    hears: frozenset[str] = field(init=False, repr=False)
    # Its aspects: its card's, then what it gained, then what the Transmutes combined with it grant. Kept, as the
    # rules read them at every step of a cast and of a spell in play (an attribute is read without a call into the
    # card), and made again where they change (:meth:`update_aspects`): an upgrade paid, a ritual tier bought, a
    # Transmute combined with it or gone, it or its Transmute Dormant or re-activated, it leaving play.
    aspects: tuple[Aspect, ...] = field(init=False, repr=False)
    names: Container[str] = field(init=False, repr=False)  # their names, for :meth:`has` read at once
    id: int = 0
    place: Place = Place.CODEX
    zone: Zone | None = None
    bearer: Being | None = None
    team_zone: str | None = None  # an Area spell placed between the Magi of this team
    caster: Being | None = None
    controller: Being | None = None
    target: Being | Card | None = None
    counters: dict[str, int] = field(default_factory=dict)
    persistent: bool = False
    focus: Being | None = None  # whose Focus holds this Duration F spell
    dormant: bool = False
    combined: list[Card] = field(default_factory=list)  # Transmutes combined with this spell
    combined_with: Card | None = None
    gained: list[Aspect] = field(default_factory=list)  # from upgrades, ritual tiers and Transmutes
    # Upgrades paid with an alternate timing: until the spell's next maintenance, and for one impact.
    round_gained: list[Aspect] = field(default_factory=list)
    impact_gained: list[Aspect] = field(default_factory=list)
    ritual_tiers: int = 0
    mode: int | None = None  # "choose one", chosen at declaration
    step_targets: dict[int, Being | Card] = field(default_factory=dict)  # its rules text's "target KIND"s
    targets_declared: bool = False  # its on-impact step targets were declared as it was cast (5.1.2.b)
    prolonged: bool = False  # moved back into the Rite zone by added Actions, its costs already paid
    ability_uses: dict[str, int] = field(default_factory=dict)
    # What the cast cost, for a Dispel's refund of a manifesting spell.
    paid: list[tuple[Energy, int]] = field(default_factory=list)
    sacrificed: list[Departure] = field(default_factory=list)  # spells discarded or sacrificed for it
    charges_spent: list[tuple[Card, str, int]] = field(default_factory=list)  # "Discard N X charges"
    cursed: list[Being] = field(default_factory=list)  # the Magi an Area Curse impacted
    encounter_ability: bool = False  # an Encounter's spell: never discarded, never refunded
    helped: list[tuple[Being, Energy, int]] = field(default_factory=list)  # Allies' Ritual Path payments

    def __post_init__(self) -> None:
        self.become(self.spec)

    def become(self, spec: type[SpellCard]) -> None:
        """This card is ``spec`` from now on (a hidden spell dealt again, evaluation.determinize): with what it keeps
        of its spec's."""
        self.spec, self.title, self.kind, self.responds = spec, spec.title, spec.kind, spec.responds
        self.role = getattr(spec, "role", None)  # a Specialization, an Artifact and a Nam-Shub page have none
        self.sphere = spec.sphere
        self.hears = heard_by(spec)  # type: ignore[arg-type]  # classes hash by identity
        self.update_aspects()

    def update_aspects(self) -> None:
        """Its :attr:`aspects` made again, and those of the spell it lies on (a Transmute's grant is the spell's):
        said by whatever changes what it gained, what is combined with it, or whether a Transmute is active."""
        own = self.aspects = aspects_of(self)
        # As printed (most cards, most of the time): the names its spec has already.
        self.names = self.spec.printed_names if own is self.spec.printed else frozenset(a.name for a in own)
        if self.combined_with is not None:
            self.combined_with.update_aspects()

    @property
    def active(self) -> bool:
        # A Transmute combined with a Dormant spell is Dormant as long as the spell is ("Dormant"); one
        # combined with a spell still being cast (manifesting, or in the Rite zone) acts on it already.
        spell = self.combined_with
        return self.place is IN_PLAY and not self.dormant and (
            spell is None or spell.active or spell.place in (MANIFESTING, RITE))

    @property
    def manifesting(self) -> bool:
        return self.place is MANIFESTING

    def aspect(self, name: str) -> Aspect | None:
        return aspect_named(self.aspects, name)

    def has(self, name: str) -> bool:
        return name in self.names

    def leave_play(self) -> None:
        self.zone = None
        self.bearer = self.caster = self.controller = self.target = None
        self.team_zone = None
        self.counters.clear()
        self.persistent = False
        self.focus = None
        self.dormant = False
        self.combined_with = None
        self.gained.clear()
        self.round_gained.clear()
        self.impact_gained.clear()
        self.ritual_tiers = 0
        self.mode = None
        self.step_targets.clear()
        self.targets_declared = self.prolonged = False
        self.ability_uses.clear()
        self.paid.clear()
        self.sacrificed.clear()
        self.charges_spent.clear()
        self.cursed.clear()
        self.helped.clear()
        self.update_aspects()  # its own, as printed: what it gained is gone

    def __repr__(self) -> str:
        return f"<{self.title} #{self.id} {self.place.value}>"


@dataclass(frozen=True, slots=True)
class Departure:
    """A spell as it was when it left for another spell's requirement (discarded from play, or sacrificed
    from the Codex): a Dispel of that spell while it manifests restores it — one that was in play "brought
    back to active as if [it] had just come back from being dormant, along with any Transmutes that may
    have been attached to [it]" (Glossary, Dispel)."""

    card: Card
    place: Place
    zone: Zone | None = None
    bearer: Being | None = None
    team_zone: str | None = None
    caster: Being | None = None
    controller: Being | None = None
    target: Being | Card | None = None
    counters: tuple[tuple[str, int], ...] = ()
    persistent: bool = False
    focus: Being | None = None
    gained: tuple[Aspect, ...] = ()
    ritual_tiers: int = 0
    mode: int | None = None
    step_targets: tuple[tuple[int, Being | Card], ...] = ()
    cursed: tuple[Being, ...] = ()
    transmutes: tuple[Departure, ...] = ()

    @classmethod
    def of(cls, card: Card) -> Departure:
        """Taken just before the card leaves (``Game.discard`` clears what it held in play)."""
        if card.place is not Place.IN_PLAY:
            return cls(card=card, place=card.place)
        return cls(card=card, place=card.place, zone=card.zone, bearer=card.bearer, team_zone=card.team_zone,
                   caster=card.caster, controller=card.controller, target=card.target,
                   counters=tuple(card.counters.items()), persistent=card.persistent, focus=card.focus,
                   gained=tuple(card.gained), ritual_tiers=card.ritual_tiers, mode=card.mode,
                   step_targets=tuple(card.step_targets.items()), cursed=tuple(card.cursed),
                   transmutes=tuple(cls.of(t) for t in card.combined))


# What a being may do once a round, counted and set back as each round begins: "perform an energy exchange,
# once per round"; "You may only re-attune one spell per round"; "Magi may upgrade a Spec by a single tier
# once per round"; an opponent's effects give "at most one" interrupt stone and "AT MOST one additional Full
# Action each round".
ROUND_COUNTERS = (
    Resource("energy exchange", "exchanged_this_round", start=False, refresh="round begins"),
    Resource("re-attune", "reattuned_this_round", start=False, refresh="round begins"),
    Resource("Specialization upgrade", "spec_upgraded_this_round", start=False, refresh="round begins"),
    Resource("extra Full Action", "extra_action_this_round", start=False, refresh="round begins"),
    Resource("offensive interrupt stones", "offensive_stones_this_round", refresh="round begins"),
)


@dataclass(eq=False, slots=True)
class Being:
    """A Magi, an Encounter or a Koishaka: energies, zones, Codex, actions."""

    name: str
    team: str
    kind: Kind = Kind.MAGI
    resonance: int = ENERGIES[Energy.RESONANCE].start
    harmony: int = ENERGIES[Energy.HARMONY].start
    essence: int = ENERGIES[Energy.ESSENCE].start
    will: int = ENERGIES[Energy.WILL].start
    voice: int = ENERGIES[Energy.VOICE].start
    starting_essence: int = STARTING_ESSENCE
    # "If an Encounter does not start with a given Energy, that energy is always considered to be zero".
    lacks: frozenset[Energy] = frozenset()
    codex: list[Card] = field(default_factory=list)
    prepared: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    banished: list[Card] = field(default_factory=list)
    rite: list[Card] = field(default_factory=list)
    zones: Zones[Zone, Card] = field(default_factory=lambda: Zones(Zone, ZONE_CAPACITY))
    full_actions: int = 2
    actions_per_round: int = 2
    interrupt_stones: int = 0
    offensive_stones_this_round: int = 0
    own_side_stones: int = 0  # collected from its own side's effects: the only way past 2 stones
    extra_action_this_round: bool = False
    foci: int = 1
    burned_foci: int = 0
    exchanged_this_round: bool = False
    reattuned_this_round: bool = False  # a non-Bonded spell: one a round
    spec_upgraded_this_round: bool = False
    miscast_this_turn: set[str] = field(default_factory=set)
    incapacitated: bool = False
    first_round: int = 0  # a Koishaka's first round: it has lowest initiative
    encounter: Any = None  # an Encounter's card, mode and draw bag (encounter_state.EncounterState)
    body: Card | None = None  # a Koishaka: the Ally spell that summoned it, in play (allies)
    # What is read off the Codex at every decision, kept with the Codex it was read from (codex_view).
    codex_views: dict[Callable[[list[Card]], Any], tuple[list[Card], Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for e in self.lacks:  # "that energy is always considered to be zero"
            setattr(self, ENERGIES[e].attr, 0)

    def energy(self, e: Energy) -> int:
        if self.lacks and e in self.lacks:
            return 0
        return getattr(self, ENERGIES[e].attr)  # the resource read directly: at every decision

    def set_energy(self, e: Energy, value: int) -> None:
        if not (self.lacks and e in self.lacks):
            setattr(self, ENERGIES[e].attr, value)

    def slots_taken(self, zone: Zone) -> list[Card]:
        """The cards that fill ``zone``'s slots: a Transmute lies on its spell and takes none."""
        return [c for c in self.zones[zone] if c.combined_with is None]

    def room_in(self, zone: Zone) -> bool:
        """Whether one more card fits in ``zone`` (a zone without a capacity always has room)."""
        capacity = self.zones.capacity.get(zone)
        return capacity is None or len(self.slots_taken(zone)) < capacity

    def in_play(self) -> list[Card]:
        """Its spells in play, zone by zone, then its body (a Koishaka's Ally spell): to read, never to change."""
        cards = self.zones.all()
        return cards if self.body is None else [*cards, self.body]

    @property
    def free_foci(self) -> int:
        return self.foci - self.burned_foci

    def __repr__(self) -> str:
        return f"<{self.name}>"


@cache  # classes hash by identity: read once per card class
def heard_by(spec: type[SpellCard]) -> frozenset[str]:
    """The events (the registry rows' names, as rules emit them) that a card's triggers react to: what the card
    prints, read once per card."""
    events = registry.load().events
    found = (events.get(trig.event) for trig in spec.triggers)
    return frozenset(ev.base for ev in found if ev is not None)


def aspects_of(card: Card) -> tuple[Aspect, ...]:
    """What ``card``'s aspects are now, read afresh: its card's, then what it gained, then what the Transmutes
    combined with it grant (what :attr:`Card.aspects` keeps)."""
    own = card.spec.printed
    if card.gained or card.round_gained or card.impact_gained:
        own = own + (*card.gained, *card.round_gained, *card.impact_gained)
    if card.combined:
        own = own + tuple(a for t in card.combined for a in transmute_grants(t))
    return own


def aspect_named(aspects: Sequence[Aspect], name: str) -> Aspect | None:
    """The first of ``aspects`` named ``name`` that is not a bonus to another (a card's :meth:`Card.aspect`, of its
    aspects read once for several)."""
    for a in aspects:
        if a.name == name and not a.bonus:
            return a
    return None


def codex_view(b: Being, view: Callable[[list[Card]], T]) -> T:
    """``view(b.codex)``, read again only once the Codex has changed. The Codex is read at nearly every
    decision (which page to begin, which Response to cast) and changes a few times a round;
    comparing it with a copy of the Codex the view was read from costs less than one pass over its cards
    (and, list to list, no copy of the Codex as it is now). ``view`` must depend on nothing but the cards,
    and its result is shared: to read, never to change."""
    codex = b.codex
    kept = b.codex_views.get(view)
    if kept is None or kept[0] != codex:
        kept = b.codex_views[view] = (codex.copy(), view(codex))
    return kept[1]


def fits(card: Card, sel: Selector) -> bool:
    """Whether ``card`` is the kind of spell ``sel`` names (Sphere, role, Curse, empowerments, descriptors);
    who holds it and its state are the callers' business."""
    if sel.sphere and card.sphere is not sel.sphere:
        return False
    if sel.role and card.role is not sel.role:
        return False
    if sel.curse and not card.spec.is_curse():
        return False
    # Most selectors name no empowerment and no descriptor: no generator is made for them (asked for every
    # passive effect and every spell that might be targeted, at every decision).
    if sel.has and not all(h in card.names for h in sel.has):
        return False
    return not sel.descriptors or all(d in card.spec.descriptors for d in sel.descriptors)


def card_json(card: Card) -> dict[str, Any]:
    counters = {k: v for k, v in sorted(card.counters.items()) if v or k != "karma"}
    out: dict[str, Any] = {"title": card.title,
                           "controller": card.controller.name if card.controller else None,
                           "counters": counters}
    if card.focus is not None:
        out["focus"] = card.focus.name
    return out


def being_json(b: Being) -> dict[str, Any]:
    out: dict[str, Any] = {
        "essence": b.essence,
        "resonance": b.resonance,
        "harmony": b.harmony,
        "will": b.will,
        "voice": b.voice,
        "interrupt_stones": b.interrupt_stones,
        "zones": {z.value: [card_json(c) for c in b.zones[z]] for z in Zone},
    }
    if b.rite:  # spells waiting for their Full Actions ("# Actions")
        out["rite"] = [card_json(c) for c in b.rite]
    for e in b.lacks:
        out.pop(e.value.lower(), None)
    if b.incapacitated:
        out["incapacitated"] = True
    return out


def transmute_grants(transmute: Card) -> tuple[Aspect, ...]:
    """The aspects an active Transmute gives the spell it is combined with: its directives, as additions,
    and what its passive says its target gains (``passive: target gains Refined``), as the spell's own."""
    if not transmute.active:
        return ()
    added = tuple(Aspect(name=a.name, params=a.params, qualifier=a.qualifier, bonus=bool(a.params))
                  for a in transmute.spec.directives + tuple(g for g in transmute.gained if _is_directive(g)))
    return added + tuple(a for mod in transmute.spec.modifiers if mod.selector.combined for a in mod.grants)


def _is_directive(a: Aspect) -> bool:
    kw = registry.load().get(a.name)
    return kw is not None and kw.kind == "directive"


@dataclass(frozen=True, slots=True)
class Pending:
    """One card's trigger, owed to it by an event: whom its rules text concerns is fixed when it fires."""

    card: Card
    method: str
    controller: Being
    bearer: Being | None
    caster: Being | None


class Cast(Protocol):
    """What a passive effect or an Encounter's threshold reads of the effect it changes: an effect under way
    (effects.Effect), or a spell as it would be cast now (declaration.Provisional)."""

    @property
    def card(self) -> Card: ...

    @property
    def controller(self) -> Being: ...

    @property
    def target(self) -> Being | Card | None: ...

    @property
    def ability(self) -> Ability | None: ...
