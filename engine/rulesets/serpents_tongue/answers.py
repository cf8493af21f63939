"""Why the rules refuse an answer to a question they ask beside a turn's action: a target, a mode of "choose
one", a spell to prepare, a spell to resolve first, a sustain ("Rule: reason", as :meth:`Game.explain` gives it for
the actions, the Responses and re-attuning). A scenario's refusal of such an answer (`refused White chooses "White"
by "Target"`) names the rule found here."""

from __future__ import annotations

from spellc.engine.core.decisions import Decision
from spellc.engine.rulesets.serpents_tongue.cards import Role
from spellc.engine.rulesets.serpents_tongue.rules import Game
from spellc.engine.rulesets.serpents_tongue.state import Zone


def why_refused(game: Game, d: Decision, label: str) -> str | None:
    """Why the rules refuse an answer to a question about a cast or a spell in play, by the rule that refuses
    it (the actions, Responses and re-attuning are the rules' own :meth:`Game.explain`)."""
    why = WHY_NOT.get(d.kind)
    return why(game, d, label) if why is not None and d.being is not None else None


def _not_a_target(game: Game, d: Decision, label: str) -> str:
    """"Magi must include an opponent when targeting an Attack spell", "Magi may only target themselves or
    Allies with Enhance spells", "You cannot cast Defense spells into an opponent's Defense zone"."""
    caster, name = game.being(str(d.being)), label.strip('"')
    target = next((b for b in game.beings if b.name == name), None)
    card = game.library.get(str(d.card))
    role = card.role if card is not None else None
    if target is None:
        return f"Target: {name} is no legal target of {d.card}"
    if role is Role.ATTACK and target.team == caster.team:
        return (f"Target: {d.card} is an Attack, and {name} is no opponent of {caster.name} (\"Magi must include "
                "an opponent when targeting an Attack spell\")")
    if role in (Role.ENHANCE, Role.DEFENSE, Role.COMPONENT) and target.team != caster.team:
        return (f"Target: {d.card} is {'an' if role is Role.ENHANCE else 'a'} {role}, and {name} is an opponent "
                f"(\"Magi may only target themselves or Allies with Enhance spells\")")
    if target.incapacitated:
        return f"Target: {name} is incapacitated"
    return f"Target: {name} is no legal target of {d.card} now"


def _not_a_mode(game: Game, d: Decision, label: str) -> str:
    """A mode of "choose one" whose targets cannot all be chosen now is not offered."""
    card = game.library.get(str(d.card))
    modes = card.modes if card is not None else ()
    n = next((i for i, mode in enumerate(modes) if label in (str(i + 1), mode)), None)
    if n is None:
        return f"Choices: \"{label}\" is none of {d.card}'s modes: " + ", ".join(modes)
    return (f"Target: {d.card}'s mode {n + 1} ({modes[n]}) has a target that cannot be chosen now "
            "(\"Magi spells and abilities may only target active spells\")")


def _not_preparable(game: Game, d: Decision, label: str) -> str:
    """"Magi may prepare up to 3 spells by placing them in the front pocket of their Codex"."""
    b, title = game.being(str(d.being)), label.strip('"')
    if any(c.title == title for c in b.prepared):
        left = "" if any(c.title == title for c in b.codex) else ", and no other copy is in the Codex"
        return f"Spell Preparation: {title} is prepared already{left}"
    return (f"Spell Preparation: {title} is not in {b.name}'s Codex (\"Magi may prepare up to 3 spells by placing "
            "them in the front pocket of their Codex\")")


def _not_next(game: Game, d: Decision, label: str) -> str:
    """"Resolve zones in this order: Attack, Defense, Enhancement. Within each zone, the Magi whose zone it is
    picks which spell to resolve first"."""
    b, title = game.being(str(d.being)), label.strip('"')
    zone = game.card(d.options[0].value).zone
    elsewhere = next((z for z in Zone if any(c.title == title for c in b.zones[z])), None)
    where = f"in {b.name}'s {elsewhere} zone" if elsewhere else f"in none of {b.name}'s zones"
    return (f"Maintenance Phase: {b.name}'s {zone} spells resolve now, and {title} is {where} (\"Resolve zones in "
            "this order: Attack, Defense, Enhancement\")")


def _not_sustained(game: Game, d: Decision, label: str) -> str:
    """"the sustain requirements must be paid and checked before the effect impacts"."""
    cost = d.prompt.removeprefix(f"sustain {d.card} for ").removesuffix("?")
    return f"Sustain: {d.being} cannot pay {cost} to sustain {d.card}"


WHY_NOT = {"target": _not_a_target, "mode": _not_a_mode, "prepare": _not_preparable, "resolve order": _not_next,
           "sustain": _not_sustained}
