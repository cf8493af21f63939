"""What holds after every event of a timeline (the random timelines check it)."""

from __future__ import annotations

from spellc.engine.core.match import Match
from spellc.engine.rulesets.amtgard import armor, enchantments
from spellc.engine.rulesets.amtgard.game import Game


def of_match(match: Match) -> list[str]:
    assert isinstance(match.game, Game)
    return broken(match.game)


def broken(game: Game) -> list[str]:
    out: list[str] = []
    field = game.field
    for key in field.clock:
        left = field.clock.left(key)
        if left is not None and left < 0:
            out.append(f"{key} has {left} s left")
    for p in field.players.values():
        magical = [e.title for e in p.enchantments if field.library[e.title].magical]
        # One at a time, one more while wearing Attuned (enchantments.magical_limit); none cast after Essence Graft
        # (the list is in the order they were cast).
        limit = enchantments.magical_limit(field, p)
        if len(magical) > limit:
            out.append(f"{p.name} carries {len(magical)} magical enchantments, more than {limit}: {magical}")
        graft = next((i for i, e in enumerate(p.enchantments) if field.library[e.title].bars_enchantments), None)
        later = [e.title for e in p.enchantments[(graft or 0) + 1:] if field.library[e.title].magical]
        if graft is not None and later:
            out.append(f"{p.name} was enchanted with {later} over {p.enchantments[graft].title}")
        if not p.alive:
            # "Cursed persists after death"; "Immunities granted by Traits persist after death" (and a Trait's
            # States are never removed).
            kept = [s for s, held in p.states.items() if s[0] != "Cursed" and not held.trait]
            if kept:
                out.append(f"{p.name} is dead and bears {kept}")
            if p.ongoing:  # "Ongoing Effects cannot apply when a player dies"
                out.append(f"{p.name} is dead and under {sorted(p.ongoing)}")
        top = armor.magic_armor_of(field, p) if p.alive else max(
            (field.library[e.title].magic_armor for e in p.enchantments), default=0)
        if any(n > top for n in p.magic.values()):
            out.append(f"{p.name} has Magic Armor {p.magic} above its highest source, {top}")
        for title, left in p.uses_left.items():
            if left is not None and left < 0:
                out.append(f"{p.name} has {left} uses of {title}")
    return out
