"""AST → checked cards: the engine's own card values (engine.rulesets.incantation_charges.cards), each with
the line it was written on. Every problem is a located diagnostic; a card with an error is left out. What each
field's declaration says (ruleset.toml: an Incantation entry of at least 1 charge, whom a card is played at, an
interrupt's `when` and no `effect`, the events it waits for) compiler.declared_fields checks, as for every game;
this checker keeps what its rules text says (who a step concerns, the conditions, an implement's incantation)."""

from __future__ import annotations

from dataclasses import dataclass

from spellc.compiler import card_ast as ast
from spellc.compiler import card_titles, rules_core, rules_text
from spellc.compiler.declared_fields import DeclaredFields, Fields, Line
from spellc.compiler.diagnostics import Diagnostics, did_you_mean
from spellc.compiler.parse import number
from spellc.engine.core import steps as core
from spellc.engine.rulesets.incantation_charges.cards import ActionCard, Aim, Interrupt, Kind
from spellc.engine.rulesets.incantation_charges.steps import KINDS, describe, describe_all

# An "if you did" as this game writes it: the help of one written first (rules_text.check_shape).
IF_YOU_DID = "may heal 3 to you; if you did: draw 1 card"

WHO = ("target", "them", "you")
# The conditions a step may test, as written: the first word is whom it asks about.
CONDITIONS = ("you are incanting", "target is incanting", "them is incanting",
              "you have at least N charges", "target has at least N charges")


@dataclass(frozen=True, slots=True)
class Checked:
    card: ActionCard
    path: str
    line: int


class Checker:
    def __init__(self, diags: Diagnostics) -> None:
        self.diags = diags
        self.declared = DeclaredFields(diags, "incantation_charges")

    def check_card(self, node: ast.Card, path: str) -> tuple[Checked, ast.Card] | None:
        errors = len(self.diags.items)
        card_titles.fits(node.title, node.title_span, self.diags)
        fields = self.declared.check(node.kind, node.title_span, self._lines(node))
        kind = Kind(node.kind)
        aim = self._aim(fields)
        entry = _int(fields.get("incantation"))
        interrupt = self._interrupt(fields, aim) if kind is Kind.INTERRUPT else None
        steps = self._effect(kind, fields, aim) if kind is not Kind.INTERRUPT else ()
        if len(self.diags.items) != errors:
            return None
        assert aim is not None  # a mistaken `at` is an error
        card = ActionCard(title=node.title, kind=kind, incantation=entry, aim=aim, steps=steps,
                          interrupt=interrupt, text=card_text(steps, interrupt), source=f"{path}:{node.span.line}")
        return Checked(card, path, node.span.line), node

    def check_set(self, cards: list[tuple[Checked, ast.Card]], written: frozenset[str], age: card_titles.Age
                  ) -> list[Checked]:
        return card_titles.distinct_titles(cards, self.diags, age)

    def _lines(self, node: ast.Card) -> list[Line[ast.Field]]:
        """Its lines as the declared checks read them; an interrupt's event is read in lower case ("An enemy
        begins an incantation" is the event "an enemy begins an incantation")."""
        return [self.declared.line(f.name, f, f.span,
                                   (f.value,) if f.value is not None else
                                   [rules_text.Word(text=w.text.lower(), span=w.span) for w in f.event])
                for f in node.fields]

    def _interrupt(self, fields: Fields[ast.Field], aim: Aim | None) -> Interrupt | None:
        when = fields.get("when")
        if when is None:
            return None  # said by the declared checks
        return Interrupt(event=" ".join(w.text.lower() for w in when.event), steps=self._steps(when.steps, aim, True))

    def _effect(self, kind: Kind, fields: Fields[ast.Field], aim: Aim | None) -> tuple[core.Step, ...]:
        effect = fields.get("effect")
        if effect is None:
            return ()  # said by the declared checks
        steps = self._steps(effect.steps, aim, False)
        if kind is Kind.IMPLEMENT and not _begins(steps):
            self.diags.error("E510", "an implement begins an Incantation as a part of its play", effect.span,
                             "help: add the step `begin an incantation`")
        return steps

    def _aim(self, fields: Fields[ast.Field]) -> Aim | None:
        """Whom the card is played at; None when its `at` is a mistake, already said (its steps' `target` is then
        not said to be no one's as well)."""
        field = fields.get("at")
        if field is None:
            return Aim.NONE
        return Aim(field.value.text) if fields.ok("at") and isinstance(field.value, rules_text.Word) else None

    # ---- steps
    def _steps(self, nodes: tuple[rules_text.Step, ...], aim: Aim | None, interrupt: bool) -> tuple[core.Step, ...]:
        rules_text.check_shape(nodes, self.diags, IF_YOU_DID)
        return rules_core.to_core(nodes, lambda a: self._do(a, aim, interrupt),
                                  lambda c: self._test(c, aim, interrupt))

    def _do(self, node: rules_text.Action, aim: Aim | None, interrupt: bool) -> core.Do:
        assert node.kind in KINDS.actions or node.kind in KINDS.costs, node.kind
        args = tuple(self._who(a, aim, interrupt) if isinstance(a, rules_text.Word) else a for a in node.args)
        for a in node.args:
            if isinstance(a, int) and a < 1:
                self.diags.error("E508", f"`{describe(core.Do(node.kind, args))}` needs a number of at least 1",
                                 node.span)
        return core.Do(node.kind, args)

    def _who(self, word: rules_text.Word, aim: Aim | None, interrupt: bool) -> str:
        """`target` needs a card played at someone; `them` (whom the event concerned) an interrupt."""
        if word.text not in WHO:
            self.diags.error("E509", f"a step concerns `target`, `them` or `you`, not {word.text!r}", word.span,
                             *did_you_mean(word.text, WHO))
        elif word.text == "target" and aim is Aim.NONE:
            self.diags.error("E509", "this card is played at no one: there is no `target`", word.span,
                             "help: add `at enemy` or `at self`")
        elif word.text == "them" and not interrupt:
            self.diags.error("E509", "`them` is whom an interrupt's event concerned: this is no interrupt",
                             word.span, "help: write `target` or `you`")
        return word.text

    def _test(self, node: rules_text.Condition, aim: Aim | None, interrupt: bool) -> core.Condition:
        words = [w.text.lower() for w in node.words]
        who = words[0] if words else ""
        rest = " ".join(words[1:])
        if rest in ("is incanting", "are incanting"):
            self._who(node.words[0], aim, interrupt)
            return core.Condition("is incanting", (who,))
        if (len(words) == 6 and words[1] in ("has", "have") and words[2:4] == ["at", "least"]
                and words[4].isdigit() and words[5] in ("charge", "charges")):
            self._who(node.words[0], aim, interrupt)
            return core.Condition("has charges", (who, number(words[4])))
        self.diags.error("E512", f"no condition reads {' '.join(words)!r}", node.span,
                         *did_you_mean(" ".join(words), CONDITIONS), f"note: the conditions: {'; '.join(CONDITIONS)}")
        return core.Condition("is incanting", ("you",))


def _int(field: ast.Field | None) -> int | None:
    return field.value if field is not None and isinstance(field.value, int) else None


def _begins(steps: tuple[core.Step, ...]) -> bool:
    return any(isinstance(s, core.Do) and s.kind == "begin an incantation" for s in steps)


# ---------------------------------------------------------------- the card's text, from its steps
def card_text(steps: tuple[core.Step, ...], interrupt: Interrupt | None) -> str:
    if interrupt is not None:
        return f"When {interrupt.event}: {describe_all(interrupt.steps)}"
    return core.capitalize(describe_all(steps)) if steps else ""
