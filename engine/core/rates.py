"""What a study's counts say, and how sure they are: the statistics a balance report needs, for any ruleset.

- :func:`wilson`: the 95% interval of a rate (Wilson's score interval: right near 0% and 100% and for a few
  matches, where the textbook "p ± 1.96·se" interval leaves [0, 1] or shrinks to nothing);
- :func:`two_proportions`: whether two rates differ beyond chance (the pooled two-proportion z-test), as
  "Fireball vs Ice Wall: 52% ± 2 → 61% ± 2" asks after an edit;
- :func:`holm`: p-values adjusted for the number of rates tested at once (Holm's step-down method): among
  forty cards, two will look lucky at 5% by chance alone.

Only the standard library (``math.erfc`` gives the normal distribution's tail).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054  # the normal distribution's 97.5th percentile: a two-sided 95% interval


@dataclass(frozen=True, slots=True)
class Rate:
    """``hits`` of ``n`` and its 95% interval."""

    hits: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else math.nan

    def __str__(self) -> str:
        """``52% ±2`` (the larger of the interval's two halves, in points), as a report prints it."""
        if not self.n:
            return "n/a"
        half = max(self.value - self.low, self.high - self.value)
        return f"{100 * self.value:.0f}% ±{100 * half:.0f}"


def wilson(hits: int, n: int, z: float = Z95) -> Rate:
    """The rate ``hits``/``n`` with Wilson's score interval (E. B. Wilson, 1927)."""
    if not 0 <= hits <= n:
        raise ValueError(f"{hits} hits of {n}")
    if n == 0:
        return Rate(0, 0, 0.0, 1.0)
    p = hits / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # At 0 or n hits an end of the interval is exactly 0 or 1 (floating point lands a hair inside).
    low = 0.0 if hits == 0 else max(0.0, centre - half)
    high = 1.0 if hits == n else min(1.0, centre + half)
    return Rate(hits, n, low, high)


def shown(counted: Mapping[str, int]) -> str:
    """A rate kept as its ``hits`` and trials ``n`` (a study's JSON keeps each so), as a report prints it."""
    return str(wilson(counted["hits"], counted["n"]))


def two_proportions(hits_a: int, n_a: int, hits_b: int, n_b: int) -> float:
    """The two-sided p-value of "the two rates are the same" (the pooled two-proportion z-test); 1.0 when a
    side has no trials or the pooled rate is 0 or 1 (nothing varies: nothing to tell apart)."""
    if not n_a or not n_b:
        return 1.0
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return 1.0
    z = (hits_a / n_a - hits_b / n_b) / se
    return math.erfc(abs(z) / math.sqrt(2))


def holm(p_values: Sequence[float]) -> list[float]:
    """Each p-value adjusted by Holm's step-down method (S. Holm, 1979), in the order given: a rate stands out
    beyond chance, among all those tested, when its adjusted p-value is below the level (0.05)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
