"""Scripted timelines of Amtgard: the players and what they carry, then the events in order, the facts as they
change, what must hold where it is written, and events the rules must refuse there.

An event that is not one the rules allow, or an expectation that fails, stops the replay with a located error
naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spellc.engine.core.errors import ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.scenario import (
    Answer,
    Expectation,
    Fact,
    Line,
    Refused,
    Replay,
    Script,
    Vocabulary,
    quoted,
    replayed,
    words,
)
from spellc.engine.rulesets.amtgard import casting, events, ongoing
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import Library
from spellc.engine.rulesets.amtgard.game import PAUSES, Game
from spellc.engine.rulesets.amtgard.players import Equipment, Held, Player
from spellc.engine.rulesets.amtgard.vocabulary import Kind


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSpec:
    name: str
    team: str
    abilities: tuple[str, ...] = ()
    armor: tuple[tuple[str, int], ...] = ()  # worn armor points by location
    carries: tuple[str, ...] = ()  # shield, cloak
    ground: tuple[str, ...] = ()  # equipment it owns, not carried (a shield put down)
    wields: tuple[str, ...] = ()  # a weapon's Special Effects
    traits: tuple[tuple[str, str | None], ...] = ()  # States a Trait gives
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    players: tuple[PlayerSpec, ...]
    facts: tuple[Fact, ...] = ()
    lines: tuple[Line, ...] = ()  # an event is an Answer of nobody's: what the reeve sees happen


def _left(game: Game, key: tuple[str, str, str | None]) -> int | None:
    return game.field.clock.left(key) if key in game.field.clock else None


def _counted(noun: str) -> Any:
    """``3 uses of "Lightning Bolt"``: a count of something of a title, written (count, title)."""
    return lambda v: f"{v[0]} {noun}{'s' * (v[0] != 1)} of {v[1]} left"


def _is(verb: str, read: Any) -> Expectation:
    """``holding "Magic Ball"``, ``under "Hold Person"``: the player is, or is not."""
    return Expectation(read=read, said=lambda v: f"{verb} {v}", want=lambda _: True)


def _enchanted(game: Game, player: Player, value: tuple[str, int | None, str | None]) -> bool | int | None:
    """``enchanted with "Stoneskin"``, or with how many strips are left: ``(1 strip)``."""
    worn = player.enchantment(value[0])
    return worn is not None if value[1] is None else (worn.strips if worn else None)


def _armor(kind: str, worn: str) -> Expectation:
    return Expectation(read=lambda g, p, v: getattr(p, worn).get(v[1], 0), said=lambda v: f"{v[0]} {kind} on {v[1]}",
                       want=lambda v: v[0])


EXPECTATIONS = {
    "alive": Expectation(read=lambda g, p, _: "alive" if p.alive else "dead", found=lambda who, f: f"{who} is {f}"),
    "state": Expectation(read=lambda g, p, v: p.has(*v), want=lambda _: True,
                         said=lambda v: v[0] + (f" to {v[1]}" if v[1] else "")),
    # `20 s of Frozen`, `20 s of "Hold Person"`: written (seconds, what)
    "left": Expectation(read=lambda g, p, v: _left(g, (p.name, v[1], None)), want=lambda v: v[0],
                        said=lambda v: f"{v[1]} with {v[0]} s left"),
    "ongoing left": Expectation(read=lambda g, p, v: _left(g, ongoing.key(p, v[1])),
                                said=lambda v: f"{v[1]} with {v[0]} s left", want=lambda v: v[0]),
    "ongoing": _is("under", lambda g, p, v: v in p.ongoing),
    "holding": _is("holding", lambda g, p, v: p.active_ball == v),  # the active Magic Ball
    "chanting": _is("chanting", lambda g, p, v: p.chanting == v),
    "granted uses": Expectation(read=lambda g, p, v: casting.granted_uses(p, v[1]), said=_counted("granted use"),
                                want=lambda v: v[0]),
    "uses": Expectation(read=lambda g, p, v: p.uses_left.get(v[1]), said=_counted("use"), want=lambda v: v[0]),
    "wounds": Expectation(read=lambda g, p, _: len(p.wounds), said=lambda n: f"{n} wound{'s' * (n != 1)}"),
    "enchanted": Expectation(read=_enchanted, want=lambda v: True if v[1] is None else v[1],
                             said=lambda v: f"enchanted with {v[0]}"
                             + (f" ({v[1]} {v[2]})" if v[1] is not None else "")),
    "armor": _armor("armor", "armor"),
    "magic": _armor("magic armor", "magic"),
    "equipment": Expectation(read=lambda g, p, v: (item := p.equipment.get(v[0])) is not None and item.destroyed,
                             want=lambda v: v[1] == "destroyed", said=words,
                             found=lambda who, f: f"it is {'destroyed' if f else 'whole'}"),
}
VOCABULARY: Vocabulary[Game] = Vocabulary(
    expectations=EXPECTATIONS, being="player", subject=lambda g, name: g.field.players.get(name),
    when=lambda g: f"at {g.field.clock.now} s", say=lambda g, text: g.field.say(text),
    cannot=lambda who, label: f"{label} cannot happen", list_legal=False,
    not_asked=lambda d, who, label: "Events: the rules do not allow it now")


def build(scenario: Scenario, library: Library) -> Game:
    players = {}
    for spec in scenario.players:
        for title in spec.abilities:
            if title not in library:
                raise ReplayError(f"no ability is titled {quoted(title)}", spec.where,
                                  unknown=(title, tuple(library.titles())))
        players[spec.name] = equip(spec, library)
    game = Game(Battlefield(players, library))
    said = {e.seconds for line in scenario.lines if isinstance(line, Answer | Refused)
            and (e := events.read(_label(line))) and e.seconds is not None}
    game.pauses = tuple(sorted(set(PAUSES) | said))
    return game


def _label(line: Answer | Refused) -> str:
    return line.labels[0] if isinstance(line, Answer) else line.label


def equip(spec: PlayerSpec, library: Library) -> Player:
    """A player as the match begins: its abilities' uses full, its Traits' States on, its armor whole."""
    player = Player(spec.name, spec.team, abilities={t: library[t].uses for t in spec.abilities},
                    uses_left={t: library[t].uses.count for t in spec.abilities})
    for loc, points in spec.armor:
        player.armor[loc] = player.armor_rating[loc] = points
    player.equipment = {item: Equipment(item) for item in spec.carries}
    player.equipment |= {item: Equipment(item, carried=False) for item in spec.ground}
    player.weapon_effects = spec.wields
    for state, detail in spec.traits:
        player.states[(state, detail)] = Held("a Trait", trait=True)
    for title in spec.abilities:
        if library[title].kind is Kind.TRAIT:
            for grant in library[title].grants:
                player.states[(grant.state, grant.detail)] = Held(title, trait=True)
    return player


def replay(scenario: Scenario, library: Library) -> Replay[Game]:
    return replayed(lambda: build(scenario, library), lambda: Game(Battlefield({}, library)), lambda g: g.field.log,
                    lambda result: _play(scenario, result), _last_state)


def _play(scenario: Scenario, result: Replay[Game]) -> None:
    game = result.game
    played = Script(game, Match(game), result, VOCABULARY)
    for line in (*scenario.facts, *scenario.lines):
        if isinstance(line, Answer | Refused):
            _known(game, line)
        played.play(line)


def _last_state(result: Replay[Game]) -> None:
    result.snapshots.append(result.game.snapshot())  # a timeline's one state shown is its last: the summary's


def _known(game: Game, line: Answer | Refused) -> None:
    """An event line, whether it happens or is refused, names an event of this match: words no event's form reads,
    or a player, ability or weapon the match does not have, are an error where they are written (a refusal of
    them would hold, saying nothing)."""
    label = _label(line)
    event = events.read(label)
    if event is None:
        raise ReplayError(f"{label} is no event of this timeline: no event reads so (the events: "
                          f"{'; '.join(events.SHAPES)})", line.where)
    missing = game.missing(event)
    if missing:
        why, name, names = missing
        rule, _, reason = why.partition(": ")
        raise ReplayError(f"{label} is no event of this timeline: {reason}", line.where, rule,
                          unknown=(name, names))
