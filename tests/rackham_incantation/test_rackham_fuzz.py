"""A hostile title of Incantation 2 stays data on the page and in the generated module. (Its mutated cards and
scenarios are fuzzed with every game's in tests/test_fuzz_languages.py.)"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spellc.compiler.rackham_incantation.emit_python import emit_python
from spellc.compiler.rackham_incantation.emit_site import emit_site
from spellc.compiler.rackham_incantation.frontend import compile_files, coverage_report
from spellc.engine.rulesets.rackham_incantation.registry import GLOSSARY, REGISTRY


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
