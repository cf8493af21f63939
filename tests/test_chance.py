"""The core's dice expressions (engine/core/chance.py): the rolls of every seed, declared the same way.

Serpent's Tongue (004) reads a d10 on the Resonance table and compares 2d10 with a Magi's Discord; Rackham
(001) tests d6 + Power against a difficulty, a 6 thrown again and added, a 1 failing "even if it occurs after
having rolled a 6", each extra gem a die more of which the best counts."""

from __future__ import annotations

from collections import deque
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Decision, Flow


class Script:
    """A die source that answers each throw from a list, and remembers what it was asked."""

    def __init__(self, *faces: int) -> None:
        self.faces = deque(faces)
        self.asked: list[tuple[int, str]] = []

    def die(self, sides: int, why: str) -> Flow[int]:
        self.asked.append((sides, why))
        return self.faces.popleft()
        yield  # a Flow, as a game's source is


def thrown(dice: str, *faces: int) -> tuple[chance.Roll, Script]:
    source = Script(*faces)
    flow = chance.roll(source, chance.parse(dice), "test")
    try:
        next(flow)
    except StopIteration as done:
        return done.value, source
    raise AssertionError("the script source asks no decision")


# ---------------------------------------------------------------- Serpent's Tongue (seed 004)
def test_a_d10_read_on_the_resonance_table() -> None:
    """"1-3: gain 1 Resonance, 4-6: gain 2, 7-9: gain 3, 10: gain 5"."""
    table = chance.Table(((3, 1), (6, 2), (9, 3), (10, 5)))
    assert [table.read(thrown("d10", n)[0].total) for n in range(1, 11)] == [1, 1, 1, 2, 2, 2, 3, 3, 3, 5]
    with pytest.raises(chance.DiceError, match="stops at 10"):
        table.read(11)


def test_a_discord_roll_is_two_d10_summed_and_compared() -> None:
    """"roll 2 ten-sided dice: if the result is LESS than your amount of Discord then you suffer a Discord
    Event" — Act II's White, at 7 Discord, rolls 3 and 4."""
    roll, source = thrown("2d10", 3, 4)
    assert roll.total == 7 and not roll.below(7) and roll.below(8)
    assert [why for _, why in source.asked] == ["test", "second die"]


# ---------------------------------------------------------------- Rackham's Power test (seed 001)
def test_power_test_reaches_the_difficulty() -> None:
    """"He rolls a 5 and adds his Power characteristic of 7 for a total of 12. The spell is successfully
    cast" (difficulty 11)."""
    roll, _ = thrown("d6!+7 fail 1", 5)
    assert roll.total == 12 and roll.at_least(11) and not roll.at_least(13)


def test_a_natural_six_is_thrown_again_and_added() -> None:
    """"a natural result of 6 entitles the player to roll again, adding the 6 to the Power characteristic"."""
    roll, source = thrown("d6!+7 fail 1", 6, 6, 3)
    assert roll.throws == ((6, 6, 3),) and roll.total == 22
    assert [why for _, why in source.asked] == ["test", "test: thrown again", "test: thrown again"]


def test_a_one_fails_even_after_a_six() -> None:
    """"A result of 1 is always regarded as a failure, even if it occurs after having rolled a 6"."""
    first, _ = thrown("d6!+7 fail 1", 1)
    after, _ = thrown("d6!+7 fail 1", 6, 1)
    assert first.natural_failure and not first.at_least(2)
    assert after.total == 14 and after.natural_failure and not after.at_least(11)


def test_extra_dice_keep_the_best() -> None:
    """Each extra gem "adds a d6, and the best die counts": 3d6kh1 keeps the highest die only."""
    roll, _ = thrown("3d6kh1+7", 2, 5, 4)
    assert roll.kept == (1,) and roll.total == 12
    assert chance.parse("d6kh1+7").more(2) == chance.parse("3d6kh1+7")


def test_a_failing_die_that_is_not_kept_does_not_fail_the_roll() -> None:
    roll, _ = thrown("2d6kh1 fail 1", 1, 5)
    assert roll.total == 5 and not roll.natural_failure


def test_the_best_die_kept_is_one_that_did_not_fail() -> None:
    """"The magician selects the best score of all dice rolled", and "a result of 1 is always regarded as a
    failure, even if it occurs after having rolled a 6": a 6 then 1 (7) is not the die kept over a 5."""
    roll, _ = thrown("2d6kh1!+7 fail 1", 6, 1, 5)
    assert roll.kept == (1,) and roll.total == 12 and roll.at_least(12)
    worst, _ = thrown("2d6kh1!+7 fail 1", 1, 6, 1)
    assert worst.natural_failure and not worst.at_least(2)


# ---------------------------------------------------------------- the notation
@pytest.mark.parametrize(("text", "dice"), [
    ("d10", chance.Dice(count=1, sides=10)),
    ("2d10", chance.Dice(count=2, sides=10)),
    ("3d6kh1!+4 fail 1", chance.Dice(count=3, sides=6, keep=1, explode=True, plus=4, fail_on=frozenset({1}))),
    ("1d20-2", chance.Dice(count=1, sides=20, plus=-2)),
])
def test_the_written_form(text: str, dice: chance.Dice) -> None:
    assert chance.parse(text) == dice and chance.parse(dice.text()) == dice


@pytest.mark.parametrize(("text", "why"), [("2d", "no dice expression"), ("d1", "at least two faces"),
                                           ("2d6kh3", "keeps 3 of 2"), ("d6 fail 7", "no face 7"),
                                           ("0d6", "at least one die")])
def test_a_bad_expression_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(chance.DiceError, match=why):
        chance.parse(text)


dice_expressions = st.builds(
    lambda count, sides, keep, explode, plus, fail: chance.Dice(
        count=count, sides=sides, keep=min(keep, count) if keep else None, explode=explode, plus=plus,
        fail_on=frozenset(f for f in fail if f <= sides)),
    st.integers(1, 3), st.integers(2, 8), st.integers(0, 3), st.booleans(), st.integers(-5, 5),
    st.frozensets(st.integers(1, 8), max_size=2))


@given(dice_expressions)
def test_every_expression_reads_back_as_written(dice: chance.Dice) -> None:
    assert chance.parse(dice.text()) == dice


@given(dice_expressions)
def test_the_chances_of_a_roll_add_up_to_one(dice: chance.Dice) -> None:
    assert sum(chance.distribution(dice, depth=2).values()) == 1


def test_two_d10_below_seven_discord() -> None:
    """The chance of a Discord Event at 7 Discord: 2d10 under 7 is 15 of the 100 throws."""
    odds = chance.distribution(chance.parse("2d10"))
    assert sum(p for (total, _), p in odds.items() if total < 7) == Fraction(15, 100)


def test_scripted_dice_are_die_decisions_with_the_faces_as_choices() -> None:
    """A match whose dice are scripted asks each die as a chance decision (no player) with its faces."""
    class Asking:
        def die(self, sides: int, why: str) -> Flow[int]:
            choice = yield Decision("die", None, why, chance.faces(sides))
            return int(choice.value)

    flow = chance.roll(Asking(), chance.parse("2d6"), "damage")
    first = next(flow)
    assert first.being is None and [c.label for c in first.options] == ["1", "2", "3", "4", "5", "6"]
    second = flow.send(Choice("4", 4))
    assert second.prompt == "second die"
    with pytest.raises(StopIteration) as done:
        flow.send(Choice("2", 2))
    assert done.value.value.total == 6
