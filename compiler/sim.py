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
import tempfile
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
from spellc.compiler.revision import RevisionError, project_at
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


@dataclass
class CardTally:
    """A card's seats so far: every seat of a match that held it as the match began."""

    card: str
    held: int = 0  # seats that held it
    cast_in: int = 0  # of those, seats that cast it at least once
    casts: int = 0  # times it was cast
    won_cast: int = 0  # seats that cast it and won
    won_held: int = 0  # seats that held it, never cast it, and won


@dataclass
class Cards:
    """Every card's seats in a study: how often each is cast, and how often a seat wins when it casts it and when
    it merely holds it. A card stands out when its seats win, when they cast it, more or less often than the
    study's other seats (those that did not cast it) beyond chance: a two-proportion test each, adjusted by
    Holm's method for the number of cards tested (among forty cards, two look lucky at 5% by chance alone)."""

    seats: int = 0
    won: int = 0
    cards: dict[str, CardTally] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        for first in (True, False):
            won = played.finished(first) == 1.0
            self.seats += 1
            self.won += won
            for held in played.held:
                if held.first is first:
                    tally = self.cards.setdefault(held.card, CardTally(held.card))
                    tally.held += 1
                    tally.cast_in += held.casts > 0
                    tally.casts += held.casts
                    tally.won_cast += won and held.casts > 0
                    tally.won_held += won and held.casts == 0

    def rated(self) -> list[dict[str, Any]]:
        """Each card's rates, the cards that stand out first, then by name."""
        tallies = sorted(self.cards.values(), key=lambda t: t.card)
        p_values = [two_proportions(t.won_cast, t.cast_in, self.won - t.won_cast, self.seats - t.cast_in)
                    for t in tallies]
        rows = [{"card": t.card, "held": t.held, "cast": _rate(t.cast_in, t.held),
                 "casts per match held": round(t.casts / t.held, 2), "won when cast": _rate(t.won_cast, t.cast_in),
                 "won when only held": _rate(t.won_held, t.held - t.cast_in), "p": p, "adjusted p": adjusted,
                 "stands out": adjusted < SIGNIFICANT}
                for t, p, adjusted in zip(tallies, p_values, holm(p_values), strict=True)]
        return sorted(rows, key=lambda row: (not row["stands out"], row["card"]))

    def lines(self) -> Iterator[str]:
        if not self.cards:
            return
        yield (f"cards ({len(self.cards)}, held by {self.seats} seats; a seat won {wilson(self.won, self.seats)}; "
               "each card's rates are its seats', against the seats that did not cast it):")
        for row in self.rated():
            verdict = (f"stands out (adjusted p = {row['adjusted p']:.2g})" if row["stands out"] else
                       "within chance")
            yield (f"  {row['card']}: held by {row['held']} seats, cast by {_shown(row['cast'])} of them "
                   f"({row['casts per match held']} casts a match); a seat won {_shown(row['won when cast'])} "
                   f"when it cast it, {_shown(row['won when only held'])} when it only held it; {verdict}")


SIGNIFICANT = 0.05  # the level below which an adjusted p-value says a rate moved, or stands out, beyond chance


@dataclass
class Results:
    """A study's matches so far: each pairing's, and each card's."""

    pairings: list[Tally]
    cards: Cards = field(default_factory=Cards)

    @classmethod
    def of(cls, study: Study, played: Iterable[Played] = ()) -> Results:
        found = cls([Tally(p) for p in study.pairings])
        for each in played:
            found.add(each)
        return found

    def add(self, played: Played) -> None:
        self.pairings[played.pairing].add(played)
        self.cards.add(played)

    @property
    def matches(self) -> int:
        return sum(t.matches for t in self.pairings)


def _rate(hits: int, n: int) -> dict[str, Any]:
    found = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": round(found.value, 4) if n else None, "low": round(found.low, 4),
            "high": round(found.high, 4)}


def _shown(rate: dict[str, Any]) -> str:
    return str(wilson(rate["hits"], rate["n"]))


def simulate(study_path: Path, explicit: Path | None, workers: int | None, output: str, out: TextIO,
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
    study = read_study(source, diags)
    if study is None:
        write_text(err, diags.render())
        return 1
    knowledge = knowledge_of(project)
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
            run = _play(study, source, project, knowledge, store, workers, resume, err)
            if run is None:
                return 130
            results = run.results
            report(source, project, study, run, output, out)
            write_text(err, f"spellc: results kept in {shown_path(store.path, Path.cwd())} (run {run.number})")
            if baseline is None:
                return 0
            old = _results_before(baseline, store, source, project, study, knowledge, workers, err)
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
    return project_at(against, project, unpacked)  # a revision's name may hold a slash (feature/fireball)


def _results_before(baseline: Path | Project, store: Store, source: SourceFile, project: Project, study: Study,
                    knowledge: Knowledge, workers: int | None, err: TextIO) -> Results | None:
    """The study's results with the cards as they were: the last run in a results file played with other cards,
    or the study played with the cards of a revision (its run kept, and finished or used again by the next
    comparison with the same cards); None, said in ``err``, when there is none."""
    if isinstance(baseline, Project):
        run = _play(study, source, baseline, knowledge, store, workers, True, err)
        return None if run is None else run.results
    try:
        before = store if baseline.resolve() == store.path.resolve() else Store(baseline, read_only=True)
    except StoreError as error:
        write_text(err, f"spellc: error: {error}")
        return None
    try:
        found = before.latest_other(declaration_key(source, project), study_key(source, project))
        if found is None:
            write_text(err, f"spellc: error: {shown_path(baseline, Path.cwd())} holds no run of this study with other "
                       "cards or another spellc to compare with")
            return None
        return Results.of(study, before.played(*found))
    finally:
        if before is not store:
            before.close()


def _play(study: Study, source: SourceFile, project: Project, knowledge: Knowledge, store: Store,
          workers: int | None, resume: bool, err: TextIO) -> Run | None:
    """Play the study with ``project``'s cards (or what its last run lacks, with ``resume``), keeping each match;
    None when it was interrupted."""
    key, declared = study_key(source, project), declaration_key(source, project)
    last = store.last_run(key)
    run_number = last if resume and last is not None else (last or 0) + 1
    pairings = study.pairings
    kept = store.played(key, run_number) if resume else []
    done = {(p.pairing, p.index) for p in kept}
    todo = [job for job in jobs(len(pairings), study.matches, study.seed) if (job.pairing, job.index) not in done]
    project_match(str(project.root / MANIFEST), 0)  # the cards compiled here once: forked workers inherit them
    results = Results.of(study, kept)
    start = time.perf_counter()
    pending: list[Played] = []
    try:
        for played in _progress(run(_setup(project), knowledge, pairings, todo, workers or os.cpu_count() or 1),
                                len(todo), err):
            results.add(played)
            pending.append(played)
            if len(pending) >= KEEP_EVERY:
                store.keep(key, declared, run_number, pending)
                pending.clear()
    except KeyboardInterrupt:
        store.keep(key, declared, run_number, pending)
        write_text(err, f"spellc: interrupted: {results.matches} matches kept in "
                   f"{shown_path(store.path, Path.cwd())}; `spellc sim --resume` plays the rest")
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
                          "pairings": [t.json() for t in tallies], "cards": results.cards.rated()}), file=out)
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
    for tally in tallies:
        write_text(out, str(tally))
    for line in results.cards.lines():
        write_text(out, line)
    write_text(out, f"spellc: {run.played} matches in {elapsed:.1f}s ({run.played / max(elapsed, 1e-9):.1f}/s)"
               + (f", {run.kept} kept from before" if run.kept else ""))


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


def changed(old: Results, new: Results) -> list[dict[str, Any]]:
    """Each pairing's first player's win rate, then each card's win rate when cast (of the cards cast in both
    runs), before and after, with its test."""
    compared: list[tuple[str, str, str, tuple[int, int], tuple[int, int]]] = [
        ("pairing", b.pairing.name, f"{b.pairing.first.name} won", (a.won, a.matches), (b.won, b.matches))
        for a, b in zip(old.pairings, new.pairings, strict=True)]
    for card in sorted(set(old.cards.cards) & set(new.cards.cards)):
        a, b = old.cards.cards[card], new.cards.cards[card]
        if a.cast_in and b.cast_in:
            compared.append(("card", card, "a seat that cast it won", (a.won_cast, a.cast_in),
                             (b.won_cast, b.cast_in)))
    p_values = [two_proportions(*before, *after) for *_, before, after in compared]
    return [{"of": of, "name": name, "rate": rate, "before": str(wilson(*before)), "after": str(wilson(*after)),
             "p": p, "adjusted p": adjusted, "moved": adjusted < SIGNIFICANT}
            for (of, name, rate, before, after), p, adjusted in zip(compared, p_values, holm(p_values), strict=True)]


def _card_rows(rated: list[dict[str, Any]], out: TextIO) -> None:
    """Each card's rates as CSV rows, after a blank line (the pairings' rows come first)."""
    if not rated:
        return
    rows = csv.writer(out, lineterminator="\n")
    out.write("\n")
    rates = ("cast", "won when cast", "won when only held")
    rows.writerow(["card", "held", *(f"{rate} {part}" for rate in rates for part in ("rate", "low", "high")),
                   "casts per match held", "p", "adjusted p", "stands out"])
    for row in rated:
        rows.writerow([row["card"], row["held"], *(row[r][part] for r in rates for part in ("rate", "low", "high")),
                       row["casts per match held"], row["p"], row["adjusted p"], row["stands out"]])


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
