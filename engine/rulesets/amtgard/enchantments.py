"""Enchantments ("ongoing abilities that remain until they are used up or removed"): who may bear which, and
what death, respawn, a return to life and removal do to them."""

from __future__ import annotations

from spellc.engine.rulesets.amtgard import armor, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.players import Enchantment, Player


def magical_limit(field: Battlefield, bearer: Player) -> int:
    """How many magical enchantments the bearer may carry: "Players may only carry one magical enchantment at a
    time", one more for each enchantment worn that raises the limit (Attuned, chosen: it is (ex), so it does not
    "count towards enchantment limits" itself)."""
    return 1 + sum(1 for e in bearer.enchantments if field.library[e.title].raises_limit)


def why_not_enchant(field: Battlefield, caster: Player, target: Player, card: AbilityCard) -> str | None:
    """"Enchantments may only be cast on willing players"; "Players may only carry one magical enchantment at a
    time. A player may not have more than one (ex) enchantment of the same name"; "Enchantments which grant Magic
    Armor fail when targeting a player with worn armor". Immunities do not matter: "An Enchantment can always be
    cast onto a player, regardless of any Immunity, other Enchantment, or other effect ... except for restriction
    that affect Enchantments specifically, such as Essence Graft": a worn enchantment that bars magical ones
    refuses them, not the (ex) ones (they do not "count for the purposes of Attuned, Essence Graft")."""
    if target is not caster and not target.willing:
        return f"Enchantments: {target.name} is not willing, and enchantments go only on willing players"
    graft = next((e.title for e in target.enchantments if field.library[e.title].bars_enchantments), None)
    if card.magical and graft is not None:
        return (f"Enchantments: {target.name} wears {graft}, and no other magical enchantment may be cast on its "
                "bearer")
    magical = [e.title for e in target.enchantments if field.library[e.title].magical]
    limit = magical_limit(field, target)
    if card.magical and len(magical) >= limit:
        if limit == 1:
            return (f"Enchantments: {target.name} carries {magical[0]}, and a player carries one magical "
                    "enchantment at a time")
        raisers = " and ".join(e.title for e in target.enchantments if field.library[e.title].raises_limit)
        return (f"Enchantments: {target.name} carries {' and '.join(magical)}, and a player wearing {raisers} "
                f"carries {limit} magical enchantments at a time")
    if not card.magical and target.enchantment(card.title) is not None:
        return f"Enchantments: {target.name} already has {card.title}, and no two (ex) enchantments of one name"
    if card.magic_armor and target.wears_armor():
        return f"Magic Armor: {target.name} wears armor, and {card.title}, granting Magic Armor, fails on it"
    return None


def enchant(field: Battlefield, caster: Player, target: Player, card: AbilityCard) -> Enchantment:
    """The enchantment is worn: its inherent States and Magic Armor with it."""
    worn = Enchantment(field.new_id(), card.title, caster.name, strips=card.strips,
                       granted={title: uses.count for title, uses in card.granted})
    target.enchantments.append(worn)
    impart(field, target, worn)
    armor.armor_granted(target, card.magic_armor)
    field.say(f"{target.name} is enchanted with {card.title}")
    return worn


def impart(field: Battlefield, bearer: Player, worn: Enchantment) -> None:
    """Its inherent States, on the bearer while it is active (again, on a return to life)."""
    for grant in field.library[worn.title].grants:
        states.gain_state(field, bearer, (grant.state, grant.detail), None, worn.title, enchantment=worn.id)


def remove(field: Battlefield, bearer: Player, worn: Enchantment, why: str) -> None:
    """"[Inherent States] are removed when the Enchantment is removed, except for Cursed"; Magic Armor lowered
    to what is left. Removing what raised the limit (Attuned) removes the magical enchantment that took the place
    it made, the last cast (chosen: the bearer never carries more than the limit)."""
    if worn not in bearer.enchantments:
        return  # already gone with the Attuned that made its place
    bearer.enchantments.remove(worn)
    for key, held in list(bearer.states.items()):
        if held.enchantment == worn.id and key[0] != "Cursed":
            states.lose_state(field, bearer, key)
        elif held.enchantment == worn.id:
            held.enchantment = None  # Cursed stays, no longer held by the enchantment
    armor.armor_removed(field, bearer)
    field.say(f"{bearer.name} loses {worn.title} ({why})")
    if field.library[worn.title].raises_limit:
        magical = [e for e in bearer.enchantments if field.library[e.title].magical]
        for extra in magical[magical_limit(field, bearer):][::-1]:
            remove(field, bearer, extra, f"{worn.title} is gone, and with it the place it made")


def spend_strip(field: Battlefield, bearer: Player, worn: Enchantment) -> None:
    """"Enchantments that have a definite number of uses ... are removed when their last use is expended even if
    ineffective against their target"."""
    if worn.strips is None:
        return
    worn.strips -= 1
    field.say(f"{worn.title} of {bearer.name} loses a strip ({worn.strips} left)")
    if worn.strips <= 0:
        remove(field, bearer, worn, "its last use")


def deactivate(bearer: Player) -> None:
    """"If a player bearing an Enchantment is killed the Enchantment remains but becomes inactive"."""
    for worn in bearer.enchantments:
        worn.active = False


def reactivate(field: Battlefield, bearer: Player) -> None:
    """"If the person is returned to life ... Enchantments are preserved and will function again"."""
    for worn in bearer.enchantments:
        worn.active = True
        impart(field, bearer, worn)


def on_respawn(field: Battlefield, bearer: Player) -> None:
    """"Respawning removes any Enchantments from a player unless the Enchantments are Persistent"."""
    for worn in list(bearer.enchantments):
        if not field.library[worn.title].persistent:
            remove(field, bearer, worn, "respawn")
        else:
            worn.active = True
            impart(field, bearer, worn)
            armor.armor_granted(bearer, field.library[worn.title].magic_armor)


def on_voluntary_death(field: Battlefield, bearer: Player) -> None:
    """"If a player voluntarily takes a death, all Enchantments carried are removed"."""
    for worn in list(bearer.enchantments):
        remove(field, bearer, worn, "a voluntary death")


def remove_own(field: Battlefield, bearer: Player, title: str) -> str | None:
    """"Players may remove any worn enchantments from themselves by declaring that they are doing so"; why not,
    or None when done."""
    worn = bearer.enchantment(title)
    if worn is None:
        return f"Enchantments: {bearer.name} wears no {title}"
    remove(field, bearer, worn, "declared removed")
    return None
