"""States (seed 002, "States Defined"): gaining one, losing one, and what each forbids.

"A player can have any number of different States simultaneously. A State conferred by a class Trait ... is
always on and may not be removed by respawn, death, or any other means. A State may have a duration, after
which it expires. If a player would gain a State they are already affected by, the State's duration will simply
be adjusted to the new duration if it is longer ... Unless otherwise noted, States cannot apply to dead players
and are removed when a player dies or has an effect activate which allows the player struck to avoid death."
"""

from __future__ import annotations

from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.players import Held, Player, StateKey

# The States that shut a player off from abilities, and what still reaches it. Frozen and Insubstantial "Can only
# be affected by mechanics that work on States in general (such as Release) or [the State] in specific"; an
# Invulnerable player is "not affected by combat, abilities, etc that do not specifically work on Invulnerable
# players": not by Release either.
REACHED_BY = {"Frozen": ("States", "Frozen"), "Insubstantial": ("States", "Insubstantial"),
              "Invulnerable": ("Invulnerable",)}
SHUT_OFF = tuple(REACHED_BY)


def unaffected(player: Player, school: str | None, works_on: str | None = None) -> str | None:
    """Why an ability of ``school`` does not affect ``player`` ("Immune": not affected by abilities from a given
    School; Frozen, Insubstantial: only by what works on States, or on that State; Invulnerable: only by what
    works on it); None when it does. ``works_on``: the State the ability works on specifically, or "States" in
    general."""
    if player.immune_to(school):
        return f"Immune: {player.name} is Immune to {school}"
    for state, reached_by in REACHED_BY.items():
        if player.has(state) and works_on not in reached_by:
            return f"{state}: {player.name} is not affected by abilities that do not work on {state}"
    return None


def gain_state(field: Battlefield, player: Player, key: StateKey, seconds: int | None, source: str,
               enchantment: int | None = None, trait: bool = False, by: str | None = None,
               enchanted: bool = False) -> bool:
    """``player`` gains the State ``key`` for ``seconds`` (None: until removed), from the ability ``source`` of
    the player ``by`` (``enchanted``: by what a worn Enchantment does). "States cannot apply to dead players"
    (Cursed aside: it "persists after death"). Whether it took."""
    if not player.alive and not trait and key[0] != "Cursed":
        return False
    held = player.states.get(key)
    timed = (player.name, *key)
    if held is None or trait or enchantment is not None:
        player.states[key] = Held(source, enchantment, trait, by, enchanted)
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


INSUBSTANTIAL: StateKey = ("Insubstantial", None)


def why_not_return(player: Player) -> str | None:
    """Why ``player`` may not return to the physical world now, "Rule: reason"; None when it may. It "May remove
    this State from themselves at any time by Incanting “I return to the physical world” x2 provided they are
    the cause of the State and the State was not imparted by an Enchantment. Otherwise, they must end the State
    as per the description of the responsible ability"."""
    held = player.states.get(INSUBSTANTIAL)
    if held is None:
        return f"Insubstantial: {player.name} is not Insubstantial"
    if held.trait:
        return f"Traits: {player.name}'s Insubstantial is a Trait's, and Traits may not be removed by any means"
    if held.by_enchantment:
        return (f"Insubstantial: {held.source}, an Enchantment, imparted it; {player.name} must end the State as "
                "per the description of the responsible ability")
    if held.by != player.name:
        return (f"Insubstantial: {held.by or 'another'}'s {held.source} caused it, not {player.name}; it must end "
                "as per the description of the responsible ability")
    return None


def return_to_the_physical_world(field: Battlefield, player: Player) -> None:
    """The event: ``player`` completes “I return to the physical world” x2 and is no longer Insubstantial.
    Called only once :func:`why_not_return` allows it. Like any incantation, starting it ended any other
    incantation or Chant (the caller's: casting.begin); moving its feet never interrupts it."""
    lose_state(field, player, INSUBSTANTIAL)
    field.say(f"{player.name} returns to the physical world: no longer Insubstantial")
