"""The checked model: what the cards mean, built by the checker, read by the emitters.

Values come from :mod:`cards` (the engine plays exactly what the compiler checked); the model
adds the parts only the compiler needs: spans, and the rules-text steps with them, before they become the
engine's step values (compiler.serpents_tongue.steps.to_core).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from spellc.compiler.names import page_slug
from spellc.compiler.source import Span
from spellc.engine.rulesets.serpents_tongue.cards import (
    ActionChart,
    Aspect,
    Comparison,
    Cost,
    DieChart,
    EncounterResponse,
    Energy,
    Modifier,
    Quantity,
    Requirement,
    RitualTier,
    Role,
    Selector,
    SpecTier,
    Sphere,
    Stat,
    StepTarget,
    Threshold,
    Upgrade,
)

# A step's target: a word (this, bearer, caster, controller, the spell's own target) or a "target KIND".
Target = str | StepTarget


@dataclass(frozen=True, slots=True, kw_only=True)
class MStep:
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class MDo(MStep):
    """A step kind with its checked arguments (each what its declaration's parameter says: an Aspect, a
    target word or StepTarget, a number, a charge, an Energy, a Selector)."""

    kind: str
    args: tuple[Any, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MMay(MStep):
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class MIf(MStep):
    condition: Comparison
    step: Step
    negate: bool = False  # "STEP unless CONDITION"


@dataclass(frozen=True, slots=True, kw_only=True)
class MIfYouDid(MStep):
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class MPayTo(MStep):
    costs: tuple[Cost, ...]
    discards: tuple[str, ...]
    step: Step


@dataclass(frozen=True, slots=True, kw_only=True)
class MChooseOne(MStep):
    options: tuple[tuple[Step, ...], ...]


Step = MDo | MMay | MIf | MIfYouDid | MPayTo | MChooseOne


@dataclass(frozen=True, slots=True, kw_only=True)
class MTrigger:
    event: str
    steps: tuple[Step, ...]
    method: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MAbility:
    name: str
    aspects: tuple[Aspect, ...]
    steps: tuple[Step, ...]
    method: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterRules:
    """What an Encounter's card says beyond a spell's fields (see cards.EncounterCard)."""

    sources: tuple[Sphere, ...]
    essence: Stat
    starting_resonance: int
    resonance_bonus: Stat
    actions: Stat
    resistance: int
    lacks: tuple[Energy, ...]
    targeting: tuple[str, Energy] | None
    bag: tuple[tuple[str, int], ...]
    reset: tuple[tuple[str, int], ...]
    responses: tuple[EncounterResponse, ...]
    thresholds: tuple[Threshold, ...]
    charts: tuple[ActionChart, ...]
    die_charts: tuple[DieChart, ...]
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedSpell:
    title: str
    class_name: str
    sphere: Sphere
    role: Role
    fluency: int
    resonance: int
    harmony: int
    descriptors: tuple[str, ...]
    directives: tuple[Aspect, ...]
    empowerments: tuple[Aspect, ...]
    broadcast: tuple[Sphere, ...]
    requirements: tuple[Requirement, ...]
    upgrades: tuple[Upgrade, ...]
    ritual: tuple[RitualTier, ...]
    targets: Selector | None
    modifiers: tuple[Modifier, ...]
    triggers: tuple[MTrigger, ...]
    abilities: tuple[MAbility, ...]
    on_impact: tuple[Step, ...]
    variables: tuple[tuple[str, Quantity], ...]
    source_path: str
    line: int
    span: Span = field(compare=False, repr=False)
    kind: str = "spell"  # spell | specialization | encounter | encounter spell | encounter ability
    tiers: tuple[SpecTier, ...] = ()
    encounter: str | None = None  # an Encounter's spell or ability: the Encounter's title
    rules: EncounterRules | None = None  # an Encounter's card
    koishaka: tuple[Cost, ...] = ()  # an Ally spell's Koishaka: its printed energies
    koishaka_actions: int = 2
    several_fluencies: bool = False  # its title is printed at other fluencies too: its names carry its own
    # An Encounter's card: what a Discord Event does to a Magi facing it, in place of the loss of 3 Essence
    # ("some scenarios or encounters may change the effects of a Discord Event"); () keeps the default.
    discord_event: tuple[Step, ...] = ()
    # Its hash, made once: a build looks each spell up in several kept drawings (its page, its class, its links, the
    # modules and the index that list it), and a dataclass's own hash walks every field and step again each time
    # (a fifth of a build after one edit at 5,000 spells).
    _hash: int = field(init=False, repr=False, compare=False, default=0)
    # Its module and its page's name, asked several times per build too.
    _module: str = field(init=False, repr=False, compare=False, default="")
    _page_slug: str = field(init=False, repr=False, compare=False, default="")

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash(tuple(getattr(self, f.name) for f in fields(self) if f.compare)))
        object.__setattr__(self, "_module", self._module_of())
        object.__setattr__(self, "_page_slug", page_slug(self.title, self.class_name,
                                                         self.fluency if self.several_fluencies else None))

    def __hash__(self) -> int:
        return self._hash

    @property
    def page_slug(self) -> str:
        return self._page_slug

    @property
    def module(self) -> str:
        return self._module

    def _module_of(self) -> str:
        """Spells by Sphere; Specializations and Encounters (with their cards) in modules of their own."""
        if self.kind in ("specialization", "artifact"):
            return "specializations"
        if self.kind.startswith("encounter"):
            return "encounters"
        return self.sphere.value.lower()

    def has(self, name: str) -> bool:
        return any(a.name == name for a in self.directives + self.empowerments)

    @property
    def is_curse(self) -> bool:
        return self.role is Role.ATTACK and self.has("Curse Duration")


@dataclass(frozen=True, slots=True, kw_only=True)
class MNamShubStep:
    name: str
    free: bool  # a Free Action step; the others take a Full Action
    costs: tuple[Cost, ...]
    steps: tuple[Step, ...]
    method: str
    targets_opponent: bool  # its steps name "target opponent": the step chooses one
    span: Span = field(compare=False, repr=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class CheckedNamShub:
    """A Nam-Shub page: its steps in order and whether completing it wins the match."""

    title: str
    class_name: str
    steps: tuple[MNamShubStep, ...]
    victory: bool
    source_path: str
    line: int
    span: Span = field(compare=False, repr=False)
    module = "nam_shubs"
    fluency = None  # a page, not a spell: its title is taken at every fluency

    @property
    def page_slug(self) -> str:
        return f"nam-shub-{page_slug(self.title, self.class_name)}"
