"""The layering of the code: the import-linter contracts of pyproject.toml, and a ratchet on imports hidden
inside functions. A hidden import is how a cycle between modules gets around Python's import order; each
one says a responsibility sits in the wrong module (issue 10). The list below is what is left: a new one
fails this test, and so does one that has gone (strike it from the list, so that it cannot come back)."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# (file, function, module imported): every import inside a function that is still there. Only the command
# line's: it imports the commands once one is chosen, and a command the modules only it needs (mkdocs, pygls),
# to keep start-up fast. Nothing imports the command line, so no cycle can hide there.
HIDDEN_IMPORTS: frozenset[tuple[str, str, str]] = frozenset({
    # The command line loads a command's modules once the command is chosen: not for --help or a usage error.
    ("compiler/cli.py", "run", "spellc.compiler.commands"),
    ("compiler/cli.py", "run", "spellc.compiler.project"),
    ("compiler/cli.py", "__call__", "importlib.metadata"),  # 25 ms, for --version only (Version.__call__)
    ("compiler/cli.py", "run", "spellc.compiler.colour"),  # rich, for a terminal only
    ("compiler/cli.py", "main", "spellc.compiler.completion"),  # shtab, for `spellc completion` only
    # `spellc build` asks the build server before anything else loads, then the journal if none answers; with no
    # options, before the command line's parser loads
    ("compiler/entry.py", "main", "spellc.compiler.cli"),
    ("compiler/entry.py", "main", "spellc.compiler.build_client"),
    ("compiler/cli.py", "main", "spellc.compiler.build_client"),
    ("compiler/build_client.py", "before_loading", "spellc.compiler.journal"),
    ("compiler/build_client.py", "before_loading", "pathlib"),
    ("compiler/build_client.py", "start", "subprocess"),  # only to start a server
    ("compiler/commands.py", "report", "importlib.metadata"),  # the SARIF log's tool version only
    ("compiler/commands.py", "cmd_fmt", "spellc.compiler.formatter"),
    ("compiler/commands.py", "cmd_lsp", "spellc.compiler.language_server"),
    ("compiler/commands.py", "cmd_site", "spellc.compiler.site_command"),
    ("compiler/commands.py", "cmd_sim", "spellc.compiler.sim"),  # the players and the study runner
    ("compiler/sim.py", "_matches", "spellc.engine.core.ray_backend"),  # Ray: an optional extra, for --backend ray
    # The Balance section: a study's results (DuckDB) for a project with studies, matplotlib (an optional extra)
    ("compiler/balance.py", "_shown", "spellc.compiler.sim_results"),
    ("compiler/balance.py", "_shown", "spellc.compiler.sim_store"),
    ("compiler/balance.py", "_plots", "matplotlib"),
    ("compiler/balance.py", "_plots", "matplotlib.figure"),
})


def hidden_imports() -> set[tuple[str, str, str]]:
    """Every ``import`` inside a function of engine/ and compiler/, by the outermost function's name."""
    found: set[tuple[str, str, str]] = set()
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("compiler/**/*.py")]):
        name = path.relative_to(ROOT).as_posix()

        def walk(node: ast.AST, function: str | None, name: str = name) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                    walk(child, function or child.name)
                elif isinstance(child, ast.Import | ast.ImportFrom) and function:
                    found.update((name, function, module) for module in imported(child))
                else:
                    walk(child, function)

        walk(ast.parse(path.read_text(encoding="utf-8")), None)
    return found


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = ROOT.joinpath(*str(node.module).split("."))
    if package.is_dir():  # `from spellc.engine.rulesets.serpents_tongue import casting`: the module is casting
        return [f"{node.module}.{alias.name}" if (package / f"{alias.name}.py").is_file() else str(node.module)
                for alias in node.names]
    return [str(node.module)]


def test_no_new_import_hides_inside_a_function() -> None:
    new = hidden_imports() - HIDDEN_IMPORTS
    assert not new, ("an import inside a function gets around a cycle of imports: move the responsibility "
                     f"to the module it belongs to instead: {sorted(new)}")


def test_the_list_of_hidden_imports_only_shrinks() -> None:
    gone = HIDDEN_IMPORTS - hidden_imports()
    assert not gone, f"these hidden imports are gone: strike them from HIDDEN_IMPORTS: {sorted(gone)}"


def module_imports() -> dict[str, set[str]]:
    """Each module of engine/ and compiler/ and the modules of theirs it imports when it runs: at the top or
    inside a function, not for type checking alone."""
    paths = {".".join(("spellc", *p.relative_to(ROOT).with_suffix("").parts)).removesuffix(".__init__"): p
             for p in [*ROOT.glob("engine/**/*.py"), *ROOT.glob("compiler/**/*.py")]}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        found: set[str] = set()

        def walk(node: ast.AST, found: set[str] = found) -> None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                    continue
                if isinstance(child, ast.Import | ast.ImportFrom):
                    found.update(m for m in imported(child) if m in paths)
                walk(child)

        walk(ast.parse(path.read_text(encoding="utf-8")))
        graph[name] = found
    return graph


def test_no_module_imports_itself_through_others() -> None:
    """"A cycle of imports means a responsibility sits in the wrong module": none in engine/ or compiler/."""
    graph = module_imports()
    for start in graph:
        seen, todo = set(), list(graph[start])
        while todo:
            module = todo.pop()
            assert module != start, f"{start} imports itself through {sorted(seen)}"
            if module not in seen:
                seen.add(module)
                todo.extend(graph[module])


def test_the_import_contracts_hold() -> None:
    """pyproject.toml's [tool.importlinter] contracts, checked by import-linter."""
    linter = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if linter is None:
        pytest.fail("import-linter is not installed: `pip install -e '.[test]'` (make test does it)")
    run = subprocess.run([linter, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


# The words of the games the seeds describe: the core must say none of them (issue 10: "the core's source
# names nothing of any game").
GAME_WORDS = ("Resonance", "Harmony", "Essence", "Voice", "Will", "Sphere", "Magi", "Koishaka", "Encounter",
              "Nam-Shub", "Codex", "Discord", "Gem", "Element", "Incantation", "Amtgard", "Enchantment", "Magician",
              "Mana", "College")


def core_modules() -> list[Path]:
    return sorted((ROOT / "engine" / "core").rglob("*.py"))


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.name)
def test_the_core_imports_nothing_but_itself(path: Path) -> None:
    """The generic core knows no ruleset: it imports the standard library, its own modules and nothing else
    of this project."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for module in imported(node):
                if module.split(".")[0] in ("spellc", "engine", "compiler", "generated"):
                    assert module.startswith("spellc.engine.core"), f"{path.name} imports {module}"


@pytest.mark.parametrize("path", core_modules(), ids=lambda p: p.name)
def test_the_core_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    named = [w for w in GAME_WORDS if re.search(rf"\b{re.escape(w)}s?\b", text)]
    assert not named, f"{path.relative_to(ROOT)} names {named}: a game's words belong to its ruleset"


ZONE_MUTATION = re.compile(r"zones\[[^\]]*\]\s*"  # a zone, then a call that changes it or an assignment
                           r"(\.(append|remove|insert|clear|pop|extend|sort|reverse)\(|\[[^\]]*\]\s*=|=[^=])")


def test_zones_change_only_through_their_being() -> None:
    """A holder's zones keep what lies in them ready for every decision (engine.core.zones.Zones.all): a zone
    that changed behind their back would leave that list stale. Only Zones.put and Zones.take change one."""
    for path in sorted([*ROOT.glob("engine/**/*.py"), *ROOT.glob("tests/**/*.py")]):
        if path.name in ("zones.py", "test_layers.py"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not ZONE_MUTATION.search(line), f"{path.relative_to(ROOT)}:{number} changes a zone: {line.strip()}"
