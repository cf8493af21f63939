"""How a study's files are named: a study is a ``*.sim.toml`` file, and its results file (:mod:`.sim_store`) sits
beside it (``duels.sim.toml`` → ``duels.sim.duckdb``). Apart from both modules, so that a build (and the journal
that answers one with nothing changed) can look for studies without loading DuckDB or the players."""

from __future__ import annotations

from pathlib import Path

from spellc.compiler.project import Project, ProjectError, source_files
from spellc.compiler.source import shown_path

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


def the_study(project: Project) -> Path:
    """The study `spellc sim` plays when none is named: the project's one study. A project may hold several (each
    with its results file beside it), so where it holds none or several, a ProjectError says which to name."""
    found = sorted(source_files(project.studies, SUFFIX)) if project.studies.is_dir() else []
    if len(found) == 1:
        return found[0]
    shown = shown_path(project.studies, Path.cwd())
    if not found:
        raise ProjectError(f"no study in {shown}: declare one in a file of its own there, such as "
                           f"{shown}/duels.sim.toml (`spellc new` writes a sample), and play it with `spellc sim`")
    raise ProjectError(f"{shown} holds {len(found)} studies; name the one to play: "
                       + ", ".join(f"spellc sim {shown_path(study, Path.cwd())}" for study in found))
