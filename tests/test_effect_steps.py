"""Rules text with the effect-step grammar of seed 003, played by the engine."""

from __future__ import annotations

from tests.conftest import Table


def test_choose_one_is_chosen_at_declaration_before_the_target(t: Table) -> None:
    """Seed 003: "choose one" modes are chosen when the spell is declared, then its targets."""
    t.choices.append("Deal Harmony Dmg 3 to target opponent.")
    card = t.cast(t.white, "Fork", "Black")
    kinds = [d.kind for d in t.asked]
    assert "mode" in kinds and card.spec.modes
    assert (t.black.essence, t.black.harmony) == (12, -3)
