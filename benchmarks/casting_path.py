"""The path a card takes through Serpent's Tongue's rules as it is cast (issue 28, item 6: "Followed as data, a card
entering `casting.cast` makes 43 stays in 11 modules, with 32 returns to a module it had already left").

Run on demand, never in the test suite. Usage:

    python -m benchmarks.casting_path [SCENARIO ...]   (default: every shipped Serpent's Tongue scenario)

Each scenario is replayed under a profiler hook. From the moment a card enters ``casting.cast`` until that cast's
flow is over, the module running is followed call by call and return by return (the engine's modules only: the
standard library's are stepped through), and the run of one module is a *stay*. A stay in a module the cast had
already left is a *return*: the measure of rules that read in more than one direction. Printed per cast (the card,
its stays, modules and returns), then the median and the most; the last line is one JSON object.
"""

from __future__ import annotations

import argparse
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


@dataclass
class CastPath:
    """One cast's path: the module of each stay, in order."""

    card: str
    stays: list[str] = field(default_factory=list)

    def enter(self, module: str) -> None:
        if not self.stays or self.stays[-1] != module:
            self.stays.append(module)

    def figures(self, within: str = "") -> dict[str, Any]:
        """Its stays, modules and returns, counting only the modules named ``within...`` (the others are
        stepped through: a stay in the core between two in ``casting`` is one stay in ``casting``)."""
        stays = [m for m in self.stays if m.startswith(within)]
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
        if cast not in paths:
            paths[cast] = CastPath(cast.f_locals["card"].title)
            order.append(paths[cast])
        paths[cast].enter(module)  # type: ignore[arg-type]

    sys.setprofile(hook)
    try:
        replay(parsed, cards)
    finally:
        sys.setprofile(None)
    return order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenarios", nargs="*", type=Path,
                        default=sorted((ROOT / "cards_src" / "serpents_tongue" / "scenarios").glob("*.scenario")))
    args = parser.parse_args()
    paths = [(scenario.name, path) for scenario in args.scenarios for path in follow(scenario)]
    print("scenario, card: stays / modules / returns in the ruleset's modules; the same with the core's counted")
    for name, path in paths:
        ours, every = path.figures(RULESET), path.figures()
        print(f"  {name:34} {ours['card']:28} {ours['stays']:4} / {ours['modules']:2} / {ours['returns']:4}"
              f"    {every['stays']:4} / {every['modules']:2} / {every['returns']:4}")
    summary: dict[str, Any] = {"casts": len(paths)}
    for label, within in (("ruleset", RULESET), ("with_core", "")):
        figures = [path.figures(within) for _, path in paths]
        for key in ("stays", "modules", "returns"):
            values = [f[key] for f in figures]
            summary[f"{label}_median_{key}"] = statistics.median(values) if values else 0
            summary[f"{label}_most_{key}"] = max(values, default=0)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
