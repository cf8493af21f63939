"""Scripted matches: a scenario's beings, Codexes, dice, actions and choices, replayed through the
game-state protocol (:class:`engine.match.Match`).

The match stops at each decision; :class:`ScriptDriver` answers it from the script — a die from a
`dice` line, an action from the next action line of the being whose turn it is, a choice from a
`chooses`/`accepts` line — and picks a *legal* choice by its label. When the script and the rules
disagree the replay stops with a located error naming the rule (a spell not prepared, a cost that
cannot be paid, a line out of place), and lists what was legal.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from engine import casting, codex, specs
from engine.cards import CardLibrary, Energy, SpellCard
from engine.decisions import Choice, Decision
from engine.errors import EngineError, IllegalAction, Unsupported
from engine.match import Match
from engine.rules import Game, Options
from engine.state import Being, Card, Zone


@dataclass(frozen=True, slots=True)
class Where:
    path: str
    line: int
    column: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


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


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectItem(Item):
    being: str
    energies: tuple[tuple[str, int], ...] = ()
    cards: tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...] = ()  # zone, title, counters
    incapacitated: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ExpectWinner(Item):
    winner: str | None


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
    items: tuple[Item, ...]
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


class ScenarioError(EngineError):
    def __init__(self, message: str, where: Where, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.rule = rule


# A round that asks this many decisions is looping (a script line answered over and over, or rules that
# never end the round): the replay stops there with a diagnostic instead of running on. The two
# walkthroughs ask 82 and 57 decisions in all.
DECISION_LIMIT = 2_000

# Decisions a script may leave unsaid: the rules take this default when no line answers them.
DEFAULTS = {"speak": "silent", "upgrade": "no upgrade", "ritual": "no tiers"}


class ScriptDriver:
    """Answers a match's decisions from the script, round by round."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.current: RoundScript | None = None
        self.queue: deque[Item] = deque()
        self.dice: deque[tuple[int, Where]] = deque()
        self.draws: deque[tuple[str, Where]] = deque()
        self.sub: dict[str, deque[str]] = {}  # answers still owed by the current action line
        self.prep: dict[tuple[str, str], deque[str]] = {}
        self.last: Where = scenario.where

    # ---- moving through the script
    def start_round(self, script: RoundScript) -> None:
        self.current = script
        self.queue = deque(script.items)
        self.prep = {}
        self.sub = {}
        self.last = script.where

    def finish_round(self, game: Game) -> None:
        """Every line of the round must have been used; then the round's expectations are checked."""
        assert self.current is not None
        for item in list(self.queue):
            if not isinstance(item, ExpectItem | ExpectWinner):
                raise ScenarioError(_unused(item), item.where, "Turn")
        for lists in self.prep.values():
            if lists:
                raise ScenarioError(f"{lists[0]!r} was not prepared or re-attuned", self.current.where,
                                    "Spell Preparation")
        if self.dice:
            raise ScenarioError("more dice than the round needed", self.dice[0][1], "Resonance Roll")
        if self.draws:
            raise ScenarioError("more draws than the round needed", self.draws[0][1], "Draw Bag")
        for item in self.current.items:
            if isinstance(item, ExpectItem):
                check_expectation(game, item)
            elif isinstance(item, ExpectWinner):
                winner = game.outcome.winner if game.outcome else None
                if winner != item.winner:
                    raise ScenarioError(f"expected winner {item.winner or 'none'}, got {winner or 'none'}",
                                        item.where)

    def apply_modes(self, game: Game) -> None:
        """An Encounter's change of mode takes effect at the top of the round that names it."""
        from engine import encounter

        for item in [i for i in self.queue if isinstance(i, ModeItem)]:
            b = game.being(item.being)
            if b.encounter is None:
                raise ScenarioError(f"{b.name} is not an Encounter: only Encounters have modes", item.where,
                                    "Encounter")
            encounter.set_mode(game, b, item.mode)
            self._take(item)

    def _peek(self) -> Item | None:
        for item in self.queue:
            if not isinstance(item, ExpectItem | ExpectWinner):
                return item
        return None

    def _take(self, item: Item) -> None:
        self.queue.remove(item)
        self.last = item.where

    def _end(self) -> Where:
        assert self.current is not None
        return self.current.end

    # ---- answering
    def answer(self, game: Game, d: Decision) -> Choice:
        handler = getattr(self, "on_" + d.kind.replace(" ", "_").replace("-", "_"), None)
        if handler is not None:
            choice: Choice = handler(game, d)
            return choice
        return self.on_choice(game, d)

    def pick(self, d: Decision, label: str, where: Where, rule: str | None = None, why: str = "") -> Choice:
        found = d.find(label)
        if found is None:
            legal = ", ".join(c.label for c in d.options)
            raise ScenarioError(why or f"{label} is not a legal choice for {d.prompt!r}; legal: {legal}",
                                where, rule or d.kind)
        return found

    def on_die(self, game: Game, d: Decision) -> Choice:
        if not self.dice:
            item = self._peek()
            if not isinstance(item, DiceItem):
                where = item.where if item else self._end()
                raise ScenarioError(f"the rules need a die here ({d.prompt}), not this line", where, "Dice")
            self._take(item)
            for v in item.values:
                if not 1 <= v <= 10:
                    raise ScenarioError(f"a ten-sided die shows 1 to 10 (0 reads as 10), not {v}", item.where)
                self.dice.append((v, item.where))
        value, where = self.dice.popleft()
        return self.pick(d, str(value), where)

    def on_draw(self, game: Game, d: Decision) -> Choice:
        if not self.draws:
            item = self._peek()
            if not isinstance(item, DrawItem):
                where = item.where if item else self._end()
                raise ScenarioError(f"the rules draw from a bag here ({d.prompt}), not this line", where, "Draw Bag")
            self._take(item)
            self.draws.extend((v, item.where) for v in item.values)
        value, where = self.draws.popleft()
        return self.pick(d, value, where)

    def on_action(self, game: Game, d: Decision) -> Choice:
        item = self._peek()
        if isinstance(item, ActionItem) and item.being == d.being:
            self._take(item)
            self._owe(item.action)
            label = item.action.label()
            if d.find(label) is None:
                raise ScenarioError(self._why(game, d, item.action), item.where, self._rule(game, d, item.action))
            return self.pick(d, label, item.where)
        return self.pick(d, "pass", self.last)

    def on_respond(self, game: Game, d: Decision) -> Choice:
        item = self._peek()
        if isinstance(item, ActionItem) and item.being == d.being and isinstance(item.action, Cast):
            being = game.being(item.being)
            card = _find_card(being, item.action.title)
            if card is not None and card.spec.has("Response"):
                self._take(item)
                self._owe(item.action)
                if d.find(item.action.label()) is None:
                    raise ScenarioError(self._why(game, d, item.action, in_window=True), item.where,
                                        self._rule(game, d, item.action, in_window=True))
                return self.pick(d, item.action.label(), item.where)
        return self.pick(d, "pass", self.last)

    def _owe(self, action: ScriptAction) -> None:
        self.sub = {}
        if isinstance(action, Cast):
            if action.target:
                want = f'"{action.target}" of {action.target_of}' if action.target_of else action.target
                self.sub["target"] = deque([want])
            self.sub["discard"] = deque(f'"{t}"' for t in action.discards)
            self.sub["speak"] = deque([action.speak])
            if action.upgrade:
                self.sub["upgrade"] = deque([action.upgrade])
            if action.tiers:
                self.sub["ritual"] = deque([action.tiers])
            if action.mode:
                self.sub["mode"] = deque([action.mode])
        elif isinstance(action, Use) and action.target:
            self.sub["target"] = deque([action.target])

    def on_target(self, game: Game, d: Decision) -> Choice:
        owed = self.sub.get("target")
        if owed:
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
        return self.on_choice(game, d)

    def on_prepare(self, game: Game, d: Decision) -> Choice:
        return self._preparation(game, d, "prepare")

    def on_re_attune(self, game: Game, d: Decision) -> Choice:
        return self._preparation(game, d, "reattune")

    def _preparation(self, game: Game, d: Decision, what: str) -> Choice:
        assert d.being is not None
        key = (d.being, what)
        if key not in self.prep:
            titles: deque[str] = deque()
            for item in list(self.queue):
                if isinstance(item, PrepareItem) and item.being == d.being and getattr(item, what):
                    self._take(item)
                    titles.extend(getattr(item, what))
            self.prep[key] = titles
        titles = self.prep[key]
        if not titles:
            return self.pick(d, "done", self.last)
        title = titles.popleft()
        rule = "Re-Attune" if what == "reattune" else "Spell Preparation"
        if d.find(f'"{title}"') is None:
            being = game.being(d.being)
            where = "discard pile" if what == "reattune" else "Codex"
            raise ScenarioError(f"{d.being} cannot {'re-attune' if what == 'reattune' else 'prepare'} {title!r}: "
                                + (f"it is not in {being.name}'s {where}" if not _in(being, title, what)
                                   else "the rules do not allow it now (limit or cost)"), self.last, rule)
        return self.pick(d, f'"{title}"', self.last)

    def on_resolve_order(self, game: Game, d: Decision) -> Choice:
        item = self._peek()
        if isinstance(item, ChoiceItem) and item.being == d.being and d.find(f'"{item.value}"'):
            self._take(item)
            return self.pick(d, f'"{item.value}"', item.where)
        return d.options[0]  # zone order, unless the script says otherwise

    def on_sustain(self, game: Game, d: Decision) -> Choice:
        item = self._peek()
        if isinstance(item, ChoiceItem) and item.being == d.being and item.value == d.card:
            self._take(item)
            return d.options[0] if item.kind == "accept" else d.options[-1]
        return d.options[0]  # sustain unless the script declines

    def on_choice(self, game: Game, d: Decision) -> Choice:
        owed = self.sub.get(d.kind)
        if owed:
            return self.pick(d, owed.popleft(), self.last)
        if d.kind in DEFAULTS:
            return self.pick(d, DEFAULTS[d.kind], self.last)
        item = self._peek()
        if not isinstance(item, ChoiceItem) or item.being != d.being:
            where = item.where if item else self._end()
            raise ScenarioError(f"the rules ask {d.being}: {d.prompt} — "
                                + ("this line does not answer it" if item else "the script has no more lines")
                                + "; legal: " + ", ".join(c.label for c in d.options), where, "Choices")
        self._take(item)
        if d.kind == "optional":
            if item.kind not in ("accept", "decline") or (d.card and item.value != d.card):
                raise ScenarioError(f"expected `{d.being} accepts|declines \"{d.card}\"`: {d.prompt}", item.where,
                                    "Choices")
            return self.pick(d, "yes" if item.kind == "accept" else "no", item.where)
        for label in (item.value, f'"{item.value}"'):
            if d.find(label) is not None:
                return self.pick(d, label, item.where)
        return self.pick(d, item.value, item.where, "Choices",
                         f"{item.value!r} is not one of the choices: " + ", ".join(c.label for c in d.options))

    # ---- explaining a refusal
    def _why(self, game: Game, d: Decision, action: ScriptAction, in_window: bool = False) -> str:
        being = game.being(str(d.being))
        if isinstance(action, Cast):
            card = _find_card(being, action.title)
            if action.title not in game.library:
                return f"{being.name} cannot cast {action.title!r}: there is no such spell"
            if card is None or card.place.value not in ("prepared", "codex"):
                return f"{being.name} cannot cast {action.title!r}: it is not prepared"
            reason = casting.why_not(game, being, card, in_window)
            if reason:
                return f"{being.name} cannot cast {action.title!r}: {reason.split(': ', 1)[1]}"
        legal = ", ".join(c.label for c in d.options)
        return f"{being.name} cannot {action.label()} now; legal: {legal}"

    def _rule(self, game: Game, d: Decision, action: ScriptAction, in_window: bool = False) -> str:
        being = game.being(str(d.being))
        if isinstance(action, Cast):
            card = _find_card(being, action.title)
            if card is None or card.place.value not in ("prepared", "codex"):
                return "Spell Preparation"
            reason = casting.why_not(game, being, card, in_window)
            if reason:
                return reason.split(":", 1)[0]
        return "Action"


def _find_card(being: Being, title: str) -> Card | None:
    for pile in (being.prepared, being.codex):
        for c in pile:
            if c.title == title:
                return c
    return None


def _in(being: Being, title: str, what: str) -> bool:
    pile = being.discard if what == "reattune" else being.codex
    return any(c.title == title for c in pile)


def _unused(item: Item) -> str:
    if isinstance(item, ActionItem):
        return f"{item.being} cannot act here: it is not {item.being}'s turn, or the round has ended"
    if isinstance(item, DiceItem):
        return "the rules needed no more dice this round"
    return "this line was not used by the round"


def check_expectation(game: Game, item: ExpectItem) -> None:
    b = game.being(item.being)
    for energy, value in item.energies:
        got = b.energy(Energy(energy.capitalize()))
        if got != value:
            raise ScenarioError(f"expected {b.name} to have {value} {energy}, got {got}", item.where)
    for zone, title, counters in item.cards:
        cards = [c for c in b.zones[Zone(zone)] if c.title == title]
        if not cards:
            raise ScenarioError(f"expected {title!r} in {b.name}'s {zone} zone; it holds: "
                                + (", ".join(c.title for c in b.zones[Zone(zone)]) or "nothing"), item.where)
        for name, value in counters:
            got = cards[0].counters.get(name, 0)
            if got != value:
                raise ScenarioError(f"expected {title!r} to have {value} {name}, got {got}", item.where)
    if item.incapacitated and not b.incapacitated:
        raise ScenarioError(f"expected {b.name} to be incapacitated", item.where)


@dataclass
class Replay:
    game: Game
    error: ScenarioError | None = None
    log: list[str] = field(default_factory=list)

    def json(self) -> dict[str, Any]:
        outcome = self.game.outcome
        return {
            "rounds": self.game.snapshots,
            "outcome": {
                "winner": outcome.winner if outcome else None,
                "incapacitated": [b.name for b in self.game.beings if b.incapacitated],
            },
        }


def setup(scenario: Scenario, library: CardLibrary) -> Game:
    from engine import encounter

    beings = []
    for spec in scenario.beings:
        if spec.kind == "encounter":
            if spec.card not in library or library[str(spec.card)].kind != "encounter":
                raise ScenarioError(f"{spec.card!r} is not a compiled Encounter", spec.where, "Encounter")
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
        for refused, quote in codex.refusals(cards):
            raise ScenarioError(f"{spec.name}'s Codex is not legal: {refused} (\"{quote}\")",
                                spec.codex_where or spec.where, "Codex")
        b.codex.extend(Card(spec=card, owner=b) for card in cards)
        beings.append(b)
    game = Game(beings, library, Options(level=scenario.level, chance="ask", intoning=scenario.intoning))
    for spec, b in zip(scenario.beings, beings, strict=True):
        if spec.kind == "encounter":
            encounter.scale(game, b)
        if spec.specialization:
            if spec.specialization not in library:
                raise ScenarioError(f"{spec.name}'s Specialization {spec.specialization!r} is not compiled",
                                    spec.where, "Specialization")
            specs.start(game, b, library[spec.specialization])
        for title in spec.artifacts:
            problem = specs.artifact_problem(b, library.get(title), title)
            if problem:
                raise ScenarioError(problem, spec.where, "Artifact")
            specs.start(game, b, library[title])
    return game


def _codex_card(library: CardLibrary, spec: BeingSetup, entry: CodexEntry) -> type[SpellCard]:
    where = entry.where or spec.where
    card = library.get(entry.title)
    if card is None or card.kind not in ("spell", "nam-shub"):
        raise ScenarioError(f"{spec.name}'s Codex names {entry.title!r}, which is not a compiled spell",
                            where, "Codex")
    if entry.fluency is not None and card.fluency != entry.fluency:
        raise ScenarioError(f"no {entry.title!r} of fluency {entry.fluency} is compiled (there is one of "
                            f"fluency {card.fluency})", where, "Fluency")
    return card


def replay(scenario: Scenario, library: CardLibrary) -> Replay:
    driver = ScriptDriver(scenario)
    result = Replay(Game([], library))
    try:
        game = setup(scenario, library)
        result.game = game
        match = Match(game)
        scripts = list(scenario.rounds)
        asked = 0
        while True:
            if game.round and driver.current is not None and (match.terminal or game.round > driver.current.number):
                driver.finish_round(game)
                driver.current = None
            if match.terminal:
                break
            if driver.current is None:
                if not scripts:
                    break  # the script ends here; the match would go on
                script = scripts.pop(0)
                nxt = game.round if game.phase != "end" and game.round else game.round + 1
                if script.number != nxt:
                    raise ScenarioError(f"round {nxt} comes next, not round {script.number}", script.where)
                driver.start_round(script)
                driver.apply_modes(game)
                asked = 0
            asked += 1
            if asked > DECISION_LIMIT:
                raise ScenarioError(f"round {game.round} asked more than {DECISION_LIMIT} decisions "
                                    "without ending: the script or the rules are going round in circles",
                                    driver.last, "Round")
            decision = match.decision
            assert decision is not None
            choice = driver.answer(game, decision)
            try:
                match.apply(choice)
            except (IllegalAction, Unsupported) as err:
                raise ScenarioError(getattr(err, "message", str(err)), driver.last, getattr(err, "rule", None)) \
                    from err
        if scripts:
            raise ScenarioError(f"the match was already over before round {scripts[0].number}", scripts[0].where)
    except ScenarioError as err:
        result.error = err
    except Unsupported as err:
        result.error = ScenarioError(str(err), driver.last, "Unsupported")
    return result


__all__ = ["Cast", "Plain", "Use", "Scenario", "replay"]
