"""Golden-file tests of the Python the compiler writes for valid cards.

Each ``tests/fixtures/ok/NAME.spell`` is a valid card file of one Sphere that exercises the language
broadly (ritual paths, upgrades, requirements, every rules-text step form, passives, abilities,
triggers, ``where X = ...``). ``NAME.py.expected`` holds the exact module text `emit_python` writes for
that Sphere. The module must also compile and run (its classes build) in a fresh namespace.

Updating the golden files: after a deliberate change to the emitter or its templates, run

    SPELLC_UPDATE_GOLDEN=1 .venv/bin/python -m pytest tests/test_codegen_golden.py

which rewrites every ``.py.expected`` file instead of comparing, then READ the diff
(``git diff tests/fixtures/ok``) before committing it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.serpents_tongue.emit_python import emit_python
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue.cards import SpellCard

ROOT = Path(__file__).resolve().parent.parent
OK = ROOT / "tests" / "fixtures" / "ok"
UPDATE = os.environ.get("SPELLC_UPDATE_GOLDEN") == "1"
FIXTURES = sorted(OK.glob("*.spell"))


def _sphere(path: Path) -> str:
    spheres = set(re.findall(r"^\s*sphere\s+(\w+)", path.read_text(encoding="utf-8"), re.MULTILINE))
    assert len(spheres) == 1, f"{path.name}: a codegen fixture holds spells of exactly one Sphere"
    return spheres.pop()


def test_there_are_ok_fixtures() -> None:
    assert len(FIXTURES) >= 2
    orphans = [p.name for p in OK.glob("*.py.expected")
               if not p.with_name(p.name.removesuffix(".py.expected") + ".spell").is_file()]
    assert not orphans, f".py.expected files without a .spell: {orphans}"


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_codegen(path: Path) -> None:
    result = compile_files([path], ROOT)
    assert result.ok, result.diagnostics.render()
    assert not result.diagnostics.items, "a codegen fixture should compile cleanly:\n" + result.diagnostics.render()
    files = emit_python(spells(result))
    module = f"{_sphere(path).lower()}.py"
    assert set(files) == {module, "__init__.py"}
    text = files[module]

    expected_file = OK / f"{path.stem}.py.expected"
    if UPDATE:
        expected_file.write_text(text, encoding="utf-8", newline="\n")
    else:
        assert expected_file.is_file(), f"no {expected_file.name}: run with SPELLC_UPDATE_GOLDEN=1"
        assert text == expected_file.read_text(encoding="utf-8")

    # The module imports (cards, effects) and builds every card class.
    namespace: dict[str, Any] = {"__name__": f"golden_{path.stem}"}
    exec(compile(text, f"generated/{module}", "exec"), namespace)
    cards = namespace["CARDS"]
    assert [c.title for c in cards] == [s.title for s in spells(result)]
    for card, spell in zip(cards, spells(result), strict=True):
        assert issubclass(card, SpellCard)
        assert card.__name__ == spell.class_name
        assert card.sphere.value == _sphere(path)
        assert card.source.path == f"tests/fixtures/ok/{path.name}"
        for method in [t.method for t in card.triggers] + [a.method for a in card.abilities]:
            assert card.rules_text.get(method), f"{card.__name__} lacks the steps of {method}"
