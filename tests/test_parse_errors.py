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


def test_a_missing_closing_brace_is_said_at_the_block_it_leaves_open(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """"It names unterminated strings and unclosed blocks at their opening": the error is at the '{' of the card
    left open, and says where the next card began inside it."""
    err = checked(tmp_path, capsys, "serpents_tongue", "Duration P, Bonded\n}\n", "Duration P, Bonded\n\n")
    assert "cards/sample.spell:4:25: error[E001]: this block is never closed: a '}' is missing" in err
    assert '   4 | spell "Pillar of Earth" {\n     |                         ^' in err
    assert 'note: line 13 begins a new block (spell "Fireball" {) inside it' in err
    assert "did you mean" not in err and err.rstrip().endswith("1 error, 0 warnings")  # the next card is whole


def test_a_block_left_open_at_the_end_of_the_file_is_named_where_it_opens(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "serpents_tongue", "Heat | Dmg 2\n}", "Heat | Dmg 2\n")
    assert "cards/sample.spell:13:18: error[E001]: this block is never closed: a '}' is missing" in err
    assert "note: the file ends inside it" in err


# ---------------------------------------------------------------- recovery (issue 28: "It recovers, so a file with
# three mistakes reports three")
THREE_MISTAKES = """
action "Strike" {
    at enemy
    effect: deals 2 damage to target
}

action "Flame Dart" {
    incantation one
    at enemy
    effect: deal 3 damage to target
}

action "Mend" {
    at self
    effect: heal 2 to you

action "Lightning Bolt" {
    incantation 2
    at enemy
    effect: deal 5 damage to target
}

action "Meteor" {
    incantation 3
    at enemy
    effect: deal 8 damage to target
}
"""


def test_a_file_with_three_mistakes_reports_three(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Each card with a mistake is reported once, and the cards after it are read: a mistake in one card does not
    hide the next one's, nor make a whole card look wrong."""
    project = new_project(tmp_path / "charges", "incantation_charges", capsys)
    (project / "cards" / "sample.spell").write_text(THREE_MISTAKES, encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "check")
    assert code == 1
    assert "cards/sample.spell:4:13: error[E001]: unexpected 'deals'" in err
    assert "cards/sample.spell:8:17: error[E001]: unexpected 'one'" in err
    assert "cards/sample.spell:13:15: error[E001]: this block is never closed: a '}' is missing" in err
    assert err.rstrip().endswith("3 errors, 0 warnings")


def test_a_scenario_is_checked_by_spellc_check_in_its_own_language(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`spellc check` reads the project's scenarios too, each by its game's scenario grammar (a scenario named on
    the command line was read as cards: 'unexpected match')."""
    project = new_project(tmp_path / "amtgard", "amtgard", capsys)
    scenario = project / "scenarios" / "sample.scenario"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("magic armor on torso, wounds",
                                                                     "magic armr on torso, wounds"), encoding="utf-8")
    for command in (("check",), ("check", "scenarios/sample.scenario")):
        code, _, err = spellc_apart(project, capsys, *command)
        assert code == 1 and "unexpected 'match'" not in err
        assert "scenarios/sample.scenario:11:24: error[E001]: unexpected 'armr'" in err
        assert "help: did you mean 'armor'?" in err
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("armr", "armor"), encoding="utf-8")
    code, out, _ = spellc_apart(project, capsys, "check")
    assert code == 0 and "1 card in 1 file and 1 scenario: no errors" in out


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
    assert "error[E904]: no target is named 'foe'" in err
    assert "E509" not in err and err.rstrip().endswith("1 error, 0 warnings")


def test_a_spell_with_an_error_is_not_missing_from_the_magician_that_lists_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = checked(tmp_path, capsys, "rackham_incantation", "    gems 2 Light\n", "    gems 2 Lite\n")
    assert "Lite" in err and "E906" not in err and "no spell is titled" not in err


def test_a_parse_error_in_one_card_does_not_hide_the_checkers_errors_in_another(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The cards that parse are checked though another card of their file does not: a file with a parse error in
    one card and a misspelt College in another reports both (only the parse error was said, and the College's only
    once it was mended)."""
    project = new_project(tmp_path / "inc2", "rackham_incantation", capsys)
    path = project / "cards" / "sample.spell"
    text = path.read_text(encoding="utf-8")
    text = text.replace("    gems 2 Light\n", "    gems 2 Light\n    schol Subdual\n", 1)
    text = text.replace("college Elemental Darkness", "college Elemental Darknes", 1)
    path.write_text(text, encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "check")
    assert code == 1
    assert "error[E001]: unexpected 'schol'" in err
    assert "no College of Magic is named 'Elemental Darknes'" in err and "did you mean 'Elemental Darkness'?" in err
    assert err.rstrip().endswith("2 errors, 0 warnings")


def test_a_card_that_does_not_parse_is_not_missing_from_the_cards_that_name_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A magician that lists a spell whose card does not parse is not told that no spell is titled so: the spell's
    own error is said at it, once (no cascade)."""
    err = checked(tmp_path, capsys, "rackham_incantation", "    gems 2 Light\n", "    gems 2 Light\n    schol 3\n")
    assert "error[E001]: unexpected 'schol'" in err
    assert "no spell is titled" not in err and err.rstrip().endswith("1 error, 0 warnings")


def test_a_scenario_with_a_mistake_in_its_match_and_in_a_turn_reports_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A scenario cannot do without its `match` block: its wrong line alone is set aside, so the turns after it are
    read too (only the match's mistake was said)."""
    project = new_project(tmp_path / "inc2", "rackham_incantation", capsys)
    (project / "scenarios" / "two.scenario").write_text(
        'match "Two mistakes" {\n    magician "Méliador" camp Lion gems 4 Light, 3 Air\n'
        '    magican "Gorgon" camp Acheron gems 3 Fire, 3 Darkness\n}\n\nturn 1 {\n'
        '    Méliador declines a trance\n    die five\n}\n', encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "check", "scenarios/two.scenario")
    assert code == 1
    assert "two.scenario:3:5: error[E001]: unexpected 'magican'" in err and "did you mean 'magician'?" in err
    assert "two.scenario:8:9: error[E001]: unexpected 'five'" in err
    assert err.rstrip().endswith("2 errors, 0 warnings")


def test_a_stray_closing_brace_is_one_error_that_names_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A '}' that closes a card early leaves the card's other lines outside it: one error, at the first of them,
    naming the '}' (not one error a line, nor a new card expected)."""
    err = checked(tmp_path, capsys, "serpents_tongue", "    sphere Matter\n", "    sphere Matter\n    }\n")
    assert err.count("error[") == 1, err
    assert "cards/sample.spell:7:5: error[E001]: unexpected 'role'" in err
    assert "note: the '}' on line 6 closed its block before this line" in err and "did you mean" not in err


@pytest.mark.parametrize(("old", "new"), [
    ("    magic armor 2\n}", "    magic armor 2\n} x"),  # text after the card's own '}'
    ("    effect: deal 2 damage to target",
     "    effect: choose one\n        - deal 2 damage to target\n        - deal 1 damage to target"),
])
def test_a_line_that_breaks_its_block_is_one_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str,
                                                   new: str) -> None:
    """Recovery skips a wrong line alone only where the rest of its block still reads without it: a mistake at a
    card's '}', or a line that lacks the '{' of the lines it opens, is one error, not one more for each line after
    it."""
    ruleset = "amtgard" if "armor" in old else "incantation_charges"
    err = checked(tmp_path, capsys, ruleset, old, new)
    assert err.count("error[") == 1, err
