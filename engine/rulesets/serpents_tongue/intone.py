"""Intone (the Cast Cycle's first step): "The Magi can choose to Speak the cast phrase in order to gain Voice;
otherwise skip this step" — and a Miscast, at the risk of which it is Spoken.

Glossary terms played here: Spoken, Miscast, Eloquent.
"""

from __future__ import annotations

from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue.cards import Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import (
    Being,
    Card,
    Kind,
    Place,
    aspect_named,
)

SPOKEN = (Choice("silent", "silent"), Choice("intone", "intoned"), Choice("miscast", "miscast"))


def speak(game: Battle, caster: Being, card: Card) -> Flow[str]:
    """How ``caster`` Speaks ``card``: silently, Intoned, or Miscast — an Eloquent spell must be Spoken."""
    eloquent = "Eloquent" in card.names
    if not (game.options.intoning or eloquent) or caster.kind is not Kind.MAGI:
        return "silent"
    options = SPOKEN[1:] if eloquent else SPOKEN  # an Eloquent spell must be Spoken to be cast
    pick = yield from game.ask("speak", caster, f"how does {caster.name} cast {card.title}?", options, card)
    return str(pick.value)


def miscast(game: Battle, caster: Being, card: Card) -> None:
    """"Kotukh!": -1 Harmony (and Eloquent X more), every other being +1 Resonance, the spell goes back
    to the unprepared Codex; no Full Action is lost, but the turn passes."""
    eloquent = aspect_named(card.aspects, "Eloquent")
    extra = int(eloquent.value) if eloquent and isinstance(eloquent.value, int) else 0
    game.lose(caster, Energy.HARMONY, 1 + extra)
    for other in game.beings:
        if other is not caster:
            game.gain(other, Energy.RESONANCE, 1)
    for pile in (caster.prepared, caster.codex):
        if card in pile:
            pile.remove(card)
    card.place = Place.CODEX
    caster.codex.append(card)
    caster.miscast_this_turn.add(card.title)
    if game.options.log:  # the line is written only for a log kept (Game.say)
        game.say(f"{caster.name} miscasts {card.title}: Kotukh!")
