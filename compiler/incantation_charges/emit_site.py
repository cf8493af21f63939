"""Checked cards, the glossary and the coverage report → the pages of site/docs/incantation_charges/.

Pages (relative to that folder): ``cards/index.md`` and a page per card, ``glossary/index.md`` and a page
per term, ``coverage.md``. The section's ``index.md`` and ``rules.md`` are written by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from spellc.compiler import coverage as cov
from spellc.compiler.glossary_pages import CoverageNotes, glossary_pages, term_page
from spellc.compiler.incantation_charges.check import Checked
from spellc.compiler.markdown import make_env, safe_href
from spellc.compiler.names import page_slug
from spellc.engine.core import steps as core
from spellc.engine.core.registry import Glossary, Registry, Term
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.incantation_charges.cards import ActionCard
from spellc.engine.rulesets.incantation_charges.steps import WORDS

TEMPLATES = Path(__file__).with_name("templates")
COVERAGE = CoverageNotes(RULESETS["incantation_charges"], binds="a rule's function, a phase, a resource or a step kind",
                         tests="tests/incantation_charges/")


@dataclass(frozen=True, slots=True)
class CardPage:
    card: ActionCard
    path: str
    line: int
    page: str
    kind_term: str | None  # the glossary page of its kind (an implement's, an Interrupt's), when there is one
    incantation_term: str | None  # the glossary page of its Incantation entry, when it has one

    @property
    def text(self) -> list[core.Paragraph]:
        """The card's rules text (as ``card.text`` prints it), its "choose one" options listed."""
        interrupt = self.card.interrupt
        said = WORDS.paragraphs(interrupt.steps if interrupt else self.card.steps)
        if said:
            first = f"When {interrupt.event}: {said[0].text}" if interrupt else core.capitalize(said[0].text)
            said[0] = core.Paragraph(first, said[0].options)
        return said


def card_page(title: str) -> str:
    return f"{page_slug(title, 'card')}.md"



def emit_site(cards: Sequence[Checked], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
              with_coverage: bool = True) -> dict[str, str]:
    """{path under site/docs/incantation_charges/: page text}; deterministic for equal inputs.
    ``with_coverage``: whether the section has a coverage page (``[site] coverage`` in the manifest)."""
    env = make_env(TEMPLATES)
    env.filters["href"] = safe_href
    pages = [CardPage(c.card, c.path, c.line, card_page(c.card.title), _term(glossary, c.card.kind.value),
                      _term(glossary, "Incantation") if c.card.is_incantation else None)
             for c in sorted(cards, key=lambda c: c.card.title)]
    out = {"cards/index.md": env.get_template("cards_index.md.j2").render(cards=pages)}
    for p in pages:
        out[f"cards/{p.page}"] = env.get_template("card.md.j2").render(c=p)
    out |= glossary_pages(env, glossary, registry, rows, lambda t: {
        "cards": [(p.card.title, f"../cards/{p.page}") for p in pages if _shows(t, p.card)]}, COVERAGE, with_coverage)
    return dict(sorted(out.items()))


def _term(glossary: Glossary, name: str) -> str | None:
    """The glossary page of the term ``name`` (in any case), from a card's page; None when there is none."""
    term = next((t for t in glossary.terms if t.name.lower() == name.lower()), None)
    return None if term is None else f"../glossary/{term_page(term.name)}"


def _shows(term: Term, card: ActionCard) -> bool:
    """The cards a term's page lists: those whose entry, kind or steps the term is about."""
    if term.keyword == "incantation":
        return card.is_incantation
    if term.keyword in ("implement", "interrupt"):
        return card.kind.value == term.keyword
    return any(isinstance(s, core.Do) and s.kind == term.behaviour for s in card.steps)
