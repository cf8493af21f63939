"""Checked spells and the keyword registry → the Markdown pages of the rules reference (mkdocs).

Pages (paths relative to ``site/docs/``):

- ``spells/index.md``: every spell, grouped by Sphere;
- ``spells/<slug>.md``: one spell drawn as its card, with its rules text rendered back into English;
- ``glossary/index.md``: every Glossary term, keyword and trigger event, grouped by kind;
- ``glossary/<slug>.md``: one Glossary term (a keyword's page is the page of the row that defines it) or
  one keyword the Glossary has no heading for; ``glossary/events/<slug>.md``: one trigger event. Pages
  of keywords and events list the spells that use them, and every spell page links its keywords, so
  links run both ways. A term's page shows its coverage status and the tests that cite it;
- ``coverage.md``: the coverage report (:mod:`compiler.coverage`), one row per Glossary term.

Card text is untrusted: the templates' environment escapes every interpolated value both for HTML and for
Markdown (each special character becomes a numeric character reference), so a title such as
``<script>`` or ``*bold*`` prints as written. Only values built here as :class:`Markup` bypass that:
link targets and CSS classes, which are checked against a strict pattern first, and pieces drawn by the
templates themselves (links, orbs, a spell's row of the index), which escaped their values as they drew them.
Links are Markdown links (inside ``md_in_html`` blocks where the card is HTML) so that
``mkdocs build --strict`` validates them.

A pass renders again only what changed (``spellc site --serve`` rebuilds at every save): a spell's page and
its row of the index are kept for the same spell, and the pieces many spells share, such as a keyword's link,
are drawn once (:mod:`compiler.rendered`). The glossary and coverage pages, but for their lists of the
project's spells, are the same for every project: they are kept between processes (:mod:`engine.core.kept`).
"""

from __future__ import annotations

import posixpath
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path

from jinja2 import Environment, Template
from markupsafe import Markup

from spellc.compiler import coverage as cov
from spellc.compiler.card_site import Face, Game, Link, Paragraph, Sources, Span, environment, links
from spellc.compiler.glossary_pages import (
    COVERAGE_PAGE,
    COVERAGE_TEMPLATE,
    CoverageNotes,
    Entry,
    coverage_text,
    glossary_texts,
)
from spellc.compiler.kept import kept, stamps
from spellc.compiler.markdown import css_class, escape_text, quote, rich_text, safe_href
from spellc.compiler.rendered import KEPT, call
from spellc.compiler.serpents_tongue import model as m
from spellc.compiler.serpents_tongue import render_text as rt
from spellc.compiler.serpents_tongue import steps as effect_steps
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue.bindings import REGISTRY as BINDINGS
from spellc.engine.rulesets.serpents_tongue.bindings import implemented as engine_implemented
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Requirement, Sphere
from spellc.engine.rulesets.serpents_tongue.registry import Event, Keyword, Registry, Term, load, slugify

TEMPLATES = Path(__file__).with_name("templates")
MACROS = "site_macros.md.j2"
CARD_FACE = "card_face.md.j2"  # every game's card (compiler/templates/)
RULESET = "serpents_tongue"
KIND_TITLES = {"directive": "Directives", "empowerment": "Empowerments", "requirement": "Requirement forms",
               "rule": "Rules", "concept": "Concepts", "lore": "Lore (not rules)", "trigger event": "Trigger events"}
FLUENCY_MAX = 4
SPELLS_INDEX = "spells/index.md"
GALLERY = ("Spell", "Sphere", "Role", "Fluency", "Resonance", "Harmony")  # its columns; the next three, filters
GLOSSARY_INDEX = "glossary/index.md"
COVERAGE = CoverageNotes(RULESETS[RULESET], tests="tests/",
                         binds="the function that plays its behaviour, its keyword or its trigger event",
                         note='A heading that only says "See X" reports the status of X.')
GAME = Game(TEMPLATES, COVERAGE)
DISCORD_EVENT_TERM = "Discord Event"  # the Glossary row an Encounter's `discord event` line changes
SPHERE, ORBS, ROLE, FLUENCY, TARGETS = (css_class("card-sphere") + " ", css_class("card-orbs"),
                                        css_class("card-role"), css_class("card-fluency"), css_class("card-targets"))



# ---------------------------------------------------------------------- page paths
def spell_page(spell: m.CheckedSpell) -> str:
    return f"spells/{spell.page_slug}.md"


def keyword_page(keyword: Keyword) -> str:
    """The page of the glossary row that defines the keyword, or its own page when it has no row."""
    return f"glossary/{slugify(keyword.entry) if keyword.entry else keyword.slug}.md"


def term_page(term: Term) -> str:
    return f"glossary/{term.slug}.md"


def event_page(event: Event) -> str:
    return f"glossary/events/{slugify(event.name)}.md"


def relative(from_page: str, to_page: str) -> Markup:
    return _relative(_folder(from_page), to_page)


def _folder(page: str) -> str:
    """The folder of a page (pages' paths are plain: a/b/c.md)."""
    return page.rpartition("/")[0]


@lru_cache(maxsize=KEPT)  # every spell page links the same keywords' pages from the same folder
def _relative(from_folder: str, to_page: str) -> Markup:
    folder, name = posixpath.split(to_page)
    return safe_href(_way(from_folder, folder) + name)


@cache  # pages sit in a handful of folders: posixpath.relpath once per pair of folders, not per link
def _way(from_folder: str, to_folder: str) -> str:
    """The relative path from one folder to another, as a prefix of a file name ("" within a folder)."""
    way = posixpath.relpath(to_folder or ".", from_folder or ".")
    return "" if way == posixpath.curdir else f"{way}/"


# ---------------------------------------------------------------------- view models
@dataclass(frozen=True, slots=True)
class Orb:
    label: str
    value: str
    energy_css: Markup
    sign_css: Markup


@dataclass(frozen=True, slots=True)
class Line:
    """A requirement or upgrade line: plain words, linked keywords (drawn), then plain words."""

    links: Markup
    rest: str
    lead: str = ""  # a count printed before the keyword, as in `! 2 Actions`


@dataclass(frozen=True, slots=True)
class SpellView:
    """A spell's page and its row of the spells index. Card text is plain text, escaped where a template prints
    it; links and orbs arrive drawn (Markup) by the macros of site_macros.md.j2, each drawn once for the same
    values: the same keyword links and orbs recur on most cards of a set."""

    title: str
    href: Markup
    sphere: str
    sphere_css: Markup
    role: str
    fluency: int
    pips: str
    orbs: tuple[Markup, ...]
    descriptors: Markup
    directives: Markup
    empowerments: Markup
    broadcast: tuple[tuple[str, Markup], ...]
    requirements: tuple[Line, ...]
    upgrades: tuple[Line, ...]
    ritual: tuple[Markup, ...]
    targets: str | None
    rules: tuple[str, ...]
    glossary: tuple[Markup, ...]
    source: str

    @property
    def face(self) -> Face:
        """The card as every game's is drawn (compiler/templates/card_face.md.j2): its Sphere on its edge and badge,
        its orbs, its role and fluency; its aspects, requirements, upgrades and ritual are this game's own."""
        targets = (Paragraph(escape_text(self.targets) + Markup("."), css=TARGETS),) if self.targets else ()
        # A space between the orbs: the search reads "-5 0", not "-50" (in their flex row a space draws nothing).
        return Face(self.title, self.sphere_css, self.source,
                    Span(SPHERE + self.sphere_css, escape_text(self.sphere), "Sphere"),
                    (Span(ORBS, Markup(" ").join(self.orbs)),),
                    (Span(ROLE, escape_text(self.role), "Role"),
                     Span(FLUENCY, escape_text(self.pips), f"Fluency {self.fluency}")),
                    rules=targets + tuple(Paragraph(line) for line in self.rules))


@dataclass
class _Site:
    """What every page needs to know: where each spell and keyword lives, and who uses what."""

    registry: Registry
    spells: list[m.CheckedSpell]
    pages: dict[str, str] = field(default_factory=dict)  # spell title → page
    keyword_users: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    event_users: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))


# ---------------------------------------------------------------------- keyword use
def step_aspects(step: m.Step) -> Iterator[Aspect]:
    """The directives a rules-text step deals, nested steps included."""
    for inner in effect_steps.walk((step,)):
        if isinstance(inner, m.MDo):
            yield from (a for a in inner.args if isinstance(a, Aspect))


@lru_cache(maxsize=KEPT)  # asked twice per spell at every build: by the index and by the spell's page
def spell_keywords(spell: m.CheckedSpell) -> frozenset[str]:
    """Every registry keyword the spell uses, wherever it appears on the card or in its rules."""
    aspects: list[Aspect] = [*spell.directives, *spell.empowerments]
    aspects += [a for u in spell.upgrades for a in u.aspects]
    aspects += [a for tier in spell.ritual for a in tier.aspects]
    aspects += [a for ab in spell.abilities for a in ab.aspects]
    aspects += [a for mod in spell.modifiers for a in mod.grants]
    steps = [*spell.on_impact, *(s for t in spell.triggers for s in t.steps),
             *(s for ab in spell.abilities for s in ab.steps), *spell.discord_event]
    aspects += [a for s in steps for a in step_aspects(s)]
    return frozenset({a.name for a in aspects} | {r.form for r in spell.requirements})


@lru_cache(maxsize=8)  # the same at every rebuild until a card changes
def _index(spells: tuple[m.CheckedSpell, ...], registry: Registry) -> _Site:
    site = _Site(registry=registry, spells=sorted(spells, key=lambda s: (s.title.casefold(), s.title)))
    owners: dict[str, str] = {}
    for spell in site.spells:
        page = spell_page(spell)
        if page in owners or page == SPELLS_INDEX:
            raise ValueError(f"spells {owners.get(page, '(the index)')!r} and {spell.title!r} would share "
                             f"the page {page}: give one of them a title that differs in its letters")
        owners[page] = spell.title
        site.pages.setdefault(spell.title, page)  # a title printed at several fluencies: links go to its lowest
        for name in spell_keywords(spell):
            if name not in registry.keywords:
                raise ValueError(f"spell {spell.title!r} uses {name!r}, which the registry does not declare")
            site.keyword_users[name].add(spell.title)
        for trigger in spell.triggers:
            if trigger.event not in registry.events:
                raise ValueError(f"spell {spell.title!r} triggers on {trigger.event!r}, which the registry "
                                 "does not declare")
            site.event_users[trigger.event].add(spell.title)
    _check_glossary_pages(registry)
    return site


@cache  # one registry per glossary file, never changed once loaded
def _check_glossary_pages(registry: Registry) -> None:
    seen: dict[str, str] = {GLOSSARY_INDEX: "(the index)"}
    pages = [(term_page(t), t.name) for t in registry.terms]
    pages += [(keyword_page(k), k.name) for k in registry.keywords.values() if k.entry is None]
    pages += [(event_page(e), e.name) for e in registry.events.values()]
    for page, name in pages:
        if page in seen:
            raise ValueError(f"glossary entries {seen[page]!r} and {name!r} would share the page {page}")
        seen[page] = name


# ---------------------------------------------------------------------- spell pages
def _keyword_link(registry: Registry, from_page: str, name: str, text: str, css: str | None = None) -> Link:
    keyword = registry.keywords[name]
    return Link(text=text, href=relative(from_page, keyword_page(keyword)), css=css_class(css) if css else None)


def _aspect_links(
    macros: Template, registry: Registry, page: str, aspects: Iterable[Aspect], css: str | None = None
) -> Markup:
    """The aspects as keyword links, drawn by the ``links`` macro."""
    links = tuple(_keyword_link(registry, page, a.name, rt.aspect_text(a), css) for a in aspects)
    return call(macros, "links", links)


@cache  # a few energies and values, on every spell
def _orb(label: str, value: int) -> Orb:
    # The card's colours: red negative numbers are paid, blue positive ones are gained.
    kind = "cost" if value < 0 else "gain" if value > 0 else "zero"
    return Orb(label=label, value=f"{value:+d}" if value else "0", energy_css=css_class(f"orb-{label.lower()}"),
               sign_css=css_class(f"orb-{kind}"))


def _role_text(spell: m.CheckedSpell) -> str:
    if spell.kind == "encounter":
        return "Encounter"
    if spell.kind in ("specialization", "artifact"):
        return spell.kind.capitalize()
    role = f"{spell.role.value} (Curse)" if spell.is_curse else spell.role.value
    if spell.encounter is not None:  # "We know this action is a spell since it has the "spell" modifier"
        return f"{role} — {spell.kind.removeprefix('encounter ')} of {spell.encounter}"
    return role


def _source(spell: m.CheckedSpell | m.CheckedNamShub) -> str:
    return f"{_shown_source(spell.source_path)}:{spell.line}"


@cache  # asked for every card of a file
def _shown_source(source_path: str) -> str:
    # Pages must not depend on where the compiler ran: show a path inside the repository.
    path = Path(source_path)
    root = Path(__file__).resolve().parents[1]
    if path.is_absolute() and path.resolve().is_relative_to(root):
        path = path.resolve().relative_to(root)
    return path.as_posix()


def _spell_glossary(macros: Template, registry: Registry, page: str, spell: m.CheckedSpell) -> tuple[Markup, ...]:
    names = sorted(spell_keywords(spell), key=lambda n: (n.casefold(), n))
    links = [_keyword_link(registry, page, n, n) for n in names]
    for name in sorted({t.event for t in spell.triggers}):
        links.append(Link(text=f"when {name}", href=relative(page, event_page(registry.events[name]))))
    discord = registry.term(DISCORD_EVENT_TERM) if spell.discord_event else None
    if discord is not None:  # the rule its card changes
        links.append(Link(text=discord.name, href=relative(page, term_page(discord))))
    return tuple(call(macros, "link", link) for link in links)


def spell_view(macros: Template, registry: Registry, spell: m.CheckedSpell) -> SpellView:
    """Everything the spell's page and its row of the spells index show; ``macros``: site_macros.md.j2."""
    page = spell_page(spell)
    return SpellView(
        title=spell.title,
        href=relative(SPELLS_INDEX, page),
        sphere=spell.sphere.value,
        sphere_css=css_class(f"sphere-{spell.sphere.value.lower()}"),
        role=_role_text(spell),
        fluency=spell.fluency,
        pips="●" * spell.fluency + "○" * max(0, FLUENCY_MAX - spell.fluency),
        orbs=tuple(call(macros, "orb", o) for o in (_orb("Resonance", spell.resonance),
                                                      _orb("Harmony", spell.harmony))),
        descriptors=call(macros, "texts", spell.descriptors),
        directives=_aspect_links(macros, registry, page, spell.directives, "directive"),
        empowerments=_aspect_links(macros, registry, page, spell.empowerments, "empowerment"),
        broadcast=tuple((s.value, css_class(f"sphere-{s.value.lower()}")) for s in spell.broadcast),
        requirements=tuple(_requirement_line(macros, registry, page, r) for r in spell.requirements),
        upgrades=tuple(Line(links=_aspect_links(macros, registry, page, u.aspects),
                            rest=f"for {' or '.join(c.text() for c in u.costs)}") for u in spell.upgrades),
        ritual=tuple(_aspect_links(macros, registry, page, tier.aspects) for tier in spell.ritual),
        targets=rt.targets_text(spell.targets) if spell.targets else None,
        rules=tuple(rt.rules_lines(spell)),
        glossary=_spell_glossary(macros, registry, page, spell),
        source=_source(spell),
    )


def _requirement_line(macros: Template, registry: Registry, page: str, r: Requirement) -> Line:
    lead, _, rest = rt.requirement_text(r).partition(r.form)
    links = call(macros, "links", (_keyword_link(registry, page, r.form, r.form),))
    return Line(links=links, rest=rest.strip(), lead=lead.strip())


# ---------------------------------------------------------------------- glossary pages
def _keyword_facts(keyword: Keyword) -> list[tuple[str, str]]:
    facts = [("Kind", keyword.kind)]
    params = list(keyword.params)
    if keyword.optional:
        params = params[: len(params) - keyword.optional] + [f"{p} (optional)" for p in
                                                             params[len(params) - keyword.optional:]]
    facts.append(("Parameters", ", ".join(params) or "none"))
    if keyword.leading_count:
        facts.append(("Written", f"! 2 {keyword.name} (the count first, as printed)"))
    if keyword.qualifiers:
        facts.append(("Qualifiers", ", ".join(keyword.qualifiers)))
    facts.append(("Allowed on", ", ".join(keyword.roles) or "every role"))
    if keyword.meaningless_on:
        facts.append(("Meaningless on", ", ".join(keyword.meaningless_on)))
    return facts


def _see_links(reg: Registry, page: str, names: Iterable[str]) -> tuple[tuple[str, str | None], ...]:
    """The see-also of a page: a term's page, else a keyword's, else the name unlinked."""
    see: list[tuple[str, str | None]] = []
    for name in names:
        term, keyword = reg.term(name), reg.get(name)
        to = term_page(term) if term is not None else keyword_page(keyword) if keyword is not None else None
        see.append((name, relative(page, to) if to else None))
    return tuple(see)


def _spell_links(site: _Site, from_page: str, titles: Iterable[str]) -> Markup:
    """Links to the spells ``titles`` from the page ``from_page``, in title order."""
    folder = _folder(from_page)
    return links(Link(t, _relative(folder, site.pages[t])) for t in sorted(titles, key=lambda t: (t.casefold(), t)))


def _spells(kind: str, name: str) -> tuple[tuple[str, Markup]]:
    """The line of the spells that use a keyword or an event: a mark, each build puts its own spells there."""
    return (("Spells", Markup(f"\x00{kind}\x1f{name}\x00")),)


def keyword_entry(reg: Registry, keyword: Keyword) -> Entry:
    """The page of a keyword the Glossary has no heading for (Pay, Once per Round)."""
    return Entry(keyword.name, keyword.kind, keyword.behaviour,
                 quote(tuple(p.split("\n")) for p in keyword.glossary.split("\n\n")),
                 facts=(*_keyword_facts(keyword), ("Source", "not a Glossary heading")),
                 see=_see_links(reg, keyword_page(keyword), keyword.see), cards=_spells(KEYWORD_USERS, keyword.name))


def term_entry(reg: Registry, term: Term) -> Entry:
    """A Glossary heading's page; a keyword's when its row defines one (its parameters, the spells using it)."""
    page = term_page(term)
    keyword = reg.get(term.keyword) if term.keyword else None
    defines = keyword is not None and keyword.entry == term.name
    facts = _keyword_facts(keyword) if keyword is not None else [("Kind", term.kind)]
    if term.heading != term.name:
        facts.append(("Printed heading", term.heading))
    target = reg.target(term)
    return Entry(
        term.name, term.kind, term.behaviour, quote(term.paragraphs), facts=tuple(facts),
        keyword=(keyword.name, relative(page, keyword_page(keyword))) if keyword is not None and not defines else None,
        alias=(target.name, relative(page, term_page(target))) if target is not term else None,
        see=_see_links(reg, page, term.see), note=rich_text(term.note) if term.note else None,
        cards=_spells(KEYWORD_USERS, keyword.name) if keyword is not None and defines else ())


def event_entry(event: Event) -> Entry:
    return Entry(f"when {event.name}", "trigger event", event.behaviour, quote([[event.glossary]]),
                 facts=(("Kind", "trigger event"), ("Reads as", f"{rt.event_text(event.name)}: …")),
                 cards=_spells(EVENT_USERS, event.name), index=relative(event_page(event), GLOSSARY_INDEX))


# ---------------------------------------------------------------------- the emitter
def coverage_report(registry: Registry | None = None, tests_dir: Path | None = None,
                    implemented: frozenset[str] | None = None) -> list[cov.Row]:
    """Serpent's Tongue's rows of the coverage report: its glossary against the behaviours the engine plays
    (the names its registry binds, engine.rulesets.serpents_tongue.bindings.implemented()) and its tests' rule
    markers."""
    return cov.report(registry or load(), engine_implemented() if implemented is None else implemented,
                      tests_dir, RULESET)


def emit_site(spells: Sequence[m.CheckedSpell], registry: Registry,
              coverage: Sequence[cov.Row] | None = None,
              nam_shubs: Sequence[m.CheckedNamShub] = (), with_coverage: bool = True, sources: Sources | None = None
              ) -> dict[str, str]:
    """{path under site/docs/: page text} for every generated page; deterministic for equal inputs.

    ``coverage`` defaults to the report over this repository's tests. ``with_coverage``: whether the site has a
    coverage page (``[site] coverage`` in the project's manifest), which the glossary's pages then link to. The
    gallery names the project's ``sources`` (by default this repository's card set).
    """
    env = environment(GAME, sources)
    rows = coverage_report(registry) if coverage is None else coverage
    site = _index(tuple(spells), registry)
    out = _spell_pages(env, site, nam_shubs) | _glossary_pages(env, site, tuple(rows), with_coverage)
    return dict(sorted(out.items()))


def nam_shub_page(page: m.CheckedNamShub) -> str:
    return f"spells/{page.page_slug}.md"


def _nam_shub_step(step: m.MNamShubStep) -> str:
    action = "Free Action" if step.free else "Full Action"
    cost = f", paying {' and '.join(c.text() for c in step.costs)}" if step.costs else ""
    does = f" {rt.steps_text(step.steps)}" if step.steps else ""
    return f"{step.name} ({action}{cost}).{does}"


def _nam_shub_pages(env: Environment, site: _Site, pages: Sequence[m.CheckedNamShub]) -> dict[str, str]:
    out = {}
    template = env.get_template("site_nam_shub.md.j2")
    for page in pages:
        path = nam_shub_page(page)
        if path in out or path in site.pages.values():
            raise ValueError(f"Nam-Shub {page.title!r} would share the page {path} with another")
        out[path] = template.render(page={"title": page.title, "victory": page.victory,
                                          "steps": [_nam_shub_step(s) for s in page.steps],
                                          "source": _source(page)})
    return out


def _spell_pages(env: Environment, site: _Site, nam_shubs: Sequence[m.CheckedNamShub] = ()) -> dict[str, str]:
    templates = (env.get_template(MACROS), env.get_template("site_spell_row.md.j2"),
                 env.get_template("site_spell.md.j2"), env.get_template(CARD_FACE))
    drawn = [(spell, _drawn(templates, site.registry, spell)) for spell in site.spells]
    rows = Markup("".join(row for sphere in Sphere for spell, (row, _) in drawn if spell.sphere is sphere))
    pages = sorted(nam_shubs, key=lambda p: (p.title.casefold(), p.title))
    listed = [{"title": p.title, "href": relative(SPELLS_INDEX, nam_shub_page(p))} for p in pages]
    out = {SPELLS_INDEX: env.get_template("site_spells_index.md.j2").render(
        title="Spells", columns=GALLERY, facets=GALLERY[1:4], noun="spells", empty="No spells yet.", rows=rows,
        nam_shubs=listed, emitter=Markup("compiler/serpents_tongue/emit_site.py"))}
    out |= _nam_shub_pages(env, site, pages)
    for spell, (_, page) in drawn:
        out[spell_page(spell)] = page
    return out


# A spell's row of the gallery and its page, drawn from one view of it and kept for the same spell: a rebuild
# after one edit draws that spell's again, not the whole gallery. The templates (the macros, the row's, the
# page's and every game's card face, which the page is given rather than imports, so that an edit of it is a new
# key too) and the registry are keys by identity: a template is a new object when its file changes, and the
# registry is one object per glossary file (registry.load is cached), never changed once loaded.
@lru_cache(maxsize=KEPT)
def _drawn(templates: tuple[Template, Template, Template, Template], registry: Registry, spell: m.CheckedSpell
           ) -> tuple[Markup, str]:
    macros, row, page, face = templates
    view = spell_view(macros, registry, spell)
    return row.module.row(view), str(page.module.page(view, face.module.card))  # type: ignore[attr-defined]


# The glossary and coverage pages are the same for every project, but for the list of the project's spells
# that use a keyword or an event. The rest is made from the registry and the coverage rows alone, and kept
# between processes (engine/core/kept.py): a page holds a mark where its list goes, and each build puts its own
# list there (the whole line is left out when no spell of the project uses it).
KEYWORD_USERS, EVENT_USERS = "keyword", "event"
_USERS_MARK = re.compile("([^\n]*)\x00(keyword|event)\x1f([^\x00]*)\x00\n\n")


# The templates of the glossary's and the coverage page (every game's), and the macro they import.
GLOSSARY_TEMPLATES = ("term.md.j2", "glossary_index.md.j2", COVERAGE_TEMPLATE, "engine_status.md.j2")
ALSO = ("the Magi's Handbook's Glossary, with every keyword of its card language and every trigger event of its rules"
        " text")


def _glossary_pages(env: Environment, site: _Site, rows: tuple[cov.Row, ...], with_coverage: bool = True
                    ) -> dict[str, str]:
    """The glossary's pages and (``with_coverage``) the coverage page, with the project's spells."""
    templates = tuple(env.get_template(name) for name in GLOSSARY_TEMPLATES)
    pages = _glossary_texts(templates, site.registry, rows, with_coverage)
    users = {KEYWORD_USERS: site.keyword_users, EVENT_USERS: site.event_users}

    def spells(page: str) -> Callable[[re.Match[str]], str]:
        def line(mark: re.Match[str]) -> str:
            titles = users[mark[2]].get(mark[3], ())
            return f"{mark[1]}{_spell_links(site, page, titles)}\n\n" if titles else ""
        return line

    return {page: _USERS_MARK.sub(spells(page), text) if "\x00" in text else text for page, text in pages.items()}


# Kept for the same templates (Jinja makes a new one when its file is edited, even in a running `spellc site
# --serve`), registry and rows; and between processes, under the templates' stamps (the code digest is taken
# once per process), for this ruleset's own glossary only (its file is spellc's code, in every key), not for
# a registry read from another file.
@lru_cache(maxsize=8)
def _glossary_texts(templates: tuple[Template, ...], reg: Registry, rows: tuple[cov.Row, ...],
                    with_coverage: bool = True) -> dict[str, str]:
    """The glossary's pages, each with the mark of its list of spells (if any), and the coverage page."""
    if reg is not load():
        return _glossary_made(templates, reg, rows, with_coverage)
    read = stamps(t.filename for t in templates if t.filename)
    return kept("glossary", RULESET, [read, [r.json() for r in rows], with_coverage],
                lambda: _glossary_made(templates, reg, rows, with_coverage), dict[str, str])


def _glossary_made(templates: tuple[Template, ...], reg: Registry, rows: tuple[cov.Row, ...],
                   with_coverage: bool = True) -> dict[str, str]:
    term_template, index_template, coverage_template, _ = templates
    coverage = {r.term: r for r in rows}
    made = [(term_page(t), term_entry(reg, t), coverage.get(t.name), reg.target(t).glossary) for t in reg.terms]
    made += [(keyword_page(k), keyword_entry(reg, k), None, k.glossary) for k in reg.keywords.values()
             if k.entry is None]
    made += [(event_page(e), event_entry(e), None, e.glossary) for e in reg.events.values()]
    # Each page links the coverage page, from its own folder (an event's is a folder deeper).
    entries = [(page, replace(e, coverage=relative(page, COVERAGE_PAGE) if with_coverage else None), row, text)
               for page, e, row, text in made]
    pages = glossary_texts((term_template, index_template), entries, BINDINGS.played_by,
                           relative(GLOSSARY_INDEX, COVERAGE_PAGE) if with_coverage else None, KIND_TITLES, ALSO)
    if with_coverage:
        pages[COVERAGE_PAGE] = coverage_text(coverage_template, COVERAGE, rows)
    return dict(sorted(pages.items()))
