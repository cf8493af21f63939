"""The build is a pure function of the card sources, the committed outputs are fresh, and card text and
file names stay data in generated code. (How outputs are written: tests/test_build_transaction.py.)

Nothing here writes into the repository: compilation runs in memory (`compile_files` + the emitters).
"""

from __future__ import annotations

import ast as pyast
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spellc.compiler.build import base_of, compile_target, render
from spellc.compiler.names import GENERATED_NAMES
from spellc.compiler.project import locate
from spellc.compiler.serpents_tongue.emit_python import _environment as emit_python_environment
from spellc.compiler.serpents_tongue.emit_python import emit_python, py_literal
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.engine.rulesets.serpents_tongue import registry

ROOT = Path(__file__).resolve().parent.parent


def _emit() -> tuple[dict[str, str], dict[str, str]]:
    result = compile_files([ROOT / "cards_src" / "serpents_tongue"], ROOT)
    assert result.ok, result.diagnostics.render()
    return emit_python(spells(result)), emit_site(spells(result), registry.load())


# ---------------------------------------------------------------- determinism and freshness
def test_emitting_twice_gives_identical_outputs() -> None:
    python_a, site_a = _emit()
    python_b, site_b = _emit()
    assert python_a == python_b
    assert site_a == site_b
    assert python_a and site_a


_EMIT_SCRIPT = """
import json, sys
from pathlib import Path
from spellc.compiler.serpents_tongue.frontend import compile_files, spells
from spellc.compiler.build import base_of, compile_target, render
from spellc.compiler.names import GENERATED_NAMES
from spellc.compiler.project import locate
from spellc.compiler.serpents_tongue.emit_python import _environment as emit_python_environment
from spellc.compiler.serpents_tongue.emit_python import emit_python, py_literal
from spellc.compiler.serpents_tongue.emit_site import emit_site
from spellc.engine.rulesets.serpents_tongue import registry
root = Path(sys.argv[1])
result = compile_files([root / "cards_src" / "serpents_tongue"], root)
assert result.ok, result.diagnostics.render()
json.dump([emit_python(spells(result)), emit_site(spells(result), registry.load())], sys.stdout, sort_keys=True)
"""


def test_outputs_do_not_depend_on_the_hash_seed() -> None:
    """Set and dict-of-set iteration order changes with PYTHONHASHSEED; the outputs must not."""
    runs = []
    for seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, "-c", _EMIT_SCRIPT, str(ROOT)], cwd=ROOT, env=env,
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr
        runs.append(json.loads(run.stdout))
    assert runs[0] == runs[1]


def test_committed_generated_package_is_up_to_date() -> None:
    python_files, _ = _emit()
    generated = ROOT / "generated" / "serpents_tongue"
    committed = {p.name for p in generated.glob("*.py")}
    stale = sorted(name for name, text in python_files.items()
                   if not (generated / name).is_file() or (generated / name).read_bytes() != text.encode("utf-8"))
    extra = sorted(committed - set(python_files))
    assert not stale and not extra, (
        f"generated/serpents_tongue/ is stale (differs: {stale}; not emitted any more: {extra}): run `spellc build`"
    )


# ---------------------------------------------------------------- card text is data, never code
HOSTILE_TITLE = 'Quote """ and \\n and \\\\ and \n newline \'); import os; (\' {{ 7*7 }}'
# The same title as a .spell string literal: escape the backslashes, the quotes and the newline.
HOSTILE_LITERAL = HOSTILE_TITLE.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def test_hostile_title_compiles_to_plain_data(tmp_path: Path) -> None:
    source = tmp_path / "hostile.spell"
    source.write_text(
        f'spell "{HOSTILE_LITERAL}" {{\n'
        "    sphere Forces\n    role Attack\n    fluency 1\n    resonance -1\n    aspects Heat | Dmg 1\n"
        '    rules {\n        ability "\'); import os; (\'" [Free Action]: deal Dmg 1 to target\n    }\n'
        "}\n",
        encoding="utf-8",
    )
    result = compile_files([source], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert [s.title for s in spells(result)] == [HOSTILE_TITLE]
    files = emit_python(spells(result))
    text = files["forces.py"]
    assert "\nimport os" not in text

    namespace: dict[str, Any] = {"__name__": "hostile"}
    exec(compile(text, "generated/forces.py", "exec"), namespace)
    (card,) = namespace["CARDS"]
    assert card.title == HOSTILE_TITLE
    assert card.abilities[0].name == "'); import os; ('"
    # A module imports only the names its code uses (not a fixed header of every card value).
    imported = {"Ability", "Aspect", "Role", "SourceRef", "SpellCard", "Sphere", "Do"}
    top_level = {k for k in namespace if not k.startswith("__")}
    assert top_level == imported | {card.__name__, "CARDS"}
    assert top_level - {card.__name__} <= GENERATED_NAMES, "compiler/names.py must list every name bound here"
    assert "os" not in namespace


@pytest.mark.parametrize("breaker", ["\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\u2029"])
def test_a_file_name_cannot_inject_code(tmp_path: Path, breaker: str) -> None:
    """The generated `# path:line` comments once pasted the file name raw: a line break in it started a
    line of live code that ran on `import generated`."""
    payload = "import os; os.environ['SPELLC_PWNED'] = '1'"
    folder = tmp_path / f"evil{breaker}{payload}{breaker}x"
    folder.mkdir()
    source = folder / f"card{breaker}{payload}{breaker}.spell"
    source.write_text('spell "Ember" {\n    sphere Forces\n    role Attack\n    fluency 1\n    resonance -1\n'
                      '    aspects Heat | Dmg 1\n    rules {\n'
                      '        ability "Flick" [Free Action]: deal Dmg 1 to target\n    }\n}\n', encoding="utf-8")
    result = compile_files([source], tmp_path)
    assert result.ok, result.diagnostics.render()
    text = emit_python(spells(result))["forces.py"]
    assert all(payload not in line or line.lstrip().startswith(("#", "source =")) for line in text.splitlines())
    namespace: dict[str, Any] = {"__name__": "evil"}
    exec(compile(text, "generated/forces.py", "exec"), namespace)
    assert "os" not in namespace and "SPELLC_PWNED" not in os.environ
    (card,) = namespace["CARDS"]
    assert card.source.path == source.relative_to(tmp_path).as_posix()



def test_generated_code_templates_refuse_unfiltered_values() -> None:
    """Every `{{ }}` of a code template must go through py, inert_text or identifier (a finalize hook)."""
    template = emit_python_environment().from_string("x = {{ value }}\n")
    with pytest.raises(TypeError, match="unfiltered value"):
        template.render(value="1\nimport os")
    assert template.render(value=py_literal("1\nimport os")) == "x = '1\\nimport os'\n"


def test_a_compiled_module_imports_only_what_its_cards_use() -> None:
    """The generated modules hold what is specific to their cards: no import their code does not use."""
    for path in sorted((ROOT / "generated" / "serpents_tongue").glob("*.py")):
        tree = pyast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.asname or alias.name for node in tree.body if isinstance(node, pyast.ImportFrom)
                    for alias in node.names}
        used = {node.id for node in pyast.walk(tree) if isinstance(node, pyast.Name)}
        assert imported <= used, f"{path.name} imports {sorted(imported - used)} and never uses them"


def test_names_in_a_cards_texts_import_nothing(tmp_path: Path) -> None:
    """A module's imports are found by scanning its code, not parsing it: the names a title, a file name or
    an ability's name holds are text, and import nothing."""
    folder = tmp_path / "Trigger"
    folder.mkdir()
    source = folder / "Upgrade.spell"
    source.write_text('spell "Threshold \\"Modifier\\" It\'s Timing" {\n    sphere Forces\n    role Attack\n'
                      '    fluency 1\n    resonance -1\n    aspects Heat | Dmg 1\n    rules {\n'
                      '        ability "Ritual\'s Declaration" [Free Action]: deal Dmg 1 to target\n    }\n}\n',
                      encoding="utf-8")
    result = compile_files([source], tmp_path)
    assert result.ok, result.diagnostics.render()
    text = emit_python(spells(result))["forces.py"]
    namespace: dict[str, Any] = {"__name__": "texts"}
    exec(compile(text, "generated/forces.py", "exec"), namespace)
    imported = {"Ability", "Aspect", "Role", "SourceRef", "SpellCard", "Sphere", "Do"}
    assert {k for k in namespace if not k.startswith("__")} - {"CARDS", namespace["CARDS"][0].__name__} == imported


def test_every_committed_output_is_what_a_build_makes_now() -> None:
    """"generated/: compiled effect classes, committed, reproducible byte for byte", and the site's pages beside
    them: a change that alters an output (a card, a template, a test that cites a rule on a coverage page) is
    committed with the output it alters. Every game's, rendered in memory and compared with the repository's."""
    target = locate(ROOT)
    built = compile_target(target)
    assert built.ok, built.diagnostics.render()
    base = base_of(target)
    stale = []
    for name, output in render(target, built, base).items():
        if output is None:  # no such output any more: nothing may be left there
            stale += [name] if (base / name).exists() else []
            continue
        if isinstance(output, str):
            wanted = {name: output}
        else:
            wanted = {f"{name}/{rel}": text for rel, text in output.items()}
            on_disk = {p.relative_to(base).as_posix() for p in (base / name).rglob("*") if p.is_file()}
            stale += sorted(on_disk - set(wanted) - {p for p in on_disk if "__pycache__" in p})
        stale += sorted(path for path, text in wanted.items()
                        if not (base / path).is_file() or (base / path).read_bytes() != text.encode("utf-8"))
    assert not stale, f"run `spellc build` and commit what it changes: {stale[:10]}"
