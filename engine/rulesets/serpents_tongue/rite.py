"""Spells that take several Full Actions: the ``! # Actions`` requirement and the Rite zone.

Glossary terms played here: Actions ("# Actions"), Rite Zone.

"The spell is Spoken then placed in the Rite zone until the Magi has enough Full Actions invested into
the spell, at which time the spell is treated like any other just-Spoken spell: choose target, pay costs
and handle Response phase." Casting it spends the first Full Action; each later turn the Magi may
*advance* it with another Full Action, and the last one makes it emerge (``actions.advance_rite``).
"If the player takes a Full Action for anything ... other than advancing a Rite zone spell, all spells in
the Rite zone are discarded" (:func:`drop_rite`, called by every other Full Action); Free Actions
leave the Rite zone alone; Disrupt empties it (``behaviours.disrupt``).

A spell starts its rite only when it could be cast now (``casting.why_not``); its Voice, when Intoned,
comes as it is Spoken. Starting a new "# Actions" spell invests a Full Action in a Rite zone spell, so
it discards nothing already there. "Adding Free Action to a spell that costs # Actions only reduces the
Full Action requirement by 1"; Absolute Free Action makes it a Free Action.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from spellc.engine.core import modifiers
from spellc.engine.core.modifiers import Change, Mode
from spellc.engine.rulesets.serpents_tongue.cards import Aspect, Energy, SpellCard
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import Being, Card, Place

INVESTED = "actions"  # the counter of Full Actions invested in a Rite zone spell
ADDED = "Actions"  # the requirement a Transmute adds ("via a spell such as Prolong Cast")


@cache  # read for every spell that might be cast, at every decision
def printed_actions(spec: type[SpellCard]) -> int:
    """The Full Actions a spell's ``! # Actions`` requirement asks for (1 without one)."""
    counts = [r.count or 1 for r in spec.requirements if r.form == "Actions" and r.timing.at_cast]
    return max(counts, default=1)


def actions_needed(card: Card, aspects: Iterable[Aspect]) -> int:
    """How many Full Actions casting ``card`` takes with ``aspects`` (its own and what passive effects give
    it, as ``casting.full_actions`` gathers them): its printed count, changed by its aspects in the
    order they came ("Spells apply in the order they activate": Threnody's Absolute Free Action then Prolong
    Cast's added Full Action leave 1; the other way round, 0). Added ``N Actions`` add N; Free Action takes
    off 1, once ("Adding Free Action to a spell that costs # Actions only reduces the Full Action requirement
    by 1"); Absolute Free Action makes it a Free Action."""
    spec = card.spec
    # Its printed aspects alone (most spells, most of the time, asked at every decision): counted once a card.
    printed_only = aspects is spec.printed
    if printed_only:
        known = _PRINTED_NEEDED.get(spec)
        if known is not None:
            return known
    changes = []
    for a in aspects:
        if a.name == "Absolute Free Action":
            changes.append(Change(Mode.OVERRIDE, 0))
        elif a.name == "Free Action":
            changes.append(Change(Mode.ADD, -1, once="Free Action"))
        elif a.name == ADDED and isinstance(a.value, int):
            changes.append(Change(Mode.ADD, a.value))
    printed = printed_actions(spec)  # type: ignore[arg-type]  # classes hash by identity
    needed = modifiers.apply(printed, changes, arrival=True, floor=0) if changes else printed
    if printed_only:
        _PRINTED_NEEDED[spec] = needed
    return needed


_PRINTED_NEEDED: dict[type[SpellCard], int] = {}  # actions_needed of each card with its printed aspects alone


def invested(card: Card) -> int:
    return card.counters.get(INVESTED, 0)


def begin(game: Battle, caster: Being, card: Card, spoken: str, need: int) -> None:
    """The first Full Action of the ``need`` it takes: the Spoken spell goes to the caster's Rite zone."""
    for pile in (caster.prepared, caster.codex):
        if card in pile:
            pile.remove(card)
    card.place = Place.RITE
    card.caster = card.controller = caster
    card.counters[INVESTED] = 1
    caster.rite.append(card)
    caster.full_actions -= 1
    if spoken == "intoned":
        game.gain(caster, Energy.VOICE, card.spec.fluency)
    game.say(f"{caster.name} speaks {card.title} into the Rite zone "
             f"(1 of {need} Full Actions)")


def prolong(game: Battle, caster: Being, card: Card, need: int) -> None:
    """"A spell that has Action requirements added to it (via a spell such as Prolong Cast) moves into the
    Rite zone (and may be re-targeted when it emerges)": ``caster``'s manifesting spell, now needing ``need``
    Full Actions, more than were spent on it, leaves the stack for the Rite zone with those counted as
    invested. Its costs were paid as it was cast; it pays none again when it emerges (``Card.prolonged``)."""
    spent = card.counters.get(INVESTED, 0)
    if need <= spent:
        return
    card.place = Place.RITE
    card.prolonged = True
    caster.rite.append(card)
    game.say(f"{card.title} needs {need} Full Actions now and moves into {caster.name}'s Rite zone "
             f"({spent} of {need})")


def drop_rite(game: Battle, caster: Being) -> None:
    """A Full Action for anything but a Rite zone spell discards every spell in the Rite zone."""
    for card in list(caster.rite):
        game.say(f"{card.title} is discarded from the Rite zone")
        game.discard(card)
