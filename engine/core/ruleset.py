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
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
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


# What a card field's line says, as a declaration's ``type`` names it: a number, a word of its vocabulary (``word``;
# several words written together are one, `college Hermetic Magic`), several such words (``words``), card titles
# (``titles``), a quoted text, steps of rules text, or nothing but the line word itself (``flag``: `persistent`).
FIELD_TYPES = ("number", "word", "words", "titles", "text", "steps", "flag")


@dataclass(frozen=True, slots=True, kw_only=True)
class FieldDeclaration:
    """A line word of its cards (a field: ``school``, ``gems``) or of its scenarios (``expect``), as a ruleset's
    ``[field.<word>]`` or ``[scenario.<word>]`` table declares it: ``help``, what the word means, for an editor's
    hover and the language reference; ``vocabulary``, the closed list of words it takes, as ``module:NAME`` of the
    ruleset's package (a StrEnum or a tuple of words), none when its words are free; ``term``, the glossary term
    that defines the field and its words, when they are not named as it is (``{word} Spell``: each word's own).

    A card field declares too what the generic checks of compiler.declared_fields read (none for a scenario's
    word): ``kinds``, the card kinds that take it (none: every kind); ``required``, the kinds whose every card
    gives it; ``repeat``, whether a card may give it more than once; ``type``, what its line says (FIELD_TYPES,
    one or several forms); ``range``, the numbers it takes, for every kind or by kind (``high`` None: at least
    ``low``); ``refers``, the card kind its titles name; ``noun``, what the rulebook calls what it says (a
    diagnostic's words: "no School is named ..."); ``also``, the words it takes beside its vocabulary's;
    ``example``, the line as a card writes it (`fluency 1`), which a card that needs it is told to add."""

    word: str
    help: str
    vocabulary: str | None = None
    term: str | None = None
    kinds: tuple[str, ...] = ()
    required: tuple[str, ...] = ()
    repeat: bool = False
    type: tuple[str, ...] = ()
    range: tuple[tuple[str, int, int | None], ...] = ()  # (kind, low, high) each; kind "": every kind
    refers: str | None = None
    noun: str | None = None
    also: tuple[str, ...] = ()
    example: str | None = None

    def takes(self, kind: str) -> bool:
        """Whether a card of ``kind`` may give this field."""
        return not self.kinds or kind in self.kinds

    def bounds(self, kind: str) -> tuple[int, int | None] | None:
        """The lowest and highest number a card of ``kind`` may write here (highest None: no bound but the
        parser's); None when the field declares no range for it."""
        return next(((low, high) for which, low, high in self.range if which in ("", kind)), None)

    @property
    def named(self) -> str:
        """What the field's words are called in a diagnostic: its noun, else its line word."""
        return self.noun or self.word


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
    # The line words of its cards and of its scenarios, each declared once: what an editor completes and explains
    # (compiler.language_server), and what its TextMate grammar highlights (compiler.textmate).
    fields: tuple[FieldDeclaration, ...] = ()
    scenario_words: tuple[FieldDeclaration, ...] = ()

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

    def field(self, word: str, *, scenario: bool = False) -> FieldDeclaration | None:
        """The declaration of the card field (or scenario line word) ``word``; None when none is declared."""
        return next((f for f in (self.scenario_words if scenario else self.fields) if f.word == word), None)

    def words(self, declared: FieldDeclaration) -> tuple[str, ...]:
        """The words ``declared`` takes, in its list's order (none when it takes free words). Its list is loaded
        by name, as its entry points are: a list that is missing, or is not of words, is a DeclarationError."""
        if declared.vocabulary is None:
            return ()
        module, _, name = declared.vocabulary.partition(":")
        try:
            found = getattr(importlib.import_module(f"{self.package}.{module}"), name)
        except (ImportError, AttributeError) as err:
            raise DeclarationError(f"the ruleset {self.name}'s {declared.word} names the vocabulary "
                                   f"{declared.vocabulary}, which it does not have ({err})") from None
        words = tuple(_word(w) for w in found) if isinstance(found, Iterable) and not isinstance(found, str) else ()
        if not words or not all(words):
            raise DeclarationError(f"the ruleset {self.name}'s {declared.word} names the vocabulary "
                                   f"{declared.vocabulary}, which is no list of words")
        return words


def _word(item: object) -> str:
    """A word of a vocabulary: a text (a StrEnum's member is one), else an Enum member's printed ``title``
    (a level that carries its numbers as its value); '' for anything else."""
    if isinstance(item, str):
        return str(item)
    title = getattr(item, "title", None)
    return title if isinstance(item, Enum) and isinstance(title, str) else ""


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
                   entry_match=_optional(path, data, "entry_match"), entry_fields=_entry_fields(path, data),
                   fields=_declared_words(path, data, "field"), scenario_words=_declared_words(path, data, "scenario"))


_VOCABULARY = re.compile(r"[a-z_][a-z0-9_]*:[A-Za-z_][A-Za-z0-9_]*")
_WORD = re.compile(r"[a-z][a-z'-]*|[-!^]")  # a line word as a grammar writes it: `school`, `warrior-mage`, `-`


def _declared_words(path: Path, data: dict[str, object], table: str) -> tuple[FieldDeclaration, ...]:
    """The ``[field.<word>]`` (or ``[scenario.<word>]``) tables, in the order declared: each a help text, and at
    most a ``vocabulary`` (``module:NAME``) and a glossary ``term``; a card field, what compiler.declared_fields
    checks of it too (FieldDeclaration). A setting it does not know is refused, with those it knows."""
    tables = data.get(table, {})
    if not isinstance(tables, dict):
        raise DeclarationError(f"{path}: [{table}.<word>] are tables")
    known = _FIELD_SETTINGS if table == "field" else _WORD_SETTINGS
    found = []
    for word, settings in tables.items():
        where = f"{path}: [{table}.{word}]"
        if not (_WORD.fullmatch(word) and isinstance(settings, dict) and isinstance(settings.get("help"), str)):
            raise DeclarationError(f"{where} needs a help text, under a line word as the grammar writes it")
        unknown = set(settings) - set(known)
        if unknown:
            raise DeclarationError(f"{where} has no setting {', '.join(sorted(unknown))} (it takes "
                                   f"{', '.join(known)})")
        vocabulary, term = settings.get("vocabulary"), settings.get("term")
        if vocabulary is not None and not (isinstance(vocabulary, str) and _VOCABULARY.fullmatch(vocabulary)):
            raise DeclarationError(f"{where}'s vocabulary is module:NAME, not {vocabulary!r}")
        if term is not None and not isinstance(term, str):
            raise DeclarationError(f"{where}'s term is a glossary term's name, not {term!r}")
        found.append(FieldDeclaration(word=word, help=" ".join(settings["help"].split()), vocabulary=vocabulary,
                                      term=term, **_checked_settings(where, settings)))
    return tuple(found)


_WORD_SETTINGS = ("help", "vocabulary", "term")
_FIELD_SETTINGS = (*_WORD_SETTINGS, "kinds", "required", "repeat", "type", "range", "refers", "noun", "also",
                   "example")


def _checked_settings(where: str, settings: dict[str, Any]) -> dict[str, Any]:
    """What a card field declares for the generic checks (FieldDeclaration), each setting of its own type."""
    kinds, required = _names(where, settings, "kinds"), _names(where, settings, "required")
    types = _names(where, settings, "type")
    if kinds and not set(required) <= set(kinds):
        raise DeclarationError(f"{where} is required in {', '.join(required)}, not all of them kinds that take it")
    if set(types) - set(FIELD_TYPES):
        raise DeclarationError(f"{where}'s type is one or several of {', '.join(FIELD_TYPES)}, not {types}")
    if not isinstance(settings.get("repeat", False), bool):
        raise DeclarationError(f"{where}'s repeat is true or false")
    for key in ("refers", "noun", "example"):
        if not isinstance(settings.get(key, ""), str):
            raise DeclarationError(f"{where}'s {key} is a text, not {settings[key]!r}")
    ranges = _ranges(where, settings.get("range"))
    if ranges and "number" not in types:
        raise DeclarationError(f"{where} has a range: its type is a number")
    if "refers" in settings and "titles" not in types:
        raise DeclarationError(f"{where} refers to a card kind: its type is titles")
    return {"kinds": kinds, "required": required, "repeat": settings.get("repeat", False), "type": types,
            "range": ranges, "refers": settings.get("refers"), "noun": settings.get("noun"),
            "also": _names(where, settings, "also"), "example": settings.get("example")}


def _names(where: str, settings: dict[str, Any], key: str) -> tuple[str, ...]:
    """A setting that is a word or a list of words (``kinds = ["spell", "magician"]``), as a tuple."""
    value = settings.get(key, [])
    value = [value] if isinstance(value, str) else value
    if not (isinstance(value, list) and all(isinstance(v, str) and v for v in value)):
        raise DeclarationError(f"{where}'s {key} is a word or a list of words, not {value!r}")
    return tuple(value)


def _ranges(where: str, value: object) -> tuple[tuple[str, int, int | None], ...]:
    """``range = [low, high]`` (or ``[low]``: at least low) for every kind, or a table of them by kind
    (``range = {spell = [0, 20], magician = [1, 20]}``)."""
    if value is None:
        return ()
    by_kind = value.items() if isinstance(value, dict) else [("", value)]
    found = []
    for kind, bounds in by_kind:
        if not (isinstance(bounds, list) and 1 <= len(bounds) <= 2 and all(type(b) is int for b in bounds)
                and bounds == sorted(bounds)):
            raise DeclarationError(f"{where}'s range is [low, high] or [low] (at least low), or a table of them by "
                                   f"card kind, not {value!r}")
        found.append((kind, bounds[0], bounds[1] if len(bounds) == 2 else None))
    return tuple(found)


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
