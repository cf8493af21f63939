"""Incantation 2's cards through the compiler: what a designer gets for a card the seed's rules refuse (a located
error, its code, its message, and the help or note the checker gives), that the shipped cards compile clean, and
that the generated module is reproducible from them byte for byte.

Each source is read by the real parser (grammar/common.lark with grammar/rackham_incantation.lark), turned into
the AST and checked card by card, then as a set, as `spellc build` does."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler import fields
from spellc.compiler.diagnostics import Diagnostic, Diagnostics
from spellc.compiler.rackham_incantation.check import Checked
from spellc.compiler.rackham_incantation.emit_python import emit_python
from spellc.compiler.rackham_incantation.frontend import FRONTEND, compile_files
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.rackham_incantation.cards import Level, MagicianCard, SpellCard

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards_src" / "rackham_incantation"
GENERATED = ROOT / "generated" / "rackham_incantation"

Located = tuple[str, str, str, tuple[str, ...]]  # (file:line:col, code, message, notes)


def compile_text(text: str, path: str = "t.spell") -> tuple[list[Checked], Diagnostics]:
    """``text`` parsed, checked card by card and then as a set: the cards kept, and every diagnostic."""
    compiled = FRONTEND.compile_texts([SourceFile(path, text)])
    return compiled.checked, compiled.diagnostics


def located(d: Diagnostic) -> Located:
    s = d.span
    return f"{s.source.path}:{s.line}:{s.column}", d.code, d.message, d.notes


def errors(text: str) -> list[Located]:
    """Every diagnostic of ``text``, in source order."""
    _, diags = compile_text(text)
    return [located(d) for d in diags.sorted()]


def titles(text: str) -> list[str]:
    checked, _ = compile_text(text)
    return [c.card.title for c in checked]


def spell(title: str, college: str = "Hermetic Magic", gems: str = "1 Light", power: int = 2,
          more: str = "") -> str:
    """A spell card: title on line 1, college 2, gems 3, difficulty 4, range 5, power 6, then ``more``."""
    return (f'spell "{title}" {{\n    college {college}\n    gems {gems}\n    difficulty 7\n    range 30 cm\n'
            f"    power {power}\n{more}}}\n")


def magician(title: str = "Mage", people: str = "Alahan", level: str = "Adept", power: int = 7,
             elements: str = "Light, Air", spells: str | None = None, more: str = "") -> str:
    """A magician card: title on line 1, people 2, level 3, power 4, initiative 5, elements 6, spells 7."""
    listed = f"    spells {spells}\n" if spells is not None else ""
    return (f'magician "{title}" {{\n    people {people}\n    level {level}\n    power {power}\n    initiative 5\n'
            f"    elements {elements}\n{listed}{more}}}\n")


COLLEGES = fields.vocabulary(RULESETS["rackham_incantation"], "college")


# ---------------------------------------------------------------- the Elements of a gem
@pytest.mark.rule("Elements")
def test_a_gem_of_an_unknown_element() -> None:
    """"There are six elements. The four primary elements are: Water, Air, Earth and Fire ... The other two
    Elements are called Principles. They are Light and Darkness" (4.1, 4.2): a typo is refused with the nearest."""
    text = spell("Flash", college="Elemental Light", gems="2 Ligth")
    assert errors(text) == [("t.spell:3:12", "E904", "no Element is named 'Ligth'", (
        "help: did you mean 'Light'?",
        "note: an Element is one of: Water, Air, Earth, Fire, Light, Darkness, Neutral"))]
    assert titles(text) == []
    _, diags = compile_text(text)
    assert diags.render().splitlines()[:3] == [
        "t.spell:3:12: error[E904]: no Element is named 'Ligth'",
        "   3 |     gems 2 Ligth",
        "     |            ^^^^^"]


@pytest.mark.rule("Elements")
def test_a_magician_controlling_an_unknown_element() -> None:
    """"Each Element is symbolized on the cards of fate by a gem of Mana" (4.5): a magician's Elements are the
    six too. (The checker then also counts the Elements it knows against the level: E620 follows.)"""
    found = errors(magician(elements="Light, Aire"))
    assert ("t.spell:6:21", "E904", "no Element is named 'Aire'", (
        "help: did you mean 'Air'?", "note: an Element is one of: Water, Air, Earth, Fire, Light, Darkness")) in found
    assert titles(magician(elements="Light, Aire")) == []


# ---------------------------------------------------------------- what a College could pay
@pytest.mark.rule("College of Magic")
def test_a_hermetic_spell_printing_darkness() -> None:
    """Sorcerers of Alahan: "Primary college: Light. Prohibited college: Dark ... They reject Darkness, principle of
    corruption and destruction" (5.5.1): no Hermetic spell could ever be paid with Darkness."""
    assert errors(spell("Dark Prism", gems="1 Light, 1 Darkness")) == [
        ("t.spell:3:21", "E607",
         "Hermetic Magic could never pay a gem of Darkness: its Elements are Water, Air, Earth, Fire, Light",
         ("help: choose the spell's College among those its Elements allow",))]


@pytest.mark.rule("College of Magic")
def test_a_primitive_spell_printing_an_element() -> None:
    """"A neutral gem represents the number of gems necessary to cast a primitive magic spell" (5.5.15): the help
    writes the same count of Neutral."""
    assert errors(spell("Mana Bolt", college="Primitive Magic", gems="2 Fire")) == [
        ("t.spell:3:12", "E607", "Primitive Magic could never pay a gem of Fire: its gems are all neutral",
         ("help: write `2 Neutral`",))]
    assert titles(spell("Mana Bolt", college="Primitive Magic", gems="2 Neutral")) == ["Mana Bolt"]


@pytest.mark.rule("College of Magic")
def test_an_unknown_college() -> None:
    """"Each race thus has its own College of Magic" (3.2): a College no people, Element or Primitive Magic names
    is refused, with the nearest."""
    assert errors(spell("Flash", college="Hermetik Magic")) == [
        ("t.spell:2:13", "E904", "no College of Magic is named 'Hermetik Magic'", (
            "help: did you mean 'Hermetic Magic'?",
            f"note: a College of Magic is one of: {', '.join(COLLEGES)}"))]


# ---------------------------------------------------------------- a magician's Elements
@pytest.mark.rule("Levels of Magic")
def test_the_wrong_number_of_elements_for_a_level() -> None:
    """"The Initiates are knowledgeable about a single Element"; the Adepts study "a second Element"; the Masters'
    "control of three Elements"; "The Virtuosos control all the Elements" (5.4, 10.4)."""
    assert errors(magician(level="Master", elements="Light, Air")) == [
        ("t.spell:6:5", "E620", "a Master controls 3 Elements, not 2", ())]
    assert [(where, code) for where, code, _, _ in errors(magician(level="Initiate", elements="Light, Air"))] == [
        ("t.spell:6:5", "E620")]
    assert errors(magician(level="Virtuoso", elements="Water, Air, Earth, Fire, Light")) == [
        ("t.spell:6:5", "E620", "a Virtuoso controls 6 Elements, not 5", ())]
    assert titles(magician(level="Initiate", elements="Light")) == ["Mage"]


@pytest.mark.rule("College of Magic")
def test_a_people_s_primary_element_missing() -> None:
    """"The Magicians always control an Element: the college related to the essence of their people" (5.5);
    Necromancers of Achéron: "Primary College: Darkness" (5.5.2)."""
    assert errors(magician(people="Achéron", elements="Fire, Air")) == [
        ("t.spell:6:5", "E621", "a magician of Necromancers of Achéron always controls Darkness", ())]
    assert errors(magician(elements="Water, Air")) == [
        ("t.spell:6:5", "E621", "a magician of Sorcerers of Alahan always controls Light", ())]


@pytest.mark.rule("College of Magic", "Levels of Magic")
def test_a_prohibited_element_and_a_virtuoso() -> None:
    """"Certain Elements are prohibited" (5.5); Alahan: "Prohibited college: Dark" (5.5.1); "The Virtuosos control
    all the Elements. A Virtuoso has no prohibited college" (10.4)."""
    assert errors(magician(elements="Light, Darkness")) == [
        ("t.spell:6:5", "E622", "Darkness is prohibited to Sorcerers of Alahan",
         ('note: only a Virtuoso "has no prohibited college"',))]
    assert errors(magician(people="Wolfen", level="Master", elements="Water, Light, Darkness")) == [
        ("t.spell:6:5", "E622", "Light, Darkness is prohibited to Wolfen",
         ('note: only a Virtuoso "has no prohibited college"',))]
    virtuoso = magician(level="Virtuoso", elements="Water, Air, Earth, Fire, Light, Darkness")
    assert errors(virtuoso) == []
    checked, _ = compile_text(virtuoso)
    card = checked[0].card
    assert isinstance(card, MagicianCard) and card.level is Level.VIRTUOSO and len(card.elements) == 6


def test_an_unknown_people() -> None:
    """The peoples are those of 5.5.1 to 5.5.13: a typo is refused with the nearest, and the list."""
    peoples = ("note: a people is one of: Alahan, Achéron, Cynwäll, Tir-Na-Bor, Griffon, Orc, Dirz, Akkyshan, Wolfen, "
               "Goblin, Mid-Nor, Daikinee, Keltois")
    assert errors(magician(people="Alahn")) == [
        ("t.spell:2:12", "E904", "no people is named 'Alahn'", ("help: did you mean 'Alahan'?", peoples))]
    assert errors(spell("Flash", more="    exclusive Alahn\n")) == [
        ("t.spell:7:15", "E904", "no people is named 'Alahn'", ("help: did you mean 'Alahan'?", peoples))]


# ---------------------------------------------------------------- a magician's spell list
@pytest.mark.rule("Magic Potential")
def test_a_spell_list_over_the_magic_potential() -> None:
    """"The Magician can control spells of a total power equal to twice his Power characteristic. This is his Magic
    Potential. The sum of all the Powers of the spells that a magician chooses may not exceed this value" (3.10)."""
    cards = spell("Storm", power=8) + spell("Prism", power=7)
    assert errors(cards + magician(spells='"Storm", "Prism"')) == [
        ("t.spell:21:5", "E626",
         "the spells of Mage total a Power of 15, over its Magic Potential of 14 (twice its Power 7)",
         ("help: drop a spell, or choose spells of a lower Power rating",))]
    assert titles(cards + magician(spells='"Storm", "Prism"')) == ["Storm", "Prism"]  # the magician is left out
    exactly = spell("Storm", power=7) + spell("Prism", power=7) + magician(spells='"Storm", "Prism"')
    assert errors(exactly) == [] and titles(exactly) == ["Storm", "Prism", "Mage"]


@pytest.mark.rule("Magic Potential")
def test_a_warrior_mage_s_spell_list_over_its_power() -> None:
    """Warrior-Magi: "Their Potential is equal to their Power characteristic" (10.5)."""
    cards = spell("Storm", power=4) + spell("Prism", power=4)
    warrior = magician(spells='"Storm", "Prism"', more="    warrior-mage\n")
    assert errors(cards + warrior) == [
        ("t.spell:21:5", "E626", "the spells of Mage total a Power of 8, over its Magic Potential of 7 (its Power)",
         ("help: drop a spell, or choose spells of a lower Power rating",))]
    assert errors(cards + magician(spells='"Storm", "Prism"')) == []  # within 14 for a magician of Power 7
    within = spell("Storm", power=4) + spell("Prism", power=3) + warrior
    assert errors(within) == []


@pytest.mark.rule("Gems and casting", "College of Magic")
def test_a_spell_the_magician_could_never_cast() -> None:
    """"A Magician can cast only magic spells using the Elements that he controls. In the same way, if a magic
    spell does not belong to the one of the Colleges of Magic of the Magician, he will not be able to cast the
    spell" (4.7)."""
    of_necromancy = spell("Arrows", college="Necromancy", gems="3 Fire") + magician(spells='"Arrows"')
    assert errors(of_necromancy) == [
        ("t.spell:14:12", "E625", "Mage could never cast Arrows: Arrows is of Necromancy, which Mage does not follow",
         ())]
    of_fire = spell("Blaze", gems="1 Fire") + magician(spells='"Blaze"')
    assert errors(of_fire) == [
        ("t.spell:14:12", "E625", "Mage could never cast Blaze: Blaze needs Fire, which Mage does not control", ())]
    elemental = spell("Dart", college="Elemental Fire", gems="1 Fire") + magician(spells='"Dart"')
    assert errors(elemental) == [
        ("t.spell:14:12", "E625",
         "Mage could never cast Dart: Dart is of Elemental Fire, which Mage does not follow", ())]
    fine = spell("Gust", college="Elemental Air", gems="1 Air") + magician(spells='"Gust"')
    assert errors(fine) == []


# ---------------------------------------------------------------- across cards
def test_a_summon_of_no_creature() -> None:
    """"A Morbid Angel came out of there" (1): a spell summons a creature card of the set, named exactly."""
    text = (spell("Invocation", college="Necromancy", gems="4 Darkness", more='    effect: summon "Morbid Angle"\n')
            + 'creature "Morbid Angel" {\n    fear 6\n    traits Undead\n}\n')
    assert errors(text) == [
        ("t.spell:7:20", "E627", "no creature is titled 'Morbid Angle' to summon",
         ("help: did you mean 'Morbid Angel'?",))]
    assert titles(text) == ["Morbid Angel"]
    assert titles(text.replace("Morbid Angle", "Morbid Angel")) == ["Invocation", "Morbid Angel"]


def test_two_cards_with_one_title() -> None:
    """Every card has its page and its place in the library by its title: one title, one card."""
    text = spell("Flash") + spell("Flash", gems="2 Light")
    assert errors(text) == [
        ("t.spell:8:7", "E908", "duplicate title 'Flash'",
         ("note: 'Flash' is at t.spell:1", "help: give one of the two a title that differs in its letters"))]
    assert len(titles(text)) == 1


def test_required_fields_missing() -> None:
    """"The number and the type of gems necessary to cast each spell appear on the card" (3.1); a spell card prints
    its difficulty and Power rating (3.3, 3.10), a magician its Power (5.3)."""
    no_difficulty = 'spell "Flash" {\n    college Hermetic Magic\n    gems 1 Light\n    range 30 cm\n}\n'
    assert errors(no_difficulty) == [
        ("t.spell:1:7", "E902", "a spell needs a `difficulty` line", ("help: add a line such as `difficulty 5`",)),
        ("t.spell:1:7", "E902", "a spell needs a `power` line", ("help: add a line such as `power 2`",))]
    no_power = 'magician "M" {\n    people Alahan\n    level Adept\n    initiative 5\n    elements Light, Air\n}\n'
    assert errors(no_power) == [("t.spell:1:10", "E902", "a magician needs a `power` line",
                                 ("help: add a line such as `power 2`",))]
    assert titles(no_difficulty + no_power) == []


# ---------------------------------------------------------------- the shipped cards
def shipped() -> list[Path]:
    """The card files `spellc build` reads for this ruleset (every .spell under cards_src/rackham_incantation/)."""
    return sorted(CARDS.rglob("*.spell"))


def test_the_shipped_cards_compile_without_a_diagnostic() -> None:
    result = compile_files(shipped(), ROOT)
    assert shipped() and result.diagnostics.items == [], result.diagnostics.render()
    assert result.files == len(shipped())
    cards = {c.card.title: c.card for c in result.checked}
    storm = cards["Storm of Light"]
    assert isinstance(storm, SpellCard) and storm.gems == (("Air", 3), ("Light", 4))
    meliador = cards["Méliador"]
    assert isinstance(meliador, MagicianCard) and meliador.potential == 14  # "his Magic Potential is 14"


def test_the_generated_module_is_reproducible() -> None:
    """emit_python of the shipped cards is generated/rackham_incantation/ as committed, byte for byte."""
    result = compile_files(shipped(), ROOT)
    assert result.ok, result.diagnostics.render()
    files = emit_python(result.checked)
    assert sorted(files) == ["__init__.py", "cards.py"]
    for name, text in files.items():
        assert (GENERATED / name).read_bytes() == text.encode("utf-8"), f"generated/rackham_incantation/{name}"
