"""The keyword registry: ``glossary.toml`` loaded once, the single source of truth for keywords and
for the Glossary of the Magi's Handbook.

Two lists make it up. ``[[term]]`` is the Glossary as printed: one row per heading, in the book's order,
with the entry's own text. ``[[keyword]]`` is the card language: the directives, empowerments and
requirement forms a designer writes, with their parameters and roles; a row says which keyword it
defines (``keyword = "Dmg"``), and a keyword takes its glossary text from that row.

The checker resolves aspect words against the keywords, the site emitter writes a glossary page per
row, the coverage report (``compiler/coverage.py``) gives each row a status, and the engine dispatches
keyword behaviour through the ``behaviour`` names the registry binds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from spellc.engine.core.kept import toml_table
from spellc.engine.core.registry import slugify

GLOSSARY_PATH = Path(__file__).with_name("glossary.toml")

KINDS = ("directive", "empowerment", "requirement")
# A glossary row is a keyword (one of KINDS), a rule the engine must play, a concept the engine embodies,
# or lore: fiction with no game rule.
TERM_KINDS = (*KINDS, "rule", "concept", "lore")
PARAM_TYPES = ("amount", "count", "duration", "bonus", "selector", "energy", "sphere", "word", "ban")
# Whose event a trigger is: the card's own, or one of the beings it concerns.
EVENT_SUBJECTS = ("this", "bearer", "caster", "controller")
_BEHAVIOUR = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True, slots=True, kw_only=True)
class Keyword:
    name: str
    kind: str
    params: tuple[str, ...] = ()
    optional: int = 0
    leading_count: bool = False  # the count is printed before the name: `! 2 Actions`
    reads_broadcast: bool = False  # a Defense that keeps to the Spheres of its broadcast bar
    choices: tuple[str, ...] = ()  # the words a "word" param may be, when the rules name them
    qualifiers: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    meaningless_on: tuple[str, ...] = ()
    behaviour: str | None = None
    glossary: str = ""
    see: tuple[str, ...] = ()
    entry: str | None = None  # the glossary row that defines it (None: not a Glossary heading)
    note: str | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.name.split())

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """A trigger event: ``name`` is the phrase written after ``when``. A row whose name holds ``WHO``
    (``WHO is Disrupted``) is one event for each being it may name: ``base`` keeps the row's name, which
    the engine emits, and ``who`` the being (``bearer``, ``caster``, ``controller``) whose event it is;
    ``this``: the card's own event; None: an event of the whole table (``round begins``)."""

    name: str
    behaviour: str | None = None
    glossary: str = ""
    base: str = ""
    who: str | None = None

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.name.split())


@dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    """One Glossary heading. ``glossary`` keeps its paragraphs (blank-line separated) and list lines."""

    name: str
    kind: str
    glossary: str
    heading: str  # as printed; ``name`` tells apart the two "Duration" headings
    behaviour: str | None = None
    see: tuple[str, ...] = ()
    keyword: str | None = None
    alias_of: str | None = None
    not_a_rule: str | None = None
    note: str | None = None
    unsupported: str | None = None  # every unbound rule here says why through its keyword (coverage.py)

    @property
    def slug(self) -> str:
        return slugify(self.name)

    @property
    def paragraphs(self) -> tuple[tuple[str, ...], ...]:
        """The text as paragraphs of lines (list items keep a line each)."""
        return tuple(tuple(p.split("\n")) for p in self.glossary.split("\n\n"))


def normalise(text: str) -> str:
    """Blank lines separate paragraphs and single newlines separate list lines; other whitespace is one space."""
    paragraphs = re.split(r"\n[ \t]*\n", text.strip())
    return "\n\n".join("\n".join(" ".join(line.split()) for line in p.strip().split("\n")) for p in paragraphs)


class Registry:
    def __init__(self, keywords: list[Keyword], events: list[Event], terms: list[Term] | None = None) -> None:
        self.keywords: dict[str, Keyword] = {k.name: k for k in keywords}
        self.events: dict[str, Event] = {e.name: e for e in events}
        self.terms: tuple[Term, ...] = tuple(terms or ())
        self._terms = {t.name: t for t in self.terms}
        # Longest names first, so "Curse Duration" wins over "Duration" when matching words; each with its words
        # in lower case, once (a build matches every aspect of every card).
        longest = sorted(keywords, key=lambda k: -len(k.words))
        self._by_first: dict[str, list[tuple[Keyword, tuple[str, ...]]]] = {}  # by its first word
        for k in longest:
            said = tuple(w.lower() for w in k.words)
            self._by_first.setdefault(said[0] if said else "", []).append((k, said))

    def of_kind(self, kind: str) -> list[Keyword]:
        return [k for k in self.keywords.values() if k.kind == kind]

    def get(self, name: str) -> Keyword | None:
        return self.keywords.get(name)

    def term(self, name: str) -> Term | None:
        """The glossary row named ``name``, or the row that defines the keyword ``name``."""
        row = self._terms.get(name)
        if row is None and (kw := self.keywords.get(name)) is not None and kw.entry is not None:
            row = self._terms[kw.entry]
        return row

    def target(self, term: Term) -> Term:
        """The row a redirect ("Voluntary Discard: See Dismiss") stands for; any other row itself."""
        return self._terms[term.alias_of] if term.alias_of else term

    def citable(self) -> list[str]:
        """What a test's rule marker may name: a row, or a keyword that stands for the row defining it."""
        return [t.name for t in self.terms] + [k.name for k in self.keywords.values() if k.entry]

    def match(self, words: list[str], kinds: tuple[str, ...]) -> tuple[Keyword, int] | None:
        """The keyword whose name starts ``words`` (longest first) and how many words it took.

        Matching ignores case so ``Once per Round`` and ``once per round`` are the same keyword.
        """
        lowered = tuple(w.lower() for w in words)
        for kw, said in self._by_first.get(lowered[0] if lowered else "", ()):
            if kw.kind in kinds and said == lowered[:len(said)]:
                return kw, len(said)
        return None

    def names(self, kinds: tuple[str, ...]) -> list[str]:
        return [k.name for k in self.keywords.values() if k.kind in kinds]


def _tuple(entry: dict[str, object], key: str) -> tuple[str, ...]:
    value = entry.get(key, ())
    assert isinstance(value, list | tuple)
    return tuple(str(v) for v in value)


def _text(entry: dict[str, object], key: str) -> str | None:
    value = entry.get(key)
    return None if value is None else normalise(str(value))


class _Loader:
    """Reads the two lists and checks every reference between them; errors name the file and the entry."""

    def events(self, e: dict[str, Any]) -> list[Event]:
        """One row, one event; a ``WHO`` row, one event for each word of its ``who`` list."""
        name, who = e["name"], e.get("who")
        behaviour, glossary = e.get("behaviour"), normalise(e.get("glossary", ""))
        if "WHO" not in name:
            if who not in (None, *EVENT_SUBJECTS):
                raise self.fail("event", name, f"has who = {who!r}: one of {', '.join(EVENT_SUBJECTS)}, or none")
            return [Event(name=name, behaviour=behaviour, glossary=glossary, base=name, who=who)]
        if not isinstance(who, list) or not who or any(w not in EVENT_SUBJECTS[1:] for w in who):
            raise self.fail("event", name, f"says WHO: its who must list some of {', '.join(EVENT_SUBJECTS[1:])}")
        return [Event(name=name.replace("WHO", w), behaviour=behaviour, glossary=glossary, base=name, who=w)
                for w in who]

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, what: str, name: object, problem: str) -> ValueError:
        return ValueError(f"{self.path}: {what} {name!r} {problem}")

    def keyword(self, entry: dict[str, object]) -> Keyword:
        name = str(entry["name"])
        kind = entry["kind"]
        if kind not in KINDS:
            raise self.fail("keyword", name, f"has unknown kind {kind!r}")
        for p in _tuple(entry, "params"):
            if p not in PARAM_TYPES:
                raise self.fail("keyword", name, f"has unknown parameter type {p!r}")
        behaviour = entry.get("behaviour")
        if behaviour is not None and not _BEHAVIOUR.fullmatch(str(behaviour)):
            raise self.fail("keyword", name, f"has a behaviour name that is not snake_case: {behaviour!r}")
        return Keyword(
            name=name,
            kind=str(kind),
            params=_tuple(entry, "params"),
            optional=int(str(entry.get("optional", 0))),
            leading_count=bool(entry.get("leading_count", False)),
            reads_broadcast=bool(entry.get("reads_broadcast", False)),
            choices=_tuple(entry, "choices"),
            qualifiers=_tuple(entry, "qualifiers"),
            roles=_tuple(entry, "roles"),
            meaningless_on=_tuple(entry, "meaningless_on"),
            behaviour=None if behaviour is None else str(behaviour),
            glossary=_text(entry, "glossary") or "",
            see=_tuple(entry, "see"),
            entry=None if entry.get("entry") is None else str(entry["entry"]),
            note=_text(entry, "note"),
        )

    def term(self, entry: dict[str, object], keywords: dict[str, Keyword]) -> Term:
        name = str(entry["name"])
        keyword = entry.get("keyword")
        kw = None
        if keyword is not None:
            kw = keywords.get(str(keyword))
            if kw is None:
                raise self.fail("term", name, f"names the keyword {keyword!r}, which is not declared")
        kind = entry.get("kind", kw.kind if kw else None)
        if kind not in TERM_KINDS:
            raise self.fail("term", name, f"has unknown kind {kind!r} (expected one of {', '.join(TERM_KINDS)})")
        if kw is not None and kind != kw.kind:
            raise self.fail("term", name, f"is a {kind} but its keyword {kw.name!r} is a {kw.kind}")
        behaviour = entry.get("behaviour", kw.behaviour if kw else None)
        if behaviour is not None and not _BEHAVIOUR.fullmatch(str(behaviour)):
            raise self.fail("term", name, f"has a behaviour name that is not snake_case: {behaviour!r}")
        text = _text(entry, "glossary")
        if not text:
            raise self.fail("term", name, "has no glossary text")
        not_a_rule = _text(entry, "not_a_rule")
        alias_of = entry.get("alias_of")
        if (kind == "lore") != (not_a_rule is not None):
            raise self.fail("term", name, "must give `not_a_rule` if and only if its kind is lore")
        if kind in ("rule", "concept") and behaviour is None and alias_of is None:
            raise self.fail("term", name, f"is a {kind} without the `behaviour` that plays it")
        return Term(
            name=name,
            kind=str(kind),
            glossary=text,
            heading=str(entry.get("heading", name)),
            behaviour=None if behaviour is None else str(behaviour),
            see=_tuple(entry, "see"),
            keyword=None if kw is None else kw.name,
            alias_of=None if alias_of is None else str(alias_of),
            not_a_rule=not_a_rule,
            note=_text(entry, "note"),
        )

    def link(self, keywords: list[Keyword], terms: list[Term]) -> list[Keyword]:
        """Check the references between rows and keywords; give each keyword the text of its row."""
        names: dict[str, Term] = {}
        for t in terms:
            if t.name in names:
                raise self.fail("term", t.name, "is declared twice")
            names[t.name] = t
        for t in terms:
            for other in t.see:
                if other not in names:
                    raise self.fail("term", t.name, f"says `see` {other!r}, which is not a glossary term")
            if t.alias_of is not None:
                target = names.get(t.alias_of)
                if target is None:
                    raise self.fail("term", t.name, f"is an alias of {t.alias_of!r}, which is not a glossary term")
                if target.alias_of is not None:
                    raise self.fail("term", t.name, f"is an alias of {t.alias_of!r}, itself an alias")
        out = []
        for kw in keywords:
            rows = [t for t in terms if t.keyword == kw.name]
            if kw.entry is not None and kw.entry not in {t.name for t in rows}:
                raise self.fail("keyword", kw.name, f"names the entry {kw.entry!r}, which is not one of its rows")
            if rows and kw.glossary:
                raise self.fail("keyword", kw.name, f"has its own glossary text and the row {rows[0].name!r}: "
                                "give the text once, in the row")
            if not rows and not kw.glossary:
                raise self.fail("keyword", kw.name, "has no glossary text: give it a row or a `glossary`")
            if rows:
                row = names[kw.entry] if kw.entry else rows[0]
                shown = names[row.alias_of] if row.alias_of else row
                kw = replace(kw, entry=row.name, glossary=shown.glossary, see=kw.see or row.see,
                             note=kw.note or row.note)
            for other in kw.see:
                if other not in names and other not in {k.name for k in keywords}:
                    raise self.fail("keyword", kw.name, f"says `see` {other!r}, which is neither a term nor a "
                                    "keyword")
            out.append(kw)
        return out


@cache
def load(path: Path = GLOSSARY_PATH) -> Registry:
    data = toml_table(path)
    loader = _Loader(path)
    keywords = [loader.keyword(entry) for entry in data.get("keyword", [])]
    seen: set[str] = set()
    for kw in keywords:
        if kw.name in seen:
            raise loader.fail("keyword", kw.name, "is declared twice")
        seen.add(kw.name)
    by_name = {k.name: k for k in keywords}
    terms = [loader.term(entry, by_name) for entry in data.get("term", [])]
    keywords = loader.link(keywords, terms)
    events = [event for e in data.get("event", []) for event in loader.events(e)]
    return Registry(keywords, events, terms)
