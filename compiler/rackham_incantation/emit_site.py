"""Checked cards, the glossary and the coverage report → the pages of site/docs/rackham_incantation/.

Pages (relative to that folder): ``spells/index.md`` and a page per spell, drawn like the printed card;
``magicians/index.md`` and a page per magician, with its people's College and Elements and its spell list
against its Magic Potential; ``creatures/index.md`` and a page per creature; ``glossary/index.md`` and a page
per term; ``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand.

Each card is drawn in the look of Serpent's Tongue's (compiler/templates/site/cards.css): the Element of its
first gem on its edge, its College (a spell's) or people (a magician's) as its badge, its gems, and its
characteristics, each linked to the glossary term that defines it when the glossary has one.

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
from spellc.compiler.glossary_pages import CoverageNotes, glossary_pages, term_page
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
NONE = "\u2014"  # — a characteristic the card does not have
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
    """A line of a card's characteristics: its label and its value (text, or gems beside a text), the value
    linked to the glossary term that defines the characteristic when the glossary has one."""

    label: str
    value: str
    gems: Markup | None = None
    href: str | None = None


def _face(stats: Sequence[Stat], label: str) -> Stat:
    return next(s for s in stats if s.label == label)


def _lines(stats: Sequence[Stat], face: str) -> tuple[Stat, ...]:
    """The characteristics the card's table lists: all but the one its badge shows."""
    return tuple(s for s in stats if s.label != face)


def _accent(elements: Iterable[str]) -> Markup:
    """The card's edge and badge colour: its first Element's (a neutral spell's, grey)."""
    first = next((e for e in elements if e != NEUTRAL), NEUTRAL)
    return css_class(f"element-{first.lower()}")


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

    @property
    def college(self) -> Stat:
        return _face(self.stats, "College")

    @property
    def lines(self) -> tuple[Stat, ...]:
        return _lines(self.stats, "College")

    @property
    def accent(self) -> Markup:
        return _accent(name for name, count in self.card.gems if count > 0)


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

    @property
    def people_stat(self) -> Stat:
        return _face(self.stats, "People")

    @property
    def lines(self) -> tuple[Stat, ...]:
        return _lines(self.stats, "People")

    @property
    def accent(self) -> Markup:
        return _accent(e.value for e in self.card.elements)


@dataclass(frozen=True, slots=True)
class CreaturePage:
    card: CreatureCard
    path: str
    line: int
    page: str
    stats: tuple[Stat, ...]
    summoned_by: tuple[Link, ...]


GLOSSARY = "../glossary/"


def term_href(glossary: Glossary, *names: str) -> str | None:
    """The glossary page of the first of ``names`` the glossary holds, from a card's page."""
    return next((f"{GLOSSARY}{term_page(n)}" for n in names if glossary.term(n) is not None), None)


def spell_stats(card: SpellCard, glossary: Glossary) -> tuple[Stat, ...]:
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
    g = glossary
    difficulty = ("Free difficulty", "Difficulty") if card.difficulty.free else ("Difficulty",)
    lines: list[Stat | None] = [
        Stat("College", card.college, href=term_href(g, card.college, *_college_terms(card.college))),
        # drawn as symbols in the card's head
        Stat("Gems", card.gems_text(), href=term_href(g, "Neutrality" if card.neutral else "Gems and casting")),
        Stat("Difficulty", card.difficulty.text(), href=term_href(g, *difficulty)),
        Stat("Range", card.range.text(), href=term_href(g, "Range")),
        Stat("Area of effect", card.area, href=term_href(g, "Area of effect")) if card.area else None,
        Stat("Duration", card.duration, href=term_href(g, "Duration")) if card.duration else None,
        Stat("Frequency", card.frequency.text(), href=term_href(g, "Frequency")),
        Stat("Target", target),
        Stat("Special", "; ".join(special), href=term_href(g, "Special")) if special else None,
        Stat("Power", str(card.power), href=term_href(g, "Power rating")),
        Stat("P.A.", str(card.pa), href=term_href(g, "Points of Armies")) if card.pa else None,
    ]
    return tuple(s for s in lines if s is not None)


def magician_stats(card: MagicianCard, glossary: Glossary) -> tuple[Stat, ...]:
    people = PEOPLES.get(card.people)
    level = card.level
    potential = "its Power: a Warrior-Mage" if card.warrior_mage else "twice its Power"
    g = glossary
    lines: list[Stat | None] = [
        Stat("People", people.title if people else card.people, href=term_href(g, "Colleges of the peoples")),
        Stat("College", people.college, href=term_href(g, people.college, "College of Magic")) if people else None,
        Stat("Primary Elements", elements_text(people.primary), elements_html(_ordered(people.primary)),
             term_href(g, "Primary Elements")) if people else None,
        Stat("Prohibited Elements", elements_text(people.prohibited), elements_html(_ordered(people.prohibited)),
             term_href(g, "Prohibited Elements")) if people else None,
        Stat("Level", f"{level.title}: {_count(level.elements, 'Element')}, "
                      f"{_count(level.spells_per_turn, 'different spell')} per turn",
             href=term_href(g, level.title, "Levels of Magic")),
        Stat("Power", str(card.power), href=term_href(g, "Power characteristic")),
        Stat("Magic Potential", f"{card.potential} ({potential})", href=term_href(g, "Magic Potential")),
        Stat("Initiative", str(card.initiative), href=term_href(g, "Initiative order")),
        # drawn in the card's head
        Stat("Elements", elements_text(card.elements), href=term_href(g, "Elements")),
        Stat("Spirit of", elements_text(card.spirit_of), elements_html(card.spirit_of), term_href(g, "Spirit of X"))
        if card.spirit_of else None,
        Stat("Warrior-Mage", "yes", href=term_href(g, "Warrior-Mage")) if card.warrior_mage else None,
        Stat("Fear", str(card.fear)) if card.fear is not None else None,
    ]
    return tuple(s for s in lines if s is not None)


def _college_terms(college: str) -> tuple[str, ...]:
    """The terms that define a spell's College, the nearest first: an Elemental College's own, then any."""
    return ("Elemental Colleges", "College of Magic") if college.startswith("Elemental ") else ("College of Magic",)


def creature_stats(card: CreatureCard, glossary: Glossary) -> tuple[Stat, ...]:
    """A creature's characteristics, each line whether it has it or not (a creature has few): its traits (a
    target such as `target Undead` names one), its Fear (which a difficulty such as `target's Fear + 6` reads)
    and its Devotion (what sacrificing it grants)."""
    g = glossary
    return (Stat("Traits", ", ".join(card.traits) or NONE, href=term_href(g, *card.traits)),
            Stat("Fear", NONE if card.fear is None else str(card.fear)),
            Stat("Devotion", NONE if card.devotion is None else str(card.devotion),
                 href=term_href(g, "Devotion") if card.devotion is not None else None))


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

    spell_pages = [_spell_page(c, magicians, glossary) for c in spells]
    magician_pages = [_magician_page(c, by_title, glossary) for c in magicians]
    creature_pages = [_creature_page(c, spells, glossary) for c in creatures]

    out = {"spells/index.md": env.get_template("spells_index.md.j2").render(spells=spell_pages)}
    for s in spell_pages:
        out[f"spells/{s.page}"] = env.get_template("spell.md.j2").render(s=s)
    out["magicians/index.md"] = env.get_template("magicians_index.md.j2").render(magicians=magician_pages)
    for m in magician_pages:
        out[f"magicians/{m.page}"] = env.get_template("magician.md.j2").render(m=m)
    out["creatures/index.md"] = env.get_template("creatures_index.md.j2").render(creatures=creature_pages)
    for cr in creature_pages:
        out[f"creatures/{cr.page}"] = env.get_template("creature.md.j2").render(c=cr)

    def cards_of(t: Term) -> dict[str, Any]:
        shown = [c for c in ordered if _shows(t, c.card)]
        return {"spells": [_link(c, "spells") for c in shown if isinstance(c.card, SpellCard)],
                "magicians": [_link(c, "magicians") for c in shown if isinstance(c.card, MagicianCard)],
                "creatures": [_link(c, "creatures") for c in shown if isinstance(c.card, CreatureCard)]}

    out |= glossary_pages(env, glossary, registry, rows, cards_of, COVERAGE, with_coverage)
    return dict(sorted(out.items()))


def _link(c: Checked, folder: str) -> Link:
    return Link(c.card.title, f"../{folder}/{card_page(c.card.title)}")


def _spell_page(c: Checked, magicians: Sequence[Checked], glossary: Glossary) -> SpellPage:
    card = c.card
    assert isinstance(card, SpellCard)
    cast_by = tuple(Link(m.card.title, f"../magicians/{card_page(m.card.title)}") for m in magicians
                    if isinstance(m.card, MagicianCard) and card.title in m.card.spells)
    return SpellPage(card, c.path, c.line, card_page(card.title), gems_html(card.gems), spell_stats(card, glossary),
                     cast_by)


def _magician_page(c: Checked, spells: dict[str, SpellCard], glossary: Glossary) -> MagicianPage:
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
                        elements_html(card.elements), magician_stats(card, glossary), tuple(lines),
                        sum(s.power or 0 for s in lines))


def _creature_page(c: Checked, spells: Sequence[Checked], glossary: Glossary) -> CreaturePage:
    card = c.card
    assert isinstance(card, CreatureCard)
    summoned_by = tuple(Link(s.card.title, f"../spells/{card_page(s.card.title)}") for s in spells
                        if isinstance(s.card, SpellCard) and card.title in _summons(s.card))
    return CreaturePage(card, c.path, c.line, card_page(card.title), creature_stats(card, glossary), summoned_by)


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
