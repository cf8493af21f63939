"""Counter-spells (6.7): "A magician can try to cancel a successfully cast spell ... There are two ways to
counter a spell: absorption or dispelling."

Who may try: a magician of another camp, on the battlefield, who "must be within range of the spell and must
have line of sight to the caster", and is no instinctive wizard ("the intuitive wizards cannot counter or absorb
magic spells"). They are asked in Initiative order until one counters the spell.

Absorption spends "the same number of gems as the caster": every gem the caster spent, the additional ones
included (the seed does not set them apart, and they were spent), each answered by a gem of an Element opposed
to it. A primitive spell's gems are answered by "the gems that are opposite of those used to cast the spell":
its neutral gems were paid with real ones, which are what is opposed.
"""

from __future__ import annotations

from functools import cache

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.rackham_incantation import recovery
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.casting import Cast, spend
from spellc.engine.rulesets.rackham_incantation.colleges import PEOPLES
from spellc.engine.rulesets.rackham_incantation.elements import Element, absorptions, combination_text
from spellc.engine.rulesets.rackham_incantation.state import Magician

LET_IT_BE = "let it be"


def can_be_countered(cast: Cast) -> str | None:
    """"The nature of Instinctive Magic generates spells that can neither be countered nor absorbed"."""
    if cast.caster.people.instinctive or _instinctive_college(cast.spell.college):
        return f"Instinctive Magic: {cast.spell.title} can neither be countered nor absorbed"
    return None


@cache  # a College's: asked of every spell cast
def _instinctive_college(college: str) -> bool:
    return any(p.instinctive and p.college == college for p in PEOPLES.values())


def may_counter(battle: Battle, m: Magician, cast: Cast) -> str | None:
    """Why ``m`` may not try to counter ``cast``; None when it may."""
    if m.camp == cast.caster.camp:
        return f"Counter-spell: {m.name} is of {cast.caster.name}'s camp"
    if m.people.instinctive:
        return f"Instinctive Magic: {m.name} cannot counter or absorb magic spells"
    distance = battle.facts.distance(m.name, cast.caster.name)
    if not (cast.spell.range.allows(distance) or cast.spell.range.reach == "self" and distance == 0):
        return f"Range: {m.name} is {distance} cm from {cast.caster.name}, out of {cast.spell.title}'s range"
    if not battle.facts.sees(m.name, cast.caster.name):
        return f"Line of sight: {m.name} cannot see {cast.caster.name}"
    return None


def absorb_options(m: Magician, cast: Cast) -> list[Choice]:
    """Every legal combination: "to absorb a spell made up of a gem of Fire and one of Air, there are 4
    possibilities" (6.7.1)."""
    return [Choice(f"absorb with {combination_text(combo)}", ("absorb", combo))
            for combo in absorptions(cast.spent, m.reserve, m.controls)]


def dispel_options(m: Magician, cast: Cast) -> list[Choice]:
    """"The magician spends one gem of any kind": one choice per Element held; none once a dispel was tried,
    since "only one dispel attempt can be made against any spell, no matter how many magicians are in range"."""
    if cast.dispel_tried:
        return []
    return [Choice(f"dispel with {e.value}", ("dispel", e)) for e in m.held()]


def counter_window(battle: Battle, cast: Cast) -> Flow[None]:
    """Each magician who may counter is asked in turn, by Initiative, until the spell is countered."""
    if can_be_countered(cast):
        return
    for m in sorted(battle.magicians(), key=lambda x: -x.initiative):
        if m.camp != cast.caster.camp and not may_counter(battle, m, cast):  # its own camp's: may_counter's first
            yield from ask_to_counter(battle, m, cast)
        if cast.countered:
            return


def ask_to_counter(battle: Battle, m: Magician, cast: Cast) -> Flow[None]:
    """Its absorptions and dispels, or let it be; a model devoted to it may be sacrificed first for the gems
    ("at any moment in the turn", 10.6), after which it is asked again."""
    while True:
        options = [*absorb_options(m, cast), *dispel_options(m, cast)]
        sacrifices = recovery.sacrifice_options(battle, m)
        if not options and not sacrifices:
            return
        picked = yield from battle.ask("counter", m, f"{m.name}: counter {cast.caster.name}'s {cast.spell.title}?",
                                       [*options, *sacrifices, Choice(LET_IT_BE, None)], cast.spell.title)
        if picked.value is None:
            return
        how, what = picked.value
        if how == "sacrifice":
            yield from recovery.sacrifice(battle, m, battle.model(what))
            continue
        if how == "absorb":
            absorb(battle, m, cast, list(what))
        else:
            yield from dispel(battle, m, cast, what)
        return


def absorb(battle: Battle, m: Magician, cast: Cast, gems: list[Element]) -> None:
    """"Absorbing a spell is automatic; no die roll is required.\""""
    spend(m, gems)
    cast.countered = f"absorbed by {m.name}"
    if battle.logged:
        battle.say(f"{m.name} absorbs {cast.spell.title} with {combination_text(gems)}")


def dispel_roll(m: Magician) -> chance.Dice:
    """"The magician spends one gem of any kind and rolls a d6. The result of the die roll is added to the
    magician's power" (6.7.2): one d6 and the Power, nothing else. A 6 is not thrown again and a 1 is no failure:
    the Power test's note reads "When casting a spell, a natural result of 6 entitles the player to roll again
    ... A result of 1 is always regarded as a failure" (6.3.2), and a dispel casts no spell. The seed contradicts
    itself here: its Example of Play says Méliador "carries out a casting test" to dispel (8.2.2). The rules
    chapter is followed; the example's numbers (a die and Power 7 making 12) fit it as well."""
    return _dispel_dice(m.power)


@cache  # dice are values: those of each Power, made once
def _dispel_dice(power: int) -> chance.Dice:
    return chance.Dice(1, 6, plus=power)


def dispel(battle: Battle, m: Magician, cast: Cast, gem: Element) -> Flow[None]:
    """"If the total is equal to or greater than the result of the caster (not the difficulty of the spell), the
    spell is countered" (6.7.2)."""
    spend(m, [gem])
    cast.dispel_tried = True
    roll = yield from battle.roll(dispel_roll(m), f"{m.name}'s dispel of {cast.spell.title}")
    held = roll.at_least(cast.result)
    if battle.logged:
        battle.say(f"{m.name} tries to dispel {cast.spell.title} with {gem.value}: total {roll.total} against "
                   f"{cast.result}: " + ("dispelled" if held else "failed"))
    if held:
        cast.countered = f"dispelled by {m.name}"
