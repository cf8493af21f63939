"""Using an ability (seed 002, "Incantation", "Range", "Meta-Magic", "Magic Balls", "Charge"): who may, at whom,
what an incantation consumes, and what completing it does.

"An interrupted incantation does not result in an ability being consumed"; "Completing an incantation results in
an ability being used up, regardless of if the target was valid or affected"; "Starting an incantation renders
the player's active Magic Balls inactive and interrupts any other Incantation or Chant the player has in
progress".
"""

from __future__ import annotations

from spellc.engine.rulesets.amtgard import chants, enchantments
from spellc.engine.rulesets.amtgard.battlefield import Battlefield
from spellc.engine.rulesets.amtgard.cards import AbilityCard
from spellc.engine.rulesets.amtgard.players import Enchantment, Player
from spellc.engine.rulesets.amtgard.vocabulary import Kind, Reach

UNABLE = ("Frozen", "Stunned")  # "may not move, speak, or take any action"; "unable to act in any manner"
UNABLE_KEYS = tuple((state, None) for state in UNABLE)  # as a player's States are keyed
EXTENSION, AMBULANT = "Extension", "Ambulant"


def source_of(player: Player, title: str, own: bool = False) -> Enchantment | None:
    """The enchantment whose copy of ``title`` a use comes from, or None for the player's own copy. The uses of a
    granted copy are "tracked separately" from the player's own; which is spent first the seed does not say:
    chosen, the enchantment's while it has a use left, keeping the player's own. ``own``: the player's copy is
    wanted (a meta-magic never modifies a granted one)."""
    if not player.enchantments:  # most players wear none, and this is asked at every listing of the events
        return None
    granted = [e for e in player.enchantments if e.active and title in e.granted]
    mine = title in player.abilities
    if own and mine:
        return None
    spare = next((e for e in granted if e.granted[title] != 0), None)
    if spare is not None or mine:
        return spare
    return granted[0] if granted else None


def uses_left(player: Player, title: str, own: bool = False) -> int | None:
    worn = source_of(player, title, own)
    if worn is not None:
        return worn.granted[title]
    return player.uses_left.get(title, 0)


def granted_uses(player: Player, title: str) -> int | None:
    """The uses left of the copies of ``title`` the player's enchantments grant (None: unlimited)."""
    counts = [e.granted[title] for e in player.enchantments if title in e.granted]
    return None if None in counts else sum(c for c in counts if c is not None)


def free_throw(field: Battlefield, player: Player, card: AbilityCard, metas: tuple[str, ...] = ()) -> str | None:
    """The ability whose Chant makes completing ``card`` now a free throw (no use spent, no incantation begun), or
    None. "An Ongoing Effect without a duration continues until ... a condition is met", and "Failure to Chant ends
    the effect": chosen, Elemental Barrage's caster throws the balls its card names free while chanting it. A
    meta-magic stated begins an incantation, which "interrupts any other Incantation or Chant": no throw is free."""
    chanted = player.chanting
    if chanted is None or metas or card.title not in field.library[chanted].free_while_chanting:
        return None
    return chanted


def able(player: Player) -> bool:
    """Alive, and neither Frozen ("may not move, speak, or take any action") nor Stunned ("unable to act in any
    manner"): what any action asks first (:func:`can_use` says why not). Asked of every player at every event."""
    return player.alive and player.states.keys().isdisjoint(UNABLE_KEYS)


def can_use(field: Battlefield, player: Player, card: AbilityCard, free: bool = False) -> str | None:
    """Why ``player`` may not even attempt ``card`` now; None when it may. ``free``: a free throw
    (:func:`free_throw`), which needs no use left. What the seed forbids is the attempt: a dead, Frozen ("may not
    move, speak, or take any action") or Stunned player incants nothing, a Trait is never cast, no use is left to
    use up, a Trigger's circumstances "must be met before they can be cast". An attempt that is made and fails
    (Suppressed, an invalid target) is no refusal: see :func:`improperly_cast` and :func:`fails_on`."""
    if not player.alive:
        return f"Death: {player.name} is dead"
    for state in UNABLE:
        if player.has(state):
            return f"{state}: {player.name} may not take any action"
    if card.kind in (Kind.TRAIT, Kind.ARCHETYPE):
        return f"Traits: {card.title} is always on; it is never cast"
    if card.title not in player.abilities and source_of(player, card.title) is None:
        return f"Abilities: {player.name} has no {card.title}"
    if uses_left(player, card.title) == 0 and not free:
        return f"Uses: {player.name} has no use of {card.title} left"
    return triggered(field, player, card)


KILL_WINDOW = 30  # "within 30 seconds after striking an enemy with the final blow"
KILL_TRIGGER_CLEARANCE = 10  # "The caster must be outside of 10' of a living enemy"


def triggered(field: Battlefield, player: Player, card: AbilityCard) -> str | None:
    """"Some abilities have special circumstances that must be met before they can be cast." A Kill Trigger "can
    only be used within 30 seconds after striking an enemy with the final blow" (once per eligible killing blow),
    its caster "outside of 10' of a living enemy";
    a Wound Trigger "only ... immediately after the caster causes a wound to an enemy"."""
    if card.trigger is None:  # most abilities: none is asked (nor the nearest enemy looked for)
        return None
    if card.trigger == "kill" and (player.killing_blow is None or field.clock.now - player.killing_blow > KILL_WINDOW):
        return f"Kill Trigger: {player.name} has struck no final blow in the last {KILL_WINDOW} s"
    near = next((p.name for p in field.players.values() if p.alive and p.team != player.team
                 and field.distance(player.name, p.name) <= KILL_TRIGGER_CLEARANCE), None)
    if card.trigger == "kill" and near is not None:
        return (f"Kill Trigger: {player.name} is within {KILL_TRIGGER_CLEARANCE}' of {near}, a living enemy (\"The "
                f"caster must be outside of 10' of a living enemy\")")
    if card.trigger == "wound" and not player.wounded_enemy:
        return f"Wound Trigger: {player.name} has not just wounded an enemy"
    return None


def touchable(target: Player) -> bool:
    """"The target is willing; Dead; Stunned; Frozen; Insubstantial and unable to move"."""
    return (target.willing or not target.alive or target.has("Stunned") or target.has("Frozen")
            or (target.has("Insubstantial") and target.has("Stopped")))


def improperly_cast(player: Player) -> str | None:
    """Why an ability ``player`` casts now fails: "An improperly cast ability, or ability which could not be
    activated, fails. For example, abilities cast while Suppressed". Suppressed "has no effect on abilities
    already cast": one completed before it came does not fail."""
    if player.has("Suppressed"):
        return f"Suppressed: {player.name} is unable to cast abilities, and one cast while Suppressed fails"
    return None


def fails_on(field: Battlefield, caster: Player, card: AbilityCard, target: Player) -> str | None:
    """Why the ability, completed at ``target``, fails, by its range (Self; Other; a Touch ability's target
    touched only when willing, Dead, Stunned, Frozen or Insubstantial and unable to move) and, for an
    enchantment, by its bearer (willing, its limits, Magic Armor on worn armor). The completion happens all the
    same, and uses the ability up: "Completing an incantation results in an ability being used up, regardless of
    if the target was valid or affected"; Magic Armor enchantments "fail when targeting a player with worn
    armor"."""
    if card.is_enchantment and target is not caster and not target.willing:  # the specific rule first
        return enchantments.why_not_enchant(field, caster, target, card)
    if card.reach is Reach.SELF and target is not caster:
        return f"Range: {card.title} targets its caster only"
    if card.reach is Reach.OTHER and target is caster:
        return f"Range: {card.title} targets other players"
    if card.reach in (Reach.TOUCH, Reach.OTHER) and target is not caster and not touchable(target):
        return (f"Touch: {target.name} is able and unwilling; Touch needs a willing, Dead, Stunned, Frozen, or "
                "Insubstantial and unable to move target")
    if card.is_enchantment:
        return enchantments.why_not_enchant(field, caster, target, card)
    return None


def can_add_meta(field: Battlefield, player: Player, meta: AbilityCard, card: AbilityCard) -> str | None:
    """Meta-Magic "may not be used to modify the behavior of Magic Items or abilities granted by Enchantments"."""
    if meta.kind is not Kind.META_MAGIC:
        return f"Meta-Magic: {meta.title} is no meta-magic"
    if source_of(player, card.title, own=True) is not None:
        return f"Meta-Magic: {card.title} is granted by an enchantment, and meta-magic does not modify it"
    if uses_left(player, card.title, own=True) == 0:
        return (f"Meta-Magic: {player.name}'s own {card.title} has no use left, and meta-magic does not modify a "
                "granted one")
    return can_use(field, player, meta)


def reach_feet(card: AbilityCard, metas: tuple[str, ...]) -> int:
    """The range at completion: Extension (chosen) carries a Touch ability to 20' and 20' to 50'."""
    feet = card.reach.feet
    if EXTENSION in metas:
        feet = {0: 20, 20: 50}.get(feet, feet)
    return feet


def in_reach(field: Battlefield, caster: Player, card: AbilityCard, target: Player, metas: tuple[str, ...]
             ) -> str | None:
    """"The target of an ability must be in range at the completion of an Incantation ... If the incantation is
    completed and the target is not in range, the ability has no effect but is still expended"; and "at least
    partially visible"."""
    if target is caster or card.thrown:
        return None
    distance = field.distance(caster.name, target.name)
    if distance > reach_feet(card, metas):
        return f"Range: {target.name} is {distance}' away, out of {card.title}'s range"
    if not field.sees(caster.name, target.name):
        return f"Visibility: {target.name} was not visible at the completion"
    return None


def consume(field: Battlefield, player: Player, title: str, own: bool = False) -> None:
    """One use of ``title``: from the enchantment that grants it while it has one ("tracked separately"), else
    the player's own (``own``: the player's own, as a meta-magic needs)."""
    worn = source_of(player, title, own)
    if worn is not None:
        left = worn.granted[title]
        worn.granted[title] = None if left is None else left - 1
        return
    left = player.uses_left.get(title)
    if left is not None:
        player.uses_left[title] = left - 1


def starts_incanting(field: Battlefield, player: Player, what: str) -> None:
    """"Starting an incantation renders the player's active Magic Balls inactive and interrupts any other
    Incantation or Chant" (an incantation of an ability, or one such as “I return to the physical world”)."""
    if player.active_ball is not None:
        field.say(f"{player.name}'s {player.active_ball} becomes inactive")
        player.active_ball = None
    if player.chanting is not None:
        chants.stop_chant(field, player, f"an incantation of {what} begins")


def begin(field: Battlefield, player: Player, title: str, metas: tuple[str, ...]) -> None:
    """Starting an ability's incantation (:func:`starts_incanting`); "Meta-Magics are considered expended as soon
    as their incantation is finished". One begun while Suppressed is improperly cast, whatever comes before its
    completion."""
    starts_incanting(field, player, title)
    for meta in metas:
        consume(field, player, meta)
    player.incanting, player.metas, player.improper = title, metas, improperly_cast(player)


def moves(field: Battlefield, player: Player) -> None:
    """"Unless otherwise noted in the ability description a player may not move their feet when incanting. If a
    player moves their feet the incant is interrupted"; Ambulant lets it move, and "all Specialty Arrow
    incantations are treated as Ambulant"."""
    arrow = player.incanting is not None and field.library[player.incanting].kind is Kind.SPECIALTY_ARROW
    if AMBULANT in player.metas or arrow:
        field.say(f"{player.name} moves, incanting {player.incanting} " + ("(an arrow's incantation is Ambulant)"
                                                                          if arrow else "with Ambulant"))
        return
    interrupt(field, player)


def interrupt(field: Battlefield, player: Player) -> None:
    """"An interrupted incantation does not result in an ability being consumed"."""
    field.say(f"{player.name}'s incantation of {player.incanting} is interrupted")
    player.incanting, player.metas = None, ()


def can_charge(field: Battlefield, player: Player, title: str) -> str | None:
    """Why ``player`` may not say the Charge Incantation for ``title``: "Some abilities may have their per-life or
    per-refresh uses restored after they are consumed. These abilities are denoted with the word 'Charge'";
    Suppressed players are "unable to ... use the Charge incantation"."""
    card = field.library[title]
    if card.charge is None:
        return f"Charge: {title} is not a Charge ability"
    if not player.alive or any(player.has(s) for s in UNABLE):
        return f"Charge: {player.name} may not say an incantation now"
    if player.has("Suppressed"):
        return f"Suppressed: {player.name} is unable to use the Charge incantation"
    if uses_left(player, title, own=True) == card.uses.count:
        return f"Charge: {player.name} has every use of {title}"
    return None


def charge(field: Battlefield, player: Player, title: str) -> None:
    """One full Charge Incantation for ``title`` ("the ability being Charged must be designated at the beginning
    of the Charge"; a Charge xN needs N repetitions); at the last, a use is regained. An incantation like any
    other: starting it interrupts any incantation in progress, and ends a Chant and an active ball."""
    starts_incanting(field, player, "the Charge Incantation")
    if player.incanting is not None:
        interrupt(field, player)
    done = player.charging.get(title, 0) + 1
    needed = field.library[title].charge or 1
    if done < needed:
        player.charging[title] = done
        field.say(f"{player.name} charges {title} ({done} of {needed})")
        return
    player.charging.pop(title, None)
    regain_use(field, player, title, "the Charge")


def spent_charge_abilities(field: Battlefield, player: Player) -> list[str]:
    """The player's own Charge abilities with a use spent: all that may regain one from Innate or Steal Life
    Essence ("Only abilities which may be Charged can benefit from Innate, Steal Life Essence, etc.")."""
    return [t for t in player.abilities if field.library[t].charge is not None
            and uses_left(player, t, own=True) != field.library[t].uses.count]


def regain_use(field: Battlefield, player: Player, title: str, by: str) -> None:
    """A use of ``player``'s own ``title`` comes back ``by`` a Charge, or by an ability that restores one."""
    left = player.uses_left.get(title)
    player.uses_left[title] = None if left is None else left + 1
    field.say(f"{player.name}'s {title} regains a use by {by} ({player.uses_left[title]} left)")

