"""Every scenario of cards_src/incantation_charges/scenarios replays with its expectations holding, through
`spellc play` as a designer runs it; a wrong expectation or an illegal line is a located error."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from spellc.compiler.commands import play
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.incantation_charges.scenario import parse_scenario
from spellc.compiler.project import shipped
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.incantation_charges.scenario import replay
from spellc.generated.incantation_charges import LIBRARY

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted((ROOT / "cards_src" / "incantation_charges" / "scenarios").glob("*.scenario"))


def _play(text: str, name: str = "x.scenario", *flags: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = play(text.encode("utf-8"), name, json_out="--json" in flags, log="--log" in flags,
                project=shipped("incantation_charges"), out=out, err=err)
    return code, out.getvalue(), err.getvalue()


def test_there_is_a_scenario_per_rule_of_the_seed() -> None:
    assert len(SCENARIOS) >= 8


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_replays_with_every_expectation_holding(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    diags = Diagnostics()
    scenario = parse_scenario(SourceFile(path.name, text), diags)
    assert scenario is not None, diags.render()
    result = replay(scenario, LIBRARY)
    assert result.error is None, result.error.message if result.error else ""
    written = len(re.findall(r"(?m)^\s*expect\b.*$", text))
    items = sum(len(line.split(",")) for line in re.findall(r"(?m)^\s*expect\b(.*)$", text))
    assert result.checked == items and written > 0, "every expectation was checked"
    unasserted = [(r.number, p.name) for r in scenario.rounds for p in r.phases
                  if not any(getattr(e, "what", None) == "charges" for e in p.lines)]
    assert not unasserted, f"every phase of the script asserts the charges it left: {unasserted}"
    played = [(r.number, p.name) for r in scenario.rounds for p in r.phases]
    every = [(n, phase) for n in range(1, scenario.rounds[-1].number + 1) for phase in ("Draw Phase", "Action Phase")]
    assert played == every[:len(played)] and len(played) >= len(every) - 1, (
        "each round plays both phases, in order (the last may stop after its Draw Phase)")


def test_the_json_has_a_snapshot_per_phase() -> None:
    code, out, _ = _play((ROOT / "cards_src/incantation_charges/scenarios/spend_or_store.scenario")
                         .read_text(encoding="utf-8"), "s.scenario", "--json")
    data = json.loads(out)
    assert code == 0
    assert [(s["round"], s["phase"]) for s in data["snapshots"]][:3] == [
        (1, "Draw Phase"), (1, "Action Phase"), (2, "Draw Phase")]
    assert data["snapshots"][2]["entities"]["Mage"]["charges"] == 1


MATCH = """match "M" {
    entity Mage { health 10  team A  hand "Flame Dart" }
    entity Orc { health 10  team B }
}
"""


def test_a_wrong_expectation_is_a_located_error() -> None:
    code, _, err = _play(MATCH + "round 1 {\n    action phase {\n        Mage begins an incantation\n"
                         "        Orc passes\n        expect Mage charges 1\n    }\n}\n")
    assert code == 1
    assert "x.scenario:9:9: error[E300]: after the Action Phase of round 1: expected Mage charges 1; found 0" in err


def test_a_play_the_rules_refuse_names_the_rule() -> None:
    code, _, err = _play(MATCH + 'round 1 {\n    action phase {\n        Mage plays "Flame Dart" at Orc\n    }\n}\n')
    assert code == 1
    assert "Flame Dart\" has Incantation 1; Mage has 0 charges" in err and "note: rule: Incantation" in err


REFUSED = MATCH + 'round 1 {\n    action phase {\n        refused Mage plays "Flame Dart" at Orc by "Incantation"\n' \
    "        Mage passes\n        Orc passes\n    }\n}\n"


def test_a_refused_line_holds_where_the_rules_refuse_it() -> None:
    """Issue 28: "the same refusal form (`expect refused ...` or the game's equivalent), with the rule named", in
    this game too: the play is refused at the decision where the line stands, logged with its reason, and counted."""
    code, out, err = _play(REFUSED, "x.scenario", "--log")
    assert code == 0, err
    assert 'refused: Mage plays "Flame Dart" at Orc: Incantation: "Flame Dart" has Incantation 1; Mage has 0 charges' \
        in out


def test_a_refused_line_is_logged_as_it_is_written() -> None:
    """The log says a refusal in the script's words, whole: with no rule named, its last word is the answer's."""
    text = REFUSED.replace("Orc", "Toby").replace(' by "Incantation"', "")
    code, out, err = _play(text, "x.scenario", "--log")
    assert code == 0, err
    assert 'refused: Mage plays "Flame Dart" at Toby: Incantation:' in out


def test_a_refused_line_names_the_rule_that_refuses() -> None:
    code, _, err = _play(REFUSED.replace('by "Incantation"', 'by "Hand"'))
    assert code == 1 and 'Mage plays "Flame Dart" at Orc is refused by "Incantation"' in err and 'not by "Hand"' in err


def test_a_refused_line_the_rules_allow_stops_the_replay() -> None:
    code, _, err = _play(REFUSED.replace('refused Mage plays "Flame Dart" at Orc by "Incantation"',
                                         "refused Mage passes"))
    assert code == 1
    assert "x.scenario:7:9: error[E300]: expected Mage passes to be refused, and the rules allow it" in err


def test_an_unknown_entity_gets_a_suggestion() -> None:
    code, _, err = _play(MATCH + "round 1 {\n    action phase {\n        Mgae passes\n    }\n}\n")
    assert code == 1
    assert "error[E525]: no entity is named Mgae" in err and "did you mean 'Mage'?" in err


def test_an_answer_left_over_at_the_end_of_a_phase_is_an_error() -> None:
    code, _, err = _play(MATCH + "round 1 {\n    draw phase {\n        Mage keeps the charges\n    }\n}\n")
    assert code == 1
    assert "error[E300]: Mage: keep the charges: the Draw Phase ended before this line was needed" in err


def test_a_refusal_left_over_at_the_end_of_a_phase_is_said_as_it_is_written() -> None:
    code, _, err = _play(MATCH + 'round 1 {\n    draw phase {\n        refused Mage plays "Flame Dart" at Orc\n'
                         "    }\n}\n")
    assert code == 1
    assert 'error[E300]: refused Mage plays "Flame Dart" at Orc: the Draw Phase ended before this line was needed' \
        in err
