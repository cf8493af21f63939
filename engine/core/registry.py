"""A ruleset's registry: every behaviour the engine plays for it, bound by name, and its glossary bound to them.

Forge finds each card API by name; OpenSpiel registers each game. Here a ruleset registers what it plays (a
rule's function, a phase of its round, a declared resource, a step kind of its cards) in a
:class:`Registry` of its own (never one per process, so two rulesets load side by side), and its glossary
(:class:`Glossary`, a TOML table of terms) names, for each term that is a rule, the binding that plays it.
A term bound to nothing the registry holds is an error when the glossary loads; the coverage report counts
a term as supported only through such a binding and a test that cites the term.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any

from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.flow import Phase
from spellc.engine.core.kept import toml_table
from spellc.engine.core.resources import Resource

# Names Windows keeps for devices whatever the extension ("con.md" cannot be made there), and the
# folders' own index pages.
RESERVED_SLUGS = frozenset({"con", "prn", "aux", "nul", "index", *(f"com{i}" for i in range(10)),
                            *(f"lpt{i}" for i in range(10))})


# A run of characters that are not letters or digits (str.isalnum): \w is those and the underscore.
_NOT_ALNUM = re.compile(r"(?:\W|_)+")


@lru_cache(maxsize=8192)  # a site names the same cards and terms in thousands of links
def slugify(name: str) -> str:
    """A page name: letters and digits, runs of anything else as one '-'; a reserved name gets '-page'."""
    slug = _NOT_ALNUM.sub("-", name.lower()).strip("-")
    return f"{slug}-page" if slug in RESERVED_SLUGS else slug


KINDS = ("rule", "phase", "resource", "step", "stacking")  # what a binding is
TERM_KINDS = ("rule", "concept", "lore")


@dataclass(frozen=True, slots=True)
class Binding:
    name: str
    kind: str  # one of KINDS
    target: Any  # the function, Phase, Resource or step kind it plays


@dataclass
class Registry:
    ruleset: str
    bindings: dict[str, Binding] = field(default_factory=dict)
    # The names bound so far, as one set every match of the ruleset is given: the same object each time, so
    # that what a match caches by it (a card's unsupported aspects) is found by identity, not compared
    # name by name. A new binding makes a new set.
    _implemented: frozenset[str] | None = field(default=None, repr=False, compare=False)

    def bind(self, name: str, kind: str, target: Any) -> None:
        if kind not in KINDS:
            raise DeclarationError(f"{self.ruleset}: {name!r} binds a {kind!r}, not one of {KINDS}")
        if name in self.bindings:
            raise DeclarationError(f"{self.ruleset}: {name!r} is bound twice")
        self.bindings[name] = Binding(name, kind, target)
        self._implemented = None

    def rules_of(self, module: ModuleType) -> None:
        """Every public function a rules module defines, by its name: the rule it is named after."""
        for name, fn in inspect.getmembers(module, inspect.isfunction):
            if fn.__module__ == module.__name__ and not name.startswith("_"):
                self.bind(name, "rule", fn)

    def phases(self, phases: Iterable[Phase]) -> None:
        for phase in phases:
            self.bind(phase.name, "phase", phase)

    def resources(self, declared: Iterable[Resource]) -> None:
        for res in declared:
            self.bind(res.name, "resource", res)

    def steps(self, kinds: Mapping[str, Callable[..., Any]]) -> None:
        for name, fn in kinds.items():
            self.bind(name, "step", fn)

    def implemented(self) -> frozenset[str]:
        if self._implemented is None:
            self._implemented = frozenset(self.bindings)
        return self._implemented

    def played_by(self, name: str | None) -> tuple[str, str] | None:
        """What plays ``name``, for a reader: its kind and where it is ("rule",
        "engine.rulesets.x.incantation.spend_incantation_charges"), or None when nothing is bound to it."""
        bound = self.bindings.get(name or "")
        if bound is None:
            return None
        target = bound.target
        if callable(target) and hasattr(target, "__qualname__"):
            return bound.kind, f"{target.__module__}.{target.__qualname__}"
        return bound.kind, str(getattr(target, "name", bound.name))


@dataclass(frozen=True, slots=True, kw_only=True)
class Term:
    """A glossary row: its name, what kind of thing it is, its text, and the binding that plays it."""

    name: str
    kind: str  # one of TERM_KINDS
    glossary: str
    behaviour: str | None = None  # the binding's name
    see: tuple[str, ...] = ()
    not_a_rule: str | None = None  # for lore: why nothing is played
    unsupported: str | None = None  # for a rule the engine does not play: why (a board-only rule)
    keyword: str | None = None  # the card word it defines, when it is one
    note: str | None = None
    alias_of: str | None = None

    @property
    def paragraphs(self) -> list[list[str]]:
        return [p.split("\n") for p in self.glossary.split("\n\n")]


@dataclass(frozen=True)
class Glossary:
    terms: tuple[Term, ...]

    def term(self, name: str) -> Term | None:
        return next((t for t in self.terms if t.name == name), None)

    def target(self, term: Term) -> Term:
        return (self.term(term.alias_of) or term) if term.alias_of else term

    def citable(self) -> list[str]:
        return [t.name for t in self.terms]


def load_glossary(path: Path, registry: Registry) -> Glossary:
    """The ``[[term]]`` rows of ``path``, each rule bound to a binding of ``registry``."""
    rows = toml_table(path).get("term", [])
    terms = []
    for row in rows:
        name = row.get("name")
        where = f"{path.name}: term {name!r}"
        if not isinstance(name, str) or not isinstance(row.get("glossary"), str):
            raise DeclarationError(f"{where}: needs a name and its glossary text")
        kind = row.get("kind", "rule")
        if kind not in TERM_KINDS:
            raise DeclarationError(f"{where}: kind {kind!r} is not one of {TERM_KINDS}")
        behaviour = row.get("behaviour")
        if behaviour is not None and behaviour not in registry.bindings:
            raise DeclarationError(f"{where}: binds {behaviour!r}, which the registry of {registry.ruleset} "
                                   "does not hold")
        if kind == "lore" and not row.get("not_a_rule"):
            raise DeclarationError(f"{where}: lore says why it is not a rule (not_a_rule)")
        if row.get("unsupported") and behaviour is not None:
            raise DeclarationError(f"{where}: a rule is either bound (behaviour) or unsupported, not both")
        terms.append(Term(name=name, kind=kind, glossary=row["glossary"].strip(), behaviour=behaviour,
                          see=tuple(row.get("see", ())), not_a_rule=row.get("not_a_rule"),
                          unsupported=row.get("unsupported"),
                          keyword=row.get("keyword"), note=row.get("note")))
    names = [t.name for t in terms]
    if len(set(names)) != len(names):
        raise DeclarationError(f"{path.name}: a term is declared twice")
    return Glossary(tuple(terms))
