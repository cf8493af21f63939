"""The TextMate grammar (issue 13): "a syntax-highlighting grammar (a TextMate grammar generated from the grammar
and the registry)"."""

from __future__ import annotations

import json
import re

from spellc.compiler import textmate


def test_the_committed_grammar_is_what_the_grammars_and_registries_give() -> None:
    assert textmate.OUTPUT.read_text(encoding="utf-8") == textmate.render(), "run `python -m spellc.compiler.textmate`"


def test_its_patterns_compile_and_highlight_a_card() -> None:
    patterns = {p["name"]: re.compile(p["match"]) for p in textmate.grammar()["patterns"]  # type: ignore[union-attr]
                if "match" in p}
    line = "    aspects Heat | Dmg 2, Unique to Codex  // a comment"
    assert patterns["keyword.other.spellc"].search("    aspects Heat") is not None
    assert [m.group() for m in patterns["support.constant.keyword.spellc"].finditer(line)] == ["Dmg",
                                                                                             "Unique to Codex"]
    assert patterns["comment.line.double-slash.spellc"].search(line).group() == "// a comment"  # type: ignore[union-attr]
    assert patterns["constant.numeric.spellc"].search("resonance -3").group() == "-3"  # type: ignore[union-attr]


def test_every_keyword_of_every_grammar_is_highlighted() -> None:
    keyword = re.compile(json.loads(textmate.render())["patterns"][4]["match"])
    for word in ("school", "magic", "incantation", "choose", "sphere", "gems", "expect", "timeline"):
        assert keyword.fullmatch(word), word
