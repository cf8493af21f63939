"""Serpent's Tongue's words for what rules text names (its targets, kinds of spell, quantities, conditions):
one wording, read by the step kinds (each renders itself with it, for the cards' text on the site and for the
questions the engine puts) and by the compiler's card text."""

from __future__ import annotations

from spellc.engine.rulesets.serpents_tongue.cards import Comparison, Quantity, Role, Selector, StepTarget

Target = str | StepTarget  # a step's target: a word (this, bearer, ...) or a target of the step's own

# The model's target words (compiler.serpents_tongue.check.TARGET_WORDS values) as English noun phrases.
TARGETS: dict[str, str] = {
    "this": "this spell",
    "bearer": "the bearer",
    "caster": "the caster",
    "controller": "its controller",
    "target": "the target",
    "impacted": "the impacted Magi",
}
# A Deal's "target" is the opponent the step chooses ("deal Physical Dmg 1 to target opponent"): the
# checker reads `target` and `target opponent` as the same word.
DEAL_TARGETS: dict[str, str] = TARGETS | {"target": "target opponent"}

COMPARISONS: dict[str, str] = {
    ">=": "at least",
    "<=": "at most",
    "<": "fewer than",
    ">": "more than",
    "==": "exactly",
}


def target_text(target: Target, *, deal: bool = False) -> str:
    if isinstance(target, StepTarget):  # a target of the step's own: "target Magi", "target Curse"
        return target.text()
    table = DEAL_TARGETS if deal else TARGETS
    try:
        return table[target]
    except KeyError:
        raise ValueError(f"no English for the target word {target!r}") from None


def possessive(target: str) -> str:
    return f"{target_text(target)}'s"


def selector_text(s: Selector, *, plural: bool = False) -> str:
    """``Cellular Enhancement``; plural: ``the caster's Bio Attack spells at the bearer``.

    The default state (active) is left out, as the cards leave it out; "manifesting" is spelled out.
    """
    words: list[str] = []
    if s.whose:
        words.append(possessive(s.whose))
    if s.state not in ("active", "rite"):
        words.append(s.state)
    if s.sphere:
        words.append(s.sphere.value)
    words.extend(s.descriptors)
    words.extend(s.has)  # "Forces Shape-Shift spells"
    words.append(_selector_noun(s, plural))
    if s.at:
        words.append(f"at {target_text(s.at)}")
    if s.state == "rite":
        words.append("in the Rite zone")
    return " ".join(words)


def _selector_noun(s: Selector, plural: bool) -> str:
    if s.curse:
        return "Curses" if plural else "Curse"
    if s.role is None:
        return "spells" if plural else "spell"
    role = "Enhancement" if s.role is Role.ENHANCE else s.role.value
    return f"{role} spells" if plural else role


def quantity_text(q: Quantity) -> str:
    if q.kind == "charges":
        return f"the number of {q.name} charges on {target_text(q.of)}"
    if q.kind == "energy":
        return f"{possessive(q.of)} {q.name}"
    raise ValueError(f"no English for the quantity kind {q.kind!r}")


def condition_text(c: Comparison) -> str:
    try:
        op = COMPARISONS[c.op]
    except KeyError:
        raise ValueError(f"no English for the comparison {c.op!r}") from None
    q = c.quantity
    if q.kind == "lost" and (c.op, c.amount) == (">=", 1):
        return f"{target_text(q.of)} lost {q.name} this way"
    if q.kind == "charges":
        amount = f"{c.amount} {q.name} charge{'' if c.amount == 1 else 's'}"
    elif q.kind == "energy":
        amount = f"{c.amount} {q.name}"
    else:
        raise ValueError(f"no English for the quantity kind {q.kind!r}")
    return f"{target_text(q.of)} has {op} {amount}"
