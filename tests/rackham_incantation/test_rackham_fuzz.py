"""No traceback on any input of Incantation 2: mutated cards and scenarios are accepted or refused with located
diagnostics, and a hostile title stays data on the page and in the generated module."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from fuzzing import corpus, inputs

from compiler.cli import play
from compiler.diagnostics import Severity
from compiler.project import shipped
from compiler.rackham_incantation.emit_python import emit_python
from compiler.rackham_incantation.emit_site import emit_site
from compiler.rackham_incantation.frontend import compile_files, coverage_report
from engine.rulesets.rackham_incantation.registry import GLOSSARY, REGISTRY

CARDS = 500
SCENARIOS = 300


def _run_cards(data: bytes, tmp: Path) -> bool:
    folder = tmp / "rackham_incantation"
    folder.mkdir(exist_ok=True)
    (folder / "fuzz.spell").write_bytes(data)
    result = compile_files([folder / "fuzz.spell"], tmp)
    for d in result.diagnostics.items:
        head = d.render().split("\n", 1)[0]
        assert head.startswith(f"rackham_incantation/fuzz.spell:{d.span.line}:{d.span.column}: "), head
    if any(d.severity is Severity.ERROR for d in result.diagnostics.items):
        return False
    namespace: dict[str, Any] = {}
    exec(compile(emit_python(result.checked)["cards.py"], "cards.py", "exec"), namespace)
    emit_site(result.checked, GLOSSARY, REGISTRY, coverage_report())
    return True


def test_mutated_cards_never_crash(tmp_path: Path) -> None:
    built = sum(_run_cards(data, tmp_path) for data in inputs(CARDS, 20261125, corpus("rackham_incantation")))
    assert 0 < built < CARDS


def test_mutated_scenarios_never_crash() -> None:
    seeds = corpus("rackham_incantation", ".scenario")
    for data in inputs(SCENARIOS, 20261126, seeds):
        out, err = io.StringIO(), io.StringIO()
        code = play(data, "fuzz.scenario", project=shipped("rackham_incantation"), out=out, err=err)
        assert code in (0, 1)
        assert code == 0 or "fuzz.scenario:" in err.getvalue(), err.getvalue()
        assert "Traceback" not in err.getvalue()


def test_a_hostile_title_stays_data(tmp_path: Path) -> None:
    title = r'\"\"\"; import os; os.system(1) # <script>alert(1)</script> [x](javascript:y)'
    text = (f'spell "{title}" {{\n    college Primitive Magic\n    gems 1 Neutral\n    difficulty 5\n'
            '    range 20 cm\n    power 1\n    effect: deal 1 wound to target\n}\n')
    folder = tmp_path / "rackham_incantation"
    folder.mkdir()
    (folder / "c.spell").write_text(text, encoding="utf-8")
    result = compile_files([folder / "c.spell"], tmp_path)
    assert result.ok, result.diagnostics.render()
    namespace: dict[str, Any] = {}
    exec(compile(emit_python(result.checked)["cards.py"], "cards.py", "exec"), namespace)
    assert namespace["CARDS"][0].title == title.replace('\\"', '"')
    pages = emit_site(result.checked, GLOSSARY, REGISTRY, coverage_report())
    page = next(v for k, v in pages.items() if k.startswith("spells/") and not k.endswith("index.md"))
    assert "<script>" not in page and "](javascript:" not in page
