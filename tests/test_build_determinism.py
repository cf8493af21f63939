"""The build is a pure function of the card sources, the committed outputs are fresh, card text stays
data in generated code, and `write_tree` swaps a folder in whole or not at all.

Nothing here writes into the repository: compilation runs in memory (`compile_paths` + the emitters)
and `write_tree` is exercised in a temporary folder.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from compiler import build as build_module
from compiler.build import compile_paths, write_tree
from compiler.emit_python import emit_python
from compiler.emit_site import emit_site
from engine import registry

ROOT = Path(__file__).resolve().parent.parent


def _emit() -> tuple[dict[str, str], dict[str, str]]:
    result = compile_paths([ROOT / "cards_src"], ROOT)
    assert result.ok, result.diagnostics.render()
    return emit_python(result.spells), emit_site(result.spells, registry.load())


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
from compiler.build import compile_paths
from compiler.emit_python import emit_python
from compiler.emit_site import emit_site
from engine import registry
root = Path(sys.argv[1])
result = compile_paths([root / "cards_src"], root)
assert result.ok, result.diagnostics.render()
json.dump([emit_python(result.spells), emit_site(result.spells, registry.load())], sys.stdout, sort_keys=True)
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
    generated = ROOT / "generated"
    committed = {p.name for p in generated.glob("*.py")}
    stale = sorted(name for name, text in python_files.items()
                   if not (generated / name).is_file() or (generated / name).read_bytes() != text.encode("utf-8"))
    extra = sorted(committed - set(python_files))
    assert not stale and not extra, (
        f"generated/ is stale (differs: {stale}; not emitted any more: {extra}): run `spellc build`"
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
    result = compile_paths([source], tmp_path)
    assert result.ok, result.diagnostics.render()
    assert [s.title for s in result.spells] == [HOSTILE_TITLE]
    files = emit_python(result.spells)
    text = files["forces.py"]
    assert "\nimport os" not in text

    namespace: dict[str, Any] = {"__name__": "hostile"}
    exec(compile(text, "generated/forces.py", "exec"), namespace)
    (card,) = namespace["CARDS"]
    assert card.title == HOSTILE_TITLE
    assert card.abilities[0].name == "'); import os; ('"
    imported = {"Ability", "ActionChart", "Aspect", "ChartCondition", "ChartLine", "Condition", "Cost",
                "DieChart", "DieFace", "EncounterCard", "EncounterResponse", "Energy", "Modifier", "Quantity",
                "Requirement", "RitualTier", "Role", "Selector", "SourceRef", "SpecTier", "SpellCard", "Sphere",
                "Stat", "Threshold", "Timing", "Trigger", "Upgrade", "Effect", "Flow"}
    top_level = {k for k in namespace if not k.startswith("__")}
    assert top_level == imported | {card.__name__, "CARDS"}
    assert "os" not in namespace


# ---------------------------------------------------------------- write_tree swaps whole folders
def _old_tree(tmp_path: Path) -> Path:
    dest = tmp_path / "out" / "generated"
    (dest / "sub").mkdir(parents=True)
    (dest / "old.py").write_text("OLD = 1\n", encoding="utf-8")
    (dest / "sub" / "keep.md").write_text("kept\n", encoding="utf-8")
    return dest


def _snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): p.read_text(encoding="utf-8")
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_write_tree_replaces_the_folder_exactly(tmp_path: Path) -> None:
    dest = _old_tree(tmp_path)
    write_tree(dest, {"a.py": "A = 1\n", "pkg/b.md": "b\n"})
    assert _snapshot(dest) == {"a.py": "A = 1\n", "pkg/b.md": "b\n"}
    assert sorted(p.name for p in dest.parent.iterdir()) == ["generated"]


def test_write_tree_failing_value_leaves_old_folder(tmp_path: Path) -> None:
    dest = _old_tree(tmp_path)
    before = _snapshot(dest)
    bad: dict[str, Any] = {"a.py": "A = 1\n", "b.py": 42}  # f.write(42) raises TypeError mid-way
    with pytest.raises(TypeError):
        write_tree(dest, bad)
    assert _snapshot(dest) == before
    assert sorted(p.name for p in dest.parent.iterdir()) == ["generated"], "temporary folders left behind"


def test_write_tree_failing_open_leaves_old_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = _old_tree(tmp_path)
    before = _snapshot(dest)
    real_open = Path.open
    opened: list[str] = []

    def failing_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        if "w" in (args[0] if args else kwargs.get("mode", "r")):
            opened.append(self.name)
            if len(opened) == 2:
                raise OSError(28, "No space left on device")
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", failing_open)
    with pytest.raises(OSError, match="No space left"):
        write_tree(dest, {"a.py": "A = 1\n", "b.py": "B = 2\n", "c.py": "C = 3\n"})
    monkeypatch.undo()
    assert opened == ["a.py", "b.py"]
    assert _snapshot(dest) == before
    assert sorted(p.name for p in dest.parent.iterdir()) == ["generated"], "temporary folders left behind"


@pytest.mark.xfail(strict=True, reason=(
    "compiler/build.py write_tree: when swapping the new folder in fails (os.replace(tmp, dest)), the old "
    "folder has already been moved to .NAME.old and is not moved back: dest is gone, and the next "
    "write_tree deletes .NAME.old"))
def test_write_tree_failing_swap_leaves_old_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = _old_tree(tmp_path)
    before = _snapshot(dest)
    real_replace = os.replace

    def failing_replace(src: Any, dst: Any) -> None:
        if Path(src).name.startswith(".generated.new-"):
            raise OSError(18, "Invalid cross-device link")
        real_replace(src, dst)

    monkeypatch.setattr(build_module.os, "replace", failing_replace)
    with pytest.raises(OSError):
        write_tree(dest, {"a.py": "A = 1\n"})
    monkeypatch.undo()
    assert dest.is_dir() and _snapshot(dest) == before
    assert sorted(p.name for p in dest.parent.iterdir()) == ["generated"], "temporary folders left behind"
