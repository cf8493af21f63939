"""The core's zones (engine/core/zones.py): declared zones in their order, cards in the order they came, what
lies in all of them kept until one changes, and a declared capacity."""

from __future__ import annotations

import pickle

from engine.core.zones import Zones


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
