"""A card's title is checked once, the same way, in every game (issue 28, item 1: "the checks of ... duplicates";
compiler.card_titles): a title names its card in the library and its page on the site, so it fits a file's name
(E907) and is one card's only, case aside, and so is its page (E908). Each game's sound card, given the same bad
title, gets the same diagnostic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spellc.compiler import card_titles
from spellc.compiler.names import MAX_TITLE
from tests.test_declared_fields import SOUND, said

ROOT = Path(__file__).resolve().parent.parent
TITLE = {"incantation_charges": "Strike", "rackham_incantation": "Flash", "amtgard": "Stoneskin",
         "serpents_tongue": "Quick Sand"}
GAMES = sorted(SOUND)


def titled(game: str, title: str) -> str:
    """The game's sound card, titled ``title``."""
    return SOUND[game].replace(f'"{TITLE[game]}"', f'"{title}"', 1)


def told(game: str, text: str) -> list[tuple[int, str, str, tuple[str, ...]]]:
    return [(e.span.line, e.code, e.message, e.notes) for e in said(game, text)]


@pytest.mark.parametrize("game", GAMES)
def test_a_title_longer_than_a_printed_one_is_refused_in_every_game(game: str) -> None:
    title = "Word " * 20
    assert told(game, titled(game, title)) == [
        (1, card_titles.TITLE, f"a title of {len(title)} characters: at most {MAX_TITLE}", (card_titles.WHY_SHORT,))]


@pytest.mark.parametrize("game", GAMES)
def test_a_title_whose_page_name_is_too_long_in_bytes_is_refused_in_every_game(game: str) -> None:
    """Each of these letters takes 3 bytes in a file name: 70 of them pass the length limit, not the bytes'."""
    assert told(game, titled(game, "\u4e00" * 70)) == [
        (1, card_titles.TITLE, "a title whose page name takes 210 bytes: at most 200 (a letter outside ASCII takes "
         "2 to 4)", (card_titles.WHY_SHORT,))]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("title", ["", "   "])
def test_an_empty_title_is_refused_in_every_game(game: str, title: str) -> None:
    assert told(game, titled(game, title)) == [
        (1, card_titles.TITLE, "a title is empty", ("help: write the title the card prints",))]


@pytest.mark.parametrize("game", GAMES)
def test_two_cards_of_one_title_case_aside_are_refused_naming_the_first_in_every_game(game: str) -> None:
    first = SOUND[game]
    again = titled(game, TITLE[game].upper())
    line = first.count("\n") + 1
    assert told(game, first + again) == [
        (line, card_titles.SAME_TITLE, f"duplicate title {TITLE[game].upper()!r}",
         (f"note: {TITLE[game]!r} is at t.spell:1", card_titles.HOW_TO_PART))]


@pytest.mark.parametrize("game", GAMES)
def test_two_titles_of_one_page_are_refused_in_every_game(game: str) -> None:
    """Titles that differ only in punctuation would write one page file."""
    text = titled(game, "Fire Ball") + titled(game, "Fire-Ball")
    assert told(game, text) == [
        (SOUND[game].count("\n") + 1, card_titles.SAME_TITLE, "'Fire-Ball' and 'Fire Ball' would share the page "
         "fire-ball.md", ("note: 'Fire Ball' is at t.spell:1", card_titles.HOW_TO_PART))]


@pytest.mark.parametrize("game", GAMES)
def test_a_sound_title_is_one_cards_only_once_the_other_is_renamed(game: str) -> None:
    assert told(game, SOUND[game] + titled(game, "Another")) == []


def test_no_game_checks_a_title_with_a_code_of_its_own() -> None:
    """The title checks are compiler.card_titles's alone: no checker writes E907 or E908, nor the codes each game
    had for them (E501 and E511, E601 and E623, E701 and E711, Serpent's Tongue's E020)."""
    retired = {card_titles.TITLE, card_titles.SAME_TITLE, "E501", "E511", "E601", "E623", "E701", "E711", "E020"}
    for path in (ROOT / "compiler").rglob("*.py"):
        if path.name != "card_titles.py":
            assert not set(re.findall(r'"(E\d\d\d)"', path.read_text(encoding="utf-8"))) & retired, path
