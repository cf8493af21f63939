"""The parse of each card file is kept for its text (compiler.parse.parse_file: a language server re-checks the
whole project at each keystroke): a file read again says the same, and an edited file is read anew."""

from __future__ import annotations

from spellc.compiler.incantation_charges.frontend import FRONTEND
from spellc.compiler.serpents_tongue.frontend import FRONTEND as SERPENTS_TONGUE
from spellc.compiler.source import SourceFile

GOOD = 'action "Strike" {\n    at enemy\n    effect: deal 2 damage to target\n}\n'
BROKEN = 'action "Strike" {\n    at enemy\n    effect deal 2 damage to target\n}\n'


def test_a_file_read_again_reports_the_same_problems() -> None:
    first = FRONTEND.compile_texts([SourceFile("cards/a.spell", BROKEN)]).diagnostics.render()
    again = FRONTEND.compile_texts([SourceFile("cards/a.spell", BROKEN)]).diagnostics.render()
    assert "cards/a.spell:3:12: error[E001]" in first
    assert again == first


def test_an_edited_file_is_read_anew() -> None:
    assert not FRONTEND.compile_texts([SourceFile("cards/b.spell", BROKEN)]).ok
    fixed = FRONTEND.compile_texts([SourceFile("cards/b.spell", GOOD)])
    assert fixed.ok and [c.card.title for c in fixed.checked] == ["Strike"]
    twice = FRONTEND.compile_texts([SourceFile("cards/b.spell", GOOD), SourceFile("cards/c.spell", GOOD)])
    assert "duplicate title 'Strike'" in twice.diagnostics.render()


def test_every_ruleset_reads_an_edited_file_anew() -> None:
    spell = ('spell "Bolt" {\n    sphere Forces\n    role Attack\n    fluency 1\n    resonance -2\n'
             '    aspects Heat | Dmg 1\n}\n')
    assert SERPENTS_TONGUE.compile_texts([SourceFile("cards/s.spell", spell)]).ok
    broken = SERPENTS_TONGUE.compile_texts([SourceFile("cards/s.spell", spell.replace("Dmg 1", "Dmg"))])
    again = SERPENTS_TONGUE.compile_texts([SourceFile("cards/s.spell", spell.replace("Dmg 1", "Dmg"))])
    assert not broken.ok and again.diagnostics.render() == broken.diagnostics.render()
    assert SERPENTS_TONGUE.compile_texts([SourceFile("cards/s.spell", spell)]).ok
