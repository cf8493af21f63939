"""Zones: where a holder's cards lie, as a ruleset declares them.

A :class:`Zones` holds one list per declared zone, in the declared order, and the cards lie in each in the
order they came: ``zones[name]`` reads one. Its cards are changed only through :meth:`Zones.put` and
:meth:`Zones.take`, so that what lies in all of them, zone by zone (:meth:`Zones.all`, read at nearly every
decision), is kept until one of them changes. A zone may be declared with a capacity, which the ruleset's
rules enforce in their own way (one game has a card discarded to make room, another refuses the newcomer).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import Any, TypeVar

K = TypeVar("K", bound=Hashable)
T = TypeVar("T")


class Table:
    """What the zones of every holder at one game's table share: a count of the changes made to any of them,
    so that a view across all of them (every card in play) is kept until one changes."""

    __slots__ = ("changes",)

    def __init__(self) -> None:
        self.changes = 0

    def seat(self, zones: Zones[Any, Any]) -> None:
        """A holder takes its seat: its zones count their changes here from now on."""
        zones.table = self
        self.changed()

    def changed(self) -> None:
        """Something a view across the table reads changed besides the zones (a holder came or went)."""
        self.changes += 1


class Zones(dict[K, list[T]]):
    """One list per declared zone, in the declared order (a dict, so reading a zone costs nothing more)."""

    def __init__(self, names: Iterable[K], capacity: Mapping[K, int] | None = None) -> None:
        super().__init__((name, []) for name in names)
        self.capacity: dict[K, int] = dict(capacity or {})
        self._all: list[T] | None = None
        self.table: Table | None = None  # the table its holder sits at, once it is seated (Table)

    def _changed(self) -> None:
        self._all = None
        if self.table is not None:
            self.table.changed()

    def put(self, item: T, name: K) -> None:
        """``item`` lies in zone ``name`` now, after what is already there."""
        self[name].append(item)
        self._changed()

    def take(self, item: T, name: K) -> None:
        self[name].remove(item)
        self._changed()

    def all(self) -> list[T]:
        """Every card, zone by zone in the declared order: to read, never to change."""
        if self._all is None:
            self._all = [item for items in self.values() for item in items]
        return self._all
