"""Checked cards, the glossary and the coverage report → the pages of site/docs/incantation_charges/.

Pages (relative to that folder): ``cards/index.md`` and a page per card, ``glossary/index.md`` and a page
per term, ``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand. The pages are every
game's (compiler.card_site); this game gives its action's face.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from markupsafe import Markup

from spellc.compiler import card_site as site
from spellc.compiler import coverage as cov
from spellc.compiler.card_site import Stat, link, linked
from spellc.compiler.glossary_pages import CoverageNotes, term_page
from spellc.compiler.incantation_charges.check import Checked
from spellc.compiler.markdown import css_class, escape_text
from spellc.engine.core import steps as core
from spellc.engine.core.registry import Glossary, Registry
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.incantation_charges.steps import WORDS

TEMPLATES = Path(__file__).with_name("templates")
COVERAGE = CoverageNotes(RULESETS["incantation_charges"], binds="a rule's function, a phase, a resource or a step kind",
                         tests="tests/incantation_charges/")
GAME = site.Game(TEMPLATES, COVERAGE)
NONE = "\u2014"  # — an entry the card does not have


def emit_site(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
              *, with_coverage: bool = True, sources: site.Sources | None = None) -> dict[str, str]:
    """{path under site/docs/incantation_charges/: page text}; deterministic for equal inputs.
    ``with_coverage``: whether the section has a coverage page (``[site] coverage`` in the manifest). The galleries name
    the project's ``sources`` (by default this repository's card set); no page lists its scenarios yet."""
    ordered = sorted(cards, key=lambda c: (c.card.title, c.path, c.line))
    pages = site.card_pages(c.card.title for c in ordered)
    section = site.Section("cards", "Cards", [_card(c, pages, glossary) for c in ordered],
                           ("Card", "Kind", "Incantation", "Played at", "Text"), ("Kind", "Incantation", "Played at"),
                           "No card is compiled yet.", "cards_index.md.j2", "card.md.j2")
    return site.emit(GAME, [section], glossary, registry, rows, with_coverage, sources)


def text(card: ActionCard) -> list[core.Paragraph]:
    """The card's rules text (as ``card.text`` prints it), its "choose one" options listed."""
    interrupt = card.interrupt
    said = WORDS.paragraphs(interrupt.steps if interrupt else card.steps)
    if said:
        first = f"When {interrupt.event}: {said[0].text}" if interrupt else core.capitalize(said[0].text)
        said[0] = core.Paragraph(first, said[0].options)
    return said


def _card(c: Checked, pages: Mapping[str, str], glossary: Glossary) -> site.Card:
    """The action drawn as a card: its kind on the card's edge and badge, the charges its Incantation entry needs,
    whom it is played at, its rules text. Its kind and its Incantation entry link to their glossary terms."""
    card = c.card
    kind = f"kind-{card.kind.value}"
    said = text(card)
    entry = Stat("Incantation", f"Incantation {card.incantation}", _term(glossary, "Incantation"))
    charges = () if card.incantation is None else (
        site.Span(Markup("card-charges"), linked(entry), "Incantation charges"),)
    aim = () if card.aim.value == "none" else (
        site.Span(Markup("card-role"), escape_text(f"Played at: {card.aim.value}"), "Played at"),)
    face = site.Face(card.title, Markup("charges-card ") + css_class(kind), f"{c.path}:{c.line}",
                     site.badge(Stat("Kind", card.kind.value, _term(glossary, card.kind.value)), kind), charges, aim,
                     rules=tuple(site.Paragraph(p.text, tuple(p.options)) for p in said))
    cell = Markup("<br>").join(escape_text(p.text) + Markup("").join(Markup("<br>• ") + escape_text(o)
                                                                       for o in p.options) for p in said)
    row = (link(card.title, pages[card.title]), card.kind.value, NONE if card.incantation is None
           else str(card.incantation), card.aim.value, cell)
    words = {card.kind.value} | ({"incantation"} if card.is_incantation else set())
    return site.Card(card.title, pages[card.title], face, row, words=frozenset(words), extra=card,
                     behaviours=frozenset(s.kind for s in card.steps if isinstance(s, core.Do)))


def _term(glossary: Glossary, name: str) -> str | None:
    """The glossary page of the term ``name`` (in any case), from a card's page; None when there is none."""
    term = next((t for t in glossary.terms if t.name.lower() == name.lower()), None)
    return None if term is None else f"../glossary/{term_page(term.name)}"
