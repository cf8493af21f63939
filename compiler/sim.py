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
import hashlib
import json
import math
import os
import time
import tomllib
from collections.abc import Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from spellc.compiler.build import library
from spellc.compiler.diagnostics import Diagnostics, did_you_mean, write_text
from spellc.compiler.journal import code
from spellc.compiler.project import MANIFEST, Project, ProjectError, load, project_of, where
from spellc.compiler.sim_store import Store, StoreError, store_of
from spellc.compiler.source import SourceFile, Span, read_regular, shown_path
from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Knowledge
from spellc.engine.core.rates import holm, two_proportions, wilson
from spellc.engine.core.study import KINDS, Contender, Pairing, Played, jobs, round_robin, run

SUFFIX = ".sim.toml"
RATES = ("won", "drawn", "lost", "first seat won", "at the round cap")  # each pairing's, in the CSV
LENGTHS = ("mean", "shortest", "median", "90%", "longest")  # how long a pairing's matches were, in decisions
KEEP_EVERY = 20  # matches written to the results file at a time (all that are played, when interrupted)
SETTINGS = ("players", "matches", "seed", "mirrors")
PLAYER_SETTINGS = ("kind", "playouts", "depth")
MOST_MATCHES = 1_000_000


@dataclass(frozen=True, slots=True)
class Study:
    players: tuple[Contender, ...]
    matches: int
    seed: int
    mirrors: bool

    @property
    def pairings(self) -> list[Pairing]:
        return round_robin(self.players, mirrors=self.mirrors)


def read_study(source: SourceFile, diags: Diagnostics) -> Study | None:
    """The study ``source`` declares; None, with every mistake located in ``diags``, when it declares none."""
    try:
        data = tomllib.loads(source.text)
    except (tomllib.TOMLDecodeError, RecursionError, ValueError) as err:
        diags.error("E801", f"the study is not valid TOML: {err}", Span(source, 1, 1, 1, 2))
        return None
    for key in data:
        if key not in SETTINGS:
            diags.error("E802", f"unknown setting {key!r}", where(source, key), *did_you_mean(key, SETTINGS))
    players = _players(source, data.get("players"), diags)
    matches = _whole(source, data, "matches", 20, 1, MOST_MATCHES, diags)
    seed = _whole(source, data, "seed", 0, 0, 2**63 - 1, diags)
    mirrors = data.get("mirrors", False)
    if not isinstance(mirrors, bool):
        diags.error("E803", "mirrors is true or false", where(source, "mirrors"))
    if players is not None and len(players) < 2 and mirrors is not True:
        diags.error("E804", "a study needs two players to pair (or one, with mirrors = true)",
                    where(source, "players"))
    if diags.has_errors or players is None or matches is None or seed is None:
        return None
    return Study(players, matches, seed, bool(mirrors))


def _whole(source: SourceFile, data: dict[str, Any], key: str, default: int, low: int, high: int,
           diags: Diagnostics) -> int | None:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        diags.error("E803", f"{key} is a whole number from {low:,} to {high:,}, not {value!r}", where(source, key))
        return None
    return value


def _players(source: SourceFile, declared: object, diags: Diagnostics) -> tuple[Contender, ...] | None:
    at = where(source, "players")
    if not isinstance(declared, list) or not declared:
        diags.error("E804", "players is a list of players: \"random\", \"greedy\" or "
                    "{ kind = \"mcts\", playouts = 50, depth = 10 }", at)
        return None
    found = [_player(entry, at, diags) for entry in declared]
    if any(p is None for p in found):
        return None
    players = tuple(p for p in found if p is not None)
    if len(set(players)) != len(players):
        diags.error("E804", "a player is listed twice: each meets the others once, and itself with mirrors = true",
                    at)
    return players


def _player(entry: object, at: Span, diags: Diagnostics) -> Contender | None:
    table = {"kind": entry} if isinstance(entry, str) else entry
    if not isinstance(table, dict):
        diags.error("E804", f"a player is a kind or a table, not {entry!r}", at)
        return None
    for key in table:
        if key not in PLAYER_SETTINGS:
            diags.error("E805", f"a player has no setting {key!r}", at, *did_you_mean(str(key), PLAYER_SETTINGS))
            return None
    kind = table.get("kind")
    if kind not in KINDS:
        diags.error("E805", f"a player is one of {', '.join(KINDS)}, not {kind!r}", at,
                    *did_you_mean(str(kind), KINDS))
        return None
    budget = {key: table[key] for key in ("playouts", "depth") if key in table}
    for key, value in budget.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
            diags.error("E805", f"a player's {key} is a whole number from 1 to 100,000, not {value!r}", at)
            return None
    return Contender(str(kind), **budget)


# ---------------------------------------------------------------------- the matches
def project_match(manifest: str, seed: int) -> Match:
    """A random match of the project's ruleset, set up from the project's cards as they are (compiled in memory,
    once per process): the setup every worker of a study calls by name."""
    project = load(Path(manifest))
    assert isinstance(project, Project)
    return project.ruleset.entry("random_match")(library(project), seed)


def knowledge_of(project: Project) -> Knowledge:
    """The ruleset's knowledge, or a ProjectError saying why its players cannot be studied."""
    ruleset = project.ruleset
    try:
        found = ruleset.entry("knowledge")
    except DeclarationError:
        raise ProjectError(f"{ruleset.title} declares no evaluation for its players: a study has no outcome to "
                           "measure (its matches are played by random choices only)") from None
    assert isinstance(found, Knowledge)
    return found


@dataclass
class Tally:
    """A pairing's matches so far."""

    pairing: Pairing
    won: int = 0
    drawn: int = 0
    lost: int = 0
    first_seat_won: int = 0  # matches the player in the first seat won, whoever it was
    capped: int = 0
    lengths: list[int] = field(default_factory=list)  # each match's decisions: the distribution of match lengths

    @property
    def matches(self) -> int:
        return self.won + self.drawn + self.lost

    def length(self, share: float) -> int | None:
        """The match length (in decisions) that ``share`` of the matches do not exceed (0.5: the median)."""
        if not self.lengths:
            return None
        ordered = sorted(self.lengths)
        return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]

    def add(self, played: Played) -> None:
        self.won += played.first == 1.0
        self.drawn += played.first == 0.5
        self.lost += played.first == 0.0
        seat_one = played.first if played.first_seat else 1.0 - played.first
        self.first_seat_won += seat_one == 1.0
        self.capped += played.capped
        self.lengths.append(played.decisions)

    def json(self) -> dict[str, Any]:
        n = self.matches

        def rate(hits: int) -> dict[str, float]:
            r = wilson(hits, n)
            return {"rate": round(r.value, 4), "low": round(r.low, 4), "high": round(r.high, 4)}

        return {"pairing": self.pairing.name, "first": self.pairing.first.name, "second": self.pairing.second.name,
                "matches": n, "won": rate(self.won), "drawn": rate(self.drawn), "lost": rate(self.lost),
                "first seat won": rate(self.first_seat_won), "at the round cap": rate(self.capped),
                "decisions per match": {"mean": round(sum(self.lengths) / n, 1) if n else None,
                                        "shortest": min(self.lengths, default=None), "median": self.length(0.5),
                                        "90%": self.length(0.9), "longest": max(self.lengths, default=None)}}

    def __str__(self) -> str:
        n = self.matches
        return (f"{self.pairing.name}: {n} matches; {self.pairing.first.name} won {wilson(self.won, n)}, drew "
                f"{wilson(self.drawn, n)}, lost {wilson(self.lost, n)}; the first seat won "
                f"{wilson(self.first_seat_won, n)}; at the round cap {wilson(self.capped, n)}; a match took "
                f"{self.length(0.5)} decisions (the median; 90% of them at most {self.length(0.9)})")


def simulate(study_path: Path, explicit: Path | None, workers: int | None, output: str, out: TextIO,
             err: TextIO, resume: bool = False, against: Path | None = None) -> int:
    """Run the study at ``study_path`` for its project, keeping each match as it ends (:mod:`.sim_store`); 0, or 1
    when the study has a mistake or its results file cannot be used, 130 when interrupted (the matches played so
    far are kept: ``resume`` finishes the run)."""
    project = project_of(study_path, explicit)
    try:
        source = SourceFile.read(project.own(study_path), Path.cwd())
    except OSError as error:
        write_text(err, f"spellc: error: cannot read {study_path}: {error.strerror or error}")
        return 1
    diags = Diagnostics()
    study = read_study(source, diags)
    if study is None:
        write_text(err, diags.render())
        return 1
    knowledge = knowledge_of(project)
    if not study_path.parent.resolve().is_relative_to(project.boundary):
        write_text(err, f"spellc: error: {study_path} lies outside its project (through a link to a folder): its "
                   "results would be written there, and spellc writes only inside the project")
        return 1
    if against is not None and not against.is_file() and against.resolve() != store_of(study_path).resolve():
        write_text(err, f"spellc: error: {against}: no such results file to compare with")
        return 1
    try:
        store = Store(store_of(study_path))
    except StoreError as error:
        write_text(err, f"spellc: error: {error}")
        return 1
    try:
        tallies = _play(study, source, project, knowledge, store, workers, output, resume, out, err)
        if tallies is None:
            return 130
        if against is not None:
            return compare(against, store, source, project, study, tallies, output, out, err)
        return 0
    finally:
        store.close()


def _play(study: Study, source: SourceFile, project: Project, knowledge: Knowledge, store: Store,
          workers: int | None, output: str, resume: bool, out: TextIO, err: TextIO) -> list[Tally] | None:
    """Play the study (or what its last run lacks, with ``resume``) and report it; its tallies, or None when it
    was interrupted."""
    key, declared = study_key(source, project), declaration_key(source, project)
    last = store.last_run(key)
    run_number = last if resume and last is not None else (last or 0) + 1
    if resume and last is None:
        write_text(err, "spellc: no earlier run of this study to resume: it is played whole")
    pairings = study.pairings
    kept = store.played(key, run_number) if resume else []
    done = {(p.pairing, p.index) for p in kept}
    todo = [job for job in jobs(len(pairings), study.matches, study.seed) if (job.pairing, job.index) not in done]
    project_match(str(project.root / MANIFEST), 0)  # the cards compiled here once: forked workers inherit them
    tallies = [Tally(p) for p in pairings]
    for played in kept:
        tallies[played.pairing].add(played)
    start = time.perf_counter()
    pending: list[Played] = []
    try:
        for played in _progress(run(_setup(project), knowledge, pairings, todo, workers or os.cpu_count() or 1),
                                len(todo), err):
            tallies[played.pairing].add(played)
            pending.append(played)
            if len(pending) >= KEEP_EVERY:
                store.keep(key, declared, run_number, pending)
                pending.clear()
    except KeyboardInterrupt:
        store.keep(key, declared, run_number, pending)
        write_text(err, f"spellc: interrupted: {sum(t.matches for t in tallies)} matches kept in "
                   f"{shown_path(store.path, Path.cwd())}; `spellc sim --resume` plays the rest")
        return None
    store.keep(key, declared, run_number, pending)
    elapsed = time.perf_counter() - start
    report(source, project, study, tallies, elapsed, (len(todo), len(kept)), output, out)
    write_text(err, f"spellc: results kept in {shown_path(store.path, Path.cwd())} (run {run_number})")
    return tallies


def report(source: SourceFile, project: Project, study: Study, tallies: list[Tally], elapsed: float,
           counts: tuple[int, int], output: str, out: TextIO) -> None:
    """Each pairing's rates as ``output`` says: text, one JSON document, or CSV (a row per pairing); ``counts``:
    the matches played now, and kept from before."""
    played, kept = counts
    if output == "json":
        print(json.dumps({"study": source.path, "ruleset": project.ruleset.name, "seed": study.seed,
                          "matches per pairing": study.matches, "seconds": round(elapsed, 2),
                          "pairings": [t.json() for t in tallies]}), file=out)
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
        return
    for tally in tallies:
        write_text(out, str(tally))
    write_text(out, f"spellc: {played} matches in {elapsed:.1f}s ({played / max(elapsed, 1e-9):.1f}/s)"
               + (f", {kept} kept from before" if kept else ""))


def declaration_key(source: SourceFile, project: Project) -> str:
    """The study as declared, whatever the cards: what `--against` finds the same study by, played with others."""
    return hashlib.sha256(f"{source.text}\0{project.ruleset.name}".encode()).hexdigest()[:32]


def study_key(source: SourceFile, project: Project) -> str:
    """What a study's matches were played under: its declaration, its ruleset, the project's card sources and
    spellc's code (matches of other cards, or of another spellc, are another study's)."""
    digest = hashlib.sha256(f"{source.text}\0{project.ruleset.name}\0{code()}".encode())
    for card in project.card_files():
        digest.update(f"\0{card.relative_to(project.cards).as_posix()}\0".encode())
        with suppress(OSError):
            digest.update(read_regular(card))
    return digest.hexdigest()[:32]


def compare(against: Path, store: Store, source: SourceFile, project: Project, study: Study, tallies: list[Tally],
            output: str, out: TextIO, err: TextIO) -> int:
    """What changed: each pairing's win rate now against the last run of the same study in ``against`` played with
    other cards (or another spellc), a two-proportion test each, adjusted by Holm's method for the pairings
    compared; a rate moved when its adjusted p-value is below 0.05."""
    try:
        before = store if against.resolve() == store.path.resolve() else Store(against, read_only=True)
    except StoreError as error:
        write_text(err, f"spellc: error: {error}")
        return 1
    try:
        found = before.latest_other(declaration_key(source, project), study_key(source, project))
        if found is None:
            write_text(err, f"spellc: error: {shown_path(against, Path.cwd())} holds no run of this study with other "
                       "cards or another spellc to compare with")
            return 1
        old = [Tally(p) for p in study.pairings]
        for played in before.played(*found):
            old[played.pairing].add(played)
    finally:
        if before is not store:
            before.close()
    changes = changed(old, tallies)
    if output == "json":
        print(json.dumps({"against": str(against), "pairings": changes}), file=out)
    elif output == "csv":
        rows = csv.DictWriter(out, fieldnames=list(changes[0]), lineterminator="\n")
        rows.writeheader()
        rows.writerows(changes)
    else:
        write_text(out, f"what changed, against {shown_path(against, Path.cwd())}:")
        for change in changes:
            write_text(out, f"  {change['pairing']}: {change['first']} won {change['before']} → {change['after']}; "
                       f"p = {change['p']:.3g} (adjusted {change['adjusted p']:.3g}): "
                       f"{'moved beyond chance' if change['moved'] else 'within chance'}")
    return 0


def changed(old: list[Tally], new: list[Tally]) -> list[dict[str, Any]]:
    """Each pairing's first player's win rate before and after, with its test."""
    p_values = [two_proportions(a.won, a.matches, b.won, b.matches) for a, b in zip(old, new, strict=True)]
    return [{"pairing": b.pairing.name, "first": b.pairing.first.name, "before": str(wilson(a.won, a.matches)),
             "after": str(wilson(b.won, b.matches)), "p": p, "adjusted p": adjusted, "moved": adjusted < 0.05}
            for a, b, p, adjusted in zip(old, new, p_values, holm(p_values), strict=True)]


def _setup(project: Project) -> partial[Match]:
    return partial(project_match, str(project.root / MANIFEST))


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
