"""Chants (seed 002, "Chant"): the audible part some abilities keep going to keep their effect.

"An audible component required by some abilities that sustains their continuing function. Under normal
circumstances a player may voluntarily end an ability with an ongoing chant at any time ... Failure to Chant ends
the effect. May be spoken while moving. Only one Chant can be maintained at a time." And "Starting an incantation
... interrupts any other Incantation or Chant". Its spacing of five seconds and its audibility to 50' are the
field's to hear: the reeve states when a chant stops.
"""

from __future__ import annotations

from spellc.engine.rulesets.amtgard import enchantments, ongoing
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.players import Player


def start_chant(field: Battlefield, player: Player, title: str) -> None:
    """``player`` chants for ``title``: "Only one Chant can be maintained at a time", so another one ends."""
    if player.chanting is not None and player.chanting != title:
        stop_chant(field, player, f"a Chant for {title} begins")
    player.chanting = title
    field.say(f"{player.name} chants for {title}")


def stop_chant(field: Battlefield, player: Player, why: str) -> None:
    """"Failure to Chant ends the effect": the enchantment the chant keeps (a Song) goes, and so do the Ongoing
    Effects its ability imparted (Elemental Barrage's)."""
    title, player.chanting = player.chanting, None
    if title is None:
        return
    field.say(f"{player.name}'s Chant for {title} ends ({why})")
    for worn in [w for w in player.enchantments if w.title == title]:
        enchantments.remove(field, player, worn, "its Chant ended")
    for other in field.players.values():
        held = other.ongoing.get(title)
        if held is not None and held.by == player.name:
            ongoing.end(field, other, title)
            field.say(f"{other.name} is no longer under {title}")


def stops_chanting(field: Battlefield, player: Player) -> None:
    """The event: ``player`` ends its chant, or fails to keep it (the reeve says which; the rules are the same)."""
    stop_chant(field, player, "it stops chanting")
