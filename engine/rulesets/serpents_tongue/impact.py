"""Impact: what an effect's aspects become once passive effects are counted, and what it does to the beings
and spells it lands on once it is past their Defenses (engine/rulesets/serpents_tongue/defenses.py).

Glossary terms played here: Impact, Passive Effect, Add Dmg X, Area, Resistance (an Encounter's).
"""

from __future__ import annotations

from collections.abc import Sequence

from spellc.engine.core.decisions import Flow
from spellc.engine.core.errors import Unsupported
from spellc.engine.rulesets.serpents_tongue import (
    behaviours,
    defenses,
    encounter_state,
    registry,
    rules_text,
    specs,
    transmutes,
)
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Energy, Modifier
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Cast, Place, fits


# ---------------------------------------------------------------- passive effects
def modifier_applies(source: Card, mod: Modifier, fx: Cast) -> bool:
    sel = mod.selector
    if sel.combined:  # a Transmute's "target gains ...": part of its spell's own aspects (state.transmute_grants)
        return False
    if sel.whose and fx.controller is not _related(source, sel.whose):
        return False
    if sel.at:
        target = fx.target.bearer if isinstance(fx.target, Card) else fx.target
        if target is not _related(source, sel.at):
            return False
    return fits(fx.card, sel)


# Whom a passive effect names by their relation to its card ("bearer's spells"): the card's attributes of the
# same names, read one at a time (asked for every passive effect and every spell that might be cast).
RELATIONS = frozenset({"caster", "bearer", "controller"})


def _related(source: Card, relation: str) -> Being | None:
    return getattr(source, relation) if relation in RELATIONS else None


def passive_sources(game: Battle) -> list[tuple[Card, Modifier]]:
    # Counted for every spell that might be cast, at every decision: most cards have no passive effect
    # at all (none printed, no Specialization tier), which is read off the card before its state.
    found = []
    for card in game.all_in_play():
        spec = card.spec
        if (spec.modifiers or spec.tiers) and card.active:
            # One or two, appended with no comprehension to call; a Specialization's tiers add theirs.
            for mod in specs.modifiers(card) if spec.tiers else spec.modifiers:
                found.append((card, mod))
    return found


def effective_aspects(game: Battle, fx: Cast, sources: list[tuple[Card, Modifier]] | None = None
                      ) -> Sequence[Aspect]:
    """The aspects an effect has, with what passive effects in play grant it (Flame Form's +1 Dmg): to read,
    never to change (most of the time they are the card's own, read for every spell that might be cast).
    ``sources``: :func:`passive_sources`, when the caller read them already."""
    own: Sequence[Aspect] = fx.ability.aspects if fx.ability is not None else fx.card.aspects
    if fx.ability is not None:
        sources = []
    elif sources is None:
        sources = passive_sources(game)
    if not sources and fx.controller.encounter is None:
        return own
    base = list(own)
    for source, mod in sources:
        if mod.grants and modifier_applies(source, mod, fx):
            base.extend(mod.grants)
    if fx.controller.encounter is not None:
        base.extend(encounter_state.threshold_grants(fx))
    return base


def generated(game: Battle, fx: Cast, energy: Energy, sources: list[tuple[Card, Modifier]] | None = None) -> int:
    """"Generate": what passive effects add to a spell's energy orb when it is paid for (``sources``:
    :func:`passive_sources`, when the caller read them already)."""
    total = 0
    for source, mod in passive_sources(game) if sources is None else sources:
        if mod.generate and modifier_applies(source, mod, fx):  # most passive effects generate nothing
            total += sum(c.amount for c in mod.generate if c.energy is energy)
    return total


# ---------------------------------------------------------------- impact
def resisted(game: Battle, fx: Effect, being: Being) -> bool:
    """"In order to affect an Encounter, a spell must have Potency equal to or greater than the
    Encounter's Resistance" — every offensive impact on it: a spell's, and each "deal" step of an ability."""
    if being.encounter is None or not defenses.offensive(fx, being):
        return False
    if not encounter_state.resists(being, fx):
        return False
    game.say(f"{being.name} resists {fx.name}: its Potency {encounter_state.potency(fx)} is below "
             f"Resistance {being.encounter.spec.resistance}")
    return True


def impact_being(game: Battle, fx: Effect, being: Being) -> Flow[bool]:
    """An effect impacts one being: Evade, immunity and Defenses first. True when it impacts in full."""
    if being.name in fx.evaded:
        game.say(f"{being.name} evades {fx.name}")
        return False
    if resisted(game, fx, being):
        return False
    aspects = fx.aspects()
    # The Defenses act first: "the Shield would lose Durability from blocking a Fireball" even when its
    # Magi is Immune to Heat; only what gets through meets the immunity.
    if defenses.offensive(fx, being):
        result = yield from defenses.defenses(game, fx, being, aspects)
        if not result.hit:
            if result.through and not defenses.immune(being, fx):
                yield from apply_directives(game, fx, being, aspects, cap=result.through, only_dmg=True)
            return False
    why = defenses.immune(being, fx)
    if why:
        game.say(f"{being.name} is immune to {fx.name} ({why})")
        return False
    fx.refs["impacted"] = being
    yield from apply_directives(game, fx, being, aspects)
    yield from rules_text.play(fx, "on_impact")
    return True


def impact_card(game: Battle, fx: Effect, card: Card) -> Flow[bool]:
    """Abjurations (and Dispels) impact on spells: the spell's bearer's Defenses protect it."""
    bearer = card.bearer if card.active else None
    if bearer is not None and bearer.team != fx.controller.team and fx.sphere is not None:
        result = yield from defenses.defenses(game, fx, bearer, fx.aspects())
        if not result.hit:
            return False
    transmutes.backlash(game, fx, card)  # part of the impact, read before a Dispel takes the spell away
    yield from apply_directives(game, fx, card, fx.aspects())
    yield from rules_text.play(fx, "on_impact")
    return True


def apply_directives(game: Battle, fx: Effect, target: Being | Card, aspects: Sequence[Aspect],
                     cap: int | None = None, only_dmg: bool = False) -> Flow[None]:
    for d in defenses.directives(aspects):
        if only_dmg and d.name != "Dmg":
            continue
        behaviour = behaviours.for_keyword(d.name, game.plays)
        if behaviour is None:
            raise Unsupported(d.name, fx.card.title)
        amount = _amount(fx, d)
        if cap is not None:
            amount = min(amount, cap)
        choices = behaviour(game, fx, d, target, amount)
        if choices is not None:  # a directive that asks (Spell Loss, Dampen)
            yield from choices


def _amount(fx: Effect, d: Aspect) -> int:
    """A directive's number; a directive whose parameter is a word (``Dispel Banish``) has none."""
    kw = registry.load().get(d.name)
    counted = kw is None or not kw.params or kw.params[0] != "word"
    return fx.amount(d) if d.params and counted else 0


def deal(game: Battle, fx: Effect, aspect: Aspect, who: Being | Card) -> Flow[None]:
    """A rules-text "deal" step. An ability's offensive steps meet the Defenses one by one."""
    if isinstance(who, Being) and defenses.offensive(fx, who) and not fx.past_defenses:
        if who.name in fx.evaded or resisted(game, fx, who) or defenses.immune(who, fx):
            return
        all_aspects = [*fx.aspects(), aspect]
        result = yield from defenses.defenses(game, fx, who, all_aspects)
        if not result.hit:
            if result.through and aspect.name == "Dmg":
                yield from apply_directives(game, fx, who, [aspect], cap=result.through)
            return
    behaviour = behaviours.for_keyword(aspect.name, game.plays)
    if behaviour is None:
        raise Unsupported(aspect.name, fx.card.title)
    choices = behaviour(game, fx, aspect, who, _amount(fx, aspect))
    if choices is not None:
        yield from choices


def still_in(card: Card) -> bool:
    return card.place is Place.IN_PLAY
