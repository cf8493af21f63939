"""The Elements (chapter 4) and their oppositions, and the gems of a mana reserve.

"There are six elements. The four primary elements are: Water, Air, Earth and Fire ... The other two Elements
are called Principles. They are Light and Darkness." A gem is of one Element; a spell's card may print the
symbol of neutrality instead, which any Element pays (4.8).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from enum import StrEnum


class Element(StrEnum):
    WATER = "Water"
    AIR = "Air"
    EARTH = "Earth"
    FIRE = "Fire"
    LIGHT = "Light"
    DARKNESS = "Darkness"


PRIMARY = (Element.WATER, Element.AIR, Element.EARTH, Element.FIRE)
PRINCIPLES = (Element.LIGHT, Element.DARKNESS)
ELEMENTS = (*PRIMARY, *PRINCIPLES)
NEUTRAL = "Neutral"  # the symbol of neutrality a card prints where any Element pays (4.8)

# The Elemental Opposites Table (appendix, table 4). "Darkness ... is opposed to all the other Elements and all
# the other Elements are opposed to them" (4.6); "Light ... is opposed only to Darkness". The table prints
# "Dark: All", which would have Darkness absorb Darkness; the rules say "all the other Elements", and "each Element
# has its opposite, an Element diametrically opposite" (4.3). The seed contradicts itself; the rules are followed,
# and Darkness is not opposed to itself.
OPPOSITES: Mapping[Element, frozenset[Element]] = {
    Element.LIGHT: frozenset({Element.DARKNESS}),
    Element.AIR: frozenset({Element.EARTH, Element.DARKNESS}),
    Element.WATER: frozenset({Element.FIRE, Element.DARKNESS}),
    Element.FIRE: frozenset({Element.WATER, Element.DARKNESS}),
    Element.EARTH: frozenset({Element.AIR, Element.DARKNESS}),
    Element.DARKNESS: frozenset({Element.LIGHT, Element.AIR, Element.WATER, Element.FIRE, Element.EARTH}),
}


def opposes(gem: Element, other: Element) -> bool:
    return other in OPPOSITES[gem]


Gems = Counter[Element]  # a reserve, or gems spent: how many of each Element


def gem_list(gems: Mapping[Element, int]) -> list[Element]:
    """The gems one by one, in the order of ELEMENTS."""
    return [e for e in ELEMENTS for _ in range(gems.get(e, 0))]


PLACE = {e: i for i, e in enumerate(ELEMENTS)}  # each Element's place in ELEMENTS, the order gems are listed in
NAMED = tuple((e, e.value) for e in ELEMENTS)  # each Element with its name, read without the Enum's lookup


def gems_text(gems: Mapping[Element, int] | Iterable[Element]) -> str:
    """"4 Light, 3 Air" (in the order of ELEMENTS; "no gem" for none)."""
    if isinstance(gems, list | tuple):  # gems one by one (spent, regained): counted in place
        parts = [f"{n} {name}" for e, name in NAMED if (n := gems.count(e))]
    else:
        counted = gems if isinstance(gems, Mapping) else Counter(gems)
        parts = [f"{counted[e]} {name}" for e, name in NAMED if counted.get(e, 0)]
    return ", ".join(parts) or "no gem"


def combination_text(gems: Sequence[Element]) -> str:
    """A combination of gems as a choice names it: "Darkness + Earth" (in the order of ELEMENTS)."""
    return " + ".join(e.value for e in sorted(gems, key=ELEMENTS.index))


def absorptions(spent: Sequence[Element], reserve: Mapping[Element, int], usable: Iterable[Element]
                ) -> list[tuple[Element, ...]]:
    """Every way to absorb a spell whose caster spent ``spent``: "the same number of gems as the caster, but
    the gems must be of the opposite element" (6.7.1), one opposed gem for each gem spent, taken from
    ``reserve`` among the ``usable`` Elements. Each combination once (as a sorted tuple), in a stable order."""
    allowed = frozenset(usable)
    found: set[tuple[Element, ...]] = {()}
    for gem in spent:  # grow the combinations gem by gem, never past what the reserve holds
        grown = set()
        for combo in found:
            for answer in OPPOSITES[gem] & allowed:
                if combo.count(answer) < reserve.get(answer, 0):
                    grown.add(tuple(sorted((*combo, answer), key=PLACE.__getitem__)))
        found = grown
    return sorted(found, key=lambda c: [PLACE[e] for e in c])


def multisets(reserve: Mapping[Element, int], size: int) -> Iterator[tuple[Element, ...]]:
    """Every choice of ``size`` gems from ``reserve`` (as sorted tuples)."""
    elements = [e for e in ELEMENTS if reserve.get(e, 0)]

    def grow(i: int, left: int) -> Iterator[tuple[Element, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(elements):
            return
        e = elements[i]
        for n in range(min(left, reserve[e]), -1, -1):
            for rest in grow(i + 1, left - n):
                yield (e,) * n + rest
    return grow(0, size)
