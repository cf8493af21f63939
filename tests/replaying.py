"""Replaying a shipped scenario of a value-card game (cards_src/<game>/scenarios/), as `spellc play` does: parsed
by the game's front end, replayed on its cards compiled from their sources; a diagnostic or a replay error fails
the test that asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from spellc.compiler.build import FRONTENDS, library
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.project import shipped
from spellc.compiler.source import SourceFile

ROOT = Path(__file__).resolve().parent.parent


def scenarios(ruleset: str) -> Path:
    return ROOT / FRONTENDS[ruleset].ruleset.cards / "scenarios"


def replayed(ruleset: str, name: str) -> Any:
    """The replay of ``name`` (its game's ``Replay``), which played without an error."""
    front: Any = FRONTENDS[ruleset]
    diags = Diagnostics()
    scenario = front.parse_scenario(SourceFile.read(scenarios(ruleset) / name, ROOT), diags)
    assert scenario is not None, diags.render()
    result = front.replay(scenario, library(shipped(ruleset)))
    assert result.error is None, (result.error.where, result.error.message)
    return result
