"""Resources: the numbers a holder keeps (energies, Health, charges, gems of each kind), as a ruleset declares
them: the attribute that holds each one, where it starts, the least it may fall to (or no floor, for one that
may go below zero), and what caps it (a fixed most, or another attribute of the holder, as a number that may
never rise above the one it started with).

A resource may also be declared to go back to its start at a moment of the match (``refresh``: the name of
the event, such as a round beginning); :func:`refresh` does it for every resource declared so. That is how a
ruleset says its per-round counters ("once per round").

The arithmetic is here; what a ruleset adds around it (who may not gain at all, what happens at a limit) is
its own, in the rules that call these functions.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Resource:
    name: str
    attr: str  # the holder's attribute that holds it
    start: int = 0
    floor: int | None = 0  # None: it may go below zero
    cap: int | None = None  # a fixed most
    cap_attr: str | None = None  # or the holder's attribute that caps it
    refresh: str | None = None  # the moment it goes back to ``start``

    def held(self, holder: object) -> int:
        return int(getattr(holder, self.attr))

    def most(self, holder: object) -> int | None:
        if self.cap_attr is not None:
            return int(getattr(holder, self.cap_attr))
        return self.cap


def gain(holder: object, res: Resource, amount: int) -> int:
    """Add ``amount`` up to the cap (a value above its cap already stays where it is); what was gained."""
    now = res.held(holder)
    new = now + amount
    top = res.most(holder)
    if top is not None:
        new = max(now, min(new, top))
    setattr(holder, res.attr, new)
    return new - now


def lose(holder: object, res: Resource, amount: int) -> int:
    """Take ``amount`` away, down to the floor; what was lost."""
    now = res.held(holder)
    new = now - amount if res.floor is None else max(res.floor, now - amount)
    setattr(holder, res.attr, new)
    return now - new


def can_pay(holder: object, res: Resource, amount: int) -> bool:
    """Whether ``amount`` can be spent: what is held covers it, down to the floor (all of it, without one)."""
    return res.floor is None or getattr(holder, res.attr) - amount >= res.floor  # held(), without a call


def spend(holder: object, res: Resource, amount: int) -> None:
    """Spend ``amount``, which :func:`can_pay` has allowed."""
    setattr(holder, res.attr, res.held(holder) - amount)


def refresh(holder: object, declared: Iterable[Resource], moment: str) -> None:
    """Every resource of ``declared`` that refreshes at ``moment`` goes back to its start."""
    for res in declared:
        if res.refresh == moment:
            setattr(holder, res.attr, res.start)
