"""The keyword registry: ``engine/glossary.toml`` loaded once, the single source of truth for keywords.

The checker resolves aspect words against it, the site emitter writes a glossary page per entry, and
the engine dispatches keyword behaviour through the ``behaviour`` names it binds.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

GLOSSARY_PATH = Path(__file__).with_name("glossary.toml")

KINDS = ("directive", "empowerment", "requirement")
PARAM_TYPES = ("amount", "count", "duration", "bonus", "selector", "energy")


@dataclass(frozen=True, slots=True, kw_only=True)
class Keyword:
    name: str
    kind: str
    params: tuple[str, ...] = ()
    optional: int = 0
    qualifiers: tuple[str, ...] = ()
    roles: tuple[str, ...] = ()
    meaningless_on: tuple[str, ...] = ()
    behaviour: str | None = None
    glossary: str = ""
    see: tuple[str, ...] = ()

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.name.split())

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    name: str
    behaviour: str | None = None
    glossary: str = ""

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(self.name.split())


def slugify(name: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-").replace("--", "-")


class Registry:
    def __init__(self, keywords: list[Keyword], events: list[Event]) -> None:
        self.keywords: dict[str, Keyword] = {k.name: k for k in keywords}
        self.events: dict[str, Event] = {e.name: e for e in events}
        # Longest names first, so "Curse Duration" wins over "Duration" when matching words.
        self._by_length = sorted(keywords, key=lambda k: -len(k.words))

    def of_kind(self, kind: str) -> list[Keyword]:
        return [k for k in self.keywords.values() if k.kind == kind]

    def get(self, name: str) -> Keyword | None:
        return self.keywords.get(name)

    def match(self, words: list[str], kinds: tuple[str, ...]) -> tuple[Keyword, int] | None:
        """The keyword whose name starts ``words`` (longest first) and how many words it took.

        Matching ignores case so ``Once per Round`` and ``once per round`` are the same keyword.
        """
        lowered = [w.lower() for w in words]
        for kw in self._by_length:
            if kw.kind not in kinds:
                continue
            n = len(kw.words)
            if [w.lower() for w in kw.words] == lowered[:n]:
                return kw, n
        return None

    def names(self, kinds: tuple[str, ...]) -> list[str]:
        return [k.name for k in self.keywords.values() if k.kind in kinds]


def _tuple(entry: dict[str, object], key: str) -> tuple[str, ...]:
    value = entry.get(key, ())
    assert isinstance(value, list | tuple)
    return tuple(str(v) for v in value)


@cache
def load(path: Path = GLOSSARY_PATH) -> Registry:
    with path.open("rb") as f:
        data = tomllib.load(f)
    keywords = []
    for entry in data.get("keyword", []):
        kind = entry["kind"]
        if kind not in KINDS:
            raise ValueError(f"{path}: keyword {entry['name']!r} has unknown kind {kind!r}")
        for p in entry.get("params", []):
            if p not in PARAM_TYPES:
                raise ValueError(f"{path}: keyword {entry['name']!r} has unknown parameter type {p!r}")
        keywords.append(
            Keyword(
                name=entry["name"],
                kind=kind,
                params=_tuple(entry, "params"),
                optional=int(entry.get("optional", 0)),
                qualifiers=_tuple(entry, "qualifiers"),
                roles=_tuple(entry, "roles"),
                meaningless_on=_tuple(entry, "meaningless_on"),
                behaviour=entry.get("behaviour"),
                glossary=" ".join(entry.get("glossary", "").split()),
                see=_tuple(entry, "see"),
            )
        )
    events = [
        Event(name=e["name"], behaviour=e.get("behaviour"), glossary=" ".join(e.get("glossary", "").split()))
        for e in data.get("event", [])
    ]
    return Registry(keywords, events)
