"""Ongoing Effects (seed 002, "Verbal"): what an ability leaves on a player beside States, for a duration or until
something removes it.

"Verbals can have an immediate effect or impart a State or an Ongoing Effect. Ongoing Effects may have a
duration, after which it expires. If a player would gain an Ongoing Effect they are already affected by, the
Ongoing Effect's duration will simply be adjusted to the new duration if it is longer than the current duration.
An Ongoing Effect without a duration continues until it is removed by some outside force or until a condition is
met. Unless otherwise noted, Ongoing Effects cannot apply when a player dies or has an ability activate which
allows the player struck to avoid death." An Ongoing Effect is named after the ability that imparts it (Terror);
what it forbids on the field (coming near the caster) is the field's to see, as the seed's physical rules are.
"""

from __future__ import annotations

from spellc.engine.rulesets.amtgard.battlefield import Battlefield, TimedKey
from spellc.engine.rulesets.amtgard.players import Held, Player

ONGOING = "Ongoing Effect"  # the clock's key of one: (player, ONGOING, the ability's title)


def key(player: Player, title: str) -> TimedKey:
    return (player.name, ONGOING, title)


def impart(field: Battlefield, player: Player, title: str, seconds: int | None, by: str | None = None) -> bool:
    """``player`` gains the Ongoing Effect of ``title`` for ``seconds`` (None: until removed); the longer
    duration is kept. It cannot apply to a dead player. ``by``: whose ability imparted it. Whether it took."""
    if not player.alive:
        return False
    held = player.ongoing.get(title)
    if held is None:
        player.ongoing[title] = Held(title, by=by)
    if seconds is None:
        field.clock.stop(key(player, title))  # no end: outlasts any duration
    elif held is None or key(player, title) in field.clock:  # an untimed one held already is the longer
        field.clock.start(key(player, title), seconds)
    return True


def heated(field: Battlefield, player: Player) -> str | None:
    """Why ``player`` may not wield their weapon now, or None. Heat Weapon "heat[s] that sword" for 30 s (chosen:
    it may not be wielded); a weapon is named by its holder, so the Ongoing Effect is kept on the player, and an
    ability whose card `heats a weapon` heats theirs while they are under it (granted by Gift of Flame or not)."""
    for title in player.ongoing:
        if title in field.library and field.library[title].heats_weapon:
            timed = key(player, title)
            left = field.clock.left(timed) if timed in field.clock else None
            return (f"{title}: {player.name}'s weapon is heated and may not be wielded"
                    + (f" ({left} s left)" if left is not None else ""))
    return None


def removable(player: Player, title: str, school: str | None) -> str | None:
    """Why the Ongoing Effect of ``title`` cannot be removed from ``player`` by an ability of ``school``: "If a
    player is Immune to an effect which would remove a State or Ongoing Effect, the State/Ongoing Effect is not
    removed"; None when it can."""
    if title not in player.ongoing:
        return f"Ongoing Effects: {player.name} is not under {title}"
    if player.immune_to(school):
        return f"Immune: {player.name} is Immune to {school}, and so to what would remove its {title}"
    return None


def end(field: Battlefield, player: Player, title: str) -> None:
    player.ongoing.pop(title, None)
    field.clock.stop(key(player, title))


def clear(field: Battlefield, player: Player) -> list[str]:
    """On death, or an ability that avoids it: every Ongoing Effect goes."""
    gone = list(player.ongoing)
    for title in gone:
        end(field, player, title)
    return gone


def expire(field: Battlefield, keys: list[TimedKey]) -> None:
    """The Ongoing Effects whose duration ended, taken off their players."""
    for name, _, title in keys:
        player = field.players[name]
        if title is not None and player.ongoing.pop(title, None) is not None:
            field.say(f"{name}: no longer under {title}")
