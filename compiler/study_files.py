"""How a study's files are named: a study is a ``*.sim.toml`` file, and its results file (:mod:`.sim_store`) sits
beside it (``duels.sim.toml`` → ``duels.sim.duckdb``). Apart from both modules, so that a build can look for
studies without loading DuckDB or the players."""

from __future__ import annotations

from pathlib import Path

SUFFIX = ".sim.toml"


def store_of(study: Path) -> Path:
    """The results file of the study at ``study``."""
    return study.with_name(study.name.removesuffix(".toml") + ".duckdb")
