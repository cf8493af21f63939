"""Markdown pages for mkdocs: every value written into a page is inert text unless a filter here says
otherwise, so a card's title or text can never become markup, a link or a script."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from spellc.compiler.rendered import BYTECODE

# Characters that mean something to Markdown or HTML (and the md_in_html / attr_list extensions).
_SPECIALS = frozenset("\\`*_{}[]()#+-.!|<>&\"'~^=")
# What may reach a page unescaped: relative links between generated pages, and CSS class names.
_SAFE_HREF = re.compile(r"(?:\.\./)*[\w-]+(?:/[\w-]+)*\.md")
_SAFE_CSS = re.compile(r"[a-z][a-z0-9-]*")
COMMON_TEMPLATES = Path(__file__).with_name("templates")


# ---------------------------------------------------------------------- escaping
def escape_text(value: object) -> Markup:
    """Any value as inert text: HTML-escaped and with every Markdown special character neutralised."""
    if isinstance(value, Markup):
        return value
    return _inert_text(value if type(value) is str else str(value))


@lru_cache(maxsize=50_000)  # every {{ }} of every page: a set's Spheres, roles, pips and files recur on most cards
def _inert_text(text: str) -> Markup:
    return _inert(" ".join(text.split()))  # a newline would end a table row or a Markdown block


# Each special character → its numeric character reference, for str.translate (every value of every page).
_REFERENCES = {ord(c): f"&#{ord(c)};" for c in _SPECIALS}


def _inert(text: str) -> Markup:
    return Markup(text.translate(_REFERENCES))


_EMPHASIS = re.compile(r"\*\*([^*\s](?:[^*]*[^*\s])?)\*\*|\*([^*\s](?:[^*]*[^*\s])?)\*")


@lru_cache(maxsize=4096)  # the glossary's texts, the same at every build
def rich_text(value: str) -> Markup:
    """Glossary text as inert text, except the book's ``**bold**`` and ``*italic*``, which become tags."""
    text = " ".join(value.split())
    out = Markup("")
    last = 0
    for hit in _EMPHASIS.finditer(text):
        tag = "strong" if hit.group(1) is not None else "em"
        out += _inert(text[last:hit.start()]) + Markup(f"<{tag}>") + _inert(hit.group(1) or hit.group(2))
        out += Markup(f"</{tag}>")
        last = hit.end()
    return out + _inert(text[last:])


def quote(paragraphs: Iterable[Iterable[str]]) -> Markup:
    """A Markdown block quote of paragraphs of lines (list lines kept apart with ``<br>``)."""
    blocks = [Markup("<br>\n> ").join(rich_text(line) for line in lines) for lines in paragraphs]
    return Markup("> ") + Markup("\n>\n> ").join(blocks)


def heading_text(value: str) -> str:
    """Text for a page's first heading, which mkdocs makes the page title.

    Material prints the title as ``{{ page.title | striptags }}`` inside ``<title>``, and striptags
    turns our character references back into ``<`` and ``>``; a title holding ``</title><script>`` would
    then be markup. Angle brackets are swapped for look-alike quotation marks in headings only: the
    card itself shows the title exactly as written.
    """
    return value.replace("<", "\u2039").replace(">", "\u203a")


# The characters a theme must escape to print a text in HTML, each swapped for its look-alike.
_LOOK_ALIKES = str.maketrans({"<": "\u2039", ">": "\u203a", '"': "\u201d", "'": "\u2019", "&": "\uff06"})


def plain_name(value: str) -> str:
    """A name a user typed (a project's folder), for settings a theme prints as it pleases: mkdocs-material
    prints ``site_name`` unescaped inside an attribute (``aria-label="..."``), so a quote in it would end the
    attribute and start another. Every character HTML gives a meaning to is swapped for its look-alike, and
    control characters dropped."""
    return "".join(c for c in value if c.isprintable()).translate(_LOOK_ALIKES)


def safe_href(path: str) -> Markup:
    if not _SAFE_HREF.fullmatch(path):
        raise ValueError(f"refusing to emit the link target {path!r}")
    return Markup(path)


@lru_cache(maxsize=1024)  # a few classes (Spheres, energies, kinds of aspect), on every card
def css_class(name: str) -> Markup:
    if not _SAFE_CSS.fullmatch(name):
        raise ValueError(f"refusing to emit the CSS class {name!r}")
    return Markup(name)


@cache  # one per folder: its templates are compiled once per process, not at every build
def make_env(templates: Path) -> Environment:
    """Jinja for Markdown pages: every value inert unless a filter marks it, undefined names an error."""
    env = Environment(
        loader=FileSystemLoader([templates, COMMON_TEMPLATES]),  # a game's own, then the shared macros
        bytecode_cache=BYTECODE,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=True,
        finalize=escape_text,  # runs on every {{ }} before autoescape: Markdown specials too
    )
    env.filters["heading"] = heading_text
    return env

