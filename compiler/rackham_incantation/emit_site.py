"""Checked cards, the glossary and the coverage report → the pages of site/docs/rackham_incantation/.

Pages (relative to that folder): ``spells/index.md`` and a page per spell, drawn like the printed card;
``magicians/index.md`` and a page per magician, with its people's College and Elements and its spell list
against its Magic Potential; ``creatures/index.md``, one table; ``glossary/index.md`` and a page per term;
``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand.

Every value reaches a page through compiler.markdown: as inert text (the templates' finalize hook), a
checked link target (``href``) or markup built here from fixed strings and escaped text (the gems).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from markupsafe import Markup

from spellc.compiler import coverage as cov
from spellc.compiler.glossary_pages import CoverageNotes, glossary_pages
from spellc.compiler.markdown import css_class, escape_text, make_env, safe_href
from spellc.compiler.names import page_slug
from spellc.compiler.rackham_incantation.check import Checked
from spellc.engine.core.registry import Glossary, Registry, Term
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.cards import Card, CreatureCard, MagicianCard, SpellCard
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, NEUTRAL, Element

TEMPLATES = Path(__file__).with_name("templates")
COVERAGE = CoverageNotes(RULESETS["rackham_incantation"], binds="a rule's function, a phase, a resource or a step kind",
                         tests="tests/rackham_incantation/")

ELEMENT_SYMBOL = "\u25cf"  # ● a gem of an Element
NEUTRAL_SYMBOL = "\u25ef"  # ◯ the symbol of neutrality (4.8)
TARGETS = {"enemy": "an enemy", "ally": "an ally", "self": "the magician himself", "any": "any combatant"}


# ---------------------------------------------------------------------- names
def card_page(title: str) -> str:
    return f"{page_slug(title, 'card')}.md"



def gems_html(gems: Iterable[tuple[str, int]]) -> Markup:
    """Printed gems as symbols, one per gem: ``<span class="gem gem-light" title="Light">●</span>``; a neutral
    gem is a grey ◯. The names are escaped; the classes are checked."""
    out = Markup("")
    for name, count in gems:
        symbol = NEUTRAL_SYMBOL if name == NEUTRAL else ELEMENT_SYMBOL
        one = Markup('<span class="gem {}" title="{}">{}</span>').format(
            css_class(f"gem-{name.lower()}"), escape_text(name), symbol)
        out += one * max(count, 0)
    return Markup('<span class="gems">') + out + Markup("</span>")


def elements_html(elements: Iterable[Element]) -> Markup:
    return gems_html((e.value, 1) for e in elements)


def elements_text(elements: Iterable[Element]) -> str:
    return ", ".join(e.value for e in sorted(elements, key=ELEMENTS.index)) or "none"


# ---------------------------------------------------------------------- what a page shows
@dataclass(frozen=True, slots=True)
class Stat:
    """A line of a card's characteristics: its label and its value (text, or gems beside a text)."""

    label: str
    value: str
    gems: Markup | None = None


@dataclass(frozen=True, slots=True)
class Link:
    text: str
    href: str


@dataclass(frozen=True, slots=True)
class SpellPage:
    card: SpellCard
    path: str
    line: int
    page: str
    gems: Markup
    stats: tuple[Stat, ...]
    cast_by: tuple[Link, ...]


@dataclass(frozen=True, slots=True)
class SpellLine:
    """A spell on a magician's page: linked when the set holds it."""

    title: str
    page: str | None
    college: str
    gems: Markup
    power: int | None


@dataclass(frozen=True, slots=True)
class MagicianPage:
    card: MagicianCard
    path: str
    line: int
    page: str
    people: str
    elements: Markup
    stats: tuple[Stat, ...]
    spells: tuple[SpellLine, ...]
    total: int


@dataclass(frozen=True, slots=True)
class CreatureLine:
    card: CreatureCard
    path: str
    line: int
    summoned_by: tuple[Link, ...]


def spell_stats(card: SpellCard) -> tuple[Stat, ...]:
    """The printed characteristics (3.1 to 3.11), each line only when the card has it."""
    target = TARGETS.get(card.target, card.target)
    if card.target_trait:
        target = f"{target} ({card.target_trait})"
    special = []
    if card.exclusive:
        people = PEOPLES.get(card.exclusive)
        special.append(f"exclusive to {people.title if people else card.exclusive}")
    if card.ingredients:
        special.append(f"ingredients: {card.ingredients}")
    lines: list[Stat | None] = [
        Stat("College", card.college),
        Stat("Gems", card.gems_text()),  # drawn as symbols in the card's head
        Stat("Difficulty", card.difficulty.text()),
        Stat("Range", card.range.text()),
        Stat("Area of effect", card.area) if card.area else None,
        Stat("Duration", card.duration) if card.duration else None,
        Stat("Frequency", card.frequency.text()),
        Stat("Target", target),
        Stat("Special", "; ".join(special)) if special else None,
        Stat("Power", str(card.power)),
        Stat("P.A.", str(card.pa)) if card.pa else None,
    ]
    return tuple(s for s in lines if s is not None)


def magician_stats(card: MagicianCard) -> tuple[Stat, ...]:
    people = PEOPLES.get(card.people)
    level = card.level
    potential = "its Power: a Warrior-Mage" if card.warrior_mage else "twice its Power"
    lines: list[Stat | None] = [
        Stat("People", people.title if people else card.people),
        Stat("College", people.college) if people else None,
        Stat("Primary Elements", elements_text(people.primary), elements_html(_ordered(people.primary)))
        if people else None,
        Stat("Prohibited Elements", elements_text(people.prohibited), elements_html(_ordered(people.prohibited)))
        if people else None,
        Stat("Level", f"{level.title}: {_count(level.elements, 'Element')}, "
                      f"{_count(level.spells_per_turn, 'different spell')} per turn"),
        Stat("Power", str(card.power)),
        Stat("Magic Potential", f"{card.potential} ({potential})"),
        Stat("Initiative", str(card.initiative)),
        Stat("Elements", elements_text(card.elements)),  # drawn in the card's head
        Stat("Spirit of", elements_text(card.spirit_of), elements_html(card.spirit_of)) if card.spirit_of else None,
        Stat("Warrior-Mage", "yes") if card.warrior_mage else None,
        Stat("Fear", str(card.fear)) if card.fear is not None else None,
    ]
    return tuple(s for s in lines if s is not None)


def _ordered(elements: Iterable[Element]) -> list[Element]:
    return sorted(elements, key=ELEMENTS.index)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---------------------------------------------------------------------- the pages
def emit_site(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
              with_coverage: bool = True) -> dict[str, str]:
    """{path under site/docs/rackham_incantation/: page text}; deterministic for equal inputs.
    ``with_coverage``: whether the section has a coverage page (``[site] coverage`` in the manifest)."""
    env = make_env(TEMPLATES)
    env.filters["href"] = safe_href
    ordered = sorted(cards, key=lambda c: (c.card.title, c.path, c.line))
    spells = [c for c in ordered if isinstance(c.card, SpellCard)]
    magicians = [c for c in ordered if isinstance(c.card, MagicianCard)]
    creatures = [c for c in ordered if isinstance(c.card, CreatureCard)]
    by_title: dict[str, SpellCard] = {c.card.title: c.card for c in spells if isinstance(c.card, SpellCard)}

    spell_pages = [_spell_page(c, magicians) for c in spells]
    magician_pages = [_magician_page(c, by_title) for c in magicians]
    creature_lines = [_creature_line(c, spells) for c in creatures]

    out = {"spells/index.md": env.get_template("spells_index.md.j2").render(spells=spell_pages)}
    for s in spell_pages:
        out[f"spells/{s.page}"] = env.get_template("spell.md.j2").render(s=s)
    out["magicians/index.md"] = env.get_template("magicians_index.md.j2").render(magicians=magician_pages)
    for m in magician_pages:
        out[f"magicians/{m.page}"] = env.get_template("magician.md.j2").render(m=m)
    out["creatures/index.md"] = env.get_template("creatures_index.md.j2").render(creatures=creature_lines)

    def cards_of(t: Term) -> dict[str, Any]:
        shown = [c for c in ordered if _shows(t, c.card)]
        return {"spells": [_link(c, "spells") for c in shown if isinstance(c.card, SpellCard)],
                "magicians": [_link(c, "magicians") for c in shown if isinstance(c.card, MagicianCard)],
                "creatures": [c.card.title for c in shown if isinstance(c.card, CreatureCard)]}

    out |= glossary_pages(env, glossary, registry, rows, cards_of, COVERAGE, with_coverage)
    return dict(sorted(out.items()))


def _link(c: Checked, folder: str) -> Link:
    return Link(c.card.title, f"../{folder}/{card_page(c.card.title)}")


def _spell_page(c: Checked, magicians: Sequence[Checked]) -> SpellPage:
    card = c.card
    assert isinstance(card, SpellCard)
    cast_by = tuple(Link(m.card.title, f"../magicians/{card_page(m.card.title)}") for m in magicians
                    if isinstance(m.card, MagicianCard) and card.title in m.card.spells)
    return SpellPage(card, c.path, c.line, card_page(card.title), gems_html(card.gems), spell_stats(card), cast_by)


def _magician_page(c: Checked, spells: dict[str, SpellCard]) -> MagicianPage:
    card = c.card
    assert isinstance(card, MagicianCard)
    lines = []
    for title in card.spells:
        spell = spells.get(title)
        if spell is None:
            lines.append(SpellLine(title, None, "", Markup(""), None))
        else:
            lines.append(SpellLine(title, f"../spells/{card_page(title)}", spell.college, gems_html(spell.gems),
                                   spell.power))
    people = PEOPLES.get(card.people)
    return MagicianPage(card, c.path, c.line, card_page(card.title), people.title if people else card.people,
                        elements_html(card.elements), magician_stats(card), tuple(lines),
                        sum(s.power or 0 for s in lines))


def _creature_line(c: Checked, spells: Sequence[Checked]) -> CreatureLine:
    card = c.card
    assert isinstance(card, CreatureCard)
    summoned_by = tuple(Link(s.card.title, f"../spells/{card_page(s.card.title)}") for s in spells
                        if isinstance(s.card, SpellCard) and card.title in _summons(s.card))
    return CreatureLine(card, c.path, c.line, summoned_by)


def _summons(card: SpellCard) -> set[str]:
    return {str(s.args[0]) for s in card.actions() if s.kind == "summon" and s.args}


def _words(card: Card) -> set[str]:
    """What a card is, in the words a glossary keyword may name (lower case): its College, Elements, people,
    level, traits and the special lines it prints."""
    words: set[str] = set()
    if isinstance(card, SpellCard):
        words |= {card.college, *(name for name, _ in card.gems), *(s.kind for s in card.actions())}
        if card.neutral:
            words |= {"neutral", "neutrality"}
        if card.difficulty.free:
            words.add("free difficulty")
        if card.frequency.per_game:
            words.add("once per game")
        if card.exclusive:
            words |= {"exclusive", "special"}
        if card.ingredients:
            words |= {"ingredients", "special"}
        if card.extra:
            words |= {"extra", "additional gems"}
        if card.target_trait:
            words.add(card.target_trait)
    elif isinstance(card, MagicianCard):
        words |= {card.people, card.level.title, *(e.value for e in card.elements)}
        people = PEOPLES.get(card.people)
        if people:
            words.add(people.college)
        if card.warrior_mage:
            words |= {"warrior-mage", "warrior mage"}
        if card.spirit_of:
            words |= {"spirit of", *(f"spirit of {e.value}" for e in card.spirit_of)}
    else:
        words |= set(card.traits)
        if card.devotion is not None:
            words.add("devotion")
        if card.fear is not None:
            words.add("fear")
    return {w.lower() for w in words}


def _shows(term: Term, card: Card) -> bool:
    """The cards a term's page lists: those its keyword names, or whose steps are its behaviour."""
    if term.keyword and term.keyword.lower() in _words(card):
        return True
    return isinstance(card, SpellCard) and term.behaviour is not None and any(
        s.kind == term.behaviour for s in card.actions())
