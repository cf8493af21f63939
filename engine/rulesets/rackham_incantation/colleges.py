"""The peoples of Aarklash and their Colleges of Magic (5.5): each people's College, its primary Elements
(the one a magician of that people always controls) and its prohibited ones; the Elemental Colleges and
Primitive Magic, open to every people.

"The Magicians always control an Element: the college related to the essence of their people. Certain
Elements are prohibited." A people whose primary Element is "Any" (Orcs) lists all six; one whose Elements
are "Unknown" (Cynwälls Elves) is given all six and none prohibited, since the seed bars it from nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, Element

W, A, E, F, L, D = Element.WATER, Element.AIR, Element.EARTH, Element.FIRE, Element.LIGHT, Element.DARKNESS


@dataclass(frozen=True, slots=True)
class People:
    name: str  # as a card writes it: `people Alahan`
    title: str  # as the seed titles its section
    college: str  # its own College of Magic
    primary: frozenset[Element]
    prohibited: frozenset[Element]
    # "Necromancers and Sorcerers are not affected by melee when attempting to recover gems" (7.2).
    recovers_in_melee: bool = False
    # Orcs: "instinctive magic": neutral gems only; their spells "can neither be countered nor absorbed", their
    # wizards "cannot counter or absorb magic spells", and "Orcs do not fail on a recovery roll of 1" (7.2).
    instinctive: bool = False


def _people(name: str, title: str, college: str, primary: set[Element], prohibited: set[Element],
            **traits: bool) -> People:
    return People(name, title, college, frozenset(primary), frozenset(prohibited), **traits)


PEOPLES: dict[str, People] = {p.name: p for p in (
    _people("Alahan", "Sorcerers of Alahan", "Hermetic Magic", {L}, {D}, recovers_in_melee=True),
    _people("Achéron", "Necromancers of Achéron", "Necromancy", {D}, {L, W}, recovers_in_melee=True),
    _people("Cynwäll", "Cynwälls Elves", "Cynwäll Magic", set(ELEMENTS), set()),
    _people("Tir-Na-Bor", "The Dwarves of Tir-Na-Bor", "Telluric Magic", {E}, {D}),
    _people("Griffon", "Griffons", "Theurgy", {F}, {D}),
    _people("Orc", "Orcs", "Instinctive Magic", set(ELEMENTS), set(), instinctive=True),
    _people("Dirz", "The Alchemists of Dirz", "Technomancy", {D}, {L, A}),
    _people("Akkyshan", "Akkyshan Elves", "Akkyshan Magic", {E}, {L, F}),
    _people("Wolfen", "Wolfen", "College of Murmurs", {W}, {L, D}),
    _people("Goblin", "Goblins", "College of Sorcery", {A}, set()),
    _people("Mid-Nor", "The Dwarves of Mid-Nor", "Chthonian Magic", {D}, {L, A}),
    _people("Daikinee", "Daikinees Elves", "Fey Magic", {W}, {D, F}),
    _people("Keltois", "Keltois Barbarians", "Shamanism", {A, E, F, W}, {D, L}),
)}

PRIMITIVE_MAGIC = "Primitive Magic"  # "available to all and its spells can be cast with any type of gems"


def elemental(element: Element) -> str:
    """The Elemental College of ``element``: "a set of spells common to all the Colleges of an Element"."""
    return f"Elemental {element.value}"


ELEMENTAL = {elemental(e): e for e in ELEMENTS}
COLLEGES: tuple[str, ...] = (*sorted({p.college for p in PEOPLES.values()}), *ELEMENTAL, PRIMITIVE_MAGIC)


def people_of(college: str) -> People | None:
    return next((p for p in PEOPLES.values() if p.college == college), None)


def payable_elements(college: str) -> frozenset[Element]:
    """The Elements a spell of ``college`` may print: its people's but the prohibited ones; an Elemental
    College's one Element; none for Primitive and Instinctive Magic, whose gems are all neutral."""
    if college in ELEMENTAL:
        return frozenset({ELEMENTAL[college]})
    people = people_of(college)
    if college == PRIMITIVE_MAGIC or people is None or people.instinctive:
        return frozenset()
    return frozenset(ELEMENTS) - people.prohibited


def neutral_only(college: str) -> bool:
    """Primitive Magic ("a neutral gem represents the number of gems") and Instinctive Magic ("represented on
    the spell cards with the neutral symbol") print neutral gems only."""
    people = people_of(college)
    return college == PRIMITIVE_MAGIC or (people is not None and people.instinctive)
