"""Transmutes and Dormancy: spells that combine with other spells, and spells that sleep.

Glossary terms played here: Transmute Spell, Combination, Exclusive, Backlash, Dormant, Re-activate.

A Transmute targets an active spell and, when it impacts, *combines* with it: it lies on that spell
(in the same zone, taking no Enhancement slot) and modifies it for the Transmute's own Duration. The
Transmute's directives add to the spell's ("Add Dmg X": a Transmute's ``Dmg 1`` gives +1 Dmg to a spell
that deals Dmg, and the Dmg aspect to one that does not); its empowerments (Duration, Exclusive,
Response ...) are its own. "The effect of a Transmute is removed when the Transmute is discarded": the
grant is read from the live combination (``state.transmute_grants``) each time it changes — the Transmute
combined or discarded, it or its spell Dormant or re-activated — into the aspects the spell keeps
(``Card.update_aspects``).
Discarding the spell discards the Transmutes combined with it (``Game.discard``), not the other way round.

Dormancy: a Dormant spell stays in play, counts its Duration down and must be sustained, but has no
effect, meets no requirement and cannot be targeted — ``Card.active`` is false, and every rule that looks
for an active spell passes it by. A Transmute combined with a Dormant spell is Dormant too, for as long as
the spell is (``Card.active`` asks the spell), so it wakes when the spell re-activates unless it was made
Dormant itself. The printed forms are the directives ``Dormant`` and ``Re-activate`` (on Abjurations;
Re-activate `targets dormant spell`).
"""

from __future__ import annotations

from typing import Any

from spellc.engine.rulesets.serpents_tongue import duration
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle, Effect
from spellc.engine.rulesets.serpents_tongue.state import Card, Place


def combine(game: Battle, transmute: Card, target: Card) -> None:
    """"To apply a Transmute to a target spell": it lies on the spell, in the spell's zone.

    "Only one Exclusive Transmute may be combined with any target spell. If a second Exclusive Transmute
    is combined on a spell, the first Exclusive Transmute is discarded"; others are not affected."""
    if transmute.has("Exclusive"):
        for other in [t for t in target.combined if t.has("Exclusive")]:
            game.say(f"{other.title} is discarded: only one Exclusive Transmute may combine with {target.title}")
            game.discard(other)
    transmute.place = Place.IN_PLAY
    transmute.bearer, transmute.zone, transmute.team_zone = target.bearer, target.zone, None
    if target.bearer is not None and target.zone is not None:
        target.bearer.zones.put(transmute, target.zone)
    # else the spell is still being cast (manifesting, or in the Rite zone): the Transmute lies on it and
    # joins its zone when it is placed (``follow``).
    transmute.combined_with = target
    target.combined.append(transmute)
    target.update_aspects()  # with what the Transmute grants it
    duration.start_counters(transmute)
    game.say(f"{transmute.title} combines with {target.title}")


def follow(spell: Card) -> None:
    """The Transmutes on a spell lie in its zone: they go where it is placed or moved."""
    for t in spell.combined:
        if t.bearer is not None and t.zone is not None and t in t.bearer.zones[t.zone]:
            t.bearer.zones.take(t, t.zone)
        t.bearer, t.zone = spell.bearer, spell.zone
        if spell.bearer is not None and spell.zone is not None:
            spell.bearer.zones.put(t, spell.zone)


# ---------------------------------------------------------------- Backlash
def backlash(game: Battle, fx: Effect, target: Card) -> None:
    """"When a Transmute or Abjuration successfully impacts upon a spell with Backlash, the controller of
    the Transmute or Abjuration takes Unblockable Harmony Dmg equal to the Backlash rating" — part of the
    impact (no Response phase), and even on the Magi's own spells."""
    rating = sum(int(a.value) for a in target.aspects if a.name == "Backlash" and isinstance(a.value, int))
    if rating <= 0:
        return
    lost = game.lose(fx.controller, Energy.HARMONY, rating)
    game.say(f"{fx.controller.name} takes {lost} Unblockable Harmony Dmg: Backlash {rating} of {target.title}")


# ---------------------------------------------------------------- Dormant and Re-activate
def dormant(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """"Spells that are not active cannot be made Dormant"; the Transmutes on it sleep with it."""
    if not isinstance(target, Card) or not target.active:
        return
    target.dormant = True
    target.update_aspects()  # its Transmutes sleep with it (or, a Transmute, it grants its spell nothing)
    game.say(f"{target.title} goes Dormant" + (" with " + ", ".join(t.title for t in target.combined)
                                               if target.combined else ""))
    game.queue_event("this goes Dormant", card=target)


def reactivate(game: Battle, fx: Effect, aspect: Aspect, target: Any, amount: int) -> None:
    """"When a spell re-activates, it simply resumes being Active. It does not impact" — and no
    "activation" effect fires: nothing is called but the change of state."""
    if not isinstance(target, Card) or target.place is not Place.IN_PLAY or not target.dormant:
        return
    target.dormant = False
    target.update_aspects()
    game.say(f"{target.title} re-activates")
    game.queue_event("this re-activates", card=target)  # an event of its own: no "activation" fires


def is_dormant(card: Card) -> bool:
    """In play but not active: Dormant itself, or combined with a Dormant spell."""
    return card.place is Place.IN_PLAY and not card.active


DIRECTIVES: dict[str, Any] = {"dormant": dormant, "reactivate": reactivate}
