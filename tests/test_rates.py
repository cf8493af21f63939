"""The statistics of a balance report (issue 27): "per pairing it reports win, draw and loss rates with 95% Wilson
intervals", "the cards whose rates stand out beyond chance, adjusted for the number of cards tested", and "which
rates moved beyond chance, with a two-proportion test". Each against values published for the method."""

from __future__ import annotations

import pytest

from spellc.engine.core.rates import holm, two_proportions, wilson


def test_wilson_interval_of_eight_in_ten() -> None:
    """Wilson's score interval of 8 successes in 10 trials is 0.4902 to 0.9433 (Newcombe, 1998, table I)."""
    rate = wilson(8, 10)
    assert (round(rate.low, 4), round(rate.high, 4)) == (0.4902, 0.9433)


def test_wilson_interval_stays_inside_zero_and_one_at_the_ends() -> None:
    """Where the textbook interval collapses to nothing (0 of 10), Wilson's still says how unsure it is."""
    none, all_ = wilson(0, 10), wilson(10, 10)
    assert none.low == 0.0 and round(none.high, 4) == 0.2775
    assert all_.high == 1.0 and round(all_.low, 4) == 0.7225


def test_a_rate_prints_as_a_report_shows_it() -> None:
    """"Fireball vs Ice Wall: 52% ±2" (the issue's own example: 52% of 2,500 matches is about ±2 points)."""
    assert str(wilson(1300, 2500)) == "52% ±2"
    assert str(wilson(0, 0)) == "n/a"


def test_a_rate_of_more_hits_than_trials_is_refused() -> None:
    with pytest.raises(ValueError):
        wilson(11, 10)


def test_two_proportions_tells_a_real_move_from_chance() -> None:
    """52% → 61% over 100 matches each could be chance (p ≈ 0.20); over 1,000 each it is not (p < 0.0001)."""
    assert round(two_proportions(52, 100, 61, 100), 3) == 0.199
    assert two_proportions(520, 1000, 610, 1000) < 1e-4


def test_two_proportions_of_nothing_varying_is_no_difference() -> None:
    assert two_proportions(0, 50, 0, 50) == 1.0 and two_proportions(3, 0, 2, 10) == 1.0


def test_holm_adjusts_for_the_number_of_rates_tested() -> None:
    """Holm's step-down method: the smallest p-value times m, the next times m-1, never below the one before."""
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([]) == []
