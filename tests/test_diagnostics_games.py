"""Golden diagnostics for every game (issue 28: "A golden-diagnostics test per game covers each of the examples
above"): what spellc says of the mistakes the issue lists, as a designer would make them.

``tests/fixtures/games/<game>/cards/`` is a project of broken cards: a misspelled field (`schol`, `spher`), a word
the lexer reads a keyword from (`deals`), an unterminated string, a card whose closing `}` is missing, a number
written as a word, a target no card is played at (`at foe`: one error, no more for each step), a spell with an
error that a magician lists (no second error on the magician), one mistake a card, each card reported; and
three mistakes in one card (``several.spell``), each reported, and nothing more of that card.
``tests/fixtures/games/<game>/scenarios/`` is a project of sound cards whose scenarios misspell a word
(`expect Gorgon wound 1`) or a title (suggested).

Each ``*.expected`` file beside a project holds the whole text spellc prints: ``check.expected`` for `spellc
check` in the project, ``play.expected`` for `spellc play misspelled_title.scenario` (standard output, then
standard error). After a deliberate change of the messages, ``SPELLC_UPDATE_GOLDEN=1`` rewrites them; read the diff
before committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from spellc.compiler.cli import main
from spellc.engine.rulesets import RULESETS

GAMES = Path(__file__).resolve().parent / "fixtures" / "games"
UPDATE = os.environ.get("SPELLC_UPDATE_GOLDEN") == "1"
RUNS = {"cards": (("check",), "check.expected"), "scenarios": (("check",), "check.expected"),
        "play": (("play", "misspelled_title.scenario"), "play.expected")}


def compared(folder: Path, name: str, text: str) -> str:
    expected = folder / name
    if UPDATE:
        expected.write_text(text, encoding="utf-8", newline="\n")
    return expected.read_text(encoding="utf-8")


@pytest.mark.parametrize("run", sorted(RUNS))
@pytest.mark.parametrize("game", sorted(RULESETS))
def test_what_spellc_says_of_each_mistake(game: str, run: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    folder = GAMES / game / ("cards" if run == "cards" else "scenarios")
    command, name = RUNS[run]
    monkeypatch.chdir(folder)
    code = main(list(command))
    out, err = capsys.readouterr()
    assert code == 1 and "Traceback" not in out + err
    said = out + err if run == "play" else err
    assert said == compared(folder, name, said)


def test_every_game_has_its_examples() -> None:
    assert sorted(p.name for p in GAMES.iterdir()) == sorted(RULESETS)
