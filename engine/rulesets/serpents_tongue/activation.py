"""Activate (the Cast Cycle's last step): "the spell's target is checked for validity. If the target is now invalid,
the spell is discarded. Otherwise, the spell activates and impacts its effect upon Reality" — each kind of spell
its own way (an Abjuration impacts and is discarded, a Transmute combines, an Evade dodges, an Ally is summoned,
the others enter their zone and impact).

Glossary terms played here: Activate, Abjuration Spell, Evade, Curse Duration, Area (whom it impacts).
"""

from __future__ import annotations

from spellc.engine.core.decisions import NOTHING, Flow
from spellc.engine.rulesets.serpents_tongue import (
    allies,
    control,
    declaration,
    defenses,
    duration,
    events,
    impact,
    rite,
    rules_text,
    targeting,
    transmutes,
    triggers,
)
from spellc.engine.rulesets.serpents_tongue.cards import (
    Role,
    Selector,
)
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import (
    Being,
    Card,
    Place,
    Zone,
    aspect_named,
)

ZONE_OF_ROLE = {Role.ATTACK: Zone.ATTACK, Role.DEFENSE: Zone.DEFENSE, Role.COMPONENT: Zone.DEFENSE,
                Role.ENHANCE: Zone.ENHANCEMENT}


def victims(game: Battle, fx: Effect) -> list[Being]:
    if fx.team == "*":  # "the global area, which includes all Magi"
        return list(game.beings)
    if fx.team is not None:
        return [b for b in game.beings if b.team == fx.team and b.team != fx.controller.team]
    t = fx.target.bearer if isinstance(fx.target, Card) else fx.target
    return [t] if isinstance(t, Being) and t.team != fx.controller.team else []


def activate(game: Battle, fx: Effect) -> Flow[None]:
    """"If its target is still existing and valid after the Response phase, the spell's effect impacts now"."""
    card = fx.card
    if card.place is not Place.MANIFESTING:
        return  # Dispelled, or its controller would not pay a Dampen
    evades = "Evade" in card.names  # read once: whether what it dodges is still there, and how it activates
    problem = invalid_target(game, fx, evades)
    if problem:
        game.say(f"{card.title} fizzles: {problem}")
        yield from triggers.emit(game, "this fizzles", card=card)  # still manifesting, then discarded
        game.discard(card)
        return
    card.counters.pop(rite.INVESTED, None)  # cast at last: no more Full Actions to count
    role = card.role
    if role is Role.ABJURATION:
        card.place = Place.IN_PLAY  # briefly, while it impacts
        for spell in targeting.abjured(game, fx):  # its target, or every spell of the team (Area)
            if spell.place in (Place.IN_PLAY, Place.MANIFESTING):  # an earlier impact may have taken it
                yield from impact.impact_card(game, fx, spell)
        yield from fire(game, card, "activated")  # it activated, if only for its impact
        game.say(f"{card.title} is discarded after its impact")
        game.discard(card)
        return
    if role is Role.TRANSMUTE:
        yield from activate_transmute(game, fx)
        return
    if evades:
        evaded = fx.evade_of
        if evaded is not None:
            game.say(f"{fx.controller.name} evades {evaded.name} with {card.title}")
            for b in ([fx.controller] if "Area" not in card.names else game.allies(fx.controller)):
                evaded.evaded.add(b.name)
                events.queue(game, "WHO evades effect", being=b)  # its triggers run as the cast ends
        card.place = Place.IN_PLAY  # "Activation always mean the first time a card activates": as it dodges
        yield from fire(game, card, "activated")
        game.discard(card)
        return
    if role is Role.ALLY:
        yield from allies.summon(game, fx)
        yield from fire(game, card, "activated")
        return
    yield from place_in_zone(game, fx)
    if role is Role.ATTACK:
        yield from impact_attack(game, fx)
    else:
        bearer = card.bearer
        assert bearer is not None
        yield from impact.apply_directives(game, fx, bearer, fx.aspects())
        yield from rules_text.play(fx, "on_impact")
    yield from fire(game, card, "activated")
    if card.place is Place.IN_PLAY and not duration.lasts(card):
        game.discard(card)


def activate_transmute(game: Battle, fx: Effect) -> Flow[None]:
    """A Transmute impacts its target spell: the bearer's Defenses may stop an offensive one; when it
    gets through it combines (Exclusive first), and Backlash strikes its controller."""
    card, target = fx.card, fx.target
    assert isinstance(target, Card)
    bearer = target.bearer
    # "All Defenses protect the Magi and spells in the Magi's Defense zone, Enhance zone ...": a Transmute
    # aimed at a spell there, from an opponent, meets the bearer's Defenses (an Attack zone spell has none).
    guarded = target.zone in (Zone.DEFENSE, Zone.ENHANCEMENT, Zone.CURSE)
    offensive = bearer is not None and guarded and defenses.offensive(fx, bearer) and fx.sphere is not None
    if offensive and bearer is not None and not (yield from defenses.defenses(game, fx, bearer, fx.aspects())).hit:
        game.say(f"{card.title} is blocked and discarded")
        game.discard(card)
        return
    transmutes.combine(game, card, target)
    if target.manifesting and target.caster is not None:  # Prolong Cast: now needing more, it waits
        rite.prolong(game, target.caster, target, declaration.full_actions(game, target.caster, target))
    transmutes.backlash(game, fx, target)
    yield from rules_text.play(fx, "on_impact")
    yield from fire(game, card, "activated")
    if card.place is Place.IN_PLAY and not duration.lasts(card):
        game.say(f"{card.title} has no Duration and is discarded after its impact")
        game.discard(card)


def invalid_target(game: Battle, fx: Effect, evades: bool) -> str | None:
    """Why the target of ``fx`` is no longer valid (``evades``: the spell is an Evade), or None."""
    t = fx.target
    if isinstance(t, Being) and t.incapacitated and fx.card.role is Role.ATTACK:
        return f"{t.name} is incapacitated"
    if isinstance(t, Being) and t.team != fx.controller.team and control.cloaked(game, t):
        return f"{t.name} is Cloaked"  # "opponents cannot target the Magi"
    if isinstance(t, Card):
        sel = fx.card.spec.targets or Selector()
        if sel.state == "manifesting" and not t.manifesting:
            return f"{t.title} is no longer manifesting"
        if sel.state == "active" and not t.active:
            return f"{t.title} is no longer active"
        if sel.state == "dormant" and not (t.dormant and t.place is Place.IN_PLAY):
            return f"{t.title} is no longer Dormant"
        if sel.state == "rite" and t.place is not Place.RITE:
            return f"{t.title} is no longer in the Rite zone"
    if evades:
        evaded = fx.evade_of
        if evaded is None or evaded.card.place not in (Place.MANIFESTING, Place.IN_PLAY):
            return "the effect it would dodge is gone"
    return None


def place_in_zone(game: Battle, fx: Effect) -> Flow[None]:
    card = fx.card
    role = card.role
    assert role is not None  # a spell placed in a zone has a role (a Specialization, an Artifact is never cast)
    zone = ZONE_OF_ROLE[role]
    if fx.team is not None:
        team = fx.controller.team if role is not Role.ATTACK else fx.team
        members = [b for b in game.beings if (team == "*" or b.team == team) and b.team != "" and not b.incapacitated]
        holder = members[0] if members else fx.controller
        yield from game.enter_zone(card, holder, zone)
        card.team_zone = None if team == "*" else team
    else:
        bearer = fx.target if isinstance(fx.target, Being) else fx.controller
        yield from game.enter_zone(card, bearer, zone)
    duration.start_counters(card, impact.effective_aspects(game, fx))  # with what passive effects add


def impact_attack(game: Battle, fx: Effect) -> Flow[None]:
    card = fx.card
    hit: list[Being] = []
    for b in victims(game, fx) if fx.team is not None else [fx.target]:
        if isinstance(b, Being) and not b.incapacitated and (yield from impact.impact_being(game, fx, b)):
            hit.append(b)
    if card.spec.is_curse() and card.place is Place.IN_PLAY:
        if hit:
            game.move(card, Zone.CURSE)
            card.cursed = hit
            card.counters.pop("duration", None)
            duration.set_duration(card, aspect_named(card.aspects, "Curse Duration"))
            game.say(f"{card.title} becomes an active Curse on {', '.join(b.name for b in hit)}")
            yield from triggers.emit(game, "this becomes active Curse", card=card)
        else:
            game.say(f"{card.title} is blocked and discarded: a Curse that misses is discarded")
            game.discard(card)


def fire(game: Battle, card: Card, event: str) -> Flow[None]:
    """One of the card's own events (``activated``, ``resolved``): see engine.rulesets.serpents_tongue.events. The
    flow of triggers.emit, not one more around it; emitted only when a trigger is owed or something hears it (as
    triggers.emit tells: at most casts nothing does)."""
    if game.pending_triggers or event in card.hears or game.reacts_to(event):  # its own triggers, read off it
        return triggers.emit(game, event, card=card)
    return NOTHING
