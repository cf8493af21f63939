"""A ruleset's declaration: the game's name and where its pieces live, read from its ``ruleset.toml``.

Every game is a package ``engine/rulesets/<name>/`` holding a ``ruleset.toml``. The folders of its cards,
compiled cards and site pages follow from its name (``cards_src/<name>/``, ``generated/<name>/``,
``site/docs/<name>/``), so the compiler, the site and the tests find a game without a list to keep.
Reading the declarations imports no game: a ruleset's code is loaded only by whoever plays it.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path, PurePath
from typing import Any

from spellc.engine.core.errors import DeclarationError

_NAME = re.compile(r"[a-z][a-z0-9_]*")
DECLARATION = "ruleset.toml"


ENTRY_KINDS = ("titles", "title", "whole")


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryField:
    """A field of a study's entry (what a seat plays with), as a ruleset's ``[entry.<name>]`` table declares it:
    ``titles`` (a list of the project's card titles, in order), ``title`` (one), or ``whole`` (a whole number from
    ``low`` to ``high``); ``default``: its value when an entry leaves it out (none: the entry must give it). Which
    cards a title may name, and what else the rules ask of an entry, its ruleset's setup says (EntryError)."""

    name: str
    kind: str
    help: str
    low: int | None = None
    high: int | None = None
    default: object = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Ruleset:
    name: str  # the package's name, and its folders' under cards_src/, generated/ and site/docs/
    title: str  # as the rulebook names the game
    seed: str  # the seed document it is written from (../shared/seeds/)
    summary: str  # one sentence for the site's home page
    rulebook: str  # whose text its glossary and pages quote: the site's home page credits it to its owners
    grammar: str  # its card grammar fragment under grammar/, read after grammar/common.lark
    scenario_grammar: str  # its scenario grammar under grammar/
    glossary: Path  # its glossary table
    random_match: str  # "module:function" of its package: (compiled cards, seed) → a Match
    invariants: str  # "module:function" of its package: a Match → what its state breaks (nothing: [])
    # "module:attribute" of its package: what its players know beyond the rules, an engine.core.players.Knowledge
    # (its evaluation of a state, and how to deal again what a being cannot see); none: only random players
    knowledge: str | None = None
    # Why a ruleset that declares no knowledge has no outcome a study could measure, in its seed's words
    no_outcome: str | None = None
    # "module:function" of its package: (compiled cards, seed, the two seats' entries in seat order) → a Match, where
    # each entry maps each of ``entry_fields`` to its value; an entry the rules do not allow raises EntryError.
    # None: a study's seats are dealt as its random matches are.
    entry_match: str | None = None
    entry_fields: tuple[EntryField, ...] = ()

    @property
    def cards(self) -> PurePath:
        return PurePath("cards_src", self.name)

    @property
    def generated(self) -> PurePath:
        return PurePath("generated", self.name)

    @property
    def site(self) -> PurePath:
        return PurePath("site", "docs", self.name)

    @property
    def package(self) -> str:
        return f"spellc.engine.rulesets.{self.name}"

    def entry(self, which: str) -> Any:
        """One of its declared entry points (``random_match``, ``invariants``, ``knowledge``, ``entry_match``),
        loaded by name: the core imports no game, a tool that plays one loads it."""
        declared = getattr(self, which)
        if declared is None:
            raise DeclarationError(f"the ruleset {self.name} declares no {which}")
        module, _, function = declared.partition(":")
        return getattr(importlib.import_module(f"{self.package}.{module}"), function)


def declare(folder: Path) -> Ruleset:
    """The ruleset of ``folder``, from its ``ruleset.toml``; a malformed one is a :class:`DeclarationError`."""
    path = folder / DECLARATION
    with path.open("rb") as f:
        data = tomllib.load(f)
    fields = ("title", "seed", "summary", "rulebook", "grammar", "scenario_grammar", "glossary", "random_match",
              "invariants")
    missing = [key for key in fields if not isinstance(data.get(key), str)]
    if missing:
        raise DeclarationError(f"{path}: needs {', '.join(missing)} (text)")
    if not _NAME.fullmatch(folder.name):
        raise DeclarationError(f"{path}: a ruleset's folder is a lower-case Python name, not {folder.name!r}")
    return Ruleset(name=folder.name, title=data["title"], seed=data["seed"], summary=data["summary"],
                   rulebook=data["rulebook"], grammar=data["grammar"], scenario_grammar=data["scenario_grammar"],
                   glossary=folder / data["glossary"], random_match=data["random_match"],
                   invariants=data["invariants"], knowledge=_optional(path, data, "knowledge"),
                   no_outcome=_optional(path, data, "no_outcome"),
                   entry_match=_optional(path, data, "entry_match"), entry_fields=_entry_fields(path, data))


def _entry_fields(path: Path, data: dict[str, object]) -> tuple[EntryField, ...]:
    """The ``[entry.<field>]`` tables, in the order declared; an ``entry_match`` needs them, and they it."""
    tables = data.get("entry", {})
    if not isinstance(tables, dict) or (bool(tables) != ("entry_match" in data)):
        raise DeclarationError(f"{path}: entry_match and the [entry.<field>] tables go together")
    fields = []
    for name, table in tables.items():
        if not (isinstance(table, dict) and table.get("kind") in ENTRY_KINDS and isinstance(table.get("help"), str)):
            raise DeclarationError(f"{path}: [entry.{name}] needs a kind ({', '.join(ENTRY_KINDS)}) and a help text")
        unknown = set(table) - {"kind", "help", "low", "high", "default"}
        if unknown:
            raise DeclarationError(f"{path}: [entry.{name}] has no setting {', '.join(sorted(unknown))}")
        if table["kind"] == "whole" and not all(isinstance(table.get(k), int) for k in ("low", "high")):
            raise DeclarationError(f"{path}: [entry.{name}] is a whole number: it needs its low and high")
        default = table.get("default")  # a declaration is hashed: a list of titles is kept as a tuple
        fields.append(EntryField(name=name, **{**table, "default": tuple(default) if isinstance(default, list)
                                               else default}))
    return tuple(fields)


def _optional(path: Path, data: dict[str, object], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise DeclarationError(f"{path}: {key} is text (module:attribute), not {value!r}")
    return value


def catalogue(folder: Path) -> dict[str, Ruleset]:
    """Every ruleset declared under ``folder``, by name, in name order."""
    return {sub.name: declare(sub) for sub in sorted(folder.iterdir()) if (sub / DECLARATION).is_file()}


def ruleset_of(path: PurePath, rulesets: dict[str, Ruleset], default: str) -> Ruleset:
    """The ruleset a card or scenario file belongs to: its nearest folder named after one, else ``default``."""
    for part in reversed(path.parts[:-1]):
        if part in rulesets:
            return rulesets[part]
    return rulesets[default]
