"""The parse of each card file is kept for its text (a language server re-checks the whole project at each
keystroke): a file read again says the same, and an edited file is read anew."""

from __future__ import annotations

from compiler.incantation_charges.frontend import FRONTEND
from compiler.source import SourceFile

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
    assert "two cards are titled 'Strike'" in twice.diagnostics.render()
