"""The words of the seed: Schools, types of ability, ranges, hit locations, States and Special Effects."""

from __future__ import annotations

from enum import StrEnum


class School(StrEnum):
    """"Abilities are divided into Schools." Wounds Kill "is always of the Death School"."""

    COMMAND = "Command"
    DEATH = "Death"
    FLAME = "Flame"
    NEUTRAL = "Neutral"
    PROTECTION = "Protection"
    SORCERY = "Sorcery"
    SPIRIT = "Spirit"
    SUBDUAL = "Subdual"


class Kind(StrEnum):
    """The type of an ability, as a class list denotes it."""

    VERBAL = "Verbal"
    ENCHANTMENT = "Enchantment"
    MAGIC_BALL = "Magic Ball"
    SPECIALTY_ARROW = "Specialty Arrow"
    META_MAGIC = "Meta-Magic"
    TRAIT = "Trait"
    ARCHETYPE = "Archetype"


class Reach(StrEnum):
    """"Self: Target must be the caster. Touch: Target may be Self or Others ... Other: Target must be other
    players or equipment that are in Touch range. 20': ... 50': ..."."""

    SELF = "Self"
    TOUCH = "Touch"
    OTHER = "Other"
    TWENTY = "20'"
    FIFTY = "50'"

    @property
    def feet(self) -> int:
        return {"20'": 20, "50'": 50}.get(self.value, 0)


LOCATIONS = ("torso", "left arm", "right arm", "left leg", "right leg")
LIMBS = LOCATIONS[1:]

# "States Defined": each State a player can bear. Immune and Resistant name what they are to ("Immune to Flame",
# "Resistant to wounds"); the others stand alone.
STATES = ("Cursed", "Fragile", "Frozen", "Immune", "Insubstantial", "Invulnerable", "Stopped", "Stunned",
          "Suppressed", "Resistant")
QUALIFIED = ("Immune", "Resistant")  # a State that names what it is to

# "Special Effects Defined".
SPECIAL_EFFECTS = ("Armor Breaking", "Armor Destroying", "Shield Crushing", "Shield Destroying",
                   "Weapon Destroying", "Wounds Kill")
