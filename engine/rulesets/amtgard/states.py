"""States (seed 002, "States Defined"): gaining one, losing one, and what each forbids.

"A player can have any number of different States simultaneously. A State conferred by a class Trait ... is
always on and may not be removed by respawn, death, or any other means. A State may have a duration, after
which it expires. If a player would gain a State they are already affected by, the State's duration will simply
be adjusted to the new duration if it is longer ... Unless otherwise noted, States cannot apply to dead players
and are removed when a player dies or has an effect activate which allows the player struck to avoid death."
"""

from __future__ import annotations

from engine.rulesets.amtgard.battlefield import Battlefield
from engine.rulesets.amtgard.players import Held, Player, StateKey

# "Frozen ... Can only be affected by mechanics that work on States in general (such as Release) or Frozen in
# specific"; Insubstantial and Invulnerable alike: the States that shut a player off from abilities.
SHUT_OFF = ("Frozen", "Insubstantial", "Invulnerable")


def unaffected(player: Player, school: str | None, works_on: str | None = None) -> str | None:
    """Why an ability of ``school`` does not affect ``player`` ("Immune": not affected by abilities from a given
    School; Frozen, Insubstantial, Invulnerable: only by what works on States, or on that State); None when it
    does. ``works_on``: the State the ability works on specifically, or "States" in general."""
    if player.immune_to(school):
        return f"Immune: {player.name} is Immune to {school}"
    for state in SHUT_OFF:
        if player.has(state) and works_on not in ("States", state):
            return f"{state}: {player.name} is not affected by abilities that do not work on {state}"
    return None


def gain_state(field: Battlefield, player: Player, key: StateKey, seconds: int | None, source: str,
               enchantment: int | None = None, trait: bool = False) -> bool:
    """``player`` gains the State ``key`` for ``seconds`` (None: until removed). "States cannot apply to dead
    players" (Cursed aside: it "persists after death"). Whether it took."""
    if not player.alive and not trait and key[0] != "Cursed":
        return False
    held = player.states.get(key)
    timed = (player.name, *key)
    if held is None or trait or enchantment is not None:
        player.states[key] = Held(source, enchantment, trait)
    if trait or enchantment is not None or seconds is None:
        field.clock.stop(timed)  # no end: outlasts any duration
    elif held is None or timed in field.clock:  # an untimed State held already is the longer
        field.clock.start(timed, seconds)
    return True


def removable(player: Player, key: StateKey, school: str | None) -> str | None:
    """Why the State ``key`` cannot be removed from ``player`` by an ability of ``school``; None when it can.
    "States ... imparted as an inherent part of Enchantments to their bearer cannot be removed in any way while
    the Enchantment is active"; "If a player is Immune to an effect which would remove a State ..., the State
    ... is not removed"."""
    held = player.states.get(key)
    if held is None:
        return f"States: {player.name} is not {key[0]}"
    if held.trait:
        return f"Traits: {player.name}'s {key[0]} is a Trait's, and Traits may not be removed by any means"
    if held.enchantment is not None and any(e.id == held.enchantment and (e.active or key[0] == "Cursed")
                                            for e in player.enchantments):
        return f"Enchantments: {player.name}'s {key[0]} is part of {held.source}, worn"
    if player.immune_to(school):
        return f"Immune: {player.name} is Immune to {school}, and so to what would remove its {key[0]}"
    return None


def lose_state(field: Battlefield, player: Player, key: StateKey) -> None:
    player.states.pop(key, None)
    field.clock.stop((player.name, *key))


def clear_states(field: Battlefield, player: Player) -> list[str]:
    """On death, or an effect that avoids it: every State but Cursed, a Trait's, and an active Enchantment's
    inherent ones (Heart of the Swarm's Stopped goes, since death makes its Enchantment inactive first)."""
    gone = []
    for key, held in list(player.states.items()):
        if key[0] == "Cursed" or held.trait:
            continue
        if held.enchantment is not None and any(e.id == held.enchantment and e.active for e in player.enchantments):
            continue
        lose_state(field, player, key)
        gone.append(key[0])
    return gone


def expire(field: Battlefield, keys: list[tuple[str, str, str | None]]) -> list[tuple[Player, StateKey]]:
    """The States whose duration ended, taken off their players; "the player it affected must declare, 'No
    longer [State that ended]'"."""
    ended = []
    for name, state, detail in keys:
        player = field.players[name]
        if player.states.pop((state, detail), None) is not None:
            field.say(f"{name}: no longer {state}" + (f" to {detail}" if detail else ""))
            ended.append((player, (state, detail)))
    return ended
