"""Hits (seed 002, "Magic Balls", "Specialty Arrows", "Special Effects Defined"): what a weapon, a Magic Ball or
an arrow does where it strikes — an armored location, a bare one, a shield, the garb — and the enchantments
that answer a hit, all at once; and what a projectile is, which Protection from Projectiles and Song of Deflection
stop and a Magic Ball is not.

"Special Effects granted to equipment are always Extraordinary. They have no associated School, except for
Wounds Kill, which is always of the Death School."
"""

from __future__ import annotations

from dataclasses import dataclass

from spellc.engine.rulesets.amtgard import armor, enchantments, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.players import Enchantment, Player
from spellc.engine.rulesets.amtgard.vocabulary import Kind, School

WEAPON = "a weapon"  # a melee weapon
# What a projectile is. The seed names the arrow ("Properly activated Specialty Arrows count as a normal hit from an
# arrow") and says that Magic Balls, thrown as they are, "are not stopped by Protection from Projectiles, Song of
# Deflection, or other similar abilities"; it lists no more. Chosen: a projectile is an arrow, a Specialty Arrow or
# a thrown weapon (a javelin, a rock, a throwing weapon, as the class lists say) — never a Magic Ball, never a
# melee weapon.
ARROW = "an arrow"
THROWN = "a thrown weapon"
WEAPONS = (WEAPON, ARROW, THROWN)  # what strikes without an ability (`Bo hits Ana's torso with an arrow`)
ARMOR_EFFECTS = ("Armor Breaking", "Armor Destroying")


@dataclass
class Hit:
    """What struck: a weapon (with the Special Effect it carries) or an ability's ball or arrow, and where."""

    attacker: Player
    target: Player
    location: str  # a hit location, "shield" or "cloak"
    ability: AbilityCard | None = None
    effects: tuple[str, ...] = ()  # its Special Effects: "A single event typically only has one relevant"
    weapon: str = WEAPON  # what the event says struck: one of WEAPONS, or the ability's title

    @property
    def school(self) -> str | None:
        if "Wounds Kill" in self.effects:
            return School.DEATH.value
        return self.ability.school.value if self.ability else None

    @property
    def armor_effect(self) -> str | None:
        """The Special Effect that matters to armor ("armor is not affected by Wounds Kill")."""
        return next((e for e in self.effects if e in ARMOR_EFFECTS), None)

    @property
    def melee(self) -> bool:
        return self.ability is None and self.weapon == WEAPON

    @property
    def projectile(self) -> bool:
        """An arrow, a Specialty Arrow or a thrown weapon; a Magic Ball is not one Protection from Projectiles
        stops."""
        if self.ability is not None:
            return self.ability.kind is Kind.SPECIALTY_ARROW
        return self.weapon in (ARROW, THROWN)


def effects_of(field: Battlefield, attacker: Player, ability: AbilityCard | None, weapon: str
               ) -> tuple[tuple[str, ...], Enchantment | None]:
    """The Special Effects of what strikes: a ball's or an arrow's own, a melee weapon's (carried_effects). A plain
    arrow or thrown weapon carries none (chosen: `Bo wields Wounds Kill` and an enchantment's Special Effect name
    the melee weapon a player swings)."""
    if ability is not None:
        return ability.special_effects, None
    if weapon == WEAPON:
        return carried_effects(field, attacker)
    return (), None


def carried_effects(field: Battlefield, attacker: Player) -> tuple[tuple[str, ...], Enchantment | None]:
    """The Special Effect an attacker's weapon carries from an enchantment (Poison: Wounds Kill), and that
    enchantment, whose use the hit spends "even if ineffective against their target"."""
    for worn in attacker.enchantments:
        effects = field.library[worn.title].special_effects
        if worn.active and effects:
            return effects, worn
    return attacker.weapon_effects, None


def shut_off(hit: Hit) -> str | None:
    """Frozen, Insubstantial, Invulnerable: "the player and their carried or worn equipment is not affected by
    combat, abilities, etc."; Subdual balls "have no effect on equipment that is not being carried"."""
    for state in states.SHUT_OFF:
        if hit.target.has(state):
            return f"{state}: {hit.target.name} and its equipment are not affected"
    return None


def strike_equipment(field: Battlefield, hit: Hit) -> None:
    """A hit to a shield or a weapon: "A hit to a shield ... with the Shield Destroying Special Effect destroys the
    shield"; "Three hits to a shield ... with the Shield Crushing Special Effect destroys the shield. Hits do not
    all have to be from the same source"; "A weapon hit by an effect with the Weapon Destroying Special Effect is
    destroyed"; Subdual balls "have no effect on equipment that is not being carried"."""
    item = hit.target.equipment.get(hit.location)
    if item is None or item.destroyed:
        return
    if hit.ability is not None and hit.ability.school is School.SUBDUAL and not item.carried:
        field.say(f"{hit.ability.title} has no effect on {hit.target.name}'s {item.name}, which is not carried")
        return
    if f"{item.name.capitalize()} Destroying" in hit.effects:
        item.destroyed = True
    elif "Shield Crushing" in hit.effects and item.name == "shield":
        item.crushed += 1
        item.destroyed = item.crushed >= 3
    field.say(f"{hit.target.name}'s {item.name} " + ("is destroyed" if item.destroyed else "holds")
              + (f" ({item.crushed} Shield Crushing hits)" if item.crushed else ""))


def stops_projectile(field: Battlefield, hit: Hit) -> str | None:
    """The enchantment that keeps a projectile off its bearer, or None. "Magic Balls are not stopped by Protection
    from Projectiles, Song of Deflection, or other similar abilities": what they stop are projectiles (an arrow, a
    Specialty Arrow, a thrown weapon), struck at their bearer while they are active (an inactive enchantment, its
    bearer dead, stops nothing). Their bearer is unaffected: no wound, and no listed effect of a Specialty Arrow.
    What the bearer wears or carries is not the bearer (chosen, as the seed says of Immunities: "Immunities do not
    extend beyond the player or object that has them. Example: A player with Immunity to Flame can still have their
    armor destroyed by a Fireball"): the armor struck still takes the hit, and a shield or a weapon struck is still
    affected (a Destruction Arrow's Shield Destroying)."""
    if not hit.projectile:
        return None
    return next((worn.title for worn in hit.target.enchantments
                 if worn.active and field.library[worn.title].stops_projectiles), None)


def reaches_player(hit: Hit) -> bool:
    """Whether a ball striking equipment goes on to the player: "Magic Balls discharge and attempt to affect the
    first valid player or wielded equipment they strike" — carried equipment is the player's; a shield put down is
    not."""
    item = hit.target.equipment.get(hit.location)
    return item is not None and item.carried and not item.destroyed


def strike_body(field: Battlefield, hit: Hit) -> bool:
    """A hit to a location (the cloak counts as the torso: "Garb strikes count as hitting the player if the Magic
    Ball would have continued on to hit the player"): its armor takes the hit, or the player takes a wound;
    whether a wound was received."""
    target, loc = hit.target, "torso" if hit.location == "cloak" else hit.location
    if (hit.ability is not None and hit.ability.kind is Kind.MAGIC_BALL
            and (armor.points(target, loc) == 0 or hit.armor_effect is None)):
        return False  # a ball does what its card says (its steps, its armor effect), and deals no wound of its own
    if armor.points(target, loc) > 0:
        enhanced = any(e.active and field.library[e.title].enhances_armor for e in target.enchantments)
        lost = armor.strike_armor(target, loc, hit.armor_effect, enhanced)
        field.say(f"{target.name}'s {loc} loses {lost} point{'s' if lost != 1 else ''} of armor "
                  f"({armor.points(target, loc)} left)")
        return False
    if hit.ability is not None and target.immune_to(hit.ability.school.value):
        field.say(f"{hit.ability.title} does not wound {target.name}: Immune to {hit.ability.school}")
        return False
    if target.has("Resistant", "wounds"):
        field.say(f"{target.name} is Resistant: the wound is not received")
        resisted(field, target, ("Resistant", "wounds"))
        return False
    # After the Immunities and the Resistances, as "Effects on a player trigger in this order: Traits, Immunities,
    # Resistances, Other Enchantments": a Resistance to wounds is spent on an arrow its bearer's Song of Deflection
    # would have stopped too (chosen: the seed's order, read as it is written).
    stopper = stops_projectile(field, hit)
    if stopper:
        field.say(f"{stopper} stops {hit.weapon}: {target.name} is unaffected")
        return False
    target.wounds.add(loc)
    field.say(f"{target.name} is wounded in the {loc}")
    return True


def resisted(field: Battlefield, player: Player, key: tuple[str, str | None]) -> None:
    """"The player is unaffected by the next effect of a given type": the Resistance is spent — a use of the
    enchantment it is part of (Blessing Against Harm: removed at its last), or the State itself."""
    held = player.states[key]
    worn = next((e for e in player.enchantments if e.id == held.enchantment), None)
    if worn is not None and worn.strips is not None:
        enchantments.spend_strip(field, player, worn)
    elif not held.trait and worn is None:
        states.lose_state(field, player, key)


def fatal(hit: Hit, wounded: bool) -> str | None:
    """Why the hit kills (the death is the game's to play, in the order of abilities); None when it does not."""
    if not wounded:
        return None
    target, loc = hit.target, "torso" if hit.location == "cloak" else hit.location
    if armor.wound_kills(target, loc):
        return f"a wound to the {loc}" if loc == "torso" else "a second limb lost"
    if target.has("Fragile"):
        return "Fragile: dies on the next wound"
    if "Wounds Kill" in hit.effects:
        return "Wounds Kill"
    return None
