"""The rules text of grammar/common.lark (seed 003's steps) for every game's front end: its AST and its
transformation from the parse tree (its translation into the core's step values is compiler.rules_core's).

A front end's transformer subclasses :class:`StepsToAst`, which turns the common grammar's step forms into
:class:`Step` nodes; the ruleset's own step kinds (``-> deal_damage``) become :class:`Action` nodes through
:meth:`StepsToAst.action`, by the names its engine declares. The checker then calls compiler.rules_core.to_core
with what checks one action and one condition of its game, after :func:`check_shape` has refused what the forms
allow but mean nothing. Nothing here knows a game, nor the engine.

Error code (a game that refused these shapes before the shared check keeps its own: Serpent's Tongue's E018):
  E909 a step form that means nothing: an "if you did" first, two "choose one" in one effect, a "choose one"
       inside another or with one option
"""

from __future__ import annotations

from collections.abc import Container, Sequence
from dataclasses import dataclass, field
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.parse import SourceTransformer, number, span_of, string_value
from spellc.compiler.source import Span


@dataclass(frozen=True, slots=True, kw_only=True)
class Word:
    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Text:
    """A quoted text (a title a step names)."""

    text: str
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Words:
    """A run of words a step kind takes as one argument, where the game's grammar gives it a rule of its own (an
    aspect as written, ``Harmony Dmg 1``; a target, ``target Curse``): what it means, the game's checker reads."""

    words: tuple[Word, ...]
    span: Span = field(compare=False)

    def text(self) -> str:
        return " ".join(w.text for w in self.words)


Value = int | Word | Text | Words


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """A step kind with its arguments: ``deal 3 damage to target`` is ``Action("deal damage", (3, target))``."""

    kind: str
    args: tuple[Value, ...] = ()
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Condition:
    words: tuple[Word, ...]
    span: Span = field(compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    """One step of seed 003's grammar: ``form`` is do | may | if | unless | if you did | pay to | choose one."""

    form: str
    action: Action | None = None
    condition: Condition | None = None
    costs: tuple[Action, ...] = ()
    options: tuple[tuple[Step, ...], ...] = ()
    span: Span = field(compare=False)


@v_args(meta=True)
class StepsToAst(SourceTransformer):
    """The step forms of grammar/common.lark → :class:`Step` nodes."""

    def value(self, tok: Token) -> Value:
        if tok.type in ("INT", "SIGNED_INT"):
            return number(tok)
        if tok.type == "STRING":
            return Text(text=string_value(tok), span=span_of(self.source, tok))
        return Word(text=str(tok), span=span_of(self.source, tok))

    def action(self, kind: str, children: list[Any], meta: Meta) -> Action:
        """A step kind or cost of the ruleset's fragment, its numbers, words, texts and runs of words its arguments
        (the grammar's own words, such as `to`, left out)."""
        args = tuple(c if isinstance(c, Words) else self.value(c) for c in children
                     if isinstance(c, Words) or (isinstance(c, Token) and c.type in ("INT", "WORD", "STRING")))
        return Action(kind=kind, args=args, span=self._span(meta))

    def phrase(self, meta: Meta, children: list[Token]) -> Words:
        return Words(words=tuple(Word(text=str(t), span=span_of(self.source, t)) for t in children),
                     span=self._span(meta))

    def steps(self, meta: Meta, children: list[Any]) -> tuple[Step, ...]:
        return tuple(c if isinstance(c, Step) else Step(form="do", action=c, span=c.span) for c in children)

    def _step(self, meta: Meta, form: str, **parts: Any) -> Step:
        return Step(form=form, span=self._span(meta), **parts)

    def may_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "may", action=children[0])

    def if_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "if", condition=children[0], action=children[1])

    def unless_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "unless", action=children[0], condition=children[1])

    def if_you_did_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "if you did", action=children[0])

    def pay_to_step(self, meta: Meta, children: list[Any]) -> Step:
        *costs, action = children
        return self._step(meta, "pay to", costs=tuple(costs), action=action)

    def choose_one_step(self, meta: Meta, children: list[Any]) -> Step:
        return self._step(meta, "choose one", options=tuple(children))

    def option(self, meta: Meta, children: list[Any]) -> tuple[Step, ...]:
        return tuple(children[0])

    def condition(self, meta: Meta, children: list[Words]) -> Condition:
        return Condition(words=children[0].words, span=children[0].span)


def step_kind(rule: str, declared: Container[str]) -> str:
    """The step kind a grammar rule names (``deal_damage`` is "deal damage"); a rule the engine does not declare
    is a bug of the front end, said loudly."""
    kind = rule.replace("_", " ")
    if kind not in declared:
        raise TypeError(f"no transformation for the grammar rule {rule!r}")
    return kind



SHAPE = "E909"


def check_shape(steps: Sequence[Step], diags: Diagnostics, if_you_did: str, code: str = SHAPE) -> None:
    """The forms of one effect's steps that the grammar accepts but that mean nothing, in every game: an "if you
    did" with no step before it ("[Do X]; if you did, [do Y]", seed 003, 6.5.d), two "choose one" (its mode "is
    done when the spell ... is declared", 6.5.e: once), a "choose one" inside another or with one option
    ("followed by multiple lines starting with •"). ``if_you_did`` is the game's own example of the form."""
    modal = [s for s in steps if s.form == "choose one"]
    for extra in modal[1:]:
        diags.error(code, "an effect has at most one 'choose one'", extra.span,
                    f"note: its mode is chosen once, when the effect is declared (line {modal[0].span.line}); "
                    "put every choice in one list of options")
    _sequence(steps, diags, if_you_did, code, inside=False)


def _sequence(steps: Sequence[Step], diags: Diagnostics, if_you_did: str, code: str, inside: bool) -> None:
    for i, step in enumerate(steps):
        if step.form == "if you did" and i == 0:
            diags.error(code, "'if you did' needs a step before it to look back at", step.span,
                        f"help: write it after the step it depends on: `{if_you_did}`")
        if step.form == "choose one":
            if inside:
                diags.error(code, "a 'choose one' cannot be inside another 'choose one'", step.span,
                            "help: write the inner choice as options of the outer one")
            if len(step.options) < 2:
                diags.error(code, "a 'choose one' needs at least two options", step.span,
                            "help: write the single option as plain steps")
            for option in step.options:
                _sequence(option, diags, if_you_did, code, inside=True)
