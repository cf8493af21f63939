"""Seeded chance: dice expressions, thrown one die at a time through the decision protocol.

One declaration says every roll a ruleset makes: a d10 read on a table, two d10 summed and compared with a
number, or a d6 plus a bonus where each extra die is thrown and the best one kept, a face of 6 thrown again
and added, and a face of 1 failing whatever the total. Each die is one throw of the match's source
(:class:`DieSource`): the seeded generator, or, when dice are scripted, a ``die`` decision whose choices are
the faces, so that a replay names its dice in the order the rules throw them.

The written form (:func:`parse`, :meth:`Dice.text`) is the usual one: ``NdM`` (``d10`` is ``1d10``),
``khK`` keeps the K highest dice, ``!`` throws a die again on its highest face and adds it, ``+B`` or
``-B`` adds a bonus, and ``fail F,G`` lists the natural faces that fail: ``3d6kh1!+4 fail 1``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Protocol

from spellc.engine.core.decisions import Choice, Flow

ORDINALS = ("second", "third", "fourth", "fifth", "sixth")
NOTATION = re.compile(r"\s*(?P<count>\d+)?d(?P<sides>\d+)(?:kh(?P<keep>\d+))?(?P<explode>!)?"
                      r"(?:\s*(?P<sign>[+-])\s*(?P<plus>\d+))?(?:\s+fail\s+(?P<fail>\d+(?:\s*,\s*\d+)*))?\s*")


class DiceError(ValueError):
    """A dice expression that cannot be thrown (written wrong, or no die to keep)."""


@dataclass(frozen=True, slots=True)
class Dice:
    """``count`` dice of ``sides`` faces; the ``keep`` highest count (all when None); a die showing its
    highest face is thrown again and added when ``explode``; ``plus`` is added to the total; a kept die
    that showed a face of ``fail_on`` at any throw fails the roll ("a natural 1 always fails, even after a
    6")."""

    count: int = 1
    sides: int = 6
    keep: int | None = None
    explode: bool = False
    plus: int = 0
    fail_on: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if self.count < 1 or self.sides < 2:
            raise DiceError(f"{self.count}d{self.sides}: at least one die of at least two faces")
        if self.keep is not None and not 1 <= self.keep <= self.count:
            raise DiceError(f"keeps {self.keep} of {self.count} dice")

    def text(self) -> str:
        out = f"{self.count}d{self.sides}"
        if self.keep is not None:
            out += f"kh{self.keep}"
        if self.explode:
            out += "!"
        if self.plus:
            out += f"{self.plus:+d}"
        if self.fail_on:
            out += " fail " + ",".join(str(f) for f in sorted(self.fail_on))
        return out

    def more(self, extra: int) -> Dice:
        """The same roll with ``extra`` dice more (and, when it keeps some, as many kept as before)."""
        return Dice(count=self.count + extra, sides=self.sides, keep=self.keep, explode=self.explode,
                    plus=self.plus, fail_on=self.fail_on)


def parse(text: str) -> Dice:
    """``2d10``, ``d10``, ``3d6kh1!+4 fail 1``; anything else is a :class:`DiceError` that says what is wrong."""
    m = NOTATION.fullmatch(text)
    if m is None:
        raise DiceError(f"{text!r} is no dice expression: write NdM, then khK, !, +B and fail F as needed "
                        "(e.g. 2d10 or 3d6kh1!+4 fail 1)")
    plus = int(m["plus"] or 0) * (-1 if m["sign"] == "-" else 1)
    fail = frozenset(int(f) for f in m["fail"].split(",")) if m["fail"] else frozenset()
    sides = int(m["sides"])
    if any(not 1 <= f <= sides for f in fail):
        raise DiceError(f"{text!r}: a die of {sides} faces has no face {max(fail)}")
    return Dice(count=int(m["count"] or 1), sides=sides, keep=int(m["keep"]) if m["keep"] else None,
                explode=bool(m["explode"]), plus=plus, fail_on=fail)


@dataclass(frozen=True, slots=True)
class Roll:
    """A thrown :class:`Dice`: the faces each die showed (more than one when it was thrown again)."""

    dice: Dice
    throws: tuple[tuple[int, ...], ...]

    @property
    def values(self) -> tuple[int, ...]:
        """Each die's value: the sum of its throws."""
        return tuple(sum(t) for t in self.throws)

    @property
    def kept(self) -> tuple[int, ...]:
        """The indexes of the dice that count: the highest ``keep`` (the first thrown wins a tie). A die that
        showed a failing face is kept only when too few others are left: whoever "selects the best score of
        all dice rolled" never picks the one that fails (seed 001, 6.6)."""
        values = self.values
        fail_on = self.dice.fail_on
        order = sorted(range(len(values)),
                       key=lambda i: (any(face in fail_on for face in self.throws[i]), -values[i], i))
        return tuple(sorted(order[: self.dice.keep or len(order)]))

    @property
    def total(self) -> int:
        if self.dice.keep is None:  # every die counts (a d10, 2d10): no order to find
            return sum(self.values) + self.dice.plus
        values = self.values
        return sum(values[i] for i in self.kept) + self.dice.plus

    @property
    def natural_failure(self) -> bool:
        """A kept die showed a failing face, at its first throw or a later one."""
        return any(face in self.dice.fail_on for i in self.kept for face in self.throws[i])

    def at_least(self, target: int) -> bool:
        """A test against a difficulty: the total reaches it, and no natural failure."""
        return self.total >= target and not self.natural_failure

    def below(self, target: int) -> bool:
        """"If the sum is less than ..."."""
        return self.total < target


class DieSource(Protocol):
    def die(self, sides: int, why: str) -> Flow[int]:
        """One die: its face, from the seeded generator or a ``die`` decision."""
        ...


def prompt(why: str, index: int) -> str:
    """What the ``index``-th die of a roll is asked as: the roll's reason, then "second die" and so on."""
    if index == 0:
        return why
    return f"{ORDINALS[index - 1]} die" if index <= len(ORDINALS) else f"die {index + 1}"


def roll(source: DieSource, dice: Dice, why: str) -> Flow[Roll]:
    """Throw ``dice`` one die at a time; a die that explodes is thrown again before the next one."""
    throws: list[tuple[int, ...]] = []
    for i in range(dice.count):
        faces = [(yield from source.die(dice.sides, prompt(why, i)))]
        while dice.explode and faces[-1] == dice.sides:
            faces.append((yield from source.die(dice.sides, f"{prompt(why, i)}: thrown again")))
        throws.append(tuple(faces))
    return Roll(dice, tuple(throws))


def faces(sides: int) -> tuple[Choice, ...]:
    """A die's faces as the choices of a scripted ``die`` decision."""
    return tuple(Choice(str(n), n) for n in range(1, sides + 1))


# ---------------------------------------------------------------- what a roll can give
def _chains(dice: Dice, depth: int) -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """One die's possible throws and their chances; an exploding die is followed ``depth`` throws deep, the
    last of which adds without exploding again (the chance left past it is below (1/sides)**depth)."""
    p = Fraction(1, dice.sides)
    for face in range(1, dice.sides + 1):
        if dice.explode and face == dice.sides and depth > 0:
            for rest, q in _chains(dice, depth - 1):
                yield (face, *rest), p * q
        else:
            yield (face,), p


def distribution(dice: Dice, depth: int = 3) -> dict[tuple[int, bool], Fraction]:
    """The chance of each (total, natural failure) a roll can give — exact without ``!``; with it, each die
    is followed ``depth`` throws deep. For tests, tables and players that weigh chance."""
    out: dict[tuple[int, bool], Fraction] = {}
    one = list(_chains(dice, depth))
    for combo in product(one, repeat=dice.count):
        r = Roll(dice, tuple(c for c, _ in combo))
        weight = Fraction(1)
        for _, q in combo:
            weight *= q
        key = (r.total, r.natural_failure)
        out[key] = out.get(key, Fraction(0)) + weight
    return out


@dataclass(frozen=True, slots=True)
class Table:
    """A result read from a roll's total: the value of the first band whose top the total does not pass,
    as a printed table reads (``1-3: 1, 4-6: 2, 7-9: 3, 10: 5``)."""

    bands: tuple[tuple[int, int], ...]  # (highest total of the band, value), in rising order

    def read(self, total: int) -> int:
        for top, value in self.bands:
            if total <= top:
                return value
        raise DiceError(f"the table stops at {self.bands[-1][0]}, not {total}")
