"""Rules text (compiler.rules_text's nodes) into the core's step values (engine.core.steps), which generated/ holds
and the engine plays: the one stage of the shared rules text that knows the engine, kept apart so that a card's AST
and its parse know none (pyproject.toml's contract). A game's checker gives what checks one of its actions (or
costs) and one of its conditions; the forms of seed 003 around them are translated here, once for every game."""

from __future__ import annotations

from collections.abc import Callable

from spellc.compiler.rules_text import Action, Condition, Step
from spellc.engine.core import steps as core

Do = Callable[[Action], core.Do]
Test = Callable[[Condition], core.Condition]


def to_core(nodes: tuple[Step, ...], do: Do, test: Test) -> tuple[core.Step, ...]:
    """The core's step values of ``nodes``; ``do`` checks one action (or cost), ``test`` one condition."""
    return tuple(_step(n, do, test) for n in nodes)


def _step(node: Step, do: Do, test: Test) -> core.Step:
    def act() -> core.Do:
        assert node.action is not None
        return do(node.action)
    if node.form == "do":
        return act()
    if node.form == "may":
        return core.May(act())
    if node.form == "if":
        assert node.condition is not None
        return core.If(test(node.condition), act())
    if node.form == "unless":
        assert node.condition is not None
        return core.Unless(act(), test(node.condition))
    if node.form == "if you did":
        return core.IfYouDid(act())
    if node.form == "pay to":
        return core.PayTo(tuple(do(c) for c in node.costs), act())
    if node.form == "choose one":
        return core.ChooseOne(tuple(to_core(o, do, test) for o in node.options))
    raise AssertionError(f"no check for the step form {node.form!r}")
