"""The part of a scenario's replay that every game shares (issue 28, item 2: "One scenario core, with the same
semantics in every game"). A game declares its vocabulary (:class:`Vocabulary`: the expectations its scripts may
write, what it calls its beings, where a match stands said as the script says it) and plays its own lines; this
module answers a decision with a scripted label, checks a refusal and the rule named, checks an expectation where
it is written and says it, and keeps the :class:`Replay` every game gives ``spellc play``. It never names a word of
a game: those come from the declarations."""

from __future__ import annotations

import operator
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from spellc.engine.core.decisions import Choice, Decision, Outcome
from spellc.engine.core.errors import IllegalAction, ReplayError, Where
from spellc.engine.core.match import Match
from spellc.engine.core.replays import replay_json


class Played(Protocol):
    """What the core reads of a game's match: how it ended, and why it refuses an answer."""

    @property
    def outcome(self) -> Outcome | None: ...

    def explain(self, decision: Decision, choice: str) -> str | None: ...


G = TypeVar("G", bound=Played)


# ---------------------------------------------------------------- the lines every game's scripts write
@dataclass(frozen=True, slots=True, kw_only=True)
class Answer:
    """The answers a line gives the decisions the rules ask, in order (``who`` None: a die, a draw, an event the
    referee sees: a decision of nobody's in particular)."""

    who: str | None = None
    labels: tuple[str, ...]
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Refused:
    """An answer the rules must refuse where the line stands, by the rule named (any rule when ``rule`` is None)."""

    who: str | None = None
    label: str
    rule: str | None = None
    where: Where
    said: str  # the answer as the script writes it (`Black casts "Fireball"`), for its messages
    asked: str | None = None  # what kind of answer it is, where a game tells the questions each kind answers


@dataclass(frozen=True, slots=True, kw_only=True)
class Fact:
    """A fact of the table stated as it changes (``Match.intervene``): a distance, who cannot see whom."""

    who: str
    kind: str
    value: str = ""
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Expect:
    """One thing that must hold where it is written: ``what`` names one of the game's declared expectations."""

    who: str | None  # the being it reads; None: the match (its winner)
    what: str
    value: Any = None
    negated: bool = False
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Stop:
    """`stop`: the script ends here, mid-round (a walkthrough that leaves the rest to the players)."""

    where: Where


class Stopped(Exception):
    """At the first question after a `stop` line that would need a line: the replay ends there."""


Line = Answer | Refused | Fact | Expect


# ---------------------------------------------------------------- expectations, declared
def quoted(text: str) -> str:
    """A card's title as a script writes it: ``"Flame Dart"``, never as Python quotes it (a prompt, being English,
    is only put in double quotes)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def words(value: object) -> str:
    """A value of the match as a script writes it, never as Python would: ``Frozen 20``, ``none``, ``yes``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return " ".join(words(v) for v in value)
    return str(value)


def is_or_not(who: str | None, found: object) -> str:
    """What is found of a yes-or-no expectation: ``Ana is`` or ``Ana is not``."""
    return f"{who or 'it'} is{'' if found else ' not'}"


def found_words(who: str | None, found: object) -> str:
    return f"found {words(found)}"


@dataclass(frozen=True, slots=True)
class Expectation:
    """One expectation a game's scripts may write (``expect Ana wounds 1``): what it reads of the match, what that
    must be, and how both are said in the game's words. Adding one to a game is this declaration and its reader."""

    read: Callable[[Any, Any, Any], Any]  # (game, the being named or None, the value written): what the match holds
    said: Callable[[Any], str] = words  # the value written, said as the script says it ("3 magic armor on torso")
    want: Callable[[Any], Any] = lambda value: value  # what the reading must be, from the value written
    holds: Callable[[Any, Any], bool] = operator.eq  # (found, want)
    found: Callable[[str | None, Any], str] | None = None  # what was found, said; yes-or-no: "Ana is not"
    rule: str | None = None  # the rule a failure names, when one does


def _said_found(kind: Expectation, who: str | None, found: object) -> str:
    if kind.found is not None:
        return kind.found(who, found)
    return is_or_not(who, found) if isinstance(found, bool) else found_words(who, found)


def verify(kind: Expectation, game: Any, subject: Any, expect: Expect, when: str) -> None:
    """Stop the replay unless ``expect`` holds now: "at 30 s: expected Ana dead; Ana is alive"."""
    found = kind.read(game, subject, expect.value)
    if kind.holds(found, kind.want(expect.value)) != expect.negated:
        return
    said = ("not " if expect.negated else "") + kind.said(expect.value)
    whose = f"{expect.who} " if expect.who else ""
    raise ReplayError(f"{when}: expected {whose}{said}; {_said_found(kind, expect.who, found)}", expect.where,
                      kind.rule)


def _winner(game: Played, subject: object, value: object) -> str | None:
    return game.outcome.winner if game.outcome else None


# `expect winner NAME` / `expect winner none`: the match's, in every game.
WINNER = Expectation(read=_winner, said=lambda v: f"the winner {words(v)}",
                     found=lambda who, found: f"found {found or 'no winner'}")


@dataclass(frozen=True, kw_only=True)
class Vocabulary(Generic[G]):
    """What a game says of its scripts: everything this core needs that is the game's own words."""

    expectations: Mapping[str, Expectation]
    being: str  # what a script's name names: "player", "model", "entity"
    subject: Callable[[G, str], Any]  # the being of that name in the match, or None
    when: Callable[[G], str]  # where the match stands, as a script would place a line: "turn 3", "at 30 s"
    say: Callable[[G, str], None]  # a line of the match's log
    cannot: Callable[[str | None, str], str]  # (who, label): "Mage cannot play ..." (a refusal's beginning)
    chance: str = "chance"  # who decides what nobody does: "the dice"
    # Why an answer no rule refuses is still not one now, when the game can say better than "not this one's turn".
    not_asked: Callable[[Decision, str | None, str], str | None] = lambda d, who, label: None
    list_legal: bool = True  # a refusal lists the legal answers (not where they are every event of a timeline)
    # The choice a scripted answer names at a decision (a game may read more than the label: a mode's number).
    names: Callable[[Decision, str], Choice | None] = Decision.find
    # Whether a refusal is checked at this decision, or waits for the one its answer answers (its being's, of a
    # kind its answer answers); by default, at the decision the match waits for.
    answers: Callable[[Refused, Decision], bool] = lambda line, d: True


# ---------------------------------------------------------------- answering, refusing, checking
def legal(decision: Decision) -> str:
    return "legal: " + "; ".join(c.label for c in decision.options)


def because(why: str | None) -> tuple[str | None, str]:
    """A refusal's rule and reason, from the ``Rule: reason`` a ruleset's ``explain`` gives."""
    if not why:
        return None, ""
    rule, _, reason = why.partition(": ")
    return rule, reason


@dataclass
class Replay(Generic[G]):
    """A replay as ``spellc play`` shows it, in every game: the states the summary shows (``snapshots``), the state
    where the script ended between two of them (``stopped``), the match's log, how many expectations held, and
    where the script and the rules parted (``error``)."""

    game: G
    log: list[str]
    snapshots: list[dict[str, Any]] = field(default_factory=list)
    stopped: dict[str, Any] | None = None
    error: ReplayError | None = None
    checked: int = 0  # expectations (and refusals) that held

    def json(self) -> dict[str, Any]:
        return replay_json(snapshots=self.snapshots, log=self.log, checked=self.checked, outcome=self.game.outcome,
                           stopped=self.stopped, error=self.error.message if self.error else None)


def replayed(build: Callable[[], G], blank: Callable[[], G], log: Callable[[G], list[str]],
             play: Callable[[Replay[G]], None], ended: Callable[[Replay[G]], None] = lambda result: None) -> Replay[G]:
    """A replay as every game makes it: the match its script sets up (``build``; set up wrong, an empty match and
    the error), played by the script (``play``) until the script ends, or the script and the rules part (the error,
    where); then ``ended``, what the game adds to the replay as it ends (the state it shows last)."""
    try:
        game = build()
    except ReplayError as err:
        game = blank()
        result = Replay(game, log(game), error=err)
        ended(result)
        return result
    result = Replay(game, log(game))
    try:
        play(result)
    except ReplayError as err:
        result.error = err
    ended(result)
    return result


class Script(Generic[G]):
    """A match played by a script's lines, each where it is written: an answer is applied to the decision the match
    waits for, a refusal checked there, a fact stated, an expectation checked."""

    def __init__(self, game: G, match: Match, result: Replay[G], vocabulary: Vocabulary[G]) -> None:
        self.game, self.match, self.result, self.vocabulary = game, match, result, vocabulary

    def play(self, line: Line) -> None:
        if isinstance(line, Answer):
            for label in line.labels:
                self.match.apply(self.pick(line, label))
        elif isinstance(line, Refused):
            self.refused(line)
        elif isinstance(line, Fact):
            state(self.match, line)
        else:
            self.expect(line)

    def pick(self, line: Answer, label: str) -> str:
        return pick(self.game, self.match.decision, self.vocabulary, line, label)

    def refused(self, line: Refused) -> None:
        """The answer is not legal at the decision the match waits for, and the rule named (if any) says why."""
        d = self.match.decision
        if d is None:
            raise ReplayError("the match is over: there is no decision to refuse an answer at", line.where)
        mine = line.who is None or d.being == line.who
        if mine and self.vocabulary.names(d, line.label) is not None:
            raise ReplayError(f"expected {line.said} to be refused, and the rules allow it", line.where)
        # Asked of someone else, the answer is weighed as if it were its own decision of that kind.
        asked = d if mine else Decision(d.kind, line.who, d.prompt, ())
        why = self.game.explain(asked, line.label) or self._not_asked(d, line)
        rule, reason = because(why)
        if line.rule is not None and rule != line.rule:
            raise ReplayError(f'{line.said} is refused by "{rule}" ({reason}), not by "{line.rule}"', line.where)
        # The log says it as the script writes it, never as Python quotes a string.
        self.vocabulary.say(self.game, f"refused: {line.said}: {why}")
        self.result.checked += 1

    def _not_asked(self, d: Decision, line: Refused) -> str:
        """Why no rule refuses it, as the game says it; else its being is asked something else now, or another
        is asked."""
        said = self.vocabulary.not_asked(d, line.who, line.label)
        if said:
            return said
        if line.who is None or d.being == line.who:
            return f'Decision: the rules do not allow it now ("{d.prompt}")'
        return f'Decision: it is {d.being or self.vocabulary.chance}\'s decision ("{d.prompt}")'

    def expect(self, line: Expect, when: str | None = None) -> None:
        self.result.checked += check(self.game, self.vocabulary, line, when)


class Lines:
    """A block's lines (a round's, a phase's) still to play, in order. The next line the rules need is the first
    that is no expectation (:meth:`peek`); taking it (:meth:`take`) first checks the expectations written before
    it, so that each holds where it is written. A `stop` there ends the script (:meth:`stop_here`); a refusal there
    is checked at the decision its answer answers (:meth:`refusals`); the lines left when the block ends are the
    script's error (:meth:`left`)."""

    def __init__(self, check: Callable[[Expect], None], where: Where | None = None) -> None:
        self.queue: deque[Any] = deque()
        self.check = check  # an expectation checked, as the game says where the match stands
        self.last = where  # the line last taken: where a replay that stops between two lines stops

    def start(self, lines: Iterable[Any], where: Where | None = None) -> None:
        self.queue = deque(lines)
        self.last = where or self.last

    def peek(self) -> Any:
        return next((line for line in self.queue if not isinstance(line, Expect)), None)

    def expectations(self, check: Callable[[Expect], None] | None = None) -> None:
        """The expectations written before the next line (or the block's end), checked now."""
        while self.queue and isinstance(self.queue[0], Expect):
            (check or self.check)(self.queue.popleft())

    def take(self, line: Any) -> None:
        if self.peek() is line:
            self.expectations()
        self.queue.remove(line)
        self.last = line.where

    def stop_here(self) -> None:
        """At a question that needs a line: when the next line is `stop`, the replay ends here, once the
        expectations written before it hold."""
        if isinstance(line := self.peek(), Stop):
            self.take(line)
            raise Stopped

    def refusals(self, d: Decision, script: Script[Any]) -> int:
        """The refusals written before the next line, checked at ``d`` when it is the decision their answers
        answer (the game's :attr:`Vocabulary.answers`); how many."""
        checked = 0
        while isinstance(line := self.peek(), Refused) and script.vocabulary.answers(line, d):
            self.take(line)
            script.refused(line)
            checked += 1
        return checked

    def before(self, d: Decision, script: Script[Any]) -> None:
        """Everything written before the next answer, checked at ``d``: expectations and refusals alike."""
        self.expectations()
        while self.refusals(d, script):
            self.expectations()

    def left(self) -> list[Any]:
        """The lines no decision took (expectations aside)."""
        return [line for line in self.queue if not isinstance(line, Expect)]


def unused(line: Refused, block: str) -> str:
    """A refusal left when its block ends (``block``: "this round"): no decision came to refuse it at."""
    return f"{line.who} was asked nothing more {block}: there was no decision to refuse this at"


def pick(game: G, d: Decision | None, vocabulary: Vocabulary[G], line: Answer, label: str) -> str:
    """``label``, when the decision the match waits for (``d``) is ``line.who``'s and offers it; else the replay
    stops where the script and the rules part, naming the rule that refuses it."""
    if d is None:
        raise ReplayError(f"the match is over: nothing asks for {label}", line.where)
    if line.who is not None and d.being != line.who:
        raise ReplayError(f"it is {d.being or vocabulary.chance}'s decision (\"{d.prompt}\"), not {line.who}'s "
                          f"({legal(d)})", line.where)
    if d.find(label) is None:
        rule, reason = because(game.explain(d, label))
        shown = f" ({legal(d)})" if vocabulary.list_legal else ""
        raise ReplayError(f"{vocabulary.cannot(line.who, label)} now: {reason or 'the rules do not allow it now'}"
                          f"{shown}", line.where, rule)
    return label


def check(game: G, vocabulary: Vocabulary[G], line: Expect, when: str | None = None) -> int:
    """Check ``line`` now (``when``: where the match stands, said; by default as the game says it): 1 when it
    holds; otherwise the replay stops there."""
    subject = None
    if line.who is not None:
        subject = vocabulary.subject(game, line.who)
        if subject is None:
            raise ReplayError(f"no {vocabulary.being} is named {line.who}", line.where)
    kind = WINNER if line.what == "winner" else vocabulary.expectations[line.what]
    verify(kind, game, subject, line, when if when is not None else vocabulary.when(game))
    return 1


def state(match: Match, line: Fact) -> None:
    """A fact the script states, refused where the rules refuse it."""
    try:
        match.intervene(line.kind, line.who, line.value)
    except IllegalAction as err:
        raise ReplayError(err.message, line.where, err.rule) from None
