"""A parse error says what was found, whole, and what was likely meant (issue 28: "Parse errors are weaker than
the checker's": `schol Subdual` had no suggestion and `school` was cut from the expected list; `deals 4 damage`
said `unexpected 's'`; an unterminated string said `unexpected character '"'`; a missing `}` was reported at the
next card with no word of it; `expect Gorgon wound 1` said `unexpected character 'w'`). The same for every game:
the parse is one (compiler/parse.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands import new_project, spellc_apart


def checked(tmp_path: Path, capsys: pytest.CaptureFixture[str], ruleset: str, old: str, new: str,
            command: tuple[str, ...] = ("check",), file: str = "cards/sample.spell") -> str:
    """What ``spellc check`` (or ``command``) says of the sample project of ``ruleset`` with ``old`` made ``new``
    in ``file``."""
    project = new_project(tmp_path / ruleset, ruleset, capsys)
    path = project / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, *command)
    assert code == 1
    return err


def test_a_misspelled_keyword_is_named_whole_with_the_keyword_meant(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "amtgard", "    school Protection", "    schol Protection")
    assert "cards/sample.spell:3:5: error[E001]: unexpected 'schol'" in err
    assert "help: did you mean 'school'?" in err  # though the expected list is cut before it


def test_a_word_the_lexer_read_a_keyword_from_is_shown_whole(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "incantation_charges", "effect: deal 2 damage", "effect: deals 2 damage")
    assert "cards/sample.spell:6:13: error[E001]: unexpected 'deals'" in err
    assert "note: 'deal' is a word of the language, 'deals' is not" in err
    assert "help: did you mean 'deal'?" in err
    assert "^^^^^" in err and "expected a number" not in err  # the whole word, not what follows 'deal'


def test_an_unterminated_quoted_text_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "amtgard", 'protect thee"', "protect thee")
    assert "error[E001]: unterminated quoted text: it has no closing '\"' on its line" in err
    assert "help: close it with '\"' before the line ends" in err


def test_a_missing_closing_brace_is_said_at_the_next_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "serpents_tongue", "Duration P, Bonded\n}\n", "Duration P, Bonded\n\n")
    assert "error[E001]: unexpected 'spell'" in err
    assert "note: is the '}' closing the card above missing?" in err
    assert "did you mean 'spell'" not in err  # never the word itself


def test_a_scenario_s_misspelled_word_is_named_whole_with_the_word_meant(tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "rackham_incantation", "gems 2 Light, 3 Air", "wound 1",
                  ("play", "scenarios/sample.scenario"), "scenarios/sample.scenario")
    assert "error[E001]: unexpected 'wound'" in err and "help: did you mean 'wounds'?" in err


# ---------------------------------------------------------------- one mistake, one error (issue 28: "Errors also
# cascade: one `at foe` gives three more E509 errors, an error in an Incantation 2 spell adds E624 no spell is
# titled ... on every magician that lists it")
def test_a_mistaken_at_is_one_error_not_one_more_for_each_target(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "incantation_charges", "action \"Strike\" {\n    at enemy",
                  "action \"Strike\" {\n    at foe")
    assert "error[E506]: a card is played at `enemy` or `self`, not 'foe'" in err
    assert "E509" not in err and err.rstrip().endswith("1 error, 0 warnings")


def test_a_spell_with_an_error_is_not_missing_from_the_magician_that_lists_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "rackham_incantation", "    gems 2 Light\n", "    gems 2 Lite\n")
    assert "Lite" in err and "E624" not in err and "no spell is titled" not in err
