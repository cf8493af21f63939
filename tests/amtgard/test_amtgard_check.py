"""Amtgard's cards through the checker: a card line the rules cannot play is a located diagnostic (file:line:col,
its code), never a traceback."""

from __future__ import annotations

import pytest

from spellc.compiler.build import FRONTENDS
from spellc.compiler.source import SourceFile


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
    assert twice.startswith("bad.spell:5:5: error[E901]: `stops projectiles` is given twice")
    typo = rendered(ability("school Protection", "type Enchantment", "stops projectile"))
    assert typo.startswith("bad.spell:4:11: error[E001]: unexpected 'projectile'")


@pytest.mark.rule("Enchantments")
def test_bars_magical_enchantments_goes_on_an_enchantment() -> None:
    """"except for restriction that affect Enchantments specifically, such as Essence Graft": the restriction is
    what its bearer wears; a Verbal has no bearer to keep enchantments off."""
    out = rendered(ability("school Neutral", "type Verbal", "bars magical enchantments"))
    assert out.startswith("bad.spell:4:5: error[E717]: `bars magical enchantments` goes on an Enchantment")
    twice = rendered(ability("school Neutral", "type Enchantment", "bars magical enchantments",
                             "bars magical enchantments"))
    assert twice.startswith("bad.spell:5:5: error[E901]: `bars magical enchantments` is given twice")


@pytest.mark.rule("One magical enchantment", "Extraordinary (ex)")
def test_raises_enchantment_limit_goes_on_an_ex_enchantment() -> None:
    """"Ability Enchantments denoted as Extraordinary (ex) ... do not count towards enchantment limits or count for
    the purposes of Attuned": what raises the limit is worn and (ex), or it would take the place it makes."""
    verbal = rendered(ability("school Neutral", "type Verbal", "extraordinary", "raises enchantment limit"))
    assert verbal.startswith("bad.spell:5:5: error[E717]: `raises enchantment limit` goes on an Enchantment")
    magical = rendered(ability("school Neutral", "type Enchantment", "magical", "raises enchantment limit"))
    assert magical.startswith("bad.spell:5:5: error[E718]: `raises enchantment limit` goes on an extraordinary")
    unsaid = rendered(ability("school Neutral", "type Enchantment", "raises enchantment limit"))
    assert "error[E718]" in unsaid
    typo = rendered(ability("school Neutral", "type Enchantment", "extraordinary", "raises enchantment limt"))
    assert typo.startswith("bad.spell:5:24: error[E001]: unexpected 'limt'")


BALL = 'ability "Fireball" {\n    school Flame\n    type Magic Ball\n}\n'


@pytest.mark.rule("Chant", "Ongoing Effects")
def test_free_while_chanting_goes_on_a_chanted_ability() -> None:
    """"Failure to Chant ends the effect": the throws are free while a Chant keeps them, so an ability without a
    `chant` cannot free any."""
    out = rendered(BALL + ability("school Flame", "type Verbal", 'free while chanting "Fireball"'))
    assert out.startswith("bad.spell:8:5: error[E720]: `free while chanting` goes on an ability with a `chant`")


@pytest.mark.rule("Magic Balls")
def test_free_while_chanting_names_magic_balls() -> None:
    """What Elemental Barrage frees is a Magic Ball's use: a title no card has is located, with the likely one."""
    card = ability("school Flame", "type Verbal", 'chant "Barrage"', 'free while chanting "Fireball", "Firebal"')
    typo = rendered(BALL + card)
    assert typo.startswith("bad.spell:9:37: error[E719]: no Magic Ball is titled 'Firebal' to throw free")
    assert "help: did you mean 'Fireball'?" in typo
    verbal = rendered(BALL + ability("school Flame", "type Verbal", 'chant "Barrage"',
                                     'free while chanting "Arrow Ward"'))
    assert "error[E719]: no Magic Ball is titled 'Arrow Ward', a Verbal, to throw free" in verbal


@pytest.mark.rule("Ongoing Effects")
def test_heats_a_weapon_goes_on_an_ongoing_effect_with_a_duration() -> None:
    """Ongoing Effects "for some specified duration (Examples: Terror, Heat Weapon, and Shake it Off)": the weapon is
    heated while its holder is under the ability's Ongoing Effect, so the card imparts one for a duration."""
    bare = rendered(ability("school Flame", "type Verbal", "heats a weapon"))
    assert bare.startswith("bad.spell:4:5: error[E721]: `heats a weapon` goes on an ability whose effect imparts an "
                           "Ongoing Effect for a duration")
    endless = rendered(ability("school Flame", "type Verbal", "heats a weapon", "effect: affect target"))
    assert "error[E721]" in endless
    typo = rendered(ability("school Flame", "type Verbal", "heats a weapn", "effect: affect target for 30 s"))
    assert typo.startswith("bad.spell:4:13: error[E001]: unexpected 'weapn'")


@pytest.mark.rule("Range")
def test_a_range_is_one_the_seed_names() -> None:
    """"Self ... Touch ... Other ... 20': Target must be within 20' upon completion of the incantation. 50': ...":
    another distance is a located error (it was a traceback), and leading zeros are no part of a number."""
    out = rendered(ability("school Command", "type Verbal", "range 30'"))
    assert out.startswith("bad.spell:4:11: error[E904]: no range is named \"30'\"")
    assert "note: a range is one of: Self, Touch, Other, 20', 50'" in out
    padded = FRONTENDS["amtgard"].compile_texts([SourceFile("ok.spell", ability("school Command", "type Verbal",
                                                                               "range 00020'"))])
    assert padded.ok and padded.checked[0].card.reach.feet == 20
