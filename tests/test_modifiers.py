"""The core's modifiers (engine/core/modifiers.py): each change stacks as it is declared to, and a limit says
how much still gets through. The cases are the stacking rules of seed 004."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spellc.engine.core import modifiers
from spellc.engine.core.modifiers import Change, Mode


def test_keep_greater_wards_for_the_same_energy_do_not_stack() -> None:
    """"Wards for the same energy do NOT stack": a Ward 1 and a Ward 2 ward 2."""
    assert modifiers.apply(0, [Change(Mode.UPGRADE, 1), Change(Mode.UPGRADE, 2)]) == 2
    assert modifiers.apply(0, []) == 0


def test_add_dmg_adds() -> None:
    """"Add Dmg X or +X Dmg": two passive +1 Dmg on a Dmg 2 spell make Dmg 4."""
    assert modifiers.apply(2, [Change(Mode.ADD, 1), Change(Mode.ADD, 1)]) == 4


def test_in_the_order_they_activate() -> None:
    """"Spells apply in the order they activate": Absolute Free Action (0) then Prolong Cast (+1) leave 1;
    the other way round, 0."""
    threnody, prolong = Change(Mode.OVERRIDE, 0), Change(Mode.ADD, 1)
    assert modifiers.apply(2, [threnody, prolong], arrival=True) == 1
    assert modifiers.apply(2, [prolong, threnody], arrival=True) == 0


def test_by_priority_additions_come_before_overrides() -> None:
    """Foundry's order when arrival does not matter: ADD and MULTIPLY, then UPGRADE/DOWNGRADE, then OVERRIDE."""
    assert modifiers.apply(2, [Change(Mode.OVERRIDE, 5), Change(Mode.ADD, 1)]) == 5
    assert modifiers.apply(2, [Change(Mode.ADD, 1), Change(Mode.MULTIPLY, 3)]) == 7  # (2 * 3) + 1
    assert modifiers.apply(2, [Change(Mode.ADD, 1, priority=60), Change(Mode.OVERRIDE, 5)]) == 6


def test_a_change_declared_once_counts_once() -> None:
    """"Adding Free Action to a spell that costs # Actions only reduces the Full Action requirement by 1"."""
    free = Change(Mode.ADD, -1, once="Free Action")
    assert modifiers.apply(3, [free, free], arrival=True) == 2


def test_at_most_one_a_round() -> None:
    """"a Magi may gain AT MOST one additional Full Action each round regardless of how many effects try"."""
    assert modifiers.allowed(1, so_far=0, per_round=1) == 1
    assert modifiers.allowed(1, so_far=1, per_round=1) == 0


def test_at_most_one_a_round_and_never_past_two() -> None:
    """"opponents may only cause a Magi to lose at most one Full Action each round. Even this single loss is
    prevented if the Magi already has 2 interrupt stones"."""
    assert modifiers.allowed(1, so_far=0, per_round=1, now=1, cap=2) == 1
    assert modifiers.allowed(1, so_far=0, per_round=1, now=2, cap=2) == 0
    assert modifiers.allowed(1, so_far=0, per_round=1, now=3, cap=2) == 0  # past it by its own side's effects


changes = st.lists(st.builds(Change, st.sampled_from(list(Mode)), st.integers(-5, 5)), max_size=6)


@given(st.integers(-10, 10), changes)
def test_a_floor_holds_at_every_step(base: int, given_changes: list[Change]) -> None:
    assert modifiers.apply(base, given_changes, arrival=True, floor=0) >= 0


@given(st.integers(-10, 10), changes)
def test_overrides_have_the_last_word_by_priority(base: int, given_changes: list[Change]) -> None:
    overrides = [c for c in given_changes if c.mode is Mode.OVERRIDE]
    if overrides:
        assert modifiers.apply(base, given_changes) == overrides[-1].value
