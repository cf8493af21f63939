"""The core's clock: durations on a timeline, the longer kept, what ended returned in order."""

from __future__ import annotations

import pytest

from spellc.engine.core.clock import Clock


def test_a_duration_ends_when_its_time_has_passed() -> None:
    clock: Clock[str] = Clock()
    clock.start("frozen", 30)
    assert clock.advance(29) == [] and clock.left("frozen") == 1
    assert clock.advance(1) == ["frozen"] and "frozen" not in clock


def test_a_state_gained_again_keeps_the_longer_duration() -> None:
    """"If a player would gain a State they are already affected by, the State's duration will simply be
    adjusted to the new duration if it is longer than the current duration" (seed 002)."""
    clock: Clock[str] = Clock()
    clock.start("stopped", 30)
    clock.advance(20)
    clock.start("stopped", 5)  # 5 s left against 10: kept at 10
    assert clock.left("stopped") == 10
    clock.start("stopped", 60)
    assert clock.left("stopped") == 60
    clock.start("stopped", None)  # no end outlasts any
    assert clock.left("stopped") is None and clock.advance(1000) == []


def test_what_ends_is_returned_earliest_first() -> None:
    clock: Clock[str] = Clock()
    clock.start("b", 20)
    clock.start("a", 10)
    clock.start("c", 20)
    assert clock.advance(30) == ["a", "b", "c"] and clock.now == 30


def test_time_never_runs_backwards() -> None:
    with pytest.raises(ValueError, match="forward"):
        Clock[str]().advance(-1)
