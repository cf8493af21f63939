"""The step kinds of an ability's effect and triggers, each declared once: what it does, under the words the
grammar fragment gives it (grammar/amtgard.lark: `-> remove_state` is the kind "remove state"), and how it reads
(WORDING). The core (engine.core.steps) resolves may / if / unless / if you did / pay ... to / choose one around
them. A death is owed, not played here: the game plays it once the steps are done (life.py), in the seed's
order of abilities.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from spellc.engine.core.decisions import Choice, Decision, Flow
from spellc.engine.core.steps import StepKinds, Wording
from spellc.engine.rulesets.amtgard import armor, casting, enchantments, ongoing, states
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.players import Enchantment, Player


@dataclass(eq=False)
class Effect:
    """One resolution: the ability, who used it, on whom, the enchantment it comes from (its bearer is
    ``bearer``), and what it owes the game (deaths to play, a death avoided)."""

    field: Battlefield
    card: AbilityCard
    caster: Player
    target: Player
    worn: Enchantment | None = None
    bearer: Player | None = None
    deaths: list[Player] = dataclasses.field(default_factory=list)
    avoided: bool = False

    def who(self, word: str) -> Player:
        return {"you": self.caster, "caster": self.caster, "target": self.target,
                "bearer": self.bearer or self.target}[word]


KINDS: StepKinds[Effect] = StepKinds()


def _done(value: bool) -> Flow[bool]:
    return value
    yield  # a generator: a step may ask questions; these ones never do


def _unaffected(fx: Effect, player: Player) -> bool:
    """Whether the ability does not affect ``player`` (Immune to its School, or shut off), said when so."""
    why = states.unaffected(player, fx.card.school, fx.card.works_on)
    if why:
        fx.field.say(f"{fx.card.title} does not affect {player.name}: {why}")
    return why is not None


@KINDS.action("make")
def make(fx: Effect, who: str, state: str, detail: str | None, seconds: int | None) -> Flow[bool]:
    """``who`` gains a State: an ability's on its target unless the target is not affected by it (Immune to its
    School, or shut off); a bearer's own enchantment's always."""
    player = fx.who(who)
    if who == "target" and fx.worn is None and _unaffected(fx, player):
        return (yield from _done(False))
    took = states.gain_state(fx.field, player, (state, detail), seconds, fx.card.title, by=fx.caster.name,
                             enchanted=fx.worn is not None)
    if took:
        fx.field.say(f"{player.name} is {state}" + (f" to {detail}" if detail else "")
                     + (f" for {seconds} s" if seconds else ""))
    return (yield from _done(took))


@KINDS.action("affect")
def affect(fx: Effect, who: str, seconds: int | None) -> Flow[bool]:
    """``who`` comes under the ability's Ongoing Effect (named after it), for ``seconds`` or until removed:
    unless its target is not affected by it (Immune to its School, or shut off)."""
    player = fx.who(who)
    if who == "target" and fx.worn is None and _unaffected(fx, player):
        return (yield from _done(False))
    took = ongoing.impart(fx.field, player, fx.card.title, seconds, by=fx.caster.name)
    if took:
        fx.field.say(f"{player.name} is under {fx.card.title}" + (f" for {seconds} s" if seconds else ""))
    return (yield from _done(took))


@KINDS.action("end ongoing effects")
def end_ongoing_effects(fx: Effect, who: str) -> Flow[bool]:
    """Every Ongoing Effect on ``who`` goes, unless it is Immune to the remover's School."""
    player = fx.who(who)
    ended = False
    for title in list(player.ongoing):
        why = ongoing.removable(player, title, fx.card.school)
        if why:
            fx.field.say(f"{fx.card.title} cannot end {title} on {player.name}: {why}")
            continue
        ongoing.end(fx.field, player, title)
        fx.field.say(f"{player.name} is no longer under {title}")
        ended = True
    return (yield from _done(ended))


@KINDS.action("destroy equipment")
def destroy_equipment(fx: Effect, who: str) -> Flow[bool]:
    """Every piece of equipment ``who`` carries is destroyed (Pyrotechnics). "Immunities do not extend to
    equipment unless noted": an Immune player's equipment is destroyed all the same; a player shut off (Frozen,
    Insubstantial, Invulnerable) keeps its carried equipment out of reach with it."""
    player = fx.who(who)
    for state in states.SHUT_OFF:
        if player.has(state):
            fx.field.say(f"{fx.card.title} does not reach {player.name}'s equipment: {player.name} is {state}")
            return (yield from _done(False))
    carried = [item for item in player.equipment.values() if item.carried and not item.destroyed]
    for item in carried:
        item.destroyed = True
        fx.field.say(f"{player.name}'s {item.name} is destroyed")
    return (yield from _done(bool(carried)))


@KINDS.action("remove state")
def remove_state(fx: Effect, state: str, who: str) -> Flow[bool]:
    """Release-like: the State goes, unless it may not be removed (a Trait's, an active enchantment's, or the
    player is Immune to the remover's School)."""
    player = fx.who(who)
    key = (state, None)
    why = states.removable(player, key, fx.card.school)
    if why:
        fx.field.say(f"{fx.card.title} cannot remove {state} from {player.name}: {why}")
        return (yield from _done(False))
    states.lose_state(fx.field, player, key)
    fx.field.say(f"{player.name} is no longer {state}")
    return (yield from _done(True))


@KINDS.action("remove enchantments")
def remove_enchantments(fx: Effect, who: str) -> Flow[bool]:
    player = fx.who(who)
    if player.immune_to(fx.card.school):
        fx.field.say(f"{fx.card.title} does not affect {player.name}: Immune to {fx.card.school}")
        return (yield from _done(False))
    for worn in list(player.enchantments):
        enchantments.remove(fx.field, player, worn, fx.card.title)
    return (yield from _done(True))


@KINDS.action("remove magical enchantments")
def remove_magical_enchantments(fx: Effect, who: str) -> Flow[bool]:
    """"Ability Enchantments denoted as Magical (m) ... May be removed by Magic that removes Enchantments, such as
    Dispel Magic": the (ex) ones stay."""
    player = fx.who(who)
    if player.immune_to(fx.card.school):
        fx.field.say(f"{fx.card.title} does not affect {player.name}: Immune to {fx.card.school}")
        return (yield from _done(False))
    magical = [w for w in player.enchantments if fx.field.library[w.title].magical]
    for worn in magical:
        enchantments.remove(fx.field, player, worn, fx.card.title)
    return (yield from _done(bool(magical)))


@KINDS.action("repair")
def repair(fx: Effect, who: str) -> Flow[bool]:
    """"Magic Armor may be repaired like any other armor": every location back to what its armor gives whole."""
    player = fx.who(who)
    why = states.unaffected(player, None, fx.card.works_on)  # a Frozen player's worn armor is shut off too
    if why:
        fx.field.say(f"{fx.card.title} does not affect {player.name}: {why}")
        return (yield from _done(False))
    armor.repair_armor(fx.field, player)
    fx.field.say(f"{player.name}'s armor is repaired")
    return (yield from _done(True))


@KINDS.action("avoid death")
def avoid_death(fx: Effect) -> Flow[bool]:
    """"Effects which allow the enemy struck to avoid death such as Troll Blood, Phoenix Tears"."""
    fx.avoided = True
    return (yield from _done(True))


@KINDS.action("heal")
def heal(fx: Effect, who: str) -> Flow[bool]:
    player = fx.who(who)
    had = bool(player.wounds)
    player.wounds.clear()
    if had:
        fx.field.say(f"{player.name}'s wounds are removed")
    return (yield from _done(had))


@KINDS.action("kill")
def kill(fx: Effect, who: str) -> Flow[bool]:
    """Owed to the game, which plays the death in the order of abilities."""
    player = fx.who(who)
    if _unaffected(fx, player):
        return (yield from _done(False))
    fx.deaths.append(player)
    return (yield from _done(True))


@KINDS.action("lose a strip")
def lose_a_strip(fx: Effect) -> Flow[bool]:
    if fx.worn is None or fx.bearer is None:
        return (yield from _done(False))
    enchantments.spend_strip(fx.field, fx.bearer, fx.worn)
    return (yield from _done(True))


@KINDS.action("regain a use")
def regain_a_use(fx: Effect) -> Flow[bool]:
    """One of the caster's own Charge abilities with a use spent regains a use (its player chooses which, when
    several have): "Only abilities which may be Charged can benefit from Innate, Steal Life Essence, etc."."""
    player = fx.caster
    spent = casting.spent_charge_abilities(fx.field, player)
    if not spent:
        fx.field.say(f"{fx.card.title}: {player.name} has no Charge ability with a use spent (only abilities "
                     "which may be Charged can benefit)")
        return False
    title = spent[0]
    if len(spent) > 1:
        picked = yield Decision("regain", player.name, f"which Charge ability regains a use ({fx.card.title})?",
                                tuple(Choice(t, t) for t in spent), fx.card.title)
        title = picked.value
    casting.regain_use(fx.field, player, title, fx.card.title)
    return True


@KINDS.condition("is")
def is_state(fx: Effect, who: str, state: str) -> bool:
    return fx.who(who).has(state)


def _can_spend(fx: Effect, count: int) -> bool:
    return fx.worn is not None and fx.worn.strips is not None and fx.worn.strips >= count


@KINDS.cost("spend strips", _can_spend)
def spend_strips(fx: Effect, count: int) -> Flow[bool]:
    for _ in range(count):
        yield from lose_a_strip(fx)
    return True


def _to(detail: str | None) -> str:
    return f" to {detail}" if detail else ""


def _for(seconds: int | None) -> str:
    return f" for {seconds} s" if seconds else ""


WORDING: dict[str, Callable[..., str]] = {
    "make": lambda who, state, detail, seconds: f"make {who} {state}{_to(detail)}{_for(seconds)}",
    "affect": lambda who, seconds: f"put {who} under this ability's Ongoing Effect{_for(seconds)}",
    "end ongoing effects": lambda who: f"end the Ongoing Effects on {who}",
    "destroy equipment": lambda who: f"destroy the equipment {who} carries",
    "remove state": lambda state, who: f"remove {state} from {who}",
    "remove enchantments": lambda who: f"remove the enchantments of {who}",
    "remove magical enchantments": lambda who: f"remove the magical enchantments of {who}",
    "repair": lambda who: f"repair the armor of {who}",
    "avoid death": lambda: "avoid death",
    "heal": lambda who: f"remove the wounds of {who}",
    "kill": lambda who: f"kill {who}",
    "lose a strip": lambda: "lose a strip",
    "regain a use": lambda: "regain a use of one of your Charge abilities",
    "is": lambda who, state: f"{who} {'are' if who == 'you' else 'is'} {state}",
    "spend strips": lambda count: f"pay {count} strip{'s' if count != 1 else ''}",
}
WORDS = Wording(WORDING)
describe = WORDS.describe
describe_all = WORDS.describe_all
