"""A game's glossary and coverage pages (``glossary/index.md``, a page per term, ``coverage.md``), for the games
whose site is written by a value-card front end. Each game's templates lay the glossary out; what a term's page
lists of the game's own cards is the game's to say (``cards_of``: the extra values its ``term.md.j2`` reads).
The coverage page is one template for every game (``compiler/templates/coverage.md.j2``): what it says of a game
comes from that game's :class:`CoverageNotes`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, Template
from markupsafe import Markup

from spellc.compiler import coverage as cov
from spellc.compiler.markdown import quote, safe_href
from spellc.engine.core.registry import Glossary, Registry, Term, slugify
from spellc.engine.core.ruleset import Ruleset

COVERAGE_PAGE = "coverage.md"
COVERAGE_TEMPLATE = "coverage.md.j2"


def game_name(ruleset: Ruleset) -> str:
    """The game's name as a page title says it: its title up to a colon ("Amtgard", not "Amtgard: magic,
    abilities, states and special effects")."""
    return ruleset.title.split(":", 1)[0].strip()


@dataclass(frozen=True, slots=True)
class CoverageNotes:
    """What a game's coverage page says that is the game's own."""

    ruleset: Ruleset
    binds: str  # what its registry binds a term to ("a rule's function, a phase or a step kind")
    tests: str  # the folder of its tests, from the repository's root
    note: str = ""  # a sentence of its own, if any

    @property
    def registry(self) -> str:
        return f"engine/rulesets/{self.ruleset.name}/registry.py"


def coverage_page(template: Template, notes: CoverageNotes, rows: Sequence[cov.Row],
                  term_href: Callable[[str], str], glossary_href: str) -> str:
    """The coverage page (``template``: compiler/templates/coverage.md.j2): the game's glossary term by term.
    ``term_href``: the link from the page to a term's page; ``glossary_href``: to the glossary's index."""
    counts = [(status, sum(r.status == status for r in rows))
              for status in (cov.SUPPORTED, cov.UNSUPPORTED, cov.NOT_A_RULE)]
    lines = [(r.term, safe_href(term_href(r.term)), r) for r in rows]
    return template.render(
        game=game_name(notes.ruleset), notes=notes, summary=cov.summary(rows), counts=counts, rows=lines,
        glossary=safe_href(glossary_href))


def term_page(name: str) -> str:
    return f"{slugify(name)}.md"


def glossary_pages(env: Environment, glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
                   cards_of: Callable[[Term], dict[str, Any]], notes: CoverageNotes, coverage: bool = True
                   ) -> dict[str, str]:
    """{path under the game's section: page text} of its glossary and, when ``coverage`` says so, its coverage
    page (the glossary then links to it)."""
    by_term = {r.term: r for r in rows}
    out = {"glossary/index.md": env.get_template("glossary_index.md.j2").render(
        terms=[(t, term_page(t.name), by_term[t.name]) for t in glossary.terms],
        coverage=Markup(safe_href(f"../{COVERAGE_PAGE}")) if coverage else None)}
    for t in glossary.terms:
        out[f"glossary/{term_page(t.name)}"] = env.get_template("term.md.j2").render(
            t=t, row=by_term[t.name], glossary=quote(t.paragraphs), played_by=registry.played_by(t.behaviour),
            see=[(name, term_page(name)) for name in t.see if glossary.term(name) is not None], **cards_of(t))
    if coverage:
        out[COVERAGE_PAGE] = coverage_page(env.get_template(COVERAGE_TEMPLATE), notes, rows,
                                           lambda term: f"glossary/{term_page(term)}", "glossary/index.md")
    return out
