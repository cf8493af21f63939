"""Scenario source → :class:`engine.scenario.Scenario` (parsed with grammar/scenario.lark)."""

from __future__ import annotations

import ast as pyast
from typing import Any

from lark import Token, Transformer, v_args
from lark.tree import Meta

from compiler.diagnostics import Diagnostics
from compiler.parse import parse
from compiler.source import SourceFile
from engine import scenario as sc


def _str(tok: Token) -> str:
    value: str = pyast.literal_eval(str(tok))
    return value


@v_args(meta=True)
class ToScenario(Transformer[Token, Any]):
    def __init__(self, source: SourceFile) -> None:
        super().__init__()
        self.source = source

    def _where(self, meta: Meta) -> sc.Where:
        end = meta.end_column if meta.end_line == meta.line else meta.column + 1
        return sc.Where(self.source.path, meta.line, meta.column, end)

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
        return _str(title), level, beings, intoning, self._where(meta)

    def intoning(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def encounter(self, meta: Meta, c: list[Any]) -> sc.BeingSetup:
        name, card, *fields = c
        team = next((f[1] for f in fields if f[0] == "team"), str(name))
        mode = next((f[1] for f in fields if f[0] == "mode"), "standard")
        return sc.BeingSetup(name=str(name), team=team, codex=(), energies=(), where=self._where(meta),
                             kind="encounter", card=_str(card), mode=mode)

    def mode(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("mode", str(c[0]))

    def specialization(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("specialization", _str(c[0]))

    def artifact(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("artifact", _str(c[0]))

    def level(self, meta: Meta, c: list[Token]) -> int:
        return int(c[0])

    def magi(self, meta: Meta, c: list[Any]) -> sc.BeingSetup:
        name, *fields = c
        energies = tuple(f for f in fields
                         if isinstance(f, tuple) and f[0] not in ("team", "specialization", "artifact"))
        team = next((f[1] for f in fields if isinstance(f, tuple) and f[0] == "team"), str(name))
        spec = next((f[1] for f in fields if isinstance(f, tuple) and f[0] == "specialization"), None)
        codex = tuple(t for f in fields if isinstance(f, list) for t in f)
        artifacts = tuple(f[1] for f in fields if isinstance(f, tuple) and f[0] == "artifact")
        return sc.BeingSetup(name=str(name), team=team, codex=codex, energies=energies, where=self._where(meta),
                             specialization=spec, artifacts=artifacts)

    def essence(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("essence", int(c[0]))

    def resonance(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("resonance", int(c[0]))

    def harmony(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("harmony", int(c[0]))

    def will(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return ("will", int(c[0]))

    def team(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("team", str(c[0]))

    def codex(self, meta: Meta, c: list[list[str]]) -> list[str]:
        return [t for item in c for t in item]

    def card_item(self, meta: Meta, c: list[Any]) -> list[str]:
        copies = int(str(c[1])[1:]) if c[1] is not None else 1
        return [_str(c[0])] * copies

    def round(self, meta: Meta, c: list[Any]) -> sc.RoundScript:
        number, *items = c
        end = sc.Where(self.source.path, meta.end_line, meta.end_column - 1, meta.end_column)
        return sc.RoundScript(number=int(number), items=tuple(items), where=self._where(meta), end=end)

    def dice(self, meta: Meta, c: list[Token]) -> sc.DiceItem:
        return sc.DiceItem(values=tuple(int(v) for v in c), where=self._where(meta))

    def goes_first(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return sc.ChoiceItem(being=str(c[0]), kind="first", value=str(c[0]), where=self._where(meta))

    def reattune(self, meta: Meta, c: list[Token]) -> sc.PrepareItem:
        return sc.PrepareItem(being=str(c[0]), reattune=tuple(_str(t) for t in c[1:]), where=self._where(meta))

    def prepare(self, meta: Meta, c: list[Token]) -> sc.PrepareItem:
        return sc.PrepareItem(being=str(c[0]), prepare=tuple(_str(t) for t in c[1:]), where=self._where(meta))

    def _action(self, meta: Meta, being: Token, action: Any) -> sc.ActionItem:
        return sc.ActionItem(being=str(being), action=action, where=self._where(meta))

    def meditate(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("meditate"))

    def pass_(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("pass"))

    def at(self, meta: Meta, c: list[Any]) -> tuple[str, str | None]:
        first = c[0]
        if first.type == "STRING":
            return _str(first), (str(c[1]) if len(c) > 1 and c[1] is not None else None)
        return str(first), None

    def discarding(self, meta: Meta, c: list[Token]) -> tuple[str, ...]:
        return tuple(_str(t) for t in c)

    def cast(self, meta: Meta, c: list[Any]) -> sc.ActionItem:
        being, title, at, discards, *options = c
        target, of = at if at else (None, None)
        speak = next((o[1] for o in options if o[0] == "speak"), "silent")
        upgrade = next((o[1] for o in options if o[0] == "upgrade"), None)
        return self._action(meta, being, sc.Cast(_str(title), target, of, discards or (), speak=speak,
                                                 upgrade=upgrade))

    def intoning_option(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return ("speak", "intone")

    def miscasting_option(self, meta: Meta, c: list[Any]) -> tuple[str, str]:
        return ("speak", "miscast")

    def upgrading_option(self, meta: Meta, c: list[Token]) -> tuple[str, str]:
        return ("upgrade", f"{int(c[0])} {c[1]}")

    def draw(self, meta: Meta, c: list[Token]) -> sc.DrawItem:
        return sc.DrawItem(values=tuple(str(t) for t in c), where=self._where(meta))

    def enter_mode(self, meta: Meta, c: list[Token]) -> sc.ModeItem:
        return sc.ModeItem(being=str(c[0]), mode=str(c[1]), where=self._where(meta))

    def exchange(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        being, give, give_energy, get, get_energy = c
        return self._action(meta, being, sc.Plain(f"exchange {int(give)} {give_energy} for {int(get)} {get_energy}"))

    def unlock(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        being, spec, tier = c
        return self._action(meta, being, sc.Plain(f'upgrade "{_str(spec)}" {tier}'))

    def shed(self, meta: Meta, c: list[Token]) -> sc.ActionItem:
        return self._action(meta, c[0], sc.Plain("shed interrupt stone"))

    def use(self, meta: Meta, c: list[Any]) -> sc.ActionItem:
        being, ability, spell, at = c
        return self._action(meta, being, sc.Use(_str(spell), _str(ability), at[0] if at else None))

    def _choice(self, meta: Meta, c: list[Token], kind: str) -> sc.ChoiceItem:
        return sc.ChoiceItem(being=str(c[0]), kind=kind, value=_str(c[1]), where=self._where(meta))

    def accept(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "accept")

    def decline(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "decline")

    def choose(self, meta: Meta, c: list[Token]) -> sc.ChoiceItem:
        return self._choice(meta, c, "choose")

    def expect(self, meta: Meta, c: list[Any]) -> sc.ExpectItem:
        being, *exps = c
        energies = tuple(e[1] for e in exps if e[0] == "energy")
        cards = tuple(e[1] for e in exps if e[0] == "card")
        incap = any(e[0] == "incapacitated" for e in exps)
        return sc.ExpectItem(being=str(being), energies=energies, cards=cards, incapacitated=incap,
                             where=self._where(meta))

    def expect_winner(self, meta: Meta, c: list[Token]) -> sc.ExpectWinner:
        return sc.ExpectWinner(winner=str(c[0]) if c else None, where=self._where(meta))

    def expect_energy(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[str, int]]:
        return ("energy", (str(c[0]), int(c[1])))

    def expect_card(self, meta: Meta, c: list[Any]) -> tuple[str, tuple[str, str, tuple[tuple[str, int], ...]]]:
        zone, title, *counters = c
        return ("card", (str(zone), _str(title), tuple(x for x in counters if x is not None)))

    def counter(self, meta: Meta, c: list[Token]) -> tuple[str, int]:
        return (str(c[0]), int(c[1]))

    def expect_incapacitated(self, meta: Meta, c: list[Token]) -> tuple[str, None]:
        return ("incapacitated", None)


def parse_scenario(source: SourceFile, diags: Diagnostics) -> sc.Scenario | None:
    tree = parse(source, diags, grammar="scenario")
    if tree is None:
        return None
    result: sc.Scenario = ToScenario(source).transform(tree)
    return result
