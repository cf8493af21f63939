"""A study's declaration and what its matches say (issue 27): the study a ``*.sim.toml`` file declares, each
pairing's rates, each card's, and what changed between two runs. Read by `spellc sim` (:mod:`.sim`), which plays
studies, and by the site's Balance section (:mod:`.balance`), which shows them; apart from the playing, so that
a build that shows results loads no players.
"""

from __future__ import annotations

import hashlib
import itertools
import math
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import Any

from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.kept import played_by
from spellc.compiler.project import Project, where
from spellc.compiler.source import SourceFile, Span, read_regular
from spellc.engine.core.errors import EntryError
from spellc.engine.core.rates import holm, shown, two_proportions, wilson
from spellc.engine.core.ruleset import EntryField, Ruleset
from spellc.engine.core.study import KINDS, Contender, Pairing, Played, round_robin

SETTINGS = ("players", "matches", "seed", "mirrors", "entries")
PLAYER_SETTINGS = ("kind", "playouts", "depth", "milliseconds", "playout")
MOST_MATCHES = 1_000_000


@dataclass(frozen=True, slots=True)
class Study:
    players: tuple[Contender, ...]
    matches: int
    seed: int
    mirrors: bool
    # What seats play with, by name (``[[entries]]``): each field of the ruleset's entry, its value; none declared:
    # each match deals its seats as the ruleset's random matches do
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def contenders(self) -> tuple[Contender, ...]:
        """Who meets whom: each player, or with entries each entry played by each player."""
        if not self.entries:
            return self.players
        return tuple(replace(player, entry=name) for name in self.entries for player in self.players)

    @property
    def pairings(self) -> list[Pairing]:
        return round_robin(self.contenders, mirrors=self.mirrors)


def read_study(source: SourceFile, diags: Diagnostics, ruleset: Ruleset) -> Study | None:
    """The study ``source`` declares for a project of ``ruleset``; None, with every mistake located in ``diags``,
    when it declares none. Its entries' card titles are checked against the project's cards apart
    (:func:`check_entries`)."""
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
    entries = _entries(source, data.get("entries", []), ruleset, diags)
    if players is not None and entries is not None and len(players) * max(1, len(entries)) < 2 and mirrors is not True:
        diags.error("E804", "a study needs two players to pair (or one, with mirrors = true)",
                    where(source, "players"))
    if diags.has_errors or players is None or matches is None or seed is None or entries is None:
        return None
    return Study(players, matches, seed, bool(mirrors), entries)


def _entries(source: SourceFile, declared: object, ruleset: Ruleset, diags: Diagnostics
             ) -> dict[str, dict[str, Any]] | None:
    """The ``[[entries]]`` tables, each with every field of the ruleset's entry (its default where left out)."""
    if declared == []:
        return {}
    if not ruleset.entry_fields:
        diags.error("E806", f"a study of {ruleset.title} takes no entries: its seats are dealt as its random "
                    "matches deal them", where(source, "entries"))
        return None
    if not isinstance(declared, list) or not all(isinstance(e, dict) for e in declared):
        diags.error("E806", "entries are tables: [[entries]], each with a name and what its seat plays with",
                    where(source, "entries"))
        return None
    fields = {f.name: f for f in ruleset.entry_fields}
    found: dict[str, dict[str, Any]] = {}
    for index, table in enumerate(declared):
        name = table.get("name")
        if not isinstance(name, str) or not name.strip():
            diags.error("E806", "an entry needs a name (name = \"Fire deck\")", entry_span(source, index, "name"))
            continue
        if name in found:
            diags.error("E806", f"two entries are named {name!r}", entry_span(source, index, "name"))
        found[name] = {}
        for key in table:
            if key != "name" and key not in fields:
                diags.error("E806", f"an entry of {ruleset.title} has no field {key!r} (its fields: "
                            f"{', '.join(fields)})", entry_span(source, index, key), *did_you_mean(key, fields))
        for each in ruleset.entry_fields:
            value = table.get(each.name, list(each.default) if isinstance(each.default, tuple) else each.default)
            problem = _field_problem(each, value)
            if problem:
                diags.error("E806", f"{each.name}: {problem} ({each.help})", entry_span(source, index, each.name))
            found[name][each.name] = value
    return found


def _field_problem(declared: EntryField, value: object) -> str | None:
    """What is wrong with ``value`` for ``declared``, by its kind; None: nothing."""
    if value is None:
        return "the entry must give it"
    if declared.kind == "whole":
        low, high = declared.low or 0, declared.high or 0
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            return f"a whole number from {low} to {high}, not {value!r}"
    elif declared.kind == "title" and not isinstance(value, str):
        return f"a card's title, not {value!r}"
    elif declared.kind == "titles" and not (isinstance(value, list) and all(isinstance(v, str) for v in value)):
        return f"a list of card titles, not {value!r}"
    return None


def entry_span(source: SourceFile, index: int, key: str, title: str | None = None) -> Span:
    """Where the ``index``-th ``[[entries]]`` table sets ``key`` (its header when it does not), else the file's
    first line; with ``title``, that title's string in the value, where it is written plainly."""
    headers = list(re.finditer(r"^\s*\[\[\s*entries\s*\]\]", source.text, re.M))
    if index >= len(headers):
        return where(source, "entries")
    start = headers[index].start()
    following = re.compile(r"^\s*\[", re.M).search(source.text, headers[index].end())
    end = following.start() if following else len(source.text)
    found = re.compile(rf"^\s*({re.escape(key)})\s*=", re.M).search(source.text, start, end)
    at = found.start(1) if found else headers[index].start() + len(headers[index].group()) - len(
        headers[index].group().lstrip())
    width = len(key) if found else len("[[entries]]")
    written = re.compile(rf"[\"']{re.escape(title)}[\"']").search(source.text, at, end) if found and title else None
    if written is not None:
        at, width = written.start(), len(written.group())
    line = source.text.count("\n", 0, at) + 1
    column = at - (source.text.rfind("\n", 0, at) + 1) + 1
    return Span(source, line, column, line, column + width)


def check_entries(study: Study, source: SourceFile, ruleset: Ruleset, library: Any, setup: Callable[..., Any],
                  diags: Diagnostics) -> None:
    """Each entry's card titles are the project's cards', and the rules allow it: ``setup`` (the ruleset's entry
    match) is asked to deal each entry against itself, then each two that meet, and says why not (EntryError),
    before any match is played."""
    titles = list(library.cards)
    known: list[tuple[int, str]] = []
    for index, (name, entry) in enumerate(study.entries.items()):
        unknown = False
        for each in ruleset.entry_fields:
            values = entry[each.name] if each.kind == "titles" else [entry[each.name]] if each.kind == "title" else []
            for title in values:
                if title not in library.cards:
                    unknown = True
                    diags.error("E807", f"{name}: no card of the project is titled {title!r}",
                                entry_span(source, index, each.name, title), *did_you_mean(title, titles))
        if not unknown and _dealt(setup, library, study, (index, name), (index, name), source, diags):
            known.append((index, name))
    for a, b in itertools.combinations(known, 2):  # what only two entries together break (one level for both)
        _dealt(setup, library, study, a, b, source, diags)


def _dealt(setup: Callable[..., Any], library: Any, study: Study, first: tuple[int, str], second: tuple[int, str],
           source: SourceFile, diags: Diagnostics) -> bool:
    """Whether the two entries (place and name) can meet; if not, why, located at the second's field."""
    try:
        setup(library, 0, (study.entries[first[1]], study.entries[second[1]]))
    except EntryError as err:
        who = second[1] if first == second else f"{first[1]} against {second[1]}"
        diags.error("E807", f"{who}: {err.field}: {err.message}", entry_span(source, second[0], err.field, err.title))
        return False
    return True


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
    budget = {key: table[key] for key in ("playouts", "depth", "milliseconds") if key in table}
    for key, value in budget.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
            diags.error("E805", f"a player's {key} is a whole number from 1 to 100,000, not {value!r}", at)
            return None
    playout = table.get("playout", "random")
    if playout not in ("random", "greedy"):
        diags.error("E805", f"a search's playout is \"random\" or \"greedy\", not {playout!r}", at,
                    *did_you_mean(str(playout), ("random", "greedy")))
        return None
    return Contender(str(kind), **budget, playout=str(playout))


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
        return quantile(self.lengths, share)

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
        return {"pairing": self.pairing.name, "first": self.pairing.first.name, "second": self.pairing.second.name,
                "matches": n, "won": counted(self.won, n), "drawn": counted(self.drawn, n),
                "lost": counted(self.lost, n), "first seat won": counted(self.first_seat_won, n),
                "at the round cap": counted(self.capped, n), "decisions per match": lengths(self.lengths)}

    def __str__(self) -> str:
        n = self.matches
        return (f"{self.pairing.name}: {n} matches; {self.pairing.first.name} won {wilson(self.won, n)}, drew "
                f"{wilson(self.drawn, n)}, lost {wilson(self.lost, n)}; the first seat won "
                f"{wilson(self.first_seat_won, n)}; at the round cap {wilson(self.capped, n)}; a match took "
                f"{self.length(0.5)} decisions (the median; 90% of them at most {self.length(0.9)})")


def quantile(lengths: list[int], share: float) -> int | None:
    """The match length (in decisions) that ``share`` of the matches do not exceed (0.5: the median)."""
    if not lengths:
        return None
    ordered = sorted(lengths)
    return ordered[min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1)]


def lengths(found: list[int]) -> dict[str, Any]:
    """The distribution of match lengths, in decisions."""
    return {"mean": round(sum(found) / len(found), 1) if found else None, "shortest": min(found, default=None),
            "median": quantile(found, 0.5), "90%": quantile(found, 0.9), "longest": max(found, default=None)}


@dataclass
class CardTally:
    """A card's seats so far: every seat of a match that held it as the match began."""

    card: str
    held: int = 0  # seats that held it
    cast_in: int = 0  # of those, seats that cast it at least once
    casts: int = 0  # times it was cast
    won_cast: int = 0  # seats that cast it and won
    won_held: int = 0  # seats that held it, never cast it, and won
    lengths: list[int] = field(default_factory=list)  # the decisions of each match a seat cast it in


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
            casts: dict[str, int] = {}  # a card once a seat, whatever a results file says (it may be planted)
            for held in played.held:
                if held.first == first:
                    casts[held.card] = casts.get(held.card, 0) + max(0, held.casts)
            for card, cast in casts.items():
                tally = self.cards.setdefault(card, CardTally(card))
                tally.held += 1
                tally.cast_in += cast > 0
                tally.casts += cast
                tally.won_cast += won and cast > 0
                tally.won_held += won and cast == 0
                if cast > 0:
                    tally.lengths.append(played.decisions)

    def rated(self) -> list[dict[str, Any]]:
        """Each card's rates, the cards that stand out first, then by name."""
        tallies = sorted(self.cards.values(), key=lambda t: t.card)
        p_values = [two_proportions(t.won_cast, t.cast_in, self.won - t.won_cast, self.seats - t.cast_in)
                    for t in tallies]
        rows = [{"card": t.card, "held": t.held, "cast": counted(t.cast_in, t.held),
                 "casts per match held": round(t.casts / t.held, 2), "won when cast": counted(t.won_cast, t.cast_in),
                 "won when only held": counted(t.won_held, t.held - t.cast_in),
                 "decisions per match cast": lengths(t.lengths), "p": p, "adjusted p": adjusted,
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
            median = row["decisions per match cast"]["median"]
            length = "" if median is None else f"a match it was cast in took {median} decisions (the median); "
            yield (f"  {row['card']}: held by {row['held']} seats, cast by {shown(row['cast'])} of them "
                   f"({row['casts per match held']} casts a match); a seat won {shown(row['won when cast'])} "
                   f"when it cast it, {shown(row['won when only held'])} when it only held it; {length}{verdict}")


@dataclass
class Standing:
    """One contender's seats over every pairing it played in (a mirror pairing gives it both seats)."""

    name: str
    seats: int = 0
    won: int = 0
    drawn: int = 0


@dataclass
class Standings:
    """Each contender's rates over all its matches: which player, or which entry (a magician, a deck), wins more or
    less often than the others beyond chance (a two-proportion test each against every other seat, adjusted by
    Holm's method for the contenders tested). Told only where a study has more than two contenders: with two, its
    one pairing says it."""

    by_name: dict[str, Standing] = field(default_factory=dict)

    def add(self, pairing: Pairing, played: Played) -> None:
        for contender, first in ((pairing.first, True), (pairing.second, False)):
            standing = self.by_name.setdefault(contender.name, Standing(contender.name))
            finished = played.finished(first)
            standing.seats += 1
            standing.won += finished == 1.0
            standing.drawn += finished == 0.5

    def rated(self) -> list[dict[str, Any]]:
        """Each contender's rates, best first."""
        if len(self.by_name) <= 2:
            return []
        standings = list(self.by_name.values())
        seats, won = sum(s.seats for s in standings), sum(s.won for s in standings)
        p_values = [two_proportions(s.won, s.seats, won - s.won, seats - s.seats) for s in standings]
        rows = [{"contender": s.name, "seats": s.seats, "won": counted(s.won, s.seats),
                 "drawn": counted(s.drawn, s.seats), "p": p, "adjusted p": adjusted,
                 "stands out": adjusted < SIGNIFICANT}
                for s, p, adjusted in zip(standings, p_values, holm(p_values), strict=True)]
        return sorted(rows, key=lambda row: (-row["won"]["rate"], row["contender"]))

    def lines(self) -> Iterator[str]:
        rated = self.rated()
        if rated:
            yield "contenders (each over all its matches, against every other seat):"
        for row in rated:
            verdict = (f"stands out (adjusted p = {row['adjusted p']:.2g})" if row["stands out"] else
                       "within chance")
            yield (f"  {row['contender']}: {row['seats']} seats, won {shown(row['won'])}, drew {shown(row['drawn'])}; "
                   f"{verdict}")


SIGNIFICANT = 0.05  # the level below which an adjusted p-value says a rate moved, or stands out, beyond chance


@dataclass
class Results:
    """A study's matches so far: each pairing's, and each card's."""

    pairings: list[Tally]
    cards: Cards = field(default_factory=Cards)
    standings: Standings = field(default_factory=Standings)

    @classmethod
    def of(cls, study: Study, played: Iterable[Played] = ()) -> Results:
        found = cls([Tally(p) for p in study.pairings])
        for each in played:
            found.add(each)
        return found

    def add(self, played: Played) -> None:
        tally = self.pairings[played.pairing]
        tally.add(played)
        self.standings.add(tally.pairing, played)
        self.cards.add(played)

    @property
    def matches(self) -> int:
        return sum(t.matches for t in self.pairings)


def counted(hits: int, n: int) -> dict[str, Any]:
    """A rate as a study's JSON gives it: its hits and trials, the rate and its 95% interval (rates.shown prints
    it back)."""
    found = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": round(found.value, 4) if n else None, "low": round(found.low, 4),
            "high": round(found.high, 4)}


def declaration_key(source: SourceFile, project: Project) -> str:
    """The study as declared, whatever the cards: what `--against` finds the same study by, played with others."""
    return hashlib.sha256(f"{source.text}\0{project.ruleset.name}".encode()).hexdigest()[:32]


def study_key(source: SourceFile, project: Project) -> str:
    """What a study's matches were played under: its declaration, its ruleset, the project's card sources and
    spellc's code, by content (matches of other cards, or of another spellc, are another study's; the same
    in any clone of the project)."""
    digest = hashlib.sha256(f"{source.text}\0{project.ruleset.name}\0{played_by()}".encode())
    for card in project.card_files():
        digest.update(f"\0{card.relative_to(project.cards).as_posix()}\0".encode())
        with suppress(OSError):
            digest.update(read_regular(card))
    return digest.hexdigest()[:32]


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
