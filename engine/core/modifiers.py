"""Modifiers: changes to a number, each with a declared way of stacking (Foundry VTT's Active Effect modes).

A :class:`Change` says what it does to the number it modifies: ADD adds (a negative value takes away),
MULTIPLY multiplies, UPGRADE raises it to its value when that is greater ("keep greater"), DOWNGRADE lowers
it to its value when that is smaller, OVERRIDE replaces it. A change may be declared to count ``once`` however
many times it is given (the later copies do nothing). :func:`apply` folds the changes into a base value in
one of two orders: by priority (additions, then multiplications, then the upgrades and downgrades, then the
overrides, as Foundry orders them), or in the order they arrived, for a game whose rule is that effects
apply in the order they came. :func:`allowed` counts what a limit still lets through: at most N a round,
and never past a cap.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum


class Mode(IntEnum):
    """How a change stacks; the value is its default priority, lowest first (Foundry's order)."""

    MULTIPLY = 10
    ADD = 20
    DOWNGRADE = 30
    UPGRADE = 40
    OVERRIDE = 50


@dataclass(frozen=True, slots=True)
class Change:
    mode: Mode
    value: int
    once: str | None = None  # a name: of several changes with this name, only the first counts
    priority: int | None = None  # None: the mode's own


def _one(value: int, change: Change) -> int:
    match change.mode:
        case Mode.ADD:
            return value + change.value
        case Mode.MULTIPLY:
            return value * change.value
        case Mode.UPGRADE:
            return max(value, change.value)
        case Mode.DOWNGRADE:
            return min(value, change.value)
        case Mode.OVERRIDE:
            return change.value


def apply(base: int, changes: Iterable[Change], *, arrival: bool = False, floor: int | None = None) -> int:
    """``base`` with ``changes`` folded in: by priority (a stable sort), or in the order given when
    ``arrival``; never below ``floor``, the base included, at any step, when one is given."""
    todo = list(changes)
    if not arrival:
        todo.sort(key=lambda c: c.mode.value if c.priority is None else c.priority)
    seen: set[str] = set()
    value = base if floor is None else max(floor, base)
    for change in todo:
        if change.once is not None:
            if change.once in seen:
                continue
            seen.add(change.once)
        value = _one(value, change)
        if floor is not None:
            value = max(floor, value)
    return value


def allowed(wanted: int, *, so_far: int = 0, per_round: int | None = None, now: int = 0,
            cap: int | None = None) -> int:
    """How much of ``wanted`` a limit lets through: ``so_far`` given this round out of ``per_round``, and
    ``now`` held out of ``cap``."""
    room = wanted
    if per_round is not None:
        room = min(room, per_round - so_far)
    if cap is not None:
        room = min(room, cap - now)
    return max(0, room)
