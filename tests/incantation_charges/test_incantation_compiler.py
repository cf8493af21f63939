"""Incantation charges' cards through the compiler: what a designer gets for a mistake (a located error with
a suggestion), that a card's text stays data, that the build is reproducible, and that no input, however
mangled, gets a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.build import compile_sources
from spellc.compiler.cli import main
from spellc.compiler.incantation_charges.emit_python import emit_python
from spellc.compiler.incantation_charges.emit_site import emit_site
from spellc.compiler.incantation_charges.frontend import compile_files, coverage_report
from spellc.engine.core.steps import Do, IfYouDid
from spellc.engine.rulesets.incantation_charges.cards import Aim, Kind
from spellc.engine.rulesets.incantation_charges.registry import GLOSSARY, REGISTRY

ROOT = Path(__file__).resolve().parents[2]
CARDS = ROOT / "cards_src" / "incantation_charges"


def _check(tmp_path: Path, text: str) -> str:
    folder = tmp_path / "incantation_charges"
    folder.mkdir(exist_ok=True)
    (folder / "c.spell").write_text(text, encoding="utf-8")
    result = compile_files([folder / "c.spell"], tmp_path)
    return result.diagnostics.render()


def test_a_card_compiles_to_the_engines_values() -> None:
    result = compile_files(sorted(CARDS.glob("*.spell")), ROOT)
    assert result.ok, result.diagnostics.render()
    cards = {c.card.title: c.card for c in result.checked}
    wind = cards["Second Wind"]
    assert (wind.kind, wind.incantation, wind.aim) == (Kind.ACTION, 1, Aim.SELF)
    assert wind.steps == (Do("heal", (3, "you")), IfYouDid(Do("draw", (1,))))
    assert wind.text == "Heal 3 to you; if you did, draw 1 card."
    assert cards["Oak Staff"].kind is Kind.IMPLEMENT and cards["Spell Snare"].interrupt is not None


@pytest.mark.parametrize(("card", "expected"), [
    ('action "A" {\n    at enmey\n    effect: deal 1 damage to target\n}\n',
     ["c.spell:2:8: error[E904]: no target is named 'enmey'", "did you mean 'enemy'?",
      "note: a target is one of: enemy, self"]),
    ('action "A" {\n    effect: deal 1 damage to target\n}\n',
     ["c.spell:2:30: error[E509]: this card is played at no one: there is no `target`", "add `at enemy`"]),
    ('action "A" {\n    at enemy\n    effect: deal 1 damage to them\n}\n',
     ["error[E509]: `them` is whom an interrupt's event concerned"]),
    ('action "A" {\n    at enemy\n    effect: deal 1 damage to trget\n}\n', ["did you mean 'target'?"]),
    ('interrupt "S" {\n    when an enemy begins an incantaton: deal 1 damage to them\n}\n',
     ["error[E904]: no event is named 'an enemy begins an incantaton'",
      "did you mean 'an enemy begins an incantation'?"]),
    ('implement "Rod" {\n    at enemy\n    effect: deal 1 damage to target\n}\n',
     ["error[E510]: an implement begins an Incantation as a part of its play", "add the step `begin an incantation`"]),
    ('action "A" {\n    incantation 0\n    effect: draw 1 card\n}\n',
     ["c.spell:2:17: error[E903]: `incantation` takes at least 1, not 0"]),
    ('action "A" {\n    effect: draw 1 card\n    effect: draw 2 cards\n}\n',
     ["error[E901]: `effect` is given twice", "note: first on line 2"]),
    ('action "A" {\n    effect: if you are incantign: draw 1 card\n}\n',
     ["error[E512]: no condition reads 'you are incantign'", "did you mean 'you are incanting'?"]),
    ('action "A" {\n    when you suffer damage: draw 1 card\n}\n',
     ["c.spell:1:8: error[E902]: an action needs an `effect` line",
      "c.spell:2:5: error[E905]: an action takes no `when` line", "note: `when` goes on an interrupt"]),
    ('interrupt "S" {\n    effect: draw 1 card\n}\n',
     ["c.spell:1:11: error[E902]: an interrupt needs a `when` line",
      "c.spell:2:5: error[E905]: an interrupt takes no `effect` line",
      "note: `effect` goes on an action or an implement"]),
    ('action "A" {\n    effect: draw 1 card\n}\naction "A" {\n    effect: draw 2 cards\n}\n',
     ["c.spell:4:8: error[E908]: duplicate title 'A'", "note: 'A' is at incantation_charges/c.spell:1"]),
    ('action "A" {\n    effect: sing 1 song\n}\n', ["c.spell:2:13: error[E001]: unexpected 'sing'"]),
    ('action "Fire Ball" {\n    effect: draw 1 card\n}\naction "Fire-Ball" {\n    effect: draw 1 card\n}\n',
     ["error[E908]: 'Fire-Ball' and 'Fire Ball' would share the page fire-ball.md"]),
])
def test_a_mistake_is_a_located_error(tmp_path: Path, card: str, expected: list[str]) -> None:
    shown = _check(tmp_path, card)
    for text in expected:
        assert text in shown, shown


def test_a_hostile_title_stays_data(tmp_path: Path) -> None:
    title = 'x""" + __import__("os").system("echo pwned") + """\\n# {{ 7*7 }} <script>'
    literal = title.replace("\\", "\\\\").replace('"', '\\"')
    text = f'action "{literal}" {{\n    effect: draw 1 card\n}}\n'
    folder = tmp_path / "incantation_charges"
    folder.mkdir()
    (folder / "c.spell").write_text(text, encoding="utf-8")
    result = compile_files([folder / "c.spell"], tmp_path)
    assert result.ok, result.diagnostics.render()
    module = emit_python(result.checked)["cards.py"]
    namespace: dict[str, Any] = {}
    exec(compile(module, "cards.py", "exec"), namespace)
    assert [c.title for c in namespace["CARDS"]] == [title]
    pages = emit_site(result.checked, GLOSSARY, REGISTRY, coverage_report())
    assert all("<script>" not in page and "{{" not in page for page in pages.values())


def test_the_committed_package_is_what_the_cards_compile_to() -> None:
    result = compile_files(sorted(CARDS.glob("*.spell")), ROOT)
    generated = ROOT / "generated" / "incantation_charges"
    for name, text in emit_python(result.checked).items():
        assert (generated / name).read_text(encoding="utf-8") == text, f"run `spellc build`: {name} is stale"


def test_a_card_file_belongs_to_the_ruleset_of_its_project(tmp_path: Path) -> None:
    for name, ruleset, text in (
            ("charges", "incantation_charges", 'action "A" {\n    effect: draw 1 card\n}\n'),
            ("duel", "serpents_tongue", 'spell "B" {\n    sphere Forces\n    role Attack\n    fluency 1\n'
                                        '    resonance -1\n    aspects Heat | Dmg 1\n}\n')):
        (tmp_path / name / "cards").mkdir(parents=True)
        (tmp_path / name / "spellc.toml").write_text(f'[project]\nruleset = "{ruleset}"\n', encoding="utf-8")
        (tmp_path / name / "cards" / "c.spell").write_text(text, encoding="utf-8")
    built = compile_sources([tmp_path], tmp_path)
    assert built.ok, built.diagnostics.render()
    assert {p.ruleset.name: c.cards for p, c in built.compiled.items()} == {"serpents_tongue": 1,
                                                                          "incantation_charges": 1}


def test_spellc_check_names_each_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(CARDS)]) == 0
    assert "Incantation charges: 12 cards" in capsys.readouterr().out


def test_coverage_lists_the_ruleset_with_honest_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["coverage", "--json", "--ruleset", "incantation_charges"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["ruleset"] for r in rows} == {"incantation_charges"}
    assert [r["term"] for r in rows] == [t.name for t in GLOSSARY.terms]
    for row in rows:
        term = GLOSSARY.term(row["term"])
        assert term is not None
        if row["status"] == "supported":
            assert term.behaviour in REGISTRY.bindings and row["tests"]
    assert main(["coverage", "--ruleset", "incantation_chargse"]) == 2
    assert "did you mean 'incantation_charges'?" in capsys.readouterr().err


def test_a_term_bound_to_nothing_is_unsupported_however_many_tests_cite_it() -> None:
    rows = {r.term: r for r in coverage_report()}
    assert rows["Spending charges"].status == "supported"
    from spellc.compiler import coverage

    stripped = coverage.report(GLOSSARY, REGISTRY.implemented() - {"spend_incantation_charges"},
                               ROOT / "tests", "incantation_charges")
    row = next(r for r in stripped if r.term == "Spending charges")
    assert row.status == "unsupported" and row.tests


# ---------------------------------------------------------------- a step kind is declared once
def _aliases(fragment: str) -> set[str]:
    """The step kinds and costs a grammar fragment writes (`-> deal_damage`), in the engine's words."""
    import re

    text = (ROOT / "grammar" / fragment).read_text(encoding="utf-8")
    body = text[text.index("?action:"):]
    return {name.replace("_", " ") for name in re.findall(r"->\s*(\w+)", body)}


def test_the_grammar_and_the_engine_declare_the_same_step_kinds() -> None:
    from spellc.engine.rulesets.incantation_charges.steps import KINDS, WORDING

    declared = set(KINDS.actions) | set(KINDS.costs)
    assert _aliases("incantation_charges.lark") == declared
    assert declared | set(KINDS.conditions) == set(WORDING)


def test_a_new_step_kind_is_a_grammar_line_and_a_declaration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    """Adding a step kind touches two files: the ruleset's grammar fragment and its steps module. Here both are
    stood in for: a fragment with one more line, and one more declaration; the checker, the emitter and the
    engine need nothing else."""
    import dataclasses

    from spellc.compiler.incantation_charges import frontend
    from spellc.engine.core.decisions import Flow
    from spellc.engine.core.match import Match
    from spellc.engine.rulesets.incantation_charges import steps
    from spellc.engine.rulesets.incantation_charges.cards import Library
    from spellc.engine.rulesets.incantation_charges.game import Game
    from spellc.engine.rulesets.incantation_charges.state import HAND, Entity, Settings
    from spellc.engine.rulesets.incantation_charges.table import Effect

    fragment = tmp_path / "with_sap.lark"
    fragment.write_text((ROOT / "grammar" / "incantation_charges.lark").read_text(encoding="utf-8")
                        + '\n%extend ?action: "sap" INT "charges" "from" WORD -> sap_charges\n', encoding="utf-8")
    ruleset = dataclasses.replace(frontend.FRONTEND.ruleset, grammar=str(fragment))
    monkeypatch.setattr(frontend, "FRONTEND", dataclasses.replace(frontend.FRONTEND, ruleset=ruleset))

    def sap(fx: Effect, amount: int, who: str) -> Flow[bool]:
        victim = fx.who(who)
        assert victim is not None
        victim.charges = max(0, victim.charges - amount)
        return True
        yield

    monkeypatch.setitem(steps.KINDS.actions, "sap charges", sap)
    monkeypatch.setitem(steps.WORDING, "sap charges", lambda amount, who: f"sap {amount} charges from {who}")
    folder = tmp_path / "incantation_charges"
    folder.mkdir()
    (folder / "c.spell").write_text('action "Drain" {\n    at enemy\n    effect: sap 2 charges from target\n}\n',
                                    encoding="utf-8")
    result = compile_files([folder / "c.spell"], tmp_path)
    assert result.ok, result.diagnostics.render()
    card = result.checked[0].card
    assert card.text == "Sap 2 charges from target."
    namespace: dict[str, Any] = {}
    exec(compile(emit_python(result.checked)["cards.py"], "cards.py", "exec"), namespace)
    mage, foe = Entity("Mage", "A", 10, 10), Entity("Foe", "B", 10, 10, charges=3)
    mage.zones.put(namespace["CARDS"][0], HAND)
    m = Match(Game([mage, foe], Library.of(namespace["CARDS"]), Settings()))
    m.apply('play "Drain" at Foe')
    assert foe.charges == 1
