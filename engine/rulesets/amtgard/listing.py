"""The choices a timeline offers, each made once a match. An event's words (its label) and its value are made of
names and titles alone, so the choices of one player's incantation, of one player's hits on another, are the very
objects listed again at the next event while what allows them stays the same (a Choice never changes). Making
the same few hundred labels anew at every event was most of a random timeline's time (issue 27).

A table is keyed by what its choices are made from (a player's name, an ability's title, the meta-magics stated,
the balls and places a hit may have), never by a player or anything else that changes: a key found is the same
words again. It belongs to one match, and is made anew for a copy (Game.__getstate__)."""

from __future__ import annotations

from spellc.engine.core.decisions import Choice
from spellc.engine.rulesets.amtgard import hits
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.vocabulary import LOCATIONS

RETURNS = "returns to the physical world"  # the event's words after the player's name
ITEMS = ("shield", "weapon", "cloak")  # equipment a hit may strike, in the order its places are listed

Key = tuple[object, ...]


class Listing:
    __slots__ = ("names", "made")

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()  # the players a completion may target, in the field's order
        self.made: dict[Key, list[Choice]] = {}

    def seat(self, names: tuple[str, ...]) -> None:
        """The players on the field now: a completion is listed at each, so other players (a test seats them
        between two listings) make other lists."""
        if names != self.names:
            self.names = names
            self.made.clear()

    def completions(self, who: str, card: AbilityCard, with_: tuple[str, ...]) -> list[Choice]:
        """``card`` completed at every player, a valid target or not (Game.complete), or thrown."""
        key = ("complete", who, card.title, with_)
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = completions(who, card, self.names, with_)
        return made

    def uses(self, who: str, card: AbilityCard, metas: tuple[str, ...]) -> list[Choice]:
        """``card`` begun with no meta-magic, with each of ``metas``, and with all of them (two or more), each
        followed by its completions."""
        key = ("use", who, card.title, metas)
        made = self.made.get(key)
        if made is None:
            made = []
            for with_ in ((), *((m,) for m in metas), *([metas] if len(metas) > 1 else [])):
                said = f" with {' and '.join(with_)}" if with_ else ""
                made.append(Choice(f"{who} begins {card.title}{said}", ("begin", who, card.title, with_)))
                made += self.completions(who, card, with_)
            self.made[key] = made
        return made

    def hits(self, who: str, target: str, ball: str | None, heated: bool, equipment: tuple[str, ...]
             ) -> list[Choice]:
        """``who`` striking ``target`` with what it may strike with (no melee weapon while heated; its active ball)
        at each location and each piece of ``equipment`` ``target`` has."""
        key = ("hit", who, target, ball, heated, equipment)
        made = self.made.get(key)
        if made is None:
            weapons = [*hits.WEAPONS, *([ball] if ball else [])]
            if heated:  # a heated weapon is not wielded; arrows and thrown weapons are others
                weapons.remove(hits.WEAPON)
            places = [*LOCATIONS, *(item for item in ITEMS if item in equipment)]
            made = self.made[key] = [Choice(f"{who} hits {target}'s {where} with {what}",
                                            ("hit", who, target, where, what))
                                     for what in weapons for where in places]
        return made

    def own(self, name: str, alive: bool, chanting: bool, returns: bool, incanting: bool, removes: tuple[str, ...],
            charges: tuple[str, ...]) -> list[Choice]:
        """The events of one player's that ask nothing of another, by whether it is alive, chanting, may return to
        the physical world, is incanting, and by the enchantments it may remove and the abilities it may charge."""
        key = ("own", name, alive, chanting, returns, incanting, removes, charges)
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = own(name, alive, chanting, returns, incanting, removes, charges)
        return made

    def passes(self, pauses: tuple[int, ...]) -> list[Choice]:
        key = ("pass", pauses)
        made = self.made.get(key)
        if made is None:
            made = self.made[key] = [Choice(f"{n} s pass", ("pass", n)) for n in pauses]
        return made


def completions(who: str, card: AbilityCard, names: tuple[str, ...], with_: tuple[str, ...]) -> list[Choice]:
    said = f" with {' and '.join(with_)}" if with_ else ""
    if card.thrown:
        return [Choice(f"{who} completes {card.title}{said}", ("complete", who, card.title, who, with_))]
    return [Choice(f"{who} completes {card.title} on {t}{said}", ("complete", who, card.title, t, with_))
            for t in names]


def own(name: str, alive: bool, chanting: bool, returns: bool, incanting: bool, removes: tuple[str, ...],
        charges: tuple[str, ...]) -> list[Choice]:
    out = ([Choice(f"{name} dies", ("dies", name)),
            Choice(f"{name} takes a voluntary death", ("voluntary death", name))] if alive else
           [Choice(f"{name} respawns", ("respawn", name)),
            Choice(f"{name} is returned to life", ("return to life", name))])
    if chanting:
        out.append(Choice(f"{name} stops chanting", ("stop chanting", name)))
    if returns:
        out.append(Choice(f"{name} {RETURNS}", ("return to the physical world", name)))
    if incanting:
        out.append(Choice(f"{name} is interrupted", ("interrupt", name)))
        out.append(Choice(f"{name} moves", ("moves", name)))
    out += [Choice(f"{name} removes {title}", ("remove", name, title)) for title in removes]
    out += [Choice(f"{name} charges {title}", ("charge", name, title)) for title in charges]
    return out
