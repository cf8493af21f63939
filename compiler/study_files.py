"""How a study's files are named: a study is a ``*.sim.toml`` file, and its results file (:mod:`.sim_store`) sits
beside it (``duels.sim.toml`` → ``duels.sim.duckdb``). Apart from both modules, so that a build (and the journal
that answers one with nothing changed) can look for studies without loading DuckDB or the players."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from spellc.compiler.project import source_files

if TYPE_CHECKING:
    from spellc.compiler.project import Project

SUFFIX = ".sim.toml"


def store_of(study: Path) -> Path:
    """The results file of the study at ``study``."""
    return study.with_name(study.name.removesuffix(".toml") + ".duckdb")


def study_inputs(project: Project) -> list[Path]:
    """What the site's Balance section is made from: the studies folder itself (a study added or removed changes
    it), each study and its results file with its log."""
    found = [project.studies]
    if project.studies.is_dir():
        for study in sorted(source_files(project.studies, SUFFIX)):
            store = store_of(study)
            found += [study, store, store.with_name(store.name + ".wal")]
    return found
