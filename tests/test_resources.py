"""The core's declared resources (engine/core/resources.py): a floor, no floor, a fixed cap or a cap read from
the holder, and spending only what is there. The cases are the seeds' own limits."""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import given
from hypothesis import strategies as st

from spellc.engine.core import resources
from spellc.engine.core.resources import Resource


@dataclass
class Holder:
    health: int = 20
    harmony: int = 0
    essence: int = 12
    starting_essence: int = 12
    gems: int = 0
    reserve: int = 8  # 2 x Power


HEALTH = Resource("Health", "health", start=20)
HARMONY = Resource("Harmony", "harmony", floor=None)
ESSENCE = Resource("Essence", "essence", start=12, cap_attr="starting_essence")
GEMS = Resource("gems", "gems", cap_attr="reserve")


def test_a_resource_stops_at_its_floor() -> None:
    h = Holder(health=3)
    assert resources.lose(h, HEALTH, 5) == 3 and h.health == 0


def test_harmony_can_go_negative() -> None:
    """"Harmony is the only energy that can go negative" (seed 004) — and may be paid into Discord."""
    h = Holder()
    assert resources.can_pay(h, HARMONY, 4)
    resources.spend(h, HARMONY, 4)
    assert resources.lose(h, HARMONY, 5) == 5 and h.harmony == -9


def test_essence_never_rises_above_starting_essence() -> None:
    """Essence "never rises above starting Essence" (seed 004)."""
    h = Holder(essence=10)
    assert resources.gain(h, ESSENCE, 5) == 2 and h.essence == 12


def test_the_reserve_holds_at_most_twice_power_gems() -> None:
    """"a magician may have up to twice his Power level in gems in his mana store" (seed 001)."""
    h = Holder(gems=6)
    assert resources.gain(h, GEMS, 5) == 2 and h.gems == 8


def test_what_is_not_there_cannot_be_spent() -> None:
    h = Holder(gems=2)
    assert resources.can_pay(h, GEMS, 2) and not resources.can_pay(h, GEMS, 3)


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_a_capped_resource_never_passes_its_cap_by_gaining(held: int, cap: int, amount: int) -> None:
    h = Holder(gems=held, reserve=cap)
    gained = resources.gain(h, GEMS, amount)
    assert gained >= 0 and h.gems == held + gained and (h.gems <= cap or gained == 0)


@given(st.integers(-10, 30), st.integers(0, 30))
def test_a_floored_resource_never_falls_below_it(held: int, amount: int) -> None:
    h = Holder(health=max(0, held))
    resources.lose(h, HEALTH, amount)
    assert h.health >= 0


def test_a_counter_goes_back_to_its_start_when_it_refreshes() -> None:
    """"Magi may perform a single energy exchange once per round" (seed 004): what counts it is set back as
    each round begins, and nothing else is."""
    @dataclass
    class Magi:
        exchanged_this_round: bool = True
        stones: int = 2

    declared = (Resource("energy exchange", "exchanged_this_round", start=False, refresh="round begins"),
                Resource("interrupt stones", "stones"))
    m = Magi()
    resources.refresh(m, declared, "round ends")
    assert m.exchanged_this_round is True
    resources.refresh(m, declared, "round begins")
    assert m.exchanged_this_round is False and m.stones == 2
