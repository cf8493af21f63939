"""The registry of Serpent's Tongue binds each behaviour name of its glossary to the code that plays it, and
nothing else counts: a name bound to nothing is reported unsupported, however many tests cite its term, and a
card that prints its keyword cannot be cast (engine/rulesets/serpents_tongue/bindings.py)."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Callable
from typing import Any

import pytest

from spellc.compiler.serpents_tongue.emit_site import coverage_report
from spellc.engine.core.flow import Phase
from spellc.engine.core.registry import KINDS
from spellc.engine.core.resources import Resource
from spellc.engine.rulesets.serpents_tongue import behaviours, casting, registry
from spellc.engine.rulesets.serpents_tongue.bindings import REGISTRY, implemented
from spellc.engine.rulesets.serpents_tongue.rules import ROUND
from spellc.engine.rulesets.serpents_tongue.state import ENERGIES
from tests.conftest import Table

RULESET = "spellc.engine.rulesets.serpents_tongue"


def glossary_names() -> set[str]:
    """Every behaviour name the glossary gives: of its terms, its keywords and its trigger events."""
    reg = registry.load()
    rows: list[Any] = [*reg.terms, *reg.keywords.values(), *reg.events.values()]
    return {row.behaviour for row in rows if row.behaviour is not None}


def code(fn: Callable[..., Any]) -> list[ast.AST]:
    """Every node of a function's code."""
    return list(ast.walk(ast.parse(textwrap.dedent(inspect.getsource(fn)))))


def strings(fn: Callable[..., Any]) -> set[str]:
    """The string constants a function's code holds (lower case): the aspects it reads, the events it emits."""
    return {node.value.lower() for node in code(fn) if isinstance(node, ast.Constant) and isinstance(node.value, str)}


# ---------------------------------------------------------------- what a binding is
@pytest.mark.parametrize("name", sorted(REGISTRY.bindings))
def test_every_binding_is_real_code_of_the_ruleset(name: str) -> None:
    """A function (or the Effect class, whose methods are an effect's steps) of Serpent's Tongue, a phase of its
    round or one of its declared energies: never a bare name."""
    binding = REGISTRY.bindings[name]
    target = binding.target
    assert binding.kind in KINDS
    if binding.kind == "phase":
        assert isinstance(target, Phase) and target in ROUND
    elif binding.kind == "resource":
        assert isinstance(target, Resource) and target in ENERGIES.values()
    else:
        assert callable(target) and not isinstance(target, Phase | Resource)
        assert target.__module__.startswith(RULESET) and target.__name__ != "<lambda>", target


@pytest.mark.parametrize("name", sorted(n for n, b in REGISTRY.bindings.items() if b.kind == "stacking"))
def test_a_stacking_rule_stacks_with_the_core_modifiers(name: str) -> None:
    calls = {node.attr for node in code(REGISTRY.bindings[name].target)
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "modifiers"}
    assert calls & {"apply", "allowed"}, name


def test_every_binding_is_a_name_the_glossary_gives() -> None:
    assert set(REGISTRY.bindings) <= glossary_names()


def test_every_name_the_glossary_gives_is_bound() -> None:
    assert glossary_names() - set(REGISTRY.bindings) == set()


def test_implemented_is_what_the_registry_binds() -> None:
    assert implemented() == frozenset(REGISTRY.bindings)


# ---------------------------------------------------------------- bound to the code that plays it
@pytest.mark.parametrize("keyword", [k for k in registry.load().keywords.values() if k.behaviour is not None],
                         ids=lambda k: k.name)
def test_a_keyword_is_bound_to_the_code_that_reads_it(keyword: registry.Keyword) -> None:
    """A directive to the function impact calls; an empowerment or a requirement to a function that reads the
    aspect by its name (or its glossary entry's)."""
    assert keyword.behaviour is not None
    target = REGISTRY.bindings[keyword.behaviour].target
    if keyword.kind == "directive":
        assert target is behaviours.DIRECTIVES[keyword.behaviour]
        return
    named = {keyword.name.lower(), (keyword.entry or keyword.name).lower()}
    assert named & strings(target), f"{target.__qualname__} does not read {keyword.name!r}"


@pytest.mark.parametrize("event", list(registry.load().events.values()), ids=lambda e: e.name)
def test_an_event_is_bound_to_the_code_that_emits_it(event: registry.Event) -> None:
    assert event.behaviour is not None
    target = REGISTRY.bindings[event.behaviour].target
    if isinstance(target, Phase):
        assert event.base in (target.begins, target.ends)
    else:
        assert event.base.lower() in strings(target), f"{target.__qualname__} does not emit {event.base!r}"


# ---------------------------------------------------------------- what the coverage report says of them
def test_every_behaviour_the_glossary_names_is_bound_or_reported_unsupported() -> None:
    reg = registry.load()
    rows = {r.term: r for r in coverage_report()}
    for term in reg.terms:
        played = reg.target(term) if term.keyword is None else term
        if played.kind == "lore":
            continue
        row = rows[term.name]
        if played.behaviour in REGISTRY.bindings:
            assert row.status == "supported" or row.reason and "no engine behaviour" not in row.reason, term.name
        else:
            assert row.status == "unsupported" and row.reason and "no engine behaviour" in row.reason, term.name


def test_a_name_bound_to_nothing_is_unsupported_however_many_tests_cite_it() -> None:
    rows = {r.term: r for r in coverage_report()}
    assert rows["Meditation"].status == "supported"
    stripped = {r.term: r for r in coverage_report(implemented=implemented() - {"meditation"})}
    assert stripped["Meditation"].status == "unsupported" and stripped["Meditation"].tests
    assert stripped["Meditation"].reason == "no engine behaviour 'meditation'"


# ---------------------------------------------------------------- what a match plays
def test_a_match_plays_the_keywords_the_registry_binds() -> None:
    plays = implemented()
    assert behaviours.for_keyword("Dmg", plays) is behaviours.dmg
    assert behaviours.for_keyword("Subtle", plays) is not None
    assert behaviours.for_keyword("Dmg", plays - {"dmg"}) is None
    assert behaviours.for_keyword("Subtle", plays - {"subtle"}) is None


@pytest.mark.parametrize(("title", "unbound", "keyword"), [
    ("Cellular Degeneration", "subtle", "Subtle"),  # an empowerment
    ("Fireball", "dmg", "Dmg"),  # a directive
])
def test_a_card_whose_keyword_is_bound_to_nothing_cannot_be_cast(title: str, unbound: str, keyword: str) -> None:
    t = Table()
    card = t.give(t.black, title)
    t.black.resonance = 10
    assert casting.why_not(t.game, t.black, card) is None
    t.game.plays = implemented() - {unbound}
    assert casting.why_not(t.game, t.black, card) == f"Unsupported: the engine cannot play '{keyword}' on '{title}' yet"
