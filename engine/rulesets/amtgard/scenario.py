"""Scripted timelines of Amtgard: the players and what they carry, then the events in order, the facts as they
change, what must hold where it is written, and events the rules must refuse there.

An event that is not one the rules allow, or an expectation that fails, stops the replay with a located error
naming the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spellc.engine.core.errors import IllegalAction, ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.replays import replay_json
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
class Line:
    """One line: ``kind`` is event | refused | fact | expect."""

    kind: str
    label: str = ""  # an event's
    rule: str | None = None  # a refusal's
    who: str = ""
    fact: tuple[str, str] = ("", "")  # (kind, value) for Game.intervene
    what: str = ""  # an expectation: alive | state | left | wounds | enchanted | uses | armor | magic | equipment
    value: Any = None
    negated: bool = False
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    players: tuple[PlayerSpec, ...]
    facts: tuple[Line, ...] = ()
    lines: tuple[Line, ...] = ()


@dataclass
class Replay:
    game: Game
    error: ReplayError | None = None
    checked: int = 0

    def json(self) -> dict[str, Any]:
        # A timeline's one state shown is its last: the summary's
        return replay_json(snapshots=[self.game.snapshot()], log=self.game.field.log, checked=self.checked,
                           outcome=self.game.outcome, error=self.error.message if self.error else None)


def build(scenario: Scenario, library: Library) -> Game:
    players = {}
    for spec in scenario.players:
        for title in spec.abilities:
            if title not in library:
                raise ReplayError(f"no ability is titled {title!r}", spec.where,
                                  unknown=(title, tuple(library.titles())))
        players[spec.name] = equip(spec, library)
    game = Game(Battlefield(players, library))
    said = {e.seconds for line in scenario.lines if (e := events.read(line.label)) and e.seconds is not None}
    game.pauses = tuple(sorted(set(PAUSES) | said))
    return game


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


def replay(scenario: Scenario, library: Library) -> Replay:
    try:
        game = build(scenario, library)
    except ReplayError as err:
        return Replay(Game(Battlefield({}, library)), error=err)
    result = Replay(game)
    try:
        match = Match(game)
        for line in (*scenario.facts, *scenario.lines):
            _play(game, match, line, result)
    except ReplayError as err:
        result.error = err
    return result


def _play(game: Game, match: Match, line: Line, result: Replay) -> None:
    if line.kind == "fact":
        try:
            match.intervene(line.fact[0], line.who, line.fact[1])
        except IllegalAction as err:
            raise ReplayError(err.message, line.where, err.rule) from None
        return
    decision = match.decision
    if decision is None:
        raise ReplayError("the timeline is over", line.where)
    if line.kind in ("event", "refused"):
        _known(game, line)
    if line.kind == "event":
        if decision.find(line.label) is None:
            why = game.explain(decision, line.label)
            rule, _, reason = why.partition(": ") if why else (None, "", "")
            raise ReplayError(f"{line.label!r} cannot happen now: {reason or 'the rules do not allow it now'}",
                              line.where, rule)
        match.apply(line.label)
        return
    if line.kind == "refused":
        if decision.find(line.label) is not None:
            raise ReplayError(f"expected {line.label!r} to be refused, and the rules allow it", line.where)
        why = game.explain(decision, line.label) or "Events: the rules do not allow it now"
        rule = why.partition(": ")[0]
        if line.rule is not None and rule != line.rule:
            raise ReplayError(f"{line.label!r} is refused by the rule {rule!r} ({why}), not {line.rule!r}",
                              line.where)
        game.field.say(f"refused: {line.label}: {why}")
        result.checked += 1
        return
    _check(game, line)
    result.checked += 1


def _known(game: Game, line: Line) -> None:
    """An event line, whether it happens or is refused, names an event of this match: words no event's form reads,
    or a player, ability or weapon the match does not have, are an error where they are written (a refusal of
    them would hold, saying nothing)."""
    event = events.read(line.label)
    if event is None:
        raise ReplayError(f"{line.label!r} is no event of this timeline: no event reads so (the events: "
                          f"{'; '.join(events.SHAPES)})", line.where)
    missing = game.missing(event)
    if missing:
        why, name, names = missing
        rule, _, reason = why.partition(": ")
        raise ReplayError(f"{line.label!r} is no event of this timeline: {reason}", line.where, rule,
                          unknown=(name, names))


def _check(game: Game, line: Line) -> None:
    player = game.field.players.get(line.who)
    if player is None:
        raise ReplayError(f"no player is named {line.who}", line.where)
    found: Any
    want: Any = line.value
    if line.what == "alive":
        found, want = player.alive, line.value == "alive"
    elif line.what == "state":
        found, want = player.has(*line.value), not line.negated
    elif line.what == "left":
        state, seconds = line.value
        key = (player.name, state, None)
        found = game.field.clock.left(key) if key in game.field.clock else None
        want = seconds
    elif line.what == "ongoing":
        found, want = line.value in player.ongoing, not line.negated
    elif line.what == "granted uses":
        title, count = line.value
        found, want = casting.granted_uses(player, title), count
    elif line.what == "holding":  # the active Magic Ball
        found, want = player.active_ball == line.value, not line.negated
    elif line.what == "chanting":
        found, want = player.chanting == line.value, not line.negated
    elif line.what == "ongoing left":
        title, seconds = line.value
        timed = ongoing.key(player, title)
        found, want = (game.field.clock.left(timed) if timed in game.field.clock else None), seconds
    elif line.what == "wounds":
        found = len(player.wounds)
    elif line.what == "enchanted":
        title, strips = line.value
        worn = player.enchantment(title)
        found = worn is not None if strips is None or line.negated else (worn.strips if worn else None)
        want = (not line.negated) if strips is None or line.negated else strips
    elif line.what == "uses":
        title, count = line.value
        found, want = player.uses_left.get(title), count
    elif line.what in ("armor", "magic"):
        loc, points = line.value
        found, want = (player.armor if line.what == "armor" else player.magic).get(loc, 0), points
    else:  # equipment: shield, weapon, cloak
        name, state = line.value
        item = player.equipment.get(name)
        found, want = (item is not None and item.destroyed), state == "destroyed"
    if found != want:
        raise ReplayError(f"at {game.field.clock.now} s: expected {player.name} {_said(line)}; "
                          f"{_found(line, found, want)}", line.where)


def _found(line: Line, found: object, want: object) -> str:
    """What the player is instead, in the timeline's words (never a Python value)."""
    if line.what == "alive":
        return f"{line.who} is {'alive' if found else 'dead'}"
    if isinstance(want, bool):  # a State, an ongoing effect, an enchantment, what is held: it is, or is not
        return f"{line.who} is{'' if found else ' not'}"
    return f"found {_words(found)}"


def _words(value: object) -> str:
    """A value of the match as the timeline writes it: ``Frozen 20``, ``none``."""
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return " ".join(_words(v) for v in value)
    return str(value)


def _said(line: Line) -> str:
    value = line.value
    if line.what == "alive":
        return str(value)
    if line.what == "state":
        state, detail = value
        return ("not " if line.negated else "") + state + (f" to {detail}" if detail else "")
    if line.what in ("ongoing", "chanting", "holding"):
        verb = {"ongoing": "under", "chanting": "chanting", "holding": "holding"}[line.what]
        return ("not " if line.negated else "") + f"{verb} {value}"
    if line.what == "enchanted":
        return ("not " if line.negated else "") + f"enchanted with {value[0]}" + (
            f" ({value[1]} strips)" if value[1] is not None else "")
    if line.what in ("armor", "magic"):
        loc, points = value
        return f"{points} {'magic armor' if line.what == 'magic' else 'armor'} on {loc}"
    if line.what in ("left", "ongoing left"):
        title, seconds = value
        return f"{title} with {seconds} s left"
    if line.what in ("uses", "granted uses"):
        title, count = value
        return f"{count} {'granted ' if line.what == 'granted uses' else ''}use{'s' * (count != 1)} of {title} left"
    if line.what == "wounds":
        return f"{value} wound{'s' * (value != 1)}"
    return f"{line.what} {_words(value)}"

