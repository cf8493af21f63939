"""Amtgard's cards through the checker: a card line the rules cannot play is a located diagnostic (file:line:col,
its code), never a traceback."""

from __future__ import annotations

import pytest

from compiler.build import FRONTENDS
from compiler.source import SourceFile


def rendered(text: str) -> str:
    compiled = FRONTENDS["amtgard"].compile_texts([SourceFile("bad.spell", text)])
    assert not compiled.ok
    return compiled.diagnostics.render()


def ability(*lines: str) -> str:
    return 'ability "Arrow Ward" {\n' + "".join(f"    {line}\n" for line in lines) + "}\n"


@pytest.mark.rule("Projectile protection")
def test_stops_projectiles_goes_on_an_enchantment() -> None:
    """"Magic Balls are not stopped by Protection from Projectiles, Song of Deflection, or other similar abilities":
    what stops projectiles is worn (both are Enchantments); a Verbal that `stops projectiles` has no bearer."""
    out = rendered(ability("school Protection", "type Verbal", "stops projectiles"))
    assert out.startswith("bad.spell:4:5: error[E716]: `stops projectiles` goes on an Enchantment")


def test_stops_projectiles_twice_or_misspelt_is_located() -> None:
    twice = rendered(ability("school Protection", "type Enchantment", "stops projectiles", "stops projectiles"))
    assert twice.startswith("bad.spell:5:5: error[E702]: `stops projectiles` is given twice")
    typo = rendered(ability("school Protection", "type Enchantment", "stops projectile"))
    assert typo.startswith("bad.spell:4:11: error[E001]: unexpected 'projectile'")
