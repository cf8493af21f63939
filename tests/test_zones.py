"""The core's zones (engine/core/zones.py): declared zones in their order, cards in the order they came, what
lies in all of them kept until one changes, and a declared capacity."""

from __future__ import annotations

import pickle

from spellc.engine.core.zones import Table, Zones


def test_cards_lie_zone_by_zone_in_the_order_they_came() -> None:
    zones: Zones[str, str] = Zones(["attack", "defense", "enhancement"], {"enhancement": 4})
    zones.put("Shield", "defense")
    zones.put("Fireball", "attack")
    zones.put("Ward", "defense")
    assert zones["defense"] == ["Shield", "Ward"] and zones.all() == ["Fireball", "Shield", "Ward"]
    assert zones.capacity == {"enhancement": 4}


def test_what_lies_in_all_of_them_follows_every_change() -> None:
    zones: Zones[str, str] = Zones(["attack", "defense"])
    zones.put("Fireball", "attack")
    before = zones.all()
    zones.take("Fireball", "attack")
    zones.put("Shield", "defense")
    assert zones.all() == ["Shield"] and before == ["Fireball"]  # a list already read is left as it was


def test_zones_survive_a_copy_of_the_match() -> None:
    """A match's restart point is a pickle of its state (engine.core.match)."""
    zones: Zones[str, str] = Zones(["attack"], {"attack": 1})
    zones.put("Fireball", "attack")
    copy = pickle.loads(pickle.dumps(zones))
    assert copy == zones and copy.capacity == {"attack": 1} and copy.all() == ["Fireball"]


def test_every_change_at_a_table_is_counted_there() -> None:
    """A view across every holder's zones (every card in play) is kept until the table counts a change."""
    table, mine, yours = Table(), Zones[str, str](["attack"]), Zones[str, str](["attack"])
    table.seat(mine)
    table.seat(yours)
    seated = table.changes
    yours.put("Fireball", "attack")
    mine.put("Shield", "attack")
    mine.take("Shield", "attack")
    assert table.changes == seated + 3
    table.changed()  # a holder leaves: nothing in the zones changed, the view must still be read again
    assert table.changes == seated + 4


def test_a_table_and_its_seats_survive_a_copy_of_the_match() -> None:
    table, zones = Table(), Zones[str, str](["attack"])
    table.seat(zones)
    copy_table, copy_zones = pickle.loads(pickle.dumps((table, zones)))
    copy_zones.put("Fireball", "attack")
    assert copy_zones.table is copy_table and copy_table.changes == table.changes + 1
