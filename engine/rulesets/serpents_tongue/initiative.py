"""The Initiative Phase (Quick Start, "Round Structure"): "Each round always begins with a Resonance roll",
then the order of play, then (from level 2) each Magi's Discord or Harmony roll."""

from __future__ import annotations

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.serpents_tongue import encounter, encounter_state, triggers
from spellc.engine.rulesets.serpents_tongue.cards import RESONANCE, Energy
from spellc.engine.rulesets.serpents_tongue.protocol import Battle
from spellc.engine.rulesets.serpents_tongue.state import KOISHAKA, Being

# "Roll a ten-sided die: 1-3 gain 1 Resonance, 4-6 gain 2, 7-9 gain 3, 10 gain 5 (Resonance Overload)".
RESONANCE_TABLE = chance.Table(((3, 1), (6, 2), (9, 3), (10, 5)))
# Discord and Harmony rolls: "roll 2 ten-sided dice: if the result is LESS than your amount of Discord".
TWO_D10 = chance.parse("2d10")
DISCORD_EVENT_AT = 7  # "Magi make a Discord roll each initiative phase if they have 7 or more Discord"
HARMONY_EVENT_AT = 7
DISCORD_EVENT_ESSENCE = 3


def initiative_phase(game: Battle) -> Flow[None]:
    yield from resonance_roll(game)
    yield from assign_initiative(game)
    if not game.level1:
        for b in list(game.order):
            if rolls(b):
                yield from discord_and_harmony_rolls(game, b)


def resonance_roll(game: Battle) -> Flow[None]:
    """"All Magi (including Encounters and Koishaka if they have the Resonance stat) receive Resonance"."""
    roll = yield from game.roll("Resonance roll")
    amount = RESONANCE_TABLE.read(roll)
    if game.options.log:  # the line is written only for a log kept (Game.say)
        game.say(f"Resonance roll {roll}: every being gains {amount} Resonance"
                 + (" (Resonance Overload)" if roll == 10 else ""))
    for b in game.beings:
        game.gain(b, RESONANCE, amount + encounter_state.stat_bonus(game, b, "resonance"))
        if roll == 10:  # Resonance Overload: "All Magi earn 5 Resonance and lose 1 Harmony"
            game.lose(b, Energy.HARMONY, 1)
    if roll == 10:
        yield from triggers.emit(game, "Resonance Overload")


HARMONY = Energy.HARMONY  # read off the module: an Enum member read off its class is a hook's call (state.py)

# Most Harmony first; ties broken by Resonance, Will, then Essence (level 1: Resonance, Essence).
INITIATIVE = (Energy.HARMONY, Energy.RESONANCE, Energy.WILL, Energy.ESSENCE)
INITIATIVE_LEVEL1 = (Energy.RESONANCE, Energy.ESSENCE)


def initiative_key(game: Battle, b: Being) -> tuple[int, ...]:
    """The energies the initiative compares, in their order (INITIATIVE)."""
    if b.lacks:  # an energy it lacks reads as zero (Being.energy)
        return tuple(map(b.energy, INITIATIVE_LEVEL1 if game.level1 else INITIATIVE))
    # INITIATIVE and INITIATIVE_LEVEL1, read off the attributes: asked for every being, every round.
    return (b.resonance, b.essence) if game.level1 else (b.harmony, b.resonance, b.will, b.essence)


def assign_initiative(game: Battle) -> Flow[None]:
    living = [b for b in game.beings if not b.incapacitated]
    # "In its first round [a Koishaka] has lowest initiative".
    newcomers = [b for b in living if b.kind is KOISHAKA and b.first_round == game.round]
    groups: dict[tuple[int, ...], list[Being]] = {}
    for b in living:
        if b not in newcomers:
            groups.setdefault(initiative_key(game, b), []).append(b)
    order: list[Being] = []
    for key in sorted(groups, reverse=True):
        tied = groups[key]
        # One being alone at its energies needs no tie broken (most rounds): no flow made to break it.
        order.extend(tied if len(tied) == 1 else (yield from break_tie(game, tied)))
    game.order = order + newcomers + [b for b in game.beings if b.incapacitated]
    if game.options.log:  # the line is written only for a log kept (Game.say)
        game.say("initiative: " + ", ".join(b.name for b in game.order))


def break_tie(game: Battle, tied: list[Being]) -> Flow[list[Being]]:
    """"If all are equal, roll a die"; the winner of the roll may choose who goes first."""
    if len(tied) == 1:
        return tied
    rolls: dict[str, int] = {}
    for b in tied:
        rolls[b.name] = yield from game.roll(f"initiative tie-break for {b.name}")
    best = max(rolls.values())
    winners = [b for b in tied if rolls[b.name] == best]
    if len(winners) > 1:
        return (yield from break_tie(game, tied))  # the highest rolls tied as well: roll again
    winner = winners[0]
    options = [Choice(b.name, b.name) for b in tied]
    first = yield from game.ask("first", winner, "who goes first?", options)
    rest = sorted((b for b in tied if b.name != first.value), key=lambda b: -rolls[b.name])
    return [game.being(first.value), *rest]


def rolls(b: Being) -> bool:
    """Whether ``b`` makes a Discord roll (from 7 Discord) or a Harmony roll (from 7 Harmony) this initiative
    phase: most Magi, most rounds, are between the two, and no flow is made to find they roll nothing."""
    return not (b.incapacitated or HARMONY in b.lacks or -DISCORD_EVENT_AT < b.harmony < HARMONY_EVENT_AT)


def discord_and_harmony_rolls(game: Battle, b: Being) -> Flow[None]:
    if b.incapacitated or HARMONY in b.lacks:
        return
    discord = -b.harmony
    if discord >= DISCORD_EVENT_AT:
        total = yield from game.roll(f"Discord roll for {b.name}", TWO_D10)
        if total < discord:
            game.say(f"{b.name} suffers a Discord Event (rolled {total} under {discord} Discord)")
            yield from discord_event(game, b)
            yield from triggers.emit(game, "WHO suffers Discord Event", being=b)
    elif b.harmony >= HARMONY_EVENT_AT:
        total = yield from game.roll(f"Harmony roll for {b.name}", TWO_D10)
        if total < b.harmony:
            game.say(f"{b.name} enjoys a Harmony Event: +1 Will")
            game.gain(b, Energy.WILL, 1)
            yield from triggers.emit(game, "WHO enjoys Harmony Event", being=b)


def discord_event(game: Battle, b: Being) -> Flow[None]:
    """"Every Discord Event is an immediate, unblockable, nontransferable loss of 3 Essence. (Some scenarios
    and encounters will change the effect.)": an Encounter ``b`` faces may print another."""
    changer = encounter.changes_discord_event(game, b)
    if changer is None:
        game.lose(b, Energy.ESSENCE, DISCORD_EVENT_ESSENCE)  # unblockable, nontransferable
        return
    yield from encounter.discord_event(game, changer, b)
