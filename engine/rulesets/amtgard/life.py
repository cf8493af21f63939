"""Death and life (seed 002): the order in which abilities answer a death, and what death, a respawn, a return
to life and a voluntary death do to a player's States, Enchantments, wounds and uses.

"When two abilities would take effect simultaneously: Effects on a player trigger in this order: Traits,
Immunities, Resistances, Other Enchantments. Other Enchantment effects trigger at the same time, even if the
result of one would prevent another."
"""

from __future__ import annotations

from spellc.engine.core.decisions import Flow
from spellc.engine.core.steps import Asker, Do, actions, run
from spellc.engine.rulesets.amtgard import armor, chants, enchantments, ongoing, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.effects import KINDS, Effect, describe
from spellc.engine.rulesets.amtgard.players import Player

AVOID = Do("avoid death")


def clear_effects(field: Battlefield, player: Player) -> None:
    """"States cannot apply to dead players and are removed when a player dies or has an effect activate which
    allows the player struck to avoid death" (Cursed aside), and "Ongoing Effects cannot apply" then either."""
    states.clear_states(field, player)
    ongoing.clear(field, player)


def dies(field: Battlefield, player: Player, school: str | None, cause: str) -> Flow[list[Player]]:
    """``player`` would die of ``cause`` (an effect of ``school``, or None). Immunities first ("players wounded by
    objects with the Wounds Kill Special Effect are killed", and Wounds Kill "is always of the Death School");
    then every active Enchantment that answers a death, all at once: if one avoids it, the player lives, its
    States removed as on a death (Cursed aside), and every one of them plays its steps. The deaths those steps
    owe, in turn."""
    if not player.alive:
        return []
    if player.immune_to(school):
        field.say(f"{player.name} is not killed by {cause}: Immune to {school}")
        return []
    answering = [(worn, field.library[worn.title]) for worn in player.enchantments
                 if worn.active and field.library[worn.title].on("dies")]
    avoided = any(AVOID in actions(card.on("dies")) for _, card in answering)
    if avoided:
        clear_effects(field, player)
        field.say(f"{player.name} would die ({cause}); {', '.join(c.title for _, c in answering)} answer")
    else:
        player.alive = False
        player.incanting, player.metas, player.active_ball = None, (), None
        chants.stop_chant(field, player, "its death")  # a dead player chants no more
        enchantments.deactivate(player)  # first: an inactive enchantment's States go with the rest
        clear_effects(field, player)
        armor.armor_removed(field, player)
        field.say(f"{player.name} dies ({cause})")
    owed: list[Player] = []
    for worn, card in answering:
        fx = Effect(field, card, player, player, worn=worn, bearer=player)
        yield from run(card.on("dies"), fx, KINDS, Asker(player.name, card.title, describe))
        owed += fx.deaths
    return owed


def respawn(field: Battlefield, player: Player) -> None:
    """A new life: its per-life uses back, its wounds gone, every State gone but a Trait's (Cursed "is removed
    on respawn"), its Enchantments gone unless Persistent."""
    player.alive = True
    player.wounds.clear()
    for key, held in list(player.states.items()):
        if not held.trait:
            states.lose_state(field, player, key)
    ongoing.clear(field, player)
    for title, uses in player.abilities.items():
        if uses.per == "life":
            player.uses_left[title] = uses.count
    enchantments.on_respawn(field, player)
    field.say(f"{player.name} respawns")


def return_to_life(field: Battlefield, player: Player) -> None:
    """"If the person is returned to life, as opposed to respawning, then Enchantments are preserved and will
    function again" (and re-apply their States: Heart of the Swarm's Stopped)."""
    player.alive = True
    player.wounds.clear()
    enchantments.reactivate(field, player)
    for worn in player.enchantments:
        armor.armor_granted(player, field.library[worn.title].magic_armor)
    field.say(f"{player.name} is returned to life")


def voluntary_death(field: Battlefield, player: Player) -> None:
    """"If a player voluntarily takes a death, all Enchantments carried are removed"."""
    enchantments.on_voluntary_death(field, player)
    player.alive = False
    chants.stop_chant(field, player, "its death")
    clear_effects(field, player)
    player.incanting, player.metas, player.active_ball = None, (), None
    field.say(f"{player.name} takes a voluntary death")
