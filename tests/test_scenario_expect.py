"""Scenarios as a designer's test language: what `expect` checks, where in a round, and the lines that
answer the rules' questions (ritual tiers, the Rite zone, dismissing, starting Voice, modes)."""

from __future__ import annotations

import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.core.scenario import Replay
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.scenario import replay
from spellc.generated.serpents_tongue import LIBRARY
from tests.test_scenario_errors import located, play_text

ROOT = Path(__file__).resolve().parent.parent
ACT1 = (ROOT / "cards_src" / "serpents_tongue" / "scenarios" / "act1_walkthrough.scenario").read_text(encoding="utf-8")
ACT2 = (ROOT / "cards_src" / "serpents_tongue" / "scenarios" / "act2_walkthrough.scenario").read_text(encoding="utf-8")
EXAMPLES = ROOT / "tests" / "fixtures" / "cards"
SCENARIO_CARDS = ROOT / "tests" / "fixtures" / "scenario_cards" / "scenario_examples.spell"


@cache
def library() -> CardLibrary:
    """The shipped cards and the example cards of tests/fixtures/cards, compiled into importable modules
    (a Match pickles its state, cards included, so each class must be found again by its module)."""
    from spellc.compiler.serpents_tongue.emit_python import emit_python
    from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells

    result = compile_files(sorted(EXAMPLES.glob("*.spell")) + [SCENARIO_CARDS])
    assert result.ok, result.diagnostics.render()
    cards: dict[str, Any] = dict(LIBRARY.cards)
    for name, source in emit_python(spells(result), nam_shubs(result)).items():
        if name == "__init__.py":
            continue
        module = types.ModuleType(f"scenario_test_cards_{Path(name).stem}")
        sys.modules[module.__name__] = module
        exec(compile(source, name, "exec"), module.__dict__)
        cards.update({c.title: c for c in module.CARDS})
    return CardLibrary(cards)


def run(text: str) -> Replay[Game]:
    diags = Diagnostics()
    parsed = parse_scenario(SourceFile("test.scenario", text), diags)
    assert parsed is not None, diags.render()
    return replay(parsed, library())


def ok(text: str) -> Replay[Game]:
    result = run(text)
    assert result.error is None, f"{result.error.where}: {result.error.message}"
    return result


def fails(text: str, line: int, message: str) -> None:
    result = run(text)
    assert result.error is not None, "the replay passed"
    assert result.error.where.line == line and message in result.error.message, \
        f"{result.error.where}: {result.error.message}"


def act1(after: str, add: str, count: int = 1) -> str:
    """Act I with ``add`` (lines) inserted after the line ``after`` (its first ``count`` occurrences)."""
    assert after in ACT1
    return ACT1.replace(after + "\n", after + "\n" + add + "\n", count)


def line_of(text: str, line: str) -> int:
    return text.split("\n").index(line) + 1


SMALL = '''match "Small" {
    level %(level)s
    magi White {
        essence %(white)s
        resonance 5
%(extra)s        codex %(codex)s
    }
    magi Black {
        essence %(black)s
        codex "Fireball", "Acidic Matter", "Pillar of Earth"
    }
}
round 1 {
    dice 1
%(lines)s
}
'''


def small(lines: str, codex: str = '"Slow Bolt", "Kept Mend"', level: int = 1, white: int = 8, black: int = 7,
          extra: str = "") -> str:
    """White (more Essence: first) with 5 Resonance and the Codex given, against Black; one round."""
    return SMALL % {"lines": lines, "codex": codex, "level": level, "white": white, "black": black, "extra": extra}


# ---------------------------------------------------------------- what expect checks
def test_expect_absence() -> None:
    """`expect Black attack has no "Fireball"` holds while no Fireball is there, and fails once one is."""
    ok(act1('    expect Black essence 6, resonance 0, attack has "Acidic Matter" duration 2',
            '    expect Black attack has no "Fireball", curse has no "Acidic Matter"'))
    text = act1('    expect Black essence 6, resonance 0, attack has "Acidic Matter" duration 2',
                '    expect Black attack has no "Acidic Matter"')
    fails(text, 32, 'expected Black attack zone has no "Acidic Matter"; it holds Acidic Matter')


def test_expect_the_discard_pile_codex_and_prepared_spells() -> None:
    """A Component discarded for a requirement is in the discard pile; spells never prepared stay in the Codex."""
    text = act1('    White casts "Acidic Matter" at Black discarding "Pillar of Earth"',
                '    expect White discard has "Pillar of Earth", codex has "Air Essence"\n'
                '    expect White codex has no "Pillar of Earth"\n'
                '    expect Black discard has "Fireball"')
    text = text.replace('    Black meditates\n',
                        '    Black meditates\n    expect Black prepared has "Dissolve Tissue"\n', 1)
    ok(text)
    fails(text.replace('discard has "Fireball"', 'discard has "Dissolve Tissue"'), 32,
          'expected Black discard pile has "Dissolve Tissue"; it holds Fireball')


@pytest.mark.rule("Rite Zone")
def test_expect_the_rite_zone_and_advancing_it() -> None:
    """`White advances "Slow Bolt"` invests a Full Action in a spell of the Rite zone; `rite has` sees it there."""
    result = ok(small('    White prepares "Slow Bolt"\n    White casts "Slow Bolt" at Black\n'
                      '    expect White rite has "Slow Bolt"\n    Black passes\n    White advances "Slow Bolt"\n'
                      '    expect White rite has no "Slow Bolt", discard has "Slow Bolt"\n    expect Black essence 4'))
    assert "White speaks Slow Bolt into the Rite zone (1 of 2 Full Actions)" in "\n".join(result.game.log)
    fails(small('    White prepares "Slow Bolt"\n    White casts "Slow Bolt" at Black\n    expect White rite has no '
                '"Slow Bolt"'), 17, 'expected White Rite zone has no "Slow Bolt"; it holds Slow Bolt')


@pytest.mark.rule("Dormant")
def test_expect_a_dormant_spell() -> None:
    lines = ('    White prepares "Kept Mend", "Stasis"\n    White casts "Kept Mend" at White\n    Black passes\n'
             '    White casts "Stasis" at "Kept Mend"\n    expect White enhancement has "Kept Mend" dormant')
    ok(small(lines, codex='"Kept Mend", "Stasis"'))
    fails(small(lines.replace('    White casts "Stasis" at "Kept Mend"\n', ""), codex='"Kept Mend", "Stasis"'), 18,
          'expected White enhancement zone has "Kept Mend", dormant; found Kept Mend (duration 3)')


@pytest.mark.rule("Interrupt Stone")
def test_expect_interrupt_stones() -> None:
    """"Collect an interrupt stone and place it in front of you" (Act II): one after the Response, none once shed."""
    text = ACT2.replace('    White casts "Universum Negation" at "Purge the Light"\n',
                        '    White casts "Universum Negation" at "Purge the Light"\n'
                        '    expect White interrupt stones 1\n', 1)
    text = text.replace("    White sheds an interrupt stone\n",
                        "    White sheds an interrupt stone\n    expect White interrupt stones 0\n", 1)
    ok(text)
    fails(text.replace("expect White interrupt stones 1", "expect White interrupt stones 2"),
          line_of(text, "    expect White interrupt stones 1"), "expected White interrupt stones 2; found 1")


@pytest.mark.rule("Initiative Phase")
def test_expect_the_initiative_order() -> None:
    """"Initiative goes to the Shadow ... because it has the most Harmony (0)": then Black, who won the roll."""
    text = ACT2.replace("    Black goes first\n",
                        "    Black goes first\n    expect initiative Shadow, Black, White\n", 1)
    ok(text)
    wrong = text.replace("expect initiative Shadow, Black, White", "expect initiative Black, Shadow, White")
    fails(wrong, line_of(wrong, "    expect initiative Black, Shadow, White"),
          "expected initiative Black, Shadow, White; found Shadow, Black, White")


def test_expect_a_draw_and_the_json_draw_flag() -> None:
    """Both Magi at 0 Essence after maintenance: no team stands, the match is a draw."""
    # The two Acidic Matters each take the last Essence in maintenance.
    text = '''match "Draw" {
    level 1
    magi White {
        essence 2
        resonance 6
        codex "Pillar of Earth", "Acidic Matter"
    }
    magi Black {
        essence 2
        resonance 6
        codex "Pillar of Earth", "Acidic Matter"
    }
}
round 1 {
    dice 1, 9, 2
    White goes first
    White prepares "Pillar of Earth", "Acidic Matter"
    Black prepares "Pillar of Earth", "Acidic Matter"
    White casts "Pillar of Earth"
    Black casts "Pillar of Earth"
    White casts "Acidic Matter" at Black discarding "Pillar of Earth"
    Black casts "Acidic Matter" at White discarding "Pillar of Earth"
    expect White essence 1
    expect Black essence 1
}
round 2 {
    dice 1, 9, 2
    White goes first
    expect draw
}
'''
    result = ok(text)
    assert result.json()["outcome"] == {"winner": None, "draw": True, "incapacitated": ["White", "Black"],
                                        "reason": "every opponent is incapacitated"}
    fails(text.replace("expect draw", "expect winner White"), 29, "expected the winner White; found no winner")
    code, out, _ = play_text(text.encode(), json_out=True)
    assert code == 0 and '"draw": true' in out


def test_expect_draw_fails_while_the_match_goes_on() -> None:
    fails(ACT1.replace("    expect winner White", "    expect draw"), 100, "expected a draw; found winner White")


# ---------------------------------------------------------------- when expect checks
def test_expect_holds_at_its_place_in_the_round() -> None:
    """An `expect` before a line is checked before that line takes effect: Black still has 7 Essence before
    the Fireball and the Acidic Matter, White 7 before the Fireball (5 and 6 at the round's end)."""
    text = act1('    White casts "Pillar of Earth"', "    expect White essence 7\n    expect Black essence 7")
    ok(text)
    fails(text.replace("    expect White essence 7", "    expect White essence 5"), 27,
          "expected White essence 5; found 7")


def test_expectations_after_the_last_line_hold_at_the_rounds_end() -> None:
    text = act1('    White casts "Acidic Matter" at Black discarding "Pillar of Earth"', "    expect Black essence 7")
    fails(text, 29, "expected Black essence 7; found 6")


# ---------------------------------------------------------------- lines that answer the rules' questions
@pytest.mark.rule("Ritual Path")
def test_buying_ritual_tiers() -> None:
    """`buying 2 tiers` buys the ritual path's first two tiers (N/A, then Dmg +1); with or without the cost."""
    base = '    White prepares "Glyph"\n    White casts "Glyph" at Black, buying %s\n    expect Black essence %d'
    result = ok(small(base % ("2 tiers", 5), codex='"Glyph"', level=2))
    assert "White buys 2 ritual tier(s) of Glyph" in result.game.log[-3:][0] or any(
        "buys 2 ritual tier(s)" in line for line in result.game.log)
    ok(small(base % ("2 tiers for 2 Harmony", 5) + "\n    expect White harmony -2", codex='"Glyph"', level=2))
    ok(small(base % ("0 tiers", 6), codex='"Glyph"', level=2))
    fails(small(base % ("2 tiers for 5 Harmony", 5), codex='"Glyph"', level=2), 16,
          "2 tiers for 5 Harmony is not a legal choice")


@pytest.mark.rule("Dismiss")
def test_dismissing_a_spell() -> None:
    lines = ('    White prepares "Idle Glow"\n    White casts "Idle Glow" at White\n    Black passes\n'
             '    expect White enhancement has "Idle Glow"\n    White dismisses "Idle Glow"\n'
             '    expect White enhancement has no "Idle Glow", discard has "Idle Glow"')
    ok(small(lines, codex='"Idle Glow"', level=2))
    fails(small('    White dismisses "Idle Glow"', codex='"Idle Glow"', level=2), 15,
          'White cannot dismiss "Idle Glow": White controls no Idle Glow in play')


@pytest.mark.rule("Voice")
def test_setting_starting_voice() -> None:
    """`voice 10` in a Magi's block: "Give up 10 Voice to gain (choose one): ... 1 Will"."""
    lines = "    expect White voice 10\n    White exchanges 10 Voice for 1 Will\n    expect White will 4, voice 0"
    ok(small(lines, codex='"Idle Glow"', level=2, extra="        voice 10\n"))
    fails(small(lines, codex='"Idle Glow"', level=2), 15, "expected White voice 10; found 0")


def test_a_cast_may_discard_and_take_an_option() -> None:
    """`discarding "C", upgrading with 1 Will` parses: the titles after `discarding` end where an option begins."""
    lines = ('    White prepares "Pillar of Earth", "Forge Bolt"\n    White casts "Pillar of Earth"\n    Black passes\n'
             '    White casts "Forge Bolt" at Black discarding "Pillar of Earth", upgrading with 1 Will\n'
             '    expect White will 2, discard has "Pillar of Earth"\n    expect Black essence 6')
    result = ok(small(lines, codex='"Pillar of Earth", "Forge Bolt"', level=2))
    assert any("upgrades Forge Bolt with Pierce 1 for 1 Will" in line for line in result.game.log)


def test_a_title_after_the_options_is_no_discard() -> None:
    code, _, err = play_text(small('    White casts "Forge Bolt" at Black, intoning, "Pillar of Earth"'))
    assert code == 1 and located(err, 15, "E305", "'Pillar of Earth' here is no discard")


def test_declines_is_not_taken_by_a_resolve_order_question() -> None:
    """`White declines "Kept Mend"` answers the sustain question about Kept Mend; the resolve-order question
    before it (Idle Glow or Kept Mend first?) takes the zone order."""
    text = small('    White prepares "Idle Glow", "Kept Mend"\n    White casts "Idle Glow"\n    Black passes\n'
                 '    White casts "Kept Mend" at White', codex='"Kept Mend", "Idle Glow"', level=2) + '''round 2 {
    dice 1
    White declines "Kept Mend"
    expect White enhancement has no "Kept Mend", enhancement has "Idle Glow"
}
'''
    result = ok(text)
    assert "R2: Kept Mend is not sustained and is discarded" in result.game.log


FORKED = ('    White prepares "Idle Glow", "Forked Path"\n    White casts "Idle Glow"\n    Black passes\n'
          '    White casts "Forked Path"%s\n%s    expect Black essence 5')


def test_at_answers_only_the_target_question_it_was_written_for() -> None:
    """`at Black` answers "target of Forked Path?"; the mode's own "target Magi" is another question, and the
    replay stops naming both instead of spending `at Black` on it."""
    text = small(FORKED % (" at Black", '    White chooses "1"\n'), codex='"Forked Path", "Idle Glow"', level=2)
    result = run(text)
    assert result.error is not None and "the rules ask White: Forked Path: target Magi?" in result.error.message
    assert '`at Black` answers "target of Forked Path?" only' in result.error.message
    ok(small(FORKED % ("", '    White chooses "1"\n    White chooses "Black"\n'), codex='"Forked Path", "Idle Glow"',
             level=2))


def test_at_must_name_the_target_the_rules_chose_alone() -> None:
    """A spell with one legal target is not asked; `at NAME` naming another is an error, not ignored."""
    result = run(small('    White prepares "Idle Glow"\n    White casts "Idle Glow" at Black', codex='"Idle Glow"'))
    assert result.error is not None and result.error.message == (
        "`at Black` answered no question: Idle Glow had one legal target, White, and the rules chose it")
    ok(small('    White prepares "Idle Glow"\n    White casts "Idle Glow" at White', codex='"Idle Glow"'))


def test_a_line_written_for_another_question_stops_naming_both() -> None:
    text = small(FORKED % ("", '    White declines "Forked Path"\n'), codex='"Forked Path", "Idle Glow"', level=2)
    fails(text, 19, "this line answers an optional question about \"Forked Path\" (`White declines \"Forked Path\"`), "
          "but the rules ask White: Forked Path: choose one (mode, about Forked Path)")


@pytest.mark.parametrize("answer", ["1", "Deal Dmg 2 to target Magi.", "deal", "Deal Dmg"])
def test_a_mode_is_named_by_its_number_or_a_unique_beginning(answer: str) -> None:
    ok(small(FORKED % ("", f'    White chooses "{answer}"\n    White chooses "Black"\n'),
             codex='"Forked Path", "Idle Glow"', level=2))


def test_an_unknown_mode_is_refused_with_the_choices() -> None:
    for answer in ("3", "0", "x"):
        text = small(FORKED % ("", f'    White chooses "{answer}"\n    White chooses "Black"\n'),
                     codex='"Forked Path", "Idle Glow"', level=2)
        fails(text, 19, f'"{answer}" is not one of the choices: Deal Dmg 2 to target Magi., Add 1 Karma charge')


# ---------------------------------------------------------------- refusals that say why
@pytest.mark.rule("Re-Attune")
def test_a_second_re_attune_is_refused_with_the_rule() -> None:
    """"Magi may Re-Attune one spell during this phase ... They may also Re-Attune an unlimited number of
    Bonded spells at a cost of 1 Resonance each.\""""
    text = small('    White prepares "Loose Spark", "Loose Spark"\n    White casts "Loose Spark" at Black\n'
                 '    Black passes\n    White casts "Loose Spark" at Black', codex='"Loose Spark" x2') + '''round 2 {
    dice 1
    White re-attunes "Loose Spark", "Loose Spark"
}
'''
    result = run(text)
    assert result.error is not None and result.error.rule == "Re-Attune"
    assert result.error.message == ('White cannot re-attune "Loose Spark": White already re-attuned a non-Bonded '
                                    "spell this phase (\"Magi may Re-Attune one spell during this phase ... They may "
                                    "also Re-Attune an unlimited number of Bonded spells\")")
    ok(text.replace('White re-attunes "Loose Spark", "Loose Spark"', 'White re-attunes "Loose Spark"'))


@pytest.mark.rule("Energy Exchange")
def test_a_second_exchange_in_a_round_is_refused_with_the_rule() -> None:
    """"Magi are permitted only one energy exchange per round\""""
    text = ACT2.replace("    Black exchanges 1 Will for 3 Resonance\n",
                        "    Black exchanges 1 Will for 3 Resonance\n    Black exchanges 1 Will for 2 Harmony\n", 1)
    result = run(text)
    assert result.error is not None
    assert result.error.message == ("Black cannot exchange 1 Will for 2 Harmony: Black has already made this round's "
                                    "energy exchange (\"Magi are permitted only one energy exchange per round\")")
    assert result.error.rule == "Energy Exchange"


@pytest.mark.rule("Spell Preparation")
def test_a_fourth_prepared_spell_is_refused_with_the_rule() -> None:
    text = ACT1.replace('    Black prepares "Fireball", "Dissolve Tissue"\n',
                        '    Black prepares "Fireball", "Dissolve Tissue", "Beast Form", "Infernal Shot"\n', 1)
    fails(text, 23, "Black cannot prepare \"Infernal Shot\": \"Magi may prepare up to 3 spells\"")


@pytest.mark.rule("Spell Preparation")
def test_a_refused_cast_is_checked_at_its_magis_next_decision() -> None:
    """A scenario says what the rules must refuse, as every game's do (issue 28: "the same refusal form ... with the
    rule named"): Black has not prepared Cellular Degeneration in round 1, "Only spells that have been prepared may
    be cast", so the cast is refused there, by that rule, and the refusal counts as an expectation that held."""
    before = ok(ACT1).checked
    result = ok(act1('    White casts "Pillar of Earth"',
                     '    refused Black casts "Cellular Degeneration" by "Spell Preparation"'))
    assert result.checked == before + 1
    assert 'refused: Black casts "Cellular Degeneration": Spell Preparation: it is not prepared' in result.log


def test_a_refusal_the_rules_allow_or_refuse_by_another_rule_stops_the_replay() -> None:
    """Said in the script's words, never as Python quotes a string."""
    at = ACT1.splitlines().index('    White casts "Pillar of Earth"') + 2
    fails(act1('    White casts "Pillar of Earth"', '    refused Black casts "Fireball"'), at,
          'expected Black casts "Fireball" to be refused, and the rules allow it')
    fails(act1('    White casts "Pillar of Earth"', '    refused Black casts "Cellular Degeneration" by "Action"'),
          at, 'Black casts "Cellular Degeneration" is refused by "Spell Preparation" (it is not prepared), '
          'not by "Action"')
