"""Seed 003's effect grammar in the checker and the emitter, on the checked steps: what their step targets can
take, what each rules-text method declares before it resolves, and the steps as the engine's values. (The shapes of
an effect's steps, every game's, compiler.rules_text.check_shape refuses.)

- :func:`check_targets`: a step whose ``target KIND`` could never take it (E018): Dmg at a spell,
  charges on a Magi, a step target in a pay-to cost. What a step kind refuses, its declaration says
  (engine.rulesets.serpents_tongue.rules_text).
- :func:`declaration`: the "choose one" modes and step targets a method declares
  (:class:`cards.Declaration`).
- :func:`to_core`: the checked steps as engine.core.steps values, which generated/ holds and the engine plays.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from spellc.compiler.diagnostics import Diagnostics
from spellc.compiler.serpents_tongue import model as m
from spellc.engine.core import steps as core
from spellc.engine.rulesets.serpents_tongue import rules_text
from spellc.engine.rulesets.serpents_tongue.bindings import STEP_KINDS
from spellc.engine.rulesets.serpents_tongue.cards import Declaration, StepTarget


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


def target_of(step: m.Step) -> m.Target | None:
    """What a step kind is aimed at, as checked: its first argument that is a target (None: it has none)."""
    if not isinstance(step, m.MDo):
        return None
    params = STEP_KINDS[step.kind].params
    return next((a for p, a in zip(params, step.args, strict=True) if p in ("target", "controllable")), None)


def _step_target_of(step: m.Step) -> StepTarget | None:
    target = target_of(step)
    return target if isinstance(target, StepTarget) else None


def check_targets(steps: Sequence[m.Step], diags: Diagnostics) -> None:
    for step in walk(steps):
        st = _step_target_of(step)
        if st is None:
            continue
        problem = mismatch(step, on_spell=st.selector is not None, text=st.text())
        if problem:
            diags.error("E018", problem, step.span,
                        "note: `target Magi` names a Magi, `target Koishaka` a Koishaka; `target spell`, "
                        "`target Curse`, `target Enhancement` ... a spell in play")


def mismatch(step: m.Step, on_spell: bool, text: str) -> str | None:
    """Why one step cannot take what its target names (a spell, or else a Magi), or None: as its step kind
    declares."""
    if not isinstance(step, m.MDo):
        return None
    refuses = STEP_KINDS[step.kind].refuses
    return refuses(on_spell, text, *step.args) if refuses else None


def _declared(steps: Sequence[m.Step]) -> list[StepTarget]:
    return [st for s in walk(steps, into_internal=False) if (st := _step_target_of(s)) is not None]


def declaration(steps: Sequence[m.Step]) -> Declaration | None:
    """What a method declares before its first step: its "choose one" modes, then the step targets of
    every step (optional and conditional ones too), each with the mode it belongs to (None: all)."""
    modes: tuple[str, ...] = ()
    targets: list[tuple[int | None, StepTarget]] = []
    for step in steps:
        if isinstance(step, m.MChooseOne):
            modes = tuple(rules_text.describe_all(to_core(o)) for o in step.options)
            targets += [(i, st) for i, option in enumerate(step.options) for st in _declared(option)]
        else:
            targets += [(None, st) for st in _declared((step,))]
    return Declaration(modes=modes, targets=tuple(targets)) if modes or targets else None


# ---------------------------------------------------------------------- the engine's values
def to_core(steps: Sequence[m.Step]) -> tuple[core.Step, ...]:
    return tuple(_core(s) for s in steps)


def _core(step: m.Step) -> core.Step:
    if isinstance(step, m.MChooseOne):
        return core.ChooseOne(options=tuple(to_core(o) for o in step.options))
    if isinstance(step, m.MDo):
        return _action(step)
    inner = _action(step.step)
    if isinstance(step, m.MMay):
        return core.May(action=inner)
    if isinstance(step, m.MIfYouDid):
        return core.IfYouDid(action=inner)
    if isinstance(step, m.MIf):
        condition = core.Condition(kind="compare", args=(step.condition,))
        return core.Unless(action=inner, condition=condition) if step.negate else core.If(condition=condition,
                                                                                          action=inner)
    costs = (*(core.Do(kind=rules_text.PAY, args=(c,)) for c in step.costs),
             *(core.Do(kind=rules_text.DISCARD, args=(d,)) for d in step.discards))
    return core.PayTo(costs=costs, action=inner)


def _action(step: m.Step) -> core.Do:
    if not isinstance(step, m.MDo):  # the grammar puts a step kind after may / if / if you did / to
        raise TypeError(f"a {type(step).__name__} where the grammar allows only a step kind")
    return core.Do(kind=step.kind, args=step.args)
