"""A scenario says which answers to a cast's questions the rules refuse, and by which rule, in the form it says a
refused action (issue 28: "the same refusal form (`expect refused …` or the game's equivalent), with the rule
named"): `refused White chooses "White" by "Target"`. One test per rule, each playing a shipped scenario
(cards_src/serpents_tongue/scenarios/refused_*.scenario); a refusal the rules allow, or refuse by another rule, stops
the replay in the script's words."""

from __future__ import annotations

import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.frontend import compile_files, nam_shubs, spells
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.core.scenario import Replay
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.scenario import replay
from spellc.generated.serpents_tongue import LIBRARY

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "cards_src" / "serpents_tongue" / "scenarios"


def shipped(name: str) -> str:
    return (SCENARIOS / f"refused_{name}.scenario").read_text(encoding="utf-8")


def run(text: str, library: CardLibrary = LIBRARY) -> Replay[Game]:
    diags = Diagnostics()
    parsed = parse_scenario(SourceFile("test.scenario", text), diags)
    assert parsed is not None, diags.render()
    return replay(parsed, library)


def refused(text: str, line: str, said: str, library: CardLibrary = LIBRARY) -> None:
    """The scenario holds, its refusal line among its expectations, and the log says the refusal as written."""
    result = run(text, library)
    assert result.error is None, f"{result.error.where}: {result.error.message}"
    assert line in text and any(entry.startswith(f"refused: {said}") for entry in result.log), result.log


def allowed(text: str, refused: str, instead: str, library: CardLibrary = LIBRARY) -> None:
    """With ``instead`` written for the answer ``refused``, the refusal fails: the rules allow that answer."""
    line = next(ln for ln in text.splitlines() if ln.strip().startswith(f"refused {refused}"))
    said = line.strip().removeprefix("refused ").split(" by ")[0].replace(refused, instead)
    stops(text.replace(line, line.replace(refused, instead)), f"expected {said} to be refused, and the rules allow it",
          library)


def stops(text: str, message: str, library: CardLibrary = LIBRARY) -> None:
    result = run(text, library)
    assert result.error is not None, "the replay passed"
    assert result.error.message == message, result.error.message


@pytest.mark.rule("Target")
def test_an_attacks_target_must_be_an_opponent() -> None:
    """"Magi must include an opponent when targeting an Attack spell" (Glossary, "Attack")."""
    text = shipped("target")
    refused(text, 'refused White chooses "White" by "Target"',
            'White chooses "White": Target: Fireball is an Attack, and White is no opponent of White ("Magi must '
            'include an opponent when targeting an Attack spell")')
    allowed(text, 'White chooses "White"', 'White chooses "Grey"')
    stops(text.replace('"White" by "Target"', '"White" by "Spell Preparation"'),
          'White chooses "White" is refused by "Target" (Fireball is an Attack, and White is no opponent of White '
          '("Magi must include an opponent when targeting an Attack spell")), not by "Spell Preparation"')


@pytest.mark.rule("Response")
def test_only_a_response_is_cast_in_a_response_window() -> None:
    """"RESPOND - Every Magi may now Respond with spells and abilities that have the Response empowerment"
    (Reference Manual, the cast cycle)."""
    text = shipped("response")
    refused(text, 'refused Black casts "Fireball" by "Response"',
            'Black casts "Fireball": Response: Fireball cannot be cast out of turn')
    allowed(text, 'Black casts "Fireball"', 'Black casts "Universum Negation" at "Fireball"')


@pytest.mark.rule("Spell Preparation")
def test_a_spell_is_prepared_from_the_magis_own_codex() -> None:
    """"Magi may prepare up to 3 spells by placing them in the front pocket of their Codex" (Glossary, "Spell
    Preparation")."""
    text = shipped("preparation")
    refused(text, 'refused White prepares "Pillar of Earth" by "Spell Preparation"',
            'White prepares "Pillar of Earth": Spell Preparation: Pillar of Earth is not in White\'s Codex')
    refused(text, 'refused White prepares "Fireball" by "Spell Preparation"',
            'White prepares "Fireball": Spell Preparation: Fireball is prepared already, and no other copy is in '
            'the Codex')
    allowed(text, 'White prepares "Pillar of Earth"', 'White prepares "Acidic Matter"')


@pytest.mark.rule("Re-Attune")
def test_one_non_bonded_spell_is_re_attuned_a_round() -> None:
    """"You may only re-attune one spell per round ... You may re-attune as many Bonded spells as you like without
    it counting towards your 1 spell re-attunement limit" (Act I)."""
    text = shipped("re_attune")
    refused(text, 'refused White re-attunes "Fireball" by "Re-Attune"',
            'White re-attunes "Fireball": Re-Attune: White has already re-attuned a non-Bonded spell this round')
    allowed(text, 'White re-attunes "Fireball"', 'White re-attunes "Pillar of Earth"')


@pytest.mark.rule("Maintenance Phase")
def test_the_attack_zone_resolves_before_the_enhancement_zone() -> None:
    """"Resolve zones in this order: Attack, Defense, Enhancement. Within each zone, the Magi whose zone it is
    picks which spell to resolve first" (Act I, Maintenance Phase)."""
    text = shipped("resolve_order")
    refused(text, 'refused Black chooses "Flame Form" by "Maintenance Phase"',
            'Black chooses "Flame Form": Maintenance Phase: Black\'s attack spells resolve now, and Flame Form is in '
            "Black's enhancement zone")
    allowed(text, 'Black chooses "Flame Form"', 'Black chooses "Acidic Matter"')


# A spell of three modes: the second aims at a spell, and none is in play as it is cast.
THREE_WAYS = '''spell "Three Ways" {
    sphere Soul
    role Enhance
    fluency 1
    resonance 0
    aspects | |
    rules {
        on impact: choose one {
            - deal Dmg 2 to target Magi
            - add 1 Karma charge to target spell
            - deal Dmg 1 to target Magi
        }
    }
}
'''
MODES = '''match "Refused: a mode" {
    level 1
    magi White {
        essence 9
        codex "Three Ways"
    }
    magi Black {
        essence 7
        codex "Fireball"
    }
}
round 1 {
    dice 1
    White prepares "Three Ways"
    White casts "Three Ways" at White
    %s
    White chooses "1"
    White chooses "Black"
    expect Black essence 5
}
'''


@cache
def three_ways(folder: Path) -> CardLibrary:
    """The shipped cards and Three Ways, compiled into a module a match can pickle its cards from."""
    (folder / "three_ways.spell").write_text(THREE_WAYS, encoding="utf-8")
    result = compile_files([folder / "three_ways.spell"])
    assert result.ok, result.diagnostics.render()
    cards: dict[str, Any] = dict(LIBRARY.cards)
    for name, source in emit_python(spells(result), nam_shubs(result)).items():
        if name != "__init__.py":
            module = types.ModuleType(f"refusal_test_cards_{Path(name).stem}")
            sys.modules[module.__name__] = module
            exec(compile(source, name, "exec"), module.__dict__)
            cards.update({c.title: c for c in module.CARDS})
    return CardLibrary(cards)


@pytest.mark.rule("Target")
def test_a_mode_whose_target_cannot_be_chosen_is_refused(tmp_path_factory: pytest.TempPathFactory) -> None:
    """"Magi spells and abilities may only target active spells unless the spell or ability explicitly states to
    target some other state" (Glossary, "Active"): with no spell in play, the mode aiming at one is not offered."""
    library = three_ways(tmp_path_factory.mktemp("three_ways"))
    refused(MODES % 'refused White chooses "2" by "Target"', 'refused White chooses "2"',
            'White chooses "2": Target: Three Ways\'s mode 2 (Add 1 Karma charge to target spell.) has a target that '
            "cannot be chosen now", library)
    refused(MODES % 'refused White chooses "4"', 'refused White chooses "4"',
            'White chooses "4": Choices: "4" is none of Three Ways\'s modes', library)
    allowed(MODES % 'refused White chooses "2"', 'White chooses "2"', 'White chooses "3"', library)


def test_a_refused_answer_waits_for_the_question_it_answers() -> None:
    """A refusal written before its Magi's action waits for that question, as the other lines do; one the rules
    never ask (a question with one legal answer is not asked) stops the replay at the next action it would hold up."""
    text = shipped("target")
    moved = text.replace('    White casts "Fireball"\n    // Asked "target of Fireball?" (Black or Grey): not White.\n'
                         '    refused White chooses "White" by "Target"\n',
                         '    refused White chooses "White" by "Target"\n    White casts "Fireball"\n')
    stops(moved, 'the rules ask White for an action here, and `White chooses "White"` answers another question, '
          "which they did not ask before it (a question with one legal answer is not asked)")
