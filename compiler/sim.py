"""`spellc sim STUDY`: a study of a card project's cards, declared in a ``*.sim.toml`` file (issue 27).

    # studies/duels.sim.toml
    players = ["random", "greedy", { kind = "mcts", playouts = 50, depth = 10 }]
    matches = 40      # per pairing; the players change seats from one match to the next
    seed = 1
    mirrors = false   # also each player against itself (mcts against mcts: do matches end?)

Every two players meet in a round robin (:mod:`spellc.engine.core.study`), in matches the project's ruleset sets
up from the project's cards as its random matches are (random legal Codexes, hands, spell lists), on ``--workers``
processes (all cores by default), with the same results whatever their number. Per pairing it reports the first
player's win, draw and loss rates with 95% Wilson intervals, the first seat's advantage, the share of matches
that ended at the round cap and their length; ``--json`` gives the same as one document.

A mistake in the study is a located diagnostic, as a card's is. A ruleset that declares no knowledge for its
players (Amtgard: its matches are a referee's timelines, with no winner to measure) is refused with the reason.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import tempfile
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from spellc.compiler.build import CardTexts, library, library_of
from spellc.compiler.diagnostics import Diagnostics, write_text
from spellc.compiler.project import Project, ProjectError, project_of
from spellc.compiler.revision import RevisionError, project_at
from spellc.compiler.sim_results import (
    Results,
    Study,
    changed,
    check_entries,
    declaration_key,
    read_study,
    study_key,
)
from spellc.compiler.sim_store import Store, StoreError
from spellc.compiler.source import SourceFile, shown_path
from spellc.compiler.study_files import store_of
from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Knowledge
from spellc.engine.core.rates import shown, wilson
from spellc.engine.core.study import BackendError, Job, Played, jobs, run
from spellc.engine.rulesets import RULESETS

RATES = ("won", "drawn", "lost", "first seat won", "at the round cap")  # each pairing's, in the CSV
LENGTHS = ("mean", "shortest", "median", "90%", "longest")  # how long a pairing's matches were, in decisions
KEEP_EVERY = 20  # matches written to the results file at a time (all that are played, when interrupted)
# ---------------------------------------------------------------------- the matches
def project_match(cards: CardTexts, seed: int) -> Match:
    """A random match of the project's ruleset, set up from its cards as the study read them as it began
    (compiled in memory, once per process): the setup every worker of a study calls by name."""
    return RULESETS[cards.ruleset].entry("random_match")(library_of(cards), seed)


def project_entry_match(cards: CardTexts, entries: dict[str, dict[str, Any]], seed: int, seated: tuple[str, str]
                        ) -> Match:
    """A match of the project's ruleset whose seats play the study's entries named ``seated``, in seat order."""
    first, second = (entries[name] for name in seated)
    return RULESETS[cards.ruleset].entry("entry_match")(library_of(cards), seed, (first, second))


def knowledge_of(project: Project) -> Knowledge:
    """The ruleset's knowledge, or a ProjectError saying why its players cannot be studied."""
    ruleset = project.ruleset
    try:
        found = ruleset.entry("knowledge")
    except DeclarationError:
        why = ruleset.no_outcome or "its matches are played by random choices only"
        raise ProjectError(f"{ruleset.title} declares no evaluation for its players: a study has no outcome to "
                           f"measure ({why})") from None
    assert isinstance(found, Knowledge)
    return found


@dataclass(frozen=True, slots=True)
class Backend:
    """Where a study's matches are played: this machine's cores (``local``, ``workers`` processes: all cores by
    default), or a Ray cluster (``ray``: the one at ``address``, else a Ray instance of this machine's, started
    for the study with ``workers`` CPUs)."""

    name: str = "local"
    workers: int | None = None
    address: str | None = None


def simulate(study_path: Path, explicit: Path | None, backend: Backend, output: str, out: TextIO,
             err: TextIO, resume: bool = False, against: str | None = None) -> int:
    """Run the study at ``study_path`` for its project, keeping each match as it ends (:mod:`.sim_store`); then,
    with ``against`` (a results file, or a git revision of the project), say what changed. 0, or 1 when the study
    has a mistake or a file or revision cannot be used, 130 when interrupted (the matches played so far are kept:
    ``resume`` finishes the run)."""
    project = project_of(study_path, explicit)
    try:
        source = SourceFile.read(project.own(study_path), Path.cwd())
    except OSError as error:
        write_text(err, f"spellc: error: cannot read {study_path}: {error.strerror or error}")
        return 1
    diags = Diagnostics()
    study = read_study(source, diags, project.ruleset)
    if study is None:
        write_text(err, diags.render())
        return 1
    knowledge = knowledge_of(project)
    for timed in (c for c in study.players if c.milliseconds is not None):
        write_text(err, f"spellc: note: {timed.player_name} searches for a time, not a number of playouts: the "
                   "study's results depend on the machine and its load, and another run may differ")
    if study.entries:
        check_entries(study, source, project.ruleset, library(project), project.ruleset.entry("entry_match"), diags)
        if diags.has_errors:
            write_text(err, diags.render())
            return 1
    if backend.name == "ray" and importlib.util.find_spec("ray") is None:
        write_text(err, "spellc: error: --backend ray needs Ray, an optional extra: pip install 'spellc[ray]'")
        return 1
    if not study_path.parent.resolve().is_relative_to(project.boundary):
        write_text(err, f"spellc: error: {study_path} lies outside its project (through a link to a folder): its "
                   "results would be written there, and spellc writes only inside the project")
        return 1
    with tempfile.TemporaryDirectory(prefix="spellc-against-") as unpacked:
        try:
            baseline = _baseline(against, study_path, project, Path(unpacked) / "project")
            store = Store(store_of(study_path))
        except (StoreError, RevisionError) as error:
            write_text(err, f"spellc: error: {error}")
            return 1
        try:
            if resume and store.last_run(study_key(source, project)) is None:
                write_text(err, "spellc: no earlier run of this study to resume: it is played whole")
            try:
                run = _play(study, source, project, knowledge, store, backend, resume, err)
            except BackendError:
                return 1
            if run is None:
                return 130
            results = run.results
            report(source, project, study, run, output, out)
            write_text(err, f"spellc: results kept in {shown_path(store.path, Path.cwd())} (run {run.number})")
            if baseline is None:
                return 0
            old = _results_before(baseline, store, source, project, study, knowledge, backend, err)
            if old is None:
                return 1
            report_changes(changed(old, results), against or "", output, out)
            return 0
        finally:
            store.close()


def _baseline(against: str | None, study_path: Path, project: Project, unpacked: Path) -> Path | Project | None:
    """What ``against`` names: a results file (its path), or the project at a git revision (unpacked into
    ``unpacked``); None when there is nothing to compare with."""
    if against is None:
        return None
    path = Path(against)
    if path.is_file() or path.resolve() == store_of(study_path).resolve():
        return path
    if path.suffix == ".duckdb":
        raise RevisionError(f"{against}: no such results file to compare with")
    before = project_at(against, project, unpacked)  # a revision's name may hold a slash (feature/fireball)
    if before.ruleset != project.ruleset:
        raise RevisionError(f"at {against} the project's cards are of {before.ruleset.title}, not of "
                            f"{project.ruleset.title}: a study compares cards of one game")
    return before


def _results_before(baseline: Path | Project, store: Store, source: SourceFile, project: Project, study: Study,
                    knowledge: Knowledge, backend: Backend, err: TextIO) -> Results | None:
    """The study's results with the cards as they were: the last run in a results file played with other cards,
    or the study played with the cards of a revision (its run kept, and finished or used again by the next
    comparison with the same cards); None, said in ``err``, when there is none."""
    if isinstance(baseline, Project):
        run = _play(study, source, baseline, knowledge, store, backend, True, err)
        return None if run is None else run.results
    try:
        before = store if baseline.resolve() == store.path.resolve() else Store(baseline, read_only=True)
    except StoreError as error:
        write_text(err, f"spellc: error: {error}")
        return None
    try:
        found = before.latest(declaration_key(source, project), study_key(source, project))
        if found is None:
            write_text(err, f"spellc: error: {shown_path(baseline, Path.cwd())} holds no run of this study with other "
                       "cards or another spellc to compare with")
            return None
        return Results.of(study, before.played(*found))
    finally:
        if before is not store:
            before.close()


def _play(study: Study, source: SourceFile, project: Project, knowledge: Knowledge, store: Store,
          backend: Backend, resume: bool, err: TextIO) -> Run | None:
    """Play the study with ``project``'s cards (or what its last run lacks, with ``resume``), keeping each match;
    None when it was interrupted."""
    key, declared = study_key(source, project), declaration_key(source, project)
    last = store.last_run(key)
    run_number = last if resume and last is not None else (last or 0) + 1
    pairings = study.pairings
    kept = store.played(key, run_number) if resume else []
    done = {(p.pairing, p.index) for p in kept}
    todo = [job for job in jobs(len(pairings), study.matches, study.seed) if (job.pairing, job.index) not in done]
    # The cards as they are now travel with the work (a card edited while the study runs is the next study's),
    # compiled here once: forked workers inherit them, and any mistake in them is said before a cluster is asked.
    cards = CardTexts.of(project)
    library_of(cards)
    results = Results.of(study, kept)
    start = time.perf_counter()
    pending: list[Played] = []
    try:
        for played in _progress(_matches(cards, study, knowledge, todo, backend), len(todo), err):
            results.add(played)
            pending.append(played)
            if len(pending) >= KEEP_EVERY:
                store.keep(key, declared, run_number, pending)
                pending.clear()
    except (KeyboardInterrupt, BackendError) as stop:
        store.keep(key, declared, run_number, pending)
        said = f"error: {stop}" if isinstance(stop, BackendError) else "interrupted"
        if results.matches > len(kept):
            said += (f"; {results.matches} matches kept in {shown_path(store.path, Path.cwd())}: "
                     "`spellc sim --resume` plays the rest")
        write_text(err, f"spellc: {said}")
        if isinstance(stop, BackendError):
            raise
        return None
    store.keep(key, declared, run_number, pending)
    return Run(results, run_number, len(todo), len(kept), time.perf_counter() - start)


@dataclass(frozen=True, slots=True)
class Run:
    """A run of a study: its results, its number in the results file, the matches played now and those kept
    from before (a resumed run's), and the seconds it took."""

    results: Results
    number: int
    played: int
    kept: int
    seconds: float


def report(source: SourceFile, project: Project, study: Study, run: Run, output: str, out: TextIO) -> None:
    """Each pairing's rates and each card's as ``output`` says: text, one JSON document, or CSV (a row per
    pairing, then a row per card)."""
    tallies, elapsed = run.results.pairings, run.seconds
    results = run.results
    if output == "json":
        print(json.dumps({"study": source.path, "ruleset": project.ruleset.name, "seed": study.seed,
                          "matches per pairing": study.matches, "seconds": round(elapsed, 2),
                          "pairings": [t.json() for t in tallies], "contenders": results.standings.rated(),
                          "cards": results.cards.rated()}), file=out)
        return
    if output == "csv":
        rows = csv.writer(out, lineterminator="\n")
        rows.writerow(["pairing", "first", "second", "matches", *(f"{rate} {part}" for rate in RATES
                                                                   for part in ("rate", "low", "high")),
                       *(f"decisions {part}" for part in LENGTHS)])
        for tally in tallies:
            found = tally.json()
            rows.writerow([found["pairing"], found["first"], found["second"], found["matches"],
                           *(found[rate][part] for rate in RATES for part in ("rate", "low", "high")),
                           *(found["decisions per match"][part] for part in LENGTHS)])
        _card_rows(results.cards.rated(), out)
        return
    if hasattr(out, "isatty") and out.isatty():  # a person reads it: tables; piped, a line each (grep, diff)
        _tables(results, out)
    else:
        for tally in tallies:
            write_text(out, str(tally))
        for line in (*results.standings.lines(), *results.cards.lines()):
            write_text(out, line)
    write_text(out, f"spellc: {run.played} matches in {elapsed:.1f}s ({run.played / max(elapsed, 1e-9):.1f}/s)"
               + (f", {run.kept} kept from before" if run.kept else ""))


def _tables(results: Results, out: TextIO) -> None:
    """The summary tables a terminal shows: a row per pairing, then a row per card."""
    console = Console(file=out, highlight=False)
    pairings = Table("pairing", "matches", "first won", "drew", "lost", "first seat won", "at the cap",
                     "decisions (median)", title="pairings: the first player's rates, 95% intervals")
    for tally in results.pairings:
        n = tally.matches
        pairings.add_row(tally.pairing.name, str(n), *(str(wilson(k, n)) for k in (
            tally.won, tally.drawn, tally.lost, tally.first_seat_won, tally.capped)), str(tally.length(0.5)))
    console.print(pairings)
    standings = results.standings.rated()
    if standings:
        contenders = Table("contender", "seats", "won", "drew", "stands out",
                           title="contenders: each over all its matches")
        for row in standings:
            contenders.add_row(row["contender"], str(row["seats"]), shown(row["won"]), shown(row["drawn"]),
                               f"yes (p = {row['adjusted p']:.2g})" if row["stands out"] else "no")
        console.print(contenders)
    rated = results.cards.rated()
    if not rated:
        return
    cards = Table("card", "held by", "cast by", "casts a match", "won when cast", "won when only held",
                  "decisions cast (median)", "stands out", title=f"cards: a seat's rates ({results.cards.seats} seats)")
    for row in rated:
        cards.add_row(row["card"], str(row["held"]), shown(row["cast"]), str(row["casts per match held"]),
                      shown(row["won when cast"]), shown(row["won when only held"]),
                      str(row["decisions per match cast"]["median"]),
                      f"yes (p = {row['adjusted p']:.2g})" if row["stands out"] else "no")
    console.print(cards)


def report_changes(changes: list[dict[str, Any]], against: str, output: str, out: TextIO) -> None:
    """What changed against ``against`` (a results file or a revision), as ``output`` says."""
    if output == "json":
        print(json.dumps({"against": against, "changes": changes}), file=out)
    elif output == "csv":
        rows = csv.DictWriter(out, fieldnames=list(changes[0]), lineterminator="\n")
        out.write("\n")
        rows.writeheader()
        rows.writerows(changes)
    else:
        write_text(out, f"what changed, against {against}:")
        for change in changes:
            write_text(out, f"  {change['name']}: {change['rate']} {change['before']} → {change['after']}; "
                       f"p = {change['p']:.3g} (adjusted {change['adjusted p']:.3g}): "
                       f"{'moved beyond chance' if change['moved'] else 'within chance'}")


def _card_rows(rated: list[dict[str, Any]], out: TextIO) -> None:
    """Each card's rates as CSV rows, after a blank line (the pairings' rows come first)."""
    if not rated:
        return
    rows = csv.writer(out, lineterminator="\n")
    out.write("\n")
    rates = ("cast", "won when cast", "won when only held")
    rows.writerow(["card", "held", *(f"{rate} {part}" for rate in rates for part in ("rate", "low", "high")),
                   "casts per match held", *(f"decisions cast {part}" for part in LENGTHS), "p", "adjusted p",
                   "stands out"])
    for row in rated:
        rows.writerow([row["card"], row["held"], *(row[r][part] for r in rates for part in ("rate", "low", "high")),
                       row["casts per match held"], *(row["decisions per match cast"][part] for part in LENGTHS),
                       row["p"], row["adjusted p"], row["stands out"]])


def _matches(cards: CardTexts, study: Study, knowledge: Knowledge, todo: list[Job], backend: Backend
             ) -> Iterator[Played]:
    """The matches of ``todo`` played with ``cards``, as each ends, where ``backend`` says."""
    setup = (partial(project_entry_match, cards, study.entries) if study.entries else partial(project_match, cards))
    if backend.name != "ray":
        return run(setup, knowledge, study.pairings, todo, backend.workers or os.cpu_count() or 1)
    from spellc.engine.core import ray_backend  # noqa: PLC0415  (an optional extra: loaded only when asked for)

    return ray_backend.run(setup, knowledge, study.pairings, todo, address=backend.address, cpus=backend.workers)


def _progress(results: Iterable[Played], total: int, err: TextIO) -> Iterator[Played]:
    """``results`` as they come, with a progress bar (matches a second, time left) on a terminal."""
    if not (hasattr(err, "isatty") and err.isatty()):
        yield from results
        return
    columns = (TextColumn("matches"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}/s"),
               TimeRemainingColumn())
    start = time.perf_counter()
    with Progress(*columns, console=Console(file=err), transient=True) as bar:
        task = bar.add_task("matches", total=total, rate="0.0")
        for done, played in enumerate(results, 1):
            bar.update(task, advance=1, rate=f"{done / max(time.perf_counter() - start, 1e-9):.1f}")
            yield played
