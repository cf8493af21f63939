"""One site section for every game (issue 28, items 1 and 5): a game's cards drawn as cards in one visual language,
its galleries, its glossary and its coverage page. A game's emitter gives only what is its own, as data: its kinds
of card (each a :class:`Section`: its folder, its noun, its gallery's columns and its cards), each card's face (a
:class:`Face`: its accent, its badge, the fields it prints and its rules text), the cards it links to, and the
words a glossary keyword may name it by. The pages' layout is the shared templates' (compiler/templates/
card_page.md.j2, card_face.md.j2, card_gallery.md.j2, term.md.j2, glossary_index.md.j2); a game's own templates
add only its prose (a gallery's introduction) and its extra sections (``{% block %}`` of those). Serpent's Tongue
draws its spells with the same face and gallery, and its glossary with the same term page and index
(compiler/glossary_pages.py's Entry): its keywords and trigger events are pages beside its terms, kept between
processes by its own emitter.

Every value reaches a page through compiler.markdown: as inert text (the templates' finalize hook), a checked link
target (``href``) or markup drawn here from escaped text (:func:`link`, :func:`linked`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import Environment
from markupsafe import Markup

from spellc.compiler import coverage as cov
from spellc.compiler.glossary_pages import CoverageNotes, game_name, glossary_pages, term_page
from spellc.compiler.markdown import css_class, escape_text, make_env, safe_href
from spellc.compiler.names import page_slug
from spellc.engine.core.registry import Glossary, Registry, Term
from spellc.engine.core.ruleset import Ruleset

INDEX = "index"  # a folder's own page: no card may take its name
GLOSSARY = "../glossary/"


# ---------------------------------------------------------------------- links
@dataclass(frozen=True, slots=True)
class Link:
    """A link to a page of the site; ``css``: a class of its own (Serpent's Tongue's kinds of keyword)."""

    text: str
    href: str
    css: Markup | None = None


@dataclass(frozen=True, slots=True)
class Stat:
    """A field a card prints: its label and its value (text, and gems beside it), the value linked to the glossary
    term that defines it when the glossary has one."""

    label: str
    value: str
    href: str | None = None
    gems: Markup | None = None


def labelled(stats: Iterable[Stat], label: str) -> Stat:
    """The field of ``stats`` labelled ``label``."""
    return next(s for s in stats if s.label == label)


def link(text: str, href: str) -> Markup:
    """A Markdown link, its text inert and its target checked."""
    return Markup(f"[{escape_text(text)}]({safe_href(href)})")


def linked(stat: Stat, text: str | None = None) -> Markup:
    """A field's value (or ``text`` in its place), linked to its glossary term when it has one."""
    shown = stat.value if text is None else text
    return escape_text(shown) if stat.href is None else link(shown, stat.href)


def links(items: Iterable[Link]) -> Markup:
    return Markup(", ").join(link(i.text, i.href) for i in items)


def term_href(glossary: Glossary, *names: str) -> str | None:
    """The glossary page of the first of ``names`` the glossary holds, from a card's page."""
    return next((f"{GLOSSARY}{term_page(n)}" for n in names if glossary.term(n) is not None), None)


def declared_href(glossary: Glossary, ruleset: Ruleset, word: str, *first: str) -> str | None:
    """The glossary page of the first of ``first`` the glossary holds, else of the term that defines the card field
    ``word`` (its ``[field.<word>] term`` in ruleset.toml): a field's term is declared once, for an editor's hover,
    the language page and the cards' pages alike."""
    declared = ruleset.field(word)
    return term_href(glossary, *first, *((declared.term,) if declared is not None and declared.term else ()))


def card_pages(titles: Iterable[str]) -> dict[str, str]:
    """{title: page file}: the title slugged; one that would be its folder's index, or a page already taken, gets
    a number (the checker keeps titles apart already; this keeps the index whatever it is given)."""
    taken = {INDEX}
    out: dict[str, str] = {}
    for title in titles:
        if title in out:
            continue
        base = page_slug(title, "card")
        slug, n = base, 1
        while slug in taken:
            n += 1
            slug = f"{base}-{n}"
        taken.add(slug)
        out[title] = f"{slug}.md"
    return out


# ---------------------------------------------------------------------- a card drawn
@dataclass(frozen=True, slots=True)
class Span:
    """A piece of a card's head or of its line under the head: its class, its tooltip, what it shows."""

    css: Markup
    content: Markup
    title: str | None = None


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A paragraph of a card's rules text, with the options of a "choose one" it opens."""

    text: str
    options: tuple[str, ...] = ()
    css: Markup | None = None


@dataclass(frozen=True, slots=True)
class Face:
    """A card as card_face.md.j2 draws it (compiler/templates/site/cards.css): its classes (the game's and its
    accent's), its badge on the left of its head, its title, the pieces on the right of its head (``corner``), the
    line under its head (``meta``), its other fields as a table (``lines``), quoted lines (an incantation), its
    rules text and the file it was compiled from."""

    title: str
    css: Markup
    source: str
    badge: Span | None = None
    corner: tuple[Span, ...] = ()
    meta: tuple[Span, ...] = ()
    lines: tuple[Stat, ...] = ()
    quotes: tuple[tuple[str, str], ...] = ()
    rules: tuple[Paragraph, ...] = ()


def badge(stat: Stat, accent: str) -> Span:
    """The card's badge: a field, linked like the others, in the card's accent."""
    return Span(Markup("card-sphere ") + css_class(accent), linked(stat), stat.label)


@dataclass(frozen=True, slots=True)
class Card:
    """A card's page: its face, what its page says below it (``extra``: the game's template reads it), the cards it
    links to (``related``: "Cast by: ..."), and what a glossary term's page lists it by: the words a keyword may
    name it by (lower case) and the step kinds it plays."""

    title: str
    page: str  # its page's file name in its kind's folder (card_pages)
    face: Face
    row: tuple[str | Markup, ...]  # its row of the gallery
    mark: str = ""  # in brackets after its title in the page's heading: an Amtgard ability's (m) or (ex)
    related: tuple[tuple[str, tuple[Link, ...]], ...] = ()
    words: frozenset[str] = frozenset()
    behaviours: frozenset[str] = frozenset()
    extra: Any = None

    def shows(self, term: Term) -> bool:
        """Whether a term's page lists the card: its keyword names the card, or the card plays its behaviour."""
        return bool(term.keyword and term.keyword.lower() in self.words) or term.behaviour in self.behaviours


@dataclass(frozen=True)
class Section:
    """A kind of card: its folder, its noun (the gallery's title, "All spells", a term page's "Spells:"), its cards,
    its gallery's columns and filters, what the gallery says when it is empty, and its templates."""

    folder: str
    noun: str
    cards: Sequence[Card]
    columns: tuple[str, ...]
    facets: tuple[str, ...]
    empty: str
    index: str  # the game's template of its gallery (its introduction), extending card_gallery.md.j2
    page: str = "card_page.md.j2"  # the template of a card's page (a game's extends it)
    values: Mapping[str, Any] = field(default_factory=dict)  # what else its gallery's template reads

    def href(self, card: Card) -> str:
        return f"../{self.folder}/{card.page}"


@dataclass(frozen=True)
class Game:
    """What a game's site section is made from besides its cards: its templates, its coverage notes, and the pages
    of its own a term's page links to beside the cards (Amtgard's States)."""

    templates: Path  # compiler/<game>/templates
    notes: CoverageNotes
    pages_of: Callable[[Term], list[tuple[str, Link]]] = lambda term: []

    @property
    def emitter(self) -> str:
        """The game's emitter, as its pages' footers name it."""
        return f"compiler/{self.templates.parent.name}/emit_site.py"


@dataclass(frozen=True, slots=True)
class Sources:
    """What a project's pages say of its own files: its cards and scenarios folders as shown from the folder the
    build writes from (``cards/`` in a designer's project, ``cards_src/amtgard/`` in this repository), and its
    scenarios' texts by file name, for a game whose pages list the scenarios that show a rule."""

    cards: str
    scenarios: str
    texts: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def shipped(cls, ruleset: Ruleset) -> Sources:
        """The card set this repository ships for ``ruleset``, its scenarios not read."""
        folder = ruleset.cards.as_posix()
        return cls(f"{folder}/", f"{folder}/scenarios/")


def gallery_row(cells: Iterable[str | Markup]) -> Markup:
    """A card's row of its gallery (card_gallery.md.j2's ``rows``), each cell inert text unless drawn."""
    return Markup("| ") + Markup(" | ").join(escape_text(cell) for cell in cells) + Markup(" |\n")


def environment(game: Game, sources: Sources | None = None) -> Environment:
    """The game's templates (its own, then the shared ones), with what the shared ones read: the galleries name
    the project's ``sources`` (by default this repository's card set)."""
    env = make_env(game.templates)
    env.filters["href"] = safe_href
    # The footers name the game's emitter and glossary file: the code's own names, printed as they are.
    env.globals.update(emitter=Markup(game.emitter), ruleset=Markup(game.notes.ruleset.name),
                       game=game_name(game.notes.ruleset), link=link, linked=linked, links=links,
                       sources=sources or Sources.shipped(game.notes.ruleset))
    return env


def emit(game: Game, sections: Sequence[Section], glossary: Glossary, registry: Registry, rows: Sequence[cov.Row],
         with_coverage: bool, sources: Sources | None, extra: Callable[[Environment], dict[str, str]] | None = None
         ) -> dict[str, str]:
    """{path under the game's section: page text} of its cards, its glossary and (``with_coverage``) its coverage
    page, and ``extra``, the pages of its own; deterministic for equal inputs. The galleries name the project's
    ``sources`` (by default this repository's card set)."""
    env = environment(game, sources)
    out = dict(extra(env) if extra else {})
    for section in sections:
        out[f"{section.folder}/index.md"] = env.get_template(section.index).render(
            title=section.noun, columns=section.columns, facets=section.facets, noun=section.folder,
            empty=section.empty, rows=Markup("").join(gallery_row(c.row) for c in section.cards), **section.values)
        page = env.get_template(section.page)
        for card in section.cards:
            out[f"{section.folder}/{card.page}"] = page.render(kind=section, c=card)

    def cards_of(term: Term) -> dict[str, Any]:
        return {"pages": tuple(game.pages_of(term)),
                "cards": tuple((s.noun, [Link(c.title, s.href(c)) for c in s.cards if c.shows(term)])
                               for s in sections)}

    out |= glossary_pages(env, glossary, registry, rows, cards_of, game.notes, with_coverage)
    return dict(sorted(out.items()))
