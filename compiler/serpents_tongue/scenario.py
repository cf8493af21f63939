"""Scenario source → :class:`engine.rulesets.serpents_tongue.scenario.Scenario` (its scenario grammar)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler import scenario_lines as lines
from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import parse, span_of, string_value
from spellc.compiler.source import NUMBER_DIGITS, NumberTooLong, SourceFile, number
from spellc.engine.core.decisions import Outcome
from spellc.engine.core.scenario import Expect, Refused, Replay, Stop
from spellc.engine.rulesets import RULESETS
from spellc.engine.rulesets.serpents_tongue import codex as codex_rules
from spellc.engine.rulesets.serpents_tongue import scenario as sc
from spellc.engine.rulesets.serpents_tongue.cards import CardLibrary
from spellc.engine.rulesets.serpents_tongue.rules import Game

# Sane bounds for every number a scenario writes, so that a typo cannot ask for 10^400 of anything.
# The rulebook's own numbers are far inside them: 12 Essence, 20 Discord, a d10, 27 spells a Codex.
ENERGY_LIMIT = 999  # an energy's starting or expected value, an exchange's amounts, an upgrade's cost
COUNTER_LIMIT = 999  # Duration, Durability, Karma counters
ROUND_LIMIT = 999
LEVELS = (1, 2)  # level 1 leaves out the advanced energies (Act I); level 2 plays them all


@v_args(meta=True)
class ToScenario(lines.ScenarioTransformer):
    def __init__(self, source: SourceFile, diags: Diagnostics) -> None:
        super().__init__(source)
        self.diags = diags  # its errors are reported as they are found: a number out of range stops no reading

    def _str(self, tok: Token) -> str:
        return string_value(tok)  # vetted by parse(): escapes, surrogates and length

    def _int(self, tok: Token, low: int, high: int, what: str, rule: str | None = None, quote: str = "") -> int:
        """A number within [low, high]; outside (or too long to read) it is a located error."""
        text = str(tok).lstrip("x")
        try:
            value: int | None = number(text)
        except NumberTooLong:
            value = None
        if value is None or not low <= value <= high:
            shown = str(value) if value is not None else f"a {len(text.lstrip('+-').lstrip('0'))}-digit number"
            notes = ((f"note: rule: {rule}",) if rule else ()) + ((f'note: "{quote}"',) if quote else ())
            self.diags.error("E302", f"{what} must be from {low} to {high}, not {shown}", span_of(self.source, tok),
                             *notes)
            return low
        return value

    def start(self, meta: Meta, c: list[Any]) -> sc.Scenario:
        header, *rounds = c
        title, level, beings, intoning, where = header
        return sc.Scenario(title=title, level=level, beings=tuple(beings), rounds=tuple(rounds), where=where,
                           intoning=intoning)

    def match(self, meta: Meta, c: list[Any]) -> tuple[str, int, list[sc.BeingSetup], bool, sc.Where]:
        title, *settings = c
        level = next((s for s in settings if isinstance(s, int) and not isinstance(s, bool)), 2)
        beings = [s for s in settings if isinstance(s, sc.BeingSetup)]
        intoning = any(s is True for s in settings)
        return self._str(title), level, beings, intoning, self._where(meta)

    def intoning(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def encounter(self, meta: Meta, c: list[Any]) -> sc.BeingSetup:
        name, card, *fields = c
        team = next((f[1] for f in fields if f[0] == "team"), str(name))
        mode = next((f[1] for f in fields if f[0] == "mode"), "standard")
        return sc.BeingSetup(name=str(name), team=team, codex=(), energies=(), where=self._where(meta),
                             kind="encounter", card=self._str(card), mode=mode)

    def mode(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("mode", str(c[0]))

    def specialization(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("specialization", self._str(c[0]))

    def artifact(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("artifact", self._str(c[0]))

    def level(self, meta: Meta, c: list[Token]) -> int:
        return self._int(c[0], LEVELS[0], LEVELS[-1], "the level")

    def magi(self, meta: Meta, c: list[Any]) -> sc.BeingSetup:
        name, *fields = c
        energies = tuple(f for f in fields
                         if isinstance(f, tuple) and f[0] not in ("team", "specialization", "artifact"))
        team = next((f[1] for f in fields if isinstance(f, tuple) and f[0] == "team"), str(name))
        spec = next((f[1] for f in fields if isinstance(f, tuple) and f[0] == "specialization"), None)
        codex = tuple(t for f in fields if isinstance(f, list) for t in f)
        codex_where = next((t.where for t in codex), None)
        artifacts = tuple(f[1] for f in fields if isinstance(f, tuple) and f[0] == "artifact")
        return sc.BeingSetup(name=str(name), team=team, codex=codex, energies=energies, where=self._where(meta),
                             specialization=spec, artifacts=artifacts, codex_where=codex_where)

    def essence(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("essence", self._int(c[0], 1, ENERGY_LIMIT, "starting Essence"))

    def resonance(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("resonance", self._int(c[0], 0, ENERGY_LIMIT, "starting Resonance"))

    def harmony(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("harmony", self._int(c[0], -ENERGY_LIMIT, ENERGY_LIMIT, "starting Harmony"))

    def will(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("will", self._int(c[0], 0, ENERGY_LIMIT, "starting Will"))

    def voice(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("voice", self._int(c[0], 0, ENERGY_LIMIT, "starting Voice"))

    def team(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("team", str(c[0]))

    def codex(self, meta: Meta, c: list[list[sc.CodexEntry]]) -> list[sc.CodexEntry]:
        return [t for item in c for t in item]

    def card_item(self, meta: Meta, c: list[Any]) -> list[sc.CodexEntry]:
        # "Only 3 spells of the same title may be included": more copies are refused here, before
        # a list of 99999999 titles is built.
        copies = (self._int(c[2], 1, codex_rules.MAX_PER_TITLE, f"copies of {self._str(c[0])!r}", "Codex",
                            codex_rules.RULE_PER_TITLE)
                  if c[2] is not None else 1)
        fluency = self._int(c[1], 1, 4, "a fluency", "Fluency") if c[1] is not None else None
        return [sc.CodexEntry(self._str(c[0]), fluency, self._where(meta))] * copies

    def round(self, meta: Meta, c: list[Any]) -> sc.RoundScript:
        turn, *items = c
        end = sc.Where(self.source.path, meta.end_line, meta.end_column - 1, meta.end_column)
        return sc.RoundScript(number=self._int(turn, 1, ROUND_LIMIT, "a round number"), items=tuple(lines.flat(items)),
                              where=self._where(meta), end=end)

    def dice(self, meta: Meta, c: list[Token]) -> sc.DiceItem:
        # "0 reads as 10" on a ten-sided die.
        values = tuple(self._int(v, 1, 10, "a ten-sided die", "Dice") for v in c)
        return sc.DiceItem(values=values, where=self._where(meta))

    def goes_first(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return sc.ChoiceItem(being=str(c[0]), kind="first", value=str(c[0]), where=self._where(meta))

    def reattune(self, meta: Meta, c: list[Token]) -> sc.PrepareItem:
        return sc.PrepareItem(being=str(c[0]), reattune=tuple(self._str(t) for t in c[1:]), where=self._where(meta))

    def prepare(self, meta: Meta, c: list[Token]) -> sc.PrepareItem:
        return sc.PrepareItem(being=str(c[0]), prepare=tuple(self._str(t) for t in c[1:]), where=self._where(meta))

    def _action(self, meta: Meta, being: Token, action: Any) -> sc.ActionItem:
        return sc.ActionItem(being=str(being), action=action, where=self._where(meta))

    def refused(self, meta: Meta, c: list[Any]) -> list[Refused]:
        """`refused` and an answer line: each answer it gives (a title of a `prepares` line each), as written, that
        the rules must refuse at the next question of its Magi that it answers."""
        item, rule = c
        said = self.source.line(item.where.line)[item.where.column - 1:item.where.end_column - 1]
        if isinstance(item, sc.ActionItem):
            answers = [("action", item.action.label())]
        elif isinstance(item, sc.PrepareItem):
            answers = [("re-attune", f'"{t}"') for t in item.reattune] + [("prepare", f'"{t}"') for t in item.prepare]
        else:  # `chooses` names its answer; `accepts` and `declines` say yes or no
            answers = [(item.kind, {"accept": "yes", "decline": "no"}.get(item.kind, item.value))]
        return [Refused(who=item.being, label=label, rule=self._str(rule) if rule is not None else None, said=said,
                        asked=asked, where=self._where(meta)) for asked, label in answers]

    def meditate(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("meditate"))

    def pass_(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("pass"))

    def at(self, meta: Meta, c: list[Any]) -> tuple[str, str | None, bool]:
        """(target, the bearer it is "of", whether the target is a being's or team's name)."""
        first = c[0]
        if first.type == "STRING":
            return self._str(first), (str(c[1]) if len(c) > 1 and c[1] is not None else None), False
        return str(first), None, True

    def discarding(self, meta: Meta, c: list[Token]) -> tuple[str, ...]:
        return (self._str(c[0]),)

    def more_discard(self, meta: Meta, c: list[Token]) -> tuple[str, str, Meta]:
        return ("discard", self._str(c[0]), meta)

    def cast(self, meta: Meta, c: list[Any]) -> sc.ActionItem:
        being, title, at, discards, *options = c
        target, of, is_name = at if at else (None, None, False)
        discards = list(discards or ())
        for i, option in enumerate(options):
            if option[0] != "discard":
                continue
            if not discards or any(o[0] != "discard" for o in options[:i]):
                # A title after the options, or with no `discarding` before it, answers nothing.
                self.diags.error("E305", f"{option[1]!r} here is no discard: titles to discard follow "
                                 "`discarding`, before the options", lines.span(self.source, self._where(option[2])),
                                 f'help: write `casts "X" discarding "A", "{option[1]}", intoning`')
            discards.append(option[1])
        speak = next((o[1] for o in options if o[0] == "speak"), "silent")
        upgrade = next((o[1] for o in options if o[0] == "upgrade"), None)
        tiers = next((o[1] for o in options if o[0] == "ritual"), None)
        return self._action(meta, being, sc.Cast(self._str(title), target, of, tuple(discards), speak=speak,
                                                 upgrade=upgrade, tiers=tiers, target_is_name=is_name))

    def buying_option(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        """`buying 2 tiers for 1 Will and 2 Harmony`: the ritual path's choice (the cost may be left out)."""
        tiers = self._int(c[0], 0, 4, "ritual tiers", "Ritual Path")
        paid = [p for p in c[2:] if p is not None]
        label = f"{tiers} tier{'s' * (tiers != 1)}" if tiers else "no tiers"
        return ("ritual", label + (" for " + " and ".join(paid) if paid else ""))

    def paid(self, meta: Meta, c: list[Token]) -> str:
        return f"{self._int(c[0], 0, ENERGY_LIMIT, 'a ritual cost', 'Ritual Path')} {c[1]}"

    def advance(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain(f'advance "{self._str(c[1])}" in the Rite zone'))

    def dismiss(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain(f'dismiss "{self._str(c[1])}"'))

    def intoning_option(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return ("speak", "intone")

    def miscasting_option(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return ("speak", "miscast")

    def upgrading_option(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("upgrade", f"{self._int(c[0], 0, ENERGY_LIMIT, 'an upgrade cost')} {c[1]}")

    def draw(self, meta: Meta, c: list[Token]) -> sc.DrawItem:
        return sc.DrawItem(values=tuple(str(t) for t in c), where=self._where(meta))

    def enter_mode(self, meta: Meta, c: list[Token]) -> sc.ModeItem:
        return sc.ModeItem(being=str(c[0]), mode=str(c[1]), where=self._where(meta))

    def exchange(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        being, give, give_energy, get, get_energy = c
        amounts = [self._int(n, 0, ENERGY_LIMIT, "an exchanged amount", "Energy Exchange") for n in (give, get)]
        return self._action(meta, being, sc.Plain(f"exchange {amounts[0]} {give_energy} for {amounts[1]} {get_energy}"))

    def unlock(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        being, spec, tier = c
        return self._action(meta, being, sc.Plain(f'upgrade "{self._str(spec)}" {tier}'))

    def shed(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("shed interrupt stone"))

    def use(self, meta: Meta, c: list[Any]) -> sc.ActionItem:
        being, ability, spell, at = c
        return self._action(meta, being, sc.Use(self._str(spell), self._str(ability), at[0] if at else None,
                                                     target_is_name=bool(at and at[2])))

    def _choice(self, meta: Meta, c: list[Token], kind: str) -> sc.ChoiceItem:
        return sc.ChoiceItem(being=str(c[0]), kind=kind, value=self._str(c[1]), where=self._where(meta))

    def accept(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "accept")

    def decline(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "decline")

    def choose(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "choose")

    def expect_no_card(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, str]]:
        return ("no card", (str(c[0]), self._str(c[1])))

    def expect_stones(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("interrupt stones", self._int(c[1], 0, 2, "interrupt stones", "Interrupt Stone"))

    def dormant(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("dormant", 1)

    def stop(self, meta: Meta, c: list[Token]) -> Stop:
        return Stop(where=self._where(meta))

    def expect_draw(self, meta: Meta, c: list[Token]) -> list[Expect]:
        return [Expect(who=None, what="draw", where=self._where(meta))]

    def expect_initiative(self, meta: Meta, c: list[Token]) -> list[Expect]:
        return [Expect(who=None, what="initiative", value=tuple(str(t) for t in c), where=self._where(meta))]

    def expect_energy(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return (str(c[0]), self._int(c[1], -ENERGY_LIMIT, ENERGY_LIMIT, f"an expected {c[0]}"))

    def expect_card(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[str, str, tuple[tuple[str, int], ...]]]:
        zone, title, *counters = c
        return ("card", (str(zone), self._str(title), tuple(x for x in counters if x is not None)))

    def counter(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return (str(c[0]), self._int(c[1], 0, COUNTER_LIMIT, f"an expected {c[0]} count"))


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    tree = parse(source, diags, (RULESETS["serpents_tongue"].scenario_grammar,), max_number=10**NUMBER_DIGITS - 1)
    if tree is None:
        return None
    errors = len(diags.items)
    result: sc.Scenario = ToScenario(source, diags).transform(tree)
    if not any(d.severity == "error" for d in diags.items[errors:]):
        check_names(result, source, diags)
    if any(d.severity == "error" for d in diags.items[errors:]):
        return None
    return result


NAMES = lines.Names(being="being", twice="E304", unknown="E303")


def check_names(scenario: sc.Scenario, source: SourceFile, diags: Diagnostics) -> None:
    """Every being a line names is one the match sets up, and each is set up once (did-you-mean otherwise)."""
    beings = lines.check_names(NAMES, [(b.name, b.team, b.where) for b in scenario.beings], (), (), source, diags)
    teams = {b.team for b in scenario.beings}

    def known(name: str | None, where: sc.Where, *, or_team: bool = False) -> None:
        if name is not None:
            lines.known(NAMES, name, beings, where, source, diags, also=teams if or_team else (),
                        what="being or team" if or_team else None)

    for round_number, script in enumerate(scenario.rounds, 1):
        for i, item in enumerate(script.items):
            if isinstance(item, Stop) and (round_number < len(scenario.rounds) or i < len(script.items) - 1):
                diags.error("E306", "`stop` ends the script: it must be its last line (what follows would never "
                            "be played or checked)", lines.span(source, item.where))
            if isinstance(item, Expect) and item.what == "winner":
                known(item.value, item.where, or_team=True)
            elif isinstance(item, Expect) and item.what == "initiative":
                for name in item.value:
                    known(name, item.where)
            elif isinstance(item, Expect | Refused):
                known(item.who, item.where)
            elif isinstance(item, sc.ActionItem | sc.PrepareItem | sc.ChoiceItem | sc.ModeItem):
                known(item.being, item.where)
                action = getattr(item, "action", None)
                if isinstance(action, sc.Cast) and action.target_of is not None:
                    known(action.target_of, item.where)
                if isinstance(action, sc.Cast | sc.Use) and action.target is not None and action.target_is_name:
                    known(action.target, item.where, or_team=True)


def card_titles(scenario: sc.Scenario) -> Iterator[tuple[str, sc.Where]]:
    """The cards the script names: each Codex's spells, each Specialization, Artifact and Encounter, and each
    spell an action casts or uses."""
    for b in scenario.beings:
        yield from ((entry.title, entry.where or b.where) for entry in b.codex)
        yield from ((title, b.where) for title in (b.specialization, *b.artifacts, b.card) if title is not None)
    for item in (item for script in scenario.rounds for item in script.items):
        action = getattr(item, "action", None)
        if isinstance(action, sc.Cast | sc.Use):
            yield action.title if isinstance(action, sc.Cast) else action.spell, item.where
        elif isinstance(item, Refused) and item.label.startswith(('cast "', 'use "')):
            yield item.label.split('"')[-2], item.where  # `cast "Title"`, `use "Ability" of "Title"`


def scenario_diagnostics(source: SourceFile, cards: CardLibrary | None = None) -> Diagnostics:
    """What is wrong with a scenario as written; with ``cards`` (the project's compiled cards), the card titles it
    names that are none of them too."""
    return lines.diagnostics(source, parse_scenario, card_titles, None if cards is None else cards.cards, "card")


# ---------------------------------------------------------------- the summary `spellc play` prints
def summary(result: Replay[Game]) -> str:
    """Each round's end: every being's energies and zones; then the outcome."""
    # An Encounter that lacks an energy has none to show (it "is always considered to be zero").
    energies = ("essence", "resonance") if result.game.level1 else ("essence", "resonance", "harmony", "will")
    shown = [(f"End of round {snap['round']}:", snap) for snap in result.snapshots]
    if result.stopped is not None:
        shown.append((f"Round {result.stopped['round']}, where the script stops (line {result.stopped['line']}):",
                       result.stopped))

    def being(b: dict[str, Any]) -> str:
        zones = "; ".join(f"{zone}: " + ", ".join(_card(c) for c in cards) for zone, cards in b["zones"].items()
                          if cards)
        return ", ".join(f"{b[e]} {e.capitalize()}" for e in energies if e in b) + (f"  [{zones}]" if zones else "")

    return lines.summary(result, shown, "beings", being, _outcome)


def _card(c: dict[str, Any]) -> str:
    extra = ", ".join(f"{k} {v}" for k, v in c["counters"].items())
    return f"{c['title']}" + (f" ({extra})" if extra else "")


def _outcome(outcome: Outcome) -> str:
    return (f"{'draw' if outcome.draw else f'{outcome.winner} wins'}"
            f" ({', '.join(outcome.incapacitated) or 'nobody'} incapacitated)")
