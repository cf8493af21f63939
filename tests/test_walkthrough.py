"""The Act I walkthrough replayed by the rules: the seed's end-of-round summaries come out exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spellc.compiler.cli import main
from tests.conftest import replayed

ROOT = Path(__file__).resolve().parent.parent
ACT1 = ROOT / "cards_src" / "serpents_tongue" / "scenarios" / "act1_walkthrough.scenario"

# "End of Round N Summary" of the Magi's Handbook: (Essence, Resonance) for White and Black.
SUMMARIES = {
    1: {"White": (5, 1), "Black": (6, 0)},
    2: {"White": (4, 2), "Black": (5, 0)},
    3: {"White": (3, 3), "Black": (4, 0)},
    4: {"White": (3, 3), "Black": (4, 0)},
}


@pytest.fixture(scope="module")
def act1() -> dict:
    return replayed(ACT1)


@pytest.mark.rule("Round", "Action Phase", "Turn", "Zones", "Spell", "Energy")
@pytest.mark.parametrize("round_no", sorted(SUMMARIES))
def test_end_of_round_summary(act1: dict, round_no: int) -> None:
    snap = act1["snapshots"][round_no - 1]
    assert snap["round"] == round_no
    for name, (essence, resonance) in SUMMARIES[round_no].items():
        assert (snap["beings"][name]["essence"], snap["beings"][name]["resonance"]) == (essence, resonance)


def test_round_2_zones(act1: dict) -> None:
    """"The Materia Binding with 2 Durability is in White Magi's Defense zone ... The Acidic Matter is
    still in the Black Magi's Attack zone.\""""
    white, black = act1["snapshots"][1]["beings"]["White"], act1["snapshots"][1]["beings"]["Black"]
    assert {"title": "Materia Binding of Mal-kuth", "controller": "White",
            "counters": {"durability": 2}} in white["zones"]["defense"]
    assert [c["title"] for c in black["zones"]["attack"]] == ["Acidic Matter"]


def test_round_3_karma_charges(act1: dict) -> None:
    black = act1["snapshots"][2]["beings"]["Black"]
    assert black["zones"]["curse"] == [{"title": "Karmic Debt", "controller": "White", "counters": {"karma": 2}}]


def test_round_5_black_incapacitated_white_wins(act1: dict) -> None:
    assert act1["snapshots"][4]["beings"]["Black"]["essence"] == 0
    assert act1["outcome"] == {"winner": "White", "draw": False, "incapacitated": ["Black"],
                                "reason": "every opponent is incapacitated"}


def test_play_json_prints_one_document(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["play", str(ACT1.relative_to(ROOT)), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    # Each clause of an `expect` line counts, as in every game.
    assert set(doc) == {"snapshots", "log", "outcome", "expectations_checked"} and doc["expectations_checked"] == 27
    card = doc["snapshots"][0]["beings"]["Black"]["zones"]["attack"][0]
    assert card == {"title": "Acidic Matter", "controller": "White", "counters": {"duration": 2}}


def test_illegal_action_stops_replay_with_located_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Casting a spell that was not prepared names the line and the rule."""
    text = ACT1.read_text(encoding="utf-8").replace(
        'White casts "Pillar of Earth"\n    Black casts "Fireball" at White',
        'White casts "Pillar of Earth"\n    Black casts "Infernal Shot" at White', 1)
    bad = tmp_path / "bad.scenario"
    bad.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["play", "bad.scenario", "--project", str(ACT1.parent.parent)]) == 1
    err = capsys.readouterr().err
    assert 'bad.scenario:27:5: error[E300]: Black cannot cast "Infernal Shot": it is not prepared' in err
    assert "rule: Spell Preparation" in err and "Traceback" not in err


def test_unpayable_cost_stops_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    text = ACT1.read_text(encoding="utf-8").replace("    Black meditates\n", "", 1)
    bad = tmp_path / "bad.scenario"
    bad.write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["play", "bad.scenario", "--project", str(ACT1.parent.parent)]) == 1
    err = capsys.readouterr().err
    assert "Black cannot pay 5 Resonance for Fireball (has 3)" in err and "rule: Energy Orbs" in err


ACT2 = ROOT / "cards_src" / "serpents_tongue" / "scenarios" / "act2_walkthrough.scenario"


@pytest.fixture(scope="module")
def act2() -> dict:
    return replayed(ACT2)


@pytest.mark.rule("Discord Event")
def test_act2_round_3_discord_event(act2: dict) -> None:
    """"if you have 7 or more Discord then you must roll for a Discord Event ... if the result is LESS than
    your amount of Discord then you suffer a Discord Event. A Discord Event means an immediate, unblockable
    3 Essence Dmg." Black (9 Discord) rolls 3 + 4: 10 Essence to 7; White (6 Discord) does not roll."""
    stopped = act2["stopped"]
    assert stopped["round"] == 3
    assert stopped["beings"]["Black"]["essence"] == act2["snapshots"][1]["beings"]["Black"]["essence"] - 3 == 7
    assert stopped["beings"]["White"]["essence"] == 12


@pytest.mark.rule("Resonance Roll")
def test_act2_round_3_resonance_roll_and_maintenance(act2: dict) -> None:
    """"Remember the Shadow gains +2 from Resonance rolls when challenging two Magi": a 5 gives 2, the Shadow
    2 + 2 (3 to 7), less 1 for its Evade against the sustained Flame Eternae, which deals 2 (4 to 2)."""
    shadow = act2["stopped"]["beings"]["Shadow"]
    assert (shadow["resonance"], shadow["essence"]) == (6, 2)
    black = act2["stopped"]["beings"]["Black"]
    assert black["resonance"] == 5 + 2 - 1 - 1  # sustaining Flame Eternae and Flame Form
    assert {"title": "Flame Form", "controller": "Black", "counters": {"duration": 1}} in black["zones"]["enhancement"]


def test_stop_ends_the_replay_where_the_script_ends(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    assert main(["play", str(ACT2.relative_to(ROOT))]) == 0
    out = capsys.readouterr().out
    assert "Round 3, where the script stops (line " in out
    assert "  Shadow: 2 Essence, 6 Resonance, 0 Will  [attack: Flame Eternae; curse: Karmic Debt]" in out


def test_stop_must_be_the_last_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    text = ACT2.read_text(encoding="utf-8").replace("    draw yellow\n    // \"Continue", "    stop\n    draw yellow\n"
                                                    "    // \"Continue", 1)
    (tmp_path / "bad.scenario").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["play", "bad.scenario", "--project", str(ACT1.parent.parent)]) == 1
    assert "error[E306]: `stop` ends the script: it must be its last line" in capsys.readouterr().err
