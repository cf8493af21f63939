"""The registry refuses inconsistent data at load, and the checker accepts every keyword it declares."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue import registry

KEYWORD = '[[keyword]]\nname = "Zap"\nkind = "directive"\n'
ROW = '[[term]]\nname = "Zap"\nkeyword = "Zap"\nglossary = "A directive."\n'
RULE = '[[term]]\nname = "Round"\nkind = "rule"\nbehaviour = "round"\nglossary = "Four phases."\n'


def _load(tmp_path: Path, text: str) -> registry.Registry:
    path = tmp_path / "glossary.toml"
    path.write_text(text, encoding="utf-8")
    return registry.load(path)


def test_a_small_registry_loads(tmp_path: Path) -> None:
    reg = _load(tmp_path, KEYWORD + ROW + RULE + '[[term]]\nname = "Turn"\nkind = "rule"\nalias_of = "Round"\n'
                'glossary = """See "Round."\n\nSecond paragraph."""\n')
    assert [t.name for t in reg.terms] == ["Zap", "Round", "Turn"]
    assert reg.keywords["Zap"].glossary == "A directive." and reg.keywords["Zap"].entry == "Zap"
    assert reg.terms[0].kind == "directive"
    assert reg.terms[2].paragraphs == (('See "Round."',), ("Second paragraph.",))
    turn = reg.term("Turn")
    assert turn is not None and reg.target(turn).name == "Round"


@pytest.mark.parametrize(("text", "message"), [
    (KEYWORD + ROW + RULE.replace('"rule"', '"rules"'), "term 'Round' has unknown kind 'rules'"),
    (KEYWORD + ROW + RULE + RULE, "term 'Round' is declared twice"),
    (KEYWORD + ROW + RULE.replace('glossary', 'see = ["Rund"]\nglossary'),
     "term 'Round' says `see` 'Rund', which is not a glossary term"),
    (KEYWORD + ROW + RULE.replace('behaviour = "round"', 'alias_of = "Nowhere"'),
     "term 'Round' is an alias of 'Nowhere', which is not a glossary term"),
    (KEYWORD + ROW.replace('keyword = "Zap"', 'keyword = "Zapp"'),
     "term 'Zap' names the keyword 'Zapp', which is not declared"),
    (KEYWORD + ROW + RULE.replace('behaviour = "round"\n', ''), "term 'Round' is a rule without the `behaviour`"),
    (KEYWORD + ROW + RULE.replace('"rule"', '"lore"'), "must give `not_a_rule` if and only if its kind is lore"),
    (KEYWORD, "keyword 'Zap' has no glossary text"),
    (KEYWORD.replace('"directive"', '"directive"\nglossary = "Twice."') + ROW,
     "keyword 'Zap' has its own glossary text and the row 'Zap'"),
    (KEYWORD.replace('"directive"', '"verb"'), "keyword 'Zap' has unknown kind 'verb'"),
])
def test_inconsistent_data_is_refused_naming_file_and_entry(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(ValueError, match="glossary.toml: ") as err:
        _load(tmp_path, text)
    assert message in str(err.value)


def test_existing_users_of_the_registry_still_work() -> None:
    reg = registry.load()
    assert reg.get("Dmg") is not None and reg.get("Dmg") is reg.keywords["Dmg"]
    assert {k.name for k in reg.of_kind("requirement")} >= {"Active", "Discard", "Pay", "Actions"}
    hit = reg.match(["Curse", "Duration", "3"], ("empowerment",))
    assert hit is not None and hit[0].name == "Curse Duration" and hit[1] == 2
    assert "Area:G" in reg.names(("empowerment",))
    assert set(reg.events) >= {"bearer casts offensive spell at caster", "resolved", "activated"}


NEW_KEYWORDS = """
spell "Global Storm" {
    sphere Forces
    role Attack
    fluency 1
    resonance -3
    aspects Heat | Harmony Siphon 2, Disrupt, Shed Discord 1, Spell Loss 1, Obliteration, Harmony Dampen 1 | \
Area:G, Shatter 2, Unblockable, Immune Heat, Unique to Descriptor Heat, Backlash 1, Eloquent 2, Adamant, \
Inexorable, Absolute Free Action, Legendary, Unique to Caster, Unique to Codex, Veiled, Vowed, Response
    ! 2 Actions
    ! Attunement Bio
    ! Dominance Forces
    ! Burn Focus to sustain
    ! Sacrifice Bio spell
    ^ Sealed for 1 Will
}
spell "Stone Wall" {
    sphere Matter
    role Defense
    fluency 1
    resonance -1
    aspects Earth | | Shield, Durability 2, Resilient, Impenetrable, Invulnerable, Harmony Ward 1, Ward, Evade
    broadcast Bio
}
"""


def test_every_new_keyword_is_accepted_and_reported_unsupported(tmp_path: Path) -> None:
    path = tmp_path / "new.spell"
    path.write_text(NEW_KEYWORDS, encoding="utf-8")
    result = compile_files([path], tmp_path)
    assert result.ok, result.diagnostics.render()
    unsupported = {d.message.split("'")[1] for d in result.diagnostics.items if d.code == "W021"}
    declared = {k.name for k in registry.load().keywords.values() if k.behaviour is None}
    assert declared - unsupported == set() and unsupported <= declared
    storm = spells(result)[0]
    assert [r.form for r in storm.requirements] == ["Actions", "Attunement", "Dominance", "Burn Focus", "Sacrifice"]
    assert storm.requirements[0].count == 2  # `! 2 Actions`: the count printed before the form is compiled
    assert storm.empowerments[0].name == "Area:G"


@pytest.mark.parametrize(("line", "message"), [
    ("! Actions 2", "'Actions' needs its count first, as printed: `! 2 Actions`"),
    ("! Attunement Bioo", "no Sphere is named 'Bioo'"),
    ("! Burn Focus Bio", "unexpected 'Bio' after 'Burn Focus' (it takes no parameters)"),
    ("aspects Heat | Dmg 1 | Immune 3", "expected one capitalised word"),
])
def test_new_forms_report_misuse(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "bad.spell"
    path.write_text(f'spell "Bad" {{\n    sphere Forces\n    role Attack\n    fluency 1\n    resonance -1\n'
                    f'    {line}\n}}\n', encoding="utf-8")
    result = compile_files([path], tmp_path)
    assert any(message in d.message for d in result.diagnostics.items if d.severity == "error"), \
        result.diagnostics.render()


def test_area_g_is_not_allowed_on_an_ally(tmp_path: Path) -> None:
    path = tmp_path / "ally.spell"
    path.write_text('spell "Pet" {\n    sphere Bio\n    role Ally\n    fluency 1\n    resonance -1\n'
                    '    aspects Beast | | Area:G\n    koishaka Essence 2\n}\n', encoding="utf-8")
    result = compile_files([path], tmp_path)
    assert [d.code for d in result.diagnostics.items if d.severity == "error"] == ["E015"]
