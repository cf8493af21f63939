"""Checked cards, the glossary and the coverage report → the pages of site/docs/rackham_incantation/.

Pages (relative to that folder): ``spells/index.md`` and a page per spell, drawn like the printed card;
``magicians/index.md`` and a page per magician, with its people's College and Elements and its spell list
against its Magic Potential; ``creatures/index.md`` and a page per creature; ``glossary/index.md`` and a page
per term; ``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand.

The pages are every game's (compiler.card_site); this game gives its cards' faces: the Element of its first gem
on a card's edge, its College (a spell's) or people (a magician's) as its badge, its gems, and its
characteristics, each linked to the glossary term that defines it when the glossary has one.

Every value reaches a page through compiler.markdown: as inert text (the templates' finalize hook), a
checked link target (``href``) or markup built here from fixed strings and escaped text (the gems).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from markupsafe import Markup

from spellc.compiler import card_site as site
from spellc.compiler import coverage as cov
from spellc.compiler.card_site import Link, Stat, link, links, term_href
from spellc.compiler.glossary_pages import CoverageNotes
from spellc.compiler.markdown import css_class, escape_text
from spellc.compiler.rackham_incantation.check import Checked
from spellc.engine.core.registry import Glossary, Registry
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.cards import Card as CardValue
from spellc.engine.rulesets.rackham_incantation.cards import CreatureCard, MagicianCard, SpellCard
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from spellc.engine.rulesets.rackham_incantation.elements import ELEMENTS, NEUTRAL, Element

TEMPLATES = Path(__file__).with_name("templates")
RULESET = RULESETS["rackham_incantation"]
COVERAGE = CoverageNotes(RULESET, binds="a rule's function, a phase, a resource or a step kind",
                         tests="tests/rackham_incantation/")
GAME = site.Game(TEMPLATES, COVERAGE)

ELEMENT_SYMBOL = "\u25cf"  # ● a gem of an Element
NEUTRAL_SYMBOL = "\u25ef"  # ◯ the symbol of neutrality (4.8)
NONE = "\u2014"  # — a characteristic the card does not have
TARGETS = {"enemy": "an enemy", "ally": "an ally", "self": "the magician himself", "any": "any combatant"}


# ---------------------------------------------------------------------- gems
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
def _lines(stats: Sequence[Stat], face: str) -> tuple[Stat, ...]:
    """The characteristics the card's table lists: all but the one its badge shows."""
    return tuple(s for s in stats if s.label != face)


def _accent(elements: Iterable[str]) -> str:
    """The card's edge and badge colour: its first Element's (a neutral spell's, grey)."""
    first = next((e for e in elements if e != NEUTRAL), NEUTRAL)
    return f"element-{first.lower()}"


@dataclass(frozen=True, slots=True)
class SpellLine:
    """A spell on a magician's page: linked when the set holds it."""

    title: str
    page: str | None
    college: str
    gems: Markup
    power: int | None


@dataclass(frozen=True, slots=True)
class Spells:
    """What a magician's page says below its card: its spells against its Magic Potential."""

    card: MagicianCard
    spells: tuple[SpellLine, ...]
    total: int


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
    field = partial(site.declared_href, glossary, RULESET)
    elemental = ("Elemental Colleges",) if card.college.startswith("Elemental ") else ()  # its own term, nearest
    lines: list[Stat | None] = [
        Stat("College", card.college, href=field("college", card.college, *elemental)),
        # drawn as symbols in the card's head
        Stat("Gems", card.gems_text(), href=term_href(glossary, "Neutrality" if card.neutral else "Gems and casting")),
        Stat("Difficulty", card.difficulty.text(),
             href=field("difficulty", *(("Free difficulty",) if card.difficulty.free else ()))),
        Stat("Range", card.range.text(), href=field("range")),
        Stat("Area of effect", card.area, href=field("area")) if card.area else None,
        Stat("Duration", card.duration, href=field("duration")) if card.duration else None,
        Stat("Frequency", card.frequency.text(), href=field("frequency")),
        Stat("Target", target),
        Stat("Special", "; ".join(special), href=field("exclusive")) if special else None,
        Stat("Power", str(card.power), href=field("power")),
        Stat("P.A.", str(card.pa), href=field("pa")) if card.pa else None,
    ]
    return tuple(s for s in lines if s is not None)


def magician_stats(card: MagicianCard, glossary: Glossary) -> tuple[Stat, ...]:
    people = PEOPLES.get(card.people)
    level = card.level
    potential = "its Power: a Warrior-Mage" if card.warrior_mage else "twice its Power"
    g = glossary
    field = partial(site.declared_href, glossary, RULESET)
    lines: list[Stat | None] = [
        Stat("People", people.title if people else card.people, href=field("people")),
        Stat("College", people.college, href=field("college", people.college)) if people else None,
        Stat("Primary Elements", elements_text(people.primary), term_href(g, "Primary Elements"),
             elements_html(_ordered(people.primary))) if people else None,
        Stat("Prohibited Elements", elements_text(people.prohibited), term_href(g, "Prohibited Elements"),
             elements_html(_ordered(people.prohibited))) if people else None,
        Stat("Level", f"{level.title}: {_count(level.elements, 'Element')}, "
                      f"{_count(level.spells_per_turn, 'different spell')} per turn",
             href=field("level", level.title)),
        Stat("Power", str(card.power), href=term_href(g, "Power characteristic")),
        Stat("Magic Potential", f"{card.potential} ({potential})", href=term_href(g, "Magic Potential")),
        Stat("Initiative", str(card.initiative), href=field("initiative")),
        # drawn in the card's head
        Stat("Elements", elements_text(card.elements), href=field("elements")),
        Stat("Spirit of", elements_text(card.spirit_of), field("spirit"), elements_html(card.spirit_of))
        if card.spirit_of else None,
        Stat("Warrior-Mage", "yes", href=field("warrior-mage")) if card.warrior_mage else None,
        Stat("Fear", str(card.fear)) if card.fear is not None else None,
    ]
    return tuple(s for s in lines if s is not None)


def creature_stats(card: CreatureCard, glossary: Glossary) -> tuple[Stat, ...]:
    """A creature's characteristics, each line whether it has it or not (a creature has few): its traits (a
    target such as `target Undead` names one), its Fear (which a difficulty such as `target's Fear + 6` reads)
    and its Devotion (what sacrificing it grants)."""
    g = glossary
    return (Stat("Traits", ", ".join(card.traits) or NONE, href=term_href(g, *card.traits)),
            Stat("Fear", NONE if card.fear is None else str(card.fear)),
            Stat("Devotion", NONE if card.devotion is None else str(card.devotion),
                 href=site.declared_href(g, RULESET, "devotion") if card.devotion is not None else None))


def _ordered(elements: Iterable[Element]) -> list[Element]:
    return sorted(elements, key=ELEMENTS.index)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# ---------------------------------------------------------------------- the pages
def emit_site(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
              *, with_coverage: bool = True, sources: site.Sources | None = None) -> dict[str, str]:
    """{path under site/docs/rackham_incantation/: page text}; deterministic for equal inputs.
    ``with_coverage``: whether the section has a coverage page (``[site] coverage`` in the manifest). The galleries name
    the project's ``sources`` (by default this repository's card set); no page lists its scenarios yet."""
    ordered = sorted(cards, key=lambda c: (c.card.title, c.path, c.line))
    pages = site.card_pages(c.card.title for c in ordered)
    spells = [c for c in ordered if isinstance(c.card, SpellCard)]
    magicians = [c for c in ordered if isinstance(c.card, MagicianCard)]
    by_title: dict[str, SpellCard] = {c.card.title: c.card for c in spells if isinstance(c.card, SpellCard)}
    sections = [
        site.Section("spells", "Spells", [_spell(c, pages, magicians, glossary) for c in spells],
                     ("Spell", "College", "Gems", "Difficulty", "Power"), ("College", "Gems", "Difficulty", "Power"),
                     "No spell is compiled yet.", "spells_index.md.j2"),
        site.Section("magicians", "Magicians", [_magician(c, pages, by_title, glossary) for c in magicians],
                     ("Magician", "People", "Level", "Power", "Potential", "Initiative", "Elements", "Spells"),
                     ("People", "Level", "Elements"), "No magician is compiled yet.", "magicians_index.md.j2",
                     "magician.md.j2"),
        site.Section("creatures", "Creatures", [_creature(c, pages, spells, glossary) for c in ordered
                                                if isinstance(c.card, CreatureCard)],
                     ("Creature", "Fear", "Traits", "Devotion", "Summoned by"), ("Fear", "Devotion"),
                     "No creature is compiled yet.", "creatures_index.md.j2")]
    return site.emit(GAME, sections, glossary, registry, rows, with_coverage, sources)


def _source(c: Checked) -> str:
    return f"{c.path}:{c.line}"


def _spell(c: Checked, pages: Mapping[str, str], magicians: Sequence[Checked], glossary: Glossary) -> site.Card:
    """The spell drawn as its printed card: the Element of its first gem on the card's edge, its College as its
    badge, its gems, its characteristics and its description; then the magicians that cast it."""
    card = c.card
    assert isinstance(card, SpellCard)
    cast_by = tuple(Link(m.card.title, f"../magicians/{pages[m.card.title]}") for m in magicians
                    if isinstance(m.card, MagicianCard) and card.title in m.card.spells)
    stats = spell_stats(card, glossary)
    accent = _accent(name for name, count in card.gems if count > 0)
    gems = gems_html(card.gems)
    face = site.Face(card.title, Markup("rackham-card ") + css_class(accent), _source(c),
                     site.badge(site.labelled(stats, "College"), accent), (site.Span(Markup("card-gems"), gems),),
                     lines=_lines(stats, "College"), rules=(site.Paragraph(card.text),) if card.text else ())
    row = (link(card.title, pages[card.title]), card.college, gems, card.difficulty.text(), str(card.power))
    return site.Card(card.title, pages[card.title], face, row, related=(("Cast by", cast_by),) if cast_by else (),
                     words=_words(card), behaviours=frozenset(s.kind for s in card.actions()))


def _magician(c: Checked, pages: Mapping[str, str], spells: dict[str, SpellCard], glossary: Glossary) -> site.Card:
    """The magician drawn as a card: its first Element on the card's edge, its people as its badge, the Elements
    it controls, its characteristics; then its spells against its Magic Potential."""
    card = c.card
    assert isinstance(card, MagicianCard)
    lines = []
    for title in card.spells:
        spell = spells.get(title)
        if spell is None:
            lines.append(SpellLine(title, None, "", Markup(""), None))
        else:
            lines.append(SpellLine(title, f"../spells/{pages[title]}", spell.college, gems_html(spell.gems),
                                   spell.power))
    people = PEOPLES.get(card.people)
    stats = magician_stats(card, glossary)
    accent = _accent(e.value for e in card.elements)
    elements = elements_html(card.elements)
    face = site.Face(card.title, Markup("rackham-card magician-card ") + css_class(accent), _source(c),
                     site.badge(site.labelled(stats, "People"), accent), (site.Span(Markup("card-gems"), elements),),
                     lines=_lines(stats, "People"))
    row = (link(card.title, pages[card.title]), people.title if people else card.people, card.level.title,
           str(card.power), str(card.potential), str(card.initiative), elements, str(len(lines)))
    return site.Card(card.title, pages[card.title], face, row, words=_words(card),
                     extra=Spells(card, tuple(lines), sum(s.power or 0 for s in lines)))


def _creature(c: Checked, pages: Mapping[str, str], spells: Sequence[Checked], glossary: Glossary) -> site.Card:
    """The creature drawn as a card: its traits, Fear and Devotion; then the spells that summon it."""
    card = c.card
    assert isinstance(card, CreatureCard)
    summoned_by = tuple(Link(s.card.title, f"../spells/{pages[s.card.title]}") for s in spells
                        if isinstance(s.card, SpellCard) and card.title in _summons(s.card))
    face = site.Face(card.title, Markup("rackham-card creature-card"), _source(c), lines=creature_stats(card, glossary))
    row = (link(card.title, pages[card.title]), NONE if card.fear is None else str(card.fear),
           ", ".join(card.traits) or NONE, NONE if card.devotion is None else str(card.devotion),
           links(summoned_by) or NONE)
    return site.Card(card.title, pages[card.title], face, row, related=(("Summoned by", summoned_by),)
                     if summoned_by else (), words=_words(card))


def _summons(card: SpellCard) -> set[str]:
    return {str(s.args[0]) for s in card.actions() if s.kind == "summon" and s.args}


def _words(card: CardValue) -> frozenset[str]:
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
    return frozenset(w.lower() for w in words)
