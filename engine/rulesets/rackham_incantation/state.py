"""What a match of Incantation 2 holds: the models on the battlefield (magicians and the rest), each magician's
mana reserve and what it did this turn, and the facts of the battlefield that the rules read.

What is not a board: "positions, range, line of sight and melee" are facts a scenario (or a random match)
states, never a table top: the distance between two models in centimetres, who cannot see whom, who is in a
melee, who moved or shot this turn. The rules that depend on them read these facts (:class:`Facts`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from spellc.engine.core.resources import Resource
from spellc.engine.rulesets.rackham_incantation.cards import Level, MagicianCard
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES, People
from spellc.engine.rulesets.rackham_incantation.elements import Element, Gems

# "A magician's mana reserve cannot have more gems than twice his Power characteristic" (6.2): declared as the
# core's resource, read through the gem count a magician holds and the cap it is given.
MANA_RESERVE = Resource("Mana reserve", "gem_count", floor=0, cap_attr="reserve_cap")
RESOURCES = (MANA_RESERVE,)


@dataclass(eq=False)
class Model:
    """A combatant: a name, a camp, a Fear rating where it has one, its traits, and what befell it."""

    name: str
    camp: str
    fear: int | None = None
    traits: tuple[str, ...] = ()
    devotion: int | None = None  # Devotion/X
    wounds: int = 0
    removed: str | None = None  # why it left the battlefield: "banished", "sacrificed", "killed"
    summoned_by: str | None = None

    @property
    def present(self) -> bool:
        return self.removed is None

    def has(self, trait: str) -> bool:
        return trait in self.traits


@dataclass(eq=False)
class Magician(Model):
    card: MagicianCard | None = None
    reserve: Gems = field(default_factory=Counter)
    # This turn's: the casts declared (6.4), the spells cast (6.3.1, 3.7, 6.5), the trance (7.3).
    fast: bool = False
    prolonged: bool = False
    spells_cast: int = 0
    casts_of: Counter[str] = field(default_factory=Counter)  # each spell's casts this turn, cast or failed
    cast_on: set[tuple[str, str]] = field(default_factory=set)  # (spell, target) this turn
    in_trance: bool = False
    wounds_at_start: int = 0  # a wound this turn loses the trance
    cast_this_game: set[str] = field(default_factory=set)  # the spells cast once (per game) already
    # Each spell's casts since the duel began, cast or failed: what a study rates each card by (evaluation.py's
    # holdings). Read once the match is over; nothing the rules decide reads it.
    casts_in_game: Counter[str] = field(default_factory=Counter)

    @property
    def spec(self) -> MagicianCard:
        assert self.card is not None
        return self.card

    # What the card says, read at every decision: each reads the card itself rather than through ``spec``.
    @property
    def power(self) -> int:
        card = self.card
        assert card is not None
        return card.power

    @property
    def level(self) -> Level:
        card = self.card
        assert card is not None
        return card.level

    @property
    def people(self) -> People:
        card = self.card
        assert card is not None
        return PEOPLES[card.people]

    @property
    def controls(self) -> tuple[Element, ...]:
        card = self.card
        assert card is not None
        return card.elements

    def held(self) -> list[Element]:
        """The Elements it controls of which it holds a gem, in the order it controls them."""
        reserve = self.reserve
        return [e for e in self.controls if reserve.get(e, 0) > 0]

    @property
    def gem_count(self) -> int:
        return sum(self.reserve.values())

    @property
    def reserve_cap(self) -> int:
        """"Up to twice his Power level in gems in his mana store" (7.1)."""
        return 2 * self.spec.power

    @property
    def initiative(self) -> int:
        """Fast cast: "increases the magician's Initiative by two"; prolonged: "reduces ... by two" (6.4)."""
        return self.spec.initiative + 2 * self.fast - 2 * self.prolonged

    def new_turn(self) -> None:
        self.fast = self.prolonged = self.in_trance = False
        self.spells_cast = 0
        self.casts_of.clear()
        self.cast_on.clear()


@dataclass
class Facts:
    """The battlefield as facts. Two models are ``default_distance`` cm apart unless stated otherwise."""

    default_distance: int = 20
    distances: dict[frozenset[str], int] = field(default_factory=dict)
    blind: set[tuple[str, str]] = field(default_factory=set)  # (who, whom it cannot see)
    melee: set[str] = field(default_factory=set)  # who is engaged in a melee
    moved: set[str] = field(default_factory=set)  # who moved this turn (no trance, 7.3)
    busy: set[str] = field(default_factory=set)  # who ran, charged, made a Prowess check or shot this turn (6.1.3)

    def new_turn(self) -> None:
        self.moved.clear()
        self.busy.clear()

    def distance(self, a: str, b: str) -> int:
        return 0 if a == b else self.distances.get(frozenset((a, b)), self.default_distance)

    def place(self, a: str, b: str, cm: int) -> None:
        self.distances[frozenset((a, b))] = cm

    def beside(self, new: str, old: str, models: Iterable[str]) -> None:
        """``new`` comes onto the battlefield in base contact with ``old``: as far from every other model."""
        for other in models:
            if other not in (new, old):
                self.place(new, other, self.distance(old, other))
        self.place(new, old, 0)

    def sees(self, who: str, whom: str) -> bool:
        return (who, whom) not in self.blind

    def in_melee(self, who: str) -> bool:
        return who in self.melee

    def snapshot(self) -> dict[str, object]:
        return {"distances": {" and ".join(sorted(k)): v for k, v in sorted(self.distances.items(), key=str)},
                "melee": sorted(self.melee)}


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    max_turns: int = 12
    # The Stamina of every model of the battle: "if the Stamina of a model falls below 0, the model is killed
    # immediately" (6.5, stamina.py). None: the battle states none (the seed's cards print none), and wounds kill
    # nobody.
    stamina: int | None = None
    # A random match states the battlefield's facts itself as each turn begins (battle.py): the distances
    # between the models and who is in a melee. A scenario states them line by line instead.
    random_facts: bool = False
    # The battle's log (Battle.say): what a scenario shows and its tests read. A random match or a study's duel
    # keeps none: nobody reads it there, and writing its lines was a tenth of every decision's cost.
    log: bool = True


def reserve_snapshot(m: Magician) -> dict[str, int]:
    return {e.value: n for e, n in sorted(m.reserve.items(), key=lambda kv: kv[0].value) if n}
