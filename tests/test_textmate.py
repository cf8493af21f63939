"""The TextMate grammars (issue 13: "a syntax-highlighting grammar (a TextMate grammar generated from the grammar
and the registry)"; issue 28: "a TextMate grammar per game", where "the one TextMate grammar highlights every game's
keywords in every game's files")."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from spellc.compiler import textmate
from spellc.engine.rulesets import RULESETS

GAMES = sorted(RULESETS)


def patterns(game: str) -> dict[str, re.Pattern[str]]:
    """The game's grammar's word patterns, by their name without the game's suffix."""
    found: list[dict[str, Any]] = textmate.grammar(RULESETS[game])["patterns"]  # type: ignore[assignment]
    suffix = f".spellc.{game}"
    return {p["name"].removesuffix(suffix): re.compile(p["match"]) for p in found if "match" in p}


@pytest.mark.parametrize("game", GAMES)
def test_each_games_committed_grammar_is_what_its_grammars_and_declarations_give(game: str) -> None:
    ruleset = RULESETS[game]
    assert textmate.output(ruleset).read_text(encoding="utf-8") == textmate.render(ruleset), \
        "run `python -m spellc.compiler.textmate`"
    assert json.loads(textmate.render(ruleset))["scopeName"] == f"source.spellc.{game}"


def test_no_grammar_of_all_games_is_left() -> None:
    """One grammar per game: the combined one is gone, and nothing names it."""
    assert not (textmate.EDITORS / "spellc.tmLanguage.json").exists()
    assert sorted(p.name for p in textmate.EDITORS.glob("*.tmLanguage.json")) == [
        f"{game}.tmLanguage.json" for game in GAMES]


def test_the_vscode_extension_registers_each_games_language_and_grammar() -> None:
    current = textmate.VSCODE.read_text(encoding="utf-8")
    assert current == textmate.vscode_manifest(current), "run `python -m spellc.compiler.textmate`"
    contributes = json.loads(current)["contributes"]
    assert {(g["language"], g["scopeName"], g["path"]) for g in contributes["grammars"]} == {
        (f"spellc-{game}", f"source.spellc.{game}", f"../{game}.tmLanguage.json") for game in GAMES}
    assert [lang["id"] for lang in contributes["languages"]] == ["spellc", *(f"spellc-{game}" for game in GAMES)]


@pytest.mark.parametrize("game", GAMES)
def test_a_games_grammar_highlights_none_of_another_games_keywords(game: str) -> None:
    own = set(textmate.keywords(RULESETS[game]))
    keyword = patterns(game)["keyword.other"]
    for other in GAMES:
        for word in set(textmate.keywords(RULESETS[other])) - own:
            assert not keyword.fullmatch(word), f"{game}'s grammar highlights {other}'s {word!r}"


@pytest.mark.parametrize(("game", "words", "not_words"), [
    ("amtgard", ["school", "magic", "grants", "timeline", "refused", "expect"], ["sphere", "gems", "fluency"]),
    ("serpents_tongue", ["sphere", "aspects", "choose", "magi", "dice"], ["school", "gems", "timeline"]),
    ("rackham_incantation", ["gems", "college", "warrior-mage", "turn"], ["sphere", "school", "timeline"]),
    ("incantation_charges", ["incantation", "at", "effect", "phase"], ["sphere", "school", "gems"]),
])
def test_every_keyword_of_a_games_grammars_is_highlighted(game: str, words: list[str], not_words: list[str]) -> None:
    keyword = patterns(game)["keyword.other"]
    assert all(keyword.fullmatch(w) for w in words)
    assert not any(keyword.fullmatch(w) for w in not_words)


@pytest.mark.parametrize(("game", "line", "words"), [
    ("amtgard", "    grants Cursed  school Protection  type Magic Ball", ["Cursed", "Protection", "Magic Ball"]),
    ("serpents_tongue", "    sphere Forces  role Attack", ["Forces", "Attack"]),
    ("rackham_incantation", "    elements Light, Air  level Adept", ["Light", "Air", "Adept"]),
])
def test_the_words_a_games_fields_take_are_highlighted(game: str, line: str, words: list[str]) -> None:
    assert [m.group() for m in patterns(game)["support.type.vocabulary"].finditer(line)] == words


def test_its_patterns_compile_and_highlight_a_card() -> None:
    found = patterns("serpents_tongue")
    line = "    aspects Heat | Dmg 2, Unique to Codex  // a comment"
    assert found["keyword.other"].search("    aspects Heat") is not None
    assert [m.group() for m in found["support.constant.keyword"].finditer(line)] == ["Dmg", "Unique to Codex"]
    assert found["comment.line.double-slash"].search(line).group() == "// a comment"  # type: ignore[union-attr]
    assert found["constant.numeric"].search("resonance -3").group() == "-3"  # type: ignore[union-attr]
