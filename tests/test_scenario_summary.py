"""Every game's scenarios end alike (issue 28: "One scenario core, with the same semantics in every game: ... the
same summary (N expectations held) and --json shape"; Serpent's Tongue printed no such line)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from spellc.engine.rulesets import RULESETS
from tests.commands import new_project, spellc_apart


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_replay_says_how_many_expectations_held(tmp_path: Path, ruleset: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The last line says it, and --json gives the same count: each clause of an `expect` line, in every game
    (Serpent's Tongue counted each line)."""
    project = new_project(tmp_path / ruleset, ruleset, capsys)
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 0, err
    said = re.fullmatch(r"(\d+) expectations held", out.rstrip().splitlines()[-1])
    assert said is not None and int(said.group(1)) >= 1
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario", "--json")
    assert code == 0, err
    assert json.loads(out)["expectations_checked"] == int(said.group(1))


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_a_replays_json_has_one_shape_in_every_game(tmp_path: Path, ruleset: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """The same keys in every game: the states the summary shows, the log, the expectations that held, and how the
    match ended (null while it has not); and where the script ended between two of those states, if it did."""
    project = new_project(tmp_path / ruleset, ruleset, capsys)
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario", "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert set(doc) - {"stopped"} == {"snapshots", "log", "expectations_checked", "outcome"}
    assert doc["snapshots"] or doc["stopped"]
    assert all(isinstance(s, dict) for s in [*doc["snapshots"], doc.get("stopped", {})])
    assert all(isinstance(line, str) for line in doc["log"]) and doc["log"]
    assert doc["outcome"] is None or set(doc["outcome"]) == {"winner", "draw", "incapacitated", "reason"}


def test_a_script_that_stops_before_the_first_turn_says_so_in_words(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Incantation 2 printed `Turn 0, where the script ends ():` when its setup failed; now, as every game, it shows
    no state of a battle never set up, and points at the title it does not know."""
    project = new_project(tmp_path / "rackham", "rackham_incantation", capsys)
    (project / "scenarios" / "setup.scenario").write_text(
        'match "Nothing yet" {\n    magician "Méliador" camp Lion gems 4 Light, 3 Air\n'
        '    magician "Gorgo" camp Acheron gems 3 Fire, 3 Darkness\n}\n', encoding="utf-8")
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/setup.scenario")
    assert code == 1 and 'no magician or creature card is titled "Gorgo"' in err
    assert out == "0 expectations held\n"
    assert 'setup.scenario:3:14: error[E300]' in err and '\n     |              ^^^^^^^\n' in err


def test_a_failed_expectation_is_said_in_the_game_s_words(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: "Failed expectations print Python reprs: expected Ana alive alive; found False, expected Bo left
    ('Frozen', 20); found 30." And the summary printed `Magic Armor {'torso': 1, ...}`."""
    project = new_project(tmp_path / "amtgard", "amtgard", capsys)
    script = project / "scenarios" / "sample.scenario"
    text = script.read_text(encoding="utf-8")
    script.write_text(text.replace("wounds 0\n", "wounds 0\n    expect Ana dead\n"), encoding="utf-8")
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and "expected Ana dead; Ana is alive" in err
    assert "Magic Armor 1 on torso, 2 on left arm" in out and "{" not in out
    script.write_text(text.replace("wounds 0\n", "wounds 0\n    expect Ana Frozen\n"), encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and "expected Ana Frozen; Ana is not" in err and "False" not in err


def test_a_zone_that_lacks_a_card_lists_what_it_holds_in_words(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    project = new_project(tmp_path / "charges", "incantation_charges", capsys)
    script = project / "scenarios" / "sample.scenario"
    text = script.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if line.strip().startswith("Brawler plays"))
    script.write_text(text.replace(line, f'{line}\n    expect Scholar hand has "Strike"', 1), encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and 'expected Scholar hand has "Strike"; its hand holds "Flame Dart"' in err


@pytest.mark.parametrize(("ruleset", "title", "typo"), [
    ("serpents_tongue", '"Fireball"', '"Firebal"'), ("incantation_charges", '"Strike"', '"Strik"'),
    ("amtgard", '"Stoneskin"', '"Stoneskn"'), ("rackham_incantation", 'magician "Gorgon"', 'magician "Gorgo"')])
def test_a_misspelled_title_in_a_scenario_gets_a_suggestion(tmp_path: Path, ruleset: str, title: str, typo: str,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: "a misspelled title in a scenario gets no suggestion"."""
    project = new_project(tmp_path / ruleset, ruleset, capsys)
    script = project / "scenarios" / "sample.scenario"
    head, _, _ = script.read_text(encoding="utf-8").partition("\n}\n")  # the setup: no line plays the typo
    script.write_text(head.replace(title, typo, 1) + "\n}\n", encoding="utf-8")
    code, _, err = spellc_apart(project, capsys, "play", "scenarios/sample.scenario")
    assert code == 1 and f"help: did you mean {title.split(' ')[-1]!s}?".replace('"', "'") in err


WHERE_WRITTEN = """match "Expect where written" {
    entity Scholar { health 10 team Library hand "Flame Dart", "Strike" }
    entity Brawler { health 10 team Tavern hand "Strike", "Strike" }
}

round 1 {
    action phase {
        Scholar begins an incantation
        expect Scholar incanting
        Brawler plays "Strike" at Scholar
        expect Scholar health 8, not incanting
    }
}
"""


def test_an_expectation_is_checked_where_it_is_written_in_every_game(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 28: "In Incantation charges an expect is checked at the end of its phase, even when written before a
    play. In the other games it is checked where it is written." Now it is there too: the Scholar is incanting
    before the Brawler's Strike, and not after it ("damage breaks the Incantation")."""
    project = new_project(tmp_path / "charges", "incantation_charges", capsys)
    scenario = project / "scenarios" / "where.scenario"
    scenario.write_text(WHERE_WRITTEN, encoding="utf-8")
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/where.scenario")
    assert code == 0 and out.endswith("3 expectations held\n"), err
    scenario.write_text(WHERE_WRITTEN.replace("expect Scholar incanting", "expect Scholar health 9"), encoding="utf-8")
    code, out, err = spellc_apart(project, capsys, "play", "scenarios/where.scenario")
    assert code == 1
    assert "where.scenario:9:9: error[E300]: in the Action Phase of round 1: expected Scholar health 9; found 10" in err
