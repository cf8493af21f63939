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
        """One of its declared entry points (``random_match``, ``invariants``, ``knowledge``), loaded by name: the
        core imports no game, a tool that plays one loads it."""
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
                   invariants=data["invariants"], knowledge=_optional(path, data, "knowledge"))


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
