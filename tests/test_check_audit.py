"""Checker rules the audit found missing: each card here once compiled silently (or warned wrongly)."""

from __future__ import annotations

from pathlib import Path

import pytest

from spellc.compiler.serpents_tongue import render_text
from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue import registry
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary


def card(aspects: str, role: str = "Attack", extra: str = "", fluency: int = 1) -> str:
    return (f'spell "Probe" {{\n    sphere Forces\n    role {role}\n    fluency {fluency}\n    resonance -1\n'
            f"    aspects {aspects}\n{extra}}}\n")


def diagnostics(tmp_path: Path, text: str) -> list[str]:
    (tmp_path / "probe.spell").write_text(text, encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    return [f"{d.code}: {d.message}" for d in result.diagnostics.sorted()]


@pytest.mark.rule("Dispel")
@pytest.mark.rule("Spell Loss")
@pytest.mark.parametrize("aspects", ["| Dispel Exile |", "| Spell Loss 1 Banis |"])
def test_a_dispel_or_spell_loss_sends_a_spell_only_where_the_rules_say(tmp_path: Path, aspects: str) -> None:
    """Dispels "will also specify whether the target spell is discarded, returned to the owner's Codex" or
    Banished: any other word was only refused in play."""
    found = diagnostics(tmp_path, card(aspects, role="Abjuration", extra="    targets active spell\n"))
    assert any(f.startswith("E013: ") and "takes Banish or Return here" in f for f in found), found


@pytest.mark.rule("Ward")
@pytest.mark.rule("Evade")
@pytest.mark.parametrize("aspects", ["| | Ward 1", "| | Evade, Response"])
def test_wards_and_evades_read_their_broadcast_bar(tmp_path: Path, aspects: str) -> None:
    """"Evades, Shields and Wards typically defend against effects from specific Spheres only"."""
    found = diagnostics(tmp_path, card(aspects, role="Defense", extra="    broadcast Bio\n"))
    assert not [f for f in found if f.startswith("W022")], found


def test_a_broadcast_bar_on_an_attack_is_a_warning(tmp_path: Path) -> None:
    found = diagnostics(tmp_path, card("Heat | Dmg 1", extra="    broadcast Bio\n"))
    assert "W022: a broadcast bar only matters on a Evade, Shield or Ward" in found


@pytest.mark.parametrize(("word", "keyword"), [("Subtel", "Subtle"), ("Bonde", "Bonded"), ("Piercce", "Pierce")])
def test_a_descriptor_one_letter_from_a_keyword_is_a_warning(tmp_path: Path, word: str, keyword: str) -> None:
    found = diagnostics(tmp_path, card(f"Heat, {word} | Dmg 1 | Area"))
    assert any(f.startswith(f"W023: descriptor '{word}'") and f"'{keyword}'" in f for f in found), found


def test_a_real_descriptor_is_no_typo(tmp_path: Path) -> None:
    assert diagnostics(tmp_path, card("Heat, Acidic | Dmg 1 | Area")) == []


@pytest.mark.rule("Ritual Path")
def test_a_ritual_tier_reads_as_printed(tmp_path: Path) -> None:
    """A tier printed `Pierce 1` gives Pierce 1; `Duration +1` adds to the Duration. The site showed
    "Pierce +1" for the first."""
    ritual = "    ritual Pierce 1 | Duration +1 | N/A | N/A\n"
    (tmp_path / "probe.spell").write_text(card("Heat | Dmg 1 | Duration 1", fluency=2, extra=ritual), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    (tier1, tier2, *_) = spells(result)[0].ritual
    assert [a.text() for a in tier1.aspects] == ["Pierce 1"] and [a.text() for a in tier2.aspects] == ["Duration +1"]
    page = emit_site(spells(result), registry.load(), ())["spells/probe.md"]
    assert "Pierce +1" not in page
    assert "[Pierce 1](../glossary/pierce.md)" in page and "[Duration &#43;1](../glossary/duration.md)" in page


def test_a_choose_one_may_sit_on_one_line(tmp_path: Path) -> None:
    """The README's `choose one { - STEPS - STEPS }` did not parse: it means the same as the block form."""
    one_line = "        on impact: choose one { - deal Dmg 2 to target - gain 1 Resonance }\n"
    block = ("        on impact: choose one {\n            - deal Dmg 2 to target\n"
             "            - gain 1 Resonance\n        }\n")
    compiled = []
    for n, rules in enumerate((one_line, block)):
        folder = tmp_path / str(n)
        folder.mkdir()
        (folder / "probe.spell").write_text(card("Heat | Dmg 1", extra=f"    rules {{\n{rules}    }}\n"),
                                            encoding="utf-8")
        result = compile_files([folder], folder)
        assert result.ok, result.diagnostics.render()
        compiled.append(spells(result)[0].on_impact)
    assert compiled[0] == compiled[1] and len(compiled[0][0].options) == 2


def printing(title: str, fluency: int, sphere: str = "Soul") -> str:
    ritual = "    ritual N/A | N/A | Duration +1 | Area\n" if fluency > 1 else ""
    return (f'spell "{title}" {{\n    sphere {sphere}\n    role Attack\n    fluency {fluency}\n    resonance -1\n'
            f"    aspects Heat | Dmg 1 | Duration 1\n{ritual}}}\n")


@pytest.mark.rule("Codex")
def test_a_title_may_be_printed_at_several_fluencies(tmp_path: Path) -> None:
    """"A Magi may only include 3 Karmic Debts even if one is level 1 and the others are level 3": the same
    title exists at several fluencies. Each printing compiles to a class and a page of its own."""
    (tmp_path / "a.spell").write_text(printing("Karmic Debt", 1) + printing("Karmic Debt", 3), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert sorted(s.class_name for s in spells(result)) == ["KarmicDebtFluency1", "KarmicDebtFluency3"]
    site = emit_site(spells(result), registry.load(), ())
    assert {"spells/karmic-debt-fluency-1.md", "spells/karmic-debt-fluency-3.md"} <= set(site)
    namespace: dict[str, object] = {"__name__": "spellc.generated.serpents_tongue.soul"}
    exec(compile(emit_python(spells(result))["soul.py"], "soul.py", "exec"), namespace)
    library = CardLibrary.of(namespace["CARDS"])  # type: ignore[arg-type]
    assert library["Karmic Debt"].fluency == 1
    assert library.at("Karmic Debt", 3).fluency == 3  # type: ignore[union-attr]
    assert library.at("Karmic Debt", 2) is None and library.fluencies("Karmic Debt") == (1, 3)


def test_the_same_title_at_the_same_fluency_is_a_duplicate(tmp_path: Path) -> None:
    (tmp_path / "a.spell").write_text(printing("Karmic Debt", 1) + printing("Karmic Debt", 3)
                                      + printing("Karmic Debt", 3, sphere="Mind"), encoding="utf-8")
    found = diagnostics_of(compile_files([tmp_path], tmp_path))
    assert found == ["E908: duplicate title 'Karmic Debt' at fluency 3"]


def diagnostics_of(result: object) -> list[str]:
    return [f"{d.code}: {d.message}" for d in result.diagnostics.sorted()]  # type: ignore[attr-defined]


def test_only_a_transmute_passive_names_its_target(tmp_path: Path) -> None:
    rules = "    rules {\n        passive: target gains Subtle\n    }\n"
    found = diagnostics(tmp_path, card("Heat | Dmg 1", extra=rules))
    assert found == ["E018: only a Transmute's passive names its target: the spell it modifies"]


def test_a_transmute_passive_reads_as_card_text(tmp_path: Path) -> None:
    text = card("| | Duration 2", role="Transmute", extra="    targets Attack\n    rules {\n"
                "        passive: target gains Subtle\n    }\n")
    (tmp_path / "probe.spell").write_text(text, encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert render_text.rules_lines(spells(result)[0]) == ["The spell it is combined with gains Subtle."]


def test_a_condition_may_ask_what_the_effect_took(tmp_path: Path) -> None:
    """Chart B's "If a Magi loses Focus this way": `if impacted lost Focus: ...`, read back as card text."""
    rules = "    rules {\n        on impact: if impacted lost Focus: deal Harmony Dmg 2 to impacted\n    }\n"
    (tmp_path / "probe.spell").write_text(card("| Disrupt | Area", extra=rules), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert render_text.rules_lines(spells(result)[0]) == [
        "On impact: if the impacted Magi lost Focus this way, deal Harmony Dmg 2 to the impacted Magi."]
    assert diagnostics(tmp_path, card("| Disrupt | Area", extra=rules.replace("Focus:", "Will:"))) == [
        "E018: cannot read the condition 'impacted lost Will'"]


def test_casting_for_free_reads_as_card_text(tmp_path: Path) -> None:
    rules = "    rules {\n        when activated: may cast Forces Attack spell for free\n    }\n"
    (tmp_path / "probe.spell").write_text(card("| | Duration 1", role="Enhance", extra=rules), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    text = " ".join(render_text.rules_lines(spells(result)[0]))
    assert "you may cast a Forces Attack spell for free" in text, text
    assert "Do(kind='cast free', args=(Selector(sphere=Sphere.FORCES, role=Role.ATTACK),))" in emit_python(
        spells(result))["forces.py"]


@pytest.mark.rule("Actions")
def test_a_transmute_may_add_actions_but_no_other_requirement(tmp_path: Path) -> None:
    """"A spell that has Action requirements added to it (via a spell such as Prolong Cast)": `target gains 1
    Actions` compiles; a requirement not printed with its count first is no aspect a spell can gain."""
    transmute = "    targets spell in Rite zone\n    rules {{\n        passive: target gains {}\n    }}\n"
    assert diagnostics(tmp_path, card("| | Duration 1", "Transmute", transmute.format("1 Actions"))) == []
    found = diagnostics(tmp_path, card("| | Duration 1", "Transmute", transmute.format("Burn Focus")))
    assert found == ["E014: a spell cannot gain the requirement 'Burn Focus'"]


def test_timed_upgrades_and_rite_zone_targets_read_as_printed(tmp_path: Path) -> None:
    (tmp_path / "probe.spell").write_text(card("| Dmg 1 | Duration 2", extra=(
        "    ^ Dmg +1 for 1 Harmony per round\n    ^ Dmg +2 for 1 Will this impact\n")) + card(
        "| | Duration 1", "Transmute", "    targets Attack in Rite zone\n").replace("Probe", "Hold"), encoding="utf-8")
    result = compile_files([tmp_path], tmp_path)
    assert result.ok, result.diagnostics.render()
    probe, hold = sorted(spells(result), key=lambda s: s.title)[::-1]
    assert [render_text.upgrade_text(u) for u in probe.upgrades] == [
        "Dmg +1 for 1 Harmony per round", "Dmg +2 for 1 Will this impact"]
    assert hold.targets is not None and render_text.targets_text(hold.targets) == "Targets an Attack in the Rite zone"
