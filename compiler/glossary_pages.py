"""Every game's glossary and coverage pages (``glossary/index.md``, a page per term, ``coverage.md``). One term page
(``compiler/templates/term.md.j2``) draws an :class:`Entry`: a term, or a page of the game's own beside its terms
(Serpent's Tongue's keywords and trigger events), with what the game declares of it (a keyword's parameters, the
card fields a term defines, the term it stands for, the cards that use it: ``cards_of``). One index
(``glossary_index.md.j2``) lists them, by kind when the game says so. The coverage page is one template for every
game (``compiler/templates/coverage.md.j2``): what it says of a game comes from that game's :class:`CoverageNotes`."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, Template
from markupsafe import Markup

from spellc.compiler import coverage as cov
from spellc.compiler.language_reference import declared_use
from spellc.compiler.markdown import quote, rich_text, safe_href
from spellc.engine.core.registry import Glossary, Registry, Term, slugify
from spellc.engine.core.ruleset import Ruleset

COVERAGE_PAGE = "coverage.md"
COVERAGE_TEMPLATE = "coverage.md.j2"
INDEX = "glossary/index.md"


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


@dataclass(frozen=True, slots=True)
class Entry:
    """A glossary page as every game's term.md.j2 draws it: a term, or a card word or an event of the game's rules
    text that is a page of its glossary (Serpent's Tongue's keywords and trigger events). Pages are given as
    (text, href) from the entry's own page; ``see`` names unlinked what the glossary has no page of."""

    name: str
    kind: str
    behaviour: str | None
    glossary: Markup  # the seed's words as a Markdown block quote
    facts: tuple[tuple[str, str], ...] = ()  # what a card word is: its kind, parameters, where it is allowed...
    keyword: tuple[str, str] | None = None  # a term describing a card word whose page is another
    alias: tuple[str, str] | None = None  # "See X": the term this heading stands for
    see: tuple[tuple[str, str | None], ...] = ()
    pages: tuple[tuple[str, Any], ...] = ()  # (lead, Link): the game's own pages of it ("State": Amtgard's)
    cards: tuple[tuple[str, Any], ...] = ()  # (noun, links) of the cards that use it, or (noun, their line drawn)
    note: Markup | None = None
    index: str = "index.md"  # the glossary's index, from the page
    coverage: str | None = None  # the coverage page, from the page, when the site has one


@dataclass(frozen=True, slots=True)
class IndexLine:
    """A page's line of the glossary's index: its name, its page (from the index), its kind, the first sentence of
    its text and its status."""

    name: str
    page: str
    kind: str
    summary: Markup
    status: str


def summary(text: str) -> Markup:
    """The first sentence of a glossary text, for the index."""
    first = text.split("\n")[0]
    end = first.find(". ")
    return rich_text(first if end < 0 else first[: end + 1])


def status(row: cov.Row | None, played_by: tuple[str, str] | None) -> str:
    """A page's status: its term's in the coverage report, else whether the engine binds its behaviour."""
    return row.status if row else "supported" if played_by else "not yet supported"


def term_entry(glossary: Glossary, t: Term, facts: tuple[tuple[str, str], ...] = (), **more: Any) -> Entry:
    """A term's page: its kind and ``facts``, the term it stands for ("See X"), its see-also and its note."""
    target = glossary.target(t)
    return Entry(t.name, t.kind, t.behaviour, quote(t.paragraphs), facts=(("Kind", t.kind), *facts),
                 alias=(target.name, term_page(target.name)) if target is not t else None,
                 see=tuple((n, term_page(n) if glossary.term(n) is not None else None) for n in t.see),
                 note=rich_text(t.note) if t.note else None, **more)


def field_facts(ruleset: Ruleset, term: str) -> tuple[tuple[str, str], ...]:
    """The card fields a term defines (their ``[field.<word>] term``), as a keyword's page gives its parameters: how
    a card writes each and what its declaration says of its use."""
    return tuple(fact for f in ruleset.fields if f.term == term
                 for fact in (("Written", f.example or f.word), ("Use", declared_use(f))) if fact[1])


def glossary_texts(templates: tuple[Template, Template], entries: Iterable[tuple[str, Entry, cov.Row | None, str]],
                   played_by: Callable[[str | None], tuple[str, str] | None], coverage: str | None,
                   kinds: Mapping[str, str] | None = None, also: str = "") -> dict[str, str]:
    """{path under the game's section: text} of the glossary's pages, drawn by ``templates`` (term.md.j2 and
    glossary_index.md.j2), and of its index. ``entries``: each page's path (under glossary/), its entry, its line of
    the coverage report (None for what is no term) and the text the index takes its first sentence from;
    ``played_by``: what the engine binds a behaviour to; ``coverage``: the coverage page from the index, if any;
    ``kinds``: the index's sections, a title for each kind in order, each by name (None: one table, in the
    entries' order); ``also``: what the game's glossary holds beside its terms."""
    term, index = templates
    pages: dict[str, str] = {}
    groups: dict[str, list[IndexLine]] = defaultdict(list)
    for page, entry, row, text in entries:
        bound = played_by(entry.behaviour)
        pages[page] = term.render(t=entry, row=row, played_by=bound)
        groups[entry.kind if kinds else ""].append(IndexLine(entry.name, page.removeprefix("glossary/"), entry.kind,
                                                             summary(text), status(row, bound)))
    sections = [(title, sorted(groups[kind], key=lambda e: (e.name.casefold(), e.name))) for kind, title in
                kinds.items()] if kinds else [("", groups[""])]
    pages[INDEX] = index.render(groups=sections, also=also, coverage=Markup(safe_href(coverage)) if coverage else None)
    return pages


def glossary_pages(env: Environment, glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
                   cards_of: Callable[[Term], dict[str, Any]], notes: CoverageNotes, coverage: bool = True
                   ) -> dict[str, str]:
    """{path under the game's section: page text} of its glossary and, when ``coverage`` says so, its coverage
    page (the glossary then links to it)."""
    by_term = {r.term: r for r in rows}
    shown = f"../{COVERAGE_PAGE}" if coverage else None
    entries = [(f"glossary/{term_page(t.name)}", term_entry(glossary, t, field_facts(notes.ruleset, t.name),
                                                            coverage=shown, **cards_of(t)),
                by_term[t.name], glossary.target(t).glossary) for t in glossary.terms]
    out = glossary_texts((env.get_template("term.md.j2"), env.get_template("glossary_index.md.j2")), entries,
                         registry.played_by, shown)
    if coverage:
        out[COVERAGE_PAGE] = coverage_text(env.get_template(COVERAGE_TEMPLATE), notes, rows)
    return out


def coverage_text(template: Template, notes: CoverageNotes, rows: Sequence[cov.Row]) -> str:
    """The coverage page of a section whose glossary is glossary/, a page per term."""
    return coverage_page(template, notes, rows, lambda term: f"glossary/{term_page(term)}", INDEX)
