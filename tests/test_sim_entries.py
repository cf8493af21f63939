"""A study's entries (issue 27): "It names its entries (a Codex and level, a magician, an entity's hand: whatever
the ruleset's match setup takes), its players, the number of matches per pairing, and a seed. A mistake in it gets
a located diagnostic, as cards do." Each ruleset declares its entry's fields beside its rules (ruleset.toml's
[entry.<field>] tables) and the duel that deals them; the study reads and checks them the same way for every game.
"""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pytest

from tests.commands import new_study, spellc_apart

STUDY = """players = ["random"]
matches = 8
seed = 4

[[entries]]
name = "Strikes"
deck = ["Strike", "Strike", "Strike", "Strike", "Flame Dart"]

[[entries]]
name = "Darts"
deck = ["Flame Dart", "Flame Dart", "Flame Dart", "Flame Dart", "Strike"]
"""


def study(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, ruleset: str = "incantation_charges"
          ) -> Path:
    return new_study(tmp_path / "cards", ruleset, capsys, text, name="decks")


def test_entries_meet_in_a_round_robin_each_seat_playing_its_own(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY)
    code, out, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml", "--json", "--workers", "1")
    assert code == 0, err
    found = json.loads(out)
    assert [p["pairing"] for p in found["pairings"]] == ["Strikes (random) vs Darts (random)"]
    with duckdb.connect(str(project / "studies" / "decks.sim.duckdb"), read_only=True) as db:
        held = db.execute('SELECT "index", first, card FROM held').fetchall()
    decks = {True: {"Strike", "Flame Dart"}, False: {"Strike", "Flame Dart"}}
    assert held and all(card in decks[first] for _, first, card in held)


def test_an_entry_s_title_that_is_no_card_is_located_with_a_suggestion(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY.replace('"Flame Dart", "Strike"]', '"Flame Dar", "Strike"]'))
    code, out, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml", "--workers", "1")
    assert code == 1 and out == ""
    assert "decks.sim.toml:11:51: error[E807]: Darts: no card of the project is titled 'Flame Dar'" in err
    assert "did you mean 'Flame Dart'?" in err
    assert not (project / "studies" / "decks.sim.duckdb").exists()


def test_a_field_the_ruleset_does_not_declare_is_located_with_a_suggestion(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY.replace('name = "Darts"\n', 'name = "Darts"\ndek = []\n'))
    code, _, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml")
    assert code == 1
    assert "decks.sim.toml:11:1: error[E806]: an entry of Incantation charges has no field 'dek'" in err
    assert "did you mean 'deck'?" in err


def test_an_entry_the_rules_refuse_says_why_at_its_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The ruleset's duel deals each entry once against itself before any match: a deck smaller than the
    opening hand is refused, located."""
    project = study(tmp_path, capsys, STUDY.replace('["Flame Dart", "Flame Dart", "Flame Dart", "Flame Dart", '
                                                    '"Strike"]', '["Strike"]'))
    code, _, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml")
    assert code == 1
    assert ("decks.sim.toml:11:1: error[E807]: Darts: deck: a deck holds at least the opening hand's 3 cards, not 1"
            in err)


def test_a_missing_field_and_a_nameless_entry_are_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = 'players = ["random", "greedy"]\n\n[[entries]]\nname = "Empty"\n\n[[entries]]\ndeck = ["Strike"]\n'
    project = study(tmp_path, capsys, text)
    code, _, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml")
    assert code == 1
    assert "decks.sim.toml:3:1: error[E806]: deck: the entry must give it" in err
    assert "decks.sim.toml:6:1: error[E806]: an entry needs a name" in err


def test_a_ruleset_that_takes_no_entries_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = study(tmp_path, capsys, STUDY, ruleset="amtgard")
    code, _, err = spellc_apart(project, capsys, "sim", "studies/decks.sim.toml")
    assert code == 1 and "error[E806]: a study of Amtgard: magic, abilities, states and special effects takes no " \
        "entries" in err
