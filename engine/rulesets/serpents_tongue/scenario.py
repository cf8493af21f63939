"""Scripted matches: a scenario's beings, Codexes, dice, actions and choices, replayed through the
game-state protocol (:class:`engine.core.match.Match`).

The match stops at each decision; :class:`ScriptDriver` answers it from the script — a die from a
`dice` line, an action from the next action line of the being whose turn it is, a choice from a
`chooses`/`accepts` line — and picks a *legal* choice by its label. When the script and the rules
disagree the replay stops with a located error naming the rule (a spell not prepared, a cost that
cannot be paid, a line out of place), and lists what was legal.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from spellc.engine.core.decisions import Choice, Decision
from spellc.engine.core.errors import IllegalAction, ReplayError, Unsupported, Where
from spellc.engine.core.match import Match
from spellc.engine.core.scenario import (
    Expect,
    Expectation,
    Lines,
    Refused,
    Replay,
    Script,
    Stop,
    Stopped,
    Vocabulary,
    because,
    check,
    quoted,
    replayed,
    unused,
)
from spellc.engine.rulesets.serpents_tongue import actions, bindings, casting, codex, encounter, preparation, specs
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary, Energy, SpellCard
from spellc.engine.rulesets.serpents_tongue.rules import ROUND_OVER, Game, Options
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Zone

T = TypeVar("T")


# ---------------------------------------------------------------- what a script line says
@dataclass(frozen=True, slots=True)
class Cast:
    title: str
    target: str | None = None  # a being's name, or a spell's title (Abjurations)
    target_of: str | None = None  # the bearer of a targeted spell, when its title alone is ambiguous
    discards: tuple[str, ...] = ()  # answers to "Discard X" requirements, in order
    speak: str = "silent"  # silent | intone | miscast
    upgrade: str | None = None  # the upgrade cost paid ("1 Will")
    tiers: str | None = None  # the ritual path choice ("2 tiers for 2 Harmony")
    mode: str | None = None
    target_is_name: bool = False  # `at White` (a being or team), not `at "Karmic Debt"` (a spell)

    def label(self) -> str:
        return f'cast "{self.title}"'


@dataclass(frozen=True, slots=True)
class Use:
    spell: str
    ability: str
    target: str | None = None
    target_is_name: bool = False

    def label(self) -> str:
        return f'use "{self.ability}" of "{self.spell}"'


@dataclass(frozen=True, slots=True)
class Plain:
    """An action named by its label alone: meditate, pass, shed interrupt stone, exchange ..., dismiss ..."""

    text: str

    def label(self) -> str:
        return self.text


ScriptAction = Cast | Use | Plain


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    where: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class DiceItem(Item):
    values: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawItem(Item):
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionItem(Item):
    being: str
    action: ScriptAction


@dataclass(frozen=True, slots=True, kw_only=True)
class PrepareItem(Item):
    being: str
    reattune: tuple[str, ...] = ()
    prepare: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ModeItem(Item):
    """``Shadow enters standard mode``: from the top of its round on."""

    being: str
    mode: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ChoiceItem(Item):
    being: str
    kind: str  # first | accept | decline | choose
    value: str


@dataclass(frozen=True, slots=True)
class CodexEntry:
    """One spell of a Codex line: its title, and its fluency when several cards share the title."""

    title: str
    fluency: int | None = None
    where: Where | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BeingSetup:
    name: str
    team: str
    codex: tuple[CodexEntry, ...]
    energies: tuple[tuple[str, int], ...]
    where: Where
    kind: str = "magi"
    specialization: str | None = None
    mode: str | None = None  # an Encounter's mode: easy | standard
    card: str | None = None  # an Encounter's card title
    artifacts: tuple[str, ...] = ()
    codex_where: Where | None = None  # the first Codex line, where a Codex that breaks the rules is shown


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundScript:
    number: int
    items: tuple[Item | Expect | Refused | Stop, ...]
    where: Where
    end: Where


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    title: str
    level: int
    beings: tuple[BeingSetup, ...]
    rounds: tuple[RoundScript, ...]
    where: Where
    intoning: bool = False



# A round that asks this many decisions is looping (a script line answered over and over, or rules that
# never end the round): the replay stops there with a diagnostic instead of running on. The two
# walkthroughs ask 82 and 57 decisions in all.
DECISION_LIMIT = 2_000

REATTUNE_RULE = ("Magi may Re-Attune one spell during this phase ... They may also Re-Attune an unlimited number "
                 "of Bonded spells")
# The lines that answer chance, by the decision: the line, what the rules do, the rule that asks it; what more of
# them is, and the rule that says so.
CHANCE: dict[str, tuple[type[DiceItem | DrawItem], str, str, str, str]] = {
    "die": (DiceItem, "need a die", "Dice", "dice", "Resonance Roll"),
    "draw": (DrawItem, "draw from a bag", "Draw Bag", "draws", "Draw Bag")}
# Decisions a script may leave unsaid: the rules take this default when no line answers them.
DEFAULTS = {"speak": "silent", "upgrade": "no upgrade", "ritual": "no tiers"}


class ScriptDriver:
    """Answers a match's decisions from the script, round by round: the lines are the core's
    (:class:`engine.core.scenario.Lines`), the questions and their answers this game's."""

    def __init__(self, scenario: Scenario, game: Game, result: Replay[Game]) -> None:
        self.scenario, self.game, self.result = scenario, game, result
        self.current: RoundScript | None = None
        self.lines = Lines(self._check, scenario.where)
        self.chance: dict[str, deque[tuple[str, Where]]] = {"die": deque(), "draw": deque()}  # dice, draws owed
        self.sub: dict[str, deque[str]] = {}  # answers still owed by the current action line
        self.prep: dict[tuple[str, str], deque[str]] = {}
        self.prep_where: dict[tuple[str, str], Where] = {}  # the (last) line listing them
        self.owed_for: str | None = None  # the spell the current action line's answers are about
        self.owed_target: tuple[str, str] | None = None  # (the question `at NAME` answers, the words)
        self.caster: str | None = None

    @property
    def last(self) -> Where:
        return self.lines.last or self.scenario.where

    # ---- moving through the script
    def start_round(self, script: RoundScript) -> None:
        self.current = script
        self.lines.start(script.items, script.where)
        self.prep = {}
        self.prep_where = {}
        self.sub = {}

    def finish_round(self) -> None:
        """Every line of the round must have been used; then the round's expectations are checked."""
        for item in self.lines.left():
            raise ReplayError(_unused(item), item.where, "Turn")
        for (name, what), lists in self.prep.items():
            if lists:
                raise self._not_prepared(name, what, lists[0])
        for kind, (_, _, _, more, rule) in CHANCE.items():
            if self.chance[kind]:
                raise ReplayError(f"more {more} than the round needed", self.chance[kind][0][1], rule)
        self._unasked_target()
        self.sub = {}
        self.lines.expectations()  # those after the round's last used line, as the round ends

    def apply_modes(self, match: Match) -> None:
        """An Encounter's change of mode takes effect at the top of the round that names it; the match
        records it (Match.intervene), so a copy of the match keeps it."""
        for item in [i for i in self.lines.queue if isinstance(i, ModeItem)]:
            try:
                match.intervene("mode", item.being, item.mode)
            except IllegalAction as err:
                raise ReplayError(err.message, item.where, err.rule) from err
            self.lines.take(item)

    def _check(self, item: Expect) -> None:
        assert self.current is not None
        self.result.checked += check(self.game, VOCABULARY, item, f"round {self.current.number}")

    def _end(self) -> Where:
        assert self.current is not None
        return self.current.end

    # ---- answering
    def answer(self, d: Decision) -> Choice:
        handler = getattr(self, "on_" + d.kind.replace(" ", "_").replace("-", "_"), None)
        if handler is not None:
            choice: Choice = handler(d)
            return choice
        return self.on_choice(d)

    def pick(self, d: Decision, label: str, where: Where, rule: str | None = None, why: str = "") -> Choice:
        found = d.find(label)
        if found is None:
            legal = ", ".join(c.label for c in d.options)
            raise ReplayError(why or f"{label} is not a legal choice for \"{d.prompt}\"; legal: {legal}",
                                where, rule or d.kind)
        return found

    def on_die(self, d: Decision) -> Choice:
        """A die or a draw from the Encounter's bag: the next value of the last `dice` or `draw` line, or of the
        next line, which must be one."""
        owed = self.chance[d.kind]
        if not owed:
            self.lines.stop_here()
            item = self.lines.peek()
            line, asks, rule, _, _ = CHANCE[d.kind]
            if not isinstance(item, line):
                raise ReplayError(f"the rules {asks} here ({d.prompt}), not this line",
                                  item.where if item else self._end(), rule)
            self.lines.take(item)
            owed.extend((str(v), item.where) for v in item.values)
        value, where = owed.popleft()
        return self.pick(d, value, where)

    on_draw = on_die

    def on_action(self, d: Decision) -> Choice:
        self.lines.stop_here()
        item = self.lines.peek()
        if isinstance(item, ActionItem) and item.being == d.being:
            return self._act(d, item)
        if isinstance(item, Refused) and item.who == d.being:  # a refusal waiting for a question never asked
            raise ReplayError(f"the rules ask {d.being} for an action here, and `{item.said}` answers another "
                              "question, which they did not ask before it (a question with one legal answer is not "
                              "asked)", item.where, "Choices")
        return self.pick(d, "pass", self.last)

    def _exchange(self, d: Decision) -> Choice | None:
        """An exchange line of ``d``'s being, when ``d`` offers it: energy exchanges may be made at any time
        (once per round), so the rules offer them beside responses, re-attuning, sustain and optional costs."""
        item = self.lines.peek()
        if isinstance(item, ActionItem) and item.being == d.being and item.action.label().startswith("exchange "):
            found = d.find(item.action.label())
            if found is not None:
                self.lines.take(item)
                return found
        return None

    def on_shield_order(self, d: Decision) -> Choice:
        return d.options[0]  # the Shields' placed order, unless a script line re-orders them

    def on_respond(self, d: Decision) -> Choice:
        if (exchange := self._exchange(d)) is not None:
            return exchange
        item = self.lines.peek()
        if isinstance(item, ActionItem) and item.being == d.being and isinstance(item.action, Cast):
            being = self.game.being(item.being)
            card = _find_card(being, item.action.title)
            if card is not None and card.spec.has("Response"):
                return self._act(d, item, in_window=True)
        return self.pick(d, "pass", self.last)

    def _act(self, d: Decision, item: ActionItem, in_window: bool = False) -> Choice:
        """``item``'s action, taken (in a Response window: ``in_window``); the answers its line gives after it are
        kept for the questions they answer."""
        self.lines.take(item)
        self._owe(item.action, item.being)
        found = d.find(item.action.label())
        if found is None:
            why, rule = self._why(d, item.action, in_window)
            raise ReplayError(why, item.where, rule)
        return found

    def _owe(self, action: ScriptAction, caster: str) -> None:
        """The answers an action line gives beyond the action: each answers only questions about its spell."""
        self._unasked_target()
        self.caster = caster
        self.sub = {}
        self.owed_for = None
        self.owed_target = None
        if isinstance(action, Cast):
            self.owed_for = action.title
            if action.target:
                want = f'"{action.target}" of {action.target_of}' if action.target_of else action.target
                self.sub["target"] = deque([want])
                self.owed_target = (f"target of {action.title}?", f"at {action.target}")
            self.sub["discard"] = deque(f'"{t}"' for t in action.discards)
            self.sub["speak"] = deque([action.speak])
            if action.upgrade:
                self.sub["upgrade"] = deque([action.upgrade])
            if action.tiers:
                self.sub["ritual"] = deque([action.tiers])
            if action.mode:
                self.sub["mode"] = deque([action.mode])
        elif isinstance(action, Use) and action.target:
            self.owed_for = action.spell
            self.sub["target"] = deque([action.target])
            self.owed_target = (f"target of {action.ability}?", f"at {action.target}")

    def _unasked_target(self) -> None:
        """`at NAME` whose question the rules never asked (one legal target: they chose it themselves) must
        still name the target they chose; otherwise the line says something the match did not do."""
        owed = self.sub.get("target")
        # An ability's target is not its spell's: only a cast's `at` is compared.
        if not owed or self.game is None or self.owed_target is None or not self.owed_target[0].startswith(
                f"target of {self.owed_for}?"):
            return
        want = owed[0]
        # The spell as cast, still in play (a spell leaving play forgets its target: nothing to compare).
        cards = [c for c in self.game.all_in_play() if c.title == self.owed_for and c.target is not None
                 and c.caster is not None and c.caster.name == self.caster]
        if not cards:
            return
        target = max(cards, key=lambda c: c.id).target
        named = target.name if isinstance(target, Being) else f'"{target.title}"' if target is not None else None
        if named is not None and want not in (named, named.strip('"')) and not want.startswith(f"{named} of"):
            raise ReplayError(f"`{self.owed_target[1]}` answered no question: {self.owed_for} had one legal "
                                f"target, {named.strip(chr(34))}, and the rules chose it", self.last, "Target")

    def on_target(self, d: Decision) -> Choice:
        owed = self.sub.get("target")
        # `at NAME` answers the Target question of the spell or ability it was written for, no other: a
        # step's own target ("deal Dmg 2 to target Magi") or another card's question takes a `chooses` line.
        if owed and self.owed_target is not None and d.card == self.owed_for and d.prompt == self.owed_target[0]:
            want = owed.popleft()
            if d.find(want) is not None:
                return self.pick(d, want, self.last)
            # A spell's title alone is enough when only one spell of that title is a legal target.
            matches = [c for c in d.options if c.label.startswith(f'"{want}" of ') or c.label == f"team {want}"]
            if len(matches) == 1:
                return matches[0]
            return self.pick(d, want, self.last, "Target",
                             f"{want} is not a legal target of {d.card}; legal: "
                             + ", ".join(c.label for c in d.options))
        return self.on_choice(d)

    def on_prepare(self, d: Decision) -> Choice:
        return self._preparation(d, "prepare")

    def on_re_attune(self, d: Decision) -> Choice:
        return self._preparation(d, "reattune")

    def _preparation(self, d: Decision, what: str) -> Choice:
        assert d.being is not None
        if (exchange := self._exchange(d)) is not None:
            return exchange
        key = (d.being, what)
        if key not in self.prep:
            titles: deque[str] = deque()
            for item in list(self.lines.queue):
                if isinstance(item, PrepareItem) and item.being == d.being and getattr(item, what):
                    self.lines.take(item)
                    titles.extend(getattr(item, what))
                    self.prep_where[key] = item.where
            self.prep[key] = titles
        titles = self.prep[key]
        if not titles:
            return self.pick(d, "done", self.last)
        label = f'"{titles.popleft()}"'
        if d.find(label) is None:  # why, as a refusal of it is told
            rule, why = because(self.game.explain(d, label))
            raise ReplayError(f"{d.being} cannot {'re-attune' if what == 'reattune' else 'prepare'} {label}: "
                              + (why or "the rules do not allow it now"), self.last, rule)
        return self.pick(d, label, self.last)

    def _not_prepared(self, name: str, what: str, title: str) -> ReplayError:
        """A title the rules never asked about: the phase ended first (a limit reached, or nothing left)."""
        assert self.current is not None
        being = self.game.being(name)
        where = self.prep_where.get((name, what), self.current.where)
        if what == "reattune":
            card = _in(being, title, what)
            if card is None:
                return ReplayError(f"{name} cannot re-attune {quoted(title)}: it is not in {name}'s discard pile",
                                   where, "Re-Attune")
            # Checked after the phase: a spell still in the pile that the rules stopped offering was held back
            # by the one-spell limit, or by its price.
            reason = preparation.why_not_reattune(self.game, being, card) or (
                f"Re-Attune: {name} already re-attuned a non-Bonded spell this phase (\"{REATTUNE_RULE}\")")
            rule, why = reason.split(": ", 1)
            return ReplayError(f"{name} cannot re-attune {quoted(title)}: {why}", where, rule)
        return ReplayError(f"{name} cannot prepare {quoted(title)}: \"Magi may prepare up to 3 spells\", or the rules "
                             "asked no more", where, "Spell Preparation")

    def on_resolve_order(self, d: Decision) -> Choice:
        # Only a `chooses` line says which spell resolves first; an `accepts`/`declines` line is kept for
        # the optional question it was written for.
        item = self.lines.peek()
        if isinstance(item, ChoiceItem) and item.kind == "choose" and item.being == d.being \
                and d.find(f'"{item.value}"'):
            self.lines.take(item)
            return self.pick(d, f'"{item.value}"', item.where)
        return d.options[0]  # zone order, unless the script says otherwise

    def on_sustain(self, d: Decision) -> Choice:
        if (exchange := self._exchange(d)) is not None:
            return exchange
        pay = next((c for c in d.options if c.label.startswith("pay ")), None)
        item = self.lines.peek()
        if isinstance(item, ChoiceItem) and item.kind in ("accept", "decline") and item.being == d.being \
                and item.value == d.card:
            self.lines.take(item)
            if item.kind != "accept":
                return self.pick(d, "let it go", item.where)
            if pay is None:
                raise ReplayError(f"{d.being} cannot pay to sustain {d.card}: " + d.prompt, item.where, "Sustain")
            return pay
        return pay or self.pick(d, "let it go", self.last)  # sustain unless the script declines

    def on_choice(self, d: Decision) -> Choice:
        if (exchange := self._exchange(d)) is not None:
            return exchange
        owed = self.sub.get(d.kind)
        if owed and d.card == self.owed_for and d.kind != "target":  # `at NAME`: see on_target
            want = owed.popleft()
            found = _match(d, want)
            return found if found is not None else self.pick(d, want, self.last)
        if d.kind in DEFAULTS:
            return self.pick(d, DEFAULTS[d.kind], self.last)
        self.lines.stop_here()
        item = self.lines.peek()
        if not isinstance(item, ChoiceItem) or item.being != d.being:
            where = item.where if item else self._end()
            pending = ""
            if self.sub.get("target") and self.owed_target is not None and d.kind == "target":
                pending = (f" (`{self.owed_target[1]}` answers \"{self.owed_target[0]}\" only; "
                           f"this question needs a `{d.being} chooses \"...\"` line)")
            raise ReplayError(f"the rules ask {d.being}: {d.prompt}{pending} — "
                                + ("this line does not answer it" if item else "the script has no more lines")
                                + "; legal: " + ", ".join(c.label for c in d.options), where, "Choices")
        wanted = {"optional": ("accept", "decline"), "first": ("first",)}.get(d.kind, ("choose",))
        if item.kind not in wanted or (d.kind == "optional" and d.card and item.value != d.card):
            raise ReplayError(f"this line answers {_question(item)}, but the rules ask {d.being}: {d.prompt} "
                                f"({_kind(d)}); legal: " + ", ".join(c.label for c in d.options), item.where,
                                "Choices")
        self.lines.take(item)
        if d.kind == "optional":
            return self.pick(d, "yes" if item.kind == "accept" else "no", item.where)
        found = _match(d, item.value)
        if found is not None:
            return found
        return self.pick(d, item.value, item.where, "Choices",
                         f"{quoted(item.value)} is not one of the choices: " + ", ".join(c.label for c in d.options))

    # ---- explaining a refusal
    def _why(self, d: Decision, action: ScriptAction, in_window: bool = False) -> tuple[str, str]:
        """Why the rules refuse ``action`` here, and the rule that refuses it."""
        being = self.game.being(str(d.being))
        if isinstance(action, Cast):
            said = f"{being.name} cannot cast {quoted(action.title)}"
            card = _find_card(being, action.title)
            if card is None or card.place.value not in ("prepared", "codex"):
                why = "there is no such spell" if action.title not in self.game.library else "it is not prepared"
                return f"{said}: {why}", "Spell Preparation"
            reason = casting.why_not(self.game, being, card, in_window)
            if reason:
                rule, why = reason.split(": ", 1)
                return f"{said}: {why}", rule
        reason = actions.why_not(self.game, being, action.label())
        if reason:
            rule, why = reason.split(": ", 1)
            return f"{being.name} cannot {action.label()}: {why}", rule
        return f"{being.name} cannot {action.label()} now; legal: " + ", ".join(c.label for c in d.options), "Action"


def _match(d: Decision, text: str) -> Choice | None:
    """The choice a line names: its label (quoted or not); for a mode, also its number on the card (1 for
    the first) or a unique beginning of its text; for ritual tiers, a unique beginning ("2 tiers")."""
    for label in (text, f'"{text}"'):
        found = d.find(label)
        if found is not None:
            return found
    if d.kind == "mode" and text.isdigit():
        return next((c for c in d.options if c.value == int(text) - 1), None)
    if d.kind in ("mode", "ritual") and text:
        starts = [c for c in d.options if c.label.lower().startswith(text.lower())]
        if len(starts) == 1:
            return starts[0]
    return None


# ---------------------------------------------------------------- refusing an answer to a question
# The questions each kind of answer a refusal writes answers (`chooses`: every other one, but those a cast's own
# options answer).
ASKS = {"action": frozenset({"action", "respond"}), "prepare": frozenset({"prepare"}),
        "re-attune": frozenset({"re-attune"}), "accept": frozenset({"sustain", "optional"}),
        "decline": frozenset({"sustain", "optional"})}
NOT_CHOSEN = frozenset({*ASKS["action"], "prepare", "re-attune", "sustain", "optional", "first", "die", "draw",
                        *DEFAULTS})


def answers(line: Refused, d: Decision) -> bool:
    """A refusal is checked at the next question of its Magi that its answer answers (a Response is cast in a
    Response window): another Magi's, or another question, leaves it for that one."""
    asks = ASKS.get(line.asked or "action")
    return line.who == d.being and (d.kind in asks if asks is not None else d.kind not in NOT_CHOSEN)


def names(d: Decision, label: str) -> Choice | None:
    """The choice a scripted answer names, as :func:`_match` reads a line; a sustain accepted (`yes`) is paid, at
    whatever cost, and declined (`no`), let go."""
    if d.kind == "sustain" and label in ("yes", "no"):
        return next((c for c in d.options if c.label.startswith("pay ")), None) if label == "yes" else \
            d.find("let it go")
    return _match(d, label)


def _question(item: ChoiceItem) -> str:
    if item.kind in ("accept", "decline"):
        return f"an optional question about {quoted(item.value)} (`{item.being} {item.kind}s \"{item.value}\"`)"
    if item.kind == "first":
        return f"who goes first (`{item.being} goes first`)"
    return f"a choice (`{item.being} chooses \"{item.value}\"`)"


def _kind(d: Decision) -> str:
    return f"{d.kind}, about {d.card}" if d.card else d.kind


def _find_card(being: Being, title: str) -> Card | None:
    for pile in (being.prepared, being.codex):
        for c in pile:
            if c.title == title:
                return c
    return None


def _in(being: Being, title: str, what: str) -> Card | None:
    pile = being.discard if what == "reattune" else being.codex
    return next((c for c in pile if c.title == title), None)


def _unused(item: Item | Refused | Stop) -> str:
    if isinstance(item, Refused):
        return unused(item, "this round")
    if isinstance(item, ActionItem):
        return f"{item.being} cannot act here: it is not {item.being}'s turn, or the round has ended"
    if isinstance(item, DiceItem):
        return "the rules needed no more dice this round"
    return "this line was not used by the round"


PILES = {"discard": "discard", "codex": "codex", "prepared": "prepared", "rite": "rite", "banished": "banished"}


def _cards(b: Being, place: str) -> list[Card]:
    """The cards in one of a being's zones, or in one of its piles (discard, Codex, prepared, Rite zone)."""
    if place in PILES:
        pile: list[Card] = getattr(b, PILES[place])
        return pile
    return b.zones[Zone(place)]


def _where_name(place: str) -> str:
    return {"codex": "Codex", "rite": "Rite zone", "discard": "discard pile", "prepared": "prepared spells",
            "banished": "banished spells"}.get(place, f"{place} zone")


def _held(game: Game, b: Being, value: tuple[str, str, tuple[tuple[str, int], ...]]) -> tuple[list[str], Card | None]:
    """The titles of the zone or pile an expectation reads, and the card of its title there (if any)."""
    place, title, _ = value
    held = _cards(b, place)
    return [c.title for c in held], next((c for c in held if c.title == title), None)


def _has(found: tuple[list[str], Card | None], value: tuple[str, str, tuple[tuple[str, int], ...]]) -> bool:
    """The card is there, with the counters written (``dormant``: it is Dormant)."""
    _, card = found
    return card is not None and all(card.dormant if name == "dormant" else card.counters.get(name, 0) == n
                                    for name, n in value[2])


def _card_found(who: str | None, found: tuple[list[str], Card | None]) -> str:
    titles, card = found
    if card is None:
        return "it holds " + (", ".join(titles) or "nothing")
    counters = ", ".join(f"{k} {v}" for k, v in card.counters.items())
    return f"found {card.title}" + (f" ({counters})" if counters else "") + (", Dormant" if card.dormant else "")


def _card_said(value: tuple[str, str, tuple[tuple[str, int], ...]]) -> str:
    place, title, counters = value
    return f'{_where_name(place)} has "{title}"' + "".join(f", {k}{f' {n}' * (k != 'dormant')}" for k, n in counters)


def _energy(name: str) -> Expectation:
    """``expect White essence 5``: a being's energy."""
    return Expectation(read=lambda g, b, _: b.energy(Energy(name.capitalize())), said=lambda n: f"{name} {n}")


def _outcome(game: Game, subject: object, value: object) -> str:
    outcome = game.outcome
    return "no outcome yet" if outcome is None else "a draw" if outcome.draw else f"winner {outcome.winner}"


EXPECTATIONS = {
    **{energy: _energy(energy) for energy in ("essence", "resonance", "harmony", "will", "voice")},
    "card": Expectation(read=lambda g, b, v: _held(g, b, v), want=lambda v: v, holds=_has, said=_card_said,
                        found=_card_found),
    "no card": Expectation(read=lambda g, b, v: [c.title for c in _cards(b, v[0])], want=lambda v: v[1],
                           holds=lambda found, title: title not in found,
                           said=lambda v: f'{_where_name(v[0])} has no "{v[1]}"',
                           found=lambda who, found: "it holds " + ", ".join(found)),
    "incapacitated": Expectation(read=lambda g, b, _: b.incapacitated, want=lambda _: True,
                                 said=lambda _: "incapacitated"),
    "interrupt stones": Expectation(read=lambda g, b, _: b.interrupt_stones, said=lambda n: f"interrupt stones {n}",
                                    rule="Interrupt Stone"),
    "draw": Expectation(read=_outcome, want=lambda _: "a draw", said=lambda _: "a draw"),
    "initiative": Expectation(read=lambda g, _, __: tuple(b.name for b in g.order if not b.incapacitated),
                              said=lambda order: f"initiative {', '.join(order)}",
                              found=lambda who, order: f"found {', '.join(order)}", rule="Initiative Phase"),
}
VOCABULARY: Vocabulary[Game] = Vocabulary(
    expectations=EXPECTATIONS, being="being", subject=lambda g, name: next((b for b in g.beings if b.name == name),
                                                                           None),
    when=lambda g: f"round {g.round}", say=lambda g, text: g.log.append(text),
    cannot=lambda who, label: f"{who} cannot {label}", names=names, answers=answers)


def setup(scenario: Scenario, library: CardLibrary) -> Game:
    beings = []
    for spec in scenario.beings:
        if spec.kind == "encounter":
            if spec.card not in library or library[str(spec.card)].kind != "encounter":
                raise ReplayError(f"{quoted(str(spec.card))} is not a compiled Encounter", spec.where, "Encounter")
            beings.append(encounter.create(library[str(spec.card)], spec.name, spec.team, spec.mode or "standard",
                                           library))
            continue
        # Level-1 play leaves out the advanced energies: no Will tokens are collected (Act I).
        b = Being(name=spec.name, team=spec.team, will=0 if scenario.level == 1 else 3)
        for energy, value in spec.energies:
            b.set_energy(Energy(energy.capitalize()), value)
            if energy == "essence":
                b.starting_essence = value
        cards = [_codex_card(library, spec, entry) for entry in spec.codex]
        for refused in codex.refusals(cards):
            raise ReplayError(f"{spec.name}'s Codex is not legal: {refused.problem} (\"{refused.rule}\")",
                                spec.codex_where or spec.where, "Codex")
        b.codex.extend(Card(spec=card, owner=b) for card in cards)
        beings.append(b)
    game = Game(beings, library, Options(level=scenario.level, chance="ask", intoning=scenario.intoning),
                plays=bindings.implemented())
    for spec, b in zip(scenario.beings, beings, strict=True):
        if spec.kind == "encounter":
            encounter.scale(game, b)
        if spec.specialization:
            if spec.specialization not in library:
                raise ReplayError(f"{spec.name}'s Specialization {quoted(spec.specialization)} is not compiled",
                                    spec.where, "Specialization")
            specs.start(game, b, library[spec.specialization])
        for title in spec.artifacts:
            problem = specs.artifact_problem(b, library.get(title), title)
            if problem:
                raise ReplayError(problem, spec.where, "Artifact")
            specs.start(game, b, library[title])
    return game


def _codex_card(library: CardLibrary, spec: BeingSetup, entry: CodexEntry) -> type[SpellCard]:
    where = entry.where or spec.where
    card = library.get(entry.title)
    if card is None or card.kind not in ("spell", "nam-shub"):
        raise ReplayError(f"{spec.name}'s Codex names {quoted(entry.title)}, which is not a compiled spell",
                            where, "Codex", unknown=(entry.title, tuple(
                                t for t, c in library.cards.items() if c.kind in ("spell", "nam-shub"))))
    printed = library.fluencies(entry.title)
    if entry.fluency is None:
        if len(printed) > 1:
            raise ReplayError(f"{quoted(entry.title)} is printed at fluencies {', '.join(map(str, printed))}: "
                                f"say which, e.g. `codex {quoted(entry.title)} fluency {printed[0]}`", where, "Fluency")
        return card
    chosen = library.at(entry.title, entry.fluency)
    if chosen is None:
        raise ReplayError(f"no {quoted(entry.title)} of fluency {entry.fluency} is compiled (it is printed at "
                            f"fluency {', '.join(map(str, printed))})", where, "Fluency")
    return chosen


def replay(scenario: Scenario, library: CardLibrary) -> Replay[Game]:
    return replayed(lambda: _supported(lambda: setup(scenario, library), lambda: scenario.where),
                    lambda: Game([], library, plays=bindings.implemented()), lambda g: g.log,
                    lambda result: _play(scenario, result))


def _supported(run: Callable[[], T], where: Callable[[], Where]) -> T:
    """``run()``, where a rule the engine cannot play yet (Unsupported) is the script's error, said ``where()``:
    at the scenario's head as the match is set up, at the line last taken as it is played."""
    try:
        return run()
    except Unsupported as err:
        raise ReplayError(str(err), where(), "Unsupported") from None


def _play(scenario: Scenario, result: Replay[Game]) -> None:
    """The match played by the script, its state shown as each round ends, and where a `stop` line ends it."""
    game = result.game
    game.hooks.on(ROUND_OVER, lambda g, _: result.snapshots.append(g.snapshot()))
    driver = ScriptDriver(scenario, game, result)
    try:
        _supported(lambda: _played(driver, result), lambda: driver.last)
    except Stopped:
        result.stopped = {**game.snapshot(), "line": driver.last.line}


def _played(driver: ScriptDriver, result: Replay[Game]) -> None:
    match = Match(driver.game)
    play(driver, match, Script(driver.game, match, result, VOCABULARY), list(driver.scenario.rounds))


def play(driver: ScriptDriver, match: Match, played: Script[Game], scripts: list[RoundScript]) -> None:
    """The rounds as scripted, each answered from its lines; the refusals written before a line are checked at
    the decision their answer answers."""
    game, asked = driver.game, 0
    while True:
        if game.round and driver.current is not None and (match.terminal or game.round > driver.current.number):
            driver.finish_round()
            driver.current = None
        if match.terminal:
            break
        if driver.current is None:
            if not scripts:
                break  # the script ends here; the match would go on
            script = scripts.pop(0)
            nxt = game.round if game.phase != "end" and game.round else game.round + 1
            if script.number != nxt:
                raise ReplayError(f"round {nxt} comes next, not round {script.number}", script.where)
            driver.start_round(script)
            driver.apply_modes(match)
            asked = 0
        asked += 1
        if asked > DECISION_LIMIT:
            raise ReplayError(f"round {game.round} asked more than {DECISION_LIMIT} decisions without ending: the "
                              "script or the rules are going round in circles", driver.last, "Round")
        decision = match.decision
        assert decision is not None
        driver.lines.refusals(decision, played)
        choice = driver.answer(decision)
        try:
            match.apply(choice)
        except IllegalAction as err:
            raise ReplayError(err.message, driver.last, err.rule) from err
    if scripts:
        raise ReplayError(f"the match was already over before round {scripts[0].number}", scripts[0].where)


__all__ = ["Cast", "Plain", "Use", "Scenario", "replay"]
