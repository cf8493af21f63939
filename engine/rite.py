"""Spells that take several Full Actions: the ``! # Actions`` requirement and the Rite zone.

Glossary terms played here: Actions ("# Actions"), Rite Zone.

"The spell is Spoken then placed in the Rite zone until the Magi has enough Full Actions invested into
the spell, at which time the spell is treated like any other just-Spoken spell: choose target, pay costs
and handle Response phase." Casting it spends the first Full Action; each later turn the Magi may
*advance* it with another Full Action, and the last one makes it emerge (``casting.cast_spoken``).
"If the player takes a Full Action for anything ... other than advancing a Rite zone spell, all spells in
the Rite zone are discarded" (``casting.drop_rite``, called by every other Full Action); Free Actions
leave the Rite zone alone; Disrupt empties it (``behaviours.disrupt``).

A spell starts its rite only when it could be cast now (``casting.why_not``); its Voice, when Intoned,
comes as it is Spoken. Starting a new "# Actions" spell invests a Full Action in a Rite zone spell, so
it discards nothing already there. "Adding Free Action to a spell that costs # Actions only reduces the
Full Action requirement by 1"; Absolute Free Action makes it a Free Action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Energy
from engine.decisions import Act, Choice, Flow
from engine.state import Being, Card, Place

if TYPE_CHECKING:
    from engine.rules import Game

RULES = frozenset({"req_actions", "rite_zone"})
INVESTED = "actions"  # the counter of Full Actions invested in a Rite zone spell


def printed_actions(card: Card) -> int:
    """The Full Actions a spell's ``! # Actions`` requirement asks for (1 without one)."""
    counts = [r.count or 1 for r in card.spec.requirements if r.form == "Actions" and r.timing.at_cast]
    return max(counts, default=1)


def full_actions(game: Game, caster: Being, card: Card) -> int:
    """How many Full Actions casting ``card`` takes now, Free Action and passive effects counted."""
    from engine import casting

    names = {a.name for a in casting.provisional(game, caster, card).aspects()}
    if "Absolute Free Action" in names:
        return 0
    return max(0, printed_actions(card) - ("Free Action" in names))


def begin(game: Game, caster: Being, card: Card, spoken: str) -> None:
    """The first Full Action: the Spoken spell goes to the caster's Rite zone."""
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
             f"(1 of {full_actions(game, caster, card)} Full Actions)")


def options(game: Game, b: Being) -> list[Choice]:
    """Advancing a Rite zone spell is a Full Action; the last one needs the spell castable now."""
    from engine import casting

    if b.full_actions <= 0 or b.interrupt_stones:
        return []
    out = []
    for card in b.rite:
        completes = card.counters.get(INVESTED, 0) + 1 >= full_actions(game, b, card)
        if completes and casting.why_not(game, b, card) is not None:
            continue
        out.append(Choice(f'advance "{card.title}" in the Rite zone', Act("rite", card.id)))
    return out


def advance(game: Game, b: Being, card: Card) -> Flow[None]:
    from engine import casting

    invested = card.counters.get(INVESTED, 0) + 1
    need = full_actions(game, b, card)
    if invested < need:
        b.full_actions -= 1
        card.counters[INVESTED] = invested
        game.say(f"{b.name} invests a Full Action in {card.title} ({invested} of {need})")
        return
    card.counters.pop(INVESTED, None)
    game.say(f"{card.title} emerges from the Rite zone")
    # "at which time the spell is treated like any other just-Spoken spell": its trigger runs first.
    yield from game.emit_event("this emerges from Rite zone", card=card)
    yield from casting.cast_spoken(game, b, card, "silent", from_rite=True)
