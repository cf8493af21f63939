"""Armor, Magic Armor and the Special Effects that strike them (seed 002: "Magic Armor", "Special Effects
Defined"), and wounds."""

from __future__ import annotations

from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.players import Player
from spellc.engine.rulesets.amtgard.vocabulary import LIMBS, LOCATIONS


def magic_armor_of(field: Battlefield, player: Player) -> int:
    """"If Magic Armor is granted from two different sources only the highest value present is used"."""
    return max((field.library[e.title].magic_armor for e in player.enchantments if e.active), default=0)


def armor_granted(player: Player, points: int) -> None:
    """An enchantment granting ``points`` to each location: when it is the new highest, every location has it;
    otherwise it is ignored."""
    if points and points > max(player.magic.values(), default=0):
        player.magic = dict.fromkeys(LOCATIONS, points)


def armor_removed(field: Battlefield, player: Player) -> None:
    """"If Stoneskin is removed the player will have a new Magic Armor maximum of 1 point. All locations greater
    than 1 point will be lowered to 1 point while all locations at 1 point or lower will remain unchanged"."""
    top = magic_armor_of(field, player)
    player.magic = {loc: min(n, top) for loc, n in player.magic.items() if min(n, top)}


def points(player: Player, loc: str) -> int:
    return player.magic.get(loc, 0) or player.armor.get(loc, 0)


def take_points(player: Player, loc: str, lost: int) -> None:
    if player.magic.get(loc):
        player.magic[loc] = max(0, player.magic[loc] - lost)
    else:
        player.armor[loc] = max(0, player.armor.get(loc, 0) - lost)


def strike_armor(player: Player, loc: str, effect: str | None, enhanced: bool) -> int:
    """A hit to an armored location: the points it takes. "Armor Breaking ... will immediately remove all Armor
    Points from the location struck if it currently has three or less Armor Points. Otherwise, the armor is
    affected as per a normal hit"; "Armor Destroying ... reduces the Armor Points to zero in that location". A
    worn armor enhanced (by an ability that ``enhances armor``: Ancestral Armor) loses one point to any hit;
    "Magic Armor can never benefit" from it."""
    have = points(player, loc)
    lost = 1
    if effect == "Armor Destroying" or (effect == "Armor Breaking" and have <= 3):
        lost = have
    if enhanced and not player.magic.get(loc):
        lost = min(lost, 1)
    take_points(player, loc, lost)
    return lost


def wound_kills(player: Player, loc: str) -> bool:
    """A wound to the torso kills, and so does the second limb lost (the core rules of combat)."""
    return loc == "torso" or len(player.wounds & set(LIMBS)) >= 2


def repair_armor(field: Battlefield, player: Player) -> None:
    """Worn armor back to its rating, and Magic Armor back to its highest source, at every location."""
    player.armor = dict(player.armor_rating)
    top = magic_armor_of(field, player)
    player.magic = dict.fromkeys(LOCATIONS, top) if top else {}
