"""The path a card takes through Serpent's Tongue's rules as it is cast (issue 28, item 6: "Followed as data, a card
entering `casting.cast` makes 43 stays in 11 modules, with 32 returns to a module it had already left").

Run on demand, never in the test suite. Usage:

    python -m benchmarks.casting_path [SCENARIO ...]   (default: every shipped Serpent's Tongue scenario)

Each scenario is replayed under a profiler hook. From the moment a card enters ``casting.cast`` until that cast's
flow is over, the module running is followed call by call and return by return (the engine's modules only: the
standard library's are stepped through), and the run of one module is a *stay*. A stay in a module the cast had
already left is a *return*: the measure of rules that read in more than one direction. The issue followed the card
*as data*: counted a third way, only the functions that hold the card being cast (among their arguments or locals)
make stays, so a helper that reads a number of the match and hands it back is stepped through. Printed per cast
(the card, its stays, modules and returns), then the median and the most; the last line is one JSON object, which
also counts the ruleset's import cycles (:func:`import_cycles`: its modules' imports, those made for the type
checker alone included, that lead back to where they began).
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

from spellc.compiler.build import library
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import shipped
from spellc.compiler.serpents_tongue.scenario import parse_scenario
from spellc.compiler.source import SourceFile
from spellc.engine.rulesets.serpents_tongue import casting
from spellc.engine.rulesets.serpents_tongue.scenario import replay

ROOT = Path(__file__).resolve().parent.parent
ENGINE = "spellc.engine."
RULESET = "rulesets.serpents_tongue."  # its modules, as _module names them
CAST = casting.cast.__code__
PACKAGE = "spellc.engine.rulesets.serpents_tongue"


@dataclass
class CastPath:
    """One cast's path: the module of each stay, in order; and the same counting only the functions that hold the
    card itself (``held``: the card followed as data, the issue's measure)."""

    card: str
    stays: list[str] = field(default_factory=list)
    held: list[str] = field(default_factory=list)

    def enter(self, module: str, holds_card: bool) -> None:
        for path in (self.stays, self.held) if holds_card else (self.stays,):
            if not path or path[-1] != module:
                path.append(module)

    def figures(self, within: str = "", as_data: bool = False) -> dict[str, Any]:
        """Its stays, modules and returns, counting only the modules named ``within...`` (the others are
        stepped through: a stay in the core between two in ``casting`` is one stay in ``casting``); ``as_data``:
        only where the card is held."""
        stays = [m for m in (self.held if as_data else self.stays) if m.startswith(within)]
        stays = [m for i, m in enumerate(stays) if i == 0 or stays[i - 1] != m]
        seen: set[str] = set()
        returns = 0
        for module in stays:
            returns += module in seen
            seen.add(module)
        return {"card": self.card, "stays": len(stays), "modules": len(seen), "returns": returns}


def _module(frame: FrameType | None) -> str | None:
    """The engine module ``frame`` runs in (short name), or None for any other code."""
    name = frame.f_globals.get("__name__", "") if frame is not None else ""
    return name.removeprefix(ENGINE) if name.startswith(ENGINE) else None


def _cast_frame(frame: FrameType | None) -> FrameType | None:
    """The frame of ``casting.cast`` that ``frame`` runs inside, if any (the outermost: a cast within a cast, such
    as a spell cast for free, is part of its path)."""
    found = None
    while frame is not None:
        if frame.f_code is CAST:
            found = frame
        frame = frame.f_back
    return found


def follow(scenario: Path) -> list[CastPath]:
    """Every cast of the replay of ``scenario``, as the path it took."""
    diags = Diagnostics()
    parsed = parse_scenario(SourceFile.read(scenario, ROOT), diags)
    if parsed is None:
        raise SystemExit(diags.render())
    cards = library(shipped("serpents_tongue"))
    paths: dict[FrameType, CastPath] = {}  # by the cast's frame, kept: no later cast can take its place
    order: list[CastPath] = []

    def hook(frame: FrameType, event: str, arg: object) -> None:
        if event not in ("call", "return"):
            return
        running = frame if event == "call" else frame.f_back  # a return goes back to the caller's module
        module = _module(running)
        cast = _cast_frame(running) if module is not None else None
        if cast is None:
            return
        card = cast.f_locals["card"]
        if cast not in paths:
            paths[cast] = CastPath(card.title)
            order.append(paths[cast])
        holds = any(value is card for value in running.f_locals.values())  # type: ignore[union-attr]
        paths[cast].enter(module, holds)  # type: ignore[arg-type]

    sys.setprofile(hook)
    try:
        replay(parsed, cards)
    finally:
        sys.setprofile(None)
    return order


def imports(source: str, modules: set[str]) -> set[str]:
    """The ruleset's modules that a module of ``source`` imports, wherever it does (under ``if TYPE_CHECKING:``
    too: a cycle the type checker alone sees is still one)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names if alias.name in modules}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add((node.module or "").rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found |= {alias.name.rsplit(".", 1)[1] for alias in node.names if alias.name.startswith(PACKAGE + ".")}
    return found & modules


def import_cycles(folder: Path = ROOT / "engine" / "rulesets" / "serpents_tongue") -> list[list[str]]:
    """The ruleset's import cycles: each strongly connected component of more than one module of the graph of its
    modules' imports (Tarjan's algorithm), its modules sorted."""
    files = {path.stem: path for path in folder.glob("*.py")}
    graph = {name: imports(path.read_text(), set(files)) - {name} for name, path in files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(component) > 1:
                cycles.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return cycles


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", type=Path,
                        default=sorted((ROOT / "cards_src" / "serpents_tongue" / "scenarios").glob("*.scenario")))
    args = parser.parse_args()
    paths = [(scenario.name, path) for scenario in args.scenarios for path in follow(scenario)]
    print("scenario, card: stays / modules / returns in the ruleset's modules; the same with the core's counted;"
          " the ruleset's, where the card is held")
    for name, path in paths:
        ours, every, held = path.figures(RULESET), path.figures(), path.figures(RULESET, as_data=True)
        print(f"  {name:34} {ours['card']:28} {ours['stays']:4} / {ours['modules']:2} / {ours['returns']:4}"
              f"    {every['stays']:4} / {every['modules']:2} / {every['returns']:4}"
              f"    {held['stays']:4} / {held['modules']:2} / {held['returns']:4}")
    summary: dict[str, Any] = {"casts": len(paths)}
    for label, within, as_data in (("ruleset", RULESET, False), ("with_core", "", False),
                                   ("card_as_data", RULESET, True)):
        figures = [path.figures(within, as_data) for _, path in paths]
        for key in ("stays", "modules", "returns"):
            values = [f[key] for f in figures]
            summary[f"{label}_median_{key}"] = statistics.median(values) if values else 0
            summary[f"{label}_most_{key}"] = max(values, default=0)
    cycles = import_cycles()
    for cycle in cycles:
        print(f"  import cycle of {len(cycle)} modules: {', '.join(cycle)}")
    summary["import_cycles"] = len(cycles)
    summary["modules_in_import_cycles"] = sum(len(cycle) for cycle in cycles)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
