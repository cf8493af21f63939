"""Seed 003's effect grammar in the checker and the emitter: the shape of an effect, what its step targets
can take, and what each rules-text method declares before it resolves.

- :func:`check_shape`: forms the grammar accepts that mean nothing (E018): an "if you did" with no step
  before it, two "choose one" in one effect, a "choose one" inside another or with a single option.
- :func:`check_targets`: a step whose ``target KIND`` could never take it (E018): Dmg at a spell,
  charges on a Magi, a step target in a pay-to cost.
- :func:`declaration`: the "choose one" modes and step targets a method declares
  (:class:`cards.Declaration`); :func:`internal_targets`: those of an internal action, chosen
  when it is played instead.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from compiler.diagnostics import Diagnostics
from compiler.serpents_tongue import ast, render_text
from compiler.serpents_tongue import model as m
from engine.rulesets.serpents_tongue.cards import Declaration, StepTarget

# The directives the Glossary has impact a spell ("Dispel: forcibly removes an active or manifesting
# spell"); every other one impacts a Magi ("Dmg: a directive to subtract energy from a Magi").
SPELL_DIRECTIVES = frozenset({"Dispel"})
IF_YOU_DID_HELP = ("help: write it after the step it depends on: "
                   "`may deal Dmg 1 to bearer; if you did: gain 1 Resonance`")


# ---------------------------------------------------------------------- shape (on the AST)
def check_shape(steps: Sequence[ast.Step], diags: Diagnostics) -> None:
    """One effect's steps (a rule's, or every `on impact` line of a spell together)."""
    modal = [s for s in steps if isinstance(s, ast.ChooseOne)]
    for extra in modal[1:]:
        diags.error("E018", "an effect has at most one 'choose one'", extra.span,
                    f"note: its mode is chosen once, when the effect is declared (line {modal[0].span.line}); "
                    "put every choice in one list of options")
    _sequence(steps, diags, inside=False)


def _sequence(steps: Sequence[ast.Step], diags: Diagnostics, inside: bool) -> None:
    for i, step in enumerate(steps):
        if isinstance(step, ast.IfYouDid) and i == 0:
            diags.error("E018", "'if you did' needs a step before it to look back at", step.span,
                        IF_YOU_DID_HELP)
        if isinstance(step, ast.ChooseOne):
            if inside:
                diags.error("E018", "a 'choose one' cannot be inside another 'choose one'", step.span,
                            "help: write the inner choice as options of the outer one")
            if len(step.options) < 2:
                diags.error("E018", "a 'choose one' needs at least two options", step.span,
                            "help: write the single option as plain steps")
            for option in step.options:
                _sequence(option, diags, inside=True)


# ---------------------------------------------------------------------- step targets (on the model)
def walk(steps: Sequence[m.Step], into_internal: bool = True) -> Iterator[m.Step]:
    """Every step, nested ones included (optionally not those of an internal action)."""
    for step in steps:
        yield step
        if isinstance(step, m.MChooseOne):
            for option in step.options:
                yield from walk(option, into_internal)
        elif isinstance(step, m.MMay | m.MIf | m.MIfYouDid) or (isinstance(step, m.MPayTo) and into_internal):
            yield from walk((step.step,), into_internal)


def _target_of(step: m.Step) -> StepTarget | None:
    target = getattr(step, "target", None)
    return target if isinstance(target, StepTarget) else None


def check_targets(steps: Sequence[m.Step], diags: Diagnostics) -> None:
    for step in walk(steps):
        st = _target_of(step)
        if st is None:
            continue
        problem = _mismatch(step, st)
        if problem:
            diags.error("E018", problem, step.span,
                        "note: `target Magi` names a Magi, `target Koishaka` a Koishaka; `target spell`, "
                        "`target Curse`, `target Enhancement` ... a spell in play")


def _mismatch(step: m.Step, st: StepTarget) -> str | None:
    return mismatch(step, on_spell=st.selector is not None, text=st.text())


def mismatch(step: m.Step, on_spell: bool, text: str) -> str | None:
    """Why one step cannot take what its target names (a spell, or else a Magi), or None."""
    if isinstance(step, m.MDeal):
        name = step.aspect.name
        if on_spell and name not in SPELL_DIRECTIVES:
            return f"'{name}' impacts a Magi, not a spell: it cannot be dealt to '{text}'"
        if not on_spell and name in SPELL_DIRECTIVES:
            return f"'{name}' impacts a spell, not a Magi: it cannot be dealt to '{text}'"
    if isinstance(step, m.MAddCharges) and not on_spell:
        return f"charges go on a spell, not on '{text}'"
    if isinstance(step, m.MDiscard) and not on_spell:
        return f"only a spell can be discarded, not '{text}'"
    return None


def _declared(steps: Sequence[m.Step]) -> list[StepTarget]:
    return [st for s in walk(steps, into_internal=False) if (st := _target_of(s)) is not None]


def internal_targets(step: m.MPayTo) -> tuple[StepTarget, ...]:
    """An internal action's step targets: chosen when it is played, during the resolution (5.2.3.g)."""
    return tuple(st for s in walk((step.step,)) if (st := _target_of(s)) is not None)


def declaration(steps: Sequence[m.Step]) -> Declaration | None:
    """What a method declares before its first step: its "choose one" modes, then the step targets of
    every step (optional and conditional ones too), each with the mode it belongs to (None: all)."""
    modes: tuple[str, ...] = ()
    targets: list[tuple[int | None, StepTarget]] = []
    for step in steps:
        if isinstance(step, m.MChooseOne):
            modes = tuple(render_text.steps_text(o) for o in step.options)
            targets += [(i, st) for i, option in enumerate(step.options) for st in _declared(option)]
        else:
            targets += [(None, st) for st in _declared((step,))]
    return Declaration(modes=modes, targets=tuple(targets)) if modes or targets else None

