"""Mana recovery (chapter 7), the trance (7.3) and Devotion/X (10.6): how a magician regains gems.

"At the end of the turn, each model with a Power characteristic makes a mana recovery roll. The magician rolls
a d6 and adds his Power. From this result, the magician subtracts the number of gems he currently has in his
mana reserve. The magician cross-indexes the total with his level on the Recovery table."
"""

from __future__ import annotations

import sys
from functools import cache

from spellc.engine.core import chance
from spellc.engine.core.decisions import Choice, Flow
from spellc.engine.rulesets.rackham_incantation.battle import Battle
from spellc.engine.rulesets.rackham_incantation.cards import Level
from spellc.engine.rulesets.rackham_incantation.elements import Element, gems_text
from spellc.engine.rulesets.rackham_incantation.state import MANA_RESERVE, Magician, Model

# Table 5, the Mana Recovery Table: the gems regained, by the total's band and the magician's level. A
# failure (a natural 1) regains none.
BANDS = (0, 5, 10, 15, 20, sys.maxsize)  # ≤0, 1-5, 6-10, 11-15, 16-20, ≥21
RECOVERY_TABLE: dict[Level, chance.Table] = {
    level: chance.Table(tuple(zip(BANDS, gems, strict=True))) for level, gems in (
        (Level.INITIATE, (1, 2, 4, 6, 8, 10)),
        (Level.ADEPT, (1, 3, 5, 7, 9, 11)),
        (Level.MASTER, (2, 4, 6, 8, 10, 12)),
        (Level.VIRTUOSO, (3, 5, 7, 9, 11, 13)),
    )}


RE_ROLL, STAND = "re-roll", "stand"
RE_ROLL_OPTIONS = (Choice(RE_ROLL, RE_ROLL), Choice(STAND, STAND))


def recovery_dice(m: Magician) -> chance.Dice:
    """"The player may re-roll if he rolls a six. A roll of 1 is a failure, even on a subsequent roll";
    "Orcs do not fail on a recovery roll of 1". The die a six is re-rolled into is added, as the Power test's
    "roll again, adding the 6" (6.3.2): a re-roll that replaced the six could never beat it, which would leave
    the rule nothing to grant, and "even on a subsequent roll" says the later die counts along with the six."""
    return _recovery_dice(m.power, m.people.instinctive)


@cache  # dice are values: those of each Power, made once rather than at every recovery
def _recovery_dice(power: int, instinctive: bool) -> chance.Dice:
    return chance.Dice(1, 6, explode=True, plus=power, fail_on=frozenset() if instinctive else frozenset({1}))


def recovery_roll(battle: Battle, m: Magician) -> Flow[chance.Roll]:
    """The recovery die, and each time it shows a six, the player's choice: he "may re-roll", adding the new die
    and risking a 1 that fails the whole roll, or stand on what he has."""
    faces = [(yield from battle.die(6, f"{m.name}'s mana recovery"))]
    while faces[-1] == 6:
        so_far = sum(faces) + m.power
        picked = yield from battle.ask("re-roll", m, f"{m.name}: a six for mana recovery ({so_far} so far): "
                                       "re-roll and add, or stand?", RE_ROLL_OPTIONS)
        if picked.value == STAND:
            break
        faces.append((yield from battle.die(6, f"{m.name}'s mana recovery: re-rolled")))
    return chance.Roll(recovery_dice(m), (tuple(faces),))


def engaged(battle: Battle, m: Magician) -> bool:
    """"A magician in melee ... twice number of gems in his mana reserve is subtracted"; "Necromancers and
    Sorcerers are not affected by melee"; Warrior-Magi "recover of Mana as if they were not committed"."""
    return (battle.facts.in_melee(m.name) and not m.people.recovers_in_melee and not m.spec.warrior_mage)


def profits_from_trance(battle: Battle, m: Magician, wounds_at_start: int) -> bool:
    """"If the magician did not move, shoot, cast spells, fight in melee, or was wounded, it will profit from
    the trance at the end of the turn"; Warrior-Magi "are unable to enter a trance"."""
    f = battle.facts
    return (m.in_trance and not m.spec.warrior_mage and m.spells_cast == 0 and m.name not in f.moved
            and m.name not in f.busy and not f.in_melee(m.name) and m.wounds == wounds_at_start)


def subtracted(battle: Battle, m: Magician, trance: bool) -> int:
    """What the reserve takes off the roll: "a magician in a trance ignores the number of gems in his mana
    store"; in melee, twice the gems."""
    if trance:
        return 0
    return m.gem_count * (2 if engaged(battle, m) else 1)


def mana_recovery(battle: Battle, m: Magician, wounds_at_start: int) -> Flow[int]:
    """The roll, the table, then the gems regained, each of an Element the magician chooses among those it
    controls, "up to twice his Power level in gems"; how many it regained."""
    trance = profits_from_trance(battle, m, wounds_at_start)
    roll = yield from recovery_roll(battle, m)
    less = subtracted(battle, m, trance)
    # One die and its re-rolls, all counted: the roll's total and natural failure, read off its faces (the core's
    # natural_failure sorts the dice to find those kept, here the only one).
    faces = roll.throws[0]
    total = sum(faces) + roll.dice.plus - less
    failed = any(face in roll.dice.fail_on for face in faces)
    earned = 0 if failed else RECOVERY_TABLE[m.level].read(total)
    room = (MANA_RESERVE.most(m) or 0) - m.gem_count
    regained = max(0, min(earned, room))
    if battle.logged:
        dice = "+".join(map(str, roll.throws[0]))
        gems = f"{earned} gem" + ("" if earned == 1 else "s")
        battle.say(f"{m.name} recovers: die {dice} + Power {m.power} − {less} = {total}"
                   + (" (a 1: failure)" if failed else "") + f": {gems} as {m.level.title}"
                   + (f", {regained} below the cap of {m.reserve_cap}" if regained < earned else "")
                   + (" (in a trance)" if trance else ""))
    yield from regain(battle, m, regained, "regain a gem")
    return regained


def regain(battle: Battle, m: Magician, count: int, why: str) -> Flow[None]:
    """``count`` gems, each of an Element the magician controls, chosen one at a time ("he may select the type
    of each gem from the elements he controls"), never past the cap."""
    got: list[Element] = []
    cap = MANA_RESERVE.most(m) or 0
    for i in range(count):
        if m.gem_count >= cap:
            break
        gem = yield from battle.gem_choice(why, m, f"{m.name}: {why} ({i + 1} of {count})", m.controls)
        m.reserve[gem] += 1
        got.append(gem)
    if got and battle.logged:
        battle.say(f"{m.name} regains {gems_text(got)} (reserve: {gems_text(m.reserve)})")


def enter_a_trance(m: Magician) -> None:
    """"A player declares that his magician is in a trance in the Movement phase when the magician is
    activated.\""""
    m.in_trance = True


def devoted(battle: Battle, m: Magician) -> list[Model]:
    """The models with Devotion/X it may sacrifice: of its camp, "in base contact with the Magician"."""
    # Asked at every activation and counter: most models have no Devotion, which is read first.
    return [d for d in battle.models.values() if d.devotion and d.removed is None and d.camp == m.camp and d is not m
            and battle.facts.distance(m.name, d.name) == 0]


def sacrifice_options(battle: Battle, m: Magician) -> list[Choice]:
    return [Choice(f"sacrifice {d.name}", ("sacrifice", d.name)) for d in devoted(battle, m)]


def why_not_sacrifice(battle: Battle, m: Magician, name: str) -> str | None:
    follower = battle.models.get(name)
    if follower is None or not follower.present:
        return f"Devotion: no model named {name} is on the battlefield"
    if not follower.devotion or follower.camp != m.camp:
        return f"Devotion: {name} has no Devotion to {m.name}"
    if battle.facts.distance(m.name, name) != 0:
        return f"Devotion: {name} is {battle.facts.distance(m.name, name)} cm away, not in base contact with {m.name}"
    return None


def sacrifice(battle: Battle, m: Magician, follower: Model) -> Flow[None]:
    """"Sacrificing the model results in an additional X gems in the magician's mana store. The sacrificed model
    is removed as if it has been killed" (10.6); the reserve's cap still holds."""
    follower.removed = "sacrificed"
    battle.say(f"{m.name} sacrifices {follower.name} (Devotion/{follower.devotion})")
    yield from regain(battle, m, follower.devotion or 0, "gem of the sacrifice")
