"""Targets: the beings, teams, spells and effects a spell may be aimed at, below the cast cycle.

Glossary terms played here: Target, Area (an Abjuration's: "it targets all validly targetable spells for all
Magi of a given team"), Adamant, Inexorable, Evade (its target is an effect), and the states a targeted spell
may have to be in ("active" by default, "manifesting", "dormant", or waiting "in the Rite zone").
"""

from __future__ import annotations

from typing import Any

from spellc.engine.rulesets.serpents_tongue import defenses
from spellc.engine.rulesets.serpents_tongue.cards import Selector
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card

# A target as a choice's value: ("being", name), ("team", team), ("card", id), ("effect", index into the
# pending effects) or ("global", None) — names and ids, never objects, so that it applies to a copy too.
Target = tuple[str, Any]


def teams_of(beings: list[Being]) -> list[str]:
    """The teams of ``beings``, each once, in order."""
    seen: list[str] = []
    for b in beings:
        if b.team not in seen:
            seen.append(b.team)
    return seen


def holder_name(c: Card) -> str:
    """Whose spell it is, for a choice's label: `"Fireball" of White`."""
    holder = c.bearer or c.caster or c.owner
    return holder.name


def spell_targets(game: Battle, caster: Being, card: Card, sel: Selector) -> list[Card]:
    if sel.state == "manifesting":
        pool = [fx.card for fx in game.pending if fx.is_spell and fx.card.manifesting]
    elif sel.state == "rite":
        pool = [c for b in game.beings for c in b.rite]
    else:  # "unless explicitly stated otherwise", spells target active spells only
        cards = game.all_in_play()
        if not cards:  # nothing in play (most spells aimed at spells, most of the time): no list made to find none
            return []
        pool = [c for c in cards if c.dormant] if sel.state == "dormant" else [c for c in cards if c.active]
    out = []
    for c in pool:
        if c is card or not game.matches(c, sel):
            continue
        # Adamant: immune to Abjurations and Transmutes unless Inexorable or cast by its controller.
        if c.has("Adamant") and not card.has("Inexorable") and c.controller is not caster:
            continue
        out.append(c)
    return out


def target_label(game: Battle, value: Target) -> str:
    """How a target is named in a choice: `White`, `team Magi`, `"Fireball" of White`, `Fireball of Black`
    (an effect on its way), `everyone`."""
    kind, key = value
    if kind == "being":
        return str(key)
    if kind == "team":
        return f"team {key}"
    if kind == "card":
        card = game.card(key)
        return f'"{card.title}" of {holder_name(card)}'
    if kind == "effect":
        fx = game.pending[key]
        return f"{fx.name} of {fx.controller.name}"
    return "everyone"


def evade_targets(game: Battle, caster: Being, card: Card) -> list[Target]:
    """"An Evade spell targets a single effect" — one on its way to the caster (or team), not Area."""
    out = []
    for i, fx in enumerate(game.pending):
        if fx.area or fx.controller.team == caster.team or not defenses.in_broadcast(card, fx):
            continue
        hit = fx.target if isinstance(fx.target, Being) else None
        if hit is not None and (hit is caster or (card.has("Area") and hit.team == caster.team)):
            out.append(("effect", i))
    return out


def resolve_target(game: Battle, value: Target) -> tuple[Being | Card | None, str | None, Effect | None]:
    kind, key = value
    if kind == "being":
        return game.being(str(key)), None, None
    if kind == "team":
        return None, str(key), None
    if kind == "card":
        return game.card(int(str(key))), None, None
    if kind == "effect":
        return None, None, game.pending[int(str(key))]
    return None, None, None  # global


def area_targets(game: Battle, caster: Being, card: Card) -> list[Target]:
    """"If an Abjuration spell has Area, that means it targets all validly targetable spells for all Magi
    of a given team": one choice per team that has such a spell."""
    teams: list[str] = []
    for c in spell_targets(game, caster, card, card.spec.targets or Selector()):
        holder = c.bearer or c.controller or c.owner
        if holder.team not in teams:
            teams.append(holder.team)
    return [("team", t) for t in teams]


def abjured(game: Battle, fx: Effect) -> list[Card]:
    """The spells an Abjuration impacts: its target, or (Area) every valid target of the team now."""
    if fx.team is None:
        return [fx.target] if isinstance(fx.target, Card) else []
    pool = spell_targets(game, fx.controller, fx.card, fx.card.spec.targets or Selector())
    if fx.team == "*":  # "A Global Abjuration would impact all active spells"
        return pool
    return [c for c in pool if (c.bearer or c.controller or c.owner).team == fx.team]
