"""A study (issue 27): many seeded matches between players, in a round robin, on every core, with the same results
whatever the number of workers.

Each match is a :class:`Job`: its pairing, its number in the pairing and its seed, drawn from the study's seed, the
pairing and the number alone. What a match gives (:class:`Played`) depends on nothing else, so a study played on
one core, on all of them or on a cluster is the same study, match for match, and a study interrupted can be
finished by playing only the jobs it lacks. Within a pairing the players change seats from one match to the
next: the first seat's advantage is measured, not mistaken for a player's.

The core knows no game: a study is given the ruleset's match setup (a module-level function of the seed, so that
other processes can find it) and its :class:`~spellc.engine.core.players.Knowledge`, whose ``seats`` say which
beings players take.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from spellc.engine.core.errors import DeclarationError
from spellc.engine.core.match import Match
from spellc.engine.core.players import Greedy, Knowledge, Mcts, Player, Random, play

KINDS = ("random", "greedy", "mcts")


class BackendError(Exception):
    """The machines a study was sent to could not play it (a cluster that cannot be reached, or that failed):
    what a command says instead of a traceback."""



@dataclass(frozen=True, slots=True)
class Contender:
    """A player of the study, as it is declared: its kind and, for a search, its budget."""

    kind: str
    playouts: int = 200
    depth: int = 20
    # A search's budget in time instead of playouts: a faster machine searches more, so a study with it gives other
    # results elsewhere (or under another load); playouts give the same everywhere.
    milliseconds: int | None = None
    playout: str = "random"  # how a search plays on from the choice it tries: random, or greedy
    entry: str | None = None  # the name of what it plays with (a study's entry); None: what the match deals it

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a player is one of {', '.join(KINDS)}, not {self.kind!r}")

    @property
    def player_name(self) -> str:
        if self.kind != "mcts":
            return self.kind
        budget = f"{self.milliseconds} ms" if self.milliseconds is not None else str(self.playouts)
        return f"mcts({budget}, depth {self.depth}{', greedy playouts' if self.playout == 'greedy' else ''})"

    @property
    def name(self) -> str:
        return self.player_name if self.entry is None else f"{self.entry} ({self.player_name})"

    def player(self, seed: int, knowledge: Knowledge) -> Player:
        if self.kind == "random":
            return Random(seed)
        if self.kind == "greedy":
            return Greedy(seed, knowledge)
        return Mcts(seed, knowledge, playouts=self.playouts if self.milliseconds is None else 10**9,
                    milliseconds=self.milliseconds, depth=self.depth, playout=self.playout)


@dataclass(frozen=True, slots=True)
class Pairing:
    first: Contender
    second: Contender

    @property
    def name(self) -> str:
        return f"{self.first.name} vs {self.second.name}"


@dataclass(frozen=True, slots=True)
class Job:
    pairing: int  # its place in the study's pairings
    index: int  # its number in the pairing: the first contender takes the first seat in even ones
    seed: int


@dataclass(frozen=True, slots=True)
class Held:
    """A card a seat held as its match began, and how many times it cast it: the first contender's seat, or the
    second's."""

    first: bool
    card: str
    casts: int


@dataclass(frozen=True, slots=True)
class Played:
    """What one match gave: how the pairing's first contender finished (1 won, 0 lost, 0.5 drawn), whether the
    match ended at its limit (a draw by the round cap, not by the rules), how many decisions it took, and what
    each seat held and cast (where the ruleset says: its knowledge's holdings)."""

    pairing: int
    index: int
    seed: int
    first: float
    first_seat: bool  # whether the first contender sat first
    capped: bool
    decisions: int
    held: tuple[Held, ...] = ()

    def finished(self, first: bool) -> float:
        """How the first contender's seat finished (``first``), or the second's."""
        return self.first if first else 1.0 - self.first


def round_robin(contenders: Sequence[Contender], mirrors: bool = False) -> list[Pairing]:
    """Every two contenders, once each (each plays both seats within its pairing); with ``mirrors``, each against
    itself too (mcts against mcts: whether matches end before the round cap)."""
    pairs = itertools.combinations_with_replacement if mirrors else itertools.combinations
    return [Pairing(a, b) for a, b in pairs(contenders, 2)]


def derive(seed: int, pairing: int, index: int) -> int:
    """A match's seed, from the study's, its pairing's place and its number: the same wherever it is played."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{pairing}:{index}".encode()).digest()[:8], "big")


def jobs(pairings: int, matches: int, seed: int) -> list[Job]:
    """``matches`` matches of each of ``pairings`` pairings, in order."""
    return [Job(p, i, derive(seed, p, i)) for p in range(pairings) for i in range(matches)]


def seating(knowledge: Knowledge, match: Match, pairing: Pairing, index: int) -> dict[str, Contender]:
    """Who plays which seat of ``match``: the first contender the first seat in even matches, the second in odd."""
    if knowledge.seats is None:
        raise DeclarationError("the ruleset declares no seats for players to take (its knowledge's seats)")
    seats = knowledge.seats(match.game)
    if len(seats) != 2:
        raise DeclarationError(f"a study's duel needs two seats; this match has {len(seats)}: {', '.join(seats)}")
    order = (pairing.first, pairing.second) if index % 2 == 0 else (pairing.second, pairing.first)
    return dict(zip(seats, order, strict=True))


def play_job(setup: Callable[..., Match], knowledge: Knowledge, pairings: Sequence[Pairing], job: Job) -> Played:
    """One match of the study, played to its end. Its setup is given the seed, and where the contenders play
    entries, their names in seat order: ``setup(seed, (first seat's, second seat's))``."""
    pairing = pairings[job.pairing]
    order = (pairing.first, pairing.second) if job.index % 2 == 0 else (pairing.second, pairing.first)
    entries = tuple(c.entry for c in order)
    match = setup(job.seed) if entries == (None, None) else setup(job.seed, entries)
    seated = seating(knowledge, match, pairing, job.index)
    players = {being: contender.player(derive(job.seed, place, 0), knowledge)
               for place, (being, contender) in enumerate(seated.items())}
    play(match, players, job.seed)
    first_being = list(seated)[job.index % 2]  # the first contender's seat (see seating)
    value = knowledge.evaluation(match.game, first_being)
    held = sorted((Held(being == first_being, card, casts) for being in seated if knowledge.holdings is not None
                   for card, casts in knowledge.holdings(match.game, being).items()),
                  key=lambda h: (not h.first, h.card))  # as the results file gives them back
    return Played(job.pairing, job.index, job.seed, value if value in (0.0, 1.0) else 0.5,
                  first_seat=job.index % 2 == 0, capped=at_round_cap(match), decisions=match.steps, held=tuple(held))


def at_round_cap(match: Match) -> bool:
    """Whether the match ended at its limit: its Outcome is the one its game gives there (a ruleset's game that
    has a limit names it ``draw_at_limit``, see engine/core/flow.py)."""
    limit = getattr(match.game, "draw_at_limit", None)
    outcome = match.result
    if outcome is None or not outcome.draw:
        return False
    return limit is None or outcome == limit()


def run(setup: Callable[..., Match], knowledge: Knowledge, pairings: Sequence[Pairing], todo: Iterable[Job],
        workers: int = 1) -> Iterator[Played]:
    """Play ``todo``, yielding each match as it ends (in any order with several workers): on ``workers``
    processes, or here with one. ``setup`` must be a module-level function (or a partial of one)."""
    each = partial(play_job, setup, knowledge, tuple(pairings))
    todo = list(todo)
    if workers <= 1:
        yield from map(each, todo)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(each, todo, chunksize=max(1, len(todo) // (8 * workers)))
