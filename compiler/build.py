"""The compiler's façade: source paths in; each ruleset's checked cards, diagnostics and outputs out.

A card file belongs to the ruleset whose folder it sits in (``cards_src/<ruleset>/``, or any folder named
after one), else to the default ruleset. Every output of every ruleset, and the site's home page, is
rendered in memory first and then published as one transaction (:mod:`compiler.publish`), so a failing,
interrupted or concurrent build never leaves half-written or mismatched outputs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from compiler.amtgard.frontend import FRONTEND as AMTGARD
from compiler.diagnostics import Diagnostics
from compiler.frontend import Compiled, Frontend
from compiler.incantation_charges.frontend import FRONTEND as INCANTATION_CHARGES
from compiler.publish import Output, publish
from compiler.rackham_incantation.frontend import FRONTEND as RACKHAM_INCANTATION
from compiler.serpents_tongue.frontend import FRONTEND as SERPENTS_TONGUE
from compiler.site_home import HOME, home_page
from engine.core.ruleset import Ruleset, ruleset_of
from engine.rulesets import DEFAULT, RULESETS

FRONTENDS: dict[str, Frontend] = {f.ruleset.name: f for f in (SERPENTS_TONGUE, INCANTATION_CHARGES,
                                                                      RACKHAM_INCANTATION, AMTGARD)}
# Every folder and page a build replaces, relative to the project root.
OUTPUTS: tuple[str, ...] = (*(out for f in FRONTENDS.values() for out in f.outputs), HOME)
CARD_SUFFIX = ".spell"


@dataclass
class Build:
    """Each ruleset's checked cards, in the catalogue's order."""

    compiled: dict[str, Compiled] = field(default_factory=dict)

    @property
    def diagnostics(self) -> Diagnostics:
        return Diagnostics([d for c in self.compiled.values() for d in c.diagnostics.items])

    @property
    def ok(self) -> bool:
        return all(c.ok for c in self.compiled.values())

    @property
    def files(self) -> int:
        return sum(c.files for c in self.compiled.values())

    def counts(self) -> str:
        return ", ".join(f"{RULESETS[name].title}: {c.cards} cards" for name, c in self.compiled.items())


def ruleset_for(path: Path) -> Ruleset:
    return ruleset_of(path, RULESETS, DEFAULT)


def card_files(paths: Iterable[Path]) -> dict[str, list[Path]]:
    """The card files under ``paths``, by ruleset, in path order."""
    found: dict[str, list[Path]] = {}
    for p in paths:
        files = sorted(p.rglob(f"*{CARD_SUFFIX}")) if p.is_dir() else [p]
        for file in files:
            found.setdefault(ruleset_for(file.resolve()).name, []).append(file)
    return found


def compile_sources(paths: Iterable[Path], root: Path | None = None, every_ruleset: bool = False) -> Build:
    """Parse and check every card file under ``paths``, each by its ruleset's front end (and, with
    ``every_ruleset``, a ruleset with no file too, so that its outputs are written empty)."""
    by_ruleset = card_files(paths)
    return Build({name: f.compile(by_ruleset.get(name, []), root)
                  for name, f in FRONTENDS.items() if every_ruleset or name in by_ruleset})


def render(root: Path, built: Build) -> dict[str, Output]:
    """Every output's new contents, rendered before anything is written (a failing emitter writes nothing)."""
    outputs: dict[str, Output] = {HOME: home_page(RULESETS.values())}
    for compiled in built.compiled.values():
        outputs.update(compiled.render(root))
    return outputs


def build(root: Path) -> Build:
    """Compile ``cards_src/`` (each file by the ruleset of its folder) into every ruleset's ``generated/`` and
    site pages (nothing on error).

    The coverage pages read the rule markers of ``root/tests`` (see :mod:`compiler.coverage`). Raises
    :class:`compiler.publish.PublishError` when the outputs cannot be written; they are then as they were.
    """
    sources = root / "cards_src"
    built = compile_sources([sources] if sources.is_dir() else [], root, every_ruleset=True)
    if built.ok:
        publish(root, render(root, built))
    return built
